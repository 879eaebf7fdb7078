"""``cardrules arena`` within its means: worker processes capped at what can be used
(one per game, one per CPU) and saying so, Ctrl-C stopping the run at once and saying
so, and the table shaped to the terminal's width."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

import cardrules as cr
import cardrules.arena
from cardrules import cli
from cardrules.arena import run_arena
from cardrules.bots import HeuristicBot, RandomBot
from cardrules.cli.arena import run_arena_command

ARENA = ["arena", "craits", "--bots", "random,heuristic", "-q", "--seed", "1", "--bot-seed", "2"]


def run(argv: list[str], **kwargs: Any) -> tuple[int, str, str]:
    """Run main() with captured output; return (exit code, stdout, stderr)."""
    out, err = kwargs.pop("stdout", io.StringIO()), io.StringIO()
    code = cli.main(argv, stdout=out, stderr=err, **kwargs)
    return code, out.getvalue(), err.getvalue()


class Executor:
    """Stands in for ProcessPoolExecutor: records the processes asked for and plays the
    games in this process (no process is started)."""

    asked: ClassVar[list[int]] = []

    def __init__(self, max_workers: int, **options: Any) -> None:
        Executor.asked.append(max_workers)

    def map(
        self, fn: Callable[[Any], Any], tasks: Iterable[Any], chunksize: int = 1
    ) -> Iterator[Any]:
        return map(fn, tasks)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass


@pytest.fixture
def executor(monkeypatch: pytest.MonkeyPatch) -> type[Executor]:
    Executor.asked = []
    monkeypatch.setattr(cardrules.arena, "ProcessPoolExecutor", Executor)
    return Executor


# -- worker processes ------------------------------------------------------------------


def test_the_library_starts_no_more_workers_than_games(executor: type[Executor]) -> None:
    result = run_arena(
        cr.Craits(players=2), [RandomBot(), HeuristicBot()], 4, 1, bot_seed=2, workers=1000,
        progress=False,
    )  # fmt: skip
    assert executor.asked == [4] and len(result.games) == 4
    assert cardrules.arena.arena_workers(1_000_000, 2) == 2
    assert cardrules.arena.arena_workers(3, 100) == 3


def test_the_command_line_caps_workers_at_the_games_and_says_so(
    executor: type[Executor],
) -> None:
    """The issue's command: --workers 1000000 --games 2 started a million processes."""
    code, out, err = run([*ARENA, "--games", "2", "--workers", "1000000"])
    assert code == 0 and out.startswith("craits: 2 games, seed 1\n")
    assert executor.asked == [2]
    assert err == (
        "cardrules arena: note: --workers 1000000 is more than can be used: using 2 worker "
        "processes, one per game\n"
    )


def test_the_command_line_caps_workers_at_the_cpus_and_says_so(executor: type[Executor]) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = run_arena_command(
        cr.Craits(players=2), [RandomBot(), HeuristicBot()], games=6, seed=1, bot_seed=2,
        workers=5, quiet=True, json_file=None, csv_file=None, out=out, err=err,
        cpus=lambda: 3,
    )  # fmt: skip
    assert code == 0 and executor.asked == [3]
    assert err.getvalue() == (
        "cardrules arena: note: --workers 5 is more than can be used: using 3 worker "
        "processes, one per CPU (3 available)\n"
    )
    err = io.StringIO()
    run_arena_command(
        cr.Craits(players=2), [RandomBot(), HeuristicBot()], games=6, seed=1, bot_seed=2,
        workers=3, quiet=True, json_file=None, csv_file=None, out=out, err=err,
        cpus=lambda: 3,
    )  # fmt: skip
    assert err.getvalue() == "" and executor.asked == [3, 3]  # as many as asked: no note


# -- Ctrl-C ------------------------------------------------------------------------------


