"""Sphinx configuration for the cardrules documentation.

Build the site and test every example in it::

    python -m pip install -e ".[docs]"
    python -m sphinx -W --keep-going -b html docs docs/_build/html
    python -m sphinx -W -b doctest docs docs/_build/doctest

The build works offline. Links to the Python and attrs documentation (intersphinx)
need the network, so they are only switched on when the environment variable
``CARDRULES_DOCS_ONLINE=1`` is set (as on Read the Docs)::

    CARDRULES_DOCS_ONLINE=1 python -m sphinx -W -b html docs docs/_build/html
"""

from __future__ import annotations

import doctest
import importlib
import os
import sys
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
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

# -- autodoc ------------------------------------------------------------------------

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
doctest_global_setup = "import cardrules as cr"
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
    "cardrules.rng",
    "cardrules.table",
    "cardrules.tricks",
    "cardrules.moves",
    "cardrules.events",
    "cardrules.game",
    "cardrules.record",
    "cardrules.errors",
    "cardrules.games.cramps",
    "cardrules.shedding",
    "cardrules.games.craits",
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
    app.connect("missing-reference", resolve_public_name)
    app.connect("env-check-consistency", check_public_names)
    app.connect("autodoc-process-docstring", keep_attribute_docstring, priority=400)
    app.connect("autodoc-process-docstring", restore_attribute_docstring, priority=600)
    app.connect("object-description-transform", drop_exception_return_type, priority=600)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
