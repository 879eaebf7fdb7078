"""The legal moves of a card mask as tuples of moves, made once per suit and pattern.

A hand or the cards a seat may play are a card mask (bit ``i`` for the card of index
``i``); a legal-move list is a tuple of moves in hand order. Building that tuple card by
card on every call is most of the cost of listing moves, so each suit's 13-bit pattern
of ranks is looked up in a table of the tuples already made (8,192 patterns a suit):
the same cards give the same tuple from at most four lookups. :func:`plays_of_mask`
does this for ``Play(card)``, :func:`moves_of_mask` for a game's own move of each card
(a pass, a discard). The trick engine (:mod:`cardrules.tricks.engine`) lists its plays
this way.

The engine also reads the tables directly: ``PLAY_OF`` (the ``Play`` of each card, by
index), ``PLAYS`` (per suit, the tuple of plays of each 13-bit rank pattern once made,
else ``None``) and ``suit_plays(suit, pattern)``, which makes and keeps a missing one.
They are the family's internal API: public names, so that no module of the family
reaches into another's private names, but not in ``__all__``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from cardrules.cards import ALL_CARDS, cards_of_mask
from cardrules.moves import Play

__all__ = ["moves_of_mask", "plays_of_mask"]

PLAY_OF: tuple[Play, ...] = tuple(Play(card) for card in ALL_CARDS)
"""The play of each card, by card index."""
PLAYS: list[list[tuple[Play, ...] | None]] = [[None] * 8192 for _ in range(4)]
"""Per suit, the plays of each pattern of its ranks once made (``None`` until then)."""


def _plays_of_ranks(suit: int, lowest: int, pattern: int) -> tuple[Play, ...]:
    return tuple(PLAY_OF[13 * suit + lowest + r] for r in range(7) if pattern >> r & 1)


# Each suit's plays of a pattern of its seven low ranks (2 to 8) and of its six high
# ranks (9 to ace), made at import: the plays of a pattern first met are one of each,
# put together (a short-lived program meets most patterns only once or twice).
_LOW_PLAYS = [[_plays_of_ranks(suit, 0, low) for low in range(128)] for suit in range(4)]
_HIGH_PLAYS = [[_plays_of_ranks(suit, 7, high) for high in range(64)] for suit in range(4)]


def suit_plays(suit: int, pattern: int) -> tuple[Play, ...]:
    """The plays of the cards of ``suit`` whose ranks are the bits of ``pattern``."""
    row = PLAYS[suit]
    plays = row[pattern]
    if plays is None:
        plays = row[pattern] = _LOW_PLAYS[suit][pattern & 0x7F] + _HIGH_PLAYS[suit][pattern >> 7]
    return plays


_P0, _P1, _P2, _P3 = PLAYS


def plays_of_mask(mask: int) -> tuple[Play, ...]:
    """``Play(card)`` for every card of a card mask, in hand order (suit, then rank).

    >>> from cardrules.cards import mask_of, parse_cards
    >>> [str(play) for play in plays_of_mask(mask_of(parse_cards("AS 2C 3C")))]
    ['2♣', '3♣', 'A♠']
    """
    plays: tuple[Play, ...] = ()
    pattern = mask & 0x1FFF
    if pattern:
        plays = _P0[pattern] or suit_plays(0, pattern)
    pattern = (mask >> 13) & 0x1FFF
    if pattern:
        plays += _P1[pattern] or suit_plays(1, pattern)
    pattern = (mask >> 26) & 0x1FFF
    if pattern:
        plays += _P2[pattern] or suit_plays(2, pattern)
    pattern = mask >> 39
    if pattern:
        plays += _P3[pattern] or suit_plays(3, pattern)
    return plays


M = TypeVar("M")


def moves_of_mask(mask: int, moves: Sequence[M]) -> tuple[M, ...]:
    """``moves[card]`` for every card of a card mask, in hand order: a game's own move of
    each card (a pass, a discard), made once in a table indexed by card, for a phase's
    legal moves without building hands.

    A tuple of moves (a game's table, made once) is remembered with the moves of each
    suit's cards it has given, as :func:`plays_of_mask` does for plays: the same mask
    gives the same moves again from four lookups. (A suit's pattern first met is put
    together from the moves of its low ranks and of its high ranks, made once for the
    table: phases list whole hands, whose patterns are new in most deals.)

    >>> from cardrules.cards import ALL_CARDS, mask_of, parse_cards
    >>> moves_of_mask(mask_of(parse_cards("AS 2C")), [f"pass {card}" for card in ALL_CARDS])
    ('pass 2♣', 'pass A♠')
    """
    kept = _MOVE_ROWS.get(id(moves))
    if kept is None or kept[0] is not moves:
        if type(moves) is not tuple or len(_MOVE_ROWS) >= 64:  # a list may change
            return tuple(map(moves.__getitem__, cards_of_mask(mask)))
        kept = _MOVE_ROWS[id(moves)] = (moves, [[None] * 8192 for _ in range(4)], _halves(moves))
    _, (r0, r1, r2, r3), halves = kept
    found: tuple[M, ...] = ()
    pattern = mask & 0x1FFF
    if pattern:
        found = r0[pattern] or _suit_moves(halves, r0, 0, pattern)
    pattern = mask >> 13 & 0x1FFF
    if pattern:
        found += r1[pattern] or _suit_moves(halves, r1, 1, pattern)
    pattern = mask >> 26 & 0x1FFF
    if pattern:
        found += r2[pattern] or _suit_moves(halves, r2, 2, pattern)
    pattern = mask >> 39
    if pattern:
        found += r3[pattern] or _suit_moves(halves, r3, 3, pattern)
    return found


def _halves(moves: Sequence[M]) -> list[list[tuple[M, ...]]]:
    """For each suit, the moves of every pattern of its seven low ranks (2 to 8), then
    of its six high ranks (9 to ace)."""
    return [
        [
            tuple(moves[13 * suit + lowest + r] for r in range(7) if bits >> r & 1)
            for bits in range(size)
        ]
        for suit in range(4)
        for lowest, size in ((0, 128), (7, 64))
    ]


def _suit_moves(
    halves: list[list[tuple[M, ...]]], row: list[Any], suit: int, pattern: int
) -> tuple[M, ...]:
    """The moves of the cards of ``suit`` whose ranks are the bits of ``pattern``, kept
    in ``row``."""
    low, high = halves[2 * suit], halves[2 * suit + 1]
    found = row[pattern] = low[pattern & 0x7F] + high[pattern >> 7]
    return found


# By id, a game's table of moves by card (kept with it, so that its id is not reused),
# for each suit and pattern of ranks the moves of those cards (moves_of_mask), and the
# moves of each half of each suit.
_MOVE_ROWS: dict[int, tuple[Sequence[Any], list[list[Any]], list[list[Any]]]] = {}
