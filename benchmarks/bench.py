"""Speed and memory of cardrules, compared with C++ card-game engines driven from Python.

A standalone script that needs nothing but cardrules: every timed benchmark runs its
workload several times with :func:`time.perf_counter` and reports the best and the
median run. ``test_speed.py`` runs the same benchmarks under pytest-benchmark.
Moves (and, for the peers, chance outcomes) are chosen by seeded :class:`random.Random`
generators, so every run does the same work.

    python benchmarks/bench.py                  # full sizes (under a minute)
    python benchmarks/bench.py --quick          # tiny sizes, for CI: checks that it runs
    python benchmarks/bench.py --json out.json  # also write every figure to a file
    python benchmarks/bench.py --json           # print the figures as JSON instead
    python benchmarks/bench.py --plot ratios.png  # bar chart of the ratios (matplotlib)
    python benchmarks/bench.py --profile craits   # cProfile of the random-hand loop

It measures, for Cramps and four-player Craits: random hands and whole games per second,
the mean cost of ``legal_moves`` and ``apply``, tree-search expansion (every child of
mid-hand states) per second, and memory (bytes per state, per move kept, per record).
Where they are installed (``pip install -e ".[bench]"``) it runs the same loops on
OpenSpiel's ``hearts`` and ``crazy_eights`` and on RLCard's UNO, and prints each
comparison as a ratio ours / theirs against its target. Peers that are not installed
are reported as such and their comparisons skipped.

To benchmark another game, add an entry to :data:`SUITES`.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import enum
import gc
import importlib
import io
import json
import os
import platform
import pstats
import random
import statistics
import subprocess
import sys
import textwrap
import time
import types
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import cardrules as cr
from cardrules.cards import ALL_CARDS
from cardrules.shedding.state import tables_for

AnyGame = Any
"""A rules object (``cr.Cramps()``, …): anything with new_game, legal_moves and apply."""

MAX_MOVES = 1_000_000
"""A random game longer than this is taken as a bug (it would never end)."""

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Sizes:
    """How much work each benchmark does per run, and how many runs."""

    repeats: int
    hands: int
    """Random hands per run (Cramps and Craits), and peer games per run."""
    games: int
    """Whole random games per run (a Craits game is fifteen hands)."""
    samples: int
    """Positions on which ``legal_moves`` and ``apply`` are timed."""
    search_states: int
    """Mid-hand states per game for the tree-search benchmark."""
    search_passes: int
    """Passes over those states per run."""
    records: int
    """Whole games (and hands) measured for the memory figures."""


FULL = Sizes(
    repeats=7, hands=1000, games=20, samples=10000, search_states=200, search_passes=5, records=10
)
QUICK = Sizes(
    repeats=2, hands=5, games=1, samples=200, search_states=10, search_passes=1, records=1
)


@dataclass(frozen=True)
class Result:
    """One timed benchmark: ``values`` per run in ``unit``; higher is better when
    ``higher_is_better``. ``game`` is ours ("cramps") or a peer's ("openspiel hearts")."""

    game: str
    name: str
    unit: str
    values: tuple[float, ...]
    higher_is_better: bool
    note: str = ""

    @property
    def best(self) -> float:
        """The best run."""
        return max(self.values) if self.higher_is_better else min(self.values)

    @property
    def median(self) -> float:
        """The median run."""
        return statistics.median(self.values)

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly data."""
        data = {
            "game": self.game,
            "benchmark": self.name,
            "unit": self.unit,
            "best": self.best,
            "median": self.median,
            "runs": list(self.values),
        }
        if self.note:
            data["note"] = self.note
        return data


@dataclass(frozen=True)
class Figure:
    """One measured (not timed) quantity, such as bytes per state."""

    game: str
    name: str
    value: float
    unit: str
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly data."""
        return {"game": self.game, "figure": self.name, "value": self.value, "unit": self.unit}


