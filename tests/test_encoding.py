"""Observation encoders and information states (cardrules.encoding).

Checked: the layouts (sizes fixed per rules, fields tiling each vector), the values of
known positions, legal masks against legal moves, information states kept step by step
against the same rebuilt from views and against reference computations written here
from the events, immutability, that nothing hidden from a seat reaches its encodings
(positions redealt with ``determinize`` encode alike), and errors for bad input.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules as cr
from cardrules.encoding import Encoder, Field, InfoState, encoder_for
from cardrules.encoding.text import step_text
from conftest import card, cards, fill_hands, play_cards, stack_deck
from craits_helpers import position

GAMES: list[Any] = [
    cr.Cramps(),
    cr.Cramps(target=11, trick_values=(1,) * 13, queen_points=2),
    cr.Craits(players=2),
    cr.Craits(players=3, short_game=True, idiot_calls="automatic", one_card_deal_announce=True),
    cr.Craits(players=4),
    cr.Craits(players=4, decks=2, idiot_penalty="draw_one"),
    cr.Craits(players=7),
    cr.Craits(players=10, short_game=True),
]


def _id(game: Any) -> str:
    return f"{game.name}{game.players}" + (f"x{game.decks}" if game.name == "craits" else "")


def random_steps(
    game: Any, seed: int, moves: int = 400, chooser_seed: int = 0
) -> Iterator[tuple[Any, Any]]:
    """``(state, step)`` for each move of a random game (at most ``moves``)."""
    chooser = random.Random(chooser_seed)
    state = game.new_game(seed=seed)
    for _ in range(moves):
        if state.is_over:
            return
        step = game.step(state, chooser.choice(game.legal_moves(state)))
        yield state, step
        state = step.state


def field(encoder: Encoder, vector: Sequence[float], name: str) -> list[float]:
    return encoder.field(name).of(vector)


def rel(seat: int, other: int, players: int) -> int:
    return (other - seat) % players


# -- layouts ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_fields_tile_each_vector_with_no_gap_or_overlap(game: Any) -> None:
    encoder = encoder_for(game)
    for fields, size in (
        (encoder.fields, encoder.observation_size),
        (encoder.info_fields, encoder.info_state_size),
    ):
        assert all(isinstance(f, Field) and f.size > 0 and f.description for f in fields)
        assert fields[0].start == 0
        for before, after in itertools.pairwise(fields):
            assert after.start == before.stop
        assert fields[-1].stop == size == sum(f.size for f in fields)
        assert len({f.name for f in fields}) == len(fields)
    assert encoder.info_fields[: len(encoder.fields)] == encoder.fields
    assert len(encoder.observation_low) == len(encoder.observation_high) == encoder.observation_size
    assert len(encoder.info_low) == len(encoder.info_high) == encoder.info_state_size
    assert all(f.low < f.high for f in encoder.info_fields)


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_sizes_are_fixed_for_the_rules(game: Any) -> None:
    encoder = encoder_for(game)
    state = game.new_game(seed=3)
    infos = encoder.info_states(state)
    for _, step in random_steps(game, seed=3, moves=120):
        infos = tuple(info.after(step) for info in infos)
        for seat in range(game.players):
            view = game.observe(step.state, seat)
            assert len(encoder.observation(view)) == encoder.observation_size
            assert len(infos[seat].vector) == encoder.info_state_size
            assert len(infos[seat].observation) == encoder.observation_size
            vector = infos[seat].vector
            assert all(
                low <= x <= high
                for x, low, high in zip(vector, encoder.info_low, encoder.info_high, strict=True)
            ), [
                f.name
                for f in encoder.info_fields
                if not all(f.low <= x <= f.high for x in f.of(vector))
            ]
        assert len(encoder.legal_mask(step.state)) == game.num_move_ids


def test_sizes_of_the_default_games() -> None:
    sizes = {
        _id(g): (encoder_for(g).observation_size, encoder_for(g).info_state_size)
        for g in (cr.Cramps(), cr.Craits(players=2), cr.Craits(players=4), cr.Craits(players=7))
    }
    assert sizes == {
        "cramps4": (593, 1529),
        "craits2x1": (188, 398),
        "craits4x1": (204, 520),
        "craits7x2": (228, 703),
    }


def test_encoders_are_made_once_per_rules() -> None:
    assert encoder_for(cr.Craits(players=5)) is encoder_for(cr.Craits(players=5))
    assert encoder_for(cr.Craits(players=5)) is not encoder_for(cr.Craits(players=6))
    assert encoder_for(cr.Cramps()).game == cr.Cramps()
    assert "TrickEncoder" in repr(encoder_for(cr.Cramps()))  # its family's


# -- known positions: Cramps -------------------------------------------------------------


def test_cramps_observation_of_a_deal() -> None:
    game = cr.Cramps()
    encoder = encoder_for(game)
    state = game.new_game(seed=7, dealer=2)
    for seat in range(4):
        view = game.observe(state, seat)
        obs = encoder.observation(view)
        hand = field(encoder, obs, "hand")
        assert [i for i, x in enumerate(hand) if x] == [int(c) for c in view.hand]
        assert field(encoder, obs, "to_move")[rel(seat, 3, 4)] == 1.0
        assert sum(field(encoder, obs, "to_move")) == 1.0
        assert field(encoder, obs, "dealer") == [
            1.0 if k == rel(seat, 2, 4) else 0.0 for k in range(4)
        ]
        assert field(encoder, obs, "trick_number") == [1.0] + [0.0] * 12
        assert field(encoder, obs, "trick_values") == [v / 7 for v in game.trick_values]
        assert sum(field(encoder, obs, "trick")) == sum(field(encoder, obs, "taken")) == 0
        assert field(encoder, obs, "round_number") == [0.1]


def test_cramps_trick_taken_and_voids_by_relative_seat() -> None:
    game = cr.Cramps()
    encoder = encoder_for(game)
    clubs, diamonds, hearts, spades = (
        [cr.Card(rank, suit) for rank in cr.Rank] for suit in cr.Suit
    )
    hands = (
        clubs[:11] + hearts[11:],  # 2♣ … Q♣, K♥ A♥
        clubs[12:] + diamonds[:12],  # A♣, 2♦ … K♦
        clubs[11:12] + diamonds[12:] + hearts[:11],  # K♣ A♦, 2♥ … Q♥
        spades,
    )
    state = game.new_game(seed=1, hands=hands)  # dealer 0: seat 1 leads
    state, _ = play_cards(game, state, ["AC", "KC"])
    obs = encoder.observation(game.observe(state, 0))
    trick = field(encoder, obs, "trick")
    assert trick[52 * 1 + card("AC")] == 1.0  # seat 1 is one place after seat 0
    assert trick[52 * 2 + card("KC")] == 1.0
    assert sum(trick) == 2
    assert field(encoder, obs, "leader") == [0.0, 1.0, 0.0, 0.0]
    state, _ = play_cards(game, state, ["2S", "2C"])  # seat 3 shows out; AC wins
    for seat in range(4):
        obs = encoder.observation(game.observe(state, seat))
        taken = field(encoder, obs, "taken")
        block = 52 * rel(seat, 1, 4)
        assert sum(taken[block : block + 52]) == 4 and taken[block + card("AC")] == 1.0
        voids = field(encoder, obs, "voids")
        assert voids[4 * rel(seat, 3, 4) + cr.Suit.CLUBS] == 1.0
        assert sum(voids) == 1.0
        assert field(encoder, obs, "trick_number")[1] == 1.0
        assert field(encoder, obs, "trick_values")[:12] == [v / 7 for v in game.trick_values[1:]]
        assert field(encoder, obs, "round_scores") == [0.0] * 4  # trick 1 is worth 0
        assert field(encoder, obs, "to_move")[rel(seat, 1, 4)] == 1.0


def test_cramps_scores_are_divided_by_the_target() -> None:
    game = cr.Cramps(target=20)
    encoder = encoder_for(game)
    state = game.new_game(seed=2, scores=[10, -5, 0, 4])
    obs = encoder.observation(game.observe(state, 1))
    assert field(encoder, obs, "scores") == [-0.25, 0.0, 0.2, 0.5]  # seats 1, 2, 3, 0


# -- known positions: Craits ---------------------------------------------------------------


def test_craits_observation_of_a_position() -> None:
    game = cr.Craits(players=3)
    encoder = encoder_for(game)
    state = game.position(
        ["9H 2C 4C", "KD", "5S 6S"],
        discard="3H JH",
        stock="AS 2S",
        to_move=2,
        direction=-1,
        dealer=1,
        hand_number=4,
        scores=[120, -10, 0],
    )
    view = game.observe(state, 0)
    obs = encoder.observation(view)
    hand = field(encoder, obs, "hand")
    assert {i for i, x in enumerate(hand) if x} == {int(c) for c in cards("9H 2C 4C")}
    assert sum(field(encoder, obs, "discard")) == 2
    assert field(encoder, obs, "top")[card("JH")] == 1.0
    assert field(encoder, obs, "suit") == [0.0, 0.0, 1.0, 0.0]
    assert field(encoder, obs, "direction") == [-1.0]
    assert field(encoder, obs, "stock") == [2 / 52]
    assert field(encoder, obs, "hand_sizes") == [0.3, 0.1, 0.2]
    assert field(encoder, obs, "to_move") == [0.0, 0.0, 1.0]
    assert field(encoder, obs, "dealer") == [0.0, 1.0, 0.0]
    assert field(encoder, obs, "scores") == [1.2, -0.1, 0.0]
    assert field(encoder, obs, "hand_number") == [4 / game.hands_in_game]
    assert field(encoder, obs, "phase") == [1.0, 0.0, 0.0, 0.0]
    assert field(encoder, obs, "count") == field(encoder, obs, "count_on") == [0.0]
    # Seen from seat 2: itself first, then seat 0, then seat 1.
    obs2 = encoder.observation(game.observe(state, 2))
    assert field(encoder, obs2, "hand_sizes") == [0.2, 0.3, 0.1]
    assert field(encoder, obs2, "to_move") == [1.0, 0.0, 0.0]


def test_craits_counts_copies_with_two_decks() -> None:
    game = cr.Craits(players=4, decks=2)
    encoder = encoder_for(game)
    state = game.position(["9H 9H 2C", "KD", "5S", "4C"], discard="9C 9C QC", to_move=0, count=3)
    obs = encoder.observation(game.observe(state, 0))
    assert field(encoder, obs, "hand")[card("9H")] == 2.0
    assert sum(field(encoder, obs, "hand")) == 3.0
    assert field(encoder, obs, "discard")[card("9C")] == 2.0
    assert field(encoder, obs, "count") == [0.3]
    assert field(encoder, obs, "count_on") == [1.0]
    assert field(encoder, obs, "stock") == [0.0]


# -- legal masks ------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_legal_mask_is_the_legal_moves_ids(game: Any) -> None:
    encoder = encoder_for(game)
    steps = list(random_steps(game, seed=5, moves=200))
    # Each position once: the first, then the one after each move.
    for position_ in (steps[0][0], *(step.state for _, step in steps)):
        mask = encoder.legal_mask(position_)
        ids = set(game.legal_move_ids(position_))
        assert mask == [1 if i in ids else 0 for i in range(game.num_move_ids)]
        assert mask == list(game.legal_move_mask(position_))
        for seat in range(game.players):
            seat_ids = {game.move_id(m) for m in game.observe(position_, seat).legal_moves}
            assert encoder.legal_mask(position_, seat) == [
                1 if i in seat_ids else 0 for i in range(game.num_move_ids)
            ]


def test_legal_mask_of_a_seat_holds_its_idiot_calls() -> None:
    game = cr.Craits(players=3)
    encoder = encoder_for(game)
    state = game.position(["9H 2H", "KD 5D", "5S 6S"], discard="JH", to_move=0)
    state = game.apply(state, cr.Play("9H"))  # one card left, not announced
    assert state.exposed == (0,)
    mask = encoder.legal_mask(state, 2)
    assert [i for i, x in enumerate(mask) if x] == [game.move_id(cr.CallIdiot(2, 0))]
    assert sum(encoder.legal_mask(state, 0)) == 0
    assert encoder.legal_mask(state, 1) == list(game.legal_move_mask(state))


# -- information states ----------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_info_state_observation_is_the_view_observation(game: Any) -> None:
    encoder = encoder_for(game)
    infos = encoder.info_states(game.new_game(seed=11))
    for _, step in random_steps(game, seed=11, moves=150, chooser_seed=4):
        infos = tuple(info.after(step) for info in infos)
        for seat, info in enumerate(infos):
            observation = encoder.observation(game.observe(step.state, seat))
            assert info.observation == observation
            assert info.vector[: encoder.observation_size] == observation


def test_cramps_info_state_kept_step_by_step_is_the_one_rebuilt_from_the_view() -> None:
    game = cr.Cramps()
    encoder = encoder_for(game)
    for seed in range(2):
        info = encoder.info_state(game.new_game(seed=seed), seat=seed)
        for _, step in random_steps(game, seed=seed, moves=160, chooser_seed=seed):
            info = info.after(step)
            assert info.vector == encoder.info_state(step.state, seed).vector


def test_cramps_info_history_fields() -> None:
    game = cr.Cramps()
    encoder = encoder_for(game)
    state = game.new_game(seed=9)
    dealt = {seat: set(state.hands[seat]) for seat in range(4)}
    info = encoder.info_state(state, 2)
    plays: list[tuple[cr.Card, int, int]] = []
    for _, step in random_steps(game, seed=9, moves=51):
        info = info.after(step)
        for event in step.events:
            if isinstance(event, cr.CardPlayed):
                plays.append((event.card, event.seat, len(plays) // 4 + 1))
    vector = info.vector
    assert [i for i, x in enumerate(field(encoder, vector, "dealt")) if x] == sorted(
        int(c) for c in dealt[2]
    )
    by = field(encoder, vector, "played_by")
    within = field(encoder, vector, "played_in")
    assert sum(by) == sum(within) == 51
    for played, seat, number in plays:
        assert by[52 * rel(2, seat, 4) + played] == 1.0
        assert within[52 * (number - 1) + played] == 1.0


def _craits_reference(game: Any, seat: int, seed: int, moves: int) -> Iterator[dict[str, Any]]:
    """What the history fields of ``seat`` must hold after each step, worked out from
    the events and the seat's views (not by the encoder's own bookkeeping)."""
    players = game.players
    state = game.new_game(seed=seed)
    hand = Counter(game.observe(state, seat).hand)
    dealt, drawn = Counter(hand), Counter[cr.Card]()
    played = [Counter[cr.Card]() for _ in range(players)]
    draws = [0] * players
    for _, step in random_steps(game, seed=seed, moves=moves, chooser_seed=seed):
        events = list(step.events)
        new_hand = Counter(game.observe(step.state, seat).hand)
        deals = [i for i, e in enumerate(events) if isinstance(e, cr.HandDealt)]
        if deals:
            events = events[deals[-1] + 1 :]
            dealt, drawn = Counter(new_hand), Counter[cr.Card]()
            played = [Counter[cr.Card]() for _ in range(players)]
            draws = [0] * players
        mine = Counter[cr.Card]()
        for event in events:
            if isinstance(event, cr.CardPlayed):
                played[event.seat][event.card] += 1
                if event.seat == seat:
                    mine[event.card] += 1
            elif isinstance(event, cr.CardsDrawn):
                draws[event.seat] += event.count
        if not deals:
            drawn += new_hand - (hand - mine)
        hand = new_hand
        yield {
            "step": step,
            "dealt": dealt,
            "drawn": drawn,
            "played": [played[(seat + k) % players] for k in range(players)],
            "draws": [draws[(seat + k) % players] / 10 for k in range(players)],
        }


def _counts(values: Sequence[float]) -> Counter[cr.Card]:
    return Counter({cr.Card.from_index(i): int(x) for i, x in enumerate(values) if x})


@pytest.mark.parametrize("game", [g for g in GAMES if g.name == "craits"], ids=_id)
def test_craits_info_history_matches_a_reference(game: Any) -> None:
    encoder = encoder_for(game)
    seat = 1
    info = encoder.info_state(game.new_game(seed=6), seat)
    for expected in _craits_reference(game, seat, seed=6, moves=300):
        info = info.after(expected["step"])
        vector = info.vector
        assert _counts(field(encoder, vector, "dealt")) == expected["dealt"]
        assert _counts(field(encoder, vector, "drawn")) == expected["drawn"]
        played = field(encoder, vector, "played")
        for k in range(game.players):
            assert _counts(played[52 * k : 52 * k + 52]) == expected["played"][k]
        assert field(encoder, vector, "draws") == expected["draws"]


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_info_states_asked_often_or_once_agree(game: Any) -> None:
    encoder = encoder_for(game)
    start = game.new_game(seed=8)
    often, once = encoder.info_state(start, 0), encoder.info_state(start, 0)
    shared = encoder.info_states(start)
    for _, step in random_steps(game, seed=8, moves=200):
        often, once = often.after(step), once.after(step)
        shared = encoder.after(shared, step)
        assert often.text and often.vector  # asked at every step
    assert once.text == often.text == shared[0].text
    assert once.vector == often.vector == shared[0].vector
    assert shared[0]._public is shared[1]._public  # one public part for every seat
    assert once.steps == often.steps


def test_info_states_are_immutable() -> None:
    game = cr.Craits(players=4)
    encoder = encoder_for(game)
    state = game.new_game(seed=2)
    info = encoder.info_state(state, 0)
    before = (info.vector, info.text, info.observation, info.steps)
    moves = game.legal_moves(state)
    first = info.after(game.step(state, moves[0]))
    assert (info.vector, info.text, info.observation, info.steps) == before
    if len(moves) > 1:  # two branches from one information state
        second = info.after(game.step(state, moves[-1]))
        assert second.text != first.text
        assert first.text == encoder.info_state(state, 0).after(game.step(state, moves[0])).text
    vector = first.vector
    vector[0] = 99.0
    assert first.vector[0] != 99.0  # each call gives a new list
    with pytest.raises(AttributeError):
        first.seat = 3  # type: ignore[misc]
    assert copy.deepcopy(first) is first
    with pytest.raises(cr.StateError):
        InfoState()


@pytest.mark.parametrize("game", [cr.Cramps(), cr.Craits(players=7)], ids=_id)
def test_info_states_pickle(game: Any) -> None:
    encoder = encoder_for(game)
    info = encoder.info_state(game.new_game(seed=4), 3)
    for _, step in random_steps(game, seed=4, moves=120):
        info = info.after(step)
    again = pickle.loads(pickle.dumps(info))
    assert (again.vector, again.text, again.seat, again.steps) == (
        info.vector,
        info.text,
        info.seat,
        info.steps,
    )
    assert again.encoder is encoder


def test_text_names_the_seat_its_cards_and_every_public_event() -> None:
    game = cr.Craits(players=3, short_game=True)
    encoder = encoder_for(game)
    state = position(game, ["9H 2C 4C", "KD 5D", "5S 6S"], stock="JH AS 2S", dealer=2)
    infos = encoder.info_states(state)
    texts = [info.text for info in infos]
    assert len(set(texts)) == 3
    assert "2♣ 4♣ 9♥" in texts[0] and "9♥" not in texts[1]
    step = game.step(state, cr.Play("9H"))  # seat 0 plays
    infos = tuple(info.after(step) for info in infos)
    assert all(info.text.endswith("; " + step_text(step.events, "idiot")) for info in infos)
    step = game.step(step.state, cr.Draw())  # seat 1 cannot play: draws AS
    infos = tuple(info.after(step) for info in infos)
    assert infos[1].text.endswith("[drew A♠]")
    assert "A♠" not in infos[0].text and "A♠" not in infos[2].text


def test_text_says_a_call_in_the_games_word_and_keeps_it_through_pickle() -> None:
    game = cr.Craits(players=3, short_game=True)
    state = position(game, ["9H 2C", "KD 5D", "5S 6S"], stock="JH AS 2S", dealer=2)
    infos = encoder_for(game).info_states(state)
    step = game.step(state, cr.Play("9H"))  # seat 0 is left with one card, unsaid
    infos = tuple(info.after(step) for info in infos)
    step = game.step(step.state, cr.CallOut(1, target=0), seat=1)
    infos = tuple(info.after(step) for info in infos)
    for info in infos:
        assert '; 1:seat 1 calls "idiot" on seat 0, 1 calls idiot on 0, ' in info.text
        assert pickle.loads(pickle.dumps(info)).text == info.text


# -- nothing hidden ---------------------------------------------------------------------


def _same_for_hidden_redeals(game: Any, state: Any, seat: int, seed: int) -> None:
    """Hidden cards redealt (determinize) change none of the seat's encodings."""
    encoder = encoder_for(game)
    view = game.observe(state, seat)
    info = encoder.info_state(state, seat)
    for offset in range(2):
        other = game.determinize(view, seed + offset)
        assert game.observe(other, seat) == view
        assert encoder.observation(game.observe(other, seat)) == encoder.observation(view)
        again = encoder.info_state(other, seat)
        assert (again.vector, again.text) == (info.vector, info.text)
        if state.to_move == seat:
            assert encoder.legal_mask(other) == encoder.legal_mask(state)


