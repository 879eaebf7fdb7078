"""Each example game fits on one page: at most 120 lines of code in its file, not
counting docstrings, comments and blank lines (counted with :mod:`tokenize`)."""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
GAME_FILES = ["hearts.py", "crazy_eights.py", "oh_hell.py", "spades.py", "euchre.py"]
MOST = 120

_LAYOUT = {tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING}


def code_lines(source: str) -> int:
    """The lines that hold code: those of every logical line that is not only strings
    (a docstring), leaving out comments and blank lines."""
    lines: set[int] = set()
    statement: list[tokenize.TokenInfo] = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in _LAYOUT:
            continue
        if token.type not in (tokenize.NEWLINE, tokenize.ENDMARKER):
            statement.append(token)
            continue
        if any(part.type != tokenize.STRING for part in statement):
            for part in statement:
                lines.update(range(part.start[0], part.end[0] + 1))
        statement = []
    return len(lines)


def test_the_counter_skips_docstrings_comments_and_blank_lines() -> None:
    source = (
        '"""Module."""\n\n# a comment\nx = 1  # counted\n\n\ndef f() -> str:\n'
        '    """Doc\n    more."""\n    return (\n        "text"\n    )\n'
    )
    assert code_lines(source) == 5  # x = 1, def, return ( "text" )


@pytest.mark.parametrize("name", [name for name in GAME_FILES if (EXAMPLES / name).exists()])
def test_each_example_game_is_at_most_120_lines_of_code(name: str) -> None:
    count = code_lines((EXAMPLES / name).read_text("utf-8"))
    assert count <= MOST, f"examples/{name} has {count} lines of code; at most {MOST}"
