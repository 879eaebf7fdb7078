"""The argument checks every batch engine makes, with the same messages.

Each raises the error of :mod:`cardrules.errors` a bad argument calls for: a
:class:`~cardrules.SetupError` for a batch's size (too large for the machine's memory
too), seats, games to restart and random generators, an
:class:`~cardrules.IllegalMoveError` for the actions and the games to move. Each looks
at a whole argument once a call, never once a game.

>>> import numpy as np
>>> refuse_unknown(per_game_ids(np.array([3, 60]), 2, 52), 52)
Traceback (most recent call last):
  ...
cardrules.errors.IllegalMoveError: game 1: 60 is not a move id (0 to 51)
"""

from __future__ import annotations

import os
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from cardrules._text import int_text, shown
from cardrules.errors import IllegalMoveError, SetupError

__all__ = [
    "UNKNOWN_MEMORY",
    "batch_size",
    "generator",
    "memory_limit",
    "moving_games",
    "per_game_bools",
    "per_game_ids",
    "per_game_seats",
    "refuse_illegal",
    "refuse_unknown",
]

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


UNKNOWN_MEMORY = 2**40
"""The bytes :func:`memory_limit` allows where the operating system does not say how
much memory the machine has (1 TiB)."""


def memory_limit() -> int:
    """The most bytes a batch's arrays may take: the machine's physical memory, as the
    operating system reports it (``os.sysconf``), else :data:`UNKNOWN_MEMORY`. A batch
    that needs more could not run without swapping, or would stop with a
    ``MemoryError`` part way through setting up."""
    try:
        pages, page_size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):  # no sysconf, or not these names
        return UNKNOWN_MEMORY
    return pages * page_size if pages > 0 and page_size > 0 else UNKNOWN_MEMORY


def batch_size(n: object, bytes_per_game: int) -> int:
    """``n``, the number of games, if it is an int of at least 1 whose games, at about
    ``bytes_per_game`` each (the engine's estimate of its arrays and of the largest
    array a call makes), fit in :func:`memory_limit`; checked before anything is
    allocated.

    >>> batch_size(2**70, 4096)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cardrules.errors.SetupError: n = 1180591620717411303424 games would take about ...
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise SetupError(f"n (the number of games) must be an int of at least 1, not {shown(n)}")
    limit = memory_limit()
    if n * bytes_per_game > limit:
        raise SetupError(
            f"n = {int_text(n)} games would take about {_size(n * bytes_per_game)} at "
            f"{bytes_per_game:,} bytes a game, more than the {_size(limit)} of memory "
            f"this machine has: at most {limit // bytes_per_game:,} games fit"
        )
    return n


def _size(count: int) -> str:
    """A byte count for people: ``'3.0 GiB'``, ``'1,024 bytes'``."""
    for exponent, unit in ((60, "EiB"), (50, "PiB"), (40, "TiB"), (30, "GiB"), (20, "MiB")):
        if count >= 1 << exponent:
            return f"{count / (1 << exponent):,.1f} {unit}"
    return f"{count:,} bytes"


def generator(rng: object, default: np.random.Generator) -> np.random.Generator:
    """``rng`` if it is a NumPy generator, ``default`` if it is ``None``."""
    if rng is None:
        return default
    if not isinstance(rng, np.random.Generator):
        raise SetupError(
            "rng must be a numpy.random.Generator (numpy.random.default_rng(seed)) or "
            f"None for the batch's own, not {shown(rng)}"
        )
    return rng


def _array(value: object) -> npt.NDArray[Any]:
    """``value`` as a NumPy array, or a 0-d object array where NumPy cannot make one
    (ragged lists, objects that refuse): the shape checks then say what was wanted."""
    try:
        return np.asarray(value)
    except (TypeError, ValueError, OverflowError):
        return np.asarray(None)


def per_game_bools(value: npt.ArrayLike, n: int, name: str) -> Bools:
    """``value`` as ``n`` booleans, one per game (a :class:`~cardrules.SetupError` names
    the argument ``name`` otherwise)."""
    array = _array(value)
    if array.shape != (n,) or array.dtype != np.bool_:
        raise SetupError(f"{name} must be {n} booleans, one per game, not {shown(value)}")
    return array


def moving_games(active: npt.ArrayLike | None, n: int) -> Bools | None:
    """The games a step moves: ``None`` for all of them (``active`` not given, or all
    true), else ``active`` as ``n`` booleans."""
    if active is None:
        return None
    array = _array(active)
    if array.shape != (n,) or array.dtype != np.bool_:
        raise IllegalMoveError(
            "bad_actions", f"active must be {n} booleans, one per game, not {shown(active)}"
        )
    return None if array.all() else array


def per_game_seats(seats: npt.ArrayLike, n: int, players: int) -> Ints:
    """``seats`` as ``n`` seats, one per game, each from 0 to ``players - 1``."""
    array = _array(seats)
    if array.shape != (n,) or array.dtype.kind not in "iu":
        raise SetupError(f"seats must be {n} ints, one per game, not {shown(seats)}")
    if ((array < 0) | (array >= players)).any():
        raise SetupError(f"seats must be 0 to {players - 1}, not {shown(seats)}")
    return array.astype(np.int64)


def per_game_ids(actions: npt.ArrayLike, n: int, ids: int) -> Ints:
    """``actions`` as ``n`` integer move ids, one per game (each checked against the
    game's ids by :func:`refuse_unknown`)."""
    array = _array(actions)
    if array.shape != (n,) or array.dtype.kind not in "iu":
        raise IllegalMoveError(
            "bad_actions",
            f"actions must be {n} integer move ids (0 to {ids - 1}), one per game, "
            f"not {shown(actions)}",
        )
    if array.dtype == np.uint64:
        # Past 2**63 - 1 a uint64 would turn negative as an int64: held at ids instead
        # (no move id either; refuse_unknown names the number given).
        return cast(Ints, np.minimum(array, np.uint64(ids)).astype(np.int64))
    return array.astype(np.int64, copy=False)


def refuse_unknown(
    moves: Ints, ids: int, games: Ints | None = None, given: npt.ArrayLike | None = None
) -> None:
    """Raise for the first of ``games`` (indices; all by default) whose move is not one
    of the game's ids (0 to ``ids - 1``), naming the number in ``given`` (the actions
    as the caller gave them, when :func:`per_game_ids` changed them) or ``moves``."""
    looked_at = moves if games is None else moves[games]
    outside = np.flatnonzero((looked_at < 0) | (looked_at >= ids))
    if outside.size:
        game = int(outside[0] if games is None else games[outside[0]])
        number = int((moves if given is None else _array(given))[game])
        raise IllegalMoveError(
            "no_such_move", f"game {game}: {number} is not a move id (0 to {ids - 1})"
        )


def refuse_illegal(illegal: Ints, moves: Ints, to_move: npt.ArrayLike) -> None:
    """Raise for the first of the games ``illegal`` (indices), if any: its move is not
    legal for its seat to move."""
    if illegal.size:
        game = int(illegal[0])
        raise IllegalMoveError(
            "not_legal",
            f"game {game}: move {int(moves[game])} is not legal for the seat to move "
            f"(seat {int(np.asarray(to_move)[game])}); legal_mask() gives the legal move ids",
        )
