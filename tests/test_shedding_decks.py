"""The shedding engine on declared decks (:mod:`cardrules.decks`): a small test game on
UNO's 108 cards ("Colours": match the colour or the face, skips, reverses, wilds that
name a colour) and one on a doubled French deck with jokers as wild cards, through
everything a game gets: deals, legal moves, apply, views, events and their text,
records, move ids, determinize, explicit chance, positions, parsing, snapshots."""

from __future__ import annotations

import io
import random
from collections import Counter
from typing import Any

import attrs
import pytest

import cardrules as cr
from cardrules.bots import bot_from_name
from cardrules.chance import ExplicitChance
from cardrules.cli.console import Console
from cardrules.cli.play import play_game
from cardrules.data import SCHEMAS
from cardrules.decks import UNO_108, Deck
from cardrules.errors import IllegalMoveError, MoveParseError, SetupError, StateError
from cardrules.events import describe
from cardrules.moves import NameSuit, Play
from cardrules.shedding import SheddingGame, ShedState, ShedView
from cardrules.shedding.core import CardRule, CardTable
from cardrules.shedding.moves import Draw
from cardrules.snapshot import state_from_json, state_to_json
from cardrules.terminal import GameAdapter

COLOURS_TABLE = CardTable.for_deck(
    UNO_108,
    {
        "skip": CardRule("skip", 20),
        "reverse": CardRule("reverse", 20),
        "wild": CardRule("wild", 50),
        "wild_draw_four": CardRule("wild", 50),
    },
)
JOKERS = Deck.french(jokers=1, copies=2, name="French x2 +Jk test")
JOKERS_TABLE = CardTable.for_deck(
    JOKERS, {"joker": CardRule("wild", 50), "8♥": CardRule("skip", 8)}
)


@attrs.frozen
class Colours(SheddingGame[ShedState, ShedView]):
    """Matching on UNO's cards: colour or face, skip, reverse, wilds naming a colour;
    the stuck player draws, then passes when nothing is left; one hand, scored by the
    cards' values."""

    name = "test_shedding_decks_colours"
    players: int = 3
    card_table = COLOURS_TABLE
    draw_only_when_stuck = True
    pass_when_stuck = True

    def cards_each(self, hand_number: int) -> int:
        return 7

    def hand_scores(self, hands: tuple[tuple[Any, ...], ...], blocked: bool) -> tuple[int, ...]:
        return tuple(sum(card.value for card in hand) for hand in hands)


@attrs.frozen
class JokerEights(SheddingGame[ShedState, ShedView]):
    """Two French decks with two jokers (wild) on the declared-deck path: copies of a
    card in one hand, 8♥ a skip."""

    name = "test_shedding_decks_jokers"
    players: int = 2
    card_table = JOKERS_TABLE
    draw_only_when_stuck = False
    draw_keeps_turn = True
    draw_limit = 3
    pass_by_choice = True

    def cards_each(self, hand_number: int) -> int:
        return 8

    def hand_scores(self, hands: tuple[tuple[Any, ...], ...], blocked: bool) -> tuple[int, ...]:
        return tuple(len(hand) for hand in hands)


GAMES = [Colours(), Colours(players=2), JokerEights()]


def play_out(game: Any, seed: int) -> tuple[Any, list[Any], list[Any]]:
    """A whole game at random from ``seed``: the last state, every move and step."""
    chooser = random.Random(seed)
    state = game.new_game(seed=seed)
    moves, steps = [], []
    while not state.is_over:
        legal = game.legal_moves(state)
        assert legal, "a seat to move has a move"
        moves.append(chooser.choice(legal))
        steps.append(game.step(state, moves[-1]))
        state = steps[-1].state
    return state, moves, steps


@pytest.mark.parametrize("game", GAMES, ids=repr)
@pytest.mark.parametrize("seed", range(4))
def test_random_games_end_with_every_card_accounted_for(game: Any, seed: int) -> None:
    deck = game.card_deck
    state, _, _ = play_out(game, seed)
    assert state.winners
    cards = [card for hand in state.hands for card in hand]
    cards += [*state.discard, *state.table.stock]
    assert sorted(cards) == sorted(deck.cards)
    assert all(type(card) is not int for card in cards)


