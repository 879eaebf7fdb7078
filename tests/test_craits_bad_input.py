"""Bad input to Craits: impossible options, bad positions, illegal moves and things that
are not moves. Each must raise a specific exception whose message names what was wrong,
and leave the state it was given untouched.
"""

from __future__ import annotations

from typing import Any

import pytest

import cardrules as cr
from cardrules.shedding import CardRule
from craits_helpers import position, rest_of_deck

# -- options --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [0, 1, 11, 20, -3])
def test_player_count_out_of_range(players: int) -> None:
    with pytest.raises(
        cr.RulesError, match=rf"Craits: players must be an int from 2 to 10, not {players}"
    ):
        cr.Craits(players=players)


@pytest.mark.parametrize("players", ["4", 4.0, True, None])
def test_player_count_of_the_wrong_type(players: Any) -> None:
    with pytest.raises(cr.RulesError, match="Craits: players must be an int from 2 to 10, not"):
        cr.Craits(players=players)


def test_ten_players_with_one_deck() -> None:
    with pytest.raises(cr.RulesError, match=r"10 players need at least 81 cards.*hold 52"):
        cr.Craits(players=10, decks=1)
    with pytest.raises(cr.RulesError, match="7 players need at least 57 cards"):
        cr.Craits(players=7, decks=1, short_game=True)
    # Six players fit in one deck if asked for (6 x 8 + 1 = 49 <= 52).
    assert cr.Craits(players=6, decks=1).deck.size == 52


@pytest.mark.parametrize("decks", [0, 4, -1, "2", True])
def test_bad_number_of_decks(decks: Any) -> None:
    with pytest.raises(
        cr.RulesError, match="Craits: decks must be an int from 1 to 3 or None, not"
    ):
        cr.Craits(decks=decks)


def test_remove_kings_queens_with_four_players() -> None:
    with pytest.raises(cr.RulesError, match=r"remove_kings_queens \(V3\).*not 4"):
        cr.Craits(players=4, remove_kings_queens=True)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("idiot_penalty", "x", "idiot_penalty must be one of 'draw_two_skip', 'draw_one', not 'x'"),
        ("idiot_calls", "sometimes", "idiot_calls must be one of"),
        ("threes_rule", "house", "threes_rule must be one of"),
        ("short_game", "yes", "short_game must be True or False"),
        ("deal_follows_direction", 1, "deal_follows_direction must be True or False"),
        ("continue_after_count_out", None, "continue_after_count_out must be True or False"),
        ("threes_cancel_eights", "no", "threes_cancel_eights must be True or False"),
        ("one_card_deal_announce", 0, "one_card_deal_announce must be True or False"),
    ],
)
def test_bad_option_values(option: str, value: Any, message: str) -> None:
    with pytest.raises(cr.RulesError, match=message):
        cr.Craits(**{option: value})


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"Z": CardRule("none", 1)}, "card_table keys must be ranks.*'Z'"),
        ({1: CardRule("none", 1)}, "card_table keys must be ranks.*1"),
        ({15: CardRule("none", 1)}, "card_table keys must be ranks.*15"),
        ({"J": "skip"}, "card_table row must be a CardRule or a mapping.*rank J"),
        ({"J": {"action": "fly", "points": 1}}, "bad card_table row for J: unknown card function"),
        ({"J": {"action": "skip"}}, "bad card_table row for J"),
        ({"Q": {"action": "skip", "points": "ten"}}, "bad card_table row for Q: points"),
        ([CardRule("none", 1)] * 3, "card_table must map ranks to CardRule rows"),
        ("junk", "card_table must map ranks to CardRule rows"),
        (42, "card_table must map ranks to CardRule rows"),
        (
            {"J": CardRule("own", 10), "2": CardRule("own", 5)},
            r'no card function of its own \("own".*the rows of 2, J have it; allowed: none, skip',
        ),
    ],
)
def test_bad_card_tables(table: Any, message: str) -> None:
    with pytest.raises(cr.RulesError, match=message):
        cr.Craits(card_table=table)


def test_a_subclass_that_says_what_its_own_card_does_may_have_one() -> None:
    class OwnCraits(cr.Craits):
        name = ""  # (not registered)

        def card_action(self, state: cr.CraitsState, seat: int, card: Any) -> int | None:
            return (seat + state.direction) % self.players

    game = OwnCraits(card_table={"J": CardRule("own", 10)})
    assert game.card_table[cr.Rank.JACK].action is cr.Action.OWN


# -- positions ---------------------------------------------------------------------------------


GAME = cr.Craits(players=3)


def test_stacked_deck_with_a_missing_card() -> None:
    deck = rest_of_deck(GAME, [])[:-1]
    with pytest.raises(cr.SetupError, match="exactly the 52 cards in play; missing: A♠"):
        GAME.new_game(seed=0, dealer=0, deck=deck)


