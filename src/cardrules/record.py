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

A server that applies each move itself (keeping the game's state) passes the state the
move led to: ``record.then(move, state=state)``. Appending costs the same at move 2,000
as at move 10 (records grown from one another share their moves), the record keeps
that state for :meth:`~GameRecord.final_state`, and :meth:`~GameRecord.to_json` writes
it without replaying anything. The state is trusted, not compared: a wrong one is
written as given, and the record fails at that move when it is replayed or read back.

>>> move = game.legal_moves(state)[0]
>>> state = game.apply(state, move)
>>> served = record.then(move, state=state)
>>> served.final_state() is state
True
>>> read = cr.GameRecord.from_json(served.to_json())
>>> read == served and read.final_state() == state
True

Reading a record replays it once and keeps the final state, so its ``final_state()``
and writing it again replay nothing more. A server that trusts its own store can read
with ``verify=False`` (replaying nothing and reading no move until one is needed; the
moves, checks and outcome are then written back as they were read) and go on with
``then(move, state=...)`` from a state it kept, for example in a signed snapshot
(``cardrules.snapshot``). Without a state, writing replays only the moves since the
last position the record knows. A record's number of moves, ``len(record.moves)``,
only grows: a store can keep it beside the record as its version and write a record
back only where the version is still the one it read
(``UPDATE ... WHERE id = ? AND version = ?``), so that two requests at once do not
lose a move.

Written records (format version 6) also hold a short check of every position of the
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
version 6. Records of version 5 read too: it wrote a call on a missed "one card" under
the key ``idiot``, which reading takes as today's ``call``, and its checks of a
shedding game's positions leave out the face to match, which the state has remembered
since.

A record holds the game's seed, from which every hand can be rebuilt: while a game is
on, keep its record as secret as its seed.
"""

from __future__ import annotations

import json
import threading
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Generic, NamedTuple

import attrs
from typing_extensions import TypeVar

from cardrules._recorddata import (
    CHECK_DIGITS,
    FORMAT,
    KEYS,
    SIGNATURE,
    VERSION,
    canonical,
    check_checks,
    check_digest,
    check_key,
    check_move,
    check_version,
    current_moves,
    from_json,
    read_int,
    sign,
    sign_text,
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


def _check_game(game: object) -> None:
    if not isinstance(game, Game):
        raise RecordError(
            f"a record's game is a rules object such as cardrules.Cramps(), not {shown(game)}"
        )


def _data_key(data: object) -> tuple[Any, ...] | None:
    """What makes two moves' data the same, for a dict of flat values: its items and
    the types of its values (``1 == True``); ``None`` for other data."""
    if type(data) is not dict:
        return None
    kinds = tuple(map(type, data.values()))
    return (tuple(data.items()), kinds) if _FLAT.issuperset(kinds) else None


_FLAT = frozenset({str, int, bool, type(None)})
_NOT_FLAT: dict[str, Any] = {}


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
    encoder: Callable[[], Encoder] = Encoder


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


_CHECK_BYTES = CHECK_DIGITS // 2
"""Bytes of each position's check as a :class:`_Line` keeps it (two hex digits a byte)."""


class _Kept(NamedTuple):
    """The state at one position of a line's records and its :func:`state_digest`."""

    position: int
    state: Any
    digest: str


def _parse_moves(data: list[Any]) -> list[Any]:
    """The moves of a record's data (each distinct data read once), or the
    :class:`~cardrules.RecordError` naming the first move that is not one."""
    parsed = []
    known: dict[tuple[Any, ...], Any] = {}  # a game repeats its moves: read each once
    try:
        for number, move in enumerate(data, start=1):
            same = _data_key(move)
            found = known.get(same) if same is not None else None
            if found is None:
                try:
                    found = move_from_data(move)
                except RecordError as exc:
                    raise RecordError(f"move {number}: {exc}") from None
                if same is not None:
                    known[same] = found
            parsed.append(found)
    except RecursionError:
        raise RecordError("a record must not be nested this deeply") from None
    except RecordError:
        raise
    except (TypeError, ValueError) as exc:
        raise RecordError(f"the record does not replay: {exc}") from None
    return parsed


_WRITTEN_AS_READ: set[str] = set()
"""Moves' JSON texts (between the braces) known to be what writing the move they read
as gives: checked once each, in any record (at most :data:`_AT_MOST` of them)."""
_AT_MOST = 50_000
_KNOWING = threading.Lock()


def _written_as_read(text: str) -> bool:
    """Whether ``text``, the JSON text of a list of moves' data, is what writing the
    moves read from it gives (``json.dumps`` of their ``move_to_data``): true when each
    item is a move's text as written, checked in bulk against the texts known so far
    (each new one read and written once here)."""
    if text == "[]":
        return True
    if not (text.startswith("[{") and text.endswith("}]")):
        return False
    # A JSON text of a list of objects is theirs joined by "}, {" (more pieces when a
    # move holds that text itself: each must then still be a move's whole text).
    pieces = set(text[2:-2].split("}, {"))
    with _KNOWING:
        new = pieces - _WRITTEN_AS_READ
    for piece in new:
        item = f"{{{piece}}}"
        try:
            same = json.dumps(move_to_data(move_from_data(json.loads(item))), ensure_ascii=False)
        except (CardrulesError, TypeError, ValueError, RecursionError):
            return False
        if same != item:
            return False
    if new and len(_WRITTEN_AS_READ) < _AT_MOST:
        with _KNOWING:
            _WRITTEN_AS_READ.update(new)
    return True


def stored_data(text: str, end: int) -> tuple[Any, str | None]:
    """The data of trusted JSON ``text`` (a table's, signed by its server) holding a
    record as :meth:`GameRecord.to_json` writes it under the key ``"record"`` of its
    top object, the record's text ending at ``text[end]``; and the text of the record's
    moves when it is what writing them gives (else ``None``): then it is not read
    here, and the data's moves are placeholders, as many (for
    ``GameRecord._from_stored``). Raises what ``json.loads`` raises."""
    # The moves' list ends where the checks begin (nothing after them holds that text)
    # and begins at the last "moves" key before: one of a move's own leaves a list
    # that is not the record's in the data, and the text is read whole.
    stop = text.rfind('], "checks": "', 0, end)
    start = text.rfind(', "moves": [', 0, max(stop, 0))
    if stop >= 0 and start >= 0:
        start, stop = start + len(', "moves": '), stop + 1
        moves = text[start:stop]
        if moves != "[]" and _written_as_read(moves):
            try:
                data = json.loads(f"{text[:start]}[]{text[stop:]}")
            except (ValueError, RecursionError):
                data = None
            record = data.get("record") if isinstance(data, dict) else None
            if isinstance(record, dict) and record.get("moves") == []:
                record["moves"] = [None] * (moves.count("}, {") + 1)
                return data, moves
    return json.loads(text), None


_UNREAD = object()
"""In a line's moves, a move whose data is not read yet (see :attr:`_Line.raw`)."""


class _Line:
    """The moves of records grown from one another with :meth:`GameRecord.then`, and
    what is known of their positions.

    Each record is the first ``length`` moves of its line. Only a record holding every
    move of the line appends to it (in place); any other makes a line of its own, so no
    record ever sees its moves change. ``checks`` holds the checks of the first
    positions (two bytes each, from position 0 on), ``kept`` the state at the last of
    them (when known) with its digest; the first ``verified`` checks were confirmed by
    a replay here, the first ``read`` came from the record's data.

    A line read from data without verifying holds the data of its first moves, ``raw``
    (or its JSON text), unread (``_UNREAD`` in ``moves``) until a move is needed
    (:meth:`parsed`). The
    first ``base`` moves are written as one text, ``raw_text`` (their data's JSON text,
    once checked to be what writing them gives: then nothing is made per move) and
    ``raw_signed`` (as a signature covers it); ``texts`` and ``signed_texts`` are the
    JSON texts of the moves' data after them as :meth:`GameRecord.to_json` writes them
    and as its signature covers them (each text kept once, in ``seen``), ``data`` each
    such move's data, when flat (each kept once, in ``seen``; all read only);
    ``options`` the game's options, as to_json writes them. ``moves`` is the tuple the
    first record was made with until one appends. Everything is guarded by ``lock``:
    records are shared between threads like every immutable value.
    """

    __slots__ = (
        "base",
        "checks",
        "data",
        "kept",
        "lock",
        "moves",
        "options",
        "raw",
        "raw_signed",
        "raw_text",
        "read",
        "seen",
        "signed_texts",
        "texts",
        "verified",
    )

    def __init__(
        self, moves: list[Any] | tuple[Any, ...], raw: list[Any] | str | None = None
    ) -> None:
        self.lock = threading.Lock()
        self.moves = moves
        self.raw = raw
        self.base = 0
        self.raw_text = ""
        self.raw_signed = ""
        self.checks = bytearray()
        self.verified = 0
        self.read = 0
        self.kept: _Kept | None = None
        self.texts: list[str] = []
        self.signed_texts: list[str] = []
        self.seen: dict[Any, Any] = {}
        self.options: dict[str, Any] | None = None
        self.data: list[dict[str, Any] | None] = []

    def branch(self, length: int, move: Any) -> _Line:
        """A new line of the first ``length`` moves and ``move``, knowing what this one
        knows of them (call with the lock held; ``length`` is never less than the
        moves read as data: the line's first record holds them all)."""
        line = _Line([*self.moves[:length], move], self.raw)
        line.base, line.raw_text, line.raw_signed = self.base, self.raw_text, self.raw_signed
        line.checks = self.checks[: _CHECK_BYTES * (length + 1)]
        line.verified = min(self.verified, length + 1)
        line.read = min(self.read, length + 1)
        kept = self.kept
        line.kept = kept if kept is not None and kept.position <= length else None
        line.options = self.options
        line.data = self.data[: length - self.base]
        line.texts = self.texts[: length - self.base]
        line.signed_texts = self.signed_texts[: length - self.base]
        return line

    def parsed(self) -> list[Any] | tuple[Any, ...]:
        """The moves, every one read (raises :class:`~cardrules.RecordError` naming
        the first move of the data read that is not a move)."""
        with self.lock:
            self.parse()
            return self.moves

    def parse(self) -> None:
        """Read the moves of the data not read yet (call with the lock held)."""
        raw = self.raw
        if raw is not None:
            if isinstance(raw, str):
                raw = json.loads(raw)  # (text known to be what writing the moves gives)
            self.moves[: len(raw)] = _parse_moves(raw)  # type: ignore[index]
            self.raw = None

    def _raw_written(self) -> None:
        """Write the moves read as data as one text if that is what writing them gives,
        or else read them (call with the lock held, ``raw`` not None, ``base`` 0)."""
        raw = self.raw
        assert isinstance(raw, list)  # (a text is written as it is, from the first)
        try:
            text = json.dumps(raw, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError):
            text = ""
        if text and _written_as_read(text):
            self.base, self.raw_text = len(raw), text
        else:
            self.parse()

    def written(self, length: int, *, signed: bool) -> str:
        """The JSON text of the list of the first ``length`` moves' data, as a record's
        JSON holds it (``signed``: as its signature covers it); each move's text is made
        once per line, the text of the moves read as data once for them all."""
        with self.lock:
            if self.raw is not None and not self.base:
                self._raw_written()
            base = self.base
            if signed and base and not self.raw_signed:
                self.raw_signed = canonical(json.loads(self.raw_text))
            texts = self.signed_texts if signed else self.texts
            seen = self.seen
            made: dict[int, str] = {}  # a record read from data repeats its move objects
            for move in self.moves[base + len(texts) : length]:
                text = made.get(id(move))
                if text is None:
                    data = move_to_data(move)
                    text = canonical(data) if signed else json.dumps(data, ensure_ascii=False)
                    text = made[id(move)] = seen.setdefault(text, text)
                texts.append(text)
            comma = "," if signed else ", "
            joined = comma.join(texts[: length - base])
            if not base:
                return f"[{joined}]"
            first = self.raw_signed if signed else self.raw_text
            return f"{first[:-1]}{comma}{joined}]" if joined else first

    def moves_data(self, length: int) -> list[dict[str, Any]]:
        """Fresh data of the first ``length`` moves (``move_to_data``), copied from the
        data kept of each (when its values are flat: else made again)."""
        with self.lock:
            if self.raw is not None and not self.base:
                self._raw_written()
            base = self.base
            first: list[dict[str, Any]] = json.loads(self.raw_text) if base else []
            kept = self.data
            made: dict[int, dict[str, Any] | None] = {}
            for move in self.moves[base + len(kept) : length]:
                data = made.get(id(move), _NOT_FLAT)
                if data is _NOT_FLAT:
                    data = move_to_data(move)
                    same = _data_key(data)
                    data = None if same is None else self.seen.setdefault(same, data)
                    made[id(move)] = data
                kept.append(data)
            kept = kept[: length - base]
            moves = self.moves
        first.extend(
            move_to_data(moves[base + n]) if d is None else d.copy() for n, d in enumerate(kept)
        )
        return first

    def confirm(self, position: int) -> None:
        """Position ``position``'s check was compared with its replay and matched."""
        with self.lock:
            if self.verified == position:
                self.verified = position + 1

    def learn(self, checks: bytes, kept: _Kept, *, confirmed: bool) -> None:
        """Take the checks of positions 0 to ``kept.position``, worked out from
        ``kept.state``'s replay (``confirmed``: from the start, or from a confirmed
        state) unless they contradict what the line holds."""
        with self.lock:
            have = self.checks
            common = min(len(have), len(checks))
            if have[:common] != checks[:common]:
                return  # a wrong state given to then(): its replay reports it
            if len(have) <= len(checks):
                have.extend(checks[len(have) :])
                self.kept = kept
            if confirmed:
                self.verified = max(self.verified, kept.position + 1)


_EMPTY: Mapping[str, Any] = types.MappingProxyType({})


# -- records ------------------------------------------------------------------------------


class GameRecord(Immutable, Generic[S]):
    """A whole game as data: ``game`` (the rules object), ``seed``, ``setup`` (the other
    keyword arguments of ``new_game``, as read-only JSON-friendly data) and ``moves`` in
    order. ``S`` is the type of the game's states (``GameRecord[CrampsState]``).

    Build one with :meth:`start` and :meth:`then`, or read one with :meth:`from_json`.
    Records compare equal when these four are equal. Records grown from one another
    with :meth:`then` share their moves (a short record keeps the moves of the longer
    ones alive) and what is known of their positions.
    """

    __slots__ = (
        "__weakref__",
        "_last",
        "_length",
        "_line",
        "_moves",
        "_replayed",
        "_written",
        "game",
        "seed",
        "setup",
    )

    game: Game[S, Any, Any]
    seed: int
    setup: Mapping[str, Any]
    _length: int
    _line: _Line
    _moves: tuple[Any, ...] | None
    _written: _Written | None
    _replayed: _Replayed | None
    _last: _Kept | None

    def __init__(
        self,
        game: Game[S, Any, Any],
        seed: int,
        setup: Mapping[str, Any] = _EMPTY,
        moves: Sequence[Any] = (),
        written: _Written | None = None,
    ) -> None:
        _check_game(game)
        self._build(game, check_seed(seed), to_setup(setup), to_moves(moves), written)

    def _build(
        self,
        game: Game[S, Any, Any],
        seed: int,
        setup: Mapping[str, Any],
        moves: tuple[Any, ...] | None,
        written: _Written | None,
        raw: list[Any] | None = None,
    ) -> None:
        """Set up a record of checked values: ``moves``, or the data of moves not read
        yet, ``raw``."""
        line = _Line([_UNREAD] * len(raw), raw) if raw is not None else _Line(moves or ())
        count = len(line.moves)
        if written is not None and written.encoder is Encoder:
            positions = count + 1
            if (
                len(written.checks)
                == CHECK_DIGITS * positions
                == CHECK_DIGITS * (written.outcome.moves + 1)
            ):
                line.checks = bytearray.fromhex(written.checks)
                line.read = positions
        self._set(game, seed, setup, line, count, written)
        object.__setattr__(self, "_moves", moves)

    def _set(
        self,
        game: Game[S, Any, Any],
        seed: int,
        setup: Mapping[str, Any],
        line: _Line,
        length: int,
        written: _Written | None,
    ) -> None:
        for name, value in (
            ("game", game),
            ("seed", seed),
            ("setup", setup),
            ("_line", line),
            ("_length", length),
            ("_moves", None),
            ("_written", written),
            ("_replayed", None),
            ("_last", None),
        ):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    @property
    def moves(self) -> tuple[Any, ...]:
        """The moves in order (made into a tuple when first asked for, then kept).

        Raises :class:`~cardrules.RecordError` for a record read without verifying
        whose data holds something that is not a move (read when first needed)."""
        moves = self._moves
        if moves is None:
            moves = tuple(self._line.parsed()[: self._length])
            object.__setattr__(self, "_moves", moves)
        return moves

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameRecord) or other.__class__ is not self.__class__:
            return NotImplemented
        if (self.game, self.seed, self.setup, self._length) != (
            other.game,
            other.seed,
            other.setup,
            other._length,
        ):
            return False
        return self._line is other._line or self.moves == other.moves

    __hash__ = None  # type: ignore[assignment]  # equal by value, and setups are mappings

    def __repr__(self) -> str:
        return (
            f"GameRecord(game={self.game!r}, seed={self.seed!r}, setup={self.setup!r}, "
            f"moves={self.moves!r})"
        )

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
        state = record.initial_state()
        line = record._line
        try:
            digest = digest_with(Encoder(), record.game, state)
        except CardrulesError:
            return record  # a state the digest cannot write: to_json says so
        line.checks = bytearray.fromhex(digest[:CHECK_DIGITS])
        line.verified = 1
        line.kept = _Kept(0, state, digest)
        object.__setattr__(record, "_last", line.kept)
        return record

    def then(self, move: Any, *, state: S | None = None) -> GameRecord[S]:
        """This record with ``move`` appended (not checked until replay). Takes the
        same time however long the record is (records grown from one another share
        their moves; growing an older record again, a branch, copies them once).

        ``state`` is the state ``move`` led to, for a caller that applied it (a server
        holding the game's state): the record keeps it, so :meth:`final_state` gives it
        back, and with it the position's check, so that :meth:`to_json` replays nothing
        when the checks of every earlier position are known too (a record from
        :meth:`start` or :meth:`from_json`, grown with states all along; otherwise it
        replays what it does not know). The state is trusted, not compared: a wrong
        one gives a record whose replay, and reading it back with :meth:`from_json`,
        fails at that move.

        Raises :class:`~cardrules.RecordError` for a ``move`` that is not a move, or a
        ``state`` that is not a state of the record's game.

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> record = cr.GameRecord.start(game, seed=7)
        >>> state = record.initial_state()
        >>> move = game.legal_moves(state)[0]
        >>> state = game.apply(state, move)
        >>> record = record.then(move, state=state)
        >>> record.final_state() is state
        True
        """
        length = self._length
        check_move(move, length + 1)
        kept = None
        if state is not None:
            kept = self._kept_after(length + 1, state)
        line = self._line
        with line.lock:
            if len(line.moves) == length:
                moves = line.moves
                if not isinstance(moves, list):  # the tuple the record was made with
                    moves = line.moves = list(moves)
                moves.append(move)
                grown = line
            else:
                grown = line.branch(length, move)
                last, known = self._last, len(grown.checks) // _CHECK_BYTES
                if grown.kept is None and last is not None and known == length + 1:
                    grown.kept = last  # this record's state: the branch goes on from it
            if kept is not None and len(grown.checks) == _CHECK_BYTES * (length + 1):
                grown.checks += bytes.fromhex(kept.digest[:CHECK_DIGITS])
                grown.kept = kept
        record: GameRecord[S] = GameRecord.__new__(GameRecord)
        record._set(self.game, self.seed, self.setup, grown, length + 1, None)
        object.__setattr__(record, "_last", kept)
        return record

    def _kept_after(self, position: int, state: Any) -> _Kept:
        """``state`` as given to :meth:`then` for ``position``, with its digest."""
        game = self.game
        try:
            game.check_state(state)
            digest = digest_with(Encoder(), game, state)
        except CardrulesError as exc:
            raise RecordError(
                f"then(move, state=...) takes the state move {position} led to: {exc}"
            ) from None
        return _Kept(position, state, digest)

    def initial_state(self) -> S:
        """The state before the first move."""
        return self.game.new_game(self.seed, **self.setup)

    def replay(self) -> Iterator[S]:
        """Yield the initial state, then the state after each move.

        Raises :class:`~cardrules.RecordError` naming the first move that is not legal,
        and, for a record read from data, the first position that is not the one the
        record says it was, or an outcome that does not match; the same for a state
        given to :meth:`then` that is not the one its move led to.
        """
        for state, _ in self._replay(None):
            yield state

    def _replay(self, writer: Encoder | None) -> Iterator[tuple[S, str]]:
        """Each state with its digest (through ``writer``, or ``""`` when none was
        needed), compared with the checks and outcome of a record read from data and
        with the checks known from states given to :meth:`then`."""
        game, moves, written, line = self.game, self._line.parsed(), self._written, self._line
        count = self._length
        with line.lock:
            claims = bytes(line.checks[: _CHECK_BYTES * (count + 1)])
            verified, read = line.verified, line.read
        claimed = len(claims) // _CHECK_BYTES
        reader = None
        if written is not None:
            same = writer is not None and type(writer) is written.encoder
            reader = writer if same else written.encoder()
        encoder = writer
        if encoder is None and claimed > verified:
            encoder = reader if type(reader) is Encoder else Encoder()
        try:
            state = self.initial_state()
        except CardrulesError as exc:
            raise RecordError(f"the record's setup is not valid: {exc}") from None
        number = 0
        while True:
            digest = "" if encoder is None else digest_with(encoder, game, state)
            if written is not None and reader is not None:
                at = number * CHECK_DIGITS
                recorded = written.checks[at : at + CHECK_DIGITS]
                if not recorded:
                    raise self._miscounted(written)
                full = digest if reader is encoder else digest_with(reader, game, state)
                if recorded != full[:CHECK_DIGITS]:
                    raise self._edited_at(number)
            if verified <= number < claimed:
                at = number * _CHECK_BYTES
                if claims[at : at + _CHECK_BYTES].hex() != digest[:CHECK_DIGITS]:
                    raise self._edited_at(number) if number < read else self._wrong_state(number)
                line.confirm(number)
            yield state, digest
            if number == count:
                break
            move = moves[number]
            number += 1
            try:
                state = game.apply(state, move)
            except CardrulesError as exc:
                raise RecordError(f"move {number} ({move}) cannot be replayed: {exc}") from None
        if written is not None and reader is not None:
            positions = len(written.checks) // CHECK_DIGITS
            if positions != count + 1 or written.outcome.moves != count:
                raise self._miscounted(written)
            if _outcome(game, state, count, reader) != written.outcome:
                raise RecordError(
                    "the record was edited: its moves do not lead to the outcome it holds "
                    "(scores, winners or final position differ)"
                )

    def _miscounted(self, written: _Written) -> RecordError:
        """The error for a record whose outcome or checks count other moves than it
        holds."""
        moves = self._length
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
            f"the record was edited at move {number} ({self._line.moves[number - 1]}): the "
            "position after it is not the one the record holds"
        )

    def _wrong_state(self, number: int) -> RecordError:
        return RecordError(
            f"move {number} ({self._line.moves[number - 1]}) does not lead to the position "
            "the record holds for it: a wrong state was given to then(move, state=...) for "
            "this move or an earlier one"
        )

    def _replay_all(self, writer: Encoder | None) -> tuple[S, str, bytes]:
        """Replay the whole record (see :meth:`_replay`): the final state, its digest
        and the checks of every position (``""`` and ``b""`` unless digests were
        made: then the line and the record keep them)."""
        checks = bytearray()
        whole = True
        last: Any = None
        digest = ""
        for last, digest in self._replay(writer):  # noqa: B007 (the last is kept)
            if digest:
                checks += bytes.fromhex(digest[:CHECK_DIGITS])
            else:
                whole = False
        if not whole:
            return last, "", b""
        kept = _Kept(self._length, last, digest)
        self._line.learn(bytes(checks), kept, confirmed=True)
        object.__setattr__(self, "_last", kept)
        return last, digest, bytes(checks)

    def _final(self) -> tuple[S, str, bytes]:
        """The final state, its digest and every position's checks, replaying only what
        is not known: nothing when the record keeps its final state and the line every
        check, the moves after the state the line keeps, or else the whole record."""
        count, line, game = self._length, self._line, self.game
        with line.lock:
            checks = bytes(line.checks[: _CHECK_BYTES * (count + 1)])
            kept, verified = line.kept, line.verified
        if len(checks) == _CHECK_BYTES * (count + 1):
            last = self._last if kept is None or kept.position != count else kept
            if last is not None:
                return last.state, last.digest, checks
        if kept is None or kept.position >= count:
            return self._replay_all(Encoder())
        encoder, moves = Encoder(), line.parsed()
        made = bytearray(checks)
        state, digest = kept.state, kept.digest
        for number in range(kept.position, count):
            move = moves[number]
            try:
                state = game.apply(state, move)
            except CardrulesError as exc:
                raise RecordError(f"move {number + 1} ({move}) cannot be replayed: {exc}") from None
            digest = digest_with(encoder, game, state)
            made += bytes.fromhex(digest[:CHECK_DIGITS])
        last = _Kept(count, state, digest)
        line.learn(bytes(made), last, confirmed=kept.position < verified)
        object.__setattr__(self, "_last", last)
        return state, digest, bytes(made)

    def states(self) -> tuple[S, ...]:
        """Every state of the game: initial, then after each move (kept by the record,
        as :meth:`state_at` keeps them)."""
        self.state_at(self._length)
        return tuple(self._replay_memo().states)

    def state_at(self, move: int) -> S:
        """The state after ``move`` moves (0: the initial state; ``len(record.moves)``:
        the final one).

        The record keeps the states it replays, so stepping through a game with
        ``state_at(0)``, ``state_at(1)``, … replays it once in all.

        Raises :class:`~cardrules.RecordError` for a number outside that range or a
        move that does not replay.
        """
        last = self._length
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move <= last:
            raise RecordError(f"a record of {last} moves has states 0 to {last}, not {shown(move)}")
        replayed = self._replay_memo()
        with replayed.lock:
            states = replayed.states
            if move < len(states):
                return states[move]  # type: ignore[no-any-return]
            if replayed.steps is None:
                replayed.steps = self._replay(None)
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
        """The state after the last move. Replays nothing when the record knows it: a
        record grown with ``then(move, state=...)``, read with :meth:`from_json`
        (verified) or written with :meth:`to_json`; when it knows an earlier state,
        replays only the moves after it."""
        last = self._last
        if last is not None:
            return last.state  # type: ignore[no-any-return]
        replayed = self._replayed
        if replayed is not None:
            with replayed.lock:
                if len(replayed.states) > self._length:
                    return replayed.states[-1]  # type: ignore[no-any-return]
        line = self._line
        with line.lock:
            kept = line.kept
        if kept is not None and kept.position <= self._length:
            return self._final()[0]
        written = self._written
        reading = written is not None and written.encoder is Encoder
        return self._replay_all(Encoder() if reading else None)[0]

    def outcome(self) -> Outcome:
        """Where the moves lead (replays what the record does not know, as
        :meth:`final_state`)."""
        state: Any = self.final_state()
        last = self._last
        digest = last.digest if last is not None else digest_with(Encoder(), self.game, state)
        return Outcome(self._length, tuple(state.scores), tuple(state.winners), digest)

    def to_dict(self, *, key: bytes | None = None) -> dict[str, Any]:
        """The record as JSON-friendly data: fresh objects that share nothing with the
        record. Writes each position's check and the outcome: what the record knows
        (from the data it was read from, from states given to :meth:`then`, from an
        earlier write) is written as it is, what it does not know is replayed, so it
        raises :class:`~cardrules.RecordError` for a record whose new moves do not
        replay.

        With ``key`` (bytes), the data also holds its ``signature`` under that key
        (HMAC-SHA256 of everything else), which :meth:`from_dict` checks when given the
        same key.
        """
        signing = None if key is None else check_key(key)
        checks, outcome = self._checks_and_outcome()
        data = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.name,
            "options": self.game.options(),
            "seed": self.seed,
            "setup": thawed(self.setup),
            "moves": self._line.moves_data(self._length),
            "checks": checks,
            "outcome": outcome.to_dict(),
        }
        if signing is not None:
            data[SIGNATURE] = sign(data, signing)
        return data

    def _checks_and_outcome(self) -> tuple[str, Outcome]:
        """Every position's checks as hex digits, and the outcome."""
        count, line = self._length, self._line
        with line.lock:
            known = len(line.checks) // _CHECK_BYTES
            kept = line.kept
            checks = line.checks[: _CHECK_BYTES * (count + 1)].hex()
        written = self._written
        if (
            known > count
            and (kept is None or kept.position != count)
            and written is not None
            and written.encoder is Encoder
            and written.outcome.moves == count
        ):
            return checks, written.outcome  # read without verifying: written as read
        state: Any
        state, digest, made = self._final()
        outcome = Outcome(count, tuple(state.scores), tuple(state.winners), digest)
        return made.hex(), outcome

    def to_json(self, indent: int | None = None, *, key: bytes | None = None) -> str:
        """The record as JSON text; with ``key``, signed (see :meth:`to_dict`).

        The text of each move is made once (and kept by the record), so writing a
        record after each move costs little more at move 2,000 than at move 10.
        """
        if indent is not None:
            return json.dumps(self.to_dict(key=key), indent=indent, ensure_ascii=False)
        signing = None if key is None else check_key(key)
        text, signed = self._json_texts(signed=signing is not None)
        if signing is None:
            return text
        return f'{text[:-1]}, "{SIGNATURE}": "{sign_text(signed, signing)}"}}'

    def _json_texts(self, *, signed: bool = False) -> tuple[str, str]:
        """The record's unsigned JSON text, ``json.dumps(self.to_dict(),
        ensure_ascii=False)``, and with ``signed`` its canonical text (what a signature
        covers: ``canonical(self.to_dict())``; else ``""``), made from the moves' texts
        the line keeps. (JSON of a table, which holds a record, can be made from them
        the same way.)"""
        checks, outcome = self._checks_and_outcome()
        game, line, count = self.game, self._line, self._length
        options = line.options
        if options is None:
            options = line.options = game.options()  # (slow to make: the same each time)
        head = {
            "format": FORMAT,
            "version": VERSION,
            "game": game.name,
            "options": options,
            "seed": self.seed,
            "setup": thawed(self.setup),
        }
        tail = {"checks": checks, "outcome": outcome.to_dict()}
        moves = line.written(count, signed=False)
        text = (
            f"{json.dumps(head, ensure_ascii=False)[:-1]}, "
            f'"moves": {moves}, {json.dumps(tail, ensure_ascii=False)[1:]}'
        )
        if not signed:
            return text, ""
        # the canonical text (keys sorted) around the moves, as sign() makes it
        before = {"checks": checks, "format": FORMAT, "game": game.name}
        after = {name: value for name, value in (head | tail).items() if name > "moves"}
        moves = line.written(count, signed=True)
        return text, f'{canonical(before)[:-1]},"moves":{moves},{canonical(after)[1:]}'

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], *, verify: bool = True, key: bytes | None = None
    ) -> GameRecord[Any]:
        """Read a record from :meth:`to_dict`'s form.

        With ``verify`` (the default) the record is replayed here, so an illegal or
        edited record is refused at once, and the record keeps its final state
        (:meth:`final_state` and :meth:`to_json` replay nothing more); without it, the
        same checks run whenever it is replayed, and :meth:`to_json` writes the checks
        and outcome as they were read. Without it too, the moves' data is read only when
        the moves are first needed (:attr:`moves`, a replay), checked as strictly then
        (a move that is not one raises :class:`~cardrules.RecordError` naming it), and
        data that is what writing the moves gives is written again as one text: reading
        and writing such a record costs next to nothing per move (do not change the
        moves' data after reading it). With ``key``, the record must carry the
        signature :meth:`to_dict` writes with that key, and is refused before anything
        else if it does not (without a key, a signature is not looked at). Records of
        format version 4 read with the checks they were written with, and those of
        versions 4 and 5 with their calls on a missed "one card" in their old form
        (``{'idiot': 1, 'target': 2}``, today ``{'call': 1, 'target': 2}``); versions 1 to 3
        (written by development versions before the first release) are refused with an
        error naming their version: their deals came from an older shuffle, so their
        seeds no longer give the same game.

        Raises :class:`~cardrules.RecordError` saying what is wrong.
        """
        signing = None if key is None else check_key(key)
        try:
            if signing is not None and isinstance(data, Mapping):
                verify_signature(data, signing)
            record = cls._read(data, lazy=not verify)
            if verify:
                record._replay_all(Encoder())
        except RecursionError:
            raise RecordError("a record must not be nested this deeply") from None
        except RecordError:
            raise
        except (TypeError, ValueError) as exc:
            raise RecordError(f"the record does not replay: {exc}") from None
        return record

    @classmethod
    def _read(cls, data: Mapping[str, Any], *, lazy: bool = False) -> GameRecord[Any]:
        """A record of ``data``; ``lazy``: its moves read when first needed."""
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
        moves = current_moves(moves, data["version"])
        parsed = None if lazy and moves else tuple(_parse_moves(moves))
        checks = check_checks(data["checks"])
        outcome = Outcome.from_dict(data["outcome"])
        record: GameRecord[Any] = GameRecord.__new__(GameRecord)
        written = _Written(checks, outcome, encoder)
        raw = None if parsed is not None else list(moves)  # (a copy: the list may change)
        record._build(game, seed, to_setup(setup), parsed, written, raw)
        return record

    @classmethod
    def _from_stored(cls, data: Mapping[str, Any], moves: str) -> GameRecord[Any]:
        """``from_dict(data, verify=False)`` for data read by :func:`stored_data`,
        whose moves are ``moves``, their text as written (kept to be read when needed
        and written again as it is)."""
        record = cls.from_dict(data, verify=False)
        line = record._line
        with line.lock:
            if isinstance(line.raw, list) and not line.base:
                line.raw, line.base, line.raw_text = moves, len(line.raw), moves
        return record

    def _keep_moves_text(self, data: Mapping[str, Any], text: str) -> None:
        """Keep the text of the moves in ``text``, the JSON text of this record (read
        from it as ``data`` without verifying), to write them again, if it is exactly
        theirs, between the other keys' texts as written, and what writing them
        gives."""
        line, names = self._line, list(data)
        with line.lock:
            raw = line.raw
            if not isinstance(raw, list) or line.base or "moves" not in names:
                return
            at = names.index("moves")
            try:
                head, tail = (
                    json.dumps({name: data[name] for name in part}, ensure_ascii=False)
                    for part in (names[:at], names[at + 1 :])
                )
            except (TypeError, ValueError, RecursionError):
                return
            before, after = f'{head[:-1]}, "moves": ', f", {tail[1:]}"
            stop = len(text) - len(after)
            if not (text.startswith(before) and text.endswith(after)) or stop < len(before):
                return
            moves = text[len(before) : stop]
            if moves.count("}, {") + 1 == len(raw) and _written_as_read(moves):
                line.base, line.raw_text = len(raw), moves

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
        record = cls.from_dict(data, verify=verify, key=key)
        if not verify and isinstance(text, str) and isinstance(data, dict):
            record._keep_moves_text(data, text)
        return record
