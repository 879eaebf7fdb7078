"""Cramps: four players, thirteen tricks a round, every trick worth its own points and
every captured Queen -1; first to 31 wins.

Cramps is a configuration of the trick-taking engine (:mod:`cardrules.tricks.engine`):
its options, trick values and scoring are in :mod:`~cardrules.games.cramps.rules`, what
the command line shows of it in :mod:`~cardrules.games.cramps.cli`.
"""

from cardrules.games.cramps.rules import DEFAULT_TRICK_VALUES, Cramps, CrampsState, CrampsView
from cardrules.terminal import register_adapter

__all__ = ["DEFAULT_TRICK_VALUES", "Cramps", "CrampsState", "CrampsView"]

register_adapter(
    "cramps",
    "cardrules.games.cramps.cli:CrampsAdapter",
    "4 players, 13 tricks a round, first to 31 wins",
)
