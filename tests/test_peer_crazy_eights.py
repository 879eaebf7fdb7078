"""Crazy Eights' OpenSpiel preset (``cr.CrazyEights.openspiel(**params)``) against
OpenSpiel's ``crazy_eights``, in lockstep: the same deal (the preset's stacked deck, fed
to OpenSpiel as its chance outcomes, and every card drawn afterwards likewise), the same
random choices, the legal moves compared at every decision and the returns at the end.

OpenSpiel asks for the suit of an 8 in a decision of its own ("Nominate suit"); here
the suit comes with the play, so an 8 is compared as one card, offered naming each suit
exactly when OpenSpiel then asks for one, and the suit is then fed to OpenSpiel; an 8
that ends the game is one move in both, naming no suit. ``CARDRULES_PEER_DEALS`` sets
the number of deals per parameter set (default 35); e.g.
``CARDRULES_PEER_DEALS=3000 pytest tests/test_peer_crazy_eights.py``.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any, cast

import pytest

import cardrules as cr
from cardrules.games import crazy_eights as c8

pyspiel = pytest.importorskip("pyspiel")


DEALS = int(os.environ.get("CARDRULES_PEER_DEALS", "35"))
DRAW, PASS, NOMINATE = 52, 53, 54  # OpenSpiel's action ids (cards are 0 ... 51)
DEALER = 52  # the chance outcome "Decide Player p to be the dealer" is 52 + p


def spiel_id(card: cr.Card) -> int:
    """OpenSpiel's id of a card: rank index x 4 + suit (clubs, diamonds, hearts, spades)."""
    return (card.rank - 2) * 4 + int(card.suit)


def spiel_ids(moves: tuple[cr.Move, ...]) -> list[int]:
    """The preset's legal moves as OpenSpiel's actions (an 8 once, whatever its suit)."""
    ids = {
        spiel_id(move.card) if isinstance(move, cr.Play) else DRAW if move == cr.Draw() else PASS
        for move in moves
    }
    return sorted(ids)


def feed_drawn(spiel: Any, before: Any, after: Any, seat: int) -> None:
    """Give OpenSpiel, as its chance outcomes, the cards the preset's ``seat`` drew
    from state ``before`` to ``after``, in the order drawn: first from the stock as it
    was, then from the stock a reshuffle made."""
    drawn = Counter(after.hands[seat]) - Counter(before.hands[seat])
    first = [card for card in before.table.stock[: drawn.total()] if drawn[card]]
    for card in first + sorted((drawn - Counter(first)).elements()):
        assert spiel.is_chance_node(), "OpenSpiel stopped drawing before the preset did"
        spiel.apply_action(spiel_id(card))


def lockstep(
    params: dict[str, Any], seed: int, game: Any | None = None, seen: set[str] | None = None
) -> Any:
    """Play one random deal in both games at once; return the preset's final state.
    ``seen`` collects the edge cases the deal went through (see :func:`edge_cases`)."""
    game = game or c8.CrazyEights.openspiel(**params)
    spiel = pyspiel.load_game("crazy_eights", params).new_initial_state()
    chooser = random.Random(seed)
    order = list(game.deck.cards())
    chooser.shuffle(order)
    dealer = chooser.randrange(game.players)
    state = game.new_game(seed=seed, dealer=dealer, deck=order)
    spiel.apply_action(DEALER + dealer)
    dealt = game.players * game.cards_each(1)
    for card in order[:dealt]:  # one at a time from the dealer's left, as OpenSpiel deals
        spiel.apply_action(spiel_id(card))
    assert state.top is not None  # (a new deal's turned-up card)
    spiel.apply_action(spiel_id(state.top))  # a turned-up 8 went back into both stocks
    greedy = chooser.random() < 0.5  # half the deals prefer plays to draws and passes
    while not state.is_over:
        assert not spiel.is_terminal() and not spiel.is_chance_node()
        assert spiel.current_player() == state.to_move
        legal = spiel.legal_actions()
        assert spiel_ids(game.legal_moves(state)) == legal, (seed, str(state))
        plays = [action for action in legal if action < DRAW]
        action = chooser.choice(plays if greedy and plays else legal)
        seat, before = state.to_move, state
        spiel.apply_action(action)
        if action == DRAW:
            state = game.apply(state, cr.Draw())
            feed_drawn(spiel, before, state, seat)
            if seen is not None:
                seen.update(edge_cases(game, before, state, seat))
        elif action == PASS:
            state = game.apply(state, cr.Pass())
            if plays and seen is not None:
                seen.add("passed holding a playable card")
        else:
            card = next(c for c in before.hands[seat] if spiel_id(c) == action)
            ways = [
                m for m in game.legal_moves(before) if isinstance(m, cr.Play) and m.card == card
            ]
            move = ways[0] if len(ways) == 1 else chooser.choice(ways)
            state = game.apply(state, move)
            if spiel.is_terminal() or card.rank != cr.Rank.EIGHT:
                assert ways == [cr.Play(card)]  # an 8 that ends the game too: no suit asked
                if seen is not None and card.rank == cr.Rank.EIGHT:
                    seen.add("an 8 ended the game")
            else:  # OpenSpiel asks the suit next: the preset offered the 8 naming each
                assert spiel.legal_actions() == [NOMINATE + s for s in range(4)]
                assert [m.suit for m in ways] == list(cr.Suit)
                spiel.apply_action(NOMINATE + int(cast(cr.Suit, move.suit)))
        if seen is not None and state.count >= 4:
            seen.add("twos added up")
    assert spiel.is_terminal()
    assert tuple(spiel.returns()) == state.scores
    if seen is not None and all(state.hands):
        seen.add("max_turns reached" if state.cards_played == game.max_plays else "blocked")
    return state


