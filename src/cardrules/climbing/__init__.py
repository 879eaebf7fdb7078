"""The climbing family (President and its relatives): a move plays a set of cards that
must beat the play on the table, or passes; when every other player has passed, the
last to play leads anew; players out of cards leave in finishing order, and the deal is
scored from it.

The engine every climbing game is a configuration of is
:class:`~cardrules.climbing.engine.ClimbingGame`; what a play is, its
:class:`~cardrules.climbing.core.Combination`, is in :mod:`~cardrules.climbing.core`;
how a game starts and how a view is sampled in :mod:`~cardrules.climbing.setup`; the
states and views in :mod:`~cardrules.climbing.state`; the family's moves
(:class:`~cardrules.climbing.moves.PlayCards`, :class:`~cardrules.climbing.moves.GiveCard`,
beside the shared :class:`~cardrules.moves.Pass`) in :mod:`~cardrules.climbing.moves`
and its events in :mod:`~cardrules.climbing.events`.
"""

from cardrules.climbing.core import SET, Combination
from cardrules.climbing.engine import ClimbingGame
from cardrules.climbing.events import CardsPlayed, LeadReturned, PlayerFinished, RanksReversed
from cardrules.climbing.moves import CLIMBING_MOVES, GiveCard, PlayCards
from cardrules.climbing.state import ClimbState, ClimbView, Swap

__all__ = [
    "CLIMBING_MOVES",
    "SET",
    "CardsPlayed",
    "ClimbState",
    "ClimbView",
    "ClimbingGame",
    "Combination",
    "GiveCard",
    "LeadReturned",
    "PlayCards",
    "PlayerFinished",
    "RanksReversed",
    "Swap",
]
