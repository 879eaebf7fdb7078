"""ISMCTS iterations per second against OpenSpiel's Python ISMCTS, in one run.

Both searches get the same budget of iterations per decision and the same rollout
policy (uniformly random moves to the end of the hand), from the same kind of
positions: a hand of hearts dealt at random and played at random for 1 to 40 cards,
decided by the seat to move. Ours is :class:`cardrules.bots.ISMCTSBot` on OpenSpiel's
Hearts without passing (``cr.Hearts.openspiel(pass_cards=False)``) and on Cramps; OpenSpiel's is
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with a one-rollout
``RandomRolloutEvaluator`` on its ``hearts`` (``pass_cards=false``). The rounds
alternate between the sides; the ratio is the median of the per-round ratios.

    python benchmarks/search.py
    python benchmarks/search.py --positions 10 --iterations 300 --rounds 5
    python benchmarks/search.py --quick          # does it run? (CI)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import spiel_loops

import cardrules as cr
from cardrules.bots import ISMCTSBot
from cardrules.games.hearts import rules as hearts

if spiel_loops.pyspiel is not None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts


def our_positions(game: Any, count: int) -> list[Any]:
    pick = random.Random(4)
    states = []
    for seed in range(count):
        state = game.new_game(seed=seed)
        for _ in range(pick.randrange(1, 41)):
            state = game.apply(state, pick.choice(game.legal_moves(state)))
        states.append(state)
    return states


def time_ours(game: Any, states: list[Any], iterations: int) -> float:
    """Seconds per iteration of our ISMCTS over the positions."""
    bot = ISMCTSBot(iterations=iterations)
    began = time.perf_counter()
    for seed, state in enumerate(states):
        view = game.observe(state, state.to_move)
        bot.choose(game, view, game.legal_moves(state), seed)
    return (time.perf_counter() - began) / (len(states) * iterations)


def time_theirs(states: list[Any], iterations: int) -> float:
    """Seconds per iteration of OpenSpiel's Python ISMCTS over the positions."""
    game = states[0].get_game()
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=evaluator,
        uct_c=0.7,
        max_simulations=iterations,
        random_state=np.random.RandomState(2),
    )
    began = time.perf_counter()
    for state in states:
        bot.step(state)
    return (time.perf_counter() - began) / (len(states) * iterations)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="tiny sizes (CI)")
    args = parser.parse_args(argv)
    positions, iterations, rounds = args.positions, args.iterations, args.rounds
    if args.quick:
        positions, iterations, rounds = 2, 10, 1
    if min(positions, iterations, rounds) < 1:
        parser.error("positions, iterations and rounds must be at least 1")
    ours = {
        "Hearts (OpenSpiel preset)": (
            hearts.Hearts.openspiel(pass_cards=False),
            our_positions(hearts.Hearts.openspiel(pass_cards=False), positions),
        ),
        "Cramps": (cr.Cramps(), our_positions(cr.Cramps(), positions)),
    }
    theirs = (
        spiel_loops.hearts_positions(positions, (1, 40), 4)
        if spiel_loops.pyspiel is not None
        else []
    )
    figures: dict[str, list[float]] = {name: [] for name in ours}
    figures["OpenSpiel hearts"] = []
    for _ in range(rounds):
        for name, (game, states) in ours.items():
            figures[name].append(time_ours(game, states, iterations))
        if theirs:
            figures["OpenSpiel hearts"].append(time_theirs(theirs, iterations))
    for name, values in figures.items():
        if not values:
            print(f"{name:<18} (OpenSpiel is not installed: pip install open_spiel)")
            continue
        line = f"{name:<18} {1 / statistics.median(values):8,.0f} iterations/s"
        if theirs and name != "OpenSpiel hearts":
            ratios = [t / o for o, t in zip(values, figures["OpenSpiel hearts"], strict=True)]
            line += f"   {statistics.median(ratios):.2f}x OpenSpiel's (target at least 2x)"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