def edge_cases(game: Any, before: Any, after: Any, seat: int) -> set[str]:
    """The edge cases a draw went through."""
    cases = set()
    if not after.stock_size:
        cases.add("stock empty")
    if len(after.discard) < len(before.discard):
        cases.add("reshuffled")
    if after.draws_this_turn == game.draw_limit:
        cases.add("max_draw_cards reached")
    if before.count and not after.stock_size:
        cases.add("twos drawn to the stock's last card")
    return cases


PARAMETER_SETS: list[tuple[dict[str, Any], set[str]]] = [
    ({}, {"stock empty", "max_draw_cards reached", "blocked", "passed holding a playable card"}),
    ({"players": 2}, {"stock empty", "blocked"}),
    ({"players": 3, "max_draw_cards": 1}, {"max_draw_cards reached", "blocked"}),
    ({"players": 4, "use_special_cards": True}, {"twos added up", "blocked"}),
    ({"players": 3, "reshuffle": True}, {"reshuffled", "max_turns reached", "an 8 ended the game"}),
    (
        {"players": 2, "use_special_cards": True, "reshuffle": True, "max_draw_cards": 2},
        {"reshuffled", "twos added up", "max_turns reached"},
    ),
    ({"players": 7, "use_special_cards": True, "max_turns": 40}, {"max_turns reached"}),
    (
        {"players": 4, "max_turns": 12, "max_draw_cards": 3, "reshuffle": True},
        {"max_turns reached", "an 8 ended the game"},
    ),
]


@pytest.mark.parametrize(("params", "cases"), PARAMETER_SETS, ids=lambda p: repr(p))
def test_lockstep_with_openspiel(params: dict[str, Any], cases: set[str]) -> None:
    game = c8.CrazyEights.openspiel(**params)
    seen: set[str] = set()
    for seed in range(DEALS):
        lockstep(params, seed, game, seen)
    assert cases <= seen  # the deals went through these edge cases


@pytest.mark.parametrize("players", range(2, 16))
def test_lockstep_for_every_number_of_players(players: int) -> None:
    """2 to 15 players (one deck up to five, two beyond), the options varied with the
    number; a tenth as many deals as each parameter set above."""
    params = {
        "players": players,
        "reshuffle": players % 2 == 0,
        "use_special_cards": players % 3 == 0,
    }
    game = c8.CrazyEights.openspiel(**params)
    assert game.deck.size == (52 if players <= 5 else 104)
    for seed in range(max(2, DEALS // 10)):
        lockstep(params, seed, game)


# Deals in which the twos are drawn down to the stock's last card, which OpenSpiel counts
# as a pass, and the game then ends on the passes (found by search: with that rule
# off, each of these goes out of step).
TWOS_EMPTY_THE_STOCK = [
    ({"players": 2, "use_special_cards": True}, 193),
    ({"players": 2, "use_special_cards": True}, 515),
    ({"players": 3, "use_special_cards": True}, 243),
    ({"players": 2, "use_special_cards": True, "max_draw_cards": 1}, 36),
]


@pytest.mark.parametrize(("params", "seed"), TWOS_EMPTY_THE_STOCK)
def test_twos_that_empty_the_stock_count_as_a_pass(params: dict[str, Any], seed: int) -> None:
    seen: set[str] = set()
    state = lockstep(params, seed, seen=seen)
    assert {"twos drawn to the stock's last card", "blocked"} <= seen
    assert state.stock_size == 0


@pytest.mark.parametrize(
    "params", [{}, {"players": 3, "use_special_cards": True, "reshuffle": True}]
)
def test_records_round_trip_and_determinize_agrees_with_every_view(params: dict[str, Any]) -> None:
    game = c8.CrazyEights.openspiel(**params)
    for seed in range(4):
        chooser = random.Random(seed)
        record = cr.GameRecord.start(game, seed=seed)
        state = record.initial_state()
        while not state.is_over:
            view = game.observe(state, cast(int, state.to_move))
            guess = game.determinize(view, seed)
            assert game.observe(guess, view.seat) == view
            move = chooser.choice(game.legal_moves(state))
            record, state = record.then(move), game.apply(state, move)
        assert cr.GameRecord.from_json(record.to_json()).final_state() == state
