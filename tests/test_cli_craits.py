"""Tests of the command line with Craits: ``cardrules play craits`` through scripted
input (playing, naming a suit, saying "one card", drawing, idiot calls in and out of
turn, the one-card deal, bad lines, end of input), the event texts, and
``cardrules simulate craits``."""

from __future__ import annotations

import io
import random
import re
import types
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest

import cardrules as cr
from cardrules import cli
from cardrules.bots import HeuristicBot
from cardrules.cli.simulate import _simulation_rng
from cardrules.events import CardTurnedUp, HandDealt
from cardrules.games.craits import IdiotCalled
from cardrules.games.craits.cli import CraitsAdapter
from cardrules.shedding.events import (
    CardsDrawn,
    CountEnded,
    CountRaised,
    CountStarted,
    DirectionChanged,
    HandBlocked,
    OneCardAnnounced,
    Reshuffled,
    SuitNamed,
    TurnForfeited,
    TurnSkipped,
)
from craits_helpers import iter_random_game, position, rest_of_deck, with_fields

GAME = cr.Craits(players=3)
ADAPTER = CraitsAdapter()

# Seat 0 is the human. With dealer 2 the human moves first on the turned-up 9♠.
HANDS = ["9H 8C QS KD 3C", "2D 4D 5D 6D 7D", "JC JD JS 10C 10D"]


def run(argv: list[str], **kwargs: Any) -> tuple[int, str, str]:
    """Run main() with captured output; return (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(argv, stdout=out, stderr=err, **kwargs)
    return code, out.getvalue(), err.getvalue()


class Script:
    """An input function answering with ``lines`` in turn, then raising EOFError; it
    keeps the prompts it was shown."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.answers: Iterator[str] = iter(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        try:
            return next(self.answers)
        except StopIteration:
            raise EOFError from None


class FromPosition:
    """The rules of ``game``, with every new game starting at ``state`` (to play a
    chosen position through :func:`cli.play_game`)."""

    def __init__(self, game: cr.Craits, state: cr.CraitsState) -> None:
        self.game = game
        self.state = state

    def new_game(self, seed: int = 0) -> cr.CraitsState:
        return self.state

    def start(self, seed: int = 0) -> cr.Step[cr.CraitsState]:
        """The position with the setup events a table shows: the deal and, once
        dealt, the turned-up card (what that card did is left out)."""
        state = self.state
        events: list[cr.Event] = [HandDealt(state.hand_number, state.dealer, state.cards_dealt)]
        if state.phase is not cr.Phase.ANNOUNCE:
            events.append(CardTurnedUp(state.dealer, state.table.discard[0]))
        return cr.Step(state, tuple(events))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


def quiet_computer(game: Any, state: Any) -> Any:
    """A computer that never calls "idiot", never says "one card" and stays silent on
    the one-card deal: the first other legal move."""
    moves = game.legal_moves(state)
    for move in moves:
        if isinstance(move, cr.Pass):
            return move
    return next(m for m in moves if not isinstance(m, (cr.CallIdiot, cr.Announce)) and not _says(m))


def _says(move: Any) -> bool:
    return isinstance(move, cr.Play) and move.announce


def play(
    state: cr.CraitsState,
    lines: Iterable[str],
    *,
    game: cr.Craits = GAME,
    computer: Callable[[Any, Any], Any] = quiet_computer,
    ascii_only: bool = False,
    confirm: bool = False,
) -> tuple[int, str, Script]:
    """Play from ``state`` as seat 0 with the scripted ``lines``."""
    out = io.StringIO()
    script = Script(lines)
    console = cli.Console(out, script, ascii_only)
    code = cli.play_game(
        FromPosition(game, state),  # type: ignore[arg-type]
        ADAPTER,
        console,
        human=0,
        seed=1,
        computer=computer,
        confirm=confirm,
    )
    return code, out.getvalue(), script


def first_or_no(prompt: str) -> str:
    """Answers every move prompt with 1 and every yes/no question with n."""
    return "n" if "[y/N]" in prompt else "1"


def before_seed(out: str) -> list[str]:
    """The lines of a game's transcript before its closing "Game seed" line (which must
    be there), without trailing blank lines."""
    lines = out.rstrip().splitlines()
    index = max(i for i, line in enumerate(lines) if line.startswith("Game seed "))
    assert lines[index].endswith(": replay this deal with --seed " + lines[index].split()[2][:-1])
    kept = lines[:index]
    while kept and not kept[-1]:
        kept.pop()
    return kept


def start(hands: list[str] = HANDS, stock: str = "9S", dealer: int = 2, **kw: Any) -> Any:
    return position(GAME, hands, stock, dealer=dealer, **kw)


# -- the table -------------------------------------------------------------------------


