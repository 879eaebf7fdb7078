"""The trick-taking core: the one place where following suit, trick winners (with or
without trumps), leads and what play reveals (voids) are decided.

Games are built on it in one of two ways:

- :class:`~cardrules.tricks.engine.TrickGame` is the whole engine of a trick-taking game
  (deals, legal moves, transitions, views, determinization for search bots); Cramps is
  one, and a new game is a subclass with its scoring and any extra restrictions;
- :class:`TrickRound` is one deal as a plain value, for games that keep it in a state
  of their own.

Both use the functions below, on card masks (bit ``i`` is the card of index ``i``).

>>> from cardrules.cards import parse_cards
>>> hands = (parse_cards("2C AS"), parse_cards("KC 3D"), parse_cards("4C 5S"))
>>> play = TrickRound.start(hands, leader=0)
>>> play.legal_cards()
(Card.parse('2♣'), Card.parse('A♠'))
>>> for text in ("2C", "KC", "4C"):
...     play, done = play.play(Card.parse(text))
>>> done.winner, play.to_move, play.trick_number
(1, 1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardrules._text import shown
from cardrules.cards import (
    ALL_CARDS,
    RANK_OF_INDEX,
    SUIT_MASK,
    SUIT_OF_INDEX,
    Card,
    Rank,
    Suit,
    cards_of_mask,
    format_cards,
    mask_of,
    parse_cards,
)
from cardrules.errors import CardParseError, IllegalMoveError, RulesError
from cardrules.values import Immutable, Value

__all__ = [
    "TRUMPS",
    "CardOrder",
    "SuitTable",
    "Trick",
    "TrickRound",
    "follow_mask",
    "follow_suit_cards",
    "refuse_follow",
    "refuse_play",
    "seats_from",
    "trick_winner",
    "voids_of",
    "winning_index",
]


def follow_mask(hand: int, led_suit: int | None) -> int:
    """The cards of ``hand`` (a mask) that may be played to a trick led with
    ``led_suit`` (``None`` when leading): the cards of that suit if there are any, else
    the whole hand (C5: follow suit if you can)."""
    if led_suit is None:
        return hand
    following = hand & SUIT_MASK[led_suit]
    return following or hand


def winning_index(cards: Sequence[int], trump: Suit | int | None = None) -> int:
    """Position in ``cards`` (in play order) of the card that wins the trick.

    The highest trump wins if any trump was played, else the highest card of the suit
    led. Between two equal cards (two decks), the first played wins.
    """
    best_card = cards[0]
    if trump is None:
        # The cards of the suit led are the ints from the lowest of that suit up to
        # the highest: the winner is the highest card in that range.
        top = best_card - best_card % 13 + 12
        for card in cards:
            if best_card < card <= top:
                best_card = card
        return cards.index(best_card)
    best = 0
    best_suit = SUIT_OF_INDEX[best_card]
    for i in range(1, len(cards)):
        card = cards[i]
        suit = SUIT_OF_INDEX[card]
        if suit == best_suit:
            if card > best_card:
                best, best_card = i, card
        elif suit == trump:
            best, best_card, best_suit = i, card, suit
    return best


TRUMPS = 4
"""The suit a :class:`CardOrder`'s trump cards count as, after the four printed suits
(0 to 3): the trump suit of a declaration, which may hold cards of any suits."""


class SuitTable(Immutable):
    """How the cards rank when trumps are ``trump``, worked out once: the suit each card
    counts as (:attr:`suit_of`), the cards of each suit (:attr:`cards_of`), the cards
    that follow a lead of each card (:attr:`follow`) and who wins a trick
    (:meth:`winning_index`: the strongest trump, else the strongest card of the suit
    led). ``suit_of`` and ``strength`` are given by card index (0 to 51; on a declared
    deck of :mod:`cardrules.decks`, by bit of its card masks, any suit from 0); ``strength``
    orders the cards within their suit (higher beats lower; between equals, two copies
    of a card, the first played wins). A card may count as :data:`TRUMPS` (4), the
    trump suit of a :class:`CardOrder`, which is then the table's ``trump``.

    The trick engine builds one per trump from a game's ``effective_suit`` and
    ``trick_rank`` hooks (:meth:`TrickGame.suit_table
    <cardrules.tricks.engine.TrickGame.suit_table>`), or takes a declaration's
    (:attr:`CardOrder.table`), so that following suit and deciding tricks ask no hook
    card by card.

    >>> from cardrules.cards import ALL_CARDS, parse_cards
    >>> table = SuitTable(3, [card // 13 for card in ALL_CARDS], [card % 13 for card in ALL_CARDS])
    >>> table.winning_index(parse_cards("KH AH 2S 3H"))  # spades are trumps
    2
    >>> table.follow[Card.parse("4H")] == SUIT_MASK[2]
    True
    """

    __slots__ = ("_cards_of", "_follow", "_ranks", "_strength", "_suit_of", "_trump")

    def __init__(self, trump: int | None, suit_of: Sequence[int], strength: Sequence[int]):
        suits = list(suit_of)
        size = len(suits)
        if size < 52 or size != len(strength):
            raise RulesError(
                "a suit table needs a suit and a strength for each card: the 52 cards, or "
                "each bit of a declared deck's masks"
            )
        top = TRUMPS if size == 52 else 63
        for card, suit in enumerate(suits):
            if not isinstance(suit, int) or not 0 <= suit <= top:
                name = ALL_CARDS[card] if size == 52 else f"card {card}"
                raise RulesError(
                    f"the suit {name} counts as must be 0 to 3 (or 4, TRUMPS, the "
                    f"trump cards of a card order), not {suit!r}"
                )
        self._trump = trump
        self._strength = tuple(strength)
        # Lists: they index a little faster than tuples with a Card (an int subclass).
        self._suit_of = suits = [int(suit) for suit in suits]
        # The cards of each suit: a fifth, TRUMPS, only when some card counts as it.
        members: list[list[int]] = [[] for _ in range(max(4, max(suits) + 1))]
        for card, suit in enumerate(suits):
            members[suit].append(card)
        self._cards_of = cards_of = [sum(1 << card for card in cards) for cards in members]
        self._follow = [cards_of[suit] for suit in suits]
        # Dense ranks within each suit (from 1), so that any trump is above any card led
        # and a card that neither follows nor trumps (0) is below them all.
        dense = [0] * size
        for cards in members:
            levels = sorted({strength[card] for card in cards})
            place = {level: number for number, level in enumerate(levels, 1)}
            for card in cards:
                dense[card] = place[strength[card]]
        trumps = [0] * size
        if trump is not None and 0 <= trump < len(members):  # (else no card is a trump)
            for card in members[trump]:
                trumps[card] = dense[card] + 64
        self._ranks = []
        for led in range(len(members)):
            row = trumps.copy()
            if led != trump:
                for card in members[led]:
                    row[card] = dense[card]
            self._ranks.append(row)

    @property
    def trump(self) -> int | None:
        """The trump suit the table is for (``None``: no trumps; :data:`TRUMPS`: a card
        order's trump cards)."""
        return self._trump

    @property
    def suit_of(self) -> tuple[int, ...]:
        """The suit each card counts as, by card index."""
        return tuple(self._suit_of)

    @property
    def cards_of(self) -> tuple[int, ...]:
        """The cards (a mask) that count as each suit, by suit (five with a card order's
        trump cards, :data:`TRUMPS` the last)."""
        return tuple(self._cards_of)

    @property
    def follow(self) -> tuple[int, ...]:
        """By card index, the cards (a mask) that follow a trick led with that card."""
        return tuple(self._follow)

    def winning_index(self, cards: Sequence[int]) -> int:
        """Position in ``cards`` (a trick, in play order) of the card that wins it: the
        strongest trump, else the strongest card of the suit led (the first of equals)."""
        row = self._ranks[self._suit_of[cards[0]]]
        return cards.index(max(cards, key=row.__getitem__))  # max keeps the first of equals

    def _key(self) -> tuple[Any, ...]:
        return (self._trump, tuple(self._suit_of), self._strength)

    def __eq__(self, other: object) -> bool:
        if type(other) is not SuitTable:
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        return SuitTable, (self._trump, self._suit_of, self._strength)

    def __repr__(self) -> str:
        return f"SuitTable(trump={self._trump!r})"


_NORMAL_ORDER = tuple(Rank(rank) for rank in range(14, 1, -1))


class CardOrder(Immutable):
    """A deal's card order, declared: the trump cards, strongest first (any cards of
    the deck: they count as one suit, :data:`TRUMPS`, for following suit, whatever
    their printed suits), and the order of the ranks of the other cards, the plain
    cards, strongest first (every plain suit alike; by default ace high down to the
    two). ``name`` is what the deal's trumps are called ("Grand", "Null", "♣"): texts
    print it.

    A trick game's :meth:`~cardrules.tricks.engine.TrickGame.trump_of` may return one
    (the game then has ``effective_suits`` on): following suit, trick winners, the
    views' tricks, :meth:`~cardrules.tricks.engine.TrickGame.determinize` and the
    encoder's trump fields follow it. It is worked out once into a
    :class:`SuitTable` (:attr:`table`), kept with it.

    Skat's Grand: the four jacks alone are trumps; a jack led is a trump lead, which
    only a jack follows.

    >>> grand = CardOrder("Grand", "JC JS JH JD", plain="A 10 K Q 9 8 7")
    >>> grand.table.winning_index(parse_cards("AH JD 10H"))  # the ♦ jack trumps
    1
    >>> format_cards(cards_of_mask(grand.table.follow[Card.parse("JH")]))
    'J♣ J♦ J♥ J♠'

    Skat's suit game, hearts trumps (:meth:`suit_trumps`: the cards named ``above``,
    then the suit's other cards by the plain order), and Null (no trumps, the ten
    between the nine and the jack):

    >>> hearts = CardOrder.suit_trumps("H", above="JC JS JH JD", plain="A 10 K Q 9 8 7")
    >>> hearts.name, format_cards(hearts.trumps)
    ('♥', 'J♣ J♠ J♥ J♦ A♥ 10♥ K♥ Q♥ 9♥ 8♥ 7♥')
    >>> null = CardOrder("Null", plain="A K Q J 10 9 8 7")
    >>> null.table.winning_index(parse_cards("10S JS 2C"))
    1

    Bad declarations are refused (:class:`~cardrules.RulesError`):

    >>> CardOrder("Grand", "JC JC")
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: the trump cards must be different cards; J♣ is named twice
    """

    __slots__ = ("_mask", "_name", "_plain", "_table", "_trumps")

    def __init__(
        self,
        name: str,
        trumps: str | Sequence[Card | str] = (),
        *,
        plain: str | Sequence[Rank | str] = _NORMAL_ORDER,
    ):
        if not isinstance(name, str) or not name.strip():
            raise RulesError(f"a card order's name must be some text, not {shown(name)}")
        try:
            cards = parse_cards(trumps)
        except CardParseError as error:
            raise RulesError(f"the trump cards must be cards (strongest first): {error}") from None
        mask = 0
        for card in cards:
            if mask >> card & 1:
                raise RulesError(f"the trump cards must be different cards; {card} is named twice")
            mask |= 1 << card
        ranks = _ranks_of(plain)
        self._name = name
        self._trumps = cards
        self._plain = ranks
        self._mask = mask
        suits = [TRUMPS if mask >> card & 1 else SUIT_OF_INDEX[card] for card in ALL_CARDS]
        strength = [0] * 52
        for place, card in enumerate(cards):
            strength[card] = len(cards) - place
        for place, rank in enumerate(ranks):
            for suit in range(4):
                index = 13 * suit + rank - 2
                if not mask >> index & 1:
                    strength[index] = len(ranks) - place
        self._table = SuitTable(TRUMPS if cards else None, suits, strength)

    @classmethod
    def suit_trumps(
        cls,
        suit: Suit | str,
        *,
        above: str | Sequence[Card | str] = (),
        plain: str | Sequence[Rank | str] = _NORMAL_ORDER,
        name: str | None = None,
    ) -> CardOrder:
        """Trumps of a suit: the cards ``above`` (strongest first: Skat's jacks,
        Euchre's bowers, Doppelkopf's ♥10, queens and jacks), then the suit's other
        cards in the ``plain`` order. ``name`` is the suit's symbol by default.

        >>> euchre = CardOrder.suit_trumps("S", above="JS JC", plain="A K Q J 10 9")
        >>> format_cards(euchre.trumps)
        'J♠ J♣ A♠ K♠ Q♠ 10♠ 9♠'
        """
        try:
            trump = Suit.parse(suit)
        except CardParseError as error:
            raise RulesError(f"the trump suit must be a suit: {error}") from None
        ranks = _ranks_of(plain)
        try:
            first = parse_cards(above)
        except CardParseError as error:
            raise RulesError(f"the cards above must be cards (strongest first): {error}") from None
        rest = [ALL_CARDS[13 * trump + rank - 2] for rank in ranks]
        trumps = (*first, *(card for card in rest if card not in first))
        return cls(trump.symbol if name is None else name, trumps, plain=ranks)

    @property
    def name(self) -> str:
        """What the deal's trumps are called ("Grand", "Null", "♥")."""
        return self._name

    @property
    def trumps(self) -> tuple[Card, ...]:
        """The trump cards, strongest first (none: no trumps)."""
        return self._trumps

    @property
    def trump_mask(self) -> int:
        """The trump cards as a card mask."""
        return self._mask

    @property
    def plain(self) -> tuple[Rank, ...]:
        """The ranks of the plain (non-trump) cards, strongest first."""
        return self._plain

    @property
    def table(self) -> SuitTable:
        """The :class:`SuitTable` of this order (its trump :data:`TRUMPS`, or ``None``
        without trump cards), made once."""
        return self._table

    def suit_of(self, card: int) -> int:
        """The suit ``card`` counts as: :data:`TRUMPS` for a trump, else its own."""
        return self._table._suit_of[card]

    def check_deck(self, deck: Sequence[Card]) -> None:
        """Refuse (:class:`~cardrules.RulesError`) an order that does not fit ``deck``:
        a trump card not of the deck, or a plain card of the deck whose rank the plain
        order leaves out.

        >>> CardOrder("Grand", "JC JS JH JD", plain="A K").check_deck(parse_cards("JC JS AH 7H"))
        Traceback (most recent call last):
        ...
        cardrules.errors.RulesError: Grand's trump cards must be of the deck; J♦ J♥ are not
        """
        cards = mask_of(deck)
        outside = self._mask & ~cards
        if outside:
            raise RulesError(
                f"{self._name}'s trump cards must be of the deck; "
                f"{format_cards(cards_of_mask(outside))} are not"
            )
        listed = set(self._plain)
        missing = sorted(
            {Rank(RANK_OF_INDEX[card]) for card in cards_of_mask(cards & ~self._mask)} - listed
        )
        if missing:
            raise RulesError(
                f"{self._name}'s plain order must rank every rank of the deck's plain cards; "
                f"it leaves out {' '.join(str(rank) for rank in missing)}"
            )

    def _key(self) -> tuple[Any, ...]:
        return (self._name, self._trumps, self._plain)

    def __eq__(self, other: object) -> bool:
        if type(other) is not CardOrder:
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        return _card_order, self._key()

    def __repr__(self) -> str:
        plain = " ".join(map(str, self._plain))
        return f"CardOrder({self._name!r}, {format_cards(self._trumps)!r}, plain={plain!r})"

    def __str__(self) -> str:
        return self._name


def _card_order(name: str, trumps: tuple[Card, ...], plain: tuple[Rank, ...]) -> CardOrder:
    return CardOrder(name, trumps, plain=plain)


def _ranks_of(plain: str | Sequence[Rank | str]) -> tuple[Rank, ...]:
    """The plain order as ranks, strongest first; a :class:`~cardrules.RulesError` for
    text that is not ranks, or a rank named twice."""
    items = plain.split() if isinstance(plain, str) else plain
    if not isinstance(items, Sequence):
        raise RulesError(f"the plain order must be ranks, strongest first, not {shown(plain)}")
    ranks: list[Rank] = []
    for item in items:
        try:
            rank = Rank(item) if isinstance(item, Rank) else Rank.parse(item)
        except CardParseError as error:
            raise RulesError(f"the plain order must be ranks, strongest first: {error}") from None
        if rank in ranks:
            raise RulesError(f"the plain order must name each rank once; {rank} is named twice")
        ranks.append(rank)
    return tuple(ranks)


def trick_winner(cards: Sequence[int], leader: int, players: int, trump: int | None) -> int:
    """The seat that wins a complete trick led by ``leader`` (C6)."""
    return (leader + winning_index(cards, trump)) % players


def follow_suit_cards(hand: tuple[Card, ...], led_suit: int | None) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led_suit``
    (``None`` when leading): the cards of that suit if any, else the whole hand."""
    if led_suit is None:
        return hand
    allowed = follow_mask(mask_of(hand), led_suit)
    return tuple(card for card in hand if allowed >> card & 1)


def refuse_play(hand: int, card: Card, led_suit: int | None) -> IllegalMoveError:
    """The error for playing ``card`` from ``hand`` (a mask) to a trick led with
    ``led_suit``, when :func:`follow_mask` does not allow it. The message speaks to the
    player and names only ``card`` and the suit led."""
    if not hand >> card & 1:
        return IllegalMoveError("not_in_hand", f"you do not hold {card}")
    suit = Suit(led_suit) if led_suit is not None else Suit(SUIT_OF_INDEX[card])
    return IllegalMoveError(
        "must_follow_suit",
        f"{card} does not follow suit: {suit.name.lower()} ({suit.symbol}) were led and "
        f"you hold a {suit.symbol}, so you must play one",
    )


def refuse_follow(card: Card, led: int, trumps: str) -> IllegalMoveError:
    """The error for ``card``, held, that does not follow a lead of the suit ``led`` (a
    suit, or :data:`TRUMPS`: the trumps, called ``trumps``) while the hand holds one.

    >>> str(refuse_follow(Card.parse("AS"), TRUMPS, "Grand"))
    'A♠ does not follow suit: trumps (Grand) were led and you hold one, so you must play one'
    """
    if led == TRUMPS:
        what = f"trumps ({trumps})"
    else:
        suit = Suit(led)
        what = f"{suit.name.lower()} ({suit.symbol})"
    return IllegalMoveError(
        "must_follow_suit",
        f"{card} does not follow suit: {what} were led and you hold one, so you must play one",
    )


def seats_from(leader: int, players: int, out: int = 0) -> tuple[int, ...]:
    """The seats in play order from ``leader``, leaving out the seats of the mask ``out``
    (bit ``s`` set for a seat ``s`` that sits the deal out, a partner of a player going
    alone in Euchre).

    >>> seats_from(3, 4), seats_from(3, 4, out=0b10)
    ((3, 0, 1, 2), (3, 0, 2))
    """
    return tuple(
        seat
        for seat in ((leader + step) % players for step in range(players))
        if not out >> seat & 1
    )


class Trick(Value):
    """A trick: who led it, the cards played so far in order, and (once complete) the
    winning seat; ``out`` is the mask of seats that sit the deal out (none by default),
    which the turn passes over.

    >>> from cardrules.cards import parse_cards
    >>> trick = Trick(2, parse_cards("QS 3S"))
    >>> trick.leader, str(trick), trick.led_suit, trick.plays(4)
    (2, 'Q♠ 3♠', <Suit.SPADES: 3>, ((2, Card.parse('Q♠')), (3, Card.parse('3♠'))))
    >>> Trick(2, parse_cards("QS 3S"), out=0b1000).plays(4)
    ((2, Card.parse('Q♠')), (0, Card.parse('3♠')))
    """

    __slots__ = ("_cards", "_leader", "_out", "_winner")

    def __init__(
        self, leader: int, cards: tuple[Card, ...] = (), winner: int | None = None, out: int = 0
    ):
        self._leader = leader
        self._cards = cards if type(cards) is tuple else tuple(cards)
        self._winner = winner
        self._out = out

    @property
    def leader(self) -> int:
        """The seat that led the trick."""
        return self._leader

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards played so far, in play order."""
        return self._cards

    @property
    def winner(self) -> int | None:
        """The winning seat once the trick is complete, else ``None``."""
        return self._winner

    @property
    def out(self) -> int:
        """The seats (a mask) that sit the deal out: no card of theirs is in the trick."""
        return self._out

    @property
    def led_suit(self) -> Suit | None:
        """The suit of the first card, or ``None`` before the lead (for a card of
        another declared deck, :mod:`cardrules.decks`, its suit number there, ``None``
        for a card of no suit)."""
        if not self._cards:
            return None
        first = self._cards[0]
        if first.__class__ is not Card:
            return first.suit
        return Suit(SUIT_OF_INDEX[first])

    def seat_of(self, position: int, players: int) -> int:
        """The seat that played the card at ``position`` (0 = the lead)."""
        if self._out:
            return seats_from(self._leader, players, self._out)[position]
        return (self._leader + position) % players

    def plays(self, players: int) -> tuple[tuple[int, Card], ...]:
        """``(seat, card)`` for every card played, in order."""
        if self._out:
            seats = seats_from(self._leader, players, self._out)
            return tuple(zip(seats, self._cards, strict=False))
        return tuple(((self._leader + i) % players, card) for i, card in enumerate(self._cards))

    def to_data(self, players: int | None = None) -> dict[str, Any]:
        """This trick as JSON-ready data (:mod:`cardrules.data`): the leader, the cards
        as text, the winner (``None`` until complete), the seats sitting out (``out``)
        and, given the number of ``players``, the seat of each card (``seats``).

        >>> from cardrules.cards import parse_cards
        >>> Trick(2, parse_cards("QS 3S")).to_data(4)
        {'leader': 2, 'cards': ['Q♠', '3♠'], 'winner': None, 'out': [], 'seats': [2, 3]}
        """
        out = self._out
        data: dict[str, Any] = {
            "leader": self._leader,
            "cards": [str(card) for card in self._cards],
            "winner": self._winner,
            "out": [seat for seat in range(out.bit_length()) if out >> seat & 1],
        }
        if players is not None:
            data["seats"] = [seat for seat, _ in self.plays(players)]
        return data

    @classmethod
    def _hidden(cls) -> frozenset[str]:
        return frozenset({"_out"})  # compared below; shown only when some seat sits out

    def _data(self) -> tuple[Any, ...]:
        return (self._cards, self._leader, self._winner, self._out)

    def __repr__(self) -> str:
        text = super().__repr__()
        return f"{text[:-1]}, out={self._out})" if self._out else text

    def __str__(self) -> str:
        return " ".join(str(card) for card in self._cards) or "(empty)"


def voids_of(tricks: Sequence[Trick], trick: Trick, players: int) -> list[set[int]]:
    """The suits each seat has shown out of in ``tricks`` and the ``trick`` in progress:
    a seat that did not follow the suit led holds none of it (C5)."""
    voids: list[set[int]] = [set() for _ in range(players)]
    for done in (*tricks, trick):
        cards = done.cards
        if not cards:
            continue
        led = SUIT_OF_INDEX[cards[0]]
        for position in range(1, len(cards)):
            if SUIT_OF_INDEX[cards[position]] != led:
                voids[done.seat_of(position, players)].add(led)
    return voids


@attrs.frozen
class TrickRound(Immutable):
    """One deal of a trick-taking game in progress, as a plain value: the hands, the
    trick being played and the tricks already won. Immutable: :meth:`play` returns a
    new round. (Games on :class:`~cardrules.tricks.engine.TrickGame` keep the same
    information more compactly; their states offer it as a ``TrickRound`` too.)

    Every player plays one card per trick, in seat order from the leader; the winner of
    a trick leads the next. ``trump`` is a suit, ``None`` (no trumps) or a declared
    :class:`CardOrder`, which following suit and the tricks' winners then follow.
    """

    hands: tuple[tuple[Card, ...], ...]
    trick: Trick
    tricks: tuple[Trick, ...] = ()
    trump: Suit | CardOrder | None = None

    @classmethod
    def start(
        cls,
        hands: tuple[tuple[Card, ...], ...],
        leader: int,
        trump: Suit | CardOrder | None = None,
    ) -> TrickRound:
        """A round about to begin, ``leader`` to lead the first trick."""
        return cls(hands, Trick(leader), (), trump)

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.hands)

    @property
    def to_move(self) -> int:
        """The seat that plays the next card."""
        return (self.trick.leader + len(self.trick.cards)) % len(self.hands)

    @property
    def trick_number(self) -> int:
        """The number (1-based) of the trick being played."""
        return len(self.tricks) + 1

    @property
    def is_finished(self) -> bool:
        """True when every card has been played."""
        return not self.trick.cards and not any(self.hands)

    def taken(self, seat: int) -> tuple[Card, ...]:
        """The cards in the tricks ``seat`` has won."""
        return tuple(card for trick in self.tricks if trick.winner == seat for card in trick.cards)

    def _led(self) -> int | None:
        cards = self.trick.cards
        return SUIT_OF_INDEX[cards[0]] if cards else None

    def _allowed(self, hand: int) -> int:
        trump, cards = self.trump, self.trick.cards
        if type(trump) is CardOrder:
            return hand & trump.table._follow[cards[0]] or hand if cards else hand
        return follow_mask(hand, self._led())

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the player to move may play (follow suit if able), in deck order."""
        return cards_of_mask(self._allowed(mask_of(self.hands[self.to_move])))

    def check(self, card: Card) -> None:
        """Raise :class:`~cardrules.IllegalMoveError` if the player to move may not play
        ``card`` by the follow-suit rule."""
        hand = mask_of(self.hands[self.to_move])
        if not self._allowed(hand) >> card & 1:
            trump = self.trump
            if type(trump) is CardOrder and hand >> card & 1:
                raise refuse_follow(card, trump.suit_of(self.trick.cards[0]), trump.name)
            raise refuse_play(hand, card, self._led())

    def play(self, card: Card) -> tuple[TrickRound, Trick | None]:
        """Play ``card`` for the player to move (unchecked: call :meth:`check` first).

        Returns the new round and, if this card completed a trick, that trick with its
        winner set; the winner then leads the next trick.
        """
        trick = self.trick
        players = len(self.hands)
        seat = (trick.leader + len(trick.cards)) % players
        hand = list(self.hands[seat])
        hand.remove(card)
        hands = self.hands[:seat] + (tuple(hand),) + self.hands[seat + 1 :]
        cards = trick.cards + (card,)
        if len(cards) < players:
            return TrickRound(hands, Trick(trick.leader, cards), self.tricks, self.trump), None
        trump = self.trump
        if isinstance(trump, CardOrder):
            winner = (trick.leader + trump.table.winning_index(cards)) % players
        else:
            winner = trick_winner(cards, trick.leader, players, trump)
        done = Trick(trick.leader, cards, winner)
        return TrickRound(hands, Trick(winner), self.tricks + (done,), self.trump), done
