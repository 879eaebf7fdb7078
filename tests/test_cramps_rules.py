"""Cramps, rule by rule: one or more tests for each rule C1 … C12 of the rules reference
(the project's RULES.md, summarised on the docs' rules pages). Every test names its
rule and fails if that rule is broken.
"""

from __future__ import annotations

from collections import Counter

import pytest

import cardrules as cr
from cardrules.cards import mask_of
from conftest import (
    ALL_52,
    card,
    cards,
    events_of,
    fill_hands,
    finish_round,
    play_cards,
    play_first_moves,
    stack_deck,
    suit_hands,
)

# The seed's scoring table, copied from seeds/cramps.txt (trick 1 … 13).
SEED_TRICK_VALUES = (0, -1, 3, 3, -3, 0, 5, 5, -5, 0, 7, 7, -7)


def queens_in(played: tuple[cr.Card, ...]) -> int:
    return sum(1 for c in played if c.rank is cr.Rank.QUEEN)


def by_index(indices: list[int]) -> tuple[cr.Card, ...]:
    return tuple(sorted(cr.Card.from_index(i) for i in indices))


# -- C1: four players, one 52-card deck, 2 low and A high -----------------------------


def test_c1_four_players_only() -> None:
    assert cr.Cramps().players == 4
    for players in (2, 3, 5, 6):
        with pytest.raises(cr.RulesError, match="Cramps: players must be 4, not"):
            cr.Cramps(players=players)


@pytest.mark.parametrize("seed", [0, 1, 99, 2**64 - 1])
def test_c1_one_standard_deck_dealt_out(seed: int) -> None:
    state = cr.Cramps().new_game(seed=seed)
    assert len(state.hands) == 4
    assert sorted(c for hand in state.hands for c in hand) == list(ALL_52)


def test_c1_ace_high_two_low() -> None:
    """In a trick of one suit the Ace beats the King and the 2 loses to everything."""
    game = cr.Cramps()
    hands = fill_hands({1: "2H", 2: "10H", 3: "AH", 0: "KH"})
    _, events = play_cards(game, game.new_game(hands=hands), ["2H", "10H", "AH", "KH"])
    (won,) = events_of(events, cr.TrickWon)
    assert won.seat == 3
    hands = fill_hands({1: "AD", 2: "KD", 3: "2D", 0: "3D"})
    _, events = play_cards(game, game.new_game(hands=hands), ["AD", "KD", "2D", "3D"])
    (won,) = events_of(events, cr.TrickWon)
    assert won.seat == 1


# -- C2: 13 cards each, in packets from the dealer's left ------------------------------


def test_c2_default_packets_3_2_3_2_3_from_the_dealers_left() -> None:
    """Dealing the deck 2♣, 3♣, … A♠ (index order, top first) with dealer 0: seat 1
    takes cards 0-2, seat 2 cards 3-5, seat 3 cards 6-8, seat 0 cards 9-11, then
    packets of two from 12, of three from 20, of two from 32, of three from 40."""
    game = cr.Cramps()
    assert game.packets == (3, 2, 3, 2, 3)
    state = game.new_game(deck=ALL_52)
    assert state.hands[1] == by_index([0, 1, 2, 12, 13, 20, 21, 22, 32, 33, 40, 41, 42])
    assert state.hands[2] == by_index([3, 4, 5, 14, 15, 23, 24, 25, 34, 35, 43, 44, 45])
    assert state.hands[3] == by_index([6, 7, 8, 16, 17, 26, 27, 28, 36, 37, 46, 47, 48])
    assert state.hands[0] == by_index([9, 10, 11, 18, 19, 29, 30, 31, 38, 39, 49, 50, 51])


def test_c2_deal_starts_left_of_any_dealer() -> None:
    game = cr.Cramps()
    state = game.new_game(deck=ALL_52, dealer=2)
    assert state.hands[3] == by_index([0, 1, 2, 12, 13, 20, 21, 22, 32, 33, 40, 41, 42])
    assert state.hands[2] == by_index([9, 10, 11, 18, 19, 29, 30, 31, 38, 39, 49, 50, 51])


