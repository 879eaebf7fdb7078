"""Cramps' rule-of-thumb habits, which :class:`~cardrules.bots.HeuristicBot` plays
(through :meth:`Cramps.heuristic <cardrules.games.cramps.rules.Cramps.heuristic>`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules.cards import RANK_OF_INDEX, SUIT_OF_INDEX, Card, Rank
from cardrules.moves import Play

if TYPE_CHECKING:
    from cardrules.games.cramps.rules import Cramps, CrampsView

__all__ = ["cramps_heuristic"]


def cramps_heuristic(game: Cramps, view: CrampsView, moves: Sequence[Any]) -> Any:
    """Cramps habits:

    - Work out what the trick is worth to its winner: its trick value plus the Queens
      in it.
    - Following suit: on a trick worth having, try to win it (the lowest winning card
      when playing last, else the highest card); on a trick to avoid, play the highest
      card that still loses, or if every card wins, the highest when last (shed a
      high card) and the lowest otherwise.
    - Unable to follow: give away a Queen (the winner takes its penalty), else the
      highest card of the shortest suit.
    - Leading: on a trick worth having, the highest card; else the lowest, never a Queen
      if avoidable.
    """
    cards = [move.card for move in moves if isinstance(move, Play)]
    trick = view.trick.cards
    value = game.trick_values[view.trick_number - 1]
    value += game.queen_points * sum(1 for c in trick if RANK_OF_INDEX[c] == Rank.QUEEN)

    def worth_having(card: Card) -> bool:
        bonus = game.queen_points if RANK_OF_INDEX[card] == Rank.QUEEN else 0
        return value + bonus > 0

    if not trick:  # leading
        if value > 0:
            return Play(max(cards, key=lambda c: (RANK_OF_INDEX[c], -c)))
        safe = [c for c in cards if RANK_OF_INDEX[c] != Rank.QUEEN] or cards
        return Play(min(safe, key=lambda c: (RANK_OF_INDEX[c], c)))
    led = SUIT_OF_INDEX[trick[0]]
    best = max(RANK_OF_INDEX[c] for c in trick if SUIT_OF_INDEX[c] == led)
    last = len(trick) == 3
    if SUIT_OF_INDEX[cards[0]] == led:  # following suit: all legal cards are of the led suit
        winners = [c for c in cards if RANK_OF_INDEX[c] > best]
        losers = [c for c in cards if RANK_OF_INDEX[c] < best]
        wanted = [c for c in winners if worth_having(c)]
        if wanted:
            return Play(min(wanted) if last else max(wanted))
        if losers:
            return Play(max(losers))
        return Play(max(cards) if last else min(cards))
    queens = [c for c in cards if RANK_OF_INDEX[c] == Rank.QUEEN]
    if queens:
        return Play(queens[0])
    length = Counter(SUIT_OF_INDEX[c] for c in view.hand)
    return Play(max(cards, key=lambda c: (-length[SUIT_OF_INDEX[c]], RANK_OF_INDEX[c])))
