"""How much the observation encoders (cardrules.encoding) cost, in microseconds per call,
and what they add to a random game.

    python benchmarks/encoding.py                 # a few seconds
    python benchmarks/encoding.py --quick         # tiny sizes: checks that it runs
    python benchmarks/encoding.py --instructions  # the loops under Valgrind (minutes)

For each game: positions of random games are collected first, then every kind of call
is timed over all of them, several times (the best run counts):

* ``observe``: ``game.observe(state, seat)``, for comparison (the view the
  observation is made from);
* ``observation(view)``: the encoding of a view made beforehand;
* ``legal_mask``: ``encoder.legal_mask(state)``;
* ``after``: ``info.after(step)`` for the first seat (it works out the step's public
  part) and for each further seat (which shares it, see ``Encoder.info_states``);
* ``info.observation`` and ``info.vector``: made from a new information state.

Then random games are played (the same games each time) by these loops, and their
costs per move compared with the first:

* ``direct``: ``legal_moves``, a random choice, ``step``;
* ``infos``: the same, and every seat's information state moved on
  (``encoder.after(infos, step)``), the observation of the player to move from its
  information state and the legal mask: what a host does with this package;
* ``views``: the same as ``direct``, and ``encoder.observation(game.observe(state,
  seat))`` for the player to move and the legal mask.

Then, for each game (Cramps and Craits, and the OpenSpiel presets of Hearts, Spades, Oh
Hell, Euchre and Crazy Eights, on their family's encoder), the quick NumPy paths against the
lists they replace, interleaved (list, quick, list, quick, ...; the best run of each
counts), per position of random games:

* ``rows``: an :class:`~cardrules.encoding.arrays.ObservationArrays` moved on by a
  step and one seat's observation copied out (what PettingZoo and Gymnasium ask for at
  every move): by way of the views and lists (:class:`~cardrules.encoding.rows.ViewRows`,
  every row written at each step) against the encoder's own rows (a family's write a
  row when it is asked for);
* ``info.array(out=)``: an information state's vector written into a buffer (what
  OpenSpiel's observer asks for): by way of the list
  (:class:`~cardrules.encoding.writers.Writer`) against the encoder's writer.

    python benchmarks/encoding.py --paths          # only the list-versus-quick figures

The wall clock of a shared machine moves from one minute to the next;
``--instructions`` counts each loop's machine instructions with Valgrind's callgrind
instead (a loop of no game is subtracted: the interpreter's start and the imports).
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import cardrules as cr
from cardrules.encoding import InfoState, encoder_for
from cardrules.encoding.rows import ViewRows
from cardrules.encoding.writers import Writer
from cardrules.games.crazy_eights import rules as crazy_eights
from cardrules.games.euchre import rules as euchre
from cardrules.games.hearts import rules as hearts
from cardrules.games.oh_hell import rules as oh_hell
from cardrules.games.spades import rules as spades

GAMES: dict[str, Any] = {
    "cramps": cr.Cramps(),
    "craits4": cr.Craits(players=4),
    "craits7": cr.Craits(players=7),
}
LOOPS = ("direct", "infos", "views")
EXAMPLES: dict[str, Any] = {
    "hearts": hearts.Hearts.openspiel(),
    "spades": spades.Spades.openspiel(),
    "oh_hell": oh_hell.OhHell.openspiel(),
    "euchre": euchre.Euchre.openspiel(),
    "crazy_eights": crazy_eights.CrazyEights.openspiel(),
}


def _positions(game: Any, games: int) -> list[list[tuple[Any, Any]]]:
    """``(state, step)`` for every move of random games, game by game."""
    chooser = random.Random(1)
    found = []
    for seed in range(games):
        moves = []
        state = game.new_game(seed=seed)
        while not state.is_over:
            step = game.step(state, chooser.choice(game.legal_moves(state)))
            moves.append((state, step))
            state = step.state
        found.append(moves)
    return found


def _best(
    run: Callable[[Any], object], count: int, repeats: int, setup: Callable[[], Any] = list
) -> float:
    """The best time of ``repeats`` runs of ``run(setup())`` (``setup`` is not timed),
    in µs per item of ``count``."""
    best = float("inf")
    for _ in range(repeats):
        data = setup()
        began = time.perf_counter()
        run(data)
        best = min(best, time.perf_counter() - began)
    return best / count * 1e6


def play(game: Any, games: int, loop: str) -> int:
    """Play ``games`` random games with one of :data:`LOOPS`; returns the moves made."""
    encoder = encoder_for(game)
    chooser = random.Random(3)
    moves = 0
    for seed in range(games):
        state = game.new_game(seed=seed)
        infos: Sequence[InfoState] = encoder.info_states(state) if loop == "infos" else ()
        while not state.is_over:
            if loop == "infos":
                infos[state.to_move].observation  # noqa: B018  (the work being measured)
                encoder.legal_mask(state)
            elif loop == "views":
                encoder.observation(game.observe(state, state.to_move))
                encoder.legal_mask(state)
            step = game.step(state, chooser.choice(game.legal_moves(state)))
            state = step.state
            if loop == "infos":
                infos = encoder.after(infos, step)
            moves += 1
    return moves


def measure(game: Any, games: int, repeats: int) -> dict[str, float]:
    """The costs of one rules object's encoder (see the module documentation)."""
    encoder = encoder_for(game)
    played = _positions(game, games)
    positions = [position for moves in played for position in moves]
    views = [game.observe(state, state.to_move) for state, _ in positions]
    chains: list[InfoState] = []  # seat 0's information state at each position
    for moves in played:
        infos = encoder.info_states(moves[0][0])
        for _, step in moves:
            chains.append(infos[0])
            infos = encoder.after(infos, step)
    count = len(positions)
    steps = [step for _, step in positions]

    def forget() -> list[InfoState]:
        for info in chains:
            info._public.next = None  # the public part is worked out again
        return chains

    def first_seat(infos: list[InfoState]) -> None:
        for info, step in zip(infos, steps, strict=True):
            info.after(step)

    def each_seat(groups: list[tuple[InfoState, ...]]) -> None:
        for infos, step in zip(groups, steps, strict=True):
            for info in infos:
                info.after(step)

    def shared() -> list[tuple[InfoState, ...]]:
        groups = [encoder.info_states(state) for state, _ in positions]
        for infos, step in zip(groups, steps, strict=True):
            infos[0].after(step)  # the public part is known: the others share it
        return [infos[1:] for infos in groups]

    def new_infos() -> list[InfoState]:
        return [info.after(step) for info, step in zip(chains, steps, strict=True)]

    def observations(infos: list[InfoState]) -> None:
        for info in infos:
            info.observation  # noqa: B018  (the work being timed)

    def vectors(infos: list[InfoState]) -> None:
        for info in infos:
            info.vector  # noqa: B018

    def observes(_: object) -> None:
        for state, _step in positions:
            game.observe(state, state.to_move)

    def encodes(_: object) -> None:
        for view in views:
            encoder.observation(view)

    def masks(_: object) -> None:
        for state, _step in positions:
            encoder.legal_mask(state)

    figures = {
        "observe": _best(observes, count, repeats),
        "observation(view)": _best(encodes, count, repeats),
        "legal_mask": _best(masks, count, repeats),
        "after, first seat": _best(first_seat, count, repeats, forget),
        "after, each further seat": _best(each_seat, count * (game.players - 1), repeats, shared),
        "info.observation": _best(observations, count, repeats, new_infos),
        "info.vector": _best(vectors, count, repeats, new_infos),
    }
    made = play(game, games, "direct")
    for loop in LOOPS:
        figures[f"move, {loop} loop"] = _best(_player(game, games, loop), made, repeats)
    return figures


