"""Craits' states and views: those of the shedding engine
(:mod:`cardrules.shedding.state`), under Craits' names."""

from __future__ import annotations

import attrs

from cardrules.shedding.state import ShedState, ShedView

__all__ = ["CraitsState", "CraitsView"]


class CraitsState(ShedState):
    """A Craits game in progress. Immutable; see :class:`~cardrules.Craits` for the
    transitions.

    It offers the hand number, the cards dealt and the dealer, the table (hands, stock,
    discard pile, suit to follow, direction), whose turn it is and what they decide
    (``phase``), the count, players open to an "idiot" call (``exposed``), forfeited
    turns, idle turns, shuffle-pressure penalties and the scores. The stock's order and
    the generator are part of the state but hidden from :meth:`Craits.observe`.
    """

    __slots__ = ()


@attrs.frozen
class CraitsView(ShedView):
    """What one seat may know: its own hand, the public table, the scores. Other hands
    appear only as sizes; the stock only as its size; the generator not at all."""
