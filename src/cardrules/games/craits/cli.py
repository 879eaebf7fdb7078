"""Craits at the terminal: :class:`CraitsAdapter`.

The human types a card (``9h``), a wild card with the suit it names (``8h c``,
``8h clubs``), a play saying "one card" (``QS!``, ``QS one``), ``d`` to draw, ``idiot``
to call "idiot" (what the rules read: :mod:`cardrules.shedding.parsing`), or the number
of a move in the Legal list. Events are told in words:
cards drawn and why (the cards the human drew, privately, right after their draw),
reshuffles and their penalty, skips, reversals, playing again, the count, suits named,
announcements, idiot calls, scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import cardrules as cr
from cardrules._text import int_text
from cardrules._wording import cards_text, direction_text
from cardrules.games.craits.cli_events import CraitsNarration
from cardrules.shedding.parsing import call_refusal
from cardrules.terminal import COMMAND_HELP, AnyGame

__all__ = ["CraitsAdapter"]

_IDIOT_WORDS = frozenset({"idiot", "i", "call"})


def _rows(game: AnyGame | None) -> list[tuple[cr.Rank, Any]]:
    """The game's card table as (rank, row) pairs; empty if it has none."""
    table = getattr(game, "card_table", None)
    if table is None:
        return []
    if isinstance(table, Mapping):
        return list(table.items())
    return [(cr.Rank(i + 2), row) for i, row in enumerate(table)]  # rows from 2 (older form)


def _count_ranks(game: AnyGame | None) -> str:
    """The ranks that add to the count, e.g. ``"an A or a 2"``.

    >>> _count_ranks(cr.Craits())
    'an A or a 2'
    """
    labels = [rank.label for rank, row in sorted(_rows(game), reverse=True) if row.count]
    if not labels:
        return "a card that adds to it"
    named = [("an " if label in ("A", "8") else "a ") + label for label in labels]
    return " or ".join(named)


