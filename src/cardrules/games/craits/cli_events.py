"""Craits events at the terminal: :class:`CraitsNarration`, the part of
:class:`~cardrules.games.craits.cli.CraitsAdapter` that tells what happened. The text of
every event is the library's (:func:`cardrules.narrate`); this adds what only the
human may know (the cards they drew, right after their draw, also in a step that ended
the hand), the reminder that the lowest total wins, and how the human's hand made its
score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

import cardrules as cr
from cardrules.events import CardsDrawn, HandBlocked, Reshuffled
from cardrules.games.craits.scoring import OUT_POINTS, hand_breakdown
from cardrules.shedding.terminal import SheddingAdapter, hand_at_end
from cardrules.terminal import AnyGame

__all__ = ["CraitsNarration", "DrawnAtEnd", "drawn_before_score"]


def drawn_before_score(
    state: Any, events: Sequence[cr.Event], human: int
) -> tuple[tuple[cr.Card, ...], cr.Event] | None:
    """The cards ``human`` drew in a step that ended a hand, before its score, and the
    last event that told a draw of theirs: read off the stock of ``state``, the full
    state the step was made from, since every draw takes the top cards of the stock, in
    the order the events tell the draws. ``None`` if the step scored no hand, the human
    drew nothing before the score, the stock was reshuffled before it (its new order is
    not in ``state``), or ``state`` has no stock to read.

    >>> game = cr.Craits(players=2)
    >>> state = game.position(["9C QS", "5S"], discard="JS", stock="KD 2H", to_move=1)
    >>> step = game.step(state, cr.Play("5S"))  # seat 1 goes out: seat 0 draws one card
    >>> drawn_before_score(state, step.events, human=0)
    ((Card.parse('K♦'),), CardsDrawn(seat=0, count=1, reason='others_draw', wanted=1))
    """
    stock = getattr(getattr(state, "table", None), "stock", None)
    if not isinstance(stock, tuple):
        return None
    taken = 0
    drawn: list[cr.Card] = []
    last: cr.Event | None = None
    for event in events:
        if isinstance(event, cr.HandScored):
            return (tuple(drawn), last) if last is not None else None
        if isinstance(event, Reshuffled):
            return None
        if isinstance(event, CardsDrawn) and event.count:
            cards = stock[taken : taken + event.count]
            if len(cards) < event.count:  # more than the stock held: a reshuffle
                return None
            taken += event.count
            if event.seat == human:
                drawn += cards
                last = event
    return None


@attrs.frozen
class DrawnAtEnd:
    """The human's ``view`` before a step that ended the hand, and the cards they drew
    in it before the score (``drawn``, from :func:`drawn_before_score`), which their
    view after the step cannot show: what :meth:`CraitsNarration.explain` gets as
    ``before`` then."""

    view: Any
    drawn: tuple[cr.Card, ...]


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

    def step_lines(
        self, game: AnyGame, state: Any, step: cr.Step[Any], before: Any, after: Any, human: int
    ) -> list[str]:
        """:meth:`~cardrules.terminal.GameAdapter.describe_step`, and when the human
        drew in a step that also ended the hand, the cards they drew (right after
        their draw) and how their hand made its score, as in any other step: read from
        the stock of ``state``, the full state before the step
        (:func:`drawn_before_score`), since their view after it shows the next hand.
        Nothing else of ``state`` is used."""
        found = drawn_before_score(state, step.events, human)
        if found is None:
            return super().step_lines(game, state, step, before, after, human)
        drawn, last = found
        return self.tell(
            step.events,
            human,
            game,
            before=DrawnAtEnd(before, drawn),
            private=[self.drawn_line(drawn)],
            private_after=last,
        )

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
        ``before`` the step, with the cards they drew in it if it ended the hand: a
        :class:`DrawnAtEnd`) and the breakdown gives the score the game gave."""
        if not isinstance(event, cr.HandScored) or before is None or game is None:
            return []
        if isinstance(before, DrawnAtEnd):
            hand = hand_at_end(events, event, before.view, human, drawn=before.drawn)
        else:
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
