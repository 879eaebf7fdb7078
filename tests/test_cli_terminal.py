"""Tests of ``cardrules play`` at a real terminal: the command runs under a
pseudo-terminal (Linux and other Unix systems), keystrokes are typed into it and the
screen is read back, to check what pipes cannot show (line editing at the prompt, lines
wrapped to the terminal's width)."""

from __future__ import annotations

import contextlib
import os
import re
import select
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardrules as cr

pty = pytest.importorskip("pty")
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")
pytest.importorskip("readline")  # without it (e.g. some minimal builds) there is no editing

PROMPT = b"q to quit): "
LEFT, BACKSPACE, HOME, END = b"\x1b[D", b"\x7f", b"\x01", b"\x05"  # Home/End: Ctrl-A, Ctrl-E


class Terminal:
    """A command running under a pseudo-terminal: type keys, read the screen."""

    def __init__(self, *args: str, columns: int = 80) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        env = dict(os.environ, TERM="xterm", INPUTRC=os.devnull, PYTHONIOENCODING="utf-8")
        for name in ("COLUMNS", "LINES"):  # the terminal's own size, not the caller's
            env.pop(name, None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardrules", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=Path(__file__).parent,
            start_new_session=True,
        )
        os.close(slave)
        self.screen = b""
        self.closed = False

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def read_until(self, text: bytes, timeout: float = 10.0) -> bytes:
        """The screen output from now until ``text`` appears (fails after ``timeout``
        seconds)."""
        start = len(self.screen)
        deadline = time.monotonic() + timeout
        while text not in self.screen[start:]:
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} not shown; screen ends {self.screen[-300:]!r}"
            ready, _, _ = select.select([self.master], [], [], min(left, 0.1))
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:  # the command ended
                    chunk = b""
                if not chunk:
                    assert text in self.screen[start:], f"{text!r} never shown"
                    break
                self.screen += chunk
        return self.screen[start:]

    def close(self, wait: float = 10.0) -> int:
        """Wait for the command to end (killing it after ``wait`` seconds); its exit
        code."""
        try:
            return self.process.wait(timeout=wait)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            if not self.closed:
                self.closed = True
                os.close(self.master)


@pytest.fixture
def terminal() -> Iterator[Terminal]:
    # The human leads the first trick (13 cards to choose from): seat to_move of the deal.
    seat = cr.Cramps().new_game(seed=1).to_move
    term = Terminal("play", "cramps", "--seed", "1", "--seat", str(seat))
    try:
        yield term
    finally:
        with contextlib.suppress(subprocess.TimeoutExpired):
            term.close(wait=0.5)  # a failed test leaves it waiting for input


def test_arrow_keys_edit_the_line(terminal: Terminal) -> None:
    terminal.read_until(PROMPT)
    # "x1", Left (before the 1), Backspace (deletes the x): the line read is "1". Without
    # readline the terminal would hand over "x1\x1b[" ("\x1b[D" with its last byte
    # erased), which is not understood.
    terminal.type(b"x1" + LEFT + BACKSPACE + b"\r")
    after = terminal.read_until(PROMPT).decode("utf-8", "replace")
    assert "Not understood" not in after
    first = cr.Cramps().legal_moves(cr.Cramps().new_game(seed=1))[0]
    assert f"  You play {first}" in after  # move 1 of the Legal list
    # Home and End: "Q" then Home, "q": "qQ" is not a card; End, Backspace twice, "q".
    terminal.type(b"Q" + HOME + b"s" + END + BACKSPACE + BACKSPACE + b"q\r")
    after = terminal.read_until(b"Game seed 1: replay this deal with --seed 1").decode()
    assert "You left the game." in after
    assert terminal.close() == 0


_ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]")


def test_a_narrow_terminal_wraps_lines_and_prompts_at_words() -> None:
    """In a 60-column terminal no line is wider than 60 columns (the terminal would break
    it mid-word), and the prompt keeps its words whole, wrapped before the last line."""
    term = Terminal("play", "craits", "--seed", "2", "--players", "4", columns=60)
    try:
        screen = term.read_until(PROMPT)
        term.type(b"q\r")
        term.read_until(b"replay this deal with --seed 2")
        assert term.close() == 0
    finally:
        with contextlib.suppress(subprocess.TimeoutExpired):
            term.close(wait=0.5)
    lines = _ESCAPES.sub(b"", screen).decode("utf-8").replace("\r\n", "\n").split("\n")
    assert max(map(len, lines)) <= 60, max(lines, key=len)
    assert sum(len(line) > 50 for line in lines) > 3  # long lines were there to wrap
    start = max(i for i, line in enumerate(lines) if line.startswith("Your move ("))
    prompt = "Your move (a card like QS, 8h c, QS!, d to draw, or a number, ? for help, q to quit):"
    assert " ".join(" ".join(lines[start:]).split()) == prompt
    assert len(lines) - start > 1  # wrapped
    assert lines[-1].endswith("q to quit): ")  # typed after the prompt's last line
