"""CrampsJax (the JAX backend) plays Cramps exactly as the scalar engine does.

As for the NumPy batch (``tests/test_batch_cramps.py``): every game of a batch is
replayed move by move through :class:`cardrules.Cramps`, each round set up in the
scalar engine from the batch's deal; the legal moves must be the same at every step,
and the trick winners, round scores, totals, dealers, game winners and observations.
JAX is not in the test extra: ``.ci/run`` installs it in a step of its own and runs
this module there (``CARDRULES_REQUIRE_JAX=1`` makes a missing JAX a failure).
"""

from __future__ import annotations

import os
from typing import Any, cast

import pytest

if os.environ.get("CARDRULES_REQUIRE_JAX") != "1":
    pytest.importorskip("jax")

import jax
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules as cr
from cardrules.batch.cramps_jax import CrampsJax, CrampsJaxState
from cardrules.cards import cards_of_mask
from cardrules.encoding import encoder_for
from test_batch_cramps import trick_values  # the same options as the NumPy batch's test


def _round_start(game: cr.Cramps, state: CrampsJaxState, i: int) -> Any:
    hands = np.asarray(CrampsJax(game).hands(state)[i])
    return game.new_game(
        seed=0,
        hands=[cards_of_mask(sum(1 << int(c) for c in np.flatnonzero(row))) for row in hands],
        dealer=int(state.dealer[i]),
        scores=[int(x) for x in state.scores[i]],
        round_number=int(state.round_number[i]),
    )


def _replay(
    game: cr.Cramps, n: int, seed: int, steps: int, *, partial: bool = False, observe: int = 0
) -> int:
    """``steps`` random steps of a JAX batch beside the scalar engine (with ``partial``
    each moves a random subset of the games); the number of games that ended."""
    env = CrampsJax(game)
    batch = env.init(jax.random.key(seed), n)
    states = [_round_start(game, batch, i) for i in range(n)]
    encoder = encoder_for(game)
    chooser = np.random.default_rng(seed)
    ended = 0
    for number in range(steps):
        mask = np.asarray(env.legal_mask(batch))
        to_move = np.asarray(batch.to_move)
        if observe and number % observe == 0:
            others = (to_move + 1 + number % 3) % 4
            for seats in (to_move, others):
                observations = np.asarray(env.observations(batch, jax.numpy.asarray(seats)))
                for i, state in enumerate(states):
                    wanted = encoder.observation(game.observe(state, int(seats[i])))
                    assert observations[i].tolist() == pytest.approx(wanted, abs=1e-6)
        for i, state in enumerate(states):
            assert np.flatnonzero(mask[i]).tolist() == sorted(game.legal_move_ids(state))
            assert to_move[i] == state.to_move
        actions = np.asarray(env.random_actions(batch, jax.random.key(seed + 1 + number)))
        active = chooser.random(n) < 0.6 if partial else np.ones(n, dtype=np.bool_)
        batch, result = env.step(batch, actions, active if partial else None)
        report = {name: np.asarray(value) for name, value in result._asdict().items()}
        for i in range(n):
            if not active[i]:
                assert report["tricks_won"][i] == -1 and not report["rounds_over"][i]
                continue
            state = game.apply(states[i], game.move_from_id(int(actions[i])))
            if report["tricks_won"][i] >= 0 and not report["rounds_over"][i]:
                assert state.tricks[-1].winner == report["tricks_won"][i]
            if report["rounds_over"][i]:
                if report["games_over"][i]:
                    ended += 1
                    assert state.is_over
                    assert state.winners == (int(report["winners"][i]),)
                    assert state.scores == tuple(int(x) for x in report["final_scores"][i])
                else:
                    assert not state.is_over
                    assert state.scores == tuple(int(x) for x in batch.scores[i])
                    assert state.dealer == int(batch.dealer[i])
                    assert state.round_number == int(batch.round_number[i])
                    before = zip(states[i].scores, report["round_points"][i], strict=True)
                    assert state.scores == tuple(int(a + b) for a, b in before)
                state = _round_start(game, batch, i)
            else:
                assert state.round_scores == tuple(int(x) for x in batch.round_scores[i])
            states[i] = state
    return ended


def test_default_rules_over_whole_games() -> None:
    """Default Cramps, eight games for many rounds: some end and start again."""
    assert _replay(cr.Cramps(), 8, seed=3, steps=52 * 10) > 0


def test_games_moved_a_few_at_a_time_and_their_observations() -> None:
    """Steps that move only some games leave the others as they were; the observations
    are the encoder's, float for float, for any seat."""
    _replay(cr.Cramps(target=20), 6, seed=8, steps=52 * 4, partial=True, observe=3)


