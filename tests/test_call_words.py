"""The call on a missed "one card" in each game's words: the shedding family's move
(CallOut) and event (CalledOut) say the game's ``call_word`` (Craits' "idiot", a test
game's "Last Card", none for the engine's default "call"), typed in any case, as one
word or two; records write the call as ``{'call': caller, 'target': seat}``; the hosts
make calls for the seats of any game with them."""

from __future__ import annotations

from typing import Any

import pytest

import cardrules as cr
from cardrules.hosts.table import open_call


class LastCard(cr.Craits):
    """Craits whose call is "Last Card" (two words, capitals) and whose reshuffle penalty
    is a "stock" penalty."""

    name = ""  # (not registered)
    call_word = "Last Card"
    reshuffle_penalty_name = "stock"


class CallingEights(cr.CrazyEights):
    """Crazy Eights with "one card" calls and the engine's default word for them."""

    name = ""  # (not registered)
    one_card_calls = True


def _exposed(game: Any) -> Any:
    """Seat 0 plays J♣ and keeps 9♥ without saying "one card": open to a call."""
    state = game.position(
        ["9H JC", "4D 4S 9S", "5H 6H KD"], discard="9C", stock="2D 3D 4H 7S", to_move=0
    )
    return game.apply(state, cr.Play("JC"))


@pytest.mark.parametrize(
    ("game", "typed"),
    [
        (LastCard(players=3), ["last card 0", "LAST CARD", "l 0", "call 0", "Last Card on seat 0"]),
        (cr.Craits(players=3), ["idiot 0", "IDIOT", "i", "call on seat 0", "idiot on seat 0"]),
        (CallingEights(players=3), ["call 0", "CALL", "c 0", "call on seat 0"]),
    ],
)
def test_a_call_is_typed_with_the_games_word_or_call(game: Any, typed: list[str]) -> None:
    view = game.observe(_exposed(game), 1)
    assert cr.CallOut(1, 0) in view.legal_moves
    for text in typed:
        assert game.parse_move(text, view) == cr.CallOut(1, 0), text
    # The move's own text, and the text the game's events give it, read back too.
    told = cr.describe(cr.CalledOut(1, 0), seat=None, game=game).rstrip("!").lower()
    for text in (str(cr.CallOut(1, 0)), told):
        assert game.parse_move(text, view) == cr.CallOut(1, 0), text


@pytest.mark.parametrize(
    ("game", "called", "forfeit"),
    [
        (LastCard(players=3), 'Seat 1 calls "Last Card" on you!', '("Last Card" penalty)'),
        (cr.Craits(players=3), 'Seat 1 calls "idiot" on you!', '("idiot" penalty)'),
        (CallingEights(players=3), "Seat 1 calls you out!", "(a penalty)"),
    ],
)
def test_a_call_and_its_penalty_are_narrated_in_the_games_words(
    game: Any, called: str, forfeit: str
) -> None:
    state = _exposed(game)
    step = game.step(state, cr.CallOut(1, 0), seat=1)
    told = [text for _, text in cr.narrate(step.events, 0, game=game)]
    assert told[0] == called
    assert told[1].startswith("You draw")
    # The turn the penalty costs is told when it comes round.
    state, texts = step.state, list[str]()
    while not texts:
        move = game.legal_moves(state)[0]
        step = game.step(state, move)
        texts = [t for e, t in cr.narrate(step.events, 0, game=game) if type(e) is cr.TurnForfeited]
        state = step.state
    assert texts == [f"You miss this turn {forfeit}."]
    # Without the game, the library's own words: the same for every game.
    assert str(cr.CalledOut(1, 0)) == "Seat 1 calls seat 0 out!"


@pytest.mark.parametrize("game", [LastCard(players=3), CallingEights(players=3)])
def test_a_hosts_call_is_made_for_the_seats_of_any_game_with_calls(game: Any) -> None:
    state = _exposed(game)
    call = open_call(game, state)
    assert call == cr.CallOut(1, 0)
    assert game.move_from_id(game.move_id(call)) == call


def test_records_write_the_call_in_its_own_form() -> None:
    game = cr.Craits(players=3)  # (a record's game is a registered one)
    record = cr.GameRecord.start(game, 4)
    state = record.final_state()
    made = 0
    while not state.is_over and made < 2:
        opened: Any = open_call(game, state)
        if opened is not None:
            move, made = opened, made + 1
        else:
            legal = game.legal_moves(state)
            move = next((m for m in legal if isinstance(m, cr.Play) and not m.announce), legal[0])
        state = game.apply(state, move, seat=getattr(move, "caller", None))
        record = record.then(move, state=state)
    assert made == 2
    data = record.to_dict()
    calls = [m for m in data["moves"] if "call" in m]
    assert len(calls) == 2 and all(set(m) == {"call", "target"} for m in calls)
    assert cr.GameRecord.from_dict(data).final_state() == state


class SayLast(cr.CrazyEights):
    """Crazy Eights whose players say "last card", call "last", and speak of a colour and
    a face (the word policies of the shedding engine)."""

    name = ""  # (not registered)
    one_card_calls = True
    call_word = "last"
    one_card_word = "last card"
    suit_word = "colour"
    face_word = "value"


def test_the_words_said_a_suit_and_a_face_are_the_games_own() -> None:
    game = SayLast(players=3)
    state = game.position(
        ["9H JC", "4D 4S 9S", "5H 6H KD"], discard="9C", stock="2D 3D 4H 7S", to_move=0
    )
    said = game.step(state, cr.Play("JC", announce=True))
    assert [text for _, text in cr.narrate(said.events, 1, game=game)] == [
        'Seat 0 plays J♣, says "last card".'
    ]
    assert cr.describe(cr.OneCardAnnounced(0), game=game) == 'Seat 0 says "last card".'
    called = game.step(game.apply(state, cr.Play("JC")), cr.CallOut(1, 0), seat=1)
    assert [text for _, text in cr.narrate(called.events, None, game=game)][:2] == [
        'Seat 1 calls "last" on seat 0!',
        'Seat 0 draws 2 cards (a missed "last card").',
    ]
    named = cr.describe(cr.MovePlayed(1, cr.NameSuit("H")), game=game)
    assert named == "Seat 1 names ♥ as the colour to follow."
    assert cr.describe(cr.SuitNamed(1, cr.Suit.HEARTS), game=game) == named
    chosen = cr.describe(cr.SuitChosen(cr.Suit.HEARTS), game=game)
    assert chosen == "The colour to follow is ♥, chosen at random."
    three = game.position(["9H JC 3D", "4S", "5S"], discard="9C", to_move=0)
    refused = str(game.why_illegal(three, cr.Play("9H", announce=True)))
    assert (
        refused == '"last card" is said only with a play that leaves exactly one card; you hold 3'
    )
    refused = str(
        game.why_illegal(game.position(["5C 3D", "4S", "6S"], "KH", to_move=0), cr.Play("5C"))
    )
    assert refused.startswith("5♣ matches neither the colour to follow (♥) nor the value of K♥")
    # Without the game, and in games without words of their own, the library's words.
    assert str(cr.OneCardAnnounced(0)) == 'Seat 0 says "one card".'
    plain = CallingEights(players=3)
    assert cr.describe(cr.SuitNamed(1, cr.Suit.HEARTS), game=plain).endswith("the suit to follow.")
    lost = plain.position(["5C 3D", "4S", "6S"], "KH", to_move=0)
    assert "the suit to follow (♥) nor the rank of K♥" in str(
        plain.why_illegal(lost, cr.Play("5C"))
    )
