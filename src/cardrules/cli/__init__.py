"""The ``cardrules`` command: simulate games between random players, play one in the
terminal against computer players, run an arena of bots, or serve a game in the browser.

::

    cardrules simulate cramps --games 1000 --seed 1
    cardrules play spades --seed 1
    cardrules play craits --players 3 --seat 0 --seed 7 --opponents ismcts:300:flat
    cardrules arena hearts --bots ismcts:300,heuristic,random,random --games 400 --workers 2
    cardrules serve hearts --bots heuristic,heuristic,heuristic --seed 1
    python -m cardrules --help

Every game the library ships can be simulated, played and put in an arena: ``cramps``,
``craits``, ``hearts``, ``spades``, ``oh_hell``, ``euchre``, ``crazy_eights``, ``skat``
and ``president`` (also spelled ``oh-hell`` and ``crazy-eights``), and so can any other
game registered with the library (a game class with a ``name``). ``cardrules --help``
lists them with their summaries.

The package has one module per job:

- :mod:`~cardrules.cli.base`: exit codes, shared types and errors;
- :mod:`~cardrules.cli.console`: the :class:`Console` the human reads and types at;
- :mod:`~cardrules.cli.parser`: the argument parser;
- :mod:`~cardrules.cli.registry`: the games the command knows (every registered game)
  and their adapters;
- :mod:`~cardrules.cli.simulate`, :mod:`~cardrules.cli.play`, :mod:`~cardrules.cli.arena`,
  :mod:`~cardrules.cli.serve`: the four subcommands (``serve`` runs the app of
  :mod:`cardrules.web`, which needs the ``web`` extra).

The generic parts (random players, the simulation, the turn loop with its input
handling, the arena) work on any :class:`~cardrules.Game` through ``new_game``,
``legal_moves``, ``step`` and ``observe``. What is specific to a game (how a position
is shown to the human, how a typed line becomes a move, how events are told) lives in a
small :class:`~cardrules.terminal.GameAdapter` subclass in the game's own package,
which registers it with :func:`cardrules.terminal.register_adapter` (the adapter
protocol lives below the games, in :mod:`cardrules.terminal`). A game that is known to
:func:`cardrules.registered_games` but has no adapter of its own can still be
simulated, and played with the plain adapter (moves picked by number).

Exit codes: 0 success (also when the player quits or input ends), 1 an error from the
library, a file that cannot be written, or piped input to ``play`` that is not
understood a few times in a row, 2 bad command-line usage (unknown game or
bot, bad option), 130 interrupted by Ctrl-C, 141 the output was closed before
everything was written (``cardrules simulate cramps | head -1``; 128 + SIGPIPE, as Unix
tools report it), without a traceback.

Seeds are fresh random ones (:func:`cardrules.rng.new_seed`) unless given. ``play``
shows the game's seed only once the game is over or left (it deals every hand), and
seeds its computer players with a separate ``--bot-seed``; ``simulate`` and ``arena``
print theirs in the summary.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import cardrules as cr
from cardrules.cli.arena import arena_rules, run_arena_command
from cardrules.cli.base import (
    EXIT_BROKEN_PIPE,
    EXIT_ERROR,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    InputFn,
    MoveInputError,
    MoveRefusedError,
    UsageError,
)
from cardrules.cli.console import Console, isatty, stream_input, terminal_width
from cardrules.cli.parser import build_parser, parse_option
from cardrules.cli.play import BotPlayer, play_game, run_play
from cardrules.cli.registry import (
    GameEntry,
    game_entry,
    known_games,
    make_rules,
    register_game,
)
from cardrules.cli.serve import run_serve
from cardrules.cli.simulate import (
    RandomPlayer,
    SimulationSummary,
    UnfinishedGame,
    play_random_game,
    run_simulate,
    simulate,
)
from cardrules.terminal import GameAdapter

__all__ = [
    "EXIT_BROKEN_PIPE",
    "EXIT_ERROR",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "BotPlayer",
    "Console",
    "GameAdapter",
    "GameEntry",
    "MoveInputError",
    "MoveRefusedError",
    "RandomPlayer",
    "SimulationSummary",
    "UnfinishedGame",
    "game_entry",
    "known_games",
    "main",
    "parse_option",
    "play_game",
    "play_random_game",
    "register_game",
    "simulate",
    "stream_input",
]


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    input_fn: InputFn | None = None,
) -> int:
    """Run the ``cardrules`` command with ``argv`` (default ``sys.argv[1:]``) and return
    the exit code. The streams and ``input_fn`` default to the process's own; tests pass
    their own.

    An output closed early (a reader such as ``head`` that stops reading) ends the run
    quietly with :data:`~cardrules.cli.base.EXIT_BROKEN_PIPE`."""
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    try:
        code = _main(argv, out, err, stdin, input_fn)
        out.flush()  # here, not at exit: a closed output is caught below
        return code
    except BrokenPipeError:
        _silence_closed_streams(out, err)
        return EXIT_BROKEN_PIPE


def _silence_closed_streams(*streams: TextIO) -> None:
    """Point those of ``streams`` that are the process's standard output or error at
    the null device, so that flushing them at exit does not fail again with "Exception
    ignored ... BrokenPipeError" (the recipe of the Python documentation on SIGPIPE).
    Other streams (a test's buffers) are left alone."""
    for stream in streams:
        if stream is not sys.stdout and stream is not sys.stderr:
            continue
        try:
            fd = stream.fileno()
        except (AttributeError, OSError, ValueError):  # not a real file (a test's buffer)
            continue
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, fd)
            os.close(devnull)
        except OSError:
            pass


