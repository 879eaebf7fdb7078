"""Suits, ranks and cards: values, parsing and printing.

A :class:`Card` is a small integer (0 to 51) so that hands, piles and decks are cheap
tuples of ints, sets of cards fit in bitmasks, and tables can be indexed by card.
The 52 cards are created once; every way of getting a card returns one of them.

>>> card = Card.parse("qs")
>>> str(card), card.rank, card.suit
('Q♠', <Rank.QUEEN: 12>, <Suit.SPADES: 3>)
>>> Card(Rank.TEN, Suit.HEARTS) == Card.parse("TH") == Card.parse("10♥")
True
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from enum import IntEnum

from cardrules._text import shown
from cardrules.errors import CardParseError
from cardrules.values import Immutable

__all__ = [
    "CARD_BIT",
    "FULL_MASK",
    "SUIT_MASK",
    "Card",
    "Rank",
    "Suit",
    "card_texts",
    "cards_of_mask",
    "format_cards",
    "mask_of",
    "parse_cards",
    "suit_cards",
]


class Suit(IntEnum):
    """The four suits, in the order ♣ ♦ ♥ ♠ (their text letters are C D H S)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit's symbol, e.g. ``'♠'``."""
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The suit's letter, e.g. ``'S'``."""
        return _SUIT_LETTERS[self]

    def __str__(self) -> str:
        return _SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """Read a suit from its letter, symbol or name, in any case (``'S'``, ``'s'``,
        ``'♠'``, ``'spades'``, ``'Spade'``).

        >>> Suit.parse("h"), Suit.parse("Clubs")
        (<Suit.HEARTS: 2>, <Suit.CLUBS: 0>)
        """
        if isinstance(text, Suit):
            return text
        if not isinstance(text, str):
            raise CardParseError(
                f"a suit must be given as text like 'H' or 'hearts', not {type(text).__name__}"
            )
        suit = _SUIT_BY_TEXT.get(_clean(text))
        if suit is None:
            raise CardParseError(
                f"cannot read {shown(text)} as a suit: expected one of C D H S, ♣ ♦ ♥ ♠ "
                "or a suit name (clubs, diamonds, hearts, spades)"
            )
        return suit


class Rank(IntEnum):
    """Ranks from 2 (low) to Ace (high); the value is the rank's number (J=11 … A=14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def label(self) -> str:
        """The rank as printed on a card: ``'2'`` … ``'10'``, ``'J'``, ``'Q'``, ``'K'``,
        ``'A'``."""
        return _RANK_LABELS[self - 2]

    def __str__(self) -> str:
        return _RANK_LABELS[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank: ``'2'`` … ``'10'`` (or ``'T'``), ``'J'``, ``'Q'``, ``'K'``, ``'A'``.

        >>> Rank.parse("t")
        <Rank.TEN: 10>
        """
        if not isinstance(text, str):
            raise CardParseError(f"a rank must be given as text, not {type(text).__name__}")
        rank = _RANK_BY_TEXT.get(_clean(text))
        if rank is None:
            raise CardParseError(
                f"cannot read {shown(text)} as a rank: expected 2-10, T, J, Q, K or A"
            )
        return rank


def _clean(text: str) -> str:
    """``text`` as looked up in the tables below: stripped, without the emoji variation
    selector (``♥️``), ASCII letters in upper case. Only ASCII is case-folded, so that
    look-alikes such as the long s (``ſ``, which Python upper-cases to ``S``) are not
    read as suits."""
    return text.strip().replace("\ufe0f", "").translate(_ASCII_UPPER)


_ASCII_UPPER = str.maketrans(string.ascii_lowercase, string.ascii_uppercase)


_SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
_SUIT_LETTERS = ("C", "D", "H", "S")
_SUIT_BY_TEXT: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_BY_TEXT[_SUIT_LETTERS[_suit]] = _suit
    _SUIT_BY_TEXT[_SUIT_SYMBOLS[_suit]] = _suit
    _SUIT_BY_TEXT[_suit.name] = _suit  # CLUBS
    _SUIT_BY_TEXT[_suit.name[:-1]] = _suit  # CLUB
for _text, _suit in zip("♧♢♡♤", Suit, strict=True):  # the outlined symbols too
    _SUIT_BY_TEXT[_text] = _suit

_RANK_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_BY_TEXT: dict[str, Rank] = {label: Rank(i + 2) for i, label in enumerate(_RANK_LABELS)}
_RANK_BY_TEXT["T"] = Rank.TEN


