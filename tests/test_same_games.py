"""Cramps and Craits play the very same games as before the engines were opened (at
7a0e05b): a fingerprint of many seeded random games, made from the public API only
(whose turn it is, the hands, the scores and the text of every legal move at every
step, then the final scores and winners), equals the one taken then. A change to the
engines that changes any of those games fails here.

The digest takes the games one after another, so the fingerprint of the first games
depends on them alone: these, of a quarter of the games first pinned (for the suite's CPU
budget), were taken from code that still gave 7a0e05b's fingerprints of all of them."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

import cardrules as cr
from cardrules.shedding.moves import CallOut

FINGERPRINTS_AT_7A0E05B = {
    "cramps": (cr.Cramps(), 15, "9a3ad4829c1b1fab07941ed71b560aa1"),
    "cramps-t5": (cr.Cramps(target=5), 15, "062aa64341bf71812e3a836783e2b645"),
    "craits-2": (cr.Craits(players=2, short_game=True), 3, "cc3d4c0c73640049c005dadb55f7b826"),
    "craits-3": (cr.Craits(players=3, short_game=True), 3, "e2c760df05f2c80a8d04619f643b3b0a"),
    "craits-4": (cr.Craits(players=4, short_game=True), 3, "e1c612423b8614b10c23827f933b29df"),
    "craits-5": (cr.Craits(players=5, short_game=True), 3, "6e6438443d545f5617bad5e2b65d6bd7"),
    "craits-7": (cr.Craits(players=7, short_game=True), 3, "6ece7e208a1edc525395bb01e3482a1e"),
    "craits-10": (cr.Craits(players=10, short_game=True), 2, "bf921530d1474b177118b655ec2ddb7b"),
    "craits-4-full": (cr.Craits(players=4), 1, "9c18ed8db3ca528b9f38cd4ca51cc2ff"),
    "craits-pub": (cr.Craits.published_rules(players=5), 2, "0368c80814481f2e0fddcca587c4bc15"),
}


def _text_at_7a0e05b(move: Any) -> str:
    """A legal move's text as 7a0e05b wrote it: the one-card call said Craits' word
    then; its text is the family's own since (``CallOut``: "seat 1 calls seat 2 out"),
    a change of words, not of games."""
    if isinstance(move, CallOut):
        on = "" if move.target is None else f" on seat {move.target}"
        return f'seat {move.caller} calls "idiot"{on}'
    return str(move)


def fingerprint(game: Any, count: int) -> str:
    """The fingerprint of ``count`` games from seeds 0, 1, …, dealer 0, random moves."""
    digest = hashlib.blake2b(digest_size=16)
    for seed in range(count):
        state = game.new_game(seed=seed, dealer=0)
        chooser = random.Random(seed)
        moves = 0
        while not state.is_over and moves < 20_000:
            legal = game.legal_moves(state)
            seen = (
                state.to_move,
                state.hands,
                state.scores,
                [_text_at_7a0e05b(move) for move in legal],
            )
            digest.update(repr(seen).encode())
            state = game.apply(state, chooser.choice(legal))
            moves += 1
        digest.update(repr((state.scores, state.winners)).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("name", sorted(FINGERPRINTS_AT_7A0E05B))
def test_the_same_games_from_the_same_seeds(name: str) -> None:
    game, count, expected = FINGERPRINTS_AT_7A0E05B[name]
    assert fingerprint(game, count) == expected
