"""Hearts: four players, three cards passed (left, right, across, then a deal kept),
every heart taken 1 point and Q♠ 13; the game ends when someone reaches 100 and the
lowest total wins.

Hearts is a configuration of the trick-taking engine (:mod:`cardrules.tricks.engine`):
its options, passing and rules of play are in :mod:`~cardrules.games.hearts.rules`,
its pass move in :mod:`~cardrules.games.hearts.moves`, its scoring in
:mod:`~cardrules.games.hearts.scoring`, its rule-of-thumb player in
:mod:`~cardrules.games.hearts.heuristic` and what the command line shows of it in
:mod:`~cardrules.games.hearts.cli`. ``Hearts.openspiel()`` is OpenSpiel's ``hearts``.

>>> import cardrules as cr
>>> game = cr.Hearts(target=50)
>>> state = game.new_game(seed=1)
>>> while not state.is_over:
...     state = game.apply(state, game.legal_moves(state)[0])
>>> max(state.scores) >= 50, all(state.scores[w] == min(state.scores) for w in state.winners)
(True, True)
"""

from cardrules.games.hearts.moves import CARDS_PASSED, PassCard
from cardrules.games.hearts.rules import DIRECTIONS, PASS_OFFSETS, Hearts, Passing
from cardrules.terminal import register_adapter

__all__ = ["CARDS_PASSED", "DIRECTIONS", "PASS_OFFSETS", "Hearts", "PassCard", "Passing"]

register_adapter(
    "hearts",
    "cardrules.games.hearts.cli:HeartsAdapter",
    "4 players, pass three cards, avoid hearts and Q♠; at 100 the lowest total wins",
)
