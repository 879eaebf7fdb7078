"""Decks as data (cardrules.decks): every declared deck's cards print and parse back,
masks round-trip with copies told apart, copies and sizes are counted right, and bad
input is refused in words."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.cards import ALL_CARDS, Card
from cardrules.deck import DeckSpec
from cardrules.decks import (
    DOPPELKOPF_48,
    EUCHRE_24,
    FRENCH_52,
    FRENCH_54,
    PINOCHLE_48,
    SKAT_32,
    TAROT_78,
    UNO_108,
    CardKind,
    Deck,
    DeckCard,
    deck_of,
)
from cardrules.errors import CardParseError, RulesError, SetupError

DECKS = (FRENCH_52, FRENCH_54, SKAT_32, EUCHRE_24, PINOCHLE_48, DOPPELKOPF_48, UNO_108, TAROT_78)
SIZES = {
    FRENCH_52: 52,
    FRENCH_54: 54,
    SKAT_32: 32,
    EUCHRE_24: 24,
    PINOCHLE_48: 48,
    DOPPELKOPF_48: 48,
    UNO_108: 108,
    TAROT_78: 78,
}


@pytest.mark.parametrize("deck", DECKS, ids=lambda deck: deck.name)
def test_every_card_prints_and_parses_back(deck: Deck) -> None:
    assert deck.size == len(deck.cards) == SIZES[deck]
    for card in deck.cards:
        assert deck.parse(str(card)) is card
        assert deck.parse(str(card).lower()) is card
        assert card in deck
        assert deck.kind_of(card) is card
    texts = [str(card) for card in deck.kind_cards]
    assert len(set(texts)) == len(texts)  # kinds print apart; copies alike
    assert deck.parse_cards(deck.format(deck.cards)) == deck.cards


def test_the_french_cards_are_the_cards() -> None:
    assert FRENCH_52.cards == ALL_CARDS
    assert all(type(card) is Card for card in SKAT_32.cards + PINOCHLE_48.cards)
    assert FRENCH_52.card_class is Card and Deck.french() is FRENCH_52
    assert FRENCH_52.parse("10h") is Card.parse("10H") and FRENCH_52.parse("t♥") is Card.parse("TH")
    joker = FRENCH_54.parse("joker")
    assert isinstance(joker, DeckCard) and int(joker) == 52 and joker.kind == "joker"
    assert str(joker) == "Jk" and joker.suit is None
    assert Counter(map(str, FRENCH_54.cards))["Jk"] == 2


def test_uno_counts() -> None:
    counts = Counter(str(card) for card in UNO_108.cards)
    for colour in "RYBG":
        assert counts[f"{colour}0"] == 1
        for label in [*map(str, range(1, 10)), "S", "R", "+2"]:
            assert counts[colour + label] == 2
    assert counts["W"] == 4 and counts["W+4"] == 4
    kinds = Counter(card.kind for card in UNO_108.cards)
    assert kinds == {
        "number": 76,
        "skip": 8,
        "reverse": 8,
        "draw_two": 8,
        "wild": 4,
        "wild_draw_four": 4,
    }
    assert UNO_108.parse("red draw two") is UNO_108.parse("R+2")
    assert UNO_108.suits[UNO_108.parse("G5").suit] == "green"


def test_tarot_counts() -> None:
    kinds = Counter(card.kind for card in TAROT_78.cards)
    assert kinds == {"plain": 56, "trump": 21, "excuse": 1}
    assert TAROT_78.parse("C♠").rank == 12 and TAROT_78.parse("cs") is TAROT_78.parse("C♠")
    assert sum(card.value for card in TAROT_78.cards) == 182  # 91 points in half points
    trumps = [card for card in TAROT_78.cards if card.suit == 4]
    assert sorted(card.rank for card in trumps) == list(range(1, 22))


def test_stripped_and_doubled_decks() -> None:
    assert {card.rank for card in SKAT_32.cards} == set(range(7, 15))
    assert Counter(PINOCHLE_48.cards) == {card: 2 for card in EUCHRE_24.cards}
    assert PINOCHLE_48.width == 104 and PINOCHLE_48.has_copies and not SKAT_32.has_copies
    assert DOPPELKOPF_48 is not PINOCHLE_48 and DOPPELKOPF_48.cards == PINOCHLE_48.cards
    assert DeckSpec(decks=2, removed_ranks=range(2, 9)).as_deck().cards == PINOCHLE_48.cards


deck_and_cards = st.sampled_from(DECKS).flatmap(
    lambda deck: st.tuples(
        st.just(deck),
        st.lists(st.integers(0, deck.size - 1), unique=True).map(
            lambda picks: [deck.cards[i] for i in picks]
        ),
    )
)


@settings(max_examples=40, deadline=None)
@given(deck_and_cards)
def test_masks_and_counts_round_trip(drawn: tuple[Deck, list[int]]) -> None:
    deck, cards = drawn
    mask = deck.mask_of(cards)
    assert mask.bit_count() == len(cards) and mask & ~deck.full_mask == 0
    assert Counter(deck.cards_of_mask(mask)) == Counter(cards)
    assert list(deck.cards_of_mask(mask)) == sorted(cards)
    counts = deck.counts(cards)
    assert deck.cards_of_counts(counts) == deck.cards_of_mask(mask)
    for bit in range(deck.width):
        if mask >> bit & 1:
            assert deck.kind_of(bit) in cards
            assert 0 <= deck.copy_of(bit) < deck.copies[deck.kind_of(bit)]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(DECKS), st.integers(0, 2**64 - 1))
def test_shuffles_and_stacked_orders(deck: Deck, seed: int) -> None:
    order, _ = deck.shuffled(seed)
    assert Counter(order) == Counter(deck.cards)
    assert deck.check_order([str(card) for card in order]) == order
    with pytest.raises(SetupError, match="missing: "):
        deck.check_order(order[1:])


@pytest.mark.parametrize("deck", DECKS, ids=lambda deck: deck.name)
def test_decks_pickle_to_themselves(deck: Deck) -> None:
    again = pickle.loads(pickle.dumps((deck, deck.cards)))
    assert again[0] is deck
    assert all(a is b for a, b in zip(again[1], deck.cards, strict=True))


def test_bad_input_is_refused_in_words() -> None:
    with pytest.raises(CardParseError, match="as a card of the Skat deck: expected one of"):
        SKAT_32.parse("2C")  # a rank left out of the stripped deck
    with pytest.raises(CardParseError, match="as a card of the Uno deck"):
        UNO_108.parse("QS")
    with pytest.raises(CardParseError, match="not a card of the Tarot deck"):
        TAROT_78.format([UNO_108.parse("R1")])
    with pytest.raises(CardParseError, match="more often than its 2 copies"):
        PINOCHLE_48.mask_of(PINOCHLE_48.parse_cards("AS AS AS"))
    with pytest.raises(CardParseError, match="card mask of the Euchre deck"):
        EUCHRE_24.cards_of_mask(1)  # the 2♣ is not in play
    with pytest.raises(CardParseError, match="two decks"):
        deck_of([UNO_108.parse("R1"), TAROT_78.parse("Ex")])
    with pytest.raises(RulesError, match="would name two cards"):
        Deck("Twins", [CardKind("A"), CardKind("B", aliases=("a",))])
    with pytest.raises(RulesError, match="names 1 suits"):
        Deck("Suited", [CardKind("A", suit=1)], suits=("one",))
    with pytest.raises(RulesError, match="copies must be one int"):
        Deck("Copies", [CardKind("A")], copies=[1, 2])
    with pytest.raises(RulesError, match="ranks must be ranks"):
        Deck.french(ranks="1 2")
    with pytest.raises(RulesError, match="jokers must be 0 to 4"):
        Deck.french(jokers=7)


def test_cards_know_their_deck() -> None:
    card = TAROT_78.parse("21T")
    assert card.deck is TAROT_78 and type(card).parse("T21") is card
    assert deck_of(TAROT_78.cards) is TAROT_78 and deck_of(SKAT_32.cards) is FRENCH_52
    assert repr(card) == "TarotCard.parse('21T')" and f"{card:>4}" == " 21T"
