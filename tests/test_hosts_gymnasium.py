"""The Gymnasium environment (cardrules.hosts.gymnasium): its bots' seeds tell nothing
about the deal (the attack that rebuilt every hand from them fails), the end of an
episode has a mask that vector environments can sample from, its ids are registered,
its opponents may be any policy, and bad arguments are refused with library errors.

Skipped where Gymnasium is not installed, unless CARDRULES_REQUIRE_HOSTS=1 (CI).
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from typing import Any

import pytest

import cardrules as cr
from cardrules.rng import derive_seed

try:
    import gymnasium
    import numpy as np
    from gymnasium.utils.seeding import np_random

    from cardrules.hosts.gymnasium import CardGameSoloEnv, make_env
except ImportError:
    if os.environ.get("CARDRULES_REQUIRE_HOSTS") == "1":
        raise
    pytest.skip("Gymnasium is not installed", allow_module_level=True)


def _name(game: Any) -> str:
    return f"{game.name}-{game.players}p"


# -- the bots' seeds ------------------------------------------------------------------------


class _Spy:
    """A bot that keeps the first decision seed it is given in each episode (and the
    seed's index among the episode's decisions, which it can count from its view)."""

    name = "spy"

    def __init__(self) -> None:
        self.seeds: list[int] = []

    def choose(self, game: Any, view: Any, moves: Any, seed: int) -> Any:
        self.seeds.append(seed)
        return moves[0]


class _OldSchemeEnv(CardGameSoloEnv):
    """The environment as it seeded its bots before: their base seed was the second
    number drawn from the generator that ``reset(seed=...)`` seeds, the first one
    dealing the cards."""

    def _episode_bot_seed(self, episode: int) -> int:
        return episode


_RESET_SEEDS = range(100)  # the small seeds an attacker tries
_DECISIONS = range(32)  # the decision indexes it tries for each
_BOT_SEEDS = range(10)  # small bot seeds, against the environment as it is now


def _dealing_seed(reset_seed: int) -> int:
    """The seed that deals the cards of an episode reset with ``reset_seed`` (the
    environment's code, which the attacker knows)."""
    generator, _ = np_random(reset_seed)
    return int(generator.integers(2**63))


def _attackers_table() -> dict[int, int]:
    """Every decision seed the attacker can foresee, with the dealing seed it gives
    away: the old scheme for each small reset seed, and the current one for each
    small reset seed with each small bot seed."""
    table = {}
    for reset_seed in _RESET_SEEDS:
        generator, _ = np_random(reset_seed)
        dealing = int(generator.integers(2**63))
        episode = int(generator.integers(2**63))
        bases = [episode, *(derive_seed(b, episode, b"gymepi") for b in _BOT_SEEDS)]
        for base in bases:
            for index in _DECISIONS:
                table[derive_seed(base, index, b"gymbot")] = dealing
    return table


@pytest.mark.parametrize("game", [cr.Cramps(), cr.Craits(players=3)], ids=_name)
def test_the_bots_seeds_do_not_give_away_the_deal(game: Any) -> None:
    """An attacker who knows the environment's code and tries small reset seeds
    (and small bot seeds) matches its first decision seed and so rebuilds the whole
    deal in every episode of the old scheme, and in none of the environment's."""
    table = _attackers_table()
    for kind, expected in ((_OldSchemeEnv, 45), (CardGameSoloEnv, 0)):
        spy = _Spy()
        env = kind(game, seat=0, opponents=[spy] * (game.players - 1))
        rebuilt = 0
        for reset_seed in range(45):
            spy.seeds.clear()
            env.reset(seed=reset_seed)
            while not spy.seeds:  # (the agent moves first: play on to a bot's turn)
                env.step(int(env.action_masks().argmax()))
            dealing = table.get(spy.seeds[0])
            if dealing is not None:
                deal = game.start(seed=dealing).state
                assert deal == game.start(seed=_dealing_seed(reset_seed)).state  # every card
                rebuilt += 1
        assert rebuilt == expected, kind.__name__


def test_bot_seeds_are_reproducible_when_given_and_fresh_otherwise() -> None:
    def seeds(**options: Any) -> list[int]:
        spy = _Spy()
        env = CardGameSoloEnv(cr.Cramps(), seat=0, opponents=[spy] * 3, **options)
        _, info = env.reset(seed=7)
        for _ in range(5):
            _, _, _, _, info = env.step(int(info["action_mask"].argmax()))
        _, info = env.reset()  # the next episode, from the same generator
        for _ in range(5):
            _, _, _, _, info = env.step(int(info["action_mask"].argmax()))
        return spy.seeds

    given = seeds(bot_seed=12345)
    assert given == seeds(bot_seed=12345) and len(set(given)) == len(given)
    assert given != seeds(bot_seed=12346)
    assert seeds() != seeds()  # a fresh random bot seed for each environment
    env = CardGameSoloEnv(cr.Cramps(), bot_seed=5)
    assert env.bot_seed == 5 and CardGameSoloEnv(cr.Cramps()).bot_seed != env.bot_seed


def test_a_given_bot_seed_replays_whole_episodes() -> None:
    def episode(env: Any, seed: int) -> list[Any]:
        observation, info = env.reset(seed=seed)
        seen = [observation.tolist()]
        done = False
        while not done:
            observation, reward, terminated, truncated, info = env.step(
                int(np.flatnonzero(info["action_mask"])[-1])
            )
            seen.append((observation.tolist(), reward))
            done = terminated or truncated
        return seen

    game = cr.Craits(players=3, short_game=True)
    first = episode(CardGameSoloEnv(game, seat=1, bot_seed=9), 4)
    assert first == episode(CardGameSoloEnv(game, seat=1, bot_seed=9), 4)


# -- the end of an episode ----------------------------------------------------------------


def test_a_finished_episode_offers_the_placeholder_and_ignores_it() -> None:
    env = CardGameSoloEnv(cr.Cramps(target=5), max_moves=30)
    _, info = env.reset(seed=2)
    done = False
    while not done:
        observation, _, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))
        done = terminated or truncated
    assert info["action_mask"].tolist() == [1] + [0] * 51
    assert env.action_masks().tolist() == info["action_mask"].tolist()
    state = env.table.state
    kept = observation.copy()
    observation[:] = -5.0  # (the agent's array: changing it changes nothing kept)
    again, reward, *ended, _ = env.step(0)
    assert np.array_equal(again, kept) and reward == 0.0
    assert ended == [terminated, truncated] and env.table.state is state
    with pytest.raises(cr.IllegalMoveError, match="the episode has ended: call reset"):
        env.step(5)


