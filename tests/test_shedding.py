"""The shedding core (:mod:`cardrules.shedding`): dealing, matching, wild cards,
playing, drawing with reshuffles, direction, and the card-function table rows.

These are the mechanics Craits (K5, K7-K9, K19, K20) and the Crazy Eights examples
share; the game-level rules are tested in ``test_craits_rules.py``.
"""

from __future__ import annotations

from collections import Counter

import pytest

import cardrules as cr
from cardrules.shedding import Action, CardRule, DrawResult, ShedTable, can_play
from craits_helpers import card, cards, manual_deal

WILD_8 = frozenset({8})


def deck_of(text: str) -> tuple[cr.Card, ...]:
    return cards(text)


# -- dealing (K5) -------------------------------------------------------------------


@pytest.mark.parametrize("direction", [1, -1])
@pytest.mark.parametrize(("players", "dealer", "each"), [(2, 0, 3), (3, 2, 2), (4, 1, 5)])
def test_deal_one_at_a_time_from_the_dealers_side(
    players: int, dealer: int, each: int, direction: int
) -> None:
    deck = tuple(cr.Card.from_index(i) for i in range(52))[::-1]
    table = ShedTable.deal(deck, dealer, players, each, direction=direction, rng=99)
    hands, turned, stock = manual_deal(deck, dealer, players, each, direction)
    assert table.hands == tuple(tuple(sorted(hand)) for hand in hands)
    assert table.discard == (turned,)
    assert table.top == turned
    assert table.suit == turned.suit
    assert table.stock == tuple(stock)
    assert table.direction == direction
    assert table.rng == 99
    assert table.players == players


def test_deal_first_card_goes_to_the_dealers_left() -> None:
    table = ShedTable.deal(deck_of("2C 3C 4C 5C 6C 7C 8C 9C"), dealer=1, players=3, cards_each=2)
    # Seat 2 is left of dealer 1, then seat 0, then the dealer.
    assert table.hands == (cards("3C 6C"), cards("4C 7C"), cards("2C 5C"))
    assert table.top == card("8C")
    assert table.stock == (card("9C"),)


def test_deal_counter_clockwise_goes_to_the_dealers_right() -> None:
    table = ShedTable.deal(deck_of("2C 3C 4C 5C"), dealer=1, players=3, cards_each=1, direction=-1)
    # Seat 0 is right of dealer 1, then seat 2, then the dealer.
    assert table.hands == (cards("2C"), cards("4C"), cards("3C"))
    assert table.top == card("5C")
    assert table.stock == ()


# -- matching (K7, K8) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "top", "suit", "expected"),
    [
        ("9C", "KC", cr.Suit.CLUBS, True),  # same suit
        ("KD", "KC", cr.Suit.CLUBS, True),  # same rank
        ("9D", "KC", cr.Suit.CLUBS, False),  # neither
        ("8D", "KC", cr.Suit.CLUBS, True),  # wild
        ("9H", "8C", cr.Suit.HEARTS, True),  # the named suit, not the wild's own
        ("9C", "8C", cr.Suit.HEARTS, False),  # the wild's own suit no longer counts
        ("8S", "8C", cr.Suit.HEARTS, True),  # an 8 on an 8 (same rank and wild)
    ],
)
def test_can_play_same_suit_same_rank_or_wild(
    text: str, top: str, suit: cr.Suit, expected: bool
) -> None:
    assert can_play(card(text), card(top), suit, WILD_8) is expected


def test_can_play_respects_the_wild_ranks_given() -> None:
    assert not can_play(card("8D"), card("KC"), cr.Suit.CLUBS, frozenset())
    assert can_play(card("9D"), card("KC"), cr.Suit.CLUBS, frozenset({9}))


# -- playing ------------------------------------------------------------------------


def small_table(direction: int = 1) -> ShedTable:
    return ShedTable(
        (cards("2C 9H"), cards("3D 8S KS"), cards("4H")),
        cards("5C 6C"),
        cards("7H JH"),
        cr.Suit.HEARTS,
        direction,
        123,
    )


def test_play_moves_the_card_to_the_top_and_sets_its_suit() -> None:
    table = small_table()
    after = table.play(1, card("KS"))
    assert after.hands == (cards("2C 9H"), cards("3D 8S"), cards("4H"))
    assert after.discard == cards("7H JH KS")
    assert after.top == card("KS")
    assert after.suit is cr.Suit.SPADES
    assert after.stock == table.stock and after.rng == table.rng
    # The table played on is unchanged.
    assert table == small_table()


def test_play_a_wild_naming_a_suit() -> None:
    after = small_table().play(1, card("8S"), cr.Suit.DIAMONDS)
    assert after.top == card("8S")
    assert after.suit is cr.Suit.DIAMONDS


