"""Euchre as people play it (``cr.Euchre()``): each default and each option, the bad
options refused, the preset ``Euchre.openspiel()`` and its parameters, the rules page
against the options, the heuristic, records and explicit chance. (The command line is
in tests/test_euchre_cli.py; the lockstep play against OpenSpiel in
tests/test_peer_euchre.py.)"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any, cast

import attrs
import pytest

import cardrules as cr
from cardrules.arena import run_arena
from cardrules.bots import Bot, HeuristicBot, RandomBot
from cardrules.chance import ExplicitChance
from cardrules.games.euchre import Contract, Discard, Euchre, GoAlone
from cardrules.games.euchre.heuristic import hand_strength
from cardrules.games.euchre.rules import DECK, first_defender
from cardrules.games.euchre.scoring import makers_points, seat_points

PAGE = Path(__file__).parent.parent / "docs" / "rules" / "euchre.md"

# Seat 3 deals and turns up the 9♥; seat 0 holds the top hearts, seat 2 the right spades.
HANDS = ["JH JD AH KH QH", "9C 10C QC KC AC", "JS JC AS KS QS", "9D 10D QD KD AD"]
UPCARD = "9H"
PASS, ALONE, PARTNER = cr.Pass(), GoAlone(True), GoAlone(False)


def dealt(game: Euchre, dealer: int = 3, hands: list[str] = HANDS, upcard: str = UPCARD) -> Any:
    cards = [cr.parse_cards(hand) for hand in hands]
    return game.new_game(seed=1, dealer=dealer, hands=cards, turned_up=upcard)


def play_out(game: Euchre, state: Any, chooser: random.Random | None = None) -> Any:
    """Play the deal in ``state`` to its end: the heuristic's cards, or random ones."""
    number = state.round_number
    while not state.is_over and state.round_number == number:
        moves = game.legal_moves(state)
        if chooser is not None:
            move = chooser.choice(moves)
        else:
            move = game.heuristic(game.observe(state, state.to_move), moves)
        state = game.apply(state, move)
    return state


def first_hand_score(game: Euchre, state: Any) -> tuple[int, ...]:
    """The first deal's points, played out by the heuristic from ``state``."""
    step_state, scored = state, None
    while scored is None:
        moves = game.legal_moves(step_state)
        step = game.step(
            step_state, game.heuristic(game.observe(step_state, step_state.to_move), moves)
        )
        scored = next((e for e in step.events if isinstance(e, cr.HandScored)), None)
        step_state = step.state
    return scored.hand_scores


# -- the defaults ---------------------------------------------------------------------


def test_the_defaults_are_the_game_people_play() -> None:
    game = Euchre()
    assert (game.target, game.stick_the_dealer, game.lone_defender) == (10, True, False)
    assert (game.lone_defender_against_partners, game.super_euchre, game.zero_sum) == (
        False,
        False,
        False,
    )
    assert game.name == "euchre" and game.players == 4 and game.teams() == ((0, 2), (1, 3))
    assert len(DECK) == 24 and {card.rank for card in DECK} == set(list(cr.Rank)[7:])
    state = game.new_game(seed=3)
    assert [len(hand) for hand in state.hands] == [5] * 4
    assert state.turned_up in DECK and all(state.turned_up not in hand for hand in state.hands)


def test_the_first_dealer_is_drawn_and_the_deal_passes_left() -> None:
    game = Euchre()
    assert {game.new_game(seed=seed).dealer for seed in range(40)} == {0, 1, 2, 3}
    state = game.new_game(seed=5, dealer=2)
    assert state.to_move == 3  # the bidding starts at the dealer's left
    state = play_out(game, state)
    assert state.round_number == 2 and state.dealer == 3 and state.to_move == 0


def test_the_first_round_orders_up_the_upcard_and_the_dealer_discards_another() -> None:
    game = Euchre()
    state = dealt(game)
    assert game.legal_moves(state) == (PASS, cr.NameSuit("H"))
    with pytest.raises(cr.IllegalMoveError, match="not allowed in the bid phase"):
        game.apply(state, cr.NameSuit("S"))
    state = game.apply(state, cr.NameSuit("H"))  # seat 0 orders up hearts
    assert (state.phase, state.to_move) == ("discard", 3)
    assert cr.Card.parse(UPCARD) in state.hands[3] and len(state.hands[3]) == 6
    discards = game.legal_moves(state)
    assert len(discards) == 5 and Discard(UPCARD) not in discards  # another card
    state = game.apply(state, Discard("9D"))
    assert len(state.hands[3]) == 5 and cr.Card.parse("9D") not in state.hands[3]
    assert state.payload == Contract(0, cr.Suit.HEARTS, 0, (), cr.Card.parse("9D"))
    assert (state.phase, state.to_move) == ("alone", 0)
    # The discard is the dealer's secret: in its view only, and its event for it only.
    assert game.observe(state, 3).payload.discard == cr.Card.parse("9D")
    assert {game.observe(state, seat).payload.discard for seat in range(3)} == {None}
    assert game.move_seen_by(state, 3, Discard("9D")) == (3,)


