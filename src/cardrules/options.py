"""Reusable validators for games' options, in the attrs style: each is given to
``attrs.field(validator=...)`` and refuses a bad value with
:class:`~cardrules.RulesError`, naming the game, the option, what is allowed and what
was given. Every game of the library checks its options with these, so their messages
read the same everywhere.

>>> import attrs
>>> from cardrules.options import flag, integer, one_of
>>> @attrs.frozen(kw_only=True)
... class Options:
...     target: int = attrs.field(default=100, validator=integer(1))
...     jack_bonus: bool = attrs.field(default=False, validator=flag)
...     passing: str = attrs.field(default="left", validator=one_of("left", "right"))
>>> Options(target=50).target
50
>>> Options(target=0)
Traceback (most recent call last):
    ...
cardrules.errors.RulesError: Options: target must be an int from 1 up, not 0
>>> Options(jack_bonus=1)
Traceback (most recent call last):
    ...
cardrules.errors.RulesError: Options: jack_bonus must be True or False, not 1
>>> Options(passing="up")
Traceback (most recent call last):
    ...
cardrules.errors.RulesError: Options: passing must be one of 'left', 'right', not 'up'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from cardrules._checks import check_int
from cardrules._text import shown
from cardrules.errors import RulesError

__all__ = ["Validator", "flag", "integer", "one_of", "takes_none"]

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]
"""What attrs calls with the instance, the field and the value given."""


def _owner(instance: object) -> str:
    return type(instance).__name__


def flag(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An option that is ``True`` or ``False`` (not 1, 0 or text)."""
    if not isinstance(value, bool):
        raise RulesError(
            f"{_owner(instance)}: {attribute.name} must be True or False, not {shown(value)}"
        )


def integer(low: int | None = None, high: int | None = None, *, or_none: bool = False) -> Validator:
    """An option that is an int (not a bool) from ``low`` to ``high`` (``None``: no
    bound on that side), or ``None`` as well when ``or_none`` (an option that may be
    switched off, such as a game played to no target).

    >>> import attrs
    >>> @attrs.frozen
    ... class Game:
    ...     target: int | None = attrs.field(default=None, validator=integer(1, or_none=True))
    >>> Game(None).target, Game(5).target
    (None, 5)
    >>> Game(-5)
    Traceback (most recent call last):
        ...
    cardrules.errors.RulesError: Game: target must be an int from 1 up or None, not -5
    """
    note = " or None" if or_none else ""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None and or_none:
            return
        what = f"{_owner(instance)}: {attribute.name}"
        check_int(value, what, low, high, error=RulesError, note=note)

    return check


def one_of(*allowed: object) -> Validator:
    """An option that is one of ``allowed`` (compared with ``==``, and of the same
    type, so that ``True`` is not taken for ``1``)."""
    if not allowed:
        raise TypeError("one_of needs at least one allowed value")
    listed = ", ".join(shown(value) for value in allowed)

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not any(type(value) is type(choice) and value == choice for choice in allowed):
            raise RulesError(
                f"{_owner(instance)}: {attribute.name} must be one of {listed}, not {shown(value)}"
            )

    return check


def takes_none(rules_class: type, name: str) -> bool:
    """Whether the option ``name`` of the attrs class ``rules_class`` may be ``None``:
    it has a validator, and the validator lets ``None`` through (as :func:`integer`
    does with ``or_none=True``). The validator is asked alone, with the default rules
    as its instance, so the class's checks of several options together do not count.
    The command line asks it to tell ``-o target=none`` (``None``) from Oh Hell's
    ``-o trumps=none`` (the word), and the OpenSpiel host which int options get a
    ``no_`` flag for ``None``.

    >>> import cardrules as cr
    >>> takes_none(cr.Spades, "target"), takes_none(cr.OhHell, "trumps")
    (True, False)
    """
    fields = attrs.fields_dict(rules_class) if attrs.has(rules_class) else {}
    field = fields.get(name)
    if field is None or not field.init or field.validator is None:
        return False
    try:
        field.validator(rules_class(), field, None)
    except (RulesError, TypeError, ValueError):
        return False
    return True
