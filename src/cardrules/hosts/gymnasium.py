"""A Gymnasium environment: one seat of a cardrules game, the others played by bots or
by any policy.

Needs the ``gymnasium`` extra (``pip install "cardrules[gymnasium]"``, which brings
Gymnasium and NumPy).

>>> import cardrules as cr
>>> from cardrules.hosts.gymnasium import CardGameSoloEnv
>>> env = CardGameSoloEnv(cr.Cramps(), seat=0)
>>> observation, info = env.reset(seed=5)
>>> done = False
>>> while not done:
...     action = int(info["action_mask"].argmax())          # the first legal move
...     observation, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> terminated, info["action_mask"].nonzero()[0].tolist()   # over: the placeholder, 0
(True, [0])

The agent plays ``seat``. Every other seat is played from its own view by an
opponent: a bot of :mod:`cardrules.bots` (random players by default) or any policy, a
callable given the seat's observation and action mask (what the agent is given) that
returns a move id, such as a trained agent. The observation is the agent's view
encoded by :func:`cardrules.encoding.encoder_for` (``float32``, every entry within
finite bounds); ``info["action_mask"]`` (and :meth:`CardGameSoloEnv.action_masks`,
the name maskable learners look for) has a 1 for each legal move id. The reward is
the agent's share of what :class:`~cardrules.hosts.table.HostTable` pays, summed over
the agent's move and the opponents' moves up to the agent's next turn.

**Seeds.** ``reset(seed=...)`` makes the deal (and the whole episode, with a given
``bot_seed``) reproducible. The bots' decision seeds come from ``bot_seed`` alone,
one way (a hash of it and of the episode), never from the seed that deals: a bot
cannot rebuild the deal from its seeds, whatever seeds ``reset`` is given.
``bot_seed`` defaults to a fresh random seed (:func:`cardrules.rng.new_seed`), kept
in :attr:`CardGameSoloEnv.bot_seed`; give one to replay the bots too, and keep it
secret while bots you do not trust play (a small one can be guessed). A small
``reset`` seed can be guessed too, by a bot that tries seeds until one deals its own
hand: leave it unset when that matters.

**The end of an episode.** Once an episode has ended (terminated or truncated), the
mask has one 1, at id 0: a placeholder, so that a policy sampling from the mask (in a
vector environment, whose autoreset steps a finished episode once more and ignores
the action) always has something to pick. ``step(0)`` on a finished episode changes
nothing and returns the last observation again, with no reward; any other action
raises :class:`~cardrules.IllegalMoveError` (call ``reset()``).

Gymnasium's own checks step with any action of the space, so by default an action
that is not legal here leaves the game as it was, pays ``illegal_reward`` and sets
``info["illegal_action"]``; with ``illegal_action="raise"`` it raises
:class:`~cardrules.IllegalMoveError` instead. Either way the attempt counts towards
``max_moves``, so an episode always ends.

Importing this module registers an id with Gymnasium for each game the library ships
(:data:`ENV_IDS`): ``cardrules/Cramps-v0``, ``cardrules/Craits-v0``,
``cardrules/Hearts-v0``, ``cardrules/Spades-v0``, ``cardrules/OhHell-v0``,
``cardrules/Euchre-v0`` and ``cardrules/CrazyEights-v0``.
``gymnasium.make("cardrules/Craits-v0", players=3, seat=1)`` takes the environment's
options and the rules options alike (:func:`make_env`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Literal

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError as missing:  # pragma: no cover - depends on the environment
    raise ImportError(
        'cardrules.hosts.gymnasium needs Gymnasium and NumPy: pip install "cardrules[gymnasium]"'
    ) from missing

from cardrules._text import shown
from cardrules.bots.base import Bot, RandomBot
from cardrules.encoding import encoder_for
from cardrules.errors import IllegalMoveError, RulesError, SeatError, StateError
from cardrules.game import Game
from cardrules.games import shipped_games
from cardrules.hosts.table import (
    RENDER_MODES,
    HostTable,
    action_id,
    check_game,
    check_render_mode,
    rules_for,
    setup_of,
)
from cardrules.moveids import move_id_number
from cardrules.rng import check_seed, derive_seed, new_seed

__all__ = ["ENV_IDS", "CardGameSoloEnv", "Policy", "make_env", "observation_box"]

_ILLEGAL = ("penalize", "raise")

Policy = Callable[[Any, Any], Any]
"""An opponent that is not a bot: called with the seat's observation and action mask
(NumPy arrays, as the agent gets them), it returns the move id to play."""


class CardGameSoloEnv(gymnasium.Env[Any, Any]):
    """One seat of ``game`` against opponents; see the module's text.

    Args:
        game: the rules.
        seat: the agent's seat.
        opponents: one opponent per other seat, in seat order: a cardrules bot (with
            ``choose``) or a :data:`Policy` (``None``: random players).
        reward: ``"points"`` or ``"outcome"`` (:data:`~cardrules.hosts.table.REWARDS`).
        max_moves: the moves (the agent's, its illegal attempts and the opponents')
            after which an episode is truncated (``None``: the game's
            :meth:`~cardrules.game.Game.move_cap`).
        illegal_action: ``"penalize"`` or ``"raise"``.
        illegal_reward: the reward of an illegal action under ``"penalize"`` (a
            finite number).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        bot_seed: where the bots' decision seeds come from (an int from 0 to
            2**64 - 1; ``None``: a fresh random one).

    Bad arguments raise a :class:`~cardrules.CardrulesError` saying what is allowed.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012
    """Gymnasium's metadata; an environment's own adds ``"layout"``, the observation's
    layout and version (:attr:`Encoder.layout <cardrules.encoding.Encoder.layout>`),
    such as ``"shedding/1"``."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        *,
        seat: int = 0,
        opponents: Sequence[Bot | Policy] | None = None,
        reward: Literal["points", "outcome"] = "points",
        max_moves: int | None = None,
        illegal_action: Literal["penalize", "raise"] = "penalize",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        bot_seed: int | None = None,
    ) -> None:
        check_game(game)
        players = game.players
        seat = _seat(seat, players)
        self.encoder = encoder_for(game)
        self.metadata = {**type(self).metadata, "layout": self.encoder.layout}
        self.table = HostTable(
            game, reward=reward, max_moves=max_moves, encoder=self.encoder, infos=False, arrays=True
        )
        others = [other for other in range(players) if other != seat]
        self._opponents: dict[int, Bot | Policy] = dict(
            zip(others, _opponents(opponents, players), strict=True)
        )
        if not isinstance(illegal_action, str) or illegal_action not in _ILLEGAL:
            raise RulesError(
                f"illegal_action must be one of {_ILLEGAL}, not {shown(illegal_action)}"
            )
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, (int, float)):
            raise RulesError(f"illegal_reward must be a number, not {shown(illegal_reward)}")
        if not math.isfinite(illegal_reward):
            raise RulesError(f"illegal_reward must be a finite number, not {illegal_reward}")
        self.render_mode = check_render_mode(render_mode)
        self.game = game
        self.seat = seat
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.bot_seed: int = new_seed() if bot_seed is None else check_seed(bot_seed, "bot_seed")
        """Where the bots' decision seeds come from (see the module's text)."""
        self.observation_space = observation_box(self.encoder)
        self.action_space = spaces.Discrete(game.num_move_ids)
        self._episode_bots = 0  # the bots' seed for this episode
        self._decisions = 0
        self._attempts = 0
        self._ended: tuple[bool, bool] | None = None  # (terminated, truncated) once over
        self._last: Any = None  # the last observation (returned again once over)
        self._placeholder = np.zeros(game.num_move_ids, dtype=np.int8)
        self._placeholder[0] = 1

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Start a new game and play the opponents up to the agent's first turn;
        ``options["setup"]``, if given, holds setup options for ``game.start`` (such as
        ``{"setup": {"dealer": 2}}``); other keys of ``options`` are left to wrappers."""
        if seed is not None:
            check_seed(seed)
        setup = setup_of(options)
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63))
        self._episode_bots = self._episode_bot_seed(int(self.np_random.integers(2**63)))
        self._decisions = 0
        self._attempts = 0
        self._ended = None
        self.table.reset(game_seed, **setup)
        self._play_opponents()
        self._check_end(self.table.truncated)
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play the agent's ``action`` (a move id), then the opponents up to its next
        turn. On an episode that has ended, ``0`` (the placeholder the mask offers)
        changes nothing; any other action raises :class:`~cardrules.IllegalMoveError`."""
        table = self.table
        if table.state is None:
            raise IllegalMoveError("no_game", "no episode has started: call reset() first")
        move_id = action_id(action, self.game)
        if self._ended is not None:
            if move_id == 0:
                return self._last, 0.0, *self._ended, self._info()
            raise IllegalMoveError(
                "game_over",
                "the episode has ended: call reset() (the only action it takes is the "
                f"placeholder 0, which does nothing), not {move_id}",
            )
        if not 0 <= move_id < self.game.num_move_ids or move_id not in table.legal_ids():
            if self.illegal_action == "raise":
                table.play(move_id)  # raises, saying why
            self._attempts += 1
            truncated = self._check_end(False)
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_reward, False, truncated, info
        reward = table.play(move_id)[self.seat] + self._play_opponents()
        truncated = self._check_end(table.truncated)
        return self._observation(), reward, table.is_over, truncated, self._info()

    def action_masks(self) -> Any:
        """1 for each legal move id of the agent now; once the episode has ended, 1 for
        the placeholder 0 only (see the module's text)."""
        if self._ended is not None:
            return self._placeholder.copy()
        if self.table.state is None:
            raise StateError("no episode has started: call reset() first")
        mask = np.zeros(self.game.num_move_ids, dtype=np.int8)
        mask.put(self.table.legal_ids(), 1)
        return mask

    def render(self) -> str | None:
        """The whole table as text (every hand: for people watching)."""
        return self.table.render(self.render_mode)

    def _episode_bot_seed(self, episode: int) -> int:
        """The bots' seed for an episode: from :attr:`bot_seed` and a number drawn for
        the episode, one way."""
        return derive_seed(self.bot_seed, episode, b"gymepi")

    def _play_opponents(self) -> float:
        """The opponents' moves up to the agent's turn or the end; the agent's reward."""
        table = self.table
        game = self.game
        total = 0.0
        while (seat := table.to_move) is not None and seat != self.seat:
            if table.moves + self._attempts >= table.max_moves:
                break
            opponent = self._opponents[seat]
            if isinstance(opponent, Bot):
                view = game.observe(table.state, seat)
                decision_seed = derive_seed(self._episode_bots, self._decisions, b"gymbot")
                self._decisions += 1
                move = opponent.choose(game, view, view.legal_moves, decision_seed)
                total += table.play_move(move)[self.seat]
            else:
                total += table.play(self._policy_move(opponent, seat))[self.seat]
        return total

    def _policy_move(self, policy: Policy, seat: int) -> int:
        """The move id ``policy`` chose for ``seat``, checked to be legal."""
        legal = self.table.legal_ids()
        mask = np.zeros(self.game.num_move_ids, dtype=np.int8)
        mask.put(legal, 1)
        chosen = policy(self.table.arrays.observation(seat), mask)
        move_id = action_id(chosen, self.game)
        if move_id not in legal:
            raise IllegalMoveError(
                "policy_illegal_move",
                f"the policy playing seat {seat} chose move id {move_id}, which is not legal "
                f"there (the legal ids: {list(legal)})",
            )
        return move_id

    def _check_end(self, truncated: bool) -> bool:
        """Whether the episode is truncated now; marks it ended if it is over."""
        table = self.table
        truncated = (truncated or table.moves + self._attempts >= table.max_moves) and (
            not table.is_over
        )
        if table.is_over or truncated:
            self._ended = (table.is_over, truncated)
        return truncated

    def _observation(self) -> Any:
        observation = self.table.arrays.observation(self.seat)
        if self._ended is not None:  # (kept to return again: a copy the agent cannot change)
            self._last = observation.copy()
        return observation

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


def _seat(seat: object, players: int) -> int:
    """The agent's seat, checked: an int (NumPy's too) from 0 to ``players - 1``."""
    number = move_id_number(seat)  # (the same rule as for ids: ints, not bools)
    if number is not None and 0 <= number < players:
        return number
    raise SeatError(f"seat must be 0 to {players - 1}, not {shown(seat)}")


def _opponents(opponents: object, players: int) -> list[Bot | Policy]:
    """One opponent per other seat, checked."""
    if opponents is None:
        return [RandomBot()] * (players - 1)
    if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
        raise RulesError(
            f"opponents must be a list of one bot or policy per other seat, not {shown(opponents)}"
        )
    chosen = list(opponents)
    if len(chosen) != players - 1:
        raise RulesError(
            f"give one opponent for each of the {players - 1} other seats, not {len(chosen)}"
        )
    for opponent in chosen:
        if not isinstance(opponent, Bot) and not callable(opponent):
            raise RulesError(
                "opponents must be cardrules bots (with choose()) or policies (callables "
                f"given an observation and an action mask), not {shown(opponent)}"
            )
    return chosen


def observation_box(encoder: Any) -> spaces.Box:
    """The space of an encoder's observations: a ``float32`` box with each entry's
    bounds from the encoder (finite: see
    :data:`~cardrules.encoding.vectors.POINTS_LIMIT`)."""
    low = np.asarray(encoder.observation_low, dtype=np.float32)
    high = np.asarray(encoder.observation_high, dtype=np.float32)
    return spaces.Box(low, high, shape=(encoder.observation_size,), dtype=np.float32)


_ENV_OPTIONS = (
    "seat",
    "opponents",
    "reward",
    "max_moves",
    "illegal_action",
    "illegal_reward",
    "render_mode",
    "bot_seed",
)
ENV_IDS: dict[str, str] = {
    name: f"cardrules/{rules_class.__name__}-v0" for name, rules_class in shipped_games().items()
}
"""The Gymnasium ids this module registers, by game: one for each game the library
ships, named after its class (``cardrules/Hearts-v0``, ``cardrules/CrazyEights-v0``).

>>> ENV_IDS["oh_hell"]
'cardrules/OhHell-v0'
"""


def make_env(rules: str | Game[Any, Any, Any] = "cramps", **options: Any) -> CardGameSoloEnv:
    """A :class:`CardGameSoloEnv` of ``rules`` (a registered game's name, such as
    ``"hearts"``, or a rules object), from keyword options: the environment's own
    (``seat``, ``opponents``, …) and, with a game's name, its rules options
    (``players=3``, ``short_game=True``). What ``gymnasium.make`` calls for the ids of
    :data:`ENV_IDS`.

    >>> import gymnasium, cardrules as cr
    >>> env = gymnasium.make("cardrules/Craits-v0", players=3, short_game=True, seat=1)
    >>> env.unwrapped.game == cr.Craits(players=3, short_game=True), env.unwrapped.seat
    (True, 1)
    """
    env_options = {name: options.pop(name) for name in _ENV_OPTIONS if name in options}
    return CardGameSoloEnv(rules_for(rules, options, "rules"), **env_options)


for _name, _id in ENV_IDS.items():
    if _id not in gymnasium.envs.registry:
        gymnasium.register(_id, entry_point=make_env, kwargs={"rules": _name})
