"""Craits' scoring of the cards left in a hand (K22-K24, V7): the points
(:func:`hand_points`) and how they were made (:func:`hand_breakdown`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from cardrules._text import int_text
from cardrules.cards import RANK_OF_INDEX, Card, Rank
from cardrules.games.craits.tables import DEFAULT_CARD_TABLE
from cardrules.shedding.core import CardRule, CardTable
from cardrules.shedding.state import tables_for
from cardrules.values import Immutable

__all__ = ["ALONE_THREE_POINTS", "OUT_POINTS", "HandBreakdown", "hand_breakdown", "hand_points"]

ALONE_THREE_POINTS = -50
"""What a 3 scores instead of its own points in a hand of only threes (K24), or, under
the published rules, when it cancels nothing."""
OUT_POINTS = -10
"""What a player holding no cards at the end of a hand scores (K22)."""


def _points_by_rank(table: Mapping[Rank, CardRule]) -> tuple[int, ...]:
    """Each rank's points, indexed by rank value (2 … 14); a :class:`CardTable`'s are
    worked out once (its lookup tables are kept by the engine)."""
    if isinstance(table, CardTable):
        return tables_for(table).rank_points
    return (0, 0, *(table[Rank(rank)].points for rank in range(2, 15)))


def _reckon(
    hand: Iterable[Card],
    points_of: tuple[int, ...],
    threes_cancel_eights: bool,
    threes_rule: str,
) -> tuple[list[Card], list[tuple[int, Card]], list[tuple[int, Card]], int, int]:
    """The one reading of K22-K24 and V7 that :func:`hand_points` and
    :func:`hand_breakdown` share. With ``points_of`` (each rank's points, by rank
    value): the hand's threes; every other card with its points; the cards the threes
    cancel, highest-scoring first, with their points; how many threes score
    :data:`ALONE_THREE_POINTS` instead of their own points (the last ones); and the
    total."""
    threes: list[Card] = []
    others: list[tuple[int, Card]] = []
    for card in hand:
        rank = RANK_OF_INDEX[card]
        if rank == 3:
            threes.append(card)
        else:
            others.append((points_of[rank], card))
    total = 0
    for points, _ in others:
        total += points
    if not threes:
        return threes, others, [], 0, total
    if not others:
        return threes, others, [], len(threes), ALONE_THREE_POINTS * len(threes)
    cancellable = [
        scored for scored in others if threes_cancel_eights or RANK_OF_INDEX[scored[1]] != 8
    ]
    cancellable.sort(key=_points, reverse=True)  # stable: equal points keep hand order
    cancelled = cancellable[: len(threes)]
    alone = len(threes) - len(cancelled) if threes_rule == "published" else 0
    for points, _ in cancelled:
        total -= points
    total += points_of[3] * (len(threes) - alone) + ALONE_THREE_POINTS * alone
    return threes, others, cancelled, alone, total


def _points(scored: tuple[int, Card]) -> int:
    return scored[0]


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
    nothing scores -50. :func:`hand_breakdown` says how the points were made.

    >>> from cardrules.cards import parse_cards
    >>> hand_points(parse_cards("AH 3C 3D 6S 7H 9C KD"))  # the seed's example
    37
    >>> hand_points(parse_cards("3C 3D")), hand_points(parse_cards("3C 8D"))
    (-100, 53)
    """
    points_of = _points_by_rank(DEFAULT_CARD_TABLE if table is None else table)
    return _reckon(hand, points_of, threes_cancel_eights, threes_rule)[-1]


@attrs.frozen
class HandBreakdown(Immutable):
    """How :func:`hand_points` scored a hand: each card with its points in the card
    table (``cards``), the threes with the cards they cancel (``cancels``, each pair a
    3 and the card it cancels, which scores nothing), the threes that score
    -50 (``ALONE_THREE_POINTS``) instead of their own points (``alone``), and the
    ``total``.

    ``str()`` tells it in words, e.g. for a player who wants to check their score.
    """

    cards: tuple[tuple[Card, int], ...]
    cancels: tuple[tuple[Card, Card], ...]
    alone: tuple[Card, ...]
    total: int

    @property
    def in_cards(self) -> int:
        """The points of every card, before threes cancel anything."""
        return sum(points for _, points in self.cards)

    def __str__(self) -> str:
        if not self.cards:
            return "no cards: 0"
        points = dict(self.cards)
        listed = " + ".join(f"{card} {int_text(value)}" for card, value in self.cards)
        parts = [
            f"{listed} = {int_text(self.in_cards)} in cards" if len(self.cards) > 1 else listed
        ]
        for three, card in self.cancels:
            parts.append(f"{three} cancels {card} (-{int_text(points[card])})")
        if self.alone:
            threes = " ".join(map(str, self.alone))
            why = (
                "a hand of only threes"
                if len(self.alone) == len(self.cards)
                else "nothing cancelled"
            )
            parts.append(
                f"{threes}: {why}, {int_text(ALONE_THREE_POINTS)} each instead of "
                f"{int_text(points[self.alone[0]])}"
            )
        return "; ".join(parts) + f": {int_text(self.total)}"


def hand_breakdown(
    hand: Iterable[Card],
    table: Mapping[Rank, CardRule] | None = None,
    *,
    threes_cancel_eights: bool = False,
    threes_rule: str = "seed",
) -> HandBreakdown:
    """How the cards left in a hand score, step by step: the same options and the same
    reading as :func:`hand_points`, whose result is the breakdown's ``total``.

    >>> from cardrules.cards import parse_cards
    >>> breakdown = hand_breakdown(parse_cards("AH 3C 3D 6S 7H 9C KD"))  # the seed's example
    >>> breakdown.in_cards, breakdown.cancels, breakdown.total
    (107, ((Card.parse('3♣'), Card.parse('9♣')), (Card.parse('3♦'), Card.parse('6♠'))), 37)
    >>> print(hand_breakdown(parse_cards("3C 9H 8D 2S 4H")))
    3♣ 3 + 9♥ 40 + 8♦ 50 + 2♠ 20 + 4♥ 20 = 133 in cards; 3♣ cancels 9♥ (-40): 93
    >>> print(hand_breakdown(parse_cards("3C 3D")))
    3♣ 3 + 3♦ 3 = 6 in cards; 3♣ 3♦: a hand of only threes, -50 each instead of 3: -100
    """
    hand = tuple(hand)
    points_of = _points_by_rank(DEFAULT_CARD_TABLE if table is None else table)
    threes, _, cancelled, alone, total = _reckon(hand, points_of, threes_cancel_eights, threes_rule)
    cards = tuple((card, points_of[RANK_OF_INDEX[card]]) for card in hand)
    cancels = tuple(zip(threes, (card for _, card in cancelled), strict=False))
    return HandBreakdown(cards, cancels, tuple(threes[len(threes) - alone :]), total)
