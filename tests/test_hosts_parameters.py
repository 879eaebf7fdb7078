"""Every option value of every shipped game survives the trip through OpenSpiel's game
parameters (cardrules.hosts._params): the defaults, each OpenSpiel preset, and option
sets away from the defaults, ``None`` included where an option takes it (Spades' losing
score of ``None`` and of 0, Euchre's game of one deal). Each rules object goes to
parameters (``game_parameters``), through ``pyspiel.load_game``, and through the game
string OpenSpiel's serialization writes, and comes back equal.

Skipped where OpenSpiel is not installed, unless CARDRULES_REQUIRE_HOSTS=1 (CI).
"""

from __future__ import annotations

import os
from typing import Any, ClassVar

import attrs
import pytest

import cardrules as cr
from cardrules.games import shipped_games
from cardrules.hosts._params import game_parameters, parameter_specification
from cardrules.options import integer

try:
    import pyspiel

    from cardrules.hosts.openspiel import load_game, register_game
except ImportError:
    if os.environ.get("CARDRULES_REQUIRE_HOSTS") == "1":
        raise
    pytest.skip("OpenSpiel is not installed", allow_module_level=True)


RULES: dict[str, list[Any]] = {
    "craits": [cr.Craits(), cr.Craits(players=7), cr.Craits(players=3, decks=2, short_game=True)],
    "cramps": [cr.Cramps(), cr.Cramps(target=5, packets=(3, 3, 3, 2, 2), queen_points=0)],
    "crazy_eights": [
        cr.CrazyEights(),
        cr.CrazyEights.openspiel(),
        cr.CrazyEights.openspiel(players=2, max_draw_cards=1, reshuffle=True),
        cr.CrazyEights(target=None),
        cr.CrazyEights(players=11, target=50, draw_limit=3, max_plays=200),
    ],
    "euchre": [
        cr.Euchre(),
        cr.Euchre.openspiel(),
        cr.Euchre.openspiel(allow_lone_defender=True, stick_the_dealer=False),
        cr.Euchre(target=None),
        cr.Euchre(target=5, super_euchre=True, lone_defender=True),
    ],
    "hearts": [
        cr.Hearts(),
        cr.Hearts.openspiel(),
        cr.Hearts.openspiel(pass_cards=False, jd_bonus=True),
        cr.Hearts(target=None, passing=("left", "keep")),
        cr.Hearts(target=50, jack_of_diamonds=True, moon="subtract_from_shooter"),
    ],
    "oh_hell": [
        cr.OhHell(),
        cr.OhHell.openspiel(),
        cr.OhHell.openspiel(players=5, num_tricks_fixed=4, off_bid_penalty=True),
        cr.OhHell(players=6, hook=False),
        cr.OhHell(largest_hand=5, deals=3, trumps="none"),
    ],
    "president": [
        cr.President(),
        cr.President(players=3, two_high=False, exchange=False),
        cr.President(players=7, revolution=True, pass_sits_out=True, deals=2),
        cr.President(jokers=True, points=(5, 3, 1, 0)),  # points: ints joined by '/'
        cr.President(players=3, points=(-1, 0, 2)),
    ],
    "skat": [
        cr.Skat(),
        cr.Skat.openspiel(),
        cr.Skat(deals=1, scoring="seeger_fabian", lost_double=False),
        cr.Skat(random_first_dealer=False, first_dealer_seat=0),  # a real value: 0
    ],
    "spades": [
        cr.Spades(),
        cr.Spades.openspiel(),
        cr.Spades.openspiel(win_or_loss_bonus=50, mercy_threshold=0),
        cr.Spades(losing_score=0),  # a real value: 0 is not None here
        cr.Spades(losing_score=None, bag_limit=None),
        cr.Spades(target=None, losing_score=600),
        cr.Spades(blind_nil=True, blind_nil_behind=0),
        cr.Spades(blind_nil=True, blind_nil_behind=None, team_bid_limit=13),
    ],
    "uno": [
        cr.Uno(),
        cr.Uno.rlcard(),
        cr.Uno(players=3, target=None, stacking="draw_two", drawing="until_playable"),
        cr.Uno(players=10, uno_calls="automatic", seven_zero=True, jump_in=True),
        cr.Uno(wild_draw_four="last_resort", reshuffle="all", first_dealer="last_seat"),
    ],
}


def _cases() -> list[Any]:
    return [
        pytest.param(rules, id=f"{name}-{index}")
        for name, rules_list in RULES.items()
        for index, rules in enumerate(rules_list)
    ]


