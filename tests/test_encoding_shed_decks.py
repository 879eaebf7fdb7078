"""The shedding family's encoder on declared decks (layout ``shedding/2``): the test
games of tests/test_shedding_decks.py (UNO's 108 cards with colours, faces and wilds;
two French decks with jokers) get card fields of the deck's own size holding copies as
counts, the deck's suits, the face to match, trackers whose step-by-step rows equal
fresh rows, information states whose arrays equal their lists, encodings that never
tell another seat's cards nor which copy a seat holds; then PettingZoo's api_test,
Gymnasium's check_env and OpenSpiel's random_sim_test on them.

The hosts' tests are skipped where a host is not installed, unless
CARDRULES_REQUIRE_HOSTS=1 (CI).
"""

from __future__ import annotations

import os
import random
import warnings
from typing import Any

import attrs
import numpy as np
import pytest

import cardrules as cr
from cardrules.decks import UNO_108
from cardrules.encoding import SheddingEncoder, encoder_for
from cardrules.encoding.arrays import ObservationArrays
from cardrules.shedding.core import Action, faces_of
from swap_worlds import encodings_shown, steps_from
from test_encoding_layouts import fingerprint
from test_shedding_decks import Colours, JokerEights


@attrs.frozen
class ColoursHosted(Colours):
    """Colours under a registered name (the hosts load games by name)."""

    name = "test_shed_decks_colours"


@attrs.frozen
class JokersHosted(JokerEights):
    """JokerEights under a registered name."""

    name = "test_shed_decks_jokers"


GAMES = [ColoursHosted(), JokersHosted(), ColoursHosted(players=2)]
IDS = ["colours", "jokers", "colours-2p"]

# The layouts' fingerprints (see tests/test_encoding_layouts.py): a change needs a new
# version, then a new pin here.
PINNED = {
    "colours": ("shedding/2", "5b57a979249af79b"),
    "jokers": ("shedding/2", "8fda5a7f72e5a633"),
    "colours-2p": ("shedding/2", "a57892321fb0a5f5"),
}


def _need(module: str) -> Any:
    try:
        return __import__(module, fromlist=["_"])
    except ImportError:
        if os.environ.get("CARDRULES_REQUIRE_HOSTS") == "1":
            raise
        pytest.skip(f"{module} is not installed")


def _on(values: list[float]) -> list[int]:
    return [i for i, value in enumerate(values) if value]


# -- the layout ----------------------------------------------------------------------


@pytest.mark.parametrize(("game", "name"), list(zip(GAMES, IDS, strict=True)), ids=IDS)
def test_the_layout_is_versioned_and_pinned(game: Any, name: str) -> None:
    encoder = encoder_for(game)
    assert type(encoder) is SheddingEncoder
    assert (encoder.layout, fingerprint(encoder)) == PINNED[name]
    assert encoder_for(cr.CrazyEights()).layout == "shedding/1"  # (the French keep 1)
    assert encoder_for(cr.Craits(players=3, decks=2)).layout == "shedding/1"


def test_the_card_fields_have_the_decks_size() -> None:
    colours, jokers = SheddingEncoder(GAMES[0]), SheddingEncoder(GAMES[1])
    faces = len(faces_of(UNO_108)[0])
    assert (colours.kinds, jokers.kinds, faces) == (54, 53, 15)
    for name, colours_size, jokers_size in (
        ("hand", 54, 53),
        ("discard", 54, 53),
        ("top", 54, 53),
        ("suit", 4, 4),
        ("face", 15, 14),  # (UNO: ten numbers, skip, reverse, draw two, two wilds)
        ("dealt", 54, 53),
        ("drawn", 54, 53),
        ("played", 3 * 54, 2 * 53),
    ):
        assert (colours.field(name).size, jokers.field(name).size) == (colours_size, jokers_size)
    assert colours.field("hand").high == 4  # (UNO's wilds: four copies)
    assert jokers.field("hand").high == 2


@pytest.mark.parametrize("game", GAMES[:2], ids=IDS[:2])
def test_cards_are_counted_and_the_table_is_one_hot(game: Any) -> None:
    encoder = encoder_for(game)
    deck = game.card_deck
    faces = faces_of(deck)[1]
    pick = random.Random(4)
    state = game.new_game(seed=4)
    held_twice = False
    for _ in range(60):
        if state.is_over:
            break
        for seat in range(game.players):
            view = game.observe(state, seat)
            seen = encoder.observation(view)
            hand = encoder.field("hand").of(seen)
            assert hand == [float(n) for n in deck.counts(view.hand)]
            held_twice |= max(hand) > 1
            pile = encoder.field("discard").of(seen)
            assert pile == [float(n) for n in deck.counts(view.discard)]
            top = [] if view.top is None else [int(view.top)]
            assert _on(encoder.field("top").of(seen)) == top
            assert _on(encoder.field("suit").of(seen)) == [int(view.suit)]
            assert _on(encoder.field("face").of(seen)) == [view.face]
            top_card = view.top
            if top_card is not None and state.card_lookup.action_of[top_card] != Action.WILD:
                assert view.face == faces[top_card]
        state = game.apply(state, pick.choice(game.legal_moves(state)))
    assert held_twice


