"""Craits, rule by rule: one or more tests for each rule K1 … K25 of the rules reference
(the project's RULES.md, summarised on the docs' rules pages). Every test names its
rule and fails if that rule is broken.
"""

from __future__ import annotations

from collections import Counter

import pytest

import cardrules as cr
from cardrules.games.craits import FULL_GAME, IdiotCalled, hand_points
from cardrules.rng import shuffled
from cardrules.shedding import ShedTable
from cardrules.shedding.events import (
    CardsDrawn,
    CountEnded,
    CountRaised,
    CountStarted,
    DirectionChanged,
    HandBlocked,
    OneCardAnnounced,
    Reshuffled,
    SuitNamed,
    TurnForfeited,
    TurnSkipped,
)
from craits_helpers import (
    LAST_SHORT,
    card,
    cards,
    events_of,
    iter_random_game,
    manual_deal,
    play,
    plays_listed,
    position,
    rest_of_deck,
    scored,
    short,
    table_cards,
    with_table,
)

# -- K1: players and decks -------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_k1_two_to_five_players_use_one_deck(players: int) -> None:
    game = cr.Craits(players=players)
    assert game.decks == 1
    assert game.deck.size == 52
    state = game.new_game(seed=players, dealer=0)
    assert table_cards(state) == Counter(cr.Card.from_index(i) for i in range(52))


@pytest.mark.parametrize("players", [6, 7, 8, 9, 10])
def test_k1_six_to_ten_players_use_two_decks(players: int) -> None:
    game = cr.Craits(players=players)
    assert game.decks == 2
    assert game.deck.size == 104
    started = game.start(seed=players, dealer=0)
    state = started.state
    counts = table_cards(state)
    assert set(counts.values()) == {2} and len(counts) == 52
    # Eight cards each, plus whatever the turned-up card made a seat draw.
    drawn: Counter[int] = Counter()
    for event in started.events:
        if isinstance(event, cr.CardsDrawn):
            drawn[event.seat] += event.count
    assert [len(hand) - drawn[seat] for seat, hand in enumerate(state.hands)] == [8] * players


def test_k1_number_of_decks_is_an_option() -> None:
    game = cr.Craits(players=4, decks=2)
    assert game.deck.size == 104
    assert sum(table_cards(game.new_game(seed=1, dealer=0)).values()) == 104
    assert cr.Craits(players=5, decks=1).decks == 1


# -- K2: the draw for first dealer -------------------------------------------------------


def check_dealer_draw(state: cr.CraitsState, players: int, decks: int = 1) -> int:
    """Check ``state.dealer_draws`` against K2; return the number of drawing rounds."""
    draws = list(state.dealer_draws)
    contenders = list(range(players))
    rounds = 0
    while True:
        rounds += 1
        this_round, draws = draws[: len(contenders)], draws[len(contenders) :]
        assert [seat for seat, _ in this_round] == contenders
        if decks == 1:  # one deck: distinct cards (two decks hold two of each)
            assert len({c for _, c in this_round}) == len(this_round)
        low = min(c.rank for _, c in this_round)
        contenders = [seat for seat, c in this_round if c.rank == low]
        if len(contenders) == 1:
            assert draws == []
            assert state.dealer == contenders[0]
            return rounds


def test_k2_lowest_card_deals() -> None:
    game = cr.Craits(players=4)
    for seed in range(30):
        state = game.new_game(seed)
        assert len(state.dealer_draws) >= 4
        check_dealer_draw(state, 4)
        # The dealer's first card is the lowest rank of the first round.
        first = dict(state.dealer_draws[:4])
        assert first[state.dealer].rank == min(c.rank for c in first.values())


def test_k2_tied_lowest_players_draw_again_among_themselves() -> None:
    game = cr.Craits(players=5)
    tied = [seed for seed in range(200) if check_dealer_draw(game.new_game(seed), 5) > 1]
    assert tied, "no seed below 200 produced a tie for lowest"
    state = game.new_game(tied[0])
    first = state.dealer_draws[:5]
    low = min(c.rank for _, c in first)
    tied_seats = [seat for seat, c in first if c.rank == low]
    assert len(tied_seats) >= 2
    assert [seat for seat, _ in state.dealer_draws[5 : 5 + len(tied_seats)]] == tied_seats
    # Suits never break a tie: the tied cards have the same rank.
    assert len({c.rank for seat, c in first if seat in tied_seats}) == 1


def test_k2_naming_the_dealer_skips_the_draw() -> None:
    state = cr.Craits(players=4).new_game(seed=3, dealer=2)
    assert state.dealer == 2
    assert state.dealer_draws == ()


def test_k2_a_game_started_at_a_later_hand_without_a_dealer_draws_for_one() -> None:
    state = cr.Craits(players=4).new_game(seed=3, hand_number=5)
    assert state.hand_number == 5
    check_dealer_draw(state, 4)
    named = cr.Craits(players=4).new_game(seed=3, hand_number=5, dealer=1)
    assert named.dealer == 1 and named.dealer_draws == ()


def test_k2_draw_is_reproducible_from_the_seed() -> None:
    game = cr.Craits(players=6)
    assert game.new_game(11) == game.new_game(11)
    check_dealer_draw(game.new_game(11), 6, decks=2)


