"""The Spades example (examples/spades.py) as a cardrules game: records round-trip with
its bids, samples of the unseen cards look to the seat as its view, states never
change, options are checked, and the search bot's partnership beats random players.
(That it is OpenSpiel's game is tests/test_peer_spades.py.)"""

from __future__ import annotations

import random

import pytest

import cardrules as cr
from cardrules.games.spades import rules as spades


def test_a_record_with_bids_round_trips() -> None:
    game = spades.Spades()
    record = cr.GameRecord.start(game, seed=8)
    state = record.initial_state()
    chooser = random.Random(8)
    while not state.is_over:
        move = chooser.choice(game.legal_moves(state))
        record, state = record.then(move), game.apply(state, move)
    text = record.to_json()
    assert '"move": "spades_bid"' in text
    again = cr.GameRecord.from_json(text)
    assert again == record and again.final_state() == state


@pytest.mark.parametrize("seed", range(3))
def test_a_sample_of_the_unseen_cards_looks_the_same_to_the_seat(seed: int) -> None:
    game = spades.Spades(spades_break=bool(seed % 2))
    state = game.new_game(seed=seed)
    chooser = random.Random(seed)
    while not state.is_over:
        view = game.observe(state, state.to_move)
        guess = game.determinize(view, seed)
        assert game.observe(guess, view.seat) == view
        before = (state.hands, state.payload, state.phase, state.tricks, state.to_move)
        move = chooser.choice(game.legal_moves(state))
        after = game.apply(state, move)
        assert (state.hands, state.payload, state.phase, state.tricks, state.to_move) == before
        state = after
    assert state.scores[0] == state.scores[2] and state.scores[1] == state.scores[3]


def test_bad_options_are_refused() -> None:
    with pytest.raises(cr.RulesError, match="spades_break must be True or False"):
        spades.Spades(spades_break="yes")
    with pytest.raises(cr.RulesError, match="win_threshold must be an int"):
        spades.Spades(win_threshold=1.5)
    with pytest.raises(cr.RulesError, match="a full game needs"):
        spades.Spades(full_game=True, mercy_threshold=0, win_threshold=0)


def test_the_arena_counts_a_partnership_win_whole_for_each_partner() -> None:
    from cardrules.arena import run_arena
    from cardrules.bots import Bot, ISMCTSBot, RandomBot

    game = spades.Spades()
    assert game.teams() == ((0, 2), (1, 3))
    bots: list[Bot] = [ISMCTSBot(iterations=4), RandomBot(), RandomBot(), RandomBot()]
    result = run_arena(game, bots, games=4, seed=1, bot_seed=2, workers=1, progress=False)
    for played in result.games:
        assert played.sides_won == (2 if len(played.winners) == 4 else 1)
    rows = result.rows()
    # Entrants 0 and 2 always sit as partners (seats rotate together), and so do 1 and 3.
    assert rows[0].wins == rows[2].wins and rows[1].wins == rows[3].wins
    assert rows[0].wins + rows[1].wins == 4  # one win per game, whole for each partner


def test_the_search_bots_side_beats_random_players() -> None:
    """ISMCTSBot (20 playouts a decision) with a random partner against two random
    players over 16 deals, seats rotated: its side wins significantly more often than
    the other (more games: benchmarks/search_vs_random.py, docs/bots.md)."""
    from cardrules.arena import run_arena
    from cardrules.bots import Bot, ISMCTSBot, RandomBot

    bots: list[Bot] = [ISMCTSBot(iterations=20), RandomBot(), RandomBot(), RandomBot()]
    result = run_arena(
        spades.Spades(), bots, games=16, seed=1, bot_seed=2, workers=1, progress=False
    )
    assert len(result.games) == 16
    for opponent in (1, 3):  # entrant 2 is the partner
        assert result.compare(0, opponent).win_difference_ci[0] > 0
