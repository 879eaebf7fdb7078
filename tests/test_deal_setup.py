"""Setting up the start of any deal a game can reach with ``new_game``: the round
number of trick games (``round_number=``), and in Craits the shuffle-pressure penalties
(``penalties=``) and the direction a hand starts in (``direction=``), beside the dealer,
the cards, the hand number and the scores. A deal set up so is the very state play
reaches; bad values are refused with a SetupError saying what is allowed; records keep
these setups and replay them."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import cardrules as cr
from cardrules import rng
from cardrules.games.crazy_eights import rules as crazy_eights
from cardrules.games.hearts import rules as hearts
from cardrules.tricks.engine import TrickGame

_MASK64 = (1 << 64) - 1


def _unshift(value: int, shift: int) -> int:
    """Undo ``value ^= value >> shift`` on 64 bits."""
    result = value
    for _ in range(64 // shift + 1):
        result = value ^ (result >> shift)
    return result


def seed_giving(generator: int) -> int:
    """The seed whose generator state (:func:`cardrules.rng.seed_state`) is
    ``generator``: SplitMix64's mixing is a bijection, so it can be undone. A test-only
    way to start a game whose later deals are those of a game in progress."""
    z = _unshift(generator, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & _MASK64
    z = _unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _MASK64
    seed = _unshift(z, 30) ^ 0x5DEECE66D
    assert rng.seed_state(seed) == generator
    return seed


def deals(game: Any, seed: int, moves: int = 100_000) -> Iterator[tuple[Any, Any]]:
    """For each new deal of a random game: (the state before the move that ended the
    previous deal, the step of that move)."""
    chooser = random.Random(seed)
    state = game.new_game(seed=seed, dealer=seed % game.players)
    for _ in range(moves):
        if state.is_over:
            return
        step = game.step(state, chooser.choice(game.legal_moves(state)))
        if any(isinstance(event, cr.HandDealt) for event in step.events):
            yield state, step
        state = step.state


# -- trick games: round_number --------------------------------------------------------------


TRICK_GAMES: dict[str, TrickGame[Any, Any]] = {
    "cramps": cr.Cramps(),
    "cramps-21": cr.Cramps(target=21, packets=(3, 3, 3, 2, 2)),
    "hearts": hearts.Hearts(target=40),
}


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_every_round_reached_by_play_can_be_set_up(name: str) -> None:
    """The start of round n of a game, set up from its dealer, totals and round number
    with the generator that dealt it, is the state play reached: nothing else carries
    over from one round to the next."""
    game = TRICK_GAMES[name]
    rounds = 0
    for seed in range(10):
        for before, step in deals(game, seed):
            reached = step.state
            set_up = game.new_game(
                seed=seed_giving(before.rng),  # the generator that deals the next round
                dealer=reached.dealer,
                scores=reached.scores,
                round_number=reached.round_number,
            )
            assert set_up == reached
            # The same from the cards themselves (the generator aside), as a host that
            # deals the cards itself does it; the event says which round was dealt.
            step_up = game.start(
                seed=seed,
                dealer=reached.dealer,
                hands=reached.hands,
                scores=reached.scores,
                round_number=reached.round_number,
            )
            assert step_up.events == (cr.HandDealt(reached.round_number, reached.dealer, 13),)
            for seat in range(game.players):
                assert game.observe(step_up.state, seat) == game.observe(reached, seat)
            rounds += 1
    assert rounds >= 20


def test_cramps_round_two_set_up_from_the_same_hands_scores_and_dealer() -> None:
    game = cr.Cramps()
    state = game.new_game(seed=9)
    while state.round_number == 1:
        state = game.apply(state, game.legal_moves(state)[0])
    again = game.new_game(
        seed=1, dealer=state.dealer, hands=state.hands, scores=state.scores, round_number=2
    )
    assert (again.round_number, again.dealer, again.to_move) == (2, 1, 2)
    assert again.hands == state.hands and again.scores == state.scores
    assert str(again).splitlines()[0] == str(state).splitlines()[0]
    # The rest of the game plays out the same way from either (but for later deals).
    for _ in range(52):
        move = game.legal_moves(state)[0]
        assert game.legal_moves(again)[0] == move
        state, again = game.apply(state, move), game.apply(again, move)
    assert again.round_number == state.round_number == 3
    assert again.scores == state.scores


def test_the_round_number_is_kept_through_the_game() -> None:
    game = cr.Cramps(target=5)
    state = game.new_game(seed=4, round_number=7)
    numbers = []
    while not state.is_over:
        step = game.step(state, game.legal_moves(state)[0])
        numbers += [e.number for e in step.events if isinstance(e, cr.HandScored)]
        state = step.state
    assert numbers == list(range(7, 7 + len(numbers)))
    assert state.round_number == numbers[-1]
    assert game.observe(state, 0).round_number == numbers[-1]


@pytest.mark.parametrize("number", [0, -1, True, "2", 2.0, None])
def test_a_bad_round_number_is_refused(number: Any) -> None:
    message = "round_number must be an int from 1 up"
    with pytest.raises(cr.SetupError, match=message):
        cr.Cramps().new_game(seed=1, round_number=number)
    with pytest.raises(cr.SetupError, match=message):
        hearts.Hearts().new_game(seed=1, round_number=number)
    with pytest.raises(cr.SetupError, match=message):
        cr.Cramps().position(["2C", "3C", "4C", "5C"], leader=0, round_number=number)


# -- Craits: penalties and direction --------------------------------------------------------


CRAITS = {
    "4p": cr.Craits(players=4),
    "3p-v2": cr.Craits(players=3, deal_follows_direction=True),
    "5p-v2": cr.Craits(players=5, deal_follows_direction=True, idiot_calls="automatic"),
    "7p-v2-v4": cr.Craits(players=7, deal_follows_direction=True, one_card_deal_announce=True),
    "2p-short": cr.Craits(players=2, short_game=True, remove_kings_queens=True),
}


@pytest.mark.parametrize("name", CRAITS)
def test_every_hand_reached_by_play_can_be_set_up(name: str) -> None:
    """The start of hand n, set up from its number, dealer, totals, penalties and
    direction with the generator that dealt it, is the state play reached."""
    game = CRAITS[name]
    hands = directions = paid = 0
    for seed in range(4):
        for before, step in deals(game, seed):
            dealt = next(i for i, e in enumerate(step.events) if isinstance(e, cr.HandDealt))
            if any(isinstance(e, cr.Reshuffled) for e in step.events[:dealt]):
                continue  # the generator moved on after `before`: not known here
            scored = [e for e in step.events if isinstance(e, cr.HandScored)][-1]
            reached = step.state
            direction = game.next_direction(before.direction)
            set_up = game.new_game(
                seed=seed_giving(before.table.rng),
                dealer=reached.dealer,
                hand_number=reached.hand_number,
                scores=scored.scores,
                penalties=before.penalties,
                direction=direction,
            )
            assert set_up == reached
            hands += 1
            directions += direction == -1
            paid += any(before.penalties)
    assert hands >= 2 * (game.hands_in_game - 1) and paid
    if game.deal_follows_direction:
        assert directions  # hands that started counter-clockwise were set up too


@pytest.mark.parametrize("seed", range(4))
def test_craits_penalties_set_up_keep_doubling(seed: int) -> None:
    """A seat whose last penalty was 10 pays 20 at its next reshuffle, one with 40 pays
    80, one with none yet pays 5 (K19)."""
    game = cr.Craits(players=5)
    last = [10, 0, 40, 5, 0]
    state = game.new_game(seed=seed, hand_number=6, penalties=last, scores=(7, 0, 0, 0, 0))
    assert state.penalties == tuple(last) and state.scores == (7, 0, 0, 0, 0)
    chooser = random.Random(seed)
    charged = 0
    while not state.is_over and charged < 3:
        step = game.step(state, chooser.choice(game.legal_moves(state)))
        for event in step.events:
            if isinstance(event, cr.Reshuffled):
                assert event.penalty == (2 * last[event.seat] or 5)
                last[event.seat] = event.penalty
                charged += 1
        state = step.state
        assert list(state.penalties) == last
    assert charged


def test_craits_position_takes_penalties() -> None:
    game = cr.Craits(players=2)
    state = game.position(["KH 4C", "KD"], discard="QS 9S", to_move=0, penalties=(40, 5))
    assert state.penalties == (40, 5)
    assert game.observe(state, 1).penalties == (40, 5)
    after = game.apply(state, cr.Draw())  # the stock is empty: reshuffle, penalty 80
    assert after.penalties == (80, 5) and after.scores == (80, 0)


def test_a_counter_clockwise_hand_is_dealt_and_played_to_the_dealers_right() -> None:
    game = cr.Craits(players=4, deal_follows_direction=True)
    deck = cr.STANDARD_DECK.cards()
    state = game.new_game(seed=1, dealer=2, hand_number=3, deck=deck, direction=-1)
    # 6 cards each, one at a time from the dealer's right: seat 1 gets the first card,
    # then seat 0; K♦ is turned up (no function) and seat 1 plays first.
    assert state.cards_dealt == 6 and deck[0] in state.hands[1] and deck[1] in state.hands[0]
    assert (state.top, state.direction, state.to_move) == (cr.Card.parse("KD"), -1, 1)
    clockwise = game.new_game(seed=1, dealer=2, hand_number=3, deck=deck)
    assert deck[0] in clockwise.hands[3] and deck[1] in clockwise.hands[0]
    assert (clockwise.direction, clockwise.to_move) == (1, 3)


@pytest.mark.parametrize(
    ("penalties", "match"),
    [
        ((0, 15, 0, 0), r"0 or one of the penalties these rules charge in turn \(5, 10, 20, 40"),
        ((0, -5, 0, 0), "seat 1 has -5"),
        ((0, 0, 0, 6), "seat 3 has 6"),
        ((0, 5), "penalties must be 4 ints, one per seat, not"),
        ("5555", "penalties must be 4 ints"),
        ((0, 5.0, 0, 0), "penalties must be 4 ints"),
        ((0, True, 0, 0), "penalties must be 4 ints"),
        (5, "penalties must be 4 ints"),
    ],
)
def test_bad_penalties_are_refused(penalties: Any, match: str) -> None:
    game = cr.Craits(players=4)
    with pytest.raises(cr.SetupError, match=match):
        game.new_game(seed=1, penalties=penalties)
    with pytest.raises(cr.SetupError, match=match):
        game.position(["9H", "KD", "2C", "3C"], discard="QS", to_move=0, penalties=penalties)


def test_huge_penalties_are_accepted() -> None:
    game = cr.Craits(players=2)
    huge = 5 * 2**400
    state = game.new_game(seed=1, hand_number=9, penalties=(huge, 0))
    assert state.penalties == (huge, 0)


def test_penalties_of_a_game_without_shuffle_pressure_must_be_zero() -> None:
    game = crazy_eights.CrazyEights(players=3)
    assert game.new_game(seed=1, penalties=(0, 0, 0)).penalties == (0, 0, 0)
    refused = r"0 \(these rules charge no reshuffle penalty\); seat 1 has 5"
    with pytest.raises(cr.SetupError, match=refused):
        game.new_game(seed=1, penalties=(0, 5, 0))


@pytest.mark.parametrize(
    ("game", "setup", "match"),
    [
        (cr.Craits(), {"direction": 0}, r"direction must be 1 \(clockwise\) or -1"),
        (cr.Craits(), {"direction": True}, "direction must be 1"),
        (cr.Craits(), {"direction": "-1"}, "direction must be 1"),
        (cr.Craits(), {"direction": -1, "hand_number": 4}, "every hand starts clockwise"),
        (
            cr.Craits(deal_follows_direction=True),
            {"direction": -1},
            "the first hand starts clockwise: direction=-1 is for a later hand",
        ),
    ],
)
def test_a_direction_no_hand_can_start_in_is_refused(
    game: cr.Craits, setup: dict[str, Any], match: str
) -> None:
    with pytest.raises(cr.SetupError, match=match):
        game.new_game(seed=1, **setup)


# -- records ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "setup"),
    [
        (cr.Cramps(), {"round_number": 4, "dealer": 2, "scores": (20, 11, -3, 12)}),
        (
            cr.Craits(players=3, deal_follows_direction=True),
            {"hand_number": 5, "penalties": (0, 20, 5 * 2**70), "direction": -1, "dealer": 1},
        ),
    ],
    ids=["cramps", "craits"],
)
def test_records_keep_these_setups_and_replay(game: Any, setup: dict[str, Any]) -> None:
    record = cr.GameRecord.start(game, seed=8, **setup)
    state = record.initial_state()
    chooser = random.Random(2)
    for _ in range(60):
        if state.is_over:
            break
        move = chooser.choice(game.legal_moves(state))
        record, state = record.then(move), game.apply(state, move)
    text = record.to_json()
    again = cr.GameRecord.from_json(text)
    assert again == record and again.final_state() == state
    assert again.initial_state() == game.new_game(seed=8, **setup)
    # An edit of the new setup is caught like any other.
    data = json.loads(text)
    key = next(iter(k for k in ("round_number", "direction") if k in data["setup"]))
    data["setup"][key] = 3 if key == "round_number" else 1
    with pytest.raises(cr.RecordError, match="the record was edited"):
        cr.GameRecord.from_dict(data)


def test_a_record_with_a_bad_new_setup_is_refused() -> None:
    record = cr.GameRecord.start(cr.Cramps(), seed=1)
    data = record.to_dict()
    data["setup"] = {"round_number": 0}
    with pytest.raises(cr.RecordError, match="setup is not valid: round_number must be"):
        cr.GameRecord.from_dict(data)
    with pytest.raises(cr.SetupError, match="penalties must be 4 ints"):
        cr.GameRecord.start(cr.Craits(), seed=1, penalties=[1])
