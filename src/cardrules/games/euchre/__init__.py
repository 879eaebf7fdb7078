"""Euchre, a game of the library on its trick-taking engine: its rules and options in
:mod:`~cardrules.games.euchre.rules`."""

from cardrules.games.euchre.rules import Euchre

__all__ = ["Euchre"]
