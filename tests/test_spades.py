"""Spades as people play it (``cr.Spades()``, docs/rules/spades.md): each default and
each option by a game that would change if it were broken; scoring, bags carried from
deal to deal, the end of the game; bad options refused; records, explicit chance and
samples of the unseen cards at the defaults. (OpenSpiel's game, the preset, is
tests/test_peer_spades.py; Blind Nil tests/test_spades_blind_nil.py; the terminal
tests/test_spades_cli.py; positions tests/test_spades_positions.py.)"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any, cast

import attrs
import pytest

import cardrules as cr
from cardrules.games.spades import Bid, Bidding
from cardrules.games.spades import rules as spades
from cardrules.moves import Play

ROOT = Path(__file__).resolve().parents[1]

SPADES_ONLY_LEAD = [  # dealer 3: seat 0 bids and leads first
    "AS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AD",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AH",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AC",
]


def dealt(game: Any, hands: list[str], bids: tuple[int, ...] = (1, 2, 1, 2), **setup: Any) -> Any:
    """A deal of ``hands`` dealt by seat 3, bid ``bids``: the play's first state."""
    state = game.new_game(seed=1, dealer=3, hands=[cr.parse_cards(h) for h in hands], **setup)
    for bid in bids:
        state = game.apply(state, Bid(bid))
    return state


def play(game: Any, state: Any, cards: str) -> Any:
    for card in cards.split():
        state = game.apply(state, Play(card))
    return state


def random_game(game: Any, seed: int) -> Any:
    state, chooser = game.new_game(seed=seed), random.Random(seed)
    while not state.is_over:
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
    return state


# -- the defaults -------------------------------------------------------------------


def test_the_defaults_are_the_game_people_play() -> None:
    game = cr.Spades()
    assert (game.target, game.losing_score, game.random_first_dealer) == (500, -200, True)
    assert (game.spades_broken_by, game.team_bid_limit) == ("trumping", None)
    assert (game.nil_points, game.nil_tricks, game.blind_nil) == (100, "as_bags", False)
    assert (game.blind_nil_points, game.blind_nil_behind) == (200, 100)
    assert (game.bag_limit, game.bag_penalty, game.deal_bonus) == (10, 100, 0)
    assert (game.first_dealer_seat, game.deal_bonus_at, game.deal_forfeit_at) == (0, 500, 0)
    assert game.teams() == ((0, 2), (1, 3)) and game.num_move_ids == 66


def test_the_first_dealer_is_drawn_and_the_deal_passes_left() -> None:
    game = cr.Spades()
    assert {game.new_game(seed=seed).dealer for seed in range(40)} == {0, 1, 2, 3}
    fixed = cr.Spades(random_first_dealer=False, first_dealer_seat=2)
    assert {fixed.new_game(seed=seed).dealer for seed in range(5)} == {2}
    assert {cr.Spades(first_dealer_seat=2).new_game(seed=s).dealer for s in range(40)} != {2}
    state = game.new_game(seed=5, dealer=1)
    while state.round_number == 1:
        state = game.apply(state, random.Random(5).choice(game.legal_moves(state)))
    assert not state.is_over and state.dealer == 2 and state.to_move == 3


def test_everyone_bids_from_the_dealers_left_any_of_nil_to_13() -> None:
    game = cr.Spades()
    state = game.new_game(seed=3, dealer=1)
    order = []
    for bid in (13, 13, 13, 13):  # partners' bids are not limited together
        assert state.phase == "bid" and game.legal_moves(state) == spades.BIDS
        order.append(state.to_move)
        state = game.apply(state, Bid(bid))
    assert order == [2, 3, 0, 1] and state.phase is None and state.to_move == 2
    assert state.payload == Bidding((13, 13, 13, 13))


def test_the_team_bid_limit_caps_the_partners_bids_together() -> None:
    game = cr.Spades(team_bid_limit=13)
    state = game.new_game(seed=3, dealer=3)
    state = game.apply(game.apply(state, Bid(9)), Bid(13))
    assert game.legal_moves(state)[-1] == Bid(4)
    message = "bid 5: partners may bid at most 13 together, and your partner bid 9: bid Nil to 4"
    with pytest.raises(cr.IllegalMoveError, match=message) as caught:
        game.apply(state, Bid(5))
    assert caught.value.reason == "bid_too_high"
    state = game.apply(state, Bid(4))
    assert game.legal_moves(state) == (Bid(0),)  # seat 3: partner bid 13


