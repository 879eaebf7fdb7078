"""Cards, ranks and suits: values, parsing, printing, identity."""

from __future__ import annotations

import copy
import pickle

import pytest

import cardrules as cr
from cardrules.cards import RANK_OF_INDEX, SUIT_OF_INDEX
from conftest import ALL_52

SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
LABELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("Q♠", cr.Rank.QUEEN, cr.Suit.SPADES),
        ("QS", cr.Rank.QUEEN, cr.Suit.SPADES),
        ("qs", cr.Rank.QUEEN, cr.Suit.SPADES),
        ("q♠", cr.Rank.QUEEN, cr.Suit.SPADES),
        ("10H", cr.Rank.TEN, cr.Suit.HEARTS),
        ("10♥", cr.Rank.TEN, cr.Suit.HEARTS),
        ("TH", cr.Rank.TEN, cr.Suit.HEARTS),
        ("th", cr.Rank.TEN, cr.Suit.HEARTS),
        ("2c", cr.Rank.TWO, cr.Suit.CLUBS),
        ("AD", cr.Rank.ACE, cr.Suit.DIAMONDS),
        ("  10h ", cr.Rank.TEN, cr.Suit.HEARTS),
        ("\tKs\n", cr.Rank.KING, cr.Suit.SPADES),
    ],
)
def test_parse_accepted_forms(text: str, rank: cr.Rank, suit: cr.Suit) -> None:
    parsed = cr.Card.parse(text)
    assert parsed.rank is rank
    assert parsed.suit is suit
    assert parsed == cr.Card(rank, suit)


def test_every_card_round_trips_through_text() -> None:
    seen = set()
    for c in ALL_52:
        text = str(c)
        assert cr.Card.parse(text) is c
        assert text == LABELS[c.rank - 2] + SYMBOLS[c.suit.letter]
        # Letter form and lower case too.
        letters = LABELS[c.rank - 2] + c.suit.letter
        assert cr.Card.parse(letters) is c
        assert cr.Card.parse(letters.lower()) is c
        seen.add(text)
    assert len(seen) == 52


def test_printing() -> None:
    assert str(cr.Card.parse("qs")) == "Q♠"
    assert str(cr.Card.parse("TH")) == "10♥"
    assert repr(cr.Card.parse("2C")) == "Card.parse('2♣')"
    assert f"{cr.Card.parse('AD'):>4}" == "  A♦"
    assert cr.format_cards(cr.parse_cards("2c ah")) == "2♣ A♥"


def test_card_is_an_int_with_suit_major_index() -> None:
    for i, c in enumerate(ALL_52):
        assert isinstance(c, int)
        assert int(c) == i == c.index
        assert c.suit == i // 13 == SUIT_OF_INDEX[i]
        assert c.rank == i % 13 + 2 == RANK_OF_INDEX[i]
        assert cr.Card(c.rank, c.suit) is c
        assert cr.Card.from_index(i) is c
    assert int(cr.Card.parse("2C")) == 0
    assert int(cr.Card.parse("AS")) == 51


def test_sorting_is_by_suit_then_rank() -> None:
    shuffled = cr.parse_cards("AS 2D KC 10H 2C 3S")
    assert cr.format_cards(sorted(shuffled)) == "2♣ K♣ 2♦ 10♥ 3♠ A♠"


def test_ranks_run_two_low_to_ace_high() -> None:
    """C1: 2 is low, A is high."""
    assert [r.label for r in sorted(cr.Rank)] == LABELS
    assert min(cr.Rank) is cr.Rank.TWO
    assert max(cr.Rank) is cr.Rank.ACE


@pytest.mark.parametrize("c", ALL_52, ids=str)
def test_pickle_and_copy_keep_identity(c: cr.Card) -> None:
    assert pickle.loads(pickle.dumps(c)) is c
    assert copy.copy(c) is c
    assert copy.deepcopy(c) is c
    assert copy.deepcopy([c, (c,)])[1][0] is c


