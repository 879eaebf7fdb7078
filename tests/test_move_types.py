"""Moves of a game of one's own: registered with ``register_move``, they are written to
and read from records, numbered by move ids and refused by other games as moves of
another game, like the shipped moves."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
import pytest

import cardrules as cr
from cardrules.moves import (
    as_card,
    as_seat,
    as_suit,
    is_move,
    move_from_data,
    move_to_data,
    register_move,
    registered_moves,
)


@register_move("test_bid")
@attrs.frozen
class Bid:
    """A bid of some tricks, with a suit for trumps or none."""

    tricks: int = attrs.field(converter=as_seat)
    trumps: cr.Suit | None = attrs.field(default=None, converter=attrs.converters.optional(as_suit))

    def __str__(self) -> str:
        return f"bid {self.tricks}" + (f" {self.trumps.symbol}" if self.trumps else "")


def _cards(cards: Any) -> tuple[cr.Card, ...]:
    return tuple(as_card(card) for card in cards)


@register_move("test_pass_cards")
@attrs.frozen
class PassCards:
    """Cards given to another seat."""

    cards: tuple[cr.Card, ...] = attrs.field(converter=_cards)

    def __str__(self) -> str:
        return "pass " + cr.format_cards(self.cards)


@pytest.mark.parametrize(
    "move",
    [Bid(3), Bid(0, "H"), PassCards(cr.parse_cards("QS 2C AH")), PassCards(())],
    ids=str,
)
def test_a_registered_move_round_trips_through_its_data(move: Any) -> None:
    data = move_to_data(move)
    assert data["move"] in ("test_bid", "test_pass_cards")
    assert move_from_data(data) == move
    assert is_move(move) and registered_moves()[data["move"]] is type(move)


def test_the_data_is_json_friendly() -> None:
    assert move_to_data(Bid(2, "S")) == {"move": "test_bid", "tricks": 2, "trumps": "S"}
    assert move_to_data(PassCards(cr.parse_cards("QS 2C"))) == {
        "move": "test_pass_cards",
        "cards": ["Q♠", "2♣"],
    }


def test_a_kind_is_taken_once() -> None:
    with pytest.raises(cr.RulesError, match="the move kind 'test_bid' is taken by"):

        @register_move("test_bid")
        @attrs.frozen
        class OtherBid:
            tricks: int


def test_only_attrs_classes_with_names_for_kinds_register() -> None:
    with pytest.raises(cr.RulesError, match="needs an attrs class"):
        register_move("test_plain")(type("Plain", (), {}))
    with pytest.raises(cr.RulesError, match="a move kind must be a name"):
        register_move("not a name")


@pytest.mark.parametrize(
    ("data", "match"),
    [
        ({"move": "test_nothing"}, "no move kind 'test_nothing' is registered"),
        ({"move": "play", "card": "QS"}, "no move kind 'play' is registered"),
        ({"move": "test_bid", "tricks": 2, "colour": 1}, "has no field colour"),
        ({"move": "test_bid", "tricks": -1}, "a seat must be an int from 0 up"),
        ({"move": "test_bid"}, "tricks"),
        ({"move": 3}, "no move kind 3 is registered"),
    ],
)
def test_bad_data_of_registered_moves_is_a_record_error(data: Any, match: str) -> None:
    with pytest.raises(cr.RecordError, match=match):
        move_from_data(data)


def test_something_unregistered_is_not_a_move() -> None:
    @attrs.frozen
    class Stray:
        x: int

    assert not is_move(Stray(1))
    with pytest.raises(cr.MoveTypeError, match="needs register_move"):
        move_to_data(Stray(1))
    with pytest.raises(cr.RecordError, match="move 1 of a record must be a move"):
        cr.GameRecord(cr.Cramps(), 1, moves=(Stray(1),))


def test_another_games_registered_move_is_refused_as_a_move_of_another_game() -> None:
    game = cr.Cramps()
    state = game.new_game(seed=1)
    with pytest.raises(cr.IllegalMoveError, match="Cramps has no Bid move") as caught:
        game.apply(state, Bid(3))
    assert caught.value.reason == "not_a_cramps_move"


@attrs.frozen
class _BidState:
    """Each seat bids once, in turn."""

    bids: tuple[int, ...]
    players: int = 2

    @property
    def to_move(self) -> int | None:
        return None if len(self.bids) == self.players else len(self.bids)

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def scores(self) -> tuple[int, ...]:
        return self.bids + (0,) * (self.players - len(self.bids))

    @property
    def winners(self) -> tuple[int, ...]:
        return () if not self.is_over else (self.bids.index(max(self.bids)),)


@attrs.frozen
class _Bidding(cr.Game[_BidState, Bid, _BidState]):
    """A game of nothing but one bid each, of 0 to 3 tricks."""

    name: ClassVar[str] = "test_move_types_bidding"
    players: ClassVar[int] = 2

    def setup_state(self, seed: int | None, events: Any) -> _BidState:
        return _BidState(())

    def legal_moves(self, state: _BidState) -> tuple[Bid, ...]:
        return () if state.is_over else tuple(Bid(n) for n in range(4))

    def transition(self, state: _BidState, move: Bid, events: Any) -> _BidState:
        if move not in self.legal_moves(state):
            raise self.foreign_move(move, "a Bid of 0 to 3")
        return _BidState((*state.bids, move.tricks))

    def observe(self, state: _BidState, seat: int) -> _BidState:
        return state

    def all_moves(self) -> tuple[Bid, ...]:
        return tuple(Bid(n) for n in range(4))


def test_a_record_of_a_game_with_its_own_moves_round_trips() -> None:
    game = _Bidding()
    record = cr.GameRecord.start(game, seed=1).then(Bid(2)).then(Bid(3))
    again = cr.GameRecord.from_json(record.to_json())
    assert again == record and again.moves == (Bid(2), Bid(3))
    assert again.final_state().winners == (1,)


def test_move_ids_number_a_games_own_moves() -> None:
    game = _Bidding()
    assert game.num_move_ids == 4
    assert [game.move_id(Bid(n)) for n in range(4)] == [0, 1, 2, 3]
    assert game.move_from_id(2) == Bid(2)