def test_stacked_deck_with_a_duplicate() -> None:
    deck = rest_of_deck(GAME, [])
    deck[-1] = deck[0]
    with pytest.raises(cr.SetupError, match="not allowed or too many: 2♣"):
        GAME.new_game(seed=0, dealer=0, deck=deck)


def test_stacked_deck_as_one_string() -> None:
    with pytest.raises(cr.SetupError, match="not one string"):
        GAME.new_game(seed=0, dealer=0, deck="2C 3C")


def test_stacked_deck_of_two_decks_for_one_deck_rules() -> None:
    with pytest.raises(cr.SetupError, match="exactly the 52 cards"):
        GAME.new_game(seed=0, dealer=0, deck=cr.Craits(players=6).deck.cards())


def test_position_cards_not_the_deck() -> None:
    with pytest.raises(cr.SetupError, match="missing"):
        GAME.new_game(seed=0, dealer=0, hands=[["2C"], ["3C"], ["4C"]], stock=["5C"])
    hands = [["2C"], ["3C"], ["2C"]]
    stock = rest_of_deck(GAME, [cr.Card.parse(t) for t in ("2C", "3C")])
    with pytest.raises(cr.SetupError, match="not allowed or too many: 2♣"):
        GAME.new_game(seed=0, dealer=0, hands=hands, stock=stock)


def test_position_needs_hands_and_stock() -> None:
    with pytest.raises(cr.SetupError, match="needs both hands and stock"):
        GAME.new_game(seed=0, dealer=0, hands=[["2C"], ["3C"], ["4C"]])
    with pytest.raises(cr.SetupError, match="needs both hands and stock"):
        GAME.new_game(seed=0, dealer=0, stock=["2C"])


def test_position_and_deck_together() -> None:
    with pytest.raises(cr.SetupError, match="not both"):
        GAME.new_game(
            seed=0, dealer=0, deck=rest_of_deck(GAME, []), hands=[["2C"]] * 3, stock=["3C"]
        )


def test_position_with_a_wrong_number_of_hands() -> None:
    with pytest.raises(cr.SetupError, match="hands must be 3 sequences"):
        GAME.new_game(seed=0, dealer=0, hands=[["2C"], ["3C"]], stock=["4C"])


def test_position_with_an_empty_hand_or_stock() -> None:
    with pytest.raises(cr.SetupError, match="hand of seat 2 must be a non-empty"):
        GAME.new_game(seed=0, dealer=0, hands=[["2C"], ["3C"], []], stock=["4C"])
    with pytest.raises(cr.SetupError, match="stock must be a non-empty sequence"):
        GAME.new_game(seed=0, dealer=0, hands=[["2C"], ["3C"], ["4C"]], stock=[])


def test_position_with_unreadable_cards() -> None:
    with pytest.raises(cr.CardParseError, match="'XX'"):
        GAME.new_game(seed=0, dealer=0, hands=[["2C"], ["3C"], ["XX"]], stock=["4C"])


def test_position_with_kings_when_they_are_removed() -> None:
    game = cr.Craits(players=2, remove_kings_queens=True)
    held = [["KC"], ["3C"]]
    stock = rest_of_deck(game, [cr.Card.parse("3C")])
    with pytest.raises(cr.SetupError, match=r"44 cards in play.*not allowed or too many: K♣"):
        game.new_game(seed=0, dealer=0, hands=held, stock=stock)


@pytest.mark.parametrize("dealer", [3, -1, True, "0", 1.0])
def test_bad_dealer(dealer: Any) -> None:
    with pytest.raises(cr.SetupError, match="dealer must be a seat from 0 to 2"):
        GAME.new_game(seed=0, dealer=dealer)


@pytest.mark.parametrize("number", [0, 16, "1", None])
def test_bad_hand_number(number: Any) -> None:
    with pytest.raises(cr.SetupError, match="hand_number must be an int from 1 to 15"):
        GAME.new_game(seed=0, dealer=0, hand_number=number)


@pytest.mark.parametrize("scores", [[1, 2], [1, 2, "3"], "123", [1, 2, True]])
def test_bad_scores(scores: Any) -> None:
    with pytest.raises(cr.SetupError, match="scores must be 3 ints"):
        GAME.new_game(seed=0, dealer=0, scores=scores)


@pytest.mark.parametrize("seed", [-1, 2**64, "7", 1.5])
def test_bad_seed(seed: Any) -> None:
    with pytest.raises((TypeError, ValueError), match="seed must be an int"):
        GAME.new_game(seed=seed, dealer=0)


# -- moves -----------------------------------------------------------------------------------------


def state_with_wild() -> cr.CraitsState:
    """Seat 1 to move on K♥, holding an 8, a playable 9♥ and an unplayable 4♣."""
    return position(GAME, ["2C 3C", "8S 9H 4C", "5D 6D"], "KH")


