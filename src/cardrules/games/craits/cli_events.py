"""Craits events at the terminal: :class:`CraitsNarration`, the part of
:class:`~cardrules.games.craits.cli.CraitsAdapter` that tells what happened. The text of
every event is the library's (:func:`cardrules.narrate`: the human's draws name their
cards); this adds the reminder that the lowest total wins, and how the human's hand
made its score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cardrules as cr
from cardrules.games.craits.scoring import OUT_POINTS, hand_breakdown
from cardrules.shedding.events import HandBlocked
from cardrules.shedding.terminal import SheddingAdapter, hand_at_end
from cardrules.terminal import AnyGame

__all__ = ["CraitsNarration"]


class CraitsNarration(SheddingAdapter):
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

    def explain(
        self,
        event: cr.Event,
        events: Sequence[cr.Event],
        before: Any,
        human: int,
        game: AnyGame | None,
    ) -> list[str]:
        """How the human's hand made its score at the end of a hand: each card's
        points, the cards the threes cancel, threes alone
        (:func:`~cardrules.games.craits.scoring.hand_breakdown`, under the game's
        options). Said only when the human's last cards are known (from their view
        ``before`` the step, with the cards their draws in it named, if it ended the
        hand) and the breakdown gives the score the game gave."""
        if not isinstance(event, cr.HandScored) or before is None or game is None:
            return []
        hand = hand_at_end(events, event, before, human)
        table = getattr(game, "card_table", None)
        if hand is None or table is None:
            return []
        score = event.hand_scores[human]
        if not hand and score == OUT_POINTS:
            return [f"  Your hand: no cards left: {OUT_POINTS}."]
        breakdown = hand_breakdown(
            hand,
            table,
            threes_cancel_eights=getattr(game, "threes_cancel_eights", False),
            threes_rule=getattr(game, "threes_rule", "seed"),
        )
        if breakdown.total != score:  # scored otherwise (a game of its own)
            return []
        return [f"  Your hand: {breakdown}."]
