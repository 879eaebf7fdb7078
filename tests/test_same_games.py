"""Cramps and Craits play the very same games as before the engines were opened (at
7a0e05b): a fingerprint of many seeded random games, made from the public API only
(whose turn it is, the hands, the scores and the text of every legal move at every
step, then the final scores and winners), equals the one taken then. A change to the
engines that changes any of those games fails here."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

import cardrules as cr

FINGERPRINTS_AT_7A0E05B = {
    "cramps": (cr.Cramps(), 60, "27034a365c155d1ed5611d68a624e24b"),
    "cramps-t5": (cr.Cramps(target=5), 60, "763e794125c03eb4cd01c2a1f2ea9b8a"),
    "craits-2": (cr.Craits(players=2, short_game=True), 12, "d1e4abfd5a848615d0428c3880326282"),
    "craits-3": (cr.Craits(players=3, short_game=True), 12, "f0dabd56d3fff6f0a7d1e068fe74d619"),
    "craits-4": (cr.Craits(players=4, short_game=True), 12, "877c147a8527427223fab858a864362b"),
    "craits-5": (cr.Craits(players=5, short_game=True), 12, "f3d26f375000564ec94d909c054aa912"),
    "craits-7": (cr.Craits(players=7, short_game=True), 12, "c6a492db424e585ee2441bcf027579e5"),
    "craits-10": (cr.Craits(players=10, short_game=True), 12, "2c3fe7df41a32b0f03500e52dd9d2fd2"),
    "craits-4-full": (cr.Craits(players=4), 4, "35e131a82edc495cb77784a540cd32ba"),
    "craits-pub": (cr.Craits.published_rules(players=5), 6, "85b3c3b936391751aa121daa39c97473"),
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
