"""Shedding games at the terminal: :class:`SheddingAdapter`, the text Craits and Crazy
Eights share, and :func:`hand_at_end`.

What they share: the prompt that asks for a suit to name (how moves are typed is the
rules' own: :mod:`cardrules.shedding.parsing`). The cards the human draws are in the
text of their draw (:class:`~cardrules.CardsDrawn` names them to the drawer alone).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardrules.cards import Card
from cardrules.decks import DeckSuit
from cardrules.events import CardPlayed, Event, HandScored
from cardrules.moves import NameSuit
from cardrules.shedding.events import CardsDrawn
from cardrules.terminal import GameAdapter

__all__ = ["SheddingAdapter", "hand_at_end"]


class SheddingAdapter(GameAdapter):
    """The terminal text shedding games share (see the module documentation). A game
    subclasses it, as :class:`~cardrules.games.crazy_eights.cli.CrazyEightsAdapter`
    does."""

    def prompt(self, legal: Sequence[Any]) -> str:
        """The prompt asks for a suit when one is to be named.

        >>> print(SheddingAdapter().prompt([NameSuit("H"), NameSuit("S")]))
        ... # doctest: +NORMALIZE_WHITESPACE
        Name the suit to follow (c, d, h, s, a name like hearts, or a number, ? for help,
        q to quit):
        >>> from cardrules.decks import UNO_108
        >>> legal = [NameSuit(UNO_108.suit(0)), NameSuit(UNO_108.suit(3))]
        >>> print(SheddingAdapter().prompt(legal).rstrip())
        Name the suit to follow (red (r), green (g), a number, ? for help, q to quit):
        """
        named = [move.suit for move in legal if isinstance(move, NameSuit)]
        if named and isinstance(named[0], DeckSuit):  # a declared deck's suits, by name
            names = ", ".join(f"{suit.name} ({suit.letter.lower()})" for suit in named)
            return f"Name the suit to follow ({names}, a number, ? for help, q to quit): "
        if named:
            return (
                "Name the suit to follow (c, d, h, s, a name like hearts, or a number, "
                "? for help, q to quit): "
            )
        return super().prompt(legal)


def hand_at_end(
    events: Sequence[Event],
    scored: HandScored,
    before: Any,
    human: int,
) -> tuple[Card, ...] | None:
    """The human's cards when the hand ``scored`` ended during the step of ``events``:
    their hand in their view ``before`` the step, less the cards they played in it
    before the score, with the cards they drew in it before the score (their view after
    the step cannot show them: the next hand is dealt by then; their draws' events
    name them, :class:`~cardrules.CardsDrawn`). ``None`` if a draw of theirs does not
    name its cards (events as another seat knows them), or if ``before`` is from
    another hand.

    >>> import types
    >>> import cardrules as cr
    >>> before = types.SimpleNamespace(hand_number=2, hand=cr.parse_cards("3C 9H 8D"))
    >>> scored = cr.HandScored(2, (43, -10), (60, 0))
    >>> hand_at_end([cr.CardPlayed(0, cr.Card.parse("8D")), scored], scored, before, 0)
    (Card.parse('3♣'), Card.parse('9♥'))
    >>> drawn = cr.CardsDrawn(0, 1, "others_draw", 1, cards=cr.parse_cards("KS"))
    >>> hand_at_end([drawn, scored], scored, before, 0)
    (Card.parse('3♣'), Card.parse('9♥'), Card.parse('8♦'), Card.parse('K♠'))
    >>> hand_at_end([drawn.for_seat(1), scored], scored, before, 0) is None
    True
    """
    if getattr(before, "hand_number", None) != scored.number:
        return None
    played: Counter[Card] = Counter()
    drawn: list[Card] = []
    for event in events:
        if event is scored:
            break
        if isinstance(event, CardPlayed) and event.seat == human:
            played[event.card] += 1
        elif isinstance(event, CardsDrawn) and event.seat == human and event.count:
            if not event.cards:
                return None  # cards drawn that the events do not name
            drawn += event.cards
    else:
        return None
    kept = []
    for card in (*before.hand, *drawn):
        if played[card]:
            played[card] -= 1
        else:
            kept.append(card)
    return tuple(kept)
