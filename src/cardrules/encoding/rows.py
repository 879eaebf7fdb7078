"""The rows of an :class:`~cardrules.encoding.arrays.ObservationArrays` for an encoder
with no quicker way of its own (:meth:`Encoder._array_rows
<cardrules.encoding.base.Encoder._array_rows>`): :class:`ViewRows`, every seat's
observation written again from its view after each step. The family encoders' trackers
write only what a step changed (:mod:`cardrules.encoding.tracker`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules.events import Event

if TYPE_CHECKING:
    from cardrules.encoding.base import Encoder

__all__ = ["ViewRows"]


class ViewRows:
    """Every seat's observation of one game as one row of a ``float32`` array, written
    from the seats' views: the same as ``encoder.observation(game.observe(state,
    seat))`` by construction. ``remade_on_error`` says whether a step refused by
    :meth:`update` has still moved the rows on (never here: a refused step is refused
    before anything is written)."""

    __slots__ = ("_encoder", "_rows")

    remade_on_error = False

    def __init__(self, encoder: Encoder, np: Any, state: Any) -> None:
        self._encoder = encoder
        self._rows = np.empty((encoder.game.players, encoder.observation_size), np.float32)
        self._write(state)

    def observation(self, seat: int) -> Any:
        """A copy of ``seat``'s row."""
        return self._rows[seat].copy()

    def update(self, state: Any, events: Sequence[Event]) -> None:
        """Write every row again at ``state`` (``events`` are not needed)."""
        self._write(state)

    def _write(self, state: Any) -> None:
        encoder = self._encoder
        game = encoder.game
        rows = self._rows
        for seat in range(game.players):
            rows[seat] = encoder.observation(game.observe(state, seat))

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name, value in data.items():
            setattr(self, name, value)
