"""Oh Hell at the terminal: :class:`OhHellAdapter`.

In the bidding the human types the number of tricks they bid (``2``, ``bid 2``); in
the play a card (``QS``, ``10h``) or its number in the Legal list. The table shows the
deal (its number, the cards each, the dealer, trumps), everyone's bid and tricks taken,
the trick so far and the hand by suit; each deal's end tells how every player scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cardrules as cr
from cardrules.games.oh_hell.moves import Bid
from cardrules.games.oh_hell.parsing import bids_text
from cardrules.games.oh_hell.rules import OhHell
from cardrules.games.oh_hell.scoring import seat_score
from cardrules.terminal import (
    COMMAND_HELP,
    AnyGame,
    GameAdapter,
)

__all__ = ["OhHellAdapter", "hand_sizes_text", "trumps_text"]

_BID_WORDS = ("bid", "b")


def hand_sizes_text(game: OhHell) -> str:
    """The game's deals in words.

    >>> hand_sizes_text(OhHell())
    '19 deals: 10 cards each, down to 1, then back up to 10'
    >>> hand_sizes_text(OhHell.openspiel())
    '1 deal of 1 to 17 cards each (drawn)'
    """
    sizes = game.deal_sizes()
    count = f"{len(sizes)} deal{'s' if len(sizes) > 1 else ''}"
    most = game.largest_deal()
    patterns = {
        "down_up": f"{count}: {most} cards each, down to 1, then back up to {most}",
        "up_down": f"{count}: 1 card each, up to {most}, then back down to 1",
        "down": f"{count}: {most} cards each, down to 1",
        "up": f"{count}: 1 card each, up to {most}",
        "same": f"{count} of {most} card{'s' if most > 1 else ''} each",
        "random": f"{count} of 1 to {most} cards each (drawn)",
    }
    return patterns[game.hand_sizes]


def trumps_text(game: OhHell, view: Any) -> str:
    """This deal's trumps in words, from ``view``.

    >>> game = OhHell(trumps="none")
    >>> trumps_text(game, game.observe(game.new_game(seed=1), 0))
    'no trumps'
    """
    trump = game.trump_of(view)
    if trump is None:
        return "no trumps"
    suit = cr.Suit(trump)
    named = f"{suit.name.lower()} ({suit.symbol})"
    if view.turned_up is not None:
        return f"{named}, {view.turned_up} turned up"
    return named


class OhHellAdapter(GameAdapter):
    """Oh Hell at the terminal: the deal, trumps, the bids and tricks taken, the hand
    by suit; bids typed as numbers, cards as text or picked by number."""

    round_word = "deal"
    input_hint = "a card like QS or its number"

    def move_text(self, move: Any) -> str:
        """A bid as ``bid 2``, a card play as the card."""
        return str(move.card) if isinstance(move, cr.Play) else str(move)

    def numbers_pick(self, view: Any) -> bool:
        """In the bidding a number typed is the bid, not a move of the Legal list."""
        return bool(view.phase != "bid")

    def prompt(self, legal: Sequence[Any]) -> str:
        """In the bidding, the bids allowed; else the card prompt."""
        if legal and isinstance(legal[0], Bid):
            return f"Your bid ({bids_text(legal)}; ? for help, q to quit): "
        return super().prompt(legal)

    def legal_line(self, legal: Sequence[Any]) -> str:
        """Bids as their numbers (the number typed is the bid); cards numbered."""
        if legal and isinstance(legal[0], Bid):
            return bids_text(legal)
        return super().legal_line(legal)

    def describe_start(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The game in brief and the human's seat."""
        if not isinstance(game, OhHell):
            return super().describe_start(game, view, human)
        return [
            f"Oh Hell: {game.players} players, {hand_sizes_text(game)}. Bid the tricks "
            f"you will take, then take exactly that many. You are seat {human}.",
            "Type ? for help.",
        ]

    def render_turn(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The deal, trumps, scores, bids and tricks taken, the trick so far, the hand
        by suit and the legal moves."""
        if not isinstance(game, OhHell):
            return super().render_turn(game, view, human)
        deals = len(game.deal_sizes())
        lines = [
            "",
            f"Deal {view.round_number} of {deals}: {view.hand_size} "
            f"card{'s' if view.hand_size > 1 else ''} each, "
            f"{self.seat(view.dealer, human)} dealt. Trumps: {trumps_text(game, view)}.",
            f"Scores: {self.score_line(view.scores, human)}",
            "Bids:   " + self._bids_line(view.payload, human),
        ]
        if view.phase == "bid":
            made = sum(bid for bid in view.payload if bid is not None)
            tricks = f"{view.hand_size} trick{'s' if view.hand_size > 1 else ''}"
            lines.append(f"The bids so far add up to {made} of {tricks}.")
            if game.hook and view.dealer == human:
                lines.append("You deal: your bid may not make them add up to the tricks.")
        else:
            lines.append(f"Taken:  {self.score_line(view.round_scores, human)}")
            plays = view.trick.plays(game.players)
            if plays:
                lines.append(f"Trick {view.trick_number}: {self.plays_text(plays, human)}")
            else:
                lines.append(f"Trick {view.trick_number}: you lead.")
        trump = game.trump_of(view)
        suits = sorted({card.suit for card in game.deck()}, reverse=True)
        lines += self.hand_lines(view.hand, suits, trumps=None if trump is None else cr.Suit(trump))
        lines.append("Legal: " + self.legal_line(view.legal_moves))
        return lines

    def _bids_line(self, bids: Sequence[int | None], human: int) -> str:
        return " | ".join(
            f"{self.seat(seat, human)} {'-' if bid is None else bid}"
            for seat, bid in enumerate(bids)
        )

    def help_lines(self, game: AnyGame) -> list[str]:
        """How to bid and play, and the rules in brief."""
        lines = [
            "Bidding: type the number of tricks you bid (2 or bid 2).",
            "Playing: type a card, rank then suit, in any case (QS, q♠, 10h, TH), or its",
            "number in the Legal list.",
            "Follow the suit led if you can; otherwise play any card. The highest trump",
            "wins the trick, else the highest card of the suit led.",
        ]
        if isinstance(game, OhHell):
            if game.hook:
                lines.append("The dealer bids last and may not make the bids add up to the tricks.")
            lines.append(_scoring_help(game))
        return [*lines, *COMMAND_HELP]

    def event_lines(
        self, event: cr.Event, text: str, human: int, game: AnyGame | None
    ) -> list[str]:
        """A trick won is told without points (in Oh Hell a trick is counted, not
        scored: the deal's end tells the scores); every other event as usual."""
        if isinstance(event, cr.TrickWon):
            verb = "take" if event.seat == human else "takes"
            cards = cr.format_cards(event.cards)
            return [
                f"  {self.seat_title(event.seat, human)} {verb} trick {event.number} ({cards})."
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
        """At the end of a deal, each player's bid, tricks taken and score (from the
        human's view ``before`` the step and the tricks the step completed)."""
        if not isinstance(event, cr.HandScored) or not isinstance(game, OhHell):
            return []
        tricks = self.hand_tricks(event, events, before)
        if tricks is None or before.phase is not None:
            return []
        taken = [0] * game.players
        for _, winner, _ in tricks:
            taken[winner] += 1
        lines = []
        for seat, (bid, won) in enumerate(zip(before.payload, taken, strict=True)):
            score = seat_score(game.scoring, bid, won, game.per_trick, game.bonus)
            verdict = "made it" if bid == won else "missed"
            lines.append(
                f"  {self.seat_title(seat, human)}: bid {bid}, took {won} ({verdict}): {score:+d}"
            )
        return lines


def _scoring_help(game: OhHell) -> str:
    """The scoring in one line."""
    per, bonus = game.per_trick, game.bonus
    made = f"a bid made scores {bonus} plus {per} a trick"
    if game.scoring == "exact":
        return f"Scoring: {made}; a bid missed scores nothing."
    if game.scoring == "tricks":
        return f"Scoring: every trick scores {per}, a bid made {bonus} more."
    return f"Scoring: {made}; a bid missed loses {per} a trick over or under."
