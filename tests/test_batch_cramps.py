"""CrampsBatch plays Cramps exactly as the scalar engine does.

Every game of a batch is replayed move by move through :class:`cardrules.Cramps`: each
round is set up in the scalar engine from the batch's deal (its hands, dealer, scores and
round number), then both get the same moves; the legal moves must be the same at every
step, and the trick winners, round scores, totals, dealers and game winners too.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import cardrules as cr  # noqa: E402
from cardrules.batch import CrampsBatch  # noqa: E402
from cardrules.batch.bits import masks_to_bools, nth_card, popcount  # noqa: E402
from cardrules.cards import cards_of_mask  # noqa: E402
from cardrules.encoding import encoder_for  # noqa: E402


def _round_start(game: cr.Cramps, batch: CrampsBatch, i: int) -> Any:
    hands = batch.hands()[i]
    return game.new_game(
        seed=0,
        hands=[cards_of_mask(int(mask)) for mask in hands],
        dealer=int(batch.dealer[i]),
        scores=[int(x) for x in batch.scores[i]],
        round_number=int(batch.round_number[i]),
    )


def _replay(
    game: cr.Cramps, n: int, seed: int, steps: int, *, partial: bool = False, observe: int = 0
) -> int:
    """Play ``steps`` random steps of a batch beside the scalar engine (with
    ``partial``, each step moves a random subset of the games); the number of games
    that ended. Every ``observe``-th step, the observations are compared with the
    encoder's for the seat to move and for another seat."""
    batch = CrampsBatch(n, game=game, seed=seed)
    states = [_round_start(game, batch, i) for i in range(n)]
    encoder = encoder_for(game)
    chooser = np.random.default_rng(seed)
    ended = 0
    for number in range(steps):
        mask = batch.legal_mask()
        if observe and number % observe == 0:
            others = (batch.to_move + 1 + number % 3) % 4
            for seats, observations in ((batch.to_move, batch.observations()),
                                        (others, batch.observations(others))):  # fmt: skip
                for i, state in enumerate(states):
                    wanted = encoder.observation(game.observe(state, int(seats[i])))
                    assert observations[i].tolist() == pytest.approx(wanted, abs=1e-6)
        for i, state in enumerate(states):
            assert np.flatnonzero(mask[i]).tolist() == sorted(game.legal_move_ids(state))
            assert batch.to_move[i] == state.to_move
            trick = state.trick
            by_seat = [-1] * 4
            for position, card in enumerate(trick.cards):
                by_seat[(trick.leader + position) % 4] = int(card)
            assert batch.trick_cards()[i].tolist() == by_seat
        actions = batch.random_actions()
        active = chooser.random(n) < 0.6 if partial else np.ones(n, dtype=np.bool_)
        result = batch.step(actions, active if partial else None)
        for i in range(n):
            if not active[i]:
                assert result.tricks_won[i] == -1 and not result.rounds_over[i]
                continue
            state = game.apply(states[i], game.move_from_id(int(actions[i])))
            if result.tricks_won[i] >= 0:
                trick = (
                    (state.tricks or states[i].tricks)[-1] if not result.rounds_over[i] else None
                )
                if trick is not None:
                    assert trick.winner == result.tricks_won[i]
            if result.rounds_over[i]:
                if result.games_over[i]:
                    ended += 1
                    assert state.is_over
                    assert state.winners == (int(result.winners[i]),)
                    assert state.scores == tuple(int(x) for x in result.final_scores[i])
                else:
                    assert not state.is_over
                    assert state.scores == tuple(int(x) for x in batch.scores[i])
                    assert state.dealer == batch.dealer[i]
                    assert state.round_number == batch.round_number[i]
                    assert (
                        sum(result.round_points[i])
                        == sum(game.trick_values) + 4 * game.queen_points
                    )
                state = _round_start(game, batch, i)
            else:
                assert state.round_scores == tuple(int(x) for x in batch.round_scores[i])
            states[i] = state
    return ended


def test_default_rules_over_whole_games() -> None:
    """Default Cramps, eight games for many rounds: some games end and start again."""
    assert _replay(cr.Cramps(), 8, seed=3, steps=52 * 12) > 0


