"""Properties of Craits over many random games (Hypothesis).

Each example draws a rules object (2, 3, 4, 5, 6 or 10 players with a random set of
options, mostly short games), a game seed and a seed for the ``random.Random`` that
picks the moves, so a failure shrinks to a small, replayable case. The number of
examples comes from the profile in ``conftest.py`` (``HYPOTHESIS_PROFILE=thorough`` for
many more); the heavy properties run on a fraction of them.
"""

from __future__ import annotations

import contextlib
import json
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules as cr
from cardrules.games.craits import hand_points
from cardrules.moves import move_from_data, move_to_data
from cardrules.shedding import CardRule
from cardrules.shedding.events import CountEnded, HandBlocked, Reshuffled
from conftest import SEED_MAX
from craits_helpers import iter_random_game, table_cards

TABLES: list[dict[str, Any] | None] = [
    None,
    None,
    {"J": CardRule("skip", 10)},
    {"Q": CardRule("reverse", 10), "K": CardRule("play_again", 10)},
    {"9": CardRule("wild_keep_suit", 40)},
    {"3": CardRule("none", 3, count=3), "5": CardRule("none", 25)},
    {"A": CardRule("none", 1, count=1, starts_count=True)},
]


@st.composite
def craits_games(draw: st.DrawFn, *, full: bool | None = False) -> cr.Craits:
    """A Craits rules object with random options; ``full=None`` draws the game length
    too (full games one time in eight)."""
    players = draw(st.sampled_from([2, 3, 4, 5, 6, 10]))
    short_game = not full if full is not None else draw(st.integers(0, 7)) > 0
    options: dict[str, Any] = {
        "short_game": short_game,
        "deal_follows_direction": draw(st.booleans()),
        "remove_kings_queens": players <= 3 and draw(st.booleans()),
        "one_card_deal_announce": draw(st.booleans()),
        "idiot_penalty": draw(st.sampled_from(["draw_two_skip", "draw_one"])),
        "continue_after_count_out": draw(st.booleans()),
        "threes_cancel_eights": draw(st.booleans()),
        "idiot_calls": draw(st.sampled_from(["manual", "manual", "automatic"])),
    }
    if 4 <= players <= 5 and draw(st.integers(0, 4)) == 0:
        options["decks"] = 2
    if draw(st.integers(0, 4)) == 0:
        return cr.Craits.published_rules(players=players, **options)
    options["threes_rule"] = draw(st.sampled_from(["seed", "published"]))
    table = draw(st.sampled_from(TABLES))
    if table is not None:
        options["card_table"] = table
    return cr.Craits(players=players, **options)


seeds = st.integers(min_value=0, max_value=SEED_MAX)
move_seeds = st.integers(min_value=0, max_value=2**32 - 1)
dealers = st.one_of(st.none(), st.integers(0, 9))

