"""The Craits side of :class:`~cardrules.encoding.arrays.ObservationArrays`: how a
tracker's buffer holds every seat's observation (:class:`CraitsTables`, made once per
encoder and shared) and the buffer of one game, written step by step
(:class:`CraitsRows`).

The buffer holds the observation of seat 0, whose seat-indexed fields are then in
absolute seat order, followed by the hands of the other seats; seat ``s``'s
observation is ``buffer.take(gather[s])``. A step writes, through a ``memoryview``
(a third of the cost of a NumPy scalar write), only the entries that changed: a
card's entry in a hand or the discard pile, the two entries of a one-hot field (the
top card, the suit, whose turn it is), one seat's hand size, and so on. A new hand or
a reshuffle is written the same way, with more entries."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from cardrules._kept import KeptByIdentity
from cardrules.cards import FULL_MASK
from cardrules.encoding.vectors import clipped, count_floats, require_numpy, to_float32
from cardrules.errors import StateError
from cardrules.events import CardPlayed, Event, HandDealt
from cardrules.shedding.events import Reshuffled

if TYPE_CHECKING:
    from cardrules.games.craits.encoder import CraitsEncoder

__all__: list[str] = []

_SEAT_FIELDS = (
    *("hand_sizes", "exposed", "forfeits", "penalties"),
    *("scores", "to_move", "dealer", "winners"),
)
_DISCARD = 52  # where the discard pile's field starts


class CraitsTables:
    """Where a Craits tracker's buffer holds each entry (see the module documentation)."""

    def __init__(self, encoder: CraitsEncoder, np: Any) -> None:
        self.encoder = encoder
        self.np = np
        players = self.players = encoder.game.players
        self.seats = range(players)
        size = self.observation_size = encoder.observation_size
        self.at = start = {field.name: field.start for field in encoder.fields}
        assert start["hand"] == 0 and start["discard"] == _DISCARD
        self.cards = float(encoder.game.deck.size)
        self.size = size + 52 * (players - 1)  # of the buffer
        # Where seat s's hand starts in the buffer.
        self.hands = [0, *(size + 52 * (s - 1) for s in range(1, players))]
        # A bit for each copy of card 0 a hand mask may hold (its blocks of 52 bits).
        self.copies = sum(1 << 52 * k for k in range(encoder.game.deck.decks))
        by_seat = {start[name] for name in _SEAT_FIELDS}
        gather = np.empty((players, size), dtype=np.intp)
        for seat in range(players):
            row = list(range(size))
            row[:52] = range(self.hands[seat], self.hands[seat] + 52)
            for first in by_seat:
                for k in range(players):
                    row[first + k] = first + (seat + k) % players
            gather[seat] = row
        self.gather = gather

    def __copy__(self) -> CraitsTables:
        return self

    def __deepcopy__(self, memo: object) -> CraitsTables:
        return self  # never changed once made: shared by every tracker of its encoder

    def __reduce__(self) -> tuple[Any, ...]:
        # Made again for the encoder (they hold the NumPy module, which does not pickle).
        return (_craits_tables_again, (self.encoder,))


def _craits_tables_again(encoder: CraitsEncoder) -> CraitsTables:
    """Unpickle :class:`CraitsTables`: the encoder's own."""
    return craits_tables(encoder, require_numpy())


