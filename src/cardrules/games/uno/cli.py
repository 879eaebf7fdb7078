"""UNO at the terminal: :class:`UnoAdapter` (``cardrules play uno``).

The human types a card (``r5``, ``red 5``, ``rs``, ``r+2``), a wild with the colour it
names (``wild blue``, ``w+4 g``), ``uno`` after the card to say it (``r5 uno``), ``d``
to draw, ``p`` to pass, ``uno 2`` to catch a player who did not say "UNO", a colour
alone when one is named, ``swap 2`` after a 7 (seven-zero), or the number of a move in
the Legal list (what is read is the rules' own: :mod:`cardrules.games.uno.parsing`).
The screen shows the top card and the colour to match, the direction of play, the
stock, the cards each player holds, the scores and the hand by colour.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cardrules._wording import cards_text, direction_text
from cardrules.decks import UNO_108
from cardrules.events import Event, HandScored
from cardrules.games.uno.moves import SwapHands
from cardrules.moves import NameSuit, Pass, Play
from cardrules.shedding.moves import CallOut, Draw, JumpIn
from cardrules.shedding.terminal import SheddingAdapter, hand_at_end
from cardrules.terminal import COMMAND_HELP, AnyGame

__all__ = ["UnoAdapter"]

_COLOURS = "r, y, b, g or red, yellow, blue, green"


class UnoAdapter(SheddingAdapter):
    """UNO at the terminal: the top card and the colour to match, the direction of
    play, the stock, the cards each player holds, who can be caught without "UNO", the
    scores and the target, the hand by colour; moves typed as text or picked by
    number."""

    round_word = "hand"
    input_hint = "a card like r5 or red 5, wild blue, w+4 g, d to draw, or a number"

    # -- moves as text ---------------------------------------------------------------

    def move_text(self, move: Any) -> str:
        """``R5``, a wild with the colour it names ``W→blue``, ``R5 UNO!``, ``draw``,
        ``pass``, ``name red``, ``catch seat 2``, ``swap with seat 2``, ``jump in with
        R5``.

        >>> adapter = UnoAdapter()
        >>> wild = Play(UNO_108.parse("W"), suit="blue")
        >>> adapter.move_text(wild), adapter.move_text(Play(UNO_108.parse("R5"), announce=True))
        ('W→blue', 'R5 UNO!')
        """
        if isinstance(move, Play):
            text = str(move.card)
            if move.suit is not None:
                text += "→" + str(move.suit)
            return text + (" UNO!" if move.announce else "")
        if isinstance(move, Draw):
            return "draw"
        if isinstance(move, Pass):
            return "pass"
        if isinstance(move, NameSuit):
            return f"name {move.suit}"
        if isinstance(move, CallOut):
            return "catch" if move.target is None else f"catch seat {move.target}"
        if isinstance(move, JumpIn):
            return f"jump in with {self.move_text(move.play)}"
        if isinstance(move, SwapHands):
            return f"swap with seat {move.with_seat}"
        return str(move)

    def prompt(self, legal: Sequence[Any]) -> str:
        """The prompt asks for a colour when one is to be named.

        >>> UnoAdapter().prompt([NameSuit(UNO_108.suit(0))]).split(",")[:2]
        ['Name the colour (r', ' y']
        """
        if any(isinstance(move, NameSuit) for move in legal):
            return f"Name the colour ({_COLOURS}; or a number, ? for help, q to quit): "
        return f"Your move ({self.input_hint}, ? for help, q to quit): "

    # -- the table -------------------------------------------------------------------

    def describe_start(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The game in a line and the human's seat (the deal is told by its events;
        the seed only at the end)."""
        return [
            f"UNO: {len(view.hand_sizes)} players; match the colour, number or symbol of the "
            f"top card, or play a wild and name a colour. {_goal(game)} You are seat {human}.",
            "Type ? for help.",
        ]

    def render_turn(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """Hand number and dealer, the direction of play, the top card and the colour
        to match, a running count of draw cards, the stock, the players open to a catch,
        the cards each holds, the scores, the hand by colour and the legal moves
        numbered: from the human's view only."""
        lines = [
            "",
            f"Hand {view.hand_number}, dealer {self.seat(view.dealer, human)}; "
            f"play goes {direction_text(view.direction)}.",
            f"Top card {_top(view)}, colour to match: {_colour(view.suit)}. "
            f"Stock: {cards_text(view.stock_size)}.",
        ]
        count = getattr(view, "count", 0)
        if count:
            lines.append(f"The draw cards add up to {count}: add one or draw {count}.")
        if view.draws_this_turn and view.to_move == human:
            lines.append(f"You have drawn {cards_text(view.draws_this_turn)} this turn.")
        exposed = [seat for seat in getattr(view, "exposed", ()) if seat != human]
        if exposed:
            named = ", ".join(self.seat(seat, human) for seat in exposed)
            how = " or ".join(f"uno {seat}" for seat in exposed)
            lines.append(f"Not said UNO with one card: {named} (type {how} to catch them).")
        lines += [
            f"Cards held:  {self.score_line(view.hand_sizes, human)}",
            f"Scores:      {self.score_line(view.scores, human)}  ({_goal(game)})",
        ]
        if any(isinstance(move, NameSuit) for move in view.legal_moves):
            lines.append(f"The card turned up is {_top(view)}: name the colour to match.")
        lines += self.colour_lines(view.hand, title=f"Your hand ({cards_text(len(view.hand))}):")
        lines.append("Legal: " + self.legal_line(view.legal_moves))
        return lines

    def colour_lines(self, hand: Iterable[Any], *, title: str = "Your hand:") -> list[str]:
        """The human's ``hand`` one line per colour, then the wilds (``-`` for none).

        >>> for line in UnoAdapter().colour_lines(UNO_108.parse_cards("R5 W B+2 R0")):
        ...     print(line)
        Your hand:
          red     R5 R0
          yellow  -
          blue    B+2
          green   -
          wild    W
        """
        cards = list(hand)
        lines = [title]
        for number, colour in enumerate(UNO_108.suits):
            held = [card for card in cards if card.suit == number]
            lines.append(f"  {colour:<7} {UNO_108.format(held) or '-'}")
        wild = [card for card in cards if card.suit is None]
        lines.append(f"  {'wild':<7} {UNO_108.format(wild) or '-'}")
        return lines

    def help_lines(self, game: AnyGame) -> list[str]:
        """How to type moves and the rules in brief."""
        lines = [
            "Play a card of the colour to match, or of the top card's number or symbol,",
            "by typing it: r5, red 5, rs or red skip, rr (reverse), r+2 (draw two), or",
            "its number in the Legal list. A wild names the colour: wild blue, w b,",
            "w+4 g (wild draw four). Colours: " + _COLOURS + ".",
            "Say UNO with your next-to-last card: r5 uno (or r5!). Catch a player who",
            "did not: uno 2 (or catch 2), before the next player moves.",
            "d or draw: draw from the stock; p or pass: pass when you may.",
            "A skip skips the next player, a reverse turns the direction of play, a",
            "draw two and a wild draw four make the next player draw and lose the turn.",
        ]
        if getattr(game, "seven_zero", False):
            lines.append("Seven-zero: after a 7 swap hands with a player (swap 2); a 0 passes")
            lines.append("every hand along in the direction of play.")
        if getattr(game, "jump_in", False):
            lines.append("Jump-in: holding the very card just played, type it to play it at")
            lines.append("once, out of turn; play goes on from you.")
        lines.append(
            "The player out scores the cards left in the others' hands (numbers face value, "
            f"actions 20, wilds 50). {_goal(game)}"
        )
        return [*lines, *COMMAND_HELP]

    # -- what happened ----------------------------------------------------------------

    def event_lines(self, event: Event, text: str, human: int, game: AnyGame | None) -> list[str]:
        """The library's text, with the goal after the scores."""
        if isinstance(event, HandScored) and game is not None:
            return ["", f"{text} ({_goal(game)})"]
        return super().event_lines(event, text, human, game)

    def explain(
        self,
        event: Event,
        events: Sequence[Event],
        before: Any,
        human: int,
        game: AnyGame | None,
    ) -> list[str]:
        """At the end of a hand, the cards the human still held and their points (their
        view before the step, with the cards their draws in it named)."""
        if not isinstance(event, HandScored) or game is None:
            return []
        held = hand_at_end(events, event, before, human)
        if not held:  # (none left, or not known)
            return []
        total = sum(UNO_108.kinds[card].value for card in held)
        return [f"  Your cards left: {UNO_108.format(sorted(held))} ({total} points)."]


def _top(view: Any) -> str:
    top = getattr(view, "top", None)
    return "none" if top is None else str(top)


def _colour(suit: Any) -> str:
    """The colour to match in words (a suit object, or its number)."""
    if suit is None:
        return "any"
    return str(UNO_108.suit(int(suit)))


def _goal(game: Any) -> str:
    """What wins the game, in a sentence."""
    target = getattr(game, "target", None)
    if target is None:
        if getattr(game, "scoring", "") == "rlcard":
            return "One hand; the first out wins."
        return "One hand; the player out scores."
    return f"First to {target} points wins."
