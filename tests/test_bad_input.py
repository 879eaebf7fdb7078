"""Bad input gets a specific exception whose message says what was wrong and what is
allowed, and the state passed in stays valid."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import cardrules as cr
from conftest import ALL_52, card, fill_hands, play_first_moves, suit_hands


def repr_id(value: object) -> str:
    """A test id that never calls str() on a huge int."""
    from cardrules._text import shown

    return shown(value)


def test_error_hierarchy() -> None:
    for error in (cr.CardParseError, cr.RulesError, cr.SetupError, cr.IllegalMoveError):
        assert issubclass(error, cr.CardrulesError)
        assert issubclass(error, ValueError)
    assert issubclass(cr.RecordError, ValueError)
    assert issubclass(cr.MoveTypeError, cr.CardrulesError)
    assert issubclass(cr.MoveTypeError, TypeError)


# -- rules options ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [0, 2, 3, 5, 10, "4", None])
def test_wrong_player_count(players: Any) -> None:
    with pytest.raises(cr.RulesError, match=r"Cramps: players must be 4, not") as info:
        cr.Cramps(players=players)
    assert repr(players) in str(info.value)


@pytest.mark.parametrize(
    "packets",
    [
        (3, 3, 3, 3),
        (3, 2, 3, 2),
        (3, 2, 3, 2, 3, 2),
        (4, 3, 3, 3),
        (1, 3, 3, 3, 3),
        (3, 2, 3, 2, 3.0),
        (True, 3, 3, 3, 3),
        (3, 2, 3, 2, "3"),
        (),
    ],
)
def test_bad_packet_pattern(packets: Any) -> None:
    with pytest.raises(cr.RulesError, match=r"packets must be 3s and 2s that sum to 13"):
        cr.Cramps(packets=packets)


@pytest.mark.parametrize("packets", ["32323", 13, None])
def test_packets_not_a_sequence(packets: Any) -> None:
    with pytest.raises(cr.RulesError, match="packets must be a sequence of 3s and 2s"):
        cr.Cramps(packets=packets)


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"target": 0}, "Cramps: target must be an int from 1 up, not 0"),
        ({"target": "31"}, "Cramps: target must be an int from 1 up, not '31'"),
        ({"trick_values": (0,) * 12}, "trick_values must be 13 ints"),
        ({"trick_values": (0.5,) * 13}, "trick_values must be 13 ints"),
        ({"trick_values": "0123456789abc"}, "trick_values must be 13 ints"),
        ({"queen_points": 1.5}, "queen_points must be an int"),
        ({"queen_points": True}, "queen_points must be an int"),
    ],
)
def test_bad_rules_options(options: dict[str, Any], match: str) -> None:
    with pytest.raises(cr.RulesError, match=match):
        cr.Cramps(**options)


def test_unknown_option_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="colour"):
        cr.Cramps(colour="red")  # type: ignore[call-arg]


def test_options_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        cr.Cramps(4)  # type: ignore[call-arg]


def test_rules_object_is_frozen() -> None:
    game = cr.Cramps()
    with pytest.raises(AttributeError):
        game.target = 10  # type: ignore[misc]
    assert hash(game) == hash(cr.Cramps())


# -- card text -------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["1S", "QX", "11H", "", "Queen of spades"])
def test_bad_card_text(text: str) -> None:
    with pytest.raises(cr.CardParseError, match="cannot read") as info:
        cr.Card.parse(text)
    assert repr(text) in str(info.value)
    assert "e.g. 'QS'" in str(info.value)


def test_bad_card_text_in_a_move_and_a_deck() -> None:
    with pytest.raises(cr.CardParseError, match="'ZZ'"):
        cr.Play("ZZ")
    deck = [str(c) for c in ALL_52[:-1]] + ["ZZ"]
    with pytest.raises(cr.CardParseError, match="'ZZ'"):
        cr.Cramps().new_game(deck=deck)
    hands = [[str(c) for c in hand] for hand in suit_hands()]
    hands[2][5] = "H7"
    with pytest.raises(cr.CardParseError, match="'H7'"):
        cr.Cramps().new_game(hands=hands)


# -- stacked decks -----------------------------------------------------------------------


def test_deck_missing_a_card() -> None:
    deck = [c for c in ALL_52 if c != card("7D")]
    with pytest.raises(cr.SetupError, match=r"exactly the 52 cards.*missing: 7♦"):
        cr.Cramps().new_game(deck=deck)


def test_deck_with_a_duplicate() -> None:
    deck = [card("AS") if c == card("7D") else c for c in ALL_52]
    with pytest.raises(cr.SetupError) as info:
        cr.Cramps().new_game(deck=deck)
    assert "missing: 7♦" in str(info.value)
    assert "too many: A♠" in str(info.value)


def test_deck_with_an_extra_card() -> None:
    with pytest.raises(cr.SetupError, match="too many: 2♣"):
        cr.Cramps().new_game(deck=[*ALL_52, card("2C")])


def test_deck_too_short_or_empty() -> None:
    with pytest.raises(cr.SetupError, match=r"missing: .*A♠"):
        cr.Cramps().new_game(deck=ALL_52[:13])
    with pytest.raises(cr.SetupError, match="exactly the 52 cards"):
        cr.Cramps().new_game(deck=[])


def test_deck_that_is_a_string_or_not_a_sequence() -> None:
    with pytest.raises(cr.SetupError, match="not one string"):
        cr.Cramps().new_game(deck="2C 3C 4C")
    with pytest.raises(cr.SetupError, match="sequence of cards"):
        cr.Cramps().new_game(deck=52)


def test_deck_and_hands_together() -> None:
    with pytest.raises(cr.SetupError, match="not both"):
        cr.Cramps().new_game(deck=ALL_52, hands=suit_hands())


# -- dealer, hands, scores -----------------------------------------------------------------


@pytest.mark.parametrize("dealer", [-1, 4, 7, "0", 1.0, None, True])
def test_bad_dealer(dealer: Any) -> None:
    with pytest.raises(cr.SetupError, match=r"dealer must be a seat from 0 to 3, not") as info:
        cr.Cramps().new_game(dealer=dealer)
    assert repr(dealer) in str(info.value)


def test_hand_of_the_wrong_size() -> None:
    hands = [list(hand) for hand in suit_hands()]
    hands[0].append(hands[1].pop())
    with pytest.raises(cr.SetupError, match="every hand must hold 13 cards; seat 0 has 14"):
        cr.Cramps().new_game(hands=hands)
    hands = [list(hand) for hand in suit_hands()]
    hands[3] = hands[3][:12]
    with pytest.raises(cr.SetupError, match="seat 3 has 12"):
        cr.Cramps().new_game(hands=hands)


@pytest.mark.parametrize("count", [0, 3, 5])
def test_wrong_number_of_hands(count: int) -> None:
    hands = (suit_hands() * 2)[:count]
    with pytest.raises(cr.SetupError, match="hands must be 4 sequences of 13 cards"):
        cr.Cramps().new_game(hands=hands)


def test_overlapping_hands() -> None:
    hands = [list(hand) for hand in fill_hands()]
    hands[1][0] = hands[0][0]  # the same card twice, another missing
    with pytest.raises(cr.SetupError) as info:
        cr.Cramps().new_game(hands=hands)
    message = str(info.value)
    assert "exactly the 52 cards" in message
    assert f"too many: {hands[0][0]}" in message
    assert f"missing: {fill_hands()[1][0]}" in message


def test_hand_given_as_one_string() -> None:
    hands: list[Any] = [list(hand) for hand in suit_hands()]
    hands[2] = " ".join(str(c) for c in hands[2])
    with pytest.raises(cr.SetupError, match="hand of seat 2 must be a sequence of cards"):
        cr.Cramps().new_game(hands=hands)


@pytest.mark.parametrize("scores", [(1, 2, 3), (0, 0, 0, "1"), (0, 0, 0, 1.5), "0000", 5])
def test_bad_starting_scores(scores: Any) -> None:
    with pytest.raises(cr.SetupError, match="scores must be 4 ints, one per seat"):
        cr.Cramps().new_game(scores=scores)


# -- seeds ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["7", 7.5, True, (7,), pytest.param(10**5000, id="huge")])
def test_seed_of_the_wrong_type(seed: Any) -> None:
    with pytest.raises(cr.SetupError, match=r"seed must be an int from 0 to 2\*\*64 - 1"):
        cr.Cramps().new_game(seed=seed)


@pytest.mark.parametrize("seed", [-1, 2**64, -(2**70)])
def test_seed_out_of_range(seed: int) -> None:
    with pytest.raises(cr.SetupError, match=r"seed must be an int from 0 to 2\*\*64 - 1"):
        cr.Cramps().new_game(seed=seed)


def test_bad_seed_in_a_record() -> None:
    with pytest.raises(cr.SetupError, match="seed must be an int"):
        cr.GameRecord.start(cr.Cramps(), seed="1")  # type: ignore[arg-type]


# -- moves -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move", ["QS", cr.Card.parse("QS"), None, 12, ("play", "QS"), {"play": "QS"}]
)
def test_move_of_the_wrong_type(move: Any) -> None:
    game = cr.Cramps()
    state = game.new_game(seed=1)
    with pytest.raises(cr.MoveTypeError, match=r"a Cramps move is a Play\(card\), not"):
        game.apply(state, move)
    with pytest.raises(TypeError):
        game.step(state, move)


@pytest.mark.parametrize(
    ("make", "match"),
    [
        (lambda: cr.Play(12), "Play needs a Card or card text"),  # type: ignore[arg-type]
        (lambda: cr.Play(None), "Play needs a Card or card text"),  # type: ignore[arg-type]
        (lambda: cr.Play("QS", suit=3), "named suit must be a Suit"),  # type: ignore[arg-type]
        (lambda: cr.Play("QS", announce=1), "announce must be True or False"),  # type: ignore[arg-type]
    ],
)
def test_bad_move_construction(make: Any, match: str) -> None:
    with pytest.raises(cr.MoveTypeError, match=match):
        make()


def test_play_naming_a_suit_in_cramps() -> None:
    game = cr.Cramps()
    state = game.new_game(seed=1)
    move = game.legal_moves(state)[0]
    with pytest.raises(cr.IllegalMoveError, match="no wild cards") as info:
        game.apply(state, cr.Play(move.card, suit=cr.Suit.HEARTS))
    assert info.value.reason == "no_suit_to_name"


def test_play_announcing_in_cramps() -> None:
    game = cr.Cramps()
    state = game.new_game(seed=1)
    move = game.legal_moves(state)[0]
    with pytest.raises(cr.IllegalMoveError, match='no "one card" announcement') as info:
        game.apply(state, cr.Play(move.card, announce=True))
    assert info.value.reason == "no_announcement"


@pytest.mark.parametrize(
    "move", [cr.Draw(), cr.CallIdiot(2), cr.NameSuit("H"), cr.Announce(), cr.Pass()]
)
def test_moves_of_other_games(move: Any) -> None:
    """One rule for every move of another game: an IllegalMoveError, not a type error."""
    game = cr.Cramps()
    with pytest.raises(cr.IllegalMoveError, match=r"a Cramps move is a Play\(card\)") as info:
        game.apply(game.new_game(seed=1), move)
    assert info.value.reason == "not_a_cramps_move"
    assert not isinstance(info.value, TypeError)


def test_card_not_in_hand() -> None:
    game = cr.Cramps()
    state = game.new_game(hands=suit_hands())  # seat 1 (diamonds) leads
    with pytest.raises(cr.IllegalMoveError, match="you do not hold A♠") as info:
        game.apply(state, cr.Play(card("AS")))
    assert info.value.reason == "not_in_hand"
    # The message names no hand: it may reach someone other than the mover.
    others = [c for hand in state.hands for c in hand if c != card("AS")]
    assert not any(str(c) in str(info.value) for c in others)


def test_card_already_played() -> None:
    game = cr.Cramps()
    state, _ = play_first_moves(game, game.new_game(hands=suit_hands()), 4)
    assert state.to_move == 1
    with pytest.raises(cr.IllegalMoveError, match="do not hold 2♦") as info:
        game.apply(state, cr.Play(card("2D")))
    assert info.value.reason == "not_in_hand"


def test_move_sent_by_the_wrong_seat() -> None:
    game = cr.Cramps()
    state = game.new_game(hands=suit_hands())
    move = cr.Play(card("2D"))
    assert game.apply(state, move, seat=1) == game.apply(state, move)
    with pytest.raises(cr.IllegalMoveError, match=r"seat 2 cannot move now.*seat 1's turn") as info:
        game.apply(state, move, seat=2)
    assert info.value.reason == "not_your_turn"


def test_must_follow_suit() -> None:
    game = cr.Cramps()
    hands = fill_hands({1: "2C", 2: "3C AH"})
    state = game.apply(game.new_game(hands=hands), cr.Play(card("2C")))
    with pytest.raises(cr.IllegalMoveError, match="A♥ does not follow suit") as info:
        game.apply(state, cr.Play(card("AH")))
    assert info.value.reason == "must_follow_suit"
    assert "clubs" in str(info.value)


def test_moves_after_the_game_is_over() -> None:
    game = cr.Cramps()
    state = game.new_game(hands=suit_hands(), dealer=3, scores=(40, 0, 0, 0))
    state, _ = play_first_moves(game, state, 52)
    assert state.is_over
    assert game.legal_moves(state) == ()
    for c in (card("2C"), card("AS")):
        with pytest.raises(cr.IllegalMoveError, match="the game is over") as info:
            game.apply(state, cr.Play(c))
        assert info.value.reason == "game_over"
    with pytest.raises(cr.IllegalMoveError, match="game is over"):
        game.apply(state, cr.Play(card("2C")), seat=0)


def test_a_failed_move_leaves_the_state_usable() -> None:
    game = cr.Cramps()
    state = game.new_game(seed=31)
    snapshot = pickle.loads(pickle.dumps(state))  # a real copy (deepcopy is the state)
    for bad in (cr.Play(card("AS"), suit=cr.Suit.CLUBS), cr.Draw(), "QS"):
        with pytest.raises((cr.IllegalMoveError, cr.MoveTypeError)):
            game.apply(state, bad)
    for c in ALL_52:
        if cr.Play(c) not in game.legal_moves(state):
            with pytest.raises(cr.IllegalMoveError):
                game.apply(state, cr.Play(c))
    assert state == snapshot
    after = game.apply(state, game.legal_moves(state)[0])
    assert after != state


# -- bad input never escapes as a bare built-in error -------------------------------------

CRAMPS = cr.Cramps()
CRAITS = cr.Craits(players=3)


@pytest.mark.parametrize("index", [-1, 52, 1.0, True, "3", None, 10**5000], ids=repr_id)
def test_card_from_index_refuses_non_indexes(index: Any) -> None:
    with pytest.raises(cr.CardParseError, match="card index is an int from 0 to 51"):
        cr.Card.from_index(index)


@pytest.mark.parametrize(("rank", "suit"), [(15, 0), (2, 4), (True, 0), ("Q", 0), (12, None)])
def test_card_refuses_bad_ranks_and_suits(rank: Any, suit: Any) -> None:
    with pytest.raises(cr.CardParseError, match=r"must be a (Rank|Suit)"):
        cr.Card(rank, suit)


@pytest.mark.parametrize("text", ["qſ", "QＳ", "10Ｈ", "ＱS", "ſ10"])
def test_look_alike_letters_are_not_suits(text: str) -> None:
    """Python upper-cases the long s to S; card text is read in ASCII only."""
    with pytest.raises(cr.CardParseError, match="cannot read"):
        cr.Card.parse(text)


def test_card_text_in_any_ascii_case_and_with_the_emoji_selector() -> None:
    assert cr.Card.parse("q♠") == cr.Card.parse("Q\u2660\ufe0f") == cr.Card.parse("qs")


@pytest.mark.parametrize("value", [None, 12, b"QS", object()], ids=repr_id)
def test_parse_cards_refuses_what_is_not_cards(value: Any) -> None:
    with pytest.raises(cr.CardParseError):
        cr.parse_cards(value)


@pytest.mark.parametrize("value", [None, 12, "QS", [1, 2], ["QS"], [cr.Card.parse("QS"), 99]])
def test_format_cards_refuses_what_is_not_cards(value: Any) -> None:
    with pytest.raises(cr.CardParseError, match="format_cards needs cards"):
        cr.format_cards(value)


@pytest.mark.parametrize("players", [4.0, 4.5, True])
def test_player_count_must_be_an_int(players: Any) -> None:
    with pytest.raises(cr.RulesError, match="Cramps: players must be 4, not"):
        cr.Cramps(players=players)
    with pytest.raises(cr.RulesError, match="Craits: players must be an int from 2 to 10, not"):
        cr.Craits(players=players)


@pytest.mark.parametrize("seat", [True, False, -1, 4, 1.0, "1", None])
def test_apply_refuses_a_seat_that_is_not_at_the_table(seat: Any) -> None:
    state = CRAMPS.new_game(seed=1)
    move = CRAMPS.legal_moves(state)[0]
    if seat is None:
        CRAMPS.apply(state, move, seat=seat)  # no sender given: allowed
        return
    with pytest.raises(cr.SeatError, match="seat= must be a seat from 0 to 3"):
        CRAMPS.apply(state, move, seat=seat)
    with pytest.raises(cr.SeatError):
        CRAMPS.step(state, move, seat=seat)


@pytest.mark.parametrize("seat", [True, -1, 4, 1.0, "1", None])
def test_observe_refuses_bad_seats(seat: Any) -> None:
    with pytest.raises(cr.SeatError, match="seat must be 0 to 3"):
        CRAMPS.observe(CRAMPS.new_game(seed=1), seat)
    with pytest.raises(cr.SeatError, match="seat must be 0 to 2"):
        CRAITS.observe(CRAITS.new_game(seed=1), seat if seat != 4 else 3)
    with pytest.raises(cr.SeatError, match="seat must be 0 to 2"):
        CRAITS.calls(CRAITS.new_game(seed=1), seat if seat != 4 else 3)


def test_determinize_refuses_views_it_cannot_have_made() -> None:
    cramps_view = CRAMPS.observe(CRAMPS.new_game(seed=1), 2)
    craits_view = CRAITS.observe(CRAITS.new_game(seed=1), 2)
    with pytest.raises(cr.StateError, match="needs a CrampsView, not a CraitsView"):
        CRAMPS.determinize(craits_view, 1)  # type: ignore[arg-type]
    with pytest.raises(cr.StateError, match="needs a CraitsView, not a CrampsState"):
        CRAITS.determinize(CRAMPS.new_game(seed=1), 1)  # type: ignore[arg-type]
    with pytest.raises(cr.SeatError):
        CRAMPS.determinize(attrs.evolve(cramps_view, seat=7), 1)
    with pytest.raises(cr.StateError, match="not of a 4-player game"):
        cr.Craits(players=4).determinize(craits_view, 1)
    with pytest.raises(cr.SetupError, match="seed must be an int"):
        CRAMPS.determinize(cramps_view, -1)


@pytest.mark.parametrize(
    ("game", "stranger"),
    [
        (CRAMPS, lambda: CRAITS.new_game(seed=1)),
        (CRAITS, lambda: CRAMPS.new_game(seed=1)),
        (CRAMPS, lambda: CRAMPS.observe(CRAMPS.new_game(seed=1), 1)),
        (CRAITS, lambda: CRAITS.observe(CRAITS.new_game(seed=1), 1)),
        (CRAMPS, lambda: None),
        (CRAITS, lambda: "state"),
    ],
    ids=["craits-state", "cramps-state", "cramps-view", "craits-view", "none", "text"],
)
def test_other_games_states_and_views_are_refused(game: Any, stranger: Any) -> None:
    thing = stranger()
    calls: list[Callable[[], object]] = [
        lambda: game.legal_moves(thing),
        lambda: game.apply(thing, cr.Play("2C")),
        lambda: game.step(thing, cr.Draw()),
        lambda: game.observe(thing, 0),
        lambda: game.projected_scores(thing),
        lambda: game.is_legal(thing, cr.Draw()),
    ]
    for call in calls:
        with pytest.raises(cr.StateError, match=r"needs a (Cramps|Craits)State, not a"):
            call()


def test_a_view_passed_as_a_state_gets_a_hint() -> None:
    view = CRAMPS.observe(CRAMPS.new_game(seed=1), 1)
    with pytest.raises(cr.StateError, match="a view is what one seat sees; pass the state"):
        CRAMPS.legal_moves(view)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("made_by", "used_with", "differ"),
    [
        (cr.Craits(players=4), cr.Craits(players=3), "players=4"),
        (cr.Craits(players=3), cr.Craits(players=3, idiot_calls="automatic"), "idiot_calls"),
        (cr.Cramps(), cr.Cramps(queen_points=-2), "queen_points=-1"),
        (cr.Cramps(target=21), cr.Cramps(), "target=21"),
    ],
)
def test_a_state_is_refused_by_rules_that_did_not_make_it(
    made_by: Any, used_with: Any, differ: str
) -> None:
    state = made_by.new_game(seed=2)
    calls: list[Callable[[], object]] = [
        lambda: used_with.legal_moves(state),
        lambda: used_with.apply(state, made_by.legal_moves(state)[0]),
        lambda: used_with.observe(state, 0),
    ]
    for call in calls:
        with pytest.raises(
            cr.StateError, match=f"made by other .* rules, which differ in.*{differ}"
        ):
            call()
    same = type(made_by)(**made_by.options())  # equal rules, another object: accepted
    assert same.legal_moves(state) == made_by.legal_moves(state)


@pytest.mark.parametrize("order", [set, frozenset, iter, lambda deck: (c for c in deck)])
def test_a_deck_order_must_be_a_sequence(order: Any) -> None:
    deck = order(cr.STANDARD_DECK.cards())
    with pytest.raises(cr.SetupError, match="deck order must be a sequence of cards listed top"):
        CRAMPS.new_game(seed=1, deck=deck)


@pytest.mark.parametrize(
    "rules",
    [cr.Cramps(), cr.Cramps(target=21, queen_points=-2), cr.Craits(), cr.Craits.published_rules()],
    ids=["cramps", "cramps-options", "craits", "craits-published"],
)
def test_rules_objects_pickle_with_every_protocol(rules: Any) -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(rules, protocol))
        assert again == rules and hash(again) == hash(rules)
        state = again.new_game(seed=4)
        assert state == rules.new_game(seed=4)
        table = getattr(rules, "card_table", None)
        if table is not None:
            assert pickle.loads(pickle.dumps(table, protocol)) == table


@pytest.mark.parametrize("rules", [cr.Cramps(), cr.Craits(), cr.Craits(players=7)], ids=str)
def test_states_pickle_with_every_protocol_without_the_engines_lookup_tables(rules: Any) -> None:
    """A state pickles with its rules, not with the lookup tables a shedding engine
    builds from them (a few kilobytes each): they are rebuilt on loading."""
    state = rules.new_game(seed=4)
    for _ in range(30):
        state = rules.apply(state, rules.legal_moves(state)[-1])
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        data = pickle.dumps(state, protocol)
        again = pickle.loads(data)
        assert again == state and rules.legal_moves(again) == rules.legal_moves(state)
        assert len(data) < 8000  # with the tables: over 12,000 bytes


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"trick_values": (0,) * 13, "queen_points": 0}, "nobody can ever score a point"),
        ({"trick_values": (-1,) * 13, "queen_points": 0}, "the best a player can do is 0"),
        ({"trick_values": (-5,) * 13, "queen_points": 1}, "nobody can ever score"),
    ],
)
def test_options_under_which_no_game_can_end_are_refused(options: Any, match: str) -> None:
    with pytest.raises(cr.RulesError, match=match):
        cr.Cramps(**options)


@pytest.mark.parametrize(
    ("values", "queens", "best"),
    [
        ((0,) * 12 + (1,), 0, 1),
        ((-1,) * 13, 1, 3),  # win one trick holding all four queens: -1 + 4
        ((0,) * 13, 1, 4),
        ((-5,) * 13, 2, 3),
    ],
)
def test_options_under_which_a_game_can_end_are_accepted(
    values: tuple[int, ...], queens: int, best: int
) -> None:
    game = cr.Cramps(trick_values=values, queen_points=queens)
    assert game.best_round_gain() == best


@pytest.mark.parametrize("game", [cr.Cramps(), cr.Craits(players=3)], ids=["cramps", "craits"])
def test_an_unknown_setup_option_is_a_setup_error(game: Any) -> None:
    with pytest.raises(cr.SetupError, match=r"takes no setup option 'colour'; it takes dealer, "):
        game.start(seed=1, colour="red")
    with pytest.raises(cr.SetupError, match=r"takes no setup options 'a', 'b'"):
        game.start(seed=1, b=1, a=2)
