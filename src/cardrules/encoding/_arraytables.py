"""The tables behind :class:`~cardrules.encoding.arrays.ObservationArrays`: where
each entry of a game's observation lies in a tracker's arrays (Cramps: one row per
seat; Craits: one shared buffer), made once per encoder and shared, and the small
part of the position a tracker remembers to write them step by step (all seats
absolute)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from cardrules.cards import FULL_MASK, SUIT_OF_INDEX
from cardrules.encoding.base import Encoder
from cardrules.encoding.cramps import CrampsEncoder
from cardrules.encoding.vectors import clipped, count_floats

__all__: list[str] = []

_SUIT = tuple(int(s) for s in SUIT_OF_INDEX)
_HOT, _EACH, _SEATS, _FLOATS = range(4)  # the kinds of Craits fields (CraitsTables)
_SEAT_FIELDS = (
    *("hand_sizes", "exposed", "forfeits", "penalties"),
    *("scores", "to_move", "dealer", "winners"),
)


class CrampsTables:
    """Where each entry of a Cramps observation lies in the tracker's flat array, and
    what the tracker remembers of the position (all seats absolute)."""

    def __init__(self, encoder: CrampsEncoder, np: Any) -> None:
        size = encoder.observation_size
        start = {field.name: field.start for field in encoder.fields}
        players = range(4)

        def by_observer(field: str, offset: Any) -> Any:
            # For each absolute seat s: the entry of s in every observer's row.
            return np.array(
                [[o * size + start[field] + offset(s, o) for o in players] for s in players],
                dtype=np.intp,
            )

        self.hand = [s * size + start["hand"] for s in players]
        # trick_at[s][card] / taken_at[s][card]: card played / taken by seat s.
        self.trick_at = np.array(
            [
                [
                    [o * size + start["trick"] + 52 * ((s - o) % 4) + c for o in players]
                    for c in range(52)
                ]
                for s in players
            ],
            dtype=np.intp,
        )
        self.taken_at = self.trick_at - start["trick"] + start["taken"]
        self.void_at = np.array(
            [
                [
                    [o * size + start["voids"] + 4 * ((s - o) % 4) + u for o in players]
                    for u in range(4)
                ]
                for s in players
            ],
            dtype=np.intp,
        )
        self.to_move_at = by_observer("to_move", lambda s, o: (s - o) % 4)
        self.leader_at = by_observer("leader", lambda s, o: (s - o) % 4)
        self.scores_at = by_observer("round_scores", lambda s, o: (s - o) % 4)
        # The leader's and the turn's entries of seat s (who leads is to move).
        self.turn_at = np.concatenate((self.leader_at, self.to_move_at), axis=1)
        # A play by s of a card: the entries set to 0, those set to 1.
        self.play_zeros = np.array(
            [[[self.hand[s] + c, *self.to_move_at[s]] for c in range(52)] for s in players],
            dtype=np.intp,
        )
        self.play_ones = np.array(
            [
                [[*self.trick_at[s, c], *self.to_move_at[(s + 1) % 4]] for c in range(52)]
                for s in players
            ],
            dtype=np.intp,
        )
        self.trick_slice = slice(start["trick"], start["trick"] + 4 * 52)
        number = start["trick_number"]
        assert start["trick_values"] == number + 13
        self.number_slice = slice(number, number + 26)
        # By trick number - 1: the one-hot number then the values' window.
        self.number_rows = np.array(
            [(*encoder._numbers[n], *encoder._windows[n]) for n in range(14)],
            dtype=np.float32,
        )
        self.target = encoder._target
        # The position.
        self.leader = 0
        self.trick: list[tuple[int, int]] = []
        self.to_move: int | None = None
        self.number = 1
        self.round_number = 1
        self.round_scores = [0, 0, 0, 0]

    def play(self, flat: Any, seat: int, card: int) -> bool:
        """A card played by ``seat``; ``False`` (nothing changed) if it was not that
        seat's turn, or not a card it held, as the tracker saw it."""
        if seat != self.to_move or flat[self.hand[seat] + card] != 1.0:
            return False  # not that seat's turn, or a card it does not hold
        flat.put(self.play_zeros[seat, card], 0.0)  # the hand's card, the turn
        flat.put(self.play_ones[seat, card], 1.0)  # the trick's card, the next turn
        trick = self.trick
        if trick:
            led = _SUIT[trick[0][0]]
            if _SUIT[card] != led:
                flat.put(self.void_at[seat, led], 1.0)
        trick.append((card, seat))
        self.to_move = (seat + 1) % 4
        return True

    def won(self, data: Any, flat: Any, winner: int, points: int, number: int) -> None:
        """Trick ``number`` won by ``winner``, for ``points`` (after its 4th card, whose
        player's left, the leader, is to move as far as :meth:`play` knows)."""
        data[:, self.trick_slice] = 0.0
        taken = self.taken_at[winner]
        for card, _ in self.trick:
            flat.put(taken[card], 1.0)
        self.trick = []
        flat.put(self.turn_at[self.leader], 0.0)
        flat.put(self.turn_at[winner], 1.0)
        self.leader = self.to_move = winner
        if points:
            self.round_scores[winner] += points
            flat.put(self.scores_at[winner], self.round_scores[winner] / self.target)
        self.number = number + 1
        data[:, self.number_slice] = self.number_rows[number]


