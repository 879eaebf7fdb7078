"""Craits' rule-of-thumb habits, which :class:`~cardrules.bots.HeuristicBot` plays
(through :meth:`Craits.heuristic <cardrules.games.craits.rules.Craits.heuristic>`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules.cards import RANK_OF_INDEX, SUIT_OF_INDEX, Card, Suit
from cardrules.moves import NameSuit, Play
from cardrules.shedding.core import Action
from cardrules.shedding.moves import Announce, CallOut
from cardrules.shedding.state import Phase

if TYPE_CHECKING:
    from cardrules.games.craits.rules import Craits
    from cardrules.games.craits.state import CraitsView

__all__ = ["craits_heuristic"]


def _longest_suit(hand: Sequence[Card], leaving: Card | None = None) -> Suit:
    counts = Counter(SUIT_OF_INDEX[c] for c in hand if c != leaving)
    if not counts:
        return Suit.SPADES
    return Suit(max(sorted(counts), key=lambda s: counts[s]))


def craits_heuristic(game: Craits, view: CraitsView, moves: Sequence[Any]) -> Any:
    """Craits habits:

    - Always call "idiot" when it is allowed, and always say "one card".
    - In the count, raise it as much as possible (a 2 before an A).
    - Otherwise shed the card worth the most points, preferring cards that hurt the
      others (skip, make them draw); keep wild cards for when nothing else plays,
      and name the suit held most.
    """
    for move in moves:
        if isinstance(move, CallOut):
            return move
    if view.phase is Phase.ANNOUNCE:
        return next((m for m in moves if isinstance(m, Announce)), moves[0])
    if view.phase is Phase.NAME_SUIT:
        wanted_suit = NameSuit(_longest_suit(view.hand))
        return wanted_suit if wanted_suit in moves else moves[0]
    plays = [m for m in moves if isinstance(m, Play)]
    if not plays:
        return moves[0]
    if any(m.announce for m in plays):
        plays = [m for m in plays if m.announce]
    table = game.card_table

    def rule(move: Play) -> Any:
        return table[RANK_OF_INDEX[move.card]]

    if view.count:
        return max(plays, key=lambda m: (rule(m).count, m.card))
    hurts = {Action.SKIP, Action.OTHERS_DRAW, Action.TWO_ALONG_DRAWS}

    def preference(move: Play) -> tuple[int, int, int]:
        r = rule(move)
        return (0 if r.is_wild else 1, r.points + (10 if r.action in hurts else 0), move.card)

    choice = max(plays, key=preference)
    if choice.suit is not None:
        wanted = _longest_suit(view.hand, leaving=choice.card)
        return next((m for m in plays if m.card == choice.card and m.suit == wanted), choice)
    return choice
