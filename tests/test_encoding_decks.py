"""The trick family's encoder on declared decks (layout ``tricks/2``): the
Doppelkopf-like and Tarot-like test games of tests/test_decks_tricks.py get card
fields of the deck's own size, a field per copy (Doppelkopf's two of each card), the
deck's suits (Tarot's trumps a suit of their own, no void of the Excuse's), trackers
whose step-by-step rows equal fresh rows, observations that never tell another seat's
cards nor which copy a seat holds; then PettingZoo's api_test, Gymnasium's check_env
and OpenSpiel's random_sim_test on both games.

The hosts' tests are skipped where a host is not installed, unless
CARDRULES_REQUIRE_HOSTS=1 (CI).
"""

from __future__ import annotations

import os
import random
import warnings
from typing import Any

import numpy as np
import pytest

import cardrules as cr
from cardrules.decks import DOPPELKOPF_48, TAROT_78
from cardrules.encoding import TrickEncoder, encoder_for
from cardrules.encoding.arrays import ObservationArrays
from cardrules.tricks.engine import TrickState
from cardrules.values import with_slots
from swap_worlds import encodings_shown, steps_from
from test_decks_tricks import DOKO, TAROT, DokoThree
from test_encoding_layouts import fingerprint

GAMES = [DOKO, TAROT]
IDS = ["doppelkopf", "tarot"]

