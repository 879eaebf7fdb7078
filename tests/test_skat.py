"""Skat as people play it (``cr.Skat()``): the bidding (its order, the values bid, a
deal passed in), the skat taken or a hand game, the secret discards (two worlds that
differ in the skat alone look the same to the opponents), the declarations and their
card orders, a lost Null ending the deal at once, the game's value (matadors,
schneider, schwarz, announcements, an overbid), the scoring options, the deals of a
game, and bad input refused in words. OpenSpiel's preset is tested in
tests/test_peer_skat.py.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import cardrules as cr
from cardrules.cards import Card, mask_of, parse_cards
from cardrules.errors import IllegalMoveError, MoveTypeError, RulesError, SetupError
from cardrules.events import describe, events_for
from cardrules.games.skat import (
    Declare,
    Hold,
    PlayHand,
    Skat,
    SkatBid,
    SkatDeal,
    SkatDiscard,
    TakeSkat,
)
from cardrules.games.skat.scoring import (
    BID_VALUES,
    GameResult,
    game_result,
    matadors,
    seat_scores,
)

GAME = Skat()
PASS = cr.Pass()
# Dealer 0: forehand 1, middlehand 2, rearhand 0. Seat 1 holds the four jacks.
HANDS = [
    "7C 8C 9C 7D 8D 9D 7H 8H 9H 7S",
    "JC JS JH JD AC 10C KC QC AS 10S",
    "AD 10D KD QD AH 10H KH QH KS QS",
]
SKAT = "8S 9S"


def texts(moves: Sequence[Any]) -> list[str]:
    return [str(move) for move in moves]


def deal(hands: Sequence[str] = HANDS, game: Skat = GAME, dealer: int = 0) -> Any:
    return game.new_game(seed=1, dealer=dealer, hands=[parse_cards(hand) for hand in hands])


def play(state: Any, *moves: Any, game: Skat = GAME) -> Any:
    for move in moves:
        state = game.apply(state, move)
    return state


def won_by_1(state: Any, bid: int = 18) -> Any:
    """Middlehand bids ``bid``, forehand (seat 1) holds, middlehand and rearhand pass."""
    return play(state, SkatBid(bid), Hold(), PASS, PASS)


# -- the bidding --------------------------------------------------------------------


def test_middlehand_bids_to_forehand_then_rearhand_to_the_survivor() -> None:
    state = deal()
    assert (state.phase, state.to_move) == ("bid", 2)
    assert texts(GAME.legal_moves(state))[:4] == ["pass", "bid 18", "bid 20", "bid 22"]
    state = play(state, SkatBid(18))
    assert state.to_move == 1 and texts(GAME.legal_moves(state)) == ["hold", "pass"]
    state = play(state, Hold())
    assert state.to_move == 2 and "bid 18" not in texts(GAME.legal_moves(state))
    state = play(state, SkatBid(20), PASS)  # forehand passes: middlehand survives at 20
    assert state.to_move == 0 and state.payload.listener == 2
    assert texts(GAME.legal_moves(state))[1] == "bid 22"
    state = play(state, SkatBid(22), Hold(), SkatBid(23), PASS)
    assert (state.phase, state.to_move) == ("pickup", 0)
    assert state.payload.declarer == 0 and state.payload.bid == 23
    assert state.payload.passed == (1, 2)


def test_the_bid_values_are_the_values_games_can_have() -> None:
    assert BID_VALUES[:12] == (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44)
    assert {46, 59, 264} <= set(BID_VALUES) and not {19, 21, 25, 26} & set(BID_VALUES)
    state = play(deal(), SkatBid(59))
    state = play(state, Hold())
    assert texts(GAME.legal_moves(state))[1] == "bid 60"
    with pytest.raises(IllegalMoveError, match="bid 59 is not allowed"):
        GAME.apply(state, SkatBid(59))


def test_forehand_may_open_alone_when_the_others_pass_without_bidding() -> None:
    state = play(deal(), PASS, PASS)
    assert state.to_move == 1 and state.payload.listener is None
    assert texts(GAME.legal_moves(state))[:2] == ["pass", "bid 18"]
    state = play(state, SkatBid(18))
    assert (state.phase, state.payload.declarer) == ("pickup", 1)


def test_a_deal_everybody_passes_is_passed_in_scoring_nothing_and_the_deal_moves_on() -> None:
    step_state = play(deal(), PASS, PASS)
    step = GAME.step(step_state, PASS)
    assert step.state.round_number == 2 and step.state.scores == (0, 0, 0)
    assert step.state.dealer == 1 and step.state.to_move == 0  # middlehand of dealer 1
    assert any(isinstance(event, cr.HandScored) for event in step.events)


def test_rearhand_bidding_to_a_survivor_who_had_not_bid() -> None:
    # Middlehand passes at once; rearhand bids to forehand, who passes.
    state = play(deal(), PASS, SkatBid(18), PASS)
    assert (state.phase, state.payload.declarer, state.payload.bid) == ("pickup", 0, 18)


# -- the skat, the discards, the declaration -----------------------------------------


def test_taking_the_skat_then_two_discards_then_a_game_without_announcements() -> None:
    state = won_by_1(deal())
    assert texts(GAME.legal_moves(state)) == ["take the skat", "play hand"]
    state = play(state, TakeSkat())
    # The skat is the declarer's to see; the discards are made from the twelve cards,
    # and the hands stay ten cards each until both are made.
    assert state.phase == "discard" and len(state.hands[1]) == 10
    assert GAME.observe(state, 1).payload.skat == tuple(parse_cards(SKAT))
    assert len(GAME.legal_moves(state)) == 12
    state = play(state, SkatDiscard("8S"))
    assert "discard 8♠" not in texts(GAME.legal_moves(state))
    assert GAME.observe(state, 0).payload.discarded == 1
    state = play(state, SkatDiscard("AS"))
    assert state.phase == "declare" and len(state.hands[1]) == 10
    assert Card.parse("9S") in state.hands[1] and Card.parse("AS") not in state.hands[1]
    assert texts(GAME.legal_moves(state)) == [
        "declare ♦",
        "declare ♥",
        "declare ♠",
        "declare ♣",
        "declare Grand",
        "declare Null",
        "declare Null ouvert",
    ]
    state = play(state, Declare("grand"))
    assert state.phase is None and state.to_move == 1  # forehand leads
    order = GAME.trump_of(state)
    assert order is not None and order.name == "Grand"


def test_a_hand_game_may_announce_schneider_schwarz_and_ouvert() -> None:
    state = play(won_by_1(deal()), PlayHand())
    moves = texts(GAME.legal_moves(state))
    assert len(moves) == 22 and "declare ♣, schwarz announced" in moves
    assert "declare Grand ouvert" in moves and "declare Null ouvert" in moves
    with pytest.raises(IllegalMoveError):
        GAME.apply(
            play(won_by_1(deal()), TakeSkat(), SkatDiscard("8S"), SkatDiscard("9S")),
            Declare("grand", schneider=True),
        )


def test_an_open_game_shows_the_declarers_cards_to_everyone() -> None:
    state = play(
        won_by_1(deal()), PlayHand(), Declare("grand", schneider=True, schwarz=True, ouvert=True)
    )
    for seat in (0, 2):
        view = GAME.observe(state, seat)
        assert view.payload.open_hand == state.hands[1]
        sample = GAME.determinize(view, 3)
        assert sample.hands[1] == state.hands[1]
    state = play(state, cr.Play("JC"))
    assert GAME.observe(state, 0).payload.open_hand == state.hands[1]
    assert state.payload.open_hand == ()  # (the state keeps no copy)


def worlds() -> tuple[Any, Any]:
    """Two deals the opponents (seats 0 and 2) cannot tell apart: the declarer (seat 1)
    is dealt 8♠ 9♠ in one (A♠ 10♠ in the skat) and A♠ 10♠ in the other (8♠ 9♠ in the
    skat); it takes the skat and discards A♠ and 10♠, holding the same ten cards."""
    other = list(HANDS)
    other[1] = "JC JS JH JD AC 10C KC QC 8S 9S"
    return deal(), deal(other)


def test_the_skat_and_the_discards_are_secret_to_the_opponents() -> None:
    first, second = worlds()
    moves = [SkatBid(18), Hold(), PASS, PASS, TakeSkat(), SkatDiscard("AS"), SkatDiscard("10S")]
    moves += [Declare("clubs"), cr.Play("JC"), cr.Play("QD"), cr.Play("9C")]
    for move in moves:
        for seat in (0, 2):
            assert GAME.observe(first, seat) == GAME.observe(second, seat)
            assert repr(GAME.observe(first, seat)) == repr(GAME.observe(second, seat))
        one, two = GAME.step(first, move), GAME.step(second, move)
        for seat in (0, 2):
            mine, theirs = events_for(one.events, seat), events_for(two.events, seat)
            assert mine == theirs
            assert [describe(e, seat, game=GAME) for e in mine] == [
                describe(e, seat, game=GAME) for e in theirs
            ]
        first, second = one.state, two.state
    assert GAME.observe(first, 1) != GAME.observe(second, 1)  # the declarer knows
    view = GAME.observe(first, 1)
    assert view.payload.skat == tuple(parse_cards(SKAT)) and set(view.payload.discards) == {
        Card.parse("AS"),
        Card.parse("10S"),
    }


def test_the_discard_is_told_to_the_others_without_its_card() -> None:
    state = play(won_by_1(deal()), TakeSkat())
    step = GAME.step(state, SkatDiscard("AS"))
    (told,) = [e for e in events_for(step.events, 0) if isinstance(e, cr.MovePlayed)]
    assert describe(told, 0, game=GAME) == "Seat 1 discards a card."
    (own,) = [e for e in events_for(step.events, 1) if isinstance(e, cr.MovePlayed)]
    assert describe(own, 1, game=GAME) == "You discard A♠."
    assert GAME.observe(step.state, 0).payload.discards == ()


def test_samples_of_the_declarer_keep_its_discards_out_of_every_hand() -> None:
    state = play(won_by_1(deal()), TakeSkat(), SkatDiscard("AS"), SkatDiscard("10S"))
    aside = mask_of(parse_cards("AS 10S"))
    for seed in range(10):
        sample = GAME.determinize(GAME.observe(state, 1), seed)
        assert not any(hand & aside for hand in sample.hand_masks)
        other = GAME.determinize(GAME.observe(state, 0), seed)
        assert GAME.observe(other, 0) == GAME.observe(state, 0)
        assert len(other.payload.discards) == 2  # the cards out of every hand


# -- the play ------------------------------------------------------------------------


def test_a_jack_led_in_a_suit_game_is_followed_by_trumps() -> None:
    state = play(won_by_1(deal()), PlayHand(), Declare("hearts"), cr.Play("JC"))
    # Seat 2 holds hearts and no jack: it must play a heart, not a club.
    assert set(texts(GAME.legal_moves(state))) == {"A♥", "10♥", "K♥", "Q♥"}
    state = play(won_by_1(deal()), PlayHand(), Declare("grand"), cr.Play("JC"))
    assert len(GAME.legal_moves(state)) == 10  # no jack: any card


def test_a_lost_null_game_ends_at_once() -> None:
    state = GAME.position(
        [parse_cards(hand) for hand in HANDS],
        leader=1,
        payload=SkatDeal(
            bid=23,
            declarer=1,
            hand=False,
            game=Declare("null"),
            skat=tuple(parse_cards(SKAT)),
            discards=tuple(parse_cards(SKAT)),
        ),
    )
    step = GAME.step(state, cr.Play("AC"))  # the declarer leads its ace...
    step = GAME.step(step.state, cr.Play("KS"))
    step = GAME.step(step.state, cr.Play("7C"))  # ...and takes the first trick
    assert any(isinstance(event, cr.HandScored) for event in step.events)
    scored = next(event for event in step.events if isinstance(event, cr.HandScored))
    assert scored.hand_scores == (0, -46, 0)  # Null 23, lost double
    assert step.state.round_number == 2


# -- the game's value ----------------------------------------------------------------


def test_matadors_with_and_without() -> None:
    jacks = mask_of(parse_cards("JC JS JH JD"))
    assert matadors(jacks | mask_of(parse_cards("AC 10C")), "clubs") == 6
    assert matadors(jacks, "grand") == 4
    assert matadors(mask_of(parse_cards("JH AH")), "hearts") == 2  # without 2
    assert matadors(mask_of(parse_cards("AH")), "hearts") == 4  # without 4
    assert matadors(mask_of(parse_cards("JC JH")), "spades") == 1  # with 1


def result(
    game: Declare,
    points: int,
    *,
    tricks: int = 5,
    bid: int = 18,
    hand: bool = False,
    held: str = "JC",
) -> GameResult:
    return game_result(
        game,
        bid=bid,
        hand=hand,
        held=mask_of(parse_cards(held)),
        points=points,
        declarer_tricks=tricks,
        tricks=10,
    )


def test_game_values_with_schneider_schwarz_and_announcements() -> None:
    clubs = Declare("clubs")
    assert result(clubs, 61) == GameResult(True, 24, 2, False)  # with 1, game 2
    assert result(clubs, 60) == GameResult(False, 24, 2, False)
    assert result(clubs, 90).value == 36  # schneider
    assert result(clubs, 30).value == 36 and not result(clubs, 30).won  # schneidered
    assert result(clubs, 120, tricks=10).value == 48  # schneider, schwarz
    announced = Declare("clubs", schneider=True)
    assert result(announced, 89, hand=True) == GameResult(False, 60, 5, False)
    assert result(announced, 95, hand=True) == GameResult(True, 60, 5, False)
    schwarz = Declare("clubs", schneider=True, schwarz=True)
    assert not result(schwarz, 110, tricks=9, hand=True).won
    # with 1, game, hand, schneider, announced, schwarz, announced: 7 x 12
    assert result(schwarz, 120, tricks=10, hand=True).value == 84
    ouvert = Declare("grand", schneider=True, schwarz=True, ouvert=True)
    assert result(ouvert, 120, tricks=10, hand=True).value == 8 * 24
    # An announcement counts whether made or not: the lost game is worth as much.
    assert result(schwarz, 100, tricks=8, hand=True) == GameResult(False, 84, 7, False)


def test_null_values_and_an_overbid_game() -> None:
    assert result(Declare("null"), 0, tricks=0).value == 23
    assert result(Declare("null"), 0, tricks=0, hand=True).value == 35
    assert result(Declare("null", ouvert=True), 0, tricks=0).value == 46
    assert result(Declare("null", ouvert=True), 0, tricks=0, hand=True).value == 59
    assert not result(Declare("null"), 0, tricks=1).won
    # Bid 30, a diamonds game with 1 is worth 18 (27 with schneider): lost with 36.
    assert result(Declare("diamonds"), 100, bid=30) == GameResult(False, 36, 3, True)
    assert result(Declare("null"), 0, tricks=0, bid=24) == GameResult(False, 46, 0, True)


def test_seat_scores_plain_once_or_twice_and_seeger_fabian() -> None:
    lost = GameResult(False, 24, 2, False)
    assert seat_scores(lost, 2, scoring="plain", lost_double=True) == (0, 0, -48)
    assert seat_scores(lost, 2, scoring="plain", lost_double=False) == (0, 0, -24)
    won = GameResult(True, 24, 2, False)
    assert seat_scores(won, 0, scoring="seeger_fabian", lost_double=True) == (74, 0, 0)
    assert seat_scores(lost, 0, scoring="seeger_fabian", lost_double=True) == (-98, 40, 40)


def test_a_whole_deal_scores_the_declarers_game() -> None:
    # Seat 1, with 4 jacks, plays Grand hand after bidding 18 and takes every trick.
    state = play(won_by_1(deal()), PlayHand(), Declare("grand"))
    chooser = random.Random(0)
    while state.round_number == 1:
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, moves[-1] if state.to_move == 1 else chooser.choice(moves))
    assert state.scores[0] == state.scores[2] == 0 and state.scores[1] != 0


def test_a_game_is_its_deals_and_the_dealer_rotates() -> None:
    game = Skat(deals=2, random_first_dealer=False, first_dealer_seat=2)
    state = game.new_game(seed=4)
    chooser = random.Random(4)
    dealers: list[tuple[int, int]] = []
    while not state.is_over:
        if not dealers or dealers[-1][0] != state.round_number:
            dealers.append((state.round_number, state.dealer))
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
    assert dealers == [(1, 2), (2, 0)]
    best = max(state.scores)
    assert state.winners == tuple(s for s in range(3) if state.scores[s] == best)


def test_random_games_end_and_every_state_is_consistent() -> None:
    for seed in range(6):
        state, chooser = GAME.new_game(seed=seed), random.Random(seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = GAME.observe(state, seat)
            assert GAME.observe(GAME.determinize(view, seed), seat) == view
            state = GAME.apply(state, chooser.choice(GAME.legal_moves(state)))
        assert len(state.scores) == 3


# -- bad input -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"deals": 0}, "deals must be an int from 1 up"),
        ({"scoring": "list"}, "scoring must be one of"),
        ({"lost_double": 1}, "lost_double must be True or False"),
        ({"bidding": "auction"}, "bidding must be one of"),
        ({"first_dealer_seat": 3}, "first_dealer_seat must be an int from 0 to 2"),
        ({"random_first_dealer": None}, "random_first_dealer must be True or False"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], match: str) -> None:
    with pytest.raises(RulesError, match=match):
        Skat(**options)


def test_openspiels_preset_has_no_parameters() -> None:
    with pytest.raises(RulesError, match="OpenSpiel's skat has no parameter 'players'"):
        Skat.openspiel(players=3)


def test_bad_moves_are_refused_in_words() -> None:
    state = deal()
    with pytest.raises(IllegalMoveError, match="hold is not allowed in the bid phase"):
        GAME.apply(state, Hold())
    with pytest.raises(IllegalMoveError, match="no card is played now"):
        GAME.apply(state, cr.Play("7C"))
    state = play(won_by_1(deal()), TakeSkat())
    with pytest.raises(IllegalMoveError, match="discard A♥ is not allowed"):
        GAME.apply(state, SkatDiscard("AH"))
    with pytest.raises(MoveTypeError, match="schwarz announced needs schneider"):
        Declare("clubs", schwarz=True)
    with pytest.raises(MoveTypeError, match="Null game announces no schneider"):
        Declare("null", schneider=True)
    with pytest.raises(MoveTypeError, match="must be one of"):
        Declare("trumps")  # type: ignore[arg-type]
    with pytest.raises(MoveTypeError):
        SkatBid("18")  # type: ignore[arg-type]


def test_positions_need_a_declared_game() -> None:
    with pytest.raises(SetupError, match="Skat's payload is a SkatDeal"):
        GAME.position([parse_cards(hand) for hand in HANDS], leader=1, payload="grand")
    with pytest.raises(SetupError, match="names its declarer"):
        GAME.position(
            [parse_cards(hand) for hand in HANDS],
            leader=1,
            payload=SkatDeal(skat=tuple(parse_cards(SKAT))),
        )
    with pytest.raises(SetupError, match="skat's two cards"):
        GAME.position(
            [parse_cards(hand) for hand in HANDS],
            leader=1,
            payload=SkatDeal(declarer=1, game=Declare("grand")),
        )
