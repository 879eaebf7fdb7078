"""Hearts' OpenSpiel preset (``cr.Hearts.openspiel(**params)``) against OpenSpiel's
``hearts``, in lockstep (tests/peer_lockstep.py).

What OpenSpiel's ``hearts`` does (its code, probed on the installed pyspiel; the rules
the preset must match):

- Parameters (all bool): ``pass_cards`` (True), ``no_pts_on_first_trick`` (True),
  ``can_lead_any_club`` (False), ``jd_bonus`` (False), ``avoid_all_tricks_bonus``
  (False), ``qs_breaks_hearts`` (True), ``must_break_hearts`` (True),
  ``can_lead_hearts_instead_of_qs`` (False). One deal is the whole game.
- Chance first: the pass direction, action 0 "No Pass", 1 "Left" (to seat + 1), 2
  "Across" (seat + 2), 3 "Right" (seat + 3). Its ``chance_outcomes()`` lists all four
  at 1/4 even with ``pass_cards=false``, where ``legal_actions()`` is only ``[0]``
  (and applying another is accepted); the lockstep feeds 0 there. The preset draws
  the direction the same way, before the deal (``random_passing``), from the four
  directions or from "keep" alone.
- Then 52 chance nodes deal the cards: the n-th card dealt goes to seat n % 4 (seat 0
  first; there is no dealer: the preset's dealer is seat 3). Card ids are
  ``rank * 4 + suit``, ranks 2..A as 0..12 and suits C, D, H, S as 0..3 (2C = 0, 2D =
  1, QS = 43, AS = 51).
- Passing (unless "No Pass"): seat 0 passes three cards, one action each (any card it
  still holds; a passed card leaves its hand at once), then seats 1, 2, 3. The cards
  reach their receivers only once all twelve are passed. A seat's information state
  shows the cards it passed (sorted: the order is hidden) and, after all have passed,
  the cards it received.
- Play: the holder of 2C leads it (with ``can_lead_any_club`` any club it holds).
  Follow suit if able. On the first trick, with ``no_pts_on_first_trick``, a player who
  cannot follow may not play a heart or QS unless it holds nothing else (JD is allowed).
  A leader may not lead a heart before hearts are broken (a heart played, or QS with
  ``qs_breaks_hearts``; broken from the start without ``must_break_hearts``) unless it
  holds nothing else; with ``can_lead_hearts_instead_of_qs``, a leader whose only
  non-heart is QS may lead anything. The highest card of the suit led wins (no trumps).
- Points: each heart 1, QS 13, JD -10 with ``jd_bonus``. Shooting the moon: one player
  takes every trick with points other than JD alone, and then scores its points - 26
  (so -10 with JD, else 0) while each other player adds 26. With
  ``avoid_all_tricks_bonus``, a player taking no trick scores -5, unless the moon was
  shot. Returns are ``26 - points``: from 0 to 36.

Cheap by default (a few hundred deals per parameter set); set CARDRULES_PEER_DEALS to
play more, e.g. ``CARDRULES_PEER_DEALS=5000 pytest tests/test_peer_hearts.py``.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pyspiel
import pytest

import cardrules as cr
from peer_lockstep import Peer, play_lockstep

DEALS = int(os.environ.get("CARDRULES_PEER_DEALS", "40"))
"""Deals per parameter set (the defaults, and each flag flipped)."""

FLAGS = (
    "pass_cards",
    "no_pts_on_first_trick",
    "can_lead_any_club",
    "jd_bonus",
    "avoid_all_tricks_bonus",
    "qs_breaks_hearts",
    "must_break_hearts",
    "can_lead_hearts_instead_of_qs",
)
DEFAULTS = {name: pyspiel.load_game("hearts").get_parameters()[name] for name in FLAGS}


def spiel_card(card: int) -> int:
    """OpenSpiel's id of a card (rank * 4 + suit) from the library's (suit * 13 + rank)."""
    return card % 13 * 4 + card // 13


def library_card(action: int) -> cr.Card:
    """The library's card of OpenSpiel's card id."""
    return cr.Card.from_index(action % 4 * 13 + action // 4)


def peer(**params: bool) -> Peer:
    """The preset with OpenSpiel's ``params`` and OpenSpiel's hearts with the same: its
    first chance node told the direction the preset drew, then the cards of its deal."""

    def chance(state: Any) -> list[int]:
        # The direction, then the cards round the table from seat 0 (in any order).
        cards = [spiel_card(state.hands[seat][i]) for i in range(13) for seat in range(4)]
        return [state.payload.offset, *cards]

    return Peer(
        cr.Hearts.openspiel(**params),
        "hearts",
        dict(params),
        chance,
        lambda move, state: spiel_card(move.card),  # a Play and a PassCard alike
        lambda state: [26.0 - points for points in state.scores],
    )


def play_deals(game_peer: Peer, deals: int, salt: int) -> list[Any]:
    """``deals`` seeded random deals in lockstep; the finished cardrules states."""
    ends = []
    for seed in range(deals):
        start = game_peer.game.new_game(seed=salt * 100_003 + seed)
        assert start.dealer == 3
        ends.append(play_lockstep(game_peer, start, random.Random(seed)).state)
    return ends


def test_the_preset_has_openspiels_parameters_and_defaults() -> None:
    spiel = pyspiel.load_game("hearts").get_parameters()
    assert dict(cr.Hearts.OPENSPIEL_PARAMETERS) == spiel
    assert cr.Hearts.openspiel() == cr.Hearts.openspiel(**spiel)


@pytest.mark.parametrize("flipped", [None, *FLAGS])
def test_random_deals_play_as_openspiels(flipped: str | None) -> None:
    """Every decision's legal set and the returns agree, for the defaults and with each
    parameter flipped; the deals pass in every direction the preset draws."""
    params = dict(DEFAULTS)
    if flipped is not None:
        params[flipped] = not params[flipped]
    ends = play_deals(peer(**params), DEALS + 4, 1 + FLAGS.index(flipped) if flipped else 0)
    offsets = {end.payload.offset for end in ends}
    assert offsets == ({0, 1, 2, 3} if params["pass_cards"] else {0})


def test_random_mixes_of_parameters_play_as_openspiels() -> None:
    chooser = random.Random(5)
    for salt in range(10):
        params = {name: chooser.random() < 0.5 for name in FLAGS}
        play_deals(peer(**params), DEALS // 4, 50 + salt)


@pytest.mark.parametrize("pass_cards", [True, False])
def test_the_presets_chance_nodes_are_openspiels(pass_cards: bool) -> None:
    """OpenSpiel's chance outcomes, sampled from its legal ones, fed as they are to the
    preset under explicit chance: the direction first (the same ids), then each card
    dealt (the n-th to seat n % 4); the deals then play in lockstep."""
    from cardrules.chance import ExplicitChance
    from peer_lockstep import sampled_chance

    game_peer = peer(pass_cards=pass_cards)
    table = ExplicitChance(game_peer.game)
    for seed in range(6):
        outcomes = sampled_chance(game_peer, random.Random(seed))
        state = table.new_game()
        assert state.draw_below == (4 if pass_cards else 1)
        state = table.apply_chance(state, outcomes[0])
        for action in outcomes[1:]:
            assert state.is_chance and state.draw_below == 0
            state = table.apply_chance(state, library_card(action))
        assert not state.is_chance
        inner = state.inner
        assert inner.payload.offset == outcomes[0]
        for n, action in enumerate(outcomes[1:]):
            assert library_card(action) in inner.hands[n % 4]
        play_lockstep(game_peer, inner, random.Random(seed))


MOON_HAND = "AC KC QC JC TC AS KS QS AH KH QH JH AD"
"""Seat 0 wins every trick with these, whatever the others hold and play."""


def moon_hands() -> list[tuple[cr.Card, ...]]:
    rest = [str(c) for c in cr.cards.ALL_CARDS if c not in cr.parse_cards(MOON_HAND)]
    return [cr.parse_cards(text) for text in (MOON_HAND, *(" ".join(rest[i::3]) for i in range(3)))]


@pytest.mark.parametrize("jd_bonus", [False, True])
def test_shooting_the_moon_with_and_without_the_jack_of_diamonds(jd_bonus: bool) -> None:
    game_peer = peer(pass_cards=False, jd_bonus=jd_bonus, avoid_all_tricks_bonus=True)
    for seed in range(20):
        start = game_peer.game.new_game(seed=seed, hands=moon_hands())
        end = play_lockstep(game_peer, start, random.Random(seed)).state
        # The shooter scores 0 (-10 with J♦), the others 26; no bonus for no tricks.
        assert end.scores == ((-10 if jd_bonus else 0), 26, 26, 26)


def test_a_changed_rule_is_caught() -> None:
    """The lockstep fails when one rule differs (OpenSpiel told points may be played on
    the first trick): the comparison can fail."""
    same = peer()
    loose = Peer(same.game, "hearts", {"no_pts_on_first_trick": False}, *same.rest())
    with pytest.raises(AssertionError):
        play_deals(loose, 200, 7)


# -- the passing: who sees which cards, samples, records ---------------------------------------


def passed_game(seed: int = 4) -> tuple[Any, Any, list[Any]]:
    """A deal passing left (seat 3 deals, seat 0 passes first) up to its first card."""
    game = cr.Hearts(target=None, passing="left", first_dealer_seat=3)
    state, states = game.new_game(seed=seed), []
    chooser = random.Random(seed)
    while state.phase == "pass":
        states.append(state)
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
    return game, state, states


def test_passed_cards_are_seen_by_the_passer_and_after_the_pass_by_the_receiver() -> None:
    game, played, passing = passed_game()
    assert [s.to_move for s in passing] == [0] * 3 + [1] * 3 + [2] * 3 + [3] * 3
    middle = passing[4]  # seat 1 has passed one card
    assert game.observe(middle, 1).payload.passed[1] == middle.payload.passed[1]
    assert game.observe(middle, 2).payload.passed[1] == (None,)  # not even the receiver yet
    assert game.observe(middle, 2).payload.passed[0] == (None, None, None)
    mine = played.payload.passed[0]
    assert set(mine) <= set(played.hands[1]) and not set(mine) & set(played.hands[0])
    assert game.observe(played, 1).payload.passed[0] == mine  # received
    assert game.observe(played, 2).payload.passed[0] == (None, None, None)
    assert game.observe(played, 0).payload.passed[3] == played.payload.passed[3]
    assert card_of("2C") in played.hands[played.to_move]


def card_of(text: str) -> cr.Card:
    return cr.Card.parse(text)


def test_samples_agree_with_the_views_while_passing_and_after() -> None:
    game, played, passing = passed_game(9)
    chooser = random.Random(3)
    states = [*passing, played]
    state = played
    for _ in range(30):
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
        states.append(state)
    for number, state in enumerate(states):
        for seat in range(4):
            view = game.observe(state, seat)
            sample = game.determinize(view, number * 4 + seat)
            assert game.observe(sample, seat) == view
            if state.phase is None:  # the cards seat passed stay with its receiver
                receiver = sample.hands[(seat + 1) % 4]
                held = set(state.payload.passed[seat]) & set(state.hands[(seat + 1) % 4])
                assert held <= set(receiver)
            # The sample can be played on to the end.
            while not sample.is_over:
                sample = game.apply(sample, game.legal_moves(sample)[0])


def test_a_record_with_passes_round_trips_through_json() -> None:
    record = cr.GameRecord.start(cr.Hearts(target=40), seed=11)
    state, chooser = record.initial_state(), random.Random(11)
    for _ in range(80):
        move = chooser.choice(record.game.legal_moves(state))
        record, state = record.then(move), record.game.apply(state, move)
    text = record.to_json()
    assert '"hearts_pass"' in text
    assert cr.GameRecord.from_json(text).final_state() == state
