"""Crazy Eights at the terminal: ``cardrules play crazy_eights`` through scripted input
(whole games, typed cards, eights naming a suit, drawing and passing, the dealer naming
a suit for a turned-up eight, refusals explained), the adapter's texts, and
``cardrules simulate crazy_eights``."""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator
from typing import Any

import attrs
import pytest

import cardrules as cr
from cardrules import cli
from cardrules.events import CardTurnedUp, HandDealt
from cardrules.games.crazy_eights.cli import CrazyEightsAdapter
from cardrules.terminal import MoveInputError, MoveRefusedError

GAME = cr.CrazyEights(players=3)
ADAPTER = CrazyEightsAdapter()


def run(argv: list[str], **kwargs: Any) -> tuple[int, str, str]:
    """Run main() with captured output; return (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(argv, stdout=out, stderr=err, **kwargs)
    return code, out.getvalue(), err.getvalue()


class Script:
    """An input function answering with ``lines`` in turn, then raising EOFError."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.answers: Iterator[str] = iter(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        try:
            return next(self.answers)
        except StopIteration:
            raise EOFError from None


@attrs.define
class FromPosition:
    """The rules of ``game``, every new game starting at ``state``."""

    game: Any
    state: Any

    def new_game(self, seed: int = 0) -> Any:
        return self.state

    def start(self, seed: int = 0) -> cr.Step[Any]:
        state = self.state
        events = (HandDealt(1, state.dealer, 5), CardTurnedUp(state.dealer, state.discard[0]))
        return cr.Step(state, events)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


def first_move(game: Any, state: Any) -> Any:
    return game.legal_moves(state)[0]


def play(state: Any, lines: Iterable[str], game: Any = GAME) -> tuple[int, str, Script]:
    """Play from ``state`` as seat 0 with the scripted ``lines``, the others making
    their first legal move."""
    out = io.StringIO()
    script = Script(lines)
    console = cli.Console(out, script, False)
    code = cli.play_game(
        FromPosition(game, state),  # type: ignore[arg-type]
        ADAPTER,
        console,
        human=0,
        seed=1,
        computer=first_move,
    )
    return code, out.getvalue(), script


def start(hands: list[str], discard: str = "9H", stock: str = "5S 6S 7S 2H 3H", **kw: Any) -> Any:
    kw.setdefault("game", GAME)
    game = kw.pop("game")
    return game.position(hands, discard, stock, to_move=0, dealer=2, seed=4, **kw)


HANDS = ["9C 8D KH 3S", "2D 4D 5D 6D", "JC JD JS 10C 10D"]


# -- the table -------------------------------------------------------------------------


def test_the_table_shows_the_top_card_the_stock_the_scores_and_the_hand_by_suit() -> None:
    code, out, _ = play(start(HANDS, scores=(12, 40, 3)), [])
    assert code == 0
    assert "Top card 9♥, suit to follow ♥. Stock: 5 cards." in out
    assert "Cards held:  you 4 | seat 1 4 | seat 2 5" in out
    assert "Scores:      you 12 | seat 1 40 | seat 2 3  (First to 100 points wins.)" in out
    assert "  ♣  9♣\n  ♦  8♦\n  ♥  K♥\n  ♠  3♠" in out
    assert "Legal: [1] 9♣  [2] 8♦→♣  [3] 8♦→♦  [4] 8♦→♥  [5] 8♦→♠  [6] K♥  [7] draw" in out


def test_a_card_is_typed_or_picked_by_number() -> None:
    for line in ("kh", "K♥", "6"):
        _, out, _ = play(start(HANDS), [line])
        assert "  You play K♥." in out


@pytest.mark.parametrize("text", ["8d c", "8D clubs", "8d ♣", "8d->c", "8d name clubs"])
def test_an_eight_names_the_suit(text: str) -> None:
    _, out, _ = play(start(HANDS), [text])
    assert "  You play 8♦, name ♣." in out


def test_an_eight_without_a_suit_is_refused_and_asked_again() -> None:
    _, out, script = play(start(HANDS), ["8d", "8d h"])
    assert "8♦ is wild: name the suit to follow too, e.g. 8d h or 8d hearts" in out
    assert "  You play 8♦, name ♥." in out and len(script.prompts) >= 2


def test_drawing_shows_the_cards_drawn_to_the_human_alone() -> None:
    _, out, _ = play(start(HANDS), ["d", "d", "q"])
    assert "  You draw 5♠.\n" in out and "  You draw 6♠.\n" in out
    assert "You have drawn 2 this turn." in out and "You draw 1 card" not in out
    assert "Stock: 3 cards." in out


def test_a_pass_is_told_as_one() -> None:
    state = start(["2C 3C", "4C", "5C"], discard="9H", stock="")
    _, out, _ = play(state, [])
    assert "Your only move: pass.\n  You pass." in out
    assert "  Seat 1 passes." in out and "stays silent" not in out


def test_bad_lines_are_explained_and_asked_again() -> None:
    _, out, _ = play(start(HANDS), ["zz", "QS", "9", "9c hearts", "9c now"])
    assert "Not understood: cannot read 'zz' as a card" in out
    assert "Not allowed: you do not hold Q♠; your hand is 9♣ 8♦ K♥ 3♠" in out
    assert "there is no move number 9; pick 1 to 7" in out
    assert "Not allowed: only a wild card that names a suit may name one, not 9♣" in out
    assert "after the card, type only the suit an eight names" in out


def test_a_card_that_does_not_match_is_refused_in_the_players_words() -> None:
    _, out, _ = play(start(HANDS), ["3s", "q"])
    assert "Not allowed: 3♠ matches neither the suit to follow (♥) nor the rank of 9♥" in out