def cards(text: str, deck: Deck = UNO_108) -> tuple[Any, ...]:
    return tuple(deck.parse_cards(text))


def test_a_stacked_deck_deals_one_at_a_time_and_turns_up_the_next_card() -> None:
    game = Colours(players=2)
    top = cards("R1 G1 R2 G2 R3 G3 R4 G4 R5 G5 R6 G6 R7 G7 B9")
    rest = list(UNO_108.cards)
    for card in top:
        rest.remove(card)
    state = game.new_game(seed=1, deck=[*top, *rest])
    assert state.hands == (cards("G1 G2 G3 G4 G5 G6 G7"), cards("R1 R2 R3 R4 R5 R6 R7"))
    assert str(state.top) == "B9" and state.suit is UNO_108.suit(2)
    assert state.to_move == 1 and state.stock_size == 108 - 15


def test_matching_is_by_colour_or_face_and_a_wild_names_each_colour() -> None:
    game = Colours(players=2)
    state = game.position(["R5 G5 GS B2 W Y7", "R1"], discard="G7 BS", to_move=0)
    moves = [str(move) for move in game.legal_moves(state)]
    # B2 by colour, GS by face (a skip on a skip), W once per colour; not R5, G5, Y7.
    assert moves == ["B2", "GS", *(f"W naming {colour}" for colour in UNO_108.suits)]
    assert state.suit is UNO_108.suit(2)


def test_the_state_remembers_the_suit_and_face_to_match() -> None:
    game = Colours(players=2)
    state = game.position(["R5 W Y7", "R1 G9"], discard="G7 Y5", to_move=0)
    step = game.step(state, Play(UNO_108.parse("R5")))
    state = step.state
    assert state.suit is UNO_108.suit(0) and state.face == state.card_lookup.face_of[cards("G5")[0]]
    assert [str(event) for event in step.events] == ["Seat 0 plays R5.", "Seat 0 plays R5."]
    assert [str(move) for move in game.legal_moves(state)] == ["R1"]
    step = game.step(state, Play(UNO_108.parse("R1")))
    step = game.step(step.state, Play(UNO_108.parse("W"), suit="yellow"))
    assert step.state.suit is UNO_108.suit(1)
    assert "names yellow" in " ".join(str(event) for event in step.events)
    assert game.legal_moves(step.state) == (Draw(),)  # G9: neither yellow nor a wild's face


def test_copies_of_a_card_are_held_and_played_one_at_a_time() -> None:
    game = JokerEights()
    deck = JOKERS
    state = game.position(["7C 7C Jk 9D", "2S"], discard="7H", stock="3C 4C", to_move=0)
    assert state.hands[0] == cards("7C 7C 9D Jk", deck)
    moves = game.legal_moves(state)
    assert [str(move) for move in moves][:2] == ["7♣", "Jk naming ♣"]
    state = game.apply(state, Play(deck.parse("7C")))
    assert state.hands[0] == cards("7C 9D Jk", deck)


@pytest.mark.parametrize("game", GAMES[1:], ids=repr)
def test_records_replay_and_move_ids_and_data_name_the_decks_cards(game: Any) -> None:
    state, moves, _ = play_out(game, seed=5)
    record = cr.GameRecord.start(game, seed=5)
    for move in moves:
        record = record.then(move)
    again = cr.GameRecord.from_json(record.to_json())
    assert again.final_state() == state
    deck = game.card_deck
    wild = [card for card in deck.kind_cards if game.card_table[card].is_wild]
    assert game.num_move_ids == len(deck.kind_cards) + len(wild) * len(deck.suits) + 2 + len(
        deck.suits
    )
    for move in game.all_moves():
        assert game.move_from_id(game.move_id(move)) == move
        assert game.move_from_data(move.to_data()) == move
    with pytest.raises(IllegalMoveError):
        game.move_id(Play(cr.Card.parse("QS")) if deck is UNO_108 else Play(UNO_108.parse("R1")))


