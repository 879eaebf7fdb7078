"""Euchre moves from text (:meth:`Euchre.read_move
<cardrules.games.euchre.rules.Euchre.read_move>`): in the bidding ``pass``, ``order up``
(``pick up`` for the dealer; first round) or a suit (``clubs``, ``c``, ``♣``, ``name ♣``;
second round); ``alone`` or ``partner``; a card to discard (``9c``, ``discard 9c``) or to
play.

A bid the seat may not make is refused in Euchre's words (from the view: the upcard,
the round of the bidding): a suit other than the upcard's in the first round, the
upcard's suit once turned down, a stuck dealer's pass.
"""

from __future__ import annotations

from typing import Any

from cardrules._movetext import card_named, held_card, read_card, suit_named
from cardrules._text import shown
from cardrules.cards import Suit
from cardrules.errors import IllegalMoveError, MoveParseError
from cardrules.games.euchre.moves import FIRST_ROUND, Contract, Discard, GoAlone
from cardrules.moves import NameSuit, Pass, Play
from cardrules.tricks.parsing import read_play, typed_words

__all__ = ["read_euchre_move"]

_PASS_WORDS = frozenset({"p", "pass", "no", "n"})
_ORDER_WORDS = frozenset({"order", "orderup", "order-up", "up", "pick", "pickup", "pick-up"})
_ORDER_WORDS |= frozenset({"take", "accept", "yes", "y"})
_NAME_WORDS = frozenset({"name", "names", "trumps", "trump", "make", "bid"})
_ALONE_WORDS = frozenset({"alone", "a", "goalone", "go-alone", "loner", "yes", "y"})
_ALONE_WORDS |= frozenset({"defendalone", "defend"})
_PARTNER_WORDS = frozenset({"partner", "withpartner", "with-partner", "no", "n", "pass", "p"})
_PARTNER_WORDS |= frozenset({"playwithpartner"})


def read_euchre_move(text: str, view: Any) -> Any:
    """The move ``text`` names for the seat of ``view``, legal or not.

    >>> import cardrules as cr
    >>> game = cr.Euchre()
    >>> state = game.new_game(seed=1)
    >>> view = game.observe(state, state.to_move)
    >>> game.parse_move("order up", view) == cr.NameSuit(view.turned_up.suit)
    True
    """
    words = typed_words(text.replace("discard", " "))
    if not words:
        raise MoveParseError(f"{shown(text.strip())} names no move")
    phase = view.phase
    if phase == "bid":
        return _read_bid(words, text, view)
    if phase in ("alone", "defend"):
        word = "".join(words)
        if word in _ALONE_WORDS:
            return GoAlone(True)
        if word in _PARTNER_WORDS:
            return GoAlone(False)
        raise MoveParseError(f"{shown(text.strip())}: answer alone or partner")
    if phase == "discard":
        if len(words) != 1:
            raise MoveParseError(f"{shown(text.strip())}: type the card to discard, e.g. 9c")
        card = held_card(read_card(words[0], "type the card to discard, e.g. 9c"), view.hand)
        if card == view.turned_up:
            raise IllegalMoveError(
                "discard_upcard",
                f"you have just picked up {card}: discard another card of your hand",
            )
        return Discard(card)
    return read_play(" ".join(words), view)


def _read_bid(words: list[str], text: str, view: Any) -> Any:
    contract: Contract = view.payload
    up: Suit = view.turned_up.suit
    first_round = contract.passes < FIRST_ROUND
    others = ", ".join(suit.symbol for suit in Suit if suit != up)
    my_turn = view.to_move == view.seat
    if "".join(words) in _PASS_WORDS:
        if my_turn and Pass() not in view.legal_moves:
            raise IllegalMoveError(
                "dealer_stuck", f"the dealer is stuck: you must name a suit ({others})"
            )
        return Pass()
    if "".join(words) in _ALONE_WORDS - _ORDER_WORDS:
        return GoAlone(True)  # (asked once trumps are made: the rules say so)
    words = [word for word in words if word not in _NAME_WORDS]
    suit = suit_named(words[-1]) if words else None
    head = "".join(words[:-1] if suit is not None else words)
    if head in _ORDER_WORDS:
        if not first_round:
            raise IllegalMoveError(
                "turned_down", f"{up.symbol} was turned down: name another suit ({others}) or pass"
            )
        if suit is not None and suit != up:
            raise IllegalMoveError(
                "upcard_suit_only",
                f"only the upcard's suit may be ordered up: order up {up.symbol}, or pass",
            )
        return NameSuit(up)
    if head or suit is None:
        card = card_named(words[0]) if len(words) == 1 else None
        if card is not None:
            return Play(card)  # (no card is played in the bidding: the rules say so)
        raise MoveParseError(f"{shown(text.strip())}: bid pass, order up or a suit")
    if first_round and suit != up:
        raise IllegalMoveError(
            "upcard_suit_only",
            f"in the first round only the upcard's suit may be made trumps: order up "
            f"{up.symbol}, or pass",
        )
    if not first_round and suit == up:
        raise IllegalMoveError(
            "turned_down", f"{up.symbol} was turned down: name another suit ({others}) or pass"
        )
    return NameSuit(suit)
