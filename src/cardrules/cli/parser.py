"""The ``cardrules`` argument parser and the converters of its values."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

import cardrules as cr
from cardrules._text import int_text, shown
from cardrules.arena import MAX_MOVES
from cardrules.bots import Bot, bot_from_name
from cardrules.cli.base import MAX_DIGITS, SEED_MAX, digit_count, short_number
from cardrules.cli.registry import describe_games, known_games

__all__ = ["HUMAN", "bot_list", "build_parser", "int_in", "one_bot", "parse_option", "seat_list"]


def parse_option(text: str) -> tuple[str, Any]:
    """Read a ``NAME=VALUE`` rules option: ints (of at most
    :data:`~cardrules.cli.base.MAX_DIGITS` digits), ``true``/``false``, comma-separated
    int lists (as tuples), else text. ``none`` stays text here: it is ``None`` for an
    option that takes ``None`` (:func:`~cardrules.cli.registry.make_rules` decides, as
    it knows the game; Oh Hell's ``trumps=none`` is the word).

    >>> parse_option("target=21"), parse_option("packets=3,3,3,2,2")
    (('target', 21), ('packets', (3, 3, 3, 2, 2)))
    >>> parse_option("short_game=true")
    ('short_game', True)
    """
    name, sep, raw = text.partition("=")
    name = name.strip().replace("-", "_")
    if not sep or not name.isidentifier():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, e.g. target=21, not {text!r}")
    raw = raw.strip()
    value: Any = raw
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    elif _is_int(raw):
        value = _option_int(raw, name)
    elif "," in raw and all(_is_int(part.strip()) for part in raw.split(",")):
        value = tuple(_option_int(part, name) for part in raw.split(","))
    return name, value


def _is_int(text: str) -> bool:
    digits = text[1:] if text[:1] in ("+", "-") else text
    return digits.isascii() and digits.isdigit()


def _option_int(text: str, name: str) -> int:
    """A number of the rules option ``name``, of at most :data:`MAX_DIGITS` digits."""
    if digit_count(text) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(
            f"-o {name}: a number must be at most {MAX_DIGITS} digits long, "
            f"not {short_number(text)}"
        )
    return int(text)


def int_in(low: int, high: int | None, what: str) -> Callable[[str], int]:
    """An argparse type: an int from ``low`` to ``high`` (no upper limit if ``None``,
    but at most :data:`~cardrules.cli.base.MAX_DIGITS` digits), with a message naming
    the option ``what``.

    >>> int_in(1, 10, "--seat")("3" * 5000)
    Traceback (most recent call last):
    argparse.ArgumentTypeError: --seat must be from 1 to 10, not 33333333333333333333… (5000 digits)
    """
    limit = f"from {low} to {high}" if high is not None else f"at least {low}"

    def convert(text: str) -> int:
        if digit_count(text) > MAX_DIGITS and _is_int(text.strip()):
            # Out of range whatever it is; not read (Python refuses thousands of digits).
            if text.strip().startswith("-") or high is not None:
                raise argparse.ArgumentTypeError(
                    f"{what} must be {limit}, not {short_number(text)}"
                )
            raise argparse.ArgumentTypeError(
                f"{what} must be at most {MAX_DIGITS} digits long, not {short_number(text)}"
            )
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be an integer, not {shown(text)}"
            ) from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{what} must be {limit}, not {int_text(value)}")
        return value

    return convert


def one_bot(text: str) -> Bot:
    """An argparse type: a bot by name (``random``, ``heuristic``, ``ismcts[:N]``), named
    as it was given, parameters included, so that tables tell apart two searches.

    >>> bot = one_bot("ISMCTS:50:flat ")
    >>> bot.iterations, bot.name
    (50, 'ismcts:50:flat')
    """
    try:
        bot = bot_from_name(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    named: Any = bot  # the library's bots are attrs classes with a name field
    return attrs.evolve(named, name=text.strip().lower())  # type: ignore[no-any-return]


HUMAN = "human"
"""The word for a seat played by a person in a ``--bots`` list."""


def seat_list(text: str) -> tuple[Bot | None, ...]:
    """An argparse type: comma-separated bot names or ``human`` (``None``).

    >>> [bot and bot.name for bot in seat_list("heuristic,human")]
    ['heuristic', None]
    """
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(
            f"expected bot names (or {HUMAN}) separated by commas, e.g. heuristic,ismcts:100, "
            f"not {text!r}"
        )
    return tuple(None if name.lower() == HUMAN else one_bot(name) for name in names)


def bot_list(text: str) -> tuple[Bot, ...]:
    """An argparse type: comma-separated bot names, one per seat.

    >>> [bot.name for bot in bot_list("heuristic, random,random")]
    ['heuristic', 'random', 'random']
    """
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(
            f"expected bot names separated by commas, e.g. ismcts,random,random, not {text!r}"
        )
    return tuple(one_bot(name) for name in names)


class _Parser(argparse.ArgumentParser):
    """An argument parser that lets a failed write of its help or messages be seen
    (argparse ignores them): ``cardrules --help | head -1`` then exits like any other
    command whose output is closed early."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if not message:
            return
        try:
            (file if file is not None else sys.stderr).write(message)
        except BrokenPipeError:
            raise  # reported by main() with exit code 141
        except (AttributeError, OSError):  # no stream at all, or another failure
            pass


def build_parser() -> argparse.ArgumentParser:
    """The parser of the ``cardrules`` command and its subcommands."""
    parser = _Parser(
        prog="cardrules",
        description="Card-game rules on the command line: simulate games between random "
        "players, play one against computer players, or pit bots against each other. "
        "Games: " + describe_games() + ".",
        epilog="Exit codes: 0 success (also when you quit or input ends), 1 error, "
        "2 bad usage, 130 interrupted (Ctrl-C), 141 output closed early (e.g. by "
        "| head).",
    )
    parser.add_argument("--version", action="version", version=f"cardrules {cr.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    rules = _rules_parser()
    _add_simulate(sub, rules)
    _add_play(sub, rules)
    _add_arena(sub, rules)
    _add_serve(sub, rules)
    return parser


def _rules_parser() -> argparse.ArgumentParser:
    rules = _Parser(add_help=False)
    names = known_games()
    spelled = [name.replace("_", "-") for name in names if "_" in name]
    also = f"; also {', '.join(spelled)}" if spelled else ""
    rules.add_argument("game", help=f"the game to use: {', '.join(names)}{also}")
    rules.add_argument(
        "--target", type=int_in(1, None, "--target"), help="the winning score (rules option)"
    )
    rules.add_argument(
        "--players", type=int_in(1, None, "--players"), help="number of players (rules option)"
    )
    rules.add_argument(
        "-o",
        "--option",
        dest="options",
        action="append",
        default=[],
        type=parse_option,
        metavar="NAME=VALUE",
        help=(
            "any other rules option, e.g. -o packets=3,3,3,2,2 or -o short_game=true; "
            "none is None for an option that takes it, e.g. -o target=none for a single "
            "deal (repeatable)"
        ),
    )
    return rules


def _add_max_moves(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--max-moves",
        type=int_in(1, None, "--max-moves"),
        default=MAX_MOVES,
        metavar="N",
        help=f"stop a game after N moves ({MAX_MOVES}); games stopped are reported and not counted",
    )


def _add_simulate(sub: Any, rules: argparse.ArgumentParser) -> None:
    simulate_parser = sub.add_parser(
        "simulate",
        parents=[rules],
        help="play many games between random players and summarise them",
        description="Play games between uniformly random players and print the number of "
        "games, mean rounds (hands) per game, each seat's win share and mean final score, "
        "and the speed. The same --seed gives the same games; the seed is printed.",
    )
    simulate_parser.add_argument(
        "--games", type=int_in(1, None, "--games"), default=100, help="games to play (100)"
    )
    simulate_parser.add_argument(
        "--seed",
        type=int_in(0, None, "--seed"),
        default=None,
        help="seed of the run (random if not given; printed in the summary)",
    )
    _add_max_moves(simulate_parser)
    simulate_parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar")


def _add_play(sub: Any, rules: argparse.ArgumentParser) -> None:
    play_parser = sub.add_parser(
        "play",
        parents=[rules],
        help="play one game in the terminal against computer players",
        description="Play one seat yourself; the computer plays the other seats. "
        "Type ? during the game for help, q to quit. Ctrl-D leaves (exit code 0), "
        "Ctrl-C interrupts (exit code 130). Piped input that is not understood 3 times "
        "in a row at one question ends the game (exit code 1). Text is wrapped to the "
        "terminal's width. The game's seed is shown when the game is over or when you "
        "leave it, never before (it deals every hand).",
    )
    play_parser.add_argument(
        "--seat", type=int_in(0, None, "--seat"), default=0, help="your seat (0)"
    )
    play_parser.add_argument(
        "--seed",
        type=int_in(0, SEED_MAX, "--seed"),
        default=None,
        help="seed of the deal (random if not given; shown at the end)",
    )
    play_parser.add_argument(
        "--bot-seed",
        type=int_in(0, SEED_MAX, "--bot-seed"),
        default=None,
        help="seed of the computer players' choices, independent of the deal (random if not given)",
    )
    play_parser.add_argument(
        "--confirm",
        action="store_true",
        help="ask for your move even when you have only one (by default it is made for you)",
    )
    play_parser.add_argument(
        "--opponents",
        type=one_bot,
        default="heuristic",
        metavar="BOT",
        help="the computer players: random, heuristic (default), ismcts[:ITERATIONS], "
        "ismcts:ITERATIONS:heuristic or ismcts:ITERATIONS:flat",
    )
    play_parser.add_argument(
        "--ascii",
        action="store_true",
        help="write suits as letters (QS, not Q♠); automatic if the terminal cannot "
        "show the symbols",
    )


def _add_arena(sub: Any, rules: argparse.ArgumentParser) -> None:
    arena_parser = sub.add_parser(
        "arena",
        parents=[rules],
        help="play many games between bots and compare them",
        description="Play games between bots, one per seat, rotating the seats over each "
        "deal so that every bot plays every deal from every seat, and print each bot's "
        "win share and mean final score with 95% confidence intervals. Results depend "
        "only on --seed and --bot-seed (printed at the end), not on --workers. --players "
        "defaults to the number of bots; give --games as a multiple of it.",
    )
    arena_parser.add_argument(
        "--bots",
        type=bot_list,
        required=True,
        metavar="BOT,BOT,...",
        help="one bot per seat: random, heuristic, ismcts[:ITERATIONS], "
        "ismcts:ITERATIONS:heuristic (playouts by the heuristic) or ismcts:ITERATIONS:flat "
        "(flat search improving on the heuristic; best for Craits), e.g. "
        "ismcts,random,random,heuristic",
    )
    arena_parser.add_argument(
        "--games", type=int_in(1, None, "--games"), default=100, help="games to play (100)"
    )
    arena_parser.add_argument(
        "--workers",
        type=int_in(1, None, "--workers"),
        default=None,
        help="processes to use (default: one per CPU); capped, with a note, at one per game "
        "and one per CPU",
    )
    arena_parser.add_argument(
        "--seed",
        type=int_in(0, SEED_MAX, "--seed"),
        default=None,
        help="seed of the deals (random if not given; printed at the end)",
    )
    arena_parser.add_argument(
        "--bot-seed",
        type=int_in(0, SEED_MAX, "--bot-seed"),
        default=None,
        help="seed of the bots' decisions, independent of the deals (random if not given; "
        "printed at the end)",
    )
    _add_max_moves(arena_parser)
    arena_parser.add_argument("--json", metavar="FILE", help="also write every result as JSON")
    arena_parser.add_argument("--csv", metavar="FILE", help="also write the summary as CSV")
    arena_parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar")


def _add_serve(sub: Any, rules: argparse.ArgumentParser) -> None:

    serve_parser = sub.add_parser(
        "serve",
        parents=[rules],
        help="serve one game in the browser: a tab for each human seat",
        description="Serve one game as a page in the browser, each tab one seat: "
        "its cards, the table, the log in the seat's words, each move a button or "
        "typed. The address of each seat is printed; open one tab per human seat, "
        '?seat=watch to watch. Needs the web extra: pip install "cardrules[web]". '
        "Ctrl-C stops the server.",
    )
    serve_parser.add_argument(
        "--bots",
        type=seat_list,
        default=(),
        metavar="BOT,BOT,...",
        help=f"computer players for the LAST seats, the others human (none by default): "
        f"random, heuristic, ismcts[:ITERATIONS], ...; {HUMAN} keeps a seat for a person, "
        f"e.g. --bots heuristic,heuristic,heuristic (seats 1-3 at four players) or "
        f"--bots {HUMAN},heuristic,{HUMAN},heuristic",
    )
    serve_parser.add_argument(
        "--seed",
        type=int_in(0, SEED_MAX, "--seed"),
        default=None,
        help="seed of the deals (random if not given; the computer players draw their own)",
    )
    serve_parser.add_argument(
        "--host", default="127.0.0.1", help="the address to listen at (127.0.0.1: this machine)"
    )
    serve_parser.add_argument(
        "--port",
        type=int_in(0, 65535, "--port"),
        default=8000,
        help="the port to listen at (8000; 0: any free port, printed)",
    )
