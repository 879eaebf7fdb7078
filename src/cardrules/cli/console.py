"""Where a game talks to the human: the :class:`Console`, line input from a stream, and
checks of what the terminal can do."""

from __future__ import annotations

import importlib
from typing import TextIO

import attrs

from cardrules.cli.base import InputFn

__all__ = ["Console", "can_encode", "enable_line_editing", "isatty", "stream_input"]

_ASCII = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S", "→": "->", "…": "..."})


@attrs.define
class Console:
    """Where the game talks to the human: ``out`` for text, ``input_fn`` for lines.

    With ``ascii_only`` the suit symbols are written as letters (``Q♠`` as ``QS``), and
    the few other non-ASCII signs as ASCII, for terminals that cannot show them.

    >>> import io
    >>> Console(io.StringIO(), input, ascii_only=True).text("8♣→♥ …")
    '8C->H ...'
    """

    out: TextIO
    input_fn: InputFn
    ascii_only: bool = False

    def text(self, text: str) -> str:
        """``text`` as it will be shown (symbols replaced in ASCII mode)."""
        return text.translate(_ASCII) if self.ascii_only else text

    def say(self, *lines: str) -> None:
        """Write each line."""
        for line in lines:
            self.out.write(self.text(line) + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str:
        """Read one line; raises ``EOFError`` (end of input) or ``KeyboardInterrupt``."""
        return self.input_fn(self.text(prompt))


def stream_input(stdin: TextIO, stdout: TextIO, *, echo: bool = False) -> InputFn:
    """An :data:`~cardrules.cli.base.InputFn` that writes the prompt to ``stdout`` and
    reads a line from ``stdin``. With ``echo`` the line read is written back after the
    prompt, so that a transcript of scripted (piped) input reads like an interactive
    session."""

    def read(prompt: str) -> str:
        stdout.write(prompt)
        stdout.flush()
        line = stdin.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        if echo:
            stdout.write(line + "\n")
        return line

    return read


def enable_line_editing() -> bool:
    """Turn on line editing (arrows, Home/End, Backspace anywhere in the line, history)
    for :func:`input` at a terminal, by importing :mod:`readline`: :func:`input` edits
    lines only once that module is loaded. Returns whether it could; ``readline`` may be
    missing (e.g. on Windows), and typing then works without editing."""
    try:
        importlib.import_module("readline")
    except ImportError:
        return False
    return True


def isatty(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (``False`` for anything that cannot say)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def can_encode(stream: TextIO, text: str) -> bool:
    """Whether ``stream``'s encoding can write ``text`` (``True`` if it has none)."""
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True
