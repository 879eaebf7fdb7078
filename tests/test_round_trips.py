"""Every public object of the library round-trips through pickle (every protocol),
cloudpickle (what Ray, loky and SuperSuit's vector environments use) and deep copy,
coming back equal to what went in.

The objects are found from the ``__all__`` of every public module, so a public class
added without a sample here fails :func:`test_every_public_class_has_a_sample`. The
learning hosts' environments (``cardrules.hosts``) and encoders (``cardrules.encoding``)
are tested with the hosts.
"""

from __future__ import annotations

import copy
import importlib
import inspect
import pickle
import pkgutil
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

import attrs
import cloudpickle  # type: ignore[import-untyped]
import pytest

import cardrules as cr
import cardrules.games
from cardrules import arena, climbing, decks, errors, shedding, tricks
from cardrules.bots import HeuristicBot, ISMCTSBot, RandomBot
from cardrules.chance import ExplicitChance
from cardrules.digest import Encoder
from cardrules.games import skat
from cardrules.games.craits import hand_breakdown
from cardrules.games.crazy_eights import rules as crazy_eights
from cardrules.games.hearts import rules as hearts
from cardrules.games.oh_hell import rules as oh_hell
from cardrules.games.skat import scoring as skat_scoring
from cardrules.games.spades import BLIND_NIL, LOOK_AT_HAND, Bidding
from cardrules.moveids import MoveIds, move_ids_of
from cardrules.record import Outcome
from cardrules.rng import DecidedShuffles
from cardrules.shedding.state import ShedState, ShedView
from cardrules.table import Table
from cardrules.tricks import CardOrder
from cardrules.tricks.engine import TrickGame, TrickState, TrickView


@attrs.frozen
class PlainTricks(TrickGame[TrickState, TrickView]):
    """A user's trick game on the engine's own state and view classes."""

    name: ClassVar[str] = "round_trip_plain_tricks"
    players: ClassVar[int] = 4

    def trick_points(self, number: int, cards: tuple[cr.Card, ...]) -> int:
        return 1

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        best = max(scores)
        return (scores.index(best),) if best >= 8 and scores.count(best) == 1 else ()


@attrs.frozen(kw_only=True)
class PlainEights(crazy_eights.CrazyEights):
    """A user's shedding game on the engine's own state and view classes."""

    name: ClassVar[str] = "round_trip_plain_eights"
    state_class: ClassVar[type[ShedState]] = ShedState
    view_class: ClassVar[type] = ShedView


@attrs.frozen
class PlainClimb(climbing.ClimbingGame):
    """A user's climbing game on the engine's own state and view classes."""

    name: ClassVar[str] = "round_trip_plain_climb"
    players: ClassVar[int] = 3


LEFT_TO_THE_HOSTS = (
    "cardrules.hosts",
    "cardrules.encoding",
    "cardrules.cli",
    "cardrules.terminal",
    "cardrules.shedding.terminal",  # the base of the shedding games' adapters
    "cardrules.games.cramps.cli",
    "cardrules.games.craits.cli",  # the command line's game adapters
    "cardrules.games.craits.cli_events",
    "cardrules.games.oh_hell.cli",
    "cardrules.games.crazy_eights.cli",
    "cardrules.games.euchre.cli",
    "cardrules.games.hearts.cli",
    "cardrules.games.spades.cli",
    "cardrules.games.president.cli",
    "cardrules.games.skat.cli",
    "cardrules.games.uno.cli",
    # The batch engines (mutable simulators of many games, with array fields) are
    # tested in tests/test_batch_*.py.
    "cardrules.batch",
    # The web app and its TableServer (a bound socket and a uvicorn server: a running
    # service, not a value to copy) need the web extra; tests/test_serve*.py test them.
    "cardrules.web",
)


def public_classes() -> set[type]:
    """The classes named in the ``__all__`` of every public module of the library."""
    found: set[type] = set()
    for module in pkgutil.walk_packages(cr.__path__, "cardrules."):
        name = module.name
        left = any(name == gone or name.startswith(gone + ".") for gone in LEFT_TO_THE_HOSTS)
        if left or "._" in name or name.endswith("__main__"):
            continue
        namespace = importlib.import_module(name)
        for attribute in getattr(namespace, "__all__", ()):
            value = getattr(namespace, attribute)
            if inspect.isclass(value) and value.__module__.startswith("cardrules"):
                found.add(value)
    return found


