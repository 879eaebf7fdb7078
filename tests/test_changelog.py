"""The changelog says what a release is, for a user, in a page: a section for the
package's version, short enough to read at once, and every name of the library it
gives (``cr.X``, ``cardrules.x.Y``, ``Class.attribute``) one that exists."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import cardrules as cr

CHANGELOG = (Path(__file__).resolve().parents[1] / "CHANGELOG.md").read_text(encoding="utf-8")
PAGE = 120  # lines: what reads as one page


def test_the_changelog_has_a_section_for_the_packages_version() -> None:
    assert re.search(rf"^## \[{re.escape(cr.__version__)}\]", CHANGELOG, re.MULTILINE)


def test_the_changelog_fits_a_page() -> None:
    assert len(CHANGELOG.splitlines()) <= PAGE


def _resolve(dotted: str) -> object:
    """The object ``dotted`` names: ``cr.X``, ``cardrules.mod.X`` or ``Class.attr``."""
    parts = dotted.removeprefix("cr.").split(".")
    if dotted.startswith("cardrules."):
        for cut in range(len(parts), 0, -1):  # the longest importable module first
            try:
                found: object = importlib.import_module(".".join(parts[:cut]))
            except ModuleNotFoundError as missing:
                if missing.name and ".".join(parts[:cut]).startswith(missing.name):
                    continue  # not a module: an attribute of a shorter one
                raise
            for part in parts[cut:]:
                found = getattr(found, part)
            return found
        raise AssertionError(f"no module in {dotted}")
    found = cr
    for part in parts:
        found = getattr(found, part)
    return found


def test_every_name_the_changelog_gives_exists() -> None:
    names = re.findall(r"`((?:cr\.|cardrules\.|[A-Z]\w+\.)[\w.]*\w)(?:\(.*?\))?`", CHANGELOG)
    assert len(names) > 10
    for name in names:
        try:
            _resolve(name)
        except ModuleNotFoundError as missing:  # an extra's framework (JAX) not installed
            assert missing.name and not missing.name.startswith("cardrules"), name
