"""Tests of the seeds of the command line: fresh 64-bit seeds by default, the game's
seed of ``cardrules play`` kept secret until the game is over or left, computer players
seeded independently of the deal (``--bot-seed``), and the seeds that replay a
``simulate`` or ``arena`` run printed with it."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

import cardrules as cr
import cardrules.rng
from cardrules import cli
from cardrules.cli.play import run_play
from cardrules.games.cramps.cli import CrampsAdapter

BIG_SEED = 2**63 + 11  # more than 32 bits: not what SystemRandom().randrange(2**32) gives
BIG_BOT_SEED = 2**63 + 12


def run(argv: list[str], **kwargs: Any) -> tuple[int, str, str]:
    """Run main() with captured output; return (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(argv, stdout=out, stderr=err, **kwargs)
    return code, out.getvalue(), err.getvalue()


def fresh_seeds(monkeypatch: pytest.MonkeyPatch, *values: int) -> None:
    """Make :func:`cardrules.rng.new_seed` return ``values`` in turn."""
    stream: Iterator[int] = iter(values)
    monkeypatch.setattr(cardrules.rng, "new_seed", lambda: next(stream))


def replay_line(seed: int) -> str:
    return f"Game seed {seed}: replay this deal with --seed {seed}"


# -- play ------------------------------------------------------------------------------


@pytest.mark.parametrize("leave", ["q", "eof", "ctrl-c"])
def test_play_shows_the_game_seed_only_when_the_player_leaves(leave: str) -> None:
    seed = 987654321987
    answers = iter(["?", "show", "q"] if leave == "q" else ["?", "show"])

    def read(prompt: str) -> str:
        for answer in answers:
            return answer
        if leave == "ctrl-c":
            raise KeyboardInterrupt
        raise EOFError

    code, out, _ = run(["play", "cramps", "--seed", str(seed), "--bot-seed", "5"], input_fn=read)
    assert code == (130 if leave == "ctrl-c" else 0)
    lines = out.rstrip().splitlines()
    left = {"q": "You left the game.", "eof": "End of input: leaving the game."}
    assert lines[-3] == left.get(leave, "Interrupted: leaving the game.")
    assert lines[-2] == replay_line(seed)
    assert lines[-1] == (
        "(The computer players' seed was 5: add --bot-seed 5 for the same choices.)"
    )
    # Nowhere before: not on the first screen, not in the help or the table.
    assert str(seed) not in "\n".join(lines[:-3])
    assert "Game seed" not in lines[0] and "Game seed" not in lines[1]


def test_play_shows_the_game_seed_on_the_final_screen() -> None:
    code, out, _ = run(
        ["play", "cramps", "--seed", "5", "--bot-seed", "6", "--target", "5"],
        input_fn=lambda prompt: "1",
    )
    assert code == 0
    lines = out.rstrip().splitlines()
    over = next(i for i, line in enumerate(lines) if line.startswith("Game over."))
    assert lines[over].endswith(("You win!", " wins."))  # the verdict ends the result
    assert lines[over + 1 :] == [
        "",
        replay_line(5),
        "(The computer players' seed was 6: add --bot-seed 6 for the same choices.)",
    ]
    assert not any("--seed" in line for line in lines[: over + 2])


def test_play_draws_fresh_64_bit_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    fresh_seeds(monkeypatch, BIG_SEED, BIG_BOT_SEED)
    code, out, _ = run(["play", "cramps"], input_fn=lambda prompt: "q")
    assert code == 0
    assert replay_line(BIG_SEED) in out.splitlines()
    assert f"add --bot-seed {BIG_BOT_SEED} " in out
    # The seeds printed replay the game: the same deal and table.
    again = run(
        ["play", "cramps", "--seed", str(BIG_SEED), "--bot-seed", str(BIG_BOT_SEED)],
        input_fn=lambda prompt: "q",
    )
    assert again == (code, out, "")


class SpyBot:
    """A bot that plays the first legal move and keeps the decision seeds it is given."""

    name = "spy"

    def __init__(self) -> None:
        self.seeds: list[int] = []

    def choose(self, game: Any, view: Any, moves: Sequence[Any], seed: int) -> Any:
        self.seeds.append(seed)
        return moves[0]


def decision_seeds(seed: int, bot_seed: int) -> list[int]:
    """The decision seeds the computer players of ``cardrules play`` are given in the
    first moves of a Cramps game (the human, seat 2, plays the first legal card)."""
    spy = SpyBot()
    answers = iter(["1"] * 6)
    run_play(
        cr.Cramps(),
        CrampsAdapter(),
        seat=2,
        seed=seed,
        bot_seed=bot_seed,
        opponents=spy,
        ascii_only=False,
        out=io.StringIO(),
        input_fn=lambda prompt: next(answers, "q"),
    )
    return spy.seeds


def test_computer_players_are_seeded_by_the_bot_seed_alone() -> None:
    first = decision_seeds(seed=1, bot_seed=7)
    assert len(first) >= 10
    # Another deal, the same bot seed: the same decision seeds (they say nothing about
    # the deal); another bot seed: others.
    assert decision_seeds(seed=2, bot_seed=7)[:10] == first[:10]
    assert not set(decision_seeds(seed=1, bot_seed=8)) & set(first)
    # They are those of a BotPlayer given the bot seed.
    spy = SpyBot()
    player = cli.BotPlayer(spy, seed=7)
    game = cr.Cramps()
    state = game.new_game(seed=3)
    for _ in range(3):
        state = game.apply(state, player(game, state))
    assert spy.seeds == first[:3]


def test_play_random_opponents_are_reproducible_from_both_seeds() -> None:
    def transcript(seed: str, bot_seed: str) -> str:
        argv = ["play", "cramps", "--seed", seed, "--bot-seed", bot_seed, "--target", "3"]
        return run([*argv, "--opponents", "random"], input_fn=lambda prompt: "1")[1]

    same = transcript("4", "9")
    assert transcript("4", "9") == same
    assert transcript("4", "10") != same  # other choices on the same deal


def test_bot_seed_is_checked() -> None:
    code, _, err = run(["play", "cramps", "--bot-seed", "-1"])
    assert code == 2 and "--bot-seed must be from 0 to 18446744073709551615" in err
    code, out, _ = run(["play", "--help"])
    assert code == 0 and "--bot-seed" in out and "--confirm" in out


# -- simulate and arena ----------------------------------------------------------------


def test_simulate_draws_a_fresh_seed_and_prints_it(monkeypatch: pytest.MonkeyPatch) -> None:
    fresh_seeds(monkeypatch, BIG_SEED)
    code, out, _ = run(["simulate", "cramps", "--games", "2", "-q"])
    assert code == 0
    assert out.splitlines()[0] == f"Simulated cramps with random players, seed {BIG_SEED}"
    again = run(["simulate", "cramps", "--games", "2", "-q", "--seed", str(BIG_SEED)])
    assert again[1].splitlines()[:-1] == out.splitlines()[:-1]  # all but the timing


def test_simulate_seeds_differ_between_runs() -> None:
    first = run(["simulate", "cramps", "--games", "1", "-q"])[1].splitlines()[0]
    second = run(["simulate", "cramps", "--games", "1", "-q"])[1].splitlines()[0]
    assert first != second


def test_arena_draws_fresh_seeds_and_prints_how_to_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    argv = ["arena", "craits", "--bots", "random,heuristic", "--games", "2", "--workers", "1"]
    fresh_seeds(monkeypatch, BIG_SEED, BIG_BOT_SEED)
    code, out, _ = run([*argv, "-q"])
    assert code == 0
    lines = [line for line in out.splitlines() if not line.startswith("Elapsed")]
    assert lines[0] == f"craits: 2 games, seed {BIG_SEED}"
    assert lines[-1] == (
        f"Seeds: deals {BIG_SEED}, bots {BIG_BOT_SEED}. Replay this run exactly with "
        f"--seed {BIG_SEED} --bot-seed {BIG_BOT_SEED}"
    )
    replay = run([*argv, "-q", "--seed", str(BIG_SEED), "--bot-seed", str(BIG_BOT_SEED)])
    assert [line for line in replay[1].splitlines() if not line.startswith("Elapsed")] == lines
