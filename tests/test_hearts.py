"""Hearts (cardrules.games.hearts) at its defaults, rule by rule, plus random-game
properties (the options: tests/test_hearts_options.py).

Positions are built explicitly (``Hearts.position``, small hands) or dealt from a deck
stacked by hand, so each test names the rule it checks.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules as cr
from cardrules.games.hearts import rules as hearts
from conftest import ALL_52, card, cards

GAME = hearts.Hearts(passing="keep")
"""Hearts without passing: most rules here are about the play."""


def position(
    hands: list[str],
    *,
    leader: int = 0,
    trick: str = "",
    tricks: tuple[cr.Trick, ...] = (),
    scores: tuple[int, ...] = (0, 0, 0, 0),
) -> Any:
    """A state with these hands (text per seat), ``leader`` and cards already played to
    the current trick, and completed ``tricks`` (none: the first trick); seat 3 dealt."""
    return GAME.position(
        hands, leader=leader, trick=trick, tricks=tricks, dealer=3, scores=scores, seed=5
    )


PAST = (cr.Trick(0, cards("AD JD QD KD"), winner=0),)
"""One completed trick without points: positions with it are past the first trick."""
BROKEN = (cr.Trick(0, cards("AD QD KD 2H"), winner=0),)
"""One completed trick with a heart in it: hearts are broken."""


def legal(state: Any) -> set[cr.Card]:
    return {move.card for move in GAME.legal_moves(state)}


def reason(state: Any, text: str) -> str:
    with pytest.raises(cr.IllegalMoveError) as info:
        GAME.apply(state, cr.Play(card(text)))
    return info.value.reason


def play_all(state: Any, texts: str) -> tuple[Any, list[cr.Event]]:
    events: list[cr.Event] = []
    for text in texts.split():
        step = GAME.step(state, cr.Play(card(text)))
        state = step.state
        events.extend(step.events)
    return state, events


# -- the deal and the first lead -------------------------------------------------------------


def test_deal_is_one_card_at_a_time_from_the_dealers_left() -> None:
    deck = list(ALL_52)  # with dealer 3, card i of the deck goes to seat i % 4
    state = GAME.new_game(seed=1, dealer=3, deck=deck)
    assert state.hands == tuple(tuple(ALL_52[seat::4]) for seat in range(4))
    state = GAME.new_game(seed=1, dealer=0, deck=deck)  # dealer 0: card i to seat (i + 1) % 4
    assert state.hands[1] == tuple(ALL_52[0::4])


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_seeded_deal_gives_13_each_and_the_two_of_clubs_leads(seed: int) -> None:
    state = GAME.new_game(seed=seed)
    assert [len(hand) for hand in state.hands] == [13] * 4
    assert sorted(c for hand in state.hands for c in hand) == list(ALL_52)
    assert state.to_move is not None
    assert card("2C") in state.hands[state.to_move]
    assert GAME.legal_moves(state) == (cr.Play(card("2C")),)
    assert GAME.new_game(seed=seed) == state  # deterministic from the seed


def test_first_lead_must_be_the_two_of_clubs() -> None:
    state = position(["2C 9C AH", "3C 5D 6D", "4C 7D 8D", "5C 9D TD"])
    assert legal(state) == {card("2C")}
    assert reason(state, "9C") == "must_lead_two_of_clubs"


def test_bad_setup_and_options_are_refused() -> None:
    with pytest.raises(cr.SetupError):
        GAME.new_game(dealer=4)
    with pytest.raises(cr.SetupError):
        GAME.new_game(deck=list(ALL_52[:51]))
    with pytest.raises(cr.RulesError):
        hearts.Hearts(target=-1)
    with pytest.raises(cr.RulesError, match="passing"):
        hearts.Hearts(passing=("left", "up"))


# -- following suit and the first trick ----------------------------------------------------------


def test_players_must_follow_suit() -> None:
    state = position(["8C", "3S 9D", "4C 5H", "6C 7C"], trick="KS", tricks=PAST)
    assert legal(state) == {card("3S")}
    assert reason(state, "9D") == "must_follow_suit"


def test_no_points_on_the_first_trick_when_void_in_clubs() -> None:
    state = position(["3C 7C 8C", "AH QS 9D 4H", "5C 6S 7S 8S", "6C 9S TS JS"], trick="2C")
    assert legal(state) == {card("9D")}
    assert reason(state, "AH") == "no_points_on_first_trick"
    assert reason(state, "QS") == "no_points_on_first_trick"


def test_points_allowed_on_the_first_trick_when_holding_nothing_else() -> None:
    state = position(["3C 7C", "AH QS 4H", "5C 6S 7S", "6C 9S TS"], trick="2C")
    assert legal(state) == {card("AH"), card("QS"), card("4H")}
    state, _ = play_all(state, "QS")
    assert GAME.hearts_broken(state)


def test_after_the_first_trick_points_may_be_discarded() -> None:
    state = position(["3C 7C", "AH QS 9D", "5C 6S 7S", "6C 9S TS"], trick="2C", tricks=PAST)
    assert legal(state) == {card("AH"), card("QS"), card("9D")}


# -- leading hearts ----------------------------------------------------------------------------


def test_hearts_cannot_be_led_until_broken() -> None:
    state = position(["AH 9D", "3S 6S", "4S 7S", "5S 8S"], tricks=PAST)
    assert legal(state) == {card("9D")} and not GAME.hearts_broken(state)
    assert reason(state, "AH") == "hearts_not_broken"
    broken = position(["AH 9D", "3S 6S", "4S 7S", "5S 8S"], tricks=BROKEN)
    assert GAME.hearts_broken(broken) and GAME.hearts_broken(GAME.observe(broken, 1))
    assert legal(broken) == {card("AH"), card("9D")}


def test_queen_of_spades_may_be_led_before_hearts_are_broken() -> None:
    state = position(["AH QS", "3S 6S", "4S 7S", "5S 8S"], tricks=PAST)
    assert legal(state) == {card("QS")}


def test_a_leader_holding_only_hearts_may_lead_one() -> None:
    state = position(["AH 2H", "3S 6S", "4S 7S", "5S 8S"], tricks=PAST)
    assert legal(state) == {card("AH"), card("2H")}


@pytest.mark.parametrize(("discard", "broken"), [("9H", True), ("QS", True), ("9D", False)])
def test_a_heart_or_the_queen_of_spades_breaks_hearts(discard: str, broken: bool) -> None:
    start = position(["KC 8C", "3C 9S", f"{discard} 7D", "4C 8S"], tricks=PAST)
    state, _ = play_all(start, f"KC 3C {discard}")
    assert GAME.hearts_broken(state) is broken


# -- scoring -------------------------------------------------------------------------------------


def test_each_heart_scores_one_and_the_queen_of_spades_thirteen() -> None:
    state = GAME.new_game(seed=0)  # a trick's points do not depend on the state
    points = [GAME.score_trick(state, 1, (c,), 0) for c in cards("2H AH QS KS QH 2C JD")]
    assert points == [1, 1, 13, 0, 1, 0, 0]
    jack = hearts.Hearts(jack_of_diamonds=True)
    assert jack.score_trick(jack.new_game(seed=0), 1, cards("JD QH"), 0) == -9
    taken = (
        cr.Trick(0, cards("5H 2H 3H 4H"), winner=0),
        cr.Trick(0, cards("2D QS 3D 6H"), winner=2),  # seats 1 and 3 have no diamonds
    )
    start = position(["AC", "2S", "3C", "7H"], leader=2, tricks=taken, scores=(10, 20, 30, 40))
    state, events = play_all(start, "3C 7H AC 2S")
    assert events[-3] == cr.TrickWon(0, 3, cards("3C 7H AC 2S"), 1)
    scored = events[-2]
    assert scored == cr.HandScored(1, (5, 0, 14, 0), (15, 20, 44, 40))
    assert state.scores == (15, 20, 44, 40)


def moon_tricks(without_2h: bool = False) -> tuple[cr.Trick, ...]:
    """Four tricks led and won by seat 1, holding all 13 hearts and Q♠ (or, with
    ``without_2h``, all but 2♥, with 8♣ instead) and some clubs; a seat plays another
    suit only when it holds none of the suit led."""
    fourth = "TC 8C QS 9C" if without_2h else "TC JH QS 9C"
    hearts_led = (
        ("AH 3H 4H JH", "KH 5H 6H 7H", "QH 8H 9H TH")
        if without_2h
        else (
            "AH 2H 3H 4H",
            "KH 5H 6H 7H",
            "QH 8H 9H TH",
        )
    )
    return tuple(cr.Trick(1, cards(text), winner=1) for text in (*hearts_led, fourth))


def test_shooting_the_moon_gives_26_to_each_other_player() -> None:
    start = position(["AC", "2S", "3S", "4S"], leader=1, tricks=moon_tricks())
    _, events = play_all(start, "2S 3S 4S AC")
    assert events[-2] == cr.HandScored(1, (26, 0, 26, 26), (26, 0, 26, 26))


def test_taking_25_points_is_not_the_moon() -> None:
    start = position(["AC", "2S", "3S", "2H"], leader=1, tricks=moon_tricks(without_2h=True))
    _, events = play_all(start, "2S 3S 2H AC")  # seat 2 takes 2♥ with 3♠
    scored = events[-2]
    assert isinstance(scored, cr.HandScored) and scored.hand_scores == (0, 25, 1, 0)


def test_a_new_hand_is_dealt_by_the_next_dealer_when_nobody_reached_100() -> None:
    start = position(
        ["AC", "2S", "3S", "4S"], leader=1, tricks=moon_tricks(), scores=(70, 0, 0, 73)
    )
    state, events = play_all(start, "2S 3S 4S AC")
    assert events[-1] == cr.HandDealt(2, 0, 13)  # the dealer was seat 3
    assert (state.round_number, state.dealer, GAME.hearts_broken(state)) == (2, 0, False)
    assert state.scores == (96, 0, 26, 99) and not state.is_over
    assert card("2C") in state.hands[state.to_move] and len(state.play.tricks) == 0


def test_the_game_ends_at_100_and_the_lowest_total_wins() -> None:
    start = position(
        ["AC", "2S", "3S", "4S"], leader=1, tricks=moon_tricks(), scores=(74, 20, 60, 10)
    )
    state, events = play_all(start, "2S 3S 4S AC")
    assert state.scores == (100, 20, 86, 36)
    assert events[-1] == cr.GameOver((1,), (100, 20, 86, 36))
    assert state.is_over and state.to_move is None and state.winners == (1,)
    assert GAME.legal_moves(state) == ()
    assert reason(state, "AC") == "game_over"


def test_tied_lowest_totals_share_the_win() -> None:
    start = position(
        ["AC", "2S", "3S", "4S"], leader=1, tricks=moon_tricks(), scores=(80, 30, 4, 4)
    )
    state, _ = play_all(start, "2S 3S 4S AC")
    assert state.scores == (106, 30, 30, 30)
    assert state.winners == (1, 2, 3)


# -- other illegal moves -------------------------------------------------------------------------


def test_other_illegal_moves_say_why() -> None:
    state = position(["2C 9C", "3C 5D", "4C 7D", "5C 9D"])
    with pytest.raises(cr.IllegalMoveError) as info:
        GAME.apply(state, cr.Play(card("3C")))
    assert info.value.reason == "not_in_hand" and "seat 1" not in str(info.value)  # no leak
    with pytest.raises(cr.IllegalMoveError) as info:
        GAME.apply(state, cr.Play(card("3C")), seat=1)
    assert info.value.reason == "not_your_turn"
    assert reason(state, "AS") == "not_in_hand"
    with pytest.raises(cr.IllegalMoveError) as info:
        GAME.apply(state, cr.Play(card("2C"), suit=cr.Suit.HEARTS))
    assert info.value.reason == "no_suit_to_name"
    with pytest.raises(cr.IllegalMoveError) as info:
        GAME.apply(state, cr.Play(card("2C"), announce=True))
    assert info.value.reason == "no_announcement"
    with pytest.raises(cr.IllegalMoveError) as info:
        GAME.apply(state, cr.Draw())  # a move of another game
    assert info.value.reason == "not_a_hearts_move"
    with pytest.raises(cr.MoveTypeError):
        GAME.apply(state, "2C")  # not a move at all


def test_observe_shows_only_the_seats_own_hand() -> None:
    state = GAME.new_game(seed=4)
    leader = state.to_move
    assert leader is not None
    view = GAME.observe(state, (leader + 1) % 4)
    assert view.hand == state.hands[(leader + 1) % 4]
    assert view.hand_sizes == (13, 13, 13, 13) and view.legal_moves == ()
    assert not hasattr(view, "rng") and not hasattr(view, "hands")
    assert GAME.observe(state, leader).legal_moves == GAME.legal_moves(state)
    with pytest.raises(ValueError):
        GAME.observe(state, 4)


def test_a_record_of_a_hearts_game_round_trips_through_json() -> None:
    record = cr.GameRecord.start(hearts.Hearts(target=40), seed=9)
    state = record.initial_state()
    chooser = random.Random(9)
    for _ in range(60):
        move = chooser.choice(record.game.legal_moves(state))
        record, state = record.then(move), record.game.apply(state, move)
    assert cr.GameRecord.from_json(record.to_json()).final_state() == state


# -- properties of random games -------------------------------------------------------------------


def check_cards_conserved(state: Any) -> None:
    play = state.play
    held = [c for hand in play.hands for c in hand] + list(play.trick.cards)
    held += [c for trick in play.tricks for c in trick.cards]
    assert Counter(held) == Counter(ALL_52)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**32 - 1), st.sampled_from([30, 60, 100]))
def test_random_games_end_conserve_cards_and_score_26_a_hand(
    seed: int, move_seed: int, target: int
) -> None:
    game = hearts.Hearts(target=target)
    chooser = random.Random(move_seed)
    state = game.new_game(seed=seed)
    totals = [0, 0, 0, 0]
    for _ in range(52 * 40):
        if state.is_over:
            break
        check_cards_conserved(state)
        moves = game.legal_moves(state)
        assert moves
        move = chooser.choice(moves)
        before = pickle.loads(pickle.dumps(state))  # deepcopy would be `state` itself
        step = game.step(state, move)
        assert state == before  # apply does not mutate
        assert game.apply(state, move) == step.state
        for event in step.events:
            if isinstance(event, cr.HandScored):
                assert sum(event.hand_scores) in (26, 78)  # 78: somebody shot the moon
                totals = [a + b for a, b in zip(totals, event.hand_scores, strict=True)]
                assert tuple(totals) == event.scores
        state = step.state
    assert state.is_over
    assert max(state.scores) >= target
    assert all(state.scores[w] == min(state.scores) for w in state.winners)


@pytest.mark.parametrize("seed", [3, 11])
def test_every_card_outside_the_legal_moves_is_refused(seed: int) -> None:
    chooser = random.Random(seed)
    state = GAME.new_game(seed=seed)
    for _ in range(52):
        allowed = legal(state)
        for c in ALL_52:
            if c not in allowed:
                with pytest.raises(cr.IllegalMoveError):
                    GAME.apply(state, cr.Play(c))
        state = GAME.apply(state, cr.Play(chooser.choice(sorted(allowed))))
    assert state.round_number == 2


# -- search bots play it: the engine deals the unseen cards -----------------------------------


@pytest.mark.parametrize("seed", [1, 5, 9])
def test_determinize_agrees_with_the_view(seed: int) -> None:
    chooser = random.Random(seed)
    state = GAME.new_game(seed=seed)
    for number in range(120):
        if state.is_over:
            break
        view = GAME.observe(state, (seed + number) % 4)
        guess = GAME.determinize(view, seed + number)
        assert GAME.observe(guess, view.seat) == view
        assert guess.hands[view.seat] == state.hands[view.seat]
        check_cards_conserved(guess)
        state = GAME.apply(state, chooser.choice(GAME.legal_moves(state)))


def test_the_search_bot_beats_random_players_through_the_arena() -> None:
    """ISMCTSBot (20 playouts a decision) against three random players over 40 one-deal
    games, cards passed, seats rotated: it takes significantly fewer points than each
    of them (more games: benchmarks/search_vs_random.py, docs/bots.md)."""
    from cardrules.arena import run_arena
    from cardrules.bots import Bot, ISMCTSBot, RandomBot

    game = hearts.Hearts(target=None)
    bots: list[Bot] = [ISMCTSBot(iterations=20), RandomBot(), RandomBot(), RandomBot()]
    result = run_arena(game, bots, games=40, seed=1, bot_seed=2, workers=1, progress=False)
    assert len(result.games) == 40 and result.entrants[0] == "ismcts"
    assert sum(row.wins for row in result.rows()) == pytest.approx(40)
    for other in result.entrants[1:]:
        assert result.compare("ismcts", other).score_difference_ci[1] < 0
