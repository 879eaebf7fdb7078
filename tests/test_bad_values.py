"""One rule for the plain values users pass (seats, dealers, hand and round numbers, the
direction, counts, cards as chance outcomes, deck specs, records): an int is an
``int`` (not a bool, a float, text or a NumPy int), within what the option allows, or
the call is refused at once with a library error that says what is allowed, rather
than accepted and failing moves later (or failing with a bare ``TypeError``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import cardrules as cr
from cardrules.chance import ExplicitChance
from cardrules.encoding import encoder_for

CRAMPS, CRAITS, CRAITS_3 = cr.Cramps(), cr.Craits(), cr.Craits(players=3)
HANDS_4 = ["AS 3H", "2D 4D", "QS 2C", "2H 4H"]
HANDS_3 = ["9H 2C 4C", "KD", "5S 6S"]

NOT_INTS = [np.int64(1), np.int64(-1), 1.0, -1.0, True, np.bool_(True), "1", None, [1]]

ENTRY_POINTS: dict[str, Callable[[Any], Any]] = {
    "Craits.new_game(direction=)": lambda v: CRAITS.new_game(seed=1, direction=v),
    "Craits.new_game(hand_number=)": lambda v: CRAITS.new_game(seed=1, hand_number=v),
    "Craits.new_game(dealer=)": lambda v: CRAITS.new_game(seed=1, dealer=v),
    "Craits.position(direction=)": lambda v: CRAITS_3.position(
        HANDS_3, discard="JH", to_move=0, direction=v
    ),
    "Craits.position(hand_number=)": lambda v: CRAITS_3.position(
        HANDS_3, discard="JH", to_move=0, hand_number=v
    ),
    "Craits.position(count=)": lambda v: CRAITS_3.position(
        HANDS_3, discard="JH", to_move=0, count=v
    ),
    "Craits.position(idle_turns=)": lambda v: CRAITS_3.position(
        HANDS_3, discard="JH", to_move=0, idle_turns=v
    ),
    "Craits.position(to_move=)": lambda v: CRAITS_3.position(HANDS_3, discard="JH", to_move=v),
    "Cramps.new_game(dealer=)": lambda v: CRAMPS.new_game(seed=1, dealer=v),
    "Cramps.new_game(round_number=)": lambda v: CRAMPS.new_game(seed=1, round_number=v),
    "Cramps.position(leader=)": lambda v: CRAMPS.position(HANDS_4, leader=v),
    "Cramps.position(round_number=)": lambda v: CRAMPS.position(HANDS_4, leader=0, round_number=v),
    "ExplicitChance.apply_chance": lambda v: ExplicitChance(CRAMPS).apply_chance(
        ExplicitChance(CRAMPS).new_game(), v
    ),
    "DeckSpec(removed_ranks=)": lambda v: cr.DeckSpec(removed_ranks=v),
    "GameRecord(seed=)": lambda v: cr.GameRecord(CRAMPS, v),
    "GameRecord.state_at": lambda v: cr.GameRecord.start(CRAMPS, seed=1).state_at(v),
}


ALLOWED = {("Craits.new_game(dealer=)", None)}  # no dealer: the draw for one (K2)
CASES = [
    pytest.param(entry, value, id=f"{entry}-{value!r}")
    for entry in ENTRY_POINTS
    for value in NOT_INTS
    if not (value is None and (entry, None) in ALLOWED)
]


@pytest.mark.parametrize(("entry", "value"), CASES)
def test_what_is_not_an_int_is_refused_saying_what_is_allowed(entry: str, value: Any) -> None:
    with pytest.raises(cr.CardrulesError) as info:
        ENTRY_POINTS[entry](value)
    message = str(info.value)
    assert any(word in message for word in ("must be", "is a", "are ", "has states", "expected"))


def test_a_direction_of_numpy_is_refused_at_once_not_24_moves_later() -> None:
    with pytest.raises(cr.SetupError, match=r"direction must be 1 \(clockwise\) or -1"):
        CRAITS.new_game(seed=1, direction=np.int64(1))
    state = CRAITS.new_game(seed=1, direction=1)
    for _ in range(60):  # (a NumPy direction failed in a skip or a reversal)
        state = CRAITS.apply(state, CRAITS.legal_moves(state)[0])
    assert type(state.table.direction) is int


@pytest.mark.parametrize("value", [0, True, 0.0, np.int64(0), -1, 52])
def test_a_chance_outcome_is_a_card_not_an_int(value: Any) -> None:
    table = ExplicitChance(CRAMPS)
    state = table.new_game()
    with pytest.raises((cr.MoveTypeError, cr.IllegalMoveError), match="chance"):
        table.apply_chance(state, value)
    two_of_clubs = cr.Card.parse("2C")
    by_text = table.apply_chance(state, "2C")
    assert by_text == table.apply_chance(state, two_of_clubs)
    with pytest.raises(cr.CardParseError):
        table.apply_chance(state, "1C")


def test_idle_turns_stay_below_a_full_cycle_and_observations_in_their_bounds() -> None:
    """After ``players`` idle turns in a row the hand is blocked, so no position has
    more; the observation's idle field is declared to lie in [0, 1]."""
    encoder = encoder_for(CRAITS_3)
    for idle in range(3):
        state = CRAITS_3.position(HANDS_3, discard="JH", to_move=0, idle_turns=idle)
        observation = encoder.observation(CRAITS_3.observe(state, 0))
        low, high = encoder.observation_low, encoder.observation_high
        assert all(lo <= x <= hi for lo, x, hi in zip(low, observation, high, strict=True))
    for idle in (3, 50):
        with pytest.raises(cr.SetupError, match=r"idle_turns must be an int from 0 to 2 \(after"):
            CRAITS_3.position(HANDS_3, discard="JH", to_move=0, idle_turns=idle)


