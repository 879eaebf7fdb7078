"""What every game in cardrules offers: the :class:`Game` base class of rules objects,
the :class:`GameState` protocol of their states, and :class:`Step`.

A rules object is a frozen, hashable value holding the game's options. It never
changes and holds no game in progress; states do, and every transition returns a new
state::

    game = Cramps()
    state = game.new_game(seed=7)
    while not state.is_over:
        state = game.apply(state, game.legal_moves(state)[0])
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

import attrs

from cardrules.cards import Card
from cardrules.errors import IllegalMoveError, RulesError
from cardrules.events import Event
from cardrules.moves import CallIdiot

__all__ = ["Game", "GameState", "Step", "game_class", "registered_games"]


class GameState(Protocol):
    """What every state offers, whatever the game."""

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now; ``None`` once the game is over."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted by suit then rank."""

    @property
    def dealer(self) -> int:
        """The seat of the current dealer."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative game scores, one per seat."""

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats; empty until the game is over."""

    @property
    def deal_number(self) -> int:
        """The number of the current deal (Cramps' round, Craits' hand), from 1."""


S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")


@attrs.frozen
class Step(Generic[S]):
    """The result of :meth:`Game.step`: the new ``state`` and the ``events`` of the move."""

    state: S
    events: tuple[Event, ...]


_REGISTRY: dict[str, type[Game[Any, Any, Any]]] = {}


def _register(cls: type[Game[Any, Any, Any]]) -> None:
    known = _REGISTRY.get(cls.name)
    if known is not None and (known.__module__, known.__qualname__) != (
        cls.__module__,
        cls.__qualname__,
    ):
        raise RulesError(
            f"the game name {cls.name!r} is taken by {known.__module__}.{known.__qualname__}"
        )
    _REGISTRY[cls.name] = cls


def game_class(name: str) -> type[Game[Any, Any, Any]]:
    """The rules class registered under ``name`` (``"cramps"``, ``"craits"``)."""
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_REGISTRY))
        raise RulesError(f"unknown game {name!r}; known games: {known}") from None


def registered_games() -> tuple[str, ...]:
    """The names of the games that records and the command line know."""
    return tuple(sorted(_REGISTRY))


def _to_data(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if attrs.has(type(value)):
        return {f.name: _to_data(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, Mapping):
        return {str(_to_data(k)): _to_data(v) for k, v in value.items()}
    if isinstance(value, (frozenset, set)):
        return sorted(_to_data(v) for v in value)
    if isinstance(value, Sequence) and not isinstance(value, str):
        return [_to_data(v) for v in value]
    return value


def _check_sender(state: Any, move: object, seat: int) -> None:
    if isinstance(move, CallIdiot):
        if move.caller != seat:
            raise IllegalMoveError(
                "not_your_move", f"seat {seat} cannot make a call for seat {move.caller}"
            )
        return
    to_move = state.to_move
    if seat != to_move:
        whose = "the game is over" if to_move is None else f"it is seat {to_move}'s turn"
        raise IllegalMoveError("not_your_turn", f"seat {seat} cannot move now: {whose}")


class Game(ABC, Generic[S, M, V]):
    """Base class of rules objects; ``S`` is the game's state type, ``M`` its move type
    and ``V`` its view type.

    Subclasses are frozen attrs classes whose fields are the game's options; they set
    :attr:`name` and implement :meth:`new_game`, :meth:`legal_moves`,
    ``_transition()`` and :meth:`observe`.
    """

    __slots__ = ()

    name: ClassVar[str] = ""
    """The game's registered name, used in records and on the command line."""

    higher_scores_win: ClassVar[bool] = True
    """Whether a higher score is better (Cramps) or worse (Craits)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.name:
            _register(cls)

    if TYPE_CHECKING:
        # Read-only here, so a game may make it a field (Craits) or a constant (Hearts).
        @property
        def players(self) -> int:
            """The number of players."""

        # Each game has its own keyword arguments (dealer, deck, hands, …).
        new_game: Callable[..., S]
        """The state at the start of a game, deterministic from ``seed``."""

    @abstractmethod
    def legal_moves(self, state: S) -> tuple[M, ...]:
        """The moves the player to move may make, in a fixed order; empty only once the
        game is over."""

    @abstractmethod
    def _transition(self, state: S, move: M, events: list[Event] | None) -> S:
        """The state after ``move``, appending what happened to ``events`` if given.

        Raises :class:`~cardrules.IllegalMoveError` or :class:`~cardrules.MoveTypeError`.
        """

    @abstractmethod
    def observe(self, state: S, seat: int) -> V:
        """What ``seat`` may know of ``state``, and nothing more."""

    def apply(self, state: S, move: M, *, seat: int | None = None) -> S:
        """The state after ``move``. ``state`` itself is never changed.

        ``seat``, if given, is who sends the move (a server passes the player it came
        from): a move from a seat whose turn it is not is refused with reason
        ``"not_your_turn"`` (except a call made out of turn by its caller).

        Raises :class:`~cardrules.IllegalMoveError` (a ``ValueError``) saying why if the
        move is not allowed, and :class:`~cardrules.MoveTypeError` if it is not a move.
        """
        if seat is not None:
            _check_sender(state, move, seat)
        return self._transition(state, move, None)

    def step(self, state: S, move: M, *, seat: int | None = None) -> Step[S]:
        """Like :meth:`apply`, also returning the events of the move in order."""
        if seat is not None:
            _check_sender(state, move, seat)
        events: list[Event] = []
        new_state = self._transition(state, move, events)
        return Step(new_state, tuple(events))

    def start(self, seed: int = 0, **setup: Any) -> Step[S]:
        """Like ``new_game``, also returning the events of the setup (the deal, and in
        Craits the turned-up card and what it did)."""
        return Step(self.new_game(seed, **setup), ())

    def projected_scores(self, state: S) -> tuple[int, ...]:
        """Each seat's game score if the current deal ended now, as the rules would score
        it (for a table UI, or to evaluate a position in a search)."""
        return tuple(state.scores)  # type: ignore[attr-defined]

    def determinize(self, view: V, seed: int) -> S:
        """A complete state consistent with ``view``: the cards ``view.seat`` cannot see
        dealt at random (uniformly among the deals that agree with what is known), from
        ``seed``. ``observe(determinize(view, seed), view.seat) == view``.

        This is what information-set search and perfect-information Monte Carlo use.
        """
        raise NotImplementedError(f"{type(self).__name__} does not support determinize")

    def options(self) -> dict[str, Any]:
        """The rules options as a JSON-friendly dict; ``type(game)(**options)`` rebuilds
        an equal rules object."""
        return {
            f.name: _to_data(getattr(self, f.name))
            for f in attrs.fields(type(self))  # type: ignore[arg-type]
        }

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Game[S, M, V]:
        """Rebuild a rules object from :meth:`options`; raises :class:`~cardrules.RulesError`."""
        if not isinstance(options, Mapping):
            raise RulesError(f"rules options must be a mapping, not {type(options).__name__}")
        try:
            return cls(**options)
        except TypeError as exc:
            raise RulesError(f"bad options for {cls.name}: {exc}") from None
