"""Determinization: ``game.determinize(view, seed)`` deals the cards a seat cannot see
at random, in agreement with everything the seat knows.

Checked over thousands of views (random games of Cramps and Craits with random options
and player counts, random points in them, random seats):

* ``observe(determinize(view, seed), view.seat) == view``, and the same seed gives the
  same state;
* the state is valid (every card of the deck exactly once) and the hidden cards are
  exactly the ones the truth hides, so the seat's hand and the public piles stay put;
* a Cramps seat that has shown out of a suit gets no card of it;
* different seeds give different hidden deals whenever more than one deal is possible;
* the state can be played on;
* the sampling is uniform: a card lands in each hidden place in proportion to its size,
  and in a small Cramps ending every consistent deal comes up equally often.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

import cardrules as cr
from cardrules.cards import CARD_BIT, SUIT_MASK
from cardrules.deck import DealSampler, deal_unseen
from cardrules.games.craits import Phase
from cardrules.games.cramps import DEFAULT_TRICK_VALUES
from cardrules.games.euchre import rules as euchre
from cardrules.games.hearts import rules as hearts
from cardrules.games.oh_hell import rules as oh_hell
from cardrules.games.spades import rules as spades
from cardrules.rng import next_u64, seed_state
from cardrules.tricks.engine import TrickGame, TrickState, TrickView
from conftest import ALL_52, SEED_MAX, play_cards, suit_hands
from craits_helpers import position

seeds = st.integers(min_value=0, max_value=SEED_MAX)
move_seeds = st.integers(min_value=0, max_value=2**32 - 1)
guess_seeds = st.integers(min_value=0, max_value=SEED_MAX - 64)  # seed + 1 … seed + 30 too
# Every example checks several views, each with several determinizations.
views_per_example = 8
heavy = settings(max_examples=max(10, settings().max_examples // 2))

AnyGame = Any  # cr.Cramps | cr.Craits; the helpers below treat both alike


# -- random games and views ------------------------------------------------------------


@st.composite
def cramps_games(draw: st.DrawFn) -> cr.Cramps:
    """Cramps with random options (the target decides how many rounds a game lasts);
    options under which nobody can ever score are refused by Cramps, and skipped here."""
    try:
        return cr.Cramps(
            target=draw(st.integers(min_value=1, max_value=60)),
            packets=tuple(draw(st.permutations([3, 3, 3, 2, 2]))),
            trick_values=tuple(
                draw(st.lists(st.integers(-9, 9), min_size=13, max_size=13))
                if draw(st.booleans())
                else DEFAULT_TRICK_VALUES
            ),
            queen_points=draw(st.integers(min_value=-3, max_value=3)),
        )
    except cr.RulesError:
        reject()


@st.composite
def craits_games(draw: st.DrawFn) -> cr.Craits:
    """Craits for 2 to 6 or 10 players with random variations."""
    players = draw(st.sampled_from([2, 3, 4, 5, 6, 10]))
    options: dict[str, Any] = {
        "short_game": draw(st.booleans()),
        "deal_follows_direction": draw(st.booleans()),
        "one_card_deal_announce": draw(st.booleans()),
        "idiot_penalty": draw(st.sampled_from(["draw_two_skip", "draw_one"])),
        "continue_after_count_out": draw(st.booleans()),
        "threes_cancel_eights": draw(st.booleans()),
        "idiot_calls": draw(st.sampled_from(["manual", "automatic"])),
        "decks": draw(st.sampled_from([None, None, 2, 3])),
    }
    if players <= 3:
        options["remove_kings_queens"] = draw(st.booleans())
    try:
        if draw(st.booleans()):
            return cr.Craits.published_rules(players, **options)
        return cr.Craits(players=players, **options)
    except cr.RulesError:
        reject()


def random_walk(game: AnyGame, state: Any, rng: random.Random, moves: int) -> Iterator[Any]:
    """Yield ``state`` and the states after up to ``moves`` random legal moves (the last
    one yielded may be a finished game). In Craits, a seat other than the one to move
    sometimes makes an idiot call out of turn."""
    yield state
    for _ in range(moves):
        if state.is_over:
            return
        move = rng.choice(game.legal_moves(state))
        if isinstance(game, cr.Craits) and state.exposed and rng.random() < 0.3:
            callers = [s for s in range(game.players) if game.calls(state, s)]
            if callers:
                move = rng.choice(game.calls(state, rng.choice(callers)))
        state = game.apply(state, move)
        yield state


def sampled_states(game: AnyGame, state: Any, rng: random.Random, moves: int) -> list[Any]:
    """``views_per_example`` states picked at random along a random walk of ``moves``
    moves (fewer if the game ends first; then the finished game is one of them)."""
    picks = set(rng.sample(range(moves + 1), min(views_per_example, moves + 1)))
    picked = []
    for index, point in enumerate(random_walk(game, state, rng, max(picks))):
        if index in picks or point.is_over:
            picked.append(point)
    return picked


def view_seat(state: Any, players: int, rng: random.Random) -> int:
    """A random seat, the seat to move half the time."""
    if state.to_move is not None and rng.random() < 0.5:
        return int(state.to_move)
    return rng.randrange(players)


# -- what a determinization must satisfy ---------------------------------------------------


def cramps_voids(view: cr.CrampsView) -> list[set[cr.Suit]]:
    """The suits each seat has shown out of this round, worked out from the tricks."""
    voids: list[set[cr.Suit]] = [set() for _ in range(4)]
    for trick in (*view.tricks, view.trick):
        for position_, played in enumerate(trick.cards):
            led = trick.cards[0].suit
            if played.suit != led:
                voids[(trick.leader + position_) % 4].add(led)
    return voids


def hidden_cards(game: AnyGame, state: Any, seat: int) -> Counter[cr.Card]:
    """The cards ``seat`` cannot see in ``state``: other hands (and the Craits stock)."""
    hidden: Counter[cr.Card] = Counter()
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.update(hand)
    if isinstance(game, cr.Craits):
        hidden.update(state.table.stock)
    return hidden


def hidden_part(game: AnyGame, state: Any, seat: int) -> tuple[Any, ...]:
    """What determinization chooses: the other hands (and the stock, in order)."""
    others = tuple(hand for other, hand in enumerate(state.hands) if other != seat)
    if isinstance(game, cr.Craits):
        return (*others, state.table.stock)
    return others


def cramps_deal_count(view: cr.CrampsView) -> int:
    """How many deals of the unseen cards agree with the view (hand sizes and voids)."""
    seen = set(view.hand) | {c for t in (*view.tricks, view.trick) for c in t.cards}
    per_suit = Counter(c.suit for c in ALL_52 if c not in seen)
    suits = sorted(per_suit)
    voids = cramps_voids(view)
    seats = [s for s in range(4) if s != view.seat and view.hand_sizes[s]]

    @cache
    def count(index: int, room: tuple[int, ...]) -> int:
        if index == len(suits):
            return int(not any(room))
        suit = suits[index]
        total = 0

        def split(k: int, left: int, room_left: tuple[int, ...], ways: int) -> None:
            nonlocal total
            if k == len(seats):
                if not left:
                    total += ways * count(index + 1, room_left)
                return
            most = 0 if suit in voids[seats[k]] else min(left, room_left[k])
            for n in range(most + 1):
                rest = (*room_left[:k], room_left[k] - n, *room_left[k + 1 :])
                split(k + 1, left - n, rest, ways * math.comb(left, n))

        split(0, per_suit[suit], room, 1)
        return total

    return count(0, tuple(view.hand_sizes[s] for s in seats))


def craits_has_choices(view: cr.CraitsView, hidden: Counter[cr.Card]) -> bool:
    """Whether more than one arrangement of the hidden cards agrees with the view."""
    places = sum(1 for s, n in enumerate(view.hand_sizes) if s != view.seat and n)
    places += 1 if view.stock_size else 0
    return len(hidden) >= 2 and (view.stock_size >= 2 or places >= 2)


def check_determinization(game: AnyGame, state: Any, seat: int, seed: int) -> None:
    """Every property of ``determinize`` for the view of ``seat`` in ``state``."""
    view = game.observe(state, seat)
    guess = game.determinize(view, seed)
    assert type(guess) is type(state)
    assert game.observe(guess, seat) == view
    assert game.determinize(view, seed) == guess, "the same seed gives the same state"
    # Known cards never move; the hidden ones are exactly the cards the truth hides.
    assert guess.hands[seat] == state.hands[seat]
    assert [len(hand) for hand in guess.hands] == [len(hand) for hand in state.hands]
    assert hidden_cards(game, guess, seat) == hidden_cards(game, state, seat)
    if isinstance(game, cr.Cramps):
        assert (guess.trick, guess.tricks) == (state.trick, state.tricks)
        public = [c for t in (*guess.tricks, guess.trick) for c in t.cards]
        held = [c for hand in guess.hands for c in hand]
        assert sorted(held + public) == list(ALL_52), "52 distinct cards"
        voids = cramps_voids(view)
        for other, hand in enumerate(guess.hands):
            shown_out = {c for c in hand if c.suit in voids[other]}
            assert not shown_out, f"seat {other} showed out but got {cr.format_cards(shown_out)}"
    else:
        assert guess.discard == state.discard
        assert guess.stock_size == state.stock_size
        on_table = Counter(guess.table.stock) + Counter(guess.table.discard)
        for hand in guess.hands:
            on_table.update(hand)
        assert on_table == Counter(game.deck.cards()), "the deck in use, each card once"
    # Playable: moves unless over, and they apply (a few random ones).
    moves = game.legal_moves(guess)
    assert bool(moves) == (not guess.is_over)
    walker = random.Random(seed)
    for after in random_walk(game, guess, walker, 4):
        assert after.is_over or game.legal_moves(after)
    # Different seeds, different hidden deals (whenever the view leaves a choice).
    first = hidden_part(game, guess, seat)
    varied = any(
        hidden_part(game, game.determinize(view, other), seat) != first
        for other in range(seed + 1, seed + 31)
    )
    if isinstance(game, cr.Cramps):
        assert varied or cramps_deal_count(view) == 1
    else:
        assert varied == craits_has_choices(view, hidden_cards(game, state, seat))


# -- the properties ----------------------------------------------------------------------


@heavy
@given(cramps_games(), seeds, move_seeds, st.integers(0, 3), st.integers(0, 400), guess_seeds)
def test_cramps_determinize_properties(
    game: cr.Cramps, seed: int, move_seed: int, dealer: int, moves: int, guess_seed: int
) -> None:
    """Random points of random Cramps games, seen from random seats."""
    rng = random.Random(move_seed)
    state = game.new_game(seed, dealer=dealer)
    for point in sampled_states(game, state, rng, moves):
        check_determinization(game, point, view_seat(point, 4, rng), guess_seed)


@heavy
@given(craits_games(), seeds, move_seeds, st.data(), st.integers(0, 300), guess_seeds)
def test_craits_determinize_properties(
    game: cr.Craits, seed: int, move_seed: int, data: st.DataObject, moves: int, guess_seed: int
) -> None:
    """Random points of random Craits games (from a random hand on), random seats."""
    rng = random.Random(move_seed)
    hand = data.draw(st.integers(1, len(game.schedule)), label="hand_number")
    dealer = data.draw(st.none() | st.integers(0, game.players - 1), label="dealer")
    state = game.new_game(seed, dealer=dealer, hand_number=hand)
    for point in sampled_states(game, state, rng, moves):
        check_determinization(game, point, view_seat(point, game.players, rng), guess_seed)


def test_finished_games_determinize() -> None:
    """A finished game has nothing hidden left to deal, and stays finished."""
    games: tuple[Any, ...] = (cr.Cramps(target=3), cr.Craits(players=3, short_game=True))
    for game in games:
        state = game.new_game(4)
        while not state.is_over:
            state = game.apply(state, game.legal_moves(state)[-1])
        for seat in range(game.players):
            check_determinization(game, state, seat, 11)


def test_craits_special_phases_determinize() -> None:
    """The turned-up wild (NAME_SUIT), the one-card deal's announcements (ANNOUNCE) and
    an open idiot call survive determinization."""
    game = cr.Craits(players=3)
    wild = position(game, ["2C 3C", "4D 5D", "6H 7H"], "8S 9S")
    assert wild.phase is Phase.NAME_SUIT
    announce = cr.Craits(players=4, one_card_deal_announce=True)
    one_card = announce.new_game(3, dealer=1, hand_number=8)
    assert one_card.phase is Phase.ANNOUNCE
    silent = announce.apply(one_card, cr.Pass())
    assert silent.exposed
    for rules, state in ((game, wild), (announce, one_card), (announce, silent)):
        for seat in range(rules.players):
            check_determinization(rules, state, seat, 5)


# -- forced deals and the slow path --------------------------------------------------------


def test_forced_cards_go_where_they_must() -> None:
    """Seat 0 sees seats 2 and 3 show out of diamonds at once: seat 1 must hold every
    unseen diamond. (Rejection sampling almost never finds such a deal, so this also
    exercises the constrained fill.) The hearts and spades still vary between seeds,
    half of each to seat 2 on average."""
    game = cr.Cramps()
    state = game.new_game(hands=suit_hands())  # seat 1 holds the diamonds and leads
    state, _ = play_cards(game, state, ["2D", "2H", "2S", "2C"])
    view = game.observe(state, 0)
    diamonds = {c for c in ALL_52 if c.suit == cr.Suit.DIAMONDS} - {cr.Card.parse("2D")}
    at_seat_2 = Counter[cr.Card]()
    runs = 400
    for seed in range(runs):
        guess = game.determinize(view, seed)
        assert set(guess.hands[1]) == diamonds
        assert game.observe(guess, 0) == view
        at_seat_2.update(guess.hands[2])
    assert len(at_seat_2) == 24  # every heart and spade went to seat 2 sometimes
    for count in at_seat_2.values():
        assert abs(count - runs / 2) < 5 * math.sqrt(runs / 4)
    check_determinization(game, state, 0, 1)


# -- uniformity --------------------------------------------------------------------------


def chi_square(observed: Sequence[int], expected: Sequence[float]) -> float:
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))


def placement_statistics(
    determinize: Callable[[int], Any],
    places: Callable[[Any], Sequence[Sequence[cr.Card]]],
    cards: Sequence[cr.Card],
    sizes: Sequence[int],
    runs: int,
) -> list[float]:
    """For each card, the chi-square statistic of where it landed over ``runs`` seeds,
    against landing in each place in proportion to the place's size."""
    counts = {c: [0] * len(sizes) for c in cards}
    for seed in range(runs):
        for index, place in enumerate(places(determinize(seed))):
            for c in place:
                if c in counts:
                    counts[c][index] += 1
    total = sum(sizes)
    expected = [runs * size / total for size in sizes]
    return [chi_square(counts[c], expected) for c in cards]


