"""The example scripts, the benchmark script and the README's example run and print what
they promise. Each runs as ``python script args`` would run it, in the test's process
(the benchmark script in a new one)."""

from __future__ import annotations

import ast
import contextlib
import io
import json
import os
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def run_script(path: Path, *args: str) -> str:
    """Run a Python script as ``python path args`` runs it, but in this process (a new
    interpreter for each would cost more than most of the scripts), and return what it
    printed; fail on a non-zero exit. CI's example step runs each as a program too."""
    out, err = io.StringIO(), io.StringIO()
    argv, path_before = sys.argv[:], sys.path[:]
    sys.argv = [str(path), *args]
    sys.path.insert(0, str(path.parent))  # as for a script: its folder comes first
    code: object = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            runpy.run_path(str(path), run_name="__main__")
    except SystemExit as exit_:
        code = exit_.code
    finally:
        sys.argv, sys.path[:] = argv, path_before
    assert code in (0, None), f"{path.name} {args} failed:\n{out.getvalue()}\n{err.getvalue()}"
    return out.getvalue()


def run_program(path: Path, *args: str) -> str:
    """Like :func:`run_script`, in a new interpreter: for the benchmark script, whose
    garbage collections would sweep the whole test session's objects here."""
    done = subprocess.run(
        [sys.executable, str(path), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=dict(os.environ, PYTHONIOENCODING="utf-8"),
        timeout=120,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert done.returncode == 0, f"{path.name} {args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.py")), ids=lambda p: p.name)
def test_every_example_says_what_it_shows(path: Path) -> None:
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    assert docstring, f"{path.name} needs a module docstring saying what it shows"


def test_random_game_narrates_tricks_and_rounds() -> None:
    out = run_script(EXAMPLES / "random_game.py", "--seed", "3", "--target", "10")
    lines = out.splitlines()
    assert lines[0] == "Cramps, seed 3, first to 10; seat 0 deals round 1"
    tricks = [line for line in lines if line.startswith("  trick ")]
    rounds = [line for line in lines if re.match(r"round \d+ scored", line)]
    assert rounds, out
    assert len(tricks) == 13 * len(rounds)  # C7: thirteen tricks make a round
    assert [int(line.split()[1].rstrip(":")) for line in tricks[:13]] == list(range(1, 14))
    for line in rounds:  # C10: a round's scores always sum to 10
        scored = re.search(r"scored \(([^)]*)\)", line)
        assert scored is not None, line
        assert sum(int(value) for value in scored.group(1).split(",")) == 10, line
    assert re.fullmatch(r"game over after \d+ rounds?: seat \d wins with \d+ points", lines[-1])


def test_random_game_is_reproducible_and_quiet_mode_drops_tricks() -> None:
    script = EXAMPLES / "random_game.py"
    first = run_script(script, "--seed", "5", "--target", "15")
    quiet = run_script(script, "--seed", "5", "--target", "15", "--quiet")
    assert "trick" not in quiet
    # The same game again: every round's line and the end (the trick lines dropped).
    assert quiet.splitlines() == [line for line in first.splitlines() if "trick" not in line]


def test_arena_bot_example_plays_its_bot_against_the_library_bots() -> None:
    seeds = ("--seed", "1", "--bot-seed", "2")
    out = run_script(EXAMPLES / "arena_bot.py", "--games", "8", *seeds)
    lines = out.splitlines()
    assert lines[0] == "cramps: 8 games, seed 1"
    entrants = [line.split()[0] for line in lines[2:6]]
    assert entrants == ["greedy", "heuristic", "random", "random#2"]
    assert all(line.split()[1] == "8" for line in lines[2:6])  # everyone played every game
    wins = sum(float(line.split()[2]) for line in lines[2:6])
    assert wins == 8.0
    assert lines[-2].startswith("most wins: ")
    assert lines[-1] == "replay this run with --seed 1 --bot-seed 2"


def test_arena_bot_example_draws_fresh_seeds_and_says_how_to_replay() -> None:
    out = run_script(EXAMPLES / "arena_bot.py", "--games", "4")
    replay = out.splitlines()[-1].split()
    assert replay[:4] == ["replay", "this", "run", "with"]
    seed, bot_seed = int(replay[5]), int(replay[7])
    assert seed != 1 and bot_seed != 2  # not the old fixed defaults (1 in 2**64 each)
    again = run_script(EXAMPLES / "arena_bot.py", "--games", "4", *replay[4:])
    assert again == out


def test_replay_record_round_trips_a_partial_game() -> None:
    out = run_script(EXAMPLES / "replay_record.py", "--seed", "2", "--moves", "30")
    assert "played 30 move(s) of Cramps with seed 2" in out
    assert "loaded it back and replayed 31 states: all equal to the played ones" in out
    assert "final position: round 1, trick 8," in out
    assert "a tampered copy is refused: move 1 " in out


def test_replay_record_round_trips_a_whole_game() -> None:
    out = run_script(EXAMPLES / "replay_record.py", "--seed", "1", "--moves", "100000")
    assert "all equal to the played ones" in out
    assert "the game is over: winners (" in out


def test_benchmark_quick_run_reports_every_cramps_benchmark() -> None:
    out = run_program(
        ROOT / "benchmarks" / "bench.py", "--quick", "--repeats", "1", "--json", "--game", "cramps"
    )
    results = json.loads(out)["results"]
    names = {r["benchmark"]: r for r in results if r["game"] == "cramps"}
    assert set(names) == {"random hands", "legal_moves", "apply", "random games"}
    for result in names.values():
        assert result["runs"] and all(value > 0 for value in result["runs"])
        assert min(result["runs"]) <= result["median"] <= max(result["runs"])


def test_readme_example_runs_and_prints_what_the_readme_shows(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = re.search(r"```python\n(.*?)```.*?```text\n(.*?)```", readme, flags=re.DOTALL)
    assert example, "README.md should show a Python example followed by its output"
    code, shown = example.groups()
    script = tmp_path / "readme_example.py"
    script.write_text(code, encoding="utf-8")
    printed = run_script(script).splitlines()
    shown_lines = [line for line in shown.splitlines() if line != "..."]
    assert shown_lines[:2] == printed[:2]
    assert shown_lines[-2:] == printed[-2:]
    assert all(line in printed for line in shown_lines)


def test_batch_games_example_runs_both_loops() -> None:
    pytest.importorskip("gymnasium")
    out = run_script(EXAMPLES / "batch_games.py", "--envs", "64", "--steps", "20", "--rounds", "1")
    assert "Cramps, 64 games at once" in out and out.count("games finished") == 2
    assert "rollout search over 1 rounds" in out
    assert out.count("Craits, 64 games at once") == 2  # its vector env, and its batch
