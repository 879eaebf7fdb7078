"""Tables: one game served to its seats, JSON in and out, for a web page, a chat bot or
a turn-based server.

A :class:`Table` holds the game's state, its record and each seat's log. A program
gives each seat :meth:`Table.message` (a JSON-ready dict: the seat's view with cards
as text, its legal moves, its log as that seat may read it) and passes what a player
sent to :meth:`Table.play`, which checks the sender, applies the move, lets the bots
move, and returns the message each seat should now get, or an error for the sender
alone. :data:`MESSAGE_SCHEMA` is the JSON Schema of both kinds of message.

A table stored between requests is :meth:`Table.to_json` text: signed with a key of
the server's, it reads back without replaying anything (:meth:`Table.from_json`), and
each log keeps its last :data:`LOG_SIZE` entries, so a request costs about the same
deep into a long game as at its start. :attr:`Table.version`, the number of moves
applied, is the token of optimistic concurrency: a store writes a table back only if
the version it read is still the stored one. The JSON holds the game's seed and every
hand: it stays on the server.
"""

from __future__ import annotations

import array
import hashlib
import hmac
import itertools
import json
import re
import sys
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from cardrules._recorddata import SIGNATURE, check_key
from cardrules._text import json_int, shown
from cardrules.bots import Bot, bot_from_name
from cardrules.errors import (
    BotError,
    CardrulesError,
    IllegalMoveError,
    MoveParseError,
    MoveTypeError,
    RecordError,
    TableError,
)
from cardrules.events import Event, HandScored, TrickWon, narrate
from cardrules.game import Game
from cardrules.record import GameRecord, stored_data
from cardrules.rng import check_seed, derive_seed, new_seed
from cardrules.seats import is_seat
from cardrules.snapshot import state_from_json, state_to_json
from cardrules.terminal import GameAdapter, adapter_for

__all__ = [
    "ERROR_SCHEMA",
    "FORMAT",
    "LOG_SIZE",
    "MESSAGE_SCHEMA",
    "REASONS",
    "STATE_SCHEMA",
    "Table",
]

FORMAT: Final = "cardrules.table"
"""The ``"format"`` of :meth:`Table.to_json`'s text."""
_VERSION: Final = 2
LOG_SIZE: Final = 100
"""How many entries of each log a table keeps by default (:class:`Table`'s
``log_size``): enough to show a seat what happened lately when it comes back, few
enough that a stored table costs the same to read and write deep into a long game."""
_KEYS = frozenset({"format", "version", "record", "logs", "bots", "bot_seed"})
_OWN = frozenset({"seat", "hand", "legal_moves"})
"""The parts of a view that are its seat's own, never a spectator's."""
_EXPLAINED = (TrickWon, HandScored)
"""The events whose scores the command line explains (from the seat's view before)."""

REASONS: Final = ("not_understood", "not_allowed", "not_your_turn", "stale", "game_over")
"""The ``"reason"`` of an error message: text or data that names no move, a move the
rules do not allow now, a move sent out of turn, a move sent against an older version
of the table, and a move sent once the game is over."""

_LOG_ENTRY: dict[str, Any] = {
    "type": "object",
    "required": ["index", "text", "event"],
    "additionalProperties": False,
    "properties": {
        "index": {"type": "integer", "minimum": 0},
        "text": {"type": "string"},
        "event": {"type": "object", "required": ["event"]},
        "notes": {"type": "array", "items": {"type": "string"}, "minItems": 1},
    },
}
_MOVE_ENTRY: dict[str, Any] = {
    "type": "object",
    "required": ["id", "text", "data"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": "integer", "minimum": 0},
        "text": {"type": "string"},
        "data": {"type": "object"},
    },
}
_SEAT = {"type": "integer", "minimum": 0}
_SCORE = {"type": ["integer", "string"]}

STATE_SCHEMA: Final[Mapping[str, Any]] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "cardrules table message",
    "description": (
        "What one seat (or a spectator: seat null) is shown: its view, its legal moves "
        "and its log from log_start. A seat's view, the moves' data and the events have "
        "the forms of cardrules.data.SCHEMAS; a spectator's view holds the parts of the "
        "view every seat is shown alike."
    ),
    "type": "object",
    "required": [
        "type",
        "game",
        "seat",
        "players",
        "version",
        "to_move",
        "over",
        "scores",
        "winners",
        "view",
        "moves",
        "log",
        "log_start",
    ],
    "additionalProperties": False,
    "properties": {
        "type": {"const": "state"},
        "game": {"type": "string"},
        "seat": {"type": ["integer", "null"], "minimum": 0},
        "players": {"type": "integer", "minimum": 1},
        "version": {"type": "integer", "minimum": 0},
        "to_move": {"type": ["integer", "null"], "minimum": 0},
        "over": {"type": "boolean"},
        "scores": {"type": "array", "items": _SCORE},
        "winners": {"type": "array", "items": _SEAT},
        "view": {"type": "object"},
        "moves": {"type": "array", "items": _MOVE_ENTRY},
        "log": {"type": "array", "items": _LOG_ENTRY},
        "log_start": {"type": "integer", "minimum": 0},
    },
}
"""The JSON Schema of a message of :meth:`Table.message` and :meth:`Table.play`."""