def test_c2_custom_packet_pattern() -> None:
    game = cr.Cramps(packets=(2, 2, 3, 3, 3))
    state = game.new_game(deck=ALL_52)
    assert state.hands[1] == by_index([0, 1, 8, 9, 16, 17, 18, 28, 29, 30, 40, 41, 42])
    assert state.hands[2] == by_index([2, 3, 10, 11, 19, 20, 21, 31, 32, 33, 43, 44, 45])
    assert state.hands[0] == by_index([6, 7, 14, 15, 25, 26, 27, 37, 38, 39, 49, 50, 51])
    # A different pattern deals the same deck differently.
    assert state.hands != cr.Cramps().new_game(deck=ALL_52).hands


@pytest.mark.parametrize("packets", [(3, 2, 3, 2, 3), (2, 3, 3, 3, 2), (3, 3, 3, 2, 2)])
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_c2_stacked_deck_gives_the_intended_hands(packets: tuple[int, ...], dealer: int) -> None:
    hands = tuple(tuple(ALL_52[seat::4]) for seat in range(4))
    deck = stack_deck(hands, dealer=dealer, packets=packets)
    state = cr.Cramps(packets=packets).new_game(deck=deck, dealer=dealer)
    assert state.hands == hands
    assert all(len(hand) == 13 for hand in state.hands)


def test_c2_later_rounds_use_the_packet_pattern() -> None:
    """Round 2 is dealt from the generator; each player still gets 13 cards."""
    game = cr.Cramps(target=1000)
    state, events = finish_round(game, game.new_game(seed=3))
    assert [len(hand) for hand in state.hands] == [13] * 4
    assert sorted(c for hand in state.hands for c in hand) == list(ALL_52)
    (dealt,) = events_of(events, cr.HandDealt)
    assert dealt == cr.HandDealt(2, 1, 13)


def test_c2_packets_must_be_threes_and_twos_summing_to_13() -> None:
    for packets in [(3, 3, 3, 3), (4, 3, 3, 3), (1, 3, 3, 3, 3), (3, 2, 3, 2, 3, 2)]:
        with pytest.raises(cr.RulesError, match="3s and 2s that sum to 13"):
            cr.Cramps(packets=packets)


# -- C3: first dealer seat 0 unless given; the deal passes left -------------------------


def test_c3_first_dealer_is_seat_0_by_default() -> None:
    state = cr.Cramps().new_game(seed=5)
    assert state.dealer == 0
    assert state.round_number == 1


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_c3_dealer_can_be_given_and_passes_left(dealer: int) -> None:
    game = cr.Cramps(target=1000)  # nobody wins: play five rounds
    state = game.new_game(seed=11, dealer=dealer)
    assert state.dealer == dealer
    for number in range(2, 7):
        state, events = finish_round(game, state)
        expected = (dealer + number - 1) % 4
        assert state.round_number == number
        assert state.dealer == expected
        assert events_of(events, cr.HandDealt) == [cr.HandDealt(number, expected, 13)]


# -- C4: the dealer's left leads the first trick with any card --------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_c4_dealers_left_leads_any_card(dealer: int) -> None:
    game = cr.Cramps()
    state = game.new_game(seed=8, dealer=dealer)
    leader = (dealer + 1) % 4
    assert state.to_move == leader
    assert state.trick == cr.Trick(leader)
    assert game.legal_moves(state) == tuple(cr.Play(c) for c in state.hands[leader])
    for c in state.hands[leader]:
        after = game.apply(state, cr.Play(c))
        assert after.trick.cards == (c,)
        assert after.to_move == (leader + 1) % 4


def test_c4_new_round_led_by_new_dealers_left() -> None:
    game = cr.Cramps(target=1000)
    state, _ = finish_round(game, game.new_game(seed=2))
    assert state.dealer == 1
    assert state.to_move == 2
    assert state.trick == cr.Trick(2)
    assert len(game.legal_moves(state)) == 13


# -- C5: follow suit if able, else any card ---------------------------------------------

C5_HANDS = fill_hands(
    {1: "2C", 2: "3C 4C AH", 3: "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"},
)


def test_c5_must_follow_suit_when_able() -> None:
    game = cr.Cramps()
    state = game.apply(game.new_game(hands=C5_HANDS), cr.Play(card("2C")))
    assert state.to_move == 2
    assert game.legal_moves(state) == (cr.Play(card("3C")), cr.Play(card("4C")))
    with pytest.raises(cr.IllegalMoveError, match="does not follow suit") as info:
        game.apply(state, cr.Play(card("AH")))
    assert info.value.reason == "must_follow_suit"
    assert "clubs" in str(info.value)


