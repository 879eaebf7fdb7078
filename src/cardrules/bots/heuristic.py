"""Rule-of-thumb bots: quick, deterministic players that follow a few sensible habits.

They are the baseline a search bot has to beat, and fast opponents for simulations.
:class:`HeuristicBot` plays the habits of the game it is given, which each game keeps
in its own package (:meth:`Game.heuristic <cardrules.game.Game.heuristic>`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import attrs

from cardrules.game import Game

__all__ = ["HeuristicBot"]

M = TypeVar("M")
"""Whatever type the game's moves are: a bot returns one of the moves it is given."""


@attrs.frozen
class HeuristicBot:
    """The rule-of-thumb bot of whichever game it plays: the game's own habits
    (:meth:`Game.heuristic <cardrules.game.Game.heuristic>`: Cramps' and Craits' are in
    their packages), a seeded pick among the legal moves in a game that has none."""

    name: str = "heuristic"

    def choose(self, game: Game[Any, Any, Any], view: Any, moves: Sequence[M], seed: int) -> M:
        """The habitual move; deterministic (``seed`` is used only for unknown games)."""
        move = game.heuristic(view, moves)
        return moves[seed % len(moves)] if move is None else move

    def choose_in_state(
        self, game: Game[Any, Any, Any], state: Any, moves: Sequence[M], seed: int
    ) -> M:
        """The same choice made from a full state, for search rollouts on states the
        searcher sampled itself: the habits read the view of the seat to move
        (:meth:`Game.observe <cardrules.game.Game.observe>`), as :meth:`choose` does,
        so they see what that player may see, no less (its bidding, the dealer, the
        card turned up) and no more."""
        return self.choose(game, game.observe(state, state.to_move), moves, seed)
