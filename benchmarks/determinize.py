"""Determinization against OpenSpiel's resampling, in one run, interleaved.

A search bot that samples the hidden cards (ISMCTS, PIMC) pays this once per iteration.
For Cramps it times ``game.determinize(view, seed)`` on mid-round views (random games
stopped after 1 to 47 plays, seen by the seat to move: most have voids), ten calls per
view as a search makes them; for OpenSpiel's ``hearts`` (``pass_cards=false``) it times
``state.resample_from_infostate(player, sampler)`` on mid-hand states reached the same
way. It prints microseconds per call and the ratio, the median of interleaved rounds.

    python benchmarks/determinize.py
    python benchmarks/determinize.py --positions 500 --rounds 7
    python benchmarks/determinize.py --quick          # does it run? (CI)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import spiel_loops
from spiel_loops import pyspiel

import cardrules as cr

CALLS_PER_POSITION = 10


def cramps_views(count: int) -> list[cr.CrampsView]:
    game = cr.Cramps()
    pick = random.Random(1)
    views = []
    for seed in range(count):
        state = game.new_game(seed=seed)
        for _ in range(pick.randrange(1, 48)):
            state = game.apply(state, pick.choice(game.legal_moves(state)))
        assert state.to_move is not None
        views.append(game.observe(state, state.to_move))
    return views


def time_cramps(views: list[cr.CrampsView]) -> float:
    game = cr.Cramps()
    began = time.perf_counter()
    for view in views:
        for seed in range(CALLS_PER_POSITION):
            game.determinize(view, seed)
    return (time.perf_counter() - began) / (len(views) * CALLS_PER_POSITION)


def time_hearts(states: list[Any]) -> float:
    draw = random.Random(2).random
    began = time.perf_counter()
    for state in states:
        player = state.current_player()
        for _ in range(CALLS_PER_POSITION):
            state.resample_from_infostate(player, draw)
    return (time.perf_counter() - began) / (len(states) * CALLS_PER_POSITION)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="tiny sizes (CI)")
    args = parser.parse_args(argv)
    positions, rounds = (20, 1) if args.quick else (args.positions, args.rounds)
    if positions < 1 or rounds < 1:
        parser.error("positions and rounds must be at least 1")
    views = cramps_views(positions)
    states = spiel_loops.hearts_positions(positions, (1, 47), 1) if pyspiel is not None else []
    ours, theirs = [], []
    for _ in range(rounds):
        ours.append(time_cramps(views))
        if states:
            theirs.append(time_hearts(states))
    print(f"Cramps determinize                  {statistics.median(ours) * 1e6:8.1f} us a call")
    if theirs:
        print(f"OpenSpiel hearts resample_from_infostate {statistics.median(theirs) * 1e6:6.1f} us")
        ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
        print(f"ratio (ours / theirs, target at most 1.5x)  {statistics.median(ratios):.2f}x")
    else:
        print("(OpenSpiel is not installed: no ratio; pip install open_spiel)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
