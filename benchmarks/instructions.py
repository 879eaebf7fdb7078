"""The comparisons of bench.py counted in machine instructions instead of seconds.

Wall-clock rates on a shared or throttled machine can move by a factor of two from one
minute to the next; the number of instructions a workload executes does not depend on
the load. This script runs each workload of bench.py's comparisons under Valgrind's
callgrind twice (setup only, then setup and ``units`` units of work) and reports the
instructions per unit and the ratios, ours / theirs, as speeds (theirs per unit divided
by ours per unit). Instructions are not time (a C++ engine and the Python interpreter
do not execute the same kind of instructions at the same rate), so read the ratios
beside bench.py's, not instead of them.

    python benchmarks/instructions.py            # needs valgrind and the bench extra
    python benchmarks/instructions.py --only cramps-hands hearts-games

Workloads are the loops of bench.py with its seeds: a random Cramps hand, a random
4-player Craits hand, a random OpenSpiel hearts (no passing) or crazy_eights game, and
one child (legal moves, then clone and apply) of 200 mid-hand states. The ``*-host-*``
workloads are loops of hosts.py: random games through PettingZoo and OpenSpiel and
through the library doing the same work directly (the encoding, explicit chance,
information states), and their ratios are costs per move, host over baseline (the
adapters' target is at most 2x), without the noise of a loaded machine:

    python benchmarks/instructions.py --only cramps-host-chance cramps-host-openspiel

The ``*-preset-moves`` and ``*-openspiel-moves`` workloads are the loops of peers.py:
random games of one of the library's games that OpenSpiel also has (Hearts, Spades, Oh
Hell, Crazy Eights, Euchre, Skat), through its OpenSpiel preset (``cr.Euchre.openspiel()``),
and of OpenSpiel's game, counted per move (a player's decision), for its ratio without
the noise of a loaded machine:

    python benchmarks/instructions.py --only euchre-preset-moves euchre-openspiel-moves

The ``uno-rlcard-*`` workloads are the loops of uno_rlcard.py: random games of
``cr.Uno.rlcard()`` and of RLCard's ``uno`` stepped through its game object and through
its environment, counted per move:

    python benchmarks/instructions.py --only uno-rlcard-preset-moves uno-rlcard-game-moves
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench
import peers
import spiel_loops
import uno_rlcard

import cardrules as cr

Workload = tuple[Callable[[], Any], Callable[[Any, int, int], int]]
"""A setup returning its data, and a function doing ``units`` units of work on it from
unit number ``first`` (the seeds of the hands or games), returning how many units of
what the ratio counts it did (e.g. children)."""


def _our_hands(name: str) -> Workload:
    suite = bench.SUITES[name]

    def setup() -> Any:
        return suite.factory()

    def run(game: Any, first: int, units: int) -> int:
        # bench.py's loops: 52 plays for a Cramps hand, moves until the hand number
        # changes for a Craits hand.
        new_game, legal_moves, apply = game.new_game, game.legal_moves, game.apply
        pick = random.Random(first).random
        for seed in range(first, first + units):
            state = new_game(seed=seed, **suite.setup)
            if name == "cramps":
                for _ in range(52):
                    moves = legal_moves(state)
                    state = apply(state, moves[int(pick() * len(moves))])
                continue
            while state.hand_number == 1 and not state.is_over:
                moves = legal_moves(state)
                state = apply(state, moves[int(pick() * len(moves))])
        return units

    return setup, run


def _our_children(name: str) -> Workload:
    suite = bench.SUITES[name]

    def setup() -> Any:
        game = suite.factory()
        return game, bench._mid_hand_states(suite, game, 200)

    def run(data: Any, first: int, units: int) -> int:
        game, states = data
        slot = bench.remembered_slot(states[0])
        children = 0
        for _ in range(units):
            for state in states:
                setattr(state, slot, None)  # as bench.py: legal moves worked out each time
                for move in game.legal_moves(state):
                    game.apply(state, move)
                    children += 1
        return children

    return setup, run


def _spiel_games(name: str) -> Workload:
    def setup() -> Any:
        return bench._spiel_game(name)

    def run(game: Any, first: int, units: int) -> int:
        pick = random.Random(first).random
        for _ in range(units):
            bench._spiel_random_game(game, pick, bench.SPIEL_FIRST_CHANCE.get(name))
        return units

    return setup, run


def _spiel_children(name: str) -> Workload:
    def setup() -> Any:
        game = bench._spiel_game(name)
        return bench._spiel_mid_game_states(game, 200, bench.SPIEL_FIRST_CHANCE.get(name))

    def run(states: Any, first: int, units: int) -> int:
        children = 0
        for _ in range(units):
            for state in states:
                for action in state.legal_actions():
                    child = state.clone()
                    child.apply_action(action)
                    children += 1
        return children

    return setup, run


def _host_moves(game_name: str, loop: str) -> Workload:
    """Random games through one loop of hosts.py (``loop``: a host, or the library
    doing the same work directly) for Cramps or Craits with 4 players; a unit is a
    game, and the ratio counts its moves (the idiot calls made for the seats not
    counted, as in hosts.py)."""

    def setup() -> Any:
        import hosts

        rules = cr.Cramps() if game_name == "cramps" else cr.Craits(players=4)
        if loop == "library + encoding":
            return partial(hosts.encoded_game, rules)
        if loop == "library + explicit chance":
            return partial(hosts.chance_game, rules)
        if loop == "library + chance + info states":
            return partial(hosts.chance_game, rules, informed=True)
        if loop == "pettingzoo":
            from cardrules.hosts.pettingzoo import CardGameEnv

            return partial(hosts.pettingzoo_game, CardGameEnv(rules))
        from cardrules.hosts.openspiel import load_game

        tensors = {"openspiel": "", "openspiel + info observer": "observer"}[loop]
        return partial(hosts.openspiel_game, load_game(rules), tensors=tensors)

    def run(play: Any, first: int, units: int) -> int:
        return sum(play(seed) for seed in range(first, first + units))

    return setup, run


def _preset_moves(module_name: str) -> Workload:
    """Random games of one of the library's games through its OpenSpiel preset, peers.py's
    loop; a unit is a game, the count is its moves (each ``apply``)."""

    def setup() -> Any:
        return peers.preset_game(module_name)

    def run(game: Any, first: int, units: int) -> int:
        pick = random.Random(first).random
        return sum(peers.play_random_game(game, seed, pick) for seed in range(first, first + units))

    return setup, run


def _spiel_decisions(module_name: str) -> Workload:
    """Random games of OpenSpiel's game of that name, peers.py's loop (chance outcomes
    sampled from Python); the count is its players' decisions."""
    _, spiel_name, parameters = peers.PEERS[module_name]

    def setup() -> Any:
        return spiel_loops.pyspiel.load_game(spiel_name, parameters)

    def run(game: Any, first: int, units: int) -> int:
        pick = random.Random(first).random
        return sum(spiel_loops.play_to_end(spiel_loops.new_state(game), pick) for _ in range(units))

    return setup, run