BASES: dict[Any, str] = {
    cr.Game: "rules objects: every game's own class has samples",
    cr.GameState: "a protocol of states",
    cr.Event: "the base of events: each event class has samples",
    cr.Move: "the union of the moves",
    cr.values.Immutable: "a mixin of every immutable value",
    cr.values.Value: "the base of the fast values: each of them has samples",
    cr.bots.Bot: "the protocol of bots: each bot class has samples",
    arena.Pool: "a protocol of process pools (multiprocessing's, Ray's)",
    decks.DeckCard: "the base of each deck's own card class: sampled through Tarot's",
    decks.DeckSuit: "the base of each deck's own suit class: sampled through UNO's",
    tricks.TrickGame: "the trick engine: sampled through Cramps and Hearts",
    shedding.SheddingGame: "the shedding engine: sampled through Craits and Crazy Eights",
    climbing.ClimbingGame: "the climbing engine: sampled through President",
}
"""Public classes that have no instances of their own (bases, protocols, mixins)."""


def _played(game: Any, seed: int, moves: int) -> Iterator[Any]:
    """The rules, a step and its events, and the states, views and moves of a game."""
    start = game.start(seed=seed)
    yield game
    yield start
    yield from start.events
    state = start.state
    for number in range(moves):
        if state.is_over:
            break
        legal = game.legal_moves(state)
        yield state
        yield game.observe(state, state.to_move)
        yield from legal
        step = game.step(state, legal[number % len(legal)])
        yield step
        yield from step.events
        state = step.state
    yield state


def _chance() -> Iterator[Any]:
    table = ExplicitChance(cr.Craits(players=3))
    yield table
    state = table.new_game()
    yield state
    for card in cr.STANDARD_DECK.cards():
        state = table.apply_chance(state, card)
    yield state
    yield DecidedShuffles(((2, 0, 1), 4), 1)
    yield cr.rng.UndecidedChance(range(6))
    yield cr.rng.GroupedShuffle([7, 3, 9], [1, 0, 1])
    yield cr.deck.DealSampler(0b111 | 1 << 13, [2, 2], [1 << 13, 0])


def _arena() -> Iterator[Any]:
    bots: list[Any] = [RandomBot(), HeuristicBot(), RandomBot(), HeuristicBot()]
    result = arena.run_arena(cr.Cramps(), bots, games=4, seed=3, workers=1, progress=False)
    yield result
    yield from result.games
    yield from result.rows()
    yield result.compare(0, 1)


def _errors() -> Iterator[Any]:
    for name in errors.__all__:
        kind = getattr(errors, name)
        yield kind("bad input", "what is allowed") if kind is cr.IllegalMoveError else kind("bad")
    yield cr.IllegalMoveError("must_follow_suit", "you hold a ♠")


def _tables() -> Iterator[Any]:
    yield Table(cr.Craits(players=2), seed=7)
    bots = Table(
        cr.Hearts(), seed=5, bots={1: "heuristic", 2: "random", 3: "ismcts:10"}, bot_seed=2
    )
    bots.play(0, bots.message(0)["moves"][0]["id"])  # the bots pass after seat 0
    yield bots
    yield Table.from_json(bots.to_json(key=b"k"), key=b"k")


