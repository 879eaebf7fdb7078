"""Euchre's own moves (:class:`Discard`, :class:`GoAlone`) and the deal's bidding as
the game keeps it (:class:`Contract`, its payload, and :data:`FIRST_ROUND`): what the
rules, the parser of typed moves and the terminal adapter share.

>>> from cardrules.moves import move_from_data, move_to_data
>>> move_to_data(GoAlone(True)), str(Discard("9C"))
({'move': 'euchre_alone', 'alone': True}, 'discard 9♣')
>>> Contract(passes=FIRST_ROUND).passes
4
"""

from __future__ import annotations

from typing import Any, NamedTuple

import attrs

from cardrules.cards import Card, Suit
from cardrules.events import HiddenMove
from cardrules.moves import as_card, register_move
from cardrules.values import Immutable

__all__ = ["FIRST_ROUND", "Contract", "Discard", "GoAlone"]

FIRST_ROUND = 4
"""Passes in the first round of bidding, after which the upcard's suit may no longer
be ordered up."""

_DISCARD_HIDDEN = HiddenMove("discard a card")


@register_move("euchre_discard")
@attrs.frozen
class Discard(Immutable):
    """The dealer, having picked up the upcard, lays ``card`` aside face down (a secret
    move: only the dealer sees which card)."""

    card: Card = attrs.field(converter=as_card)

    def __str__(self) -> str:
        return f"discard {self.card}"

    def hidden(self) -> HiddenMove:
        """What the other seats are told of the discard: not the card."""
        return _DISCARD_HIDDEN


@register_move("euchre_alone")
@attrs.frozen
class GoAlone(Immutable):
    """Go alone (``alone=True``: the partner sits the deal out) or play with the partner
    (``alone=False``); asked of the maker, and of the defenders when lone defenders are
    allowed."""

    alone: bool

    def __str__(self) -> str:
        return "go alone" if self.alone else "play with partner"


class Contract(NamedTuple):
    """The bidding of the deal so far (the game's payload): the passes made, the trump
    suit and its maker (``None`` until named), the seats that went alone (the maker
    first, then a defender), the dealer's discard (``None`` in the views of the other
    seats, who do not see it).

    A named tuple: a new one on every move of the bidding costs less than an attrs
    class."""

    passes: int = 0
    trump: int | None = None
    maker: int | None = None
    alone: tuple[int, ...] = ()
    discard: Card | None = None

    def to_data(self) -> dict[str, Any]:
        """The bidding as data (:mod:`cardrules.data`), the trump suit by its letter.

        >>> Contract(passes=4, trump=2, maker=1).to_data()
        {'passes': 4, 'trump': 'H', 'maker': 1, 'alone': [], 'discard': None}
        """
        return {
            "passes": self.passes,
            "trump": None if self.trump is None else Suit(self.trump).letter,
            "maker": self.maker,
            "alone": list(self.alone),
            "discard": None if self.discard is None else str(self.discard),
        }
