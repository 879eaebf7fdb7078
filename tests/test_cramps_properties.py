"""Properties of Cramps over many random games (Hypothesis).

Each example is a whole game: the rules options, the game seed, the first dealer and a
seed for the ``random.Random`` that picks the moves are drawn by Hypothesis, so a
failure shrinks to a small, replayable case. The number of examples comes from the
profile in ``conftest.py`` (``HYPOTHESIS_PROFILE=thorough`` for many more).
"""

from __future__ import annotations

import functools
import itertools
import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules as cr
from conftest import ALL_52, SEED_MAX, iter_random_game

# A game to 31 takes about 300 moves: one not over after 200 rounds never ends.
random_game = functools.partial(iter_random_game, max_moves=52 * 200)

PATTERNS = sorted(
    {p for length in (5, 6) for p in itertools.product((2, 3), repeat=length) if sum(p) == 13}
)
"""Every packet pattern of 3s and 2s summing to 13 (C2)."""

games = st.builds(
    cr.Cramps,
    packets=st.sampled_from(PATTERNS),
    target=st.sampled_from([31, 31, 31, 10, 45]),
)
seeds = st.integers(min_value=0, max_value=SEED_MAX)
move_seeds = st.integers(min_value=0, max_value=2**32 - 1)
dealers = st.integers(min_value=0, max_value=3)

