"""The shedding core: stock and discard pile, matching by suit or rank, wild cards,
drawing with reshuffles, direction of play, and a card-function table.

It knows the mechanics every game of the Crazy Eights family shares; a game (Craits,
or the plain Crazy Eights example) keeps a :class:`ShedTable` in its state, decides
whose turn it is, and scores.

>>> from cardrules.cards import Card, Suit, parse_cards
>>> table = ShedTable.deal(parse_cards("2C 3C 4C 5C 9H 6S 7S"), dealer=0, players=2,
...                        cards_each=2)
>>> table.hands
((Card.parse('3♣'), Card.parse('5♣')), (Card.parse('2♣'), Card.parse('4♣')))
>>> str(table.top), table.suit, table.stock
('9♥', <Suit.HEARTS: 2>, (Card.parse('6♠'), Card.parse('7♠')))
>>> can_play(Card.parse("9C"), table.top, table.suit, wild_ranks=frozenset({8}))
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping, Sequence

import attrs

from cardrules._text import shown
from cardrules.cards import RANK_OF_INDEX, SUIT_MEMBER_OF_INDEX, SUIT_OF_INDEX, Card, Rank, Suit
from cardrules.errors import RulesError
from cardrules.rng import shuffled
from cardrules.table import CLOCKWISE, deal_order

__all__ = ["Action", "CardRule", "CardTable", "DrawResult", "ShedTable", "can_play"]


class Action(enum.Enum):
    """What a card does when it is played (its *function*)."""

    NONE = "none"
    """Nothing."""
    SKIP = "skip"
    """The next player loses their turn."""
    OTHERS_DRAW = "others_draw"
    """Every other player draws one card, in playing order from the next player."""
    PLAY_AGAIN = "play_again"
    """The same player takes another turn at once."""
    TWO_ALONG_DRAWS = "two_along_draws"
    """The player two seats along draws one card (with two players: the opponent)."""
    WILD = "wild"
    """Wild: may be played on anything; the player names the suit to follow."""
    WILD_KEEP_SUIT = "wild_keep_suit"
    """Wild: may be played on anything; the suit to follow stays the one in force."""
    REVERSE = "reverse"
    """The direction of play reverses."""


def _to_action(value: Action | str) -> Action:
    try:
        return Action(value)
    except (ValueError, TypeError):
        allowed = ", ".join(a.value for a in Action)
        raise RulesError(f"unknown card function {shown(value)}; allowed: {allowed}") from None


def _check_int(instance: CardRule, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{attribute.name} must be an int, not {shown(value)}")


def _check_count(instance: CardRule, attribute: attrs.Attribute[int], value: int) -> None:
    _check_int(instance, attribute, value)
    if value < 0:
        raise RulesError(
            f"count is what a card adds to a running count: 0 (it cannot be played into "
            f"a count) or more, not {shown(value)}"
        )


def _check_starts_count(instance: CardRule, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise RulesError(f"starts_count must be True or False, not {shown(value)}")
    if value and instance.count < 1:
        raise RulesError(
            "a card that starts a count (starts_count=True) must add at least 1 to it "
            f"(count >= 1), not count={instance.count}"
        )


@attrs.frozen
class CardRule:
    """One row of a card table: what a rank does and what it scores.

    ``action`` is its function when played; ``points`` what it scores left in hand;
    ``count`` what it adds to a running count (0: it cannot be played into a count);
    ``starts_count``: playing it outside a count starts one at ``count`` (so ``count``
    must then be at least 1).

    Raises :class:`~cardrules.RulesError` for a value outside these.

    >>> CardRule("skip", 20)
    CardRule(action=<Action.SKIP: 'skip'>, points=20, count=0, starts_count=False)
    """

    action: Action = attrs.field(converter=_to_action)
    points: int = attrs.field(validator=_check_int)
    count: int = attrs.field(default=0, validator=_check_count)
    starts_count: bool = attrs.field(default=False, validator=_check_starts_count)

    @property
    def is_wild(self) -> bool:
        """True for the two wild actions."""
        return self.action is Action.WILD or self.action is Action.WILD_KEEP_SUIT


class CardTable(Mapping[Rank, CardRule]):
    """What every rank does and scores: a read-only, hashable mapping from
    :class:`~cardrules.Rank` to :class:`CardRule` with a row for each of the 13 ranks.

    >>> table = CardTable({rank: CardRule("none", 10) for rank in Rank})
    >>> table[Rank.JACK].points, len(table)
    (10, 13)
    >>> table.replace({Rank.JACK: CardRule("skip", 10)})[Rank.JACK].action
    <Action.SKIP: 'skip'>
    """

    __slots__ = ("_rows",)

    def __init__(self, rows: Mapping[Rank, CardRule]) -> None:
        if not isinstance(rows, Mapping):
            raise RulesError(
                f"a card table is built from a mapping of Rank to CardRule, not {shown(rows)}"
            )
        missing = [rank.label for rank in Rank if rank not in rows]
        if missing:
            raise RulesError(f"a card table needs a row for every rank; missing: {missing}")
        for rank in Rank:
            if not isinstance(rows[rank], CardRule):
                raise RulesError(
                    f"the row for {rank.label} must be a CardRule, not {shown(rows[rank])}"
                )
        self._rows: tuple[CardRule, ...] = tuple(rows[rank] for rank in Rank)

    def __reduce__(self) -> tuple[object, tuple[dict[Rank, CardRule]]]:
        # Slotted classes need this to pickle with protocols 0 and 1.
        return (CardTable, (dict(zip(Rank, self._rows, strict=True)),))

    def __getitem__(self, rank: Rank | int) -> CardRule:
        if isinstance(rank, int) and not isinstance(rank, bool) and 2 <= rank <= 14:
            return self._rows[rank - 2]
        raise KeyError(rank)

    def __iter__(self) -> Iterator[Rank]:
        return iter(Rank)

    def __len__(self) -> int:
        return 13

    def __hash__(self) -> int:
        return hash(self._rows)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardTable):
            return self._rows == other._rows
        return NotImplemented

    def __repr__(self) -> str:
        rows = ", ".join(
            f"{rank.label}: {rule.action.value}/{rule.points}" for rank, rule in self.items()
        )
        return f"CardTable({{{rows}}})"

    def by_card(self) -> tuple[CardRule, ...]:
        """The row of each card index 0 … 51 (for fast lookups)."""
        return tuple(self._rows[RANK_OF_INDEX[i] - 2] for i in range(52))

    def replace(self, rows: Mapping[Rank, CardRule]) -> CardTable:
        """A new table with some rows replaced."""
        merged = dict(self.items())
        merged.update(rows)
        return CardTable(merged)


def can_play(card: Card, top: Card, suit: Suit | int, wild_ranks: frozenset[int]) -> bool:
    """Whether ``card`` may be played on ``top`` when ``suit`` is the suit to follow:
    same suit, same rank, or a wild rank."""
    return (
        SUIT_OF_INDEX[card] == suit
        or RANK_OF_INDEX[card] == RANK_OF_INDEX[top]
        or RANK_OF_INDEX[card] in wild_ranks
    )


@attrs.frozen
class DrawResult:
    """What :meth:`ShedTable.draw` did: the new ``table``, the ``cards`` drawn (fewer
    than asked if the stock ran dry) and ``reshuffles``, the number of cards shuffled
    into a new stock each time the stock ran out."""

    table: ShedTable
    cards: tuple[Card, ...]
    reshuffles: tuple[int, ...] = ()

    @property
    def reshuffled(self) -> int:
        """How many times the discard pile was shuffled into a new stock."""
        return len(self.reshuffles)


def _remove(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _insert(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = 0
    n = len(hand)
    while i < n and hand[i] < card:
        i += 1
    return hand[:i] + (card,) + hand[i:]


@attrs.frozen
class ShedTable:
    """The cards of a shedding game in progress. Immutable.

    ``hands`` sorted per seat; ``stock`` listed top first; ``discard`` listed bottom
    first (its last card is the top); ``suit`` the suit to follow; ``direction`` +1
    clockwise or -1; ``rng`` the hidden generator used for reshuffles.
    """

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    suit: Suit
    direction: int = CLOCKWISE
    rng: int = attrs.field(default=0, repr=False)

    @classmethod
    def deal(
        cls,
        deck: Sequence[Card],
        dealer: int,
        players: int,
        cards_each: int,
        direction: int = CLOCKWISE,
        rng: int = 0,
    ) -> ShedTable:
        """Deal ``cards_each`` cards one at a time from the top of ``deck``, starting
        next to the dealer in ``direction``; turn up the next card to start the discard
        pile; the rest is the stock. Play direction starts as ``direction``."""
        order = deal_order(dealer, players, (1,) * cards_each, direction)
        received: list[list[Card]] = [[] for _ in range(players)]
        for seat, card in zip(order, deck, strict=False):
            received[seat].append(card)
        turned = deck[len(order)]
        return cls(
            tuple(tuple(sorted(cards)) for cards in received),
            tuple(deck[len(order) + 1 :]),
            (turned,),
            SUIT_MEMBER_OF_INDEX[turned],
            direction,
            rng,
        )

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.hands)

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.discard[-1]

    @property
    def can_draw(self) -> bool:
        """Whether a card can be drawn: the stock has one, or a reshuffle would make one."""
        return bool(self.stock) or len(self.discard) > 1

    def seat_after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` in the current direction."""
        return (seat + self.direction * steps) % len(self.hands)

    def play(self, seat: int, card: Card, suit: Suit | None = None) -> ShedTable:
        """Move ``card`` from ``seat``'s hand to the discard pile; the suit to follow
        becomes ``suit`` if given (a wild naming it), else the card's own suit.
        (Unchecked: the game checks legality first.)"""
        hands = self.hands
        hands = hands[:seat] + (_remove(hands[seat], card),) + hands[seat + 1 :]
        return ShedTable(
            hands,
            self.stock,
            self.discard + (card,),
            SUIT_MEMBER_OF_INDEX[card] if suit is None else suit,
            self.direction,
            self.rng,
        )

    def with_suit(self, suit: Suit) -> ShedTable:
        """The same table with another suit to follow."""
        return ShedTable(self.hands, self.stock, self.discard, suit, self.direction, self.rng)

    def reversed(self) -> ShedTable:
        """The same table with the direction of play reversed."""
        return ShedTable(self.hands, self.stock, self.discard, self.suit, -self.direction, self.rng)

    def draw(self, seat: int, count: int) -> DrawResult:
        """``seat`` draws up to ``count`` cards from the top of the stock.

        When the stock runs out, the discard pile except its top card is shuffled into
        a new stock (the game decides any penalty from ``reshuffled``). When there is
        nothing left to reshuffle the draw stops short.
        """
        stock = self.stock
        discard = self.discard
        rng = self.rng
        reshuffles: list[int] = []
        drawn: list[Card] = []
        while len(drawn) < count:
            if not stock:
                if len(discard) <= 1:
                    break
                stock, rng = shuffled(discard[:-1], rng)
                discard = discard[-1:]
                reshuffles.append(len(stock))
            take = min(count - len(drawn), len(stock))
            drawn.extend(stock[:take])
            stock = stock[take:]
        if not drawn and not reshuffles:
            return DrawResult(self, ())
        hand = self.hands[seat]
        for card in drawn:
            hand = _insert(hand, card)
        hands = self.hands[:seat] + (hand,) + self.hands[seat + 1 :]
        table = ShedTable(hands, stock, discard, self.suit, self.direction, rng)
        return DrawResult(table, tuple(drawn), tuple(reshuffles))
