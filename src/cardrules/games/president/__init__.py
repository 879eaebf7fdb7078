"""President: play one card or a set of one rank that beats the play on the table, or
pass; the first out of cards is the President, the last the Scum, who swaps their best
cards for the President's worst in the next deal.

President is a configuration of the climbing engine (:mod:`cardrules.climbing.engine`):
its options, rank order, exchanges and revolution are in
:mod:`~cardrules.games.president.rules`, the titles and points of the finishing places
in :mod:`~cardrules.games.president.scoring`.

>>> import cardrules as cr
>>> game = cr.President(deals=1)
>>> state = game.new_game(seed=2)
>>> while not state.is_over:
...     state = game.apply(state, game.legal_moves(state)[-1])
>>> len(state.finished), sorted(state.scores)
(4, [0, 1, 2, 3])
"""

from cardrules.games.president.rules import President, PresidentState, PresidentView
from cardrules.games.president.scoring import deal_scores, place_points, titles
from cardrules.terminal import register_adapter

__all__ = [
    "President",
    "PresidentState",
    "PresidentView",
    "deal_scores",
    "place_points",
    "titles",
]

register_adapter(
    "president",
    "cardrules.games.president.cli:PresidentAdapter",
    "3 to 7 players, beat the table with one card or a set of one rank, or pass; "
    "the first out is President",
)
