"""The shedding family's own events: cards drawn and the stock reshuffled, a suit
named, turns skipped, played again or forfeited, the direction changed, the count,
"one card" said, a missed one called out and a blocked hand, each with its text (in the
game's words where it has its own: its ``call_word``, its name for a reshuffle
penalty). The events
every family shares (a move made, a card played or turned up, a hand dealt or scored,
the game over) are in :mod:`cardrules.events`, which tells these too
(:func:`~cardrules.events.describe`, :func:`~cardrules.events.narrate`).

>>> import cardrules as cr
>>> str(TurnSkipped(1, by=0)), TurnSkipped(1, by=0).describe(seat=1)
('Seat 1 is skipped by seat 0.', 'You are skipped by seat 0.')
"""

from __future__ import annotations

import attrs

from cardrules._text import int_text, shown
from cardrules._wording import Wording, cards_text, direction_text
from cardrules.cards import Card, Suit
from cardrules.decks import DeckCard, DeckSuit
from cardrules.errors import EventError
from cardrules.events import Event
from cardrules.moves import Play
from cardrules.shedding.moves import call_phrase

__all__ = [
    "CalledOut",
    "CardsDrawn",
    "CountEnded",
    "CountRaised",
    "CountStarted",
    "DirectionChanged",
    "HandBlocked",
    "HandsPassed",
    "HandsSwapped",
    "OneCardAnnounced",
    "PileReshuffled",
    "PlayAgain",
    "Reshuffled",
    "ReturnedToStock",
    "SuitChosen",
    "SuitNamed",
    "TurnForfeited",
    "TurnSkipped",
    "register_draw_reason",
]


_DRAW_REASONS = {
    "cannot_play": "cannot play",
    "draw": "a draw",
    "count": "for the count",
    "others_draw": "{card} makes every other player draw",
    "two_along_draws": "{card} makes the player two seats along draw",
    "draws": "{card} makes the next player draw",
    "missed_call": 'a missed "{one_card}"',
}


def register_draw_reason(reason: str, text: str) -> None:
    """Give a game's own reason code of :class:`CardsDrawn` its words (``{card}`` in
    ``text`` stands for the card that made the player draw, when known, and
    ``{one_card}`` for what the game's players say with their next-to-last card, its
    ``one_card_word``); a code with none is told as itself, its underscores as spaces.

    >>> register_draw_reason("forfeit_draw", "a lost challenge")
    >>> str(CardsDrawn(0, 1, "forfeit_draw", 1))
    'Seat 0 draws 1 card (a lost challenge).'
    """
    if not isinstance(reason, str) or not isinstance(text, str) or not reason:
        raise EventError(f"a draw reason and its text are strings, not {shown(reason)}")
    _DRAW_REASONS[reason] = text


def _call_word(words: Wording) -> str:
    """The game's word for a call on a missed "one card" (its ``call_word``), or
    ``"call"``: no game, or no word of its own."""
    return words.term("call_word", "call")


def _one_card(words: Wording) -> str:
    """What the game's players say with a play that leaves one card (its
    ``one_card_word``): "one card" by default."""
    return words.term("one_card_word", "one card")


def _suit_to_follow(words: Wording) -> str:
    """ "the suit to follow", with the game's word for a suit (its ``suit_word``)."""
    return f"the {words.term('suit_word', 'suit')} to follow"


def _drawn_cards(event: CardsDrawn, attribute: object, cards: tuple[Card, ...]) -> None:
    """``cards`` of a :class:`CardsDrawn`: none (not told), or the ``count`` cards drawn."""
    if not cards:
        return
    if type(cards) is tuple and len(cards) == event.count:
        for card in cards:  # (a loop: quicker than all() for a card or two)
            if type(card) is not Card and not isinstance(card, DeckCard):
                break
        else:
            return
    raise EventError(
        "cards of a CardsDrawn must be () or a tuple of cards (Cards, or a declared "
        f"deck's cards), the cards drawn ({event.count}), not {shown(cards)}"
    )


