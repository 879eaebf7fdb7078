"""The benchmark script (benchmarks/bench.py): its quick mode runs and reports every
section, peers that are not installed are reported as such, and the pieces that turn
measurements into figures (deep sizes, ratios against targets) compute what they say.
Nothing here is timed: the speed figures themselves are not checked."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import cardrules as cr

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks" / "bench.py"
INSTRUCTIONS = ROOT / "benchmarks" / "instructions.py"
PEERS = {"openspiel hearts", "openspiel crazy_eights", "rlcard uno"}


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cardrules_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_bench()


def load_instructions() -> ModuleType:
    """benchmarks/instructions.py as a module (its workloads run outside valgrind)."""
    spec = importlib.util.spec_from_file_location("cardrules_instructions", INSTRUCTIONS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_bench(*args: str, hide: tuple[str, ...] = ()) -> str:
    """Run bench.py in a subprocess; the modules in ``hide`` cannot be imported there."""
    code = (
        "import runpy, sys\n"
        f"for name in {list(hide)!r}: sys.modules[name] = None\n"
        f"sys.argv = [{str(BENCH)!r}, *{list(args)!r}]\n"
        f"runpy.run_path({str(BENCH)!r}, run_name='__main__')\n"
    )
    done = run_python("-c", code, timeout=120)
    assert done.returncode == 0, f"bench.py {args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def run_python(*args: str, timeout: int) -> subprocess.CompletedProcess[str]:
    """Run this Python with ``args`` from the repository root, output captured as text."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=dict(os.environ, PYTHONIOENCODING="utf-8"),
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        check=False,
    )


def test_quick_run_writes_every_figure_to_the_json_file(tmp_path: Path) -> None:
    out_file = tmp_path / "figures.json"
    printed = run_bench("--quick", "--json", str(out_file))
    data = json.loads(out_file.read_text(encoding="utf-8"))
    assert data["quick"] is True and data["cardrules"] == cr.__version__
    assert f"figures written to {out_file}" in printed
    ours = {(r["game"], r["benchmark"]) for r in data["results"]}
    for game in ("cramps", "craits"):
        for name in ("random hands", "legal_moves", "apply", "random games"):
            assert (game, name) in ours
    assert {(r["game"], r["benchmark"]) for r in data["search"]} == {
        ("cramps", "children"),
        ("craits", "children"),
    }
    for result in [*data["results"], *data["search"], *data["peers"]]:
        assert len(result["runs"]) == 2 and all(value > 0 for value in result["runs"])
        assert min(result["runs"]) <= result["median"] <= max(result["runs"])
    memory = {(f["game"], f["figure"]): f["value"] for f in data["memory"]}
    for game in ("cramps", "craits"):
        assert memory[(game, "state (mid-hand)")] > 0
        # consecutive states share structure: a kept state costs less than a lone one
        assert memory[(game, "state kept in a hand")] < memory[(game, "state (mid-hand)")]
        assert memory[(game, "record JSON per game")] > memory[(game, "record JSON per move")] > 0
    # every peer is either measured or listed as missing, never both, never neither
    measured = {r["game"] for r in data["peers"]}
    assert measured | set(data["missing_peers"]) == PEERS
    assert not measured & set(data["missing_peers"])
    assert len(data["comparisons"]) == 5
    for comparison in data["comparisons"]:
        if comparison["ratio"] is None:
            assert comparison["met"] is None
        else:
            assert comparison["met"] == (comparison["ratio"] >= comparison["target"])


def test_peers_that_are_not_installed_are_reported_and_not_compared() -> None:
    printed = run_bench(
        "--quick", "--repeats", "1", "--game", "cramps", hide=("pyspiel", "rlcard", "matplotlib")
    )
    for peer in PEERS:
        assert any(
            line.startswith(peer) and "not installed" in line for line in printed.splitlines()
        )
    comparisons = printed.split("comparisons:")[1].splitlines()[1:]
    assert len(comparisons) == 5
    assert all("not measured" in line for line in comparisons)


