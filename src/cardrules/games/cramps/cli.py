"""Cramps at the terminal: :class:`CrampsAdapter`, and how a trick or a round made its
points (:func:`trick_points_text`, :func:`round_points_text`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cardrules as cr
from cardrules.terminal import COMMAND_HELP, AnyGame, GameAdapter

__all__ = ["CrampsAdapter", "round_points_text", "trick_points_text"]


def _trick_parts(
    game: Any, number: int, cards: Sequence[cr.Card]
) -> tuple[int, list[cr.Card], int] | None:
    """Trick ``number``'s value under ``game``'s rules, its Queens and what each Queen
    scores; ``None`` if they do not give the points the rules' own ``trick_points``
    gives (a game that scores tricks otherwise)."""
    values = getattr(game, "trick_values", None)
    queen_points = getattr(game, "queen_points", None)
    trick_points = getattr(game, "trick_points", None)
    if values is None or queen_points is None or trick_points is None:
        return None
    queens = [card for card in cards if card.rank == cr.Rank.QUEEN]
    value = values[number - 1]
    if value + len(queens) * queen_points != trick_points(number, tuple(cards)):
        return None
    return value, queens, queen_points


def trick_points_text(game: Any, number: int, cards: Sequence[cr.Card]) -> str | None:
    """How trick ``number`` made its points (C8, C9), when Queens changed its value:
    ``None`` if it scored its value, or if ``game`` does not score as Cramps does.

    >>> trick_points_text(cr.Cramps(), 3, cr.parse_cards("QS 2S 5S QH"))
    'trick 3 is worth +3, Q♠ Q♥ -1 each: +1'
    >>> trick_points_text(cr.Cramps(), 3, cr.parse_cards("AS 2S 5S 4H")) is None
    True
    """
    parts = _trick_parts(game, number, cards)
    if parts is None or not parts[1]:
        return None
    value, queens, each = parts
    named = " ".join(map(str, queens))
    each_text = f"{each:+d} each" if len(queens) > 1 else f"{each:+d}"
    return (
        f"trick {number} is worth {value:+d}, {named} {each_text}: {value + len(queens) * each:+d}"
    )


def round_points_text(
    game: Any, tricks: Sequence[tuple[int, int, Sequence[cr.Card]]], seat: int, points: int
) -> str | None:
    """How ``seat`` made its ``points`` in a round from ``tricks``, the round's tricks
    as ``(number, winner, cards)``: each trick it won with its value, then its Queens.
    ``None`` if the tricks do not add up to ``points`` under ``game``'s rules.

    >>> tricks = [(3, 1, cr.parse_cards("QS 2S 5S QH")), (7, 1, cr.parse_cards("AC 2C 3C 4C"))]
    >>> round_points_text(cr.Cramps(), tricks, seat=1, points=6)
    'tricks 3 (+3), 7 (+5); Q♠ Q♥ (-2): +6'
    >>> round_points_text(cr.Cramps(), tricks, seat=0, points=0)
    'no tricks: +0'
    """
    won = sorted((number, cards) for number, winner, cards in tricks if winner == seat)
    values = []
    queens: list[cr.Card] = []
    queen_points = 0
    total = 0
    for number, cards in won:
        parts = _trick_parts(game, number, cards)
        if parts is None:
            return None
        value, captured, queen_points = parts
        values.append(f"{number} ({value:+d})")
        queens += captured
        total += value + len(captured) * queen_points
    if total != points:
        return None
    if not won:
        return f"no tricks: {points:+d}"
    text = ("trick " if len(won) == 1 else "tricks ") + ", ".join(values)
    if queens:
        text += f"; {' '.join(map(str, queens))} ({len(queens) * queen_points:+d})"
    return f"{text}: {points:+d}"


class CrampsAdapter(GameAdapter):
    """Cramps at the terminal: trick and round, trick values, the hand by suit; cards
    typed as text (``QS``, ``q♠``, ``10h``, ``TH``) or picked by number."""

    round_word = "round"
    input_hint = "a card like QS or its number"

    def move_text(self, move: Any) -> str:
        """A card play is shown as the card."""
        return str(move.card) if isinstance(move, cr.Play) else str(move)

    def explain(
        self,
        event: cr.Event,
        events: Sequence[cr.Event],
        before: Any,
        human: int,
        game: AnyGame | None,
    ) -> list[str]:
        """How a trick's points were made, when Queens changed its value
        (:func:`trick_points_text`), and, at the end of a round, how each seat made its
        points (:func:`round_points_text`, from the tricks of the round: those in the
        human's view ``before`` the step and those the step completed)."""
        if isinstance(event, cr.TrickWon):
            text = trick_points_text(game, event.number, event.cards)
            return [] if text is None else [f"    ({text})"]
        if not isinstance(event, cr.HandScored):
            return []
        tricks = self.hand_tricks(event, events, before)
        if tricks is None:
            return []
        lines = []
        for seat, points in enumerate(event.hand_scores):
            text = round_points_text(game, tricks, seat, points)
            if text is not None:
                lines.append(f"  {self.seat_title(seat, human)}: {text}")
        return lines

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
        plays = view.trick.plays(4)
        if plays:
            trick_line = f"Trick so far: {self.plays_text(plays, human)}"
        else:
            trick_line = "You lead this trick."
        return [
            "",
            f"Round {view.round_number}, trick {number} of 13{worth}.",
            f"Scores:      {self.score_line(view.scores, human)}",
            f"This round:  {self.score_line(view.round_scores, human)}",
            trick_line,
            *self.hand_lines(view.hand),
            "Legal: " + self.legal_line(view.legal_moves),
        ]

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