def looks_uniform(stats: Sequence[float], df: int) -> bool:
    """Loose bounds: no card far off (a chi-square of df <= 3 exceeds 30 with
    probability below 1e-5), and the average statistic near its expectation df."""
    return max(stats) < 30 and sum(stats) / len(stats) < 1.6 * df


def test_cramps_cards_land_in_proportion_to_hand_sizes() -> None:
    """Mid-trick, no voids: seat 3 sees hands of 13, 12 and 12 cards (after seats 1 and
    2 followed suit); each unseen card lands in each hand in proportion to its size."""
    game = cr.Cramps()
    state = game.new_game(seed=21)
    first = game.legal_moves(state)[0]
    state = game.apply(state, first)
    follow = [m for m in game.legal_moves(state) if m.card.suit == first.card.suit]
    state = game.apply(state, follow[0])
    assert state.to_move == 3
    view = game.observe(state, 3)
    assert not any(cramps_voids(view))
    sizes = [view.hand_sizes[s] for s in (0, 1, 2)]
    assert sizes == [13, 12, 12]
    unseen = sorted(hidden_cards(game, state, 3))
    stats = placement_statistics(
        lambda seed: game.determinize(view, seed),
        lambda guess: guess.hands[:3],
        unseen,
        sizes,
        runs=1500,
    )
    assert looks_uniform(stats, df=2)


