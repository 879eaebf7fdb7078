"""A tournament: the library's bots over several of the library's games, with a table of
how often each won.

What it shows:

* the library's games by their registered names (``cr.game_class(name)()``: each at
  the rules people play by default);
* its three bots: ``RandomBot`` (a legal move at random), ``HeuristicBot`` (each
  game's rule-of-thumb habits) and ``ISMCTSBot`` (a search that deals the cards it has
  not seen in ways that agree with what it saw, and plays them out);
* ``cardrules.arena.run_arena`` for each game: the seats go round the bots, one side
  each (``game.teams()``: in Spades and Euchre both partners are the same bot, and the
  first two bots play; in a five-player game a bot may hold two seats), every deal is
  played once from each seat rotation so that no bot gets the better seats, and the
  result is reproducible from its two seeds: ``seed`` deals, ``bot_seed`` seeds the
  bots' decisions.

At its defaults it is quick, and the search, with 10 iterations a move, is weak: give it
a few hundred and more games to see it play well. Run it with, for example::

    python examples/tournament.py
    python examples/tournament.py --game hearts --game spades --games 16 --iterations 200
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import cardrules as cr
from cardrules.arena import ArenaResult, run_arena
from cardrules.bots import Bot, HeuristicBot, ISMCTSBot, RandomBot

QUICK_GAMES = ("cramps", "spades", "oh_hell", "euchre")
"""The games played unless others are named: those quickest to play out."""

LIBRARY_GAMES = ("cramps", "craits", "hearts", "spades", "oh_hell", "euchre", "crazy_eights")


def seat_bots(entrants: Sequence[Bot], game: cr.Game[Any, Any, Any]) -> list[Bot]:
    """The bot of each seat: the entrants in turn, a side each, round again."""
    seats: list[Bot] = [entrants[0]] * game.players
    for side, seats_of_side in enumerate(game.teams()):
        for seat in seats_of_side:
            seats[seat] = entrants[side % len(entrants)]
    return seats


def win_shares(result: ArenaResult) -> dict[str, float]:
    """Each bot's share of the games it played, over all the seats it held (the arena
    names a bot's second seat ``name#2``)."""
    wins: dict[str, float] = {}
    games: dict[str, int] = {}
    for row in result.rows():
        name = row.entrant.partition("#")[0]
        wins[name] = wins.get(name, 0.0) + row.wins
        games[name] = games.get(name, 0) + row.games
    return {name: wins[name] / games[name] for name in wins}


def tournament(
    names: Sequence[str], entrants: Sequence[Bot], games: int, seed: int, bot_seed: int
) -> dict[str, dict[str, float]]:
    """Play about ``games`` games of each game (rounded up to whole seat rotations);
    the win shares by game, then by bot."""
    shares = {}
    for name in names:
        game = cr.game_class(name)()
        rotations = -(-games // game.players)
        result = run_arena(
            game,
            seat_bots(entrants, game),
            games=rotations * game.players,
            seed=seed,
            bot_seed=bot_seed,
            workers=1,
            progress=False,
        )
        shares[name] = win_shares(result)
    return shares


def table(shares: dict[str, dict[str, float]], bots: Sequence[str]) -> str:
    """The win shares as a table, a game a line, with each bot's mean over the games it
    played ("-" where it did not play)."""

    def cell(share: float | None) -> str:
        return f"{'-':>11}" if share is None else f"{share:>11.0%}"

    width = max(len(name) for name in [*shares, "mean"])
    lines = [f"{'game':<{width}}" + "".join(f"{bot:>11}" for bot in bots)]
    for name, share in shares.items():
        lines.append(f"{name:<{width}}" + "".join(cell(share.get(bot)) for bot in bots))
    means = []
    for bot in bots:
        played = [share[bot] for share in shares.values() if bot in share]
        means.append(sum(played) / len(played) if played else None)
    lines.append(f"{'mean':<{width}}" + "".join(cell(mean) for mean in means))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line, play the tournament and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game",
        action="append",
        choices=LIBRARY_GAMES,
        help=f"a game to play (repeat for more; default {', '.join(QUICK_GAMES)})",
    )
    parser.add_argument("--games", type=int, default=4, help="games of each game (default 4)")
    parser.add_argument(
        "--iterations", type=int, default=10, help="the search bot's iterations a move (default 10)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals")
    parser.add_argument("--bot-seed", type=int, default=2, help="seed of the bots' decisions")
    args = parser.parse_args(argv)
    names = args.game or QUICK_GAMES
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    try:
        entrants: list[Bot] = [HeuristicBot(), ISMCTSBot(iterations=args.iterations), RandomBot()]
        shares = tournament(names, entrants, args.games, args.seed, args.bot_seed)
    except (cr.BotError, cr.ArenaError) as error:  # a number out of range: say which
        parser.error(str(error))
    print(
        f"about {args.games} games of each (whole seat rotations), seed {args.seed}, "
        f"bot seed {args.bot_seed}"
    )
    print("the share of its games each bot won:")
    print(table(shares, [bot.name for bot in entrants]))


if __name__ == "__main__":
    main()
