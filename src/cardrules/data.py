"""Data forms: the library's values as JSON-ready data, and JSON Schemas of the forms.

A web page, a chat bot or a store wants plain data, not Python objects. Views
(``view.to_data()``), moves (``move.to_data()``, read back by
:meth:`Game.move_from_data <cardrules.game.Game.move_from_data>`) and events
(``event.to_data(seat)``) give theirs, made of dicts, lists, text, numbers, booleans and
``None`` only: ``json.dumps`` takes them as they are, and ``json.loads`` gives them back
equal. :func:`to_data` is the conversion they share, by these rules:

- a :class:`~cardrules.Card` is its text (``"Q♠"``, ``"10♥"``), a :class:`~cardrules.Suit`
  its letter as moves write it (``"S"``), a :class:`~cardrules.Rank` its number (12 for a
  queen, 14 for an ace); any other enum is its name in lower case (the shedding phase
  ``Phase.NAME_SUIT`` is ``"name_suit"``);
- ``None``, booleans, text and floats stay as they are; an int stays an int unless it is
  too long for JSON readers (thousands of digits), then it is its decimal text;
- a move is its record form (:func:`cardrules.moves.move_to_data`), and any value with a
  ``to_data()`` method (a view, a move, a :class:`~cardrules.Trick`, an event: read as
  every seat may know it) gives its own;
- tuples and lists are lists, sets and frozensets sorted lists, mappings dicts (keys as
  text), named tuples, attrs classes and dataclasses dicts of their fields: a game's
  payload (bids, cards passed, the trump made) comes out as data that way.

:data:`SCHEMAS` holds a JSON Schema (draft 2020-12) of each form: ``"move"``, ``"view"``
(the shape common to the views of the trick-taking, the shedding and the climbing games,
with the fields of each family; a game's own fields are allowed) and ``"event"``.

>>> import json
>>> import cardrules as cr
>>> to_data((cr.Card.parse("QS"), cr.Suit.HEARTS, cr.Rank.ACE, frozenset({3, 1})))
['Q♠', 'H', 14, [1, 3]]
>>> to_data(cr.Play("8C", suit="H"))
{'play': '8♣', 'suit': 'H'}
>>> view = cr.Cramps().observe(cr.Cramps().new_game(seed=7), 1)
>>> data = view.to_data()
>>> data["hand"][:3], data["legal_moves"][0], json.loads(json.dumps(data)) == data
(['2♣', '5♣', '7♣'], {'play': '2♣'}, True)
"""

from __future__ import annotations

import sys
import typing
from collections.abc import Mapping
from types import MappingProxyType, UnionType
from typing import Any

import attrs

from cardrules import events as _events
from cardrules._convert import event_kind, fields_data, to_data
from cardrules.cards import Card, Rank, Suit

__all__ = ["SCHEMAS", "event_kind", "fields_data", "to_data"]


# -- schemas --------------------------------------------------------------------------

_DRAFT = "https://json-schema.org/draft/2020-12/schema"
_CARD = {"type": "string", "pattern": "^(?:(?:[2-9]|10|[JQKA])[♣♦♥♠]|Jk)$"}
_SUIT = {"enum": ["C", "D", "H", "S"]}
_SEAT = {"type": "integer", "minimum": 0}
_COUNT = {"type": "integer", "minimum": 0}
_INT = {
    "description": "an integer; one too long for JSON readers is its decimal text",
    "anyOf": [{"type": "integer"}, {"type": "string", "pattern": "^-?[0-9]+$"}],
}
_SHIPPED_KINDS = ["play", "draw", "call", "name_suit", "announce", "pass"]
_DECK_TEXT = {
    "type": "string",
    "pattern": "^\\S(?:.*\\S)?$",
    "not": {"pattern": "^(?:10|[2-9TJQKAtjqka])[CDHScdhs]$"},  # (a French card typed: Q♠)
}
_DECK = {"type": "string", "description": "the declared deck of the card or suit, by its name"}

