"""Information states and observations written straight into a caller's NumPy
``float32`` buffer (:meth:`InfoState.array(out=...)
<cardrules.encoding.info.InfoState.array>`), without making the list of floats.

Most entries of an encoding are 0 or 1 (card masks, one-hot fields) or small counts
(copies of a card). A writer gathers the 0/1 entries as the bits of one Python int
(bit ``i`` is entry ``i``: a card mask is one shift, a one-hot entry one ``|``), and one
``numpy.unpackbits`` turns them into the buffer; counts above 1 (a second copy of a
card) come as a byte per entry, added to the unpacked bits. The few real-valued entries (scores,
trick values, sizes) are then written over their runs with :mod:`struct`, each value
worked out by the same expression as in the list and converted to ``float32`` by the
same C cast as :func:`~cardrules.encoding.vectors.to_float32`, so the buffer holds
exactly ``to_float32(vector)``, bit for bit. A writer's tables (which bit each entry of
each field is, for each observer) are made once per encoder, on first use, and kept
on it.
"""

from __future__ import annotations

import struct
import sys
from collections.abc import Callable, Sequence
from operator import truediv
from typing import TYPE_CHECKING, Any

from cardrules.cards import FULL_MASK
from cardrules.encoding.vectors import _numpy, all_clipped, clipped, to_float32
from cardrules.errors import RulesError

if TYPE_CHECKING:
    from cardrules.encoding.base import Encoder
    from cardrules.encoding.craits import CraitsEncoder
    from cardrules.encoding.cramps import CrampsEncoder
    from cardrules.encoding.info import Public

__all__: list[str] = []

_MODULES = sys.modules
_NO_PLAYS: tuple[tuple[int, int], ...] = ()


def write_array(
    encoder: Encoder, public: Public, private: Any, seat: int, out: Any, history: bool
) -> Any:
    """The vector (``history``) or the observation of an information state's parts,
    written into ``out`` (checked first) or into a new array, which is returned.
    Raises ``ImportError`` (saying ``pip install numpy``) without NumPy."""
    np = _MODULES.get("numpy") or _numpy()  # (asked each time: NumPy may be gone)
    writer: _Writer | None = encoder._writer
    if writer is None or writer.np is not np:
        writer = encoder._writer = _writer_for(encoder, np)
    if out is None:
        out = np.empty(
            encoder.info_state_size if history else encoder.observation_size, dtype=np.float32
        )
        contiguous = True
    else:
        contiguous = writer.check(out, history)
    writer.write(out, public, private, seat, history, contiguous)
    return out


def _writer_for(encoder: Encoder, np: Any) -> _Writer:
    """The writer of an encoder: its game's, or one that converts the list."""
    from cardrules.encoding.craits import CraitsEncoder
    from cardrules.encoding.cramps import CrampsEncoder

    if type(encoder) is CrampsEncoder:
        return _CrampsWriter(encoder, np)
    if type(encoder) is CraitsEncoder:
        return _CraitsWriter(encoder, np)
    return _Writer(encoder, np)  # (a subclass may lay its vectors out otherwise)


class _Run:
    """A run of real-valued entries, ``out[start:start + size]``, written from Python
    floats: packed into the buffer's memory when it is contiguous (``struct``'s
    native ``f`` is the C cast ``array("f")`` makes), else assigned by NumPy (the
    same cast)."""

    __slots__ = ("packer", "start", "stop")

    def __init__(self, start: int, size: int) -> None:
        self.start = start
        self.stop = start + size
        self.packer = struct.Struct(f"{size}f")

    def put(self, out: Any, contiguous: bool, values: Any) -> None:
        """Write ``values`` (``size`` floats) into the run."""
        if contiguous:
            self.packer.pack_into(out, 4 * self.start, *values)
        else:
            out[self.start : self.stop] = values


def _hot(start: int, players: int) -> tuple[tuple[int, ...], ...]:
    """``_hot(start, n)[seat][other]``: the bit of ``other``'s entry in a relative
    one-hot field at ``start`` (one entry per seat), as ``seat`` sees it."""
    return tuple(
        tuple(1 << (start + (other - seat) % players) for other in range(players))
        for seat in range(players)
    )


def _blocks(start: int, players: int) -> tuple[tuple[int, ...], ...]:
    """``_blocks(start, n)[seat][other]``: where ``other``'s block of 52 entries starts
    in a field of seat blocks at ``start``, as ``seat`` sees it."""
    return tuple(
        tuple(start + 52 * ((other - seat) % players) for other in range(players))
        for seat in range(players)
    )


