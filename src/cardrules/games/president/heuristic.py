"""President's rule-of-thumb habits, which :class:`~cardrules.bots.HeuristicBot` plays
(through :meth:`President.heuristic <cardrules.games.president.rules.President.heuristic>`).

>>> import cardrules as cr
>>> game = cr.President(players=3)
>>> state = game.position(["3C 3H 4D KS", "5D 6D", "7C"], to_move=0)
>>> president_heuristic(game, game.observe(state, 0), game.legal_moves(state))
PlayCards(cards=(Card.parse('3♣'), Card.parse('3♥')))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardrules.cards import Card
from cardrules.climbing.moves import GiveCard, PlayCards
from cardrules.moves import Pass

__all__ = ["president_heuristic"]

_HIGH_RANKS = 2
"""How many of the strongest ranks count as high cards, whose sets are kept early."""
_EARLY = 6
"""A hand of more cards than this is early in the deal. (Against random players,
passing rather than spending a single high card early loses places: 2.1 points a deal
against 2.7, over 300 deals.)"""


def president_heuristic(game: Any, view: Any, moves: Sequence[Any]) -> Any:
    """President habits (any climbing game's, by its rank order):

    - In an exchange, give the weakest card, a card of a rank held alone first (keep
      pairs together).
    - Lead the weakest rank held, all its cards together.
    - Otherwise play the weakest play that beats the table, preferring one that leaves
      no card of its rank behind (keep pairs together).
    - Early in the deal pass rather than break a set of high cards (of the two
      strongest ranks) to beat the table; play anything that empties the hand.

    The rank order is the game's (:meth:`ClimbingGame.card_strength
    <cardrules.climbing.engine.ClimbingGame.card_strength>`), turned round while it is
    reversed.
    """
    hand = view.hand
    held = Counter(card.rank for card in hand)
    sign = -1 if view.reversed else 1

    def weakness(card: Card) -> int:
        return sign * int(game.card_strength(card))

    gives = [move for move in moves if type(move) is GiveCard]
    if gives:
        return min(gives, key=lambda move: (held[move.card.rank], weakness(move.card)))
    plays = [move for move in moves if type(move) is PlayCards]
    if not plays:
        return moves[0]
    for play in plays:
        if len(play.cards) == len(hand):
            return play  # (out of cards)

    def whole(play: PlayCards) -> bool:
        return len(play.cards) == held[play.cards[0].rank]

    def rank_of(play: PlayCards) -> int:
        return max(weakness(card) for card in play.cards)

    leading = not any(type(move) is Pass for move in moves)
    if leading:
        return min(plays, key=lambda play: (not whole(play), rank_of(play), -len(play.cards)))
    best = min(plays, key=lambda play: (not whole(play), rank_of(play)))
    if len(hand) > _EARLY:
        strongest = sorted({weakness(card) for card in game.deck()})[-_HIGH_RANKS:]
        if not whole(best) and rank_of(best) >= strongest[0]:
            return next(move for move in moves if type(move) is Pass)
    return best
