"""Game records: the rules, the seed, the starting setup and the moves, which replay to
the very same states and round-trip through JSON.

>>> import cardrules as cr
>>> game = cr.Cramps()
>>> record = cr.GameRecord.start(game, seed=7)
>>> state = record.initial_state()
>>> for _ in range(3):
...     move = game.legal_moves(state)[0]
...     record, state = record.then(move), game.apply(state, move)
>>> text = record.to_json()
>>> cr.GameRecord.from_json(text).final_state() == state
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from cardrules.errors import CardrulesError, RecordError
from cardrules.game import Game, _to_data, game_class
from cardrules.moves import Move, move_from_data, move_to_data

__all__ = ["GameRecord"]

_FORMAT = "cardrules.record"
_VERSION = 1


@attrs.frozen(eq=True, hash=False)
class GameRecord:
    """A whole game as data: ``game`` (the rules object), ``seed``, ``setup`` (the other
    keyword arguments of ``new_game``, as JSON-friendly data) and ``moves`` in order.

    Build one with :meth:`start` and :meth:`then`, or read one with :meth:`from_json`.
    """

    game: Game[Any, Any, Any]
    seed: int = 0
    setup: Mapping[str, Any] = attrs.field(factory=dict)
    moves: tuple[Move, ...] = ()

    @classmethod
    def start(cls, game: Game[Any, Any, Any], seed: int = 0, **setup: Any) -> GameRecord:
        """A record with no moves yet; ``setup`` is passed on to ``game.new_game``.

        Raises whatever ``new_game`` raises for a bad setup.
        """
        record = cls(game, seed, _to_data(setup), ())
        record.initial_state()
        return record

    def then(self, move: Move) -> GameRecord:
        """This record with ``move`` appended (not checked until replay)."""
        return GameRecord(self.game, self.seed, self.setup, self.moves + (move,))

    def initial_state(self) -> Any:
        """The state before the first move."""
        return self.game.new_game(self.seed, **self.setup)

    def replay(self) -> Iterator[Any]:
        """Yield the initial state, then the state after each move.

        Raises :class:`~cardrules.RecordError` naming the first move that is not legal.
        """
        try:
            state = self.initial_state()
        except CardrulesError as exc:
            raise RecordError(f"the record's setup is not valid: {exc}") from None
        yield state
        for number, move in enumerate(self.moves, start=1):
            try:
                state = self.game.apply(state, move)
            except CardrulesError as exc:
                raise RecordError(f"move {number} ({move}) cannot be replayed: {exc}") from None
            yield state

    def states(self) -> tuple[Any, ...]:
        """Every state of the game: initial, then after each move."""
        return tuple(self.replay())

    def final_state(self) -> Any:
        """The state after the last move."""
        *_, last = self.replay()
        return last

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-friendly data."""
        return {
            "format": _FORMAT,
            "version": _VERSION,
            "game": self.game.name,
            "options": self.game.options(),
            "seed": self.seed,
            "setup": dict(self.setup),
            "moves": [move_to_data(move) for move in self.moves],
        }

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, verify: bool = True) -> GameRecord:
        """Read a record from :meth:`to_dict`'s form.

        With ``verify`` (the default) the moves are replayed, so a tampered record is
        rejected here. Raises :class:`~cardrules.RecordError` saying what is wrong.
        """
        if not isinstance(data, Mapping):
            raise RecordError(f"a record must be a JSON object, not {type(data).__name__}")
        if data.get("format") != _FORMAT or data.get("version") != _VERSION:
            raise RecordError(
                f"not a cardrules record: expected format {_FORMAT!r} version {_VERSION}, "
                f"found {data.get('format')!r} version {data.get('version')!r}"
            )
        expected = {"format", "version", "game", "options", "seed", "setup", "moves"}
        if set(data) != expected:
            raise RecordError(
                f"a record has exactly the keys {sorted(expected)}; found {sorted(data)}"
            )
        try:
            game = game_class(data["game"]).from_options(data["options"])
        except CardrulesError as exc:
            raise RecordError(f"the record's rules are not valid: {exc}") from None
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError(f"the record's seed must be an int, not {seed!r}")
        setup = data["setup"]
        if not isinstance(setup, Mapping):
            raise RecordError(f"the record's setup must be a JSON object, not {setup!r}")
        moves = data["moves"]
        if not isinstance(moves, list):
            raise RecordError(f"the record's moves must be a list, not {type(moves).__name__}")
        record = cls(game, seed, dict(setup), tuple(move_from_data(m) for m in moves))
        if verify:
            try:
                for _ in record.replay():
                    pass
            except (TypeError, ValueError) as exc:
                if isinstance(exc, RecordError):
                    raise
                raise RecordError(f"the record does not replay: {exc}") from None
        return record

    @classmethod
    def from_json(cls, text: str | bytes, *, verify: bool = True) -> GameRecord:
        """Read a record from JSON text; see :meth:`from_dict`."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
            raise RecordError(f"a record must be JSON text: {exc}") from None
        return cls.from_dict(data, verify=verify)
