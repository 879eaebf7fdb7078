"""Spades at the terminal: ``cardrules play spades`` through scripted input (bids typed
as numbers or nil, Blind Nil or looking, cards typed or picked, refusals explained, the
hand's scoring told side by side), the adapter's parsing, and ``cardrules simulate
spades``."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

import cardrules as cr
from cardrules import cli
from cardrules.games.spades import BLIND_NIL, LOOK_AT_HAND, Bid, Bidding
from cardrules.games.spades.cli import SpadesAdapter
from cardrules.games.spades.moves import BIDS
from cardrules.terminal import MoveInputError, MoveRefusedError

ADAPTER = SpadesAdapter()


def run(argv: list[str], **kwargs: Any) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(argv, stdout=out, stderr=err, **kwargs)
    return code, out.getvalue(), err.getvalue()


def answers(prompt: str) -> str:
    """Bid 2, look at the cards, play the first card listed."""
    if prompt.startswith("Your bid"):
        return "2"
    if prompt.startswith("Bid Blind Nil"):
        return "look"
    return "1"


class Script:
    """Answers ``lines`` in turn, then as :func:`answers` does; keeps the prompts."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines: Iterator[str] = iter(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return next(self.lines, None) or answers(prompt)


def test_a_whole_game_at_the_terminal() -> None:
    argv = ["play", "spades", "--seed", "4", "--bot-seed", "1", "--target", "150"]
    code, out, err = run([*argv, "--opponents", "heuristic"], input_fn=answers)
    assert code == 0 and err == ""
    assert out.startswith(
        "Spades: you (seat 0) and seat 2 against seats 1 and 3; first side to 150 wins, "
        "a side at -200 or below loses."
    )
    assert "  You bid 2." in out and "Bids: you 2" in out
    assert "Legal: bid Nil (0) or 1 to 13: type the number of tricks" in out
    assert "End of hand 1: you and seat 2 " in out and "  You and seat 2: bid " in out
    last = [line for line in out.splitlines() if line.startswith("Game over.")]
    assert len(last) == 1 and last[0].startswith("Game over. Final scores: you and seat 2 ")
    assert "scores +1" not in out  # a trick is taken, not scored
    assert "Game seed 4" in out


def test_blind_nil_is_offered_with_the_hand_unseen() -> None:
    argv = ["play", "spades", "--seed", "2", "--bot-seed", "1", "--target", "150"]
    argv += ["-o", "blind_nil=true", "--opponents", "heuristic"]
    script = Script([])
    code, out, _ = run(argv, input_fn=script)
    # blind_nil_behind is 100: at 0 to 0 nobody may bid it in the first hand.
    assert code == 0 and script.prompts[0].startswith("Your bid")
    script = Script(["blind"])
    code, out, _ = run([*argv, "-o", "blind_nil_behind=0"], input_fn=script)
    assert code == 0 and script.prompts[0].startswith("Bid Blind Nil or look at your cards?")
    first = out.index("Your hand: not looked at yet")
    assert "♠  " not in out[:first]  # no card of the hand was shown before
    assert "  You bid Blind Nil." in out and "Blind Nil by you " in out


def test_refusals_are_explained() -> None:
    argv = ["play", "spades", "--seed", "6", "--bot-seed", "1", "--target", "100"]
    argv += ["-o", "team_bid_limit=13", "-o", "random_first_dealer=false"]
    argv += ["-o", "first_dealer_seat=1", "--opponents", "heuristic"]
    script = Script(["14", "bid many", "13"])
    code, out, _ = run(argv, input_fn=script)
    assert code == 0
    assert "Not understood: '14' is not a bid: type a number of tricks from 0 (nil) to 13" in out
    assert "Not understood: 'bid many' is not a bid" in out
    assert (
        "Not allowed: bid 13: partners may bid at most 13 together, and your partner bid 2: "
        "bid Nil to 11. Try again (? for help)."
    ) in out
    assert "  You bid 2." in out  # then the script's answer


