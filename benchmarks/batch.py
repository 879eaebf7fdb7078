"""Batch engines against the scalar engine and OpenSpiel, in one run, interleaved.

For each batch size N it plays random Cramps hands with :class:`cardrules.batch.CrampsBatch`
(all N games in lockstep, random legal moves from the batch's generator) and reports
hands per second, and the same with the JAX backend where JAX is installed
(:class:`cardrules.batch.cramps_jax.CrampsJax`: one compiled loop of 52 random moves a
call, compiled before the clock starts); in the same rounds it times the scalar engine's
random hands and OpenSpiel's ``hearts`` with ``pass_cards=false`` (random chance
outcomes and actions from Python, the "no pass" outcome at its first chance node), one
game being one hand.
The ratios are batch hands/s over OpenSpiel hearts games/s, per round, median shown.

Craits the same way: 4-player :class:`cardrules.batch.CraitsBatch` hands per second
against OpenSpiel's ``crazy_eights`` games per second (default parameters, random
play). A Craits hand's length depends on its number of cards (8, 7, … 1, … 8), and a
batch's games start in step, so each batch is first played through one whole game's
worth of hands (15 N, untimed) to spread its games over the schedule; the timed
stretches then see hands of every size, as whole games do.

    python benchmarks/batch.py                       # N = 1, 16, 256, 4096, 16384, 65536
    python benchmarks/batch.py --sizes 1024 16384 --rounds 5
    python benchmarks/batch.py --quick               # does it run? (CI)
    python benchmarks/batch.py --markdown            # the curve as a table for docs/performance.md
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial

import spiel_loops
from spiel_loops import pyspiel

import cardrules as cr
from cardrules.batch import CraitsBatch, CrampsBatch

HAVE_JAX = importlib.util.find_spec("jax") is not None  # optional: "cardrules[jax]"

SECONDS_PER_MEASUREMENT = 2.0  # (--quick measures for much less)


def batch_hands_per_second(n: int, budget: float) -> float:
    """Random hands per second of a CrampsBatch of ``n`` games (whole hands of 52 steps)."""
    batch = CrampsBatch(n, seed=n)
    hands = 0
    began = time.perf_counter()
    while True:
        for _ in range(52):
            batch.step(batch.random_actions())
        hands += n
        elapsed = time.perf_counter() - began
        if elapsed >= budget:
            return hands / elapsed


def jax_hands_per_second(n: int, budget: float) -> float:
    """Random hands per second of CrampsJax with ``n`` games (52 compiled moves a call)."""
    import jax

    from cardrules.batch.cramps_jax import CrampsJax

    env = CrampsJax()
    state = env.init(jax.random.key(n), n)
    state, _, _ = env.play_random(state, jax.random.key(0), 52)  # compiles
    state.hands.block_until_ready()
    hands = 0
    began = time.perf_counter()
    while True:
        state, _, _ = env.play_random(state, jax.random.key(hands + 1), 52)
        state.hands.block_until_ready()
        hands += n
        elapsed = time.perf_counter() - began
        if elapsed >= budget:
            return hands / elapsed


class CraitsHands:
    """A 4-player CraitsBatch of ``n`` games, spread over the schedule on first use,
    timed for stretches of random steps."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.batch: CraitsBatch | None = None

    def spread(self, hands: int) -> CraitsBatch:
        batch = self.batch
        if batch is None:
            batch = self.batch = CraitsBatch(self.n, seed=self.n)
            played = 0
            while played < hands:
                played += int(batch.step(batch.random_actions()).hands_over.sum())
        return batch

    def __call__(self, budget: float, spread: bool = True) -> float:
        batch = self.spread(15 * self.n if spread else 0)
        hands = 0
        began = time.perf_counter()
        while True:
            for _ in range(10):
                hands += int(batch.step(batch.random_actions()).hands_over.sum())
            elapsed = time.perf_counter() - began
            if elapsed >= budget:
                return hands / elapsed


