"""Skat: three players, 32 cards, bidding for the right to declare, the skat, suit
games, Grand and Null (work in progress: the moves are in
:mod:`~cardrules.games.skat.moves`)."""

from cardrules.games.skat.moves import (
    Declare,
    Hold,
    PlayHand,
    SkatBid,
    SkatDeal,
    SkatDiscard,
    TakeSkat,
)

__all__ = ["Declare", "Hold", "PlayHand", "SkatBid", "SkatDeal", "SkatDiscard", "TakeSkat"]
