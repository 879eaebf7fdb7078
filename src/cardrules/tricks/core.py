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

from cardrules.cards import (
    ALL_CARDS,
    SUIT_MASK,
    SUIT_OF_INDEX,
    Card,
    Suit,
    cards_of_mask,
    mask_of,
)
from cardrules.errors import IllegalMoveError, RulesError
from cardrules.values import Immutable, Value

__all__ = [
    "SuitTable",
    "Trick",
    "TrickRound",
    "follow_mask",
    "follow_suit_cards",
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


class SuitTable(Immutable):
    """How the cards rank when trumps are ``trump``, worked out once: the suit each card
    counts as (:attr:`suit_of`), the cards of each suit (:attr:`cards_of`), the cards
    that follow a lead of each card (:attr:`follow`) and who wins a trick
    (:meth:`winning_index`: the strongest trump, else the strongest card of the suit
    led). ``suit_of`` and ``strength`` are given by card index (0 to 51); ``strength``
    orders the cards within their suit (higher beats lower; between equals, two copies
    of a card, the first played wins).

    The trick engine builds one per trump from a game's ``effective_suit`` and
    ``trick_rank`` hooks (:meth:`TrickGame.suit_table
    <cardrules.tricks.engine.TrickGame.suit_table>`), so that following suit and
    deciding tricks ask no hook card by card.

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
        if len(suits) != 52 or len(strength) != 52:
            raise RulesError("a suit table needs a suit and a strength for each of the 52 cards")
        for card, suit in enumerate(suits):
            if not isinstance(suit, int) or not 0 <= suit <= 3:
                raise RulesError(
                    f"the suit {ALL_CARDS[card]} counts as must be 0 to 3, not {suit!r}"
                )
        self._trump = trump
        self._strength = tuple(strength)
        # Lists: they index a little faster than tuples with a Card (an int subclass).
        self._suit_of = suits = [int(suit) for suit in suits]
        members: list[list[int]] = [[], [], [], []]  # the cards of each suit
        for card, suit in enumerate(suits):
            members[suit].append(card)
        self._cards_of = cards_of = [sum(1 << card for card in cards) for cards in members]
        self._follow = [cards_of[suit] for suit in suits]
        # Dense ranks within each suit (from 1), so that any trump is above any card led
        # and a card that neither follows nor trumps (0) is below them all.
        dense = [0] * 52
        for cards in members:
            levels = sorted({strength[card] for card in cards})
            place = {level: number for number, level in enumerate(levels, 1)}
            for card in cards:
                dense[card] = place[strength[card]]
        trumps = [0] * 52
        if trump in (0, 1, 2, 3):  # (no other value names a suit: no card is a trump)
            for card in members[trump]:
                trumps[card] = dense[card] + 64
        self._ranks = []
        for led in range(4):
            row = trumps.copy()
            if led != trump:
                for card in members[led]:
                    row[card] = dense[card]
            self._ranks.append(row)

    @property
    def trump(self) -> int | None:
        """The trump suit the table is for (``None``: no trumps)."""
        return self._trump

    @property
    def suit_of(self) -> tuple[int, ...]:
        """The suit each card counts as, by card index."""
        return tuple(self._suit_of)

    @property
    def cards_of(self) -> tuple[int, ...]:
        """The cards (a mask) that count as each suit, by suit."""
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
        """The suit of the first card, or ``None`` before the lead."""
        return Suit(SUIT_OF_INDEX[self._cards[0]]) if self._cards else None

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
    a trick leads the next.
    """

    hands: tuple[tuple[Card, ...], ...]
    trick: Trick
    tricks: tuple[Trick, ...] = ()
    trump: Suit | None = None

    @classmethod
    def start(
        cls, hands: tuple[tuple[Card, ...], ...], leader: int, trump: Suit | None = None
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

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the player to move may play (follow suit if able), in deck order."""
        return cards_of_mask(follow_mask(mask_of(self.hands[self.to_move]), self._led()))

    def check(self, card: Card) -> None:
        """Raise :class:`~cardrules.IllegalMoveError` if the player to move may not play
        ``card`` by the follow-suit rule."""
        hand = mask_of(self.hands[self.to_move])
        led = self._led()
        if not follow_mask(hand, led) >> card & 1:
            raise refuse_play(hand, card, led)

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
        winner = trick_winner(cards, trick.leader, players, self.trump)
        done = Trick(trick.leader, cards, winner)
        return TrickRound(hands, Trick(winner), self.tricks + (done,), self.trump), done
