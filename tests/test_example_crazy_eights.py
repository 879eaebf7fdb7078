"""The Crazy Eights example (examples/crazy_eights.py), rule by rule, plus random-game
properties.

Positions are built explicitly (``CrazyEights.position``: chosen hands, stock and
discard pile) or dealt from a deck stacked by hand, so each test names the rule it
checks.
"""

from __future__ import annotations

import importlib
import pickle
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules as cr
from conftest import ALL_52, card, cards

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
sys.path.insert(0, str(EXAMPLES))
c8: Any = importlib.import_module("crazy_eights")

GAME = c8.CrazyEights(players=3)
DRAW, PASS = cr.Draw(), cr.Pass()


def position(
    hands: list[str],
    discard: str,
    stock: str = "",
    *,
    suit: str | None = None,
    to_move: int = 0,
    passes: int = 0,
) -> Any:
    """A state with these hands (text per seat), discard pile (bottom first), stock (top
    first) and suit to follow (by default the top card's); ``passes`` turns in a row
    with nothing played or drawn."""
    return GAME.position(
        hands, discard, stock, suit=suit, to_move=to_move, idle_turns=passes, seed=3
    )


def plays(texts: str) -> set[cr.Play]:
    """Plain plays of these cards, each 8 once per suit it may name."""
    moves: set[cr.Play] = set()
    for c in cards(texts):
        if c.rank == cr.Rank.EIGHT:
            moves.update(cr.Play(c, suit=s) for s in cr.Suit)
        else:
            moves.add(cr.Play(c))
    return moves


def reason(state: Any, move: Any, game: Any = GAME) -> str:
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(state, move)
    return info.value.reason


def all_cards(state: Any) -> Counter[cr.Card]:
    table = state.table
    return Counter([c for hand in table.hands for c in hand] + [*table.stock, *table.discard])


# -- options, deal and starter ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "each"), [(2, 7), (3, 5), (4, 5), (5, 5)])
def test_deal_five_each_or_seven_with_two_players(players: int, each: int) -> None:
    game = c8.CrazyEights(players=players)
    state = game.new_game(seed=players, dealer=1)
    assert [len(hand) for hand in state.hands] == [each] * players
    assert len(state.table.discard) == 1 and state.table.top.rank != cr.Rank.EIGHT
    assert len(state.table.stock) == 52 - players * each - 1
    assert all_cards(state) == Counter(ALL_52)
    assert state.to_move == 2 % players  # the dealer's left plays first
    assert state.scores == (0,) * players and not state.is_over


def test_stacked_deck_is_dealt_one_at_a_time_then_a_card_turned_up() -> None:
    state = GAME.new_game(deck=ALL_52, dealer=2)  # dealer 2 of 3: card i goes to seat i % 3
    assert state.hands == tuple(tuple(ALL_52[seat:15:3]) for seat in range(3))
    assert state.table.discard == (ALL_52[15],) and state.table.suit == ALL_52[15].suit
    assert state.table.stock == ALL_52[16:]


def test_a_turned_up_eight_is_buried_at_the_bottom_of_the_stock() -> None:
    start = list(cards("8D 8H 5C"))
    rest = [c for c in ALL_52 if c not in start]
    deck = rest[:15] + start + rest[15:]
    state = GAME.new_game(deck=deck, dealer=2)
    assert state.table.discard == (card("5C"),) and state.table.suit == cr.Suit.CLUBS
    assert state.table.stock[-2:] == cards("8D 8H")
    assert state.table.stock[:-2] == tuple(rest[15:])


def test_bad_options_and_setup_are_refused() -> None:
    for players in (1, 6, True):
        with pytest.raises(cr.RulesError):
            c8.CrazyEights(players=players)
    with pytest.raises(cr.SetupError):
        GAME.new_game(dealer=3)
    with pytest.raises(cr.SetupError):
        GAME.new_game(deck=ALL_52[1:])


# -- matching and eights ------------------------------------------------------------------------


def test_a_card_must_match_the_suit_or_the_rank() -> None:
    state = position(["2H 9C KS 8D", "3C", "4C"], "9H", "5S")
    assert set(GAME.legal_moves(state)) == plays("2H 9C 8D") | {DRAW}
    assert reason(state, cr.Play(card("KS"))) == "does_not_match"