@dataclass(frozen=True)
class Comparison:
    """Ours against a peer: the ratio of the best runs (and of the medians) and the
    target it should reach."""

    label: str
    ours: Result | None
    theirs: Result | None
    target: float
    paired: tuple[float, ...] = ()
    """The ratio of each pair of back-to-back runs (see :func:`paired_ratios`)."""

    @property
    def best_ratio(self) -> float | None:
        """ours / theirs, best runs; ``None`` when either side was not measured."""
        if self.ours is None or self.theirs is None:
            return None
        return self.ours.best / self.theirs.best

    @property
    def ratio(self) -> float | None:
        """The ratio the target is judged on: the median of the paired runs' ratios
        when they were measured, else the ratio of the best runs."""
        if self.paired:
            return statistics.median(self.paired)
        return self.best_ratio

    @property
    def median_ratio(self) -> float | None:
        """ours / theirs, median runs."""
        if self.ours is None or self.theirs is None:
            return None
        return self.ours.median / self.theirs.median

    @property
    def met(self) -> bool | None:
        """Whether the ratio reaches the target (``None``: not measured)."""
        ratio = self.ratio
        return None if ratio is None else ratio >= self.target

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly data."""
        return {
            "comparison": self.label,
            "ours": None if self.ours is None else f"{self.ours.game} {self.ours.name}",
            "theirs": None if self.theirs is None else f"{self.theirs.game} {self.theirs.name}",
            "ratio": self.ratio,
            "best_ratio": self.best_ratio,
            "median_ratio": self.median_ratio,
            "paired_ratios": list(self.paired),
            "target": self.target,
            "met": self.met,
        }


@dataclass
class Report:
    """Everything one run of the script measured."""

    results: list[Result] = field(default_factory=list)
    search: list[Result] = field(default_factory=list)
    memory: list[Figure] = field(default_factory=list)
    peers: list[Result] = field(default_factory=list)
    missing_peers: dict[str, str] = field(default_factory=dict)
    comparisons: list[Comparison] = field(default_factory=list)

    def find(self, game: str, name: str) -> Result | None:
        """The result of benchmark ``name`` on ``game`` (ours or a peer's), if measured."""
        for result in (*self.results, *self.search, *self.peers):
            if result.game == game and result.name == name:
                return result
        return None


# -- timing helpers ----------------------------------------------------------------------


def time_runs(repeats: int, run: Callable[[], object]) -> list[float]:
    """Seconds taken by each of ``repeats`` calls of ``run`` (after a collection, so a
    run does not pay for the garbage of the one before; the collector stays on)."""
    times = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return times


_timed: Callable[[int, Callable[[], object]], Sequence[float]] = time_runs
"""How every benchmark times its workload: this script's own loop, or pytest-benchmark
when ``test_speed.py`` runs the same benchmarks."""


def _per_call(times: Sequence[float], calls: int) -> tuple[float, ...]:
    return tuple(seconds / calls * 1e6 for seconds in times)


def _per_second(times: Sequence[float], count: int) -> tuple[float, ...]:
    return tuple(count / seconds for seconds in times)


# -- our games: playing at random --------------------------------------------------------


@dataclass(frozen=True)
class Suite:
    """One of our games: how to make it, how to start a game, what to run on it."""

    factory: Callable[[], AnyGame]
    setup: dict[str, Any]
    """Keyword arguments for ``new_game`` besides the seed."""
    benchmarks: tuple[Callable[[str, Suite, Sizes], Result], ...]


def _random_game(game: AnyGame, setup: dict[str, Any], seed: int) -> Iterator[tuple[Any, Any]]:
    """Play a whole game from ``seed`` with seeded random moves: yield ``(None, the
    initial state)``, then ``(move, the state after it)`` for every move."""
    legal_moves, apply = game.legal_moves, game.apply
    pick = random.Random(seed).random
    state = game.new_game(seed=seed, **setup)
    yield None, state
    for _ in range(MAX_MOVES):
        if state.is_over:
            return
        moves = legal_moves(state)
        move = moves[int(pick() * len(moves))]
        state = apply(state, move)
        yield move, state
    raise RuntimeError(f"a random {type(game).__name__} game (seed {seed}) did not end")


def _first_hand(game: AnyGame, setup: dict[str, Any], seed: int) -> list[Any]:
    """Every state of the first hand of a random game, from the deal to the last move
    of the hand (the state that starts the next hand, or ends the game, included)."""
    states = []
    for _, state in _random_game(game, setup, seed):
        states.append(state)
        if state.is_over or state.deal_number != states[0].deal_number:
            break
    return states


def _sample_positions(suite: Suite, game: AnyGame, count: int) -> list[tuple[Any, Any]]:
    """``count`` (state, legal move) pairs taken from random games, spread over them."""
    positions: list[tuple[Any, Any]] = []
    seed = 0
    while len(positions) < count:
        keep = random.Random(-1 - seed).random
        for _, state in _random_game(game, suite.setup, seed):
            if state.is_over or len(positions) >= count:
                break
            if keep() < 0.25:  # about one position in four, from every phase
                moves = game.legal_moves(state)
                positions.append((state, moves[int(keep() * len(moves))]))
        seed += 1
    return positions


def _mid_hand_states(suite: Suite, game: AnyGame, count: int) -> list[Any]:
    """``count`` states, each from its own random game (seeds 0, 1, …): the first hand
    played at random, stopped after a random number (at least one) of moves."""
    states = []
    for seed in range(count):
        hand = _first_hand(game, suite.setup, seed)
        inside = hand[1:-1]  # after one move at least, before the hand is over
        states.append(inside[random.Random(seed).randrange(len(inside))])
    return states


def bench_cramps_hands(name: str, suite: Suite, sizes: Sizes) -> Result:
    """Whole random Cramps hands per second: a deal (``new_game``) and 52 random plays."""
    game = suite.factory()
    new_game, legal_moves, apply = game.new_game, game.legal_moves, game.apply

    def run() -> None:
        pick = random.Random(0).random
        for seed in range(sizes.hands):
            state = new_game(seed=seed)
            for _ in range(52):
                moves = legal_moves(state)
                state = apply(state, moves[int(pick() * len(moves))])

    times = _timed(sizes.repeats, run)
    note = "52 plays per hand, and the deal of the next round"
    return Result(name, "random hands", "hands/s", _per_second(times, sizes.hands), True, note)


def bench_craits_hands(name: str, suite: Suite, sizes: Sizes) -> Result:
    """Random Craits hands per second: ``new_game(seed, dealer=0)``, then random moves
    until the hand number changes or the game ends."""
    game = suite.factory()
    new_game, legal_moves, apply = game.new_game, game.legal_moves, game.apply
    moves_made = 0

    def run() -> None:
        nonlocal moves_made
        moves_made = 0
        pick = random.Random(0).random
        for seed in range(sizes.hands):
            state = new_game(seed=seed, dealer=0)
            while state.hand_number == 1 and not state.is_over:
                moves = legal_moves(state)
                state = apply(state, moves[int(pick() * len(moves))])
                moves_made += 1

    times = _timed(sizes.repeats, run)
    note = f"{moves_made / sizes.hands:.1f} moves per hand"
    return Result(name, "random hands", "hands/s", _per_second(times, sizes.hands), True, note)


def bench_games(name: str, suite: Suite, sizes: Sizes) -> Result:
    """Whole random games per second, from the first deal to the end."""
    game = suite.factory()
    moves_made = 0

    def run() -> None:
        nonlocal moves_made
        moves_made = 0
        for seed in range(sizes.games):
            for _ in _random_game(game, suite.setup, seed):
                moves_made += 1
        moves_made -= sizes.games  # the initial states are not moves

    times = _timed(sizes.repeats, run)
    note = f"{moves_made / sizes.games:.0f} moves per game"
    return Result(name, "random games", "games/s", _per_second(times, sizes.games), True, note)


def remembered_slot(state: Any) -> str:
    """The hidden slot in which a state of ours remembers, once asked, its legal moves
    (shedding engine) or allowed cards (trick engine). The benchmarks empty it before
    each call, so that every call does the whole work, as on a state met for the first
    time (emptying it costs a little, which the figures include)."""
    for slot in ("_legal", "_allowed"):
        if hasattr(state, slot):
            return slot
    raise LookupError(f"{type(state).__name__} remembers no legal moves")


def bench_legal_moves(name: str, suite: Suite, sizes: Sizes) -> Result:
    """Mean cost of ``game.legal_moves`` on positions sampled from random games (each
    call on the position as first met: see :func:`remembered_slot`)."""
    game = suite.factory()
    states = [state for state, _ in _sample_positions(suite, game, sizes.samples)]
    legal_moves = game.legal_moves
    slot = remembered_slot(states[0])

    def run() -> None:
        for state in states:
            setattr(state, slot, None)
            legal_moves(state)

    times = _timed(sizes.repeats, run)
    return Result(name, "legal_moves", "µs/call", _per_call(times, len(states)), False)


def bench_apply(name: str, suite: Suite, sizes: Sizes) -> Result:
    """Mean cost of ``game.apply`` for a legal move on positions sampled from random
    games."""
    game = suite.factory()
    positions = _sample_positions(suite, game, sizes.samples)
    apply = game.apply

    def run() -> None:
        for state, move in positions:
            apply(state, move)

    times = _timed(sizes.repeats, run)
    return Result(name, "apply", "µs/call", _per_call(times, len(positions)), False)


SUITES: dict[str, Suite] = {
    "cramps": Suite(
        cr.Cramps,
        {},
        (bench_cramps_hands, bench_legal_moves, bench_apply, bench_games),
    ),
    "craits": Suite(
        lambda: cr.Craits(players=4),
        {"dealer": 0},
        (bench_craits_hands, bench_legal_moves, bench_apply, bench_games),
    ),
}
"""Our games: a factory for the rules object, the ``new_game`` setup, the benchmarks."""


# -- tree search: expanding every child ----------------------------------------------------


def bench_children(name: str, suite: Suite, sizes: Sizes) -> Result:
    """Children generated per second: for each of a fixed set of mid-hand states,
    ``legal_moves`` and then ``apply`` of every legal move (one node expansion; each
    ``legal_moves`` on the state as first met: see :func:`remembered_slot`)."""
    game = suite.factory()
    states = _mid_hand_states(suite, game, sizes.search_states)
    legal_moves, apply = game.legal_moves, game.apply
    children = sum(len(legal_moves(state)) for state in states) * sizes.search_passes
    slot = remembered_slot(states[0])

    def run() -> None:
        for _ in range(sizes.search_passes):
            for state in states:
                setattr(state, slot, None)
                for move in legal_moves(state):
                    apply(state, move)

    times = _timed(sizes.repeats, run)
    note = f"{children / sizes.search_passes / len(states):.1f} children per state"
    return Result(name, "children", "children/s", _per_second(times, children), True, note)


# -- memory -----------------------------------------------------------------------------------

_NOT_DATA = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
)


