"""A shedding game of one's own with a phase before the play and a payload, built from
the engine's public API alone: Stake Eights, where each player in turn stakes 1 to 3
points before the play (their own move, :class:`Stake`), the stakes are the game's
payload, and the player who goes out collects the others' stakes (a scoring hook that
sees the state).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs
import pytest

import cardrules as cr
from cardrules.moves import register_move
from cardrules.shedding import CardRule, CardTable, Phase
from cardrules.shedding.engine import SheddingGame
from cardrules.shedding.state import ShedState, ShedView


@register_move("test_stake")
@attrs.frozen
class Stake:
    """Stake ``points`` on going out first."""

    points: int

    def __str__(self) -> str:
        return f"stake {self.points}"


STAKES = tuple(Stake(points) for points in (1, 2, 3))
TABLE = CardTable({rank: CardRule("wild" if rank == 8 else "none", 1) for rank in cr.Rank})


@attrs.frozen
class StakeEights(SheddingGame[ShedState, ShedView]):
    name: ClassVar[str] = ""  # (not registered)
    card_table = TABLE
    draw_keeps_turn = True
    pass_when_stuck = True
    draw_limit = 1
    players: int = 3

    def cards_each(self, hand_number: int) -> int:
        return 5

    def hand_scores(self, hands: tuple[tuple[cr.Card, ...], ...], blocked: bool) -> tuple[int, ...]:
        return (0,) * self.players  # (score_hand below scores the hand)

    def start_of_hand(self, state: ShedState) -> tuple[str, int, Any]:
        return "stake", (state.dealer + 1) % self.players, ()

    def phase_moves(self, state: ShedState) -> tuple[Stake, ...]:
        return STAKES

    def phase_apply(self, state: ShedState, move: Any, events: list[cr.Event] | None) -> Any:
        stakes = (*state.payload, move.points)
        if len(stakes) < self.players:
            seat = (state.to_move + 1) % self.players  # type: ignore[operator]
            return self.enter_phase(state, "stake", to_move=seat, payload=stakes)
        return self.begin_play(state, events, payload=stakes)

    def score_hand(self, state: ShedState, blocked: bool) -> tuple[int, ...]:
        if blocked:
            return (0,) * self.players
        # The stakes were made from the seat after the dealer on.
        stakes = {(state.dealer + 1 + i) % self.players: s for i, s in enumerate(state.payload)}
        out = state.hand_sizes.index(0)
        return tuple(
            sum(stakes.values()) - stakes[seat] if seat == out else -stakes[seat]
            for seat in range(self.players)
        )

    def all_moves(self) -> tuple[Any, ...]:
        return (*super().all_moves(), *STAKES)


GAME = StakeEights()


def test_a_hand_starts_in_the_games_own_phase_and_the_play_begins_after_it() -> None:
    step = GAME.start(seed=3)
    state = step.state
    assert state.phase == "stake" and state.payload == ()
    assert state.to_move == (state.dealer + 1) % 3
    assert GAME.legal_moves(state) == STAKES
    assert [type(event).__name__ for event in step.events] == ["HandDealt"]
    for points in (3, 1):
        state = GAME.apply(state, Stake(points))
        assert state.phase == "stake"
    step = GAME.step(state, Stake(2))
    assert step.state.phase is Phase.PLAY and step.state.payload == (3, 1, 2)
    names = [type(event).__name__ for event in step.events]
    assert names[:2] == ["MovePlayed", "CardTurnedUp"]
    assert str(step.events[0]) == f"Seat {state.to_move} stakes 2."


def test_moves_of_the_other_phase_are_refused_with_a_reason() -> None:
    state = GAME.new_game(seed=3)
    card = state.hands[state.to_move][0]  # type: ignore[index]
    with pytest.raises(cr.IllegalMoveError, match="not allowed in the stake phase") as info:
        GAME.apply(state, cr.Play(card))
    assert info.value.reason == "not_allowed_now"
    for points in (1, 1, 1):
        state = GAME.apply(state, Stake(points))
    with pytest.raises(cr.IllegalMoveError):
        GAME.apply(state, Stake(2))


def test_views_show_the_payload_and_determinize_keeps_it() -> None:
    state = GAME.apply(GAME.new_game(seed=5), Stake(2))
    view = GAME.observe(state, 0)
    assert view.phase == "stake" and view.payload == (2,) and view.legal_moves in ((), STAKES)
    assert view.to_data()["payload"] == [2]
    assert "payload" not in cr.Craits().observe(cr.Craits().new_game(seed=1), 0).to_data()
    sample = GAME.determinize(GAME.observe(state, state.to_move), seed=1)  # type: ignore[arg-type]
    assert sample.phase == "stake" and sample.payload == (2,)
    assert GAME.legal_moves(sample) == GAME.legal_moves(state)


def test_a_position_in_the_phase_and_a_bad_phase() -> None:
    state = GAME.position(["2C 3C", "4D", "5H"], "9S", to_move=1, phase="stake", payload=(3,))
    assert GAME.legal_moves(state) == STAKES and state.payload == (3,)
    with pytest.raises(cr.SetupError, match="own phases"):
        GAME.position(["2C", "4D", "5H"], "9S", to_move=1, phase=7)  # type: ignore[arg-type]


def test_random_hands_score_the_stakes_through_the_hook_that_sees_the_state() -> None:
    ended = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_game(seed=seed)
        stakes: tuple[int, ...] = ()
        while not state.is_over:
            moves = GAME.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
            assert GAME.move_from_id(GAME.move_id(move)) == move
            state = GAME.apply(state, move)
            stakes = state.payload if state.payload is not None else stakes
        assert sum(state.scores) == 0
        if any(state.scores):
            ended += 1
            winner = state.scores.index(max(state.scores))
            assert max(state.scores) == sum(stakes) - stakes[(winner - state.dealer - 1) % 3]
    assert ended >= 3
