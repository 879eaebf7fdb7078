"""pytest's set-up for the whole checkout (``tests/conftest.py`` has the tests' own).

A module whose optional dependency is not installed is left out of the doctests:
JAX is not in the test extra, so ``cardrules.batch.cramps_jax`` is collected only where
JAX is installed (``.ci/run`` installs it in a step of its own, with
``CARDRULES_REQUIRE_JAX=1``: there a missing JAX is an error, not a module left out).
"""

import importlib.util
import os

collect_ignore: list[str] = []
if importlib.util.find_spec("jax") is None:
    if os.environ.get("CARDRULES_REQUIRE_JAX") == "1":
        raise RuntimeError("CARDRULES_REQUIRE_JAX=1, but JAX is not installed")
    collect_ignore.append("src/cardrules/batch/cramps_jax.py")
