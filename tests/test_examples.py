"""The example programs, the benchmark script and the README's example run and print what
they promise. Each example's ``main([...])`` runs in the test's process with small
sizes (CI's example step runs each as a program); the benchmark script in a new one."""

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

from example_scripts import EXAMPLES, NAMES, example_needing, load_example

ROOT = Path(__file__).resolve().parents[1]


def run_example(name: str, *args: str) -> str:
    """What ``examples/<name>.py args`` prints: its ``main`` run with these arguments."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        load_example(name).main(list(args))
    return out.getvalue()


def run_script(path: Path, *args: str) -> str:
    """Run a Python script as ``python path args`` runs it, but in this process, and
    return what it printed; fail on a non-zero exit."""
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


# The frameworks an example needs beyond the library (its extra).
NEEDS = {
    "batch_games": ("gymnasium",),
    "gymnasium_agent": ("gymnasium",),
    "learning_loop": (),  # (it says what it needs itself)
    "openspiel_ismcts": ("pyspiel",),
    "pettingzoo_random": ("pettingzoo",),
}


@pytest.mark.parametrize("name", NAMES)
def test_every_example_says_what_it_shows_and_how_to_run_it(name: str) -> None:
    docstring = ast.get_docstring(ast.parse((EXAMPLES / f"{name}.py").read_text("utf-8")))
    assert docstring, f"{name}.py needs a module docstring saying what it shows"
    assert "What it shows" in docstring, f"{name}.py: say what it shows"
    assert f"python examples/{name}.py" in docstring, f"{name}.py: say how to run it"


@pytest.mark.parametrize("name", NAMES)
def test_every_example_answers_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    example = example_needing(name, *NEEDS.get(name, ()))
    with pytest.raises(SystemExit) as exit_:
        example.main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: ") and "--seed" in out, out


def test_random_game_narrates_tricks_and_rounds() -> None:
    out = run_example("random_game", "--seed", "3", "--target", "10")
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
    first = run_example("random_game", "--seed", "5", "--target", "15")
    quiet = run_example("random_game", "--seed", "5", "--target", "15", "--quiet")
    assert "trick" not in quiet
    # The same game again: every round's line and the end (the trick lines dropped).
    assert quiet.splitlines() == [line for line in first.splitlines() if "trick" not in line]


def test_arena_bot_example_plays_its_bot_against_the_library_bots() -> None:
    seeds = ("--seed", "1", "--bot-seed", "2")
    out = run_example("arena_bot", "--games", "8", *seeds)
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
    out = run_example("arena_bot", "--games", "4")
    replay = out.splitlines()[-1].split()
    assert replay[:4] == ["replay", "this", "run", "with"]
    seed, bot_seed = int(replay[5]), int(replay[7])
    assert seed != 1 and bot_seed != 2  # not the old fixed defaults (1 in 2**64 each)
    again = run_example("arena_bot", "--games", "4", *replay[4:])
    assert again == out


def test_replay_record_round_trips_a_partial_game() -> None:
    out = run_example("replay_record", "--seed", "2", "--moves", "30")
    assert "played 30 move(s) of Cramps with seed 2" in out
    assert "loaded it back and replayed 31 states: all equal to the played ones" in out
    assert "final position: round 1, trick 8," in out
    assert "a tampered copy is refused: move 1 " in out


def test_replay_record_round_trips_a_whole_game() -> None:
    out = run_example("replay_record", "--seed", "1", "--moves", "100000")
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
    example_needing("batch_games", "gymnasium")
    out = run_example("batch_games", "--envs", "64", "--steps", "20", "--rounds", "1")
    assert "Cramps, 64 games at once" in out and out.count("games finished") == 2
    assert "rollout search over 1 rounds" in out
    assert out.count("Craits, 64 games at once") == 2  # its vector env, and its batch


def test_tournament_plays_each_game_and_tabulates_the_bots() -> None:
    args = ("--game", "cramps", "--game", "oh_hell", "--games", "3", "--iterations", "5")
    out = run_example("tournament", *args)
    lines = out.splitlines()
    assert lines[0] == "about 3 games of each (whole seat rotations), seed 1, bot seed 2"
    assert lines[2].split() == ["game", "heuristic", "ismcts", "random"]
    assert [line.split()[0] for line in lines[3:]] == ["cramps", "oh_hell", "mean"]
    for line in lines[3:]:
        shares = [float(cell.rstrip("%")) for cell in line.split()[1:]]
        assert len(shares) == 3 and all(0 <= share <= 100 for share in shares), line
    assert run_example("tournament", *args) == out  # the seeds replay it


def test_tournament_partners_are_the_same_bot() -> None:
    out = run_example("tournament", "--game", "euchre", "--games", "4", "--iterations", "2")
    euchre = out.splitlines()[3].split()
    assert euchre[0] == "euchre" and euchre[3] == "-"  # two sides: random does not play
    heuristic, search = (int(cell.rstrip("%")) for cell in euchre[1:3])
    assert heuristic + search == 100  # each game won by one side, both partners


def test_tournament_refuses_a_bad_count(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run_example("tournament", "--games", "0")
    assert "--games must be at least 1, not 0" in capsys.readouterr().err


def test_whist_plays_a_game_to_a_partnership_win() -> None:
    out = run_example("whist", "--seed", "3", "--target", "2", "--iterations", "5")
    lines = out.splitlines()
    assert lines[0] == "Whist to 2: the search bot (5 iterations) for seats 0 and 2"
    assert re.fullmatch(r"Seat 0 turns up \S+\.", lines[1])
    assert lines[2].startswith("End of hand 1: ")
    assert re.fullmatch(r"Game over\. .* Seat (0 and seat 2|1 and seat 3) win\.", lines[-1])


def test_mau_mau_plays_every_players_hand() -> None:
    out = run_example("mau_mau", "--seed", "3", "--players", "3", "--iterations", "5")
    lines = out.splitlines()
    assert lines[0] == "Mau-Mau for 3: the search bot (5 iterations) in seat 0"
    assert [line.split(":")[0] for line in lines[1:4]] == [f"End of hand {n}" for n in (1, 2, 3)]
    assert lines[-1].startswith("Game over. Final scores: ")


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        ("whist", ["--target", "0"], "Whist: target must be an int from 1 up, not 0"),
        ("mau_mau", ["--players", "6"], "MauMau: players must be an int from 2 to 5, not 6"),
        ("mau_mau", ["--iterations", "0"], "iterations must be positive, not 0"),
    ],
)
def test_the_tutorial_games_refuse_bad_options(
    name: str, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        run_example(name, *args)
    assert message in capsys.readouterr().err
