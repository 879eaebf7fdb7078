"""Seats, direction and dealing in packets."""

from __future__ import annotations

import pytest

from cardrules.seats import (
    CLOCKWISE,
    COUNTER_CLOCKWISE,
    deal,
    deal_order,
    is_seat,
    left_of,
    next_seat,
)
from conftest import ALL_52, cards


def test_left_of_wraps() -> None:
    assert [left_of(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert left_of(1, 2) == 0


def test_next_seat_both_directions() -> None:
    assert next_seat(0, 5) == 1
    assert next_seat(0, 5, COUNTER_CLOCKWISE) == 4
    assert next_seat(3, 5, CLOCKWISE, steps=2) == 0
    assert next_seat(1, 5, COUNTER_CLOCKWISE, steps=3) == 3


def test_deal_order_packets_from_the_dealers_left() -> None:
    assert deal_order(dealer=0, players=3, packets=(2, 1)) == (1, 1, 2, 2, 0, 0, 1, 2, 0)
    assert deal_order(dealer=2, players=4, packets=(1,)) == (3, 0, 1, 2)


def test_deal_order_cramps_pattern() -> None:
    order = deal_order(dealer=3, players=4, packets=(3, 2, 3, 2, 3))
    assert len(order) == 52
    assert order[:12] == (0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3)
    assert order[12:20] == (0, 0, 1, 1, 2, 2, 3, 3)
    assert all(order.count(seat) == 13 for seat in range(4))


def test_deal_order_counter_clockwise() -> None:
    assert deal_order(dealer=0, players=4, packets=(1, 1), direction=COUNTER_CLOCKWISE) == (
        3,
        2,
        1,
        0,
        3,
        2,
        1,
        0,
    )


def test_deal_gives_sorted_hands_and_the_rest_top_first() -> None:
    hands, rest = deal(cards("2C 3C 4C 5C 6C"), dealer=1, players=2, packets=(1, 1))
    assert hands == (cards("2C 4C"), cards("3C 5C"))
    assert rest == cards("6C")


def test_deal_follows_the_order() -> None:
    deck = list(reversed(ALL_52))
    hands, rest = deal(deck, dealer=0, players=4, packets=(3, 2, 3, 2, 3))
    order = deal_order(0, 4, (3, 2, 3, 2, 3))
    assert rest == ()
    for seat in range(4):
        expected = sorted(c for s, c in zip(order, deck, strict=True) if s == seat)
        assert list(hands[seat]) == expected
    assert sorted(c for hand in hands for c in hand) == list(ALL_52)


@pytest.mark.parametrize("each", [1, 5, 8])
def test_deal_one_at_a_time_leaves_a_stock(each: int) -> None:
    hands, rest = deal(ALL_52, dealer=4, players=5, packets=(1,) * each)
    assert [len(h) for h in hands] == [each] * 5
    assert rest == ALL_52[5 * each :]
    # Seat 0 is the dealer's left, so it gets the very first card.
    assert ALL_52[0] in hands[0]
    assert ALL_52[4] in hands[4]


@pytest.mark.parametrize(
    ("value", "players", "expected"),
    [(0, 4, True), (3, 4, True), (4, 4, False), (-1, 4, False), (9, 10, True),
     (True, 4, False), (False, 4, False), (1.0, 4, False), ("1", 4, False), (None, 4, False)],
)  # fmt: skip
def test_is_seat(value: object, players: int, expected: bool) -> None:
    assert is_seat(value, players) is expected