def test_games_moved_a_few_at_a_time_and_their_observations() -> None:
    """Steps that move only some games (``active``) leave the others as they were; the
    observations are the encoder's, float for float, for any seat."""
    _replay(cr.Cramps(target=20), 6, seed=8, steps=52 * 5, partial=True, observe=7)


def test_from_state_plays_on_from_the_position() -> None:
    """Copies of a mid-round position (a trick half played) carry on as the scalar
    engine does from it, and their observations are the encoder's."""
    game = cr.Cramps()
    state = game.new_game(seed=12)
    walker = np.random.default_rng(1)
    for _ in range(23):
        moves = game.legal_moves(state)
        state = game.apply(state, moves[int(walker.integers(len(moves)))])
    batch = CrampsBatch.from_state(state, 5, seed=2)
    encoder = encoder_for(game)
    assert state.to_move is not None
    wanted = encoder.observation(game.observe(state, state.to_move))
    for row in batch.observations():
        assert row.tolist() == pytest.approx(wanted, abs=1e-6)
    assert (batch.trick_number == state.trick_number).all()
    states = [state] * 5
    while not batch.step(actions := batch.random_actions()).rounds_over[0]:
        for i in range(5):
            states[i] = game.apply(states[i], game.move_from_id(int(actions[i])))
            assert states[i].round_scores == tuple(batch.round_scores[i].tolist())
    points = CrampsBatch.from_state(state, 64, seed=3).play_out_rounds()
    assert (points.sum(axis=1) == 10).all() and len({tuple(p) for p in points.tolist()}) > 1
    with pytest.raises(cr.StateError):
        CrampsBatch.from_state(state, 2, game=cr.Cramps(target=20))


trick_values = st.lists(st.integers(-9, 9), min_size=13, max_size=13).filter(
    lambda values: sum(v for v in values if v > 0) > 0
)


@settings(max_examples=6, deadline=None)
@given(
    target=st.integers(1, 40),
    values=trick_values,
    queen_points=st.integers(-3, 3),
    seed=st.integers(0, 2**32),
)
def test_every_option(target: int, values: list[int], queen_points: int, seed: int) -> None:
    game = cr.Cramps(target=target, trick_values=values, queen_points=queen_points)
    _replay(game, 4, seed=seed, steps=52 * 4)


def test_same_seed_same_games() -> None:
    runs = []
    for _ in range(2):
        batch = CrampsBatch(16, seed=11)
        for _ in range(60):
            batch.step(batch.random_actions())
        runs.append((batch.hands().tolist(), batch.round_scores.tolist()))
    assert runs[0] == runs[1]


def test_illegal_actions_are_refused_and_play_nothing() -> None:
    batch = CrampsBatch(3, seed=5)
    before = batch.hands()
    legal = batch.legal_mask()
    actions = batch.random_actions()
    actions[1] = int(np.flatnonzero(~legal[1])[0])
    with pytest.raises(cr.IllegalMoveError, match=r"game 1: move \d+ is not legal") as info:
        batch.step(actions)
    assert info.value.reason == "not_legal"
    assert (batch.hands() == before).all()
    with pytest.raises(cr.IllegalMoveError, match="not a move id"):
        batch.step(np.array([0, 60, 1]))
    with pytest.raises(cr.IllegalMoveError, match="3 integer move ids"):
        batch.step([1, 2])
    with pytest.raises(cr.IllegalMoveError, match="3 integer move ids"):
        batch.step(np.array([0.5, 1.0, 2.0]))


@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "4"])
def test_bad_batch_sizes(bad: Any) -> None:
    with pytest.raises(cr.SetupError, match="at least 1"):
        CrampsBatch(bad)


def test_bad_game_and_seed() -> None:
    with pytest.raises(cr.SetupError, match="must be a Cramps"):
        CrampsBatch(2, game=cr.Craits())  # type: ignore[arg-type]
    with pytest.raises(cr.SetupError):
        CrampsBatch(2, seed=-1)


