"""A climbing game on a deck with jokers through the climbing encoder and the learning
hosts: ``President(jokers=True)`` plays the French 54, whose card fields are 54 wide
(the 52, then the two jokers, filled first to last); what a seat is shown never tells
another seat's joker from another card; PettingZoo's api_test, Gymnasium's check_env
and OpenSpiel's random_sim_test pass; a doubled deck is refused in words.

The hosts' tests are skipped where a host is not installed, unless
CARDRULES_REQUIRE_HOSTS=1 (CI).
"""

from __future__ import annotations

import os
import random
import warnings
from typing import Any, ClassVar

import attrs
import numpy as np
import pytest

import cardrules as cr
from cardrules.cards import Card
from cardrules.climbing import ClimbingGame, PlayCards
from cardrules.decks import FRENCH_54, Deck
from cardrules.encoding import ClimbingEncoder, encoder_for

AnyGame = cr.Game[Any, Any, Any]
JOKER = FRENCH_54.parse("Jk")
THREE_CLUBS = FRENCH_54.parse("3C")
GAME = cr.President(jokers=True, deals=1)


def _need(module: str) -> Any:
    try:
        return __import__(module, fromlist=["_"])
    except ImportError:
        if os.environ.get("CARDRULES_REQUIRE_HOSTS") == "1":
            raise
        pytest.skip(f"{module} is not installed")


def _on(values: list[float]) -> list[int]:
    return [i for i, value in enumerate(values) if value]


# -- the encoder -------------------------------------------------------------------------


def test_the_card_fields_hold_the_54_cards_and_the_jokers_come_last() -> None:
    encoder = encoder_for(cr.President(jokers=True))
    plain = encoder_for(cr.President())
    assert type(encoder) is ClimbingEncoder and encoder.layout == plain.layout
    for name in ("hand", "played", "table", "dealt", "given", "received"):
        assert (encoder.field(name).size, plain.field(name).size) == (54, 52), name
    assert encoder.field("played_by").size == 4 * 54
    assert encoder.observation_size == plain.observation_size + 5 * 2  # (five card fields)
    state = GAME.position(["Jk 3C", "2S 4D", "KC KD", "5C"], to_move=1, table="Jk", table_seat=0)
    seen = encoder.observation(GAME.observe(state, 0))
    assert _on(encoder.field("hand").of(seen)) == [1, 52]  # (3♣, one joker: the first entry)
    assert _on(encoder.field("table").of(seen)) == [52]
    assert _on(encoder.field("played").of(seen)) == [52]
    state = GAME.position(["Jk Jk 3C", "2S 4D", "KC KD", "5C"], to_move=0)
    assert _on(encoder.field("hand").of(encoder.observation(GAME.observe(state, 0)))) == [
        1,
        52,
        53,
    ]


def test_information_states_follow_the_views_with_each_joker_played_where_it_went() -> None:
    encoder = encoder_for(GAME)
    start = GAME.start(seed=4)
    infos = encoder.info_states(start.state)
    state = start.state
    rng = random.Random(4)
    jokers_played = [0] * 4
    for _ in range(300):
        if state.is_over:
            break
        move = rng.choice(GAME.legal_moves(state))
        if type(move) is PlayCards and move.cards == (JOKER,):
            jokers_played[state.to_move or 0] += 1
        step = GAME.step(state, move)
        infos = encoder.after(infos, step)
        state = step.state
        for seat, info in enumerate(infos):
            view = GAME.observe(state, seat)
            observation = encoder.observation(view)
            assert info.observation == observation
            assert all(
                low <= value <= high
                for value, low, high in zip(
                    info.vector, encoder.info_low, encoder.info_high, strict=True
                )
            )
            hand = encoder.field("hand").of(observation)
            assert _on(hand[:52]) == sorted(c for c in view.hand if type(c) is Card)
            jokers = view.hand.count(JOKER)
            assert hand[52:] == [1.0] * jokers + [0.0] * (2 - jokers)
            played_by = encoder.field("played_by").of(info.vector)
            for k in range(4):  # (block k: the seat k places after this one)
                block = played_by[k * 54 : (k + 1) * 54]
                assert sum(block[52:]) == jokers_played[(seat + k) % 4]
    assert state.is_over and sum(jokers_played) == 2


@attrs.frozen
class _Doubled(ClimbingGame):
    """A climbing game on two French decks: no encoding."""

    name: ClassVar[str] = "doubled_climb"
    players: ClassVar[int] = 4

    def card_deck(self) -> Deck | None:
        return Deck.french(copies=2, name="Double")


def test_a_doubled_deck_is_refused_naming_the_doubled_card() -> None:
    with pytest.raises(cr.RulesError, match=r"each French card once .* holds 2♣ 2 times"):
        encoder_for(_Doubled())


# -- secrets -----------------------------------------------------------------------------


