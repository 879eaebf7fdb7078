"""The digests of format version 5 records, kept only to read those records.

Since format 6 the shedding family's state also remembers the face to match (its
``_face``: a declared deck's card matches by suit or by face, and the pile may be gone
after a reshuffle), and the card the player to move drew this turn (its
``_drawn_card``, ``None`` but under ``drawn_card_only``). In a version 5 record the
face was the top card's rank and no card was remembered, nothing the record's checks
left out, but the digests of :mod:`cardrules.digest` cover every slot a state's
equality compares, so the new slots changed every shedding position's text.
This module writes a position's text without the slots added since version 5, exactly
as version 5 wrote it, so that version 5 records still read with the checks they were
written with; it is never used to write a record.

Both this encoder and version 4's hash a game's options as the record wrote them: a
rule added since (a card rule's ``draws``, with its default) is not in them, and the
game it describes is the same.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Mapping
from typing import Any

from cardrules.digest import DIGEST_PERSON, Encoder, compared_fields
from cardrules.game import Game

__all__ = ["EncoderV5", "options_as_written"]

_ADDED_SINCE_5 = {("cardrules.shedding.state", "ShedState"): frozenset({"_face", "_drawn_card"})}
"""The slots each class of state gained after format version 5 (by module and name: the
base layer names no family)."""


@functools.cache
def _compared_v5(kind: type) -> tuple[str, tuple[str, ...]] | None:
    """:func:`~cardrules.digest.compared_fields` of ``kind`` without the slots it (or a class
    it derives from) gained after format version 5."""
    compared = compared_fields(kind)
    if compared is None:
        return None
    added: frozenset[str] = frozenset()
    for base in kind.__mro__:
        added |= _ADDED_SINCE_5.get((base.__module__, base.__qualname__), frozenset())
    name, fields = compared
    return name, tuple(field for field in fields if field not in added)


def options_as_written(options: Any, written: Any) -> Any:
    """A game's ``options`` (:meth:`~cardrules.game.Game.options`) with only the keys
    its record wrote, ``written`` (the record's options, as read), at every level:
    what the record's rules hashed when it was written.

    >>> options_as_written({"a": 1, "b": {"c": 2, "new": 0}, "new": 0}, {"a": 1, "b": {"c": 2}})
    {'a': 1, 'b': {'c': 2}}
    """
    if isinstance(options, Mapping) and isinstance(written, Mapping):
        return {
            key: options_as_written(value, written[key])
            for key, value in options.items()
            if key in written
        }
    return options


class EncoderV5(Encoder):
    """The text of a state as format version 5 wrote it (see the module), under the
    options the record wrote (``options``; ``None``: the game's own); an
    :class:`~cardrules.digest.Encoder` for :func:`~cardrules.digest.digest_with`."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        self._written = options

    def rules_hasher(self, game: Game[Any, Any, Any]) -> Any:
        """A digest already fed with the game's name and its options as written."""
        if self._written is None:
            return super().rules_hasher(game)
        if self._rules is None or self._rules[0] is not game:
            options = options_as_written(game.options(), self._written)
            text = Encoder().text((game.name, options))
            hasher = hashlib.blake2b(
                text.encode("utf-8", "surrogatepass"), digest_size=16, person=DIGEST_PERSON
            )
            self._rules = (game, hasher)
        return self._rules[1]

    def _composite(self, value: Any, kind: type) -> str:
        if isinstance(value, tuple):
            return super()._composite(value, kind)
        name, fields = _compared_v5(kind) or ("", ())
        parts = "".join([self._at(getattr(value, field), "." + field) for field in fields])
        return f"<{len(name)}:{name}{parts}>"
