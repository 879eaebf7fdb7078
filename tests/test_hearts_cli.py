"""Hearts at the terminal: a whole scripted ``cardrules play hearts`` game, moves typed
as text (passes and plays), refusals explained, the screens of the passing and the
play, the moon told, and ``cardrules simulate hearts``."""

from __future__ import annotations

import io
from typing import Any

import pytest

import cardrules as cr
from cardrules import cli
from cardrules.games.hearts import PassCard
from cardrules.games.hearts.cli import HeartsAdapter
from cardrules.terminal import MoveRefusedError, adapter_for
from conftest import cards

ADAPTER = HeartsAdapter()
GAME = cr.Hearts()


def run(argv: list[str], **kwargs: Any) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(argv, stdout=out, stderr=err, **kwargs)
    return code, out.getvalue(), err.getvalue()


def always_first(prompt: str) -> str:
    return "1"


def passing_view(seed: int = 3, passes: int = 0) -> Any:
    """Seat 1's view while it passes (seat 0 deals), after ``passes`` of its cards."""
    state = GAME.new_game(seed=seed)
    for _ in range(passes):
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    return GAME.observe(state, 1)


def test_the_adapter_is_registered_for_hearts() -> None:
    assert adapter_for("hearts") is HeartsAdapter


def test_a_whole_game_through_the_command_line() -> None:
    argv = ["play", "hearts", "--seed", "5", "--target", "30", "--bot-seed", "1"]
    code, out, err = run([*argv, "--opponents", "random"], input_fn=always_first)
    assert code == 0 and err == ""
    assert out.startswith("Hearts: 4 players.") and "reaches 30" in out.splitlines()[0]
    assert "Hand 1: pass 3 cards to the left (seat 1); 0 of 3 chosen." in out
    assert "Hand 2: pass 3 cards to the right (seat 3)" in out
    assert "You passed " in out and "you received " in out
    final = [line for line in out.splitlines() if line.startswith("Game over. Final scores:")]
    assert len(final) == 1 and "Game seed 5: replay this deal with --seed 5" in out
    again = run([*argv, "--opponents", "random"], input_fn=always_first)
    assert again == (code, out, err)


def test_typed_passes_and_plays() -> None:
    view = passing_view()
    held = [str(card) for card in view.hand]
    assert ADAPTER.parse_move(held[0], view, view.legal_moves, GAME) == PassCard(held[0])
    assert ADAPTER.parse_move(f"pass {held[1]}", view, view.legal_moves, GAME) == PassCard(held[1])
    assert ADAPTER.parse_move("2", view, view.legal_moves, GAME) == view.legal_moves[1]
    game = cr.Hearts(passing="keep")
    state = game.position(["2C 10H", "3C 5D", "4C 7D", "5C 9D"], leader=0)
    play = game.observe(state, 0)
    assert ADAPTER.parse_move("2c", play, play.legal_moves, game) == cr.Play("2C")
    with pytest.raises(MoveRefusedError, match="first trick must be led with the two of clubs"):
        ADAPTER.parse_move("10h", play, play.legal_moves, game)
    with pytest.raises(MoveRefusedError, match="passed only before the play"):
        ADAPTER.parse_move("pass 2C", play, play.legal_moves, game)


def test_cards_not_held_or_already_chosen_are_refused() -> None:
    view = passing_view(passes=1)
    chosen = view.payload.passed[1][0]
    with pytest.raises(MoveRefusedError, match=f"already chosen to pass {chosen}"):
        ADAPTER.parse_move(str(chosen), view, view.legal_moves, GAME)
    stranger = next(c for c in cr.STANDARD_DECK.cards() if c not in view.hand)
    with pytest.raises(MoveRefusedError, match=f"you do not hold {stranger}"):
        ADAPTER.parse_move(str(stranger), view, view.legal_moves, GAME)


def test_the_rules_refusals_are_worded_for_the_player() -> None:
    game = cr.Hearts(passing="keep")
    past = (cr.Trick(0, cards("AD JD QD KD"), winner=0),)
    state = game.position(["AH 9D", "3S 6S", "4S 7S", "5S 8S"], leader=0, tricks=past)
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(state, cr.Play("AH"))
    text = ADAPTER.refusal(info.value, cr.Play("AH"), game.observe(state, 0), 0)
    assert "hearts not broken" in text and "hold nothing else" in text


def test_the_passing_screen_shows_the_direction_and_the_cards_chosen() -> None:
    view = passing_view(passes=2)
    lines = ADAPTER.render_turn(GAME, view, 1)
    chosen = cr.format_cards(view.payload.passed[1])
    assert (
        lines[1]
        == f"Hand 1: pass 3 cards to the left (seat 2); 2 of 3 chosen. You chose: {chosen}."
    )
    hand_lines = " ".join(lines[lines.index("Your hand:") + 1 : lines.index("Your hand:") + 5])
    assert not any(str(card) in hand_lines.split() for card in view.payload.passed[1])
    assert lines[-1].startswith("Legal: [1] pass ")
    assert "Card to pass" in ADAPTER.prompt(view.legal_moves)


def test_the_play_screen_shows_what_was_passed_and_whether_hearts_are_broken() -> None:
    state = GAME.new_game(seed=3)
    while state.phase == "pass":
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    view = GAME.observe(state, 1)
    lines = ADAPTER.render_turn(GAME, view, 1)
    assert lines[1] == "Hand 1, trick 1 of 13. Hearts not broken."
    sent, got = cr.format_cards(view.payload.passed[1]), cr.format_cards(view.payload.passed[0])
    assert lines[2] == f"You passed {sent} to the left (seat 2); you received {got} from seat 0."


def test_the_moon_is_told_at_the_end_of_the_hand() -> None:
    game = cr.Hearts(passing="keep")
    taken = (
        cr.Trick(1, cards("AH 3H 4H JH"), winner=1),
        cr.Trick(1, cards("KH 5H 6H 7H"), winner=1),
        cr.Trick(1, cards("QH 8H 9H TH"), winner=1),
        cr.Trick(1, cards("TC 8C QS 9C"), winner=1),
    )
    state = game.position(["AC", "AS", "2S", "2H"], leader=1, tricks=taken)
    events: list[cr.Event] = []
    before = game.observe(state, 0)
    for text in ("AS", "2S", "2H", "AC"):
        step = game.step(state, cr.Play(text))
        state, events = step.state, [*events, *step.events]
    lines = ADAPTER.describe_step(events, before, game.observe(state, 0), 0, game)
    assert "  (Seat 1 shot the moon: 26 to each other player.)" in lines


def test_simulate_hearts() -> None:
    code, out, _ = run(["simulate", "hearts", "--games", "3", "--seed", "1", "-q"])
    assert code == 0 and "Games played: 3" in out and "lowest total wins hearts" in out