def test_spades_are_led_once_a_spade_is_played_on_another_suits_lead() -> None:
    game = cr.Spades()
    state = dealt(game, SPADES_ONLY_LEAD)
    with pytest.raises(cr.IllegalMoveError, match="until spades are broken") as caught:
        game.apply(state, Play("AS"))
    assert caught.value.reason == "spades_not_broken"
    assert not game.is_broken(state)
    state = play(game, state, "2C 2S 2D AC")  # seat 1 cannot follow clubs: a spade
    assert game.is_broken(state) and game.is_broken(game.observe(state, 3))
    assert len(game.legal_moves(state)) == 12  # seat 1 may lead its spades too


def test_a_spade_led_from_a_hand_of_spades_breaks_them_only_as_an_option() -> None:
    """Seat 0 holds only spades and leads one; seat 1 follows with A♠ and leads next,
    holding K♠ and 2♥."""
    hands = ["2S 3S 4S", "AS KS 2H", "2C 3C 4C", "2D 3D 4D"]
    leads = {}
    for rule in ("trumping", "any_spade", "never"):
        game = cr.Spades(spades_broken_by=rule)
        state = game.position(hands, leader=0, payload=Bidding((1, 1, 1, 1)))
        state = play(game, state, "2S AS 2C 2D")
        assert state.to_move == 1
        leads[rule] = {str(move) for move in game.legal_moves(state)}
        assert game.is_broken(state) == game.is_broken(game.observe(state, 2))
    assert leads == {"trumping": {"2♥"}, "any_spade": {"K♠", "2♥"}, "never": {"2♥"}}
    trick = [cr.parse_cards("2S AS 2C 2D")]
    assert not spades.spades_broken(trick, "trumping")
    assert spades.spades_broken(trick, "any_spade")
    assert not spades.spades_broken([cr.parse_cards("2C AS 3C 4C")], "never")


def test_a_nil_bidders_tricks_are_bags_and_never_the_partners() -> None:
    bidding = Bidding((0, 3, 5, 3))
    for rule, expected in (("as_bags", -48), ("ignored", -50), ("count", -48)):
        sides = cr.Spades(nil_tricks=rule).score_sides(bidding, (2, 4, 5, 2))
        assert sides[0].total == expected, rule
        assert sides[1].total == 60
    # The partner's bid is not made by the Nil bidder's tricks (but is under "count").
    sides = cr.Spades().score_sides(bidding, (3, 3, 4, 3))
    assert (sides[0].points_for_contract, sides[0].new_bags, sides[0].total) == (-50, 3, -147)
    counted = cr.Spades(nil_tricks="count").score_sides(bidding, (3, 3, 4, 3))[0]
    assert (counted.points_for_contract, counted.new_bags, counted.total) == (50, 2, -48)


def test_scoring_contracts_nils_and_bags() -> None:
    game = cr.Spades()
    made, set_ = game.score_sides(Bidding((4, 5, 2, 5)), (6, 4, 2, 1))
    assert (made.total, made.new_bags, made.made) == (62, 2, True)
    assert (set_.total, set_.made) == (-100, False)
    nil_made, nil_failed = game.score_sides(Bidding((0, 0, 4, 3)), (0, 1, 8, 4))
    assert nil_made.total == 100 + 40 + 4 and nil_failed.total == -100 + 30 + 1 + 1
    values = cr.Spades(nil_points=50, bag_limit=5, bag_penalty=50)
    side = values.score_sides(Bidding((0, 3, 2, 3), bags=(4, 0)), (0, 6, 4, 3))[0]
    assert (side.nil_points, side.penalty, side.bags_after, side.total) == (50, -50, 1, 22)
    free = cr.Spades(bag_limit=None).score_sides(Bidding((1, 1, 1, 1), bags=(95, 0)), (6, 2, 4, 1))
    assert (free[0].penalty, free[0].bags_after, free[0].total) == (0, 103, 28)


def test_bags_carry_from_deal_to_deal_and_cost_100_at_ten() -> None:
    """A deal of two cards each, played out: seats 0 and 2 had 9 bags, take a tenth."""
    game = cr.Spades(target=1000, losing_score=None)
    payload = Bidding((1, 1, 0, 1), bags=(9, 4))
    state = game.position(["AS KS", "2C 3C", "4C 5C", "6C 7C"], leader=0, payload=payload)
    step = None
    while state.round_number == 1:
        step = game.step(state, game.legal_moves(state)[0])
        state = step.state
    # Seats 0 and 2: bid 1, took 2: +10 and a bag, the Nil made +100, ten bags -100.
    # Seats 1 and 3: bid 2, took nothing: -20.
    assert state.scores == (11, -20, 11, -20)
    assert state.payload.bags == (0, 4) and state.payload.bids == (None,) * 4
    assert step is not None and any(isinstance(e, cr.HandScored) for e in step.events)


