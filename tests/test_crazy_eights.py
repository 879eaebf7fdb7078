"""Crazy Eights as people play it (``cr.CrazyEights()``: the defaults, with their
sources on docs/rules/crazy_eights.md), each option by a test that fails if it were
broken, bad options refused, records and explicit chance. The OpenSpiel preset is
tested in ``test_crazy_eights_openspiel.py`` and ``test_peer_crazy_eights.py``, the
heuristic in ``test_crazy_eights_heuristic.py``, the terminal in
``test_crazy_eights_cli.py`` (and the rules page's tables in ``test_rules_pages.py``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

import attrs
import pytest

import cardrules as cr
from cardrules.chance import ExplicitChance
from cardrules.games import crazy_eights as c8
from conftest import ALL_52, card, cards

GAME = cr.CrazyEights(players=3)
DRAW, PASS = cr.Draw(), cr.Pass()


def position(hands: list[str], discard: str, stock: str = "", game: Any = GAME, **kw: Any) -> Any:
    """A state with these hands, discard pile (bottom first) and stock (top first);
    seat 0 to move unless ``to_move`` is given."""
    kw.setdefault("to_move", 0)
    kw.setdefault("seed", 3)
    return game.position(hands, discard, stock, **kw)


def plays(texts: str) -> set[cr.Play]:
    """Plays of these cards, each 8 once per suit it may name."""
    moves: set[cr.Play] = set()
    for c in cards(texts):
        if c.rank == cr.Rank.EIGHT:
            moves.update(cr.Play(c, suit=s) for s in cr.Suit)
        else:
            moves.add(cr.Play(c))
    return moves


def reason(state: Any, move: Any, game: Any = GAME) -> str:
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(state, move)
    return info.value.reason


def every_card(state: Any) -> Counter[cr.Card]:
    table = state.table
    return Counter([c for hand in table.hands for c in hand] + [*table.stock, *table.discard])


def random_game(game: Any, seed: int, limit: int = 50_000) -> Any:
    chooser = random.Random(seed)
    state = game.new_game(seed=seed)
    for _ in range(limit):
        if state.is_over:
            break
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
    return state


# -- players, cards and the deal -----------------------------------------------------------


def test_the_defaults_are_the_game_people_play() -> None:
    game = cr.CrazyEights()
    assert game.options() == {
        "players": 4,
        "decks": None,
        "hand_size": None,
        "draw_limit": None,
        "draw_by_choice": True,
        "reshuffle": True,
        "turned_up_eight": "shuffled_in",
        "special_cards": False,
        "card_points": "face",
        "scoring": "winner_collects",
        "target": 100,
        "max_plays": None,
        "blocked_after": None,
        "last_penalty_card_is_pass": False,
    }
    assert cr.CrazyEights.from_options(game.options()) == game
    assert game != cr.CrazyEights.openspiel()


@pytest.mark.parametrize(
    ("players", "decks", "each"),
    [(2, 1, 7), (3, 1, 5), (5, 1, 5), (7, 1, 5), (8, 2, 5), (12, 2, 5), (15, 2, 5)],
)
def test_one_deck_up_to_seven_players_two_beyond_seven_each_for_two_five_for_more(
    players: int, decks: int, each: int
) -> None:
    game = cr.CrazyEights(players=players)
    assert (game.deck.decks, game.cards_each(1), game.deck.size) == (decks, each, 52 * decks)
    state = game.new_game(seed=players, dealer=0)
    assert [len(hand) for hand in state.hands] == [each] * players
    assert len(state.discard) == 1 and state.top is not None
    assert state.top.rank != cr.Rank.EIGHT
    assert state.stock_size == 52 * decks - players * each - 1
    assert every_card(state) == Counter(ALL_52 * decks)
    assert state.to_move == 1  # the dealer's left plays first


def test_decks_and_hand_size_can_be_chosen() -> None:
    game = cr.CrazyEights(players=6, decks=2, hand_size=8)
    state = game.new_game(seed=1)
    assert [len(hand) for hand in state.hands] == [8] * 6 and state.stock_size == 104 - 49


def test_the_first_dealer_is_drawn_at_random_and_the_deal_passes_left() -> None:
    assert {GAME.new_game(seed=seed).dealer for seed in range(30)} == {0, 1, 2}
    state = position(["9C", "KD", "2H"], "9H", "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2D 3D 4D 5D")
    after = GAME.apply(state, cr.Play(card("9C")))  # seat 0 goes out: hand 2, dealer 1
    assert (after.hand_number, after.dealer, after.to_move) == (2, 1, 2)


def test_a_turned_up_eight_is_shuffled_back_and_another_turned_up() -> None:
    start = list(cards("8D 8H 5C"))
    rest = [c for c in ALL_52 if c not in start]
    deck = rest[:15] + start + rest[15:]
    state = GAME.new_game(deck=deck, dealer=2, seed=5)
    assert state.top is not None and state.top.rank != cr.Rank.EIGHT
    assert {card("8D"), card("8H")} <= set(state.table.stock)
    assert every_card(state) == Counter(ALL_52) and state.to_move == 0
    places = {
        GAME.new_game(deck=deck, dealer=2, seed=s).table.stock.index(card("8D")) for s in range(20)
    }
    assert len(places) > 10  # anywhere in the stock


def test_turned_up_eight_under_the_stock_or_the_dealer_names_the_suit() -> None:
    deck = [c for c in ALL_52 if c != card("8D")]
    deck = deck[:15] + [card("8D")] + deck[15:]
    under = attrs.evolve(GAME, turned_up_eight="under_stock")
    state = under.new_game(deck=deck, dealer=2, seed=5)
    assert state.table.stock[-1] == card("8D") and state.top == deck[16]
    names = attrs.evolve(GAME, turned_up_eight="dealer_names")
    state = names.new_game(deck=deck, dealer=2, seed=5)
    assert state.top == card("8D") and state.phase is cr.Phase.NAME_SUIT and state.to_move == 2
    assert set(names.legal_moves(state)) == {cr.NameSuit(s) for s in cr.Suit}
    after = names.apply(state, cr.NameSuit(cr.Suit.CLUBS))
    assert after.suit is cr.Suit.CLUBS and after.to_move == 0


# -- matching and eights ---------------------------------------------------------------------


def test_a_card_must_match_the_suit_or_the_rank_and_eights_are_wild() -> None:
    state = position(["2H 9C KS 8D", "3C", "4C"], "9H", "5S")
    assert set(GAME.legal_moves(state)) == plays("2H 9C 8D") | {DRAW}
    assert reason(state, cr.Play(card("KS"))) == "does_not_match"
    assert reason(state, cr.Play(card("8D"))) == "wild_needs_suit"
    after = GAME.apply(state, cr.Play(card("8D"), suit=cr.Suit.SPADES))
    assert after.suit is cr.Suit.SPADES and after.to_move == 1
    assert reason(after, cr.Play(card("3C")), GAME) == "does_not_match"


def test_an_eight_played_as_the_last_card_names_no_suit() -> None:
    state = position(["8D", "3C", "4C"], "9H", "5S")
    assert GAME.legal_moves(state) == (cr.Play(card("8D")), DRAW)
    assert GAME.apply(state, cr.Play(card("8D"))).hand_number == 2


# -- drawing ---------------------------------------------------------------------------------


def test_a_player_may_draw_by_choice_and_keeps_drawing_as_long_as_they_like() -> None:
    state = position(["2H", "3C", "4C"], "9H", "5S 6S 7S 9D 10D JD QD")
    assert set(GAME.legal_moves(state)) == {cr.Play(card("2H")), DRAW}
    stock = cr.parse_cards("5S 6S 7S 9D 10D JD")
    for drawn in range(1, 7):  # no limit: draw after draw, holding a playable card
        step = GAME.step(state, DRAW)
        assert step.events[-1] == cr.CardsDrawn(0, 1, "draw", 1, cards=stock[drawn - 1 : drawn])
        state = step.state
        assert (
            state.to_move == 0
            and state.draws_this_turn == drawn
            and DRAW in GAME.legal_moves(state)
        )
    after = GAME.apply(state, cr.Play(card("9D")))
    assert after.to_move == 1 and after.draws_this_turn == 0


def test_a_draw_tells_the_others_only_how_many_cards() -> None:
    could = position(["2H 3C", "3D", "4C"], "9H", "5S 6S")
    stuck = position(["2C 3C", "3D", "4C"], "9H", "5S 6S")
    steps = [GAME.step(state, DRAW) for state in (could, stuck)]
    assert steps[0].events == steps[1].events
    for seat in (1, 2):
        assert GAME.observe(steps[0].state, seat) == GAME.observe(steps[1].state, seat)
        assert [str(e) for e in steps[0].events] == [str(e) for e in steps[1].events]
    assert GAME.absent_cards(could, DRAW) == frozenset()  # drawing tells nothing


def test_without_drawing_by_choice_a_player_draws_until_able_to_play_then_must_play() -> None:
    game = attrs.evolve(GAME, draw_by_choice=False)
    assert reason(position(["2H", "3C", "4C"], "9H", "5S", game), DRAW, game) == "must_play"
    state = position(["2C", "3C", "4C"], "9H", "5S 6D 9S 7S", game)
    assert game.legal_moves(state) == (DRAW,)
    state = game.apply(game.apply(state, DRAW), DRAW)
    assert state.to_move == 0 and game.legal_moves(state) == (DRAW,)
    state = game.apply(state, DRAW)  # draws 9S, which matches the 9: play it, no more draws
    assert game.legal_moves(state) == (cr.Play(card("9S")),)
    assert reason(state, PASS, game) == "cannot_pass"
    # a draw shows the drawer held nothing playable (what a search bot may infer)
    assert card("9C") in game.absent_cards(position(["2C", "3C", "4C"], "9H", "5S", game), DRAW)


def test_draw_one_then_play_or_pass() -> None:
    one = attrs.evolve(GAME, draw_limit=1)
    state = one.apply(position(["2C", "3C", "4C"], "9H", "5S 9S", one), DRAW)
    assert set(one.legal_moves(state)) == {PASS}  # drew 5S: nothing to play
    assert reason(state, DRAW, one) == "draw_limit"
    assert one.apply(state, PASS).to_move == 1
    state = one.apply(position(["2H", "3C", "4C"], "9H", "9S 5S", one), DRAW)
    assert set(one.legal_moves(state)) == plays("2H 9S") | {PASS}  # by choice: may pass
    strict = attrs.evolve(one, draw_by_choice=False)
    state = strict.apply(position(["2C", "3C", "4C"], "9H", "9S 5S", strict), DRAW)
    assert strict.legal_moves(state) == (cr.Play(card("9S")),)  # drew a 9: must play it


# -- the stock runs out ------------------------------------------------------------------------


def test_when_the_stock_runs_out_the_pile_but_its_top_card_is_reshuffled() -> None:
    state = position(["2C", "3C", "4C"], "2H 5H 9H", "6S")
    step = GAME.step(state, DRAW)  # takes the last card
    assert cr.Reshuffled(0, 2, 0) in step.events
    assert step.state.discard == cards("9H") and set(step.state.table.stock) == set(cards("2H 5H"))


def test_without_reshuffle_an_empty_stock_stays_empty() -> None:
    game = attrs.evolve(GAME, reshuffle=False)
    state = game.apply(position(["2C", "3C", "4C"], "2H 5H 9H", "6S", game), DRAW)
    assert state.stock_size == 0 and len(state.discard) == 3
    assert game.legal_moves(state) == (PASS,)
    assert reason(state, DRAW, game) == "cannot_draw"


def test_a_player_who_can_neither_play_nor_draw_passes() -> None:
    state = position(["2C", "3C", "4C"], "9H")  # the pile is its top card alone
    assert GAME.legal_moves(state) == (PASS,)
    state = position(["2C 9C", "3C", "4C"], "9H")  # by choice: pass holding the 9♣
    assert set(GAME.legal_moves(state)) == {cr.Play(card("9C")), PASS}
    strict = attrs.evolve(GAME, draw_by_choice=False)
    state = position(["2C 9C", "3C", "4C"], "9H", game=strict)
    assert strict.legal_moves(state) == (cr.Play(card("9C")),)
    assert reason(position(["2C", "3C", "4C"], "9H", "5S"), PASS) == "cannot_pass"


def test_a_round_of_passes_blocks_the_hand_and_the_lowest_hand_collects_the_difference() -> None:
    game = attrs.evolve(GAME, target=None)
    state = position(["KC 3C", "2C", "AC 4C"], "9H", game=game, idle_turns=2, to_move=2)
    step = game.step(state, PASS)
    assert cr.HandBlocked(1) in step.events
    # in hand: 13, 2 and 5 points; seat 1 collects (13 - 2) + (5 - 2)
    assert step.state.is_over and step.state.scores == (0, 14, 0) and step.state.winners == (1,)
    state = position(["KC", "2C", "AC"], "9H", game=game, idle_turns=1, to_move=2)
    assert not game.apply(state, PASS).is_over
    level = position(["2C 3C", "5C", "AC 4C"], "9H", game=game, idle_turns=2, to_move=2)
    assert game.apply(level, PASS).scores == (0, 0, 0)  # 5, 5 and 5: no difference
    tied = position(["2C 3C", "5C", "KC"], "9H", game=game, idle_turns=2, to_move=2)
    assert game.apply(tied, PASS).scores == (5, 5, 0)  # 5, 5, 10: both lowest collect 5


def test_blocked_after_sets_the_idle_turns_that_block_a_hand() -> None:
    game = attrs.evolve(GAME, target=None, blocked_after=5)
    state = position(["KC", "2C", "AC"], "9H", game=game, idle_turns=3, to_move=2)
    assert not game.apply(state, PASS).is_over
    assert game.apply(game.apply(state, PASS), PASS).is_over


# -- scoring and the game ----------------------------------------------------------------------


def test_the_player_out_collects_the_others_cards_at_face_value() -> None:
    assert [c8.card_points(c) for c in cards("8C KD QD JD 10C AS 9S 2H")] == [
        50, 10, 10, 10, 10, 1, 9, 2,
    ]  # fmt: skip
    game = attrs.evolve(GAME, target=None)
    state = position(["9C", "8C KD", "AS 5C 10S"], "9H", "2S", game=game)
    step = game.step(state, cr.Play(card("9C")))
    scores = (60 + 16, 0, 0)
    assert step.events[-2:] == (cr.HandScored(1, scores, scores), cr.GameOver((0,), scores))
    assert step.state.winners == (0,)


def test_penalty_scoring_and_openspiel_card_points_are_options() -> None:
    penalty = attrs.evolve(GAME, target=None, scoring="penalty")
    state = position(["9C", "8C KD", "AS 5C 10S"], "9H", "2S", game=penalty)
    assert penalty.apply(state, cr.Play(card("9C"))).scores == (0, -60, -16)
    ids = attrs.evolve(GAME, target=None, card_points="openspiel")
    state = position(["9C", "8C KD", "AS 5C 10S"], "9H", "2S", game=ids)
    assert ids.apply(state, cr.Play(card("9C"))).scores == (60 + 10 + 14 + 37, 0, 0)


def test_hands_are_dealt_until_someone_reaches_the_target() -> None:
    state = position(["9C", "8C KD", "AS 5C 10S"], "9H", "2S", scores=(30, 90, 0))
    after = GAME.apply(state, cr.Play(card("9C")))  # 30 + 76: past 100, but after this hand
    assert after.is_over and after.scores == (106, 90, 0) and after.winners == (0,)
    state = position(["9C", "8C KD", "AS 5C 10S"], "9H", "2S", scores=(0, 90, 0))
    after = GAME.apply(state, cr.Play(card("9C")))
    assert not after.is_over and after.hand_number == 2 and after.scores == (76, 90, 0)
    low = attrs.evolve(GAME, target=50)
    state = position(["9C", "8C KD", "AS 5C 10S"], "9H", "2S", game=low)
    assert low.apply(state, cr.Play(card("9C"))).is_over


def test_with_penalty_scoring_the_game_ends_when_someone_loses_the_target() -> None:
    game = attrs.evolve(GAME, scoring="penalty")
    state = position(["9C", "8C KD", "AS 5C 10S"], "9H", "2S", game=game, scores=(0, -40, -20))
    after = game.apply(state, cr.Play(card("9C")))
    assert after.is_over and after.scores == (0, -100, -36) and after.winners == (0,)
    state = position(["9C", "8C KD", "AS 5C 10S"], "9H", "2S", game=game, scores=(0, -39, -20))
    assert not game.apply(state, cr.Play(card("9C"))).is_over


def test_one_hand_without_a_target() -> None:
    game = attrs.evolve(GAME, target=None)
    assert game.hands_in_game == 1 and GAME.hands_in_game > 10**9
    assert random_game(game, 1).hand_number == 1


@pytest.mark.parametrize("seed", range(3))
def test_random_games_end_with_the_highest_total_winning(seed: int) -> None:
    state = random_game(GAME, seed)
    assert state.is_over and max(state.scores) >= 100
    assert state.winners == tuple(s for s, v in enumerate(state.scores) if v == max(state.scores))


# -- OpenSpiel's special cards, its caps, as options of the people's game ----------------------


def test_special_cards_skip_reverse_and_draw_two() -> None:
    game = attrs.evolve(GAME, special_cards=True)
    assert (
        game.apply(
            position(["QH 3C", "3H", "4H 5C"], "9H", "6S", game), cr.Play(card("QH"))
        ).to_move
        == 2
    )
    after = game.apply(position(["AH 3C", "3H", "4H 5C"], "9H", "6S", game), cr.Play(card("AH")))
    assert after.direction == -1 and after.to_move == 2
    state = game.apply(
        position(["2H 3C", "2C 9D", "4H 5C"], "9H", "6S 7S 6D 7D", game), cr.Play(card("2H"))
    )
    state = game.apply(state, cr.Play(card("2C")))
    assert state.count == 4 and game.legal_moves(state) == (DRAW,)
    state = game.apply(state, DRAW)
    assert len(state.hands[2]) == 6 and state.to_move == 0


def test_max_plays_caps_a_hand() -> None:
    game = attrs.evolve(GAME, target=None, max_plays=3)
    state = position(["9C 3C", "9D 4D", "9S 5S"], "9H", "6H", game=game, cards_played=2)
    done = game.apply(state, cr.Play(card("9C")))
    # scored as a blocked hand: 3, 13 and 14 points in hand, seat 0 collects 10 + 11
    assert done.is_over and done.scores == (21, 0, 0)


def test_last_penalty_card_is_pass_counts_the_twos_that_empty_the_stock() -> None:
    game = attrs.evolve(GAME, special_cards=True, last_penalty_card_is_pass=True, reshuffle=False)
    state = position(["2H 3C", "9D", "4H 5C"], "9H", "6S 7S", game)
    state = game.apply(game.apply(state, cr.Play(card("2H"))), DRAW)
    assert state.idle_turns == 1 and state.stock_size == 0
    plain = attrs.evolve(game, last_penalty_card_is_pass=False)
    state = position(["2H 3C", "9D", "4H 5C"], "9H", "6S 7S", plain)
    assert plain.apply(plain.apply(state, cr.Play(card("2H"))), DRAW).idle_turns == 0


# -- bad options ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "CrazyEights: players must be an int from 2 to 15, not 1"),
        ({"players": 16}, "players must be an int from 2 to 15, not 16"),
        ({"players": True}, "players must be an int from 2 to 15, not True"),
        ({"decks": 3}, "decks must be an int from 1 to 2 or None, not 3"),
        ({"hand_size": 0}, "hand_size must be an int from 1 up or None, not 0"),
        ({"players": 11, "decks": 1}, "need 56 cards, but one deck holds 52"),
        ({"players": 2, "hand_size": 26}, "need 53 cards, but one deck holds 52"),
        ({"players": 15, "hand_size": 7}, "need 106 cards, but 2 decks hold 104: deal fewer"),
        ({"draw_limit": 0}, "draw_limit must be an int from 1 up or None, not 0"),
        ({"draw_by_choice": "yes"}, "draw_by_choice must be True or False, not 'yes'"),
        ({"reshuffle": 1}, "reshuffle must be True or False, not 1"),
        ({"turned_up_eight": "buried"}, "turned_up_eight must be one of 'shuffled_in', "),
        ({"special_cards": None}, "special_cards must be True or False"),
        ({"card_points": "pips"}, "card_points must be one of 'face', 'openspiel', not 'pips'"),
        ({"scoring": "lowest"}, "scoring must be one of 'winner_collects', 'penalty'"),
        ({"target": 0}, "target must be an int from 1 up or None, not 0"),
        ({"max_plays": -1}, "max_plays must be an int from 1 up or None, not -1"),
        ({"blocked_after": 0}, "blocked_after must be an int from 1 up or None, not 0"),
        ({"last_penalty_card_is_pass": 0}, "last_penalty_card_is_pass must be True or False"),
    ],
)
def test_bad_options_are_refused_saying_what_is_allowed(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(cr.RulesError) as info:
        cr.CrazyEights(**options)
    assert message in str(info.value), str(info.value)


def test_unknown_options_are_refused() -> None:
    with pytest.raises(TypeError):
        cr.CrazyEights(max_draw_cards=3)  # type: ignore[call-arg]  # OpenSpiel's name


# -- records, explicit chance, views -----------------------------------------------------------


@pytest.mark.parametrize(
    "game", [GAME, cr.CrazyEights.openspiel(players=3)], ids=["people", "openspiel"]
)
def test_records_round_trip(game: Any) -> None:
    """Whole games, the moves mostly the heuristic's (random players draw for
    hundreds of moves), some random."""
    for seed in range(2):
        chooser = random.Random(seed)
        record = cr.GameRecord.start(game, seed=seed)
        state = record.initial_state()
        while not state.is_over:
            moves = game.legal_moves(state)
            view = game.observe(state, cast(int, state.to_move))
            move = chooser.choice(moves) if chooser.random() < 0.2 else game.heuristic(view, moves)
            record, state = record.then(move), game.apply(state, move)
        again = cr.GameRecord.from_json(record.to_json())
        assert again.final_state() == state and again.game == game


def test_explicit_chance_at_the_defaults() -> None:
    table = ExplicitChance(cr.CrazyEights())
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
    assert chance > 52 and moves > 0 and max(state.inner.scores) >= 100


def test_observe_hides_the_other_hands_and_the_stock() -> None:
    state = GAME.new_game(seed=8)
    view = GAME.observe(state, 0)
    assert view.hand == state.hands[0] and view.hand_sizes == (5, 5, 5)
    assert not hasattr(view, "stock") and not hasattr(view, "hands")
    guess = GAME.determinize(view, seed=1)
    assert GAME.observe(guess, 0) == view
