"""The climbing family's core: what a play is (:class:`Combination`: its kind, its
size, its strength) and the sets of equal rank a hand can make, by card masks.

>>> from cardrules.cards import mask_of, parse_cards
>>> [len(cards) for cards in equal_rank_sets(mask_of(parse_cards("3C 3H 9S")), 4)]
[1, 1, 2, 1]
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Any

import attrs

from cardrules.cards import ALL_CARDS, Card, cards_of_mask
from cardrules.decks import Deck
from cardrules.values import Immutable

__all__ = [
    "SET",
    "Combination",
    "bits_of",
    "cards_in",
    "equal_rank_sets",
    "rank_cards",
    "suit_subsets",
]

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


def cards_in(deck: Deck | None, mask: int) -> tuple[Any, ...]:
    """The cards of a card mask: of the French 52 (``deck`` ``None``: a bit a card), or
    of a declared deck's layout (a bit a copy; copies of a card are the same card).

    >>> from cardrules.decks import FRENCH_54
    >>> [str(card) for card in cards_in(FRENCH_54, 1 | 1 << 52 | 1 << 105)]
    ['2♣', 'Jk', 'Jk']
    """
    return cards_of_mask(mask) if deck is None else deck.cards_of_mask(mask)


def bits_of(deck: Deck | None, cards: Iterable[int], among: int) -> int | None:
    """The bits of ``cards`` in the mask ``among``: for each card the lowest bit of a
    copy of it in ``among`` not taken by the cards before; ``None`` if a card has none
    left (``among`` does not hold them all).

    >>> from cardrules.decks import FRENCH_54
    >>> jokers = FRENCH_54.parse_cards("Jk Jk")
    >>> bits_of(FRENCH_54, jokers, 1 << 105 | 1 << 52) == 1 << 105 | 1 << 52
    True
    >>> bits_of(FRENCH_54, jokers, 1 << 105) is None
    True
    """
    taken = 0
    for card in cards:
        copies = 1 << card if deck is None else deck.copy_masks[card]
        free = copies & among & ~taken
        if not free:
            return None
        taken |= free & -free
    return taken
