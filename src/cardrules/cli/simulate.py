"""``cardrules simulate``: many games between random players, and their summary.

Wins are counted as the arena counts them (:mod:`cardrules.arena`): a win shared by
``k`` sides counts ``1/k``, and in a game of partnerships (:meth:`Game.teams
<cardrules.game.Game.teams>`: Spades, Euchre) a side's win is a whole win for each of
its seats, so that the partners' win shares are the side's.

Every game is capped at ``max_moves`` moves (:data:`cardrules.arena.MAX_MOVES` by
default): rules under which games can go on practically for ever (some Craits card
tables) then cost a bounded time. A game that hits the cap is left out of the win
shares and mean scores, and reported with its deal seed; the other games are kept.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TextIO

import attrs

import cardrules as cr
from cardrules import rng as seeds
from cardrules._text import int_text
from cardrules.arena import MAX_MOVES
from cardrules.cli.base import EXIT_INTERRUPTED, EXIT_OK, AnyGame

__all__ = [
    "RandomPlayer",
    "SimulationSummary",
    "UnfinishedGame",
    "mean_text",
    "play_random_game",
    "progress_bar",
    "run_simulate",
    "simulate",
]

_FIXED_LIMIT = 10**15  # means at least this large are written in scientific form
_DIGITS = 6  # significant digits of a mean in scientific form


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


def mean_text(total: int, count: int, places: int = 2) -> str:
    """The mean ``total / count`` as text, exact however large ``total`` is (scores are
    ints of any size): fixed-point with ``places`` decimals below 10**15, beyond that in
    scientific form with six significant digits, computed with integer arithmetic (a
    float would overflow, and ``str()`` of a long int is refused). ``"-"`` when
    ``count`` is 0.

    >>> mean_text(7, 2), mean_text(-1, 3), mean_text(5, 0)
    ('3.50', '-0.33', '-')
    >>> mean_text(2 * 10**5000 + 10**4995, 2)
    '1.00001e+5000'
    """
    if not count:
        return "-"
    mean = Fraction(total, count)
    if abs(mean) < _FIXED_LIMIT:
        return f"{float(mean):.{places}f}"
    sign = "-" if mean < 0 else ""
    size = abs(mean)
    # The exponent from the integer part's digits, found without str() of the whole.
    exponent = int(math.log10(2) * size.numerator.bit_length()) - len(int_text(size.denominator))
    while size >= Fraction(10) ** (exponent + 1):
        exponent += 1
    while size < Fraction(10) ** exponent:
        exponent -= 1
    digits = math.floor(size / Fraction(10) ** (exponent - _DIGITS + 1) + Fraction(1, 2))
    if digits >= 10**_DIGITS:  # rounding carried into a new digit: 9.99999… -> 10.0000
        digits //= 10
        exponent += 1
    text = str(digits)
    return f"{sign}{text[0]}.{text[1:]}e+{exponent}"


@attrs.frozen
class UnfinishedGame:
    """A game of :func:`simulate` stopped at the move cap: its ``index`` in the run,
    the ``seed`` of its deal (``cardrules play GAME --seed SEED`` deals it again) and
    the ``moves`` it was stopped after."""

    index: int
    seed: int
    moves: int


@attrs.frozen
class SimulationSummary:
    """The totals of a run of :func:`simulate`.

    ``wins`` counts a win shared by ``k`` sides as ``1/k`` for each seat of those sides
    (as the arena does), so the win shares add up to 1 when every seat plays alone
    (``teams`` empty), and to the seats of a side when seats play in sides. Totals and
    means cover the games played to the end; games stopped at the move cap are listed
    in ``unfinished``.
    """

    game_name: str
    seed: int
    games: int
    """Games played to the end (those the totals cover)."""
    requested: int
    """Games asked for (more than ``games`` if the run was interrupted, or if some
    games did not finish)."""
    rounds: int
    """Rounds (hands) played in all, counted by :class:`~cardrules.HandScored` events,
    in the games played to the end."""
    wins: tuple[float, ...]
    score_totals: tuple[int, ...]
    elapsed: float
    """Seconds of wall-clock time."""
    higher_scores_win: bool = True
    """Whether the game's winners have the highest scores (Cramps) or the lowest
    (Craits); only changes the wording of :meth:`lines`."""
    round_word: str = "round"
    """What the game calls one deal, for :meth:`lines` ("round", "hand")."""
    unfinished: tuple[UnfinishedGame, ...] = ()
    """Games stopped at the move cap, left out of the totals."""
    max_moves: int = MAX_MOVES
    """The cap on the moves of one game."""
    teams: tuple[tuple[int, ...], ...] = ()
    """The sides of a partnership game (:meth:`Game.teams
    <cardrules.game.Game.teams>`), each the seats that win together; empty when every
    seat plays alone. Only changes the wording of :meth:`lines`."""

    @property
    def interrupted(self) -> bool:
        """True if the run stopped (Ctrl-C) before all requested games were played."""
        return self.games + len(self.unfinished) < self.requested

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
        """Each seat's mean final score, as a float: ``inf`` (or ``-inf``) for a mean
        too large for one (scores are ints of any size); :meth:`lines` writes such means
        exactly, in scientific form (see :func:`mean_text`)."""
        if not self.games:
            return tuple(0.0 for _ in self.score_totals)
        return tuple(_float(Fraction(total, self.games)) for total in self.score_totals)

    @property
    def games_per_second(self) -> float:
        """Games played (to the end or to the move cap) per second of wall-clock time."""
        played = self.games + len(self.unfinished)
        return played / self.elapsed if self.elapsed > 0 else float("inf")

    def lines(self) -> list[str]:
        """The summary as printed by ``cardrules simulate``. Mean scores are exact
        (:func:`mean_text`), however large."""
        played = self.games + len(self.unfinished)
        out = [
            f"Simulated {self.game_name} with random players, seed {self.seed}",
            f"Games played: {self.games}"
            + (f" of {self.requested} (interrupted)" if self.interrupted else ""),
        ]
        if self.unfinished:
            out[-1] = f"Games played to the end: {self.games} of {played}" + (
                f" ({self.requested} asked for, interrupted)" if self.interrupted else ""
            )
            out.append(self._unfinished_line())
        if not self.games:
            out.append("No game was played to the end: no win shares or mean scores.")
        else:
            out += [
                f"Mean {self.round_word}s per game: {self.mean_rounds:.2f}",
                f"{'Seat':>4}  {'Win share':>9}  {'Mean final score':>16}",
            ]
            for seat, share in enumerate(self.win_shares):
                mean = mean_text(self.score_totals[seat], self.games)
                out.append(f"{seat:>4}  {share:>9.1%}  {mean:>16}")
        if not self.higher_scores_win:
            out.append(f"(Lower scores are better: the lowest total wins {self.game_name}.)")
        out += self._wins_lines()
        out.append(f"Elapsed: {self.elapsed:.2f} s ({self.games_per_second:.1f} games/s)")
        return out

    def _wins_lines(self) -> list[str]:
        """How the wins were counted."""
        if not self.teams:
            return ["(A win shared by k players counts 1/k for each of them.)"]
        sides = " against ".join(_seats_text(side) for side in self.teams)
        return [
            f"(Sides: {sides}. A side's win counts whole for each",
            "of its seats, as in cardrules arena; a win shared by k sides counts 1/k.)",
        ]

    def _unfinished_line(self) -> str:
        count = len(self.unfinished)
        games = "1 game" if count == 1 else f"{count} games"
        verb = "does" if count == 1 else "do"
        seeds_text = ", ".join(str(game.seed) for game in self.unfinished)
        return (
            f"{games} did not finish within {self.max_moves} moves and {verb} not count "
            f"below; deal seed{'s' if count != 1 else ''} {seeds_text} "
            f"(replay with cardrules play {self.game_name} --seed SEED)"
        )


def _seats_text(side: tuple[int, ...]) -> str:
    """``(0, 2)`` as ``"seats 0 and 2"``."""
    if len(side) == 1:
        return f"seat {side[0]}"
    return f"seats {', '.join(map(str, side[:-1]))} and {side[-1]}"


def _sides(game: AnyGame, players: int) -> tuple[tuple[int, ...], ...]:
    """The sides of ``game`` (:meth:`Game.teams <cardrules.game.Game.teams>`), each
    seat alone if it says none."""
    teams = getattr(game, "teams", None)
    if teams is None:
        return tuple((seat,) for seat in range(players))
    return tuple(tuple(side) for side in teams())


def _float(value: Fraction) -> float:
    """``value`` as a float, ``inf`` or ``-inf`` past the float range."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def play_random_game(
    game: AnyGame, rng: random.Random, max_moves: int = MAX_MOVES
) -> tuple[Any, int]:
    """Play one game with every seat a :class:`RandomPlayer` sharing ``rng``; the game's
    own seed is drawn from ``rng`` too. Returns the last state and the number of rounds
    (hands) played. A game still going after ``max_moves`` moves is stopped there: the
    state returned is then not over.

    >>> state, rounds = play_random_game(cr.Cramps(target=5), random.Random(3))
    >>> state.is_over, rounds >= 1
    (True, True)
    >>> play_random_game(cr.Cramps(target=5), random.Random(3), max_moves=3)[0].is_over
    False
    """
    state, rounds, _, _ = _random_game(game, rng, max_moves)
    return state, rounds


