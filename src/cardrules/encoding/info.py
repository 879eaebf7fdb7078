"""Information states: :class:`InfoState`, what one seat has seen so far, and the
parts they are kept in (:class:`Public`, the part every seat shares; the log of the
text).

How an information state is kept: each step's public part (what the events and the
public fields of the new state say) is worked out once and shared by the information
states of every seat that were started together
(:meth:`~cardrules.encoding.base.Encoder.info_states`); each seat adds only its own
cards, read when they change (a deal, a draw). The vector and the observation are made
when asked for (from that compact record, in one pass); the text is made when first
asked for and remembered, and the text of a state whose predecessor's text was asked
for is that text plus the new step's phrases.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Container
from typing import TYPE_CHECKING, Any

from cardrules.cards import Card
from cardrules.encoding._buffers import write_array
from cardrules.encoding.text import cards_text, step_text
from cardrules.errors import StateError
from cardrules.game import Step

if TYPE_CHECKING:
    from cardrules.encoding.base import Encoder

__all__ = ["InfoState", "Log", "Note", "Public"]


class Public:
    """The public part of an information state, shared by every seat started together:
    a game's encoder subclasses it with its fields. ``next`` remembers the step seen
    last and the public part after it, so the seats that see the same step after one
    another share that work too (the step is held weakly: a public part never keeps a
    state alive)."""

    __slots__ = ("next", "touched")

    next: tuple[Callable[[], object], Public] | None
    touched: Container[int]
    """The seats whose own part the last step changed (a deal: all of them)."""

    def __init__(self) -> None:
        self.next = None
        self.touched = ()

    def __getstate__(self) -> dict[str, Any]:
        names = [n for c in type(self).__mro__ for n in getattr(c, "__slots__", ())]
        return {name: getattr(self, name) for name in names if name != "next"}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name, value in data.items():
            setattr(self, name, value)
        self.next = None


Note = tuple[str, tuple[Card, ...]]
"""The cards a seat received in a step, with what they are: ``("hand", cards)`` for a
new hand, ``("drew", cards)`` for cards drawn."""

Log = tuple[Any, Any, Any]
"""One step of an information state's text, ``(log before, events, note)``: the
step's events (public) and the cards the seat received in it (a :data:`Note`, or
``None``), or ``(None, None, header)`` for the position the information state started
from. Made into text only when the text is asked for."""


def _chunk(log: Log) -> str:
    """The text of one step of a log."""
    _, events, note = log
    if events is None:
        return str(note)
    chunk = "; " + step_text(events)
    if note is None:
        return chunk
    return f"{chunk} [{note[0]} {cards_text(note[1])}]"


def _not_a_step(thing: object) -> StateError:
    return StateError(  # (no repr: a state's would show every hand)
        f"after() needs the Step that game.step(state, move) returned, not a {type(thing).__name__}"
    )


def _weak(step: Step[Any]) -> Callable[[], object]:
    try:
        return weakref.ref(step)
    except TypeError:  # a Step that cannot be held weakly: no sharing
        return lambda: None


class InfoState:
    """What one seat has seen so far, for learning hosts: an immutable value made by
    :meth:`Encoder.info_state <cardrules.encoding.base.Encoder.info_state>` and moved
    on by :meth:`after`.

    :attr:`vector` (``encoder.info_state_size`` floats, laid out as
    ``encoder.info_fields`` say) recalls everything the seat saw in the current deal
    and what stays public across deals (scores, the deal's number); :attr:`text`
    recalls the whole game as the seat saw it. Both hold only what the seat may know.

    >>> import cardrules as cr
    >>> from cardrules.encoding import encoder_for
    >>> game = cr.Cramps()
    >>> encoder = encoder_for(game)
    >>> state = game.new_game(seed=7)
    >>> info = encoder.info_state(state, seat=2)
    >>> later = info.after(game.step(state, cr.Play("KS")))
    >>> len(later.vector) == encoder.info_state_size, later.text.endswith("1:K♠")
    (True, True)
    >>> info.text.endswith("1:K♠")        # the old one is unchanged
    False
    """

    __slots__ = (
        "_base",
        "_encoder",
        "_log",
        "_private",
        "_public",
        "_seat",
        "_steps",
        "_text",
    )

    _encoder: Encoder
    _seat: int
    _public: Public
    _private: Any
    _log: Log
    _steps: int
    _base: tuple[str, Log] | None
    _text: str | None

    def __init__(self) -> None:
        raise StateError("information states come from Encoder.info_state(state, seat)")

    @property
    def encoder(self) -> Encoder:
        """The encoder that made this information state."""
        return self._encoder

    @property
    def seat(self) -> int:
        """The seat whose information this is."""
        return self._seat

    @property
    def steps(self) -> int:
        """How many steps it has seen since it was started."""
        return self._steps

    def after(self, step: Step[Any]) -> InfoState:
        """A new information state: this one after ``step`` (what ``game.step(state,
        move)`` returned for the state this one is at). This one is not changed.

        Raises :class:`~cardrules.StateError` for something that is not a step of these
        rules, and for a step that does not follow this information state when that
        can be seen (a step given twice, a step skipped)."""
        if type(step) is not Step:
            raise _not_a_step(step)
        public = self._public
        known = public.next
        if known is not None and known[0]() is step:
            new_public = known[1]
        else:
            new_public = self._encoder._next_public(public, step)
            public.next = (_weak(step), new_public)
        return self._advance(step, new_public)

    def _advance(self, step: Step[Any], public: Public) -> InfoState:
        """This information state after ``step``, whose public part is ``public``."""
        seat = self._seat
        info = _new(InfoState)
        info._encoder = encoder = self._encoder
        info._seat = seat
        info._public = public
        if seat in public.touched:
            info._private, note = encoder._next_private(self._private, public, step.state, seat)
        else:
            info._private, note = self._private, None
        info._log = (self._log, step.events, note)
        info._steps = self._steps + 1
        text = self._text
        info._base = self._base if text is None else (text, self._log)
        info._text = None
        return info

    @property
    def observation(self) -> list[float]:
        """The seat's observation now, the same as ``encoder.observation(
        game.observe(state, seat))``, without making a view (a new list on each call:
        made when asked for, not kept)."""
        encoder = self._encoder
        return encoder._observe(encoder._snapshot(self._public, self._private), self._seat)

    def observation_array(self, out: Any = None) -> Any:
        """:attr:`observation` as a NumPy ``float32`` array: a new one, or, with
        ``out``, written into that buffer (a writable 1-D ``float32`` array of
        ``encoder.observation_size`` entries), which is returned. See :meth:`array`."""
        return write_array(self._encoder, self._public, self._private, self._seat, out, False)

    @property
    def vector(self) -> list[float]:
        """The information state as ``encoder.info_state_size`` floats: the
        observation, then the history of the deal (``encoder.info_fields`` says what
        each slice holds). A new list on each call, made when asked for."""
        encoder = self._encoder
        public, private, seat = self._public, self._private, self._seat
        observation = encoder._observe(encoder._snapshot(public, private), seat)
        return encoder._info_vector(public, private, seat, observation)

    def array(self, out: Any = None) -> Any:
        """:attr:`vector` as a NumPy ``float32`` array: a new one, or, with ``out``,
        written into that buffer, which is returned. ``out`` must be a writable 1-D
        NumPy ``float32`` array of ``encoder.info_state_size`` entries; every entry is
        written (nothing of an earlier call stays), and the values are exactly those
        of ``numpy.array(info.vector, dtype=numpy.float32)``, made without the list,
        several times quicker: the way to fill a host's tensor at every decision.

        Raises :class:`~cardrules.RulesError` (a ``ValueError``) for an ``out`` that
        is not such an array, and ``ImportError`` (saying ``pip install numpy``) if
        NumPy is not installed.

        >>> import numpy as np
        >>> import cardrules as cr
        >>> from cardrules.encoding import encoder_for
        >>> encoder = encoder_for(cr.Cramps())
        >>> info = encoder.info_state(encoder.game.new_game(seed=7), seat=0)
        >>> buffer = np.zeros(encoder.info_state_size, dtype=np.float32)
        >>> info.array(out=buffer) is buffer
        True
        >>> bool(np.array_equal(buffer, np.array(info.vector, dtype=np.float32)))
        True
        >>> info.array(out=np.zeros(10, dtype=np.float32))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        cardrules.errors.RulesError: out must be a writable 1-D NumPy float32 array of 1471 ...
        """
        return write_array(self._encoder, self._public, self._private, self._seat, out, True)

    @property
    def text(self) -> str:
        """The whole game as this seat saw it, as text: the position it started from
        (its own cards, the public table), then every step's events, with the cards the
        seat received in brackets. Two histories give the same text exactly when the
        seat cannot tell them apart (OpenSpiel's information state string)."""
        text = self._text
        if text is None:
            base = self._base
            stop = None if base is None else base[1]
            chunks = []
            log = self._log
            while log is not None and log is not stop:
                chunks.append(_chunk(log))
                log = log[0]
            chunks.reverse()
            text = self._text = ("" if base is None else base[0]) + "".join(chunks)
        return text

    def __repr__(self) -> str:
        return (
            f"InfoState(seat={self._seat}, steps={self._steps}, "
            f"game={type(self._encoder.game).__name__})"
        )

    def __copy__(self) -> InfoState:
        return self

    def __deepcopy__(self, memo: object) -> InfoState:
        return self  # immutable: nothing to copy

    def __reduce__(self) -> tuple[Any, ...]:
        # The text's steps as a flat list: a long chain would be too deep to pickle.
        steps = []
        log: Log | None = self._log
        while log is not None:
            steps.append(log[1:])
            log = log[0]
        steps.reverse()
        return (
            _rebuild,
            (self._encoder.game, self._seat, self._public, self._private, self._steps, steps),
        )


def _rebuild(
    game: Any,
    seat: int,
    public: Public,
    private: Any,
    steps: int,
    logs: list[tuple[Any, Any]],
) -> InfoState:
    """Unpickle an :class:`InfoState`."""
    from cardrules.encoding import encoder_for

    log: Any = None
    for events, note in logs:
        log = (log, events, note)
    info = _new(InfoState)
    info._encoder = encoder_for(game)
    info._seat = seat
    info._public = public
    info._private = private
    info._log = log
    info._steps = steps
    info._base = None
    info._text = None
    return info


_new = object.__new__