def test_craits_cards_land_in_proportion_to_hand_and_stock_sizes() -> None:
    """Seat 0 sees hands of 3 and 12 cards and a stock of 32: each unseen card lands in
    each of them in proportion to its size."""
    game = cr.Craits(players=3)
    state = position(
        game,
        ["2C 3C 4C 5C", "2D 3D 4D", "6H 7H 9H 10H JH QH KH AH 6D 7D 9D 10D"],
        "KS",
    )
    view = game.observe(state, 0)
    sizes = [view.hand_sizes[1], view.hand_sizes[2], view.stock_size]
    assert sizes == [3, 12, 32]
    unseen = sorted(hidden_cards(game, state, 0))

    def places(guess: cr.CraitsState) -> list[Sequence[cr.Card]]:
        return [guess.hands[1], guess.hands[2], guess.table.stock]

    stats = placement_statistics(
        lambda seed: game.determinize(view, seed), places, unseen, sizes, runs=1500
    )
    assert looks_uniform(stats, df=2)
    # The stock's order is shuffled too: the top card is any unseen card alike.
    tops = Counter(game.determinize(view, seed).table.stock[0] for seed in range(1500))
    assert chi_square([tops[c] for c in unseen], [1500 / len(unseen)] * len(unseen)) < (
        len(unseen) + 6 * math.sqrt(2 * len(unseen))
    )


