"""`cardrules serve`: the web app of a Table through Starlette's test client (its page,
its websocket: seats, moves by id and by text, refusals to the sender alone,
spectators) and the command's arguments. The page itself in a browser:
test_serve_browser.py."""

from __future__ import annotations

import io
import sys
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2: not an error here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import cardrules as cr
from cardrules.cli import main
from cardrules.errors import TableError
from cardrules.table import Table
from cardrules.web.app import create_app

Message = dict[str, Any]


@pytest.fixture
def craits() -> Iterator[TestClient]:
    """Three people at a table of Craits."""
    with TestClient(create_app(Table(cr.Craits(players=3), seed=11))) as client:
        yield client


def join(socket: Any) -> tuple[Message, Message]:
    """The welcome and the first message a new socket gets."""
    welcome = socket.receive_json()
    assert welcome["type"] == "welcome"
    first = socket.receive_json()
    assert first["type"] == "state"
    return welcome, first


def test_the_page_and_its_files_are_served(craits: TestClient) -> None:
    page = craits.get("/")
    assert page.status_code == 200
    assert 'src="/static/table.js"' in page.text
    for name in ("table.js", "table.css"):
        assert craits.get(f"/static/{name}").status_code == 200
    assert craits.get("/static/nothing.js").status_code == 404


def test_seats_join_and_every_tab_of_a_seat_hears_each_move(craits: TestClient) -> None:
    with (
        craits.websocket_connect("/ws?seat=0") as s0,
        craits.websocket_connect("/ws?seat=1") as s1,
        craits.websocket_connect("/ws") as s2,  # the first free seat
        craits.websocket_connect("/ws?seat=2") as s2b,  # a second tab of seat 2
    ):
        firsts = {}
        for socket in (s0, s1, s2, s2b):
            welcome, first = join(socket)
            assert welcome["human_seats"] == [0, 1, 2] and welcome["seat"] == first["seat"]
            firsts[socket] = first
        assert [firsts[s]["seat"] for s in (s0, s1, s2, s2b)] == [0, 1, 2, 2]
        mover = firsts[s0]["to_move"]
        socket = (s0, s1, s2)[mover]
        move = firsts[socket]["moves"][0]
        socket.send_json({"move": move["id"], "version": firsts[socket]["version"]})
        for each in (s0, s1, s2, s2b):
            told = each.receive_json()
            assert told["type"] == "state" and told["version"] > firsts[s0]["version"]
            assert told["log_start"] > 0 and told["log"]
        assert firsts[s0]["view"]["hand"] != firsts[s1]["view"]["hand"]


def test_a_move_typed_as_text(craits: TestClient) -> None:
    with craits.websocket_connect("/ws?seat=0") as s0:
        _, first = join(s0)
    seat = first["to_move"]
    with craits.websocket_connect(f"/ws?seat={seat}") as socket:
        _, first = join(socket)
        typed = first["moves"][0]["text"]
        socket.send_json({"text": typed, "version": first["version"]})
        told = socket.receive_json()
        assert told["type"] == "state", told
        assert told["version"] == first["version"] + 1


def test_refusals_go_to_the_sender_alone(craits: TestClient) -> None:
    with (
        craits.websocket_connect("/ws?seat=0") as s0,
        craits.websocket_connect("/ws?seat=1") as s1,
        craits.websocket_connect("/ws?seat=2") as s2,
    ):
        sockets = (s0, s1, s2)
        firsts = [join(socket)[1] for socket in sockets]
        mover = firsts[0]["to_move"]
        other = (mover + 1) % 3
        version = firsts[0]["version"]
        theirs = firsts[mover]["moves"][0]["id"]
        sent: list[tuple[Any, str, str]] = [
            ({"move": theirs, "version": version}, "not_your_turn", "turn"),
            ({"text": "a walrus", "version": version}, "not_understood", ""),
            ({"move": theirs, "version": version - 1}, "stale", ""),
        ]
        for request, reason, words in sent:
            sockets[other].send_json(request)
            refusal = sockets[other].receive_json()
            assert refusal["type"] == "error" and refusal["reason"] == reason, refusal
            assert words in refusal["error"]
        for text, reason in (("[1, 2]", "bad_request"), ("{", "bad_request")):
            sockets[other].send_text(text)
            assert sockets[other].receive_json()["reason"] == reason
        sockets[other].send_json({"move": 1, "text": "draw"})
        assert "keys" in sockets[other].receive_json()["error"]
        # The others heard none of it: their next message is the next move's.
        sockets[mover].send_json({"move": firsts[mover]["moves"][0]["id"], "version": version})
        for socket in sockets:
            assert socket.receive_json()["type"] == "state"


