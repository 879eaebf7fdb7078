"""The texts of events in each game's words: a move is told as what its seat did (the
game's words for a library move that means something else in it, ``Game.move_phrase``;
a move of a game's own by its text), a trick won in a game whose trick points only
count tricks is told without points (``TrickGame.trick_points_are_tricks``), one whose
points are the cards' worth with its word for them (``TrickGame.trick_points_word``), and
whole games of the seven shipped games are told with no move left out or told in
another game's words."""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

import attrs
import pytest

import cardrules as cr
from cardrules._wording import third_person, verb_phrase
from cardrules.games.euchre.moves import Discard, GoAlone
from cardrules.games.spades.moves import BLIND_NIL, LOOK_AT_HAND, Bid


def _played(seat: int, move: Any, seen_by: tuple[int, ...] | None = None) -> cr.MovePlayed:
    """The event of ``seat`` making ``move`` (any game's)."""
    return cr.MovePlayed(seat, move, seen_by=seen_by)


def _texts(event: cr.Event, game: Any = None) -> tuple[str, str]:
    """``event`` told to seat 1 and for a log."""
    return cr.describe(event, 1, game=game), cr.describe(event, game=game)


# -- a library move told in the game's words ---------------------------------------------


def test_a_pass_passes_but_in_craits_it_stays_silent() -> None:
    passed = cr.MovePlayed(1, cr.Pass())
    assert _texts(passed) == ("You pass.", "Seat 1 passes.")
    assert str(passed) == "Seat 1 passes."
    for game in (cr.CrazyEights.openspiel(), cr.Euchre()):
        assert _texts(passed, game) == ("You pass.", "Seat 1 passes.")
    craits = cr.Craits(one_card_deal_announce=True)
    assert _texts(passed, craits) == ("You stay silent.", "Seat 1 stays silent.")
    assert [text for _, text in cr.narrate([passed], 0, game=craits)] == ["Seat 1 stays silent."]


def test_euchre_names_trumps_and_the_move_is_told() -> None:
    named = cr.MovePlayed(1, cr.NameSuit("H"))
    assert _texts(named, cr.Euchre()) == ("You make ♥ trumps.", "Seat 1 makes ♥ trumps.")
    assert cr.narrate([named], 0, game=cr.Euchre()) == [(named, "Seat 1 makes ♥ trumps.")]
    # Craits' suit named is told by the SuitNamed after it, as before.
    assert cr.narrate([named], 0, game=cr.Craits()) == []
    alone, partner = _played(3, GoAlone(True)), _played(3, GoAlone(False))
    assert cr.describe(alone, game=cr.Euchre()) == "Seat 3 goes alone."
    assert _texts(partner, cr.Euchre()) == (
        "Seat 3 plays with their partner.",
        "Seat 3 plays with their partner.",
    )
    assert cr.describe(partner, 3, game=cr.Euchre()) == "You play with your partner."


def test_a_game_of_your_own_words_any_move() -> None:
    @attrs.frozen
    class Quiet(cr.Craits):
        name: ClassVar[str] = ""  # (not registered)

        def move_phrase(self, move: Any) -> str | None:
            return "knock on the table" if type(move) is cr.Draw else None

    drew = [cr.MovePlayed(2, cr.Draw()), cr.CardsDrawn(2, 1, "cannot_play", 1)]
    told = [text for _, text in cr.narrate(drew, 2, game=Quiet())]
    assert told == ["You knock on the table.", "You cannot play and draw 1 card."]
    assert [text for _, text in cr.narrate(drew, 2, game=cr.Craits())] == told[1:]


def test_a_game_whose_words_are_not_text_is_refused_clearly() -> None:
    @attrs.frozen
    class Mumbling(cr.Craits):
        name: ClassVar[str] = ""

        def move_phrase(self, move: Any) -> str | None:
            return 3  # type: ignore[return-value]

    with pytest.raises(cr.EventError, match=r"Mumbling.move_phrase\(\) must return a phrase"):
        cr.describe(cr.MovePlayed(0, cr.Pass()), game=Mumbling())


