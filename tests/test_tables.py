"""cardrules.table.Table: whole games of every game served through it (moves by id, by
data and by text, bots at some seats), every message checked against its JSON Schema
and for cards its seat may not know; refusals told to their sender alone; two deals
that one seat cannot tell apart giving that seat the same messages; JSON round trips
with and without a key, replaying at most once. (tests/test_table.py is about seats.)"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest

import cardrules as cr
from cardrules import table as table_module
from cardrules.bots import Bot, HeuristicBot, ISMCTSBot, RandomBot
from cardrules.data import SCHEMAS
from cardrules.errors import TableError
from cardrules.table import MESSAGE_SCHEMA, Table

Message = dict[str, Any]

KEY = b"the server's key"

GAMES: dict[str, cr.Game[Any, Any, Any]] = {
    "cramps": cr.Cramps(target=5),
    "craits": cr.Craits(players=3, short_game=True),
    "hearts": cr.Hearts(target=None),
    "spades": cr.Spades(target=100),
    "oh_hell": cr.OhHell(largest_hand=2),
    "euchre": cr.Euchre(target=2),
    "crazy_eights": cr.CrazyEights(players=3),
}
"""Every shipped game, shortened where a whole game would be long."""

_VALIDATORS = {
    name: jsonschema.Draft202012Validator(schema)
    for name, schema in {**SCHEMAS, "message": MESSAGE_SCHEMA}.items()
}
_CARD = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")
_DRAWN = re.compile(r"You (cannot play and )?draw (10|[2-9JQKA])[♣♦♥♠]")


_CHECKED: dict[str, int] = {}


def check_schema(message: Message) -> None:
    """``message`` fits the table's schema, and its view, moves and events fit theirs
    (the events of a kind and the views and moves of a game checked a few times each:
    the schemas are slow to check)."""
    _VALIDATORS["message"].validate(message)
    if message["type"] != "state":
        return
    game = message["game"]
    parts: list[tuple[str, str, object]] = [
        ("event", entry["event"]["event"], entry["event"]) for entry in message["log"]
    ]
    if message["seat"] is not None:
        parts.append(("view", game, message["view"]))
    parts.extend(("move", game, move["data"]) for move in message["moves"])
    for schema, kind, data in parts:
        seen = _CHECKED.get(f"{schema}:{kind}", 0)
        if seen < 20:
            _VALIDATORS[schema].validate(data)
            _CHECKED[f"{schema}:{kind}"] = seen + 1


def cards_named(data: object) -> set[str]:
    """The cards a message names anywhere (as text)."""
    return set(_CARD.findall(json.dumps(data, ensure_ascii=False)))


class Watcher:
    """Checks every message a table sends: its schema, that each seat's log is the
    whole log told in parts, and that no seat is told a card in another seat's hand
    that it may know neither from its own hand (now or before) nor as a public card
    (told to a spectator, or shown to every seat)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.known: dict[int, set[str]] = {seat: set() for seat in range(table.players)}
        self.public: set[str] = set()
        self.logs: dict[int | None, list[Message]] = {seat: [] for seat in self.known}
        self.logs[None] = []
        self.drawn_told = 0
        self.told({seat: table.message(seat) for seat in range(table.players)})

    def told(self, messages: dict[int, Message]) -> None:
        """Check the messages of every seat after a move (or at the start)."""
        table, state = self.table, self.table.state
        spectator = table.message(None, since=len(self.logs[None]))
        for seat, message in (*messages.items(), (None, spectator)):
            self.check(seat, message)
            log = self.logs[seat]
            assert message["log_start"] == len(log)
            log.extend(message["log"])
        self.public |= cards_named(spectator)
        # A card every seat is shown is public (the cards drawn to choose the dealer).
        self.public |= set.intersection(*(cards_named(m["view"]) for m in messages.values()))
        for seat, message in messages.items():
            # What the seat held: its hand, and its own events of the step (its draws,
            # its passes), which may belong to a deal that is over.
            own = [
                entry
                for entry in message["log"]
                if seat in (entry["event"].get("seat"), entry["event"].get("to"))
            ]
            self.known[seat] |= {str(card) for card in state.hands[seat]} | cards_named(own)
            if message["moves"]:  # each move's text, typed, is that move
                view = table.game.observe(state, seat)
                for move in message["moves"]:
                    typed = table.game.parse_move(move["text"], view)
                    assert table.game.move_id(typed) == move["id"], move
            self.check_secret(seat, message)
            if seat in table.human_seats:
                self.drawn_told += sum(1 for entry in message["log"] if _DRAWN.match(entry["text"]))

    def check(self, seat: int | None, message: Message) -> None:
        check_schema(message)
        assert message["seat"] == seat and message["version"] == self.table.version
        if message["type"] == "state":
            start = message["log_start"]
            indexes = [entry["index"] for entry in message["log"]]
            assert indexes == list(range(start, start + len(indexes)))
            if seat is None:  # what every seat is shown alike: no hand, no moves
                assert not {"seat", "hand", "legal_moves"} & set(message["view"])
                assert message["moves"] == []

    def check_secret(self, seat: int, message: Message) -> None:
        state = self.table.state
        others = {str(c) for s, hand in enumerate(state.hands) if s != seat for c in hand}
        leaked = (cards_named(message) & others) - self.known[seat] - self.public
        assert not leaked, f"seat {seat} is told {leaked}, held by others: {message}"

    def replies(self, sender: int, replies: dict[int, Message]) -> None:
        """Check what :meth:`Table.play` returned to ``sender``."""
        if replies[sender]["type"] == "error":
            assert list(replies) == [sender]
            self.check(sender, replies[sender])
            self.check_secret(sender, replies[sender])
            return
        assert sorted(replies) == list(range(self.table.players))
        self.told(replies)

    def logs_whole(self) -> None:
        """Each seat's log told in parts ends with the entries the table keeps."""
        size = self.table.log_size
        for seat, log in self.logs.items():
            whole = self.table.message(seat)
            start = 0 if size is None else max(0, len(log) - size)
            assert whole["log_start"] == start and whole["log"] == log[start:]


