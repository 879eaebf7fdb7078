"""Each example game fits on one page: at most 120 lines of code in its file, not
counting docstrings, comments and blank lines (counted with :mod:`tokenize`)."""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
GAME_FILES = ["hearts.py", "crazy_eights.py", "oh_hell.py", "spades.py", "euchre.py"]
MOST = 120

_LAYOUT = {tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING}


def _docstring_starts(source: str) -> set[int]:
    """The first lines of the docstrings: a string first in a module, class or function
    (a string anywhere else, such as one after an assignment, counts as code)."""
    starts = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            value = first.value if isinstance(first, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                starts.add(value.lineno)
    return starts


def code_lines(source: str) -> int:
    """The lines that hold code: those of every logical line but the docstrings,
    leaving out comments and blank lines."""
    docstrings = _docstring_starts(source)
    lines: set[int] = set()
    statement: list[tokenize.TokenInfo] = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in _LAYOUT:
            continue
        if token.type not in (tokenize.NEWLINE, tokenize.ENDMARKER):
            statement.append(token)
            continue
        is_docstring = statement[0].start[0] in docstrings if statement else False
        if not is_docstring or any(part.type != tokenize.STRING for part in statement):
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


def test_a_string_that_is_no_docstring_counts_as_code() -> None:
    source = 'x = 1\n"""What x is (an attribute docstring)."""\n#: what y is\ny = 2\n'
    assert code_lines(source) == 3  # x = 1, the string, y = 2


@pytest.mark.parametrize("name", [name for name in GAME_FILES if (EXAMPLES / name).exists()])
def test_each_example_game_is_at_most_120_lines_of_code(name: str) -> None:
    count = code_lines((EXAMPLES / name).read_text("utf-8"))
    assert count <= MOST, f"examples/{name} has {count} lines of code; at most {MOST}"