def _children(pid: int) -> list[str]:
    """The process ids of ``pid``'s children (Linux)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return path.read_text().split() if path.exists() else []


@pytest.mark.skipif(
    not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists(),
    reason="needs Linux's /proc to see the worker processes start",
)
@pytest.mark.parametrize("whom", ["group", "parent"])
def test_ctrl_c_stops_the_arena_at_once_and_says_so(whom: str) -> None:
    """Ctrl-C reaches every process of the run (``group``), or only the command
    (``parent``, ``kill -INT``). Each game of this search bot takes minutes: the run
    used to wait for the games already handed to the workers (about 11 s with the
    default search), saying nothing meanwhile."""
    process = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "arena", "craits", "--bots",
         "ismcts:100000:flat,random", "--games", "8", "--workers", "2", "-q",
         "--seed", "1", "--bot-seed", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while len(_children(process.pid)) < 2:  # the workers are playing
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(0.5)
        interrupted = time.monotonic()
        if whom == "group":
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        took = time.monotonic() - interrupted
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == cli.EXIT_INTERRUPTED
    assert err == "cardrules arena: interrupted: stopping the games in progress\n"
    assert out == ""
    assert took < 10, f"took {took:.1f} s to stop"


def test_an_interrupt_is_told_however_it_comes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A KeyboardInterrupt that is no Ctrl-C of this thread (raised by a bot, or in a
    thread of a program that runs the command) is told too."""

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli.arena, "run_arena", interrupted)
    code, out, err = run([*ARENA, "--games", "2", "--workers", "1"])
    assert code == cli.EXIT_INTERRUPTED and out == ""
    assert err == "cardrules arena: interrupted: stopping the games in progress\n"


# -- the table at a terminal -------------------------------------------------------------


class Terminal(io.StringIO):
    """An output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


LONG_NAMES = "ismcts:1:heuristic,heuristic,random,random"


@pytest.mark.parametrize("columns", [80, 60, 40])
def test_the_table_fits_the_terminal(monkeypatch: pytest.MonkeyPatch, columns: int) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    argv = ["arena", "cramps", "--bots", LONG_NAMES, "--target", "3", "--games", "8",
            "--workers", "1", "-q", "--seed", "18446744073709551615",
            "--bot-seed", "18446744073709551614"]  # fmt: skip
    code, out, _ = run(argv, stdout=Terminal())
    assert code == 0
    lines = out.splitlines()
    assert max(map(len, lines)) <= columns, "\n".join(lines)
    text = " ".join(line.strip() for line in lines)
    for name in ("ismcts:1:heuristic", "heuristic", "random", "random#2"):
        assert name in text
    # An option is never parted from its value: the replay options can be copied.
    assert "--seed 18446744073709551615 --bot-seed 18446744073709551614" in text
    assert "Elapsed:" in text


def test_a_wide_table_keeps_the_librarys_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    argv = [*ARENA, "--games", "4", "--workers", "1"]
    _, out, _ = run(argv, stdout=Terminal())
    _, piped, _ = run(argv)  # not a terminal: as the library makes it, whatever the width
    assert out.splitlines()[:-1] == piped.splitlines()[:-1]  # (but the time taken)


def test_the_narrow_layouts() -> None:
    result = run_arena(
        cr.Cramps(target=10), [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()], 8, 1,
        bot_seed=2, workers=1, progress=False,
    )  # fmt: skip
    compact = cli.arena.table_lines(result, 80)
    assert compact[1].split() == ["entrant", "games", "wins", "win", "share", "(95%", "CI)",
                                  "mean", "score", "(95%", "CI)"]  # fmt: skip
    assert compact[2].split()[:3] == ["heuristic", "8", "2.00"]
    assert len(compact) == 6 and max(map(len, compact)) <= 80
    stacked = cli.arena.table_lines(result, 40)
    assert stacked[1:4] == [
        "heuristic",
        "  8 games, 2.00 wins, win share 25.0%",
        "    (7.1% … 59.1%), mean score 7.62",
    ]
    assert max(map(len, stacked)) <= 40
