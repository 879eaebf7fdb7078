"""``cardrules arena``: many games between bots, summarised as a table (and optionally
written as JSON and CSV), through :func:`cardrules.arena.run_arena`.

Two seeds make a run, ``--seed`` (the deals) and ``--bot-seed`` (the bots' decisions);
both are fresh random ones unless given, and printed at the end with the options that
replay the run exactly.

``--workers`` is capped at what can be used, saying so: one process per game at most,
and one per CPU (the command line's bots only compute, so more processes would only
share the same CPUs; the results do not depend on it). Ctrl-C says at once that the
run is stopping, stops the worker processes and their games, and exits with code 130.
At a terminal the table is shaped to its width: its columns as narrow as their
contents, or, in a narrower terminal still, a few lines per entrant.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

import cardrules as cr
from cardrules.arena import (
    MAX_MOVES,
    ArenaResult,
    EntrantRow,
    arena_workers,
    available_cpus,
    run_arena,
)
from cardrules.bots import Bot
from cardrules.cli.base import EXIT_ERROR, EXIT_INTERRUPTED, EXIT_OK, AnyGame, UsageError
from cardrules.cli.console import isatty, wrap
from cardrules.cli.registry import GameEntry, make_rules

__all__ = [
    "arena_rules",
    "run_arena_command",
    "summary_lines",
    "table_lines",
    "workers_used",
]

_NBSP = "\N{NO-BREAK SPACE}"
"""Joins words that a shaped line must not be broken between (an option and its value,
the two ends of an interval); :func:`~cardrules.cli.console.wrap` writes it as a space."""


def arena_rules(entry: GameEntry, options: Mapping[str, Any], bots: int) -> AnyGame:
    """The rules for an arena of ``bots`` bots, one per seat: ``players`` defaults to
    the number of bots. Raises :class:`~cardrules.cli.base.UsageError` if the count
    does not fit the game or ``--players``, :class:`~cardrules.RulesError` for other bad
    options.

    >>> from cardrules.cli.registry import game_entry
    >>> arena_rules(game_entry("craits"), {}, 3).players
    3
    """
    named = f"--bots names {bots} bot{'s' if bots != 1 else ''}"
    game = make_rules(entry, options)
    if getattr(game, "players", None) == bots:
        return game
    if "players" in options:
        raise UsageError(
            f"--players is {options['players']} but --bots names {bots} bots: give one bot per seat"
        )
    try:
        return make_rules(entry, {**options, "players": bots})
    except cr.RulesError as exc:
        raise UsageError(f"{named}, one per seat, but {exc}") from None


def workers_used(workers: int | None, games: int, cpus: int) -> tuple[int, str | None]:
    """The worker processes an arena of ``games`` games uses when ``--workers`` asks for
    ``workers`` (``None``: one per CPU) on ``cpus`` CPUs, and a note saying why, if it
    uses fewer than asked: at most one per game (:func:`cardrules.arena.arena_workers`)
    and one per CPU.

    >>> workers_used(1_000_000, games=2, cpus=8)
    (2, '--workers 1000000 is more than can be used: using 2 worker processes, one per game')
    >>> workers_used(4, games=100, cpus=8)
    (4, None)
    """
    used = min(arena_workers(workers, games), cpus)
    if workers is None or used == workers:
        return used, None
    why = "one per game" if used == games else f"one per CPU ({cpus} available)"
    process = "process" if used == 1 else "processes"
    return (
        used,
        f"--workers {workers} is more than can be used: using {used} worker {process}, {why}",
    )


def run_arena_command(
    game: AnyGame,
    bots: Sequence[Bot],
    *,
    games: int,
    seed: int | None,
    workers: int | None,
    quiet: bool,
    json_file: str | None,
    csv_file: str | None,
    out: TextIO,
    err: TextIO,
    clock: Callable[[], float] = time.perf_counter,
    bot_seed: int | None = None,
    max_moves: int = MAX_MOVES,
    width: int | None = None,
    cpus: Callable[[], int] = available_cpus,
) -> int:
    """Run ``cardrules arena``: play, print the table on ``out`` with the seeds that
    replay the run, write the files asked for; return the exit code.

    ``seed`` (the deals) and ``bot_seed`` (the bots' decisions) default to fresh random
    seeds. A ``games`` count that is not a multiple of the number of players is warned
    about on ``err`` (the seats are then not rotated evenly). ``workers`` is capped at
    what can be used (:func:`workers_used`, on ``cpus()`` CPUs), with a note on ``err``.
    ``width`` (the terminal's, when ``out`` is one) shapes the table and wraps the
    lines after it (:func:`summary_lines`); ``None`` prints them as the library makes
    them.

    Ctrl-C (``KeyboardInterrupt``) is told on ``err`` at once, the worker processes
    are stopped, and :data:`~cardrules.cli.base.EXIT_INTERRUPTED` is returned. The
    library's refusals (:class:`~cardrules.ArenaError`, e.g. a bot that cannot be sent
    to worker processes) are reported on ``err`` with
    :data:`~cardrules.cli.base.EXIT_ERROR`.
    """
    players = len(bots)
    if players and games % players:
        err.write(
            f"cardrules arena: warning: --games {games} is not a multiple of the {players} "
            f"players; seat rotation is then unbalanced: use a multiple of {players}\n"
        )
    used, note = workers_used(workers, games, cpus())
    if note is not None:
        err.write(f"cardrules arena: note: {note}\n")
    start = clock()
    told: list[bool] = []
    try:
        with _told_when_interrupted(err, told):
            result = run_arena(
                game,
                bots,
                games,
                seed,
                bot_seed=bot_seed,
                workers=used,
                progress=not quiet,
                max_moves=max_moves,
            )
    except KeyboardInterrupt:
        if not told:  # not by the terminal's Ctrl-C (another thread, a test)
            _tell_interrupted(err)
        return EXIT_INTERRUPTED
    except cr.ArenaError as exc:  # the command line's name for the library's workers=1
        err.write(f"cardrules arena: error: {str(exc).replace('workers=1', '--workers 1')}\n")
        return EXIT_ERROR
    except (ValueError, TypeError) as exc:  # a bot count the rules objects did not catch
        raise UsageError(str(exc)) from None
    elapsed = clock() - start
    for line in summary_lines(result, game, elapsed, width=width):
        out.write(line + "\n")
    code = EXIT_OK
    for path, text, what in ((json_file, result.to_json, "JSON"), (csv_file, result.to_csv, "CSV")):
        if path is None:
            continue
        try:
            Path(path).write_text(text(), encoding="utf-8")
        except OSError as exc:
            err.write(f"cardrules arena: error: cannot write {what} to {path}: {exc}\n")
            code = EXIT_ERROR
        else:
            out.write(f"{what} written to {path}\n")
    out.flush()
    return code


def _tell_interrupted(err: TextIO) -> None:
    """Say on ``err`` that the run is stopping, on a line of its own at a terminal
    (after the progress bar or the ``^C`` it shows)."""
    text = "cardrules arena: interrupted: stopping the games in progress\n"
    if isatty(err):
        text = "\n" + text
    try:
        # Straight to the file: the interrupted code may have been writing to ``err``
        # itself (the progress bar), and its buffer refuses a write from within.
        os.write(err.fileno(), text.encode(getattr(err, "encoding", None) or "utf-8"))
    except (AttributeError, OSError, ValueError):  # no file under it (a test's buffer)
        err.write(text)
        err.flush()


@contextlib.contextmanager
def _told_when_interrupted(err: TextIO, told: list[bool]) -> Iterator[None]:
    """While the arena runs, Ctrl-C says at once that the run is stopping
    (:func:`_tell_interrupted`; ``told`` gets an item), then interrupts it as usual;
    stopping the worker processes follows. Only where Python's own Ctrl-C handler is
    in place, in the main thread: an interpreter that ignores Ctrl-C is left so."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return

    def interrupted(signum: int, frame: FrameType | None) -> None:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # a second Ctrl-C: plain
        told.append(True)
        _tell_interrupted(err)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, interrupted)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def summary_lines(
    result: ArenaResult, game: AnyGame, elapsed: float, *, width: int | None = None
) -> list[str]:
    """The library's table (win shares with Wilson intervals, a line on unfinished
    games), the first entrant compared game by game with each of the others, a note on
    which scores are better, the seeds that replay the run, and the time taken.

    With a ``width`` (a terminal's), the table is shaped to it (:func:`table_lines`),
    and every other line that is wider is wrapped to it, its figures no longer padded
    into columns, an option never parted from its value.
    """
    lines = _summary_text(result, game, elapsed)
    if width is None:
        return lines
    start = len(result.table().splitlines())
    shaped = _summary_text(result, game, elapsed, shaped=True)
    shown = table_lines(result, width)
    for line, reshaped in zip(lines[start:], shaped[start:], strict=True):
        shown += [line] if len(line) <= width else wrap(reshaped, width)
    return shown


