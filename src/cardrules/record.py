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

Written records (format version 5) also hold a short check of every position of the
game and the outcome (moves, scores, winners and a digest of the last position), all
of them covering the whole state, the generator that makes later deals included.
Reading one replays it and compares, so a change to the rules, the seed, the setup or
any move is reported at the first position it changes; a record cut short, with moves
removed or added, or with its checks cut or padded is refused too.

These checks catch edits, not forgeries: they are not keyed, so anyone with the
library can write a new, consistent record of any game. A server that must know that
a record is one it wrote signs it with a key of its own: ``to_json(key=...)`` adds an
HMAC-SHA256 signature of the whole record, and ``from_json(text, key=...)`` refuses a
record whose signature is missing or does not match (the record was changed, or
signed with another key):

>>> key = b"the server's own secret key"   # e.g. secrets.token_bytes(32), kept safe
>>> signed = record.to_json(key=key)
>>> cr.GameRecord.from_json(signed, key=key) == record
True
>>> cr.GameRecord.from_json(signed.replace('"seed": 7', '"seed": 8'), key=key)
Traceback (most recent call last):
    ...
cardrules.errors.RecordError: the record's signature does not match: it was signed with ...

Reading without a key ignores the signature. Records of format version 4 (written by
development versions before 0.1.0) still read: their checks are compared as they were
written, which for Cramps leaves out the generator, and writing them again writes
version 5.

A record holds the game's seed, from which every hand can be rebuilt: while a game is
on, keep its record as secret as its seed.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Mapping
from typing import Any, Generic

import attrs
from typing_extensions import TypeVar

from cardrules._recorddata import (
    CHECK_DIGITS,
    FORMAT,
    KEYS,
    SIGNATURE,
    VERSION,
    check_checks,
    check_digest,
    check_key,
    check_version,
    from_json,
    read_int,
    sign,
    thawed,
    to_moves,
    to_setup,
    unfrozen,
    verify_signature,
)
from cardrules._text import json_int, shown
from cardrules.digest import Encoder, digest_with, state_digest
from cardrules.errors import CardrulesError, RecordError
from cardrules.game import Game, game_class
from cardrules.moves import move_from_data, move_to_data
from cardrules.rng import check_seed, new_seed
from cardrules.values import Immutable

__all__ = ["GameRecord", "Outcome", "state_digest"]

S = TypeVar("S", default=Any)
"""The type of a record's states (``Any`` when not given: ``GameRecord`` is
``GameRecord[Any]``)."""

_OUTCOME_KEYS = frozenset({"moves", "scores", "winners", "digest"})


def _check_game(record: object, attribute: object, game: object) -> None:
    if not isinstance(game, Game):
        raise RecordError(
            f"a record's game is a rules object such as cardrules.Cramps(), not {shown(game)}"
        )


# -- outcomes -----------------------------------------------------------------------------


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
        scores, winners = data["scores"], data["winners"]
        if not isinstance(scores, list) or not isinstance(winners, list):
            raise RecordError("a record's outcome lists its scores and winners")
        return cls(
            read_int(data["moves"], "the outcome's number of moves"),
            tuple(read_int(score, "a score") for score in scores),
            tuple(read_int(seat, "a winning seat") for seat in winners),
            check_digest(data["digest"]),
        )


def _outcome(game: Game[Any, Any, Any], state: Any, moves: int, encoder: Encoder) -> Outcome:
    digest = digest_with(encoder, game, state)
    return Outcome(moves, tuple(state.scores), tuple(state.winners), digest)


@attrs.frozen
class _Written:
    """What a record read from data says its replay must give, and the encoder of the
    version that wrote it."""

    checks: str
    outcome: Outcome
    encoder: type[Encoder] = Encoder


_MAKING = threading.Lock()
"""Held while a record makes its :class:`_Replayed` (once per record)."""


class _Replayed:
    """The states of a record replayed so far, for :meth:`GameRecord.state_at`, and the
    replay that goes on from the last of them (guarded by a lock: records are shared
    between threads like every immutable value)."""

    __slots__ = ("lock", "states", "steps")

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.states: list[Any] = []
        self.steps: Iterator[tuple[Any, str]] | None = None


# -- records ------------------------------------------------------------------------------