def test_c5_any_card_when_void() -> None:
    game = cr.Cramps()
    state, _ = play_cards(game, game.new_game(hands=C5_HANDS), ["2C", "4C"])
    assert state.to_move == 3
    assert not any(c.suit is cr.Suit.CLUBS for c in state.hands[3])
    assert game.legal_moves(state) == tuple(cr.Play(c) for c in state.hands[3])
    for c in state.hands[3]:
        game.apply(state, cr.Play(c))  # every card is accepted


def test_c5_leader_of_later_tricks_may_lead_any_card() -> None:
    game = cr.Cramps()
    state, _ = play_cards(game, game.new_game(hands=C5_HANDS), ["2C", "4C", "AS", "5C"])
    assert state.trick_number == 2
    leader = state.to_move
    assert leader is not None
    assert game.legal_moves(state) == tuple(cr.Play(c) for c in state.hands[leader])


# -- C6: highest card of the suit led wins; no trumps; the winner leads ------------------


def test_c6_highest_of_suit_led_wins_off_suit_aces_do_not() -> None:
    game = cr.Cramps()
    state, events = play_cards(game, game.new_game(hands=C5_HANDS), ["2C", "4C", "AS", "5C"])
    (won,) = events_of(events, cr.TrickWon)
    assert won.seat == 0  # 5♣ beats 2♣ and 4♣; the A♠ was off suit
    assert won.cards == cards("2C 4C AS 5C")
    assert state.to_move == 0
    assert state.trick == cr.Trick(0)
    assert state.tricks == (cr.Trick(1, cards("2C 4C AS 5C"), 0),)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_c6_no_suit_is_trumps(dealer: int) -> None:
    """Each seat holds one whole suit. Whatever suit is led, its 2 beats the three
    Aces discarded on it, so no suit acts as trumps; and the winner leads again."""
    game = cr.Cramps()
    state = game.new_game(hands=suit_hands(), dealer=dealer)
    leader = (dealer + 1) % 4
    led = cr.Card(cr.Rank.TWO, leader)
    aces = [cr.Card(cr.Rank.ACE, (leader + k) % 4) for k in (1, 2, 3)]
    state, events = play_cards(game, state, [str(led), *map(str, aces)])
    (won,) = events_of(events, cr.TrickWon)
    assert won.seat == leader
    assert state.to_move == leader


# -- C7: thirteen tricks make a round ----------------------------------------------------


@pytest.mark.parametrize("seed", [0, 4, 17])
def test_c7_thirteen_tricks_make_a_round(seed: int) -> None:
    game = cr.Cramps(target=1000)
    state = game.new_game(seed=seed)
    state, events = play_first_moves(game, state, 51)
    assert state.round_number == 1
    assert state.trick_number == 13
    assert len(state.tricks) == 12
    assert not events_of(events, cr.HandScored)
    assert len(state.trick.cards) == 3
    assert sorted(len(hand) for hand in state.hands) == [0, 0, 0, 1]
    state, last = play_first_moves(game, state, 1)
    events += last
    won = events_of(events, cr.TrickWon)
    assert [e.number for e in won] == list(range(1, 14))
    assert all(len(e.cards) == 4 for e in won)
    assert sorted(c for e in won for c in e.cards) == list(ALL_52)
    assert [type(e) for e in last] == [
        cr.MovePlayed,
        cr.CardPlayed,
        cr.TrickWon,
        cr.HandScored,
        cr.HandDealt,
    ]
    assert state.round_number == 2
    assert state.trick_number == 1
    assert state.tricks == ()


# -- C8: trick values 0, -1, +3, +3, -3, 0, +5, +5, -5, 0, +7, +7, -7 --------------------


def test_c8_default_trick_values_are_the_seeds() -> None:
    assert cr.Cramps().trick_values == SEED_TRICK_VALUES
    assert sum(SEED_TRICK_VALUES) == 14


