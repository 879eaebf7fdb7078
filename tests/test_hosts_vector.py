"""The Gymnasium vector environments over the batch engines: Gymnasium's spaces and
autoreset contract, the agent's observations and masks as the single-game host's
encoder makes them, rewards as the scalar host pays them, bad input refused.

Skipped where Gymnasium or NumPy is not installed, unless CARDRULES_REQUIRE_HOSTS=1 (CI).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

try:
    import gymnasium
    import numpy as np
except ImportError:
    if os.environ.get("CARDRULES_REQUIRE_HOSTS") == "1":
        raise
    pytest.skip("gymnasium is not installed", allow_module_level=True)

import cardrules as cr
from cardrules.hosts.vector import CraitsVectorEnv, CrampsVectorEnv


def _random_actions(info: dict[str, Any], rng: np.random.Generator) -> list[int]:
    return [int(rng.choice(np.flatnonzero(mask))) for mask in info["action_mask"]]


def test_spaces_masks_and_observations() -> None:
    env = CrampsVectorEnv(6, seat=2)
    observations, info = env.reset(seed=1)
    assert observations in env.observation_space
    assert env.single_action_space == gymnasium.spaces.Discrete(52)
    assert env.action_space.shape == (6,)
    rng = np.random.default_rng(2)
    batch = env._batch
    for _ in range(40):
        assert (batch.to_move == 2).all()
        assert (info["action_mask"] == env.action_masks()).all()
        assert (info["action_mask"] == batch.legal_mask()).all()
        assert np.array_equal(observations, batch.observations(np.full(6, 2)))
        assert (observations[:, 559 + 0] == 1.0).all()  # to move: the agent itself
        observations, _, _, _, info = env.step(_random_actions(info, rng))
        assert observations in env.observation_space


def test_points_rewards_are_the_agents_round_points() -> None:
    """Under "points", a step pays the agent's points of every round it ended; over
    whole games their sum is the agent's final total."""
    env = CrampsVectorEnv(8, game=cr.Cramps(target=15), seat=1)
    _, info = env.reset(seed=5)
    rng = np.random.default_rng(6)
    totals = np.zeros(8)
    finished = 0
    while finished < 8:
        _, rewards, terminated, truncated, info = env.step(_random_actions(info, rng))
        assert not truncated.any()
        totals += rewards
        finished += int(terminated.sum())
        going_on = ~terminated
        assert np.array_equal(totals[going_on], env._batch.scores[going_on, 1])
        totals[terminated] = 0
    assert finished >= 8


def test_outcome_rewards_and_autoreset() -> None:
    """Under "outcome", nothing is paid until a game ends; then 1 if the agent won,
    else -1, and the game starts again in the same step (first round, scores 0)."""
    env = CrampsVectorEnv(16, game=cr.Cramps(target=10), seat=3, reward="outcome")
    _, info = env.reset(seed=7)
    rng = np.random.default_rng(8)
    wins = losses = 0
    for _ in range(400):
        _, rewards, terminated, _, info = env.step(_random_actions(info, rng))
        assert (rewards[~terminated] == 0).all()
        final = info["final_scores"][terminated]
        agent_won = final[:, 3] > np.delete(final, 3, axis=1).max(axis=1)
        assert rewards[terminated].tolist() == np.where(agent_won, 1.0, -1.0).tolist()
        assert (final.max(axis=1) >= 10).all() and (info["final_scores"][~terminated] == 0).all()
        wins += int((rewards == 1).sum())
        losses += int((rewards == -1).sum())
        restarted = env._batch
        assert (restarted.round_number[terminated] == 1).all()
        assert (restarted.scores[terminated] == 0).all()
    assert wins > 0 and losses > wins  # random play: the agent wins about one game in four


def test_truncation_restarts_the_game() -> None:
    env = CrampsVectorEnv(3, max_moves=30)
    _, info = env.reset(seed=9)
    rng = np.random.default_rng(1)
    truncations = 0
    for _ in range(20):
        _, _, terminated, truncated, info = env.step(_random_actions(info, rng))
        assert not (terminated & truncated).any()
        truncations += int(truncated.sum())
        assert (env._batch.to_move == 0).all()
    assert truncations >= 3


def test_same_seed_same_games() -> None:
    runs = []
    for _ in range(2):
        env = CrampsVectorEnv(4)
        observations, info = env.reset(seed=11)
        rng = np.random.default_rng(3)
        for _ in range(30):
            observations, *_, info = env.step(_random_actions(info, rng))
        runs.append(observations)
    assert np.array_equal(runs[0], runs[1])