HIDDEN_GAMES: list[Any] = [
    cr.Cramps(),
    cr.Craits(players=2),
    cr.Craits(players=4),
    cr.Craits(players=7),
]


@pytest.mark.parametrize("game", HIDDEN_GAMES, ids=_id)
def test_hidden_cards_do_not_reach_the_encodings(game: Any) -> None:
    encoder = encoder_for(game)
    for seed in range(2):
        infos = encoder.info_states(game.new_game(seed=seed))
        for number, (state, step) in enumerate(random_steps(game, seed, moves=150)):
            if number % 10 == 0:
                _same_for_hidden_redeals(game, state, number % game.players, seed)
            # The same move in a redeal of the hidden cards tells a seat the same, unless
            # the public events differ (a hand's scores) or the seat gets new cards of
            # its own (a draw, a new deal).
            move = step.events[0].move
            for seat in range(game.players) if number % 7 == 0 else ():
                other = game.determinize(game.observe(state, seat), seed)
                if not game.is_legal(other, move):
                    continue
                twin = game.step(other, move)
                if twin.events != step.events or any(
                    isinstance(e, cr.HandDealt) or (isinstance(e, cr.CardsDrawn) and e.seat == seat)
                    for e in step.events
                ):
                    continue
                assert infos[seat].after(twin).vector == infos[seat].after(step).vector
                assert infos[seat].after(twin).text == infos[seat].after(step).text
            infos = tuple(info.after(step) for info in infos)


