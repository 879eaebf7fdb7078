"""Observations kept as NumPy arrays in place (cardrules.encoding.arrays).

Checked: at every step of random games, and for every seat, the tracker's observation
equals the encoder's observation of the seat's view, exactly as ``float32`` (games
played directly and through :class:`~cardrules.hosts.table.HostTable`, whose steps
combine the idiot calls it makes), whole games and several rounds, trackers started
anywhere in a game or from set-up positions, and two trackers of one encoder side by
side; that observations are copies; and errors for bad input.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import numpy as np
import pytest

import cardrules as cr
from cardrules.encoding import encoder_for
from cardrules.encoding.arrays import ObservationArrays
from cardrules.events import HandDealt, HandScored
from cardrules.game import Step
from cardrules.hosts.table import HostTable

GAMES: list[Any] = [
    cr.Cramps(),
    cr.Cramps(target=11, trick_values=(1,) * 13, queen_points=2),
    cr.Craits(players=2),
    cr.Craits(players=3, short_game=True, idiot_calls="automatic", one_card_deal_announce=True),
    cr.Craits(players=4),
    cr.Craits(players=4, idiot_calls="automatic"),
    cr.Craits(players=4, decks=2, idiot_penalty="draw_one"),
    cr.Craits(players=7),
]
IDS = [f"{type(game).__name__}-{game.players}p-{i}" for i, game in enumerate(GAMES)]
MOVES = 400  # a cap per game: Craits games can be long
# Games played to their end (short Craits games end in about 1000 moves).
WHOLE: list[Any] = [
    cr.Craits(players=2, short_game=True),
    cr.Craits(players=3, short_game=True, idiot_calls="automatic"),
]


def fresh(game: Any, state: Any, seat: int) -> Any:
    """The observation of ``seat`` at ``state`` made from its view, as float32."""
    encoder = encoder_for(game)
    return np.asarray(encoder.observation(game.observe(state, seat)), dtype=np.float32)


def check_all(game: Any, arrays: ObservationArrays, state: Any, where: str) -> None:
    for seat in range(game.players):
        got = arrays.observation(seat)
        want = fresh(game, state, seat)
        assert got.dtype == np.float32 and got.shape == want.shape
        if not np.array_equal(got, want):
            wrong = np.flatnonzero(got != want)[:10]
            names = [
                field.name
                for field in encoder_for(game).fields
                for i in wrong
                if i in range(field.start, field.stop)
            ]
            raise AssertionError(f"{where}, seat {seat}: entries {wrong} ({names}) differ")


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("seed", [0])
def test_every_step_every_seat(game: Any, seed: int) -> None:
    play_and_check(game, seed, MOVES)


@pytest.mark.parametrize("game", WHOLE, ids=["craits-2p", "craits-3p-automatic"])
def test_whole_craits_games(game: Any) -> None:
    assert play_and_check(game, 0, 5000).is_over


def play_and_check(game: Any, seed: int, cap: int) -> Any:
    """Play a random game (with random idiot calls where the rules allow them),
    checking every seat's observation after every step; return the last state."""
    rng = random.Random(seed)
    encoder = encoder_for(game)
    state = game.start(seed=seed).state
    arrays = ObservationArrays(encoder, state)
    check_all(game, arrays, state, "start")
    for number in range(cap):
        if state.is_over:
            break
        seat = state.to_move
        calls = getattr(game, "calls", None)
        moves = list(game.legal_moves(state))
        caller = seat
        if calls is not None and rng.random() < 0.3:  # an out-of-turn idiot call
            others = [(s, m) for s in range(game.players) for m in calls(state, s)]
            if others:
                caller, move = rng.choice(others)
                moves = [move]
        step = game.step(state, rng.choice(moves), seat=caller)
        arrays.update(step)
        state = step.state
        assert arrays.state is state
        check_all(game, arrays, state, f"move {number + 1}")
    return state


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_through_host_table(game: Any) -> None:
    rng = random.Random(5)
    encoder = encoder_for(game)
    table = HostTable(game, encoder=encoder, max_moves=MOVES)
    for seed in (3,):
        table.reset(seed=seed)
        arrays = ObservationArrays(encoder, table.state)
        check_all(game, arrays, table.state, "reset")
        while not (table.is_over or table.truncated):
            table.play(rng.choice(table.legal_ids()))
            arrays.update(Step(table.state, table.events))
            check_all(game, arrays, table.state, f"move {table.moves}")
            seat = rng.randrange(game.players)
            assert np.array_equal(  # the same as the hosts' observation of today
                arrays.observation(seat),
                np.asarray(table.infos[seat].observation, dtype=np.float32),
            )


