"""Craits events at the terminal: :class:`CraitsNarration`, the part of
:class:`~cardrules.cli.craits.CraitsAdapter` that tells what happened. The text of
every event is the library's (:func:`cardrules.narrate`); this adds what only the
human may know (the cards they drew, right after their draw) and the reminder that the
lowest total wins.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import cardrules as cr
from cardrules.cli.adapter import GameAdapter
from cardrules.cli.base import AnyGame
from cardrules.events import CardsDrawn, HandBlocked

__all__ = ["CraitsNarration"]


class CraitsNarration(GameAdapter):
    """Craits events in words (see the module documentation)."""

    def event_lines(
        self, event: cr.Event, text: str, human: int, game: AnyGame | None
    ) -> list[str]:
        """The library's text, with what Craits adds: the lowest total wins (with the
        scores), and a blocked hand scores every card held and no -10 (K21)."""
        if isinstance(event, cr.HandScored):
            return ["", f"{text} (The lowest total wins.)"]
        if isinstance(event, cr.GameOver):
            return ["", text, "(The lowest total wins.)"]
        if isinstance(event, HandBlocked):
            return [f"  {text} Everyone scores the cards they hold, and nobody scores -10."]
        return super().event_lines(event, text, human, game)

    def private_news_after(self, event: cr.Event, human: int) -> bool:
        """The cards the human drew come right after their draw, not after the whole
        step (which may go on to the end of the hand or of the game)."""
        return isinstance(event, CardsDrawn) and event.seat == human and event.count > 0

    def describe_change(self, before: Any, after: Any, human: int) -> list[str]:
        """The cards the human drew (private: the events only say how many)."""
        if before.hand_number != after.hand_number:
            return []
        drawn = Counter(after.hand) - Counter(before.hand)
        if not drawn:
            return []
        return [f"  (You drew {cr.format_cards(sorted(drawn.elements()))}.)"]
