"""Data forms (cardrules.data): views, moves and events as JSON-ready data, checked
against their JSON Schemas, read back, and holding nothing the seat may not know.

For every shipped game, a few random games (out-of-turn calls included): every seat's
view at every position, every legal move and every event as each seat (and a log) may
know it. Then swap worlds (tests/swap_worlds.py) for the games with secrets: two worlds
differing only in cards a seat has not seen give that seat the same data, byte for
byte. Sizes are chosen for the suite's CPU budget (about 3 s in all)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest

import cardrules as cr
import swap_worlds as sw
from cardrules._text import int_text
from cardrules.climbing import ClimbView
from cardrules.data import SCHEMAS, event_kind, fields_data, to_data
from cardrules.errors import DataError, MoveParseError
from cardrules.games import shipped_games
from cardrules.games.euchre import rules as euchre
from cardrules.games.hearts import rules as hearts
from cardrules.moves import move_to_data, registered_moves
from cardrules.tricks import TrickView

VALIDATORS = {
    name: jsonschema.Draft202012Validator(schema, format_checker=None)
    for name, schema in SCHEMAS.items()
}
GAMES = {name: kind() for name, kind in shipped_games().items()}
STEPS = 70
"""Moves (and calls) made per random game: a Hearts pass and the play after it, a
Euchre bidding, discard and play, a Craits hand's draws and calls."""


def _valid(name: str, data: Any) -> None:
    errors = sorted(VALIDATORS[name].iter_errors(data), key=str)
    assert not errors, f"{name} data invalid: {errors[0].message} at {list(errors[0].path)}"


def _round_trip(data: Any) -> None:
    assert json.loads(json.dumps(data)) == data


CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


def _cards_in(value: Any, found: set[str] | None = None) -> set[str]:
    """The text of every card inside ``value``: an object (tricks, named tuples, attrs
    classes looked into) or data (every card's text in its strings)."""
    found = set() if found is None else found
    if isinstance(value, cr.Card):
        found.add(str(value))
    elif value is None or type(value) in (int, bool):
        pass
    elif isinstance(value, str):
        found.update(CARD_TEXT.findall(value))
    elif isinstance(value, cr.Trick):
        found.update(map(str, value.cards))
    elif isinstance(value, dict):
        for item in value.values():
            _cards_in(item, found)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            _cards_in(item, found)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            _cards_in(getattr(value, field.name), found)
    return found


def _random_steps(game: Any, seed: int) -> Iterator[cr.Step[Any]]:
    """``game`` from ``start(seed)``: each state reached with the step that reached it,
    random legal moves made, and a call out of turn now and then where a seat has one."""
    chooser = random.Random(seed)
    step = game.start(seed=seed)
    yield step
    for _ in range(STEPS):
        state = step.state
        if state.is_over:
            return
        calls = [
            (seat, move)
            for seat in range(game.players)
            if seat != state.to_move
            for move in game.observe(state, seat).legal_moves
        ]
        if calls and chooser.random() < 0.5:
            seat, move = chooser.choice(calls)
            step = game.step(state, move, seat=seat)
        else:
            step = game.step(state, chooser.choice(game.legal_moves(state)))
        yield step


class Seen:
    """What a game's run checked, so a test knows it saw what it means to; and how
    often each kind of data was validated (a schema validation costs milliseconds: each
    kind is validated a few times, every item gets the cheaper checks)."""

    def __init__(self) -> None:
        self.moves: set[str] = set()
        self.events: set[str] = set()
        self.hidden: set[str] = set()
        self.validated: dict[tuple[object, ...], int] = {}

    def validate(self, name: str, data: Any, *kind: object) -> None:
        key = (name, *kind)
        count = self.validated.get(key, 0)
        if count < VALIDATIONS:
            self.validated[key] = count + 1
            _valid(name, data)


VALIDATIONS = 3
"""Validations of each kind of data per game: a view by phase and whether the seat is
to move, an event by its kind and whether it is hidden from the seat."""