def test_table_shows_the_public_state_and_the_hand_by_suit() -> None:
    state = start(scores=[12, 40, 3])
    code, out, _ = play(state, [])
    assert code == 0
    lines = out.splitlines()
    assert lines[2:5] == ["", "Hand 1: seat 2 dealt 8 cards each.", "  Seat 2 turns up 9♠."]
    assert "Hand 1 of 15 (8 cards dealt), dealer seat 2; play goes clockwise." in lines
    stock = len(state.table.stock)
    assert f"Top card 9♠, suit to follow ♠. Stock: {stock} cards." in lines
    assert "Cards held:  you 5 | seat 1 5 | seat 2 5" in lines
    assert "Scores:      you 12 | seat 1 40 | seat 2 3  (lowest total wins)" in lines
    hand = lines.index("Your hand (5 cards):")
    assert lines[hand + 1 : hand + 5] == ["  ♣  3♣ 8♣", "  ♦  K♦", "  ♥  9♥", "  ♠  Q♠"]
    # Each wild is listed once per suit it can name.
    assert "Legal: [1] 8♣→♣  [2] 8♣→♦  [3] 8♣→♥  [4] 8♣→♠  [5] 9♥  [6] Q♠" in lines
    assert "count" not in out.lower()
    assert before_seed(out)[-1] == "End of input: leaving the game."


def test_table_shows_the_count_direction_and_shuffle_pressure() -> None:
    # Dealer 2 turned up a 2: the count runs at 2 when the human is to move.
    state = start(["AH 9C QS KD 3C", HANDS[1], HANDS[2]], stock="2S")
    t = state.table
    state = with_fields(
        state,
        table=cr.ShedTable(t.hands, t.stock, t.discard, t.suit, -1, t.rng),
        penalties=(10, 0, 5),  # the last penalties: 5 then 10 paid by seat 0, 5 by seat 2
        scores=(15, 0, 5),
    )
    _, out, _ = play(state, [])
    assert "play goes counter-clockwise." in out
    assert "The count is running at 2: add to it (an A or a 2) or draw 2." in out
    assert "Shuffle pressure (paid, next penalty): you 15, next 20 | seat 1 0, next 5 | " in out
    assert "seat 2 5, next 10" in out
    assert "Legal: [1] A♥" in out


def test_the_count_hint_follows_the_card_table() -> None:
    game = cr.Craits(players=3, card_table={"K": cr.CardRule("none", 10, count=3)})
    state = position(game, ["KD 9C QS 3C", HANDS[1], HANDS[2]], "2S", dealer=2)
    _, out, _ = play(state, [], game=game)
    assert "The count is running at 2: add to it (an A or a K or a 2) or draw 2." in out
    assert "Legal: [1] K♦" in out


# -- the human's moves -----------------------------------------------------------------


def test_playing_a_card_by_text_or_number() -> None:
    code, out, _ = play(start(), ["9h"])
    assert code == 0 and "  You play 9♥.\n" in out
    code, out, _ = play(start(), ["6"])  # [6] Q♠
    assert "  You play Q♠.\n" in out


@pytest.mark.parametrize("text", ["8c h", "8C hearts", "8c ♥", "8c->h", "8c→H", "8c heart", "3"])
def test_a_wild_names_the_suit(text: str) -> None:
    code, out, _ = play(start(), [text])
    assert code == 0
    assert "  You play 8♣, name ♥.\n" in out
    # The next player follows the named suit.
    assert "suit to follow ♥" in out


def test_a_wild_without_a_suit_is_refused_and_asked_again() -> None:
    _, out, script = play(start(), ["8c", "8c blue", "8c s"])
    assert "Not understood: 8♣ is wild: name the suit to follow too, e.g. 8c h or 8c hearts" in out
    assert "Not understood: '8c blue': after the card, type only the suit it names" in out
    assert "  You play 8♣, name ♠.\n" in out
    assert script.prompts[0].startswith("Your move (a card like QS, 8h c, QS!, d to draw")


@pytest.mark.parametrize("text", ["QS!", "qs one", "QS one card", "q♠ !", "3"])
def test_saying_one_card_with_the_play(text: str) -> None:
    state = start(["9H QS", HANDS[1], HANDS[2]])
    # The play saying "one card" comes first: typing 1 (or 3) is safe.
    assert "Legal: [1] 9♥!  [2] 9♥  [3] Q♠!  [4] Q♠" in play(state, [])[1]
    code, out, _ = play(state, [text])
    assert code == 0
    assert '  You play Q♠, say "one card".\n' in out
    assert "idiot" not in out.replace("call it", "")


def test_forgetting_one_card_lets_a_computer_call_idiot() -> None:
    state = start(["9H QS", HANDS[1], HANDS[2]])

    def heuristic(game: Any, st: Any) -> Any:
        return cli.BotPlayer(HeuristicBot(), seed=0)(GAME, st)

    _, out, _ = play(state, ["QS"], computer=heuristic)
    assert "  You play Q♠.\n" in out
    assert '  Seat 1 calls "idiot" on you!' in out
    assert re.search(r'\n  You draw \S+ and \S+ \(the "idiot" penalty\)\.\n', out)
    assert "You draw 2 cards" not in out and "(You drew " not in out


def test_drawing_when_no_card_plays_and_seeing_the_cards_drawn() -> None:
    state = start(["3C 4C 5C", HANDS[1], HANDS[2]], below="KH")
    _, out, _ = play(state, ["q♣", "draw"], confirm=True)
    assert "Legal: [1] draw" in out
    assert "Not understood: cannot read 'q♣'" not in out  # Q♣ is a card: not held
    assert "Not allowed: you do not hold Q♣" in out
    assert "  You cannot play and draw K♥.\n" in out
    _, out, _ = play(state, ["d"], confirm=True)
    assert "  You cannot play and draw K♥.\n" in out