def _rows(start: int, size: int) -> tuple[int, ...]:
    """The bits of the entries of a one-hot field at ``start`` of ``size`` entries."""
    return tuple(1 << (start + i) for i in range(size))


class _PerSeat:
    """Values worked out for each seat from a key that changes only now and then
    (the scores): those of the last key are kept, and used while the key asked for is
    equal to it (they depend on nothing else, so any caller may use them)."""

    __slots__ = ("kept", "make", "players")

    def __init__(self, players: int, make: Callable[[Any, int], Sequence[float]]) -> None:
        self.players = players
        self.make = make
        self.kept: tuple[Any, list[Sequence[float] | None]] = (None, [])

    def get(self, key: Any, seat: int) -> Sequence[float]:
        """``make(key, seat)``, or what it gave last time for an equal key."""
        known, values = self.kept
        if key != known:
            values = [None] * self.players
            self.kept = (key, values)
        value = values[seat]
        if value is None:
            value = values[seat] = self.make(key, seat)
        return value


class _Writer:
    """Writes an encoder's vectors into buffers by way of its lists: the base of the
    games' writers, and the writer of an encoder it does not know."""

    def __init__(self, encoder: Encoder, np: Any) -> None:
        self.encoder = encoder
        self.np = np
        self.float32 = np.dtype(np.float32)
        self.starts = {field.name: field.start for field in encoder.info_fields}

    def check(self, out: Any, history: bool) -> bool:
        """Raise :class:`~cardrules.RulesError` unless ``out`` is a writable 1-D NumPy
        ``float32`` array of the vector's (``history``) or the observation's size;
        returns whether it is contiguous."""
        encoder = self.encoder
        size = encoder.info_state_size if history else encoder.observation_size
        if not isinstance(out, self.np.ndarray):
            raise _bad_out(size, history, f"a {type(out).__name__}")
        dtype = out.dtype
        if (dtype is not self.float32 and dtype != self.float32) or out.shape != (size,):
            raise _bad_out(size, history, f"an array of {dtype} with shape {out.shape}")
        flags = out.flags
        if not flags.writeable:
            raise _bad_out(size, history, "a read-only array")
        contiguous: bool = flags.c_contiguous
        return contiguous

    def write(
        self, out: Any, public: Public, private: Any, seat: int, history: bool, contiguous: bool
    ) -> None:
        """Fill ``out`` with the information state's vector (``history``) or its
        observation, exactly as ``to_float32`` of the list would be."""
        encoder = self.encoder
        vector = encoder._observe(encoder._snapshot(public, private), seat)
        if history:
            vector = encoder._info_vector(public, private, seat, vector)
        out[:] = to_float32(vector)

    def unpack(self, out: Any, bits: int, copies: bytearray | None = None) -> None:
        """Set each entry of ``out`` to the bit of ``bits`` of its index, plus, with
        ``copies``, the byte of ``copies`` at that index (a card's further copies)."""
        np = self.np
        size = out.shape[0]
        data = np.frombuffer(bits.to_bytes((size + 7) >> 3, "little"), np.uint8)
        ones = np.unpackbits(data, None, size, "little")
        if copies is not None:
            np.add(ones, np.frombuffer(copies, np.uint8), ones)
        out[...] = ones


def _bad_out(size: int, history: bool, what: str) -> RulesError:
    name = "info_state_size" if history else "observation_size"
    return RulesError(
        f"out must be a writable 1-D NumPy float32 array of {size} entries "
        f"(encoder.{name}), not {what}"
    )


