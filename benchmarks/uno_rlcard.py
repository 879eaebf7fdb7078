"""UNO per move: the library's ``cr.Uno.rlcard()`` against RLCard's ``uno`` (rlcard
1.2.0, the rules the preset plays; tests/test_peer_uno.py holds the two equal move for
move), random playouts on both sides, two players (RLCard's default).

RLCard is run both ways its users run it, each a move a step:

- ``game``: its game object, ``UnoGame``: ``init_game()``, then ``step(action)`` with a
  random one of ``get_legal_actions()`` until ``is_over()`` (what its search and
  simulation users do; ``step`` also builds the next player's state, as it always does);
- ``env``: its RL environment, ``rlcard.make("uno")``: ``reset()``, then ``step(id)``
  with a random one of the state's ``legal_actions`` until ``is_over()`` (what its
  agents are trained on: each step encodes the next player's observation).

The library plays ``cr.Uno.rlcard()``: ``new_game(seed)``, then ``apply`` of a random one
of ``legal_moves(state)`` until ``is_over`` (the loop of peers.py). A move is a player's
decision on both sides: RLCard's draw (with the drawn card played at once when it may
be) is one step, and so is the preset's. Rounds alternate between the sides; the ratio
is the median of the per-round ratios (moves per second, ours over theirs). Target:
at least 1.5x RLCard per move. The same loops counted in instructions, without the
noise of a loaded machine::

    python benchmarks/instructions.py --only uno-rlcard-preset-moves uno-rlcard-game-moves \\
        uno-rlcard-env-moves

Run::

    python benchmarks/uno_rlcard.py                   # 3 rounds of 1 s a side
    python benchmarks/uno_rlcard.py --rounds 5 --seconds 2
    python benchmarks/uno_rlcard.py --quick           # does it run? (CI)
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import cardrules as cr

TARGET = 1.5
"""The library's moves per second over RLCard's, at least."""

SIDES = ("game", "env")
"""RLCard's two loops (see the module text)."""


class PeerMissing(Exception):
    """RLCard (or NumPy) is not installed, or the library has no ``Uno`` yet."""


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError as error:
        raise PeerMissing(f"{name} is not installed ({error})") from None


def preset_game() -> Any:
    """The library's game: ``cr.Uno.rlcard()`` (two players)."""
    uno = getattr(cr, "Uno", None)
    if uno is None:
        raise PeerMissing("cardrules has no Uno yet")
    return uno.rlcard()


def rlcard_game(seed: int = 0) -> Any:
    """RLCard's ``UnoGame`` (two players), its generator seeded with ``seed``."""
    numpy = _module("numpy")
    game = _module("rlcard.games.uno.game").UnoGame()
    game.np_random = numpy.random.RandomState(seed)
    return game


def rlcard_env(seed: int = 0) -> Any:
    """RLCard's environment ``rlcard.make("uno")``, seeded with ``seed``."""
    return _module("rlcard").make("uno", config={"seed": seed})


def play_preset_game(game: Any, seed: int, pick: Callable[[], float]) -> int:
    """One random game of the library's ``game`` from ``seed``; its moves."""
    moves = 0
    state = game.new_game(seed=seed)
    legal_moves, apply = game.legal_moves, game.apply
    while not state.is_over:
        legal = legal_moves(state)
        state = apply(state, legal[int(pick() * len(legal))])
        moves += 1
    return moves


def play_rlcard_game(game: Any, pick: Callable[[], float]) -> int:
    """One random game of RLCard's ``UnoGame``; its steps."""
    steps = 0
    game.init_game()
    while not game.is_over():
        actions = game.get_legal_actions()
        game.step(actions[int(pick() * len(actions))])
        steps += 1
    return steps


def play_rlcard_env(env: Any, pick: Callable[[], float]) -> int:
    """One random game through RLCard's environment; its steps."""
    steps = 0
    state, _ = env.reset()
    while not env.is_over():
        actions = list(state["legal_actions"])
        state, _ = env.step(actions[int(pick() * len(actions))])
        steps += 1
    return steps


def per_second(play: Callable[[int], int], budget: float) -> tuple[float, float]:
    """Games of ``play`` (given a game number, returning its moves) for ``budget``
    seconds: moves per second and moves per game."""
    moves = games = 0
    began = time.perf_counter()
    while True:
        moves += play(games)
        games += 1
        elapsed = time.perf_counter() - began
        if elapsed >= budget:
            return moves / elapsed, moves / games


def loop(side: str, seed: int = 0) -> Callable[[int], int]:
    """The random games of one side (``"ours"`` or one of :data:`SIDES`), each given
    its number, seeded from ``seed``."""
    pick = random.Random(seed).random
    if side == "ours":
        game = preset_game()
        return lambda number: play_preset_game(game, seed * 1_000_003 + number, pick)
    if side == "game":
        peer = rlcard_game(seed)
        return lambda _: play_rlcard_game(peer, pick)
    env = rlcard_env(seed)
    return lambda _: play_rlcard_env(env, pick)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", choices=SIDES, default=list(SIDES))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="per measurement")
    parser.add_argument("--quick", action="store_true", help="tiny sizes (CI)")
    args = parser.parse_args(argv)
    rounds, budget = (1, 0.05) if args.quick else (args.rounds, args.seconds)
    if rounds < 1 or budget <= 0:
        parser.error("rounds must be at least 1 and seconds positive")
    try:
        ours_loop = loop("ours")
    except PeerMissing as missing:
        ours_loop = None
        print(f"cr.Uno.rlcard(): not measured ({missing})")
    for side in args.only:
        try:
            theirs_loop = loop(side)
        except PeerMissing as missing:
            print(f"RLCard uno ({side}): not measured ({missing}); pip install rlcard==1.2.0")
            continue
        ours: list[tuple[float, float]] = []
        theirs: list[tuple[float, float]] = []
        for _ in range(rounds):
            if ours_loop is not None:
                ours.append(per_second(ours_loop, budget))
            theirs.append(per_second(theirs_loop, budget))
        line = (
            f"RLCard {side:<4} {statistics.median(rate for rate, _ in theirs):>10,.0f} moves/s"
            f" ({statistics.median(length for _, length in theirs):.0f} a game)"
        )
        if ours:
            ratio = statistics.median(a / b for (a, _), (b, _) in zip(ours, theirs, strict=True))
            line += (
                f"   cr.Uno.rlcard() {statistics.median(rate for rate, _ in ours):>10,.0f}"
                f" ({statistics.median(length for _, length in ours):.0f} a game)"
                f"   {ratio:.2f}x (target at least {TARGET}x)"
            )
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
