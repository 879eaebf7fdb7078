"""UNO's surface: moves from text (:mod:`cardrules.games.uno.parsing`), the terminal
(:mod:`cardrules.games.uno.cli`) and the heuristic (:mod:`cardrules.games.uno.heuristic`).

- Text: every legal move of every seat, in random games of the official rules, of
  RLCard's preset and with house rules, reads back as that move from the ways a player
  types it (``r5``, ``red 5``, ``wild blue``, ``w+4 g``, ``draw``, ``uno 2`` ...) and
  from the terminal's text of it; bad text is refused saying what may be typed and what
  is legal now; a card not held names the seat's own hand only.
- The terminal: the screen shows the table from the seat's view only (two worlds that
  differ in another seat's cards show the same screen and the same refusals).
- The heuristic: its habits, and it beats random players.
"""

from __future__ import annotations

import io
import random
import types
from collections.abc import Iterator
from typing import Any

import pytest

from cardrules import cli
from cardrules.bots import bot_from_name
from cardrules.cli.console import Console
from cardrules.cli.play import play_game
from cardrules.decks import UNO_108
from cardrules.errors import IllegalMoveError, MoveParseError
from cardrules.events import CardPlayed, HandScored
from cardrules.games.uno import Uno
from cardrules.games.uno.cli import UnoAdapter
from cardrules.games.uno.heuristic import colour_held_most, uno_heuristic
from cardrules.games.uno.moves import SwapHands
from cardrules.games.uno.parsing import read_uno_card, read_uno_move
from cardrules.moves import NameSuit, Pass, Play
from cardrules.shedding.moves import CallOut, Draw, JumpIn

GAMES = {
    "official": Uno(players=3, target=None),
    "rlcard": Uno.rlcard(),
    "house": Uno(players=4, target=None, stacking="draw_two", drawing="until_playable"),
    "seven_zero_jump_in": Uno(players=3, target=None, seven_zero=True, jump_in=True),
}
"""The games whose moves are read back: the official rules (with "UNO" calls),
RLCard's preset and house rules."""

_FACE_WORDS = {
    "skip": "skip",
    "reverse": "reverse",
    "draw_two": "draw two",
    "wild": "wild",
    "wild_draw_four": "wild draw four",
}


def card(text: str) -> Any:
    return UNO_108.parse(text)


def typed_forms(move: Any) -> list[str]:
    """How a player types ``move``: the card as it prints and in words, the colour a
    wild names by its letter or its name, "uno" after the card; ``draw``, ``d``, ...
    (moves of another kind: none)."""
    if isinstance(move, Play):
        played = move.card
        kind = UNO_108.kinds[played]
        if kind.suit is None:
            words = [_FACE_WORDS[kind.kind]]
        else:
            colour = UNO_108.suits[kind.suit]
            face = str(kind.rank) if kind.kind == "number" else _FACE_WORDS[kind.kind]
            words = [f"{colour} {face}"]
        forms = [str(played).lower(), *words]
        if move.suit is not None:
            forms = [
                f"{form} {colour}"
                for form in forms
                for colour in (move.suit.name, move.suit.letter)
            ]
        if move.announce:
            forms = [f"{form} uno" for form in forms] + [f"{forms[0]}!"]
        return forms
    if isinstance(move, Draw):
        return ["draw", "d", "D"]
    if isinstance(move, Pass):
        return ["pass", "p"]
    if isinstance(move, NameSuit):
        return [move.suit.name, move.suit.letter.lower()]
    if isinstance(move, CallOut):
        return [f"uno {move.target}", f"catch {move.target}", f"uno on seat {move.target}"]
    if isinstance(move, JumpIn):
        played = typed_forms(move.play)
        return [*played, f"jump in with {played[1]}"]
    if isinstance(move, SwapHands):
        return [f"swap {move.with_seat}", f"swap with seat {move.with_seat}"]
    return []