def reject(state: cr.CraitsState, move: Any, reason: str, message: str) -> None:
    before = state
    with pytest.raises(cr.IllegalMoveError, match=message) as info:
        GAME.apply(state, move)
    assert info.value.reason == reason
    assert state == before


def test_wild_without_a_suit() -> None:
    reject(state_with_wild(), cr.Play("8S"), "wild_needs_suit", "8♠ is wild: name a suit")


def test_suit_named_for_a_card_that_is_not_wild() -> None:
    reject(
        state_with_wild(),
        cr.Play("9H", suit="S"),
        "no_suit_to_name",
        "only a wild card that names a suit may name one, not 9♥",
    )


def test_name_suit_when_no_suit_is_to_be_named() -> None:
    reject(state_with_wild(), cr.NameSuit("S"), "no_suit_to_name", "wild card")


def test_announcement_that_does_not_apply() -> None:
    reject(
        state_with_wild(),
        cr.Play("9H", announce=True),
        "announcement_not_applicable",
        "leaves exactly one card; you hold 3",
    )


def test_announce_or_pass_outside_the_one_card_deal() -> None:
    reject(state_with_wild(), cr.Announce(), "not_announcement_time", "one_card_deal_announce")
    reject(state_with_wild(), cr.Pass(), "not_announcement_time", "one_card_deal_announce")


def test_idiot_call_with_no_window_open() -> None:
    reject(state_with_wild(), cr.CallIdiot(0), "no_window", "nobody can be called on now")


def test_idiot_call_by_no_such_seat() -> None:
    reject(state_with_wild(), cr.CallIdiot(3), "no_such_seat", "a seat from 0 to 2")


def test_idiot_call_on_a_player_not_exposed() -> None:
    state = position(GAME, ["3C 4C", "9H KC", "JD QD"], "JH")
    state = GAME.apply(state, cr.Play("9H"))
    reject(state, cr.CallIdiot(2, 0), "not_callable", "seat 0 cannot be called on")


def test_draw_when_a_play_is_possible() -> None:
    reject(state_with_wild(), cr.Draw(), "must_play", "you hold a card you can play")


def test_card_not_in_hand() -> None:
    reject(state_with_wild(), cr.Play("KD"), "not_in_hand", "you do not hold K♦")


def test_card_that_does_not_match() -> None:
    reject(state_with_wild(), cr.Play("4C"), "does_not_match", "4♣ matches neither")


def test_move_after_the_game_is_over() -> None:
    game = cr.Craits(players=3, short_game=True)
    state = position(game, ["3C 4C", "9H", "JD QD"], "JH", hand_number=8)
    state = game.apply(state, cr.Play("9H"))
    assert state.is_over
    for move in (cr.Draw(), cr.Play("3C"), cr.CallIdiot(0)):
        with pytest.raises(cr.IllegalMoveError) as info:
            game.apply(state, move)
        assert info.value.reason == "game_over"


@pytest.mark.parametrize("move", ["9H", None, 5, cr.Play, object(), ("9H",)])
def test_things_that_are_not_moves(move: Any) -> None:
    state = state_with_wild()
    with pytest.raises(cr.MoveTypeError, match="a Craits move is Play, Draw, CallOut") as info:
        GAME.apply(state, move)
    assert isinstance(info.value, TypeError)


WRONG_TYPES: list[tuple[Any, dict[str, Any], str]] = [
    (cr.Play, {"card": 5}, "Play needs a Card or card text"),
    (cr.Play, {"card": "9H", "suit": 7}, "a named suit must be a Suit or text"),
    (cr.Play, {"card": "9H", "announce": 1}, "announce must be True or False"),
    (cr.CallIdiot, {"caller": True}, "a seat must be an int"),
    (cr.CallIdiot, {"caller": "1"}, "a seat must be an int"),
    (cr.CallIdiot, {"caller": 0, "target": 1.0}, "a seat must be an int"),
    (cr.NameSuit, {"suit": 3}, "a named suit must be a Suit or text"),
]


@pytest.mark.parametrize(("kind", "fields", "message"), WRONG_TYPES)
def test_moves_built_from_wrong_types(kind: Any, fields: dict[str, Any], message: str) -> None:
    with pytest.raises(cr.MoveTypeError, match=message):
        kind(**fields)


def test_moves_built_from_bad_text() -> None:
    with pytest.raises(cr.CardParseError, match="'ZZ'"):
        cr.Play("ZZ")
    with pytest.raises(cr.CardParseError, match="'X' as a suit"):
        cr.NameSuit("X")


def test_name_suit_phase_rejects_plays() -> None:
    game = cr.Craits(players=3)
    state = position(game, ["2C 3C", "8S 9H 4C", "5D 6D"], "8H")
    assert state.phase is cr.Phase.NAME_SUIT
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(state, cr.Draw())
    assert info.value.reason == "must_name_suit"


