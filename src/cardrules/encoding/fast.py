"""The family encoders' quick ways to NumPy: information states written into buffers
(:class:`FamilyWriter`, for :meth:`InfoState.array(out=...)
<cardrules.encoding.info.InfoState.array>` and OpenSpiel's observer) and the rows of an
:class:`~cardrules.encoding.arrays.ObservationArrays` (:class:`FamilyRows`, for the
PettingZoo and Gymnasium hosts), for every game on the engines.

Neither knows a family: each asks the encoder's :class:`FastParts` (its ``_fast_parts()``),
a family's answer to four questions, and writes what they give as
:mod:`cardrules.encoding.writers` does (the 0/1 entries as the bits of one int, unpacked at
once; further copies of a card as bytes added to them; the real-valued runs packed as
``float32`` by the C cast of :func:`~cardrules.encoding.vectors.to_float32`), then the
fields the game declares (:class:`~cardrules.encoding.fields.GameField`), from the
seat's view. So the buffers and rows hold exactly ``to_float32`` of the lists.

The rows are written from the engine's state, not from views: the public part of a
position (the cards taken, the voids, the discard pile) is worked out once for all
seats, and each seat's row is its hand's mask and that public part seen from its
seat. Only a game that declares fields has a view made for each seat (its fields are
functions of the view).

>>> import numpy as np, cardrules as cr
>>> from cardrules.encoding import TrickEncoder
>>> from cardrules.encoding.arrays import ObservationArrays
>>> game = cr.Cramps()
>>> encoder = TrickEncoder(game)   # (the family's encoder, not Cramps' own)
>>> state = game.new_game(seed=3)
>>> arrays = ObservationArrays(encoder, state)
>>> step = game.step(state, game.legal_moves(state)[0])
>>> arrays.update(step)
>>> listed = np.asarray(encoder.observation(game.observe(step.state, 1)), np.float32)
>>> bool(np.array_equal(arrays.observation(1), listed))
True
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from cardrules.encoding.vectors import require_numpy
from cardrules.encoding.writers import Run, Writer
from cardrules.events import Event

if TYPE_CHECKING:
    from cardrules.encoding.family import FamilyEncoder
    from cardrules.encoding.info import Public

__all__ = ["FamilyRows", "FamilyWriter", "FastParts", "Parts"]

Parts = tuple[int, "bytearray | None", Sequence[tuple[Run, Sequence[float]]]]
"""What a family gives for a seat's entries: the bits of the 0/1 entries (bit ``i`` is
entry ``i``), the further copies of cards (a byte per entry of the observation, or
``None``: no card held twice), and each real-valued run with its values."""


class FastParts(Protocol):
    """What a family's encoder gives its quick paths (``FamilyEncoder._fast_parts``)."""

    def public(self, source: Any) -> Any:
        """The public part of a position (a state or a view: both have the public
        fields), shared by every seat's entries."""

    def hand_of_state(self, state: Any, seat: int) -> int:
        """``seat``'s hand at ``state``, as the family's hand mask."""

    def hand_of_view(self, view: Any) -> int:
        """The observer's hand in ``view``, as the family's hand mask."""

    def observation(self, source: Any, public: Any, hand: int, seat: int) -> Parts:
        """The family's entries of ``seat``'s observation (before the game's fields)."""

    def history(self, public: Public, own: Any, seat: int, parts: Parts) -> Parts:
        """``parts`` (the observation's) with the information state's history added."""


class FamilyWriter(Writer):
    """Writes a family encoder's observations and information states into buffers from
    its :class:`FastParts` (see the module documentation)."""

    def __init__(self, encoder: FamilyEncoder, np: Any, parts: FastParts) -> None:
        super().__init__(encoder, np)
        self.parts = parts
        self.family = encoder
        self.fields = tuple(
            (Run(encoder.field(f.name).start, f.size), f) for f in encoder.game_fields
        )

    def write(
        self, out: Any, public: Public, private: Any, seat: int, history: bool, contiguous: bool
    ) -> None:
        view, own = private
        parts = self.parts
        found = parts.observation(view, parts.public(view), parts.hand_of_view(view), seat)
        if history:
            found = parts.history(public, own, seat, found)
        bits, copies, runs = found
        if copies is not None and len(copies) != out.shape[0]:
            copies = copies + bytearray(out.shape[0] - len(copies))
        self.unpack(out, bits, copies)
        for run, values in runs:
            run.put(out, contiguous, values)
        for run, field in self.fields:
            run.put(out, contiguous, [float(value) for value in field.values(view)])


class FamilyRows:
    """Every seat's observation of one game as one row of a ``float32`` array, written
    from the state after each step by a family's :class:`FastParts` (see the module
    documentation); the same as ``encoder.observation(game.observe(state, seat))``,
    exactly. ``remade_on_error`` is ``False``: a step refused by
    :meth:`update` is refused before anything is written."""

    __slots__ = ("_bytes", "_encoder", "_fields", "_np", "_parts", "_rows", "_size")

    remade_on_error = False

    def __init__(self, encoder: FamilyEncoder, np: Any, state: Any, parts: FastParts) -> None:
        self._prepare(encoder, np, parts)
        self._rows = np.empty((encoder.game.players, self._size), np.float32)
        self._write(state)

    def _prepare(self, encoder: FamilyEncoder, np: Any, parts: FastParts) -> None:
        self._encoder = encoder
        self._np = np
        self._parts = parts
        self._size = size = encoder.observation_size
        self._bytes = (size + 7) >> 3
        self._fields = tuple(
            (struct.Struct(f"{f.size}f"), 4 * encoder.field(f.name).start, f)
            for f in encoder.game_fields
        )

    def observation(self, seat: int) -> Any:
        """A copy of ``seat``'s row."""
        return self._rows[seat].copy()

    def update(self, state: Any, events: Sequence[Event]) -> None:
        """Write every row again at ``state`` (``events`` are not needed)."""
        self._write(state)

    def _write(self, state: Any) -> None:
        np, parts, rows, size, width = self._np, self._parts, self._rows, self._size, self._bytes
        players = rows.shape[0]
        public = parts.public(state)
        found = [
            parts.observation(state, public, parts.hand_of_state(state, seat), seat)
            for seat in range(players)
        ]
        data = b"".join(bits.to_bytes(width, "little") for bits, _, _ in found)
        packed = np.frombuffer(data, np.uint8).reshape(players, width)
        rows[...] = np.unpackbits(packed, axis=1, count=size, bitorder="little")
        for seat, (_, copies, runs) in enumerate(found):
            row = seat * size * 4
            if copies is not None:
                extra = np.frombuffer(copies, np.uint8, size)
                np.add(rows[seat], extra, rows[seat])
            for run, values in runs:
                run.packer.pack_into(rows, row + 4 * run.start, *values)
        if self._fields:
            game = self._encoder.game
            for seat in range(players):
                view = game.observe(state, seat)
                for packer, at, field in self._fields:
                    values = [float(value) for value in field.values(view)]
                    packer.pack_into(rows, seat * size * 4 + at, *values)

    # (NumPy and the parts' tables are the process's own: found again after a pickle.)
    def __getstate__(self) -> dict[str, Any]:
        return {"encoder": self._encoder, "rows": self._rows}

    def __setstate__(self, data: dict[str, Any]) -> None:
        encoder = data["encoder"]
        parts = encoder._fast_parts()
        assert parts is not None  # (rows of this kind were made with them)
        self._prepare(encoder, require_numpy(), parts)
        self._rows = data["rows"]
