"""The package's layout: small modules with one job each (no module over 500 lines),
and each layer importing only the layers below it (docs: How the library is built)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "cardrules"
MODULES = sorted(PACKAGE.rglob("*.py"))

# The layers of docs/architecture.md, lowest first.
LAYERS = (
    ("_text", "_kept", "errors", "_checks", "_wording", "values", "cards", "rng", "table",
     "deck", "handmasks"),
    ("moves", "events", "game", "digest", "_digestv4", "_recorddata", "record", "moveids",
     "chance"),
    ("tricks", "shedding"),
    ("trickstate", "tricksetup", "trickgame", "shedstate", "shedflow", "shedsetup",
     "shedexplain", "shedgame"),
)  # fmt: skip


def _name(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_module_is_over_500_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= 500, f"{_name(path)} has {lines} lines"


def _imported(path: Path) -> set[str]:
    """The cardrules modules ``path`` imports (the last part of their names)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("cardrules.")
        ):
            names.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            names.update(
                a.name.split(".")[1] for a in node.names if a.name.startswith("cardrules.")
            )
    return names


@pytest.mark.parametrize("level", range(len(LAYERS)))
def test_each_layer_imports_only_the_layers_below_it(level: int) -> None:
    allowed = {name for layer in LAYERS[: level + 1] for name in layer}
    for module in LAYERS[level]:
        above = _imported(PACKAGE / f"{module}.py") - allowed
        assert not above, f"cardrules.{module} imports {sorted(above)} from a layer above it"
