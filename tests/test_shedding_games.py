"""Shedding games other than Craits, built in the tests on the engine
(:class:`cardrules.shedding.engine.SheddingGame`): a small Mau-Mau, where a 7 makes the
next player draw two (or pass the count on with another 7), a jack is wild and an ace
skips. They check what the engine does for any game, not only for Craits."""

from __future__ import annotations

import pickle
import random
from typing import Any, ClassVar

import attrs
import pytest

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
    # Engine policies as constructor options: a variant is a constructor call.
    draw_only_when_stuck: bool = True
    draw_keeps_turn: bool = False
    draw_limit: int | None = None
    pass_by_choice: bool = False
    reshuffle_when: Any = "drawing"

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


def test_a_variant_is_a_constructor_call() -> None:
    game = MauMau(
        draw_only_when_stuck=False, draw_keeps_turn=True, draw_limit=1, pass_by_choice=True
    )
    state = game.position(["9H 2C", "3C", "4D"], discard="9S", stock="6S 6C", to_move=0)
    assert set(game.legal_moves(state)) == {cr.Play(cr.Card.parse("9H")), cr.Draw()}
    state = game.apply(state, cr.Draw())  # one draw, and the turn is still seat 0's
    assert state.to_move == 0 and state.draws_this_turn == 1
    playable = {cr.Play(cr.Card.parse("9H")), cr.Play(cr.Card.parse("6S"))}  # 6S just drawn
    assert set(game.legal_moves(state)) == playable | {cr.Pass()}
    assert game.options()["draw_limit"] == 1
    assert MauMau().legal_moves(MauMau().position(["9H", "3C", "4D"], "9S", "6S", to_move=0)) == (
        cr.Play(cr.Card.parse("9H")),
    )


def test_a_never_reshuffled_stock_draws_nothing_when_empty() -> None:
    game = MauMau(reshuffle_when="never")
    state = game.position(["2C", "3D", "4D"], discard="5S 6S 9H", to_move=0)
    after = game.apply(state, cr.Draw())  # Craits K20: a draw that finds nothing
    assert after.hands[0] == state.hands[0] and after.to_move == 1 and after.idle_turns == 1
    default = MauMau()  # the pile is reshuffled
    state = default.position(["2C", "3D", "4D"], discard="5S 6S 9H", to_move=0)
    assert len(default.apply(state, cr.Draw()).hands[0]) == 2


@pytest.mark.parametrize(
    "options",
    [{"draw_limit": 0}, {"draw_limit": True}, {"reshuffle_when": "sometimes"}],
)
def test_policies_out_of_range_are_refused_when_a_game_starts(options: dict[str, Any]) -> None:
    with pytest.raises(cr.RulesError, match=r"draw_limit|reshuffle_when"):
        MauMau(**options).new_game(seed=1)


DRAW_OR_PASS_GAMES = [
    MauMau(),
    MauMau(reshuffle_when="never"),
    MauMau(
        players=4,
        draw_only_when_stuck=False,
        draw_keeps_turn=True,
        draw_limit=2,
        pass_by_choice=True,
        reshuffle_when="stock_empty",
    ),
    MauMau(draw_keeps_turn=True, draw_limit=1, pass_by_choice=True, reshuffle_when="never"),
    cr.Craits(players=3, short_game=True),
    cr.Craits(players=4, idiot_calls="automatic", one_card_deal_announce=True),
    cr.CrazyEights(players=3, draw_by_choice=False, draw_limit=1, reshuffle=False),
]


@pytest.mark.parametrize("game", DRAW_OR_PASS_GAMES, ids=repr)
def test_draw_and_pass_are_accepted_as_listed_whether_or_not_the_list_was_built(
    game: SheddingGame[Any, Any],
) -> None:
    # apply reads a Draw's or a Pass's legality off the legal moves when a state has
    # built them, and works it out otherwise: both must say what legal_moves says, and
    # make the same move with the same events.
    for seed in range(6):
        chooser = random.Random(seed)
        state = game.new_game(seed=seed)
        for _ in range(200):  # the start of a Craits game, a whole Mau-Mau game
            if state.is_over:
                break
            unlisted = pickle.loads(pickle.dumps(state))  # a state that built no list
            for move in (cr.Draw(), cr.Pass()):
                legal = move in game.legal_moves(state)
                assert game.is_legal(unlisted, move) is legal
                assert game.is_legal(state, move) is legal
                if legal:
                    assert game.step(unlisted, move) == game.step(state, move)
            state = game.apply(state, chooser.choice(game.legal_moves(state)))


@attrs.frozen(kw_only=True)
class MauMauToTarget(MauMau):
    """Mau-Mau played hand after hand until someone holds ``target`` penalty points."""

    name: ClassVar[str] = "test_mau_mau_to_target"
    target: int = 60

    @property
    def hands_in_game(self) -> int:
        return 1_000

    def game_over(self, scores: tuple[int, ...], hand_number: int) -> bool:
        return max(scores) >= self.target or hand_number >= self.hands_in_game


def test_a_game_may_end_on_its_scores_through_game_over() -> None:
    # SheddingGame.game_over: by default the game ends after hands_in_game hands (one
    # for Mau-Mau); a game played to a target ends when the totals reach it.
    assert MauMau().game_over((0, 0, 0), 1) and not MauMauToTarget().game_over((0, 0, 0), 1)
    for seed in range(4):
        game = MauMauToTarget()
        state = random_game(game, seed)
        assert state.is_over and max(state.scores) >= game.target
        events = game.start(seed=seed).events
        assert sum(isinstance(event, cr.HandDealt) for event in events) == 1
    # each hand scored, then the next dealt, until the target is reached
    game = MauMauToTarget(target=1)
    state = game.position(["7H", "2C 3C", "4D 5D"], discard="9H", stock="6S 6C 6D", to_move=0)
    state = game.apply(game.apply(state, cr.Play(cr.Card.parse("7H"))), cr.Draw())
    assert state.is_over and state.hand_number == 1
    game = MauMauToTarget(target=10_000)
    state = game.position(["9C", "2C 3C", "4D 5D"], discard="9H", stock="6S 6C 6D", to_move=0)
    state = game.apply(state, cr.Play(cr.Card.parse("9C")))
    assert not state.is_over and state.hand_number == 2 and state.scores == (0, 5, 9)
