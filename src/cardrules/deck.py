"""Deck specifications: one or more standard decks, with ranks removed.

A deck spec says which cards are in play; a *deck order* is a tuple of cards listed top
first (the first card is the first dealt).

>>> spec = DeckSpec(decks=2, removed_ranks=(Rank.KING, Rank.QUEEN))
>>> spec.size
88
>>> len(STANDARD_DECK.cards())
52
"""

from __future__ import annotations

import bisect
import functools
import math
from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from cardrules._text import shown
from cardrules.cards import ALL_CARDS, SUIT_OF_INDEX, Card, Rank, format_cards
from cardrules.errors import RulesError, SetupError, StateError
from cardrules.rng import next_u64, shuffled
from cardrules.seats import deal_order
from cardrules.values import Immutable

__all__ = ["STANDARD_DECK", "DeckSpec", "deal_masks", "deal_unseen", "positions_of"]


def _to_ranks(value: Iterable[Rank | int]) -> frozenset[Rank]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise RulesError(
            "removed_ranks must be a collection of ranks (Ranks or ints from 2 to 14, "
            f"e.g. (Rank.KING, Rank.QUEEN)), not {shown(value)}"
        )
    ranks = set()
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int) or not 2 <= item <= 14:
            raise RulesError(f"removed ranks must be Ranks (2 to 14), not {shown(item)}")
        ranks.add(Rank(item))
    return frozenset(ranks)


