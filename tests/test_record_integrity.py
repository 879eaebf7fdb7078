"""What a record's checks guarantee, and what they do not: the checks cover the whole
state (the generator too), are read strictly, and catch edits; signatures (HMAC with
the server's key) catch forgeries. Stepping through a record with ``state_at`` replays
it once."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
from typing import Any

import pytest

import cardrules as cr
from cardrules.record import _Written
from conftest import fill_hands, stack_deck

KEY = b"the server's key, 32 bytes long!"


def played(game: Any, moves: int, seed: int = 3, **setup: Any) -> cr.GameRecord[Any]:
    record = cr.GameRecord.start(game, seed=seed, **setup)
    state = record.initial_state()
    for _ in range(moves):
        if state.is_over:
            break
        move = game.legal_moves(state)[0]
        record, state = record.then(move), game.apply(state, move)
    return record


# -- the checks cover the generator ------------------------------------------------------


@pytest.mark.parametrize("game", [cr.Cramps(), cr.Craits()], ids=["cramps", "craits"])
def test_a_seed_edited_under_a_stacked_deck_is_refused(game: Any) -> None:
    """A stacked deck makes the first deal whatever the seed: another seed changes only
    the deals to come. A record of the first deal with its seed edited used to load
    (and replay to other later deals)."""
    deck = getattr(game, "deck", cr.STANDARD_DECK)  # the trick engine's: a method
    deck = [str(card) for card in (deck() if callable(deck) else deck.cards())]
    record = played(game, 10, seed=1, deck=deck, dealer=0)
    data = record.to_dict()
    data["seed"] = 2
    edited = cr.GameRecord.from_dict(data, verify=False)
    assert edited.initial_state() != record.initial_state()
    assert edited.initial_state().hands == record.initial_state().hands
    with pytest.raises(cr.RecordError, match="rules, seed or setup do not give the starting"):
        cr.GameRecord.from_dict(data)


def test_a_version_5_record_relabelled_version_4_is_refused() -> None:
    data = played(cr.Cramps(), 20).to_dict()
    data["version"] = 4
    with pytest.raises(cr.RecordError, match="edited"):
        cr.GameRecord.from_dict(data)


# -- strict checks ------------------------------------------------------------------------


def _edit_checks(change: Any) -> Any:
    def edit(data: dict[str, Any]) -> None:
        data["checks"] = change(data["checks"])

    return edit


def _edit_digest(change: Any) -> Any:
    def edit(data: dict[str, Any]) -> None:
        data["outcome"]["digest"] = change(data["outcome"]["digest"])

    return edit


@pytest.mark.parametrize(
    ("edit", "match"),
    [
        (_edit_checks(lambda c: c[:4]), "checks were cut or padded.*not 4$"),
        (_edit_checks(lambda c: c[:-4]), "checks were cut or padded"),
        (_edit_checks(lambda c: c + "0000"), "checks were cut or padded"),
        (_edit_checks(lambda c: c + c), "checks were cut or padded"),
        (_edit_checks(lambda c: c[:-1]), "4 lowercase hex digits .* for each position"),
        (_edit_checks(lambda c: c + "0"), "4 lowercase hex digits .* for each position"),
        (_edit_checks(lambda c: c.upper()), "4 lowercase hex digits .* for each position"),
        (_edit_checks(lambda c: "g" + c[1:]), "4 lowercase hex digits .* for each position"),
        (_edit_checks(lambda c: " " + c[1:]), "4 lowercase hex digits .* for each position"),
        (_edit_checks(lambda c: ""), "checks were cut or padded"),
        (_edit_checks(lambda c: None), "4 lowercase hex digits .* for each position"),
        (_edit_checks(lambda c: [c]), "4 lowercase hex digits .* for each position"),
        (_edit_digest(lambda d: d[:16]), "digest is exactly 32 lowercase hex digits"),
        (_edit_digest(lambda d: d[:31]), "digest is exactly 32 lowercase hex digits"),
        (_edit_digest(lambda d: d + "0"), "digest is exactly 32 lowercase hex digits"),
        (_edit_digest(lambda d: d.upper()), "digest is exactly 32 lowercase hex digits"),
        (_edit_digest(lambda d: "x" * 32), "digest is exactly 32 lowercase hex digits"),
        (_edit_digest(lambda d: int(d, 16)), "digest is exactly 32 lowercase hex digits"),
    ],
)
def test_checks_and_digests_are_read_strictly(edit: Any, match: str) -> None:
    record = played(cr.Cramps(), 30)
    data = record.to_dict()
    assert any(ch.isalpha() for ch in data["checks"])  # so that upper() changes them
    edit(data)
    with pytest.raises(cr.RecordError, match=match):
        cr.GameRecord.from_dict(data)


def test_checks_are_compared_at_every_position() -> None:
    record = played(cr.Craits(), 60)
    data = record.to_dict()
    for position in (0, 17, 60):
        checks = data["checks"]
        at = 4 * position
        flipped = "0" if checks[at] != "0" else "1"
        edited = dict(data, checks=checks[:at] + flipped + checks[at + 1 :])
        match = "starting position" if position == 0 else rf"edited at move {position}\b"
        with pytest.raises(cr.RecordError, match=match):
            cr.GameRecord.from_dict(edited)


# -- signatures ---------------------------------------------------------------------------


def test_a_signed_record_reads_back_with_its_key() -> None:
    record = played(cr.Craits(players=3), 40)
    text = record.to_json(key=KEY)
    data = json.loads(text)
    assert set(data) == set(record.to_dict()) | {"signature"}
    again = cr.GameRecord.from_json(text, key=KEY)
    assert again == record and again.states() == record.states()
    assert cr.GameRecord.from_json(record.to_json(indent=2, key=KEY), key=KEY) == record
    assert cr.GameRecord.from_json(text) == record  # without a key, not looked at


def test_the_signature_is_hmac_sha256_of_the_canonical_record() -> None:
    """Pinned, so that another program can check a record with the same key."""
    data = played(cr.Cramps(), 5).to_dict(key=KEY)
    signature = data.pop("signature")
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    assert signature == hmac.new(KEY, canonical.encode("ascii"), hashlib.sha256).hexdigest()


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(seed=d["seed"] + 1),
        lambda d: d["moves"].pop(),
        lambda d: d["setup"].update(dealer=2),
        lambda d: d.update(version=4),
        lambda d: d.update(checks=d["checks"][:-4] + "0000"),
        lambda d: d["outcome"]["scores"].__setitem__(0, 5),
        lambda d: d.update(signature=d["signature"][:-1] + "0"),
        lambda d: d.update(signature=d["signature"].upper()),
        lambda d: d.update(signature="é" * 64),
        lambda d: d.update(signature=7),
    ],
    ids=[
        "seed",
        "moves",
        "setup",
        "version",
        "checks",
        "outcome",
        "signature",
        "upper case",
        "not ascii",
        "not text",
    ],
)
def test_a_signed_record_changed_afterwards_is_refused(edit: Any) -> None:
    data = played(cr.Cramps(), 12).to_dict(key=KEY)
    edit(data)
    with pytest.raises(cr.RecordError, match="signature does not match"):
        cr.GameRecord.from_dict(data, key=KEY)


def test_a_forged_record_is_refused_by_its_signature() -> None:
    """Anyone with the library can write a consistent record (the checks are not
    keyed): only the signature tells the server's records from others."""
    forged = played(cr.Cramps(), 12, seed=99)
    assert cr.GameRecord.from_json(forged.to_json()) == forged  # consistent: it loads
    with pytest.raises(cr.RecordError, match="not signed"):
        cr.GameRecord.from_json(forged.to_json(), key=KEY)
    with pytest.raises(cr.RecordError, match="signature does not match"):
        cr.GameRecord.from_json(forged.to_json(key=b"another key"), key=KEY)


