"""Spades' rule-of-thumb habits, which :class:`~cardrules.bots.HeuristicBot` plays
(through :meth:`Spades.heuristic <cardrules.games.spades.rules.Spades.heuristic>`).

The bid counts the tricks a hand should take (:func:`estimate_tricks`); the play
tries to make the side's contract, then to set the other side's, and otherwise to take
no more tricks than it must (bags cost); a player who bid Nil ducks every trick, and
its partner covers it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules.cards import RANK_OF_INDEX, SUIT_OF_INDEX, Card, Rank, Suit
from cardrules.games.spades.moves import BLIND_NIL, LOOK_AT_HAND, Bid, Bidding
from cardrules.moves import Play

if TYPE_CHECKING:
    from cardrules.games.spades.rules import Spades
    from cardrules.tricks.state import TrickView

__all__ = ["estimate_tricks", "spades_heuristic"]

_SPADE = Suit.SPADES
_BLIND_NIL_WHEN_BEHIND = 200
"""How far behind a side must be before the heuristic bids Blind Nil."""


def estimate_tricks(hand: Sequence[Card]) -> float:
    """The tricks ``hand`` should take in a deal of Spades, roughly: its high spades
    and long spades, the aces and guarded kings of the other suits, and the ruffs its
    short suits promise when it has spades to spare.

    >>> import cardrules as cr
    >>> estimate_tricks(cr.parse_cards("AS KS 4S 3S AH KH 2H 5D 6D 7D 2C 3C 4C"))
    4.6
    """
    by_suit: dict[int, list[int]] = {suit: [] for suit in Suit}
    for card in hand:
        by_suit[SUIT_OF_INDEX[card]].append(RANK_OF_INDEX[card])
    spades = sorted(by_suit[_SPADE], reverse=True)
    tricks = 0.0
    for honour, needed in ((Rank.ACE, 1), (Rank.KING, 2), (Rank.QUEEN, 3), (Rank.JACK, 4)):
        if honour in spades and len(spades) >= needed:
            tricks += 1.0 if honour >= Rank.QUEEN else 0.5
    high = sum(1 for rank in spades if rank >= Rank.QUEEN)
    tricks += 0.8 * max(0, len(spades) - max(3, high))
    spare = max(0, len(spades) - 2)
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS):
        ranks = by_suit[suit]
        if Rank.ACE in ranks:
            tricks += 1.0
        if Rank.KING in ranks and len(ranks) >= 2:
            tricks += 0.8 if Rank.ACE in ranks else 0.6
        if len(ranks) <= 1 and spare:  # a void or a singleton: ruffs
            ruffs = min(spare, 2 - len(ranks))
            tricks += 0.5 * ruffs
            spare -= ruffs
    return round(tricks, 2)


def _looks_like_nil(hand: Sequence[Card]) -> bool:
    """A hand with few, low spades and no ace or king anywhere."""
    spades = [RANK_OF_INDEX[card] for card in hand if SUIT_OF_INDEX[card] == _SPADE]
    if len(spades) > 3 or any(rank >= Rank.JACK for rank in spades):
        return False
    return not any(RANK_OF_INDEX[card] >= Rank.KING for card in hand)


def spades_heuristic(game: Spades, view: TrickView, moves: Sequence[Any]) -> Any:
    """Spades habits:

    - Blind Nil only when the side is 200 or more behind and the partner has not bid
      Nil; else look at the cards.
    - Bid Nil with a hand of few, low spades and no ace or king (unless the partner
      bid Nil); else the tricks :func:`estimate_tricks` counts (at least 1, within the
      legal bids).
    - Having bid Nil (and taken nothing yet): duck every trick, shedding high cards
      when void.
    - Partner bid Nil: play high to cover them.
    - While the side still needs tricks, or the other side still needs tricks to make
      its contract: win the trick (cheaply when playing last), trumping when void,
      unless partner is already winning it; lead aces, then the top spade once spades
      are broken, else low from the longest side suit.
    - Otherwise duck, to take no bags.
    """
    first = moves[0]
    if first is BLIND_NIL or first is LOOK_AT_HAND:
        return _blind_choice(view, moves)
    if type(first) is Bid:
        return _bid(view, moves)
    return _play(game, view, moves)


def _blind_choice(view: TrickView, moves: Sequence[Any]) -> Any:
    seat, bidding = view.seat, view.payload
    behind = view.scores[1 - seat % 2] - view.scores[seat % 2]
    partner_nil = isinstance(bidding, Bidding) and bidding.bids[(seat + 2) % 4] == 0
    if behind >= _BLIND_NIL_WHEN_BEHIND and not partner_nil and BLIND_NIL in moves:
        return BLIND_NIL
    return LOOK_AT_HAND


def _bid(view: TrickView, moves: Sequence[Any]) -> Any:
    bidding = view.payload
    partner_bid = bidding.bids[(view.seat + 2) % 4] if isinstance(bidding, Bidding) else None
    hand = view.hand
    most = max(move.tricks for move in moves)
    if partner_bid != 0 and _looks_like_nil(hand):
        return moves[0]  # (Nil is always legal: the first bid)
    wanted = max(1, round(estimate_tricks(hand)))
    if partner_bid == 0:
        wanted += 1  # the side's contract rests on this hand alone
    pick = min(wanted, most)
    return next(move for move in moves if move.tricks == pick)


def _beats(card: Card, best: Card) -> bool:
    """Whether ``card`` beats ``best``, the card winning the trick so far."""
    suit, best_suit = SUIT_OF_INDEX[card], SUIT_OF_INDEX[best]
    if suit == best_suit:
        return RANK_OF_INDEX[card] > RANK_OF_INDEX[best]
    return suit == _SPADE


def _play(game: Spades, view: TrickView, moves: Sequence[Any]) -> Any:
    cards = [move.card for move in moves]
    bidding: Bidding = view.payload
    seat = view.seat
    partner = (seat + 2) % 4
    taken = [0, 0, 0, 0]
    for trick in view.tricks:
        if trick.winner is not None:
            taken[trick.winner] += 1
    bids = bidding.bids
    if bids[seat] == 0 and not taken[seat]:
        return Play(_duck(view, cards))
    if bids[partner] == 0 and not taken[partner]:
        return Play(_cover(view, cards, seat))

    def still_needs(side: int) -> bool:
        contract = counted = 0
        for member in (side, side + 2):
            if bids[member]:
                contract += bids[member] or 0
                counted += taken[member]
            elif game.nil_tricks == "count":
                counted += taken[member]
        return counted < contract

    if still_needs(seat % 2) or still_needs(1 - seat % 2):
        return Play(_win(game, view, cards, seat))
    return Play(_duck(view, cards))


def _low(cards: Sequence[Card]) -> Card:
    """The lowest card, a side suit's before a spade of the same rank."""
    return min(cards, key=lambda card: (RANK_OF_INDEX[card], SUIT_OF_INDEX[card] == _SPADE, card))


