"""Oh Hell's own move, :class:`Bid` (and :data:`BIDS`, the bids made once): what the
rules, the parser of typed moves and the terminal adapter share.

>>> from cardrules.moves import move_to_data
>>> move_to_data(BIDS[2]), BIDS[2] == Bid(2)
({'move': 'oh_hell_bid', 'tricks': 2}, True)
"""

from __future__ import annotations

import attrs

from cardrules.moves import register_move

__all__ = ["BIDS", "Bid"]


@register_move("oh_hell_bid")
@attrs.frozen
class Bid:
    """A bid of ``tricks`` tricks.

    >>> str(Bid(2))
    'bid 2'
    """

    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks}"


#: The bids of 0 to 51 tricks, made once (legal_moves gives these very values).
BIDS = tuple(Bid(n) for n in range(52))