def samples() -> list[Any]:
    """A few instances of every public class, of the library's games and of games built
    on the engines' own state classes; at most three of each class."""
    found: list[Any] = []
    for game, moves in [
        (cr.Cramps(), 400),
        (cr.Craits(players=4), 200),
        (cr.Craits(players=7), 60),  # two decks
        (hearts.Hearts(target=30), 60),
        (crazy_eights.CrazyEights(players=3), 60),
        (oh_hell.OhHell(players=3, largest_hand=3), 30),  # its own moves: bids, several deals
        (cr.Spades(), 30),
        (cr.Euchre(), 30),
        (cr.Euchre.openspiel(allow_lone_defender=True), 30),
        (PlainTricks(), 60),
        (PlainEights(players=2), 60),
        (cr.President(deals=2, revolution=True), 320),  # the exchanges of deal 2
        (cr.Skat(), 40),
        (cr.Skat.openspiel(), 40),
        (PlainClimb(), 30),
        (cr.Uno(players=3, target=None, seven_zero=True, jump_in=True), 60),
    ]:
        found.extend(_played(game, seed=5, moves=moves))
    craits = cr.Craits()
    state = craits.new_game(seed=2)
    found += [
        state.table,
        state.table.draw(0, 3),
        craits.card_table,
        craits.card_table[cr.Rank.EIGHT],
        hand_breakdown(cr.parse_cards("3C 9H 8D 2S 4H")),
    ]
    cramps_state = cr.Cramps().new_game(seed=2)
    found += [cramps_state.trick, cramps_state.play, cr.Trick(2, cr.parse_cards("QS 3S"), 2)]
    found.append(cr.Cramps().suit_table(None))
    grand = CardOrder("Grand", "JC JS JH JD", plain="A 10 K Q 9 8 7")
    found += [grand, CardOrder.suit_trumps(cr.Suit.HEARTS, above="JC JS JH JD")]
    found += [*cr.Suit, *cr.Rank, *cr.Phase, *shedding.Action, cr.Card.parse("QS")]
    found += [cr.Draw(), cr.Pass(), cr.Announce(), cr.NameSuit("D"), cr.CallIdiot(1, 2)]
    found += [cr.JumpIn(2, "5H"), cr.JumpIn(1, cr.Play("8S", suit="H"))]
    found += [cr.games.uno.SwapHands(2)]
    found += [cr.HandsSwapped(0, 2), cr.HandsPassed(-1), cr.SuitChosen(cr.Suit.HEARTS)]
    found += [cr.PileReshuffled(1, 30, 5)]
    found += [shedding.events.ReturnedToStock(0, cr.Card.parse("8S"), shuffled=True)]
    found += [cr.games.euchre.Contract(5, 1, 2, (2, 3), cr.Card.parse("9C"))]
    found += [
        skat.SkatBid(20),
        skat.Hold(),
        skat.TakeSkat(),
        skat.PlayHand(),
        skat.SkatDiscard("JC"),
        skat.Declare("grand", schneider=True, schwarz=True, ouvert=True),
        skat.SkatDeal(bid=23, bidder=2, listener=1, passed=(0,), skat=cr.parse_cards("7C 8C")),
        skat_scoring.GameResult(won=False, value=36, multiplier=2, overbid=True),
    ]
    found += [
        climbing.Swap(0, 3, 2, False, cr.parse_cards("3C")),
        climbing.Combination("set", 2, 9),
    ]
    found += [climbing.RanksReversed(1, True)]
    passing = hearts.Hearts().new_game(seed=3)
    passing = hearts.Hearts().apply(passing, hearts.PassCard("2C"))  # (seat 1 holds 2♣)
    found += [passing.payload, hearts.Hearts().observe(passing, 2).payload]
    bidding = Bidding((4, 0, 2, 0), blind=(3,), bags=(9, 2))
    sides = cr.Spades(blind_nil=True).score_sides(bidding, (7, 0, 1, 5))
    found += [bidding, BLIND_NIL, LOOK_AT_HAND, *sides, *sides[1].nils]
    found += [cr.DeckSpec(decks=2, removed_ranks=(2, 3)), cr.STANDARD_DECK]
    found += [
        decks.UNO_108,
        decks.PINOCHLE_48,
        decks.TAROT_78.parse("Ex"),
        *decks.UNO_108.kinds[:2],
        decks.UNO_108.suit(2),
        shedding.state.tables_for(crazy_eights.CrazyEights(players=2).card_table),
    ]
    record = cr.GameRecord.start(cr.Cramps(), seed=1).then(cr.Play("2C"))
    found += [record, cr.GameRecord.from_json(record.to_json()), record.outcome()]
    found += [Outcome(3, (1, 2), (), "0" * 32)]
    found += [RandomBot(), HeuristicBot(), ISMCTSBot(iterations=20)]
    found += [move_ids_of(cr.Cramps()), Encoder()]
    found += [*_chance(), *_arena(), *_errors(), *_tables()]
    found += [cr.GameOver((1,), (5, 2)), cr.HandBlocked(3), cr.OneCardAnnounced(2)]
    passed = cr.CardsPassed(0, 1, cr.parse_cards("2C QS 9H"))
    secret = cr.MovePlayed(2, cr.Play("QS"), seen_by=(2,))
    found += [passed, passed.for_seat(3), secret, secret.for_seat(1), cr.HiddenMove("a pass")]
    kept: dict[type, list[Any]] = {}
    for sample in found:
        of_kind = kept.setdefault(type(sample), [])
        if len(of_kind) < 3:
            of_kind.append(sample)
    return [sample for of_kind in kept.values() for sample in of_kind]