def _main(
    argv: Sequence[str] | None,
    out: TextIO,
    err: TextIO,
    stdin: TextIO | None,
    input_fn: InputFn | None,
) -> int:
    parser = build_parser()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    if args.command is None:
        parser.print_help(out)
        return EXIT_USAGE
    prog = f"cardrules {args.command}"
    try:
        entry = game_entry(args.game)
    except KeyError as exc:
        err.write(f"{prog}: error: {exc.args[0]}\n")
        return EXIT_USAGE
    try:
        return _run(entry, args, out, err, stdin, input_fn)
    except (UsageError, cr.RulesError) as exc:
        err.write(f"{prog}: error: {exc}\n")
        return EXIT_USAGE
    except cr.CardrulesError as exc:
        err.write(f"{prog}: error: {exc}\n")
        return EXIT_ERROR


def _run(
    entry: GameEntry,
    args: argparse.Namespace,
    out: TextIO,
    err: TextIO,
    stdin: TextIO | None,
    input_fn: InputFn | None,
) -> int:
    options: dict[str, Any] = dict(args.options)
    if args.target is not None:
        options["target"] = args.target
    if args.players is not None:
        options["players"] = args.players
    if args.command == "arena":
        game = arena_rules(entry, options, len(args.bots))
        return run_arena_command(
            game,
            args.bots,
            games=args.games,
            seed=args.seed,
            bot_seed=args.bot_seed,
            max_moves=args.max_moves,
            workers=args.workers,
            quiet=args.quiet,
            json_file=args.json,
            csv_file=args.csv,
            out=out,
            err=err,
            width=terminal_width() if isatty(out) else None,
        )
    game = make_rules(entry, options)
    if args.command == "serve":
        return run_serve(
            game, args.bots, seed=args.seed, host=args.host, port=args.port, out=out, err=err
        )
    adapter = entry.adapter()
    if args.command == "simulate":
        return run_simulate(
            game,
            entry.name,
            adapter.round_word,
            games=args.games,
            seed=args.seed,
            max_moves=args.max_moves,
            quiet=args.quiet,
            out=out,
            err=err,
        )
    return run_play(
        game,
        adapter,
        seat=args.seat,
        seed=args.seed,
        bot_seed=args.bot_seed,
        confirm=args.confirm,
        opponents=args.opponents,
        ascii_only=args.ascii,
        out=out,
        stdin=stdin,
        input_fn=input_fn,
    )