@pytest.mark.parametrize("key", ["the server's secret", b"", 12, None])
def test_a_bad_key_is_refused(key: Any) -> None:
    record = played(cr.Cramps(), 2)
    if key is not None:
        with pytest.raises(cr.RecordError, match="signing key is bytes, not empty") as caught:
            record.to_json(key=key)
        assert "secret" not in str(caught.value).split("kept on the server")[-1]  # not shown
        with pytest.raises(cr.RecordError, match="signing key is bytes, not empty"):
            cr.GameRecord.from_json(record.to_json(), key=key)
    else:
        assert "signature" not in record.to_dict(key=key)


# -- stepping through a record -----------------------------------------------------------


def test_stepping_through_a_record_replays_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game: Any = cr.Cramps()
    record = played(game, 10**6, seed=8)
    moves = len(record.moves)
    assert moves > 300
    expected = [game.new_game(seed=8)]
    for move in record.moves:
        expected.append(game.apply(expected[-1], move))
    applied = [0]
    apply = cr.Cramps.apply

    def counting(self: cr.Cramps, state: Any, move: Any, **options: Any) -> Any:
        applied[0] += 1
        return apply(self, state, move, **options)

    monkeypatch.setattr(cr.Cramps, "apply", counting)
    stepped = [record.state_at(number) for number in range(moves + 1)]
    assert stepped == expected
    assert applied[0] == moves  # was moves * (moves + 1) / 2
    assert record.states() == tuple(stepped)
    assert record.final_state() == stepped[-1]
    assert record.state_at(5) == stepped[5]
    assert applied[0] == moves


def test_a_record_read_from_json_checks_each_position_as_it_steps() -> None:
    record = played(cr.Cramps(), 40)
    data = record.to_dict()
    data["setup"] = {"dealer": 1}
    lazy = cr.GameRecord.from_dict(data, verify=False)
    for _ in range(2):  # an error is raised again, not forgotten
        with pytest.raises(cr.RecordError, match="starting position"):
            lazy.state_at(3)
    data = record.to_dict()
    data["outcome"]["scores"][0] = 9
    lazy = cr.GameRecord.from_dict(data, verify=False)
    assert lazy.state_at(40 - 1) == record.state_at(39)
    with pytest.raises(cr.RecordError, match="do not lead to the outcome"):
        lazy.state_at(40)


def test_threads_stepping_one_record_see_the_same_states() -> None:
    record = played(cr.Craits(), 300, seed=4)
    expected = played(cr.Craits(), 300, seed=4).states()
    seen: list[tuple[Any, ...]] = []

    def step() -> None:
        seen.append(tuple(record.state_at(n) for n in range(len(record.moves) + 1)))

    threads = [threading.Thread(target=step) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [expected] * 4


def test_records_of_a_stacked_deck_keep_their_written_checks_through_pickling() -> None:
    import pickle

    deck = stack_deck(fill_hands({1: "AS KS"}), dealer=0)
    record = cr.GameRecord.from_json(played(cr.Cramps(), 8, seed=0, deck=deck).to_json())
    again = pickle.loads(pickle.dumps(record))
    assert isinstance(again._written, _Written) and again._written == record._written
    assert again.states() == record.states()


# -- bad records built in code ------------------------------------------------------------


@pytest.mark.parametrize("game", ["cramps", None, cr.Cramps, 4])
def test_a_record_needs_a_rules_object(game: Any) -> None:
    with pytest.raises(cr.RecordError, match="a record's game is a rules object such as"):
        cr.GameRecord(game, 0)