def _random_game(game: AnyGame, rng: random.Random, max_moves: int) -> tuple[Any, int, int, int]:
    """:func:`play_random_game`, also returning the deal's seed and the moves made."""
    player = RandomPlayer(rng)
    deal_seed = rng.getrandbits(64)
    state = game.new_game(seed=deal_seed)
    rounds = moves = 0
    while not state.is_over and moves < max_moves:
        step = game.step(state, player(game, state))
        rounds += sum(1 for event in step.events if isinstance(event, cr.HandScored))
        state = step.state
        moves += 1
    return state, rounds, deal_seed, moves


def simulate(
    game: AnyGame,
    games: int,
    seed: int | None = None,
    *,
    name: str | None = None,
    round_word: str = "round",
    on_game: Callable[[], object] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    max_moves: int = MAX_MOVES,
) -> SimulationSummary:
    """Play ``games`` games between random players and total the results. Wins are
    counted as the arena counts them: a win shared by ``k`` sides (:meth:`Game.teams
    <cardrules.game.Game.teams>`; each seat a side of its own but in partnership
    games) counts ``1/k`` for each seat of those sides.

    Game ``i`` uses its own :class:`random.Random` derived from ``(seed, i)``, so the same
    seed gives the same games; ``None`` draws a fresh seed
    (:func:`cardrules.rng.new_seed`), kept in the summary. ``on_game`` is called after
    each game (for a progress bar). Ctrl-C stops the run early; the summary then covers
    the games finished. A game still going after ``max_moves`` moves is stopped, left
    out of the totals and listed in :attr:`SimulationSummary.unfinished`.

    >>> summary = simulate(cr.Cramps(target=5), games=4, seed=1)
    >>> summary.games, round(sum(summary.win_shares), 6)
    (4, 1.0)
    >>> capped = simulate(cr.Cramps(target=5), games=2, seed=1, max_moves=10)
    >>> capped.games, [game.moves for game in capped.unfinished]
    (0, [10, 10])
    >>> sides = simulate(cr.Euchre(target=None), games=4, seed=1)  # one side wins each
    >>> sides.teams, sides.wins[0] == sides.wins[2], sum(sides.wins)
    (((0, 2), (1, 3)), True, 8.0)
    """
    seed = seeds.resolve_seed(seed)
    start = clock()
    wins: list[float] = []
    totals: list[int] = []
    unfinished: list[UnfinishedGame] = []
    sides: tuple[tuple[int, ...], ...] = ()
    played = rounds = 0
    try:
        for index in range(games):
            state, game_rounds, deal_seed, moves = _random_game(
                game, _simulation_rng(seed, index), max_moves
            )
            if not state.is_over:
                unfinished.append(UnfinishedGame(index, deal_seed, moves))
                if on_game is not None:
                    on_game()
                continue
            if not wins:
                wins = [0.0] * len(state.scores)
                totals = [0] * len(state.scores)
                sides = _sides(game, len(state.scores))
            winners = set(state.winners)
            sides_won = sum(1 for side in sides if winners.intersection(side))
            for seat in state.winners:
                wins[seat] += 1 / (sides_won or len(state.winners))
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
        tuple(unfinished),
        max_moves,
        sides if any(len(side) > 1 for side in sides) else (),
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
    seed: int | None,
    quiet: bool,
    out: TextIO,
    err: TextIO,
    max_moves: int = MAX_MOVES,
) -> int:
    """Run ``cardrules simulate``: play, print the summary on ``out`` (a progress bar on
    ``err`` unless ``quiet``), return the exit code. ``seed`` ``None`` draws a fresh
    one, printed in the summary (no human plays, so it is no secret)."""
    bar = None if quiet else progress_bar(games, err, name)
    try:
        summary = simulate(
            game,
            games,
            seed,
            name=name,
            round_word=round_word,
            on_game=None if bar is None else bar.update,
            max_moves=max_moves,
        )
    finally:
        if bar is not None:
            bar.close()
    for line in summary.lines():
        out.write(line + "\n")
    out.flush()
    return EXIT_INTERRUPTED if summary.interrupted else EXIT_OK
