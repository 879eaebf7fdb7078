"""Euchre's rule-of-thumb habits, which :class:`~cardrules.bots.HeuristicBot` plays
(through :meth:`Euchre.heuristic <cardrules.games.euchre.rules.Euchre.heuristic>`).

The habits weigh a hand for a trump suit (:func:`hand_strength`) to bid, go alone or
defend alone, and play the cards as most players learn to: lead trumps when the makers
hold the top one, otherwise an off-suit ace; win a trick as cheaply as possible unless
the partner already has it; throw the least useful card when the trick is lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules.cards import CARD_BIT, RANK_OF_INDEX, Card, Rank
from cardrules.moves import NameSuit, Pass, Play

if TYPE_CHECKING:
    from cardrules.games.euchre.rules import Euchre
    from cardrules.tricks.state import TrickView

__all__ = ["CALL", "GO_ALONE", "euchre_heuristic", "hand_strength"]

CALL = 21
"""The strength (:func:`hand_strength`) from which a player orders up or names trumps."""
GO_ALONE = 35
"""The strength from which the maker goes alone (and a defender defends alone)."""
PICKUP_SWING = 3
"""What the upcard going to the dealer is worth: to the dealer's side when it orders
up, against the other side when that side does."""

# What a trump is worth by its rank in the trump suit (the engine's trick_rank: the
# right bower 14, the left 13, then the ace 12 down to the nine 7).
_TRUMP_VALUE = {14: 9, 13: 8, 12: 7, 11: 6, 10: 5, 8: 4, 7: 4}
_OFF_ACE = 3
_OFF_KING = 1
_VOID = 2


def hand_strength(game: Euchre, hand: Sequence[Card], trump: int) -> int:
    """How good ``hand`` is with ``trump`` as trumps: its trumps by rank (the right
    bower 9 down to the nine 4), off-suit aces 3 and kings 1, and 2 for each off suit
    the hand is void in when it holds two trumps or more.

    >>> import cardrules as cr
    >>> hand_strength(cr.Euchre(), cr.parse_cards("JH JD AH AS 9C"), cr.Suit.HEARTS)
    29
    """
    points, trumps, suits = 0, 0, set()
    for card in hand:
        suit = game.effective_suit(card, trump)
        if suit == trump:
            trumps += 1
            points += _TRUMP_VALUE[game.trick_rank(card, trump)]
        else:
            suits.add(suit)
            rank = RANK_OF_INDEX[card]
            points += _OFF_ACE if rank == Rank.ACE else _OFF_KING if rank == Rank.KING else 0
    if trumps >= 2:
        points += _VOID * (3 - len(suits))
    return points


def euchre_heuristic(game: Euchre, view: TrickView, moves: Sequence[Any]) -> Any:
    """Euchre habits:

    - Bidding: order up (or pick up, as the dealer, counting the upcard in the hand
      and its worst card out) or name the best other suit when the hand's strength
      reaches :data:`CALL`; the upcard going to the dealer counts for the dealer's side
      and against the other; a stuck dealer names its best suit.
    - Going alone: the maker from :data:`GO_ALONE`; a defender only with more still.
    - Discarding: the dealer keeps trumps and aces, and throws the lowest other card,
      from a suit it can then be void in if it can.
    - Playing: see :func:`play_card`.
    """
    phase = view.phase
    if phase == "bid":
        return _bid(game, view, moves)
    if phase == "discard":
        return _discard(game, view, moves)
    if phase in ("alone", "defend"):
        trump = view.payload.trump
        needed = GO_ALONE if phase == "alone" else GO_ALONE + 3
        alone = hand_strength(game, view.hand, trump) >= needed
        return moves[0] if alone else moves[-1]  # (GoAlone(True), GoAlone(False))
    return play_card(game, view, moves)


def _bid(game: Euchre, view: TrickView, moves: Sequence[Any]) -> Any:
    seat, dealer, up = view.seat, view.dealer, view.turned_up
    named = [move for move in moves if isinstance(move, NameSuit)]
    if up is not None and len(named) == 1:  # the first round: the upcard's suit or pass
        trump = named[0].suit
        hand = list(view.hand)
        if seat == dealer:  # the dealer would take the upcard and throw its worst card
            hand.append(up)
            hand.remove(min(hand, key=lambda card: _keep_value(game, card, trump)))
        strength = hand_strength(game, hand, trump)
        strength += PICKUP_SWING if (seat - dealer) % 2 == 0 else -PICKUP_SWING
        return named[0] if strength >= CALL else moves[0]
    scored = [(hand_strength(game, view.hand, move.suit), move) for move in named]
    best, move = max(scored, key=lambda pair: pair[0])
    if best >= CALL or Pass() not in moves:  # (a stuck dealer may not pass)
        return move
    return moves[0]


def _discard(game: Euchre, view: TrickView, moves: Sequence[Any]) -> Any:
    trump = view.payload.trump
    counts: dict[int, int] = {}
    for card in view.hand:
        suit = game.effective_suit(card, trump)
        counts[suit] = counts.get(suit, 0) + 1

    def cost(move: Any) -> tuple[int, int, int]:
        card = move.card
        suit = game.effective_suit(card, trump)
        value = _keep_value(game, card, trump)
        # Emptying a short plain suit first (a void lets trumps in), never an ace.
        voids = suit != trump and RANK_OF_INDEX[card] != Rank.ACE and counts[suit] == 1
        return (value >= 50, 0 if voids else 1, value)

    return min(moves, key=cost)


def _keep_value(game: Euchre, card: Card, trump: int) -> int:
    """How much a card is worth keeping: trumps above all (by rank), then aces, then
    other cards by rank."""
    rank = game.trick_rank(card, trump)
    if game.effective_suit(card, trump) == trump:
        return 100 + rank
    return 50 + rank if RANK_OF_INDEX[card] == Rank.ACE else rank


def play_card(game: Euchre, view: TrickView, moves: Sequence[Any]) -> Any:
    """The card to play:

    - Leading: a trump (the highest) when the makers' side holds the highest trump
      still out and this seat is of that side; else an off-suit ace; else the lowest
      plain card (the lowest trump if all are trumps).
    - Following: the lowest card if the partner is winning the trick with a trump or
      an ace, or nothing wins; otherwise the lowest card that wins.
    """
    contract = view.payload
    trump, seat = contract.trump, view.seat
    cards = [move.card for move in moves]
    trick = view.trick
    if not trick.cards:
        return Play(_lead(game, view, cards, trump))
    plays = trick.plays(4)
    led = game.effective_suit(plays[0][1], trump)
    best_seat, best = plays[0]
    for player, card in plays[1:]:
        if _beats(game, card, best, led, trump):
            best_seat, best = player, card
    lowest = min(cards, key=lambda card: _keep_value(game, card, trump))
    partner_has_it = best_seat == (seat + 2) % 4 and (
        game.effective_suit(best, trump) == trump or RANK_OF_INDEX[best] == Rank.ACE
    )
    if partner_has_it:
        return Play(lowest)
    winners = [card for card in cards if _beats(game, card, best, led, trump)]
    if not winners:
        return Play(lowest)
    return Play(min(winners, key=lambda card: _keep_value(game, card, trump)))


def _lead(game: Euchre, view: TrickView, cards: list[Card], trump: int) -> Card:
    contract = view.payload
    trumps = [card for card in cards if game.effective_suit(card, trump) == trump]
    makers_side = (view.seat - contract.maker) % 2 == 0
    if trumps and makers_side:
        top = max(trumps, key=lambda card: game.trick_rank(card, trump))
        if _highest_trump_out(game, view, trump) == top:
            return top
    aces = [c for c in cards if c not in trumps and RANK_OF_INDEX[c] == Rank.ACE]
    if aces:
        return aces[0]
    plain = [card for card in cards if card not in trumps] or cards
    return min(plain, key=lambda card: _keep_value(game, card, trump))


def _highest_trump_out(game: Euchre, view: TrickView, trump: int) -> Card | None:
    """The highest trump not yet played (whoever holds it)."""
    played = view.played_mask
    unseen = [
        card
        for card in game.deck()
        if game.effective_suit(card, trump) == trump and not played & CARD_BIT[card]
    ]
    return max(unseen, key=lambda card: game.trick_rank(card, trump), default=None)


def _beats(game: Euchre, card: Card, best: Card, led: int, trump: int) -> bool:
    """Whether ``card`` beats ``best``, the winning card so far of a trick whose led
    suit (by effective suit) is ``led``."""
    suit = game.effective_suit(card, trump)
    best_suit = game.effective_suit(best, trump)
    if suit == best_suit:
        return game.trick_rank(card, trump) > game.trick_rank(best, trump)
    return suit == trump or (suit == led and best_suit not in (trump, led))
