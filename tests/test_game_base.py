"""The scaffolding every game shares in cardrules.game.Game: who may send a move."""

from __future__ import annotations

import pytest

import cardrules as cr


def test_only_craits_idiot_calls_may_be_sent_out_of_turn() -> None:
    assert cr.Cramps().out_of_turn_sender(cr.CallIdiot(2, 1)) is None
    assert cr.Cramps().out_of_turn_sender(cr.Play("QS")) is None
    craits = cr.Craits(players=3)
    assert craits.out_of_turn_sender(cr.CallIdiot(2, 1)) == 2
    assert craits.out_of_turn_sender(cr.Play("QS")) is None


class EveryoneMayPlayTheTwoOfClubs(cr.Cramps):
    """A house rule for the test: whoever holds 2♣ may send it at any time (the check
    of the sender follows the hook; the rules still judge the move)."""

    name = ""

    def out_of_turn_sender(self, move: object) -> int | None:
        return 3 if move == cr.Play("2C") else None


def test_check_sender_follows_the_out_of_turn_hook() -> None:
    game = EveryoneMayPlayTheTwoOfClubs()
    state = game.new_game(seed=1)
    assert state.to_move == 1
    game.check_sender(state, cr.Play("2C"), 3)  # allowed to send it out of turn
    with pytest.raises(cr.IllegalMoveError, match="seat 2 cannot send a move of seat 3") as info:
        game.check_sender(state, cr.Play("2C"), 2)
    assert info.value.reason == "not_your_move"
    with pytest.raises(cr.IllegalMoveError) as info:
        game.check_sender(state, cr.Play("3C"), 3)
    assert info.value.reason == "not_your_turn"
    with pytest.raises(cr.StateError):
        game.check_sender(game.observe(state, 1), cr.Play("3C"), 1)  # type: ignore[arg-type]
