"""Digests of states cover everything a state's equality compares, the generator
included, for the library's games and for games of your own; a part the digest
cannot write is refused, never written in part."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any, ClassVar, NamedTuple

import attrs
import pytest

import cardrules as cr
from cardrules.digest import Encoder, state_digest
from cardrules.games.crazy_eights import rules as crazy_eights
from cardrules.games.hearts import rules as hearts
from cardrules.values import Value

GAMES: dict[str, Any] = {
    "cramps": cr.Cramps(),
    "craits": cr.Craits(players=4),
    "craits-7": cr.Craits(players=7),
    "hearts": hearts.Hearts(),
    "crazy-eights": crazy_eights.CrazyEights(players=3),
}


def stacked(game: Any) -> list[cr.Card]:
    """The game's whole deck in order (one or two decks)."""
    deck = getattr(game, "deck", cr.STANDARD_DECK)  # the trick engine's: a method
    return list(deck() if callable(deck) else deck.cards())


@pytest.mark.parametrize("name", GAMES)
def test_states_that_differ_only_in_the_generator_have_different_digests(name: str) -> None:
    """Two seeds under one stacked deck deal the same cards: the states differ only in
    the generator, which makes every deal to come (Cramps' ``repr`` leaves it out,
    which is what format 4's digests wrote)."""
    game = GAMES[name]
    deck = stacked(game)
    first, second = (game.new_game(seed=seed, deck=deck, dealer=0) for seed in (1, 2))
    assert first != second
    assert first.hands == second.hands and first.scores == second.scores
    assert state_digest(game, first) != state_digest(game, second)


def played(game: Any, seed: int, moves: int) -> Iterator[Any]:
    chooser = random.Random(seed)
    state = game.new_game(seed=seed)
    yield state
    for _ in range(moves):
        if state.is_over:
            return
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
        yield state


@pytest.mark.parametrize("name", GAMES)
def test_digests_are_equal_exactly_for_equal_states(name: str) -> None:
    game = GAMES[name]
    states = [s for seed in (1, 2) for s in played(game, seed, 120)]
    again = [s for seed in (1, 2) for s in played(game, seed, 120)]  # equal, not the same
    assert all(a == b and a is not b for a, b in zip(states, again, strict=True))
    digests = [state_digest(game, state) for state in states]
    assert digests == [state_digest(game, state) for state in again]
    distinct = {state: digest for state, digest in zip(states, digests, strict=True)}
    assert len(set(distinct.values())) == len(distinct)


def test_the_rules_count_too() -> None:
    state = cr.Cramps().new_game(seed=3)
    assert state_digest(cr.Cramps(), state) != state_digest(cr.Cramps(target=41), state)


# -- games of your own ------------------------------------------------------------------


@attrs.frozen
class AttrsState:
    hands: tuple[tuple[cr.Card, ...], ...]
    rng: int
    seen: Any = attrs.field(default=None, eq=False)  # a cache: equality leaves it out


@dataclasses.dataclass(frozen=True)
class DataState:
    scores: tuple[int, ...]
    rng: int
    note: str = dataclasses.field(default="", compare=False)


class SlotState(Value):
    __slots__ = ("_memo", "_rng", "_scores")

    def __init__(self, scores: tuple[int, ...], rng: int, memo: Any = None) -> None:
        self._scores = scores
        self._rng = rng
        self._memo = memo

    @classmethod
    def _hidden(cls) -> frozenset[str]:
        return frozenset({"_memo"})


class Pair(NamedTuple):
    left: int
    right: int


@pytest.mark.parametrize(
    ("make", "hidden"),
    [
        (lambda rng, seen: AttrsState(((cr.Card.parse("QS"),), ()), rng, seen), True),
        (lambda rng, seen: DataState((1, -2), rng, str(seen)), True),
        (lambda rng, seen: SlotState((1, -2), rng, seen), True),
        (lambda rng, seen: (Pair(rng, 1), {"seen": seen}), False),
    ],
    ids=["attrs", "dataclass", "Value", "named tuple and mapping"],
)
def test_states_of_your_own_are_written_in_full(make: Any, hidden: bool) -> None:
    """Every compared field counts (the generator above all); fields that equality
    leaves out do not."""
    game = cr.Cramps()
    base = make(7, 1)
    assert state_digest(game, base) == state_digest(game, make(7, 1))
    assert make(8, 1) != base
    assert state_digest(game, make(8, 1)) != state_digest(game, base)
    if hidden:
        assert make(7, 2) == base
        assert state_digest(game, make(7, 2)) == state_digest(game, base)
    else:
        assert make(7, 2) != base
        assert state_digest(game, make(7, 2)) != state_digest(game, base)


