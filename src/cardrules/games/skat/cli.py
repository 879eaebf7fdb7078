"""Skat at the terminal: :class:`SkatAdapter`, and the declared game in words
(:func:`game_text`, :func:`trumps_text`).

The human bids by typing a value (``18``, ``bid 20``) or ``pass``, answers ``hold``
(``yes``) or ``pass``, takes the skat (``take``) or plays ``hand``, lays two cards
aside one at a time (``discard 10s``), declares a game (``clubs``, ``grand``, ``null
ouvert``, ``hearts schneider`` in a hand game) and plays cards (``JS``, ``10h``); any
move but a bid may be picked by its number in the Legal list. The screen shows only
what the human's view holds: the skat and the cards laid aside to the declarer alone,
once picked up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cardrules as cr
from cardrules.cards import CARD_BIT, Card, Suit, format_cards, mask_of
from cardrules.events import Event, HandScored
from cardrules.games.skat.moves import (
    Declare,
    Hold,
    PlayHand,
    SkatBid,
    SkatDeal,
    SkatDiscard,
    TakeSkat,
)
from cardrules.games.skat.parsing import discard_choices
from cardrules.games.skat.rules import ORDERS, forehand, middlehand
from cardrules.games.skat.scoring import CARD_POINTS
from cardrules.terminal import COMMAND_HELP, AnyGame, GameAdapter
from cardrules.tricks.core import CardOrder

__all__ = ["SkatAdapter", "game_text", "trumps_text"]

_SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)  # (Skat's order)
_SHOWN_BIDS = 6


def game_text(game: Declare, hand: bool | None = None) -> str:
    """The game declared as players say it: its name, ``hand`` if it is a hand game,
    and what was announced.

    >>> game_text(Declare("hearts", schneider=True), hand=True)
    '♥ hand, schneider announced'
    >>> game_text(Declare("null", ouvert=True)), game_text(Declare("grand"), hand=False)
    ('Null ouvert', 'Grand')
    """
    text = game.name + (" hand" if hand else "")
    if game.ouvert:
        return f"{text} ouvert"
    if game.schwarz:
        return f"{text}, schwarz announced"
    if game.schneider:
        return f"{text}, schneider announced"
    return text


def trumps_text(game: Declare) -> str:
    """What the trumps of ``game`` are.

    >>> trumps_text(Declare("hearts"))
    'trumps J♣ J♠ J♥ J♦ then ♥ A 10 K Q 9 8 7'
    >>> trumps_text(Declare("grand")), trumps_text(Declare("null"))
    ('trumps the four jacks alone', 'no trumps; ace high, the ten between nine and jack')
    """
    if game.game == "null":
        return "no trumps; ace high, the ten between nine and jack"
    if game.game == "grand":
        return "trumps the four jacks alone"
    return f"trumps J♣ J♠ J♥ J♦ then {game.name} A 10 K Q 9 8 7"


class SkatAdapter(GameAdapter):
    """Skat at the terminal: the deal's seats (dealer, forehand, middlehand), the
    scores, the bidding so far or the declarer, their bid and game with its trumps,
    the card points taken, the trick so far, the hand with its trumps first; bids
    typed as values, everything else typed in Skat's words or picked by number."""

    round_word = "deal"
    input_hint = "a card like JS or its number"

    # -- moves as text ---------------------------------------------------------------

    def move_text(self, move: Any) -> str:
        """A card played or laid aside as the card, a declaration as the game (``♥
        schneider``, ``Grand``, ``Null ouvert``), every other move as its own text.

        >>> adapter = SkatAdapter()
        >>> adapter.move_text(Declare("hearts", schneider=True)), adapter.move_text(Hold())
        ('♥ schneider', 'hold')
        """
        if isinstance(move, (cr.Play, SkatDiscard)):
            return str(move.card)
        if isinstance(move, Declare):
            if move.ouvert:
                return f"{move.name} ouvert"
            if move.schwarz:
                return f"{move.name} schwarz"
            if move.schneider:
                return f"{move.name} schneider"
            return move.name
        return str(move)

    def listed_moves(self, legal: Sequence[Any]) -> list[Any]:
        """The discards in the order the hand is shown (the jacks, then ♣ ♠ ♥ ♦, each
        highest first); every other list in the rules' order."""
        if legal and all(type(move) is SkatDiscard for move in legal):
            return sorted(legal, key=lambda move: _shown_place(move.card))
        return list(legal)

    def legal_line(self, legal: Sequence[Any]) -> str:
        """In the bidding, the values the seat may bid or the answer it may give; else
        the moves numbered.

        >>> from cardrules.games.skat.scoring import BID_VALUES
        >>> SkatAdapter().legal_line([cr.Pass(), *(SkatBid(value) for value in BID_VALUES)])
        'pass, or bid 18 to 264: type the value (18, 20, 22, 23, 24, 27, ...)'
        >>> SkatAdapter().legal_line([Hold(), cr.Pass()])
        'hold (yes) or pass'
        """
        bids = [move.value for move in legal if type(move) is SkatBid]
        if bids:
            shown = ", ".join(str(value) for value in bids[:_SHOWN_BIDS])
            more = ", ..." if len(bids) > _SHOWN_BIDS else ""
            span = f"{bids[0]} to {bids[-1]}" if len(bids) > 1 else str(bids[0])
            return f"pass, or bid {span}: type the value ({shown}{more})"
        if any(type(move) is Hold for move in legal):
            return "hold (yes) or pass"
        return super().legal_line(legal)

    def numbers_pick(self, view: Any) -> bool:
        """In the bidding a number typed is the value bid, not a move of the list."""
        return not any(type(move) in (SkatBid, Hold) for move in view.legal_moves)

    def prompt(self, legal: Sequence[Any]) -> str:
        """The prompt says what the phase asks for."""
        kinds = {type(move) for move in legal}
        if SkatBid in kinds:
            return "Your bid (a value such as 18, or pass; ? for help, q to quit): "
        if Hold in kinds:
            return "Hold the bid or pass? (hold or pass; ? for help, q to quit): "
        if TakeSkat in kinds or PlayHand in kinds:
            return "Take the skat or play hand? (take, hand or a number; ? for help): "
        if SkatDiscard in kinds:
            return "Lay a card aside (like 10S, or a number; ? for help, q to quit): "
        if Declare in kinds:
            return "Your game (clubs, spades, hearts, diamonds, grand, null, or a number): "
        return super().prompt(legal)

    # -- the table -------------------------------------------------------------------

    def describe_start(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The deals of the game and the human's seat."""
        deals = getattr(game, "deals", 3)
        length = "one deal" if deals == 1 else f"{deals} deals"
        return [
            f"Skat: you are seat {human}, against seats "
            f"{' and '.join(str(seat) for seat in range(3) if seat != human)}; {length}, "
            "the highest total wins.",
            "Type ? for help.",
        ]

    def render_turn(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The deal and its seats, the scores, the bidding or the declarer and game,
        what the human laid aside, an open declarer's cards, the card points taken,
        the trick so far, the hand and the legal moves."""
        deal = view.payload if type(view.payload) is SkatDeal else SkatDeal()
        deals = getattr(game, "deals", None)
        number = f"Deal {view.round_number}" + (f" of {deals}" if deals else "")
        dealer = view.dealer
        lines = [
            "",
            f"{number}, dealer {self.seat(dealer, human)}: forehand "
            f"{self.seat(forehand(dealer), human)}, middlehand "
            f"{self.seat(middlehand(dealer), human)}.",
            f"Scores: {self.score_line(view.scores, human)}",
        ]
        openspiel = getattr(game, "bidding", "standard") == "openspiel"
        lines += self._contract_lines(deal, view, human, openspiel)
        if view.phase is None and deal.declarer is not None:
            lines.append(self._points_line(deal.declarer, view, human))
            plays = view.trick.plays(3)
            if plays:
                so_far = self.plays_text(plays, human)
                lines.append(f"Trick {view.trick_number} of {view.hand_size} so far: {so_far}")
            else:
                lines.append(f"You lead trick {view.trick_number} of {view.hand_size}.")
        order = None if deal.game is None else ORDERS[deal.game.game]
        hand = discard_choices(view) if view.seat == deal.declarer else view.hand
        lines += self.skat_hand_lines(hand, order)
        lines.append("Legal: " + self.legal_line(self.listed_moves(view.legal_moves)))
        return lines

    def _contract_lines(self, deal: SkatDeal, view: Any, human: int, openspiel: bool) -> list[str]:
        passed = ", ".join(self.seat(seat, human) for seat in deal.passed)
        passed_text = f" Passed: {passed}." if passed else ""
        declarer = deal.declarer
        if declarer is None:
            if openspiel:
                return [f"Bidding: each seat in turn names a game or passes.{passed_text}"]
            bidder = self.seat(deal.bidder, human)
            if deal.listener is None:
                return [f"Bidding: {bidder} may open at 18 or more, or pass.{passed_text}"]
            bid = f"the bid is {deal.bid}" if deal.bid else "no bid yet"
            listener = self.seat(deal.listener, human)
            verb = "bid" if deal.bidder == human else "bids"
            return [f"Bidding: {bidder} {verb} to {listener}; {bid}.{passed_text}"]
        who = self.seat(declarer, human)
        bid = f" at {deal.bid}" if deal.bid else ""
        lines = []
        if deal.game is None:
            how = {None: "", True: ", playing hand", False: ", took the skat"}[deal.hand]
            lines.append(f"Declarer: {who}{bid}{how}.")
        else:
            game = game_text(deal.game, deal.hand)
            lines.append(f"Declarer: {who}{bid}, playing {game}: {trumps_text(deal.game)}.")
        if deal.skat:
            lines.append(f"You picked up the skat: {format_cards(deal.skat)}.")
        if deal.discards:
            points = sum(CARD_POINTS[card] for card in deal.discards)
            lines.append(f"You laid aside: {format_cards(deal.discards)} ({points} points).")
        if deal.open_hand and declarer != human:
            lines.append(
                f"{self.seat_title(declarer, human)}'s open cards: {format_cards(deal.open_hand)}"
            )
        return lines

    def _points_line(self, declarer: int, view: Any, human: int) -> str:
        taken = [0, 0, 0]
        tricks = [0, 0, 0]
        for trick in view.tricks:
            taken[trick.winner] += sum(CARD_POINTS[card] for card in trick.cards)
            tricks[trick.winner] += 1
        side = sum(taken) - taken[declarer]
        side_tricks = sum(tricks) - tricks[declarer]
        who = self.seat(declarer, human)
        return (
            f"Card points taken: declarer ({who}) {taken[declarer]} in {tricks[declarer]} "
            f"trick{'s' if tricks[declarer] != 1 else ''}, defenders {side} in {side_tricks} "
            f"trick{'s' if side_tricks != 1 else ''}."
        )

    def skat_hand_lines(self, hand: Sequence[Card], order: CardOrder | None) -> list[str]:
        """The human's ``hand``: the trumps of the game declared ``order`` first,
        strongest first (before a game is declared, the jacks), then each suit, highest
        first by the game's order.

        >>> hand = cr.parse_cards("7H JD AH JC 10S")
        >>> SkatAdapter().skat_hand_lines(hand, ORDERS["hearts"])[1:]
        ['  Trumps  J♣ J♦ A♥ 7♥', '  ♣  -', '  ♠  10♠', '  ♦  -']
        >>> SkatAdapter().skat_hand_lines(hand, None)[1:3]
        ['  Jacks  J♣ J♦', '  ♣  -']
        """
        shown = order if order is not None else ORDERS["grand"]
        held = mask_of(hand)
        lines = ["Your hand:"]
        if shown.trumps:
            first = [card for card in shown.trumps if held & CARD_BIT[card]]
            title = "Trumps" if order is not None else "Jacks"
            lines.append(f"  {title}  {format_cards(first) or '-'}")
        for suit in _SUITS:
            cards = [
                card for card in hand if card.suit == suit and not shown.trump_mask & CARD_BIT[card]
            ]
            if order is not None and shown.trumps and not cards and _all_trumps(shown, suit):
                continue  # (the trump suit: shown among the trumps)
            cards.sort(key=lambda card: shown.plain.index(card.rank))
            lines.append(f"  {suit.symbol}  {format_cards(cards) or '-'}")
        return lines

    def help_lines(self, game: AnyGame) -> list[str]:
        """How to bid, take the skat, declare and play, and the rules in brief."""
        return [
            "Bidding: middlehand bids to forehand, then rearhand to the survivor. Type a",
            "value (18, 20, 22, 23, 24, 27, 30, ...) or pass; asked, answer hold (yes) or",
            "pass. Bid no more than your game is worth: base value (♦ 9, ♥ 10, ♠ 11,",
            "♣ 12, Grand 24) times matadors + 1 (+1 hand, schneider ...); Null 23.",
            "The declarer takes the skat (take) and lays two cards aside (discard 10s),",
            "or plays hand; then declares: clubs, spades, hearts, diamonds, grand, null,",
            "null ouvert; a hand game may announce schneider, schwarz or ouvert.",
            "Play a card by typing it (JS, 10h) or its number. Follow suit; the jacks are",
            "trumps (not their suit) except in Null. The declarer needs 61 card points",
            "(A 11, 10 10, K 4, Q 3, J 2); in Null, no trick at all.",
            *COMMAND_HELP,
        ]

    # -- what the declarer learns ---------------------------------------------------

    def describe_change(self, before: Any, after: Any, human: int) -> list[str]:
        """The skat's two cards, told to the declarer who picks them up.

        >>> import types
        >>> before = types.SimpleNamespace(payload=SkatDeal(declarer=0))
        >>> found = SkatDeal(declarer=0, skat=cr.parse_cards("JC 7H"))
        >>> after = types.SimpleNamespace(payload=found)
        >>> SkatAdapter().describe_change(before, after, 0)
        ['  You find J♣ 7♥ in the skat.']
        """
        old, new = getattr(before, "payload", None), getattr(after, "payload", None)
        if type(new) is not SkatDeal or new.declarer != human or not new.skat:
            return []
        if type(old) is SkatDeal and old.skat:
            return []
        return [f"  You find {format_cards(new.skat)} in the skat."]

    # -- the end of a deal -----------------------------------------------------------

    def explain(
        self,
        event: Event,
        events: Sequence[Event],
        before: Any,
        human: int,
        game: AnyGame | None,
    ) -> list[str]:
        """At the end of a deal, the declarer's game and the card points each side took
        in tricks (the cards laid aside counted for the declarer, their points told to
        the declarer alone), and whether the game was won: from the human's view
        ``before`` the step and the tricks the step completed."""
        if not isinstance(event, HandScored):
            return []
        deal = getattr(before, "payload", None)
        tricks = self.hand_tricks(event, events, before)
        if tricks is None or type(deal) is not SkatDeal:
            return []
        declarer = deal.declarer
        if declarer is None or deal.game is None:
            return ["  (Everybody passed: the deal scores nothing.)"]
        own = sum(
            CARD_POINTS[card] for _, winner, cards in tricks if winner == declarer for card in cards
        )
        side = sum(
            CARD_POINTS[card] for _, winner, cards in tricks if winner != declarer for card in cards
        )
        who = self.seat_title(declarer, human)
        played = f"{who} played {game_text(deal.game, deal.hand)}" + (
            f" at {deal.bid}" if deal.bid else ""
        )
        if deal.game.game == "null":
            taken = sum(1 for _, winner, _ in tricks if winner == declarer)
            points = "took no trick" if not taken else f"took a trick ({len(tricks)} played)"
        else:
            points = f"took {own} card points in tricks, the defenders {side}"
            if declarer == human and deal.discards:
                aside = sum(CARD_POINTS[card] for card in deal.discards)
                points += f"; your {aside} laid aside count for you ({own + aside})"
            else:
                points += "; the skat counts for the declarer"
        won = event.hand_scores[declarer] > 0
        verdict = "won" if won else "lost"
        return [f"  ({played}: {points}. The game is {verdict}: {event.hand_scores[declarer]:+d}.)"]


def _all_trumps(order: CardOrder, suit: Suit) -> bool:
    """Whether every card of ``suit`` (seven to ace) is a trump of ``order``."""
    return all(order.trump_mask & CARD_BIT[Card(rank, suit)] for rank in range(7, 15))


def _shown_place(card: Card) -> tuple[int, int]:
    """Where ``card`` is shown in a hand before a game is declared: the jacks first
    (♣ ♠ ♥ ♦), then the suits in Skat's order, each ace, ten, king ... seven."""
    grand = ORDERS["grand"]
    if grand.trump_mask & CARD_BIT[card]:
        return (0, grand.trumps.index(card))
    return (1 + _SUITS.index(card.suit), grand.plain.index(card.rank))
