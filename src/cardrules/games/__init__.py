"""The games cardrules ships, each a configuration of the shared cores.

>>> from cardrules.games import shipped_games
>>> " ".join(shipped_games())
'craits cramps crazy_eights euchre hearts oh_hell president skat spades uno'
"""

from __future__ import annotations

from typing import Any

from cardrules.game import Game, game_class, registered_games

__all__ = ["shipped_games"]


def shipped_games() -> dict[str, type[Game[Any, Any, Any]]]:
    """The library's own games, by registered name (in name order): the registered
    rules classes defined in this package. A game class of your own is registered too
    (records and the command line know it) but is not one of them. What the learning
    hosts register with their frameworks (:mod:`cardrules.hosts`)."""
    import cardrules  # noqa: F401  (importing the library imports, so registers, every game)

    classes = (game_class(name) for name in registered_games())
    return {cls.name: cls for cls in classes if cls.__module__.startswith(f"{__name__}.")}
