"""pytest-benchmark settings for ``benchmarks/test_speed.py``: the ``--bench-quick``
option, and the ratios ours / theirs printed at the end of the run."""

from __future__ import annotations

import bench
import pytest

RESULTS = pytest.StashKey[list[bench.Result]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--bench-quick",
        action="store_true",
        help="tiny workloads (bench.QUICK): checks that every benchmark runs",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.stash[RESULTS] = []


@pytest.fixture
def sizes(request: pytest.FixtureRequest) -> bench.Sizes:
    """The workload sizes: bench.FULL, or bench.QUICK with --bench-quick."""
    return bench.QUICK if request.config.getoption("--bench-quick") else bench.FULL


@pytest.fixture
def results(request: pytest.FixtureRequest) -> list[bench.Result]:
    """Where each test leaves its result, for the comparisons at the end."""
    return request.config.stash[RESULTS]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    measured = terminalreporter.config.stash.get(RESULTS, [])
    if not measured:
        return
    report = bench.Report()
    for result in measured:
        if result.game in bench.SUITES:
            target = report.search if result.name == "children" else report.results
        else:
            target = report.peers
        target.append(result)
    bench.compare(report)
    terminalreporter.section("cardrules: ours / theirs (best rounds) against the target")
    for comparison in report.comparisons:
        terminalreporter.write_line(bench._comparison_row(comparison))