class CraitsRows:
    """Every seat's observation of one Craits game in one ``float32`` buffer (see the
    module documentation), and what it was last written from: the state, and the
    copies of each card in its discard pile."""

    remade_on_error = False
    """Whether a step :meth:`update` refuses has still moved the rows on (made again
    from its state)."""

    __slots__ = ("_pile", "_pile_size", "_state", "buffer", "mv", "t")

    def __init__(self, tables: CraitsTables, encoder: CraitsEncoder, state: Any) -> None:
        self.t = tables
        game = encoder.game
        self.buffer: Any = tables.np.zeros(tables.size, dtype=tables.np.float32)
        self.mv: Any = memoryview(self.buffer)  # (typeshed: ints only; it takes floats)
        size = tables.observation_size
        self.buffer[:size] = to_float32(encoder.observation(game.observe(state, 0)))
        for seat in range(1, tables.players):
            first = tables.hands[seat]
            self.buffer[first : first + 52] = count_floats(state._hands[seat])
        self._pile = _pile_counts(state._discard)
        self._pile_size = len(state._discard)
        self._state: Any = state

    def observation(self, seat: int) -> Any:
        """Seat ``seat``'s observation (a new array)."""
        return self.buffer.take(self.t.gather[seat])

    def __getstate__(self) -> dict[str, Any]:
        # Without ``mv``, a view of ``buffer`` (a copy makes its own; none pickles).
        return {name: getattr(self, name) for name in self.__slots__ if name != "mv"}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name, value in data.items():
            setattr(self, name, value)
        self.mv = memoryview(self.buffer)

    def update(self, state: Any, events: Sequence[Event]) -> None:
        """Write what a step changed (its state is ``state``); raises
        :class:`~cardrules.StateError`, leaving the buffer as it was, if the step
        does not follow the buffer's position (as far as its discard pile shows)."""
        played: list[int] = []
        reread = False  # a new pile: its top card only, or a new hand's turned-up card
        for event in events:
            kind = type(event)
            if kind is CardPlayed:
                played.append(event.card)  # type: ignore[attr-defined]
            elif kind is Reshuffled or kind is HandDealt:
                reread = True
        pile = state._discard
        if not reread and self._pile_size + len(played) != len(pile):
            raise StateError(
                "this step does not follow the arrays' position: their discard pile "
                f"would hold {self._pile_size + len(played)} cards, the step's state has "
                f"{len(pile)} (give each step once, in order)"
            )
        if reread:
            self._pile = _pile_counts(pile)
            self.buffer[_DISCARD : _DISCARD + 52] = self._pile
        else:
            self._add_to_pile(played)
        self._pile_size = len(pile)
        old = self._state
        if state._hands is not old._hands:
            self._write_hands(old._hands, state._hands)
        self._write_table(old, state)
        if state._hand is not old._hand:
            self._write_hand_fields(old._hand, state._hand)
        self._state = state

    def _add_to_pile(self, cards: list[int]) -> None:
        """Count ``cards`` into the discard pile (its copies of each card)."""
        counts, mv = self._pile, self.mv
        for card in cards:
            copies = counts[card] + 1
            counts[card] = copies
            mv[_DISCARD + card] = copies

    def _write_hands(self, old: tuple[int, ...], new: tuple[int, ...]) -> None:
        """Write the hand sizes and the cards' entries that changed (hand masks)."""
        mv, starts, copies = self.mv, self.t.hands, self.t.copies
        sizes = self.t.at["hand_sizes"]
        for seat in self.t.seats:  # (indexing: a third of the cost of zip here)
            was, now = old[seat], new[seat]
            if was == now:
                continue
            mv[sizes + seat] = now.bit_count() / 10
            first = starts[seat]
            diff = was ^ now
            if diff > FULL_MASK:  # copies of cards (several decks)
                changed = 0
                while diff:
                    changed |= diff & FULL_MASK
                    diff >>= 52
                while changed:
                    low = changed & -changed
                    card = low.bit_length() - 1
                    mv[first + card] = (now >> card & copies).bit_count()
                    changed ^= low
            else:  # (a first copy came or went: a second one did not)
                while diff:
                    low = diff & -diff
                    mv[first + low.bit_length() - 1] = 1.0 if now & low else 0.0
                    diff ^= low

    def _write_table(self, old: Any, new: Any) -> None:
        """Write the public fields of state ``new`` that differ from ``old``'s, as
        the encoder encodes them (``craits._state_table`` lists them), but the hand
        sizes (:meth:`_write_hands`) and the fields of the hand being played
        (:meth:`_write_hand_fields`)."""
        mv, at = self.mv, self.t.at
        if new._discard[-1] != old._discard[-1]:
            _hot(mv, at["top"], old._discard[-1], new._discard[-1])
        if new._suit != old._suit:
            _hot(mv, at["suit"], old._suit, new._suit)
        count = new._count
        if count != old._count:
            mv[at["count"]] = clipped(count) / 10
            mv[at["count_on"]] = 1.0 if count else 0.0
        if new._count_out != old._count_out:
            mv[at["count_out"]] = 1.0 if new._count_out else 0.0
        if new._direction != old._direction:
            mv[at["direction"]] = 1.0 if new._direction > 0 else -1.0
        if len(new._stock) != len(old._stock):
            mv[at["stock"]] = len(new._stock) / self.t.cards
        # (A move keeps these tuples unless it changes them: `is` first, it is cheaper.)
        if new._exposed is not old._exposed and new._exposed != old._exposed:
            _seats(mv, at["exposed"], old._exposed, new._exposed)
        if new._forfeits is not old._forfeits and new._forfeits != old._forfeits:
            _each(mv, at["forfeits"], old._forfeits, new._forfeits, _turns)
        if new._penalties is not old._penalties and new._penalties != old._penalties:
            _each(mv, at["penalties"], old._penalties, new._penalties, _hundredths)
        if new._scores is not old._scores and new._scores != old._scores:
            _each(mv, at["scores"], old._scores, new._scores, _hundredths)
        if new._to_move != old._to_move:
            _hot(mv, at["to_move"], old._to_move, new._to_move)
        if new._phase != old._phase:
            _hot(mv, at["phase"], old._phase, new._phase)
        if new._idle != old._idle:
            mv[at["idle_turns"]] = new._idle / self.t.players

    def _write_hand_fields(self, old: Any, new: Any) -> None:
        """Write the fields of a new hand (or of the game's end) that changed."""
        mv, at = self.mv, self.t.at
        _hot(mv, at["dealer"], old._dealer, new._dealer)
        _hot(mv, at["hand_number"] - 1, old._number, new._number)
        mv[at["cards_dealt"]] = new._cards_dealt / 8
        _seats(mv, at["winners"], old._winners, new._winners)


