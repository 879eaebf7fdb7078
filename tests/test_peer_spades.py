"""``cr.Spades.openspiel(**params)`` plays OpenSpiel's ``spades`` exactly: the two are
played in lockstep on the deals cardrules makes (OpenSpiel's chance nodes fed the hands
of the cardrules deal: its card ``k`` goes to seat ``k % 4``), the same random choices
fed to both, and at every step the player to move and the legal moves (as OpenSpiel's
action ids, which are the move ids here) agree, and at the end the returns are the
cardrules scores, under every parameter the preset takes. Then the preset's quirks
one by one: spades never broken, a Nil bidder's tricks counted for the partner, and
the bonus on the deal's scores.

``CARDRULES_PEER_DEALS`` deals are played (300 by default, about a second); set it
higher to play more, e.g. ``CARDRULES_PEER_DEALS=5000``.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import cardrules as cr
from cardrules.games.spades import rules as spades
from cardrules.moves import Play

pyspiel = pytest.importorskip("pyspiel")


DEALS = int(os.environ.get("CARDRULES_PEER_DEALS", "300"))


def deal_openspiel(spiel_game: Any, state: Any) -> Any:
    """OpenSpiel's state after its 52 chance nodes, fed the hands of ``state``."""
    spiel = spiel_game.new_initial_state()
    hands = [list(hand) for hand in state.hands]
    for k in range(52):
        spiel.apply_action(int(hands[k % 4].pop()))
    return spiel


def play_both(game: Any, spiel_game: Any, seed: int, choose: Any = None) -> tuple[Any, list[Any]]:
    chooser = random.Random(seed)
    state = game.new_game(seed=seed)
    spiel = deal_openspiel(spiel_game, state)
    moves = []
    while not state.is_over:
        assert spiel.current_player() == state.to_move
        legal = game.legal_moves(state)
        assert sorted(game.move_id(move) for move in legal) == sorted(spiel.legal_actions())
        move = (choose or chooser.choice)(legal)
        spiel.apply_action(game.move_id(move))
        state = game.apply(state, move)
        moves.append(move)
    assert spiel.is_terminal()
    assert tuple(int(value) for value in spiel.returns()) == state.scores
    return state, moves


