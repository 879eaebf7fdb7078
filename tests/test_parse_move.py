"""game.parse_move(text, view): typed text to a legal move, from a seat's view alone.

Every legal move's own text and the text the command line lists for it read back as
that move, for every shipped game; text that names no move is "not understood"
(MoveParseError), a move understood but not allowed is "not allowed" (IllegalMoveError,
with the rules' reason); and no message names a card the seat may not know.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

import cardrules as cr
from cardrules.errors import MoveParseError
from cardrules.games import shipped_games
from cardrules.games.euchre import Discard, GoAlone
from cardrules.games.hearts import PassCard
from cardrules.games.oh_hell import Bid as OhHellBid
from cardrules.games.spades import BLIND_NIL, LOOK_AT_HAND
from cardrules.games.spades import Bid as SpadesBid
from cardrules.terminal import adapter_for

AnyGame = cr.Game[Any, Any, Any]
CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")
DECK = cr.STANDARD_DECK.cards()


def views_along(game: AnyGame, seed: int, steps: int = 120) -> Iterator[Any]:
    """Every seat's view at each position of a random game (a few dozen positions)."""
    state = game.start(seed=seed).state
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        for seat in range(game.players):
            yield game.observe(state, seat)
        state = game.apply(state, rng.choice(game.legal_moves(state)))


def mover(state: Any) -> int:
    """The seat to move in ``state`` (a game not over)."""
    seat = state.to_move
    assert isinstance(seat, int)
    return seat


def outcome(game: AnyGame, text: str, view: Any) -> Any:
    """The move ``text`` names, or the error it raises."""
    try:
        return game.parse_move(text, view)
    except cr.CardrulesError as error:
        return error


GAMES = sorted(shipped_games())


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_moves_text_reads_back_as_that_move(name: str) -> None:
    game = shipped_games()[name]()
    adapter = adapter_for(name)()
    seen = 0
    for seed in (1, 2):
        for view in views_along(game, seed):
            for move in view.legal_moves:
                texts = {str(move), adapter.move_text(move), str(move).upper()}
                if hasattr(adapter, "legal_text"):  # (Euchre's list words a bid by round)
                    texts.add(adapter.legal_text(move, view))
                for text in texts:
                    assert game.parse_move(text, view) == move, (text, view)
                    seen += 1
    assert seen > 100


@pytest.mark.parametrize("name", GAMES)
def test_garbage_is_not_understood(name: str) -> None:
    game = shipped_games()[name]()
    state = game.start(seed=3).state
    for seat in range(game.players):
        view = game.observe(state, seat)
        for text in ("", "   ", "hello there", "zz", "♣♣", "8h 8h 8h", "x" * 1000):
            with pytest.raises(MoveParseError) as caught:
                game.parse_move(text, view)
            assert len(str(caught.value)) < 400
        with pytest.raises(MoveParseError, match="a move is typed as text"):
            game.parse_move(7, view)  # type: ignore[arg-type]  # (not text, on purpose)


def test_a_state_is_not_a_view() -> None:
    game = cr.Cramps()
    with pytest.raises(cr.StateError, match="reads a seat's view"):
        game.parse_move("QS", game.new_game(seed=1))  # type: ignore[arg-type]  # (on purpose)


@pytest.mark.parametrize("name", GAMES)
def test_a_card_not_held_is_not_allowed_and_says_the_seats_own_hand(name: str) -> None:
    game = shipped_games()[name]()
    deck: Any = getattr(game, "card_deck", None)  # a deck of cards of its own (UNO's)?
    own = isinstance(deck, cr.Deck) and deck.card_class is not cr.Card
    for view in views_along(game, 4, steps=30):
        playing = getattr(view, "phase", None) in (None, cr.Phase.PLAY, "play")  # (President's)
        if view.to_move != view.seat or not playing:
            continue
        missing = next(card for card in (deck.kind_cards if own else DECK) if card not in view.hand)
        typed = str(missing).lower() if own else missing.rank.label + missing.suit.letter.lower()
        with pytest.raises(cr.IllegalMoveError) as caught:
            game.parse_move(typed, view)
        assert caught.value.reason == "not_in_hand"
        assert str(caught.value).startswith(f"you do not hold {missing}; your hand is ")
        return
    pytest.fail("no play position found")


