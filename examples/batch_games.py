"""Thousands of games at once on the batch engines (NumPy): Cramps and Craits.

What it shows:

1. A vectorised random-policy loop: :class:`cardrules.hosts.vector.CrampsVectorEnv`
   and :class:`~cardrules.hosts.vector.CraitsVectorEnv` step ``--envs`` games together
   for one agent seat (the other seats random), the loop a learner would run, here with
   a random policy that reads the legal-move masks.
2. A search bot on batched rollouts: at each of its turns it deals the unseen cards a
   few times (``determinize``), and for each legal card plays the rest of the round out
   at random in a whole batch of copies at once (:meth:`CrampsBatch.from_state
   <cardrules.batch.cramps.CrampsBatch.from_state>`, :meth:`play_out_rounds
   <cardrules.batch.cramps.CrampsBatch.play_out_rounds>`), then plays the card with the
   best mean points. It plays rounds against three random players.
3. Craits in bulk: :class:`~cardrules.batch.craits.CraitsBatch` plays ``--envs`` games
   of 4-player Craits at random (legal moves from its own generator), counting hands.

It needs NumPy and Gymnasium (``pip install "cardrules[gymnasium]"``). Run it with, for
example::

    python examples/batch_games.py --envs 1024 --steps 200 --rounds 2
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import cardrules as cr
from cardrules.batch import CraitsBatch, CrampsBatch
from cardrules.hosts.vector import CraitsVectorEnv, CrampsVectorEnv


def random_policy_loop(env: CrampsVectorEnv | CraitsVectorEnv, steps: int, seed: int) -> None:
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    wins = games = 0
    began = time.perf_counter()
    for _ in range(steps):
        masks = info["action_mask"]
        # A random legal move in every game: legal ids score 1 plus noise, others less.
        noise = rng.random(masks.shape) + masks
        _, rewards, terminated, _, info = env.step(noise.argmax(axis=1))
        wins += int((rewards > 0).sum())
        games += int(terminated.sum())
    elapsed = time.perf_counter() - began
    name, envs = type(env.game).__name__, env.num_envs
    print(f"{name}, {envs} games at once: {steps * envs / elapsed:,.0f} agent steps/s")
    print(f"  {games} games finished, the random agent won {wins} ({wins / max(games, 1):.0%})")


def rollout_choice(
    game: cr.Cramps, view: cr.CrampsView, moves: tuple[cr.Play, ...], seed: int
) -> cr.Play:
    """The move with the best mean points over batched random endings of the round."""
    deals, copies = 6, 32
    best, best_points = moves[0], -np.inf
    for move in moves:
        total = 0.0
        for deal in range(deals):
            state = game.apply(game.determinize(view, seed + deal), move)
            if state.round_number != view.round_number or state.is_over:
                return move  # the round's last card: nothing left to choose between
            batch = CrampsBatch.from_state(state, copies, game=game, seed=seed + deal)
            total += batch.play_out_rounds()[:, view.seat].mean()
        if total / deals > best_points:
            best, best_points = move, total / deals
    return best


def search_rounds(rounds: int, seed: int) -> None:
    game = cr.Cramps()
    pick = random.Random(seed)
    ours = theirs = 0
    for number in range(rounds):
        state = game.new_game(seed=seed + number)
        while state.round_number == 1 and not state.is_over:
            moves = game.legal_moves(state)
            if state.to_move == 0 and len(moves) > 1:
                move = rollout_choice(game, game.observe(state, 0), moves, pick.getrandbits(32))
            else:
                move = pick.choice(moves)
            state = game.apply(state, move)
        ours += state.scores[0]
        theirs += sum(state.scores[1:])
    print(f"rollout search over {rounds} rounds: {ours} points for the bot (seat 0),")
    print(f"  {theirs / 3:.1f} on average for each random player")


def craits_random_play(games: int, steps: int, seed: int) -> None:
    batch = CraitsBatch(games, seed=seed)
    hands = 0
    began = time.perf_counter()
    for _ in range(steps):
        hands += int(batch.step(batch.random_actions()).hands_over.sum())
    elapsed = time.perf_counter() - began
    print(f"Craits, {games} games at once: {steps * games / elapsed:,.0f} moves/s, {hands} hands")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Cramps and Craits on the batch engines.")
    parser.add_argument("--envs", type=int, default=256, help="games stepped together")
    parser.add_argument("--steps", type=int, default=100, help="vector-env steps")
    parser.add_argument("--rounds", type=int, default=1, help="rounds for the search bot")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if min(args.envs, args.steps, args.rounds) < 1:
        parser.error("--envs, --steps and --rounds must be at least 1")
    random_policy_loop(CrampsVectorEnv(args.envs, reward="outcome"), args.steps, args.seed)
    short_craits = cr.Craits(short_game=True)  # fewer hands, so that some games end
    random_policy_loop(
        CraitsVectorEnv(args.envs, game=short_craits, reward="outcome"), args.steps, args.seed
    )
    search_rounds(args.rounds, args.seed)
    craits_random_play(args.envs, args.steps, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
