"""Oh Hell at the terminal (cardrules.games.oh_hell.cli): whole games through
``cardrules play oh_hell``, bids typed as numbers and cards as text, refusals that say
what is allowed, the table shown before each decision, the scores of each deal
explained, and ``cardrules simulate`` and ``arena`` with the game."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

import cardrules as cr
from cardrules import cli
from cardrules.games.oh_hell import Bid
from cardrules.games.oh_hell.cli import OhHellAdapter, hand_sizes_text, trumps_text
from cardrules.terminal import MoveInputError, MoveRefusedError

ADAPTER = OhHellAdapter()


def run(argv: list[str], **kwargs: Any) -> tuple[int, str, str]:
    """Run main() with captured output; return (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(argv, stdout=out, stderr=err, **kwargs)
    return code, out.getvalue(), err.getvalue()


def lowest_allowed(prompt: str) -> str:
    """The lowest bid the prompt allows (``0 to 3 but 0``: 1), or the first card."""
    found = re.match(r"Your bid \((\d+)(?: to \d+)?(?: but (\d+))?;", prompt)
    if found is None:
        return "1"
    low, barred = found.groups()
    return str(int(low) + 1) if barred == low else low


def test_a_whole_game_against_each_kind_of_opponent() -> None:
    for opponents in ("random", "heuristic", "ismcts:4"):
        argv = ["play", "oh_hell", "--players", "3", "--seed", "5", "-o", "largest_hand=2"]
        code, out, err = run([*argv, "--opponents", opponents], input_fn=lowest_allowed)
        assert code == 0 and err == ""
        assert out.startswith("Oh Hell: 3 players, 3 deals: 2 cards each, down to 1, then back")
        assert "End of deal 3: " in out and "End of deal 4" not in out
        assert "Game over. Final scores: " in out and "Game seed 5" in out
        assert out.count("You: bid 0, took") + out.count("You: bid 1, took") == 3  # explained


def test_the_table_before_a_bid_and_before_a_card() -> None:
    game = cr.OhHell(players=3, suits=2, ranks=5, hand_sizes="same", largest_hand=2)
    hands = [["2C", "3C"], ["6D", "5D"], ["4C", "5C"]]
    state = game.new_game(dealer=1, hands=hands, turned_up="2D")
    lines = ADAPTER.render_turn(game, game.observe(state, 2), human=2)
    assert lines[1:6] == [
        "Deal 1 of 1: 2 cards each, seat 1 dealt. Trumps: diamonds (♦), 2♦ turned up.",
        "Scores: seat 0 0 | seat 1 0 | you 0",
        "Bids:   seat 0 - | seat 1 - | you -",
        "The bids so far add up to 0 of 2 tricks.",
        "Your hand:",
    ]
    assert "  ♣  4♣ 5♣" in lines and "  ♦  -  (trumps)" in lines
    assert lines[-1] == "Legal: 0 to 2"
    state = game.apply(game.apply(state, Bid(1)), Bid(1))  # seats 2 and 0
    lines = ADAPTER.render_turn(game, game.observe(state, 1), human=1)
    assert "You deal: your bid may not make them add up to the tricks." in lines
    assert lines[-1] == "Legal: 1 to 2" and ADAPTER.prompt(game.legal_moves(state)).startswith(
        "Your bid (1 to 2;"
    )
    state = game.apply(state, Bid(2))
    state = game.apply(state, cr.Play("4C"))  # seat 2 leads
    lines = ADAPTER.render_turn(game, game.observe(state, 0), human=0)
    assert "Taken:  you 0 | seat 1 0 | seat 2 0" in lines
    assert "Trick 1: seat 2 4♣" in lines and lines[-1] == "Legal: [1] 2♣  [2] 3♣"


def test_bids_are_typed_as_numbers() -> None:
    game = cr.OhHell(players=3, largest_hand=5)
    state = game.new_game(seed=3, dealer=2)
    view = game.observe(state, 0)
    legal = game.legal_moves(state)
    for text in ("2", "bid 2", "B 2", " 2 "):
        assert ADAPTER.parse_move(text.strip(), view, legal, game) == Bid(2)
    with pytest.raises(MoveInputError, match="'two' is not a bid; type a number of tricks: 0 to 5"):
        ADAPTER.parse_move("two", view, legal, game)
    with pytest.raises(MoveRefusedError, match="you may bid 0 to 5 tricks, not 6"):
        ADAPTER.parse_move("6", view, legal, game)
    with pytest.raises(MoveRefusedError, match=r"not 77777777777777777777… \(40 digits\)"):
        ADAPTER.parse_move("7" * 40, view, legal, game)
    hooked = game.apply(game.apply(state, Bid(1)), Bid(2))
    dealer = game.observe(hooked, 2)
    with pytest.raises(MoveRefusedError, match="as dealer you may not bid 2: the bids would"):
        ADAPTER.parse_move("2", dealer, game.legal_moves(hooked), game)


def test_cards_are_typed_as_text_or_picked_by_number() -> None:
    game = cr.OhHell(players=3, suits=2, ranks=5, hand_sizes="same", largest_hand=2)
    state = game.new_game(
        dealer=0, hands=[["2C", "3C"], ["6D", "5D"], ["4C", "5C"]], turned_up="2D"
    )
    for tricks in (1, 0, 0):
        state = game.apply(state, Bid(tricks))
    view, legal = game.observe(state, 1), game.legal_moves(state)
    assert ADAPTER.parse_move("6d", view, legal, game) == cr.Play("6D")
    assert ADAPTER.parse_move("2", view, legal, game) == legal[1]
    with pytest.raises(MoveRefusedError, match="you do not hold 2♣; your hand is 5♦ 6♦"):
        ADAPTER.parse_move("2C", view, legal, game)
    with pytest.raises(MoveInputError, match="there is no move number 3"):
        ADAPTER.parse_move("3", view, legal, game)


def test_a_refused_bid_is_asked_again_with_its_reason() -> None:
    answers = iter(["9", "x", "0"])

    def answer(prompt: str) -> str:
        for line in answers:
            return line
        raise EOFError

    code, out, _ = run(
        ["play", "oh_hell", "--players", "3", "--seed", "2", "-o", "largest_hand=2"],
        input_fn=answer,
    )
    assert code == 0  # ends at the end of input
    assert "Not allowed: you may bid 0 to 2 tricks, not 9. Try again" in out
    assert "Not understood: 'x' is not a bid" in out
    assert "  You bid 0." in out


def test_the_scores_of_a_deal_are_explained_and_tricks_are_told_without_points() -> None:
    code, out, _ = run(
        ["play", "oh_hell", "--players", "4", "--seed", "8", "-o", "largest_hand=1"],
        input_fn=lowest_allowed,
    )
    assert code == 0
    end = out.index("End of deal 1: ")
    explained = [line for line in out[end:].splitlines()[1:5]]
    assert all(re.fullmatch(r"  (You|Seat \d): bid \d, took \d \((made it|missed)\): \+\d+", line)
               for line in explained), explained  # fmt: skip
    assert re.search(r"  (You take|Seat \d takes) trick 1 \(.+\)\.\n", out)
    assert "and score" not in out


def test_help_and_texts() -> None:
    lines = ADAPTER.help_lines(cr.OhHell())
    assert "Bidding: type the number of tricks you bid (2 or bid 2)." in lines
    assert "The dealer bids last and may not make the bids add up to the tricks." in lines
    assert "Scoring: a bid made scores 10 plus 1 a trick; a bid missed scores nothing." in lines
    penalty = ADAPTER.help_lines(cr.OhHell(hook=False, scoring="penalty", per_trick=2))
    assert not any("dealer bids last" in line for line in penalty)
    assert (
        "Scoring: a bid made scores 10 plus 2 a trick; a bid missed loses 2 a trick over or under."
        in penalty
    )
    assert ADAPTER.move_text(Bid(3)) == "bid 3" and ADAPTER.move_text(cr.Play("QS")) == "Q♠"
    assert hand_sizes_text(cr.OhHell(players=7, hand_sizes="up_down")) == (
        "13 deals: 1 card each, up to 7, then back down to 1"
    )
    assert hand_sizes_text(cr.OhHell(hand_sizes="same", largest_hand=1)) == "1 deal of 1 card each"
    rotation = cr.OhHell(trumps="rotation")
    assert trumps_text(rotation, rotation.new_game(seed=1)) == "hearts (♥)"


def test_simulate_and_arena_know_the_game() -> None:
    code, out, err = run(
        ["simulate", "oh_hell", "--games", "2", "--seed", "1", "-o", "largest_hand=2"]
    )
    assert code == 0 and err == "" and "oh_hell" in out
    argv = ["arena", "oh_hell", "--bots", "heuristic,random,random,random", "--games", "4"]
    code, out, err = run([*argv, "--seed", "1", "--workers", "1", "-o", "largest_hand=2"])
    assert code == 0 and err == "" and "heuristic" in out
