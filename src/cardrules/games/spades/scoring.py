"""How a deal of Spades scores, side by side: each side's contract, its Nil bids, its
bags (overtricks) and their penalty (:func:`score_side`, one :class:`SideScore` each),
and OpenSpiel's bonus on a deal's scores (:func:`deal_bonuses`).

A side's deal is scored from the bids of its two seats, the tricks each took and the
bags the side carried in from the deals before:

* the **contract** is the sum of the bids that are not Nil. Taking at least that many
  tricks scores 10 a trick bid, and each trick over is a bag worth 1; taking fewer
  loses 10 a trick bid (a *set*). The tricks of a Nil bidder count toward it only as
  the rules' ``nil_tricks`` says;
* each **Nil** scores ``nil_points`` if its bidder takes no trick and loses as many if
  they take any; a **Blind Nil** the same with ``blind_nil_points``;
* the side's **bags** add up from deal to deal; each time they reach ``bag_limit``,
  that many are taken off and the side loses ``bag_penalty``.

>>> side = score_side(bids=(4, 2), blind=(False, False), tricks=(5, 3), bags_before=9,
...                   nil_tricks="ignored", nil_points=100, blind_nil_points=200,
...                   bag_limit=10, bag_penalty=100)
>>> side.contract, side.points_for_contract, side.new_bags, side.penalty, side.bags_after
(6, 60, 2, -100, 1)
>>> side.total
-38
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

__all__ = ["NilResult", "SideScore", "deal_bonuses", "score_side"]


@attrs.frozen
class NilResult:
    """A Nil bid of one seat of the side, scored: ``index`` is 0 for the side's first
    seat (seat 0 or 1), 1 for its partner."""

    index: int
    blind: bool
    tricks: int
    points: int

    @property
    def made(self) -> bool:
        """Whether the bidder took no trick."""
        return self.tricks == 0


@attrs.frozen
class SideScore:
    """One side's deal, scored: what each part is worth, and the bags it leaves."""

    contract: int
    """The tricks bid by the side's seats that did not bid Nil."""
    tricks: int
    """The tricks that count toward the contract."""
    points_for_contract: int
    """10 a trick bid if made, minus that if set (0 with no contract and no trick)."""
    new_bags: int
    """Bags taken this deal (each also worth a point)."""
    nils: tuple[NilResult, ...]
    """The side's Nil and Blind Nil bids."""
    bags_before: int
    """The bags the side carried into the deal."""
    penalty: int
    """What the bags that reached the limit cost (0 or negative)."""
    bags_after: int
    """The bags carried into the next deal (after any penalty)."""
    bonus: int = 0
    """OpenSpiel's bonus (or loss) on the deal's score, if the rules give one."""

    @property
    def made(self) -> bool:
        """Whether the side took at least its contract."""
        return self.tricks >= self.contract

    @property
    def nil_points(self) -> int:
        """What the side's Nil bids scored together."""
        return sum(nil.points for nil in self.nils)

    @property
    def total(self) -> int:
        """The side's score for the deal."""
        return (
            self.points_for_contract + self.new_bags + self.nil_points + self.penalty + self.bonus
        )


def score_side(
    *,
    bids: Sequence[int],
    blind: Sequence[bool],
    tricks: Sequence[int],
    bags_before: int,
    nil_tricks: str,
    nil_points: int,
    blind_nil_points: int,
    bag_limit: int | None,
    bag_penalty: int,
) -> SideScore:
    """The deal of one side, from its two seats' ``bids`` (0 is Nil), which of them bid
    Blind Nil (``blind``), the ``tricks`` each took, and the bags it carried in.

    ``nil_tricks`` says what a Nil bidder's tricks do: ``"ignored"`` (they count for
    nothing but the failed Nil), ``"as_bags"`` (each is a bag of the side, made contract or
    not) or ``"count"`` (they count toward the partner's contract, and as bags beyond
    it: OpenSpiel's code).

    >>> score_side(bids=(0, 3), blind=(True, False), tricks=(1, 4), bags_before=0,
    ...            nil_tricks="as_bags", nil_points=100, blind_nil_points=200,
    ...            bag_limit=10, bag_penalty=100).total  # 30 + 1 bag + 1 bag - 200
    -168
    """
    contract = counted = nil_bags = 0
    nils = []
    for index, (bid, took) in enumerate(zip(bids, tricks, strict=True)):
        if bid:
            contract += bid
            counted += took
            continue
        value = blind_nil_points if blind[index] else nil_points
        nils.append(NilResult(index, blind[index], took, -value if took else value))
        if nil_tricks == "count":
            counted += took
        elif nil_tricks == "as_bags":
            nil_bags += took
    if counted >= contract:
        points, new_bags = 10 * contract, counted - contract + nil_bags
    else:
        points, new_bags = -10 * contract, nil_bags
    bags_after, penalty = bags_before + new_bags, 0
    if bag_limit is not None:
        times, bags_after = divmod(bags_after, bag_limit)
        penalty = -bag_penalty * times
    return SideScore(
        contract, counted, points, new_bags, tuple(nils), bags_before, penalty, bags_after
    )


def deal_bonuses(
    totals: Sequence[int], bonus: int, bonus_at: int, forfeit_at: int
) -> tuple[int, int]:
    """OpenSpiel's bonus on the two sides' deal scores ``totals`` (its code's
    arithmetic): in turn, the first side then the second, a side whose deal score is at
    least ``bonus_at`` and above the other's gains ``bonus``; else one whose score is at
    most ``forfeit_at`` (unless that is 0) and below the other's loses it. The second
    side is compared with the first's score after its bonus.

    >>> deal_bonuses((60, 25), 70, 40, -60)
    (70, 0)
    >>> deal_bonuses((-80, 25), 70, 40, -60)   # -80: at most -60 and behind
    (-70, 0)
    >>> deal_bonuses((-80, 25), 70, 40, 0)     # 0: nobody loses it
    (0, 0)
    """
    scores = list(totals)
    for side in (0, 1):
        other = scores[1 - side]
        if scores[side] >= bonus_at and scores[side] > other:
            scores[side] += bonus
        elif forfeit_at and scores[side] <= forfeit_at and scores[side] < other:
            scores[side] -= bonus
    return scores[0] - totals[0], scores[1] - totals[1]
