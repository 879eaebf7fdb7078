"""Spades' own moves (:class:`Bid`, :class:`BlindNil`, :class:`LookAtHand`) and the
deal's bidding as the game keeps it (:class:`Bidding`, its payload).

>>> from cardrules.moves import move_from_data, move_to_data
>>> move_to_data(Bid(4)), str(Bid(0)), str(BLIND_NIL)
({'move': 'spades_bid', 'tricks': 4}, 'bid Nil', 'bid Blind Nil')
>>> move_from_data({"move": "spades_look"}) == LOOK_AT_HAND
True
"""

from __future__ import annotations

import attrs

from cardrules.moves import register_move

__all__ = [
    "BIDS",
    "BLIND_CHOICES",
    "BLIND_NIL",
    "LOOK_AT_HAND",
    "PLAYERS",
    "Bid",
    "Bidding",
    "BlindNil",
    "LookAtHand",
]

PLAYERS = 4
"""Spades is for four players, in two partnerships."""


@register_move("spades_bid")
@attrs.frozen
class Bid:
    """A bid of ``tricks`` tricks, 0 being Nil (the bidder means to take none)."""

    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks or 'Nil'}"


@register_move("spades_blind_nil")
@attrs.frozen
class BlindNil:
    """A bid of Blind Nil: no trick, bid before looking at one's cards."""

    def __str__(self) -> str:
        return "bid Blind Nil"


@register_move("spades_look")
@attrs.frozen
class LookAtHand:
    """Looking at one's cards instead of bidding Blind Nil: the bid comes next."""

    def __str__(self) -> str:
        return "look at my cards"


#: Nil and the bids of 1 to 13, made once (legal_moves gives these very values).
BIDS = tuple(Bid(n) for n in range(14))
BLIND_NIL = BlindNil()
"""The Blind Nil bid (the one value legal_moves gives)."""
LOOK_AT_HAND = LookAtHand()
"""Looking at the hand instead (the one value legal_moves gives)."""
BLIND_CHOICES = (BLIND_NIL, LOOK_AT_HAND)
"""The moves of a seat that may bid Blind Nil, before it looks at its cards."""


@attrs.frozen
class Bidding:
    """The deal's bidding, Spades' payload (public: every seat sees all of it).

    Attributes:
        bids: each seat's bid in seat order, ``None`` until it has bid; 0 is Nil (and
            Blind Nil).
        blind: the seats that bid Blind Nil, in the order they bid.
        bags: each side's bags (overtricks) carried into this deal from the deals before,
            after any penalty: seats 0 and 2 first, then seats 1 and 3.

    >>> Bidding((3, 0, None, None), blind=(1,)).bags
    (0, 0)
    """

    bids: tuple[int | None, ...] = (None,) * PLAYERS
    blind: tuple[int, ...] = ()
    bags: tuple[int, int] = (0, 0)

    def side_bid(self, side: int) -> int:
        """What side ``side`` (0: seats 0 and 2; 1: seats 1 and 3) has bid so far
        (Nil counting 0)."""
        return (self.bids[side] or 0) + (self.bids[side + 2] or 0)
