"""The fields of registered moves are checked against their declared types, so a move
built with a value of another type (``Bid(2.0)``, ``GoAlone(1)``) is refused when it is
made, never taken as the legal move it compares equal to; and a move class whose fields
a record could not write and read back (a field named ``move``) is refused when it is
registered."""

from __future__ import annotations

import random
from typing import Any, Literal

import attrs
import pytest

import cardrules as cr
from cardrules.games.euchre import rules as euchre
from cardrules.games.hearts import rules as hearts
from cardrules.games.oh_hell import rules as oh_hell
from cardrules.games.spades import rules as spades
from cardrules.moves import as_card, move_from_data, move_to_data, register_move
from conftest import engine_games


@register_move("test_fields_kinds")
@attrs.frozen
class Kinds:
    """One field of each kind of declared type the checks know."""

    count: int
    flag: bool
    name: str
    ratio: float
    suit: cr.Suit
    card: cr.Card
    seat: int | None
    cards: tuple[cr.Card, ...]
    pair: tuple[int, str]
    side: Literal["left", "right"]
    anything: Any

    def __str__(self) -> str:
        return f"kinds {self.count}"


def kinds(**changes: Any) -> Kinds:
    fields: dict[str, Any] = {
        "count": 1,
        "flag": True,
        "name": "x",
        "ratio": 0.5,
        "suit": cr.Suit.HEARTS,
        "card": cr.Card.parse("QS"),
        "seat": None,
        "cards": (cr.Card.parse("2C"),),
        "pair": (1, "a"),
        "side": "left",
        "anything": object(),
    }
    fields.update(changes)
    return Kinds(**fields)


@pytest.mark.parametrize(
    ("make", "match"),
    [
        (lambda: oh_hell.Bid(2.0), r"Bid\.tricks must be an int"),  # type: ignore[arg-type]
        (lambda: oh_hell.Bid(True), r"Bid\.tricks must be an int"),
        (lambda: oh_hell.Bid("2"), r"Bid\.tricks must be an int"),  # type: ignore[arg-type]
        (lambda: spades.Bid(3.0), r"Bid\.tricks must be an int"),  # type: ignore[arg-type]
        (lambda: euchre.GoAlone(1.0), r"GoAlone\.alone must be True or False"),  # type: ignore[arg-type]
        (lambda: euchre.GoAlone(1), r"GoAlone\.alone must be True or False"),  # type: ignore[arg-type]
        (lambda: euchre.GoAlone(None), r"GoAlone\.alone must be True or False"),  # type: ignore[arg-type]
        (lambda: euchre.Discard(2.0), "needs a Card"),  # type: ignore[arg-type]
        (lambda: hearts.PassCard(2.0), "needs a Card"),  # type: ignore[arg-type]
    ],
)
def test_the_examples_moves_refuse_values_of_other_types(make: Any, match: str) -> None:
    with pytest.raises(cr.MoveTypeError, match=match):
        make()


def test_every_field_kind_is_checked() -> None:
    assert kinds().count == 1 and kinds(seat=3, ratio=2).seat == 3
    bad: dict[str, list[Any]] = {
        "count": [1.0, True, "1", None],
        "flag": [1, 0.0, None],
        "name": [1, None],
        "ratio": [True, "0.5", None],
        "suit": [2, "H"],
        "card": ["QS", 50],
        "seat": [1.0, False],
        "cards": [[cr.Card.parse("2C")], ("2C",), cr.Card.parse("2C")],
        "pair": [(1,), (1, 2), ("a", 1), [1, "a"]],
        "side": ["up", 1],
    }
    for name, values in bad.items():
        for value in values:
            with pytest.raises(cr.MoveTypeError, match=rf"Kinds\.{name} must be"):
                kinds(**{name: value})


@register_move("test_fields_plain")
@attrs.frozen
class Plain:
    """Fields of types that records write and read back as they are."""

    count: int
    flag: bool
    ratio: float
    seat: int | None
    pair: tuple[int, str]
    side: Literal["left", "right"]

    def __str__(self) -> str:
        return f"plain {self.count}"


def test_a_checked_move_still_round_trips_and_evolves_checked() -> None:
    move = Plain(1, False, 0.5, None, (2, "b"), "right")
    assert move_from_data(move_to_data(move)) == move
    with pytest.raises(cr.MoveTypeError, match=r"Plain\.count"):
        attrs.evolve(move, count=2.5)  # type: ignore[arg-type]
    with pytest.raises(cr.RecordError, match=r"Plain\.count must be an int"):
        move_from_data({**move_to_data(move), "count": 1.5})
    # A suit without a converter: the record's letter is refused, saying what to do.
    with pytest.raises(cr.RecordError, match="converter=as_suit"):
        move_from_data(move_to_data(kinds(anything=1)))


def test_a_bid_as_a_float_is_never_taken_for_a_legal_bid() -> None:
    game = oh_hell.OhHell()
    state = game.new_game(seed=4)
    assert oh_hell.Bid(2) in game.legal_moves(state)
    with pytest.raises(cr.MoveTypeError):
        game.apply(state, oh_hell.Bid(2.0))  # type: ignore[arg-type]


GAMES = engine_games()

WRONG: tuple[object, ...] = (
    None,
    2.0,
    3,
    True,
    "QS",
    "bid 2",
    [1],
    (1, 2),
    {},
    object(),
    cr.Play,
    oh_hell.Bid,
)


@pytest.mark.parametrize("name", GAMES)
def test_is_legal_answers_false_for_wrong_values_in_every_phase(name: str) -> None:
    game = GAMES[name]
    chooser = random.Random(3)
    state = game.new_game(seed=3)
    for _ in range(60):
        if state.is_over:
            break
        legal = game.legal_moves(state)
        for value in WRONG:
            assert game.is_legal(state, value) is False
        assert all(game.is_legal(state, move) for move in legal)
        state = game.apply(state, chooser.choice(legal))


def test_a_field_named_move_is_refused() -> None:
    with pytest.raises(cr.RulesError, match="a field named 'move'"):

        @register_move("test_fields_named_move")
        @attrs.frozen
        class Named:
            move: str

    assert "test_fields_named_move" not in cr.moves.registered_moves()


def test_fields_a_record_cannot_read_back_are_refused() -> None:
    with pytest.raises(cr.RulesError, match="init=False"):

        @register_move("test_fields_no_init")
        @attrs.frozen
        class Derived:
            card: cr.Card = attrs.field(converter=as_card)
            shown: str = attrs.field(init=False, default="")

    with pytest.raises(cr.RulesError, match="_secret"):

        @register_move("test_fields_private")
        @attrs.frozen
        class Private:
            _secret: int
