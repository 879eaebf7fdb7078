"""Scores are ints of any size: Craits' shuffle-pressure penalties double without bound
(K19), so legal custom tables can make scores thousands of digits long. Python refuses
``str()`` of an int past 4,300 digits; every output of the library must still work:
``repr`` and ``str`` of states, views and events, records, and the arena's table, JSON
and CSV."""

from __future__ import annotations

import csv
import io
import json
import math

import cardrules as cr
from cardrules._text import int_from_text, int_text
from cardrules.arena import ArenaResult, GameResult

HUGE = 7 * 10**6000 + 1


def test_int_text_is_exact() -> None:
    for value in (0, -1, HUGE, -HUGE, 2**50_000 - 1, 10**3000, 10**3000 - 1):
        text = int_text(value)
        assert int_from_text(text) == value
    assert int_text(HUGE) == "7" + "0" * 5999 + "1"


def test_states_views_and_events_print() -> None:
    game = cr.Craits(players=3)
    step = game.start(seed=2, dealer=0, scores=(HUGE, -HUGE, 5))
    state = step.state
    for thing in (state, game.observe(state, 1)):
        assert "7" + "0" * 5999 + "1" in repr(thing)
        assert "total 7000" in str(thing)
    while not any(isinstance(e, cr.HandScored) for e in step.events):
        step = game.step(step.state, game.legal_moves(step.state)[0])
    scored = next(e for e in step.events if isinstance(e, cr.HandScored))
    assert f"scores=({int_text(scored.scores[0])}, " in repr(scored)
    assert str(scored.hand_scores) in repr(scored)


def test_cramps_prints_huge_totals_too() -> None:
    game = cr.Cramps()
    state = game.new_game(seed=1, scores=(HUGE, 0, 0, -HUGE))
    assert "-7000" in repr(state) and "total -7000" in str(state)


def test_records_with_huge_scores_round_trip_through_json() -> None:
    game = cr.Craits(players=2, short_game=True)
    record = cr.GameRecord.start(game, seed=4, dealer=0, hand_number=8, scores=(HUGE, -HUGE))
    state = record.initial_state()
    while not state.is_over:
        move = game.legal_moves(state)[0]
        record, state = record.then(move), game.apply(state, move)
    text = record.to_json()
    data = json.loads(text)
    assert data["setup"]["scores"][0] == {"int": int_text(HUGE)}
    assert isinstance(data["outcome"]["scores"][0], str)
    again = cr.GameRecord.from_json(text)
    assert again.final_state() == state


def _result(scores: list[tuple[int, int]]) -> ArenaResult:
    games = tuple(
        GameResult(i, i, (0, 1), pair, (0,) if pair[0] < pair[1] else (1,), 10, 0)
        for i, pair in enumerate(scores)
    )
    return ArenaResult("craits", ("a", "b"), 1, games, 2)


def test_the_arena_summaries_cope_with_any_score() -> None:
    result = _result([(HUGE, 3), (HUGE * 2, 4), (5, -HUGE)])
    rows = result.rows()
    assert rows[0].mean_score == math.inf and rows[1].mean_score == -math.inf
    assert "inf" in result.table()
    data = json.loads(result.to_json())
    assert data["summary"][0]["mean_score"] == "inf"
    assert int_from_text(data["games"][0]["scores"][0]) == HUGE
    assert list(csv.reader(io.StringIO(result.to_csv())))[1][6] == "inf"
    comparison = result.compare("a", "b")
    assert comparison.score_difference == math.inf


def test_the_arena_means_are_exact_below_the_float_range() -> None:
    big = 10**300
    result = _result([(big, 0), (big + 2, 0)])
    assert result.rows()[0].mean_score == float(big + 1)
