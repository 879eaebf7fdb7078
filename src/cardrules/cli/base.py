"""What every part of the command line shares: exit codes, the types of games, input
functions and computer players, and the errors for bad input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import cardrules as cr

__all__ = [
    "EXIT_BROKEN_PIPE",
    "EXIT_ERROR",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "AnyGame",
    "InputFn",
    "MoveInputError",
    "MoveRefusedError",
    "Player",
    "UsageError",
    "digit_count",
    "short_number",
    "squash",
]

EXIT_OK = 0
"""Success; also used when the player quits or the input ends."""
EXIT_ERROR = 1
"""The library refused something (e.g. a bad setup), or a file could not be written."""
EXIT_USAGE = 2
"""Bad command line: unknown game or bot, bad option or value."""
EXIT_INTERRUPTED = 130
"""Stopped by Ctrl-C (the shell convention 128 + SIGINT)."""
EXIT_BROKEN_PIPE = 141
"""The output was closed early, e.g. ``cardrules simulate cramps | head -1`` (the Unix
convention 128 + SIGPIPE, as other tools report it)."""

AnyGame = cr.Game[Any, Any, Any]
"""A rules object of any game."""
InputFn = Callable[[str], str]
"""Reads one line after showing a prompt, like :func:`input`; raises ``EOFError`` at the
end of the input."""
Player = Callable[[AnyGame, Any], Any]
"""A computer player: given the rules and the state, returns the move for the seat to
move."""

SEED_MAX = 2**64 - 1
"""The largest seed the command line accepts for a single game."""

MAX_DIGITS = 100
"""The most digits a number given on the command line may have (leading zeros aside).
More is a mistake, and Python would refuse to read thousands of digits with a message
of its own about its limit."""

SUIT_LETTER = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S"})
"""Suit symbols to their letters (for ASCII output and for comparing typed text)."""


class UsageError(Exception):
    """A command-line value the game cannot use (reported with exit code 2)."""


class MoveInputError(ValueError):
    """A line typed by the player that does not name a move (the message says why)."""


class MoveRefusedError(ValueError):
    """A move the player named clearly that the rules do not allow, found by the
    adapter before the rules are asked (a card the player does not hold): told as "Not
    allowed", like the rules' own refusals. The message says what was wrong and what is
    allowed."""


def squash(text: str) -> str:
    """``text`` without spaces, upper case, suits as letters: the form in which typed
    text is compared with a move's text.

    >>> squash(" q♠ ! ")
    'QS!'
    """
    return "".join(text.split()).upper().translate(SUIT_LETTER)


def digit_count(text: str) -> int:
    """How many digits the number ``text`` has, its sign, spaces around it and leading
    zeros aside (at least 1), counted without reading it as a number.

    >>> digit_count(" -0042 "), digit_count("0"), digit_count("7" * 5000)
    (2, 1, 5000)
    """
    return len(text.strip().lstrip("+-").lstrip("0")) or 1


def short_number(text: str) -> str:
    """``text`` for a message: as given, or, if it is long, its first characters and
    how many digits it has.

    >>> short_number("12"), short_number("7" * 5000)
    ('12', '77777777777777777777… (5000 digits)')
    """
    text = text.strip()
    if len(text) <= _SHORT:
        return text
    return f"{text[:20]}… ({digit_count(text)} digits)"


_SHORT = 30
"""Numbers longer than this are abbreviated in messages."""