def sender_and_move(
    table: Table,
    chooser: random.Random,
    avoid: frozenset[str] = frozenset(),
) -> tuple[int, Message] | None:
    """A human seat that may move now (the seat to move, or a seat with a call to make
    out of turn) and one of its moves, at random, one that names none of the cards to
    ``avoid`` if it can; ``None`` if no person may move."""
    offers = [(seat, table.message(seat)["moves"]) for seat in table.human_seats]
    offers = [(seat, moves) for seat, moves in offers if moves]
    if not offers:
        return None
    seat, moves = chooser.choice(offers)
    return seat, chooser.choice(
        [move for move in moves if not cards_named(move["data"]) & avoid] or moves
    )


SENDS: tuple[Callable[[Message], object], ...] = (
    lambda move: move["id"],
    lambda move: move["data"],
    lambda move: move["text"],
)


def play_out(table: Table, seed: int, watcher: Watcher | None = None) -> int:
    """Play ``table`` to its end with random human moves, sent by id, data and text in
    turn; the number of moves people sent."""
    chooser = random.Random(seed)
    sent = 0
    while not table.over:
        chosen = sender_and_move(table, chooser)
        assert chosen is not None, "no person may move, and the bots stopped"
        seat, move = chosen
        version = table.version
        replies = table.play(seat, SENDS[sent % 3](move), version=version)
        assert replies[seat]["type"] == "state", replies[seat]
        assert table.version > version
        if watcher is not None:
            watcher.replies(seat, replies)
        sent += 1
    return sent