def test_a_game_ends_at_the_target_or_the_losing_score_and_ties_play_on() -> None:
    game = cr.Spades()
    assert game.game_winners((500, 499, 500, 499)) == (0, 2)
    assert game.game_winners((510, 530, 510, 530)) == (1, 3)
    assert game.game_winners((520, 520, 520, 520)) == ()
    assert game.game_winners((-200, -150, -200, -150)) == (1, 3)
    assert game.game_winners((-250, -300, -250, -300)) == (0, 2)
    assert game.game_winners((499, -199, 499, -199)) == ()
    assert cr.Spades(losing_score=None).game_winners((0, -900, 0, -900)) == ()
    one = cr.Spades(target=None)
    assert one.game_winners((-50, -60, -50, -60)) == (0, 2)
    assert one.game_winners((10, 10, 10, 10)) == (0, 1, 2, 3)
    for seed in range(6):
        state = random_game(cr.Spades(target=150), seed)
        ours, theirs = state.scores[:2]
        assert max(ours, theirs) >= 150 or min(ours, theirs) <= -200
        assert ours != theirs and state.winners == ((0, 2) if ours > theirs else (1, 3))
        assert state.scores[2:] == state.scores[:2]
    assert random_game(one, 3).round_number == 1


def test_the_deal_bonus_applies_to_each_deals_score_when_set() -> None:
    game = cr.Spades(deal_bonus=30, deal_bonus_at=40, deal_forfeit_at=-50)
    ours, theirs = game.score_sides(Bidding((3, 5, 2, 4)), (4, 3, 2, 4))
    assert (ours.bonus, theirs.bonus) == (30, -30) and ours.total == 51 + 30
    plain = cr.Spades().score_sides(Bidding((3, 5, 2, 4)), (4, 3, 2, 4))
    assert (plain[0].bonus, plain[1].bonus) == (0, 0)


def test_states_never_change_and_partners_share_their_score() -> None:
    game = cr.Spades(target=200)
    state, chooser = game.new_game(seed=9), random.Random(9)
    while not state.is_over:
        before = (state.hands, state.payload, state.phase, state.tricks, state.to_move)
        after = game.apply(state, chooser.choice(game.legal_moves(state)))
        assert (state.hands, state.payload, state.phase, state.tricks, state.to_move) == before
        state = after
        assert state.scores[0] == state.scores[2] and state.scores[1] == state.scores[3]