def test_a_spectator_sees_no_hand_and_cannot_move(craits: TestClient) -> None:
    with (
        craits.websocket_connect("/ws?seat=watch") as watcher,
        craits.websocket_connect("/ws?seat=0") as s0,
    ):
        welcome, first = join(watcher)
        assert welcome["seat"] is None and first["seat"] is None
        assert first["moves"] == []
        assert "hand" not in first["view"] and "seat" not in first["view"]
        watcher.send_json({"text": "draw"})
        assert watcher.receive_json()["reason"] == "spectator"
        _, mine = join(s0)
    mover = mine["to_move"]
    with (
        craits.websocket_connect("/ws?seat=watch") as watcher,
        craits.websocket_connect(f"/ws?seat={mover}") as socket,
    ):
        _, seen = join(watcher)
        _, theirs = join(socket)
        socket.send_json({"move": theirs["moves"][0]["id"], "version": theirs["version"]})
        told = watcher.receive_json()
        assert told["version"] == theirs["version"] + 1
        assert told["log_start"] == len(seen["log"]) and told["log"]


@pytest.mark.parametrize("seat", ["3", "-1", "x", "1"])
def test_a_seat_that_is_not_a_human_seat_is_refused(seat: str) -> None:
    table = Table(cr.Hearts(), seed=2, bots={1: "random", 2: "random", 3: "random"})
    with TestClient(create_app(table)) as client, client.websocket_connect(f"/ws?seat={seat}") as s:
        refusal = s.receive_json()
        assert refusal["reason"] == "bad_seat" and "human seats are 0" in refusal["error"]
        with pytest.raises(WebSocketDisconnect):
            s.receive_json()


def test_hearts_against_bots_the_human_seat_is_the_first() -> None:
    table = Table(cr.Hearts(), seed=2, bots={1: "heuristic", 2: "heuristic", 3: "heuristic"})
    with TestClient(create_app(table)) as client, client.websocket_connect("/ws") as socket:
        welcome, first = join(socket)
        assert welcome["seat"] == 0 and welcome["bots"] == {
            "1": "heuristic",
            "2": "heuristic",
            "3": "heuristic",
        }
        assert len(first["moves"]) == 13  # a card to pass
        socket.send_json({"move": first["moves"][0]["id"], "version": first["version"]})
        assert socket.receive_json()["version"] == first["version"] + 1


def test_create_app_takes_a_table() -> None:
    with pytest.raises(TableError, match="Table"):
        create_app(cr.Craits())  # type: ignore[arg-type]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_serve_help() -> None:
    code, out, _ = run("serve", "--help")
    assert code == 0
    assert "--bots" in out and "human" in out and "--port" in out and "cardrules[web]" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("hearts", "--bots", "heuristic,walrus"), "walrus"),
        (("hearts", "--bots", "heuristic,,random"), "separated by commas"),
        (("hearts", "--bots", "random,random,random,random,random"), "at most 4"),
        (("hearts", "--bots", "random,random,random,random"), "no seat for a person"),
        (("hearts", "--port", "70000"), "--port must be from 0 to 65535"),
        (("whist",), "unknown game"),
    ],
)
def test_serve_refuses_bad_arguments(argv: tuple[str, ...], words: str) -> None:
    code, out, err = run("serve", *argv)
    assert code == 2 and out == ""
    assert words in err


def test_serve_without_the_web_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [n for n in sys.modules if n.startswith(("cardrules.web", "starlette"))]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "starlette", None)
    code, _, err = run("serve", "craits", "--port", "0")
    assert code == 1
    assert 'pip install "cardrules[web]"' in err
