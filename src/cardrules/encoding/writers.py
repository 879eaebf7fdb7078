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
from typing import TYPE_CHECKING, Any

from cardrules.encoding.vectors import require_numpy, to_float32
from cardrules.errors import RulesError

if TYPE_CHECKING:
    from cardrules.encoding.base import Encoder
    from cardrules.encoding.info import Public

__all__ = ["PerSeat", "Run", "Writer", "hot_bits", "row_bits", "seat_blocks", "write_array"]

_MODULES = sys.modules


def write_array(
    encoder: Encoder, public: Public, private: Any, seat: int, out: Any, history: bool
) -> Any:
    """The vector (``history``) or the observation of an information state's parts,
    written into ``out`` (checked first) or into a new array, which is returned.
    Raises ``ImportError`` (saying ``pip install numpy``) without NumPy."""
    np = _MODULES.get("numpy") or require_numpy()  # (asked each time: NumPy may be gone)
    writer: Writer | None = encoder._writer
    if writer is None or writer.np is not np:
        writer = encoder._writer = encoder._buffer_writer(np)
    if out is None:
        out = np.empty(
            encoder.info_state_size if history else encoder.observation_size, dtype=np.float32
        )
        contiguous = True
    else:
        contiguous = writer.check(out, history)
    writer.write(out, public, private, seat, history, contiguous)
    return out


class Run:
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


def hot_bits(start: int, players: int) -> tuple[tuple[int, ...], ...]:
    """``hot_bits(start, n)[seat][other]``: the bit of ``other``'s entry in a relative
    one-hot field at ``start`` (one entry per seat), as ``seat`` sees it."""
    return tuple(
        tuple(1 << (start + (other - seat) % players) for other in range(players))
        for seat in range(players)
    )


def seat_blocks(start: int, players: int) -> tuple[tuple[int, ...], ...]:
    """``seat_blocks(start, n)[seat][other]``: where ``other``'s block of 52 entries starts
    in a field of seat blocks at ``start``, as ``seat`` sees it."""
    return tuple(
        tuple(start + 52 * ((other - seat) % players) for other in range(players))
        for seat in range(players)
    )


def row_bits(start: int, size: int) -> tuple[int, ...]:
    """The bits of the entries of a one-hot field at ``start`` of ``size`` entries."""
    return tuple(1 << (start + i) for i in range(size))


class PerSeat:
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


class Writer:
    """Writes an encoder's vectors into buffers by way of its lists: the writer of an
    encoder that has no quicker one (:meth:`Encoder._buffer_writer
    <cardrules.encoding.base.Encoder._buffer_writer>`), and the base of the quicker
    ones (:class:`~cardrules.encoding.fast.FamilyWriter`), which set the bits of the
    0/1 entries (:meth:`unpack`) and write the real-valued runs (:class:`Run`)."""

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
            raise bad_out(size, history, f"a {type(out).__name__}")
        dtype = out.dtype
        if (dtype is not self.float32 and dtype != self.float32) or out.shape != (size,):
            raise bad_out(size, history, f"an array of {dtype} with shape {out.shape}")
        flags = out.flags
        if not flags.writeable:
            raise bad_out(size, history, "a read-only array")
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


def bad_out(size: int, history: bool, what: str) -> RulesError:
    name = "info_state_size" if history else "observation_size"
    return RulesError(
        f"out must be a writable 1-D NumPy float32 array of {size} entries "
        f"(encoder.{name}), not {what}"
    )
