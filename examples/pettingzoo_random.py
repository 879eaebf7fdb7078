"""Random agents playing Craits through the PettingZoo AEC environment.

What it shows:

* ``pettingzoo.env("craits", players=..., short_game=True)``: the environment made in
  PettingZoo's style (the same as ``CardGameEnv(cr.Craits(...))``); every seat is an
  agent (``player_0`` …), acting in turn;
* the loop every PettingZoo user writes: ``agent_iter``, ``last``, ``step``, with a
  legal move sampled from ``observation["action_mask"]``;
* rewards from the game (each change of a seat's score, turned so that more is
  better) and the end of the game (every agent terminated; at the move cap,
  truncated).

It needs the ``pettingzoo`` extra (``pip install "cardrules[pettingzoo]"``). Run it
with, for example::

    python examples/pettingzoo_random.py --players 3 --seed 4
"""

from __future__ import annotations

import argparse

import numpy as np

from cardrules.hosts import pettingzoo


def play(players: int, seed: int) -> dict[str, float]:
    """One short game of Craits between random agents; the total reward of each."""
    env = pettingzoo.env("craits", players=players, short_game=True)
    env.reset(seed=seed)
    pick = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    moves = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(pick.choice(legal)))
        moves += 1
    final = env.table.state
    print(f"{moves} moves; final scores {final.scores}; winners {final.winners}")
    return totals


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and play one game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3, help="2 to 10 (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deal and the agents")
    args = parser.parse_args(argv)
    for agent, total in play(args.players, args.seed).items():
        print(f"{agent}: total reward {total:+.0f}")


if __name__ == "__main__":
    main()