def test_k2_each_round_of_the_draw_uses_a_freshly_shuffled_full_deck() -> None:
    """Tied players draw again from the whole deck, shuffled anew, not from what is
    left of it: a card drawn in one round can be drawn again in the next (one deck),
    and with two decks a card can come up more often than the decks hold copies."""
    one_deck = cr.Craits(players=5)
    again = []
    for seed in range(300):
        draws = one_deck.new_game(seed).dealer_draws
        first, later = {card for _, card in draws[:5]}, {card for _, card in draws[5:]}
        if first & later:
            again.append(seed)
    assert again, "no tie-break below seed 300 drew a card of the first round again"
    two_decks = cr.Craits(players=10)
    assert two_decks.decks == 2
    thrice = [
        seed
        for seed in range(600)
        if max(Counter(card for _, card in two_decks.new_game(seed).dealer_draws).values()) > 2
    ]
    assert thrice, "no draw below seed 600 drew a card more often than the two decks hold it"


# -- K3: the hand schedule ------------------------------------------------------------


def dealt(game: cr.Craits, seed: int, move_seed: int = 0) -> list[cr.HandDealt]:
    events: list[cr.HandDealt] = []
    for _, _, step in iter_random_game(game, seed, move_seed, dealer=0):
        events.extend(events_of(step.events, cr.HandDealt))
    return events


