"""The climbing family (President and its relatives): a move plays a set of cards that
must beat the play on the table, or passes; when every other player has passed, the
last to play leads anew; players out of cards leave in finishing order, and the deal is
scored from it. The states and views (:mod:`~cardrules.climbing.state`), the family's
moves (:mod:`~cardrules.climbing.moves`: :class:`PlayCards`, :class:`GiveCard`, beside
the shared :class:`~cardrules.moves.Pass`) and events (:mod:`~cardrules.climbing.events`).
"""

from cardrules.climbing.events import CardsPlayed, LeadReturned, PlayerFinished, RanksReversed
from cardrules.climbing.moves import CLIMBING_MOVES, GiveCard, PlayCards
from cardrules.climbing.state import ClimbState, ClimbView, Swap

__all__ = [
    "CLIMBING_MOVES",
    "CardsPlayed",
    "ClimbState",
    "ClimbView",
    "GiveCard",
    "LeadReturned",
    "PlayCards",
    "PlayerFinished",
    "RanksReversed",
    "Swap",
]
