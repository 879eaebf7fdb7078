"""The search bot against random players in the OpenSpiel presets of the games built on
the engines (Hearts, Crazy Eights, Oh Hell, Spades and Euchre), through the arena: one
ISMCTSBot and RandomBots in the other seats, seats rotated (in Spades the search bot's
partner is a random player). The figures in docs/bots.md come from

    python benchmarks/search_vs_random.py --game hearts --games 100
    python benchmarks/search_vs_random.py --game crazy_eights --games 40
    python benchmarks/search_vs_random.py --game oh_hell --games 30
    python benchmarks/search_vs_random.py --game spades --games 80
    python benchmarks/search_vs_random.py --game euchre --games 100

It shows that a game built from the library's parts gets determinization, and with it
the library's search bot, without code of its own.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import cardrules as cr
from cardrules.arena import run_arena
from cardrules.bots import Bot, ISMCTSBot, RandomBot


def preset_games() -> dict[str, Any]:
    """The games' OpenSpiel presets (Oh Hell for three, the others for four)."""
    return {
        "hearts": cr.Hearts.openspiel(),
        "crazy_eights": cr.CrazyEights.openspiel(players=4),  # one hand, as docs/bots.md
        "oh_hell": cr.OhHell.openspiel(),  # one deal, as docs/bots.md
        "spades": cr.Spades.openspiel(),  # one deal, as docs/bots.md
        "euchre": cr.Euchre.openspiel(),  # one deal, as docs/bots.md
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8, help="games per game (8)")
    parser.add_argument("--iterations", type=int, default=100, help="ISMCTS iterations (100)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (1)")
    parser.add_argument("--seed", type=int, default=1, help="deal seed (1)")
    games = ("hearts", "crazy_eights", "oh_hell", "spades", "euchre")
    parser.add_argument("--game", choices=games, help="only this one")
    args = parser.parse_args(argv)
    for name, game in preset_games().items():
        if args.game not in (None, name):
            continue
        bots: list[Bot] = [ISMCTSBot(iterations=args.iterations)]
        bots += [RandomBot() for _ in range(game.players - 1)]
        started = time.perf_counter()
        result = run_arena(
            game,
            bots,
            games=args.games,
            seed=args.seed,
            bot_seed=args.seed,
            workers=args.workers,
            progress=False,
        )
        others = game.players - 1
        print(f"{name}: {args.games} games, ISMCTSBot({args.iterations}) and {others} random")
        print(result.table())
        print(f"({time.perf_counter() - started:.0f} s)\n")


if __name__ == "__main__":
    main()
