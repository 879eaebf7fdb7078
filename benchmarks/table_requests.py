"""The cost of one request of a server that keeps its games in SQLite as signed table
JSON, early in a game and deep into it: the issue wants a request at 2,000 moves to cost
within 2x of one at 10.

A request reads the row (``SELECT``), loads the table with the key
(``Table.from_json(body, key=KEY)``, which replays nothing), plays one move of the seat
to move (``table.play``), writes the table with the key (``to_json``) and stores it with
the version check (``UPDATE ... WHERE id = ? AND version = ?``). The game is Craits for
ten players (long games: 2,000 moves come within the first hands), or Cramps to 1,000
points with ``--game cramps`` (four seats), every seat human, random moves. A position
"at 10 moves" is each of the ten positions from move 10 to move 19 in turn
(``--spread``), so that no single move (a draw of many cards, a hand's end) decides a
figure. Before each request the row is put back as it was at its position (not timed),
so every request is made at exactly that many moves. The store is a file in WAL mode
with ``synchronous=NORMAL``, as servers run SQLite.

It prints the median time of each part of a request at each number of moves (10, 200
and 2,000 by default: by move 200 each seat's log holds the most entries a table keeps,
so the middle column tells the logs' share of the growth from the record's), side by
side, and the ratio deepest / earliest of the whole request and of the library's part
(load, play, write JSON), with the JSON's size.

    python benchmarks/table_requests.py
    python benchmarks/table_requests.py --moves 10 2000 --requests 20 --rounds 5
    python benchmarks/table_requests.py --game cramps
    python benchmarks/table_requests.py --log-size 0  # the record's share alone
    python benchmarks/table_requests.py --profile     # cProfile of the requests deep in
    python benchmarks/table_requests.py --quick       # does it run? (CI)
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

import cardrules as cr
from cardrules.table import LOG_SIZE, Table

KEY = b"benchmark key"
GAMES: dict[str, cr.Game[Any, Any, Any]] = {
    "craits": cr.Craits(players=10),
    "cramps": cr.Cramps(target=1000),  # four seats, smaller views: the fixed cost is less
}
PARTS = ("read", "from_json", "play", "to_json", "write")
LIBRARY = ("from_json", "play", "to_json")
TARGET = 2.0


class Position(NamedTuple):
    """A stored table ``moves`` moves into its game, and the move its request plays."""

    moves: int
    body: str
    seat: int
    move_id: int


def next_move(table: Table, pick: random.Random) -> tuple[int, int]:
    """A random legal move of the table's state: the seat that sends it, and its id."""
    state = table.state
    move = pick.choice(table.game.legal_moves(state))
    owner = table.game.out_of_turn_sender(move)
    return (state.to_move if owner is None else owner), table.game.move_id(move)


def positions(
    game: cr.Game[Any, Any, Any],
    moves: list[int],
    spread: int,
    seed: int = 0,
    log_size: int | None = LOG_SIZE,
) -> dict[int, list[Position]]:
    """For each number of ``moves``, the tables at it and the ``spread - 1`` positions
    after it, of one random game (the first seed from ``seed`` whose game lasts that
    long)."""
    pick = random.Random(seed)
    table = Table(game, seed=seed, log_size=log_size)
    wanted = {n + step: n for n in moves for step in range(spread)}
    found: dict[int, list[Position]] = {n: [] for n in moves}
    while table.version <= max(wanted):
        if table.state.is_over:
            return positions(game, moves, spread, seed + 1, log_size)
        seat, move_id = next_move(table, pick)
        if table.version in wanted:
            position = Position(table.version, table.to_json(key=KEY), seat, move_id)
            found[wanted[table.version]].append(position)
        replies = table.play(seat, move_id)
        assert all(reply["type"] == "state" for reply in replies.values()), replies
    return found


def store(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, body TEXT, version INTEGER)")
    db.execute("INSERT INTO games VALUES (1, '', 0)")
    return db


