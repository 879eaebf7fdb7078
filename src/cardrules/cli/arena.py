"""``cardrules arena``: many games between bots, summarised as a table (and optionally
written as JSON and CSV), through :func:`cardrules.arena.run_arena`.

Two seeds make a run, ``--seed`` (the deals) and ``--bot-seed`` (the bots' decisions);
both are fresh random ones unless given, and printed at the end with the options that
replay the run exactly.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

import cardrules as cr
from cardrules.arena import MAX_MOVES, ArenaResult, run_arena
from cardrules.bots import Bot
from cardrules.cli.base import EXIT_ERROR, EXIT_INTERRUPTED, EXIT_OK, AnyGame, UsageError
from cardrules.cli.registry import GameEntry, make_rules

__all__ = ["arena_rules", "run_arena_command"]


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
) -> int:
    """Run ``cardrules arena``: play, print the table on ``out`` with the seeds that
    replay the run, write the files asked for; return the exit code.

    ``seed`` (the deals) and ``bot_seed`` (the bots' decisions) default to fresh random
    seeds. A ``games`` count that is not a multiple of the number of players is warned
    about on ``err`` (the seats are then not rotated evenly). The library's refusals
    (:class:`~cardrules.ArenaError`, e.g. a bot that cannot be sent to worker
    processes) are reported on ``err`` with :data:`~cardrules.cli.base.EXIT_ERROR`.
    """
    players = len(bots)
    if players and games % players:
        err.write(
            f"cardrules arena: warning: --games {games} is not a multiple of the {players} "
            f"players; seat rotation is then unbalanced: use a multiple of {players}\n"
        )
    start = clock()
    try:
        result = run_arena(
            game,
            bots,
            games,
            seed,
            bot_seed=bot_seed,
            workers=workers,
            progress=not quiet,
            max_moves=max_moves,
        )
    except KeyboardInterrupt:
        err.write("cardrules arena: interrupted\n")
        return EXIT_INTERRUPTED
    except cr.ArenaError as exc:  # the command line's name for the library's workers=1
        err.write(f"cardrules arena: error: {str(exc).replace('workers=1', '--workers 1')}\n")
        return EXIT_ERROR
    except (ValueError, TypeError) as exc:  # a bot count the rules objects did not catch
        raise UsageError(str(exc)) from None
    elapsed = clock() - start
    for line in summary_lines(result, game, elapsed):
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


def summary_lines(result: ArenaResult, game: AnyGame, elapsed: float) -> list[str]:
    """The library's table (win shares with Wilson intervals, a line on unfinished
    games), the first entrant compared game by game with each of the others, a note on
    which scores are better, the seeds that replay the run, and the time taken.

    """
    lines = result.table().splitlines()
    if len(result.games) > 1:
        lines.append(f"{result.entrants[0]} against each other entrant, game by game (95% CI):")
        width = max([12, *map(len, result.entrants[1:])])
        for other in range(1, len(result.entrants)):
            c = result.compare(0, other)
            low, high = c.win_difference_ci
            lines.append(
                f"  vs {c.second:<{width}} score {c.score_difference:+9.2f} "
                f"({c.score_difference_ci[0]:+.2f} … {c.score_difference_ci[1]:+.2f}), "
                f"wins {c.win_difference:+7.1%} ({low:+.1%} … {high:+.1%})"
            )
    if not getattr(game, "higher_scores_win", True):
        lines.append(f"(Lower scores are better: the lowest total wins {result.game}.)")
    lines.append("(A win shared by k players counts 1/k for each of them.)")
    lines.append(
        f"Seeds: deals {result.seed}, bots {result.bot_seed}. Replay this run exactly with "
        f"--seed {result.seed} --bot-seed {result.bot_seed}"
    )
    played = len(result.games) + len(result.unfinished)
    speed = played / elapsed if elapsed > 0 else float("inf")
    lines.append(f"Elapsed: {elapsed:.2f} s ({speed:.1f} games/s)")
    return lines
