"""Observations kept as NumPy arrays and updated in place, for hosts that ask for an
observation after every move: :class:`ObservationArrays`.

An :class:`~cardrules.encoding.InfoState` makes a new list of floats each time its
observation is asked for, and a host then turns that list into an array. A tracker
keeps every seat's observation as one row of a ``float32`` array instead and changes,
after each step, only the entries the step changed, so an observation costs one
``array.copy()``.

* Cramps: a card played and a trick won are applied in place (the hand, the trick,
  the voids, whose turn it is; the cards taken, the leader, the trick's number and
  values, the round's points). The end of a round (the hand scored, a new deal) and
  the end of the game are rare: every seat's row is then made again from its view.
* Craits: the tracker moves on the public part of an information state (what
  :class:`~cardrules.encoding.InfoState` keeps: the encoder reads the events and
  checks the step), then writes only the entries whose values differ from those it wrote last:
  a card's entry in the hand or the discard pile, the two entries of a one-hot field
  (the top card, the suit, whose turn it is), one seat's hand size, and so on. A new
  hand or a reshuffle is written the same way, with more entries. The rows share
  one buffer (the public entries once, in absolute seat order, and each seat's
  hand), and an observation is one ``take`` from it (a copy in seat ``s``'s order).

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
from cardrules.encoding._arraytables import (
    CraitsTables,
    CrampsTables,
    craits_tables,
    cramps_tables,
)
from cardrules.encoding.base import Encoder
from cardrules.encoding.craits import CraitsEncoder
from cardrules.encoding.cramps import CrampsEncoder
from cardrules.encoding.vectors import _numpy, to_float32
from cardrules.errors import RulesError, SeatError, StateError
from cardrules.events import CardPlayed, MovePlayed, TrickWon
from cardrules.game import Step
from cardrules.table import is_seat

__all__ = ["ObservationArrays"]


class ObservationArrays:
    """Every seat's observation of one game, kept in NumPy ``float32`` arrays that
    are updated in place (see the module documentation).

    Args:
        encoder: the game's :class:`~cardrules.encoding.Encoder` (from
            :func:`~cardrules.encoding.encoder_for`).
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

    __slots__ = (
        "_c",
        "_cramps",
        "_data",
        "_encoder",
        "_flat",
        "_game",
        "_players",
        "_public",
        "_state",
        "_t",
    )

    def __init__(self, encoder: Encoder, state: Any) -> None:
        np = _numpy()
        if not isinstance(encoder, Encoder):
            raise RulesError(
                f"ObservationArrays needs an encoder (encoder_for(game)), not {_what(encoder)}"
            )
        if not isinstance(encoder, (CrampsEncoder, CraitsEncoder)):
            raise RulesError(
                f"ObservationArrays knows Cramps and Craits, not {type(encoder).__name__}"
            )
        if type(state) is Step:
            state = state.state
        game = encoder.game
        game.check_state(state)
        self._encoder = encoder
        self._game = game
        self._players: int = game.players
        players = self._players
        self._data: Any = np.zeros((self._players, encoder.observation_size), dtype=np.float32)
        self._flat: Any = self._data.reshape(-1)  # a view of the same memory
        self._cramps = isinstance(encoder, CrampsEncoder)
        self._public: Any = None
        self._t: CrampsTables | None = None
        self._c: CraitsTables | None = None
        self._state: Any = state
        if self._cramps:
            self._t = cramps_tables(encoder, np)
            self._rebuild(state)
        else:
            # The encoder's public part of an information state (made once per step
            # for all seats) and each seat's own hand, read as the encoder reads it.
            self._public = encoder._start_public(game.observe(state, 0))
            self._c = c = craits_tables(encoder, np)
            self._data = np.zeros(c.size, dtype=np.float32)  # (one buffer: see c)
            self._flat = self._data
            c.fill(
                self._data,
                [to_float32(encoder.observation(game.observe(state, s))) for s in range(players)],
            )
            c.remember(self._public, state._hands)

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
        c = self._c
        if c is not None:
            return self._data.take(c.gather[seat])
        return self._data[seat].copy()

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
        step's state."""
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
        if type(state) is not game.state_class:
            game.check_state(state)
        if not self._cramps:
            public = self._encoder._next_public(self._public, step)  # checks the step
            self._public = public
            self._state = state
            c = self._c
            assert c is not None
            c.update(self._data, public, state._hands)
            return
        if state._deal._rules is not game:
            game.check_state(state)
        t = self._t
        assert t is not None
        flat = self._flat
        for event in step.events:
            kind = type(event)
            if kind is CardPlayed:
                if not t.play(flat, event.seat, int(event.card)):  # type: ignore[attr-defined]
                    t.number = -1  # not a step of this position: see below
                    break
            elif kind is TrickWon:
                t.won(self._data, flat, event.seat, event.points, event.number)  # type: ignore[attr-defined]
            elif kind is not MovePlayed:  # a round's end, a new deal, the end: rare
                self._check_round(state)
                self._state = state
                self._rebuild(state)  # (the plays above are made again with the rest)
                return
        self._state = state
        if (
            len(state._tricks) + 1 != t.number
            or len(state._cards) != len(t.trick)
            or state._deal._number != t.round_number
        ):
            self._rebuild(state)
            raise StateError(
                "this step does not follow the arrays' position: they were made again "
                "from its state (give each step once, in order)"
            )

    def _check_round(self, state: Any) -> None:
        t = self._t
        assert t is not None
        number = state._deal._number
        if number != t.round_number and number != t.round_number + 1:
            self._rebuild(state)
            raise StateError(
                f"this step does not follow the arrays' position: they were at round "
                f"{t.round_number}, the step's state is at round {number} (the arrays "
                "were made again from it)"
            )

    def _rebuild(self, state: Any) -> None:
        """Every seat's row made again from its view (and the Cramps bookkeeping)."""
        encoder, game = self._encoder, self._game
        data = self._data
        t = self._t
        assert t is not None  # (Cramps only: Craits' buffer is written by c.update)
        # One view for the public part; each seat's own part is its hand, the same
        # mask as its view's hand (its dealt cards still held), as the encoder reads.
        view = game.observe(state, 0)
        public = encoder._start_public(view)
        deal, left = state._deal, state._left
        for seat in range(self._players):
            snapshot = encoder._snapshot(public, deal._dealt[seat] & left)
            data[seat] = to_float32(encoder._observe(snapshot, seat))
        trick = view.trick
        t.leader = trick.leader
        t.trick = [(int(card), (trick.leader + i) % 4) for i, card in enumerate(trick.cards)]
        t.to_move = view.to_move
        t.number = view.trick_number
        t.round_number = view.round_number
        t.round_scores = list(view.round_scores)


def _what(thing: object) -> str:
    """What ``thing`` is, for a message (no repr: a state's would show every hand)."""
    if thing is None or isinstance(thing, (str, int, float)):
        return f"{type(thing).__name__} {shown(thing)}"
    return f"a {type(thing).__name__}"