def _hot(mv: Any, first: int, was: int | None, now: int | None) -> None:
    """A one-hot field from ``was`` to ``now`` (``None``: all 0)."""
    if was is not None:
        mv[first + was] = 0.0
    if now is not None:
        mv[first + now] = 1.0


def _each(
    mv: Any, first: int, was: tuple[int, ...], now: tuple[int, ...], value: Callable[[int], float]
) -> None:
    """A seat-indexed field: the entries of the seats whose values changed."""
    for seat, points in enumerate(now):
        if points != was[seat]:
            mv[first + seat] = value(points)


def _seats(mv: Any, first: int, was: tuple[int, ...], now: tuple[int, ...]) -> None:
    """A field of 1.0 for each seat listed, from the seats ``was`` to ``now``."""
    for seat in set(was).symmetric_difference(now):
        mv[first + seat] = 1.0 if seat in now else 0.0


def _turns(turns: int) -> float:
    """Turns to forfeit as encoded: held within the limit."""
    return float(clipped(turns))


def _hundredths(points: int) -> float:
    """Penalties and scores as encoded: held within the limit, / 100."""
    return clipped(points) / 100


def _pile_counts(pile: Sequence[int]) -> list[int]:
    """The copies of each card in a discard pile."""
    counts = [0] * 52
    for card in pile:
        counts[card] += 1
    return counts


_CRAITS: KeptByIdentity[CraitsTables] = KeptByIdentity()


def craits_tables(encoder: CraitsEncoder, np: Any) -> CraitsTables:
    """The tables of ``encoder`` (made once per encoder and shared by its trackers)."""
    tables = _CRAITS.get(encoder)
    return _CRAITS.keep(encoder, CraitsTables(encoder, np)) if tables is None else tables
