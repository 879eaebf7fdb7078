"""The climbing family's core: what a play is (:class:`Combination`: its kind, its
size, its strength) and the sets of equal rank a hand can make, by card masks.

>>> from cardrules.cards import mask_of, parse_cards
>>> [len(cards) for cards in equal_rank_sets(mask_of(parse_cards("3C 3H 9S")), 4)]
[1, 1, 2, 1]
"""

from __future__ import annotations

from itertools import combinations

import attrs

from cardrules.cards import ALL_CARDS, Card
from cardrules.values import Immutable

__all__ = ["SET", "Combination", "equal_rank_sets", "rank_cards", "suit_subsets"]

SET = "set"
"""The kind of a play of cards of one rank: a single card, a pair, three or four of a
kind (:meth:`ClimbingGame.combination <cardrules.climbing.engine.ClimbingGame.combination>`)."""


@attrs.frozen
class Combination(Immutable):
    """What a play is, as the rules compare it: ``kind`` (``"set"`` for cards of one
    rank; a game names its own: ``"run"``, ``"bomb"``), ``size`` (the number of cards)
    and ``strength`` (higher beats lower in the normal rank order).

    >>> Combination(SET, 2, 5)
    Combination(kind='set', size=2, strength=5)
    """

    kind: str
    size: int
    strength: int


def rank_cards(rank: int) -> tuple[Card, ...]:
    """The four cards of ``rank`` (2 to 14), clubs first.

    >>> [str(card) for card in rank_cards(12)]
    ['Q♣', 'Q♦', 'Q♥', 'Q♠']
    """
    return tuple(ALL_CARDS[suit * 13 + rank - 2] for suit in range(4))


_SUBSETS = tuple(subset for size in range(1, 5) for subset in combinations(range(4), size))
"""The non-empty subsets of the four suits, smaller first (15)."""


def suit_subsets() -> tuple[tuple[int, ...], ...]:
    """The non-empty subsets of the four suits (as suit numbers), smaller first, each
    in suit order: the order in which a rank's sets are listed (15 of them).

    >>> len(suit_subsets()), suit_subsets()[:5]
    (15, ((0,), (1,), (2,), (3,), (0, 1)))
    """
    return _SUBSETS


def equal_rank_sets(hand: int, largest: int) -> list[tuple[Card, ...]]:
    """Every set of cards of one rank in the hand ``hand`` (a card mask) of at most
    ``largest`` cards, by rank (2 up), then as :func:`suit_subsets` orders them."""
    found: list[tuple[Card, ...]] = []
    for rank in range(2, 15):
        held = [card for card in rank_cards(rank) if hand >> card & 1]
        for size in range(1, min(len(held), largest) + 1):
            found.extend(combinations(held, size))
    return found
