"""Deck specs: sizes, removed ranks, shuffles and stacked-deck validation."""

from __future__ import annotations

from collections import Counter

import pytest

import cardrules as cr
from cardrules.rng import seed_state
from conftest import ALL_52, cards


def test_standard_deck() -> None:
    assert cr.DeckSpec() == cr.STANDARD_DECK
    assert cr.STANDARD_DECK.size == 52
    assert cr.STANDARD_DECK.cards() == ALL_52


@pytest.mark.parametrize(
    ("decks", "removed", "size"),
    [
        (1, (), 52),
        (2, (), 104),
        (3, (), 156),
        (1, (cr.Rank.KING, cr.Rank.QUEEN), 44),
        (2, (cr.Rank.KING, cr.Rank.QUEEN), 88),
        (1, (2, 3, 4), 40),
    ],
)
def test_sizes_and_removed_ranks(decks: int, removed: tuple[int, ...], size: int) -> None:
    spec = cr.DeckSpec(decks=decks, removed_ranks=removed)
    deck = spec.cards()
    assert spec.size == size == len(deck)
    assert not any(c.rank in removed for c in deck)
    counts = Counter(deck)
    assert set(counts.values()) == {decks}
    assert len(counts) == 52 - 4 * len(removed)


def test_removed_ranks_are_normalised() -> None:
    spec = cr.DeckSpec(removed_ranks=[13, cr.Rank.KING, 12])
    assert spec.removed_ranks == frozenset({cr.Rank.KING, cr.Rank.QUEEN})
    assert spec == cr.DeckSpec(removed_ranks=(cr.Rank.QUEEN, cr.Rank.KING))
    assert hash(spec) == hash(cr.DeckSpec(removed_ranks=(12, 13)))


@pytest.mark.parametrize("decks", [0, 4, -1, True, 1.0, "2"])
def test_bad_deck_count(decks: object) -> None:
    with pytest.raises(cr.RulesError, match="decks must be 1, 2 or 3"):
        cr.DeckSpec(decks=decks)  # type: ignore[arg-type]


@pytest.mark.parametrize("rank", [1, 15, "K", True, None])
def test_bad_removed_rank(rank: object) -> None:
    with pytest.raises(cr.RulesError, match=r"removed ranks must be Ranks \(2 to 14\)"):
        cr.DeckSpec(removed_ranks=[rank])  # type: ignore[list-item]


def test_shuffled_is_a_deterministic_permutation() -> None:
    spec = cr.DeckSpec(decks=2)
    order, state = spec.shuffled(seed_state(4))
    assert Counter(order) == Counter(spec.cards())
    assert order != spec.cards()
    assert spec.shuffled(seed_state(4)) == (order, state)
    assert spec.shuffled(seed_state(5))[0] != order


def test_check_order_accepts_cards_and_text() -> None:
    deck = list(reversed(ALL_52))
    assert cr.STANDARD_DECK.check_order(deck) == tuple(deck)
    as_text = [str(c) for c in deck]
    assert cr.STANDARD_DECK.check_order(as_text) == tuple(deck)
    two = cr.DeckSpec(decks=2)
    assert two.check_order(ALL_52 * 2) == ALL_52 * 2


def test_check_order_names_missing_cards() -> None:
    deck = [c for c in ALL_52 if str(c) != "Q♠"]
    with pytest.raises(cr.SetupError, match="exactly the 52 cards") as info:
        cr.STANDARD_DECK.check_order(deck)
    assert "missing: Q♠" in str(info.value)
    assert "not allowed" not in str(info.value)


def test_check_order_names_duplicates() -> None:
    deck = [c for c in ALL_52 if str(c) != "Q♠"] + list(cards("2C"))
    with pytest.raises(cr.SetupError) as info:
        cr.STANDARD_DECK.check_order(deck)
    message = str(info.value)
    assert "missing: Q♠" in message
    assert "not allowed or too many: 2♣" in message


def test_check_order_names_extra_cards() -> None:
    deck = [*ALL_52, *cards("AS")]
    with pytest.raises(cr.SetupError, match="too many: A♠"):
        cr.STANDARD_DECK.check_order(deck)
    with pytest.raises(cr.SetupError, match=r"missing: .*2♣"):
        cr.STANDARD_DECK.check_order(ALL_52[1:])


def test_check_order_with_removed_ranks() -> None:
    spec = cr.DeckSpec(removed_ranks=[cr.Rank.KING])
    with pytest.raises(cr.SetupError, match=r"exactly the 48 cards.*too many: K♣ K♦ K♥ K♠"):
        spec.check_order(ALL_52)
    assert len(spec.check_order(spec.cards())) == 48


def test_check_order_two_decks_needs_two_copies() -> None:
    spec = cr.DeckSpec(decks=2)
    with pytest.raises(cr.SetupError, match="missing: 2♣"):
        spec.check_order(ALL_52 + ALL_52[1:] + ALL_52[-1:])


def test_check_order_rejects_non_sequences_and_bad_text() -> None:
    with pytest.raises(cr.SetupError, match="not one string"):
        cr.STANDARD_DECK.check_order("2C 3C")
    with pytest.raises(cr.SetupError, match="sequence of cards"):
        cr.STANDARD_DECK.check_order(52)  # type: ignore[arg-type]
    with pytest.raises(cr.CardParseError, match="'ZZ'"):
        cr.STANDARD_DECK.check_order([*ALL_52[:51], "ZZ"])


@pytest.mark.parametrize("players", [3, 4, 7])
def test_deal_masks_deals_as_the_deal_order_says(players: int) -> None:
    """deal_masks' tables (one per dealer and deal size) give each seat the cards at
    the positions seats.deal_order gives it, whatever the size of the deal."""
    from cardrules.cards import mask_of
    from cardrules.deck import deal_masks, positions_of
    from cardrules.rng import shuffled
    from cardrules.seats import deal_order

    order, _ = shuffled(ALL_52, seed_state(players))
    positions = positions_of(order)
    for dealer in range(players):
        for size in range(1, 52 // players + 1):
            for packets in [(1,) * size, (size,)]:
                seats = deal_order(dealer, players, packets)
                dealt = deal_masks(positions, dealer, players, packets)
                assert dealt == tuple(
                    mask_of(card for card, seat in zip(order, seats, strict=False) if seat == who)
                    for who in range(players)
                )
