"""The climbing engine (cardrules.climbing) on small games of its own: legal plays, the
lead returned, passes that sit out, finishing order, a game's own combinations, views,
determinize, move ids, events, records and explicit chance, and bad input."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs
import pytest

import cardrules as cr
from cardrules.cards import Card, cards_of_mask, parse_cards
from cardrules.chance import ExplicitChance
from cardrules.climbing import (
    CardsPlayed,
    ClimbingGame,
    ClimbState,
    Combination,
    GiveCard,
    LeadReturned,
    PlayCards,
    PlayerFinished,
    RanksReversed,
    Swap,
)


@attrs.frozen
class Climb(ClimbingGame):
    """The engine's defaults: sets of one rank, 2 low and ace high, one deal."""

    name: ClassVar[str] = ""
    players: int = 3
    pass_sits_out: bool = False


@attrs.frozen
class Runs(ClimbingGame):
    """Sets, and runs of three single cards of consecutive ranks (below the ace) that
    beat a lower run; four of a kind reverses the order; the last out gives one card
    of their choice to the first out, who gives back their best."""

    name: ClassVar[str] = "test_climbing_runs"
    players: ClassVar[int] = 4

    def combination(self, cards: tuple[Card, ...]) -> Combination | None:
        ranks = sorted(card.rank for card in cards)
        if len(cards) == 3 and len(set(ranks)) == 3 and ranks[2] - ranks[0] == 2:
            return Combination("run", 3, ranks[2])
        return super().combination(cards)

    def extra_plays(self, hand: int) -> Iterable[tuple[Card, ...]]:
        held = cards_of_mask(hand)
        for low in range(2, 13):
            firsts = [c for c in held if c.rank == low]
            seconds = [c for c in held if c.rank == low + 1]
            thirds = [c for c in held if c.rank == low + 2]
            for a in firsts:
                for b in seconds:
                    for c in thirds:
                        yield tuple(sorted((a, b, c)))

    def extra_moves(self) -> tuple[PlayCards, ...]:
        return tuple(
            PlayCards((Card(low, s1), Card(low + 1, s2), Card(low + 2, s3)))
            for low in range(2, 13)
            for s1 in range(4)
            for s2 in range(4)
            for s3 in range(4)
        )

    def reverses(self, combination: Combination) -> bool:
        return combination.size == 4

    def exchanges(self, places: tuple[int, ...]) -> tuple[Swap, ...]:
        return (Swap(places[-1], places[0], 1, False), Swap(places[0], places[-1], 1, True))

    def game_winners(self, scores: tuple[int, ...], deal_number: int) -> tuple[int, ...]:
        return super().game_winners(scores, deal_number) if deal_number >= 2 else ()


def _moves(game: Any, state: Any) -> list[str]:
    return [str(move) for move in game.legal_moves(state)]


def test_a_play_beats_the_table_with_as_many_cards_of_a_higher_rank() -> None:
    game = Climb()
    state = game.position(["3C 3H 9S 9D AS", "4D 4S", "KC"], to_move=0, table="5C 5D", table_seat=2)
    assert _moves(game, state) == ["pass", "play 9♦ 9♠"]
    lead = game.position(["3C 3H 9S", "4D 4S", "KC"], to_move=0)
    assert _moves(game, lead) == ["play 3♣", "play 3♥", "play 3♣ 3♥", "play 9♠"]
    with pytest.raises(cr.IllegalMoveError) as error:
        game.apply(state, PlayCards("3C 3H"))
    assert error.value.reason == "does_not_beat" and "5♣ 5♦" in str(error.value)
    with pytest.raises(cr.IllegalMoveError) as error:
        game.apply(state, PlayCards("AS"))
    assert error.value.reason == "does_not_beat"
    with pytest.raises(cr.IllegalMoveError) as error:
        game.apply(state, PlayCards("3C 9S"))
    assert error.value.reason == "not_a_combination"
    with pytest.raises(cr.IllegalMoveError) as error:
        game.apply(state, PlayCards("KC"))
    assert error.value.reason == "not_in_hand" and str(error.value) == "seat 0 does not hold K♣"
    with pytest.raises(cr.IllegalMoveError) as error:
        game.apply(lead, cr.Pass())
    assert error.value.reason == "must_lead"


def test_the_lead_returns_to_the_last_player_when_every_other_player_passes() -> None:
    game = Climb()
    state = game.position(["3C 9S", "4D 8S", "KC 2C"], to_move=0)
    step = game.step(state, PlayCards("9S"))
    assert step.state.to_move == 1 and step.state.table == parse_cards("9S")
    state = game.apply(step.state, cr.Pass())
    assert state.passed == (1,) and state.to_move == 2
    step = game.step(state, cr.Pass())
    assert step.events[-1] == LeadReturned(0)
    assert step.state.to_move == 0 and step.state.table == () and step.state.passed == ()
    assert str(step.events[-1]) == "Everyone else passed: seat 0 leads."


