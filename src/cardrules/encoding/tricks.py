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

**Layout ``tricks/2``: a declared deck.** A game on a deck other than the French cards
without copies (:attr:`TrickGame.card_deck <cardrules.tricks.engine.TrickGame.card_deck>`:
Doppelkopf's 48, two of each card; Tarot's 78) has the same fields over its deck, whose
``K`` card kinds (:attr:`Deck.kinds <cardrules.decks.Deck.kinds>`; 52 for a French deck,
the kinds not in play left 0) index every card field as the deck numbers its cards.
A field that may hold a card more than once (``hand``, ``taken``, ``dealt``,
``played_by``, ``played_in``) is a field per copy, ``C × K`` entries (``C``, the most
copies of a kind): entry ``c × K + k`` is 1.0 when the seat holds (took, played) card
``k`` more than ``c`` times, so no entry tells which copy; ``trick``, ``turned_up`` and
``trump_cards`` keep ``K`` entries. ``trump`` has an entry per suit of the deck (Tarot's
trumps are its suit 4), ``voids`` one per suit a seat can show out of (the deck's, and a
declaration's trumps): a card of no suit (the Excuse) counts as a suit of its own,
which no seat shows out of. ``T`` is the deck's size // ``P``.

>>> import attrs, cardrules as cr
>>> from cardrules.decks import TAROT_78
>>> @attrs.frozen
... class Mini(cr.tricks.TrickGame):   # (Tarot's cards; no rules of its own)
...     name, players, card_deck = "", 4, TAROT_78
>>> tarot = TrickEncoder(Mini())
>>> tarot.layout, tarot.field("hand").size, tarot.field("trump").size
('tricks/2', 78, 5)

>>> import cardrules as cr
>>> from cardrules.encoding.tricks import TrickEncoder
>>> encoder = TrickEncoder(cr.Cramps())   # (with Cramps' trick_values, 13 more)
>>> encoder.observation_size, encoder.info_state_size
(593, 1529)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardrules.cards import SUIT_OF_INDEX, mask_of
from cardrules.decks import Deck
from cardrules.encoding.family import FamilyEncoder
from cardrules.encoding.info import Note, Public
from cardrules.encoding.tracker import TrickSteps
from cardrules.encoding.trickparts import TrickParts, plain_places, trump_cards
from cardrules.encoding.vectors import POINTS_LIMIT, Layout, clipped
from cardrules.errors import StateError
from cardrules.events import CardPlayed, HandDealt
from cardrules.game import Step
from cardrules.tricks.core import TRUMPS, CardOrder

__all__ = ["TrickEncoder"]

_SUIT = list(SUIT_OF_INDEX)
_PLAYED_IN = "cards played this deal: block t-1 for trick t"


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
        "_deck",
        "_effective",
        "_family_size",
        "_orders",
        "_starts",
        "_void_width",
        "card_width",
        "kinds",
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
        decked = getattr(game, "_decked", None)
        self._deck: Deck | None = None if decked is None else decked.deck
        suits = 4
        self.kinds: int = 52
        """The entries of a field of cards (one a card of the deck)."""
        self.card_width: int = 52
        """The entries of a field of cards that may hold copies: a block of
        :attr:`kinds` per copy."""
        if decked is not None:
            deck = decked.deck
            self.kinds = len(deck.kinds)
            self.card_width = self.kinds * max(deck.copies)
            suits = len(deck.suits)
        kinds, width = self.kinds, self.card_width
        limit = POINTS_LIMIT / self.scale
        per_seat = f"{players} × {kinds}: seat block k (k places after the observer)"
        stacked = per_seat if width == kinds else f"{players} × {width}: seat block k"
        layout = Layout()
        layout.add("hand", width, "1.0 for each card the seat holds")
        layout.add("trick", players * kinds, f"the trick being played, {per_seat}")
        layout.add("leader", players, "who leads the trick being played (one-hot)")
        layout.add("taken", players * width, f"cards of completed tricks by winner, {stacked}")
        self._orders = orders = bool(getattr(game, "card_orders", False))
        # A suit a seat may show out of: the deck's, and a declaration's trumps.
        self._void_width = voids = max(suits, TRUMPS + 1) if orders else suits
        layout.add(
            "voids", players * voids, f"1.0 at {voids}k + suit where seat k has shown out of it"
        )
        layout.add("trick_number", tricks, "the trick being played (one-hot)")
        layout.add("hand_size", 1, "the cards each seat was dealt this deal / T")
        layout.add("trump", suits, "the trump suit (one-hot; all 0 without trumps)")
        if orders:
            layout.add("trump_cards", kinds, "1.0 for each card that counts as a trump")
            layout.add("plain_order", 13, "by rank (2 … A): its place among the plain cards / 13")
        layout.add("turned_up", kinds, "the card turned up after the deal (one-hot)")
        layout.add("phase", 1, "1.0 in a phase of the game's own (bids…), not the play")
        layout.add("to_move", players, "whose turn it is (one-hot)")
        layout.add("dealer", players, "who dealt (one-hot)")
        layout.add("round_scores", players, "points so far this deal / scale", -limit, limit)
        layout.add("scores", players, "game totals before this deal / scale", -limit, limit)
        layout.add("round_number", 1, "the deal's number / 10", 0, POINTS_LIMIT / 10)
        layout.add("winners", players, "1.0 for each winner once the game is over")
        history = (
            ("dealt", width, "the seat's hand for the play (as dealt)", 0.0, 1.0),
            ("played_by", players * width, f"cards played this deal by who, {stacked}", 0.0, 1.0),
            ("played_in", tricks * width, _PLAYED_IN, 0.0, 1.0),
        )
        self._family_size = layout.size
        self._effective = bool(getattr(game, "effective_suits", False))
        super().__init__(game, layout, history)
        if decked is not None:  # (version 2: the cards of a declared deck)
            self.layout = f"tricks/2{self.layout[len('tricks/1') :]}"
        self._starts = {field.name: field.start for field in self.info_fields}

    def _cards_mask(self, cards: Any) -> int:
        """A stacked mask of ``cards`` (a card given again: its next copy's block)."""
        deck = self._deck
        if deck is None:
            return mask_of(cards)
        return deck.mask_of(cards)

    def _family_observation(self, view: Any) -> list[float]:
        players, seat = self.players, view.seat
        values = [0.0] * self._family_size
        start = self._starts
        kinds, width = self.kinds, self.card_width
        for card in view.hand:
            _put(values, card, kinds)
        trick = view.trick
        leader = trick.leader
        at = start["trick"]
        for who, card in trick.plays(players):
            values[at + kinds * ((who - seat) % players) + card] = 1.0
        values[start["leader"] + (leader - seat) % players] = 1.0
        at, voids = start["taken"], start["voids"]
        game = self.game
        trump = game.trump_of(view)
        suit_of = _SUIT
        if self._effective:  # (Euchre's left bower counts as a trump)
            suit_of = game.suit_table(trump)._suit_of
        suits = self._void_width
        for done in (*view.tricks, trick):
            cards = done.cards
            if not cards:
                continue
            led = suit_of[cards[0]]
            for who, card in done.plays(players):
                if done.winner is not None:
                    _put(values, at + width * ((done.winner - seat) % players) + card, kinds)
                if suit_of[card] != led and led < suits:
                    values[voids + suits * ((who - seat) % players) + led] = 1.0
        number = view.trick_number
        if 1 <= number <= self.tricks and not view.winners:
            values[start["trick_number"] + number - 1] = 1.0
        values[start["hand_size"]] = view.hand_size / self.tricks
        if self._orders:
            at = start["trump_cards"]
            mask = trump_cards(game, trump)
            while mask:
                low = mask & -mask
                values[at + low.bit_length() - 1] = 1.0
                mask ^= low
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
        seat, players = view.seat, self.players
        played = [
            card
            for trick in (*view.tricks, view.trick)
            for who, card in trick.plays(players)
            if who == seat
        ]
        return self._cards_mask((*view.hand, *played))

    def _own_after(
        self, own: Any, before: Any, view: Any, public: Public
    ) -> tuple[int, Note | None]:
        p: Any = public
        if p.dealt:
            return self._own_at(view), ("hand", view.hand)
        held = self._cards_mask(view.hand)
        if held & ~self._cards_mask(before.hand):  # cards passed to the seat in a phase
            got = tuple((Counter(view.hand) - Counter(before.hand)).elements())
            return self._own_at(view), ("received", got)
        return own, None

    def _history(self, public: Public, own: Any, seat: int) -> list[float]:
        p: Any = public
        players = self.players
        history = [0.0] * (self.info_state_size - self.observation_size)
        kinds, width = self.kinds, self.card_width
        for card in range(width):
            if own >> card & 1:
                history[card] = 1.0
        by_seat, by_trick = width, width + width * players
        for card, who, number in p.plays:
            _put(history, by_seat + width * ((who - seat) % players) + card, kinds)
            _put(history, by_trick + width * number + card, kinds)
        return history


def _put(values: list[float], entry: int, kinds: int) -> None:
    """1.0 at ``entry`` of a field of cards, or, if it is set (a copy of the card
    there already), at the same card of the next copy's block (``kinds`` on)."""
    while values[entry]:
        entry += kinds
    values[entry] = 1.0
