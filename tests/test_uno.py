"""UNO as Mattel's rules play it (``cr.Uno()``: the defaults, with their sources on
docs/rules/uno.md), each rule and house rule by a test that fails if it were broken,
bad options refused, and a property test (cards conserved, games end). RLCard's preset
is played move for move against RLCard in ``test_peer_uno.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules as cr
from cardrules.chance import ExplicitChance
from cardrules.decks import UNO_108
from cardrules.games.uno import SwapHands, Uno, card_points, hand_scores
from cardrules.moves import Pass, Play
from cardrules.shedding.events import Reshuffled, ReturnedToStock
from cardrules.shedding.moves import Draw

GAME = Uno(players=3)
DRAW, PASS = Draw(), Pass()
RED, YELLOW, BLUE, GREEN = (UNO_108.suit(i) for i in range(4))


def card(text: str) -> Any:
    return UNO_108.parse(text)


def position(
    hands: list[str], discard: str, stock: str = "R9 Y9 B9 G9", game: Any = GAME, **kw: Any
) -> Any:
    """A state with these hands, discard pile (bottom first) and stock (top first);
    seat 0 to move unless ``to_move`` is given."""
    kw.setdefault("to_move", 0)
    kw.setdefault("seed", 3)
    return game.position(hands, discard, stock, **kw)


def shown(moves: Any) -> set[str]:
    return {str(move) for move in moves}


def every_card(state: Any) -> Counter[Any]:
    table = state.table
    return Counter([c for hand in table.hands for c in hand] + [*table.stock, *table.discard])


def random_game(game: Any, seed: int, limit: int = 100_000) -> Any:
    chooser = random.Random(seed)
    state = game.new_game(seed=seed)
    for _ in range(limit):
        if state.is_over:
            break
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
    return state


# -- options -------------------------------------------------------------------------


def test_the_defaults_are_mattels_rules() -> None:
    game = Uno()
    assert game.options() == {
        "players": 4,
        "target": 500,
        "uno_calls": "manual",
        "stacking": "off",
        "drawing": "one",
        "wild_draw_four": "no_colour",
        "turned_up": "official",
        "reverse_with_two": "skip",
        "reshuffle": "pile",
        "scoring": "points",
        "first_dealer": "random",
        "seven_zero": False,
        "jump_in": False,
    }
    assert Uno.from_options(game.options()) == game
    assert game != Uno.rlcard()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "players must be an int from 2 to 10, not 1"),
        ({"players": 11}, "players must be an int from 2 to 10, not 11"),
        ({"target": 0}, "target must be an int from 1 up or None, not 0"),
        ({"uno_calls": "never"}, "uno_calls must be one of 'manual', 'automatic', 'off'"),
        ({"stacking": "all"}, "stacking must be one of 'off', 'draw_two'"),
        ({"drawing": "two"}, "drawing must be one of 'one', 'until_playable', 'rlcard'"),
        ({"wild_draw_four": "any"}, "wild_draw_four must be one of 'no_colour', 'last_resort'"),
        ({"turned_up": "none"}, "turned_up must be one of 'official', 'rlcard'"),
        ({"reverse_with_two": True}, "reverse_with_two must be one of 'skip', 'reverse'"),
        ({"reshuffle": "never"}, "reshuffle must be one of 'pile', 'all'"),
        ({"scoring": "penalty"}, "scoring must be one of 'points', 'rlcard'"),
        ({"first_dealer": 0}, "first_dealer must be one of 'random', 'last_seat', not 0"),
        ({"seven_zero": 1}, "seven_zero must be True or False, not 1"),
        ({"jump_in": "yes"}, "jump_in must be True or False"),
    ],
)
def test_bad_options_are_refused_naming_what_is_allowed(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(cr.RulesError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Uno(**options)


def test_the_rlcard_preset() -> None:
    game = Uno.rlcard(players=3)
    assert (game.players, game.target, game.uno_calls) == (3, None, "off")
    assert game.first_dealer == "last_seat" and game.new_game(seed=1).dealer == 2
    assert (game.drawing, game.wild_draw_four) == ("rlcard", "last_resort")
    assert game.turned_up == "rlcard"
    assert (game.reverse_with_two, game.reshuffle, game.scoring) == ("reverse", "all", "rlcard")
    with pytest.raises(cr.RulesError, match="players must be an int from 2 to 10, not 11"):
        Uno.rlcard(players=11)


# -- the deal -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 10])
def test_seven_cards_each_from_the_108(players: int) -> None:
    game = Uno(players=players)
    state: Any = game.new_game(seed=players)
    assert [len(hand) for hand in state.hands] == [7] * players
    assert every_card(state) == Counter(UNO_108.cards)
    assert state.top.kind != "wild_draw_four"


def test_the_first_dealer_is_random_unless_chosen_and_the_deal_passes_left() -> None:
    assert {GAME.new_game(seed=seed).dealer for seed in range(30)} == {0, 1, 2}
    assert {Uno(players=3, first_dealer="last_seat").new_game(seed=s).dealer for s in range(9)} == {
        2
    }
    state = position(["R1", "B7 B8", "G2 G3"], "R5", "Y1 Y2 Y3 Y4")
    after = GAME.apply(state, Play(card("R1")))  # seat 0 goes out: hand 2, dealt by seat 1
    assert (after.hand_number, after.dealer) == (2, 1)


def turned_up(game: Any, text: str, players: int = 3) -> Any:
    """The start (a Step) of a hand dealt by seat 0 whose first card turned up is
    ``text``."""
    order = list(random.Random(5).sample(UNO_108.cards, UNO_108.size))
    order.remove(card(text))
    order.insert(7 * players, card(text))
    return game.start(seed=5, deck=order, dealer=0)


def test_the_card_turned_up_acts_as_mattel_says() -> None:
    number = turned_up(GAME, "R7").state
    assert (number.to_move, number.direction) == (1, 1)  # the dealer's left plays first
    skip = turned_up(GAME, "RS").state
    assert skip.to_move == 2  # the first player is skipped
    reverse = turned_up(GAME, "RR").state
    assert (reverse.to_move, reverse.direction) == (0, -1)  # the dealer, to the right
    two = turned_up(GAME, "R+2").state
    assert two.to_move == 2 and [len(hand) for hand in two.hands] == [7, 9, 7]
    wild = turned_up(GAME, "W").state  # the first player names the colour, then plays
    assert wild.to_move == 1 and shown(GAME.legal_moves(wild)) == {
        f"name {colour}" for colour in ("red", "yellow", "blue", "green")
    }
    named = GAME.apply(wild, GAME.legal_moves(wild)[2])
    assert (named.to_move, int(named.suit)) == (1, 2)
    four = turned_up(GAME, "W+4").state  # back into the stock, another turned up
    assert four.top.kind != "wild_draw_four" and card("W+4") in four.table.stock
    assert every_card(four) == Counter(UNO_108.cards) and four.to_move == 1


def test_a_wild_draw_four_turned_up_and_put_back_is_told_to_every_seat() -> None:
    start = turned_up(GAME, "W+4")
    returned = ReturnedToStock(0, card("W+4"), shuffled=True)
    kinds = [type(event) for event in start.events]
    assert kinds[1:3] == [ReturnedToStock, cr.CardTurnedUp] and start.events[1] == returned
    text = "Seat 0 turns up W+4, which is shuffled back into the stock."
    for seat in (None, 0, 1, 2):
        assert returned in cr.events_for(start.events, seat)
        assert returned.to_data(seat, game=GAME) == {
            "event": "returned_to_stock",
            "seat": 0,
            "card": "W+4",
            "shuffled": True,
            "text": text if seat != 0 else text.replace("Seat 0 turns", "You turn"),
        }


def test_rlcards_card_turned_up() -> None:
    game = Uno.rlcard(players=3)
    two = turned_up(game, "R+2").state
    assert two.to_move == 1 and [len(hand) for hand in two.hands] == [7, 9, 7]  # and plays
    wild = turned_up(game, "W").state  # a colour drawn at random
    assert wild.to_move == 1 and wild.suit is not None
    colours = set()
    for seed in range(12):
        order = list(random.Random(seed).sample(UNO_108.cards, UNO_108.size))
        order.remove(card("W"))
        order.insert(21, card("W"))
        colours.add(int(game.new_game(seed=seed, deck=order, dealer=0).suit))
    assert colours == {0, 1, 2, 3}


# -- the play -----------------------------------------------------------------------------


def test_a_card_matches_the_colour_or_the_number_or_symbol_and_wilds_go_on_anything() -> None:
    state = position(["R5 G7 B3 YS W", "B1", "B2"], "Y7")
    wilds = {f"W naming {colour}" for colour in ("red", "yellow", "blue", "green")}
    assert shown(GAME.legal_moves(state)) == {"G7", "YS", "draw"} | wilds
    state = position(["R5 GS BS Y1", "B1", "B2"], "RS")
    assert shown(GAME.legal_moves(state)) == {"R5", "GS", "BS", "draw"}


def test_a_wild_names_the_colour_to_match() -> None:
    state = position(["W R1 B1", "G2 Y2 Y3", "B2"], "R5")
    after = GAME.apply(state, Play(card("W"), suit=GREEN))
    assert (int(after.suit), after.to_move) == (3, 1)
    assert shown(GAME.legal_moves(after)) == {"G2", "draw"}


def test_a_wild_draw_four_only_without_a_card_of_the_colour_to_match() -> None:
    held = position(["W+4 R1 B5", "B1", "B2"], "R5")
    assert not any(
        move.card == card("W+4") for move in GAME.legal_moves(held) if isinstance(move, Play)
    )
    with pytest.raises(cr.IllegalMoveError):
        GAME.apply(held, Play(card("W+4"), suit=BLUE))
    # Holding the number to match (B5 on R5) does not forbid it.
    free = position(["W+4 B5 G1", "B1", "B2"], "R5")
    assert "W+4 naming blue" in shown(GAME.legal_moves(free))
    # After a wild the colour named is the one to match.
    named = position(["W+4 R1", "B1", "B2"], "W", suit=BLUE)
    assert "W+4 naming red" in shown(GAME.legal_moves(named))


def test_last_resort_wild_draw_four_only_when_nothing_else_can_be_played() -> None:
    game = Uno(players=3, wild_draw_four="last_resort")
    state = position(["W+4 B5 G1", "B1", "B2"], "R5", game=game)
    assert "W+4 naming red" not in shown(game.legal_moves(state))
    stuck = position(["W+4 B6 G1", "B1", "B2"], "R5", game=game)
    assert "W+4 naming red" in shown(game.legal_moves(stuck))


def test_skip_and_draw_cards_act_on_the_next_player() -> None:
    stock = "Y1 Y2 Y3 Y4 Y5 Y6"
    skip = GAME.apply(position(["RS R1", "B1", "B2"], "R5", stock), Play(card("RS")))
    assert skip.to_move == 2 and len(skip.hands[1]) == 1
    two = GAME.apply(position(["R+2 R1", "B1", "B2"], "R5", stock), Play(card("R+2")))
    assert two.to_move == 2 and Counter(two.hands[1]) == Counter(UNO_108.parse_cards("B1 Y1 Y2"))
    four = GAME.apply(position(["W+4 G1", "B1", "B2"], "R5", stock), Play(card("W+4"), suit=GREEN))
    assert four.to_move == 2 and len(four.hands[1]) == 5 and int(four.suit) == 3


def test_a_reverse_reverses_and_with_two_players_acts_as_a_skip() -> None:
    state = GAME.apply(position(["RR R1", "B1", "B2"], "R5"), Play(card("RR")))
    assert (state.direction, state.to_move) == (-1, 2)
    two = Uno(players=2)
    state = two.apply(position(["RR R1", "B1"], "R5", game=two), Play(card("RR")))
    assert state.to_move == 0
    rlcard_two = Uno(players=2, reverse_with_two="reverse")
    state = rlcard_two.apply(position(["RR R1", "B1"], "R5", game=rlcard_two), Play(card("RR")))
    assert state.to_move == 1


def test_a_last_draw_card_still_makes_the_next_player_draw_and_those_cards_count() -> None:
    game = Uno(players=2, target=None, uno_calls="off")
    state = position(["R+2", "B1"], "R5", "Y9 G9 Y1", game=game)
    after = game.apply(state, Play(card("R+2")))
    assert after.is_over and Counter(after.hands[1]) == Counter(UNO_108.parse_cards("B1 Y9 G9"))
    assert after.scores == (19, 0)


# -- drawing ------------------------------------------------------------------------------


def test_a_player_may_draw_one_card_instead_of_playing() -> None:
    state = position(["R1 B7", "B1", "B2"], "R5", "Y9 G9")
    assert "draw" in shown(GAME.legal_moves(state))  # holding R1, which could be played
    after = GAME.apply(state, DRAW)
    assert after.to_move == 0 and Counter(after.hands[0]) == Counter(
        UNO_108.parse_cards("R1 B7 Y9")
    )
    assert DRAW not in GAME.legal_moves(after)  # one card only
    after = GAME.apply(after, PASS)
    assert after.to_move == 1


def test_the_drawn_card_may_be_played_at_once() -> None:
    state = position(["B7", "B1", "B2"], "R5", "R9 G9")
    after = GAME.apply(state, DRAW)
    assert Play(card("R9")) in GAME.legal_moves(after)
    assert GAME.apply(after, Play(card("R9"))).to_move == 1


def test_only_the_drawn_card_may_be_played_after_a_draw() -> None:
    state = GAME.apply(position(["R1 B7", "B1", "B2"], "R5", "G9 Y9"), DRAW)
    assert GAME.legal_moves(state) == (PASS,)  # R1 could be played, but not now
    state = GAME.apply(position(["R1 B7", "B1", "B2"], "R5", "R9 Y9"), DRAW)
    assert shown(GAME.legal_moves(state)) == {"R9", "pass"}


def test_the_drawn_card_played_down_to_one_card_may_say_uno() -> None:
    state = GAME.apply(position(["G5", "B1 B3", "B2 B4"], "R3", "R7 B9"), DRAW)
    r7 = card("R7")
    assert GAME.legal_moves(state) == (Play(r7), Play(r7, announce=True), PASS)
    said = GAME.apply(state, Play(r7, announce=True))
    assert said.exposed == () and GAME.observe(said, 1).legal_moves == (DRAW,)
    missed = GAME.apply(state, Play(card("R7")))
    assert missed.exposed == (0,)


def test_draw_until_playable() -> None:
    game = Uno(players=3, drawing="until_playable")
    state = position(["B7 B8", "B1", "B2"], "R5", "G1 Y2 R9 G9", game=game)
    assert shown(game.legal_moves(state)) == {"draw"}
    for _ in range(2):  # G1, Y2: nothing to play, the player draws again
        state = game.apply(state, DRAW)
        assert state.to_move == 0 and shown(game.legal_moves(state)) == {"draw"}
    state = game.apply(state, DRAW)  # R9: played
    assert shown(game.legal_moves(state)) == {"R9"}
    # A player who can play does not draw.
    assert "draw" not in shown(game.legal_moves(position(["R1", "B1", "B2"], "R5", game=game)))


def test_rlcards_drawing_plays_a_drawn_card_of_the_colour_or_a_wild_at_once() -> None:
    game = Uno.rlcard(players=3)

    def draw(stock: str) -> Any:
        state = position(["B7 G1", "B1 B4", "B2 B3"], "R5", stock, game=game)
        assert game.legal_moves(state) == (DRAW,)  # only when nothing can be played
        return game.apply(state, DRAW)

    red = draw("R9 Y1")
    assert red.top == card("R9") and red.to_move == 1 and len(red.hands[0]) == 2
    skip = draw("RS Y1")
    assert skip.top == card("RS") and skip.to_move == 2
    two = draw("R+2 Y1 Y2")
    assert two.to_move == 2 and len(two.hands[1]) == 4
    four = draw("W+4 Y1")  # played, a colour at random, and nobody draws four
    assert four.top == card("W+4") and [len(hand) for hand in four.hands] == [2, 2, 2]
    kept = draw("G5 Y1")  # the same number but another colour: kept
    assert kept.top == card("R5") and len(kept.hands[0]) == 3 and kept.to_move == 1


def test_rlcards_reshuffle_takes_the_whole_pile_and_the_stock() -> None:
    game = Uno.rlcard(players=3)
    state = position(["R+2 G1", "B1 B4", "B2 B3"], "G2 Y5 R5", "Y9", game=game)
    after = game.apply(state, Play(card("R+2")))
    assert after.discard == () and len(after.hands[1]) == 4
    assert sorted(map(int, [*after.table.stock, *after.hands[1]])) == sorted(
        map(int, UNO_108.parse_cards("G2 Y5 R5 R+2 Y9 B1 B4"))
    )
    assert (int(after.suit), after.face) == (0, state.card_lookup.face_of[card("R+2")])


def test_the_stock_is_remade_from_the_pile_but_its_top_card() -> None:
    state = position(["B7", "B1", "B2"], "G1 G2 R5", "")
    step = GAME.step(state, DRAW)
    assert any(isinstance(event, Reshuffled) for event in step.events)
    assert step.state.discard == (card("R5"),) and len(step.state.hands[0]) == 2


def test_a_hand_nobody_can_play_or_draw_in_is_blocked_and_scores_nothing() -> None:
    game = Uno(players=2, uno_calls="off")
    state = position(["B1 B2", "G1 G2"], "R5", "", game=game)
    assert game.legal_moves(state) == (PASS,)
    state = game.apply(game.apply(state, PASS), PASS)
    assert (state.hand_number, state.scores) == (2, (0, 0))


# -- "UNO" -----------------------------------------------------------------------------------


def test_a_missed_uno_can_be_called_and_costs_two_cards_but_no_turn() -> None:
    state = position(["R1 R2", "B1 B3", "B2 B4"], "R5", "Y1 Y2 Y3 Y4")
    said = GAME.apply(state, Play(card("R1"), announce=True))
    assert GAME.observe(said, 2).legal_moves == ()
    missed = GAME.apply(state, Play(card("R1")))
    calls = [move for move in GAME.observe(missed, 2).legal_moves]
    assert len(calls) == 1
    called = GAME.apply(missed, calls[0], seat=2)
    assert len(called.hands[0]) == 3 and called.to_move == 1
    # The next card played or drawn closes the window.
    later = GAME.apply(missed, DRAW)
    assert GAME.observe(later, 2).legal_moves == ()


def test_automatic_or_no_uno() -> None:
    def state_of(game: Any) -> Any:
        return position(["R1 R2", "B1", "B2"], "R5", "Y1 Y2 Y3", game=game)

    automatic = Uno(players=3, uno_calls="automatic")
    assert len(automatic.apply(state_of(automatic), Play(card("R1"))).hands[0]) == 3
    off = Uno(players=3, uno_calls="off")
    after = off.apply(state_of(off), Play(card("R1")))
    assert len(after.hands[0]) == 1 and off.observe(after, 2).legal_moves == ()
    assert all(not move.announce for move in off.all_moves() if isinstance(move, Play))


def test_the_texts_speak_of_uno_colours_and_numbers_or_symbols() -> None:
    state = position(["R1 R2", "B1 B3", "B2 B4"], "R5", "Y1 Y2 Y3 Y4")

    def told(step: Any, seat: int | None = 1) -> list[str]:
        return [text for _, text in cr.narrate(step.events, seat, game=GAME)]

    assert told(GAME.step(state, Play(card("R1"), announce=True))) == [
        'Seat 0 plays R1, says "UNO".'
    ]
    missed = GAME.apply(state, Play(card("R1")))
    assert told(GAME.step(missed, cr.CallOut(2, 0), seat=2), None) == [
        'Seat 2 calls "UNO" on seat 0!',
        'Seat 0 draws 2 cards (a missed "UNO").',
    ]
    wild = GAME.step(position(["W R2 R3", "B1", "B2"], "R5"), Play(card("W"), suit=YELLOW))
    assert told(wild) == ["Seat 0 plays W, names yellow."]
    assert cr.describe(cr.SuitNamed(0, YELLOW), game=GAME) == (
        "Seat 0 names yellow as the colour to follow."
    )
    refused = GAME.why_illegal(position(["G9 B1", "B1", "B2"], "R5"), Play(card("G9")))
    assert str(refused) == (
        "G9 matches neither the colour to follow (red) nor the number or symbol of R5, and is "
        "not wild"
    )
    refused = GAME.why_illegal(position(["W R2 R3", "B1", "B2"], "R5"), Play(card("W")))
    assert str(refused).startswith("W is wild: name a colour, e.g.")
    # (the rules' last word, asked of a play they allow)
    refused = GAME.why_illegal(state, Play(card("R1"), announce=True))
    assert str(refused) == 'R1 saying "UNO" is not allowed now (see legal_moves)'
    jumping = Uno(players=3, jump_in=True)
    state = position(["R5 G1", "B1 B3", "R5 Y3"], "R7", game=jumping)
    state = jumping.apply(state, Play(card("R5")))
    jump = cr.JumpIn(2, Play(card("R5"), announce=True))
    texts = [
        text for _, text in cr.narrate(jumping.step(state, jump, seat=2).events, 0, game=jumping)
    ]
    assert texts == ['Seat 2 jumps in with R5 saying "UNO".']
    with pytest.raises(cr.IllegalMoveError, match='jump in with R5 saying "UNO" now'):
        jumping.apply(state, cr.JumpIn(1, Play(card("R5"), announce=True)), seat=1)
    # "UNO" is typed in any case.
    view = GAME.observe(missed, 2)
    assert GAME.parse_move("uno 0", view) == GAME.parse_move("UNO", view) == cr.CallOut(2, 0)


# -- house rules -------------------------------------------------------------------------------


def test_stacking_draw_twos_adds_them_up_until_someone_draws_the_total() -> None:
    game = Uno(players=3, stacking="draw_two", uno_calls="off")
    state = position(["R+2 R1 R3", "B+2 B1 B3", "G2 G3 G4"], "R5", "Y1 Y2 Y3 Y4 Y5 Y6", game=game)
    state = game.apply(state, Play(card("R+2")))
    assert shown(game.legal_moves(state)) == {"B+2", "draw"}  # any colour's draw two
    state = game.apply(state, Play(card("B+2")))
    assert shown(game.legal_moves(state)) == {"draw"} and state.count == 4
    state = game.apply(state, DRAW)
    assert (len(state.hands[2]), state.to_move, state.count) == (7, 0, 0)
    turned = turned_up(game, "R+2").state  # the first player may add to it, or draw two
    assert (turned.to_move, turned.count) == (1, 2)
    off = position(["R+2 R1", "B+2 B1", "G2 G3"], "R5", "Y1 Y2 Y3 Y4", game=GAME)
    off = GAME.apply(off, Play(card("R+2")))
    assert off.to_move == 2 and len(off.hands[1]) == 4  # drawn at once, no stacking


def test_seven_zero_a_seven_swaps_hands_with_a_chosen_player() -> None:
    game = Uno(players=3, seven_zero=True, uno_calls="off")
    state = game.apply(
        position(["R7 G1 G2", "B1 B3", "Y2 Y3 Y4"], "R5", game=game), Play(card("R7"))
    )
    assert state.phase == "swap_hands" and state.to_move == 0
    assert game.legal_moves(state) == (SwapHands(1), SwapHands(2))
    step = game.step(state, SwapHands(2))
    hands = step.state.hands
    assert sorted(map(str, hands[0])) == ["Y2", "Y3", "Y4"] and sorted(map(str, hands[2])) == [
        "G1",
        "G2",
    ]
    assert step.state.to_move == 1 and step.state.phase == GAME.new_game(seed=1).phase
    told = [str(event) for event in cr.events_for(step.events, 1)]
    assert told[-1] == "Seat 0 swaps hands with seat 2." and "G1" not in " ".join(told)
    with pytest.raises(cr.IllegalMoveError):
        game.apply(state, SwapHands(0))
    # A missed UNO may be called while the 7's player chooses whom to swap with (the
    # caller's move is taken out of turn in the game's own phase), or after the swap.
    called = Uno(players=3, seven_zero=True)
    state = position(["R7 G1", "B1 B3", "Y2 Y3 Y4"], "R5", game=called)
    state = called.apply(state, Play(card("R7")))
    assert called.observe(state, 1).legal_moves == (cr.CallOut(1, 0),)
    assert called.legal_moves(state) == (SwapHands(1), SwapHands(2))
    caught = called.apply(state, cr.CallOut(1, 0), seat=1)
    assert (caught.phase, caught.to_move, len(caught.hands[0]), caught.exposed) == (
        "swap_hands",
        0,
        3,
        (),
    )
    assert called.legal_moves(caught) == (SwapHands(1), SwapHands(2))
    state = called.apply(state, SwapHands(1))
    assert called.observe(state, 2).legal_moves == (cr.CallOut(2, 0),)
    # Without the house rule a 7 is a number like the others.
    assert GAME.apply(position(["R7 G1", "B1", "Y2"], "R5"), Play(card("R7"))).to_move == 1


def test_seven_zero_a_zero_passes_every_hand_along() -> None:
    game = Uno(players=3, seven_zero=True, uno_calls="off")
    state = position(["R0 G1 G2", "B1 B3", "Y2 Y3 Y4"], "R5", game=game)
    after = game.apply(state, Play(card("R0")))
    assert [sorted(map(str, hand)) for hand in after.hands] == [
        ["Y2", "Y3", "Y4"],
        ["G1", "G2"],
        ["B1", "B3"],
    ]
    assert after.to_move == 1
    backwards = game.apply(
        position(["R0 G1 G2", "B1 B3", "Y2 Y3 Y4"], "R5", game=game, direction=-1),
        Play(card("R0")),
    )
    assert sorted(map(str, backwards.hands[2])) == ["G1", "G2"] and backwards.to_move == 2


def test_jump_in_with_the_very_card_just_played() -> None:
    game = Uno(players=3, jump_in=True, uno_calls="off")
    state = position(["R5 G1", "B1 B3", "R5 Y3 Y4"], "R7", game=game)
    state = game.apply(state, Play(card("R5")))
    jumps = game.observe(state, 2).legal_moves
    assert [str(move) for move in jumps] == ["seat 2 jumps in with R5"]
    assert game.observe(state, 1).legal_moves == (DRAW,)  # the seat to move plays as usual
    after = game.apply(state, jumps[0], seat=2)
    assert after.to_move == 0 and len(after.hands[2]) == 2 and after.top == card("R5")
    # Nor is the house rule on by default.
    plain = GAME.apply(position(["R5 G1 G2", "B1 B3", "R5 Y3"], "R7"), Play(card("R5")))
    assert GAME.observe(plain, 2).legal_moves == ()


# -- scoring -----------------------------------------------------------------------------------


def test_card_points_and_the_player_out_collects() -> None:
    assert [card_points(c) for c in UNO_108.parse_cards("R0 Y9 BS GR R+2 W W+4")] == [
        0,
        9,
        20,
        20,
        20,
        50,
        50,
    ]
    hands = (UNO_108.parse_cards("R7 W"), (), UNO_108.parse_cards("BS G3"))
    assert hand_scores(hands, blocked=False) == (0, 80, 0)
    assert hand_scores(hands, blocked=True) == (0, 0, 0)


def test_rlcards_returns() -> None:
    two = ((), UNO_108.parse_cards("R1"))
    assert hand_scores(two, blocked=False, scoring="rlcard") == (1, -1)
    three = (UNO_108.parse_cards("R1"), UNO_108.parse_cards("R1"), ())
    assert hand_scores(three, blocked=False, scoring="rlcard") == (0, 0, -1)  # seat 2 of 3
    one = UNO_108.parse_cards("R1")
    assert hand_scores((one, (), one, one), blocked=False, scoring="rlcard") == (-1, 1, 0, 0)
    assert hand_scores((one, one, (), one), blocked=False, scoring="rlcard") == (0, 0, 1, -1)


def test_the_game_is_500_points_or_one_hand() -> None:
    state = position(["R1", "B7 W", "G2"], "R5", "Y1 Y2 Y3 Y4", scores=(450, 0, 0))
    after = GAME.apply(state, Play(card("R1")))
    assert after.is_over and after.scores == (509, 0, 0) and after.winners == (0,)
    state = position(["R1", "B7 W", "G2"], "R5", "Y1 Y2 Y3 Y4", scores=(400, 0, 0))
    after = GAME.apply(state, Play(card("R1")))
    assert not after.is_over and after.hand_number == 2
    one = Uno(players=3, target=None)
    assert one.apply(position(["R1", "B7", "G2"], "R5", game=one), Play(card("R1"))).is_over


# -- properties ---------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 5),
    options=st.fixed_dictionaries(
        {
            "uno_calls": st.sampled_from(["automatic", "off"]),
            "drawing": st.sampled_from(["one", "until_playable", "rlcard"]),
            "wild_draw_four": st.sampled_from(["no_colour", "last_resort"]),
            "reverse_with_two": st.sampled_from(["skip", "reverse"]),
            "stacking": st.sampled_from(["off", "draw_two"]),
            "seven_zero": st.booleans(),
            "turned_up": st.sampled_from(["official", "rlcard"]),
            "reshuffle": st.sampled_from(["pile", "all"]),
        }
    ),
)
def test_cards_are_conserved_and_one_hand_games_end(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    game = Uno(players=players, target=None, **options)
    chooser = random.Random(seed)
    state = game.new_game(seed=seed)
    deck = Counter(UNO_108.cards)
    for _ in range(20_000):
        if state.is_over:
            break
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
        assert every_card(state) == deck
    assert state.is_over
    assert sum(1 for score in state.scores if score > 0) <= 1


# -- records, explicit chance, views -----------------------------------------------------------


@pytest.mark.parametrize("game", [Uno(players=3, target=None), Uno.rlcard()], ids=["uno", "rlcard"])
def test_records_round_trip(game: Any) -> None:
    for seed in range(2):
        chooser = random.Random(seed)
        record = cr.GameRecord.start(game, seed=seed)
        state = record.initial_state()
        while not state.is_over:
            move = chooser.choice(game.legal_moves(state))
            record, state = record.then(move), game.apply(state, move)
        again = cr.GameRecord.from_json(record.to_json())
        assert again.final_state() == state and again.game == game


def test_a_record_of_a_stacked_deck_replays_its_start() -> None:
    order = list(random.Random(5).sample(UNO_108.cards, UNO_108.size))
    order.remove(card("W+4"))
    order.insert(21, card("W+4"))
    record = cr.GameRecord.start(GAME, seed=5, deck=order, dealer=0)
    again = cr.GameRecord.from_json(record.to_json())  # (the deck's cards written as text)
    assert again.setup["deck"][21] == "W+4" and again == record
    start = GAME.start(again.seed, **again.setup)
    assert start.state == again.initial_state() == record.initial_state()
    assert ReturnedToStock(0, card("W+4"), shuffled=True) in start.events


@pytest.mark.parametrize("game", [Uno(players=2, target=None), Uno.rlcard()], ids=["uno", "rlcard"])
def test_explicit_chance(game: Any) -> None:
    table = ExplicitChance(game)
    chooser = random.Random(2)
    state = table.new_game()
    chance = moves = 0
    while not state.is_over:
        if state.is_chance:
            outcomes = table.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == 1
            state = table.apply_chance(state, chooser.choice([o for o, _ in outcomes]))
            chance += 1
        else:
            state = table.apply(state, chooser.choice(table.legal_moves(state)))
            moves += 1
    assert chance > 100 and moves > 0 and max(state.inner.scores) > 0


def test_observe_hides_the_other_hands_and_the_stock() -> None:
    state = GAME.new_game(seed=8)
    view = GAME.observe(state, 0)
    assert view.hand == state.hands[0] and view.hand_sizes == (7, 7, 7)
    assert view.stock_size == state.stock_size and not hasattr(view, "stock")
