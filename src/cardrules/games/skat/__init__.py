"""Skat: three players, 32 cards, ten each and two in the skat; bidding for the right
to declare, the skat taken or a hand game, suit games, Grand and Null; schneider and
schwarz.

Skat is a configuration of the trick-taking engine (:mod:`cardrules.tricks.engine`):
its options and phases are in :mod:`~cardrules.games.skat.rules`, its moves and
payload in :mod:`~cardrules.games.skat.moves`, what a game is worth in
:mod:`~cardrules.games.skat.scoring`. ``Skat.openspiel()`` is OpenSpiel's ``skat``.

>>> game = Skat()
>>> state = game.new_game(seed=7, dealer=0)
>>> state.to_move, state.payload.listener      # middlehand bids to forehand
(2, 1)
>>> state = game.apply(state, SkatBid(18))
>>> state.to_move, [str(move) for move in game.legal_moves(state)]
(1, ['hold', 'pass'])
"""

from cardrules.games.skat.moves import (
    Declare,
    Hold,
    PlayHand,
    SkatBid,
    SkatDeal,
    SkatDiscard,
    TakeSkat,
)
from cardrules.games.skat.rules import Skat
from cardrules.terminal import register_adapter

__all__ = [
    "Declare",
    "Hold",
    "PlayHand",
    "Skat",
    "SkatBid",
    "SkatDeal",
    "SkatDiscard",
    "TakeSkat",
]

register_adapter(
    "skat",
    "cardrules.games.skat.cli:SkatAdapter",
    "3 players, 32 cards: bidding, the skat or hand, suit games, Grand and Null; 3 deals",
)
