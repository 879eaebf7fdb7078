"""The small statistics of arena summaries: means with normal-approximation intervals,
computed exactly (scores can be ints of any size), and Wilson score intervals for win
shares (honest at 0% and 100%).

>>> wilson_interval(0.0, 10)[0], round(wilson_interval(0.0, 10)[1], 3)
(0.0, 0.278)
>>> mean_interval([1, 2, 3])[0]
2.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

__all__ = ["Z95", "as_float", "json_floats", "mean_interval", "wilson_interval"]

Z95 = 1.96
"""The two-sided 95% point of the normal distribution."""


def as_float(value: Fraction) -> float:
    """``value`` as a float, ``inf`` or ``-inf`` past the float range (scores can be
    ints of any size)."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def mean_interval(values: Sequence[Fraction | int]) -> tuple[float, tuple[float, float]]:
    """Mean and 95% normal-approximation interval, computed exactly before rounding to
    floats, so that scores of any size do not overflow."""
    n = len(values)
    if not n:
        return math.nan, (math.nan, math.nan)
    mean = Fraction(sum(values), n)
    if n < 2:
        return as_float(mean), (as_float(mean), as_float(mean))
    variance = Fraction(sum((v - mean) ** 2 for v in values), n - 1)
    half = Z95 * math.sqrt(as_float(variance / n))
    center = as_float(mean)
    return center, (center - half, center + half)


def wilson_interval(share: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``share`` observed over ``n``
    trials: inside [0, 1], and not empty at 0% or 100%."""
    if not n:
        return (0.0, 1.0)
    z2 = Z95 * Z95
    denominator = 1 + z2 / n
    center = (share + z2 / (2 * n)) / denominator
    half = Z95 * math.sqrt(share * (1 - share) / n + z2 / (4 * n * n)) / denominator
    return (max(0.0, center - half), min(1.0, center + half))


def json_floats(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with infinite floats (and those inside tuples) written as text, for
    JSON, which has no infinity.

    >>> json_floats({"mean": float("inf"), "ci": (1.0, float("-inf"))})
    {'mean': 'inf', 'ci': [1.0, '-inf']}
    """

    def fix(value: Any) -> Any:
        if isinstance(value, float) and not math.isfinite(value):
            return str(value)
        if isinstance(value, tuple):
            return [fix(item) for item in value]
        return value

    return {key: fix(value) for key, value in data.items()}
