"""Game records: JSON round trips, replays, and tampered records rejected clearly."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import cardrules as cr
import cardrules.record
from cardrules._digestv4 import EncoderV4
from cardrules._digestv5 import EncoderV5
from cardrules.digest import digest_with
from cardrules.moves import move_from_data, move_to_data
from cardrules.record import state_digest
from conftest import ALL_52, fill_hands, stack_deck, suit_hands


def recorded(
    game: cr.Cramps, moves: int, seed: int = 3, **setup: Any
) -> tuple[cr.GameRecord, list[cr.CrampsState]]:
    """A record of ``moves`` first-legal moves, and the states seen while playing."""
    record = cr.GameRecord.start(game, seed=seed, **setup)
    state = game.new_game(seed, **setup)
    states = [state]
    for _ in range(moves):
        if state.is_over:
            break
        move = game.legal_moves(state)[0]
        record, state = record.then(move), game.apply(state, move)
        states.append(state)
    return record, states


def finished(game: cr.Cramps, seed: int = 8) -> tuple[cr.GameRecord, cr.CrampsState]:
    record, states = recorded(game, 10**6, seed=seed)
    assert states[-1].is_over
    return record, states[-1]


def tampered(record: cr.GameRecord, **changes: Any) -> str:
    data = record.to_dict()
    data.update(changes)
    return json.dumps(data)


# -- round trips ---------------------------------------------------------------------


def test_record_shape() -> None:
    record, _ = recorded(cr.Cramps(), 5, seed=3, dealer=1)
    data = json.loads(record.to_json())
    assert data["format"] == "cardrules.record"
    assert data["version"] == 6
    assert data["game"] == "cramps"
    assert data["seed"] == 3
    assert data["setup"] == {"dealer": 1}
    assert data["options"]["packets"] == [3, 2, 3, 2, 3]
    assert len(data["moves"]) == 5
    assert all(set(move) == {"play"} for move in data["moves"])
    assert cr.Card.parse(data["moves"][0]["play"]) in record.initial_state().hands[2]


def test_json_round_trip_replays_the_same_states() -> None:
    game = cr.Cramps()
    record, states = recorded(game, 120, seed=12, dealer=3)
    text = record.to_json()
    again = cr.GameRecord.from_json(text)
    assert again == record
    assert again.to_json() == text
    assert again.states() == tuple(states)
    assert again.final_state() == states[-1]
    assert cr.GameRecord.from_json(record.to_json(indent=2)) == record
    assert cr.GameRecord.from_json(text.encode("utf-8")) == record


def test_round_trip_of_a_whole_game() -> None:
    record, final = finished(cr.Cramps())
    again = cr.GameRecord.from_json(record.to_json())
    assert again.final_state() == final
    assert again.final_state().winners == final.winners


def test_round_trip_keeps_rules_options() -> None:
    game = cr.Cramps(target=21, packets=(2, 2, 3, 3, 3), queen_points=-2)
    record, states = recorded(game, 60, seed=1)
    again = cr.GameRecord.from_json(record.to_json())
    assert again.game == game
    assert again.states() == tuple(states)


def test_round_trip_of_a_stacked_deck_setup() -> None:
    deck = stack_deck(fill_hands({1: "AS KS"}), dealer=0)
    record, states = recorded(cr.Cramps(), 10, seed=0, deck=deck)
    assert record.to_dict()["setup"]["deck"] == [str(c) for c in deck]
    again = cr.GameRecord.from_json(record.to_json())
    assert again.states() == tuple(states)
    assert again.initial_state().hands[1][-2:] == cr.parse_cards("KS AS")


def test_round_trip_of_explicit_hands_and_scores() -> None:
    record, states = recorded(
        cr.Cramps(), 52, seed=4, hands=suit_hands(), dealer=3, scores=(30, 0, 0, 0)
    )
    again = cr.GameRecord.from_json(record.to_json())
    assert again.states() == tuple(states)
    assert again.final_state().winners == (0,)


def test_then_returns_a_new_record() -> None:
    game = cr.Cramps()
    record = cr.GameRecord.start(game, seed=2)
    move = game.legal_moves(record.initial_state())[0]
    longer = record.then(move)
    assert record.moves == ()
    assert longer.moves == (move,)
    assert longer != record


def test_start_rejects_a_bad_setup() -> None:
    with pytest.raises(cr.SetupError, match="dealer must be a seat from 0 to 3"):
        cr.GameRecord.start(cr.Cramps(), seed=1, dealer=9)


# -- tampered records ----------------------------------------------------------------


def test_illegal_move_inserted() -> None:
    record, states = recorded(cr.Cramps(), 6)
    seat = states[3].to_move
    assert seat is not None
    other = next(c for c in ALL_52 if c in states[3].hands[(seat + 1) % 4])
    data = record.to_dict()
    data["moves"][3] = {"play": str(other)}
    with pytest.raises(cr.RecordError, match=r"move 4 \(.*\) cannot be replayed") as info:
        cr.GameRecord.from_json(json.dumps(data))
    assert f"do not hold {other}" in str(info.value)
    # Without verification the record loads, and replaying it raises the same error.
    lazy = cr.GameRecord.from_json(json.dumps(data), verify=False)
    with pytest.raises(cr.RecordError, match="move 4"):
        lazy.states()


def test_card_played_twice() -> None:
    record, _ = recorded(cr.Cramps(), 5)
    data = record.to_dict()
    data["moves"].append(data["moves"][0])
    with pytest.raises(cr.RecordError, match=r"move 6 \(.*\) cannot be replayed: .*do not hold"):
        cr.GameRecord.from_json(json.dumps(data))


def test_move_after_the_game_is_over() -> None:
    record, _ = finished(cr.Cramps())
    data = record.to_dict()
    data["moves"].append({"play": "2C"})
    with pytest.raises(cr.RecordError, match="game is over"):
        cr.GameRecord.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("move", "match"),
    [
        ({"play": "ZZ"}, "'ZZ'"),
        ({"play": "1S"}, "'1S'"),
        ({"play": 12}, "card text"),
        ({"play": "QS", "suit": "X"}, "'X'"),
        ({"play": "QS", "announce": "yes"}, "announce must be True or False"),
        ({"play": "QS", "extra": 1}, "expected"),
        ({"move": "QS"}, "expected"),
        ("QS", "JSON object"),
        ({"draw": "please"}, "expected"),
        ({"call": "me"}, "a seat must be an int"),
    ],
)
def test_bad_move_data(move: Any, match: str) -> None:
    record, _ = recorded(cr.Cramps(), 2)
    data = record.to_dict()
    data["moves"][1] = move
    with pytest.raises(cr.RecordError, match=match):
        cr.GameRecord.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("move", "match"),
    [
        ({"draw": True}, r"a Cramps move is a Play\(card\)"),
        ({"call": 1}, r"a Cramps move is a Play\(card\)"),
        ({"play": "QS", "suit": "H"}, "no wild cards"),
        ({"play": "QS", "announce": True}, 'no "one card" announcement'),
    ],
)
def test_moves_of_another_game(move: Any, match: str) -> None:
    record, _ = recorded(cr.Cramps(), 0)
    data = record.to_dict()
    data["moves"] = [move]
    with pytest.raises(cr.RecordError, match=match):
        cr.GameRecord.from_json(json.dumps(data))


def test_unknown_game() -> None:
    record, _ = recorded(cr.Cramps(), 2)
    with pytest.raises(cr.RecordError, match=r"unknown game 'poker'.*known games: .*cramps"):
        cr.GameRecord.from_json(tampered(record, game="poker"))
    with pytest.raises(cr.RecordError, match="unknown game"):
        cr.GameRecord.from_json(tampered(record, game=["cramps"]))


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"players": 5}, "Cramps: players must be 4, not 5"),
        ({"packets": [3, 3, 3, 3]}, "3s and 2s"),
        ({"target": "31"}, "Cramps: target must be an int from 1 up"),
        ({"trick_values": [1, 2]}, "13 ints"),
        ({"colour": "red"}, "bad options for cramps.*colour"),
        ([], "must be a mapping"),
    ],
)
def test_bad_options(options: Any, match: str) -> None:
    record, _ = recorded(cr.Cramps(), 2)
    with pytest.raises(cr.RecordError, match="rules are not valid") as info:
        cr.GameRecord.from_json(tampered(record, options=options))
    assert info.match(match)


@pytest.mark.parametrize(
    "change",
    [
        {"format": "chess.pgn"},
        {"version": 7},
        {"version": "4"},
        {"version": True},
    ],
)
def test_wrong_format_or_version(change: dict[str, Any]) -> None:
    record, _ = recorded(cr.Cramps(), 2)
    with pytest.raises(cr.RecordError, match="not a cardrules record: expected format"):
        cr.GameRecord.from_json(tampered(record, **change))


def test_wrong_keys() -> None:
    record, _ = recorded(cr.Cramps(), 2)
    data = record.to_dict()
    del data["seed"]
    with pytest.raises(cr.RecordError, match=r"exactly the keys .*found") as info:
        cr.GameRecord.from_json(json.dumps(data))
    assert "'seed'" in str(info.value)
    with pytest.raises(cr.RecordError, match="exactly the keys"):
        cr.GameRecord.from_json(tampered(record, winner=2))


@pytest.mark.parametrize("seed", ["7", 7.0, True, None, [7]])
def test_bad_seed_type(seed: Any) -> None:
    record, _ = recorded(cr.Cramps(), 2)
    with pytest.raises(cr.RecordError, match="seed must be an int"):
        cr.GameRecord.from_json(tampered(record, seed=seed))


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_seed_out_of_range(seed: int) -> None:
    record, _ = recorded(cr.Cramps(), 0)
    with pytest.raises(cr.RecordError, match=r"0 to 2\*\*64 - 1"):
        cr.GameRecord.from_json(tampered(record, seed=seed))


@pytest.mark.parametrize(
    ("setup", "match"),
    [
        ({"dealer": 7}, "setup is not valid: dealer must be a seat"),
        ({"deck": ["QS"]}, "setup is not valid: the deck must hold exactly the 52 cards"),
        ({"scores": [1, 2]}, "setup is not valid: scores must be 4 ints"),
        ({"colour": "red"}, "colour"),
        ([1, 2], "setup must be a JSON object"),
    ],
)
def test_bad_setup(setup: Any, match: str) -> None:
    record, _ = recorded(cr.Cramps(), 0)
    with pytest.raises(cr.RecordError, match=match):
        cr.GameRecord.from_json(tampered(record, setup=setup))


def test_moves_not_a_list() -> None:
    record, _ = recorded(cr.Cramps(), 2)
    with pytest.raises(cr.RecordError, match="moves must be a list"):
        cr.GameRecord.from_json(tampered(record, moves={"play": "QS"}))


@pytest.mark.parametrize("text", ["", "{not json", "[1, 2", b"\xff\xfe{", "null"])
def test_not_json(text: str | bytes) -> None:
    with pytest.raises(cr.RecordError, match="JSON"):
        cr.GameRecord.from_json(text)


@pytest.mark.parametrize("text", ["[]", "42", '"record"'])
def test_json_but_not_an_object(text: str) -> None:
    with pytest.raises(cr.RecordError, match="must be a JSON object"):
        cr.GameRecord.from_json(text)


def test_record_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        cr.GameRecord.from_json("{")


# -- outcomes and checks: edits that keep every move legal are caught (format v2) -------


def craits_record(moves: int = 200, seed: int = 5) -> cr.GameRecord:
    game = cr.Craits(players=3, short_game=True)
    record = cr.GameRecord.start(game, seed=seed)
    state = record.initial_state()
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        move = chooser.choice(game.legal_moves(state))
        record, state = record.then(move), game.apply(state, move)
    return record


def test_the_outcome_is_written_and_matches_the_game() -> None:
    record, final = finished(cr.Cramps())
    data = record.to_dict()
    assert data["outcome"]["moves"] == len(record.moves)
    assert data["outcome"]["scores"] == list(final.scores)
    assert data["outcome"]["winners"] == list(final.winners)
    assert data["outcome"]["digest"] == state_digest(record.game, final)
    assert len(data["checks"]) == 4 * (len(record.moves) + 1)
    assert record.outcome() == cr.record.Outcome.from_dict(data["outcome"])


@pytest.mark.parametrize(
    ("edit", "where"),
    [
        (lambda d: d["options"].update(queen_points=-3), "rules, seed or setup"),
        (lambda d: d["options"].update(target=40), "rules, seed or setup"),
        (lambda d: d["options"].update(trick_values=[1] + [0] * 12), "rules, seed or setup"),
        (lambda d: d["setup"].update(dealer=1), "rules, seed or setup"),
        (lambda d: d.update(seed=d["seed"] + 1), "rules, seed or setup"),
        (lambda d: d["moves"].pop(), "cut short or had moves removed"),
        (lambda d: d["moves"].__delitem__(slice(-8, None)), "cut short"),
        (lambda d: d["outcome"]["scores"].__setitem__(0, 99), "do not lead to the outcome"),
        (lambda d: d["outcome"].update(winners=[3]), "do not lead to the outcome"),
        (lambda d: d["outcome"].update(moves=d["outcome"]["moves"] + 1), "cut short"),
    ],
)
def test_edits_that_keep_every_move_legal_are_refused(edit: Any, where: str) -> None:
    record, _ = finished(cr.Cramps(), seed=8)
    data = record.to_dict()
    edit(data)
    with pytest.raises(cr.RecordError, match=where):
        cr.GameRecord.from_json(json.dumps(data))


def test_card_points_edited_in_craits_are_refused() -> None:
    record = craits_record(10_000)
    data = record.to_dict()
    data["options"]["card_table"]["9"]["points"] = 1
    with pytest.raises(cr.RecordError, match="rules, seed or setup"):
        cr.GameRecord.from_dict(data)


def test_a_deleted_mid_game_move_is_reported_where_it_was() -> None:
    record = craits_record(150)
    for index in (10, 40, 90):
        data = record.to_dict()
        del data["moves"][index]
        data["checks"] = data["checks"][: 4 * (index + 1)] + data["checks"][4 * (index + 2) :]
        with pytest.raises(cr.RecordError, match=rf"move {index + 1}\b"):
            cr.GameRecord.from_dict(data)


def test_single_move_edits_are_reported_at_the_edited_move() -> None:
    """The red team's experiment: replace one move by another legal one (or any other
    move); the record must be refused at that very move, not later."""
    game = cr.Craits(players=3, short_game=True)
    record = craits_record(120, seed=9)
    states = record.states()
    chooser = random.Random(4)
    reported = 0
    for index in chooser.sample(range(len(record.moves)), 100):
        others = [m for m in game.legal_moves(states[index]) if m != record.moves[index]]
        if not others:
            continue
        data = record.to_dict()
        data["moves"][index] = move_to_data(chooser.choice(others))
        with pytest.raises(cr.RecordError, match=rf"move {index + 1}\b"):
            cr.GameRecord.from_dict(data)
        reported += 1
    assert reported > 30


def test_without_verify_the_checks_run_on_replay() -> None:
    record, _ = finished(cr.Cramps(), seed=8)
    data = record.to_dict()
    data["options"]["queen_points"] = -3
    lazy = cr.GameRecord.from_dict(data, verify=False)
    with pytest.raises(cr.RecordError, match="rules, seed or setup"):
        lazy.final_state()


@pytest.mark.parametrize("version", [1, 2, 3])
def test_older_record_formats_are_refused_naming_their_version(version: int) -> None:
    """The random stream changed with formats 3 and 4 (faster shuffles): older records
    cannot be replayed, and say so."""
    record, _ = recorded(cr.Cramps(), 20)
    data = record.to_dict()
    data["version"] = version
    if version == 1:
        del data["checks"], data["outcome"]
    with pytest.raises(cr.RecordError, match=rf"format version {version} record.*older shuffle"):
        cr.GameRecord.from_dict(data)


RECORD_V2 = (
    '{"format": "cardrules.record", "version": 2, "game": "cramps", "options": {"players": 4, "'
    'target": 31, "packets": [3, 2, 3, 2, 3], "trick_values": [0, -1, 3, 3, -3, 0, 5, 5, -5, 0,'
    ' 7, 7, -7], "queen_points": -1}, "seed": 3, "setup": {}, "moves": [{"play": "3♣"}, {"play"'
    ': "7♣"}, {"play": "4♣"}, {"play": "2♣"}, {"play": "8♣"}], "checks": "3fc32bd287c24d2009583'
    '942", "outcome": {"moves": 5, "scores": [0, 0, 0, 0], "winners": [], "digest": "3942f46a7b'
    '754ec535c56c0b0bbdb029"}}'
)
"""A record of five moves exactly as the previous format (version 2) wrote it."""


RECORDS_V4 = Path(__file__).parent / "data" / "records_v4_0a12f5b.json"
"""Format 4 records written by main at 0a12f5b, before the shedding engine kept hands as
masks: a Cramps game and Craits games of 4 players and of 7 (two decks, manual idiot
calls), 120 to 160 moves each."""


@pytest.mark.parametrize("name", ["cramps", "craits_4p", "craits_7p_manual_calls"])
def test_records_written_by_earlier_code_still_verify_and_replay(name: str) -> None:
    """The engine may change how it keeps a state, never the game a record describes:
    every position's check and the outcome (moves, scores, winners, the last
    position's digest, as version 4 wrote them) still agree; written again, the record
    is a version 6 record of the same game."""
    data = json.loads(RECORDS_V4.read_text(encoding="utf-8"))[name]
    record = cr.GameRecord.from_dict(data)  # verifies every position and the outcome
    states = record.states()
    assert len(states) == len(data["moves"]) + 1
    final = states[-1]
    # (hashed with the options the record wrote: rules added since, with their defaults,
    # are not in them)
    assert digest_with(EncoderV4(data["options"]), record.game, final) == data["outcome"]["digest"]
    assert list(record.outcome().scores) == data["outcome"]["scores"]
    again = record.to_dict()
    assert again["version"] == 6
    assert again["outcome"]["digest"] == state_digest(record.game, final)
    assert cr.GameRecord.from_dict(again).states() == states


RECORDS_V5 = Path(__file__).parent / "data" / "records_v5_81bfd0e.json"
"""Format 5 records written by main at 81bfd0e: Craits games of 4 players and of 3
(``idiot_penalty="draw_one"``) whose calls on a missed "one card" are in their old form
``{'idiot': 1, 'target': 2}`` (and ``{'idiot': 2}``, no target), and Crazy Eights games
of 3 players and OpenSpiel's preset, 88 to 160 moves each."""