def _referents(obj: object) -> Iterator[object]:
    """The objects ``obj`` holds as data: items, keys and values, attributes."""
    if isinstance(obj, dict):
        yield from obj.keys()
        yield from obj.values()
    elif isinstance(obj, (tuple, list, set, frozenset)):
        yield from obj
    instance_dict = getattr(obj, "__dict__", None)
    if isinstance(instance_dict, dict):
        yield instance_dict
    for cls in type(obj).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        for slot in (slots,) if isinstance(slots, str) else slots:
            if slot not in ("__dict__", "__weakref__") and hasattr(obj, slot):
                yield getattr(obj, slot)


def _walk(roots: Sequence[object], seen: set[int]) -> int:
    """Bytes (``sys.getsizeof``) of every object reachable from ``roots`` whose id is
    not in ``seen``, each counted once; adds their ids to ``seen``. Classes, modules
    and functions are not data and are not counted."""
    total = 0
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, _NOT_DATA):
            continue
        total += sys.getsizeof(obj)
        stack.extend(_referents(obj))
    return total


class Sizer:
    """Deep sizes in bytes, not counting what every state of a game shares: the rules
    object (and the lookup tables a shedding game builds from it), the 52 card objects,
    enum members, small integers, None and the booleans, the empty tuple and the empty
    string."""

    def __init__(self, game: AnyGame) -> None:
        enums = [
            member
            for name, module in sorted(sys.modules.items())
            if name.startswith("cardrules.")
            for value in vars(module).values()
            if isinstance(value, type) and issubclass(value, enum.Enum)
            for member in value
        ]
        self._roots: list[object] = [game, ALL_CARDS, enums, list(range(-5, 257))]
        self._roots += [None, True, False, (), ""]
        if hasattr(game, "card_table"):  # a shedding game's lookup tables, one per rules
            self._roots.append(tables_for(game.card_table))
        self._shared: set[int] = set()
        _walk(self._roots, self._shared)

    def size(self, obj: object) -> int:
        """Bytes of everything reachable from ``obj``, shared objects counted once and
        the objects every state shares not at all."""
        return _walk([obj], set(self._shared))


