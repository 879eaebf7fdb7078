"""Rules options as OpenSpiel game parameters, and back: every option of a game (Cramps,
Craits, a game of your own whose options are ints, bools and strings) is a named
parameter of the OpenSpiel game, so a game string such as
``python_cardrules_cramps(target=5)`` says it all.

OpenSpiel's parameters are ints, bools, floats and strings, and a game string may not
hold commas or brackets, so the options that are not ints, bools or strings are
written as text:

- a list of ints or of strings (Cramps' ``packets`` and ``trick_values``): its items
  joined by ``/`` (``3/2/3/2/3``, ``left/right/across``);
- Craits' ``card_table``: the rows that differ from the default table, joined by
  ``/``, each ``rank:action:points[:count[:starts_count]]`` (``J:skip:10``,
  ``2:none:20:2:1``; ``starts_count`` is 0 or 1, left-out fields are 0); ``""``
  keeps the default table;
- an option of ints or ``None`` (annotated ``tuple[int, ...] | None``: President's
  ``points``): its ints joined by ``/`` (``5/3/1/0``), ``""`` for ``None`` (such an
  option holds two ints or more: :func:`game_parameters` refuses fewer).

An int option may also take ``None`` (a game to no target, a rule switched off), and
an int parameter holds no ``None``: a string parameter will not do either, since a game
string reads ``target=7`` back as an int, which OpenSpiel refuses for a string
parameter. So:

- an int option that is ``None`` by default (Crazy Eights' ``draw_limit``, no limit;
  Craits' ``decks``, the number for the number of players) is an int parameter in which
  ``0`` stands for ``None``: its default, and what it means (such options take no 0 of
  their own: :func:`parameter_specification` checks);
- an int option that is an int by default and takes ``None`` too (the ``target`` of
  Hearts, Euchre, Spades and Crazy Eights; Spades' ``losing_score``, whose 0 is a
  score like any other) is an int parameter for its ints and a bool parameter, its
  name with ``no_`` before it, for ``None``: ``no_target=true`` is ``target=None``
  (with the int left at its default: ``target=7,no_target=true`` is refused, as
  contradicting itself). The option takes ``None`` if its attrs validator lets it
  (:func:`cardrules.options.integer` with ``or_none=True``).

A ``None`` that neither can hold (an option with no validator saying it takes ``None``)
is refused with :class:`~cardrules.RulesError`.

This module needs no OpenSpiel (:mod:`cardrules.hosts.openspiel` registers the games).

>>> import cardrules as cr
>>> game_parameters(cr.Cramps(target=5, packets=(3, 3, 3, 2, 2)))
{'packets': '3/3/3/2/2', 'target': 5}
>>> rules_from_parameters(cr.Cramps, {'packets': '3/3/3/2/2', 'target': 5}) == cr.Cramps(
...     target=5, packets=(3, 3, 3, 2, 2))
True
>>> game_parameters(cr.CrazyEights(players=10, draw_limit=3))  # two decks for 10: implied
{'draw_limit': 3, 'players': 10}
>>> rules_from_parameters(cr.CrazyEights, {'draw_limit': 0}).draw_limit is None
True
>>> game_parameters(cr.Spades(target=None, losing_score=0))
{'losing_score': 0, 'no_target': True}
>>> rules_from_parameters(cr.Spades, {'no_target': True}).target is None
True
>>> game_parameters(cr.President(points=(5, 3, 1, 0)))
{'players': 4, 'points': '5/3/1/0'}
>>> rules_from_parameters(cr.President, {'points': ''}).points is None
True
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

from cardrules._text import shown
from cardrules.cards import Rank
from cardrules.errors import RulesError
from cardrules.game import Game
from cardrules.games.craits import Craits
from cardrules.games.craits.tables import DEFAULT_CARD_TABLE
from cardrules.games.cramps.rules import Cramps
from cardrules.options import takes_none
from cardrules.shedding.core import Action, CardRule

__all__ = [
    "NONE_FLAG_PREFIX",
    "NONE_PARAMETER",
    "game_parameters",
    "parameter_specification",
    "rules_from_parameters",
]

NONE_PARAMETER = 0
"""What stands for ``None`` in the parameter of an int option that is ``None`` by
default."""

NONE_FLAG_PREFIX = "no_"
"""What goes before the name of an int option that is an int by default and takes
``None`` too, to name the bool parameter that is ``true`` for ``None``
(``no_target``)."""

_FIXED: dict[type, tuple[str, ...]] = {Cramps: ("players",)}  # one allowed value: no parameter


def parameter_specification(rules_class: type[Game[Any, Any, Any]]) -> dict[str, Any]:
    """The OpenSpiel parameters of the rules options of ``rules_class``, with their
    defaults (what ``pyspiel.GameType`` takes as its ``parameter_specification``).
    Raises :class:`~cardrules.RulesError` for an option of a kind no parameter can
    hold, for an option that is ``None`` by default but takes 0 too, and for an option
    that takes ``None`` besides its int default when another option already has the
    name of its ``no_`` flag.

    >>> import cardrules as cr
    >>> parameter_specification(cr.Cramps)["packets"]
    '3/2/3/2/3'
    >>> parameter_specification(cr.Craits)["decks"]
    0
    >>> spec = parameter_specification(cr.Euchre)
    >>> spec["target"], spec["no_target"]
    (10, False)
    """
    return dict(_specification(rules_class))


@functools.cache
def _specification(rules_class: type[Game[Any, Any, Any]]) -> tuple[tuple[str, Any], ...]:
    nones = _none_options(rules_class)
    flags = _none_flags(rules_class)
    int_lists = _int_lists(rules_class)
    spec: list[tuple[str, Any]] = []
    for name, value in rules_class().options().items():
        if name in _FIXED.get(rules_class, ()):
            continue
        if name == "card_table" and rules_class is Craits:
            spec.append((name, ""))
        elif name in int_lists:
            spec.append((name, _int_list_text(value, name, rules_class)))
        elif name in nones:
            spec.append((name, NONE_PARAMETER))
        elif _is_list(value):
            spec.append((name, _list_text(value)))
        elif isinstance(value, (bool, int, str)):
            spec.append((name, value))
            if name in flags:
                spec.append((flags[name], False))
        else:
            raise RulesError(
                f"the option {name} of {rules_class.__name__} ({shown(value)}) has no "
                "OpenSpiel parameter: parameters are ints, bools, strings, lists of ints or "
                "of strings, and ints or tuples of ints that may be None"
            )
    return tuple(spec)


@functools.cache
def _none_options(rules_class: type[Game[Any, Any, Any]]) -> frozenset[str]:
    """The int options of ``rules_class`` that are ``None`` by default (those whose
    default rules give ``None`` or an int worked out from the other options), each
    checked to refuse 0, which stands for ``None`` in its parameter."""
    defaults = rules_class().options()
    int_lists = _int_lists(rules_class)
    names = []
    for field in _fields(rules_class):
        value = defaults.get(field.name)
        if not (field.init and field.default is None and field.name in defaults):
            continue
        if field.name in int_lists:
            continue  # (a text parameter, "" for None)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            continue  # not an int option (Craits' card_table)
        try:
            rules_class.from_options({field.name: NONE_PARAMETER})
        except RulesError:
            names.append(field.name)
            continue
        raise RulesError(
            f"the option {field.name} of {rules_class.__name__} is None by default and takes "
            f"{NONE_PARAMETER} as well, so no OpenSpiel parameter can hold it "
            f"({NONE_PARAMETER} stands for None there)"
        )
    return frozenset(names)


@functools.cache
def _none_flags(rules_class: type[Game[Any, Any, Any]]) -> Mapping[str, str]:
    """The int options of ``rules_class`` that are ints by default and take ``None``
    too (their validator lets ``None`` through), each with the name of the bool
    parameter that stands for ``None`` (``target``: ``no_target``)."""
    defaults = rules_class().options()
    flags: dict[str, str] = {}
    for field in _fields(rules_class):
        value = field.default
        if not (field.init and field.name in defaults):
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        if not takes_none(rules_class, field.name):
            continue
        flag = NONE_FLAG_PREFIX + field.name
        if flag in defaults:
            raise RulesError(
                f"the option {field.name} of {rules_class.__name__} takes None besides its "
                f"int default, which the OpenSpiel parameter {flag}=true would stand for, "
                f"but {flag} of {rules_class.__name__} is an option already: rename one"
            )
        flags[field.name] = flag
    return MappingProxyType(flags)


@functools.cache
def _int_lists(rules_class: type[Game[Any, Any, Any]]) -> frozenset[str]:
    """The options of ``rules_class`` annotated ``tuple[int, ...] | None`` (President's
    ``points``): a text parameter each, its ints joined by ``/``, ``""`` for ``None``."""
    try:
        hints = typing.get_type_hints(rules_class)
    except (NameError, TypeError, AttributeError):  # (annotations that do not resolve)
        return frozenset()
    names = []
    for field in _fields(rules_class):
        hint = hints.get(field.name)
        if typing.get_origin(hint) not in (typing.Union, types.UnionType):
            continue
        others = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        if len(others) == len(typing.get_args(hint)) - 1 == 1:
            (other,) = others
            if typing.get_origin(other) is tuple and typing.get_args(other) == (int, ...):
                names.append(field.name)
    return frozenset(names)


def _int_list_text(value: Any, name: str, rules_class: type[Game[Any, Any, Any]]) -> str:
    """An option of ints or ``None`` (as ``options()`` gives it) as its parameter's
    text: ``[5, 3, 1]`` as ``'5/3/1'``, ``None`` as ``''``."""
    if value is None:
        return ""
    if len(value) < 2:
        raise RulesError(
            f"the option {name} of {rules_class.__name__} is {shown(tuple(value))}, which no "
            "parameter can hold: its parameter is its ints joined by '/' ('' stands for "
            "None, and one int alone would read back as an int in a game string)"
        )
    return _list_text(value)


def _int_list_of(text: object, name: str) -> tuple[int, ...] | None:
    """The value of a parameter of ints or ``None`` (see :func:`_int_list_text`)."""
    if text == "":
        return None
    if isinstance(text, str):
        try:
            return tuple(int(part) for part in text.split("/"))
        except ValueError:
            pass
    raise RulesError(
        f"{name} must be whole numbers joined by '/' (such as '5/3/1/0'), or '' for None, "
        f"not {shown(text)}"
    )


def _fields(rules_class: type) -> tuple[attrs.Attribute[Any], ...]:
    """The attrs fields of ``rules_class`` (none if it is not an attrs class)."""
    return tuple(attrs.fields(rules_class)) if attrs.has(rules_class) else ()


def game_parameters(rules: Game[Any, Any, Any]) -> dict[str, Any]:
    """The OpenSpiel parameters of ``rules`` that differ from the defaults (for the same
    number of players; ``players`` itself always, if it is an option), as
    :func:`parameter_specification` writes them: parameters that load ``rules`` again
    (:func:`rules_from_parameters`). Raises :class:`~cardrules.RulesError` for a
    ``None`` that no parameter can hold (see the module's text)."""
    rules_class = _rules_class(rules)
    spec = parameter_specification(rules_class)
    flags = _none_flags(rules_class)
    defaults = _defaults(rules_class, rules)
    chosen = rules.options()
    params: dict[str, Any] = {}
    for name, value in chosen.items():
        if name not in spec:
            continue  # (an option with one allowed value)
        if name in flags:
            # Compared with the parameter's default, which loads when it is left out.
            if value is None:
                params[flags[name]] = True
            elif value != spec[name]:
                params[name] = value
        elif name == "players" or value != defaults[name]:
            params[name] = _parameter(rules_class, name, value, defaults[name])
    if rules_from_parameters(rules_class, params) != rules:
        # An option worked out from others, left out above, would be worked out otherwise
        # from the parameters: every such option is written as it is.
        for name in _none_options(rules_class):
            params[name] = _parameter(rules_class, name, chosen[name], None)
    return dict(sorted(params.items()))


def rules_from_parameters(
    rules_class: type[Game[Any, Any, Any]], params: Mapping[str, Any]
) -> Game[Any, Any, Any]:
    """The rules object that OpenSpiel parameters describe (parameters left out take
    their defaults; OpenSpiel's own ones, such as ``max_game_length``, are ignored).
    Raises :class:`~cardrules.RulesError` for a value that is no option, saying what
    is allowed, and for a ``no_`` flag set together with its option's int."""
    spec = parameter_specification(rules_class)
    nones = _none_options(rules_class)
    flags = _none_flags(rules_class)
    int_lists = _int_lists(rules_class)
    defaults = rules_class().options()
    options: dict[str, Any] = {}
    for name, default in spec.items():
        if name not in defaults:
            continue  # a no_ flag, read with its option
        value = params.get(name, default)
        if name == "decks" and rules_class is Craits:
            if value not in (0, 1, 2, 3) or isinstance(value, bool):
                raise RulesError(
                    f"decks must be 1, 2 or 3, or 0 for the default for the number of players "
                    f"(1 for 2-5, 2 for 6-10), not {shown(value)}"
                )
            options[name] = None if value == 0 else value
        elif name == "card_table" and rules_class is Craits:
            options[name] = _card_table_of(value)
        elif name in int_lists:
            options[name] = _int_list_of(value, name)
        elif name in nones:
            is_int = isinstance(value, int) and not isinstance(value, bool)
            options[name] = None if is_int and value == NONE_PARAMETER else value
        elif name in flags:
            options[name] = _flagged(name, value, default, flags[name], params)
        elif _is_list(defaults[name]):
            options[name] = _list_of(value, name, defaults[name])
        else:
            options[name] = value
    built: Game[Any, Any, Any] = rules_class.from_options(options)
    return built


def _flagged(name: str, value: Any, default: Any, flag: str, params: Mapping[str, Any]) -> Any:
    """The value of an option that takes ``None`` besides its int default: ``None`` if
    its ``no_`` flag is set (and its int left at the default), else its int."""
    is_none = params.get(flag, False)
    if not isinstance(is_none, bool):
        raise RulesError(f"{flag} must be true or false, not {shown(is_none)}")
    if not is_none:
        return value
    if value != default:
        raise RulesError(
            f"{flag}=true and {name}={shown(value)} contradict each other: {flag}=true makes "
            f"{name} None (leave {name} out, at its default {default}), or leave {flag} out "
            f"for {name}={shown(value)}"
        )
    return None


def _rules_class(rules: object) -> type[Game[Any, Any, Any]]:
    if isinstance(rules, Game):
        return type(rules)
    raise RulesError(f"OpenSpiel games are made of rules objects (a Game), not {shown(rules)}")


def _defaults(rules_class: type[Game[Any, Any, Any]], rules: Any) -> dict[str, Any]:
    """The options of the default rules of the same number of players, if that is an
    option (the defaults of others may depend on it: Craits' and Crazy Eights' decks)."""
    if "players" in parameter_specification(rules_class):
        return rules_class.from_options({"players": rules.players}).options()
    return rules_class().options()


def _parameter(rules_class: type[Game[Any, Any, Any]], name: str, value: Any, default: Any) -> Any:
    """An option's value (as ``options()`` gives it) as its parameter (not for an option
    with a ``no_`` flag: see :func:`game_parameters`)."""
    if name == "card_table" and rules_class is Craits:
        return _card_table_text(value)
    if name in _int_lists(rules_class):
        return _int_list_text(value, name, rules_class)
    if _is_list(default):
        return _list_text(value)
    if value is None:
        if name in _none_options(rules_class):
            return NONE_PARAMETER
        raise RulesError(
            f"the option {name} of {rules_class.__name__} is None, which no parameter can "
            "hold: an int option takes None in OpenSpiel when its attrs validator says it "
            "may be None (cardrules.options.integer(..., or_none=True))"
        )
    return value


def _is_list(value: object) -> bool:
    """Whether an option's value (as ``options()`` gives it) is a list of ints or of
    strings: a parameter written as text."""
    return isinstance(value, list) and (_all_ints(value) or _all_strings(value))


def _all_ints(values: list[Any]) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) for v in values)