def test_bad_lines_are_explained_and_asked_again() -> None:
    _, out, _ = play(start(), ["xyz", "5h", "KD", "d", "99", "idiot", "?", "show", "9h"])
    assert "Not understood: cannot read 'xyz' as a card" in out
    assert "Not allowed: you do not hold 5♥; your hand is 3♣ 8♣ K♦ 9♥ Q♠" in out
    assert "Not allowed: K♦ matches neither the suit to follow (♠) nor the rank of 9♠" in out
    assert "Not allowed: playing is compulsory when possible" in out
    assert "there is no move number 99; pick 1 to 6" in out
    assert "Not allowed: nobody can be called on now" in out
    assert "An 8 names the suit to follow: 8h c, 8h clubs or 8h ♣." in out  # help
    assert out.count("Your hand (5 cards):") == 2  # the turn, and `show`
    assert "  You play 9♥.\n" in out


def test_the_count_follow_it_or_draw_it() -> None:
    state = start(["AH 9C QS KD 3C", HANDS[1], HANDS[2]], stock="2S")
    _, out, _ = play(state, ["qs", "1"], confirm=True)
    assert "Not allowed: the count is running (2)" in out
    assert "  You play A♥.\n  You raise the count to 3.\n" in out
    state = start(["9C QS KD 3C", HANDS[1], HANDS[2]], stock="2S")
    _, out, _ = play(state, ["d"], confirm=True)
    assert (
        "  You cannot follow the count: it ends at 2.\n  You draw 2♣ and 4♣ (for the count).\n"
        in out
    )


# -- idiot calls -----------------------------------------------------------------------


def test_idiot_call_in_turn() -> None:
    # Dealer 1: seat 2 moves first and leaves itself one card without saying so.
    state = start([HANDS[0], HANDS[1], "JS 10C"], dealer=1)
    _, out, script = play(state, ["idiot"])
    assert "  Seat 2 plays J♠.\n" in out
    assert 'Seat 2 has one card and did not say "one card": type idiot to call it.' in out
    assert "[5] Q♠  [6] idiot on seat 2" in out
    assert '  You call "idiot" on seat 2!\n  Seat 2 draws 2 cards (the "idiot" penalty).' in out
    assert out.count("Your hand (5 cards):") == 2  # still the human's turn after the call
    assert not any("[y/N]" in prompt for prompt in script.prompts)


def test_idiot_call_with_a_seat_number() -> None:
    state = start([HANDS[0], HANDS[1], "JS 10C"], dealer=1)
    _, out, _ = play(state, ["idiot 1", "idiot on seat 2"])
    assert "Not allowed: seat 1 cannot be called on now; you can call on seat 2: idiot 2" in out
    assert '  You call "idiot" on seat 2!' in out


@pytest.mark.parametrize("answer", ["y", "yes", "idiot"])
def test_idiot_call_out_of_turn(answer: str) -> None:
    # Dealer 0: seat 1 moves first and is left with one card unannounced; before
    # seat 2 moves, the human is asked.
    state = start([HANDS[0], "JS 10C", HANDS[1]], dealer=0)
    _, out, script = play(state, [answer])
    question = 'Seat 1 has one card and did not say "one card". Call "idiot" on seat 1? [y/N] '
    assert script.prompts[0] == question
    assert '  You call "idiot" on seat 1!\n  Seat 1 draws 2 cards (the "idiot" penalty).' in out
    assert "Cards held:  you 5 | seat 1 3 | seat 2 " in out  # 1 + 2 drawn


@pytest.mark.parametrize("answer", ["", "n", "No"])
def test_declining_an_out_of_turn_call(answer: str) -> None:
    state = start([HANDS[0], "JS 10C", HANDS[1]], dealer=0)
    _, out, script = play(state, [answer])
    assert sum("[y/N]" in prompt for prompt in script.prompts) == 1
    assert 'calls "idiot"' not in out and 'call "idiot"' not in out
    assert "Please answer" not in out
    assert "Cards held:  you 5 | seat 1 1 | seat 2 " in out


def test_end_of_input_or_quit_at_the_out_of_turn_question() -> None:
    state = start([HANDS[0], "JS 10C", HANDS[1]], dealer=0)
    code, out, _ = play(state, [])
    assert code == 0 and before_seed(out)[-1] == "End of input: leaving the game."
    code, out, _ = play(state, ["?", "q"])
    assert "idiot (or idiot 2)" in out  # the help, then the question again
    assert code == 0 and before_seed(out)[-1] == "You left the game."


# -- the one-card deal (V4) and naming the suit of a turned-up 8 (K6) -----------------


