"""The package's layout (docs: How the library is built): the folders are the
architecture, every module has one job, and the imports say so.

- No import circle: following the imports a module runs (those under ``if
  TYPE_CHECKING:`` only name types) never leads back to where it started.
- No private name crosses a package: ``_name`` defined in a module is imported only by
  the modules of its own package, and a private module (``cardrules._text``) only by
  modules inside the package that holds it.
- The families never reach up: the trick-taking, shedding and climbing packages, and the base
  modules beside them, import no game, bot, encoding, host or command-line code.
- A family's own moves and events live in the family: every move and event class of
  the base layer serves the trick-taking side too, and the shedding family's are
  defined under ``cardrules.shedding`` and named by no base module's code.
- Each engine is one class whose helpers are public: no module of a family (tricks,
  shedding, climbing) uses a private name (``_play``) that another of its modules
  defines.
- The shedding engine speaks no Craits: no rule number of the rules reference and no
  Craits word ("idiot", "shuffle pressure", threes) anywhere in the family, and Craits'
  name only in its docs (as an example of a game on the engine), never in its code,
  texts, messages or data forms.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "cardrules"


def _name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
PACKAGES = {_name(path) for path in PACKAGE.rglob("__init__.py")}


def _package_of(module: str) -> str:
    """The package a module belongs to (a package's ``__init__`` belongs to itself)."""
    return module if module in PACKAGES else module.rpartition(".")[0]


def _imports(module: str) -> Iterator[tuple[str, str | None]]:
    """``(module imported, name imported from it or None)`` for every import of a
    cardrules module that ``module`` runs, leaving out those under ``if TYPE_CHECKING:``."""
    path = MODULES[module]
    here = _package_of(module)

    def visit(node: ast.AST) -> Iterator[tuple[str, str | None]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                yield from (pair for branch in child.orelse for pair in visit(branch))
                continue
            if isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = here.split(".")[: len(here.split(".")) - child.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                if base == "cardrules" or base.startswith("cardrules."):
                    for alias in child.names:
                        whole = f"{base}.{alias.name}"
                        yield (whole, None) if whole in MODULES else (base, alias.name)
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name == "cardrules" or alias.name.startswith("cardrules."):
                        yield alias.name, None
            yield from visit(child)

    yield from visit(ast.parse(path.read_text(encoding="utf-8")))


GRAPH = {module: {target for target, _ in _imports(module)} for module in MODULES}


def _circles() -> list[list[str]]:
    """The groups of modules that import each other round a circle (Tarjan's strongly
    connected components, written without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in GRAPH:
        if root in index:
            continue
        work = [(root, iter(sorted(GRAPH[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            target = next((t for t in targets if t in GRAPH), None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(GRAPH[target]))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1 or node in GRAPH[node]:
                    found.append(sorted(group))
    return found


def test_no_import_circle() -> None:
    assert _circles() == []


def test_the_circle_finder_finds_a_circle() -> None:
    GRAPH["cardrules.cards"].add("cardrules.deck")  # deck imports cards already
    try:
        assert any({"cardrules.cards", "cardrules.deck"} <= set(group) for group in _circles())
    finally:
        GRAPH["cardrules.cards"].discard("cardrules.deck")


def _private_imports(module: str) -> Iterator[str]:
    here = _package_of(module)
    for target, name in _imports(module):
        owner = _package_of(target)
        if name is not None and name.startswith("_") and here != owner:
            yield f"{name} from {target}"
        private = [part for part in target.split(".") if part.startswith("_")]
        if private and not (here + ".").startswith(target.rpartition(".")[0] + "."):
            yield target


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_private_name_crosses_a_package(module: str) -> None:
    crossing = sorted(set(_private_imports(module)))
    assert not crossing, f"{module} imports private names of other packages: {crossing}"


FAMILIES = ("cardrules.tricks", "cardrules.shedding", "cardrules.climbing")
ABOVE_THE_FAMILIES = (
    "cardrules.games",
    "cardrules.bots",
    "cardrules.encoding",
    "cardrules.hosts",
    "cardrules.cli",
    "cardrules.arena",
    "cardrules.table",
    "cardrules.web",
)


def _within(module: str, packages: tuple[str, ...]) -> bool:
    """Whether ``module`` is one of ``packages`` or inside one (``cardrules.climbing``
    is not inside ``cardrules.cli``)."""
    return any(module == package or module.startswith(package + ".") for package in packages)


BASE = tuple(
    module
    for module in MODULES
    if module.count(".") == 1
    and module not in PACKAGES
    and module not in ("cardrules.arena", "cardrules.table", "cardrules.__main__")
)


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _within(m, FAMILIES) or m in BASE))
def test_the_families_and_the_base_never_reach_up(module: str) -> None:
    above = sorted(t for t in GRAPH[module] if _within(t, ABOVE_THE_FAMILIES))
    assert not above, f"{module} imports {above}"


def test_the_base_imports_no_family() -> None:
    for module in BASE:
        families = sorted(t for t in GRAPH[module] if _within(t, FAMILIES))
        assert not families, f"{module} imports {families}"


# -- the shedding family's moves and events live in the family ----------------------------


def _code_names(module: str) -> set[str]:
    """The names ``module``'s code uses (names, attributes, imported names), leaving out
    text (docstrings) and what is under ``if TYPE_CHECKING:`` (types only named)."""
    names: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for branch in child.orelse:
                    visit(branch)
                continue
            if isinstance(child, ast.Name):
                names.add(child.id)
            elif isinstance(child, ast.Attribute):
                names.add(child.attr)
            elif isinstance(child, ast.alias):
                names.add(child.asname or child.name.rpartition(".")[2])
            visit(child)

    visit(ast.parse(MODULES[module].read_text(encoding="utf-8")))
    return names


CODE_NAMES = {module: _code_names(module) for module in MODULES}


def _trick_side() -> set[str]:
    """The modules of the trick-taking family and of the shipped games built on it."""
    from cardrules.games import shipped_games
    from cardrules.tricks.engine import TrickGame

    packages = {
        kind.__module__.rpartition(".")[0]
        for kind in shipped_games().values()
        if issubclass(kind, TrickGame)
    }
    assert packages, "no shipped game is on the trick engine"
    return {
        module
        for module in MODULES
        if module.startswith("cardrules.tricks")
        or any(module == p or module.startswith(p + ".") for p in packages)
    }


def _base_moves_and_events() -> dict[str, type]:
    """Every move class (registered) and event class defined in a base module."""
    from cardrules.events import Event
    from cardrules.moves import registered_moves

    found: dict[str, type] = {}
    todo: list[type] = [Event]
    while todo:
        subclasses: list[type] = todo.pop().__subclasses__()
        for sub in subclasses:
            todo.append(sub)
            found[sub.__name__] = sub
    found.update((kind.__name__, kind) for kind in registered_moves().values())
    return {name: kind for name, kind in found.items() if kind.__module__ in BASE}


def test_every_base_move_and_event_serves_the_trick_family_too() -> None:
    # A move or event class of the base layer is one every family shares: the trick
    # side uses it as well. One only the shedding engine makes belongs in the family.
    trick_side = _trick_side()
    base = _base_moves_and_events()
    assert {"MovePlayed", "CardPlayed", "Play", "Pass"} <= base.keys()
    alone = sorted(
        name for name in base if not any(name in CODE_NAMES[module] for module in trick_side)
    )
    assert not alone, f"base classes only the shedding family uses: {alone}"


def test_the_trick_side_check_tells_the_shedding_names_apart() -> None:
    trick_side = _trick_side()
    for name in ("CallOut", "CalledOut", "Announce", "Draw", "OneCardAnnounced", "CountRaised"):
        assert not any(name in CODE_NAMES[module] for module in trick_side), name
        assert any(
            name in CODE_NAMES[module] for module in MODULES if module.startswith(FAMILIES[1])
        )


def test_the_shedding_moves_and_events_are_defined_in_the_family_and_unnamed_in_the_base() -> None:
    import cardrules as cr
    from cardrules.events import Event
    from cardrules.moves import registered_moves
    from cardrules.shedding import events as shedding_events
    from cardrules.shedding import moves as shedding_moves

    family: dict[str, type] = {}
    for where in (shedding_moves, shedding_events):
        for name in where.__all__:
            kind = getattr(where, name)
            if isinstance(kind, type) and (
                issubclass(kind, Event) or kind in registered_moves().values()
            ):
                family[name] = kind
    assert {"CallOut", "CalledOut", "Announce", "Draw", "SuitNamed"} <= family.keys()
    for name, kind in family.items():
        assert kind.__module__.startswith("cardrules.shedding."), name
        assert getattr(cr, name) is kind, f"cardrules.{name} is not the family's {name}"
    for module in BASE:
        named = sorted(CODE_NAMES[module] & family.keys())
        assert not named, f"{module} names the shedding family's {named}"


# -- a family's modules share no private name ---------------------------------------------


def _private_definitions(module: str) -> set[str]:
    """The private names ``module`` defines at its top level (functions, classes,
    constants), not the dunder ones."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return {name for name in names if name.startswith("_") and not name.startswith("__")}


def _shared_private_names(family: str) -> list[str]:
    """``"user: _name of owner"`` for each private name a module of ``family`` defines
    and another of its modules uses (imports it, or reads it as an attribute)."""
    members = [m for m in MODULES if m == family or m.startswith(family + ".")]
    defined = {module: _private_definitions(module) for module in members}
    shared = []
    for user in members:
        for owner in members:
            if owner != user:
                used = (CODE_NAMES[user] & defined[owner]) - defined[user]
                shared += [f"{user}: {name} of {owner}" for name in sorted(used)]
    return shared


@pytest.mark.parametrize("family", FAMILIES)
def test_no_private_name_is_shared_between_modules_of_a_family(family: str) -> None:
    shared = _shared_private_names(family)
    assert not shared, f"private names shared between modules: {shared}"


@pytest.mark.parametrize(
    ("user", "name", "owner"),
    [
        ("cardrules.shedding.engine", "_turn_up", "cardrules.shedding.flow"),
        ("cardrules.tricks.engine", "_sample", "cardrules.tricks.decked"),
        ("cardrules.climbing.state", "_check_deal", "cardrules.climbing.engine"),
    ],
)
def test_the_shared_private_name_finder_finds_one(user: str, name: str, owner: str) -> None:
    family = ".".join(user.split(".")[:2])
    assert name in _private_definitions(owner) and name not in CODE_NAMES[user]
    CODE_NAMES[user].add(name)
    try:
        assert f"{user}: {name} of {owner}" in _shared_private_names(family)
    finally:
        CODE_NAMES[user].discard(name)


# -- the shedding engine speaks no Craits -------------------------------------------------

RULE_NUMBER = re.compile(r"\b[KCV]\d{1,2}\b")
"""A rule number of the rules reference (K1 … of Craits, C1 … of Cramps, V1 … of the
variations)."""
CRAITS_WORDS = re.compile(r"idiot|shuffle.pressure|threes", re.IGNORECASE)
"""Craits' own words: its call, its reshuffle penalty, its threes. The family has its
own for each (a call on a missed "one card" in the game's ``call_word``, a game's
``reshuffle_penalty_name``), so they appear nowhere in it, not even in its docs."""
GAME_NAME = re.compile(r"craits", re.IGNORECASE)
"""Craits' name: the family's docs may name it as an example of a game on the engine,
but no code, text, message or data form of the family says it."""


def _docstring_lines(source: str) -> set[int]:
    """The lines where the docstrings of ``source`` start (of the module, its classes
    and functions, and the strings documenting attributes)."""
    return {
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def _craits_in(source: str) -> list[str]:
    """Where ``source`` has a rule number or a Craits word (anywhere), or Craits' name
    outside its docstrings and comments."""
    docs = _docstring_lines(source)
    found = [f"line {n}: {m.group()}" for n, line in enumerate(source.splitlines(), 1)
             for m in RULE_NUMBER.finditer(line)]  # fmt: skip
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        where = f"line {token.start[0]}"
        found += [f"{where}: {m.group()}" for m in CRAITS_WORDS.finditer(token.string)]
        documents = token.type == tokenize.COMMENT or (
            token.type == tokenize.STRING and token.start[0] in docs
        )
        if not documents:
            found += [f"{where}: {m.group()}" for m in GAME_NAME.finditer(token.string)]
    return found


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith(FAMILIES[1])))
def test_the_shedding_family_has_no_craits_rule_numbers_or_words(module: str) -> None:
    found = _craits_in(MODULES[module].read_text(encoding="utf-8"))
    assert not found, f"{module} speaks Craits: {found}"


def test_the_craits_finder_finds_rule_numbers_and_words() -> None:
    found = _craits_in((PACKAGE / "games" / "craits" / "rules.py").read_text(encoding="utf-8"))
    assert any("K17" in f for f in found) and any("idiot" in f for f in found)
    assert any("shuffle-pressure" in f for f in found)


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ('"""Craits is one such game."""\n# as in Craits\n', []),
        (
            'def f():\n    """Craits: a "shuffle pressure" penalty."""\n',
            ["line 2: shuffle pressure"],
        ),
        ('WORD = "craits"\n', ["line 1: craits"]),
        ("def craits_call():\n    return 'calls out'\n", ["line 1: craits"]),
        ('def f(word="call"):\n    return f\'{word} "Idiot"\'\n', ["line 2: Idiot"]),
        ("# K17: threes\n", ["line 1: K17", "line 1: threes"]),
    ],
)
def test_the_craits_finder_tells_the_games_name_in_docs_from_one_in_code(
    source: str, found: list[str]
) -> None:
    assert _craits_in(source) == found
