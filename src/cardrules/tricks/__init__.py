"""The trick-taking family: the core rules of play (:mod:`~cardrules.tricks.core`:
following suit, trick winners, what play reveals, declared card orders), the states and views
(:mod:`~cardrules.tricks.state`), how a game starts (:mod:`~cardrules.tricks.setup`), the
legal moves of a card mask as tuples (:mod:`~cardrules.tricks.mask_moves`), bids kept
as a game's payload (:mod:`~cardrules.tricks.bids`) and the
engine every trick-taking game is a configuration of (:mod:`~cardrules.tricks.engine`).
Cramps is one such game (:mod:`cardrules.games.cramps`); the examples' Hearts, Spades,
Oh Hell and Euchre are others.
"""

from cardrules.tricks.core import (
    TRUMPS,
    CardOrder,
    SuitTable,
    Trick,
    TrickRound,
    follow_mask,
    follow_suit_cards,
    refuse_follow,
    refuse_play,
    trick_winner,
    voids_of,
    winning_index,
)
from cardrules.tricks.engine import TrickGame
from cardrules.tricks.mask_moves import moves_of_mask, plays_of_mask
from cardrules.tricks.state import TrickState, TrickView

__all__ = [
    "TRUMPS",
    "CardOrder",
    "SuitTable",
    "Trick",
    "TrickGame",
    "TrickRound",
    "TrickState",
    "TrickView",
    "follow_mask",
    "follow_suit_cards",
    "moves_of_mask",
    "plays_of_mask",
    "refuse_follow",
    "refuse_play",
    "trick_winner",
    "voids_of",
    "winning_index",
]
