"""Card masks in bulk: counting, choosing and unpacking the set bits of ``uint64``
arrays, the operations every batch engine needs.

>>> import numpy as np
>>> masks = np.array([0b1011, 0b1000_0000], dtype=np.uint64)
>>> popcount(masks).tolist(), nth_card(masks, np.array([2, 0])).tolist()
([3, 1], [3, 7])
>>> masks_to_bools(masks, 4).astype(int).tolist()
[[1, 1, 0, 1], [0, 0, 0, 0]]
"""

from __future__ import annotations

from typing import cast

import numpy as np
import numpy.typing as npt

__all__ = ["masks_to_bools", "nth_card", "popcount"]

Masks = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.int64]

_M1, _M2, _M4 = (
    np.uint64(0x5555555555555555),
    np.uint64(0x3333333333333333),
    np.uint64(0x0F0F0F0F0F0F0F0F),
)
_H01 = np.uint64(0x0101010101010101)


def popcount(masks: Masks) -> Ints:
    """How many bits each mask has set."""
    if hasattr(np, "bitwise_count"):  # NumPy 2
        counts: Ints = np.bitwise_count(masks).astype(np.int64)
        return counts
    # Older NumPy: the classic parallel bit count, a few whole-array operations.
    x = masks - ((masks >> np.uint64(1)) & _M1)
    x = (x & _M2) + ((x >> np.uint64(2)) & _M2)
    x = (x + (x >> np.uint64(4))) & _M4
    return cast(Ints, ((x * _H01) >> np.uint64(56)).astype(np.int64))


def _suit_tables() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """For every 13-bit pattern: how many bits it has, and where its ``k``-th is."""
    patterns = np.arange(8192)
    counts = np.zeros(8192, dtype=np.int64)
    where = np.zeros((8192, 13), dtype=np.int64)
    for bit in range(13):
        has = (patterns >> bit) & 1 == 1
        where[patterns[has], counts[has]] = bit
        counts += has
    return counts, where.reshape(-1)


_COUNT13, _WHERE13 = _suit_tables()
_SUIT_BITS = np.uint64(0x1FFF)


def nth_card(masks: Masks, n: Ints) -> Ints:
    """The index of set bit number ``n[i]`` (from 0, lowest first) of each card mask
    ``masks[i]`` (52 bits); ``n[i]`` must be below the mask's :func:`popcount`. A suit at
    a time, through tables of the 8,192 patterns of a suit's 13 bits."""
    # The suit's pattern and the bits below it picked by sums and products of the
    # comparisons (in4 implies in3 implies in2): np.where on random conditions is
    # several times slower.
    patterns = [
        ((masks >> np.uint64(13 * suit)) & _SUIT_BITS).astype(np.int64) for suit in range(4)
    ]
    counts = [_COUNT13.take(pattern) for pattern in patterns[:3]]
    k = np.asarray(n, dtype=np.int64)
    in2 = k >= counts[0]
    in3 = k >= counts[0] + counts[1]
    in4 = k >= counts[0] + counts[1] + counts[2]
    pattern = (
        patterns[0]
        + in2 * (patterns[1] - patterns[0])
        + in3 * (patterns[2] - patterns[1])
        + in4 * (patterns[3] - patterns[2])
    )
    before = in2 * counts[0] + in3 * counts[1] + in4 * counts[2]
    suit = in2.astype(np.int64) + in3 + in4
    return cast(Ints, 13 * suit + _WHERE13.take(13 * pattern + k - before))


def masks_to_bools(masks: Masks, bits: int = 52) -> npt.NDArray[np.bool_]:
    """Each mask's low ``bits`` bits as booleans, (len(masks), bits)."""
    as_bytes = np.ascontiguousarray(masks, dtype="<u8").view(np.uint8).reshape(-1, 8)
    return np.unpackbits(as_bytes, axis=1, count=bits, bitorder="little").view(np.bool_)