class CraitsAdapter(CraitsNarration):
    """Craits at the terminal: the top card, the suit to follow, the count, the
    direction, the stock, hand sizes, scores and shuffle pressure, the hand by suit;
    moves typed as text or picked by number, including naming a suit after an 8, saying
    "one card", drawing and calling "idiot" (also out of turn)."""

    round_word = "hand"
    input_hint = "a card like QS, 8h c, QS!, d to draw, or a number"

    # -- moves as text ---------------------------------------------------------------

    def move_text(self, move: Any) -> str:
        """``9♥``, a wild with the suit it names ``8♣→♥``, saying "one card" ``Q♠!``,
        ``draw``, ``idiot on seat 2``, ``name ♥``, ``say "one card"``, ``stay silent``.

        >>> adapter = CraitsAdapter()
        >>> adapter.move_text(cr.Play("8c", suit="h", announce=True))
        '8♣→♥!'
        >>> adapter.move_text(cr.CallIdiot(0, 2))
        'idiot on seat 2'
        """
        if isinstance(move, cr.Play):
            text = str(move.card)
            if move.suit is not None:
                text += "→" + move.suit.symbol
            return text + ("!" if move.announce else "")
        if isinstance(move, cr.Draw):
            return "draw"
        if isinstance(move, cr.CallIdiot):
            return "idiot" if move.target is None else f"idiot on seat {move.target}"
        if isinstance(move, cr.NameSuit):
            return f"name {move.suit.symbol}"
        if isinstance(move, cr.Announce):
            return 'say "one card"'
        if isinstance(move, cr.Pass):
            return "stay silent"
        return str(move)

    def listed_moves(self, legal: Sequence[Any]) -> list[Any]:
        """The rules' order, except that a play saying "one card" comes just before the
        same play without it: the first of the two is the safe one (the other leaves you
        open to an "idiot" call).

        >>> adapter = CraitsAdapter()
        >>> legal = [cr.Play("9H"), cr.Play("9H", announce=True), cr.Draw()]
        >>> adapter.legal_line(legal)
        '[1] 9♥!  [2] 9♥  [3] draw'
        """
        first: dict[tuple[cr.Card, object], int] = {}
        keys: list[tuple[int, int]] = []
        for index, move in enumerate(legal):
            if isinstance(move, cr.Play):
                group = first.setdefault((move.card, move.suit), index)
                keys.append((group, 0 if move.announce else 1))
            else:
                keys.append((index, 0))
        order = sorted(range(len(legal)), key=keys.__getitem__)
        return [legal[index] for index in order]

    def prompt(self, legal: Sequence[Any]) -> str:
        """The prompt asks whether to say "one card" when that is the question (and
        for a suit when one is to be named)."""
        if any(isinstance(move, cr.Announce) for move in legal):
            return 'Say "one card"? (one or pass, or a number, ? for help, q to quit): '
        return super().prompt(legal)

    # -- the table -------------------------------------------------------------------

    def describe_start(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """Rules reminder and seat (the first deal and its turned-up card are told by
        their events; the seed only at the end)."""
        schedule = tuple(getattr(game, "schedule", ()))
        deals = ", ".join(map(str, schedule))
        return [
            f"Craits: {len(view.scores)} players, {len(schedule)} hands dealt {deals} cards "
            f"each; the lowest total wins. You are seat {human}.",
            "Type ? for help.",
        ]

    def render_turn(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """Hand number and cards dealt, dealer, direction, top card and suit to follow,
        the count, the stock, hand sizes, scores, shuffle pressure, who may be called
        on, the hand by suit and the legal moves numbered."""
        hands = len(getattr(game, "schedule", ())) or "?"
        lines = [
            "",
            f"Hand {view.hand_number} of {hands} ({cards_text(view.cards_dealt)} dealt), "
            f"dealer {self.seat(view.dealer, human)}; play goes {direction_text(view.direction)}.",
            f"Top card {view.top}, suit to follow {view.suit.symbol}. "
            f"Stock: {cards_text(view.stock_size)}.",
        ]
        if view.count:
            lines.append(
                f"The count is running at {view.count}: add to it ({_count_ranks(game)}) or draw "
                f"{view.count}."
            )
        lines += [
            f"Cards held:  {self.score_line(view.hand_sizes, human)}",
            f"Scores:      {self.score_line(view.scores, human)}  (lowest total wins)",
        ]
        if any(view.penalties):
            pressure = " | ".join(
                f"{self.seat(s, human)} {int_text(2 * last - 5 if last else 0)}, "
                f"next {int_text(last * 2 or 5)}"
                for s, last in enumerate(view.penalties)
            )
            lines.append(f"Shuffle pressure (paid, next penalty): {pressure}")
        forfeits = [self.seat(s, human) for s, n in enumerate(view.forfeits) if n]
        if forfeits:
            lines.append("Forfeiting their next turn: " + ", ".join(forfeits) + ".")
        lines += self._exposure_lines(view, human)
        if view.phase is cr.Phase.NAME_SUIT:
            lines.append(f"You turned up {view.top} as dealer: name the suit to follow.")
        elif view.phase is cr.Phase.ANNOUNCE:
            lines.append(
                'You received your one card: say "one card" (one), or stay silent (pass) '
                'and risk an "idiot" call.'
            )
        lines += self.hand_lines(view.hand, title=f"Your hand ({cards_text(len(view.hand))}):")
        lines.append("Legal: " + self.legal_line(view.legal_moves))
        return lines

    def _exposure_lines(self, view: Any, human: int) -> list[str]:
        lines = []
        for seat in view.exposed:
            if seat == human:
                lines.append(
                    'You have one card and did not say "one card": anyone may call "idiot" '
                    "on you until the next card is played or drawn."
                )
            else:
                lines.append(
                    f'Seat {seat} has one card and did not say "one card": type idiot to call it.'
                )
        return lines

    def help_lines(self, game: AnyGame) -> list[str]:
        """How to type moves and the rules in brief."""
        return [
            "Play a card that matches the suit to follow or the rank of the top card, or",
            "an 8 (wild), by typing it: 9h, 10S, q♠ (or its number in the Legal list).",
            "An 8 names the suit to follow: 8h c, 8h clubs or 8h ♣.",
            'If the play leaves you one card, say "one card": QS! or QS one (8h c! too),',
            'or anyone may call "idiot" on you: you draw 2 and miss your next turn.',
            "d or draw: draw a card (only when you cannot play).",
            'idiot (or idiot 2): call "idiot" on a player who did not say "one card".',
            "  Out of turn you are asked whether to call; Enter means no.",
            "While the count runs, play an A or a 2 or draw the count (d).",
            "Card functions: 4 skips the next player, 5 makes everyone else draw, 6 plays",
            "again, 7 makes the player two along draw, 10 reverses, 2 starts the count.",
            "Naming a suit after a turned-up 8: c, d, h, s, or a name such as hearts.",
            'On the one-card deal (if that rule is on): one says "one card", pass stays silent.',
            *COMMAND_HELP,
        ]

    def offer_prompt(self, move: Any, human: int) -> str:
        """Ask whether to call "idiot" on a player out of turn."""
        if isinstance(move, cr.CallIdiot) and move.target is not None:
            return (
                f'Seat {move.target} has one card and did not say "one card". '
                f'Call "idiot" on seat {move.target}? [y/N] '
            )
        return super().offer_prompt(move, human)

    def accepts_offer(self, answer: str) -> bool:
        """``y``, ``yes``, ``idiot`` or ``i`` accept."""
        return super().accepts_offer(answer) or answer in _IDIOT_WORDS

    def refusal(self, error: cr.IllegalMoveError, move: Any, view: Any, human: int) -> str:
        """A refused "idiot" call says whom the human can call on, and how
        (:func:`~cardrules.shedding.parsing.call_refusal`)."""
        worded = call_refusal(error, move, view.exposed, human, "idiot")
        if worded is not error:
            return str(worded)
        return super().refusal(error, move, view, human)