@pytest.mark.parametrize(
    "name",
    ["craits_4p_manual_calls", "craits_3p_draw_one", "crazy_eights_3p", "crazy_eights_openspiel"],
)
def test_version_5_records_still_verify_and_replay(name: str) -> None:
    """The shedding state has changed since version 5 (it remembers the face to match),
    and so have the rules' options (a card rule's draws): a version 5 record still reads
    with every position's check and its outcome as written."""
    data = json.loads(RECORDS_V5.read_text(encoding="utf-8"))[name]
    record = cr.GameRecord.from_dict(data)  # verifies every position and the outcome
    final = record.final_state()
    assert digest_with(EncoderV5(data["options"]), record.game, final) == data["outcome"]["digest"]
    assert list(record.outcome().scores) == data["outcome"]["scores"]
    assert record.to_dict()["version"] == 6


@pytest.mark.parametrize("name", ["craits_4p_manual_calls", "craits_3p_draw_one"])
@pytest.mark.parametrize("verify", [True, False])
def test_version_5_records_read_their_calls_in_the_old_form(name: str, verify: bool) -> None:
    """Format 6 writes a call as {'call': ...}; a version 5 record's {'idiot': ...} reads
    as the same move, verified or not (its checks compared as version 5 wrote them), and
    the record is written again as a version 6 record of the same game."""
    text = json.dumps(json.loads(RECORDS_V5.read_text(encoding="utf-8"))[name])
    data = json.loads(text)
    old = [move for move in data["moves"] if "idiot" in move]
    assert old and (name != "craits_3p_draw_one" or any("target" not in move for move in old))
    record = cr.GameRecord.from_json(text, verify=verify)
    calls = [move for move in record.moves if isinstance(move, cr.CallOut)]
    assert [move.to_data() for move in calls] == [
        {"call" if key == "idiot" else key: value for key, value in move.items()} for move in old
    ]
    final = record.final_state()
    assert digest_with(EncoderV5(data["options"]), record.game, final) == data["outcome"]["digest"]
    again = record.to_dict()
    assert again["version"] == 6 and len(again["checks"]) == len(data["checks"])
    assert again["outcome"]["scores"] == data["outcome"]["scores"]
    assert [m for m in again["moves"] if "call" in m] == [m.to_data() for m in calls]
    assert not any("idiot" in move for move in again["moves"])
    assert cr.GameRecord.from_dict(again).final_state() == record.final_state()


