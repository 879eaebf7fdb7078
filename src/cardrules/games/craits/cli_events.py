"""Craits events at the terminal: :class:`CraitsNarration`, the part of
:class:`~cardrules.games.craits.cli.CraitsAdapter` that tells what happened. The text of
every event is the library's (:func:`cardrules.narrate`); this adds what only the
human may know (the cards they drew, right after their draw), the reminder that the
lowest total wins, and how the human's hand made its score.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import cardrules as cr
from cardrules.cli.adapter import GameAdapter
from cardrules.cli.base import AnyGame
from cardrules.events import CardsDrawn, HandBlocked
from cardrules.games.craits.scoring import OUT_POINTS, hand_breakdown

__all__ = ["CraitsNarration", "hand_at_end"]


def hand_at_end(
    events: Sequence[cr.Event], scored: cr.HandScored, before: Any, human: int
) -> tuple[cr.Card, ...] | None:
    """The human's cards when the hand ``scored`` ended during the step of ``events``:
    their hand in their view ``before`` the step, less the cards they played in it
    before the score. ``None`` if the human drew cards in the step before the score
    (which cards, only the state knew: the next hand is dealt by now), or if
    ``before`` is from another hand.

    >>> import types
    >>> before = types.SimpleNamespace(hand_number=2, hand=cr.parse_cards("3C 9H 8D"))
    >>> scored = cr.HandScored(2, (43, -10), (60, 0))
    >>> hand_at_end([cr.CardPlayed(0, cr.Card.parse("8D")), scored], scored, before, 0)
    (Card.parse('3♣'), Card.parse('9♥'))
    >>> hand_at_end([cr.CardsDrawn(0, 1, "others_draw", 1), scored], scored, before, 0)
    """
    if getattr(before, "hand_number", None) != scored.number:
        return None
    played: Counter[cr.Card] = Counter()
    for event in events:
        if event is scored:
            break
        if isinstance(event, cr.CardPlayed) and event.seat == human:
            played[event.card] += 1
        elif isinstance(event, CardsDrawn) and event.seat == human and event.count:
            return None
    else:
        return None
    kept = []
    for card in before.hand:
        if played[card]:
            played[card] -= 1
        else:
            kept.append(card)
    return tuple(kept)


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
        options). Said only when the human's last cards are known from their view (not
        when they drew in the step that ended the hand) and the breakdown gives the
        score the game gave."""
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
