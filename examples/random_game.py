"""Play one seeded random game of Cramps and narrate it from the events of each move.

What it shows:

* a rules object (``cr.Cramps``) and a game started from a seed (``game.new_game``);
* choosing among ``game.legal_moves(state)`` with a seeded ``random.Random``, so the
  same seed always gives the same game;
* ``game.step(state, move)``, which returns the new state *and* what happened
  (``MovePlayed``, ``TrickWon``, ``HandScored``, ``HandDealt``, ``GameOver``), so a
  program can report the game without comparing states.

Run it with, for example::

    python examples/random_game.py --seed 3
    python examples/random_game.py --seed 3 --target 10 --quiet
"""

from __future__ import annotations

import argparse
import random

import cardrules as cr


def play(seed: int, target: int, *, show_tricks: bool = True) -> cr.CrampsState:
    """Play a random game of Cramps with the given seed and target, printing as it goes,
    and return the final state."""
    game = cr.Cramps(target=target)
    state = game.new_game(seed=seed)
    chooser = random.Random(seed)
    plays: list[str] = []  # "seat:card" for the cards of the trick being played
    print(f"Cramps, seed {seed}, first to {target}; seat {state.dealer} deals round 1")
    while not state.is_over:
        moves = game.legal_moves(state)
        step = game.step(state, chooser.choice(moves))
        state = step.state
        for event in step.events:
            if isinstance(event, cr.MovePlayed):
                plays.append(f"{event.seat}:{event.move}")
            elif isinstance(event, cr.TrickWon):
                if show_tricks:
                    print(
                        f"  trick {event.number:2}: {' '.join(f'{p:6}' for p in plays)}"
                        f" -> seat {event.seat} wins {event.points:+d}"
                    )
                plays.clear()
            elif isinstance(event, cr.HandScored):
                print(f"round {event.number} scored {event.hand_scores}, totals {event.scores}")
            elif isinstance(event, cr.HandDealt):
                print(f"seat {event.dealer} deals round {event.number}")
            elif isinstance(event, cr.GameOver):
                names = " and ".join(f"seat {seat}" for seat in event.winners)
                best = max(event.scores)
                rounds = f"{state.round_number} round{'s' if state.round_number > 1 else ''}"
                print(f"game over after {rounds}: {names} wins with {best} points")
    return state


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and play one game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="seed of the deal and of the moves")
    parser.add_argument("--target", type=int, default=31, help="score that wins (default 31)")
    parser.add_argument("--quiet", action="store_true", help="print rounds only, not tricks")
    args = parser.parse_args(argv)
    play(args.seed, args.target, show_tricks=not args.quiet)


if __name__ == "__main__":
    main()
