"""Euchre: four players in two partnerships, five cards each from 24, trumps ordered up
or named, the bowers, going alone; the first side to 10 points wins.

Euchre is a configuration of the trick-taking engine (:mod:`cardrules.tricks.engine`):
its options and phases are in :mod:`~cardrules.games.euchre.rules`, its moves and
payload in :mod:`~cardrules.games.euchre.moves`, what a deal scores in
:mod:`~cardrules.games.euchre.scoring`, its rule-of-thumb player in
:mod:`~cardrules.games.euchre.heuristic` and what the command line shows of it in
:mod:`~cardrules.games.euchre.cli`. ``Euchre.openspiel()`` is OpenSpiel's ``euchre``.

>>> import cardrules as cr
>>> game = cr.Euchre()
>>> state = game.new_game(seed=7, dealer=0)
>>> str(state.turned_up), [str(move) for move in game.legal_moves(state)]
('K♣', ['pass', 'name ♣'])
>>> state = game.apply(state, cr.NameSuit("C"))     # seat 1 orders up: the dealer picks up
>>> state.phase, state.to_move, state.payload.maker
('discard', 0, 1)
"""

from cardrules.games.euchre.moves import Contract, Discard, GoAlone
from cardrules.games.euchre.rules import Euchre
from cardrules.terminal import register_adapter

__all__ = ["Contract", "Discard", "Euchre", "GoAlone"]

register_adapter(
    "euchre",
    "cardrules.games.euchre.cli:EuchreAdapter",
    "4 players in partnerships, 24 cards, trumps ordered up or named, first side to 10",
)
