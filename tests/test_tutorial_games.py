"""The build-your-own tutorial's games, Whist (examples/whist.py) and Mau-Mau
(examples/mau_mau.py): their rules, a few cheap checks each, and the tutorial page,
whose final definitions of them must be the files' own."""

from __future__ import annotations

import ast
import random
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

import cardrules as cr
from cardrules.chance import ExplicitChance
from example_scripts import EXAMPLES, load_example

PAGE = Path(__file__).resolve().parents[1] / "docs" / "build-your-own.md"

whist = load_example("whist")
mau_mau = load_example("mau_mau")


def play_out(game: Any, state: Any, seed: int) -> Any:
    """The end of a game from ``state``, every move at random; the final state."""
    pick = random.Random(seed)
    for _ in range(100_000):
        if state.is_over:
            return state
        state = game.apply(state, pick.choice(game.legal_moves(state)))
    raise AssertionError("the game did not end")


# -- Whist --------------------------------------------------------------------------


def test_whist_turns_up_one_of_the_dealers_cards_for_trumps() -> None:
    game = whist.Whist()
    for seed in range(8):
        start = game.start(seed=seed)
        state = start.state
        card = state.payload
        assert card in state.hands[state.dealer] and game.trump_of(state) == card.suit
        assert start.events[-1] == cr.CardTurnedUp(state.dealer, card)
        assert game.observe(state, (state.dealer + 1) % 4).payload == card  # seen by all
    drawn = {game.new_game(seed=seed).payload for seed in range(40)}
    assert len({card.suit for card in drawn}) == 4  # any suit, not a fixed one


def test_whist_players_follow_suit_and_trumps_win() -> None:
    game = whist.Whist()
    hands = ["AS 4H 2C", "2H 3D 3C", "5S 6D 4C", "QS KD 5C"]
    state = game.position(hands, leader=0, payload=cr.Card.parse("4H"))
    state = game.apply(state, cr.Play("AS"))
    assert [str(move) for move in game.legal_moves(state)] == ["3♣", "3♦", "2♥"]  # void
    state = game.apply(state, cr.Play("2H"))
    assert [str(move) for move in game.legal_moves(state)] == ["5♠"]  # must follow
    with pytest.raises(cr.IllegalMoveError, match="does not follow suit"):
        game.apply(state, cr.Play("6D"))
    for card in ("5S", "QS"):
        state = game.apply(state, cr.Play(card))
    assert state.tricks[0].winner == 1 and state.to_move == 1  # the 2♥ trumped the ace


def test_whist_scores_tricks_over_six_for_both_partners() -> None:
    game = whist.Whist()
    state = game.new_game(seed=5)
    assert game.score_deal(state, (4, 1, 4, 4)) == (2, 0, 2, 0)
    assert game.score_deal(state, (3, 3, 3, 4)) == (0, 1, 0, 1)
    assert game.score_deal(state, (0, 13, 0, 0)) == (0, 7, 0, 7)
    assert game.game_winners((4, 5, 4, 5)) == (1, 3)
    assert game.game_winners((4, 3, 4, 3)) == ()
    assert game.teams() == ((0, 2), (1, 3))


def test_a_random_whist_game_ends_with_a_partnership_at_the_target() -> None:
    game = whist.Whist(target=3)
    state = play_out(game, game.new_game(seed=2), seed=2)
    assert state.winners in ((0, 2), (1, 3))
    assert state.scores[0] == state.scores[2] and state.scores[1] == state.scores[3]
    assert state.scores[state.winners[0]] >= 3 > state.scores[1 - state.winners[0]]
    with pytest.raises(cr.RulesError, match="Whist: target must be an int from 1 up"):
        whist.Whist(target=0)


def test_whist_samples_keep_the_turned_up_card_with_the_dealer() -> None:
    game = whist.Whist()
    state = game.new_game(seed=3)
    view = game.observe(state, 2)
    for seed in range(5):
        sample = game.determinize(view, seed=seed)
        assert game.observe(sample, 2) == view and state.payload in sample.hands[0]
    with pytest.raises(cr.SetupError, match="not one of the dealer's"):
        game.position(["AS", "2H", "5S", "QS"], leader=0, payload=cr.Card.parse("2H"))


def test_whist_under_explicit_chance_draws_the_turned_card_first() -> None:
    table = ExplicitChance(whist.Whist())
    chance = table.new_game()
    assert chance.draw_below == 13  # which of the dealer's cards is the last one


# -- Mau-Mau -------------------------------------------------------------------------


def test_mau_mau_deals_five_of_its_thirty_two_cards_each() -> None:
    game = mau_mau.MauMau(players=3)
    state = game.new_game(seed=1)
    assert [len(hand) for hand in state.hands] == [5, 5, 5]
    dealt = [card for hand in state.hands for card in hand]
    assert all(card.rank >= 7 for card in dealt) and game.deck.size == 32
    with pytest.raises(cr.RulesError, match="MauMau: players must be an int from 2 to 5"):
        mau_mau.MauMau(players=1)


