"""``print(state)`` shows a short diagram, like a board's, not a one-line dump; a view's
text shows only what its seat may see."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules as cr

GAMES = [cr.Cramps(target=8), cr.Craits(players=3, short_game=True)]


def _positions(game: Any) -> list[Any]:
    chooser = random.Random(2)
    state = game.new_game(seed=2)
    seen = [state]
    while not state.is_over:
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
        seen.append(state)
    return seen[:: max(1, len(seen) // 40)] + [seen[-1]]


@pytest.mark.parametrize("game", GAMES, ids=["cramps", "craits"])
def test_a_state_prints_as_a_short_diagram(game: Any) -> None:
    for state in _positions(game):
        text = str(state)
        lines = text.splitlines()
        assert len(lines) == 2 + game.players
        assert all(len(line) < 120 for line in lines)
        assert len(text) < 600 < len(repr(state))  # much shorter than the dump
        for seat, hand in enumerate(state.hands):
            assert lines[2 + seat].startswith(f"  seat {seat}  ")
            assert cr.format_cards(hand) in lines[2 + seat]
        if state.is_over:
            assert "over" in lines[0] and f"seat {state.winners[0]}" in lines[0]
        else:
            assert f"seat {state.to_move} to" in lines[0]


@pytest.mark.parametrize("game", GAMES, ids=["cramps", "craits"])
def test_a_view_prints_only_what_its_seat_sees(game: Any) -> None:
    for state in _positions(game)[:-1]:
        for seat in range(game.players):
            view = game.observe(state, seat)
            text = str(view)
            assert f"(as seen by seat {seat})" in text.splitlines()[0]
            for other in range(game.players):
                if other != seat and state.hands[other]:
                    assert cr.format_cards(state.hands[other]) not in text
                    assert f"({len(state.hands[other])} cards)" in text


def test_the_cramps_diagram() -> None:
    game = cr.Cramps()
    state = game.apply(game.new_game(seed=7), cr.Play("9S"))
    assert str(state).splitlines()[:2] == [
        "Cramps round 1, trick 1 of 13; dealer seat 0; seat 2 to play",
        "  trick   seat 1 9♠",
    ]


def test_the_craits_diagram() -> None:
    game = cr.Craits(players=3)
    state = game.new_game(seed=3, dealer=0)
    lines = str(state).splitlines()
    assert lines[0].startswith("Craits hand 1 (8 dealt), dealer seat 0, play goes clockwise")
    assert lines[1].startswith(f"  top {state.top}, suit to follow {state.suit.symbol}, stock")
