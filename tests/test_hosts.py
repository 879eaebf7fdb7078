"""The host adapters: HostTable (no framework), PettingZoo's AEC conformance tests and
Gymnasium's environment checker, on Cramps and on Craits with 2 to 10 players.

The frameworks come with the test extra; without them these tests are skipped, unless
CARDRULES_REQUIRE_HOSTS=1 is set (as in CI), which turns the skip into a failure.
"""

from __future__ import annotations

import os
import random
import warnings
from typing import Any

import pytest

import cardrules as cr
from cardrules.bots import HeuristicBot
from cardrules.hosts.table import HostTable


def _need(module: str) -> Any:
    try:
        return __import__(module, fromlist=["_"])
    except ImportError:
        if os.environ.get("CARDRULES_REQUIRE_HOSTS") == "1":
            raise
        pytest.skip(f"{module} is not installed")


CRAITS_PLAYERS = [2, 6, 10]  # the smallest table, the smallest on two decks, the largest


def _games() -> list[Any]:
    return [
        cr.Cramps(),
        *(cr.Craits(players=n, short_game=True) for n in CRAITS_PLAYERS),
        cr.Craits(players=4, idiot_calls="automatic"),
    ]


def _name(game: Any) -> str:
    return f"{game.name}-{game.players}p"


# -- HostTable ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", [cr.Cramps(), cr.Craits(players=3)], ids=_name)
def test_host_table_points_rewards_sum_to_the_score_changes(game: Any) -> None:
    table = HostTable(game, reward="points")
    table.reset(seed=11)
    chooser = random.Random(11)
    totals = [0.0] * game.players
    start = table.state.scores
    while not (table.is_over or table.truncated):
        for seat, value in enumerate(table.play(chooser.choice(table.legal_ids()))):
            totals[seat] += value
    sign = 1 if game.higher_scores_win else -1
    assert totals == [sign * (b - a) for a, b in zip(start, table.state.scores, strict=True)]
    assert table.is_over and table.to_move is None and table.legal_ids() == ()


def test_host_table_outcome_rewards_pay_only_at_the_end() -> None:
    game = cr.Cramps()
    table = HostTable(game, reward="outcome")
    table.reset(seed=4)
    rewards = []
    while not table.is_over:
        rewards.append(table.play(table.legal_ids()[-1]))
    assert all(r == (0.0,) * 4 for r in rewards[:-1])
    winners = table.state.winners
    assert rewards[-1] == tuple(1.0 if s in winners else -1.0 for s in range(4))


def test_host_table_makes_manual_idiot_calls_for_the_seats() -> None:
    game = cr.Craits(players=4)  # manual calls: any opponent may call out of turn
    table = HostTable(game)
    calls = []
    for seed in range(10):
        table.reset(seed=seed)
        chooser = random.Random(seed)
        while not (table.is_over or table.truncated) and table.moves < 400:
            moves = table.legal_ids()
            # plays that do not say "one card": the ones that can leave a player exposed
            quiet = [i for i in moves if not getattr(game.move_from_id(i), "announce", True)]
            table.play(chooser.choice(quiet or list(moves)))
            assert not table.state.exposed, "an exposed player was left uncalled"
            calls += [e for e in table.events if isinstance(e, cr.IdiotCalled)]
    assert calls, "no idiot call was made in ten games of unannounced plays"
    # every opponent may call, so the first one to the exposed player's left does
    assert all(call.caller == (call.target + 1) % 4 for call in calls)


def test_host_table_truncates_at_the_cap() -> None:
    table = HostTable(cr.Craits(players=3), max_moves=5)
    table.reset(seed=2)
    for _ in range(5):
        table.play(table.legal_ids()[0])
    assert table.truncated and not table.is_over and table.to_move is None
    with pytest.raises(cr.IllegalMoveError, match="reset"):
        table.play(0)
    assert HostTable(cr.Cramps()).max_moves == cr.Cramps().move_cap() == cr.DEFAULT_MOVE_CAP


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"reward": "money"}, "reward must be one of"),
        ({"max_moves": 0}, "max_moves must be"),
        ({"max_moves": True}, "max_moves must be"),
    ],
)
def test_host_table_refuses_bad_options(options: dict[str, Any], match: str) -> None:
    with pytest.raises(cr.RulesError, match=match):
        HostTable(cr.Cramps(), **options)


def test_host_table_refuses_what_is_not_a_game_and_bad_ids() -> None:
    with pytest.raises(cr.RulesError, match="must be a cardrules game"):
        HostTable("cramps")  # type: ignore[arg-type]
    table = HostTable(cr.Cramps())
    table.reset(seed=1)
    with pytest.raises(cr.CardrulesError):
        table.play(10**6)
    illegal = next(i for i in range(52) if i not in table.legal_ids())
    with pytest.raises(cr.IllegalMoveError):
        table.play(illegal)


