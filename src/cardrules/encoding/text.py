"""The text of information states: every event of a step as a short phrase.

An information state phrases a step's events as its seat may know them
(:func:`~cardrules.events_for`: a card passed is named to its passer alone); a
:class:`~cardrules.CardsDrawn` is phrased by how many cards, never which, even for
the drawer, whose own cards are added by the encoders in square brackets. Phrases hold no ``,``
or ``;``: a step is its phrases joined by ``", "``, the steps are joined by ``"; "``,
so different histories give different texts.

>>> import cardrules as cr
>>> game = cr.Cramps()
>>> step = game.step(game.new_game(seed=1), cr.Play("AC"))
>>> step_text(step.events)
'1:A♣'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from cardrules.cards import format_cards
from cardrules.events import (
    CardPlayed,
    CardsPassed,
    CardTurnedUp,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    MovePlayed,
    TrickWon,
)
from cardrules.moves import Play
from cardrules.shedding.events import (
    CalledOut,
    CardsDrawn,
    CountEnded,
    CountRaised,
    CountStarted,
    DirectionChanged,
    HandBlocked,
    OneCardAnnounced,
    PlayAgain,
    Reshuffled,
    SuitNamed,
    TurnForfeited,
    TurnSkipped,
)
from cardrules.shedding.moves import CallOut, call_phrase

__all__ = ["cards_text", "ints_text", "step_text"]


def ints_text(values: Iterable[int]) -> str:
    """Ints separated by spaces: ``"0 -3 12"``."""
    return " ".join(map(str, values))


def _direction(value: int) -> str:
    return "clockwise" if value > 0 else "counter-clockwise"


_PHRASES: dict[type, Callable[[Any], str]] = {
    MovePlayed: lambda e: f"{e.seat}:{e.move}",
    CardPlayed: lambda e: f"{e.seat} played {e.card}",
    TrickWon: lambda e: f"trick {e.number} to {e.seat} ({e.points:+d})",
    HandScored: lambda e: (
        f"hand {e.number} scored {ints_text(e.hand_scores)} totals {ints_text(e.scores)}"
    ),
    HandDealt: lambda e: f"hand {e.number} dealt by {e.dealer} {e.cards_each} each",
    GameOver: lambda e: f"game over won by {ints_text(e.winners)}",
    CardTurnedUp: lambda e: f"{e.seat} turned up {e.card}",
    CardsPassed: lambda e: (
        f"{e.seat} passed {len(e.cards)} cards to {e.to}"
        if None in e.cards
        else f"{e.seat} passed {cards_text(e.cards)} to {e.to}"
    ),
    CardsDrawn: lambda e: f"{e.seat} drew {e.count} of {e.wanted} ({e.reason})",
    Reshuffled: lambda e: f"{e.seat} reshuffled {e.cards} paying {e.penalty}",
    SuitNamed: lambda e: f"{e.seat} named {e.suit}",
    TurnSkipped: lambda e: f"{e.seat} skipped by {e.by}",
    PlayAgain: lambda e: f"{e.seat} plays again",
    TurnForfeited: lambda e: f"{e.seat} forfeits a turn",
    DirectionChanged: lambda e: f"now {_direction(e.direction)}",
    CountStarted: lambda e: f"{e.seat} starts the count at {e.value}",
    CountRaised: lambda e: f"{e.seat} raises the count to {e.value}",
    CountEnded: lambda e: f"{e.seat} takes the count of {e.value}",
    OneCardAnnounced: lambda e: f"{e.seat} says one card",
    HandBlocked: lambda e: f"hand {e.number} blocked",
}


def _other(event: Event) -> str:
    """An event of a game of your own: its repr, without the separators."""
    return repr(event).replace(",", " ").replace(";", " ")


def _called(event: CalledOut, word: str) -> str:
    if word == "call":
        return f"{event.caller} calls out {event.target}"
    return f"{event.caller} calls {word} on {event.target}"


def _call_move(seat: int, move: CallOut, word: str) -> str:
    target = None if move.target is None else f"seat {move.target}"
    said = call_phrase(word, target)[len("call") :]
    return f"{seat}:seat {move.caller} calls{said}"


def step_text(events: Iterable[Event], call_word: str = "call") -> str:
    """The phrases of one step's events, joined by ``", "``. A
    :class:`~cardrules.CardPlayed` right after the :class:`~cardrules.MovePlayed` that
    plays the same card says nothing new and is left out. A call on a missed "one card"
    is said in the game's word for it, its ``call_word`` (``"call"``: none of its own).

    >>> from cardrules import CallOut, MovePlayed
    >>> step_text([MovePlayed(0, CallOut(0, target=1))], call_word="idiot")
    '0:seat 0 calls "idiot" on seat 1'
    >>> step_text([MovePlayed(0, CallOut(0, target=1))])
    '0:seat 0 calls seat 1 out'
    """
    phrases = []
    played: tuple[int, Any] | None = None
    for event in events:
        kind = type(event)
        if isinstance(event, CardPlayed) and played == (event.seat, event.card):
            played = None
            continue
        played = None
        if isinstance(event, MovePlayed) and type(event.move) is Play:
            played = (event.seat, event.move.card)
        if isinstance(event, CalledOut):
            phrases.append(_called(event, call_word))
            continue
        if isinstance(event, MovePlayed) and type(event.move) is CallOut:
            phrases.append(_call_move(event.seat, event.move, call_word))
            continue
        phrase = _PHRASES.get(kind)
        phrases.append(_other(event) if phrase is None else phrase(event))
    return ", ".join(phrases)


def cards_text(cards: Iterable[Any]) -> str:
    """Cards as text, ``-`` for none."""
    return format_cards(cards) or "-"