def test_move_ids_count_each_kind_once_and_a_wild_once_per_suit() -> None:
    game = Colours()
    ids = [game.move_id(Play(card)) for card in UNO_108.kind_cards]
    assert ids == list(range(54))
    naming = [game.move_id(Play(UNO_108.parse("W"), suit=suit)) for suit in UNO_108.suits]
    assert naming == [54, 55, 56, 57]
    assert game.move_from_id(naming[2]) == Play(UNO_108.parse("W"), suit="blue")


def test_views_data_and_texts_speak_the_decks_cards_and_suits() -> None:
    game = Colours(players=2)
    state = game.position(["R5 W Y7", "R1 G9"], discard="G7 Y5", to_move=0)
    step = game.step(state, Play(UNO_108.parse("W"), suit=UNO_108.suit(3)))
    view = game.observe(step.state, 1)
    assert view.suit is UNO_108.suit(3) and str(view.top) == "W" and view.hand == cards("R1 G9")
    data = view.to_data()
    assert data["suit"] == "G" and data["top"] == "W" and data["hand"] == ["R1", "G9"]
    assert data["legal_moves"] == [{"play": "G9", "deck": "Uno"}]
    text = str(view)
    assert "top W, suit to follow green" in text and "seat 1  R1 G9" in text
    assert "seat 0  (2 cards)" in text
    said = [describe(event, seat=1, game=game) for event in step.events]
    assert said == [
        "Seat 0 plays W, names green.",
        "Seat 0 plays W.",
        "Seat 0 names green as the suit to follow.",
    ]
    assert [text for _, text in cr.narrate(step.events, seat=1, game=game)] == said[:1]
    assert str(step.state).splitlines()[1] == "  top W, suit to follow green, stock 0"


def test_typed_moves_read_the_decks_cards_and_suits_and_refuse_others_in_its_words() -> None:
    game = Colours(players=2)
    state = game.position(["R5 G5 GS B2 W Y7", "R1"], discard="G7 BS", to_move=0)
    view = game.observe(state, 0)
    wild = UNO_108.parse("W")
    assert game.parse_move("b2", view) == Play(UNO_108.parse("B2"))
    assert game.parse_move("w red", view) == Play(wild, suit=UNO_108.suit(0))
    assert game.parse_move("wild, G", view) == Play(wild, suit=UNO_108.suit(3))
    with pytest.raises(IllegalMoveError, match="playing is compulsory"):
        game.parse_move("draw", view)
    with pytest.raises(
        MoveParseError, match="as a card of the Uno deck: expected one of R0"
    ) as info:
        game.parse_move("x9", view)
    assert " G+2 W W+4 (any case); or d to draw" in str(info.value)  # (every kind listed)
    with pytest.raises(
        MoveParseError, match=r"W is wild: name the suit to follow too, e\.g\. W red"
    ):
        game.parse_move("w", view)
    with pytest.raises(IllegalMoveError, match="you do not hold R9; your hand is R5"):
        game.parse_move("r9", view)
    with pytest.raises(
        IllegalMoveError, match="neither the suit to follow \\(blue\\) nor the face of BS"
    ):
        game.apply(state, game.parse_move("r5", view), seat=0)
    with pytest.raises(IllegalMoveError, match="not a card of this game"):
        game.apply(state, Play(cr.Card.parse("7C")))  # (the same int as a card of the deck)
    with pytest.raises(IllegalMoveError):
        game.apply(state, Play(UNO_108.parse("R5"), suit="red"))