@pytest.mark.parametrize(
    "parameters",
    [
        {},
        {"win_or_loss_bonus": 50, "mercy_threshold": -100},
        {"win_or_loss_bonus": 70, "win_threshold": 40, "mercy_threshold": -60},
        {"mercy_threshold": 0, "win_threshold": 1000, "use_mercy_rule": False},
        {"use_mercy_rule": False, "mercy_threshold": -60, "win_or_loss_bonus": 70},
        {"win_or_loss_bonus": -40, "win_threshold": 30, "num_tricks": 5},
    ],
)
def test_random_deals_play_as_openspiel_plays_them(parameters: dict[str, Any]) -> None:
    game = cr.Spades.openspiel(**parameters)
    text = ",".join(f"{key}={str(value).lower()}" for key, value in parameters.items())
    spiel_game = pyspiel.load_game(f"spades({text})")
    assert game.num_move_ids == spiel_game.num_distinct_actions() == 66
    nils = bags = 0
    for seed in range(DEALS // len(parameters or [0])):
        state, moves = play_both(game, spiel_game, seed)
        assert len(moves) == 56 and state.winners
        nils += 0 in state.payload.bids
        bags += any(score % 10 for score in state.scores)
    assert nils and bags  # Nil bids and bags were played and scored


def nil_then_low(legal: Any) -> Any:
    """Bid Nil, play the lowest card: many bags, failed contracts and nils."""
    return legal[0]


def test_all_nil_and_the_lowest_cards() -> None:
    game = cr.Spades.openspiel()
    spiel_game = pyspiel.load_game("spades")
    for seed in range(30):
        _, moves = play_both(game, spiel_game, seed, choose=nil_then_low)
        assert [move.tricks for move in moves[:4]] == [0, 0, 0, 0]


def test_the_preset_is_the_rules_openspiels_code_plays() -> None:
    game = cr.Spades.openspiel()
    assert game == cr.Spades.openspiel(**cr.Spades.OPENSPIEL_PARAMETERS)
    declared = pyspiel.load_game("spades").get_type().parameter_specification
    assert dict(cr.Spades.OPENSPIEL_PARAMETERS) == dict(declared)
    assert (game.target, game.random_first_dealer, game.first_dealer_seat) == (None, False, 3)
    assert game.spades_broken_by == "never"
    assert (game.team_bid_limit, game.nil_tricks, game.blind_nil) == (13, "count", False)
    assert (game.deal_bonus, game.deal_bonus_at, game.deal_forfeit_at) == (200, 500, -350)
    assert cr.Spades.openspiel(mercy_threshold=0).deal_forfeit_at == 0  # 0: no mercy
    assert game.new_game(seed=5).dealer == 3 and game.length_bound() == 56


def test_a_spade_is_led_only_by_a_hand_of_spades() -> None:
    hands = [
        "AS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AD",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AH",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AC",
    ]
    game = cr.Spades.openspiel()
    state = game.new_game(seed=1, hands=[cr.parse_cards(hand) for hand in hands])
    for seat in range(4):
        state = game.apply(state, spades.Bid(1 + seat % 2))
    for card in ("2C", "2S", "2D", "AC"):  # seat 1 trumps: a spade is played
        state = game.apply(state, Play(card))
    assert state.to_move == 1  # seat 1 won; it holds A♦ besides its spades
    assert [str(move) for move in game.legal_moves(state)] == ["A♦"]
    with pytest.raises(cr.IllegalMoveError, match="no spade may be led") as caught:
        game.apply(state, Play("3S"))
    assert caught.value.reason == "spades_not_broken"


def bid_state(game: Any, bids: tuple[int, ...]) -> Any:
    state = game.new_game(seed=2)
    for bid in bids:
        state = game.apply(state, spades.Bid(bid))
    assert state.phase is None and state.payload.bids == bids
    return state


def test_contracts_nils_and_bags_as_openspiel_scores_them() -> None:
    game = cr.Spades.openspiel()
    state = bid_state(game, (3, 4, 2, 0))
    # North-South bid 5, took 8: 50 and 3 bags. East-West bid 4 and a Nil, took 5 with
    # one by the Nil, which counts for the partner: 40, 1 bag, the Nil -100.
    assert game.score_deal(state, (5, 4, 3, 1)) == (53, -59, 53, -59)
    # Set: fewer tricks than bid lose ten a trick bid; a Nil made is 100.
    assert game.score_deal(state, (1, 5, 1, 0))[:2] == (-50, 41 + 100)
    # Ten bags in one deal cost 100: bid 1 and Nil, took 12 (and the Nil one more).
    state = bid_state(game, (1, 0, 0, 0))
    assert game.score_deal(state, (12, 0, 1, 0))[0] == 10 + 12 - 100 - 100


def test_the_bonus_is_on_the_deals_scores_the_second_side_after_the_first() -> None:
    game = cr.Spades.openspiel(win_or_loss_bonus=70, win_threshold=40, mercy_threshold=-60)
    state = bid_state(game, (3, 5, 2, 4))
    # North-South 50 + 1 bag: at least 40 and ahead: +70. East-West set, -90: at most
    # -60 and behind: -70.
    assert game.score_deal(state, (4, 3, 2, 4))[:2] == (51 + 70, -90 - 70)
    # With a negative bonus the order shows: North-South 41 (ahead of 35) gets -40, and
    # East-West's 35 is then compared with 1: it is ahead, and gets -40 too.
    game = cr.Spades.openspiel(win_or_loss_bonus=-40, win_threshold=30)
    state = bid_state(game, (2, 2, 2, 1))
    assert game.score_deal(state, (3, 4, 2, 4))[:2] == (41 - 40, 35 - 40)
