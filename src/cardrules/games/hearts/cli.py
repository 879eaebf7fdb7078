"""Hearts at the terminal: :class:`HeartsAdapter`.

The human types a card (``QS``, ``q♠``, ``10h``), which is a pass while the cards are
being passed and a play after, ``pass QS`` while passing, or the number of a move in
the Legal list. The screen shows the deal's pass direction and the cards the human
passed and received, whether hearts are broken, the trick and the points taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cardrules as cr
from cardrules.cards import mask_of
from cardrules.games.hearts.moves import CARDS_PASSED, PassCard
from cardrules.games.hearts.scoring import POINT_CARDS
from cardrules.terminal import COMMAND_HELP, AnyGame, GameAdapter

__all__ = ["HeartsAdapter", "direction_text"]

_PASS_WORDS = frozenset({"pass", "p", "give"})


def direction_text(offset: int, seat: int, human: int) -> str:
    """Where a pass ``offset`` seats along goes from ``seat``, in words for ``human``.

    >>> direction_text(1, 0, 0), direction_text(3, 2, 0), direction_text(0, 1, 0)
    ('to the left (seat 1)', 'to the right (seat 1)', 'no pass: every hand is kept')
    """
    if not offset:
        return "no pass: every hand is kept"
    way = {1: "to the left", 2: "across", 3: "to the right"}[offset]
    to = (seat + offset) % 4
    return f"{way} ({'you' if to == human else f'seat {to}'})"


class HeartsAdapter(GameAdapter):
    """Hearts at the terminal: the hand's pass and the cards passed and received, the
    trick, hearts broken or not, the points of the hand so far and the totals, the
    hand by suit; cards typed as text or picked by number."""

    round_word = "hand"
    input_hint = "a card like QS or its number"

    def move_text(self, move: Any) -> str:
        """A play is shown as its card, a pass as ``pass`` and the card.

        >>> HeartsAdapter().move_text(cr.Play("QS")), HeartsAdapter().move_text(PassCard("2c"))
        ('Q♠', 'pass 2♣')
        """
        if isinstance(move, cr.Play):
            return str(move.card)
        return str(move)

    def describe_start(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The rules in brief, and the human's seat (the seed only at the end)."""
        target = getattr(game, "target", 100)
        end = (
            "the game is one hand"
            if target is None
            else f"the game ends when someone reaches {target}"
        )
        return [
            "Hearts: 4 players. Each heart you take costs 1 point, Q♠ 13; "
            f"{end}, and the lowest total wins. You are seat {human}.",
            "Type ? for help.",
        ]

    def render_turn(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The hand, the pass or the trick, scores, the hand by suit (without the cards
        chosen to pass), the legal moves numbered: from the human's view only."""
        passing = view.payload
        lines = [""]
        hand = view.hand
        if view.phase == "pass":
            chosen = [card for card in passing.passed[human] if card is not None]
            hand = tuple(card for card in hand if card not in chosen)
            so_far = f" You chose: {cr.format_cards(chosen)}." if chosen else ""
            lines.append(
                f"Hand {view.round_number}: pass {CARDS_PASSED} cards "
                f"{direction_text(passing.offset, human, human)}; "
                f"{len(chosen)} of {CARDS_PASSED} chosen.{so_far}"
            )
        else:
            broken = getattr(game, "hearts_broken", None)
            state_of_hearts = ""
            if broken is not None:
                state_of_hearts = " Hearts broken." if broken(view) else " Hearts not broken."
            lines.append(
                f"Hand {view.round_number}, trick {view.trick_number} of 13.{state_of_hearts}"
            )
            lines.extend(self._pass_lines(view, human))
        lines.append(f"Scores:      {self.score_line(view.scores, human)}")
        if view.phase is None:
            lines.append(f"This hand:   {self.score_line(view.round_scores, human)}")
            plays = view.trick.plays(4)
            if plays:
                lines.append(f"Trick so far: {self.plays_text(plays, human)}")
            else:
                lines.append("You lead this trick.")
        lines += self.hand_lines(hand)
        lines.append("Legal: " + self.legal_line(view.legal_moves))
        return lines

    def _pass_lines(self, view: Any, human: int) -> list[str]:
        """The cards the human passed and received this hand, during the first trick."""
        passing = view.payload
        if passing is None or not passing.offset or view.tricks:
            return []
        giver = (human - passing.offset) % 4
        return [
            f"You passed {cr.format_cards(passing.passed[human])} "
            f"{direction_text(passing.offset, human, human)}; "
            f"you received {cr.format_cards(passing.passed[giver])} from seat {giver}."
        ]

    def prompt(self, legal: Sequence[Any]) -> str:
        """The prompt says whether a card is passed or played."""
        if any(isinstance(move, PassCard) for move in legal):
            return "Card to pass (a card like QS or its number, ? for help, q to quit): "
        return super().prompt(legal)

    def help_lines(self, game: AnyGame) -> list[str]:
        """How to pass and play, and the rules in brief."""
        return [
            "Type a card, rank then suit, in any case: QS, q♠, 10h, TH; or its number in",
            "the Legal list. While passing, each card you type is one of the three you",
            "pass (pass QS also works).",
            "The holder of 2♣ leads it. Follow the suit led if you can; the highest card",
            "of that suit wins the trick and leads the next. No heart or Q♠ on the first",
            "trick unless you hold nothing else; no heart led until hearts are broken",
            "(a heart or Q♠ played) unless you hold only hearts. Each heart costs 1, Q♠",
            "13; take them all (shoot the moon) and the others get 26 each instead.",
            *COMMAND_HELP,
        ]

    def explain(
        self,
        event: cr.Event,
        events: Sequence[cr.Event],
        before: Any,
        human: int,
        game: AnyGame | None,
    ) -> list[str]:
        """At the end of a hand, who shot the moon, if anyone did (from the tricks of
        the hand: those in the human's view ``before`` the step and those the step
        completed)."""
        if not isinstance(event, cr.HandScored):
            return []
        tricks = self.hand_tricks(event, events, before)
        if tricks is None:
            return []
        taken = [0, 0, 0, 0]
        for _, winner, cards in tricks:
            taken[winner] |= mask_of(cards)
        shooters = [seat for seat in range(4) if taken[seat] & POINT_CARDS == POINT_CARDS]
        if not shooters:
            return []
        moon = getattr(game, "moon", "add_to_others")
        what = "26 off" if moon == "subtract_from_shooter" else "26 to each other player"
        return [f"  ({self.seat_title(shooters[0], human)} shot the moon: {what}.)"]
