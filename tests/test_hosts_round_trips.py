"""The learning hosts' objects round-trip through pickle (every protocol), cloudpickle
(what Ray, loky and vector environments use) and deep copy, mid-game: each copy plays
on exactly as the original does, and changes nothing of the original.

Skipped where a framework is not installed, unless CARDRULES_REQUIRE_HOSTS=1 (CI).
"""

from __future__ import annotations

import copy
import os
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

import cardrules as cr
from cardrules.encoding import encoder_for
from cardrules.hosts.table import HostTable
from cardrules.moveids import move_ids_of

try:
    import cloudpickle  # type: ignore[import-untyped]
    import numpy as np
except ImportError:
    if os.environ.get("CARDRULES_REQUIRE_HOSTS") == "1":
        raise
    pytest.skip("cloudpickle and NumPy come with the test extra", allow_module_level=True)


def _pickled(protocol: int) -> Callable[[Any], Any]:
    return lambda thing: pickle.loads(pickle.dumps(thing, protocol))


TRIPS: dict[str, Callable[[Any], Any]] = {
    **{f"pickle-{p}": _pickled(p) for p in range(pickle.HIGHEST_PROTOCOL + 1)},
    "cloudpickle": lambda thing: cloudpickle.loads(cloudpickle.dumps(thing)),
    "deepcopy": copy.deepcopy,
}

GAMES = [cr.Cramps(), cr.Craits(players=3), cr.Craits(players=6, short_game=True)]


def _name(game: Any) -> str:
    return f"{game.name}-{game.players}p"


def _need(module: str) -> None:
    try:
        __import__(module)
    except ImportError:
        if os.environ.get("CARDRULES_REQUIRE_HOSTS") == "1":
            raise
        pytest.skip(f"{module} is not installed")


def _same(a: Any, b: Any) -> bool:
    """Equal values, arrays compared entry by entry (and dictionaries of them)."""
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[key], b[key]) for key in a)
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, np.ndarray):
        return bool(a.dtype == b.dtype and np.array_equal(a, b))
    return bool(a == b)


@pytest.mark.parametrize("trip", TRIPS)
@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_host_tables_and_encodings_round_trip_mid_game(game: Any, trip: str) -> None:
    encoder = encoder_for(game)
    table = HostTable(game, encoder=encoder, arrays=True)
    table.reset(seed=5)
    chooser = random.Random(5)
    for _ in range(30):
        table.play(chooser.choice(table.legal_ids()))
    copied = TRIPS[trip](table)
    assert copied.state == table.state and copied.moves == table.moves
    for _ in range(40):
        if table.to_move is None:
            break
        move = chooser.choice(table.legal_ids())
        assert copied.play(move) == table.play(move)
        assert copied.state == table.state
        for seat in range(game.players):
            assert _same(copied.arrays.observation(seat), table.arrays.observation(seat))
            assert copied.infos[seat].text == table.infos[seat].text
            assert copied.infos[seat].vector == table.infos[seat].vector
    for thing in (encoder, table.infos[0], table.infos[0]._log, move_ids_of(game), table.arrays):
        again = TRIPS[trip](thing)
        assert type(again) is type(thing)
    assert TRIPS[trip](table.infos[1]).text == table.infos[1].text
    assert TRIPS[trip](move_ids_of(game)).moves == move_ids_of(game).moves


@pytest.mark.parametrize("trip", TRIPS)
@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_gymnasium_environments_round_trip_mid_episode(game: Any, trip: str) -> None:
    _need("gymnasium")
    from cardrules.hosts.gymnasium import CardGameSoloEnv

    env = CardGameSoloEnv(game, seat=1)
    _, info = env.reset(seed=4)
    chooser = random.Random(4)
    for _ in range(5):
        action = chooser.choice(np.flatnonzero(info["action_mask"]).tolist())
        *_, terminated, truncated, info = env.step(action)
        assert not (terminated or truncated)
    copied = TRIPS[trip](env)
    for _ in range(20):
        action = chooser.choice(np.flatnonzero(info["action_mask"]).tolist())
        mine, theirs = env.step(action), copied.step(action)
        assert _same(list(mine), list(theirs))
        info = mine[-1]
        if mine[2] or mine[3]:
            break
    assert copied.table.state == env.table.state


@pytest.mark.parametrize("trip", TRIPS)
@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_pettingzoo_environments_round_trip_mid_game(game: Any, trip: str) -> None:
    _need("pettingzoo")
    from cardrules.hosts.pettingzoo import CardGameEnv

    env = CardGameEnv(game)
    env.reset(seed=6)
    chooser = random.Random(6)

    def action() -> int:
        observation, *_ = env.last()
        legal: list[int] = np.flatnonzero(observation["action_mask"]).tolist()
        return chooser.choice(legal)

    for _ in range(25):
        env.step(action())
    copied = TRIPS[trip](env)
    for _ in range(25):
        chosen = action()
        env.step(chosen)
        copied.step(chosen)
        assert copied.agent_selection == env.agent_selection
        assert copied.rewards == env.rewards and copied.terminations == env.terminations
        for agent in env.possible_agents:
            assert _same(copied.observe(agent), env.observe(agent))
    waiting = next(agent for agent in copied.agents if agent != copied.agent_selection)
    with pytest.raises(ValueError, match="read-only"):
        copied.observe(waiting)["action_mask"][0] = 1  # (one mask shared by the seats)
    assert copied.table.state == env.table.state


@pytest.mark.parametrize("trip", TRIPS)
def test_openspiel_games_and_states_round_trip(trip: str) -> None:
    _need("pyspiel")
    from cardrules.hosts.openspiel import load_game, resampler

    game = load_game(cr.Craits(players=3, short_game=True, idiot_calls="automatic"))
    state = game.new_initial_state()
    chooser = random.Random(7)
    while state.is_chance_node() or len(state.history()) < 120:
        if state.is_chance_node():
            state.apply_action(chooser.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
    again = TRIPS[trip](game)
    assert str(again) == str(game) and again.rules == game.rules
    copied = TRIPS[trip](state)
    assert str(copied) == str(state) and copied.history() == state.history()
    for _ in range(60):
        if state.is_terminal():
            break
        for seat in range(3):
            assert copied.information_state_string(seat) == state.information_state_string(seat)
            assert copied.observation_tensor(seat) == state.observation_tensor(seat)
        if state.is_chance_node():
            action = chooser.choice(state.chance_outcomes())[0]
        else:
            assert copied.legal_actions() == state.legal_actions()
            action = chooser.choice(state.legal_actions())
        state.apply_action(action)
        copied.apply_action(action)
    assert str(copied) == str(state)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert not state.is_terminal()
    player = state.current_player()
    resample = resampler(seed=4)
    resample(state, player)
    twin = TRIPS[trip](resample)  # (what it replayed for the last call is not kept)
    assert str(twin(state, player)) == str(resample(state, player))