def paths(game: Any, games: int, repeats: int, moves: int = 300) -> dict[str, float]:
    """The quick NumPy paths against the lists, in µs per position (see the module
    documentation): ``rows, lists``, ``rows, quick`` and their ratio, the same for
    ``info.array(out=)``. Each game is cut at ``moves`` moves."""
    np = __import__("numpy")
    encoder = encoder_for(game)
    chooser = random.Random(5)
    steps: list[list[Any]] = []
    chain: list[InfoState] = []  # a seat's information state at each position, in turn
    for seed in range(games):
        state = game.new_game(seed=seed)
        infos = encoder.info_states(state)
        played: list[Any] = []
        while not state.is_over and len(played) < moves:
            step = game.step(state, chooser.choice(game.legal_moves(state)))
            infos = encoder.after(infos, step)
            chain.append(infos[len(played) % game.players])
            played.append(step)
            state = step.state
        steps.append([game.new_game(seed=seed), *played])
    count = sum(len(played) - 1 for played in steps)

    def rows(kind: str) -> Callable[[object], None]:
        def run(_: object) -> None:
            for start, *played in steps:
                made = ViewRows(encoder, np, start) if kind == "lists" else None
                tracker = made or encoder._array_rows(np, start)
                for step in played:
                    tracker.update(step.state, step.events)
                    tracker.observation(0)

        return run

    buffer = np.empty(encoder.info_state_size, np.float32)
    writers = {"lists": Writer(encoder, np), "quick": encoder._buffer_writer(np)}

    def arrays(kind: str) -> Callable[[object], None]:
        def run(_: object) -> None:
            encoder._writer = writers[kind]
            for info in chain:
                info.array(out=buffer)

        return run

    best: dict[str, float] = {}
    for _ in range(repeats):  # interleaved: the machine's load falls on both alike
        for name, run, items in (
            ("rows, lists", rows("lists"), count),
            ("rows, quick", rows("quick"), count),
            ("info.array(out=), lists", arrays("lists"), len(chain)),
            ("info.array(out=), quick", arrays("quick"), len(chain)),
        ):
            figure = _best(run, items, 1)
            best[name] = min(best.get(name, figure), figure)
    encoder._writer = None
    for what in ("rows", "info.array(out=)"):
        best[f"{what}, lists / quick"] = best[f"{what}, lists"] / best[f"{what}, quick"]
    return best


