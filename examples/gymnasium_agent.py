"""One seat of Cramps as a Gymnasium environment, against the library's bots.

What it shows:

* ``gymnasium.make("cardrules/Cramps-v0", ...)``: the registered environment (the
  same as ``CardGameSoloEnv(cr.Cramps(), ...)``), whose other seats are played by
  bots from ``cardrules.bots`` (here the rule-of-thumb bot) from their own views, or
  by any policy given an observation and an action mask;
* ``bot_seed``: the bots' decisions come from it alone, never from the seed that
  deals, so they cannot rebuild the deal; give it (as here) to replay the bots too;
* ``info["action_mask"]`` (also ``env.action_masks()``, the name maskable learners
  look for) to pick a legal move; once an episode is over, the mask offers only the
  placeholder 0, so a policy sampling from it always has a move;
* an episode is a whole game; the reward is the agent's points as they come.

A trivial "agent" plays: it always plays its lowest legal move id. It needs the
``gymnasium`` extra (``pip install "cardrules[gymnasium]"``). Run it with::

    python examples/gymnasium_agent.py --episodes 3
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium
import numpy as np

import cardrules.hosts.gymnasium  # noqa: F401  (registers the cardrules/... ids)
from cardrules.bots import HeuristicBot


def run(episodes: int, seed: int) -> list[float]:
    """Play ``episodes`` games for seat 0; the return of each."""
    env: Any = gymnasium.make(
        "cardrules/Cramps-v0", seat=0, opponents=[HeuristicBot()] * 3, bot_seed=seed
    )
    returns = []
    for episode in range(episodes):
        observation, info = env.reset(seed=seed + episode)
        assert env.observation_space.contains(observation)
        total, done = 0.0, False
        while not done:
            action = int(np.flatnonzero(info["action_mask"])[0])
            observation, reward, terminated, truncated, info = env.step(action)
            total += reward
            done = terminated or truncated
        winners = env.unwrapped.table.state.winners
        print(f"episode {episode}: return {total:+.0f}, winners {winners}")
        returns.append(total)
    return returns


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and run the episodes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=2, help="games to play (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first episode")
    args = parser.parse_args(argv)
    returns = run(args.episodes, args.seed)
    print(f"mean return {sum(returns) / len(returns):+.1f}")


if __name__ == "__main__":
    main()
