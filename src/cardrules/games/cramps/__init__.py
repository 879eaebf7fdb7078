"""Cramps: four players, thirteen tricks a round, every trick worth its own points and
every captured Queen -1; first to 31 wins.

Cramps is a configuration of the trick-taking engine (:mod:`cardrules.tricks.engine`):
its options, trick values and scoring are in :mod:`~cardrules.games.cramps.rules`, what
the command line shows of it in :mod:`~cardrules.games.cramps.cli`.
"""

from cardrules.games.cramps.rules import DEFAULT_TRICK_VALUES, Cramps, CrampsState, CrampsView

__all__ = ["DEFAULT_TRICK_VALUES", "Cramps", "CrampsState", "CrampsView"]