def test_one_card_deal_announcements_and_calls_asked_once_each() -> None:
    game = cr.Craits(players=3, one_card_deal_announce=True)
    state = position(game, ["9H", "JS", "2D"], "9S", dealer=0, hand_number=8)
    # Seat 1 stays silent; before seat 2 answers, the human may call on seat 1 (no);
    # seat 2 stays silent; the human says "one card"; the dealer's card is turned up;
    # before seat 1 plays, the human is asked about seat 2 only (yes).
    _, out, script = play(state, ["", "one", "y"], game=game)
    questions = [p for p in script.prompts if "[y/N]" in p]
    assert questions == [
        'Seat 1 has one card and did not say "one card". Call "idiot" on seat 1? [y/N] ',
        'Seat 2 has one card and did not say "one card". Call "idiot" on seat 2? [y/N] ',
    ]
    assert "Hand 8: you dealt 1 card each.\n" in out  # the card is turned up after
    assert "  Seat 1 stays silent.\n" in out and "  Seat 2 stays silent.\n" in out
    assert 'You received your one card: say "one card" (one), or stay silent (pass)' in out
    legal = 'Legal: [1] say "one card"  [2] stay silent  [3] idiot on seat 1  [4] idiot on seat 2'
    assert legal in out
    assert script.prompts[1].startswith('Say "one card"? (one or pass')
    assert '  You say "one card".\n  You turn up 9♠.\n' in out
    assert '  You call "idiot" on seat 2!' in out


@pytest.mark.parametrize("text", ["pass", "p", "2"])
def test_one_card_deal_staying_silent(text: str) -> None:
    game = cr.Craits(players=3, one_card_deal_announce=True)
    state = position(game, ["9H", "JS", "2D"], "9S", dealer=0, hand_number=8)
    _, out, _ = play(state, ["n", "bogus", text], game=game)
    assert "Not understood: 'bogus': answer one" in out
    assert "  You stay silent.\n" in out


def test_naming_the_suit_of_a_turned_up_eight() -> None:
    state = start([HANDS[0], "JS 10C 4H", HANDS[1]], stock="8D", dealer=0)
    _, out, script = play(state, ["x", "hearts"])
    assert "You turned up 8♦ as dealer: name the suit to follow." in out
    assert "Legal: [1] name ♣  [2] name ♦  [3] name ♥  [4] name ♠" in out
    assert script.prompts[0].startswith("Name the suit to follow (c, d, h, s")
    assert "Not understood: 'x' is not a suit" in out
    assert "  You name ♥ as the suit to follow.\n" in out
    _, out, _ = play(state, ["name s"])
    assert "  You name ♠ as the suit to follow.\n" in out


def test_ascii_mode_shows_and_accepts_ascii() -> None:
    _, out, _ = play(start(), ["8c->d"], ascii_only=True)
    assert not set("♣♦♥♠→") & set(out)
    assert "Legal: [1] 8C->C  [2] 8C->D" in out
    assert "  You play 8C, name D.\n" in out


# -- event texts -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "event",
    [
        CardTurnedUp(2, cr.Card.parse("9S")),
        TurnSkipped(1, 0),
        TurnForfeited(0),
        DirectionChanged(-1),
        CountStarted(1, 2),
        CountRaised(2, 5),
        CountEnded(0, 5),
        SuitNamed(2, cr.Suit.CLUBS),
        OneCardAnnounced(1),
        IdiotCalled(2, 0),
        CardsDrawn(1, 1, "cannot_play", 1),
        CardsDrawn(0, 0, "cannot_play", 1),
        Reshuffled(2, 30, 10),
        cr.PlayAgain(0),
    ],
)
def test_event_lines_are_the_librarys_text(event: cr.Event) -> None:
    """The command line tells an event in the library's words (cardrules.describe, for
    the human's seat), not in its own."""
    assert ADAPTER.describe_events([event], human=0, game=GAME) == [
        "  " + cr.describe(event, 0, game=GAME)
    ]


def test_a_blocked_hand_says_how_it_scores() -> None:
    (line,) = ADAPTER.describe_events([HandBlocked(4)], human=0, game=GAME)
    assert line == (
        "  " + cr.describe(HandBlocked(4)) + " Everyone scores the cards they hold, and nobody "
        "scores -10."
    )


def test_play_line_tells_the_suit_named_and_one_card_once() -> None:
    play_move = cr.Play("8c", suit="h", announce=True)
    events = [
        cr.MovePlayed(1, play_move),
        OneCardAnnounced(1),
        SuitNamed(1, cr.Suit.HEARTS),
    ]
    assert ADAPTER.describe_events(events, human=0) == [
        '  Seat 1 plays 8♣, names ♥ and says "one card".'
    ]


def test_naming_clubs_is_told_once() -> None:
    # Suit.CLUBS is 0: a check on the suit's truth would tell it twice.
    events = [cr.MovePlayed(2, cr.Play("8h", suit="c")), SuitNamed(2, cr.Suit.CLUBS)]
    assert ADAPTER.describe_events(events, human=0) == ["  Seat 2 plays 8♥, names ♣."]


def test_playing_again_is_told_from_its_event() -> None:
    six = [cr.MovePlayed(1, cr.Play("6s")), cr.CardPlayed(1, cr.Card.parse("6s"))]
    assert ADAPTER.describe_events([*six, cr.PlayAgain(1)], 0, GAME) == [
        "  Seat 1 plays 6♠.",
        "  Seat 1 plays again.",
    ]
    assert ADAPTER.describe_events([*six, cr.PlayAgain(1)], 1, GAME)[-1] == "  You play again."
    # No event (the hand ended with the 6, or the card table gives the 6 no function):
    # nothing is said, whatever the rules say a 6 does.
    ended = [*six, cr.HandScored(1, (3, -10, 4), (3, -10, 4))]
    assert "again" not in "".join(ADAPTER.describe_events(ended, 0, GAME))
    assert ADAPTER.describe_events(six, 0, GAME) == ["  Seat 1 plays 6♠."]