def test_a_pass_does_not_sit_out_unless_the_game_says_so() -> None:
    hands = ["3C 9S", "4D 8S QS", "KC 2C"]
    for sits_out, expected in ((False, 1), (True, 2)):
        game = Climb(pass_sits_out=sits_out)
        state = game.position(hands, to_move=0, table="2D", table_seat=2)
        state = game.apply(state, PlayCards("3C"))  # seat 0 beats 2♦
        state = game.apply(state, cr.Pass())  # seat 1 passes
        state = game.apply(state, PlayCards("KC"))  # seat 2 plays over
        state = game.apply(state, cr.Pass())  # seat 0 passes
        # Seat 1 may answer K♣; sitting out, it may not, and the lead returns to seat 2.
        assert state.to_move == expected
        assert state.table == (() if sits_out else parse_cards("KC"))


def test_players_out_of_cards_leave_in_order_and_the_deal_ends_with_one_left() -> None:
    game = Climb()
    state = game.position(["3C", "4D 8S", "KC 2C"], to_move=0)
    step = game.step(state, PlayCards("3C"))
    assert PlayerFinished(0, 1) in step.events and step.state.finished == (0,)
    assert step.state.to_move == 1
    state = game.apply(step.state, PlayCards("4D"))
    state = game.apply(state, cr.Pass())  # seat 2
    # Everyone else passed and seat 0 is out: seat 1 (its play) leads.
    assert state.to_move == 1 and state.table == ()
    step = game.step(state, PlayCards("8S"))
    assert step.state.is_over and step.state.winners == (0,)
    assert step.state.finished == (0, 1, 2) and step.state.scores == (2, 1, 0)
    kinds = [type(event).__name__ for event in step.events]
    assert kinds[-3:] == ["PlayerFinished", "HandScored", "GameOver"]


def test_when_the_last_player_went_out_the_lead_goes_to_the_next_still_in() -> None:
    game = Climb(players=4)
    state = game.position(["9C", "3D 8S", "KC 2C", "4H"], to_move=0, table="5C", table_seat=3)
    state = game.apply(state, PlayCards("9C"))  # seat 0 goes out on its play
    state = game.apply(state, cr.Pass())
    state = game.apply(state, cr.Pass())
    step = game.step(state, cr.Pass())
    assert step.events[-1] == LeadReturned(1) and step.state.to_move == 1


def test_a_game_declares_its_own_combinations_and_reversals() -> None:
    game = Runs()
    state = game.position(
        ["5C 6D 7H 9S 9C 9D 9H", "6C 7D 8S", "KC", "2H"],
        to_move=0,
        table="2C 3D 4S",
        table_seat=3,
    )
    assert _moves(game, state) == ["pass", "play 5♣ 6♦ 7♥"]
    state = game.apply(state, PlayCards("5C 6D 7H"))
    assert _moves(game, state) == ["pass", "play 6♣ 7♦ 8♠"]
    four = game.position(["9S 9C 9D 9H 3C", "8C", "KC", "2H"], to_move=0)
    step = game.step(four, PlayCards("9C 9D 9H 9S"))
    assert RanksReversed(0, True) in step.events and step.state.reversed
    assert "Revolution by seat 0" in str(step.events[2])


def test_move_ids_cover_every_move_and_follow_the_declared_plays() -> None:
    game = Runs()
    moves = game.all_moves()
    assert len(set(moves)) == len(moves) == game.num_move_ids == 1 + 13 * 15 + 52 + 11 * 64
    assert moves[0] == cr.Pass() and GiveCard("AS") in moves
    climb = Climb()
    assert climb.num_move_ids == 1 + 13 * 15  # no exchanges: no GiveCard ids
    state = climb.new_game(seed=1)
    for move in climb.legal_moves(state):
        assert climb.move_from_id(climb.move_id(move)) == move


def _random_game(game: Any, seed: int, check: bool = True) -> Any:
    chooser = random.Random(seed)
    step = game.start(seed=seed)
    state, moves = step.state, 0
    while not state.is_over:
        before = repr(state)
        seat = state.to_move
        if check and moves % 7 == 0:
            view = game.observe(state, seat)
            assert game.observe(game.determinize(view, moves), seat) == view
        move = chooser.choice(game.legal_moves(state))
        step = game.step(state, move, seat=seat)
        assert repr(state) == before  # apply never changes its input
        state = step.state
        held = sum(state.hand_sizes) + len(state.played)
        held += sum(len(s.cards) for s in state.swaps if not s.done)
        assert held == 52 or state.is_over
        moves += 1
        assert moves < game.length_bound() if game.length_bound() else moves < 5_000
    return state


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_of_a_game_with_runs_and_exchanges_end(seed: int) -> None:
    state = _random_game(Runs(), seed)
    assert state.deal_number == 2 and state.winners


