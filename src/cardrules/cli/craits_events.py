"""Craits events told in words at the terminal: :class:`CraitsNarration`, the part of
:class:`~cardrules.cli.craits.CraitsAdapter` that narrates what happened (cards drawn
and why, with the human's own cards privately right after their draw, reshuffles and
their penalty, skips, reversals, playing again, the count, suits named,
announcements, idiot calls, scores).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import cardrules as cr
from cardrules._text import int_text
from cardrules.cli.adapter import GameAdapter
from cardrules.cli.base import AnyGame
from cardrules.events import (
    CardsDrawn,
    CardTurnedUp,
    CountEnded,
    CountRaised,
    CountStarted,
    DirectionChanged,
    HandBlocked,
    IdiotCalled,
    OneCardAnnounced,
    Reshuffled,
    SuitNamed,
    TurnForfeited,
    TurnSkipped,
)

__all__ = ["CraitsNarration", "cards_text", "direction_text"]

_DRAW_REASONS = {
    "cannot_play": "cannot play",
    "count": "for the count",
    "others_draw": "{card} makes every other player draw",
    "two_along_draws": "{card} makes the player two seats along draw",
    "idiot": 'the "idiot" penalty',
}


def cards_text(count: int) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return "1 card" if count == 1 else f"{count} cards"


def direction_text(direction: int) -> str:
    """``"clockwise"`` or ``"counter-clockwise"``."""
    return "clockwise" if direction > 0 else "counter-clockwise"


class CraitsNarration(GameAdapter):
    """Craits events in words (see the module documentation)."""

    def describe_events(
        self, events: Sequence[cr.Event], human: int, game: AnyGame | None = None
    ) -> list[str]:
        """Each event in words; the suit named and "one card" said with a play are told
        on the play's line (and the card played only there), draws a card causes name
        the card, and a card that lets its player play again says so."""
        return self._describe(events, human, [])

    def describe_step(
        self,
        events: Sequence[cr.Event],
        before: Any,
        after: Any,
        human: int,
        game: AnyGame | None = None,
    ) -> list[str]:
        """The events in words, with the cards the human drew (:meth:`describe_change`)
        right after the line of their own draw, not after the whole step (which may go
        on to the end of the hand or of the game)."""
        return self._describe(events, human, self.describe_change(before, after, human))

    def _describe(self, events: Sequence[cr.Event], human: int, private: list[str]) -> list[str]:
        """The lines of ``events``, with ``private`` after the human's last draw (at the
        end if they did not draw)."""
        lines: list[str] = []
        play: tuple[int, cr.Play] | None = None
        card: cr.Card | None = None
        after_draw: int | None = None
        for event in events:
            if isinstance(event, cr.MovePlayed) and isinstance(event.move, cr.Play):
                play = (event.seat, event.move)
                card = event.move.card
            elif isinstance(event, CardTurnedUp):
                card = event.card
            elif isinstance(event, cr.CardPlayed):
                continue  # told by the play's line
            elif play is not None and (
                (
                    isinstance(event, SuitNamed)
                    and event.seat == play[0]
                    and play[1].suit is not None
                )
                or (isinstance(event, OneCardAnnounced) and event.seat == play[0])
            ):
                continue
            if isinstance(event, CardsDrawn):
                lines.append("  " + self._draw_line(event, human, card))
                if event.seat == human and event.count:
                    after_draw = len(lines)
            else:
                lines.extend(self.describe_event(event, human))
        at = len(lines) if after_draw is None else after_draw
        return [*lines[:at], *private, *lines[at:]]

    def describe_change(self, before: Any, after: Any, human: int) -> list[str]:
        """The cards the human drew (private: the events only say how many)."""
        if before.hand_number != after.hand_number:
            return []
        drawn = Counter(after.hand) - Counter(before.hand)
        if not drawn:
            return []
        return [f"  (You drew {cr.format_cards(sorted(drawn.elements()))}.)"]

    def describe_event(self, event: cr.Event, human: int) -> list[str]:
        """One event in words."""
        line = self._event_line(event, human)
        if line is not None:
            return [f"  {line}"]
        if isinstance(event, cr.MovePlayed):
            return []  # draws, calls, named suits and announcements: told by their events
        if isinstance(event, cr.HandScored):
            return [
                "",
                f"End of hand {event.number}. "
                f"This hand: {self.score_line(event.hand_scores, human)}",
                f"Totals: {self.score_line(event.scores, human)}  (lowest total wins)",
            ]
        if isinstance(event, cr.GameOver):
            over = self.describe_game_over(event, human)
            return [*over[:-1], "The lowest total wins.", over[-1]]
        return super().describe_event(event, human)

    def _event_line(self, event: cr.Event, human: int) -> str | None:
        """The one-line events, without indentation; ``None`` for the others."""
        who = self.seat_title
        if isinstance(event, cr.MovePlayed):
            return self._move_line(event.seat, event.move, human)
        if isinstance(event, CardTurnedUp):
            return (
                f"{who(event.seat, human)} {self.verb(event.seat, human, 'turn')} up {event.card}."
            )
        if isinstance(event, CardsDrawn):
            return self._draw_line(event, human)
        if isinstance(event, Reshuffled):
            return (
                f"The stock is empty: {self.seat(event.seat, human)} "
                f"{self.verb(event.seat, human, 'shuffle')} the discard pile "
                f"({cards_text(event.cards)}) into a new stock and "
                f"{self.verb(event.seat, human, 'take')} a shuffle-pressure penalty of "
                f"{int_text(event.penalty)} points."
            )
        if isinstance(event, SuitNamed):
            return (
                f"{who(event.seat, human)} {self.verb(event.seat, human, 'name')} "
                f"{event.suit.symbol} as the suit to follow."
            )
        if isinstance(event, cr.PlayAgain):
            return f"{who(event.seat, human)} {self.verb(event.seat, human, 'play')} again."
        if isinstance(event, TurnSkipped):
            return (
                f"{who(event.seat, human)} {self.verb(event.seat, human, 'are', 'is')} skipped "
                f"by {self.seat(event.by, human)}."
            )
        if isinstance(event, TurnForfeited):
            return (
                f"{who(event.seat, human)} {self.verb(event.seat, human, 'miss', 'misses')} "
                'this turn ("idiot" penalty).'
            )
        if isinstance(event, DirectionChanged):
            return f"Play now goes {direction_text(event.direction)}."
        if isinstance(event, CountStarted):
            return (
                f"{who(event.seat, human)} {self.verb(event.seat, human, 'start')} the count "
                f"at {event.value}."
            )
        if isinstance(event, CountRaised):
            return (
                f"{who(event.seat, human)} {self.verb(event.seat, human, 'raise')} the count "
                f"to {event.value}."
            )
        if isinstance(event, CountEnded):
            return f"{who(event.seat, human)} cannot follow the count: it ends at {event.value}."
        if isinstance(event, OneCardAnnounced):
            return f'{who(event.seat, human)} {self.verb(event.seat, human, "say")} "one card".'
        if isinstance(event, IdiotCalled):
            return (
                f'{who(event.caller, human)} {self.verb(event.caller, human, "call")} "idiot" '
                f"on {self.seat(event.target, human)}!"
            )
        if isinstance(event, HandBlocked):
            return (
                f"Hand {event.number} is blocked: a full cycle of turns passed with no card "
                "played or drawn. Everyone scores the cards they hold."
            )
        return None

    def _move_line(self, seat: int, move: Any, human: int) -> str | None:
        if isinstance(move, cr.Play):
            text = f"{self.seat_title(seat, human)} {self.verb(seat, human, 'play')} {move.card}"
            extras = []
            if move.suit is not None:
                extras.append(f"{self.verb(seat, human, 'name')} {move.suit.symbol}")
            if move.announce:
                extras.append(f'{self.verb(seat, human, "say")} "one card"')
            return text + (", " + " and ".join(extras) if extras else "") + "."
        if isinstance(move, cr.Pass):
            return f"{self.seat_title(seat, human)} {self.verb(seat, human, 'stay')} silent."
        return None  # draws, calls, named suits and announcements are told by their events

    def _draw_line(self, event: CardsDrawn, human: int, card: cr.Card | None = None) -> str:
        who = self.seat_title(event.seat, human)
        reason = _DRAW_REASONS.get(event.reason, event.reason.replace("_", " "))
        reason = reason.format(card=card if card is not None else "a card")
        if event.count == 0:
            return (
                f"{who} cannot draw ({reason}): the stock is empty and there is nothing "
                "to reshuffle."
            )
        short = (
            f"; {event.wanted} were due but the cards ran out" if event.count < event.wanted else ""
        )
        if event.reason == "cannot_play":
            return (
                f"{who} cannot play and "
                f"{self.verb(event.seat, human, 'draw')} {cards_text(event.count)}{short}."
            )
        drawn = f"{self.verb(event.seat, human, 'draw')} {cards_text(event.count)}"
        return f"{who} {drawn} ({reason}{short})."