def test_the_second_round_names_another_suit_and_the_dealer_is_stuck() -> None:
    game = Euchre()
    state = dealt(game)
    for _ in range(4):
        state = game.apply(state, PASS)
    others = tuple(cr.NameSuit(suit) for suit in "CDS")
    assert game.legal_moves(state) == (PASS, *others)  # hearts was turned down
    for _ in range(3):
        state = game.apply(state, PASS)
    assert state.to_move == 3 and game.legal_moves(state) == others  # no pass for the dealer
    state = game.apply(state, cr.NameSuit("S"))
    assert (state.phase, state.to_move, state.payload.maker) == ("alone", 3, 3)
    assert len(state.hands[3]) == 5  # nobody picks up in the second round


def test_without_stick_the_dealer_a_hand_all_pass_twice_is_thrown_in() -> None:
    game = Euchre(stick_the_dealer=False)
    state = dealt(game)
    for _ in range(7):
        state = game.apply(state, PASS)
    assert PASS in game.legal_moves(state)
    step = game.step(state, PASS)
    scored = [event for event in step.events if isinstance(event, cr.HandScored)]
    assert scored[0].hand_scores == (0, 0, 0, 0)
    assert step.state.round_number == 2 and step.state.dealer == 0 and not step.state.is_over


def test_a_maker_alone_plays_without_the_partner() -> None:
    game = Euchre()
    state = game.apply(dealt(game), cr.NameSuit("H"))
    state = game.apply(game.apply(state, Discard("9D")), ALONE)
    assert state.payload.alone == (0,) and state.hands[2] == ()
    assert state.phase is None and state.to_move == 0  # no lone defenders by default
    state = play_out(game, state)
    assert state.scores == (4, 0, 4, 0)  # the five top hearts: a lone march


def test_the_lead_passes_over_a_partner_sitting_out() -> None:
    """Seat 1 deals; seat 0 names trumps in the second round and goes alone, so its
    partner, seat 2 (the dealer's left), sits out: seat 3 leads."""
    game = Euchre()
    state = dealt(game, dealer=1, upcard="9S")
    for _ in range(6):
        state = game.apply(state, PASS)
    assert state.to_move == 0
    state = game.apply(game.apply(state, cr.NameSuit("H")), ALONE)
    assert state.to_move == 3 and state.trick.leader == 3


def test_scores_go_to_the_side_that_earned_them() -> None:
    assert makers_points(3, maker_alone=False, defender_alone=False) == 1
    assert makers_points(4, maker_alone=True, defender_alone=True) == 1
    assert makers_points(5, maker_alone=False, defender_alone=False) == 2
    assert makers_points(5, maker_alone=True, defender_alone=True) == 4
    assert makers_points(2, maker_alone=True, defender_alone=False) == -2
    assert makers_points(0, maker_alone=False, defender_alone=False) == -2
    assert seat_points(-2, maker=0, zero_sum=False) == (0, 2, 0, 2)
    # Seat 2 (the right spades) makes spades against seat 0's hearts: the makers take
    # the three spade tricks at least.
    game = Euchre()
    state = dealt(game, dealer=1, upcard="9S")
    state = game.apply(state, cr.NameSuit("S"))  # seat 2 orders up: dealer seat 1 picks up
    state = game.apply(game.apply(state, Discard("9C")), PARTNER)
    hand_scores = first_hand_score(game, state)
    assert hand_scores[1] == hand_scores[3] == 0 < hand_scores[0] == hand_scores[2]


def test_a_euchre_scores_two_for_the_defenders() -> None:
    game = Euchre()
    state = dealt(game)  # seat 1 orders up hearts into seat 3's hand: seat 0 holds them
    state = game.apply(game.apply(state, PASS), cr.NameSuit("H"))
    state = game.apply(game.apply(state, Discard("9D")), PARTNER)
    assert first_hand_score(game, state) == (2, 0, 2, 0)


def test_super_euchre_gives_four_to_defenders_of_a_maker_with_no_trick() -> None:
    hands = ["JH JD AH KH QH", "9C 10C QC KC AC", "9S 10S QS KS AS", "9D 10D QD KD AD"]
    for option, points in ((False, 2), (True, 4)):
        game = Euchre(super_euchre=option)
        state = dealt(game, hands=hands)  # seat 1 orders up hearts and takes no trick
        state = game.apply(game.apply(state, PASS), cr.NameSuit("H"))
        state = game.apply(game.apply(state, Discard("9D")), PARTNER)
        assert first_hand_score(game, state) == (points, 0, points, 0)