def _check_decks(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 3:
        raise RulesError(f"decks must be 1, 2 or 3, not {shown(value)}")


@attrs.frozen
class DeckSpec(Immutable):
    """Which cards are in play: ``decks`` standard 52-card decks less ``removed_ranks``."""

    decks: int = attrs.field(default=1, validator=_check_decks)
    removed_ranks: frozenset[Rank] = attrs.field(default=frozenset(), converter=_to_ranks)

    def cards(self) -> tuple[Card, ...]:
        """Every card in play in index order, each copy listed (a fresh, unshuffled deck)."""
        return _cards_in_play(self.decks, self.removed_ranks)

    @property
    def size(self) -> int:
        """The number of cards in play."""
        return (52 - 4 * len(self.removed_ranks)) * self.decks

    def shuffled(self, rng_state: int) -> tuple[tuple[Card, ...], int]:
        """A shuffled deck order and the advanced generator state."""
        return shuffled(self.cards(), rng_state)

    def check_order(self, deck: Sequence[Card | str]) -> tuple[Card, ...]:
        """Validate a stacked deck order (cards or card text, top first) against the spec.

        Returns it as a tuple of cards; raises :class:`~cardrules.SetupError` saying which
        cards are missing or extra if it is not exactly the cards in play.
        """
        if isinstance(deck, str):
            raise SetupError("a deck order must be a sequence of cards, not one string")
        if not isinstance(deck, Sequence):
            # A set or a generator has no reliable order: the deal would not be the
            # one the caller meant (or would differ from run to run).
            raise SetupError(
                "a deck order must be a sequence of cards listed top first (a list or a "
                f"tuple), not {type(deck).__name__}"
            )
        order = tuple(Card.parse(card) for card in deck)  # type: ignore[arg-type]
        expected = Counter(self.cards())
        given = Counter(order)
        if given != expected:
            missing = sorted((expected - given).elements())
            extra = sorted((given - expected).elements())
            parts = [f"the deck must hold exactly the {self.size} cards in play"]
            if missing:
                parts.append(f"missing: {format_cards(missing)}")
            if extra:
                parts.append(f"not allowed or too many: {format_cards(extra)}")
            raise SetupError("; ".join(parts))
        return order


@functools.lru_cache(maxsize=64)
def _cards_in_play(decks: int, removed: frozenset[Rank]) -> tuple[Card, ...]:
    one = tuple(card for card in ALL_CARDS if card.rank not in removed)
    return one * decks


STANDARD_DECK = DeckSpec()
"""One standard 52-card deck."""


def positions_of(order: Sequence[Card]) -> bytes:
    """Where each card of one standard deck lies in a deck ``order`` (listed top first):
    byte ``i`` is the position of the card of index ``i`` (0 = the top card), the form
    :func:`deal_masks` deals from.

    >>> list(positions_of(STANDARD_DECK.cards()[::-1])[:3])  # the deck upside down
    [51, 50, 49]
    """
    positions = bytearray(52)
    for position, card in enumerate(order):
        positions[card] = position
    return bytes(positions)


@functools.lru_cache(maxsize=256)
def _receives(dealer: int, players: int, packets: tuple[int, ...]) -> tuple[bytes, ...]:
    """For each seat, a table for :meth:`bytes.translate` that turns a deck position into
    ``b"1"`` if the seat is dealt the card there and ``b"0"`` if not."""
    seat_at = deal_order(dealer, players, packets)
    return tuple(
        bytes(0x31 if p < len(seat_at) and seat_at[p] == seat else 0x30 for p in range(256))
        for seat in range(players)
    )


def deal_masks(
    positions: bytes, dealer: int, players: int, packets: Sequence[int]
) -> tuple[int, ...]:
    """Deal one standard deck in ``packets`` from the dealer's left (see
    :func:`cardrules.seats.deal_order`), each seat's cards as a card mask (bit ``i`` set
    for the card of index ``i``). ``positions`` says where each card lies in the deck:
    :func:`positions_of` a deck order, or a shuffle straight from
    :func:`cardrules.rng.shuffled_positions`.

    >>> from cardrules.cards import cards_of_mask
    >>> masks = deal_masks(positions_of(STANDARD_DECK.cards()), 0, 4, (13,))
    >>> cards_of_mask(masks[1])[:2], len(cards_of_mask(masks[0]))
    ((Card.parse('2♣'), Card.parse('3♣')), 13)
    """
    # Read backwards (the card of index 51 first), the seat's b"1"s and b"0"s are its
    # mask written in binary.
    backwards = positions[::-1]
    return tuple(
        [int(backwards.translate(table), 2) for table in _receives(dealer, players, tuple(packets))]
    )


def deal_unseen(
    cards: Sequence[Card], sizes: Sequence[int], voids: Sequence[set[int]], rng: int
) -> list[tuple[Card, ...]]:
    """Deal ``cards`` (the cards a player has not seen) to the seats, ``sizes[seat]``
    cards each, no seat getting a card of a suit in ``voids[seat]`` (a suit it has shown
    out of), every such deal equally likely. This is what determinization of
    trick-taking games uses.

    Without voids it is one shuffle. With voids it draws no deal to throw away: it
    chooses how many cards of each suit each seat gets, each choice weighted by the
    number of deals that agree with it (counted once for a given shape of the problem
    and remembered, since a search determinizes the same view again and again), then
    deals each suit's cards at random. Raises :class:`~cardrules.StateError` when no
    deal agrees.

    >>> from cardrules.cards import parse_cards
    >>> deal_unseen(parse_cards("2C 3C 2D"), [1, 2], [set(), {1}], rng=5)  # seat 1: no ♦
    [(Card.parse('2♦'),), (Card.parse('2♣'), Card.parse('3♣'))]
    """
    cards = list(cards)
    sizes = list(sizes)
    seats = [seat for seat, size in enumerate(sizes) if size]
    if any(voids[seat] for seat in seats):
        return _deal_by_counting(cards, sizes, voids, seats, rng)
    order, rng = shuffled(cards, rng)
    hands: list[tuple[Card, ...]] = [()] * len(sizes)
    position = 0
    for seat in seats:
        hands[seat] = tuple(sorted(order[position : position + sizes[seat]]))
        position += sizes[seat]
    return hands


def _deal_by_counting(
    cards: list[Card], sizes: list[int], voids: Sequence[set[int]], seats: list[int], rng: int
) -> list[tuple[Card, ...]]:
    """The exact sampler behind :func:`deal_unseen` when there are voids: the suits
    some seat may not get are shared out one by one, each split weighted by the deals
    that agree with it; the cards of the other suits, which any seat may get, are then
    dealt together at random into the room left."""
    by_suit: list[list[Card]] = [[], [], [], []]
    for card in cards:
        by_suit[SUIT_OF_INDEX[card]].append(card)
    free: list[Card] = []
    bound: list[int] = []  # the suits with unseen cards that some seat may not get
    allowed: list[tuple[int, ...]] = []
    for suit, suit_cards in enumerate(by_suit):
        takers = tuple(i for i, seat in enumerate(seats) if suit not in voids[seat])
        if len(takers) == len(seats) or not suit_cards:
            free += suit_cards
        else:
            bound.append(suit)
            allowed.append(takers)
    shape = (tuple(len(by_suit[suit]) for suit in bound), tuple(allowed))
    room = tuple(sizes[seat] for seat in seats)
    if not _ways(shape, 0, room):
        raise StateError(
            "no deal of the unseen cards agrees with the view's hand sizes and voids: "
            "this is not a view the game's observe() made"
        )
    dealt: list[list[Card]] = [[] for _ in range(len(sizes))]
    for k, suit in enumerate(bound):
        options, weights, total = _suit_options(shape, k, room)
        pick, rng = _randbelow_big(rng, total)
        split, room = options[bisect.bisect_right(weights, pick)]
        rng = _deal_into(dealt, seats, split, by_suit[suit], rng)
    _deal_into(dealt, seats, room, free, rng)
    return [tuple(sorted(hand)) for hand in dealt]


def _deal_into(
    dealt: list[list[Card]], seats: list[int], split: Split, cards: list[Card], rng: int
) -> int:
    """Shuffle ``cards`` and give ``split[i]`` of them to ``seats[i]``; the generator
    after the shuffle."""
    order, rng = shuffled(cards, rng)
    position = 0
    for i, count in enumerate(split):
        if count:
            dealt[seats[i]] += order[position : position + count]
            position += count
    return rng


Split = tuple[int, ...]
Shape = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]


