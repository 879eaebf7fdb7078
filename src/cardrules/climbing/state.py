"""States and views of climbing games (the engine is :mod:`cardrules.climbing.engine`).

A :class:`ClimbState` holds the hands (as card masks), the play on the table that the
next play must beat and who made it, the seats that passed on it, the seats out of
cards in finishing order, whether the rank order is reversed, the cards played this
deal, the exchanges of the deal (:class:`Swap`), the scores and the generator. A
:class:`ClimbView` is what one seat may know of it: its own hand, the others' sizes,
everything played in public, and of the exchanges only those it took part in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardrules._text import int_text, ints_repr
from cardrules.cards import Card, format_cards
from cardrules.data import fields_data
from cardrules.values import Immutable, Value

__all__ = ["ClimbState", "ClimbView", "Swap"]


@attrs.frozen
class Swap(Immutable):
    """One exchange of a deal, before the play: ``giver`` gives ``count`` cards to
    ``receiver``. With ``best`` the giver has no choice (its strongest cards go, given
    as the deal starts); otherwise the giver chooses them, one
    :class:`~cardrules.climbing.moves.GiveCard` at a time. ``cards`` are the cards given
    so far (all ``count`` once done); in a view of a seat that is neither the giver nor
    the receiver (nor the receiver before the cards change hands) each is ``None``.

    >>> swap = Swap(0, 3, 2, best=False, cards=(Card.parse("3C"),))
    >>> swap.done, swap.hidden_for(1)
    (False, Swap(giver=0, receiver=3, count=2, best=False, cards=(None,)))
    """

    giver: int
    receiver: int
    count: int
    best: bool
    cards: tuple[Card | None, ...] = ()

    @property
    def done(self) -> bool:
        """Whether every card of it was given (the cards changed hands)."""
        return len(self.cards) == self.count

    def hidden_for(self, seat: int | None) -> Swap:
        """This exchange as ``seat`` may know it: the cards for the giver, and for the
        receiver once they changed hands; their number only for every other seat."""
        if seat == self.giver or (seat == self.receiver and self.done):
            return self
        return Swap(self.giver, self.receiver, self.count, self.best, (None,) * len(self.cards))


_new = object.__new__


class ClimbState(Value):
    """A state of a climbing game: see the module documentation. Read-only; the engine
    (:class:`~cardrules.climbing.engine.ClimbingGame`) makes new ones."""

    __slots__ = (
        "_deal_number",
        "_dealer",
        "_finished",
        "_hands",
        "_last_places",
        "_legal",
        "_passed",
        "_played",
        "_reversed",
        "_rng",
        "_rules",
        "_scores",
        "_swaps",
        "_table",
        "_table_seat",
        "_to_move",
        "_winners",
    )

    _rules: Any
    _hands: tuple[int, ...]
    _to_move: int | None
    _table: tuple[Card, ...]
    _table_seat: int | None
    _passed: tuple[int, ...]
    _finished: tuple[int, ...]
    _reversed: bool
    _played: int
    _swaps: tuple[Swap, ...]
    _last_places: tuple[int, ...]
    _deal_number: int
    _dealer: int
    _scores: tuple[int, ...]
    _winners: tuple[int, ...]
    _rng: int
    _legal: Any

    def __init__(
        self,
        rules: Any,
        hands: tuple[int, ...],
        to_move: int | None,
        table: tuple[Card, ...],
        table_seat: int | None,
        passed: tuple[int, ...],
        finished: tuple[int, ...],
        reversed_order: bool,
        played: int,
        swaps: tuple[Swap, ...],
        last_places: tuple[int, ...],
        deal_number: int,
        dealer: int,
        scores: tuple[int, ...],
        winners: tuple[int, ...],
        rng: int,
    ) -> None:
        self._rules = rules
        self._hands = hands
        self._to_move = to_move
        self._table = table
        self._table_seat = table_seat
        self._passed = passed
        self._finished = finished
        self._reversed = reversed_order
        self._played = played
        self._swaps = swaps
        self._last_places = last_places
        self._deal_number = deal_number
        self._dealer = dealer
        self._scores = scores
        self._winners = winners
        self._rng = rng
        self._legal = None

    @classmethod
    def _hidden(cls) -> frozenset[str]:
        return frozenset({"_rules", "_legal"})

    def _fresh_caches(self) -> dict[str, Any]:
        return {"_legal": None}

    def copied(self) -> ClimbState:
        """A copy for the engine to fill in while a move makes it (a state is read-only
        once the move has returned it), its remembered legal moves left out: one
        attribute at a time, which costs a third of a generic copy's time on a move.

        >>> import cardrules as cr
        >>> state = cr.President().new_game(seed=1)
        >>> copy = state.copied()
        >>> copy is not state and copy.hand_masks == state.hand_masks
        True
        """
        made: ClimbState = _new(type(self))
        made._rules = self._rules
        made._hands = self._hands
        made._to_move = self._to_move
        made._table = self._table
        made._table_seat = self._table_seat
        made._passed = self._passed
        made._finished = self._finished
        made._reversed = self._reversed
        made._played = self._played
        made._swaps = self._swaps
        made._last_places = self._last_places
        made._deal_number = self._deal_number
        made._dealer = self._dealer
        made._scores = self._scores
        made._winners = self._winners
        made._rng = self._rng
        made._legal = None
        return made

    # -- what every state offers ----------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now; ``None`` once the game is over."""
        return self._to_move

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted by suit then rank."""
        cards_of = self._rules.cards_of_mask
        return tuple(cards_of(mask) for mask in self._hands)

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """Each seat's cards as a card mask (a bit per card)."""
        return self._hands

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(mask.bit_count() for mask in self._hands)

    def hand_mask(self, seat: int) -> int:
        """``seat``'s cards as a card mask."""
        return self._hands[seat]

    @property
    def dealer(self) -> int:
        """The seat that dealt this deal."""
        return self._dealer

    @property
    def deal_number(self) -> int:
        """The number of the current deal, from 1."""
        return self._deal_number

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative game scores, one per seat."""
        return self._scores

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats; empty until the game is over."""
        return self._winners

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._to_move is None

    @property
    def rng(self) -> int:
        """The generator state the later deals are shuffled from (a secret: no view
        holds it)."""
        return self._rng

    # -- the climbing family's own ---------------------------------------------------

    @property
    def table(self) -> tuple[Card, ...]:
        """The play the next play must beat (empty: the player to move leads)."""
        return self._table

    @property
    def table_seat(self) -> int | None:
        """Who made the play on the table (``None`` when the table is empty)."""
        return self._table_seat

    @property
    def passed(self) -> tuple[int, ...]:
        """The seats that passed since the play on the table, in order."""
        return self._passed

    @property
    def finished(self) -> tuple[int, ...]:
        """The seats out of cards this deal, in finishing order."""
        return self._finished

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats still in the deal (not out of cards), in seat order."""
        out = self._finished
        return tuple(seat for seat in range(len(self._hands)) if seat not in out)

    @property
    def reversed(self) -> bool:
        """Whether the rank order is reversed (a revolution) for the rest of the deal."""
        return self._reversed

    @property
    def played_mask(self) -> int:
        """The cards played this deal, as a card mask (of the game's deck layout: a bit
        a card of the 52, and a bit a copy of a joker)."""
        return self._played

    @property
    def played(self) -> tuple[Card, ...]:
        """The cards played this deal, sorted."""
        return self._rules.cards_of_mask(self._played)  # type: ignore[no-any-return]

    @property
    def swaps(self) -> tuple[Swap, ...]:
        """The exchanges of this deal (empty in a deal without any), in the order they
        are made."""
        return self._swaps

    @property
    def last_places(self) -> tuple[int, ...]:
        """The seats in the finishing order of the deal before (empty in the first):
        what the exchanges and the first leader follow."""
        return self._last_places

    @property
    def phase(self) -> str:
        """``"exchange"`` while cards are given before the play, ``"play"``, or
        ``"over"``."""
        if self._to_move is None:
            return "over"
        for swap in self._swaps:
            if not swap.done:
                return "exchange"
        return "play"

    def __str__(self) -> str:
        """A short diagram of the whole state (every hand: for the table's owner, never
        for a player)."""
        return _diagram(type(self._rules).__name__, self, self.hands)


@attrs.frozen
class ClimbView(Immutable):
    """What one seat may know of a :class:`ClimbState`: its own hand, the others' sizes,
    the table, the cards played, the exchanges it took part in (the others' as counts),
    the scores and its legal moves. The generator is not included."""

    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[Card, ...]
    table_seat: int | None
    passed: tuple[int, ...]
    finished: tuple[int, ...]
    reversed: bool
    played: tuple[Card, ...]
    swaps: tuple[Swap, ...]
    last_places: tuple[int, ...]
    deal_number: int
    dealer: int
    phase: str
    scores: tuple[int, ...] = attrs.field(repr=ints_repr)
    to_move: int | None
    winners: tuple[int, ...]
    legal_moves: tuple[Any, ...]
    """The seat's legal moves if it is its turn, else empty."""

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats still in the deal, in seat order."""
        return tuple(seat for seat in range(len(self.hand_sizes)) if seat not in self.finished)

    @property
    def played_mask(self) -> int:
        """The cards of the 52 played this deal, as a card mask (a bit a card; a
        joker, or any card of a declared deck beyond them, left out)."""
        mask = 0
        for card in self.played:
            if type(card) is Card:
                mask |= 1 << card
        return mask

    def to_data(self) -> dict[str, Any]:
        """This view as JSON-ready data (:mod:`cardrules.data`): ``"family":
        "climbing"``, then each field as data (cards as text, each exchange as a dict,
        the legal moves in their data form). Only what the view holds."""
        return {"family": "climbing", **fields_data(self)}

    def __str__(self) -> str:
        """A short diagram of what this seat sees: its own hand, the others' sizes."""
        hands = tuple(
            self.hand if seat == self.seat else size for seat, size in enumerate(self.hand_sizes)
        )
        name = type(self).__name__.removesuffix("View") or "Climbing game"
        return _diagram(name, self, hands, seen_by=self.seat)


def _diagram(
    name: str,
    position: ClimbState | ClimbView,
    hands: Sequence[tuple[Card, ...] | int],
    seen_by: int | None = None,
) -> str:
    """The text of a state or a view (a hand given as an int is shown as its size)."""
    if position.winners:
        whom = " and ".join(f"seat {seat}" for seat in position.winners)
        head = f"{name} over after deal {position.deal_number}: {whom} won"
    else:
        doing = {"exchange": "give a card", "play": "play or pass"}[position.phase]
        if position.phase == "play" and not position.table:
            doing = "lead"
        head = f"{name} deal {position.deal_number}; seat {position.to_move} to {doing}"
    if seen_by is not None:
        head += f" (as seen by seat {seen_by})"
    table = format_cards(position.table) or "(empty)"
    by = "" if position.table_seat is None else f" by seat {position.table_seat}"
    lines = [head, f"  table   {table}{by}" + ("; ranks reversed" if position.reversed else "")]
    for seat, hand in enumerate(hands):
        held = f"({hand} cards)" if isinstance(hand, int) else format_cards(hand) or "-"
        notes = [f"total {int_text(position.scores[seat])}"]
        if seat in position.finished:
            notes.append(f"out in place {position.finished.index(seat) + 1}")
        elif seat in position.passed:
            notes.append("passed")
        lines.append(f"  seat {seat}  {held}   " + ", ".join(notes))
    return "\n".join(lines)
