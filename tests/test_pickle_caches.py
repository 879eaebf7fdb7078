"""What a state remembers for itself (its legal moves, the deal's suit table) stays out
of its pickle and of its copies: a state pickles to the same bytes before and after
``legal_moves``, ``observe``, ``is_legal`` and ``apply`` ask things of it, in every game
on the engines, and a copy made with other data works its answers out again."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from cardrules.values import Value, slots_of, with_slots
from conftest import engine_games

GAMES = engine_games()


@pytest.mark.parametrize("name", GAMES)
def test_a_states_pickle_is_the_same_after_it_was_asked_for_moves(name: str) -> None:
    game = GAMES[name]
    chooser = random.Random(5)
    rules = pickle.dumps(game)
    state = game.new_game(seed=5)
    for _ in range(120):
        if state.is_over:
            break
        before = pickle.dumps(state)
        legal = game.legal_moves(state)
        assert pickle.dumps(state) == before
        for seat in range(game.players):
            game.observe(state, seat)
        move = chooser.choice(legal)
        assert game.is_legal(state, move)
        after = game.apply(state, move)
        assert pickle.dumps(state) == before
        copy = pickle.loads(before)
        assert copy == state and game.legal_moves(copy) == legal
        assert pickle.dumps(game.apply(copy, move)) == pickle.dumps(after)
        state = after
    assert pickle.dumps(game) == rules  # (the rules' suit tables are not pickled either)


@pytest.mark.parametrize("name", GAMES)
def test_a_copy_with_another_generator_remembers_nothing(name: str) -> None:
    game = GAMES[name]
    chooser = random.Random(6)
    state = game.new_game(seed=6)
    for _ in range(40):
        if state.is_over:
            break
        fresh = pickle.loads(pickle.dumps(state))
        legal = game.legal_moves(state)
        copy = game.with_generator(state, 12345)
        # The copy keeps no remembered answer of the state it was made from: its slots
        # are those of a copy of a state that was never asked.
        assert _slots(copy) == _slots(game.with_generator(fresh, 12345))
        assert game.legal_moves(copy) == legal
        state = game.apply(state, chooser.choice(legal))


def _slots(value: Any) -> dict[str, Any]:
    """Every slot of a value and of the values it holds, by path (unset slots left out)."""
    found: dict[str, Any] = {}
    for name in slots_of(type(value)):
        if not hasattr(value, name):
            continue
        item = getattr(value, name)
        if isinstance(item, Value):
            found.update({f"{name}.{key}": part for key, part in _slots(item).items()})
        else:
            found[name] = item
    return found


class _Remembers(Value):
    """A value with a cache: the square of its number, once asked for."""

    __slots__ = ("_number", "_square")

    def __init__(self, number: int) -> None:
        self._number = number
        self._square: int | None = None

    def _fresh_caches(self) -> dict[str, Any]:
        return {"_square": None}

    @property
    def square(self) -> int:
        if self._square is None:
            self._square = self._number**2
        return self._square


def test_with_slots_and_pickles_leave_a_values_caches_out() -> None:
    value = _Remembers(3)
    before = pickle.dumps(value)
    assert value.square == 9
    assert pickle.dumps(value) == before
    changed = with_slots(value, _number=4)
    assert isinstance(changed, _Remembers) and changed.square == 16
