"""Hearts' defaults and options, each by a test that fails if it were broken; bad
options and bad OpenSpiel parameters refused; records and explicit chance at the
defaults and under the preset; the rules page's table of options against the class."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardrules as cr
from cardrules.chance import ExplicitChance
from cardrules.games.hearts import rules as hearts
from cardrules.games.hearts.scoring import POINT_CARDS, deal_scores
from conftest import card, cards

PAGE = Path(__file__).resolve().parents[1] / "docs" / "rules" / "hearts.md"
PAST = (cr.Trick(0, cards("AD JD QD KD"), winner=0),)
"""One completed trick without points: positions with it are past the first trick."""


def legal(game: Any, state: Any) -> set[str]:
    return {str(move.card) for move in game.legal_moves(state)}


def play_all(game: Any, state: Any, texts: str) -> tuple[Any, list[cr.Event]]:
    events: list[cr.Event] = []
    for text in texts.split():
        step = game.step(state, cr.Play(card(text)))
        state, events = step.state, [*events, *step.events]
    return state, events


def pass_all(game: Any, state: Any) -> tuple[Any, list[cr.Event]]:
    """The passing played out with the first legal card each time."""
    events: list[cr.Event] = []
    while state.phase == "pass":
        step = game.step(state, game.legal_moves(state)[0])
        state, events = step.state, [*events, *step.events]
    return state, events


# -- the defaults ------------------------------------------------------------------------


def test_the_defaults_are_the_game_people_play() -> None:
    game = cr.Hearts()
    assert (game.target, game.passing, game.random_passing) == (
        100,
        ("left", "right", "across", "keep"),
        False,
    )
    assert (game.first_lead, game.points_on_first_trick, game.hearts_must_be_broken) == (
        "two_of_clubs",
        False,
        True,
    )
    assert (game.queen_breaks_hearts, game.lead_hearts_instead_of_queen) == (True, False)
    assert (game.jack_of_diamonds, game.moon, game.no_tricks_bonus, game.ties) == (
        False,
        "add_to_others",
        False,
        "shared",
    )
    assert game.first_dealer_seat == 0 and game.new_game(seed=1).dealer == 0


@pytest.mark.parametrize(
    ("number", "direction", "offset"),
    [(1, "left", 1), (2, "right", 3), (3, "across", 2), (4, "keep", 0), (5, "left", 1)],
)
def test_the_passing_goes_left_right_across_then_a_hand_is_kept(
    number: int, direction: str, offset: int
) -> None:
    game = cr.Hearts()
    state = game.new_game(seed=number, dealer=3, round_number=number)
    assert game.pass_direction(state) == direction
    if not offset:
        assert state.phase is None and state.to_move is not None
        assert cr.Card.parse("2C") in state.hands[state.to_move]
        return
    dealt = state.hands
    assert state.phase == "pass" and state.to_move == 0  # the dealer's left passes first
    played, events = pass_all(game, state)
    passes = [event for event in events if isinstance(event, cr.CardsPassed)]
    assert [(event.seat, event.to) for event in passes] == [
        (seat, (seat + offset) % 4) for seat in range(4)
    ]
    for event in passes:  # the cards left the giver and reached the receiver
        assert not set(event.cards) & set(played.hands[event.seat])
        assert set(event.cards) <= set(dealt[event.seat]) & set(played.hands[event.to])


def test_the_next_hand_passes_the_next_way_round() -> None:
    game = cr.Hearts(target=500)
    state = game.new_game(seed=4)
    directions = [game.pass_direction(state)]
    while len(directions) < 5:
        number = state.round_number
        state = game.apply(state, game.legal_moves(state)[0])
        if state.round_number != number:
            directions.append(game.pass_direction(state))
    assert directions == ["left", "right", "across", "keep", "left"]


# -- the options ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("left", ("left",)),
        ("left, across", ("left", "across")),
        (["right", "keep"], ("right", "keep")),
    ],
)
def test_passing_takes_a_direction_a_list_or_text_with_commas(given: Any, expected: Any) -> None:
    assert cr.Hearts(passing=given).passing == expected


def test_passing_keep_deals_straight_into_the_play() -> None:
    game = cr.Hearts(passing="keep")
    for number in range(1, 5):
        state = game.new_game(seed=number, round_number=number)
        assert state.phase is None and state.payload == hearts.Passing(0, ((),) * 4)


def test_random_passing_draws_each_hands_direction_from_the_passing() -> None:
    game = cr.Hearts(passing=("left", "across"), random_passing=True)
    seen = {game.pass_direction(game.new_game(seed=seed)) for seed in range(24)}
    assert seen == {"left", "across"}
    table = ExplicitChance(game)
    state = table.new_game()
    assert state.draw_below == 2  # the draw, before the cards
    state = table.apply_chance(state, 1)
    for dealt in cr.STANDARD_DECK.cards():
        state = table.apply_chance(state, dealt)
    assert game.pass_direction(state.inner) == "across"


def test_the_first_dealer_seat_deals_first_and_its_left_passes_first() -> None:
    game = cr.Hearts(first_dealer_seat=2)
    state = game.new_game(seed=3)
    assert state.dealer == 2 and state.to_move == 3
    assert game.new_game(seed=3, dealer=0).dealer == 0  # new_game's dealer wins


def test_first_lead_any_club() -> None:
    game = cr.Hearts(passing="keep", first_lead="any_club")
    state = game.position(["2C 9C AH", "3C 5D 6D", "4C 7D 8D", "5C 9D TD"], leader=0)
    assert legal(game, state) == {"2♣", "9♣"}
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(state, cr.Play("AH"))
    assert info.value.reason == "must_lead_a_club"
    strict = cr.Hearts(passing="keep")
    state = strict.position(["2C 9C AH", "3C 5D 6D", "4C 7D 8D", "5C 9D TD"], leader=0)
    assert legal(strict, state) == {"2♣"}


def test_points_on_the_first_trick() -> None:
    hands = ["3C 7C 8C", "AH QS 9D 4H", "5C 6S 7S 8S", "6C 9S TS JS"]
    strict = cr.Hearts(passing="keep")
    loose = cr.Hearts(passing="keep", points_on_first_trick=True)
    assert legal(strict, strict.position(hands, leader=0, trick="2C")) == {"9♦"}
    state = loose.position(hands, leader=0, trick="2C")
    assert legal(loose, state) == {"A♥", "Q♠", "9♦", "4♥"}


def test_hearts_need_not_be_broken() -> None:
    hands = ["AH 9D", "3S 6S", "4S 7S", "5S 8S"]
    strict = cr.Hearts(passing="keep")
    free = cr.Hearts(passing="keep", hearts_must_be_broken=False)
    assert legal(strict, strict.position(hands, leader=0, tricks=PAST)) == {"9♦"}
    assert legal(free, free.position(hands, leader=0, tricks=PAST)) == {"A♥", "9♦"}
    assert free.hearts_broken(free.position(hands, leader=0, tricks=PAST))


@pytest.mark.parametrize("breaks", [True, False])
def test_the_queen_of_spades_breaks_hearts_or_not(breaks: bool) -> None:
    game = cr.Hearts(passing="keep", queen_breaks_hearts=breaks)
    start = game.position(["KC 8C", "3C 9S", "QS 7D", "4C 8S"], leader=0, tricks=PAST)
    state, _ = play_all(game, start, "KC 3C QS 4C")
    assert game.hearts_broken(state) is breaks


@pytest.mark.parametrize("instead", [False, True])
def test_a_leader_with_only_hearts_and_the_queen(instead: bool) -> None:
    game = cr.Hearts(passing="keep", lead_hearts_instead_of_queen=instead)
    state = game.position(["AH QS", "3S 6S", "4S 7S", "5S 8S"], leader=0, tricks=PAST)
    assert legal(game, state) == ({"A♥", "Q♠"} if instead else {"Q♠"})


def test_the_jack_of_diamonds_counts_minus_ten_when_on() -> None:
    hands = ["JD 2H 3H", "QD AH 6H", "2D 4H 7H", "KD 5H 8H"]
    clubs = (cr.Trick(0, cards("AC KC QC JC"), winner=0),)
    for jack, expected in ((False, (0, 4, 0, 4)), (True, (0, 4, 0, -6))):
        game = cr.Hearts(passing="keep", jack_of_diamonds=jack)
        start = game.position(hands, leader=0, tricks=clubs)
        _, events = play_all(game, start, "JD QD 2D KD 5H 2H AH 4H 6H 7H 8H 3H")
        scored = next(e for e in events if isinstance(e, cr.HandScored))
        assert scored.hand_scores == expected  # seat 3 took J♦ and four hearts


def moon_position(game: Any, scores: tuple[int, ...] = (0, 0, 0, 0)) -> Any:
    """Seat 1 has taken every heart and Q♠ but 2♥, which it takes with the last trick
    (A♠ 2♠ 2♥ A♣)."""
    taken = (
        cr.Trick(1, cards("AH 3H 4H JH"), winner=1),
        cr.Trick(1, cards("KH 5H 6H 7H"), winner=1),
        cr.Trick(1, cards("QH 8H 9H TH"), winner=1),
        cr.Trick(1, cards("TC 8C QS 9C"), winner=1),
    )
    return game.position(["AC", "AS", "2S", "2H"], leader=1, tricks=taken, scores=scores)


@pytest.mark.parametrize(
    ("moon", "expected"),
    [("add_to_others", (26, 0, 26, 26)), ("subtract_from_shooter", (0, -26, 0, 0))],
)
def test_shooting_the_moon(moon: str, expected: tuple[int, ...]) -> None:
    game = cr.Hearts(passing="keep", moon=moon)
    _, events = play_all(game, moon_position(game), "AS 2S 2H AC")
    scored = next(e for e in events if isinstance(e, cr.HandScored))
    assert scored.hand_scores == expected


def test_no_tricks_bonus_unless_the_moon_is_shot() -> None:
    taken = (POINT_CARDS & ~cr.cards.CARD_BIT[card("QS")], cr.cards.CARD_BIT[card("QS")], 1, 0)
    points = (13, 13, 0, 0)
    assert deal_scores(points, taken, moon="add_to_others", no_tricks_bonus=True) == (
        13,
        13,
        0,
        -5,
    )
    assert deal_scores(points, taken, moon="add_to_others", no_tricks_bonus=False) == points
    moon = (POINT_CARDS, 0, 1, 0)
    assert deal_scores((26, 0, 0, 0), moon, moon="add_to_others", no_tricks_bonus=True) == (
        0,
        26,
        26,
        26,
    )


def test_the_target_ends_the_game_and_none_is_one_hand() -> None:
    assert cr.Hearts(target=50).game_winners((49, 10, 30, 20)) == ()
    assert cr.Hearts(target=50).game_winners((50, 10, 30, 20)) == (1,)
    one = cr.Hearts(target=None, passing="keep")
    state = one.new_game(seed=2)
    while not state.is_over:
        state = one.apply(state, one.legal_moves(state)[0])
    assert state.round_number == 1 and state.winners


def test_ties_are_shared_or_played_on() -> None:
    assert cr.Hearts().game_winners((100, 20, 20, 60)) == (1, 2)
    assert cr.Hearts(ties="play_on").game_winners((100, 20, 20, 60)) == ()
    assert cr.Hearts(ties="play_on").game_winners((100, 20, 21, 60)) == (1,)
    for ties in ("shared", "play_on"):
        game = cr.Hearts(passing="keep", ties=ties)
        start = moon_position(game, scores=(74, 26, 0, 50))
        state, _ = play_all(game, start, "AS 2S 2H AC")  # (100, 26, 26, 76)
        if ties == "shared":
            assert state.is_over and state.winners == (1, 2)
        else:
            assert not state.is_over and state.round_number == 2


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"target": 0}, "target must be an int from 1 up or None"),
        ({"target": "100"}, "target"),
        ({"passing": ()}, "passing must be a direction"),
        ({"passing": ("left", "up")}, "each one of 'left', 'right', 'across', 'keep'"),
        ({"passing": 5}, "not 5"),
        ({"random_passing": 1}, "random_passing must be True or False"),
        ({"first_dealer_seat": 4}, "first_dealer_seat must be an int from 0 to 3"),
        ({"first_lead": "3C"}, "first_lead must be one of 'two_of_clubs', 'any_club'"),
        ({"points_on_first_trick": "no"}, "points_on_first_trick must be True or False"),
        ({"hearts_must_be_broken": None}, "hearts_must_be_broken"),
        ({"queen_breaks_hearts": 0}, "queen_breaks_hearts"),
        ({"lead_hearts_instead_of_queen": 1}, "lead_hearts_instead_of_queen"),
        ({"jack_of_diamonds": "yes"}, "jack_of_diamonds"),
        ({"moon": "double"}, "moon must be one of 'add_to_others', 'subtract_from_shooter'"),
        ({"no_tricks_bonus": 5}, "no_tricks_bonus"),
        ({"ties": "split"}, "ties must be one of 'shared', 'play_on'"),
        ({"ties": "play_on", "target": None}, "needs a target"),
    ],
)
def test_bad_options_are_refused_saying_what_is_allowed(options: Any, words: str) -> None:
    with pytest.raises(cr.RulesError, match=re.escape(words)):
        cr.Hearts(**options)


def test_openspiels_names_are_not_options() -> None:
    with pytest.raises(TypeError):
        cr.Hearts(pass_cards=False)  # type: ignore[call-arg]


# -- OpenSpiel's preset -------------------------------------------------------------------


def test_the_preset_with_no_parameters_is_openspiels_defaults() -> None:
    game = cr.Hearts.openspiel()
    assert game == cr.Hearts.openspiel(**cr.Hearts.OPENSPIEL_PARAMETERS)
    assert (game.target, game.random_passing, game.first_dealer_seat) == (None, True, 3)
    assert game.passing == ("keep", "left", "across", "right")
    assert game.first_lead == "two_of_clubs" and not game.points_on_first_trick
    assert game.hearts_must_be_broken and game.queen_breaks_hearts
    assert not (game.jack_of_diamonds or game.no_tricks_bonus or game.lead_hearts_instead_of_queen)


@pytest.mark.parametrize(
    ("parameter", "option", "value"),
    [
        ("pass_cards", "passing", ("keep",)),
        ("no_pts_on_first_trick", "points_on_first_trick", True),
        ("can_lead_any_club", "first_lead", "any_club"),
        ("jd_bonus", "jack_of_diamonds", True),
        ("avoid_all_tricks_bonus", "no_tricks_bonus", True),
        ("must_break_hearts", "hearts_must_be_broken", False),
        ("qs_breaks_hearts", "queen_breaks_hearts", False),
        ("can_lead_hearts_instead_of_qs", "lead_hearts_instead_of_queen", True),
    ],
)
def test_each_openspiel_parameter_becomes_its_option(
    parameter: str, option: str, value: Any
) -> None:
    flipped = not cr.Hearts.OPENSPIEL_PARAMETERS[parameter]
    game = cr.Hearts.openspiel(**{parameter: flipped})
    assert getattr(game, option) == value
    assert attrs.evolve(game, **{option: getattr(cr.Hearts.openspiel(), option)}) == (
        cr.Hearts.openspiel()
    )


def test_bad_openspiel_parameters_are_refused() -> None:
    with pytest.raises(cr.RulesError, match="has no parameter 'passing'"):
        cr.Hearts.openspiel(passing="left")
    with pytest.raises(cr.RulesError, match="jd_bonus must be a bool"):
        cr.Hearts.openspiel(jd_bonus=1)


# -- records and explicit chance ------------------------------------------------------


@pytest.mark.parametrize("game", [cr.Hearts(target=30), cr.Hearts.openspiel()], ids=str)
def test_records_round_trip(game: Any) -> None:
    record = cr.GameRecord.start(game, seed=9)
    state, chooser = record.initial_state(), random.Random(9)
    while not state.is_over and len(record.moves) < 90:
        move = chooser.choice(game.legal_moves(state))
        record, state = record.then(move), game.apply(state, move)
    again = cr.GameRecord.from_json(record.to_json())
    assert again.game == game and again.final_state() == state


def test_explicit_chance_at_the_defaults_deals_each_hand_and_passes_in_turn() -> None:
    game = cr.Hearts(target=30)
    table = ExplicitChance(game)
    state, chooser = table.new_game(), random.Random(3)
    assert len(table.chance_outcomes(state)) == 52  # no draw: the first hand's shuffle
    directions: list[str] = []
    while len(directions) < 2:
        if state.is_chance:
            state = table.apply_chance(state, chooser.choice(table.chance_outcomes(state))[0])
            continue
        if not directions or state.inner.round_number > len(directions):
            directions.append(game.pass_direction(state.inner))
        state = table.apply(state, chooser.choice(table.legal_moves(state)))
    assert directions == ["left", "right"]


# -- the rules page -------------------------------------------------------------------


def _table(header: str) -> set[str]:
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    start = lines.index(header) + 2
    names = set()
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        names.add(line.split("|")[1].strip().strip("`"))
    return names


def test_the_rules_page_lists_every_option_and_openspiel_parameter() -> None:
    assert _table("| Option | Default | Meaning |") == {
        field.name for field in attrs.fields(cr.Hearts) if field.init
    }
    assert _table("| OpenSpiel parameter | Default | Becomes |") == set(
        cr.Hearts.OPENSPIEL_PARAMETERS
    )
