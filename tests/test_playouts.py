"""Random playouts (:meth:`Game.random_playout`, the search bot's rollouts): every game's,
on its engine's quick path or not, ends with the scores of playing
``legal_moves(state)[int(random() * n)]`` through ``apply`` to the end of the deal (or
for as many moves as allowed, then the projected scores), from the same random
numbers, and uses as many of them.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from typing import Any

import pytest

import cardrules as cr
from cardrules.games.crazy_eights import rules as crazy_eights
from cardrules.games.euchre import rules as euchre
from cardrules.games.hearts import rules as hearts
from cardrules.games.oh_hell import rules as oh_hell
from cardrules.games.spades import rules as spades
from cardrules.tricks.playout import plays_plainly

GAMES: dict[str, Any] = {
    "cramps": cr.Cramps(),
    "cramps-short": cr.Cramps(target=5, queen_points=-3),
    "hearts": hearts.Hearts(),
    "hearts-no-passing": hearts.Hearts(passing="keep"),
    "spades": spades.Spades(),
    "oh-hell": oh_hell.OhHell(),
    "euchre": euchre.Euchre(),
    "crazy-eights": crazy_eights.CrazyEights(players=3),
    "craits": cr.Craits(players=3),
}


def played_through_apply(
    game: Any, state: Any, random: Callable[[], float], limit: int
) -> tuple[int, ...]:
    """The playout written out move by move, as the contract says it."""
    deal = state.deal_number
    for _ in range(limit):
        if state.is_over or state.deal_number != deal:
            break
        legal = game.legal_moves(state)
        state = game.apply(state, legal[int(random() * len(legal))])
    if state.is_over or state.deal_number != deal:
        return tuple(state.scores)
    return tuple(game.projected_scores(state))


def positions(game: Any, seed: int, count: int) -> list[Any]:
    """``count`` states along random games: deal starts, phases, tricks under way,
    the last cards of a deal and finished games."""
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = game.new_game(seed=rng.getrandbits(32))
        for _ in range(rng.randrange(0, 120)):
            if state.is_over:
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        found.append(state)
    return found


@pytest.mark.parametrize("name", GAMES)
def test_a_playout_is_the_moves_it_says_played_through_apply(name: str) -> None:
    game = GAMES[name]
    for index, state in enumerate(positions(game, zlib.crc32(name.encode()), 12)):
        for limit in (200, 1, 5):
            ours, theirs = random.Random(index), random.Random(index)
            expected = played_through_apply(game, state, theirs.random, limit)
            assert game.random_playout(state, ours.random, limit) == expected, (index, limit)
            assert ours.random() == theirs.random()  # as many numbers drawn


def test_which_playouts_take_the_quick_path() -> None:
    """The equivalence above covers the quick path: Cramps', Spades' and Hearts' plays
    take it (from a deal's start and in the middle of a trick), not a phase (Hearts'
    passing) nor games whose trumps or suits come from hooks (Oh Hell, Euchre)."""
    for name in ("cramps", "hearts-no-passing", "spades"):
        game = GAMES[name]
        under_way = (s for s in positions(game, 3, 20) if not s.is_over and s.phase is None)
        state = next(s for s in under_way if not s.trick_cards)
        assert plays_plainly(game, state, 200), name
        assert not plays_plainly(game, state, sum(map(len, state.hands)) - 1)  # too few moves
        state = game.apply(state, game.legal_moves(state)[0])
        assert state.trick_cards and plays_plainly(game, state, 200), name
    assert GAMES["hearts"].new_game(seed=3).phase == "pass"
    for name in ("hearts", "oh-hell", "euchre"):
        game = GAMES[name]
        assert not plays_plainly(game, game.new_game(seed=3), 200), name


def test_a_playout_of_a_finished_game_is_its_scores() -> None:
    game = GAMES["cramps-short"]
    state = next(s for s in positions(game, 5, 40) if s.is_over)
    assert game.random_playout(state, random.Random(1).random, 200) == state.scores


def test_a_playout_refuses_a_state_of_other_rules() -> None:
    state = GAMES["cramps-short"].new_game(seed=1)
    with pytest.raises(cr.StateError):
        GAMES["cramps"].random_playout(state, random.Random(1).random, 200)


def test_a_restriction_that_leaves_no_card_is_refused_by_name() -> None:
    class Stuck(cr.Cramps):
        name = ""  # not registered
        restricts = True

        def restrict(self, state: cr.CrampsState, seat: int, allowed: int) -> int:
            return 0

    game = Stuck()
    with pytest.raises(cr.StateError, match=r"Stuck.restrict left seat \d no card to play"):
        game.random_playout(game.new_game(seed=1), random.Random(1).random, 200)
