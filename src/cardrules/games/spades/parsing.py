"""Spades moves from text (:meth:`Spades.read_move
<cardrules.games.spades.rules.Spades.read_move>`): a bid as a number of tricks (``4``,
``bid 4``; ``nil`` or ``0`` for Nil), ``blind`` or ``look`` when Blind Nil is offered,
and a card played.
"""

from __future__ import annotations

from typing import Any

from cardrules._movetext import card_named, digit_count, short_number
from cardrules._text import shown
from cardrules.errors import MoveParseError
from cardrules.games.spades.moves import BIDS, BLIND_NIL, LOOK_AT_HAND
from cardrules.moves import Play
from cardrules.tricks.parsing import bid_words, read_play

__all__ = ["read_spades_move"]

_NIL_WORDS = frozenset({"nil", "n", "0", "zero"})
_BLIND_WORDS = frozenset({"blind", "b", "blind nil", "bn"})
_LOOK_WORDS = frozenset({"look", "l", "see", "show", "look at my cards", "pick up"})


def read_spades_move(text: str, view: Any) -> Any:
    """The move ``text`` names for the seat of ``view``, legal or not.

    >>> import cardrules as cr
    >>> game = cr.Spades()
    >>> state = game.new_game(seed=1)
    >>> game.parse_move("nil", game.observe(state, state.to_move))
    Bid(tricks=0)
    """
    words = bid_words(text)
    if view.phase == "blind":
        if words in _BLIND_WORDS:
            return BLIND_NIL
        if words in _LOOK_WORDS:
            return LOOK_AT_HAND
        raise MoveParseError(
            f"{shown(text.strip())}: type blind (Blind Nil) or look (see your cards)"
        )
    if view.phase == "bid":
        if words in _NIL_WORDS:
            return BIDS[0]
        if words.isascii() and words.isdigit() and digit_count(words) <= 2 and int(words) <= 13:
            return BIDS[int(words)]
        if words in _BLIND_WORDS:
            return BLIND_NIL  # (the rules say why not now)
        card = card_named(words)
        if card is not None:
            return Play(card)  # (no card is played in the bidding: the rules say so)
        if words.isascii() and words.isdigit():
            text = short_number(text)
        raise MoveParseError(
            f"{shown(text.strip())} is not a bid: type a number of tricks from 0 (nil) to 13"
        )
    return read_play(text, view, "or bid in the bidding")