def test_uniformity_check_notices_a_biased_sampler() -> None:
    """The bounds above are loose but not blind: a sampler that keeps the true deal a
    third of the time fails them."""
    game = cr.Cramps()
    state = game.new_game(seed=21)
    view = game.observe(state, 0)

    def biased(seed: int) -> cr.CrampsState:
        return state if seed % 3 == 0 else game.determinize(view, seed)

    unseen = sorted(hidden_cards(game, state, 0))
    stats = placement_statistics(biased, lambda g: g.hands[1:], unseen, [13, 13, 13], 600)
    assert not looks_uniform(stats, df=2)


def test_every_consistent_cramps_deal_is_equally_likely() -> None:
    """Late in a round, with voids, every deal of the unseen cards that agrees with the
    view comes up about equally often (chi-square over the deals themselves)."""
    game = cr.Cramps()
    found = None
    for seed in range(200):  # a position where someone has shown out, few deals left
        state = game.new_game(seed)
        walker = random.Random(seed)
        while state.trick_number < 11 or state.trick.cards:
            state = game.apply(state, walker.choice(game.legal_moves(state)))
        assert state.to_move is not None
        view = game.observe(state, state.to_move)
        count = cramps_deal_count(view)
        if any(cramps_voids(view)) and 20 <= count <= 120:
            found = state, view, count
            break
    assert found is not None
    state, view, count = found
    runs = 60 * count
    deals = Counter(hidden_part(game, game.determinize(view, s), view.seat) for s in range(runs))
    assert len(deals) == count, "every consistent deal is reachable, and nothing else"
    stat = chi_square(list(deals.values()), [runs / count] * count)
    assert stat < count - 1 + 6 * math.sqrt(2 * (count - 1))


