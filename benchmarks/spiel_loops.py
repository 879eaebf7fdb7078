"""OpenSpiel games driven from Python the way their users drive them, for the
benchmarks that set the library beside them: random chance outcomes and random legal
actions, and hearts with ``pass_cards=false`` given its one meaningful first chance
outcome ("no pass") instead of a sampled pass direction.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

try:
    import pyspiel
except ImportError:  # pragma: no cover - the peer is optional
    pyspiel = None

__all__ = [
    "NO_PASS",
    "hearts",
    "hearts_positions",
    "new_state",
    "per_second",
    "play_chance",
    "play_to_end",
    "pyspiel",
]

NO_PASS = 0
"""Hearts' first chance outcome when cards are not passed."""


def hearts() -> Any:
    """OpenSpiel's hearts without passing (one game is one hand)."""
    return pyspiel.load_game("hearts", {"pass_cards": False})


def new_state(game: Any) -> Any:
    """A new initial state; hearts without passing gets "no pass" at once."""
    state = game.new_initial_state()
    if game.get_type().short_name == "hearts" and not game.get_parameters()["pass_cards"]:
        state.apply_action(NO_PASS)
    return state


def play_chance(state: Any, pick: Callable[[], float]) -> None:
    """Random outcomes while ``state`` is at a chance node."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[int(pick() * len(outcomes))][0])


def play_to_end(state: Any, pick: Callable[[], float]) -> int:
    """Random chance outcomes and actions to the end; the number of decisions."""
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            play_chance(state, pick)
        else:
            actions = state.legal_actions()
            state.apply_action(actions[int(pick() * len(actions))])
            decisions += 1
    return decisions


def hearts_positions(count: int, plays: tuple[int, int], seed: int) -> list[Any]:
    """``count`` hearts hands dealt at random and played at random for ``plays[0]`` to
    ``plays[1]`` cards."""
    game = hearts()
    pick = random.Random(seed)
    states = []
    for _ in range(count):
        state = new_state(game)
        play_chance(state, pick.random)
        for _ in range(pick.randint(*plays)):
            state.apply_action(pick.choice(state.legal_actions()))
        states.append(state)
    return states


def per_second(game: Any, budget: float, seed: int, *, count: str) -> float:
    """Random games of ``game`` for ``budget`` seconds: games per second
    (``count="games"``) or decisions per second (``count="decisions"``)."""
    pick = random.Random(seed).random
    games = decisions = 0
    began = time.perf_counter()
    while True:
        decisions += play_to_end(new_state(game), pick)
        games += 1
        elapsed = time.perf_counter() - began
        if elapsed >= budget:
            return (games if count == "games" else decisions) / elapsed