def _all_strings(values: list[Any]) -> bool:
    return all(isinstance(v, str) for v in values)


def _list_text(values: Any) -> str:
    """``[3, 2]`` as ``'3/2'``, ``['left', 'right']`` as ``'left/right'``."""
    return "/".join(str(value) for value in values)


def _list_of(text: object, name: str, default: list[Any]) -> list[Any]:
    """The items of a list parameter (see :func:`_list_text`): ints where the
    default's items are ints, else strings (``""`` is the empty list)."""
    example = _list_text(default) or "a/b"
    if not isinstance(text, str):
        raise RulesError(f"{name} must be text like {example!r}, not {shown(text)}")
    parts = text.split("/") if text else []
    if not (default and _all_ints(default)):
        return parts
    try:
        return [int(part) for part in parts]
    except ValueError:
        raise RulesError(
            f"{name} must be whole numbers joined by '/' (such as {example!r}), not {shown(text)}"
        ) from None


def _card_table_text(rows: Mapping[str, Any]) -> str:
    """The rows of a card table (as ``options()`` gives them) that differ from the
    default table, as text."""
    chosen = []
    for rank in Rank:
        row = rows[str(int(rank))]
        default = DEFAULT_CARD_TABLE[rank]
        rule = CardRule(row["action"], row["points"], row["count"], row["starts_count"])
        if rule == default:
            continue
        fields = [rank.label, rule.action.value, str(rule.points)]
        if rule.count or rule.starts_count:
            fields.append(str(rule.count))
        if rule.starts_count:
            fields.append("1")
        chosen.append(":".join(fields))
    return "/".join(chosen)