def test_records_replay_and_explicit_chance_deals_every_card() -> None:
    game = Runs()
    record = cr.GameRecord.start(game, seed=4)
    state = record.final_state()
    chooser = random.Random(4)
    for _ in range(60):
        record = record.then(chooser.choice(game.legal_moves(state)))
        state = record.final_state()
    again = cr.GameRecord.from_json(record.to_json())
    assert again.final_state() == state
    table = ExplicitChance(Climb())
    chance_state = table.new_game()
    nodes = 0
    while chance_state.is_chance:
        outcomes = table.chance_outcomes(chance_state)
        chance_state = table.apply_chance(chance_state, outcomes[0][0])
        nodes += 1
    assert nodes >= 51 and sum(chance_state.inner.hand_sizes) == 52


def test_views_hide_the_other_hands_and_the_generator() -> None:
    game = Climb()
    state = game.new_game(seed=3)
    view = game.observe(state, 1)
    assert view.hand == state.hands[1] and view.hand_sizes == (
        17,
        18,
        17,
    )  # dealt from the dealer's left
    assert not hasattr(view, "rng") and "rng" not in repr(view)
    data = view.to_data()
    assert data["family"] == "climbing" and data["hand"] == [str(c) for c in state.hands[1]]
    with pytest.raises(cr.SeatError):
        game.observe(state, 3)
    with pytest.raises(cr.StateError):
        game.legal_moves(view)  # type: ignore[arg-type]


def test_events_tell_each_seat_in_its_words() -> None:
    played = CardsPlayed(1, parse_cards("3C 3H"))
    assert played.describe(seat=1) == "You play 3♣ 3♥."
    assert PlayerFinished(1, 2).describe(seat=1) == "You are out of cards, in place 2."
    assert LeadReturned(2).describe(seat=2) == "Everyone else passed: you lead."
    assert RanksReversed(0, False).describe(seat=1).endswith("back to normal.")
    game = Climb()
    state = game.position(["3C 9S", "4D 8S", "KC 2C"], to_move=0)
    step = game.step(state, PlayCards("9S"))
    assert [text for _, text in cr.narrate(step.events, seat=1)] == ["Seat 0 plays 9♠."]


def test_bad_moves_and_positions_are_refused_with_the_library_errors() -> None:
    for bad in ([], "ZZ", [3], "3C 3C", 5):
        with pytest.raises(cr.MoveTypeError):
            PlayCards(bad)  # type: ignore[arg-type]
    with pytest.raises(cr.CardParseError):
        GiveCard("11X")
    game = Climb()
    state = game.new_game(seed=1)
    with pytest.raises(cr.IllegalMoveError) as error:
        game.apply(state, cr.Draw())
    assert "has no Draw move" in str(error.value)
    with pytest.raises(cr.MoveTypeError):
        game.apply(state, "play 3C")
    with pytest.raises(cr.IllegalMoveError) as error:
        game.apply(state, GiveCard("3C"))
    assert error.value.reason == "not_exchanging"
    bad_positions: list[dict[str, Any]] = [
        {"hands": ["3C", "3C", "4D"], "to_move": 0},
        {"hands": ["3C", "4D"], "to_move": 0},
        {"hands": ["3C", "5D", "4D"], "to_move": 3},
        {"hands": ["3C", "5D", "4D"], "to_move": 0, "table": "6C"},
        {"hands": ["3C", "5D", "4D"], "to_move": 0, "table": "6C 7D", "table_seat": 1},
        {"hands": ["3C", "5D", "4D"], "to_move": 0, "table": "3C", "table_seat": 1},
        {"hands": ["3C", "", "4D"], "to_move": 0},
        {"hands": ["3C", "5D", "4D"], "to_move": 0, "passed": [1]},
        {"hands": ["3C", "5D", "4D"], "to_move": 0, "deal_number": 0},
    ]
    for keywords in bad_positions:
        with pytest.raises(cr.SetupError):
            game.position(**keywords)
    with pytest.raises(cr.SetupError):
        game.new_game(seed=1, hands=["3C", "4D", "5H"])  # not the whole deck
    with pytest.raises(cr.SetupError):
        game.new_game(seed=-1)
    with pytest.raises(cr.SetupError):
        game.new_game(seed=1, dealer=7)


def test_a_state_is_a_value() -> None:
    game = Climb()
    state = game.new_game(seed=2)
    assert isinstance(state, ClimbState) and state == game.new_game(seed=2)
    assert hash(state) == hash(game.new_game(seed=2)) and state != game.new_game(seed=3)
    with pytest.raises(AttributeError):
        state.table = ()  # type: ignore[misc]


def test_a_doubled_deck_is_refused_in_words() -> None:
    @attrs.frozen
    class Doubled(ClimbingGame):
        name: ClassVar[str] = ""
        players: ClassVar[int] = 4

        def card_deck(self) -> cr.decks.Deck:
            return cr.decks.Deck.french(copies=2)

    with pytest.raises(cr.RulesError, match="not a doubled deck"):
        Doubled().new_game(seed=1)
