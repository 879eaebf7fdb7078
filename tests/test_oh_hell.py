"""The Oh Hell example (examples/oh_hell.py) as a cardrules game: its records round-trip
with its own bids, its samples of the unseen cards look to the seat as its view, its
states never change, its options are checked, and the search bot beats random players.
(That it is OpenSpiel's game is tests/test_peer_oh_hell.py.)"""

from __future__ import annotations

import random

import pytest

import cardrules as cr
from cardrules.cards import mask_of
from cardrules.games.oh_hell import rules as oh_hell


def test_a_record_with_bids_round_trips() -> None:
    game = oh_hell.OhHell(players=4, num_tricks_fixed=3)
    record = cr.GameRecord.start(game, seed=8)
    state = record.initial_state()
    chooser = random.Random(8)
    while not state.is_over:
        move = chooser.choice(game.legal_moves(state))
        record, state = record.then(move), game.apply(state, move)
    text = record.to_json()
    assert '"move": "oh_hell_bid"' in text
    again = cr.GameRecord.from_json(text)
    assert again == record and again.final_state() == state
    assert again.moves[:4] == record.moves[:4] and isinstance(again.moves[0], oh_hell.Bid)


@pytest.mark.parametrize("seed", range(6))
def test_a_sample_of_the_unseen_cards_looks_the_same_to_the_seat(seed: int) -> None:
    game = oh_hell.OhHell(players=3 + seed % 3, num_suits=3 + seed % 2)
    state = game.new_game(seed=seed)
    chooser = random.Random(seed)
    deck = mask_of(game.deck())
    while not state.is_over:
        view = game.observe(state, state.to_move)
        guess = game.determinize(view, seed)
        assert game.observe(guess, view.seat) == view
        held = [mask_of(hand) for hand in guess.hands]
        assert sum(h.bit_count() for h in held) == sum(view.hand_sizes)
        assert all(h & ~deck == 0 for h in held) and guess.turned_up == state.turned_up
        assert guess.turned_up is not None and not any(h >> guess.turned_up & 1 for h in held)
        legal = game.legal_moves(state)
        before = (state.hands, state.payload, state.phase, state.tricks, state.to_move)
        move = chooser.choice(legal)
        after = game.apply(state, move)
        assert (state.hands, state.payload, state.phase, state.tricks, state.to_move) == before
        assert game.legal_moves(guess) == legal  # the seat's own choices are the same
        state = after


def test_bad_options_and_setups_are_refused() -> None:
    with pytest.raises(cr.RulesError, match="players must be an int from 3 to 7"):
        oh_hell.OhHell(players=2)
    with pytest.raises(cr.RulesError, match="num_tricks_fixed must be an int from -1 to 17"):
        oh_hell.OhHell(num_tricks_fixed=18)
    with pytest.raises(cr.RulesError, match="num_tricks_fixed must be -1 or 1 to 8"):
        oh_hell.OhHell(num_tricks_fixed=0, num_suits=2, num_cards_per_suit=13)
    with pytest.raises(cr.RulesError, match="too few"):
        oh_hell.OhHell(players=7, num_suits=1, num_cards_per_suit=5)
    game = oh_hell.OhHell()
    with pytest.raises(cr.SetupError, match="give turned_up"):
        game.new_game(seed=1, hands=[["2C"], ["3C"], ["4C"]])
    with pytest.raises(cr.SetupError, match="hand_size must be"):
        game.new_game(seed=1, hand_size=18)
    small = oh_hell.OhHell(num_suits=2, num_cards_per_suit=5)
    with pytest.raises(cr.SetupError, match="must be a card of the deck in no hand"):
        small.new_game(seed=1, hands=[["2C"], ["3C"], ["4C"]], turned_up="AS")
    with pytest.raises(cr.SetupError, match="hands must hold cards of the deck"):
        small.new_game(seed=1, hands=[["2C"], ["3C"], ["KH"]], turned_up="2D")
    state = small.new_game(seed=1, dealer=0, hands=[["2C"], ["3C"], ["4C"]], turned_up="2D")
    assert state.hand_size == 1 and state.to_move == 1 and state.phase == "bid"


def test_a_position_in_the_play_takes_the_bids() -> None:
    game = oh_hell.OhHell(num_suits=2, num_cards_per_suit=5)
    trick = cr.Trick(1, cr.parse_cards("2C 3D 4C"), 2)  # diamonds are trumps
    state = game.position(
        ["5C 6C", "3C 5D", "4D 6D"],
        leader=2,
        tricks=[trick],
        dealer=0,
        turned_up="2D",
        payload=(1, 0, 2),
    )
    assert state.round_scores == (0, 0, 1) and state.to_move == 2
    while not state.is_over:
        state = game.apply(state, game.legal_moves(state)[0])
    assert sum(state.round_scores) > 0 and len(state.scores) == 3


def test_the_search_bot_beats_random_players() -> None:
    from cardrules.arena import run_arena
    from cardrules.bots import Bot, ISMCTSBot, RandomBot

    game = oh_hell.OhHell(num_tricks_fixed=4)
    bots: list[Bot] = [ISMCTSBot(iterations=40), RandomBot(), RandomBot()]
    result = run_arena(game, bots, games=12, seed=1, bot_seed=2, workers=1, progress=False)
    rows = result.rows()
    assert rows[0].entrant == "ismcts"
    assert rows[0].wins > max(row.wins for row in rows[1:])
