"""A game played for a learning host: move ids in, rewards out, no framework needed.

:class:`HostTable` is what the PettingZoo and Gymnasium adapters share. It keeps the
current state of one game, applies moves given by their ids (see
:meth:`Game.move_id <cardrules.game.Game.move_id>`), turns what each move did into a
reward per seat, makes the idiot calls of Craits' manual rule for the seats (a host
lets only one agent act at a time, and a call is made out of turn), and stops a game
at a cap on the number of moves.

>>> import cardrules as cr
>>> table = HostTable(cr.Cramps(), reward="points")
>>> table.reset(seed=3)
>>> while not (table.is_over or table.truncated):
...     rewards = table.play(table.legal_ids()[0])
>>> table.is_over, table.moves > 52
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from cardrules._text import shown
from cardrules.encoding.base import Encoder
from cardrules.encoding.vectors import clipped
from cardrules.errors import IllegalMoveError, MoveTypeError, RulesError, SetupError
from cardrules.events import Event
from cardrules.game import Game, Step, game_class, registered_games
from cardrules.moveids import move_id_number, move_ids_of
from cardrules.shedding.moves import CallOut

__all__ = [
    "RENDER_MODES",
    "REWARDS",
    "HostTable",
    "action_id",
    "check_game",
    "check_render_mode",
    "open_call",
    "rules_for",
    "setup_names",
    "setup_of",
]

REWARDS = ("points", "outcome")
"""The reward schemes: ``"points"`` pays each seat every change of its score as it
happens (with the sign turned where lower scores win, as in Craits, so that more is
always better for the agent; held within ±10**12 points, as the encodings hold scores,
since a score has no bound and a float does); ``"outcome"`` pays nothing until the
end, then 1 to each winner and -1 to every other seat (0 to all when a game is stopped
at the cap)."""

RENDER_MODES = ("ansi", "human")
"""The hosts' render modes besides ``None``: ``"ansi"`` returns the whole table as
text, ``"human"`` prints it (every hand: for people watching, not for agents)."""


def check_game(game: object) -> Game[Any, Any, Any]:
    """``game`` itself if it is a rules object of the library (or a game built on its
    engines); otherwise :class:`~cardrules.RulesError`, saying what is allowed.

    >>> import cardrules as cr
    >>> check_game("cramps")
    Traceback (most recent call last):
        ...
    cardrules.errors.RulesError: game must be a cardrules game (such as Cramps()), not 'cramps'
    """
    if not isinstance(game, Game):
        raise RulesError(f"game must be a cardrules game (such as Cramps()), not {shown(game)}")
    return game


def rules_for(
    game: object, options: Mapping[str, Any], argument: str = "game"
) -> Game[Any, Any, Any]:
    """The rules a host plays, as its frameworks name them: ``game`` is a registered
    game's name (``"hearts"``, ``"crazy_eights"``, any of
    :func:`cardrules.registered_games`) with its rules ``options``, or a rules object
    (with no options: it has its own). Raises :class:`~cardrules.RulesError`, naming
    the ``argument`` and saying what is allowed.

    >>> import cardrules as cr
    >>> rules_for("spades", {}) == cr.Spades(), rules_for(cr.Cramps(target=5), {}).target
    (True, 5)
    >>> rules_for("poker", {})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    cardrules.errors.RulesError: game must be a game's name (...) or a rules object, not 'poker'
    """
    if isinstance(game, Game):
        if options:
            raise RulesError(
                f"rules options ({', '.join(sorted(options))}) go with a game's name, not "
                "with a rules object, which has its own"
            )
        return game
    names = registered_games()
    if isinstance(game, str) and game in names:
        return game_class(game).from_options(options)
    raise RulesError(
        f"{argument} must be a game's name ({', '.join(names)}) or a rules object, "
        f"not {shown(game)}"
    )


def check_render_mode(mode: object) -> str | None:
    """``mode`` itself if it is ``None`` or one of :data:`RENDER_MODES`; otherwise
    :class:`~cardrules.RulesError`, saying what is allowed."""
    if mode is not None and (not isinstance(mode, str) or mode not in RENDER_MODES):
        raise RulesError(f"render_mode must be None, 'ansi' or 'human', not {shown(mode)}")
    return mode


class HostTable:
    """One game at a time of ``game``, driven by move ids.

    Args:
        game: the rules (any game of the library, or one built on its engines).
        reward: one of :data:`REWARDS`.
        max_moves: the moves after which a game is stopped (``truncated``); the
            automatic idiot calls do not count. ``None``: the game's
            :meth:`~cardrules.game.Game.move_cap` (its length bound if it has one, else
            :data:`cardrules.DEFAULT_MOVE_CAP`).
        encoder: an :class:`~cardrules.encoding.Encoder` of ``game``: the table then
            keeps every seat's information state up to date in :attr:`infos`.
        infos: with an ``encoder``, whether to keep the information states (``False``
            for a host that reads only :attr:`arrays`).
        arrays: with an ``encoder``, also keep every seat's observation as a NumPy
            array updated in place (:attr:`arrays`, an
            :class:`~cardrules.encoding.arrays.ObservationArrays`): what the hosts
            read their observations from.

    The table is the only mutable thing here: :meth:`reset` and :meth:`play` replace
    its ``state`` by a new one and never change a state.
    """

    def __init__(
        self,
        game: Game[Any, Any, Any],
        *,
        reward: Literal["points", "outcome"] = "points",
        max_moves: int | None = None,
        encoder: Any = None,
        infos: bool = True,
        arrays: bool = False,
    ) -> None:
        check_game(game)
        if not isinstance(reward, str) or reward not in REWARDS:
            raise RulesError(f"reward must be one of {REWARDS}, not {shown(reward)}")
        if max_moves is None:
            max_moves = game.move_cap()
        if isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 1:
            raise RulesError(
                f"max_moves must be a whole number of at least 1, not {shown(max_moves)}"
            )
        self.game = game
        self.reward = reward
        self.max_moves = max_moves
        self.players: int = game.players
        self._sign = 1 if getattr(game, "higher_scores_win", True) else -1
        self._state: Any = None
        self.moves = 0
        self.truncated = False
        self.events: tuple[Event, ...] = ()
        """The events of the last :meth:`reset` or :meth:`play` (the idiot calls made
        for the seats included)."""
        if encoder is not None and not (isinstance(encoder, Encoder) and encoder.game == game):
            raise RulesError(
                f"encoder must be the game's encoder (encoder_for(game)), not {shown(encoder)}"
            )
        self.encoder: Any = encoder
        self.infos: tuple[Any, ...] = ()
        """With an ``encoder``: each seat's :class:`~cardrules.encoding.InfoState`."""
        self._infos = infos and encoder is not None
        if arrays and encoder is None:
            raise RulesError("arrays=True needs the game's encoder (encoder=encoder_for(game))")
        self._arrays = arrays
        self.arrays: Any = None
        """With ``arrays=True``: the :class:`~cardrules.encoding.arrays.ObservationArrays`
        of the current game."""
        # Kept for the move path, which a host runs for every move of every game:
        self._to_move: int | None = None  # the state's, or None once stopped
        self._legal: tuple[int, ...] | None = None  # the state's legal ids, once asked
        self._moves_by_id: tuple[Any, ...] = move_ids_of(game).moves
        self._calls = getattr(game, "calls", None)  # None: no out-of-turn calls
        # Only moves made out of turn need their sender checked: every other move is
        # played for the seat to move.
        self._check_senders = type(game).out_of_turn_sender is not Game.out_of_turn_sender
        self._no_rewards = (0.0,) * self.players

    @property
    def state(self) -> Any:
        """The current state (``None`` before the first :meth:`reset`)."""
        return self._state

    @property
    def is_over(self) -> bool:
        """Whether the game has ended by its rules."""
        return self._state is not None and self._state.is_over

    @property
    def to_move(self) -> int | None:
        """The seat to move; ``None`` when the game has ended or was stopped."""
        return self._to_move

    def reset(self, seed: int | None = None, **setup: Any) -> None:
        """Start a new game (:meth:`Game.start <cardrules.game.Game.start>` with
        ``seed`` and the ``setup`` options); ``seed=None`` draws a fresh secret one."""
        names = setup_names(self.game)
        unknown = set() if names is None else set(setup) - names
        if unknown:
            raise SetupError(
                f"{type(self.game).__name__} has no setup option {', '.join(sorted(unknown))}; "
                f"its setup options are {', '.join(sorted(names or ()))}"
            )
        step = self.game.start(seed=seed, **setup)
        state, self.events = self._after_calls(step.state, step.events)
        if self._infos:
            self.infos = self.encoder.info_states(state)
        if self._arrays:
            from cardrules.encoding.arrays import ObservationArrays

            self.arrays = ObservationArrays(self.encoder, state)
        self.moves = 0
        self.truncated = False
        self._enter(state)

    def legal_ids(self) -> tuple[int, ...]:
        """The ids of the moves the seat to move may make (``()`` once it is over)."""
        legal = self._legal
        if legal is None:
            legal = () if self._to_move is None else self.game.legal_move_ids(self._state)
            self._legal = legal
        return legal

    def play(self, move_id: int) -> tuple[float, ...]:
        """Play the move with id ``move_id`` for the seat to move, then any idiot calls
        it leaves open; return each seat's reward for it.

        Raises:
            IllegalMoveError: the game is over or stopped, or the move is not legal
                here (the message says why).
            MoveTypeError: ``move_id`` is not a move id of the game.
        """
        if self._to_move is None:
            raise self._no_moves()
        number = action_id(move_id, self.game)
        moves = self._moves_by_id
        if 0 <= number < len(moves):
            return self.play_move(moves[number])
        return self.play_move(self.game.move_from_id(number))  # raises, saying why

    def play_move(self, move: Any) -> tuple[float, ...]:
        """Like :meth:`play`, with the move itself (what a bot returns)."""
        state = self._state
        seat = self._to_move
        if seat is None:
            raise self._no_moves()
        if self._check_senders:
            step = self.game.step(state, move, seat=seat)
        else:  # (the move is played for the seat to move: no sender to check)
            step = self.game.step(state, move)
        made = step if self._calls is None else self._calls_made(step)
        after = made.state
        self.events = made.events
        if self._infos:
            self.infos = self.encoder.after(self.infos, made)
        if self._arrays:
            self.arrays.update(made)
        self.moves += 1
        if self.moves >= self.max_moves and not after.is_over:
            self.truncated = True
        self._enter(after)
        return self._rewards(state, after)

    def render(self, mode: str | None) -> str | None:
        """The hosts' ``render()``: for ``"ansi"`` the whole table as text (every hand:
        for people watching, not for agents), for ``"human"`` the same printed, for
        ``None`` nothing."""
        check_render_mode(mode)
        if mode is None or self._state is None:
            return None
        text = str(self._state)
        if mode == "human":
            print(text)
            return None
        return text

    def _no_moves(self) -> IllegalMoveError:
        """The error for a move when no seat may move."""
        if self._state is None:
            return IllegalMoveError("no_game", "no game has started: call reset() first")
        return IllegalMoveError("game_over", "the game is over: start a new one with reset()")

    def _enter(self, state: Any) -> None:
        """Make ``state`` the current one."""
        self._state = state
        self._to_move = None if self.truncated else state.to_move
        self._legal = None

    def _after_calls(self, state: Any, events: tuple[Event, ...]) -> tuple[Any, tuple[Event, ...]]:
        """The idiot calls left open, made for the seats (see :func:`open_call`)."""
        while (call := open_call(self.game, state)) is not None:
            made = self.game.step(state, call, seat=call.caller)
            state, events = made.state, events + made.events
        return state, events

    def _calls_made(self, step: Step[Any]) -> Step[Any]:
        """``step`` followed by the idiot calls it leaves open, as one step (``step``
        itself when it leaves none)."""
        if not step.state.exposed or step.state.is_over:
            return step
        state, events = self._after_calls(step.state, step.events)
        return step if state is step.state else Step(state, events)

    def _rewards(self, before: Any, after: Any) -> tuple[float, ...]:
        if self.reward == "outcome":
            if not after.is_over:
                return self._no_rewards
            winners = after.winners
            return tuple(1.0 if seat in winners else -1.0 for seat in range(self.players))
        old: Sequence[int] = before.scores
        new: Sequence[int] = after.scores
        if old == new:
            return self._no_rewards
        sign = self._sign
        return tuple(float(clipped(sign * (b - a))) for a, b in zip(old, new, strict=True))