def request(db: sqlite3.Connection, position: Position) -> dict[str, float]:
    """One request at ``position`` (the row put back first): the time of each part."""
    db.execute(
        "UPDATE games SET body = ?, version = ? WHERE id = 1", (position.body, position.moves)
    )
    clock = time.perf_counter
    began = clock()
    body, version = db.execute("SELECT body, version FROM games WHERE id = 1").fetchone()
    read = clock()
    table = Table.from_json(body, key=KEY)
    loaded = clock()
    replies = table.play(position.seat, position.move_id)
    played = clock()
    text = table.to_json(key=KEY)
    written = clock()
    changed = db.execute(
        "UPDATE games SET body = ?, version = ? WHERE id = 1 AND version = ?",
        (text, table.version, version),
    )
    stored = clock()
    assert changed.rowcount == 1 and table.version == position.moves + 1, replies
    return {
        "read": read - began,
        "from_json": loaded - read,
        "play": played - loaded,
        "to_json": written - played,
        "write": stored - written,
    }


def measure(
    db: sqlite3.Connection, found: dict[int, list[Position]], requests: int, rounds: int
) -> dict[int, dict[str, list[float]]]:
    """Every part's times at each number of moves: each round makes ``requests``
    requests at each, going through its positions in turn."""
    times: dict[int, dict[str, list[float]]] = {
        moves: {part: [] for part in (*PARTS, "library", "request")} for moves in found
    }
    for group in found.values():  # warm-up
        for position in group:
            request(db, position)
    for _ in range(rounds):
        for moves, group in found.items():
            mine = times[moves]
            for number in range(requests):
                parts = request(db, group[number % len(group)])
                for part, seconds in parts.items():
                    mine[part].append(seconds)
                mine["library"].append(sum(parts[part] for part in LIBRARY))
                mine["request"].append(sum(parts.values()))
    return times


def report(
    game: cr.Game[Any, Any, Any],
    found: dict[int, list[Position]],
    times: dict[int, dict[str, list[float]]],
) -> None:
    columns = list(found)
    early, deep = columns[0], columns[-1]
    print(f"{game.name}, {game.players} players: one request, median ms")
    print(f"{'moves into the game':<22}" + "".join(f"{moves:>12,}" for moves in columns))
    sizes = [statistics.mean(len(p.body.encode()) for p in found[moves]) for moves in columns]
    print(f"{'table JSON, bytes':<22}" + "".join(f"{size:>12,.0f}" for size in sizes))
    for part in (*PARTS, "library", "request"):
        medians = [statistics.median(times[moves][part]) * 1e3 for moves in columns]
        print(f"{part:<22}" + "".join(f"{ms:>12.3f}" for ms in medians))
    for part in ("request", "library"):
        ratio = statistics.median(times[deep][part]) / statistics.median(times[early][part])
        verdict = "within" if ratio <= TARGET else "OVER"
        print(
            f"ratio {part} at {deep:,} / at {early:,}: {ratio:.2f}x "
            f"({verdict} the target of {TARGET:g}x)"
        )


def profile(db: sqlite3.Connection, group: list[Position], requests: int) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    for number in range(requests):
        request(db, group[number % len(group)])
    profiler.disable()
    print(f"\ncProfile of {requests} requests at {group[0].moves:,} moves:")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="craits")
    parser.add_argument("--moves", type=int, nargs="+", default=[10, 200, 2000])
    parser.add_argument("--spread", type=int, default=10, help="positions per number of moves")
    parser.add_argument("--requests", type=int, default=20, help="a round's, per position")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--log-size",
        type=lambda text: None if text == "none" else int(text),
        default=LOG_SIZE,
        help=f"entries kept of each log (the table's log_size: {LOG_SIZE}; none: all)",
    )
    parser.add_argument("--profile", action="store_true", help="cProfile the deepest one")
    parser.add_argument("--quick", action="store_true", help="tiny sizes (CI)")
    args = parser.parse_args(argv)
    moves = sorted(set(args.moves))
    if args.quick:
        moves, args.spread, args.requests, args.rounds = [10, 200], 2, 2, 1
    if len(moves) < 2 or moves[0] < 0 or min(args.spread, args.requests, args.rounds) < 1:
        parser.error(
            "give two numbers of moves or more (--moves), and a spread, requests and rounds "
            "of 1 or more"
        )
    game = GAMES[args.game]
    found = positions(game, moves, args.spread, log_size=args.log_size)
    with tempfile.TemporaryDirectory() as folder:
        db = store(Path(folder) / "games.sqlite")
        try:
            report(game, found, measure(db, found, args.requests, args.rounds))
            if args.profile:
                profile(db, found[moves[-1]], args.requests)
        finally:
            db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
