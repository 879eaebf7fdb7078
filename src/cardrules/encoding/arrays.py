"""Observations kept as NumPy arrays and updated in place, for hosts that ask for an
observation after every move: :class:`ObservationArrays`.

An :class:`~cardrules.encoding.InfoState` makes a new list of floats each time its
observation is asked for, and a host then turns that list into an array. A tracker
keeps every seat's observation as one row of a ``float32`` array instead and changes,
after each step, only the entries the step changed, so an observation costs one
``array.copy()``.

How a step is written is the encoder's (:meth:`Encoder._array_rows
<cardrules.encoding.base.Encoder._array_rows>`): a family's encoder writes every row
again from the state, the public part once for all seats and each row's 0/1 entries
unpacked from bits (:class:`~cardrules.encoding.fast.FamilyRows`); an encoder with no
quicker way writes them from the seats' views and lists
(:class:`~cardrules.encoding.rows.ViewRows`); Cramps' and Craits' encoders have rows
that write only what changed (:mod:`cardrules.games.cramps.arrays`,
:mod:`cardrules.games.craits.arrays`):

* Cramps: a card played and a trick won are written with a few NumPy assignments of
  precomputed index arrays (the hand, the trick, the voids, whose turn it is; the
  cards taken, the leader, the trick's number and values, the round's points), and
  so is the end of the game (the totals, the winners). A new round is written from
  the dealt hands: the rows of a round's start, then the hands' bits and a few
  fields. A position in the middle of a round (a tracker started there, or a step
  that did not follow) is written from each seat's view, as the encoder writes it.
* Craits: the tracker reads the step's events (the cards played, a reshuffle or a new
  hand: the discard pile, which checks that the step follows) and the state's public
  fields, and writes only the entries whose values differ from those it wrote last: a
  card's entry in a hand or the discard pile, the two entries of a one-hot field (the
  top card, the suit, whose turn it is), one seat's hand size, and so on. A new hand
  or a reshuffle is written the same way, with more entries. The rows share one
  buffer (the public entries once, in absolute seat order, and each seat's hand), and
  an observation is one ``take`` from it (a copy in seat ``s``'s order).

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
        arrays' position (given twice, or one skipped). The arrays stay usable: in
        Craits they are left as they were; in Cramps a step that does not follow is
        seen only after it was applied, and the arrays are then made again from the
        step's state (which :attr:`state` then is). A family's encoder writes the rows
        from the step's state alone, so only a step given twice is seen there."""
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
