"""Blind Nil (``cr.Spades(blind_nil=True)``): offered only to a side far enough behind,
bid before the bidder sees a card of their hand (their view, their events and every
sample of their view show none of it), seen by everyone once bid, scored 200."""

from __future__ import annotations

import random
from typing import Any

import cardrules as cr
from cardrules.events import narrate
from cardrules.games.spades import BLIND_NIL, LOOK_AT_HAND, Bid, Bidding

GAME = cr.Spades(blind_nil=True)
BEHIND = (0, 150, 0, 150)  # seats 0 and 2 are 150 behind


def start(seed: int = 3, scores: tuple[int, ...] = BEHIND, game: Any = GAME) -> Any:
    return game.new_game(seed=seed, dealer=3, scores=scores)


def test_it_is_offered_only_when_on_and_the_side_is_100_behind() -> None:
    state = start()
    assert state.phase == "blind" and GAME.legal_moves(state) == (BLIND_NIL, LOOK_AT_HAND)
    state = GAME.apply(state, LOOK_AT_HAND)
    assert state.phase == "bid" and state.to_move == 0
    state = GAME.apply(state, Bid(3))
    assert state.phase == "bid" and state.to_move == 1  # seats 1 and 3 are ahead
    assert start(scores=(0, 99, 0, 99)).phase == "bid"
    assert start(game=cr.Spades(), scores=(0, 500, 0, 500)).phase == "bid"  # off
    anytime = cr.Spades(blind_nil=True, blind_nil_behind=None)
    assert start(game=anytime, scores=(0, 0, 0, 0)).phase == "blind"
    assert cr.Spades(blind_nil=True, blind_nil_behind=300).may_bid_blind_nil(BEHIND, 0) is False


def test_the_bidder_sees_no_card_of_its_hand_until_it_looks_or_bids() -> None:
    state = start()
    for seat in (0, 2):  # both may bid blind: neither has seen a card
        assert GAME.observe(state, seat).hand == () and GAME.observe(state, seat).hand_sizes[seat]
    assert len(GAME.observe(state, 1).hand) == 13
    assert not any(str(card) in str(GAME.observe(state, 0)) for card in state.hands[0])
    state = GAME.apply(state, BLIND_NIL)
    assert len(GAME.observe(state, 0).hand) == 13  # bid: its cards are shown to it
    assert GAME.observe(state, 2).hand == ()
    state = GAME.apply(state, Bid(4))
    state = GAME.apply(state, LOOK_AT_HAND)
    assert len(GAME.observe(state, 2).hand) == 13


def test_nothing_the_bidder_is_told_depends_on_its_hand_before_it_looks() -> None:
    """Two deals that differ in seat 0's hand (swapped with seat 1's): seat 0's views
    and the events told to it are the same until it looks."""
    state = start()
    hands = list(state.hand_masks)
    swapped = GAME.with_hands(state, [hands[1], hands[0], hands[2], hands[3]])
    assert GAME.observe(state, 0) == GAME.observe(swapped, 0)
    one, two = GAME.step(state, LOOK_AT_HAND), GAME.step(swapped, LOOK_AT_HAND)
    assert [text for _, text in narrate(one.events, 0)] == [
        text for _, text in narrate(two.events, 0)
    ]
    for seed in range(5):  # its samples are any hand at all
        sample = GAME.determinize(GAME.observe(state, 0), seed)
        assert GAME.observe(sample, 0) == GAME.observe(state, 0)
        assert len(sample.hands[0]) == 13
    firsts = {GAME.determinize(GAME.observe(state, 0), seed).hands[0] for seed in range(5)}
    assert len(firsts) == 5


def test_every_seat_sees_the_blind_nil_bid() -> None:
    step = GAME.step(start(), BLIND_NIL)
    played = [event for event in step.events if isinstance(event, cr.MovePlayed)]
    assert played and played[0].seen_by is None
    for seat in range(4):
        assert GAME.observe(step.state, seat).payload == Bidding((0, None, None, None), (0,))
    texts = [text for _, text in narrate(step.events, 1)]
    assert texts == ["Seat 0 bids Blind Nil."]


def test_blind_nil_scores_200_made_and_loses_200_failed() -> None:
    made, failed = GAME.score_sides(Bidding((0, 0, 4, 3), blind=(0, 1)), (0, 2, 9, 2))
    assert made.nils[0].blind and made.total == 200 + 40 + 5
    assert failed.total == -200 - 30 + 2  # seat 3 bid 3, took 2: set; seat 1's 2 bags
    doubled = cr.Spades(blind_nil=True, blind_nil_points=300)
    assert doubled.score_sides(Bidding((0, 1, 1, 1), blind=(0,)), (0, 5, 4, 4))[0].nil_points == 300


def test_it_has_move_ids_after_the_bids_and_random_games_with_it_play_out() -> None:
    game = cr.Spades(blind_nil=True, blind_nil_behind=None, target=200)
    assert game.num_move_ids == 68
    assert game.move_from_id(66) == BLIND_NIL and game.move_id(LOOK_AT_HAND) == 67
    blinds = 0
    for seed in range(4):
        state, chooser = game.new_game(seed=seed), random.Random(seed)
        while not state.is_over:
            state = game.apply(state, chooser.choice(game.legal_moves(state)))
            if state.phase is None and state.payload is not None:
                blinds += len(state.payload.blind)
    assert blinds


def test_openspiels_resampler_gives_a_seat_that_has_not_looked_any_hand() -> None:
    """OpenSpiel's ISMCTS samples (the host's resampler) of a seat that has not looked
    deal it a hand afresh like the others', and encode it as its view (no card)."""
    import pytest

    pytest.importorskip("pyspiel")
    np = pytest.importorskip("numpy")
    from cardrules.hosts import openspiel as hosted

    rules = cr.Spades(blind_nil=True, blind_nil_behind=0)
    game = hosted.load_game(rules)
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randint(len(outcomes))][0])
    seat = state.current_player()
    assert state.position.inner.phase == "blind"
    tensor = list(state.observation_tensor(seat))
    assert not any(tensor[:52])  # the hand's entries: none
    resample = hosted.resampler(seed=2)
    samples = [resample(state, seat) for _ in range(4)]
    for sample in samples:
        assert sample.information_state_string(seat) == state.information_state_string(seat)
    assert len({sample.position.inner.hands[seat] for sample in samples}) > 1
