"""Events: what happened in a transition, so a UI or a log need not diff two states,
and their text.

:meth:`Game.step <cardrules.game.Game.step>` returns the new state with the events of
the move, in the order they happened. The events every family of games shares are
defined here, with their text (the shedding family's own, draws, skips, the count,
"one card", are in :mod:`cardrules.shedding.events`): :func:`describe` (or
:meth:`Event.describe`, or ``str``) tells one event in words, and :func:`narrate`
tells a step's events, leaving out those that only repeat another (the card of a
play, told with the play: :meth:`Event.told_by_play`).

Most events hold only what every player may know. A few hold a secret that only
some seats may see: the move of a :class:`MovePlayed` whose ``seen_by`` names those
seats (a card passed in Hearts, seen by its passer; a discard, seen by the dealer), a
:class:`CardsPassed`, seen by its giver and its receiver, and the cards of a
:class:`~cardrules.shedding.events.CardsDrawn`, seen by the drawer alone (every other
seat learns how many).
:meth:`Event.for_seat` and :func:`events_for` give the events as one seat may know
them, and :func:`describe` and :func:`narrate` tell them so: with a seat, that seat's
version; without one (a log, a spectator), the version every seat may know. ``seat``
also chooses the wording: the seat's own doings are told as "you" (``"You play
9♥."``), every other seat as "seat N"; without a seat every seat is "seat N". Given
the game (``game=``), the texts tell its moves and tricks in its words
(:meth:`Game.move_phrase <cardrules.game.Game.move_phrase>`,
:attr:`TrickGame.trick_points_are_tricks
<cardrules.tricks.engine.TrickGame.trick_points_are_tricks>`).

>>> import cardrules as cr
>>> event = cr.Craits(players=3).start(seed=1).events[1]
>>> str(event), describe(event, seat=1)
('Seat 1 turns up 2♦.', 'You turn up 2♦.')
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any

import attrs

from cardrules._convert import event_kind, fields_data
from cardrules._text import ints_repr, shown
from cardrules._wording import Wording, cards_text, signed, wording
from cardrules.cards import Card, format_cards
from cardrules.errors import EventError
from cardrules.moves import NameSuit, Pass, Play
from cardrules.values import Immutable

__all__ = [
    "CardPlayed",
    "CardTurnedUp",
    "CardsPassed",
    "Event",
    "GameOver",
    "HandDealt",
    "HandScored",
    "HiddenMove",
    "MovePlayed",
    "TrickWon",
    "describe",
    "events_for",
    "narrate",
]


class Event(Immutable):
    """Base class of all events (immutable: a copy of one is itself).

    ``str(event)`` is :meth:`describe` without a seat.
    """

    __slots__ = ()

    def describe(self, seat: int | None = None, *, deal_word: str = "hand") -> str:
        """This event in words, for ``seat`` (see :func:`describe`).

        The text tells the event as ``seat`` may know it (:meth:`for_seat`): a secret
        the seat may not see is not in it. It knows no game: :func:`describe` with
        ``game=`` tells the event in the game's words. An event of a game of your own
        gets a plain text from its class and fields; override this method to tell it
        better (and :meth:`for_seat`, if the event holds a secret).
        """
        return self.for_seat(seat)._text(wording(seat, deal_word))

    def _text(self, words: Wording) -> str:
        """The text in ``words`` (each event class of the library has its own)."""
        return repr(self)

    def _caused_text(self, words: Wording, cause: Card | None) -> str:
        """The text naming ``cause``, the card played or turned up that caused this
        event, when :func:`narrate` knows it (a draw a card's function made)."""
        return self._text(words)

    def told_by_play(self, seat: int, play: Play) -> bool:
        """Whether ``seat``'s ``play`` (:class:`~cardrules.moves.Play`), told as
        :func:`narrate` tells a play ("plays 8♣, names ♥ and says "one card""), already
        tells this event, which then leaves it out: the :class:`CardPlayed` of the
        play, the suit it named. ``False`` unless the event's class says otherwise.

        >>> import cardrules as cr
        >>> cr.CardPlayed(1, cr.Card.parse("8C")).told_by_play(1, cr.Play("8C"))
        True
        >>> cr.HandDealt(1, 0, 7).told_by_play(1, cr.Play("8C"))
        False
        """
        return False

    def for_seat(self, seat: int | None) -> Event:
        """This event as ``seat`` may know it (``None``: as every seat may know it, for
        a log or a spectator): the event itself, unless it holds a secret that seat may
        not see; then the event with the secret left out (see :class:`MovePlayed` and
        :class:`CardsPassed`). An event class of your own with a secret overrides it.

        >>> import cardrules as cr
        >>> cr.TurnSkipped(1, by=0).for_seat(2)
        TurnSkipped(seat=1, by=0)
        """
        return self

    def to_data(self, seat: int | None = None, *, game: object = None) -> dict[str, Any]:
        """This event as JSON-ready data, as ``seat`` may know it (:meth:`for_seat`;
        ``None``: as every seat may know it): ``"event"``, its kind in snake case, then
        its fields as data (:mod:`cardrules.data`: cards as text, a move in its data
        form, a move the seat may not see as ``{"hidden": its text}``), then
        ``"text"``, the event as :func:`describe` tells it to ``seat``, in the words of
        ``game`` if given. Its schema is ``cardrules.data.SCHEMAS["event"]``. (A field
        of an event of your own named ``event`` or ``text`` gives way to these.)

        Raises :class:`~cardrules.SeatError` for a seat that is not an int from 0 up,
        :class:`~cardrules.EventError` for a ``game`` that is not a rules object.

        >>> import cardrules as cr
        >>> event = cr.MovePlayed(3, cr.Play("9H"), seen_by=(3,))
        >>> event.to_data(3)
        {'event': 'move_played', 'seat': 3, 'move': {'play': '9♥'}, 'seen_by': [3], 'text': ...}
        >>> data = event.to_data(0)
        >>> data["move"], data["text"]
        ({'hidden': 'a hidden move'}, 'Seat 3: a hidden move.')
        """
        wording(seat, "hand")  # (checks the seat before any secret is looked at)
        told = self.for_seat(seat)
        data: dict[str, Any] = {"event": event_kind(type(told))}
        if attrs.has(type(told)):
            data.update(fields_data(told))
            data["event"] = event_kind(type(told))
        data["text"] = describe(told, seat, game=game)
        return data

    def __str__(self) -> str:
        return self.describe()


@attrs.frozen
class HiddenMove(Immutable):
    """A move as the seats that may not see it are told of it: its ``text`` says what
    kind of move it was and nothing it holds (``"pass a card"``). It stands in a
    :class:`MovePlayed` made for such a seat (:meth:`MovePlayed.for_seat`); it is no
    move anyone can make.

    A game's secret move gives its own text with a ``hidden()`` method returning a
    :class:`HiddenMove`; without one, the text is ``"a hidden move"``. The text must
    be the same whatever the secret is: it is what every other seat reads. Written as
    the player would say the move, its verb first (``"pass a card"``), it is told as
    "Seat 1 passes a card."; any other text after a colon ("Seat 1: a hidden move.").

    >>> str(HiddenMove("pass a card"))
    'pass a card'
    """

    text: str = attrs.field(validator=attrs.validators.instance_of(str))

    def to_data(self) -> dict[str, Any]:
        """Its data form in an event's data (:meth:`Event.to_data`): ``{"hidden": text}``,
        unlike any move's.

        >>> HiddenMove("pass a card").to_data()
        {'hidden': 'pass a card'}
        """
        return {"hidden": self.text}

    def __str__(self) -> str:
        return self.text


_A_HIDDEN_MOVE = HiddenMove("a hidden move")


def _hidden(move: object) -> HiddenMove:
    """What the seats that may not see ``move`` are told of it."""
    hidden = getattr(move, "hidden", None)
    if hidden is None:
        return _A_HIDDEN_MOVE
    told = hidden()
    if type(told) is not HiddenMove:
        raise EventError(
            f"{type(move).__name__}.hidden() must return a cardrules.HiddenMove, not {shown(told)}"
        )
    return told


def _checked_seats(seen_by: object) -> tuple[int, ...] | None:
    """``seen_by`` of an event: ``None`` (every seat) or the seats, each once, in order."""
    if seen_by is None:
        return None
    seats = tuple(seen_by) if isinstance(seen_by, (tuple, list, set, frozenset)) else None
    if (
        seats is None
        or not all(type(seat) is int and seat >= 0 for seat in seats)
        or len(set(seats)) != len(seats)
    ):
        raise EventError(
            "seen_by must be None (every seat sees it) or the seats that see it, "
            f"distinct ints from 0 up, not {shown(seen_by)}"
        )
    return tuple(sorted(seats))


@attrs.frozen(repr=False)
class MovePlayed(Event):
    """``seat`` made ``move`` (always the first event of a step).

    ``seen_by`` is ``None`` when every seat sees the move (a card played, a bid), else
    the seats that may see it: a game's secret move (a card passed, a discard), as the
    game's :meth:`~cardrules.game.Game.move_seen_by` says. Every other seat gets, from
    :meth:`for_seat`, the move's :class:`HiddenMove` in its place: who moved, and what
    kind of move, but not which.

    Its text tells the library's moves in the library's words, unless the game given to
    :func:`describe` has words of its own for the move
    (:meth:`~cardrules.game.Game.move_phrase`: Craits' ``Pass()`` stays silent), a
    move with a ``phrase(who)`` method by what it returns (``who`` names a seat for the
    reader: an "idiot" call "on you"), and any other move by its own text,
    ``str(move)``, said as the player would say it, its
    verb first (``"bid 3"``: "You bid 3.", "Seat 1 bids 3."; "my" becomes "your" or
    "their"); a text that does not start with a verb in lower case is told after a
    colon ("Seat 1: Bid(tricks=3).").

    >>> import cardrules as cr
    >>> event = cr.MovePlayed(3, cr.Play("9H"), seen_by=(3,))
    >>> event.for_seat(2)
    MovePlayed(seat=3, move=HiddenMove(text='a hidden move'))
    >>> event.describe(seat=3), event.describe(seat=2), str(event)
    ('You play 9♥.', 'Seat 3: a hidden move.', 'Seat 3: a hidden move.')
    """

    seat: int
    move: Any
    """A :data:`~cardrules.moves.Move`, a move of the game's own (registered with
    :func:`~cardrules.moves.register_move`: a bid, a pass), or a :class:`HiddenMove`."""
    seen_by: tuple[int, ...] | None = attrs.field(
        default=None, kw_only=True, converter=_checked_seats
    )

    def __repr__(self) -> str:
        told = "" if self.seen_by is None else f", seen_by={self.seen_by!r}"
        return f"MovePlayed(seat={self.seat!r}, move={self.move!r}{told})"

    def for_seat(self, seat: int | None) -> Event:
        """This event, or for a seat not in :attr:`seen_by` (and for ``None``, a log),
        the event with the move's :class:`HiddenMove` in its place."""
        seen_by = self.seen_by
        if seen_by is None or seat in seen_by:
            return self
        return MovePlayed(self.seat, _hidden(self.move))

    def _text(self, words: Wording) -> str:
        seat, move = self.seat, self.move
        if type(move) is HiddenMove:  # (the game's words, the same whatever the secret)
            return words.did(seat, move.text)
        phrase = words.move_phrase(move)
        if phrase is not None:
            return words.did(seat, phrase)
        if isinstance(move, Play):
            extras = []
            if move.suit is not None:
                extras.append(f"{words.verb(seat, 'name')} {move.suit.symbol}")
            if move.announce:
                said = words.term("one_card_word", "one card")
                extras.append(f'{words.verb(seat, "say")} "{said}"')
            told = f", {' and '.join(extras)}" if extras else ""
            return f"{words.does(seat, 'play')} {move.card}{told}."
        return words.did(seat, _base_phrase(move, words))


def _base_phrase(move: object, words: Wording) -> str:
    """What ``move`` (not a play) does, unless its game says otherwise: the words of
    the library's moves, the phrase of a move with a ``phrase(who)`` method (seats
    named for the reader), and the move's own text for any other."""
    if isinstance(move, NameSuit):
        return f"name {move.suit.symbol} as the {words.term('suit_word', 'suit')} to follow"
    if isinstance(move, Pass):
        return "pass"
    phrase = getattr(move, "phrase", None)
    if callable(phrase):
        told = phrase(words.who)
        if isinstance(told, str):
            return told
    return str(move)


@attrs.frozen
class CardPlayed(Event):
    """``seat`` played ``card`` (right after the :class:`MovePlayed` of every move that
    plays a card, in every game)."""

    seat: int
    card: Card

    def told_by_play(self, seat: int, play: Play) -> bool:
        """Told by ``seat``'s play of this card."""
        return self.seat == seat and self.card == play.card

    def _text(self, words: Wording) -> str:
        return f"{words.does(self.seat, 'play')} {self.card}."


@attrs.frozen
class TrickWon(Event):
    """``seat`` won trick number ``number`` (1-based in the hand), made of ``cards`` in
    play order, and scored ``points`` for it. Told with the game of a trick counted, not
    scored (:attr:`TrickGame.trick_points_are_tricks
    <cardrules.tricks.engine.TrickGame.trick_points_are_tricks>`: Spades, Oh Hell,
    Euchre), the text leaves the points out."""

    seat: int
    number: int
    cards: tuple[Card, ...]
    points: int

    def _text(self, words: Wording) -> str:
        won = f"{words.does(self.seat, 'win')} trick {self.number} ({format_cards(self.cards)})"
        if words.trick_points_are_tricks:  # (the trick is the point: nothing more to say)
            return won + "."
        counted = words.trick_points_word
        if counted is not None:
            return f"{won} and {words.verb(self.seat, 'take')} {self.points} {counted}."
        return f"{won} and {words.verb(self.seat, 'score')} {signed(self.points)}."


@attrs.frozen
class CardsPassed(Event):
    """``seat`` passed ``cards`` to ``to`` (Hearts' pass, when the cards change hands).
    Only the two of them see which cards: for every other seat (:meth:`for_seat`) each
    card is ``None``, so they learn how many cards went where.

    >>> import cardrules as cr
    >>> event = cr.CardsPassed(1, 2, cr.parse_cards("2C 9D QS"))
    >>> event.describe(seat=2)
    'Seat 1 passes 2♣ 9♦ Q♠ to you.'
    >>> event.describe(seat=0), event.for_seat(0)
    ('Seat 1 passes 3 cards to seat 2.', CardsPassed(seat=1, to=2, cards=(None, None, None)))
    """

    seat: int
    to: int
    cards: tuple[Card | None, ...]

    def for_seat(self, seat: int | None) -> Event:
        """This event for the giver and the receiver; without the cards for the others."""
        if seat == self.seat or seat == self.to or None in self.cards:
            return self
        return CardsPassed(self.seat, self.to, (None,) * len(self.cards))

    def _text(self, words: Wording) -> str:
        if None in self.cards:
            return (
                f"{words.does(self.seat, 'pass', 'passes')} {cards_text(len(self.cards))} "
                f"to {words.who(self.to)}."
            )
        cards = format_cards(card for card in self.cards if card is not None)
        return f"{words.does(self.seat, 'pass', 'passes')} {cards} to {words.who(self.to)}."


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
    """The game ended; ``winners`` are the winning seats, ``scores`` the final totals.
    Told with a partnership game, a side that wins is told as one (its seats "win"),
    not as a shared win.

    >>> import cardrules as cr
    >>> over = cr.GameOver((1, 3), (20, 510, 20, 510))
    >>> over.describe(seat=3).split(". ")[-1], cr.describe(over, 3, game=cr.Spades())[-19:]
    ('Shared win: seat 1 and you.', 'You and seat 1 win!')
    >>> cr.describe(over, game=cr.Spades()).split(". ")[-1]
    'Seat 1 and seat 3 win.'
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...] = attrs.field(repr=ints_repr)

    def _text(self, words: Wording) -> str:
        winners = self.winners
        if not winners:
            verdict = "Nobody wins."
        elif words.is_side(winners):
            if words.viewer in winners:
                partners = " and ".join(words.who(seat) for seat in winners if seat != words.viewer)
                verdict = f"You and {partners} win!"
            else:
                verdict = f"{' and '.join(map(words.who, winners)).capitalize()} win."
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


# -- the text of events -----------------------------------------------------------------


def _deal_word(deal_word: str | None, game: object) -> str:
    """The word for one deal: ``deal_word`` if given, else the game's, else "hand"."""
    if deal_word is not None:
        return deal_word
    if game is None:
        return "hand"
    word = getattr(type(game), "deal_word", None)
    if not isinstance(word, str):
        raise EventError(f"game must be a rules object (a cardrules.Game), not {shown(game)}")
    return word


def describe(
    event: Event, seat: int | None = None, *, deal_word: str | None = None, game: object = None
) -> str:
    """``event`` in words, as ``seat`` reads it: that seat is "you", every other seat
    "seat N". Without a seat (``None``) every seat is "seat N": the text for a log or a
    spectator. ``game`` (the rules object) gives the game's words: for one deal in the
    texts of :class:`HandDealt`, :class:`HandScored` and
    :class:`~cardrules.shedding.events.HandBlocked` ("round" for Cramps:
    :attr:`Game.deal_word <cardrules.game.Game.deal_word>`; ``deal_word`` gives it
    directly; without either it is "hand"), for the moves it words its own way
    (:meth:`Game.move_phrase <cardrules.game.Game.move_phrase>`: Craits' ``Pass()``
    stays silent where another game's passes), and for a trick won in a game whose
    trick points only count tricks (:attr:`TrickGame.trick_points_are_tricks
    <cardrules.tricks.engine.TrickGame.trick_points_are_tricks>`: told without them).

    The text never names a card that ``seat`` may not know, whichever seat reads it:
    most events hold only public facts, and an event with a secret is told as ``seat``
    may know it (:meth:`Event.for_seat`; without a seat, as every seat may know it): a
    :class:`~cardrules.shedding.events.CardsDrawn` names the cards to the drawer alone,
    and tells every other seat how many.

    Raises :class:`~cardrules.EventError` if ``event`` is not an event,
    :class:`~cardrules.SeatError` for a seat that is not an int from 0 up.

    >>> import cardrules as cr
    >>> describe(cr.TurnSkipped(1, by=0))
    'Seat 1 is skipped by seat 0.'
    >>> describe(cr.TurnSkipped(1, by=0), seat=1)
    'You are skipped by seat 0.'
    >>> describe(cr.HandScored(3, (2, -1, 0), (20, 5, 0)), seat=1, game=cr.Cramps())
    'End of round 3: seat 0 2, you -1, seat 2 0. Totals: seat 0 20, you 5, seat 2 0.'
    >>> str(cr.MovePlayed(0, cr.Play("8C", suit="H", announce=True)))
    'Seat 0 plays 8♣, names ♥ and says "one card".'
    >>> won = cr.TrickWon(1, 3, cr.parse_cards("9C JC 6C QC"), 1)
    >>> describe(won), describe(won, game=cr.Spades())
    ('Seat 1 wins trick 3 (9♣ J♣ 6♣ Q♣) and scores +1.', 'Seat 1 wins trick 3 (9♣ J♣ 6♣ Q♣).')
    """
    if not isinstance(event, Event):
        raise EventError(f"describe tells one event (a cardrules.Event), not {shown(event)}")
    words = wording(seat, _deal_word(deal_word, game), game)
    return _event_text(event.for_seat(seat), words)


def _event_text(event: Event, words: Wording, cause: Card | None = None) -> str:
    """The text of ``event``, already as the reader may know it, in ``words`` (naming
    ``cause``, the card whose function caused it, if it says such a thing): the
    library's, or what the :meth:`Event.describe` of an event class of your own says."""
    if type(event).describe is Event.describe:
        return event._caused_text(words, cause)
    return event.describe(words.viewer, deal_word=words.deal)


def narrate(
    events: Iterable[Event],
    seat: int | None = None,
    *,
    deal_word: str | None = None,
    game: object = None,
) -> list[tuple[Event, str]]:
    """The events of a step worth telling, each with its text (:func:`describe`), for
    ``seat`` (``None``: for a log); ``game`` or ``deal_word`` as for :func:`describe`.

    Each event is told as ``seat`` may know it (:meth:`Event.for_seat`). Events that
    only repeat another are left out: those a play's text tells
    (:meth:`Event.told_by_play`: the :class:`CardPlayed` of a play, the suit it names
    and the "one card" it says), and the :class:`MovePlayed` of a move whose class says
    ``told_by_events = True`` (a draw, an "idiot" call, a suit named or "one card" said
    without a play: the events that follow tell what it did), unless the game has words
    of its own for the move (Euchre's suit named makes trumps: no event follows it). A
    draw that a card's function caused names the card.

    Raises :class:`~cardrules.EventError` if an item is not an event (or ``events`` is
    not a sequence of them), :class:`~cardrules.SeatError` for a bad seat.

    >>> import cardrules as cr
    >>> game = cr.Craits(players=3)
    >>> step = game.step(game.new_game(seed=3), cr.Play("5C"))
    >>> for event, text in narrate(step.events, seat=2):
    ...     print(f"{type(event).__name__}: {text}")
    MovePlayed: Seat 0 plays 5♣.
    CardsDrawn: Seat 1 draws 1 card (5♣ makes every other player draw).
    CardsDrawn: You draw 5♠ (5♣ makes every other player draw).
    """
    words = wording(seat, _deal_word(deal_word, game), game)
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
        event = event.for_seat(seat)
        if isinstance(event, MovePlayed):
            move = event.move
            if isinstance(move, Play):
                play, cause = (event.seat, move), move.card
            elif isinstance(getattr(move, "play", None), Play):  # a play out of turn
                play, cause = (event.seat, move.play), move.play.card
            elif getattr(move, "told_by_events", False) is True and words.move_phrase(move) is None:
                continue
        elif isinstance(event, CardTurnedUp):
            cause = event.card
        elif play is not None and event.told_by_play(*play):
            continue
        told.append((event, _event_text(event, words, cause)))
    return told


def events_for(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    """``events`` as ``seat`` may know them (each one's :meth:`Event.for_seat`;
    ``None``: as every seat may know them, for a log or a spectator), in order. What a
    program gives a player of a step's events, when it does not tell them in words.
    The same tuple comes back when nothing in it is hidden from the seat.

    Raises :class:`~cardrules.EventError` if an item is not an event,
    :class:`~cardrules.SeatError` for a bad seat.

    >>> import cardrules as cr
    >>> events = (cr.MovePlayed(1, cr.Play("2C"), seen_by=(1,)), cr.PlayAgain(1))
    >>> events_for(events, 0)
    (MovePlayed(seat=1, move=HiddenMove(text='a hidden move')), PlayAgain(seat=1))
    >>> events_for(events, 1) == events
    True
    """
    wording(seat, "hand")  # (checks the seat)
    if isinstance(events, Event) or not isinstance(events, Iterable):
        raise EventError(f"events_for takes a sequence of events, not {shown(events)}")
    events = tuple(events)
    for event in events:
        if not isinstance(event, Event):
            raise EventError(f"events_for takes events (cardrules.Event), not {shown(event)}")
    return seat_events(events, seat)


def seat_events(events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
    """:func:`events_for` without its checks, for the library's own callers (the
    information states), which hand it a step's events."""
    told = [event.for_seat(seat) for event in events]
    if all(map(operator.is_, told, events)):
        return events
    return tuple(told)
