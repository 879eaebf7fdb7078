"""The shedding family (Crazy Eights and its relatives): the core (:mod:`~cardrules.shedding.core`:
stock and discard pile, the one matching rule, the table of what each card does and
scores), the states and views (:mod:`~cardrules.shedding.state`), how a game starts
(:mod:`~cardrules.shedding.setup`) and moves on (:mod:`~cardrules.shedding.flow`), why a
move is refused (:mod:`~cardrules.shedding.explain`) and the engine every shedding game
is a configuration of (:mod:`~cardrules.shedding.engine`). Craits is one such game
(:mod:`cardrules.games.craits`); the examples' Crazy Eights is another.
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
