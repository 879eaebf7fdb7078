"""The example programs of ``examples/`` as modules, for the tests that run them.

Test modules import this with ``from example_scripts import ...`` (pytest puts the
``tests`` directory on ``sys.path``). An example is imported once per session under its
own name (``whist``, ``tournament``), with the ``examples`` folder on ``sys.path`` only
while it is imported, so no other test can import an example by accident. Their games
(Whist, Mau-Mau) register under their names once: run the scripts in a new process
(as CI's example step does), not again in this one.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
NAMES = sorted(path.stem for path in EXAMPLES.glob("*.py"))


def load_example(name: str) -> ModuleType:
    """``examples/<name>.py`` as the module ``name``."""
    known = sys.modules.get(name)
    if known is not None:
        assert Path(str(known.__file__)).parent == EXAMPLES, f"{name} is not an example"
        return known
    folder = str(EXAMPLES)
    sys.path.insert(0, folder)
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(folder)


def example_needing(name: str, *modules: str) -> ModuleType:
    """:func:`load_example`, skipping the test when one of ``modules`` (a learning
    framework) is not installed, unless ``CARDRULES_REQUIRE_HOSTS=1`` (CI)."""
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError:
            if os.environ.get("CARDRULES_REQUIRE_HOSTS") == "1":
                raise
            pytest.skip(f"{module} is not installed")
    return load_example(name)
