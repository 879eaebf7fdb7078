"""State snapshots (cardrules.snapshot): every game's states load equal and play on the
same; a user's own game with payload classes of its own; explicit chance; and the
refusals: keys, signatures, formats, and classes a snapshot must never build."""

from __future__ import annotations

import enum
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar, NamedTuple, cast

import attrs
import pytest

import cardrules as cr
from cardrules._recorddata import sign
from cardrules.chance import ExplicitChance
from cardrules.digest import state_digest
from cardrules.errors import SnapshotError
from cardrules.events import Event
from cardrules.games import shipped_games
from cardrules.snapshot import read_snapshot, state_from_json, state_to_json
from cardrules.tricks.engine import TrickState, TrickView
from cardrules.values import Value, with_slots
from example_scripts import load_example

KEY = b"a key for the tests"
whist = load_example("whist")
mau_mau = load_example("mau_mau")


def assert_same_game(game: Any, state: Any, rules: Any = None) -> None:
    """``state`` written and read back: equal, writing the same text again, with the
    same digest, legal moves and next state (after a move chosen at random)."""
    text = state_to_json(state, key=KEY)
    loaded_rules, loaded = read_snapshot(text, key=KEY)
    assert loaded == state
    assert loaded_rules == (game if rules is None else rules)
    assert state_to_json(loaded, key=KEY) == text
    assert state_digest(game, loaded) == state_digest(game, state)
    assert game.legal_moves(loaded) == game.legal_moves(state)
    if not state.is_over:
        move = random.Random(text).choice(game.legal_moves(state))
        assert game.apply(loaded, move) == game.apply(state, move)


def positions(game: Any, seed: int, every: int) -> list[Any]:
    """Every ``every``-th state of a game played at random, and its last."""
    pick = random.Random(seed)
    state = game.new_game(seed=seed)
    states = []
    for number in range(100_000):
        if number % every == 0 or state.is_over:
            states.append(state)
        if state.is_over:
            return states
        state = game.apply(state, pick.choice(game.legal_moves(state)))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", sorted(shipped_games()))
def test_every_games_states_load_equal_and_play_on_the_same(name: str) -> None:
    game = shipped_games()[name]()
    for seed in (1, 2):
        states = positions(game, seed, every=37 if name == "craits" else 11)
        assert len(states) > 3
        for state in states:
            assert_same_game(game, state)


@pytest.mark.parametrize(
    "game",
    [
        cr.Craits(players=3, short_game=True),
        cr.Craits(players=7),  # two decks: two of every card
        cr.Hearts(target=50, passing=("across",), moon="subtract_from_shooter"),
        cr.OhHell(players=3, trumps="none"),
    ],
    ids=["craits-3", "craits-7", "hearts", "oh_hell"],
)
def test_rules_with_other_options_come_back_with_their_options(game: Any) -> None:
    for state in positions(game, seed=3, every=29)[:4]:
        assert_same_game(game, state)
        assert read_snapshot(state_to_json(state, key=KEY), key=KEY)[0].options() == game.options()


def test_loading_replays_nothing_and_shares_the_rules() -> None:
    game = cr.Craits()
    state = game.new_game(seed=4)
    for _ in range(30):
        state = game.apply(state, game.legal_moves(state)[0])
    first = state_from_json(state_to_json(state, key=KEY), key=KEY)
    again = state_from_json(state_to_json(first, key=KEY), key=KEY)
    assert first == again == state
    assert first._rules is again._rules  # rules are made once and shared, as they may be


def test_a_snapshot_loads_in_a_new_process(tmp_path: Path) -> None:
    game = cr.Craits()
    state = positions(game, seed=13, every=1)[40]
    (tmp_path / "state.json").write_text(state_to_json(state, key=KEY), encoding="utf-8")
    program = (
        "import sys; from pathlib import Path; from cardrules.digest import state_digest; "
        "from cardrules.snapshot import read_snapshot; "
        "rules, state = read_snapshot(Path('state.json').read_bytes(), key=sys.argv[1].encode()); "
        "print(state_digest(rules, state), len(rules.legal_moves(state)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", program, KEY.decode()],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert done.stdout.split() == [state_digest(game, state), str(len(game.legal_moves(state)))]