def test_only_records_before_version_6_read_the_old_form_of_a_call() -> None:
    data = json.loads(RECORDS_V5.read_text(encoding="utf-8"))["craits_4p_manual_calls"]
    data["version"] = 6
    with pytest.raises(cr.RecordError, match=r"bad move \{'idiot': \d+, 'target': \d+\}"):
        cr.GameRecord.from_dict(data)


@pytest.mark.parametrize("name", ["cramps", "craits_4p"])
def test_edits_of_version_4_records_are_still_refused(name: str) -> None:
    data = json.loads(RECORDS_V4.read_text(encoding="utf-8"))[name]
    record = cr.GameRecord.from_dict(data)
    states = record.states()
    index = next(
        i
        for i in range(len(record.moves) - 1, 0, -1)
        if len(record.game.legal_moves(states[i])) > 1
    )
    other = next(m for m in record.game.legal_moves(states[index]) if m != record.moves[index])
    data["moves"][index] = move_to_data(other)
    with pytest.raises(cr.RecordError, match=rf"edited at move {index + 1}\b"):
        cr.GameRecord.from_dict(data)


def test_a_record_written_by_the_previous_format_is_refused() -> None:
    with pytest.raises(cr.RecordError, match=r"format version 2 record.*cannot replay it"):
        cr.GameRecord.from_json(RECORD_V2)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": ' + "[" * 50_000 + "]" * 50_000 + "}",
        '{"seed": 1' + "0" * 5000 + "}",
    ],
    ids=["deep list", "deep value", "huge int"],
)
def test_hostile_json_is_a_record_error(text: str) -> None:
    with pytest.raises(cr.RecordError):
        cr.GameRecord.from_json(text)


