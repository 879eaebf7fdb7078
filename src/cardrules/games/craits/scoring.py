"""Craits' scoring of the cards left in a hand (K22-K24, V7)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cardrules.cards import RANK_OF_INDEX, Card, Rank
from cardrules.games.craits.tables import DEFAULT_CARD_TABLE
from cardrules.shedding import CardRule, CardTable
from cardrules.shedstate import tables_for

__all__ = ["OUT_POINTS", "hand_points"]

_ALONE_THREE = -50
OUT_POINTS = -10
"""What a player holding no cards at the end of a hand scores (K22)."""


def _points_by_rank(table: Mapping[Rank, CardRule]) -> tuple[int, ...]:
    """Each rank's points, indexed by rank value (2 … 14); a :class:`CardTable`'s are
    worked out once (its lookup tables are kept by the engine)."""
    if isinstance(table, CardTable):
        return tables_for(table).rank_points
    return (0, 0, *(table[Rank(rank)].points for rank in range(2, 15)))


def hand_points(
    hand: Iterable[Card],
    table: Mapping[Rank, CardRule] | None = None,
    *,
    threes_cancel_eights: bool = False,
    threes_rule: str = "seed",
) -> int:
    """The points a hand left at the end of a hand scores (K22-K24, V7).

    Each 3 cancels one other card, not a 3 (nor an 8 unless ``threes_cancel_eights``),
    highest-scoring first. With the seed's rule each 3 scores its own points and a hand
    of only threes scores -50 per three; with the published rule a 3 that cancels
    nothing scores -50.

    >>> from cardrules.cards import parse_cards
    >>> hand_points(parse_cards("AH 3C 3D 6S 7H 9C KD"))  # the seed's example
    37
    >>> hand_points(parse_cards("3C 3D")), hand_points(parse_cards("3C 8D"))
    (-100, 53)
    """
    if table is None:
        table = DEFAULT_CARD_TABLE
    points_of = _points_by_rank(table)
    threes = 0
    others = []
    cancellable = []
    for card in hand:
        rank = RANK_OF_INDEX[card]
        if rank == 3:
            threes += 1
            continue
        points = points_of[rank]
        others.append(points)
        if threes_cancel_eights or rank != 8:
            cancellable.append(points)
    if threes and not others:
        return _ALONE_THREE * threes
    cancellable.sort(reverse=True)
    cancelled = cancellable[:threes]
    total = sum(others) - sum(cancelled)
    three_points = points_of[3]
    if threes_rule == "published":
        return total + three_points * len(cancelled) + _ALONE_THREE * (threes - len(cancelled))
    return total + three_points * threes
