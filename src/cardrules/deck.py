"""Deck specifications: one or more standard decks, with ranks removed.

:class:`DeckSpec` is the shedding engine's front on the declared decks of
:mod:`cardrules.decks` (any deck of kinds and copies): a spec is the French deck
``Deck.french(ranks=..., copies=decks)`` (:meth:`DeckSpec.as_deck`), its cards the
same :class:`~cardrules.cards.Card` objects in the same order.

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
from typing import Any

import attrs

from cardrules._text import shown
from cardrules.cards import (
    ALL_CARDS,
    SUIT_MASK,
    Card,
    Rank,
    cards_of_mask,
    format_cards,
    mask_of,
)
from cardrules.decks import Deck
from cardrules.errors import RulesError, SetupError, StateError
from cardrules.rng import GroupedShuffle, next_u64, shuffled
from cardrules.seats import deal_order
from cardrules.values import Immutable

__all__ = ["STANDARD_DECK", "DealSampler", "DeckSpec", "deal_masks", "deal_unseen", "positions_of"]


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

    def as_deck(self) -> Deck:
        """The spec as a declared deck (:class:`cardrules.decks.Deck`): the French
        deck of the ranks kept, ``decks`` copies of each card, with the same cards in
        the same order.

        >>> DeckSpec(decks=2, removed_ranks=range(2, 9)).as_deck().name
        'French 9TJQKA x2'
        """
        ranks = [rank for rank in Rank if rank not in self.removed_ranks]
        return Deck.french(ranks=ranks, copies=self.decks)

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
    # Made once per dealer and deal size, but a game whose deals vary in size (Oh Hell)
    # makes many: byte operations, not a loop over the 256 positions for each seat.
    seat_at = bytes(deal_order(dealer, players, packets))[:256]  # each position's seat
    undealt = b"0" * (256 - len(seat_at))
    tables = []
    for seat in range(players):
        is_seat = _ZEROS[:seat] + b"1" + _ZEROS[seat + 1 :]  # the seat's number to "1"
        tables.append(seat_at.translate(is_seat) + undealt)
    return tuple(tables)


_ZEROS = b"0" * 256


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


Split = tuple[int, ...]
Shape = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]


def deal_unseen(
    cards: Sequence[Card], sizes: Sequence[int], voids: Sequence[set[int]], rng: int
) -> list[tuple[Card, ...]]:
    """Deal ``cards`` (the cards a player has not seen, each card once) to the seats,
    ``sizes[seat]`` cards each (any cards left over stay undealt), no seat getting a
    card of a suit in ``voids[seat]`` (a suit it has shown out of), every such deal
    equally likely. This is what determinization of trick-taking games uses, through
    :class:`DealSampler` (which takes masks, and any cards barred to each seat).

    Raises :class:`~cardrules.StateError` when no deal agrees, or for a card given twice.

    >>> from cardrules.cards import parse_cards
    >>> deal_unseen(parse_cards("2C 3C 2D"), [1, 2], [set(), {1}], rng=5)  # seat 1: no ♦
    [(Card.parse('2♦'),), (Card.parse('2♣'), Card.parse('3♣'))]
    """
    mask = mask_of(cards)
    if mask.bit_count() != len(cards):
        raise StateError("deal_unseen deals each card once: a card was given twice")
    barred = [0] * len(sizes)
    for seat, suits in enumerate(voids[: len(sizes)]):
        for suit in suits:
            barred[seat] |= SUIT_MASK[suit]
    undealt = len(cards) - sum(sizes)
    if undealt > 0:
        sizes, barred = [*sizes, undealt], [*barred, 0]
    hands = DealSampler(mask, sizes, barred).deal(rng)
    return [cards_of_mask(hand) for hand in hands[: len(voids)]]


class DealSampler:
    """Every deal of the cards of a mask to some places (seats, an undealt pile),
    ``sizes[place]`` cards each, none getting a card of its mask ``barred[place]``,
    equally likely: :meth:`deal` draws one, without drawing any deal to throw away.

    The cards fall into groups by the places that may get them (a Cramps seat that has
    shown out of a suit may get none of it: the suit is one group). The groups some
    place may not get are shared out first, one after the other, each split chosen with
    weight the number of deals that agree with it (counted once for a given shape of
    the problem and remembered, since a search determinizes one view again and
    again); then one grouped shuffle (:class:`~cardrules.rng.GroupedShuffle`) orders
    each group's cards at random, and each place takes its share of every group. The
    number of agreeing deals is :attr:`ways`. Raises :class:`~cardrules.StateError`
    when no deal agrees, or when the sizes do not add up to the cards.

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.rng import seed_state
    >>> clubs, diamond = mask_of(parse_cards("2C 3C")), mask_of(parse_cards("2D"))
    >>> sampler = DealSampler(clubs | diamond, [1, 2], [0, SUIT_MASK[1]])  # seat 1: no ♦
    >>> sampler.ways, sampler.deal(seed_state(5)) == (diamond, clubs)
    (1, True)
    """

    __slots__ = (
        "_args",
        "_cards",
        "_count",
        "_places",
        "_root",
        "_shape",
        "_shuffle",
        "_top",
        "_ways",
    )

    def __init__(self, cards: int, sizes: Sequence[int], barred: Sequence[int]) -> None:
        sizes = tuple(sizes)
        self._args = (cards, sizes, tuple(barred))
        if len(barred) != len(sizes) or min(sizes, default=0) < 0 or len(sizes) > 64:
            raise StateError(
                "a deal needs one size (0 or more) and one barred mask a place, at most 64 places"
            )
        if sum(sizes) != cards.bit_count():
            raise StateError(
                f"the sizes ({sum(sizes)} cards) must add up to the {cards.bit_count()} cards "
                "to deal (give the cards left over a place of their own)"
            )
        # Masks of a declared deck (cardrules.decks) may be wider than the 52 cards, up
        # to the first place label (0xC0).
        self._top = top = max(52, cards.bit_length())
        if top > 0xC0:
            raise StateError(f"a deal samples card masks of at most 192 bits, not {top}")
        places = tuple([place for place, size in enumerate(sizes) if size])
        self._places = places
        self._count = len(sizes)
        self._cards = cards
        room = tuple([sizes[place] for place in places])
        if not any(cards & barred[place] for place in places):  # one shuffle of them all
            self._shape: Shape = ((), ())
            self._ways = _multinomial(room)
            self._shuffle = GroupedShuffle(_indices(cards), bytes(cards.bit_count()))
            self._root: _Choice | bytes = self._labels(room)
            return
        # Split the cards by the places that may get them, one place after the other.
        parts: list[tuple[int, tuple[int, ...]]] = [(cards, ())]
        for index, place in enumerate(places):
            allowed = cards & ~barred[place]
            parts = [
                piece
                for mask, takers in parts
                for piece in ((mask & allowed, (*takers, index)), (mask & ~allowed, takers))
                if piece[0]
            ]
        everyone = tuple(range(len(places)))
        bound = sorted([(takers, mask) for mask, takers in parts if takers != everyone])
        free = sum([mask for mask, takers in parts if takers == everyone])
        self._shape = (
            tuple([mask.bit_count() for _, mask in bound]),
            tuple([takers for takers, _ in bound]),
        )
        self._ways = 0 if bound and not bound[0][0] else _ways(self._shape, 0, room)
        if not self._ways:
            raise StateError(
                "no deal of the unseen cards agrees with the view's hand sizes and voids: "
                "this is not a view the game's observe() made"
            )
        groups = [*(mask for _, mask in bound), free]
        items = b"".join([_indices(mask) for mask in groups])
        tags = b"".join([bytes([tag]) * mask.bit_count() for tag, mask in enumerate(groups)])
        self._shuffle = GroupedShuffle(items, tags)
        self._root = self._node(0, room)

    def __eq__(self, other: object) -> bool:
        if type(other) is not DealSampler:
            return NotImplemented
        return self._args == other._args

    def __hash__(self) -> int:
        return hash(self._args)

    def __reduce__(self) -> Any:
        return (DealSampler, self._args)

    @property
    def ways(self) -> int:
        """How many deals agree (each equally likely to be drawn)."""
        return self._ways

    def deal(self, rng: int) -> tuple[int, ...]:
        """One deal drawn with the generator state ``rng``: each place's cards, a mask."""
        node = self._root
        if isinstance(node, bytes):
            labels = node  # every card may go anywhere: one shuffle
        else:
            parts = []
            while isinstance(node, _Choice):
                weights = node.weights
                if len(weights) == 1:  # forced: no draw
                    index = 0
                else:
                    pick, rng = _randbelow_big(rng, weights[-1])
                    index = bisect.bisect_right(weights, pick)
                child = node.children[index]
                if child is None:  # worked out the first time this split is drawn
                    child = self._child(node, index)
                parts.append(node.labels[index])
                node = child
            parts.append(node)
            labels = b"".join(parts)
        order, _ = self._shuffle.order(rng)
        # Each card's place label where the card's index is (cards not dealt keep their
        # own index, below any label), read from card 51 down: a place's labels turned
        # into b"1"s and the rest into b"0"s is its mask in binary. The last place gets
        # the cards left.
        owners = bytes.maketrans(order, labels)[self._top - 1 :: -1]
        hands = [0] * self._count
        places = self._places
        rest = self._cards
        for place in places[:-1]:
            hand = hands[place] = int(owners.translate(_SELECT[place]), 2)
            rest ^= hand
        if places:
            hands[places[-1]] = rest
        return tuple(hands)

    def _node(self, depth: int, room: Split) -> _Choice | bytes:
        """The choice of the ``depth``-th bound group's split with ``room`` left, or,
        past the last, the labels of the free cards filling the room."""
        if depth == len(self._shape[0]):
            return self._labels(room)
        options, weights, _ = _group_options(self._shape, depth, room)
        return _Choice(depth, weights, options)

    def _child(self, node: _Choice, index: int) -> _Choice | bytes:
        """What comes after the ``index``-th option of ``node``, its labels worked out
        with it."""
        split, after = node.options[index]
        node.labels[index] = self._labels(split)
        child = node.children[index] = self._node(node.depth + 1, after)
        return child

    def _labels(self, split: Split) -> bytes:
        """The place labels of ``split`` (a count for each place with room), in the
        order the places take a group's shuffled cards."""
        places = self._places
        return b"".join([_LABEL[places[i]] * count for i, count in enumerate(split)])