_DEFS: dict[str, Any] = {
    "card": {
        "description": (
            "a card's text: rank 2-10, J, Q, K or A, then its suit; Jk, a joker; or the "
            "text of a card of a declared deck (cardrules.decks: 'R+2', '21T'), whose deck "
            "a move names beside it"
        ),
        "anyOf": [_CARD, _DECK_TEXT],
    },
    "suit": {
        "description": "a suit's letter (a declared deck's suit: its letter, e.g. 'R' for red)",
        "anyOf": [_SUIT, _DECK_TEXT],
    },
    "seat": _SEAT,
    "int": _INT,
    "cards": {"type": "array", "items": {"$ref": "#/$defs/card"}},
    "ints": {"type": "array", "items": {"$ref": "#/$defs/int"}},
    "seats": {"type": "array", "items": {"$ref": "#/$defs/seat"}},
}


def _one(properties: dict[str, Any], required: list[str], title: str) -> dict[str, Any]:
    return {
        "title": title,
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


_MOVE_FORMS: list[dict[str, Any]] = [
    _one(
        {
            "play": {"$ref": "#/$defs/card"},
            "deck": _DECK,
            "suit": {"$ref": "#/$defs/suit"},
            "announce": {"type": "boolean"},
        },
        ["play"],
        "Play(card, suit=None, announce=False)",
    ),
    _one({"draw": {"const": True}}, ["draw"], "Draw()"),
    _one(
        {"call": {"$ref": "#/$defs/seat"}, "target": {"$ref": "#/$defs/seat"}},
        ["call"],
        "CallOut(caller, target=None)",
    ),
    _one({"name_suit": {"$ref": "#/$defs/suit"}, "deck": _DECK}, ["name_suit"], "NameSuit(suit)"),
    _one({"announce": {"const": True}}, ["announce"], "Announce()"),
    _one({"pass": {"const": True}}, ["pass"], "Pass()"),
    {
        "title": "a move a game registers (register_move): its kind, then its fields",
        "type": "object",
        "properties": {
            "move": {
                "type": "string",
                "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
                "not": {"enum": _SHIPPED_KINDS},
            }
        },
        "required": ["move"],
    },
]

_MOVE: dict[str, Any] = {
    "$schema": _DRAFT,
    "title": "move",
    "description": (
        "A move as move.to_data() writes it and Game.move_from_data reads it (the form of "
        "game records). Card text may also be given in any form Card.parse reads ('QS')."
    ),
    "oneOf": _MOVE_FORMS,
    "$defs": _DEFS,
}

_HIDDEN = _one(
    {"hidden": {"type": "string"}},
    ["hidden"],
    "a move the reader may not see: what kind of move it was, in words ('pass a card')",
)

_TRICK = {
    "type": "object",
    "properties": {
        "leader": {"$ref": "#/$defs/seat"},
        "cards": {"$ref": "#/$defs/cards"},
        "winner": {"anyOf": [{"$ref": "#/$defs/seat"}, {"type": "null"}]},
        "out": {"$ref": "#/$defs/seats", "description": "the seats that sit the deal out"},
        "seats": {"$ref": "#/$defs/seats", "description": "the seat of each card"},
    },
    "required": ["leader", "cards", "winner", "out", "seats"],
    "additionalProperties": False,
}

_NULL = {"type": "null"}
_OR_NULL = {"card": {"anyOf": [{"$ref": "#/$defs/card"}, _NULL]}}

_TRICK_VIEW = {
    "properties": {
        "trick": {"$ref": "#/$defs/trick"},
        "tricks": {"type": "array", "items": {"$ref": "#/$defs/trick"}},
        "round_number": _COUNT,
        "round_scores": {"$ref": "#/$defs/ints"},
        "turned_up": _OR_NULL["card"],
        "phase": {"type": ["string", "null"]},
        "payload": {"description": "the game's own data as the seat may see it (bids, ...)"},
        "hand_size": _COUNT,
    },
    "required": [
        "trick",
        "tricks",
        "round_number",
        "round_scores",
        "turned_up",
        "phase",
        "payload",
        "hand_size",
    ],
}

_SHED_VIEW = {
    "properties": {
        "top": {"anyOf": [{"$ref": "#/$defs/card"}, _NULL], "description": "null: no pile"},
        "face": {
            "type": "integer",
            "minimum": 0,
            "description": "the face to match: the rank of French cards, a declared deck's "
            "face number (cardrules.shedding.core.faces_of)",
        },
        "discard": {"$ref": "#/$defs/cards"},
        "suit": {"$ref": "#/$defs/suit"},
        "count": {"$ref": "#/$defs/int"},
        "direction": {"enum": [1, -1]},
        "stock_size": _COUNT,
        "hand_number": _COUNT,
        "cards_dealt": _COUNT,
        "phase": {"enum": ["play", "name_suit", "announce", "over"]},
        "count_out": {"type": "boolean"},
        "exposed": {"$ref": "#/$defs/seats"},
        "forfeits": {"type": "array", "items": _COUNT},
        "idle_turns": _COUNT,
        "penalties": {"$ref": "#/$defs/ints"},
        "dealer_draws": {
            "type": "array",
            "items": {
                "type": "array",
                "prefixItems": [{"$ref": "#/$defs/seat"}, {"$ref": "#/$defs/card"}],
                "items": False,
                "minItems": 2,
            },
        },
        "draws_this_turn": _COUNT,
        "cards_played": _COUNT,
    },
    "required": [
        "top",
        "face",
        "discard",
        "suit",
        "count",
        "direction",
        "stock_size",
        "hand_number",
        "cards_dealt",
        "phase",
        "count_out",
        "exposed",
        "forfeits",
        "idle_turns",
        "penalties",
        "dealer_draws",
        "draws_this_turn",
        "cards_played",
    ],
}

_SWAP = {
    "type": "object",
    "properties": {
        "giver": {"$ref": "#/$defs/seat"},
        "receiver": {"$ref": "#/$defs/seat"},
        "count": _COUNT,
        "best": {"type": "boolean"},
        "cards": {
            "type": "array",
            "items": _OR_NULL["card"],
            "description": "the cards given so far; null for each the seat may not see",
        },
    },
    "required": ["giver", "receiver", "count", "best", "cards"],
    "additionalProperties": False,
}

_CLIMB_VIEW = {
    "properties": {
        "table": {"$ref": "#/$defs/cards"},
        "table_seat": {"anyOf": [{"$ref": "#/$defs/seat"}, _NULL]},
        "passed": {"$ref": "#/$defs/seats"},
        "finished": {"$ref": "#/$defs/seats"},
        "reversed": {"type": "boolean"},
        "played": {"$ref": "#/$defs/cards"},
        "swaps": {"type": "array", "items": _SWAP},
        "last_places": {"$ref": "#/$defs/seats"},
        "deal_number": _COUNT,
        "phase": {"enum": ["exchange", "play", "over"]},
    },
    "required": [
        "table",
        "table_seat",
        "passed",
        "finished",
        "reversed",
        "played",
        "swaps",
        "last_places",
        "deal_number",
        "phase",
    ],
}

_VIEW: dict[str, Any] = {
    "$schema": _DRAFT,
    "title": "view",
    "description": (
        "What one seat may know (view.to_data()): its hand, the other hands' sizes, the "
        "public table, the scores and its legal moves now. 'family' says which fields "
        "follow: 'tricks' (TrickView), 'shedding' (ShedView) or 'climbing' (ClimbView); a "
        "game's view may add fields of its own."
    ),
    "type": "object",
    "properties": {
        "family": {"enum": ["tricks", "shedding", "climbing"]},
        "seat": {"$ref": "#/$defs/seat"},
        "hand": {"$ref": "#/$defs/cards"},
        "hand_sizes": {"type": "array", "items": _COUNT},
        "dealer": {"$ref": "#/$defs/seat"},
        "to_move": {"anyOf": [{"$ref": "#/$defs/seat"}, _NULL]},
        "scores": {"$ref": "#/$defs/ints"},
        "winners": {"$ref": "#/$defs/seats"},
        "legal_moves": {"type": "array", "items": {"$ref": "#/$defs/move"}},
    },
    "required": [
        "family",
        "seat",
        "hand",
        "hand_sizes",
        "dealer",
        "to_move",
        "scores",
        "winners",
        "legal_moves",
    ],
    "allOf": [
        {"if": {"properties": {"family": {"const": "tricks"}}}, "then": _TRICK_VIEW},
        {"if": {"properties": {"family": {"const": "shedding"}}}, "then": _SHED_VIEW},
        {"if": {"properties": {"family": {"const": "climbing"}}}, "then": _CLIMB_VIEW},
    ],
    "$defs": {**_DEFS, "trick": _TRICK, "move": {"oneOf": _MOVE_FORMS}},
}


def _field_schema(hint: Any, name: str) -> dict[str, Any]:
    """The schema of an event field declared ``hint`` (as :func:`to_data` writes it)."""
    if hint is Any:
        if name == "move":
            return {"oneOf": [{"$ref": "#/$defs/move"}, {"$ref": "#/$defs/hidden"}]}
        return {}
    simple: dict[object, dict[str, Any]] = {
        bool: {"type": "boolean"},
        str: {"type": "string"},
        float: {"type": "number"},
        type(None): _NULL,
        Card: {"$ref": "#/$defs/card"},
        Suit: {"$ref": "#/$defs/suit"},
        Rank: {"type": "integer", "minimum": 2, "maximum": 14},
        int: {"$ref": "#/$defs/int"},
    }
    if hint in simple:
        return simple[hint]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Union or origin is UnionType:
        return {"anyOf": [_field_schema(arg, name) for arg in args]}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _field_schema(args[0], name)}
        return {
            "type": "array",
            "prefixItems": [_field_schema(arg, name) for arg in args],
            "items": False,
            "minItems": len(args),
        }
    return {}