def test_k3_full_game_is_fifteen_hands_eight_down_to_one_and_back() -> None:
    game = cr.Craits(players=3)
    assert game.schedule == FULL_GAME == (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
    state = game.new_game(seed=2, dealer=0)
    assert (state.hand_number, state.cards_dealt) == (1, 8)
    # The first hand's deal comes from new_game; the other fourteen are events.
    later = dealt(game, seed=2)
    assert [e.number for e in later] == list(range(2, 16))
    assert [e.cards_each for e in later] == list(FULL_GAME[1:])


def test_k3_short_game_is_the_first_eight_hands() -> None:
    game = short(4)
    assert game.schedule == (8, 7, 6, 5, 4, 3, 2, 1)
    later = dealt(game, seed=5)
    assert [e.cards_each for e in later] == [7, 6, 5, 4, 3, 2, 1]


def test_k3_each_hand_deals_its_number_of_cards() -> None:
    game = cr.Craits(players=4)
    for number, each in enumerate(FULL_GAME, start=1):
        # A stacked deck whose turned-up card (after the deal) is a plain K♣.
        order = rest_of_deck(game, cards("KC"))
        order.insert(4 * each, card("KC"))
        state = game.new_game(seed=0, dealer=0, deck=order, hand_number=number)
        assert state.cards_dealt == each
        assert [len(hand) for hand in state.hands] == [each] * 4
        assert state.stock_size == 52 - 4 * each - 1


# -- K4: dealer rotation, every hand starts clockwise ------------------------------------


def hand_starts(game: cr.Craits, seed: int, move_seed: int) -> list[tuple[int, int, int, int]]:
    """For each hand dealt during play: (dealer, direction when the previous hand ended,
    direction after the deal and turn-up, rank of the turned-up card)."""
    result: list[tuple[int, int, int, int]] = []
    for before, _, step in iter_random_game(game, seed, move_seed, dealer=0):
        for event in events_of(step.events, cr.HandDealt):
            turned = step.state.top
            assert turned is not None
            result.append((event.dealer, before.direction, step.state.direction, turned.rank))
            assert event.dealer == step.state.dealer
    return result


def test_k4_deal_passes_left_and_hands_start_clockwise() -> None:
    game = cr.Craits(players=4)
    ended_counter_clockwise = 0
    for seed in range(4):
        dealers = [0]
        for dealer, before, after, turned in hand_starts(game, seed, seed):
            assert dealer == (dealers[-1] + 1) % 4
            dealers.append(dealer)
            # Clockwise, unless the turned-up card (a 10) reversed it at once.
            assert after == (-1 if turned == cr.Rank.TEN else 1)
            ended_counter_clockwise += before == -1
    assert ended_counter_clockwise, "no hand ended counter-clockwise; the test proves little"


def reverse_then_go_out(game: cr.Craits) -> tuple[cr.CraitsState, cr.CraitsState]:
    """Three players, dealer 0: seat 1 plays a 10 (play now goes counter-clockwise), seat
    0 goes out. Returns the states before and after the last play."""
    state = position(game, ["QH", "10H 2S KS", "5S 6S"], "JH")
    state, _ = play(game, state, "10H")
    assert state.direction == -1 and state.to_move == 0
    after, _ = play(game, state, "QH")
    return state, after


def test_k4_next_hand_starts_clockwise_after_a_counter_clockwise_end() -> None:
    game = short(3)
    before, after = reverse_then_go_out(game)
    assert after.hand_number == 2
    assert after.dealer == 1  # left of dealer 0
    # Dealt clockwise from the new dealer's left, from the generator's next shuffle.
    order, _ = shuffled(game.deck.cards(), before.table.rng)
    hands, turned, _ = manual_deal(order, 1, 3, 7, direction=1)
    assert after.top == turned
    if turned.rank not in (cr.Rank.FIVE, cr.Rank.SEVEN):
        assert after.hands == tuple(tuple(sorted(hand)) for hand in hands)
    assert after.direction == (-1 if turned.rank == cr.Rank.TEN else 1)


# -- K5: dealing ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "dealer"), [(2, 1), (3, 0), (4, 2), (7, 6)])
def test_k5_deal_one_at_a_time_from_the_dealers_left_then_turn_up(
    players: int, dealer: int
) -> None:
    game = cr.Craits(players=players)
    plain = card("KC")
    order = rest_of_deck(game, [plain])[::-1]
    order.insert(players * 8, plain)  # the card turned up after the deal
    state = game.new_game(seed=1, dealer=dealer, deck=order)
    hands, turned, stock = manual_deal(order, dealer, players, 8)
    assert turned == plain
    assert state.hands == tuple(tuple(sorted(hand)) for hand in hands)
    assert state.discard == (plain,)
    assert state.table.stock == tuple(stock)
    assert state.dealer == dealer
    assert state.to_move == (dealer + 1) % players


# -- K6: the turned-up card is the dealer's play -------------------------------------------


FOUR = cr.Craits(players=4)
HANDS4 = ["9C 10C", "3D 4D 9D", "QD KD", "3S 4S"]


def turned_up(top: str, stock: str = "", game: cr.Craits = FOUR) -> cr.CraitsState:
    return position(game, HANDS4, f"{top} {stock}", dealer=0)


def test_k6_turned_up_plain_card_left_of_dealer_starts() -> None:
    state = turned_up("9H")
    assert state.to_move == 1
    assert state.suit is cr.Suit.HEARTS
    assert state.phase is cr.Phase.PLAY
    assert [len(h) for h in state.hands] == [2, 3, 2, 2]


def test_k6_turned_up_2_starts_the_count() -> None:
    state = turned_up("2H", game=cr.Craits(players=4))
    assert state.count == 2
    assert state.to_move == 1
    # Seat 1 holds no A or 2: it must draw the count (2 cards).
    assert FOUR.legal_moves(state) == (cr.Draw(),)
    after, events = play(FOUR, state, "draw")
    assert len(after.hands[1]) == 5
    assert events_of(events, CountEnded) == [CountEnded(1, 2)]
    assert after.count == 0 and after.to_move == 2


def test_k6_turned_up_2_next_player_may_follow_with_an_ace() -> None:
    state = position(FOUR, ["9C 10C", "AS 4D 9D", "QD KD", "3S 4S"], "2H", dealer=0)
    assert plays_listed(FOUR, state) == {card("AS")}
    after, _ = play(FOUR, state, "AS")
    assert after.count == 3 and after.to_move == 2


def test_k6_turned_up_4_skips_the_player_after_the_dealer() -> None:
    state = turned_up("4H")
    assert state.to_move == 2


def test_k6_turned_up_5_everyone_but_the_dealer_draws_one_in_order() -> None:
    state = turned_up("5H", "JC QC KC AC")
    assert state.hands[0] == cards("9C 10C")
    assert state.hands[1] == tuple(sorted(cards("3D 4D 9D JC")))
    assert state.hands[2] == tuple(sorted(cards("QD KD QC")))
    assert state.hands[3] == tuple(sorted(cards("3S 4S KC")))
    assert state.table.stock[0] == card("AC")
    assert state.to_move == 1


def test_k6_turned_up_6_dealer_plays_again() -> None:
    state = turned_up("6C")
    assert state.to_move == 0
    assert plays_listed(FOUR, state) == cards_set("9C 10C")


def cards_set(text: str) -> set[cr.Card]:
    return set(cards(text))


def test_k6_turned_up_7_player_two_along_from_the_dealer_draws() -> None:
    state = turned_up("7H", "JC")
    assert [len(h) for h in state.hands] == [2, 3, 3, 2]
    assert card("JC") in state.hands[2]
    assert state.to_move == 1


def test_k6_turned_up_8_dealer_names_the_suit_first() -> None:
    state = position(FOUR, ["9C 10C", "3D 4D 8C 9H", "QD KD", "3S 4S"], "8H", dealer=0)
    assert state.phase is cr.Phase.NAME_SUIT
    assert state.to_move == 0
    assert FOUR.legal_moves(state) == tuple(cr.NameSuit(s) for s in cr.Suit)
    with pytest.raises(cr.IllegalMoveError) as info:
        FOUR.apply(state, cr.Play("9C"))
    assert info.value.reason == "must_name_suit"
    after, events = play(FOUR, state, cr.NameSuit("D"))
    assert events_of(events, SuitNamed) == [SuitNamed(0, cr.Suit.DIAMONDS)]
    assert after.suit is cr.Suit.DIAMONDS
    assert after.to_move == 1 and after.phase is cr.Phase.PLAY
    # Seat 1 must follow diamonds or play an 8; the 8's own suit no longer counts.
    assert plays_listed(FOUR, after) == cards_set("3D 4D 8C")


def test_k6_turned_up_10_reverses_so_the_dealers_right_moves_next() -> None:
    state = turned_up("10H")
    assert state.direction == -1
    assert state.to_move == 3


# -- K7: matching, compulsory play ---------------------------------------------------------


def test_k7_play_same_suit_same_rank_or_an_eight() -> None:
    game = short(3)
    state = position(game, ["2C 3C", "9H KD 8S 9S AS", "4D 5D"], "KH")
    assert plays_listed(game, state) == cards_set("9H KD 8S")
    for text in ("9S", "AS"):
        with pytest.raises(cr.IllegalMoveError) as info:
            game.apply(state, cr.Play(text))
        assert info.value.reason == "does_not_match"


def test_k7_playing_is_compulsory_when_possible() -> None:
    game = short(3)
    state = position(game, ["2C 3C", "9H KD", "4D 5D"], "KH")
    assert cr.Draw() not in game.legal_moves(state)
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(state, cr.Draw())
    assert info.value.reason == "must_play"


# -- K8: a wild names the suit -------------------------------------------------------------


def test_k8_an_eight_names_the_suit_to_follow() -> None:
    game = short(3)
    state = position(game, ["2C 3C", "8S KD JC", "4D 5D 9H 9S"], "KH")
    # A wild is offered once per suit it can name.
    eights = [m for m in game.legal_moves(state) if isinstance(m, cr.Play) and m.card == card("8S")]
    assert {m.suit for m in eights} == set(cr.Suit)
    after, events = play(game, state, "8S:D")
    assert after.suit is cr.Suit.DIAMONDS
    assert after.top == card("8S")
    assert SuitNamed(1, cr.Suit.DIAMONDS) in events
    assert plays_listed(game, after) == cards_set("4D 5D")


# -- K9: drawing ---------------------------------------------------------------------------


def test_k9_cannot_play_draws_one_and_the_turn_passes() -> None:
    game = short(3)
    state = position(game, ["2C 3C", "9D 10D", "4D 5D"], "KH", "QH JC")
    assert game.legal_moves(state) == (cr.Draw(),)
    after, events = play(game, state, "draw")
    # QH is playable, but the drawn card is not played this turn.
    assert after.hands[1] == tuple(sorted(cards("9D 10D QH")))
    assert after.to_move == 2
    assert after.top == card("KH")
    assert events_of(events, CardsDrawn) == [
        CardsDrawn(1, 1, "cannot_play", 1, cards=cr.parse_cards("QH"))
    ]


# -- K10: functions of played cards ---------------------------------------------------------


def test_k10_played_4_skips_the_next_player() -> None:
    game = cr.Craits(players=4)
    state = position(game, ["9C 10C", "4H 5D", "QD KD", "3S 4S"], "9H")
    after, events = play(game, state, "4H!")
    assert after.to_move == 3
    assert TurnSkipped(2, 1) in events


def test_k10_played_5_makes_every_other_player_draw_in_order() -> None:
    game = cr.Craits(players=4)
    state = position(game, ["9C 10C", "5H 5D JS", "QD KD", "3S 4S"], "9H", "JC QC KC AC")
    after, events = play(game, state, "5H")
    assert [(e.seat, e.count) for e in events_of(events, CardsDrawn)] == [(2, 1), (3, 1), (0, 1)]
    assert card("JC") in after.hands[2] and card("QC") in after.hands[3]
    assert card("KC") in after.hands[0]
    assert len(after.hands[1]) == 2
    assert after.to_move == 2


def test_k10_played_6_plays_again() -> None:
    game = cr.Craits(players=4)
    state = position(game, ["9C 10C", "6H 6D JS", "QD KD", "3S 4S"], "9H")
    after, _ = play(game, state, "6H")
    assert after.to_move == 1
    assert plays_listed(game, after) == {card("6D")}


def test_k10_played_7_player_two_along_draws() -> None:
    game = cr.Craits(players=4)
    state = position(game, ["9C 10C", "7H 5D JS", "QD KD", "3S 4S"], "9H", "JC")
    after, events = play(game, state, "7H")
    assert events_of(events, CardsDrawn) == [
        CardsDrawn(3, 1, "two_along_draws", 1, cards=cr.parse_cards("JC"))
    ]
    assert card("JC") in after.hands[3]
    assert after.to_move == 2


def test_k10_played_7_with_two_players_the_opponent_draws() -> None:
    game = short(2)
    state = position(game, ["9C 10C", "7H 5D JS"], "9H", "JC")
    after, _ = play(game, state, "7H")
    assert card("JC") in after.hands[0]
    assert after.to_move == 0


def test_k10_played_10_reverses_direction() -> None:
    game = cr.Craits(players=4)
    state = position(game, ["9C 10C", "10H 5D JS", "QD KD", "3S 4S"], "9H")
    after, events = play(game, state, "10H")
    assert after.direction == -1
    assert DirectionChanged(-1) in events
    assert after.to_move == 0
    after, _ = play(game, after, "10C")
    assert after.direction == 1 and after.to_move == 1


def test_k10_played_10_with_two_players_the_other_player_moves() -> None:
    game = short(2)
    state = position(game, ["9C 10C", "10H 5D JS"], "9H")
    after, _ = play(game, state, "10H")
    assert after.direction == -1
    assert after.to_move == 0


# -- K11-K13: the count ---------------------------------------------------------------------


def test_k11_a_played_2_starts_the_count() -> None:
    game = cr.Craits(players=4)
    state = position(game, ["9C 10C", "2H 9D 5C", "3D 4D", "3S 4S"], "JH")
    after, events = play(game, state, "2H")
    assert after.count == 2
    assert events_of(events, CountStarted) == [CountStarted(1, 2)]


def test_k12_while_the_count_runs_only_an_ace_or_a_2_may_be_played() -> None:
    game = cr.Craits(players=4)
    state = position(game, ["9C 10C", "2H 9D 5C", "AS 8D 9H JS", "3S 4S"], "JH")
    after, _ = play(game, state, "2H")
    # 8D (wild), 9H (suit) and JS (rank) would all match outside the count.
    assert plays_listed(game, after) == {card("AS")}
    for text in ("9H", "JS"):
        with pytest.raises(cr.IllegalMoveError) as info:
            game.apply(after, cr.Play(text))
        assert info.value.reason == "must_follow_count"
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(after, cr.Play("8D", suit="S"))
    assert info.value.reason == "must_follow_count"
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(after, cr.Draw())
    assert info.value.reason == "must_play"


def test_k12_cards_in_the_count_have_no_other_function() -> None:
    """A 2 played into the count only raises it (it does not restart it)."""
    game = cr.Craits(players=3)
    state = position(game, ["9C 10C 2S", "2H 9D 5C", "2D 3D 4D"], "JH")
    state, _ = play(game, state, "2H", "2D")
    assert state.count == 4
    state, _ = play(game, state, "2S")
    assert state.count == 6


def test_k13_cannot_follow_count_draws_its_value() -> None:
    """A count of aces and twos across four players; the first who cannot follow draws
    the count's value, the count ends, and the next player plays normally."""
    game = cr.Craits(players=4)
    state = position(
        game, ["AD 3C 4C", "2H 9C 5C", "AS 9D 8D", "2S KC QC"], "JH", "JS QS KS AH QH KH"
    )
    counts = []
    for move in ("2H", "AS", "2S", "AD"):
        state, events = play(game, state, move)
        counts.append(state.count)
        raised = events_of(events, CountRaised) + events_of(events, CountStarted)
        assert [e.value for e in raised] == [state.count]
    assert counts == [2, 3, 5, 6]
    assert state.to_move == 1
    assert game.legal_moves(state) == (cr.Draw(),)
    state, events = play(game, state, "draw")
    assert events_of(events, CountEnded) == [CountEnded(1, 6)]
    assert events_of(events, CardsDrawn) == [
        CardsDrawn(1, 6, "count", 6, cards=cr.parse_cards("JS QS KS AH QH KH"))
    ]
    assert state.hands[1] == tuple(sorted(cards("9C 5C JS QS KS AH QH KH")))
    assert state.count == 0
    # The next player plays normally on the last card of the count (A♦).
    assert state.to_move == 2
    assert state.top == card("AD") and state.suit is cr.Suit.DIAMONDS
    assert plays_listed(game, state) == cards_set("9D 8D")


# -- K14: going out during the count ----------------------------------------------------------


def test_k14_out_during_count_then_drawing_it_ends_the_hand_by_default() -> None:
    game = short(3)
    state = position(game, ["2C 4C 6C", "2H", "AS 9D 5C"], "JH", "JS QS KS AH QH", **LAST_SHORT)
    state, _ = play(game, state, "2H")  # seat 1 starts the count with its last card
    assert state.hands[1] == () and not state.is_over
    assert state.count_out
    state, _ = play(game, state, "AS", "2C")
    assert state.count == 5 and state.to_move == 1
    # A player with no cards cannot follow the count and must draw it.
    assert game.legal_moves(state) == (cr.Draw(),)
    state, events = play(game, state, "draw")
    assert state.is_over  # the hand (the last of the game) ended
    assert state.hands[1] == tuple(sorted(cards("JS QS KS AH QH")))
    hand_scores = scored(events).hand_scores
    assert -10 not in hand_scores
    assert hand_scores == (20 + 30, 10 + 10 + 10 + 1 + 10, 40 + 25)


def test_k14_out_during_count_when_another_fails_scores_minus_10() -> None:
    game = short(3)
    state = position(game, ["2C 4C", "2H", "9D 5C 4D"], "JH", "KS QS", **LAST_SHORT)
    state, events = play(game, state, "2H", "draw")
    assert state.is_over
    assert scored(events).hand_scores == (20 + 20, -10, 40 + 25 + 20 + 10 + 10)


def test_k14_playing_the_last_card_into_the_count_does_not_end_the_hand() -> None:
    game = short(3)
    state = position(game, ["5C 6C", "2H 9C", "AS"], "JH", **LAST_SHORT)
    state, _ = play(game, state, "2H!", "AS")
    assert state.hands[2] == () and not state.is_over and state.count == 3
    state, events = play(game, state, "draw")
    assert state.is_over
    assert scored(events).hand_scores[2] == -10


# -- K15: going out -------------------------------------------------------------------------


def test_k15_playing_the_last_card_ends_the_hand() -> None:
    game = short(3)
    state = position(game, ["2C 4C", "6H", "9D 5C"], "JH", **LAST_SHORT)
    state, events = play(game, state, "6H")  # no play-again: the hand is over
    assert state.is_over
    assert scored(events).hand_scores == (40, -10, 65)


@pytest.mark.parametrize(
    ("last", "drawers"),
    [("5H", [2, 0]), ("7H", [0])],
)
def test_k15_going_out_with_a_5_or_7_still_makes_the_others_draw(
    last: str, drawers: list[int]
) -> None:
    game = short(3)
    state = position(game, ["2C 4C", last, "9D 5C"], "JH", "KC QC", **LAST_SHORT)
    state, events = play(game, state, last)
    assert state.is_over
    assert [e.seat for e in events_of(events, CardsDrawn)] == drawers
    hand_scores = scored(events).hand_scores
    drawn = {seat: c for seat, c in zip(drawers, cards("KC QC"), strict=False)}
    base = (40, -10, 65)
    expected = tuple(points + (10 if seat in drawn else 0) for seat, points in enumerate(base))
    assert hand_scores == expected
    for seat, c in drawn.items():
        assert c in state.hands[seat]


# -- K16, K17: one card, idiot ----------------------------------------------------------------


IDIOT_HANDS = ["3C 4C", "9H KC", "JD QD"]


def test_k16_a_play_leaving_one_card_may_be_announced() -> None:
    game = short(3)
    state = position(game, IDIOT_HANDS, "JH")
    moves = game.legal_moves(state)
    assert cr.Play("9H") in moves and cr.Play("9H", announce=True) in moves
    after, events = play(game, state, "9H!")
    assert events_of(events, OneCardAnnounced) == [OneCardAnnounced(1)]
    assert after.exposed == ()
    assert all(game.calls(after, seat) == () for seat in range(3))
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(after, cr.CallIdiot(0))
    assert info.value.reason == "no_window"


def test_k16_announcing_only_with_a_play_that_leaves_one_card() -> None:
    game = short(3)
    state = position(game, ["3C 4C", "9H KC QH", "JD QD"], "JH")
    assert all(not m.announce for m in game.legal_moves(state) if isinstance(m, cr.Play))


def test_k17_idiot_call_draw_two_and_forfeit_the_next_turn() -> None:
    game = short(3)
    state = position(game, IDIOT_HANDS, "JH", "AS KS")
    state, _ = play(game, state, "9H")
    assert state.exposed == (1,)
    assert state.to_move == 2
    assert game.calls(state, 0) == (cr.CallIdiot(0, 1),)
    assert game.calls(state, 2) == (cr.CallIdiot(2, 1),)
    assert game.calls(state, 1) == ()  # not on yourself
    assert cr.CallIdiot(2, 1) in game.legal_moves(state)
    # Seat 0 calls out of turn.
    state, events = play(game, state, cr.CallIdiot(0))
    assert events_of(events, IdiotCalled) == [IdiotCalled(0, 1)]
    assert events_of(events, CardsDrawn) == [
        CardsDrawn(1, 2, "idiot", 2, cards=cr.parse_cards("AS KS"))
    ]
    assert state.hands[1] == tuple(sorted(cards("KC AS KS")))
    assert state.exposed == ()
    assert state.to_move == 2  # the call does not change whose turn it is
    # Seat 2 and seat 0 cannot play on 9H and draw; seat 1's turn is forfeited.
    state, events = play(game, state, "draw", "draw")
    assert TurnForfeited(1) in events
    assert state.to_move == 2


def test_k17_the_window_closes_when_the_next_card_is_played() -> None:
    game = short(3)
    state = position(game, ["3C 4C", "9H KC", "JD 10H QD"], "JH")
    state, _ = play(game, state, "9H", "10H")
    assert game.calls(state, 0) == ()
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(state, cr.CallIdiot(0, 1))
    assert info.value.reason == "no_window"


def test_k17_the_window_closes_when_the_next_card_is_drawn() -> None:
    game = short(3)
    state = position(game, IDIOT_HANDS, "JH")
    state, _ = play(game, state, "9H", "draw")
    assert state.exposed == ()
    for caller in (0, 2):
        with pytest.raises(cr.IllegalMoveError) as info:
            game.apply(state, cr.CallIdiot(caller))
        assert info.value.reason == "no_window"


def test_k17_automatic_calls_apply_the_penalty_at_once() -> None:
    game = short(3, idiot_calls="automatic")
    state = position(game, IDIOT_HANDS, "JH", "AS KS")
    state, events = play(game, state, "9H")
    assert events_of(events, CardsDrawn) == [
        CardsDrawn(1, 2, "idiot", 2, cards=cr.parse_cards("AS KS"))
    ]
    assert state.hands[1] == tuple(sorted(cards("KC AS KS")))
    assert state.exposed == ()
    assert game.calls(state, 0) == ()
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(state, cr.CallIdiot(0))
    assert info.value.reason == "calls_are_automatic"
    state, events = play(game, state, "draw", "draw")
    assert TurnForfeited(1) in events


def test_k17_automatic_calls_spare_an_announced_play() -> None:
    game = short(3, idiot_calls="automatic")
    state = position(game, IDIOT_HANDS, "JH")
    state, events = play(game, state, "9H!")
    assert events_of(events, CardsDrawn) == []
    assert state.hands[1] == cards("KC")


# -- K18: one-card deal announcement (V4) ------------------------------------------------------


def test_k18_everyone_announces_on_receiving_the_one_card() -> None:
    game = short(3, one_card_deal_announce=True)
    state = position(game, ["3C", "9D", "JD"], "JH", dealer=0, **LAST_SHORT)
    assert state.cards_dealt == 1
    assert state.phase is cr.Phase.ANNOUNCE
    assert state.to_move == 1  # in dealing order: dealer's left first
    assert game.legal_moves(state) == (cr.Announce(), cr.Pass())
    state, events = play(game, state, cr.Announce())
    assert OneCardAnnounced(1) in events
    state, _ = play(game, state, cr.Pass())  # seat 2 stays silent
    assert state.exposed == (2,)
    assert state.to_move == 0 and state.phase is cr.Phase.ANNOUNCE
    assert game.calls(state, 1) == (cr.CallIdiot(1, 2),)
    state, events = play(game, state, cr.Announce())  # the dealer, last
    assert state.phase is cr.Phase.PLAY
    assert state.to_move == 1
    state, events = play(game, state, cr.CallIdiot(0, 2))
    assert events_of(events, CardsDrawn) == [
        CardsDrawn(2, 2, "idiot", 2, cards=cr.parse_cards("2C 4C"))
    ]
    assert len(state.hands[2]) == 3


def test_k18_off_by_default() -> None:
    game = short(3)
    state = position(game, ["3C", "9D", "JD"], "JH", **LAST_SHORT)
    assert state.phase is cr.Phase.PLAY
    assert state.exposed == ()


# -- K19, K20: shuffle pressure --------------------------------------------------------------


def test_k19_shuffle_pressure_doubles_per_player() -> None:
    """Seat 0 takes 5, 10, 20 while seat 1's single penalty stays at 5."""
    game = short(2)
    state = position(
        game,
        ["2C 3C 4C 5C 6C 7C 9C 10C JC QC KC AC", ""],
        "9H",
        dealer=0,
        rest_to=1,
    )
    assert state.stock_size == 0
    moves = ["7H", "7C", "7H", "9H", "6H", "6S", "7S"]
    events: list[cr.Event] = []
    for move in moves:
        state, new = play(game, state, move)
        events.extend(new)
    pressure = [(e.seat, e.penalty) for e in events_of(events, Reshuffled)]
    assert pressure == [(0, 5), (1, 5), (0, 10), (0, 20)]
    assert [e.cards for e in events_of(events, Reshuffled)] == [1, 1, 1, 4]
    assert state.penalties == (20, 5)
    assert state.scores == (35, 5)  # added at once, before the hand is scored


def test_k19_reshuffle_keeps_the_top_card_and_every_card() -> None:
    game = short(2)
    state = position(game, ["2C 3C 4C 5C 6C 7C 9C 10C JC QC KC AC", ""], "9H", rest_to=1)
    state, _ = play(game, state, "7H")
    assert state.discard == cards("7H")
    assert card("9H") in state.hands[0]
    assert table_cards(state) == Counter(game.deck.cards())


def test_k19_reshuffled_event_counts_the_cards_reshuffled() -> None:
    """The stock holds one card when a count of 2 must be drawn: that card is drawn, then
    the discard pile but its top (three cards) becomes the stock."""
    game = short(2)
    state = position(game, ["", "6H 6S 2S 2C 2D 2H AH AC AD AS"], "JH KD", dealer=0, rest_to=0)
    state, events = play(game, state, "6H", "6S", "2S", "draw")
    drawn = events_of(events, CardsDrawn)
    assert drawn == [CardsDrawn(0, 2, "count", 2, cards=cr.parse_cards("KD 6S"))]
    assert events_of(events, Reshuffled) == [Reshuffled(0, 3, 5)]


def test_k20_draw_stops_short_with_no_penalty_when_only_the_top_card_is_left() -> None:
    game = short(2)
    state = position(game, ["2C 3C 4C 5C 6C 7C 10C JC QC KC AC", ""], "9H", dealer=1, rest_to=1)
    assert state.to_move == 0 and state.stock_size == 0 and state.discard == cards("9H")
    after, events = play(game, state, "draw")
    assert events_of(events, CardsDrawn) == [CardsDrawn(0, 0, "cannot_play", 1)]
    assert events_of(events, Reshuffled) == []
    assert after.penalties == (0, 0) and after.scores == (0, 0)
    assert after.hands[0] == state.hands[0]
    assert after.to_move == 1


def test_k20_a_long_draw_stops_short_after_one_reshuffle() -> None:
    """A count of 2 with an empty stock and two cards in the pile: one card is
    reshuffled (one penalty) and drawn; then nothing is left and the draw stops."""
    game = short(2)
    state = position(game, ["", "2S 3S AH AC AD AS 2C 2D 2H"], "JS", dealer=0, rest_to=0)
    state, events = play(game, state, "2S")
    assert state.count == 2
    state, events = play(game, state, "draw")
    assert events_of(events, CardsDrawn) == [
        CardsDrawn(0, 1, "count", 2, cards=cr.parse_cards("JS"))
    ]
    assert [(e.seat, e.penalty) for e in events_of(events, Reshuffled)] == [(0, 5)]
    assert state.discard == cards("2S")


# -- K21: a blocked hand ---------------------------------------------------------------------


def test_k21_a_full_cycle_without_play_or_draw_blocks_the_hand() -> None:
    """Such a position cannot arise from a full deck (every card of the suit to follow
    is in some hand), so it is built by hand: no stock, only the top card in the pile,
    and nobody can play."""
    game = short(3)
    start = position(game, ["2C 3C", "4C 9C", "KC QC AC"], "JH", **LAST_SHORT)
    table = ShedTable(start.hands, (), cards("JH"), cr.Suit.HEARTS, 1, start.table.rng)
    state = with_table(start, table)
    state, events = play(game, state, "draw", "draw")
    assert not events_of(events, HandBlocked)
    assert state.idle_turns == 2
    state, events = play(game, state, "draw")
    assert events_of(events, HandBlocked) == [HandBlocked(8)]
    assert state.is_over
    # Everyone scores their cards; nobody scores -10.
    # Seat 0: the 3 cancels the 2. Seat 1: 20 + 40. Seat 2: 10 + 10 + 1.
    assert scored(events).hand_scores == (3, 60, 21)


def test_k21_a_draw_that_gets_a_card_is_not_idle() -> None:
    game = short(3)
    start = position(game, ["2C 3C", "4C 9C", "KC QC AC"], "JH", **LAST_SHORT)
    table = ShedTable(start.hands, cards("5D"), cards("JH"), cr.Suit.HEARTS, 1, start.table.rng)
    state = with_table(start, table)
    state, _ = play(game, state, "draw", "draw")  # seat 1 gets the 5D, seat 2 nothing
    assert state.idle_turns == 1
    state, events = play(game, state, "draw")
    assert not events_of(events, HandBlocked)
    state, events = play(game, state, "draw")
    assert events_of(events, HandBlocked) == [HandBlocked(8)]


# -- K22-K24: scoring --------------------------------------------------------------------------


def test_k22_out_scores_minus_10_others_their_cards() -> None:
    game = short(3)
    state = position(game, ["AD 3C 4C", "KH", "9D 5C JS QS KS"], "JH", **LAST_SHORT)
    state, events = play(game, state, "KH")
    # Seat 0: the 3 cancels the 4 (20) -> 1 + 3. Seat 2: 40 + 25 + 10 + 10 + 10.
    assert scored(events).hand_scores == (4, -10, 95)
    assert state.scores == (4, -10, 95)


def test_k22_scores_are_added_to_the_totals() -> None:
    game = short(3)
    state = position(game, ["AD 3C 4C", "KH", "9D 5C"], "JH", scores=[7, 3, -20], **LAST_SHORT)
    state, events = play(game, state, "KH")
    assert scored(events).scores == state.scores == (11, -7, 45)


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        ("AH 3C 3D 6S 7H 9C KD", 37),  # the seed's worked example
        ("3C 9D 5C", 3 + 25),  # the 3 cancels the 9 (highest), not the 5
        ("3C 3D 3H 9S", 9),  # threes do not cancel threes
        ("3C 8D", 53),  # nor eights
        ("3C 8D 9D", 53),  # the 3 passes over the 8 to cancel the 9
        ("3C AD", 3),  # an ace is cancelled when it is all there is
        ("2C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", 20 + 20 + 25 + 30 + 20 + 50 + 40 + 30 + 31),
    ],
)
def test_k23_threes_cancel_the_highest_other_cards(hand: str, points: int) -> None:
    assert hand_points(cards(hand)) == points