@attrs.frozen(repr=False)
class CardsDrawn(Event):
    """``seat`` drew ``count`` cards because of ``reason``, a short code: the engine's
    (``"cannot_play"``, ``"count"``, ``"others_draw"``, ``"two_along_draws"``,
    ``"draws"``, ``"missed_call"``, and ``"draw"`` for a ``Draw()`` in a game that lets a
    player draw with a card to play, such as Crazy Eights, never saying whether they
    could have played) or a game's own (see :func:`register_draw_reason`). ``wanted``
    is how many the rules asked for; fewer means the draw stopped short.

    ``cards`` are the cards drawn, in the order drawn: a secret of the drawer's. The
    engines tell them in the events of :meth:`~cardrules.game.Game.step` (and of
    :meth:`~cardrules.game.Game.start`: a draw the dealer's turned-up card causes); for
    every other seat, and for ``None`` (a log), :meth:`for_seat` gives the event
    without them (``cards`` empty), which tells only how many.

    >>> import cardrules as cr
    >>> event = cr.CardsDrawn(1, 2, "count", 2, cards=cr.parse_cards("6D 2C"))
    >>> event.describe(seat=1)
    'You draw 6♦ and 2♣ (for the count).'
    >>> event.describe(seat=0), event.for_seat(0)
    ('Seat 1 draws 2 cards (for the count).', CardsDrawn(seat=1, count=2, reason='count', wanted=2))
    """

    seat: int
    count: int
    reason: str
    wanted: int
    cards: tuple[Card, ...] = attrs.field(default=(), kw_only=True, validator=_drawn_cards)

    def __repr__(self) -> str:
        told = f", cards={self.cards!r}" if self.cards else ""
        return (
            f"CardsDrawn(seat={self.seat!r}, count={self.count!r}, reason={self.reason!r}, "
            f"wanted={self.wanted!r}{told})"
        )

    def for_seat(self, seat: int | None) -> Event:
        """This event for the drawer; without the cards for every other seat."""
        if seat == self.seat or not self.cards:
            return self
        return CardsDrawn(self.seat, self.count, self.reason, self.wanted)

    def _text(self, words: Wording) -> str:
        return self._caused_text(words, None)

    def _caused_text(self, words: Wording, cause: Card | None) -> str:
        """The text, naming ``cause``, the card whose function made the seat draw, if
        known (:func:`~cardrules.events.narrate` knows it)."""
        seat = self.seat
        reason = _DRAW_REASONS.get(self.reason, self.reason.replace("_", " "))
        reason = reason.replace("{card}", "a card" if cause is None else str(cause))
        reason = reason.replace("{one_card}", _one_card(words))
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
        what = _card_list(self.cards) if self.cards else cards_text(self.count)
        drawn = f"{words.verb(seat, 'draw')} {what}"
        if self.reason == "cannot_play":
            return f"{words.first(seat)} cannot play and {drawn}{short}."
        if self.reason == "draw":  # (a Draw() that says no more)
            return f"{words.first(seat)} {drawn}{short}."
        return f"{words.first(seat)} {drawn} ({reason}{short})."


def _card_list(cards: tuple[Card, ...]) -> str:
    """Cards in words, in their order: "6♦", "6♦ and 2♣", "J♣, K♦ and 3♥"."""
    texts = [str(card) for card in cards]
    if len(texts) == 1:
        return texts[0]
    return f"{', '.join(texts[:-1])} and {texts[-1]}"


@attrs.frozen
class Reshuffled(Event):
    """``seat`` had to draw from an empty stock: the discard pile but its top card,
    ``cards`` cards, was shuffled into a new stock. ``penalty`` is what that cost the
    seat, added to its score at once (0 in games without one), told by the game's
    name for it (its ``reshuffle_penalty_name``) when the game is known.

    >>> import cardrules as cr
    >>> str(Reshuffled(0, 30, 10)).endswith("and takes a reshuffle penalty of 10 points.")
    True
    """

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
            name = getattr(words.game, "reshuffle_penalty_name", "reshuffle")
            text += (
                f" and {words.verb(seat, 'take')} a {name} penalty of "
                f"{int_text(self.penalty)} points"
            )
        return text + "."


@attrs.frozen
class PileReshuffled(Event):
    """``seat`` had to draw more cards than the stock held: the whole discard pile, its
    top card too, and the stock, ``cards`` cards in all, were shuffled into a new
    stock (the game's ``reshuffle_takes_top``). ``penalty`` is what that cost the seat
    (0 in games without one).

    >>> PileReshuffled(1, 30).describe(seat=1)
    'The stock runs short: you shuffle it with the whole discard pile (30 cards) into a new stock.'
    """

    seat: int
    cards: int
    penalty: int = attrs.field(default=0, repr=int_text)

    def _text(self, words: Wording) -> str:
        seat = self.seat
        text = (
            f"The stock runs short: {words.who(seat)} {words.verb(seat, 'shuffle')} it with "
            f"the whole discard pile ({cards_text(self.cards)}) into a new stock"
        )
        if self.penalty:
            text += f" and {words.verb(seat, 'take')} a penalty of {int_text(self.penalty)} points"
        return text + "."


