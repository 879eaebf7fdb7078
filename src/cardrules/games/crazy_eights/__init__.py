"""Crazy Eights, a game of the library on its shedding engine: its rules and options in
:mod:`~cardrules.games.crazy_eights.rules`."""

from cardrules.games.crazy_eights.rules import CrazyEights

__all__ = ["CrazyEights"]
