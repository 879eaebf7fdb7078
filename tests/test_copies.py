"""Immutable values are their own copies: ``copy.copy(x) is x`` and
``copy.deepcopy(x) is x`` for rules objects, states, views, moves, cards, events and the
cores' values, in both games and the examples' games; deep copies of containers holding
them make new containers around the same values; pickling still makes real copies."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

import cardrules as cr
from cardrules.games.crazy_eights import rules as crazy_eights
from cardrules.games.hearts import rules as hearts
from cardrules.record import Outcome

GAMES: dict[str, Any] = {
    "cramps": cr.Cramps(),
    "cramps-variant": cr.Cramps(target=11, packets=(3, 3, 3, 2, 2)),
    "craits-4": cr.Craits(players=4),
    "craits-7": cr.Craits(players=7),  # two decks: hands with copies of a card
    "craits-published": cr.Craits.published_rules(players=3, one_card_deal_announce=True),
    "hearts": hearts.Hearts(target=30),
    "crazy-eights": crazy_eights.CrazyEights(players=3),
}


def values_of_a_game(game: Any, seed: int, moves: int = 400) -> Iterator[Any]:
    """Every kind of value a random game shows: the rules, each state (with and without
    its remembered legal moves), views of every seat, steps, events, moves and cards,
    and the cores' values the states offer."""
    chooser = random.Random(seed)
    start = game.start(seed=seed)
    yield game
    yield start
    yield from start.events
    state = start.state
    yield state  # before anything was asked of it: nothing remembered
    for _ in range(moves):
        if state.is_over:
            break
        legal = game.legal_moves(state)  # now the state remembers them
        yield state
        yield from legal
        for seat in range(game.players):
            yield game.observe(state, seat)
        step = game.step(state, chooser.choice(legal))
        yield step
        yield from step.events
        state = step.state
    yield state
    yield from (card for hand in start.state.hands for card in hand)
    yield game.all_moves()[0]
    yield game.all_moves()[-1]
    if isinstance(state, cr.CraitsState) or hasattr(state, "table"):
        yield state.table
        yield game.card_table
        yield game.card_table[cr.Rank.EIGHT]
        yield game.deck
    else:
        yield state.trick
        yield from state.tricks
        yield state.play


@pytest.mark.parametrize("name", GAMES)
def test_every_value_of_a_game_is_its_own_copy(name: str) -> None:
    game = GAMES[name]
    kinds: set[type] = set()
    for value in values_of_a_game(game, seed=7):
        kinds.add(type(value))
        assert copy.copy(value) is value, type(value)
        assert copy.deepcopy(value) is value, type(value)
    # Every kind was met: rules, state, view, step, moves, cards, events, core values.
    assert {type(game), game.state_class, game.view_class, cr.Step, cr.Card} <= kinds
    assert any(issubclass(kind, cr.Event) for kind in kinds)
    assert cr.Play in kinds


@pytest.mark.parametrize(
    "value",
    [
        cr.Play("QS"),
        cr.Play("8C", suit="H", announce=True),
        cr.Draw(),
        cr.Pass(),
        cr.Announce(),
        cr.NameSuit("D"),
        cr.CallIdiot(1, 2),
        cr.Card.parse("10H"),
        cr.Trick(2, cr.parse_cards("QS 3S"), winner=2),
        cr.TrickRound.start((cr.parse_cards("AS"), cr.parse_cards("2C")), leader=0),
        cr.ShedTable(((), ()), (), cr.parse_cards("QH"), cr.Suit.HEARTS, 1, 0),
        cr.CardRule("skip", 20),
        cr.Craits().card_table,
        cr.DeckSpec(decks=2),
        cr.STANDARD_DECK,
        cr.HandScored(1, (1, 2), (3, 4)),
        Outcome(3, (1, 2), (), "0" * 32),
        cr.GameRecord.start(cr.Cramps(), seed=1).then(cr.Play("2C")),
    ],
    ids=lambda value: type(value).__name__,
)
def test_public_immutable_values_are_their_own_copies(value: Any) -> None:
    assert copy.copy(value) is value
    assert copy.deepcopy(value) is value


@pytest.mark.parametrize("name", ["cramps", "craits-4", "hearts", "crazy-eights"])
def test_a_deep_copy_of_containers_holds_the_same_values(name: str) -> None:
    game = GAMES[name]
    state = game.new_game(seed=3)
    after = game.apply(state, game.legal_moves(state)[0])
    view = game.observe(after, 0)
    history = [state, after]
    table = {state: "start", after: [view, game]}
    shared: list[Any] = [after]
    nested: dict[str, Any] = {"history": history, "table": table, "twice": (shared, shared)}

    again = copy.deepcopy(nested)
    assert again == nested
    assert again["history"] is not history and again["table"] is not table
    assert again["history"][0] is state and again["history"][1] is after
    assert list(again["table"]) == [state, after]
    assert again["table"][after][0] is view and again["table"][after][1] is game
    # The memo still does its job for the mutable parts: one list copied once.
    first, second = again["twice"]
    assert first is second and first is not shared and first[0] is after
    # The copies are independent containers: changing one leaves the other alone.
    again["history"].append(state)
    assert len(history) == 2


def test_a_copied_state_keeps_working_with_what_it_remembers() -> None:
    """States remember their legal moves (shedding engine) or legal cards (trick
    engine); a copy is the same object, so it shares that cache, which is safe."""
    for game in (GAMES["cramps"], GAMES["craits-4"]):
        state = game.new_game(seed=11)
        legal = game.legal_moves(state)
        twin = copy.deepcopy(state)
        assert twin is state
        assert game.legal_moves(twin) == legal
        assert game.apply(twin, legal[0]) == game.apply(state, legal[0])


def test_copies_of_mutable_holders_share_the_immutable_values() -> None:
    class Holder:  # a user's own mutable object holding a state and its rules
        def __init__(self, game: Any, state: Any) -> None:
            self.game, self.state, self.seen = game, state, [state]

    game = GAMES["craits-7"]
    holder = Holder(game, game.new_game(seed=5))
    again = copy.deepcopy(holder)
    assert again is not holder and again.seen is not holder.seen
    assert again.state is holder.state and again.game is holder.game
    assert again.seen[0] is again.state


@pytest.mark.parametrize("name", GAMES)
def test_pickling_still_makes_real_copies(name: str) -> None:
    game = GAMES[name]
    state = game.new_game(seed=2)
    game.legal_moves(state)
    view = game.observe(state, 0)
    for value in (game, state, view, game.all_moves()[0]):
        again = pickle.loads(pickle.dumps(value))
        assert again == value
        assert again is not value