def _high(cards: Sequence[Card]) -> Card:
    return max(cards, key=lambda card: (RANK_OF_INDEX[card], card))


def _winning(view: TrickView) -> tuple[Card, int]:
    """The card winning the trick in progress, and where it lies in the trick."""
    trick = view.trick.cards
    best, where = trick[0], 0
    for index, card in enumerate(trick[1:], 1):
        if _beats(card, best):
            best, where = card, index
    return best, where


def _duck(view: TrickView, cards: Sequence[Card]) -> Card:
    """A card that loses the trick if there is one: the highest such; leading, the
    lowest card."""
    trick = view.trick.cards
    if not trick:
        side = [card for card in cards if SUIT_OF_INDEX[card] != _SPADE]
        return _low(side or cards)
    best, _ = _winning(view)
    losers = [card for card in cards if not _beats(card, best)]
    if losers:
        side = [card for card in losers if SUIT_OF_INDEX[card] != _SPADE]
        return _high(side or losers)
    return _high(cards) if len(trick) == 3 else _low(cards)


def _cover(view: TrickView, cards: Sequence[Card], seat: int) -> Card:
    """Play high to take the trick from a partner who bid Nil."""
    trick = view.trick.cards
    if not trick:
        return _high(cards)
    best, where = _winning(view)
    winners = [card for card in cards if _beats(card, best)]
    partner_played = (view.trick.leader + where) % 4 == (seat + 2) % 4
    if winners and (partner_played or len(trick) < 2):
        return _high(winners)
    return _low(cards)


def _win(game: Spades, view: TrickView, cards: Sequence[Card], seat: int) -> Card:
    """Take the trick, cheaply, unless partner already holds it."""
    trick = view.trick.cards
    if not trick:
        aces = [c for c in cards if RANK_OF_INDEX[c] == Rank.ACE and SUIT_OF_INDEX[c] != _SPADE]
        if aces:
            return aces[0]
        spades = [card for card in cards if SUIT_OF_INDEX[card] == _SPADE]
        if spades and game.is_broken(view) and RANK_OF_INDEX[_high(spades)] == Rank.ACE:
            return _high(spades)
        side = [card for card in cards if SUIT_OF_INDEX[card] != _SPADE]
        if not side:
            return _low(cards)
        longest = max(
            {SUIT_OF_INDEX[card] for card in side},
            key=lambda suit: (sum(1 for card in side if SUIT_OF_INDEX[card] == suit), -suit),
        )
        return _low([card for card in side if SUIT_OF_INDEX[card] == longest])
    best, where = _winning(view)
    partner_holds = (view.trick.leader + where) % 4 == (seat + 2) % 4
    winners = [card for card in cards if _beats(card, best)]
    last = len(trick) == 3
    if partner_holds and (
        last or RANK_OF_INDEX[best] >= Rank.KING or SUIT_OF_INDEX[best] == _SPADE
    ):
        return _low(cards)
    if not winners:
        return _low(cards)
    following = [card for card in winners if SUIT_OF_INDEX[card] == SUIT_OF_INDEX[trick[0]]]
    if following and not last:
        return _high(following)
    return _low(winners)