# -- positions of trick games that no play could reach ---------------------------------


def position(**kwargs: Any) -> Any:
    return CRAMPS.position(**kwargs)


DONE = cr.Trick(0, cr.parse_cards("KS 2S 3S 4S"), winner=0)
"""Trick 1: seat 0 leads K♠ and wins it."""


@pytest.mark.parametrize(
    ("tricks", "leader", "hands", "match"),
    [
        (
            (cr.Trick(0, cr.parse_cards("KS 2S 3S 4S"), winner=3),),
            0,
            ["AS", "5S", "6S", "7S"],
            r"trick 1 \(K♠ 2♠ 3♠ 4♠\) is won by seat 0 .*, not by 3",
        ),
        (
            (cr.Trick(0, cr.parse_cards("KS 2S 3S 4S")),),
            0,
            ["AS", "5S", "6S", "7S"],
            "is won by seat 0 .*, not by None",
        ),
        (
            (DONE,),
            2,
            ["AS", "5S", "6S", "7S"],
            "the trick in progress must be led by seat 0, who won trick 1, not by seat 2",
        ),
        (
            (DONE, cr.Trick(1, cr.parse_cards("5S 6S 7S AS"), winner=0)),
            0,
            ["AH", "5H", "6H", "7H"],
            "trick 2 .* must be led by seat 0, who won trick 1, not by seat 1",
        ),
        (
            (cr.Trick(0, cr.parse_cards("KS 2H 3S 4S"), winner=0),),
            0,
            ["AH", "5S", "6H", "7H"],
            r"seat 1 played 2♥ to trick 1 .* while it held 5♠: a seat must follow the suit",
        ),
        (
            (
                cr.Trick(0, cr.parse_cards("KS 2H 3S 4S"), winner=0),
                cr.Trick(0, cr.parse_cards("AS 5S 6S 7S"), winner=0),
            ),
            0,
            ["AH", "8H", "9H", "TH"],
            r"seat 1 played 2♥ to trick 1 .* while it held 5♠",
        ),
        (
            (cr.Trick("0", cr.parse_cards("KS 2S 3S 4S"), winner=0),),  # type: ignore[arg-type]
            0,
            ["AS", "5S", "6S", "7S"],
            "trick 1 must be led by a seat from 0 to 3 and hold cards",
        ),
        (
            (cr.Trick(0, ("KS", "2S", "3S", "4S"), winner=0),),  # type: ignore[arg-type]
            0,
            ["AS", "5S", "6S", "7S"],
            "trick 1 must be led by a seat from 0 to 3 and hold cards",
        ),
    ],
    ids=[
        "wrong winner",
        "no winner",
        "leader who did not win",
        "next trick led by a loser",
        "void holding the suit",
        "void playing the suit later",
        "leader not a seat",
        "cards as text",
    ],
)
def test_positions_no_play_could_reach_are_refused(
    tricks: tuple[cr.Trick, ...], leader: int, hands: list[str], match: str
) -> None:
    with pytest.raises(cr.SetupError, match=match):
        position(hands=hands, leader=leader, tricks=tricks)


def test_a_void_in_the_trick_in_progress_must_hold_none_of_the_suit() -> None:
    with pytest.raises(cr.SetupError, match=r"seat 2 played 2♥ to the trick in progress"):
        position(hands=["AS", "4S", "5S", "6S 7S"], leader=0, trick="KS QS 2H")


def test_positions_that_play_could_reach_are_accepted() -> None:
    done = (DONE, cr.Trick(0, cr.parse_cards("AS 5S 6H 7S"), winner=0))  # seat 2: no ♠ left
    state = position(hands=["2C 3C", "4C 5C", "6C 2D", "7C 8C"], leader=0, tricks=done)
    assert state.to_move == 0 and len(state.tricks) == 2
    assert state.round_scores == (CRAMPS.trick_points(1, ()) + CRAMPS.trick_points(2, ()), 0, 0, 0)
