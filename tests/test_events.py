"""Events: every card played is told, a 6's extra turn is told, an 8 played as the last
card still names its suit, and the first turned-up card's doings come with ``start()``.
The events page of the docs lists every event class the library exports."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import cardrules as cr
from craits_helpers import events_of, play, position

DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.mark.parametrize(
    "game", [cr.Cramps(target=10), cr.Craits(players=3, short_game=True)], ids=["cramps", "craits"]
)
def test_every_card_played_is_told_right_after_its_move(game: Any) -> None:
    chooser = random.Random(3)
    state = game.new_game(seed=3)
    plays = 0
    while not state.is_over:
        move = chooser.choice(game.legal_moves(state))
        step = game.step(state, move)
        told = events_of(step.events, cr.CardPlayed)
        if isinstance(move, cr.Play):
            plays += 1
            assert step.events[0] == cr.MovePlayed(state.to_move, move)
            assert step.events[1] == cr.CardPlayed(state.to_move, move.card)
            assert told == [step.events[1]]
        else:
            assert not told
        state = step.state
    assert plays > 50


def test_a_six_tells_that_its_player_plays_again() -> None:
    game = cr.Craits(players=3)
    state = position(game, ["3C 4C", "6H 9C 2D", "5D 7D"], "JH")  # seat 1 to move
    state, events = play(game, state, "6H")
    assert events_of(events, cr.PlayAgain) == [cr.PlayAgain(1)]
    assert state.to_move == 1


def test_a_turned_up_six_tells_that_the_dealer_plays_again() -> None:
    game = cr.Craits(players=3)
    hands = [["9C", "2D"], ["3C", "4C"], ["5D", "7D"]]
    pile = ["6C", *[str(c) for c in _rest(game, hands, ["6C"])]]
    step = game.start(seed=1, dealer=0, hands=hands, stock=pile)
    assert events_of(step.events, cr.PlayAgain) == [cr.PlayAgain(0)]
    assert step.state.to_move == 0


def _rest(game: cr.Craits, hands: list[list[str]], pile: list[str]) -> list[cr.Card]:
    used = [cr.Card.parse(c) for hand in hands for c in hand] + [cr.Card.parse(c) for c in pile]
    rest = list(game.deck.cards())
    for c in used:
        rest.remove(c)
    return rest


def test_a_six_played_as_the_last_card_ends_the_hand_without_playing_again() -> None:
    game = cr.Craits(players=3, short_game=True)
    state = position(game, ["3C 4C", "6H", "5D 7D"], "JH", hand_number=8)
    _, events = play(game, state, "6H")
    assert not events_of(events, cr.PlayAgain)
    assert events_of(events, cr.GameOver)


def test_an_eight_played_as_the_last_card_names_its_suit() -> None:
    game = cr.Craits(players=3, short_game=True)
    state = position(game, ["3C 4C", "8S", "5D 7D"], "JH", hand_number=7)
    _, events = play(game, state, cr.Play("8S", suit="D"))
    assert events_of(events, cr.SuitNamed) == [cr.SuitNamed(1, cr.Suit.DIAMONDS)]
    kinds = [type(e) for e in events]
    assert kinds.index(cr.SuitNamed) < kinds.index(cr.HandScored)


def test_an_eight_named_mid_hand_is_told_once() -> None:
    game = cr.Craits(players=3)
    state = position(game, ["3C 4C", "8S 9C", "5D 7D"], "JH")
    _, events = play(game, state, cr.Play("8S", suit="D", announce=True))
    assert events_of(events, cr.SuitNamed) == [cr.SuitNamed(1, cr.Suit.DIAMONDS)]
    assert events_of(events, cr.OneCardAnnounced) == [cr.OneCardAnnounced(1)]


def test_start_tells_what_the_first_turned_up_card_did() -> None:
    """The red team's seed: a 2 turned up starts the count inside ``new_game``; the same
    state from ``start()`` comes with the events that say so."""
    game = cr.Craits()
    seed = next(s for s in range(200) if game.new_game(seed=s).count)
    state = game.new_game(seed=seed)
    step = game.start(seed=seed)
    assert step.state == state
    kinds = [type(e) for e in step.events]
    assert kinds[:2] == [cr.HandDealt, cr.CardTurnedUp]
    started = events_of(step.events, cr.CountStarted)
    assert started == [cr.CountStarted(state.dealer, state.count)]


def test_the_events_page_lists_every_event() -> None:
    page = (DOCS / "events.md").read_text(encoding="utf-8")
    exported = {
        name
        for name in cr.__all__
        if isinstance(getattr(cr, name), type) and issubclass(getattr(cr, name), cr.Event)
    } - {"Event"}
    listed = set(re.findall(r"\{class\}`~cardrules\.(\w+)`", page))
    assert exported <= listed, sorted(exported - listed)