def open_call(game: Game[Any, Any, Any], state: Any) -> CallOut | None:
    """The call on a missed "one card" a host makes for the seats in ``state``, if one
    is open: hosts let one seat act at a time, and a shedding game with
    ``one_card_calls`` (Craits' manual rule, K17) lets any opponent call out, out of
    turn, a player left with one card unannounced. The call goes to the first
    opponent, in seat order from the exposed player's left, who may make it; ``None``
    in games without calls, under automatic calls, or when nobody is exposed.

    >>> import cardrules as cr
    >>> open_call(cr.Craits(players=3), cr.Craits(players=3).new_game(seed=1)) is None
    True
    """
    check_game(game)
    calls = getattr(game, "calls", None)
    if calls is None or state.is_over or not state.exposed:
        return None
    target = state.exposed[0]
    for step in range(1, game.players):
        call = CallOut((target + step) % game.players, target)
        if call in calls(state, call.caller):
            return call
    return None


def action_id(action: object, game: Game[Any, Any, Any]) -> int:
    """A host's action as a move id: an int, or an integer of another kind (NumPy's,
    as a Gymnasium space samples them); :class:`~cardrules.MoveTypeError` for anything
    else (a float, a bool, text), saying what is allowed.

    >>> import numpy as np, cardrules as cr
    >>> action_id(np.int64(3), cr.Cramps())
    3
    """
    number = move_id_number(action)
    if number is None:
        raise MoveTypeError(
            f"an action is a move id, an int from 0 to {game.num_move_ids - 1}, "
            f"not {type(action).__name__} {shown(action)}"
        )
    return number


def setup_names(game: Game[Any, Any, Any]) -> frozenset[str] | None:
    """The names of the setup options ``game.start`` takes (a dealer, starting scores,
    explicit hands, …): the keyword options of the rules' setup (``None`` for rules
    whose setup takes any name, leaving the check to them).

    >>> import cardrules as cr
    >>> sorted(setup_names(cr.Cramps()))
    ['dealer', 'deck', 'hands', 'round_number', 'scores']
    """
    names = game.setup_keywords()
    return None if names is None else frozenset(names)


def setup_of(options: object) -> dict[str, Any]:
    """The setup options in a host's ``reset(options=...)``: its ``"setup"`` entry
    (``{"setup": {"dealer": 2}}``), checked to be a mapping.

    >>> setup_of({"setup": {"dealer": 2}, "other": 1}), setup_of(None)
    ({'dealer': 2}, {})
    """
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise SetupError(f"options must be a dict (or None), not {shown(options)}")
    setup = options.get("setup", {})
    if not isinstance(setup, Mapping):
        raise SetupError(f'options["setup"] must map setup options to values, not {shown(setup)}')
    return dict(setup)
