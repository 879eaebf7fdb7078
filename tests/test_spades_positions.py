"""Spades positions: ``position()`` and ``check_payload`` take a
:class:`~cardrules.games.spades.Bidding` its deal could have reached (the bids made so
far from the dealer's left, within the team limit, Blind Nil only where allowed, bags
below the limit) and refuse any other payload in Spades' own words."""

from __future__ import annotations

from typing import Any

import pytest

import cardrules as cr
from cardrules.games.spades import Bidding

HANDS = ["2C 3C", "4C 5C", "6C 7C", "8C 9C"]


def position(game: Any, payload: Any, **keywords: Any) -> Any:
    return game.position(HANDS, leader=0, payload=payload, **keywords)


def test_a_bidding_of_the_play_is_taken_and_the_deal_plays_out() -> None:
    game = cr.Spades()
    state = position(game, Bidding((1, 2, 0, 13), bags=(3, 9)), scores=(40, 80, 40, 80))
    while not state.is_over and state.round_number == 1:
        state = game.apply(state, game.legal_moves(state)[0])
    assert state.round_number == 2 and state.payload.bags[1] in range(10)


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ((1, 2, 0, 1), "payload is a Bidding"),
        (None, r"payload is a Bidding .*not None"),
        (Bidding((None,) * 4), "payload is the bids.*every seat"),
        (Bidding((14, 1, 1, 1)), "payload is the bids"),
        (Bidding((1, 1, True, 1)), "payload is the bids"),
        (Bidding((1, 1, 1)), "payload is the bids"),
        (Bidding((1, 1, 1, 1), bags=(10, 0)), r"bags .* below bag_limit \(10\)"),
        (Bidding((1, 1, 1, 1), bags=(0,)), "bags as a pair"),  # type: ignore[arg-type]
        (Bidding((0, 1, 1, 1), blind=(0,)), "Blind Nil bidders only seats"),
    ],
)
def test_a_payload_the_deal_could_not_reach_is_refused(payload: Any, message: str) -> None:
    with pytest.raises(cr.SetupError, match=message):
        position(cr.Spades(), payload)


def test_the_options_decide_what_a_payload_may_hold() -> None:
    with pytest.raises(cr.SetupError, match=r"more than team_bid_limit \(13\)"):
        position(cr.Spades(team_bid_limit=13), Bidding((9, 1, 5, 1)))
    position(cr.Spades(), Bidding((9, 1, 5, 1)))
    position(cr.Spades(bag_limit=None), Bidding((1, 1, 1, 1), bags=(55, 0)))
    blind = cr.Spades(blind_nil=True)
    payload = Bidding((0, 1, 1, 1), blind=(0,))
    position(blind, payload, scores=(0, 100, 0, 100))
    with pytest.raises(cr.SetupError, match="Blind Nil"):
        position(blind, payload, scores=(0, 99, 0, 99))


def test_in_the_bidding_the_seats_from_the_dealers_left_have_bid() -> None:
    game = cr.Spades()
    base = position(game, Bidding((1, 2, 0, 1)))
    first = (base.dealer + 1) % 4
    bids = tuple(1 if seat == first else None for seat in range(4))
    state = game.enter_phase(base, "bid", to_move=(first + 1) % 4, payload=Bidding(bids))
    game.check_payload(state)
    assert game.legal_moves(state)
    with pytest.raises(cr.SetupError, match="up to the seat to move"):
        game.check_payload(game.enter_phase(base, "bid", to_move=first, payload=Bidding(bids)))
    with pytest.raises(cr.SetupError, match="blind phase is for a seat"):
        game.check_payload(
            game.enter_phase(base, "blind", to_move=(first + 1) % 4, payload=Bidding(bids))
        )
