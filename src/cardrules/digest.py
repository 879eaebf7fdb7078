"""Digests of positions: an unambiguous text of a state and everything its equality
compares, hashed with the rules that made it. Game records (:mod:`cardrules.record`)
write a short check of every position and a digest of the last one, and compare them
on replay.

The text covers the whole state, hidden parts too (other hands, the stock, the
generator that makes the deals still to come), so a digest is for comparing states,
never for showing to players. It is written from the values a state's equality
compares, never from a ``repr``, and the same way for a game of your own: its state
may be made of None, bools, ints (cards and int enums too), floats, text, bytes,
enums, tuples, lists, sets and mappings of those, and values of
:class:`~cardrules.values.Value` classes (their slots but those ``_hidden``), attrs
classes (their fields that take part in equality) and dataclasses (their compared
fields). Anything else is refused with a :class:`~cardrules.StateError` naming where
it is, rather than written in part.

>>> import attrs
>>> @attrs.frozen
... class Tally:
...     counts: tuple[int, ...]
...     seen: object = attrs.field(eq=False, default=None)   # a cache: not compared
>>> Encoder().text(Tally((3, 1)))
'<5:Tallyc0301;>'
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
from collections.abc import Mapping
from typing import Any

import attrs

from cardrules._text import int_text, shown
from cardrules.errors import StateError
from cardrules.game import Game
from cardrules.values import Value, slots_of

__all__ = ["DIGEST_PERSON", "Encoder", "compared_fields", "digest_with", "state_digest"]

DIGEST_PERSON = b"cardrules.5"
"""The BLAKE2b personalisation of the digests of format version 5 and 6 records (the
older formats' readers hash with it too)."""


class _Unwritable(Exception):
    """A part of a value the encoder cannot write; ``path`` says where it is."""

    def __init__(self, kind: type, path: str = "") -> None:
        super().__init__(kind, path)
        self.kind = kind
        self.path = path


class Encoder:
    """Writes an unambiguous text of a state and everything its equality compares (see
    the module). Consecutive states of a game share most of their parts (the deal, the
    tricks so far, the hands that did not move), so the text of every tuple and
    :class:`~cardrules.values.Value` (which never change) is remembered by identity
    while the encoder lives (it keeps them alive, so identities stay valid)."""

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
        """The unambiguous text of ``value``: equal values have the same text, values
        that differ have different texts.

        Raises :class:`~cardrules.StateError` for a part it cannot write (see the
        module), naming where it is.

        >>> Encoder().text((1, "a", None)) == Encoder().text((1, "a", None))
        True
        >>> Encoder().text(((1, 2), [object()]))
        Traceback (most recent call last):
            ...
        cardrules.errors.StateError: a digest cannot write object values (found at tuple[1][0]): ...
        """
        try:
            return self._text(value)
        except _Unwritable as unwritable:
            where = type(value).__qualname__ + unwritable.path if unwritable.path else "the top"
            name = unwritable.kind.__qualname__
            raise StateError(
                f"a digest cannot write {name} values (found at {where}): it writes None, "
                "bools, ints, floats, text, bytes, enums, tuples, lists, sets, mappings and "
                "values of cardrules.values.Value, attrs and dataclass classes, so that it "
                f"covers everything a state's equality compares; make {name} one of those"
            ) from None

    def _text(self, value: Any) -> str:
        kind: type = type(value)
        if kind is int and value.bit_length() < 64:  # the commonest part, written at once
            return "i" + str(value)
        if isinstance(value, (tuple, Value)):  # immutable: remembered
            known = self._memo.get(id(value))
            if known is not None and known[0] is value:
                return known[1]
            text = self._composite(value, kind)
            self._memo[id(value)] = (value, text)
            return text
        if compared_fields(kind) is not None:  # attrs and dataclasses may be mutable
            return self._composite(value, kind)
        if value is None:
            return "N"
        if isinstance(value, int):  # ints, bools, cards, int enums: equal to their int
            return "i" + int_text(int(value))
        if isinstance(value, float):  # equal to an int when it has no fraction
            if value.is_integer():
                return "i" + int_text(int(value))
            return "f" + value.hex() + ";"
        if isinstance(value, str):  # text and str enums: equal to their text
            return f"s{len(value)}:{value}"
        if isinstance(value, (bytes, bytearray)):
            return f"b{len(value)}:{bytes(value).hex()}"
        if isinstance(value, enum.Enum):
            return "e" + self._text(kind.__qualname__) + self._text(value.value)
        if isinstance(value, Mapping):
            items = sorted(
                self._text(key) + self._at(item, f"[{shown(key)}]") for key, item in value.items()
            )
            return "{" + "".join(items) + "}"
        if isinstance(value, list):
            return "[" + self._items(value) + "]"
        if isinstance(value, (set, frozenset)):
            return "S(" + "".join(sorted(self._text(item) for item in value)) + ")"
        raise _Unwritable(kind)

    def _composite(self, value: Any, kind: type) -> str:
        if isinstance(value, tuple):  # named tuples too: they equal plain tuples
            if value and isinstance(value[0], int):  # a hand, a pile, a trick: card ints
                try:
                    return "c" + bytes(value).hex() + ";"
                except (TypeError, ValueError):  # not all ints from 0 to 255
                    pass
            return "(" + self._items(value) + ")"
        name, fields = compared_fields(kind) or ("", ())
        text = self._text
        try:
            parts = "".join([text(getattr(value, field)) for field in fields])
        except _Unwritable:  # written again, one at a time, to name the part
            for field in fields:
                self._at(getattr(value, field), "." + field)
            raise
        return f"<{len(name)}:{name}{parts}>"

    def _items(self, items: tuple[Any, ...] | list[Any]) -> str:
        text = self._text
        try:
            return "".join([text(item) for item in items])
        except _Unwritable:  # written again, one at a time, to name the part
            for index, item in enumerate(items):
                self._at(item, f"[{index}]")
            raise

    def _at(self, value: Any, step: str) -> str:
        """The text of a part of a value, ``step`` from it (named if it is unwritable)."""
        try:
            return self._text(value)
        except _Unwritable as unwritable:
            raise _Unwritable(unwritable.kind, step + unwritable.path) from None


@functools.cache
def compared_fields(kind: type) -> tuple[str, tuple[str, ...]] | None:
    """The name of a class of values and the fields its equality compares (what a
    digest writes of its values): the slots of a :class:`~cardrules.values.Value` but
    its hidden ones, the fields of an attrs class or a dataclass that take part in
    equality; ``None`` for any other class.

    >>> import cardrules as cr
    >>> compared_fields(cr.Play)
    ('Play', ('card', 'suit', 'announce'))
    >>> compared_fields(int) is None
    True
    """
    if issubclass(kind, Value):
        hidden = kind._hidden()
        fields = tuple(name for name in slots_of(kind) if name not in hidden)
    elif attrs.has(kind):
        fields = tuple(field.name for field in attrs.fields(kind) if field.eq)
    elif dataclasses.is_dataclass(kind):
        fields = tuple(field.name for field in dataclasses.fields(kind) if field.compare)
    else:
        return None
    return kind.__qualname__, fields


@functools.lru_cache(maxsize=64)
def _rules_hasher(game: Game[Any, Any, Any]) -> Any:
    """A digest already fed with the game's name and options (computed once per rules
    object: options can be slow to write out)."""
    text = Encoder().text((game.name, game.options()))
    return hashlib.blake2b(
        text.encode("utf-8", "surrogatepass"), digest_size=16, person=DIGEST_PERSON
    )


def state_digest(game: Game[Any, Any, Any], state: Any) -> str:
    """A 128-bit digest (32 hex digits) of ``state`` under the rules ``game``: equal for
    equal states of equal rules, different (but for a one-in-2**128 chance) otherwise,
    the generator included. Hidden parts count too (other hands, the stock, the
    generator), so compare digests, never show them to players.

    Raises :class:`~cardrules.StateError` for a state with a part it cannot write (see
    the module).

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
    hasher.update(("\x1e" + encoder.text(state)).encode("utf-8", "surrogatepass"))
    return str(hasher.hexdigest())
