"""Record a game, save it as JSON, load it back and replay it to the very same states.

What it shows:

* ``cr.GameRecord.start(game, seed=...)`` and ``record.then(move)``: a record is the
  rules, the seed and the moves, built alongside the game;
* ``record.to_json()`` and ``cr.GameRecord.from_json(text)``: the record round-trips
  through a file, and loading replays it to check every move;
* ``record.states()``: replaying gives back every state, equal to the ones played;
* a tampered record is refused with a ``cr.RecordError`` saying which move is wrong.

Run it with, for example::

    python examples/replay_record.py --seed 4 --moves 60
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path

import cardrules as cr


def record_game(seed: int, moves: int) -> tuple[cr.GameRecord, list[cr.CrampsState]]:
    """Play up to ``moves`` random moves of Cramps, returning the record and every state."""
    game = cr.Cramps()
    record = cr.GameRecord.start(game, seed=seed)
    state = record.initial_state()
    states = [state]
    chooser = random.Random(seed)
    while len(states) <= moves and not state.is_over:
        move = chooser.choice(game.legal_moves(state))
        record, state = record.then(move), game.apply(state, move)
        states.append(state)
    return record, states


def tamper(text: str) -> str:
    """The record's JSON with its first move replaced by a card its player does not hold."""
    data = json.loads(text)
    first = cr.GameRecord.from_json(text).initial_state()
    held = set(first.hands[first.to_move])
    stranger = next(card for card in map(cr.Card.from_index, range(52)) if card not in held)
    data["moves"][0] = {"play": str(stranger)}
    return json.dumps(data)


def main(argv: list[str] | None = None) -> None:
    """Parse the command line, then record, save, load and replay one game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=4, help="seed of the deal and of the moves")
    parser.add_argument("--moves", type=int, default=60, help="how many moves to play")
    args = parser.parse_args(argv)

    record, played = record_game(args.seed, args.moves)
    print(f"played {len(record.moves)} move(s) of Cramps with seed {args.seed}")

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(record.to_json(indent=1), encoding="utf-8")
        print(f"saved the record as JSON: {path.stat().st_size} bytes")
        text = path.read_text(encoding="utf-8")

    loaded = cr.GameRecord.from_json(text)  # replays every move to check it
    replayed = loaded.states()
    if loaded != record or list(replayed) != played:
        raise SystemExit("replay mismatch: the loaded record does not give the same states")
    print(f"loaded it back and replayed {len(replayed)} states: all equal to the played ones")
    final = replayed[-1]
    if final.is_over:
        print(f"the game is over: winners {final.winners}, totals {final.scores}")
    else:
        print(
            f"final position: round {final.round_number}, trick {final.trick_number}, "
            f"seat {final.to_move} to play, totals {final.scores}"
        )

    try:
        cr.GameRecord.from_json(tamper(text))
    except cr.RecordError as error:
        print(f"a tampered copy is refused: {error}")
    else:
        raise SystemExit("a tampered record was accepted")


if __name__ == "__main__":
    main()