def test_a_lone_defender_defends_only_against_a_lone_maker() -> None:
    game = Euchre(lone_defender=True)
    ordered = game.apply(game.apply(dealt(game), PASS), cr.NameSuit("H"))  # seat 1 makes
    ordered = game.apply(ordered, Discard("9D"))
    assert game.apply(ordered, PARTNER).phase is None  # nobody is asked
    state = game.apply(ordered, ALONE)
    assert (state.phase, state.to_move) == ("defend", 0)  # the dealer's left first
    assert first_defender(dealer=3, maker=1) == 0
    asked = game.apply(state, PARTNER)
    assert (asked.phase, asked.to_move) == ("defend", 2)
    assert game.apply(asked, PARTNER).phase is None
    alone = game.apply(state, ALONE)  # seat 0 defends alone: seat 2 sits out with seat 3
    assert alone.payload.alone == (1, 0) and alone.hands[2] == alone.hands[3] == ()
    assert first_hand_score(game, alone) == (4, 0, 4, 0)  # a lone defender's euchre


def test_lone_defenders_against_partners_are_asked_whatever_the_maker_chose() -> None:
    game = Euchre(lone_defender=True, lone_defender_against_partners=True)
    state = game.apply(game.apply(dealt(game), PASS), cr.NameSuit("H"))
    state = game.apply(game.apply(state, Discard("9D")), PARTNER)
    assert (state.phase, state.to_move) == ("defend", 0)
    state = game.apply(state, ALONE)
    assert state.payload.alone == (0,) and state.hands[2] == ()
    assert first_hand_score(game, state) == (4, 0, 4, 0)


def test_zero_sum_gives_the_defenders_the_opposite_of_the_makers() -> None:
    game = Euchre(zero_sum=True, target=None)
    state = game.apply(game.apply(dealt(game), PASS), cr.NameSuit("H"))
    state = game.apply(game.apply(state, Discard("9D")), PARTNER)
    assert first_hand_score(game, state) == (2, -2, 2, -2)


def test_the_game_goes_to_the_target_and_the_side_there_wins() -> None:
    game = Euchre(target=3)
    state = game.new_game(seed=4)
    deals = 0
    while not state.is_over:
        state, deals = play_out(game, state), deals + 1
    assert deals >= 2 and max(state.scores) >= 3
    assert state.winners in ((0, 2), (1, 3))
    assert state.scores[0] == state.scores[2] and state.scores[1] == state.scores[3]
    assert game.game_winners((3, 3, 3, 3)) == () == game.game_winners((2, 1, 2, 1))
    assert game.game_winners((4, 3, 4, 3)) == (0, 2)


def test_without_a_target_one_deal_is_the_game() -> None:
    game = Euchre(target=None)
    state = play_out(game, game.new_game(seed=2))
    assert state.is_over and state.round_number == 1
    assert game.game_winners((0, 0, 0, 0)) == (0, 1, 2, 3)


def test_games_stay_within_their_length_bound() -> None:
    assert Euchre().length_bound() == 19 * 29
    assert Euchre(lone_defender=True).length_bound() == 19 * 31
    assert Euchre(target=None).length_bound() == 29
    assert Euchre(stick_the_dealer=False).length_bound() is None
    assert Euchre(zero_sum=True).length_bound() is None
    game = Euchre(target=2, lone_defender=True)
    chooser, bound = random.Random(3), game.length_bound()
    assert bound is not None
    for seed in range(6):
        state, moves = game.new_game(seed=seed), 0
        while not state.is_over:
            state, moves = game.apply(state, chooser.choice(game.legal_moves(state))), moves + 1
        assert moves <= bound