def test_c8_trick_values_second_trick_queen_minus_one_minus_one() -> None:
    """Stacked deck: seat 2 wins trick 1 (worth 0) with A♣, then leads Q♠ and wins
    trick 2 with it: -1 for the second trick and -1 for the Queen, both for seat 2."""
    hands = fill_hands({1: "2C 4S", 2: "AC QS", 3: "3C 2S", 0: "4C 3S"})
    deck = stack_deck(hands, dealer=0)
    game = cr.Cramps()
    state = game.new_game(deck=deck)
    assert state.hands == tuple(tuple(sorted(hand)) for hand in hands)
    state, events = play_cards(game, state, ["2C", "AC", "3C", "4C"])
    assert events_of(events, cr.TrickWon) == [cr.TrickWon(2, 1, cards("2C AC 3C 4C"), 0)]
    assert state.round_scores == (0, 0, 0, 0)
    state, events = play_cards(game, state, ["QS", "2S", "3S", "4S"])
    (won,) = events_of(events, cr.TrickWon)
    assert won == cr.TrickWon(2, 2, cards("QS 2S 3S 4S"), -1 + -1)
    assert state.round_scores == (0, 0, -2, 0)
    assert state.scores == (0, 0, 0, 0)  # added to the game total at the round's end


def test_c8_trick_values_each_trick_of_a_one_suit_deal() -> None:
    """Each seat holds one suit, so the leader wins every trick; playing lowest first,
    all four Queens fall in trick 11 (worth +7 - 4)."""
    game = cr.Cramps()
    state = game.new_game(hands=suit_hands())
    state, events = play_first_moves(game, state, 52)
    won = events_of(events, cr.TrickWon)
    assert [e.seat for e in won] == [1] * 13
    assert [e.points for e in won] == [0, -1, 3, 3, -3, 0, 5, 5, -5, 0, 3, 7, -7]
    (scored,) = events_of(events, cr.HandScored)
    assert scored.hand_scores == (0, 10, 0, 0)


@pytest.mark.parametrize("seed", range(8))
def test_c8_trick_values_in_random_rounds(seed: int) -> None:
    """Over whole rounds, trick k scores the seed's value k (less the Queens) for its
    winner, and the round scores are those points added up per winner."""
    game = cr.Cramps()
    _, events = finish_round(game, game.new_game(seed=seed))
    totals = [0, 0, 0, 0]
    for e in events_of(events, cr.TrickWon):
        assert e.points == SEED_TRICK_VALUES[e.number - 1] - queens_in(e.cards)
        totals[e.seat] += e.points
    (scored,) = events_of(events, cr.HandScored)
    assert scored.hand_scores == tuple(totals)


def test_c8_trick_values_option() -> None:
    values = tuple(range(1, 14))
    game = cr.Cramps(trick_values=values)
    _, events = play_first_moves(game, game.new_game(hands=suit_hands()), 52)
    points = [e.points for e in events_of(events, cr.TrickWon)]
    assert points == [v - (4 if v == 11 else 0) for v in values]
    with pytest.raises(cr.RulesError, match="13 ints"):
        cr.Cramps(trick_values=(1, 2, 3))


# -- C9: each captured Queen -1 for its captor -------------------------------------------


def test_c9_four_queens_in_one_trick() -> None:
    hands = fill_hands(
        {
            1: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
            2: "QD",
            3: "QH",
            0: "QS",
        }
    )
    game = cr.Cramps()
    state, events = play_cards(game, game.new_game(hands=hands), ["QC", "QD", "QH", "QS"])
    assert events_of(events, cr.TrickWon) == [cr.TrickWon(1, 1, cards("QC QD QH QS"), -4)]
    assert state.round_scores == (0, -4, 0, 0)
    doubled = cr.Cramps(queen_points=-2)
    state, events = play_cards(doubled, doubled.new_game(hands=hands), ["QC", "QD", "QH", "QS"])
    assert state.round_scores == (0, -8, 0, 0)


def test_c9_queen_counts_for_the_captor_not_its_player() -> None:
    """Seat 3 plays the Q♥ under seat 2's K♥ in trick 2: seat 2 loses the point."""
    hands = fill_hands({1: "2C 3H", 2: "AC KH", 3: "3C QH", 0: "4C 2H"})
    game = cr.Cramps()
    state, _ = play_cards(game, game.new_game(hands=hands), ["2C", "AC", "3C", "4C"])
    state, events = play_cards(game, state, ["KH", "QH", "2H", "3H"])
    (won,) = events_of(events, cr.TrickWon)
    assert (won.seat, won.number, won.points) == (2, 2, -2)
    assert state.round_scores == (0, 0, -2, 0)
    assert card("QH") in state.taken[2]
    assert state.taken[3] == ()
    assert state.taken_masks == tuple(mask_of(cards) for cards in state.taken)
    assert state.taken_masks[2] >> card("QH") & 1 and state.taken_masks[3] == 0


