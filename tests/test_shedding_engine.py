"""The shedding engine as one piece: the legal moves, ``apply`` and the refusals read
the same answer to each question (which cards may be played and how, whether to draw
or pass), so a move is applied exactly when it is listed, and refused with a reason
otherwise.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules as cr
from cardrules.shedding.engine import SheddingGame

GAMES: dict[str, SheddingGame[Any, Any]] = {
    "craits": cr.Craits(players=3),
    "craits-automatic": cr.Craits(players=2, idiot_calls="automatic", idiot_penalty="draw_one"),
    "crazy_eights": cr.CrazyEights(players=3, special_cards=True),
    "crazy_eights-openspiel": cr.CrazyEights.openspiel(players=2, use_special_cards=True),
    "crazy_eights-stuck": cr.CrazyEights(players=2, draw_by_choice=False, draw_limit=1),
}


def _states(game: SheddingGame[Any, Any], seed: int, count: int) -> list[Any]:
    """``count`` states along a random game from ``seed``."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    seen: list[Any] = []
    while not state.is_over and len(seen) < count:
        seen.append(state)
        legal = game.legal_moves(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    return seen


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_move_is_applied_exactly_when_it_is_listed(name: str) -> None:
    game = GAMES[name]
    every = game.all_moves()
    rng = random.Random(5)
    checked = refused = 0
    for seed in range(3):
        for state in _states(game, seed, 40):
            legal = set(game.legal_moves(state))
            # A fresh state (no remembered list), so apply decides on its own.
            fresh = game.position(
                state.hands,
                state.discard,
                state.table.stock,
                to_move=state.to_move,
                suit=state.suit,
                direction=state.direction,
                dealer=state.dealer,
                hand_number=state.hand_number,
                count=state.count,
                idle_turns=state.idle_turns,
                scores=state.scores,
                penalties=state.penalties,
                draws_this_turn=state.draws_this_turn,
                cards_played=state.cards_played,
            )
            if (
                state.phase is not cr.Phase.PLAY
                or state.exposed
                or state.forfeits != fresh.forfeits
            ):
                fresh = state
            for move in rng.sample(every, 25) + sorted(legal, key=str):
                checked += 1
                if move in legal or move in game.calls(fresh, getattr(move, "caller", 0)):
                    game.apply(fresh, move)
                else:
                    refused += 1
                    with pytest.raises(cr.IllegalMoveError) as info:
                        game.apply(fresh, move)
                    assert info.value.reason  # a reason code the refusal gives
    assert checked > 1000 and refused > 500


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_plays_listed_are_the_cards_allowed_in_the_form_allowed(name: str) -> None:
    game = GAMES[name]
    for state in _states(game, 11, 60):
        if state.phase is not cr.Phase.PLAY:
            continue
        seat = state.to_move
        held = state.hand_mask(seat)
        cards, form, other = game.allowed(state, held)
        plays = [move for move in game.legal_moves(state) if isinstance(move, cr.Play)]
        assert {move.card for move in plays} == set(cr.cards.cards_of_mask(cards))
        assert any(move.announce for move in plays) == bool(form & 1 and plays)
        assert [
            m for m in game.legal_moves(state) if not isinstance(m, (cr.Play, cr.CallIdiot))
        ] == ([] if other is None else [other])
