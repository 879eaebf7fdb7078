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

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

import attrs

from cardrules.game import Game

__all__ = ["Bot", "RandomBot"]

M = TypeVar("M")
"""Whatever type the game's moves are: a bot returns one of the moves it is given."""


@runtime_checkable
class Bot(Protocol):
    """What every bot offers."""

    @property
    def name(self) -> str:
        """A short name for tables and logs."""

    def choose(self, game: Game[Any, Any, Any], view: Any, moves: Sequence[Any], seed: int) -> Any:
        """Pick one of ``moves`` (never empty) for the seat that ``view`` belongs to.

        ``seed`` makes the choice reproducible; the same inputs give the same move.
        The moves are of whatever types the game has (its own registered move classes
        too), so a bot typed for one game's moves fits this protocol.
        """


@attrs.frozen
class RandomBot:
    """Picks uniformly at random among the legal moves."""

    name: str = "random"

    def choose(self, game: Game[Any, Any, Any], view: Any, moves: Sequence[M], seed: int) -> M:
        """A uniformly random move: the seed, scrambled, picks it (scrambled, so that
        seeds in a row such as 0, 1, 2 still give unrelated choices)."""
        return moves[_scrambled(seed) % len(moves)]


_MASK64 = (1 << 64) - 1


def _scrambled(seed: int) -> int:
    """``seed`` mixed into 64 bits that look random (the SplitMix64 finalizer: every
    bit of the seed moves about half the bits of the result). Far quicker than
    seeding a ``random.Random`` for one choice, and as good for picking among a few
    moves (the bias of ``% n`` is below n / 2**64). Seeds are read modulo 2**64."""
    z = (seed + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)
