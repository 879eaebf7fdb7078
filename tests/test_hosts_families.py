"""Games on the engines get every learning host with no code of their own: the Hearts,
Oh Hell, Spades, Euchre and Crazy Eights examples (trick-taking and shedding engines)
pass PettingZoo's API and seed tests, Gymnasium's environment checker and OpenSpiel's
random simulation test with serialization, as Cramps and Craits do
(tests/test_hosts*.py), through their family's encoder.

Skipped where a framework is not installed, unless CARDRULES_REQUIRE_HOSTS=1 (CI).
"""

from __future__ import annotations

import os
import warnings
from typing import Any

import numpy as np
import pytest

import cardrules as cr
from cardrules.encoding import encoder_for
from cardrules.games.crazy_eights import rules as crazy_eights
from cardrules.games.euchre import rules as euchre
from cardrules.games.hearts import rules as hearts
from cardrules.games.oh_hell import rules as oh_hell
from cardrules.games.spades import rules as spades

GAMES: list[cr.Game[Any, Any, Any]] = [
    hearts.Hearts(),
    crazy_eights.CrazyEights(players=3),
    oh_hell.OhHell(),
    spades.Spades(),
    euchre.Euchre(),
    crazy_eights.CrazyEights(players=2),
]


def _name(game: Any) -> str:
    return f"{game.name}-{game.players}p"


def _need(module: str) -> Any:
    try:
        return __import__(module, fromlist=["_"])
    except ImportError:
        if os.environ.get("CARDRULES_REQUIRE_HOSTS") == "1":
            raise
        pytest.skip(f"{module} is not installed")


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_pettingzoo_api_and_seed_tests(game: Any) -> None:
    _need("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from cardrules.hosts.pettingzoo import CardGameEnv

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about observation styles, not failures
        api_test(CardGameEnv(game), num_cycles=300)
    seed_test(lambda: CardGameEnv(game), num_cycles=300)
    env = CardGameEnv(game)
    env.reset(seed=3)
    agent = env.agent_selection
    seat = env.agents.index(agent)
    observed = env.observe(agent)
    wanted = encoder_for(game).observation(game.observe(env.table.state, seat))
    assert np.array_equal(observed["observation"], np.array(wanted, np.float32))


@pytest.mark.parametrize("game", GAMES, ids=_name)
@pytest.mark.filterwarnings("error")
def test_gymnasium_check_env(game: Any) -> None:
    _need("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from cardrules.hosts.gymnasium import CardGameSoloEnv

    check_env(CardGameSoloEnv(game, seat=1), skip_render_check=True)


@pytest.mark.parametrize("game", GAMES[:5], ids=_name)
def test_openspiel_random_sim_test_with_serialization(game: Any) -> None:
    pyspiel = _need("pyspiel")
    from cardrules.hosts import openspiel as hosted

    loaded = hosted.load_game(game)
    assert str(loaded).startswith(f"python_cardrules_{game.name}")
    assert loaded.rules == game and pyspiel.load_game(str(loaded)).rules == game
    size = encoder_for(game).info_state_size
    assert loaded.information_state_tensor_shape() == [size]
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


def test_openspiel_register_game_refuses_what_is_not_a_rules_class() -> None:
    _need("pyspiel")
    from cardrules.hosts.openspiel import register_game

    assert register_game(type(GAMES[0])) == "python_cardrules_hearts"  # again: the same
    with pytest.raises(cr.RulesError, match="register_game needs a rules class"):
        register_game(GAMES[0])  # type: ignore[arg-type]