def test_the_schemas_are_json_schemas() -> None:
    jsonschema.Draft202012Validator.check_schema(MESSAGE_SCHEMA)
    table = Table(GAMES["craits"], seed=1)
    with pytest.raises(jsonschema.ValidationError):
        check_schema({**table.message(0), "seat": "0"})
    with pytest.raises(jsonschema.ValidationError):
        check_schema({"type": "error", "seat": 0, "version": 0, "reason": "nope", "error": ""})


# -- whole games ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_whole_game_through_the_table(name: str) -> None:
    game = GAMES[name]
    table = Table(game, seed=11, bots={1: "heuristic", game.players - 1: RandomBot()}, bot_seed=2)
    assert table.human_seats == tuple(
        s for s in range(game.players) if s not in (1, game.players - 1)
    )
    watcher = Watcher(table)
    assert play_out(table, 3, watcher) > 0
    watcher.logs_whole()
    assert table.state.is_over and table.version == len(table.record.moves)
    final = table.message(0)
    assert final["over"] and final["moves"] == [] and final["to_move"] is None
    assert final["winners"] == list(table.state.winners)
    assert table.record.final_state() == table.state
    if name == "craits":  # the seat's own draws are told to it, with the cards
        assert watcher.drawn_told > 0
    if name in ("cramps", "spades", "oh_hell", "euchre"):  # scores explained as the CLI does
        assert any("notes" in entry for entry in watcher.logs[0])


def test_a_table_of_bots_plays_itself_to_the_end() -> None:
    bots: dict[int, str | Bot] = {0: "heuristic", 1: "random", 2: HeuristicBot()}
    table = Table(GAMES["craits"], seed=4, bots=bots, bot_seed=4)
    assert table.over and table.human_seats == ()
    assert table.bots == {0: "heuristic", 1: "random", 2: "heuristic"}
    assert table.message(None)["over"]


def test_the_bots_seed_is_the_tables_own() -> None:
    game, bots = GAMES["hearts"], {1: "random", 2: "random", 3: "random"}
    one, two = (Table(game, seed=5, bots=bots) for _ in "12")
    assert one.bot_seed != two.bot_seed  # fresh, not made from the game's seed
    assert all(str(one.bot_seed) not in json.dumps(one.message(s)) for s in (None, 0, 1))
    # A bot seed given replays the bots' choices.
    one, two = (Table(game, seed=5, bots=bots, bot_seed=9) for _ in "12")
    play_out(one, 1)
    play_out(two, 1)
    assert one.record == two.record and one.bot_seed == 9
    with pytest.raises(TableError, match="bot seed"):
        Table(game, bot_seed=-1)


# -- calls out of turn ----------------------------------------------------------------------


def _exposed_table(seed: int) -> tuple[Table, int, Message]:
    """A three-human Craits table where a seat may call "idiot" out of turn: the table,
    the caller and the call as its message lists it."""
    table = Table(cr.Craits(players=3), seed=seed)
    chooser = random.Random(seed)
    for _ in range(400):
        for seat in range(3):
            if seat != table.state.to_move:
                calls = [m for m in table.message(seat)["moves"] if "call" in m["data"]]
                if calls:
                    return table, seat, calls[0]
        to_move = table.state.to_move
        moves = table.message(to_move)["moves"]
        unannounced = [m for m in moves if not m["text"].endswith("!")] or moves
        table.play(to_move, chooser.choice(unannounced)["id"])
    raise AssertionError("no call came up")


def test_a_call_out_of_turn_goes_through_play() -> None:
    table, caller, call = _exposed_table(2)
    target = call["data"]["target"]
    watcher = Watcher(table)
    version = table.version
    # Another seat cannot send that seat's call.
    other = next(s for s in range(3) if s not in (caller, target))
    refused = table.play(other, call["data"], version=version)
    assert list(refused) == [other] and refused[other]["reason"] == "not_allowed"
    assert table.version == version
    replies = table.play(caller, call["text"], version=version)
    watcher.replies(caller, replies)
    assert table.version == version + 1
    told = [entry["text"] for entry in replies[caller]["log"]]
    assert told[0] == f'You call "idiot" on seat {target}!'
    assert replies[target]["log"][0]["text"] == f'Seat {caller} calls "idiot" on you!'