def _sampler(rng: Any) -> Callable[[Any], int]:
    """How a policy typically samples from a mask: uniformly among its ones (this
    raises for a mask of zeros)."""
    return lambda mask: int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("mode", ["NEXT_STEP", "SAME_STEP"])
def test_a_vector_environment_loop_samples_every_action_from_the_mask(mode: str) -> None:
    rng = np.random.default_rng(0)
    sample = _sampler(rng)
    game = cr.Craits(players=3, short_game=True)

    def maker(seat: int) -> Callable[[], CardGameSoloEnv]:
        return lambda: CardGameSoloEnv(game, seat=seat, max_moves=80)

    envs = gymnasium.vector.SyncVectorEnv(
        [maker(seat) for seat in range(3)],
        autoreset_mode=getattr(gymnasium.vector.AutoresetMode, mode),
    )
    _, info = envs.reset(seed=1)
    endings = 0
    for _ in range(400):
        actions = np.array([sample(mask) for mask in info["action_mask"]])
        _, _, terminated, truncated, info = envs.step(actions)
        endings += int((terminated | truncated).sum())
        assert info["action_mask"].sum(axis=1).min() >= 1
    assert endings >= 3
    envs.close()


# -- registration -------------------------------------------------------------------------


def test_the_environments_are_registered_with_gymnasium() -> None:
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make("cardrules/Cramps-v0", target=5, seat=2, render_mode="ansi")
    solo = env.unwrapped
    assert isinstance(solo, CardGameSoloEnv)
    assert solo.game == cr.Cramps(target=5) and solo.seat == 2
    assert env.metadata["render_fps"] > 0
    env.reset(seed=1)
    text: Any = env.render()
    assert "round 1" in text.lower()
    craits: Any = gymnasium.make("cardrules/Craits-v0", players=3, short_game=True)
    assert craits.unwrapped.game == cr.Craits(players=3, short_game=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning: finite bounds, render_fps
        check_env(craits.unwrapped, skip_render_check=True)
    with pytest.raises(cr.RulesError, match="bad options for craits"):
        gymnasium.make("cardrules/Craits-v0", colour="red")
    assert make_env(cr.Cramps(target=7), seat=1).game == cr.Cramps(target=7)


# -- opponents that are policies -------------------------------------------------------------


def test_any_policy_may_play_the_other_seats() -> None:
    """A policy is given its seat's observation and action mask, as the agent is, and
    the move id it returns is played: a trained agent (here one policy) can play every
    other seat."""
    game = cr.Craits(players=3)
    seats: list[int] = []

    def policy(observation: Any, mask: Any) -> Any:
        seat = env.table.to_move
        assert seat is not None and seat != 0
        view = game.observe(env.table.state, seat)
        expected = np.asarray(env.encoder.observation(view), dtype=np.float32)
        assert observation.dtype == np.float32 and np.array_equal(observation, expected)
        assert mask.dtype == np.int8 and set(np.flatnonzero(mask)) == set(env.table.legal_ids())
        seats.append(seat)
        return np.int64(np.flatnonzero(mask)[-1])  # (NumPy's ints are move ids)

    env = CardGameSoloEnv(game, seat=0, opponents=[policy, policy], max_moves=300)
    _, info = env.reset(seed=3)
    done = False
    while not done:
        _, _, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))
        done = terminated or truncated
    assert set(seats) == {1, 2} and len(seats) > 20


