"""The cost of storing a game's state between requests, three ways: a signed snapshot
(``cardrules.snapshot``: JSON, loads without replaying or unpickling), a pickle (quick,
but unsafe to load from a store others can write to) and a record (read back by
replaying every move).

For Craits (four players) and Hearts, at a position ``--moves`` moves into a game of
random moves, it times writing and reading each form of that one position and prints
the median of ``--rounds`` rounds in microseconds, with the size of what is stored in
bytes and the cost of each against the pickle's.

    python benchmarks/snapshots.py
    python benchmarks/snapshots.py --moves 200 --calls 300 --rounds 9
    python benchmarks/snapshots.py --quick          # does it run? (CI)
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import cardrules as cr
from cardrules.snapshot import state_from_json, state_to_json

GAMES: dict[str, cr.Game[Any, Any, Any]] = {"craits": cr.Craits(), "hearts": cr.Hearts()}
KEY = b"a benchmark key"


def position(game: cr.Game[Any, Any, Any], moves: int) -> tuple[Any, cr.GameRecord]:
    """The state ``moves`` random moves into a game (or its end) and its record."""
    pick = random.Random(1)
    record = cr.GameRecord.start(game, seed=1)
    state = record.initial_state()
    for _ in range(moves):
        if state.is_over:
            break
        move = pick.choice(game.legal_moves(state))
        state = game.apply(state, move)
        record = record.then(move, state=state)
    return state, record


def forms(state: Any, record: cr.GameRecord) -> dict[str, tuple[Callable[[], Any], Any]]:
    """Each way to store the state: its write and its read (of what was written)."""
    snapshot = state_to_json(state, key=KEY)
    pickled = pickle.dumps(state)
    written = record.to_json(key=KEY)
    return {
        "snapshot": (
            lambda: state_to_json(state, key=KEY),
            lambda: state_from_json(snapshot, key=KEY),
        ),
        "pickle": (lambda: pickle.dumps(state), lambda: pickle.loads(pickled)),
        "record": (
            lambda: record.to_json(key=KEY),
            lambda: cr.GameRecord.from_json(written, key=KEY).final_state(),
        ),
    }


def timed(call: Callable[[], Any], calls: int) -> float:
    call()  # warm: the first read of a snapshot makes its rules object, kept for the next
    began = time.perf_counter()
    for _ in range(calls):
        call()
    return (time.perf_counter() - began) / calls


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=100, help="the position timed")
    parser.add_argument("--calls", type=int, default=200, help="calls per round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="tiny sizes (CI)")
    args = parser.parse_args(argv)
    calls, rounds = (3, 1) if args.quick else (args.calls, args.rounds)
    if args.moves < 0 or calls < 1 or rounds < 1:
        parser.error("moves must be at least 0, calls and rounds at least 1")
    for name, game in GAMES.items():
        state, record = position(game, args.moves)
        assert state_from_json(state_to_json(state, key=KEY), key=KEY) == state
        ways = forms(state, record)
        times: dict[tuple[str, int], list[float]] = {}
        for _ in range(rounds):  # interleaved, so that a slow moment hits every form
            for form, pair in ways.items():
                for which, call in enumerate(pair):
                    times.setdefault((form, which), []).append(timed(call, calls))
        median = {key: statistics.median(spent) for key, spent in times.items()}
        sizes = {
            "snapshot": len(state_to_json(state, key=KEY).encode("utf-8")),
            "pickle": len(pickle.dumps(state)),
            "record": len(record.to_json(key=KEY).encode("utf-8")),
        }
        print(f"{name}, {len(record.moves)} moves in: microseconds (x the pickle's), bytes")
        for form in ways:
            cells = []
            for index, side in enumerate(("write", "read")):
                spent, ratio = median[form, index], median[form, index] / median["pickle", index]
                cells.append(f"{side} {spent * 1e6:9.1f} ({ratio:5.1f}x)")
            print(f"  {form:9} {'   '.join(cells)}   {sizes[form]:7} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