def test_draws_caused_by_a_card_name_it() -> None:
    events = [
        cr.MovePlayed(1, cr.Play("5h")),
        CardsDrawn(2, 1, "others_draw", 1),
        CardsDrawn(0, 1, "others_draw", 1),
        cr.MovePlayed(0, cr.Play("7h")),
        CardsDrawn(2, 1, "two_along_draws", 1),
    ]
    assert ADAPTER.describe_events(events, human=0) == [
        "  Seat 1 plays 5♥.",
        "  Seat 2 draws 1 card (5♥ makes every other player draw).",
        "  You draw 1 card (5♥ makes every other player draw).",
        "  You play 7♥.",
        "  Seat 2 draws 1 card (7♥ makes the player two seats along draw).",
    ]


def test_moves_told_by_their_events_have_no_line_of_their_own() -> None:
    for move in (cr.Draw(), cr.CallIdiot(1, 0), cr.NameSuit("h"), cr.Announce()):
        assert ADAPTER.describe_events([cr.MovePlayed(1, move)], human=0) == []


def test_scores_and_game_over_say_lowest_wins() -> None:
    scored = ADAPTER.describe_events([cr.HandScored(3, (-10, 25, 4), (30, 80, 12))], human=0)
    assert scored == [
        "",
        "End of hand 3: you -10, seat 1 25, seat 2 4. Totals: you 30, seat 1 80, seat 2 12. "
        "(The lowest total wins.)",
    ]
    over = ADAPTER.describe_events([cr.GameOver((2,), (30, 80, 12))], human=0)
    assert over == [
        "",
        "Game over. Final scores: you 30, seat 1 80, seat 2 12. Seat 2 wins.",
        "(The lowest total wins.)",
    ]


# -- whole games through main() ---------------------------------------------------------


def test_whole_game_against_each_kind_of_opponent() -> None:
    for opponents in ("random", "heuristic", "ismcts:4"):
        argv = ["play", "craits", "--players", "2", "--seed", "5", "-o", "short_game=true"]
        code, out, err = run([*argv, "--opponents", opponents], input_fn=first_or_no)
        assert code == 0 and err == ""
        tail = before_seed(out)
        assert tail[-1] == "(The lowest total wins.)"
        result, verdict = tail[-2].removeprefix("Game over. Final scores: ").split(". ")
        scores = [int(part.split()[-1]) for part in result.split(", ")]
        low = min(scores)
        winners = [seat for seat, score in enumerate(scores) if score == low]
        expected = {0: "You win!", 1: "Seat 1 wins."}.get(winners[0])
        assert verdict == (expected if len(winners) == 1 else "Shared win: you and seat 1.")
        assert "End of hand 8: " in out and "End of hand 9" not in out


def test_play_is_reproducible_with_bot_opponents() -> None:
    argv = ["play", "craits", "--seed", "9", "--bot-seed", "3", "-o", "short_game=true"]
    argv += ["--opponents", "random"]
    first = run(argv, input_fn=first_or_no)
    assert first == run(argv, input_fn=first_or_no)


def test_piped_input_is_echoed() -> None:
    code, out, _ = run(["play", "craits", "--seed", "2"], stdin=io.StringIO("?\n"))
    assert code == 0
    assert "? for help, q to quit): ?\n" in out


def test_bad_opponents_and_seats_are_usage_errors() -> None:
    code, _, err = run(["play", "craits", "--opponents", "genius"])
    assert code == 2 and "unknown bot 'genius'" in err
    code, _, err = run(["play", "craits", "--players", "3", "--seat", "3", "--seed", "1"])
    assert code == 2 and "--seat must be a seat from 0 to 2, not 3" in err
    code, _, err = run(["play", "craits", "--players", "11"])
    assert code == 2 and "players must be an int from 2 to 10" in err
    code, _, err = run(["play", "craits", "--target", "5"])
    assert code == 2 and "craits has no option 'target'" in err


# -- simulate --------------------------------------------------------------------------


def test_simulate_craits_summary() -> None:
    code, out, err = run(["simulate", "craits", "--players", "4", "--games", "3", "--seed", "2"])
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Simulated craits with random players, seed 2"
    assert "Games played: 3" in lines
    assert "Mean hands per game: 15.00" in lines  # K3: always 15 hands
    header = lines.index("Seat  Win share  Mean final score")
    assert [row.split()[0] for row in lines[header + 1 : header + 5]] == ["0", "1", "2", "3"]
    assert "(Lower scores are better: the lowest total wins craits.)" in lines


def test_simulate_craits_options_and_winners() -> None:
    code, out, _ = run(["simulate", "craits", "--players", "3", "--games", "2", "-o",
                        "short_game=true", "-q"])  # fmt: skip
    assert code == 0 and "Mean hands per game: 8.00" in out
    summary = cli.simulate(cr.Craits(players=2, short_game=True), games=4, seed=3)
    assert not summary.higher_scores_win
    assert sum(summary.wins) == pytest.approx(4)
    # K25: the lowest total wins (the summary counts the library's winners).
    for index in range(4):
        state, _ = cli.play_random_game(
            cr.Craits(players=2, short_game=True), _simulation_rng(3, index)
        )
        low = min(state.scores)
        assert state.winners == tuple(s for s, score in enumerate(state.scores) if score == low)