# -- moves of a game's own, and secret moves ---------------------------------------------


def test_a_move_of_a_games_own_is_told_by_its_text() -> None:
    texts = {
        Bid(3): ("You bid 3.", "Seat 1 bids 3."),
        Bid(0): ("You bid Nil.", "Seat 1 bids Nil."),
        BLIND_NIL: ("You bid Blind Nil.", "Seat 1 bids Blind Nil."),
        LOOK_AT_HAND: ("You look at your cards.", "Seat 1 looks at their cards."),
        Discard(cr.Card.parse("9C")): ("You discard 9♣.", "Seat 1 discards 9♣."),
    }
    for move, told in texts.items():
        assert _texts(_played(1, move), cr.Spades()) == told
        assert _texts(_played(1, move)) == told  # (the move's own: no game needed)


def test_a_text_that_is_not_a_verb_phrase_is_told_as_it_is() -> None:
    @attrs.frozen
    class Offer:
        points: int

    assert _texts(_played(1, Offer(3))) == (
        "You: Offer(points=3).",
        "Seat 1: Offer(points=3).",
    )
    hidden = cr.MovePlayed(2, cr.HiddenMove("a hidden move"))
    assert str(hidden) == "Seat 2: a hidden move."


def test_a_secret_move_is_told_to_the_others_by_its_hidden_text() -> None:
    hearts, euchre = cr.Hearts(), cr.Euchre()
    passed = _played(1, hearts.all_moves()[-1], seen_by=(1,))
    assert cr.describe(passed, 0, game=hearts) == "Seat 1 passes a card."
    assert cr.describe(passed, game=hearts) == "Seat 1 passes a card."
    assert cr.describe(passed, 1, game=hearts) == f"You pass {passed.move.card}."
    discard = _played(3, Discard(cr.Card.parse("AS")), seen_by=(3,))
    assert _texts(discard, euchre) == ("Seat 3 discards a card.", "Seat 3 discards a card.")
    assert cr.describe(discard, 3, game=euchre) == "You discard A♠."

    @attrs.frozen
    class Wordy(cr.Euchre):
        """A game that would word the discard: the others still read its hidden text."""

        name: ClassVar[str] = ""

        def move_phrase(self, move: Any) -> str | None:
            return f"bury {move.card}" if type(move) is Discard else None

    assert cr.describe(discard, 0, game=Wordy()) == "Seat 3 discards a card."
    assert cr.describe(discard, 3, game=Wordy()) == "You bury A♠."


def test_verbs_in_the_third_person() -> None:
    verbs = {"bid": "bids", "pass": "passes", "go": "goes", "touch": "touches", "fix": "fixes"}
    verbs |= {"stay": "stays", "carry": "carries", "have": "has", "do": "does", "wish": "wishes"}
    assert {verb: third_person(verb) for verb in verbs} == verbs
    for text in ("bid 3", "pass a card", "stay silent"):
        assert verb_phrase(text)
    for text in ("a hidden move", "Bid(tricks=3)", "3 tricks", "", "éclater"):
        assert not verb_phrase(text)


# -- a trick won -------------------------------------------------------------------------


def test_a_trick_is_told_without_points_where_they_only_count_tricks() -> None:
    cards = tuple(cr.parse_cards("9C JC 6C QC"))
    won = cr.TrickWon(1, 3, cards, 1)
    counting: list[Any] = [cr.Spades(), cr.OhHell(), cr.Euchre(), cr.Spades.openspiel()]
    for game in counting:
        assert _texts(won, game) == (
            "You win trick 3 (9♣ J♣ 6♣ Q♣).",
            "Seat 1 wins trick 3 (9♣ J♣ 6♣ Q♣).",
        )
    assert cr.describe(won) == "Seat 1 wins trick 3 (9♣ J♣ 6♣ Q♣) and scores +1."
    scoring: list[Any] = [cr.Hearts(), cr.Cramps()]
    for game in scoring:
        assert cr.describe(won, game=game).endswith("and scores +1.")


