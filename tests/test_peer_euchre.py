"""Euchre's OpenSpiel preset (``cr.Euchre.openspiel(**params)``) against OpenSpiel's
``euchre``, in lockstep (tests/peer_lockstep.py), under every combination of its two
parameters; and what the preset's games show of themselves (views, samples, records, a
search bot, the arena's teams). The game people play, ``cr.Euchre()``, is tested in
tests/test_euchre.py.

What OpenSpiel's ``euchre`` does (probed on the installed pyspiel; the rules the preset
must match):

- Parameters: ``allow_lone_defender`` (False), ``stick_the_dealer`` (True). One deal.
- Chance: first the dealer (0..3, "N", "E", "S", "W"), then 20 cards one at a time, the
  k-th to seat (dealer + k) % 4 (the dealer first), then the upcard; the last three
  cards are never dealt. Card ids are ``rank * 4 + suit``, ranks 9, T, J, Q, K, A as
  0..5 and suits C, D, H, S as 0..3. Other actions: 24 pass, 25..28 clubs, diamonds,
  hearts, spades as trumps, 29 go alone, 30 play with the partner (31 in all).
- Bidding from the dealer's left: in the first round pass or the upcard's suit; then,
  after four passes, pass or any other suit. With ``stick_the_dealer`` the eighth bid
  (the dealer's second) may not be a pass; without it eight passes end the game with
  returns 0.
- An order in the first round puts the upcard in the dealer's hand; the dealer discards
  any card but the upcard. Then the maker chooses to go alone or not (a second-round
  maker at once). With ``allow_lone_defender`` the defenders are asked next, from the
  dealer's left (the first defender there or after), whatever the maker chose; a
  defender who goes alone ends the asking. Partners of lone players sit out.
- Play starts at the dealer's left (the next active seat). Follow the suit led if able,
  the left bower counting as a trump (and not as its printed suit). Right bower, left
  bower, then trumps by rank, then the suit led by rank.
- Returns: the makers' score to both makers, its opposite to both defenders: 0 to 2
  tricks -2 (-4 with a lone defender), 3 or 4 tricks 1, 5 tricks 2 (4 alone). The header
  of euchre.h promises "super-Euchres" (-4 for no trick), which the code does not give:
  the preset has ``super_euchre=False``, and ``lone_defender_against_partners=True``
  (defenders asked whatever the maker chose), ``zero_sum=True`` and ``target=None``.

Cheap by default (a few hundred deals per parameter set); set CARDRULES_PEER_DEALS to
play more, e.g. ``CARDRULES_PEER_DEALS=5000 pytest tests/test_peer_euchre.py``.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import Any, cast

import pyspiel
import pytest

import cardrules as cr
from cardrules.games.euchre import rules as euchre
from cardrules.moves import NameSuit, Pass
from peer_lockstep import Peer, play_lockstep

DEALS = int(os.environ.get("CARDRULES_PEER_DEALS", "300"))
PARAMS = [
    {},
    {"allow_lone_defender": True},
    {"stick_the_dealer": False},
    {"allow_lone_defender": True, "stick_the_dealer": False},
]


def spiel_card(card: int) -> int:
    """OpenSpiel's euchre id of a card (rank * 4 + suit, ranks from the nine)."""
    return (card % 13 - 7) * 4 + card // 13


def spiel_action(move: Any, state: Any) -> int:
    if isinstance(move, (cr.Play, euchre.Discard)):
        return spiel_card(move.card)
    if isinstance(move, Pass):
        return 24
    if isinstance(move, NameSuit):
        return 25 + int(move.suit)
    return 29 if move.alone else 30


