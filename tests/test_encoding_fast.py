"""The family encoders' quick paths (cardrules.encoding.fast, trickparts, shedparts)
equal their lists float for float, for games on the engines drawn at random (the
examples under their options, Cramps and Craits through the family encoders, two
decks, a game that declares fields): at every step, every seat's row of the in-place
tracker (what PettingZoo and Gymnasium read) and every seat's information state
written into a buffer and as a new array (what OpenSpiel's observer reads), each
against ``to_float32`` of the list, compared as bits.

Then what the random games rarely reach: a lone hand in Euchre (a seat sits the deal
out: the cards are by the seat that played them), counts past a byte in the shedding
history, pickled trackers.

CARDRULES_FAST_EXAMPLES sets the hypothesis examples (default 6).
"""

from __future__ import annotations

import os
import pickle
import random
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules as cr
from cardrules.cards import CARD_BIT
from cardrules.encoding import GameField, SheddingEncoder, TrickEncoder, encoder_for
from cardrules.encoding.arrays import ObservationArrays
from cardrules.encoding.fast import FamilyWriter
from cardrules.encoding.tracker import Tracker
from cardrules.encoding.vectors import to_float32
from cardrules.games.crazy_eights import rules as crazy_eights
from cardrules.games.euchre import rules as euchre
from cardrules.games.hearts import rules as hearts
from cardrules.games.oh_hell import rules as oh_hell
from cardrules.games.spades import rules as spades

FAST_EXAMPLES = int(os.environ.get("CARDRULES_FAST_EXAMPLES", "6"))
MOVES = 120


def _lead_count(view: Any) -> list[float]:
    return [float(len(view.trick.cards)), float(view.round_number % 3)]


class FieldedHearts(hearts.Hearts):
    """Hearts with two fields of its own, to check they are written by the quick paths."""

    name: ClassVar[str] = "test_fast_fielded_hearts"

    def encoded_fields(self) -> tuple[GameField, ...]:
        return (GameField("lead", 2, _lead_count, "cards in the trick; deal % 3", 0, 4),)


GAMES: list[Callable[[random.Random], Any]] = [
    lambda r: hearts.Hearts(
        passing="left" if r.random() < 0.7 else "keep", jack_of_diamonds=r.random() < 0.5
    ),
    lambda r: spades.Spades(),
    lambda r: oh_hell.OhHell(
        players=r.randint(3, 7),
        suits=r.randint(3, 4),
        ranks=r.randint(8, 13),
        trumps=r.choice(oh_hell.TRUMPS),
    ),
    lambda r: euchre.Euchre(
        lone_defender=r.random() < 0.5, stick_the_dealer=r.random() < 0.5, target=2
    ),
    lambda r: crazy_eights.CrazyEights(
        players=r.randint(2, 6),
        special_cards=r.random() < 0.5,
        reshuffle=r.random() < 0.5,
        draw_limit=r.choice([None, 1, 5]),
        draw_by_choice=r.random() < 0.5,
        target=r.choice([None, 30]),
    ),
    lambda r: crazy_eights.CrazyEights.openspiel(
        players=r.randint(2, 6),
        use_special_cards=r.random() < 0.5,
        reshuffle=r.random() < 0.5,
        max_draw_cards=r.randint(1, 5),
    ),
    lambda r: FieldedHearts(),
    lambda r: TrickEncoder(cr.Cramps()),
    lambda r: SheddingEncoder(cr.Craits(players=r.randint(2, 7), short_game=True)),
    lambda r: SheddingEncoder(cr.Craits(players=r.randint(2, 4), decks=2, short_game=True)),
]


def _encoder(made: Any) -> Any:
    return made if isinstance(made, (TrickEncoder, SheddingEncoder)) else encoder_for(made)


def _bits(array: Any) -> bytes:
    return bytes(np.ascontiguousarray(array, np.float32).view(np.uint32).tobytes())


def check_game(encoder: Any, seed: int, moves: int = MOVES) -> int:
    """A seeded random game, the quick paths checked against the lists at each step;
    returns the steps checked."""
    game = encoder.game
    chooser = random.Random(seed)
    state = game.new_game(seed=seed)
    arrays = ObservationArrays(encoder, state)
    assert type(arrays._rows) is Tracker
    infos = encoder.info_states(state)
    buffer = np.empty(encoder.info_state_size, np.float32)
    observed = np.empty(encoder.observation_size, np.float32)
    checked = 0
    for number in range(moves):
        for seat, info in enumerate(infos):
            listed = to_float32(encoder.observation(game.observe(state, seat)))
            assert _bits(arrays.observation(seat)) == _bits(listed), (seed, number, seat)
            vector = to_float32(info.vector)
            assert _bits(info.array(out=buffer)) == _bits(vector), (seed, number, seat)
            assert _bits(info.array()) == _bits(vector)
            assert _bits(info.observation_array(out=observed)) == _bits(listed)
        checked += 1
        if state.is_over:
            break
        step = game.step(state, chooser.choice(game.legal_moves(state)))
        infos = encoder.after(infos, step)
        arrays.update(step)
        state = step.state
    assert type(encoder._writer) is FamilyWriter
    return checked