def test_the_first_turned_up_card_is_told_with_what_it_did() -> None:
    """The setup's events (Game.start) are narrated before the first turn: here the
    dealer (the human) turns up a 5, which makes the two others draw."""
    started = GAME.start(seed=4)
    assert [type(e) for e in started.events][1:] == [CardTurnedUp, CardsDrawn, CardsDrawn]
    out = io.StringIO()
    script = Script([])
    cli.play_game(GAME, ADAPTER, cli.Console(out, script, False), human=0, seed=4)
    told = out.getvalue().split("Hand 1 of 15")[0]
    assert "Hand 1: you dealt 8 cards each.\n  You turn up 5♥.\n" in told
    assert "  Seat 1 draws 1 card (5♥ makes every other player draw).\n" in told
    assert "  Seat 2 draws 1 card (5♥ makes every other player draw).\n" in told


# -- the turn loop: only moves, yes/no answers, refusals -------------------------------


def test_a_single_legal_move_is_made_for_you() -> None:
    state = start(["3C 4C 5C", HANDS[1], HANDS[2]], below="KH")
    _, out, _ = play(state, [])  # no input needed
    assert "Legal: [1] draw\nYour only move: draw.\n  You cannot play and draw K♥.\n" in out
    # With confirm, the human is asked (and here the input ends).
    _, out, script = play(state, [], confirm=True)
    assert "Your only move" not in out and "You cannot play" not in out
    assert script.prompts[0].startswith("Your move")


def test_calls_count_among_the_legal_moves() -> None:
    # Seat 2 leaves itself one card unannounced; the human cannot play on J♠ but may
    # draw or call: two legal moves, so the human is asked.
    state = start(["3C 4C 5C", HANDS[1], "JS 10C"], dealer=1)
    _, out, script = play(state, [])
    assert "Legal: [1] draw  [2] idiot on seat 2" in out
    assert "Your only move" not in out
    assert script.prompts[0].startswith("Your move")


def test_the_number_one_says_one_card() -> None:
    state = start(["9H QS", HANDS[1], HANDS[2]])
    _, out, _ = play(state, ["1"])
    assert '  You play 9♥, say "one card".\n' in out
    _, out, _ = play(state, ["2"])
    assert "  You play 9♥.\n" in out
    # The library's own order is unchanged.
    assert GAME.legal_moves(state)[:2] == (cr.Play("9H"), cr.Play("9H", announce=True))


def test_listed_moves_are_stable() -> None:
    legal = [cr.Play("9H"), cr.Play("9H", announce=True), cr.Play("QS"), cr.Draw()]
    listed = ADAPTER.listed_moves(legal)
    assert listed == [legal[1], legal[0], legal[2], legal[3]]
    assert ADAPTER.listed_moves(listed) == listed


@pytest.mark.parametrize(("answers", "called"), [(["maybe", "n"], False), (["yes?", "y"], True)])
def test_an_unclear_answer_to_an_offer_is_asked_again(answers: list[str], called: bool) -> None:
    state = start([HANDS[0], "JS 10C", HANDS[1]], dealer=0)
    _, out, script = play(state, answers)
    assert sum("[y/N]" in prompt for prompt in script.prompts) == 2
    assert out.count("Please answer y (yes) or n (no); Enter means no.") == 1
    assert ('  You call "idiot" on seat 1!' in out) == called


def test_calling_idiot_on_yourself_is_refused_in_your_words() -> None:
    state = start([HANDS[0], HANDS[1], "JS 10C"], dealer=1)
    _, out, _ = play(state, ["idiot 0"])
    (refusal,) = [line for line in out.splitlines() if line.startswith("Not allowed")]
    assert refusal == (
        'Not allowed: you cannot call "idiot" on yourself; you can call on seat 2: idiot 2. '
        "Try again (? for help)."
    )


def test_a_call_without_a_target_among_several() -> None:
    view = types.SimpleNamespace(exposed=(1, 2), to_move=0)
    error = cr.IllegalMoveError("target_needed", "several players can be called on ((1, 2))")
    assert ADAPTER.refusal(error, cr.CallIdiot(0), view, 0) == (
        "several players can be called on (seat 1 and seat 2): type idiot 1 or idiot 2"
    )


def test_cards_drawn_are_told_right_after_the_draw() -> None:
    # The last hand: seat 1 goes out with a 5, the others draw one card each, and the
    # game ends in the same step. The human's card comes with their draw, not after the
    # result.
    state = start(["9C QS KD 3C", "5H", HANDS[2]], stock="9H", below="2S 4S", dealer=0,
                  hand_number=15)  # fmt: skip
    _, out, _ = play(state, [])
    lines = out.splitlines()
    drew = lines.index("  You draw 4♠ (5♥ makes every other player draw).")
    over = next(i for i, line in enumerate(lines) if line.startswith("Game over."))
    assert lines[over].endswith("Seat 1 wins.") and over > drew
    assert out.count("You draw 4♠") == 1


