"""The pages say true things about themselves: every sample output shown on them is what
the command or code before it prints today, and every link of the README and of the
package metadata resolves in the repository or is where the project is published."""

from __future__ import annotations

import doctest
import importlib
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

# Where the project is published: its repository and its PyPI page. Any other address
# in the README or the metadata is a link that does not resolve until someone sets it up.
PUBLISHED = ("https://github.com/cardrules/cardrules", "https://pypi.org/project/cardrules/")

# ```text blocks that are not sample output, by page and their place among its
# ```text blocks (0 = the first).
NOT_OUTPUT = {("docs/architecture.md", 0)}  # the diagram of the layers

FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", flags=re.MULTILINE | re.DOTALL)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)|<(https?://[^>\s]+)>")


def blocks(page: Path) -> list[tuple[str, str]]:
    """The fenced code blocks of a Markdown page: (language, text), in order."""
    return [(m.group(1).strip(), m.group(2)) for m in FENCE.finditer(page.read_text("utf-8"))]


def run(args: list[str], cwd: Path) -> str:
    """Standard output of a command run with this interpreter; fail on a non-zero exit."""
    done = subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=dict(os.environ, PYTHONIOENCODING="utf-8"),
        cwd=cwd,
        timeout=120,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def matches(shown: str, printed: str) -> bool:
    """Whether ``printed`` is ``shown``, where a ``...`` in ``shown`` stands for any text
    (as in a doctest)."""
    return doctest.OutputChecker().check_output(shown, printed, doctest.ELLIPSIS)


def sample_outputs() -> list[tuple[str, int, str, str, str]]:
    """Every ```text block of the pages with the block before it: (page, place, the
    language of the block before, its text, the sample output)."""
    found = []
    for page in PAGES:
        name = page.relative_to(ROOT).as_posix()
        place = 0
        previous: tuple[str, str] | None = None
        for language, text in blocks(page):
            if language == "text":
                if (name, place) not in NOT_OUTPUT:
                    assert previous is not None, f"{name}: sample output with no code before it"
                    found.append((name, place, previous[0], previous[1], text))
                place += 1
            previous = (language, text)
    return found


SAMPLES = sample_outputs()


def test_the_pages_show_sample_outputs() -> None:  # the parsing finds what is there
    names = {(page, before) for page, _, before, _, _ in SAMPLES}
    assert ("README.md", "python") in names
    assert ("docs/getting-started.md", "console") in names


@pytest.mark.parametrize(
    ("page", "place", "language", "code", "shown"),
    SAMPLES,
    ids=[f"{page}#{place}" for page, place, *_ in SAMPLES],
)
def test_every_sample_output_is_what_its_code_prints(
    page: str, place: int, language: str, code: str, shown: str, tmp_path: Path
) -> None:
    if language == "python":
        script = tmp_path / "sample.py"
        script.write_text(code, encoding="utf-8")
        printed = run([str(script)], cwd=tmp_path)
    elif language == "console":
        commands = [line[2:] for line in code.splitlines() if line.startswith("$ cardrules ")]
        assert commands, f"{page}: the console block before output #{place} runs no cardrules"
        printed = run(["-m", *shlex.split(commands[-1])], cwd=tmp_path)
    else:
        raise AssertionError(
            f"{page}: output #{place} follows a {language!r} block: run it in this test, or "
            "list the block in NOT_OUTPUT if it is not output"
        )
    assert matches(shown, printed), f"{page} shows:\n{shown}\nbut the code prints:\n{printed}"


def test_console_blocks_show_no_output_of_their_own() -> None:
    """Output belongs in a ```text block after the commands, where the test above
    checks it; a console block holds commands only."""
    for page in PAGES:
        for language, text in blocks(page):
            if language == "console":
                stray = [line for line in text.splitlines() if line and not line.startswith("$")]
                assert not stray, f"{page.name}: output lines in a console block: {stray}"


def test_a_stale_sample_output_is_caught() -> None:  # the comparison can fail
    assert matches("Mean rounds per game: 6.18\n...\n", "Mean rounds per game: 6.18\nmore\n")
    assert not matches("Mean rounds per game: 6.46\n...\n", "Mean rounds per game: 6.18\n")


# -- links ---------------------------------------------------------------------------


def heading_anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a Markdown page's headings."""
    anchors = set()
    for line in page.read_text("utf-8").splitlines():
        heading = re.match(r"#{1,6} +(.*)", line)
        if heading:
            text = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower())
            anchors.add(text.replace(" ", "-"))
    return anchors


def readme_links() -> list[str]:
    text = (ROOT / "README.md").read_text("utf-8")
    return [m.group(1) or m.group(2) for m in LINK.finditer(text)]


def test_readme_links_resolve_in_the_repository_or_where_it_is_published() -> None:
    links = readme_links()
    assert any(not link.startswith("https://") for link in links)  # relative links found
    for link in links:
        if re.match(r"[a-z]+://", link):
            assert link.startswith(PUBLISHED), f"README.md links outside the project: {link}"
            continue
        path, _, anchor = link.partition("#")
        target = ROOT / path
        assert target.exists(), f"README.md links to {path}, which is not in the repository"
        if anchor:
            assert anchor in heading_anchors(target), f"{path} has no heading #{anchor}"


def pyproject() -> dict[str, Any]:
    toml = importlib.import_module("tomllib" if sys.version_info >= (3, 11) else "tomli")
    loaded: dict[str, Any] = toml.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    return loaded


def test_metadata_links_are_where_the_project_is_published() -> None:
    urls = pyproject()["project"]["urls"]
    assert urls
    for name, url in urls.items():
        assert url.startswith(PUBLISHED), f"[project.urls] {name} = {url} is not published"


def test_the_pypi_page_links_into_the_repository() -> None:
    """PyPI shows README.md with its relative links made absolute (the substitution in
    pyproject.toml): each must land on a file of the repository."""
    hook = pyproject()["tool"]["hatch"]["metadata"]["hooks"]["fancy-pypi-readme"]
    assert [fragment["path"] for fragment in hook["fragments"]] == ["README.md"]
    text = (ROOT / "README.md").read_text("utf-8")
    for substitution in hook["substitutions"]:
        text = re.sub(substitution["pattern"], substitution["replacement"], text)
    blob = "https://github.com/cardrules/cardrules/blob/main/"
    links = [m.group(1) or m.group(2) for m in LINK.finditer(text)]
    assert any(link.startswith(blob) for link in links)
    for link in links:
        assert link.startswith(PUBLISHED), f"the PyPI page would link to {link}"
        if link.startswith(blob):
            path = link.removeprefix(blob).partition("#")[0]
            assert (ROOT / path).exists(), f"the PyPI page links to {path}, not in the repository"
