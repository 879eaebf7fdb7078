"""A table's app served by uvicorn on a socket of its own (what ``cardrules serve``
runs): the socket is bound before the server starts, so that port 0 (any free port)
gives a known address to print, and a program or a test can run the server in a thread
and stop it."""

from __future__ import annotations

import socket

import uvicorn

from cardrules.table import Table
from cardrules.web.app import create_app

__all__ = ["TableServer"]


class TableServer:
    """uvicorn serving :func:`~cardrules.web.app.create_app` of ``table`` at ``host`` and
    ``port`` (0: a free port, then in :attr:`port`). The socket is bound at once (an
    ``OSError`` if the address is taken); :meth:`run` serves until :meth:`stop` or
    Ctrl-C."""

    def __init__(self, table: Table, *, host: str = "127.0.0.1", port: int = 8000) -> None:
        self.table = table
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.socket = socket.socket(family, socket.SOCK_STREAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self.socket.bind((host, port))
        except OSError:
            self.socket.close()
            raise
        self.host = host
        self.port: int = self.socket.getsockname()[1]
        config = uvicorn.Config(create_app(table), log_level="warning")
        self.server = uvicorn.Server(config)

    @property
    def url(self) -> str:
        """The page's address (any seat: the first free one)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def seat_urls(self) -> dict[int, str]:
        """The page's address for each human seat of the table."""
        return {seat: f"{self.url}?seat={seat}" for seat in self.table.human_seats}

    def run(self) -> None:
        """Serve until :meth:`stop` (from another thread) or Ctrl-C."""
        try:
            self.server.run(sockets=[self.socket])
        finally:
            self.socket.close()

    def stop(self) -> None:
        """Ask :meth:`run` to finish (its open websockets are closed)."""
        self.server.should_exit = True

    @property
    def started(self) -> bool:
        """Whether the server accepts connections yet."""
        return bool(self.server.started)