ERROR_SCHEMA: Final[Mapping[str, Any]] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "cardrules table error",
    "description": "A move refused, told to its sender alone; the table is unchanged.",
    "type": "object",
    "required": ["type", "seat", "version", "reason", "error"],
    "additionalProperties": False,
    "properties": {
        "type": {"const": "error"},
        "seat": {"type": ["integer", "null"], "minimum": 0},
        "version": {"type": "integer", "minimum": 0},
        "reason": {"enum": list(REASONS)},
        "error": {"type": "string"},
    },
}
"""The JSON Schema of an error message of :meth:`Table.play`."""

MESSAGE_SCHEMA: Final[Mapping[str, Any]] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "cardrules table message or error",
    "oneOf": [
        {key: value for key, value in STATE_SCHEMA.items() if key != "$schema"},
        {key: value for key, value in ERROR_SCHEMA.items() if key != "$schema"},
    ],
}
"""The JSON Schema of everything a table sends: :data:`STATE_SCHEMA` or
:data:`ERROR_SCHEMA`."""

Message = dict[str, Any]
"""A message: JSON-ready data (see :data:`MESSAGE_SCHEMA`)."""


class Table:
    """One game served to its seats: the state, the record, each seat's log, and the
    bots of the seats that are not people.

    ``game`` is the rules object; ``seed`` deals the game (``None``: a fresh one) and
    ``setup`` holds the game's other setup keywords (``game.start(seed, **setup)``).
    ``bots`` maps seats to bots, by name (``"heuristic"``, ``"random"``,
    ``"ismcts:100"``: :func:`cardrules.bots.bot_from_name`) or as
    :class:`~cardrules.bots.Bot` objects; every other seat is a person
    (:attr:`human_seats`). The bots move at once whenever it is their turn, from the
    start and after every move :meth:`play` applies, each seeing only its seat's view
    (``game.observe``) and choosing among its legal moves with a seed drawn from the
    table's own ``bot_seed`` (``None``: a fresh one; give one to replay the bots'
    choices, never one made from the game's seed, which would tell a bot the deal).
    Bots make no calls out of turn (Craits' "idiot"): they call only on their own
    turn, if at all. A person may call out of turn whenever their message lists the
    call, but bots do not wait for them: a call on a bot that the next bot's move
    closes is not offered. ``log_size`` is how many entries of each log the table
    keeps.

    The table's JSON (:meth:`to_json`) holds the game's seed and every hand: keep it on
    the server, as secret as the seed. Nothing a seat is sent says anything its seat may
    not know. A table is not thread-safe: apply one request at a time (a lock, or the
    version check of a store).

    A two-player game of Craits, the messages going through JSON as to a web page:

    >>> import json
    >>> import cardrules as cr
    >>> table = Table(cr.Craits(players=2), seed=7)
    >>> sent = json.loads(json.dumps(table.message(1)))  # seat 1's page gets this
    >>> sent["to_move"], [move["text"] for move in sent["moves"]]
    (1, ['8♦→♣', '8♦→♦', '8♦→♥', '8♦→♠', '4♠', '9♠'])
    >>> table.play(0, "draw")  # refused, to seat 0 alone  # doctest: +NORMALIZE_WHITESPACE
    {0: {'type': 'error', 'seat': 0, 'version': 0, 'reason': 'not_your_turn',
         'error': 'it is not your turn: seat 1 is to move'}}
    >>> replies = table.play(1, "9s", version=sent["version"])
    >>> sorted(replies), replies[0]["version"], replies[0]["log"]
    ([0, 1], 1, [{'index': 3, 'text': 'Seat 1 plays 9♠.', 'event': {...}}])
    >>> [move["text"] for move in replies[0]["moves"]]
    ['9♦', '2♠', '7♠']
    >>> key = b"the server's own key"  # e.g. secrets.token_bytes(32), kept safe
    >>> stored = table.to_json(key=key)  # every hand and the seed: a server secret
    >>> Table.from_json(stored, key=key).message(0) == table.message(0)
    True
    """

    __slots__ = (
        "_adapter",
        "_bot_names",
        "_bot_seed",
        "_bots",
        "_cap",
        "_game",
        "_humans",
        "_log_size",
        "_logs",
        "_news",
        "_record",
        "_state",
        "_version",
    )

    def __init__(
        self,
        game: Game[Any, Any, Any],
        *,
        seed: int | None = None,
        bots: Mapping[int, str | Bot] | None = None,
        setup: Mapping[str, Any] | None = None,
        bot_seed: int | None = None,
        log_size: int | None = LOG_SIZE,
    ) -> None:
        _check_game(game)
        _check_log_size(log_size)
        if setup is None:
            setup = {}
        if not isinstance(setup, Mapping) or not all(isinstance(k, str) for k in setup):
            raise TableError(
                f"setup must be a mapping of the game's setup keywords to values, not "
                f"{shown(setup)}"
            )
        made = _bots(game, bots)
        try:
            bot_seed = new_seed() if bot_seed is None else check_seed(bot_seed, "bot seed")
            seed = new_seed() if seed is None else check_seed(seed)
            started = game.start(seed, **setup)
            record = GameRecord.start(game, seed, **setup)
        except CardrulesError as exc:
            raise TableError(f"the game cannot start: {exc}") from exc
        self._setup(game, record, started.state, made, bot_seed, log_size)
        self._tell(started.events)
        self._run_bots()

    def _setup(
        self,
        game: Game[Any, Any, Any],
        record: GameRecord[Any],
        state: Any,
        bots: dict[int, tuple[Bot, str]],
        bot_seed: int,
        log_size: int | None,
        version: int = 0,
    ) -> None:
        """Set up a table whose record holds ``version`` moves (given, not counted:
        a record read from JSON reads its moves only when asked for them)."""
        self._game = game
        self._record = record
        self._version = version
        self._state = state
        self._bots = {seat: bot for seat, (bot, _) in bots.items()}
        self._bot_names = {seat: name for seat, (_, name) in bots.items()}
        self._humans = tuple(seat for seat in range(game.players) if seat not in bots)
        self._bot_seed = bot_seed
        self._cap = game.move_cap()
        self._adapter: GameAdapter = adapter_for(game.name)()
        self._log_size = log_size
        self._logs = {seat: _Log(log_size) for seat in (*range(game.players), None)}
        self._news: dict[int | None, list[Message]] | None = None

    # -- what the table holds ----------------------------------------------------------

    @property
    def game(self) -> Game[Any, Any, Any]:
        """The rules object."""
        return self._game

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._game.players

    @property
    def human_seats(self) -> tuple[int, ...]:
        """The seats of people, in order: every seat without a bot."""
        return self._humans

    @property
    def bot_seed(self) -> int:
        """The seed the bots' decisions come from (:func:`cardrules.rng.new_seed`, never
        derived from the game's seed; each decision's seed is derived from it and the
        version). Part of the table's JSON, never of a message."""
        return self._bot_seed

    @property
    def log_size(self) -> int | None:
        """How many entries of each log the table keeps (``None``: all of them)."""
        return self._log_size

    @property
    def state(self) -> Any:
        """The game's state now (it holds every hand: never send it to a seat)."""
        return self._state

    @property
    def record(self) -> GameRecord[Any]:
        """The game's record: its seed, setup and every move applied so far."""
        return self._record

    @property
    def version(self) -> int:
        """The number of moves applied so far (``len(record.moves)``), bots' moves
        included: the token of optimistic concurrency. Every message carries it; a move
        sent with ``version=`` is refused as ``"stale"`` unless it is still the table's,
        and a store that keeps tables as JSON writes one back only if the version it
        read is still the stored one (``UPDATE ... WHERE version = ?``), so that no
        move is lost between two requests."""
        return self._version

    @property
    def bots(self) -> dict[int, str]:
        """The name of each bot seat's bot, as the table's JSON stores it
        (``"custom:NAME"`` for a bot of your own, which
        :func:`~cardrules.bots.bot_from_name` cannot make)."""
        return dict(self._bot_names)

    @property
    def over(self) -> bool:
        """Whether no more moves can be made: the game is over, or it reached
        ``game.move_cap()`` moves (a game without end, stopped unfinished)."""
        return bool(self._state.is_over) or self.version >= self._cap

    # -- messages ----------------------------------------------------------------------

    def message(self, seat: int | None, *, since: int = 0) -> Message:
        """What ``seat`` is shown now, as JSON-ready data (:data:`STATE_SCHEMA`): its
        view (``view.to_data()``), its legal moves now, each as ``{"id": move id,
        "text": the move as the command line shows it, "data": move.to_data()}`` (moves
        out of turn included: Craits' "idiot"), and its log from entry ``since`` on
        (``log_start``: the first entry given, which is the oldest the table keeps,
        :attr:`log_size`, when ``since`` is older). Each log entry is ``{"index",
        "text", "event"}``: the event as the seat may know it (``event.to_data(seat)``),
        its text as :func:`cardrules.narrate` tells it to that seat (the seat's own
        cards drawn and passed included, other seats' secrets never), and
        ``"notes"``, the lines the command line adds to explain a score, if any.

        ``seat`` ``None`` is a spectator: its view holds what every seat's view holds
        alike (no hand, no seat), it has no moves, and its log is as every seat may
        know it.

        Raises :class:`~cardrules.TableError` for a seat not at the table or a
        ``since`` that is not an int from 0 up, and for a log entry that does not read
        (a table read with a key reads its log entries only here: one that a server
        signed without :meth:`to_json` writing it).
        """
        self._check_seat(seat, spectator=True)
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise TableError(f"since must be a log index, an int from 0 up, not {shown(since)}")
        start, entries = self._logs[seat].since(since)
        return self._message(seat, start, _entries(entries))

    def _message(self, seat: int | None, start: int, entries: list[Message]) -> Message:
        state = self._state
        if seat is None:
            view_data = self._public_view()
            moves: list[Message] = []
        else:
            view = self.game.observe(state, seat)
            view_data = view.to_data()
            moves = [] if self.over else self._moves_of(view)
        return {
            "type": "state",
            "game": self.game.name,
            "seat": seat,
            "players": self.players,
            "version": self.version,
            "to_move": None if self.over else state.to_move,
            "over": self.over,
            "scores": [json_int(score) for score in state.scores],
            "winners": list(state.winners),
            "view": view_data,
            "moves": moves,
            "log": [{"index": index, **entry} for index, entry in enumerate(entries, start)],
            "log_start": start,
        }

    def _public_view(self) -> dict[str, Any]:
        """A spectator's view: what every seat's view holds alike (the trick on the
        table, the top card, the hands' sizes), which every seat knows already."""
        game, state = self.game, self._state
        views = [game.observe(state, seat).to_data() for seat in range(self.players)]
        shared = _shared(views)
        return {name: value for name, value in shared.items() if name not in _OWN}

    def _moves_of(self, view: Any) -> list[Message]:
        game, adapter = self.game, self._adapter
        # The text of the command line's Legal list: a game may word a move there by the
        # phase of the view (Euchre's "order up ♥" for a suit named in the first round).
        listed = getattr(adapter, "legal_text", None)
        return [
            {
                "id": game.move_id(move),
                "text": adapter.move_text(move) if listed is None else listed(move, view),
                "data": move.to_data(),
            }
            for move in adapter.listed_moves(view.legal_moves)
        ]

    def play(self, seat: int, data: object, *, version: int | None = None) -> dict[int, Message]:
        """Make the move ``seat`` sent: ``data`` is a move id (an int, as in a message's
        ``"moves"``), a move's data form (a dict, ``move.to_data()``) or what the player
        typed (a str, read by ``game.parse_move``). With ``version`` (the version of the
        message the player answered), a move sent against an older table is refused.

        The move must be one the seat may send now: on its turn, or a call it may make
        out of turn (Craits' "idiot"). Applied, the bots move until a person must move
        or the game ends, and the result is ``{seat: message}`` for every seat, each
        message holding only the log entries that are new to its seat (``log_start``:
        the first of them). Spectators are not in it: give them
        ``message(None, since=...)``.

        Refused, the result is ``{seat: error}`` for the sender alone
        (:data:`ERROR_SCHEMA`), with a ``"reason"`` of :data:`REASONS` and a text for
        the player that speaks of their own hand and the table only; the table is
        unchanged.

        Raises :class:`~cardrules.TableError` for a ``seat`` that is not a human seat of
        this table and a ``version`` that is not an int (a server's mistakes, not a
        player's), and for a bot of your own that makes a move the rules refuse (the
        moves before it stay made).
        """
        self._check_seat(seat, spectator=False)
        if seat not in self.human_seats:
            raise TableError(
                f"seat {seat} is played by a bot ({self._bot_names[seat]}); people sit at "
                f"seats {_seats_text(self.human_seats)}"
            )
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            raise TableError(f"version must be an int (a message's version), not {shown(version)}")
        if version is not None and version != self.version:
            return self._error(
                seat,
                "stale",
                f"the table has moved on since version {version} (it is at version "
                f"{self.version}): look again and choose anew",
            )
        if self.over:
            return self._error(seat, "game_over", self._over_text())
        view = self.game.observe(self._state, seat)
        move = None
        try:
            move = self._move_of(data, view)
            step = self.game.step(self._state, move, seat=seat)
        except IllegalMoveError as exc:
            reason = "not_your_turn" if exc.reason == "not_your_turn" else "not_allowed"
            return self._error(seat, reason, self._adapter.refusal(exc, move, view, seat))
        except CardrulesError as exc:  # MoveParseError, or data that is no move at all
            return self._error(seat, "not_understood", str(exc))
        starts = {s: log.count for s, log in self._logs.items()}
        news: dict[int | None, list[Message]] = {s: [] for s in self._logs}
        self._news = news
        try:
            self._advance(move, step.state, step.events)
            self._run_bots()
        finally:
            self._news = None
        return {s: self._message(s, starts[s], news[s]) for s in range(self.players)}

    def _move_of(self, data: object, view: Any) -> Any:
        """The move ``data`` names (raises :class:`MoveParseError` for none)."""
        game = self.game
        if isinstance(data, str):
            return game.parse_move(data, view)
        if isinstance(data, int) and not isinstance(data, bool):
            try:
                return game.move_from_id(data)
            except (IllegalMoveError, MoveTypeError):
                raise MoveParseError(
                    f"there is no move {shown(data)}: a move id is an int from 0 to "
                    f"{game.num_move_ids - 1} (the ids of the moves a message lists)"
                ) from None
        if isinstance(data, Mapping):
            return game.move_from_data(data)
        raise MoveParseError(
            "a move is sent as its id (an int), its data form (an object) or typed text "
            f"(a string), not {type(data).__name__} {shown(data)}"
        )

    def _error(self, seat: int, reason: str, text: str) -> dict[int, Message]:
        return {
            seat: {
                "type": "error",
                "seat": seat,
                "version": self.version,
                "reason": reason,
                "error": text,
            }
        }

    def _over_text(self) -> str:
        if self._state.is_over:
            return "the game is over"
        return (
            f"the game was stopped unfinished after {self.version} moves, the most a "
            f"{self.game.name} table plays"
        )

    # -- moving on -----------------------------------------------------------------------

    def _advance(self, move: Any, state: Any, events: tuple[Event, ...]) -> None:
        """Record ``move`` (which led to ``state``) and tell its ``events``."""
        before, self._state = self._state, state
        self._record = self._record.then(move, state=state)
        self._version += 1
        self._tell(events, before)

    def _tell(self, events: tuple[Event, ...], before: Any = None) -> None:
        """Add ``events`` (of a step from the state ``before``, if any) to every log,
        each as its reader may know them: a seat's in the command line's words (the
        library's text, as the game's terminal adapter lays it out), with the notes it
        adds to explain a score. Readers told an event alike share one entry (most events read
        the same to every seat but the one they are about): a table's JSON writes it
        once."""
        game, news, adapter = self.game, self._news, self._adapter
        explain = adapter.explain
        scored = before is not None and any(isinstance(e, _EXPLAINED) for e in events)
        made: dict[str, tuple[str, Message]] = {}
        for seat, log in self._logs.items():
            # The seat's view before the step, which the explanations read.
            view = game.observe(before, seat) if scored and seat is not None else None
            for event, told in narrate(events, seat, game=game):
                data = event.to_data(seat, game=game)
                text = (
                    told if seat is None else _joined(adapter.event_lines(event, told, seat, game))
                )
                entry: Message = {"text": text, "event": data}
                if view is not None:
                    notes = [line.strip() for line in explain(event, events, view, seat, game)]
                    if notes:
                        entry["notes"] = notes
                kept = _stored(entry)
                kept, entry = made.setdefault(kept, (kept, entry))  # (shared: kept once)
                log.add(kept)
                if news is not None:
                    news[seat].append(entry)

    def _run_bots(self) -> None:
        """Let the bots move while one of them is to move (never past the move cap)."""
        game, bots = self.game, self._bots
        while not self.over and self._state.to_move in bots:
            seat = self._state.to_move
            view = game.observe(self._state, seat)
            seed = derive_seed(self._bot_seed, self.version, b"table")
            move = bots[seat].choose(game, view, view.legal_moves, seed)
            try:
                step = game.step(self._state, move, seat=seat)
            except CardrulesError as exc:
                raise TableError(
                    f"seat {seat}'s bot ({self._bot_names[seat]}) made a move the rules "
                    f"refuse, {shown(move)}: {exc}"
                ) from exc
            self._advance(move, step.state, step.events)

    # -- JSON ----------------------------------------------------------------------------

    def to_json(self, *, key: bytes | None = None) -> str:
        """The table as JSON text, to store between requests: the record
        (:meth:`GameRecord.to_json <cardrules.GameRecord.to_json>`'s form), the logs,
        the bots by name and the bot seed. With ``key`` (the server's secret bytes,
        ``secrets.token_bytes(32)``), it also holds a snapshot of the state
        (:func:`cardrules.snapshot.state_to_json`) and ends with a ``"signature"``, an
        HMAC-SHA256 of the text before it, so that :meth:`from_json` with the same key
        reads it back without replaying a move.

        The signature covers the text exactly as written: store it as it is (a text
        column, a file), not in a store that writes JSON anew (a column of a JSON type
        that reorders keys), or it no longer reads with the key.

        The text holds the game's seed and every hand: keep it on the server, never
        send it to a player. Raises :class:`~cardrules.TableError` for a key that is
        not bytes.
        """
        signing = None if key is None else _key(key)
        pool, logs = self._logs_parts()
        data: dict[str, Any] = {
            "bots": {str(seat): name for seat, name in sorted(self._bot_names.items())},
            "bot_seed": self.bot_seed,
        }
        if signing is not None:
            data["state"] = state_to_json(self._state, key=signing)
        # The log entries are written as they are kept, one a line (_cut_entries reads
        # them so); the record writes its own text (each move's text made once).
        text = "".join(
            (
                _HEAD,
                "\n" + ",\n".join(pool) + "\n" if pool else "",
                "], ",
                json.dumps(logs)[1:],
                ", ",
                json.dumps(data, ensure_ascii=False)[1:-1],
                ', "record": ',
                self._record.to_json(),
                "}",
            )
        )
        if signing is None:
            return text
        return f'{text[:-1]}, "{SIGNATURE}": "{_signature(text, signing)}"}}'

    @classmethod
    def from_json(
        cls,
        text: str | bytes,
        *,
        key: bytes | None = None,
        bots: Mapping[int, str | Bot] | None = None,
    ) -> Table:
        """The table :meth:`to_json` wrote.

        With ``key``, the text must end with the signature :meth:`to_json` wrote with
        that key, over the text as written; its state is read from its snapshot and its
        logs from the text (each entry when a message first needs it), and no move is
        replayed. Without a key the record is replayed once (checking every position it
        holds) and the logs are rebuilt from that replay and compared with the text's;
        the bots and the bot seed are taken as written, and a signature and a snapshot
        in the text are not read (without the key, nothing vouches for them).

        ``bots`` gives the bot objects of seats whose bots are not known by name (a bot
        of your own, which :func:`~cardrules.bots.bot_from_name` cannot make); the text
        names them ``"custom:NAME"``.

        Raises :class:`~cardrules.TableError` saying what is wrong: not table JSON,
        another format or version, a missing or wrong signature, a record that does
        not replay, logs that do not match it.
        """
        if isinstance(text, (bytes, bytearray)):
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError as exc:
                raise TableError(f"a table's JSON text is UTF-8: {exc}") from None
        if not isinstance(text, str):
            raise TableError(
                f"a table is read from its JSON text (Table.to_json), not {shown(text)}"
            )
        signing = None if key is None else _key(key)
        pool = None
        try:
            if signing is None:
                data, moves = json.loads(text), None
            else:  # the log entries and the record's moves read when needed
                pool, rest, signed = _cut_entries(text, _check_signature(text, signing))
                data, moves = stored_data(rest, signed)
        except ValueError as exc:
            raise TableError(f"a table is stored as JSON text (Table.to_json): {exc}") from None
        except RecursionError:
            raise TableError("table JSON must not be nested this deeply") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise TableError(
                f"not a cardrules table: expected an object with format {FORMAT!r} "
                "(Table.to_json's text)"
            )
        if data.get("version") != _VERSION:
            raise TableError(
                f"a table of version {shown(data.get('version'))} cannot be read: this "
                f"cardrules reads version {_VERSION}"
            )
        if not _KEYS <= set(data) <= _KEYS | {"state", SIGNATURE}:
            raise TableError(
                f"a table's JSON has the keys {sorted(_KEYS)} (and 'state' and "
                f"{SIGNATURE!r} when signed); found {sorted(map(str, data))}"
            )
        try:
            if moves is None:
                record = GameRecord.from_dict(data["record"], verify=False)
            else:
                record = GameRecord._from_stored(data["record"], moves)
        except RecordError as exc:
            raise TableError(f"the table's record cannot be read: {exc}") from None
        game = record.game
        named = _bots_data(game, data["bots"], bots)
        logs = _logs_of(data["logs"], game.players, pool)
        try:
            bot_seed = check_seed(data["bot_seed"], "bot seed")
        except CardrulesError as exc:
            raise TableError(f"the table's {exc}") from None
        table = cls.__new__(cls)
        if signing is not None:
            if "state" not in data:
                raise TableError("a signed table holds its state: 'state' is missing")
            try:
                state = state_from_json(data["state"], key=signing)
                game.check_state(state)
            except CardrulesError as exc:
                raise TableError(f"the table's state cannot be read: {exc}") from None
            count = len(data["record"]["moves"])  # (a list: the record read it)
            table._setup(game, record, state, named, bot_seed, logs.size, count)
            table._logs = logs.logs
        else:
            table._replay(record, data["record"], named, bot_seed, logs.size)
            if _canonical(table._logs_data()) != _canonical(data["logs"]):
                raise TableError(
                    "the table's logs are not those of its record: the table was edited"
                )
        return table

    def _replay(
        self,
        read: GameRecord[Any],
        written: object,
        bots: dict[int, tuple[Bot, str]],
        bot_seed: int,
        log_size: int | None,
    ) -> None:
        """Play ``read``'s moves once, from its seed, telling them to the logs and
        making the record anew; raises :class:`TableError` unless the record made is
        the one ``written`` (its data as read: checks and outcome included)."""
        game = read.game
        try:
            moves = read.moves  # (read from its data only now)
        except RecordError as exc:
            raise TableError(f"the table's record cannot be read: {exc}") from None
        try:
            started = game.start(read.seed, **read.setup)
            record = GameRecord.start(game, read.seed, **read.setup)
        except CardrulesError as exc:
            raise TableError(f"the table's record does not start: {exc}") from None
        self._setup(game, record, started.state, bots, bot_seed, log_size)
        self._tell(started.events)
        for number, move in enumerate(moves, 1):
            try:
                step = game.step(self._state, move)
            except CardrulesError as exc:
                raise TableError(
                    f"the table's record does not replay: move {number} ({move}): {exc}"
                ) from None
            self._advance(move, step.state, step.events)
        if _canonical(self._record.to_dict()) != _canonical(written):
            raise TableError(
                "the table's record was edited: its moves do not lead to the positions "
                "and outcome it holds"
            )

    def _logs_parts(self) -> tuple[list[str], dict[str, Any]]:
        """The logs as a table's JSON holds them: each entry once (its JSON text, first
        met first, the seats' logs in order then the spectator's; entries told alike
        to several readers are one), and the rest of the logs' data, each log the
        places of its entries in the first (:func:`_places_text`)."""
        readers = [self._logs[seat] for seat in (*range(self.players), None)]
        places = dict.fromkeys(itertools.chain.from_iterable(log.entries for log in readers), 0)
        for place, entry in enumerate(places):
            places[entry] = place
        wide = len(places) > _NARROW
        logs = [
            {
                "start": log.start,
                "entries": _places_text(map(places.__getitem__, log.entries), wide),
            }
            for log in readers
        ]
        return list(places), {"size": self.log_size, "seats": logs[:-1], "spectator": logs[-1]}

    def _logs_data(self) -> dict[str, Any]:
        """The logs as data, as a table's JSON holds them (:meth:`_logs_parts`)."""
        pool, logs = self._logs_parts()
        return {"entries": json.loads(f"[{','.join(pool)}]"), **logs}

    def _check_seat(self, seat: object, *, spectator: bool) -> None:
        if spectator and seat is None:
            return
        if not is_seat(seat, self.players):
            watch = " (or None, a spectator)" if spectator else ""
            raise TableError(
                f"seat must be a seat of the table, an int from 0 to {self.players - 1}"
                f"{watch}, not {shown(seat)}"
            )

    def __repr__(self) -> str:
        return f"Table({self.game!r}, version={self.version}, human_seats={self.human_seats!r})"

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        # Pickle's protocols 0 and 1 need it of a class with __slots__ (copy and the
        # later protocols read the slots themselves).
        return None, {name: getattr(self, name) for name in Table.__slots__}


