"""Decks as data: a deck is a declared set of card kinds, each with the attributes the
rules read (a suit or colour, a rank, a value, the game's own kind of card), and how
many copies of each kind are in play.

Cards stay small ints: a kind's card is its index in the deck's :attr:`Deck.kinds`,
an int subclass that prints and parses itself (the French decks' cards are
:class:`~cardrules.cards.Card`, 0 to 51, so nothing changes for the games on them).
Copies of a kind are the same card (the same object, the same text): a list of cards
holds a kind as often as its copies, and count vectors count them. Only card masks
tell copies apart, one bit a copy: copy ``c`` of kind ``k`` is bit ``k + c * K`` (``K``
kinds), so a deck without copies has one bit a card, and a mask is as wide as the deck
needs (:attr:`Deck.width`).

>>> from cardrules.decks import PINOCHLE_48, TAROT_78, UNO_108
>>> UNO_108.size, len(UNO_108.kinds), str(UNO_108.parse("r+2"))
(108, 54, 'R+2')
>>> excuse = TAROT_78.parse("Excuse")
>>> excuse.kind, excuse.suit, TAROT_78.parse("21T").value
('excuse', None, 9)
>>> cards = PINOCHLE_48.parse_cards("AS AS 9H")
>>> mask = PINOCHLE_48.mask_of(cards)
>>> PINOCHLE_48.format(PINOCHLE_48.cards_of_mask(mask)), mask.bit_count()
('9♥ A♠ A♠', 3)

A deck of one's own is a list of kinds (see :class:`Deck` and :class:`CardKind`).
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from cardrules._text import shown
from cardrules.cards import ALL_CARDS, Card, Rank, Suit, card_texts
from cardrules.errors import CardParseError, RulesError, SetupError
from cardrules.rng import shuffled
from cardrules.values import Immutable

__all__ = [
    "DOPPELKOPF_48",
    "EUCHRE_24",
    "FRENCH_52",
    "FRENCH_54",
    "PINOCHLE_48",
    "SKAT_32",
    "TAROT_78",
    "UNO_108",
    "CardKind",
    "Deck",
    "DeckCard",
    "DeckSuit",
    "deck_of",
]


class CardKind(Immutable):
    """One kind of card of a deck and what the rules read of it: ``text``, how it
    prints (and reads back); ``suit``, the number of its suit or colour in the deck's
    ``suits`` (``None`` for a card of no suit: a joker, a wild, the Excuse); ``rank``,
    a number the rules compare (``None`` if it has none); ``kind``, the game's own kind
    of card (``"plain"``, ``"trump"``, ``"wild"``, ``"skip"`` …); ``value``, the points
    it is worth; ``aliases``, other texts that read as it (any case).

    >>> CardKind("R+2", suit=0, kind="draw_two", value=20, aliases=("red draw two",))
    CardKind('R+2', suit=0, rank=None, kind='draw_two', value=20)
    """

    __slots__ = ("aliases", "kind", "rank", "suit", "text", "value")

    text: str
    suit: int | None
    rank: int | None
    kind: str
    value: int
    aliases: tuple[str, ...]

    def __init__(
        self,
        text: str,
        *,
        suit: int | None = None,
        rank: int | None = None,
        kind: str = "plain",
        value: int = 0,
        aliases: Sequence[str] = (),
    ) -> None:
        if not isinstance(text, str) or not text.strip() or text != text.strip():
            raise RulesError(
                f"a card kind's text must be some text without spaces around it, not {shown(text)}"
            )
        for label, number in (("suit", suit), ("rank", rank)):
            if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
                raise RulesError(
                    f"a card kind's {label} must be an int or None, not {shown(number)}"
                )
        if suit is not None and suit < 0:
            raise RulesError(f"a card kind's suit must be 0 or more (or None), not {suit}")
        if not isinstance(kind, str) or not kind:
            raise RulesError(f"a card kind's kind must be a name, not {shown(kind)}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"a card kind's value must be an int, not {shown(value)}")
        if isinstance(aliases, str) or not all(isinstance(a, str) and a.strip() for a in aliases):
            raise RulesError(
                f"a card kind's aliases must be a sequence of texts, not {shown(aliases)}"
            )
        for name, item in (
            ("text", text),
            ("suit", suit),
            ("rank", rank),
            ("kind", kind),
            ("value", value),
            ("aliases", tuple(aliases)),
        ):
            object.__setattr__(self, name, item)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a CardKind cannot be changed ({name})")

    def _key(self) -> tuple[Any, ...]:
        return (self.text, self.suit, self.rank, self.kind, self.value, self.aliases)

    def __eq__(self, other: object) -> bool:
        if type(other) is not CardKind:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        return _kind, self._key()

    def __repr__(self) -> str:
        return (
            f"CardKind({self.text!r}, suit={self.suit!r}, rank={self.rank!r}, "
            f"kind={self.kind!r}, value={self.value!r})"
        )


def _kind(
    text: str, suit: int | None, rank: int | None, kind: str, value: int, aliases: tuple[str, ...]
) -> CardKind:
    return CardKind(text, suit=suit, rank=rank, kind=kind, value=value, aliases=aliases)


class DeckCard(int, Immutable):
    """A card of a declared deck that is not French: an int (its kind's index in the
    deck) that prints, parses and describes itself. Each deck has its own subclass
    (``Deck.card_class``), one object per kind, so ``str(card)``, ``card.suit`` and the
    others work wherever a card goes.

    >>> from cardrules.decks import UNO_108
    >>> card = UNO_108.parse("b7")
    >>> card, int(card), card.suit, card.rank, card.kind, card.deck is UNO_108
    (UnoCard.parse('B7'), 33, 2, 7, 'number', True)
    """

    __slots__ = ()
    deck: ClassVar[Deck]
    """The deck this card is of."""

    @classmethod
    def parse(cls, text: str) -> DeckCard:
        """Read a card of this class's deck (see :meth:`Deck.parse`)."""
        card = cls.deck.parse(text)
        if not isinstance(card, DeckCard):  # (a French deck's jokers: its others are Cards)
            raise CardParseError(f"{shown(text)} is not a card of this class")
        return card

    @property
    def suit(self) -> int | None:
        """The number of the card's suit or colour in its deck's ``suits`` (``None``:
        no suit)."""
        return self.deck.kinds[self].suit

    @property
    def rank(self) -> int | None:
        """The card's rank, a number the rules compare (``None``: none)."""
        return self.deck.kinds[self].rank

    @property
    def kind(self) -> str:
        """The game's own kind of card (``"plain"``, ``"trump"``, ``"wild"`` …)."""
        return self.deck.kinds[self].kind

    @property
    def value(self) -> int:
        """What the card is worth."""
        return self.deck.kinds[self].value

    @property
    def index(self) -> int:
        """The card as a plain int."""
        return int(self)

    def __str__(self) -> str:
        return self.deck.kinds[self].text

    def __format__(self, spec: str) -> str:
        return format(self.deck.kinds[self].text, spec)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({self.deck.kinds[self].text!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return _card_of, (self.deck, int(self))


class DeckSuit(int, Immutable):
    """A suit (or colour) of a declared deck that is not French: an int (its number in
    the deck's ``suits``) with a name, a letter and a symbol, that prints and parses
    itself. Each deck has its own subclass, one object per suit (:meth:`Deck.suit`); a
    French deck's suits are :class:`~cardrules.cards.Suit`. A wild card names one
    (``Play(card, suit=...)``).

    >>> from cardrules.decks import UNO_108
    >>> red = UNO_108.suit(0)
    >>> red, int(red), red.name, red.letter, str(red), UNO_108.parse_suit("r") is red
    (UnoSuit.parse('red'), 0, 'red', 'R', 'red', True)
    """

    __slots__ = ()
    deck: ClassVar[Deck]
    """The deck this suit is of."""

    @classmethod
    def parse(cls, text: str | int) -> Any:
        """Read a suit of this class's deck (see :meth:`Deck.parse_suit`)."""
        return cls.deck.parse_suit(text)

    @property
    def name(self) -> str:
        """The suit's name (``'red'``)."""
        return self.deck.suits[self]

    @property
    def letter(self) -> str:
        """The suit's letter (``'R'``): how records and data write it."""
        return self.deck._suit_letters[self]

    @property
    def symbol(self) -> str:
        """How texts show the suit: its name (a French suit's is its symbol)."""
        return self.deck.suits[self]

    def __str__(self) -> str:
        return self.deck.suits[self]

    def __format__(self, spec: str) -> str:
        return format(self.deck.suits[self], spec)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({self.deck.suits[self]!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return _suit_of, (self.deck, int(self))


def _suit_of(deck: Deck, index: int) -> Any:
    """Unpickle a suit: the one suit object of that number in its deck."""
    return deck.suit(index)


def _card_of(deck: Deck, index: int) -> Card | DeckCard:
    """Unpickle a card: the one card of that index in its deck."""
    card: Card | DeckCard = deck.card(index)
    return card


def _clean(text: str) -> str:
    """``text`` as looked up: stripped, without the emoji variation selector, ASCII
    letters in upper case (only ASCII: see :mod:`cardrules.cards`)."""
    return text.strip().replace("\ufe0f", "").translate(_ASCII_UPPER)


_ASCII_UPPER = str.maketrans(string.ascii_lowercase, string.ascii_uppercase)

_DECKS: dict[tuple[Any, ...], Deck] = {}  # every deck made, by what declares it
_BY_NAME: dict[str, Deck] = {}  # and by its name


class Deck(Immutable):
    """A declared deck: its ``name``, its card ``kinds`` (:class:`CardKind`, in the
    order their cards are numbered and sorted), how many ``copies`` of each are in play
    (one number for all, or one a kind; 0 leaves a kind out: a stripped deck), and the
    names of its ``suits`` (the kinds' ``suit`` numbers index them).

    Decks are values made once: declaring the same deck again gives the same object.
    Each deck's cards are objects of its own class (:class:`DeckCard`; a French deck's
    are :class:`~cardrules.cards.Card`), made once per kind.

    A deck of one's own, three colours of 1 to 5 with two wilds:

    >>> kinds = [CardKind(f"{c}{n}", suit=s, rank=n) for s, c in enumerate("RGB") for n in (1, 2)]
    >>> kinds.append(CardKind("W", kind="wild", aliases=("wild",)))
    >>> mini = Deck("Mini", kinds, copies=[1] * 6 + [2], suits=("red", "green", "blue"))
    >>> mini.size, mini.width, mini.format(mini.parse_cards("g2 wild W"))
    (8, 14, 'G2 W W')
    >>> try:
    ...     mini.parse("X9")
    ... except CardParseError as error:
    ...     print(error)
    cannot read 'X9' as a card of the Mini deck: expected one of R1 R2 G1 G2 B1 B2 W (any case)
    """

    __slots__ = (
        "_by_text",
        "_cards",
        "_copies",
        "_kind_cards",
        "_kinds",
        "_name",
        "_slot_kind",
        "_suit_by_text",
        "_suit_letters",
        "_suit_objects",
        "_suits",
        "_width",
        "card_class",
        "copy_masks",
        "full_mask",
        "suit_masks",
    )

    _by_text: dict[str, int]
    _cards: tuple[Any, ...]
    _copies: tuple[int, ...]
    _kind_cards: tuple[Any, ...]
    _kinds: tuple[CardKind, ...]
    _name: str
    _slot_kind: tuple[Any, ...]
    _suit_by_text: dict[str, int]
    _suit_letters: tuple[str, ...]
    _suit_objects: tuple[Any, ...]
    _suits: tuple[str, ...]
    _width: int
    card_class: type
    """The class of the deck's cards (:class:`~cardrules.cards.Card` for a French deck
    without jokers; a :class:`DeckCard` subclass of its own otherwise)."""
    copy_masks: tuple[int, ...]
    """By kind, the mask of every copy of it in play."""
    full_mask: int
    """The mask of every card in play, each copy."""
    suit_masks: tuple[int, ...]
    """By suit number, the mask of every copy of the suit's cards in play."""

    def __new__(
        cls,
        name: str,
        kinds: Sequence[CardKind],
        copies: int | Sequence[int] = 1,
        *,
        suits: Sequence[str] = (),
        _french: bool = False,
    ) -> Deck:
        if not isinstance(name, str) or not name.strip():
            raise RulesError(f"a deck's name must be some text, not {shown(name)}")
        if isinstance(kinds, (str, bytes)) or not isinstance(kinds, Sequence) or not kinds:
            raise RulesError(
                f"a deck's kinds must be a non-empty sequence of CardKinds, not {shown(kinds)}"
            )
        kinds = tuple(kinds)
        for item in kinds:
            if not isinstance(item, CardKind):
                raise RulesError(f"a deck's kinds must be CardKinds, not {shown(item)}")
        if isinstance(copies, int) and not isinstance(copies, bool):
            counts = (copies,) * len(kinds)
        elif isinstance(copies, Sequence) and not isinstance(copies, str):
            counts = tuple(copies)
        else:
            raise RulesError(f"copies must be an int or one int a kind, not {shown(copies)}")
        if len(counts) != len(kinds) or any(
            isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 8 for n in counts
        ):
            raise RulesError(
                f"copies must be one int from 0 to 8 for each of the {len(kinds)} kinds, "
                f"not {shown(copies)}"
            )
        if not any(counts):
            raise RulesError("a deck must have some cards in play: every kind has 0 copies")
        suit_names = tuple(suits)
        if not all(isinstance(s, str) and s for s in suit_names):
            raise RulesError(f"a deck's suits must be names, not {shown(suits)}")
        for item in kinds:
            if item.suit is not None and item.suit >= len(suit_names):
                raise RulesError(
                    f"{item.text}'s suit is {item.suit}, but the deck names "
                    f"{len(suit_names)} suits "
                    f"({', '.join(suit_names) or 'none'})"
                )
        key = (name, kinds, counts, suit_names, _french)
        known = _DECKS.get(key)
        if known is not None:
            return known
        if name in _BY_NAME:
            raise RulesError(
                f"a deck named {name!r} is declared already, with other cards: give this one "
                "another name (records name a deck's cards by it)"
            )
        deck = super().__new__(cls)
        deck._setup(name, kinds, counts, suit_names, _french)
        _DECKS[key] = _BY_NAME[name] = deck
        return deck

    @staticmethod
    def named(name: str) -> Deck:
        """The deck declared with this name (how records name a deck's cards); a
        :class:`~cardrules.CardParseError` if none is.

        >>> Deck.named("Tarot") is TAROT_78
        True
        """
        deck = _BY_NAME.get(name) if isinstance(name, str) else None
        if deck is None:
            raise CardParseError(
                f"no deck named {shown(name)} is declared "
                f"(declared: {', '.join(sorted(_BY_NAME))}); import the module that "
                "declares it first"
            )
        return deck

    def _setup(
        self,
        name: str,
        kinds: tuple[CardKind, ...],
        counts: tuple[int, ...],
        suits: tuple[str, ...],
        french: bool,
    ) -> None:
        put = object.__setattr__
        put(self, "_name", name)
        put(self, "_kinds", kinds)
        put(self, "_copies", counts)
        put(self, "_suits", suits)
        number = len(kinds)
        if french:
            card_class: type = Card
            extra = type(_class_name(name), (DeckCard,), {"__slots__": (), "deck": self})
            objects: list[int] = [*ALL_CARDS, *(int.__new__(extra, i) for i in range(52, number))]
        else:
            card_class = type(_class_name(name), (DeckCard,), {"__slots__": (), "deck": self})
            objects = [int.__new__(card_class, i) for i in range(number)]
        put(self, "card_class", card_class)
        put(self, "_kind_cards", tuple(objects))
        put(self, "_width", number * max(counts))
        by_text: dict[str, int] = {}
        for index, item in enumerate(kinds):
            texts = [item.text, *item.aliases]
            if french and index < 52:
                texts.extend(card_texts(index))
            for text in texts:
                cleaned = _clean(text)
                if by_text.get(cleaned, index) != index:
                    raise RulesError(
                        f"{text!r} would name two cards of the {name} deck "
                        f"({kinds[by_text[cleaned]].text} and {item.text})"
                    )
                by_text[cleaned] = index
        put(self, "_by_text", by_text)
        cards = tuple(
            objects[k] for copy in range(max(counts)) for k in range(number) if counts[k] > copy
        )
        put(self, "_cards", ALL_CARDS if cards == ALL_CARDS else cards)
        copy_masks = tuple(
            sum(1 << (k + c * number) for c in range(counts[k])) for k in range(number)
        )
        put(self, "copy_masks", copy_masks)
        put(self, "full_mask", sum(copy_masks))
        put(
            self,
            "suit_masks",
            tuple(
                sum(copy_masks[k] for k, item in enumerate(kinds) if item.suit == s)
                for s in range(len(suits))
            ),
        )
        put(self, "_slot_kind", tuple(objects[slot % number] for slot in range(self._width)))
        self._setup_suits(name, suits, french)

    def _setup_suits(self, name: str, suits: tuple[str, ...], french: bool) -> None:
        put = object.__setattr__
        firsts = [suit[:1].upper() for suit in suits]
        letters = tuple(
            first if firsts.count(first) == 1 else suit
            for first, suit in zip(firsts, suits, strict=True)
        )
        if french:
            objects: tuple[Any, ...] = tuple(Suit)
            letters = tuple(suit.letter for suit in Suit)
        else:
            suit_class = type(
                _class_name(name).removesuffix("Card") + "Suit",
                (DeckSuit,),
                {"__slots__": (), "deck": self},
            )
            objects = tuple(int.__new__(suit_class, i) for i in range(len(suits)))
        by_text: dict[str, int] = {}
        for number, (suit, letter) in enumerate(zip(suits, letters, strict=True)):
            for text in {suit, letter, *(() if not french else (Suit(number).symbol,))}:
                by_text[_clean(text)] = number
        put(self, "_suit_letters", letters)
        put(self, "_suit_objects", objects)
        put(self, "_suit_by_text", by_text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Deck cannot be changed ({name})")

    def __reduce__(self) -> tuple[Any, ...]:
        return _deck, (self._name, self._kinds, self._copies, self._suits, self._is_french())

    def _is_french(self) -> bool:
        return self.card_class is Card

    def __repr__(self) -> str:
        return f"<Deck {self._name}: {self.size} cards>"

    # -- declared decks ---------------------------------------------------------------

    @classmethod
    def french(
        cls,
        *,
        ranks: str | Sequence[Rank | int | str] | None = None,
        jokers: int = 0,
        copies: int = 1,
        name: str | None = None,
    ) -> Deck:
        """The French deck: the 52 cards (:class:`~cardrules.cards.Card`, numbered as
        always), or only those of some ``ranks`` (a stripped deck), ``copies`` of each
        (2: a doubled deck), and ``jokers`` jokers (``Jk``, of no suit, copies of one
        kind, numbered 52). ``name`` by default says what it is.

        >>> Deck.french() is FRENCH_52, Deck.french(ranks="7 8 9 10 J Q K A").size
        (True, 32)
        >>> Deck.french(jokers=2).format(Deck.french(jokers=2).parse_cards("jk JOKER qs"))
        'Jk Jk Q♠'
        """
        if ranks is None:
            chosen = set(Rank)
        else:
            items = ranks.split() if isinstance(ranks, str) else ranks
            if not isinstance(items, Sequence):
                raise RulesError(f"ranks must be ranks, e.g. '9 10 J Q K A', not {shown(ranks)}")
            chosen = set()
            for item in items:
                try:
                    if isinstance(item, int) and not isinstance(item, bool) and 2 <= item <= 14:
                        chosen.add(Rank(item))
                    else:
                        chosen.add(Rank.parse(item))  # type: ignore[arg-type]
                except CardParseError as error:
                    raise RulesError(f"ranks must be ranks (2-10, J, Q, K, A): {error}") from None
            if not chosen:
                raise RulesError("a French deck needs some ranks")
        if isinstance(jokers, bool) or jokers not in (0, 1, 2, 3, 4):
            raise RulesError(f"jokers must be 0 to 4, not {shown(jokers)}")
        if isinstance(copies, bool) or copies not in range(1, 9):
            raise RulesError(f"copies must be 1 to 8, not {shown(copies)}")
        kinds = [_FRENCH_KINDS[i] for i in range(52)]
        counts = [copies if ALL_CARDS[i].rank in chosen else 0 for i in range(52)]
        if jokers:
            kinds.append(_JOKER)
            counts.append(jokers * copies)
        if name is None:
            name = "French"
            if len(chosen) < 13:
                name += " " + "".join(Rank(rank).label for rank in sorted(chosen)).replace(
                    "10", "T"
                )
            if copies > 1:
                name += f" x{copies}"
            if jokers:
                name += f" +{jokers}Jk"
            if name == "French +2Jk":
                name = "French 54"
        return cls(name, kinds, counts, suits=_FRENCH_SUITS, _french=True)

    # -- what the deck is -------------------------------------------------------------

    @property
    def name(self) -> str:
        """The deck's name."""
        return self._name

    @property
    def kinds(self) -> tuple[CardKind, ...]:
        """The card kinds, by card number (those with no copy in play too)."""
        return self._kinds

    @property
    def copies(self) -> tuple[int, ...]:
        """How many copies of each kind are in play, by card number."""
        return self._copies

    @property
    def suits(self) -> tuple[str, ...]:
        """The names of the suits (or colours), by suit number."""
        return self._suits

    def suit(self, number: int) -> Any:
        """The suit (or colour) of number ``number`` in :attr:`suits`, as an object
        that prints and parses itself: a :class:`DeckSuit` of the deck's own class (a
        French deck's: :class:`~cardrules.cards.Suit`). A
        :class:`~cardrules.CardParseError` for a number that is not a suit's.

        >>> UNO_108.suit(3), FRENCH_54.suit(2)
        (UnoSuit.parse('green'), <Suit.HEARTS: 2>)
        """
        if (
            isinstance(number, bool)
            or not isinstance(number, int)
            or not 0 <= number < len(self._suits)
        ):
            raise CardParseError(
                f"a suit of the {self._name} deck is a number from 0 to "
                f"{len(self._suits) - 1}, not {shown(number)}"
            )
        return self._suit_objects[number]

    @property
    def suit_objects(self) -> tuple[Any, ...]:
        """Every suit of the deck as :meth:`suit` gives it, by number."""
        return self._suit_objects

    def parse_suit(self, text: str | int) -> Any:
        """Read a suit (or colour) of this deck from its name or letter, any case (a
        French deck's also from its symbol); a suit object of the deck is returned as
        it is. A :class:`~cardrules.CardParseError` lists the suits for anything else.

        >>> UNO_108.parse_suit("Blue"), UNO_108.parse_suit("y")
        (UnoSuit.parse('blue'), UnoSuit.parse('yellow'))
        """
        if isinstance(text, int) and not isinstance(text, bool):
            # (Only the deck's own suit objects, or a suit's number as a plain int: the
            # suits of two decks are equal ints.)
            if any(text is suit for suit in self._suit_objects):
                return text
            if type(text) is int and 0 <= text < len(self._suits):
                return self._suit_objects[text]
            raise CardParseError(f"{shown(text)} is not a suit of the {self._name} deck")
        number = self._suit_by_text.get(_clean(text)) if isinstance(text, str) else None
        if number is None:
            listed = ", ".join(
                f"{letter} ({suit})" if letter != suit else suit
                for letter, suit in zip(self._suit_letters, self._suits, strict=True)
            )
            raise CardParseError(
                f"cannot read {shown(text)} as a suit of the {self._name} deck: expected one "
                f"of {listed or 'none (the deck has no suits)'} (any case)"
            )
        return self._suit_objects[number]

    @property
    def size(self) -> int:
        """How many cards are in play, each copy counted."""
        return len(self._cards)

    @property
    def width(self) -> int:
        """How many bits a card mask of this deck may use (a bit a copy of each kind)."""
        return self._width

    @property
    def has_copies(self) -> bool:
        """Whether some kind has more than one copy in play."""
        return max(self._copies) > 1

    @property
    def cards(self) -> tuple[Any, ...]:
        """Every card in play, a kind as often as its copies, one full set after the
        other (a fresh, unshuffled deck)."""
        return self._cards

    @property
    def kind_cards(self) -> tuple[Any, ...]:
        """One card of each kind in play, in card order."""
        return tuple(card for card in self._kind_cards if self._copies[card])

    def card(self, index: int) -> Any:
        """The card of kind number ``index`` (``kinds[index]``), or of the mask bit
        ``index`` (a copy: the same card); a :class:`~cardrules.CardParseError` for
        anything else."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self._width:
            raise CardParseError(
                f"a card of the {self._name} deck is an int from 0 to {self._width - 1}, "
                f"not {shown(index)}"
            )
        return self._slot_kind[index]

    def kind_of(self, card: int) -> Any:
        """The card of a mask bit (any copy) or a card: the card its copies share.

        >>> from cardrules.decks import PINOCHLE_48
        >>> ace = PINOCHLE_48.parse("AS")
        >>> PINOCHLE_48.kind_of(int(ace) + 52) is ace
        True
        """
        return self.card(card)

    def copy_of(self, bit: int) -> int:
        """Which copy of its kind the mask bit ``bit`` is (0 for the first)."""
        self.card(bit)
        return bit // len(self._kinds)

    def __contains__(self, card: object) -> bool:
        """Whether ``card`` is a card of this deck in play."""
        return isinstance(card, int) and self._is_card(card) and bool(self._copies[card])

    def _is_card(self, card: object) -> bool:
        return (
            isinstance(card, int)
            and 0 <= card < len(self._kinds)
            and self._kind_cards[card] is card
        )

    # -- text -------------------------------------------------------------------------

    def parse(self, text: str | int) -> Any:
        """Read one card of this deck from its text (or any alias, any case); a card
        of the deck is returned as it is. A :class:`~cardrules.CardParseError` names
        what the deck's cards are for anything else (a kind left out of a stripped deck
        included)."""
        if isinstance(text, int) and not isinstance(text, bool):
            if text in self:
                return text
            raise CardParseError(f"{shown(text)} is not a card of the {self._name} deck")
        if not isinstance(text, str):
            raise CardParseError(
                f"a card must be given as text like {self._example()!r}, not {type(text).__name__}"
            )
        index = self._by_text.get(_clean(text))
        if index is None or not self._copies[index]:
            raise CardParseError(
                f"cannot read {shown(text)} as a card of the {self._name} deck: expected one of "
                f"{self._listed()} (any case)"
            )
        return self._kind_cards[index]

    def parse_cards(self, text: str | Iterable[str | int]) -> tuple[Any, ...]:
        """Read several cards, from text separated by spaces or commas, or from an
        iterable of cards and card texts."""
        if isinstance(text, str):
            return tuple(self.parse(word) for word in text.replace(",", " ").split())
        if not isinstance(text, Iterable) or isinstance(text, (bytes, bytearray)):
            raise CardParseError(
                f"cards must be given as text like {self._example()!r} or as a sequence of cards, "
                f"not {type(text).__name__}"
            )
        return tuple(self.parse(item) for item in text)

    def format(self, cards: Iterable[int] | int) -> str:
        """Print cards of this deck, separated by spaces (a card alone as its text)."""
        if isinstance(cards, int):
            return self._text(cards)
        if not isinstance(cards, Iterable) or isinstance(cards, (str, bytes, bytearray)):
            raise CardParseError(f"format needs cards of the {self._name} deck, not {shown(cards)}")
        return " ".join(self._text(card) for card in cards)

    def _text(self, card: int) -> str:
        if not self._is_card(card):
            raise CardParseError(f"{shown(card)} is not a card of the {self._name} deck")
        return self._kinds[card].text

    def _listed(self) -> str:
        shown_kinds = [self._kinds[card].text for card in self.kind_cards]
        if len(shown_kinds) > 60:  # (UNO's 54 listed in full; Tarot's 78 cut short)
            return " ".join(shown_kinds[:12]) + f" … ({len(shown_kinds)} kinds)"
        return " ".join(shown_kinds)

    def _example(self) -> str:
        return " ".join(str(card) for card in self.kind_cards[:2])

    # -- sets of cards ----------------------------------------------------------------

    def mask_of(self, cards: Iterable[int]) -> int:
        """The card mask of some cards of this deck: a kind given again takes its next
        copy's bit. A :class:`~cardrules.CardParseError` for a card not of the deck, or
        a kind given more often than its copies.

        >>> from cardrules.decks import PINOCHLE_48
        >>> bin(PINOCHLE_48.mask_of(PINOCHLE_48.parse_cards("9C 9C")))  # bits 7 and 59
        '0b100000000000000000000000000000000000000000000000000010000000'
        """
        mask = 0
        for card in cards:
            self._text(card)
            bits = self.copy_masks[card] & ~mask
            if not bits:
                raise CardParseError(
                    f"{self._kinds[card].text} is given more often than its "
                    f"{self._copies[card]} copies in the {self._name} deck"
                    if self._copies[card]
                    else f"{self._kinds[card].text} is not in play in the {self._name} deck"
                )
            mask |= bits & -bits
        return mask

    def cards_of_mask(self, mask: int) -> tuple[Any, ...]:
        """The cards of a card mask of this deck, sorted by card number (copies
        together). A :class:`~cardrules.CardParseError` for a bit not of a card in play.

        >>> TAROT_78.format(TAROT_78.cards_of_mask(1 << 77 | 1 << 76 | 1))
        '1♣ 21T Ex'
        """
        if not isinstance(mask, int) or mask < 0 or mask & ~self.full_mask:
            raise CardParseError(
                f"a card mask of the {self._name} deck is an int of the bits of its cards in "
                f"play, not {shown(mask)}"
            )
        number = len(self._kinds)
        folded = [0] * number
        while mask:
            low = mask & -mask
            folded[(low.bit_length() - 1) % number] += 1
            mask ^= low
        objects = self._kind_cards
        return tuple(objects[k] for k in range(number) for _ in range(folded[k]))

    def counts(self, cards: Iterable[int]) -> tuple[int, ...]:
        """The count vector of some cards: how many of each kind, by card number.

        >>> UNO_108.counts(UNO_108.parse_cards("W W R0"))[-2:], UNO_108.counts([])[0]
        ((2, 0), 0)
        """
        vector = [0] * len(self._kinds)
        for card in cards:
            self._text(card)
            vector[card] += 1
        return tuple(vector)

    def cards_of_counts(self, counts: Sequence[int]) -> tuple[Any, ...]:
        """The cards of a count vector, by card number.

        >>> UNO_108.format(UNO_108.cards_of_counts(UNO_108.counts(UNO_108.parse_cards("W R0 W"))))
        'R0 W W'
        """
        if len(counts) != len(self._kinds) or any(not isinstance(n, int) or n < 0 for n in counts):
            raise CardParseError(
                f"a count vector of the {self._name} deck has {len(self._kinds)} counts "
                "of 0 or more"
            )
        return tuple(self._kind_cards[k] for k, n in enumerate(counts) for _ in range(n))

    # -- decks in play ----------------------------------------------------------------

    def shuffled(self, rng_state: int) -> tuple[tuple[Any, ...], int]:
        """A shuffled deck order (top first) and the advanced generator state.

        >>> from cardrules.rng import seed_state
        >>> order, _ = UNO_108.shuffled(seed_state(1))
        >>> len(order), sorted(order) == sorted(UNO_108.cards)
        (108, True)
        """
        return shuffled(self._cards, rng_state)

    def check_order(self, order: Sequence[int | str]) -> tuple[Any, ...]:
        """A stacked deck order (cards or card text, top first) as cards; a
        :class:`~cardrules.SetupError` saying which cards are missing or extra if it is
        not exactly the cards in play.

        >>> SKAT_32.check_order(SKAT_32.cards[1:])
        Traceback (most recent call last):
        ...
        cardrules.errors.SetupError: the deck must hold exactly the 32 cards in play; missing: 7♣
        """
        if isinstance(order, str) or not isinstance(order, Sequence):
            raise SetupError(
                "a deck order must be a sequence of cards listed top first (a list or a tuple)"
            )
        try:
            cards = self.parse_cards(order)
        except CardParseError as error:
            raise SetupError(
                f"a deck order holds cards of the {self._name} deck: {error}"
            ) from None
        given, wanted = self.counts(cards), self.counts(self._cards)
        if given != wanted:
            missing = [k for k in range(len(wanted)) for _ in range(max(0, wanted[k] - given[k]))]
            extra = [k for k in range(len(wanted)) for _ in range(max(0, given[k] - wanted[k]))]
            parts = [f"the deck must hold exactly the {self.size} cards in play"]
            if missing:
                parts.append(f"missing: {self.format(self._kind_cards[k] for k in missing)}")
            if extra:
                parts.append(
                    f"not allowed or too many: {self.format(self._kind_cards[k] for k in extra)}"
                )
            raise SetupError("; ".join(parts))
        return cards


def _deck(
    name: str,
    kinds: tuple[CardKind, ...],
    copies: tuple[int, ...],
    suits: tuple[str, ...],
    french: bool,
) -> Deck:
    return Deck(name, kinds, copies, suits=suits, _french=french)


def _class_name(name: str) -> str:
    words = "".join(ch if ch.isalnum() else " " for ch in name).split()
    title = "".join(word[:1].upper() + word[1:].lower() for word in words)
    return (title if title[:1].isalpha() else "Deck" + title) + "Card"


def deck_of(cards: Iterable[Any]) -> Deck:
    """The deck some cards are of: the French 52 for :class:`~cardrules.cards.Card`
    objects (the jokers' deck if a joker is among them), else their class's deck.

    >>> deck_of(UNO_108.parse_cards("R1 W")) is UNO_108, deck_of(ALL_CARDS[:3]) is FRENCH_52
    (True, True)
    """
    found: Deck | None = None
    for card in cards:
        deck = (
            card.deck if isinstance(card, DeckCard) else FRENCH_52 if type(card) is Card else None
        )
        if deck is None:
            raise CardParseError(f"{shown(card)} is not a card of a declared deck")
        if found is None or found is FRENCH_52:
            found = deck
        elif deck is not found and deck is not FRENCH_52:
            raise CardParseError(f"cards of two decks ({found.name} and {deck.name}) mixed")
    if found is None:
        raise CardParseError("no cards: the deck cannot be told")
    return found


_FRENCH_SUITS = ("clubs", "diamonds", "hearts", "spades")


_FRENCH_KINDS = tuple(
    CardKind(str(card), suit=int(card.suit), rank=int(card.rank)) for card in ALL_CARDS
)
_JOKER = CardKind("Jk", kind="joker", aliases=("joker", "🃏"))

FRENCH_52 = Deck.french()
"""The French 52-card deck: its cards are :data:`cardrules.cards.ALL_CARDS`."""
FRENCH_54 = Deck.french(jokers=2)
"""The 52 cards and two jokers (``Jk``)."""
SKAT_32 = Deck.french(ranks="7 8 9 10 J Q K A", name="Skat")
"""Skat's (and Piquet's, Belote's) 32: seven to ace of each suit."""
EUCHRE_24 = Deck.french(ranks="9 10 J Q K A", name="Euchre")
"""Euchre's 24: nine to ace of each suit."""
PINOCHLE_48 = Deck.french(ranks="9 10 J Q K A", copies=2, name="Pinochle")
"""Pinochle's 48: two copies of each of the nine to the ace."""
DOPPELKOPF_48 = Deck.french(ranks="9 10 J Q K A", copies=2, name="Doppelkopf")
"""Doppelkopf's 48: the same cards as Pinochle's (two of each of the nine to the ace)."""


def _uno() -> Deck:
    kinds: list[CardKind] = []
    copies: list[int] = []
    colours = (("R", "red"), ("Y", "yellow"), ("B", "blue"), ("G", "green"))
    for suit, (letter, colour) in enumerate(colours):
        for number in range(10):
            kinds.append(
                CardKind(
                    f"{letter}{number}",
                    suit=suit,
                    rank=number,
                    kind="number",
                    value=number,
                    aliases=(f"{colour} {number}", f"{colour}{number}"),
                )
            )
            copies.append(1 if number == 0 else 2)
        for short, kind, words in (
            ("S", "skip", "skip"),
            ("R", "reverse", "reverse"),
            ("+2", "draw_two", "draw two"),
        ):
            kinds.append(
                CardKind(
                    f"{letter}{short}",
                    suit=suit,
                    kind=kind,
                    value=20,
                    aliases=(
                        f"{colour} {words}",
                        f"{letter} {words}",
                        f"{letter}{words.replace(' ', '')}",
                    ),
                )
            )
            copies.append(2)
    kinds.append(CardKind("W", kind="wild", value=50, aliases=("wild",)))
    kinds.append(
        CardKind("W+4", kind="wild_draw_four", value=50, aliases=("wild draw four", "wild+4", "W4"))
    )
    copies += [4, 4]
    return Deck("Uno", kinds, copies, suits=tuple(colour for _, colour in colours))


UNO_108 = _uno()
"""UNO's 108: four colours (``R`` ``Y`` ``B`` ``G``), in each one 0 and two each of 1
to 9, skip (``RS``), reverse (``RR``) and draw two (``R+2``); four wilds (``W``) and
four wild draw fours (``W+4``). Ranks are the numbers; ``kind`` says ``"number"``,
``"skip"``, ``"reverse"``, ``"draw_two"``, ``"wild"`` or ``"wild_draw_four"``; values
are the usual scores (face value, 20, 50)."""


def _tarot() -> Deck:
    kinds: list[CardKind] = []
    faces = {11: ("J", 3), 12: ("C", 5), 13: ("Q", 7), 14: ("K", 9)}
    for suit, symbol in enumerate("♣♦♥♠"):
        letter = "CDHS"[suit]
        for rank in range(1, 15):
            label, value = faces.get(rank, (str(rank), 1))
            kinds.append(
                CardKind(
                    f"{label}{symbol}",
                    suit=suit,
                    rank=rank,
                    value=value,
                    aliases=(f"{label}{letter}",),
                )
            )
    for rank in range(1, 22):
        kinds.append(
            CardKind(
                f"{rank}T",
                suit=4,
                rank=rank,
                kind="trump",
                value=9 if rank in (1, 21) else 1,
                aliases=(f"T{rank}",),
            )
        )
    kinds.append(CardKind("Ex", kind="excuse", value=9, aliases=("Excuse",)))
    return Deck("Tarot", kinds, suits=("clubs", "diamonds", "hearts", "spades", "trumps"))


TAROT_78 = _tarot()
"""French Tarot's 78: four suits of 14 (1 to 10, jack ``J``, knight ``C``, queen ``Q``,
king ``K``; ``"J♠"`` or ``"JS"``), the 21 trumps (suit 4, ``"1T"`` to ``"21T"``, kind
``"trump"``) and the Excuse (``"Ex"``, no suit, kind ``"excuse"``). Values are in half
points: kings and the three oudlers 9, queens 7, knights 5, jacks 3, the rest 1."""