# -- refusals -------------------------------------------------------------------------------


def _refused(table: Table, seat: int, data: object, reason: str, **kwargs: Any) -> str:
    """Send ``data`` from ``seat``: it must be refused for ``reason``, to the sender
    alone, the table unchanged; the error's text."""
    before = table.to_json(key=KEY)
    replies = table.play(seat, data, **kwargs)
    assert list(replies) == [seat]
    error = replies[seat]
    check_schema(error)
    assert error["type"] == "error" and error["reason"] == reason, error
    assert error["version"] == table.version
    assert table.to_json(key=KEY) == before
    text: str = error["error"]
    assert text
    return text


def test_refusals_go_to_the_sender_alone() -> None:
    table = Table(cr.Craits(players=3), seed=9)
    to_move = table.state.to_move
    waiting = (to_move + 1) % 3
    move = table.message(to_move)["moves"][0]
    assert "not your turn" in _refused(table, waiting, move["id"], "not_your_turn")
    _refused(table, waiting, "draw", "not_your_turn")
    _refused(table, to_move, move["id"], "stale", version=table.version + 1)
    for nonsense in (
        "hello",
        "",
        "x" * 5000,
        {"play": "ZZ"},
        {"bid": 1},
        {},
        10**30,
        -1,
        2.5,
        None,
        [1],
    ):
        _refused(table, to_move, nonsense, "not_understood")
    # A card the seat does not hold: refused without a word about who holds it.
    state = table.state
    other_card = state.hands[waiting][0]
    for data in (str(other_card), {"play": str(other_card)}):
        text = _refused(table, to_move, data, "not_allowed")
        hand = {str(card) for card in state.hands[to_move]}
        assert cards_named(text) <= hand | {str(other_card), str(state.top)}
        assert f"seat {waiting}" not in text
    # The same move, sent properly, goes through.
    replies = table.play(to_move, move["id"], version=table.version)
    assert replies[to_move]["type"] == "state"


def test_a_move_after_the_end_is_refused() -> None:
    table = Table(
        GAMES["oh_hell"], seed=3, bots={1: "random", 2: "random", 3: "random"}, bot_seed=3
    )
    play_out(table, 1)
    assert "over" in _refused(table, 0, 0, "game_over")


def test_a_game_without_end_stops_at_the_move_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    game = cr.Craits(players=3)
    monkeypatch.setattr(type(game), "move_cap", lambda self: 30)
    table = Table(game, seed=2, bots={1: "random", 2: "random"}, bot_seed=2)
    play_out(table, 4)
    assert table.version == 30 and table.over and not table.state.is_over
    message = table.message(0)
    assert message["over"] and message["to_move"] is None and message["moves"] == []
    assert "stopped unfinished after 30 moves" in _refused(table, 0, "draw", "game_over")


def test_bad_arguments_raise_table_error() -> None:
    table = Table(cr.Craits(players=3), seed=1, bots={2: "random"})
    with pytest.raises(TableError, match="played by a bot"):
        table.play(2, 0)
    for seat in (3, -1, True, "0", None):
        with pytest.raises(TableError, match="seat"):
            table.play(seat, 0)  # type: ignore[arg-type]
    with pytest.raises(TableError, match="version"):
        table.play(0, 0, version="1")  # type: ignore[arg-type]
    for seat in (3, True):
        with pytest.raises(TableError, match="seat"):
            table.message(seat)
    with pytest.raises(TableError, match="since"):
        table.message(0, since=-1)
    bad: list[tuple[Callable[[], object], str]] = [
        (lambda: Table("craits"), "rules object"),  # type: ignore[arg-type]
        (lambda: Table(cr.Cramps(), seed=-1), "seed"),
        (lambda: Table(cr.Cramps(), setup={"colour": "red"}), "colour"),
        (lambda: Table(cr.Cramps(), setup=[1]), "setup"),  # type: ignore[arg-type]
        (lambda: Table(cr.Cramps(), bots={4: "random"}), "seat"),
        (lambda: Table(cr.Cramps(), bots={0: "greedy"}), "greedy"),
        (lambda: Table(cr.Cramps(), bots={0: 3}), "bot"),  # type: ignore[dict-item]
        (lambda: Table(cr.Cramps(), bots=["random"]), "bots"),  # type: ignore[arg-type]
    ]
    for make, words in bad:
        with pytest.raises(TableError, match=words):
            make()