def dealt_chance(state: Any) -> list[int]:
    """The dealer, the cards in OpenSpiel's order (the dealer first), the upcard."""
    dealer = state.dealer
    cards = [spiel_card(state.hands[(dealer + k) % 4][k // 4]) for k in range(20)]
    return [dealer, *cards, spiel_card(state.turned_up)]


def peer(**params: bool) -> Peer:
    return Peer(
        cr.Euchre.openspiel(**params),
        "euchre",
        params,
        dealt_chance,
        spiel_action,
        lambda state: [float(score) for score in state.scores],
    )


def passing(moves: Sequence[Any], chooser: random.Random) -> Any:
    """Pass whenever allowed, otherwise choose at random: reaches the dealer's last bid."""
    return Pass() if Pass() in moves else chooser.choice(moves)


def going_alone(moves: Sequence[Any], chooser: random.Random) -> Any:
    """Go alone whenever asked (maker and defenders), otherwise at random."""
    return euchre.GoAlone(True) if euchre.GoAlone(True) in moves else chooser.choice(moves)


@pytest.mark.parametrize("params", PARAMS, ids=str)
def test_random_deals_play_as_openspiels(params: dict[str, bool]) -> None:
    game_peer = peer(**params)
    scores: set[tuple[int, ...]] = set()
    for seed in range(DEALS):
        start = game_peer.game.new_game(seed=seed, dealer=seed % 4)
        scores.add(play_lockstep(game_peer, start, random.Random(seed)).state.scores)
    # Euchred, made, march (alone or not) all happened.
    assert {abs(score) for s in scores for score in s} >= {1, 2}


@pytest.mark.parametrize("params", PARAMS, ids=str)
def test_everybody_passing_sticks_the_dealer_or_throws_the_deal_in(
    params: dict[str, bool],
) -> None:
    game_peer = peer(**params)
    for seed in range(40):
        start = game_peer.game.new_game(seed=seed, dealer=seed % 4)
        end = play_lockstep(game_peer, start, random.Random(seed), passing).state
        if params.get("stick_the_dealer", True):
            assert end.payload.maker == start.dealer and end.payload.passes == 7
        else:
            assert end.scores == (0, 0, 0, 0) and end.winners == (0, 1, 2, 3)


@pytest.mark.parametrize("params", PARAMS[:2], ids=str)
def test_going_alone_and_lone_defenders(params: dict[str, bool]) -> None:
    game_peer = peer(**params)
    for seed in range(60):
        start = game_peer.game.new_game(seed=seed, dealer=seed % 4)
        played = play_lockstep(game_peer, start, random.Random(seed), going_alone)
        contract, end = played.state.payload, played.state
        assert contract.alone[0] == contract.maker
        out = {(seat + 2) % 4 for seat in contract.alone}
        if params.get("allow_lone_defender"):  # a defender went alone too
            assert len(out) == 2 and (contract.alone[1] - contract.maker) % 2
        for trick in end.tricks:
            assert len(trick.cards) == 4 - len(out)
            assert not out & {seat for seat, _ in trick.plays(4)}


def hearts_ordered_up(hands: list[str]) -> Any:
    """Seat 3 deals, J♥ is turned up, seat 0 orders hearts (J♦ is the left bower), seat 3
    discards its first card, nobody goes alone: seat 0 to lead."""
    game = euchre.Euchre()
    dealt = [cr.parse_cards(hand) for hand in hands]
    state = game.new_game(seed=1, dealer=3, hands=dealt, turned_up="JH")
    state = game.apply(state, NameSuit(cr.Suit.HEARTS))
    state = game.apply(state, euchre.Discard(dealt[3][0]))
    state = game.apply(state, euchre.GoAlone(False))
    assert state.phase is None and state.to_move == 0 and state.payload.trump == cr.Suit.HEARTS
    return game, state


def test_the_left_bower_follows_trumps_and_not_its_own_suit() -> None:
    """Seat 1 holds J♦ and other diamonds: J♦ must follow a heart led (it is seat 1's
    only trump) and may not follow a diamond led."""
    rest = ["JD 9D TD QC KC", "9C TC JC AC 9S", "TS JS QS KS AS"]
    game, state = hearts_ordered_up(["9H TH QH KH AH", *rest])
    led = game.apply(state, cr.Play(cr.Card.parse("AH")))
    assert game.legal_moves(led) == (cr.Play(cr.Card.parse("JD")),)
    with pytest.raises(cr.IllegalMoveError, match="does not follow suit"):
        game.apply(led, cr.Play(cr.Card.parse("9D")))
    won = led
    for text in ("JD", "9C", "JH"):  # the right bower beats the left, the left the ace
        won = game.apply(won, cr.Play(cr.Card.parse(text)))
    assert won.tricks[-1].winner == 3
    game, state = hearts_ordered_up(["9H TH QH KH AD", *rest])
    led = game.apply(state, cr.Play(cr.Card.parse("AD")))
    assert {str(move) for move in game.legal_moves(led)} == {"9♦", "10♦"}


def test_openspiels_parameters_are_the_presets() -> None:
    spiel = pyspiel.load_game("euchre")
    assert spiel.get_type().parameter_specification == dict(cr.Euchre.OPENSPIEL_PARAMETERS)
    assert spiel.get_parameters() == dict(cr.Euchre.OPENSPIEL_PARAMETERS)


def test_views_hide_the_discard_and_samples_agree() -> None:
    games = [cr.Euchre.openspiel(**params) for params in PARAMS]
    for game in [*games, cr.Euchre(lone_defender=True, target=2)]:
        for seed in range(15):
            chooser, state, step = random.Random(seed), game.new_game(seed=seed), 0
            while not state.is_over:
                for seat in range(4):
                    view = game.observe(state, seat)
                    if state.payload.discard is not None:
                        assert (view.payload.discard is None) == (seat != state.dealer)
                    sample = game.determinize(view, seed * 1000 + step * 4 + seat)
                    assert game.observe(sample, seat) == view
                state = game.apply(state, going_alone(game.legal_moves(state), chooser))
                step += 1


def test_a_record_round_trips_through_json_with_the_games_own_moves() -> None:
    game = cr.Euchre.openspiel(allow_lone_defender=True)
    record = cr.GameRecord.start(game, seed=5)
    state, chooser = record.initial_state(), random.Random(5)
    while not state.is_over:
        move = going_alone(game.legal_moves(state), chooser)
        record, state = record.then(move), game.apply(state, move)
    text = record.to_json()
    assert '"euchre_alone"' in text
    assert cr.GameRecord.from_json(text).final_state() == state


def test_the_search_bot_beats_random_players() -> None:
    """Two ISMCTSBots (partners, 20 playouts a decision) against two random players
    over 20 deals: the searching side comes out ahead (a cheap check; the figures over
    more games come from ``benchmarks/search_vs_random.py --game euchre``)."""
    from cardrules.bots import ISMCTSBot, RandomBot

    game, search, chance = cr.Euchre.openspiel(), ISMCTSBot(iterations=20), RandomBot()
    total = 0
    for deal in range(20):
        state, number = game.new_game(seed=deal, dealer=deal % 4), 0
        while not state.is_over:
            seat = cast(int, state.to_move)
            bot = search if seat % 2 == 0 else chance
            view = game.observe(state, seat)
            state = game.apply(state, bot.choose(game, view, game.legal_moves(state), number))
            number += 1
        total += state.scores[0]
    assert total > 5


def test_partners_are_a_team_and_the_arena_counts_their_win_whole() -> None:
    from cardrules.arena import run_arena
    from cardrules.bots import Bot, RandomBot

    game = cr.Euchre.openspiel(stick_the_dealer=False)  # (a deal thrown in: all four share)
    assert game.teams() == ((0, 2), (1, 3))
    bots: list[Bot] = [RandomBot(), RandomBot(), RandomBot(), RandomBot()]
    result = run_arena(game, bots, games=8, seed=1, bot_seed=2, workers=1, progress=False)
    for played in result.games:
        assert played.sides_won == (2 if len(played.winners) == 4 else 1)
        assert set(played.winners) in ({0, 2}, {1, 3}, {0, 1, 2, 3})
    rows = result.rows()
    assert rows[0].wins == rows[2].wins and rows[1].wins == rows[3].wins
