"""Gymnasium vector environments on the batch engines: thousands of games stepped
together, one agent seat in each, the other seats played by uniformly random legal
moves inside the batch. Needs the ``gymnasium`` extra (``pip install
"cardrules[gymnasium]"``, which brings NumPy too); without it, importing this module
raises ``ModuleNotFoundError`` saying so.

- :class:`CrampsVectorEnv` on :class:`~cardrules.batch.cramps.CrampsBatch`;
- :class:`CraitsVectorEnv` on :class:`~cardrules.batch.craits.CraitsBatch` (2 to 10
  players, every Craits option).

Each is Gymnasium's :class:`gymnasium.vector.VectorEnv` (``num_envs`` games, batched
spaces): ``reset`` returns the observations of the agent's seat in every game, ``step``
takes one move id per game, plays it, then the opponents' moves up to the agent's next
turn, and returns the observations, rewards, ``terminated`` (the game ended) and
``truncated`` (stopped at ``max_moves``). The observations are those of the game's
encoder, float for float (:func:`cardrules.encoding.encoder_for`), and
``info["action_mask"]`` (also ``action_masks()``) marks the legal move ids. A game that
ends starts again in the same step (Gymnasium's ``SAME_STEP`` autoreset): the
observation returned for it is the first of the next game, and ``info["final_scores"]``
holds the totals it ended with (zeros for the other games).

>>> import numpy as np
>>> from cardrules.hosts.vector import CrampsVectorEnv
>>> env = CrampsVectorEnv(4, reward="outcome")
>>> observations, info = env.reset(seed=3)
>>> observations.shape, info["action_mask"].shape
((4, 593), (4, 52))
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

from typing import Any, ClassVar, Literal

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space
except ModuleNotFoundError as missing:  # pragma: no cover - depends on the environment
    raise ModuleNotFoundError(
        "cardrules.hosts.vector needs Gymnasium and NumPy, which cardrules does not "
        'install: pip install "cardrules[gymnasium]"',
        name=missing.name,
    ) from missing

from cardrules._text import shown
from cardrules.batch.craits import CraitsBatch, CraitsBatchStep
from cardrules.batch.cramps import CrampsBatch, CrampsBatchStep
from cardrules.encoding import encoder_for
from cardrules.encoding.vectors import POINTS_LIMIT
from cardrules.errors import RulesError
from cardrules.games.craits.rules import Craits
from cardrules.games.cramps.rules import Cramps
from cardrules.hosts.gymnasium import observation_box
from cardrules.hosts.table import REWARDS
from cardrules.rng import new_seed

__all__ = ["CraitsVectorEnv", "CrampsVectorEnv"]

Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]


class _LockstepEnv(gymnasium.vector.VectorEnv):
    """What the two vector environments share: the agent's seat, the random
    opponents, rewards, truncation and autoreset. A subclass names its rules class and
    says how to make its batch and read a step's points and winners."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012
    rules: ClassVar[type[Cramps] | type[Craits]]
    game: Cramps | Craits

    def __init__(
        self,
        num_envs: int,
        game: Any,
        seat: int,
        reward: Literal["points", "outcome"],
        max_moves: int | None,
    ) -> None:
        rules = self.rules
        game = rules() if game is None else game
        if not isinstance(game, rules):
            raise RulesError(
                f"game must be a {rules.__name__} (with its options), not {shown(game)}"
            )
        players = game.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise RulesError(f"seat must be 0 to {players - 1}, not {shown(seat)}")
        if not isinstance(reward, str) or reward not in REWARDS:
            raise RulesError(f"reward must be one of {REWARDS}, not {shown(reward)}")
        if max_moves is None:
            max_moves = game.move_cap()
        if isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 1:
            raise RulesError(f"max_moves must be a positive int or None, not {shown(max_moves)}")
        self.game, self.seat, self.reward, self.max_moves = game, seat, reward, max_moves
        self.players = players
        self._batch = self._new_batch(num_envs, 0)  # checks num_envs
        self.num_envs = num_envs
        self.single_observation_space = observation_box(encoder_for(game))
        self.single_action_space = spaces.Discrete(game.num_move_ids)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._moves = np.zeros(num_envs, dtype=np.int64)
        self._sign = 1 if game.higher_scores_win else -1
        self._final = np.zeros((num_envs, players), dtype=np.int64)

    def _new_batch(self, num_envs: int, seed: int) -> Any:
        raise NotImplementedError

    def _agent_won(self, step: Any) -> Bools:
        """For every game, whether the agent is among the winners of a game ``step``
        ended (meaningful where ``step.games_over``)."""
        raise NotImplementedError

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """New games in every slot, dealt from ``seed`` (one int; ``None`` draws one),
        played up to the agent's first turn."""
        if isinstance(seed, list):
            raise RulesError("seed must be one int for all the games, or None")
        super().reset(seed=seed)
        self._batch = self._new_batch(self.num_envs, new_seed() if seed is None else seed)
        self._moves[:] = 0
        self._play_opponents(np.zeros(self.num_envs), np.zeros(self.num_envs, dtype=np.bool_))
        return self._batch.observations(self._seats()), self._info()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[npt.NDArray[np.float32], Floats, Bools, Bools, dict[str, Any]]:
        """Play the agent's move in every game, then the opponents' up to the agent's
        next turn. Raises :class:`~cardrules.IllegalMoveError` (and plays nothing) if
        a move is not legal in its game."""
        rewards = np.zeros(self.num_envs)
        terminated = np.zeros(self.num_envs, dtype=np.bool_)
        self._final = np.zeros((self.num_envs, self.players), dtype=np.int64)
        self._moves += 1
        self._play(actions, None, rewards, terminated)
        self._play_opponents(rewards, terminated)
        truncated = ~terminated & (self._moves >= self.max_moves)
        if truncated.any():
            self._batch.restart(truncated)
            self._play_opponents(rewards, terminated)
        self._moves[terminated | truncated] = 0
        info = self._info()
        info["final_scores"] = self._final
        return self._batch.observations(self._seats()), rewards, terminated, truncated, info

    def action_masks(self) -> Bools:
        """The legal move ids of the agent in each game, (num_envs, num_move_ids)."""
        return self._legal_mask()

    def _seats(self) -> npt.NDArray[np.int64]:
        return np.full(self.num_envs, self.seat, dtype=np.int64)

    def _legal_mask(self) -> Bools:
        mask: Bools = self._batch.legal_mask()
        return mask

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._legal_mask()}

    def _play_opponents(self, rewards: Floats, terminated: Bools) -> None:
        batch = self._batch
        while True:
            waiting = batch.to_move != self.seat
            if not waiting.any():
                return
            self._moves[waiting] += 1
            self._play(batch.random_actions(), waiting, rewards, terminated)

    def _play(
        self, actions: npt.ArrayLike, active: Bools | None, rewards: Floats, terminated: Bools
    ) -> None:
        """One batch step, its rewards added to ``rewards`` and the games it ended to
        ``terminated``. Under "points" the reward is the change of the agent's total
        (as the single-game host pays it: Craits' shuffle-pressure penalties count when
        they are charged); what happens in a game started again in this env step, before
        the agent's first move, is not paid, as a reset pays nothing."""
        batch, seat = self._batch, self.seat
        before = batch.scores[:, seat] if self.reward == "points" else None
        step = batch.step(actions, active)
        over = step.games_over
        if before is not None:
            after = np.where(over, step.final_scores[:, seat], batch.scores[:, seat])
            gained = np.where(terminated, 0, after - before)
            rewards += np.clip(self._sign * gained, -POINTS_LIMIT, POINTS_LIMIT)
        else:
            rewards[over] += np.where(self._agent_won(step)[over], 1.0, -1.0)
        terminated |= over
        self._final[over] = step.final_scores[over]
        self._moves[over] = 0