def test_a_held_card_that_may_not_be_played_says_the_rules_reason() -> None:
    game = cr.Cramps()
    state = game.new_game(seed=3)
    state = game.apply(state, game.legal_moves(state)[0])  # (a club led)
    view = game.observe(state, mover(state))
    off_suit = next(card for card in view.hand if cr.Play(card) not in view.legal_moves)
    with pytest.raises(cr.IllegalMoveError, match=f"{off_suit} does not follow suit") as caught:
        game.parse_move(str(off_suit), view)
    assert caught.value.reason == "must_follow_suit"


def test_out_of_turn_a_move_is_not_allowed_saying_whose_turn_it_is() -> None:
    game = cr.Hearts(passing="keep")
    state = game.new_game(seed=2)
    seat = (mover(state) + 1) % 4
    view = game.observe(state, seat)
    with pytest.raises(cr.IllegalMoveError, match=f"not your turn: seat {state.to_move}"):
        game.parse_move(str(view.hand[0]), view)


def test_once_the_game_is_over_every_move_is_refused_as_such() -> None:
    game = cr.Cramps()
    state = game.new_game(seed=1)
    rng = random.Random(1)
    while not state.is_over:
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    view = game.observe(state, 0)
    with pytest.raises(cr.IllegalMoveError, match="the game is over") as caught:
        game.parse_move("2c", view)
    assert caught.value.reason == "game_over"
    with pytest.raises(MoveParseError):
        game.parse_move("xx", view)


# -- the games' own words --------------------------------------------------------------


def test_a_wild_eight_names_its_suit_in_crazy_eights_and_craits() -> None:
    games: tuple[Any, ...] = (cr.CrazyEights(players=2), cr.Craits(players=3))
    for game in games:
        hands = ["8C 9H 3D", "3C 4C", "5C 6C"][: game.players]
        view = game.observe(game.position(hands, "9D", "5S 6S", to_move=0), 0)
        for text in ("8c spades", "8C S", "8♣→♠", "8c -> s", "8c, ♠", "play 8c naming spades"):
            assert game.parse_move(text, view) == cr.Play("8C", suit="S"), (game, text)
        with pytest.raises(MoveParseError, match="8♣ is wild: name the suit to follow"):
            game.parse_move("8c", view)
        with pytest.raises(MoveParseError, match="after the card, type only"):
            game.parse_move("8c blue", view)
        if isinstance(game, cr.Craits):  # (Craits draws only when nothing can be played)
            with pytest.raises(cr.IllegalMoveError, match="playing is compulsory"):
                game.parse_move("draw", view)
        else:
            assert game.parse_move("draw", view) == cr.Draw()
        with pytest.raises(cr.IllegalMoveError, match="only a wild card that names a suit"):
            game.parse_move("9h clubs", view)


def test_craits_one_card_and_an_idiot_call_from_a_seat_not_to_move() -> None:
    game = cr.Craits(players=3)
    state = game.position(["9H KC", "3C 4C 5D", "2S 3S 6D"], "9D", "7S 7C", to_move=0)
    view = game.observe(state, 0)
    assert game.parse_move("9h!", view) == cr.Play("9H", announce=True)
    assert game.parse_move("9h one", view) == cr.Play("9H", announce=True)
    state = game.apply(state, game.parse_move("9h", view))  # (one card, not said)
    assert state.to_move == 1
    caller = game.observe(state, 2)
    assert game.parse_move("idiot", caller) == cr.CallIdiot(2, 0)
    assert game.parse_move("idiot 0", caller) == cr.CallIdiot(2, 0)
    assert game.parse_move('seat 2 calls "idiot" on seat 0', caller) == cr.CallIdiot(2, 0)
    with pytest.raises(cr.IllegalMoveError, match="seat 1 cannot be called on now; you can"):
        game.parse_move("idiot 1", caller)
    with pytest.raises(cr.IllegalMoveError, match="calls only for yourself"):
        game.parse_move('seat 1 calls "idiot" on seat 0', caller)
    with pytest.raises(MoveParseError, match="give the seat to call on"):
        game.parse_move("idiot everyone", caller)
    nobody = game.observe(game.position(["9H KC", "3C", "2S"], "9D", to_move=0), 1)
    with pytest.raises(cr.IllegalMoveError):
        game.parse_move("idiot", nobody)


