"""The encoder of the climbing family (:class:`ClimbingEncoder`): observations and
information states of any game built on :class:`~cardrules.climbing.engine.ClimbingGame`
(President and its relatives), written from its views
(:class:`~cardrules.climbing.state.ClimbView`), with the fields the game declares
added (:class:`~cardrules.encoding.fields.GameField`); and the fields a climbing game
with a revolution or an exchange declares for them (:func:`revolution_field`,
:func:`exchange_fields`).

``P`` is the number of players; ``N`` the cards dealt, the size of every card field.
Seat-indexed fields are relative to the observer: slot or block ``k`` is the seat ``k``
places after it in seat order. On the French 52 (a game whose
:meth:`~cardrules.climbing.engine.ClimbingGame.card_deck` is ``None``) ``N`` is 52 and
cards are indexed as :class:`~cardrules.Card` is (0 = 2♣ … 51 = A♠). On a declared deck
(:mod:`cardrules.decks`) ``N`` is the deck's size, an entry a card in play in card
order, the copies of a card side by side and filled first to last (a seat holding one
of two jokers has the first joker entry set, whichever copy it holds): on the French 54
of ``President(jokers=True)``, the 52 as above, then the two jokers (52 and 53). A deck
with a French card more than once is refused, as the engine refuses it. Scores and the
deal's number are held within ±10**12 (:func:`~cardrules.encoding.vectors.clipped`), so
every entry has finite bounds.

The observation (``3N + 3 + 9P`` floats before the game's own fields: 195 for four
players on the 52):

* ``hand`` (N): 1.0 for each card the seat holds;
* ``played`` (N): 1.0 for each card played this deal (the table's included);
* ``table`` (N): the cards of the play on the table, the one to beat (all 0 when the
  player to move leads);
* ``table_size`` (1): the number of cards on the table / 4;
* ``table_seat`` (P): who made the play on the table (one-hot; all 0 when empty);
* ``passed`` (P): 1.0 for each seat that passed since the play on the table;
* ``hand_sizes`` (P): each seat's cards / 10;
* ``places`` (P): each seat's finishing place this deal / P (0 while it still holds
  cards);
* ``last_places`` (P): each seat's finishing place in the deal before / P (all 0 in
  the first deal): what the exchanges and the first leader follow;
* ``phase`` (1): 1.0 while cards are given in an exchange before the play;
* ``to_move`` (P): whose turn it is (one-hot; all 0 once the game is over);
* ``dealer`` (P): who dealt (one-hot);
* ``scores`` (P): game totals / 10;
* ``deal_number`` (1): the deal's number / 10;
* ``winners`` (P): 1.0 for each winner once the game is over;
* then the game's fields, in the order it declares them (President's: the
  revolution's ``reversed`` and the exchange's ``to_give``, ``given`` and
  ``received``, with those options).

The information state's vector (``N + (N + 1)P`` more) is the observation, then what
the seat saw this deal (a deal can last any number of passes, so a summary, not the
sequence):

* ``dealt`` (N): the seat's hand at the deal's start (after the exchanges made as it
  is dealt);
* ``played_by`` (P × N): the cards each seat played this deal;
* ``passes`` (P): the passes each seat made this deal / 10.

An information state started in the middle of a deal knows these from there on (and
its hand then as dealt); the text recalls every event and every card the seat
received. Another seat's hand, and the cards of an exchange the seat took no part in,
are in neither.

>>> import cardrules as cr
>>> from cardrules.encoding import encoder_for
>>> encoder = encoder_for(cr.President())
>>> encoder.layout, encoder.observation_size, encoder.info_state_size
('climbing/1+president/1', 300, 564)
>>> jokers = encoder_for(cr.President(jokers=True))
>>> jokers.field("hand").size, jokers.observation_size, jokers.info_state_size
(54, 310, 584)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from cardrules.cards import Card, mask_of
from cardrules.climbing.events import CardsPlayed
from cardrules.encoding.family import FamilyEncoder
from cardrules.encoding.fields import GameField
from cardrules.encoding.info import Note, Public
from cardrules.encoding.vectors import POINTS_LIMIT, Layout, clipped, mask_floats
from cardrules.errors import RulesError
from cardrules.events import HandDealt, MovePlayed
from cardrules.game import Step
from cardrules.moves import Pass

__all__ = ["CardSlots", "ClimbingEncoder", "exchange_fields", "revolution_field"]


class CardSlots:
    """Where a game's cards go in a card field of the climbing encoder: a card set is a
    slot mask (bit ``i``: entry ``i`` of the field), the card mask itself on the French
    52, else each copy of a card at its own entry, the lowest free one first (see the
    module's text). ``size`` is the field's size.

    >>> import cardrules as cr
    >>> slots = CardSlots(cr.President(jokers=True).card_deck())
    >>> joker = cr.President(jokers=True).card_deck().parse("Jk")
    >>> slots.size, [i for i, v in enumerate(slots.floats(slots.add(0, (joker, joker)))) if v]
    (54, [52, 53])
    """

    __slots__ = ("_masks", "french", "size")

    def __init__(self, deck: Any) -> None:
        self.french: bool = deck is None
        """Whether the cards are the French 52 (slot ``i`` is card ``i``)."""
        self._masks: dict[Any, int] = {}
        if deck is None:
            self.size: int = 52
            """The entries of a card field."""
            return
        slot = 0
        for number, copies in enumerate(deck.copies):
            card = deck.card(number)
            if copies > 1 and type(card) is Card:
                raise RulesError(
                    f"the climbing encoder reads each French card once (with jokers or cards of "
                    f"the game's own beside them), not the {deck.name} deck, which holds "
                    f"{card} {copies} times"
                )
            if copies:
                self._masks[card] = ((1 << copies) - 1) << slot
                slot += copies
        self.size = slot

    def add(self, mask: int, cards: Iterable[Any]) -> int:
        """The slot mask ``mask`` with ``cards`` added (each card at its lowest free
        copy's entry)."""
        if self.french:
            return mask | mask_of(cards)
        masks = self._masks
        for card in cards:
            free = masks[card] & ~mask
            mask |= free & -free
        return mask

    def floats(self, mask: int) -> tuple[float, ...]:
        """The field's floats of a slot mask: 1.0 for each entry in it."""
        if self.french:
            return mask_floats(mask)
        floats = mask_floats(mask)
        while len(floats) < self.size:
            mask >>= 52
            floats += mask_floats(mask)
        return floats[: self.size]

    def of(self, cards: Iterable[Any]) -> tuple[float, ...]:
        """The field's floats of some cards."""
        return self.floats(self.add(0, cards))


class _Public(Public):
    """What every seat saw this deal: the cards each seat played (a slot mask per
    seat) and the passes each made; ``dealt``: whether the last step dealt a deal."""

    __slots__ = ("dealt", "passes", "played")

    def __init__(self, played: tuple[int, ...], passes: tuple[int, ...], dealt: bool) -> None:
        super().__init__()
        self.played = played
        self.passes = passes
        self.dealt = dealt


class ClimbingEncoder(FamilyEncoder):
    """Observations and information states of a game on the climbing engine (see the
    module documentation for the layout)."""

    __slots__ = ("_family_size", "_nobody", "_starts", "cards", "players", "slots")

    layout_name = "climbing"
    layout_version = 1

    def __init__(self, game: Any) -> None:
        self.players = players = game.players
        self.cards: int = len(game.deck())
        """The cards in the deck."""
        self.slots = slots = CardSlots(game.card_deck())
        """Where the cards go in a card field (of ``slots.size`` entries)."""
        n = slots.size
        limit = float(POINTS_LIMIT)
        layout = Layout()
        layout.add("hand", n, "1.0 for each card the seat holds")
        layout.add("played", n, "1.0 for each card played this deal")
        layout.add("table", n, "the cards of the play on the table (the one to beat)")
        layout.add("table_size", 1, "the number of cards on the table / 4", 0, 13)
        layout.add("table_seat", players, "who made the play on the table (one-hot)")
        layout.add("passed", players, "1.0 for each seat that passed since that play")
        layout.add("hand_sizes", players, "each seat's cards / 10", 0, self.cards / 10)
        layout.add("places", players, "each seat's finishing place this deal / P")
        layout.add("last_places", players, "each seat's place in the deal before / P")
        layout.add("phase", 1, "1.0 while cards are given in an exchange before the play")
        layout.add("to_move", players, "whose turn it is (one-hot)")
        layout.add("dealer", players, "who dealt this deal (one-hot)")
        layout.add("scores", players, "game totals / 10", -limit / 10, limit / 10)
        layout.add("deal_number", 1, "the deal's number / 10", 0, limit / 10)
        layout.add("winners", players, "1.0 for each winner once the game is over")
        history = (
            ("dealt", n, "the seat's hand at the deal's start", 0.0, 1.0),
            ("played_by", players * n, "the cards each seat played this deal", 0.0, 1.0),
            ("passes", players, "the passes each seat made this deal / 10", 0.0, limit / 10),
        )
        self._family_size = layout.size
        super().__init__(game, layout, history)
        self._starts = {field.name: field.start for field in self.info_fields}
        self._nobody = (0,) * players

    def _family_observation(self, view: Any) -> list[float]:
        players, seat, start = self.players, view.seat, self._starts
        values = [0.0] * self._family_size
        of, n = self.slots.of, self.slots.size
        values[0:n] = of(view.hand)
        values[n : 2 * n] = of(view.played)
        at = start["table"]
        values[at : at + n] = of(view.table)
        values[start["table_size"]] = len(view.table) / 4
        if view.table_seat is not None:
            values[start["table_seat"] + (view.table_seat - seat) % players] = 1.0
        for other in view.passed:
            values[start["passed"] + (other - seat) % players] = 1.0
        for other in range(players):
            values[start["hand_sizes"] + (other - seat) % players] = view.hand_sizes[other] / 10
            values[start["scores"] + (other - seat) % players] = clipped(view.scores[other]) / 10
        for place, other in enumerate(view.finished, 1):
            values[start["places"] + (other - seat) % players] = place / players
        for place, other in enumerate(view.last_places, 1):
            values[start["last_places"] + (other - seat) % players] = place / players
        if view.phase == "exchange":
            values[start["phase"]] = 1.0
        if view.to_move is not None:
            values[start["to_move"] + (view.to_move - seat) % players] = 1.0
        values[start["dealer"] + (view.dealer - seat) % players] = 1.0
        values[start["deal_number"]] = clipped(view.deal_number) / 10
        for winner in view.winners:
            values[start["winners"] + (winner - seat) % players] = 1.0
        return values

    # -- information states --------------------------------------------------------

    def _public_at(self, view: Any) -> _Public:
        return _Public(self._nobody, self._nobody, False)

    def _public_after(self, public: Public, step: Step[Any]) -> _Public:
        p: Any = public
        played = list(p.played)
        passes = list(p.passes)
        dealt = False
        for event in step.events:
            kind = type(event)
            if kind is CardsPlayed:
                seat = event.seat  # type: ignore[attr-defined]
                played[seat] = self.slots.add(played[seat], event.cards)  # type: ignore[attr-defined]
            elif kind is MovePlayed and type(event.move) is Pass:  # type: ignore[attr-defined]
                passes[event.seat] += 1  # type: ignore[attr-defined]
            elif kind is HandDealt:
                played, passes = list(self._nobody), list(self._nobody)
                dealt = True
        return _Public(tuple(played), tuple(passes), dealt)

    def _own_at(self, view: Any) -> int:
        return self.slots.add(0, view.hand)

    def _own_after(
        self, own: Any, before: Any, view: Any, public: Public
    ) -> tuple[int, Note | None]:
        p: Any = public
        if p.dealt:
            return self.slots.add(0, view.hand), ("hand", view.hand)
        got = tuple((Counter(view.hand) - Counter(before.hand)).elements())
        return own, (("received", got) if got else None)

    def _history(self, public: Public, own: Any, seat: int) -> list[float]:
        p: Any = public
        players = self.players
        floats = self.slots.floats
        history = list(floats(own))
        for k in range(players):
            history.extend(floats(p.played[(seat + k) % players]))
        history.extend(clipped(p.passes[(seat + k) % players]) / 10 for k in range(players))
        return history


# -- fields a climbing game declares ----------------------------------------------------


def _reversed(view: Any) -> list[float]:
    return [1.0 if view.reversed else 0.0]


def revolution_field() -> GameField:
    """The field of a game with a revolution (a play that reverses the rank order):
    ``reversed`` (1), 1.0 while the rank order is reversed. A climbing game declares it
    in its ``encoded_fields()``.

    >>> revolution_field().name, revolution_field().size
    ('reversed', 1)
    """
    return GameField("reversed", 1, _reversed, "1.0 while the rank order is reversed")


def _to_give(view: Any) -> list[float]:
    left = sum(swap.count - len(swap.cards) for swap in view.swaps if swap.giver == view.seat)
    return [left / 10]


def _given(slots: CardSlots) -> Callable[[Any], tuple[float, ...]]:
    def given(view: Any) -> tuple[float, ...]:
        mask = 0
        for swap in view.swaps:
            if swap.giver == view.seat:
                mask = slots.add(mask, swap.cards)
        return slots.floats(mask)

    return given


def _received(slots: CardSlots) -> Callable[[Any], tuple[float, ...]]:
    def received(view: Any) -> tuple[float, ...]:
        mask = 0
        for swap in view.swaps:
            if swap.receiver == view.seat and swap.done:
                mask = slots.add(mask, swap.cards)
        return slots.floats(mask)

    return received


def exchange_fields(deck: Any = None) -> tuple[GameField, ...]:
    """The fields of a game with exchanges before a deal's play
    (:meth:`ClimbingGame.exchanges <cardrules.climbing.engine.ClimbingGame.exchanges>`),
    from the exchanges the seat took part in (its view shows no other): ``to_give``
    (1), the cards the seat still has to give / 10; ``given`` (N), the cards it gave
    this deal; ``received`` (N), the cards given to it this deal, once they changed
    hands. ``deck`` is the game's
    :meth:`~cardrules.climbing.engine.ClimbingGame.card_deck` (``None``: the French 52,
    N = 52; else N is its size, as in the family's card fields). A climbing game
    declares them in its ``encoded_fields()``.

    >>> [(field.name, field.size) for field in exchange_fields()]
    [('to_give', 1), ('given', 52), ('received', 52)]
    """
    slots = CardSlots(deck)
    n = slots.size
    return (
        GameField("to_give", 1, _to_give, "the cards the seat still has to give / 10", 0, 5.2),
        GameField("given", n, _given(slots), "the cards the seat gave this deal"),
        GameField("received", n, _received(slots), "the cards given to the seat this deal"),
    )
