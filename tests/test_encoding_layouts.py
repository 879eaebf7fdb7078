"""The encoders' layout versions keep their promise: one ``Encoder.layout`` text, for
one game with one set of options, always means the same fields (names, sizes and
bounds, in order) and the same observation and information-state sizes.

``PINNED`` holds, per layout text, the fingerprint of every shipped game's layout
under a few option sets. A change to a layout fails here: bump the version of what
changed (``layout_version`` of the encoder class for the family's or the game
encoder's fields, ``encoded_fields_version`` of the rules class for a game's own
fields), then pin the new fingerprint under the new text (``python
tests/test_encoding_layouts.py`` prints the table).
"""

from __future__ import annotations

import ast
import hashlib
from pathlib import Path
from typing import Any

import pytest

from cardrules.encoding import Encoder, TrickEncoder, encoder_for
from cardrules.errors import RulesError
from cardrules.games import shipped_games

# The option sets of each shipped game (by name): the defaults and a few that touch
# the layout (seats, decks, cards) or its game fields.
OPTIONS: dict[str, tuple[dict[str, Any], ...]] = {
    "craits": ({}, {"players": 2}, {"players": 7}, {"players": 5, "decks": 2}),
    "cramps": ({}, {"target": 11, "queen_points": 2}),
    "crazy_eights": ({}, {"players": 2}, {"players": 6, "decks": 2}),
    "euchre": ({}, {"lone_defender": True}),
    "hearts": ({}, {"jack_of_diamonds": True}),
    "oh_hell": ({}, {"players": 3}, {"players": 5, "ranks": 10}),
    "president": (
        {},
        {"players": 3, "revolution": True},
        {"exchange": False, "players": 7},
        {"jokers": True},
    ),
    "skat": ({}, {"bidding": "openspiel", "deals": 1, "scoring": "openspiel"}),
    "spades": ({}, {"blind_nil": True}),
    "uno": ({}, {"players": 2}, {"players": 10, "jump_in": True}),
}

PINNED: dict[str, dict[str, str]] = {
    "climbing/1": {
        "president(exchange=False, players=7)": "ee18da5cd789ac2e",
    },
    "climbing/1+president/1": {
        "president()": "91975639591cdc2a",
        "president(players=3, revolution=True)": "4a2c3739b316879a",
        "president(jokers=True)": "6af7c2fcb62c6d30",  # (54 cards: the two jokers)
    },
    "shedding/1": {
        "craits()": "2c5a3bb07f49d722",
        "craits(players=2)": "2fd7e6569ba70d17",
        "craits(players=7)": "f3f98f038e288f93",
        "craits(decks=2, players=5)": "2ca3b49212325f14",
        "crazy_eights()": "2c5a3bb07f49d722",
        "crazy_eights(players=2)": "2fd7e6569ba70d17",
        "crazy_eights(decks=2, players=6)": "0f1b2af4135d59d8",
    },
    "shedding/2": {  # (UNO's 108 cards: 54 kinds, four colours, fifteen faces; own_phase)
        "uno()": "eb92f768f8a338b4",
        "uno(players=2)": "9f39ae9640bad464",
        "uno(jump_in=True, players=10)": "63302b54fc7811f8",
    },
    "tricks/1": {
        "oh_hell()": "f7b62a69c3bee17e",
        "oh_hell(players=3)": "93c69312e5247a35",
        "oh_hell(players=5, ranks=10)": "dd38287a333cd501",
    },
    "tricks/1+cramps/2": {
        "cramps()": "1649aca887005c14",
        "cramps(queen_points=2, target=11)": "47301d72a2487d12",
    },
    "tricks/1+euchre/1": {
        "euchre()": "0ed86e0721c329b0",
        "euchre(lone_defender=True)": "0ed86e0721c329b0",
    },
    "tricks/1+hearts/1": {
        "hearts()": "9f57402e20655b7d",
        "hearts(jack_of_diamonds=True)": "9f57402e20655b7d",
    },
    "tricks/1+skat/1": {
        "skat()": "920056402a4d4368",
        "skat(bidding='openspiel', deals=1, scoring='openspiel')": "920056402a4d4368",
    },
    "tricks/1+spades/1": {
        "spades()": "e22217f78f059778",
        "spades(blind_nil=True)": "e22217f78f059778",
    },
}


