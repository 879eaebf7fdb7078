"""Craits variations V1 … V8 of the rules reference (all off by default) and the
published-rules preset. Each test names its variation and fails if the option does not
change the game the way the project's RULES.md says (or changes it when off).
"""

from __future__ import annotations

import pytest

import cardrules as cr
from cardrules.games.craits import DEFAULT_CARD_TABLE, hand_points
from cardrules.rng import shuffled
from cardrules.shedding import Action, CardRule
from cardrules.shedding.events import CardsDrawn, OneCardAnnounced, TurnForfeited, TurnSkipped
from craits_helpers import (
    LAST_SHORT,
    card,
    cards,
    events_of,
    iter_random_game,
    manual_deal,
    play,
    plays_listed,
    position,
    scored,
    short,
    table_cards,
)

# -- V1: the short game ---------------------------------------------------------------------


@pytest.mark.parametrize("short_game", [False, True])
def test_v1_short_game_plays_only_the_first_eight_hands(short_game: bool) -> None:
    game = cr.Craits(players=3, short_game=short_game)
    numbers: list[int] = []
    last = None
    for _, _, step in iter_random_game(game, seed=8, move_seed=1, dealer=0):
        numbers.extend(e.number for e in events_of(step.events, cr.HandScored))
        last = step.state
    assert last is not None and last.is_over
    expected = 8 if short_game else 15
    assert numbers == list(range(1, expected + 1))
    assert last.hand_number == expected
    assert last.cards_dealt == (1 if short_game else 8)


def test_v1_short_game_hand_numbers_stop_at_eight() -> None:
    with pytest.raises(cr.SetupError, match="hand_number must be an int from 1 to 8"):
        short(3).new_game(seed=0, dealer=0, hand_number=9)
    assert cr.Craits(players=3).new_game(seed=0, dealer=0, hand_number=15).cards_dealt == 8


# -- V2: dealer and deal follow the direction ------------------------------------------------


def reverse_then_go_out(game: cr.Craits) -> tuple[cr.CraitsState, cr.CraitsState]:
    """Three players, dealer 0: seat 1 plays a 10, seat 0 goes out counter-clockwise."""
    state = position(game, ["QH", "10H 2S KS", "5S 6S"], "JH")
    state, _ = play(game, state, "10H")
    assert state.direction == -1
    after, _ = play(game, state, "QH")
    return state, after


def test_v2_after_a_counter_clockwise_end_the_deal_passes_right() -> None:
    game = short(3, deal_follows_direction=True)
    before, after = reverse_then_go_out(game)
    assert after.hand_number == 2
    assert after.dealer == 2  # right of dealer 0
    order, _ = shuffled(game.deck.cards(), before.table.rng)
    # Cards dealt to the right: seat 1 (right of dealer 2) first, then 0, then 2.
    hands, turned, _ = manual_deal(order, 2, 3, 7, direction=-1)
    assert after.top == turned
    if turned.rank not in (cr.Rank.FIVE, cr.Rank.SEVEN):
        assert after.hands == tuple(tuple(sorted(hand)) for hand in hands)
    # Play starts counter-clockwise, with the dealer's right (unless a 10 is turned up).
    if turned.rank == cr.Rank.TEN:
        assert after.direction == 1
    else:
        assert after.direction == -1
        if turned.rank not in (cr.Rank.FOUR, cr.Rank.SIX, cr.Rank.EIGHT):
            assert after.to_move == 1


def test_v2_off_the_deal_passes_left_and_play_starts_clockwise() -> None:
    game = short(3)
    _, after = reverse_then_go_out(game)
    assert after.dealer == 1 and after.top is not None
    assert after.direction == (-1 if after.top.rank == cr.Rank.TEN else 1)


def test_v2_after_a_clockwise_end_the_deal_still_passes_left() -> None:
    game = short(3, deal_follows_direction=True)
    state = position(game, ["QH 4C", "KH", "5S 6S"], "JH")
    after, _ = play(game, state, "KH")
    assert after.dealer == 1 and after.top is not None
    assert after.direction == (-1 if after.top.rank == cr.Rank.TEN else 1)


def test_v2_dealers_follow_the_direction_over_whole_games() -> None:
    game = cr.Craits(players=4, deal_follows_direction=True)
    went_right = 0
    for seed in range(4):
        dealer = 0
        for before, _, step in iter_random_game(game, seed, seed, dealer=0):
            for event in events_of(step.events, cr.HandDealt):
                assert event.dealer == (dealer + before.direction) % 4
                went_right += before.direction == -1
                dealer = event.dealer
    assert went_right, "no deal passed to the right; the test proves little"


