"""The websocket table of docs/serve.md ("Serve a game") runs: its one Python block,
loaded as a module, serves two players and a bot through Starlette's test client;
each seat hears every move in its own messages only, a refused move is told to its
sender alone, and a stranger's link or a taken seat is turned away. The page's
closing note counts the block's lines right. (The page's doctest blocks run in the
documentation's doctest build.)"""

from __future__ import annotations

import concurrent.futures
import importlib.util
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the websocket table needs the web extra")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

PAGE = Path(__file__).resolve().parents[1] / "docs" / "serve.md"
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```$", flags=re.MULTILINE | re.DOTALL)
WAIT = 60  # seconds: a message that does not come fails the test instead of hanging it
RECEIVER = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="receive")


def app_code() -> str:
    blocks: list[str] = PYTHON_BLOCK.findall(PAGE.read_text("utf-8"))
    assert len(blocks) == 1, "docs/serve.md should hold one Python block: the table"
    return blocks[0]


@pytest.fixture
def table_app(tmp_path: Path) -> Iterator[ModuleType]:
    """The page's code as the module ``table_app`` (a fresh table each time)."""
    path = tmp_path / "table_app.py"
    path.write_text(app_code(), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("table_app", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["table_app"] = module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules["table_app"]


def receive(socket: WebSocketTestSession) -> dict[str, Any]:
    """The next message on ``socket``, waiting :data:`WAIT` seconds at most."""
    message: dict[str, Any] = RECEIVER.submit(socket.receive_json).result(timeout=WAIT)
    return message


def links(module: ModuleType) -> dict[int, str]:
    """Each human seat's address."""
    return {seat: f"/play/{token}" for token, seat in module.seat_of.items()}


def test_two_players_and_a_bot_play_at_the_page_s_table(table_app: ModuleType) -> None:
    table = table_app.table
    assert table.human_seats == (0, 1) and table.players == 3
    address = links(table_app)
    with (
        TestClient(table_app.app) as client,
        client.websocket_connect(address[0]) as first,
        client.websocket_connect(address[1]) as second,
    ):
        sockets = {0: first, 1: second}
        latest = {seat: receive(socket) for seat, socket in sockets.items()}
        for seat, message in latest.items():
            assert message["type"] == "state" and message["seat"] == seat
            assert message["log_start"] == 0 and message["log"]
        log = {seat: [entry["text"] for entry in latest[seat]["log"]] for seat in sockets}
        versions = [table.version]
        for turn in range(8):
            to_move = latest[0]["to_move"]
            assert to_move in sockets  # the bot has moved before a human is asked
            moves = latest[to_move]["moves"]
            assert moves, f"seat {to_move} is to move but has no move"
            chosen = moves[turn % len(moves)]
            # by id, by data and as typed text, in turn
            sent = (chosen["id"], chosen["data"], chosen["text"])[turn % 3]
            sockets[to_move].send_json(sent)
            for seat, socket in sockets.items():
                message = receive(socket)
                assert message["type"] == "state" and message["seat"] == seat, message
                assert message["log_start"] == len(log[seat])  # nothing missed or repeated
                log[seat] += [entry["text"] for entry in message["log"]]
                latest[seat] = message
            assert latest[0]["version"] == latest[1]["version"] == table.version
            versions.append(table.version)
        assert versions == sorted(versions) and versions[-1] >= versions[0] + 8
        for seat in sockets:  # each log, as sent bit by bit, is the seat's whole log now
            assert log[seat] == [entry["text"] for entry in table.message(seat)["log"]]


def test_a_refused_move_is_told_to_its_sender_alone(table_app: ModuleType) -> None:
    table = table_app.table
    address = links(table_app)
    with (
        TestClient(table_app.app) as client,
        client.websocket_connect(address[0]) as first,
        client.websocket_connect(address[1]) as second,
    ):
        sockets = {0: first, 1: second}
        latest = {seat: receive(socket) for seat, socket in sockets.items()}
        waiting = 1 - latest[0]["to_move"]
        version = table.version
        for nonsense in ([1, 2], "nothing of the sort", 10**6):
            sockets[waiting].send_json(nonsense)
            refusal = receive(sockets[waiting])
            assert refusal["type"] == "error" and refusal["seat"] == waiting, refusal
            assert refusal["reason"] in ("not_understood", "not_allowed", "not_your_turn")
        assert table.version == version
        # the other seat heard nothing: its next message is about the next real move
        to_move = latest[0]["to_move"]
        sockets[to_move].send_json(latest[to_move]["moves"][0]["id"])
        heard = receive(sockets[waiting])
        assert heard["type"] == "state" and heard["version"] == table.version > version


def test_a_stranger_or_a_second_tab_is_turned_away(table_app: ModuleType) -> None:
    address = links(table_app)
    with TestClient(table_app.app) as client:
        with pytest.raises(WebSocketDisconnect), client.websocket_connect("/play/guessed"):
            pass
        with client.websocket_connect(address[0]) as first:
            receive(first)
            with pytest.raises(WebSocketDisconnect), client.websocket_connect(address[0]):
                pass
        with client.websocket_connect(address[0]) as again:  # the seat is free again
            assert receive(again)["seat"] == 0


def test_the_closing_note_counts_the_table_s_lines() -> None:
    lines = app_code().splitlines()
    note = re.search(
        r"is (\d+) lines of Python \((\d+) that are\s+not blank\)", PAGE.read_text("utf-8")
    )
    assert note is not None, "docs/serve.md's closing note no longer counts the lines"
    assert int(note.group(1)) == len(lines)
    assert int(note.group(2)) == sum(1 for line in lines if line.strip())
