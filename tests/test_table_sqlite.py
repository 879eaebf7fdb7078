"""Games kept in SQLite as signed table JSON, under concurrent requests: each request
reads a row, loads its :class:`~cardrules.table.Table` with the key, plays one move,
and writes the row back only if its version is still the one it read (optimistic
concurrency, the table's version as the token), retrying on a conflict. Afterwards no
move is lost and every row loads, with the key and by replaying its record without
it. The same checker, run on writes made without the version check, finds the moves
that were lost: it can fail.

Run as a script, this module is the worker process of the test with two processes.
"""

from __future__ import annotations

import concurrent.futures
import json
import random
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from pathlib import Path
from typing import NamedTuple, TypeVar

import cardrules as cr
from cardrules.table import Table

T = TypeVar("T")

KEY = b"the server's own key, never sent to a seat"

# The games of the store: two Craits tables of human seats, and a Cramps table where
# seat 0 plays three bots (a request's write then holds the bots' moves too).
TABLES: dict[int, Callable[[], Table]] = {
    1: lambda: Table(cr.Craits(players=3), seed=1),
    2: lambda: Table(cr.Craits(players=3), seed=2),
    3: lambda: Table(cr.Cramps(target=1000), seed=3, bots={1: "random", 2: "random", 3: "random"}),
}


class Write(NamedTuple):
    """A request's successful write: the row, the version it read and the one it wrote,
    and the id of the move its seat played."""

    game: int
    before: int
    after: int
    move: int


def create_store(path: Path) -> dict[int, int]:
    """A new store at ``path`` (WAL mode) holding :data:`TABLES`; their versions."""
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(
            "CREATE TABLE games (id INTEGER PRIMARY KEY, body TEXT NOT NULL, "
            "version INTEGER NOT NULL)"
        )
        versions = {}
        for game_id, make in TABLES.items():
            table = make()
            db.execute(
                "INSERT INTO games VALUES (?, ?, ?)",
                (game_id, table.to_json(key=KEY), table.version),
            )
            versions[game_id] = table.version
    db.close()
    return versions


def connect(path: Path) -> sqlite3.Connection:
    """A connection of one thread: every statement its own transaction."""
    return sqlite3.connect(path, timeout=60, isolation_level=None)