def test_c9_no_queen_no_penalty() -> None:
    hands = fill_hands({1: "2C 3H", 2: "AC KH", 3: "3C 4H", 0: "4C 2H"})
    game = cr.Cramps()
    state, _ = play_cards(game, game.new_game(hands=hands), ["2C", "AC", "3C", "4C"])
    state, events = play_cards(game, state, ["KH", "4H", "2H", "3H"])
    assert events_of(events, cr.TrickWon)[0].points == -1


# -- C10: the round scores sum to 10 -----------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_c10_round_scores_sum_to_ten(seed: int) -> None:
    game = cr.Cramps()
    state = game.new_game(seed=seed, dealer=seed % 4)
    state, events = finish_round(game, state)
    (scored,) = events_of(events, cr.HandScored)
    assert sum(scored.hand_scores) == 10
    assert scored.scores == scored.hand_scores  # added to totals that started at zero
    assert state.scores == scored.scores


# -- C11: cumulative scores, first to 31, ties play on, target option --------------------


def test_c11_winners_for() -> None:
    game = cr.Cramps()
    assert game.target == 31
    assert game.winners_for((30, 20, 0, -40)) == ()
    assert game.winners_for((31, 20, 0, -41)) == (0,)
    assert game.winners_for((33, 31, 0, -54)) == (0,)
    assert game.winners_for((31, 40, 35, 0)) == (1,)
    assert game.winners_for((33, 33, 31, -87)) == ()
    assert game.winners_for((29, 29, 0, 0)) == ()


def test_c11_scores_accumulate_over_rounds() -> None:
    game = cr.Cramps(target=1000)
    state = game.new_game(seed=21, scores=(5, -3, 0, 7))
    totals = [5, -3, 0, 7]
    for number in (1, 2, 3):
        state, events = finish_round(game, state)
        (scored,) = events_of(events, cr.HandScored)
        assert scored.number == number
        totals = [a + b for a, b in zip(totals, scored.hand_scores, strict=True)]
        assert scored.scores == tuple(totals) == state.scores
        assert state.round_scores == (0, 0, 0, 0)


def test_c11_reaching_the_target_wins_at_the_round_end() -> None:
    game = cr.Cramps()
    state = game.new_game(hands=suit_hands(), dealer=3, scores=(30, 0, 0, 0))
    # Seat 0 leads and wins every trick; after trick 3 its running total is 32 ...
    state, _ = play_first_moves(game, state, 12)
    assert state.round_scores[0] == 2
    assert not state.is_over  # ... but scores are checked only at the end of the round
    state, events = play_first_moves(game, state, 40)
    assert state.is_over
    assert state.winners == (0,)
    assert state.scores == (40, 0, 0, 0)
    assert state.to_move is None
    assert game.legal_moves(state) == ()
    assert events[-2:] == [
        cr.HandScored(1, (10, 0, 0, 0), (40, 0, 0, 0)),
        cr.GameOver((0,), (40, 0, 0, 0)),
    ]
    assert not events_of(events, cr.HandDealt)


def test_c11_below_the_target_plays_on() -> None:
    game = cr.Cramps()
    state = game.new_game(hands=suit_hands(), dealer=3, scores=(20, 0, 0, 0))
    state, events = play_first_moves(game, state, 52)
    assert not state.is_over
    assert state.scores == (30, 0, 0, 0)
    assert state.round_number == 2
    assert not events_of(events, cr.GameOver)


def test_c11_several_over_the_target_highest_wins() -> None:
    game = cr.Cramps()
    state = game.new_game(hands=suit_hands(), dealer=3, scores=(25, 34, 0, 0))
    state, events = play_first_moves(game, state, 52)
    assert state.scores == (35, 34, 0, 0)
    assert state.winners == (0,)
    assert events[-1] == cr.GameOver((0,), (35, 34, 0, 0))


