"""How a deal of Oh Hell scores, from the bids and the tricks each player took
(:func:`deal_scores`), under each of :attr:`OhHell.scoring
<cardrules.games.oh_hell.rules.OhHell.scoring>`'s schemes."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["deal_scores", "seat_score"]


def seat_score(scoring: str, bid: int, won: int, per_trick: int = 1, bonus: int = 10) -> int:
    """What one player scores for a deal in which they bid ``bid`` and took ``won``
    tricks:

    - ``"exact"`` (Pagat's): a bid made scores ``bonus`` plus ``per_trick`` a trick, a
      bid missed nothing;
    - ``"tricks"``: every trick scores ``per_trick``, a bid made ``bonus`` more;
    - ``"penalty"``: a bid made scores as in ``"exact"``, a bid missed loses
      ``per_trick`` for each trick over or under it.

    >>> seat_score("exact", 3, 3), seat_score("exact", 3, 2)
    (13, 0)
    >>> seat_score("tricks", 3, 3), seat_score("tricks", 3, 2)
    (13, 2)
    >>> seat_score("penalty", 3, 3), seat_score("penalty", 3, 5, per_trick=2)
    (13, -4)
    """
    if won == bid:
        return per_trick * won + bonus
    if scoring == "tricks":
        return per_trick * won
    if scoring == "penalty":
        return -per_trick * abs(won - bid)
    return 0


def deal_scores(
    scoring: str, bids: Sequence[int], won: Sequence[int], per_trick: int = 1, bonus: int = 10
) -> tuple[int, ...]:
    """Every player's score for a deal (:func:`seat_score`), from the bids and the
    tricks taken, both in seat order.

    >>> deal_scores("exact", (1, 0, 2), (1, 1, 1))
    (11, 0, 0)
    """
    pairs = zip(bids, won, strict=True)
    # Written out for each scheme (once per deal of every game): seat_score's rules.
    if scoring == "exact":
        return tuple([per_trick * took + bonus if took == bid else 0 for bid, took in pairs])
    if scoring == "tricks":
        return tuple([per_trick * took + (bonus if took == bid else 0) for bid, took in pairs])
    return tuple([seat_score(scoring, bid, took, per_trick, bonus) for bid, took in pairs])