# -- options and the preset's parameters refused -------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 0}, "target must be an int from 1 up or None, not 0"),
        ({"losing_score": "low"}, "losing_score must be an int"),
        ({"random_first_dealer": None}, "random_first_dealer must be True or False, not None"),
        ({"first_dealer_seat": 4}, "first_dealer_seat must be an int from 0 to 3, not 4"),
        ({"spades_broken_by": "hearts"}, "spades_broken_by must be one of 'trumping'"),
        ({"team_bid_limit": 0}, "team_bid_limit must be an int from 1 to 26 or None, not 0"),
        ({"nil_points": -1}, "nil_points must be an int from 0 up"),
        ({"nil_tricks": "partner"}, "nil_tricks must be one of 'as_bags', 'ignored', 'count'"),
        ({"blind_nil": 1}, "blind_nil must be True or False, not 1"),
        ({"blind_nil_points": 1.5}, "blind_nil_points must be an int"),
        ({"blind_nil_behind": -100}, "blind_nil_behind must be an int from 0 up or None"),
        ({"bag_limit": 0}, "bag_limit must be an int from 1 up or None, not 0"),
        ({"bag_penalty": True}, "bag_penalty must be an int"),
        ({"deal_bonus": None}, "deal_bonus must be an int"),
        ({"deal_bonus_at": "500"}, "deal_bonus_at must be an int"),
        ({"deal_forfeit_at": None}, "deal_forfeit_at must be an int"),
        ({"target": 100, "losing_score": 100}, r"losing_score must be below target \(100\)"),
    ],
)
def test_bad_options_are_refused_saying_what_is_allowed(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(cr.RulesError, match=message):
        cr.Spades(**options)


def test_bad_openspiel_parameters_are_refused() -> None:
    with pytest.raises(cr.RulesError, match="no parameter 'full_game'; its parameters are"):
        cr.Spades.openspiel(full_game=True)
    with pytest.raises(cr.RulesError, match="use_mercy_rule must be a bool"):
        cr.Spades.openspiel(use_mercy_rule=1)
    with pytest.raises(cr.RulesError, match="win_threshold must be a int"):
        cr.Spades.openspiel(win_threshold=1.5)
    with pytest.raises(cr.RulesError, match=r"num_tricks .* must be from 0 up, not -1"):
        cr.Spades.openspiel(num_tricks=-1)
    assert cr.Spades.openspiel(num_tricks=9) == cr.Spades.openspiel()


def _table(page: str, header: str) -> set[str]:
    lines = page.splitlines()
    start = lines.index(header)
    names = set()
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        found = re.match(r"\| `([a-z_]+)` \|", line)
        assert found, line
        names.add(found.group(1))
    return names


def test_the_rules_page_lists_every_option_and_openspiel_parameter() -> None:
    page = (ROOT / "docs" / "rules" / "spades.md").read_text("utf-8")
    options = {field.name for field in attrs.fields(cr.Spades) if field.init}
    assert _table(page, "| Option | Default | Meaning |") == options
    parameters = _table(page, "| OpenSpiel parameter | Default | Becomes |")
    assert parameters == set(cr.Spades.OPENSPIEL_PARAMETERS)


# -- records, explicit chance, samples -----------------------------------------------


@pytest.mark.parametrize(
    "game",
    [cr.Spades(target=200), cr.Spades.openspiel(), cr.Spades(blind_nil=True, target=150)],
    ids=["people", "openspiel", "blind-nil"],
)
def test_a_record_round_trips(game: Any) -> None:
    record = cr.GameRecord.start(game, seed=8)
    state = record.initial_state()
    chooser = random.Random(8)
    while not state.is_over:
        move = chooser.choice(game.legal_moves(state))
        record, state = record.then(move), game.apply(state, move)
    text = record.to_json()
    assert '"move": "spades_bid"' in text
    again = cr.GameRecord.from_json(text)
    assert again == record and again.final_state() == state and again.game == game


def test_explicit_chance_draws_the_dealer_then_deals_every_deal() -> None:
    from cardrules.chance import ExplicitChance

    table = ExplicitChance(cr.Spades())
    chooser = random.Random(4)
    state = table.new_game()
    assert state.draw_below == 4  # the first dealer
    deals = Counter[int]()
    while not state.is_over:
        if state.is_chance:
            outcomes = [outcome for outcome, _ in table.chance_outcomes(state)]
            state = table.apply_chance(state, chooser.choice(outcomes))
            continue
        deals[state.inner.round_number] += 1
        state = table.apply(state, chooser.choice(table.legal_moves(state)))
    assert len(deals) >= 2 and all(moves == 56 for moves in list(deals.values())[:-1])


@pytest.mark.parametrize("rule", ["trumping", "any_spade"])
def test_a_sample_of_the_unseen_cards_looks_the_same_to_the_seat(rule: str) -> None:
    game = cr.Spades(spades_broken_by=rule, target=150)
    for seed in range(2):
        state, chooser = game.new_game(seed=seed), random.Random(seed)
        while not state.is_over:
            if chooser.random() < 0.2:
                view = game.observe(state, cast(int, state.to_move))
                guess = game.determinize(view, seed)
                assert game.observe(guess, view.seat) == view
            state = game.apply(state, chooser.choice(game.legal_moves(state)))


def test_the_encoding_shows_the_bids_the_bags_and_broken_spades() -> None:
    from cardrules.encoding import encoder_for

    game = cr.Spades()
    encoder = encoder_for(game)
    fields = {field.name: field for field in game.encoded_fields()}
    state = dealt(game, SPADES_ONLY_LEAD, bids=(3, 0, 2, 4))
    view = game.observe(state, 1)
    bids = fields["bids"].values(view)  # from seat 1: itself, 2, 3, then 0
    assert [bids[16 * k : 16 * k + 16].index(1.0) for k in range(4)] == [1, 3, 5, 4]
    assert list(fields["bags"].values(view)) == [0.0, 0.0]
    assert list(fields["spades_broken"].values(view)) == [0.0]
    state = play(game, state, "2C 2S 2D AC")
    assert list(fields["spades_broken"].values(game.observe(state, 0))) == [1.0]
    assert len(encoder.observation(game.observe(state, 0))) == encoder.observation_size


# -- the arena counts sides ------------------------------------------------------------


def test_the_arena_counts_a_partnership_win_whole_for_each_partner() -> None:
    from cardrules.arena import run_arena
    from cardrules.bots import Bot, HeuristicBot, RandomBot

    game = cr.Spades(target=150)
    bots: list[Bot] = [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()]
    result = run_arena(game, bots, games=4, seed=1, bot_seed=2, workers=1, progress=False)
    for played in result.games:
        assert played.sides_won == 1
    rows = result.rows()
    # Entrants 0 and 2 always sit as partners (seats rotate together), and so do 1 and 3.
    assert rows[0].wins == rows[2].wins and rows[1].wins == rows[3].wins
    assert rows[0].wins + rows[1].wins == 4  # one win per game, whole for each partner
