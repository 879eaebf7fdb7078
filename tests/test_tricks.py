"""The trick-taking core: winners with and without trumps, following suit, rounds."""

from __future__ import annotations

import pytest

import cardrules as cr
from cardrules.tricks import follow_suit_cards, winning_index
from conftest import card, cards


@pytest.mark.parametrize(
    ("played", "winner"),
    [
        ("2C 3C 4C 5C", 3),
        ("AC 3C 4C 5C", 0),
        ("2C AS AD AH", 0),  # off-suit aces never win without trumps
        ("9H 10H 2H JH", 3),
        ("KD QD AS 3D", 0),
        ("2S", 0),
    ],
)
def test_winning_index_without_trumps(played: str, winner: int) -> None:
    assert winning_index(cards(played)) == winner
    assert winning_index(cards(played), None) == winner


@pytest.mark.parametrize(
    ("played", "trump", "winner"),
    [
        ("AC 2S 3C 4C", cr.Suit.SPADES, 1),
        ("AC 2S 3S 4C", cr.Suit.SPADES, 2),
        ("AC 3S 2S KC", cr.Suit.SPADES, 1),
        ("5S 2C AD KS", cr.Suit.SPADES, 3),  # trump led: highest trump
        ("AC KC QC JC", cr.Suit.SPADES, 0),  # no trump played
        ("AC 2H 3H AH", cr.Suit.HEARTS, 3),
        ("2D AH 3D 2H", 2, 1),  # trump given as an int
    ],
)
def test_winning_index_with_trumps(played: str, trump: cr.Suit | int, winner: int) -> None:
    assert winning_index(cards(played), trump) == winner


def test_equal_cards_first_played_wins() -> None:
    assert winning_index(cards("KH KH 2H")) == 0
    assert winning_index(cards("2H KH KH")) == 1
    assert winning_index(cards("2H 3S 3S"), cr.Suit.SPADES) == 1


def test_follow_suit_cards() -> None:
    hand = cards("2C 5C KD AS")
    assert follow_suit_cards(hand, None) == hand
    assert follow_suit_cards(hand, cr.Suit.CLUBS) == cards("2C 5C")
    assert follow_suit_cards(hand, cr.Suit.DIAMONDS) == cards("KD")
    assert follow_suit_cards(hand, cr.Suit.HEARTS) == hand  # void: anything
    assert follow_suit_cards((), cr.Suit.HEARTS) == ()


def test_trick_value() -> None:
    trick = cr.Trick(2, cards("3H 2H AS"))
    assert trick.led_suit is cr.Suit.HEARTS
    assert cr.Trick(0).led_suit is None
    assert trick.seat_of(2, 4) == 0
    assert trick.plays(4) == ((2, card("3H")), (3, card("2H")), (0, card("AS")))
    assert str(trick) == "3♥ 2♥ A♠"
    assert str(cr.Trick(1)) == "(empty)"


def _round() -> cr.TrickRound:
    hands = (cards("2C AS"), cards("KC 3D"), cards("4C 5S"))
    return cr.TrickRound.start(hands, leader=0)


def test_round_start() -> None:
    play = _round()
    assert play.players == 3
    assert play.to_move == 0
    assert play.trick_number == 1
    assert not play.is_finished
    assert play.legal_cards() == cards("2C AS")


def test_round_play_and_winner_leads() -> None:
    play = _round()
    play, done = play.play(card("2C"))
    assert done is None
    assert play.to_move == 1
    assert play.legal_cards() == cards("KC")  # must follow clubs
    play, done = play.play(card("KC"))
    assert done is None
    play, done = play.play(card("4C"))
    assert done is not None
    assert done.winner == 1
    assert done.cards == cards("2C KC 4C")
    assert play.to_move == 1  # the winner leads
    assert play.trick == cr.Trick(1)
    assert play.trick_number == 2
    assert play.taken(1) == cards("2C KC 4C")
    assert play.taken(0) == ()
    # Seat 1 leads 3D; seat 2 is void in diamonds, seat 0 too: both may play anything.
    assert play.legal_cards() == cards("3D")
    play, _ = play.play(card("3D"))
    assert play.legal_cards() == cards("5S")
    play, _ = play.play(card("5S"))
    play, done = play.play(card("AS"))
    assert done is not None and done.winner == 1
    assert play.is_finished
    assert play.hands == ((), (), ())


def test_round_play_does_not_mutate() -> None:
    play = _round()
    before = (play.hands, play.trick, play.tricks)
    play.play(card("AS"))
    assert (play.hands, play.trick, play.tricks) == before


def test_round_with_trumps() -> None:
    hands = (cards("AC"), cards("2S"), cards("KC"))
    play = cr.TrickRound.start(hands, leader=0, trump=cr.Suit.SPADES)
    for text in ("AC", "2S", "KC"):
        play, done = play.play(card(text))
    assert done is not None and done.winner == 1


def test_check_not_in_hand() -> None:
    with pytest.raises(cr.IllegalMoveError, match="you do not hold K♣") as info:
        _round().check(card("KC"))
    assert info.value.reason == "not_in_hand"
    # The message names no hand: it may reach someone other than the mover.
    assert "2♣" not in str(info.value) and "A♠" not in str(info.value)


def test_check_must_follow_suit() -> None:
    play, _ = _round().play(card("2C"))
    play.check(card("KC"))
    with pytest.raises(cr.IllegalMoveError, match="does not follow suit") as info:
        play.check(card("3D"))
    assert info.value.reason == "must_follow_suit"
    assert "clubs" in str(info.value) and "♣" in str(info.value)


def test_check_allows_any_card_when_void() -> None:
    play, _ = _round().play(card("AS"))  # spades led; seat 1 has none
    play.check(card("KC"))
    play.check(card("3D"))