def test_huge_scores_and_generator_words_come_back_exactly() -> None:
    game = cr.Craits()
    state = game.new_game(seed=5, scores=(10**4000, -(2**64) - 1, 7, 0))
    text = state_to_json(state, key=KEY)
    assert '{"int":"1' in text  # past the length a JSON number is read back as
    loaded = state_from_json(text, key=KEY)
    assert loaded.scores == state.scores and game.generator_of(loaded) == game.generator_of(state)


def test_snapshots_read_from_bytes() -> None:
    state = cr.Cramps().new_game(seed=6)
    text = state_to_json(state, key=KEY)
    assert state_from_json(text.encode("utf-8"), key=KEY) == state


# -- explicit chance ----------------------------------------------------------------


@pytest.mark.parametrize("game", [cr.Cramps(), cr.Craits(players=3)], ids=["cramps", "craits"])
def test_states_waiting_for_chance_load_and_take_the_same_outcomes(game: Any) -> None:
    table = ExplicitChance(game)
    state = table.new_game()
    pick = random.Random(7)
    for number in range(80):
        text = state_to_json(state, key=KEY)
        rules, loaded = read_snapshot(text, key=KEY)
        assert rules == table and loaded == state
        if state.is_chance:
            assert table.chance_outcomes(loaded) == table.chance_outcomes(state)
            outcome = pick.choice(table.chance_outcomes(state))[0]
            assert table.apply_chance(loaded, outcome) == table.apply_chance(state, outcome)
            state = table.apply_chance(state, outcome)
        else:
            assert table.legal_moves(loaded) == table.legal_moves(state)
            state = table.apply(state, pick.choice(table.legal_moves(state)))
        if number == 10:
            assert state.is_chance  # the test covers a shuffle half decided


# -- a game of one's own --------------------------------------------------------------


class Colour(enum.Enum):
    RED = "red"
    BLACK = "black"


class Note(NamedTuple):
    seat: int
    text: str


class Tally(Value):
    __slots__ = ("_counts",)

    def __init__(self, counts: tuple[int, ...]) -> None:
        self._counts = counts


@attrs.frozen
class Upcard:
    """The payload of the game below: the turned-up card with things about it."""

    card: cr.Card
    colour: Colour
    note: Note
    tally: Tally
    seen_by: frozenset[int]


_Whist: Any = whist.Whist  # (the example is a module loaded at run time)


@attrs.frozen(kw_only=True)
class MarkedWhist(_Whist):  # type: ignore[misc]
    """Whist whose payload is a class of this module (registered: its classes may be
    built from a snapshot)."""

    name: ClassVar[str] = "snapshot_marked_whist"

    def start_of_deal(self, state: TrickState, events: list[Event] | None) -> TrickState:
        card = state.hands[state.dealer][state.payload]
        colour = Colour.RED if card.suit in (cr.Suit.HEARTS, cr.Suit.DIAMONDS) else Colour.BLACK
        upcard = Upcard(card, colour, Note(state.dealer, "up"), Tally((1, 2)), frozenset({0, 3}))
        started: TrickState = self.begin_play(state, payload=upcard)
        return started

    def trump_of(self, state: Any) -> int | None:
        return int(state.payload.card.suit)

    def known_cards(self, view: TrickView) -> tuple[int, ...]:
        return (0, 0, 0, 0)  # nothing known: the card is not shown as the dealer's


@attrs.frozen(kw_only=True)
class UnnamedWhist(_Whist):  # type: ignore[misc]
    """Whist under no name: not registered, so its rules cannot be rebuilt by name."""

    name: ClassVar[str] = ""


def test_rules_of_a_game_not_registered_are_refused_when_written() -> None:
    state = UnnamedWhist().new_game(seed=1)
    with pytest.raises(SnapshotError, match=r"cannot be written in a snapshot: .* registered name"):
        state_to_json(state, key=KEY)


def test_the_tutorial_games_states_load_equal() -> None:
    for game in (whist.Whist(target=2), mau_mau.MauMau(players=3)):
        for state in positions(game, seed=8, every=13)[:8]:
            assert_same_game(game, state)