@settings(max_examples=4, deadline=None)
@given(
    target=st.integers(1, 40),
    values=trick_values,
    queen_points=st.integers(-3, 3),
    seed=st.integers(0, 2**31),
)
def test_every_option(target: int, values: list[int], queen_points: int, seed: int) -> None:
    game = cr.Cramps(target=target, trick_values=values, queen_points=queen_points)
    _replay(game, 4, seed=seed, steps=52 * 3)


def test_same_key_same_games_and_compiled_playouts() -> None:
    env = CrampsJax()
    runs = []
    for _ in range(2):
        state, rounds, games = env.play_random(
            env.init(jax.random.key(11), 16), jax.random.key(2), 60
        )
        runs.append((np.asarray(state.hands).tolist(), np.asarray(state.round_scores).tolist()))
        assert (np.asarray(env.hands(state)).sum(axis=(1, 2)) == 52 - 8).all()  # 60 - 52 played
        assert int(rounds) == 16 and int(games) == 0  # 52 moves make a round
    assert runs[0] == runs[1]
    state, rounds, _ = env.play_random(env.init(jax.random.key(1), 4), jax.random.key(3), 52 * 5)
    assert int(rounds) == 20 and (np.asarray(state.trick_number) == 1).all()


def test_illegal_actions_are_refused_and_play_nothing() -> None:
    env = CrampsJax()
    state = env.init(jax.random.key(5), 3)
    legal = np.asarray(env.legal_mask(state))
    actions = np.asarray(env.random_actions(state, jax.random.key(0))).copy()
    actions[1] = int(np.flatnonzero(~legal[1])[0])
    with pytest.raises(cr.IllegalMoveError, match=r"game 1: move \d+ is not legal") as info:
        env.step(state, actions)
    assert info.value.reason == "not_legal"
    with pytest.raises(cr.IllegalMoveError, match="not a move id"):
        env.step(state, np.array([0, 60, 1]))
    with pytest.raises(cr.IllegalMoveError, match="3 integer move ids"):
        env.step(state, [1, 2])
    with pytest.raises(cr.IllegalMoveError, match="3 booleans"):
        env.step(state, actions, [1, 0, 1])


@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "4"])
def test_bad_batch_sizes(bad: Any) -> None:
    with pytest.raises(cr.SetupError, match="at least 1"):
        CrampsJax().init(jax.random.key(0), bad)


def test_bad_game_and_key() -> None:
    with pytest.raises(cr.SetupError, match="must be a Cramps"):
        CrampsJax(cast(Any, cr.Craits()))
    with pytest.raises(cr.SetupError, match=r"jax.random.key\(seed\)"):
        CrampsJax().init(cast(Any, 7), 2)
    with pytest.raises(cr.SetupError, match="moves must be an int"):
        CrampsJax().play_random(CrampsJax().init(jax.random.key(0), 1), jax.random.key(0), -1)


_INT32_MAX = 2**31 - 1


def test_options_beyond_32_bit_totals_are_refused() -> None:
    """A round moves a total by up to 30 under the standard rules (round_swing); the
    target and that must fit in JAX's 32-bit ints, else a RulesError, not an
    OverflowError (or totals that wrap)."""
    for game in (
        cr.Cramps(trick_values=[2**31] + [0] * 12),
        cr.Cramps(target=2**40),
        cr.Cramps(queen_points=2**29),  # four Queens in one trick: 2**31
        cr.Cramps(target=_INT32_MAX - 29),
    ):
        with pytest.raises(cr.RulesError, match=r"CrampsJax keeps totals in 32-bit ints"):
            CrampsJax(game)
    CrampsJax(cr.Cramps(target=_INT32_MAX - 30))


@pytest.fixture(scope="module")
def env() -> CrampsJax:
    """One backend for the checks' tests, which compiles each function once for them."""
    return CrampsJax()


def _with_totals(env: CrampsJax, scores: list[list[int]], **fields: Any) -> CrampsJaxState:
    """Two fresh games with these totals (and other fields)."""
    state = env.init(jax.random.key(1), 2)
    return state._replace(scores=jax.numpy.asarray(scores, dtype=jax.numpy.int32), **fields)


