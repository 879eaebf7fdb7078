"""Information states: :class:`InfoState`, what one seat has seen so far, and the
parts they are kept in (:class:`Public`, the part every seat shares; the log of the
text).

How an information state is kept: each step's public part (what the events and the
public fields of the new state say) is worked out once and shared by the information
states of every seat that were started together
(:meth:`~cardrules.encoding.base.Encoder.info_states`); each seat adds only its own
cards, read when they change (a deal, a draw). The vector and the observation are made
when asked for (from that compact record, in one pass). The text is made when asked
for, from a log of the steps that information states share with their predecessors
(:class:`Log`): each step's phrases are worked out once and kept in the log, in blocks
of :data:`BLOCK` steps, so no information state holds a whole text of its own.
"""

from __future__ import annotations

import hashlib
import weakref
from collections.abc import Callable, Container
from typing import TYPE_CHECKING, Any

from cardrules.cards import Card
from cardrules.encoding.lookup import encoder_for
from cardrules.encoding.text import cards_text, step_text
from cardrules.encoding.writers import write_array
from cardrules.errors import StateError
from cardrules.events import seat_events
from cardrules.game import Step

if TYPE_CHECKING:
    from cardrules.encoding.base import Encoder

__all__ = ["BLOCK", "InfoState", "Log", "Note", "Public"]


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

BLOCK = 64
"""The steps of an information state's text kept together as one string in its
:class:`Log` (a text is joined from about ``steps / BLOCK`` such strings and the last
few steps' phrases)."""


class Log:
    """The text of an information state, step by step, as a persistent list that
    information states share with the ones they came from: the step's events (as the
    seat may know them: :func:`~cardrules.events.seat_events`) and the cards the seat
    received in it (a :data:`Note`, or ``None``), or, for the
    first entry, the text of the position the information state started from. Each
    entry works out its phrases when first asked for, and every :data:`BLOCK`-th entry
    keeps the phrases of the :data:`BLOCK` entries up to it as one string, so a text
    of ``n`` steps is joined from about ``n / BLOCK`` strings and no entry holds a
    whole text (a game's positions kept side by side cost the game's text once, not
    once per position). ``call_word`` is the game's word for a call on a missed "one
    card", which the text says (:func:`~cardrules.encoding.text.step_text`).

    >>> log = Log(None, None, "start")
    >>> log.text()
    'start'
    """

    __slots__ = (
        "_block",
        "_chunk",
        "_hasher",
        "_last",
        "_root",
        "_skip",
        "before",
        "call_word",
        "depth",
        "events",
        "note",
    )

    before: Log | None
    events: Any
    note: Any
    depth: int
    call_word: str
    _chunk: str | None
    _block: str | None
    _skip: Log | None
    _hasher: Any
    _root: Log
    _last: tuple[Log, str] | None

    def __init__(self, before: Log | None, events: Any, note: Any, call_word: str = "call") -> None:
        self.before = before
        self.events = events  # None for the first entry, whose note is its text
        self.note = note
        self.depth = 0 if before is None else before.depth + 1
        self._chunk = None
        self._block = None
        self._skip = None
        self._hasher = None  # at depth 0 and every BLOCK-th entry, once a digest is asked
        self._root = self if before is None else before._root
        # The game's word for a call on a missed "one card", said in the text (the
        # first entry's: the whole log's).
        self.call_word = call_word if before is None else before.call_word
        self._last = None  # at the first entry: the last text made in its log, and where

    def chunk(self) -> str:
        """This entry's own phrases (made once)."""
        chunk = self._chunk
        if chunk is None:
            events, note = self.events, self.note
            if events is None:
                chunk = str(note)
            else:
                chunk = "; " + step_text(events, self.call_word)
                if note is not None:
                    chunk = f"{chunk} [{note[0]} {cards_text(note[1])}]"
            self._chunk = chunk
        return chunk

    def _block_text(self) -> str:
        """At an entry whose depth is a multiple of :data:`BLOCK`: the phrases of the
        :data:`BLOCK` entries up to it (made once), with ``_skip`` set to the entry
        before them."""
        block = self._block
        if block is None:
            chunks = []
            entry: Log | None = self
            for _ in range(BLOCK):
                assert entry is not None  # (the first entry is at depth 0)
                chunks.append(entry.chunk())
                entry = entry.before
            chunks.reverse()
            self._skip = entry
            block = self._block = "".join(chunks)
        return block

    def text(self) -> str:
        """The whole text up to this entry. The log keeps the last text it made (one for
        the whole log), so a text asked a few steps after the one before is that text
        and the new steps' phrases."""
        root = self._root
        last = root._last
        entry: Log | None = self
        if last is not None:
            known, known_text = last
            gap = self.depth - known.depth
            if 0 <= gap <= BLOCK:
                chunks = []
                for _ in range(gap):
                    assert entry is not None  # (gap entries come before this one)
                    chunks.append(entry.chunk())
                    entry = entry.before
                if entry is known:
                    chunks.reverse()
                    text = known_text + "".join(chunks)
                    root._last = (self, text)
                    return text
        parts = []
        entry = self
        while entry is not None and entry.depth % BLOCK:
            parts.append(entry.chunk())
            entry = entry.before
        while entry is not None and entry.depth:
            parts.append(entry._block_text())
            entry = entry._skip
        if entry is not None:
            parts.append(entry.chunk())
        parts.reverse()
        text = "".join(parts)
        root._last = (self, text)
        return text

    def digest(self) -> str:
        """A digest of :meth:`text` (BLAKE2b, 128 bits, as 32 hex digits), worked out
        from the digest of the last :data:`BLOCK`-th entry and the phrases after it,
        without the text: equal for equal texts, and for different texts only by a
        chance of about 2**-128.

        >>> import hashlib
        >>> log = Log(None, None, "start")
        >>> log.digest() == hashlib.blake2b(b"start", digest_size=16).hexdigest()
        True
        """
        tail = []
        entry: Log | None = self
        while entry is not None and entry.depth % BLOCK:
            tail.append(entry.chunk())
            entry = entry.before
        assert entry is not None  # (the first entry is at depth 0)
        hasher = entry._hashed().copy()
        for chunk in reversed(tail):
            hasher.update(chunk.encode())
        digest: str = hasher.hexdigest()
        return digest

    def _hashed(self) -> Any:
        """At the first entry or a :data:`BLOCK`-th one: the hash of the text up to it
        (worked out once, from the one at the block before)."""
        waiting = []
        entry: Log | None = self
        while entry is not None and entry._hasher is None and entry.depth:
            waiting.append(entry)
            entry._block_text()  # (finds the entry before the block)
            entry = entry._skip
        assert entry is not None  # (the first entry is at depth 0)
        if entry._hasher is None:
            entry._hasher = hashlib.blake2b(entry.chunk().encode(), digest_size=16)
        hasher = entry._hasher
        for later in reversed(waiting):
            hasher = hasher.copy()
            hasher.update(later._block_text().encode())
            later._hasher = hasher
        return hasher

    def entries(self) -> list[tuple[Any, Any]]:
        """Each entry's ``(events, note)``, first to last: a flat list (pickles make a
        log again from it, since a long chain would be too deep to pickle)."""
        steps = []
        entry: Log | None = self
        while entry is not None:
            steps.append((entry.events, entry.note))
            entry = entry.before
        steps.reverse()
        return steps

    def __copy__(self) -> Log:
        return self

    def __deepcopy__(self, memo: object) -> Log:
        return self  # what it says never changes (only what it has worked out)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_log_of, (self.entries(), self.call_word))