def test_determinize_resamples_unseen_cards_with_their_copies() -> None:
    game = Colours()
    state, _, steps = play_out(game, seed=2)
    state = steps[len(steps) // 2].state
    seat = state.to_move
    view = game.observe(state, seat)
    unseen = Counter(UNO_108.cards) - Counter(view.hand) - Counter(view.discard)
    for seed in range(5):
        sample = game.determinize(view, seed)
        assert game.observe(sample, seat) == view
        others = Counter(
            card for other, hand in enumerate(sample.hands) if other != seat for card in hand
        )
        assert others + Counter(sample.table.stock) == unseen
        assert sample.suit is state.suit and sample.face == state.face
        game.check_state(sample)


def test_a_seat_cannot_tell_apart_two_deals_of_cards_it_has_not_seen() -> None:
    game = Colours(players=3)
    order = list(UNO_108.cards)
    random.Random(4).shuffle(order)
    start = game.new_game(seed=1, deck=order)
    hands = start.hands
    x, y = next(
        (x, y)
        for x in hands[1]
        for y in hands[2]
        if x != y
        and x not in hands[0]
        and y not in hands[0]
        and x not in hands[2]
        and y not in hands[1]
    )
    i, j = order.index(x), order.index(y)
    order[i], order[j] = y, x
    one, two = start, game.new_game(seed=1, deck=order)
    assert one.hands[1] != two.hands[1] and one.hands[0] == two.hands[0]
    pick = random.Random(2)
    moves = 0
    while not one.is_over and moves < 40:
        assert str(game.observe(one, 0)) == str(game.observe(two, 0))
        assert game.observe(one, 0) == game.observe(two, 0)
        legal = game.legal_moves(one)
        move = pick.choice(legal)
        if isinstance(move, Play) and move.card in (x, y):
            break
        if move not in game.legal_moves(two):
            break  # (the two worlds part: a card only one of them holds matches)
        a, b = game.step(one, move), game.step(two, move)
        assert cr.events_for(a.events, 0) == cr.events_for(b.events, 0)
        assert [describe(e, seat=0) for e in cr.events_for(a.events, 0)] == [
            describe(e, seat=0) for e in cr.events_for(b.events, 0)
        ]
        one, two, moves = a.state, b.state, moves + 1
    assert moves >= 3


def test_explicit_chance_deals_the_decks_cards_with_their_copies() -> None:
    game = Colours(players=2)
    table = ExplicitChance(game)
    state = table.new_game()
    assert dict(table.chance_counts(state)) == Counter(UNO_108.cards)
    pick = random.Random(3)
    while state.is_chance:
        outcomes = [outcome for outcome, _ in table.chance_outcomes(state)]
        state = table.apply_chance(state, pick.choice(outcomes))
    dealt = Counter(card for hand in state.inner.hands for card in hand)
    assert sum(dealt.values()) == 14 and all(type(card) is UNO_108.card_class for card in dealt)
    for _ in range(10):
        while state.is_chance:
            state = table.apply_chance(state, table.chance_outcomes(state)[0][0])
        if state.inner.is_over:
            break
        state = table.apply(state, pick.choice(table.legal_moves(state)))


def test_snapshots_tables_and_the_command_line() -> None:
    game = Colours(players=2)
    key = b"a key of the test's own"
    state = game.apply(game.new_game(seed=3), game.legal_moves(game.new_game(seed=3))[0])
    loaded = state_from_json(state_to_json(state, key=key), key=key)
    assert loaded == state and game.legal_moves(loaded) == game.legal_moves(state)
    assert loaded.suit is state.suit and type(loaded.top) is UNO_108.card_class
    table = cr.Table(game, seed=1)
    seat = table.state.to_move
    move = game.legal_moves(table.state)[0]
    sent = table.play(seat, move.to_data())
    assert sent[seat]["view"]["hand"] == [str(card) for card in table.state.hands[seat]]
    assert cr.Table.from_json(table.to_json()).state == table.state

    out = io.StringIO()

    def first_legal(prompt: str = "") -> str:
        return "1"

    console = Console(out, first_legal, interactive=False)
    assert play_game(game, GameAdapter(), console, human=0, seed=3, bot_seed=1) == 0
    assert "Game over." in out.getvalue()


@pytest.mark.parametrize("game", GAMES[1:], ids=repr)
def test_ismcts_and_random_bots_play_on_a_declared_deck(game: Any) -> None:
    bots = [bot_from_name("ismcts:10"), bot_from_name("random")]
    pick = random.Random(1)
    state = game.new_game(seed=4)
    for _ in range(30):
        seat = state.to_move
        view = game.observe(state, seat)
        legal = game.legal_moves(state)
        move = bots[seat % 2].choose(game, view, legal, pick.randrange(2**32))
        assert move in legal
        state = game.apply(state, move)
        if state.is_over:
            break
    assert state.cards_played > 5 or state.is_over


def test_positions_check_the_decks_copies_and_a_suit_for_a_wild_on_top() -> None:
    game = Colours(players=2)
    with pytest.raises(SetupError, match="more copies than the deck holds: R0"):
        game.position(["R0", "R0"], discard="G1", to_move=0)
    with pytest.raises(SetupError, match="give the suit to follow"):
        game.position(["R0", "R1"], discard="W", to_move=0)
    state = game.position(["R0", "R1"], discard="W", to_move=0, suit="blue")
    assert state.suit is UNO_108.suit(2)
    with pytest.raises(StateError):
        game.check_state(JokerEights().new_game(seed=1))


def test_views_moves_and_events_on_a_declared_deck_are_valid_data() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validators = {name: jsonschema.Draft202012Validator(schema) for name, schema in SCHEMAS.items()}
    game = Colours(players=2)
    state = game.position(["R5 W Y7", "R1 G9"], discard="G7 Y5", to_move=0)
    step = game.step(state, Play(UNO_108.parse("W"), suit=UNO_108.suit(3)))
    checked = 0
    for seat in (0, 1):
        view = game.observe(step.state, seat).to_data()
        assert not list(validators["view"].iter_errors(view)), view
        for move in (*view["legal_moves"], NameSuit(UNO_108.suit(1)).to_data()):
            assert not list(validators["move"].iter_errors(move)), move
            checked += 1
        for event in step.events:
            data = event.to_data(seat, game=game)
            assert not list(validators["event"].iter_errors(data)), data
    assert checked == 3


def test_a_draw_names_the_decks_card_to_the_drawer_alone() -> None:
    game = Colours(players=2)
    state = game.position(["R5 G5", "B1"], discard="Y7", stock="YS R0", to_move=0)
    step = game.step(state, Draw())
    drawn = [event for event in step.events if type(event).__name__ == "CardsDrawn"]
    assert [describe(event, seat=0) for event in drawn] == ["You cannot play and draw YS."]
    assert [describe(event, seat=1) for event in drawn] == ["Seat 0 cannot play and draws 1 card."]
    assert step.state.hands[0] == cards("R5 YS G5")


def test_chosen_hands_a_first_dealer_by_draw_and_the_kinds_that_act_when_turned_up() -> None:
    @attrs.frozen
    class Picky(Colours):
        name = ""  # (not registered)
        turned_up_acts = frozenset({"skip"})
        draws_for_first_dealer = True

    game = Picky(players=2)
    hands = [cards("R1 R2"), cards("G1 W")]
    stock = list(UNO_108.cards)
    for card in (*hands[0], *hands[1], *cards("W RS")):
        stock.remove(card)
    state = game.new_game(seed=1, hands=hands, stock=[*cards("W RS"), *stock])
    # The turned-up wild does not act (only skips do): it goes under the stock.
    assert str(state.top) == "RS" and state.hands == (cards("R1 R2"), cards("G1 W"))
    assert state.to_move == state.dealer  # the skip turned up skips the dealer's left
    drawn = game.new_game(seed=3).dealer_draws
    assert drawn and all(card in UNO_108 for _, card in drawn)
    stuck = game.position(["G1 B2", "R5"], discard="Y7", to_move=0)
    absent = game.absent_cards(stuck, Draw())
    assert UNO_108.parse("Y3") in absent and UNO_108.parse("G7") in absent
    assert UNO_108.parse("W") in absent and UNO_108.parse("G1") not in absent
    with pytest.raises(cr.RulesError, match="kinds of card of the Uno deck"):

        @attrs.frozen
        class Wrong(Colours):
            name = ""  # (not registered)
            turned_up_acts = frozenset({8})

        Wrong().new_game(seed=1)
