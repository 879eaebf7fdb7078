"""The shedding engine on declared decks (:mod:`cardrules.decks`): a small test game on
UNO's 108 cards ("Colours": match the colour or the face, skips, reverses, wilds that
name a colour) and one on a doubled French deck with jokers as wild cards, through
everything a game gets: deals, legal moves, apply, views, events and their text,
records, move ids, determinize, explicit chance, positions, parsing, snapshots."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from cardrules.decks import UNO_108, Deck
from cardrules.moves import Play
from cardrules.shedding import SheddingGame, ShedState, ShedView
from cardrules.shedding.core import CardRule, CardTable
from cardrules.shedding.moves import Draw

COLOURS_TABLE = CardTable.for_deck(
    UNO_108,
    {
        "skip": CardRule("skip", 20),
        "reverse": CardRule("reverse", 20),
        "wild": CardRule("wild", 50),
        "wild_draw_four": CardRule("wild", 50),
    },
)
JOKERS = Deck.french(jokers=1, copies=2, name="French x2 +Jk test")
JOKERS_TABLE = CardTable.for_deck(
    JOKERS, {"joker": CardRule("wild", 50), "8♥": CardRule("skip", 8)}
)


@attrs.frozen
class Colours(SheddingGame[ShedState, ShedView]):
    """Matching on UNO's cards: colour or face, skip, reverse, wilds naming a colour;
    the stuck player draws, then passes when nothing is left; one hand, scored by the
    cards' values."""

    name = ""  # (not registered)
    players: int = 3
    card_table = COLOURS_TABLE
    draw_only_when_stuck = True
    pass_when_stuck = True

    def cards_each(self, hand_number: int) -> int:
        return 7

    def hand_scores(self, hands: tuple[tuple[Any, ...], ...], blocked: bool) -> tuple[int, ...]:
        return tuple(sum(card.value for card in hand) for hand in hands)


@attrs.frozen
class JokerEights(SheddingGame[ShedState, ShedView]):
    """Two French decks with two jokers (wild) on the declared-deck path: copies of a
    card in one hand, 8♥ a skip."""

    name = ""  # (not registered)
    players: int = 2
    card_table = JOKERS_TABLE
    draw_only_when_stuck = False
    draw_keeps_turn = True
    draw_limit = 3
    pass_by_choice = True

    def cards_each(self, hand_number: int) -> int:
        return 8

    def hand_scores(self, hands: tuple[tuple[Any, ...], ...], blocked: bool) -> tuple[int, ...]:
        return tuple(len(hand) for hand in hands)


GAMES = [Colours(), Colours(players=2), JokerEights()]


def play_out(game: Any, seed: int) -> tuple[Any, list[Any]]:
    """A whole game at random from ``seed``: the last state and every step."""
    chooser = random.Random(seed)
    state = game.new_game(seed=seed)
    steps = []
    while not state.is_over:
        moves = game.legal_moves(state)
        assert moves, "a seat to move has a move"
        step = game.step(state, chooser.choice(moves))
        steps.append(step)
        state = step.state
    return state, steps


@pytest.mark.parametrize("game", GAMES, ids=repr)
@pytest.mark.parametrize("seed", range(4))
def test_random_games_end_with_every_card_accounted_for(game: Any, seed: int) -> None:
    deck = game.card_deck
    state, _ = play_out(game, seed)
    assert state.winners
    cards = [card for hand in state.hands for card in hand]
    cards += [*state.discard, *state.table.stock]
    assert sorted(cards) == sorted(deck.cards)
    assert all(type(card) is not int for card in cards)


def cards(text: str, deck: Deck = UNO_108) -> tuple[Any, ...]:
    return tuple(deck.parse_cards(text))


def test_a_stacked_deck_deals_one_at_a_time_and_turns_up_the_next_card() -> None:
    game = Colours(players=2)
    top = cards("R1 G1 R2 G2 R3 G3 R4 G4 R5 G5 R6 G6 R7 G7 B9")
    rest = list(UNO_108.cards)
    for card in top:
        rest.remove(card)
    state = game.new_game(seed=1, deck=[*top, *rest])
    assert state.hands == (cards("G1 G2 G3 G4 G5 G6 G7"), cards("R1 R2 R3 R4 R5 R6 R7"))
    assert str(state.top) == "B9" and state.suit is UNO_108.suit(2)
    assert state.to_move == 1 and state.stock_size == 108 - 15


def test_matching_is_by_colour_or_face_and_a_wild_names_each_colour() -> None:
    game = Colours(players=2)
    state = game.position(["R5 G5 GS B2 W Y7", "R1"], discard="G7 BS", to_move=0)
    moves = [str(move) for move in game.legal_moves(state)]
    # B2 by colour, GS by face (a skip on a skip), W once per colour; not R5, G5, Y7.
    assert moves == ["B2", "GS", *(f"W naming {colour}" for colour in UNO_108.suits)]
    assert state.suit is UNO_108.suit(2)


def test_the_state_remembers_the_suit_and_face_to_match() -> None:
    game = Colours(players=2)
    state = game.position(["R5 W Y7", "R1 G9"], discard="G7 Y5", to_move=0)
    step = game.step(state, Play(UNO_108.parse("R5")))
    state = step.state
    assert state.suit is UNO_108.suit(0) and state.face == state.card_lookup.face_of[cards("G5")[0]]
    assert [str(event) for event in step.events] == ["Seat 0 plays R5.", "Seat 0 plays R5."]
    assert [str(move) for move in game.legal_moves(state)] == ["R1"]
    step = game.step(state, Play(UNO_108.parse("R1")))
    step = game.step(step.state, Play(UNO_108.parse("W"), suit="yellow"))
    assert step.state.suit is UNO_108.suit(1)
    assert "names yellow" in " ".join(str(event) for event in step.events)
    assert game.legal_moves(step.state) == (Draw(),)  # G9: neither yellow nor a wild's face


def test_copies_of_a_card_are_held_and_played_one_at_a_time() -> None:
    game = JokerEights()
    deck = JOKERS
    state = game.position(["7C 7C Jk 9D", "2S"], discard="7H", stock="3C 4C", to_move=0)
    assert state.hands[0] == cards("7C 7C 9D Jk", deck)
    moves = game.legal_moves(state)
    assert [str(move) for move in moves][:2] == ["7♣", "Jk naming ♣"]
    state = game.apply(state, Play(deck.parse("7C")))
    assert state.hands[0] == cards("7C 9D Jk", deck)