# -- what one seat cannot tell apart ----------------------------------------------------------


def _swapped(value: object, x: str, y: str) -> object:
    """``value`` (a move's data) with the cards ``x`` and ``y`` swapped."""
    text = json.dumps(value, ensure_ascii=False)
    swapped = _CARD.sub(lambda m: {x: y, y: x}.get(m.group(), m.group()), text)
    return json.loads(swapped)


def _worlds(game: cr.Game[Any, Any, Any], seed: int, seat: int) -> tuple[Table, Table, str, str]:
    """Two tables dealt from stacked decks that differ only in two cards of one suit
    (neither a jack nor 2♣ nor Q♠, whose rules are their own), held by two seats other
    than ``seat``: ``x`` and ``y``."""
    chooser = random.Random(seed)
    low = 9 if game.name == "euchre" else 2
    deck = [str(cr.Card.from_index(i)) for i in range(52) if cr.Card.from_index(i).rank >= low]
    chooser.shuffle(deck)
    one = Table(game, seed=seed, setup={"dealer": 1, "deck": deck})
    others = [s for s in range(game.players) if s != seat]
    hands = one.state.hands
    pairs = [
        (str(a), str(b))
        for a in hands[others[0]]
        for b in hands[others[1]]
        if a.suit == b.suit and 11 not in (a.rank, b.rank) and not {str(a), str(b)} & {"2♣", "Q♠"}
    ]
    x, y = chooser.choice(pairs)
    two = Table(game, seed=seed, setup={"dealer": 1, "deck": _swapped(deck, x, y)})
    return one, two, x, y


def _same_for(seat: int, one: Table, two: Table) -> None:
    for watcher in (seat, None):
        assert json.dumps(one.message(watcher)) == json.dumps(two.message(watcher))


@pytest.mark.parametrize(
    ("name", "seed"), [("hearts", 1), ("hearts", 3), ("craits", 2), ("craits", 5), ("euchre", 1)]
)
def test_a_seat_cannot_tell_apart_cards_it_may_not_know(name: str, seed: int) -> None:
    game, seat = GAMES[name], 0
    one, two, x, y = _worlds(game, seed, seat)
    chooser = random.Random(seed)
    compared = 0
    _same_for(seat, one, two)
    while not one.over and one.state.deal_number == 1:
        chosen = sender_and_move(one, chooser, avoid=frozenset({x, y}))
        if chosen is None or cards_named(chosen[1]["data"]) & {x, y}:
            break  # a card played is public
        sender, move = chosen
        replies = one.play(sender, move["data"])
        theirs = two.play(sender, _swapped(move["data"], x, y))
        if theirs[sender]["type"] == "error":
            break  # the rules differ from here on (a card the other world lets one play)
        held = {str(c) for c in one.state.hands[seat]} | {str(c) for c in two.state.hands[seat]}
        if {x, y} & held or one.state.deal_number != 1:
            break  # the seat got one of the cards (passed to it), or the deal is scored
        assert json.dumps(replies[seat]) == json.dumps(theirs[seat])
        _same_for(seat, one, two)
        compared += 1
    assert compared >= 5


# -- JSON -----------------------------------------------------------------------------------