class _Log:
    """One reader's log: its last ``size`` entries (all of them for ``None``), each the
    JSON text of ``{"text", "event"}`` as a table's JSON holds it (:func:`_stored`; the
    index is the place), and how many it has had (``count``: the index of the next)."""

    __slots__ = ("count", "entries")

    def __init__(self, size: int | None, entries: Iterable[str] = (), start: int = 0) -> None:
        self.entries: deque[str] = deque(entries, maxlen=size)
        self.count = start + len(self.entries)

    @property
    def start(self) -> int:
        """The index of the first entry kept."""
        return self.count - len(self.entries)

    def add(self, entry: str) -> None:
        self.entries.append(entry)
        self.count += 1

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        return None, {"count": self.count, "entries": self.entries}  # (as Table's)

    def since(self, index: int) -> tuple[int, list[str]]:
        """The entries kept from ``index`` on, and the index of the first of them."""
        first = self.start
        start = min(max(index, first), self.count)
        return start, list(itertools.islice(self.entries, start - first, None))


@attrs.frozen
class _Logs:
    """The logs a table's JSON holds."""

    size: int | None
    logs: dict[int | None, _Log]


def _logs_of(data: object, players: int, pool: list[str] | None = None) -> _Logs:
    """The logs of a table's JSON (:meth:`Table._logs_parts`'s form), with ``pool``,
    the text of their entries as :func:`_cut_entries` read them from a signed table
    (then its data holds none: the server's own text, not checked entry by entry; a
    broken one is refused when a message needs it, by :func:`_entries`)."""
    form = (
        "a table's logs are {'size': the entries kept of each log or null, 'entries': "
        f"[each entry once], 'seats': [{players} logs, one per seat], 'spectator': a log}}, "
        "each log {'start': its first index, 'entries': the places of its entries in "
        "'entries', as hex digits}, each entry {'text': its text, 'event': its event, "
        "'notes': [lines], if any}"
    )
    if not isinstance(data, dict) or set(data) != {"size", "entries", "seats", "spectator"}:
        raise TableError(form)
    size, entries, seats = data["size"], data["entries"], data["seats"]
    try:
        _check_log_size(size)
    except TableError:
        raise TableError(form) from None
    if not isinstance(seats, list) or len(seats) != players or not isinstance(entries, list):
        raise TableError(form)
    if pool is None:
        if not all(_is_entry(entry) for entry in entries):
            raise TableError(form)
        pool = [_stored(entry) for entry in entries]
    elif entries:
        raise TableError(form)
    logs: dict[int | None, _Log] = {}
    wide = len(pool) > _NARROW
    for seat, log in (*enumerate(seats), (None, data["spectator"])):
        places = None
        if isinstance(log, dict) and set(log) == {"start", "entries"}:
            places = _places_of(log["entries"], wide)
        if (
            places is None
            or type(log["start"]) is not int
            or log["start"] < 0
            or (size is not None and len(places) > size)
            or (places and max(places) >= len(pool))
        ):
            raise TableError(form)
        logs[seat] = _Log(size, map(pool.__getitem__, places), log["start"])
    return _Logs(size, logs)


