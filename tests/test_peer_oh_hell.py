"""Oh Hell's OpenSpiel preset (``cr.OhHell.openspiel(**params)``) plays OpenSpiel's
``oh_hell`` exactly, under every parameter set below: the two are played in lockstep on
the deals cardrules makes (OpenSpiel's chance nodes fed the number of tricks, the
dealer, the hands and the turned-up card of the cardrules deal), the same random choices
fed to both, and at every step the player to move and the legal moves (as OpenSpiel's
action ids) agree, and at the end the returns are the cardrules scores.

Each parameter set plays ``CARDRULES_PEER_DEALS`` deals (100 by default, a few seconds
in all); set it higher to play more, e.g. ``CARDRULES_PEER_DEALS=5000``.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import cardrules as cr
from cardrules.games.oh_hell import rules as oh_hell
from cardrules.moves import Play

pyspiel = pytest.importorskip("pyspiel")


DEALS = int(os.environ.get("CARDRULES_PEER_DEALS", "100"))

PARAMETER_SETS = [
    {},
    {"players": 4, "off_bid_penalty": True, "points_per_trick": 2},
    {"players": 5, "num_suits": 3, "num_cards_per_suit": 7},
    {"players": 7, "num_suits": 2, "num_cards_per_suit": 13, "num_tricks_fixed": 3},
    {"players": 3, "num_suits": 1, "num_cards_per_suit": 5, "off_bid_penalty": True},
    {"players": 6, "num_tricks_fixed": 8},
    {"players": 4, "off_bid_penalty": True, "points_per_trick": -2, "num_cards_per_suit": 9},
]


def openspiel_game(parameters: dict[str, Any]) -> Any:
    text = ",".join(f"{k}={str(v).lower()}" for k, v in parameters.items())
    return pyspiel.load_game(f"oh_hell({text})")


def deal_openspiel(spiel_game: Any, game: Any, state: Any) -> Any:
    """OpenSpiel's state after its chance nodes, fed the deal of the cardrules ``state``:
    the tricks, the dealer, the cards (OpenSpiel deals card ``k`` to seat ``k % n``),
    then the turned-up card."""
    spiel = spiel_game.new_initial_state()
    spiel.apply_action(state.hand_size)
    spiel.apply_action(state.dealer)
    hands = [list(hand) for hand in state.hands]
    for k in range(game.players * state.hand_size):
        card = hands[k % game.players].pop()
        spiel.apply_action(game.move_id(Play(card)))
    spiel.apply_action(game.move_id(Play(state.turned_up)))
    return spiel


def play_both(
    spiel_game: Any, game: Any, seed: int, choose: Any = None
) -> tuple[Any, Any, list[Any]]:
    """Play one deal in lockstep, comparing as it goes; the final states and the moves."""
    chooser = random.Random(seed)
    state = game.new_game(seed=seed)
    spiel = deal_openspiel(spiel_game, game, state)
    moves = []
    while not state.is_over:
        assert not spiel.is_terminal() and not spiel.is_chance_node()
        assert spiel.current_player() == state.to_move
        legal = game.legal_moves(state)
        ids = sorted(game.move_id(move) for move in legal)
        assert ids == sorted(spiel.legal_actions()), (state.phase, state.payload)
        move = (choose or chooser.choice)(legal)
        assert game.move_from_id(game.move_id(move)) == move
        spiel.apply_action(game.move_id(move))
        state = game.apply(state, move)
        moves.append(move)
    assert spiel.is_terminal()
    assert tuple(int(value) for value in spiel.returns()) == state.scores
    return state, spiel, moves


@pytest.mark.parametrize("parameters", PARAMETER_SETS, ids=lambda p: str(p) or "defaults")
def test_random_deals_play_as_openspiel_plays_them(parameters: dict[str, Any]) -> None:
    game = cr.OhHell.openspiel(**parameters)
    spiel_game = openspiel_game(parameters)
    assert game.num_move_ids == spiel_game.num_distinct_actions()
    sizes, dealers, steps = set(), set(), 0
    for seed in range(DEALS):
        state, _, moves = play_both(spiel_game, game, seed)
        sizes.add(state.hand_size)
        dealers.add(state.dealer)
        steps += len(moves)
        assert len(moves) == game.players * (state.hand_size + 1)
    assert dealers == set(range(game.players))  # the dealer is drawn
    if "num_tricks_fixed" in parameters:
        assert sizes == {parameters["num_tricks_fixed"]}
    else:  # the number of tricks is drawn
        assert sizes == set(range(1, game.max_tricks() + 1))


def test_the_dealer_may_not_bid_the_tricks_left() -> None:
    game = cr.OhHell.openspiel(num_tricks_fixed=5)
    spiel_game = openspiel_game({"num_tricks_fixed": 5})
    state = game.new_game(seed=3, dealer=2)
    spiel = deal_openspiel(spiel_game, game, state)
    for bid in (1, 2):  # seats 0 and 1 bid 3 between them: the dealer may not bid 2
        state = game.apply(state, oh_hell.Bid(bid))
        spiel.apply_action(game.move_id(oh_hell.Bid(bid)))
    assert state.to_move == 2
    assert [move.tricks for move in game.legal_moves(state)] == [0, 1, 3, 4, 5]
    assert sorted(spiel.legal_actions()) == [len(game.deck()) + n for n in (0, 1, 3, 4, 5)]
    with pytest.raises(cr.IllegalMoveError, match="bid 2 is not allowed"):
        game.apply(state, oh_hell.Bid(2))
    with pytest.raises(cr.IllegalMoveError) as caught:
        game.apply(state, Play(state.hands[2][0]))
    assert caught.value.reason == "not_card_play_now"


def test_the_dealer_bids_freely_when_the_others_overbid() -> None:
    game = cr.OhHell.openspiel(num_tricks_fixed=5)
    spiel_game = openspiel_game({"num_tricks_fixed": 5})
    state = game.new_game(seed=4, dealer=2)
    spiel = deal_openspiel(spiel_game, game, state)
    for bid in (5, 4):
        state = game.apply(state, oh_hell.Bid(bid))
        spiel.apply_action(game.move_id(oh_hell.Bid(bid)))
    assert [move.tricks for move in game.legal_moves(state)] == [0, 1, 2, 3, 4, 5]
    assert sorted(spiel.legal_actions()) == [len(game.deck()) + n for n in range(6)]


def lowest_bid(legal: Any) -> Any:
    """Bid as low as allowed, play the first card."""
    return legal[0]


@pytest.mark.parametrize("off_bid_penalty", [False, True])
def test_all_bids_zero_and_the_penalty(off_bid_penalty: bool) -> None:
    parameters = {"players": 4, "off_bid_penalty": off_bid_penalty, "points_per_trick": 3}
    game = cr.OhHell.openspiel(**parameters)
    spiel_game = openspiel_game(parameters)
    penalised = 0
    for seed in range(40):
        state, _, moves = play_both(spiel_game, game, seed, choose=lowest_bid)
        assert [move.tricks for move in moves[:4]] == [0, 0, 0, 0]  # the dealer too
        penalised += any(score < 0 for score in state.scores)
    assert (penalised > 0) == off_bid_penalty


def test_the_turned_up_card_sets_trumps_and_is_no_ones() -> None:
    game = cr.OhHell.openspiel(num_tricks_fixed=4)
    state = game.new_game(seed=11)
    assert state.turned_up is not None
    assert all(state.turned_up not in hand for hand in state.hands)
    assert game.trump_of(state) == state.turned_up.suit
    assert sum(len(hand) for hand in state.hands) == 12
    view = game.observe(state, 0)
    assert view.turned_up == state.turned_up and view.phase == "bid"


def test_the_presets_parameters_are_openspiels() -> None:
    spec = next(kind for kind in pyspiel.registered_games() if kind.short_name == "oh_hell")
    assert dict(cr.OhHell.OPENSPIEL_PARAMETERS) == dict(spec.parameter_specification)
    assert cr.OhHell.openspiel().num_move_ids == pyspiel.load_game("oh_hell").num_distinct_actions()