def test_the_adapter_reads_bids_blind_nil_and_cards() -> None:
    game = cr.Spades(blind_nil=True)
    state = game.new_game(seed=3, dealer=3, scores=(0, 150, 0, 150))
    view = game.observe(state, 0)
    blind = game.legal_moves(state)
    assert ADAPTER.parse_move("blind", view, blind, game) == BLIND_NIL
    assert ADAPTER.parse_move("Blind Nil", view, blind, game) == BLIND_NIL
    assert ADAPTER.parse_move("look", view, blind, game) == LOOK_AT_HAND
    assert ADAPTER.parse_move("2", view, blind, game) == LOOK_AT_HAND
    with pytest.raises(MoveInputError, match="type blind"):
        ADAPTER.parse_move("nil", view, blind, game)
    with pytest.raises(MoveInputError, match="no move number 4"):
        ADAPTER.parse_move("4", view, blind, game)
    lines = ADAPTER.render_turn(game, view, 0)
    assert "Your hand: not looked at yet (you may bid Blind Nil without seeing it)." in lines
    assert ADAPTER.prompt(blind).startswith("Bid Blind Nil or look")
    state = game.apply(state, LOOK_AT_HAND)
    view = game.observe(state, 0)
    for text, bid in (("nil", 0), ("0", 0), ("N", 0), ("bid 4", 4), (" 13 ", 13), ("7", 7)):
        assert ADAPTER.parse_move(text.strip(), view, BIDS, game) == Bid(bid)
    for text in ("14", "-1", "x", "1000000000000000000000"):
        with pytest.raises(MoveInputError, match="is not a bid"):
            ADAPTER.parse_move(text, view, BIDS, game)
    hand = view.hand
    for move in (Bid(2), Bid(3), LOOK_AT_HAND, Bid(3), Bid(3)):  # (seat 2 may bid blind)
        state = game.apply(state, move)
    view = game.observe(state, 0)
    legal = game.legal_moves(state)
    assert ADAPTER.parse_move("1", view, legal, game) == legal[0]
    assert ADAPTER.parse_move(str(hand[0]), view, legal, game) == cr.Play(hand[0])
    missing = next(card for card in cr.STANDARD_DECK.cards() if card not in hand)
    with pytest.raises(MoveRefusedError, match=f"you do not hold {missing}"):
        ADAPTER.parse_move(str(missing), view, legal, game)
    lines = ADAPTER.render_turn(game, view, 0)
    assert (
        "Bids: you 2 (took 0) | seat 1 3 (took 0) | seat 2 3 (took 0) | seat 3 3 (took 0)" in lines
    )
    assert "Spades are not broken." in lines and "You lead trick 1 of 13." in lines


def test_a_hands_scoring_is_told_side_by_side() -> None:
    game = cr.Spades()
    state = game.position(
        ["AS KS", "2C 3C", "4C 5C", "6C 7C"], leader=0, payload=Bidding((1, 1, 0, 1), bags=(9, 4))
    )
    for card in ("AS", "2C", "4C", "6C", "KS", "3C", "5C", "7C"):
        before = game.observe(state, 1)
        step = game.step(state, cr.Play(card))
        state = step.state
    lines = ADAPTER.describe_step(step.events, before, game.observe(step.state, 1), 1, game)
    assert (
        "End of hand 1: you and seat 3 -20, seats 0 and 2 +11. Totals: you and seat 3 -20, "
        "seats 0 and 2 11." in lines
    )
    assert "  You and seat 3: bid 2, took 0 (set): -20: -20" in lines
    assert (
        "  Seats 0 and 2: bid 1, took 2: +10, 1 bag +1; Nil by seat 2 made: +100; bags reach "
        "the limit: -100; 0 bags carried: +11"
    ) in lines


def test_simulate_plays_spades_games() -> None:
    code, out, err = run(["simulate", "spades", "--games", "3", "--seed", "2"])
    assert code == 0 and err == "" and "spades" in out.lower()
