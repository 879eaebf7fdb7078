"""OpenSpiel's own ISMCTS plays Cramps, with a resampler built on determinize.

What it shows:

* ``load_game(rules)``: a cardrules game as an OpenSpiel game, with explicit chance
  (each card of a shuffle is a chance node), information states and observations;
* OpenSpiel's Python ``ISMCTSBot`` searching it, with ``resampler(seed)`` dealing the
  hidden cards consistently with what the searching seat knows
  (``Game.determinize``);
* a game cut short at ``max_game_length`` moves (returns 0 for all), to keep it quick.

It needs OpenSpiel (``pip install "cardrules[openspiel]"``). Run it with::

    python examples/openspiel_ismcts.py --moves 60 --simulations 20
"""

from __future__ import annotations

import argparse

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import cardrules as cr
from cardrules.hosts.openspiel import load_game, resampler


def play(moves: int, simulations: int, seed: int) -> list[float]:
    """Seat 0 searches, the other seats play at random; the returns."""
    game = load_game(cr.Cramps(), max_game_length=moves)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(
        game, evaluator, 2.0, simulations, random_state=np.random.RandomState(seed)
    )
    bot.set_resampler(resampler(seed))
    pick = np.random.RandomState(seed + 1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[pick.randint(len(outcomes))][0])
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(pick.choice(state.legal_actions())))
    inner = state.position.inner
    print(f"stopped after {moves} moves in round {inner.round_number}: scores {inner.scores}")
    print(f"returns {state.returns()} (0 for all: the game was cut short)")
    return list(state.returns())


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and play."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=56, help="moves before the game stops")
    parser.add_argument("--simulations", type=int, default=10, help="ISMCTS simulations a move")
    parser.add_argument("--seed", type=int, default=1, help="seed of the search and the players")
    args = parser.parse_args(argv)
    play(args.moves, args.simulations, args.seed)


if __name__ == "__main__":
    main()
