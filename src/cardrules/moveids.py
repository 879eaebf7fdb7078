"""Stable integer ids for a game's moves, as reinforcement-learning hosts want them.

A game lists every move it can ever offer in :meth:`Game.all_moves
<cardrules.game.Game.all_moves>`; a move's id is its position in that list. The list
depends only on the rules object (its options), never on a state, so an id means the
same move in every position of every game played by equal rules. The :class:`Game
<cardrules.game.Game>` methods ``num_move_ids``, ``move_id``, ``move_from_id``,
``legal_move_ids`` and ``legal_move_mask`` are built on :class:`MoveIds`.

>>> import cardrules as cr
>>> game = cr.Cramps()
>>> game.num_move_ids, game.move_id(cr.Play("2C")), game.move_from_id(51)
(52, 0, Play(card=Card.parse('A♠'), suit=None, announce=False))
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import Any, Generic, TypeVar

from cardrules._kept import KeptByIdentity
from cardrules._text import shown
from cardrules.errors import IllegalMoveError, MoveTypeError, RulesError

__all__ = ["MoveIds", "move_id_number", "move_ids_of"]

M = TypeVar("M")


class MoveIds(Generic[M]):
    """The numbering of one game's moves: ``moves[i]`` is the move with id ``i``.

    ``title`` names the game in error messages (``"Cramps"``).
    """

    __slots__ = ("_index", "moves", "title")

    def __init__(self, moves: Sequence[M], title: str) -> None:
        self.moves: tuple[M, ...] = tuple(moves)
        self.title = title
        self._index: dict[Any, int] = {}
        for number, move in enumerate(self.moves):
            if self._index.setdefault(move, number) != number:
                raise RulesError(f"{title}.all_moves() lists {move} twice; each move needs one id")

    def __len__(self) -> int:
        return len(self.moves)

    def id_of(self, move: object) -> int:
        """The id of ``move``; raises :class:`~cardrules.MoveTypeError` for something
        that is not a move and :class:`~cardrules.IllegalMoveError` (reason
        ``"no_move_id"``) for a move this game never offers."""
        try:
            return self._index[move]
        except TypeError:
            raise MoveTypeError(
                f"a {self.title} move id is asked of a move, not {type(move).__name__} "
                f"{shown(move)}"
            ) from None
        except KeyError:
            pass
        hint = (
            " (name the target: ids are given to moves in the form legal_moves lists them)"
            if getattr(move, "target", 0) is None
            else ""
        )
        raise IllegalMoveError(
            "no_move_id", f"{move} is not a {self.title} move, so it has no move id{hint}"
        )

    def move_of(self, move_id: object) -> M:
        """The move with id ``move_id``: an int, or an integer of another kind (NumPy's,
        anything with ``__index__``). Raises :class:`~cardrules.MoveTypeError` for
        anything else (a bool, a float, text) and :class:`~cardrules.IllegalMoveError`
        (reason ``"no_move_id"``) for an int out of range.

        >>> import numpy as np, cardrules as cr
        >>> move_ids_of(cr.Cramps()).move_of(np.int64(51))
        Play(card=Card.parse('A♠'), suit=None, announce=False)
        """
        number = move_id_number(move_id)
        if number is None:
            raise MoveTypeError(
                f"a {self.title} move id is an int from 0 to {len(self.moves) - 1}, "
                f"not {type(move_id).__name__} {shown(move_id)}"
            )
        if not 0 <= number < len(self.moves):
            raise IllegalMoveError(
                "no_move_id",
                f"{self.title} has no move id {number}; ids run from 0 to {len(self.moves) - 1}",
            )
        return self.moves[number]

    def ids_of(self, moves: Iterable[object]) -> tuple[int, ...]:
        """The ids of moves a game offered; a move without an id is the game's mistake
        (its ``all_moves()`` misses it) and raises :class:`~cardrules.RulesError`."""
        index = self._index
        try:
            return tuple([index[move] for move in moves])
        except KeyError as missing:
            raise RulesError(
                f"{self.title} offered {missing.args[0]}, which all_moves() does not list"
            ) from None

    def mask_of(self, moves: Iterable[object]) -> bytes:
        """One byte per id: 1 for the ids of ``moves``, 0 for the others."""
        mask = bytearray(len(self.moves))
        for number in self.ids_of(moves):
            mask[number] = 1
        return bytes(mask)

    def __reduce__(self) -> tuple[Any, ...]:
        # (slots and no __dict__: pickle's protocols 0 and 1 need to be told how)
        return (MoveIds, (self.moves, self.title))


def move_id_number(move_id: object) -> int | None:
    """``move_id`` as an int if it is an integer: an int or anything with
    ``__index__`` (NumPy's integers, as frameworks hand out actions), but not a bool
    (NumPy's neither); ``None`` for anything else (a float, text).

    >>> import numpy as np
    >>> move_id_number(3), move_id_number(np.int64(3)), move_id_number(True), move_id_number(3.0)
    (3, 3, None, None)
    """
    if type(move_id) is int:
        return move_id
    if isinstance(move_id, bool) or type(move_id).__name__.startswith("bool"):
        return None
    try:
        return operator.index(move_id)  # type: ignore[arg-type]
    except TypeError:
        return None


_TABLES: KeptByIdentity[MoveIds[Any]] = KeptByIdentity()


def move_ids_of(game: Any) -> MoveIds[Any]:
    """The :class:`MoveIds` of ``game`` (a rules object), built from its
    ``all_moves()`` once and kept."""
    table = _TABLES.get(game)
    if table is None:
        table = _TABLES.keep(game, MoveIds(game.all_moves(), type(game).__name__))
    return table
