"""Craits: a Crazy Eights family shedding game with card functions, the count, "one
card" calls, threes, shuffle pressure and fifteen hands; the lowest total wins.

Craits is a configuration of the shedding engine (:mod:`cardrules.shedding.engine`), in one
module per job: its options and rules (:mod:`~cardrules.games.craits.rules`), its tables
(:mod:`~cardrules.games.craits.tables`), its scoring
(:mod:`~cardrules.games.craits.scoring`) and its states and views
(:mod:`~cardrules.games.craits.state`). The turn mechanics are the engine's
(:mod:`cardrules.shedding.flow`), and so are the explanations of illegal moves
(:mod:`cardrules.shedding.explain`). Rule numbers (K1 …, V1 …) refer to the library's rules
reference.

>>> import cardrules as cr
>>> game = cr.Craits(players=3, short_game=True)
>>> state = game.new_game(seed=14, dealer=0)   # the dealer turns up 7♥: seat 2 draws
>>> state.hand_number, state.cards_dealt, [len(hand) for hand in state.hands]
(1, 8, [8, 8, 9])
>>> while not state.is_over:
...     state = game.apply(state, game.legal_moves(state)[0])
>>> state.hand_number, len(state.winners) >= 1
(8, True)
"""

from cardrules.games.craits.rules import Craits
from cardrules.games.craits.scoring import HandBreakdown, hand_breakdown, hand_points
from cardrules.games.craits.state import CraitsState, CraitsView
from cardrules.games.craits.tables import DEFAULT_CARD_TABLE, FULL_GAME
from cardrules.shedding.events import CalledOut
from cardrules.shedding.moves import CallOut
from cardrules.shedding.state import Phase
from cardrules.terminal import register_adapter

__all__ = [
    "DEFAULT_CARD_TABLE",
    "FULL_GAME",
    "CallIdiot",
    "Craits",
    "CraitsState",
    "CraitsView",
    "HandBreakdown",
    "IdiotCalled",
    "Phase",
    "hand_breakdown",
    "hand_points",
]

CallIdiot = CallOut
"""Craits' name for the shedding family's call on a missed "one card",
:class:`~cardrules.shedding.moves.CallOut` (the same class): calling "idiot" on a
player, written ``{'call': 1, 'target': 2}`` in records (``{'idiot': 1, 'target': 2}``
before record format 6, which still reads).

>>> CallIdiot(1, target=2)
CallOut(caller=1, target=2)
"""
IdiotCalled = CalledOut
"""Craits' name for the event of a call on a missed "one card",
:class:`~cardrules.shedding.events.CalledOut` (the same class), told in Craits' words:

>>> import cardrules as cr
>>> cr.describe(IdiotCalled(1, 2), seat=2, game=cr.Craits())
'Seat 1 calls "idiot" on you!'
"""

register_adapter(
    "craits",
    "cardrules.games.craits.cli:CraitsAdapter",
    "2 to 10 players, shed your cards over 15 hands, lowest total wins",
)
