"""``cardrules simulate``: many games between random players, and their summary."""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from typing import Any, TextIO

import attrs

import cardrules as cr
from cardrules.cli.base import EXIT_INTERRUPTED, EXIT_OK, AnyGame

__all__ = [
    "RandomPlayer",
    "SimulationSummary",
    "play_random_game",
    "progress_bar",
    "run_simulate",
    "simulate",
]


class RandomPlayer:
    """A computer player that picks uniformly among ``game.legal_moves(state)``, using its
    own seeded :class:`random.Random` (so a seed reproduces its choices)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __call__(self, game: AnyGame, state: Any) -> Any:
        """The move to make in ``state``."""
        return self.rng.choice(game.legal_moves(state))


def _simulation_rng(seed: int, index: int) -> random.Random:
    # A string seed is hashed with SHA-512 by random.Random: stable across Python
    # versions and machines, and different (seed, index) pairs never collide.
    return random.Random(f"cardrules-simulate:{seed}:{index}")


@attrs.frozen
class SimulationSummary:
    """The totals of a run of :func:`simulate`.

    ``wins`` counts a shared win as ``1/k`` for each of the ``k`` winners, so the win
    shares add up to 1.
    """

    game_name: str
    seed: int
    games: int
    """Games played to the end."""
    requested: int
    """Games asked for (more than ``games`` if the run was interrupted)."""
    rounds: int
    """Rounds (hands) played in all, counted by :class:`~cardrules.HandScored` events."""
    wins: tuple[float, ...]
    score_totals: tuple[int, ...]
    elapsed: float
    """Seconds of wall-clock time."""
    higher_scores_win: bool = True
    """Whether the game's winners have the highest scores (Cramps) or the lowest
    (Craits); only changes the wording of :meth:`lines`."""
    round_word: str = "round"
    """What the game calls one deal, for :meth:`lines` ("round", "hand")."""

    @property
    def interrupted(self) -> bool:
        """True if the run stopped before all requested games were played."""
        return self.games < self.requested

    @property
    def mean_rounds(self) -> float:
        """Mean number of rounds per game."""
        return self.rounds / self.games if self.games else 0.0

    @property
    def win_shares(self) -> tuple[float, ...]:
        """Each seat's share of the wins, from 0 to 1."""
        return tuple(w / self.games if self.games else 0.0 for w in self.wins)

    @property
    def mean_scores(self) -> tuple[float, ...]:
        """Each seat's mean final score."""
        return tuple(t / self.games if self.games else 0.0 for t in self.score_totals)

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall-clock time."""
        return self.games / self.elapsed if self.elapsed > 0 else float("inf")

    def lines(self) -> list[str]:
        """The summary as printed by ``cardrules simulate``."""
        out = [
            f"Simulated {self.game_name} with random players, seed {self.seed}",
            f"Games played: {self.games}"
            + (f" of {self.requested} (interrupted)" if self.interrupted else ""),
            f"Mean {self.round_word}s per game: {self.mean_rounds:.2f}",
            f"{'Seat':>4}  {'Win share':>9}  {'Mean final score':>16}",
        ]
        for seat, (share, mean) in enumerate(zip(self.win_shares, self.mean_scores, strict=True)):
            out.append(f"{seat:>4}  {share:>9.1%}  {mean:>16.2f}")
        if not self.higher_scores_win:
            out.append(f"(Lower scores are better: the lowest total wins {self.game_name}.)")
        out.append("(A win shared by k players counts 1/k for each of them.)")
        out.append(f"Elapsed: {self.elapsed:.2f} s ({self.games_per_second:.1f} games/s)")
        return out


def play_random_game(game: AnyGame, rng: random.Random) -> tuple[Any, int]:
    """Play one game with every seat a :class:`RandomPlayer` sharing ``rng``; the game's
    own seed is drawn from ``rng`` too. Returns the final state and the number of rounds
    (hands) played.

    >>> state, rounds = play_random_game(cr.Cramps(target=5), random.Random(3))
    >>> state.is_over, rounds >= 1
    (True, True)
    """
    player = RandomPlayer(rng)
    state = game.new_game(seed=rng.getrandbits(64))
    rounds = 0
    while not state.is_over:
        step = game.step(state, player(game, state))
        rounds += sum(1 for event in step.events if isinstance(event, cr.HandScored))
        state = step.state
    return state, rounds


def simulate(
    game: AnyGame,
    games: int,
    seed: int = 0,
    *,
    name: str | None = None,
    round_word: str = "round",
    on_game: Callable[[], object] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> SimulationSummary:
    """Play ``games`` games between random players and total the results.

    Game ``i`` uses its own :class:`random.Random` derived from ``(seed, i)``, so the same
    seed gives the same games. ``on_game`` is called after each game (for a progress
    bar). Ctrl-C stops the run early; the summary then covers the games finished.

    >>> summary = simulate(cr.Cramps(target=5), games=4, seed=1)
    >>> summary.games, round(sum(summary.win_shares), 6)
    (4, 1.0)
    """
    start = clock()
    wins: list[float] = []
    totals: list[int] = []
    played = rounds = 0
    try:
        for index in range(games):
            state, game_rounds = play_random_game(game, _simulation_rng(seed, index))
            if not wins:
                wins = [0.0] * len(state.scores)
                totals = [0] * len(state.scores)
            for seat in state.winners:
                wins[seat] += 1 / len(state.winners)
            for seat, score in enumerate(state.scores):
                totals[seat] += score
            rounds += game_rounds
            played += 1
            if on_game is not None:
                on_game()
    except KeyboardInterrupt:
        pass
    return SimulationSummary(
        name or type(game).name or type(game).__name__,
        seed,
        played,
        games,
        rounds,
        tuple(wins),
        tuple(totals),
        clock() - start,
        bool(getattr(game, "higher_scores_win", True)),
        round_word,
    )


def progress_bar(total: int, stream: TextIO, label: str) -> Any:
    """A tqdm bar on ``stream``, or ``None`` if tqdm is not installed. tqdm's
    ``disable=None`` turns the bar off when ``stream`` is not a terminal; ``delay`` keeps
    short runs free of a bar."""
    try:
        tqdm_module = importlib.import_module("tqdm")
    except ImportError:
        return None
    return tqdm_module.tqdm(
        total=total, file=stream, disable=None, delay=0.5, leave=False, unit="game", desc=label
    )


def run_simulate(
    game: AnyGame,
    name: str,
    round_word: str,
    *,
    games: int,
    seed: int,
    quiet: bool,
    out: TextIO,
    err: TextIO,
) -> int:
    """Run ``cardrules simulate``: play, print the summary on ``out`` (a progress bar on
    ``err`` unless ``quiet``), return the exit code."""
    bar = None if quiet else progress_bar(games, err, name)
    try:
        summary = simulate(
            game,
            games,
            seed,
            name=name,
            round_word=round_word,
            on_game=None if bar is None else bar.update,
        )
    finally:
        if bar is not None:
            bar.close()
    for line in summary.lines():
        out.write(line + "\n")
    out.flush()
    return EXIT_INTERRUPTED if summary.interrupted else EXIT_OK
