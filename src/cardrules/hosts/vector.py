"""Cramps as a Gymnasium vector environment: thousands of games stepped together on
:class:`~cardrules.batch.cramps.CrampsBatch`, one agent seat in each, the other seats
played by uniformly random legal moves inside the batch.

It is Gymnasium's :class:`gymnasium.vector.VectorEnv` (``num_envs`` games, batched
spaces): ``reset`` returns the observations of the agent's seat in every game, ``step``
takes one move id per game, plays it, then the opponents' moves up to the agent's next
turn, and returns the observations, rewards, ``terminated`` (the game ended) and
``truncated`` (stopped at ``max_moves``). The observations are those of Cramps' encoder,
float for float (:func:`cardrules.encoding.encoder_for`), and
``info["action_mask"]`` (also :meth:`CrampsVectorEnv.action_masks`) marks the legal move
ids. A game that ends starts again in the same step (Gymnasium's ``SAME_STEP``
autoreset): the observation returned for it is the first of the next game, and
``info["final_scores"]`` holds the totals it ended with (zeros for the other games).

>>> import numpy as np
>>> from cardrules.hosts.vector import CrampsVectorEnv
>>> env = CrampsVectorEnv(4, reward="outcome")
>>> observations, info = env.reset(seed=3)
>>> observations.shape, info["action_mask"].shape
((4, 535), (4, 52))
>>> rng = np.random.default_rng(0)
>>> ended = 0
>>> while not ended:
...     actions = [rng.choice(np.flatnonzero(mask)) for mask in info["action_mask"]]
...     observations, rewards, terminated, truncated, info = env.step(actions)
...     ended = int(terminated.sum())
>>> sorted(set(rewards[terminated].tolist())) in ([-1.0], [1.0], [-1.0, 1.0])
True
"""

from __future__ import annotations

from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from cardrules._text import shown
from cardrules.batch.cramps import CrampsBatch
from cardrules.encoding import encoder_for
from cardrules.encoding.vectors import POINTS_LIMIT
from cardrules.errors import RulesError
from cardrules.games.cramps.rules import Cramps
from cardrules.hosts.gymnasium import observation_box
from cardrules.hosts.table import REWARDS
from cardrules.rng import new_seed

__all__ = ["CrampsVectorEnv"]

_PLAYERS = 4


class CrampsVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of Cramps for one agent seat, the others random.

    Args:
        num_envs: how many games (at least 1).
        game: the rules, :class:`~cardrules.Cramps` by default (any options).
        seat: the agent's seat in every game, 0 by default.
        reward: ``"points"`` (the agent's points at the end of each round, as the
            single-game host pays them) or ``"outcome"`` (1 for a win, -1 for a loss,
            at the end of the game): :data:`~cardrules.hosts.table.REWARDS`.
        max_moves: a game is stopped (``truncated``) and started again after this many
            moves of all seats; ``None`` for :meth:`Cramps.move_cap
            <cardrules.Game.move_cap>`.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int,
        *,
        game: Cramps | None = None,
        seat: int = 0,
        reward: Literal["points", "outcome"] = "points",
        max_moves: int | None = None,
    ) -> None:
        game = Cramps() if game is None else game
        if not isinstance(game, Cramps):
            raise RulesError(f"game must be a Cramps (with its options), not {shown(game)}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < _PLAYERS:
            raise RulesError(f"seat must be 0 to 3, not {shown(seat)}")
        if not isinstance(reward, str) or reward not in REWARDS:
            raise RulesError(f"reward must be one of {REWARDS}, not {shown(reward)}")
        if max_moves is None:
            max_moves = game.move_cap()
        if isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 1:
            raise RulesError(f"max_moves must be a positive int or None, not {shown(max_moves)}")
        self.game, self.seat, self.reward, self.max_moves = game, seat, reward, max_moves
        self._batch = CrampsBatch(num_envs, game=game, seed=0)  # checks num_envs
        self.num_envs = num_envs
        self.single_observation_space = observation_box(encoder_for(game))
        self.single_action_space = spaces.Discrete(game.num_move_ids)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._moves = np.zeros(num_envs, dtype=np.int64)
        self._sign = 1 if game.higher_scores_win else -1
        self._final = np.zeros((num_envs, _PLAYERS), dtype=np.int64)

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """New games in every slot, dealt from ``seed`` (one int; ``None`` draws one),
        played up to the agent's first turn."""
        if isinstance(seed, list):
            raise RulesError("seed must be one int for all the games, or None")
        super().reset(seed=seed)
        self._batch = CrampsBatch(
            self.num_envs, game=self.game, seed=new_seed() if seed is None else seed
        )
        self._moves[:] = 0
        self._play_opponents(np.zeros(self.num_envs), np.zeros(self.num_envs, dtype=np.bool_))
        return self._batch.observations(self._seats()), self._info()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Play the agent's move in every game, then the opponents' up to the agent's
        next turn. Raises :class:`~cardrules.IllegalMoveError` (and plays nothing) if
        a move is not legal in its game."""
        rewards = np.zeros(self.num_envs)
        terminated = np.zeros(self.num_envs, dtype=np.bool_)
        self._final = np.zeros((self.num_envs, _PLAYERS), dtype=np.int64)
        self._moves += 1
        self._collect(self._batch.step(actions), rewards, terminated)
        self._play_opponents(rewards, terminated)
        truncated = ~terminated & (self._moves >= self.max_moves)
        if truncated.any():
            self._batch.restart(truncated)
            self._play_opponents(rewards, terminated)
        self._moves[terminated | truncated] = 0
        info = self._info()
        info["final_scores"] = self._final
        return self._batch.observations(self._seats()), rewards, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal move ids of the agent in each game, (num_envs, 52)."""
        return self._batch.legal_mask()

    def _seats(self) -> npt.NDArray[np.int64]:
        return np.full(self.num_envs, self.seat, dtype=np.int64)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._batch.legal_mask()}

    def _play_opponents(
        self, rewards: npt.NDArray[np.float64], terminated: npt.NDArray[np.bool_]
    ) -> None:
        batch = self._batch
        while True:
            waiting = batch.to_move != self.seat
            if not waiting.any():
                return
            step = batch.step(batch.random_actions(), waiting)
            self._moves[waiting] += 1
            self._collect(step, rewards, terminated)

    def _collect(
        self, step: Any, rewards: npt.NDArray[np.float64], terminated: npt.NDArray[np.bool_]
    ) -> None:
        if self.reward == "points":
            gained = np.clip(
                self._sign * step.round_points[:, self.seat], -POINTS_LIMIT, POINTS_LIMIT
            )
            rewards += gained
        else:
            over = step.games_over
            rewards[over] += np.where(step.winners[over] == self.seat, 1.0, -1.0)
        terminated |= step.games_over
        self._final[step.games_over] = step.final_scores[step.games_over]
        self._moves[step.games_over] = 0
