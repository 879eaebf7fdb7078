"""The shedding family (Crazy Eights and its relatives): the core (:mod:`~cardrules.shedding.core`:
stock and discard pile, the one matching rule, the table of what each card does and
scores), the states and views (:mod:`~cardrules.shedding.state`), how a game starts
(:mod:`~cardrules.shedding.setup`) and moves on (:mod:`~cardrules.shedding.flow`), why a
move is refused (:mod:`~cardrules.shedding.explain`), the engine every shedding game
is a configuration of (:mod:`~cardrules.shedding.engine`) and the text its games share
at the terminal (:mod:`~cardrules.shedding.terminal`). Craits
(:mod:`cardrules.games.craits`) and Crazy Eights (:mod:`cardrules.games.crazy_eights`)
are two such games.
"""

from cardrules.shedding.core import (
    Action,
    CardRule,
    CardTable,
    DrawResult,
    ShedTable,
    can_play,
    dealt_cards,
    draw_from,
    matching_table,
)
from cardrules.shedding.engine import SheddingGame
from cardrules.shedding.state import Phase, ShedState, ShedView

__all__ = [
    "Action",
    "CardRule",
    "CardTable",
    "DrawResult",
    "Phase",
    "ShedState",
    "ShedTable",
    "ShedView",
    "SheddingGame",
    "can_play",
    "dealt_cards",
    "draw_from",
    "matching_table",
]
