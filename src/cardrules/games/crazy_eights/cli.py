"""Crazy Eights at the terminal: :class:`CrazyEightsAdapter`.

The human types a card (``9h``), an eight with the suit it names (``8h c``, ``8h
clubs``), ``d`` to draw, ``p`` to pass, a suit (when the dealer names one for a
turned-up eight), or the number of a move in the Legal list. Events are told in words;
the cards the human draws are told to them alone, right after their draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cardrules as cr
from cardrules._wording import cards_text, direction_text
from cardrules.games.crazy_eights.scoring import CardPoints, card_points
from cardrules.shedding.events import HandBlocked
from cardrules.shedding.terminal import SheddingAdapter, hand_at_end
from cardrules.terminal import COMMAND_HELP, AnyGame

__all__ = ["CrazyEightsAdapter"]


class CrazyEightsAdapter(SheddingAdapter):
    """Crazy Eights at the terminal: the top card and the suit to follow, the stock,
    the cards each player holds, the scores and the target, the hand by suit; moves
    typed as text or picked by number."""

    round_word = "hand"
    input_hint = "a card like QS, 8h c, d to draw, or a number"

    # -- moves as text ---------------------------------------------------------------

    def move_text(self, move: Any) -> str:
        """``9♥``, an eight with the suit it names ``8♣→♥``, ``draw``, ``pass``,
        ``name ♥``.

        >>> adapter = CrazyEightsAdapter()
        >>> adapter.move_text(cr.Play("8c", suit="h")), adapter.move_text(cr.Draw())
        ('8♣→♥', 'draw')
        """
        if isinstance(move, cr.Play):
            text = str(move.card)
            return text + ("→" + move.suit.symbol if move.suit is not None else "")
        if isinstance(move, cr.Draw):
            return "draw"
        if isinstance(move, cr.Pass):
            return "pass"
        if isinstance(move, cr.NameSuit):
            return f"name {move.suit.symbol}"
        return str(move)

    # -- the table -------------------------------------------------------------------

    def describe_start(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The game in a line and the human's seat (the deal is told by its events;
        the seed only at the end)."""
        return [
            f"Crazy Eights: {len(view.scores)} players; match the suit or the rank of the "
            f"top card, eights are wild. {_goal(game)} You are seat {human}.",
            "Type ? for help.",
        ]

    def render_turn(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """Hand number and dealer, the top card and the suit to follow, the count of
        twos, the stock, the cards each player holds, the scores, the hand by suit and
        the legal moves numbered."""
        special = getattr(game, "special_cards", False)
        play_goes = f"; play goes {direction_text(view.direction)}" if special else ""
        lines = [
            "",
            f"Hand {view.hand_number}, dealer {self.seat(view.dealer, human)}{play_goes}.",
            f"Top card {view.top}, suit to follow {view.suit.symbol}. "
            f"Stock: {cards_text(view.stock_size)}.",
        ]
        if view.count:
            lines.append(f"The twos add up to {view.count}: add a 2 or draw {view.count}.")
        limit = getattr(game, "draw_limit", None)
        if view.draws_this_turn and view.to_move == human:
            of = f" of {limit}" if limit is not None else ""
            lines.append(f"You have drawn {view.draws_this_turn}{of} this turn.")
        lines += [
            f"Cards held:  {self.score_line(view.hand_sizes, human)}",
            f"Scores:      {self.score_line(view.scores, human)}  ({_goal(game)})",
        ]
        if view.phase is cr.Phase.NAME_SUIT:
            lines.append(f"You turned up {view.top} as dealer: name the suit to follow.")
        lines += self.hand_lines(view.hand, title=f"Your hand ({cards_text(len(view.hand))}):")
        lines.append("Legal: " + self.legal_line(view.legal_moves))
        return lines

    def help_lines(self, game: AnyGame) -> list[str]:
        """How to type moves and the rules in brief."""
        limit = getattr(game, "draw_limit", None)
        if not getattr(game, "draw_by_choice", True):
            when = "when you cannot play, "
        else:
            when = "you may, even when you could play: "
        if limit is None:
            drawing = f"d or draw: {when}draw a card from the stock; you keep the turn."
        else:
            drawing = f"d or draw: {when}draw a card (up to {cards_text(limit)} a turn)."
        lines = [
            "Play a card that matches the suit to follow or the rank of the top card, or",
            "an 8 (wild), by typing it: 9h, 10S, q♠ (or its number in the Legal list).",
            "An 8 names the suit to follow: 8h c, 8h clubs or 8h ♣.",
            drawing,
            "p or pass: pass, when you can draw no more (and cannot or will not play).",
        ]
        if getattr(game, "special_cards", False):
            lines.append(
                "A queen skips the next player, an ace reverses, a 2 makes the next player "
                "draw two unless they add a 2."
            )
        if getattr(game, "scoring", "") == "penalty":
            lines.append(f"Each player scores minus the points of their cards. {_goal(game)}")
        else:
            lines.append(f"The first player out collects the others' points. {_goal(game)}")
        return [*lines, *COMMAND_HELP]

    # -- what happened ----------------------------------------------------------------

    def event_lines(
        self, event: cr.Event, text: str, human: int, game: AnyGame | None
    ) -> list[str]:
        """The library's text, with the goal after the scores, and how a blocked hand
        scores."""
        if isinstance(event, cr.HandScored) and game is not None:
            return ["", f"{text} ({_goal(game)})"]
        if isinstance(event, HandBlocked) and getattr(game, "scoring", "") == "winner_collects":
            return [
                f"  {text} The player with the fewest points in hand collects the "
                "difference from each other hand."
            ]
        return super().event_lines(event, text, human, game)

    def explain(
        self,
        event: cr.Event,
        events: Sequence[cr.Event],
        before: Any,
        human: int,
        game: AnyGame | None,
    ) -> list[str]:
        """At the end of a hand, the points of the cards the human still held (their
        view before the step, with the cards their draws in it named)."""
        if not isinstance(event, cr.HandScored) or game is None:
            return []
        held = hand_at_end(events, event, before, human)
        if not held:  # (none left, or not known)
            return []
        values: CardPoints = (
            "openspiel" if getattr(game, "card_points", "") == "openspiel" else "face"
        )
        total = sum([card_points(card, values) for card in held])
        return [f"  Your cards left: {cr.format_cards(sorted(held))} ({total} points)."]


def _goal(game: Any) -> str:
    """What wins the game, in a sentence."""
    target = getattr(game, "target", None)
    penalty = getattr(game, "scoring", "") == "penalty"
    if target is None:
        return "One hand; the highest score wins."
    if penalty:
        return f"Each scores minus the cards they hold; the game ends at -{target}."
    return f"First to {target} points wins."