def test_from_a_step_and_from_the_middle_of_a_game() -> None:
    game = cr.Cramps()
    encoder = encoder_for(game)
    start = game.start(seed=9)
    state = start.state
    for _ in range(30):
        state = game.step(state, game.legal_moves(state)[-1]).state
    for origin in (start, state):
        arrays = ObservationArrays(encoder, origin)
        at = origin.state if isinstance(origin, Step) else origin
        check_all(game, arrays, at, "start")
        step = game.step(at, game.legal_moves(at)[0])
        arrays.update(step)
        check_all(game, arrays, step.state, "after one move")


@pytest.mark.parametrize("game", [cr.Cramps(), cr.Craits(players=4)], ids=["cramps", "craits"])
def test_observations_are_copies(game: Any) -> None:
    encoder = encoder_for(game)
    state = game.new_game(seed=1)
    arrays = ObservationArrays(encoder, state)
    first = arrays.observation(0)
    first[:] = 7.0
    again = arrays.observation(0)
    assert np.array_equal(again, fresh(game, state, 0))
    assert not np.shares_memory(first, again)
    assert arrays.encoder is encoder


@pytest.mark.parametrize("game", [cr.Cramps(), cr.Craits(players=3)], ids=["cramps", "craits"])
def test_bad_input(game: Any) -> None:
    encoder = encoder_for(game)
    state = game.new_game(seed=2)
    arrays = ObservationArrays(encoder, state)
    bad: list[Any] = [-1, game.players, 1.5, "0", None, True]
    for seat in bad:
        with pytest.raises(cr.SeatError, match=f"seat must be 0 to {game.players - 1}"):
            arrays.observation(seat)
    other = cr.Craits(players=5) if isinstance(game, cr.Cramps) else cr.Cramps()
    with pytest.raises(cr.StateError):
        ObservationArrays(encoder, other.new_game(seed=1))
    with pytest.raises(cr.StateError, match="needs the Step"):
        arrays.update(state)
    with pytest.raises(cr.StateError):
        arrays.update(other.start(seed=1))
    with pytest.raises(cr.RulesError, match="needs an encoder"):
        ObservationArrays(game, state)
    # Still usable after the errors: the next step goes on from where it was.
    step = game.step(state, game.legal_moves(state)[0])
    arrays.update(step)
    check_all(game, arrays, step.state, "after the errors")


def test_cramps_step_out_of_order() -> None:
    game = cr.Cramps()
    encoder = encoder_for(game)
    state = game.new_game(seed=4)
    arrays = ObservationArrays(encoder, state)
    one = game.step(state, game.legal_moves(state)[0])
    two = game.step(one.state, game.legal_moves(one.state)[0])
    arrays.update(two)  # one skipped: written again from its state
    check_all(game, arrays, two.state, "one skipped")
    with pytest.raises(cr.StateError, match="does not follow"):
        arrays.update(two)  # given twice


def test_craits_step_out_of_order() -> None:
    game = cr.Craits(players=4)
    encoder = encoder_for(game)
    state = game.start(seed=4).state
    arrays = ObservationArrays(encoder, state)
    one = game.step(state, game.legal_moves(state)[0])
    arrays.update(one)
    with pytest.raises(cr.StateError):
        arrays.update(one)  # given twice
    check_all(game, arrays, one.state, "unchanged by the error")


def test_numpy_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    game = cr.Cramps()
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ImportError, match="pip install numpy"):
        ObservationArrays(encoder_for(game), game.new_game(seed=1))


def test_cramps_step_of_another_deal() -> None:
    game = cr.Cramps()
    encoder = encoder_for(game)
    mine, other = game.new_game(seed=1), game.new_game(seed=2)
    arrays = ObservationArrays(encoder, mine)
    theirs = game.step(other, game.legal_moves(other)[0])  # same trick, same round
    arrays.update(theirs)  # a card the seat did not hold: written again from the state
    check_all(game, arrays, theirs.state, "another deal's step")