def test_the_cases_cover_every_shipped_game() -> None:
    assert set(RULES) == set(shipped_games())


@pytest.mark.parametrize("rules", _cases())
def test_rules_round_trip_through_parameters_and_the_game_string(rules: Any) -> None:
    params = game_parameters(rules)
    game = pyspiel.load_game(register_game(type(rules)), params)
    assert game.rules == rules
    assert pyspiel.load_game(str(game)).rules == rules  # (what serialization writes)
    assert load_game(rules).rules == rules


@pytest.mark.parametrize("name", list(shipped_games()))
def test_the_registered_defaults_load_the_default_rules(name: str) -> None:
    assert pyspiel.load_game(f"python_cardrules_{name}").rules == shipped_games()[name]()


def test_an_option_that_takes_none_besides_its_int_default_has_a_flag_for_none() -> None:
    spec = parameter_specification(cr.Spades)
    assert spec["losing_score"] == -200 and spec["no_losing_score"] is False
    assert spec["team_bid_limit"] == 0  # None by default: 0 stands for None
    assert "no_team_bid_limit" not in spec and "no_nil_points" not in spec
    assert game_parameters(cr.Euchre(target=None)) == {"no_target": True}
    assert game_parameters(cr.Spades(losing_score=0)) == {"losing_score": 0}
    game = pyspiel.load_game("python_cardrules_spades(no_target=true,losing_score=600)")
    assert game.rules == cr.Spades(target=None, losing_score=600)


def test_an_option_of_ints_or_none_is_text_with_none_as_empty() -> None:
    assert parameter_specification(cr.President)["points"] == ""
    assert game_parameters(cr.President(players=3, points=(2, 1, 0))) == {
        "players": 3,
        "points": "2/1/0",
    }
    game = pyspiel.load_game("python_cardrules_president(players=5,points=9/4/2/1/0)")
    assert game.rules == cr.President(players=5, points=(9, 4, 2, 1, 0))
    assert pyspiel.load_game("python_cardrules_president(points=)").rules.points is None


def test_an_openspiel_preset_passes_random_sim_test() -> None:
    game = load_game(cr.Euchre.openspiel(), max_game_length=400)
    assert "no_target=True" in str(game)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("python_cardrules_euchre(target=7,no_target=true)", "no_target=true and target=7"),
        ("python_cardrules_euchre(target=0)", "target must be an int from 1 up"),
        ("python_cardrules_spades(losing_score=600)", "losing_score must be below target"),
        (
            "python_cardrules_president(points=3/two/1/0)",
            "points must be whole numbers joined by '/' .*, or '' for None, not '3/two/1/0'",
        ),
        ("python_cardrules_president(points=3/2/1)", "points must be None or 4 ints"),
    ],
)
def test_bad_values_are_refused_saying_what_is_allowed(text: str, match: str) -> None:
    with pytest.raises(cr.RulesError, match=match):
        pyspiel.load_game(text)


@attrs.frozen(kw_only=True)
class _Limited(cr.Cramps):
    name: ClassVar[str] = ""  # (not registered: games of this test only)
    limit: int | None = attrs.field(default=3)  # takes None, but no validator says so


@attrs.frozen(kw_only=True)
class _Clashing(cr.Cramps):
    name: ClassVar[str] = ""
    limit: int | None = attrs.field(default=3, validator=integer(1, or_none=True))
    no_limit: bool = False


def test_none_where_no_parameter_can_hold_it_is_refused() -> None:
    with pytest.raises(cr.RulesError, match="limit of _Limited is None, which no parameter"):
        game_parameters(_Limited(limit=None))
    with pytest.raises(cr.RulesError, match="no_limit of _Clashing is an option already"):
        parameter_specification(_Clashing)


@attrs.frozen(kw_only=True)
class _OneScore(cr.Cramps):
    name: ClassVar[str] = ""
    bonus: tuple[int, ...] | None = None


def test_an_option_of_ints_that_no_text_can_hold_is_refused() -> None:
    assert parameter_specification(_OneScore)["bonus"] == ""
    assert game_parameters(_OneScore(bonus=(4, 2))) == {"bonus": "4/2", "players": 4}
    for bad in ((), (4,)):
        with pytest.raises(cr.RulesError, match=r"bonus of _OneScore is \(.*\), which no param"):
            game_parameters(_OneScore(bonus=bad))
