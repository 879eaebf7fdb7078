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

The rows are written from the engine's state, not from views, and only when asked
for (a host asks for the seat to move after each step): the public part of a position
(the cards taken, the voids, the discard pile) is worked out once for all seats, and
a seat's row is its hand's mask and that public part seen from its seat. Only a game
that declares fields has a view made for a row (its fields are functions of the
view).

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
    from the state by a family's :class:`FastParts` (see the module documentation);
    the same as ``encoder.observation(game.observe(state, seat))``, exactly. A row is
    written when it is asked for after a step (a host asks for the seat to move, not
    for every seat), the position's public part once for all of them.
    ``remade_on_error`` is ``False``: :meth:`update` refuses nothing."""

    __slots__ = (
        "_bytes",
        "_encoder",
        "_fields",
        "_np",
        "_parts",
        "_public",
        "_rows",
        "_size",
        "_stale",
        "_state",
    )

    remade_on_error = False

    def __init__(self, encoder: FamilyEncoder, np: Any, state: Any, parts: FastParts) -> None:
        self._prepare(encoder, np, parts)
        self._rows = np.empty((encoder.game.players, self._size), np.float32)
        self.update(state, ())

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
        self._public: Any = None

    def observation(self, seat: int) -> Any:
        """A copy of ``seat``'s row (written first if the position moved on)."""
        if self._stale[seat]:
            self._write(seat)
        return self._rows[seat].copy()

    def update(self, state: Any, events: Sequence[Event]) -> None:
        """Move on to ``state`` (``events`` are not needed): every row is written again
        when it is next asked for."""
        self._state = state
        self._public = None
        self._stale = [True] * self._rows.shape[0]

    def _write(self, seat: int) -> None:
        np, parts, rows, size = self._np, self._parts, self._rows, self._size
        state = self._state
        public = self._public
        if public is None:
            public = self._public = parts.public(state)
        hand = parts.hand_of_state(state, seat)
        bits, copies, runs = parts.observation(state, public, hand, seat)
        row = rows[seat]
        data = np.frombuffer(bits.to_bytes(self._bytes, "little"), np.uint8)
        row[...] = np.unpackbits(data, count=size, bitorder="little")
        if copies is not None:
            np.add(row, np.frombuffer(copies, np.uint8, size), row)
        at = 4 * seat * size
        for run, values in runs:
            run.packer.pack_into(rows, at + 4 * run.start, *values)
        if self._fields:
            view = self._encoder.game.observe(state, seat)
            for packer, start, field in self._fields:
                values = [float(value) for value in field.values(view)]
                packer.pack_into(rows, at + start, *values)
        self._stale[seat] = False

    # (NumPy and the parts' tables are the process's own: found again after a pickle.)
    def __getstate__(self) -> dict[str, Any]:
        return {
            "encoder": self._encoder,
            "rows": self._rows,
            "state": self._state,
            "stale": self._stale,
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        encoder = data["encoder"]
        parts = encoder._fast_parts()
        assert parts is not None  # (rows of this kind were made with them)
        self._prepare(encoder, require_numpy(), parts)
        self._rows = data["rows"]
        self._state = data["state"]
        self._stale = list(data["stale"])