def test_a_games_own_payload_classes_come_back() -> None:
    game = cast(Any, MarkedWhist)(target=1)  # (attrs fields of an untyped base)
    states = positions(game, seed=9, every=9)
    assert isinstance(states[1].payload, Upcard)
    for state in states[:5]:
        assert_same_game(game, state)


class Plain:
    """A class a snapshot cannot write: neither a value nor an attrs class."""


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        (Path("x"), r"cannot hold a \w*Path: the class 'pathlib:\w*Path' is not one a snapshot"),
        (Plain(), r"cannot hold a test_snapshot\.Plain: it holds ints, text, tuples"),
        ({1, 2}, "cannot hold a set: it pickles in a way a snapshot does not read"),
        (float("nan"), "cannot hold a builtins.float"),
    ],
    ids=["path", "plain", "set", "nan"],
)
def test_what_a_snapshot_cannot_hold_is_refused_when_written(payload: Any, message: str) -> None:
    state = cr.Hearts().new_game(seed=10)
    strange = with_slots(state, _deal=with_slots(state._deal, _payload=payload))
    with pytest.raises(SnapshotError, match=message):
        state_to_json(strange, key=KEY)


def test_caches_are_never_read_from_a_snapshot() -> None:
    game = cr.Hearts()
    state = positions(game, seed=12, every=1)[60]
    game.legal_moves(state)  # remembered in the state
    data = json.loads(state_to_json(state, key=KEY))
    assert data["state"]["slots"]["_allowed"] is None  # written as a new state has it
    data["state"]["slots"]["_allowed"] = 1  # signed again: still not believed
    loaded = state_from_json(signed(data), key=KEY)
    assert loaded._allowed is None and game.legal_moves(loaded) == game.legal_moves(state)


def test_only_states_are_written() -> None:
    game = cr.Hearts()
    for thing in (game, game.observe(game.new_game(seed=1), 0), None, "state"):
        with pytest.raises(SnapshotError, match="made of a game's state"):
            state_to_json(thing, key=KEY)


# -- refusals -----------------------------------------------------------------------


def snapshot_data() -> dict[str, Any]:
    state = cr.Spades().new_game(seed=11)
    data: dict[str, Any] = json.loads(state_to_json(state, key=KEY))
    return data


def signed(data: dict[str, Any], key: bytes = KEY) -> str:
    """``data`` signed again with ``key``, as someone holding the key could."""
    data = {name: value for name, value in data.items() if name != "signature"}
    data["signature"] = sign(data, key)
    return json.dumps(data)


@pytest.mark.parametrize("key", [None, b"", "a text key", 12, [1, 2]], ids=repr)
def test_keys_are_bytes_not_empty(key: Any) -> None:
    state = cr.Cramps().new_game(seed=1)
    text = state_to_json(state, key=KEY)
    with pytest.raises(SnapshotError, match="signing key is bytes") as caught:
        state_to_json(state, key=key)
    if isinstance(key, str):
        assert key not in str(caught.value)  # a key is never shown
    with pytest.raises(SnapshotError, match="signing key is bytes"):
        state_from_json(text, key=key)


def test_unsigned_wrongly_signed_and_edited_snapshots_are_refused() -> None:
    data = snapshot_data()
    text = json.dumps(data)
    with pytest.raises(SnapshotError, match="does not match: it was signed with another key"):
        state_from_json(text, key=b"another key")
    unsigned = {name: value for name, value in data.items() if name != "signature"}
    with pytest.raises(SnapshotError, match="not signed"):
        state_from_json(json.dumps(unsigned), key=KEY)
    edited = json.loads(text)
    edited["state"]["slots"]["_deal"]["slots"]["_rng"] += 1
    with pytest.raises(SnapshotError, match=r"does not match: .* or changed after it was signed"):
        state_from_json(json.dumps(edited), key=KEY)
    indented = json.dumps(data, indent=2, sort_keys=True)  # the same data written otherwise
    assert state_from_json(indented, key=KEY) == cr.Spades().new_game(seed=11)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "is JSON text, and this is not"),
        (b"\xff\xfe", "UTF-8"),
        ("[1, 2]", "a JSON object, not list"),
        ("[" * 100_000, "nested this deeply"),
        ('{"format": NaN}', "NaN is not a JSON number"),
        (42, "JSON text .str or bytes., not int"),
        ('{"format": "cardrules.record", "version": 5}', "not a cardrules state snapshot"),
        ('{"format": "cardrules.state", "version": 2}', "expected format .* version 1"),
    ],
    ids=["cut", "not utf-8", "list", "deep", "nan", "int", "a record", "version 2"],
)
def test_what_is_not_a_snapshot_is_refused(text: Any, message: str) -> None:
    with pytest.raises(SnapshotError, match=message):
        state_from_json(text, key=KEY)


