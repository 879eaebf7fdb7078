"""Spades' rule-of-thumb player (``cr.Spades().heuristic``): it picks a legal move, the
same one for the same view, bids sensibly, ducks when it bid Nil, and its side beats
random players by far in a small arena (and the search bot's side does too)."""

from __future__ import annotations

from typing import cast

import cardrules as cr
from cardrules.arena import run_arena
from cardrules.bots import Bot, HeuristicBot, ISMCTSBot, RandomBot
from cardrules.games.spades import BLIND_NIL, LOOK_AT_HAND, Bid, Bidding
from cardrules.games.spades.heuristic import estimate_tricks


def test_the_heuristic_plays_legal_moves_and_the_same_for_the_same_view() -> None:
    game = cr.Spades(blind_nil=True, blind_nil_behind=None, target=300)
    for seed in range(3):
        state = game.new_game(seed=seed)
        while not state.is_over:
            view = game.observe(state, cast(int, state.to_move))
            legal = game.legal_moves(state)
            move = game.heuristic(view, legal)
            assert move in legal and game.heuristic(view, legal) == move
            state = game.apply(state, move)


def test_the_heuristic_bids_what_its_hand_is_worth() -> None:
    strong = cr.parse_cards("AS KS QS 5S 4S AH KH 2H AD 6D 7D 2C 3C")
    weak = cr.parse_cards("2S 3S 4H 5H 6H 8D 9D 10D 4C 5C 6C 7C 8C")
    assert estimate_tricks(strong) >= 6 and estimate_tricks(weak) < 1
    game = cr.Spades()
    rest = [card for card in cr.STANDARD_DECK.cards() if card not in strong + weak]
    state = game.new_game(seed=1, dealer=3, hands=[strong, weak, rest[:13], rest[13:]])
    bids = []
    for _ in range(2):
        seat = cast(int, state.to_move)
        move = game.heuristic(game.observe(state, seat), game.legal_moves(state))
        bids.append(move)
        state = game.apply(state, move)
    assert bids[0].tricks >= 6 and bids[1] == Bid(0)  # the weak hand bids Nil


def test_the_heuristic_bids_blind_nil_only_far_behind() -> None:
    game = cr.Spades(blind_nil=True)
    behind = game.new_game(seed=2, dealer=3, scores=(0, 250, 0, 250))
    near = game.new_game(seed=2, dealer=3, scores=(0, 150, 0, 150))
    for state, expected in ((behind, BLIND_NIL), (near, LOOK_AT_HAND)):
        view = game.observe(state, 0)
        assert game.heuristic(view, game.legal_moves(state)) == expected


def test_a_nil_bidder_ducks() -> None:
    game = cr.Spades()
    state = game.position(
        ["AH 2H", "KH 3H", "QH 4H", "5H 6H"], leader=1, payload=Bidding((0, 1, 1, 1))
    )
    state = game.apply(state, cr.Play("KH"))  # seat 1 leads K♥
    state = game.apply(state, game.heuristic(game.observe(state, 2), game.legal_moves(state)))
    state = game.apply(state, game.heuristic(game.observe(state, 3), game.legal_moves(state)))
    move = game.heuristic(game.observe(state, 0), game.legal_moves(state))
    assert move == cr.Play("2H")  # not A♥: it bid Nil


def test_the_heuristic_side_beats_random_players() -> None:
    """HeuristicBot partners against two random players over 12 games to 200, seats
    rotated: the heuristic side wins significantly more often."""
    bots: list[Bot] = [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()]
    result = run_arena(
        cr.Spades(target=200), bots, games=12, seed=1, bot_seed=2, workers=1, progress=False
    )
    assert result.compare(0, 1).win_difference_ci[0] > 0


def test_the_search_bots_side_beats_random_players() -> None:
    """ISMCTSBot (10 playouts a decision) with a random partner against two random
    players over 8 one-deal games, seats rotated: its side wins more often than not."""
    bots: list[Bot] = [ISMCTSBot(iterations=10), RandomBot(), RandomBot(), RandomBot()]
    result = run_arena(
        cr.Spades(target=None), bots, games=8, seed=1, bot_seed=2, workers=1, progress=False
    )
    assert result.rows()[0].wins > result.rows()[1].wins
