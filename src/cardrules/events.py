"""Events: what happened in a transition, so a UI or a log need not diff two states,
and their text.

:meth:`Game.step <cardrules.game.Game.step>` returns the new state with the events of
the move, in the order they happened. Every event of the games cardrules ships is
defined here, with its text: :func:`describe` (or :meth:`Event.describe`, or ``str``)
tells one event in words, and :func:`narrate` tells a step's events, leaving out those
that only repeat another (the card of a play, told with the play).

Events hold only what every player may know (a :class:`CardsDrawn` says how many
cards, never which), so no text of an event names a hidden card. ``seat`` chooses the
wording, not the facts: the seat's own doings are told as "you" (``"You play 9♥."``),
every other seat as "seat N"; without a seat every seat is "seat N", the text for a
log.

>>> import cardrules as cr
>>> event = cr.Craits(players=3).start(seed=1).events[1]
>>> str(event), describe(event, seat=1)
('Seat 1 turns up 2♦.', 'You turn up 2♦.')
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from cardrules._text import int_text, ints_repr, shown
from cardrules._wording import Wording, cards_text, direction_text, signed, wording
from cardrules.cards import Card, Suit, format_cards
from cardrules.errors import EventError
from cardrules.moves import Announce, CallIdiot, Draw, Move, NameSuit, Pass, Play
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
    "describe",
    "narrate",
]


class Event(Immutable):
    """Base class of all events (immutable: a copy of one is itself).

    ``str(event)`` is :meth:`describe` without a seat.
    """

    __slots__ = ()

    def describe(self, seat: int | None = None, *, deal_word: str = "hand") -> str:
        """This event in words, for ``seat`` (see :func:`describe`).

        An event of a game of your own gets a plain text from its class and fields;
        override this method to tell it better.
        """
        return self._text(wording(seat, deal_word))

    def _text(self, words: Wording) -> str:
        """The text in ``words`` (each event class of the library has its own)."""
        return repr(self)

    def __str__(self) -> str:
        return self.describe()


@attrs.frozen
class MovePlayed(Event):
    """``seat`` made ``move`` (always the first event of a step)."""

    seat: int
    move: Move

    def _text(self, words: Wording) -> str:
        seat, move = self.seat, self.move
        if isinstance(move, Play):
            extras = []
            if move.suit is not None:
                extras.append(f"{words.verb(seat, 'name')} {move.suit.symbol}")
            if move.announce:
                extras.append(f'{words.verb(seat, "say")} "one card"')
            told = f", {' and '.join(extras)}" if extras else ""
            return f"{words.does(seat, 'play')} {move.card}{told}."
        if isinstance(move, Draw):
            return f"{words.does(seat, 'draw')}."
        if isinstance(move, CallIdiot):
            on = "" if move.target is None else f" on {words.who(move.target)}"
            return f'{words.does(seat, "call")} "idiot"{on}.'
        if isinstance(move, NameSuit):
            return f"{words.does(seat, 'name')} {move.suit.symbol} as the suit to follow."
        if isinstance(move, Announce):
            return f'{words.does(seat, "say")} "one card".'
        if isinstance(move, Pass):
            return f"{words.does(seat, 'stay')} silent."
        return f"{words.first(seat)}: {move}."


@attrs.frozen
class CardPlayed(Event):
    """``seat`` played ``card`` (right after the :class:`MovePlayed` of every move that
    plays a card, in every game)."""

    seat: int
    card: Card

    def _text(self, words: Wording) -> str:
        return f"{words.does(self.seat, 'play')} {self.card}."


@attrs.frozen
class TrickWon(Event):
    """``seat`` won trick number ``number`` (1-based in the hand), made of ``cards`` in
    play order, and scored ``points`` for it."""

    seat: int
    number: int
    cards: tuple[Card, ...]
    points: int

    def _text(self, words: Wording) -> str:
        return (
            f"{words.does(self.seat, 'win')} trick {self.number} ({format_cards(self.cards)}) "
            f"and {words.verb(self.seat, 'score')} {signed(self.points)}."
        )


@attrs.frozen
class HandScored(Event):
    """Hand (or round) ``number`` ended: ``hand_scores`` per seat, and the game
    ``scores`` after adding them."""

    number: int
    hand_scores: tuple[int, ...] = attrs.field(repr=ints_repr)
    scores: tuple[int, ...] = attrs.field(repr=ints_repr)

    def _text(self, words: Wording) -> str:
        return (
            f"End of {words.deal} {self.number}: {words.scores(self.hand_scores)}. "
            f"Totals: {words.scores(self.scores)}."
        )


@attrs.frozen
class HandDealt(Event):
    """Hand ``number`` was dealt by ``dealer``, each player receiving ``cards_each``."""

    number: int
    dealer: int
    cards_each: int

    def _text(self, words: Wording) -> str:
        return (
            f"{words.deal.capitalize()} {self.number}: {words.who(self.dealer)} dealt "
            f"{cards_text(self.cards_each)} each."
        )


@attrs.frozen
class GameOver(Event):
    """The game ended; ``winners`` are the winning seats, ``scores`` the final totals."""

    winners: tuple[int, ...]
    scores: tuple[int, ...] = attrs.field(repr=ints_repr)

    def _text(self, words: Wording) -> str:
        winners = self.winners
        if not winners:
            verdict = "Nobody wins."
        elif len(winners) > 1:
            verdict = f"Shared win: {' and '.join(map(words.who, winners))}."
        elif winners[0] == words.viewer:
            verdict = "You win!"
        else:
            verdict = f"{words.first(winners[0])} wins."
        return f"Game over. Final scores: {words.scores(self.scores)}. {verdict}"


# -- shedding games ---------------------------------------------------------------------


@attrs.frozen
class CardTurnedUp(Event):
    """The dealer (``seat``) turned up ``card`` to start the discard pile; it counts as
    the dealer's play."""

    seat: int
    card: Card

    def _text(self, words: Wording) -> str:
        return f"{words.does(self.seat, 'turn')} up {self.card}."