def test_host_table_plays_for_the_seat_to_move_and_checks_calls_made_out_of_turn() -> None:
    """Every move id is played for the seat to move; an idiot call names its caller,
    so a call by another seat is refused as theirs to send, whatever the turn."""
    game = cr.Craits(players=3)
    table = HostTable(game)
    table.reset(seed=4)
    seat = table.to_move
    assert seat is not None
    other = (seat + 1) % 3
    with pytest.raises(cr.IllegalMoveError) as refused:
        table.play(game.move_id(cr.CallIdiot(other, seat)))
    assert refused.value.reason == "not_your_move"
    before = table.state
    legal = table.legal_ids()
    assert legal == game.legal_move_ids(before)
    table.play(legal[0])
    assert table.state is not before
    assert table.legal_ids() == game.legal_move_ids(table.state)  # asked again: new state


# -- PettingZoo ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", _games(), ids=_name)
def test_pettingzoo_api_test(game: Any) -> None:
    _need("pettingzoo")
    from pettingzoo.test import api_test

    from cardrules.hosts.pettingzoo import CardGameEnv

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about observation styles, not failures
        api_test(CardGameEnv(game), num_cycles=300)


@pytest.mark.parametrize("game", _games(), ids=_name)
def test_pettingzoo_seed_test(game: Any) -> None:
    _need("pettingzoo")
    from pettingzoo.test import seed_test

    from cardrules.hosts.pettingzoo import CardGameEnv

    seed_test(lambda: CardGameEnv(game), num_cycles=150)


def test_pettingzoo_metadata_shows_the_observation_layout() -> None:
    _need("pettingzoo")
    from cardrules.hosts.pettingzoo import env

    assert env("hearts").metadata["layout"] == "tricks/1+hearts/1"


def test_pettingzoo_masks_and_observations_follow_the_game() -> None:
    _need("pettingzoo")
    from cardrules.hosts.pettingzoo import CardGameEnv

    game = cr.Craits(players=3)
    env = CardGameEnv(game, max_moves=400)
    env.reset(seed=9)
    steps = 0
    for agent in env.agent_iter():
        observation, _, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        seat = int(agent.split("_")[1])
        state = env.table.state
        assert state.to_move == seat
        legal = set(game.legal_move_ids(state))
        assert {int(i) for i in observation["action_mask"].nonzero()[0]} == legal
        assert (info["action_mask"] == observation["action_mask"]).all()
        expected = env.encoder.observation(game.observe(state, seat))
        assert observation["observation"].tolist() == pytest.approx(expected)
        env.step(sorted(legal)[-1])
        steps += 1
    assert steps > 0 and env.agents == []


def test_pettingzoo_truncates_every_agent_at_the_cap() -> None:
    _need("pettingzoo")
    from cardrules.hosts.pettingzoo import CardGameEnv

    env = CardGameEnv(cr.Cramps(), max_moves=10)
    env.reset(seed=1)
    for _ in range(10):
        observation, *_ = env.last()
        env.step(int(observation["action_mask"].argmax()))
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_pettingzoo_refuses_an_illegal_action_and_a_bad_render_mode() -> None:
    _need("pettingzoo")
    from cardrules.hosts.pettingzoo import CardGameEnv

    env = CardGameEnv(cr.Cramps())
    env.reset(seed=1)
    observation, *_ = env.last()
    illegal = int(observation["action_mask"].argmin())
    with pytest.raises(cr.IllegalMoveError):
        env.step(illegal)
    with pytest.raises(ValueError, match="render_mode"):
        CardGameEnv(cr.Cramps(), render_mode="rgb_array")


# -- Gymnasium ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", _games(), ids=_name)
@pytest.mark.filterwarnings("error")  # (it warned of infinite bounds: they are finite now)
def test_gymnasium_check_env(game: Any) -> None:
    _need("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from cardrules.hosts.gymnasium import CardGameSoloEnv

    check_env(CardGameSoloEnv(game, seat=1), skip_render_check=True)


def test_gymnasium_metadata_shows_the_observation_layout() -> None:
    _need("gymnasium")
    from cardrules.hosts.gymnasium import CardGameSoloEnv

    assert CardGameSoloEnv(cr.Craits(players=3)).metadata["layout"] == "shedding/1"


def test_gymnasium_episode_against_heuristic_bots() -> None:
    _need("gymnasium")
    from cardrules.hosts.gymnasium import CardGameSoloEnv

    game = cr.Cramps()
    env = CardGameSoloEnv(game, seat=2, opponents=[HeuristicBot()] * 3)
    _, info = env.reset(seed=3)
    total = 0.0
    done = False
    while not done:
        assert env.table.state.to_move == 2
        action = int(info["action_mask"].nonzero()[0][0])
        _, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    assert terminated and env.table.is_over
    assert total == env.table.state.scores[2]  # from 0: the agent's own points


def test_gymnasium_illegal_actions_are_penalized_or_raised() -> None:
    _need("gymnasium")
    from cardrules.hosts.gymnasium import CardGameSoloEnv

    env = CardGameSoloEnv(cr.Cramps(), max_moves=6)
    _, info = env.reset(seed=2)
    assert env.table.moves == 3  # seats 1 to 3 lead off before the agent (seat 0)
    illegal = int(info["action_mask"].argmin())
    state = env.table.state
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, False, False, True)
    assert env.table.state is state
    env.step(illegal)
    *_, truncated, _ = env.step(illegal)  # the sixth move or attempt
    assert truncated
    strict = CardGameSoloEnv(cr.Cramps(), illegal_action="raise")
    _, info = strict.reset(seed=2)
    with pytest.raises(cr.IllegalMoveError):
        strict.step(int(info["action_mask"].argmin()))


