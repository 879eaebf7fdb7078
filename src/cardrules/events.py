"""Events: what happened in a transition, so a UI or a log need not diff two states.

:meth:`Game.step <cardrules.game.Game.step>` returns the new state with the events of
the move, in the order they happened. Events shared by the games live here; a game
adds its own next to its rules (see :mod:`cardrules.games.craits`).
"""

from __future__ import annotations

import attrs

from cardrules._text import int_text, ints_repr
from cardrules.cards import Card, Suit
from cardrules.moves import Move
from cardrules.values import Immutable

__all__ = [
    "CardPlayed",
    "CardTurnedUp",
    "CardsDrawn",
    "CountEnded",
    "CountRaised",
    "CountStarted",
    "DirectionChanged",
    "Event",
    "GameOver",
    "HandBlocked",
    "HandDealt",
    "HandScored",
    "IdiotCalled",
    "MovePlayed",
    "OneCardAnnounced",
    "PlayAgain",
    "Reshuffled",
    "SuitNamed",
    "TrickWon",
    "TurnForfeited",
    "TurnSkipped",
]


class Event(Immutable):
    """Base class of all events (immutable: a copy of one is itself)."""

    __slots__ = ()


@attrs.frozen
class MovePlayed(Event):
    """``seat`` made ``move`` (always the first event of a step)."""

    seat: int
    move: Move


@attrs.frozen
class CardPlayed(Event):
    """``seat`` played ``card`` (right after the :class:`MovePlayed` of every move that
    plays a card, in every game)."""

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
    hand_scores: tuple[int, ...] = attrs.field(repr=ints_repr)
    scores: tuple[int, ...] = attrs.field(repr=ints_repr)


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
    scores: tuple[int, ...] = attrs.field(repr=ints_repr)


# -- shedding games ---------------------------------------------------------------------


@attrs.frozen
class CardTurnedUp(Event):
    """The dealer (``seat``) turned up ``card`` to start the discard pile; it counts as
    the dealer's play."""

    seat: int
    card: Card


@attrs.frozen
class CardsDrawn(Event):
    """``seat`` drew ``count`` cards (which cards is private) because of ``reason``, a
    short code each game chooses (Craits: ``"cannot_play"``, ``"count"``,
    ``"others_draw"``, ``"two_along_draws"``, ``"idiot"``). ``wanted`` is how many the
    rules asked for; fewer means the draw stopped short."""

    seat: int
    count: int
    reason: str
    wanted: int


@attrs.frozen
class Reshuffled(Event):
    """``seat`` had to draw from an empty stock: the discard pile but its top card,
    ``cards`` cards, was shuffled into a new stock. ``penalty`` is what that cost the
    seat, added to its score at once (Craits' shuffle pressure; 0 in games without one)."""

    seat: int
    cards: int
    penalty: int = attrs.field(default=0, repr=int_text)


@attrs.frozen
class SuitNamed(Event):
    """``seat`` named ``suit`` as the suit to follow."""

    seat: int
    suit: Suit


@attrs.frozen
class TurnSkipped(Event):
    """``seat`` lost its turn to a skip card played by ``by``."""

    seat: int
    by: int


@attrs.frozen
class PlayAgain(Event):
    """``seat`` takes another turn at once: the function of the card it played (or
    turned up as dealer) was "play again" (Craits' 6)."""

    seat: int


@attrs.frozen
class TurnForfeited(Event):
    """``seat`` forfeited a turn (an idiot penalty)."""

    seat: int


@attrs.frozen
class DirectionChanged(Event):
    """Play now goes ``direction`` (+1 clockwise, -1 counter-clockwise)."""

    direction: int


@attrs.frozen
class CountStarted(Event):
    """``seat`` started the count at ``value``."""

    seat: int
    value: int


@attrs.frozen
class CountRaised(Event):
    """``seat`` raised the count to ``value``."""

    seat: int
    value: int


@attrs.frozen
class CountEnded(Event):
    """``seat`` could not follow the count and must draw its ``value``."""

    seat: int
    value: int


@attrs.frozen
class OneCardAnnounced(Event):
    """``seat`` said "one card"."""

    seat: int


@attrs.frozen
class IdiotCalled(Event):
    """``caller`` called "idiot" on ``target``, who takes the penalty."""

    caller: int
    target: int


@attrs.frozen
class HandBlocked(Event):
    """Hand ``number`` ended blocked: a full cycle of turns passed with no card played
    or drawn."""

    number: int