# -- a bot's guess is no better than chance ------------------------------------------------


@pytest.mark.parametrize("name", ["cramps", "craits"])
def test_sampled_hands_match_the_truth_only_by_chance(name: str) -> None:
    """Over many seeds, a determinized card sits where it truly is about as often as
    chance says (the proportion of hidden cards in that place), and whole hands are
    never all right at the start of a game."""
    game: AnyGame = cr.Cramps() if name == "cramps" else cr.Craits(players=3)
    state = game.new_game(8)
    seat = 0
    view = game.observe(state, seat)
    truth = hidden_part(game, state, seat)
    truth_places = {c: i for i, place in enumerate(truth) for c in place}
    total = sum(len(place) for place in truth)
    chance = sum(len(place) ** 2 for place in truth) / total**2
    right = whole = 0
    runs = 400
    for seed in range(runs):
        guess = hidden_part(game, game.determinize(view, seed), seat)
        whole += guess[:-1] == truth[:-1] if name == "craits" else guess == truth
        right += sum(1 for i, place in enumerate(guess) for c in place if truth_places[c] == i)
    assert whole == 0
    rate = right / (runs * total)
    assert abs(rate - chance) < 0.02, (rate, chance)


def rejection_acceptance(view: cr.CrampsView) -> float:
    """The chance that a deal of the unseen cards ignoring voids happens to respect them."""
    sizes = [n for s, n in enumerate(view.hand_sizes) if s != view.seat]
    deals = math.factorial(sum(sizes)) // math.prod(math.factorial(n) for n in sizes)
    return cramps_deal_count(view) / deals


def test_constrained_cramps_deals_are_equally_likely() -> None:
    """Where voids make a random deal almost never fit (about 1 in 500 here), every
    consistent deal still comes up about equally often."""
    game = cr.Cramps()
    state = game.new_game(1)
    walker = random.Random(1)
    walker.randrange(3, 12)
    while state.trick_number < 10:
        state = game.apply(state, walker.choice(game.legal_moves(state)))
    assert state.to_move is not None
    view = game.observe(state, state.to_move)
    count = cramps_deal_count(view)
    assert count == 70 and rejection_acceptance(view) < 0.005
    runs = 20 * count
    deals = Counter(hidden_part(game, game.determinize(view, s), view.seat) for s in range(runs))
    assert len(deals) == count
    stat = chi_square(list(deals.values()), [runs / count] * count)
    assert stat < count - 1 + 6 * math.sqrt(2 * (count - 1)), stat


