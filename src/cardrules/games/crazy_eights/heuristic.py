"""Crazy Eights' rule-of-thumb habits, which :class:`~cardrules.bots.HeuristicBot`
plays (through :meth:`CrazyEights.heuristic
<cardrules.games.crazy_eights.rules.CrazyEights.heuristic>`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules.cards import Card, Rank, Suit
from cardrules.moves import NameSuit, Play
from cardrules.shedding.moves import Draw

if TYPE_CHECKING:
    from cardrules.games.crazy_eights.rules import CrazyEights, CrazyEightsView

__all__ = ["crazy_eights_heuristic"]


def _longest_suit(hand: Sequence[Card], leaving: Card | None = None) -> Suit:
    """The suit held most (not counting eights, nor the card ``leaving`` the hand);
    the first in suit order among equals, spades with no such card."""
    counts = Counter(card.suit for card in hand if card != leaving and card.rank != Rank.EIGHT)
    if not counts:
        return Suit.SPADES
    return max(sorted(counts), key=counts.__getitem__)


def crazy_eights_heuristic(game: CrazyEights, view: CrazyEightsView, moves: Sequence[Any]) -> Any:
    """Crazy Eights habits:

    - Never draw while a card can be played (drawing by choice only grows the hand).
    - Keep eights for when nothing else plays; then name the suit held most.
    - Otherwise play the card after which the most cards of the hand still match
      (cards of the new suit and of the same rank), breaking ties by shedding the card
      worth the most points.
    - With the special cards, add to a running count of twos, and skip or make draw
      the next player when they hold two cards or fewer.
    - A dealer who turns up an eight names the suit held most.
    """
    if any(isinstance(move, NameSuit) for move in moves):
        return NameSuit(_longest_suit(view.hand))
    plays = [move for move in moves if isinstance(move, Play)]
    if not plays:
        return next((move for move in moves if isinstance(move, Draw)), moves[0])
    if view.count:  # a running count of twos: add to it rather than draw it
        return plays[0]
    hand = view.hand
    plain = [move for move in plays if move.card.rank != Rank.EIGHT]
    if not plain:
        card = plays[0].card
        wanted = _longest_suit(hand, leaving=card)
        return next((move for move in plays if move.suit == wanted), plays[0])
    next_seat = (view.seat + view.direction) % len(view.hand_sizes)
    threatened = game.special_cards and view.hand_sizes[next_seat] <= 2

    def preference(move: Play) -> tuple[int, int, int, int]:
        card = move.card
        rest = [other for other in hand if other != card and other.rank != Rank.EIGHT]
        follow = sum(1 for other in rest if other.suit == card.suit or other.rank == card.rank)
        attack = threatened and card.rank in (Rank.QUEEN, Rank.TWO)
        points = 10 if card.rank >= Rank.TEN else int(card.rank)
        return (int(attack), follow, points, int(card))

    return max(plain, key=preference)