def test_totals_that_could_pass_32_bits_are_refused_before_playing(env: CrampsJax) -> None:
    key = jax.random.key(2)
    for scores in ([_INT32_MAX - 29, 0, 0, 0], [0, 0, -(_INT32_MAX - 29), 0]):
        state = _with_totals(env, [[0, 0, 0, 0], scores])
        actions = env.random_actions(state, key)
        with pytest.raises(cr.IllegalMoveError, match=r"game 1: a total of 2,147,483,618") as info:
            env.step(state, actions)
        assert info.value.reason == "total_limit"
        with pytest.raises(cr.IllegalMoveError, match=r"game 1: .* 32-bit ints; nothing was"):
            env.play_random(state, key, 1)
        env.step(state, actions, np.array([True, False]))  # game 1 does not move: fine


def test_totals_at_the_limit_play_a_round_exactly(env: CrampsJax) -> None:
    """Totals a round's swing inside the limit play that round, and the totals after it
    are the exact sums (no wrapping); one move more is refused."""
    edge = _INT32_MAX - 30
    state = _with_totals(env, [[edge, edge, -edge, 0], [0, -edge, edge, edge]])
    before = np.asarray(state.scores, dtype=np.int64)
    with pytest.raises(cr.IllegalMoveError, match="2 round"):
        env.play_random(state, jax.random.key(3), 53)
    for number in range(52):
        state, step = env.step(state, env.random_actions(state, jax.random.key(number)))
    assert np.asarray(step.rounds_over).all()
    points = np.asarray(step.round_points, dtype=np.int64)
    totals = np.where(
        np.asarray(step.games_over)[:, None], np.asarray(step.final_scores), state.scores
    )
    assert (totals == before + points).all()
    assert np.abs(before + points).max() <= _INT32_MAX


def test_round_numbers_that_could_pass_32_bits_are_refused(env: CrampsJax) -> None:
    last = jax.numpy.full(2, _INT32_MAX, dtype=jax.numpy.int32)
    state = _with_totals(env, [[0, 0, 0, 0]] * 2, round_number=last)
    env.step(state, env.random_actions(state, jax.random.key(0)))  # the round goes on
    with pytest.raises(cr.IllegalMoveError, match="game 0: the round number could pass"):
        env.play_random(state, jax.random.key(1), 52)


def test_play_random_counts_fit_in_32_bits(env: CrampsJax) -> None:
    """The rounds and games a call counts are 32-bit sums over all the games: a call
    that could count past them is refused, before running."""
    two = env.init(jax.random.key(0), 2)
    many = jax.tree.map(lambda array: jax.numpy.tile(array, (32,) + (1,) * (array.ndim - 1))
                        if array.ndim else array, two)  # fmt: skip
    most = 52 * (_INT32_MAX // 64) - 1
    with pytest.raises(cr.SetupError, match=f"moves must be an int from 0 to {most:,}"):
        env.play_random(many, jax.random.key(1), most + 1)
    with pytest.raises(cr.SetupError, match=f"from 0 to {_INT32_MAX:,}"):
        env.play_random(two, jax.random.key(1), 2**32)


def test_batch_sizes_beyond_the_machines_memory_are_refused_before_allocating() -> None:
    with pytest.raises(cr.SetupError, match=r"more than the .* of memory .* at most [\d,]+ games"):
        CrampsJax().init(jax.random.key(0), 2**40)


@pytest.mark.parametrize("bad", [[7, -3], [0, 4], [0], [[0, 1]], [0.0, 1.0], [True, False]])
def test_observation_seats_are_checked(env: CrampsJax, bad: Any) -> None:
    state = env.init(jax.random.key(0), 2)
    with pytest.raises(cr.SetupError, match="seats must be"):
        env.observations(state, jax.numpy.asarray(bad))
    with pytest.raises(cr.SetupError, match="seats must be"):
        env.observations(state, bad)


def test_seats_given_as_lists_and_inside_jit(env: CrampsJax) -> None:
    state = env.init(jax.random.key(0), 2)
    wanted = np.asarray(env.observations(state, jax.numpy.asarray([1, 3])))
    assert (np.asarray(env.observations(state, [1, 3])) == wanted).all()
    compiled = jax.jit(lambda s, seats: env.observations(s, seats))
    assert (np.asarray(compiled(state, jax.numpy.asarray([1, 3]))) == wanted).all()


def test_things_that_are_not_states_are_refused(env: CrampsJax) -> None:
    state = env.init(jax.random.key(0), 2)
    not_state = cast(Any, state._asdict())
    for call in (
        lambda: env.legal_mask(not_state),
        lambda: env.hands(not_state),
        lambda: env.random_actions(not_state, jax.random.key(0)),
        lambda: env.step(not_state, [0, 1]),
        lambda: env.observations(not_state),
        lambda: env.play_random(not_state, jax.random.key(0), 1),
    ):
        with pytest.raises(cr.StateError, match="state must be a CrampsJaxState"):
            call()
