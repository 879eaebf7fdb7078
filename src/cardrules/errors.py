"""The exceptions cardrules raises.

Every error from bad input is a :class:`CardrulesError`, and also the built-in exception
a Python user would expect (``ValueError`` for a bad value, ``TypeError`` for a wrong
type), so ``except ValueError`` keeps working. Messages say what was wrong and what is
allowed.
"""

from __future__ import annotations

__all__ = [
    "ArenaError",
    "BotError",
    "CardParseError",
    "CardrulesError",
    "DataError",
    "EventError",
    "IllegalMoveError",
    "MoveParseError",
    "MoveTypeError",
    "RecordError",
    "RulesError",
    "SeatError",
    "SetupError",
    "SnapshotError",
    "StateError",
    "TableError",
]


class CardrulesError(Exception):
    """Base class of every error cardrules raises on bad input."""


class CardParseError(CardrulesError, ValueError):
    """Text (or a value) that names no card, suit or rank: ``Card.parse("1S")``,
    ``Card.from_index(52)``, ``parse_cards(None)``."""


class DataError(CardrulesError, TypeError):
    """A value with no data form (:func:`cardrules.data.to_data`): not a card, a suit, a
    number, text, a sequence, a mapping, an attrs class, a dataclass nor a value with a
    ``to_data()`` method (a game's payload of a class of its own, say)."""


class RulesError(CardrulesError, ValueError):
    """An impossible rules option, e.g. five players for Cramps."""


class SetupError(CardrulesError, ValueError):
    """A bad starting position: a stacked deck that is not the right cards, a bad dealer
    seat, hands that do not fit the rules, a seed that is not an int from 0 to
    2**64 - 1."""


class SeatError(CardrulesError, ValueError):
    """A seat that is not at the table: ``observe(state, 7)`` in a four-player game, a
    ``seat=`` that is not an int from 0 to ``players - 1`` (``True`` is not a seat)."""


class StateError(CardrulesError, TypeError):
    """Something that is not a state of this rules object was passed as one: a view, a
    state of another game, or a state made by rules with other options (a 4-player
    Craits state given to ``Craits(players=3)``). States remember the rules that made
    them; use those rules (or equal ones) to move on."""


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

    def __reduce__(self) -> tuple[object, ...]:
        # An exception is rebuilt from its args, which hold the message only.
        return (type(self), (self.reason, *self.args), dict(vars(self)))


class MoveParseError(CardrulesError, ValueError):
    """Text or data that names no move of this game: not understood
    (``game.parse_move("hello", view)``, ``game.move_from_data({"play": 7})``). The
    message says what is accepted. A move that is understood but not allowed now raises
    :class:`IllegalMoveError` instead."""


class MoveTypeError(CardrulesError, TypeError):
    """Something that is not a move at all was passed as a move (a move of another game
    is an :class:`IllegalMoveError`)."""


class BotError(CardrulesError, ValueError):
    """A bot that cannot be made: an unknown bot name (``bot_from_name("greedy")``), or
    a bad option (``ISMCTSBot(iterations=0)``, ``ISMCTSBot(seconds="1")``). A value of
    the wrong type is a bad value too: this one class covers both."""


class EventError(CardrulesError, TypeError):
    """Something that is not an event given to be told in words
    (:func:`cardrules.describe`, :func:`cardrules.narrate`): a step instead of its
    events, say, or a wording option that is not a word."""


class RecordError(CardrulesError, ValueError):
    """A game record that is malformed, whose moves do not replay legally, or whose
    replay does not reach the outcome written in it (an edited record)."""


class ArenaError(CardrulesError, ValueError):
    """Bad arguments to the arena: not one bot per seat, a bot that is not a bot, a
    game count or worker count that is not a positive int, a bot that cannot be sent
    to worker processes."""


class TableError(CardrulesError, ValueError):
    """Bad arguments to a :class:`~cardrules.table.Table` or to
    :meth:`Table.from_json <cardrules.table.Table.from_json>` (a game that is not a
    rules object, a bot seat outside the table, table JSON that is not one, signed with
    another key or edited). A move a table refuses is not raised: :meth:`Table.play
    <cardrules.table.Table.play>` returns an error message to its sender."""


class SnapshotError(CardrulesError, ValueError):
    """A state snapshot (:mod:`cardrules.snapshot`) that cannot be written or read: a
    signing key that is not bytes, text that is not a snapshot, a snapshot that is not
    signed or whose signature does not match the key, one that names a class a
    snapshot may not build, or a state holding something a snapshot cannot write."""
