"""OpenSpiel's own ISMCTS plays a game of Cramps to its end, with the library's
resampler.

What it shows:

* ``load_game(rules)``: a cardrules game as an OpenSpiel game, with explicit chance
  (each card of a shuffle is a chance node), information states and observations;
  its rules options are the game's parameters (``python_cardrules_cramps(target=10)``);
* OpenSpiel's Python ``ISMCTSBot`` searching it, with ``resampler(seed)`` dealing the
  cards the searching seat has not seen otherwise, as far as the other seats' moves
  allow, each sample with a history of its own;
* the returns at the end: 1 for each winner, -1 for the others (``--moves`` cuts the
  game short instead: then 0 for all).

It needs OpenSpiel (``pip install "cardrules[openspiel]"``). Run it with::

    python examples/openspiel_ismcts.py --target 10 --simulations 20
"""

from __future__ import annotations

import argparse

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import cardrules as cr
from cardrules.hosts.openspiel import load_game, resampler


def play(target: int, simulations: int, seed: int, moves: int | None = None) -> list[float]:
    """Seat 0 searches, the other seats play at random; the returns."""
    rules = cr.Cramps(target=target)
    game = load_game(rules) if moves is None else load_game(rules, max_game_length=moves)
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
    returns = list(state.returns())
    print(f"{game}: after round {inner.round_number}, scores {inner.scores}")
    if state.position.is_over:
        print(f"winners {inner.winners}: returns {returns}")
    else:
        print(f"cut short after {moves} moves: returns {returns} (0 for all)")
    return returns


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and play."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=int, default=10, help="points that end the game")
    parser.add_argument("--simulations", type=int, default=10, help="ISMCTS simulations a move")
    parser.add_argument("--seed", type=int, default=1, help="seed of the search and the players")
    parser.add_argument("--moves", type=int, default=None, help="cut the game short here")
    args = parser.parse_args(argv)
    play(args.target, args.simulations, args.seed, args.moves)


if __name__ == "__main__":
    main()
