"""Tests of ``cardrules arena``: the table, JSON and CSV files, the number of players,
the same results with one or two worker processes, and bad input."""

from __future__ import annotations

import csv
import io
import json
import time
from pathlib import Path
from typing import Any

import pytest

import cardrules as cr
from cardrules import cli
from cardrules.arena import run_arena
from cardrules.bots import HeuristicBot, RandomBot
from cardrules.cli.arena import run_arena_command

ARENA = ["arena", "craits", "--bots", "random,heuristic", "--games", "4", "-q"]
SEEDS = ["--seed", "1", "--bot-seed", "2"]


def run(argv: list[str], **kwargs: Any) -> tuple[int, str, str]:
    """Run main() with captured output; return (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(argv, stdout=out, stderr=err, **kwargs)
    return code, out.getvalue(), err.getvalue()


def without_timing(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith("Elapsed:")]


def test_arena_prints_the_library_table() -> None:
    code, out, err = run([*ARENA, *SEEDS, "--workers", "1"])
    assert code == 0 and err == ""
    expected = run_arena(
        cr.Craits(players=2),
        [RandomBot(), HeuristicBot()],
        4,
        1,
        bot_seed=2,
        workers=1,
        progress=False,
    )
    lines = out.splitlines()
    assert lines[: len(expected.table().splitlines())] == expected.table().splitlines()
    assert lines[0] == "craits: 4 games, seed 1"
    assert "(Lower scores are better: the lowest total wins craits.)" in lines
    assert lines[-1].startswith("Elapsed: ") and lines[-1].endswith("games/s)")


def test_one_and_two_workers_give_the_same_table() -> None:
    one = run([*ARENA, *SEEDS, "--workers", "1"])
    two = run([*ARENA, *SEEDS, "--workers", "2"])
    assert one[0] == two[0] == 0
    assert without_timing(one[1]) == without_timing(two[1])
    other_seed = run([*ARENA, "--seed", "3", "--bot-seed", "2", "--workers", "1"])
    assert without_timing(other_seed[1])[2:] != without_timing(one[1])[2:]


def test_players_default_to_the_number_of_bots() -> None:
    code, out, _ = run(["arena", "craits", "--bots", "random,random,heuristic", "--games", "3",
                        "--workers", "1", "-q"])  # fmt: skip
    assert code == 0
    rows = out.splitlines()[2:5]
    assert [row.split()[0] for row in rows] == ["random", "random#2", "heuristic"]
    assert all(row.split()[1] == "3" for row in rows)  # every entrant played every game
    code, _, _ = run(["arena", "craits", "--bots", "random,random,random", "--players", "3",
                      "--games", "1", "-q"])  # fmt: skip
    assert code == 0


def test_cramps_arena_with_rules_options() -> None:
    code, out, _ = run(["arena", "cramps", "--bots", "heuristic,random,random,random",
                        "--target", "3", "--games", "4", "--workers", "1", "-q",
                        "--seed", "0"])  # fmt: skip
    assert code == 0
    assert out.startswith("cramps: 4 games, seed 0\n")
    assert "Lower scores are better" not in out


def test_json_and_csv_files(tmp_path: Path) -> None:
    json_file, csv_file = tmp_path / "result.json", tmp_path / "summary.csv"
    code, out, _ = run([*ARENA, *SEEDS, "--workers", "1", "--json", str(json_file), "--csv",
                        str(csv_file)])  # fmt: skip
    assert code == 0
    assert f"JSON written to {json_file}" in out and f"CSV written to {csv_file}" in out
    data = json.loads(json_file.read_text(encoding="utf-8"))
    assert data["game"] == "craits" and data["seed"] == 1 and data["bot_seed"] == 2
    assert data["entrants"] == ["random", "heuristic"]
    assert len(data["games"]) == 4
    assert sum(row["wins"] for row in data["summary"]) == pytest.approx(4)
    rows = list(csv.DictReader(io.StringIO(csv_file.read_text(encoding="utf-8"))))
    assert [row["entrant"] for row in rows] == ["random", "heuristic"]
    assert [float(row["wins"]) for row in rows] == [row["wins"] for row in data["summary"]]


def test_an_unwritable_file_is_an_error(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "dir" / "out.json"
    code, out, err = run([*ARENA, "--workers", "1", "--json", str(missing)])
    assert code == 1
    assert "craits: 4 games" in out  # the table is printed all the same
    assert f"cannot write JSON to {missing}" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["arena", "craits", "--bots", "random,genius"], "unknown bot 'genius'; known bots: "),
        (["arena", "craits", "--bots", "random,,random"], "expected bot names separated by"),
        (["arena", "craits", "--bots", "ismcts:0,random"], "iterations must be at least 1, not 0"),
        (["arena", "craits"], "the following arguments are required: --bots"),
        (
            ["arena", "cramps", "--bots", "random,random,heuristic"],
            "--bots names 3 bots, one per seat, but Cramps: players must be 4, not 3",
        ),
        (
            ["arena", "craits", "--bots", "random,random", "--players", "3"],
            "--players is 3 but --bots names 2 bots: give one bot per seat",
        ),
        (
            ["arena", "craits", "--bots", "random"],
            "--bots names 1 bot, one per seat, but Craits: players must be an int from 2 to 10",
        ),
        (["arena", "craits", "--bots", "random,random", "--games", "0"], "--games must be"),
        (["arena", "craits", "--bots", "random,random", "--workers", "0"], "--workers must be"),
        (["arena", "poker", "--bots", "random,random"], "unknown game 'poker'"),
        (["arena", "craits", "--bots", "random,random", "-o", "jokers=1"], "no option 'jokers'"),
    ],
)
def test_bad_arena_input_is_a_usage_error(argv: list[str], message: str) -> None:
    code, out, err = run(argv)
    assert code == 2
    assert out == ""
    assert message in err


def test_help_mentions_arena() -> None:
    code, out, _ = run(["--help"])
    assert code == 0 and "arena" in out
    code, out, _ = run(["arena", "--help"])
    assert code == 0 and "--bots" in out and "--workers" in out and "--json" in out


def test_arena_compares_the_first_entrant_with_each_other_game_by_game() -> None:
    code, out, _ = run(
        [
            "arena",
            "cramps",
            "--bots",
            "heuristic,random,random,random",
            "--games",
            "12",
            "--seed",
            "3",
            "--bot-seed",
            "4",
            "--workers",
            "1",
            "--quiet",
        ]
    )
    assert code == 0
    result = run_arena(
        cr.Cramps(),
        [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()],
        12,
        3,
        bot_seed=4,
        workers=1,
        progress=False,
    )
    lines = out.splitlines()
    header = lines.index("heuristic against each other entrant, game by game (95% CI):")
    for offset, other in enumerate(("random", "random#2", "random#3"), start=1):
        line = lines[header + offset]
        expected = result.compare("heuristic", other)
        assert line.split()[:2] == ["vs", other]
        assert f"{expected.score_difference:+.2f}" in line
        assert f"{expected.win_difference:+.1%}" in line


# -- balance, intervals and refusals ---------------------------------------------------

ZERO_WIN = ["arena", "cramps", "--bots", "heuristic,random,random,random", "--target", "10",
            "--games", "4", "--seed", "1", "--bot-seed", "1", "--workers", "1", "-q"]  # fmt: skip


def test_unbalanced_game_counts_are_warned_about() -> None:
    code, out, err = run(["arena", "craits", "--bots", "random,random,random", "--games", "4",
                          "--seed", "1", "--bot-seed", "1", "--workers", "1", "-q"])  # fmt: skip
    assert code == 0 and "craits: 4 games" in out
    assert err == (
        "cardrules arena: warning: --games 4 is not a multiple of the 3 players; seat "
        "rotation is then unbalanced: use a multiple of 3\n"
    )
    assert run(ZERO_WIN)[2] == ""  # 4 games, 4 players: no warning


def test_a_bot_without_wins_has_a_proper_interval() -> None:
    code, out, _ = run(ZERO_WIN)
    assert code == 0
    (row,) = [line for line in out.splitlines() if line.startswith("random#2 ")]
    assert row.split()[1:4] == ["4", "0.00", "0.0%"]
    low, high = row.split("(")[1].split(")")[0].split("…")
    assert low.strip() == "0.0%" and float(high.strip().rstrip("%")) > 10  # Wilson: 49.0%


def test_win_difference_intervals_stay_within_100_percent() -> None:
    code, out, _ = run(ZERO_WIN)
    assert code == 0
    compared = [line for line in out.splitlines() if line.startswith("  vs ")]
    assert len(compared) == 3
    for line in compared:
        wins = line.split("wins")[1]
        low, high = wins.split("(")[1].rstrip(")").split("…")
        assert -1 <= float(low.strip().rstrip("%")) / 100 <= float(high.strip().rstrip("%")) / 100
        assert float(high.strip().rstrip("%")) <= 100


def test_a_bot_that_cannot_go_to_workers_is_an_error() -> None:
    class LocalBot:  # defined in a function: it cannot be pickled
        name = "local"

        def choose(self, game: Any, view: Any, moves: Any, seed: int) -> Any:
            return moves[0]

    out, err = io.StringIO(), io.StringIO()
    start = time.monotonic()
    code = run_arena_command(
        cr.Craits(players=2),
        [LocalBot(), RandomBot()],
        games=2,
        seed=1,
        workers=2,
        quiet=True,
        json_file=None,
        csv_file=None,
        out=out,
        err=err,
        cpus=lambda: 2,  # two worker processes even on a machine with one CPU
    )
    assert code == cli.EXIT_ERROR
    assert time.monotonic() - start < 5  # refused at once, no pool left waiting
    assert out.getvalue() == ""
    assert err.getvalue().startswith("cardrules arena: error: bot 'local' cannot be pickled")
    assert "or run with --workers 1" in err.getvalue()


def test_entrants_keep_their_parameters_in_the_table() -> None:
    """Two searches with different budgets are told apart by their names as given
    (``ismcts:2:flat``, ``ismcts:1``), in the table and the comparisons, columns
    aligned however long the names are."""
    argv = ["arena", "craits", "--bots", "ISMCTS:2:flat,ismcts:1,random", "--games", "3"]
    code, out, err = run([*argv, "-o", "short_game=true", *SEEDS, "--workers", "1", "-q"])
    assert code == 0 and err == ""
    lines = out.splitlines()
    header = lines.index(next(line for line in lines if line.startswith("entrant ")))
    rows = lines[header + 1 : header + 4]
    assert [row.split()[0] for row in rows] == ["ismcts:2:flat", "ismcts:1", "random"]
    assert len({len(line) for line in lines[header : header + 4]}) == 1  # aligned
    assert "ismcts:2:flat against each other entrant, game by game (95% CI):" in lines
    assert any(line.startswith("  vs ismcts:1 ") for line in lines)
    result = json.loads(
        run_arena(
            cr.Craits(players=3, short_game=True),
            [cli.parser.one_bot("ismcts:2:flat"), RandomBot(), RandomBot()],
            3,
            1,
            bot_seed=2,
            workers=1,
            progress=False,
        ).to_json()
    )
    assert result["entrants"] == ["ismcts:2:flat", "random", "random#2"]