def _half_played(name: str, seed: int, bots: dict[int, Any] | None = None) -> Table:
    table = Table(GAMES[name], seed=seed, bots=bots, bot_seed=seed)
    chooser = random.Random(seed)
    for _ in range(12):
        chosen = sender_and_move(table, chooser)
        if chosen is None:
            break
        table.play(chosen[0], chosen[1]["id"])
    return table


def _same_tables(one: Table, two: Table) -> None:
    assert one.version == two.version and one.bots == two.bots and one.bot_seed == two.bot_seed
    assert one.state == two.state and one.record == two.record
    for seat in (None, *range(one.players)):
        assert one.message(seat) == two.message(seat)


@pytest.mark.parametrize("name", ["craits", "hearts", "euchre"])
def test_json_round_trips_with_and_without_key(name: str) -> None:
    table = _half_played(name, 6, bots={1: "heuristic"})
    for text, key in (
        (table.to_json(key=KEY), KEY),
        (table.to_json(), None),
        (table.to_json(key=KEY), None),
    ):
        again = Table.from_json(text, key=key)
        _same_tables(table, again)
        assert again.to_json(key=KEY) == table.to_json(key=KEY)
    # Both go on alike, the bots' choices included.
    again = Table.from_json(table.to_json(key=KEY), key=KEY)
    play_out(table, 8)
    play_out(again, 8)
    _same_tables(table, again)


def test_a_table_keeps_the_last_entries_of_each_log() -> None:
    short = Table(GAMES["hearts"], seed=4, log_size=3)
    whole = Table(GAMES["hearts"], seed=4, log_size=None)
    chooser = random.Random(1)
    while not short.over:
        seat = short.state.to_move
        move = chooser.choice(short.message(seat)["moves"])
        told, everything = short.play(seat, move["id"]), whole.play(seat, move["id"])
        assert told == everything  # a move's news is told whole, whatever is kept
        kept, log = short.message(0), whole.message(0)["log"]
        assert kept["log"] == log[-3:] and kept["log_start"] == max(0, len(log) - 3)
        assert short.message(0, since=len(log) - 1)["log"] == log[-1:]
        assert short.message(0, since=len(log) + 5) == {**kept, "log": [], "log_start": len(log)}
    again = Table.from_json(short.to_json())
    assert again.log_size == 3 and again.message(1) == short.message(1)
    with pytest.raises(TableError, match="log_size"):
        Table(GAMES["hearts"], log_size=-1)


def test_the_json_holds_the_secrets_the_messages_do_not() -> None:
    table = _half_played("hearts", 2)
    data = json.loads(table.to_json(key=KEY))
    assert data["format"] == "cardrules.table" and data["record"]["seed"] == 2
    assert set(data) == {
        "format",
        "version",
        "record",
        "logs",
        "bots",
        "bot_seed",
        "state",
        "signature",
    }
    assert "state" not in json.loads(table.to_json()) and "signature" not in json.loads(
        table.to_json()
    )


def test_a_wrong_key_or_an_edit_is_refused() -> None:
    table = _half_played("craits", 3)
    signed = table.to_json(key=KEY)
    with pytest.raises(TableError, match="signature"):
        Table.from_json(signed, key=b"another key")
    with pytest.raises(TableError, match="not signed"):
        Table.from_json(table.to_json(), key=KEY)
    data = json.loads(signed)
    data["bot_seed"] += 1
    with pytest.raises(TableError, match="signature"):
        Table.from_json(json.dumps(data), key=KEY)
    plain = json.loads(table.to_json())
    plain["logs"]["entries"][0]["text"] = "Seat 1 holds A♠."
    with pytest.raises(TableError, match="logs"):
        Table.from_json(json.dumps(plain))
    plain = json.loads(table.to_json())
    plain["record"]["seed"] += 1
    with pytest.raises(TableError, match="record"):
        Table.from_json(json.dumps(plain))
    for text in (
        "",
        "[]",
        '{"format": "cardrules.record"}',
        json.dumps({**plain, "version": 1}),
        b"\xff",
    ):
        with pytest.raises(TableError):
            Table.from_json(text)
    with pytest.raises(TableError, match="key"):
        table.to_json(key="secret")  # type: ignore[arg-type]


