"""The arena: many games between bots, with seats rotated, reproducible from one seed,
in parallel across local processes (or on any pool with ``imap``, such as a Ray pool).

Games come in sets of one deal per seat rotation: game ``i`` uses deal ``i // n`` and
rotation ``i % n`` (seat ``s`` is played by entrant ``(s + rotation) % n``), so every
entrant plays every deal from every seat and seat advantage cancels out (when the number
of games is a multiple of ``n``).

Two seeds make a run. ``seed`` makes the deals; ``bot_seed`` makes the seeds the bots
are given for their decisions. They are independent: a bot's seed is a one-way hash of
``bot_seed`` alone, so it says nothing about the deals, whatever seeds you choose. Both
default to fresh random seeds (:func:`cardrules.rng.new_seed`) and are kept in the
result; pass both again to replay a run exactly. Results depend only on the two seeds,
never on the number of workers.

What is and is not cheat-proof: a bot sees only its view and its seed, and neither lets
it rebuild the other hands or the stock. A *small* ``seed`` you choose for
reproducibility (``seed=1``) can be guessed, though: a bot could try small seeds until
one deals its own hand. Leave ``seed`` unset (or use :func:`~cardrules.rng.new_seed`)
when bots you do not trust play. And no Python process is a sandbox: a bot running in
the arena's process can read its caller's frames (and so the state); run untrusted bots
in a process of their own, behind :meth:`~cardrules.game.Game.observe`.

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
import io
import json
import math
import os
import pickle
import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from typing import Any, Protocol

import attrs

from cardrules._text import ints_repr, json_int, shown
from cardrules.bots.base import Bot
from cardrules.errors import ArenaError, SetupError
from cardrules.game import DEFAULT_MOVE_CAP, Game
from cardrules.rng import derive_seed, resolve_seed
from cardrules.stats import as_float, json_floats, mean_interval, wilson_interval

__all__ = [
    "MAX_MOVES",
    "ArenaResult",
    "Comparison",
    "EntrantRow",
    "GameResult",
    "Pool",
    "arena_workers",
    "available_cpus",
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
    """One arena game: its ``index``, ``seed`` (of the deal), which entrant sat in each
    seat (``seating``), the final ``scores`` by seat, the winning seats, the number of
    moves, the ``bot_seed`` its bots' decision seeds came from (``play_match(game,
    bots, seed, bot_seed=bot_seed)`` replays it), whether it ``finished`` (a game
    stopped at the arena's move cap did not: its scores are those it had then) and how
    many sides won (``sides_won``)."""

    index: int
    seed: int
    seating: tuple[int, ...]
    scores: tuple[int, ...] = attrs.field(repr=ints_repr)
    winners: tuple[int, ...]
    moves: int
    bot_seed: int = 0
    finished: bool = True
    sides_won: int = 0
    """How many sides (:meth:`Game.teams <cardrules.game.Game.teams>`) the winners make
    up: a win is shared among them, each seat of a winning side getting its share; 0
    (unknown) counts every winning seat as a side of its own."""

    @property
    def win_share(self) -> Fraction:
        """What the game's win is worth to each winning seat: 1 over the winning sides."""
        return Fraction(1, self.sides_won or len(self.winners))

    def to_dict(self) -> dict[str, Any]:
        """As JSON-friendly data (a score too long for a JSON number is decimal text)."""
        data = attrs.asdict(self)
        data["scores"] = [json_int(score) for score in self.scores]
        return data


@attrs.frozen
class EntrantRow:
    """An entrant's summary over the finished games: games, wins (a win shared by k
    sides counts 1/k; a side's win is a whole win for each of its seats), win share
    with its 95% Wilson score interval (honest near 0% and 100%), and mean final score
    with a 95% confidence interval (normal approximation). A mean too large for a float
    is ``inf``."""

    entrant: str
    games: int
    wins: float
    win_share: float
    win_share_ci: tuple[float, float]
    mean_score: float
    mean_score_ci: tuple[float, float]


@attrs.frozen
class Comparison:
    """Two entrants compared game by game: ``first``'s score minus ``second``'s, and
    their win-share difference, as means with 95% confidence intervals (normal
    approximations; the win-share interval is cut to -1 … 1). An interval that does not
    contain 0 is a significant difference (at about the 5% level)."""

    first: str
    second: str
    games: int
    score_difference: float
    score_difference_ci: tuple[float, float]
    win_difference: float
    win_difference_ci: tuple[float, float]


@attrs.frozen
class ArenaResult:
    """Everything an arena run produced, with summaries as a table, JSON or CSV.

    ``games`` are the finished games, which the summaries cover; ``unfinished`` the
    games stopped at the move cap (see :func:`run_arena`), reported apart. ``seed`` and
    ``bot_seed`` replay the run."""

    game: str
    entrants: tuple[str, ...]
    seed: int
    games: tuple[GameResult, ...]
    bot_seed: int | None = None
    unfinished: tuple[GameResult, ...] = ()

    @property
    def balanced(self) -> bool:
        """Whether every entrant sat in every seat equally often (the number of finished
        games is a multiple of the number of players, and none was left unfinished)."""
        return not self.unfinished and len(self.games) % len(self.entrants) == 0

    def rows(self) -> list[EntrantRow]:
        """One summary row per entrant, in entrant order, over the finished games."""
        rows = []
        for entrant, label in enumerate(self.entrants):
            wins: list[Fraction] = []
            scores: list[int] = []
            for result in self.games:
                seat = result.seating.index(entrant)
                scores.append(result.scores[seat])
                won = seat in result.winners
                wins.append(result.win_share if won else Fraction(0))
            games = len(wins)
            win_share = as_float(Fraction(sum(wins), games)) if games else math.nan
            mean_score, score_ci = mean_interval(scores)
            rows.append(
                EntrantRow(
                    label,
                    games,
                    float(sum(wins)),
                    win_share,
                    wilson_interval(win_share, games) if games else (0.0, 1.0),
                    mean_score,
                    score_ci,
                )
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
        scores: list[int] = []
        wins: list[Fraction] = []
        for result in self.games:
            seat_a, seat_b = result.seating.index(a), result.seating.index(b)
            scores.append(result.scores[seat_a] - result.scores[seat_b])
            share = result.win_share
            won_a = share if seat_a in result.winners else Fraction(0)
            won_b = share if seat_b in result.winners else Fraction(0)
            wins.append(won_a - won_b)
        score_difference, score_ci = mean_interval(scores)
        win_difference, (low, high) = mean_interval(wins)
        win_ci = (max(-1.0, low), min(1.0, high))  # a difference of shares: -1 to 1
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
        raise ArenaError(f"no entrant {shown(key)}; entrants: {', '.join(self.entrants)}")

    def table(self) -> str:
        """A plain-text table of :meth:`rows` (and a line on unfinished games)."""
        width = max([14, *map(len, self.entrants)])  # a name with its parameters is long
        lines = [
            f"{self.game}: {len(self.games)} games, seed {self.seed}",
            f"{'entrant':<{width}} {'games':>6} {'wins':>8} {'win share (95% CI)':>26} "
            f"{'mean score (95% CI)':>30}",
        ]
        for row in self.rows() if self.games else ():  # no finished game: no rows
            share = (
                f"{row.win_share:6.1%} ({row.win_share_ci[0]:6.1%} … {row.win_share_ci[1]:6.1%})"
            )
            score = (
                f"{row.mean_score:8.2f} ({row.mean_score_ci[0]:8.2f} … {row.mean_score_ci[1]:8.2f})"
            )
            lines.append(
                f"{row.entrant:<{width}} {row.games:>6} {row.wins:>8.2f} {share:>26} {score:>30}"
            )
        if self.unfinished:
            moves = max(result.moves for result in self.unfinished)
            lines.append(
                f"{len(self.unfinished)} game(s) did not finish within {moves} moves and are "
                "not counted above: "
                + ", ".join(
                    f"game {result.index} (deal seed {result.seed})" for result in self.unfinished
                )
            )
        return "\n".join(lines)

    def to_json(self, indent: int | None = 2) -> str:
        """The summary and every game as JSON. A mean or interval too large for a float
        is written as the text ``"inf"`` (or ``"-inf"``), a score too long for a JSON
        number as its decimal text."""
        data = {
            "game": self.game,
            "seed": self.seed,
            "bot_seed": self.bot_seed,
            "entrants": list(self.entrants),
            "summary": [json_floats(attrs.asdict(row)) for row in self.rows()],
            "games": [result.to_dict() for result in self.games],
            "unfinished": [result.to_dict() for result in self.unfinished],
        }
        return json.dumps(data, indent=indent, allow_nan=False)

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


MAX_MOVES = DEFAULT_MOVE_CAP
"""The arena's default cap on the moves of one game (:data:`cardrules.DEFAULT_MOVE_CAP`)."""


def play_match(
    game: Game[Any, Any, Any],
    bots: Sequence[Bot],
    seed: int | None = None,
    *,
    bot_seed: int | None = None,
    max_moves: int = MAX_MOVES,
) -> tuple[Any, int]:
    """Play one game with ``bots[seat]`` in each seat; return the last state and the
    number of moves. Each bot sees only its own view and a decision seed derived from
    ``bot_seed`` alone (never from ``seed``, which deals the cards). ``None`` draws a
    fresh seed for either.

    A game still going after ``max_moves`` moves is stopped there: the state returned
    is then not over (``state.is_over`` is false), so a caller can report it.

    >>> import cardrules as cr
    >>> from cardrules.bots import RandomBot
    >>> state, moves = play_match(cr.Cramps(target=5), [RandomBot()] * 4, seed=1, bot_seed=2)
    >>> state.is_over, moves % 52 == 0
    (True, True)
    """
    state = game.new_game(seed)
    bot_seed = resolve_seed(bot_seed)
    moves = 0
    while not state.is_over and moves < max_moves:
        seat = state.to_move
        view = game.observe(state, seat)
        move = bots[seat].choose(game, view, view.legal_moves, derive_seed(bot_seed, moves, b"bot"))
        state = game.apply(state, move, seat=seat)
        moves += 1
    return state, moves


_Task = tuple[Game[Any, Any, Any], tuple[Bot, ...], int, int, int, int, int]


def _play_task(task: _Task) -> GameResult:
    game, bots, seed, bot_seed, index, rotation, max_moves = task
    players = len(bots)
    seating = tuple((seat + rotation) % players for seat in range(players))
    state, moves = play_match(
        game, [bots[entrant] for entrant in seating], seed, bot_seed=bot_seed, max_moves=max_moves
    )
    winners = set(state.winners)
    sides_won = sum(1 for side in game.teams() if winners.intersection(side))
    return GameResult(
        index,
        seed,
        seating,
        tuple(state.scores),
        tuple(state.winners),
        moves,
        bot_seed,
        bool(state.is_over),
        sides_won,
    )


def _labels(bots: Sequence[Bot]) -> tuple[str, ...]:
    seen: dict[str, int] = {}
    labels = []
    for bot in bots:
        seen[bot.name] = seen.get(bot.name, 0) + 1
        labels.append(bot.name if seen[bot.name] == 1 else f"{bot.name}#{seen[bot.name]}")
    return tuple(labels)


def _positive(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ArenaError(f"{what} must be a positive int, not {shown(value)}")
    return value


def _check_sendable(game: Game[Any, Any, Any], bots: tuple[Bot, ...]) -> None:
    """Fail at once, and clearly, if the game or a bot cannot be sent to another
    process (a class defined inside a function, a lambda in a field, an open file)."""
    for what, value in [("the rules object", game), *((f"bot {b.name!r}", b) for b in bots)]:
        try:
            pickle.dumps(value)
        except Exception as exc:
            raise ArenaError(
                f"{what} cannot be pickled, so it cannot be sent to worker processes "
                f"({type(exc).__name__}: {exc}); define its class at the top level of a "
                "module, or run with workers=1"
            ) from None


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity, where the system tells it), at
    least 1: what ``workers=None`` means."""
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13+
    if counted is not None:
        return int(counted() or 1)
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # not on this system (macOS, Windows)
        return os.cpu_count() or 1


def arena_workers(workers: int | None, games: int) -> int:
    """How many local worker processes :func:`run_arena` starts for ``games`` games
    when given ``workers`` (``None``: one per CPU, :func:`available_cpus`): never more
    than the games, since a process without a game would only cost its start; 1 plays
    in the calling process.

    >>> arena_workers(1_000_000, games=2), arena_workers(2, games=100)
    (2, 2)
    """
    wanted = workers if workers is not None else available_cpus()
    return max(1, min(wanted, games))


def _ignore_interrupts() -> None:
    """Set up a worker process: Ctrl-C, which the terminal sends to every process of
    the run, is left to the parent process, which stops the workers (a worker would
    otherwise drop its game and go on with the next one)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_now(executor: ProcessPoolExecutor) -> None:
    """Stop ``executor``'s worker processes at once, games in progress and all, for a
    run that failed or was interrupted: shutting down alone would wait for every game
    already handed to a worker (a search bot's games take seconds each)."""
    terminate_workers = getattr(executor, "terminate_workers", None)  # Python 3.14+
    if terminate_workers is not None:
        terminate_workers()
        return
    # Earlier versions have no public way: the executor's own table of its processes.
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()


def run_arena(
    game: Game[Any, Any, Any],
    bots: Sequence[Bot],
    games: int,
    seed: int | None = None,
    *,
    bot_seed: int | None = None,
    workers: int | None = None,
    pool: Pool | None = None,
    progress: bool = True,
    max_moves: int = MAX_MOVES,
) -> ArenaResult:
    """Play ``games`` games between ``bots`` (one entrant per seat) and summarize them.

    ``seed`` makes the deals and ``bot_seed`` the bots' decision seeds (see the module
    documentation); ``None`` draws a fresh one, and the result keeps both. Give
    ``games`` as a multiple of the number of players, so that every entrant sits in
    every seat equally often.

    ``workers`` local processes (default: the CPU count; 1 runs in this process), never
    more than one per game (:func:`arena_workers`), or ``pool``, any object with
    ``imap`` (e.g. ``ray.util.multiprocessing.Pool()`` to use a Ray cluster). A progress
    bar is shown if tqdm is installed and ``progress``.

    An exception while the games are played, Ctrl-C's ``KeyboardInterrupt`` included,
    stops the local worker processes at once (the games they were playing are lost
    with the run) and is raised again. The workers ignore Ctrl-C themselves: this
    process stops them.

    A game that has not ended after ``max_moves`` moves (rules under which games can go
    on practically for ever, say) is stopped and reported in
    :attr:`ArenaResult.unfinished`; the other games are kept.

    Raises :class:`~cardrules.ArenaError` for bad arguments, including a bot that
    cannot be sent to worker processes.
    """
    if not isinstance(game, Game):
        raise ArenaError(
            f"game= must be a rules object such as cardrules.Cramps(), not {shown(game)}"
        )
    players = game.players
    if not isinstance(bots, Sequence) or len(bots) != players:
        raise ArenaError(f"{game.name} is played by {players} players: give one bot per seat")
    for bot in bots:
        if isinstance(bot, type):
            raise ArenaError(f"give a bot, e.g. {bot.__name__}(), not the class {bot.__name__}")
        if not isinstance(bot, Bot):
            raise ArenaError(f"not a bot (needs name and choose): {shown(bot)}")
    _positive(games, "games")
    if workers is not None:
        _positive(workers, "workers")
    _positive(max_moves, "max_moves")
    try:
        seed = resolve_seed(seed)
        bot_seed = resolve_seed(bot_seed)
    except SetupError as exc:
        raise ArenaError(str(exc)) from None
    bot_tuple = tuple(bots)
    tasks: list[_Task] = [
        (
            game,
            bot_tuple,
            derive_seed(seed, index // players, b"deal"),
            derive_seed(bot_seed, index, b"bots"),
            index,
            index % players,
            max_moves,
        )
        for index in range(games)
    ]
    workers = arena_workers(workers, games)
    results: Iterable[GameResult]
    executor = None
    if pool is not None:
        _check_sendable(game, bot_tuple)
        results = pool.imap(_play_task, tasks)
    elif workers == 1:
        results = map(_play_task, tasks)
    else:
        _check_sendable(game, bot_tuple)
        executor = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
        results = executor.map(_play_task, tasks, chunksize=max(1, games // (workers * 8)))
    try:
        if progress:
            results = _with_progress(results, games, game.name)
        collected = tuple(results)
    except BaseException:
        if executor is not None:
            _stop_now(executor)
        raise
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)
    return ArenaResult(
        game.name,
        _labels(bots),
        seed,
        tuple(result for result in collected if result.finished),
        bot_seed,
        tuple(result for result in collected if not result.finished),
    )


def _with_progress(results: Iterable[GameResult], total: int, name: str) -> Iterable[GameResult]:
    try:
        from tqdm import tqdm
    except ImportError:
        return results
    return tqdm(results, total=total, desc=f"{name} arena", unit="game", leave=False, disable=None)