def test_mau_mau_plays_match_suit_or_rank_and_jacks_name_a_suit() -> None:
    game = mau_mau.MauMau(players=2)
    state = game.position(["9H 10C QS JD", "8C"], discard="10H", stock="7S", to_move=0)
    moves = [str(move) for move in game.legal_moves(state)]
    assert moves == ["10♣", *(f"J♦ naming {suit.symbol}" for suit in cr.Suit), "9♥"]
    state = game.apply(state, cr.Play("JD", suit=cr.Suit.SPADES))
    assert state.to_move == 1 and game.legal_moves(state) == (cr.Draw(),)  # 8♣ is no spade


def test_mau_mau_sevens_count_and_eights_skip() -> None:
    game = mau_mau.MauMau(players=3)
    state = game.position(
        ["7H 8H 9C", "7D 9S", "QS AS"], discard="10H", stock="AC QH 10C 9H KH", to_move=0
    )
    state = game.apply(state, cr.Play("7H"))
    assert [str(move) for move in game.legal_moves(state)] == ["7♦"]  # pass it on
    state = game.apply(state, cr.Play("7D"))
    state = game.apply(state, cr.Draw())
    assert len(state.hands[2]) == 6 and state.to_move == 0  # drew four for the count
    skip = game.position(["8H 9C", "KD 9S", "QS AS"], discard="10H", stock="AH", to_move=0)
    assert game.apply(skip, cr.Play("8H")).to_move == 2


def test_mau_mau_a_stuck_player_draws_one_and_plays_it_or_passes() -> None:
    game = mau_mau.MauMau(players=2)
    fits = game.position(["9C", "KD 9S"], discard="10H", stock="AH 7C", to_move=0)
    drawn = game.apply(fits, cr.Draw())
    assert drawn.to_move == 0 and [str(m) for m in game.legal_moves(drawn)] == ["A♥"]
    misses = game.position(["9C", "KD 9S"], discard="10H", stock="7C AH", to_move=0)
    drawn = game.apply(misses, cr.Draw())
    assert game.legal_moves(drawn) == (cr.Pass(),)
    assert game.apply(drawn, cr.Pass()).to_move == 1


def test_mau_mau_scores_the_cards_left_and_the_fewest_points_win() -> None:
    game = mau_mau.MauMau(players=3)
    hands = (cr.parse_cards("7C 10D"), cr.parse_cards("JS QH KC AD"), ())
    assert game.hand_scores(hands, False) == (17, 50, 0)
    assert game.game_winners((30, 12, 12)) == (1, 2)
    state = play_out(game, game.new_game(seed=4), seed=4)
    assert state.deal_number == 3  # a hand dealt by each player
    assert state.winners and all(state.scores[seat] == min(state.scores) for seat in state.winners)


def test_mau_mau_records_round_trip() -> None:
    game = mau_mau.MauMau()
    record = cr.GameRecord.start(game, seed=6)
    state = record.initial_state()
    pick = random.Random(6)
    for _ in range(30):
        move = pick.choice(game.legal_moves(state))
        record, state = record.then(move), game.apply(state, move)
    assert cr.GameRecord.from_json(record.to_json()).final_state() == state


# -- both -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", [whist.Whist(), mau_mau.MauMau(players=3)], ids=str)
def test_the_tutorial_games_pass_pettingzoos_api_test(game: Any) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from cardrules.hosts.pettingzoo import CardGameEnv

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about observation styles, not failures
        api_test(CardGameEnv(game), num_cycles=20)


# -- the tutorial page ---------------------------------------------------------------


def page_definitions() -> dict[str, str]:
    """The last definition of each top-level name in the page's ```{testcode} blocks."""
    found: dict[str, str] = {}
    text = PAGE.read_text(encoding="utf-8")
    for block in re.findall(r"^```\{testcode\}\n(.*?)^```", text, flags=re.DOTALL | re.M):
        found.update(definitions(block))
    return found


def definitions(source: str) -> dict[str, str]:
    """The source of each top-level class, function and assignment, by name."""
    lines = source.splitlines()
    found = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef):
            name = node.name
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
        else:
            continue
        decorators = getattr(node, "decorator_list", [])
        first = min([node.lineno, *(decorator.lineno for decorator in decorators)])
        found[name] = "\n".join(lines[first - 1 : node.end_lineno])
    return found


@pytest.mark.parametrize(
    ("name", "names"),
    [("whist", ("SIDES", "Whist")), ("mau_mau", ("DECK", "CARD_TABLE", "MauMau"))],
)
def test_the_tutorial_builds_the_example_files(name: str, names: tuple[str, ...]) -> None:
    in_file = definitions((EXAMPLES / f"{name}.py").read_text(encoding="utf-8"))
    on_page = page_definitions()
    game_code = [key for key in in_file if key not in ("main", "play")]
    assert game_code == list(names)  # what the page must build: the game, not the CLI
    for key in names:
        assert on_page.get(key) == in_file[key], f"the page's {key} is not {name}.py's"
