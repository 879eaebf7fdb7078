"""Speed of the cardrules hot paths: random hands and games, legal_moves and apply.

A standalone script with no harness to install: every benchmark runs its workload
several times with :func:`time.perf_counter` and the table shows the best and the
median run. Moves are chosen by a seeded :class:`random.Random`, so every run does the
same work.

    python benchmarks/bench.py            # full sizes (about fifteen seconds)
    python benchmarks/bench.py --quick    # tiny sizes, for CI: checks that it runs
    python benchmarks/bench.py --json     # machine-readable results

To benchmark another game, add an entry to :data:`SUITES`: a factory for its rules
object and the benchmark functions that apply to it (the generic ones work for any
:class:`cardrules.Game`).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import cardrules as cr

AnyGame = Any
"""A rules object (``cr.Cramps()``, …): anything with new_game, legal_moves and apply."""

MAX_MOVES = 1_000_000
"""A random game longer than this is taken as a bug (it would never end)."""


@dataclass(frozen=True)
class Sizes:
    """How much work each benchmark does per run, and how many runs."""

    repeats: int
    hands: int
    games: int
    samples: int


FULL = Sizes(repeats=7, hands=1000, games=100, samples=10000)
QUICK = Sizes(repeats=2, hands=5, games=2, samples=200)


@dataclass(frozen=True)
class Result:
    """One benchmark's runs: ``values`` per run in ``unit``; higher is better when
    ``higher_is_better``."""

    game: str
    name: str
    unit: str
    values: tuple[float, ...]
    higher_is_better: bool

    @property
    def best(self) -> float:
        """The best run."""
        return max(self.values) if self.higher_is_better else min(self.values)

    @property
    def median(self) -> float:
        """The median run."""
        return statistics.median(self.values)


Benchmark = Callable[[str, AnyGame, Sizes], Result]


def _timed(repeats: int, run: Callable[[], object]) -> list[float]:
    """Seconds taken by each of ``repeats`` calls of ``run``."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return times


def _random_game(game: AnyGame, seed: int) -> Any:
    """Play a whole game from ``seed`` with seeded random moves; return the final state."""
    legal_moves, apply = game.legal_moves, game.apply
    pick = random.Random(seed).random
    state = game.new_game(seed=seed)
    for _ in range(MAX_MOVES):
        if state.is_over:
            return state
        moves = legal_moves(state)
        state = apply(state, moves[int(pick() * len(moves))])
    raise RuntimeError(f"a random {type(game).__name__} game (seed {seed}) did not end")


def _sample_positions(game: AnyGame, count: int) -> list[tuple[Any, Any]]:
    """``count`` (state, legal move) pairs taken from random games, spread over them."""
    positions: list[tuple[Any, Any]] = []
    seed = 0
    while len(positions) < count:
        pick = random.Random(seed).random
        state = game.new_game(seed=seed)
        for _ in range(MAX_MOVES):
            if state.is_over or len(positions) >= count:
                break
            moves = game.legal_moves(state)
            move = moves[int(pick() * len(moves))]
            if pick() < 0.25:  # keep about one position in four, from every phase
                positions.append((state, move))
            state = game.apply(state, move)
        seed += 1
    return positions


# -- generic benchmarks: any game ----------------------------------------------------


def bench_legal_moves(name: str, game: AnyGame, sizes: Sizes) -> Result:
    """Mean cost of ``game.legal_moves`` on positions sampled from random games."""
    states = [state for state, _ in _sample_positions(game, sizes.samples)]
    legal_moves = game.legal_moves

    def run() -> None:
        for state in states:
            legal_moves(state)

    times = _timed(sizes.repeats, run)
    return Result(name, "legal_moves", "µs/call", _per_call(times, len(states)), False)


def bench_apply(name: str, game: AnyGame, sizes: Sizes) -> Result:
    """Mean cost of ``game.apply`` for a legal move on positions sampled from random
    games."""
    positions = _sample_positions(game, sizes.samples)
    apply = game.apply

    def run() -> None:
        for state, move in positions:
            apply(state, move)

    times = _timed(sizes.repeats, run)
    return Result(name, "apply", "µs/call", _per_call(times, len(positions)), False)