def crazy_eights_games_per_second(budget: float) -> float:
    """Random OpenSpiel crazy_eights games per second, default parameters."""
    return spiel_loops.per_second(pyspiel.load_game("crazy_eights"), budget, 3, count="games")


def scalar_hands_per_second(budget: float) -> float:
    """Random Cramps hands per second of the scalar engine (one game at a time)."""
    game = cr.Cramps()
    pick = random.Random(1).choice
    hands = 0
    began = time.perf_counter()
    while True:
        state = game.new_game(seed=hands)
        for _ in range(52):
            state = game.apply(state, pick(game.legal_moves(state)))
        hands += 1
        elapsed = time.perf_counter() - began
        if elapsed >= budget:
            return hands / elapsed


def hearts_games_per_second(budget: float) -> float:
    """Random OpenSpiel hearts games per second, ``pass_cards=false``."""
    return spiel_loops.per_second(spiel_loops.hearts(), budget, 2, count="games")


HEARTS, CRAZY_EIGHTS = "OpenSpiel hearts games/s", "OpenSpiel crazy_eights games/s"


def measure(
    sizes: Sequence[int], rounds: int, budget: float, *, spread: bool = True
) -> list[tuple[str, list[float]]]:
    """Every workload ``rounds`` times, interleaved round by round."""
    workloads: list[tuple[str, Callable[[], float]]] = [
        ("scalar Cramps hands/s", lambda: scalar_hands_per_second(budget))
    ]
    if pyspiel is not None:
        workloads.append((HEARTS, lambda: hearts_games_per_second(budget)))
        workloads.append((CRAZY_EIGHTS, lambda: crazy_eights_games_per_second(budget)))
    for n in sizes:
        workloads.append((f"CrampsBatch N={n} hands/s", partial(batch_hands_per_second, n, budget)))
        if HAVE_JAX:
            workloads.append((f"CrampsJax N={n} hands/s", partial(jax_hands_per_second, n, budget)))
    for n in sizes:
        workloads.append((f"CraitsBatch 4p N={n} hands/s", partial(CraitsHands(n), budget, spread)))
    figures: dict[str, list[float]] = {name: [] for name, _ in workloads}
    for _ in range(rounds):
        for name, run in workloads:
            figures[name].append(run())
    return list(figures.items())


def report(figures: list[tuple[str, list[float]]], markdown: bool) -> str:
    """The medians, and each batch's ratio to its peer (Cramps: hearts; Craits:
    crazy_eights), the median of the per-round ratios."""
    by_name = dict(figures)
    hearts = by_name.get(HEARTS)
    lines = []
    if markdown:
        lines += ["| workload | median | x OpenSpiel peer |", "|---|--:|--:|"]
    for name, values in figures:
        median = statistics.median(values)
        ratio = ""
        peer = by_name.get(CRAZY_EIGHTS if "Craits" in name else HEARTS)
        if peer is not None and not name.startswith("OpenSpiel"):
            per_round = (v / p for v, p in zip(values, peer, strict=True))
            ratio = f"{statistics.median(per_round):.2f}x"
        if markdown:
            lines.append(f"| {name} | {median:,.0f} | {ratio} |")
        else:
            lines.append(f"{name:<34} {median:>12,.0f}   {ratio}")
    if hearts is None:
        lines.append("(OpenSpiel is not installed: no ratios; pip install open_spiel)")
    if not HAVE_JAX:
        lines.append('(JAX is not installed: no CrampsJax figures; pip install "cardrules[jax]")')
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 16, 256, 4096, 16384, 65536])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="tiny sizes and times (CI)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args(argv)
    sizes, rounds, budget = args.sizes, args.rounds, SECONDS_PER_MEASUREMENT
    if args.quick:
        sizes, rounds, budget = [1, 64], 1, 0.05
    if any(n < 1 for n in sizes) or rounds < 1:
        parser.error("sizes and rounds must be at least 1")
    print(report(measure(sizes, rounds, budget, spread=not args.quick), args.markdown))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
