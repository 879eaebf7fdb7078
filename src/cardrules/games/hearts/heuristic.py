"""Hearts' rule-of-thumb habits, which :class:`~cardrules.bots.HeuristicBot` plays
(through :meth:`Hearts.heuristic <cardrules.games.hearts.rules.Hearts.heuristic>`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules.cards import CARD_BIT, RANK_OF_INDEX, SUIT_OF_INDEX, Card, Suit
from cardrules.moves import Play

if TYPE_CHECKING:
    from cardrules.games.hearts.rules import Hearts
    from cardrules.tricks.engine import TrickView

__all__ = ["hearts_heuristic", "pass_danger"]

_QUEEN = Card.parse("QS")
_SPADES_ABOVE_QUEEN = frozenset(map(Card.parse, ("KS", "AS")))
_HEARTS, _SPADES = int(Suit.HEARTS), int(Suit.SPADES)


def _rank(card: Card) -> int:
    return int(RANK_OF_INDEX[card])


def _suit(card: Card) -> int:
    return int(SUIT_OF_INDEX[card])


def pass_danger(card: Card, hand: Sequence[Card]) -> int:
    """How much ``card`` is worth passing away from ``hand``: high cards first; Q♠,
    and A♠ and K♠ while they could catch Q♠, unless three low spades guard them (a
    guarded Q♠ is kept: it can be given away later); hearts, and cards of short
    suits (to void them), a little more.

    >>> from cardrules.cards import parse_cards
    >>> hand = parse_cards("QS 2C 3C 4C 5C 6C 7C 8C 9C AH 2D 3D 4D")
    >>> [str(c) for c in sorted(hand, key=lambda c: -pass_danger(c, hand))[:3]]
    ['Q♠', 'A♥', '9♣']
    """
    lengths = Counter(_suit(c) for c in hand)
    low_spades = sum(1 for c in hand if _suit(c) == _SPADES and _rank(c) < 12)
    danger = _rank(card)
    if card == _QUEEN and low_spades >= 3:
        return 0  # guarded: kept, to be given away later
    if (card == _QUEEN or card in _SPADES_ABOVE_QUEEN) and low_spades < 3:
        danger += 20
    if _suit(card) == _HEARTS:
        danger += 2
    if lengths[_suit(card)] <= 3:
        danger += 3
    return danger


def hearts_heuristic(game: Hearts, view: TrickView, moves: Sequence[Any]) -> Any:
    """Hearts habits:

    - Passing: the card :func:`pass_danger` rates highest.
    - Following suit: the highest card that still loses the trick (Q♠ on a higher
      spade); if every card wins, the highest when playing last to a trick without
      points (but never Q♠ onto its own trick), else the lowest.
    - Unable to follow: Q♠, then A♠ and K♠ while Q♠ is out, then the highest heart,
      then the highest card of the shortest suit.
    - Leading: while Q♠ is out and not held, a spade below it to flush it out; else the
      lowest card of the shortest suit, hearts last.
    """
    if view.phase == "pass":
        passed = set(view.payload.passed[view.seat])
        hand = [c for c in view.hand if c not in passed]
        return max(moves, key=lambda move: (pass_danger(move.card, hand), move.card))
    cards = [move.card for move in moves if isinstance(move, Play)]
    trick = view.trick.cards
    queen_out = not view.played_mask & CARD_BIT[_QUEEN]
    lengths = Counter(_suit(c) for c in view.hand)
    if not trick:
        return Play(_lead(cards, lengths, queen_out, _QUEEN in view.hand))
    led = _suit(trick[0])
    if _suit(cards[0]) == led:
        return Play(_follow(game, trick, cards, led))
    return Play(_discard(cards, lengths, queen_out))


def _lead(cards: list[Card], lengths: Counter[int], queen_out: bool, holds_queen: bool) -> Card:
    if queen_out and not holds_queen:
        low_spades = [c for c in cards if _suit(c) == _SPADES and _rank(c) < 12]
        if low_spades:
            return max(low_spades, key=_rank)
    safe = [c for c in cards if _suit(c) != _HEARTS and c != _QUEEN] or cards
    return min(safe, key=lambda c: (lengths[_suit(c)], _rank(c), c))


def _follow(game: Hearts, trick: Sequence[Card], cards: list[Card], led: int) -> Card:
    best = max(_rank(c) for c in trick if _suit(c) == led)
    losers = [c for c in cards if _rank(c) < best]
    if losers:
        return max(losers, key=_rank)
    last = len(trick) == 3
    clean = game.trick_points(1, tuple(trick)) <= 0
    if last and clean:
        shed = [c for c in cards if c != _QUEEN] or cards
        return max(shed, key=_rank)
    return min(cards, key=_rank)


def _discard(cards: list[Card], lengths: Counter[int], queen_out: bool) -> Card:
    if _QUEEN in cards:
        return _QUEEN
    if queen_out:
        high_spades = [c for c in cards if c in _SPADES_ABOVE_QUEEN]
        if high_spades:
            return max(high_spades, key=_rank)
    hearts = [c for c in cards if _suit(c) == _HEARTS]
    if hearts:
        return max(hearts, key=_rank)
    return max(cards, key=lambda c: (-lengths[_suit(c)], _rank(c), c))
