"""Oh Hell's rule-of-thumb habits, which :class:`~cardrules.bots.HeuristicBot` plays
(through :meth:`OhHell.heuristic <cardrules.games.oh_hell.rules.OhHell.heuristic>`):
bid the tricks the hand's high cards and trumps look worth, then play to take exactly
that many."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules.cards import RANK_OF_INDEX, SUIT_OF_INDEX, Card
from cardrules.moves import Play

if TYPE_CHECKING:
    from cardrules.games.oh_hell.rules import OhHell
    from cardrules.tricks.engine import TrickView

__all__ = ["expected_tricks", "oh_hell_heuristic"]


def expected_tricks(hand: Sequence[Card], trump: int | None, top: int) -> float:
    """A rough count of the tricks ``hand`` takes when trumps are ``trump`` and the
    deck's highest rank is ``top``: a trump is worth from a quarter of a trick (its
    lowest) to a whole one (its highest), an ace of another suit 0.85, a king 0.5, a
    queen 0.2, lower cards nothing.

    >>> import cardrules as cr
    >>> round(expected_tricks(cr.parse_cards("AS KH 2C"), int(cr.Suit.SPADES), 14), 2)
    1.5
    """
    total = 0.0
    for card in hand:
        below_top = top - RANK_OF_INDEX[card]
        if SUIT_OF_INDEX[card] == trump:
            total += max(0.25, 1.0 - 0.12 * below_top)
        else:
            total += (0.85, 0.5, 0.2)[below_top] if below_top < 3 else 0.0
    return total


def oh_hell_heuristic(game: OhHell, view: TrickView, moves: Sequence[Any]) -> Any:
    """Oh Hell habits:

    - Bidding: the legal bid nearest :func:`expected_tricks` of the hand (the lower of
      two as near).
    - Wanting more tricks (fewer taken than bid): lead the highest card; following,
      win with the lowest card that wins when playing last, else the highest; unable
      to win, throw the lowest card.
    - Wanting no more: lead the lowest card; following, play the highest card that
      loses to the trick so far; if every card wins, the highest when playing last (the
      trick is lost anyway), else the lowest.

    Cards rank by trumps first, then rank. It reads only the view.
    """
    trump = game.trump_of(view)
    if view.phase == "bid":
        estimate = expected_tricks(view.hand, trump, game.ranks + 1)
        return min(moves, key=lambda bid: (abs(bid.tricks - estimate), bid.tricks))
    cards = [move.card for move in moves]

    def height(card: Card) -> tuple[bool, int]:
        return SUIT_OF_INDEX[card] == trump, RANK_OF_INDEX[card]

    wanted = view.payload[view.seat] > view.round_scores[view.seat]
    trick = view.trick.cards
    if not trick:
        return Play(max(cards, key=height) if wanted else min(cards, key=height))
    table = game.suit_table(trump)
    place = len(trick)
    winners = [card for card in cards if table.winning_index((*trick, card)) == place]
    losers = [card for card in cards if card not in winners]
    last = place == len(view.hand_sizes) - 1
    if wanted:
        if winners:
            return Play(min(winners, key=height) if last else max(winners, key=height))
        return Play(min(cards, key=height))
    if losers:
        return Play(max(losers, key=height))
    return Play(max(cards, key=height) if last else min(cards, key=height))