# The tests that copy states or try every card of the deck are much heavier per game;
# they run on an eighth of the examples. Checking every card of every state, on half.
heavy = settings(max_examples=max(5, settings().max_examples // 8))
half = settings(max_examples=max(10, settings().max_examples // 2))


def test_patterns_cover_every_option() -> None:
    assert (3, 2, 3, 2, 3) in PATTERNS
    assert (2, 2, 3, 2, 2, 2) in PATTERNS
    assert len(PATTERNS) == 16


@given(games, seeds, move_seeds, dealers)
def test_rounds_sum_to_ten_and_games_end(
    game: cr.Cramps, seed: int, move_seed: int, dealer: int
) -> None:
    """C10, C11: every round's scores sum to 10, totals are the sums of the rounds, the
    game ends (within 200 rounds) with one winner alone on top at or over the target."""
    totals: tuple[int, ...] = (0, 0, 0, 0)
    rounds = 0
    last: cr.CrampsState | None = None
    final_events: tuple[cr.Event, ...] = ()
    for _, _, step in random_game(game, seed, move_seed, dealer=dealer):
        for event in step.events:
            if isinstance(event, cr.HandScored):
                rounds += 1
                assert event.number == rounds
                assert sum(event.hand_scores) == 10
                totals = tuple(a + b for a, b in zip(totals, event.hand_scores, strict=True))
                assert event.scores == totals
        last = step.state
        final_events = step.events
    assert last is not None and last.is_over
    assert last.scores == totals
    (winner,) = last.winners
    assert totals[winner] == max(totals) >= game.target
    assert totals.count(max(totals)) == 1
    assert final_events[-1] == cr.GameOver((winner,), totals)
    assert last.to_move is None
    assert game.legal_moves(last) == ()


@half
@given(games, seeds, move_seeds, dealers)
def test_all_52_cards_always_accounted_for(
    game: cr.Cramps, seed: int, move_seed: int, dealer: int
) -> None:
    """Hands + current trick + this round's completed tricks hold each card once."""
    for before, _, step in random_game(game, seed, move_seed, dealer=dealer):
        for state in (before, step.state):
            held = [c for hand in state.hands for c in hand]
            played = list(state.trick.cards) + [c for t in state.tricks for c in t.cards]
            assert sorted(held + played) == list(ALL_52)
            assert all(list(hand) == sorted(hand) for hand in state.hands)
            sizes = [len(hand) for hand in state.hands]
            assert max(sizes) - min(sizes) <= 1


@heavy
@given(games, seeds, move_seeds, dealers)
def test_apply_never_mutates_its_input(
    game: cr.Cramps, seed: int, move_seed: int, dealer: int
) -> None:
    """A transition returns a new state; the old one is equal (and hashes equal) to a
    deep copy taken before, whether the move was legal or not."""
    chooser = random.Random(move_seed ^ 0x5EED)
    for before, move, step in random_game(game, seed, move_seed, dealer=dealer):
        snapshot = pickle.loads(pickle.dumps(before))  # deepcopy would be `before` itself
        frozen = pickle.dumps(before)
        digest = hash(before)
        again = game.step(before, move)
        assert again == step  # pure: same input, same output
        bad = cr.Play(chooser.choice(ALL_52))
        if bad not in game.legal_moves(before):
            try:
                game.apply(before, bad)
            except cr.IllegalMoveError:
                pass
            else:
                raise AssertionError(f"{bad} was accepted but not listed")
        assert before == snapshot
        assert hash(before) == digest
        assert pickle.dumps(before) == frozen
        assert step.state != before


@heavy
@given(games, seeds, move_seeds, dealers)
def test_legal_moves_accepted_and_others_rejected(
    game: cr.Cramps, seed: int, move_seed: int, dealer: int
) -> None:
    """C4, C5: before the end legal_moves is never empty, every listed move is accepted,
    and every card not listed is refused with the right reason (checked for all 52
    cards in about one state in six, chosen at random)."""
    sampler = random.Random(move_seed)
    for state, _, _ in random_game(game, seed, move_seed, dealer=dealer):
        moves = game.legal_moves(state)
        assert moves
        assert len(set(moves)) == len(moves)
        seat = state.to_move
        assert seat is not None
        hand = state.hands[seat]
        for move in moves:
            assert move.card in hand
            after = game.apply(state, move)
            if after.round_number == state.round_number:
                assert move.card not in after.hands[seat]
                public = list(after.trick.cards)
                if after.tricks:
                    public += after.tricks[-1].cards
                assert move.card in public
        if sampler.random() < 1 / 6:
            check_every_card(game, state, moves)


def check_every_card(game: cr.Cramps, state: cr.CrampsState, moves: tuple[cr.Play, ...]) -> None:
    """Every card not in ``moves`` is refused with the reason that fits it, and every
    listed move sent by a seat whose turn it is not is refused too."""
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    listed = {move.card for move in moves}
    led = state.trick.cards[0].suit if state.trick.cards else None
    for c in ALL_52:
        if c in listed:
            continue
        if c in hand:
            expected = "must_follow_suit"
            assert led is not None and c.suit != led
            assert any(h.suit == led for h in hand)
        else:  # played already, or in another (secret) hand: not said which
            expected = "not_in_hand"
        try:
            game.apply(state, cr.Play(c))
        except cr.IllegalMoveError as exc:
            assert exc.reason == expected, (str(c), exc.reason, str(exc))
            assert str(c) in str(exc)
        else:
            raise AssertionError(f"{c} was accepted but not listed")
    for other in range(4):
        if other == seat:
            assert game.apply(state, moves[0], seat=other) == game.apply(state, moves[0])
            continue
        try:
            game.apply(state, moves[0], seat=other)
        except cr.IllegalMoveError as exc:
            assert exc.reason == "not_your_turn", (other, exc.reason, str(exc))
        else:
            raise AssertionError(f"seat {other} moved out of turn")


@heavy  # whole games, each state replayed: the suite's CPU budget (other tests play more)
@given(games, seeds, move_seeds, dealers)
def test_records_replay_to_the_same_states(
    game: cr.Cramps, seed: int, move_seed: int, dealer: int
) -> None:
    """A record built while playing replays to exactly the states seen, and survives a
    JSON round trip unchanged."""
    record = cr.GameRecord.start(game, seed=seed, dealer=dealer)
    seen = [record.initial_state()]
    for _, move, step in random_game(game, seed, move_seed, dealer=dealer):
        record = record.then(move)
        seen.append(step.state)
    assert record.states() == tuple(seen)
    text = record.to_json()
    restored = cr.GameRecord.from_json(text)
    assert restored == record
    assert restored.to_json() == text
    assert restored.final_state() == seen[-1]
    assert restored.final_state().is_over


@given(games, seeds, dealers)
def test_new_game_is_deterministic(game: cr.Cramps, seed: int, dealer: int) -> None:
    state = game.new_game(seed, dealer=dealer)
    assert game.new_game(seed, dealer=dealer) == state
    assert state.to_move == (dealer + 1) % 4
    assert sorted(c for hand in state.hands for c in hand) == list(ALL_52)


@given(seeds, move_seeds)
def test_same_seed_and_moves_same_game(seed: int, move_seed: int) -> None:
    game = cr.Cramps()
    first = [step.state for _, _, step in random_game(game, seed, move_seed)]
    second = [step.state for _, _, step in random_game(game, seed, move_seed)]
    assert first == second
