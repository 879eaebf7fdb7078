"""Tests of the command line at its limits: games capped at ``--max-moves``, scores of
thousands of digits in the simulation summary, an output closed early (``| head``), and
piped input that never gives an answer that does (``yes 1 | cardrules play craits``)."""

from __future__ import annotations

import io
import math
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import cardrules as cr
from cardrules import cli
from cardrules.cli.simulate import _simulation_rng


def run(argv: list[str], **kwargs: Any) -> tuple[int, str, str]:
    """Run main() with captured output; return (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(argv, stdout=out, stderr=err, **kwargs)
    return code, out.getvalue(), err.getvalue()


# -- move caps -------------------------------------------------------------------------


def test_simulate_keeps_the_games_that_finish_and_reports_the_others() -> None:
    # Cramps to 10 points: 52 moves (one round) end some games, not all.
    game = cr.Cramps(target=10)
    summary = cli.simulate(game, games=6, seed=1, max_moves=52)
    assert [(u.index, u.moves) for u in summary.unfinished] == [(2, 52), (3, 52)]
    assert summary.games == 4 and not summary.interrupted
    assert sum(summary.wins) == pytest.approx(4)  # only the finished games count
    assert summary.mean_rounds == 1.0
    for unfinished in summary.unfinished:  # the deal seed reported is the game's
        assert unfinished.seed == _simulation_rng(1, unfinished.index).getrandbits(64)
    seeds = ", ".join(str(u.seed) for u in summary.unfinished)
    lines = summary.lines()
    assert lines[1] == "Games played to the end: 4 of 6"
    assert lines[2].startswith(
        f"2 games did not finish within 52 moves and do not count below; deal seeds {seeds} "
    )
    # The finished games are the same as without a cap.
    free = cli.simulate(game, games=6, seed=1)
    assert free.games == 6 and free.max_moves == 100_000 and not free.unfinished


def test_play_random_game_stops_at_the_cap() -> None:
    state, rounds = cli.play_random_game(cr.Craits(players=3), _simulation_rng(0, 0), max_moves=7)
    assert not state.is_over and rounds == 0


def test_simulate_max_moves_on_the_command_line() -> None:
    code, out, err = run(["simulate", "craits", "--games", "2", "--seed", "3", "--max-moves",
                          "5", "-q"])  # fmt: skip
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[1] == "Games played to the end: 0 of 2"
    assert lines[2].startswith("2 games did not finish within 5 moves and do not count below")
    assert "No game was played to the end: no win shares or mean scores." in lines
    code, _, err = run(["simulate", "craits", "--max-moves", "0"])
    assert code == 2 and "--max-moves must be at least 1" in err


def test_arena_max_moves_on_the_command_line() -> None:
    code, out, _ = run(["arena", "craits", "--bots", "random,random", "--games", "2",
                        "--max-moves", "5", "--workers", "1", "-q"])  # fmt: skip
    assert code == 0
    assert "2 game(s) did not finish within 5 moves and are not counted above" in out


# -- scores of any size ----------------------------------------------------------------


def test_summary_of_huge_scores_prints_exact_means() -> None:
    huge = 10**5000  # str() of it raises ValueError in Python
    summary = cli.SimulationSummary(
        "craits", 1, 2, 2, 30, (1.0, 1.0, 0.0), (3 * huge, -3 * huge, 7), 1.0, False, "hand"
    )
    assert summary.mean_scores[:2] == (math.inf, -math.inf)
    assert summary.mean_scores[2] == 3.5
    rows = summary.lines()[4:7]
    assert rows[0].split() == ["0", "50.0%", "1.50000e+5000"]
    assert rows[1].split() == ["1", "50.0%", "-1.50000e+5000"]
    assert rows[2].split() == ["2", "0.0%", "3.50"]


def test_mean_text() -> None:
    from cardrules.cli.simulate import mean_text

    assert mean_text(10**16, 1) == "1.00000e+16"
    assert mean_text(10**15 - 1, 1) == "999999999999999.00"
    assert mean_text(2 * 10**20 - 1, 2) == "1.00000e+20"  # rounding carries
    assert mean_text(-(10**9000) // 3 * 2, 1) == "-6.66667e+8999"
    assert mean_text(12345678, 1, places=0) == "12345678"


# -- an output closed early ------------------------------------------------------------


def _closed_pipe_run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m cardrules ARGS`` with its output a pipe that is closed before it
    writes anything (as ``| head -1`` does once it has its line)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(
            [sys.executable, "-m", "cardrules", *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            timeout=60,
            cwd=Path(__file__).parent,
        )
    finally:
        os.close(write_end)


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "cramps", "--games", "20", "-q"),
        ("--help",),
        ("play", "cramps", "--seed", "1"),
    ],
)
def test_closed_output_exits_141_without_a_traceback(args: tuple[str, ...]) -> None:
    result = _closed_pipe_run(*args)
    assert result.returncode == cli.EXIT_BROKEN_PIPE == 141
    assert result.stderr == ""  # no traceback, no "Exception ignored"


def test_closed_output_inside_main() -> None:
    class Closed(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    err = io.StringIO()
    assert cli.main(["simulate", "cramps", "--games", "1"], stdout=Closed(), stderr=err) == 141
    assert err.getvalue() == ""


def test_exit_codes_are_documented() -> None:
    code, out, _ = run(["--help"])
    assert code == 0 and "141 output closed early" in " ".join(out.split())
    assert "141" in (cli.__doc__ or "")


# -- piped input that is never understood ------------------------------------------------

# Random opponents leave themselves one card without saying so: the human is soon asked
# whether to call "idiot" on one of them.
OFFERS = ["play", "craits", "--players", "3", "--seed", "5", "--bot-seed", "2",
          "--opponents", "random", "-o", "short_game=true"]  # fmt: skip


def test_endless_piped_answers_that_do_not_do_give_up() -> None:
    """``yes 1 | cardrules play craits``: 1 picks a move at every move prompt, but answers
    no yes/no question. The command stops after a few tries, with a message and exit
    code 1, instead of writing prompts for ever."""
    process = subprocess.Popen(
        [sys.executable, "-m", "cardrules", *OFFERS],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=Path(__file__).parent,
    )
    assert process.stdin is not None and process.stdout is not None

    def yes() -> None:  # an endless "1" per line, like yes(1)
        try:
            while True:
                process.stdin.write(b"1\n" * 1000)  # type: ignore[union-attr]
        except (BrokenPipeError, OSError, ValueError):
            pass

    threading.Thread(target=yes, daemon=True).start()
    limit = 1_000_000
    try:
        out = process.stdout.read(limit)
        assert len(out) < limit, "the command wrote prompts without end"
        assert process.wait(timeout=60) == cli.EXIT_ERROR == 1
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    text = out.decode("utf-8")
    assert len(out) < 100_000
    assert text.count("[y/N] 1\n") == cli.play.TRIES == 3
    assert (
        "Giving up: 3 answers in a row to a yes/no question were not understood, and the "
        "input is not a terminal to ask again." in text
    )
    assert "Game seed 5: replay this deal with --seed 5" in text  # said on leaving, as always


def test_piped_moves_that_are_never_understood_give_up() -> None:
    code, out, _ = run(["play", "cramps", "--seed", "1"], stdin=io.StringIO("xyz\n" * 1000))
    assert code == 1
    assert out.count("Not understood: cannot read 'xyz'") == 3
    assert "Giving up: 3 answers in a row to the move prompt were not understood" in out
    code, out, _ = run(["play", "cramps", "--seed", "1"], stdin=io.StringIO("\n" * 1000))
    assert code == 1 and "Giving up: 3 answers in a row" in out
    # Mistakes among good answers, or a help request, never give up.
    code, out, _ = run(
        ["play", "cramps", "--seed", "1", "--target", "1"],
        stdin=io.StringIO("xyz\nxyz\n?\n1\n" * 200),
    )
    assert code == 0 and "Giving up" not in out and "Game over." in out


def test_a_person_typing_is_asked_until_they_answer() -> None:
    """Input read by an input function (a terminal, a test) is not given up on."""
    answers = iter(["xyz"] * 10 + ["q"])
    code, out, _ = run(["play", "cramps", "--seed", "1"], input_fn=lambda prompt: next(answers))
    assert code == 0 and out.count("Not understood") == 10 and "Giving up" not in out