base = settings().max_examples
heavy = settings(max_examples=max(5, base // 10))
medium = settings(max_examples=max(10, base // 4))


def pick_dealer(game: cr.Craits, dealer: int | None) -> int | None:
    return None if dealer is None else dealer % game.players


# -- conservation, termination, scores -------------------------------------------------------


@medium
@given(craits_games(), seeds, move_seeds, dealers)
def test_cards_conserved_scores_add_up_and_games_end(
    game: cr.Craits, seed: int, move_seed: int, dealer: int | None
) -> None:
    """K1, K19, K22-K25 over a whole game: the cards on the table are always exactly the
    deck; totals are the hand scores plus shuffle-pressure penalties (each 5 or double
    the seat's previous one); the game ends within a generous bound with the lowest
    total(s) winning."""
    deck = sorted(game.deck.cards())
    bound = 25_000 * game.players * (1 if game.short_game else 2)
    totals = [0] * game.players
    last_penalty = [0] * game.players
    hands_scored = 0
    last: cr.CraitsState | None = None
    for before, move, step in iter_random_game(
        game, seed, move_seed, dealer=pick_dealer(game, dealer), max_moves=bound
    ):
        state = step.state
        assert sorted(table_cards(state).elements()) == deck
        assert move in game.legal_moves(before)
        mover = move.caller if isinstance(move, cr.CallIdiot) else before.to_move
        assert mover is not None
        assert step.events[0] == cr.MovePlayed(mover, move)
        for event in step.events:
            if isinstance(event, Reshuffled):
                assert event.penalty == (last_penalty[event.seat] * 2 or 5)
                last_penalty[event.seat] = event.penalty
                totals[event.seat] += event.penalty
            elif isinstance(event, cr.HandScored):
                hands_scored += 1
                assert event.number == hands_scored
                totals = [a + b for a, b in zip(totals, event.hand_scores, strict=True)]
                assert list(event.scores) == totals
        assert list(state.scores) == totals
        assert state.penalties == tuple(last_penalty)
        if not state.is_over:
            assert game.legal_moves(state)
            assert state.to_move is not None and 0 <= state.to_move < game.players
        last = state
    assert last is not None and last.is_over
    assert hands_scored == len(game.schedule)
    assert last.winners == tuple(s for s, t in enumerate(totals) if t == min(totals))
    assert last.to_move is None and game.legal_moves(last) == ()


def random_rules(chooser: random.Random, players: int) -> cr.Craits:
    """A short-game rules object with options drawn by ``chooser`` (for the volume test,
    which plays too many games to let Hypothesis draw each)."""
    options: dict[str, Any] = {
        "short_game": True,
        "deal_follows_direction": chooser.random() < 0.5,
        "remove_kings_queens": players <= 3 and chooser.random() < 0.5,
        "one_card_deal_announce": chooser.random() < 0.5,
        "idiot_penalty": chooser.choice(["draw_two_skip", "draw_one"]),
        "continue_after_count_out": chooser.random() < 0.5,
        "threes_cancel_eights": chooser.random() < 0.5,
        "idiot_calls": chooser.choice(["manual", "automatic"]),
    }
    if chooser.random() < 0.2:
        return cr.Craits.published_rules(players=players, **options)
    options["threes_rule"] = chooser.choice(["seed", "published"])
    table = chooser.choice(TABLES)
    if table is not None:
        options["card_table"] = table
    return cr.Craits(players=players, **options)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 10])
def test_many_short_games_conserve_cards_and_end(players: int) -> None:
    """Volume: many short games per player count (a quarter of the profile's example
    count for two to five players, fewer for more), every state holding exactly the
    deck, every game ending within the bound."""
    games = max(5, base // 4 if players <= 5 else base // (2 * players))
    for number in range(games):
        chooser = random.Random(f"{players}-{number}")
        game = random_rules(chooser, players)
        deck = sorted(game.deck.cards())
        seed = chooser.randrange(2**64)
        state = game.new_game(seed, dealer=chooser.choice([None, 0]))
        for _ in range(50_000 * players):
            if state.is_over:
                break
            state = game.apply(state, chooser.choice(game.legal_moves(state)))
            table = state.table
            held = list(table.stock)
            held.extend(table.discard)
            for hand in table.hands:
                held.extend(hand)
            assert sorted(held) == deck, f"{game!r} seed={seed}"
        assert state.is_over, f"{game!r} seed={seed} did not end"
        assert state.hand_number == 8


@medium
@given(craits_games(full=None), seeds, move_seeds)
def test_hand_scores_follow_the_hands(game: cr.Craits, seed: int, move_seed: int) -> None:
    """K22-K24: played from the last hand of a game, so that the hands at its end stay
    on the table: a seat with no cards scores -10 and every other seat the points of its
    cards (threes cancelling as the options say)."""
    last_hand = len(game.schedule)
    chooser = random.Random(move_seed)
    state = game.new_game(seed, dealer=0, hand_number=last_hand)
    events: list[cr.Event] = []
    last_events: tuple[cr.Event, ...] = ()
    while not state.is_over:
        step = game.step(state, chooser.choice(game.legal_moves(state)))
        state = step.state
        events.extend(step.events)
        last_events = step.events
    (scored,) = [e for e in events if isinstance(e, cr.HandScored)]
    assert scored.number == last_hand
    expected = tuple(
        -10
        if not hand
        else hand_points(
            hand,
            game.card_table,
            threes_cancel_eights=game.threes_cancel_eights,
            threes_rule=game.threes_rule,
        )
        for hand in state.hands
    )
    assert scored.hand_scores == expected
    # A hand ends with someone out, or blocked, or with a count drawn by a player who
    # went out during it (K14).
    assert (
        any(not hand for hand in state.hands)
        or any(isinstance(e, HandBlocked) for e in last_events)
        or any(isinstance(e, CountEnded) for e in last_events)
    )


@heavy
@given(craits_games(full=True), seeds, move_seeds)
def test_full_games_end(game: cr.Craits, seed: int, move_seed: int) -> None:
    """Full fifteen-hand games: the schedule, conserved cards, an end."""
    deck = sorted(game.deck.cards())
    numbers: list[int] = []
    last = None
    for _, _, step in iter_random_game(game, seed, move_seed, max_moves=200_000):
        numbers.extend(e.cards_each for e in step.events if isinstance(e, cr.HandDealt))
        last = step.state
        assert sorted(table_cards(last).elements()) == deck
    assert last is not None and last.is_over
    assert numbers == list(game.schedule[1:])


# -- records -----------------------------------------------------------------------------------


@heavy  # replaying the record checks every move again: about half a second a game
@given(craits_games(), seeds, move_seeds, dealers)
def test_records_replay_to_identical_states(
    game: cr.Craits, seed: int, move_seed: int, dealer: int | None
) -> None:
    first_dealer = pick_dealer(game, dealer)
    record = cr.GameRecord.start(game, seed=seed, dealer=first_dealer)
    states = [record.initial_state()]
    for _, move, step in iter_random_game(game, seed, move_seed, dealer=first_dealer):
        record = record.then(move)
        states.append(step.state)
    assert record.states() == tuple(states)
    assert record.final_state() == states[-1]
    # The rules survive JSON on their own.
    options = json.loads(json.dumps(game.options()))
    assert type(game).from_options(options) == game


@heavy  # a JSON record is read back by replaying it with every check: about 1 s a game
@given(craits_games(), seeds, move_seeds, dealers)
def test_records_round_trip_through_json(
    game: cr.Craits, seed: int, move_seed: int, dealer: int | None
) -> None:
    first_dealer = pick_dealer(game, dealer)
    record = cr.GameRecord.start(game, seed=seed, dealer=first_dealer)
    last = record.initial_state()
    for _, move, step in iter_random_game(game, seed, move_seed, dealer=first_dealer):
        record = record.then(move)
        last = step.state
    text = record.to_json()
    again = cr.GameRecord.from_json(text)
    assert again == record
    assert again.final_state() == last
    assert again.to_json() == text


@pytest.mark.parametrize(
    "move",
    [
        cr.Play("9H"),
        cr.Play("8C", suit="D"),
        cr.Play("8C", suit="D", announce=True),
        cr.Play("QS", announce=True),
        cr.Draw(),
        cr.CallIdiot(2),
        cr.CallIdiot(2, target=0),
        cr.NameSuit("H"),
        cr.Announce(),
        cr.Pass(),
    ],
)
def test_every_craits_move_round_trips_through_json(move: cr.Move) -> None:
    data = json.loads(json.dumps(move_to_data(move)))
    assert move_from_data(data) == move


# -- purity --------------------------------------------------------------------------------------


def sampled_steps(
    game: cr.Craits, seed: int, move_seed: int, count: int
) -> list[tuple[cr.CraitsState, cr.Move, cr.Step[cr.CraitsState]]]:
    """``count`` moves of a random game, picked at random (in game order), so that the
    heavy checks cost the same for long and short games."""
    steps = list(iter_random_game(game, seed, move_seed))
    picked = sorted(random.Random(move_seed).sample(range(len(steps)), min(count, len(steps))))
    return [steps[i] for i in picked]


@heavy
@given(craits_games(), seeds, move_seeds)
def test_apply_never_mutates_its_input(game: cr.Craits, seed: int, move_seed: int) -> None:
    chooser = random.Random(move_seed)
    for before, move, step in sampled_steps(game, seed, move_seed, 25):
        snapshot = pickle.loads(pickle.dumps(before))  # deepcopy would be `before` itself
        assert snapshot == before and hash(snapshot) == hash(before)
        hashed = hash(before)
        again = game.apply(before, move)
        assert again == step.state  # deterministic
        # A few illegal attempts must not change anything either.
        for attempt in (cr.Draw(), cr.NameSuit("H"), cr.CallIdiot(chooser.randrange(10))):
            with contextlib.suppress(cr.IllegalMoveError, cr.MoveTypeError):
                game.apply(before, attempt)
        assert before == snapshot
        assert hash(before) == hashed
        assert pickle.loads(pickle.dumps(before)) == snapshot


# -- legal moves and candidates -------------------------------------------------------------------


def candidates(game: cr.Craits, state: cr.CraitsState) -> list[Any]:
    """Every move anyone might try now: every card in every hand played in every way,
    Draw, NameSuit, Announce, Pass, and calls by every seat on every seat."""
    moves: list[Any] = [cr.Draw(), cr.Announce(), cr.Pass()]
    moves.extend(cr.NameSuit(suit) for suit in cr.Suit)
    for card in sorted({c for hand in state.hands for c in hand}):
        for announce in (False, True):
            moves.append(cr.Play(card, announce=announce))
            moves.extend(cr.Play(card, suit=suit, announce=announce) for suit in cr.Suit)
    for caller in range(game.players):
        moves.append(cr.CallIdiot(caller))
        moves.extend(cr.CallIdiot(caller, target) for target in range(game.players))
    return moves


def check_candidates(game: cr.Craits, state: cr.CraitsState) -> None:
    listed = set(game.legal_moves(state))
    for move in candidates(game, state):
        if isinstance(move, cr.CallIdiot):
            calls = game.calls(state, move.caller)
            # A call without a target is accepted when exactly one seat can be called on.
            accepted = len(calls) == 1 if move.target is None else move in calls
            if move in listed:
                assert move in calls
        else:
            accepted = move in listed
        try:
            game.apply(state, move)
        except cr.IllegalMoveError as exc:
            assert not accepted, f"{move} is listed but rejected: {exc}"
            assert isinstance(exc.reason, str) and exc.reason
            assert str(exc)
        else:
            assert accepted, f"{move} is not listed but was accepted"


@heavy
@given(craits_games(), seeds, move_seeds)
def test_listed_moves_accepted_and_unlisted_rejected(
    game: cr.Craits, seed: int, move_seed: int
) -> None:
    sample = sampled_steps(game, seed, move_seed, 12)
    for before, _, _ in sample:
        check_candidates(game, before)
    # Once the game is over, everything is refused.
    final = list(iter_random_game(game, seed, move_seed))[-1][2].state
    for move in candidates(game, final):
        with pytest.raises(cr.IllegalMoveError) as info:
            game.apply(final, move)
        assert info.value.reason == "game_over"


@medium
@given(craits_games(), seeds, move_seeds)
def test_every_listed_move_is_accepted(game: cr.Craits, seed: int, move_seed: int) -> None:
    for before, _, _ in iter_random_game(game, seed, move_seed):
        moves = game.legal_moves(before)
        assert len(set(moves)) == len(moves)  # no duplicates
        for move in moves:
            game.apply(before, move)
        for seat in range(game.players):
            for call in game.calls(before, seat):
                game.apply(before, call)


def test_record_of_an_explicit_position_round_trips() -> None:
    """A record can start from explicit hands and stock (given as cards or text)."""
    game = cr.Craits(players=3, short_game=True, one_card_deal_announce=True)
    deck = list(game.deck.cards())
    hands = [deck[0:3], [str(c) for c in deck[3:6]], deck[6:9]]
    record = cr.GameRecord.start(game, seed=4, dealer=2, hands=hands, stock=deck[9:])
    state = record.initial_state()
    chooser = random.Random(4)
    while not state.is_over:
        move = chooser.choice(game.legal_moves(state))
        record, state = record.then(move), game.apply(state, move)
    again = cr.GameRecord.from_json(record.to_json())
    assert again == record
    assert again.final_state() == state


@st.composite
def random_card_tables(draw: st.DrawFn) -> dict[str, CardRule]:
    """Any rows a user may write: every function Craits takes (all but a game's own),
    counts from 0 to 3, some starting one, and some making the next player draw."""
    rows = {}
    for rank in draw(st.lists(st.sampled_from(list("23456789TJQKA")), unique=True)):
        count = draw(st.integers(0, 3))
        action = draw(st.sampled_from([a for a in cr.Action if a is not cr.Action.OWN]))
        starts = count > 0 and draw(st.booleans())
        may_draw = not starts and action in (cr.Action.NONE, cr.Action.WILD)
        rows[rank] = CardRule(
            action,
            draw(st.integers(-50, 50)),
            count=count,
            starts_count=starts,
            draws=draw(st.sampled_from([0, 2])) if may_draw else 0,
        )
    return rows


@medium
@given(random_card_tables(), st.sampled_from([2, 3, 4]), seeds, move_seeds)
def test_one_legality_test_under_any_card_table(
    rows: dict[str, CardRule], players: int, seed: int, move_seed: int
) -> None:
    """Whatever the card table, ``legal_moves``, ``apply`` and ``is_legal`` agree on every
    candidate move, and a player to move always has a legal move (never stuck)."""
    game = cr.Craits(players=players, short_game=True, card_table=rows)
    chooser = random.Random(move_seed)
    state = game.new_game(seed)
    for number in range(150):
        if state.is_over:
            break
        moves = game.legal_moves(state)
        assert moves, "a player to move has no legal move"
        if number % 10 == 0:
            check_candidates(game, state)
            for move in candidates(game, state):
                if not isinstance(move, cr.CallIdiot):
                    assert game.is_legal(state, move) == (move in moves), move
        state = game.apply(state, chooser.choice(moves))
