"""Game records: the rules, the seed, the starting setup and the moves, which replay to
the very same states and round-trip through JSON, with what they led to written beside
them so that an edited record is caught.

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
>>> record.state_at(1) == game.apply(record.initial_state(), record.moves[0])
True

Written records (format version 4) also hold a short check of every position of the
game and the outcome (moves, scores, winners and a digest of the last position).
Reading one replays it and compares, so a change to the rules, the seed, the setup or
any move is reported at the first position it changes; a record cut short or with
moves removed or added is refused too. These checks catch edits, not forgeries:
anyone with the library can write a new consistent record, so sign the JSON text
yourself if you need to know who wrote it.

A record holds the game's seed, from which every hand can be rebuilt: while a game is
on, keep its record as secret as its seed.
"""

from __future__ import annotations

import json
import types
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs

from cardrules._text import int_from_text, json_int, shown
from cardrules.digest import Encoder, digest_with, state_digest
from cardrules.errors import CardrulesError, RecordError
from cardrules.game import Game, _to_data, game_class
from cardrules.moves import Move, move_from_data, move_to_data
from cardrules.rng import check_seed, new_seed
from cardrules.values import Immutable

__all__ = ["GameRecord", "Outcome", "state_digest"]

_FORMAT = "cardrules.record"
_VERSION = 4
_OLD_VERSIONS = {
    1: "has no outcome to check it against, and",
    2: "holds its outcome, but",
    3: "holds its outcome, but",
}
_CHECK_DIGITS = 4  # hex digits of each position's check: 16 bits
_KEYS = frozenset(
    {"format", "version", "game", "options", "seed", "setup", "moves", "checks", "outcome"}
)
_OUTCOME_KEYS = frozenset({"moves", "scores", "winners", "digest"})


def _check(game: Game[Any, Any, Any], state: Any, encoder: Encoder) -> str:
    """The short check of one position written in records."""
    return digest_with(encoder, game, state)[:_CHECK_DIGITS]


# -- setups as immutable data -------------------------------------------------------------


