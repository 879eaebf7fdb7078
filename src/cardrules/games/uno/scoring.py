"""UNO's scoring: what a card left in hand is worth, and what each player scores for a
hand, under the game's ``scoring`` option.

>>> from cardrules.decks import UNO_108
>>> [card_points(card) for card in UNO_108.parse_cards("R7 G0 BS Y+2 W W+4")]
[7, 0, 20, 20, 50, 50]
>>> hands = (UNO_108.parse_cards("R7 W"), (), UNO_108.parse_cards("BS"))
>>> hand_scores(hands, blocked=False)      # seat 1 went out: 57 + 20
(0, 77, 0)
>>> hand_scores(hands, blocked=False, scoring="rlcard")
(-1, 1, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from cardrules.decks import UNO_108

__all__ = ["SCORING", "Scoring", "card_points", "hand_scores"]

Scoring = Literal["points", "rlcard"]
SCORING: tuple[Scoring, ...] = ("points", "rlcard")
"""The values of ``scoring``: ``"points"`` (the player out collects the others' card
points) or ``"rlcard"`` (RLCard's returns: +1 for the winner, -1 for seat
``(1 - winner) % players``)."""

_POINTS: tuple[int, ...] = tuple(kind.value for kind in UNO_108.kinds)


def card_points(card: int) -> int:
    """What a card of :data:`~cardrules.decks.UNO_108` is worth left in a hand: a number
    card its number, a skip, reverse or draw two 20, a wild or wild draw four 50
    (Mattel's rules).

    >>> from cardrules.decks import UNO_108
    >>> card_points(UNO_108.parse("Y9")), card_points(UNO_108.parse("GR"))
    (9, 20)
    """
    return _POINTS[card]


def hand_scores(
    hands: Sequence[Sequence[int]], blocked: bool, *, scoring: Scoring = "points"
) -> tuple[int, ...]:
    """What each seat scores for a hand that ended with these ``hands`` (``blocked``:
    nobody went out).

    ``"points"``: the player who went out scores the points of every card left in the
    others' hands, everybody else 0. A blocked hand (nobody can play or draw) scores 0
    for everyone (library decision: the official rules have no blocked hand).
    ``"rlcard"`` (RLCard 1.2.0's ``get_payoffs``): the winner scores +1 and seat
    ``(1 - winner) % players`` scores -1, everybody else 0: with two players the
    loser, with more seat 1 when seat 0 wins, seat 0 when seat 1 wins, the last seat
    when seat 2 wins and so on, and the winner itself (who then scores -1) when
    ``2 * winner - 1`` is a multiple of the number of players (seat 2 of 3). A blocked
    hand scores 0 for everyone (RLCard has no winner then).

    >>> from cardrules.decks import UNO_108
    >>> hands = (UNO_108.parse_cards("R1"), UNO_108.parse_cards("R2"), ())
    >>> hand_scores(hands, blocked=False, scoring="rlcard")
    (0, 0, -1)
    >>> hand_scores(hands, blocked=True)
    (0, 0, 0)
    """
    players = len(hands)
    out = [seat for seat, hand in enumerate(hands) if not hand]
    scores = [0] * players
    if blocked or not out:
        return tuple(scores)
    winner = out[0]
    if scoring == "rlcard":
        scores[winner] = 1
        scores[(1 - winner) % players] = -1
        return tuple(scores)
    scores[winner] = sum(_POINTS[card] for hand in hands for card in hand)
    return tuple(scores)
