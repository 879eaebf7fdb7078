"""The family encoders' quick way to NumPy buffers: information states and observations
written into a caller's buffer (:class:`FamilyWriter`, for :meth:`InfoState.array(out=...)
<cardrules.encoding.info.InfoState.array>` and OpenSpiel's observer), for every game on
the engines; the trackers of the PettingZoo and Gymnasium hosts
(:mod:`cardrules.encoding.tracker`) write a whole position with the same parts.

The writer knows no family: it asks the encoder's :class:`FastParts` (its
``_fast_parts()``), a family's answer to four questions, and writes what they give as
:mod:`cardrules.encoding.writers` does (the 0/1 entries as the bits of one int, unpacked at
once; further copies of a card as bytes added to them; the real-valued runs packed as
``float32`` by the C cast of :func:`~cardrules.encoding.vectors.to_float32`), then the
fields the game declares (:class:`~cardrules.encoding.fields.GameField`), from the
seat's view. So the buffers hold exactly ``to_float32`` of the lists.

>>> import numpy as np, cardrules as cr
>>> from cardrules.encoding import encoder_for
>>> game = cr.Cramps()
>>> encoder = encoder_for(game)
>>> info = encoder.info_state(game.new_game(seed=3), seat=1)
>>> out = np.empty(encoder.info_state_size, np.float32)
>>> bool(np.array_equal(info.array(out=out), np.asarray(info.vector, np.float32)))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from cardrules.encoding.writers import Run, Writer

if TYPE_CHECKING:
    from cardrules.encoding.family import FamilyEncoder
    from cardrules.encoding.info import Public

__all__ = ["FamilyWriter", "FastParts", "Parts"]

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