def test_a_trick_is_told_with_the_card_points_it_takes_in_skat() -> None:
    won = cr.TrickWon(1, 1, tuple(cr.parse_cards("KH AH TH")), 25)
    assert _texts(won, cr.Skat()) == (
        "You win trick 1 (K♥ A♥ 10♥) and take 25 card points.",
        "Seat 1 wins trick 1 (K♥ A♥ 10♥) and takes 25 card points.",
    )
    assert cr.describe(won, game=cr.Hearts()).endswith("and scores +25.")


# -- whole games -------------------------------------------------------------------------

GAMES: dict[str, Any] = {
    "cramps": cr.Cramps(target=10),
    "craits": cr.Craits(players=3, short_game=True, one_card_deal_announce=True),
    "hearts": cr.Hearts(target=30),
    "spades": cr.Spades(blind_nil=True, blind_nil_behind=0),
    "oh_hell": cr.OhHell(players=3, deals=4),
    "euchre": cr.Euchre(lone_defender=True),
    "crazy_eights": cr.CrazyEights.openspiel(),
}

# What a text told in a game that is not its own would say: another game's words, a
# move without words of its game (told after a colon), points of a trick that only counts.
_WRONG = {
    "silent": re.compile(r"stays? silent"),
    "colon": re.compile(r"^(?:You|Seat \d+): "),
    "trick points": re.compile(r"trick \d+ \(.*\) and scores? "),
    "suit to follow": re.compile(r"as the suit to follow"),
}
_RIGHT_FOR = {
    "craits": {"silent", "suit to follow"},
    "crazy_eights": {"suit to follow"},
    "cramps": {"trick points"},
    "hearts": {"trick points"},
}


@pytest.mark.parametrize("name", list(GAMES))
def test_whole_games_are_told_in_their_own_words(name: str) -> None:
    """A random game of each, told to seat 1 and for a log: every move has a text of
    its game's (no move is left out unless an event after it tells it), none in the
    words of another game."""
    game = GAMES[name]
    chooser = random.Random(5)
    step = game.start(seed=5)
    told: list[str] = []
    moves = 0
    for _ in range(3000):
        for seat in (1, None):
            narrated = cr.narrate(step.events, seat, game=game)
            told += [text for _, text in narrated]
            kept = [e for e, _ in narrated if isinstance(e, cr.MovePlayed)]
            first = step.events[0] if step.events else None
            if isinstance(first, cr.MovePlayed) and not kept:
                # Left out: an event of the step tells what the move did.
                assert len(step.events) > 1, (name, step.events)
        if step.state.is_over:
            break
        move = chooser.choice(game.legal_moves(step.state))
        step = game.step(step.state, move)
        moves += 1
    assert step.state.is_over and moves > 20
    for wrong, pattern in _WRONG.items():
        if wrong not in _RIGHT_FOR.get(name, set()):
            assert not [text for text in told if pattern.search(text)], (name, wrong)


# -- the end of a partnership game -------------------------------------------------------


def test_a_side_wins_together_in_a_partnership_game() -> None:
    over = cr.GameOver((1, 3), (20, 510, 20, 510))
    for game in (cr.Spades(), cr.Euchre()):
        assert cr.describe(over, 1, game=game).endswith(" You and seat 3 win!")
        assert cr.describe(over, 0, game=game).endswith(" Seat 1 and seat 3 win.")
    assert str(over).endswith(" Shared win: seat 1 and seat 3.")  # (no game: no sides)
    assert cr.describe(over, 0, game=cr.Hearts()).endswith(" Shared win: seat 1 and seat 3.")
    level = cr.GameOver((0, 1, 2, 3), (5, 5, 5, 5))
    assert "Shared win: you and seat 1 and seat 2 and seat 3." in cr.describe(
        level, 0, game=cr.Spades()
    )