@attrs.frozen
class ReturnedToStock(Event):
    """The dealer (``seat``) turned up ``card`` to start the pile, a wild card that does
    not act there (the game's ``turned_up_acts``), and it went back into the stock:
    ``shuffled`` in, or under it (``turned_up_wild``); the next card is turned up. Every
    seat sees it, as at a table.

    >>> from cardrules.decks import UNO_108
    >>> str(ReturnedToStock(2, UNO_108.parse("W+4"), shuffled=True))
    'Seat 2 turns up W+4, which is shuffled back into the stock.'
    >>> ReturnedToStock(2, UNO_108.parse("W+4"), shuffled=False).describe(seat=2)
    'You turn up W+4, which goes back under the stock.'
    """

    seat: int
    card: Card
    shuffled: bool

    def _text(self, words: Wording) -> str:
        goes = "is shuffled back into" if self.shuffled else "goes back under"
        return f"{words.does(self.seat, 'turn')} up {self.card}, which {goes} the stock."


@attrs.frozen
class SuitNamed(Event):
    """``seat`` named ``suit`` as the suit to follow."""

    seat: int
    suit: Suit | DeckSuit

    def told_by_play(self, seat: int, play: Play) -> bool:
        """Told by ``seat``'s play naming this suit."""
        return self.seat == seat and self.suit == play.suit

    def _text(self, words: Wording) -> str:
        return f"{words.does(self.seat, 'name')} {self.suit.symbol} as {_suit_to_follow(words)}."


@attrs.frozen
class SuitChosen(Event):
    """``suit`` became the suit to follow at random (a wild card turned up, in a game
    whose ``turned_up_names`` is ``"random"``).

    >>> from cardrules.cards import Suit
    >>> str(SuitChosen(Suit.HEARTS))
    'The suit to follow is ♥, chosen at random.'
    """

    suit: Suit | DeckSuit

    def _text(self, words: Wording) -> str:
        told = _suit_to_follow(words)
        return f"{told[:1].upper()}{told[1:]} is {self.suit.symbol}, chosen at random."


@attrs.frozen
class HandsSwapped(Event):
    """``seat`` and ``other`` swapped hands (a card of the game's own, such as a 7 in
    seven-zero). It names no card: each learns its new hand from its view.

    >>> HandsSwapped(0, 2).describe(seat=2)
    'Seat 0 swaps hands with you.'
    """

    seat: int
    other: int

    def _text(self, words: Wording) -> str:
        return f"{words.does(self.seat, 'swap')} hands with {words.who(self.other)}."


@attrs.frozen
class HandsPassed(Event):
    """Every player passed their hand to the next player, ``direction`` (+1 clockwise,
    -1 counter-clockwise). It names no card.

    >>> str(HandsPassed(-1))
    'Every player passes their hand to the next, counter-clockwise.'
    """

    direction: int

    def _text(self, words: Wording) -> str:
        return f"Every player passes their hand to the next, {direction_text(self.direction)}."


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
    """``seat`` forfeited a turn (a penalty for a missed "one card"), told with the
    game's word for the call when the game is known and has one."""

    seat: int

    def _text(self, words: Wording) -> str:
        word = _call_word(words)
        why = "a penalty" if word == "call" else f'"{word}" penalty'
        return f"{words.does(self.seat, 'miss', 'misses')} this turn ({why})."


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

    def told_by_play(self, seat: int, play: Play) -> bool:
        """Told by ``seat``'s play that says "one card"."""
        return self.seat == seat and play.announce

    def _text(self, words: Wording) -> str:
        return f'{words.does(self.seat, "say")} "{_one_card(words)}".'


@attrs.frozen
class CalledOut(Event):
    """``caller`` called out ``target`` for a missed "one card" (the move
    :class:`~cardrules.shedding.moves.CallOut`); ``target`` takes the penalty. Told with
    the game's word for the call (its ``call_word``) when the game is known.

    >>> import cardrules as cr
    >>> class LastCard(cr.CrazyEights):
    ...     name = ""  # (not registered)
    ...     call_word = "last"
    >>> str(CalledOut(1, 2)), cr.describe(CalledOut(1, 2), seat=2, game=LastCard())
    ('Seat 1 calls seat 2 out!', 'Seat 1 calls "last" on you!')
    """

    caller: int
    target: int

    def _text(self, words: Wording) -> str:
        said = call_phrase(_call_word(words), words.who(self.target))
        return f"{words.does(self.caller, 'call')}{said[len('call') :]}!"


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
