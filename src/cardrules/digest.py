"""Digests of positions: an unambiguous text of a state and everything in it, hashed
with the rules that made it. Game records (:mod:`cardrules.record`) write a short check
of every position and a digest of the last one, and compare them on replay.

Hidden parts count (other hands, the stock, the generator), so a digest is for
comparing states, never for showing to players.
"""

from __future__ import annotations

import enum
import functools
import hashlib
from collections.abc import Mapping
from typing import Any

import attrs

from cardrules._text import int_text
from cardrules.cards import Card
from cardrules.game import Game

__all__ = ["Encoder", "digest_with", "state_digest"]


class Encoder:
    """Writes an unambiguous text of a state and everything in it. Consecutive states
    of a game share most of their parts (the tricks so far, the hands that did not
    move), so the text of every tuple and attrs value is remembered by identity while
    the encoder lives (it keeps the values alive, so identities stay valid)."""

    def __init__(self) -> None:
        self._memo: dict[int, tuple[Any, str]] = {}
        self._rules: tuple[Any, Any] | None = None

    def rules_hasher(self, game: Game[Any, Any, Any]) -> Any:
        """:func:`_rules_hasher` for ``game``, remembered by identity (hashing a rules
        object is not free)."""
        if self._rules is None or self._rules[0] is not game:
            self._rules = (game, _rules_hasher(game))
        return self._rules[1]

    def text(self, value: Any) -> str:
        """The unambiguous text of ``value``: ints (cards, int enums), strings, enums,
        mappings, lists, tuples and values of attrs classes, nested; anything else by
        its type name and ``repr``."""
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
    """The fields of an attrs class that equality compares (not the rules a state keeps
    beside itself); ``None`` for a class that is not an attrs class."""
    if not attrs.has(kind):
        return None
    return tuple(field.name for field in attrs.fields(kind) if field.eq)


@functools.lru_cache(maxsize=64)
def _rules_hasher(game: Game[Any, Any, Any]) -> Any:
    """A digest already fed with the game's name and options (computed once per rules
    object: options can be slow to write out)."""
    text = game.name + Encoder().text(game.options())
    return hashlib.blake2b(text.encode(), digest_size=16)


def state_digest(game: Game[Any, Any, Any], state: Any) -> str:
    """A 128-bit digest (32 hex digits) of ``state`` under the rules ``game``: equal for
    equal states of equal rules, different (but for a one-in-2**128 chance) otherwise.
    Hidden parts count too (other hands, the stock, the generator), so compare digests,
    never show them to players.

    >>> import cardrules as cr
    >>> game = cr.Cramps()
    >>> state_digest(game, game.new_game(seed=1)) == state_digest(game, game.new_game(seed=1))
    True
    >>> state_digest(game, game.new_game(seed=1)) == state_digest(game, game.new_game(seed=2))
    False
    """
    return digest_with(Encoder(), game, state)


def digest_with(encoder: Encoder, game: Game[Any, Any, Any], state: Any) -> str:
    """:func:`state_digest` through ``encoder``, which remembers the parts it has
    written (a record's replay digests every position with one encoder)."""
    hasher = encoder.rules_hasher(game).copy()
    hasher.update(("\x1e" + encoder.text(state)).encode())
    return str(hasher.hexdigest())