class CraitsTables:
    """How a Craits tracker keeps its rows: one buffer holds the observation of seat
    0 (whose seat-indexed fields are in absolute seat order), then the hands of the
    other seats; seat ``s``'s observation is ``buffer.take(gather[s])``. A step writes
    each entry that changed once (a card's entry in a hand or the discard pile, the
    two entries of a one-hot field, one seat's hand size …), comparing the public
    part of an information state (the encoder's) and the hands with those the buffer
    was last written from."""

    def __init__(self, encoder: Encoder, np: Any) -> None:
        players = self.players = encoder.game.players
        size = encoder.observation_size
        start = {field.name: field.start for field in encoder.fields}
        cards = float(encoder.game.deck.size)
        # By the index of the component in the public table (see the encoder's
        # _observe): (first entry, kind, function). _HOT: a one-hot field, the function
        # gives the index of its 1.0 (None: none); _EACH: a seat-indexed field, the
        # function gives an entry from a seat's value; _SEATS: the seats listed have
        # 1.0 (the function is not used); _FLOATS: the function gives the field's floats.
        self.writers: tuple[tuple[int, int, Callable[[Any], Any]], ...] = (
            (start["top"], _HOT, int),
            (start["suit"], _HOT, int),
            (start["count"], _FLOATS, lambda count: (count / 10, 1.0 if count else 0.0)),
            (start["count_out"], _FLOATS, lambda out: (1.0 if out else 0.0,)),
            (start["direction"], _FLOATS, lambda way: (1.0 if way > 0 else -1.0,)),
            (start["stock"], _FLOATS, lambda stock: (stock / cards,)),
            (start["hand_sizes"], _EACH, lambda n: n / 10),
            (start["exposed"], _SEATS, int),
            (start["forfeits"], _EACH, float),
            (start["penalties"], _EACH, lambda n: clipped(n) / 100),
            (start["scores"], _EACH, lambda n: clipped(n) / 100),
            (start["to_move"], _HOT, lambda seat: seat),
            (start["dealer"], _HOT, lambda seat: seat),
            (start["phase"], _HOT, int),
            (start["hand_number"], _HOT, lambda number: number - 1),
            (start["cards_dealt"], _FLOATS, lambda dealt: (dealt / 8,)),
            (start["idle_turns"], _FLOATS, lambda idle: (idle / players,)),
            (start["winners"], _SEATS, int),
        )
        assert start["hand"] == 0 and start["discard"] == 52
        self.size = size + 52 * (players - 1)  # of the buffer
        # Where seat s's hand starts in the buffer.
        self.hands = [0, *(size + 52 * (s - 1) for s in range(1, players))]
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
        self.discard_mask = 0
        self.table: tuple[Any, ...] = ()
        self.held: tuple[int, ...] = ()  # the seats' hands (hand masks)

    def fill(self, buffer: Any, observations: list[Any]) -> None:
        """Write the buffer from every seat's observation (float32 arrays)."""
        buffer[: len(observations[0])] = observations[0]
        for seat in range(1, self.players):
            buffer[self.hands[seat] : self.hands[seat] + 52] = observations[seat][:52]

    def remember(self, public: Any, hands: tuple[int, ...]) -> None:
        """What the buffer now holds: an information state's public part (its discard
        pile and table) and the seats' hands (hand masks)."""
        self.discard_mask = public.discard
        self.table = public.table
        self.held = hands

    def update(self, buffer: Any, public: Any, hands: tuple[int, ...]) -> None:
        """Write in the buffer what changed since :meth:`remember`, then remember."""
        table, old = public.table, self.table
        if table is not old:
            writers = self.writers
            for i in [
                i for i, (a, b) in enumerate(zip(table, old, strict=True)) if a is not b and a != b
            ]:
                first, kind, write = writers[i]
                was, now = old[i], table[i]
                if kind == _HOT:
                    index = write(was)
                    if index is not None:
                        buffer[first + index] = 0.0
                    index = write(now)
                    if index is not None:
                        buffer[first + index] = 1.0
                elif kind == _EACH:
                    for j, (x, y) in enumerate(zip(was, now, strict=True), first):
                        if x != y:
                            buffer[j] = write(y)
                elif kind == _SEATS:
                    for seat in set(was).symmetric_difference(now):
                        buffer[first + seat] = 1.0 if seat in now else 0.0
                else:
                    for j, (x, y) in enumerate(zip(write(was), write(now), strict=True), first):
                        if x != y:
                            buffer[j] = y
        if public.discard != self.discard_mask:
            for card, count in _counts(self.discard_mask, public.discard):
                buffer[52 + card] = count
        held = self.held
        if hands is not held:
            for seat, (was, now) in enumerate(zip(held, hands, strict=True)):
                if was != now:
                    first = self.hands[seat]
                    for card, count in _counts(was, now):
                        buffer[first + card] = count
        self.remember(public, hands)


