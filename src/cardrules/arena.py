"""The arena: many games between bots, with seats rotated, reproducible from one seed,
in parallel across local processes (or on any pool with ``imap``, such as a Ray pool).

Games come in sets of one deal per seat rotation: game ``i`` uses deal ``i // n`` and
rotation ``i % n`` (seat ``s`` is played by entrant ``(s + rotation) % n``), so every
entrant plays every deal from every seat and seat advantage cancels out. Results depend
only on the seed, never on the number of workers.

>>> import cardrules as cr
>>> from cardrules.arena import run_arena
>>> from cardrules.bots import HeuristicBot, RandomBot
>>> result = run_arena(cr.Cramps(target=10), [HeuristicBot(), RandomBot(), RandomBot(),
...                    RandomBot()], games=8, seed=1, workers=1, progress=False)
>>> [row.entrant for row in result.rows()]
['heuristic', 'random', 'random#2', 'random#3']
>>> sum(row.wins for row in result.rows())
8.0
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol

import attrs

from cardrules.bots.base import Bot
from cardrules.game import Game

__all__ = [
    "ArenaResult",
    "Comparison",
    "EntrantRow",
    "GameResult",
    "Pool",
    "play_match",
    "run_arena",
]


class Pool(Protocol):
    """Anything with ``imap`` like :class:`multiprocessing.pool.Pool` or Ray's
    ``ray.util.multiprocessing.Pool``."""

    def imap(self, func: Callable[[Any], Any], iterable: Iterable[Any]) -> Iterator[Any]:
        """Apply ``func`` to each item, yielding results in order."""


@attrs.frozen
class GameResult:
    """One arena game: its ``index``, ``seed``, which entrant sat in each seat
    (``seating``), the final ``scores`` by seat, the winning seats and the number of
    moves."""

    index: int
    seed: int
    seating: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    moves: int


@attrs.frozen
class EntrantRow:
    """An entrant's summary: games, wins (a win shared by k counts 1/k), win share and
    mean final score, each with a 95% confidence interval (normal approximation)."""

    entrant: str
    games: int
    wins: float
    win_share: float
    win_share_ci: tuple[float, float]
    mean_score: float
    mean_score_ci: tuple[float, float]


def _mean_ci(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, (mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(variance / n)
    return mean, (mean - half, mean + half)


@attrs.frozen
class Comparison:
    """Two entrants compared game by game: ``first``'s score minus ``second``'s, and
    their win-share difference, as means with 95% confidence intervals. An interval
    that does not contain 0 is a significant difference (at about the 5% level)."""

    first: str
    second: str
    games: int
    score_difference: float
    score_difference_ci: tuple[float, float]
    win_difference: float
    win_difference_ci: tuple[float, float]


@attrs.frozen
class ArenaResult:
    """Everything an arena run produced, with summaries as a table, JSON or CSV."""

    game: str
    entrants: tuple[str, ...]
    seed: int
    games: tuple[GameResult, ...]

    def rows(self) -> list[EntrantRow]:
        """One summary row per entrant, in entrant order."""
        rows = []
        for entrant, label in enumerate(self.entrants):
            wins: list[float] = []
            scores: list[float] = []
            for result in self.games:
                seat = result.seating.index(entrant)
                scores.append(result.scores[seat])
                share = 1 / len(result.winners) if seat in result.winners else 0.0
                wins.append(share)
            win_share, (low, high) = _mean_ci(wins)
            win_ci = (max(0.0, low), min(1.0, high))
            mean_score, score_ci = _mean_ci(scores)
            rows.append(
                EntrantRow(label, len(wins), sum(wins), win_share, win_ci, mean_score, score_ci)
            )
        return rows

    def compare(self, first: int | str, second: int | str) -> Comparison:
        """Compare two entrants game by game (same deals, same tables): the mean of
        ``first``'s score minus ``second``'s and of their win shares' difference, with
        95% confidence intervals. Pairing removes the luck of the deal that both share,
        so it separates two bots with far fewer games than :meth:`rows` needs.

        Entrants are given by index or label (``"random#2"``).

        >>> import cardrules as cr
        >>> from cardrules.bots import HeuristicBot, RandomBot
        >>> result = run_arena(cr.Cramps(target=10), [HeuristicBot(), RandomBot(),
        ...                    RandomBot(), RandomBot()], games=8, seed=1, workers=1,
        ...                    progress=False)
        >>> comparison = result.compare("heuristic", "random")
        >>> comparison.games, comparison.score_difference > 0
        (8, True)
        """
        a, b = (self._entrant(first), self._entrant(second))
        scores: list[float] = []
        wins: list[float] = []
        for result in self.games:
            seat_a, seat_b = result.seating.index(a), result.seating.index(b)
            scores.append(result.scores[seat_a] - result.scores[seat_b])
            share = 1 / len(result.winners)
            wins.append(
                (share if seat_a in result.winners else 0.0)
                - (share if seat_b in result.winners else 0.0)
            )
        score_difference, score_ci = _mean_ci(scores)
        win_difference, win_ci = _mean_ci(wins)
        return Comparison(
            self.entrants[a],
            self.entrants[b],
            len(self.games),
            score_difference,
            score_ci,
            win_difference,
            win_ci,
        )

    def _entrant(self, key: int | str) -> int:
        if isinstance(key, str) and key in self.entrants:
            return self.entrants.index(key)
        if isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(self.entrants):
            return key
        raise ValueError(f"no entrant {key!r}; entrants: {', '.join(self.entrants)}")

    def table(self) -> str:
        """A plain-text table of :meth:`rows`."""
        lines = [
            f"{self.game}: {len(self.games)} games, seed {self.seed}",
            f"{'entrant':<14} {'games':>6} {'wins':>8} {'win share (95% CI)':>26} "
            f"{'mean score (95% CI)':>30}",
        ]
        for row in self.rows():
            share = (
                f"{row.win_share:6.1%} ({row.win_share_ci[0]:6.1%} … {row.win_share_ci[1]:6.1%})"
            )
            score = (
                f"{row.mean_score:8.2f} ({row.mean_score_ci[0]:8.2f} … {row.mean_score_ci[1]:8.2f})"
            )
            lines.append(
                f"{row.entrant:<14} {row.games:>6} {row.wins:>8.2f} {share:>26} {score:>30}"
            )
        return "\n".join(lines)

    def to_json(self, indent: int | None = 2) -> str:
        """The summary and every game as JSON."""
        data = {
            "game": self.game,
            "seed": self.seed,
            "entrants": list(self.entrants),
            "summary": [attrs.asdict(row) for row in self.rows()],
            "games": [attrs.asdict(result) for result in self.games],
        }
        return json.dumps(data, indent=indent)

    def to_csv(self) -> str:
        """The summary rows as CSV."""
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(
            [
                "entrant",
                "games",
                "wins",
                "win_share",
                "win_share_low",
                "win_share_high",
                "mean_score",
                "mean_score_low",
                "mean_score_high",
            ]
        )
        for row in self.rows():
            writer.writerow(
                [
                    row.entrant,
                    row.games,
                    row.wins,
                    row.win_share,
                    *row.win_share_ci,
                    row.mean_score,
                    *row.mean_score_ci,
                ]
            )
        return out.getvalue()


def _derive(seed: int, index: int, purpose: bytes) -> int:
    """A 64-bit seed for ``purpose`` from ``seed`` and ``index``: a one-way hash, so a
    bot's decision seeds say nothing about the deal's seed (or each other)."""
    digest = hashlib.blake2b(
        f"{seed}:{index}".encode(), digest_size=8, person=b"cardrules." + purpose
    ).digest()
    return int.from_bytes(digest, "little")


def play_match(
    game: Game[Any, Any, Any], bots: Sequence[Bot], seed: int, max_moves: int = 1_000_000
) -> tuple[Any, int]:
    """Play one game with ``bots[seat]`` in each seat; return the final state and the
    number of moves. Each bot sees only its own view."""
    state = game.new_game(seed)
    moves = 0
    while not state.is_over:
        if moves >= max_moves:
            raise RuntimeError(f"game with seed {seed} did not end within {max_moves} moves")
        seat = state.to_move
        view = game.observe(state, seat)
        move = bots[seat].choose(game, view, view.legal_moves, _derive(seed, moves, b"bot"))
        state = game.apply(state, move, seat=seat)
        moves += 1
    return state, moves


def _play_task(task: tuple[Game[Any, Any, Any], tuple[Bot, ...], int, int, int]) -> GameResult:
    game, bots, seed, index, rotation = task
    players = len(bots)
    seating = tuple((seat + rotation) % players for seat in range(players))
    state, moves = play_match(game, [bots[entrant] for entrant in seating], seed)
    return GameResult(index, seed, seating, tuple(state.scores), tuple(state.winners), moves)


def _labels(bots: Sequence[Bot]) -> tuple[str, ...]:
    seen: dict[str, int] = {}
    labels = []
    for bot in bots:
        seen[bot.name] = seen.get(bot.name, 0) + 1
        labels.append(bot.name if seen[bot.name] == 1 else f"{bot.name}#{seen[bot.name]}")
    return tuple(labels)


def run_arena(
    game: Game[Any, Any, Any],
    bots: Sequence[Bot],
    games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    pool: Pool | None = None,
    progress: bool = True,
) -> ArenaResult:
    """Play ``games`` games between ``bots`` (one entrant per seat) and summarize them.

    ``workers`` local processes (default: the CPU count; 1 runs in this process), or
    ``pool``, any object with ``imap`` (e.g. ``ray.util.multiprocessing.Pool()`` to use
    a Ray cluster). A progress bar is shown if tqdm is installed and ``progress``.
    """
    players = getattr(game, "players", None)
    if not isinstance(bots, Sequence) or len(bots) != players:
        raise ValueError(f"{game.name} is played by {players} players: give one bot per seat")
    for bot in bots:
        if isinstance(bot, type):
            raise TypeError(f"give a bot, e.g. {bot.__name__}(), not the class {bot.__name__}")
        if not isinstance(bot, Bot):
            raise TypeError(f"not a bot (needs name and choose): {bot!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive int, not {games!r}")
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
    ):
        raise ValueError(f"workers must be a positive int, not {workers!r}")
    bot_tuple = tuple(bots)
    tasks = [
        (game, bot_tuple, _derive(seed, index // players, b"deal"), index, index % players)
        for index in range(games)
    ]
    workers = workers or os.cpu_count() or 1
    results: Iterable[GameResult]
    executor = None
    if pool is not None:
        results = pool.imap(_play_task, tasks)
    elif workers == 1 or games == 1:
        results = map(_play_task, tasks)
    else:
        executor = ProcessPoolExecutor(max_workers=workers)
        results = executor.map(_play_task, tasks, chunksize=max(1, games // (workers * 8)))
    try:
        if progress:
            results = _with_progress(results, games, game.name)
        collected = tuple(results)
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)
    return ArenaResult(game.name, _labels(bots), seed, collected)


def _with_progress(results: Iterable[GameResult], total: int, name: str) -> Iterable[GameResult]:
    try:
        from tqdm import tqdm
    except ImportError:
        return results
    return tqdm(results, total=total, desc=f"{name} arena", unit="game", leave=False, disable=None)
