"""The argument checks every batch engine makes, with the same messages.

Each raises the error of :mod:`cardrules.errors` a bad argument calls for: a
:class:`~cardrules.SetupError` for a batch's size, seats and games to restart, an
:class:`~cardrules.IllegalMoveError` for the actions and the games to move.

>>> import numpy as np
>>> refuse_unknown(per_game_ids(np.array([3, 60]), 2, 52), 52)
Traceback (most recent call last):
  ...
cardrules.errors.IllegalMoveError: game 1: 60 is not a move id (0 to 51)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardrules._text import shown
from cardrules.errors import IllegalMoveError, SetupError

__all__ = [
    "batch_size",
    "moving_games",
    "per_game_bools",
    "per_game_ids",
    "per_game_seats",
    "refuse_illegal",
    "refuse_unknown",
]

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


def batch_size(n: object) -> int:
    """``n``, the number of games, if it is an int of at least 1."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise SetupError(f"n (the number of games) must be an int of at least 1, not {shown(n)}")
    return n


def per_game_bools(value: npt.ArrayLike, n: int, name: str) -> Bools:
    """``value`` as ``n`` booleans, one per game (a :class:`~cardrules.SetupError` names
    the argument ``name`` otherwise)."""
    array = np.asarray(value)
    if array.shape != (n,) or array.dtype != np.bool_:
        raise SetupError(f"{name} must be {n} booleans, one per game, not {shown(value)}")
    return array


def moving_games(active: npt.ArrayLike | None, n: int) -> Bools | None:
    """The games a step moves: ``None`` for all of them (``active`` not given, or all
    true), else ``active`` as ``n`` booleans."""
    if active is None:
        return None
    array = np.asarray(active)
    if array.shape != (n,) or array.dtype != np.bool_:
        raise IllegalMoveError(
            "bad_actions", f"active must be {n} booleans, one per game, not {shown(active)}"
        )
    return None if array.all() else array


def per_game_seats(seats: npt.ArrayLike, n: int, players: int) -> Ints:
    """``seats`` as ``n`` seats, one per game, each from 0 to ``players - 1``."""
    array = np.asarray(seats)
    if array.shape != (n,) or array.dtype.kind not in "iu":
        raise SetupError(f"seats must be {n} ints, one per game, not {shown(seats)}")
    if ((array < 0) | (array >= players)).any():
        raise SetupError(f"seats must be 0 to {players - 1}, not {shown(seats)}")
    return array.astype(np.int64)


def per_game_ids(actions: npt.ArrayLike, n: int, ids: int) -> Ints:
    """``actions`` as ``n`` integer move ids, one per game (each checked against the
    game's ids by :func:`refuse_unknown`)."""
    try:
        array = np.asarray(actions)
    except (TypeError, ValueError):
        array = np.asarray(None)
    if array.shape != (n,) or array.dtype.kind not in "iu":
        raise IllegalMoveError(
            "bad_actions",
            f"actions must be {n} integer move ids (0 to {ids - 1}), one per game, "
            f"not {shown(actions)}",
        )
    return array.astype(np.int64, copy=False)


def refuse_unknown(moves: Ints, ids: int, games: Ints | None = None) -> None:
    """Raise for the first of ``games`` (indices; all by default) whose move is not one
    of the game's ids (0 to ``ids - 1``)."""
    looked_at = moves if games is None else moves[games]
    outside = np.flatnonzero((looked_at < 0) | (looked_at >= ids))
    if outside.size:
        game = int(outside[0] if games is None else games[outside[0]])
        raise IllegalMoveError(
            "no_such_move", f"game {game}: {int(moves[game])} is not a move id (0 to {ids - 1})"
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
