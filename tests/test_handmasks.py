"""Hand masks (cardrules.handmasks): hands with copies of a card as ints, and the
shedding engine's use of them (states remember their legal moves; pickles do not)."""

from __future__ import annotations

import pickle
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

import cardrules as cr
from cardrules.cards import ALL_CARDS, FULL_MASK, mask_of
from cardrules.handmasks import hand_cards, hand_mask, hand_size, with_card, without_card

# Hands of up to three copies of each card, as games with one to three decks deal.
hands_with_copies = st.lists(st.sampled_from(ALL_CARDS), max_size=60).filter(
    lambda cards: max(Counter(cards).values(), default=0) <= 3
)


@given(hands_with_copies)
def test_a_hand_mask_holds_every_copy(cards: list[cr.Card]) -> None:
    mask = hand_mask(cards)
    assert hand_cards(mask) == tuple(sorted(cards))
    assert hand_size(mask) == len(cards)
    assert mask & FULL_MASK == mask_of(cards)  # the first block: the distinct cards


@given(hands_with_copies, st.sampled_from(ALL_CARDS))
def test_adding_and_removing_a_copy(cards: list[cr.Card], card: cr.Card) -> None:
    mask = hand_mask(cards)
    if Counter(cards)[card] < 3:
        assert hand_cards(with_card(mask, card)) == tuple(sorted([*cards, card]))
        assert without_card(with_card(mask, card), card) == mask
    if card in cards:
        fewer = list(cards)
        fewer.remove(card)
        assert without_card(mask, card) == hand_mask(fewer)


@given(st.permutations(ALL_CARDS[:20] * 2))
def test_equal_hands_have_equal_masks_in_any_order(cards: list[cr.Card]) -> None:
    assert hand_mask(cards) == hand_mask(sorted(cards))


def _random_states(game: cr.Craits, seed: int, count: int) -> list[cr.CraitsState]:
    pick = random.Random(seed).random
    state = game.new_game(seed=seed)
    states = [state]
    while len(states) < count and not state.is_over:
        moves = game.legal_moves(state)
        state = game.apply(state, moves[int(pick() * len(moves))])
        states.append(state)
    return states


def test_two_deck_hands_are_played_and_shown_with_their_copies() -> None:
    game = cr.Craits(players=7)  # two decks
    held = Counter[cr.Card]()
    for state in _random_states(game, 3, 400):
        cards = Counter(card for hand in state.hands for card in hand)
        cards.update(state.discard)
        cards.update(state.table.stock)
        assert cards == Counter(ALL_CARDS * 2)
        held.update(card for hand in state.hands for card in set(hand) if hand.count(card) > 1)
    assert held, "no hand held two copies of a card in 400 positions"


def test_remembered_legal_moves_are_those_worked_out_afresh() -> None:
    game = cr.Craits(players=4, idiot_calls="manual")
    for state in _random_states(game, 11, 300):
        asked = game.legal_moves(state)
        assert game.legal_moves(state) is asked  # remembered
        fresh = pickle.loads(pickle.dumps(state))  # a pickle does not carry them
        assert fresh._legal is None
        assert fresh == state
        assert game.legal_moves(fresh) == asked
