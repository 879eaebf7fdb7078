"""The encoder of the shedding family (:class:`SheddingEncoder`): observations and
information states of any game built on
:class:`~cardrules.shedding.engine.SheddingGame`, written from its views
(:class:`~cardrules.shedding.state.ShedView`), with the fields the game declares
added (:class:`~cardrules.encoding.fields.GameField`).
:func:`~cardrules.encoding.encoder_for` gives it to every such game without an encoder
of its own (Craits and Crazy Eights among them).

``P`` is the number of players. Seat-indexed fields are relative to the observer: slot
or block ``k`` is the seat ``k`` places after it in seat order. Cards are indexed as
:class:`~cardrules.Card` is; with several copies of a card in the deck a card field
holds the number of copies. Counts of turns and points are held within ±10**12
(:func:`~cardrules.encoding.vectors.clipped`), so every entry has finite bounds.

The observation (``172 + 8P`` floats before the game's own fields: 204 for four
players):

* ``hand`` (52): copies of each card the seat holds;
* ``discard`` (52): copies of each card in the discard pile, top card included;
* ``top`` (52): the top card of the discard pile (one-hot);
* ``suit`` (4): the suit to follow (one-hot);
* ``count`` (1): the running count / 10; ``count_on`` (1): 1.0 while it runs;
  ``count_out`` (1): 1.0 if a player went out during it;
* ``direction`` (1): 1.0 clockwise, -1.0 counter-clockwise;
* ``stock`` (1): cards in the stock / the cards in the deck;
* ``hand_sizes`` (P): each seat's cards / 10;
* ``exposed`` (P): 1.0 for a seat open to a call for not saying "one card";
* ``forfeits`` (P): turns each seat still has to forfeit;
* ``penalties`` (P): each seat's last reshuffle penalty / 100;
* ``scores`` (P): game totals / 100;
* ``to_move`` (P), ``dealer`` (P): one-hot (``to_move`` all 0 once the game is over);
* ``phase`` (4): what the player to move decides (:class:`~cardrules.Phase`, one-hot);
* ``hand_number`` (1): the hand's number / the hands in a game;
* ``cards_dealt`` (1): cards dealt to each player this hand / 10;
* ``idle_turns`` (1): turns in a row with nothing played or drawn / P;
* ``winners`` (P): 1.0 for each winner once the game is over;
* ``own_phase`` (1), only for a game with phases of its own
  (:meth:`~cardrules.shedding.engine.SheddingGame.start_of_hand`): 1.0 in such a phase
  (``phase`` is then all 0; which of its phases it is, and what the game keeps in
  them, are the game's to show, as fields it declares);
* then the game's fields, in the order it declares them.

The information state's vector (``104 + 53P`` more) is the observation, then what the
seat saw this hand (a hand can last any number of moves, so a summary, not the
sequence):

* ``dealt`` (52): the seat's hand as dealt (copies);
* ``drawn`` (52): the cards the seat has drawn since (how many times: a card
  reshuffled into the stock may be drawn again);
* ``played`` (P × 52): the cards each seat has played this hand (how many times);
* ``draws`` (P): the cards each seat has drawn this hand / 10.

An information state started in the middle of a hand knows these from there on; the
text recalls every event and every card the seat received.

A game on a declared deck (its card table made by :meth:`CardTable.for_deck
<cardrules.shedding.core.CardTable.for_deck>`: UNO's 108 cards) has the layout
``shedding/2``: the fields above, with ``K`` entries (the deck's card kinds, by card
number: 54 for UNO) where the French layout has 52, each holding the copies as a count
(``hand``, ``discard``, ``dealt``, ``drawn``, ``played``; ``top`` one-hot, all 0 when
the pile is empty), ``suit`` with one entry per suit (colour) of the deck, all 0 while
none is to follow, and after it one more field:

* ``face`` (F): the face to match (one-hot by
  :func:`~cardrules.shedding.core.faces_of`: a kind and rank, such as UNO's 5s or its
  skips), which the state remembers with the suit even when the pile is empty.

The French games' layouts (``shedding/1``) are unchanged.

>>> import cardrules as cr
>>> from cardrules.encoding.shedding import SheddingEncoder
>>> encoder = SheddingEncoder(cr.Craits(players=4, short_game=True))
>>> encoder.observation_size, encoder.info_state_size
(204, 520)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardrules.cards import ALL_CARDS
from cardrules.decks import Deck
from cardrules.encoding.family import FamilyEncoder
from cardrules.encoding.info import Note, Public
from cardrules.encoding.shedparts import SheddingParts, has_own_phases, phase_entry
from cardrules.encoding.tracker import ShedSteps
from cardrules.encoding.vectors import POINTS_LIMIT, Layout, clipped
from cardrules.errors import StateError
from cardrules.events import CardPlayed, HandDealt
from cardrules.game import Step
from cardrules.handmasks import hand_cards, hand_mask, with_card
from cardrules.shedding.core import faces_of
from cardrules.shedding.events import CardsDrawn, Reshuffled
from cardrules.shedding.state import Phase, tables_for

__all__ = ["SheddingEncoder"]

_PHASES = len(Phase)


class _Public(Public):
    """What every seat saw this hand: the cards each seat played (a hand mask per seat,
    :mod:`cardrules.handmasks`: a card played again is a further copy), the cards each
    drew; and, for the last step, whether it dealt a new hand and the cards played in
    it, ``(seat, card)`` each; ``pile``: the discard pile's size (to see that a step
    follows)."""

    __slots__ = ("dealt", "draws", "just_played", "pile", "played")

    def __init__(
        self,
        played: tuple[int, ...],
        draws: tuple[int, ...],
        dealt: bool,
        just_played: tuple[tuple[int, int], ...],
        pile: int,
    ) -> None:
        super().__init__()
        self.played = played
        self.draws = draws
        self.dealt = dealt
        self.just_played = just_played
        self.pile = pile


def _counts(values: list[float], at: int, cards: Any) -> None:
    for card in cards:
        values[at + card] += 1.0


def folded(mask: int, kinds: int) -> list[int]:
    """The cards of a mask of blocks of ``kinds`` bits (block ``c``: the cards held
    ``c + 1`` times or more), any number of blocks, as card numbers, copies repeated.

    >>> folded(0b101 | 0b001 << 3, 3)
    [0, 2, 0]
    """
    cards = []
    while mask:
        low = mask & -mask
        cards.append((low.bit_length() - 1) % kinds)
        mask ^= low
    return cards


class SheddingEncoder(FamilyEncoder):
    """Observations and information states of a game on the shedding engine (see the
    module documentation for the layout)."""

    __slots__ = (
        "_copies",
        "_deck",
        "_face",
        "_family_size",
        "_own_phase",
        "_starts",
        "_with_card",
        "cards",
        "kinds",
        "players",
    )

    layout_name = "shedding"
    layout_version = 1

    def __init__(self, game: Any) -> None:
        self.players = players = game.players
        self._deck: Deck | None = getattr(game.card_table, "deck", None)
        """The declared deck of a game whose card table is made for one (layout
        ``shedding/2``), else ``None``: the French cards."""
        deck = self._deck
        if deck is None:
            cards = game.deck.cards()
            self.cards: int = len(cards)
            """The cards in the deck."""
            self._copies = copies = max(Counter(cards).values())
            self.kinds: int = 52
            """The entries of a field of cards: one a card (a kind of a declared deck)."""
            suits, faces = 4, 0
            self._with_card = with_card
        else:
            self.cards = deck.size
            self._copies = copies = max(deck.copies)
            self.kinds = len(deck.kinds)
            suits, faces = len(deck.suits), len(faces_of(deck)[0])
            self._with_card = tables_for(game.card_table).with_card
        kinds = self.kinds
        limit = float(POINTS_LIMIT)
        layout = Layout()
        layout.add("hand", kinds, "copies of each card the seat holds", 0, copies)
        layout.add("discard", kinds, "copies of each card in the discard pile", 0, copies)
        layout.add("top", kinds, "the top card of the discard pile (one-hot)")
        layout.add("suit", suits, "the suit to follow (one-hot)")
        if faces:
            layout.add("face", faces, "the face to match (one-hot)")
        layout.add("count", 1, "the running count / 10", -limit / 10, limit / 10)
        layout.add("count_on", 1, "1.0 while the count runs")
        layout.add("count_out", 1, "1.0 if a player went out during the count")
        layout.add("direction", 1, "1.0 clockwise, -1.0 counter-clockwise", -1, 1)
        layout.add("stock", 1, "cards in the stock / the cards in the deck")
        layout.add("hand_sizes", players, "each seat's cards / 10", 0, self.cards / 10)
        layout.add("exposed", players, "1.0 for a seat open to a call")
        layout.add("forfeits", players, "turns each seat still has to forfeit", 0, limit)
        layout.add("penalties", players, "each seat's last penalty / 100", -limit, limit)
        layout.add("scores", players, "game totals / 100", -limit / 100, limit / 100)
        layout.add("to_move", players, "whose turn it is (one-hot)")
        layout.add("dealer", players, "who dealt this hand (one-hot)")
        layout.add("phase", _PHASES, "what the player to move decides (one-hot)")
        layout.add("hand_number", 1, "the hand's number / the hands in a game")
        layout.add("cards_dealt", 1, "cards dealt to each player / 10", 0, self.cards / 10)
        layout.add("idle_turns", 1, "turns in a row with nothing played or drawn / P", 0, limit)
        layout.add("winners", players, "1.0 for each winner once the game is over")
        if has_own_phases(game):
            layout.add("own_phase", 1, "1.0 in a phase of the game's own (stakes…), not the play")
        history = (
            ("dealt", kinds, "the seat's hand as dealt (copies)", 0.0, float(copies)),
            ("drawn", kinds, "the cards the seat has drawn since (times)", 0.0, limit),
            ("played", players * kinds, "cards each seat played this hand (times)", 0.0, limit),
            ("draws", players, "cards each seat drew this hand / 10", 0.0, limit / 10),
        )
        self._family_size = layout.size
        super().__init__(game, layout, history)
        if deck is not None:  # (version 2: the cards, suits and faces of a declared deck)
            self.layout = f"shedding/2{self.layout[len('shedding/1') :]}"
        self._starts = {field.name: field.start for field in self.info_fields}
        self._own_phase: int | None = self._starts.get("own_phase")
        self._face: int | None = self._starts.get("face")

    def _family_observation(self, view: Any) -> list[float]:
        players, seat, start = self.players, view.seat, self._starts
        values = [0.0] * self._family_size
        _counts(values, start["hand"], view.hand)
        _counts(values, start["discard"], view.discard)
        top, suit = view.top, view.suit
        if top is not None:
            values[start["top"] + top] = 1.0
        if suit is not None:
            values[start["suit"] + suit] = 1.0
        if self._face is not None:
            values[self._face + view.face] = 1.0
        values[start["count"]] = clipped(view.count) / 10
        values[start["count_on"]] = 1.0 if view.count else 0.0
        values[start["count_out"]] = 1.0 if view.count_out else 0.0
        values[start["direction"]] = 1.0 if view.direction > 0 else -1.0
        values[start["stock"]] = view.stock_size / self.cards
        for other in range(players):
            k = (other - seat) % players
            values[start["hand_sizes"] + k] = view.hand_sizes[other] / 10
            values[start["forfeits"] + k] = float(clipped(view.forfeits[other]))
            values[start["penalties"] + k] = clipped(view.penalties[other]) / 100
            values[start["scores"] + k] = clipped(view.scores[other]) / 100
        for other in view.exposed:
            values[start["exposed"] + (other - seat) % players] = 1.0
        if view.to_move is not None:
            values[start["to_move"] + (view.to_move - seat) % players] = 1.0
        values[start["dealer"] + (view.dealer - seat) % players] = 1.0
        values[phase_entry(view.phase, start["phase"], self._own_phase)] = 1.0
        values[start["hand_number"]] = min(1.0, view.hand_number / self.game.hands_in_game)
        values[start["cards_dealt"]] = view.cards_dealt / 10
        values[start["idle_turns"]] = clipped(view.idle_turns) / players
        for winner in view.winners:
            values[start["winners"] + (winner - seat) % players] = 1.0
        return values

    def _make_parts(self) -> SheddingParts | None:
        # (Further copies are added as bytes: a deck of more than 255 copies of a card
        # is written by way of the lists.)
        return SheddingParts(self) if self._copies < 256 else None

    def _tracker_steps(self) -> ShedSteps:
        return ShedSteps()

    def _mask(self, cards: Any) -> int:
        """The mask of some cards (copies in further blocks of :attr:`kinds` bits)."""
        if self._deck is None:
            return hand_mask(cards)
        mask = 0
        for card in cards:
            mask = self._with_card(mask, card)
        return mask

    def _cards(self, mask: int) -> list[int] | tuple[Any, ...]:
        """The cards of a mask made by :meth:`_mask` or ``_with_card`` (any copies)."""
        if self._deck is None:
            return hand_cards(mask)
        return folded(mask, self.kinds)

    # -- information states --------------------------------------------------------

    def _public_at(self, view: Any) -> _Public:
        nobody = (0,) * self.players
        return _Public(nobody, nobody, False, (), len(view.discard))

    def _public_after(self, public: Public, step: Step[Any]) -> _Public:
        p: Any = public
        played = list(p.played)
        draws = list(p.draws)
        just: list[tuple[int, int]] = []
        dealt = reshuffled = False
        add = self._with_card
        for event in step.events:
            kind = type(event)
            if kind is CardPlayed:
                seat, card = event.seat, int(event.card)  # type: ignore[attr-defined]
                played[seat] = add(played[seat], card)
                just.append((seat, card))
            elif kind is CardsDrawn:
                seat = event.seat  # type: ignore[attr-defined]
                draws[seat] += event.count  # type: ignore[attr-defined]
            elif kind is HandDealt:
                played, draws = [0] * self.players, [0] * self.players
                just = []
                dealt = True
            elif kind is Reshuffled:
                reshuffled = True
        pile = len(step.state.discard)
        if not (dealt or reshuffled) and pile != p.pile + len(just):
            raise StateError(
                "this step does not follow this information state: its discard pile "
                f"would hold {p.pile + len(just)} cards, the step's state has {pile} (give "
                "each step once, in order)"
            )
        return _Public(tuple(played), tuple(draws), dealt, tuple(just), pile)

    def _own_at(self, view: Any) -> tuple[int, int]:
        """The seat's hand as dealt and the cards it drew since (masks)."""
        return (self._mask(view.hand), 0)

    def _own_after(
        self, own: Any, before: Any, view: Any, public: Public
    ) -> tuple[Any, Note | None]:
        p: Any = public
        if p.dealt:
            return self._own_at(view), ("hand", view.hand)
        seat = view.seat
        kept = Counter(int(card) for card in before.hand)
        kept.subtract(card for who, card in p.just_played if who == seat)
        gained = Counter(int(card) for card in view.hand) - kept
        if not gained:
            return own, None
        drawn = own[1]
        for card in gained.elements():
            drawn = self._with_card(drawn, card)
        deck = self._deck
        cards = ALL_CARDS if deck is None else tuple(map(deck.card, range(self.kinds)))
        got = tuple(cards[card] for card in sorted(gained.elements()))
        return (own[0], drawn), ("drew", got)

    def _history(self, public: Public, own: Any, seat: int) -> list[float]:
        p: Any = public
        players, kinds = self.players, self.kinds
        history = [0.0] * (self.info_state_size - self.observation_size)
        dealt, drawn = own
        _counts(history, 0, self._cards(dealt))
        _counts(history, kinds, self._cards(drawn))
        at = 2 * kinds
        for k in range(players):
            other = (seat + k) % players
            _counts(history, at, self._cards(p.played[other]))
            history[(2 + players) * kinds + k] = clipped(p.draws[other]) / 10
            at += kinds
        return history
