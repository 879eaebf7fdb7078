"""Crazy Eights: match the top card's suit or rank, eights are wild, the first player
out collects the points left in the others' hands; first to 100 wins.

Crazy Eights is a configuration of the shedding engine (:mod:`cardrules.shedding.engine`):
its options, the engine's policies they set and the OpenSpiel preset are in
:mod:`~cardrules.games.crazy_eights.rules`, its scoring in
:mod:`~cardrules.games.crazy_eights.scoring`, its rule-of-thumb player in
:mod:`~cardrules.games.crazy_eights.heuristic` and what the command line shows of it in
:mod:`~cardrules.games.crazy_eights.cli`.

>>> import cardrules as cr
>>> game = cr.CrazyEights(players=3, target=None)   # one hand
>>> state = game.new_game(seed=2)
>>> while not state.is_over:
...     state = game.apply(state, game.heuristic(game.observe(state, state.to_move),
...                                              game.legal_moves(state)))
>>> [len(hand) for hand in state.hands].count(0), max(state.scores) > 0
(1, True)
"""

from cardrules.games.crazy_eights.rules import (
    TURNED_UP_EIGHT,
    CrazyEights,
    CrazyEightsState,
    CrazyEightsView,
)
from cardrules.games.crazy_eights.scoring import CARD_POINTS, SCORING, card_points, hand_scores
from cardrules.terminal import register_adapter

__all__ = [
    "CARD_POINTS",
    "SCORING",
    "TURNED_UP_EIGHT",
    "CrazyEights",
    "CrazyEightsState",
    "CrazyEightsView",
    "card_points",
    "hand_scores",
]

register_adapter(
    "crazy_eights",
    "cardrules.games.crazy_eights.cli:CrazyEightsAdapter",
    "2 to 15 players, match suit or rank, eights wild, first to 100 wins",
)