def random_views(game: Any, seeds: range, every: int = 3) -> Iterator[Any]:
    """Every seat's view at every ``every``-th position of random games of ``game``."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        step = 0
        while not state.is_over:
            if step % every == 0:
                for seat in range(game.players):
                    yield game.observe(state, seat)
            moves = game.legal_moves(state)
            state = game.apply(state, rng.choice(moves))
            step += 1


# -- moves from text ---------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_legal_move_reads_back_from_its_typed_forms(name: str) -> None:
    game = GAMES[name]
    adapter = UnoAdapter()
    read = 0
    seen: set[str] = set()
    for view in random_views(game, range(4)):
        for move in view.legal_moves:
            forms = typed_forms(move)
            assert forms, move  # (every kind of move this game has is typed somehow)
            seen.add(type(move).__name__)
            for text in (*forms, adapter.move_text(move), str(move)):
                assert read_uno_move(text, view) == move, (text, move, view.legal_moves)
                read += 1
    assert read > 200 and {"Play", "Draw"} <= seen, (read, seen)
    if name == "official":
        assert {"Pass", "CallOut"} <= seen, seen
    if name == "seven_zero_jump_in":
        assert {"JumpIn", "SwapHands"} <= seen, seen


def test_the_game_reads_typed_moves_and_refuses_in_the_seats_words() -> None:
    # Game.parse_move: the library's entry point (chat bots, web pages, the terminal).
    game = GAMES["official"]
    checked = 0
    for view in random_views(game, range(2), every=7):
        for move in view.legal_moves:
            for text in typed_forms(move)[:2]:
                assert game.parse_move(text, view) == move, (text, move)
                checked += 1
    assert checked > 50
    view = position_view()
    assert game.parse_move("red 5", view) == Play(card("R5"))
    with pytest.raises(IllegalMoveError, match=r"^B2 matches neither") as refused:
        game.parse_move("blue 2", view)
    assert refused.value.reason == "does_not_match"
    with pytest.raises(MoveParseError, match="legal now: R5, R7, W naming red"):
        game.parse_move("hello", view)


def test_a_seven_zero_swap_is_read_by_seat() -> None:
    swaps = tuple(SwapHands(seat) for seat in (1, 2))
    view = types.SimpleNamespace(seat=0, hand=UNO_108.parse_cards("R5"), legal_moves=swaps)
    for text in ("swap 2", "2", "swap with seat 2", "swap hands with seat 2", "seat 2"):
        assert read_uno_move(text, view) == SwapHands(2), text
    with pytest.raises(
        IllegalMoveError, match="you cannot swap hands with seat 3; you can with 1, 2"
    ):
        read_uno_move("swap 3", view)
    with pytest.raises(IllegalMoveError, match="there is no hand to swap now"):
        read_uno_move("swap 2", position_view())
    assert UnoAdapter().move_text(SwapHands(2)) == "swap with seat 2"
    sizes = types.SimpleNamespace(seat=0, hand=(), hand_sizes=(3, 5, 2))
    assert uno_heuristic(None, sizes, swaps) == SwapHands(2)  # (the fewest cards)


def test_cards_are_read_in_many_spellings() -> None:
    for text, expected in [
        ("r5", "R5"),
        ("RED 5", "R5"),
        ("red5", "R5"),
        ("r 5", "R5"),
        ("gs", "GS"),
        ("green skip", "GS"),
        ("y r", "YR"),
        ("yellow reverse", "YR"),
        ("b+2", "B+2"),
        ("blue draw two", "B+2"),
        ("b d2", "B+2"),
        ("w", "W"),
        ("wild", "W"),
        ("w+4", "W+4"),
        ("+4", "W+4"),
        ("wild draw four", "W+4"),
    ]:
        found = read_uno_card(text.lower().split())
        assert found is not None and found[0] == card(expected), text
    assert read_uno_card(["blue"]) is None and read_uno_card(["draw"]) is None


def position_view(hand: str = "R5 R7 B2 W W+4 G9", seat: int = 0, others: str = "Y1 Y2 Y3") -> Any:
    game = Uno(players=3, target=None)
    state = game.position([hand, others, "G1 G2"], discard="R3", stock="B9 B8", to_move=0)
    return game.observe(state, seat)


def test_a_wild_names_a_colour_and_a_colour_card_does_not() -> None:
    view = position_view()
    wild, four = card("W"), card("W+4")
    assert read_uno_move("wild blue", view) == Play(wild, suit=UNO_108.suit(2))
    assert read_uno_move("W naming yellow", view) == Play(wild, suit=UNO_108.suit(1))
    assert read_uno_move("w+4 g", view) == Play(four, suit=UNO_108.suit(3))
    assert read_uno_move("play w→r", view) == Play(wild, suit=UNO_108.suit(0))
    with pytest.raises(MoveParseError, match=r"^W is wild: name the colour too, e\.g\. wild red"):
        read_uno_move("wild", view)
    with pytest.raises(MoveParseError, match=r"^R5 is not wild: it names no colour"):
        read_uno_move("r5 blue", view)


def test_text_that_names_no_move_is_refused_listing_what_is_allowed() -> None:
    view = position_view()
    for text in ("hello", "r5 r7", "5", "play", "red"):
        with pytest.raises(MoveParseError) as refused:
            read_uno_move(text, view)
        message = str(refused.value)
        assert "r5, red 5" in message or text in ("5", "red"), (text, message)
    with pytest.raises(MoveParseError) as refused:
        read_uno_move("hello", view)
    message = str(refused.value)
    assert message.startswith("cannot read 'hello'; type a card: r5, red 5, rs (skip)")
    assert "wild blue, w+4 g" in message and "d or draw; p or pass" in message
    legal = ", ".join(str(move) for move in view.legal_moves)
    assert message.endswith(f"legal now: {legal}") and "R5" in legal
    with pytest.raises(MoveParseError, match="say UNO with the card you play: r5 uno"):
        read_uno_move("uno", view)
    with pytest.raises(MoveParseError, match="there is no seat"):
        read_uno_move("uno " + "9" * 50, view)


def test_a_card_not_held_names_the_seats_own_hand_only() -> None:
    # Two worlds that differ in seat 1's hand: seat 0's refusals are the same text.
    for others in ("Y1 Y2 Y3", "B7 G7 R1"):
        view = position_view(others=others)
        with pytest.raises(IllegalMoveError) as refused:
            read_uno_move("b7", view)
        assert refused.value.reason == "not_in_hand"
        assert str(refused.value) == "you do not hold B7; your hand is R5 R7 B2 G9 W W+4"


def test_uno_is_said_with_a_card_and_a_player_is_caught_by_seat() -> None:
    game = Uno(players=3, target=None)
    state = game.position(["R5 R7", "Y1 Y2", "G1 G2"], discard="R3", stock="B9 B8", to_move=0)
    view = game.observe(state, 0)
    said = Play(card("R5"), announce=True)
    assert said in view.legal_moves
    for text in ("r5 uno", "R5!", "uno r5", "red 5 UNO"):
        assert read_uno_move(text, view) == said, text
    assert read_uno_move("r5", view) == Play(card("R5"))  # (not said: can be caught)
    state = game.apply(state, Play(card("R5")))
    catcher = game.observe(state, 2)
    calls = [move for move in catcher.legal_moves if hasattr(move, "caller")]
    assert calls, catcher.legal_moves
    for text in ("uno", "uno 0", "catch 0", "uno on seat 0"):
        assert read_uno_move(text, catcher) == calls[0], text


# -- the terminal ------------------------------------------------------------------------


def test_the_screen_shows_the_table_from_the_seats_view_only() -> None:
    adapter = UnoAdapter()
    game = Uno(players=3, target=None)
    screens = []
    for others in ("Y1 Y2 Y3", "B7 G7 R1"):
        state = game.position(
            ["R5 R7 B2 W G9", others, "G1 G2"], discard="R3", stock="B9 B8", to_move=0
        )
        view = game.observe(state, 0)
        screens.append(adapter.render_turn(game, view, 0))
    assert screens[0] == screens[1]
    text = "\n".join(screens[0])
    assert "Top card R3, colour to match: red. Stock: 2 cards." in text
    assert "  red     R5 R7" in text and "  wild    W" in text and "  blue    B2" in text
    assert "Cards held:  you 5 | seat 1 3 | seat 2 2" in text
    assert "[1] R5" in text and "W→blue" in text and "draw" in text


def test_the_end_of_a_hand_tells_the_cards_left_and_their_points() -> None:
    before = types.SimpleNamespace(hand_number=1, hand=UNO_108.parse_cards("W R5 B2"))
    scored = HandScored(1, (0, 52), (0, 52))
    events = [CardPlayed(0, card("R5")), CardPlayed(1, card("G2")), scored]
    lines = UnoAdapter().explain(scored, events, before, 0, Uno())
    assert lines == ["  Your cards left: B2 W (52 points)."]
    earlier = types.SimpleNamespace(hand_number=0, hand=before.hand)  # (a view of another hand)
    assert UnoAdapter().explain(scored, events, earlier, 0, Uno()) == []


def test_move_texts_and_help_name_what_is_typed() -> None:
    adapter = UnoAdapter()
    assert adapter.move_text(Play(card("W+4"), suit="green")) == "W+4→green"
    assert adapter.move_text(Play(card("R5"), announce=True)) == "R5 UNO!"
    assert adapter.move_text(Draw()) == "draw" and adapter.move_text(Pass()) == "pass"
    assert adapter.move_text(NameSuit(UNO_108.suit(1))) == "name yellow"
    help_text = "\n".join(adapter.help_lines(Uno()))
    assert "wild blue" in help_text and "r5 uno" in help_text and "First to 500" in help_text


# -- the heuristic -----------------------------------------------------------------------


def heuristic_wins(game: Any, games: int) -> float:
    """The share of ``games`` one-hand games the heuristic wins against random players
    (the heuristic's seat changes from game to game)."""
    wins = 0
    for seed in range(games):
        seat = seed % game.players
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        while not state.is_over:
            moves = game.legal_moves(state)
            if state.to_move == seat:
                move = uno_heuristic(game, game.observe(state, seat), moves)
                assert move in moves
            else:
                move = rng.choice(moves)
            state = game.apply(state, move)
        wins += state.scores[seat] == max(state.scores)
    return wins / games


def test_the_heuristic_bot_plays_the_games_heuristic() -> None:
    game = GAMES["official"]
    bot = bot_from_name("heuristic")
    for view in random_views(game, range(2), every=5):
        if view.to_move == view.seat:
            moves = view.legal_moves
            assert bot.choose(game, view, moves, 1) == uno_heuristic(game, view, moves)


def test_the_heuristic_beats_random_players() -> None:
    # A random player wins a quarter of 4-player hands; the heuristic won 93.5% of 200
    # (cardrules arena uno --bots heuristic,random,random,random -o target=none).
    assert heuristic_wins(Uno(players=4, target=None), 40) > 0.6


def test_the_heuristic_keeps_wilds_and_names_the_colour_held_most() -> None:
    game = Uno(players=3, target=None)
    state = game.position(["B2 B4 W R5", "Y1 Y2 Y3", "G1 G2 G3"], discard="R3", to_move=0)
    view = game.observe(state, 0)
    assert uno_heuristic(game, view, view.legal_moves) == Play(card("R5"))
    state = game.position(["B2 B4 W", "Y1 Y2", "G1 G2"], discard="R3", stock="Y5", to_move=0)
    view = game.observe(state, 0)
    assert uno_heuristic(game, view, view.legal_moves) == Play(card("W"), suit=UNO_108.suit(2))
    assert colour_held_most(UNO_108.parse_cards("G1 Y2 G3 W")) == 3


def test_the_heuristic_attacks_a_player_close_to_going_out_and_says_uno() -> None:
    game = Uno(players=3, target=None)
    state = game.position(["R9 RS R5", "Y1 Y2", "G1 G2 G3"], discard="R3", to_move=0)
    view = game.observe(state, 0)
    assert uno_heuristic(game, view, view.legal_moves) == Play(card("RS"))
    state = game.position(["R9 R5", "Y1 Y2 Y4", "G1 G2 G3"], discard="R3", to_move=0)
    view = game.observe(state, 0)
    assert uno_heuristic(game, view, view.legal_moves) == Play(card("R9"), announce=True)


class TypingAdapter(UnoAdapter):
    """The terminal's adapter, with the human typing what the heuristic would play as the
    Legal list shows it (in lower case), after a line that names no move and a move
    number out of range; answering no to moves offered out of turn."""

    def __init__(self) -> None:
        self.answers = ["zz", "99"]
        self.looked: tuple[Any, Any] | None = None
        self.move = ""
        self.prompts = 0

    def render_turn(self, game: Any, view: Any, human: int) -> list[str]:
        self.looked = (game, view)
        return super().render_turn(game, view, human)

    def prompt(self, legal: Any) -> str:
        assert self.looked is not None
        game, view = self.looked
        self.move = self.move_text(uno_heuristic(game, view, legal)).lower()
        return super().prompt(legal)

    def __call__(self, prompt: str) -> str:
        self.prompts += 1
        if self.prompts > 1_000:
            raise EOFError
        if prompt.endswith("[y/N] "):
            return "n"
        return self.answers.pop(0) if self.answers else self.move


def test_a_game_typed_at_the_terminal_to_its_end() -> None:
    adapter = TypingAdapter()
    out = io.StringIO()
    console = Console(out, adapter, interactive=False)
    game = Uno(players=3, target=None)
    code = play_game(game, adapter, console, human=0, seed=3, bot_seed=4)
    text = out.getvalue()
    assert code == 0 and adapter.prompts < 1_000, text[-2000:]
    assert "UNO: 3 players; match the colour, number or symbol" in text
    assert "You are seat 0." in text and "Top card " in text and "colour to match: " in text
    assert text.count("Not understood") == 2 and "there is no move number 99" in text
    assert "  red     " in text and "  wild    " in text and "Legal: [1] " in text
    assert "You win!" in text or "Your cards left: " in text
    assert "End of input" not in text and "--seed 3" in text


def test_cardrules_play_uno_reads_moves_typed_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    # The registered adapter, through the command line: the human types the heuristic's
    # move in words (red 5, wild blue, draw), a card not held first.
    looked: list[Any] = []
    answers = ["g7 uno"]
    render, shown = UnoAdapter.render_turn, UnoAdapter.prompt

    def render_turn(adapter: UnoAdapter, game: Any, view: Any, human: int) -> list[str]:
        looked[:] = [game, view]
        return render(adapter, game, view, human)

    def prompt(adapter: UnoAdapter, legal: Any) -> str:
        game, view = looked
        move = uno_heuristic(game, view, legal)
        answers.append(typed_forms(move)[1] if isinstance(move, Play) else typed_forms(move)[0])
        return shown(adapter, legal)

    def typed(prompt: str) -> str:
        if prompt.endswith("[y/N] "):
            return "n"
        if len(answers) > 500:
            raise EOFError
        return answers.pop(0)

    monkeypatch.setattr(UnoAdapter, "render_turn", render_turn)
    monkeypatch.setattr(UnoAdapter, "prompt", prompt)
    out, err = io.StringIO(), io.StringIO()
    argv = ["play", "uno", "--players", "3", "-o", "target=none", "--seed", "8", "--bot-seed", "2"]
    code = cli.main(argv, stdout=out, stderr=err, input_fn=typed)
    text = out.getvalue()
    assert (code, err.getvalue()) == (0, ""), text[-2000:]
    assert text.count("Not allowed: you do not hold G7; your hand is ") == 1, text[:3000]
    assert "UNO: 3 players" in text and "Game over." in text and "End of input" not in text
