"""What every game's ``openspiel(**params)`` preset shares: OpenSpiel's parameters
read by their names, checked against the game's table of them, with OpenSpiel's
defaults for those not given.

A game lists OpenSpiel's parameters with their defaults (a mapping, usually a
``ClassVar`` named ``OPENSPIEL_PARAMETERS``) and calls :func:`openspiel_parameters` in
its preset; what it does with the values (which options of its own they become) is
the game's business, told on its rules page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardrules._text import shown
from cardrules.errors import RulesError

__all__ = ["openspiel_parameters"]


def openspiel_parameters(
    game: str, given: Mapping[str, Any], defaults: Mapping[str, Any]
) -> dict[str, Any]:
    """``given`` over ``defaults``: every parameter of OpenSpiel's ``game``, each of
    the type of its default (an int is taken where OpenSpiel has a float).

    Raises :class:`~cardrules.RulesError` for a name OpenSpiel's game does not have, or
    a value of another type, saying what is allowed.

    >>> defaults = {"win_threshold": 500, "use_mercy_rule": True}
    >>> openspiel_parameters("spades", {"win_threshold": 300}, defaults)
    {'win_threshold': 300, 'use_mercy_rule': True}
    >>> openspiel_parameters("spades", {"use_mercy_rule": 0}, defaults)
    Traceback (most recent call last):
        ...
    cardrules.errors.RulesError: OpenSpiel's spades parameter use_mercy_rule must be a bool ...
    """
    values = dict(defaults)
    for name, value in given.items():
        if name not in defaults:
            raise RulesError(
                f"OpenSpiel's {game} has no parameter {shown(name)}; its parameters are "
                + ", ".join(defaults)
            )
        default = defaults[name]
        kind = type(default)
        fits = type(value) is kind or (
            kind is float and isinstance(value, int) and not isinstance(value, bool)
        )
        if not fits:
            raise RulesError(
                f"OpenSpiel's {game} parameter {name} must be a {kind.__name__} "
                f"(default {shown(default)}), not {shown(value)}"
            )
        values[name] = value
    return values
