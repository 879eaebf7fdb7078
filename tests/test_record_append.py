"""Records for servers: ``then`` appends without copying the moves, ``then(move,
state=...)`` keeps the check of a position the caller applied (so writing the record
replays nothing), ``from_json`` keeps the final state it replayed, and a write replays
only the moves it does not know. Nothing here is timed: the replays are counted (calls
of the rules' ``apply`` and ``new_game``) and the sharing is checked by memory."""

from __future__ import annotations

import json
import pickle
import random
import threading
import tracemalloc
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import cardrules as cr
from cardrules._recorddata import canonical
from cardrules.moves import register_move
from cardrules.record import GameRecord

LONG = cr.Craits(players=10)
"""Long games: 3,000 moves come within its first hands."""


class Calls:
    """How often the rules of a game class were asked to replay: ``apply`` and
    ``new_game`` calls, counted while the fixture is on."""

    def __init__(self) -> None:
        self.apply = 0
        self.new_game = 0

    def reset(self) -> None:
        self.apply = self.new_game = 0


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[Calls]:
    counted = Calls()
    kinds: set[type[Any]] = {type(LONG), cr.Cramps, cr.Hearts}
    for kind in kinds:
        apply, new_game = kind.apply, kind.new_game

        def counting_apply(self: Any, state: Any, move: Any, _apply: Any = apply, **kw: Any) -> Any:
            counted.apply += 1
            return _apply(self, state, move, **kw)

        def counting_new_game(self: Any, *args: Any, _new: Any = new_game, **kw: Any) -> Any:
            counted.new_game += 1
            return _new(self, *args, **kw)

        monkeypatch.setattr(kind, "apply", counting_apply)
        monkeypatch.setattr(kind, "new_game", counting_new_game)
    yield counted


def game_moves(game: Any, count: int, seed: int = 1) -> tuple[list[Any], list[Any]]:
    """``count`` random moves of a game (fewer if it ends) and the state after each."""
    pick = random.Random(seed)
    state = game.new_game(seed)
    moves: list[Any] = []
    states: list[Any] = []
    while len(moves) < count and not state.is_over:
        move = pick.choice(game.legal_moves(state))
        state = game.apply(state, move)
        moves.append(move)
        states.append(state)
    return moves, states


def served(game: Any, count: int, seed: int = 1) -> tuple[GameRecord[Any], Any]:
    """A record grown as a server grows it (each move with the state it led to), and
    its last state."""
    moves, states = game_moves(game, count, seed)
    record = GameRecord.start(game, seed=seed)
    for move, state in zip(moves, states, strict=True):
        record = record.then(move, state=state)
    return record, states[-1]


def grown(game: Any, count: int, seed: int = 1) -> GameRecord[Any]:
    """The same record grown without states."""
    record = GameRecord.start(game, seed=seed)
    for move in game_moves(game, count, seed)[0]:
        record = record.then(move)
    return record


# -- writing replays nothing the record knows --------------------------------------------


@pytest.mark.parametrize(
    ("game", "count"), [(LONG, 600), (cr.Cramps(), 300), (cr.Hearts(), 200)], ids=str
)
def test_a_record_grown_with_states_is_written_without_replaying(
    game: Any, count: int, calls: Calls
) -> None:
    record, last = served(game, count)
    calls.reset()
    text = record.to_json()
    signed = record.to_json(key=b"server key")
    assert (calls.apply, calls.new_game) == (0, 0)
    assert record.final_state() is last
    # ... and it writes what a replay writes
    assert text == grown(game, count).to_json()
    assert GameRecord.from_json(signed, key=b"server key") == record


def test_from_json_keeps_the_state_it_replayed(calls: Calls) -> None:
    record, last = served(LONG, 500)
    text = record.to_json()
    calls.reset()
    read = GameRecord.from_json(text)
    assert (calls.apply, calls.new_game) == (len(record.moves), 1)  # the replay, once
    calls.reset()
    assert read.final_state() == last
    assert read.to_json() == text
    assert read.outcome() == record.outcome()
    assert (calls.apply, calls.new_game) == (0, 0)


