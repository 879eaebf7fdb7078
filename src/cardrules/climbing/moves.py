"""The climbing family's own moves: play a set of cards (:class:`PlayCards`) and give a
card in an exchange before the play (:class:`GiveCard`). A climbing game takes them
beside :class:`~cardrules.moves.Pass`, the pass every family shares.

Both are registered with :func:`~cardrules.moves.register_move`, so records, move ids,
data forms and the command line take them like every other move.

>>> from cardrules.moves import move_from_data
>>> play = PlayCards("3C 3H")
>>> str(play), play.to_data()
('play 3♣ 3♥', {'move': 'play_cards', 'cards': ['3♣', '3♥']})
>>> move_from_data(play.to_data()) == play
True
>>> str(GiveCard("KS")), GiveCard("KS").hidden().text
('give K♠', 'give a card')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from cardrules._text import shown
from cardrules.cards import Card, format_cards
from cardrules.decks import FRENCH_54, DeckCard
from cardrules.errors import CardParseError, MoveTypeError
from cardrules.events import HiddenMove
from cardrules.moves import Pass, as_card, register_move
from cardrules.values import Immutable

__all__ = ["CLIMBING_MOVES", "GiveCard", "PlayCards", "as_cards"]


def _play_card(item: object) -> Any:
    """A card of a play: a card of the 52 or a joker (its text ``Jk`` or ``joker``, or a
    card of any declared deck)."""
    if isinstance(item, DeckCard):
        return item
    if isinstance(item, str) and item.strip().lower() in _JOKER_TEXTS:
        return _JOKER
    return as_card(item)  # type: ignore[arg-type]


_JOKER = FRENCH_54.parse("Jk")
_JOKER_TEXTS = frozenset({"jk", "joker", "🃏"})


def as_cards(value: Iterable[Any] | str) -> tuple[Any, ...]:
    """The cards of a play, sorted (by card number: suit, then rank, jokers last): from
    cards, card texts, or one text of cards (``"3C 3H"``); a joker is ``Jk``. The
    converter of :attr:`PlayCards.cards`. Raises :class:`~cardrules.MoveTypeError` for
    no cards, a card of the 52 twice, or anything that is no card.

    >>> as_cards("3h 3c")
    (Card.parse('3♣'), Card.parse('3♥'))
    >>> [str(card) for card in as_cards("jk 2s Jk")]
    ['2♠', 'Jk', 'Jk']
    """
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if isinstance(value, Card) or not isinstance(value, Iterable):
        raise MoveTypeError(
            f"PlayCards needs the cards played (cards or card texts like 'QS'), not "
            f"{type(value).__name__} {shown(value)}"
        )
    items = tuple(value)
    if len(items) > 52:
        raise MoveTypeError(f"PlayCards takes at most 52 cards, not {len(items)}")
    try:
        cards = tuple(sorted((_play_card(item) for item in items), key=int))
    except CardParseError as error:
        raise MoveTypeError(f"PlayCards: {error}") from None
    if not cards:
        raise MoveTypeError("PlayCards needs at least one card (a pass is Pass())")
    french = [card for card in cards if type(card) is Card]
    if len(set(french)) != len(french):
        twice = sorted({card for card in french if french.count(card) > 1})
        raise MoveTypeError(f"PlayCards names a card twice: {format_cards(twice)}")
    return cards


@register_move("play_cards")
@attrs.frozen(cache_hash=True)
class PlayCards(Immutable):
    """Play ``cards`` together as one combination (a single card, a pair, three or four
    of a kind, or a combination of the game's own): they must beat the play on the table
    unless the player leads. ``cards`` are kept sorted, so the order they are given in
    does not matter."""

    cards: tuple[Any, ...] = attrs.field(converter=as_cards)

    told_by_events: ClassVar[bool] = True
    """Its event (:class:`~cardrules.climbing.events.CardsPlayed`) tells what it did."""

    @property
    def mask(self) -> int:
        """The cards as a card mask of the 52 (a bit a card); a game on a declared deck
        finds the bits of a play in a hand with its ``bits_of``."""
        mask = 0
        for card in self.cards:
            mask |= 1 << card
        return mask

    def to_data(self) -> dict[str, Any]:
        """This move as data, as records write it (:func:`~cardrules.moves.move_to_data`).

        >>> PlayCards("3H 3C").to_data()
        {'move': 'play_cards', 'cards': ['3♣', '3♥']}
        """
        return {"move": "play_cards", "cards": [str(card) for card in self.cards]}

    def __str__(self) -> str:
        return f"play {format_cards(self.cards)}"


_GIVE_HIDDEN = HiddenMove("give a card")


@register_move("give_card")
@attrs.frozen(cache_hash=True)
class GiveCard(Immutable):
    """Give ``card`` to the player this seat exchanges with before the play (the
    President's cards to the Scum). Secret: only the giver sees which card, and the
    receiver once the cards change hands."""

    card: Any = attrs.field(converter=_play_card)

    def to_data(self) -> dict[str, Any]:
        """This move as data, as records write it (:func:`~cardrules.moves.move_to_data`).

        >>> GiveCard("KS").to_data()
        {'move': 'give_card', 'card': 'K♠'}
        """
        return {"move": "give_card", "card": str(self.card)}

    def hidden(self) -> HiddenMove:
        """What the other seats are told of it: not the card."""
        return _GIVE_HIDDEN

    def __str__(self) -> str:
        return f"give {self.card}"


CLIMBING_MOVES = (PlayCards, Pass, GiveCard)
"""The move classes the climbing engine takes (any other move is another game's)."""