def _summary_text(
    result: ArenaResult, game: AnyGame, elapsed: float, *, shaped: bool = False
) -> list[str]:
    """The lines of :func:`summary_lines` after the library's table, not wrapped, in
    columns. With ``shaped`` (for lines to be wrapped), the figures of the comparisons
    are not padded into columns, and a no-break space joins what a wrapped line must
    keep together (a figure and its name, an interval's ends, an option and its value).
    """
    glue = _NBSP if shaped else " "
    lines = result.table().splitlines()
    if len(result.games) > 1:
        lines.append(f"{result.entrants[0]} against each other entrant, game by game (95% CI):")
        width = max([0 if shaped else 12, *map(len, result.entrants[1:])])
        score_width, wins_width = (0, 0) if shaped else (9, 7)
        for other in range(1, len(result.entrants)):
            c = result.compare(0, other)
            low, high = c.win_difference_ci
            score_low, score_high = c.score_difference_ci
            lines.append(
                f"  vs {c.second:<{width}} score{glue}{c.score_difference:+{score_width}.2f} "
                f"({score_low:+.2f}{glue}…{glue}{score_high:+.2f}), "
                f"wins{glue}{c.win_difference:+{wins_width}.1%} "
                f"({low:+.1%}{glue}…{glue}{high:+.1%})"
            )
    if not getattr(game, "higher_scores_win", True):
        lines.append(f"(Lower scores are better: the lowest total wins {result.game}.)")
    lines.append("(A win shared by k players counts 1/k for each of them.)")
    lines.append(
        f"Seeds: deals {result.seed}, bots {result.bot_seed}. Replay this run exactly with "
        f"--seed{glue}{result.seed} --bot-seed{glue}{result.bot_seed}"
    )
    played = len(result.games) + len(result.unfinished)
    speed = played / elapsed if elapsed > 0 else float("inf")
    lines.append(f"Elapsed: {elapsed:.2f} s ({speed:.1f} games/s)")
    return lines


