"""Crazy Eights' OpenSpiel preset (``CrazyEights.openspiel``: OpenSpiel's code, quirks
included), rule by rule, plus random-game properties. (The lockstep tests against
OpenSpiel itself are in ``test_peer_crazy_eights.py``; the game's own defaults in
``test_crazy_eights.py``.)

Positions are built explicitly (``CrazyEights.position``: chosen hands, stock and
discard pile) or dealt from a deck stacked by hand, so each test names the rule it
checks.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any, cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules as cr
from cardrules.games import crazy_eights as c8
from conftest import ALL_52, card, cards

GAME = c8.CrazyEights.openspiel(players=3)
PRESET = c8.CrazyEights.openspiel
DRAW, PASS = cr.Draw(), cr.Pass()


def position(
    hands: list[str],
    discard: str,
    stock: str = "",
    *,
    suit: str | None = None,
    to_move: int = 0,
    passes: int = 0,
) -> Any:
    """A state with these hands (text per seat), discard pile (bottom first), stock (top
    first) and suit to follow (by default the top card's); ``passes`` turns in a row
    with nothing played or drawn."""
    return GAME.position(
        hands, discard, stock, suit=suit, to_move=to_move, idle_turns=passes, seed=3
    )


def plays(texts: str) -> set[cr.Play]:
    """Plain plays of these cards, each 8 once per suit it may name."""
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


def all_cards(state: Any) -> Counter[cr.Card]:
    table = state.table
    return Counter([c for hand in table.hands for c in hand] + [*table.stock, *table.discard])


# -- options, deal and starter ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "each"), [(2, 7), (3, 5), (4, 5), (5, 5)])
def test_deal_five_each_or_seven_with_two_players(players: int, each: int) -> None:
    game = PRESET(players=players)
    state = game.new_game(seed=players, dealer=1)
    assert [len(hand) for hand in state.hands] == [each] * players
    assert len(state.table.discard) == 1 and state.table.top.rank != cr.Rank.EIGHT
    assert len(state.table.stock) == 52 - players * each - 1
    assert all_cards(state) == Counter(ALL_52)
    assert state.to_move == 2 % players  # the dealer's left plays first
    assert state.scores == (0,) * players and not state.is_over


def test_stacked_deck_is_dealt_one_at_a_time_then_a_card_turned_up() -> None:
    state = GAME.new_game(deck=ALL_52, dealer=2)  # dealer 2 of 3: card i goes to seat i % 3
    assert state.hands == tuple(tuple(ALL_52[seat:15:3]) for seat in range(3))
    assert state.table.discard == (ALL_52[15],) and state.table.suit == ALL_52[15].suit
    assert state.table.stock == ALL_52[16:]


def test_a_turned_up_eight_goes_back_into_the_stock_and_another_is_turned_up() -> None:
    start = list(cards("8D 8H 5C"))
    rest = [c for c in ALL_52 if c not in start]
    deck = rest[:15] + start + rest[15:]
    state = GAME.new_game(deck=deck, dealer=2, seed=5)
    assert state.top is not None and state.top.rank != cr.Rank.EIGHT
    assert len(state.table.stock) == 52 - 15 - 1
    assert all_cards(state) == Counter(ALL_52)
    assert {card("8D"), card("8H")} <= set(state.table.stock)
    assert state.to_move == 0  # the dealer's left
    # shuffled in, not buried: anywhere in the stock, as OpenSpiel draws from the rest
    places = {
        GAME.new_game(deck=deck, dealer=2, seed=s).table.stock.index(card("8D")) for s in range(20)
    }
    assert len(places) > 10


@pytest.mark.parametrize(
    ("turned", "to_move", "direction", "count"),
    [("QC", 1, 1, 0), ("AC", 1, -1, 0), ("2C", 0, 1, 2), ("KC", 0, 1, 0)],
)
def test_a_turned_up_special_card_acts_as_the_dealers_play(
    turned: str, to_move: int, direction: int, count: int
) -> None:
    game = PRESET(players=3, use_special_cards=True)
    rest = [c for c in ALL_52 if c != card(turned)]
    state = game.new_game(deck=rest[:15] + [card(turned)] + rest[15:], dealer=2)
    assert (state.top, state.to_move, state.direction) == (card(turned), to_move, direction)
    assert state.count == count


def test_bad_parameters_and_setup_are_refused() -> None:
    for params, message in (
        ({"players": 1}, "players must be an int from 2 to 15, not 1"),
        ({"players": 16}, "players must be an int from 2 to 15, not 16"),
        ({"players": True}, "players must be a int"),
        ({"max_draw_cards": 0}, "max_draw_cards must be an int from 1 up, not 0"),
        ({"max_turns": 0}, "max_turns must be an int from 1 up, not 0"),
        ({"use_special_cards": "yes"}, "use_special_cards must be a bool"),
        ({"reshuffle": 1}, "reshuffle must be a bool"),
        ({"face_values": True}, "has no parameter 'face_values'; its parameters are players"),
    ):
        with pytest.raises(cr.RulesError, match="OpenSpiel's crazy_eights") as info:
            PRESET(**params)
        assert message in str(info.value)
    with pytest.raises(cr.SetupError):
        GAME.new_game(dealer=3)
    with pytest.raises(cr.SetupError):
        GAME.new_game(deck=ALL_52[1:])


def test_the_preset_is_a_game_with_options_and_two_decks_for_more_than_five() -> None:
    game = PRESET(players=7, use_special_cards=True, max_turns=50)
    assert type(game).from_options(game.options()) == game
    assert game == c8.CrazyEights(
        players=7,
        decks=2,
        draw_limit=5,
        special_cards=True,
        reshuffle=False,
        card_points="openspiel",
        scoring="penalty",
        target=None,
        max_plays=50,
        blocked_after=8,
        last_penalty_card_is_pass=True,
    )
    assert game.deck.size == 104 and PRESET().deck.size == 52
    assert PRESET(players=6).deck.size == 104  # (people use one deck up to seven)
    assert PRESET() == PRESET(**c8.CrazyEights.OPENSPIEL_PARAMETERS)
    assert PRESET().players == 5 and PRESET().draw_limit == 5 and PRESET().max_plays == 100


def test_the_dealer_is_picked_at_random() -> None:
    dealers = {PRESET().new_game(seed=seed).dealer for seed in range(40)}
    assert dealers == set(range(5))


# -- matching and eights ------------------------------------------------------------------------


def test_a_card_must_match_the_suit_or_the_rank() -> None:
    state = position(["2H 9C KS 8D", "3C", "4C"], "9H", "5S")
    assert set(GAME.legal_moves(state)) == plays("2H 9C 8D") | {DRAW}
    assert reason(state, cr.Play(card("KS"))) == "does_not_match"


def test_an_eight_is_wild_and_names_the_suit_to_follow() -> None:
    state = position(["8C 2D", "3S 4D 8H", "4C"], "9H", "5S")
    step = GAME.step(state, cr.Play(card("8C"), suit=cr.Suit.SPADES))
    assert step.events[1] == cr.CardPlayed(0, card("8C"))
    assert step.events[2] == cr.SuitNamed(0, cr.Suit.SPADES)
    after = step.state
    assert (after.table.top, after.table.suit, after.to_move) == (card("8C"), cr.Suit.SPADES, 1)
    # the named suit, not the eight's own, must be followed (or another eight played)
    assert set(GAME.legal_moves(after)) == plays("3S 8H") | {DRAW}
    assert reason(after, cr.Play(card("4D"))) == "does_not_match"


def test_an_eight_must_name_a_suit_and_other_cards_must_not() -> None:
    state = position(["8C 2H", "3C", "4C"], "9H", "5S")
    assert reason(state, cr.Play(card("8C"))) == "wild_needs_suit"
    assert reason(state, cr.Play(card("2H"), suit=cr.Suit.CLUBS)) == "no_suit_to_name"


def test_an_eight_that_ends_the_game_is_one_move_naming_no_suit() -> None:
    """As OpenSpiel offers it: the last card, or the max_turns-th card played, is one
    move, and no suit is named (nothing is left to follow)."""
    last = position(["3C", "8D", "AS"], "9H", "2S", to_move=1)
    assert GAME.legal_moves(last) == (cr.Play(card("8D")), DRAW)
    assert reason(last, cr.Play(card("8D"), suit=cr.Suit.CLUBS)) == "no_suit_to_name"
    step = GAME.step(last, cr.Play(card("8D")))
    assert step.state.is_over and step.state.winners == (1,)
    assert not [event for event in step.events if isinstance(event, cr.SuitNamed)]
    game = PRESET(players=3, max_turns=3)
    hands = ["8C 3C", "9D 4D", "9S 5S"]
    capped = game.position(hands, "9H", "6H", to_move=0, cards_played=2)
    assert game.legal_moves(capped) == (cr.Play(card("8C")), DRAW)
    assert game.apply(capped, cr.Play(card("8C"))).is_over
    earlier = game.position(hands, "9H", "6H", to_move=0, cards_played=1)
    assert set(game.legal_moves(earlier)) == plays("8C") | {DRAW}


# -- drawing, reshuffling and passing --------------------------------------------------------------


def test_a_player_who_cannot_play_draws_one_card_and_keeps_the_turn() -> None:
    state = position(["2C", "3C", "4C"], "9H", "5S 9S 6D")
    assert GAME.legal_moves(state) == (DRAW,)
    step = GAME.step(state, DRAW)
    assert step.events[-1] == cr.CardsDrawn(0, 1, "draw", 1, cards=cr.parse_cards("5S"))
    state = step.state
    assert state.hands[0] == cards("2C 5S") and state.table.stock == cards("9S 6D")
    assert state.to_move == 0 and GAME.legal_moves(state) == (DRAW,)
    state = GAME.apply(GAME.apply(state, DRAW), cr.Play(card("9S")))
    assert state.hands[0] == cards("2C 5S") and state.to_move == 1


def test_a_player_may_draw_rather_than_play() -> None:
    state = position(["2H", "3C", "4C"], "9H", "5S")
    assert set(GAME.legal_moves(state)) == {cr.Play(card("2H")), DRAW}
    step = GAME.step(state, DRAW)
    assert (
        step.events[-1] == cr.CardsDrawn(0, 1, "draw", 1, cards=cr.parse_cards("5S"))
        and step.state.to_move == 0
    )


def test_a_draw_does_not_tell_the_others_whether_the_player_could_have_played() -> None:
    """Drawing is allowed with a card to play, so what everybody sees of a draw (its
    events, its text, the others' views) is the same whether the player could have
    played or not; only the drawer's own view shows its hand."""
    could = position(["2H 3C", "3D", "4C"], "9H", "5S 6S")
    stuck = position(["2C 3C", "3D", "4C"], "9H", "5S 6S")
    steps = [GAME.step(state, DRAW) for state in (could, stuck)]
    assert steps[0].events == steps[1].events
    assert [cr.describe(e) for e in steps[0].events] == [cr.describe(e) for e in steps[1].events]
    for seat in (1, 2):
        assert GAME.observe(steps[0].state, seat) == GAME.observe(steps[1].state, seat)


def test_at_most_max_draw_cards_a_turn_then_the_player_may_pass() -> None:
    game = PRESET(players=3, max_draw_cards=2)
    state = game.position(["2C", "3C", "4C"], "9H", "5S 9S 6D", to_move=0)
    state = game.apply(game.apply(state, DRAW), DRAW)
    assert state.to_move == 0 and state.draws_this_turn == 2
    assert set(game.legal_moves(state)) == {cr.Play(card("9S")), PASS}  # pass by choice
    assert reason(state, DRAW, game) == "draw_limit"
    after = game.apply(state, PASS)
    assert after.to_move == 1 and after.draws_this_turn == 0
    assert set(game.legal_moves(after)) == {DRAW}


def test_without_reshuffle_an_empty_stock_stays_empty_and_anyone_may_pass() -> None:
    state = position(["2C 9C", "3C", "4H"], "2H 5H 9H")
    assert set(GAME.legal_moves(state)) == {cr.Play(card("9C")), PASS}
    assert reason(state, DRAW) == "cannot_draw"
    after = GAME.apply(state, PASS)
    assert after.to_move == 1 and after.idle_turns == 1 and after.stock_size == 0


def test_with_reshuffle_the_stock_is_refilled_as_soon_as_it_is_empty() -> None:
    game = PRESET(players=3, reshuffle=True)
    state = game.position(["2C", "3C", "4C"], "2H 5H 9H", "6S", to_move=0, seed=2)
    step = game.step(state, DRAW)  # takes the last card: the pile but its top is reshuffled
    assert cr.Reshuffled(0, 2, 0) in step.events
    table = step.state.table
    assert table.discard == cards("9H") and set(table.stock) == set(cards("2H 5H"))
    # a play onto an empty stock refills it too (the pile had more than its top card)
    state = game.position(["9C 2C", "3C", "4C"], "2H 9H", to_move=0, seed=2)
    after = game.apply(state, cr.Play(card("9C")))
    assert set(after.table.stock) == set(cards("2H 9H")) and after.table.discard == cards("9C")


def test_no_pass_while_there_is_something_to_draw() -> None:
    assert reason(position(["2C", "3C", "4C"], "9H", "5S"), PASS) == "cannot_pass"
    assert reason(position(["2H", "3C", "4C"], "9H", "5S"), PASS) == "cannot_pass"


def test_after_players_plus_one_passes_with_an_empty_stock_the_game_ends() -> None:
    state = position(["KC", "2C 3C", "AC"], "9H", passes=3, to_move=1)
    step = GAME.step(state, PASS)
    assert cr.HandBlocked(1) in step.events
    assert step.state.is_over and step.state.scores == (-10, -(2 + 6), -10)  # 2C 2, 3C 6
    assert step.state.winners == (1,)
    assert not GAME.apply(position(["KC", "2C", "AC"], "9H", passes=2), PASS).is_over


def test_the_game_ends_after_max_turns_cards_played() -> None:
    game = PRESET(players=3, max_turns=3)
    state = game.position(["9C 3C", "9D 4D", "9S 5S"], "9H", "6H", to_move=0, cards_played=2)
    done = game.apply(state, cr.Play(card("9C")))
    assert done.is_over and done.cards_played == 3 and done.winners == (0,)
    assert done.scores == (-6, -(31 + 11), -(33 + 17))


# -- special cards ------------------------------------------------------------------------------


SPECIAL = PRESET(players=3, use_special_cards=True)


def test_a_queen_skips_and_an_ace_reverses() -> None:
    state = SPECIAL.position(["QH 3C", "3H", "4H 5C"], "9H", "6S 7S", to_move=0)
    assert SPECIAL.apply(state, cr.Play(card("QH"))).to_move == 2
    state = SPECIAL.position(["AH 3C", "3H", "4H 5C"], "9H", "6S 7S", to_move=0)
    after = SPECIAL.apply(state, cr.Play(card("AH")))
    assert after.to_move == 2 and after.direction == -1


def test_twos_add_up_and_drawing_them_ends_the_turn() -> None:
    state = SPECIAL.position(["2H 3C", "2C 9D", "4H 5C"], "9H", "6S 7S 6D 7D 6C", to_move=0)
    state = SPECIAL.apply(state, cr.Play(card("2H")))
    assert state.count == 2 and set(SPECIAL.legal_moves(state)) == {cr.Play(card("2C")), DRAW}
    state = SPECIAL.apply(state, cr.Play(card("2C")))
    assert state.count == 4 and SPECIAL.legal_moves(state) == (DRAW,)  # an 8 would not do
    state = SPECIAL.apply(state, DRAW)
    assert len(state.hands[2]) == 6 and state.count == 0 and state.to_move == 0


def test_a_two_played_on_an_empty_stock_is_a_plain_card() -> None:
    state = SPECIAL.position(["2H 3C", "2C 9D", "4H 5C"], "9H", to_move=0)
    after = SPECIAL.apply(state, cr.Play(card("2H")))
    assert after.count == 0 and after.to_move == 1


# -- going out and scoring ----------------------------------------------------------------------


def test_card_points_follow_openspiels_code_or_face_values() -> None:
    def points(text: str, values: str = "openspiel") -> list[int]:
        return [c8.card_points(c, values) for c in cards(text)]  # type: ignore[arg-type]

    assert points("8C 8S KD QD JD AS") == [50, 50, 10, 10, 10, 10]
    # OpenSpiel's code: a 2 to a 10 scores its action id (rank index x 4 + suit) + 2
    assert points("2C 2D 2S 5C TS") == [2, 3, 5, 14, 37]
    assert points("2S 5C TS AS KD", "face") == [2, 5, 10, 1, 10]


def test_going_out_ends_the_game_each_scores_minus_their_points() -> None:
    state = position(["9C", "8C KD", "AS 5C 9S"], "9H", "2S", to_move=0)
    step = GAME.step(state, cr.Play(card("9C")))
    scores = (0, -60, -(10 + 14 + 33))
    assert step.events[-2:] == (cr.HandScored(1, scores, scores), cr.GameOver((0,), scores))
    done = step.state
    assert done.is_over and done.to_move is None and done.winners == (0,)
    assert GAME.legal_moves(done) == ()
    assert reason(done, DRAW) == "game_over"
    face = attrs.evolve(GAME, card_points="face")  # OpenSpiel's documentation
    state = face.position(["9C", "8C KD", "AS 5C 9S"], "9H", "2S", to_move=0)
    assert face.apply(state, cr.Play(card("9C"))).scores == (0, -60, -15)


def test_going_out_with_an_eight_or_a_two_ends_the_game_at_once() -> None:
    state = position(["3C", "8D", "AS"], "9H", "2S", to_move=1)
    done = GAME.apply(state, cr.Play(card("8D")))
    assert done.winners == (1,) and done.scores == (-6, 0, -10)
    state = SPECIAL.position(["3C", "2H", "AS"], "9H", "2S 3S", to_move=1)
    done = SPECIAL.apply(state, cr.Play(card("2H")))
    assert done.is_over and done.scores == (-6, 0, -10)  # nobody draws the two


def test_other_illegal_moves_say_why() -> None:
    state = position(["2H", "3C", "4C"], "9H", "5S")
    assert reason(state, cr.Play(card("3C"))) == "not_in_hand"
    assert reason(state, cr.Play(card("2H"), announce=True)) == "no_announcement"
    with pytest.raises(cr.IllegalMoveError, match="a CrazyEights move is Play, Draw or Pass"):
        GAME.apply(state, cr.CallIdiot(1))  # a move of another game
    with pytest.raises(cr.MoveTypeError):
        GAME.apply(state, "2H")  # not a move at all


def test_observe_hides_other_hands_and_the_stock() -> None:
    state = GAME.new_game(seed=8)
    view = GAME.observe(state, 0)
    assert view.hand == state.hands[0] and view.hand_sizes == (5, 5, 5)
    assert (view.draws_this_turn, view.cards_played) == (0, 0)
    assert view.stock_size == len(state.table.stock) and view.discard == state.table.discard
    assert not hasattr(view, "stock") and not hasattr(view, "hands") and not hasattr(view, "rng")
    assert view.legal_moves == () and GAME.observe(state, 1).legal_moves == GAME.legal_moves(state)


# -- properties of random games ------------------------------------------------------------------


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**32 - 1), st.integers(2, 5))
def test_random_games_end_conserve_cards_and_never_mutate(
    seed: int, move_seed: int, players: int
) -> None:
    """Moves chosen uniformly among all legal ones, drawing by choice included."""
    game = PRESET(players=players)
    chooser = random.Random(move_seed)
    state = game.new_game(seed=seed, dealer=seed % players)
    for _ in range(20_000):
        if state.is_over:
            break
        assert all_cards(state) == Counter(ALL_52)
        moves = game.legal_moves(state)
        assert moves and len(set(moves)) == len(moves)
        move = chooser.choice(moves)
        before = pickle.loads(pickle.dumps(state))  # deepcopy would be `state` itself
        step = game.step(state, move)
        assert state == before  # apply does not mutate
        assert step.events[0] == cr.MovePlayed(cast(int, state.to_move), move)
        state = step.state
    assert state.is_over and state.winners
    assert all_cards(state) == Counter(ALL_52)
    points = [sum(c8.card_points(c, "openspiel") for c in hand) for hand in state.hands]
    assert state.scores == tuple(-p for p in points)
    assert all(points[w] == min(points) for w in state.winners)


