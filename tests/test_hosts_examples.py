"""The learning hosts' example scripts run and end as they say: the ISMCTS example plays
its game to the end by default (it used to stop it at a cap, with returns of 0), and
the learning loop's policy learns.

Skipped where a framework is not installed, unless CARDRULES_REQUIRE_HOSTS=1 (CI).
"""

from __future__ import annotations

import pytest

from example_scripts import example_needing


def test_the_ismcts_example_plays_its_game_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    example = example_needing("openspiel_ismcts", "pyspiel")
    example.main([])
    out = capsys.readouterr().out
    assert "winners" in out and "cut short" not in out
    returns = example.play(10, 4, seed=2)
    assert sorted(returns)[-1] == 1.0 and -1.0 in returns  # a finished game: winners, losers
    assert example.play(10, 4, seed=2, moves=12) == [0.0] * 4  # cut short: 0 for all
    assert "cut short after 12 moves" in capsys.readouterr().out


def test_the_gymnasium_example_plays_its_episodes(capsys: pytest.CaptureFixture[str]) -> None:
    example = example_needing("gymnasium_agent", "gymnasium")
    first = example.run(2, seed=3)
    assert len(first) == 2 and first == example.run(2, seed=3)  # bot_seed given: replayed
    assert "episode 1: return" in capsys.readouterr().out


def test_the_pettingzoo_example_plays_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    example = example_needing("pettingzoo_random", "pettingzoo")
    totals = example.play(3, seed=4)
    assert set(totals) == {"player_0", "player_1", "player_2"}
    assert "winners" in capsys.readouterr().out


def test_the_learning_loop_learns(capsys: pytest.CaptureFixture[str]) -> None:
    example = example_needing("learning_loop", "gymnasium")
    example.main(["--envs", "32", "--steps", "150"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("before: ") and lines[-1].startswith("after: ")
    before, after = (float(line.split()[1]) for line in (lines[0], lines[-1]))
    assert after > before + 0.1  # (about 0.18 and 0.5 points a move)
    assert "(rank × trick value)" in lines[1]
    rank_times_value = float(lines[1].split(", ")[-1].split()[0])
    assert rank_times_value > 1  # high cards on tricks worth points, low ones otherwise


def test_the_learning_loop_says_what_it_needs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    example = example_needing("learning_loop", "gymnasium")
    monkeypatch.setattr(example, "MISSING", "gymnasium")  # as if it were not installed
    example.main([])
    assert capsys.readouterr().out == (
        "this example needs Gymnasium and NumPy (gymnasium is not installed):\n"
        '    pip install "cardrules[gymnasium]"\n'
    )
