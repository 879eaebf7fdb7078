"""President's places: the title of each finishing place and what each place scores
for a deal.

>>> titles(4)
('President', 'Vice-President', 'Vice-Scum', 'Scum')
>>> titles(5)
('President', 'Vice-President', 'Citizen', 'Vice-Scum', 'Scum')
>>> place_points(4), deal_scores((2, 0, 3, 1), place_points(4))
((3, 2, 1, 0), (2, 0, 3, 1))
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["deal_scores", "place_points", "titles"]


def titles(players: int) -> tuple[str, ...]:
    """The title of each finishing place, first out first: the President and the Scum,
    the Vice-President and the Vice-Scum from four players, Citizens between."""
    if players < 4:
        return ("President", *("Citizen",) * (players - 2), "Scum")
    middle = ("Citizen",) * (players - 4)
    return ("President", "Vice-President", *middle, "Vice-Scum", "Scum")


def place_points(players: int) -> tuple[int, ...]:
    """The default points of each finishing place: ``players - 1`` for the President,
    one less for each place after, 0 for the Scum."""
    return tuple(range(players - 1, -1, -1))


def deal_scores(places: Sequence[int], points: Sequence[int]) -> tuple[int, ...]:
    """Each seat's score for a deal finished in the order ``places`` (first out first),
    the place ``i`` scoring ``points[i]``."""
    scores = [0] * len(places)
    for place, seat in enumerate(places):
        scores[seat] = points[place]
    return tuple(scores)