def test_with_suit_and_reversed() -> None:
    table = small_table()
    assert table.with_suit(cr.Suit.CLUBS).suit is cr.Suit.CLUBS
    assert table.reversed().direction == -1
    assert table.reversed().reversed() == table


@pytest.mark.parametrize(
    ("direction", "seat", "steps", "expected"),
    [(1, 0, 1, 1), (1, 2, 1, 0), (1, 1, 2, 0), (-1, 0, 1, 2), (-1, 2, 2, 0), (1, 1, 3, 1)],
)
def test_seat_after_follows_the_direction(
    direction: int, seat: int, steps: int, expected: int
) -> None:
    assert small_table(direction).seat_after(seat, steps) == expected


# -- drawing, reshuffling (K9, K19, K20) ---------------------------------------------


def test_draw_from_the_top_of_the_stock() -> None:
    result = small_table().draw(2, 1)
    assert result.cards == cards("5C")
    assert result.reshuffled == 0
    assert result.table.hands[2] == cards("5C 4H")
    assert result.table.stock == cards("6C")
    assert result.table.discard == small_table().discard


def test_draw_reshuffles_all_but_the_top_card_when_the_stock_runs_out() -> None:
    table = small_table()
    result = table.draw(0, 3)
    # Two cards from the stock, then the discard pile but its top (7H) becomes the stock.
    assert result.reshuffled == 1
    assert result.reshuffles == (1,)
    assert result.cards == cards("5C 6C 7H")
    assert result.table.discard == cards("JH")
    assert result.table.stock == ()
    assert sorted(result.table.hands[0]) == sorted(cards("2C 9H 5C 6C 7H"))


def test_reshuffle_keeps_every_card() -> None:
    table = ShedTable(
        ((), ()),
        (),
        cards("2C 3C 4C 5C 6C 7C 8C 9C 10C"),
        cr.Suit.CLUBS,
        1,
        5,
    )
    result = table.draw(1, 2)
    assert result.reshuffles == (8,)
    assert result.table.discard == cards("10C")
    assert len(result.cards) == 2
    assert Counter(result.cards + result.table.stock) == Counter(cards("2C 3C 4C 5C 6C 7C 8C 9C"))
    assert result.table.rng != table.rng  # the generator advanced for the shuffle
    # Deterministic: the same table reshuffles the same way.
    assert table.draw(1, 2) == result


def test_can_draw_needs_a_stock_or_something_to_reshuffle() -> None:
    assert small_table().can_draw
    assert ShedTable(((), ()), (), cards("2C 3C"), cr.Suit.CLUBS).can_draw
    assert not ShedTable(((), ()), (), cards("2C"), cr.Suit.CLUBS).can_draw


def test_draw_stops_short_when_nothing_is_left_to_reshuffle() -> None:
    table = ShedTable((cards("2C"), cards("3C")), cards("4C"), cards("5C"), cr.Suit.CLUBS)
    result = table.draw(0, 3)
    assert result.cards == cards("4C")
    assert result.reshuffled == 0
    assert result.table.stock == () and result.table.discard == cards("5C")
    empty = result.table.draw(1, 2)
    assert empty == DrawResult(result.table, ())
    assert empty.reshuffled == 0


def test_draw_reshuffles_again_if_a_long_draw_empties_the_new_stock() -> None:
    table = ShedTable(((), ()), (), cards("2C 3C 4C"), cr.Suit.CLUBS, 1, 8)
    result = table.draw(0, 5)
    # 2 cards reshuffled and drawn, then only 4C remains: the draw stops short.
    assert result.reshuffles == (2,)
    assert sorted(result.cards) == sorted(cards("2C 3C"))
    assert result.table.discard == cards("4C")


# -- card rules ----------------------------------------------------------------------


def test_card_rule_accepts_action_text_and_defaults() -> None:
    rule = CardRule("skip", 20)
    assert rule.action is Action.SKIP
    assert (rule.count, rule.starts_count, rule.is_wild) == (0, False, False)
    assert CardRule(Action.WILD, 50).is_wild
    assert CardRule("wild_keep_suit", 40).is_wild


def test_card_rule_rejects_unknown_actions_and_bad_points() -> None:
    with pytest.raises(ValueError, match="unknown card function 'fly'"):
        CardRule("fly", 3)
    with pytest.raises(ValueError, match="points must be an int"):
        CardRule("none", "3")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="count must be an int"):
        CardRule("none", 3, count=True)


def test_tables_are_frozen_values() -> None:
    table = small_table()
    with pytest.raises(AttributeError):
        table.suit = cr.Suit.CLUBS  # type: ignore[misc]
    assert hash(table) == hash(small_table())
