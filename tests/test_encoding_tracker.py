"""The family encoders' trackers (cardrules.encoding.tracker) write only what a step
changed, and what they write is what writing every entry again gives: over random
games of every shipped game on the trick-taking and shedding engines (a few option
sets) and of the test games with card orders (a Skat-like game: suit games, Grand,
Null), with deals that end early and with a shedding game's own phase (Stake Eights),
at every step, every seat's row of the tracker moved on step by step equals the row of a
tracker made afresh at that position (written from scratch) and ``to_float32`` of the
encoder's list, bit for bit; and most steps of the play are written step by step, not
again from the state."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import cardrules as cr
from cardrules.encoding import encoder_for
from cardrules.encoding.arrays import ObservationArrays
from cardrules.encoding.tracker import Tracker
from cardrules.encoding.vectors import to_float32
from cardrules.games import shipped_games
from cardrules.shedding.engine import SheddingGame
from cardrules.tricks.engine import TrickGame
from test_card_order import MiniSkat
from test_deal_ends_early import NullTricks, QuickHearts, ShortEights
from test_shedding_phases import StakeEights

ENGINES = (TrickGame, SheddingGame)
"""The engines whose family encoders have trackers."""
GAMES: list[tuple[str, Any]] = [
    *(
        (name, rules())
        for name, rules in sorted(shipped_games().items())
        if issubclass(rules, ENGINES)
    ),
    ("craits 7 players", cr.Craits(players=7, short_game=True)),
    ("craits 2 decks", cr.Craits(players=3, decks=2, short_game=True)),
    ("crazy eights 2 decks", cr.CrazyEights(players=6, decks=2)),
    ("oh hell 5 players", cr.OhHell(players=5, ranks=10)),
    ("spades blind nil", cr.Spades(blind_nil=True)),
    ("mini skat (card orders)", MiniSkat()),
    ("null tricks (deal_over)", NullTricks()),
    ("quick hearts (deal_over)", QuickHearts()),
    ("short eights (hand_over)", ShortEights()),
    ("stake eights (own phases)", StakeEights()),
]
MOVES = 150


def _bits(array: Any) -> bytes:
    return bytes(np.ascontiguousarray(array, np.float32).view(np.uint32).tobytes())


class Counted:
    """A family's steps, counting the steps it wrote itself and those it left to be
    written again from the state."""

    def __init__(self, steps: Any) -> None:
        self.steps = steps
        self.seat_fields = steps.seat_fields
        self.own_fields = steps.own_fields
        self.written = self.left = 0

    def start(self, tracker: Tracker, state: Any) -> None:
        self.steps.start(tracker, state)

    def step(self, tracker: Tracker, state: Any, events: Any) -> bool:
        done: bool = self.steps.step(tracker, state, events)
        if done:
            self.written += 1
        else:
            self.left += 1
        return done


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[name for name, _ in GAMES])
def test_step_by_step_is_from_scratch(name: str, game: Any) -> None:
    encoder = encoder_for(game)
    written = left = 0
    for seed in range(2):
        chooser = random.Random(seed)
        state = game.new_game(seed=seed)
        arrays = ObservationArrays(encoder, state)
        rows = arrays._rows
        assert type(rows) is Tracker
        counted = rows.steps = Counted(rows.steps)
        for number in range(MOVES):
            fresh = ObservationArrays(encoder, state)  # every entry written from the state
            for seat in range(game.players):
                got = arrays.observation(seat)
                assert _bits(got) == _bits(fresh.observation(seat)), (name, seed, number, seat)
                listed = to_float32(encoder.observation(game.observe(state, seat)))
                assert _bits(got) == _bits(listed), (name, seed, number, seat)
            if state.is_over:
                break
            step = game.step(state, chooser.choice(game.legal_moves(state)))
            arrays.update(step)
            state = step.state
        written += counted.written
        left += counted.left
    # (A trick game's phases and new deals are written again from the state: the play
    # is most of its steps.)
    assert written > 2 * left, (name, written, left)


def test_a_step_that_does_not_follow_is_written_from_its_state() -> None:
    game = cr.Cramps()
    encoder = encoder_for(game)
    state = game.new_game(seed=4)
    arrays = ObservationArrays(encoder, state)
    one = game.step(state, game.legal_moves(state)[0])
    two = game.step(one.state, game.legal_moves(one.state)[0])
    arrays.update(two)  # (one skipped)
    for seat in range(4):
        listed = to_float32(encoder.observation(game.observe(two.state, seat)))
        assert _bits(arrays.observation(seat)) == _bits(listed)
    with pytest.raises(cr.StateError, match="does not follow"):
        arrays.update(two)  # (given twice)