def bench_games(name: str, game: AnyGame, sizes: Sizes) -> Result:
    """Whole random games per second, from the deal to the end."""

    def run() -> None:
        for seed in range(sizes.games):
            _random_game(game, seed)

    times = _timed(sizes.repeats, run)
    return Result(name, "random games", "games/s", _per_second(times, sizes.games), True)


# -- Cramps ----------------------------------------------------------------------------


def bench_cramps_hands(name: str, game: AnyGame, sizes: Sizes) -> Result:
    """Whole random Cramps hands per second: a deal (``new_game``) and 52 random plays."""
    new_game, legal_moves, apply = game.new_game, game.legal_moves, game.apply

    def run() -> None:
        pick = random.Random(0).random
        for seed in range(sizes.hands):
            state = new_game(seed=seed)
            for _ in range(52):
                moves = legal_moves(state)
                state = apply(state, moves[int(pick() * len(moves))])

    times = _timed(sizes.repeats, run)
    return Result(name, "random hands", "hands/s", _per_second(times, sizes.hands), True)


def _per_call(times: Sequence[float], calls: int) -> tuple[float, ...]:
    return tuple(seconds / calls * 1e6 for seconds in times)


def _per_second(times: Sequence[float], count: int) -> tuple[float, ...]:
    return tuple(count / seconds for seconds in times)


SUITES: dict[str, tuple[Callable[[], AnyGame], tuple[Benchmark, ...]]] = {
    "cramps": (
        cr.Cramps,
        (bench_cramps_hands, bench_legal_moves, bench_apply, bench_games),
    ),
    "craits": (cr.Craits, (bench_legal_moves, bench_apply, bench_games)),
}
"""Per game: a factory for the rules object and the benchmarks to run on it."""


def run_suites(games: Sequence[str], sizes: Sizes, *, table: bool = True) -> list[Result]:
    """Run the benchmarks of ``games``; with ``table``, print each result as it comes."""
    results = []
    if table:
        print(_row("game", "benchmark", "best", "median", "unit"))
        print(_row("-" * 6, "-" * 14, "-" * 12, "-" * 12, "-" * 8))
    for name in games:
        factory, benchmarks = SUITES[name]
        game = factory()
        for benchmark in benchmarks:
            result = benchmark(name, game, sizes)
            results.append(result)
            if table:
                best, median = _num(result.best), _num(result.median)
                print(_row(name, result.name, best, median, result.unit), flush=True)
    return results


def _row(game: str, name: str, best: str, median: str, unit: str) -> str:
    return f"{game:<8}{name:<16}{best:>12}  {median:>12}  {unit}"


def _num(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:,.2f}"


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the benchmarks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes (for CI)")
    parser.add_argument(
        "--game",
        action="append",
        choices=sorted(SUITES),
        help="benchmark only this game (may be repeated; default: all)",
    )
    parser.add_argument("--repeats", type=int, help="runs per benchmark (default 7, quick 2)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)

    sizes = QUICK if args.quick else FULL
    if args.repeats is not None:
        if args.repeats < 1:
            parser.error("--repeats must be at least 1")
        sizes = Sizes(args.repeats, sizes.hands, sizes.games, sizes.samples)
    games = args.game or list(SUITES)
    if args.json:
        results = run_suites(games, sizes, table=False)
        data = [
            {
                "game": r.game,
                "benchmark": r.name,
                "unit": r.unit,
                "best": r.best,
                "median": r.median,
                "runs": list(r.values),
            }
            for r in results
        ]
        print(json.dumps({"cardrules": cr.__version__, "results": data}, indent=2))
        return 0
    print(
        f"cardrules {cr.__version__} on {platform.python_implementation()} "
        f"{platform.python_version()}: {sizes.repeats} runs each, best and median"
        f"{' (quick sizes: not meaningful numbers)' if args.quick else ''}"
    )
    run_suites(games, sizes)
    print(
        f"hands/s and games/s: whole random hands and games; µs/call: mean over "
        f"{sizes.samples:,} positions sampled from random games"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
