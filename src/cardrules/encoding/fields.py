"""Fields a game adds to its family's encoding: :class:`GameField`.

A family's encoder (:mod:`cardrules.encoding.tricks`, :mod:`cardrules.encoding.shedding`)
writes what every game of the family has (the hand, the trick, the scores…). A game
with something more to show (a "hearts broken" flag, a trump suit chosen in play)
declares it with an ``encoded_fields()`` method on its rules class, returning
:class:`GameField` values: each field's name, size, bounds and a function that fills
it from the seat's view. They are written at the end of the observation, in the order
given, so they are in every host's observation and information state too. A field
may also say how its values come from the state (``of_state``): the quick paths
(:mod:`cardrules.encoding.tracker`, the hosts' arrays) then need no view for it.

The game's fields are part of the encoder's layout: its text
(:attr:`~cardrules.encoding.Encoder.layout`) names the game and the version of its
fields, a class attribute ``encoded_fields_version`` (an int from 1; 1 if the class has
none), to bump on any change to them.

>>> field = GameField("broken", 1, lambda view: [1.0 if view.trick_number > 1 else 0.0],
...                   "1.0 once the first trick is done")
>>> field.size, field.low, field.high
(1, 0.0, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules._text import shown
from cardrules.errors import RulesError

__all__ = ["GameField", "fields_layout", "game_fields"]


def _check_name(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str) or not value.isidentifier():
        raise RulesError(f"a field's name must be a name such as 'broken', not {shown(value)}")


def _check_size(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RulesError(f"a field's size must be an int of at least 1, not {shown(value)}")


def _check_fill(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not callable(value):
        raise RulesError(
            f"a field's fill must be a function of the view giving its values, not {shown(value)}"
        )


@attrs.frozen
class GameField:
    """One field a game adds to its family's encoding.

    Args:
        name: the field's name (in the encoder's ``fields``; unique in the layout).
        size: how many floats it has.
        fill: ``fill(view)`` gives the ``size`` floats from the seat's view
            (``game.observe(state, seat)``; ``view.seat`` is the observer: make
            seat-indexed values relative to it, slot ``k`` the seat ``k`` places after
            it, as the family's fields are). It must use only the view.
        description: what the values are, for the layout's documentation.
        low, high: the bounds of every value (finite: hosts make boxes of them).
        of_state: optionally, ``of_state(state, seat)`` gives the same values as
            ``fill(game.observe(state, seat))``, from the state without making the
            view (it must read only what ``seat`` may see); the trackers of the
            hosts' arrays use it.
        same_for_every_seat: ``True`` for values that do not depend on the observer
            (public facts, not relative to its seat, such as the values of the tricks
            to come): the trackers then keep and write them once for all the seats,
            not once per seat. It changes nothing in the values.
    """

    name: str = attrs.field(validator=_check_name)
    size: int = attrs.field(validator=_check_size)
    fill: Callable[[Any], Sequence[float]] = attrs.field(validator=_check_fill, eq=False)
    description: str = ""
    low: float = attrs.field(default=0.0, converter=float)
    high: float = attrs.field(default=1.0, converter=float)
    of_state: Callable[[Any, int], Sequence[float]] | None = attrs.field(
        default=None, eq=False, kw_only=True
    )
    same_for_every_seat: bool = attrs.field(default=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if not (math.isfinite(self.low) and math.isfinite(self.high) and self.low <= self.high):
            raise RulesError(
                f"the field {self.name}'s bounds must be finite with low <= high, not "
                f"{self.low} and {self.high}"
            )
        if not isinstance(self.same_for_every_seat, bool):
            raise RulesError(
                f"the field {self.name}'s same_for_every_seat must be True or False, not "
                f"{shown(self.same_for_every_seat)}"
            )
        if self.of_state is not None and not callable(self.of_state):
            raise RulesError(
                f"the field {self.name}'s of_state must be a function of the state and "
                f"the seat, or None, not {shown(self.of_state)}"
            )

    def values(self, view: Any) -> Sequence[float]:
        """``fill(view)``, checked: ``size`` numbers. Raises
        :class:`~cardrules.RulesError` saying what was given otherwise."""
        values = self.fill(view)
        if len(values) != self.size:
            raise RulesError(
                f"the field {self.name} must give {self.size} values, not {len(values)}"
            )
        return values


def game_fields(game: Any, taken: Sequence[str]) -> tuple[GameField, ...]:
    """The fields ``game`` declares (its ``encoded_fields()``, or none), checked: game
    fields, with names that are neither in ``taken`` (the family's) nor repeated."""
    declare = getattr(game, "encoded_fields", None)
    if declare is None:
        return ()
    fields = tuple(declare())
    names = set(taken)
    for field in fields:
        if not isinstance(field, GameField):
            raise RulesError(
                f"{type(game).__name__}.encoded_fields() must give GameField values, "
                f"not {shown(field)}"
            )
        if field.name in names:
            raise RulesError(
                f"{type(game).__name__} declares the field {field.name!r}, a name the "
                f"encoding has already; fields so far: {', '.join(sorted(names))}"
            )
        names.add(field.name)
    return fields


def fields_layout(game: Any) -> str:
    """The part of the layout text for the fields ``game`` declares: its name (or its
    class's, if it has no registered name) and its ``encoded_fields_version``, such as
    ``"hearts/1"``. Raises :class:`~cardrules.RulesError` for a version that is not an
    int of at least 1.

    >>> import cardrules as cr
    >>> fields_layout(cr.Hearts())
    'hearts/1'
    """
    version = getattr(game, "encoded_fields_version", 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RulesError(
            f"{type(game).__name__}.encoded_fields_version must be an int of at least 1, "
            f"not {shown(version)}"
        )
    return f"{getattr(game, 'name', '') or type(game).__name__}/{version}"