# -- the sampler itself: exact with any voids, no deal drawn and thrown away ----------------


def _all_deals(
    unseen: Sequence[cr.Card], sizes: Sequence[int], voids: Sequence[set[int]]
) -> set[tuple[tuple[cr.Card, ...], ...]]:
    """Every deal of ``unseen`` with these hand sizes that respects the voids."""
    deals = set()
    for order in itertools.permutations(unseen):
        hands, position = [], 0
        for size in sizes:
            hands.append(tuple(sorted(order[position : position + size])))
            position += size
        if all(card.suit not in voids[s] for s, hand in enumerate(hands) for card in hand):
            deals.add(tuple(hands))
    return deals


@pytest.mark.parametrize(
    ("text", "sizes", "voids"),
    [
        ("2C 3C 4C 2D 3D 2H 3H", [3, 2, 2], [{1}, {0}, set()]),  # two suits bound
        ("2C 3C 2D 3D 4D 2H 3S", [2, 0, 3, 2], [{1}, set(), {0, 2}, {1, 3}]),  # a seat out
        ("2C 3C 4C 5C 2D 3D", [2, 2, 2], [{0}, {0}, set()]),  # forced: ♣ to seat 2 only
    ],
)
def test_deal_unseen_draws_every_consistent_deal_equally_often(
    text: str, sizes: list[int], voids: list[set[int]]
) -> None:
    """Over small problems whose deals can be listed, with several suits bound by
    voids, every consistent deal comes up and about equally often (chi-square)."""
    unseen = cr.parse_cards(text)
    expected = _all_deals(unseen, sizes, voids)
    runs = 40 * len(expected)
    rng = seed_state(3)
    seen: Counter[tuple[tuple[cr.Card, ...], ...]] = Counter()
    for _ in range(runs):
        deal = tuple(deal_unseen(unseen, sizes, voids, rng))
        rng = next_u64(rng)[1]
        seen[deal] += 1
    assert set(seen) == expected
    count = len(expected)
    if count > 1:
        stat = chi_square(list(seen.values()), [runs / count] * count)
        assert stat < count - 1 + 6 * math.sqrt(2 * (count - 1)), stat


def test_deal_unseen_refuses_an_impossible_problem() -> None:
    with pytest.raises(cr.StateError, match="no deal of the unseen cards agrees"):
        deal_unseen(cr.parse_cards("2C 3C 2D"), [2, 1], [{0}, {0}], seed_state(1))


# -- the sampler on masks: any cards barred to any place, an undealt pile --------------


def _all_mask_deals(
    cards: int, sizes: Sequence[int], barred: Sequence[int]
) -> set[tuple[int, ...]]:
    """Every deal of the cards of the mask ``cards``, ``sizes[place]`` to each place,
    none of a place's ``barred`` cards, as one mask a place (by listing every way to
    send each card to a place)."""
    listed = [card for card in range(52) if cards >> card & 1]
    deals = set()
    for places in itertools.product(range(len(sizes)), repeat=len(listed)):
        hands = [0] * len(sizes)
        for card, place in zip(listed, places, strict=True):
            hands[place] |= 1 << card
        if all(
            hand.bit_count() == size and not hand & bar
            for hand, size, bar in zip(hands, sizes, barred, strict=True)
        ):
            deals.add(tuple(hands))
    return deals


HEARTS_WITH_BOWER = SUIT_MASK[2] | CARD_BIT[cr.Card.parse("JD")]  # J♦ counts as a heart


