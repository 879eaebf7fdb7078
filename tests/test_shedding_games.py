"""Shedding games other than Craits, built in the tests on the engine
(:class:`cardrules.shedding.engine.SheddingGame`): a small Mau-Mau, where a 7 makes the
next player draw two (or pass the count on with another 7), a jack is wild and an ace
skips. They check what the engine does for any game, not only for Craits."""

from __future__ import annotations

import random
from typing import ClassVar

import attrs

import cardrules as cr
from cardrules.cards import Card, Rank
from cardrules.shedding import Action, CardRule, CardTable
from cardrules.shedding.engine import SheddingGame
from cardrules.shedding.state import ShedState, ShedView

MAU_MAU_TABLE = CardTable(
    {
        rank: (
            CardRule(Action.NONE, 7, count=2, starts_count=True)
            if rank == Rank.SEVEN
            else CardRule(Action.WILD, 20)
            if rank == Rank.JACK
            else CardRule(Action.SKIP, 11)
            if rank == Rank.ACE
            else CardRule(Action.NONE, min(rank, 10))
        )
        for rank in Rank
    }
)


class MauMauState(ShedState):
    __slots__ = ()


@attrs.frozen
class MauMauView(ShedView):
    pass


@attrs.frozen(kw_only=True)
class MauMau(SheddingGame[MauMauState, MauMauView]):
    """Mau-Mau for ``players``: five cards each, one hand, the player out wins."""

    name: ClassVar[str] = "test_mau_mau"
    higher_scores_win: ClassVar[bool] = False
    state_class: ClassVar[type[ShedState]] = MauMauState
    view_class: ClassVar[type] = MauMauView
    card_table: ClassVar[CardTable] = MAU_MAU_TABLE  # type: ignore[misc]
    players: int = 3

    def cards_each(self, hand_number: int) -> int:
        return 5

    def hand_scores(self, hands: tuple[tuple[Card, ...], ...], blocked: bool) -> tuple[int, ...]:
        return tuple(sum(MAU_MAU_TABLE[c.rank].points for c in hand) for hand in hands)


def random_game(game: MauMau, seed: int) -> ShedState:
    chooser = random.Random(seed)
    state = game.new_game(seed=seed)
    for _ in range(5_000):
        if state.is_over:
            break
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
    return state


def test_going_out_on_a_counting_card_ends_the_hand_when_the_count_is_drawn() -> None:
    # Seat 0 goes out on a 7 (the count starts at 2); seat 1 cannot add a 7 and draws
    # two; the hand then ends: seat 0 is out. (The engine used to read a Craits option
    # here and crash for any other game.)
    game = MauMau(players=3)
    state = game.position(["7H", "2C 3C", "4D 5D"], discard="9H", stock="6S 6C 6D", to_move=0)
    state = game.apply(state, cr.Play(cr.Card.parse("7H")))
    assert state.count == 2 and state.count_out and state.to_move == 1
    assert game.legal_moves(state) == (cr.Draw(),)
    state = game.apply(state, cr.Draw())
    assert state.is_over
    assert state.hands[0] == () and len(state.hands[1]) == 4
    assert state.winners == (0,)


def test_random_games_end_without_errors() -> None:
    # 43 of 200 such games crashed before the fix (a 7 as the last card).
    game = MauMau(players=3)
    over = [random_game(game, seed).is_over for seed in range(60)]
    assert all(over)
