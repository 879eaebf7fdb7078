"""Oh Hell moves from text (:meth:`OhHell.read_move
<cardrules.games.oh_hell.rules.OhHell.read_move>`): a bid as a number of tricks (``2``,
``bid 2``), a card played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules._movetext import card_named, digit_count, short_number
from cardrules._text import shown
from cardrules.errors import IllegalMoveError, MoveParseError
from cardrules.games.oh_hell.moves import Bid
from cardrules.moves import Play
from cardrules.tricks.parsing import bid_words, read_play

__all__ = ["bids_text", "read_oh_hell_move"]


def bids_text(bids: Sequence[Bid]) -> str:
    """The bids allowed, as ``0 to 5`` or ``0 to 5 but 2``.

    >>> bids_text([Bid(0), Bid(1), Bid(3)])
    '0 to 3 but 2'
    """
    numbers = sorted(bid.tricks for bid in bids)
    low, high = numbers[0], numbers[-1]
    missing = sorted(set(range(low, high + 1)) - set(numbers))
    if low == high:
        return str(low)
    text = f"{low} to {high}"
    return text + (f" but {missing[0]}" if missing else "")


def read_oh_hell_move(text: str, view: Any) -> Any:
    """The move ``text`` names for the seat of ``view``: in the bidding a bid, which
    must be one the seat may make when it is its turn (a bid above its cards, or the
    hooked dealer's barred bid, is refused saying what is allowed); in the play a card.

    >>> import cardrules as cr
    >>> game = cr.OhHell(players=4)
    >>> state = game.new_game(seed=1)
    >>> game.parse_move("bid 2", game.observe(state, state.to_move))
    Bid(tricks=2)
    """
    if view.phase != "bid":
        return read_play(text, view, "or a bid in the bidding")
    words = bid_words(text)
    legal = [move for move in view.legal_moves if isinstance(move, Bid)]
    most = len(view.hand)  # (no card is played in the bidding)
    allowed = bids_text(legal) if legal else f"0 to {most}"
    if not (words.isascii() and words.isdigit()):
        card = card_named(words)
        if card is not None:
            return Play(card)  # (no card is played in the bidding: the rules say so)
        raise MoveParseError(
            f"{shown(text.strip())} is not a bid; type a number of tricks: {allowed}"
        )
    if digit_count(words) > len(str(most)) or int(words) > most:
        raise IllegalMoveError(
            "bid_too_high", f"you may bid 0 to {most} tricks, not {short_number(words)}"
        )
    bid = Bid(int(words))
    if legal and bid not in legal:
        raise IllegalMoveError(
            "dealer_hook",
            f"as dealer you may not bid {bid.tricks}: the bids would add up to the "
            f"{most} tricks; bid {allowed}",
        )
    return bid