def test_a_record_read_without_verifying_is_extended_and_written_without_replaying(
    calls: Calls,
) -> None:
    """A server loads the record unverified (and its state from a snapshot it trusts),
    then appends each move with the state it led to."""
    record, _ = served(LONG, 400)
    text = record.to_json()
    more, states = game_moves(LONG, 410)
    calls.reset()
    read = GameRecord.from_json(text, verify=False)
    for move, state in zip(more[400:], states[400:], strict=True):
        read = read.then(move, state=state)
    written = read.to_json()
    assert (calls.apply, calls.new_game) == (0, 0)
    assert GameRecord.from_json(written) == GameRecord(LONG, 1, {}, more)


def test_a_write_without_states_replays_only_the_new_moves(calls: Calls) -> None:
    moves, _ = game_moves(LONG, 300)
    record = GameRecord.start(LONG, seed=1)
    for move in moves[:200]:
        record = record.then(move)
    calls.reset()
    record.to_json()
    assert (calls.apply, calls.new_game) == (200, 0)  # from the initial state start() kept
    for move in moves[200:]:
        record = record.then(move)
        calls.reset()
        record.to_json()
        assert (calls.apply, calls.new_game) == (1, 0)
    calls.reset()
    assert record.final_state() == GameRecord(LONG, 1, {}, moves).final_state()
    assert calls.apply == len(moves)  # (the record built in one piece replays)


# -- then does not copy -------------------------------------------------------------------


def test_records_grown_from_one_another_share_their_moves() -> None:
    moves, _ = game_moves(LONG, 3000)
    assert len(moves) == 3000
    records = [GameRecord.start(LONG, seed=1)]
    tracemalloc.start()
    try:
        for move in moves:
            records.append(records[-1].then(move))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # Copied, the 3,000 records would hold 4.5 million references (36 MB); shared, they
    # hold one list of 3,000 and a few hundred bytes each.
    assert peak < 3_000_000, peak
    assert records[-1].moves == tuple(moves)
    assert all(records[n].moves == tuple(moves[:n]) for n in (0, 1, 1500, 2999))


def test_moves_is_a_tuple_made_once() -> None:
    record = grown(cr.Cramps(), 20)
    moves = record.moves
    assert type(moves) is tuple and record.moves is moves
    assert record.then(moves[0]).moves[:-1] == moves  # the parent's moves never change


# -- branches -----------------------------------------------------------------------------


def test_a_branch_from_an_older_record_leaves_the_longer_one_alone(calls: Calls) -> None:
    moves, states = game_moves(LONG, 60)
    base = GameRecord.start(LONG, seed=1)
    for move, state in zip(moves[:30], states[:30], strict=True):
        base = base.then(move, state=state)
    longer = base
    for move, state in zip(moves[30:], states[30:], strict=True):
        longer = longer.then(move, state=state)
    # another line of play from move 30, with and without the state it leads to
    other = next(move for move in LONG.legal_moves(states[29]) if move != moves[30])
    branch = base.then(other, state=LONG.apply(states[29], other))
    bare = base.then(other)
    assert branch.moves == bare.moves == (*moves[:30], other)
    assert longer.moves == tuple(moves) and base.moves == tuple(moves[:30])
    assert branch == bare and branch != longer
    calls.reset()
    texts = [record.to_json() for record in (longer, branch, base)]
    assert (calls.apply, calls.new_game) == (0, 0)
    assert bare.to_json() == texts[1]
    assert calls.apply == 1  # from the state the branch keeps
    assert [GameRecord.from_json(text) for text in texts] == [longer, branch, base]


