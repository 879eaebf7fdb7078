"""The family encoders' trackers: every seat's observation of one game, kept up to date
by writing only what a step changed (:class:`Tracker`), for
:class:`~cardrules.encoding.arrays.ObservationArrays` and so for the PettingZoo and
Gymnasium hosts, for every game on the engines.

The seats' observations share most of their entries: the cards in the trick, the cards
each seat took, whose turn it is are the same facts seen from different places. A
tracker keeps them once, in one ``float32`` buffer in *absolute* seats: each field
shared by every observer once, a seat-indexed field (``trick``, ``to_move``…) as
one block per absolute seat, and a field of the observer's own (its hand, the game's
fields) once per seat. A seat's observation is its copy from the buffer through an index
made once per encoder (the blocks in the seat's order): the bytes of its runs of
consecutive entries joined where they are few (a trick game's long row), else one
``take``. A game field the same for every seat
(``GameField(..., same_for_every_seat=True)``) is kept once.

A step is written by the family's :class:`Steps`: the trick-taking family
(:class:`TrickSteps`) reads a card played and a trick won from the step's events and
writes their few entries (the card leaves the hand and joins the trick, a void, the
trick's cards go to the winner's taken block, whose turn it is, the trick's number,
the points); the shedding family (:class:`ShedSteps`) compares the state's public
fields and hands with those it wrote last and writes the entries that differ (the
discard pile from the cards played). Anything else (a new deal, a phase of the game's
own, a step that does not follow) has every entry written again from the state by
the family's :class:`~cardrules.encoding.fast.FastParts`. The fields a game declares
(:class:`~cardrules.encoding.fields.GameField`) are written when a seat's
observation is asked for, from the state (their ``of_state``) or from the seat's
view. So the rows hold exactly ``to_float32(encoder.observation(game.observe(state,
seat)))``.

>>> import numpy as np, cardrules as cr
>>> from cardrules.encoding import encoder_for
>>> from cardrules.encoding.arrays import ObservationArrays
>>> game = cr.Hearts()
>>> encoder = encoder_for(game)
>>> arrays = ObservationArrays(encoder, game.new_game(seed=3))
>>> step = game.step(arrays.state, game.legal_moves(arrays.state)[0])
>>> arrays.update(step)
>>> listed = np.asarray(encoder.observation(game.observe(step.state, 1)), np.float32)
>>> bool(np.array_equal(arrays.observation(1), listed))
True
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from cardrules._kept import KeptByIdentity
from cardrules.encoding.shedparts import phase_entry
from cardrules.encoding.vectors import clipped, require_numpy
from cardrules.errors import RulesError
from cardrules.events import CardPlayed, Event, HandDealt, MovePlayed, TrickWon
from cardrules.shedding.events import Reshuffled

if TYPE_CHECKING:
    from cardrules.encoding.family import FamilyEncoder
    from cardrules.encoding.fast import FastParts

__all__ = ["ShedSteps", "Steps", "Tables", "Tracker", "TrickSteps"]


class Steps(Protocol):
    """What a family tells its trackers: which fields are seat-indexed and which are
    the observer's own, and how a step is written."""

    seat_fields: frozenset[str]
    """Fields of one block per seat, relative to the observer."""
    own_fields: frozenset[str]
    """Fields of the observer's own (its hand): one block per seat in the buffer."""

    def start(self, tracker: Tracker, state: Any) -> None:
        """What the family keeps of ``state``, after every entry was written from it."""

    def step(self, tracker: Tracker, state: Any, events: Sequence[Event]) -> bool:
        """Write the entries a step changed (its state and events); ``False``, having
        written nothing, when it cannot tell (every entry is then written again)."""