_COLUMNS = ("entrant", "games", "wins", "win share (95% CI)", "mean score (95% CI)")


def _cells(row: EntrantRow) -> tuple[str, str, str, str, str]:
    """A row of the table as text, in :data:`_COLUMNS` order (intervals glued)."""
    low, high = row.win_share_ci
    score_low, score_high = row.mean_score_ci
    return (
        row.entrant,
        str(row.games),
        f"{row.wins:.2f}",
        f"{row.win_share:.1%} ({low:.1%}{_NBSP}…{_NBSP}{high:.1%})",
        f"{row.mean_score:.2f} ({score_low:.2f}{_NBSP}…{_NBSP}{score_high:.2f})",
    )


def table_lines(result: ArenaResult, width: int) -> list[str]:
    """:meth:`ArenaResult.table <cardrules.arena.ArenaResult.table>` shaped to
    ``width`` columns: as the library makes it if it fits; else with each column as
    narrow as its contents; else, in a narrower terminal still, an entrant's name on
    one line and its figures on the next ones. The heading and the line on unfinished
    games are wrapped.

    >>> import cardrules as cr
    >>> from cardrules.arena import run_arena
    >>> from cardrules.bots import HeuristicBot, RandomBot
    >>> result = run_arena(cr.Cramps(target=10), [HeuristicBot(), RandomBot(), RandomBot(),
    ...                    RandomBot()], games=8, seed=1, bot_seed=2, workers=1,
    ...                    progress=False)
    >>> print("\\n".join(table_lines(result, 60)[:4]))
    cramps: 8 games, seed 1
    heuristic
      8 games, 2.00 wins, win share 25.0% (7.1% … 59.1%),
        mean score 7.62 (4.73 … 10.52)
    """
    table = result.table().splitlines()
    heading, *rest = table
    rows = [_cells(row) for row in result.rows()] if result.games else []
    unfinished = rest[1 + len(rows) :]  # after the column headings and the rows
    lines = wrap(heading, width)
    if all(len(line) <= width for line in rest[: 1 + len(rows)]):
        lines += rest[: 1 + len(rows)]
    else:
        sizes = [max(len(cells[i]) for cells in [_COLUMNS, *rows]) for i in range(5)]
        if sum(sizes) + 2 * (len(sizes) - 1) <= width:
            for cells in [_COLUMNS, *rows]:
                first = cells[0].ljust(sizes[0])
                others = (cell.rjust(size) for cell, size in zip(cells[1:], sizes[1:], strict=True))
                lines.append("  ".join([first, *others]).replace(_NBSP, " "))
        else:
            for entrant, games, wins, share, score in rows:
                lines.append(entrant)
                figures = (
                    f"{games} games, {wins} wins, win{_NBSP}share {share}, mean{_NBSP}score {score}"
                )
                lines += wrap("  " + figures, width)
    for line in unfinished:
        lines += wrap(line, width)
    return lines