def _check_views(game: Any, state: Any, seen: Seen) -> None:
    for seat in range(game.players):
        view = game.observe(state, seat)
        data = view.to_data()
        seen.validate("view", data, data["phase"], seat == state.to_move, len(data["winners"]))
        _round_trip(data)
        family = "climbing" if isinstance(view, ClimbView) else "shedding"
        assert data["family"] == ("tricks" if isinstance(view, TrickView) else family)
        assert data["seat"] == seat and data["hand"] == [str(card) for card in view.hand]
        assert _cards_in(data) <= _cards_in(view), "the data names a card the view does not"
        assert data["legal_moves"] == [move_to_data(move) for move in view.legal_moves]
        for move in view.legal_moves:
            _check_move(game, move, seen)


def _check_move(game: Any, move: Any, seen: Seen) -> None:
    data = move.to_data()
    text = json.dumps(data)
    if text in seen.moves:
        return
    seen.moves.add(text)
    assert data == move_to_data(move)
    seen.validate("move", data, type(move), tuple(data))
    assert game.move_from_data(json.loads(text)) == move


def _check_events(game: Any, step: cr.Step[Any], seen: Seen) -> None:
    for event in step.events:
        for seat in (None, *range(game.players)):
            told = event.for_seat(seat)
            data = event.to_data(seat, game=game)
            seen.validate("event", data, data["event"], told is event)
            _round_trip(data)
            seen.events.add(data["event"])
            assert data["event"] == event_kind(type(event))
            assert data["text"] == cr.describe(event, seat, game=game)
            assert _cards_in(data) <= _cards_in(told), "a card the seat may not know"
            if told is not event:  # a secret this seat may not see
                seen.hidden.add(data["event"])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_views_moves_and_events_are_valid_data_and_hold_only_what_the_seat_may_know(
    name: str,
) -> None:
    game = GAMES[name]
    seen = Seen()
    for seed in (1, 2):
        for step in _random_steps(game, seed):
            _check_views(game, step.state, seen)
            _check_events(game, step, seen)
    assert len(seen.moves) > 10 and "move_played" in seen.events
    assert ("view", None, True, 0) in seen.validated or ("view", "play", True, 0) in seen.validated
    if name in ("hearts", "euchre"):  # a pass or a discard, hidden from the other seats
        assert "move_played" in seen.hidden, seen.hidden
    if name == "craits":  # the cards drawn, told to the drawer alone
        assert "cards_drawn" in seen.hidden


# -- swap worlds ------------------------------------------------------------------------


def _shown(world: sw.World, seat: int) -> list[str]:
    """What ``seat`` gets as data after each transition of ``world``: its view and the
    step's events, as JSON text."""
    game = world.game
    shown = []
    for transition in world.transitions:
        view = world.table.observe(transition.state, seat)
        events = [event.to_data(seat, game=game) for event in transition.events]
        shown.append(json.dumps({"view": view.to_data(), "events": events}, sort_keys=True))
    return shown


def _discarded_by_another(seat: int) -> Any:
    def stop(world: sw.World) -> bool:
        return any(
            t.kind == "move" and type(t.acts[0].value) is euchre.Discard and t.acts[0].seat != seat
            for t in world.transitions
        )

    return stop


def _passes(count: int) -> Any:
    def stop(world: sw.World) -> bool:
        moves = [t for t in world.transitions if t.kind == "move"]
        return sum(type(t.acts[0].value) is hearts.PassCard for t in moves) >= count

    return stop


SWAP_CASES = [  # name, game, seed, seat, moves, stop, whether a secret move is swapped
    ("hearts-passing", hearts.Hearts(target=None), 2, 3, 40, _passes(8), True),
    ("hearts-passed", hearts.Hearts(target=None), 4, 2, 20, None, True),
    ("euchre-discarded", euchre.Euchre(), 0, 1, 16, _discarded_by_another(1), True),
    ("craits", cr.Craits(players=3), 3, 0, 40, None, False),
    ("crazy-eights", cr.CrazyEights(players=3), 1, 1, 40, None, False),
]


@pytest.mark.parametrize("case", SWAP_CASES, ids=[case[0] for case in SWAP_CASES])
def test_a_swap_of_cards_the_seat_has_not_seen_changes_none_of_its_data(
    case: tuple[str, Any, int, int, int, Any, bool],
) -> None:
    name, game, seed, seat, moves, stop, hidden = case
    for tried in range(seed, seed + 40):
        world = sw.play_world(game, tried, moves, stop)
        if stop is None or stop(world):
            break
    else:
        raise AssertionError(f"{name}: no world reaches the position wanted")
    mine = _shown(world, seat)
    swapped = list(sw.swaps(world, seat, seed, SWAPS, hidden_first=hidden))
    assert swapped, f"{name}: no swap world B can follow"
    if hidden:  # a card of another seat's secret move is among those swapped
        assert swapped[0][0] in sw.hidden_move_cards(world, seat)
    told_apart = 0  # swaps some other seat can tell (not two cards of the stock)
    for x, y, other in swapped:
        assert _shown(other, seat) == mine, f"{name}: seat {seat} told {x} from {y}"
        told_apart += _all(other) != _all(world)
    assert told_apart


