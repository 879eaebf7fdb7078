"""UNO: match the top card's colour, number or symbol, or play a wild naming the colour;
action cards skip, reverse and make the next player draw; the first player out collects
the points left in the others' hands, and the first to 500 wins.

UNO is a configuration of the shedding engine (:mod:`cardrules.shedding.engine`) on
the declared deck :data:`~cardrules.decks.UNO_108`: its options, the engine's policies
they set and the RLCard preset are in :mod:`~cardrules.games.uno.rules`, its scoring in
:mod:`~cardrules.games.uno.scoring`, the seven-zero swap in
:mod:`~cardrules.games.uno.moves`, its rule-of-thumb player in
:mod:`~cardrules.games.uno.heuristic`, typed moves in
:mod:`~cardrules.games.uno.parsing` and what the command line shows of it in
:mod:`~cardrules.games.uno.cli`.

>>> import cardrules as cr
>>> game = cr.Uno(players=3, target=None)   # one hand
>>> state = game.new_game(seed=2)
>>> while not state.is_over:
...     state = game.apply(state, game.legal_moves(state)[0])
>>> [len(hand) for hand in state.hands].count(0), max(state.scores) > 0
(1, True)
"""

from cardrules.games.uno.moves import SwapHands
from cardrules.games.uno.rules import (
    DRAWING,
    FIRST_DEALER,
    RESHUFFLE,
    STACKING,
    TURNED_UP,
    UNO_CALLS,
    WILD_DRAW_FOUR,
    Uno,
    UnoState,
    UnoView,
)
from cardrules.games.uno.scoring import SCORING, card_points, hand_scores
from cardrules.terminal import register_adapter

__all__ = [
    "DRAWING",
    "FIRST_DEALER",
    "RESHUFFLE",
    "SCORING",
    "STACKING",
    "TURNED_UP",
    "UNO_CALLS",
    "WILD_DRAW_FOUR",
    "SwapHands",
    "Uno",
    "UnoState",
    "UnoView",
    "card_points",
    "hand_scores",
]

register_adapter(
    "uno",
    "cardrules.games.uno.cli:UnoAdapter",
    "2 to 10 players, match colour, number or symbol, wilds name the colour, first to 500",
)
