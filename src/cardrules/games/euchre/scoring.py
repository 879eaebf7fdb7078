"""How a deal of Euchre scores: what the makers' tricks are worth
(:func:`makers_points`), and the points of each seat (:func:`seat_points`).

>>> makers_points(4, maker_alone=False, defender_alone=False)
1
>>> makers_points(5, maker_alone=True, defender_alone=False)   # a lone march
4
>>> makers_points(2, maker_alone=False, defender_alone=False)  # euchred: the defenders score 2
-2
>>> seat_points(-2, maker=1, zero_sum=False)
(2, 0, 2, 0)
"""

from __future__ import annotations

__all__ = ["MADE", "MARCH", "makers_points", "seat_points"]

MADE = 3
"""The tricks the makers must take to score."""
MARCH = 5
"""All the tricks of a deal: a *march*."""


def makers_points(
    taken: int, *, maker_alone: bool, defender_alone: bool, super_euchre: bool = False
) -> int:
    """What the makers' ``taken`` tricks are worth: positive, the points the makers
    score; negative, the points the defenders score (the makers were *euchred*).

    - 3 or 4 tricks: 1 point to the makers, whether the maker went alone or not;
    - all 5 (a *march*): 2 points, 4 if the maker went alone;
    - fewer than 3: 2 points to the defenders, 4 if a defender went alone, or, with
      ``super_euchre``, if the makers took no trick at all (the two never add up).

    >>> makers_points(0, maker_alone=False, defender_alone=False, super_euchre=True)
    -4
    >>> makers_points(1, maker_alone=True, defender_alone=True)
    -4
    """
    if taken >= MARCH:
        return 4 if maker_alone else 2
    if taken >= MADE:
        return 1
    if defender_alone or (super_euchre and taken == 0):
        return -4
    return -2


def seat_points(points: int, *, maker: int, zero_sum: bool) -> tuple[int, int, int, int]:
    """The deal's points for each seat, partners alike, from :func:`makers_points`'
    ``points`` and the seat of the ``maker``: the side that earned them scores them
    and the other nothing; with ``zero_sum`` (OpenSpiel's returns) the makers get
    ``points`` and the defenders their opposite, whoever earned them.

    >>> seat_points(1, maker=2, zero_sum=False), seat_points(1, maker=2, zero_sum=True)
    ((1, 0, 1, 0), (1, -1, 1, -1))
    >>> seat_points(-4, maker=0, zero_sum=True)
    (-4, 4, -4, 4)
    """
    makers = points if zero_sum else max(points, 0)
    defenders = -points if zero_sum else max(-points, 0)
    if maker % 2 == 0:
        return (makers, defenders, makers, defenders)
    return (defenders, makers, defenders, makers)
