"""The one check of the plain ints users pass (options, setups, positions): an int is
an ``int`` and not a ``bool`` (nor a float, text or a NumPy int, which would be
accepted by ``in (1, -1)`` or ``in range(...)`` and fail later, deep in a game), in
the range the option allows; anything else is refused with the library's error and a
message that says what is allowed.

>>> check_int(3, "hand_number", 1, 15)
3
>>> check_int(True, "count", 0)
Traceback (most recent call last):
    ...
cardrules.errors.SetupError: count must be an int from 0 up, not True
"""

from __future__ import annotations

from cardrules._text import int_text, shown
from cardrules.errors import CardrulesError, SetupError

__all__ = ["check_direction", "check_int", "is_int"]


def is_int(value: object) -> bool:
    """Whether ``value`` is an int (an ``int`` or an int subclass such as a card or an
    int enum), and not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_int(
    value: object,
    what: str,
    low: int | None = None,
    high: int | None = None,
    *,
    error: type[CardrulesError] = SetupError,
    note: str = "",
) -> int:
    """``value`` as a plain int if it is an int (:func:`is_int`) from ``low`` to ``high``
    (either may be ``None``: no bound); otherwise raise ``error`` naming ``what``, the range and
    ``note`` (a few words on why, after the range)."""
    if (
        isinstance(value, int)
        and not isinstance(value, bool)
        and (low is None or value >= low)
        and (high is None or value <= high)
    ):
        return int(value)  # a plain int, whatever int subclass was given
    if low is not None and low == high:
        allowed = int_text(low)  # ("must be 4", not "an int from 4 to 4")
    elif low is not None and high is not None:
        allowed = f"an int from {int_text(low)} to {int_text(high)}"
    elif low is not None:
        allowed = f"an int from {int_text(low)} up"
    elif high is not None:
        allowed = f"an int up to {int_text(high)}"
    else:
        allowed = "an int"
    raise error(f"{what} must be {allowed}{note}, not {shown(value)}")


def check_direction(value: object, *, error: type[CardrulesError] = SetupError) -> int:
    """``value`` as a plain int if it is a direction of play: 1 (clockwise) or -1
    (counter-clockwise); otherwise raise ``error`` saying so."""
    if isinstance(value, int) and not isinstance(value, bool) and value in (1, -1):
        return int(value)
    raise error(f"direction must be 1 (clockwise) or -1 (counter-clockwise), not {shown(value)}")
