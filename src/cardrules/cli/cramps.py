"""Cramps at the terminal: :class:`CrampsAdapter`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cardrules as cr
from cardrules.cli.adapter import COMMAND_HELP, GameAdapter
from cardrules.cli.base import AnyGame, MoveRefusedError

__all__ = ["CrampsAdapter"]


class CrampsAdapter(GameAdapter):
    """Cramps at the terminal: trick and round, trick values, the hand by suit; cards
    typed as text (``QS``, ``q♠``, ``10h``, ``TH``) or picked by number."""

    round_word = "round"
    input_hint = "a card like QS or its number"

    def move_text(self, move: Any) -> str:
        """A card play is shown as the card."""
        return str(move.card) if isinstance(move, cr.Play) else str(move)

    def describe_start(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """Rules reminder and seat (the deal itself is told by its event; the seed only
        at the end)."""
        target = getattr(game, "target", 31)
        return [
            f"Cramps: 4 players, 13 tricks a round, first to {target} points wins. "
            f"You are seat {human}.",
            "Type ? for help.",
        ]

    def render_turn(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """Round, trick and its value, scores, the trick so far, the hand by suit, the
        legal cards numbered."""
        number = view.trick_number
        values = getattr(game, "trick_values", None)
        worth = f", worth {values[number - 1]:+d}" if values is not None else ""
        trick = view.trick
        if trick.cards:
            so_far = ", ".join(f"{self.seat(seat, human)} {card}" for seat, card in trick.plays(4))
            trick_line = f"Trick so far: {so_far}"
        else:
            trick_line = "You lead this trick."
        lines = [
            "",
            f"Round {view.round_number}, trick {number} of 13{worth}.",
            f"Scores:      {self.score_line(view.scores, human)}",
            f"This round:  {self.score_line(view.round_scores, human)}",
            trick_line,
            "Your hand:",
        ]
        for suit in cr.Suit:
            cards = [card for card in view.hand if card.suit == suit]
            lines.append(f"  {suit.symbol}  " + (cr.format_cards(cards) or "-"))
        lines.append("Legal: " + self.legal_line(view.legal_moves))
        return lines

    def help_lines(self, game: AnyGame) -> list[str]:
        """How to play a card and the rules in brief."""
        return [
            "Play a card by typing it, rank then suit, in any case: QS, q♠, 10h, TH.",
            "Or type its number in the Legal list.",
            "Follow the suit led if you can; otherwise play any card. The highest card",
            "of the suit led wins the trick and leads the next. Trick k is worth the",
            "value shown; each Queen you take costs 1 point.",
            *COMMAND_HELP,
        ]

    def parse_move(self, line: str, view: Any, legal: Sequence[Any]) -> Any:
        """A number from the Legal list, or a card the player holds (a card they do not
        hold raises :class:`~cardrules.cli.base.MoveRefusedError`, told as "Not
        allowed", with their hand)."""
        move = self.pick_number(line, legal)
        if move is not None:
            return move
        card = cr.Card.parse(line)
        if card not in view.hand:
            raise MoveRefusedError(
                f"you do not hold {card}; your hand is {cr.format_cards(view.hand)}"
            )
        return cr.Play(card)