class PlainState:
    """A plain class with fields of its own: the digest cannot know what it compares."""

    def __init__(self, rng: int) -> None:
        self.rng = rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlainState) and other.rng == self.rng

    def __hash__(self) -> int:
        return hash(self.rng)

    def __repr__(self) -> str:
        return "PlainState()"  # leaves out the generator, as Cramps' repr did


class Slotted:
    __slots__ = ("rng",)

    def __init__(self, rng: int) -> None:
        self.rng = rng


@attrs.frozen
class Holder:
    extra: tuple[Any, ...]


@pytest.mark.parametrize(
    ("state", "where"),
    [
        (PlainState(1), "the top"),
        (Slotted(1), "the top"),
        (Holder((1, [2, PlainState(3)])), r"Holder\.extra\[1\]\[1\]"),
        (SlotState((1,), 2, object()), None),  # hidden: not written, so no error
    ],
    ids=["plain", "slotted", "nested", "hidden part"],
)
def test_parts_the_digest_cannot_write_are_refused(state: Any, where: str | None) -> None:
    game = cr.Cramps()
    if where is None:
        assert len(state_digest(game, state)) == 32
        return
    with pytest.raises(cr.StateError, match=rf"cannot write \w+ values \(found at {where}\)"):
        state_digest(game, state)


@attrs.frozen
class CoinState:
    """A game of your own whose state holds a part of a plain class."""

    flips: int
    extra: Any = None

    @property
    def scores(self) -> tuple[int, ...]:
        return (self.flips, 0)

    @property
    def winners(self) -> tuple[int, ...]:
        return ()


@attrs.frozen
class CoinGame(cr.Game[CoinState, cr.Pass, CoinState]):
    name: ClassVar[str] = "test_digest_coins"
    players: ClassVar[int] = 2

    def setup_state(self, seed: int | None, events: Any, **setup: Any) -> CoinState:
        return CoinState(0, PlainState(seed or 0))

    def legal_moves(self, state: CoinState) -> tuple[cr.Pass, ...]:
        return (cr.Pass(),)

    def transition(self, state: CoinState, move: cr.Pass, events: Any) -> CoinState:
        return CoinState(state.flips + 1, state.extra)

    def observe(self, state: CoinState, seat: int) -> CoinState:
        return state


def test_a_record_of_a_state_the_digest_cannot_write_is_refused_clearly() -> None:
    record = cr.GameRecord.start(CoinGame(), seed=1).then(cr.Pass())
    assert record.final_state().flips == 1  # replaying needs no digest
    with pytest.raises(cr.StateError, match=r"PlainState values \(found at CoinState\.extra\)"):
        record.to_json()


# -- the text itself -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (("ab",), ("a", "b")),
        (("a", "b"), ("a:1", "b")),
        ((1, 2), [1, 2]),
        ("a", b"a"),
        ((300, 2), (3, 2)),
        ((0.5,), (0.25,)),
        ({"a": 1}, {"a": "1"}),
        (frozenset({1, 2}), frozenset({1, 3})),
        (cr.Suit.HEARTS, cr.Phase.ANNOUNCE),  # both the int 2: equal, same text
        (cr.Action.SKIP, cr.Action.WILD),
        (None, 0),
    ],
)
def test_texts_differ_exactly_when_values_differ(first: Any, second: Any) -> None:
    encoder = Encoder()
    assert (encoder.text(first) == encoder.text(second)) == (first == second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ((True, 2), (1, 2)),
        ((1.0, 300), (1, 300)),
        ({"b": 1, "a": 2}, {"a": 2, "b": 1}),
        ((cr.Card.parse("2C"), cr.Card.parse("3C")), (0, 1)),
        (Pair(1, 2), (1, 2)),
    ],
)
def test_equal_values_have_equal_texts(first: Any, second: Any) -> None:
    assert first == second
    assert Encoder().text(first) == Encoder().text(second)


def test_a_mutable_part_is_written_as_it_is_now() -> None:
    """An encoder remembers the text of tuples and Values, which never change; a
    dataclass or attrs value may, so it is written afresh each time."""

    @dataclasses.dataclass
    class Counter:
        count: int

    encoder = Encoder()
    part = Counter(1)
    before = encoder.text(part)
    part.count = 2
    assert encoder.text(part) != before
    assert encoder.text(part) == Encoder().text(Counter(2))
