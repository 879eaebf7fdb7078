"""A shedding game with phases of its own (Stake Eights, tests/test_shedding_phases.py:
a stake phase before the play, with its own move and a payload) through the shedding
family's encoder: its layout has an ``own_phase`` entry that Craits' and Crazy Eights'
have not, set in the game's phase in place of the engine's ``phase`` one-hot; its
observations, information states and tracker rows (step by step equal to fresh, with a
game field read from the payload) and the PettingZoo host work through whole games."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

import cardrules as cr
from cardrules.encoding import GameField, encoder_for
from cardrules.encoding.arrays import ObservationArrays
from cardrules.encoding.shedparts import has_own_phases, phase_entry
from cardrules.encoding.vectors import to_float32
from cardrules.shedding import Phase
from test_shedding_phases import GAME, Stake, StakeEights


class ShownStakes(StakeEights):
    """Stake Eights showing each seat's stake (relative seats, 0 before it stakes)."""

    def encoded_fields(self) -> tuple[GameField, ...]:
        return (GameField("stakes", self.players, self._stakes, "each seat's stake / 3"),)

    def _stakes(self, view: Any) -> list[float]:
        players = self.players
        staked = {(view.dealer + 1 + i) % players: s for i, s in enumerate(view.payload or ())}
        return [staked.get((view.seat + k) % players, 0) / 3 for k in range(players)]


def _bits(array: Any) -> bytes:
    return bytes(np.ascontiguousarray(array, np.float32).view(np.uint32).tobytes())


def test_only_a_game_with_phases_of_its_own_has_the_own_phase_entry() -> None:
    assert has_own_phases(GAME) and not has_own_phases(cr.Craits())
    assert not has_own_phases(cr.CrazyEights())
    names = [field.name for field in encoder_for(GAME).fields]
    assert names[-2:] == ["winners", "own_phase"]
    for game in (cr.Craits(), cr.CrazyEights()):
        assert "own_phase" not in [field.name for field in encoder_for(game).fields]
    with pytest.raises(cr.StateError, match="phases of its own"):
        phase_entry("stake", 10, None)


def test_the_stake_phase_sets_own_phase_and_the_play_the_engines_phase() -> None:
    encoder = encoder_for(GAME)
    phase, own = encoder.field("phase"), encoder.field("own_phase")
    state = GAME.new_game(seed=3)
    values = encoder.observation(GAME.observe(state, 0))
    assert values[own.start] == 1.0 and not any(values[phase.start : phase.stop])
    for points in (3, 1, 2):
        state = GAME.apply(state, Stake(points))
    assert state.phase is Phase.PLAY
    values = encoder.observation(GAME.observe(state, 0))
    assert values[own.start] == 0.0
    assert values[phase.start : phase.stop] == [1.0, 0.0, 0.0, 0.0]


def test_rows_step_by_step_equal_fresh_rows_and_info_states_follow() -> None:
    game = ShownStakes()
    encoder = encoder_for(game)
    assert encoder.layout.endswith("+ShownStakes/1")
    stakes = encoder.field("stakes")
    for seed in range(2):
        chooser = random.Random(seed)
        state = game.new_game(seed=seed)
        arrays = ObservationArrays(encoder, state)
        infos = [encoder.info_state(state, seat) for seat in range(game.players)]
        staked = 0
        while not state.is_over:
            fresh = ObservationArrays(encoder, state)
            for seat in range(game.players):
                got = arrays.observation(seat)
                listed = to_float32(encoder.observation(game.observe(state, seat)))
                assert _bits(got) == _bits(fresh.observation(seat)) == _bits(listed)
                assert infos[seat].observation == encoder.observation(game.observe(state, seat))
                assert len(infos[seat].vector) == encoder.info_state_size
            staked = max(staked, int(np.count_nonzero(got[stakes.start : stakes.stop])))
            step = game.step(state, chooser.choice(game.legal_moves(state)))
            arrays.update(step)
            infos = [info.after(step) for info in infos]
            state = step.state
        assert staked == game.players  # (the stakes were shown as they were made)


def test_the_pettingzoo_host_plays_stake_eights() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from cardrules.hosts.pettingzoo import CardGameEnv

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about observation styles, not failures
        api_test(CardGameEnv(ShownStakes()), num_cycles=200)
    env = CardGameEnv(GAME)
    env.reset(seed=3)
    seat = env.agents.index(env.agent_selection)
    observed = env.observe(env.agent_selection)["observation"]
    assert observed[encoder_for(GAME).field("own_phase").start] == 1.0
    wanted = encoder_for(GAME).observation(GAME.observe(env.table.state, seat))
    assert np.array_equal(observed, np.array(wanted, np.float32))


def test_a_field_the_same_for_every_seat_is_a_flag() -> None:
    field = GameField("values", 2, lambda view: [0.0, 1.0], same_for_every_seat=True)
    assert field.same_for_every_seat
    with pytest.raises(cr.RulesError, match="same_for_every_seat must be True or False"):
        GameField("values", 2, lambda view: [0.0, 1.0], same_for_every_seat="yes")  # type: ignore[arg-type]
