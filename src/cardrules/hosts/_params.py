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
- Craits' ``decks``: ``0`` for the default for the number of players.

This module needs no OpenSpiel (:mod:`cardrules.hosts.openspiel` registers the games).

>>> import cardrules as cr
>>> game_parameters(cr.Cramps(target=5, packets=(3, 3, 3, 2, 2)))
{'packets': '3/3/3/2/2', 'target': 5}
>>> rules_from_parameters(cr.Cramps, {'packets': '3/3/3/2/2', 'target': 5}) == cr.Cramps(
...     target=5, packets=(3, 3, 3, 2, 2))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardrules._text import shown
from cardrules.cards import Rank
from cardrules.errors import RulesError
from cardrules.game import Game
from cardrules.games.craits import Craits
from cardrules.games.craits.tables import DEFAULT_CARD_TABLE
from cardrules.games.cramps.rules import Cramps
from cardrules.shedding.core import Action, CardRule

__all__ = ["game_parameters", "parameter_specification", "rules_from_parameters"]

_FIXED: dict[type, tuple[str, ...]] = {Cramps: ("players",)}  # one allowed value: no parameter


def parameter_specification(rules_class: type[Game[Any, Any, Any]]) -> dict[str, Any]:
    """The OpenSpiel parameters of the rules options of ``rules_class``, with their
    defaults (what ``pyspiel.GameType`` takes as its ``parameter_specification``).

    >>> import cardrules as cr
    >>> parameter_specification(cr.Cramps)["packets"]
    '3/2/3/2/3'
    """
    defaults = rules_class().options()
    spec: dict[str, Any] = {}
    for name, value in defaults.items():
        if name in _FIXED.get(rules_class, ()):
            continue
        if name == "decks" and rules_class is Craits:
            spec[name] = 0
        elif name == "card_table" and rules_class is Craits:
            spec[name] = ""
        elif _is_list(value):
            spec[name] = _list_text(value)
        elif isinstance(value, (bool, int, str)):
            spec[name] = value
        else:  # pragma: no cover - a new option of a kind this module does not know
            raise RulesError(f"the option {name} ({shown(value)}) has no OpenSpiel parameter")
    return spec


def game_parameters(rules: Game[Any, Any, Any]) -> dict[str, Any]:
    """The OpenSpiel parameters of ``rules`` that differ from the defaults (Craits'
    ``players`` always), as :func:`parameter_specification` writes them."""
    rules_class = _rules_class(rules)
    spec = parameter_specification(rules_class)
    defaults = _defaults(rules_class, rules)
    chosen = rules.options()
    params: dict[str, Any] = {}
    for name in spec:
        value = chosen[name]
        if name == "players" or value != defaults[name]:
            params[name] = _parameter(rules_class, name, value, defaults[name])
    return dict(sorted(params.items()))


def rules_from_parameters(
    rules_class: type[Game[Any, Any, Any]], params: Mapping[str, Any]
) -> Game[Any, Any, Any]:
    """The rules object that OpenSpiel parameters describe (parameters left out take
    their defaults; OpenSpiel's own ones, such as ``max_game_length``, are ignored).
    Raises :class:`~cardrules.RulesError` for a value that is no option, saying what
    is allowed."""
    spec = parameter_specification(rules_class)
    defaults = rules_class().options()
    options: dict[str, Any] = {}
    for name, default in spec.items():
        value = params.get(name, default)
        if name == "decks":
            if value not in (0, 1, 2, 3) or isinstance(value, bool):
                raise RulesError(
                    f"decks must be 1, 2 or 3, or 0 for the default for the number of players "
                    f"(1 for 2-5, 2 for 6-10), not {shown(value)}"
                )
            options[name] = None if value == 0 else value
        elif name == "card_table":
            options[name] = _card_table_of(value)
        elif _is_list(defaults[name]):
            options[name] = _list_of(value, name, defaults[name])
        else:
            options[name] = value
    built: Game[Any, Any, Any] = rules_class.from_options(options)
    return built


def _rules_class(rules: object) -> type[Game[Any, Any, Any]]:
    if isinstance(rules, Game):
        return type(rules)
    raise RulesError(f"OpenSpiel games are made of rules objects (a Game), not {shown(rules)}")


def _defaults(rules_class: type[Game[Any, Any, Any]], rules: Any) -> dict[str, Any]:
    """The options of the default rules (for Craits, of the same number of players:
    the default number of decks depends on it)."""
    if rules_class is Craits:
        return Craits(players=rules.players).options()
    return rules_class().options()


def _parameter(rules_class: type[Game[Any, Any, Any]], name: str, value: Any, default: Any) -> Any:
    """An option's value (as ``options()`` gives it) as its parameter."""
    if name == "card_table" and rules_class is Craits:
        return _card_table_text(value)
    if _is_list(default):
        return _list_text(value)
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