def _signed(data: dict[str, Any], body: str | None = None) -> str:
    """``data`` (a table's JSON read) signed with :data:`KEY` as ``to_json`` signs,
    written as ``body`` (its text without a signature) or as json.dumps lays it out."""
    if body is None:
        body = json.dumps({name: value for name, value in data.items() if name != "signature"})
    return f'{body[:-1]}, "signature": "{table_module._signature(body, KEY)}"}}'


def test_the_json_holds_each_log_entry_once_with_its_text_once() -> None:
    table = _half_played("craits", 4)
    data = json.loads(table.to_json())
    entries = data["logs"]["entries"]
    texts = [json.dumps(entry, sort_keys=True) for entry in entries]
    assert len(set(texts)) == len(texts) < sum(len(table.message(s)["log"]) for s in range(3))
    # An event's text is written only where it is not the entry's.
    assert any("text" not in entry["event"] for entry in entries)
    assert all(entry["event"].get("text") != entry["text"] for entry in entries)
    for seat in (None, 0, 1, 2):
        assert all(entry["event"]["text"] for entry in table.message(seat)["log"])


def test_edited_logs_are_refused_without_a_key() -> None:
    table = _half_played("hearts", 5)
    plain = json.loads(table.to_json())
    entry = plain["logs"]["entries"][0]
    edits: list[Callable[[dict[str, Any]], None]] = [
        lambda logs: logs["entries"][0]["event"].update(text="Seat 1 holds A♠."),
        lambda logs: logs["entries"][0]["event"].update(text=entry["text"]),
        lambda logs: logs["seats"][1].update(entries=logs["seats"][0]["entries"]),
        lambda logs: logs["spectator"].update(entries=logs["spectator"]["entries"][4:]),
        lambda logs: logs["seats"][0].update(entries=logs["seats"][0]["entries"][:-4]),
        lambda logs: logs["seats"][0].update(entries=logs["seats"][0]["entries"] + "00"),
        lambda logs: logs["entries"].append(entry),
    ]
    for number, edit in enumerate(edits):
        data = json.loads(table.to_json())
        edit(data["logs"])
        with pytest.raises(TableError, match="logs"):
            Table.from_json(json.dumps(data))
            pytest.fail(f"edit {number} was not refused")
        with pytest.raises(TableError, match="signature"):  # (its signature: the old text's)
            Table.from_json(json.dumps(data), key=KEY)
    for broken in ("0", "zz00", [0], None):
        data = json.loads(table.to_json())
        data["logs"]["seats"][2]["entries"] = broken
        with pytest.raises(TableError, match="logs are"):
            Table.from_json(json.dumps(data))
    signed = table.to_json(key=KEY)
    assert entry["text"] in signed
    with pytest.raises(TableError, match="signature"):
        Table.from_json(signed.replace(entry["text"], "Seat 1 holds A♠.", 1), key=KEY)


def test_signed_json_laid_out_anew_still_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    table = _half_played("euchre", 3)
    again = Table.from_json(_signed(json.loads(table.to_json(key=KEY))), key=KEY)
    _same_tables(table, again)
    assert again.to_json(key=KEY) == table.to_json(key=KEY)
    # A signed entry that is not one is told when a message needs it, not served.
    text = table.to_json(key=KEY)
    last = json.loads(text)["logs"]["entries"][-1]
    written = json.dumps(last, ensure_ascii=False, separators=(",", ":"))
    assert f"\n{written}\n" in text
    text = text.replace(f"\n{written}\n", "\n[1]\n")
    body = text[: text.rindex(', "signature"')] + "}"
    broken = Table.from_json(_signed(json.loads(body), body), key=KEY)
    with pytest.raises(TableError, match="logs cannot be read"):  # (a log holds it)
        [broken.message(seat) for seat in (None, *range(table.players))]
    # Places written 8 hex digits each, as for logs of more than 65,536 entries.
    narrow = json.loads(table.to_json())["logs"]["spectator"]["entries"]
    monkeypatch.setattr(table_module, "_NARROW", 3)
    wide = table.to_json(key=KEY)
    assert len(json.loads(wide)["logs"]["spectator"]["entries"]) == 2 * len(narrow) > 0
    _same_tables(table, Table.from_json(wide, key=KEY))
    _same_tables(table, Table.from_json(table.to_json()))


