"""Many games in lockstep on NumPy arrays, for training and large simulations.

A batch holds ``n`` games and plays one move in each of them per step, with the rules
of the scalar engine (the same legal moves, move ids and scores: a property test replays
batch games through the scalar engine). It needs NumPy (``pip install "cardrules[numpy]"``).

- :class:`~cardrules.batch.cramps.CrampsBatch`: Cramps under every option.
- :class:`~cardrules.batch.craits.CraitsBatch`: Craits under every option.
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401
except ImportError:  # pragma: no cover - depends on the environment
    raise ImportError(
        "cardrules.batch needs NumPy, which cardrules does not install: "
        'pip install "cardrules[numpy]"'
    ) from None

from cardrules.batch.craits import CraitsBatch, CraitsBatchStep
from cardrules.batch.cramps import CrampsBatch, CrampsBatchStep

__all__ = ["CraitsBatch", "CraitsBatchStep", "CrampsBatch", "CrampsBatchStep"]