_NARROW = 0x10000
"""How many entries a table's JSON holds at most with each place written in 4 hex
digits (beyond, 8)."""
_WIDE = next(code for code in "ILQ" if array.array(code).itemsize == 4)


def _places_text(places: Iterable[int], wide: bool) -> str:
    """Places in a table's log entries as its JSON writes them: each as 4 hex digits (8
    if ``wide``), least significant byte first (one C call each way, unlike a list of
    numbers)."""
    row = array.array(_WIDE if wide else "H", places)
    if sys.byteorder == "big":
        row.byteswap()
    return row.tobytes().hex()


def _places_of(text: object, wide: bool) -> array.array[int] | None:
    """The places :func:`_places_text` wrote as ``text`` (``None`` if it wrote none)."""
    row = array.array(_WIDE if wide else "H")
    try:
        if not isinstance(text, str):
            return None
        row.frombytes(bytes.fromhex(text))
    except ValueError:  # (not hex digits, or not whole places)
        return None
    if sys.byteorder == "big":
        row.byteswap()
    return row


def _is_entry(entry: object) -> bool:
    """Whether ``entry`` has the form of a stored log entry (:func:`_stored`)."""
    return (
        isinstance(entry, dict)
        and set(entry) in _ENTRY_KEYS
        and isinstance(entry["text"], str)
        and isinstance(entry["event"], dict)
    )


