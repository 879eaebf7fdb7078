"""Crazy Eights' scoring: what a card left in hand is worth, and what each player
scores for a hand, under the game's ``card_points`` and ``scoring`` options.

>>> from cardrules.cards import parse_cards
>>> [card_points(card) for card in parse_cards("8S KD 10C 7H AS")]
[50, 10, 10, 7, 1]
>>> hands = (parse_cards("8S 3C"), (), parse_cards("KD AS"))
>>> hand_scores(hands, blocked=False)        # seat 1 went out and collects 53 + 11
(0, 64, 0)
>>> hand_scores(hands, blocked=False, scoring="penalty")
(-53, 0, -11)
"""

from __future__ import annotations

from typing import Literal

from cardrules.cards import ALL_CARDS, Card, Rank

__all__ = ["CARD_POINTS", "SCORING", "CardPoints", "Scoring", "card_points", "hand_scores"]

CardPoints = Literal["face", "openspiel"]
Scoring = Literal["winner_collects", "penalty"]
CARD_POINTS: tuple[CardPoints, ...] = ("face", "openspiel")
"""The values of ``card_points``: what a card left in hand is worth."""
SCORING: tuple[Scoring, ...] = ("winner_collects", "penalty")
"""The values of ``scoring``: who scores a hand."""


def card_points(card: Card, values: CardPoints = "face") -> int:
    """What ``card`` is worth left in a hand. An eight is 50 and a king, queen or jack
    10 either way. ``"face"`` (as people count): an ace 1, any other card its pip value.
    ``"openspiel"`` (OpenSpiel's code): an ace 10, and a 2 to a 10 its OpenSpiel action
    id + 2, which is rank index x 4 + suit index + 2 with the suits ordered clubs,
    diamonds, hearts, spades (2♣ 2, 2♠ 5, 10♠ 37).

    >>> from cardrules.cards import parse_cards
    >>> [card_points(card, "openspiel") for card in parse_cards("2C 2S 10S AS 8D")]
    [2, 5, 37, 10, 50]
    """
    rank = card.rank
    if rank == Rank.EIGHT:
        return 50
    if rank == Rank.ACE:
        return 1 if values == "face" else 10
    if rank >= Rank.JACK:
        return 10
    if values == "face":
        return int(rank)
    return (rank - 2) * 4 + int(card.suit) + 2


_POINTS: dict[str, tuple[int, ...]] = {
    values: tuple(card_points(card, values) for card in ALL_CARDS) for values in CARD_POINTS
}


def hand_scores(
    hands: tuple[tuple[Card, ...], ...],
    blocked: bool,
    *,
    card_values: CardPoints = "face",
    scoring: Scoring = "winner_collects",
) -> tuple[int, ...]:
    """What each seat scores for a hand that ended with these ``hands`` (``blocked``:
    nobody went out).

    ``"winner_collects"``: the player who went out scores the points of every card left
    in the others' hands. When nobody went out (a blocked hand), the player with the
    fewest points in hand scores the difference between each other hand and theirs;
    players tied for fewest each score it. Everybody else scores 0.
    ``"penalty"`` (OpenSpiel's returns): each player scores minus the points in their
    own hand, whoever went out.

    >>> from cardrules.cards import parse_cards
    >>> hand_scores((parse_cards("9C 3C"), parse_cards("KD"), parse_cards("2H")), True)
    (0, 0, 18)
    """
    points = _POINTS[card_values]
    held = [sum(map(points.__getitem__, hand)) for hand in hands]
    if scoring == "penalty":
        return tuple(-total for total in held)
    out = [seat for seat, hand in enumerate(hands) if not hand]
    if out and not blocked:
        return tuple(sum(held) if seat == out[0] else 0 for seat in range(len(hands)))
    lowest = min(held)
    difference = sum(held) - lowest * len(held)
    return tuple(difference if total == lowest else 0 for total in held)
