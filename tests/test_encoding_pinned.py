"""Cramps' and Craits' encodings stay bit for bit what they are under their layout
versions (Cramps' ``tricks/1+cramps/2`` and Craits' ``shedding/1``, the family
encoders' since Cramps' and Craits' own encoders went: pinned when they went): a
digest of the layouts (sizes, every field's name, place, bounds and description) and,
at every step of seeded random games and for every seat, the observation and
information-state vector as lists (the exact float64 bits), as arrays
(``observation_array``, ``InfoState.array`` new and into a buffer) and as the in-place
tracker's rows (:class:`~cardrules.encoding.arrays.ObservationArrays`), the
information state's text, and the legal-move masks. A change to any encoding fails
here: a change to a layout needs a new version (tests/test_encoding_layouts.py) and a
new pin here.

The digest takes its input in order (the layout, then every step of every game), so the
digest of a first game's first steps depends on them alone.

Set CARDRULES_PINNED_GAMES to a number of games per rules to check more than the
default (the pinned digests are for the default counts only, so a larger count only
checks that the paths agree with each other).
"""

from __future__ import annotations

import hashlib
import os
import random
import struct
from typing import Any

import numpy as np
import pytest

import cardrules as cr
from cardrules.encoding import encoder_for
from cardrules.encoding.arrays import ObservationArrays

CRAMPS = "tricks/1+cramps/2"
CRAITS = "shedding/1"
PINNED = {
    "cramps": (cr.Cramps(), 1, 100, "6ef7b502fa3c33318c26944f451362ab"),
    "cramps-odd": (
        cr.Cramps(target=11, trick_values=(1,) * 13, queen_points=2),
        1,
        80,
        "89c752596cdf99259c15ae4a42ddeea4",
    ),
    "craits-2": (cr.Craits(players=2, short_game=True), 1, 100, "a30da21013baf16a1734c40711cc1307"),
    "craits-3-auto": (
        cr.Craits(players=3, idiot_calls="automatic"),
        1,
        100,
        "3b9e77fc9d09bf15a8d71f2f7c67c61d",
    ),
    "craits-4": (cr.Craits(players=4), 1, 100, "6c9bab24daea3c0a13d62482bcaee9c2"),
    "craits-7": (cr.Craits(players=7), 1, 80, "249ed23d8d6e9eeb4639c339edc384ae"),
    "craits-pub": (
        cr.Craits.published_rules(players=5),
        1,
        80,
        "eae9f7818fc97a79f68402aa28ecfab6",
    ),
}


def _floats(values: Any) -> bytes:
    return struct.pack(f"<{len(values)}d", *values)


def layout_digest(encoder: Any, digest: Any) -> None:
    digest.update(repr((encoder.observation_size, encoder.info_state_size)).encode())
    for field in encoder.info_fields:
        digest.update(repr(field).encode())
    digest.update(repr([f.name for f in encoder.fields]).encode())
    digest.update(_floats(encoder.observation_low) + _floats(encoder.observation_high))
    digest.update(_floats(encoder.info_low) + _floats(encoder.info_high))


def encodings_digest(game: Any, games: int, moves: int) -> str:
    """The digest of every encoding of ``games`` seeded random games (``moves`` each at
    most); the paths that must agree (list, array, buffer, tracker) are checked to."""
    encoder = encoder_for(game)
    digest = hashlib.blake2b(digest_size=16)
    layout_digest(encoder, digest)
    buffer = np.empty(encoder.info_state_size, dtype=np.float32)
    small = np.empty(encoder.observation_size, dtype=np.float32)
    for seed in range(games):
        state = game.new_game(seed=seed, dealer=seed % game.players)
        infos = encoder.info_states(state)
        arrays = ObservationArrays(encoder, state)
        chooser = random.Random(seed)
        for _ in range(moves):
            for seat, info in enumerate(infos):
                view = game.observe(state, seat)
                observation = encoder.observation(view)
                assert info.observation == observation
                vector = info.vector
                digest.update(_floats(observation) + _floats(vector))
                digest.update(info.text.encode())
                digest.update(bytes(encoder.legal_mask(state, seat)))
                wanted = np.array(vector, dtype=np.float32)
                assert np.array_equal(info.array(), wanted)
                assert info.array(out=buffer) is buffer and np.array_equal(buffer, wanted)
                assert np.array_equal(info.observation_array(out=small), wanted[: len(small)])
                assert np.array_equal(arrays.observation(seat), wanted[: len(small)])
                assert np.array_equal(encoder.observation_array(view), wanted[: len(small)])
                digest.update(buffer.tobytes())
            if state.is_over:
                break
            step = game.step(state, chooser.choice(game.legal_moves(state)))
            infos = encoder.after(infos, step)
            arrays.update(step)
            state = step.state
    return digest.hexdigest()


@pytest.mark.parametrize("name", sorted(PINNED))
def test_the_same_encodings_as_before(name: str) -> None:
    game, games, moves, expected = PINNED[name]
    assert encoder_for(game).layout == (CRAMPS if name.startswith("cramps") else CRAITS)
    more = int(os.environ.get("CARDRULES_PINNED_GAMES", "0"))
    got = encodings_digest(game, max(games, more), moves)
    if more <= games:
        assert got == expected
