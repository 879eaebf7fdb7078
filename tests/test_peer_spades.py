"""The Spades example (examples/spades.py) plays OpenSpiel's ``spades`` exactly: the two
are played in lockstep on the deals cardrules makes (OpenSpiel's chance nodes fed the
hands of the cardrules deal: its card ``k`` goes to seat ``k % 4``), the same random
choices fed to both, and at every step the player to move and the legal moves (as
OpenSpiel's action ids, which are the move ids here) agree, and at the end the returns
are the cardrules scores. Then what the options for OpenSpiel's description change:
spades that break, and a full game with bags, the mercy rule and the bonus.

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
    ],
)
def test_random_deals_play_as_openspiel_plays_them(parameters: dict[str, Any]) -> None:
    game = spades.Spades(**parameters)
    text = ",".join(f"{key}={str(value).lower()}" for key, value in parameters.items())
    spiel_game = pyspiel.load_game(f"spades({text})")
    assert game.num_move_ids == spiel_game.num_distinct_actions() == 66
    nils = bags = 0
    for seed in range(DEALS // len(parameters or [0])):
        state, moves = play_both(game, spiel_game, seed)
        assert len(moves) == 56 and state.winners
        nils += 0 in state.payload
        bags += any(score % 10 for score in state.scores)
    assert nils and bags  # Nil bids and bags were played and scored


def nil_then_low(legal: Any) -> Any:
    """Bid Nil, play the lowest card: many bags, failed contracts and nils."""
    return legal[0]


def test_all_nil_and_the_lowest_cards() -> None:
    game = spades.Spades()
    spiel_game = pyspiel.load_game("spades")
    for seed in range(30):
        _, moves = play_both(game, spiel_game, seed, choose=nil_then_low)
        assert [move.tricks for move in moves[:4]] == [0, 0, 0, 0]


def test_a_spade_is_led_only_by_a_hand_of_spades_unless_spades_break() -> None:
    hands = [
        "AS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AD",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AH",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AC",
    ]
    for breaking in (False, True):
        game = spades.Spades(spades_break=breaking)
        state = game.new_game(seed=1, hands=[cr.parse_cards(hand) for hand in hands])
        for seat in range(4):
            state = game.apply(state, spades.Bid(1 + seat % 2))
        for card in ("2C", "2S", "2D", "AC"):  # seat 1 trumps: a spade is played
            state = game.apply(state, Play(card))
        assert state.to_move == 1  # seat 1 won; it holds A♦ besides its spades
        led = {str(move) for move in game.legal_moves(state)}
        others = {str(card) for card in state.hands[1] if card.suit == cr.Suit.SPADES}
        assert len(others) == 11 and led == {"A♦"} | (others if breaking else set())
        if not breaking:
            with pytest.raises(cr.IllegalMoveError, match="no spade may be led") as caught:
                game.apply(state, Play("3S"))
            assert caught.value.reason == "spades_not_broken"


def play_full(game: Any, seed: int) -> Any:
    state = game.new_game(seed=seed)
    chooser = random.Random(seed)
    while not state.is_over:
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
    return state


def test_a_full_game_plays_deals_to_a_threshold_and_adds_the_bonus() -> None:
    options = {"full_game": True, "win_threshold": 150, "mercy_threshold": -150}
    deals = set()
    for seed in range(6):
        state = play_full(spades.Spades(**options), seed)
        plain = play_full(spades.Spades(**options, win_or_loss_bonus=0), seed)
        assert state.round_number == plain.round_number and state.winners == plain.winners
        deals.add(state.round_number)
        ours, theirs = plain.scores[:2]
        assert max(ours, theirs) >= 150 or min(ours, theirs) <= -150  # a threshold ended it
        assert state.scores[2:] == state.scores[:2] and len(state.winners) == 2
        for seat in range(4):
            bonus = 200 if seat in state.winners else -200
            assert state.scores[seat] == plain.scores[seat] + bonus
    assert max(deals) > 1
    no_mercy = spades.Spades(full_game=True, win_threshold=100, use_mercy_rule=False)
    assert no_mercy.game_winners((-400, 90, -400, 90)) == ()  # no mercy: play on
    assert no_mercy.game_winners((-400, 100, -400, 100)) == (1, 3)


def bid_state(game: Any, scores: tuple[int, ...], bids: tuple[int, ...]) -> Any:
    state = game.new_game(seed=2, scores=scores)
    for bid in bids:
        state = game.apply(state, spades.Bid(bid))
    assert state.phase is None and state.payload == bids
    return state


def test_contracts_nils_and_bags_as_openspiel_scores_them() -> None:
    game = spades.Spades(full_game=True)
    state = bid_state(game, (97, 0, 97, 0), (3, 4, 2, 0))
    # North-South bid 5, took 8: 50 and 3 bags, their 7 earlier bags make ten: -100.
    # East-West bid 4 and a Nil, took 5 with one by the Nil: 40, 1 bag, -100.
    assert game.score_deal(state, (5, 4, 3, 1)) == (-47, -59, -47, -59)
    # Set: fewer tricks than bid lose ten a trick bid; a Nil made is 100.
    assert game.score_deal(state, (1, 5, 1, 0))[:2] == (-50, 41 + 100)
    # A negative total counts its bags as OpenSpiel's remainder does (toward zero).
    state = bid_state(game, (-13, 0, -13, 0), (3, 4, 2, 0))
    assert game.score_deal(state, (5, 4, 3, 1))[0] == 53