_DRAW_REASONS = {
    "cannot_play": "cannot play",
    "count": "for the count",
    "others_draw": "{card} makes every other player draw",
    "two_along_draws": "{card} makes the player two seats along draw",
    "idiot": 'the "idiot" penalty',
}


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

    def _text(self, words: Wording) -> str:
        return self._told(words, None)

    def _told(self, words: Wording, cause: Card | None) -> str:
        """The text, naming ``cause``, the card whose function made the seat draw, if
        known (:func:`narrate` knows it)."""
        seat = self.seat
        reason = _DRAW_REASONS.get(self.reason, self.reason.replace("_", " "))
        reason = reason.replace("{card}", "a card" if cause is None else str(cause))
        if self.count == 0:
            return (
                f"{words.first(seat)} cannot draw ({reason}): the stock is empty and there is "
                "nothing to reshuffle."
            )
        short = (
            f"; {int_text(self.wanted)} were due but the cards ran out"
            if self.count < self.wanted
            else ""
        )
        drawn = f"{words.verb(seat, 'draw')} {cards_text(self.count)}"
        if self.reason == "cannot_play":
            return f"{words.first(seat)} cannot play and {drawn}{short}."
        return f"{words.first(seat)} {drawn} ({reason}{short})."


@attrs.frozen
class Reshuffled(Event):
    """``seat`` had to draw from an empty stock: the discard pile but its top card,
    ``cards`` cards, was shuffled into a new stock. ``penalty`` is what that cost the
    seat, added to its score at once (Craits' shuffle pressure; 0 in games without one)."""

    seat: int
    cards: int
    penalty: int = attrs.field(default=0, repr=int_text)

    def _text(self, words: Wording) -> str:
        seat = self.seat
        text = (
            f"The stock is empty: {words.who(seat)} {words.verb(seat, 'shuffle')} the discard "
            f"pile ({cards_text(self.cards)}) into a new stock"
        )
        if self.penalty:
            text += (
                f" and {words.verb(seat, 'take')} a shuffle-pressure penalty of "
                f"{int_text(self.penalty)} points"
            )
        return text + "."