def test_an_eight_is_wild_and_names_the_suit_to_follow() -> None:
    state = position(["8C 2D", "3S 4D 8H", "4C"], "9H", "5S")
    step = GAME.step(state, cr.Play(card("8C"), suit=cr.Suit.SPADES))
    assert step.events[1] == cr.CardPlayed(0, card("8C"))
    assert step.events[2] == cr.events.SuitNamed(0, cr.Suit.SPADES)
    after = step.state
    assert (after.table.top, after.table.suit, after.to_move) == (card("8C"), cr.Suit.SPADES, 1)
    # the named suit, not the eight's own, must be followed (or another eight played)
    assert set(GAME.legal_moves(after)) == plays("3S 8H") | {DRAW}
    assert reason(after, cr.Play(card("4D"))) == "does_not_match"


def test_an_eight_must_name_a_suit_and_other_cards_must_not() -> None:
    state = position(["8C 2H", "3C", "4C"], "9H", "5S")
    assert reason(state, cr.Play(card("8C"))) == "wild_needs_suit"
    assert reason(state, cr.Play(card("2H"), suit=cr.Suit.CLUBS)) == "no_suit_to_name"


# -- drawing, reshuffling and passing --------------------------------------------------------------


def test_a_player_who_cannot_play_draws_one_card_and_keeps_the_turn() -> None:
    state = position(["2C", "3C", "4C"], "9H", "5S 9S 6D")
    assert GAME.legal_moves(state) == (DRAW,)
    step = GAME.step(state, DRAW)
    assert step.events[-1] == cr.events.CardsDrawn(0, 1, "cannot_play", 1)
    state = step.state
    assert state.hands[0] == cards("2C 5S") and state.table.stock == cards("9S 6D")
    assert state.to_move == 0 and GAME.legal_moves(state) == (DRAW,)
    state = GAME.apply(GAME.apply(state, DRAW), cr.Play(card("9S")))
    assert state.hands[0] == cards("2C 5S") and state.to_move == 1


def test_a_player_may_draw_rather_than_play() -> None:
    state = position(["2H", "3C", "4C"], "9H", "5S")
    assert set(GAME.legal_moves(state)) == {cr.Play(card("2H")), DRAW}
    step = GAME.step(state, DRAW)
    assert step.events[-1].reason == "chose_to_draw" and step.state.to_move == 0


def test_an_empty_stock_is_refilled_from_the_discard_pile_but_its_top_card() -> None:
    state = position(["2C", "3C", "4C"], "2H 5H 9H")
    step = GAME.step(state, DRAW)
    assert cr.events.Reshuffled(0, 2, 0) in step.events
    table = step.state.table
    assert table.discard == cards("9H") and len(table.stock) == 1
    assert set(table.stock + table.hands[0]) == set(cards("2C 2H 5H"))


def test_with_nothing_to_draw_a_player_who_cannot_play_passes() -> None:
    state = position(["2C", "3C", "4H"], "9H")
    assert GAME.legal_moves(state) == (PASS,)
    assert reason(state, DRAW) == "cannot_draw"
    after = GAME.apply(state, PASS)
    assert after.to_move == 1 and after.idle_turns == 1
    assert GAME.legal_moves(after) == (PASS,)
    third = GAME.apply(after, PASS)
    assert GAME.legal_moves(third) == (cr.Play(card("4H")),)  # must play: no pass, no draw
    assert reason(third, PASS) == "cannot_pass"
    assert GAME.apply(third, cr.Play(card("4H"))).is_over


def test_no_pass_while_there_is_something_to_draw() -> None:
    assert reason(position(["2C", "3C", "4C"], "9H", "5S"), PASS) == "cannot_pass"
    assert reason(position(["2C", "3C", "4C"], "2S 9H"), PASS) == "cannot_pass"


def test_when_everyone_passes_the_lowest_count_wins_the_differences() -> None:
    state = position(["KC", "2C 3C", "AC"], "9H", passes=2, to_move=1)
    step = GAME.step(state, PASS)
    assert cr.events.HandBlocked(1) in step.events
    assert step.events[-2] == cr.HandScored(1, (0, 0, 13), (0, 0, 13))  # (10-1) + (5-1)
    assert step.state.winners == (2,) and step.state.is_over


def test_a_blocked_tie_shares_the_win() -> None:
    state = position(["4C", "2C 2D", "KC"], "9H", passes=2, to_move=1)
    after = GAME.apply(state, PASS)
    assert after.winners == (0, 1) and after.scores == (6, 6, 0)


# -- going out and scoring ----------------------------------------------------------------------


def test_penalty_points_of_cards_left_in_hand() -> None:
    assert c8.penalty(cards("8C 8H")) == 100
    assert c8.penalty(cards("KD QD JD TD")) == 40
    assert c8.penalty(cards("AS 2S 5C 7H 9D")) == 1 + 2 + 5 + 7 + 9


