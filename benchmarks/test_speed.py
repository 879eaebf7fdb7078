"""The speed benchmarks of ``bench.py`` under pytest-benchmark.

Each test runs one workload of ``bench.py`` (the same code, the same seeded moves),
timed by pytest-benchmark's pedantic mode: one warm-up round, then ``repeats`` rounds.
pytest-benchmark prints its statistics table (and can save, compare and plot runs:
``--benchmark-autosave``, ``--benchmark-compare``, ``--benchmark-histogram``); at the
end the comparisons with the peers are printed as ratios ours / theirs.

    pip install -e ".[bench]"
    pytest benchmarks/test_speed.py                       # full sizes
    pytest benchmarks/test_speed.py --bench-quick --benchmark-disable   # does it run?

A round is one whole workload (1,000 hands, 10,000 calls, …), so the times in
pytest-benchmark's table are per workload; the figures per hand or per call are in
each test's ``extra_info`` (``--benchmark-json``) and in ``bench.py``'s own table.
Memory is measured by ``bench.py`` only (it is not a timing).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from typing import Any

import bench
import pytest

OURS = [
    pytest.param(game, measure, id=f"{game}-{measure.__name__.removeprefix('bench_')}")
    for game, suite in bench.SUITES.items()
    for measure in (*suite.benchmarks, bench.bench_children)
]
PEERS = [
    pytest.param(peer, measure, id=f"{peer.replace(' ', '-')}-{measure.__name__}")
    for peer, measure in bench.PEER_BENCHMARKS
]


@pytest.fixture
def timed_by_pytest_benchmark(benchmark: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``bench._timed`` hand its workload to pytest-benchmark."""

    def timed(repeats: int, run: Callable[[], object]) -> Sequence[float]:
        if benchmark.disabled:  # --benchmark-disable: pytest-benchmark runs it once, untimed
            times: list[float] = []
            benchmark.pedantic(lambda: times.extend(bench.time_runs(1, run)))
            return times
        # As in bench.py: a collection before each round, the collector on during it.
        benchmark.pedantic(run, setup=_collect, rounds=repeats, warmup_rounds=1, iterations=1)
        return list(benchmark.stats.stats.data)

    monkeypatch.setattr(bench, "_timed", timed)


def _collect() -> None:
    gc.collect()


def _keep(result: bench.Result, benchmark: Any, results: list[bench.Result]) -> None:
    assert result.values and all(value > 0 for value in result.values)
    benchmark.extra_info.update(result.to_dict())
    results.append(result)


@pytest.mark.usefixtures("timed_by_pytest_benchmark")
@pytest.mark.parametrize(("game", "measure"), OURS)
def test_ours(
    game: str,
    measure: Callable[[str, bench.Suite, bench.Sizes], bench.Result],
    sizes: bench.Sizes,
    benchmark: Any,
    results: list[bench.Result],
) -> None:
    _keep(measure(game, bench.SUITES[game], sizes), benchmark, results)


@pytest.mark.usefixtures("timed_by_pytest_benchmark")
@pytest.mark.parametrize(("peer", "measure"), PEERS)
def test_peer(
    peer: str,
    measure: Callable[[str, bench.Sizes], bench.Result],
    sizes: bench.Sizes,
    benchmark: Any,
    results: list[bench.Result],
) -> None:
    try:
        result = measure(peer, sizes)
    except bench.PeerMissing as missing:
        pytest.skip(f"{peer}: {missing}")
    _keep(result, benchmark, results)
