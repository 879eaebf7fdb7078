"""The web app of a :class:`~cardrules.table.Table`: one page, one websocket.

- ``GET /``: the page (``static/index.html`` with its script and style sheet under
  ``/static/``).
- ``/ws``: a websocket. The client picks its seat with ``?seat=N`` (a human seat of the
  table), ``?seat=watch`` (a spectator, who sees what every seat may see and nothing
  more) or nothing (the first human seat that has no tab yet, else a spectator). The
  server sends a ``{"type": "welcome", "seat": N, "players": P, "human_seats": [...],
  "bots": {"SEAT": "bot name", ...}}``
  and then the seat's :meth:`Table.message <cardrules.table.Table.message>` at once,
  and afterwards every message the table has for that seat, to every tab of the seat.
  The client sends one of ``{"move": ID}``, ``{"text": "what the player typed"}`` or
  ``{"data": {...a move's data form...}}``, with ``"version": V`` (the version of the
  message it answers; a move sent against an older one is refused as ``stale``).
  Refusals go to the sending tab alone, as the table's error messages; the app's own
  refusals have the same form with the reasons ``"bad_request"`` (not a JSON object of
  that form), ``"spectator"`` (a spectator sent a move) and ``"bad_seat"`` (a seat that
  is not a human seat of the table: the socket is then closed).

One :class:`asyncio.Lock` guards the table: moves are applied one at a time and every
tab gets the messages in the order of the table's versions. The table's
:meth:`~cardrules.table.Table.play` (the bots' moves included) runs in a worker thread,
so a searching bot does not hold up the server's other sockets.

>>> from cardrules.table import Table
>>> import cardrules as cr
>>> app = create_app(Table(cr.Craits(players=3), seed=1))
>>> sorted(route.path for route in app.routes)
['/', '/static', '/ws']
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardrules._text import shown
from cardrules.errors import TableError
from cardrules.table import Table

__all__ = ["STATIC", "create_app"]

STATIC = Path(__file__).with_name("static")
"""The folder of the page's files (``index.html``, ``table.js``, ``table.css``)."""

_SPECTATOR_WORDS = ("watch", "spectator", "none")
_KINDS = ("move", "text", "data")


class _Room:
    """The table and the sockets of its seats (``None``: spectators)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.lock = asyncio.Lock()
        self.sockets: dict[int | None, list[WebSocket]] = {}
        self.spectators_told = 0  # the spectators' log entries sent so far

    def free_seat(self) -> int | None:
        """The first human seat with no tab, else ``None`` (a spectator)."""
        return next((s for s in self.table.human_seats if not self.sockets.get(s)), None)

    def seat_of(self, text: str | None) -> int | None:
        """The seat a client asks for; raises :class:`TableError` for one it may not take."""
        humans = self.table.human_seats
        if text is None or text == "":
            return self.free_seat()
        if text.strip().lower() in _SPECTATOR_WORDS:
            return None
        word = text.strip()
        if word.isascii() and word.isdigit() and int(word) in humans:
            return int(word)
        allowed = ", ".join(map(str, humans)) or "none"
        raise TableError(
            f"seat={shown(text)} is not a human seat of this table: the human seats are "
            f"{allowed}; seat=watch watches"
        )

    async def send(self, socket: WebSocket, message: Mapping[str, Any]) -> None:
        try:
            await socket.send_text(json.dumps(message, ensure_ascii=False))
        except (RuntimeError, OSError, WebSocketDisconnect):  # the tab went away meanwhile
            self.leave(socket)

    def leave(self, socket: WebSocket) -> None:
        for sockets in self.sockets.values():
            if socket in sockets:
                sockets.remove(socket)

    async def join(self, socket: WebSocket, seat: int | None) -> None:
        async with self.lock:
            self.sockets.setdefault(seat, []).append(socket)
            welcome = {
                "type": "welcome",
                "seat": seat,
                "players": self.table.players,
                "human_seats": list(self.table.human_seats),
                "bots": {str(bot_seat): name for bot_seat, name in self.table.bots.items()},
            }
            await self.send(socket, welcome)
            await self.send(socket, self.tell(seat))

    async def receive(self, socket: WebSocket, seat: int | None, text: str) -> None:
        async with self.lock:
            request = _request(text)
            if isinstance(request, str):
                await self.send(socket, self._error(seat, "bad_request", request))
                return
            if seat is None:
                refusal = "a spectator cannot move: open the page with ?seat=N to play a seat"
                await self.send(socket, self._error(seat, "spectator", refusal))
                return
            move, version = request
            replies = await run_in_threadpool(self.table.play, seat, move, version=version)
            for to, message in replies.items():
                if message.get("type") == "error":
                    if to == seat:
                        await self.send(socket, message)
                    continue
                for other in list(self.sockets.get(to, ())):
                    await self.send(other, message)
            if self.sockets.get(None) and any(m.get("type") != "error" for m in replies.values()):
                spectator = self.tell(None, since=self.spectators_told)
                for other in list(self.sockets[None]):
                    await self.send(other, spectator)

    def tell(self, seat: int | None, *, since: int = 0) -> dict[str, Any]:
        """The table's message for ``seat`` (keeping count of the spectators' log)."""
        message = self.table.message(seat, since=since)
        if seat is None:
            self.spectators_told = message["log_start"] + len(message["log"])
        return message

    def _error(self, seat: int | None, reason: str, text: str) -> dict[str, Any]:
        return {
            "type": "error",
            "seat": seat,
            "version": self.table.version,
            "reason": reason,
            "error": text,
        }


def _request(text: str) -> tuple[Any, int | None] | str:
    """The move and version a client sent, or the text of what is wrong with it."""
    form = 'send {"move": ID}, {"text": "..."} or {"data": {...}}, with "version": N'
    try:
        request = json.loads(text)
    except ValueError:
        return f"the message is not JSON: {form}"
    if not isinstance(request, dict):
        return f"the message is not a JSON object: {form}"
    kinds = [kind for kind in _KINDS if kind in request]
    unknown = sorted(set(request) - {*_KINDS, "version"})
    if len(kinds) != 1 or unknown:
        return f"the message has the keys {sorted(request)}: {form}"
    version = request.get("version")
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        return f'"version" must be an integer, not {shown(version)}'
    move = request[kinds[0]]
    wanted = {"move": int, "text": str, "data": dict}[kinds[0]]
    if not isinstance(move, wanted) or isinstance(move, bool):
        return f'"{kinds[0]}" must be {"an integer" if wanted is int else "a " + wanted.__name__}'
    return move, version


def create_app(table: Table) -> Starlette:
    """The Starlette app serving ``table``: the page at ``/``, the websocket at ``/ws``
    (the protocol is in this module's documentation). Serve it with any ASGI server,
    e.g. ``uvicorn.run(app)``.

    Raises :class:`~cardrules.errors.TableError` if ``table`` is not a
    :class:`~cardrules.table.Table`.
    """
    if not isinstance(table, Table):
        raise TableError(f"create_app serves a cardrules Table, not {shown(table)}")
    room = _Room(table)

    async def page(request: Request) -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            seat = room.seat_of(websocket.query_params.get("seat"))
        except TableError as exc:
            await room.send(websocket, room._error(None, "bad_seat", str(exc)))
            await websocket.close(code=1008)
            return
        await room.join(websocket, seat)
        try:
            while True:
                await room.receive(websocket, seat, await websocket.receive_text())
        except WebSocketDisconnect:
            pass
        finally:
            room.leave(websocket)

    app = Starlette(
        routes=[
            Route("/", page),
            WebSocketRoute("/ws", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
    )
    app.state.table = table
    return app