@attrs.frozen
class SuitNamed(Event):
    """``seat`` named ``suit`` as the suit to follow."""

    seat: int
    suit: Suit

    def _text(self, words: Wording) -> str:
        return f"{words.does(self.seat, 'name')} {self.suit.symbol} as the suit to follow."


@attrs.frozen
class TurnSkipped(Event):
    """``seat`` lost its turn to a skip card played by ``by``."""

    seat: int
    by: int

    def _text(self, words: Wording) -> str:
        return f"{words.does(self.seat, 'are', 'is')} skipped by {words.who(self.by)}."


@attrs.frozen
class PlayAgain(Event):
    """``seat`` takes another turn at once: the function of the card it played (or
    turned up as dealer) was "play again" (Craits' 6)."""

    seat: int

    def _text(self, words: Wording) -> str:
        return f"{words.does(self.seat, 'play')} again."


@attrs.frozen
class TurnForfeited(Event):
    """``seat`` forfeited a turn (an idiot penalty)."""

    seat: int

    def _text(self, words: Wording) -> str:
        return f'{words.does(self.seat, "miss", "misses")} this turn ("idiot" penalty).'


@attrs.frozen
class DirectionChanged(Event):
    """Play now goes ``direction`` (+1 clockwise, -1 counter-clockwise)."""

    direction: int

    def _text(self, words: Wording) -> str:
        return f"Play now goes {direction_text(self.direction)}."


@attrs.frozen
class CountStarted(Event):
    """``seat`` started the count at ``value``."""

    seat: int
    value: int

    def _text(self, words: Wording) -> str:
        return f"{words.does(self.seat, 'start')} the count at {int_text(self.value)}."


@attrs.frozen
class CountRaised(Event):
    """``seat`` raised the count to ``value``."""

    seat: int
    value: int

    def _text(self, words: Wording) -> str:
        return f"{words.does(self.seat, 'raise')} the count to {int_text(self.value)}."


@attrs.frozen
class CountEnded(Event):
    """``seat`` could not follow the count and must draw its ``value``."""

    seat: int
    value: int

    def _text(self, words: Wording) -> str:
        return (
            f"{words.first(self.seat)} cannot follow the count: it ends at {int_text(self.value)}."
        )


@attrs.frozen
class OneCardAnnounced(Event):
    """``seat`` said "one card"."""

    seat: int

    def _text(self, words: Wording) -> str:
        return f'{words.does(self.seat, "say")} "one card".'


@attrs.frozen
class IdiotCalled(Event):
    """``caller`` called "idiot" on ``target``, who takes the penalty."""

    caller: int
    target: int

    def _text(self, words: Wording) -> str:
        return f'{words.does(self.caller, "call")} "idiot" on {words.who(self.target)}!'


@attrs.frozen
class HandBlocked(Event):
    """Hand ``number`` ended blocked: a full cycle of turns passed with no card played
    or drawn."""

    number: int

    def _text(self, words: Wording) -> str:
        return (
            f"{words.deal.capitalize()} {self.number} is blocked: a full cycle of turns passed "
            "with no card played or drawn."
        )


# -- the text of events -----------------------------------------------------------------