def measure_memory(name: str, suite: Suite, sizes: Sizes) -> list[Figure]:
    """Bytes per mid-hand state, per state of a whole kept hand, and per game record."""
    game = suite.factory()
    sizer = Sizer(game)
    states = _mid_hand_states(suite, game, max(sizes.search_states, 1))
    per_state = statistics.mean(sizer.size(state) for state in states)
    kept = kept_states = 0
    for seed in range(sizes.records):
        hand = _first_hand(game, suite.setup, seed)
        kept += sizer.size(hand)
        kept_states += len(hand)
    json_bytes = record_bytes = moves = 0
    for seed in range(sizes.records):
        played = tuple(move for move, _ in _random_game(game, suite.setup, seed))[1:]
        record = cr.GameRecord.start(game, seed=seed, **suite.setup)
        record = cr.GameRecord(record.game, record.seed, record.setup, played)
        json_bytes += len(record.to_json().encode("utf-8"))
        record_bytes += sizer.size(record)
        moves += len(record.moves)
    n = sizes.records
    return [
        Figure(name, "state (mid-hand)", per_state, "bytes", "deep size of one state"),
        Figure(
            name,
            "state kept in a hand",
            kept / kept_states,
            "bytes",
            "a list of every state of a hand, divided by the number of states",
        ),
        Figure(name, "record JSON per game", json_bytes / n, "bytes", "GameRecord.to_json()"),
        Figure(name, "record JSON per move", json_bytes / moves, "bytes"),
        Figure(name, "record in memory per game", record_bytes / n, "bytes"),
        Figure(name, "record in memory per move", record_bytes / moves, "bytes"),
    ]


# -- peers: C++ engines driven from Python -------------------------------------------------

PEER_GAMES = {
    "openspiel hearts": ("pyspiel", "hearts", {"pass_cards": False}),
    "openspiel crazy_eights": ("pyspiel", "crazy_eights", {"players": 4}),
}

SPIEL_FIRST_CHANCE = {"openspiel hearts": 0}
"""Peers whose first chance node must get one fixed outcome to play the intended game.
OpenSpiel hearts with ``pass_cards=false`` still lists the four pass directions at its
first chance node, although only 0 ("no pass") belongs to that game: sampling there
would play a passing phase in three games of four."""


def _import(module: str) -> Any:
    """The module, or ``None`` if it is not installed."""
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def _spiel_start(game: Any, first_chance: int | None) -> Any:
    """A new OpenSpiel state, with ``first_chance`` (if given) applied at its first
    chance node (see :data:`SPIEL_FIRST_CHANCE`)."""
    state = game.new_initial_state()
    if first_chance is not None:
        if not state.is_chance_node():
            raise RuntimeError("the peer's game does not start with a chance node")
        state.apply_action(first_chance)
    return state


def _spiel_random_game(game: Any, pick: Callable[[], float], first_chance: int | None) -> int:
    """Play one OpenSpiel game: uniformly random chance outcomes and legal actions,
    driven from Python. Returns the number of player decisions."""
    state = _spiel_start(game, first_chance)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(pick() * len(outcomes))][0])
        else:
            actions = state.legal_actions()
            state.apply_action(actions[int(pick() * len(actions))])
            decisions += 1
    return decisions


