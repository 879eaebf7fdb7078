"""The climbing family's own events: cards played as one combination, the lead
returned when every other player passed, a player out of cards (and their place), the
rank order reversed by a revolution, and the cards of a deal exchanged. The events
every family shares (a move made, a hand dealt or scored, the game over, cards passed
from seat to seat: :class:`~cardrules.events.CardsPassed`) are in
:mod:`cardrules.events`.

>>> import cardrules as cr
>>> event = CardsPlayed(1, cr.parse_cards("3C 3H"))
>>> str(event), event.describe(seat=1)
('Seat 1 plays 3♣ 3♥.', 'You play 3♣ 3♥.')
>>> str(PlayerFinished(2, 1)), str(LeadReturned(0))
('Seat 2 is out of cards, in place 1.', 'Everyone else passed: seat 0 leads.')
"""

from __future__ import annotations

import attrs

from cardrules._wording import Wording
from cardrules.cards import Card, format_cards
from cardrules.events import Event

__all__ = ["CardsPlayed", "LeadReturned", "PlayerFinished", "RanksReversed"]


@attrs.frozen
class CardsPlayed(Event):
    """``seat`` played ``cards`` as one combination (right after the
    :class:`~cardrules.events.MovePlayed` of a :class:`~cardrules.climbing.moves.PlayCards`)."""

    seat: int
    cards: tuple[Card, ...]

    def _text(self, words: Wording) -> str:
        return f"{words.does(self.seat, 'play')} {format_cards(self.cards)}."


@attrs.frozen
class LeadReturned(Event):
    """Every player still in the deal passed on the last play: the table is cleared and
    ``seat`` leads anew (the last player to play, or the next player still in when that
    one is out of cards)."""

    seat: int

    def _text(self, words: Wording) -> str:
        return f"Everyone else passed: {words.who(self.seat)} {words.verb(self.seat, 'lead')}."


@attrs.frozen
class PlayerFinished(Event):
    """``seat`` played its last card and leaves the deal in finishing ``place`` (1 is
    the first out)."""

    seat: int
    place: int

    def _text(self, words: Wording) -> str:
        verb = words.verb(self.seat, "are", "is")
        return f"{words.first(self.seat)} {verb} out of cards, in place {self.place}."


@attrs.frozen
class RanksReversed(Event):
    """``seat``'s play reversed the rank order (a revolution): the lowest ranks now beat
    the highest until the deal ends or another revolution turns it back.
    ``reversed_now`` says which order holds after it."""

    seat: int
    reversed_now: bool

    def _text(self, words: Wording) -> str:
        order = "reversed: low ranks beat high ones" if self.reversed_now else "back to normal"
        return f"Revolution by {words.who(self.seat)}! The rank order is {order}."