class _Cheat:
    """A bot that plays a move it was not offered."""

    name = "cheat"

    def choose(self, game: Any, view: Any, moves: Any, seed: int) -> Any:
        cards = (cr.Card.from_index(i) for i in range(52))
        return next(cr.Play(card) for card in cards if cr.Play(card) not in moves)


def test_a_bot_that_breaks_the_rules_is_stopped() -> None:
    with pytest.raises(TableError, match=r"seat \d's bot \(custom:cheat\) made a move"):
        Table(GAMES["cramps"], seed=1, bots=dict.fromkeys(range(4), _Cheat()))


def test_a_bot_of_your_own_is_given_again_when_read() -> None:
    mine = ISMCTSBot(iterations=3)
    table = Table(GAMES["oh_hell"], seed=1, bots={1: mine, 2: "ismcts:3"}, bot_seed=1)
    assert table.bots == {1: "custom:ismcts", 2: "ismcts:3"}
    text = table.to_json(key=KEY)
    with pytest.raises(TableError, match="bots="):
        Table.from_json(text, key=KEY)
    again = Table.from_json(text, key=KEY, bots={1: mine})
    _same_tables(table, again)
    with pytest.raises(TableError, match="seats 3"):
        Table.from_json(text, key=KEY, bots={1: mine, 3: mine})


@pytest.fixture
def moves_counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """Counts the games set up and the calls of ``transition`` and ``apply`` of the game
    classes: every move applied goes through one of them (``step`` through
    ``transition``; a trick game's ``apply`` calls ``transition``, the shedding
    engine's ``transition`` calls its ``apply``), so the larger count is the number of
    moves applied."""
    counts = {"transition": 0, "apply": 0, "setup_state": 0}
    for cls in {type(game) for game in GAMES.values()}:
        for name in counts:
            original = getattr(cls, name)

            def wrapper(
                self: Any, *args: Any, _original: Any = original, _name: str = name, **kw: Any
            ) -> Any:
                counts[_name] += 1
                return _original(self, *args, **kw)

            monkeypatch.setattr(cls, name, wrapper)
    yield counts


def _moves_applied(counts: dict[str, int]) -> int:
    return max(counts["transition"], counts["apply"])


@pytest.mark.parametrize("name", ["cramps", "craits"])
def test_reading_replays_at_most_once(name: str, moves_counted: dict[str, int]) -> None:
    table = _half_played(name, 5)
    signed, plain = table.to_json(key=KEY), table.to_json()
    nothing = {"transition": 0, "apply": 0, "setup_state": 0}
    moves_counted.update(nothing)
    signed_table = Table.from_json(signed, key=KEY)
    assert moves_counted == nothing
    again = Table.from_json(plain)
    assert _moves_applied(moves_counted) == table.version > 0
    # Writing either back replays nothing; a move read, played and written is one move.
    moves_counted.update(nothing)
    again.to_json(key=KEY)
    signed_table.to_json(key=KEY)
    assert moves_counted == nothing
    seat, move = sender_and_move(signed_table, random.Random(1)) or (0, {})
    signed_table.play(seat, move["id"])
    Table.from_json(signed_table.to_json(key=KEY), key=KEY)
    assert _moves_applied(moves_counted) == 1 and moves_counted["setup_state"] == 0