def test_k23_threes_never_cancel_eights_without_v7() -> None:
    assert hand_points(cards("3C 8D 8H")) == 103
    assert hand_points(cards("3C 3H 8D")) == 56
    assert hand_points(cards("3C 8D"), threes_cancel_eights=False) == 53


def test_k23_in_game_scoring_cancels() -> None:
    game = short(3)
    state = position(game, ["AH 3C 3D 6S 7H 9C KD", "QH", "3H 8D"], "JH", **LAST_SHORT)
    state, events = play(game, state, "QH")
    assert scored(events).hand_scores == (37, -10, 53)


@pytest.mark.parametrize(("hand", "points"), [("3C", -50), ("3C 3D", -100), ("3C 3D 3H", -150)])
def test_k24_only_threes_score_minus_50_each(hand: str, points: int) -> None:
    assert hand_points(cards(hand)) == points


def test_k24_in_game_only_threes() -> None:
    game = short(3)
    state = position(game, ["3C 3D", "QH", "3H"], "JH", **LAST_SHORT)
    state, events = play(game, state, "QH")
    assert scored(events).hand_scores == (-100, -10, -50)


# -- K25: the winner ---------------------------------------------------------------------------


def test_k25_lowest_total_wins() -> None:
    game = short(3)
    state = position(game, ["AD 3C 4C", "KH", "9D 5C"], "JH", scores=[0, 30, 0], **LAST_SHORT)
    state, events = play(game, state, "KH")
    assert state.scores == (4, 20, 65)
    assert state.winners == (0,)
    assert state.to_move is None and state.phase is cr.Phase.OVER
    assert events[-1] == cr.GameOver((0,), (4, 20, 65))
    assert game.legal_moves(state) == ()


def test_k25_players_level_on_the_lowest_total_share_the_win() -> None:
    game = short(3)
    state = position(game, ["AD 3C 4C", "KH", "9D 5C"], "JH", scores=[10, 24, 0], **LAST_SHORT)
    state, _ = play(game, state, "KH")
    assert state.scores == (14, 14, 65)
    assert state.winners == (0, 1)


def test_k25_the_game_ends_only_after_the_last_hand() -> None:
    game = short(3)
    state = position(game, ["AD 3C 4C", "KH", "9D 5C"], "JH", hand_number=7)
    state, _ = play(game, state, "KH")
    assert not state.is_over and state.winners == ()
    assert state.hand_number == 8 and state.cards_dealt == 1
