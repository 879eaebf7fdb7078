"""What a Craits seat may see: ``game.observe(state, seat)``.

A view holds the seat's own hand, the public table (discard pile, suit, count,
direction, sizes of the other hands and of the stock, scores, penalties …) and the
seat's own possible moves. It must not reveal another hand, the stock's order or the
generator's state (from which the stock could be predicted): the checks below walk
everything reachable from a view, and its pickle.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules as cr
from conftest import SEED_MAX
from craits_helpers import cards, iter_random_game, play, position


def reachable(value: Any, seen: set[int] | None = None) -> Iterator[Any]:
    """Every value reachable from ``value`` through attrs fields, slots, containers."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    seen.add(id(value))
    yield value
    if isinstance(value, (str, bytes, int, float)) or value is None:
        return
    if attrs.has(type(value)):
        children: list[Any] = [getattr(value, f.name) for f in attrs.fields(type(value))]
    elif isinstance(value, dict):
        children = [*value.keys(), *value.values()]
    elif isinstance(value, (tuple, list, set, frozenset)):
        children = list(value)
    else:
        children = [getattr(value, name) for name in getattr(value, "__dict__", {})]
    for child in children:
        yield from reachable(child, seen)


def long_bytes(value: int) -> bytes:
    """How pickle writes a long int (little-endian two's complement, minimal length)."""
    return value.to_bytes((value.bit_length() >> 3) + 1, "little", signed=True)


def check_view(game: cr.Craits, state: cr.CraitsState, seat: int) -> cr.CraitsView:
    """Check the view of ``seat`` against the state and the information-hiding rules."""
    view = game.observe(state, seat)
    table = state.table
    assert view.seat == seat
    assert view.hand == table.hands[seat]
    assert view.hand_sizes == tuple(len(hand) for hand in table.hands)
    assert view.discard == table.discard and view.top == table.discard[-1]
    assert view.stock_size == len(table.stock)
    assert (view.suit, view.count, view.direction) == (table.suit, state.count, table.direction)
    assert view.scores == state.scores and view.penalties == state.penalties
    assert view.dealer_draws == state.dealer_draws
    assert (view.to_move, view.phase, view.exposed) == (state.to_move, state.phase, state.exposed)
    if state.to_move == seat:
        assert view.legal_moves == game.legal_moves(state)
    else:
        assert view.legal_moves == game.calls(state, seat)
    # Every card reachable from the view is in the seat's hand or the discard pile (or
    # was drawn face up for first dealer, K2: public, and from a deck shuffled apart).
    visible = Counter(view.hand) + Counter(table.discard)
    visible.update(c for _, c in state.dealer_draws)
    shown = {v for v in reachable(view) if isinstance(v, cr.Card)}
    assert all(visible[c] for c in shown), f"view shows {shown - set(visible)}"
    # No generator state anywhere, even in the pickle.
    rng = table.rng
    assert all(not (type(v) is int and v == rng) for v in reachable(view)), (
        "generator state in the view"
    )
    data = pickle.dumps(view)
    assert long_bytes(rng) not in data
    assert rng.to_bytes(8, "little") not in data
    assert str(rng) not in repr(view)
    assert pickle.loads(data) == view
    return view


def test_view_of_a_fresh_game() -> None:
    game = cr.Craits(players=3)
    state = game.new_game(seed=5, dealer=0)
    for seat in range(3):
        view = check_view(game, state, seat)
        assert state.top is not None
        assert view.hand_sizes == (8, 8, 8) or state.top.rank in (cr.Rank.FIVE, cr.Rank.SEVEN)
    assert not hasattr(game.observe(state, 0), "stock")
    assert not hasattr(game.observe(state, 0), "hands")


def test_view_does_not_show_other_hands_or_the_stock() -> None:
    game = cr.Craits(players=3, short_game=True)
    state = position(game, ["2C 3C", "9H KC QD", "4D 5D"], "KH", "AS AH AD")
    view = check_view(game, state, 0)
    assert view.hand == cards("2C 3C")
    assert view.hand_sizes == (2, 3, 2)
    assert view.stock_size == 52 - 8
    text = repr(view)
    for hidden in ("A♠", "9♥", "Q♦", "5♦"):
        assert hidden not in text


def test_views_are_equal_for_states_differing_only_in_hidden_cards() -> None:
    """Swapping two cards between the stock and another seat's hand changes nothing the
    seat may see."""
    game = cr.Craits(players=3, short_game=True)
    one = position(game, ["2C 3C", "9H KC", "4D 5D"], "KH", "AS AH")
    two = position(game, ["2C 3C", "9H AS", "4D 5D"], "KH", "KC AH")
    assert one != two
    assert game.observe(one, 0) == game.observe(two, 0)
    assert game.observe(one, 1) != game.observe(two, 1)


def test_views_are_equal_for_states_differing_only_in_the_generator() -> None:
    game = cr.Craits(players=3, short_game=True)
    one = position(game, ["2C 3C", "9H KC", "4D 5D"], "KH", seed=1)
    two = position(game, ["2C 3C", "9H KC", "4D 5D"], "KH", seed=2)
    assert one.table.rng != two.table.rng
    for seat in range(3):
        assert game.observe(one, seat) == game.observe(two, seat)


def test_view_moves_for_the_player_to_move_and_calls_for_the_others() -> None:
    game = cr.Craits(players=3, short_game=True)
    state = position(game, ["3C 4C", "9H KC", "JD QD"], "JH")
    assert game.observe(state, 1).legal_moves == game.legal_moves(state)
    assert game.observe(state, 0).legal_moves == ()
    state, _ = play(game, state, "9H")
    assert game.observe(state, 0).legal_moves == (cr.CallIdiot(0, 1),)
    assert game.observe(state, 1).legal_moves == ()
    assert cr.CallIdiot(2, 1) in game.observe(state, 2).legal_moves
    assert game.observe(state, 2).exposed == (1,)


def test_view_after_the_game_is_over() -> None:
    game = cr.Craits(players=3, short_game=True)
    state = position(game, ["3C 4C", "9H", "JD QD"], "JH", hand_number=8)
    state, _ = play(game, state, "9H")
    view = check_view(game, state, 0)
    assert view.to_move is None and view.winners == state.winners
    assert view.legal_moves == ()


# -- over many random games ---------------------------------------------------------------------

GAMES = st.sampled_from(
    [
        cr.Craits(players=2, short_game=True),
        cr.Craits(players=3, short_game=True, one_card_deal_announce=True),
        cr.Craits(players=4, short_game=True, idiot_calls="automatic"),
        cr.Craits(players=5, short_game=True, continue_after_count_out=True),
        cr.Craits(players=6, short_game=True),
        cr.Craits(players=10, short_game=True, deal_follows_direction=True),
        cr.Craits.published_rules(players=3, short_game=True, remove_kings_queens=True),
    ]
)


@settings(max_examples=max(10, settings().max_examples // 4))
@given(GAMES, st.integers(0, SEED_MAX), st.integers(0, 2**32 - 1))
def test_views_never_leak(game: cr.Craits, seed: int, move_seed: int) -> None:
    """Every seat's view of a dozen states picked at random from a random game, and of
    its final state."""
    steps = list(iter_random_game(game, seed, move_seed))
    picked = random.Random(move_seed).sample(range(len(steps)), min(12, len(steps)))
    for index in picked:
        for seat in range(game.players):
            check_view(game, steps[index][0], seat)
    for seat in range(game.players):
        check_view(game, steps[-1][2].state, seat)