def test_threads_appending_to_two_branches() -> None:
    moves, states = game_moves(LONG, 400)
    base = GameRecord.start(LONG, seed=1)
    for move, state in zip(moves[:100], states[:100], strict=True):
        base = base.then(move, state=state)
    ends: dict[str, GameRecord[Any]] = {}
    children: list[GameRecord[Any]] = []

    def extend(name: str, with_states: bool) -> None:
        record = base
        for move, state in zip(moves[100:], states[100:], strict=True):
            record = record.then(move, state=state if with_states else None)
            children.append(base.then(move))  # the base branches again and again
        ends[name] = record

    threads = [
        threading.Thread(target=extend, args=(name, name == "served"))
        for name in ("served", "bare")
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert ends["served"].moves == ends["bare"].moves == tuple(moves)
    assert ends["served"].to_json() == ends["bare"].to_json()
    assert base.moves == tuple(moves[:100])
    assert all(child.moves[:100] == base.moves and len(child.moves) == 101 for child in children)


# -- states are trusted, and caught when wrong --------------------------------------------


def test_a_wrong_state_is_caught_when_the_record_is_replayed() -> None:
    moves, states = game_moves(cr.Cramps(), 20)
    record = GameRecord.start(cr.Cramps(), seed=1)
    for number, (move, state) in enumerate(zip(moves, states, strict=True), start=1):
        wrong = states[number - 2] if number == 12 else state  # the state before move 12
        record = record.then(move, state=wrong)
    text = record.to_json()  # trusted: written as given
    with pytest.raises(cr.RecordError, match=r"edited at move 12 \("):
        GameRecord.from_json(text)
    with pytest.raises(
        cr.RecordError, match=r"move 12 \(.*\) does not lead to .*then\(move, state"
    ):
        record.states()
    with pytest.raises(cr.RecordError, match="move 12"):
        list(record.replay())


@pytest.mark.parametrize(
    "state",
    ["a state", cr.Craits().new_game(1), cr.Cramps(target=41).new_game(1)],
    ids=["text", "another game's", "other rules'"],
)
def test_a_state_must_be_one_of_the_records_game(state: Any) -> None:
    record = GameRecord.start(cr.Cramps(), seed=1)
    move = cr.Cramps().legal_moves(record.initial_state())[0]
    with pytest.raises(cr.RecordError, match=r"then\(move, state=...\) takes the state move 1"):
        record.then(move, state=state)


def test_a_move_must_be_a_move() -> None:
    with pytest.raises(cr.RecordError, match="move 1 of a record must be a move, not"):
        GameRecord.start(cr.Cramps(), seed=1).then("2C")


# -- records stay values ------------------------------------------------------------------


def test_pickled_and_equal_records() -> None:
    record, last = served(cr.Cramps(), 40)
    built = GameRecord(cr.Cramps(), 1, {}, record.moves)
    assert built == record and record == built
    assert record != record.then(cr.Cramps().legal_moves(last)[0])
    for value in (record, GameRecord.from_json(record.to_json(), verify=False)):
        again = pickle.loads(pickle.dumps(value))
        assert again == value and again.to_json() == value.to_json()
        assert again.final_state() == last
    with pytest.raises(AttributeError):
        record.seed = 2
    with pytest.raises(TypeError):
        hash(record)
    assert repr(record).startswith("GameRecord(game=Cramps(") and repr(record).endswith("))")


def _strings(value: Any) -> tuple[str, ...]:
    return tuple(value)


@register_move("test_append_cards")
@attrs.frozen
class Cards:
    """A move of a game of one's own whose data holds a list."""

    cards: tuple[str, ...] = attrs.field(converter=_strings)


def test_to_dict_gives_fresh_data_each_time() -> None:
    record, _ = served(cr.Hearts(), 120)
    data = record.to_dict()
    data["moves"][-1].clear()
    assert json.loads(record.to_json()) == record.to_dict() != data
    # a record read unverified is written as read: moves of any registered kind
    data = record.to_dict()
    data["moves"][5] = {"move": "test_append_cards", "cards": ["A♠", "K♠"]}
    read = GameRecord.from_dict(data, verify=False)
    assert read.moves[5] == Cards(("A♠", "K♠"))
    first = read.to_dict()
    first["moves"][5]["cards"].append("Q♠")
    assert read.to_dict() == data and json.loads(read.to_json()) == data


# -- the text written is the text of the data --------------------------------------------

HUGE = 10**400


@pytest.mark.parametrize(
    ("game", "setup"),
    [
        (cr.Hearts(), {}),  # passes: moves holding lists
        (cr.Craits(players=2, short_game=True), {"scores": (HUGE, -HUGE), "dealer": 0}),
        (cr.Cramps(), {"deck": [str(card) for card in cr.STANDARD_DECK.cards()]}),
    ],
    ids=["hearts", "craits-huge-scores", "cramps-deck"],
)
def test_to_json_writes_to_dict_as_json(game: Any, setup: dict[str, Any]) -> None:
    """``to_json`` puts the moves' texts it keeps together with the rest; the text is
    exactly ``json.dumps(to_dict())``, signed or not, however the record was grown."""
    key = "ключ: a server's key".encode()
    pick = random.Random(5)
    record = GameRecord.start(game, seed=2, **setup)
    state = record.initial_state()
    records = [record]
    while len(records) < 120 and not state.is_over:
        move = pick.choice(game.legal_moves(state))
        state = game.apply(state, move)
        record = record.then(move, state=state if len(records) % 3 else None)
        records.append(record)
    branch = records[60].then(game.legal_moves(records[60].final_state())[-1])
    for record in (records[0], records[1], records[60], records[-1], records[60], branch):
        for signing in (None, key):
            text = record.to_json(key=signing)
            assert text == json.dumps(record.to_dict(key=signing), ensure_ascii=False)
            assert record.to_json(2, key=signing) == json.dumps(
                record.to_dict(key=signing), indent=2, ensure_ascii=False
            )
        assert record._json_texts(signed=True)[1] == canonical(record.to_dict())
    assert GameRecord.from_json(records[-1].to_json(key=key), key=key) == records[-1]


def test_a_move_read_again_is_read_as_strictly() -> None:
    """Reading keeps each move's data it has read (a game repeats its moves): data that
    only compares equal to it (``1 == True``) is still read on its own, and refused;
    read without verifying, when the moves are first needed (and every time)."""
    record = grown(cr.Craits(), 200)
    data = record.to_dict()
    draws = [n for n, move in enumerate(data["moves"]) if move == {"draw": True}]
    assert len(draws) >= 2
    data["moves"][draws[-1]] = {"draw": 1}
    refused = rf"move {draws[-1] + 1}: bad move \{{'draw': 1\}}"
    with pytest.raises(cr.RecordError, match=refused):
        GameRecord.from_dict(data)
    read = GameRecord.from_dict(data, verify=False)
    asks: list[Any] = [
        lambda: read.moves,
        read.to_json,
        read.to_dict,
        lambda: read.to_json(key=b"k"),
        lambda: read.state_at(1),
        read.final_state,
        lambda: list(read.replay()),
        lambda: read.then(cr.Draw()).to_json(),
    ]
    for ask in asks * 2:
        with pytest.raises(cr.RecordError, match=refused):
            ask()
    assert GameRecord.from_dict(record.to_dict(), verify=False).moves == record.moves


@pytest.mark.parametrize(
    ("bad", "refused"),
    [
        (5, r"move 3: a move must be a JSON object"),
        ({"play": "Z♠"}, r"move 3: bad move \{'play': 'Z♠'\}: "),
        ({"move": "no such kind"}, r"move 3: bad move .*no move kind 'no such kind'"),
        ({"play": "Q♠", "announce": 1}, r"move 3: bad move"),
    ],
    ids=str,
)
def test_a_bad_move_read_without_verifying_is_named_when_first_needed(
    bad: Any, refused: str
) -> None:
    data = grown(cr.Cramps(), 10).to_dict()
    data["moves"][2] = bad
    with pytest.raises(cr.RecordError, match=refused):
        GameRecord.from_dict(data)
    read = GameRecord.from_dict(data, verify=False)
    for ask in (lambda: read.moves, read.to_json, read.final_state):
        with pytest.raises(cr.RecordError, match=refused):
            ask()


# -- a record read without verifying reads its moves when they are needed ----------------


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every move's data the records read (calls of ``move_from_data``)."""
    import cardrules.moves
    import cardrules.record

    seen: list[Any] = []
    parse = cardrules.moves.move_from_data

    def counting(data: Any) -> Any:
        seen.append(data)
        return parse(data)

    monkeypatch.setattr(cardrules.record, "move_from_data", counting)
    return seen


def test_a_record_read_without_verifying_reads_no_move_until_asked(parsed: list[Any]) -> None:
    """A server reads its record unverified, appends a move with its state and writes
    it: no move's data is read, and the text is the one the record grown move by move
    writes (signed too); a move of the data is read when the moves are asked for."""
    key = b"server key"
    record, _ = served(LONG, 500)
    more, states = game_moves(LONG, 501)
    whole = record.then(more[-1], state=states[-1])
    text = record.to_json()
    first = GameRecord.from_json(text, verify=False)
    assert first.to_json() == text
    distinct = {json.dumps(data, sort_keys=True) for data in parsed}
    assert len(parsed) == len(distinct) < len(record.moves) // 4  # each new text once
    parsed.clear()
    for read in (
        GameRecord.from_json(text, verify=False),
        GameRecord.from_dict(json.loads(text), verify=False),
    ):
        assert read.to_json() == text
        assert read.to_json(key=key) == record.to_json(key=key)
        assert read._json_texts(signed=True)[1] == canonical(record.to_dict())
        assert read.to_dict() == record.to_dict()
        grown_read = read.then(more[-1], state=states[-1])
        assert (
            grown_read.to_json()
            == whole.to_json()
            == json.dumps(whole.to_dict(), ensure_ascii=False)
        )
        assert grown_read.to_json(key=key) == whole.to_json(key=key)
        assert grown_read.final_state() is states[-1]
        assert parsed == []
    assert grown_read.moves == whole.moves
    assert parsed
    parsed.clear()
    assert GameRecord.from_json(text, verify=False).state_at(2) == record.state_at(2)
    assert parsed


def test_data_not_as_written_is_written_as_before() -> None:
    """Moves' data that reads as moves but is not what writing them gives (other key
    order, cards as letters, a false flag) is written as the moves read from it."""
    record = grown(cr.Craits(), 120)
    data = record.to_dict()
    suited = next(n for n, move in enumerate(data["moves"]) if "suit" in move)
    move = data["moves"][suited]
    data["moves"][suited] = {"suit": move["suit"], "play": move["play"]}
    plays = [n for n, move in enumerate(data["moves"]) if set(move) == {"play"}]
    data["moves"][plays[0]]["announce"] = False
    data["moves"][plays[1]]["play"] = data["moves"][plays[1]]["play"].replace("♠", "S")
    read = GameRecord.from_dict(data, verify=False)
    assert read.to_json() == record.to_json() == GameRecord.from_dict(data).to_json()
    assert read.to_dict() == record.to_dict()
    assert read == record


def test_records_branched_from_a_record_read_without_verifying() -> None:
    record, last = served(cr.Cramps(), 60)
    read = GameRecord.from_json(record.to_json(), verify=False)
    moves = cr.Cramps().legal_moves(last)
    one, two = read.then(moves[0]), read.then(moves[-1])
    three = one.then(cr.Cramps().legal_moves(one.final_state())[0])
    for branch, expected in (
        (one, record.then(moves[0])),
        (two, record.then(moves[-1])),
        (three, record.then(moves[0]).then(three.moves[-1])),
    ):
        assert branch.to_json() == expected.to_json()
        assert branch.to_json(key=b"k") == expected.to_json(key=b"k")
    assert read.to_json() == record.to_json() and read.moves == record.moves


def test_a_signed_table_writes_its_record_back_without_reading_a_move(
    parsed: list[Any],
) -> None:
    """A signed table keeps its record's moves as the text it was read from; text that
    is not what writing the moves gives (edited, then signed again) is written as the
    moves read from it."""
    from cardrules.table import Table, _signature

    key = b"table key"
    table = Table(cr.Cramps(), seed=3)
    pick = random.Random(3)
    while table.version < 150:
        move = pick.choice(table.game.legal_moves(table.state))
        table.play(table.state.to_move, table.game.move_id(move))
    text = table.to_json(key=key)
    Table.from_json(text, key=key).to_json(key=key)  # each move's text checked once
    parsed.clear()
    read = Table.from_json(text, key=key)
    assert read.to_json(key=key) == text and read.version == 150
    assert parsed == []
    moves = json.loads(text)["record"]["moves"]
    play = next(n for n, move in enumerate(moves) if set(move) == {"play"})
    compact = json.dumps(moves[play], separators=(",", ":"), ensure_ascii=False)
    lettered = json.dumps({"play": moves[play]["play"].translate(str.maketrans("♠♥♦♣", "SHDC"))})
    for edit in (compact, lettered):
        before, _, after = text.rpartition(json.dumps(moves[play], ensure_ascii=False))
        edited = before + edit + after  # (the last: a move of the record, not of a log)
        unsigned = edited[: edited.rindex(', "signature"')] + "}"
        resigned = f'{unsigned[:-1]}, "signature": "{_signature(unsigned, key)}"}}'
        assert resigned != text
        assert Table.from_json(resigned, key=key).to_json(key=key) == text


def test_a_record_read_from_other_text_is_written_as_its_data() -> None:
    """The moves' text of a record read without verifying is written again only where
    it is exactly theirs: text laid out otherwise, or naming the moves twice (JSON
    keeps the last), is written as the moves read."""
    record = grown(cr.Cramps(), 80)
    text = record.to_json()
    twice = text.replace('"moves": [', '"moves": [{"draw": true}], "moves": [', 1)
    spaced = json.dumps(json.loads(text), indent=1, ensure_ascii=False)
    for other in (twice, spaced, text.encode()):
        assert other != text
        read = GameRecord.from_json(other, verify=False)
        assert read.to_json() == text and read == record


def test_a_table_whose_record_holds_a_bad_move_is_refused() -> None:
    """An unsigned table replays its record when read: a move that is not one is
    refused there, as the table's error naming the move."""
    from cardrules.table import Table

    data = json.loads(Table(cr.Cramps(), seed=3).to_json())
    data["record"]["moves"] = [{"draw": 1}]
    with pytest.raises(cr.TableError, match=r"record cannot be read: move 1: bad move"):
        Table.from_json(json.dumps(data))


@register_move("test_append_moves")
@attrs.frozen
class Listed:
    """A move of a game of one's own whose data holds a list named ``moves``."""

    moves: tuple[str, ...] = attrs.field(converter=_strings)


def test_stored_data_cuts_out_only_the_records_own_moves() -> None:
    """``stored_data`` leaves the moves of a table's record unread only when the text
    it cuts out is theirs and what writing them gives: else it reads the whole text."""
    from cardrules.record import stored_data

    record, _ = served(cr.Cramps(), 30)
    data = record.to_dict()
    text = json.dumps({"bots": {}, "record": data}, ensure_ascii=False)
    read, moves = stored_data(text, len(text) - 1)
    assert moves == json.dumps(data["moves"], ensure_ascii=False)
    assert read["record"]["moves"] == [None] * 30
    assert {**read["record"], "moves": data["moves"]} == data
    assert GameRecord._from_stored(read["record"], moves).to_json() == record.to_json()
    data["moves"][-1] = {"move": "test_append_moves", "moves": ["a", "b"]}
    data["moves"][-2] = {"move": "test_append_moves", "moves": []}
    for last in (data["moves"][-2], data["moves"][-1], {"play": "Q♠", "suit": "X"}):
        data["moves"][-1] = last
        text = json.dumps({"bots": {}, "record": data}, ensure_ascii=False)
        assert stored_data(text, len(text) - 1) == (json.loads(text), None)