def test_describe_step_defaults_to_events_then_change() -> None:
    class Private(cli.GameAdapter):
        def describe_change(self, before: Any, after: Any, human: int) -> list[str]:
            return [f"  ({before} -> {after})"]

    events = [cr.MovePlayed(1, cr.Pass())]
    assert Private().describe_step(events, "a", "b", 0, GAME) == [
        "  Seat 1 stays silent.",
        "  (a -> b)",
    ]


# -- events of the library: playing again, cards played ---------------------------------


def test_a_turned_up_six_lets_the_dealer_play_again() -> None:
    hands = [list(cr.parse_cards(text)) for text in ("9C QS KD 3C", "JS 10C", "JC JD 6S 10D")]
    stock = [cr.Card.parse("6H")]
    stock += rest_of_deck(GAME, [c for hand in hands for c in hand] + stock)
    started = GAME.start(0, dealer=2, hands=hands, stock=stock)
    lines = ADAPTER.describe_events(started.events, 0, GAME)
    assert lines[-2:] == ["  Seat 2 turns up 6♥.", "  Seat 2 plays again."]
    step = GAME.step(started.state, cr.Play("6S"))
    assert ADAPTER.describe_events(step.events, 0, GAME) == [
        "  Seat 2 plays 6♠.",
        "  Seat 2 plays again.",
    ]


def test_cards_played_are_told_once() -> None:
    state = start(["9H QS KD 3C", "8C", HANDS[2]], dealer=0)  # seat 1 goes out with an 8
    step = GAME.step(state, cr.Play("8C", suit="H"))
    assert [type(e) for e in step.events][:3] == [cr.MovePlayed, cr.CardPlayed, SuitNamed]
    lines = ADAPTER.describe_events(step.events, 0, GAME)
    assert lines[0] == "  Seat 1 plays 8♣, names ♥."
    assert sum("8♣" in line for line in lines) == 1
    assert not any("as the suit to follow" in line for line in lines)
    card = cr.Card.parse("QS")
    events = [cr.MovePlayed(0, cr.Play(card, announce=True)), cr.CardPlayed(0, card),
              OneCardAnnounced(0)]  # fmt: skip
    assert ADAPTER.describe_events(events, 0, GAME) == ['  You play Q♠, say "one card".']


@pytest.mark.parametrize("answer", ["♥\ufe0f", "HEARTS", "name Heart", "hearts!"])
def test_naming_a_suit_by_name_or_emoji(answer: str) -> None:
    state = start([HANDS[0], "JS 10C 4H", HANDS[1]], stock="8D", dealer=0)
    _, out, script = play(state, [answer])
    assert "  You name ♥ as the suit to follow.\n" in out
    assert "a name like hearts" in script.prompts[0]


# -- how the human's hand made its score -------------------------------------------------

OTHERS = "JC JD 10C 10D 7C"  # seat 2's hand, holding none of the cards played below


def test_the_humans_hand_score_is_explained() -> None:
    """The issue's hand: 133 in cards scores 93, because the 3 cancels the 9 (K23). Seat
    1 goes out with its last card; the human's cards are told with their points."""
    state = start(["3C 9H 8D 2S 4H", "JS", OTHERS], dealer=0)
    _, out, _ = play(state, [])
    lines = out.splitlines()
    scored = next(i for i, line in enumerate(lines) if line.startswith("End of hand 1: "))
    assert lines[scored].startswith("End of hand 1: you 93, seat 1 -10, ")
    assert lines[scored + 1] == (
        "  Your hand: 3♣ 3 + 8♦ 50 + 4♥ 20 + 9♥ 40 + 2♠ 20 = 133 in cards; 3♣ cancels 9♥ (-40): 93."
    )


def test_going_out_and_threes_alone_are_explained() -> None:
    state = start(["JS", "3C 3D", OTHERS], dealer=2)  # the human goes out at once
    _, out, _ = play(state, ["js"])
    assert "\n  Your hand: no cards left: -10.\n" in out
    state = start(["3C 3D", "JS", OTHERS], dealer=0)  # seat 1 goes out
    _, out, _ = play(state, [])
    assert "  Your hand: 3♣ 3 + 3♦ 3 = 6 in cards; 3♣ 3♦: a hand of only threes, -50 each " in out


def test_a_hand_that_ends_as_the_human_draws_is_explained() -> None:
    """Seat 1 goes out with a 5: the human draws a card as the hand ends, and the next
    hand is dealt at once, so the human's view after the step cannot say which card
    (K15). The event of the draw names the card, and the hand's score is explained
    with it."""
    state = start(["9C QS", "5S", HANDS[2]], dealer=0)
    assert state.table.stock[:2] == cr.parse_cards("2C 3C")  # seat 2 draws first
    _, out, _ = play(state, [])
    lines = out.splitlines()
    drew = lines.index("  You draw 3♣ (5♠ makes every other player draw).")
    assert lines[drew + 2].startswith("End of hand 1: you 13, seat 1 -10, ")
    assert (
        lines[drew + 3]
        == "  Your hand: 9♣ 40 + Q♠ 10 + 3♣ 3 = 53 in cards; 3♣ cancels 9♣ (-40): 13."
    )
    assert lines[drew - 1] == "  Seat 2 draws 1 card (5♠ makes every other player draw)."


