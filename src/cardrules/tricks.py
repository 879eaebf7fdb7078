"""The trick-taking core: follow suit, trick winners (with or without trumps), leads and
trick counting.

A game built on it (Cramps, or the Hearts example) keeps a :class:`TrickRound` in its
state and adds its own scoring and any extra restrictions on what may be played.

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

import attrs

from cardrules.cards import SUIT_OF_INDEX, Card, Suit
from cardrules.errors import IllegalMoveError

__all__ = ["Trick", "TrickRound", "follow_suit_cards", "winning_index"]


def winning_index(cards: Sequence[Card], trump: Suit | int | None = None) -> int:
    """Position in ``cards`` (in play order) of the card that wins the trick.

    The highest trump wins if any trump was played, else the highest card of the suit
    led. Between two equal cards (two decks), the first played wins.
    """
    best = 0
    best_card = cards[0]
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


def follow_suit_cards(hand: tuple[Card, ...], led_suit: int | None) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led_suit``
    (``None`` when leading): the cards of that suit if any, else the whole hand."""
    if led_suit is None:
        return hand
    following = tuple(card for card in hand if SUIT_OF_INDEX[card] == led_suit)
    return following or hand


@attrs.frozen
class Trick:
    """A trick: who led it, the cards played so far in order, and (once complete) the
    winning seat."""

    leader: int
    cards: tuple[Card, ...] = ()
    winner: int | None = None

    @property
    def led_suit(self) -> Suit | None:
        """The suit of the first card, or ``None`` before the lead."""
        return Suit(SUIT_OF_INDEX[self.cards[0]]) if self.cards else None

    def seat_of(self, position: int, players: int) -> int:
        """The seat that played the card at ``position`` (0 = the lead)."""
        return (self.leader + position) % players

    def plays(self, players: int) -> tuple[tuple[int, Card], ...]:
        """``(seat, card)`` for every card played, in order."""
        return tuple(((self.leader + i) % players, card) for i, card in enumerate(self.cards))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards) or "(empty)"


def _remove(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


@attrs.frozen
class TrickRound:
    """One deal of a trick-taking game in progress: the hands, the trick being played and
    the tricks already won. Immutable: :meth:`play` returns a new round.

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

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the player to move may play (follow suit if able)."""
        cards = self.trick.cards
        hand = self.hands[(self.trick.leader + len(cards)) % len(self.hands)]
        return follow_suit_cards(hand, SUIT_OF_INDEX[cards[0]] if cards else None)

    def check(self, card: Card) -> None:
        """Raise :class:`~cardrules.IllegalMoveError` if the player to move may not play
        ``card`` by the follow-suit rule."""
        # The messages speak to the player to move and name no card but ``card`` and
        # the suit led: see Game.apply on why a server passes ``seat=``.
        hand = self.hands[self.to_move]
        if card not in hand:
            raise IllegalMoveError("not_in_hand", f"you do not hold {card}")
        if self.trick.cards:
            led = SUIT_OF_INDEX[self.trick.cards[0]]
            if SUIT_OF_INDEX[card] != led and any(SUIT_OF_INDEX[c] == led for c in hand):
                suit = Suit(led)
                raise IllegalMoveError(
                    "must_follow_suit",
                    f"{card} does not follow suit: {suit.name.lower()} ({suit.symbol}) were "
                    f"led and you hold a {suit.symbol}, so you must play one",
                )

    def play(self, card: Card) -> tuple[TrickRound, Trick | None]:
        """Play ``card`` for the player to move (unchecked: call :meth:`check` first).

        Returns the new round and, if this card completed a trick, that trick with its
        winner set; the winner then leads the next trick.
        """
        trick = self.trick
        players = len(self.hands)
        seat = (trick.leader + len(trick.cards)) % players
        hands = self.hands
        hand = _remove(hands[seat], card)
        hands = hands[:seat] + (hand,) + hands[seat + 1 :]
        cards = trick.cards + (card,)
        if len(cards) < players:
            return TrickRound(hands, Trick(trick.leader, cards), self.tricks, self.trump), None
        winner = (trick.leader + winning_index(cards, self.trump)) % players
        done = Trick(trick.leader, cards, winner)
        return TrickRound(hands, Trick(winner), self.tricks + (done,), self.trump), done