class _CrampsWriter(_Writer):
    """Cramps (see :mod:`cardrules.encoding.cramps` for the layout)."""

    def __init__(self, encoder: CrampsEncoder, np: Any) -> None:
        super().__init__(encoder, np)
        start = self.starts
        self.cramps = encoder
        self.trick_at = _blocks(start["trick"], 4)
        self.leader = _hot(start["leader"], 4)
        self.to_move = _hot(start["to_move"], 4)
        self.dealer = _hot(start["dealer"], 4)
        self.winners = _hot(start["winners"], 4)
        # By trick number - 1, as the encoder's tables (the 14th: the game is over).
        self.number = (*_rows(start["trick_number"], 13), 0)
        self.windows = encoder._windows
        self.values = _Run(start["trick_values"], 13)
        # round_scores, scores and round_number lie one after the other.
        first = start["round_scores"]
        self.reals = _Run(first, start["round_number"] + 1 - first)
        self.known: tuple[tuple[tuple[int, int], ...], int, tuple[int, ...]]
        self.known = (_NO_PLAYS, 0, (0,) * 4)

    def write(
        self, out: Any, public: Public, private: Any, seat: int, history: bool, contiguous: bool
    ) -> None:
        p: Any = public
        bits = self._bits(p, private & ~p.played, seat)
        if history:
            bits |= self._history_bits(p, private, seat)
        self.unpack(out, bits)
        self.values.put(out, contiguous, self.windows[p.trick_number - 1])
        points = self.cramps._points(p.round_scores, p.scores, p.round_number, seat)
        self.reals.put(out, contiguous, points)

    def _bits(self, p: Any, hand: int, seat: int) -> int:
        """The observation's 0/1 entries, as bits."""
        start = self.starts
        bits: int = hand << start["hand"]
        leader = p.leader
        trick_at = self.trick_at[seat]
        for i, card in enumerate(p.trick):
            bits |= 1 << (trick_at[(leader + i) % 4] + card)
        bits |= self.leader[seat][leader]
        taken, voids = p.taken, p.voids
        at, void_at = start["taken"], start["voids"]
        for other in self.cramps._order[seat]:
            bits |= (taken[other] << at) | (voids[other] << void_at)
            at += 52
            void_at += 4
        bits |= self.number[p.trick_number - 1]
        if p.to_move is not None:
            bits |= self.to_move[seat][p.to_move]
        bits |= self.dealer[seat][p.dealer]
        for winner in p.winners:
            bits |= self.winners[seat][winner]
        return bits

    def _history_bits(self, p: Any, dealt: int, seat: int) -> int:
        """The dealt hand and the cards played, by who played them and by trick."""
        start = self.starts
        tricks, by_seat = self._plays(p.plays)
        bits = (dealt << start["dealt"]) | (tricks << start["played_in"])
        at = start["played_by"]
        for other in self.cramps._order[seat]:
            bits |= by_seat[other] << at
            at += 52
        return bits

    def _plays(self, plays: tuple[tuple[int, int], ...]) -> tuple[int, tuple[int, ...]]:
        """The cards of ``plays`` (``(card, seat)`` in play order) by trick (bit ``52
        * (trick - 1) + card``) and by seat (absolute: a card mask each). The answer
        for the last plays asked for is kept, and plays that go on from them are
        worked out from it: a host asks at every step, and the round's plays only
        grow (the answer depends on nothing else, so any caller may use it)."""
        known, tricks, by_seat = self.known
        if plays is known:
            return tricks, by_seat
        done = len(known)
        if len(plays) < done or plays[:done] != known:
            done, tricks, by_seat = 0, 0, (0,) * 4
        seats = list(by_seat)
        for i in range(done, len(plays)):
            card, who = plays[i]
            tricks |= 1 << (52 * (i >> 2) + card)
            seats[who] |= 1 << card
        by_seat = tuple(seats)
        self.known = (plays, tricks, by_seat)
        return tricks, by_seat


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


class _CraitsWriter(_Writer):
    """Craits (see :mod:`cardrules.encoding.craits` for the layout)."""

    def __init__(self, encoder: CraitsEncoder, np: Any) -> None:
        super().__init__(encoder, np)
        start = self.starts
        players = encoder._players
        self.craits = encoder
        self.players = players
        self.to_move = _hot(start["to_move"], players)
        self.dealer = _hot(start["dealer"], players)
        self.winners = _hot(start["winners"], players)
        self.played_at = _blocks(start["played"], players)
        self.top = _rows(start["top"], 52)
        self.suit = _rows(start["suit"], 4)
        self.phase = _rows(start["phase"], 4)
        self.number = _rows(start["hand_number"], encoder.field("hand_number").size)
        # Runs of real-valued entries: count … scores (the 0/1 ones among them too),
        # cards_dealt and idle_turns, draws and stuck.
        self.table = _Run(start["count"], start["scores"] + players - start["count"])
        self.no_points = (0.0,) * (3 * players)
        self.hand = _Run(start["cards_dealt"], 2)
        self.history = _Run(start["draws"], 2 * players)
        self.tens = (10,) * players
        self.hundreds = (100,) * players
        self.kept = _PerSeat(players, self._points)

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
