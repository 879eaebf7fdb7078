"""The bot interface: a view and the legal moves in, a move out, seeded.

Bots see only what their seat may know (a view from :meth:`Game.observe
<cardrules.game.Game.observe>`), so a bot cannot cheat. A bot is a small frozen value;
it keeps no state between decisions, which makes games reproducible and lets the arena
run bots in other processes.

>>> import cardrules as cr
>>> from cardrules.bots import RandomBot
>>> game = cr.Cramps()
>>> state = game.new_game(seed=3)
>>> view = game.observe(state, state.to_move)
>>> move = RandomBot().choose(game, view, view.legal_moves, seed=1)
>>> move in game.legal_moves(state)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from cardrules.game import Game
from cardrules.moves import Move

__all__ = ["Bot", "RandomBot"]


@runtime_checkable
class Bot(Protocol):
    """What every bot offers."""

    @property
    def name(self) -> str:
        """A short name for tables and logs."""

    def choose(
        self, game: Game[Any, Any, Any], view: Any, moves: Sequence[Move], seed: int
    ) -> Move:
        """Pick one of ``moves`` (never empty) for the seat that ``view`` belongs to.

        ``seed`` makes the choice reproducible; the same inputs give the same move.
        """


@attrs.frozen
class RandomBot:
    """Picks uniformly at random among the legal moves."""

    name: str = "random"

    def choose(
        self, game: Game[Any, Any, Any], view: Any, moves: Sequence[Move], seed: int
    ) -> Move:
        """A uniformly random move."""
        return moves[random.Random(seed).randrange(len(moves))]
