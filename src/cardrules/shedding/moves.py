"""The shedding family's own moves: draw from the stock, call on a player who kept
quiet with one card, say "one card". Every game on the shedding engine takes them
beside the moves all games share (:class:`~cardrules.moves.Play`,
:class:`~cardrules.moves.NameSuit`, :class:`~cardrules.moves.Pass`).

Records write them in the short forms they have always had (``{'draw': true}``,
``{'idiot': 1, 'target': 2}``, ``{'announce': true}``): each is registered with
:func:`~cardrules.moves.register_move` with its short form, and writes and reads it
itself (``to_data``, ``from_data``).

>>> from cardrules.moves import move_from_data
>>> move_from_data(CallIdiot(1, target=2).to_data())
CallIdiot(caller=1, target=2)
>>> str(Draw()), str(Announce())
('draw', 'say "one card"')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import attrs

from cardrules.moves import NameSuit, Pass, Play, as_seat, register_move
from cardrules.values import Immutable

__all__ = ["SHEDDING_MOVES", "Announce", "CallIdiot", "Draw"]


@register_move("draw", short_form="{'draw': true}")
@attrs.frozen(cache_hash=True)
class Draw(Immutable):
    """Draw from the stock (in games where that is a move)."""

    told_by_events: ClassVar[bool] = True
    """Its events (:class:`~cardrules.shedding.events.CardsDrawn`) tell what it did."""

    def to_data(self) -> dict[str, Any]:
        """This move as data, as records write it (:func:`~cardrules.moves.move_to_data`).

        >>> Draw().to_data()
        {'draw': True}
        """
        return {"draw": True}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Draw | None:
        """The move :meth:`to_data` wrote as ``data``, or ``None``: not this form."""
        return cls() if set(data) == {"draw"} and data["draw"] is True else None

    def __str__(self) -> str:
        return "draw"

    def __reduce__(self) -> tuple[type[Draw], tuple[()]]:
        # Made again by calling the class: with no fields, pickle's protocols 0 and 1
        # would leave the cached hash unset.
        return (Draw, ())


def _as_optional_seat(value: int | None) -> int | None:
    return None if value is None else as_seat(value)


@register_move("idiot", short_form="{'idiot': seat, 'target'?: seat}")
@attrs.frozen(cache_hash=True)
class CallIdiot(Immutable):
    """Seat ``caller`` calls "idiot" on ``target``, a player who was left with one card
    without saying "one card" (Craits). It may be made out of turn while the window is
    open. ``target`` may be left out when only one player can be called on."""

    caller: int = attrs.field(converter=as_seat)
    target: int | None = attrs.field(default=None, converter=_as_optional_seat)

    told_by_events: ClassVar[bool] = True
    """Its event (:class:`~cardrules.shedding.events.IdiotCalled`) tells what it did."""

    def to_data(self) -> dict[str, Any]:
        """This move as data, as records write it (:func:`~cardrules.moves.move_to_data`).

        >>> CallIdiot(1, target=2).to_data()
        {'idiot': 1, 'target': 2}
        """
        if self.target is None:
            return {"idiot": self.caller}
        return {"idiot": self.caller, "target": self.target}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> CallIdiot | None:
        """The move :meth:`to_data` wrote as ``data``, or ``None``: not this form."""
        if set(data) <= {"idiot", "target"}:
            return cls(data["idiot"], data.get("target"))
        return None

    def phrase(self, who: Callable[[int], str]) -> str:
        """The call in words, the target named by ``who`` (``"you"``, ``"seat 2"``).

        >>> CallIdiot(1, target=2).phrase(lambda seat: f"seat {seat}")
        'call "idiot" on seat 2'
        """
        on = "" if self.target is None else f" on {who(self.target)}"
        return f'call "idiot"{on}'

    def __str__(self) -> str:
        on = "" if self.target is None else f" on seat {self.target}"
        return f'seat {self.caller} calls "idiot"{on}'


@register_move("announce", short_form="{'announce': true}")
@attrs.frozen(cache_hash=True)
class Announce(Immutable):
    """Say "one card" on receiving the one card of the one-card hand."""

    told_by_events: ClassVar[bool] = True
    """Its event (:class:`~cardrules.shedding.events.OneCardAnnounced`) tells what it did."""

    def to_data(self) -> dict[str, Any]:
        """This move as data, as records write it (:func:`~cardrules.moves.move_to_data`).

        >>> Announce().to_data()
        {'announce': True}
        """
        return {"announce": True}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Announce | None:
        """The move :meth:`to_data` wrote as ``data``, or ``None``: not this form."""
        return cls() if set(data) == {"announce"} and data["announce"] is True else None

    def __str__(self) -> str:
        return 'say "one card"'

    def __reduce__(self) -> tuple[type[Announce], tuple[()]]:
        # Made again by calling the class: with no fields, pickle's protocols 0 and 1
        # would leave the cached hash unset.
        return (Announce, ())


SHEDDING_MOVES = (Play, Draw, CallIdiot, NameSuit, Announce, Pass)
"""The move classes the shedding engine takes (any other move is another game's)."""