def test_c11_shared_highest_total_plays_another_round() -> None:
    game = cr.Cramps()
    state = game.new_game(hands=suit_hands(), dealer=3, scores=(21, 31, 0, 0), seed=6)
    state, events = play_first_moves(game, state, 52)
    assert state.scores == (31, 31, 0, 0)
    assert not state.is_over
    assert state.winners == ()
    assert state.round_number == 2
    assert not events_of(events, cr.GameOver)
    assert events_of(events, cr.HandDealt) == [cr.HandDealt(2, 0, 13)]
    # Play on until one player is alone on top with 31 or more.
    while not state.is_over:
        state = game.apply(state, game.legal_moves(state)[0])
    (winner,) = state.winners
    best = max(state.scores)
    assert state.scores[winner] == best >= 31
    assert state.scores.count(best) == 1


def test_c11_already_over_the_target_wins_when_the_round_ends() -> None:
    """Starting totals count: a seat already on 31 wins at the end of the round if
    nobody passes it."""
    game = cr.Cramps()
    state = game.new_game(hands=suit_hands(), dealer=0, scores=(31, 0, 0, 0))
    state, _ = play_first_moves(game, state, 51)
    assert not state.is_over
    state, _ = play_first_moves(game, state, 1)
    assert state.scores == (31, 10, 0, 0)
    assert state.winners == (0,)


@pytest.mark.parametrize(("target", "over"), [(10, True), (11, False), (1, True)])
def test_c11_target_option(target: int, over: bool) -> None:
    game = cr.Cramps(target=target)
    assert game.target == target
    state, _ = play_first_moves(game, game.new_game(hands=suit_hands(), dealer=3), 52)
    assert state.is_over is over
    assert state.winners == ((0,) if over else ())


@pytest.mark.parametrize("target", [0, -5, 31.0, "31", True])
def test_c11_bad_target(target: object) -> None:
    with pytest.raises(cr.RulesError, match="Cramps: target must be an int from 1 up"):
        cr.Cramps(target=target)  # type: ignore[arg-type]


# -- C12: the seed's scorekeeping deck gives the same values -----------------------------


def scorekeeping_deck() -> list[tuple[str, str]]:
    """The seed's physical aid, in its order: (rank, colour) for tricks 1 … 13: one red
    Ace, three each of 3s, 5s and 7s (one of each red), and three black 10s worth 0."""
    return [
        ("10", "black"),
        ("A", "red"),
        ("3", "black"),
        ("3", "black"),
        ("3", "red"),
        ("10", "black"),
        ("5", "black"),
        ("5", "black"),
        ("5", "red"),
        ("10", "black"),
        ("7", "black"),
        ("7", "black"),
        ("7", "red"),
    ]


def scorekeeping_value(rank: str, colour: str) -> int:
    magnitude = {"10": 0, "A": 1, "3": 3, "5": 5, "7": 7}[rank]
    return -magnitude if colour == "red" else magnitude


def test_c12_scorekeeping_deck_matches_the_trick_values() -> None:
    deck = scorekeeping_deck()
    assert Counter(rank for rank, _ in deck) == {"A": 1, "3": 3, "5": 3, "7": 3, "10": 3}
    assert [rank for rank, colour in deck if colour == "red"] == ["A", "3", "5", "7"]
    assert tuple(scorekeeping_value(*c) for c in deck) == cr.Cramps().trick_values


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_c12_scoring_with_the_physical_aid_gives_the_library_scores(seed: int) -> None:
    """The winner of each trick takes the top scorekeeping card; at the round's end each
    player adds their cards and deducts one per captured Queen."""
    game = cr.Cramps()
    _, events = finish_round(game, game.new_game(seed=seed))
    pile = scorekeeping_deck()
    taken: dict[int, list[tuple[str, str]]] = {seat: [] for seat in range(4)}
    queens = [0, 0, 0, 0]
    for e in events_of(events, cr.TrickWon):
        taken[e.seat].append(pile.pop(0))
        queens[e.seat] += queens_in(e.cards)
    assert not pile
    by_hand = tuple(
        sum(scorekeeping_value(*c) for c in taken[seat]) - queens[seat] for seat in range(4)
    )
    (scored,) = events_of(events, cr.HandScored)
    assert scored.hand_scores == by_hand
    assert sum(by_hand) == 10