class Tables:
    """What an encoder's trackers share (made once per encoder, never changed): where
    each field lies in the buffer, each seat's index into it, the game's fields."""

    def __init__(self, encoder: FamilyEncoder, np: Any, steps: Steps) -> None:
        self.np = np
        self.players = players = encoder.game.players
        self.cards = encoder.field("hand").size
        own = set(steps.own_fields) | {
            field.name for field in encoder.game_fields if not field.same_for_every_seat
        }
        # Where each field starts in the buffer (a field of the seat's own: seat 0's).
        starts: dict[str, int] = {}
        at = 0
        for field in encoder.fields:
            starts[field.name] = at
            at += field.size * (players if field.name in own else 1)
        self.size = at
        self.starts = starts
        self.own_at = {name: (starts[name], encoder.field(name).size) for name in own}
        index = []
        for seat in range(players):
            entries: list[int] = []
            for field in encoder.fields:
                first, size = starts[field.name], field.size
                if field.name in own:
                    first += seat * size
                    entries.extend(range(first, first + size))
                elif field.name in steps.seat_fields:
                    block = size // players
                    for k in range(players):
                        other = first + block * ((seat + k) % players)
                        entries.extend(range(other, other + block))
                else:
                    entries.extend(range(first, first + size))
            index.append(np.array(entries, dtype=np.intp))
        self.index = tuple(index)
        # Each seat's row as runs of consecutive entries of the buffer: where there are
        # few for the row's size, a row is the runs' bytes joined (cheaper than a take).
        self.runs = tuple(_runs(entries) for entries in index)
        self.joined = all(
            250 * len(runs) + 3000 < 20 * len(row)
            for runs, row in zip(self.runs, index, strict=True)
        )
        # The game's fields: (packer, the byte its values start at (seat 0's for a field
        # of each seat's own), the field, its of_state), those of each seat's own, then
        # those the same for every seat (kept once).
        fields = [
            (struct.Struct(f"{field.size}f"), 4 * starts[field.name], field, field.of_state)
            for field in encoder.game_fields
        ]
        self.own_fields = tuple(f for f in fields if not f[2].same_for_every_seat)
        self.common_fields = tuple(f for f in fields if f[2].same_for_every_seat)
        self.packed: dict[int, tuple[Any, bytes]] = {}
        """Packed values of fields by the identity of the tuple of values given (a game
        that gives the same tuples over and over packs each once)."""


_TABLES: KeptByIdentity[Tables] = KeptByIdentity()
_JOIN = bytearray().join
_PACKED = 1024
"""The most tuples of values whose packed bytes an encoder's trackers keep."""


