"""The base of the encoders: :class:`Encoder`, the observations, legal masks and
information states (:class:`~cardrules.encoding.info.InfoState`) of one rules object.

An encoder is made once per rules object (:func:`cardrules.encoding.encoder_for`) and
holds its layouts and lookup tables; it keeps no game in progress, so one encoder
serves any number of games and threads. A family's encoder (:mod:`cardrules.encoding.tricks`,
:mod:`cardrules.encoding.shedding`) or one of a program's own says how its
positions become vectors through the private methods declared at the end of
:class:`Encoder`, and may give quicker ways to fill NumPy buffers and trackers
(:meth:`Encoder._buffer_writer`, :meth:`Encoder._array_rows`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any, ClassVar

from cardrules._text import shown
from cardrules.encoding.info import InfoState, Log, Note, Public, _new, _not_a_step, _weak
from cardrules.encoding.lookup import encoder_for
from cardrules.encoding.rows import ViewRows
from cardrules.encoding.vectors import Field, to_float32
from cardrules.encoding.writers import Writer
from cardrules.errors import RulesError, SeatError, StateError
from cardrules.game import Game, Step
from cardrules.moveids import move_ids_of
from cardrules.seats import is_seat

__all__ = ["Encoder"]


class Encoder(ABC):
    """Fixed-size numeric encodings of one rules object's positions; get one with
    :func:`cardrules.encoding.encoder_for`.

    ``game`` is the rules object; ``observation_size`` and ``fields`` describe
    :meth:`observation`, ``info_state_size`` and ``info_fields`` the vector of an
    :class:`~cardrules.encoding.info.InfoState`, and ``observation_low`` …
    ``info_high`` the bounds of each entry. Every seat-indexed field is *relative*:
    slot ``k`` of it is the seat ``k`` places after the observer in seat order
    (``k = 0`` is the observer).

    Every layout has a version (:attr:`layout`): the layouts are not released yet and
    may change, but never under the same version. Two encoders with the same
    :attr:`layout` text, of the same game with the same options, have the same fields
    (names, sizes, bounds and meanings, in order) and the same observation and
    information-state sizes; any change to them bumps the version
    (``tests/test_encoding_layouts.py`` pins this).
    """

    __slots__ = (
        "_ids",
        "_moves",
        "_writer",
        "fields",
        "game",
        "info_fields",
        "info_high",
        "info_low",
        "info_state_size",
        "layout",
        "observation_high",
        "observation_low",
        "observation_size",
    )

    layout_name: ClassVar[str] = ""
    """The name of the encoder's layout: its family's (``"tricks"``, ``"shedding"``)
    or an encoder's own; empty for the class's name."""
    layout_version: ClassVar[int] = 1
    """The version of the encoder's layout (from 1), bumped on any change to it."""

    game: Any
    layout: str
    """The layout's name and version, such as ``"tricks/1"``; a game that adds its
    own fields (:class:`~cardrules.encoding.fields.GameField`) adds its name and the
    version of its fields, as in ``"tricks/1+hearts/1"``. Hosts show it in their
    metadata."""
    observation_size: int
    fields: tuple[Field, ...]
    info_state_size: int
    info_fields: tuple[Field, ...]
    observation_low: tuple[float, ...]
    """The lowest value of each entry of the observation (from its fields' ``low``;
    ``-inf`` where there is no bound), e.g. for a Gymnasium ``Box`` space."""
    observation_high: tuple[float, ...]
    """The highest value of each entry of the observation (``inf`` where unbounded)."""
    info_low: tuple[float, ...]
    """The lowest value of each entry of an information state's vector."""
    info_high: tuple[float, ...]
    """The highest value of each entry of an information state's vector."""

    def __init__(
        self, game: Game[Any, Any, Any], fields: tuple[Field, ...], info: tuple[Field, ...]
    ) -> None:
        self.game = game
        self.layout = f"{self.layout_name or type(self).__name__}/{self.layout_version}"
        self.fields = fields
        self.observation_size = fields[-1].stop
        self.info_fields = info
        self.info_state_size = info[-1].stop
        self.info_low = tuple(f.low for f in info for _ in range(f.size))
        self.info_high = tuple(f.high for f in info for _ in range(f.size))
        self.observation_low = self.info_low[: self.observation_size]
        self.observation_high = self.info_high[: self.observation_size]
        # Move ids by the identity of the move objects the engine hands out (it makes
        # each move once and reuses it), which is cheaper than hashing a move.
        self._moves = move_ids_of(game).moves
        self._ids = {id(move): number for number, move in enumerate(self._moves)}
        # What writes information states into NumPy buffers (made on first use).
        self._writer: Any = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game!r})"

    # An encoder never changes after it is made, and it keeps tables that only make
    # sense in its process (moves by object identity, NumPy writers): copies are the
    # encoder itself, and a pickle holds only its rules.
    def __copy__(self) -> Encoder:
        return self

    def __deepcopy__(self, memo: object) -> Encoder:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpickled, (type(self), self.game))

    def field(self, name: str) -> Field:
        """The field called ``name`` (of the information state's vector, whose first
        fields are the observation's); raises :class:`~cardrules.RulesError` for a name
        it does not have."""
        for field in self.info_fields:
            if field.name == name:
                return field
        names = ", ".join(field.name for field in self.info_fields)
        raise RulesError(f"{type(self).__name__} has no field {shown(name)}; its fields: {names}")

    # -- observations -------------------------------------------------------------

    def observation(self, view: Any) -> list[float]:
        """The observation of ``view`` (from ``game.observe(state, seat)``): a list of
        ``observation_size`` floats laid out as :attr:`fields` say, made from what the
        view holds and nothing else. Raises :class:`~cardrules.StateError` for
        something that is not a view of these rules."""
        self._check_view(view)
        return self._observe(self._view_snapshot(view), view.seat)

    def observation_array(self, view: Any) -> Any:
        """:meth:`observation` as a NumPy ``float32`` array; raises ``ImportError``
        (saying ``pip install numpy``) if NumPy is not installed."""
        return to_float32(self.observation(view))

    def _check_view(self, view: Any) -> None:
        expected = self.game.view_class
        if type(view) is not expected:
            hint = " (pass game.observe(state, seat))" if hasattr(view, "to_move") else ""
            raise StateError(
                f"{type(self).__name__} encodes a {expected.__name__}, not a "
                f"{type(view).__name__}{hint}"
            )
        players = self.game.players
        if len(view.hand_sizes) != players or not is_seat(view.seat, players):
            raise StateError(
                f"this view is not of a {players}-player game (seat {shown(view.seat)}, "
                f"{len(view.hand_sizes)} hand sizes): use the encoder of its rules"
            )

    # -- legal moves --------------------------------------------------------------

    def legal_mask(self, state: Any, seat: int | None = None) -> list[int]:
        """0 or 1 per move id (``game.num_move_ids`` ints): 1 for the legal moves of the
        player to move (:meth:`Game.legal_move_mask
        <cardrules.game.Game.legal_move_mask>`). With ``seat``, the moves that seat may
        make now: its legal moves on its turn, else the calls it may make out of turn
        (Craits' idiot calls; none in Cramps). Raises
        :class:`~cardrules.StateError` for a state these rules did not make and
        :class:`~cardrules.SeatError` for a seat not at the table."""
        game = self.game
        moves = game.legal_moves(state)  # checks the state
        if seat is not None and seat != state.to_move:
            if not is_seat(seat, game.players):
                raise SeatError(f"seat must be 0 to {game.players - 1}, not {shown(seat)}")
            calls = getattr(game, "calls", None)
            moves = calls(state, seat) if calls is not None else ()
        mask = [0] * len(self._moves)
        ids = self._ids
        for move in moves:
            number = ids.get(id(move))
            if number is None:  # a move made anew (an idiot call): by its hash
                number = move_ids_of(game).ids_of((move,))[0]
            mask[number] = 1
        return mask

    # -- information states --------------------------------------------------------

    def info_state(self, state: Any, seat: int) -> InfoState:
        """The information state of ``seat`` at ``state``, a start position (from
        ``game.new_game`` or ``game.start``): go on with its ``after(step)``. From a
        later position it recalls what ``game.observe(state, seat)`` shows and goes on
        from there. Raises :class:`~cardrules.StateError` for a state these rules did
        not make and :class:`~cardrules.SeatError` for a seat not at the table."""
        view = self.game.observe(state, seat)
        public = self._start_public(view)
        return self._info(public, view)

    def info_states(self, state: Any) -> tuple[InfoState, ...]:
        """The information state of every seat at ``state`` (see :meth:`info_state`),
        sharing their public part: a step given to each of them (the same
        :class:`~cardrules.game.Step` object) has its public part worked out once."""
        views = [self.game.observe(state, seat) for seat in range(self.game.players)]
        public = self._start_public(views[0])
        return tuple(self._info(public, view) for view in views)

    def after(self, infos: Iterable[InfoState], step: Step[Any]) -> tuple[InfoState, ...]:
        """Each of ``infos`` after ``step``: the same as ``tuple(info.after(step) for
        info in infos)``, a little quicker (the step's public part is looked up once).

        >>> import cardrules as cr
        >>> from cardrules.encoding import encoder_for
        >>> game = cr.Craits(players=3)
        >>> encoder = encoder_for(game)
        >>> state = game.new_game(seed=2)
        >>> infos = encoder.info_states(state)
        >>> step = game.step(state, game.legal_moves(state)[0])
        >>> [info.text for info in encoder.after(infos, step)] == [
        ...     info.after(step).text for info in infos]
        True
        """
        if type(step) is not Step:
            raise _not_a_step(step)
        done = []
        last: Public | None = None
        new_public: Public | None = None
        for info in infos:
            if type(info) is not InfoState or info._encoder is not self:
                what = "one of other rules" if type(info) is InfoState else type(info).__name__
                raise StateError(
                    f"{type(self).__name__}.after() needs information states it made, not a {what}"
                )
            public = info._public
            if public is not last or new_public is None:
                known = public.next
                if known is not None and known[0]() is step:
                    new_public = known[1]
                else:
                    new_public = self._next_public(public, step)
                    public.next = (_weak(step), new_public)
                last = public
            done.append(info._advance(step, new_public))
        return tuple(done)

    def _info(self, public: Public, view: Any) -> InfoState:
        info = _new(InfoState)
        info._encoder = self
        info._seat = view.seat
        info._public = public
        info._private = self._start_private(view)
        info._log = Log(None, None, self._header(view), getattr(self.game, "call_word", "call"))
        info._steps = 0
        return info

    # -- quicker ways to NumPy (an encoder may give its own) ----------------------------

    def _buffer_writer(self, np: Any) -> Writer:
        """What writes this encoder's vectors into NumPy buffers (made once, on first
        use): by default by way of the lists."""
        return Writer(self, np)

    def _array_rows(self, np: Any, state: Any) -> Any:
        """The rows of an :class:`~cardrules.encoding.arrays.ObservationArrays` at
        ``state`` (``observation(seat)``, ``update(state, events)`` and
        ``remade_on_error``, see :class:`~cardrules.encoding.rows.ViewRows`): by
        default every seat's observation written again from its view after each
        step."""
        return ViewRows(self, np, state)

    # -- what a game's encoder says --------------------------------------------------

    @abstractmethod
    def _view_snapshot(self, view: Any) -> Any:
        """What the observation is made of, from a view (the seat's hand and the public
        fields), in the form :meth:`_snapshot` gives it."""

    @abstractmethod
    def _observe(self, snapshot: Any, seat: int) -> list[float]:
        """The observation of a snapshot, as ``seat`` sees it."""

    @abstractmethod
    def _start_public(self, view: Any) -> Public:
        """The public part of an information state at a view (its public fields only)."""

    @abstractmethod
    def _start_private(self, view: Any) -> Any:
        """The seat's own part of an information state at a view."""

    @abstractmethod
    def _header(self, view: Any) -> str:
        """The start of an information state's text: the view in words."""

    @abstractmethod
    def _next_public(self, public: Public, step: Step[Any]) -> Public:
        """The public part after ``step``; raises :class:`~cardrules.StateError` for a
        step of other rules, or one that does not follow ``public``."""

    @abstractmethod
    def _next_private(
        self, private: Any, public: Public, state: Any, seat: int
    ) -> tuple[Any, Note | None]:
        """The seat's own part after a step that touched it (``public`` is the public
        part after the step, ``state`` the step's state), with the cards the seat
        received in it, if any."""

    @abstractmethod
    def _snapshot(self, public: Public, private: Any) -> Any:
        """The snapshot of an information state (see :meth:`_view_snapshot`)."""

    @abstractmethod
    def _info_vector(
        self, public: Public, private: Any, seat: int, observation: list[float]
    ) -> list[float]:
        """The information state's vector: ``observation`` followed by the history."""


def _unpickled(kind: type[Encoder], game: Any) -> Encoder:
    """An encoder of class ``kind`` for ``game`` (the library's own when it has one,
    shared as :func:`~cardrules.encoding.encoder_for` shares them)."""
    try:
        shared = encoder_for(game)
    except RulesError:
        shared = None
    return shared if type(shared) is kind else kind(game)  # type: ignore[call-arg]