def test_a_record_signed_with_the_same_key_is_not_a_snapshot() -> None:
    record = cr.GameRecord.start(cr.Spades(), seed=1)
    with pytest.raises(SnapshotError, match=r"found 'cardrules.record'"):
        state_from_json(record.to_json(key=KEY), key=KEY)


def test_signed_data_of_another_shape_is_refused() -> None:
    data = snapshot_data()
    with pytest.raises(SnapshotError, match="has the keys"):
        state_from_json(signed({**data, "extra": 1}), key=KEY)
    with pytest.raises(SnapshotError, match="unknown game 'nope'"):
        state_from_json(signed({**data, "game": "nope"}), key=KEY)
    with pytest.raises(SnapshotError, match=r"rules cannot be made: .*target"):
        state_from_json(signed({**data, "options": {"target": "high"}}), key=KEY)
    slots = data["state"]["slots"]
    del slots["_leader"]
    with pytest.raises(SnapshotError, match="written by another version"):
        state_from_json(signed(data), key=KEY)
    data["state"] = {"card": "Z♠"}
    with pytest.raises(
        SnapshotError, match="card in a snapshot is written like 'Q♠', and one is not"
    ):
        state_from_json(signed(data), key=KEY)
    data["state"] = {"mystery": 1}
    with pytest.raises(SnapshotError, match="no value of the form"):
        state_from_json(signed(data), key=KEY)
    data["state"] = [1, 2]
    with pytest.raises(SnapshotError, match="a game's state"):
        state_from_json(signed(data), key=KEY)
    data.update(game="cramps", options=cr.Cramps().options())
    data["state"] = snapshot_data()["state"]  # a Spades state under Cramps rules
    with pytest.raises(SnapshotError, match="does not load: Cramps needs a CrampsState"):
        state_from_json(signed(data), key=KEY)


@pytest.mark.parametrize(
    "form",
    [
        {"new": "os:system", "args": ["echo owned > {marker}"]},
        {"new": "posix:system", "args": ["echo owned > {marker}"]},
        {"new": "subprocess:Popen", "args": [["touch", "{marker}"]]},
        {"new": "builtins:eval", "args": ["open('{marker}', 'w')"]},
        {"new": "cardrules.snapshot:json.JSONDecoder", "args": []},  # not the module's own
        {"new": "cardrules.game:Game", "args": []},  # rules come from name and options only
        {"attrs": "cardrules.record:os.path", "fields": {}},
        {"value": "cardrules.values:Value.__init_subclass__", "slots": {}},
        {"enum": "snapshot_test_never_imported:Colour", "value": "red"},
        {"new": "cardrules_evil.module:Thing", "args": []},
    ],
    ids=lambda form: next(iter(form.values())),
)
def test_classes_named_by_the_data_are_never_run_nor_imported(
    form: dict[str, Any], tmp_path: Path
) -> None:
    marker = tmp_path / "owned"
    hostile = json.loads(json.dumps(form).replace("{marker}", str(marker)))
    data = snapshot_data()
    data["state"]["slots"]["_deal"]["slots"]["_payload"] = hostile
    with pytest.raises(SnapshotError, match=r"is not one a snapshot builds|not imported"):
        state_from_json(signed(data), key=KEY)
    assert not marker.exists()
    assert "snapshot_test_never_imported" not in sys.modules


def test_only_classes_that_pickle_by_arguments_are_called() -> None:
    data = snapshot_data()
    data["state"]["slots"]["_deal"]["slots"]["_payload"] = {
        "new": "cardrules.moves:Play",
        "args": [{"card": "Q♠"}],
    }
    with pytest.raises(SnapshotError, match="Play is not made from arguments"):
        state_from_json(signed(data), key=KEY)