def _indices(mask: int) -> bytes:
    """The bits of a card mask, lowest first, a byte each."""
    if mask >> 52 == 0:
        return bytes(cards_of_mask(mask))
    return bytes([bit for bit in range(mask.bit_length()) if mask >> bit & 1])


class _Choice:
    """One bound group's split to draw in :meth:`DealSampler.deal`: the options (the
    split, the room after it) with the running totals of their weights, and, filled in
    when an option is first drawn, its place labels (a byte a card, in the order the
    places take the group's shuffled cards) and the choice after it."""

    __slots__ = ("children", "depth", "labels", "options", "weights")

    def __init__(
        self,
        depth: int,
        weights: tuple[int, ...],
        options: tuple[tuple[Split, Split], ...],
    ) -> None:
        self.depth = depth
        self.weights = weights
        self.options = options
        self.labels: list[bytes] = [b""] * len(options)
        self.children: list[_Choice | bytes | None] = [None] * len(options)


# A place's label in DealSampler.deal is the byte 0xC0 + place, above every card index.
_LABEL = tuple(bytes([0xC0 + place]) for place in range(64))
_SELECT = tuple(b"0" * (0xC0 + place) + b"1" + b"0" * (63 - place) for place in range(64))


@functools.lru_cache(maxsize=16384)
def _group_options(
    shape: Shape, k: int, room: Split
) -> tuple[tuple[tuple[Split, Split], ...], tuple[int, ...], int]:
    """The ways to share the ``k``-th bound group of ``shape`` (its cards' count, the
    places allowed it) with ``room`` cards still to receive, as (split, room after)
    pairs, with the running totals of their weights (the deals of this and the later
    groups agreeing with each) and the total. Remembered: a search determinizes one view
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
    """How many deals of the bound groups from the ``k``-th on, and then of the free
    cards, fill exactly the room left."""
    if k == len(shape[0]):
        return _multinomial(room)  # the free cards: exactly the room is left for them
    return _group_options(shape, k, room)[2]


def _splits(count: int, allowed: tuple[int, ...], room: Split) -> list[Split]:
    """Every way to give ``count`` cards to the places ``allowed`` (indices into
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
    if bits <= 64:  # one word a try (the usual case)
        while True:
            value, rng = next_u64(rng)
            value >>= 64 - bits
            if value < n:
                return value, rng
    words = (bits + 63) // 64
    while True:
        value = 0
        for _ in range(words):
            word, rng = next_u64(rng)
            value = (value << 64) | word
        value >>= words * 64 - bits
        if value < n:
            return value, rng
