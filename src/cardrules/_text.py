"""Text for values of any size: exact decimals of huge ints, and short, safe reprs of
whatever a user passed, for error messages.

Python refuses ``str()`` and ``repr()`` of an int with more than 4,300 digits (a guard
against slow conversions of hostile input). Scores can legally grow that large in
Craits (shuffle-pressure penalties double without bound), so everything that prints or
writes a score goes through :func:`int_text`, which converts in chunks below the limit.

>>> len(int_text(10**5000))
5001
>>> shown("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (100 characters)"
>>> shown(-(10**5000))
'an int of about 5001 digits'
"""

from __future__ import annotations

import math
from collections.abc import Iterable

__all__ = ["int_from_text", "int_text", "ints_repr", "json_int", "shown"]

_CHUNK_DIGITS = 3000
_CHUNK = 10**_CHUNK_DIGITS
_SAFE_BITS = 9000  # about 2,700 digits: str() is always allowed below this
_SHOWN = 60


def int_text(value: int) -> str:
    """The exact decimal text of any int, however many digits it has."""
    if value.bit_length() < _SAFE_BITS:
        return str(int(value))
    sign = "-" if value < 0 else ""
    rest = abs(int(value))
    chunks: list[int] = []
    while rest:
        rest, chunk = divmod(rest, _CHUNK)
        chunks.append(chunk)
    head = str(chunks[-1])
    tail = "".join(str(chunk).zfill(_CHUNK_DIGITS) for chunk in reversed(chunks[:-1]))
    return sign + head + tail


def json_int(value: int) -> int | str:
    """An int as JSON can carry it: a number, or (past the length Python will read back
    as a number) its decimal text.

    >>> json_int(12), len(json_int(10**5000))
    (12, 5001)
    """
    return int(value) if value.bit_length() < _SAFE_BITS else int_text(value)


def int_from_text(text: str) -> int:
    """The int written by :func:`int_text` (an optional ``-`` and ASCII digits).

    Raises ``ValueError`` for anything else.
    """
    digits = text[1:] if text.startswith("-") else text
    if not digits or not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"not a decimal integer: {shown(text)}")
    value = 0
    first = len(digits) % _CHUNK_DIGITS or _CHUNK_DIGITS
    value = int(digits[:first])
    for start in range(first, len(digits), _CHUNK_DIGITS):
        value = value * _CHUNK + int(digits[start : start + _CHUNK_DIGITS])
    return -value if text.startswith("-") else value


def ints_repr(values: Iterable[int]) -> str:
    """The repr of a tuple of ints, with :func:`int_text` for each.

    >>> ints_repr((1, -2)), ints_repr((3,)), ints_repr(())
    ('(1, -2)', '(3,)', '()')
    """
    items = [int_text(value) for value in values]
    if len(items) == 1:
        return f"({items[0]},)"
    return "(" + ", ".join(items) + ")"


def shown(value: object) -> str:
    """A short repr of ``value`` for an error message: never raises, never long."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        digits = int(math.log10(2) * value.bit_length()) + 1
        return f"an int of about {digits} digits"
    if isinstance(value, str) and len(value) > _SHOWN:
        return f"{value[:_SHOWN]!r}… ({len(value)} characters)"
    try:
        text = repr(value)
    except Exception:  # a hostile or broken __repr__
        return f"a {type(value).__name__} object"
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "…"