# -- V3: no kings and queens for two or three players ---------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_v3_kings_and_queens_removed(players: int) -> None:
    game = cr.Craits(players=players, remove_kings_queens=True)
    assert game.deck.size == 44
    state = game.new_game(seed=4, dealer=0)
    in_play = table_cards(state)
    assert sum(in_play.values()) == 44
    assert not any(c.rank in (cr.Rank.KING, cr.Rank.QUEEN) for c in in_play)
    assert cr.Craits(players=players).deck.size == 52


@pytest.mark.parametrize("players", [4, 5, 6, 10])
def test_v3_only_for_two_or_three_players(players: int) -> None:
    with pytest.raises(cr.RulesError, match="two or three players"):
        cr.Craits(players=players, remove_kings_queens=True)


def test_v3_position_must_leave_out_kings_and_queens() -> None:
    game = cr.Craits(players=2, remove_kings_queens=True)
    with pytest.raises(cr.SetupError, match="K♣"):
        game.new_game(seed=0, dealer=0, hands=[["KC"], ["3C"]], stock=["4C"])
    with pytest.raises(cr.SetupError, match="not allowed or too many"):
        game.new_game(seed=0, dealer=0, deck=cr.Craits(players=2).deck.cards())


# -- V4: "one card" on the one-card deal -----------------------------------------------------


def test_v4_announce_phase_in_the_one_card_hand_only() -> None:
    game = short(3, one_card_deal_announce=True)
    state = game.new_game(seed=2, dealer=1, hand_number=7)
    assert state.phase is cr.Phase.PLAY  # two cards: no announcing
    state = game.new_game(seed=2, dealer=1, hand_number=8)
    assert state.phase is cr.Phase.ANNOUNCE
    assert state.to_move == 2
    assert [len(h) for h in state.hands] == [1, 1, 1]


def test_v4_announce_and_pass_then_the_turn_up() -> None:
    game = short(3, one_card_deal_announce=True)
    state = position(game, ["3C", "9D", "JD"], "4H", dealer=1, **LAST_SHORT)
    assert state.phase is cr.Phase.ANNOUNCE and state.to_move == 2
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(state, cr.Play("JD"))
    assert info.value.reason == "must_announce_or_pass"
    state, events = play(game, state, cr.Pass(), cr.Pass())
    assert events_of(events, OneCardAnnounced) == []
    assert state.exposed == (2, 0)
    # Two players can be called on: a call must name its target.
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(state, cr.CallIdiot(1))
    assert info.value.reason == "target_needed"
    assert game.calls(state, 1) == (cr.CallIdiot(1, 2), cr.CallIdiot(1, 0))
    assert game.calls(state, 2) == (cr.CallIdiot(2, 0),)
    state, events = play(game, state, cr.Announce())  # the dealer answers last
    assert OneCardAnnounced(1) in events
    # The turned-up 4 acts as the dealer's play: seat 2 is skipped.
    assert TurnSkipped(2, 1) in events
    assert state.phase is cr.Phase.PLAY and state.to_move == 0
    # The window is still open: nobody has played or drawn yet.
    state, events = play(game, state, cr.CallIdiot(1, 2))
    assert events_of(events, CardsDrawn) == [
        CardsDrawn(2, 2, "idiot", 2, cards=cr.parse_cards("2C 4C"))
    ]
    assert state.forfeits[2] == 1
    assert state.exposed == (0,)


def test_v4_automatic_calls_penalize_a_pass_at_once() -> None:
    game = short(3, one_card_deal_announce=True, idiot_calls="automatic", idiot_penalty="draw_one")
    state = position(game, ["3C", "9D", "JD"], "KH", dealer=0, **LAST_SHORT)
    state, events = play(game, state, cr.Pass())
    assert events_of(events, CardsDrawn) == [
        CardsDrawn(1, 1, "idiot", 1, cards=cr.parse_cards("2C"))
    ]
    assert len(state.hands[1]) == 2 and state.exposed == ()


def test_v4_off_no_announce_moves() -> None:
    game = short(3)
    state = position(game, ["3C", "9D", "JD"], "KH", **LAST_SHORT)
    for move in (cr.Announce(), cr.Pass()):
        with pytest.raises(cr.IllegalMoveError) as info:
            game.apply(state, move)
        assert info.value.reason == "not_announcement_time"


