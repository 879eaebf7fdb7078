"""Information-set Monte Carlo tree search (single-observer ISMCTS), for any game that
implements :meth:`Game.determinize <cardrules.game.Game.determinize>`.

Each iteration deals the unseen cards at random in agreement with the bot's view,
walks a tree of moves shared by all those deals (choosing by UCB over the moves that
were available, so moves legal only in some deals are judged fairly), plays the rest of
the current deal (at random, or with a rollout bot; long playouts are cut off and
scored as they stand), and credits every player by how its score changed compared with
the others.

With ``max_depth=1`` the search is flat: every sampled deal is played out after each of
the bot's moves, and with a rollout bot the result improves on that bot by one step.
"""

from __future__ import annotations

import math
import operator
import random
import time
from collections.abc import Callable, Collection, Sequence
from typing import Any, TypeVar

import attrs

from cardrules._text import shown
from cardrules.bots.base import Bot
from cardrules.errors import BotError
from cardrules.game import Game

__all__ = ["ISMCTSBot"]

M = TypeVar("M")
"""Whatever type the game's moves are: a bot returns one of the moves it is given."""


class _Node:
    __slots__ = ("available", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


def _mean(values: Collection[float]) -> float:
    return sum(values) / len(values)


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
        if higher_wins:
            gains = list(map(operator.sub, after, before))
        else:
            gains = list(map(operator.sub, before, after))
        total = sum(gains)
        others = len(gains) - 1
        margins = [g - (total - g) / others for g in gains]
        self.total += sum(map(abs, margins))
        self.count += len(margins)
        scale = max(self.total / self.count, 1e-9)
        tanh = math.tanh
        return [0.5 + 0.5 * tanh(m / scale) for m in margins]


def _check_positive(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None and attribute.name in ("seconds", "max_depth"):
        return
    whole = attribute.name not in ("seconds", "exploration", "caution")
    number = isinstance(value, int) or (not whole and isinstance(value, float))
    if isinstance(value, bool) or not number:
        kind = "an int" if whole else "a number"
        raise BotError(f"{attribute.name} must be {kind}, not {shown(value)}")
    if not value > 0:  # also refuses NaN
        raise BotError(f"{attribute.name} must be positive, not {shown(value)}")


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
    flat Monte Carlo: only the bot's own choices are searched, every playout is left to
    the rollout bot, and every sampled deal is played out after *each* of the bot's
    moves, so the moves are compared on the same deals (common random numbers) and
    ``iterations`` counts playouts. In luck-heavy games with a good rollout bot this can
    beat a deep tree whose opponents play on information they would not have."""
    caution: float = attrs.field(default=2.0, validator=_check_positive)
    """Flat search only (``max_depth=1`` with a ``rollout`` bot): how many standard
    errors another move must beat the rollout bot's own choice by, over the same deals,
    to be played instead of it."""
    name: str = "ismcts"

    def choose(self, game: Game[Any, Any, Any], view: Any, moves: Sequence[M], seed: int) -> M:
        """The most visited move after the search. With ``max_depth=1``: the move with
        the best mean reward over the sampled deals, or, with a rollout bot, that bot's
        own move unless another clearly beat it (see ``caution``)."""
        if len(moves) == 1:
            return moves[0]
        if self.max_depth == 1:
            return self._flat_search(game, view, moves, seed)
        return self._tree_search(game, view, moves, seed)

    def _deadline(self) -> float | None:
        return None if self.seconds is None else time.perf_counter() + self.seconds

    def _playout(
        self,
        game: Game[Any, Any, Any],
        state: Any,
        deal: int,
        random_: Callable[[], float],
        seed: int,
    ) -> Any:
        """Play the rest of the deal (or as much as ``rollout_limit`` allows) and return
        the scores it ends with, or the projected scores where it was cut off. Random
        moves come from ``random_`` (``random.Random.random``); ``seed`` goes to the
        rollout bot."""
        if state.deal_number != deal:  # the tree's last move ended the deal
            return state.scores
        budget = self.rollout_limit
        rollout = self.rollout
        if rollout is None:
            return game.random_playout(state, random_, budget)
        legal_moves = game.legal_moves
        apply = game.apply
        # A rollout bot may offer choose_in_state() to decide from the sampled state
        # itself (a bot that needs no view then saves building one per move).
        in_state = getattr(rollout, "choose_in_state", None)
        while budget:
            legal = legal_moves(state)
            if not legal:
                return state.scores
            if len(legal) == 1:
                move = legal[0]
            elif in_state is not None:
                move = in_state(game, state, legal, seed)
            else:
                move = rollout.choose(game, game.observe(state, state.to_move), legal, seed)
            state = apply(state, move)
            if state.deal_number != deal:
                return state.scores
            budget -= 1
        return state.scores if state.is_over else game.projected_scores(state)

    def _flat_search(
        self, game: Game[Any, Any, Any], view: Any, moves: Sequence[M], seed: int
    ) -> M:
        """Flat Monte Carlo on common random numbers: each sampled deal is played out
        after every move legal in it. Without a rollout bot the move with the best mean
        reward is played. With one, the rollout bot's own move is the default, and
        another move replaces it only if it beats it, on the same deals, by more than
        ``caution`` standard errors: one-step improvement of the rollout policy that
        does not trade a sound habit for a lucky streak."""
        rng = random.Random(seed)
        seat = view.seat
        higher_wins = game.higher_scores_win
        rewards: dict[M, dict[int, float]] = {m: {} for m in moves}  # by deal
        deadline = self._deadline()
        scale = _Scale()
        playouts = 0
        deal = 0
        while True:
            if deadline is None:
                if playouts >= self.iterations:
                    break
            elif playouts and time.perf_counter() >= deadline:
                break
            state = game.determinize(view, rng.getrandbits(64))
            playout_seed = rng.getrandbits(32)
            legal = set(game.legal_moves(state))
            if legal.isdisjoint(moves):
                playouts += 1  # nothing to compare in this deal, but the budget is spent
            for move in moves:
                if move not in legal:
                    continue
                after = self._playout(
                    game,
                    game.apply(state, move),
                    state.deal_number,
                    random.Random(playout_seed).random,
                    playout_seed,
                )
                rewards[move][deal] = scale.rewards(state.scores, after, higher_wins)[seat]
                playouts += 1
            deal += 1
        means = [(_mean(rewards[m].values()), -i, m) for i, m in enumerate(moves) if rewards[m]]
        if not means:
            return moves[0]
        best = max(means, key=lambda c: (c[0], c[1]))[2]
        if self.rollout is None:
            return best
        default = self.rollout.choose(game, view, moves, seed)
        if best == default or not rewards[default]:
            return best
        return best if self._clearly_better(rewards[best], rewards[default]) else default

    def _clearly_better(self, ours: dict[int, float], theirs: dict[int, float]) -> bool:
        """Whether the rewards ``ours`` beat ``theirs`` (each by deal) by more than
        ``caution`` standard errors of the mean difference over the deals both have."""
        differences = [reward - theirs[deal] for deal, reward in ours.items() if deal in theirs]
        if len(differences) < 2:
            return False
        mean = sum(differences) / len(differences)
        variance = sum((d - mean) ** 2 for d in differences) / (len(differences) - 1)
        return mean > self.caution * math.sqrt(variance / len(differences))

    def _tree_search(
        self, game: Game[Any, Any, Any], view: Any, moves: Sequence[M], seed: int
    ) -> M:
        rng = random.Random(seed)
        random_ = rng.random
        getrandbits = rng.getrandbits
        determinize = game.determinize
        legal_moves = game.legal_moves
        apply = game.apply
        log, sqrt = math.log, math.sqrt
        root = _Node(view.seat)
        higher_wins = game.higher_scores_win
        exploration = self.exploration
        # The tree stops growing at max_depth moves below the root.
        depth_limit = -1 if self.max_depth is None else self.max_depth
        deadline = self._deadline()
        iteration = 0
        scale = _Scale()
        while True:
            if deadline is None:
                if iteration >= self.iterations:
                    break
            elif time.perf_counter() >= deadline and iteration:
                break
            iteration += 1
            state = determinize(view, getrandbits(64))
            before = state.scores
            deal = state.deal_number
            node = root
            path: list[_Node] = []
            # Selection and expansion: one pass over the legal moves counts each known
            # child as available and scores it by UCB, and collects the untried moves.
            while len(path) != depth_limit:
                legal = legal_moves(state)
                if not legal:
                    break
                children = node.children
                untried: list[Any] = []
                best_score = -1.0
                best: Any = None
                for move in legal:
                    child = children.get(move)
                    if child is None:
                        untried.append(move)
                        continue
                    child.available += 1
                    if not untried:
                        visits = child.visits
                        score = child.reward / visits + exploration * sqrt(
                            log(child.available) / visits
                        )
                        if score > best_score:
                            best_score, best = score, move
                if untried:
                    move = untried[int(random_() * len(untried))]
                    child = _Node(state.to_move)
                    child.available = 1
                    children[move] = child
                    path.append(child)
                    state = apply(state, move)
                    break
                node = children[best]
                path.append(node)
                state = apply(state, best)
                if state.deal_number != deal:
                    break
            after = self._playout(game, state, deal, random_, iteration)
            rewards = scale.rewards(before, after, higher_wins)
            for visited in path:
                visited.visits += 1
                visited.reward += rewards[visited.mover]
        candidates = [
            (root.children[m].visits, -i, m) for i, m in enumerate(moves) if m in root.children
        ]
        if not candidates:
            return moves[0]
        return max(candidates, key=lambda c: (c[0], c[1]))[2]
