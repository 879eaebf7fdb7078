"""The cost of keeping a game as a record, early in the game and deep into it: a server
appends each move (``record.then(move, state=state)``, the state it applied) and writes
the record (``to_json``) on every request. Both should cost the same at 2,000 moves as
at 10, but for the writing of the moves themselves.

The game is Craits for ten players with random moves (long games: 2,000 moves come
within the first hands). At each position it times, per move, over a run of ``--appends``
moves from that position on:

- ``then(state)``: ``record.then(move, state=state)`` alone;
- ``then(state) + to_json``: the same, then ``to_json()`` of the new record (what a
  server that keeps its records in memory pays per move; the record was written once
  before, as such a server's was);
- ``then + to_json``: ``record.then(move)`` without the state, then ``to_json()`` (the
  record replays the one new move);
- ``from_json + then(state) + to_json``: a server that keeps its records as JSON (and
  the state elsewhere, e.g. in a signed snapshot): reading the record unverified,
  appending, writing, per move;
- ``from_json + final_state``: reading the record (verified: replayed once) and asking
  for its final state, once per position (the whole game's replay).

The last two read every move's data, so they grow with the game by nature. It prints the
median of the rounds in microseconds and, for each, the median ratio of the cost at the
last position to that at the first (measured one after the other in each round).

    python benchmarks/records.py
    python benchmarks/records.py --moves 10 2000 --appends 50 --rounds 7
    python benchmarks/records.py --quick          # does it run? (CI)
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import cardrules as cr

GAME = cr.Craits(players=10)
TARGETS = {"then(state)": 1.5, "then(state) + to_json": 2.0, "then + to_json": 2.0}
"""The most that appending, and appending and writing, may cost at the deepest position
against the first (writing, but for the moves' own text, should not grow either)."""


def random_game(length: int, seed: int = 0) -> tuple[int, list[Any], list[Any]]:
    """The seed, the moves and the state after each move of a random game of at least
    ``length`` moves (the first seed from ``seed`` whose game lasts that long)."""
    pick = random.Random(seed)
    state = GAME.new_game(seed)
    moves: list[Any] = []
    states: list[Any] = []
    while len(moves) < length:
        if state.is_over:
            return random_game(length, seed + 1)
        move = pick.choice(GAME.legal_moves(state))
        state = GAME.apply(state, move)
        moves.append(move)
        states.append(state)
    return seed, moves, states


def served(moves: list[Any], states: list[Any], length: int, seed: int) -> cr.GameRecord:
    """The record of the first ``length`` moves, grown with their states."""
    record = cr.GameRecord.start(GAME, seed=seed)
    for move, state in zip(moves[:length], states[:length], strict=True):
        record = record.then(move, state=state)
    return record


Workload = Callable[[cr.GameRecord, list[Any], list[Any]], float]
"""Times a run of appends from a record: seconds per move."""


def then_state(record: cr.GameRecord, moves: list[Any], states: list[Any]) -> float:
    began = time.perf_counter()
    for move, state in zip(moves, states, strict=True):
        record = record.then(move, state=state)
    return (time.perf_counter() - began) / len(moves)


def then_state_json(record: cr.GameRecord, moves: list[Any], states: list[Any]) -> float:
    record.to_json()
    began = time.perf_counter()
    for move, state in zip(moves, states, strict=True):
        record = record.then(move, state=state)
        record.to_json()
    return (time.perf_counter() - began) / len(moves)


def then_json(record: cr.GameRecord, moves: list[Any], states: list[Any]) -> float:
    record.to_json()
    began = time.perf_counter()
    for move in moves:
        record = record.then(move)
        record.to_json()
    return (time.perf_counter() - began) / len(moves)


def stored(record: cr.GameRecord, moves: list[Any], states: list[Any]) -> float:
    text = record.to_json()
    began = time.perf_counter()
    for move, state in zip(moves, states, strict=True):
        text = cr.GameRecord.from_json(text, verify=False).then(move, state=state).to_json()
    return (time.perf_counter() - began) / len(moves)


def read(record: cr.GameRecord, moves: list[Any], states: list[Any]) -> float:
    text = record.to_json()
    began = time.perf_counter()
    cr.GameRecord.from_json(text).final_state()
    return time.perf_counter() - began


WORKLOADS: dict[str, Workload] = {
    "then(state)": then_state,
    "then(state) + to_json": then_state_json,
    "then + to_json": then_json,
    "from_json + then(state) + to_json": stored,
    "from_json + final_state": read,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, nargs="+", default=[10, 2000])
    parser.add_argument("--appends", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="tiny sizes (CI)")
    args = parser.parse_args(argv)
    positions = [10, 200] if args.quick else sorted(set(args.moves))
    appends, rounds = (5, 1) if args.quick else (args.appends, args.rounds)
    if positions[0] < 0 or appends < 1 or rounds < 1:
        parser.error("positions must be at least 0, appends and rounds at least 1")
    seed, moves, states = random_game(positions[-1] + appends)
    records = {position: served(moves, states, position, seed) for position in positions}
    times: dict[tuple[str, int], list[float]] = {}
    for _ in range(rounds):
        for name, workload in WORKLOADS.items():
            for position in positions:  # side by side, so that the load is alike
                # a record of its own each time: then() grows the longest one in place
                record = cr.GameRecord.from_json(records[position].to_json())
                ahead = slice(position, position + appends)
                gc.collect()
                spent = workload(record, moves[ahead], states[ahead])
                times.setdefault((name, position), []).append(spent)
    first, last = positions[0], positions[-1]
    where = ", ".join(map(str, positions))
    print(f"Craits, 10 players: microseconds per move at {where} moves (median of {rounds})")
    for name in WORKLOADS:
        medians = [statistics.median(times[name, position]) for position in positions]
        pairs = zip(times[name, last], times[name, first], strict=True)
        ratio = statistics.median(deep / early for deep, early in pairs)
        target = f"  (target at most {TARGETS[name]}x)" if name in TARGETS else ""
        cells = "".join(f"{median * 1e6:10.1f}" for median in medians)
        print(f"{name:34} {cells}   {last} / {first}: {ratio:5.2f}x{target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