class Tracker:
    """Every seat's observation of one game, in one buffer in absolute seats, written
    step by step (see the module documentation). ``remade_on_error`` is ``False``:
    :meth:`update` refuses nothing (a step that does not follow the rows' position
    has every entry written again from its state)."""

    remade_on_error = False

    __slots__ = (
        "buffer",
        "bytes",
        "cards",
        "common_fields",
        "common_stale",
        "encoder",
        "has_fields",
        "index",
        "kept",
        "kept_common",
        "mv",
        "np",
        "own_at",
        "own_fields",
        "packed",
        "parts",
        "players",
        "stale",
        "starts",
        "state",
        "steps",
        "views",
    )

    def __init__(self, encoder: FamilyEncoder, np: Any, state: Any, parts: FastParts) -> None:
        self._prepare(encoder, np, parts)
        self.rewrite(state)

    def _prepare(self, encoder: FamilyEncoder, np: Any, parts: FastParts) -> None:
        self.encoder = encoder
        self.np = np
        self.parts = parts
        self.steps = steps = encoder._tracker_steps()
        tables = _TABLES.get(encoder)
        if tables is None or tables.np is not np:
            tables = _TABLES.keep(encoder, Tables(encoder, np, steps))
        self.players = tables.players
        self.cards = tables.cards
        self.starts = tables.starts
        self.own_at = tables.own_at
        self.index = tables.index
        self.own_fields = tables.own_fields
        self.common_fields = tables.common_fields
        self.packed = tables.packed
        self.buffer = np.zeros(tables.size, dtype=np.float32)
        self.mv: Any = memoryview(self.buffer)
        self.bytes: Any = self.mv.cast("B")
        self.views: tuple[list[Any], ...] = ()
        if tables.joined:
            self.views = tuple(
                [self.bytes[4 * first : 4 * stop] for first, stop in runs] for runs in tables.runs
            )
        self.has_fields = bool(self.own_fields or self.common_fields)
        self.stale = [False] * self.players
        self.common_stale = False
        self.kept: list[list[Any]] = []  # each seat's own game fields' values as written
        self.kept_common: list[Any] = []  # the values of the fields the same for every seat

    def observation(self, seat: int) -> Any:
        """A copy of ``seat``'s row (its game fields written first if they are stale)."""
        if self.stale[seat]:
            self._write_fields(seat)
        views = self.views
        if views:
            return self.np.frombuffer(_JOIN(views[seat]), self.np.float32)
        return self.buffer[self.index[seat]]  # (a copy; quicker than take here)

    def update(self, state: Any, events: Sequence[Event]) -> None:
        """Move on to ``state`` by the step's ``events``, writing what changed."""
        if not self.steps.step(self, state, events):
            self.rewrite(state)
            return
        self.state = state
        if self.has_fields:
            self.stale = [True] * self.players
            self.common_stale = True

    # -- writing ------------------------------------------------------------------------

    def rewrite(self, state: Any) -> None:
        """Write every entry from ``state`` (seat 0's observation from the family's parts,
        then every other seat's hand); the game fields when next asked for."""
        np, parts = self.np, self.parts
        size = self.encoder.observation_size
        bits, copies, runs = parts.observation(
            state, parts.public(state), parts.hand_of_state(state, 0), 0
        )
        data = np.frombuffer(bits.to_bytes((size + 7) >> 3, "little"), np.uint8)
        row = np.unpackbits(data, count=size, bitorder="little").astype(np.float32)
        if copies is not None:
            row += np.frombuffer(bytes(copies[:size]), np.uint8)
        for run, values in runs:
            row[run.start : run.stop] = values
        self.buffer[self.index[0]] = row
        self.write_hands([parts.hand_of_state(state, seat) for seat in range(self.players)], 1)
        self.state = state
        self.stale = [self.has_fields] * self.players
        self.common_stale = self.has_fields
        self.kept = [[None] * len(self.own_fields) for _ in range(self.players)]
        self.kept_common = [None] * len(self.common_fields)
        self.steps.start(self, state)

    def write_hands(self, masks: Sequence[int], first: int = 0) -> None:
        """Write the hand entries of the seats from ``first`` on from their hand masks,
        ``masks`` (one per seat, from seat 0; a card's further copies in further
        blocks of the deck's cards)."""
        np, cards = self.np, self.cards
        at = self.own_at["hand"][0]
        masks = masks[first:]
        if not masks:
            return
        if max(masks) >> cards:  # (copies of cards: counted by seat)
            for seat, mask in enumerate(masks, first):
                self.write_hand(seat, mask)
            return
        width = (cards + 7) >> 3
        data = np.frombuffer(b"".join(mask.to_bytes(width, "little") for mask in masks), np.uint8)
        ones = np.unpackbits(
            data.reshape(len(masks), width), axis=1, count=cards, bitorder="little"
        )
        self.buffer[at + first * cards : at + (first + len(masks)) * cards] = ones.reshape(-1)

    def write_hand(self, seat: int, mask: int) -> None:
        """Write ``seat``'s hand entries from its hand mask (a card's further copies in
        further blocks of the deck's cards)."""
        np, cards = self.np, self.cards
        first = self.own_at["hand"][0] + seat * cards
        blocks = max(1, -(-mask.bit_length() // cards))
        data = np.frombuffer(mask.to_bytes((blocks * cards + 7) >> 3, "little"), np.uint8)
        ones = np.unpackbits(data, count=blocks * cards, bitorder="little")
        self.buffer[first : first + cards] = ones.reshape(blocks, cards).sum(axis=0)

    def _write_fields(self, seat: int) -> None:
        """Write the game's fields in ``seat``'s row: those the same for every seat if
        they are stale, and the seat's own."""
        view = None
        if self.common_stale:
            self.common_stale = False
            view = self._write(self.common_fields, self.kept_common, seat, 0, view)
        if self.own_fields:
            self._write(self.own_fields, self.kept[seat], seat, seat, view)
        self.stale[seat] = False

    def _write(
        self, fields: Sequence[Any], kept: list[Any], seat: int, block: int, view: Any
    ) -> Any:
        """Write ``fields`` as ``seat`` sees them, into their ``block`` (the seat's, for
        fields of each seat's own), those whose values differ from ``kept`` (the values
        written last, updated); the seat's view, if one was made."""
        state = self.state
        for number, (packer, first, field, of_state) in enumerate(fields):
            if of_state is not None:
                found = of_state(state, seat)
            else:
                if view is None:
                    view = self.encoder.game.observe(state, seat)
                found = field.values(view)
            was = kept[number]
            if was is found or was == found:
                continue
            known = self.packed.get(id(found))
            if known is not None and known[0] is found:
                packed = known[1]
            else:
                if len(found) != field.size:
                    raise RulesError(
                        f"the field {field.name} must give {field.size} values, not {len(found)}"
                    )
                # (packed as float32 by the C cast that to_float32 makes)
                packed = packer.pack(*map(float, found))
                if type(found) is tuple and len(self.packed) < _PACKED:
                    self.packed[id(found)] = (found, packed)
            at = first + block * packer.size
            self.bytes[at : at + packer.size] = packed
            kept[number] = found
        return view

    # -- copies and pickles: made again from the state ---------------------------------

    def __getstate__(self) -> dict[str, Any]:
        return {"encoder": self.encoder, "state": self.state}

    def __setstate__(self, data: dict[str, Any]) -> None:
        encoder = data["encoder"]
        parts = encoder._fast_parts()
        assert parts is not None  # (a tracker is made only with them)
        self._prepare(encoder, require_numpy(), parts)
        self.rewrite(data["state"])


def _runs(entries: Any) -> list[tuple[int, int]]:
    """The runs of consecutive values of ``entries``, ``(first, stop)`` each."""
    runs: list[tuple[int, int]] = []
    for entry in entries.tolist():
        if runs and runs[-1][1] == entry:
            runs[-1] = (runs[-1][0], entry + 1)
        else:
            runs.append((entry, entry + 1))
    return runs


def _hot(mv: Any, first: int, was: int | None, now: int | None) -> None:
    """A one-hot entry from ``was`` to ``now`` (``None``: none set)."""
    if was is not None:
        mv[first + was] = 0.0
    if now is not None:
        mv[first + now] = 1.0


def _seats(mv: Any, first: int, was: tuple[int, ...], now: tuple[int, ...]) -> None:
    """1.0 for each seat listed, from the seats ``was`` to ``now``."""
    for seat in set(was).symmetric_difference(now):
        mv[first + seat] = 1.0 if seat in now else 0.0


class TrickSteps:
    """The trick-taking family's steps (see the module documentation): a card played
    and a trick won in the play, written entry by entry; anything else (a phase of the
    game's own, a new deal, the end of a deal or of the game) from the state."""

    seat_fields = frozenset(
        {"trick", "leader", "taken", "voids", "to_move", "dealer", "round_scores", "scores"}
        | {"winners"}
    )
    own_fields = frozenset({"hand"})

    __slots__ = (
        "at",
        "kinds",
        "leader",
        "levels",
        "number",
        "points",
        "suit_of",
        "to_move",
        "trick",
        "width",
    )

    def __init__(self, parts: Any) -> None:
        self.width: int = parts.void_width
        # A declared deck's cards (the trick's blocks), and its copies: a hand or a
        # taken field holds a block of kinds per copy (the last copy held: the top one).
        self.kinds: int = parts.kinds
        self.levels: int = parts.width // parts.kinds
        self.trick: list[tuple[int, int]] = []
        self.leader = 0
        self.to_move: int | None = None
        self.number = 0
        self.points: tuple[int, ...] = ()
        self.suit_of: Any = ()
        self.at: tuple[int, ...] = ()

    def start(self, tracker: Tracker, state: Any) -> None:
        players = tracker.players
        trick = state.trick
        self.trick = [(seat, int(card)) for seat, card in trick.plays(players)]
        self.leader = trick.leader
        self.to_move = state.to_move
        self.number = state.trick_number
        self.points = state.round_scores
        encoder: Any = tracker.encoder
        self.suit_of = tracker.parts._suits(encoder.game.trump_of(state))  # type: ignore[attr-defined]
        at = tracker.starts
        self.at = (
            at["hand"],
            at["trick"],
            at["voids"],
            at["taken"],
            at["leader"],
            at["trick_number"] - 1,  # (trick t at entry t - 1)
            at["to_move"],
            at["round_scores"],
            tracker.cards,
            encoder.tricks,
        )

    def step(self, tracker: Tracker, state: Any, events: Sequence[Event]) -> bool:
        played: Any = None
        won: Any = None
        for event in events:
            kind = type(event)
            if kind is CardPlayed and played is None:
                played = event
            elif kind is TrickWon and won is None and played is not None:
                won = event
            elif kind is not MovePlayed:
                return False
        if played is None:
            return False
        mv = tracker.mv
        (hand_at, trick_at, voids_at, taken_at, leader_at, number_at, to_move_at, points_at) = (
            self.at[:8]
        )
        cards, kinds = self.at[8], self.kinds
        seat, card = played.seat, played.card  # (a card's int arithmetic is its index's)
        held = hand_at + cards * seat + card
        if self.levels > 1:  # (the copy that goes: the top block that holds the card)
            top = held + kinds * (self.levels - 1)
            while top > held and mv[top] != 1.0:
                top -= kinds
            held = top
        # The step follows the rows' position as far as they show: its seat is the one
        # to move, and held the card (the state's own checks are the engine's).
        if seat != self.to_move or mv[held] != 1.0:
            return False
        trick = self.trick
        if won is not None and (state.phase is not None or state.trick_number != self.number + 1):
            return False  # (a phase after the trick: written from the state)
        mv[held] = 0.0
        mv[trick_at + kinds * seat + card] = 1.0
        if trick:
            suit_of = self.suit_of
            led = suit_of[trick[0][1]]
            if suit_of[card] != led and led < self.width:  # (no void of no suit)
                mv[voids_at + self.width * seat + led] = 1.0
        trick.append((seat, card))
        to_move = state.to_move
        if won is not None:
            taken = taken_at + cards * won.seat
            if self.levels == 1:
                for who, done in trick:
                    mv[trick_at + kinds * who + done] = 0.0
                    mv[taken + done] = 1.0
            else:
                for who, done in trick:
                    mv[trick_at + kinds * who + done] = 0.0
                    at = taken + done
                    while mv[at]:  # (a copy taken before: the next copy's block)
                        at += kinds
                    mv[at] = 1.0
            trick.clear()
            # (The winner leads the next trick: the seat to move, its first card.)
            _hot(mv, leader_at, self.leader, to_move)
            self.leader = to_move
            tricks = self.at[9]
            number = self.number
            if number <= tricks:
                mv[number_at + number] = 0.0
            number += 1
            if number <= tricks:
                mv[number_at + number] = 1.0
            self.number = number
            points = state.round_scores
            if points != self.points:
                scale = tracker.encoder.scale  # type: ignore[attr-defined]
                for other, value in enumerate(points):
                    if value != self.points[other]:
                        mv[points_at + other] = clipped(value) / scale
                self.points = points
        was = self.to_move
        if to_move != was:
            if was is not None:
                mv[to_move_at + was] = 0.0
            if to_move is not None:
                mv[to_move_at + to_move] = 1.0
            self.to_move = to_move
        return True


class ShedSteps:
    """The shedding family's steps (see the module documentation): the state's public
    fields and hands compared with those written last, the entries that differ written;
    the discard pile from the cards played (read again after a reshuffle or a deal).
    Each field is read once a step, but the hand's own facts (its dealer, the cards
    dealt, the winners): those only when the hand's number changes or the game ends;
    the hand sizes come from the hands' masks that changed. On a declared deck (layout
    ``shedding/2``) the hands' masks have a block of the deck's kinds per copy, and the
    face to match is written too."""

    seat_fields = frozenset(
        {"hand_sizes", "exposed", "forfeits", "penalties", "scores", "to_move", "dealer"}
        | {"winners"}
    )
    own_fields = frozenset({"hand"})

    __slots__ = ("at", "face", "hands", "pile", "pile_size", "table")

    def __init__(self) -> None:
        self.hands: list[int] = []
        self.pile: list[int] = []
        self.pile_size = 0
        self.table: list[Any] = []
        self.at: dict[str, int] = {}
        self.face: tuple[int, int] | None = None  # (a declared deck's: where, and the face)

    def start(self, tracker: Tracker, state: Any) -> None:
        self.hands = [state.hand_mask(seat) for seat in range(tracker.players)]
        self._read_pile(tracker, state.discard)
        self.table = list(_table(state))
        self.at = at = tracker.starts
        self.face = None if "face" not in at else (at["face"], state.face)

    def _read_pile(self, tracker: Tracker, pile: Sequence[int]) -> None:
        counts = [0] * tracker.cards
        for card in pile:
            counts[card] += 1
        self.pile = counts
        self.pile_size = len(pile)

    def step(self, tracker: Tracker, state: Any, events: Sequence[Event]) -> bool:
        played: list[int] = []
        reread = False
        for event in events:
            kind = type(event)
            if kind is CardPlayed:
                played.append(event.card)  # type: ignore[attr-defined]
            elif kind is Reshuffled or kind is HandDealt:
                reread = True
        mv, at, cards = tracker.mv, self.at, tracker.cards
        pile = state.discard
        discard = at["discard"]
        if reread or self.pile_size + len(played) != len(pile):
            self._read_pile(tracker, pile)
            tracker.buffer[discard : discard + cards] = self.pile
        else:
            counts = self.pile
            for card in played:
                counts[card] += 1
                mv[discard + card] = counts[card]
            self.pile_size = len(pile)
        hands = self.hands
        hand_mask = state.hand_mask
        first, sizes = at["hand"], at["hand_sizes"]
        for seat in range(tracker.players):
            now = hand_mask(seat)
            was = hands[seat]
            if now != was:
                hands[seat] = now
                _write_cards(mv, first + cards * seat, was, now, cards)
                mv[sizes + seat] = now.bit_count() / 10
        old = self.table
        top = pile[-1] if pile else None
        if top != old[0]:
            _hot(mv, at["top"], old[0], top)
            old[0] = top
        value = state.suit
        if value != old[1]:
            _hot(mv, at["suit"], old[1], value)
            old[1] = value
        if self.face is not None:
            face_at, face = self.face
            value = state.face
            if value != face:
                _hot(mv, face_at, face, value)
                self.face = (face_at, value)
        value = state.count
        if value != old[2]:
            mv[at["count"]] = clipped(value) / 10
            mv[at["count_on"]] = 1.0 if value else 0.0
            old[2] = value
        value = state.count_out
        if value != old[3]:
            mv[at["count_out"]] = 1.0 if value else 0.0
            old[3] = value
        value = state.direction
        if value != old[4]:
            mv[at["direction"]] = 1.0 if value > 0 else -1.0
            old[4] = value
        value = state.stock_size
        if value != old[5]:
            mv[at["stock"]] = value / tracker.encoder.cards  # type: ignore[attr-defined]
            old[5] = value
        value = state.exposed
        if value is not old[6] and value != old[6]:
            _seats(mv, at["exposed"], old[6], value)
        old[6] = value
        value = state.forfeits
        if value is not old[7] and value != old[7]:
            first = at["forfeits"]
            for seat, turns in enumerate(value):
                mv[first + seat] = float(clipped(turns))
        old[7] = value
        value = state.penalties
        if value is not old[8] and value != old[8]:
            first = at["penalties"]
            for seat, points in enumerate(value):
                mv[first + seat] = clipped(points) / 100
        old[8] = value
        value = state.scores
        if value is not old[9] and value != old[9]:
            first = at["scores"]
            for seat, points in enumerate(value):
                mv[first + seat] = clipped(points) / 100
        old[9] = value
        to_move = state.to_move
        if to_move != old[10]:
            _hot(mv, at["to_move"], old[10], to_move)
            old[10] = to_move
        value = state.phase
        if value != old[11]:
            phase_at, own_at = at["phase"], at.get("own_phase")
            mv[phase_entry(old[11], phase_at, own_at)] = 0.0
            mv[phase_entry(value, phase_at, own_at)] = 1.0
            old[11] = value
        value = state.idle_turns
        if value != old[12]:
            mv[at["idle_turns"]] = clipped(value) / tracker.players
            old[12] = value
        number = state.hand_number
        if number != old[13] or to_move is None:  # (the hand's own facts)
            self._write_hand(tracker, state, number)
        return True

    def _write_hand(self, tracker: Tracker, state: Any, number: int) -> None:
        """Write the facts of the hand: its number, dealer, cards dealt, the winners."""
        mv, at, old = tracker.mv, self.at, self.table
        if number != old[13]:
            game: Any = tracker.encoder.game
            mv[at["hand_number"]] = min(1.0, number / game.hands_in_game)
            old[13] = number
        value = state.dealer
        if value != old[14]:
            _hot(mv, at["dealer"], old[14], value)
            old[14] = value
        value = state.cards_dealt
        if value != old[15]:
            mv[at["cards_dealt"]] = value / 10
            old[15] = value
        value = state.winners
        if value != old[16]:
            _seats(mv, at["winners"], old[16], value)
            old[16] = value


def _table(state: Any) -> tuple[Any, ...]:
    """The public fields of a shedding state that its observation shows (but the pile,
    the hands and their sizes), in the order :meth:`ShedSteps.step` keeps them."""
    return (
        state.top,
        state.suit,
        state.count,
        state.count_out,
        state.direction,
        state.stock_size,
        state.exposed,
        state.forfeits,
        state.penalties,
        state.scores,
        state.to_move,
        state.phase,
        state.idle_turns,
        state.hand_number,
        state.dealer,
        state.cards_dealt,
        state.winners,
    )


def _write_cards(mv: Any, first: int, was: int, now: int, cards: int) -> None:
    """A hand's entries that differ between hand masks ``was`` and ``now`` (a card's
    further copies in further blocks of ``cards`` bits)."""
    full = (1 << cards) - 1
    diff = was ^ now
    if diff <= full and now <= full:
        while diff:
            low = diff & -diff
            mv[first + low.bit_length() - 1] = 1.0 if now & low else 0.0
            diff ^= low
        return
    changed = 0
    while diff:
        changed |= diff & full
        diff >>= cards
    while changed:
        low = changed & -changed
        card = low.bit_length() - 1
        copies = 0
        rest = now >> card
        while rest:
            copies += rest & 1
            rest >>= cards
        mv[first + card] = float(copies)
        changed ^= low
