"""UNO's rule-of-thumb habits, which :class:`~cardrules.bots.HeuristicBot` plays
(through :meth:`Uno.heuristic <cardrules.games.uno.rules.Uno.heuristic>`). They read
the seat's view only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardrules.games.uno.moves import SwapHands
from cardrules.moves import NameSuit, Pass, Play
from cardrules.shedding.moves import CallOut, JumpIn

__all__ = ["colour_held_most", "uno_heuristic"]

_ATTACKS = frozenset({"draw_two", "skip", "reverse"})
"""The coloured cards that hurt the next player (a reverse with two players: a skip
in the official rules, else a card that keeps the turn from them all the same)."""
_KEEP_WILDS_ABOVE = 3
"""With more cards than this in hand and nobody close to going out, a player draws
rather than play their last wilds."""
_THREAT = 2
"""A player with this many cards or fewer is close to going out."""


def colour_held_most(hand: Sequence[Any], leaving: Any = None) -> int:
    """The colour (its number) of which ``hand`` holds the most cards, the card
    ``leaving`` the hand and the wilds not counted; the one whose cards are worth more
    among equals, then the first; 0 (red) with no coloured card.

    >>> from cardrules.decks import UNO_108
    >>> hand = UNO_108.parse_cards("B1 B2 G9 W")
    >>> colour_held_most(hand), colour_held_most(hand, leaving=hand[0]), colour_held_most(hand[3:])
    (2, 3, 0)
    """
    counts: Counter[int] = Counter()
    worth: Counter[int] = Counter()
    skipped = False
    for card in hand:
        if card == leaving and not skipped:
            skipped = True
            continue
        if card.suit is not None:
            counts[card.suit] += 1
            worth[card.suit] += card.value
    if not counts:
        return 0
    return max(sorted(counts), key=lambda colour: (counts[colour], worth[colour]))


def uno_heuristic(game: Any, view: Any, moves: Sequence[Any]) -> Any:
    """UNO habits, from the seat's ``view`` and its legal ``moves``:

    - Catch a player who did not say "UNO" whenever possible, jump in whenever
      possible, and always say "UNO" with the next-to-last card.
    - Play a coloured card rather than draw; among them, against a next player close
      to going out (two cards or fewer) a draw two, a skip or a reverse first; else the
      card worth the most points (shed high points: the winner scores what is left),
      then the one after which the most cards of the hand are of the colour to match.
    - Keep wilds for when no coloured card plays: with more than three cards and the
      next player not close to going out, draw instead; a wild draw four before a wild
      only against a player close to going out. A wild names the colour held most.
    - After a seven (seven-zero), swap hands with the player holding the fewest cards.
    - With nothing to play, draw; when drawing is over, play the drawn card if it
      plays, else pass.

    >>> import types
    >>> from cardrules.decks import UNO_108
    >>> hand = UNO_108.parse_cards("B1 B7 R7 W")
    >>> view = types.SimpleNamespace(seat=0, hand=hand, hand_sizes=(4, 5), direction=1)
    >>> moves = [Play(UNO_108.parse("R7")), Play(UNO_108.parse("B7"))]
    >>> uno_heuristic(None, view, moves)  # keeps to blue, held most
    Play(card=UnoCard.parse('B7'), suit=None, announce=False)
    """
    if len(moves) == 1:
        return moves[0]
    seat = view.seat
    calls = [move for move in moves if isinstance(move, CallOut) and move.caller == seat]
    if calls:
        return calls[0]
    jumps = [move for move in moves if isinstance(move, JumpIn) and move.seat == seat]
    if jumps:  # a card shed out of turn: saying UNO with it, a wild naming the colour held most
        said = [move for move in jumps if move.play.announce] or jumps
        wanted = colour_held_most(view.hand, leaving=said[0].play.card)
        return next((move for move in said if move.play.suit == wanted), said[0])
    mine = [move for move in moves if not isinstance(move, (CallOut, JumpIn))]
    names = [move for move in mine if isinstance(move, NameSuit)]
    if names:
        wanted = colour_held_most(view.hand)
        return next((move for move in names if int(move.suit) == wanted), names[0])
    swap = _swap(view, mine)
    if swap is not None:
        return swap
    plays: list[Any] = [move for move in mine if isinstance(move, Play)]
    others = [move for move in mine if not isinstance(move, Play)]
    if not plays:
        draw = next((move for move in others if not isinstance(move, Pass)), None)
        return draw if draw is not None else (others or moves)[0]
    if any(move.announce for move in plays):
        plays = [move for move in plays if move.announce]
    sizes = view.hand_sizes
    next_seat = (seat + view.direction) % len(sizes)
    threatened = sizes[next_seat] <= _THREAT
    coloured = [move for move in plays if move.card.suit is not None]
    if coloured:
        return max(coloured, key=lambda move: _preference(move, view.hand, threatened))
    drawing = [move for move in others if not isinstance(move, Pass)]
    if drawing and len(view.hand) > _KEEP_WILDS_ABOVE and not threatened:
        return drawing[0]
    fours = [move for move in plays if move.card.kind == "wild_draw_four"]
    wilds = [move for move in plays if move.card.kind != "wild_draw_four"]
    chosen = (fours or wilds) if threatened else (wilds or fours)
    wanted = colour_held_most(view.hand, leaving=chosen[0].card)
    return next((move for move in chosen if int(move.suit) == wanted), chosen[0])


def _preference(move: Play, hand: Sequence[Any], threatened: bool) -> tuple[int, int, int, int]:
    card: Any = move.card
    colour = card.suit
    rest = list(hand)
    rest.remove(card)
    follow = sum(1 for other in rest if other.suit == colour)
    attack = threatened and card.kind in _ATTACKS
    return (int(attack), card.value, follow, int(card))


def _swap(view: Any, moves: Sequence[Any]) -> Any | None:
    """The swap (seven-zero) with the seat holding the fewest cards, or ``None`` if
    ``moves`` are no swaps."""
    swaps = [move for move in moves if isinstance(move, SwapHands)]
    if not swaps:
        return None
    return min(swaps, key=lambda move: (view.hand_sizes[move.with_seat], move.with_seat))
