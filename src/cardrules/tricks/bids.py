"""Bids kept as a trick game's payload: one entry per seat, in seat order, made round
the table from the dealer's left (Oh Hell).

:func:`check_bids` is what such a game's
:meth:`~cardrules.tricks.engine.TrickGame.check_payload` asks of a position's bids.
"""

from __future__ import annotations

from typing import Any

from cardrules._text import shown
from cardrules.errors import SetupError

__all__ = ["check_bids"]


def check_bids(state: Any, players: int, game: str = "the game") -> None:
    """Raise :class:`~cardrules.SetupError` unless ``state.payload`` is the bids of a
    deal whose seats bid once each from the dealer's left: a tuple of ``players``
    entries, each a number of tricks from 0 to ``state.hand_size`` for a seat that has
    bid, ``None`` for one that has not. In the play every seat has bid; in the bidding
    (phase ``"bid"``), the seats from the dealer's left up to the seat to move.

    >>> from types import SimpleNamespace as Position
    >>> check_bids(Position(payload=(2, None, None), phase="bid", dealer=2, to_move=1,
    ...                     hand_size=5), 3)
    >>> check_bids(Position(payload=(None,) * 3, phase=None, hand_size=5), 3, "Oh Hell")
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    cardrules.errors.SetupError: Oh Hell's payload is the bids, one per seat in seat order: ...
    """
    bids, most = state.payload, state.hand_size
    if state.phase == "bid":
        dealer = state.dealer
        bid = (state.to_move - dealer - 1) % players  # how many seats have bid
        made = {(dealer + k) % players for k in range(1, bid + 1)}
        which = "in the bidding, the seats from the dealer's left up to the seat to move"
    else:
        made = set(range(players))
        which = "in the play, every seat"
    if (
        type(bids) is not tuple
        or len(bids) != players
        or not all(
            (type(bid) is int and 0 <= bid <= most) if seat in made else bid is None
            for seat, bid in enumerate(bids)
        )
    ):
        raise SetupError(
            f"{game}'s payload is the bids, one per seat in seat order: a number of tricks "
            f"from 0 to {most} for each seat that has bid ({which}), None for any other; "
            f"not {shown(bids)}"
        )