_ENTRY_KEYS = ({"text", "event"}, {"text", "event", "notes"})
"""The keys a stored log entry may have (notes only when there are some)."""


def _stored(entry: Message) -> str:
    """A log entry (``{"text", "event"}`` and perhaps ``"notes"``, as a message gives
    it) as a table keeps it and its JSON holds it: its JSON text, without the event's
    ``"text"`` when it is the entry's (most are: each entry's text is written once)."""
    event = entry["event"]
    if event.get("text") == entry["text"]:
        entry = {**entry, "event": {name: value for name, value in event.items() if name != "text"}}
    return json.dumps(entry, ensure_ascii=False, separators=(",", ":"))


def _entries(kept: list[str]) -> list[Message]:
    """Log entries as a message gives them (fresh data), from their text as kept
    (:func:`_stored`)."""
    try:
        entries = json.loads(f"[{','.join(kept)}]")
    except (ValueError, RecursionError):
        entries = None
    if not isinstance(entries, list) or not all(_is_entry(entry) for entry in entries):
        raise TableError("the table's logs cannot be read: an entry is not JSON of a log entry")
    for entry in entries:
        entry["event"].setdefault("text", entry["text"])
    return entries


_HEAD: Final = f'{{"format": "{FORMAT}", "version": {_VERSION}, "logs": {{"entries": ['
"""How :meth:`Table.to_json`'s text begins, up to the log entries."""
_ENTRIES_END: Final = '\n], "size": '
"""What follows the log entries in :meth:`Table.to_json`'s text."""


