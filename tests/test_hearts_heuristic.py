"""Hearts' rule-of-thumb player (``cr.Hearts().heuristic``, which
:class:`~cardrules.bots.HeuristicBot` plays): its moves are legal and the same for the
same view, its habits hold, and it takes fewer points than random players."""

from __future__ import annotations

from typing import Any

import pytest

import cardrules as cr
import cardrules.games
from cardrules.arena import run_arena
from cardrules.bots import Bot, HeuristicBot, RandomBot
from conftest import cards

BROKEN = (cr.Trick(0, cards("AD QD KD 3H"), winner=0),)
"""One completed trick with a heart in it: past the first trick, hearts broken."""


def choose(game: Any, state: Any) -> Any:
    return game.heuristic(game.observe(state, state.to_move), game.legal_moves(state))


@pytest.mark.parametrize(
    "game",
    [
        cr.Hearts(target=40),
        cr.Hearts(target=40, jack_of_diamonds=True, queen_breaks_hearts=False),
        cr.Hearts.openspiel(can_lead_any_club=True),
    ],
    ids=["people", "options", "openspiel"],
)
def test_its_moves_are_legal_and_the_same_for_the_same_view(game: Any) -> None:
    for seed in range(2):
        state = game.new_game(seed=seed)
        while not state.is_over:
            move = choose(game, state)
            assert move in game.legal_moves(state) and choose(game, state) == move
            state = game.apply(state, move)


def test_it_passes_the_queen_of_spades_unguarded_and_keeps_it_guarded() -> None:
    game = cr.Hearts()
    rest = [c for c in cr.STANDARD_DECK.cards() if c not in cards("QS 2S 3S 4S")]
    bare = [*cards("QS"), *rest[:12]]
    others = [rest[12:25], rest[25:38], [*cards("2S 3S 4S"), *rest[38:]]]
    state = game.new_game(seed=1, dealer=3, hands=[bare, *others])
    assert choose(game, state) == cr.games.hearts.PassCard("QS")
    guarded = [*cards("QS 2S 3S 4S"), *rest[:9]]
    state = game.new_game(seed=1, dealer=3, hands=[guarded, rest[9:22], rest[22:35], rest[35:]])
    assert choose(game, state) != cr.games.hearts.PassCard("QS")


def test_it_ducks_under_the_winning_card() -> None:
    game = cr.Hearts(passing="keep")
    state = game.position(
        ["2C 3C", "KH 8H 2H", "3S 6S 7S", "4S 5S 8S"], leader=0, trick="9H", tricks=BROKEN
    )
    assert choose(game, state) == cr.Play("8H")


def test_it_gives_the_queen_of_spades_away_when_it_cannot_follow() -> None:
    game = cr.Hearts(passing="keep")
    state = game.position(
        ["3C 5C", "QS AH 4D", "3S 6S 7S", "4S 5S 8S"], leader=0, trick="9C", tricks=BROKEN
    )
    assert choose(game, state) == cr.Play("QS")


def test_it_leads_low_spades_to_flush_the_queen_out() -> None:
    game = cr.Hearts(passing="keep")
    state = game.position(["2C 5S 9D", "QS 4D 6D", "3S 6S 7S", "4S 8S 9S"], leader=0, tricks=BROKEN)
    assert choose(game, state) == cr.Play("5S")


def test_it_takes_fewer_points_than_random_players() -> None:
    """HeuristicBot against three random players over 48 one-hand games (cards passed),
    seats rotated: it takes significantly fewer points than each of them."""
    bots: list[Bot] = [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()]
    result = run_arena(
        cr.Hearts(target=None), bots, games=48, seed=1, bot_seed=2, workers=1, progress=False
    )
    for other in result.entrants[1:]:
        assert result.compare("heuristic", other).score_difference_ci[1] < 0