def _counts(old: int, new: int) -> list[tuple[int, float]]:
    """The cards whose copies in hand mask ``new`` differ from those in ``old``, with
    their copies in ``new``."""
    changed, diff = 0, old ^ new
    while diff:
        changed |= diff & FULL_MASK
        diff >>= 52
    if new > FULL_MASK:  # several decks
        counts = count_floats(new)
        return [(card, counts[card]) for card in range(52) if changed >> card & 1]
    found = []
    while changed:
        low = changed & -changed
        found.append((low.bit_length() - 1, 1.0 if new & low else 0.0))
        changed ^= low
    return found


_CRAMPS: dict[int, tuple[Encoder, CrampsTables]] = {}


def cramps_tables(encoder: Encoder, np: Any) -> CrampsTables:
    """A fresh tracker's tables for ``encoder``: the index tables are made once per
    encoder and shared, the position is the tracker's own."""
    known = _CRAMPS.get(id(encoder))
    if known is None or known[0] is not encoder:
        assert isinstance(encoder, CrampsEncoder)
        if len(_CRAMPS) >= 64:
            _CRAMPS.clear()
        known = _CRAMPS[id(encoder)] = (encoder, CrampsTables(encoder, np))
    tables = copy.copy(known[1])
    tables.trick = []
    tables.round_scores = [0, 0, 0, 0]
    return tables


_CRAITS: dict[int, tuple[Encoder, CraitsTables]] = {}


def craits_tables(encoder: Encoder, np: Any) -> CraitsTables:
    """A fresh tracker's tables for ``encoder`` (the index tables made once per
    encoder and shared)."""
    known = _CRAITS.get(id(encoder))
    if known is None or known[0] is not encoder:
        if len(_CRAITS) >= 64:
            _CRAITS.clear()
        known = _CRAITS[id(encoder)] = (encoder, CraitsTables(encoder, np))
    return copy.copy(known[1])