@functools.lru_cache(maxsize=16384)
def _suit_options(
    shape: Shape, k: int, room: Split
) -> tuple[tuple[tuple[Split, Split], ...], tuple[int, ...], int]:
    """The ways to share the ``k``-th bound suit of ``shape`` (its unseen cards' count,
    the seats allowed it) with ``room`` cards still to receive, as (split, room after)
    pairs, with the running totals of their weights (the deals of this and the later
    suits agreeing with each) and the total. Remembered: a search determinizes one view
    many times, and the shape of the problem is all that matters here."""
    counts, allowed = shape
    options: list[tuple[Split, Split]] = []
    weights: list[int] = []
    total = 0
    for split in _splits(counts[k], allowed[k], room):
        after = tuple(r - c for r, c in zip(room, split, strict=True))
        weight = _multinomial(split) * _ways(shape, k + 1, after)
        if weight:
            options.append((split, after))
            total += weight
            weights.append(total)
    return tuple(options), tuple(weights), total


def _ways(shape: Shape, k: int, room: Split) -> int:
    """How many deals of the bound suits from the ``k``-th on, and then of the free
    cards, fill exactly the room left."""
    if k == len(shape[0]):
        return _multinomial(room)  # the free cards: exactly the room is left for them
    return _suit_options(shape, k, room)[2]


def _splits(count: int, allowed: tuple[int, ...], room: Split) -> list[Split]:
    """Every way to give ``count`` cards to the seats ``allowed`` (indices into
    ``room``), none more than its room."""
    result: list[Split] = []
    split = [0] * len(room)

    def share(k: int, left: int) -> None:
        if k == len(allowed):
            if not left:
                result.append(tuple(split))
            return
        seat = allowed[k]
        for given in range(min(left, room[seat]) + 1):
            split[seat] = given
            share(k + 1, left - given)
        split[seat] = 0

    share(0, count)
    return result


def _multinomial(split: Sequence[int]) -> int:
    total = math.factorial(sum(split))
    for count in split:
        total //= math.factorial(count)
    return total


def _randbelow_big(rng: int, n: int) -> tuple[int, int]:
    """``randbelow`` for any positive int, however large (exact, by rejection)."""
    bits = n.bit_length()
    words = (bits + 63) // 64
    while True:
        value = 0
        for _ in range(words):
            word, rng = next_u64(rng)
            value = (value << 64) | word
        value >>= words * 64 - bits
        if value < n:
            return value, rng