def test_suit_and_rank_parsing() -> None:
    assert cr.Suit.parse("h") is cr.Suit.HEARTS
    assert cr.Suit.parse("♠") is cr.Suit.SPADES
    assert cr.Suit.parse(" d ") is cr.Suit.DIAMONDS
    assert cr.Rank.parse("t") is cr.Rank.TEN
    assert cr.Rank.parse("10") is cr.Rank.TEN
    assert cr.Rank.parse("a") is cr.Rank.ACE
    assert str(cr.Suit.CLUBS) == "♣"
    assert cr.Suit.CLUBS.letter == "C"
    assert cr.Suit.HEARTS.symbol == "♥"
    assert str(cr.Rank.JACK) == "J"


@pytest.mark.parametrize("text", ["", "Q", "S", "1S", "11H", "QX", "Q S", "QQS", "ZZ", "10", "♠Q"])
def test_bad_card_text_names_the_text(text: str) -> None:
    with pytest.raises(cr.CardParseError, match="cannot read") as info:
        cr.Card.parse(text)
    assert repr(text) in str(info.value)
    assert "rank" in str(info.value) and "suit" in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [12, None, 3.5, b"QS"])
def test_card_parse_rejects_non_text(value: object) -> None:
    with pytest.raises(cr.CardParseError, match="text"):
        cr.Card.parse(value)  # type: ignore[arg-type]


def test_bad_suit_and_rank_text() -> None:
    with pytest.raises(cr.CardParseError, match=r"'X'.*C D H S"):
        cr.Suit.parse("X")
    with pytest.raises(cr.CardParseError, match=r"'1'.*2-10"):
        cr.Rank.parse("1")


@pytest.mark.parametrize(
    ("rank", "suit", "match"),
    [(1, 0, "rank"), (15, 0, "rank"), (True, 0, "rank"), (2, 4, "suit"), (2, -1, "suit")],
)
def test_card_constructor_validates(rank: int, suit: int, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        cr.Card(rank, suit)


@pytest.mark.parametrize("index", [-1, 52, True])
def test_from_index_validates(index: int) -> None:
    with pytest.raises(ValueError, match="0 to 51"):
        cr.Card.from_index(index)


def test_parse_cards() -> None:
    assert cr.parse_cards("QS, 10h 2♣") == (
        cr.Card.parse("Q♠"),
        cr.Card.parse("10♥"),
        cr.Card.parse("2♣"),
    )
    assert cr.parse_cards(["qs", cr.Card.parse("2C")]) == cr.parse_cards("QS 2C")
    assert cr.parse_cards("") == ()
    with pytest.raises(cr.CardParseError, match="'XX'"):
        cr.parse_cards("QS XX")


def test_every_pattern_of_ranks_gives_its_cards_and_plays_in_rank_order() -> None:
    """suit_cards, the plays and a game's moves of a suit's pattern (made from two
    halves, the low and the high ranks) are the cards of the pattern's bits, for all
    8,192 patterns."""
    from cardrules.cards import suit_cards
    from cardrules.tricks.mask_moves import moves_of_mask, plays_of_mask

    passes = tuple(f"pass {card}" for card in ALL_52)  # a game's own move of each card
    for suit in range(4):
        for pattern in range(8192):
            expected = tuple(ALL_52[13 * suit + rank] for rank in range(13) if pattern >> rank & 1)
            assert suit_cards(suit, pattern) == expected
            assert suit_cards(suit, pattern) is suit_cards(suit, pattern)  # remembered
            assert plays_of_mask(pattern << 13 * suit) == tuple(cr.Play(c) for c in expected)
            moves = moves_of_mask(pattern << 13 * suit, passes)
            assert moves == tuple(f"pass {card}" for card in expected)
            assert moves_of_mask(pattern << 13 * suit, passes) is moves  # remembered
