"""The trick engine's parts for cards that change hands before the play (passing,
picking up, discarding: ``with_hands``), seats that sit
a deal out (a seat left no cards: the partner of a player going alone), deals thrown in
from a phase (``throw_in``), and ``score_deal`` seeing every trick of the deal.

The game here is a small one of the test's own: sixteen cards (J, Q, K, A), four each;
before the play the dealer gives a card to the next seat and names a seat to sit out
(or none), or throws the deal in.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs
import pytest

import cardrules as cr
from cardrules.cards import mask_of
from cardrules.moves import as_card, register_move
from cardrules.tricks.core import Trick, seats_from
from cardrules.tricks.engine import TrickGame, TrickState, TrickView


@register_move("test_hands_give")
@attrs.frozen
class Give:
    card: cr.Card = attrs.field(converter=as_card)

    def __str__(self) -> str:
        return f"give {self.card}"


@register_move("test_hands_out")
@attrs.frozen
class Out:
    seat: int  # -1: nobody sits out; -2: throw the deal in

    def __str__(self) -> str:
        return f"out {self.seat}"


@attrs.frozen
class Small(TrickGame[TrickState, TrickView]):
    name: ClassVar[str] = "test_hands_small"
    players: ClassVar[int] = 4
    deals: int = 2

    def deck(self) -> tuple[cr.Card, ...]:
        return tuple(c for c in cr.cards.ALL_CARDS if c.rank >= cr.Rank.JACK)

    def start_of_deal(self, state: TrickState, events: Any) -> TrickState:
        return self.enter_phase(state, "give", to_move=state.dealer, payload=())

    def phase_moves(self, state: TrickState) -> tuple[Any, ...]:
        if state.phase == "give":
            return tuple(Give(card) for card in state.hands[state.dealer])
        return tuple(Out(seat) for seat in (-2, -1, 0, 1, 2, 3))

    def phase_apply(self, state: TrickState, move: Any, events: Any) -> TrickState:
        hands = [mask_of(hand) for hand in state.hands]
        if isinstance(move, Give):  # the dealer swaps a card for the next seat's lowest
            bit, back = mask_of([move.card]), mask_of(state.hands[(state.dealer + 1) % 4][:1])
            hands[state.dealer] ^= bit | back
            hands[(state.dealer + 1) % 4] ^= bit | back
            state = self.with_hands(state, hands)
            return self.enter_phase(state, "out", to_move=state.dealer, payload=())
        if move.seat == -2:
            return self.throw_in(state, events)
        if move.seat >= 0:
            hands[move.seat] = 0
        out = 0 if move.seat < 0 else 1 << move.seat
        leader = seats_from((state.dealer + 1) % 4, 4, out)[0]
        return self.begin_play(self.with_hands(state, hands), payload=(move.seat,), leader=leader)

    def trick_points(self, number: int, cards: tuple[cr.Card, ...]) -> int:
        return 1

    def score_deal(self, state: TrickState, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        # Every trick is in the final state: the winner of the last scores 10 more.
        if not state.tricks:
            return round_scores
        last = state.tricks[-1].winner
        return tuple(p + 10 * (s == last) for s, p in enumerate(round_scores))

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        return (0, 1, 2, 3) if self.deals == 1 else ()

    def all_moves(self) -> tuple[Any, ...]:
        return (
            *super().all_moves(),
            *(Give(c) for c in self.deck()),
            *(Out(s) for s in range(-2, 4)),
        )


GAME = Small(deals=1)


def dealt(seed: int = 3) -> TrickState:
    return GAME.new_game(seed=seed, dealer=0)


def test_a_card_given_changes_hands_and_the_old_state_is_untouched() -> None:
    state = dealt()
    before = state.hands
    card, back = before[0][0], before[1][0]
    after = GAME.apply(state, Give(card))
    assert state.hands == before  # apply never changes its input
    assert card not in after.hands[0] and card in after.hands[1] and back in after.hands[0]
    assert [len(hand) for hand in after.hands] == [4, 4, 4, 4]
    assert GAME.observe(after, 1).hand == after.hands[1]


def test_a_seat_left_no_cards_sits_the_deal_out() -> None:
    state = GAME.apply(dealt(), Give(dealt().hands[0][0]))
    state = GAME.apply(state, Out(2))
    assert state.hands[2] == () and state.hand_size == 4
    seen = []
    chooser = random.Random(1)
    while not state.is_over:
        assert state.to_move != 2
        if len(state.trick_cards) == 0 and state.tricks:
            seen.append(state.tricks[-1])
        state = GAME.apply(state, chooser.choice(GAME.legal_moves(state)))
    for trick in seen:
        assert len(trick.cards) == 3
        assert [seat for seat, _ in trick.plays(4)] == list(seats_from(trick.leader, 4, 0b100))
        assert 2 not in {seat for seat, _ in trick.plays(4)}
    assert len(seen) == 3 and len(state.tricks) == 4


def test_views_and_samples_of_a_short_table_agree() -> None:
    chooser = random.Random(7)
    for seed in range(12):
        state = GAME.apply(dealt(seed), Give(dealt(seed).hands[0][-1]))
        state = GAME.apply(state, Out(seed % 4))
        step = 0
        while state.to_move is not None and state.hands[state.to_move]:
            for seat in range(4):
                view = GAME.observe(state, seat)
                sample = GAME.determinize(view, seed * 100 + step)
                assert GAME.observe(sample, seat) == view
                assert sample.hands[seed % 4] == ()
            state = GAME.apply(state, chooser.choice(GAME.legal_moves(state)))
            step += 1


def test_score_deal_sees_every_trick_and_a_thrown_in_deal_scores_nothing() -> None:
    state = GAME.apply(dealt(), Give(dealt().hands[0][0]))
    thrown = GAME.step(GAME.apply(dealt(), Give(dealt().hands[0][0])), Out(-2))
    assert thrown.state.is_over and thrown.state.scores == (0, 0, 0, 0)
    assert any(isinstance(e, cr.HandScored) and e.hand_scores == (0,) * 4 for e in thrown.events)
    two = Small(deals=2)
    again = two.apply(two.apply(two.new_game(seed=3, dealer=0), Give(dealt().hands[0][0])), Out(-2))
    assert again.round_number == 2 and again.phase == "give" and again.dealer == 1
    state = GAME.apply(state, Out(-1))
    chooser = random.Random(2)
    while not state.is_over:
        last = state
        state = GAME.apply(state, chooser.choice(GAME.legal_moves(state)))
    assert sum(state.scores) == len(last.tricks) + 1 + 10


def test_bad_hands_are_refused() -> None:
    state = dealt()
    hands = [mask_of(hand) for hand in state.hands]
    for bad in (
        [hands[0], hands[0], hands[2], hands[3]],  # a card in two hands
        [hands[0], 0, 0, 0],  # one seat cannot play tricks alone
        hands[:3],
    ):
        with pytest.raises(cr.StateError):
            GAME.with_hands(state, bad)
    with pytest.raises(cr.StateError):
        GAME.throw_in(GAME.begin_play(state, payload=()), None)
    assert Trick(0, (), out=0b10) != Trick(0, ())
