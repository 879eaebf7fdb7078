"""Write a simple bot and plug it into the arena.

What it shows:

* the bot interface: a ``name`` and ``choose(game, view, moves, seed)``, where ``view``
  is what the bot's seat may know (``game.observe``) and ``moves`` its legal moves;
* a bot that needs no search: in Cramps it plays its lowest card on tricks that cost
  points and its highest on tricks that earn them;
* ``cardrules.arena.run_arena``: many games with seats rotated, against the library's
  own random and rule-of-thumb bots, with a results table. A run is replayed exactly by
  its two seeds: ``seed`` deals the cards, ``bot_seed`` seeds the bots' decisions (they
  are independent, so a bot's seed tells it nothing about the deal). Both are fresh
  random seeds unless given, and the script prints them.

Run it with, for example::

    python examples/arena_bot.py --games 40 --workers 2
    python examples/arena_bot.py --games 40 --seed 1 --bot-seed 2   # the same run again
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import attrs

import cardrules as cr
from cardrules.arena import run_arena
from cardrules.bots import Bot, HeuristicBot, RandomBot


@attrs.frozen
class GreedyBot:
    """Highest card when the trick is worth points, lowest when it costs points."""

    name: str = "greedy"

    def choose(
        self,
        game: cr.Game[Any, Any, Any],
        view: cr.CrampsView,
        moves: Sequence[cr.Move],
        seed: int,
    ) -> cr.Move:
        """Pick by the value of the trick being played (C8)."""
        assert isinstance(game, cr.Cramps)  # this bot only knows Cramps
        value = game.trick_values[view.trick_number - 1]
        cards = sorted(moves, key=lambda move: move.card.rank if isinstance(move, cr.Play) else 0)
        return cards[-1] if value > 0 else cards[0]


def main(argv: Sequence[str] | None = None) -> None:
    """Run the arena and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games to play (default 8)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--seed", type=int, help="seed of the deals (default: fresh)")
    parser.add_argument("--bot-seed", type=int, help="seed of the bots (default: fresh)")
    args = parser.parse_args(argv)
    bots: list[Bot] = [GreedyBot(), HeuristicBot(), RandomBot(), RandomBot()]
    result = run_arena(
        cr.Cramps(),
        bots,
        games=args.games,
        seed=args.seed,
        bot_seed=args.bot_seed,
        workers=args.workers,
        progress=False,
    )
    print(result.table())
    best = max(result.rows(), key=lambda row: row.win_share)
    print(f"most wins: {best.entrant} ({best.win_share:.0%} of {best.games} games)")
    print(f"replay this run with --seed {result.seed} --bot-seed {result.bot_seed}")


if __name__ == "__main__":
    main()