def test_the_first_player_out_wins_the_points_left_in_the_others_hands() -> None:
    state = position(["9C", "8C KD", "AS 5C 9S"], "9H", "2S", to_move=0)
    step = GAME.step(state, cr.Play(card("9C")))
    scores = (0 + 60 + 15, 0, 0)
    assert step.events[-2:] == (cr.HandScored(1, scores, scores), cr.GameOver((0,), scores))
    done = step.state
    assert done.is_over and done.to_move is None and done.winners == (0,)
    assert GAME.legal_moves(done) == ()
    assert reason(done, DRAW) == "game_over"


def test_going_out_with_an_eight() -> None:
    state = position(["3C", "8D", "AS"], "9H", "2S", to_move=1)
    done = GAME.apply(state, cr.Play(card("8D"), suit=cr.Suit.CLUBS))
    assert done.winners == (1,) and done.scores == (0, 4, 0)


def test_other_illegal_moves_say_why() -> None:
    state = position(["2H", "3C", "4C"], "9H", "5S")
    assert reason(state, cr.Play(card("3C"))) == "not_in_hand"
    assert reason(state, cr.Play(card("2H"), announce=True)) == "no_announcement"
    with pytest.raises(cr.IllegalMoveError, match="a CrazyEights move is Play, Draw or Pass"):
        GAME.apply(state, cr.CallIdiot(1))  # a move of another game
    with pytest.raises(cr.MoveTypeError):
        GAME.apply(state, "2H")  # not a move at all


def test_observe_hides_other_hands_and_the_stock() -> None:
    state = GAME.new_game(seed=8)
    view = GAME.observe(state, 0)
    assert view.hand == state.hands[0] and view.hand_sizes == (5, 5, 5)
    assert view.stock_size == len(state.table.stock) and view.discard == state.table.discard
    assert not hasattr(view, "stock") and not hasattr(view, "hands") and not hasattr(view, "rng")
    assert view.legal_moves == () and GAME.observe(state, 1).legal_moves == GAME.legal_moves(state)


# -- properties of random games ------------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**32 - 1), st.integers(2, 5))
def test_random_games_end_conserve_cards_and_never_mutate(
    seed: int, move_seed: int, players: int
) -> None:
    """Moves chosen uniformly among all legal ones, drawing by choice included."""
    game = c8.CrazyEights(players=players)
    chooser = random.Random(move_seed)
    state = game.new_game(seed=seed, dealer=seed % players)
    for _ in range(20_000):
        if state.is_over:
            break
        assert all_cards(state) == Counter(ALL_52)
        moves = game.legal_moves(state)
        assert moves and len(set(moves)) == len(moves)
        move = chooser.choice(moves)
        before = pickle.loads(pickle.dumps(state))  # deepcopy would be `state` itself
        step = game.step(state, move)
        assert state == before  # apply does not mutate
        assert step.events[0] == cr.MovePlayed(state.to_move, move)
        state = step.state
    assert state.is_over and state.winners
    assert all_cards(state) == Counter(ALL_52)
    counts = [c8.penalty(hand) for hand in state.hands]
    assert all(counts[w] == min(counts) for w in state.winners)
    assert sum(state.scores) == len(state.winners) * (sum(counts) - players * min(counts))


def test_main_prints_one_line_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    c8.main(["--seed", "4", "--games", "3", "--players", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["seed 4", "seed 5", "seed 6"]
    c8.main(["--seed", "4", "--games", "1", "--players", "2"])
    assert capsys.readouterr().out.splitlines() == lines[:1]  # reproducible


# -- search bots play it: the engine deals the unseen cards -----------------------------------


@pytest.mark.parametrize("seed", [1, 4, 7])
def test_determinize_agrees_with_the_view(seed: int) -> None:
    chooser = random.Random(seed)
    state = GAME.new_game(seed=seed)
    for number in range(80):
        if state.is_over:
            break
        view = GAME.observe(state, number % 3)
        guess = GAME.determinize(view, seed + number)
        assert GAME.observe(guess, view.seat) == view
        assert all_cards(guess) == Counter(ALL_52)
        state = GAME.apply(state, chooser.choice(GAME.legal_moves(state)))


def test_the_search_bot_plays_crazy_eights_through_the_arena() -> None:
    from cardrules.arena import run_arena
    from cardrules.bots import Bot, ISMCTSBot, RandomBot

    bots: list[Bot] = [ISMCTSBot(iterations=20), RandomBot(), RandomBot()]
    result = run_arena(GAME, bots, games=3, seed=1, bot_seed=2, workers=1, progress=False)
    assert len(result.games) == 3 and result.entrants[0] == "ismcts"
    assert sum(row.wins for row in result.rows()) == pytest.approx(3)