def test_observe_bad_seat() -> None:
    state = state_with_wild()
    for seat in (3, -1, True, "0"):
        with pytest.raises(ValueError, match="seat must be 0 to 2"):
            GAME.observe(state, seat)  # type: ignore[arg-type]


def test_move_sent_by_a_seat_whose_turn_it_is_not() -> None:
    state = state_with_wild()
    with pytest.raises(cr.IllegalMoveError, match="seat 2 cannot move now") as info:
        GAME.apply(state, cr.Play("9H"), seat=2)
    assert info.value.reason == "not_your_turn"
    assert GAME.apply(state, cr.Play("9H"), seat=1) == GAME.apply(state, cr.Play("9H"))


def test_call_sent_for_another_seat() -> None:
    state = position(GAME, ["3C 4C", "9H KC", "JD QD"], "JH")
    state = GAME.apply(state, cr.Play("9H"))
    with pytest.raises(
        cr.IllegalMoveError,
        match=r"seat 2 cannot send a move of seat 0 \(seat 0 calls seat 1 out\): "
        r"only seat 0 may make it",
    ) as info:
        GAME.apply(state, cr.CallIdiot(0, 1), seat=2)
    assert info.value.reason == "not_your_move"
    # A call out of turn by its own caller is fine.
    after = GAME.step(state, cr.CallIdiot(0, 1), seat=0).state
    assert len(after.hands[1]) == 3


# -- every move field and every card-table value is validated -------------------------


@pytest.mark.parametrize("suit", [None, 3, "X", True])
def test_name_suit_needs_a_suit(suit: Any) -> None:
    with pytest.raises((cr.MoveTypeError, cr.CardParseError)):
        cr.NameSuit(suit)


@pytest.mark.parametrize("seat", [-1, True, "0", 1.0])
def test_idiot_calls_need_seats(seat: Any) -> None:
    with pytest.raises(cr.MoveTypeError, match="a seat must be an int from 0 up"):
        cr.CallIdiot(seat)
    with pytest.raises(cr.MoveTypeError, match="a seat must be an int from 0 up"):
        cr.CallIdiot(0, seat)


def test_suit_names_are_accepted_where_a_suit_is_taken() -> None:
    assert cr.Play("8S", suit="hearts") == cr.Play("8S", suit=cr.Suit.HEARTS)
    assert cr.Play("8S", suit="Spade").suit == cr.Suit.SPADES
    assert cr.NameSuit("clubs") == cr.NameSuit("♣") == cr.NameSuit("c")


def test_naming_a_suit_with_an_ace_during_the_count_says_so() -> None:
    """An A may be played into the count; the fault is only the suit named with it."""
    state = position(GAME, ["2C 3C", "AD 9H 4C", "5D 6D"], "2H")  # the count is at 2
    assert state.count == 2
    reject(state, cr.Play("AD", suit="H"), "no_suit_to_name", "no suit is named there")
    reject(state, cr.Play("9H"), "must_follow_count", "only a card that adds to it")
    GAME.apply(state, cr.Play("AD"))


@pytest.mark.parametrize(
    ("row", "match"),
    [
        ({"count": 0, "starts_count": True}, "must add at least 1"),
        ({"count": -1}, "0 .* or more, not -1"),
        ({"count": -3, "starts_count": True}, "or more, not -3"),
        ({"starts_count": "false"}, "starts_count must be True or False"),
        ({"starts_count": [1]}, "starts_count must be True or False"),
        ({"starts_count": {"a": 1}}, "starts_count must be True or False"),
        ({"count": 2.0}, "count must be an int"),
    ],
)
def test_card_rule_values_are_validated(row: dict[str, Any], match: str) -> None:
    with pytest.raises(cr.RulesError, match=match):
        CardRule("none", 1, **row)
    with pytest.raises(cr.RulesError, match=match):
        cr.Craits(card_table={"A": {"action": "none", "points": 1, **row}})


@pytest.mark.parametrize(
    ("rows", "match"),
    [
        ({}, "needs a row for every rank"),
        ({rank: "none" for rank in cr.Rank}, "must be a CardRule"),
        ([CardRule("none", 1)] * 13, "built from a mapping"),
    ],
)
def test_card_table_values_are_validated(rows: Any, match: str) -> None:
    with pytest.raises(cr.RulesError, match=match):
        cr.CardTable(rows)


def test_every_rules_object_is_hashable() -> None:
    game = cr.Craits(card_table={"A": CardRule("none", 1, count=2, starts_count=True)})
    assert hash(game) == hash(
        cr.Craits(
            card_table={"A": {"action": "none", "points": 1, "count": 2, "starts_count": True}}
        )
    )