@settings(max_examples=25)
@given(
    game=st.sampled_from(HIDDEN_GAMES),
    seed=st.integers(0, 2**64 - 1),
    moves=st.integers(0, 120),
    seat=st.integers(0, 9),
    redeal=st.integers(0, 2**32),
)
def test_hidden_cards_do_not_reach_the_encodings_anywhere(
    game: Any, seed: int, moves: int, seat: int, redeal: int
) -> None:
    state = game.new_game(seed=seed)
    for state, step in random_steps(game, seed, moves=moves, chooser_seed=redeal):
        state = step.state
    _same_for_hidden_redeals(game, state, seat % game.players, redeal)


def test_equal_views_encode_alike_whatever_the_stock_order() -> None:
    game = cr.Craits(players=3)
    encoder = encoder_for(game)
    hands = ["9H 2C 4C", "KD 9D", "5S 6S"]
    one = position(game, hands, stock="JH AS 2S 3S")
    two = position(game, hands, stock="JH 2S AS 3S")
    assert one.table != two.table
    for seat in range(3):
        assert encoder.info_state(one, seat).text == encoder.info_state(two, seat).text
        assert encoder.observation(game.observe(one, seat)) == encoder.observation(
            game.observe(two, seat)
        )


def test_cramps_hands_elsewhere_encode_alike() -> None:
    game = cr.Cramps()
    encoder = encoder_for(game)
    hands = fill_hands({0: "2C AC KS"})
    swapped = (hands[0], hands[2], hands[3], hands[1])
    one = game.new_game(seed=1, deck=stack_deck(hands))
    two = game.new_game(seed=1, deck=stack_deck(swapped))
    assert encoder.info_state(one, 0).vector == encoder.info_state(two, 0).vector
    assert encoder.info_state(one, 1).vector != encoder.info_state(two, 1).vector


