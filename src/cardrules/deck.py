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

    Deals are drawn by rejection; when that keeps failing (many voids), by counting the
    deals that agree with each way of sharing out the suits. Raises
    :class:`~cardrules.StateError` when no deal agrees.

    >>> from cardrules.cards import parse_cards
    >>> deal_unseen(parse_cards("2C 3C 2D"), [1, 2], [set(), {1}], rng=5)  # seat 1: no ♦
    [(Card.parse('2♦'),), (Card.parse('2♣'), Card.parse('3♣'))]
    """
    cards = list(cards)
    sizes = list(sizes)
    players = len(sizes)
    seats = [seat for seat, size in enumerate(sizes) if size]
    for _ in range(100):  # cheap and exact: shuffle and deal, reject deals that break a void
        order, rng = shuffled(cards, rng)
        hands: list[tuple[Card, ...]] = [()] * players
        position = 0
        for seat in seats:
            hands[seat] = tuple(sorted(order[position : position + sizes[seat]]))
            position += sizes[seat]
        if all(SUIT_OF_INDEX[card] not in voids[seat] for seat in seats for card in hands[seat]):
            return hands
    return _deal_by_counting(cards, sizes, voids, seats, rng)


def _deal_by_counting(
    cards: list[Card], sizes: list[int], voids: Sequence[set[int]], seats: list[int], rng: int
) -> list[tuple[Card, ...]]:
    """The exact sampler behind :func:`deal_unseen` for tight voids: choose
    how many cards of each suit each seat gets, weighted by how many deals agree with
    that choice, then deal each suit's cards at random."""
    by_suit = [[card for card in cards if SUIT_OF_INDEX[card] == suit] for suit in range(4)]
    allowed = [[i for i, seat in enumerate(seats) if suit not in voids[seat]] for suit in range(4)]

    def splits(suit: int, room: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every way to share the suit's cards among the seats allowed it."""
        result: list[tuple[int, ...]] = []

        def share(k: int, left: int, taken: list[int]) -> None:
            if k == len(allowed[suit]):
                if not left:
                    split = [0] * len(seats)
                    for i, count in zip(allowed[suit], taken, strict=True):
                        split[i] = count
                    result.append(tuple(split))
                return
            for count in range(min(left, room[allowed[suit][k]]) + 1):
                share(k + 1, left - count, [*taken, count])

        share(0, len(by_suit[suit]), [])
        return result

    @functools.cache
    def ways(suit: int, room: tuple[int, ...]) -> int:
        """How many deals of suits ``suit`` … ♠ fit the room left."""
        if suit == 4:
            return 0 if any(room) else 1
        return sum(
            _multinomial(split)
            * ways(suit + 1, tuple(r - c for r, c in zip(room, split, strict=True)))
            for split in splits(suit, room)
        )

    room = tuple(sizes[seat] for seat in seats)
    if not ways(0, room):
        raise StateError(
            "no deal of the unseen cards agrees with the view's hand sizes and voids: "
            "this is not a view the game's observe() made"
        )
    dealt: list[list[Card]] = [[] for _ in range(len(sizes))]
    for suit in range(4):
        options = []
        for split in splits(suit, room):
            after = tuple(r - c for r, c in zip(room, split, strict=True))
            options.append((split, after, _multinomial(split) * ways(suit + 1, after)))
        pick, rng = _randbelow_big(rng, sum(weight for _, _, weight in options))
        chosen = options[-1]
        for option in options:
            if pick < option[2]:
                chosen = option
                break
            pick -= option[2]
        order, rng = shuffled(by_suit[suit], rng)
        position = 0
        for i, count in enumerate(chosen[0]):
            dealt[seats[i]].extend(order[position : position + count])
            position += count
        room = chosen[1]
    return [tuple(sorted(hand)) for hand in dealt]


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
