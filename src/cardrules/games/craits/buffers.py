"""Craits' information states and observations written straight into NumPy buffers
(:meth:`InfoState.array(out=...) <cardrules.encoding.info.InfoState.array>`): the 0/1
entries as the bits of one int and the further copies of a card (several decks) as
bytes, unpacked at once, then the real-valued runs; see
:mod:`cardrules.encoding.writers` for how a writer works and why the buffer holds
exactly the list's ``float32`` values."""

from __future__ import annotations

from collections.abc import Sequence
from operator import truediv
from typing import TYPE_CHECKING, Any

from cardrules.cards import FULL_MASK
from cardrules.encoding.vectors import all_clipped, clipped
from cardrules.encoding.writers import PerSeat, Run, Writer, hot_bits, row_bits, seat_blocks

if TYPE_CHECKING:
    from cardrules.encoding.info import Public
    from cardrules.games.craits.encoder import CraitsEncoder

__all__ = ["CraitsWriter"]


def _spread(pattern: int) -> int:
    """The 13 bits of ``pattern`` as 13 bytes of 0 or 1 (bit ``i`` in byte ``i``)."""
    return sum(1 << 8 * i for i in range(13) if pattern >> i & 1)


_SPREAD = tuple(_spread(pattern) for pattern in range(1 << 13))
"""Each 13-bit pattern spread one bit a byte: a suit's cards as counts in one step."""


def _copies_as_bytes(at: int, mask: int) -> int:
    """The second and later copies of the hand mask ``mask`` (its first copies are
    bits), counted one card a byte from byte ``at`` of a little-endian int: at most 2
    each, as Craits plays with 3 decks at most, so no byte carries into the next."""
    total = 0
    mask >>= 52
    while mask:
        total += (
            _SPREAD[mask & 0x1FFF]
            | _SPREAD[mask >> 13 & 0x1FFF] << 104
            | _SPREAD[mask >> 26 & 0x1FFF] << 208
            | _SPREAD[mask >> 39 & 0x1FFF] << 312
        )
        mask >>= 52
    return total << 8 * at


class CraitsWriter(Writer):
    """Writes Craits' vectors into buffers (see :mod:`cardrules.games.craits.encoder` for
    the layout)."""

    def __init__(self, encoder: CraitsEncoder, np: Any) -> None:
        super().__init__(encoder, np)
        start = self.starts
        players = encoder._players
        self.craits = encoder
        self.players = players
        self.to_move = hot_bits(start["to_move"], players)
        self.dealer = hot_bits(start["dealer"], players)
        self.winners = hot_bits(start["winners"], players)
        self.played_at = seat_blocks(start["played"], players)
        self.top = row_bits(start["top"], 52)
        self.suit = row_bits(start["suit"], 4)
        self.phase = row_bits(start["phase"], 4)
        self.number = row_bits(start["hand_number"], encoder.field("hand_number").size)
        # Runs of real-valued entries: count … scores (the 0/1 ones among them too),
        # cards_dealt and idle_turns, draws and stuck.
        self.table = Run(start["count"], start["scores"] + players - start["count"])
        self.no_points = (0.0,) * (3 * players)
        self.hand = Run(start["cards_dealt"], 2)
        self.history = Run(start["draws"], 2 * players)
        self.tens = (10,) * players
        self.hundreds = (100,) * players
        self.kept = PerSeat(players, self._points)

    def write(
        self, out: Any, public: Public, private: Any, seat: int, history: bool, contiguous: bool
    ) -> None:
        p: Any = public
        start = self.starts
        hand, discard = private[0], p.discard
        bits = self._bits(p.table, seat)
        bits |= ((hand & FULL_MASK) << start["hand"]) | ((discard & FULL_MASK) << start["discard"])
        copied = hand > FULL_MASK or discard > FULL_MASK  # a card held twice or more
        if history:
            _, dealt, drawn = private
            bits |= (dealt & FULL_MASK) << start["dealt"]
            bits |= (drawn & FULL_MASK) << start["drawn"]
            for at, mask in zip(self.played_at[seat], p.played, strict=True):
                bits |= (mask & FULL_MASK) << at
            copied = copied or dealt > FULL_MASK or drawn > FULL_MASK or max(p.played) > FULL_MASK
        copies = self._copies(p, private, seat, history, out.shape[0]) if copied else None
        self.unpack(out, bits, copies)
        self._reals(out, contiguous, p.table, seat)
        if history and (any(p.draws) or any(p.stuck)):  # (else 0.0 already)
            get = self.craits._get[seat]
            counts = [*map(truediv, get(p.draws), self.tens)]
            counts += map(truediv, get(p.stuck), self.tens)
            self.history.put(out, contiguous, counts)

    def _copies(self, p: Any, private: Any, seat: int, history: bool, size: int) -> bytearray:
        """The second and later copies of each card in the hand masks, counted in
        bytes by entry."""
        start = self.starts
        masks = [(start["hand"], private[0]), (start["discard"], p.discard)]
        if history:
            masks += ((start["dealt"], private[1]), (start["drawn"], private[2]))
            masks += zip(self.played_at[seat], p.played, strict=True)
        counted = 0
        for at, mask in masks:
            if mask > FULL_MASK:
                counted += _copies_as_bytes(at, mask)
        return bytearray(counted.to_bytes(size, "little"))

    def _bits(self, table: tuple[Any, ...], seat: int) -> int:
        """The 0/1 entries of the table's one-hot fields, as bits."""
        bits: int = (
            self.top[table[0]]
            | self.suit[table[1]]
            | self.dealer[seat][table[12]]
            | self.phase[table[13]]
            | self.number[table[14] - 1]
        )
        if table[11] is not None:
            bits |= self.to_move[seat][table[11]]
        for winner in table[17]:
            bits |= self.winners[seat][winner]
        return bits

    def _reals(self, out: Any, contiguous: bool, table: tuple[Any, ...], seat: int) -> None:
        """Write the table's real-valued entries (and the 0/1 ones among them),
        worked out as in the list (``a / b`` by ``truediv``: the same division)."""
        get = self.craits._get[seat]
        count = table[2]
        values = [
            clipped(count) / 10,
            1.0 if count else 0.0,
            1.0 if table[3] else 0.0,
            1.0 if table[4] > 0 else -1.0,
            table[5] / self.craits._cards,
        ]
        values += map(truediv, get(table[6]), self.tens)
        exposed = [0.0] * self.players
        if table[7]:
            rel = self.craits._rel[seat]
            for other in table[7]:
                exposed[rel[other]] = 1.0
        values += exposed
        values += self.kept.get(table[8:11], seat)
        self.table.put(out, contiguous, values)
        self.hand.put(out, contiguous, (table[15] / 8, table[16] / self.players))

    def _points(self, points: tuple[Any, ...], seat: int) -> Sequence[float]:
        """The entries of the turns to forfeit, the penalties and the totals
        (``points``, their tuples)."""
        forfeits, penalties, scores = points
        if not (any(forfeits) or any(penalties) or any(scores)):
            return self.no_points
        get = self.craits._get[seat]
        values = [*map(float, get(all_clipped(forfeits)))]
        values += map(truediv, get(all_clipped(penalties)), self.hundreds)
        values += map(truediv, get(all_clipped(scores)), self.hundreds)
        return values
