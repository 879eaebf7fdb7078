"""``cardrules serve``: a game's table in the browser, one tab per human seat.

The seats of ``--bots`` are the last seats of the table (``--bots heuristic,heuristic``
at four players: seats 2 and 3), and ``human`` in the list keeps a seat for a person
(``--bots heuristic,human,heuristic,heuristic``: seat 1 is yours, the others bots).
Needs the ``web`` extra (Starlette and uvicorn), imported only when the command runs."""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from typing import TextIO

from cardrules.bots import Bot
from cardrules.cli.base import EXIT_ERROR, EXIT_OK, AnyGame, UsageError
from cardrules.cli.parser import HUMAN

__all__ = ["WEB_EXTRA", "bot_seats", "run_serve"]

WEB_EXTRA = 'cardrules serve needs the web extra: pip install "cardrules[web]"'


def bot_seats(players: int, bots: Sequence[Bot | None]) -> dict[int, Bot]:
    """The bot of each bot seat: ``bots`` fill the last seats of the table, ``None``
    (``human``) keeping a seat for a person. Raises :class:`UsageError` for more entries
    than seats, or no human seat.

    >>> from cardrules.bots import bot_from_name
    >>> h = bot_from_name("heuristic")
    >>> sorted(bot_seats(4, [h, h]))
    [2, 3]
    >>> sorted(bot_seats(4, [h, None, h, h]))
    [0, 2, 3]
    """
    if len(bots) > players:
        raise UsageError(
            f"--bots names {len(bots)} seats, but the game has {players} players: give at "
            f"most {players} names"
        )
    first = players - len(bots)
    seats = {first + i: bot for i, bot in enumerate(bots) if bot is not None}
    if len(seats) == players:
        raise UsageError(
            f"--bots leaves no seat for a person: name at most {players - 1} bots, or put "
            f"{HUMAN} in the list"
        )
    return seats


def run_serve(
    game: AnyGame,
    bots: Sequence[Bot | None],
    *,
    seed: int | None,
    host: str,
    port: int,
    out: TextIO,
    err: TextIO,
) -> int:
    """Serve ``game`` at ``host``:``port`` until Ctrl-C, after printing each human
    seat's address. Returns the exit code."""
    seats = bot_seats(game.players, bots)
    try:
        from cardrules.web.server import TableServer
    except ImportError as exc:
        if exc.name is not None and exc.name.split(".")[0] not in ("starlette", "uvicorn"):
            raise
        err.write(f"{WEB_EXTRA} ({exc.name} is not installed)\n")
        return EXIT_ERROR
    if not any(importlib.util.find_spec(name) for name in ("websockets", "wsproto")):
        err.write(f"{WEB_EXTRA} (websockets is not installed)\n")
        return EXIT_ERROR
    from cardrules.table import Table

    table = Table(game, seed=seed, bots=seats)
    try:
        server = TableServer(table, host=host, port=port)
    except OSError as exc:
        err.write(f"cardrules serve: error: cannot listen at {host}:{port}: {exc.strerror}\n")
        return EXIT_ERROR
    out.write(f"Serving {game.name} at {server.url} (Ctrl-C stops)\n")
    for seat in range(game.players):
        if seat in seats:
            out.write(f"  seat {seat}: {seats[seat].name}\n")
        else:
            out.write(f"  seat {seat}: {server.seat_urls()[seat]}\n")
    out.write(f"  watch:  {server.url}?seat=watch\n")
    out.flush()
    server.run()
    return EXIT_OK
