"""The cards a seat draws are told to that seat alone (issue 32): every
:class:`~cardrules.CardsDrawn` of a step (and of ``start()``) names the cards that
entered the drawer's hand, in the drawer's version of the event and its text; every
other seat, and a log, learns how many and nothing that depends on which. Hearts'
passes name the cards to their receiver (and giver) alone."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import cardrules as cr
from cardrules.decks import UNO_108

_CARD = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")

SHEDDING = [
    cr.Craits(players=3, short_game=True),
    cr.Craits(players=6, short_game=True),  # two decks: copies of every card
    cr.Craits(players=4, short_game=True, idiot_calls="automatic"),
    cr.CrazyEights(players=3),
    cr.CrazyEights.openspiel(),
]
IDS = ["craits", "craits-two-decks", "craits-automatic-idiot", "crazy-eights", "openspiel"]


def _steps(game: Any, seeds: range) -> Iterator[tuple[Any, cr.Step[Any]]]:
    """``(state before, step)`` along random games, ``start()``'s step first."""
    for seed in seeds:
        started = game.start(seed)
        yield None, started
        for before, _, step in iter_random_game_from(game, started.state, seed):
            yield before, step


def iter_random_game_from(game: Any, state: Any, seed: int) -> Iterator[tuple[Any, Any, Any]]:
    chooser = random.Random(seed)
    while not state.is_over:
        move = chooser.choice(game.legal_moves(state))
        step = game.step(state, move)
        yield state, move, step
        state = step.state


def _told(event: cr.Event, events: tuple[cr.Event, ...], seat: int | None) -> list[object]:
    """Everything ``seat`` is shown of ``event`` (one of a step's ``events``)."""
    told = event.for_seat(seat)
    shown: list[object] = [repr(told), str(told), cr.describe(event, seat), event.describe(seat)]
    shown += [text for e, text in cr.narrate(events, seat) if e.for_seat(seat) == told]
    to_data = getattr(event, "to_data", None)
    if to_data is not None:
        shown.append(to_data(seat))
    return shown


def _other_cards(cards: tuple[cr.Card, ...]) -> tuple[cr.Card, ...]:
    """As many cards as ``cards``, none of them (what a swapped world drew instead)."""
    return tuple(card for card in cr.STANDARD_DECK.cards() if card not in cards)[: len(cards)]


@pytest.mark.parametrize("game", SHEDDING, ids=IDS)
def test_each_draw_names_the_cards_that_entered_the_hand_to_the_drawer_alone(game: Any) -> None:
    players = len(game.new_game(seed=0).scores)
    draws = 0
    for before, step in _steps(game, range(1)):
        drawn: list[Counter[cr.Card]] = [Counter() for _ in range(players)]
        played: list[Counter[cr.Card]] = [Counter() for _ in range(players)]
        ended = any(isinstance(e, (cr.HandScored, cr.HandDealt)) for e in step.events[1:])
        for event in step.events:
            if isinstance(event, cr.CardPlayed):
                played[event.seat][event.card] += 1
            if not isinstance(event, cr.CardsDrawn):
                continue
            draws += 1
            assert len(event.cards) == event.count
            drawn[event.seat].update(event.cards)
            mine = cr.describe(event, event.seat)
            assert Counter(_CARD.findall(mine.split(" (")[0])) == Counter(map(str, event.cards))
            if draws > 60:  # (enough to swap: the hands are still checked)
                continue
            # Swap: the same draw of other cards tells every other seat the same.
            twin = attrs.evolve(event, cards=_other_cards(event.cards))
            twins = tuple(twin if e is event else e for e in step.events)
            for seat in (*range(players), None):
                if seat == event.seat:
                    assert event.for_seat(seat) is event
                    continue
                assert event.for_seat(seat).cards == ()  # type: ignore[attr-defined]
                assert _told(event, step.events, seat) == _told(twin, twins, seat), seat
        if before is None:  # start(): every hand holds its deal and its draws
            for seat in range(players):
                assert drawn[seat] <= Counter(step.state.hands[seat])
        elif not ended:
            for seat in range(players):
                expected = Counter(before.hands[seat]) - played[seat] + drawn[seat]
                assert Counter(step.state.hands[seat]) == expected, (seat, step.events)
    assert draws > 10


def test_a_turned_up_five_tells_each_seat_its_own_draw_at_start() -> None:
    game = cr.Craits(players=3)
    seed = next(
        s for s in range(200) if any(isinstance(e, cr.CardsDrawn) for e in game.start(s).events)
    )
    started = game.start(seed)
    drawn = [e for e in started.events if isinstance(e, cr.CardsDrawn)]
    assert len(drawn) == 2 and all(e.count == 1 for e in drawn)
    for event in drawn:
        (card,) = event.cards
        assert card in started.state.hands[event.seat]
        mine = [text for e, text in cr.narrate(started.events, event.seat) if e is event]
        assert mine == [f"You draw {card} ({_turned_up(started)} makes every other player draw)."]
        for seat in {0, 1, 2} - {event.seat}:
            told = cr.events_for(started.events, seat)
            assert event not in told and event.for_seat(seat) in told


def _turned_up(step: cr.Step[Any]) -> cr.Card:
    return next(e.card for e in step.events if isinstance(e, cr.CardTurnedUp))


def test_hearts_passes_are_told_to_the_giver_and_the_receiver_alone() -> None:
    game = cr.Hearts()
    state = game.new_game(seed=5)
    chooser = random.Random(5)
    while True:
        step = game.step(state, chooser.choice(game.legal_moves(state)))
        passed = [e for e in step.events if isinstance(e, cr.CardsPassed)]
        if passed:
            break
        state = step.state
    assert len(passed) == 4
    for event in passed:
        assert None not in event.cards and set(event.cards) <= set(step.state.hands[event.to])
        for seat in range(4):
            told = event.for_seat(seat)
            assert told.cards == (event.cards if seat in (event.seat, event.to) else (None,) * 3)  # type: ignore[attr-defined]
            names = set(_CARD.findall(cr.describe(event, seat)))
            assert names == (
                {str(c) for c in event.cards} if seat in (event.seat, event.to) else set()
            )


def test_a_draw_event_holds_no_cards_or_the_cards_drawn() -> None:
    event = cr.CardsDrawn(1, 2, "count", 2)
    assert event.cards == () and repr(event) == (
        "CardsDrawn(seat=1, count=2, reason='count', wanted=2)"
    )
    assert event.for_seat(0) is event and event.describe(1) == "You draw 2 cards (for the count)."
    told = cr.CardsDrawn(1, 2, "count", 2, cards=cr.parse_cards("6D 2C"))
    assert told != event and told.for_seat(0) == event and told.for_seat(None) == event
    assert told.describe(1) == "You draw 6♦ and 2♣ (for the count)."
    with pytest.raises(cr.EventError, match=r"the cards drawn \(2\)"):
        cr.CardsDrawn(1, 2, "count", 2, cards=cr.parse_cards("6D"))
    with pytest.raises(cr.EventError, match=r"a tuple of cards \(Cards, or a declared deck's"):
        cr.CardsDrawn(1, 1, "count", 1, cards=["6D"])  # type: ignore[arg-type]
    uno = cr.CardsDrawn(0, 2, "draws", 2, cards=UNO_108.parse_cards("R5 W+4"))  # a declared deck's
    assert uno.describe(0) == "You draw R5 and W+4 (a card makes the next player draw)."
    assert uno.for_seat(1) == cr.CardsDrawn(0, 2, "draws", 2)