@settings(max_examples=FAST_EXAMPLES, deadline=None, derandomize=True)
@given(st.integers(0, len(GAMES) - 1), st.integers(0, 2**32 - 1))
def test_the_quick_paths_are_the_lists_for_random_games(which: int, seed: int) -> None:
    encoder = _encoder(GAMES[which](random.Random(seed)))
    assert check_game(encoder, seed) > 1


def test_every_kind_of_game_once() -> None:
    # (Hypothesis draws only some kinds at the default count: each is checked here.)
    for which, make in enumerate(GAMES):
        check_game(_encoder(make(random.Random(which))), which, 40)


def _lone_state() -> tuple[Any, Any]:
    """A Euchre position with a lone hand and a trick of three cards under way."""
    game = euchre.Euchre()
    for seed in range(400):
        chooser = random.Random(seed)
        state = game.new_game(seed=seed)
        for _ in range(60):
            if state.is_over:
                break
            lone = state.phase is None and len(state.trick.plays(4)) >= 2
            if lone and state.trick.out and state.tricks:
                return game, state
            moves = game.legal_moves(state)
            alone = [move for move in moves if getattr(move, "alone", False) is True]
            state = game.apply(state, alone[0] if alone else chooser.choice(moves))
    raise AssertionError("no lone hand in 400 deals")


def test_a_seat_sitting_the_deal_out_is_passed_over() -> None:
    game, state = _lone_state()
    encoder = encoder_for(game)
    trick, played_in = encoder.field("trick"), encoder.field("played_in")
    arrays = ObservationArrays(encoder, state)
    info = encoder.info_state(state, 1)
    for seat in range(4):
        view = game.observe(state, seat)
        listed = encoder.observation(view)
        seen = {
            (k, card)
            for k in range(4)
            for card in range(52)
            if listed[trick.start + 52 * k + card] == 1.0
        }
        assert seen == {((who - seat) % 4, int(card)) for who, card in view.trick.plays(4)}
        assert np.array_equal(arrays.observation(seat), to_float32(listed))
    vector = info.vector
    for number, done in enumerate((*state.tricks, state.trick)):
        block = vector[played_in.start + 52 * number : played_in.start + 52 * (number + 1)]
        assert {card for card in range(52) if block[card]} == {int(c) for c in done.cards}
    assert np.array_equal(info.array(), to_float32(vector))


def _copies_of(card: int) -> int:
    """Every copy of ``card`` in a hand mask (its bit in each block of 52)."""
    return sum(CARD_BIT[card] << 52 * block for block in range(300))


def test_counts_past_a_byte_in_the_shedding_history_are_written_as_the_list() -> None:
    game = crazy_eights.CrazyEights(players=3)
    encoder = encoder_for(game)
    state = game.new_game(seed=4)
    info = encoder.info_state(state, 0)
    for times in (1, 2, 255, 256, 257, 300):
        public: Any = info._public
        played = list(public.played)
        played[1] = (1 << 52 * min(times, 300)) - 1 & _copies_of(5) | CARD_BIT[7]
        public.played = tuple(played)
        vector = to_float32(info.vector)
        assert _bits(info.array()) == _bits(vector), times
        assert vector[encoder.field("played").start + 52 + 5] == min(times, 300)


def test_pickled_and_copied_trackers_go_on_as_the_original() -> None:
    game = hearts.Hearts()
    encoder = encoder_for(game)
    state = game.new_game(seed=2)
    arrays = ObservationArrays(encoder, state)
    again = pickle.loads(pickle.dumps(arrays))
    chooser = random.Random(2)
    for _ in range(30):
        step = game.step(state, chooser.choice(game.legal_moves(state)))
        arrays.update(step)
        again.update(step)
        state = step.state
    for seat in range(4):
        listed = to_float32(encoder.observation(game.observe(state, seat)))
        assert _bits(again.observation(seat)) == _bits(listed) == _bits(arrays.observation(seat))


def test_games_of_one_encoder_played_in_turn_do_not_mix() -> None:
    # The parts are shared by an encoder's trackers and writers (a vector of
    # environments in one process): what one game's position kept must not pass
    # for another's.
    games: tuple[Any, ...] = (
        hearts.Hearts(passing="keep"),
        crazy_eights.CrazyEights(players=3),
        euchre.Euchre(),
    )
    for game in games:
        encoder = encoder_for(game)
        states = [game.new_game(seed=seed) for seed in range(3)]
        trackers = [ObservationArrays(encoder, state) for state in states]
        infos = [encoder.info_states(state) for state in states]
        choosers = [random.Random(seed) for seed in range(3)]
        for _ in range(40):
            for i, state in enumerate(states):
                if state.is_over:
                    continue
                step = game.step(state, choosers[i].choice(game.legal_moves(state)))
                trackers[i].update(step)
                infos[i] = encoder.after(infos[i], step)
                states[i] = state = step.state
                seat = state.to_move or 0
                listed = to_float32(encoder.observation(game.observe(state, seat)))
                assert _bits(trackers[i].observation(seat)) == _bits(listed)
                vector = to_float32(infos[i][seat].vector)
                assert _bits(infos[i][seat].array()) == _bits(vector)
