"""A trick game's :meth:`~cardrules.tricks.engine.TrickGame.restrict` takes effect when
the game overrides it, with or without ``restricts = True`` (the engine detects the
hook, as it does for ``score_trick`` and the others); ``restricts`` set explicitly is
still obeyed."""

from __future__ import annotations

import random
from typing import ClassVar

import attrs

import cardrules as cr
from cardrules.cards import SUIT_MASK, Card, Suit
from cardrules.tricks.engine import TrickGame, TrickState, TrickView

_SPADES = SUIT_MASK[Suit.SPADES]


@attrs.frozen
class NoSpadeLeads(TrickGame[TrickState, TrickView]):
    """Four players, spades trumps; no spade may be led while the leader holds another
    suit. It overrides ``restrict`` and says nothing more."""

    name: ClassVar[str] = ""  # (not registered)
    players: ClassVar[int] = 4
    trump = Suit.SPADES

    def restrict(self, state: TrickState, seat: int, allowed: int) -> int:
        """No spade led while the leader holds another suit."""
        return allowed if state.trick_cards else allowed & ~_SPADES or allowed

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        return 1

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        return (scores.index(max(scores)),)


@attrs.frozen
class Switched(NoSpadeLeads):
    """The same hook, turned off by an option."""

    restricts: bool = False


def _lead_cards(game: TrickGame[TrickState, TrickView]) -> set[Suit]:
    hands = [["AS", "2C"], ["KS", "3C"], ["QS", "4C"], ["JS", "5C"]]
    state = game.position(hands, leader=0)
    return {move.card.suit for move in game.legal_moves(state)}


def test_an_overridden_restrict_takes_effect_without_the_flag() -> None:
    game = NoSpadeLeads()
    assert game.restricts
    assert _lead_cards(game) == {Suit.CLUBS}
    hands = [["AS", "2C"], ["KS", "3C"], ["QS", "4C"], ["JS", "5C"]]
    state = game.position(hands, leader=0)
    try:
        game.apply(state, cr.Play("AS"))
    except cr.IllegalMoveError as error:
        assert error.reason == "not_allowed_now"
    else:
        raise AssertionError("a spade lead was accepted")


def test_a_random_game_never_leads_a_spade_while_holding_another_suit() -> None:
    game = NoSpadeLeads()
    state = game.new_game(seed=5)
    chooser = random.Random(5)
    for _ in range(52):
        moves = game.legal_moves(state)
        if not state.trick_cards:
            hand = state.hand_mask(state.to_move or 0)
            assert all(move.card.suit != Suit.SPADES for move in moves) or not hand & ~_SPADES
        state = game.apply(state, chooser.choice(moves))
    assert game.random_playout(game.new_game(seed=6), random.Random(6).random, 60)


def test_restricts_set_explicitly_is_obeyed() -> None:
    assert not Switched().restricts and Switched(restricts=True).restricts
    assert _lead_cards(Switched()) == {Suit.CLUBS, Suit.SPADES}
    assert _lead_cards(Switched(restricts=True)) == {Suit.CLUBS}


def test_a_game_without_the_hook_is_not_restricted() -> None:
    assert not cr.Cramps().restricts


def test_a_flag_set_above_the_hook_does_not_hide_it() -> None:
    @attrs.frozen
    class Plain(TrickGame[TrickState, TrickView]):
        name: ClassVar[str] = ""
        players: ClassVar[int] = 4
        trump = Suit.SPADES
        restricts = False  # (no hook here yet)

        def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
            return 1

        def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
            return (0,)

    @attrs.frozen
    class Later(Plain):
        def restrict(self, state: TrickState, seat: int, allowed: int) -> int:
            return allowed if state.trick_cards else allowed & ~_SPADES or allowed

    assert not Plain().restricts and Later().restricts
    assert _lead_cards(Plain()) == {Suit.CLUBS, Suit.SPADES}
    assert _lead_cards(Later()) == {Suit.CLUBS}
