"""Numbers typed at the command line that are too long or too large: a search budget
beyond the documented maximum, answers and option values of thousands of digits (never
Python's own digit-limit message), and the suits named once in ASCII mode."""

from __future__ import annotations

import contextlib
import io
import types
from typing import Any

import pytest

import cardrules as cr
from cardrules import cli
from cardrules.bots import MAX_NAMED_ITERATIONS, ISMCTSBot, bot_from_name
from cardrules.cli.parser import build_parser
from cardrules.games.craits.cli import CraitsAdapter

LONG = "7" * 5000
PYTHONS_MESSAGE = "set_int_max_str_digits"  # in Python's message for over-long int text


def run(argv: list[str], **kwargs: Any) -> tuple[int, str, str]:
    """Run main() with captured output; return (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(argv, stdout=out, stderr=err, **kwargs)
    return code, out.getvalue(), err.getvalue()


# -- the search budget -----------------------------------------------------------------


def test_a_budget_above_the_maximum_is_refused_saying_the_maximum() -> None:
    with pytest.raises(cr.BotError, match="ismcts iterations must be at most 100,000, not "):
        bot_from_name("ismcts:1000000000000")
    with pytest.raises(cr.BotError, match="at most 100,000"):
        bot_from_name(f"ismcts:{MAX_NAMED_ITERATIONS + 1}:flat")
    assert bot_from_name(f"ismcts:{MAX_NAMED_ITERATIONS}") == ISMCTSBot(MAX_NAMED_ITERATIONS)
    assert bot_from_name("ismcts:000300") == ISMCTSBot(300)  # leading zeros are fine


@pytest.mark.parametrize(
    "argv",
    [
        ["arena", "craits", "--bots", "ismcts:1000000000000,random"],
        ["play", "craits", "--opponents", "ismcts:1000000000000"],
    ],
)
def test_the_command_line_refuses_a_budget_that_never_returns(argv: list[str]) -> None:
    # Parsed only: a run that accepted the budget would never end.
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as caught:
        build_parser().parse_args(argv)
    assert caught.value.code == cli.EXIT_USAGE
    assert "ismcts iterations must be at most 100,000, not 1000000000000" in err.getvalue()


def test_a_budget_of_thousands_of_digits_is_refused_plainly() -> None:
    for budget in (LONG, "-" + LONG):
        with pytest.raises(cr.BotError) as caught:
            bot_from_name(f"ismcts:{budget}")
        message = str(caught.value)
        assert PYTHONS_MESSAGE not in message and len(message) < 300
        assert "a number of 5000 digits" in message or "negative number" in message
    code, _, err = run(["arena", "craits", "--bots", f"ismcts:{LONG},random"])
    assert code == cli.EXIT_USAGE and PYTHONS_MESSAGE not in err and len(err) < 1000
    assert "at most 100,000" in err


# -- answers and option values of thousands of digits ------------------------------------


def test_a_move_number_of_thousands_of_digits_is_not_understood_plainly() -> None:
    code, out, _ = run(["play", "cramps", "--seed", "1"], stdin=io.StringIO(f"{LONG}\nq\n"))
    assert code == cli.EXIT_OK
    assert PYTHONS_MESSAGE not in out and "Exceeds the limit" not in out
    assert "Not understood: there is no move number 777" in out
    refusal = next(line for line in out.splitlines() if line.startswith("Not understood"))
    assert len(refusal) < 200 and "(5000 digits); pick 1 to " in refusal


def test_an_idiot_call_on_a_seat_of_thousands_of_digits_is_refused_plainly() -> None:
    legal = (cr.CallIdiot(0, 1),)
    view = types.SimpleNamespace(
        seat=0, to_move=1, phase=cr.Phase.PLAY, hand=(), exposed=(1,), legal_moves=legal
    )
    game = cr.Craits(players=3)
    with pytest.raises(cli.MoveInputError) as caught:  # (too long to be read at all)
        CraitsAdapter().parse_move(f"idiot {LONG}", view, legal, game)
    message = str(caught.value)
    assert PYTHONS_MESSAGE not in message and len(message) < 200
    assert "too long to be a move" in message
    with pytest.raises(cli.MoveInputError) as caught:  # (short enough, too many digits)
        CraitsAdapter().parse_move(f"idiot {LONG[:150]}", view, legal, game)
    message = str(caught.value)
    assert PYTHONS_MESSAGE not in message and len(message) < 200
    assert "there is no seat 777" in message and "(150 digits)" in message


DIGITS_LONG = "must be at most 100 digits long"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "cramps", "--games", LONG], f"--games {DIGITS_LONG}, not 777"),
        (["simulate", "cramps", "--seed", LONG], f"--seed {DIGITS_LONG}, not 777"),
        (["play", "cramps", "--seed", LONG], f"--seed must be from 0 to {2**64 - 1}, not 777"),
        (["play", "cramps", "--seat", "-" + LONG], "--seat must be at least 0, not -777"),
        (["simulate", "cramps", "-o", f"target={LONG}"], f"-o target: a number {DIGITS_LONG}"),
        (["simulate", "cramps", "-o", f"packets=3,{LONG}"], f"-o packets: a number {DIGITS_LONG}"),
    ],
)
def test_option_values_of_thousands_of_digits_are_refused_plainly(
    argv: list[str], message: str
) -> None:
    code, out, err = run(argv)
    assert code == cli.EXIT_USAGE and out == ""
    assert message in err and "(5000 digits)" in err
    assert PYTHONS_MESSAGE not in err and len(err) < 1000  # the value is not written out


def test_option_values_within_the_limits_still_work() -> None:
    zeros = "0" * 200  # leading zeros do not count
    code, _, err = run(["simulate", "cramps", "--games", "2", "-q", "--seed", zeros + "5",
                        "-o", f"target={zeros}9"])  # fmt: skip
    assert code == cli.EXIT_OK, err


# -- suits in ASCII mode -----------------------------------------------------------------


def test_ascii_mode_names_the_suit_letters_once() -> None:
    """The library's messages offer letters or symbols ("C, D, H, S or ♣, ♦, ♥, ♠"); in
    ASCII mode the symbols are letters too, so the choice is left out."""
    code, out, _ = run(["play", "cramps", "--seed", "1", "--ascii"], stdin=io.StringIO("zz\nq\n"))
    assert code == cli.EXIT_OK
    assert "followed by a suit (C, D, H, S), e.g. 'QS' or '10H'" in out
    assert "C, D, H, S or C, D, H, S" not in out
    console = cli.Console(io.StringIO(), input, ascii_only=True)
    text = "'x' is not a suit: name one of c, d, h, s (or ♣ ♦ ♥ ♠, or clubs, diamonds)"
    assert console.text(text) == "'x' is not a suit: name one of c, d, h, s (or clubs, diamonds)"
    assert cli.Console(io.StringIO(), input).text(text) == text  # symbols shown: unchanged
