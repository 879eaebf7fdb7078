"""The game-specific text of terminal play, and the plain version that works for any
game: :class:`GameAdapter`."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import attrs

import cardrules as cr
from cardrules.cli.base import AnyGame, MoveInputError, squash

__all__ = ["COMMAND_HELP", "GameAdapter", "plain"]

COMMAND_HELP = (
    "Commands: ? or help shows this help; show shows the table again; q or quit leaves.",
    "Ctrl-D (end of input) also leaves; Ctrl-C interrupts.",
)
"""The help on the commands every game shares."""

_SHOWN_ELSEWHERE = frozenset({"seat", "hand", "scores", "legal_moves", "to_move", "winners"})
_LONG = 8
_YES = frozenset({"y", "yes"})


class GameAdapter:
    """The game-specific text of the command line: how a position is shown to the human,
    how a typed line becomes a move, how events are told.

    This base class works for any game, plainly: it shows the scores, the hand (if the
    view has one) and the legal moves numbered, and accepts a number or the text of a
    move. A game subclasses it to do better (see
    :class:`~cardrules.cli.cramps.CrampsAdapter`).
    """

    round_word = "hand"
    """What the game calls one deal ("round" in Cramps)."""
    input_hint = "a number"
    """What the prompt says the player may type."""

    def seat(self, seat: int, human: int) -> str:
        """How a seat is named: "you" for the human, else "seat N"."""
        return "you" if seat == human else f"seat {seat}"

    def seat_title(self, seat: int, human: int) -> str:
        """:meth:`seat` capitalised, to start a sentence."""
        name = self.seat(seat, human)
        return name[:1].upper() + name[1:]

    @staticmethod
    def verb(seat: int, human: int, base: str, third: str | None = None) -> str:
        """``base`` for the human ("you play"), its third person otherwise ("seat 1
        plays"); ``third`` defaults to ``base + "s"``."""
        return base if seat == human else (third or base + "s")

    def move_text(self, move: Any) -> str:
        """A move as the player reads it."""
        return str(move)

    def score_line(self, scores: Sequence[int], human: int) -> str:
        """Scores per seat, the human's marked."""
        return " | ".join(f"{self.seat(s, human)} {score}" for s, score in enumerate(scores))

    def legal_line(self, legal: Sequence[Any]) -> str:
        """The legal moves, numbered from 1."""
        return "  ".join(f"[{i}] {self.move_text(m)}" for i, m in enumerate(legal, 1))

    def describe_start(self, game: AnyGame, view: Any, human: int, seed: int) -> list[str]:
        """What is said when the game starts."""
        name = type(game).name or type(game).__name__
        return [
            f"{name.capitalize()}: you are seat {human}. Game seed {seed} "
            f"(play the same game again with --seed {seed}).",
            "Type ? for help.",
        ]

    def render_turn(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The position shown before the human decides, from the human's view only."""
        lines = [""]
        if attrs.has(type(view)):  # every other public field of the view, plainly
            details = [
                f"{field.name.replace('_', ' ')} {plain(getattr(view, field.name))}"
                for field in attrs.fields(type(view))
                if field.name not in _SHOWN_ELSEWHERE
            ]
            lines.append("Table: " + " | ".join(details))
        lines.append(f"Scores: {self.score_line(view.scores, human)}")
        hand = getattr(view, "hand", None)
        if hand is not None:
            lines.append("Your hand: " + (cr.format_cards(hand) or "(empty)"))
        lines.append("Legal: " + self.legal_line(view.legal_moves))
        return lines

    def prompt(self, legal: Sequence[Any]) -> str:
        """The input prompt."""
        return f"Your move ({self.input_hint}, ? for help, q to quit): "

    def help_lines(self, game: AnyGame) -> list[str]:
        """The help shown for ``?``."""
        return [
            "Type the number of a move from the Legal list, or the move as it is shown.",
            *COMMAND_HELP,
        ]

    def parse_move(self, line: str, view: Any, legal: Sequence[Any]) -> Any:
        """The move the player means by ``line`` (already stripped and not a command).

        Raises :class:`~cardrules.cli.base.MoveInputError` or
        :class:`~cardrules.CardrulesError` (e.g. :class:`~cardrules.CardParseError`) with
        a message for the player. The move need not be legal: the rules check it when it
        is applied.
        """
        move = self.pick_number(line, legal)
        if move is not None:
            return move
        wanted = squash(line)
        for candidate in legal:
            if squash(self.move_text(candidate)) == wanted:
                return candidate
        raise MoveInputError(f"{line!r} is not one of the legal moves")

    @staticmethod
    def pick_number(line: str, legal: Sequence[Any]) -> Any | None:
        """The move numbered ``line`` in ``legal`` (from 1), ``None`` if ``line`` is not a
        number; raises :class:`~cardrules.cli.base.MoveInputError` for a number out of
        range."""
        if not (line.isascii() and line.isdigit()):
            return None
        number = int(line)
        if not 1 <= number <= len(legal):
            raise MoveInputError(f"there is no move number {number}; pick 1 to {len(legal)}")
        return legal[number - 1]

    # -- moves out of turn -----------------------------------------------------------

    def offer_prompt(self, move: Any, human: int) -> str:
        """The yes/no question offering the human ``move`` out of turn (a move their view
        lists while another seat is to move, e.g. an idiot call in Craits)."""
        return f"You may {self.move_text(move)} now. Do it? [y/N] "

    def accepts_offer(self, answer: str) -> bool:
        """Whether ``answer`` (stripped, lower case, not empty) says yes to an offer."""
        return answer in _YES

    # -- events ----------------------------------------------------------------------

    def describe_events(
        self, events: Sequence[cr.Event], human: int, game: AnyGame | None = None
    ) -> list[str]:
        """What is said about the events of one step, in order (by default each event
        on its own, with :meth:`describe_event`); ``game`` is the rules, if a text
        depends on them."""
        lines: list[str] = []
        for event in events:
            lines.extend(self.describe_event(event, human))
        return lines

    def describe_change(self, before: Any, after: Any, human: int) -> list[str]:
        """What the human learns privately from a step, from their views ``before`` and
        ``after`` it (e.g. the cards they drew); nothing by default."""
        return []

    def describe_event(self, event: cr.Event, human: int) -> list[str]:
        """What is said about one event of a step (the events every game shares)."""
        if isinstance(event, cr.MovePlayed):
            who = self.seat_title(event.seat, human)
            if isinstance(event.move, cr.Draw):
                return [f"  {who} {self.verb(event.seat, human, 'draw')}"]
            return [f"  {who} {self.verb(event.seat, human, 'play')} {self.move_text(event.move)}"]
        if isinstance(event, cr.TrickWon):
            cards = cr.format_cards(event.cards)
            return [
                f"  {self.seat_title(event.seat, human)} {self.verb(event.seat, human, 'win')} "
                f"trick {event.number} ({cards}): {event.points:+d}"
            ]
        if isinstance(event, cr.HandScored):
            return [
                "",
                f"End of {self.round_word} {event.number}. "
                f"This {self.round_word}: {self.score_line(event.hand_scores, human)}",
                f"Totals: {self.score_line(event.scores, human)}",
            ]
        if isinstance(event, cr.HandDealt):
            return [
                "",
                f"{self.round_word.capitalize()} {event.number}: "
                f"{self.seat(event.dealer, human)} dealt {event.cards_each} "
                f"card{'' if event.cards_each == 1 else 's'} each.",
            ]
        if isinstance(event, cr.GameOver):
            return self.describe_game_over(event, human)
        return []

    def describe_game_over(self, event: cr.GameOver, human: int) -> list[str]:
        """The final result."""
        names = " and ".join(self.seat(s, human) for s in event.winners)
        if event.winners == (human,):
            verdict = "You win!"
        elif len(event.winners) > 1:
            verdict = f"Shared win: {names}."
        else:
            verdict = f"{names[:1].upper() + names[1:]} wins."
        return [
            "",
            f"Game over. Final scores: {self.score_line(event.scores, human)}",
            verdict,
        ]


def plain(value: object) -> str:
    """A view field as short text: cards as cards, suits as symbols, long sequences cut
    to their last few items.

    >>> plain((cr.Card.parse("QS"), cr.Card.parse("10h"))), plain(cr.Suit.HEARTS)
    ('Q♠ 10♥', '♥')
    """
    if isinstance(value, (cr.Card, cr.Suit)):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if value is None:
        return "-"
    if isinstance(value, (tuple, list)):
        items = [plain(item) for item in value]
        if len(items) > _LONG:
            items = ["…", *items[-_LONG:]]
        return " ".join(items) or "(none)"
    return str(value)
