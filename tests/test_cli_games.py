"""The command line plays every game the library ships: ``cardrules simulate``,
``arena`` and ``play`` for each, whatever adapter its package registers, and the help
lists them all.

``play`` is driven through ``input_fn`` by a player who always makes the first move of
the Legal list, typed as the screen shows it (its number, or a bid's text where the
list is of bids), and declines every offer of a move out of turn: each game is played
to its end against the bots, so an adapter that stopped taking the numbers or the bids
it shows, or a game that cannot be played to its end at the terminal, fails here. Kept
cheap: a low target where a game has one.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import pytest

import cardrules as cr
from cardrules import cli
from cardrules.games import shipped_games
from cardrules.terminal import GameAdapter, adapter_for, game_summary

SHIPPED = shipped_games()
NAMES = list(SHIPPED)


def run(argv: list[str], **kwargs: Any) -> tuple[int, str, str]:
    """Run main() with captured output; return (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(argv, stdout=out, stderr=err, **kwargs)
    return code, out.getvalue(), err.getvalue()


def _short(name: str) -> list[str]:
    """Command-line options that make a game of ``name`` short: the lowest target it
    takes (a game of several deals then ends after one or two), or none."""
    for target in (1, 5, 10):
        try:
            SHIPPED[name].from_options({"target": target})
        except cr.RulesError:
            continue
        return ["--target", str(target)]
    return []


def test_the_help_lists_every_game_with_its_summary() -> None:
    code, out, _ = run(["--help"])
    assert code == 0
    text = " ".join(out.split())  # (the help is wrapped to the terminal's width)
    for name in NAMES:
        summary = game_summary(name)
        assert summary, f"{name} registers no summary for --help (register_adapter)"
        assert f"{name} ({' '.join(summary.split())})" in text
    code, out, _ = run(["play", "--help"])
    assert code == 0 and all(name in " ".join(out.split()) for name in NAMES)


@pytest.mark.parametrize(
    ("spelled", "name"), [("crazy-eights", "crazy_eights"), ("Oh-Hell", "oh_hell")]
)
def test_a_game_may_be_named_with_hyphens(spelled: str, name: str) -> None:
    code, out, err = run(["simulate", spelled, "--games", "2", "--seed", "1", "-q", *_short(name)])
    assert (code, err) == (0, "")
    assert f"Simulated {name} with random players" in out


def test_an_unknown_game_is_a_usage_error_listing_every_game() -> None:
    code, _, err = run(["simulate", "crazy-nines"])
    assert code == 2
    assert "unknown game 'crazy-nines'; known games: " in err
    # Every shipped game is listed (test files may register games of their own as well).
    listed = err.split("known games: ", 1)[1].strip().split(", ")
    assert set(NAMES) <= set(listed)


@pytest.mark.parametrize("name", NAMES)
def test_simulate_plays_every_game(name: str) -> None:
    code, out, err = run(["simulate", name, "--games", "3", "--seed", "2", "-q", *_short(name)])
    assert (code, err) == (0, "")
    assert f"Simulated {name} with random players, seed 2" in out and "Games played: 3" in out


@pytest.mark.parametrize("name", NAMES)
def test_arena_plays_every_game(name: str) -> None:
    players = SHIPPED[name]().players
    bots = ",".join(["heuristic"] + ["random"] * (players - 1))
    argv = ["arena", name, "--bots", bots, "--games", str(players), "--workers", "1"]
    code, out, err = run([*argv, "--seed", "3", "--bot-seed", "4", "-q", *_short(name)])
    assert (code, err) == (0, "")
    assert f"{name}: {players} games" in out and "heuristic" in out


class FirstMove:
    """The human at the terminal: at every move prompt of ``adapter``'s class, makes the
    first move of the Legal list as the screen shows it: types ``1`` where the moves are
    numbered, else the move's text (the bidding lists the bids allowed, and there a
    number is the bid itself: ``1`` bids one trick, which a hooked dealer may not);
    ``n`` to anything else (an offer of a move out of turn); ends the input after
    ``limit`` answers."""

    def __init__(self, adapter: type[GameAdapter], monkeypatch: pytest.MonkeyPatch) -> None:
        self.move_prompts: set[str] = set()
        self.answer = ""
        self.answers = 0
        self.limit = 3_000
        shown = adapter.prompt

        def prompt(adapter: GameAdapter, legal: Sequence[Any]) -> str:
            text = shown(adapter, legal)
            self.move_prompts.add(text)
            numbered = "[1] " in adapter.legal_line(legal)
            self.answer = "1" if numbered else adapter.move_text(legal[0])
            return text

        monkeypatch.setattr(adapter, "prompt", prompt)

    def __call__(self, prompt: str) -> str:
        self.answers += 1
        if self.answers > self.limit:
            raise EOFError
        return self.answer if prompt in self.move_prompts else "n"


@pytest.mark.parametrize("name", NAMES)
def test_play_reaches_the_end_of_every_game(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    human = FirstMove(adapter_for(name), monkeypatch)
    argv = ["play", name, "--seed", "1", "--bot-seed", "2", *_short(name)]
    code, out, err = run(argv, input_fn=human)
    assert (code, err) == (0, "")
    assert human.move_prompts, f"{name}: the human was never asked for a move"
    assert "End of input" not in out and "You left the game" not in out
    assert "Not understood" not in out and "Not allowed" not in out
    assert "--seed 1" in out and "--bot-seed 2" in out  # told at the end, how to replay


def test_none_is_none_for_an_option_that_takes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    human = FirstMove(adapter_for("spades"), monkeypatch)
    code, out, err = run(["play", "spades", "-o", "target=none", "--seed", "1"], input_fn=human)
    assert (code, err) == (0, "")  # one deal, played to its end
    assert human.move_prompts and "Not understood" not in out
    code, out, err = run(["simulate", "spades", "-o", "target=None", "--games", "2", "-q"])
    assert (code, err) == (0, "") and "Mean hands per game: 1.00" in out
    code, out, _ = run(["play", "--help"])
    assert "-o target=none" in " ".join(out.split())


def test_none_stays_a_word_for_an_option_that_takes_no_none() -> None:
    code, _, err = run(["simulate", "oh_hell", "-o", "trumps=none", "--games", "1", "-q"])
    assert (code, err) == (0, "")  # Oh Hell's trumps="none": no trumps
    code, _, err = run(["simulate", "spades", "-o", "nil_points=none"])
    assert code == 2 and "nil_points must be an int from 0 up, not 'none'" in err