def test_the_dealer_names_the_suit_of_a_turned_up_eight() -> None:
    game = attrs.evolve(GAME, turned_up_eight="dealer_names")
    state = game.new_game(seed=1, dealer=0, deck=_eight_turned_up())
    view = game.observe(state, 0)
    assert ADAPTER.prompt(view.legal_moves).startswith("Name the suit to follow")
    assert ADAPTER.parse_move("hearts", view, view.legal_moves, game) == cr.NameSuit(cr.Suit.HEARTS)
    with pytest.raises(MoveInputError, match="is not a suit: name one of c, d, h, s"):
        ADAPTER.parse_move("9h", view, view.legal_moves, game)
    assert "You turned up 8♣ as dealer: name the suit to follow." in "\n".join(
        ADAPTER.render_turn(game, view, 0)
    )


def _eight_turned_up() -> list[cr.Card]:
    deck = [card for card in cr.STANDARD_DECK.cards() if card != cr.Card.parse("8C")]
    return deck[:15] + [cr.Card.parse("8C")] + deck[15:]


def test_parse_move_words() -> None:
    state = start(HANDS)
    view = GAME.observe(state, 0)
    legal = view.legal_moves
    assert ADAPTER.parse_move("d", view, legal, GAME) == cr.Draw()
    assert ADAPTER.parse_move("draw", view, legal, GAME) == cr.Draw()
    with pytest.raises(MoveRefusedError, match="pass only when you cannot draw"):
        ADAPTER.parse_move("p", view, legal, GAME)
    with pytest.raises(MoveRefusedError, match="you do not hold 2♣"):
        ADAPTER.parse_move("2c", view, legal, GAME)
    with pytest.raises(MoveInputError, match="names no move"):
        ADAPTER.parse_move("->", view, legal, GAME)


def test_help_says_how_drawing_works_under_the_options() -> None:
    assert any("even when you could play" in line for line in ADAPTER.help_lines(GAME))
    strict = attrs.evolve(GAME, draw_by_choice=False, draw_limit=1)
    text = "\n".join(ADAPTER.help_lines(strict))
    assert "when you cannot play, draw a card (up to 1 card a turn)" in text
    special = "\n".join(ADAPTER.help_lines(attrs.evolve(GAME, special_cards=True)))
    assert "A queen skips the next player" in special
    assert "The first player out collects the others' points. First to 100" in special
    preset = "\n".join(ADAPTER.help_lines(cr.CrazyEights.openspiel()))
    assert "Each player scores minus the points of their cards. One hand;" in preset


def test_the_end_of_a_hand_says_the_goal_and_the_cards_left() -> None:
    state = start(["9C 3C", "9D", "AS 5C"], discard="9H", stock="2S 3S", scores=(0, 95, 0))
    _, out, _ = play(state, ["9c"])  # seat 1 then goes out with 9♦ and reaches 100
    assert "  You play 9♣." in out and "  Seat 1 plays 9♦." in out
    assert "Totals: you 0, seat 1 104, seat 2 0. (First to 100 points wins.)" in out
    assert "  Your cards left: 3♣ (3 points)." in out
    assert "Game over. Final scores: you 0, seat 1 104, seat 2 0. Seat 1 wins." in out


def test_a_blocked_hand_says_how_it_scores() -> None:
    game = attrs.evolve(GAME, target=None)
    state = start(["2C 3C", "4C", "KC"], discard="9H", stock="", game=game)
    _, out, _ = play(state, [], game=game)
    assert "The player with the fewest points in hand collects the difference" in out


# -- whole games through main() ---------------------------------------------------------


def test_whole_games_against_each_kind_of_opponent() -> None:
    for opponents in ("random", "heuristic", "ismcts:4"):
        argv = ["play", "crazy_eights", "--players", "3", "--seed", "5", "-o", "target=30"]
        code, out, err = run([*argv, "--opponents", opponents], input_fn=lambda prompt: "1")
        assert code == 0 and err == "", err
        assert out.startswith("Crazy Eights: 3 players; match the suit or the rank")
        assert "Game over. Final scores: " in out and "Game seed 5:" in out


def test_typed_moves_in_a_whole_game() -> None:
    """A scripted game where the human draws when they can, else plays the first move
    listed: every line is read, and the game ends."""

    def draw_first(prompt: str) -> str:
        draw_first.calls += 1  # type: ignore[attr-defined]
        return "d" if draw_first.calls % 3 == 0 else "1"  # type: ignore[attr-defined]

    draw_first.calls = 0  # type: ignore[attr-defined]
    argv = ["play", "crazy-eights", "--players", "2", "--seed", "8", "-o", "target=20"]
    code, out, err = run([*argv, "--opponents", "heuristic"], input_fn=draw_first)
    assert code == 0 and err == ""
    assert re.search(r"\n  You draw (?:10|[2-9JQKA])[♣♦♥♠]\.\n", out) and "Game over." in out


def test_options_on_the_command_line() -> None:
    code, out, _ = run(
        ["play", "crazy_eights", "--seed", "2", "-o", "special_cards=true", "-o", "draw_limit=1"],
        input_fn=lambda prompt: "q",
    )
    assert code == 0 and "play goes clockwise" in out
    code, _, err = run(["play", "crazy_eights", "-o", "players=16"])
    assert code == 2 and "players must be an int from 2 to 15, not 16" in err


def test_simulate_crazy_eights() -> None:
    code, out, err = run(["simulate", "crazy_eights", "--games", "3", "--seed", "2", "-q"])
    assert code == 0 and err == "" and "Games played: 3" in out