def describe(event: Event, seat: int | None = None, *, deal_word: str = "hand") -> str:
    """``event`` in words, as ``seat`` reads it: that seat is "you", every other seat
    "seat N". Without a seat (``None``) every seat is "seat N": the text for a log or a
    spectator. ``deal_word`` is what the game calls one deal, in the texts of
    :class:`HandDealt`, :class:`HandScored` and :class:`HandBlocked` ("round" for
    Cramps).

    The text never names a card that ``seat`` may not know, whichever seat reads it:
    events hold only public facts (:class:`CardsDrawn` tells how many cards, not
    which). The seat's own cards drawn come from its views, not from events.

    Raises :class:`~cardrules.EventError` if ``event`` is not an event,
    :class:`~cardrules.SeatError` for a seat that is not an int from 0 up.

    >>> import cardrules as cr
    >>> describe(cr.TurnSkipped(1, by=0))
    'Seat 1 is skipped by seat 0.'
    >>> describe(cr.TurnSkipped(1, by=0), seat=1)
    'You are skipped by seat 0.'
    >>> describe(cr.HandScored(3, (2, -1, 0), (20, 5, 0)), seat=1, deal_word="round")
    'End of round 3: seat 0 2, you -1, seat 2 0. Totals: seat 0 20, you 5, seat 2 0.'
    >>> str(cr.MovePlayed(0, cr.Play("8C", suit="H", announce=True)))
    'Seat 0 plays 8♣, names ♥ and says "one card".'
    """
    if not isinstance(event, Event):
        raise EventError(f"describe tells one event (a cardrules.Event), not {shown(event)}")
    return event.describe(seat, deal_word=deal_word)


def narrate(
    events: Iterable[Event], seat: int | None = None, *, deal_word: str = "hand"
) -> list[tuple[Event, str]]:
    """The events of a step worth telling, each with its text (:func:`describe`), for
    ``seat`` (``None``: for a log).

    Events that only repeat another are left out: the :class:`CardPlayed` of a play,
    the :class:`SuitNamed` and :class:`OneCardAnnounced` of a play that names a suit or
    says "one card" (the play's text tells them), and the :class:`MovePlayed` of a
    draw, an "idiot" call, a suit named or "one card" said without a play (the events
    that follow tell what it did). A :class:`CardsDrawn` that a card's function caused
    names the card.

    Raises :class:`~cardrules.EventError` if an item is not an event (or ``events`` is
    not a sequence of them), :class:`~cardrules.SeatError` for a bad seat.

    >>> import cardrules as cr
    >>> game = cr.Craits(players=3)
    >>> step = game.step(game.new_game(seed=3), cr.Play("5C"))
    >>> for event, text in narrate(step.events, seat=2):
    ...     print(f"{type(event).__name__}: {text}")
    MovePlayed: Seat 0 plays 5♣.
    CardsDrawn: Seat 1 draws 1 card (5♣ makes every other player draw).
    CardsDrawn: You draw 1 card (5♣ makes every other player draw).
    """
    words = wording(seat, deal_word)
    if isinstance(events, Event) or not isinstance(events, Iterable):
        raise EventError(
            f"narrate tells a sequence of events (a step's .events), not {shown(events)}"
        )
    told: list[tuple[Event, str]] = []
    play: tuple[int, Play] | None = None  # the step's play, if it is one
    cause: Card | None = None  # the last card played or turned up
    for event in events:
        if not isinstance(event, Event):
            raise EventError(f"narrate tells events (cardrules.Event), not {shown(event)}")
        if isinstance(event, MovePlayed):
            move = event.move
            if isinstance(move, Play):
                play, cause = (event.seat, move), move.card
            elif isinstance(move, (Draw, CallIdiot, NameSuit, Announce)):
                continue
        elif isinstance(event, CardTurnedUp):
            cause = event.card
        elif play is not None and _told_by_play(event, *play):
            continue
        if isinstance(event, CardsDrawn):
            told.append((event, event._told(words, cause)))
        else:
            told.append((event, event.describe(seat, deal_word=deal_word)))
    return told


def _told_by_play(event: Event, seat: int, play: Play) -> bool:
    """Whether the text of ``seat``'s ``play`` already tells ``event``."""
    if isinstance(event, CardPlayed):
        return event.seat == seat and event.card == play.card
    if isinstance(event, SuitNamed):
        return event.seat == seat and event.suit == play.suit
    if isinstance(event, OneCardAnnounced):
        return event.seat == seat and play.announce
    return False