# -- NumPy --------------------------------------------------------------------------------


def test_arrays_are_float32_copies_of_the_lists() -> None:
    numpy = pytest.importorskip("numpy")
    game = cr.Craits(players=7)
    encoder = encoder_for(game)
    state = game.new_game(seed=1)
    view = game.observe(state, 0)
    array = encoder.observation_array(view)
    assert array.dtype == numpy.float32 and array.shape == (encoder.observation_size,)
    assert array.tolist() == pytest.approx(encoder.observation(view))
    assert (array == numpy.array(encoder.observation(view), dtype=numpy.float32)).all()
    info = encoder.info_state(state, 0)
    assert info.array().tolist() == pytest.approx(info.vector)
    assert info.observation_array().tolist() == pytest.approx(info.observation)


def test_arrays_without_numpy_say_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    game = cr.Cramps()
    encoder = encoder_for(game)
    state = game.new_game(seed=1)
    with pytest.raises(ImportError, match="pip install numpy"):
        encoder.observation_array(game.observe(state, 0))
    with pytest.raises(ImportError, match="pip install numpy"):
        encoder.info_state(state, 0).array()
    assert len(encoder.observation(game.observe(state, 0))) == encoder.observation_size


# -- bad input ---------------------------------------------------------------------------


def test_encoder_for_refuses_other_games() -> None:
    for thing in ("cramps", None, [1], cr.Cramps):
        with pytest.raises(cr.RulesError, match=r"encoder_for needs a rules object \(a Game\)"):
            encoder_for(thing)