# -- trackers and information states ---------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_step_by_step_rows_equal_fresh_rows(game: Any) -> None:
    encoder = encoder_for(game)
    for seed in (1, 2):
        pick = random.Random(seed)
        state = game.start(seed=seed).state
        arrays = ObservationArrays(encoder, state)
        infos = encoder.info_states(state)
        for _ in range(80 if seed == 1 else 30):
            step = game.step(state, pick.choice(game.legal_moves(state)))
            arrays.update(step)
            infos = encoder.after(infos, step)
            state = step.state
            for seat in range(game.players):
                listed = encoder.observation(game.observe(state, seat))
                assert np.array_equal(arrays.observation(seat), np.asarray(listed, np.float32))
                info = infos[seat]
                assert info.vector[: encoder.observation_size] == listed
                out = np.empty(encoder.info_state_size, np.float32)
                assert np.array_equal(info.array(out=out), np.asarray(info.vector, np.float32))
                assert all(
                    low <= value <= high
                    for value, low, high in zip(
                        info.vector, encoder.info_low, encoder.info_high, strict=True
                    )
                )
            if state.is_over:
                break


def test_the_history_counts_each_seats_plays_and_draws() -> None:
    game = GAMES[0]
    encoder = encoder_for(game)
    deck = game.card_deck
    pick = random.Random(7)
    step = game.start(seed=7)
    infos = encoder.info_states(step.state)
    played: list[list[Any]] = [[] for _ in range(game.players)]
    drawn = 0
    while len(played[0]) < 4 and not step.state.is_over:
        step = game.step(step.state, pick.choice(game.legal_moves(step.state)))
        infos = encoder.after(infos, step)
        for event in step.events:
            if isinstance(event, cr.CardPlayed):
                played[event.seat].append(event.card)
            drawn += getattr(event, "count", 0) if event.seat == 1 else 0  # type: ignore[attr-defined]
    vector = infos[1].vector
    blocks = encoder.field("played").of(vector)
    for k in range(game.players):
        seat = (1 + k) % game.players
        block = blocks[54 * k : 54 * (k + 1)]
        assert block == [float(n) for n in deck.counts(played[seat])], seat
    assert sum(encoder.field("drawn").of(vector)) == drawn


# -- secrets: two worlds a seat cannot tell apart ----------------------------------------


@pytest.mark.parametrize("game", [GAMES[0], GAMES[1]], ids=IDS[:2])
def test_a_seat_is_shown_the_same_for_two_deals_it_cannot_tell_apart(game: Any) -> None:
    # World B deals a card of seat 1 and the stock's bottom card the other way round;
    # seat 0 gets the same encodings while seat 1 plays other cards (moves legal in
    # both worlds).
    dealt = game.new_game(seed=5)
    hands = [list(hand) for hand in dealt.hands]
    stock = [*dealt.discard, *dealt.table.stock]  # (the first card is turned up)
    y = stock[-1]
    x = next(card for card in hands[1] if card != y)
    one = game.new_game(seed=5, hands=hands, stock=stock)
    hands[1][hands[1].index(x)], stock[-1] = y, x
    two = game.new_game(seed=5, hands=hands, stock=stock)
    assert one.hands[1] != two.hands[1] and one.hands[0] == two.hands[0]
    pick = random.Random(3)
    moves: list[Any] = []
    a, b = one, two
    while len(moves) < 40 and not a.is_over:
        legal = [
            move
            for move in game.legal_moves(a)
            if move in game.legal_moves(b) and getattr(move, "card", None) not in (x, y)
        ]
        if not legal:
            break
        moves.append(pick.choice(legal))
        a, b = game.apply(a, moves[-1]), game.apply(b, moves[-1])
    assert len(moves) > 8
    world_a, world_b = steps_from(game, one, moves), steps_from(game, two, moves)
    assert encodings_shown(game, world_a, 0) == encodings_shown(game, world_b, 0)
    # (seat 1's own hand differs)
    assert encodings_shown(game, world_a, 1) != encodings_shown(game, world_b, 1)


# -- the hosts ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES[:2], ids=IDS[:2])
def test_pettingzoo_api_test(game: Any) -> None:
    _need("pettingzoo")
    from pettingzoo.test import api_test

    from cardrules.hosts.pettingzoo import CardGameEnv

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about observation styles, not failures
        api_test(CardGameEnv(game), num_cycles=200)
    env = CardGameEnv(game)
    env.reset(seed=3)
    agent = env.agent_selection
    seat = env.agents.index(agent)
    wanted = encoder_for(game).observation(game.observe(env.table.state, seat))
    assert np.array_equal(env.observe(agent)["observation"], np.array(wanted, np.float32))
    assert env.metadata["layout"] == "shedding/2"


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("game", GAMES[:2], ids=IDS[:2])
def test_gymnasium_check_env(game: Any) -> None:
    _need("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from cardrules.hosts.gymnasium import CardGameSoloEnv

    env = CardGameSoloEnv(game, seat=1)
    check_env(env, skip_render_check=True)
    assert env.observation_space.shape == (encoder_for(game).observation_size,)


@pytest.mark.parametrize("game", GAMES[:2], ids=IDS[:2])
def test_openspiel_random_sim_test_with_serialization(game: Any) -> None:
    pyspiel = _need("pyspiel")
    from cardrules.hosts import openspiel as hosted

    loaded = hosted.load_game(game, max_game_length=150)  # (a long game costs seconds)
    assert loaded.information_state_tensor_shape() == [encoder_for(game).info_state_size]
    assert loaded.observation_tensor_shape() == [encoder_for(game).observation_size]
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)