def _frozen(value: Any) -> Any:
    """JSON-like data made immutable: mappings read-only, lists tuples."""
    if isinstance(value, Mapping):
        return types.MappingProxyType({str(k): _frozen(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(item) for item in value)
    return value


def _thawed(value: Any) -> Any:
    """A fresh mutable copy of :func:`_frozen` data (dicts and lists), ready for JSON:
    an int too long for a JSON number becomes ``{"int": "<decimal digits>"}``."""
    if isinstance(value, Mapping):
        return {key: _thawed(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [_thawed(item) for item in value]
    if isinstance(value, int) and not isinstance(value, bool):
        number = json_int(value)
        return number if isinstance(number, int) else {"int": number}
    return value


def _from_json(value: Any) -> Any:
    """Undo the ``{"int": ...}`` form of :func:`_thawed`."""
    if isinstance(value, Mapping):
        if set(value) == {"int"} and isinstance(value["int"], str):
            return _read_int(value["int"], "a number of the setup")
        return {key: _from_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_from_json(item) for item in value]
    return value


def _unfrozen(value: Any) -> Any:
    """:func:`_frozen` data with plain dicts for its read-only mappings (which do not
    pickle); ints stay ints."""
    if isinstance(value, Mapping):
        return {key: _unfrozen(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return tuple(_unfrozen(item) for item in value)
    return value


def _to_setup(value: Mapping[str, Any]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(f"a record's setup must be a mapping, not {shown(value)}")
    return _frozen(_to_data(value))  # type: ignore[no-any-return]


def _to_moves(value: Sequence[Move]) -> tuple[Move, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise RecordError(f"a record's moves must be a sequence, not {shown(value)}")
    return tuple(value)


# -- outcomes -----------------------------------------------------------------------------


def _read_int(value: object, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        try:
            return int_from_text(value)
        except ValueError:
            pass
    raise RecordError(f"{what} must be an int, not {shown(value)}")


@attrs.frozen
class Outcome(Immutable):
    """Where a record's moves lead: the number of ``moves``, the ``scores`` and
    ``winners`` after the last one (winners empty while the game is on) and the
    :func:`state_digest` of that position."""

    moves: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    digest: str

    def to_dict(self) -> dict[str, Any]:
        """As JSON-friendly data (a score too long for a JSON number is decimal text)."""
        return {
            "moves": self.moves,
            "scores": [json_int(score) for score in self.scores],
            "winners": list(self.winners),
            "digest": self.digest,
        }

    @classmethod
    def from_dict(cls, data: object) -> Outcome:
        """Read :meth:`to_dict`'s form; raises :class:`~cardrules.RecordError`."""
        if not isinstance(data, Mapping) or set(data) != _OUTCOME_KEYS:
            raise RecordError(
                f"a record's outcome is an object with the keys {sorted(_OUTCOME_KEYS)}, "
                f"not {shown(data)}"
            )
        scores, winners, digest = data["scores"], data["winners"], data["digest"]
        if not isinstance(scores, list) or not isinstance(winners, list):
            raise RecordError("a record's outcome lists its scores and winners")
        if not isinstance(digest, str) or len(digest) != 32:
            raise RecordError(f"a record's digest is 32 hex digits, not {shown(digest)}")
        return cls(
            _read_int(data["moves"], "the outcome's number of moves"),
            tuple(_read_int(score, "a score") for score in scores),
            tuple(_read_int(seat, "a winning seat") for seat in winners),
            digest,
        )


def _outcome(
    game: Game[Any, Any, Any], state: Any, moves: int, encoder: Encoder | None = None
) -> Outcome:
    digest = digest_with(encoder or Encoder(), game, state)
    return Outcome(moves, tuple(state.scores), tuple(state.winners), digest)


@attrs.frozen
class _Written:
    """What a record read from data says its replay must give."""

    checks: str
    outcome: Outcome


# -- records ------------------------------------------------------------------------------


@attrs.frozen(eq=True, hash=False)
class GameRecord(Immutable):
    """A whole game as data: ``game`` (the rules object), ``seed``, ``setup`` (the other
    keyword arguments of ``new_game``, as read-only JSON-friendly data) and ``moves`` in
    order.

    Build one with :meth:`start` and :meth:`then`, or read one with :meth:`from_json`.
    """

    game: Game[Any, Any, Any]
    seed: int = attrs.field(converter=check_seed)
    setup: Mapping[str, Any] = attrs.field(factory=dict, converter=_to_setup)
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_to_moves)
    _written: _Written | None = attrs.field(default=None, eq=False, repr=False)

    @classmethod
    def start(cls, game: Game[Any, Any, Any], seed: int | None = None, **setup: Any) -> GameRecord:
        """A record with no moves yet; ``setup`` is passed on to ``game.new_game``.
        ``seed=None`` draws a fresh seed (:func:`cardrules.rng.new_seed`), which the
        record keeps.

        Raises whatever ``new_game`` raises for a bad setup.
        """
        record = cls(game, new_seed() if seed is None else seed, setup, ())
        record.initial_state()
        return record

    def __reduce__(self) -> tuple[Any, ...]:
        setup = _unfrozen(self.setup)
        return (GameRecord, (self.game, self.seed, setup, self.moves, self._written))

    def then(self, move: Move) -> GameRecord:
        """This record with ``move`` appended (not checked until replay)."""
        return GameRecord(self.game, self.seed, self.setup, self.moves + (move,))

    def initial_state(self) -> Any:
        """The state before the first move."""
        return self.game.new_game(self.seed, **self.setup)

    def replay(self) -> Iterator[Any]:
        """Yield the initial state, then the state after each move.

        Raises :class:`~cardrules.RecordError` naming the first move that is not legal,
        and, for a record read from data, the first position that is not the one the
        record says it was, or an outcome that does not match.
        """
        return self._replay(Encoder())

    def _replay(self, encoder: Encoder) -> Iterator[Any]:
        written = self._written
        game = self.game
        try:
            state = self.initial_state()
        except CardrulesError as exc:
            raise RecordError(f"the record's setup is not valid: {exc}") from None
        if written is not None and written.checks[:_CHECK_DIGITS] != _check(game, state, encoder):
            raise RecordError(
                "the record was edited: its rules, seed or setup do not give the starting "
                "position it recorded"
            )
        yield state
        for number, move in enumerate(self.moves, start=1):
            try:
                state = game.apply(state, move)
            except CardrulesError as exc:
                raise RecordError(f"move {number} ({move}) cannot be replayed: {exc}") from None
            if written is not None:
                at = number * _CHECK_DIGITS
                recorded = written.checks[at : at + _CHECK_DIGITS]
                if recorded and recorded != _check(game, state, encoder):
                    raise RecordError(
                        f"the record was edited at move {number} ({move}): the position "
                        "after it is not the one the record holds"
                    )
            yield state
        if written is not None:
            self._compare(written.outcome, state, encoder)

    def _compare(self, expected: Outcome, state: Any, encoder: Encoder) -> None:
        if expected.moves != len(self.moves):
            if expected.moves > len(self.moves):
                change = "cut short or had moves removed"
            else:
                change = "had moves added"
            raise RecordError(
                f"the record was {change}: it says the game had {expected.moves} moves "
                f"but holds {len(self.moves)}"
            )
        actual = _outcome(self.game, state, len(self.moves), encoder)
        if actual != expected:
            raise RecordError(
                "the record was edited: its moves do not lead to the outcome it holds "
                "(scores, winners or final position differ)"
            )

    def states(self) -> tuple[Any, ...]:
        """Every state of the game: initial, then after each move."""
        return tuple(self.replay())

    def state_at(self, move: int) -> Any:
        """The state after ``move`` moves (0: the initial state; ``len(record.moves)``:
        the final one).

        Raises :class:`~cardrules.RecordError` for a number outside that range or a
        move that does not replay.
        """
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move <= len(self.moves):
            raise RecordError(
                f"a record of {len(self.moves)} moves has states 0 to {len(self.moves)}, "
                f"not {shown(move)}"
            )
        for number, state in enumerate(self.replay()):
            if number == move:
                return state
        raise AssertionError("unreachable")  # pragma: no cover

    def final_state(self) -> Any:
        """The state after the last move."""
        *_, last = self.replay()
        return last

    def outcome(self) -> Outcome:
        """Where the moves lead (replays the record)."""
        return _outcome(self.game, self.final_state(), len(self.moves))

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-friendly data: fresh objects that share nothing with the
        record. Replays the record to write each position's check and the outcome, so
        it raises :class:`~cardrules.RecordError` for a record that does not replay."""
        encoder = Encoder()  # shared with the replay, which may check the same states
        checks = []
        state = None
        for state in self._replay(encoder):
            checks.append(_check(self.game, state, encoder))
        return {
            "format": _FORMAT,
            "version": _VERSION,
            "game": self.game.name,
            "options": self.game.options(),
            "seed": self.seed,
            "setup": _thawed(self.setup),
            "moves": [move_to_data(move) for move in self.moves],
            "checks": "".join(checks),
            "outcome": _outcome(self.game, state, len(self.moves), encoder).to_dict(),
        }

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, verify: bool = True) -> GameRecord:
        """Read a record from :meth:`to_dict`'s form.

        With ``verify`` (the default) the record is replayed here, so an illegal or
        edited record is refused at once; without it, the same checks run whenever it
        is replayed. Records of format versions 1 to 3 (written by development versions
        before the first release) are refused with an error naming their version: their
        deals came from an older shuffle, so their seeds no longer give the same game.

        Raises :class:`~cardrules.RecordError` saying what is wrong.
        """
        try:
            record = cls._read(data)
            if verify:
                for _ in record.replay():
                    pass
        except RecursionError:
            raise RecordError("a record must not be nested this deeply") from None
        except RecordError:
            raise
        except (TypeError, ValueError) as exc:
            raise RecordError(f"the record does not replay: {exc}") from None
        return record

    @classmethod
    def _read(cls, data: Mapping[str, Any]) -> GameRecord:
        if not isinstance(data, Mapping):
            raise RecordError(f"a record must be a JSON object, not {type(data).__name__}")
        version = data.get("version")
        if data.get("format") == _FORMAT and type(version) is int and version in _OLD_VERSIONS:
            raise RecordError(
                f"this is a format version {version} record, written by a development "
                f"version of cardrules before 0.1.0; it {_OLD_VERSIONS[version]} its deals "
                "came from an older shuffle, so this version cannot replay it (read it with "
                "the cardrules that wrote it)"
            )
        if data.get("format") != _FORMAT or type(version) is not int or version != _VERSION:
            raise RecordError(
                f"not a cardrules record: expected format {_FORMAT!r} version {_VERSION}, "
                f"found {shown(data.get('format'))} version {shown(version)}"
            )
        if set(data) != _KEYS:
            raise RecordError(
                f"a record has exactly the keys {sorted(_KEYS)}; found {sorted(map(str, data))}"
            )
        try:
            game = game_class(data["game"]).from_options(data["options"])
        except CardrulesError as exc:
            raise RecordError(f"the record's rules are not valid: {exc}") from None
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise RecordError(
                f"the record's seed must be an int from 0 to 2**64 - 1, not {shown(seed)}"
            )
        setup = data["setup"]
        if not isinstance(setup, Mapping):
            raise RecordError(f"the record's setup must be a JSON object, not {shown(setup)}")
        setup = _from_json(setup)
        moves = data["moves"]
        if not isinstance(moves, list):
            raise RecordError(f"the record's moves must be a list, not {type(moves).__name__}")
        parsed = []
        for number, move in enumerate(moves, start=1):
            try:
                parsed.append(move_from_data(move))
            except RecordError as exc:
                raise RecordError(f"move {number}: {exc}") from None
        checks = data["checks"]
        if (
            not isinstance(checks, str)
            or len(checks) % _CHECK_DIGITS
            or not all(c in "0123456789abcdef" for c in checks)
        ):
            raise RecordError(
                f"a record's checks are {_CHECK_DIGITS} hex digits per position, "
                f"not {shown(checks)}"
            )
        written = _Written(checks, Outcome.from_dict(data["outcome"]))
        return cls(game, seed, setup, tuple(parsed), written)

    @classmethod
    def from_json(cls, text: str | bytes, *, verify: bool = True) -> GameRecord:
        """Read a record from JSON text; see :meth:`from_dict`."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
            raise RecordError(f"a record must be JSON text: {exc}") from None
        except RecursionError:
            raise RecordError("a record must not be nested this deeply") from None
        except ValueError as exc:  # e.g. a number too long for Python to read
            raise RecordError(f"a record must be JSON text that Python can read: {exc}") from None
        return cls.from_dict(data, verify=verify)
