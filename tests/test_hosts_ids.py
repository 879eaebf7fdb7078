"""Every game the library ships, through the names its learning hosts register: the
Gymnasium id (``gymnasium.make("cardrules/Hearts-v0")``, checked by Gymnasium's
``check_env``), PettingZoo's ``env("hearts")`` (``api_test``) and the OpenSpiel game
``python_cardrules_hearts`` (``pyspiel.load_game``, ``random_sim_test`` with
serialization). The other host tests build their environments from rules objects;
these check what a user types.

Kept cheap: a game is cut short (``max_moves``, ``max_game_length``) and, where the
game takes one, played to a low target. Skipped where a framework is not installed,
unless CARDRULES_REQUIRE_HOSTS=1 (CI).
"""

from __future__ import annotations

import os
import warnings
from typing import Any, ClassVar

import pytest

import cardrules as cr
from cardrules.games import shipped_games

SHIPPED = shipped_games()
NAMES = list(SHIPPED)


def _need(module: str) -> Any:
    try:
        return __import__(module, fromlist=["_"])
    except ImportError:
        if os.environ.get("CARDRULES_REQUIRE_HOSTS") == "1":
            raise
        pytest.skip(f"{module} is not installed")


def _short(name: str) -> dict[str, Any]:
    """Rules options that make a game of ``name`` short: the lowest target it takes
    (a game of several deals then ends after one or two), or none."""
    for target in (1, 5, 10):
        try:
            SHIPPED[name].from_options({"target": target})
        except cr.RulesError:
            continue
        return {"target": target}
    return {}


def test_the_library_ships_ten_games_each_with_an_id_per_host() -> None:
    assert NAMES == [
        "craits",
        "cramps",
        "crazy_eights",
        "euchre",
        "hearts",
        "oh_hell",
        "president",
        "skat",
        "spades",
        "uno",
    ]
    assert all(cr.game_class(name) is SHIPPED[name] for name in NAMES)


# -- Gymnasium ----------------------------------------------------------------------------


def test_every_game_has_a_gymnasium_id_named_after_its_class() -> None:
    gymnasium = _need("gymnasium")
    from cardrules.hosts.gymnasium import ENV_IDS

    assert ENV_IDS == {
        "craits": "cardrules/Craits-v0",
        "cramps": "cardrules/Cramps-v0",
        "crazy_eights": "cardrules/CrazyEights-v0",
        "euchre": "cardrules/Euchre-v0",
        "hearts": "cardrules/Hearts-v0",
        "oh_hell": "cardrules/OhHell-v0",
        "president": "cardrules/President-v0",
        "skat": "cardrules/Skat-v0",
        "spades": "cardrules/Spades-v0",
        "uno": "cardrules/Uno-v0",
    }
    assert all(env_id in gymnasium.envs.registry for env_id in ENV_IDS.values())


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.filterwarnings("error")  # finite bounds, render_fps: no warning at all
def test_gymnasium_check_env_by_id(name: str) -> None:
    gymnasium = _need("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from cardrules.hosts.gymnasium import ENV_IDS, CardGameSoloEnv

    env = gymnasium.make(ENV_IDS[name], seat=1, max_moves=400, **_short(name))
    solo = env.unwrapped
    assert isinstance(solo, CardGameSoloEnv)
    assert solo.game == SHIPPED[name].from_options(_short(name))
    check_env(solo, skip_render_check=True)


# -- PettingZoo ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_api_and_seed_tests_by_name(name: str) -> None:
    _need("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from cardrules.hosts import pettingzoo

    env = pettingzoo.env(name, max_moves=400, **_short(name))
    assert env.game == SHIPPED[name].from_options(_short(name))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about observation styles, not failures
        api_test(env, num_cycles=100)
    seed_test(lambda: pettingzoo.env(name, max_moves=400, **_short(name)), num_cycles=50)


# -- OpenSpiel ----------------------------------------------------------------------------


def test_every_game_is_an_openspiel_game_with_the_players_it_takes() -> None:
    pyspiel = _need("pyspiel")
    from cardrules.hosts.openspiel import player_range

    expected = {"craits": (2, 10), "cramps": (4, 4), "euchre": (4, 4), "hearts": (4, 4)}
    expected["spades"] = (4, 4)
    for name in NAMES:
        game_type = pyspiel.load_game(f"python_cardrules_{name}").get_type()
        players = (game_type.min_num_players, game_type.max_num_players)
        assert players == player_range(SHIPPED[name]) == expected.get(name, players), name
        low, high = players
        assert low <= SHIPPED[name]().players <= high


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_sim_test_by_name(name: str) -> None:
    pyspiel = _need("pyspiel")
    import cardrules.hosts.openspiel  # noqa: F401  (registers the games)

    params = {"max_game_length": 400, **_short(name)}
    text = ",".join(f"{key}={value}" for key, value in params.items())
    game = pyspiel.load_game(f"python_cardrules_{name}({text})")
    assert game.rules == SHIPPED[name].from_options(_short(name))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "rules",
    [
        cr.CrazyEights(players=2),  # 7 cards each, for two: worked out, not written
        cr.CrazyEights(players=2, hand_size=5),
        cr.CrazyEights(players=11),  # two decks for eleven
        cr.CrazyEights(players=6, decks=2, draw_limit=3),
        cr.Craits(players=7),
        cr.Craits(players=4, decks=2),
    ],
    ids=lambda rules: f"{rules.name}-{rules.players}p",
)
def test_options_that_are_none_by_default_are_parameters_with_0_for_none(rules: Any) -> None:
    pyspiel = _need("pyspiel")
    from cardrules.hosts.openspiel import load_game

    text = str(load_game(rules))
    assert pyspiel.load_game(text).rules == rules
    assert pyspiel.load_game(f"python_cardrules_{rules.name}(players={rules.players})").rules == (
        type(rules)(players=rules.players)
    )
    assert "=0" not in text  # (0 is the default of every such parameter: never written)


def test_a_none_option_that_takes_0_has_no_parameter() -> None:
    _need("pyspiel")
    import attrs

    from cardrules.hosts.openspiel import register_game
    from cardrules.options import integer

    @attrs.frozen(kw_only=True)
    class ZeroOrNone(cr.Cramps):
        name: ClassVar[str] = ""  # (not registered: a game of this test only)
        limit: int | None = attrs.field(default=None, validator=integer(0, or_none=True))

    with pytest.raises(cr.RulesError, match="limit of ZeroOrNone is None by default and takes 0"):
        register_game(ZeroOrNone)