def test_a_policy_that_chooses_an_illegal_move_is_refused_by_seat() -> None:
    env = CardGameSoloEnv(cr.Cramps(), seat=0, opponents=[lambda o, m: 0] * 3)
    with pytest.raises(cr.IllegalMoveError, match=r"the policy playing seat \d chose move id"):
        for seed in range(10):
            _, info = env.reset(seed=seed)
            for _ in range(13):
                _, _, _, _, info = env.step(int(info["action_mask"].argmax()))


# -- bad arguments ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "error", "match"),
    [
        ({"seat": "1"}, cr.SeatError, "seat must be 0 to 3"),
        ({"seat": True}, cr.SeatError, "seat must be 0 to 3"),
        ({"opponents": 3}, cr.RulesError, "opponents must be a list"),
        ({"opponents": "bots"}, cr.RulesError, "opponents must be a list"),
        ({"opponents": [None] * 3}, cr.RulesError, "bots .* or policies"),
        ({"illegal_reward": "x"}, cr.RulesError, "illegal_reward must be a number"),
        ({"illegal_reward": float("nan")}, cr.RulesError, "finite number"),
        ({"render_mode": "rgb_array"}, cr.RulesError, "render_mode must be"),
        ({"bot_seed": -1}, cr.SetupError, "bot_seed must be an int"),
        ({"bot_seed": 2.5}, cr.SetupError, "bot_seed must be an int"),
    ],
)
def test_gymnasium_refuses_bad_arguments(options: dict[str, Any], error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        CardGameSoloEnv(cr.Cramps(), **options)


def test_gymnasium_refuses_bad_calls_with_library_errors() -> None:
    not_a_game: Any = "cramps"
    with pytest.raises(cr.RulesError, match="game must be a cardrules game"):
        CardGameSoloEnv(not_a_game)
    env = CardGameSoloEnv(cr.Cramps())
    with pytest.raises(cr.IllegalMoveError, match="no episode has started"):
        env.step(0)
    with pytest.raises(cr.StateError, match="no episode has started"):
        env.action_masks()
    for seed, match in (("x", "a seed must be an int"), (-1, "a seed must be an int")):
        with pytest.raises(cr.SetupError, match=match):
            env.reset(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(cr.SetupError, match="options must be a dict"):
        env.reset(options="setup")  # type: ignore[arg-type]
    with pytest.raises(cr.SetupError, match="no setup option colour"):
        env.reset(options={"setup": {"colour": 1}})
    with pytest.raises(
        cr.RulesError,
        match=r"rules must be a game's name \(craits, cramps, .*\) or a rules object, not 'poker'",
    ):
        make_env("poker")