def _spiel_mid_game_states(game: Any, count: int, first_chance: int | None) -> list[Any]:
    """``count`` decision states, each from its own random game, after a random number
    (at least one) of decisions, before the end."""
    states = []
    for seed in range(count):
        pick = random.Random(seed).random
        state = _spiel_start(game, first_chance)
        decisions = []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(pick() * len(outcomes))][0])
            else:
                decisions.append(state.clone())
                actions = state.legal_actions()
                state.apply_action(actions[int(pick() * len(actions))])
        inside = decisions[1:]
        states.append(inside[random.Random(seed).randrange(len(inside))])
    return states


class PeerMissing(Exception):
    """A peer engine is not installed; the message says which import failed."""


def _spiel_game(name: str) -> Any:
    pyspiel = _import("pyspiel")
    if pyspiel is None:
        raise PeerMissing("not installed (import pyspiel failed)")
    _, short_name, params = PEER_GAMES[name]
    return pyspiel.load_game(short_name, params)


def bench_spiel_games(name: str, sizes: Sizes) -> Result:
    """Random OpenSpiel games per second (chance outcomes and actions from Python)."""
    game = _spiel_game(name)
    first_chance = SPIEL_FIRST_CHANCE.get(name)
    decisions = 0

    def run() -> None:
        nonlocal decisions
        decisions = 0
        pick = random.Random(0).random
        for _ in range(sizes.hands):
            decisions += _spiel_random_game(game, pick, first_chance)

    times = _timed(sizes.repeats, run)
    note = f"{decisions / sizes.hands:.1f} decisions per game"
    return Result(name, "random games", "games/s", _per_second(times, sizes.hands), True, note)


def bench_spiel_children(name: str, sizes: Sizes) -> Result:
    """OpenSpiel children per second: ``clone()`` + ``apply_action`` of every legal
    action of mid-game states."""
    game = _spiel_game(name)
    states = _spiel_mid_game_states(game, sizes.search_states, SPIEL_FIRST_CHANCE.get(name))
    children = sum(len(state.legal_actions()) for state in states) * sizes.search_passes

    def expand() -> None:
        for _ in range(sizes.search_passes):
            for state in states:
                for action in state.legal_actions():
                    child = state.clone()
                    child.apply_action(action)

    times = _timed(sizes.repeats, expand)
    note = f"{children / sizes.search_passes / len(states):.1f} children per state"
    return Result(name, "children", "children/s", _per_second(times, children), True, note)


def bench_rlcard_uno(name: str, sizes: Sizes) -> Result:
    """RLCard's UNO (two players, its default), raw game loop: ``init_game``, then
    ``step`` with a random legal action until ``is_over``."""
    uno = _import("rlcard.games.uno.game")
    numpy = _import("numpy")
    if uno is None or numpy is None:
        raise PeerMissing("not installed (import rlcard.games.uno.game failed)")
    game = uno.UnoGame()
    steps = 0

    def run() -> None:
        nonlocal steps
        steps = 0
        game.np_random = numpy.random.RandomState(0)
        pick = random.Random(0).random
        for _ in range(sizes.hands):
            game.init_game()
            while not game.is_over():
                actions = game.get_legal_actions()
                game.step(actions[int(pick() * len(actions))])
                steps += 1

    times = _timed(sizes.repeats, run)
    note = f"{game.num_players} players, {steps / sizes.hands:.1f} steps per game"
    return Result(name, "random games", "games/s", _per_second(times, sizes.hands), True, note)


PEER_BENCHMARKS: tuple[tuple[str, Callable[[str, Sizes], Result]], ...] = (
    ("openspiel hearts", bench_spiel_games),
    ("openspiel hearts", bench_spiel_children),
    ("openspiel crazy_eights", bench_spiel_games),
    ("openspiel crazy_eights", bench_spiel_children),
    ("rlcard uno", bench_rlcard_uno),
)
"""Each peer measurement: the peer's name and the function that measures it (raising
:class:`PeerMissing` when the peer is not installed)."""


def bench_peers(report: Report, sizes: Sizes) -> None:
    """Every peer measurement, each missing peer noted once."""
    for name, measure in PEER_BENCHMARKS:
        if name in report.missing_peers:
            continue
        try:
            report.peers.append(measure(name, sizes))
        except PeerMissing as missing:
            report.missing_peers[name] = str(missing)


# -- comparisons ---------------------------------------------------------------------------

TARGETS: tuple[tuple[str, tuple[str, str], tuple[str, str], float], ...] = (
    (
        "Cramps hands/s vs OpenSpiel hearts games/s",
        ("cramps", "random hands"),
        ("openspiel hearts", "random games"),
        1.2,
    ),
    (
        "Craits 4p hands/s vs OpenSpiel crazy_eights games/s",
        ("craits", "random hands"),
        ("openspiel crazy_eights", "random games"),
        0.4,
    ),
    (
        "Cramps children/s vs OpenSpiel hearts children/s",
        ("cramps", "children"),
        ("openspiel hearts", "children"),
        1.0,
    ),
    (
        "Craits children/s vs OpenSpiel crazy_eights children/s",
        ("craits", "children"),
        ("openspiel crazy_eights", "children"),
        0.4,
    ),
    (
        "Craits 4p hands/s vs RLCard UNO games/s",
        ("craits", "random hands"),
        ("rlcard uno", "random games"),
        5.0,
    ),
)
"""Each comparison: a label, our (game, benchmark), the peer's, and the target ratio."""


