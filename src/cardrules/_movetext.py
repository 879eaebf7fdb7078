"""The pieces the games' readers of typed moves share (:meth:`Game.parse_move
<cardrules.game.Game.parse_move>`): comparing typed text with a move's text, reading
cards, suits and numbers from words, and refusing a card the seat does not hold.

Everything here reads text and a seat's view, never a state: what a chat bot or a web
page has.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from cardrules.cards import Card, Suit, format_cards
from cardrules.errors import CardParseError, IllegalMoveError, MoveParseError

__all__ = [
    "MAX_TEXT",
    "SUIT_LETTER",
    "card_named",
    "digit_count",
    "held_card",
    "moves_text",
    "read_card",
    "short_number",
    "squash",
    "suit_named",
]

SUIT_LETTER = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S"})
"""Suit symbols to their letters (for ASCII output and for comparing typed text)."""

MAX_TEXT = 200
"""The longest text read as a move: anything longer is refused unread."""

_SHORT = 30
"""Numbers longer than this are abbreviated in messages."""

_LONG_LIST = 16
"""Lists of more moves than this are cut short in messages."""


def squash(text: str) -> str:
    """``text`` without spaces, upper case, suits as letters: the form in which typed
    text is compared with a move's text.

    >>> squash(" q♠ ! ")
    'QS!'
    """
    return "".join(text.split()).upper().translate(SUIT_LETTER)


def digit_count(text: str) -> int:
    """How many digits the number ``text`` has, its sign, spaces around it and leading
    zeros aside (at least 1), counted without reading it as a number.

    >>> digit_count(" -0042 "), digit_count("0"), digit_count("7" * 5000)
    (2, 1, 5000)
    """
    return len(text.strip().lstrip("+-").lstrip("0")) or 1


def short_number(text: str) -> str:
    """``text`` for a message: as given, or, if it is long, its first characters and
    how many digits it has.

    >>> short_number("12"), short_number("7" * 5000)
    ('12', '77777777777777777777… (5000 digits)')
    """
    text = text.strip()
    if len(text) <= _SHORT:
        return text
    return f"{text[:20]}… ({digit_count(text)} digits)"


def suit_named(word: str) -> Suit | None:
    """The suit ``word`` names (a letter, a symbol or a name, singular or plural, in any
    case: what :meth:`cardrules.Suit.parse` reads), or ``None``.

    >>> suit_named("Clubs"), suit_named("h"), suit_named("♠"), suit_named("spade")
    (<Suit.CLUBS: 0>, <Suit.HEARTS: 2>, <Suit.SPADES: 3>, <Suit.SPADES: 3>)
    >>> suit_named("\N{BLACK HEART SUIT}\ufe0f"), suit_named("up")  # (an emoji form; a word)
    (<Suit.HEARTS: 2>, None)
    """
    try:
        return Suit.parse(word)
    except CardParseError:
        return None


def card_named(word: str) -> Card | None:
    """The card ``word`` names, or ``None``.

    >>> card_named("10h"), card_named("draw")
    (Card.parse('10♥'), None)
    """
    try:
        return Card.parse(word)
    except CardParseError:
        return None


def read_card(word: str, hint: str = "") -> Card:
    """The card ``word`` names; raises :class:`~cardrules.MoveParseError` saying how a
    card is typed (and ``hint``, what else the player may type) if it names none.

    >>> read_card("q♠")
    Card.parse('Q♠')
    >>> read_card("xyz", "or draw")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    cardrules.errors.MoveParseError: cannot read 'xyz' as a card: expected a rank ... '10♥'; or draw
    """
    try:
        return Card.parse(word)
    except CardParseError as error:
        more = f"; {hint}" if hint else ""
        raise MoveParseError(f"{error}{more}") from None


def held_card(card: Card, hand: Collection[Card]) -> Card:
    """``card``, which the seat must hold in ``hand`` (its own hand, from its view):
    raises :class:`~cardrules.IllegalMoveError` (reason ``"not_in_hand"``) with their
    hand if they do not. The message names the seat's own cards only, never who holds
    the card.

    >>> held_card(Card.parse("QS"), [Card.parse("QS")])
    Card.parse('Q♠')
    >>> held_card(Card.parse("10h"), [Card.parse("QS"), Card.parse("2C")])
    Traceback (most recent call last):
    cardrules.errors.IllegalMoveError: you do not hold 10♥; your hand is Q♠ 2♣
    """
    if card not in hand:
        raise IllegalMoveError(
            "not_in_hand", f"you do not hold {card}; your hand is {format_cards(hand) or 'empty'}"
        )
    return card


def moves_text(moves: Iterable[Any]) -> str:
    """The texts of ``moves`` for a message ("none" for none).

    >>> import cardrules as cr
    >>> moves_text([cr.Play("QS"), cr.Draw()]), moves_text([])
    ('Q♠, draw', 'none')

    A long list (Skat's bids) is cut to its first and last few:

    >>> from cardrules.games.skat import SkatBid
    >>> moves_text([SkatBid(value) for value in range(18, 50)])
    'bid 18, bid 19, bid 20, bid 21, bid 22, bid 23, …, bid 48, bid 49 (32 moves)'
    """
    texts = [str(move) for move in moves]
    if len(texts) > _LONG_LIST:
        return f"{', '.join(texts[:6])}, …, {', '.join(texts[-2:])} ({len(texts)} moves)"
    return ", ".join(texts) or "none"
