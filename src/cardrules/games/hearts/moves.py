"""Hearts' own move (:class:`PassCard`, one of the :data:`CARDS_PASSED` cards a player
passes before the play): what the rules, the parser of typed moves and the terminal
adapter share.

>>> from cardrules.moves import move_to_data
>>> move_to_data(PassCard("QS")), str(PassCard("QS")), PassCard("QS").hidden().text
({'move': 'hearts_pass', 'card': 'Q♠'}, 'pass Q♠', 'pass a card')
"""

from __future__ import annotations

import attrs

from cardrules.cards import Card
from cardrules.events import HiddenMove
from cardrules.moves import as_card, register_move
from cardrules.values import Immutable

__all__ = ["CARDS_PASSED", "PassCard"]

CARDS_PASSED = 3
"""How many cards each player passes in a deal with passing."""

_PASS_HIDDEN = HiddenMove("pass a card")


@register_move("hearts_pass")
@attrs.frozen
class PassCard(Immutable):
    """Pass ``card`` (one of three) to the player the deal's direction names."""

    card: Card = attrs.field(converter=as_card)

    def __str__(self) -> str:
        return f"pass {self.card}"

    def hidden(self) -> HiddenMove:
        """What the other seats are told of a pass: not the card."""
        return _PASS_HIDDEN