def test_hearts_passes_three_cards_one_at_a_time() -> None:
    game = cr.Hearts()
    state = game.new_game(seed=5)
    seat = mover(state)
    view = game.observe(state, seat)
    first, second, third = view.hand[:3]
    with pytest.raises(MoveParseError, match="pass one card at a time"):
        game.parse_move(f"pass {first} {second} {third}", view)
    for text, card in ((f"pass {first}", first), (str(second), second), (f"P {third}", third)):
        view = game.observe(state, seat)
        move = game.parse_move(text, view)
        assert move == PassCard(card)
        if card is first:
            state = game.apply(state, move)
            again = game.observe(state, seat)
            with pytest.raises(cr.IllegalMoveError, match=f"already chosen to pass {first}"):
                game.parse_move(str(first), again)
        else:
            state = game.apply(state, move)
    played = cr.Hearts(passing="keep")
    start = played.new_game(seed=5)
    view = played.observe(start, mover(start))
    with pytest.raises(cr.IllegalMoveError, match="passed only before the play"):
        played.parse_move("pass 2c", view)


def test_spades_and_oh_hell_bids() -> None:
    spades = cr.Spades()
    state = spades.new_game(seed=1)
    view = spades.observe(state, mover(state))
    for text, tricks in (("nil", 0), ("0", 0), ("4", 4), ("bid 4", 4), ("Bid 13", 13)):
        assert spades.parse_move(text, view) == SpadesBid(tricks)
    for text in ("14", "-1", "four", "9" * 40):
        with pytest.raises(MoveParseError, match="is not a bid"):
            spades.parse_move(text, view)
    blind = cr.Spades(blind_nil=True)
    state = blind.new_game(seed=3, dealer=3, scores=(0, 150, 0, 150))
    view = blind.observe(state, 0)
    assert blind.parse_move("blind", view) == BLIND_NIL
    assert blind.parse_move("look", view) == LOOK_AT_HAND
    with pytest.raises(MoveParseError, match="type blind"):
        blind.parse_move("nil", view)

    oh_hell = cr.OhHell(players=3, largest_hand=5)
    state = oh_hell.new_game(seed=3, dealer=2)
    view = oh_hell.observe(state, 0)
    assert oh_hell.parse_move("2", view) == oh_hell.parse_move("bid 2", view) == OhHellBid(2)
    with pytest.raises(cr.IllegalMoveError, match="you may bid 0 to 5 tricks, not 6"):
        oh_hell.parse_move("6", view)
    with pytest.raises(MoveParseError, match="'two' is not a bid"):
        oh_hell.parse_move("two", view)
    hooked = oh_hell.apply(oh_hell.apply(state, OhHellBid(1)), OhHellBid(2))
    with pytest.raises(cr.IllegalMoveError, match="as dealer you may not bid 2") as caught:
        oh_hell.parse_move("2", oh_hell.observe(hooked, 2))
    assert caught.value.reason == "dealer_hook"


