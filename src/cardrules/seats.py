"""Seats, direction of play and dealing.

Seats are numbered ``0 … n-1`` clockwise; the player to the left of seat ``s`` is
``(s + 1) % n``. Direction ``+1`` is clockwise, ``-1`` counter-clockwise.

>>> left_of(3, 4)
0
>>> deal_order(dealer=0, players=3, packets=(2, 1))
(1, 1, 2, 2, 0, 0, 1, 2, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import Card

__all__ = [
    "CLOCKWISE",
    "COUNTER_CLOCKWISE",
    "deal",
    "deal_order",
    "is_seat",
    "left_of",
    "next_seat",
]

CLOCKWISE = 1
COUNTER_CLOCKWISE = -1


def is_seat(value: object, players: int) -> bool:
    """Whether ``value`` names a seat at a table of ``players``: an int from 0 to
    ``players - 1`` (not a bool), the check every game makes on seats and dealers.

    >>> is_seat(3, 4), is_seat(4, 4), is_seat(True, 4), is_seat("1", 4)
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def left_of(seat: int, players: int) -> int:
    """The seat to the left of ``seat`` (the next one clockwise)."""
    return (seat + 1) % players


def next_seat(seat: int, players: int, direction: int = CLOCKWISE, steps: int = 1) -> int:
    """The seat ``steps`` places along from ``seat`` in ``direction``."""
    return (seat + direction * steps) % players


def deal_order(
    dealer: int, players: int, packets: Sequence[int], direction: int = CLOCKWISE
) -> tuple[int, ...]:
    """The seat that receives each dealt card, in order.

    For each packet size in ``packets``, every player in turn receives that many cards,
    starting with the player next to the dealer in ``direction`` (the dealer's left when
    clockwise) and ending with the dealer. Dealing one card at a time is
    ``packets=(1,) * cards_each``.
    """
    receivers = [(dealer + direction * offset) % players for offset in range(1, players + 1)]
    order: list[int] = []
    for size in packets:
        if size == 1:  # (one card at a time, the usual deal: the round of seats itself)
            order += receivers
        else:
            for seat in receivers:
                order += [seat] * size
    return tuple(order)


def deal(
    deck: Sequence[Card],
    dealer: int,
    players: int,
    packets: Sequence[int],
    direction: int = CLOCKWISE,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal from the top of ``deck`` (listed top first) in packets.

    Returns ``(hands, rest)``: each seat's hand sorted, and the undealt cards, still top
    first.

    >>> from cardrules.cards import parse_cards
    >>> hands, rest = deal(parse_cards("2C 3C 4C 5C 6C"), dealer=1, players=2, packets=(1, 1))
    >>> hands
    ((Card.parse('2♣'), Card.parse('4♣')), (Card.parse('3♣'), Card.parse('5♣')))
    >>> rest
    (Card.parse('6♣'),)
    """
    order = deal_order(dealer, players, packets, direction)
    received: list[list[Card]] = [[] for _ in range(players)]
    for seat, card in zip(order, deck, strict=False):
        received[seat].append(card)
    hands = tuple(tuple(sorted(cards)) for cards in received)
    return hands, tuple(deck[len(order) :])