def _cut_entries(text: str, end: int) -> tuple[list[str] | None, str, int]:
    """The log entries of a signed table's JSON ``text`` (its signature at
    ``text[end]``), as they were written, one a line: their texts, and ``text``
    without them and where its signature is then; or ``None`` and the text as it is,
    if it does not begin as :meth:`Table.to_json` writes it (another format or
    version, whose data then says what it is)."""
    if not text.startswith(_HEAD):
        return None, text, end
    # json.dumps writes no line break (one in a string is escaped): the first line break
    # after the head begins the entries, each on its line, and the first line break
    # that no entry follows ends them.
    start = len(_HEAD)
    if text.startswith("]", start):
        return [], text, end
    stop = text.find(_ENTRIES_END, start, end)
    if not text.startswith("\n", start) or stop < 0:
        return None, text, end
    return (
        text[start + 1 : stop].split(",\n"),
        text[:start] + text[stop + 1 :],
        end - stop - 1 + start,
    )


def _check_log_size(size: object) -> None:
    if size is not None and (type(size) is not int or size < 0):
        raise TableError(
            f"log_size is the number of entries kept of each log, an int from 0 up (or "
            f"None to keep every entry), not {shown(size)}"
        )


def _canonical(data: object) -> str:
    """``data`` as JSON text that differs whenever the data does (``True`` is not
    ``1`` here, as it is to ``==``)."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def _joined(lines: Iterable[str]) -> str:
    """Lines of the command line as one text (without their layout: indents, blank
    lines)."""
    return " ".join(line.strip() for line in lines if line.strip())


def _shared(values: list[dict[str, Any]]) -> dict[str, Any]:
    """What the dicts ``values`` hold alike: each key that all of them have with equal
    values, and, for dicts in all of them, what those hold alike."""
    first, others = values[0], values[1:]
    shared = {}
    for name, value in first.items():
        theirs = [other.get(name, _MISSING) for other in others]
        if all(other == value for other in theirs):
            shared[name] = value
        elif isinstance(value, dict) and all(isinstance(other, dict) for other in theirs):
            shared[name] = _shared([value, *theirs])
    return shared


_MISSING = object()


def _check_game(game: object) -> None:
    if not isinstance(game, Game):
        raise TableError(
            f"a table serves a game: a rules object such as cr.Craits(), not {shown(game)}"
        )


def _key(key: object) -> bytes:
    try:
        return check_key(key)
    except RecordError as exc:
        raise TableError(str(exc).replace("record", "table")) from None


_SIGNED_END = re.compile(rf', "{SIGNATURE}": "([0-9a-f]{{64}})"}}\s*\Z')
_SIGNED_TAIL = f', "{SIGNATURE}": "{"0" * 64}"}}'
"""How long the signature's part of a table's JSON is."""


def _signature(text: str, key: bytes) -> str:
    """The signature of a table's JSON ``text`` (without one) under ``key``."""
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


