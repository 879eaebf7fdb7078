"""Views: ``observe(state, seat)`` tells a seat what it may know and nothing more."""

from __future__ import annotations

import enum
import pickle
import random
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules as cr
from conftest import ALL_52, SEED_MAX, iter_random_game, with_cramps_hands

seeds = st.integers(min_value=0, max_value=SEED_MAX)
move_seeds = st.integers(min_value=0, max_value=2**32 - 1)
# Checking every view of every seat is heavy; use an eighth of the profile's examples.
heavy = settings(max_examples=max(5, settings().max_examples // 8))


def reachable(obj: object, seen: set[int] | None = None) -> Iterator[object]:
    """Every object reachable from ``obj`` through attributes and containers."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    yield obj
    if isinstance(obj, (str, bytes, int, float, enum.Enum, type)) or obj is None:
        return  # leaves (a Card is an int)
    children: list[object] = []
    if isinstance(obj, dict):
        children += list(obj.keys()) + list(obj.values())
    elif isinstance(obj, (tuple, list, set, frozenset)):
        children += list(obj)
    else:
        cls = type(obj)
        if attrs.has(cls):
            children += [getattr(obj, f.name) for f in attrs.fields(cls)]
        children += list(getattr(obj, "__dict__", {}).values())
        for cls in type(obj).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(obj, name):
                    children.append(getattr(obj, name))
    for child in children:
        yield from reachable(child, seen)


def public_cards(state: cr.CrampsState) -> set[cr.Card]:
    """The cards played face up this round."""
    return set(state.trick.cards) | {c for t in state.tricks for c in t.cards}


def check_view(game: cr.Cramps, state: cr.CrampsState, seat: int) -> cr.CrampsView:
    view = game.observe(state, seat)
    allowed = set(state.hands[seat]) | public_cards(state)
    found = [obj for obj in reachable(view) if isinstance(obj, cr.Card)]
    leaked = [c for c in found if c not in allowed]
    assert not leaked, f"seat {seat} sees {cr.format_cards(leaked)}"
    # The generator state is nowhere in the view, nor in its pickle.
    assert not any(type(obj) is int and obj == state.rng for obj in reachable(view))
    assert not hasattr(view, "rng")
    data = pickle.dumps(view)
    assert state.rng.to_bytes(8, "little")[:6] not in data
    assert str(state.rng) not in repr(view)
    # What the seat is entitled to know is there.
    assert view.seat == seat
    assert view.hand == state.hands[seat]
    assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
    assert view.trick == state.trick
    assert view.tricks == state.tricks
    assert view.trick_number == state.trick_number
    assert (view.round_number, view.dealer) == (state.round_number, state.dealer)
    assert (view.scores, view.round_scores) == (state.scores, state.round_scores)
    assert (view.to_move, view.winners) == (state.to_move, state.winners)
    expected_moves = game.legal_moves(state) if state.to_move == seat else ()
    assert view.legal_moves == expected_moves
    return view


def reshuffle_others(state: cr.CrampsState, seat: int, rng: random.Random) -> cr.CrampsState:
    """The same position for ``seat``: the other seats' cards dealt afresh among them
    (same sizes) and a different generator state."""
    others = [s for s in range(4) if s != seat]
    pool = [c for s in others for c in state.hands[s]]
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        size = len(hands[s])
        hands[s], pool = tuple(sorted(pool[:size])), pool[size:]
    return with_cramps_hands(state, hands, rng.getrandbits(64))


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_view_at_the_start(seat: int) -> None:
    game = cr.Cramps()
    state = game.new_game(seed=2024)
    view = check_view(game, state, seat)
    assert view.hand_sizes == (13, 13, 13, 13)
    assert len(view.legal_moves) == (13 if seat == 1 else 0)
    hash(view)  # views are frozen values


@heavy
@given(seeds, move_seeds)
def test_views_show_no_hidden_information(seed: int, move_seed: int) -> None:
    """Along a random game, every view of every seat holds only that seat's cards and
    the cards played face up this round, and never the generator state."""
    game = cr.Cramps()
    sampler = random.Random(move_seed)
    for before, _, step in iter_random_game(game, seed, move_seed):
        if sampler.random() < 0.1:
            for seat in range(4):
                check_view(game, before, seat)
        if step.state.is_over:
            for seat in range(4):
                check_view(game, step.state, seat)


@given(seeds, move_seeds, st.integers(min_value=0, max_value=3))
def test_views_ignore_other_hands_and_the_generator(seed: int, move_seed: int, seat: int) -> None:
    """Two states that differ only in the other seats' cards and the generator look the
    same to ``seat``."""
    game = cr.Cramps()
    shuffler = random.Random(seed)
    for before, _, _ in iter_random_game(game, seed, move_seed):
        if shuffler.random() < 0.1:
            other = reshuffle_others(before, seat, shuffler)
            assert game.observe(other, seat) == game.observe(before, seat)
            # The states really differ, so the views could have differed.
            assert other.rng != before.rng


def test_leak_check_would_notice_a_leak() -> None:
    """Sanity check of the walker used above: a card of another hand hidden inside a
    nested value of the view is found."""
    game = cr.Cramps()
    state = game.new_game(seed=4)
    view = game.observe(state, 0)
    secret = state.hands[2][0]
    tampered = attrs.evolve(view, tricks=(cr.Trick(1, (secret,), 1),))
    found = {obj for obj in reachable(tampered) if isinstance(obj, cr.Card)}
    assert secret in found
    assert secret not in set(state.hands[0]) | public_cards(state)
    leaky = attrs.evolve(view, round_number=state.rng)
    assert any(type(obj) is int and obj == state.rng for obj in reachable(leaky))
    assert state.rng.to_bytes(8, "little")[:6] in pickle.dumps(leaky)


def test_view_differs_when_own_hand_differs() -> None:
    """Sanity check of the comparison above: seat 0's view changes with its own hand."""
    game = cr.Cramps()
    a = game.new_game(seed=1)
    b = game.new_game(seed=2)
    assert game.observe(a, 0) != game.observe(b, 0)


def test_view_after_the_game_is_over() -> None:
    game = cr.Cramps()
    state = game.new_game(seed=9)
    while not state.is_over:
        state = game.apply(state, game.legal_moves(state)[0])
    for seat in range(4):
        view = check_view(game, state, seat)
        assert view.winners == state.winners
        assert view.to_move is None
        assert view.legal_moves == ()


@pytest.mark.parametrize("seat", [-1, 4, "0", None, True])
def test_observe_bad_seat(seat: object) -> None:
    game = cr.Cramps()
    with pytest.raises(ValueError, match="seat must be 0 to 3"):
        game.observe(game.new_game(), seat)  # type: ignore[arg-type]


@heavy
@given(seeds, move_seeds, st.integers(min_value=0, max_value=3), seeds)
def test_determinize_agrees_with_the_view(
    seed: int, move_seed: int, seat: int, guess_seed: int
) -> None:
    """A state dealt from a view looks the same to that seat, holds all 52 cards, gives
    nobody a card of a suit they have shown out of, and can be played on."""
    game = cr.Cramps()
    sampler = random.Random(move_seed)
    for before, _, _ in iter_random_game(game, seed, move_seed):
        if sampler.random() >= 0.05:
            continue
        view = game.observe(before, seat)
        guess = game.determinize(view, guess_seed)
        assert game.observe(guess, seat) == view
        assert game.determinize(view, guess_seed) == guess  # deterministic
        held = [c for hand in guess.hands for c in hand]
        assert sorted(held + sorted(public_cards(guess))) == list(ALL_52)
        for trick in (*guess.tricks, guess.trick):
            for seat_played, c in trick.plays(4)[1:]:
                led = trick.cards[0].suit
                if c.suit != led:
                    assert not any(h.suit == led for h in guess.hands[seat_played])
        assert game.legal_moves(guess)
        game.apply(guess, game.legal_moves(guess)[0])
