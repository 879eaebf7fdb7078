"""The shedding family's own moves: draw from the stock, call out a player who kept
quiet with one card, say "one card". Every game on the shedding engine takes them
beside the moves all games share (:class:`~cardrules.moves.Play`,
:class:`~cardrules.moves.NameSuit`, :class:`~cardrules.moves.Pass`).

Records write them in the short forms they have always had (``{'draw': true}``,
``{'call': 1, 'target': 2}``, ``{'announce': true}``): each is registered with
:func:`~cardrules.moves.register_move` with its short form, and writes and reads it
itself (``to_data``, ``from_data``).

>>> from cardrules.moves import move_from_data
>>> move_from_data(CallOut(1, target=2).to_data())
CallOut(caller=1, target=2)
>>> str(Draw()), str(Announce())
('draw', 'say "one card"')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import attrs

from cardrules.moves import NameSuit, Pass, Play, as_seat, register_move
from cardrules.values import Immutable

__all__ = ["SHEDDING_MOVES", "Announce", "CallOut", "Draw", "JumpIn", "call_phrase"]


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


def call_phrase(word: str, target: str | None) -> str:
    """A call on a missed "one card" in words, said with the game's ``word`` for it
    (its ``call_word``; ``"call"``, the default, is no word of its own), on ``target``
    (a seat named for the reader; ``None``: not said).

    >>> call_phrase("call", "seat 2"), call_phrase("UNO", "you"), call_phrase("UNO", None)
    ('call seat 2 out', 'call "UNO" on you', 'call "UNO"')
    """
    if word == "call":
        return "call out" if target is None else f"call {target} out"
    return f'call "{word}"' if target is None else f'call "{word}" on {target}'


@register_move("call", short_form="{'call': seat, 'target'?: seat}")
@attrs.frozen(cache_hash=True)
class CallOut(Immutable):
    """Seat ``caller`` calls out ``target``, a player who was left with one card without
    saying "one card", in a game with ``one_card_calls`` (each game has its word for the
    call, its ``call_word``, which its texts say). It may be made out of turn while the
    window is open. ``target`` may be left out when only one player can be called on."""

    caller: int = attrs.field(converter=as_seat)
    target: int | None = attrs.field(default=None, converter=_as_optional_seat)

    told_by_events: ClassVar[bool] = True
    """Its event (:class:`~cardrules.shedding.events.CalledOut`) tells what it did."""

    def to_data(self) -> dict[str, Any]:
        """This move as data, as records write it (:func:`~cardrules.moves.move_to_data`).

        >>> CallOut(1, target=2).to_data()
        {'call': 1, 'target': 2}
        """
        if self.target is None:
            return {"call": self.caller}
        return {"call": self.caller, "target": self.target}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> CallOut | None:
        """The move :meth:`to_data` wrote as ``data``, or ``None``: not this form."""
        if set(data) <= {"call", "target"}:
            return cls(data["call"], data.get("target"))
        return None

    def phrase(self, who: Callable[[int], str], word: str = "call") -> str:
        """The call in words, the target named by ``who`` (``"you"``, ``"seat 2"``),
        said with the game's ``word`` (see :func:`call_phrase`).

        >>> CallOut(1, target=2).phrase(lambda seat: f"seat {seat}")
        'call seat 2 out'
        """
        return call_phrase(word, None if self.target is None else who(self.target))

    def __str__(self) -> str:
        on = "out" if self.target is None else f"seat {self.target} out"
        return f"seat {self.caller} calls {on}"


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


def _as_play(value: Any) -> Play[Any]:
    return value if isinstance(value, Play) else Play(value)


@register_move("jump_in", short_form="{'jump_in': seat, 'play': card, ...}")
@attrs.frozen(cache_hash=True)
class JumpIn(Immutable):
    """Seat ``seat`` plays out of turn ``play``, a play of the very card just played
    (in games with ``jump_in``; a wild card names its suit, a play that leaves one card
    may say "one card", as in a ``Play``); play goes on from ``seat``. A card alone is
    read as its plain play.

    >>> from cardrules.moves import move_from_data
    >>> move = JumpIn(2, "5H")
    >>> str(move), move.to_data(), move_from_data(move.to_data()) == move
    ('seat 2 jumps in with 5♥', {'jump_in': 2, 'play': '5♥'}, True)
    """

    seat: int = attrs.field(converter=as_seat)
    play: Play[Any] = attrs.field(converter=_as_play)

    def to_data(self) -> dict[str, Any]:
        """This move as data, as records write it (:func:`~cardrules.moves.move_to_data`):
        the seat, then the play's own data form."""
        return {"jump_in": self.seat, **self.play.to_data()}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> JumpIn | None:
        """The move :meth:`to_data` wrote as ``data``, or ``None``: not this form."""
        if "jump_in" not in data:
            return None
        play = Play.from_data({key: value for key, value in data.items() if key != "jump_in"})
        return None if play is None else cls(data["jump_in"], play)

    def phrase(self, who: Callable[[int], str]) -> str:
        """The move in words, without its seat: ``'jump in with 5♥'``."""
        return f"jump in with {self.play}"

    def __str__(self) -> str:
        return f"seat {self.seat} jumps in with {self.play}"


SHEDDING_MOVES = (Play, Draw, CallOut, NameSuit, Announce, Pass, JumpIn)
"""The move classes the shedding engine takes (any other move is another game's)."""
