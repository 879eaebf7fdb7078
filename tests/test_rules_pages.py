"""Each game the library ships has its rules page, ``docs/rules/<name>.md``, held to
its options: the table of the page's ``## Options`` section, headed
``| Option | Default | Meaning |``, names in its first column (in backticks) exactly
the options the game's class takes (its attrs fields that ``__init__`` takes); for a
game with an OpenSpiel preset (an ``openspiel`` classmethod), the table of the
``## OpenSpiel's game`` section, headed ``| OpenSpiel parameter | Default | Becomes |``,
names exactly the parameters of ``OPENSPIEL_PARAMETERS``. Every option named on the
page exists, and every option is on the page.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardrules.games import shipped_games

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules"
SHIPPED = shipped_games()

OPTIONS = ("## Options", "| Option | Default | Meaning |")
OPENSPIEL = ("## OpenSpiel's game", "| OpenSpiel parameter | Default | Becomes |")


def section(page: str, heading: str) -> list[str]:
    """The lines of the section under ``heading`` (a ``## `` heading, alone on its
    line), up to the next heading of that level or above."""
    lines = page.splitlines()
    starts = [i for i, line in enumerate(lines) if line.rstrip() == heading]
    assert len(starts) == 1, f"the page has {len(starts)} sections {heading!r}, not one"
    body = []
    for line in lines[starts[0] + 1 :]:
        if re.match(r"#{1,2} ", line):
            break
        body.append(line)
    return body


def table_names(lines: list[str], header: str) -> list[str]:
    """The names in backticks in the first cell of each row of the one table in
    ``lines`` headed ``header`` (the line under it is the separator)."""
    starts = [i for i, line in enumerate(lines) if line.strip() == header]
    assert len(starts) == 1, f"the section has {len(starts)} tables headed {header!r}, not one"
    rows = []
    for line in lines[starts[0] + 2 :]:
        if not line.startswith("|"):
            break
        rows.append(line)
    names = []
    columns = header.count("|") - 1
    for row in rows:
        cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", row.strip())[1:-1]]
        assert len(cells) == columns and all(cells), f"a row without {columns} cells: {row!r}"
        found = re.findall(r"`([^`]+)`", cells[0])
        assert found, f"a row whose first cell names nothing in backticks: {row!r}"
        names.extend(found)
    return names


def options_of(rules_class: type[Any]) -> list[str]:
    return [field.name for field in attrs.fields(rules_class) if field.init]


def page(name: str) -> str:
    path = RULES / f"{name}.md"
    assert path.is_file(), f"{name} has no rules page: docs/rules/{name}.md"
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", list(SHIPPED))
def test_the_options_table_names_every_option_and_nothing_else(name: str) -> None:
    names = table_names(section(page(name), OPTIONS[0]), OPTIONS[1])
    assert len(names) == len(set(names)), f"an option listed twice: {sorted(names)}"
    assert set(names) == set(options_of(SHIPPED[name]))


@pytest.mark.parametrize(
    "name", [name for name, cls in SHIPPED.items() if hasattr(cls, "openspiel")]
)
def test_the_openspiel_table_names_every_parameter_and_nothing_else(name: str) -> None:
    names = table_names(section(page(name), OPENSPIEL[0]), OPENSPIEL[1])
    assert len(names) == len(set(names)), f"a parameter listed twice: {sorted(names)}"
    rules_class: Any = SHIPPED[name]
    assert set(names) == set(rules_class.OPENSPIEL_PARAMETERS)


def test_the_tables_are_read_as_written() -> None:  # the reading can fail
    text = "\n".join(
        [
            "## Options",
            "",
            "| Option | Default | Meaning |",
            "|---|---|---|",
            "| `target` | `100` | The score that ends the game. |",
            "| `passing` | `int \\| None` | Where the cards go. |",
            "",
            "Text, then another section.",
            "",
            "## Scoring",
            "| Option | Default | Meaning |",
        ]
    )
    assert table_names(section(text, "## Options"), OPTIONS[1]) == ["target", "passing"]
    with pytest.raises(AssertionError, match="names nothing in backticks"):
        table_names(
            ["| Option | Default | Meaning |", "|---|---|---|", "| x | 1 | y |"], OPTIONS[1]
        )
    with pytest.raises(AssertionError, match="without 3 cells"):
        table_names(["| Option | Default | Meaning |", "|---|---|---|", "| `x` | 1 |"], OPTIONS[1])
    with pytest.raises(AssertionError, match="0 sections"):
        section(text, "## OpenSpiel's game")
