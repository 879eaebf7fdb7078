"""Observations have finite bounds (a Gymnasium ``Box`` needs them): the whole numbers
the rules leave unbounded (scores, penalties, round numbers, Craits' running count and
turns to forfeit) are held within ±10**12, the same way by the lists, the information
states' arrays and the tracked arrays.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import cardrules as cr
from cardrules.encoding import encoder_for
from cardrules.encoding.arrays import ObservationArrays
from cardrules.encoding.vectors import POINTS_LIMIT

np: Any = pytest.importorskip("numpy")

RULES = [
    cr.Cramps(),
    cr.Cramps(target=1),
    *(cr.Craits(players=n) for n in (2, 3, 6, 10)),
    cr.Craits(players=2, decks=3),
]


def _name(game: Any) -> str:
    return f"{game.name}-{game.players}p"


@pytest.mark.parametrize("game", RULES, ids=_name)
def test_every_observation_entry_has_finite_bounds(game: Any) -> None:
    encoder = encoder_for(game)
    bounds = (*encoder.observation_low, *encoder.observation_high)
    assert len(bounds) == 2 * encoder.observation_size
    assert all(math.isfinite(bound) for bound in bounds)
    pairs = zip(encoder.observation_low, encoder.observation_high, strict=True)
    assert all(low <= high for low, high in pairs)


def _within(encoder: Any, observation: Any) -> bool:
    low = np.asarray(encoder.observation_low, np.float32)
    high = np.asarray(encoder.observation_high, np.float32)
    return bool(((observation >= low) & (observation <= high)).all())


def _every_way(game: Any, state: Any, arrays: Any = None) -> list[Any]:
    """Each seat's observation of ``state`` from the list, the information state's
    array and the tracked arrays (checked to be the same, and within the bounds)."""
    encoder = encoder_for(game)
    tracked = ObservationArrays(encoder, state) if arrays is None else arrays
    seen = []
    for seat in range(game.players):
        listed = np.asarray(encoder.observation(game.observe(state, seat)), np.float32)
        assert np.array_equal(listed, encoder.info_state(state, seat).observation_array())
        assert np.array_equal(listed, tracked.observation(seat))
        assert _within(encoder, listed), seat
        seen.append(listed)
    return seen


def test_cramps_totals_and_round_numbers_past_the_limit_are_held_at_it() -> None:
    game = cr.Cramps(target=1)
    encoder = encoder_for(game)
    state = game.new_game(seed=3, scores=[10**20, -(10**20), 5, 0], round_number=10**15)
    observation = _every_way(game, state)[0]
    scores = encoder.field("scores")
    limit = float(np.float32(POINTS_LIMIT))
    assert observation[scores.start : scores.start + 2].tolist() == [limit, -limit]
    assert observation[encoder.field("round_number").start] == np.float32(POINTS_LIMIT / 10)


def test_craits_counts_forfeits_penalties_and_totals_past_the_limit_are_held_at_it() -> None:
    game = cr.Craits(players=3)
    encoder = encoder_for(game)
    state = game.new_game(seed=1, scores=[10**20, -(10**20), 5], penalties=[5 * 2**60, 0, 10])
    # The rules give no bound to the count or the turns to forfeit, but no short game
    # reaches the limit: set them past it.
    object.__setattr__(state, "_count", 10**14)
    object.__setattr__(state, "_forfeits", (10**13, 0, 1))
    observation = _every_way(game, state)[0]
    assert observation[encoder.field("count").start] == np.float32(POINTS_LIMIT / 10)
    forfeits = encoder.field("forfeits")
    limit = float(np.float32(POINTS_LIMIT))
    assert observation[forfeits.start : forfeits.stop].tolist() == [limit, 0.0, 1.0]
    penalties = encoder.field("penalties")
    assert observation[penalties.start] == np.float32(POINTS_LIMIT / 100)
    # The tracked arrays hold them too when a step brings them.
    state = game.new_game(seed=2)
    arrays = ObservationArrays(encoder, state)
    step = game.step(state, random.Random(2).choice(game.legal_moves(state)))
    object.__setattr__(step.state, "_count", 10**14)
    object.__setattr__(step.state, "_forfeits", (10**13, 10**13, 10**13))
    arrays.update(step)
    _every_way(game, step.state, arrays)
