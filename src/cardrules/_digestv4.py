"""The digests of format version 4 records, kept only to read those records.

Version 4 wrote the ``repr`` of a state where it had no better text of it, and the
``repr`` of the library's states leaves out their generator: two states that differ
only in the generator (the deals still to come) had the same digest. Version 5
digests (:mod:`cardrules.digest`) cover everything a state's equality compares. This
module writes exactly what version 4 wrote, so that version 4 records still read,
with the checks they always had; it is never used to write a record.
"""

from __future__ import annotations

import enum
import functools
import hashlib
from collections.abc import Mapping
from typing import Any

import attrs

from cardrules._digestv5 import options_as_written
from cardrules._text import int_text
from cardrules.cards import Card
from cardrules.digest import Encoder
from cardrules.game import Game

__all__ = ["EncoderV4"]


class EncoderV4(Encoder):
    """The text of a state as format version 4 wrote it (see the module), under the
    options the record wrote (``options``; ``None``: the game's own; see
    :func:`~cardrules._digestv5.options_as_written`); an
    :class:`~cardrules.digest.Encoder` for :func:`~cardrules.digest.digest_with`."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        self._written = options

    def rules_hasher(self, game: Game[Any, Any, Any]) -> Any:
        """A digest already fed with the game's name and options (as written)."""
        if self._rules is None or self._rules[0] is not game:
            if self._written is None:
                self._rules = (game, _rules_hasher(game))
            else:
                options = options_as_written(game.options(), self._written)
                text = game.name + EncoderV4().text(options)
                self._rules = (game, hashlib.blake2b(text.encode(), digest_size=16))
        return self._rules[1]

    def text(self, value: Any) -> str:
        """The text version 4 wrote of ``value``."""
        kind: type = type(value)
        if kind is tuple or _compared_fields(kind) is not None:
            known = self._memo.get(id(value))
            if known is not None and known[0] is value:
                return known[1]
            text = self._composite(value, kind)
            self._memo[id(value)] = (value, text)
            return text
        if kind is bool or value is None:
            return repr(value)
        if isinstance(value, int):  # ints, cards, int enums
            return "i" + int_text(int(value))
        if isinstance(value, str):
            return f"s{len(value)}:{value}"
        if isinstance(value, enum.Enum):
            return f"e{value.value!r}"
        if isinstance(value, Mapping):
            items = (self.text(str(key)) + self.text(value[key]) for key in sorted(value, key=str))
            return "{" + "".join(items) + "}"
        if isinstance(value, list):
            return "[" + "".join(self.text(item) for item in value) + "]"
        return f"?{kind.__name__}:{value!r}"

    def _composite(self, value: Any, kind: type) -> str:
        if kind is tuple:
            if value and type(value[0]) is Card:  # a hand, a pile, a trick: cards only
                return "c" + bytes(value).hex() + ";"
            return "(" + "".join(self.text(item) for item in value) + ")"
        names = _compared_fields(kind) or ()
        parts = "".join([self.text(getattr(value, name)) for name in names])
        return f"<{kind.__name__}{parts}>"


@functools.cache
def _compared_fields(kind: type) -> tuple[str, ...] | None:
    if not attrs.has(kind):
        return None
    return tuple(field.name for field in attrs.fields(kind) if field.eq)


@functools.lru_cache(maxsize=64)
def _rules_hasher(game: Game[Any, Any, Any]) -> Any:
    text = game.name + EncoderV4().text(game.options())
    return hashlib.blake2b(text.encode(), digest_size=16)