def compare(report: Report, sizes: Sizes | None = None) -> None:
    """Fill in ``report.comparisons`` from the results; with ``sizes``, time each
    pair of workloads back to back too (:func:`paired_ratios`)."""
    for label, ours, theirs, target in TARGETS:
        found = report.find(*ours), report.find(*theirs)
        paired: tuple[float, ...] = ()
        if sizes is not None and None not in found:
            paired = paired_ratios(_workload(*ours, sizes), _workload(*theirs, sizes), sizes)
        report.comparisons.append(Comparison(label, *found, target, paired))


@dataclass(frozen=True)
class _Workload:
    """One benchmark's timed loop and how many units (hands, children) one call does."""

    run: Callable[[], object]
    units: float


def _workload(game: str, benchmark: str, sizes: Sizes) -> _Workload:
    """The loop that benchmark ``benchmark`` of ``game`` times, set up but not run:
    the benchmark function is called with a timer that keeps the loop and reports one
    second per run, so its result holds the units per run."""
    global _timed
    kept: list[Callable[[], object]] = []

    def keep(repeats: int, run: Callable[[], object]) -> list[float]:
        kept.append(run)
        return [1.0]

    measures: list[Callable[[], Result]] = []
    if game in SUITES:
        suite = SUITES[game]
        measures = [partial(bench, game, suite, sizes) for bench in suite.benchmarks]
        children = partial(bench_children, game, suite, sizes)
        measures.insert(0 if benchmark == "children" else len(measures), children)
    else:
        measures = [
            partial(measure, name, sizes) for name, measure in PEER_BENCHMARKS if name == game
        ]
    saved, _timed = _timed, keep
    try:
        for measure in measures:
            kept.clear()
            result = measure()
            if result.name == benchmark:
                return _Workload(kept[0], result.values[0])
    finally:
        _timed = saved
    raise LookupError(f"no benchmark {benchmark!r} of {game!r}")


def paired_ratios(ours: _Workload, theirs: _Workload, sizes: Sizes) -> tuple[float, ...]:
    """Ours / theirs in units per second, from ``sizes.repeats`` pairs of runs, each
    pair run back to back (which goes first alternates) after one warm-up run of each.
    On a machine whose load changes from one second to the next, two figures taken
    seconds apart compare better than the best runs of two series taken a minute apart."""
    ratios = []
    ours.run()
    theirs.run()
    for repeat in range(sizes.repeats):
        pair = (ours, theirs) if repeat % 2 == 0 else (theirs, ours)
        seconds: dict[int, float] = {}
        for workload in pair:
            gc.collect()
            start = time.perf_counter()
            workload.run()
            seconds[id(workload)] = time.perf_counter() - start
        speed_ours = ours.units / seconds[id(ours)]
        ratios.append(speed_ours / (theirs.units / seconds[id(theirs)]))
    return tuple(ratios)


# -- running and printing ----------------------------------------------------------------


def run_all(
    games: Sequence[str], sizes: Sizes, *, peers: bool = True, table: bool = True
) -> Report:
    """Run every benchmark; with ``table``, print each figure as it comes."""
    report = Report()
    say = _printer(table)
    say(_row("game", "benchmark", "best", "median", "unit"))
    say(_row("-" * 6, "-" * 14, "-" * 12, "-" * 12, "-" * 8))
    for name in games:
        suite = SUITES[name]
        for benchmark in suite.benchmarks:
            report.results.append(benchmark(name, suite, sizes))
            say(_result_row(report.results[-1]))
    say(
        f"\ntree search: legal_moves + apply of every legal move of {sizes.search_states} "
        f"mid-hand states ({sizes.search_passes} pass(es) per run)"
    )
    for name in games:
        report.search.append(bench_children(name, SUITES[name], sizes))
        say(_result_row(report.search[-1]))
    say("\nmemory (deep sizes; objects shared by every state, such as the cards, not counted)")
    for name in games:
        for figure in measure_memory(name, SUITES[name], sizes):
            report.memory.append(figure)
            say(f"{name:<8}{figure.name:<28}{_num(figure.value):>12}  {figure.unit}")
    say("\npeers (C++ engines driven from Python)")
    if peers:
        bench_peers(report, sizes)
    else:
        for name in (*PEER_GAMES, "rlcard uno"):
            report.missing_peers[name] = "skipped (--no-peers)"
    for result in report.peers:
        say(_result_row(result, width=24))
    for name, why in report.missing_peers.items():
        say(f"{name:<24}{why}")
    say(f"\npaired runs: each comparison's two loops timed back to back, {sizes.repeats} pairs")
    compare(report, sizes)
    say(
        "\ncomparisons: ours / theirs, median of the paired runs [their range] "
        "(best runs; median runs) against the target"
    )
    for comparison in report.comparisons:
        say(_comparison_row(comparison))
    return report


def _printer(table: bool) -> Callable[[str], None]:
    def say(line: str) -> None:
        if table:
            print(line, flush=True)

    return say


def _row(game: str, name: str, best: str, median: str, unit: str, width: int = 8) -> str:
    return f"{game:<{width}}{name:<16}{best:>12}  {median:>12}  {unit}"