def _uno_moves(side: str) -> Workload:
    """Random games of one side of uno_rlcard.py (``"ours"``: ``cr.Uno.rlcard()``, or
    RLCard's ``"game"`` or ``"env"``); a unit is a game, the count is its moves."""
    play: dict[str, Callable[[Any, int, Callable[[], float]], int]] = {
        "ours": uno_rlcard.play_preset_game,
        "game": lambda peer, _, pick: uno_rlcard.play_rlcard_game(peer, pick),
        "env": lambda peer, _, pick: uno_rlcard.play_rlcard_env(peer, pick),
    }
    make: dict[str, Callable[[], Any]] = {
        "ours": uno_rlcard.preset_game,
        "game": uno_rlcard.rlcard_game,
        "env": uno_rlcard.rlcard_env,
    }

    def run(data: Any, first: int, units: int) -> int:
        pick = random.Random(first).random
        return sum(play[side](data, seed, pick) for seed in range(first, first + units))

    return make[side], run


_HOST_LOOPS = (
    ("encoding", "library + encoding"),
    ("pettingzoo", "pettingzoo"),
    ("chance", "library + explicit chance"),
    ("openspiel", "openspiel"),
    ("chance-info", "library + chance + info states"),
    ("openspiel-observer", "openspiel + info observer"),
)
"""The loops of hosts.py counted here (short name, hosts.py's name): each host beside
its baseline, the library doing the same work directly."""

WORKLOADS: dict[str, tuple[Workload, int, int, str]] = {
    "cramps-hands": (_our_hands("cramps"), 300, 40, "hand"),
    "hearts-games": (_spiel_games("openspiel hearts"), 20, 40, "game"),
    "craits-hands": (_our_hands("craits"), 50, 15, "hand"),
    "crazy_eights-games": (_spiel_games("openspiel crazy_eights"), 20, 40, "game"),
    "cramps-children": (_our_children("cramps"), 1, 3, "child"),
    "hearts-children": (_spiel_children("openspiel hearts"), 1, 3, "child"),
    "craits-children": (_our_children("craits"), 1, 3, "child"),
    "crazy_eights-children": (_spiel_children("openspiel crazy_eights"), 1, 3, "child"),
}
WORKLOADS.update(
    {
        f"{game}-host-{short}": (_host_moves(game, loop), 1, 3 if game == "cramps" else 1, "move")
        for game in ("cramps", "craits")
        for short, loop in _HOST_LOOPS
    }
)
_PRESET_GAMES = {  # the games of each count (Hearts plays to 100: one game is many deals)
    "hearts": 4,
    "spades": 4,
    "oh_hell": 10,
    "crazy_eights": 30,
    "euchre": 100,
    "skat": 100,
}
for _name, _games in _PRESET_GAMES.items():
    WORKLOADS[f"{_name}-preset-moves"] = (_preset_moves(_name), 2, _games, "move")
    WORKLOADS[f"{_name}-openspiel-moves"] = (_spiel_decisions(_name), 2, 100, "move")
