"""The library's games against OpenSpiel's games of the same name, per move, in one run.

Each game the library ships that OpenSpiel also has (Hearts, Spades, Oh Hell, Crazy
Eights, Euchre, Skat) is played at random through its OpenSpiel preset, ``cr.X.openspiel()``
(the rules OpenSpiel's code plays; the lockstep tests hold the two equal move for move),
game after game, and so is OpenSpiel's game (random chance outcomes and actions from
Python, as its users drive it), both under OpenSpiel's default parameters. The figure is
moves per second: for the library every ``apply`` of a player's move (dealing happens
inside), for OpenSpiel every ``apply_action`` of a player's decision (its chance nodes
are played too, but not counted as moves). Rounds alternate between the two sides; the
ratio is the median of the per-round ratios. Target: at least 0.7x OpenSpiel's C++ per
move.

    python benchmarks/peers.py                      # all six games
    python benchmarks/peers.py --only hearts euchre --rounds 5
    python benchmarks/peers.py --quick              # does it run? (CI)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import spiel_loops
from spiel_loops import pyspiel

import cardrules as cr

PEERS: dict[str, tuple[str, str, dict[str, Any]]] = {
    # game module: the library's class, OpenSpiel's game and the parameters both take
    "hearts": ("Hearts", "hearts", {}),
    "spades": ("Spades", "spades", {}),
    "oh_hell": ("OhHell", "oh_hell", {}),
    "crazy_eights": ("CrazyEights", "crazy_eights", {}),
    "euchre": ("Euchre", "euchre", {}),
    "skat": ("Skat", "skat", {}),
}


def preset_game(module_name: str) -> Any:
    """The library's game for OpenSpiel's of the same name: its preset with
    :data:`PEERS`' parameters, ``cr.X.openspiel(**parameters)``."""
    class_name, _, parameters = PEERS[module_name]
    rules: Any = getattr(cr, class_name)
    return rules.openspiel(**parameters)


def play_random_game(game: Any, seed: int, pick: Callable[[], float]) -> int:
    """One game of ``game`` from ``seed``, each move picked at random with ``pick``;
    the number of moves (each ``apply``)."""
    moves = 0
    state = game.new_game(seed=seed)
    while not state.is_over:
        legal = game.legal_moves(state)
        state = game.apply(state, legal[int(pick() * len(legal))])
        moves += 1
    return moves


def our_moves_per_second(game: Any, budget: float) -> float:
    pick = random.Random(1).random
    moves = 0
    seed = 0
    began = time.perf_counter()
    while True:
        moves += play_random_game(game, seed, pick)
        seed += 1
        elapsed = time.perf_counter() - began
        if elapsed >= budget:
            return moves / elapsed


def their_moves_per_second(name: str, params: dict[str, Any], budget: float) -> float:
    game = pyspiel.load_game(name, params)
    return spiel_loops.per_second(game, budget, 2, count="decisions")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", choices=sorted(PEERS), default=sorted(PEERS))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="per measurement")
    parser.add_argument("--quick", action="store_true", help="tiny sizes (CI)")
    args = parser.parse_args(argv)
    rounds, budget = (1, 0.05) if args.quick else (args.rounds, args.seconds)
    if rounds < 1 or budget <= 0:
        parser.error("rounds must be at least 1 and seconds positive")
    for module_name in args.only:
        game = preset_game(module_name)
        _, spiel_name, params = PEERS[module_name]
        ours, theirs = [], []
        for _ in range(rounds):
            ours.append(our_moves_per_second(game, budget))
            if pyspiel is not None:
                theirs.append(their_moves_per_second(spiel_name, params, budget))
        line = f"{module_name:<14} {statistics.median(ours):>10,.0f} moves/s"
        if theirs:
            ratio = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
            line += f"   OpenSpiel {statistics.median(theirs):>10,.0f}   {ratio:.2f}x"
            line += " (target at least 0.7x)"
        print(line)
    if pyspiel is None:
        print("(OpenSpiel is not installed: no ratios; pip install open_spiel)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