@pytest.mark.parametrize(
    ("options", "error", "match"),
    [
        ({"seat": 4}, cr.SeatError, "seat must be 0 to 3"),
        ({"opponents": [HeuristicBot()]}, cr.RulesError, "one opponent for each of the 3"),
        ({"opponents": ["random"] * 3}, cr.RulesError, "must be cardrules bots"),
        ({"illegal_action": "ignore"}, cr.RulesError, "illegal_action must be one of"),
    ],
)
def test_gymnasium_refuses_bad_options(options: dict[str, Any], error: type, match: str) -> None:
    _need("gymnasium")
    from cardrules.hosts.gymnasium import CardGameSoloEnv

    with pytest.raises(error, match=match):
        CardGameSoloEnv(cr.Cramps(), **options)


def test_gymnasium_bot_seeds_are_reproducible_and_not_the_generator_outputs() -> None:
    _need("gymnasium")
    from gymnasium.utils.seeding import np_random

    from cardrules.hosts.gymnasium import CardGameSoloEnv

    seen: list[int] = []

    class Spy:
        name = "spy"

        def choose(self, game: Any, view: Any, moves: Any, seed: int) -> Any:
            seen.append(seed)
            return moves[0]

    def play() -> list[int]:
        seen.clear()
        env = CardGameSoloEnv(cr.Cramps(), seat=0, opponents=[Spy()] * 3, bot_seed=11)
        _, info = env.reset(seed=7)
        for _ in range(5):
            _, _, _, _, info = env.step(int(info["action_mask"].argmax()))
        return list(seen)

    first = play()
    assert first and first == play()
    generator, _ = np_random(7)
    raw = {int(generator.integers(2**63)) for _ in range(2)}  # the game seed, the bot base
    assert not raw & set(first) and len(set(first)) == len(first)


@pytest.mark.parametrize("action", [3.0, "7", True, None, [1]])
def test_actions_that_are_not_move_ids_are_refused_by_every_host(action: Any) -> None:
    table = HostTable(cr.Cramps())
    table.reset(seed=1)
    with pytest.raises(cr.MoveTypeError, match="an action is a move id"):
        table.play(action)
    _need("gymnasium")
    from cardrules.hosts.gymnasium import CardGameSoloEnv

    solo = CardGameSoloEnv(cr.Cramps())
    solo.reset(seed=1)
    with pytest.raises(cr.MoveTypeError, match="an action is a move id"):
        solo.step(action)
    _need("pettingzoo")
    from cardrules.hosts.pettingzoo import CardGameEnv

    env = CardGameEnv(cr.Cramps())
    env.reset(seed=1)
    with pytest.raises(cr.MoveTypeError, match="an action is a move id"):
        env.step(action)  # None too: only an agent whose game has ended steps with None


def test_numpy_integers_are_move_ids() -> None:
    np = _need("numpy")
    table = HostTable(cr.Cramps())
    table.reset(seed=1)
    first = table.legal_ids()[0]
    table.play(np.int64(first))
    assert table.moves == 1


def test_render_modes_show_the_table_to_people() -> None:
    _need("pettingzoo")
    from cardrules.hosts.gymnasium import CardGameSoloEnv
    from cardrules.hosts.pettingzoo import CardGameEnv

    env = CardGameEnv(cr.Cramps(), render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text == str(env.table.state) and "round 1" in text.lower()
    assert CardGameEnv(cr.Cramps()).render() is None
    solo = CardGameSoloEnv(cr.Cramps(), render_mode="ansi")
    solo.reset(seed=1)
    assert solo.render() == str(solo.table.state)


def test_host_table_keeps_observation_arrays_only_with_an_encoder() -> None:
    np = _need("numpy")
    from cardrules.encoding import encoder_for

    with pytest.raises(cr.RulesError, match="arrays=True needs the game's encoder"):
        HostTable(cr.Cramps(), arrays=True)
    game = cr.Craits(players=3)
    encoder = encoder_for(game)
    table = HostTable(game, encoder=encoder, infos=False, arrays=True)
    table.reset(seed=4)
    chooser = random.Random(4)
    for _ in range(60):
        table.play(chooser.choice(table.legal_ids()))
        for seat in range(3):
            fresh = encoder.observation(game.observe(table.state, seat))
            assert np.array_equal(table.arrays.observation(seat), np.asarray(fresh, np.float32))
    assert table.infos == ()


def test_points_rewards_of_any_size_stay_finite() -> None:
    game = cr.Craits(players=2)
    table = HostTable(game)
    before = game.new_game(seed=1, scores=[0, 0])
    after = game.new_game(seed=1, scores=[10**400, -(10**400)])
    assert table._rewards(before, after) == (-1e12, 1e12)  # lower wins in Craits
