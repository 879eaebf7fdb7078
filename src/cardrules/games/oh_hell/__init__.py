"""Oh Hell, a game of the library on its trick-taking engine: its rules and options in
:mod:`~cardrules.games.oh_hell.rules`."""

from cardrules.games.oh_hell.rules import OhHell

__all__ = ["OhHell"]
