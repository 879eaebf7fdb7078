"""Moves of a trick game from text, what the trick games share (:meth:`TrickGame.read_move
<cardrules.tricks.engine.TrickGame.read_move>`): a card played (``QS``, ``q♠``,
``10h``, ``play 10h``), and a bid as a number of tricks (``3``, ``bid 3``). Each game
reads the words of its own phases (Hearts' passes, Spades' Nil, Euchre's bidding).
"""

from __future__ import annotations

from typing import Any

from cardrules._movetext import held_card, read_card
from cardrules._text import shown
from cardrules.errors import MoveParseError
from cardrules.moves import Play

__all__ = ["bid_words", "read_play", "typed_words"]

_PLAY_WORDS = frozenset({"play", "plays"})
_BID_WORDS = frozenset({"bid", "b"})


def typed_words(text: str) -> list[str]:
    """``text`` as lower-case words.

    >>> typed_words("  Order UP ")
    ['order', 'up']
    """
    return text.lower().split()


def read_play(text: str, view: Any, hint: str = "") -> Play:
    """The play of the card ``text`` names (``play`` before it allowed), which the seat
    of ``view`` must hold: raises :class:`~cardrules.MoveParseError` (saying ``hint``
    too, what else may be typed) if it names no card, and
    :class:`~cardrules.IllegalMoveError` with the seat's hand if they do not hold it.

    >>> import cardrules as cr
    >>> game = cr.Cramps()
    >>> state = game.new_game(seed=1)
    >>> view = game.observe(state, state.to_move)
    >>> read_play(f"play {view.hand[0]}", view) == cr.Play(view.hand[0])
    True
    """
    words = [word for word in typed_words(text) if word not in _PLAY_WORDS]
    if len(words) != 1:
        what = "one card" + (f", {hint}" if hint else "")
        raise MoveParseError(f"{shown(text.strip())} names no move: type {what}, e.g. QS or 10h")
    return Play(held_card(read_card(words[0], hint), view.hand))


def bid_words(text: str) -> str:
    """``text`` without a ``bid`` before it, lower case, spaces squeezed: what names
    the bid.

    >>> bid_words(" Bid  3 "), bid_words("nil")
    ('3', 'nil')
    """
    words = typed_words(text)
    if len(words) > 1 and words[0] in _BID_WORDS:
        words = words[1:]
    return " ".join(words)