SAMPLES = samples()


def test_every_public_class_has_a_sample() -> None:
    kinds = {type(sample) for sample in SAMPLES}
    missing = {kind.__qualname__ for kind in public_classes() - BASES.keys() if kind not in kinds}
    assert not missing, f"public classes with no sample to round-trip: {sorted(missing)}"
    for base in BASES:
        if base in (cr.GameState, cr.Move, arena.Pool, cr.bots.Bot):
            continue  # protocols and unions
        assert any(issubclass(kind, base) for kind in kinds), base


def _key(value: Any) -> Any:
    """What makes two samples the same: their value, or for the few objects without a
    value equality, what they hold."""
    if isinstance(value, BaseException):
        return type(value), value.args, vars(value)
    if isinstance(value, DecidedShuffles):
        return value.orders, value.index
    if isinstance(value, MoveIds):
        return value.moves, value.title
    if isinstance(value, cr.GameRecord):
        return value, value._written  # what a record read from JSON checks on replay
    if isinstance(value, Encoder):
        return value.text(cr.Cramps().new_game(seed=1))
    if isinstance(value, Table):  # (what it stores, and what each seat is sent)
        seats = (None, *range(value.players))
        return value.to_json(key=b"round trip"), [value.message(seat) for seat in seats]
    return value


def _pickled(protocol: int) -> Callable[[Any], Any]:
    return lambda value: pickle.loads(pickle.dumps(value, protocol=protocol))


ROUND_TRIPS: dict[str, Callable[[Any], Any]] = {
    **{f"pickle-{protocol}": _pickled(protocol) for protocol in range(pickle.HIGHEST_PROTOCOL + 1)},
    "cloudpickle": lambda value: cloudpickle.loads(cloudpickle.dumps(value)),
    "deepcopy": copy.deepcopy,
}


NOT_YET: dict[tuple[type, str], str] = {}
"""Round trips known to fail, each marked as a strict expected failure: once fixed, the
mark fails too and is to be removed."""


def _cases() -> Iterator[Any]:
    for index, sample in enumerate(SAMPLES):
        for trip in ROUND_TRIPS:
            reason = NOT_YET.get((type(sample), trip))
            marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
            yield pytest.param(
                index, trip, id=f"{type(sample).__name__}{index}-{trip}", marks=marks
            )


@pytest.mark.parametrize(("index", "trip"), list(_cases()))
def test_every_public_object_round_trips(index: int, trip: str) -> None:
    value = SAMPLES[index]
    again = ROUND_TRIPS[trip](value)
    assert type(again) is type(value)
    assert _key(again) == _key(value)


@pytest.mark.parametrize("trip", ROUND_TRIPS)
def test_states_that_come_back_play_on(trip: str) -> None:
    """A state and its rules sent through a round trip (to a worker, say) go on with
    the same game."""
    games: tuple[Any, ...] = (cr.Cramps(), cr.Craits(players=5))
    for game in games:
        state = game.new_game(seed=9)
        game_again, state_again = ROUND_TRIPS[trip]((game, state))
        for _ in range(40):
            move = game.legal_moves(state)[0]
            assert game_again.legal_moves(state_again)[0] == move
            state, state_again = game.apply(state, move), game_again.apply(state_again, move)
        assert state_again == state
    table = ExplicitChance(cr.Cramps())
    waiting = table.new_game()
    table_again, waiting_again = ROUND_TRIPS[trip]((table, waiting))
    card = cr.Card.parse("7H")
    assert table_again.apply_chance(waiting_again, card) == table.apply_chance(waiting, card)
    served = Table(cr.Hearts(), seed=5, bots={1: "heuristic", 2: "random", 3: "heuristic"})
    served_again = ROUND_TRIPS[trip](served)
    for _ in range(6):  # seat 0's moves, and the bots' after each (the same bot seeds)
        move = served.message(0)["moves"][-1]["id"]
        assert served_again.play(0, move) == served.play(0, move)
    assert served_again.to_json() == served.to_json()
