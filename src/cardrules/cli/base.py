"""What every part of the command line shares: exit codes, the types of games, input
functions and computer players, and the errors for bad input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules.terminal import (
    AnyGame,
    MoveInputError,
    MoveRefusedError,
    digit_count,
    short_number,
    squash,
)

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


class UsageError(Exception):
    """A command-line value the game cannot use (reported with exit code 2)."""
