"""President at the terminal: :class:`PresidentAdapter`.

The human types the cards of a play (``7h 7s``), a set by its size and rank (``three
9s``), ``p`` to pass, a card to give in the exchange before the play (``ks`` or ``give
ks``), or the number of a move in the Legal list. The screen shows the play on the
table and who made it, who passed on it, who is out and in which place, the exchange
the human takes part in, and the hand in the game's rank order.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any

from cardrules._wording import cards_text
from cardrules.cards import Card, format_cards
from cardrules.climbing.moves import PlayCards
from cardrules.events import CardsPassed, Event, HandScored
from cardrules.moves import Pass
from cardrules.terminal import COMMAND_HELP, AnyGame, GameAdapter

__all__ = ["PresidentAdapter"]


class PresidentAdapter(GameAdapter):
    """President at the terminal: the deal, the exchange, the table, the passes, the
    finishing order, the cards held and the scores, the hand in rank order; moves typed
    as text or picked by number."""

    round_word = "deal"
    input_hint = "cards like 7h 7s, three 9s, p to pass, or a number"

    def move_text(self, move: Any) -> str:
        """A play as its cards, ``pass``, ``give`` and the card.

        >>> adapter = PresidentAdapter()
        >>> adapter.move_text(PlayCards("7h 7s")), adapter.move_text(Pass())
        ('7♥ 7♠', 'pass')
        >>> from cardrules.climbing.moves import GiveCard
        >>> adapter.move_text(GiveCard("KS"))
        'give K♠'
        """
        if type(move) is PlayCards:
            return format_cards(move.cards)
        if type(move) is Pass:
            return "pass"
        return str(move)

    def describe_start(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The rules in brief and the human's seat (the deal is told by its events; the
        seed only at the end)."""
        players = len(view.hand_sizes)
        order = _order_text(game)
        return [
            f"President: {players} players; play one card or a set of one rank that beats "
            f"the table ({order}), or pass. {_goal(game)} You are seat {human}.",
            "Type ? for help.",
        ]

    def render_turn(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The deal and its dealer, the exchange the human takes part in, the table and
        the passes on it, who is out, the cards held and the scores, the hand in rank
        order and the legal moves numbered: from the human's view only."""
        lines = ["", f"Deal {view.deal_number}, dealer {self.seat(view.dealer, human)}."]
        if view.reversed:
            lines.append("Revolution: the rank order is reversed, low ranks beat high ones.")
        lines += self.exchange_lines(game, view, human)
        if view.phase == "play":
            lines.append(self.table_line(view, human))
        out = self.places_text(game, view.finished, human)
        if out:
            lines.append(f"Out:         {out}")
        lines += [
            f"Cards held:  {self.score_line(view.hand_sizes, human)}",
            f"Scores:      {self.score_line(view.scores, human)}  ({_goal(game)})",
            f"Your hand ({cards_text(len(view.hand))}): {self.hand_text(game, view)}",
            "Legal: " + self.legal_line(view.legal_moves),
        ]
        return lines

    def table_line(self, view: Any, human: int) -> str:
        """The play on the table, who made it and who passed on it since."""
        if not view.table:
            who = "you lead" if view.to_move == human else f"{self.seat(view.to_move, human)} leads"
            return f"Table empty: {who}."
        line = f"Table: {format_cards(view.table)} by {self.seat(view.table_seat, human)}"
        if view.passed:
            line += "; passed: " + ", ".join(self.seat(seat, human) for seat in view.passed)
        return line + "."

    def exchange_lines(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The exchanges of the deal the human takes part in (the others' are counts
        only, and not shown)."""
        lines = []
        for swap in view.swaps:
            if human not in (swap.giver, swap.receiver):
                continue
            given = [card for card in swap.cards if card is not None]
            if swap.giver == human:
                to = self.seat(swap.receiver, human)
                if swap.done:
                    lines.append(f"You gave {format_cards(given)} to {to}.")
                else:
                    left = swap.count - len(swap.cards)
                    chosen = f" (chosen so far: {format_cards(given)})" if given else ""
                    lines.append(f"Exchange: give {cards_text(left)} to {to}{chosen}.")
            elif swap.done:
                lines.append(f"You got {format_cards(given)} from {self.seat(swap.giver, human)}.")
            else:
                giver = self.seat(swap.giver, human)
                lines.append(f"Exchange: {giver} gives you {cards_text(swap.count)}.")
        return lines

    def places_text(self, game: AnyGame | None, finished: Sequence[int], human: int) -> str:
        """The seats out of cards in finishing order, each with its title if the game
        names them (President ... Scum)."""
        titles = getattr(game, "titles", None)
        named = titles() if callable(titles) else ()
        return ", ".join(
            f"{place}. {self.seat(seat, human)}"
            + (f" ({named[place - 1]})" if place <= len(named) else "")
            for place, seat in enumerate(finished, 1)
        )

    def hand_text(self, game: AnyGame, view: Any) -> str:
        """The hand in the game's rank order, weakest first, one group per rank."""
        hand = sorted(view.hand, key=lambda card: (_strength(game, card), card))
        groups = groupby(hand, key=lambda card: card.rank)
        return "  ".join(format_cards(cards) for _, cards in groups) or "(empty)"

    def event_lines(self, event: Event, text: str, human: int, game: AnyGame | None) -> list[str]:
        """The library's text, but the cards of an exchange are given, not passed (a
        pass is a move of its own in President).

        >>> import cardrules as cr
        >>> event = cr.CardsPassed(3, 0, cr.parse_cards("2C AH"))
        >>> PresidentAdapter().event_lines(event, str(event), 0, None)
        ['  Seat 3 gives 2♣ A♥ to you.']
        """
        if isinstance(event, CardsPassed):
            told = event.for_seat(human)
            cards = told.cards  # type: ignore[attr-defined]
            what = cards_text(len(cards)) if None in cards else format_cards(cards)
            giver = (
                "You give" if event.seat == human else f"{self.seat_title(event.seat, human)} gives"
            )
            return [f"  {giver} {what} to {self.seat(event.to, human)}."]
        return super().event_lines(event, text, human, game)

    def describe_step(
        self,
        events: Sequence[Event],
        before: Any,
        after: Any,
        human: int,
        game: AnyGame | None = None,
    ) -> list[str]:
        """The step's events, and after a deal's scores its finishing order with the
        titles (from the human's view ``after`` the step: the order of the deal before
        a new deal, the game's last once it is over)."""
        scored = next((event for event in events if isinstance(event, HandScored)), None)
        if scored is None or after is None:
            return super().describe_step(events, before, after, human, game)
        places = after.finished if after.winners else after.last_places
        lines = [f"Places: {self.places_text(game, places, human)}."]
        return self.tell(events, human, game, before=before, private=lines, private_after=scored)

    def help_lines(self, game: AnyGame) -> list[str]:
        """How to type moves and the rules in brief."""
        return [
            "Play one card or a set of one rank (a pair, three or four of a kind) that",
            f"beats the table: as many cards of a higher rank ({_order_text(game)}).",
            "Type the cards (7h 7s), the set by its size and rank (three 9s, a pair of",
            "kings), or its number in the Legal list; p or pass to pass. When everyone",
            "else passes, the last to play leads anew. The first out is the President,",
            "the last the Scum; before the next deal the Scum gives the President their",
            "best cards and gets back cards of the President's choice: type the card to",
            "give (ks or give ks), one at a time.",
            _goal(game),
            *COMMAND_HELP,
        ]


def _strength(game: Any, card: Card) -> int:
    strength = getattr(game, "card_strength", None)
    return int(strength(card)) if callable(strength) else int(card.rank)


def _order_text(game: Any) -> str:
    """The rank order in words."""
    return "3 low to 2 high" if getattr(game, "two_high", True) else "2 low to ace high"


def _goal(game: Any) -> str:
    """What wins the game, in a sentence."""
    deals = getattr(game, "deals", 1)
    length = "one deal" if deals == 1 else f"{deals} deals"
    return f"The game is {length}; the best total wins."
