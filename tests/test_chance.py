"""Explicit chance (cardrules.chance): shuffles as chance nodes, for every game."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any, ClassVar

import attrs
import pytest

import cardrules as cr
from cardrules import rng
from cardrules.chance import ChanceState, ExplicitChance
from cardrules.games.crazy_eights import rules as crazy_eights
from cardrules.games.euchre import rules as euchre
from cardrules.games.hearts import rules as hearts
from cardrules.games.oh_hell import rules as oh_hell
from cardrules.rng import DecidedShuffles, seed_state, shuffled, shuffled_positions
from cardrules.tricks.engine import TrickGame
from conftest import engine_games

GAMES = [
    cr.Cramps(),
    cr.Craits(players=2),
    cr.Craits(players=4, short_game=True),
    cr.Craits(players=7, short_game=True),
    cr.Craits(players=3, short_game=True, idiot_calls="automatic"),
    hearts.Hearts(),
    crazy_eights.CrazyEights(),
]


def _name(game: Any) -> str:
    return f"{type(game).__name__}-{game.players}p"


def _cards_in_play(game: Any) -> Counter[cr.Card]:
    deck = getattr(game, "deck", None)  # a shedding game's DeckSpec (a trick game's method)
    return Counter(deck.cards() if isinstance(deck, cr.DeckSpec) else cr.STANDARD_DECK.cards())


def _every_card(state: Any) -> Counter[cr.Card]:
    cards: Counter[cr.Card] = Counter(card for hand in state.hands for card in hand)
    if hasattr(state, "table"):  # shedding games: the stock is hidden, on the table
        cards.update(state.table.stock)
        cards.update(state.discard)
    else:  # trick games: the cards played this deal are out of the hands
        cards.update(card for trick in state.tricks for card in trick.cards)
        cards.update(state.trick.cards)
    return cards


def _random_game(game: Any, seed: int) -> tuple[int, int]:
    """Play to the end with random moves and random chance outcomes, checking the
    chance nodes and that no card is made or lost; return (chance nodes, moves)."""
    table = ExplicitChance(game)
    chooser = random.Random(seed)
    state = table.new_game()
    chance = moves = 0
    while not state.is_over:
        if state.is_chance:
            outcomes = table.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == 1
            assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
            assert table.legal_moves(state) == () and state.to_move is None
            left = state.cards_to_place
            card = chooser.choices([c for c, _ in outcomes], [float(p) for _, p in outcomes])[0]
            state = table.apply_chance(state, card)
            assert state.cards_to_place in (left - 1, 0) or state.cards_to_place > left
            chance += 1
        else:
            state = table.apply(state, chooser.choice(table.legal_moves(state)))
            moves += 1
        if not state.is_chance:
            assert _every_card(state.inner) == _cards_in_play(game)
        assert moves < 20_000
    return chance, moves


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_random_games_with_explicit_chance_end_and_keep_every_card(game: Any) -> None:
    chance, moves = _random_game(game, seed=1)
    assert chance >= 52 and moves > 0


def _generator(state: Any) -> int:
    deal = getattr(state, "_deal", None)
    generator: int = deal._rng if deal is not None else state._rng
    return generator


def _seeded_orders(waiting: Any, generator: int, trick_game: bool) -> tuple[list[Any], int]:
    """The order the seeded generator gives the shuffle that waits, as the explicit
    game lists its pile."""
    pile = waiting._pile
    if trick_game:
        places, generator = shuffled_positions(len(pile), generator)
        return sorted(pile, key=lambda card: places[card]), generator
    order, generator = shuffled(pile, generator)
    return list(order), generator


@pytest.mark.parametrize(
    "game",
    [
        cr.Cramps(),
        cr.Craits(players=4),
        cr.Craits(players=7),
        hearts.Hearts(),
        crazy_eights.CrazyEights(),
    ],
    ids=_name,
)
def test_chance_outcomes_from_the_generator_replay_the_seeded_game(game: Any) -> None:
    """Fed the orders the seeded generator deals, explicit chance plays the very same
    game: the chance nodes are the shuffles, in the same order, and nothing else."""
    trick_game = isinstance(game, TrickGame)
    table = ExplicitChance(game)
    chooser = random.Random(5)
    seeded = game.new_game(seed=99, dealer=0)
    generator_state = seed_state(99)
    explicit = table.new_game(dealer=0)
    moves = 0
    while True:
        while explicit.is_chance:
            order, generator_state = _seeded_orders(explicit._waiting, generator_state, trick_game)
            for card in order:
                explicit = table.apply_chance(explicit, card)
        assert explicit.inner.hands == seeded.hands
        assert explicit.inner.scores == seeded.scores
        assert explicit.inner.to_move == seeded.to_move
        if seeded.is_over or moves > 3000:
            break
        move = chooser.choice(game.legal_moves(seeded))
        assert table.legal_moves(explicit) == game.legal_moves(seeded)
        generator_state = _generator(seeded)
        seeded = game.apply(seeded, move)
        explicit = table.apply(explicit, move)
        moves += 1
    assert explicit.is_over == seeded.is_over


def test_each_shuffle_is_uniform_over_the_cards_left() -> None:
    table = ExplicitChance(cr.Craits(players=7))  # two decks: two copies of every card
    state = table.new_game()
    outcomes = dict(table.chance_outcomes(state))
    assert len(outcomes) == 52 and set(outcomes.values()) == {Fraction(2, 104)}
    card = cr.Card.parse("QS")
    state = table.apply_chance(state, card)
    outcomes = dict(table.chance_outcomes(state))
    assert outcomes[card] == Fraction(1, 103) and outcomes[cr.Card.parse("2C")] == Fraction(2, 103)
    state = table.apply_chance(state, card)
    assert card not in dict(table.chance_outcomes(state))
    with pytest.raises(cr.IllegalMoveError, match="not among the cards left") as caught:
        table.apply_chance(state, card)
    assert caught.value.reason == "not_a_chance_outcome"


def test_states_are_values_and_nothing_changes_them() -> None:
    table = ExplicitChance(cr.Cramps())
    start = table.new_game()
    after = table.apply_chance(start, cr.Card.parse("AS"))
    assert start.cards_to_place == 52 and after.cards_to_place == 51
    assert table.apply_chance(start, cr.Card.parse("AS")) == after
    assert hash(table) == hash(ExplicitChance(cr.Cramps())) and table == ExplicitChance(cr.Cramps())


def test_bad_input_is_refused_with_a_reason() -> None:
    table = ExplicitChance(cr.Cramps())
    with pytest.raises(cr.RulesError, match="must be a cardrules game"):
        ExplicitChance("cramps")  # type: ignore[arg-type]
    with pytest.raises(cr.RulesError, match="takes no seed"):
        table.new_game(seed=3)
    start = table.new_game()
    with pytest.raises(cr.IllegalMoveError, match="waits for a chance outcome"):
        table.apply(start, cr.Play(cr.Card.parse("2C")))
    with pytest.raises(cr.StateError, match="nothing to observe"):
        table.observe(start, 0)
    with pytest.raises(cr.StateError, match="expected a ChanceState"):
        table.legal_moves(cr.Cramps().new_game(seed=1))  # type: ignore[arg-type]
    for card in cr.STANDARD_DECK.cards():
        start = table.apply_chance(start, card)
    with pytest.raises(cr.IllegalMoveError, match="no chance outcome is awaited") as caught:
        table.chance_outcomes(start)
    assert caught.value.reason == "not_a_chance_node"
    with pytest.raises(cr.IllegalMoveError):
        table.apply(start, cr.Play(cr.Card.parse("2C")), seat=0)  # not seat 0's turn


def test_the_first_dealer_draw_becomes_chance_nodes_too() -> None:
    table = ExplicitChance(cr.Craits(players=3))
    state = table.new_game(dealer=None)
    # the draw for the first dealer: a shuffled deck, from which each player draws
    low = [cr.Card.parse(text) for text in ("9H", "KS", "4D")]
    rest = [card for card in cr.STANDARD_DECK.cards() if card not in low]
    for card in [*low, *rest]:
        state = table.apply_chance(state, card)
    assert state.is_chance  # now the deal
    for card in cr.STANDARD_DECK.cards():
        state = table.apply_chance(state, card)
    assert not state.is_chance and state.inner.dealer == 2  # the 4 is lowest (K2)
    assert [card for _, card in state.inner.dealer_draws] == low


def test_decided_shuffles_refuse_an_order_that_is_not_a_permutation() -> None:
    with pytest.raises(ValueError, match="permutation"):
        shuffled((1, 2, 3), DecidedShuffles(((1, 2, 2),)))
    places, _ = shuffled_positions(3, DecidedShuffles(((2, 0, 1),)))
    assert list(places) == [1, 2, 0]  # item 0 is second, item 1 third, item 2 on top


def test_the_events_of_a_transition_come_when_its_chance_is_complete() -> None:
    table = ExplicitChance(cr.Craits(players=3))
    step = table.start(dealer=1)
    assert step.events == () and step.state.is_chance
    state = step.state
    for card in cr.STANDARD_DECK.cards()[:-1]:
        assert table.step_chance(state, card).events == ()
        state = table.apply_chance(state, card)
    last = table.step_chance(state, cr.STANDARD_DECK.cards()[-1])
    assert isinstance(last.state, ChanceState) and not last.state.is_chance
    assert any(isinstance(event, cr.HandDealt) for event in last.events)
    view = table.observe(last.state, 0)
    assert view == cr.Craits(players=3).observe(last.state.inner, 0)


def test_a_stacked_first_deal_needs_no_chance_and_the_next_deals_do() -> None:
    table = ExplicitChance(cr.Cramps())
    state = table.new_game(deck=cr.STANDARD_DECK.cards())
    assert not state.is_chance
    assert state.inner.hands == cr.Cramps().new_game(seed=1, deck=cr.STANDARD_DECK.cards()).hands
    chooser = random.Random(3)
    for _ in range(52):  # the whole round: its last play deals the next round
        state = table.apply(state, chooser.choice(table.legal_moves(state)))
    assert state.is_chance and state.cards_to_place == 52 and state.pending_move is not None


def test_a_finished_game_says_so_when_asked_for_chance() -> None:
    table = ExplicitChance(cr.Cramps(target=5))
    state = table.new_game()
    chooser = random.Random(1)
    while not state.is_over:
        if state.is_chance:
            state = table.apply_chance(state, chooser.choice(table.chance_outcomes(state))[0])
        else:
            state = table.apply(state, chooser.choice(table.legal_moves(state)))
    with pytest.raises(cr.IllegalMoveError, match="the game is over"):
        table.chance_outcomes(state)
    with pytest.raises(cr.IllegalMoveError, match="the game is over"):
        table.apply(state, cr.Play(cr.Card.parse("2C")))
    assert table.legal_moves(state) == () and state.to_move is None


def test_a_chance_state_is_refused_by_a_table_of_other_rules() -> None:
    state = ExplicitChance(cr.Cramps()).new_game()
    other = ExplicitChance(cr.Cramps(target=21))
    with pytest.raises(cr.StateError, match="use the table that made it"):
        other.chance_outcomes(state)
    with pytest.raises(cr.StateError, match="use the table that made it"):
        other.apply_chance(state, cr.Card.parse("AS"))
    assert ExplicitChance(cr.Cramps()).chance_outcomes(state)  # equal rules will do


def test_states_waiting_for_their_first_deal_hash_whatever_the_setup() -> None:
    table = ExplicitChance(cr.Cramps())
    one = table.new_game(dealer=1, scores=[3, 0, 0, 0])
    assert hash(one) == hash(table.new_game(dealer=1, scores=(3, 0, 0, 0)))
    assert one != table.new_game(dealer=2, scores=[3, 0, 0, 0])
    for card in cr.STANDARD_DECK.cards():
        one = table.apply_chance(one, card)
    assert one.inner.scores == (3, 0, 0, 0) and one.inner.dealer == 1


@attrs.frozen
class _DeckState:
    """A state of the one-shuffle game below: the shuffled deck and its generator."""

    deck: tuple[cr.Card, ...]
    rng: int
    to_move: int | None = 0

    @property
    def is_over(self) -> bool:
        return self.to_move is None


@attrs.frozen
class _OneShuffle(cr.Game[_DeckState, cr.Pass, _DeckState]):
    """A game of one's own: shuffle a deck (from the generator carried in the state), then
    one pass ends it. ``keeps_generator`` says whether it implements the generator hooks."""

    name: ClassVar[str] = "test_chance_one_shuffle"
    players: ClassVar[int] = 1
    keeps_generator: bool = True

    def setup_state(self, seed: int | None, events: Any) -> _DeckState:
        return _DeckState(tuple(cr.STANDARD_DECK.cards()), rng.seed_state(rng.resolve_seed(seed)))

    def legal_moves(self, state: _DeckState) -> tuple[cr.Pass, ...]:
        return () if state.is_over else (cr.Pass(),)

    def transition(self, state: _DeckState, move: cr.Pass, events: Any) -> _DeckState:
        deck, generator = rng.shuffled(state.deck, state.rng)
        return _DeckState(tuple(deck), generator, None)

    def observe(self, state: _DeckState, seat: int) -> _DeckState:
        return state

    def generator_of(self, state: _DeckState) -> int:
        if not self.keeps_generator:
            return super().generator_of(state)
        return state.rng

    def with_generator(self, state: _DeckState, generator: int) -> _DeckState:
        return attrs.evolve(state, rng=generator)


def test_a_game_of_ones_own_plays_with_explicit_chance_through_the_generator_hooks() -> None:
    table = ExplicitChance(_OneShuffle())
    state = table.apply(table.new_game(), cr.Pass())
    assert state.is_chance and state.cards_to_place == 52
    order = list(reversed(cr.STANDARD_DECK.cards()))
    for card in order:
        state = table.apply_chance(state, card)
    assert state.is_over and state.inner.deck == tuple(order)


def test_a_game_that_keeps_its_generator_out_of_reach_is_refused_saying_what_to_implement() -> None:
    table = ExplicitChance(_OneShuffle(keeps_generator=False))
    with pytest.raises(cr.RulesError, match="implement generator_of and with_generator"):
        table.apply(table.new_game(), cr.Pass())


# -- every random decision is a chance node; the cards are the game's own -------------------


#: Every game on the engines: the two of the library and the five examples.
ENGINE_GAMES = list(engine_games().values())


def _first_deal(table: ExplicitChance, chooser: random.Random) -> ChanceState:
    """The position after the first deal, every chance outcome drawn by ``chooser``."""
    state = table.new_game()
    while state.is_chance:
        outcomes = table.chance_outcomes(state)
        state = table.apply_chance(state, chooser.choice(outcomes)[0])
    return state


@pytest.mark.parametrize("game", ENGINE_GAMES, ids=_name)
def test_different_chance_outcomes_deal_different_games(game: Any) -> None:
    """Every random decision is a chance node: different outcomes give different deals
    (Oh Hell's number of tricks and dealer too), never one fixed game."""
    table = ExplicitChance(game)
    deals = [_first_deal(table, random.Random(seed)).inner for seed in range(8)]
    assert len({state.hands for state in deals}) == 8
    if isinstance(game, oh_hell.OhHell):
        assert len({state.dealer for state in deals}) > 1
        if game.hand_sizes == "random":
            assert len({state.hand_size for state in deals}) > 2


def test_oh_hell_draws_its_dealer_and_number_of_tricks_as_chance_nodes() -> None:
    game = oh_hell.OhHell.openspiel()
    table = ExplicitChance(game)
    state = table.new_game()
    assert state.is_chance and state.draw_below == 3 and state.cards_to_place == 0
    assert table.chance_outcomes(state) == tuple((seat, Fraction(1, 3)) for seat in range(3))
    state = table.apply_chance(state, 2)  # seat 2 deals
    assert state.draw_below == 17  # then the tricks: 1 to 17, drawn as 0 to 16
    assert table.chance_counts(state) == tuple((number, 1) for number in range(17))
    state = table.apply_chance(state, 4)
    assert state.draw_below == 0 and state.cards_to_place == 52
    for card in cr.STANDARD_DECK.cards():
        state = table.apply_chance(state, card)
    assert not state.is_chance and state.inner.dealer == 2 and state.inner.hand_size == 5
    stacked = game.new_game(dealer=2, hand_size=5, deck=cr.STANDARD_DECK.cards())
    assert state.inner.hands == stacked.hands and state.inner.turned_up == stacked.turned_up


def test_a_number_drawn_is_refused_unless_it_is_one_of_the_outcomes() -> None:
    table = ExplicitChance(oh_hell.OhHell.openspiel(players=4))
    state = table.new_game()
    with pytest.raises(cr.IllegalMoveError, match=r"a number from 0 to 3, not 4") as caught:
        table.apply_chance(state, 4)
    assert caught.value.reason == "not_a_chance_outcome"
    for wrong in (cr.Card.parse("2C"), "2C", True, 1.0):
        with pytest.raises(cr.MoveTypeError, match="an int from 0 to 3"):
            table.apply_chance(state, wrong)  # type: ignore[arg-type]
    state = table.apply_chance(state, 0)
    state = table.apply_chance(state, 0)  # one trick
    with pytest.raises(cr.MoveTypeError, match="not 3"):
        table.apply_chance(state, 3)  # a card node: an int is no card


def test_a_seeded_game_of_oh_hell_is_an_explicit_game_fed_its_draws() -> None:
    """The numbers a seeded game draws, fed as chance outcomes, play the seeded game."""
    game = oh_hell.OhHell.openspiel(players=5)
    seeded = game.new_game(seed=12)
    generator = seed_state(12)
    dealer, generator = rng.randbelow(generator, 5)
    tricks, generator = rng.randbelow(generator, game.max_tricks())
    places, _ = shuffled_positions(52, generator)
    table = ExplicitChance(game)
    state = table.apply_chance(table.apply_chance(table.new_game(), dealer), tricks)
    for card in sorted(cr.STANDARD_DECK.cards(), key=lambda card: places[card]):
        state = table.apply_chance(state, card)
    assert state.inner.hands == seeded.hands and state.inner.turned_up == seeded.turned_up
    assert (state.inner.dealer, state.inner.hand_size) == (seeded.dealer, seeded.hand_size)


def test_euchre_chance_outcomes_are_its_own_24_cards() -> None:
    game = euchre.Euchre()
    table = ExplicitChance(game)
    state = table.new_game(dealer=1)
    outcomes = table.chance_outcomes(state)
    assert [card for card, _ in outcomes] == sorted(euchre.DECK)
    assert {probability for _, probability in outcomes} == {Fraction(1, 24)}
    with pytest.raises(cr.IllegalMoveError, match="not among the cards left"):
        table.apply_chance(state, "2C")  # no two in a Euchre deck
    order = [cr.Card.parse(text) for text in ("9C", "AS", "JH", "10D")]
    order += [card for card in euchre.DECK if card not in order]
    for card in order:
        state = table.apply_chance(state, card)
    stacked = game.new_game(dealer=1, deck=order)  # the same deal from a stacked deck
    assert state.inner.hands == stacked.hands and state.inner.turned_up == stacked.turned_up
