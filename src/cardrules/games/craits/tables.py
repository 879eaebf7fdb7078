"""Craits' tables: the hand schedule (K3) and the default card table (the library's
decision: the seed's table is missing; see the rules page), and how a ``card_table``
option is read."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardrules._text import shown
from cardrules.cards import Rank
from cardrules.errors import RulesError
from cardrules.shedding.core import Action, CardRule, CardTable

__all__ = ["DEFAULT_CARD_TABLE", "FULL_GAME", "to_card_table"]

FULL_GAME = (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
"""K3: cards dealt to each player in hands 1 … 15. The short game (V1) is the first 8."""

DEFAULT_CARD_TABLE = CardTable(
    {
        Rank.ACE: CardRule(Action.NONE, 1, count=1),
        Rank.TWO: CardRule(Action.NONE, 20, count=2, starts_count=True),
        Rank.THREE: CardRule(Action.NONE, 3),
        Rank.FOUR: CardRule(Action.SKIP, 20),
        Rank.FIVE: CardRule(Action.OTHERS_DRAW, 25),
        Rank.SIX: CardRule(Action.PLAY_AGAIN, 30),
        Rank.SEVEN: CardRule(Action.TWO_ALONG_DRAWS, 20),
        Rank.EIGHT: CardRule(Action.WILD, 50),
        Rank.NINE: CardRule(Action.NONE, 40),
        Rank.TEN: CardRule(Action.REVERSE, 30),
        Rank.JACK: CardRule(Action.NONE, 10),
        Rank.QUEEN: CardRule(Action.NONE, 10),
        Rank.KING: CardRule(Action.NONE, 10),
    }
)
"""The default card functions and points (library decision: the seed's table is
missing; see the rules page)."""


def _rank_key(key: Rank | int | str) -> Rank:
    if isinstance(key, str) and key.strip().isdigit():
        key = int(key)
    if isinstance(key, str):
        try:
            return Rank.parse(key)
        except ValueError:
            pass
    elif isinstance(key, int) and not isinstance(key, bool) and 2 <= key <= 14:
        return Rank(key)
    raise RulesError(f"card_table keys must be ranks (2 … 14 or 'A', 'K', …), not {shown(key)}")


def _card_rule(value: CardRule | Mapping[str, Any], rank: Rank) -> CardRule:
    if isinstance(value, CardRule):
        return value
    if isinstance(value, Mapping):
        try:
            return CardRule(**value)
        except (TypeError, ValueError) as exc:
            raise RulesError(f"bad card_table row for {rank.label}: {exc}") from None
    raise RulesError(
        f"a card_table row must be a CardRule or a mapping, not {shown(value)} (rank {rank.label})"
    )


def to_card_table(value: Mapping[Any, Any] | Sequence[Any] | None) -> CardTable:
    """A ``card_table`` option as a :class:`~cardrules.shedding.core.CardTable`: a table as
    it is, a mapping of ranks (``Rank``, 2 … 14, ``"A"``, ``"10"`` …) to rows
    (:class:`~cardrules.shedding.core.CardRule` or its fields as a mapping) replacing those
    rows of the default table, 13 rows from 2 to A, or ``None`` for the default.

    >>> to_card_table({"J": {"action": "skip", "points": 10}})[Rank.JACK].action
    <Action.SKIP: 'skip'>
    """
    if isinstance(value, CardTable):
        return value
    rows = dict(DEFAULT_CARD_TABLE)
    if value is None:
        pass
    elif isinstance(value, Mapping):
        for key, row in value.items():
            rank = _rank_key(key)
            rows[rank] = _card_rule(row, rank)
    elif isinstance(value, Sequence) and not isinstance(value, str) and len(value) == 13:
        for i, row in enumerate(value):
            rows[Rank(i + 2)] = _card_rule(row, Rank(i + 2))
    else:
        raise RulesError(
            "card_table must map ranks to CardRule rows (rows left out keep their default), "
            f"or list 13 rows from 2 to A; got {shown(value)}"
        )
    return CardTable(rows)