# -- bad options ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 0}, "target must be an int from 1 up or None, not 0"),
        ({"target": True}, "target must be an int from 1 up or None, not True"),
        ({"target": "10"}, "target must be an int"),
        ({"stick_the_dealer": "yes"}, "stick_the_dealer must be True or False, not 'yes'"),
        ({"lone_defender": 1}, "lone_defender must be True or False, not 1"),
        ({"super_euchre": None}, "super_euchre must be True or False"),
        ({"zero_sum": 0}, "zero_sum must be True or False"),
        ({"lone_defender_against_partners": True}, "needs lone_defender=True"),
    ],
)
def test_bad_options_are_refused_saying_what_is_allowed(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(cr.RulesError, match=re.escape(message)):
        Euchre(**options)


def test_options_round_trip() -> None:
    game = Euchre(target=None, lone_defender=True, super_euchre=True)
    assert Euchre.from_options(game.options()) == game
    assert game.options()["target"] is None


# -- OpenSpiel's game -----------------------------------------------------------------


def test_the_preset_is_openspiels_code() -> None:
    assert Euchre.openspiel() == Euchre(target=None, zero_sum=True)
    assert Euchre.openspiel(stick_the_dealer=False, allow_lone_defender=True) == Euchre(
        target=None,
        zero_sum=True,
        stick_the_dealer=False,
        lone_defender=True,
        lone_defender_against_partners=True,
    )
    assert dict(Euchre.OPENSPIEL_PARAMETERS) == {
        "allow_lone_defender": False,
        "stick_the_dealer": True,
    }


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"super_euchre": True}, "OpenSpiel's euchre has no parameter 'super_euchre'"),
        ({"stick_the_dealer": 1}, "stick_the_dealer must be a bool (default True), not 1"),
        ({"allow_lone_defender": "no"}, "must be a bool"),
    ],
)
def test_bad_openspiel_parameters_are_refused(params: dict[str, Any], message: str) -> None:
    with pytest.raises(cr.RulesError, match=re.escape(message)):
        Euchre.openspiel(**params)


# -- the rules page -------------------------------------------------------------------


def _table_names(header: str) -> set[str]:
    text = PAGE.read_text(encoding="utf-8")
    rows = text.split(header, 1)[1].split("\n\n", 1)[0].splitlines()[2:]
    return {re.match(r"\| `([^`]+)`", row).group(1) for row in rows}  # type: ignore[union-attr]


def test_the_rules_page_lists_every_option_and_openspiel_parameter() -> None:
    options = {field.name for field in attrs.fields(Euchre) if field.init}
    assert _table_names("| Option | Default | Meaning |") == options
    assert _table_names("| OpenSpiel parameter | Default | Becomes |") == set(
        Euchre.OPENSPIEL_PARAMETERS
    )


# -- the heuristic --------------------------------------------------------------------


def test_the_heuristic_is_legal_and_deterministic() -> None:
    game = Euchre(lone_defender=True, stick_the_dealer=False, target=3)
    chooser = random.Random(7)
    for seed in range(8):
        state = game.new_game(seed=seed)
        while not state.is_over:
            view, moves = game.observe(state, cast(int, state.to_move)), game.legal_moves(state)
            move = game.heuristic(view, moves)
            assert move in moves and game.heuristic(view, moves) == move
            state = game.apply(state, move if chooser.random() < 0.7 else chooser.choice(moves))


def test_the_heuristic_weighs_hands_and_makes_sensible_calls() -> None:
    game = Euchre()
    strong, weak = cr.parse_cards("JH JD AH KS AC"), cr.parse_cards("9C 10D QS 9S 10H")
    assert hand_strength(game, strong, cr.Suit.HEARTS) > hand_strength(game, weak, cr.Suit.HEARTS)
    state = dealt(game)  # seat 0 holds the five top hearts: it orders up and goes alone
    assert game.heuristic(game.observe(state, 0), game.legal_moves(state)) == cr.NameSuit("H")
    state = game.apply(game.apply(state, cr.NameSuit("H")), Discard("9D"))
    assert game.heuristic(game.observe(state, 0), game.legal_moves(state)) == ALONE


def test_the_heuristic_beats_random_players() -> None:
    bots: list[Bot] = [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()]
    result = run_arena(
        Euchre(target=5), bots, games=12, seed=1, bot_seed=2, workers=1, progress=False
    )
    rows = result.rows()
    assert rows[0].wins >= 10 and rows[1].wins <= 2


# -- records and explicit chance ------------------------------------------------------


@pytest.mark.parametrize("game", [Euchre(target=3), Euchre.openspiel(allow_lone_defender=True)])
def test_a_record_round_trips_through_json(game: Euchre) -> None:
    record = cr.GameRecord.start(game, seed=5)
    state = record.initial_state()
    while not state.is_over:
        seat = cast(int, state.to_move)
        move = game.heuristic(game.observe(state, seat), game.legal_moves(state))
        record, state = record.then(move), game.apply(state, move)
    text = record.to_json()
    assert '"euchre_alone"' in text and '"euchre"' in text
    again = cr.GameRecord.from_json(text)
    assert again.final_state() == state and again.game == game


def test_explicit_chance_draws_the_dealer_then_deals_the_24_cards() -> None:
    game = Euchre()
    table = ExplicitChance(game)
    state = table.new_game()
    assert state.is_chance and state.draw_below == 4  # the first dealer, drawn
    state = table.apply_chance(state, 2)
    order = list(DECK)
    for card in order:
        state = table.apply_chance(state, card)
    assert not state.is_chance
    stacked = game.new_game(dealer=2, deck=order)
    assert state.inner.hands == stacked.hands and state.inner.turned_up == stacked.turned_up
    assert state.inner.dealer == 2