def test_euchre_order_up_name_a_suit_alone_and_discard() -> None:
    game = cr.Euchre()
    state = game.new_game(seed=1, dealer=3)
    view = game.observe(state, 0)
    assert view.turned_up is not None
    up = view.turned_up.suit
    assert game.parse_move("order up", view) == cr.NameSuit(up)
    assert game.parse_move(f"order up {up.symbol}", view) == cr.NameSuit(up)
    assert game.parse_move("pass", view) == cr.Pass()
    other = next(suit for suit in cr.Suit if suit != up)
    with pytest.raises(cr.IllegalMoveError, match="only the upcard's suit"):
        game.parse_move(other.name.lower(), view)
    second = state
    for _ in range(4):
        second = game.apply(second, cr.Pass())
    view = game.observe(second, 0)
    assert game.parse_move(f"name {other.name.lower()}", view) == cr.NameSuit(other)
    with pytest.raises(cr.IllegalMoveError, match="was turned down"):
        game.parse_move("order up", view)
    ordered = game.apply(state, cr.NameSuit(up))  # (the dealer, seat 3, picks up)
    dealer = game.observe(ordered, 3)
    kept = next(card for card in dealer.hand if card != dealer.turned_up)
    assert game.parse_move(f"discard {kept}", dealer) == Discard(kept)
    with pytest.raises(cr.IllegalMoveError, match="you have just picked up"):
        game.parse_move(str(dealer.turned_up), dealer)
    alone = game.observe(game.apply(ordered, Discard(kept)), 0)
    assert game.parse_move("alone", alone) == GoAlone(True)
    assert game.parse_move("with partner", alone) == GoAlone(False)
    with pytest.raises(MoveParseError, match="answer alone or partner"):
        game.parse_move("maybe", alone)


@pytest.mark.parametrize("name", GAMES)
def test_refusals_name_moves_as_a_player_types_them(name: str) -> None:
    """No message speaks Python (``Play(card, suit=...)``, ``Pass()``) to a player."""
    game = shipped_games()[name]()
    words = ["pass", "one", "draw", "hearts", "idiot", "order up", "alone", "blind", "3"]
    python = re.compile(r"[A-Z][a-z]+[A-Za-z]*\(|suit=|legal_moves")
    for view in views_along(game, 7, steps=40):
        for text in [*words, *(f"{card} hearts" for card in DECK[::3])]:
            error = outcome(game, text, view)
            if isinstance(error, cr.CardrulesError):
                assert not python.search(str(error)), (text, str(error))


# -- secrets ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_no_message_names_a_card_the_seat_may_not_know(name: str) -> None:
    """Whatever a seat types (every card of the deck, alone and as a pass or a discard),
    the messages name only cards its view shows and the card it typed: never another
    hand's card, nor who holds it."""
    game = shipped_games()[name]()
    checked = 0
    for view in views_along(game, 6, steps=25):
        known = set(CARD_TEXT.findall(repr(view)))
        for card in DECK:
            for text in (str(card), f"pass {card}", f"discard {card}", f"{card} spades"):
                error = outcome(game, text, view)
                if isinstance(error, cr.CardrulesError):
                    told = str(error).replace("e.g. 'QS' or '10♥'", "")  # (how to type one)
                    named = set(CARD_TEXT.findall(told)) - {str(card)}
                    assert named <= known, (text, str(error))
                    assert "held by" not in str(error) and "holds" not in str(error)
                    checked += 1
    assert checked > 1000


def test_the_refusal_is_the_same_in_every_world_the_seat_cannot_tell_apart() -> None:
    """Two states that look the same to a seat (the other hands dealt otherwise) give
    that seat the same answers."""
    game = cr.Craits(players=3)
    state = game.new_game(seed=9)
    seat = mover(state)
    view = game.observe(state, seat)
    other = game.determinize(view, seed=12)
    assert other != state and game.observe(other, seat) == view
    for card in DECK:
        first = outcome(game, str(card), game.observe(state, seat))
        second = outcome(game, str(card), game.observe(other, seat))
        assert repr(first) == repr(second) and str(first) == str(second)


# -- imports ---------------------------------------------------------------------------


def test_the_parser_imports_without_a_cycle_in_a_fresh_interpreter() -> None:
    code = (
        "import cardrules as cr\n"
        "game = cr.Craits(players=2)\n"
        "state = game.position(['8H 9C', '3C'], '9D', '5S', to_move=0)\n"
        "print(game.parse_move('8h spades', game.observe(state, 0)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "8♥ naming ♠"
