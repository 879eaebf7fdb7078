"""The encoder of the trick-taking family (:class:`TrickEncoder`): observations and
information states of any game built on :class:`~cardrules.tricks.engine.TrickGame`,
written from its views (:class:`~cardrules.tricks.state.TrickView`), with the fields
the game declares added (:class:`~cardrules.encoding.fields.GameField`).
:func:`~cardrules.encoding.encoder_for` gives it to every such game without an
encoder of its own (every shipped trick game: Cramps adds its trick values as a field
of its own).

``P`` is the number of players and ``T`` the most tricks a deal can have (the deck's
cards // ``P``: 13 for four players and 52 cards). Seat-indexed
fields are relative to the observer: slot or block ``k`` is the seat ``k`` places
after it. Cards are indexed as :class:`~cardrules.Card` is (0 = 2♣ … 51 = A♠).
Points are divided by ``scale``: the rules' ``target`` option when they have a
positive one (the score that ends a game), else 1; points and the deal's number are
held within ±10**12 (:func:`~cardrules.encoding.vectors.clipped`), so every entry has
finite bounds.

The observation (``111 + 114P + T`` floats before the game's own fields: 580 for four
players and 52 cards):

* ``hand`` (52): 1.0 for each card the seat holds;
* ``trick`` (P × 52): the cards of the trick being played, by who played them;
* ``leader`` (P): who leads the trick being played (one-hot);
* ``taken`` (P × 52): the cards of this deal's completed tricks, by who won them;
* ``voids`` (P × 4): 1.0 at ``4k + suit`` where seat ``k`` has shown out of a suit
  (the suits cards count as: :meth:`TrickGame.effective_suit
  <cardrules.tricks.engine.TrickGame.effective_suit>`);
* ``trick_number`` (T): the trick being played (one-hot);
* ``hand_size`` (1): the cards each seat was dealt this deal / T;
* ``trump`` (4): the trump suit (:meth:`TrickGame.trump_of
  <cardrules.tricks.engine.TrickGame.trump_of>`; one-hot, all 0 without trumps or
  with a declared :class:`~cardrules.tricks.core.CardOrder`);
* only for a game that declares card orders (``card_orders``): ``trump_cards`` (52),
  1.0 for each card that counts as a trump (the order's trump cards, or the cards of
  the trump suit), all 0 without trumps; and ``plain_order`` (13), by rank (2 … A) how
  high it ranks among the plain cards (the order's place from the bottom / 13; 0 for
  a rank the order leaves out; the printed order without a declaration). The
  ``voids`` then have a fifth entry per seat (``5k + 4``), the trumps of a
  declaration: ``P × 5`` entries;
* ``turned_up`` (52): the card turned up after the deal, if any (one-hot);
* ``phase`` (1): 1.0 in a phase of the game's own (bids, passing), before or between
  the play (what the game keeps in its phases is its own to show, as fields it
  declares);
* ``to_move`` (P): whose turn it is (one-hot; all 0 once the game is over);
* ``dealer`` (P): who dealt (one-hot);
* ``round_scores`` (P): each seat's points so far this deal / scale;
* ``scores`` (P): game totals before this deal / scale;
* ``round_number`` (1): the deal's number / 10;
* ``winners`` (P): 1.0 for each winner once the game is over;
* then the game's fields, in the order it declares them.

The information state's vector is the observation, then:

* ``dealt`` (52): the seat's hand for the play: as dealt, or as it was once cards
  were passed to it in a phase of the game's own;
* ``played_by`` (P × 52): each card played this deal, by who played it;
* ``played_in`` (T × 52): each card played this deal, by trick (block ``t - 1``).

With these the whole deal's play is there in order, so the vector recalls the deal
perfectly; the text recalls the whole game.

>>> import cardrules as cr
>>> from cardrules.encoding.tricks import TrickEncoder
>>> encoder = TrickEncoder(cr.Cramps())   # (with Cramps' trick_values, 13 more)
>>> encoder.observation_size, encoder.info_state_size
(593, 1529)
"""

from __future__ import annotations

from typing import Any

from cardrules.cards import CARD_BIT, SUIT_OF_INDEX, cards_of_mask, mask_of
from cardrules.encoding.family import FamilyEncoder
from cardrules.encoding.info import Note, Public
from cardrules.encoding.tracker import TrickSteps
from cardrules.encoding.trickparts import TrickParts, plain_places, trump_cards
from cardrules.encoding.vectors import POINTS_LIMIT, Layout, clipped
from cardrules.errors import StateError
from cardrules.events import CardPlayed, HandDealt
from cardrules.game import Step
from cardrules.tricks.core import CardOrder

