"""Where a game talks to the human: the :class:`Console`, line input from a stream, and
checks of what the terminal can do."""

from __future__ import annotations

import importlib
import re
import shutil
import textwrap
from collections.abc import Callable
from typing import TextIO

import attrs

from cardrules.cli.base import InputFn

__all__ = [
    "Console",
    "can_encode",
    "enable_line_editing",
    "isatty",
    "stream_input",
    "terminal_width",
    "wrap",
]

_ASCII = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S", "→": "->", "…": "..."})
_NARROWEST = 20
"""Lines are never wrapped narrower than this, however narrow the terminal says it is."""
_GLUED = re.compile(r"(\[\d+\]|\b[Ss]eat) ")
"""Spaces a line is not broken at: after a number in the Legal list (``[3] 9♥``) and
after "seat" (``seat 2``)."""
_NO_BREAK = "\N{NO-BREAK SPACE}"
_SYMBOLS_OFFERED = re.compile(r"(?:\s+or\s+|(?<=\()or\s+)♣,?\s*♦,?\s*♥,?\s*♠(?:,\s+(?=or\b))?")
"""The four suit symbols offered as another way to write suits, after the letters
("C, D, H, S or ♣, ♦, ♥, ♠", "(or ♣ ♦ ♥ ♠, or clubs"): in ASCII mode they would be the
letters again, so they are left out."""


def terminal_width() -> int:
    """The width of the terminal in columns (``COLUMNS`` if set, else what the
    terminal says, else 80): :func:`shutil.get_terminal_size`, asked each time, so a
    resized window is followed."""
    return shutil.get_terminal_size().columns


def wrap(text: str, width: int) -> list[str]:
    """``text`` (one line) wrapped at word boundaries to ``width`` columns; lines after
    the first are indented two spaces more than it. A number in the Legal list stays
    with its move, "seat" with its number.

    >>> wrap("  Legal: [1] 8♣→♣  [2] 8♣→♦  [3] 9♥", 20)
    ['  Legal: [1] 8♣→♣', '    [2] 8♣→♦  [3] 9♥']
    """
    indent = text[: len(text) - len(text.lstrip(" "))]
    glued = _GLUED.sub(lambda match: match.group(1) + _NO_BREAK, text[len(indent) :])
    lines = textwrap.wrap(
        glued,
        max(width, _NARROWEST),
        initial_indent=indent,
        subsequent_indent=indent + "  ",
        break_on_hyphens=False,
        break_long_words=False,
    )
    return [line.replace(_NO_BREAK, " ") for line in lines] or [""]


@attrs.define
class Console:
    """Where the game talks to the human: ``out`` for text, ``input_fn`` for lines.

    With ``ascii_only`` the suit symbols are written as letters (``Q♠`` as ``QS``), and
    the few other non-ASCII signs as ASCII, for terminals that cannot show them.

    ``width`` wraps every line and prompt at word boundaries to that many columns: a
    number, or a function asked before each line (:func:`terminal_width` follows the
    terminal as it is resized); ``None`` (the default) does not wrap. ``interactive``
    says whether a person types the input (a terminal); piped input that is not
    understood a few times in a row makes the game give up instead of asking forever.

    >>> import io
    >>> Console(io.StringIO(), input, ascii_only=True).text("8♣→♥ …")
    '8C->H ...'
    >>> out = io.StringIO()
    >>> Console(out, input, width=24).say("You play 8♣, name ♥ and say one card.")
    >>> print(out.getvalue(), end="")
    You play 8♣, name ♥ and
      say one card.
    """

    out: TextIO
    input_fn: InputFn
    ascii_only: bool = False
    width: int | Callable[[], int] | None = None
    interactive: bool = True

    def text(self, text: str) -> str:
        """``text`` as it will be shown: in ASCII mode, symbols replaced, and the suit
        symbols left out where they are offered besides the letters.

        >>> import io
        >>> console = Console(io.StringIO(), input, ascii_only=True)
        >>> console.text("a suit (C, D, H, S or ♣, ♦, ♥, ♠), e.g. Q♠")
        'a suit (C, D, H, S), e.g. QS'
        """
        if not self.ascii_only:
            return text
        return _SYMBOLS_OFFERED.sub("", text).translate(_ASCII)

    def lines(self, text: str) -> list[str]:
        """``text`` (one line) as it will be shown: in ASCII if asked, and wrapped."""
        width = self.width() if callable(self.width) else self.width
        shown = self.text(text)
        return [shown] if width is None or not shown else wrap(shown, width)

    def say(self, *lines: str) -> None:
        """Write each line (wrapped to :attr:`width`)."""
        for line in lines:
            for part in self.lines(line):
                self.out.write(part + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str:
        """Read one line; raises ``EOFError`` (end of input) or ``KeyboardInterrupt``. A
        prompt wider than :attr:`width` is wrapped: its first lines are written, the
        last is the prompt the line is typed after."""
        *above, last = self.lines(prompt)
        for part in above:
            self.out.write(part + "\n")
        if above:
            self.out.flush()  # before the prompt, which the input function may write itself
        trailing = prompt[len(prompt.rstrip()) :]
        return self.input_fn(last.rstrip() + trailing)


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