@attrs.frozen(eq=True, hash=False)
class GameRecord(Immutable, Generic[S]):
    """A whole game as data: ``game`` (the rules object), ``seed``, ``setup`` (the other
    keyword arguments of ``new_game``, as read-only JSON-friendly data) and ``moves`` in
    order. ``S`` is the type of the game's states (``GameRecord[CrampsState]``).

    Build one with :meth:`start` and :meth:`then`, or read one with :meth:`from_json`.
    """

    game: Game[S, Any, Any] = attrs.field(validator=_check_game)
    seed: int = attrs.field(converter=check_seed)
    setup: Mapping[str, Any] = attrs.field(factory=dict, converter=to_setup)
    moves: tuple[Any, ...] = attrs.field(default=(), converter=to_moves)
    _written: _Written | None = attrs.field(default=None, eq=False, repr=False)
    _replayed: _Replayed | None = attrs.field(init=False, default=None, eq=False, repr=False)

    def __reduce__(self) -> tuple[Any, ...]:
        setup = unfrozen(self.setup)
        return (GameRecord, (self.game, self.seed, setup, self.moves, self._written))

    @classmethod
    def start(cls, game: Game[S, Any, Any], seed: int | None = None, **setup: Any) -> GameRecord[S]:
        """A record with no moves yet; ``setup`` is passed on to ``game.new_game``.
        ``seed=None`` draws a fresh seed (:func:`cardrules.rng.new_seed`), which the
        record keeps.

        Raises whatever ``new_game`` raises for a bad setup.
        """
        record = GameRecord(game, new_seed() if seed is None else seed, setup, ())
        record.initial_state()
        return record

    def then(self, move: Any) -> GameRecord[S]:
        """This record with ``move`` appended (not checked until replay)."""
        return GameRecord(self.game, self.seed, self.setup, self.moves + (move,))

    def initial_state(self) -> S:
        """The state before the first move."""
        return self.game.new_game(self.seed, **self.setup)

    def replay(self) -> Iterator[S]:
        """Yield the initial state, then the state after each move.

        Raises :class:`~cardrules.RecordError` naming the first move that is not legal,
        and, for a record read from data, the first position that is not the one the
        record says it was, or an outcome that does not match.
        """
        for state, _ in self._replay(None):
            yield state

    def _replay(self, writer: Encoder | None) -> Iterator[tuple[S, str]]:
        """Each state with its digest through ``writer`` (``""`` without one), compared
        with the record's checks and outcome if it was read from data."""
        game, moves, written = self.game, self.moves, self._written
        reader = None
        if written is not None:
            same = writer is not None and type(writer) is written.encoder
            reader = writer if same else written.encoder()
        try:
            state = self.initial_state()
        except CardrulesError as exc:
            raise RecordError(f"the record's setup is not valid: {exc}") from None
        number = 0
        while True:
            digest = "" if writer is None else digest_with(writer, game, state)
            if written is not None and reader is not None:
                at = number * CHECK_DIGITS
                recorded = written.checks[at : at + CHECK_DIGITS]
                if not recorded:
                    raise self._miscounted(written)
                full = digest if reader is writer else digest_with(reader, game, state)
                if recorded != full[:CHECK_DIGITS]:
                    raise self._edited_at(number)
            yield state, digest
            if number == len(moves):
                break
            move = moves[number]
            number += 1
            try:
                state = game.apply(state, move)
            except CardrulesError as exc:
                raise RecordError(f"move {number} ({move}) cannot be replayed: {exc}") from None
        if written is not None and reader is not None:
            positions = len(written.checks) // CHECK_DIGITS
            if positions != len(moves) + 1 or written.outcome.moves != len(moves):
                raise self._miscounted(written)
            if _outcome(game, state, len(moves), reader) != written.outcome:
                raise RecordError(
                    "the record was edited: its moves do not lead to the outcome it holds "
                    "(scores, winners or final position differ)"
                )

    def _miscounted(self, written: _Written) -> RecordError:
        """The error for a record whose outcome or checks count other moves than it
        holds."""
        moves = len(self.moves)
        if written.outcome.moves != moves:
            more = written.outcome.moves > moves
            change = "cut short or had moves removed" if more else "had moves added"
            return RecordError(
                f"the record was {change}: it says the game had {written.outcome.moves} "
                f"moves but holds {moves}"
            )
        positions = moves + 1
        return RecordError(
            f"the record's checks were cut or padded: a record of {moves} moves has "
            f"{positions} positions, so {positions * CHECK_DIGITS} hex digits of checks, "
            f"not {len(written.checks)}"
        )

    def _edited_at(self, number: int) -> RecordError:
        if number == 0:
            return RecordError(
                "the record was edited: its rules, seed or setup do not give the starting "
                "position it recorded"
            )
        return RecordError(
            f"the record was edited at move {number} ({self.moves[number - 1]}): the "
            "position after it is not the one the record holds"
        )

    def states(self) -> tuple[S, ...]:
        """Every state of the game: initial, then after each move (kept by the record,
        as :meth:`state_at` keeps them)."""
        self.state_at(len(self.moves))
        return tuple(self._replay_memo().states)

    def state_at(self, move: int) -> S:
        """The state after ``move`` moves (0: the initial state; ``len(record.moves)``:
        the final one).

        The record keeps the states it replays, so stepping through a game with
        ``state_at(0)``, ``state_at(1)``, … replays it once in all.

        Raises :class:`~cardrules.RecordError` for a number outside that range or a
        move that does not replay.
        """
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move <= len(self.moves):
            raise RecordError(
                f"a record of {len(self.moves)} moves has states 0 to {len(self.moves)}, "
                f"not {shown(move)}"
            )
        replayed = self._replay_memo()
        with replayed.lock:
            states = replayed.states
            if move < len(states):
                return states[move]  # type: ignore[no-any-return]
            if replayed.steps is None:
                replayed.steps = self._replay(None)
            last = len(self.moves)
            try:
                for state, _ in replayed.steps:
                    states.append(state)
                    if len(states) > move and move < last:
                        break  # (the last goes on to compare the outcome)
            except RecordError:
                replayed.steps = None
                states.clear()
                raise
            if len(states) > last:
                replayed.steps = None  # the whole game, its outcome compared
            return states[move]  # type: ignore[no-any-return]

    def _replay_memo(self) -> _Replayed:
        """The states replayed so far, made when first asked for (most records are
        never stepped through: they do not pay for it)."""
        replayed = self._replayed
        if replayed is None:
            with _MAKING:
                replayed = self._replayed
                if replayed is None:
                    replayed = _Replayed()
                    object.__setattr__(self, "_replayed", replayed)
        return replayed

    def final_state(self) -> S:
        """The state after the last move (replayed again unless :meth:`state_at` or
        :meth:`states` already went through the whole game)."""
        replayed = self._replayed
        if replayed is not None:
            with replayed.lock:
                if len(replayed.states) > len(self.moves):
                    return replayed.states[-1]  # type: ignore[no-any-return]
        *_, last = self.replay()
        return last

    def outcome(self) -> Outcome:
        """Where the moves lead (replays the record)."""
        return _outcome(self.game, self.final_state(), len(self.moves), Encoder())

    def to_dict(self, *, key: bytes | None = None) -> dict[str, Any]:
        """The record as JSON-friendly data: fresh objects that share nothing with the
        record. Replays the record to write each position's check and the outcome, so
        it raises :class:`~cardrules.RecordError` for a record that does not replay.

        With ``key`` (bytes), the data also holds its ``signature`` under that key
        (HMAC-SHA256 of everything else), which :meth:`from_dict` checks when given the
        same key.
        """
        signing = None if key is None else check_key(key)
        checks = []
        last: Any = None
        digest = ""
        for state, digest in self._replay(Encoder()):
            checks.append(digest[:CHECK_DIGITS])
            last = state
        outcome = Outcome(len(self.moves), tuple(last.scores), tuple(last.winners), digest)
        data = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.name,
            "options": self.game.options(),
            "seed": self.seed,
            "setup": thawed(self.setup),
            "moves": [move_to_data(move) for move in self.moves],
            "checks": "".join(checks),
            "outcome": outcome.to_dict(),
        }
        if signing is not None:
            data[SIGNATURE] = sign(data, signing)
        return data

    def to_json(self, indent: int | None = None, *, key: bytes | None = None) -> str:
        """The record as JSON text; with ``key``, signed (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(key=key), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], *, verify: bool = True, key: bytes | None = None
    ) -> GameRecord[Any]:
        """Read a record from :meth:`to_dict`'s form.

        With ``verify`` (the default) the record is replayed here, so an illegal or
        edited record is refused at once; without it, the same checks run whenever it
        is replayed. With ``key``, the record must carry the signature
        :meth:`to_dict` writes with that key, and is refused before anything else if
        it does not (without a key, a signature is not looked at). Records of format
        version 4 read with the checks they were written with; versions 1 to 3
        (written by development versions before the first release) are refused with an
        error naming their version: their deals came from an older shuffle, so their
        seeds no longer give the same game.

        Raises :class:`~cardrules.RecordError` saying what is wrong.
        """
        signing = None if key is None else check_key(key)
        try:
            if signing is not None and isinstance(data, Mapping):
                verify_signature(data, signing)
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
    def _read(cls, data: Mapping[str, Any]) -> GameRecord[Any]:
        if not isinstance(data, Mapping):
            raise RecordError(f"a record must be a JSON object, not {type(data).__name__}")
        encoder = check_version(data)
        if set(data) - {SIGNATURE} != KEYS:
            raise RecordError(
                f"a record has exactly the keys {sorted(KEYS)} (and a {SIGNATURE!r} if it is "
                f"signed); found {sorted(map(str, data))}"
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
        setup = from_json(setup)
        moves = data["moves"]
        if not isinstance(moves, list):
            raise RecordError(f"the record's moves must be a list, not {type(moves).__name__}")
        parsed = []
        for number, move in enumerate(moves, start=1):
            try:
                parsed.append(move_from_data(move))
            except RecordError as exc:
                raise RecordError(f"move {number}: {exc}") from None
        checks = check_checks(data["checks"])
        outcome = Outcome.from_dict(data["outcome"])
        return GameRecord(game, seed, setup, tuple(parsed), _Written(checks, outcome, encoder))

    @classmethod
    def from_json(
        cls, text: str | bytes, *, verify: bool = True, key: bytes | None = None
    ) -> GameRecord[Any]:
        """Read a record from JSON text; see :meth:`from_dict`."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
            raise RecordError(f"a record must be JSON text: {exc}") from None
        except RecursionError:
            raise RecordError("a record must not be nested this deeply") from None
        except ValueError as exc:  # e.g. a number too long for Python to read
            raise RecordError(f"a record must be JSON text that Python can read: {exc}") from None
        return cls.from_dict(data, verify=verify, key=key)
