"""Oh Hell's rules as people play them (cardrules.games.oh_hell): each default and
each option, the checks on bad options, records, explicit chance, samples of the
unseen cards, the heuristic and the search bot. (The OpenSpiel preset against
OpenSpiel itself is tests/test_peer_oh_hell.py; the terminal, tests/test_oh_hell_cli.py.)"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

import cardrules as cr
from cardrules.cards import mask_of
from cardrules.chance import ExplicitChance
from cardrules.games.oh_hell import rules as oh_hell
from cardrules.games.oh_hell.heuristic import expected_tricks
from cardrules.games.oh_hell.scoring import deal_scores, seat_score

Bid = oh_hell.Bid


def play_out(game: Any, state: Any, seed: int = 0) -> Any:
    """``state`` played to the end of the game at random."""
    chooser = random.Random(seed)
    while not state.is_over:
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
    return state


def bid_round(game: Any, state: Any, bids: list[int]) -> Any:
    """``state`` after the seats bid ``bids`` in turn."""
    for tricks in bids:
        state = game.apply(state, Bid(tricks))
    return state


def tricks_taken(state: Any) -> list[int]:
    """The tricks each seat took in the deal of ``state`` (its last, once over)."""
    taken = [0] * len(state.scores)
    for trick in state.tricks:
        taken[trick.winner] += 1
    return taken


def deal_starts(game: Any, seed: int) -> list[Any]:
    """The first position (the first bid) of every deal of a random game."""
    state = game.new_game(seed=seed)
    starts = [state]
    chooser = random.Random(seed)
    while not state.is_over:
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
        if not state.is_over and state.round_number != starts[-1].round_number:
            starts.append(state)
    return starts


# -- the defaults ----------------------------------------------------------------------


def test_the_defaults_are_pagats_game() -> None:
    game = cr.OhHell()
    assert (game.players, game.suits, game.ranks) == (4, 4, 13)
    assert (game.hand_sizes, game.largest_hand, game.deals) == ("down_up", None, None)
    assert game.largest_deal() == 10  # Pagat's, for four players
    assert (game.trumps, game.hook, game.scoring) == ("turned_up", True, "exact")
    assert (game.per_trick, game.bonus) == (1, 10)
    assert game.deck() == cr.STANDARD_DECK.cards()


@pytest.mark.parametrize(("players", "largest"), [(3, 10), (4, 10), (5, 10), (6, 8), (7, 7)])
def test_the_hands_go_from_pagats_largest_down_to_one_and_back(players: int, largest: int) -> None:
    game = cr.OhHell(players=players)
    down = list(range(largest, 0, -1))
    assert list(game.deal_sizes()) == down + down[::-1][1:]
    assert game.length_bound() == players * sum(size + 1 for size in game.deal_sizes())


def test_a_game_deals_each_size_in_turn_the_deal_passing_left_then_ends() -> None:
    game = cr.OhHell(players=3, largest_hand=3)
    starts = deal_starts(game, seed=2)
    assert [start.hand_size for start in starts] == [3, 2, 1, 2, 3]
    first = starts[0].dealer
    assert [start.dealer for start in starts] == [(first + k) % 3 for k in range(5)]
    assert [start.round_number for start in starts] == [1, 2, 3, 4, 5]
    assert {game.new_game(seed=seed).dealer for seed in range(12)} == {0, 1, 2}  # drawn


def test_the_game_ends_after_the_last_deal_and_the_highest_total_wins() -> None:
    game = cr.OhHell(players=3, largest_hand=2)
    for seed in range(6):
        state = play_out(game, game.new_game(seed=seed), seed)
        assert state.round_number == 3
        best = max(state.scores)
        assert state.winners == tuple(s for s, score in enumerate(state.scores) if score == best)


def test_the_card_after_the_hands_is_turned_up_for_trumps() -> None:
    game = cr.OhHell()
    state = game.new_game(seed=11)
    assert state.turned_up is not None
    assert all(state.turned_up not in hand for hand in state.hands)
    assert game.trump_of(state) == state.turned_up.suit
    assert sum(len(hand) for hand in state.hands) == 40
    view = game.observe(state, 0)
    assert view.turned_up == state.turned_up and view.phase == "bid"


def test_the_bidding_goes_round_from_the_dealers_left_then_the_left_leads() -> None:
    game = cr.OhHell()
    state = game.new_game(seed=5, dealer=2)
    assert state.phase == "bid" and state.payload == (None,) * 4
    seats = []
    for tricks in (1, 2, 0, 3):
        seats.append(state.to_move)
        state = game.apply(state, Bid(tricks))
    assert seats == [3, 0, 1, 2]
    assert state.phase is None and state.payload == (2, 0, 3, 1) and state.to_move == 3


def test_the_hooked_dealer_may_not_make_the_bids_add_up_to_the_tricks() -> None:
    game = cr.OhHell(players=3, largest_hand=5)
    state = bid_round(game, game.new_game(seed=3, dealer=2), [1, 2])
    assert state.to_move == 2 and state.hand_size == 5
    assert [move.tricks for move in game.legal_moves(state)] == [0, 1, 3, 4, 5]
    with pytest.raises(cr.IllegalMoveError, match="bid 2 is not allowed"):
        game.apply(state, Bid(2))
    over = bid_round(game, game.new_game(seed=3, dealer=2), [5, 4])
    assert [move.tricks for move in game.legal_moves(over)] == [0, 1, 2, 3, 4, 5]
    first = game.new_game(seed=3, dealer=2)
    assert game.legal_moves(first) == tuple(Bid(n) for n in range(6))  # the others: any


def test_a_bid_made_scores_ten_plus_the_bid_and_a_bid_missed_nothing() -> None:
    game = cr.OhHell(players=3, hand_sizes="same", largest_hand=4)
    for seed in range(12):
        state = game.new_game(seed=seed)
        chooser = random.Random(seed)
        while state.phase == "bid":
            state = game.apply(state, chooser.choice(game.legal_moves(state)))
        bids = state.payload
        step = None
        while not state.is_over:
            step = game.step(state, chooser.choice(game.legal_moves(state)))
            state = step.state
        assert step is not None
        taken = tricks_taken(state)
        expected = tuple(
            10 + bid if bid == won else 0 for bid, won in zip(bids, taken, strict=True)
        )
        assert state.scores == expected
        assert any(isinstance(event, cr.HandScored) for event in step.events)


# -- the options -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand_sizes", "sizes"),
    [
        ("down_up", (3, 2, 1, 2, 3)),
        ("up_down", (1, 2, 3, 2, 1)),
        ("down", (3, 2, 1)),
        ("up", (1, 2, 3)),
        ("same", (3,)),
        ("random", (3,)),
    ],
)
def test_each_pattern_of_hand_sizes(hand_sizes: str, sizes: tuple[int, ...]) -> None:
    game = cr.OhHell(players=3, hand_sizes=hand_sizes, largest_hand=3)
    assert game.deal_sizes() == sizes
    if hand_sizes != "random":
        assert [start.hand_size for start in deal_starts(game, seed=1)] == list(sizes)


def test_random_hand_sizes_are_drawn_for_each_deal() -> None:
    game = cr.OhHell(players=3, hand_sizes="random", largest_hand=5, deals=4)
    drawn = {start.hand_size for seed in range(10) for start in deal_starts(game, seed)}
    assert drawn == {1, 2, 3, 4, 5}


def test_deals_repeat_or_cut_the_pattern() -> None:
    assert cr.OhHell(largest_hand=3, deals=7).deal_sizes() == (3, 2, 1, 2, 3, 3, 2)
    assert cr.OhHell(largest_hand=3, hand_sizes="up", deals=2).deal_sizes() == (1, 2)
    game = cr.OhHell(players=3, hand_sizes="same", largest_hand=2, deals=3)
    assert [start.hand_size for start in deal_starts(game, seed=4)] == [2, 2, 2]


def test_the_largest_hand_is_what_the_deck_allows() -> None:
    assert cr.OhHell(players=3, largest_hand=17).deal_sizes()[0] == 17
    assert cr.OhHell(players=4, trumps="none", largest_hand=13).largest_deal() == 13
    with pytest.raises(cr.RulesError, match="largest_hand must be an int from 1 to 12"):
        cr.OhHell(players=4, largest_hand=13)  # one card must be left to turn up
    small = cr.OhHell(players=5, suits=2, ranks=6)  # 12 cards: two each, one to turn up
    assert small.largest_deal() == 2 and len(small.deck()) == 12


def test_no_trumps() -> None:
    game = cr.OhHell(players=4, trumps="none", largest_hand=13, hand_sizes="same")
    state = game.new_game(seed=3)
    assert state.turned_up is None and game.trump_of(state) is None
    assert sum(len(hand) for hand in state.hands) == 52
    table = game.suit_table(None)
    assert table.winning_index(cr.parse_cards("3C AS 4C 2C")) == 2  # nothing trumps


def test_trumps_in_rotation() -> None:
    game = cr.OhHell(players=3, trumps="rotation", largest_hand=3, hand_sizes="same", deals=6)
    trumps = [game.trump_of(start) for start in deal_starts(game, seed=2)]
    hearts, diamonds, clubs, spades = (
        cr.Suit.HEARTS,
        cr.Suit.DIAMONDS,
        cr.Suit.CLUBS,
        cr.Suit.SPADES,
    )
    assert trumps == [hearts, diamonds, clubs, spades, None, hearts]
    assert all(start.turned_up is None for start in deal_starts(game, seed=2))
    two_suits = cr.OhHell(players=3, suits=2, trumps="rotation", hand_sizes="same", deals=3)
    assert [two_suits.trump_of(s) for s in deal_starts(two_suits, 1)] == [diamonds, clubs, None]


def test_without_the_hook_the_dealer_bids_anything() -> None:
    game = cr.OhHell(players=3, largest_hand=5, hook=False)
    state = bid_round(game, game.new_game(seed=3, dealer=2), [1, 2])
    assert [move.tricks for move in game.legal_moves(state)] == [0, 1, 2, 3, 4, 5]
    assert bid_round(game, state, [2]).phase is None


@pytest.mark.parametrize(
    ("scoring", "made", "missed"),
    [("exact", 13, 0), ("tricks", 13, 2), ("penalty", 13, -1)],
)
def test_each_scoring(scoring: str, made: int, missed: int) -> None:
    assert seat_score(scoring, 3, 3) == made and seat_score(scoring, 3, 2) == missed
    assert seat_score(scoring, 3, 3, per_trick=2, bonus=5) == 11
    assert deal_scores(scoring, (3, 3), (3, 2)) == (made, missed)


def test_the_scoring_options_reach_the_deal() -> None:
    def final(**options: Any) -> Any:
        game = cr.OhHell(players=3, hand_sizes="same", largest_hand=3, **options)
        state = bid_round(game, game.new_game(seed=9, dealer=2), [3, 0, 1])
        return play_out(game, state, seed=9)

    taken = tricks_taken(final())
    scorings: list[dict[str, Any]] = [
        {},
        {"scoring": "tricks", "per_trick": 2},
        {"scoring": "penalty", "bonus": 7},
    ]
    for options in scorings:
        got = final(**options).scores
        game = cr.OhHell(players=3, largest_hand=3, **options)
        assert got == deal_scores(game.scoring, (3, 0, 1), taken, game.per_trick, game.bonus)


def test_a_smaller_deck() -> None:
    game = cr.OhHell(players=3, suits=2, ranks=5)
    assert cr.format_cards(game.deck()) == "2♣ 3♣ 4♣ 5♣ 6♣ 2♦ 3♦ 4♦ 5♦ 6♦"
    assert game.largest_deal() == 3 and game.max_tricks() == 3
    assert game.num_move_ids == 10 + 4
    state = play_out(game, game.new_game(seed=1))
    assert state.round_number == 5


def test_bad_options_are_refused_saying_what_is_allowed() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"players": 2}, "OhHell: players must be an int from 3 to 7, not 2"),
        ({"players": True}, "players must be an int"),
        ({"suits": 5}, "suits must be an int from 1 to 4, not 5"),
        ({"ranks": 1}, "ranks must be an int from 2 to 13, not 1"),
        ({"hand_sizes": "sideways"}, "hand_sizes must be one of 'down_up', 'up_down'"),
        ({"largest_hand": 0}, "largest_hand must be an int from 1 to 52"),
        ({"deals": 0}, "deals must be an int from 1 up or None, not 0"),
        ({"trumps": "spades"}, "trumps must be one of 'turned_up', 'none', 'rotation'"),
        ({"hook": 1}, "hook must be True or False, not 1"),
        ({"scoring": "bridge"}, "scoring must be one of 'exact', 'tricks', 'penalty'"),
        ({"per_trick": 1.5}, "per_trick must be an int"),
        ({"bonus": "10"}, "bonus must be an int"),
        ({"players": 7, "suits": 1, "ranks": 7}, "7 cards .* too few to deal 7 players"),
        ({"players": 6, "largest_hand": 9}, "largest_hand must be an int from 1 to 8"),
    ]
    for options, message in cases:
        with pytest.raises(cr.RulesError, match=message):
            cr.OhHell(**options)
    assert cr.OhHell(players=7, suits=1, ranks=7, trumps="none").largest_deal() == 1


# -- OpenSpiel's preset ------------------------------------------------------------------


def test_the_preset_with_no_parameters_is_openspiels_defaults() -> None:
    game = cr.OhHell.openspiel()
    assert dict(cr.OhHell.OPENSPIEL_PARAMETERS) == {
        "players": 3,
        "num_suits": 4,
        "num_cards_per_suit": 13,
        "num_tricks_fixed": -1,
        "off_bid_penalty": False,
        "points_per_trick": 1,
    }
    assert game == cr.OhHell(
        players=3, hand_sizes="random", largest_hand=17, scoring="tricks", per_trick=1
    )
    assert game.deal_sizes() == (17,) and game.num_move_ids == 52 + 18
    fixed = cr.OhHell.openspiel(players=5, num_suits=3, num_tricks_fixed=4, off_bid_penalty=True)
    assert (fixed.suits, fixed.hand_sizes, fixed.largest_hand, fixed.scoring) == (
        3,
        "same",
        4,
        "penalty",
    )
    assert cr.OhHell.openspiel(points_per_trick=-3).per_trick == -3


def test_the_preset_refuses_bad_parameters_in_openspiels_words() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"num_players": 3}, "OpenSpiel's oh_hell has no parameter 'num_players'"),
        ({"players": 3.0}, "parameter players must be a int"),
        ({"off_bid_penalty": 1}, "parameter off_bid_penalty must be a bool"),
        ({"players": 8}, "parameter players must be 3 to 7, not 8"),
        ({"num_suits": 0}, "parameter num_suits must be 1 to 4, not 0"),
        ({"num_cards_per_suit": 14}, "parameter num_cards_per_suit must be 2 to 13, not 14"),
        ({"num_tricks_fixed": 0}, "num_tricks_fixed must be -1 \\(drawn\\) or 1 to 17, not 0"),
        ({"players": 7, "num_suits": 1, "num_cards_per_suit": 7}, "too few"),
    ]
    for parameters, message in cases:
        with pytest.raises(cr.RulesError, match=message):
            cr.OhHell.openspiel(**parameters)


def test_the_move_ids_are_openspiels_actions() -> None:
    game = cr.OhHell.openspiel(num_suits=2, num_cards_per_suit=4)
    # OpenSpiel numbers card rank * suits + suit, clubs then diamonds; the bids follow,
    # up to the most tricks the deck allows (7 cards for 3 players, one to turn up).
    assert [str(move) for move in game.all_moves()] == [
        "2♣", "2♦", "3♣", "3♦", "4♣", "4♦", "5♣", "5♦", "bid 0", "bid 1", "bid 2",
    ]  # fmt: skip
    assert game.move_id(Bid(2)) == 10 and game.move_from_id(3) == cr.Play("3D")


# -- records, chance, views ------------------------------------------------------------


@pytest.mark.parametrize(
    "game", [cr.OhHell(), cr.OhHell.openspiel(players=4)], ids=["defaults", "openspiel"]
)
def test_a_record_with_bids_round_trips(game: Any) -> None:
    record = cr.GameRecord.start(game, seed=8)
    state = record.initial_state()
    chooser = random.Random(8)
    while not state.is_over:
        move = chooser.choice(game.legal_moves(state))
        record, state = record.then(move), game.apply(state, move)
    text = record.to_json()
    assert '"move": "oh_hell_bid"' in text
    again = cr.GameRecord.from_json(text)
    assert again == record and again.final_state() == state
    assert isinstance(again.moves[0], Bid) and again.game == game


def test_explicit_chance_at_the_defaults_draws_the_dealer_then_the_cards() -> None:
    game = cr.OhHell()
    table = ExplicitChance(game)
    state = table.new_game()
    assert state.is_chance and state.draw_below == 4  # the first dealer; no size is drawn
    state = table.apply_chance(state, 1)
    assert state.draw_below == 0 and state.cards_to_place == 52
    for card in cr.STANDARD_DECK.cards():
        state = table.apply_chance(state, card)
    assert not state.is_chance and state.inner.dealer == 1 and state.inner.hand_size == 10
    stacked = game.new_game(dealer=1, deck=cr.STANDARD_DECK.cards())
    assert state.inner.hands == stacked.hands and state.inner.turned_up == stacked.turned_up


@pytest.mark.parametrize("seed", range(4))
def test_a_sample_of_the_unseen_cards_looks_the_same_to_the_seat(seed: int) -> None:
    game = cr.OhHell(
        players=3 + seed % 3, suits=3 + seed % 2, largest_hand=3, trumps=oh_hell.TRUMPS[seed % 3]
    )
    state = game.new_game(seed=seed)
    chooser = random.Random(seed)
    deck = mask_of(game.deck())
    while not state.is_over:
        view = game.observe(state, cast(int, state.to_move))
        guess = game.determinize(view, seed)
        assert game.observe(guess, view.seat) == view
        held = [mask_of(hand) for hand in guess.hands]
        assert sum(h.bit_count() for h in held) == sum(view.hand_sizes)
        assert all(h & ~deck == 0 for h in held) and guess.turned_up == state.turned_up
        legal = game.legal_moves(state)
        before = (state.hands, state.payload, state.phase, state.tricks, state.to_move)
        after = game.apply(state, chooser.choice(legal))
        assert (state.hands, state.payload, state.phase, state.tricks, state.to_move) == before
        assert game.legal_moves(guess) == legal  # the seat's own choices are the same
        state = after


def test_setups_and_positions() -> None:
    small = cr.OhHell(players=3, suits=2, ranks=5)
    with pytest.raises(cr.SetupError, match="give turned_up"):
        small.new_game(seed=1, hands=[["2C"], ["3C"], ["4C"]])
    with pytest.raises(cr.SetupError, match="hand_size must be"):
        small.new_game(seed=1, hand_size=4)
    with pytest.raises(cr.SetupError, match="must be a card of the deck in no hand"):
        small.new_game(seed=1, hands=[["2C"], ["3C"], ["4C"]], turned_up="AS")
    state = small.new_game(seed=1, dealer=0, hands=[["2C"], ["3C"], ["4C"]], turned_up="2D")
    assert state.hand_size == 1 and state.to_move == 1 and state.phase == "bid"
    trick = cr.Trick(1, cr.parse_cards("2C 3D 4C"), 2)  # diamonds are trumps
    state = small.position(
        ["5C 6C", "3C 5D", "4D 6D"],
        leader=2,
        tricks=[trick],
        dealer=0,
        turned_up="2D",
        payload=(1, 0, 2),
    )
    assert state.round_scores == (0, 0, 1) and state.to_move == 2
    with pytest.raises(cr.SetupError, match="payload is the bids"):
        small.position(["5C", "3C", "4D"], leader=0, dealer=0, turned_up="2D", payload=(1, 0))


# -- the heuristic and the search bot -----------------------------------------------------


def test_expected_tricks_counts_high_cards_and_trumps() -> None:
    spades = int(cr.Suit.SPADES)
    assert expected_tricks(cr.parse_cards("AS KS QS"), spades, 14) == pytest.approx(2.64)
    assert expected_tricks(cr.parse_cards("2H 3D"), spades, 14) == 0
    assert expected_tricks(cr.parse_cards("2S"), spades, 14) == 0.25
    assert expected_tricks(cr.parse_cards("AH"), None, 14) == 0.85


def test_the_heuristic_plays_legal_moves_from_the_view_the_same_each_time() -> None:
    game = cr.OhHell(players=3, largest_hand=4, trumps="rotation")
    for seed in range(3):
        state = game.new_game(seed=seed)
        while not state.is_over:
            view = game.observe(state, cast(int, state.to_move))
            legal = game.legal_moves(state)
            move = game.heuristic(view, legal)
            assert move in legal and game.heuristic(view, legal) == move
            state = game.apply(state, move)


def test_the_heuristic_bids_its_hand_and_ducks_when_its_bid_is_made() -> None:
    game = cr.OhHell(players=3, suits=2, ranks=5, hand_sizes="same", largest_hand=2)
    # Diamonds are trumps: seat 1 holds the two top trumps, seat 2 nothing.
    state = game.new_game(
        dealer=0, hands=[["2C", "3C"], ["6D", "5D"], ["4C", "5C"]], turned_up="2D"
    )
    assert game.heuristic(game.observe(state, 1), game.legal_moves(state)) == Bid(2)
    state = bid_round(game, state, [2, 0, 1])  # seats 1, 2 and the dealer, 0
    assert game.heuristic(game.observe(state, 1), game.legal_moves(state)) == cr.Play("6D")
    state = game.apply(state, cr.Play("6D"))  # seat 2 wants no trick: its highest loser
    assert game.heuristic(game.observe(state, 2), game.legal_moves(state)) == cr.Play("5C")
    state = game.apply(state, cr.Play("5C"))  # seat 0 wants one, but cannot win this
    assert game.heuristic(game.observe(state, 0), game.legal_moves(state)) == cr.Play("2C")


def test_the_heuristic_beats_random_players() -> None:
    from cardrules.arena import run_arena
    from cardrules.bots import Bot, HeuristicBot, RandomBot

    game = cr.OhHell(largest_hand=4)
    bots: list[Bot] = [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()]
    result = run_arena(game, bots, games=16, seed=1, bot_seed=2, workers=1, progress=False)
    rows = {row.entrant: row for row in result.rows()}
    assert rows["heuristic"].wins > 2 * max(
        row.wins for name, row in rows.items() if name != "heuristic"
    )


def test_the_search_bot_beats_random_players() -> None:
    from cardrules.arena import run_arena
    from cardrules.bots import Bot, ISMCTSBot, RandomBot

    game = cr.OhHell(players=3, hand_sizes="same", largest_hand=4)
    bots: list[Bot] = [ISMCTSBot(iterations=40), RandomBot(), RandomBot()]
    result = run_arena(game, bots, games=12, seed=1, bot_seed=2, workers=1, progress=False)
    rows = result.rows()
    assert rows[0].entrant == "ismcts"
    assert rows[0].wins > max(row.wins for row in rows[1:])


# -- the rules page --------------------------------------------------------------------


def _table_names(header: str) -> set[str]:
    """The backticked names in the first column of the rules page's table under
    ``header``."""
    from pathlib import Path

    page = Path(__file__).resolve().parents[1] / "docs" / "rules" / "oh_hell.md"
    lines = page.read_text(encoding="utf-8").splitlines()
    start = lines.index(header) + 2
    names = set()
    for line in lines[start:]:
        if not line.startswith("| `"):
            break
        names.add(line.split("`")[1])
    return names


def test_the_rules_page_lists_every_option_and_openspiel_parameter() -> None:
    import attrs

    options = {field.name for field in attrs.fields(cr.OhHell) if field.init}
    assert _table_names("| Option | Default | Meaning |") == options
    assert _table_names("| OpenSpiel parameter | Default | Becomes |") == set(
        cr.OhHell.OPENSPIEL_PARAMETERS
    )


def test_the_openspiel_host_takes_any_number_of_players() -> None:
    """The largest hand's default depends on the players (None: Pagat's), so the
    OpenSpiel host registers it as a parameter that holds for every number of them."""
    pyspiel = pytest.importorskip("pyspiel")
    import cardrules.hosts.openspiel  # noqa: F401  (registers the library's games)

    for players, largest in ((3, 10), (6, 8), (7, 7)):
        game = pyspiel.load_game(f"python_cardrules_oh_hell(players={players})")
        state = game.new_initial_state()
        state.apply_action(0)  # the first dealer: seat 0
        while state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        assert len(state.legal_actions()) == largest + 1  # bids 0 to the largest hand
