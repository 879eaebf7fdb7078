"""A learning loop: a tiny linear policy learns to play Cramps against random players on
the library's Gymnasium vector environment.

What it shows:

* ``CrampsVectorEnv``: many games stepped together, one agent seat in each (the other
  seats play at random), the observations of the game's encoder, the legal moves as
  ``info["action_mask"]``, and rewards as points come (a deal's points at its end);
* reading an observation by its named fields (``encoder.field("trick_values")``), and
  a move id's card by ``game.move_from_id``;
* a policy-gradient learner (REINFORCE with a baseline) on a softmax over the legal
  moves, with two features a card: its rank, and its rank times the value of the trick
  being played. A deal's points are credited to the moves made in it (a trace per
  game, cleared when a deal is scored);
* before and after: the mean points a move of the untrained policy (uniform over the
  legal moves) and of the trained one (its likeliest move), on the same deals.

In a few hundred steps it finds what the greedy bot of ``arena_bot.py`` was told: play
high on a trick worth points, low on one that costs them. A real learner puts a
network where the two weights are; the loop stays the same.

It needs Gymnasium and NumPy (``pip install "cardrules[gymnasium]"``) and says so when
they are missing. Run it with, for example::

    python examples/learning_loop.py --steps 300 --envs 64
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import cardrules as cr
from cardrules.encoding import encoder_for

try:
    import numpy as np
    import numpy.typing as npt

    from cardrules.hosts.vector import CrampsVectorEnv
except ModuleNotFoundError as missing:  # the gymnasium extra is not installed
    MISSING: str | None = missing.name
else:
    MISSING = None

if TYPE_CHECKING:
    Floats = npt.NDArray[np.floating[Any]]
    Flags = npt.NDArray[np.bool_]
    Ints = npt.NDArray[np.int64]


class Learner:
    """A softmax policy over the legal moves, linear in two features of each card."""

    def __init__(self, game: cr.Cramps) -> None:
        self.value_at = encoder_for(game).field("trick_values").start  # this trick's value
        cards = [game.move_from_id(move_id).card for move_id in range(game.num_move_ids)]
        self.ranks = np.array([(card.rank - 2) / 12 - 0.5 for card in cards])  # -0.5 … 0.5
        self.weights = np.zeros(2)

    def features(self, observations: Floats) -> Floats:
        """For each game and move id, the card's rank and rank × the trick's value."""
        value = observations[:, self.value_at, None]
        ranks = np.broadcast_to(self.ranks, (len(observations), len(self.ranks)))
        return np.stack([ranks, value * ranks], axis=-1)

    def policy(self, observations: Floats, masks: Flags) -> tuple[Floats, Floats]:
        """The features and each legal move's probability."""
        features = self.features(observations)
        logits = np.where(masks, features @ self.weights, -np.inf)
        odds = np.exp(logits - logits.max(axis=1, keepdims=True))
        return features, odds / odds.sum(axis=1, keepdims=True)


def sample(probabilities: Floats, rng: np.random.Generator) -> Ints:
    """One move id per game, drawn with the given probabilities."""
    drawn = (probabilities.cumsum(axis=1) < rng.random((len(probabilities), 1))).sum(axis=1)
    moves: Ints = np.minimum(drawn, probabilities.shape[1] - 1)  # (rounding at the top)
    return moves


def train(learner: Learner, envs: int, steps: int, rate: float, seed: int) -> None:
    """REINFORCE: after each step, move the weights along each game's trace of
    log-probability gradients, scaled by how much its reward beat the baseline."""
    env = CrampsVectorEnv(envs, reward="points")
    observations, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = np.zeros((envs, 2))
    baseline = 0.0
    for _ in range(steps):
        features, probabilities = learner.policy(observations, info["action_mask"] > 0)
        moves = sample(probabilities, rng)
        chosen = features[np.arange(envs), moves]
        expected = np.einsum("nm,nmk->nk", probabilities, features)
        trace += chosen - expected  # the gradient of log p(move)
        observations, rewards, ended, cut, info = env.step(moves)
        learner.weights += rate * ((rewards - baseline)[:, None] * trace).mean(axis=0)
        baseline += 0.05 * (rewards.mean() - baseline)
        trace[(rewards != 0) | ended | cut] = 0.0  # a deal scored: its moves have their credit


def evaluate(learner: Learner | None, envs: int, steps: int, seed: int) -> float:
    """Mean points a move: the learner's likeliest moves, or uniform play (``None``)."""
    env = CrampsVectorEnv(envs, reward="points")
    observations, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = 0.0
    for _ in range(steps):
        masks = info["action_mask"] > 0
        if learner is None:
            moves = (rng.random(masks.shape) + masks).argmax(axis=1)  # a legal move at random
        else:
            moves = learner.policy(observations, masks)[1].argmax(axis=1)
        observations, rewards, _, _, info = env.step(moves)
        total += float(rewards.mean())
    return total / steps


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line, then measure, train and measure again."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=64, help="games stepped together")
    parser.add_argument("--steps", type=int, default=200, help="training steps (default 200)")
    parser.add_argument("--rate", type=float, default=1.0, help="learning rate (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the training games")
    args = parser.parse_args(argv)
    if MISSING is not None:
        print(f"this example needs Gymnasium and NumPy ({MISSING} is not installed):")
        print('    pip install "cardrules[gymnasium]"')
        return
    if min(args.envs, args.steps) < 1:
        parser.error("--envs and --steps must be at least 1")
    learner = Learner(cr.Cramps())
    check = (args.envs, 100, args.seed + 1)  # the same deals for both measures
    print(f"before: {evaluate(None, *check):.3f} points a move, playing at random")
    train(learner, args.envs, args.steps, args.rate, args.seed)
    rank, value_rank = learner.weights
    print(
        f"trained on {args.envs * args.steps} moves: weights {rank:+.2f} (rank), "
        f"{value_rank:+.2f} (rank × trick value)"
    )
    print(f"after: {evaluate(learner, *check):.3f} points a move")


if __name__ == "__main__":
    main()