class Card(int, Immutable):
    """A playing card; also the int ``suit * 13 + (rank - 2)``, from 0 (2♣) to 51 (A♠).

    Build one from a rank and a suit, from its index, or from text::

        >>> Card(Rank.ACE, Suit.SPADES)
        Card.parse('A♠')
        >>> Card.from_index(0)
        Card.parse('2♣')
        >>> int(Card.parse("A♠"))
        51

    Cards sort by suit (♣ ♦ ♥ ♠), then by rank, which is how hands are shown.
    Two cards of the same rank and suit (from two decks) are equal.
    """

    __slots__ = ()

    def __new__(cls, rank: Rank | int, suit: Suit | int) -> Card:
        if not isinstance(rank, int) or isinstance(rank, bool) or not 2 <= rank <= 14:
            raise CardParseError(f"rank must be a Rank or an int from 2 to 14, not {shown(rank)}")
        if not isinstance(suit, int) or isinstance(suit, bool) or not 0 <= suit <= 3:
            raise CardParseError(f"suit must be a Suit or an int from 0 to 3, not {shown(suit)}")
        return ALL_CARDS[suit * 13 + rank - 2]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this index (0 = 2♣ … 51 = A♠).

        Raises :class:`~cardrules.CardParseError` for anything but an int from 0 to 51.
        """
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 52:
            raise CardParseError(f"a card index is an int from 0 to 51, not {shown(index)}")
        return ALL_CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: rank then suit, any case: ``'Q♠'``, ``'QS'``, ``'qs'``, ``'10H'``, ``'TH'``.

        Raises :class:`~cardrules.CardParseError` naming the text if it is not a card.

        >>> Card.parse(" 10h ")
        Card.parse('10♥')
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardParseError(
                f"a card must be given as text like 'QS' or '10♥', not {type(text).__name__}"
            )
        card = _CARD_BY_TEXT.get(_clean(text))
        if card is None:
            raise CardParseError(
                f"cannot read {shown(text)} as a card: expected a rank (2-10, T, J, Q, K, A) "
                "followed by a suit (C, D, H, S or ♣, ♦, ♥, ♠), e.g. 'QS' or '10♥'"
            )
        return card

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANK_OF[self]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUIT_OF[self]

    @property
    def index(self) -> int:
        """The card as a plain int from 0 to 51."""
        return int(self)

    def __str__(self) -> str:
        return _CARD_TEXT[self]

    def __repr__(self) -> str:
        return f"Card.parse({_CARD_TEXT[self]!r})"

    def __format__(self, spec: str) -> str:
        return format(_CARD_TEXT[self], spec)

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # A module-level function, found by name: cloudpickle sends a classmethod by
        # value, and the copy it rebuilds has lost this module's globals.
        return (_card_of_index, (int(self),))


def _card_of_index(index: int) -> Card:
    """Unpickle a :class:`Card`: the one card of that index."""
    return ALL_CARDS[index]


ALL_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
"""The 52 distinct cards, in index order (2♣ … A♣, 2♦ … A♠)."""

_RANK_OF: tuple[Rank, ...] = tuple(Rank(i % 13 + 2) for i in range(52))
_SUIT_OF: tuple[Suit, ...] = tuple(Suit(i // 13) for i in range(52))
_CARD_TEXT: tuple[str, ...] = tuple(
    _RANK_LABELS[i % 13] + _SUIT_SYMBOLS[i // 13] for i in range(52)
)
_CARD_BY_TEXT: dict[str, Card] = {}
for _card in ALL_CARDS:
    for _rank_text, _rank in _RANK_BY_TEXT.items():
        if _rank == _RANK_OF[_card]:
            for _suit_text, _suit in _SUIT_BY_TEXT.items():
                if _suit == _SUIT_OF[_card] and len(_suit_text) == 1:  # no "QCLUBS"
                    _CARD_BY_TEXT[_rank_text + _suit_text] = _card


def card_texts(index: int) -> tuple[str, ...]:
    """The texts :meth:`Card.parse` reads as the card of ``index`` (0 to 51), in the
    cleaned form it compares (any case and spacing reads the same): what a declared
    deck must not give to another card.

    >>> card_texts(Card.parse("QS").index)
    ('QS', 'Q♠', 'Q♤')
    """
    return tuple(text for text, card in _CARD_BY_TEXT.items() if card == index)


SUIT_OF_INDEX: tuple[int, ...] = tuple(i // 13 for i in range(52))
"""Suit number of each card index, for fast lookups in hot paths."""
SUIT_MEMBER_OF_INDEX: tuple[Suit, ...] = _SUIT_OF
"""The :class:`Suit` of each card index, for fast lookups in hot paths."""
RANK_OF_INDEX: tuple[int, ...] = tuple(i % 13 + 2 for i in range(52))
"""Rank number (2 … 14) of each card index, for fast lookups in hot paths."""


# -- sets of cards as bitmasks: bit ``i`` stands for the card of index ``i`` -----------------

CARD_BIT: tuple[int, ...] = tuple(1 << i for i in range(52))
"""The bit of each card index in a card mask."""
SUIT_MASK: tuple[int, ...] = tuple(0x1FFF << (13 * suit) for suit in range(4))
"""The mask of all 13 cards of each suit."""
FULL_MASK = (1 << 52) - 1
"""The mask of the whole deck."""

_BY_PATTERN: list[list[tuple[Card, ...] | None]] = [[None] * 8192 for _ in range(4)]
# Each suit's cards of a pattern of its seven low ranks (2 to 8) and of its six high
# ranks (9 to ace), made at import: a new pattern's cards are one of each, put together
# (a short-lived program meets many patterns once each).


def _ranks_from(suit: int, lowest: int, pattern: int) -> tuple[Card, ...]:
    return tuple(ALL_CARDS[13 * suit + lowest + r] for r in range(7) if pattern >> r & 1)


_LOW_CARDS = [[_ranks_from(suit, 0, low) for low in range(128)] for suit in range(4)]
_HIGH_CARDS = [[_ranks_from(suit, 7, high) for high in range(64)] for suit in range(4)]


def suit_cards(suit: int, pattern: int) -> tuple[Card, ...]:
    """The cards of ``suit`` whose ranks are the bits of ``pattern`` (bit 0 is the 2),
    in rank order; remembered, so the same tuple is returned each time."""
    row = _BY_PATTERN[suit]
    cards = row[pattern]
    if cards is None:
        cards = row[pattern] = _LOW_CARDS[suit][pattern & 0x7F] + _HIGH_CARDS[suit][pattern >> 7]
    return cards


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a card mask, sorted (by suit, then rank).

    >>> cards_of_mask(mask_of(parse_cards("AS 2C 10H")))
    (Card.parse('2♣'), Card.parse('10♥'), Card.parse('A♠'))
    """
    return (
        suit_cards(0, mask & 0x1FFF)
        + suit_cards(1, (mask >> 13) & 0x1FFF)
        + suit_cards(2, (mask >> 26) & 0x1FFF)
        + suit_cards(3, (mask >> 39) & 0x1FFF)
    )