SWAPS = 3
"""Swaps tested per case."""


def _all(world: sw.World) -> list[str]:
    """Every seat's data: the swap changed what some seat is shown."""
    return [text for seat in range(world.game.players) for text in _shown(world, seat)]


# -- reading moves back ------------------------------------------------------------------


def test_every_registered_move_class_has_to_data() -> None:
    for kind, cls in registered_moves().items():
        assert callable(getattr(cls, "to_data", None)), kind


@pytest.mark.parametrize(
    ("game", "data", "said"),
    [
        (cr.Cramps(), {"play": 7}, "Play needs a Card or card text like 'QS', not int 7"),
        (cr.Cramps(), {"play": "1S"}, "cannot read '1S' as a card"),
        (cr.Cramps(), "QS", "a move must be a JSON object"),
        (cr.Cramps(), None, "a move must be a JSON object"),
        (cr.Cramps(), {"draw": True}, "Cramps has no Draw move"),
        (cr.Spades(), {"move": "hearts_pass", "card": "QS"}, "Spades has no PassCard move"),
        (cr.Spades(), {"move": "spades_bid", "tricks": "3"}, "Bid.tricks must be an int"),
        (cr.Spades(), {"move": "spades_bid", "bid": 3}, "a spades_bid move has no field bid"),
        (cr.Spades(), {"move": "no_such_kind"}, "no move kind 'no_such_kind' is registered"),
        (cr.Craits(players=3), {"draw": False}, "cannot read {'draw': False} as a Craits move"),
        (cr.Craits(players=3), {"play": "QS", "named": "H"}, "as a Craits move"),
        (cr.Euchre(), [], "a move must be a JSON object"),
    ],
)
def test_data_that_is_no_move_of_the_game_is_not_understood(
    game: Any, data: Any, said: str
) -> None:
    with pytest.raises(MoveParseError) as raised:
        game.move_from_data(data)
    message = str(raised.value)
    assert said in message
    assert f"{type(game).__name__} moves are written like {{'play': " in message
    assert "import the game" not in message  # (the record reader's advice, left out)


def test_the_forms_a_game_lists_are_its_own() -> None:
    with pytest.raises(MoveParseError) as raised:
        cr.Spades().move_from_data({"pass": True})
    assert str(raised.value).endswith(
        "Spades moves are written like {'play': '2♣'}, {'move': 'spades_bid', 'tricks': 0}"
    )
    with pytest.raises(MoveParseError) as raised:
        cr.Craits().move_from_data({})
    craits = str(raised.value)
    for form in ("{'draw': True}", "{'play': '2♣', 'suit': 'C'}", "{'call': 0, 'target': 1}"):
        assert form in craits


def test_a_move_understood_but_not_allowed_is_read_and_refused_by_apply() -> None:
    game = cr.Euchre()
    move = game.move_from_data({"play": "2C"})  # (no two in Euchre's deck: not allowed)
    assert move == cr.Play("2C")
    with pytest.raises(cr.IllegalMoveError):
        game.apply(game.new_game(seed=1), move)
    # A call naming no target reads as written: Craits takes it where one seat is exposed.
    assert cr.Craits().move_from_data({"call": 2}) == cr.CallIdiot(2) == cr.CallOut(2)