def test_deeply_nested_data_is_a_record_error() -> None:
    record, _ = recorded(cr.Cramps(), 2)
    data = record.to_dict()
    nested: Any = []
    for _ in range(100_000):
        nested = [nested]
    data["setup"] = {"deck": nested}
    with pytest.raises(cr.RecordError):
        cr.GameRecord.from_dict(data)


def test_huge_numbers_inside_a_record_are_record_errors() -> None:
    record, _ = recorded(cr.Cramps(), 2)
    for key, value in [("seed", 10**5000), ("moves", [{"call": 10**5000}])]:
        data = record.to_dict()
        data[key] = value
        with pytest.raises(cr.RecordError):
            cr.GameRecord.from_dict(data)


def test_to_dict_shares_nothing_with_the_record() -> None:
    deck = stack_deck(fill_hands({1: "AS KS"}), dealer=0)
    record, _ = recorded(cr.Cramps(), 3, seed=0, deck=deck)
    before = record.to_json()
    data = record.to_dict()
    data["setup"]["deck"].reverse()
    data["setup"]["dealer"] = 3
    data["moves"].clear()
    data["options"]["packets"].append(9)
    assert record.to_json() == before
    with pytest.raises(TypeError):
        record.setup["dealer"] = 2  # type: ignore[index]