def test_the_human_drawing_the_count_as_the_hand_ends_is_explained() -> None:
    """The human's own move ends the hand: seat 1 went out on the count, and the human
    draws it (K13)."""
    game = cr.Craits(players=2)
    state = game.position(["9C QS", "2S"], discard="2D", stock="KD 5H JC 3H 4H", to_move=1,
                          count=2)  # fmt: skip
    state = game.apply(state, cr.Play("2S"))  # the last card of seat 1: the count is 4
    step = game.step(state, cr.Draw())
    before, after = game.observe(state, 0), game.observe(step.state, 0)
    assert after.hand_number == 2
    lines = ADAPTER.step_lines(game, state, step, before, after, 0)
    drew = lines.index("  You draw K♦, 5♥, J♣ and 3♥ (for the count).")
    assert lines[drew + 2].startswith("End of hand 1: you 58, ")
    assert lines[drew + 3].startswith("  Your hand: 9♣ 40 + Q♠ 10 + ")
    assert lines[drew + 3].endswith(": 58.")


def test_the_hand_is_explained_when_the_human_draws_after_a_reshuffle() -> None:
    """A draw that reshuffles the discard pile takes cards whose order the state before
    the step does not hold: the event of the draw names them all the same."""
    state = start(["9C QS", "5S", HANDS[2]], dealer=0)
    table = state.table
    empty = cr.ShedTable(table.hands, table.stock[:1], (*table.stock[1:], *table.discard),
                         table.suit, table.direction, table.rng)  # fmt: skip
    state = with_fields(state, table=empty)  # one card in the stock, two to draw
    step = GAME.step(state, cr.Play("5S"))
    assert any(isinstance(e, Reshuffled) for e in step.events)
    (card,) = next(e.cards for e in step.events if isinstance(e, CardsDrawn) and e.seat == 0)
    before, after = GAME.observe(state, 0), GAME.observe(step.state, 0)
    lines = ADAPTER.step_lines(GAME, state, step, before, after, 0)
    assert f"  You draw {card} (5♠ makes every other player draw)." in lines
    assert sum(line.startswith("  Your hand: ") and str(card) in line for line in lines) == 1


def test_every_hand_that_ends_as_the_human_draws_is_explained_in_random_games() -> None:
    """Whenever the human drew in a step that ended the hand (a 5 or a 7 played out, the
    count drawn after someone went out), the text of their draws names as many cards
    as they drew, and the hand's breakdown gives the score the rules gave (it is told
    only then)."""
    game = cr.Craits(players=3)
    explained = 0
    for seed in range(12):
        for state, _, step in iter_random_game(game, seed, seed):
            events = step.events
            scored = next((e for e in events if isinstance(e, cr.HandScored)), None)
            if scored is None:
                continue
            earlier = events[: events.index(scored)]
            drew = sum(e.count for e in earlier if isinstance(e, CardsDrawn) and e.seat == 0)
            if not drew:
                continue
            before, after = game.observe(state, 0), game.observe(step.state, 0)
            lines = ADAPTER.step_lines(game, state, step, before, after, 0)
            scored_at = next(i for i, line in enumerate(lines) if line.startswith("End of hand"))
            told = [
                line.split(" (")[0].split(" draw ")[1]
                for line in lines[:scored_at]
                if line.startswith(("  You draw ", "  You cannot play and draw "))
            ]
            named = re.findall(r"(?:10|[2-9JQKA])[♣♦♥♠]", " ".join(told))
            assert len(named) == drew, lines
            assert sum(line.startswith("  Your hand: ") for line in lines) == 1, lines
            explained += 1
    assert explained >= 20


@pytest.mark.parametrize(
    "options",
    [{}, {"threes_cancel_eights": True}, {"threes_rule": "published"}],
    ids=["seed", "v7", "published"],
)
def test_the_breakdown_gives_the_points_the_rules_give(options: dict[str, Any]) -> None:
    """The explanation is the scoring's own reading: for every hand of a large sample
    (threes, eights and copies from two decks among them), the breakdown's total is
    hand_points, its cards are the hand with their points, and what it cancels adds up."""
    from cardrules.games.craits.scoring import ALONE_THREE_POINTS, hand_breakdown, hand_points

    chooser = random.Random(7)
    deck = list(cr.Craits(players=6).deck.cards())
    threes = [card for card in deck if card.rank == 3]
    for _ in range(2000):
        hand = chooser.sample(deck, chooser.randint(0, 8)) + chooser.sample(
            threes, chooser.randint(0, 3)
        )
        breakdown = hand_breakdown(hand, **options)
        assert breakdown.total == hand_points(hand, **options)
        assert [card for card, _ in breakdown.cards] == hand
        points = dict(breakdown.cards)
        cancelled = sum(points[card] for _, card in breakdown.cancels)
        alone = len(breakdown.alone) * (ALONE_THREE_POINTS - 3)
        assert breakdown.in_cards - cancelled + alone == breakdown.total
        assert all(three.rank == 3 and card.rank != 3 for three, card in breakdown.cancels)
