"""Hands that may hold copies of a card (games played with several decks), as ints.

A *hand mask* is a card mask (:mod:`cardrules.cards`: bit ``i`` is the card of index
``i``) extended by one block of 52 bits per copy: bits 0-51 hold the first copy of each
card, bits 52-103 the second, and so on. A copy is only ever set when the earlier ones
are, so equal hands have equal masks, ``mask & FULL_MASK`` is the set of distinct cards
held, and with one deck a hand mask is a plain card mask. The shedding engine keeps its
hands this way: playing and drawing are a few integer operations, and the cards a
player may play are one ``&`` away.

>>> from cardrules.cards import parse_cards
>>> mask = hand_mask(parse_cards("2C 9H 9H"))
>>> hand_cards(mask)
(Card.parse('2♣'), Card.parse('9♥'), Card.parse('9♥'))
>>> hand_cards(without_card(mask, Card.parse("9H"))), hand_size(mask)
((Card.parse('2♣'), Card.parse('9♥')), 3)
"""

from __future__ import annotations

from collections.abc import Iterable

from cardrules.cards import CARD_BIT, FULL_MASK, Card, cards_of_mask

__all__ = ["hand_cards", "hand_mask", "hand_size", "with_card", "without_card"]

_COPY = 52
"""Bits per copy block."""


def with_card(mask: int, card: int) -> int:
    """The hand mask with one more copy of ``card``."""
    bit = CARD_BIT[card]
    while mask & bit:
        bit <<= _COPY
    return mask | bit


def without_card(mask: int, card: int) -> int:
    """The hand mask with one copy of ``card`` less (the hand must hold it)."""
    bit = CARD_BIT[card]
    while mask & (bit << _COPY):
        bit <<= _COPY
    return mask ^ bit


def hand_mask(cards: Iterable[int]) -> int:
    """The hand mask of some cards (copies allowed)."""
    cards = tuple(cards)
    # Distinct cards (the usual case) add up to their mask: the sum of n different
    # powers of two, and only then, has n bits set.
    mask: int = sum(map(CARD_BIT.__getitem__, cards))
    if mask.bit_count() == len(cards):
        return mask
    mask = 0
    for card in cards:
        mask = with_card(mask, card)
    return mask


def hand_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a hand mask, sorted (by suit, then rank), copies included."""
    if mask <= FULL_MASK:
        return cards_of_mask(mask)
    return tuple(sorted(cards_of_mask(mask & FULL_MASK) + hand_cards(mask >> _COPY)))


def hand_size(mask: int) -> int:
    """The number of cards in a hand mask."""
    return mask.bit_count()
