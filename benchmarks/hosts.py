"""What the learning-host adapters cost: a random game through PettingZoo, Gymnasium
and OpenSpiel against the same random game driven through the library directly.

Run from the repository root, with the adapters' frameworks installed (the ``test``
extra has them):

    python benchmarks/hosts.py               # Cramps and Craits (4 players), 20 games each
    python benchmarks/hosts.py --games 5 --quick

Each line is the cost per move of whole random games (moves chosen uniformly among
the legal ones) and its ratio to the library's own loop (``legal_moves``, a random choice,
``apply``). A second baseline, "library + encoding", drives the library directly but
also does the encoding work of a host (information states of every seat, the
observation of the seat to move as a NumPy array, the action mask), so that what the
adapters add beyond the encoding shows. The loops choose their moves in different
orders, so their games differ: the ratios are of the cost per move. Through a host the
loop is the host's usual one: PettingZoo's ``agent_iter``/``last``/``step`` with the
action mask, Gymnasium's ``reset``/``step`` (one seat, the others random bots: every
move of the game counts), OpenSpiel's
``legal_actions``/``apply_action`` with every chance outcome sampled from Python
(explicit chance: one chance node per card of each shuffle). The hosts' observations
are built as their users get them: PettingZoo's ``last()`` observes the agent to move;
OpenSpiel is timed without asking for observations, and again asking the information
state tensor of the player to move at every decision. The target of the adapters is
at most 2x.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import cardrules as cr

TARGET = 2.0


def library_game(game: Any, seed: int) -> int:
    """One random game through the library; returns the number of moves."""
    chooser = random.Random(seed)
    state = game.new_game(seed=seed)
    moves = 0
    while not state.is_over:
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
        moves += 1
    return moves


def encoded_game(game: Any, seed: int) -> int:
    """The same random game through the library, also doing what a host does for the
    seat to move: every seat's information state kept up to date, the observation as a
    NumPy array and the action mask (what the adapters cost beyond the encoding is the
    difference between this and them)."""
    import numpy as np

    from cardrules.encoding import encoder_for

    encoder = encoder_for(game)
    chooser = random.Random(seed)
    step = game.start(seed=seed)
    infos = encoder.info_states(step.state)
    moves = 0
    while not step.state.is_over:
        state = step.state
        np.asarray(infos[state.to_move].observation, dtype=np.float32)
        mask = np.zeros(game.num_move_ids, dtype=np.int8)
        legal = game.legal_move_ids(state)
        mask[list(legal)] = 1
        step = game.step(state, game.move_from_id(chooser.choice(legal)))
        infos = encoder.after(infos, step)
        moves += 1
    return moves


def pettingzoo_game(env: Any, seed: int) -> int:
    """One random game through the PettingZoo environment (masks sampled in Python)."""
    chooser = random.Random(seed)
    env.reset(seed=seed)
    moves = 0
    for _ in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        env.step(chooser.choice(observation["action_mask"].nonzero()[0].tolist()))
        moves += 1
    return moves


def gymnasium_game(env: Any, seed: int) -> int:
    """One random game through the Gymnasium environment (the agent and bots random)."""
    chooser = random.Random(seed)
    _, info = env.reset(seed=seed)
    done = False
    while not done:
        action = chooser.choice(info["action_mask"].nonzero()[0].tolist())
        _, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    moves: int = env.table.moves  # the agent's and the bots'
    return moves


def openspiel_game(game: Any, seed: int, *, information: bool = False) -> int:
    """One random game through the OpenSpiel game, chance sampled from Python."""
    chooser = random.Random(seed)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions = [action for action, _ in outcomes]
            weights = [chance for _, chance in outcomes]
            state.apply_action(chooser.choices(actions, weights)[0])
        else:
            if information:
                state.information_state_tensor(state.current_player())
            state.apply_action(chooser.choice(state.legal_actions()))
            moves += 1
    return moves


def timed(play: Callable[[int], int], games: int) -> tuple[float, float]:
    """Seconds per move (the best of three passes over ``games`` seeded games) and the
    mean number of moves per game."""
    passes = []
    moves = 0
    for _ in range(3):
        start = time.perf_counter()
        moves = sum(play(seed) for seed in range(games))
        passes.append(time.perf_counter() - start)
    return min(passes) / moves, moves / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per measurement")
    parser.add_argument("--quick", action="store_true", help="2 games: does it run?")
    args = parser.parse_args(argv)
    games = 2 if args.quick else args.games
    rows: list[tuple[str, str, tuple[float, float], float]] = []
    for rules in (cr.Cramps(), cr.Craits(players=4)):
        label = f"{rules.name} {rules.players}p"
        base = timed(partial(library_game, rules), games)
        rows.append((label, "library", base, 1.0))
        try:
            cost = timed(partial(encoded_game, rules), games)
            rows.append((label, "library + encoding", cost, cost[0] / base[0]))
        except ImportError as missing:
            print(f"numpy: not installed ({missing})")
        try:
            from cardrules.hosts.pettingzoo import CardGameEnv

            env = CardGameEnv(rules)
            cost = timed(partial(pettingzoo_game, env), games)
            rows.append((label, "pettingzoo", cost, cost[0] / base[0]))
        except ImportError as missing:
            print(f"pettingzoo: not installed ({missing})")
        try:
            from cardrules.bots import RandomBot
            from cardrules.hosts.gymnasium import CardGameSoloEnv

            solo = CardGameSoloEnv(rules, opponents=[RandomBot()] * (rules.players - 1))
            cost = timed(partial(gymnasium_game, solo), games)
            rows.append((label, "gymnasium", cost, cost[0] / base[0]))
        except ImportError as missing:
            print(f"gymnasium: not installed ({missing})")
        try:
            from cardrules.hosts.openspiel import load_game

            spiel = load_game(rules)
            cost = timed(partial(openspiel_game, spiel), games)
            rows.append((label, "openspiel", cost, cost[0] / base[0]))
            cost = timed(partial(openspiel_game, spiel, information=True), games)
            rows.append((label, "openspiel + info tensor", cost, cost[0] / base[0]))
        except ImportError as missing:
            print(f"openspiel: not installed ({missing})")
    print(
        f"{'game':<10} {'through':<24} {'us/move':>8} {'moves/game':>11} {'ratio':>7}"
        f"  target <= {TARGET}x"
    )
    for label, host, (per_move, moves), ratio in rows:
        verdict = "" if host.startswith("library") else ("met" if ratio <= TARGET else "NOT met")
        print(
            f"{label:<10} {host:<24} {per_move * 1e6:>8.2f} {moves:>11.1f} {ratio:>6.2f}x  "
            f"{verdict}"
        )
    ratios = [ratio for _, host, _, ratio in rows if not host.startswith("library")]
    if ratios:
        print(f"median ratio over the hosts: {statistics.median(ratios):.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