def _player(game: Any, games: int, loop: str) -> Callable[[object], object]:
    return lambda _: play(game, games, loop)


def instructions(name: str, games: int) -> dict[str, float]:
    """Instructions per move of each loop (callgrind), and the ratios to ``direct``."""

    def count(loop: str, games: int) -> tuple[int, int]:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
        command += [sys.executable, __file__, "--loop", name, loop, str(games)]
        out = subprocess.run(command, capture_output=True, text=True, check=True)
        collected = re.search(r"Collected : (\d+)", out.stderr)
        if collected is None:
            raise SystemExit(f"no instruction count from callgrind:\n{out.stderr}")
        return int(collected.group(1)), int(out.stdout.split()[-1])

    start, _ = count("direct", 0)
    figures: dict[str, float] = {}
    for loop in LOOPS:
        total, moves = count(loop, games)
        figures[f"{loop} loop"] = (total - start) / moves
    direct = figures["direct loop"]
    for loop in LOOPS[1:]:
        figures[f"{loop} / direct"] = figures[f"{loop} loop"] / direct
    return figures


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes (checks that it runs)")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (best counts)")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions with Valgrind"
    )
    parser.add_argument(
        "--paths", action="store_true", help="only the quick paths against the lists"
    )
    parser.add_argument(
        "--loop", nargs=3, metavar=("GAME", "LOOP", "GAMES"), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.loop:  # one loop, run under callgrind by --instructions
        name, loop, games = args.loop
        encoder_for(GAMES[name]).observation(GAMES[name].observe(GAMES[name].new_game(0), 0))
        print(play(GAMES[name], int(games), loop))
        return
    sizes = {"cramps": 6, "craits4": 2, "craits7": 1}
    if args.quick:
        sizes = dict.fromkeys(sizes, 1)
    if args.instructions:
        if shutil.which("valgrind") is None:
            raise SystemExit("--instructions needs valgrind (e.g. apt-get install valgrind)")
        for name, games in sizes.items():
            print(f"{name}: instructions per move")
            for what, value in instructions(name, 1 if args.quick else games // 2 or 1).items():
                print(
                    f"  {what:<26} {value:10.2f}" if "/" in what else f"  {what:<26} {value:10.0f}"
                )
        return
    repeats = 1 if args.quick else args.repeats
    if not args.paths:
        for name, games in sizes.items():
            game = GAMES[name]
            print(f"{type(game).__name__} {game.players} players: µs per call")
            for what, value in measure(game, games, repeats).items():
                print(f"  {what:<26} {value:8.2f}")
    print("quick NumPy paths against the lists: µs per position (ratio: lists / quick)")
    for name, game in {**GAMES, **EXAMPLES}.items():
        figures = paths(game, 1 if args.quick else 3, repeats, 40 if args.quick else 300)
        line = ", ".join(
            f"{what} {figures[f'{what}, lists']:.1f} vs {figures[f'{what}, quick']:.1f}"
            f" ({figures[f'{what}, lists / quick']:.2f}x)"
            for what in ("rows", "info.array(out=)")
        )
        print(f"  {name:<13} {line}")


if __name__ == "__main__":
    main()
