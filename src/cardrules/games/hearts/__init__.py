"""Hearts, a game of the library on its trick-taking engine: its rules and options in
:mod:`~cardrules.games.hearts.rules`."""

from cardrules.games.hearts.rules import Hearts

__all__ = ["Hearts"]
