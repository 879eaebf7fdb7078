"""The words of events' texts (:mod:`cardrules.events`): how seats are named for the
seat that reads a text, and a few phrases (numbers of cards, directions, signed
points)."""

from __future__ import annotations

from collections.abc import Iterable

from cardrules._text import int_text, shown
from cardrules.errors import EventError, SeatError

__all__ = ["Wording", "cards_text", "direction_text", "signed", "wording"]


class Wording:
    """How an event's text names seats for the seat that reads it (``viewer``, or
    ``None`` for nobody in particular), and what the game calls one deal."""

    __slots__ = ("deal", "viewer")

    def __init__(self, viewer: int | None, deal: str) -> None:
        self.viewer = viewer
        self.deal = deal

    def who(self, seat: int) -> str:
        """``"you"`` for the viewer, ``"seat N"`` for any other seat."""
        return "you" if seat == self.viewer else f"seat {seat}"

    def first(self, seat: int) -> str:
        """:meth:`who` at the start of a sentence."""
        name = self.who(seat)
        return name[:1].upper() + name[1:]

    def verb(self, seat: int, base: str, third: str | None = None) -> str:
        """``base`` for the viewer ("you play"), else its third person ("seat 1
        plays"); ``third`` defaults to ``base + "s"``."""
        return base if seat == self.viewer else (third or base + "s")

    def does(self, seat: int, base: str, third: str | None = None) -> str:
        """The seat and its verb, to start a sentence: ``"You play"``, ``"Seat 1
        plays"``."""
        return f"{self.first(seat)} {self.verb(seat, base, third)}"

    def scores(self, scores: Iterable[int]) -> str:
        """``"you 3, seat 1 -1"``."""
        return ", ".join(f"{self.who(seat)} {int_text(score)}" for seat, score in enumerate(scores))


def wording(seat: int | None, deal_word: str) -> Wording:
    """The words for ``seat`` and ``deal_word``, checked."""
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or seat < 0):
        raise SeatError(f"seat must be an int from 0 up, or None for a log, not {shown(seat)}")
    if not isinstance(deal_word, str) or not deal_word.strip():
        raise EventError(
            f'deal_word must be a word such as "hand" or "round", not {shown(deal_word)}'
        )
    return Wording(seat, deal_word.strip())


def cards_text(count: int) -> str:
    """A number of cards in words.

    >>> cards_text(1), cards_text(3)
    ('1 card', '3 cards')
    """
    return "1 card" if count == 1 else f"{int_text(count)} cards"


def direction_text(direction: int) -> str:
    """A direction of play in words.

    >>> direction_text(1), direction_text(-1)
    ('clockwise', 'counter-clockwise')
    """
    return "clockwise" if direction > 0 else "counter-clockwise"


def signed(value: int) -> str:
    """``"+3"``, ``"-1"``, ``"+0"``."""
    return int_text(value) if value < 0 else "+" + int_text(value)
