"""Crazy Eights' rule-of-thumb player (``CrazyEights.heuristic``, which
:class:`~cardrules.bots.HeuristicBot` plays): its moves are legal and the same for the
same view, its habits hold, and it beats random players in a small arena."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import cardrules as cr
from cardrules.arena import run_arena
from cardrules.bots import Bot, HeuristicBot, RandomBot

GAME = cr.CrazyEights(players=3)


def choose(state: Any, game: Any = GAME) -> Any:
    return game.heuristic(game.observe(state, state.to_move), game.legal_moves(state))


@pytest.mark.parametrize(
    "game",
    [
        cr.CrazyEights(players=3, target=50),
        cr.CrazyEights(players=4, special_cards=True, draw_limit=1, target=50),
        cr.CrazyEights(players=2, turned_up_eight="dealer_names", target=50),
        cr.CrazyEights.openspiel(players=3, use_special_cards=True),
    ],
    ids=["people", "special", "dealer-names", "openspiel"],
)
def test_its_moves_are_legal_and_the_same_for_the_same_view(game: Any) -> None:
    for seed in range(3):
        state = game.new_game(seed=seed)
        while not state.is_over:
            move = choose(state, game)
            assert move in game.legal_moves(state)
            assert choose(state, game) == move
            state = game.apply(state, move)


def test_it_plays_rather_than_draws_and_keeps_eights_for_last() -> None:
    state = GAME.position(["8C 9H 3C", "2D", "4D"], "9D", "5S", to_move=0)
    assert choose(state) == cr.Play(cr.Card.parse("9H"))
    state = GAME.position(["8C 3C 4C", "2D", "4D"], "9D", "5S", to_move=0)
    assert choose(state) == cr.Play(cr.Card.parse("8C"), suit=cr.Suit.CLUBS)  # clubs held most
    state = GAME.position(["3C 4C", "2D", "4D"], "9D", "5S", to_move=0)
    assert choose(state) == cr.Draw()


def test_it_plays_the_card_the_rest_of_its_hand_can_follow() -> None:
    # on 9♦: 9♠ leaves three spades to follow, K♦ one diamond
    state = GAME.position(["9S KD 2S 3S 4S 5D", "2D", "4D"], "9D", "5S", to_move=0)
    assert choose(state) == cr.Play(cr.Card.parse("9S"))


def test_with_special_cards_it_adds_to_the_twos_and_attacks_a_short_hand() -> None:
    game = attrs.evolve(GAME, special_cards=True)
    state = game.position(["2C 9C", "2D", "4D 5D"], "9D", "5S 6S 7S", to_move=1, count=2)
    assert choose(state, game) == cr.Play(cr.Card.parse("2D"))
    state = game.position(["QD 9D 9C", "3C", "4C 5C"], "5D", "5S 6S 7S", to_move=0)
    assert choose(state, game) == cr.Play(cr.Card.parse("QD"))  # seat 1 holds one card


def test_a_dealer_names_the_suit_held_most() -> None:
    game = attrs.evolve(GAME, turned_up_eight="dealer_names")
    deck = [c for c in cr.STANDARD_DECK.cards() if c != cr.Card.parse("8C")]
    state = game.new_game(seed=1, dealer=0, deck=deck[:15] + [cr.Card.parse("8C")] + deck[15:])
    view = game.observe(state, 0)
    suits = [card.suit for card in view.hand if card.rank != cr.Rank.EIGHT]
    most = max(sorted(set(suits)), key=suits.count)
    assert game.heuristic(view, game.legal_moves(state)) == cr.NameSuit(most)


@pytest.mark.parametrize("options", [{}, {"draw_by_choice": False}], ids=["defaults", "strict"])
def test_it_beats_random_players(options: dict[str, Any]) -> None:
    game = cr.CrazyEights(players=2, **options)
    bots: list[Bot] = [HeuristicBot(), RandomBot()]
    result = run_arena(game, bots, games=60, seed=1, bot_seed=2, workers=1, progress=False)
    assert result.compare("heuristic", "random").score_difference_ci[0] > 0
    rows = {row.entrant: row for row in result.rows()}
    assert rows["heuristic"].win_share > 0.65


def test_random_moves_differ_from_it() -> None:  # (the arena above is not a tie by luck)
    state = GAME.new_game(seed=3)
    chooser = random.Random(1)
    moves = GAME.legal_moves(state)
    assert len(moves) > 1 and any(chooser.choice(moves) != choose(state) for _ in range(10))