def test_plot_without_matplotlib_says_so(tmp_path: Path) -> None:
    target = tmp_path / "ratios.png"
    printed = run_bench(
        "--quick",
        "--repeats",
        "1",
        "--game",
        "cramps",
        "--no-peers",
        "--plot",
        str(target),
        hide=("matplotlib",),
    )
    assert "matplotlib is not installed" in printed
    assert not target.exists()


def test_deep_size_counts_shared_objects_once(bench: ModuleType) -> None:
    game = cr.Cramps()
    sizer = bench.Sizer(game)
    word = "x" * 1000  # a fresh string: not shared with the game
    alone = sizer.size((word,))
    assert alone == sys.getsizeof((word,)) + sys.getsizeof(word)
    twice = sizer.size((word, word))
    assert twice == sys.getsizeof((word, word)) + sys.getsizeof(word)
    # the cards are shared by every state, so a hand costs only its tuple
    hand = tuple(cr.Card.parse(text) for text in ("2C", "QS", "AH"))
    assert sizer.size(hand) == sys.getsizeof(hand)


def test_deep_size_walks_into_attrs_states(bench: ModuleType) -> None:
    game = cr.Cramps()
    sizer = bench.Sizer(game)
    state = game.new_game(seed=3)
    after = game.apply(state, game.legal_moves(state)[0])
    pair = [state, after]
    one, both = sizer.size(state), sizer.size(pair)
    # the walk goes past the state's own object into what its slots hold (the hands
    # as bit masks, the per-deal record with its random stream, the round's scores)
    parts = (state._deal, state._round_scores, state._cards)
    assert one > sys.getsizeof(state) + sum(sys.getsizeof(part) for part in parts)
    # the second state shares part of the first: it adds something, but less than a
    # whole state
    added = both - one - sys.getsizeof(pair)
    assert 0 < added < sizer.size(after)


def test_comparison_ratio_and_target(bench: ModuleType) -> None:
    ours = bench.Result("cramps", "random hands", "hands/s", (150.0, 200.0, 100.0), True)
    theirs = bench.Result("peer", "random games", "games/s", (100.0, 50.0, 80.0), True)
    met = bench.Comparison("ours vs theirs", ours, theirs, 2.0)
    assert met.ratio == 2.0 and met.median_ratio == 150.0 / 80.0 and met.met is True
    assert bench.Comparison("x", ours, theirs, 2.5).met is False
    missing = bench.Comparison("x", ours, None, 1.0)
    assert missing.ratio is None and missing.met is None
    slower = bench.Result("cramps", "apply", "µs/call", (3.0, 2.0, 4.0), False)
    assert slower.best == 2.0 and slower.median == 3.0
    # paired runs, when measured, are what the target is judged on
    paired = bench.Comparison("x", ours, theirs, 0.5, paired=(0.4, 0.6, 0.5))
    assert paired.ratio == 0.5 and paired.best_ratio == 2.0 and paired.met is True
    assert bench.Comparison("x", ours, theirs, 0.55, paired=(0.4, 0.6, 0.5)).met is False


