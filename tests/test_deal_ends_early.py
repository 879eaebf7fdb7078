"""A deal ends when the rules say: the trick engine's ``deal_over`` and the shedding
engine's ``hand_over`` hooks.

Three small games defined here: a Null-like trick game (the declarer loses the deal
as soon as it takes a trick), Hearts that stops once every point is taken (so it must
score, and deal the next deal, exactly as Hearts played to the last trick does), and
Crazy Eights whose hand ends when the stock runs out. Checked: the deal ends at the
right moment with the right scores and events, the next deal starts as usual, no card
is lost or made (the unplayed ones stay in their hands), and views, determinize,
records, explicit chance, the family encoder, random playouts, positions and a host
all follow it. A game that does not override the hooks is not touched by them (its
games are pinned by tests/test_encoding_pinned.py and tests/test_same_games.py).
"""

from __future__ import annotations

import random
import warnings
from typing import Any, ClassVar

import attrs
import numpy as np
import pytest

import cardrules as cr
from cardrules.cards import ALL_CARDS
from cardrules.chance import ExplicitChance
from cardrules.digest import state_digest
from cardrules.encoding import TrickEncoder, encoder_for
from cardrules.encoding.arrays import ObservationArrays
from cardrules.game import Game
from cardrules.games import shipped_games
from cardrules.games.crazy_eights import rules as crazy_eights
from cardrules.games.hearts import rules as hearts
from cardrules.shedding.engine import SheddingGame
from cardrules.tricks.core import Trick
from cardrules.tricks.engine import TrickGame, TrickState, TrickView
from cardrules.tricks.playout import plays_plainly

NINE_UP = tuple(card for card in ALL_CARDS if card.rank >= 9)  # 9 to ace: 24 cards