def _check_signature(text: str, key: bytes) -> int:
    """Raise :class:`TableError` unless ``text`` ends with the signature of the text
    before it under ``key`` (compared in constant time); else where the signature
    begins."""
    # (searched for in the text's end only: a search of all of it costs as much as its MAC)
    end = _SIGNED_END.search(text, max(0, len(text.rstrip()) - 2 * len(_SIGNED_TAIL)))
    if end is None:
        raise TableError(
            "the table is not signed: a table read with a key ends with the signature "
            "that to_json(key=...) writes"
        )
    if not hmac.compare_digest(end.group(1), _signature(text[: end.start()] + "}", key)):
        raise TableError(
            "the table's signature does not match: it was signed with another key, or "
            "its text was changed after it was signed"
        )
    return end.start()


def _seats_text(seats: tuple[int, ...]) -> str:
    return ", ".join(map(str, seats)) or "none"


def _bots(
    game: Game[Any, Any, Any], bots: Mapping[int, str | Bot] | None
) -> dict[int, tuple[Bot, str]]:
    """Each bot seat's bot and the name that stores it."""
    if bots is None:
        return {}
    if not isinstance(bots, Mapping):
        raise TableError(f"bots must map seats to bots, not {shown(bots)}")
    made: dict[int, tuple[Bot, str]] = {}
    for seat, bot in bots.items():
        if not is_seat(seat, game.players):
            raise TableError(
                f"a bot's seat must be an int from 0 to {game.players - 1}, not {shown(seat)}"
            )
        made[seat] = _bot(bot)
    return made