# -- V5: the idiot penalty is one card, no lost turn ------------------------------------------


def test_v5_idiot_penalty_draw_one_and_keep_the_turn() -> None:
    game = short(3, idiot_penalty="draw_one")
    state = position(game, ["3C 4C", "9H KC", "JD QD"], "JH", "AS KS")
    state, _ = play(game, state, "9H", cr.CallIdiot(2))
    assert state.hands[1] == tuple(sorted(cards("KC AS")))
    assert state.forfeits == (0, 0, 0)
    state, events = play(game, state, "draw", "draw")
    assert not events_of(events, TurnForfeited)
    assert state.to_move == 1


def test_v5_default_penalty_draws_two_and_forfeits() -> None:
    game = short(3)
    state = position(game, ["3C 4C", "9H KC", "JD QD"], "JH", "AS KS")
    state, _ = play(game, state, "9H", cr.CallIdiot(2))
    assert state.hands[1] == tuple(sorted(cards("KC AS KS")))
    assert state.forfeits == (0, 1, 0)
    state, events = play(game, state, "draw", "draw")
    assert events_of(events, TurnForfeited) == [TurnForfeited(1)]
    assert state.to_move == 2


# -- V6: the hand continues after going out during the count -----------------------------------


def count_out(game: cr.Craits) -> tuple[cr.CraitsState, list[cr.Event]]:
    """Seat 1 starts the count with its last card; the others follow; seat 1 draws it."""
    state = position(game, ["2C 4C 6C", "2H", "AS 9D 5C"], "JH", "JS QS KS AH QH", **LAST_SHORT)
    return play(game, state, "2H", "AS", "2C", "draw")


def test_v6_hand_continues_if_nobody_holds_zero_cards() -> None:
    game = short(3, continue_after_count_out=True)
    state, events = count_out(game)
    assert not events_of(events, cr.HandScored)
    assert not state.is_over and state.hand_number == 8
    assert state.count == 0 and not state.count_out
    assert len(state.hands[1]) == 5
    assert state.to_move == 2
    assert plays_listed(game, state) == {card("5C")}  # normal play on the 2♣


def test_v6_off_the_hand_ends() -> None:
    state, events = count_out(short(3))
    assert state.is_over
    assert -10 not in scored(events).hand_scores


def test_v6_hand_still_ends_if_someone_holds_zero_cards() -> None:
    game = short(3, continue_after_count_out=True)
    state = position(game, ["2C 4C", "2H", "9D 5C 4D"], "JH", **LAST_SHORT)
    state, events = play(game, state, "2H", "draw")
    assert state.is_over
    assert scored(events).hand_scores[1] == -10


# -- V7: threes may cancel eights ----------------------------------------------------------------


def test_v7_threes_cancel_eights() -> None:
    assert hand_points(cards("3C 8D"), threes_cancel_eights=True) == 3
    assert hand_points(cards("3C 8D 9D"), threes_cancel_eights=True) == 3 + 40
    assert hand_points(cards("3C 3D 8D"), threes_cancel_eights=True) == 6
    # Still never another three; a hand of threes alone is still -50 each.
    assert hand_points(cards("3C 3D"), threes_cancel_eights=True) == -100


def test_v7_in_game_scoring() -> None:
    for option, expected in ((False, 53), (True, 3)):
        game = short(3, threes_cancel_eights=option)
        state = position(game, ["3C 8D", "QH", "3H"], "JH", **LAST_SHORT)
        _, events = play(game, state, "QH")
        assert scored(events).hand_scores == (expected, -10, -50)


# -- V8: replacing rows of the card table ---------------------------------------------------------


def test_v8_jack_becomes_a_skip() -> None:
    game = cr.Craits(players=4, card_table={"J": CardRule("skip", 10)})
    assert game.card_table[cr.Rank.JACK] == CardRule(Action.SKIP, 10)
    state = position(game, ["9C 10C", "JH 5D", "QD KD", "3S 4S"], "9H")
    after, events = play(game, state, "JH!")
    assert TurnSkipped(2, 1) in events
    assert after.to_move == 3
    # Off: a jack does nothing.
    plain = cr.Craits(players=4)
    state = position(plain, ["9C 10C", "JH 5D", "QD KD", "3S 4S"], "9H")
    assert play(plain, state, "JH!")[0].to_move == 2