def test_views_of_other_rules_are_refused() -> None:
    cramps, craits = encoder_for(cr.Cramps()), encoder_for(cr.Craits(players=4))
    cramps_state = cr.Cramps().new_game(seed=1)
    craits3 = cr.Craits(players=3)
    with pytest.raises(cr.StateError, match="encodes a CrampsView, not a CraitsView"):
        cramps.observation(craits3.observe(craits3.new_game(seed=1), 0))
    with pytest.raises(cr.StateError, match="not of a 4-player game"):
        craits.observation(craits3.observe(craits3.new_game(seed=1), 0))
    with pytest.raises(cr.StateError, match=r"pass game.observe\(state, seat\)"):
        cramps.observation(cramps_state)
    with pytest.raises(cr.StateError):
        cramps.observation(None)
    view = cr.Cramps().observe(cramps_state, 0)
    with pytest.raises(cr.StateError, match="not of a 4-player game"):
        cramps.observation(attrs.evolve(view, seat=4))


def test_bad_states_seats_and_steps_are_refused() -> None:
    game = cr.Cramps()
    encoder = encoder_for(game)
    state = game.new_game(seed=1)
    view = game.observe(state, 0)
    with pytest.raises(cr.SeatError):
        encoder.info_state(state, 4)
    with pytest.raises(cr.SeatError):
        encoder.info_state(state, True)
    with pytest.raises(cr.StateError):
        encoder.info_state(view, 0)
    with pytest.raises(cr.StateError):
        encoder.legal_mask(view)
    with pytest.raises(cr.SeatError):
        encoder.legal_mask(state, 7)
    with pytest.raises(cr.StateError):
        encoder.info_state(cr.Craits(players=4).new_game(seed=1), 0)
    info = encoder.info_state(state, 0)
    step = game.step(state, game.legal_moves(state)[0])
    with pytest.raises(cr.StateError, match="needs the Step") as refused:
        info.after(step.state)  # type: ignore[arg-type]
    assert not set("♣♦♥♠") & set(str(refused.value))  # no state shown: no hidden card
    with pytest.raises(cr.RulesError) as refused_game:
        encoder_for(state)
    assert not set("♣♦♥♠") & set(str(refused_game.value))
    with pytest.raises(cr.StateError):
        info.after(cr.Craits(players=4).start(seed=1))
    later = info.after(step)
    with pytest.raises(cr.StateError, match="does not follow this information state"):
        later.after(step)
    with pytest.raises(cr.RulesError, match="has no field 'nope'"):
        encoder.field("nope")


