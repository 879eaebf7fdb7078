"""The trick engine remembers the phase moves legal_moves last listed, so that apply of
the same state checks its move without asking the game again: these tests make sure a
move is still checked against the moves of the state it is applied to (another state,
the same state with a move not listed)."""

from __future__ import annotations

from typing import Any

import pytest

import cardrules as cr
from cardrules.games.euchre import rules as euchre
from cardrules.moves import NameSuit, Pass


def _bidding() -> tuple[Any, Any, Any]:
    """A game, a state of its first bidding round, one of its second (four passes)."""
    game = euchre.Euchre()
    first = game.new_game(seed=2, dealer=3)
    second = first
    for _ in range(4):
        second = game.apply(second, Pass())
    return game, first, second


def test_a_move_listed_for_one_state_is_refused_in_another() -> None:
    game, first, second = _bidding()
    upcard = NameSuit(first.turned_up.suit)
    assert upcard in game.legal_moves(first)  # listed last: first's moves
    with pytest.raises(cr.IllegalMoveError, match="not allowed in the bid phase"):
        game.apply(second, upcard)  # the second round names any other suit


def test_a_move_not_listed_is_refused_after_the_listing() -> None:
    game, first, _ = _bidding()
    other = next(suit for suit in cr.Suit if suit != first.turned_up.suit)
    assert NameSuit(other) not in game.legal_moves(first)
    with pytest.raises(cr.IllegalMoveError):
        game.apply(first, NameSuit(other))
    assert game.apply(first, NameSuit(first.turned_up.suit)).phase == "discard"