def test_v8_turned_up_replaced_card_acts_too() -> None:
    game = cr.Craits(players=4, card_table={cr.Rank.QUEEN: CardRule("reverse", 10)})
    state = position(game, ["9C 10C", "JH 5D", "QD KD", "3S 4S"], "QH")
    assert state.direction == -1 and state.to_move == 3


def test_v8_points_and_counts_come_from_the_table() -> None:
    table = {
        "K": {"action": "none", "points": 99},
        "3": CardRule("none", 3, count=3),  # threes join the count
    }
    game = cr.Craits(players=3, short_game=True, card_table=table)
    assert hand_points(cards("KC 9D"), game.card_table) == 139
    state = position(game, ["2C 4C", "3S 9C", "5C 6C"], "KS", **LAST_SHORT)
    state, _ = play(game, state, "3S!")  # 3 does not start a count ...
    assert state.count == 0
    state = position(game, ["5C 6C", "2H 9C", "3C 4C"], "JH", **LAST_SHORT)
    state, _ = play(game, state, "2H!")
    assert plays_listed(game, state) == {card("3C")}  # ... but may follow one
    state, _ = play(game, state, "3C")
    assert state.count == 5


def test_v8_rows_left_out_keep_their_default() -> None:
    game = cr.Craits(card_table={"J": CardRule("skip", 10)})
    for rank, row in DEFAULT_CARD_TABLE.items():
        if rank != cr.Rank.JACK:
            assert game.card_table[rank] == row


def test_v8_full_table_as_thirteen_rows() -> None:
    rows = [DEFAULT_CARD_TABLE[cr.Rank(r)] for r in range(2, 15)]
    rows[12] = CardRule("none", 11, count=1)  # aces score 11
    game = cr.Craits(card_table=rows)
    assert game.card_table[cr.Rank.ACE].points == 11
    assert hand_points(cards("AC AD"), game.card_table) == 22


# -- the published preset ----------------------------------------------------------------------


def test_published_preset_nine_is_wild_and_keeps_the_suit() -> None:
    game = cr.Craits.published_rules(players=3, short_game=True)
    state = position(game, ["2C 4C", "9C KS QD", "5D 6D 4H"], "JH")
    assert card("9C") in plays_listed(game, state)
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(state, cr.Play("9C", suit="D"))
    assert info.value.reason == "no_suit_to_name"
    after, _ = play(game, state, "9C")
    assert after.top == card("9C")
    assert after.suit is cr.Suit.HEARTS  # the suit in force stays
    assert plays_listed(game, after) == {card("4H")}
    # In the seed's rules a 9 is not wild.
    seed_game = short(3)
    state = position(seed_game, ["2C 4C", "9C KS QD", "5D 6D 4H"], "JH")
    assert card("9C") not in plays_listed(seed_game, state)


def test_published_preset_seven_scores_25() -> None:
    game = cr.Craits.published_rules()
    assert game.card_table[cr.Rank.SEVEN].points == 25
    assert game.card_table[cr.Rank.SEVEN].action is Action.TWO_ALONG_DRAWS
    assert hand_points(cards("7C"), game.card_table, threes_rule=game.threes_rule) == 25


def test_published_preset_uncancelled_three_scores_minus_50() -> None:
    game = cr.Craits.published_rules()
    assert game.threes_rule == "published"

    def points(text: str) -> int:
        return hand_points(cards(text), game.card_table, threes_rule="published")

    assert points("3C 8D") == -50 + 50  # the 3 cannot cancel the 8
    assert points("3C 3D 9S") == 3 - 50  # one cancels the 9, one is left
    assert points("3C AD") == 3  # a 3 cancels even an ace
    assert points("3C") == -50
    # The seed's rule for comparison.
    assert hand_points(cards("3C 8D")) == 53
    assert hand_points(cards("3C 3D 9S")) == 6


def test_published_preset_in_game() -> None:
    game = cr.Craits.published_rules(players=3, short_game=True)
    state = position(game, ["3C 8D 7H", "QH", "3H 3S 9C"], "JH", **LAST_SHORT)
    _, events = play(game, state, "QH")
    # Seat 0: the 3 cancels the 7 (25), not the 8. Seat 2: one 3 cancels the 9.
    assert scored(events).hand_scores == (3 + 50, -10, 3 - 50)


def test_published_preset_options_can_be_overridden() -> None:
    game = cr.Craits.published_rules(players=2, threes_rule="seed", short_game=True)
    assert game.threes_rule == "seed" and game.players == 2 and game.short_game
    assert game.card_table[cr.Rank.NINE].action is Action.WILD_KEEP_SUIT
