"""The shedding core: stock and discard pile, the one matching rule (suit, rank, wild
cards), drawing with reshuffles, direction of play, and the table of what each card does
and scores.

Games of the Crazy Eights family are built on it in one of two ways:

- :class:`~cardrules.shedding.engine.SheddingGame` is the whole engine of a shedding game
  (deals, turns, card functions, the count, draws, "one card" calls, views and
  determinization for search bots); Craits and the Crazy Eights example are
  configurations of it;
- :class:`ShedTable` is the table itself as a plain value, for games that keep it in a
  state of their own.

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
from typing import Any

import attrs

from cardrules._text import shown
from cardrules.cards import (
    ALL_CARDS,
    RANK_OF_INDEX,
    SUIT_MEMBER_OF_INDEX,
    SUIT_OF_INDEX,
    Card,
    Rank,
    Suit,
)
from cardrules.decks import Deck, DeckSuit
from cardrules.errors import CardParseError, RulesError
from cardrules.rng import shuffled
from cardrules.seats import CLOCKWISE
from cardrules.values import Immutable, Value

__all__ = [
    "Action",
    "CardRule",
    "CardTable",
    "DrawResult",
    "ShedTable",
    "can_play",
    "dealt_cards",
    "draw_from",
    "faces_of",
    "matching_table",
]


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
    OWN = "own"
    """The game's own function: its
    :meth:`~cardrules.shedding.engine.SheddingGame.card_action` says what happens."""


def _to_action(value: Action | str) -> Action:
    try:
        return Action(value)
    except (ValueError, TypeError):
        allowed = ", ".join(a.value for a in Action)
        raise RulesError(f"unknown card function {shown(value)}; allowed: {allowed}") from None


def _check_int(instance: Any, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{attribute.name} must be an int, not {shown(value)}")


def _check_count(instance: Any, attribute: attrs.Attribute[int], value: int) -> None:
    _check_int(instance, attribute, value)
    if value < 0:
        raise RulesError(
            f"count is what a card adds to a running count: 0 (it cannot be played into "
            f"a count) or more, not {shown(value)}"
        )


def _check_starts_count(instance: Any, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise RulesError(f"starts_count must be True or False, not {shown(value)}")
    if value and instance.count < 1:
        raise RulesError(
            "a card that starts a count (starts_count=True) must add at least 1 to it "
            f"(count >= 1), not count={instance.count}"
        )


def _check_draws(instance: Any, attribute: attrs.Attribute[int], value: int) -> None:
    _check_int(instance, attribute, value)
    if value < 0:
        raise RulesError(f"draws is how many cards the next player draws: 0 or more, not {value}")
    if value and instance.starts_count:
        raise RulesError(
            "a card either starts a count (starts_count=True) or makes the next player draw "
            f"(draws={value}), not both"
        )
    if value and instance.action not in _DRAWS_WITH:
        raise RulesError(
            f"a card that makes the next player draw (draws={value}) already skips that "
            "player: its function must be none, wild or wild_keep_suit, not "
            f"{instance.action.value}"
        )


_DRAWS_WITH = frozenset({Action.NONE, Action.WILD, Action.WILD_KEEP_SUIT})


@attrs.frozen(repr=False)
class CardRule(Immutable):
    """One row of a card table: what a rank does and what it scores.

    ``action`` is its function when played; ``points`` what it scores left in hand;
    ``count`` what it adds to a running count (0: it cannot be played into a count);
    ``starts_count``: playing it outside a count starts one at ``count`` (so ``count``
    must then be at least 1); ``draws``: after its function (a wild card names the suit
    first), the next player draws that many cards and loses the turn (a "draw two"; 0:
    none). A card with ``draws`` has no other function than ``"none"`` or a wild one,
    and starts no count.

    Raises :class:`~cardrules.RulesError` for a value outside these.

    >>> CardRule("skip", 20)
    CardRule(action=<Action.SKIP: 'skip'>, points=20, count=0, starts_count=False)
    >>> CardRule("wild", 50, draws=4)
    CardRule(action=<Action.WILD: 'wild'>, points=50, count=0, starts_count=False, draws=4)
    """

    action: Action = attrs.field(converter=_to_action)
    points: int = attrs.field(validator=_check_int)
    count: int = attrs.field(default=0, validator=_check_count)
    starts_count: bool = attrs.field(default=False, validator=_check_starts_count)
    draws: int = attrs.field(default=0, kw_only=True, validator=_check_draws)

    def __repr__(self) -> str:
        draws = f", draws={self.draws}" if self.draws else ""  # (as before draws existed)
        return (
            f"CardRule(action={self.action!r}, points={self.points!r}, count={self.count!r}, "
            f"starts_count={self.starts_count!r}{draws})"
        )

    @property
    def is_wild(self) -> bool:
        """True for the two wild actions."""
        return self.action is Action.WILD or self.action is Action.WILD_KEEP_SUIT


class CardTable(Mapping[Any, CardRule], Immutable):
    """What every card does and scores: a read-only, hashable mapping to
    :class:`CardRule`. Built from rows by :class:`~cardrules.Rank` (the French deck of
    the shedding engine's own games: a row for each of the 13 ranks), or for a declared
    deck by :meth:`for_deck` (a row for each kind of card in play, keyed by card).

    >>> table = CardTable({rank: CardRule("none", 10) for rank in Rank})
    >>> table[Rank.JACK].points, len(table), table.deck is None
    (10, 13, True)
    >>> table.replace({Rank.JACK: CardRule("skip", 10)})[Rank.JACK].action
    <Action.SKIP: 'skip'>
    """

    __slots__ = ("_deck", "_rows")

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
        self._deck: Deck | None = None

    @classmethod
    def for_deck(cls, deck: Deck, rows: Mapping[Any, CardRule]) -> CardTable:
        """The table of a declared deck (:class:`~cardrules.decks.Deck`): ``rows`` maps
        a kind of card (a :attr:`CardKind.kind <cardrules.decks.CardKind.kind>` name,
        for every card of that kind) or one card (its text, or the card) to its
        :class:`CardRule`; a card's own row wins over its kind's. A card named by
        neither does nothing and scores its value (``CardRule("none", value)``). A
        card of no suit must be wild and name one (``"wild"``): there would be no suit
        to follow after it. Raises :class:`~cardrules.RulesError` for a key that names
        no kind or card of the deck, or a row that is not a ``CardRule``.

        >>> from cardrules.decks import UNO_108
        >>> table = CardTable.for_deck(
        ...     UNO_108, {"skip": CardRule("skip", 20), "wild": CardRule("wild", 50),
        ...               "wild_draw_four": CardRule("wild", 50)})
        >>> table[UNO_108.parse("GS")].action, table[UNO_108.parse("R7")].points
        (<Action.SKIP: 'skip'>, 7)
        """
        if not isinstance(deck, Deck):
            raise RulesError(
                f"for_deck needs a declared deck (cardrules.decks.Deck), not {shown(deck)}"
            )
        if not isinstance(rows, Mapping):
            raise RulesError(
                f"a card table's rows are a mapping of a kind name or a card to a CardRule, "
                f"not {shown(rows)}"
            )
        kinds = deck.kinds
        names = {kind.kind for kind in kinds}
        by_kind: dict[str, CardRule] = {}
        by_card: dict[int, CardRule] = {}
        for key, rule in rows.items():
            if not isinstance(rule, CardRule):
                raise RulesError(f"the row for {shown(key)} must be a CardRule, not {shown(rule)}")
            if isinstance(key, str) and key in names:
                by_kind[key] = rule
                continue
            try:
                card = deck.parse(key)
            except CardParseError:
                raise RulesError(
                    f"{shown(key)} names neither a kind of card of the {deck.name} deck "
                    f"({', '.join(sorted(names))}) nor one of its cards"
                ) from None
            by_card[int(card)] = rule
        table = object.__new__(cls)
        table._deck = deck
        table._rows = tuple(
            by_card.get(index) or by_kind.get(kind.kind) or CardRule("none", kind.value)
            for index, kind in enumerate(kinds)
        )
        for index, kind in enumerate(kinds):
            if (
                deck.copies[index]
                and kind.suit is None
                and table._rows[index].action is not Action.WILD
            ):
                raise RulesError(
                    f"{kind.text} has no suit, so it must be wild and name one "
                    f"(CardRule('wild', ...)), not {table._rows[index].action.value!r}: "
                    "there would be no suit to follow after it"
                )
        return table

    @property
    def deck(self) -> Deck | None:
        """The declared deck of a table made by :meth:`for_deck`; ``None`` for a table
        by rank (the French cards, any number of copies)."""
        return self._deck

    def __reduce__(self) -> tuple[Any, ...]:
        # Slotted classes need this to pickle with protocols 0 and 1.
        if self._deck is not None:
            return (_deck_table, (self._deck, self._rows))
        return (CardTable, (dict(zip(Rank, self._rows, strict=True)),))

    def __getitem__(self, key: Any) -> CardRule:
        deck = self._deck
        if deck is None:
            if isinstance(key, int) and not isinstance(key, bool) and 2 <= key <= 14:
                return self._rows[key - 2]
        elif key in deck:
            rule: CardRule = self._rows[key]
            return rule
        raise KeyError(key)

    def __iter__(self) -> Iterator[Any]:
        return iter(Rank) if self._deck is None else iter(self._deck.kind_cards)

    def __len__(self) -> int:
        return 13 if self._deck is None else len(self._deck.kind_cards)

    def __hash__(self) -> int:
        return hash((self._deck, self._rows))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardTable):
            return self._deck is other._deck and self._rows == other._rows
        return NotImplemented

    def __repr__(self) -> str:
        label = (lambda key: key.label) if self._deck is None else str
        rows = ", ".join(
            f"{label(key)}: {rule.action.value}/{rule.points}" for key, rule in self.items()
        )
        if self._deck is not None:
            return f"CardTable.for_deck({self._deck.name}, {{{rows}}})"
        return f"CardTable({{{rows}}})"

    def by_card(self) -> tuple[CardRule, ...]:
        """The row of each card index (0 … 51 by rank; a declared deck's: each kind's
        number), for fast lookups."""
        if self._deck is not None:
            return self._rows
        return tuple(self._rows[RANK_OF_INDEX[i] - 2] for i in range(52))

    def replace(self, rows: Mapping[Any, CardRule]) -> CardTable:
        """A new table with some rows replaced (a declared deck's: keyed as in
        :meth:`for_deck`, over the rows it has)."""
        deck = self._deck
        if deck is not None:
            names = {kind.kind for kind in deck.kinds}
            merged: dict[Any, CardRule] = {card: self._rows[card] for card in deck.kind_cards}
            for key, rule in rows.items():  # a kind's row covers its cards, then cards' rows
                if isinstance(key, str) and key in names:
                    merged.update(
                        (card, rule) for card in deck.kind_cards if deck.kinds[card].kind == key
                    )
            merged.update(
                (key, rule)
                for key, rule in rows.items()
                if not (isinstance(key, str) and key in names)
            )
            return CardTable.for_deck(deck, merged)
        merged = dict(self.items())
        merged.update(rows)
        return CardTable(merged)


def _deck_table(deck: Deck, rows: tuple[CardRule, ...]) -> CardTable:
    """Unpickle a declared deck's table."""
    return CardTable.for_deck(deck, {card: rows[card] for card in deck.kind_cards})


def can_play(card: Card, top: Card, suit: Suit | int, wild_ranks: frozenset[int]) -> bool:
    """The matching rule: whether ``card`` may be played on ``top`` when
    ``suit`` is the suit to follow: same suit, same rank, or a wild rank."""
    return (
        SUIT_OF_INDEX[card] == suit
        or RANK_OF_INDEX[card] == RANK_OF_INDEX[top]
        or RANK_OF_INDEX[card] in wild_ranks
    )


def matching_table(table: CardTable) -> tuple[tuple[frozenset[Any], ...], ...]:
    """:func:`can_play` for every card at once: for each suit to follow and top rank
    (indexed by suit, then rank 0 … 14), the cards that match, wild cards included.
    Engines look up the cards a player may play here instead of testing each.

    On a declared deck (:meth:`CardTable.for_deck`) the rows are the deck's suits and
    the columns its faces (:func:`faces_of`): a card matches the suit to follow, the
    face to match (the same kind and rank: ``R5`` on ``G5``, ``RS`` on ``GS``), or is
    wild."""
    deck = table.deck
    if deck is not None:
        faces, face_of = faces_of(deck)
        rules = table.by_card()
        return tuple(
            tuple(
                frozenset(
                    card
                    for card in deck.kind_cards
                    if deck.kinds[card].suit == suit or face_of[card] == face or rules[card].is_wild
                )
                for face in range(len(faces))
            )
            for suit in range(len(deck.suits))
        )
    wild_ranks = frozenset(rank for rank in Rank if table[rank].is_wild)
    tops = [ALL_CARDS[rank - 2] for rank in Rank]  # any card of each rank
    rows: list[tuple[frozenset[Card], ...]] = []
    for suit in range(4):
        by_rank = [frozenset[Card]()] * 15
        for top in tops:
            by_rank[RANK_OF_INDEX[top]] = frozenset(
                card for card in ALL_CARDS if can_play(card, top, suit, wild_ranks)
            )
        rows.append(tuple(by_rank))
    return tuple(rows)


def faces_of(deck: Deck) -> tuple[tuple[tuple[str, int | None], ...], tuple[int, ...]]:
    """The faces of a declared deck's cards for matching: each different pair of a
    kind's :attr:`~cardrules.decks.CardKind.kind` and
    :attr:`~cardrules.decks.CardKind.rank`, in card order, and the number of each
    card's face (by card number). Two cards of the same face match whatever their suit.

    >>> from cardrules.decks import UNO_108
    >>> faces, face_of = faces_of(UNO_108)
    >>> faces[:2], face_of[UNO_108.parse("R5")] == face_of[UNO_108.parse("G5")]
    ((('number', 0), ('number', 1)), True)
    """
    faces: dict[tuple[str, int | None], int] = {}
    for kind in deck.kinds:
        faces.setdefault((kind.kind, kind.rank), len(faces))
    return tuple(faces), tuple(faces[(kind.kind, kind.rank)] for kind in deck.kinds)


def dealt_cards(
    deck: Sequence[Card], dealer: int, players: int, cards_each: int, direction: int = CLOCKWISE
) -> list[Sequence[Card]]:
    """The cards each seat receives when ``cards_each`` cards are dealt one at a time
    from the top of ``deck``, starting next to the dealer in ``direction`` (in the
    order received; :meth:`ShedTable.deal` sorts them)."""
    dealt = players * cards_each
    received: list[Sequence[Card]] = [()] * players
    for offset in range(1, players + 1):  # the seat ``offset`` places from the dealer
        received[(dealer + direction * offset) % players] = deck[offset - 1 : dealt : players]
    return received


class ShedTable(Value):
    """The cards of a shedding game in progress. Immutable.

    ``hands`` sorted per seat; ``stock`` listed top first; ``discard`` listed bottom
    first (its last card is the top); ``suit`` the suit to follow; ``direction`` +1
    clockwise or -1; ``rng`` the hidden generator used for reshuffles.
    """

    __slots__ = ("_direction", "_discard", "_hands", "_rng", "_stock", "_suit")

    def __init__(
        self,
        hands: tuple[tuple[Card, ...], ...],
        stock: tuple[Card, ...],
        discard: tuple[Card, ...],
        suit: Suit | DeckSuit,
        direction: int = CLOCKWISE,
        rng: int = 0,
    ) -> None:
        self._hands = hands
        self._stock = stock
        self._discard = discard
        self._suit = suit
        self._direction = direction
        self._rng = rng

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
        dealt = players * cards_each
        turned = deck[dealt]
        return cls(
            tuple(
                tuple(sorted(cards))
                for cards in dealt_cards(deck, dealer, players, cards_each, direction)
            ),
            tuple(deck[dealt + 1 :]),
            (turned,),
            SUIT_MEMBER_OF_INDEX[turned],
            direction,
            rng,
        )

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted."""
        return self._hands

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top first (hidden from players)."""
        return self._stock

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discard pile, bottom first: its last card is the top."""
        return self._discard

    @property
    def suit(self) -> Suit | DeckSuit:
        """The suit to follow."""
        return self._suit

    @property
    def direction(self) -> int:
        """+1 clockwise, -1 counter-clockwise."""
        return self._direction

    @property
    def rng(self) -> int:
        """The hidden generator state used for reshuffles."""
        return self._rng

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self._hands)

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self._discard[-1]

    @property
    def can_draw(self) -> bool:
        """Whether a card can be drawn: the stock has one, or a reshuffle would make one."""
        return bool(self._stock) or len(self._discard) > 1

    def seat_after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` in the current direction."""
        return (seat + self._direction * steps) % len(self._hands)

    def play(self, seat: int, card: Card, suit: Suit | DeckSuit | None = None) -> ShedTable:
        """Move ``card`` from ``seat``'s hand to the discard pile; the suit to follow
        becomes ``suit`` if given (a wild naming it), else the card's own suit.
        (Unchecked: the game checks legality first.)"""
        hands = self._hands
        hand = hands[seat]
        i = hand.index(card)
        # Filled in directly rather than through __init__ (the hottest constructor of
        # a shedding game): the new table is this method's own until it is returned.
        table = _new_table(ShedTable)
        table._hands = (*hands[:seat], hand[:i] + hand[i + 1 :], *hands[seat + 1 :])
        table._stock = self._stock
        table._discard = (*self._discard, card)
        table._suit = SUIT_MEMBER_OF_INDEX[card] if suit is None else suit
        table._direction = self._direction
        table._rng = self._rng
        return table

    def with_suit(self, suit: Suit | DeckSuit) -> ShedTable:
        """The same table with another suit to follow."""
        return ShedTable(self._hands, self._stock, self._discard, suit, self._direction, self._rng)

    def reversed(self) -> ShedTable:
        """The same table with the direction of play reversed."""
        return ShedTable(
            self._hands, self._stock, self._discard, self._suit, -self._direction, self._rng
        )

    def draw(self, seat: int, count: int) -> DrawResult:
        """``seat`` draws up to ``count`` cards from the top of the stock.

        When the stock runs out, the discard pile except its top card is shuffled into
        a new stock (the game decides any penalty from ``reshuffled``). When there is
        nothing left to reshuffle the draw stops short.
        """
        drawn, stock, discard, rng, reshuffles = draw_from(
            self._stock, self._discard, self._rng, count
        )
        if not drawn and not reshuffles:
            return DrawResult(self, ())
        hands = self._hands
        hand = tuple(sorted(hands[seat] + drawn)) if drawn else hands[seat]
        table = _new_table(ShedTable)
        table._hands = (*hands[:seat], hand, *hands[seat + 1 :])
        table._stock = stock
        table._discard = discard
        table._suit = self._suit
        table._direction = self._direction
        table._rng = rng
        return DrawResult(table, drawn, reshuffles)


def draw_from(
    stock: tuple[Card, ...], discard: tuple[Card, ...], rng: int, count: int
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], int, tuple[int, ...]]:
    """Draw up to ``count`` cards from the top of ``stock``, shuffling the discard pile
    but its top card into a new stock with generator ``rng`` whenever the stock runs
    out, and stopping short when there is nothing left to reshuffle. Returns the cards
    drawn, the new stock, discard pile and generator, and the size of each new stock
    (one entry per reshuffle). :meth:`ShedTable.draw` and the shedding engine draw
    through it.

    >>> from cardrules.cards import parse_cards
    >>> drawn, stock, discard, rng, reshuffles = draw_from(
    ...     parse_cards("5C"), parse_cards("2D 3D 4D"), rng=7, count=2)
    >>> len(drawn), len(stock), [str(card) for card in discard], reshuffles
    (2, 1, ['4♦'], (2,))
    """
    if count <= len(stock):  # the usual case: no reshuffle
        return stock[:count], stock[count:], discard, rng, ()
    taken: list[Card] = []
    shuffles: list[int] = []
    while len(taken) < count:
        if not stock:
            if len(discard) <= 1:
                break
            stock, rng = shuffled(discard[:-1], rng)
            discard = discard[-1:]
            shuffles.append(len(stock))
        take = min(count - len(taken), len(stock))
        taken.extend(stock[:take])
        stock = stock[take:]
    return tuple(taken), stock, discard, rng, tuple(shuffles)


class DrawResult(Value):
    """What :meth:`ShedTable.draw` did: the new ``table``, the ``cards`` drawn (fewer
    than asked if the stock ran dry) and ``reshuffles``, the number of cards shuffled
    into a new stock each time the stock ran out."""

    __slots__ = ("_cards", "_reshuffles", "_table")

    def __init__(
        self, table: ShedTable, cards: tuple[Card, ...], reshuffles: tuple[int, ...] = ()
    ) -> None:
        self._table = table
        self._cards = cards
        self._reshuffles = reshuffles

    @property
    def table(self) -> ShedTable:
        """The table after the draw."""
        return self._table

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards drawn, in order."""
        return self._cards

    @property
    def reshuffles(self) -> tuple[int, ...]:
        """The number of cards shuffled into a new stock, each time it ran out."""
        return self._reshuffles

    @property
    def reshuffled(self) -> int:
        """How many times the discard pile was shuffled into a new stock."""
        return len(self._reshuffles)


_new_table = object.__new__
