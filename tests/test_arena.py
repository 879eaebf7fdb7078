"""The arena: :func:`run_arena` plays many games between bots with seats rotated,
reproducibly from one seed whatever runs them (this process, worker processes, any pool
with ``imap`` such as Ray's), and summarises them as a table, JSON or CSV."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs
import pytest

import cardrules as cr
from cardrules.arena import ArenaResult, GameResult, play_match, run_arena
from cardrules.bots import HeuristicBot, RandomBot

CRAMPS = cr.Cramps(target=5)
CRAITS = cr.Craits(players=2, short_game=True)
CRAMPS_BOTS = (HeuristicBot(), RandomBot(), RandomBot(), HeuristicBot(name="heuristic-b"))
CRAITS_BOTS = (RandomBot(), HeuristicBot())


def arena(game: Any = CRAMPS, bots: Sequence[Any] = CRAMPS_BOTS, **kwargs: Any) -> ArenaResult:
    kwargs.setdefault("games", 8)
    kwargs.setdefault("seed", 1)
    kwargs.setdefault("bot_seed", 11)
    kwargs.setdefault("progress", False)
    if "pool" not in kwargs:
        kwargs.setdefault("workers", 1)
    return run_arena(game, bots, **kwargs)


@pytest.mark.parametrize(("game", "bots"), [(CRAMPS, CRAMPS_BOTS), (CRAITS, CRAITS_BOTS)])
def test_same_seed_same_results_with_one_or_two_workers(game: Any, bots: Sequence[Any]) -> None:
    one = arena(game, bots, games=8, seed=5, workers=1)
    two = arena(game, bots, games=8, seed=5, workers=2)
    assert one.games == two.games
    assert one.table() == two.table()
    assert one == two
    assert arena(game, bots, games=8, seed=5, workers=1) == one  # and again


def test_different_seeds_give_different_games() -> None:
    first, second = arena(seed=1), arena(seed=2)
    assert first.seed == 1 and second.seed == 2
    assert [g.seed for g in first.games] != [g.seed for g in second.games]
    assert [g.scores for g in first.games] != [g.scores for g in second.games]


def test_every_game_is_the_game_play_match_plays() -> None:
    """Each result is what play_match gives for its deal seed and seating."""
    result = arena(CRAITS, CRAITS_BOTS, games=4, seed=9)
    for game_result in result.games:
        seated = [CRAITS_BOTS[entrant] for entrant in game_result.seating]
        state, moves = play_match(CRAITS, seated, game_result.seed, bot_seed=game_result.bot_seed)
        assert game_result.scores == state.scores
        assert game_result.winners == state.winners
        assert game_result.moves == moves


@pytest.mark.parametrize(("game", "bots"), [(CRAMPS, CRAMPS_BOTS), (CRAITS, CRAITS_BOTS)])
def test_seats_rotate_over_each_deal(game: Any, bots: Sequence[Any]) -> None:
    """Games come in sets of one deal per rotation: over a multiple of the number of
    players, every entrant sits in every seat equally often, and within a set the deal
    seed is the same while the seating turns by one."""
    players = len(bots)
    sets = 3
    result = arena(game, bots, games=players * sets, seed=7)
    assert [g.index for g in result.games] == list(range(players * sets))
    seats = Counter((g.seating[seat], seat) for g in result.games for seat in range(players))
    assert seats == Counter({(e, s): sets for e in range(players) for s in range(players)})
    for start in range(0, players * sets, players):
        group = result.games[start : start + players]
        assert len({g.seed for g in group}) == 1
        for rotation, g in enumerate(group):
            assert g.seating == tuple((seat + rotation) % players for seat in range(players))
    assert len({g.seed for g in result.games}) == sets  # a new deal for each set


def test_a_partial_set_still_rotates_from_the_start() -> None:
    result = arena(games=6)
    assert [g.seating[0] for g in result.games] == [0, 1, 2, 3, 0, 1]
    assert result.games[4].seed == result.games[5].seed != result.games[0].seed


@pytest.mark.parametrize(("game", "bots"), [(CRAMPS, CRAMPS_BOTS), (CRAITS, CRAITS_BOTS)])
def test_wins_and_rows_add_up(game: Any, bots: Sequence[Any]) -> None:
    result = arena(game, bots, games=8)
    rows = result.rows()
    assert [row.entrant for row in rows] == list(result.entrants)
    assert sum(row.wins for row in rows) == pytest.approx(8)
    assert all(row.games == 8 for row in rows)  # every entrant plays every game
    for entrant, row in enumerate(rows):
        scores = [g.scores[g.seating.index(entrant)] for g in result.games]
        assert row.mean_score == pytest.approx(sum(scores) / len(scores))
        assert row.win_share == pytest.approx(row.wins / row.games)
        assert row.win_share_ci[0] <= row.win_share <= row.win_share_ci[1]
        assert row.win_share_ci[0] >= 0 and row.win_share_ci[1] <= 1
        assert row.mean_score_ci[0] <= row.mean_score <= row.mean_score_ci[1]
    for g in result.games:
        assert g.winners and set(g.winners) <= set(range(len(bots)))
        assert g.moves > 0


def test_entrant_labels_tell_equal_names_apart() -> None:
    result = arena(bots=(RandomBot(), RandomBot(), HeuristicBot(), RandomBot()), games=4)
    assert result.entrants == ("random", "random#2", "heuristic", "random#3")
    assert result.table().splitlines()[0] == "cramps: 4 games, seed 1"
    for label in result.entrants:
        assert any(line.startswith(label + " ") for line in result.table().splitlines())


def test_json_output() -> None:
    result = arena(CRAITS, CRAITS_BOTS, games=4, seed=3)
    data = json.loads(result.to_json())
    assert data["game"] == "craits" and data["seed"] == 3
    assert data["entrants"] == ["random", "heuristic"]
    assert len(data["summary"]) == 2 and len(data["games"]) == 4
    for row, summary in zip(result.rows(), data["summary"], strict=True):
        assert summary["entrant"] == row.entrant
        assert summary["wins"] == row.wins and summary["games"] == row.games
        assert summary["mean_score"] == pytest.approx(row.mean_score)
        assert summary["win_share_ci"] == list(row.win_share_ci)
    rebuilt = tuple(
        GameResult(**{k: tuple(v) if isinstance(v, list) else v for k, v in game.items()})  # type: ignore[arg-type]
        for game in data["games"]
    )
    assert rebuilt == result.games
    assert json.loads(result.to_json(indent=None)) == data


def test_csv_output() -> None:
    result = arena(games=4)
    rows = list(csv.DictReader(io.StringIO(result.to_csv())))
    assert [row["entrant"] for row in rows] == list(result.entrants)
    assert set(rows[0]) == {
        "entrant", "games", "wins", "win_share", "win_share_low", "win_share_high",
        "mean_score", "mean_score_low", "mean_score_high",
    }  # fmt: skip
    for row, summary in zip(rows, result.rows(), strict=True):
        assert int(row["games"]) == summary.games
        assert float(row["wins"]) == pytest.approx(summary.wins)
        assert float(row["mean_score"]) == pytest.approx(summary.mean_score)
        assert float(row["win_share_low"]) == pytest.approx(summary.win_share_ci[0])
    assert sum(float(row["wins"]) for row in rows) == pytest.approx(4)


# -- pools ---------------------------------------------------------------------------


class MapPool:
    """A stand-in pool: ``imap`` is the builtin ``map``, counting what it is given."""

    def __init__(self) -> None:
        self.calls = 0
        self.tasks = 0

    def imap(self, func: Callable[[Any], Any], iterable: Iterable[Any]) -> Iterator[Any]:
        self.calls += 1
        items = list(iterable)
        self.tasks += len(items)
        return map(func, items)


def test_a_pool_with_imap_is_used() -> None:
    pool = MapPool()
    result = arena(games=8, seed=4, pool=pool)
    assert pool.calls == 1 and pool.tasks == 8
    assert result == arena(games=8, seed=4, workers=1)


def test_a_pool_is_used_even_with_workers_given() -> None:
    pool = MapPool()
    arena(games=4, pool=pool, workers=2)
    assert pool.calls == 1


def test_ray_pool() -> None:
    """With Ray installed (``pip install "cardrules[ray]"``), a Ray pool gives the same
    results as playing in this process."""
    ray = pytest.importorskip("ray")
    from ray.util.multiprocessing import (  # type: ignore[import-not-found,unused-ignore]
        Pool as RayPool,
    )

    ray.init(num_cpus=2, include_dashboard=False, ignore_reinit_error=True)
    try:
        pool = RayPool(processes=2)
        try:
            result = arena(CRAITS, CRAITS_BOTS, games=4, seed=2, pool=pool)
        finally:
            pool.terminate()
    finally:
        ray.shutdown()
    assert result == arena(CRAITS, CRAITS_BOTS, games=4, seed=2, workers=1)


# -- bad input -----------------------------------------------------------------------


@pytest.mark.parametrize("bots", [CRAMPS_BOTS[:3], (*CRAMPS_BOTS, RandomBot()), ()])
def test_one_bot_per_seat(bots: Sequence[Any]) -> None:
    with pytest.raises(cr.ArenaError, match="cramps is played by 4 players: give one bot per seat"):
        arena(bots=bots)


@pytest.mark.parametrize("game", ["cramps", cr.Cramps, None])
def test_game_must_be_a_rules_object(game: Any) -> None:
    with pytest.raises(
        cr.ArenaError, match=r"game= must be a rules object such as cardrules\.Cramps"
    ):
        run_arena(game, CRAMPS_BOTS, games=4, workers=1, progress=False)


def test_bots_must_be_a_sequence() -> None:
    with pytest.raises(cr.ArenaError, match="give one bot per seat"):
        arena(bots=iter(CRAMPS_BOTS))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "stranger",
    [
        "random",
        None,
        object(),
        RandomBot,
    ],
)
def test_every_entrant_must_be_a_bot(stranger: object) -> None:
    expected = r"not the class RandomBot" if stranger is RandomBot else r"not a bot \(needs"
    with pytest.raises(cr.ArenaError, match=expected):
        arena(bots=(*CRAMPS_BOTS[:3], stranger))


@pytest.mark.parametrize("games", [0, -4, True, 2.0, "8", None])
def test_games_must_be_a_positive_int(games: object) -> None:
    with pytest.raises(cr.ArenaError, match="games must be a positive int, not "):
        arena(games=games)


@pytest.mark.parametrize("workers", [0, -1, True, 1.5, "2"])
def test_workers_must_be_a_positive_int(workers: object) -> None:
    with pytest.raises(cr.ArenaError, match="workers must be a positive int, not "):
        arena(workers=workers)


def test_play_match_stops_a_game_that_does_not_end() -> None:
    state, moves = play_match(CRAMPS, list(CRAMPS_BOTS), seed=1, max_moves=10)
    assert moves == 10 and not state.is_over


@attrs.frozen
class Broken:
    """A bot that fails on its first decision."""

    name: str = "broken"

    def choose(self, game: Any, view: Any, moves: Sequence[Any], seed: int) -> Any:
        raise RuntimeError("broken bot")


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_bot_stops_the_arena(workers: int) -> None:
    """An exception in a bot reaches the caller, from a worker process too."""
    with pytest.raises(RuntimeError, match="broken bot"):
        arena(bots=(*CRAMPS_BOTS[:3], Broken()), games=4, workers=workers)


def test_result_is_a_plain_value() -> None:
    result = arena(games=4)
    assert attrs.evolve(result) == result
    assert isinstance(result.games[0], GameResult)
    assert result.game == "cramps" and result.entrants[0] == "heuristic"


def test_compare_pairs_two_entrants_game_by_game() -> None:
    result = run_arena(
        cr.Cramps(target=10),
        [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()],
        games=12,
        seed=4,
        workers=1,
        progress=False,
    )
    comparison = result.compare("heuristic", 1)
    differences = []
    for game in result.games:
        first, second = game.seating.index(0), game.seating.index(1)
        differences.append(game.scores[first] - game.scores[second])
    assert comparison.first == "heuristic" and comparison.second == "random"
    assert comparison.games == 12
    assert comparison.score_difference == pytest.approx(sum(differences) / 12)
    low, high = comparison.score_difference_ci
    assert low < comparison.score_difference < high
    reverse = result.compare("random", "heuristic")
    assert reverse.score_difference == pytest.approx(-comparison.score_difference)
    assert reverse.win_difference == pytest.approx(-comparison.win_difference)


@pytest.mark.parametrize("entrant", ["nobody", 4, -1, True, None])
def test_compare_names_the_entrants_it_knows(entrant: object) -> None:
    result = run_arena(
        cr.Cramps(target=5),
        [RandomBot(), RandomBot(), RandomBot(), RandomBot()],
        games=4,
        seed=1,
        workers=1,
        progress=False,
    )
    with pytest.raises(cr.ArenaError, match="entrants: random, random#2, random#3, random#4"):
        result.compare(entrant, "random")  # type: ignore[arg-type]


# -- move caps, honest intervals, bots that cannot travel ------------------------------


def test_games_stopped_at_the_move_cap_are_reported_and_the_rest_kept() -> None:
    game = cr.Cramps(target=10)  # one round ends some games, not all
    full = arena(game, games=8, max_moves=10**6)
    longest = max(g.moves for g in full.games)
    shortest = min(g.moves for g in full.games)
    assert shortest < longest
    capped = arena(game, games=8, max_moves=longest - 1)
    assert capped.unfinished and capped.games
    assert len(capped.games) + len(capped.unfinished) == 8
    assert all(not g.finished and g.moves == longest - 1 for g in capped.unfinished)
    assert all(g.finished for g in capped.games)
    kept = {g.index: g for g in full.games}
    assert all(kept[g.index] == g for g in capped.games)
    assert not capped.balanced and full.balanced
    assert f"did not finish within {longest - 1} moves" in capped.table()
    data = json.loads(capped.to_json())
    assert len(data["unfinished"]) == len(capped.unfinished)
    assert sum(row.games for row in capped.rows()) == 4 * len(capped.games)


@pytest.mark.parametrize("max_moves", [0, -1, True, 2.5])
def test_max_moves_must_be_a_positive_int(max_moves: object) -> None:
    with pytest.raises(cr.ArenaError, match="max_moves must be a positive int"):
        arena(max_moves=max_moves)


def test_a_bot_without_wins_gets_an_honest_interval() -> None:
    """Wilson's interval: not 0.0%-0.0% for a bot that never won (nor 100%-100% for one
    that always did)."""
    games = tuple(GameResult(i, i, (0, 1), (1, 0), (0,), 10, 0) for i in range(10))
    rows = ArenaResult("cramps", ("always", "never"), 1, games, 2).rows()
    assert (rows[0].wins, rows[1].wins) == (10, 0)
    low, high = rows[1].win_share_ci
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = rows[0].win_share_ci
    assert high == 1.0 and low == pytest.approx(0.7225, abs=1e-4)


def test_a_bot_that_cannot_be_pickled_fails_at_once_with_workers() -> None:
    @attrs.frozen
    class Local:  # defined inside a function: cannot be pickled
        name: str = "local"

        def choose(self, game: Any, view: Any, moves: Sequence[Any], seed: int) -> Any:
            return moves[0]

    bots = (Local(), *CRAMPS_BOTS[1:])
    with pytest.raises(cr.ArenaError, match=r"bot .local. cannot be pickled.*workers=1"):
        arena(bots=bots, games=8, workers=2)
    assert len(arena(bots=bots, games=4, workers=1).games) == 4  # fine in this process


def test_a_run_without_finished_games_prints_no_rows() -> None:
    capped = arena(games=4, max_moves=3)
    assert not capped.games and len(capped.unfinished) == 4
    lines = capped.table().splitlines()
    assert lines[0] == "cramps: 0 games, seed 1"
    assert "nan" not in capped.table()
    assert lines[-1].startswith("4 game(s) did not finish within 3 moves")
    assert f"game 0 (deal seed {capped.unfinished[0].seed})" in lines[-1]


def test_win_difference_intervals_stay_within_one() -> None:
    games = tuple(GameResult(i, i, (0, 1), (1, 0), (0,), 10, 0) for i in range(3))
    comparison = ArenaResult("cramps", ("a", "b"), 1, games, 2).compare("a", "b")
    assert comparison.win_difference == 1.0
    assert -1.0 <= comparison.win_difference_ci[0] <= comparison.win_difference_ci[1] <= 1.0