_ACTIONS = ", ".join(action.value for action in Action)


def _card_table_of(text: object) -> dict[str, CardRule]:
    """The rows a ``card_table`` parameter replaces (see the module's text)."""
    if not isinstance(text, str):
        raise RulesError(f"card_table must be text like 'J:skip:10', not {shown(text)}")
    rows: dict[str, CardRule] = {}
    for part in text.split("/") if text else ():
        fields = part.split(":")
        if not 3 <= len(fields) <= 5:
            raise RulesError(
                "a card_table row is rank:action:points[:count[:starts_count]] "
                f"(such as 'J:skip:10'), not {shown(part)}"
            )
        rank, action, *numbers = fields
        try:
            points, count, starts = (int(number) for number in (*numbers, "0", "0")[:3])
        except ValueError:
            raise RulesError(
                f"a card_table row's points, count and starts_count are whole numbers, "
                f"not {shown(part)}"
            ) from None
        if starts not in (0, 1):
            raise RulesError(f"a card_table row's starts_count is 0 or 1, not {shown(part)}")
        if action not in {a.value for a in Action}:
            raise RulesError(
                f"a card_table row's action is one of {_ACTIONS}, not {shown(action)} "
                f"(in {shown(part)})"
            )
        rows[rank] = CardRule(action, points, count, bool(starts))
    return rows