def _bot(bot: object) -> tuple[Bot, str]:
    """A bot given by name or as an object, and its name in a table's JSON."""
    if isinstance(bot, str):
        try:
            return bot_from_name(bot), bot.strip()
        except BotError as exc:
            raise TableError(str(exc)) from None
    if not isinstance(bot, Bot):
        raise TableError(
            f"a bot is a name such as 'heuristic' or 'ismcts:100', or a cardrules Bot, "
            f"not {shown(bot)}"
        )
    try:
        known = bot_from_name(bot.name) == bot
    except BotError:
        known = False
    return bot, (bot.name if known else f"custom:{bot.name}")


def _bots_data(
    game: Game[Any, Any, Any], names: object, given: Mapping[int, str | Bot] | None
) -> dict[int, tuple[Bot, str]]:
    """The bots a table's JSON names, with ``given`` for its custom ones."""
    if not isinstance(names, dict) or not all(isinstance(n, str) for n in names.values()):
        raise TableError(f"a table's bots map seats to bot names, not {shown(names)}")
    if given is not None and not isinstance(given, Mapping):
        raise TableError(f"bots= maps seats to bots, not {shown(given)}")
    given = dict(given or {})
    bots: dict[int, tuple[Bot, str]] = {}
    for text, name in names.items():
        seat = int(text) if text.isascii() and text.isdigit() and len(text) < 4 else -1
        if not is_seat(seat, game.players) or str(seat) != text:
            raise TableError(f"a table's bot seats are seats of the game, not {shown(text)}")
        if seat in given:
            bots[seat] = (_bot(given.pop(seat))[0], name)
        elif name.startswith("custom:"):
            raise TableError(
                f"seat {seat}'s bot is one of your own ({name[7:]}): pass it as "
                f"bots={{{seat}: ...}} to Table.from_json"
            )
        else:
            bots[seat] = _bot(name)
    if given:
        raise TableError(
            f"bots= gives bots for seats {_seats_text(tuple(sorted(given)))}, which the "
            "table does not hold bots for"
        )
    return bots
