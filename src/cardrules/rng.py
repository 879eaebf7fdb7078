"""The seeded generator carried inside game states.

States hold their randomness as one 64-bit int, advanced by pure functions
(SplitMix64; shuffles draw their keys from SHAKE-128 seeded by it), so a transition
that shuffles is still a pure function of its input and a seed reproduces a game
exactly on any machine and Python version. Nothing here touches the global
:mod:`random` module.

>>> state = seed_state(7)
>>> value, state = next_u64(state)
>>> value
10685861832487323571
>>> cards, state = shuffled(range(5), state)
>>> sorted(cards)
[0, 1, 2, 3, 4]
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import Iterable, Sequence
from operator import itemgetter
from typing import Any, TypeVar

from cardrules._text import shown
from cardrules.errors import SetupError

__all__ = [
    "DecidedShuffles",
    "GroupedShuffle",
    "UndecidedChance",
    "check_seed",
    "derive_seed",
    "new_seed",
    "next_u64",
    "randbelow",
    "resolve_seed",
    "seed_state",
    "shuffled",
    "shuffled_order",
    "shuffled_positions",
]

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_SHAKE = hashlib.shake_128
_SHUFFLE_DOMAIN = b"cardrules.shuffle:"
_LAYOUTS: dict[int, struct.Struct] = {}
_POSITIONS = bytes(range(256))
_EXPONENT_HIGH = b"\x3f"
_EXPONENT_LOW = bytes(0xF0 | (value & 0x0F) for value in range(256))


def new_seed() -> int:
    """A fresh seed from the operating system's entropy: 64 random bits.

    This is what every ``seed=None`` in cardrules means. Keep the value if you want to
    replay the game; treat it as a secret while the game is on, since anyone who knows
    the seed of a game can rebuild every hand (a small seed such as 7 can be guessed).

    >>> 0 <= new_seed() < 2**64
    True
    """
    return secrets.randbits(64)


def check_seed(seed: object, what: str = "seed") -> int:
    """``seed`` itself if it is an int from 0 to 2**64 - 1 (not a bool); otherwise raise
    :class:`~cardrules.SetupError` naming ``what`` and what is allowed.

    >>> check_seed(7)
    7
    """
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= _MASK64:
        raise SetupError(
            f"a {what} must be an int from 0 to 2**64 - 1 (or None for a fresh random one), "
            f"not {shown(seed)}"
        )
    return seed


def resolve_seed(seed: int | None) -> int:
    """``seed`` checked with :func:`check_seed`, or :func:`new_seed` for ``None``."""
    return new_seed() if seed is None else check_seed(seed)


def seed_state(seed: int) -> int:
    """The generator state for a user's seed (any int from 0 to 2**64 - 1).

    Raises :class:`~cardrules.SetupError` for anything else.
    """
    if seed.__class__ is int and 0 <= seed <= _MASK64:
        # Mix once so that nearby seeds give unrelated streams.
        return _mix(seed ^ 0x5DEECE66D)
    check_seed(seed)
    return seed  # DecidedShuffles: explicit chance, no stream


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def next_u64(state: int) -> tuple[int, int]:
    """Return ``(value, new_state)``: a uniform 64-bit value and the advanced state."""
    state = (state + _GOLDEN) & _MASK64
    return _mix(state), state


def randbelow(state: int, n: int) -> tuple[int, int]:
    """Return ``(value, new_state)`` with ``value`` uniform in ``range(n)``.

    Uses rejection sampling, so the result is exactly uniform. Under explicit chance
    (a :class:`DecidedShuffles` state) the number is a decided one instead: a chance
    node whose outcomes are ``range(n)``.
    """
    if n <= 0:
        raise ValueError(f"randbelow needs n >= 1, not {n}")
    if state.__class__ is not int:  # DecidedShuffles: explicit chance
        return state.draw(n)  # type: ignore[attr-defined, no-any-return]
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state = (state + _GOLDEN) & _MASK64
        value = _mix(state)
        if value < limit:
            return value % n, state


def _keys(count: int, state: int) -> tuple[float, ...]:
    """One sort key per position, from SHAKE-128 seeded by the generator's state: a
    float in [1, 2) with 44 random bits, whose lowest byte is the position itself (or 0
    from 256 positions up) so that sorting the keys carries the positions along."""
    data = bytearray(_SHAKE(_SHUFFLE_DOMAIN + state.to_bytes(8, "little")).digest(8 * count))
    data[7::8] = _EXPONENT_HIGH * count  # sign and exponent: a float in [1, 2) ...
    data[6::8] = data[6::8].translate(_EXPONENT_LOW)  # ... with 4 random mantissa bits here
    data[0::8] = _POSITIONS[:count] if count <= 256 else bytes(count)
    layout = _LAYOUTS.get(count)
    if layout is None:
        layout = _LAYOUTS[count] = struct.Struct(f"<{count}d")
    return layout.unpack(data)


def shuffled_positions(count: int, state: int) -> tuple[bytes, int]:
    """Return ``(order, new_state)``: the permutation of :func:`shuffled_order` as
    ``bytes`` (so ``count`` may be at most 256), which is quicker to work with in bulk
    (:func:`cardrules.deck.deal_masks` deals from it with a few byte operations)."""
    if state.__class__ is not int:  # DecidedShuffles: explicit chance
        return state.positions(count)  # type: ignore[attr-defined, no-any-return]
    if not 2 <= count <= 256:
        if 0 <= count < 2:
            return bytes(range(count)), (state + _GOLDEN) & _MASK64
        raise ValueError(f"shuffled_positions shuffles at most 256 positions, not {count}")
    # The keys' lowest bytes are the positions: the sorted keys, packed again, hold
    # the permutation in every eighth byte.
    keys = sorted(_keys(count, state))
    return _LAYOUTS[count].pack(*keys)[0::8], (state + _GOLDEN) & _MASK64


def shuffled_order(count: int, state: int) -> tuple[list[int], int]:
    """Return ``(order, new_state)``: a uniform random permutation of ``range(count)``.

    The generator's state seeds SHAKE-128 (a standard extendable-output hash, the same
    on every machine and Python version), which gives one key with 44 random bits per
    position; the positions sorted by their keys are the permutation. Every permutation
    is equally likely but for ties between keys, which happen with a chance below
    ``count**2 / 2**45`` (about 8e-11 for 52 cards) and then keep their order. It is
    several times faster in Python than a Fisher-Yates shuffle on a 64-bit generator.
    """
    if count <= 256:
        order, state = shuffled_positions(count, state)
        return list(order), state
    keys = _keys(count, state)
    return sorted(range(count), key=keys.__getitem__), (state + _GOLDEN) & _MASK64


def shuffled(items: Iterable[T], state: int) -> tuple[tuple[T, ...], int]:
    """Return ``(shuffled_items, new_state)``: a uniform random permutation of ``items``
    (see :func:`shuffled_order`)."""
    pool = tuple(items)
    if state.__class__ is not int:  # DecidedShuffles: explicit chance
        return state.shuffle(pool)  # type: ignore[attr-defined, no-any-return]
    if 2 <= len(pool) <= 256:  # shuffled_order's permutation, picked out in one call
        positions, state = shuffled_positions(len(pool), state)
        return itemgetter(*positions)(pool), state
    order, state = shuffled_order(len(pool), state)
    return tuple([pool[i] for i in order]), state


class GroupedShuffle:
    """Shuffles of the same small ints (bytes), each group of them in a random order of
    its own: :meth:`order` lists the groups one after the other (the lowest group first),
    each group's items in a uniform random order, independent of the other groups'.

    One hash and one sort make every group's order: each item's key is 8 bytes from
    SHAKE-128 read as a float, its highest byte set to the item's group and its lowest
    to the item (non-negative floats sort as their bytes read as an int do, so the sort
    keeps the groups apart and carries the items along). This is what the exact deal
    sampler (:class:`cardrules.deck.DealSampler`) shuffles a deal with. Worked out once
    for given items and groups, reused for any generator state. Raises
    :class:`ValueError` for items that are not distinct ints from 0 to 255 or groups
    that are not ints from 0 to 126.

    >>> shuffle = GroupedShuffle([7, 3, 9, 40], [1, 0, 1, 1])
    >>> order, after = shuffle.order(seed_state(5))
    >>> order[0], sorted(order[1:]), after != seed_state(5)
    (3, [7, 9, 40], True)
    """

    __slots__ = ("_count", "_groups", "_items", "_layout")

    def __init__(self, items: Sequence[int], groups: Sequence[int]) -> None:
        try:
            low, tags = bytes(items), bytes(groups)
        except (TypeError, ValueError):
            raise ValueError(
                "a grouped shuffle's items must be ints from 0 to 255, its groups from 0 to 126"
            ) from None
        count = len(low)
        if len(tags) != count:
            raise ValueError("a grouped shuffle needs one group for each item")
        if len(set(low)) != count:
            raise ValueError("a grouped shuffle's items must be distinct")
        if count and max(tags) > 126:  # a highest byte of 0x7F could make a NaN
            raise ValueError("a grouped shuffle's groups must be ints from 0 to 126")
        self._count = count
        self._items = low
        self._groups = tags
        layout = _LAYOUTS.get(count)
        if layout is None:
            layout = _LAYOUTS[count] = struct.Struct(f"<{count}d")
        self._layout = layout

    def __eq__(self, other: object) -> bool:
        if type(other) is not GroupedShuffle:
            return NotImplemented
        return (self._items, self._groups) == (other._items, other._groups)

    def __hash__(self) -> int:
        return hash((self._items, self._groups))

    def __reduce__(self) -> Any:
        return (GroupedShuffle, (self._items, self._groups))

    def order(self, state: int) -> tuple[bytes, int]:
        """Return ``(order, new_state)``: the items group by group, each group shuffled.

        Every order of each group is equally likely but for ties between two keys of 48
        random bits (a chance below ``count**2 / 2**49``), which keep the items' order.
        """
        count = self._count
        if state.__class__ is not int:  # DecidedShuffles: explicit chance, group by group
            by_group: dict[int, list[int]] = {}
            for group, item in sorted(zip(self._groups, self._items, strict=True)):
                by_group.setdefault(group, []).append(item)
            parts = []
            for members in by_group.values():
                shuffled_members, state = state.shuffle(tuple(members))  # type: ignore[attr-defined]
                parts.append(bytes(shuffled_members))
            return b"".join(parts), state
        if count < 2:
            return self._items, (state + _GOLDEN) & _MASK64
        keys = bytearray(_SHAKE(_SHUFFLE_DOMAIN + state.to_bytes(8, "little")).digest(8 * count))
        keys[7::8] = self._groups  # (little-endian: the highest byte of each float)
        keys[0::8] = self._items
        layout = self._layout
        return layout.pack(*sorted(layout.unpack(keys)))[0::8], (state + _GOLDEN) & _MASK64


def derive_seed(seed: int, index: int, purpose: bytes) -> int:
    """A 64-bit seed for ``purpose`` from ``seed`` and ``index``: a one-way hash, so
    seeds derived for different purposes or indexes say nothing about each other (the
    arena derives each game's deal seed and each bot's seed this way).

    >>> derive_seed(1, 0, b"deal") == derive_seed(1, 0, b"deal") != derive_seed(1, 0, b"bot")
    True
    """
    digest = hashlib.blake2b(
        f"{seed}:{index}".encode(), digest_size=8, person=b"cardrules." + purpose
    ).digest()
    return int.from_bytes(digest, "little")


class UndecidedChance(Exception):
    """Raised by a :class:`DecidedShuffles` generator at a random decision not made yet:
    ``pool`` is what is to be decided, the items of a shuffle (as the game handed them
    over) or ``range(n)`` for a number drawn below ``n``. :mod:`cardrules.chance` stops
    the transition there and waits for chance to decide it; it never reaches a user."""

    def __init__(self, pool: tuple[Any, ...] | range) -> None:
        super().__init__(f"a random decision waits for chance: {shown(pool)}")
        self.pool = pool

    def __reduce__(self) -> Any:
        return (UndecidedChance, (self.pool,))


class DecidedShuffles(int):
    """A generator state whose shuffles and numbers are decided outside the game:
    explicit chance.

    It is the int 0 to everything else, so any state can carry it where a generator
    goes; :func:`shuffled` and :func:`shuffled_positions` (every shuffle of the
    library's engines goes through them) and :func:`randbelow` (every number drawn:
    a dealer, the cards of a deal) take their ``n``-th decision from ``orders[n]``: for
    a shuffle an order (a permutation of the shuffled items, top first), for a number
    drawn below ``k`` an int from 0 to ``k - 1``; each returns a
    :class:`DecidedShuffles` for the next decision. A decision not made yet raises
    :class:`UndecidedChance`, which says what is to be decided: the caller
    (:mod:`cardrules.chance`) stops the transition there, asks chance for the decision
    and runs the transition again with it. (A transition that went on with a stand-in
    could loop for ever: Craits' draw for the dealer draws again while two players tie,
    and a stand-in order would tie every time.) Like every generator state here, it
    never changes.

    >>> decided = DecidedShuffles(((3, 1, 2), 4))
    >>> cards, after = shuffled((1, 2, 3), decided)
    >>> number, after = randbelow(after, 6)
    >>> cards, number, after.settled
    ((3, 1, 2), 4, True)
    >>> randbelow(after, 6)
    Traceback (most recent call last):
    cardrules.rng.UndecidedChance: a random decision waits for chance: range(0, 6)
    """

    orders: tuple[tuple[Any, ...] | int, ...]
    index: int

    def __new__(
        cls, orders: tuple[tuple[Any, ...] | int, ...] = (), index: int = 0
    ) -> DecidedShuffles:
        made = super().__new__(cls, 0)
        made.orders = orders
        made.index = index
        return made

    @property
    def settled(self) -> bool:
        """Whether every decision was used: the next shuffle or draw waits for chance."""
        return self.index >= len(self.orders)

    def shuffle(self, pool: tuple[T, ...]) -> tuple[tuple[T, ...], DecidedShuffles]:
        """The order decided for this shuffle of ``pool`` (see the class)."""
        if self.index >= len(self.orders):
            raise UndecidedChance(tuple(pool))
        order = self.orders[self.index]
        if isinstance(order, int) or sorted(order) != sorted(pool):  # type: ignore[type-var]
            raise ValueError(
                f"a decided shuffle must be a permutation of the items shuffled, not {shown(order)}"
            )
        return order, DecidedShuffles(self.orders, self.index + 1)

    def draw(self, n: int) -> tuple[int, DecidedShuffles]:
        """The number decided for this draw of :func:`randbelow` below ``n`` (see the
        class)."""
        if self.index >= len(self.orders):
            raise UndecidedChance(range(n))
        number = self.orders[self.index]
        if isinstance(number, tuple) or not 0 <= number < n:
            raise ValueError(
                f"a decided number below {n} must be an int from 0 to {n - 1}, not {shown(number)}"
            )
        return number, DecidedShuffles(self.orders, self.index + 1)

    def positions(self, count: int) -> tuple[bytes, DecidedShuffles]:
        """The shuffle of :func:`shuffled_positions`: byte ``i`` is the place of item
        ``i`` in the decided order (the form :func:`cardrules.deck.deal_masks` reads)."""
        order, after = self.shuffle(tuple(range(count)))
        places = bytearray(count)
        for place, item in enumerate(order):
            places[item] = place
        return bytes(places), after

    def __reduce__(self) -> Any:
        return (DecidedShuffles, (self.orders, self.index))