@pytest.mark.parametrize(
    ("text", "sizes", "barred"),
    [
        # Euchre-like: seat 0 showed out of trumps (hearts and J♦), seat 1 of spades; the
        # last place is the undealt pile, which may get anything.
        ("9H 10H JD QS KS AC 9D", [2, 2, 1, 2], [HEARTS_WITH_BOWER, SUIT_MASK[3], 0, 0]),
        # Cards barred one by one, not by suits, and a place with no room.
        ("2C 3C 4C 2D 3D 2H", [2, 0, 2, 2], [CARD_BIT[0] | CARD_BIT[13], 0, CARD_BIT[1], 0]),
        # Every place barred something, no free cards at all.
        ("2C 3C 2D 3D", [2, 2], [SUIT_MASK[0], SUIT_MASK[1]]),
    ],
)
def test_deal_sampler_draws_every_consistent_deal_equally_often(
    text: str, sizes: list[int], barred: list[int]
) -> None:
    """Over small problems whose deals can be listed, with cards barred that are not
    whole suits (the left bower) and an undealt pile, the sampler counts the deals
    right, and draws each of them, about equally often (chi-square), and nothing else."""
    cards = cr.cards.mask_of(cr.parse_cards(text))
    expected = _all_mask_deals(cards, sizes, barred)
    sampler = DealSampler(cards, sizes, barred)
    assert sampler.ways == len(expected)
    runs = 40 * len(expected)
    seen = Counter(sampler.deal(seed_state(seed)) for seed in range(runs))
    assert set(seen) == expected
    count = len(expected)
    if count > 1:
        stat = chi_square(list(seen.values()), [runs / count] * count)
        assert stat < count - 1 + 6 * math.sqrt(2 * (count - 1)), stat


def test_deal_sampler_refuses_what_no_deal_fits() -> None:
    clubs = SUIT_MASK[0] & 0b111
    with pytest.raises(cr.StateError, match="no deal of the unseen cards agrees"):
        DealSampler(clubs, [2, 1], [SUIT_MASK[0], 0])  # 3 clubs, room for 1 of them
    with pytest.raises(cr.StateError, match="must add up to the 3 cards"):
        DealSampler(clubs, [1, 1], [0, 0])
    with pytest.raises(cr.StateError, match="one barred mask a place"):
        DealSampler(clubs, [2, 1], [0])


def test_determinize_remembers_a_view_not_an_equal_one_for_another_game() -> None:
    """A view determinized again is sampled from what was worked out for it; an equal
    view gives the same samples, and another game's determinize of the same view
    object makes that game's states."""
    game, other = cr.Cramps(), cr.Cramps(target=30)
    state = game.new_game(seed=4)
    for _ in range(2):
        state = game.apply(state, game.legal_moves(state)[0])
    view = game.observe(state, 2)
    again = game.observe(state, 2)
    assert again is not view and again == view
    samples = [game.determinize(view, seed) for seed in range(5)]
    assert [game.determinize(again, seed) for seed in range(5)] == samples
    assert len(set(samples)) > 1
    theirs = other.determinize(view, 3)
    assert other.observe(theirs, 2) == view
    with pytest.raises(cr.StateError):
        game.observe(theirs, 2)  # made by the other rules


# -- what the rules reveal through restrictions -------------------------------------------


_SPADES, _HEARTS = SUIT_MASK[cr.Suit.SPADES], SUIT_MASK[cr.Suit.HEARTS]
_ACE_OF_HEARTS = CARD_BIT[cr.Card.parse("AH")]


class _LeadRule(TrickGame[TrickState, TrickView]):
    """Four players, no trumps, a trick scores 1, one deal; a rule on spade leads (the
    subclasses' restrict) that barring cards cannot read: each sample is checked."""

    name: ClassVar[str] = ""  # (not registered)
    players: ClassVar[int] = 4

    def trick_points(self, number: int, cards: tuple[cr.Card, ...]) -> int:
        return 1

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        return (scores.index(max(scores)),)


@attrs.frozen
class HeartAndDiamondBarSpades(_LeadRule):
    """No spade led while holding a heart and a diamond (two cards together forbid it)."""

    def restrict(self, state: TrickState, seat: int, allowed: int) -> int:
        both = allowed & _HEARTS and allowed & SUIT_MASK[cr.Suit.DIAMONDS]
        return allowed & ~_SPADES if not state.trick_cards and both else allowed


@attrs.frozen
class AceOfHeartsLeadsSpades(_LeadRule):
    """A spade is led only by a seat holding nothing else or holding A♥ (a card held
    allows the lead)."""

    def restrict(self, state: TrickState, seat: int, allowed: int) -> int:
        if state.trick_cards or allowed & _ACE_OF_HEARTS:
            return allowed
        return allowed & ~_SPADES or allowed


def _past_plays(state: Any) -> list[cr.Card]:
    return [card for trick in (*state.tricks, state.trick) for card in trick.cards]


