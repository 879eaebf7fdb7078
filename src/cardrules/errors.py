"""The exceptions cardrules raises.

Every error from bad input is a :class:`CardrulesError`, and also the built-in exception
a Python user would expect (``ValueError`` for a bad value, ``TypeError`` for a wrong
type), so ``except ValueError`` keeps working. Messages say what was wrong and what is
allowed.
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "CardrulesError",
    "IllegalMoveError",
    "MoveTypeError",
    "RecordError",
    "RulesError",
    "SetupError",
]


class CardrulesError(Exception):
    """Base class of every error cardrules raises on bad input."""


class CardParseError(CardrulesError, ValueError):
    """Text that is not a card, a suit or a rank."""


class RulesError(CardrulesError, ValueError):
    """An impossible rules option, e.g. five players for Cramps."""


class SetupError(CardrulesError, ValueError):
    """A bad starting position: a stacked deck that is not the right cards, a bad dealer
    seat, hands that do not fit the rules."""


class IllegalMoveError(CardrulesError, ValueError):
    """A move the rules do not allow in this state.

    ``reason`` is a short stable code for programs (``"not_your_turn"``,
    ``"not_in_hand"``, ``"must_follow_suit"``, ``"game_over"``, …); the message is for
    people.

    >>> err = IllegalMoveError("must_follow_suit", "you hold a ♠ and must play one")
    >>> err.reason, str(err)
    ('must_follow_suit', 'you hold a ♠ and must play one')
    """

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class MoveTypeError(CardrulesError, TypeError):
    """Something that is not a move at all was passed as a move (a move of another game
    is an :class:`IllegalMoveError`)."""


class RecordError(CardrulesError, ValueError):
    """A game record that is malformed, or whose moves do not replay legally."""