def _library_events() -> list[Any]:
    """The event classes of the library (:mod:`cardrules.events` and the families' own,
    :mod:`cardrules.shedding.events`), by name: every attrs subclass of
    :class:`~cardrules.events.Event` that a ``cardrules`` module exports.

    >>> [cls.__name__ for cls in _library_events()][:3]
    ['CalledOut', 'CardPlayed', 'CardTurnedUp']
    """
    found: dict[str, type[_events.Event]] = {}
    todo: list[type[_events.Event]] = [_events.Event]
    while todo:
        for cls in todo.pop().__subclasses__():
            todo.append(cls)
            module = sys.modules.get(cls.__module__)
            if (
                cls.__module__.startswith("cardrules.")
                and attrs.has(cls)
                and cls.__name__ in getattr(module, "__all__", ())
                and getattr(module, cls.__name__, None) is cls
            ):
                found[cls.__name__] = cls
    return [found[name] for name in sorted(found)]


def _event_schema() -> dict[str, Any]:
    """The schema of the events' data: ``event`` and ``text`` in every one, and for
    each event class of the library its fields, from their declared types."""
    cases = []
    for cls in _library_events():
        name = cls.__name__
        hints = typing.get_type_hints(cls)
        fields = {
            field.name: _field_schema(hints[field.name], field.name) for field in attrs.fields(cls)
        }
        kind = event_kind(cls)
        cases.append(
            {
                "if": {"properties": {"event": {"const": kind}}},
                "then": {
                    "title": f"{name}: {kind}",
                    "properties": {"event": True, "text": True, **fields},
                    "required": ["event", "text", *fields],
                    "additionalProperties": False,
                },
            }
        )
    return {
        "$schema": _DRAFT,
        "title": "event",
        "description": (
            "An event as one seat may know it (event.to_data(seat)): its kind in snake case, "
            "its fields as data and its text as that seat reads it. An event of a game's own "
            "has the fields of its class."
        ),
        "type": "object",
        "properties": {
            "event": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
            "text": {"type": "string"},
        },
        "required": ["event", "text"],
        "allOf": cases,
        "$defs": {**_DEFS, "move": {"oneOf": _MOVE_FORMS}, "hidden": _HIDDEN},
    }


SCHEMAS: Mapping[str, dict[str, Any]] = MappingProxyType(
    {"move": _MOVE, "view": _VIEW, "event": _event_schema()}
)
"""JSON Schemas (draft 2020-12) of the data forms, by name: ``"move"``, ``"view"`` and
``"event"``. Check data with any validator, e.g. the ``jsonschema`` package:
``jsonschema.validate(view.to_data(), SCHEMAS["view"])``.

>>> sorted(SCHEMAS), SCHEMAS["move"]["$schema"]
(['event', 'move', 'view'], 'https://json-schema.org/draft/2020-12/schema')
"""