def play_on(game: Any, arrays: ObservationArrays, state: Any, seed: int, cap: int) -> Any:
    """Play random moves from ``state``, checking every seat after every step."""
    rng = random.Random(seed)
    for number in range(cap):
        if state.is_over:
            break
        step = game.step(state, rng.choice(game.legal_moves(state)))
        arrays.update(step)
        state = step.state
        check_all(game, arrays, state, f"move {number + 1}")
    return state


CRAMPS_STARTS: list[Any] = [
    {"dealer": 2, "scores": [40, -7, 10**15, 3], "round_number": 9},
    {"dealer": 1, "scores": [-(10**14), 0, 5, 0], "round_number": 10**13},
]


@pytest.mark.parametrize("setup", CRAMPS_STARTS, ids=["late-round", "clipped"])
def test_cramps_rounds_from_a_set_up_start(setup: dict[str, Any]) -> None:
    # The start of a round is written from the dealt hands (not from the views): its
    # dealer, totals (held within the limit) and round number, then later rounds.
    game = cr.Cramps(target=60)
    state = game.start(seed=11, **setup).state
    arrays = ObservationArrays(encoder_for(game), state)
    check_all(game, arrays, state, "start")
    assert play_on(game, arrays, state, 11, 2000).is_over


def test_cramps_round_start_with_points_and_short_hands() -> None:
    game = cr.Cramps()
    hands = ["AS 3H 2C", "2D 5D QS", "KS 7C 9H", "2H 4H TD"]
    state = game.position(
        hands, leader=3, dealer=2, round_scores=[5, -3, 0, 9], scores=[1, 2, 3, 4]
    )
    arrays = ObservationArrays(encoder_for(game), state)
    check_all(game, arrays, state, "start")
    play_on(game, arrays, state, 3, 40)  # the endgame, then the next round


def test_cramps_step_rounds_ahead() -> None:
    game = cr.Cramps()
    encoder = encoder_for(game)
    state = game.new_game(seed=6)
    arrays = ObservationArrays(encoder, state)
    later = state
    while later.round_number < 3 or later.trick_number < 13 or len(later.trick_cards) < 3:
        later = game.step(later, game.legal_moves(later)[0]).state
    ahead = game.step(later, game.legal_moves(later)[0])  # the end of round 3
    # Its round's end alone (no card that could have been played from round 1's rows).
    ending = [e for e in ahead.events if isinstance(e, (HandScored, HandDealt))]
    assert ahead.state.round_number == 4 and len(ending) == 2
    arrays.update(Step(ahead.state, tuple(ending)))  # written again from the state
    assert arrays.state is ahead.state
    check_all(game, arrays, ahead.state, "rounds ahead")
    play_on(game, arrays, ahead.state, 6, 60)  # and it goes on from there


@pytest.mark.parametrize(
    "game", [cr.Cramps(), cr.Craits(players=4, decks=2)], ids=["cramps", "craits"]
)
def test_trackers_of_one_encoder_are_apart(game: Any) -> None:
    # The index tables are shared by an encoder's trackers; their positions are not.
    encoder = encoder_for(game)
    states = [game.start(seed=seed).state for seed in (1, 2)]
    trackers = [ObservationArrays(encoder, state) for state in states]
    rng = random.Random(0)
    for number in range(150):
        for i, state in enumerate(states):
            if not state.is_over:
                step = game.step(state, rng.choice(game.legal_moves(state)))
                trackers[i].update(step)
                states[i] = step.state
                check_all(game, trackers[i], step.state, f"game {i}, move {number + 1}")


def test_whole_craits_game_with_two_decks() -> None:
    game = cr.Craits(players=4, decks=2, short_game=True)
    assert play_and_check(game, 3, 5000).is_over


@pytest.mark.parametrize(
    "game", [cr.Cramps(), cr.Craits(players=3, short_game=True)], ids=["cramps", "craits"]
)
def test_started_anywhere(game: Any) -> None:
    # A tracker started at states all through a game: at the start of a round (Cramps
    # writes it from the dealt hands), in its middle (from the views), at the end.
    encoder = encoder_for(game)
    rng = random.Random(8)
    state = game.start(seed=8).state
    cramps = isinstance(game, cr.Cramps)
    for number in range(3000):
        round_start = cramps and not state.tricks and not state.trick_cards
        if number % 7 == 0 or state.is_over or round_start:
            check_all(game, ObservationArrays(encoder, state), state, f"started at {number}")
        if state.is_over:
            break
        state = game.step(state, rng.choice(game.legal_moves(state))).state
    assert state.is_over
