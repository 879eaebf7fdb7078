"""Positions are checked: ``position()`` refuses a payload the game cannot play with
(instead of a state whose ``observe`` or deal's end raises some bare error later) and a
position in which the player to move has no legal move; ``with_hands`` refuses masks
that hold cards outside the game's deck (or bits beyond the 52 cards)."""

from __future__ import annotations

from typing import Any

import pytest

import cardrules as cr
from cardrules.cards import CARD_BIT, mask_of
from cardrules.games.euchre import rules as euchre
from cardrules.games.hearts import rules as hearts
from cardrules.games.oh_hell import rules as oh_hell
from cardrules.games.spades import rules as spades

HANDS_4 = ["2C 3C", "4C 5C", "6C 7C", "8C 9C"]
"""Two cards each: 2♣ with seat 0, who leads (Hearts' first lead is the 2♣)."""

# Each trick game with a position it accepts: its hands and keywords, and a good payload.
POSITIONS: dict[str, tuple[Any, list[str], dict[str, Any], Any]] = {
    "cramps": (cr.Cramps(), HANDS_4, {}, None),
    "oh-hell": (
        oh_hell.OhHell(players=3, suits=2),
        ["2C 3C", "4C 5C", "6C 7C"],
        {"turned_up": "2D"},
        (1, 0, 1),
    ),
    "euchre": (
        euchre.Euchre(),
        ["9C 10C", "JC QC", "KC AC", "9D 10D"],
        {"turned_up": "JD"},
        euchre.Contract(0, 1, 1),
    ),
    "spades": (spades.Spades(), HANDS_4, {}, spades.Bidding((1, 2, 0, 1))),
    "hearts": (hearts.Hearts(), HANDS_4, {}, hearts.Passing(0, ((),) * 4)),
}

BAD_PAYLOADS = [object(), 5, "bids", (1.5,)]


@pytest.mark.parametrize("name", POSITIONS)
def test_a_good_payload_is_taken_and_a_bad_one_refused(name: str) -> None:
    game, hands, keywords, good = POSITIONS[name]
    state = game.position(hands, leader=0, payload=good, **keywords)
    for seat in range(game.players):
        game.observe(state, seat)
    while not state.is_over:  # the deal plays out and scores
        state = game.apply(state, game.legal_moves(state)[0])
    for bad in BAD_PAYLOADS:
        with pytest.raises(cr.SetupError, match="payload"):
            game.position(hands, leader=0, payload=bad, **keywords)


@pytest.mark.parametrize("name", ["oh-hell", "euchre", "spades"])
def test_a_game_that_reads_its_payload_refuses_none(name: str) -> None:
    game, hands, keywords, _ = POSITIONS[name]
    with pytest.raises(cr.SetupError, match=r"payload.* None"):
        game.position(hands, leader=0, **keywords)


@pytest.mark.parametrize("name", ["oh-hell"])  # (Spades': tests/test_spades_positions.py)
def test_bids_are_the_bids_the_deal_could_have_made(name: str) -> None:
    """In the play every seat has bid, at most as many tricks as the hand holds; in
    the bidding, the seats from the dealer's left up to the seat to move."""
    game, hands, keywords, good = POSITIONS[name]
    players = game.players
    for bad in [(None,) * players, (3,) * players, (*good[:-1], True), (*good, 0)]:
        with pytest.raises(cr.SetupError, match="payload is the bids"):
            game.position(hands, leader=0, payload=bad, **keywords)
    base = game.position(hands, leader=0, payload=good, **keywords)
    dealer = base.dealer
    bidding = tuple(1 if seat == (dealer + 1) % players else None for seat in range(players))
    state = game.enter_phase(base, "bid", to_move=(dealer + 2) % players, payload=bidding)
    assert game.legal_moves(state)
    with pytest.raises(cr.SetupError, match="up to the seat to move"):
        game.check_payload(game.enter_phase(base, "bid", to_move=dealer, payload=bidding))


def test_a_game_without_phases_keeps_no_payload() -> None:
    with pytest.raises(cr.SetupError, match="Cramps keeps no payload"):
        cr.Cramps().position(HANDS_4, leader=0, payload=(1, 2))


def test_hearts_takes_no_payload_as_no_passing() -> None:
    game = hearts.Hearts()
    state = game.position(HANDS_4, leader=0)
    assert game.observe(state, 1).payload == hearts.Passing(0, ((),) * 4)


def test_a_position_with_no_legal_move_is_refused() -> None:
    game = hearts.Hearts()
    # The first trick: only the holder of 2♣ may lead, and seat 1 does not hold it.
    with pytest.raises(cr.SetupError, match=r"seat 1, to play, has no legal move.*two of clubs"):
        game.position(HANDS_4, leader=1)
    with pytest.raises(cr.SetupError, match="holds no card"):
        cr.Cramps().position(["", "", "", ""], leader=0)


@pytest.mark.parametrize("name", POSITIONS)
def test_with_hands_refuses_bits_beyond_the_deck(name: str) -> None:
    game = POSITIONS[name][0]
    state = game.new_game(seed=3)
    masks = list(state.hand_masks)
    for beyond in (1 << 52, 1 << 63, 1 << 200):
        with pytest.raises(cr.StateError, match="not of the game's deck"):
            game.with_hands(state, [*masks[:-1], masks[-1] | beyond])
    assert game.with_hands(state, masks).hands == state.hands


@pytest.mark.parametrize("name", ["oh-hell", "euchre"])
def test_with_hands_refuses_cards_the_smaller_deck_does_not_hold(name: str) -> None:
    game = POSITIONS[name][0]
    state = game.new_game(seed=3)
    outside = next(card for card in cr.cards.ALL_CARDS if card not in game.deck())
    masks = list(state.hand_masks)
    with pytest.raises(cr.StateError, match=rf"not of the game's deck.*{outside}"):
        game.with_hands(state, [*masks[:-1], masks[-1] | CARD_BIT[outside]])
    # A card of the deck that nobody was dealt may be taken (the turned-up card).
    undealt = mask_of(game.deck()) & ~sum(masks)
    low = undealt & -undealt
    assert game.with_hands(state, [*masks[:-1], masks[-1] | low]).hand_masks[-1] == masks[-1] | low
