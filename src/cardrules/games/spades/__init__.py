"""Spades, a game of the library on its trick-taking engine: its rules and options in
:mod:`~cardrules.games.spades.rules`."""

from cardrules.games.spades.rules import Spades

__all__ = ["Spades"]
