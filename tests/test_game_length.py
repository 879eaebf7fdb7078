"""How long a game can last: ``Game.length_bound()`` (``None`` for Cramps and Craits,
whose rules set no bound; a number worked out from the rules for the Hearts example)
and ``Game.move_cap()``, the number of moves a host allows a game
(``DEFAULT_MOVE_CAP`` when there is no bound)."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pytest

import cardrules as cr
from cardrules import arena
from cardrules.games.crazy_eights import rules as crazy_eights
from cardrules.games.hearts import rules as hearts

UNBOUNDED: dict[str, cr.Game[Any, Any, Any]] = {
    "cramps": cr.Cramps(),
    "cramps-21": cr.Cramps(target=21, trick_values=(1,) + (-1,) * 12, queen_points=0),
    "craits": cr.Craits(),
    "craits-short": cr.Craits(players=3, short_game=True),
    "crazy-eights": crazy_eights.CrazyEights(),
}


@pytest.mark.parametrize("name", UNBOUNDED)
def test_games_without_a_bound_are_capped_at_the_default(name: str) -> None:
    game = UNBOUNDED[name]
    assert game.length_bound() is None
    assert game.move_cap() == cr.DEFAULT_MOVE_CAP == 100_000


def test_the_arena_caps_games_at_the_same_number() -> None:
    assert arena.MAX_MOVES == cr.DEFAULT_MOVE_CAP


# -- Cramps: a shared top total plays on, round after round ------------------------------


def test_a_cramps_game_can_outlast_any_bound_the_target_suggests() -> None:
    """The four totals gain 10 a round, so someone has 31 after 13 rounds; yet a game
    can go on: whenever the highest total is shared another round is played (C11).
    Each round here is one of the random ways to play it that does not end the game;
    the game is still on after 30 rounds, 1,560 moves."""
    game = cr.Cramps()
    state = game.new_game(seed=3)
    chooser = random.Random(1)
    moves = 0
    while state.round_number <= 30:
        start = state
        for _ in range(2000):
            played, state = 0, start
            while state.round_number == start.round_number and not state.is_over:
                state = game.apply(state, chooser.choice(game.legal_moves(state)))
                played += 1
            if not state.is_over:
                break
        assert not state.is_over, f"no way found to play round {start.round_number} on"
        assert played == 52  # every round is 52 moves
        moves += played
        totals = state.scores
        assert sum(totals) == 10 * (state.round_number - 1)  # C10
        if max(totals) >= game.target:  # so the top total is shared
            assert totals.count(max(totals)) > 1
    assert moves == 30 * 52 > 13 * 52


# -- Craits: players can keep a hand going for ever --------------------------------------


def keep_the_hand_going(game: cr.Craits, state: Any, moves: int) -> Any:
    """Play ``moves`` moves in which nobody ever says "one card" and everybody calls
    "idiot" whenever they can (K17), so nobody is ever left to play a last card."""
    chooser = random.Random(moves)
    for _ in range(moves):
        calls = [call for seat in range(game.players) for call in game.calls(state, seat)]
        move: cr.Move
        if calls:
            move = calls[0]
        else:
            legal = game.legal_moves(state)
            keep = [
                move
                for move in legal
                if not (isinstance(move, cr.Play) and move.announce)
                and not (isinstance(move, cr.Play) and len(state.hands[state.to_move]) == 1)
            ]
            move = chooser.choice(keep or legal)
        state = game.apply(state, move)
        assert state.hand_number == 1 and not state.is_over
    return state


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 2},
        {"players": 7},
        {"idiot_calls": "automatic"},
        {"idiot_penalty": "draw_one", "continue_after_count_out": True},
        {"players": 3, "short_game": True, "remove_kings_queens": True},
    ],
    ids=repr,
)
def test_a_craits_hand_can_outlast_any_bound(options: dict[str, Any]) -> None:
    """2,000 moves of the first hand (random games last about 1,100 moves in all) and
    the hand goes on: the stock keeps being refilled from the discard pile (K19), and
    each penalty doubles the last."""
    game = cr.Craits(**options)
    state = keep_the_hand_going(game, game.new_game(seed=5, dealer=0), 2000)
    assert any(state.penalties)  # the stock ran out and was refilled, again and again
    assert game.move_cap() == cr.DEFAULT_MOVE_CAP  # no bound: length_bound() is None


# -- Hearts (examples/hearts.py): its games end, within a number of hands ----------------


def hands_needed(target: int) -> int:
    """The last hand a Hearts game can reach, from the rules: each hand adds at least
    26 points to the sum of the totals, so someone has at least the mean, rounded up."""
    return next(h for h in itertools.count(1) if math.ceil(26 * h / 4) >= target)


def test_the_hearts_example_sets_no_bound_and_keeps_the_default_cap() -> None:
    game = hearts.Hearts()
    assert game.length_bound() is None and game.move_cap() == cr.DEFAULT_MOVE_CAP


@pytest.mark.parametrize(("target", "games"), [(13, 60), (30, 40), (100, 8)])
def test_no_hearts_game_outlasts_its_hands(target: int, games: int) -> None:
    """With passing, 52 plays and at most 12 passes a hand."""
    game = hearts.Hearts(target=target)
    for seed in range(games):
        chooser, state, moves = random.Random(seed), game.new_game(seed=seed), 0
        while not state.is_over:
            state = game.apply(state, chooser.choice(game.legal_moves(state)))
            moves += 1
        assert state.round_number <= hands_needed(target)
        assert moves <= 64 * state.round_number
