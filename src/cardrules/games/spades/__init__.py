"""Spades: four players in two partnerships bid the tricks they will take, spades are
always trumps; Nil, Blind Nil, bags and their penalty; the first side to 500 wins.

Spades is a configuration of the trick-taking engine (:mod:`cardrules.tricks.engine`):
its options and play are in :mod:`~cardrules.games.spades.rules`, its moves and
payload in :mod:`~cardrules.games.spades.moves`, how a deal scores in
:mod:`~cardrules.games.spades.scoring`, its rule-of-thumb player in
:mod:`~cardrules.games.spades.heuristic`, what the command line shows of it in
:mod:`~cardrules.games.spades.cli`. :meth:`Spades.openspiel` is OpenSpiel's game.

>>> import cardrules as cr
>>> game = cr.Spades()
>>> state = game.new_game(seed=1)
>>> for _ in range(4):                          # everyone bids 3
...     state = game.apply(state, Bid(3))
>>> state.phase, state.payload.bids
(None, (3, 3, 3, 3))
"""

from cardrules.games.spades.moves import BLIND_NIL, LOOK_AT_HAND, Bid, Bidding, BlindNil, LookAtHand
from cardrules.games.spades.rules import Spades
from cardrules.terminal import register_adapter

__all__ = ["BLIND_NIL", "LOOK_AT_HAND", "Bid", "Bidding", "BlindNil", "LookAtHand", "Spades"]

register_adapter(
    "spades",
    "cardrules.games.spades.cli:SpadesAdapter",
    "4 players in partnerships, bids, Nil and bags; first side to 500 wins",
)