def test_a_move_of_a_declared_deck_reads_on_the_games_own_deck_without_saying_it() -> None:
    game = cr.Uno(players=3, jump_in=True)
    deck = game.card_deck
    wild = cr.Play(deck.parse("W"), suit=deck.suit(0))
    assert game.move_from_data({"play": "W", "suit": "R"}) == wild
    assert type(game.move_from_data({"play": "W", "suit": "R"}).card) is type(wild.card)
    assert game.move_from_data({"name_suit": "Y"}) == cr.NameSuit(deck.suit(1))
    jump = cr.JumpIn(1, cr.Play(deck.parse("R5")))
    assert game.move_from_data({"jump_in": 1, "play": "R5"}) == jump
    state = game.new_game(seed=4)
    for move in game.legal_moves(state):  # every legal move's data, its deck left out
        data = move.to_data()
        data.pop("deck", None)
        assert game.move_from_data(data) == move
    # A French game reads French cards, and data naming its deck keeps that deck.
    assert type(cr.Hearts().move_from_data({"play": "QS"}).card) is cr.Card
    assert game.move_from_data(wild.to_data()) == wild


# -- the conversion and the schemas ------------------------------------------------------


def test_values_convert_by_the_documented_rules() -> None:
    class Point:  # a class with no data form
        pass

    assert to_data(cr.Phase.NAME_SUIT) == "name_suit"
    assert to_data(10**5000) == int_text(10**5000) and to_data(-(2**70)) == -(2**70)
    assert to_data({cr.Suit.SPADES: 1, 5: (cr.Card.parse("QS"),)}) == {"S": 1, "5": ["Q♠"]}
    assert to_data(frozenset({cr.Card.parse("QS"), cr.Card.parse("2C")})) == ["2♣", "Q♠"]
    assert to_data(hearts.Passing(1, ((cr.Card.parse("QS"), None),))) == {
        "offset": 1,
        "passed": [["Q♠", None]],
    }
    assert to_data(euchre.Contract(trump=int(cr.Suit.SPADES), discard=cr.Card.parse("9H"))) == {
        "passes": 0,
        "trump": "S",
        "maker": None,
        "alone": [],
        "discard": "9♥",
    }
    assert fields_data(cr.TrickWon(1, 2, (cr.Card.parse("AS"),), 3))["cards"] == ["A♠"]
    with pytest.raises(DataError, match=r"no data form for Point .* at \[1\]\['x'\]"):
        to_data((1, {"x": Point()}))
    with pytest.raises(DataError, match=r"no data form for nan at \['scores'\]\[0\]: JSON"):
        to_data({"scores": [float("nan")]})
    with pytest.raises(DataError, match="a mapping key must be text"):
        to_data({(1, 2): 3})
    with pytest.raises(cr.SeatError):
        cr.MovePlayed(1, cr.Play("QS"), seen_by=(1,)).to_data(True)  # (True is no seat)


def test_every_event_class_has_its_fields_in_the_event_schema() -> None:
    cases = {
        case["if"]["properties"]["event"]["const"]: case["then"]
        for case in SCHEMAS["event"]["allOf"]
    }
    for module in (cr.events, cr.shedding.events, cr.climbing.events):
        for name in module.__all__:
            cls = getattr(module, name)
            if isinstance(cls, type) and issubclass(cls, cr.Event) and attrs.has(cls):
                then = cases.pop(event_kind(cls))
                assert set(then["required"]) == {"event", "text", *attrs.fields_dict(cls)}
    assert not cases


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("move", {"play": "QS"}),  # (written as text: read, but not the form written)
        ("move", {"play": "Q♠", "named": "H"}),
        ("move", {"draw": False}),
        ("move", {"move": "play", "card": "Q♠"}),
        ("event", {"event": "card_played", "seat": 1, "card": "Q♠"}),
        ("event", {"event": "card_played", "seat": 1, "card": "Q♠", "text": "", "x": 1}),
        ("event", {"event": "move_played", "seat": 1, "move": {}, "seen_by": None, "text": ""}),
        ("view", {"family": "tricks"}),
    ],
)
def test_the_schemas_refuse_what_is_not_the_form(name: str, data: Any) -> None:
    assert not VALIDATORS[name].is_valid(data)


def test_a_view_missing_a_field_of_its_family_is_refused() -> None:
    game = cr.Craits(players=3)
    data = game.observe(game.new_game(seed=1), 0).to_data()
    assert VALIDATORS["view"].is_valid(data)
    for field in ("top", "hand", "legal_moves"):
        assert not VALIDATORS["view"].is_valid({k: v for k, v in data.items() if k != field})
    assert not VALIDATORS["view"].is_valid({**data, "hand": ["QS"]})
    assert not VALIDATORS["view"].is_valid({**data, "family": "tricks"})
