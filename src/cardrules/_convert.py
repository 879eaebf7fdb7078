"""The conversion of the library's values to JSON-ready data, below the events (which
give their data with it): the public face is :mod:`cardrules.data`, which says the rules."""

from __future__ import annotations

import dataclasses
import enum
import math
import re
from collections.abc import Mapping
from typing import Any

import attrs

from cardrules._text import json_int, shown
from cardrules.cards import Card, Rank, Suit
from cardrules.decks import DeckCard, DeckSuit
from cardrules.errors import DataError
from cardrules.moves import is_move, move_to_data

__all__ = ["event_kind", "fields_data", "to_data"]


def to_data(value: Any) -> Any:
    """``value`` as JSON-ready data, by the rules :mod:`cardrules.data` gives.

    Raises :class:`~cardrules.DataError` for a value with no data form (an object of a
    class that is none of those above), naming where in ``value`` it was.

    >>> import cardrules as cr
    >>> to_data({"bids": (3, None), "trump": cr.Suit.SPADES})
    {'bids': [3, None], 'trump': 'S'}
    >>> to_data(object())
    Traceback (most recent call last):
        ...
    cardrules.errors.DataError: no data form for object <object object at ...> (a card, ...
    """
    return _data(value, "")


def _data(value: Any, where: str) -> Any:
    if value is None or value is True or value is False or type(value) is str:
        return value
    if isinstance(value, (Card, DeckCard)):  # (a card of any declared deck: its text)
        return str(value)
    if isinstance(value, (Suit, DeckSuit)):  # (a suit of a declared deck: its letter)
        return value.letter
    if isinstance(value, Rank):
        return int(value)
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, int):
        return json_int(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise DataError(f"no data form for {value}{_at(where)}: JSON has finite numbers only")
        return float(value)
    if is_move(value):
        return move_to_data(value)
    own = getattr(value, "to_data", None)
    if callable(own) and not isinstance(value, type):
        return own()
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a named tuple
        names = value._fields
        return {
            name: _data(item, f"{where}.{name}") for name, item in zip(names, value, strict=True)
        }
    if isinstance(value, (tuple, list)):
        return [_data(item, f"{where}[{i}]") for i, item in enumerate(value)]
    if isinstance(value, (set, frozenset)):
        items = [_data(item, f"{where}{{}}") for item in value]
        return sorted(items, key=_order)
    if isinstance(value, Mapping):
        return {_key(key, where): _data(item, f"{where}[{key!r}]") for key, item in value.items()}
    if attrs.has(type(value)) or (dataclasses.is_dataclass(value) and not isinstance(value, type)):
        return fields_data(value, where)
    raise DataError(
        f"no data form for {type(value).__name__} {shown(value)}{_at(where)} (a card, suit, "
        "number, text, sequence, mapping, attrs class, dataclass or value with a to_data() "
        "method has one)"
    )


def _at(where: str) -> str:
    return f" at {where.lstrip('.')}" if where else ""


def _order(item: Any) -> tuple[int, Any]:
    """A sort key that orders numbers, then text, then anything else by its repr."""
    if isinstance(item, (int, float)) and not isinstance(item, bool):
        return (0, item)
    if isinstance(item, str):
        return (1, item)
    return (2, repr(item))


def _key(key: Any, where: str) -> str:
    """A mapping's key as JSON object keys are: text."""
    data = _data(key, where)
    if isinstance(data, str):
        return data
    if isinstance(data, int) and not isinstance(data, bool):
        return str(data)
    raise DataError(f"a mapping key must be text, a number, a card or a suit, not {shown(key)}")


def fields_data(value: Any, where: str = "") -> dict[str, Any]:
    """The fields of ``value`` (an attrs class or a dataclass) as a dict of data, in
    the order the class declares them.

    >>> import cardrules as cr
    >>> fields_data(cr.CardPlayed(2, cr.Card.parse("9H")))
    {'seat': 2, 'card': '9♥'}
    """
    if attrs.has(type(value)):
        names = [field.name for field in attrs.fields(type(value))]
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = [field.name for field in dataclasses.fields(value)]
    else:
        raise DataError(f"fields_data takes an attrs class or a dataclass, not {shown(value)}")
    return {name: _data(getattr(value, name), f"{where}.{name}") for name in names}


def event_kind(event_class: type) -> str:
    """The ``"event"`` of an event class's data: its name in snake case.

    >>> import cardrules as cr
    >>> event_kind(cr.CardsDrawn), event_kind(cr.GameOver)
    ('cards_drawn', 'game_over')
    """
    return re.sub(
        r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", event_class.__name__
    ).lower()