class CrampsVectorEnv(_LockstepEnv):
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

    rules = Cramps
    game: Cramps

    def __init__(
        self,
        num_envs: int,
        *,
        game: Cramps | None = None,
        seat: int = 0,
        reward: Literal["points", "outcome"] = "points",
        max_moves: int | None = None,
    ) -> None:
        super().__init__(num_envs, game, seat, reward, max_moves)

    def _new_batch(self, num_envs: int, seed: int) -> CrampsBatch:
        return CrampsBatch(num_envs, game=self.game, seed=seed)

    def _agent_won(self, step: CrampsBatchStep) -> Bools:
        won: Bools = step.winners == self.seat
        return won


class CraitsVectorEnv(_LockstepEnv):
    """``num_envs`` games of Craits for one agent seat, the others random.

    Args:
        num_envs: how many games (at least 1).
        game: the rules, :class:`~cardrules.Craits` (4 players) by default; any
            options, 2 to 10 players.
        seat: the agent's seat in every game, 0 by default.
        reward: ``"points"`` (minus every change of the agent's total: its points of
            each hand as it ends and its shuffle-pressure penalties (K19) as they are
            charged, since the lowest total wins, as the single-game host pays them)
            or ``"outcome"`` (1 if the agent is among the winners, players level on
            the lowest total all winning (K25), -1 otherwise, at the end of the game).
        max_moves: a game is stopped (``truncated``) and started again after this many
            moves of all seats; ``None`` for :meth:`Craits.move_cap
            <cardrules.Game.move_cap>`.

    >>> import cardrules as cr
    >>> env = CraitsVectorEnv(8, game=cr.Craits(players=3), seat=2)
    >>> observations, info = env.reset(seed=5)
    >>> env.single_action_space, info["action_mask"].shape == (8, env.game.num_move_ids)
    (Discrete(533), True)
    >>> observations.shape == (8, env.single_observation_space.shape[0])
    True
    """

    rules = Craits
    game: Craits

    def __init__(
        self,
        num_envs: int,
        *,
        game: Craits | None = None,
        seat: int = 0,
        reward: Literal["points", "outcome"] = "points",
        max_moves: int | None = None,
    ) -> None:
        super().__init__(num_envs, game, seat, reward, max_moves)

    def _new_batch(self, num_envs: int, seed: int) -> CraitsBatch:
        return CraitsBatch(num_envs, game=self.game, seed=seed)

    def _agent_won(self, step: CraitsBatchStep) -> Bools:
        return step.winners[:, self.seat]