# -- search bots play it: the engine deals the unseen cards -----------------------------------


@pytest.mark.parametrize("seed", [1, 4, 7])
def test_determinize_agrees_with_the_view(seed: int) -> None:
    chooser = random.Random(seed)
    state = GAME.new_game(seed=seed)
    for number in range(80):
        if state.is_over:
            break
        view = GAME.observe(state, number % 3)
        guess = GAME.determinize(view, seed + number)
        assert GAME.observe(guess, view.seat) == view
        assert all_cards(guess) == Counter(ALL_52)
        state = GAME.apply(state, chooser.choice(GAME.legal_moves(state)))


def test_the_search_bot_beats_random_players_through_the_arena() -> None:
    """ISMCTSBot (20 playouts a decision) against two random players over 12 games,
    seats rotated: it keeps significantly fewer points in hand than each of them (more
    games: benchmarks/search_vs_random.py, docs/bots.md)."""
    from cardrules.arena import run_arena
    from cardrules.bots import Bot, ISMCTSBot, RandomBot

    bots: list[Bot] = [ISMCTSBot(iterations=20), RandomBot(), RandomBot()]
    result = run_arena(GAME, bots, games=12, seed=1, bot_seed=2, workers=1, progress=False)
    assert len(result.games) == 12 and result.entrants[0] == "ismcts"
    assert sum(row.wins for row in result.rows()) == pytest.approx(12)
    for other in result.entrants[1:]:
        assert result.compare("ismcts", other).score_difference_ci[0] > 0
