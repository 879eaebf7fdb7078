"""Euchre at the terminal: a whole ``cardrules play euchre`` game through scripted
input, the moves typed in Euchre's words, the refusals explained, the events told in
Euchre's words (the dealer's discard to the dealer alone), and ``cardrules simulate
euchre``."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

import cardrules as cr
from cardrules import cli
from cardrules.games.euchre import Contract, Discard, Euchre, GoAlone
from cardrules.games.euchre.cli import EuchreAdapter, deal_result, side_name
from cardrules.terminal import MoveInputError, MoveRefusedError, adapter_for

ADAPTER = EuchreAdapter()
HANDS = ["JH JD AH KH QH", "9C 10C QC KC AC", "JS JC AS KS QS", "9D 10D QD KD AD"]


def run(argv: list[str], answers: Any) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(argv, stdout=out, stderr=err, input_fn=answers)
    return code, out.getvalue(), err.getvalue()


class Script:
    """Answers each prompt in Euchre's words (a bid, alone or not), or with the first
    listed move (cards); keeps the prompts."""

    def __init__(self, bids: Iterable[str] = ()) -> None:
        self.bids: Iterator[str] = iter(bids)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if len(self.prompts) > 500:
            raise EOFError
        if prompt.startswith("Your bid"):
            return next(self.bids, "pass")
        if prompt.startswith("Alone or"):
            return "partner"
        return "1"


def dealt(dealer: int = 3, upcard: str = "9H", game: Euchre | None = None) -> Any:
    game = game or Euchre()
    hands = [cr.parse_cards(hand) for hand in HANDS]
    return game.new_game(seed=1, dealer=dealer, hands=hands, turned_up=upcard)


def view(state: Any, seat: int | None = None, game: Euchre | None = None) -> Any:
    game = game or Euchre()
    return game.observe(state, state.to_move if seat is None else seat)


# -- a whole game ---------------------------------------------------------------------


def test_a_whole_game_is_played_in_euchres_words() -> None:
    script = Script(bids=["order up", "hearts", "pass"])
    code, out, err = run(["play", "euchre", "--seed", "3", "--target", "3"], script)
    assert code == 0 and not err
    assert out.startswith(
        "Euchre: you and seat 2 against seats 1 and 3; first side to 3 points wins. You are seat 0."
    )
    assert "Upcard: " in out and "Bidding, first round" in out
    assert "Game over. Final scores: you and seat 2 " in out
    assert "Game seed 3" in out and "Not understood" not in out
    assert any(prompt.startswith("Your bid") for prompt in script.prompts)
    # A hand's end says who made trumps and what it scored.
    assert "End of hand 1: you and seat 2 " in out and " made " in out
    # Every bid was told in Euchre's words, never in the shedding games' ("silent").
    assert "passes." in out and "silent" not in out and "scores +1" not in out
    assert ("orders up" in out) or ("trumps." in out)
    # Replaying with the same seeds gives the same game.
    again = run(
        ["play", "euchre", "--seed", "3", "--target", "3", "--bot-seed", _bot_seed(out)],
        Script(bids=["order up", "hearts", "pass"]),
    )
    assert (
        again[1]
        == run(
            ["play", "euchre", "--seed", "3", "--target", "3", "--bot-seed", _bot_seed(out)],
            Script(bids=["order up", "hearts", "pass"]),
        )[1]
    )


def _bot_seed(out: str) -> str:
    return out.split("--bot-seed ")[1].split()[0]


def test_the_adapter_is_registered_for_the_command_line() -> None:
    assert adapter_for("euchre") is EuchreAdapter


def test_simulate_plays_euchre_games() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(["simulate", "euchre", "--games", "3", "--seed", "1"], stdout=out, stderr=err)
    assert code == 0 and "euchre" in out.getvalue().lower()


# -- the table ------------------------------------------------------------------------


def test_the_table_shows_the_upcard_the_bidding_and_the_hand() -> None:
    state = dealt()
    lines = ADAPTER.render_turn(Euchre(), view(state), human=0)
    assert "Hand 1, dealer seat 3." in lines
    assert "Upcard: 9♥. Bidding, first round: 0 passes so far." in lines
    assert "Scores:  you and seat 2 0 | seats 1 and 3 0" in lines
    assert "  ♥  A♥ K♥ Q♥ J♥" in lines and "  ♦  J♦" in lines
    assert lines[-1] == "Legal: [1] pass  [2] order up ♥"
    game = Euchre()
    state = game.apply(game.apply(game.apply(state, cr.Pass()), cr.Pass()), cr.Pass())
    lines = ADAPTER.render_turn(game, view(state, 3), human=3)
    assert lines[-1] == "Legal: [1] pass  [2] pick up ♥"  # the dealer picks up


def test_the_table_shows_trumps_the_maker_and_the_dealers_own_discard() -> None:
    game = Euchre()
    state = game.apply(dealt(), cr.NameSuit("H"))
    state = game.apply(state, Discard("9D"))
    assert "You discarded 9♦." in ADAPTER.render_turn(game, view(state, 3), human=3)
    lines = ADAPTER.render_turn(game, view(state, 0), human=0)
    assert "Trumps: ♥, made by you." in lines and not any("discarded" in line for line in lines)
    assert lines[-1] == "Legal: [1] go alone  [2] with partner"
    assert "  ♥  J♥ J♦ A♥ K♥ Q♥  (trumps)" in lines


# -- typed moves ----------------------------------------------------------------------


def test_bids_are_typed_in_euchres_words() -> None:
    state = dealt()
    seen, legal = view(state), Euchre().legal_moves(state)
    for line in ("order up", "up", "pick up", "hearts", "h", "♥"):
        assert ADAPTER.parse_move(line, seen, legal, Euchre()) == cr.NameSuit("H")
    assert ADAPTER.parse_move("pass", seen, legal, Euchre()) == cr.Pass()
    assert ADAPTER.parse_move("2", seen, legal, Euchre()) == cr.NameSuit("H")
    with pytest.raises(MoveRefusedError, match=r"only the upcard's suit .* order up ♥"):
        ADAPTER.parse_move("spades", seen, legal, Euchre())
    with pytest.raises(MoveInputError, match="bid pass, order up or a suit"):
        ADAPTER.parse_move("maybe", seen, legal, Euchre())


def test_the_second_round_refuses_the_turned_down_suit_and_a_stuck_dealers_pass() -> None:
    game = Euchre()
    state = dealt()
    for _ in range(4):
        state = game.apply(state, cr.Pass())
    seen, legal = view(state), game.legal_moves(state)
    assert ADAPTER.parse_move("clubs", seen, legal, game) == cr.NameSuit("C")
    with pytest.raises(MoveRefusedError, match="♥ was turned down: name another suit"):
        ADAPTER.parse_move("hearts", seen, legal, game)
    with pytest.raises(MoveRefusedError, match="♥ was turned down"):
        ADAPTER.parse_move("order up", seen, legal, game)
    for _ in range(3):
        state = game.apply(state, cr.Pass())
    seen, legal = view(state), game.legal_moves(state)
    with pytest.raises(MoveRefusedError, match=r"the dealer is stuck: you must name a suit"):
        ADAPTER.parse_move("pass", seen, legal, game)


def test_discards_alone_and_cards_are_typed() -> None:
    game = Euchre()
    state = game.apply(dealt(), cr.NameSuit("H"))
    seen, legal = view(state), game.legal_moves(state)
    assert ADAPTER.parse_move("9d", seen, legal, game) == Discard("9D")
    assert ADAPTER.parse_move("discard 9d", seen, legal, game) == Discard("9D")
    with pytest.raises(MoveRefusedError, match="you have just picked up 9♥: discard another"):
        ADAPTER.parse_move("9h", seen, legal, game)
    with pytest.raises(MoveRefusedError, match="you do not hold J♠"):
        ADAPTER.parse_move("JS", seen, legal, game)
    state = game.apply(state, Discard("9D"))
    seen, legal = view(state), game.legal_moves(state)
    assert ADAPTER.parse_move("alone", seen, legal, game) == GoAlone(True)
    assert ADAPTER.parse_move("partner", seen, legal, game) == GoAlone(False)
    with pytest.raises(MoveInputError, match="answer alone or partner"):
        ADAPTER.parse_move("hearts", seen, legal, game)
    state = game.apply(state, GoAlone(False))
    seen, legal = view(state), game.legal_moves(state)
    assert ADAPTER.parse_move("jh", seen, legal, game) == cr.Play("JH")
    with pytest.raises(MoveRefusedError, match="you do not hold 9♠"):
        ADAPTER.parse_move("9S", seen, legal, game)


# -- events ---------------------------------------------------------------------------


def test_moves_are_told_in_euchres_words_and_the_discard_to_the_dealer_alone() -> None:
    game = Euchre()
    state = dealt()
    before = view(state, 0)
    step = game.step(state, cr.NameSuit("H"))
    assert ADAPTER.describe_step(step.events, before, None, 0, game) == ["  You order up ♥."]
    state = step.state
    step = game.step(state, Discard("9D"))
    told = {
        seat: ADAPTER.describe_step(step.events, view(state, seat), None, seat, game)
        for seat in range(4)
    }
    assert told[3] == ["  You discard 9♦."]
    assert told[0] == told[1] == told[2] and "9♦" not in told[0][0]
    assert told[0] == ["  Seat 3 discards a card."]
    state = step.state
    step = game.step(state, GoAlone(True))
    assert ADAPTER.describe_step(step.events, view(state, 1), None, 1, game) == [
        "  Seat 0 goes alone."
    ]


def test_the_end_of_a_hand_says_who_made_trumps_and_what_it_scored() -> None:
    contract = Contract(0, cr.Suit.SPADES, 2)
    assert deal_result(contract, 5, (2, 0, 2, 0), human=1) == (
        "seat 2 made ♠ trumps; seats 0 and 2 took 5 tricks: march, 2 points to seats 0 and 2."
    )
    nobody = Contract(8)
    assert "thrown in" in deal_result(nobody, 0, (0, 0, 0, 0), human=0)
    assert side_name(1, human=3) == "you and seat 1"
