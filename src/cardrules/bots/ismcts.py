"""Information-set Monte Carlo tree search (single-observer ISMCTS), for any game that
implements :meth:`Game.determinize <cardrules.game.Game.determinize>`.

Each iteration deals the unseen cards at random in agreement with the bot's view,
walks a tree of moves shared by all those deals (choosing by UCB over the moves that
were available, so moves legal only in some deals are judged fairly), plays the rest of
the current deal (at random, or with a rollout bot; long playouts are cut off and
scored as they stand), and credits every player by how its score changed compared with
the others.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.bots.base import Bot
from cardrules.game import Game
from cardrules.moves import Move

__all__ = ["ISMCTSBot"]


class _Node:
    __slots__ = ("available", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


class _Scale:
    """The typical size of a score margin in this search, learned as it goes, so that
    rewards mean the same in any game's units."""

    __slots__ = ("count", "total")

    def __init__(self) -> None:
        self.total = 0.0
        self.count = 0

    def rewards(
        self, before: Sequence[int], after: Sequence[int], higher_wins: bool
    ) -> list[float]:
        """Each seat's reward in 0 … 1 for its score change over the simulated deal
        against the mean change of the others: 0.5 for level, towards 1 for a margin
        well above the typical one (tanh keeps rare huge swings from drowning the rest)."""
        gains = [(a - b) if higher_wins else (b - a) for a, b in zip(after, before, strict=True)]
        total = sum(gains)
        others = len(gains) - 1
        margins = [g - (total - g) / others for g in gains]
        self.total += sum(abs(m) for m in margins)
        self.count += len(margins)
        scale = max(self.total / self.count, 1e-9)
        return [0.5 + 0.5 * math.tanh(m / scale) for m in margins]


def _check_positive(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None and attribute.name in ("seconds", "max_depth"):
        return
    whole = attribute.name != "seconds" and attribute.name != "exploration"
    number = isinstance(value, int) or (not whole and isinstance(value, float))
    if isinstance(value, bool) or not number:
        kind = "an int" if whole else "a number"
        raise TypeError(f"{attribute.name} must be {kind}, not {value!r}")
    if value <= 0:
        raise ValueError(f"{attribute.name} must be positive, not {value!r}")


@attrs.frozen
class ISMCTSBot:
    """Information-set MCTS with a budget of ``iterations`` per decision, or of
    ``seconds`` if given (a time budget makes results depend on the machine).

    ``exploration`` is the UCB constant. Decisions with one legal move are immediate.
    """

    iterations: int = attrs.field(default=300, validator=_check_positive)
    seconds: float | None = attrs.field(default=None, validator=_check_positive)
    exploration: float = attrs.field(default=0.7, validator=_check_positive)
    rollout: Bot | None = None
    """The bot that plays out each simulated deal after the tree (``None``: uniformly
    random moves, the fastest). A rule-of-thumb bot makes each iteration slower but
    its estimates much better in games where random play is far from real play."""
    rollout_limit: int = attrs.field(default=200, validator=_check_positive)
    """Moves a playout may take before it stops and the position is scored with
    :meth:`Game.projected_scores <cardrules.game.Game.projected_scores>`."""
    max_depth: int | None = attrs.field(default=None, validator=_check_positive)
    """How many moves deep the tree may grow (``None``: no limit). ``max_depth=1`` is
    flat Monte Carlo: only the bot's own choices are searched and every playout is left
    to the rollout bot, which in luck-heavy games with a good rollout bot can beat a
    deep tree whose opponents play on information they would not have."""
    name: str = "ismcts"

    def choose(
        self, game: Game[Any, Any, Any], view: Any, moves: Sequence[Move], seed: int
    ) -> Move:
        """The most visited move after the search."""
        if len(moves) == 1:
            return moves[0]
        rng = random.Random(seed)
        root = _Node(view.seat)
        higher_wins = game.higher_scores_win
        legal_moves = game.legal_moves
        apply = game.apply
        exploration = self.exploration
        rollout = self.rollout
        max_depth = self.max_depth
        # A rollout bot may offer choose_in_state() to skip building a view per move.
        in_state = getattr(rollout, "choose_in_state", None)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        iteration = 0
        scale = _Scale()
        while True:
            if deadline is None:
                if iteration >= self.iterations:
                    break
            elif time.perf_counter() >= deadline and iteration:
                break
            iteration += 1
            state = game.determinize(view, rng.getrandbits(64))
            before = state.scores
            deal = state.deal_number
            node = root
            path = [root]
            # Selection and expansion.
            while (
                not state.is_over
                and state.deal_number == deal
                and (max_depth is None or len(path) <= max_depth)
            ):
                legal = legal_moves(state)
                children = node.children
                untried = [m for m in legal if m not in children]
                for move in legal:
                    child = children.get(move)
                    if child is not None:
                        child.available += 1
                mover = state.to_move
                if untried:
                    move = untried[rng.randrange(len(untried))]
                    child = _Node(mover)
                    child.available = 1
                    children[move] = child
                    state = apply(state, move)
                    path.append(child)
                    break
                best_score = -1.0
                best_move = legal[0]
                for move in legal:
                    child = children[move]
                    score = child.reward / child.visits + exploration * math.sqrt(
                        math.log(child.available) / child.visits
                    )
                    if score > best_score:
                        best_score, best_move = score, move
                state = apply(state, best_move)
                node = children[best_move]
                path.append(node)
            # Play out the rest of the deal, or as much of it as the limit allows.
            budget = self.rollout_limit
            while not state.is_over and state.deal_number == deal and budget:
                budget -= 1
                legal = legal_moves(state)
                if rollout is None or len(legal) == 1:
                    move = legal[rng.randrange(len(legal))]
                elif in_state is not None:
                    move = in_state(game, state, legal, iteration)
                else:
                    move = rollout.choose(
                        game, game.observe(state, state.to_move), legal, iteration
                    )
                state = apply(state, move)
            if state.is_over or state.deal_number != deal:
                after = state.scores
            else:
                after = game.projected_scores(state)
            rewards = scale.rewards(before, after, higher_wins)
            for visited in path[1:]:
                visited.visits += 1
                visited.reward += rewards[visited.mover]
        candidates = [
            (root.children[m].visits, -i, m) for i, m in enumerate(moves) if m in root.children
        ]
        if not candidates:
            return moves[0]
        return max(candidates, key=lambda c: (c[0], c[1]))[2]