def mask_of(cards: Iterable[int]) -> int:
    """The card mask of some cards (each card once: a mask holds no copies)."""
    mask = 0
    for card in cards:
        mask |= CARD_BIT[card]
    return mask


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several cards, from text separated by spaces or commas, or from an iterable
    of cards and card texts.

    Raises :class:`~cardrules.CardParseError` naming the first thing that is not a card.

    >>> parse_cards("QS, 10h 2♣")
    (Card.parse('Q♠'), Card.parse('10♥'), Card.parse('2♣'))
    """
    if isinstance(text, str):
        words = text.replace(",", " ").split()
        return tuple(Card.parse(word) for word in words)
    if not isinstance(text, Iterable) or isinstance(text, (bytes, bytearray)):
        raise CardParseError(
            "cards must be given as text like 'QS 10h' or as a sequence of cards, "
            f"not {type(text).__name__}"
        )
    return tuple(Card.parse(item) for item in text)  # type: ignore[arg-type]


def format_cards(cards: Iterable[Card]) -> str:
    """Print cards separated by spaces.

    Raises :class:`~cardrules.CardParseError` for anything that is not a :class:`Card`
    (or a card of another declared deck, :mod:`cardrules.decks`).

    >>> format_cards(parse_cards("2c ah"))
    '2♣ A♥'
    """
    if isinstance(cards, Card):
        return _CARD_TEXT[cards]
    if isinstance(cards, int) and not isinstance(cards, bool):
        return _other_card_text(cards)
    if not isinstance(cards, Iterable) or isinstance(cards, (str, bytes, bytearray)):
        raise CardParseError(f"format_cards needs cards, not {type(cards).__name__}")
    texts = []
    for card in cards:
        if card.__class__ is Card:
            texts.append(_CARD_TEXT[card])
        else:
            texts.append(_other_card_text(card))
    return " ".join(texts)


def _other_card_text(card: object) -> str:
    """The text of a card of another declared deck (:mod:`cardrules.decks`), or the
    error for something that is no card."""
    # (A DeckCard's class names its deck; cardrules.decks, built on this module, is
    # not imported here.)
    if not isinstance(card, int) or not hasattr(getattr(type(card), "deck", None), "kinds"):
        raise CardParseError(f"format_cards needs cards, not {shown(card)}")
    return str(card)
