"""Observations kept as NumPy arrays and updated in place, for hosts that ask for an
observation after every move: :class:`ObservationArrays`.

An :class:`~cardrules.encoding.InfoState` makes a new list of floats each time its
observation is asked for, and a host then turns that list into an array. A tracker
keeps every seat's observation as one row of a ``float32`` array instead and changes,
after each step, only the entries the step changed, so an observation costs one
``array.copy()``.

How a step is written is the encoder's (:meth:`Encoder._array_rows
<cardrules.encoding.base.Encoder._array_rows>`): a family's encoder keeps every seat's
observation in one buffer in absolute seats and writes only what a step changed (a
card played and a trick won in a trick game; the fields and hands whose values
differ in a shedding game), everything again from the state after anything else (a
new deal, a phase of the game's own), and an observation is one ``take`` from the
buffer (:mod:`cardrules.encoding.tracker`); an encoder with no quicker way writes
the rows from the seats' views and lists (:class:`~cardrules.encoding.rows.ViewRows`).

Each row holds only what its seat may see: the same as ``encoder.observation(
game.observe(state, seat))``, as ``float32``, exactly.

>>> import numpy as np, cardrules as cr
>>> from cardrules.encoding import encoder_for
>>> from cardrules.encoding.arrays import ObservationArrays
>>> game = cr.Cramps()
>>> encoder = encoder_for(game)
>>> state = game.new_game(seed=7)
>>> arrays = ObservationArrays(encoder, state)
>>> step = game.step(state, game.legal_moves(state)[0])
>>> arrays.update(step)
>>> fresh = np.asarray(encoder.observation(game.observe(step.state, 2)), dtype=np.float32)
>>> bool(np.array_equal(arrays.observation(2), fresh)), arrays.observation(2).dtype
(True, dtype('float32'))
"""

from __future__ import annotations

from typing import Any

from cardrules._text import shown
from cardrules.encoding.base import Encoder
from cardrules.encoding.vectors import require_numpy
from cardrules.errors import RulesError, SeatError, StateError
from cardrules.game import Step
from cardrules.seats import is_seat

__all__ = ["ObservationArrays"]


class ObservationArrays:
    """Every seat's observation of one game, kept in NumPy ``float32`` arrays that
    are updated in place (see the module documentation).

    Args:
        encoder: the game's :class:`~cardrules.encoding.Encoder` (from
            :func:`~cardrules.encoding.encoder_for`; any encoder).
        state: the position to start from (a state of the encoder's rules, or the
            :class:`~cardrules.game.Step` that holds it).

    Give it each step with :meth:`update` (the :class:`~cardrules.game.Step` that
    ``game.step`` returned; or, as :class:`~cardrules.hosts.table.HostTable` makes
    them, ``Step(state, events)`` combining several steps' events), then read
    :meth:`observation`. The tracker is mutable and belongs to one game; it never
    changes a state.

    Raises ``ImportError`` (saying ``pip install numpy``) if NumPy is not installed,
    :class:`~cardrules.RulesError` for something that is not an encoder and
    :class:`~cardrules.StateError` for a state of other rules.
    """

    __slots__ = ("_encoder", "_game", "_players", "_rows", "_state")

    def __init__(self, encoder: Encoder, state: Any) -> None:
        np = require_numpy()
        if not isinstance(encoder, Encoder):
            raise RulesError(
                f"ObservationArrays needs an encoder (encoder_for(game)), not {_what(encoder)}"
            )
        if type(state) is Step:
            state = state.state
        game = encoder.game
        game.check_state(state)
        self._encoder = encoder
        self._game = game
        self._players: int = game.players
        self._state: Any = state
        self._rows: Any = encoder._array_rows(np, state)

    @property
    def encoder(self) -> Encoder:
        """The encoder whose observations these are."""
        return self._encoder

    @property
    def state(self) -> Any:
        """The state the arrays are at (the last step's)."""
        return self._state

    def observation(self, seat: int) -> Any:
        """``seat``'s observation now: a new NumPy ``float32`` array of
        ``encoder.observation_size`` entries (a copy: changing it changes nothing
        here), equal to ``encoder.observation(game.observe(state, seat))``. Raises
        :class:`~cardrules.SeatError` for a seat not at the table."""
        if not is_seat(seat, self._players):
            raise SeatError(f"seat must be 0 to {self._players - 1}, not {shown(seat)}")
        return self._rows.observation(seat)

    def update(self, step: Step[Any]) -> None:
        """Move every seat's array on by ``step`` (what ``game.step(state, move)``
        returned for the state the arrays are at; or one ``Step`` of a state and the
        events of every engine step that led to it, as
        :class:`~cardrules.hosts.table.HostTable` makes them).

        Raises :class:`~cardrules.StateError` for something that is not a step, a step
        of other rules, and (as far as can be seen) a step that does not follow the
        arrays' position (given twice). A family's tracker writes a step that does not
        follow its position (one skipped) again from the step's state, so its rows
        are always the state's observations."""
        if type(step) is not Step:
            raise StateError(
                f"update() needs the Step that game.step(state, move) returned, not {_what(step)}"
            )
        state = step.state
        if state is self._state:
            raise StateError(
                "this step does not follow the arrays' position: its state is that "
                "position already (give each step once)"
            )
        game = self._game
        if type(state) is not game.state_class or state._rules is not game:
            game.check_state(state)
        rows = self._rows
        try:
            rows.update(state, step.events)
        except StateError:
            if rows.remade_on_error:
                self._state = state  # (its rows were made again from it)
            raise
        self._state = state

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name, value in data.items():
            setattr(self, name, value)


def _what(thing: object) -> str:
    """What ``thing`` is, for a message (no repr: a state's would show every hand)."""
    if thing is None or isinstance(thing, (str, int, float)):
        return f"{type(thing).__name__} {shown(thing)}"
    return f"a {type(thing).__name__}"