def test_arrays_given_out_are_copies() -> None:
    batch = CrampsBatch(2, seed=1)
    batch.hands()[:] = 0
    batch.scores[:] = 99
    batch.legal_bits()[:] = 0
    assert batch.legal_mask().sum() == 26
    assert (batch.hands() != 0).all()


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 2**52 - 1), min_size=1, max_size=20), st.randoms())
def test_bit_helpers(masks: list[int], rnd: Any) -> None:
    array = np.array(masks, dtype=np.uint64)
    assert popcount(array).tolist() == [bin(m).count("1") for m in masks]
    bools = masks_to_bools(array)
    assert [int("".join("1" if b else "0" for b in row[::-1]), 2) for row in bools] == masks
    chosen = [rnd.randrange(bin(m).count("1")) if m else 0 for m in masks]
    picked = nth_card(array, np.array(chosen)).tolist()
    for mask, k, index in zip(masks, chosen, picked, strict=True):
        if mask:  # (nothing to pick from an empty mask)
            assert [i for i in range(52) if mask >> i & 1][k] == index


@pytest.mark.parametrize("n", [2**40, 2**70])
def test_batch_sizes_beyond_the_machines_memory_are_refused_before_allocating(n: int) -> None:
    with pytest.raises(cr.SetupError, match=r"more than the .* of memory .* at most [\d,]+ games"):
        CrampsBatch(n)


def test_the_memory_bound_is_bytes_per_game_times_games(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardrules.batch import checks
    from cardrules.batch.cramps import BYTES_PER_GAME

    monkeypatch.setattr(checks, "memory_limit", lambda: 10 * BYTES_PER_GAME + 1)
    assert CrampsBatch(10, seed=1).n == 10
    with pytest.raises(cr.SetupError, match="at most 10 games fit"):
        CrampsBatch(11, seed=1)
    with pytest.raises(cr.SetupError, match="at most 10 games fit"):
        CrampsBatch.from_state(cr.Cramps().new_game(seed=1), 11)


@pytest.mark.parametrize("bad", [5, "seed", random.Random(1), np.random.RandomState(1)])
def test_random_generators_that_are_not_numpy_generators(bad: Any) -> None:
    batch = CrampsBatch(2, seed=1)
    with pytest.raises(cr.SetupError, match=r"rng must be a numpy.random.Generator"):
        batch.random_actions(bad)
    with pytest.raises(cr.SetupError, match=r"rng must be a numpy.random.Generator"):
        batch.play_out_rounds(bad)
    assert batch.random_actions(np.random.default_rng(3)).shape == (2,)


def test_arguments_numpy_cannot_read_get_the_librarys_errors() -> None:
    batch = CrampsBatch(2, seed=1)
    ragged: Any = [[0], [1, 2]]
    with pytest.raises(cr.SetupError, match="seats must be 2 ints"):
        batch.observations(ragged)
    with pytest.raises(cr.IllegalMoveError, match="active must be 2 booleans"):
        batch.step(batch.random_actions(), ragged)
    with pytest.raises(cr.IllegalMoveError, match="actions must be 2 integer move ids"):
        batch.step(ragged)
    with pytest.raises(cr.SetupError, match="games must be 2 booleans"):
        batch.restart(ragged)
    huge = np.array([0, 2**64 - 1], dtype=np.uint64)  # not -1 as an int64
    with pytest.raises(cr.IllegalMoveError, match=r"game 1: 18446744073709551615 is not a move"):
        batch.step(huge)


def test_options_beyond_64_bit_totals_are_refused() -> None:
    wide = [2**63] + [0] * 12
    with pytest.raises(cr.RulesError, match=r"64-bit ints, up to 9,223,372,036,854,775,807"):
        CrampsBatch(2, game=cr.Cramps(trick_values=wide))
    with pytest.raises(cr.RulesError, match=r"the target \(9223372036854775807\) and"):
        CrampsBatch(2, game=cr.Cramps(target=2**63 - 1))
    assert CrampsBatch(2, game=cr.Cramps(target=2**63 - 31), seed=1).n == 2