def _result_row(result: Result, width: int = 8) -> str:
    best, median = _num(result.best), _num(result.median)
    row = _row(result.game, result.name, best, median, result.unit, width)
    return f"{row:<{width + 56}}  {result.note}".rstrip()


def _comparison_row(comparison: Comparison) -> str:
    ratio, best, median = comparison.ratio, comparison.best_ratio, comparison.median_ratio
    if ratio is None or best is None or median is None:
        missing = "ours" if comparison.ours is None else "peer"
        return f"  {comparison.label:<56}  not measured ({missing} not run)"
    verdict = "met" if comparison.met else "NOT met"
    paired = comparison.paired
    spread = f" [{min(paired):.2f}-{max(paired):.2f}]" if paired else ""
    return (
        f"  {comparison.label:<56}{ratio:>7.2f}x{spread} ({best:.2f}x; {median:.2f}x)"
        f"  target >= {comparison.target:g}x: {verdict}"
    )


def _num(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:,.2f}"


def environment() -> dict[str, Any]:
    """Where and on what the figures were measured."""
    data: dict[str, Any] = {
        "cardrules": cr.__version__,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "load_average": _load_average(),
        "commit": None,
        "local_changes_in_src": None,
    }
    try:
        git = ["git", "-C", str(ROOT)]
        head = subprocess.run(
            [*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True, timeout=10
        )
        status = subprocess.run(
            [*git, "status", "--porcelain", "--", "src"],
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        )
        data["commit"] = head.stdout.strip()
        data["local_changes_in_src"] = bool(status.stdout.strip())
    except (OSError, subprocess.SubprocessError):
        pass  # not a git checkout, or no git: the figures still stand
    return data


def _load_average() -> list[float] | None:
    try:
        return [round(load, 2) for load in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def _commit(env: dict[str, Any], changed: str) -> str:
    """The commit measured, with ``changed`` appended if src/ had uncommitted changes."""
    commit = env["commit"][:10] if env["commit"] else "unknown commit"
    return commit + changed if env["local_changes_in_src"] else commit


def _describe(env: dict[str, Any]) -> str:
    commit = _commit(env, " + uncommitted changes in src/")
    load = env["load_average"]
    load_text = f", load average {' '.join(f'{x:.2f}' for x in load)}" if load else ""
    return (
        f"cardrules {env['cardrules']} ({commit}) on {env['python']}, {env['platform']}, "
        f"{env['cpus']} CPUs{load_text}"
    )


def _plot_title(env: dict[str, Any], sizes: Sizes) -> str:
    commit = _commit(env, "+changes")
    load = env["load_average"]
    load_text = f", load {load[0]}" if load else ""
    return (
        f"cardrules {env['cardrules']} ({commit}) vs C++ engines driven from Python; "
        f"{env['python']}, {env['cpus']} CPUs{load_text}; best of {sizes.repeats} runs"
    )


def to_json(report: Report, env: dict[str, Any], sizes: Sizes, quick: bool) -> dict[str, Any]:
    """Every figure of ``report`` as JSON-friendly data."""
    return {
        **env,
        "quick": quick,
        "sizes": dataclasses.asdict(sizes),
        "results": [result.to_dict() for result in report.results],
        "search": [result.to_dict() for result in report.search],
        "memory": [figure.to_dict() for figure in report.memory],
        "peers": [result.to_dict() for result in report.peers],
        "missing_peers": report.missing_peers,
        "comparisons": [comparison.to_dict() for comparison in report.comparisons],
    }


def plot(report: Report, path: str, title: str) -> str:
    """Draw the ratios against their targets to ``path``; return what was done."""
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        return f"no plot: matplotlib is not installed (pip install matplotlib), {path} not written"
    matplotlib.use("Agg")
    pyplot = importlib.import_module("matplotlib.pyplot")
    measured = [c for c in report.comparisons if c.ratio is not None]
    if not measured:
        return f"no plot: no comparison could be measured (no peer installed), {path} not written"
    ratios = [c.ratio or 0.0 for c in measured]
    positions = list(range(len(measured)))
    figure, axes = pyplot.subplots(figsize=(9, 5))
    bars = axes.bar(
        positions,
        ratios,
        width=0.6,
        color=["#2e7d32" if c.met else "#c62828" for c in measured],
        label="cardrules / peer, best runs (green: target met, red: not met)",
    )
    for position, comparison in zip(positions, measured, strict=True):
        axes.hlines(
            comparison.target,
            position - 0.4,
            position + 0.4,
            colors="black",
            linestyles="dashed",
            label="target" if position == 0 else None,
        )
    for bar, ratio in zip(bars, ratios, strict=True):
        axes.annotate(
            f"{ratio:.2f}x",
            (bar.get_x() + bar.get_width() / 2, bar.get_height()),
            xytext=(0, 2),
            textcoords="offset points",
            ha="center",
            va="bottom",
            fontsize=9,
        )
    axes.axhline(1.0, color="grey", linewidth=0.8)
    axes.set_yscale("log")
    ticks = [0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20]
    low = min(min(ratios), 1.0) / 1.5
    high = max(max(ratios), max(c.target for c in measured)) * 2
    axes.set_yticks([t for t in ticks if low <= t <= high], minor=False)
    axes.set_yticklabels([f"{t:g}x" for t in ticks if low <= t <= high])
    axes.set_ylim(low, high)
    labels = [textwrap.fill(c.label, 24) for c in measured]
    axes.set_xticks(positions, labels, fontsize=8)
    axes.set_ylabel("speed ratio, cardrules / peer (log scale)")
    axes.set_title(title, fontsize=9)
    axes.legend(loc="upper left", fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    pyplot.close(figure)
    return f"plot written to {path}"


def markdown(report: Report, env: dict[str, Any], sizes: Sizes) -> str:
    """The figures of ``report`` as Markdown tables."""
    lines = [f"Measured: {_describe(env)}; best and median of {sizes.repeats} runs.", ""]
    lines += ["| game | benchmark | best | median | unit | note |", "|---|---|--:|--:|---|---|"]
    for result in (*report.results, *report.search, *report.peers):
        lines.append(
            f"| {result.game} | {result.name} | {_num(result.best)} | {_num(result.median)} "
            f"| {result.unit} | {result.note} |"
        )
    for name, why in report.missing_peers.items():
        lines.append(f"| {name} | | | | | {why} |")
    lines += ["", "| game | memory | bytes |", "|---|---|--:|"]
    for figure in report.memory:
        lines.append(f"| {figure.game} | {figure.name} | {_num(figure.value)} |")
    lines += [
        "",
        "| comparison | ours / theirs (paired) | paired range | best runs | median runs "
        "| target | |",
        "|---|--:|--:|--:|--:|--:|---|",
    ]
    for comparison in report.comparisons:
        ratio, best, median = comparison.ratio, comparison.best_ratio, comparison.median_ratio
        if ratio is None or best is None or median is None:
            lines.append(f"| {comparison.label} | | | | | {comparison.target:g}x | not measured |")
            continue
        verdict = "met" if comparison.met else "**not met**"
        paired = comparison.paired
        spread = f"{min(paired):.2f}-{max(paired):.2f}x" if paired else ""
        lines.append(
            f"| {comparison.label} | {ratio:.2f}x | {spread} | {best:.2f}x | {median:.2f}x "
            f"| {comparison.target:g}x | {verdict} |"
        )
    return "\n".join(lines) + "\n"


def profile(name: str, hands: int, top: int) -> str:
    """cProfile of ``hands`` random hands of game ``name``: the top entries by own time
    and by cumulative time."""
    suite = SUITES[name]
    hands_benchmark = suite.benchmarks[0]
    sizes = dataclasses.replace(QUICK, repeats=1, hands=hands)
    profiler = cProfile.Profile()
    profiler.enable()
    hands_benchmark(name, suite, sizes)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs()
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the benchmarks."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes (for CI)")
    parser.add_argument(
        "--game",
        action="append",
        choices=sorted(SUITES),
        help="benchmark only this game of ours (may be repeated; default: all)",
    )
    parser.add_argument("--repeats", type=int, help="runs per benchmark (default 7, quick 2)")
    parser.add_argument("--no-peers", action="store_true", help="do not run the peers")
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="FILE",
        help="write every figure as JSON to FILE (no FILE, or -: print it instead of the table)",
    )
    parser.add_argument("--plot", metavar="FILE.png", help="bar chart of the ratios (matplotlib)")
    parser.add_argument(
        "--markdown",
        metavar="FILE",
        help="write the figures as Markdown tables to FILE (for docs/performance.md)",
    )
    parser.add_argument(
        "--profile",
        choices=sorted(SUITES),
        help="profile the random-hand loop of this game with cProfile, and stop",
    )
    parser.add_argument("--top", type=int, default=25, help="entries shown by --profile")
    args = parser.parse_args(argv)

    sizes = QUICK if args.quick else FULL
    if args.repeats is not None:
        if args.repeats < 1:
            parser.error("--repeats must be at least 1")
        sizes = dataclasses.replace(sizes, repeats=args.repeats)
    if args.profile:
        print(profile(args.profile, sizes.hands, args.top))
        return 0
    games = args.game or list(SUITES)
    env = environment()
    json_to_stdout = args.json == "-"
    if not json_to_stdout:
        print(_describe(env))
        print(
            f"{sizes.repeats} runs of each benchmark: best and median"
            f"{' (quick sizes: the numbers mean nothing)' if args.quick else ''}\n"
        )
    report = run_all(games, sizes, peers=not args.no_peers, table=not json_to_stdout)
    data = to_json(report, env, sizes, args.quick)
    if json_to_stdout:
        print(json.dumps(data, indent=2, ensure_ascii=False))
    elif args.json:
        Path(args.json).write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        print(f"\nfigures written to {args.json}")
    if args.plot:
        message = plot(report, args.plot, _plot_title(env, sizes))
        print(message, file=sys.stderr if json_to_stdout else sys.stdout)
    if args.markdown:
        Path(args.markdown).write_text(markdown(report, env, sizes), encoding="utf-8")
        print(f"Markdown tables written to {args.markdown}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