__all__ = ["TrickEncoder"]

_SUIT = list(SUIT_OF_INDEX)


class _Public(Public):
    """What every seat saw this deal: the plays, ``(card, seat, trick)`` in order, and
    the deal's number; ``dealt``: whether the last step dealt a new hand."""

    __slots__ = ("dealt", "plays", "round_number")

    def __init__(
        self, plays: tuple[tuple[int, int, int], ...], round_number: int, dealt: bool
    ) -> None:
        super().__init__()
        self.plays = plays
        self.round_number = round_number
        self.dealt = dealt


def _plays(source: Any, players: int) -> tuple[tuple[int, int, int], ...]:
    """The deal's plays so far (a state or a view), ``(card, seat, trick)`` in order
    (``trick``: the trick's number - 1; a trick may have fewer cards than players, when
    a seat sits the deal out)."""
    return tuple(
        (int(card), seat, number)
        for number, trick in enumerate((*source.tricks, source.trick))
        for seat, card in trick.plays(players)
    )


class TrickEncoder(FamilyEncoder):
    """Observations and information states of a game on the trick-taking engine (see
    the module documentation for the layout)."""

    __slots__ = (
        "_effective",
        "_family_size",
        "_orders",
        "_starts",
        "_void_width",
        "players",
        "scale",
        "tricks",
    )

    layout_name = "tricks"
    layout_version = 1

    def __init__(self, game: Any) -> None:
        self.players = players = game.players
        self.tricks = tricks = len(game.deck()) // players
        target: Any = getattr(game, "target", None)
        good = isinstance(target, int) and not isinstance(target, bool) and target > 0
        self.scale: int = int(target) if good else 1
        """What points are divided by."""
        limit = POINTS_LIMIT / self.scale
        per_seat = f"{players} × 52: seat block k (k places after the observer)"
        layout = Layout()
        layout.add("hand", 52, "1.0 for each card the seat holds")
        layout.add("trick", players * 52, f"the trick being played, {per_seat}")
        layout.add("leader", players, "who leads the trick being played (one-hot)")
        layout.add("taken", players * 52, f"cards of completed tricks by winner, {per_seat}")
        self._orders = orders = bool(getattr(game, "card_orders", False))
        self._void_width = width = 5 if orders else 4  # (a declaration's trumps: 4)
        layout.add(
            "voids", players * width, f"1.0 at {width}k + suit where seat k has shown out of it"
        )
        layout.add("trick_number", tricks, "the trick being played (one-hot)")
        layout.add("hand_size", 1, "the cards each seat was dealt this deal / T")
        layout.add("trump", 4, "the trump suit (one-hot; all 0 without trumps)")
        if orders:
            layout.add("trump_cards", 52, "1.0 for each card that counts as a trump")
            layout.add("plain_order", 13, "by rank (2 … A): its place among the plain cards / 13")
        layout.add("turned_up", 52, "the card turned up after the deal (one-hot)")
        layout.add("phase", 1, "1.0 in a phase of the game's own (bids…), not the play")
        layout.add("to_move", players, "whose turn it is (one-hot)")
        layout.add("dealer", players, "who dealt (one-hot)")
        layout.add("round_scores", players, "points so far this deal / scale", -limit, limit)
        layout.add("scores", players, "game totals before this deal / scale", -limit, limit)
        layout.add("round_number", 1, "the deal's number / 10", 0, POINTS_LIMIT / 10)
        layout.add("winners", players, "1.0 for each winner once the game is over")
        history = (
            ("dealt", 52, "the seat's hand for the play (as dealt)", 0.0, 1.0),
            ("played_by", players * 52, f"cards played this deal by who, {per_seat}", 0.0, 1.0),
            ("played_in", tricks * 52, "cards played this deal: block t-1 for trick t", 0.0, 1.0),
        )
        self._family_size = layout.size
        self._effective = bool(getattr(game, "effective_suits", False))
        super().__init__(game, layout, history)
        self._starts = {field.name: field.start for field in self.info_fields}

    def _family_observation(self, view: Any) -> list[float]:
        players, seat = self.players, view.seat
        values = [0.0] * self._family_size
        start = self._starts
        for card in view.hand:
            values[card] = 1.0
        trick = view.trick
        leader = trick.leader
        at = start["trick"]
        for who, card in trick.plays(players):
            values[at + 52 * ((who - seat) % players) + card] = 1.0
        values[start["leader"] + (leader - seat) % players] = 1.0
        at, voids = start["taken"], start["voids"]
        game = self.game
        trump = game.trump_of(view)
        suit_of = _SUIT
        if self._effective:  # (Euchre's left bower counts as a trump)
            suit_of = game.suit_table(trump)._suit_of
        width = self._void_width
        for done in (*view.tricks, trick):
            cards = done.cards
            if not cards:
                continue
            led = suit_of[cards[0]]
            for who, card in done.plays(players):
                if done.winner is not None:
                    values[at + 52 * ((done.winner - seat) % players) + card] = 1.0
                if suit_of[card] != led:
                    values[voids + width * ((who - seat) % players) + led] = 1.0
        number = view.trick_number
        if 1 <= number <= self.tricks and not view.winners:
            values[start["trick_number"] + number - 1] = 1.0
        values[start["hand_size"]] = view.hand_size / self.tricks
        if self._orders:
            at = start["trump_cards"]
            for card in cards_of_mask(trump_cards(game, trump)):
                values[at + card] = 1.0
            at = start["plain_order"]
            for rank, place in enumerate(plain_places(trump)):
                values[at + rank] = place
        if trump is not None and trump.__class__ is not CardOrder:
            values[start["trump"] + trump] = 1.0
        if view.turned_up is not None:
            values[start["turned_up"] + view.turned_up] = 1.0
        if view.phase is not None:
            values[start["phase"]] = 1.0
        if view.to_move is not None:
            values[start["to_move"] + (view.to_move - seat) % players] = 1.0
        values[start["dealer"] + (view.dealer - seat) % players] = 1.0
        scale = self.scale
        for other in range(players):
            k = (other - seat) % players
            values[start["round_scores"] + k] = clipped(view.round_scores[other]) / scale
            values[start["scores"] + k] = clipped(view.scores[other]) / scale
        values[start["round_number"]] = clipped(view.round_number) / 10
        for winner in view.winners:
            values[start["winners"] + (winner - seat) % players] = 1.0
        return values

    def _make_parts(self) -> TrickParts:
        return TrickParts(self)

    def _tracker_steps(self) -> TrickSteps:
        return TrickSteps(self._fast_parts())

    # -- information states --------------------------------------------------------

    def _public_at(self, view: Any) -> _Public:
        return _Public(_plays(view, self.players), view.round_number, False)

    def _public_after(self, public: Public, step: Step[Any]) -> _Public:
        p: Any = public
        state = step.state
        events = step.events
        dealt = any(type(event) is HandDealt for event in events)
        played = sum(type(event) is CardPlayed for event in events)
        plays = _plays(state, self.players)
        # (A step in a phase of the game's own, a bid, plays no card.)
        if not dealt and (
            state.round_number != p.round_number
            or len(plays) != len(p.plays) + played
            or plays[: len(p.plays)] != p.plays
        ):
            raise StateError(
                "this step does not follow this information state: it has seen "
                f"{len(p.plays)} cards played in deal {p.round_number}, the step's state "
                f"{len(plays)} in deal {state.round_number} (give each step once, in order)"
            )
        return _Public(plays, state.round_number, dealt)

    def _own_at(self, view: Any) -> int:
        dealt = mask_of(view.hand)
        for card, who, _ in _plays(view, self.players):
            if who == view.seat:
                dealt |= CARD_BIT[card]
        return dealt

    def _own_after(
        self, own: Any, before: Any, view: Any, public: Public
    ) -> tuple[int, Note | None]:
        p: Any = public
        if p.dealt:
            return self._own_at(view), ("hand", view.hand)
        held = mask_of(view.hand)
        if held & ~mask_of(before.hand):  # cards passed to the seat in a game's phase
            got = tuple(card for card in view.hand if card not in before.hand)
            return self._own_at(view), ("received", got)
        return own, None

    def _history(self, public: Public, own: Any, seat: int) -> list[float]:
        p: Any = public
        players = self.players
        history = [0.0] * (self.info_state_size - self.observation_size)
        for card in range(52):
            if own >> card & 1:
                history[card] = 1.0
        by_seat, by_trick = 52, 52 + 52 * players
        for card, who, number in p.plays:
            history[by_seat + 52 * ((who - seat) % players) + card] = 1.0
            history[by_trick + 52 * number + card] = 1.0
        return history