def replay_the_deal(game: Any, sample: Any) -> None:
    """Play ``sample``'s deal again from its first card, with the hands the sample says
    each seat held then (its cards now and those it played since): ``apply`` refuses a
    play that was not legal; the same tricks, hands and trick points come out."""
    if sample.phase is not None or not _past_plays(sample):
        return
    deal = sample._deal.copied()  # (the engine's own parts: the deal at its start)
    deal._winners = ()
    first = (*sample.tricks, sample.trick)[0].leader
    state = TrickState(deal, sum(deal._dealt), first, (), (), (0,) * game.players)
    for card in _past_plays(sample):
        state = game.apply(state, cr.Play(card))  # IllegalMoveError: not consistent
    if not sample.is_over:
        assert state.hands == sample.hands
        assert (state.tricks, state.trick) == (sample.tricks, sample.trick)
        assert state.round_scores == sample.round_scores


GAMES_ON_THE_TRICK_ENGINE: dict[str, TrickGame[Any, Any]] = {
    "cramps": cr.Cramps(),
    "hearts": hearts.Hearts(target=None),
    "hearts-options": hearts.Hearts(
        target=None,
        passing="keep",
        first_lead="any_club",
        lead_hearts_instead_of_queen=True,
        queen_breaks_hearts=False,
    ),
    "spades": spades.Spades(),
    "spades-openspiel": spades.Spades.openspiel(),
    "oh_hell": oh_hell.OhHell(),
    "euchre": euchre.Euchre(),
    "skat": cr.Skat(),
    "skat-openspiel": cr.Skat.openspiel(),
    "pairwise-hook": HeartAndDiamondBarSpades(),
    "card-allows-hook": AceOfHeartsLeadsSpades(),
}


@pytest.mark.parametrize("name", list(GAMES_ON_THE_TRICK_ENGINE))
def test_every_sample_agrees_with_every_past_play(name: str) -> None:
    """Random deals of every game on the trick engine (and two with hooks that only a
    check of each sample can follow), seen by every seat at random points: each sample,
    replayed from the deal's first card, makes every play legal."""
    game = GAMES_ON_THE_TRICK_ENGINE[name]
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        moves = 0
        while not state.is_over and moves < 70:
            if state.phase is None and rng.random() < 0.3:
                seat = rng.randrange(game.players)
                view = game.observe(state, seat)
                for number in range(4):
                    sample = game.determinize(view, seed * 100 + number)
                    assert game.observe(sample, seat) == view
                    replay_the_deal(game, sample)
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            moves += 1


def test_a_spades_seat_that_led_a_spade_unbroken_held_only_spades() -> None:
    """Spades (never broken, OpenSpiel's code): a seat that leads a spade holds nothing
    else, so every sample gives it only spades."""
    game, found = spades.Spades.openspiel(), 0
    for seed in range(40):
        state, chooser = game.new_game(seed=seed), random.Random(seed)
        while not state.is_over and found < 6:
            assert state.to_move is not None  # the game is not over
            leader, before = state.to_move, state
            move = chooser.choice(game.legal_moves(state))
            state = game.apply(state, move)
            lead = before.phase is None and not before.trick_cards
            if lead and move.card.suit == cr.Suit.SPADES and len(before.hands[leader]) > 1:
                found += 1
                view = game.observe(state, (leader + 1) % 4)
                for sample_seed in range(50):
                    sample = game.determinize(view, sample_seed)
                    assert not sample.hand_mask(leader) & ~_SPADES, sample.hands[leader]
    assert found == 6


def test_a_hearts_seat_that_played_points_on_the_first_trick_had_nothing_else() -> None:
    """Hearts: a seat that plays a heart or Q♠ to the first trick holds no other card
    (no club to follow, nothing but points), so every sample gives it points only."""
    game = hearts.Hearts(target=None, passing="keep")
    points = _HEARTS | CARD_BIT[cr.Card.parse("QS")]
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH QS",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "AH 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
    ]
    state = game.position([cr.parse_cards(hand) for hand in hands], leader=0)
    state = game.apply(game.apply(state, cr.Play("2C")), cr.Play("QS"))
    view = game.observe(state, 2)
    for sample_seed in range(50):
        sample = game.determinize(view, sample_seed)
        assert not sample.hand_mask(1) & ~points, sample.hands[1]
    assert game.observe(sample, 2) == view
