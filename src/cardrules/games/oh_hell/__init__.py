"""Oh Hell: 3 to 7 players bid the exact number of tricks they will take, deal after
deal, the hand sizes going from ten cards each down to one and back up.

Oh Hell is a configuration of the trick-taking engine (:mod:`cardrules.tricks.engine`):
its options are in :mod:`~cardrules.games.oh_hell.rules`, its :class:`Bid` move in
:mod:`~cardrules.games.oh_hell.moves`, its scoring in
:mod:`~cardrules.games.oh_hell.scoring`, its rule-of-thumb player in
:mod:`~cardrules.games.oh_hell.heuristic`, what the command line shows of it in
:mod:`~cardrules.games.oh_hell.cli`. ``OhHell.openspiel()`` is OpenSpiel's ``oh_hell``.

>>> import cardrules as cr
>>> game = cr.OhHell(players=3, largest_hand=2)
>>> game.deal_sizes()
(2, 1, 2)
>>> state = game.new_game(seed=4)
>>> while not state.is_over:
...     state = game.apply(state, game.legal_moves(state)[0])
>>> state.round_number, len(state.scores)
(3, 3)
"""

from cardrules.games.oh_hell.moves import Bid
from cardrules.games.oh_hell.rules import OhHell
from cardrules.terminal import register_adapter

__all__ = ["Bid", "OhHell"]

register_adapter(
    "oh_hell",
    "cardrules.games.oh_hell.cli:OhHellAdapter",
    "3-7 players bid the exact tricks they take, 10 cards each down to 1 and back",
)