def test_paired_runs_divide_speeds_measured_back_to_back(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each pair's ratio is ours' units per second over theirs', from the two runs of
    that pair (a fake clock: ours takes 1 s for 30 units, theirs 2 s then 4 s for 10)."""
    now = [0.0]
    monkeypatch.setattr(bench.time, "perf_counter", lambda: now[0])
    theirs_seconds = iter([9.0, 2.0, 4.0])  # the first is the warm-up

    def ours() -> None:
        now[0] += 1.0

    def theirs() -> None:
        now[0] += next(theirs_seconds)

    sizes = dataclasses.replace(bench.QUICK, repeats=2)
    ratios = bench.paired_ratios(bench._Workload(ours, 30), bench._Workload(theirs, 10), sizes)
    assert ratios == (30 / (10 / 2.0), 30 / (10 / 4.0))


def test_a_benchmark_loop_is_kept_unrun_for_pairing(bench: ModuleType) -> None:
    workload = bench._workload("cramps", "children", bench.QUICK)
    assert workload.units > 0
    assert bench._timed is bench.time_runs  # the timer is put back
    workload.run()
    with pytest.raises(LookupError):
        bench._workload("cramps", "no such benchmark", bench.QUICK)


def test_the_pytest_benchmark_suite_runs_every_benchmark() -> None:
    """benchmarks/test_speed.py (the same workloads under pytest-benchmark) runs, in its
    quick and untimed mode, every benchmark of ours, and prints the comparisons."""
    done = run_python(
        "-m", "pytest", "-p", "no:cacheprovider", "benchmarks/test_speed.py",
        "--bench-quick", "--benchmark-disable", "-q", "-rs",
        timeout=300,
    )  # fmt: skip
    out = done.stdout
    assert done.returncode == 0, f"{out}\n{done.stderr}"
    assert "ours / theirs (best rounds) against the target" in out
    assert "Cramps hands/s vs OpenSpiel hearts games/s" in out
    # 5 benchmarks for each of our two games; the 5 of the peers measured or skipped
    # (OpenSpiel comes with the test extra where it has wheels; RLCard only with bench)
    counts = re.search(r"(\d+) passed(?:, (\d+) skipped)?", out)
    assert counts, out
    passed, skipped = int(counts[1]), int(counts[2] or 0)
    assert passed + skipped == 15 and passed >= 10, out
    assert out.count(": not installed") >= skipped


class FakeSpielState:
    """A stand-in for an OpenSpiel state of a hearts-like game: a first chance node with
    four pass directions, one more chance node (the deal), then two decisions."""

    def __init__(self, history: tuple[int, ...] = ()) -> None:
        self.history = history

    def is_terminal(self) -> bool:
        return len(self.history) == 4

    def is_chance_node(self) -> bool:
        return len(self.history) < 2

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(action, 0.25) for action in range(4)]

    def legal_actions(self) -> list[int]:
        return [7, 8]

    def apply_action(self, action: int) -> None:
        self.history += (action,)

    def clone(self) -> FakeSpielState:
        return FakeSpielState(self.history)


class FakeSpielGame:
    def __init__(self) -> None:
        self.started: list[FakeSpielState] = []

    def new_initial_state(self) -> FakeSpielState:
        self.started.append(FakeSpielState())
        return self.started[-1]


def test_openspiel_hearts_gets_no_pass_at_its_first_chance_node(bench: ModuleType) -> None:
    """OpenSpiel hearts with pass_cards=false lists four pass directions at its first
    chance node; the baseline must apply 0 ("no pass") there, never sample it."""
    assert bench.SPIEL_FIRST_CHANCE["openspiel hearts"] == 0
    assert bench.PEER_GAMES["openspiel hearts"][2] == {"pass_cards": False}
    game = FakeSpielGame()
    always_last = 0.99  # a sampled first chance outcome would be 3
    for _ in range(5):
        assert bench._spiel_random_game(game, lambda: always_last, 0) == 2
    assert all(state.history[:2] == (0, 3) for state in game.started)
    sampled = FakeSpielGame()
    bench._spiel_random_game(sampled, lambda: always_last, None)
    assert sampled.started[0].history[0] == 3
    mid = bench._spiel_mid_game_states(FakeSpielGame(), 3, 0)
    assert all(state.history[0] == 0 and len(state.history) == 3 for state in mid)
    started_late = FakeSpielGame()
    started_late.new_initial_state = lambda: FakeSpielState((0, 0))  # type: ignore[method-assign]
    with pytest.raises(RuntimeError, match="chance node"):
        bench._spiel_start(started_late, 0)


def test_instruction_counts_run_our_workloads_and_report_their_units() -> None:
    """benchmarks/instructions.py: each workload runs outside valgrind (``--run``), and
    a hand counts as one unit, a pass over the mid-hand states as its children."""
    module = load_instructions()
    assert module.run_workload("cramps-hands", 2) == 2
    children = module.run_workload("cramps-children", 1)
    assert 600 < children < 1000  # about 3.8 children for each of 200 states
    assert {ours for _, ours, _ in module.COMPARISONS} <= set(module.WORKLOADS)
    out = subprocess.run(
        [sys.executable, str(INSTRUCTIONS), "--run", "craits-hands", "1"],
        capture_output=True, text=True, check=True, cwd=ROOT,
    ).stdout  # fmt: skip
    assert out.strip() == "1"


def test_instruction_counts_of_the_hosts_count_moves_beside_their_baselines() -> None:
    """The hosts' workloads of benchmarks/instructions.py play whole games and count
    their moves; each comparison sets a host beside the loop that does its work
    directly."""
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    module = load_instructions()
    for loop in ("openspiel", "chance"):  # whole Cramps games: rounds of 52 plays
        moves = module.run_workload(f"cramps-host-{loop}", 1)
        assert moves >= 104 and moves % 52 == 0
    hosts = {theirs for _, ours, theirs in module.COMPARISONS if "-host-" in ours}
    assert hosts == {
        f"{game}-host-{host}"
        for game in ("cramps", "craits")
        for host in ("pettingzoo", "openspiel", "openspiel-observer")
    }


def test_instruction_counts_of_the_presets_count_moves_beside_their_peers() -> None:
    """The presets' workloads of benchmarks/instructions.py play peers.py's loop (UNO:
    uno_rlcard.py's) and count each move; each is compared with its peer's decisions:
    an OpenSpiel preset with its OpenSpiel game, ``Uno.rlcard()`` with RLCard's ``uno``
    game object and environment, and with nothing else."""
    pytest.importorskip("pyspiel")
    module = load_instructions()
    game = module.peers.preset_game("euchre")
    state, pick, moves = game.new_game(seed=0), random.Random(0).random, 0
    while not state.is_over:  # peers.py's loop, written out
        legal = game.legal_moves(state)
        state = game.apply(state, legal[int(pick() * len(legal))])
        moves += 1
    assert module.run_workload("euchre-preset-moves", 1) == moves > 12  # bids and plays
    assert module.run_workload("euchre-openspiel-moves", 1) > 12
    for name, (class_name, _, parameters) in module.peers.PEERS.items():
        assert module.peers.preset_game(name) == getattr(cr, class_name).openspiel(**parameters)
    uno = module.uno_rlcard
    pairs = {(ours, theirs) for _, ours, theirs in module.COMPARISONS if "-preset-" in ours}
    assert pairs == {
        (f"{name}-preset-moves", f"{name}-openspiel-moves") for name in module.peers.PEERS
    } | {("uno-rlcard-preset-moves", f"uno-rlcard-{side}-moves") for side in uno.SIDES}
    pytest.importorskip("rlcard")
    game = uno.preset_game()
    assert game == cr.Uno.rlcard()
    moves = uno.play_preset_game(game, 0, random.Random(0).random)
    assert module.run_workload("uno-rlcard-preset-moves", 1) == moves > 7  # a hand of 7
    for side in uno.SIDES:
        assert module.run_workload(f"uno-rlcard-{side}-moves", 1) > 7


def test_benchmarks_time_legal_moves_on_states_as_first_met(bench: ModuleType) -> None:
    """States remember their legal moves once asked; the benchmarks empty that memory
    before each timed call, so a call is timed doing the whole work."""
    craits, cramps = cr.Craits(players=4), cr.Cramps()
    games: tuple[Any, ...] = (craits, cramps)
    for game in games:
        state = game.new_game(seed=1)
        slot = bench.remembered_slot(state)
        moves = game.legal_moves(state)
        assert getattr(state, slot) is not None
        setattr(state, slot, None)
        assert game.legal_moves(state) == moves
    assert bench.remembered_slot(craits.new_game(seed=1)) == "_legal"
    with pytest.raises(LookupError):
        bench.remembered_slot(object())