def _log_of(entries: list[tuple[Any, Any]], call_word: str = "call") -> Log:
    """The :class:`Log` of ``entries`` (see :meth:`Log.entries`)."""
    log = None
    for events, note in entries:
        log = Log(log, events, note, call_word)
    assert log is not None
    return log


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

    __slots__ = ("_encoder", "_log", "_private", "_public", "_seat", "_steps")

    _encoder: Encoder
    _seat: int
    _public: Public
    _private: Any
    _log: Log
    _steps: int

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
        info._log = Log(self._log, seat_events(step.events, seat), note)
        info._steps = self._steps + 1
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
        cardrules.errors.RulesError: out must be a writable 1-D NumPy float32 array of 1529 ...
        """
        return write_array(self._encoder, self._public, self._private, self._seat, out, True)

    @property
    def text(self) -> str:
        """The whole game as this seat saw it, as text: the position it started from
        (its own cards, the public table), then every step's events, with the cards the
        seat received in brackets. Two histories give the same text exactly when the
        seat cannot tell them apart (OpenSpiel's information state string). Made
        anew on each call from the :class:`Log` the information state shares with the
        ones before it."""
        return self._log.text()

    @property
    def digest(self) -> str:
        """A digest of :attr:`text`, 32 hex digits, worked out without the text (see
        :meth:`Log.digest`): a short key for a table of information states, equal
        exactly when the texts are (but for a 128-bit hash's collisions).

        >>> import cardrules as cr
        >>> from cardrules.encoding import encoder_for
        >>> info = encoder_for(cr.Cramps()).info_state(cr.Cramps().new_game(seed=7), seat=2)
        >>> import hashlib
        >>> info.digest == hashlib.blake2b(info.text.encode(), digest_size=16).hexdigest()
        True
        """
        return self._log.digest()

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
        return (
            _rebuild,
            (self._encoder.game, self._seat, self._public, self._private, self._steps, self._log),
        )


def _rebuild(game: Any, seat: int, public: Public, private: Any, steps: int, log: Log) -> InfoState:
    """Unpickle an :class:`InfoState`."""
    info = _new(InfoState)
    info._encoder = encoder_for(game)
    info._seat = seat
    info._public = public
    info._private = private
    info._log = log
    info._steps = steps
    return info


_new = object.__new__
