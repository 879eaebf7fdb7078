"""UNO's move of its own: with the seven-zero house rule, the player who played a 7
swaps hands with a player of their choice (:class:`SwapHands`). Registered with
:func:`~cardrules.moves.register_move`, so records, move ids and the command line know
it.

>>> SwapHands(2), str(SwapHands(2)), SwapHands(2).to_data()
(SwapHands(with_seat=2), 'swap hands with seat 2', {'move': 'uno_swap_hands', 'with_seat': 2})
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.moves import as_seat, register_move
from cardrules.values import Immutable

__all__ = ["SwapHands"]


@register_move("uno_swap_hands")
@attrs.frozen(cache_hash=True)
class SwapHands(Immutable):
    """Swap hands with ``with_seat``: the move of the player who has just played a 7
    under the seven-zero house rule (any other seat, the one with the fewest cards
    included). Everybody sees which hands changed places, no card."""

    with_seat: int = attrs.field(converter=as_seat)

    def to_data(self) -> dict[str, Any]:
        """This move as data, as records write it
        (:func:`~cardrules.moves.move_to_data`)."""
        return {"move": "uno_swap_hands", "with_seat": self.with_seat}

    def __str__(self) -> str:
        return f"swap hands with seat {self.with_seat}"