def options_text(name: str, options: dict[str, Any]) -> str:
    """The game and options as one key, such as ``craits(players=2)``."""
    return f"{name}({', '.join(f'{key}={value!r}' for key, value in sorted(options.items()))})"


def fingerprint(encoder: Encoder) -> str:
    """A short hash of the layout: the sizes, then every field's name, place, size and
    bounds, in order (the descriptions are words about the fields, not the fields)."""
    parts = [
        repr((encoder.observation_size, encoder.info_state_size)),
        *(
            repr((field.name, field.start, field.size, field.low, field.high))
            for field in encoder.info_fields
        ),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def current() -> dict[str, dict[str, str]]:
    """The layouts of today's code, in ``PINNED``'s form."""
    table: dict[str, dict[str, str]] = {}
    for name, rules_class in shipped_games().items():
        for options in OPTIONS.get(name, ()):  # (a game not listed fails the test below)
            encoder = encoder_for(rules_class(**options))
            table.setdefault(encoder.layout, {})[options_text(name, options)] = fingerprint(encoder)
    return table


def test_every_shipped_game_has_option_sets() -> None:
    assert sorted(OPTIONS) == sorted(shipped_games())


def test_layouts_match_their_pinned_fingerprints() -> None:
    wrong = []
    for layout, games in current().items():
        for key, print_ in games.items():
            pinned = PINNED.get(layout, {}).get(key)
            if pinned is None:
                wrong.append(f"{key}: layout {layout} is not pinned: pin {print_!r}")
            elif pinned != print_:
                wrong.append(
                    f"{key}: layout {layout} changed (fingerprint {print_}, pinned "
                    f"{pinned}) without a new version: bump the version of what changed "
                    "(the encoder's layout_version, or the rules' encoded_fields_version "
                    "for a game's own fields) and pin the new fingerprint under the new text"
                )
    assert not wrong, "\n".join(wrong)


def test_pinned_layouts_are_all_still_made() -> None:
    made = {(layout, key) for layout, games in current().items() for key in games}
    stale = sorted((layout, key) for layout, games in PINNED.items() for key in games)
    assert [pair for pair in stale if pair not in made] == []


def test_one_layout_text_never_names_two_layouts() -> None:
    # A dict literal keeps the last of two equal keys without a word: read the pins as
    # written, so a second fingerprint pinned under the same text and options fails.
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    [pins] = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and node.target.id == "PINNED"
    ]
    assert isinstance(pins, ast.Dict)
    seen: dict[tuple[str, str], str] = {}
    clashes = []
    for layout_key, games in zip(pins.keys, pins.values, strict=True):
        assert isinstance(layout_key, ast.Constant) and isinstance(games, ast.Dict)
        for game_key, value in zip(games.keys, games.values, strict=True):
            assert isinstance(game_key, ast.Constant) and isinstance(value, ast.Constant)
            pair = (str(layout_key.value), str(game_key.value))
            if pair in seen:
                clashes.append(f"{pair}: {seen[pair]} and {value.value!r}")
            seen[pair] = str(value.value)
    assert clashes == [], clashes
    assert len(seen) == sum(len(games) for games in PINNED.values())


def test_the_same_rules_give_the_same_layout() -> None:
    # Rules made anew with the same options (encoders not shared) agree on the text and
    # the fingerprint.
    for name, rules_class in shipped_games().items():
        kind: Any = type(encoder_for(rules_class()))
        first, second = (kind(rules_class()) for _ in range(2))
        assert (first.layout, fingerprint(first)) == (second.layout, fingerprint(second)), name


def test_a_bad_fields_version_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    rules_class = shipped_games()["hearts"]
    assert TrickEncoder(rules_class()).layout == "tricks/1+hearts/1"
    monkeypatch.setattr(rules_class, "encoded_fields_version", 0, raising=False)
    with pytest.raises(RulesError, match="encoded_fields_version must be an int of at least 1"):
        TrickEncoder(rules_class())
    monkeypatch.setattr(rules_class, "encoded_fields_version", 2, raising=False)
    assert TrickEncoder(rules_class()).layout == "tricks/1+hearts/2"


if __name__ == "__main__":
    for layout, games in sorted(current().items()):
        print(f"    {layout!r}: {{")
        for key, print_ in games.items():
            print(f"        {key!r}: {print_!r},")
        print("    },")