# The layouts' fingerprints (sizes, fields' names, places, sizes and bounds; see
# tests/test_encoding_layouts.py): a change needs a new version, then a new pin here.
PINNED = {
    "test_decks_doko": ("tricks/2", "b63cb06f2de25f6e"),
    "test_decks_tarot": ("tricks/2", "aa8315d331df3a4a"),
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


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_layout_is_versioned_and_pinned(game: Any) -> None:
    encoder = encoder_for(game)
    assert type(encoder) is TrickEncoder
    assert (encoder.layout, fingerprint(encoder)) == PINNED[game.name]
    assert encoder_for(cr.Hearts()).layout.startswith("tricks/1+")  # (the French keep 1)


def test_the_card_fields_have_the_decks_size_and_a_block_per_copy() -> None:
    doko, tarot = TrickEncoder(DOKO), TrickEncoder(TAROT)
    # Doppelkopf's cards are the French ones, twice: 52 entries a card, a block a copy.
    assert (doko.kinds, doko.card_width, tarot.kinds, tarot.card_width) == (52, 104, 78, 78)
    for name, doko_size, tarot_size in (
        ("hand", 104, 78),
        ("trick", 4 * 52, 4 * 78),
        ("taken", 4 * 104, 4 * 78),
        ("turned_up", 52, 78),
        ("trump", 4, 5),  # (Tarot's trumps: suit 4)
        ("voids", 4 * 5, 4 * 5),  # (Doppelkopf's declared trumps; Tarot's five suits)
        ("trick_number", 12, 19),
        ("dealt", 104, 78),
        ("played_by", 4 * 104, 4 * 78),
        ("played_in", 12 * 104, 19 * 78),
    ):
        assert (doko.field(name).size, tarot.field(name).size) == (doko_size, tarot_size), name
    assert doko.field("trump_cards").size == 52  # (a card order's trumps, by card)


def test_two_equal_cards_fill_the_first_copys_block_then_the_second() -> None:
    game = DokoThree()
    encoder = encoder_for(game)
    deck = DOPPELKOPF_48
    state = game.position(["10H 10H 9C", "AC AC KS", "AS KS 9S", "JD 9S 9D"], leader=1)
    seen = encoder.observation(game.observe(state, 0))
    ten, nine, ace = deck.parse("10H"), deck.parse("9C"), deck.parse("AC")
    assert _on(encoder.field("hand").of(seen)) == [nine, ten, ten + 52]
    first = deck.parse_cards("AC AS 9D 9C")  # seats 2 and 3 show out of clubs; 9♦ trumps
    second = deck.parse_cards("JD 10H AC KS")  # seat 3 leads a trump; the ♥10 wins
    for card in (*first, *second):
        state = game.apply(state, cr.Play(card))
    assert [winner for _, _, winner in state.trick_records] == [3, 0]
    info = encoder.info_state(state, 0)
    seen = info.observation
    assert _on(encoder.field("hand").of(seen)) == [ten]  # (one ♥10 left: the first block)
    # Seats 2 and 3 out of clubs, seats 1 and 2 out of the declared trumps (entry 4).
    assert _on(encoder.field("voids").of(seen)) == [1 * 5 + 4, 2 * 5 + 0, 2 * 5 + 4, 3 * 5 + 0]
    taken = encoder.field("taken").of(seen)
    assert _on(taken[:104]) == sorted(second) and _on(taken[3 * 104 :]) == sorted(first)
    played_by = encoder.field("played_by").of(info.vector)
    assert _on(played_by[:104]) == [nine, ten]
    assert _on(played_by[104:208]) == [ace, ace + 52]  # seat 1 played both A♣
    played_in = encoder.field("played_in").of(info.vector)
    assert _on(played_in[:104]) == sorted(first) and _on(played_in[104:208]) == sorted(second)
    assert _on(encoder.field("dealt").of(info.vector)) == [nine, ten, ten + 52]


def test_the_excuse_led_shows_no_void_and_the_trumps_are_suit_4() -> None:
    encoder = encoder_for(TAROT)
    deck = TAROT_78
    state = TAROT.position(["Ex 3♣", "2T 5♣", "K♠ 6♣", "1T 7♣"], leader=0)
    seen = encoder.observation(TAROT.observe(state, 0))
    assert _on(encoder.field("trump").of(seen)) == [4]
    assert _on(encoder.field("hand").of(seen)) == sorted([deck.parse("3♣"), deck.parse("Ex")])
    for card in ("Ex", "2T", "K♠", "1T"):  # (nobody can follow the Excuse)
        state = TAROT.apply(state, cr.Play(deck.parse(card)))
    assert state.trick_records[-1][1][0] == deck.parse("Ex")
    for seat in range(4):
        seen = encoder.observation(TAROT.observe(state, seat))
        assert not any(encoder.field("voids").of(seen))
        assert sum(encoder.field("taken").of(seen)) == 4


# -- trackers and information states ---------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_step_by_step_rows_equal_fresh_rows(game: Any) -> None:
    encoder = encoder_for(game)
    for seed in (1, 2):
        pick = random.Random(seed)
        state = game.start(seed=seed).state
        arrays = ObservationArrays(encoder, state)
        infos = encoder.info_states(state)
        for number in range(60 if seed == 1 else 24):
            step = game.step(state, pick.choice(game.legal_moves(state)))
            arrays.update(step)
            infos = encoder.after(infos, step)
            state = step.state
            for seat in range(game.players):
                view = game.observe(state, seat)
                listed = encoder.observation(view)
                fresh = np.asarray(listed, np.float32)
                _check_counts(encoder, view, state, listed)
                assert np.array_equal(arrays.observation(seat), fresh), (seed, seat)
                info = infos[seat]
                assert info.vector[: encoder.observation_size] == listed
                assert seat != 0 or info.vector == encoder.info_state(state, seat).vector
                out = np.empty(encoder.info_state_size, np.float32)
                assert np.array_equal(info.array(out=out), np.asarray(info.vector, np.float32))
                assert number % 8 or all(
                    low <= value <= high
                    for value, low, high in zip(
                        info.vector, encoder.info_low, encoder.info_high, strict=True
                    )
                )
            if state.is_over:
                break


def _check_counts(encoder: Any, view: Any, state: Any, seen: list[float]) -> None:
    """Each card's entries, summed over the copies' blocks, count it in the hand and
    in each seat's taken cards."""
    kinds, width, seat = encoder.kinds, encoder.card_width, view.seat

    def counts(entries: list[float]) -> list[float]:
        return [sum(entries[card::kinds]) for card in range(kinds)]

    assert counts(encoder.field("hand").of(seen)) == list(encoder._deck.counts(view.hand))
    taken = encoder.field("taken").of(seen)
    for k in range(encoder.players):
        won = state.taken[(seat + k) % encoder.players]
        block = taken[k * width : (k + 1) * width]
        assert counts(block) == list(encoder._deck.counts(won))


# -- secrets: two worlds a seat cannot tell apart ----------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_seat_is_shown_the_same_for_two_deals_it_cannot_tell_apart(game: Any) -> None:
    # World B deals a card of seat 1 and one of seat 2 the other way round (cards of
    # one suit, so the same plays stay legal); seat 0 and seat 3 get the same
    # encodings until one of the two is played.
    order = list(game.deck())
    one = game.new_game(seed=6, deck=order)
    hands = one.hands
    suit_of = game.suit_table(game.trump_of(one)).suit_of
    x, y = next(
        (x, y)
        for x in hands[1]
        for y in hands[2]
        if suit_of[x] == suit_of[y] and x != y and x not in hands[2] and y not in hands[1]
    )
    i, j = order.index(x), order.index(y)
    order[i], order[j] = y, x
    two = game.new_game(seed=6, deck=order)
    assert one.hands[1] != two.hands[1] and one.hands[0] == two.hands[0]
    pick = random.Random(3)
    moves: list[Any] = []
    state = one
    while len(moves) < 30:
        legal = [m for m in game.legal_moves(state) if m.card not in (x, y)]
        if not legal:
            break
        moves.append(pick.choice(legal))
        state = game.apply(state, moves[-1])
    assert len(moves) > 8
    world_a, world_b = steps_from(game, one, moves), steps_from(game, two, moves)
    for seat in (0, 3):
        assert encodings_shown(game, world_a, seat) == encodings_shown(game, world_b, seat), seat
    # (seat 1's own hand differs)
    assert encodings_shown(game, world_a, 1) != encodings_shown(game, world_b, 1)


def test_which_copy_a_seat_holds_is_in_no_encoding() -> None:
    game = DokoThree()
    one = game.new_game(seed=1)

    def swap(mask: int) -> int:  # every card's first copy for its second, and back
        return (mask & (1 << 52) - 1) << 52 | mask >> 52

    deal = with_slots(one._deal, _dealt=tuple(map(swap, one._deal._dealt)))
    two: TrickState = with_slots(one, _deal=deal, _left=swap(one._left))  # type: ignore[assignment]
    assert one.hands == two.hands and one != two
    moves = []
    state = one
    for _ in range(8):
        moves.append(game.legal_moves(state)[-1])
        state = game.apply(state, moves[-1])
    world_a, world_b = steps_from(game, one, moves), steps_from(game, two, moves)
    for seat in range(4):
        assert encodings_shown(game, world_a, seat) == encodings_shown(game, world_b, seat), seat


# -- the hosts ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=IDS)
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
    assert env.metadata["layout"] == "tricks/2"


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_gymnasium_check_env(game: Any) -> None:
    _need("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from cardrules.hosts.gymnasium import CardGameSoloEnv

    env = CardGameSoloEnv(game, seat=1)
    check_env(env, skip_render_check=True)
    assert env.observation_space.shape == (encoder_for(game).observation_size,)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_openspiel_random_sim_test_with_serialization(game: Any) -> None:
    pyspiel = _need("pyspiel")
    from cardrules.hosts import openspiel as hosted

    loaded = hosted.load_game(game)
    assert loaded.information_state_tensor_shape() == [encoder_for(game).info_state_size]
    assert loaded.observation_tensor_shape() == [encoder_for(game).observation_size]
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_openspiel_samples_keep_the_seats_information_and_deal_the_others_afresh(game: Any) -> None:
    _need("pyspiel")
    from cardrules.hosts import openspiel as hosted

    state = hosted.load_game(game).new_initial_state()
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
        assert sample.observation_tensor(player) == state.observation_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
    others = {tuple(sample.position.inner.hands[(player + 1) % 4]) for sample in samples}
    assert len(others) > 1  # (the other hands are dealt afresh)