for _side in ("preset", "game", "env"):
    WORKLOADS[f"uno-rlcard-{_side}-moves"] = (
        _uno_moves("ours" if _side == "preset" else _side),
        2,
        40,
        "move",
    )
"""Each workload, the units that warm it up (as bench.py's repeated runs are warm), the
units one count runs, and what a unit is (what its ratio counts)."""

COMPARISONS = (
    ("Cramps hands vs OpenSpiel hearts games", "cramps-hands", "hearts-games"),
    ("Craits 4p hands vs OpenSpiel crazy_eights games", "craits-hands", "crazy_eights-games"),
    ("Cramps children vs OpenSpiel hearts children", "cramps-children", "hearts-children"),
    ("Craits children vs crazy_eights children", "craits-children", "crazy_eights-children"),
    *(
        (
            f"{name} preset vs OpenSpiel per move",
            f"{name}-preset-moves",
            f"{name}-openspiel-moves",
        )
        for name in _PRESET_GAMES
    ),
    (
        "Uno.rlcard() vs RLCard uno game per move",
        "uno-rlcard-preset-moves",
        "uno-rlcard-game-moves",
    ),
    ("Uno.rlcard() vs RLCard uno env per move", "uno-rlcard-preset-moves", "uno-rlcard-env-moves"),
    *(
        (
            f"{title}: {host} per move / {baseline} (cost)",
            f"{game}-host-{ours}",
            f"{game}-host-{it}",
        )
        for game, title in (("cramps", "Cramps"), ("craits", "Craits 4p"))
        for (ours, baseline), (it, host) in zip(_HOST_LOOPS[::2], _HOST_LOOPS[1::2], strict=True)
    ),
)


def run_workload(name: str, units: int) -> int:
    """Set up ``name``, warm it up (other seeds), then do ``units`` units."""
    (setup, run), warm, _, _ = WORKLOADS[name]
    data = setup()
    run(data, 10**6, warm)
    # What the imports, the setup and the warm-up left (OpenSpiel's modules too) is
    # kept out of the garbage collector's sight: a full collection over all of it costs
    # a few million instructions, which would be counted against whichever workload's
    # units happened to trigger it.
    gc.collect()
    gc.freeze()
    return run(data, 0, units)


_ENV = {**os.environ, "PYTHONHASHSEED": "0"}
"""The workloads' environment: string hashing seeded alike in every run, since the
layout of dicts and sets, and so the instruction count, depends on it (by a few per
cent from one seed to another)."""


def count(name: str, units: int) -> int:
    """Instructions executed by ``run_workload(name, units)``, from callgrind."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--run",
        name,
        str(units),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=_ENV)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no instruction count for {name}:\n{done.stderr}")
    return int(found.group(1))


def per_unit(name: str) -> float:
    """Instructions per unit of ``name`` (setup and warm-up subtracted)."""
    _, _, units, _ = WORKLOADS[name]
    done = int(subprocess.run(
        [sys.executable, __file__, "--run", name, str(units)],
        capture_output=True, text=True, check=True,
    ).stdout)  # fmt: skip
    return (count(name, units) - count(name, 0)) / done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", choices=sorted(WORKLOADS), help="these workloads")
    parser.add_argument("--run", nargs=2, metavar=("WORKLOAD", "UNITS"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.run:
        print(run_workload(args.run[0], int(args.run[1])))
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: it counts the instructions", file=sys.stderr)
        return 2
    names = args.only or list(WORKLOADS)
    counted: dict[str, float] = {}
    for name in names:
        try:
            counted[name] = per_unit(name)
        except subprocess.CalledProcessError as error:
            print(f"{name}: not measured ({error.stderr.strip().splitlines()[-1]})")
            continue
        print(f"{name:<32} {counted[name]:>14,.0f} instructions per {WORKLOADS[name][3]}")
    for label, ours, theirs in COMPARISONS:
        if ours in counted and theirs in counted:
            print(f"{label:<50} {counted[theirs] / counted[ours]:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
