"""Information states and observations written into a caller's buffer:
``InfoState.array(out=...)`` and ``InfoState.observation_array(out=...)`` hold exactly
``float32`` of ``.vector`` and ``.observation``, whatever the buffer held before, and
refuse a buffer they cannot fill."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

import cardrules as cr
from cardrules.encoding import encoder_for

np = pytest.importorskip("numpy")

GAMES = [
    cr.Cramps(),
    cr.Cramps(trick_values=(9,) * 13, queen_points=-4),
    cr.Craits(players=2),
    cr.Craits(players=4, idiot_calls="automatic"),
    cr.Craits(players=7),
    cr.Craits(players=5, decks=2),
]


def _name(game: Any) -> str:
    return f"{game.name}-{game.players}p-{abs(hash(game)) % 1000}"


def _exact(values: list[float]) -> Any:
    return np.array(values, dtype=np.float32)


def _walk(game: Any, seed: int, steps: int) -> Any:
    """Every seat's information states along a seeded random game."""
    chooser = random.Random(seed)
    encoder = encoder_for(game)
    step = game.start(seed=seed)
    infos = encoder.info_states(step.state)
    yield infos
    for _ in range(steps):
        if step.state.is_over:
            return
        step = game.step(step.state, chooser.choice(game.legal_moves(step.state)))
        infos = encoder.after(infos, step)
        yield infos


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_every_seat_every_step_into_one_reused_buffer(game: Any) -> None:
    encoder = encoder_for(game)
    history = np.full(encoder.info_state_size, 7.0, dtype=np.float32)  # stale values
    seen = np.full(encoder.observation_size, -3.0, dtype=np.float32)
    for seed in (1, 2):
        for infos in _walk(game, seed, 120):
            for info in infos:
                assert info.array(out=history) is history
                assert np.array_equal(history, _exact(info.vector))
                assert info.observation_array(out=seen) is seen
                assert np.array_equal(seen, _exact(info.observation))


@pytest.mark.parametrize("game", GAMES[:3], ids=_name)
def test_new_arrays_and_strided_buffers(game: Any) -> None:
    encoder = encoder_for(game)
    size = encoder.info_state_size
    wide = np.full(2 * size, 5.0, dtype=np.float32)
    strided = wide[::2]  # every other entry: not contiguous
    for infos in _walk(game, 3, 120):
        info = infos[0]
        fresh = info.array()
        assert fresh.dtype == np.float32 and fresh.shape == (size,)
        assert np.array_equal(fresh, _exact(info.vector))
        info.array(out=strided)
        assert np.array_equal(strided, fresh)
        assert (wide[1::2] == 5.0).all()  # the entries between are left alone
        observation = info.observation_array()
        assert np.array_equal(observation, _exact(info.observation))


def test_scores_of_any_size_are_written_as_the_vector_holds_them() -> None:
    game = cr.Cramps()
    encoder = encoder_for(game)
    state = game.new_game(seed=2, scores=[10**15, -(10**14), 3, 0], round_number=9)
    buffer = np.zeros(encoder.info_state_size, dtype=np.float32)
    for seat, info in enumerate(encoder.info_states(state)):
        info.array(out=buffer)
        assert np.array_equal(buffer, _exact(info.vector)), seat


@pytest.mark.parametrize(
    ("make", "what"),
    [
        (lambda size: np.zeros(size - 1, dtype=np.float32), "shape"),
        (lambda size: np.zeros(size, dtype=np.float64), "float64"),
        (lambda size: np.zeros((1, size), dtype=np.float32), "shape"),
        (lambda size: [0.0] * size, "list"),
    ],
)
def test_a_buffer_that_cannot_be_filled_is_refused(make: Any, what: str) -> None:
    encoder = encoder_for(cr.Cramps())
    info = encoder.info_state(encoder.game.new_game(seed=1), seat=0)
    with pytest.raises(cr.RulesError, match="out must be a writable 1-D NumPy float32") as refused:
        info.array(out=make(encoder.info_state_size))
    assert what in str(refused.value)
    with pytest.raises(cr.RulesError, match="observation_size"):
        info.observation_array(out=np.zeros(encoder.info_state_size, dtype=np.float32))


def test_a_read_only_buffer_is_refused() -> None:
    encoder = encoder_for(cr.Craits(players=3))
    info = encoder.info_state(encoder.game.new_game(seed=1), seat=1)
    frozen = np.zeros(encoder.info_state_size, dtype=np.float32)
    frozen.flags.writeable = False
    with pytest.raises(cr.RulesError, match="writable"):
        info.array(out=frozen)


def test_an_encoder_that_wrote_arrays_still_copies_and_pickles_as_itself() -> None:
    encoder = encoder_for(cr.Craits(players=4))
    info = encoder.info_state(encoder.game.new_game(seed=5), seat=2)
    info.array()  # the encoder now keeps its NumPy writer
    assert copy.copy(encoder) is encoder and copy.deepcopy(encoder) is encoder
    assert pickle.loads(pickle.dumps(encoder)) is encoder
    again = pickle.loads(pickle.dumps(info))
    assert np.array_equal(again.array(), info.array())
