"""What the hosts' positions hold: an information state's text is kept once per game,
in a log its successors share, not once per information state, so positions kept side
by side (OpenSpiel's random_sim_test keeps a copy of every position of a game, search
trees keep many) cost the game's text once.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import random
import sys
import tracemalloc
from typing import Any

import pytest

import cardrules as cr
from cardrules.encoding import encoder_for
from cardrules.encoding.info import BLOCK, Log
from cardrules.encoding.text import cards_text, step_text


def _walk(game: Any, seed: int, moves: int) -> tuple[list[Any], list[Any]]:
    """The steps of a random game from ``seed``, and its start."""
    chooser = random.Random(seed)
    start = game.start(seed=seed)
    state = start.state
    steps = []
    for _ in range(moves):
        if state.is_over:
            break
        step = game.step(state, chooser.choice(game.legal_moves(state)))
        steps.append(step)
        state = step.state
    return [start, *steps], steps


def _spelled_out(log: Log) -> str:
    """A log's text, spelled out from its entries (as the text was made before logs
    shared it)."""
    (_, header), *rest = log.entries()
    text = str(header)
    for events, note in rest:
        text += "; " + step_text(events, log.call_word)
        if note is not None:
            text += f" [{note[0]} {cards_text(note[1])}]"
    return text


def test_information_states_kept_side_by_side_hold_the_text_once() -> None:
    game = cr.Craits(players=4)
    encoder = encoder_for(game)
    (start, *_), steps = _walk(game, 3, 800)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        info = encoder.info_state(start.state, 0)
        kept = [info]
        texts = 0
        for step in steps:
            info = info.after(step)
            kept.append(info)
            texts += sys.getsizeof(info.text)  # asked at every step, then dropped
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    last = sys.getsizeof(kept[-1].text)
    assert len(kept) > 4 * BLOCK and texts > 100 * last / 4
    # Each information state holding its own text would hold all of `texts`.
    assert held < texts / 8, (held, texts, last)


def test_texts_and_digests_are_the_same_however_they_are_asked() -> None:
    """Asked at every step, late, out of order, along two lines of play that part, or
    after a pickle: always the text spelled out from the steps, and its digest."""
    game = cr.Craits(players=3)
    encoder = encoder_for(game)
    (start, *_), steps = _walk(game, 8, 3 * BLOCK + 20)
    eager = [encoder.info_state(start.state, 1)]
    for step in steps:
        eager.append(eager[-1].after(step))
        assert eager[-1].text == _spelled_out(eager[-1]._log)
    late = [encoder.info_state(start.state, 1)]
    for step in steps:
        late.append(late[-1].after(step))
    chooser = random.Random(2)
    order = list(range(len(late)))
    chooser.shuffle(order)
    for index in order:
        info = late[index]
        assert info.text == eager[index].text
        assert info.digest == hashlib.blake2b(info.text.encode(), digest_size=16).hexdigest()
    # Another line of play from the middle: its texts, and the first line's again.
    middle = BLOCK + 5
    state = steps[middle - 1].state
    other = late[middle]
    other_chooser = random.Random(99)
    for _ in range(5):
        step = game.step(state, other_chooser.choice(game.legal_moves(state)))
        state = step.state
        other = other.after(step)
        assert other.text == _spelled_out(other._log)
        assert other.digest == hashlib.blake2b(other.text.encode(), digest_size=16).hexdigest()
    assert late[-1].text == eager[-1].text and late[middle].text == eager[middle].text
    again = pickle.loads(pickle.dumps(late[-1]))
    assert again.text == late[-1].text and again.digest == late[-1].digest


def test_openspiel_positions_kept_side_by_side_hold_the_texts_once() -> None:
    """OpenSpiel's random simulation keeps a clone of every position and asks every
    seat's information state string: the Python side of the clones holds the texts
    once (the C++ side of each clone holds its history of actions: OpenSpiel's own
    cost, which grows with the square of a game's length)."""
    try:
        import pyspiel  # noqa: F401

        from cardrules.hosts.openspiel import load_game
    except ImportError:
        if os.environ.get("CARDRULES_REQUIRE_HOSTS") == "1":
            raise
        pytest.skip("OpenSpiel is not installed")
    game = load_game(cr.Craits(players=4))
    chooser = random.Random(4)
    state = game.new_initial_state()
    kept: list[Any] = []
    texts = 0
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        while not state.is_terminal() and len(kept) < 800:
            kept.append(state.clone())
            if state.is_chance_node():
                state.apply_action(chooser.choice(state.chance_outcomes())[0])
                continue
            for seat in range(4):
                texts += sys.getsizeof(state.information_state_string(seat))
            state.apply_action(chooser.choice(state.legal_actions()))
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(kept) == 800
    # (Each seat's information state keeps its latest view, some 800 bytes: texts held
    # once per position would be all of `texts`.)
    assert held < texts / 4, (held, texts)