def test_a_bad_move_is_reported_with_its_number() -> None:
    record, _ = recorded(cr.Cramps(), 4)
    data = record.to_dict()
    data["moves"][2] = {"play": "ZZ"}
    with pytest.raises(cr.RecordError, match=r"^move 3: bad move"):
        cr.GameRecord.from_dict(data)


def test_state_at() -> None:
    record, states = recorded(cr.Cramps(), 12)
    assert [record.state_at(n) for n in range(13)] == states
    for bad in (-1, 13, True, "2"):
        with pytest.raises(cr.RecordError, match="has states 0 to 12"):
            record.state_at(bad)  # type: ignore[arg-type]


def test_name_suit_without_a_suit_cannot_be_read() -> None:
    """The red team's record: {"name_suit": null} replayed to a state with no suit."""
    with pytest.raises(cr.RecordError, match="name_suit"):
        move_from_data({"name_suit": None})


def test_records_of_huge_scores_round_trip() -> None:
    game = cr.Cramps()
    big = 10**5000
    record = cr.GameRecord.start(game, seed=1, scores=(big, -big, 0, 1))
    state = record.initial_state()
    while not state.is_over:  # seat 0 wins at the end of the first round
        move = game.legal_moves(state)[0]
        record, state = record.then(move), game.apply(state, move)
    text = record.to_json()
    again = cr.GameRecord.from_json(text)
    assert again.final_state() == state
    assert again.final_state().winners == (0,)
    assert abs(again.final_state().scores[0] - big) < 100
