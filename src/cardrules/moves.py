"""Moves: the decisions players make.

Moves are small frozen values; two moves are equal when they say the same thing, so a
move built by hand equals the one in :meth:`Game.legal_moves <cardrules.game.Game.legal_moves>`.

>>> from cardrules import Card, Suit
>>> Play(Card.parse("8C"), suit=Suit.HEARTS)
Play(card=Card.parse('8♣'), suit=<Suit.HEARTS: 2>, announce=False)
>>> Play("QS") == Play(Card.parse("Q♠"))
True
>>> move_from_data(move_to_data(Play("8C", suit="H")))
Play(card=Card.parse('8♣'), suit=<Suit.HEARTS: 2>, announce=False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

import attrs

from cardrules._text import shown
from cardrules.cards import Card, Suit
from cardrules.errors import CardParseError, MoveTypeError, RecordError
from cardrules.values import Immutable

__all__ = [
    "Announce",
    "CallIdiot",
    "Draw",
    "Move",
    "NameSuit",
    "Pass",
    "Play",
    "move_from_data",
    "move_to_data",
]


def _as_card(value: Card | str) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise MoveTypeError(
        f"Play needs a Card or card text like 'QS', not {type(value).__name__} {shown(value)}"
    )


def _as_suit(value: Suit | str) -> Suit:
    if isinstance(value, Suit):
        return value
    if isinstance(value, str):
        return Suit.parse(value)
    raise MoveTypeError(
        f"a named suit must be a Suit or text like 'H' or 'hearts', not {shown(value)}"
    )


def _as_optional_suit(value: Suit | str | None) -> Suit | None:
    return None if value is None else _as_suit(value)


def _as_bool(value: bool) -> bool:
    if not isinstance(value, bool):
        raise MoveTypeError(f"announce must be True or False, not {shown(value)}")
    return value


@attrs.frozen(cache_hash=True)
class Play(Immutable):
    """Play ``card``. ``suit`` names the suit to follow after a wild card (an 8 in
    Craits); ``announce=True`` says "one card" with a play that leaves one card."""

    card: Card = attrs.field(converter=_as_card)
    suit: Suit | None = attrs.field(default=None, converter=_as_optional_suit)
    announce: bool = attrs.field(default=False, converter=_as_bool)

    def __str__(self) -> str:
        text = str(self.card)
        if self.suit is not None:
            text += f" naming {self.suit.symbol}"
        if self.announce:
            text += ' saying "one card"'
        return text


@attrs.frozen(cache_hash=True)
class Draw(Immutable):
    """Draw from the stock (in games where that is a move)."""

    def __str__(self) -> str:
        return "draw"

    def __reduce__(self) -> tuple[type[Draw], tuple[()]]:
        # Made again by calling the class: with no fields, pickle's protocols 0 and 1
        # would leave the cached hash unset.
        return (Draw, ())


def _as_seat(value: int) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise MoveTypeError(f"a seat must be an int from 0 up, not {shown(value)}")


def _as_optional_seat(value: int | None) -> int | None:
    return None if value is None else _as_seat(value)


@attrs.frozen(cache_hash=True)
class CallIdiot(Immutable):
    """Seat ``caller`` calls "idiot" on ``target``, a player who was left with one card
    without saying "one card" (Craits). It may be made out of turn while the window is
    open. ``target`` may be left out when only one player can be called on."""

    caller: int = attrs.field(converter=_as_seat)
    target: int | None = attrs.field(default=None, converter=_as_optional_seat)

    def __str__(self) -> str:
        on = "" if self.target is None else f" on seat {self.target}"
        return f'seat {self.caller} calls "idiot"{on}'


@attrs.frozen(cache_hash=True)
class NameSuit(Immutable):
    """Name the suit to follow without playing a card: the dealer's decision after
    turning up a wild card (Craits K6)."""

    suit: Suit = attrs.field(converter=_as_suit)

    def __str__(self) -> str:
        return f"name {self.suit.symbol}"


@attrs.frozen(cache_hash=True)
class Announce(Immutable):
    """Say "one card" on receiving the one card of the one-card hand (Craits V4)."""

    def __str__(self) -> str:
        return 'say "one card"'

    def __reduce__(self) -> tuple[type[Announce], tuple[()]]:
        # Made again by calling the class: with no fields, pickle's protocols 0 and 1
        # would leave the cached hash unset.
        return (Announce, ())


@attrs.frozen(cache_hash=True)
class Pass(Immutable):
    """Decline to act where the rules offer a choice of acting or not (e.g. stay silent
    on receiving the one card of the one-card hand, Craits V4)."""

    def __str__(self) -> str:
        return "pass"

    def __reduce__(self) -> tuple[type[Pass], tuple[()]]:
        # Made again by calling the class: with no fields, pickle's protocols 0 and 1
        # would leave the cached hash unset.
        return (Pass, ())


Move: TypeAlias = "Play | Draw | CallIdiot | NameSuit | Announce | Pass"
"""Any move of the games cardrules ships."""


def move_to_data(move: Move) -> dict[str, Any]:
    """A JSON-friendly dict for ``move`` (used by game records)."""
    if isinstance(move, Play):
        data: dict[str, Any] = {"play": str(move.card)}
        if move.suit is not None:
            data["suit"] = move.suit.letter
        if move.announce:
            data["announce"] = True
        return data
    if isinstance(move, Draw):
        return {"draw": True}
    if isinstance(move, CallIdiot):
        if move.target is None:
            return {"idiot": move.caller}
        return {"idiot": move.caller, "target": move.target}
    if isinstance(move, NameSuit):
        return {"name_suit": move.suit.letter}
    if isinstance(move, Announce):
        return {"announce": True}
    if isinstance(move, Pass):
        return {"pass": True}
    raise MoveTypeError(f"not a move: {shown(move)}")


def move_from_data(data: Mapping[str, Any]) -> Move:
    """Read a move from :func:`move_to_data`'s form; raises :class:`~cardrules.RecordError`."""
    if not isinstance(data, Mapping):
        raise RecordError(f"a move must be a JSON object like {{'play': 'QS'}}, not {shown(data)}")
    keys = set(data)
    try:
        if "play" in data and keys <= {"play", "suit", "announce"}:
            return Play(data["play"], suit=data.get("suit"), announce=data.get("announce", False))
        if keys == {"draw"} and data["draw"] is True:
            return Draw()
        if "idiot" in data and keys <= {"idiot", "target"}:
            return CallIdiot(data["idiot"], data.get("target"))
        if keys == {"name_suit"}:
            return NameSuit(data["name_suit"])
        if keys == {"announce"} and data["announce"] is True:
            return Announce()
        if keys == {"pass"} and data["pass"] is True:
            return Pass()
    except (CardParseError, MoveTypeError) as exc:
        raise RecordError(f"bad move {shown(dict(data))}: {exc}") from None
    raise RecordError(
        f"bad move {shown(dict(data))}: expected {{'play': card, 'suit'?: letter, "
        "'announce'?: true}, {'draw': true}, {'idiot': seat, 'target'?: seat}, "
        "{'name_suit': letter}, {'announce': true} or {'pass': true}"
    )
