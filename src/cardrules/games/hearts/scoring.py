"""Hearts' scoring: what a trick is worth to its winner (:func:`trick_points`) and what
a deal scores once its tricks are taken (:func:`deal_scores`: shooting the moon, the
bonus for taking no trick).

Points are bad: each heart taken scores 1, Q♠ 13, and J♦ -10 when it counts; the
lowest total wins.

>>> from cardrules.cards import parse_cards
>>> trick_points(parse_cards("QS 2H 3H KS"), jack_of_diamonds=False)
15
>>> trick_points(parse_cards("JD 2H 3D AD"), jack_of_diamonds=True)
-9
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import CARD_BIT, SUIT_MASK, Card, Suit, mask_of

__all__ = [
    "JACK_OF_DIAMONDS",
    "JACK_POINTS",
    "MOON_POINTS",
    "MOON_RULES",
    "NO_TRICKS_POINTS",
    "POINT_CARDS",
    "QUEEN_OF_SPADES",
    "QUEEN_POINTS",
    "deal_scores",
    "moon_shooter",
    "trick_points",
]

QUEEN_OF_SPADES = Card.parse("QS")
JACK_OF_DIAMONDS = Card.parse("JD")
QUEEN_POINTS = 13
"""What Q♠ scores to the player who takes it."""
JACK_POINTS = -10
"""What J♦ scores to the player who takes it, when it counts (``jack_of_diamonds``)."""
MOON_POINTS = 26
"""The points of every heart and Q♠ together: what shooting the moon moves."""
NO_TRICKS_POINTS = -5
"""What a player who takes no trick scores, with ``no_tricks_bonus``."""
MOON_RULES = ("add_to_others", "subtract_from_shooter")
"""How shooting the moon scores: 26 added to each other player (the shooter's own 26
taken off), or 26 taken off the shooter instead of its 26 added."""

_HEARTS = SUIT_MASK[Suit.HEARTS]
_QUEEN = CARD_BIT[QUEEN_OF_SPADES]
_JACK = CARD_BIT[JACK_OF_DIAMONDS]
POINT_CARDS = _HEARTS | _QUEEN
"""The cards (a mask) a player must take all of to shoot the moon: 13 hearts and Q♠."""


def trick_points(cards: Sequence[Card], *, jack_of_diamonds: bool) -> int:
    """The points of a trick made of ``cards``: 1 a heart, 13 Q♠, and -10 J♦ if
    ``jack_of_diamonds``."""
    mask = mask_of(cards)
    points = (mask & _HEARTS).bit_count()
    if mask & _QUEEN:
        points += QUEEN_POINTS
    if jack_of_diamonds and mask & _JACK:
        points += JACK_POINTS
    return points


def moon_shooter(taken: Sequence[int]) -> int | None:
    """The seat that took every heart and Q♠, from the cards each seat took (masks,
    one per seat), or ``None``.

    >>> moon_shooter([0, POINT_CARDS, 1, 0]), moon_shooter([_QUEEN, _HEARTS, 0, 0])
    (1, None)
    """
    takers = [seat for seat, cards in enumerate(taken) if cards & POINT_CARDS]
    return takers[0] if len(takers) == 1 else None


def deal_scores(
    points: Sequence[int], taken: Sequence[int], *, moon: str, no_tricks_bonus: bool
) -> tuple[int, ...]:
    """What each seat scores for a deal, from the points of the tricks it won
    (``points``) and the cards it took (``taken``, masks).

    A player who shoots the moon (takes every heart and Q♠) scores its trick points
    less 26 (0, or -10 with J♦) and each other player 26 more (``moon="add_to_others"``);
    or, with ``moon="subtract_from_shooter"``, the shooter scores its trick points less
    52 (-26, or -36 with J♦) and the others what they took. Otherwise, with
    ``no_tricks_bonus``, a player who took no trick scores -5.

    >>> deal_scores((26, 0, 0, 0), (POINT_CARDS, 0, 0, 0), moon="add_to_others",
    ...             no_tricks_bonus=False)
    (0, 26, 26, 26)
    >>> deal_scores((26, 0, 0, 0), (POINT_CARDS, 0, 0, 0), moon="subtract_from_shooter",
    ...             no_tricks_bonus=True)
    (-26, 0, 0, 0)
    >>> deal_scores((13, 13, 0, 0), (_QUEEN, _HEARTS, 1, 0), moon="add_to_others",
    ...             no_tricks_bonus=True)
    (13, 13, 0, -5)
    """
    shooter = moon_shooter(taken)
    if shooter is not None:
        if moon == "subtract_from_shooter":
            return tuple(
                p - 2 * MOON_POINTS if seat == shooter else p for seat, p in enumerate(points)
            )
        return tuple(
            p - MOON_POINTS if seat == shooter else p + MOON_POINTS for seat, p in enumerate(points)
        )
    if not no_tricks_bonus:
        return tuple(points)
    return tuple(p + NO_TRICKS_POINTS * (not taken[seat]) for seat, p in enumerate(points))
