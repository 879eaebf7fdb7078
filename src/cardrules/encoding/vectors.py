"""The pieces the encoders build their vectors from: the :class:`Field` of a layout, a
layout being written (:class:`Layout`), ready-made runs of floats for card masks, and
NumPy arrays (optional).

A card mask (:mod:`cardrules.cards`: bit ``i`` is the card of index ``i``) becomes 52
floats with :func:`mask_floats`, four lookups in a table of every 13-bit pattern; a
hand mask with copies of cards (:mod:`cardrules.handmasks`) becomes the number of
copies of each card with :func:`count_floats`.

>>> from cardrules.cards import mask_of, parse_cards
>>> floats = mask_floats(mask_of(parse_cards("2C AS")))
>>> len(floats), floats[0], floats[1], floats[51]
(52, 1.0, 0.0, 1.0)
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.cards import FULL_MASK

__all__ = [
    "INF",
    "POINTS_LIMIT",
    "Field",
    "Layout",
    "all_clipped",
    "bits13",
    "clipped",
    "count_floats",
    "mask_floats",
    "one_hot",
    "require_numpy",
    "to_float32",
]

ZERO = 0.0
ONE = 1.0


INF = float("inf")

POINTS_LIMIT = 10**12
"""Whole numbers the rules do not bound (scores, penalties, round numbers, Craits'
running count and turns to forfeit) beyond this (either way) are encoded as if they
were at it: the library's scores have no bound (a Craits penalty doubles each time),
while a float cannot hold every int and a ``float32`` overflows past about 3e38. So
every entry of an observation has finite bounds (a Gymnasium ``Box`` needs them)."""


def clipped(points: int) -> int:
    """``points`` held within :data:`POINTS_LIMIT` either way.

    >>> clipped(5), clipped(10**400) == POINTS_LIMIT, clipped(-10**400) == -POINTS_LIMIT
    (5, True, True)
    """
    if -POINTS_LIMIT <= points <= POINTS_LIMIT:
        return points
    return POINTS_LIMIT if points > 0 else -POINTS_LIMIT


def all_clipped(points: tuple[int, ...]) -> tuple[int, ...]:
    """Each of ``points`` :func:`clipped` (``points`` itself when none needs it).

    >>> all_clipped((1, 2)), all_clipped((1, -10**13))
    ((1, 2), (1, -1000000000000))
    """
    for value in points:
        if not -POINTS_LIMIT <= value <= POINTS_LIMIT:
            return tuple(map(clipped, points))
    return points


@attrs.frozen
class Field:
    """One slice of an encoding: ``vector[start:start + size]`` holds ``name``, as
    ``description`` says; each of its values lies between ``low`` and ``high`` (which
    may be infinite: a score has no bound).

    >>> field = Field("hand", 0, 52, "the seat's cards")
    >>> field.stop, field.of(list(range(60)))[:3], (field.low, field.high)
    (52, [0, 1, 2], (0.0, 1.0))
    """

    name: str
    start: int
    size: int
    description: str
    low: float = 0.0
    high: float = 1.0

    @property
    def stop(self) -> int:
        """One past the field's last index."""
        return self.start + self.size

    def of(self, vector: Sequence[Any]) -> list[Any]:
        """The field's values in ``vector`` (a list or a NumPy array)."""
        return list(vector[self.start : self.start + self.size])


class Layout:
    """A layout being written: fields added one after the other, with no gap.

    >>> layout = Layout()
    >>> layout.add("hand", 52, "the seat's cards"), layout.add("top", 52, "the top card")
    (0, 52)
    >>> layout.size, [field.name for field in layout.fields]
    (104, ['hand', 'top'])
    """

    __slots__ = ("_fields", "size")

    def __init__(self, fields: Sequence[Field] = ()) -> None:
        self._fields: list[Field] = list(fields)
        self.size = fields[-1].stop if fields else 0

    def add(
        self, name: str, size: int, description: str, low: float = 0.0, high: float = 1.0
    ) -> int:
        """Add a field at the end; returns where it starts."""
        start = self.size
        self._fields.append(Field(name, start, size, description, float(low), float(high)))
        self.size += size
        return start

    @property
    def fields(self) -> tuple[Field, ...]:
        """The fields so far, in order."""
        return tuple(self._fields)


def _patterns(bits: int) -> tuple[tuple[float, ...], ...]:
    """For every pattern of ``bits`` bits, its bits as floats (bit 0 first)."""
    if bits <= 7:
        return tuple(
            tuple(ONE if p >> r & 1 else ZERO for r in range(bits)) for p in range(1 << bits)
        )
    low, high = _patterns(7), _patterns(bits - 7)
    return tuple(low[p & 127] + high[p >> 7] for p in range(1 << bits))


_BITS13: tuple[tuple[float, ...], ...] = ()


def bits13() -> tuple[tuple[float, ...], ...]:
    """For each 13-bit pattern (the ranks of one suit in a card mask: ``mask >> 13 *
    suit & 8191``), its 13 bits as floats, the 2 first (made on first use)."""
    global _BITS13
    if not _BITS13:
        _BITS13 = _patterns(13)
    return _BITS13


def one_hot(size: int) -> tuple[tuple[float, ...], ...]:
    """``one_hot(n)[i]``: ``n`` floats, 1.0 at ``i`` and 0.0 elsewhere.

    >>> one_hot(3)
    ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
    """
    return tuple(tuple(ONE if i == j else ZERO for j in range(size)) for i in range(size))


def mask_floats(mask: int) -> tuple[float, ...]:
    """The 52 floats of a card mask: 1.0 for each card in it, 0.0 for the others."""
    table = _BITS13 or bits13()
    return (
        table[mask & 8191]
        + table[mask >> 13 & 8191]
        + table[mask >> 26 & 8191]
        + table[mask >> 39 & 8191]
    )


def count_floats(mask: int) -> Sequence[float]:
    """The 52 floats of a hand mask (:mod:`cardrules.handmasks`): the number of copies
    of each card it holds.

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.handmasks import hand_mask
    >>> counts = count_floats(hand_mask(parse_cards("2C 2C AS")))
    >>> counts[0], counts[51], sum(counts)
    (2.0, 1.0, 3.0)
    """
    if mask <= FULL_MASK:
        return mask_floats(mask)
    counts = list(mask_floats(mask & FULL_MASK))
    mask >>= 52
    while mask:
        block = mask & FULL_MASK
        while block:
            low = block & -block
            counts[low.bit_length() - 1] += ONE
            block ^= low
        mask >>= 52
    return counts


def require_numpy() -> Any:
    """The NumPy module; raises ``ImportError`` saying ``pip install numpy`` if NumPy is
    not installed (cardrules does not need it but for arrays)."""
    try:
        import numpy
    except ImportError:
        raise ImportError(
            "NumPy arrays of encodings need NumPy, which cardrules does not install: "
            "pip install numpy (or use the plain lists: observation(), vector)"
        ) from None
    return numpy


def to_float32(values: list[float]) -> Any:
    """``values`` as a NumPy ``float32`` array (one copy, made in C); raises
    ``ImportError`` saying ``pip install numpy`` if NumPy is not installed."""
    numpy = require_numpy()
    return numpy.frombuffer(array("f", values), dtype=numpy.float32)