def _worlds(seed: int) -> tuple[list[cr.Step[Any]], list[cr.Step[Any]], int, int] | None:
    """Two first deals of ``GAME`` that differ in one card: in world B seat 2's joker is
    with seat 3 and a card ``x`` of seat 3's with seat 2; the same random moves (from
    ``seed``) in both, none of seat 2's or 3's naming ``x`` or a joker (up to a turn
    where one of them has no other move, or the deal's end). Each world's
    steps (the first one the deal's start), or ``None`` if the deal gives seat 2 no
    joker and seat 3 none."""
    hands = list(GAME.new_game(seed=seed).hand_masks)
    # (Not 3♣, whose holder leads the first deal: a thing every seat sees.)
    x = [card for card in GAME.cards_of_mask(hands[3]) if card not in (JOKER, THREE_CLUBS)][-1]
    if JOKER not in GAME.cards_of_mask(hands[2]) or JOKER in GAME.cards_of_mask(hands[3]):
        return None
    joker_bits = GAME.bits_of((JOKER,), hands[2])
    x_bits = GAME.bits_of((x,), hands[3])
    assert joker_bits is not None and x_bits is not None
    other = hands.copy()
    other[2] = hands[2] & ~joker_bits | x_bits
    other[3] = hands[3] & ~x_bits | joker_bits
    worlds: list[list[cr.Step[Any]]] = []
    moves: list[Any] = []
    for world, dealt in enumerate((hands, other)):
        events: list[cr.Event] = []
        state = GAME.start_deal(1, 0, tuple(dealt), (0,) * 4, 7, (), events)
        steps = [cr.Step(state, tuple(events))]
        rng = random.Random(seed)
        for number in range(200):
            if world == 1:
                if number == len(moves):
                    break
                move = moves[number]
            else:
                legal = list(GAME.legal_moves(state))
                if state.to_move in (2, 3):  # (moves naming neither card, while there are)
                    legal = [m for m in legal if not {x, JOKER} & set(getattr(m, "cards", ()))]
                if state.is_over or not legal:
                    break
                move = rng.choice(legal)
                moves.append(move)
            step = GAME.step(state, move)
            steps.append(step)
            state = step.state
        worlds.append(steps)
    return worlds[0], worlds[1], x, len(moves)


def _shown(steps: list[cr.Step[Any]], seat: int) -> list[Any]:
    """What ``seat`` is shown after each step: its view, the events as it may know
    them, the encoder's observation, information state (vector and text) and legal
    mask."""
    encoder = encoder_for(GAME)
    info = encoder.info_state(steps[0].state, seat)
    shown = []
    for number, step in enumerate(steps):
        if number:
            info = info.after(step)
        told = cr.events_for(step.events, seat)
        view = GAME.observe(step.state, seat)
        shown.append(
            (
                repr(view),
                str(view),
                [repr(event) for event in told],
                [event.describe(seat) for event in told],
                encoder.observation(view),
                info.vector,
                info.text,
                encoder.legal_mask(step.state, seat=seat),
            )
        )
    return shown


def test_a_joker_swapped_with_another_seats_card_changes_nothing_a_seat_is_shown() -> None:
    compared = 0
    for seed in range(40):
        found = _worlds(seed)
        if found is None:
            continue
        world_a, world_b, x, moves = found
        if moves < 30:
            continue
        for seat in (0, 1):
            assert _shown(world_a, seat) == _shown(world_b, seat), f"seat {seat} told Jk from {x}"
        assert _shown(world_a, 2) != _shown(world_b, 2)  # (its own hand differs)
        assert _shown(world_a, 3) != _shown(world_b, 3)
        compared += 1
        if compared == 2:
            return
    pytest.fail("no two worlds to compare")


# -- the hosts ---------------------------------------------------------------------------


def test_pettingzoo_api_test() -> None:
    _need("pettingzoo")
    from pettingzoo.test import api_test

    from cardrules.hosts.pettingzoo import CardGameEnv

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about observation styles, not failures
        api_test(CardGameEnv(GAME), num_cycles=300)
    env = CardGameEnv(GAME)
    env.reset(seed=3)
    agent = env.agent_selection
    seat = env.agents.index(agent)
    wanted = encoder_for(GAME).observation(GAME.observe(env.table.state, seat))
    assert np.array_equal(env.observe(agent)["observation"], np.array(wanted, np.float32))
    assert len(wanted) == encoder_for(GAME).observation_size


@pytest.mark.filterwarnings("error")
def test_gymnasium_check_env() -> None:
    _need("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from cardrules.hosts.gymnasium import CardGameSoloEnv

    env = CardGameSoloEnv(GAME, seat=1)
    check_env(env, skip_render_check=True)
    assert env.observation_space.shape == (encoder_for(GAME).observation_size,)


def test_openspiel_random_sim_test_with_serialization() -> None:
    pyspiel = _need("pyspiel")
    from cardrules.hosts import openspiel as hosted

    loaded = hosted.load_game(GAME)
    assert str(loaded).startswith("python_cardrules_president") and "jokers=True" in str(loaded)
    assert pyspiel.load_game(str(loaded)).rules == GAME
    assert loaded.information_state_tensor_shape() == [encoder_for(GAME).info_state_size]
    pyspiel.random_sim_test(loaded, num_sims=2, serialize=True, verbose=False)


def test_openspiel_samples_keep_the_seats_information_and_deal_the_others_afresh() -> None:
    _need("pyspiel")
    from cardrules.hosts import openspiel as hosted

    game = hosted.load_game(GAME)
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    made = 0
    while state.is_chance_node() or made < 12:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
    player = state.current_player()
    resample = hosted.resampler(seed=1)
    samples = [resample(state, player) for _ in range(6)]
    for sample in samples:
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.legal_actions() == state.legal_actions()
    others = {tuple(sample.position.inner.hands[(player + 1) % 4]) for sample in samples}
    assert len(others) > 1  # (the other hands are dealt afresh)
