"""Events: what happened in a transition, so a UI or a log need not diff two states.

:meth:`Game.step <cardrules.game.Game.step>` returns the new state with the events of
the move, in the order they happened. Events shared by the games live here; a game
adds its own next to its rules (see :mod:`cardrules.games.craits`).
"""

from __future__ import annotations

import attrs

from cardrules.cards import Card
from cardrules.moves import Move

__all__ = [
    "CardPlayed",
    "Event",
    "GameOver",
    "HandDealt",
    "HandScored",
    "MovePlayed",
    "TrickWon",
]


class Event:
    """Base class of all events."""

    __slots__ = ()


@attrs.frozen
class MovePlayed(Event):
    """``seat`` made ``move`` (always the first event of a step)."""

    seat: int
    move: Move


@attrs.frozen
class CardPlayed(Event):
    """``seat`` played ``card``."""

    seat: int
    card: Card


@attrs.frozen
class TrickWon(Event):
    """``seat`` won trick number ``number`` (1-based in the hand), made of ``cards`` in
    play order, and scored ``points`` for it."""

    seat: int
    number: int
    cards: tuple[Card, ...]
    points: int


@attrs.frozen
class HandScored(Event):
    """Hand (or round) ``number`` ended: ``hand_scores`` per seat, and the game
    ``scores`` after adding them."""

    number: int
    hand_scores: tuple[int, ...]
    scores: tuple[int, ...]


@attrs.frozen
class HandDealt(Event):
    """Hand ``number`` was dealt by ``dealer``, each player receiving ``cards_each``."""

    number: int
    dealer: int
    cards_each: int


@attrs.frozen
class GameOver(Event):
    """The game ended; ``winners`` are the winning seats, ``scores`` the final totals."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
