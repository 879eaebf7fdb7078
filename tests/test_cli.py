"""Tests of the ``cardrules`` command line (src/cardrules/cli/), with Cramps."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
import types
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

import cardrules as cr
from cardrules import cli
from cardrules.cli import registry
from cardrules.games.cramps import cli as cramps_cli
from cardrules.games.cramps.cli import CrampsAdapter

GAME = cr.Cramps()


def run(argv: list[str], **kwargs: Any) -> tuple[int, str, str]:
    """Run main() with captured output; return (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(argv, stdout=out, stderr=err, **kwargs)
    return code, out.getvalue(), err.getvalue()


def scripted(lines: Iterable[str]) -> Callable[[str], str]:
    """An input function answering with ``lines`` in turn, then raising EOFError."""
    answers: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return read


def first_legal(game: cr.Game[Any, Any, Any], state: Any) -> Any:
    """A deterministic computer player."""
    return game.legal_moves(state)[0]


def without_timing(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith("Elapsed:")]


def before_seed(out: str, seed: int | None = None) -> list[str]:
    """The lines of a game's transcript before its closing "Game seed" line (which must
    be there, naming ``seed`` if given), without trailing blank lines."""
    lines = out.rstrip().splitlines()
    index = max(i for i, line in enumerate(lines) if line.startswith("Game seed "))
    if seed is not None:
        assert lines[index] == f"Game seed {seed}: replay this deal with --seed {seed}"
    kept = lines[:index]
    while kept and not kept[-1]:
        kept.pop()
    return kept


# -- simulate --------------------------------------------------------------------------


def test_simulate_prints_summary() -> None:
    code, out, err = run(["simulate", "cramps", "--games", "5", "--seed", "3", "--quiet"])
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == "Simulated cramps with random players, seed 3"
    assert "Games played: 5" in lines
    assert any(line.startswith("Mean rounds per game: ") for line in lines)
    header = lines.index("Seat  Win share  Mean final score")
    seat_rows = lines[header + 1 : header + 5]
    assert [row.split()[0] for row in seat_rows] == ["0", "1", "2", "3"]
    assert all(row.split()[1].endswith("%") for row in seat_rows)
    assert lines[-1].startswith("Elapsed: ") and lines[-1].endswith("games/s)")


def test_simulate_is_reproducible_for_a_seed() -> None:
    argv = ["simulate", "cramps", "--games", "4", "--seed", "11", "-q"]
    first, second = run(argv), run(argv)
    assert without_timing(first[1]) == without_timing(second[1])
    other = run(["simulate", "cramps", "--games", "4", "--seed", "12", "-q"])
    assert without_timing(other[1])[1:] != without_timing(first[1])[1:]


def test_simulate_totals_respect_cramps_invariants() -> None:
    # C10: every round's scores sum to 10, so the final totals of a game sum to 10 per
    # round played; C11: every game has exactly one winner.
    summary = cli.simulate(GAME, games=6, seed=2)
    assert summary.games == 6 and not summary.interrupted
    assert sum(summary.mean_scores) == pytest.approx(10 * summary.mean_rounds)
    assert sum(summary.wins) == pytest.approx(6)
    assert all(w == int(w) for w in summary.wins)


def test_simulate_counts_shared_wins_fractionally() -> None:
    class TwoWinners:
        """A fake game that ends at once with seats 0 and 2 sharing the win."""

        name = "fake"

        def new_game(self, seed: int = 0) -> Any:
            return type("S", (), {"is_over": True, "winners": (0, 2), "scores": (1, 0, 1)})()

    summary = cli.simulate(TwoWinners(), games=3)  # type: ignore[arg-type]
    assert summary.wins == (1.5, 0.0, 1.5)
    assert summary.win_shares == (0.5, 0.0, 0.5)
    assert summary.mean_rounds == 0
    assert "(A win shared by k players counts 1/k for each of them.)" in summary.lines()


class _Partners:
    """A fake partnership game (seats 0 and 2 against 1 and 3) that ends at once with
    ``winners``."""

    name = "partners"

    def __init__(self, winners: tuple[int, ...]) -> None:
        self.winners = winners

    def teams(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def new_game(self, seed: int = 0) -> Any:
        state = {"is_over": True, "winners": self.winners, "scores": (5, 0, 5, 0)}
        return type("S", (), state)()


def test_simulate_counts_a_sides_win_whole_for_each_partner_as_the_arena_does() -> None:
    side = cli.simulate(_Partners((0, 2)), games=3)  # type: ignore[arg-type]
    assert side.wins == (3, 0, 3, 0) and side.win_shares == (1, 0, 1, 0)
    assert side.teams == ((0, 2), (1, 3))
    text = " ".join(side.lines())
    assert "Sides: seats 0 and 2 against seats 1 and 3." in text
    assert "A side's win counts whole for each of its seats, as in cardrules arena" in text
    assert "counts 1/k for each of them" not in text
    tie = cli.simulate(_Partners((0, 1, 2, 3)), games=2)  # type: ignore[arg-type]
    assert tie.win_shares == (0.5, 0.5, 0.5, 0.5)  # two sides share: a half each
    euchre = cli.simulate(cr.Euchre(target=None), games=6, seed=1)
    assert euchre.wins[0] == euchre.wins[2] and euchre.wins[1] == euchre.wins[3]
    assert euchre.wins[0] + euchre.wins[1] == 6  # one side wins each hand
    code, out, _ = run(["simulate", "spades", "-o", "target=none", "--games", "2", "-q"])
    assert code == 0 and "Sides: seats 0 and 2 against seats 1 and 3." in out


def test_simulate_uses_the_target_option() -> None:
    low = cli.simulate(cr.Cramps(target=5), games=5, seed=1)
    high = cli.simulate(cr.Cramps(target=60), games=5, seed=1)
    assert low.mean_rounds < high.mean_rounds


def test_simulate_calls_on_game_and_stops_on_ctrl_c() -> None:
    calls: list[int] = []

    def on_game() -> None:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt

    summary = cli.simulate(GAME, games=10, seed=0, on_game=on_game)
    assert summary.games == 2 and summary.requested == 10 and summary.interrupted
    assert "Games played: 2 of 10 (interrupted)" in summary.lines()


def test_simulate_without_tqdm_says_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # makes `import tqdm` fail
    code, out, err = run(["simulate", "cramps", "--games", "2"])
    assert code == 0 and "Games played: 2" in out
    assert err == ""


def test_simulate_bar_is_off_when_stderr_is_not_a_terminal() -> None:
    pytest.importorskip("tqdm")
    code, _, err = run(["simulate", "cramps", "--games", "2"])
    assert code == 0 and err == ""


def test_module_runs_as_a_script() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardrules", "simulate", "cramps", "--games", "3", "--seed", "1"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        cwd=Path(__file__).parent,
    )
    assert result.returncode == 0, result.stderr
    assert "Games played: 3" in result.stdout


# -- command-line errors ---------------------------------------------------------------


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_unknown_game_lists_known_ones(command: str) -> None:
    code, out, err = run([command, "poker"])
    assert code == 2 and out == ""
    assert "unknown game 'poker'" in err and "known games: " in err and "cramps" in err


def test_game_names_ignore_case() -> None:
    assert run(["simulate", "CRAMPS", "--games", "1", "-q"])[0] == 0


def test_bad_rules_options_are_usage_errors() -> None:
    code, _, err = run(["simulate", "cramps", "-o", "jokers=2"])
    assert code == 2
    assert "no option 'jokers'" in err and "target" in err
    code, _, err = run(["simulate", "cramps", "--players", "5"])
    assert code == 2 and "Cramps: players must be 4, not 5" in err
    code, _, err = run(["simulate", "cramps", "-o", "packets=3,3,3,3,3"])
    assert code == 2 and "packets" in err


def test_rules_options_reach_the_game() -> None:
    parsed = cli.parse_option("packets=3,3,3,2,2")
    assert parsed == ("packets", (3, 3, 3, 2, 2))
    assert run(["simulate", "cramps", "-o", "packets=3,3,3,2,2", "--games", "1", "-q"])[0] == 0


def test_bad_values_are_usage_errors() -> None:
    code, _, err = run(["simulate", "cramps", "--games", "0"])
    assert code == 2 and "--games must be at least 1" in err
    code, _, err = run(["play", "cramps", "--seat", "4", "--seed", "1"])
    assert code == 2 and "--seat must be a seat from 0 to 3, not 4" in err
    code, _, err = run(["simulate", "cramps", "-o", "target"])
    assert code == 2 and "NAME=VALUE" in err


def test_version_and_help() -> None:
    code, out, _ = run(["--version"])
    assert code == 0 and out.strip() == f"cardrules {cr.__version__}"
    code, out, _ = run(["--help"])
    assert code == 0 and "simulate" in out and "play" in out and "130" in out
    code, out, _ = run(["play", "--help"])
    assert code == 0 and "--seat" in out and "--seed" in out
    code, out, _ = run([])
    assert code == 2 and "usage:" in out


# -- play ------------------------------------------------------------------------------


def first_turn(seed: int, human: int) -> Any:
    """The state at the human's first turn when the computers play their first legal
    move."""
    state = GAME.new_game(seed=seed)
    while state.to_move != human:
        state = GAME.apply(state, first_legal(GAME, state))
    return state


def follow_suit_position() -> tuple[int, Any]:
    """A seed where seat 0 must follow suit at its first turn, with a choice of cards
    (a single legal move is played without asking), and also holds a card of another
    suit."""
    for seed in range(100):
        state = first_turn(seed, 0)
        led = state.trick.led_suit
        hand = state.hands[0]
        if sum(c.suit == led for c in hand) > 1 and any(c.suit != led for c in hand):
            return seed, state
    raise AssertionError("no suitable seed")


def ascii_text(card: cr.Card) -> str:
    return f"{card.rank.label}{card.suit.letter}"


def play(lines: Iterable[str], seed: int, **kwargs: Any) -> tuple[int, str]:
    out = io.StringIO()
    console = cli.Console(out, scripted(lines))
    kwargs.setdefault("computer", first_legal)
    code = cli.play_game(GAME, CrampsAdapter(), console, seed=seed, **kwargs)
    return code, out.getvalue()


def test_play_rejects_bad_input_and_asks_again() -> None:
    seed, state = follow_suit_position()
    hand = state.hands[0]
    led = state.trick.led_suit
    off_suit = next(c for c in hand if c.suit != led)
    valid = next(c for c in hand if c.suit == led)
    not_held = next(c for c in _all_cards() if c not in hand and c not in state.trick.cards)
    code, out = play(["xyz", ascii_text(not_held), ascii_text(off_suit), ascii_text(valid)], seed)
    assert code == 0
    assert "Not understood: cannot read 'xyz' as a card" in out
    # A card not held is a refusal, not unreadable input.
    assert f"Not allowed: you do not hold {not_held}; your hand is " in out
    assert "held by seat" not in out  # never reveal who holds a card
    assert f"Not allowed: {off_suit} does not follow suit" in out
    assert f"You play {valid}" in out
    assert before_seed(out, seed)[-1] == "End of input: leaving the game."
    # After the valid card the trick is complete and somebody won it.
    assert "wins trick 1" in out or "win trick 1" in out


def _all_cards() -> list[cr.Card]:
    return [cr.Card.from_index(i) for i in range(52)]


def test_play_shows_the_table_on_the_humans_turn() -> None:
    seed, state = follow_suit_position()
    code, out = play([], seed)
    assert code == 0
    assert "Round 1, trick 1 of 13, worth +0." in out
    assert "Scores:      you 0 | seat 1 0 | seat 2 0 | seat 3 0" in out
    assert "This round:  you 0 |" in out
    plays = ", ".join(f"seat {seat} {card}" for seat, card in state.trick.plays(4))
    assert f"Trick so far: {plays}" in out
    for suit in cr.Suit:
        cards = [c for c in state.hands[0] if c.suit == suit]
        assert f"  {suit.symbol}  {cr.format_cards(cards) or '-'}" in out.splitlines()
    legal = GAME.legal_moves(state)
    listed = "  ".join(f"[{i}] {m.card}" for i, m in enumerate(legal, 1))
    assert f"Legal: {listed}" in out
    # The computers' cards of this trick were announced.
    for seat, card in state.trick.plays(4):
        assert f"  Seat {seat} plays {card}" in out


@pytest.mark.parametrize("style", ["letter", "symbol_lower", "ten_digits", "ten_letter"])
def test_play_accepts_card_text_forms(style: str) -> None:
    seed, state = follow_suit_position()
    card = GAME.legal_moves(state)[-1].card
    rank = "T" if card.rank == cr.Rank.TEN and style == "ten_letter" else card.rank.label
    text = {
        "letter": f"{rank}{card.suit.letter}",
        "symbol_lower": f"{rank.lower()}{card.suit.symbol}",
        "ten_digits": f"{rank}{card.suit.letter.lower()}",
        "ten_letter": f" {rank}{card.suit.letter} ",
    }[style]
    code, out = play([text], seed)
    assert code == 0 and f"You play {card}" in out


def test_play_accepts_a_number_from_the_legal_list() -> None:
    seed, state = follow_suit_position()
    legal = GAME.legal_moves(state)
    code, out = play(["0", str(len(legal) + 1), str(len(legal))], seed)
    assert code == 0
    assert f"there is no move number 0; pick 1 to {len(legal)}" in out
    assert f"there is no move number {len(legal) + 1}; pick 1 to {len(legal)}" in out
    assert f"You play {legal[-1].card}" in out


def test_play_help_show_and_quit() -> None:
    seed, _ = follow_suit_position()
    code, out = play(["?", "", "²", "+-1", "show", "q"], seed)
    assert code == 0
    assert "Play a card by typing it" in out
    assert out.count("Your hand:") == 2  # once for the turn, once for `show`
    assert "Not understood: cannot read '²' as a card" in out
    assert before_seed(out, seed)[-1] == "You left the game."


def test_whole_game_reaches_the_end() -> None:
    code, out, _ = run(
        ["play", "cramps", "--seed", "5", "--target", "5", "--seat", "2"],
        input_fn=lambda prompt: "1",
    )
    assert code == 0
    assert "End of round 1: " in out
    over = before_seed(out, 5)[-1]
    assert over.startswith("Game over. Final scores: seat 0 ")
    assert over.endswith(". You win!") or over.endswith(" wins.")


def test_whole_game_result_matches_the_rules() -> None:
    # The human picks the first legal card, like the computers: the printed result is
    # the library's result for that line of play.
    state = GAME.new_game(seed=9)
    while not state.is_over:
        state = GAME.apply(state, first_legal(GAME, state))
    code, out = play(["1"] * 1000, seed=9, human=1)
    assert code == 0
    names = ["seat 0", "you", "seat 2", "seat 3"]
    scores = ", ".join(f"{n} {s}" for n, s in zip(names, state.scores, strict=True))
    (winner,) = state.winners
    verdict = "You win!" if winner == 1 else f"Seat {winner} wins."
    assert before_seed(out, 9)[-1] == f"Game over. Final scores: {scores}. {verdict}"


def test_ctrl_c_and_ctrl_d_leave_cleanly() -> None:
    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    code, out, err = run(["play", "cramps", "--seed", "1"], input_fn=interrupt)
    assert code == cli.EXIT_INTERRUPTED == 130
    assert before_seed(out, 1)[-1] == "Interrupted: leaving the game." and err == ""
    code, out, _ = run(["play", "cramps", "--seed", "1"], stdin=io.StringIO(""))
    assert code == 0 and before_seed(out, 1)[-1] == "End of input: leaving the game."


def test_play_reads_piped_stdin_and_echoes_it() -> None:
    code, out, _ = run(["play", "cramps", "--seed", "3", "--seat", "1"], stdin=io.StringIO("1\n"))
    assert code == 0
    prompt = "Your move (a card like QS or its number, ? for help, q to quit): "
    assert prompt + "1\n" in out  # the line read is echoed after the prompt
    assert "  You play " in out


def test_play_is_reproducible_for_a_seed() -> None:
    argv = ["play", "cramps", "--seed", "4", "--bot-seed", "8", "--target", "5"]
    first = run(argv, input_fn=lambda prompt: "1")
    assert first == run(argv, input_fn=lambda prompt: "1")


def test_play_ascii_mode_prints_no_suit_symbols() -> None:
    code, out, _ = run(["play", "cramps", "--seed", "1", "--ascii"], input_fn=scripted(["?"]))
    assert code == 0
    assert not set("♣♦♥♠") & set(out)
    assert "Your hand:" in out


def test_play_rejects_a_seat_outside_the_table() -> None:
    console = cli.Console(io.StringIO(), scripted([]))
    with pytest.raises(cr.SetupError, match="from 0 to 3"):
        cli.play_game(GAME, CrampsAdapter(), console, human=4)


# -- the registry and the generic parts ------------------------------------------------


def test_registered_game_plugs_in(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    cli.register_game("quick", lambda **options: cr.Cramps(target=3, **options), cli.GameAdapter)
    assert "quick" in cli.known_games()
    code, out, _ = run(["simulate", "quick", "--games", "2", "-q"])
    assert code == 0 and "Simulated quick" in out
    code, out, _ = run(["play", "quick", "--seed", "2"], input_fn=lambda prompt: "1")
    assert code == 0 and "Game over." in out


def test_generic_adapter_picks_moves_by_number_or_text() -> None:
    adapter = cli.GameAdapter()
    state = first_turn(0, 0)
    legal = GAME.legal_moves(state)
    view = GAME.observe(state, 0)
    assert adapter.parse_move("1", view, legal, GAME) == legal[0]
    assert adapter.parse_move(str(legal[-1].card), view, legal, GAME) == legal[-1]
    with pytest.raises(cli.MoveInputError, match="cannot read 'nonsense' as a card"):
        adapter.parse_move("nonsense", view, legal, GAME)
    with pytest.raises(cli.MoveInputError, match="no move number 99"):
        adapter.parse_move("99", view, legal, GAME)
    lines = adapter.render_turn(GAME, view, 0)
    assert lines[-1] == "Legal: " + adapter.legal_line(legal)
    assert "Your hand: " + cr.format_cards(state.hands[0]) in lines
    (table,) = [line for line in lines if line.startswith("Table: ")]
    assert "hand sizes " in table and "round number 1" in table
    for seat in (1, 2, 3):  # the plain view shows no other seat's cards
        assert not any(str(card) in table for card in state.hands[seat])


def test_generic_adapter_tells_shared_events_in_the_librarys_words() -> None:
    adapter = cli.GameAdapter()
    events = [
        cr.MovePlayed(0, cr.Play("QS")),
        cr.CardPlayed(0, cr.Card.parse("QS")),
        cr.HandDealt(2, 3, 7),
        cr.GameOver((0, 2), (5, 1, 5)),
    ]
    assert adapter.describe_events(events, 2) == [
        "  Seat 0 plays Q♠.",
        "",
        "Hand 2: seat 3 dealt 7 cards each.",
        "",
        "Game over. Final scores: seat 0 5, seat 1 1, you 5. Shared win: seat 0 and you.",
    ]
    # One text: the command line's lines are the library's, laid out.
    told = [text for _, text in cr.narrate(events, 2)]
    assert [line.strip() for line in adapter.describe_events(events, 2) if line] == told
    assert CrampsAdapter().describe_events([cr.HandDealt(2, 3, 13)], 0)[-1] == (
        "Round 2: seat 3 dealt 13 cards each."
    )


def test_generic_loop_runs_any_game_with_the_plain_adapter() -> None:
    out = io.StringIO()
    console = cli.Console(out, lambda prompt: "1")
    code = cli.play_game(
        cr.Cramps(target=3), cli.GameAdapter(), console, seed=8, computer=first_legal
    )
    assert code == 0 and "Game over." in out.getvalue()


def test_random_player_is_seeded() -> None:
    state = GAME.new_game(seed=0)
    a = [cli.RandomPlayer(random.Random(5))(GAME, state) for _ in range(3)]
    b = [cli.RandomPlayer(random.Random(5))(GAME, state) for _ in range(3)]
    assert a == b and all(move in GAME.legal_moves(state) for move in a)


# -- single legal moves, refusals, events ----------------------------------------------


def test_a_single_legal_move_is_made_for_you_unless_confirm() -> None:
    argv = ["play", "cramps", "--seed", "5", "--bot-seed", "1", "--target", "5"]
    prompts: list[str] = []

    def first(prompt: str) -> str:
        prompts.append(prompt)
        return "1"

    code, out, _ = run(argv, input_fn=first)
    assert code == 0
    made = [line for line in out.splitlines() if line.startswith("Your only move: ")]
    assert made  # at least the last trick of each round
    assert all(line.endswith(".") for line in made)
    asked = len(prompts)
    prompts.clear()
    code, confirmed, _ = run([*argv, "--confirm"], input_fn=first)
    assert code == 0 and "Your only move" not in confirmed
    assert len(prompts) == asked + len(made)  # the same game, with one prompt per move
    assert before_seed(confirmed)[-1] == before_seed(out)[-1]


def test_refusals_call_the_human_you() -> None:
    adapter = cli.GameAdapter()
    state = GAME.new_game(seed=1)
    assert state.to_move is not None
    human = (state.to_move + 1) % 4
    view = GAME.observe(state, human)
    move = GAME.legal_moves(state)[0]
    with pytest.raises(cr.IllegalMoveError) as caught:
        GAME.step(state, move, seat=human)
    assert f"seat {human}" in str(caught.value)  # the library names the seat
    text = adapter.refusal(caught.value, move, view, human)
    assert text == f"it is not your turn: seat {state.to_move} is to move"
    other = cr.IllegalMoveError("x", f"not on seat {human}'s turn: ask seat {human}")
    assert adapter.refusal(other, move, view, human) == "not on your turn: ask you"
    compulsory = cr.IllegalMoveError("must_play", "you hold a card you can play (see legal_moves)")
    assert adapter.refusal(compulsory, move, view, human).endswith("(see the Legal list)")


def test_cards_played_are_told_once_in_cramps() -> None:
    adapter = CrampsAdapter()
    state = GAME.new_game(seed=1)
    for _ in range(4):
        step = GAME.step(state, first_legal(GAME, state))
        assert cr.CardPlayed in [type(event) for event in step.events]
        lines = adapter.describe_events(step.events, 0, GAME)
        assert sum(" play" in line for line in lines) == 1
        state = step.state
    card = cr.Card.parse("QS")
    events = [cr.MovePlayed(2, cr.Play(card)), cr.CardPlayed(2, card)]
    assert adapter.describe_events(events, 0, GAME) == ["  Seat 2 plays Q♠."]


# -- how tricks and rounds made their points --------------------------------------------


def test_tricks_and_rounds_say_how_they_scored() -> None:
    """A whole round, every seat picking its first legal card: a trick with Queens says
    what its value and its Queens made; the end of the round says, for every seat, the
    tricks it won and its Queens, adding up to the round's points (C8-C10)."""
    out = io.StringIO()
    console = cli.Console(out, lambda prompt: "1")
    cli.play_game(cr.Cramps(target=1), CrampsAdapter(), console, seed=3, computer=first_legal)
    lines = out.getvalue().splitlines()
    queens = 0
    for index, line in enumerate(lines):
        if " wins trick " not in line and " win trick " not in line:
            continue
        number = int(line.split(" trick ")[1].split()[0])
        cards = cr.parse_cards(line.split("(")[1].split(")")[0])
        points = int(line.rsplit(" ", 1)[1].rstrip("."))
        held = [card for card in cards if card.rank == cr.Rank.QUEEN]
        if held:
            queens += len(held)
            value = cr.Cramps().trick_values[number - 1]
            named = " ".join(map(str, held)) + (" -1 each" if len(held) > 1 else " -1")
            assert (
                lines[index + 1]
                == f"    (trick {number} is worth {value:+d}, {named}: {points:+d})"
            )
        else:
            assert not lines[index + 1].startswith("    (")
    assert queens == 4
    end = next(i for i, line in enumerate(lines) if line.startswith("End of round 1: "))
    round_points = [int(part.split()[-1]) for part in lines[end].split(". ")[0].split(", ")]
    explained = lines[end + 1 : end + 5]
    assert [line.split(":")[0] for line in explained] == [
        "  You",
        "  Seat 1",
        "  Seat 2",
        "  Seat 3",
    ]
    for line, points in zip(explained, round_points, strict=True):
        assert line.endswith(f": {points:+d}")
        values = [int(value) for value in re.findall(r"\(([+-]\d+)\)", line)]
        if "no tricks" not in line:
            assert sum(values) == points  # trick values and the Queens' points


def test_round_points_are_not_explained_under_other_scoring() -> None:
    """A game whose tricks score otherwise than its trick values and Queens say gets no
    explanation (the command line does not guess)."""

    cramps = cr.Cramps()
    doubled = types.SimpleNamespace(
        trick_values=cramps.trick_values,
        queen_points=cramps.queen_points,
        trick_points=lambda number, cards: 2 * cramps.trick_points(number, cards),
    )
    tricks = [(3, 1, cr.parse_cards("QS 2S 5S QH"))]
    assert cramps_cli.round_points_text(doubled, tricks, 1, 2) is None
    assert cramps_cli.trick_points_text(doubled, 3, tricks[0][2]) is None
    assert cramps_cli.round_points_text(cr.Cramps(), tricks, 1, 2) is None  # not the points