def test_encoder_after_refuses_other_information_states() -> None:
    game = cr.Craits(players=3)
    encoder = encoder_for(game)
    state = game.new_game(seed=1)
    step = game.step(state, game.legal_moves(state)[0])
    other = encoder_for(cr.Craits(players=4)).info_state(cr.Craits(players=4).new_game(1), 0)
    with pytest.raises(cr.StateError, match="needs information states it made"):
        encoder.after([encoder.info_state(state, 0), other], step)
    with pytest.raises(cr.StateError, match="needs information states it made"):
        encoder.after([state], step)  # type: ignore[list-item]
    with pytest.raises(cr.StateError, match="needs the Step"):
        encoder.after(encoder.info_states(state), state)  # type: ignore[arg-type]
    assert encoder.after([], step) == ()


def test_a_craits_step_given_twice_is_refused() -> None:
    game = cr.Craits(players=4)
    encoder = encoder_for(game)
    state = game.new_game(seed=5)
    while True:
        move = next(m for m in game.legal_moves(state))
        step = game.step(state, move)
        if isinstance(move, cr.Play) and not any(
            isinstance(e, (cr.HandDealt, cr.Reshuffled)) for e in step.events
        ):
            break
        state = step.state
    info = encoder.info_state(state, 0).after(step)
    with pytest.raises(cr.StateError, match="does not follow this information state"):
        info.after(step)


@pytest.mark.parametrize("game", [cr.Cramps(), cr.Craits(players=3)], ids=lambda g: g.name)
def test_scores_of_any_size_are_encoded_within_the_limit(game: Any) -> None:
    """The library's scores have no bound (a Craits penalty doubles each time); the
    encodings hold them at POINTS_LIMIT, so every value is a finite float32."""
    from cardrules.encoding.vectors import POINTS_LIMIT

    huge = [10**400, -(10**400)] + [7] * (game.players - 2)
    state = game.new_game(seed=1, scores=huge)
    encoder = encoder_for(game)
    scores = encoder.field("scores")
    observation = encoder.observation(game.observe(state, 0))
    values = scores.of(observation)
    scale = POINTS_LIMIT / values[0]
    assert values[1] == -values[0] and values[2] * scale == pytest.approx(7)
    for vector in (observation, encoder.info_state(state, 0).vector):
        assert all(abs(value) < 3.4e38 for value in vector)
