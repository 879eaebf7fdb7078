"""Sphinx configuration for the cardrules documentation.

Build the site and test every example in it (the ``docs`` extra is all it needs)::

    python -m pip install ".[docs]"
    python -m sphinx -W --keep-going -b html docs docs/_build/html
    python -m sphinx -W -b doctest docs docs/_build/doctest

The pages run examples with the learning hosts' frameworks, which the ``docs`` extra
installs; OpenSpiel has wheels only for Linux x86_64 and Python 3.11 to 3.13, and
elsewhere its examples are skipped and the API page leaves its module out (the build
says so). ``CARDRULES_REQUIRE_HOSTS=1`` (as in CI) makes a missing framework an
error instead.

The build works offline. Links to the Python and attrs documentation (intersphinx)
need the network, so they are only switched on when the environment variable
``CARDRULES_DOCS_ONLINE=1`` is set (on Read the Docs, in the project's environment
variables: ``.readthedocs.yaml`` cannot set it)::

    CARDRULES_DOCS_ONLINE=1 python -m sphinx -W -b html docs docs/_build/html
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import os
import re
import sys
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.errors import ConfigError
from sphinx.util import logging

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))  # use the checkout, even without an install

import cardrules  # noqa: E402

logger = logging.getLogger("cardrules.docs")

# -- Project information ------------------------------------------------------------

project = "cardrules"
author = "The cardrules developers"
copyright = "the cardrules developers"
release = cardrules.__version__
version = ".".join(release.split(".")[:2])

# -- General configuration ----------------------------------------------------------

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
]

ONLINE = os.environ.get("CARDRULES_DOCS_ONLINE", "") == "1"
if ONLINE:
    extensions.append("sphinx.ext.intersphinx")
    intersphinx_mapping = {
        "python": ("https://docs.python.org/3", None),
        "attrs": ("https://www.attrs.org/en/stable", None),
    }

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
language = "en"

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# -- The learning hosts' frameworks ---------------------------------------------------

# Modules the pages' examples import, with the framework each belongs to. The docs
# extra installs them all, OpenSpiel only where it has wheels (as the test extra).
FRAMEWORK_MODULES = {
    "numpy": "NumPy",
    "gymnasium": "Gymnasium",
    "pettingzoo": "PettingZoo",
    "pyspiel": "OpenSpiel",
}
# Frameworks that may be missing where the docs extra cannot install them: the flag
# their examples test (``:skipif: not HAS_OPENSPIEL``), their host module, whose section
# the API page then leaves out (it cannot be imported), and the names that show an
# example uses them.
OPTIONAL_FRAMEWORKS = {
    "pyspiel": ("OPENSPIEL", "cardrules.hosts.openspiel", ("pyspiel", "open_spiel")),
}
MISSING_MODULES = [m for m in FRAMEWORK_MODULES if importlib.util.find_spec(m) is None]
REQUIRE_HOSTS = os.environ.get("CARDRULES_REQUIRE_HOSTS", "") == "1"

# -- autodoc ------------------------------------------------------------------------

# JAX is an optional extra the docs' environment does not install: a stand-in lets
# autodoc read cardrules.batch.cramps_jax (whose doctests run in CI's JAX step).
autodoc_mock_imports = ["jax"]
autodoc_typehints = "description"
autodoc_typehints_description_target = "all"
autodoc_typehints_format = "short"
autodoc_member_order = "bysource"
autodoc_class_signature = "mixed"
autodoc_default_options = {"show-inheritance": True}

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# -- doctest ------------------------------------------------------------------------

# Only the explicit ``doctest`` / ``testcode`` blocks of these pages are run by the
# doctest builder. The ``>>>`` examples in the docstrings are run by pytest
# (``--doctest-modules``), each with its own module's names in scope.
doctest_test_doctest_blocks = ""
doctest_global_setup = "import cardrules as cr\n" + "".join(
    f"HAS_{flag} = {module not in MISSING_MODULES}\n"
    for module, (flag, _, _) in OPTIONAL_FRAMEWORKS.items()
)
# Sphinx's defaults, less IGNORE_EXCEPTION_DETAIL: error messages are part of the API.
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1 | doctest.NORMALIZE_WHITESPACE
)

# -- HTML ---------------------------------------------------------------------------

html_theme = "furo"
html_title = f"cardrules {release}"
html_static_path: list[str] = []
html_theme_options = {
    "source_repository": "https://github.com/cardrules/cardrules/",
    "source_branch": "main",
    "source_directory": "docs/",
}

# -- Public names: short links and a completeness check -------------------------------

# Every public name is documented once, in the module that defines it
# (``cardrules.cards.Card``). Users write ``cr.Card``, and docstrings say
# ``:class:`~cardrules.Card```; the handler below sends such references to the
# defining module, so both spellings link.

PUBLIC_MODULES = (
    "cardrules.cards",
    "cardrules.deck",
    "cardrules.decks",
    "cardrules.rng",
    "cardrules.seats",
    "cardrules.tricks.core",
    "cardrules.moves",
    "cardrules.events",
    "cardrules.game",
    "cardrules.record",
    "cardrules.snapshot",
    "cardrules.table",
    "cardrules.errors",
    "cardrules.games.cramps.rules",
    "cardrules.shedding.core",
    "cardrules.shedding.state",
    "cardrules.shedding.moves",
    "cardrules.shedding.events",
    "cardrules.games.craits",
    "cardrules.games.hearts.rules",
    "cardrules.games.spades.rules",
    "cardrules.games.oh_hell.rules",
    "cardrules.games.euchre.rules",
    "cardrules.games.crazy_eights.rules",
    "cardrules.games.skat.rules",
    "cardrules.games.president.rules",
    "cardrules.games.uno.rules",
    "cardrules.bots",
    "cardrules.arena",
)


def defining_module(name: str) -> str | None:
    """The module among :data:`PUBLIC_MODULES` whose ``__all__`` lists ``name`` and
    holds the very object ``cardrules.<name>`` (``None`` if there is none)."""
    obj = getattr(cardrules, name, None)
    for module_name in PUBLIC_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        if name in getattr(module, "__all__", ()) and getattr(module, name, None) is obj:
            return module_name
    return None


def resolve_public_name(
    app: Sphinx, env: Any, node: Any, contnode: nodes.Element
) -> nodes.Element | None:
    """Resolve ``cardrules.Name`` (and ``cardrules.Name.attr``) to where it is defined."""
    if node.get("refdomain") != "py":
        return None
    target: str = node.get("reftarget", "")
    if not target.startswith("cardrules."):
        return None
    head, _, rest = target[len("cardrules.") :].partition(".")
    if head not in cardrules.__all__:
        return None
    module_name = defining_module(head)
    if module_name is None:
        return None
    new_target = f"{module_name}.{head}" + (f".{rest}" if rest else "")
    domain = env.get_domain("py")
    new_node = node.deepcopy()
    new_node["reftarget"] = new_target
    return domain.resolve_xref(  # type: ignore[no-any-return]
        env, node["refdoc"], app.builder, node["reftype"], new_target, new_node, contnode
    )


def check_public_names(app: Sphinx, env: Any) -> None:
    """Warn (an error under ``-W``) about any name in ``cardrules.__all__`` that the
    API page does not document."""
    documented = set(env.get_domain("py").objects)
    for name in cardrules.__all__:
        if name.startswith("__"):
            continue
        module_name = defining_module(name)
        if module_name is None or f"{module_name}.{name}" not in documented:
            where = module_name or "its defining module"
            logger.warning(
                "public name cardrules.%s is not documented: add an automodule section for "
                "%s to docs/api.rst (and list %s in PUBLIC_MODULES in docs/conf.py)",
                name,
                where,
                where,
            )


# -- Small fixes to how autodoc and napoleon render -----------------------------------

# Napoleon reads the first line of an attribute or property docstring as "type:
# description", so "The rank as printed on a card: '2' … 'A'" would come out with the
# type "The rank as printed on a card". cardrules never writes types in docstrings
# (they come from the annotations), so attribute docstrings are kept as written.
_ATTRIBUTE_KINDS = frozenset({"attribute", "data", "property"})
_saved_docstrings: dict[tuple[str, str], list[str]] = {}


def keep_attribute_docstring(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    if what in _ATTRIBUTE_KINDS:
        _saved_docstrings[(what, name)] = list(lines)


def restore_attribute_docstring(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    saved = _saved_docstrings.pop((what, name), None)
    if saved is not None:
        lines[:] = saved


# A constant whose value is long (CARD_BIT's 52 numbers) is documented with
# ``:no-value:``; this check keeps new ones from printing their values in full.
LONGEST_VALUE_SHOWN = 100


def check_value_lengths(app: Sphinx, doctree: nodes.document) -> None:
    """Warn (an error under ``-W``) about a documented value longer than
    :data:`LONGEST_VALUE_SHOWN` characters."""
    for desc in doctree.findall(addnodes.desc):
        if desc.get("objtype") not in ("data", "attribute"):
            continue
        for signature in desc.findall(addnodes.desc_signature):
            for annotation in signature.findall(addnodes.desc_annotation):
                text = annotation.astext().strip()
                if text.startswith("=") and len(text) > LONGEST_VALUE_SHOWN + 2:
                    logger.warning(
                        "%s shows a value of %d characters: document it with :no-value:",
                        signature.get("ids", ["a constant"])[0],
                        len(text) - 2,
                        location=app.env.docname,
                    )


def check_optional_examples(app: Sphinx, doctree: nodes.document) -> None:
    """Warn about an example that uses an optional framework (OpenSpiel) without the
    ``:skipif:`` that skips it where the framework cannot be installed."""
    for node in doctree.findall(nodes.literal_block):
        if "testnodetype" not in node:
            continue
        for module, (flag, host, names) in OPTIONAL_FRAMEWORKS.items():
            uses = any(name in node.astext() for name in (host, *names))
            if uses and flag not in node.get("skipif", ""):
                logger.warning(
                    "an example uses %s: give it ':skipif: not HAS_%s' (it cannot run "
                    "where the docs extra cannot install it)",
                    FRAMEWORK_MODULES[module],
                    flag,
                    location=node,
                )


def check_frameworks(app: Sphinx, config: Any) -> None:
    """Stop when a framework the pages need is missing (any of them, under
    ``CARDRULES_REQUIRE_HOSTS=1``); say which examples are skipped otherwise."""
    missing = {m: FRAMEWORK_MODULES[m] for m in MISSING_MODULES}
    needed = {
        m: name for m, name in missing.items() if REQUIRE_HOSTS or m not in OPTIONAL_FRAMEWORKS
    }
    if needed:
        optional = [name for m, name in needed.items() if m in OPTIONAL_FRAMEWORKS]
        raise ConfigError(
            f"the documentation's examples need {', '.join(needed.values())} (not "
            'installed): install the docs extra, python -m pip install ".[docs]"'
            + (
                f"; it installs {', '.join(optional)} only where there are wheels, and "
                "CARDRULES_REQUIRE_HOSTS=1 asks for every framework (unset it to skip "
                "their examples)"
                if optional
                else ""
            )
        )
    for module, name in missing.items():
        logger.info(
            "note: %s is not installed (the docs extra installs it only where it has "
            "wheels): its examples are skipped and the API page leaves out %s",
            name,
            OPTIONAL_FRAMEWORKS[module][1],
        )


def leave_out_missing_hosts(app: Sphinx, docname: str, source: list[str]) -> None:
    """On the API page, put a note in place of the section of a host module whose
    framework is not installed."""
    if docname != "api":
        return
    for module in MISSING_MODULES:
        if module not in OPTIONAL_FRAMEWORKS:
            continue
        host = OPTIONAL_FRAMEWORKS[module][1]
        note = (
            f".. note::\n\n   {FRAMEWORK_MODULES[module]} was not installed where this page "
            f"was built, so the reference of ``{host}`` is left out here; see the "
            "module's docstrings.\n"
        )
        pattern = rf"^\.\. automodule:: {re.escape(host)}\n(?:[ \t]+\S.*\n)*"
        source[0], count = re.subn(pattern, note, source[0], flags=re.MULTILINE)
        if count != 1:
            logger.warning("docs/api.rst has no automodule section for %s to leave out", host)


def drop_exception_return_type(
    app: Sphinx, domain: str, objtype: str, contentnode: nodes.Element
) -> None:
    """An exception's ``__init__`` returns None: do not print "Return type: None"."""
    if domain != "py" or objtype != "exception":
        return
    for field_list in [n for n in contentnode.children if isinstance(n, nodes.field_list)]:
        for field in list(field_list.children):
            if field[0].astext() in ("rtype", "Return type"):
                field_list.remove(field)
        if not field_list.children:
            contentnode.remove(field_list)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", check_frameworks)
    app.connect("source-read", leave_out_missing_hosts)
    app.connect("doctree-read", check_value_lengths)
    app.connect("doctree-read", check_optional_examples)
    app.connect("missing-reference", resolve_public_name)
    app.connect("env-check-consistency", check_public_names)
    app.connect("autodoc-process-docstring", keep_attribute_docstring, priority=400)
    app.connect("autodoc-process-docstring", restore_attribute_docstring, priority=600)
    app.connect("object-description-transform", drop_exception_return_type, priority=600)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
