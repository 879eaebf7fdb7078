"""President (cr.President) on the climbing engine: every rule of docs/rules/president.md
(the rank order, legal sets, passes, the lead returned, finishing order, the exchanges
and their secrecy, the revolution, the places' points, the game's length), random
games, records, and bad input."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules as cr
from cardrules.cards import ALL_CARDS, parse_cards
from cardrules.climbing import CardsPlayed, GiveCard, PlayCards, RanksReversed, Swap
from cardrules.data import SCHEMAS
from cardrules.encoding import encoder_for
from cardrules.games.president import titles

FULL_DECK = [str(card) for card in ALL_CARDS]


def _moves(game: Any, state: Any) -> list[str]:
    return [str(move) for move in game.legal_moves(state)]


def _deal_two(game: cr.President, hands: list[str], places: tuple[int, ...]) -> Any:
    """Deal 2 of a game with these hands, after a first deal finished in ``places``."""
    declared = game.card_deck()
    free, masks = -1, []
    for hand in hands:  # (two jokers: two copies, two bits)
        cards = parse_cards(hand) if declared is None else declared.parse_cards(hand)
        mask = game.bits_of(cards, free)
        assert mask is not None
        free &= ~mask
        masks.append(mask)
    events: list[cr.Event] = []
    state = game.start_deal(2, places[-1], tuple(masks), (0,) * game.players, 1, places, events)
    return state, events


def test_ranks_go_from_3_to_2_or_from_2_to_the_ace() -> None:
    game = cr.President(players=3)
    state = game.position(["3C 2S AS", "4D", "KC"], to_move=0, table="AH", table_seat=2)
    assert _moves(game, state) == ["pass", "play 2♠"]
    ace_high = cr.President(players=3, two_high=False)
    state = ace_high.position(["3C 2S AS", "4D", "KC"], to_move=0, table="KH", table_seat=2)
    assert _moves(ace_high, state) == ["pass", "play A♠"]
    with pytest.raises(cr.IllegalMoveError) as error:
        ace_high.apply(state, PlayCards("2S"))
    assert error.value.reason == "does_not_beat" and "2 low to ace high" in str(error.value)


def test_a_set_beats_a_set_of_as_many_cards_of_a_lower_rank() -> None:
    game = cr.President()
    hands = ["5C 5D 5H 9S 9C QC QD QH", "4D", "KC", "6H"]
    state = game.position(hands, to_move=0, table="4C 4S", table_seat=3)
    assert _moves(game, state) == [
        "pass",
        "play 5♣ 5♦",
        "play 5♣ 5♥",
        "play 5♦ 5♥",
        "play 9♣ 9♠",
        "play Q♣ Q♦",
        "play Q♣ Q♥",
        "play Q♦ Q♥",
    ]
    lead = game.position(["5C 5D 9S", "4D", "KC", "6H"], to_move=0)
    assert _moves(game, lead) == [
        "play 5♣",
        "play 5♦",
        "play 5♣ 5♦",
        "play 9♠",
    ]
    with pytest.raises(cr.IllegalMoveError) as error:
        game.apply(state, PlayCards("5C 5D 5H"))  # three on a pair
    assert error.value.reason == "does_not_beat"


def test_the_lead_returns_when_everyone_else_passes_and_finishers_leave_in_order() -> None:
    game = cr.President(players=3, deals=1)
    state = game.position(["2C", "4D 8S", "KC 9C"], to_move=2)
    state = game.apply(state, PlayCards("9C"))
    state = game.apply(state, PlayCards("2C"))  # seat 0 is out: the President
    assert state.finished == (0,) and state.to_move == 1
    state = game.apply(state, cr.Pass())
    step = game.step(state, cr.Pass())
    assert step.state.to_move == 1 and step.state.table == ()  # the next still in leads
    state = game.apply(step.state, PlayCards("4D"))
    state = game.apply(state, PlayCards("KC"))  # seat 2 out second: seat 1 is the Scum
    assert state.is_over and state.finished == (0, 2, 1) and state.scores == (2, 0, 1)
    assert state.winners == (0,)


def test_the_first_deal_is_led_by_the_lowest_club_and_later_deals_by_the_scum() -> None:
    game = cr.President()
    state = game.new_game(seed=5)
    assert state.to_move is not None and parse_cards("3C")[0] in state.hands[state.to_move]
    ace_high = cr.President(two_high=False, exchange=False)
    state = ace_high.new_game(seed=5)
    assert state.to_move is not None and parse_cards("2C")[0] in state.hands[state.to_move]
    state, _ = _deal_two(ace_high, ["3C", "4C", "5C", "6C"], (2, 0, 3, 1))
    assert state.to_move == 1 and state.dealer == 1 and state.phase == "play"


def test_the_scum_gives_the_best_cards_and_the_president_chooses_two_back() -> None:
    game = cr.President()
    hands = ["3C 4C 5C 6C", "3D 4D 5D 2D", "3H 4H KH AH", "3S 4S 5S QS"]
    # Deal 1 finished: seat 1 President, seat 0 Vice-President, seat 3 Vice-Scum, seat 2 Scum.
    state, events = _deal_two(game, hands, (1, 0, 3, 2))
    assert [e for e in events if isinstance(e, cr.CardsPassed)] == [
        cr.CardsPassed(2, 1, parse_cards("KH AH")),
        cr.CardsPassed(3, 0, parse_cards("QS")),
    ]
    assert state.phase == "exchange" and state.to_move == 1
    assert state.hand_sizes == (5, 6, 2, 3)
    assert _moves(game, state) == [f"give {c}" for c in parse_cards("2D 3D 4D 5D KH AH")]
    with pytest.raises(cr.IllegalMoveError) as error:
        game.apply(state, PlayCards("3D"))
    assert error.value.reason == "must_give" and "2 more cards to seat 2" in str(error.value)
    step = game.step(state, GiveCard("3D"))
    assert step.events == (cr.MovePlayed(1, GiveCard("3D"), seen_by=(1,)),)
    step = game.step(step.state, GiveCard("4D"), seat=1)
    assert step.events[-1] == cr.CardsPassed(1, 2, parse_cards("3D 4D"))
    state = step.state
    assert state.to_move == 0 and state.hands[2] == parse_cards("3D 4D 3H 4H")
    state = game.apply(state, GiveCard("3C"))
    assert state.phase == "play" and state.to_move == 2  # the Scum leads
    assert state.hands[3] == parse_cards("3C 3S 4S 5S")
    assert state.swaps == (
        Swap(2, 1, 2, True, parse_cards("KH AH")),
        Swap(3, 0, 1, True, parse_cards("QS")),
        Swap(1, 2, 2, False, parse_cards("3D 4D")),
        Swap(0, 3, 1, False, parse_cards("3C")),
    )


def test_three_players_exchange_only_between_president_and_scum_and_the_option_turns_it_off() -> (
    None
):
    game = cr.President(players=3)
    state, _ = _deal_two(game, ["3C 4C 5C", "3D 4D 5D", "3H 4H KH"], (0, 1, 2))
    assert [(s.giver, s.receiver, s.count) for s in state.swaps] == [(2, 0, 2), (0, 2, 2)]
    off = cr.President(exchange=False)
    state, _ = _deal_two(off, ["3C", "4C", "5C", "6C"], (0, 1, 2, 3))
    assert state.swaps == () and state.phase == "play"
    assert off.num_move_ids == 1 + 13 * 15 and cr.President().num_move_ids == 1 + 13 * 15 + 52


def test_a_cards_given_is_told_only_to_the_two_seats() -> None:
    game = cr.President()
    state, events = _deal_two(game, ["3C 4C", "3D 4D 5D 2D", "3H 4H KH AH", "3S 4S"], (1, 0, 3, 2))
    passed = next(e for e in events if isinstance(e, cr.CardsPassed))
    assert passed.for_seat(0) == cr.CardsPassed(2, 1, (None, None))
    assert passed.describe(seat=0) == "Seat 2 passes 2 cards to seat 1."
    assert passed.describe(seat=1) == "Seat 2 passes K♥ A♥ to you."
    view = game.observe(state, 0)
    assert view.swaps[0].cards == (None, None) and game.observe(state, 2).swaps[0].cards
    step = game.step(state, GiveCard("3D"))
    assert cr.describe(step.events[0], 2) == "Seat 1 gives a card."
    assert game.observe(step.state, 2).swaps[2].cards == (None,)  # not yet passed
    assert game.observe(step.state, 1).swaps[2].cards == parse_cards("3D")


def _outputs(game: Any, state: Any, events: tuple[cr.Event, ...], seat: int) -> list[str]:
    """Everything ``seat`` is shown of a state and the events that led to it."""
    view = game.observe(state, seat)
    told = cr.events_for(events, seat)
    return [
        repr(view),
        str(view),
        repr(view.to_data()),
        repr(told),
        repr([event.to_data(seat, game=game) for event in events]),
        repr(cr.narrate(events, seat=seat, game=game)),
        repr(game.legal_move_mask(state)) if state.to_move == seat else "",
    ]


def test_swap_the_cards_the_president_gives_and_the_others_see_nothing_change() -> None:
    game = cr.President()
    hands = ["3C 4C 9C", "3D 4D 5D 2D", "3H 4H KH AH", "3S 4S 10S"]
    seen: dict[str, list[list[str]]] = {}
    for world, gives in (("a", ("4D", "5D")), ("b", ("4D", "3D"))):
        state, events = _deal_two(game, hands, (1, 0, 3, 2))
        shown = [_outputs(game, state, tuple(events), seat) for seat in (0, 3)]
        for card in (*gives, "9C"):
            step = game.step(state, GiveCard(card))
            state = step.state
            shown += [_outputs(game, state, step.events, seat) for seat in (0, 3)]
        seen[world] = shown
    assert seen["a"] == seen["b"]
    # The check sees a difference where there is one: the Scum is told its cards.
    state, _ = _deal_two(game, hands, (1, 0, 3, 2))
    a = game.step(game.step(state, GiveCard("4D")).state, GiveCard("5D"))
    b = game.step(game.step(state, GiveCard("4D")).state, GiveCard("3D"))
    assert _outputs(game, a.state, a.events, 2) != _outputs(game, b.state, b.events, 2)


def test_swap_two_cards_between_hidden_hands_and_a_third_seat_sees_nothing_change() -> None:
    game = cr.President(deals=1)
    x, y = "7♥", "8♦"
    deck = [c for c in FULL_DECK if c not in (x, y)]
    base = [deck[0:13], deck[13:26], deck[26:38] + [x], deck[38:50] + [y]]
    worlds = [base, [base[0], base[1], deck[26:38] + [y], deck[38:50] + [x]]]
    chooser = random.Random(7)
    states = [game.start(seed=1, hands=hands) for hands in worlds]
    shown: list[list[list[str]]] = [[], []]
    for _ in range(40):
        legal = game.legal_moves(states[0].state)
        options = [
            m for m in legal if not any(str(c) in ("7♥", "8♦") for c in getattr(m, "cards", ()))
        ]
        move = chooser.choice(options)
        for index, step in enumerate(states):
            states[index] = game.step(step.state, move)
            shown[index].append(_outputs(game, states[index].state, states[index].events, 0))
        if states[0].state.is_over:
            break
    assert shown[0] == shown[1]
    assert states[0].state.hands[2] != states[1].state.hands[2]


def test_four_of_a_kind_reverses_the_order_until_the_deal_ends() -> None:
    game = cr.President(revolution=True)
    hands = ["9C 9D 9H 9S 3C 4C", "5D 8D", "KC QC", "2H AH"]
    step = game.step(game.position(hands, to_move=0), PlayCards("9C 9D 9H 9S"))
    assert RanksReversed(0, True) in step.events and step.state.reversed
    state = game.apply(step.state, cr.Pass())
    state = game.apply(state, cr.Pass())
    state = game.apply(state, cr.Pass())
    state = game.apply(state, PlayCards("4C"))  # seat 0 leads anew
    assert _moves(game, state) == ["pass"]  # 5♦ and 8♦ are higher: now they lose
    state = game.apply(state, cr.Pass())
    assert _moves(game, state) == ["pass"]
    off = cr.President()
    step = off.step(off.position(hands, to_move=0), PlayCards("9C 9D 9H 9S"))
    assert not step.state.reversed and not any(isinstance(e, RanksReversed) for e in step.events)


def test_a_revolution_ends_with_the_deal() -> None:
    game = cr.President(players=3, revolution=True, exchange=False, deals=2)
    state = game.position(["9C 9D 9H 9S", "5D 8D", "KC"], to_move=0)
    state = game.apply(state, PlayCards("9C 9D 9H 9S"))
    assert state.reversed and state.finished == (0,)
    state = game.apply(state, cr.Pass())
    state = game.apply(state, cr.Pass())
    assert state.to_move == 1 and state.table == ()  # seat 0 is out: the next leads
    state = game.apply(state, PlayCards("8D"))
    assert game.legal_moves(state) == (cr.Pass(),)  # seat 2: K♣ cannot beat 8♦ now
    state = game.apply(state, cr.Pass())
    state = game.apply(state, PlayCards("5D"))  # seat 1 out: the deal ends
    assert state.deal_number == 2 and not state.reversed and state.scores == (2, 1, 0)


def test_places_score_their_points_and_the_game_lasts_its_deals() -> None:
    assert titles(4) == ("President", "Vice-President", "Vice-Scum", "Scum")
    assert titles(3) == ("President", "Citizen", "Scum")
    game = cr.President(players=3, points=(10, 4, -1), deals=2, exchange=False)
    state = game.position(["2C", "4D", "KC"], to_move=2)
    state = game.apply(state, PlayCards("KC"))
    state = game.apply(state, PlayCards("2C"))
    assert state.deal_number == 2 and state.scores == (4, -1, 10) and not state.is_over
    assert state.dealer == 1  # the Scum deals
    assert game.length_bound() == 2 * (52 * 3 + 3)


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(3, 7),
    revolution=st.booleans(),
    pass_sits_out=st.booleans(),
    two_high=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_random_games_keep_every_card_end_and_never_change_their_input(
    players: int, revolution: bool, pass_sits_out: bool, two_high: bool, seed: int
) -> None:
    game = cr.President(
        players=players,
        revolution=revolution,
        pass_sits_out=pass_sits_out,
        two_high=two_high,
        deals=2,
    )
    chooser = random.Random(seed)
    state = game.new_game(seed=seed)
    moves = 0
    while not state.is_over:
        before = repr(state)
        move = chooser.choice(game.legal_moves(state))
        after = game.apply(state, move, seat=state.to_move)
        assert repr(state) == before
        state = after
        moves += 1
        in_transit = sum(len(swap.cards) for swap in state.swaps if not swap.done)
        cards = sum(state.hand_sizes) + len(state.played) + in_transit
        assert cards == 52 or state.is_over
        assert moves <= game.length_bound()
    assert state.deal_number == 2 and sorted(state.finished) == list(range(players))


def test_records_replay_a_game_with_exchanges() -> None:
    game = cr.President(deals=2, revolution=True)
    record = cr.GameRecord.start(game, seed=11)
    state = record.final_state()
    chooser = random.Random(11)
    while not state.is_over:
        record = record.then(chooser.choice(game.legal_moves(state)))
        state = record.final_state()
    again = cr.GameRecord.from_json(record.to_json())
    assert again.final_state() == state and again.game == game
    assert any(isinstance(m, GiveCard) for m in record.moves)


def test_determinize_keeps_the_cards_a_seat_gave_with_their_receiver() -> None:
    game = cr.President()
    state, _ = _deal_two(
        game, ["3C 4C 9C", "3D 4D 5D 2D", "3H 4H KH AH", "3S 4S 10S"], (1, 0, 3, 2)
    )
    state = game.apply(state, GiveCard("5D"))
    state = game.apply(state, GiveCard("2D"))
    view = game.observe(state, 1)
    for seed in range(5):
        sample = game.determinize(view, seed)
        assert game.observe(sample, 1) == view
        assert set(parse_cards("5D 2D")) <= set(sample.hands[2])


def test_determinize_gives_the_scum_only_cards_weaker_than_those_it_gave() -> None:
    game = cr.President()
    state = game.new_game(seed=4)
    while state.deal_number == 1:
        state = game.apply(state, game.legal_moves(state)[0])
    president, scum = state.last_places[0], state.last_places[-1]
    given = state.swaps[0].cards
    assert state.swaps[0].giver == scum and len(given) == 2
    weakest = min(game.card_strength(card) for card in given if card is not None)
    view = game.observe(state, president)
    for seed in range(12):
        sample = game.determinize(view, seed)
        assert game.observe(sample, president) == view
        assert all(game.card_strength(card) <= weakest for card in sample.hands[scum])
    other = game.observe(state, state.last_places[1])  # the Vice-President: no such bound
    strengths = {
        max(game.card_strength(c) for c in game.determinize(other, seed).hands[scum])
        for seed in range(12)
    }
    assert max(strengths) > weakest


def test_bad_input_is_refused_with_a_reason() -> None:
    for options in ({"players": 2}, {"players": "4"}, {"deals": 0}, {"points": (1, 2)}):
        with pytest.raises(cr.RulesError):
            cr.President(**options)
    game = cr.President()
    state = game.new_game(seed=1)
    assert state.to_move is not None
    other = (state.to_move + 1) % 4
    with pytest.raises(cr.IllegalMoveError) as error:
        game.apply(state, game.legal_moves(state)[0], seat=other)
    assert error.value.reason == "not_your_turn"
    with pytest.raises(cr.IllegalMoveError) as error:
        game.apply(state, PlayCards(state.hands[other][:1]))
    assert error.value.reason == "not_in_hand"
    assert str(state.hands[other][0]) in str(error.value)  # (the card named, not the holder)
    with pytest.raises(cr.IllegalMoveError):
        game.apply(state, cr.Play("3C"))
    with pytest.raises(cr.MoveParseError):
        game.move_from_data({"move": "play_cards", "cards": []})
    assert game.move_from_data(PlayCards("3C 3D").to_data()) == PlayCards("3D 3C")
    assert CardsPlayed(0, parse_cards("3C")).to_data(1)["cards"] == ["3♣"]
    for hands, places in (((1, 2), ()), ((1, 1, 2, 4), ()), ((1, 2, 4, 8), (0, 1))):
        with pytest.raises(cr.SetupError, match="disjoint card masks"):
            game.start_deal(2, 0, hands, (0,) * 4, 1, places, None)


def test_a_joker_beats_any_play_and_nothing_beats_it() -> None:
    game = cr.President(jokers=True, revolution=True)
    assert len(game.deck()) == 54 and game.num_move_ids == 1 + 13 * 15 + 52 + 1 + 1
    hands = ["Jk 3C 4C", "Jk 4D", "KC", "5C"]
    state = game.position(hands, to_move=0, table="2C 2D 2H", table_seat=2)
    assert _moves(game, state) == ["pass", "play Jk"]
    with pytest.raises(cr.IllegalMoveError) as error:
        game.apply(state, PlayCards("Jk 3C"))
    assert error.value.reason == "not_a_combination" and "a joker alone" in str(error.value)
    state = game.apply(state, PlayCards("Jk"))
    assert _moves(game, state) == ["pass"]  # the other joker does not beat it
    reversed_state = game.position(hands, to_move=0, table="3D", table_seat=2, reversed_order=True)
    assert "play Jk" in _moves(game, reversed_state)  # a revolution leaves jokers on top
    assert PlayCards("jk JOKER").cards == (PlayCards("Jk").cards[0],) * 2


def test_jokers_are_dealt_exchanged_recorded_and_sampled_like_any_card() -> None:
    game = cr.President(jokers=True, deals=2)
    state, events = _deal_two(game, ["Jk 3C", "3D 4D", "5H Jk", "6S 7S"], (1, 0, 3, 2))
    assert events[1] == cr.CardsPassed(2, 1, cr.decks.FRENCH_54.parse_cards("5H Jk"))
    assert state.hands[1].count(PlayCards("Jk").cards[0]) == 1  # the Scum's best: its joker
    record = cr.GameRecord.start(game, seed=8)
    state = record.final_state()
    chooser = random.Random(8)
    while state.to_move is not None:
        view = game.observe(state, state.to_move)
        sample = game.determinize(view, chooser.randrange(1000))
        assert game.observe(sample, view.seat) == view
        held = (*sample.hand_masks, sample.played_mask)
        union = 0
        for mask in held:
            assert not union & mask  # no card in two places
            union |= mask
        record = record.then(chooser.choice(game.legal_moves(state)))
        state = record.final_state()
    assert cr.GameRecord.from_json(record.to_json()).final_state() == state
    assert any("Jk" in str(move) for move in record.moves)
    assert encoder_for(game).field("hand").size == 54  # (the jokers' encoding: 52 and 53)


def test_a_game_may_start_at_a_later_deal_with_its_exchanges() -> None:
    game = cr.President(deals=3)
    state = game.new_game(seed=3, deal_number=2, last_places=[2, 0, 1, 3], dealer=3)
    assert state.deal_number == 2 and state.phase == "exchange" and state.to_move == 2
    assert [(s.giver, s.receiver, s.count, s.best) for s in state.swaps] == [
        (3, 2, 2, True),
        (1, 0, 1, True),
        (2, 3, 2, False),
        (0, 1, 1, False),
    ]
    chooser = random.Random(3)
    while not state.is_over:
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
    assert state.deal_number == 3  # two deals played: the game's third is its last
    for bad in ({"last_places": [1, 2]}, {"deal_number": 0}, {"last_places": "0123"}):
        with pytest.raises(cr.SetupError):
            game.new_game(seed=1, **bad)


def test_a_joker_is_written_as_data_like_any_card() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    game = cr.President(jokers=True)
    state = game.position(["Jk 3C", "4D 4S", "KC", "5C"], to_move=0)
    step = game.step(state, PlayCards("Jk"))
    view = game.observe(step.state, 1).to_data()
    assert view["played"] == ["Jk"] and view["table"] == ["Jk"]
    jsonschema.validate(view, SCHEMAS["view"])
    for event in step.events:
        jsonschema.validate(event.to_data(1, game=game), SCHEMAS["event"])
    assert game.move_from_data({"move": "play_cards", "cards": ["Jk"]}) == PlayCards("Jk")