def test_bad_input() -> None:
    with pytest.raises(cr.RulesError, match="seat must be 0 to 3"):
        CrampsVectorEnv(2, seat=4)
    with pytest.raises(cr.RulesError, match="reward must be one of"):
        CrampsVectorEnv(2, reward="money")  # type: ignore[arg-type]
    with pytest.raises(cr.RulesError, match="max_moves"):
        CrampsVectorEnv(2, max_moves=0)
    with pytest.raises(cr.RulesError, match="must be a Cramps"):
        CrampsVectorEnv(2, game=cr.Craits())  # type: ignore[arg-type]
    with pytest.raises(cr.SetupError, match="at least 1"):
        CrampsVectorEnv(0)
    env = CrampsVectorEnv(2)
    _, info = env.reset(seed=1)
    illegal = [int(np.flatnonzero(~mask)[0]) for mask in info["action_mask"]]
    with pytest.raises(cr.IllegalMoveError, match="not legal"):
        env.step(illegal)
    with pytest.raises(cr.RulesError, match="one int"):
        env.reset(seed=[1, 2])


# -- Craits ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 6])
def test_craits_spaces_masks_and_observations(players: int) -> None:
    game = cr.Craits(players=players)
    env = CraitsVectorEnv(5, game=game, seat=players - 1)
    observations, info = env.reset(seed=players)
    assert env.single_action_space == gymnasium.spaces.Discrete(game.num_move_ids)
    assert env.action_space.shape == (5,)
    rng = np.random.default_rng(players)
    batch = env._batch
    seats = np.full(5, players - 1)
    for _ in range(60):
        assert (batch.to_move == players - 1).all()
        assert (info["action_mask"] == env.action_masks()).all()
        assert (info["action_mask"] == batch.legal_mask()).all()
        assert np.array_equal(observations, batch.observations(seats))
        assert observations in env.observation_space
        observations, _, _, _, info = env.step(_random_actions(info, rng))


@pytest.mark.parametrize("players", [2, 4])
def test_craits_points_rewards_follow_the_agents_total(players: int) -> None:
    """Under "points", the rewards are minus the changes of the agent's total (hand
    points and shuffle-pressure penalties alike), so over a game they sum to minus its
    final total."""
    env = CraitsVectorEnv(8, game=cr.Craits(players=players, short_game=True), seat=1)
    _, info = env.reset(seed=20 + players)
    rng = np.random.default_rng(players)
    paid = np.zeros(8)
    started = np.zeros(8)  # the agent's total when its game started (0 but for K19)
    finished = 0
    while finished < 10:
        _, rewards, terminated, truncated, info = env.step(_random_actions(info, rng))
        assert not truncated.any()
        paid += rewards
        going_on = ~terminated
        assert np.array_equal(started[going_on] - paid[going_on], env._batch.scores[going_on, 1])
        final = info["final_scores"][terminated, 1]
        assert np.array_equal(started[terminated] - paid[terminated], final)
        finished += int(terminated.sum())
        paid[terminated] = 0
        started[terminated] = env._batch.scores[terminated, 1]


def test_craits_outcome_rewards_share_ties_and_autoreset() -> None:
    """Under "outcome", 1 when the agent's total is the lowest (level with others or
    not, K25), else -1; the game starts again in the same step."""
    env = CraitsVectorEnv(16, game=cr.Craits(players=2, short_game=True), reward="outcome")
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(4)
    outcomes = set()
    finished = 0
    while finished < 20:
        _, rewards, terminated, _, info = env.step(_random_actions(info, rng))
        assert (rewards[~terminated] == 0).all()
        final = info["final_scores"][terminated]
        agent_won = final[:, 0] == final.min(axis=1)
        assert rewards[terminated].tolist() == np.where(agent_won, 1.0, -1.0).tolist()
        assert (env._batch.hand_number[terminated] == 1).all()
        outcomes.update(rewards[terminated].tolist())
        finished += int(terminated.sum())
    assert outcomes == {1.0, -1.0}


def test_craits_truncation_and_same_seed() -> None:
    runs = []
    for _ in range(2):
        env = CraitsVectorEnv(3, max_moves=25)
        observations, info = env.reset(seed=13)
        rng = np.random.default_rng(5)
        truncations = 0
        for _ in range(40):
            observations, _, terminated, truncated, info = env.step(_random_actions(info, rng))
            assert not (terminated & truncated).any()
            truncations += int(truncated.sum())
            assert (env._batch.to_move == 0).all()
        assert truncations >= 3
        runs.append(observations)
    assert np.array_equal(runs[0], runs[1])


def test_craits_bad_input() -> None:
    with pytest.raises(cr.RulesError, match="seat must be 0 to 2"):
        CraitsVectorEnv(2, game=cr.Craits(players=3), seat=3)
    with pytest.raises(cr.RulesError, match="reward must be one of"):
        CraitsVectorEnv(2, reward="money")  # type: ignore[arg-type]
    with pytest.raises(cr.RulesError, match="max_moves"):
        CraitsVectorEnv(2, max_moves=-1)
    with pytest.raises(cr.RulesError, match="must be a Craits"):
        CraitsVectorEnv(2, game=cr.Cramps())  # type: ignore[arg-type]
    with pytest.raises(cr.SetupError, match="at least 1"):
        CraitsVectorEnv(0)
    env = CraitsVectorEnv(2)
    _, info = env.reset(seed=1)
    illegal = [int(np.flatnonzero(~mask)[0]) for mask in info["action_mask"]]
    with pytest.raises(cr.IllegalMoveError, match="not legal"):
        env.step(illegal)
