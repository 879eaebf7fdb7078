"""Bad arguments to the learning hosts raise a library error (a CardrulesError) whose
message says what is allowed: never an AttributeError, a KeyError, a bare TypeError
or ValueError, or one of a framework's own (an AssertionError from PettingZoo's
wrappers, gymnasium.error.Error). Move ids are ints of any kind (NumPy's too), never
bools or floats.

Skipped where a framework is not installed, unless CARDRULES_REQUIRE_HOSTS=1 (CI).
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from typing import Any

import pytest

import cardrules as cr
from cardrules.encoding import encoder_for
from cardrules.games import shipped_games
from cardrules.hosts.table import HostTable, open_call, setup_of
from cardrules.moveids import move_ids_of


def _need(module: str) -> Any:
    try:
        return __import__(module, fromlist=["_"])
    except ImportError:
        if os.environ.get("CARDRULES_REQUIRE_HOSTS") == "1":
            raise
        pytest.skip(f"{module} is not installed")


def _refused(call: Callable[[], Any], error: type[Exception], match: str) -> None:
    with pytest.raises(cr.CardrulesError, match=match) as refused:
        call()
    assert isinstance(refused.value, error), refused.value


# -- move ids ---------------------------------------------------------------------------


def test_move_ids_of_any_integer_kind_are_move_ids() -> None:
    np = _need("numpy")
    game = cr.Craits(players=3)
    for kind in (np.int8, np.int32, np.int64, np.uint16, np.intp):
        assert game.move_from_id(kind(3)) == game.move_from_id(3)
    assert move_ids_of(game).move_of(np.int64(0)) == game.move_from_id(0)


@pytest.mark.parametrize("move_id", [True, 3.0, "3", None, [3]])
def test_what_is_not_an_integer_is_no_move_id(move_id: Any) -> None:
    _refused(lambda: cr.Cramps().move_from_id(move_id), cr.MoveTypeError, "move id is an int")


def test_numpy_bools_and_floats_are_no_move_ids() -> None:
    np = _need("numpy")
    for value in (np.bool_(True), np.float64(3.0), np.float32(1.0)):
        _refused(_move_from(value), cr.MoveTypeError, "move id is")
    _refused(lambda: cr.Cramps().move_from_id(np.int64(52)), cr.IllegalMoveError, "no move id 52")


_NOT_A_GAME: Any = "cramps"  # (typed Any: the point is passing the wrong type)
_NOT_A_REWARD: Any = ["points"]


def _move_from(value: Any) -> Callable[[], Any]:
    return lambda: cr.Cramps().move_from_id(value)


# -- HostTable ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: HostTable(_NOT_A_GAME), cr.RulesError, "game must be a cardrules game"),
        (lambda: HostTable(cr.Cramps(), reward=_NOT_A_REWARD), cr.RulesError, "reward must"),
        (lambda: HostTable(cr.Cramps(), encoder="x"), cr.RulesError, "the game's encoder"),
        (
            lambda: HostTable(cr.Cramps(), encoder=encoder_for(cr.Craits())),
            cr.RulesError,
            "the game's encoder",
        ),
        (lambda: HostTable(cr.Cramps()).play(0), cr.IllegalMoveError, "call reset"),
        (lambda: HostTable(cr.Cramps()).reset(colour=1), cr.SetupError, "no setup option colour"),
        (lambda: HostTable(cr.Cramps()).render("rgb"), cr.RulesError, "render_mode must be"),
        (lambda: open_call(_NOT_A_GAME, None), cr.RulesError, "game must be a cardrules game"),
        (lambda: setup_of("dealer=2"), cr.SetupError, "options must be a dict"),
        (lambda: setup_of({"setup": 2}), cr.SetupError, 'options\\["setup"\\] must map'),
    ],
)
def test_host_tables_refuse_bad_arguments(
    call: Callable[[], Any], error: type[Exception], match: str
) -> None:
    _refused(call, error, match)


def test_a_host_table_says_whether_no_game_has_started_or_the_game_is_over() -> None:
    table = HostTable(cr.Cramps(), max_moves=1)
    with pytest.raises(cr.IllegalMoveError, match="no game has started") as refused:
        table.play(0)
    assert refused.value.reason == "no_game"
    table.reset(seed=1)
    table.play(table.legal_ids()[0])
    with pytest.raises(cr.IllegalMoveError, match="the game is over") as refused:
        table.play(0)
    assert refused.value.reason == "game_over"


# -- PettingZoo ---------------------------------------------------------------------------


def _pettingzoo() -> Any:
    _need("pettingzoo")
    from cardrules.hosts import pettingzoo

    return pettingzoo


def test_pettingzoo_refuses_bad_arguments_with_library_errors() -> None:
    pz = _pettingzoo()
    _refused(lambda: pz.CardGameEnv("cramps"), cr.RulesError, "game must be a cardrules game")
    _refused(lambda: pz.CardGameEnv(cr.Cramps(), render_mode="x"), cr.RulesError, "render_mode")
    with pytest.raises(cr.RulesError, match=r"game must be a game's name \(") as refused:
        pz.env("poker")
    # Every shipped game is named (test files may register games of their own as well).
    listed = str(refused.value).split("(", 1)[1].split(")", 1)[0].split(", ")
    assert set(shipped_games()) <= set(listed)
    assert str(refused.value).endswith(") or a rules object, not 'poker'")
    _refused(lambda: pz.env(cr.Cramps(), target=5), cr.RulesError, "go with a game's name")
    _refused(lambda: pz.env("cramps", trumps=True), cr.RulesError, "bad options for cramps")
    env = pz.CardGameEnv(cr.Cramps())
    assert env.agents == [] and env.num_agents == 0
    _refused(lambda: env.step(0), cr.IllegalMoveError, "no game has started")
    _refused(lambda: env.last(), cr.StateError, "call reset")
    _refused(lambda: env.observe("player_0"), cr.StateError, "call reset")
    _refused(lambda: env.reset(options="x"), cr.SetupError, "options must be a dict")
    _refused(lambda: env.reset(seed="x"), cr.SetupError, "a seed must be an int")
    for name in ("player_4", 0, None):
        _refused(_asking(env.observation_space, name), cr.SeatError, "'player_0' … 'player_3'")
        _refused(_asking(env.action_space, name), cr.SeatError, "agent must be one of")
    env.reset(seed=1)
    _refused(lambda: env.observe("player_9"), cr.SeatError, "agent must be one of")
    _refused(lambda: env.reset(options={"setup": {"colour": 1}}), cr.SetupError, "colour")


def _asking(method: Callable[[Any], Any], argument: Any) -> Callable[[], Any]:
    return lambda: method(argument)


def test_pettingzoo_agents_whose_game_has_ended_step_with_none_only() -> None:
    pz = _pettingzoo()
    env = pz.CardGameEnv(cr.Cramps(), max_moves=2)
    env.reset(seed=1)
    for _ in range(2):
        observation, *_ = env.last()
        env.step(int(observation["action_mask"].argmax()))
    assert all(env.truncations.values())
    _refused(lambda: env.step(0), cr.MoveTypeError, "step with None")
    env.step(None)  # the selected agent leaves the game


def test_pettingzoo_env_makes_environments_in_pettingzoos_style() -> None:
    pz = _pettingzoo()
    from pettingzoo.test import api_test

    env = pz.env("craits", players=5, short_game=True, render_mode="ansi", max_moves=300)
    assert env.game == cr.Craits(players=5, short_game=True) and env.table.max_moves == 300
    assert env.metadata["render_fps"] > 0 and env.render_mode == "ansi"
    assert pz.env().game == cr.Cramps() and pz.raw_env(cr.Cramps(target=5)).game.target == 5
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about observation styles, not failures
        api_test(env, num_cycles=50)