def request(
    db: sqlite3.Connection,
    game_id: int,
    pick: random.Random,
    *,
    check_version: bool = True,
    before_write: Callable[[], object] | None = None,
) -> Write | None:
    """One request: play a random legal move of the seat to move (sent by its id) at
    the game ``game_id``. The write, or ``None`` when the row changed since it was read
    (with ``check_version``) or the game is over."""
    body, version = db.execute(
        "SELECT body, version FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    table = Table.from_json(body, key=KEY)
    assert table.version == version
    state = table.state
    if state.is_over:
        return None
    seat = state.to_move
    move = pick.choice(table.game.observe(state, seat).legal_moves)
    owner = table.game.out_of_turn_sender(move)
    move_id = table.game.move_id(move)
    replies = table.play(seat if owner is None else owner, move_id)
    refused = [reply for reply in replies.values() if reply["type"] == "error"]
    assert not refused, refused
    if before_write is not None:
        before_write()
    if check_version:
        sql = "UPDATE games SET body = ?, version = ? WHERE id = ? AND version = ?"
        changed = db.execute(sql, (table.to_json(key=KEY), table.version, game_id, version))
    else:  # last writer wins: the control
        sql = "UPDATE games SET body = ?, version = ? WHERE id = ?"
        changed = db.execute(sql, (table.to_json(key=KEY), table.version, game_id))
    if changed.rowcount != 1:
        return None
    return Write(game_id, version, table.version, move_id)


def work(path: Path, requests: int, seed: int) -> tuple[list[Write], int]:
    """``requests`` requests at random games of the store, each retried until its write
    lands (or its game is over): the writes, and how many conflicts were retried."""
    pick = random.Random(seed)
    db = connect(path)
    writes, conflicts = [], 0
    try:
        for _ in range(requests):
            game_id = pick.choice(list(TABLES))
            while True:
                write = request(db, game_id, pick)
                if write is not None:
                    writes.append(write)
                    break
                if is_over(db, game_id):
                    break
                conflicts += 1
    finally:
        db.close()
    return writes, conflicts


def is_over(db: sqlite3.Connection, game_id: int) -> bool:
    (body,) = db.execute("SELECT body FROM games WHERE id = ?", (game_id,)).fetchone()
    return bool(Table.from_json(body, key=KEY).state.is_over)


def in_threads(jobs: Iterable[Callable[[], T]]) -> list[T]:
    """Run ``jobs``, each in a thread of its own: their results, in order (a job's
    failure is raised here)."""
    jobs = list(jobs)
    with concurrent.futures.ThreadPoolExecutor(len(jobs)) as pool:
        running = [pool.submit(job) for job in jobs]
        return [job.result() for job in running]


def load_rows(path: Path) -> dict[int, Table]:
    """Every row, loaded with the key; each must also load by replaying its record (no
    key), to the same state, and hold the version written beside it."""
    db = connect(path)
    try:
        rows = db.execute("SELECT id, body, version FROM games").fetchall()
    finally:
        db.close()
    tables = {}
    for game_id, body, version in rows:
        table = Table.from_json(body, key=KEY)
        replayed = Table.from_json(body)
        assert table.version == replayed.version == version == len(table.record.moves)
        assert replayed.state == table.state
        tables[game_id] = table
    return tables


def lost_moves(
    writes: Iterable[Write], initial: Mapping[int, int], final: Mapping[int, Table]
) -> list[str]:
    """What the final rows lack of the successful writes: each write must start at the
    version the previous one of its row ended at, and its move must be in the row's
    record where it was played; the last must end at the row's version."""
    problems = []
    for game_id, table in final.items():
        mine = sorted((w for w in writes if w.game == game_id), key=lambda w: w.before)
        expected = initial[game_id]
        for write in mine:
            if write.before != expected:
                problems.append(f"game {game_id}: a write at version {write.before} is lost")
            moves = table.record.moves
            played = table.game.move_from_id(write.move)
            if write.before >= len(moves) or moves[write.before] != played:
                problems.append(
                    f"game {game_id}: move {played} at version {write.before} is not there"
                )
            expected = write.after
        if expected != table.version:
            problems.append(
                f"game {game_id}: the writes end at version {expected}, the row at {table.version}"
            )
    return problems


def test_concurrent_requests_lose_no_move(tmp_path: Path) -> None:
    """Three threads here and two worker processes of two threads each, 200 requests
    at three games: every move that was written is in the final records."""
    path = tmp_path / "games.sqlite"
    initial = create_store(path)
    workers = [
        subprocess.Popen(
            [sys.executable, __file__, str(path), "20", str(seed)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for seed in (100, 200)
    ]
    done = in_threads(partial(work, path, 40, seed) for seed in range(3))
    for worker in workers:
        out, _ = worker.communicate(timeout=300)
        assert worker.returncode == 0, out
        for line in out.splitlines():
            data = json.loads(line)
            done.append(([Write(*w) for w in data["writes"]], data["conflicts"]))

    writes = [write for mine, _ in done for write in mine]
    assert len(done) == 7 and len(writes) == 200  # no game ends within 200 requests
    assert sum(conflicts for _, conflicts in done) > 0  # the requests did overlap
    final = load_rows(path)
    assert lost_moves(writes, initial, final) == []
    assert sum(w.after - w.before for w in writes) == sum(
        final[game].version - initial[game] for game in final
    )


def two_requests_at_once(path: Path, *, check_version: bool) -> list[Write]:
    """Two threads read the same row, then both play and write: the second must see
    the first's write (retry) or lose it (no version check)."""
    both_read = threading.Barrier(2, timeout=60)
    writes: list[Write] = []

    def job(seed: int) -> None:
        db = connect(path)
        try:
            pick = random.Random(seed)
            write = request(db, 1, pick, check_version=check_version, before_write=both_read.wait)
            while write is None:  # a conflict: read the new row and play again
                write = request(db, 1, pick)
            writes.append(write)
        finally:
            db.close()

    for _ in range(3):
        in_threads([partial(job, 1), partial(job, 2)])
    return writes


def test_the_version_check_makes_the_second_writer_retry(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    initial = create_store(path)
    writes = two_requests_at_once(path, check_version=True)
    final = load_rows(path)
    assert len(writes) == 6 and final[1].version == initial[1] + 6
    assert lost_moves(writes, initial, final) == []


def test_without_the_version_check_lost_moves_are_found(tmp_path: Path) -> None:
    """The control: last writer wins, and the checker finds every move overwritten."""
    path = tmp_path / "games.sqlite"
    initial = create_store(path)
    writes = two_requests_at_once(path, check_version=False)
    final = load_rows(path)  # each row still valid: one of the two writes won
    assert len(writes) == 6 and final[1].version == initial[1] + 3
    problems = lost_moves(writes, initial, final)
    assert sum("is lost" in problem for problem in problems) == 3, problems


def main(argv: list[str]) -> None:
    """The worker process: two threads of requests; their writes as JSON lines."""
    path, requests, seed = Path(argv[0]), int(argv[1]), int(argv[2])
    for writes, conflicts in in_threads(partial(work, path, requests, s) for s in (seed, seed + 1)):
        print(json.dumps({"writes": [list(w) for w in writes], "conflicts": conflicts}))


if __name__ == "__main__":
    main(sys.argv[1:])
