"""Cramps and Craits play the very same games as before the engines were opened (at
7a0e05b): a fingerprint of many seeded random games, made from the public API only
(whose turn it is, the hands, the scores and the text of every legal move at every
step, then the final scores and winners), equals the one taken then. A change to the
engines that changes any of those games fails here.

The digest takes the games one after another, so the fingerprint of the first games
depends on them alone: these, of half as many games as first pinned (for the suite's CPU
budget), were taken from code that still gave 7a0e05b's fingerprints of all of them."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

import cardrules as cr

FINGERPRINTS_AT_7A0E05B = {
    "cramps": (cr.Cramps(), 30, "5da2f3e8368e63b8dc17d8c4c459998f"),
    "cramps-t5": (cr.Cramps(target=5), 30, "afafdb19547037847a1fd4432a99460f"),
    "craits-2": (cr.Craits(players=2, short_game=True), 6, "b31429c4df6d77a598c7085a436da866"),
    "craits-3": (cr.Craits(players=3, short_game=True), 6, "ea1d12a7c21a2541e6220157c096f899"),
    "craits-4": (cr.Craits(players=4, short_game=True), 6, "37624cc0ff46e6d3fb9b221fe07e1d97"),
    "craits-5": (cr.Craits(players=5, short_game=True), 6, "b981d41e4888b5f43e018d66789f2975"),
    "craits-7": (cr.Craits(players=7, short_game=True), 5, "675c13da23b45a11d142f5499b6b5e63"),
    "craits-10": (cr.Craits(players=10, short_game=True), 4, "18b4e28b6af84658e1b9dc5b9fb25c5a"),
    "craits-4-full": (cr.Craits(players=4), 2, "45292a8acdf488abb40e7a34e29cf005"),
    "craits-pub": (cr.Craits.published_rules(players=5), 3, "87944c92687dd3085b34c5fa2f90a53e"),
}


def fingerprint(game: Any, count: int) -> str:
    """The fingerprint of ``count`` games from seeds 0, 1, …, dealer 0, random moves."""
    digest = hashlib.blake2b(digest_size=16)
    for seed in range(count):
        state = game.new_game(seed=seed, dealer=0)
        chooser = random.Random(seed)
        moves = 0
        while not state.is_over and moves < 20_000:
            legal = game.legal_moves(state)
            seen = (state.to_move, state.hands, state.scores, [str(move) for move in legal])
            digest.update(repr(seen).encode())
            state = game.apply(state, chooser.choice(legal))
            moves += 1
        digest.update(repr((state.scores, state.winners)).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("name", sorted(FINGERPRINTS_AT_7A0E05B))
def test_the_same_games_from_the_same_seeds(name: str) -> None:
    game, count, expected = FINGERPRINTS_AT_7A0E05B[name]
    assert fingerprint(game, count) == expected