@attrs.frozen
class NullTricks(TrickGame[TrickState, TrickView]):
    """Three players, eight cards each from 9 to ace; the dealer's left leads and
    declares Null: it loses the deal (-10) as soon as it takes a trick, and wins it
    (+10) by taking none; the others score a point a trick they took (so when the
    deal ends counts). Three deals."""

    name: ClassVar[str] = "test_null_tricks"
    players: ClassVar[int] = 3
    trick_points_are_tricks: ClassVar[bool] = True

    def deck(self) -> tuple[cr.Card, ...]:
        return NINE_UP

    def trick_points(self, number: int, cards: tuple[cr.Card, ...]) -> int:
        return 1

    def deal_over(self, state: Any) -> bool:
        return bool(state.trick_records[-1][2] == declarer(state))

    def score_deal(self, state: Any, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        seat = declarer(state)
        scores = list(round_scores)
        scores[seat] = -10 if round_scores[seat] else 10
        return tuple(scores)

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(seat for seat, score in enumerate(scores) if score == max(scores))

    def winners_after_deal(self, number: int, scores: tuple[int, ...]) -> tuple[int, ...]:
        return self.game_winners(scores) if number >= 3 else ()


def declarer(state: Any) -> int:
    return (int(state.dealer) + 1) % 3


@attrs.frozen
class QuickHearts(hearts.Hearts):
    """Hearts whose deal ends once all 26 points are taken."""

    name: ClassVar[str] = "test_quick_hearts"

    def deal_over(self, state: Any) -> bool:
        return bool(sum(state.round_scores) == 26)


@attrs.frozen
class ShortEights(crazy_eights.CrazyEights):
    """Crazy Eights whose hand ends when the stock runs out."""

    name: ClassVar[str] = "test_short_eights"

    def hand_over(self, state: Any) -> bool:
        return bool(state.stock_size == 0)


def random_game(game: Any, seed: int, limit: int = 2000) -> list[cr.Step[Any]]:
    """The steps of a seeded game of random legal moves (the start first)."""
    chooser = random.Random(seed)
    steps = [game.start(seed=seed)]
    while not steps[-1].state.is_over and len(steps) < limit:
        state = steps[-1].state
        steps.append(game.step(state, chooser.choice(game.legal_moves(state))))
    return steps


def move_of(step: cr.Step[Any]) -> Any:
    """The move of a step (its first event tells it)."""
    played = step.events[0]
    assert isinstance(played, cr.MovePlayed)
    return played.move


def kinds(step: cr.Step[Any]) -> list[str]:
    return [type(event).__name__ for event in step.events]


def deal_ends(steps: list[cr.Step[Any]]) -> list[int]:
    """The indices of the steps that end a deal."""
    return [i for i, step in enumerate(steps) if "HandScored" in kinds(step)]


def accounted(state: Any) -> None:
    """Every card of a NullTricks deal (the whole deck) is either held or in a trick
    (the one in progress too), once; the played mask counts the played ones only."""
    played = [card for trick in (*state.tricks, state.trick) for card in trick.cards]
    held = [card for hand in state.hands for card in hand]
    assert sorted(played + held) == sorted(NINE_UP)
    assert state.played_mask == sum(1 << card for card in played)


# -- the trick engine ------------------------------------------------------------------


def test_a_null_deal_ends_with_the_declarers_first_trick() -> None:
    game = NullTricks()
    ended_early = full = 0
    for seed in range(6):
        steps = random_game(game, seed)
        assert steps[-1].state.is_over and steps[-1].state.round_number == 3
        for i in deal_ends(steps):
            before, step = steps[i - 1].state, steps[i]
            won = [e for e in step.events if isinstance(e, cr.TrickWon)]
            scored = [e for e in step.events if isinstance(e, cr.HandScored)]
            assert len(won) == 1 and len(scored) == 1
            seat = declarer(before)
            tricks = before.trick_records
            # no trick of the declarer's before this one
            assert all(winner != seat for _, _, winner in tricks)
            expected = [0, 0, 0]
            for winner in (*(winner for _, _, winner in tricks), won[0].seat):
                expected[winner] += 1
            if won[0].seat == seat:
                expected[seat] = -10
                ended_early += won[0].number < 8
            else:
                assert won[0].number == 8  # every trick played
                expected[seat] = 10
                full += 1
            assert scored[0].hand_scores == tuple(expected)
            assert kinds(step)[-2:] == (
                ["HandScored", "GameOver"] if step.state.is_over else ["HandScored", "HandDealt"]
            )
            totals = tuple(a + b for a, b in zip(before.scores, expected, strict=True))
            assert scored[0].scores == totals
            after = step.state
            if not after.is_over:  # the next deal, dealt in full
                assert after.round_number == before.round_number + 1
                assert after.dealer == (before.dealer + 1) % 3
                assert after.scores == totals and after.round_scores == (0, 0, 0)
                assert after.tricks == () and after.trick.cards == ()
                assert [len(hand) for hand in after.hands] == [8, 8, 8]
                assert after.to_move == declarer(after)
    assert ended_early and full  # both endings seen


def test_no_card_is_lost_or_made_and_the_unplayed_stay_in_hand() -> None:
    game = NullTricks()
    for seed in range(3):
        steps = random_game(game, seed)
        for step in steps:
            accounted(step.state)
        last = steps[-1].state
        if len(last.tricks) < 8:  # the game ended with an early deal end
            assert sum(map(len, last.hands)) == 3 * (8 - len(last.tricks))
            for seat in range(3):
                view = game.observe(last, seat)
                assert view.hand == last.hands[seat] and view.legal_moves == ()
                assert view.hand_sizes == tuple(map(len, last.hands))


def test_score_deal_and_carry_over_see_the_cards_left_unplayed() -> None:
    seen: list[Any] = []

    @attrs.frozen
    class Watching(NullTricks):
        name: ClassVar[str] = ""

        def score_deal(self, state: Any, round_scores: tuple[int, ...]) -> tuple[int, ...]:
            seen.append(("score", state))
            return super().score_deal(state, round_scores)

        def carry_over(self, state: Any) -> Any:
            seen.append(("carry", state))

    game = Watching()
    # Seat 0 declares (the dealer's left) and leads: a trick it takes ends the deal.
    state = game.position(["AC 9D TD", "9C JD QD", "TC KD AD"], leader=0, dealer=2)
    seen.clear()  # (position asks score_deal whether it takes the position)
    state = game.apply(state, cr.Play(cr.Card.parse("AC")))
    state = game.apply(state, cr.Play(cr.Card.parse("9C")))
    step = game.step(state, cr.Play(cr.Card.parse("TC")))
    assert [what for what, _ in seen] == ["score", "carry"]
    for _, last in seen:
        assert len(last.tricks) == 1 and last.trick.cards == ()
        assert [len(hand) for hand in last.hands] == [2, 2, 2]  # left unplayed
        accounted_cards = {card for hand in last.hands for card in hand}
        assert accounted_cards == set(cr.parse_cards("9D TD JD QD KD AD"))
        assert last.round_scores == (1, 0, 0)
    scored = [e for e in step.events if isinstance(e, cr.HandScored)]
    assert [e.hand_scores for e in scored] == [(-10, 0, 0)]
    assert step.state.round_number == 2 and step.state.dealer == 0


def test_a_deal_the_declarer_takes_no_trick_of_is_played_out() -> None:
    game = NullTricks()
    state = game.position(["9C TD", "JC QD", "KC AD"], leader=2, dealer=2)  # seat 0 declares
    for text in ("KC", "9C", "JC", "AD", "TD"):  # seat 2 takes both tricks
        state = game.apply(state, cr.Play(cr.Card.parse(text)))
    assert state.round_number == 1 and state.to_move == 1
    step = game.step(state, cr.Play(cr.Card.parse("QD")))
    assert [e.hand_scores for e in step.events if isinstance(e, cr.HandScored)] == [(10, 0, 2)]
    assert step.state.round_number == 2


def test_a_position_past_the_end_of_the_deal_is_refused() -> None:
    game = NullTricks()
    taken = Trick(0, cr.parse_cards("AC 9C TC"), 0)  # the declarer (seat 0) took it
    with pytest.raises(cr.SetupError, match=r"over after trick 1 .*deal_over"):
        game.position(["9D", "TD", "JD"], leader=0, tricks=(taken,), dealer=2)
    not_taken = Trick(0, cr.parse_cards("9C AC TC"), 1)
    state = game.position(["9D", "TD", "JD"], leader=1, tricks=(not_taken,), dealer=2)
    assert state.to_move == 1 and game.legal_moves(state) == (cr.Play(cr.Card.parse("TD")),)


def test_hearts_stopped_when_every_point_is_taken_scores_and_deals_as_hearts() -> None:
    quick, full = QuickHearts(), hearts.Hearts()
    early = 0
    for seed in range(4):
        a, b = quick.new_game(seed=seed), full.new_game(seed=seed)
        while a.round_number == 1:
            last = a
            move = quick.legal_moves(a)[-1]  # (high cards: the points go early)
            a, b = quick.apply(a, move), full.apply(b, move)
        early += len(last.trick_records) < 12  # ended before the 13th trick
        assert b.round_number == 1 or len(last.trick_records) == 12
        while b.round_number == 1:  # Hearts plays the rest of the deal (no points left)
            b = full.apply(b, full.legal_moves(b)[0])
        assert a.scores == b.scores and a.dealer == b.dealer and a.hands == b.hands
        assert a.phase == b.phase and a.payload == b.payload
        for seat in range(4):
            assert quick.observe(a, seat) == full.observe(b, seat)
    assert early == 4


def test_determinize_agrees_with_each_view_and_ends_the_deal_as_the_state_does() -> None:
    game = NullTricks()
    for seed in range(2):
        steps = random_game(game, seed)
        for i in range(len(steps) - 1):
            state = steps[i].state
            move = move_of(steps[i + 1])  # (MovePlayed)
            for seat in range(3):
                view = game.observe(state, seat)
                sample = game.determinize(view, seed=i)
                assert game.observe(sample, seat) == view
                accounted(sample)
                if state.to_move == seat:  # (the sample holds the seat's own cards)
                    after = game.step(sample, move)
                    assert kinds(after) == kinds(steps[i + 1])
                    assert after.state.round_number == steps[i + 1].state.round_number
        last = steps[-1].state
        for seat in range(3):  # the end of the game, cards perhaps unplayed
            view = game.observe(last, seat)
            assert game.observe(game.determinize(view, seed=1), seat) == view


def test_records_replay_and_digest_games_with_deals_ended_early() -> None:
    eights = ShortEights(players=3, target=300, reshuffle=False)
    games: list[Any] = [NullTricks(), QuickHearts(), eights]
    for game in games:
        steps = random_game(game, 4)
        record = cr.GameRecord.start(game, seed=4)
        for step in steps[1:]:
            record = record.then(move_of(step))
        again = cr.GameRecord.from_json(record.to_json())
        assert again.final_state() == steps[-1].state and again.final_state().is_over
        assert again.states() == tuple(step.state for step in steps)
        assert state_digest(game, again.final_state()) == state_digest(game, steps[-1].state)


def test_explicit_chance_deals_the_next_deal_after_an_early_end() -> None:
    for game in (NullTricks(), ShortEights(players=3, target=300, reshuffle=False)):
        table = ExplicitChance(game)
        chooser = random.Random(5)
        state = table.new_game()
        cards = len(game.deck()) if isinstance(game, TrickGame) else 52
        scored = waits = tricks = 0
        while not state.is_over:
            if state.is_chance:
                outcomes = [outcome for outcome, _ in table.chance_outcomes(state)]
                step = table.step_chance(state, chooser.choice(outcomes))
            else:
                step = table.step(state, chooser.choice(table.legal_moves(state)))
                if step.state.is_chance:  # a deal ended: the next one waits for its shuffle
                    waits += 1
                    assert step.state.cards_to_place == cards
            scored += kinds(step).count("HandScored")
            tricks += kinds(step).count("TrickWon")
            state = step.state
        assert scored == state.inner.deal_number >= 2 and waits == scored - 1
        if isinstance(game, TrickGame):
            assert tricks < 8 * scored  # (some deal ended early)


def test_the_family_encoder_follows_deals_that_end_early() -> None:
    game = NullTricks()
    encoder = encoder_for(game)
    assert type(encoder) is TrickEncoder
    for seed in range(2):
        steps = random_game(game, seed)
        infos = encoder.info_states(steps[0].state)
        arrays = ObservationArrays(encoder, steps[0].state)
        for i, step in enumerate(steps):
            if i:
                infos = encoder.after(infos, step)
                arrays.update(step)
            for seat, info in enumerate(infos):
                view = game.observe(step.state, seat)
                observation = encoder.observation(view)
                assert info.observation == observation
                assert np.array_equal(arrays.observation(seat), np.array(observation, np.float32))
                number = encoder.field("trick_number").of(observation)
                assert sum(number) == (0.0 if step.state.is_over else 1.0)


def test_random_playouts_end_the_deal_as_the_engine_does() -> None:
    for game in (NullTricks(), QuickHearts()):
        for seed in range(3):
            state = game.new_game(seed=seed)
            while state.phase is not None:  # (Hearts' passing)
                state = game.apply(state, game.legal_moves(state)[0])
            assert plays_plainly(game, state, 100)  # the quick path, asked after each trick
            for draw in range(4):
                quick = game.random_playout(state, random.Random(draw).random, 1000)
                plain = Game.random_playout(game, state, random.Random(draw).random, 1000)
                assert quick == plain


def test_the_pettingzoo_host_plays_a_game_whose_deals_end_early() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from cardrules.hosts.pettingzoo import CardGameEnv

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about observation styles, not failures
        api_test(CardGameEnv(NullTricks()), num_cycles=200)


def test_the_openspiel_host_plays_a_game_whose_deals_end_early() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from cardrules.hosts import openspiel as hosted

    pyspiel.random_sim_test(
        hosted.load_game(NullTricks()), num_sims=2, serialize=True, verbose=False
    )


def test_games_without_the_hooks_are_not_asked() -> None:
    for name, kind in shipped_games().items():
        if issubclass(kind, TrickGame) and kind.deal_over is TrickGame.deal_over:
            assert not kind._ends_early and kind.apply is TrickGame.apply, name
        if issubclass(kind, SheddingGame):
            assert kind.apply is SheddingGame.apply, name
    assert NullTricks._ends_early and QuickHearts._ends_early
    assert cr.Skat._ends_early  # (a lost Null game)
    assert NullTricks.apply is not TrickGame.apply
    assert ShortEights.apply is not SheddingGame.apply


# -- the shedding engine ---------------------------------------------------------------


def test_a_shedding_hand_ends_when_the_stock_runs_out() -> None:
    game = ShortEights(players=3, target=300, reshuffle=False)
    ends = 0
    for seed in range(3):
        steps = random_game(game, seed)
        assert steps[-1].state.is_over
        for i, step in enumerate(steps[1:], start=1):
            state = step.state
            assert sum(state.hand_sizes) + state.stock_size + len(state.discard) == 52
            if "HandScored" not in kinds(step):
                assert state.stock_size > 0 and state.hand_number == steps[i - 1].state.hand_number
                continue
            before = steps[i - 1].state
            move = move_of(step)
            # The same move without the hook: the hand it leaves, which the hook ended.
            unended = SheddingGame.apply(game, before, move)
            scored = next(e for e in step.events if isinstance(e, cr.HandScored))
            if unended.hand_number == before.hand_number and not unended.is_over:
                assert unended.stock_size == 0
                assert scored.hand_scores == game.hand_scores(unended.hands, True)
                ends += 1
            if not state.is_over:
                assert state.hand_number == before.hand_number + 1
                assert "HandDealt" in kinds(step) and state.stock_size > 0
                assert state.scores == scored.scores
    assert ends >= 3


def test_a_shedding_position_whose_hand_is_over_is_refused() -> None:
    game = ShortEights(players=2)
    with pytest.raises(cr.SetupError, match="hand_over ends the hand"):
        game.position(["2C 3C", "4D 5D"], discard="KH", to_move=0)
    state = game.position(["2C 3C", "4D 5D"], discard="KH", stock="9S", to_move=0)
    step = game.step(state, cr.Draw())  # the last card drawn: the hand ends
    assert "HandScored" in kinds(step) and "HandDealt" in kinds(step)
    ended = (cr.parse_cards("2C 3C 9S"), cr.parse_cards("4D 5D"))
    assert step.state.hand_number == 2
    assert step.state.scores == game.hand_scores(ended, True) != (0, 0)


def test_shedding_views_determinize_and_the_encoder_follow_the_early_end() -> None:
    game = ShortEights(players=3, target=300, reshuffle=False)
    encoder = encoder_for(game)
    steps = random_game(game, 7)
    infos = encoder.info_states(steps[0].state)
    for i, step in enumerate(steps):
        if i:
            infos = encoder.after(infos, step)
        for seat, info in enumerate(infos):
            view = game.observe(step.state, seat)
            assert info.observation == encoder.observation(view)
            if i % 7 == 0:
                sample = game.determinize(view, seed=i)
                assert game.observe(sample, seat) == view
