"""The Cramps side of :class:`~cardrules.encoding.arrays.ObservationArrays`: where each
entry of an observation lies in the tracker's rows (:class:`CrampsTables`, made once
per encoder and shared) and the rows of one game, written step by step
(:class:`CrampsRows`). The Craits side is :mod:`cardrules.encoding._craitsarrays`.

Seats are absolute here; the tables hold, for an entry about seat ``s``, its index in
each observer's row (where ``s`` is ``(s - observer) % 4`` places on). What one play
or one trick changes is written with a few NumPy assignments of precomputed index
arrays (``flat[indices] = values``): one per play, a few per trick."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules._kept import KeptByIdentity
from cardrules.cards import SUIT_OF_INDEX
from cardrules.encoding.vectors import clipped, require_numpy, to_float32
from cardrules.errors import StateError
from cardrules.events import CardPlayed, Event, GameOver, HandScored, MovePlayed, TrickWon

if TYPE_CHECKING:
    from cardrules.games.cramps.encoder import CrampsEncoder

__all__: list[str] = []

_PLAYERS = 4
_SEATS = range(_PLAYERS)
_SUIT = tuple(int(s) for s in SUIT_OF_INDEX)


class CrampsTables:
    """Where each entry of a Cramps observation lies in a tracker's flat array (row
    ``o`` is seat ``o``'s observation), and the rows of a round before its deal."""

    def __init__(self, encoder: CrampsEncoder, np: Any) -> None:
        self.encoder = encoder
        self.np = np
        self.size = size = encoder.observation_size
        start = {field.name: field.start for field in encoder.fields}
        assert start["hand"] == 0

        def at(field: str, seat: int, width: int = 1, offset: int = 0) -> list[int]:
            # The entry of seat `seat` in every observer's row (blocks `width` wide).
            return [o * size + start[field] + width * ((seat - o) % 4) + offset for o in _SEATS]

        def indices(*parts: list[int]) -> Any:
            return np.array([i for part in parts for i in part], dtype=np.intp)

        self.hand = [s * size for s in _SEATS]
        # play[s][card]: the hand's card and s's turn (to 0), the trick's card and the
        # next seat's turn (to 1).
        self.play = [
            [
                indices(
                    [s * size + c], at("to_move", s), at("trick", s, 52, c), at("to_move", s + 1)
                )
                for c in range(52)
            ]
            for s in _SEATS
        ]
        self.play_values = _values(np, 5, 8)
        self.void = [[indices(at("voids", s, 4, u)) for u in range(4)] for s in _SEATS]
        self.void_values = _values(np, 0, 4)
        # collect[w][s][card]: the card s played, out of the trick (to 0) and into
        # the cards w has taken (to 1).
        self.collect = [
            [
                [indices(at("trick", s, 52, c), at("taken", w, 52, c)) for c in range(52)]
                for s in _SEATS
            ]
            for w in _SEATS
        ]
        self.collect_values = _values(np, 4, 4)
        # new_turn[a][b] (a != b): a's entries as leader and to move (to 0), b's (to 1).
        turn = [at("leader", s) + at("to_move", s) for s in _SEATS]
        self.new_turn = [[indices(turn[a], turn[b]) for b in _SEATS] for a in _SEATS]
        self.new_turn_values = _values(np, 8, 8)
        self.round_scores = [indices(at("round_scores", s)) for s in _SEATS]
        self.to_move = [indices(at("to_move", s)) for s in _SEATS]
        self.winners = [indices(at("winners", s)) for s in _SEATS]
        self.target = encoder._target
        number = start["trick_number"]
        assert start["trick_values"] == number + 13
        self.number_slice = slice(number, number + 26)
        # By trick number - 1: the one-hot number then the values' window.
        self.number_rows = np.array(
            [(*encoder._numbers[n], *encoder._windows[n]) for n in range(14)],
            dtype=np.float32,
        )
        # For the start of a round: every row before its hands and the rest are
        # written (the trick number 1 and its values), and opening[leader][dealer],
        # the entries then set to 1.
        self.template = np.zeros((_PLAYERS, size), dtype=np.float32)
        self.template[:, self.number_slice] = self.number_rows[0]
        self.opening = [[indices(turn[s], at("dealer", d)) for d in _SEATS] for s in _SEATS]
        self.opening_values = _values(np, 0, 12)
        # rotation[o][k]: the seat k places after observer o.
        self.rotation = np.array([[(o + k) % 4 for k in _SEATS] for o in _SEATS], dtype=np.intp)
        self.scores_slice = slice(start["scores"], start["scores"] + 4)
        self.round_scores_slice = slice(start["round_scores"], start["round_scores"] + 4)
        self.round_number = start["round_number"]

    def __copy__(self) -> CrampsTables:
        return self

    def __deepcopy__(self, memo: object) -> CrampsTables:
        return self  # never changed once made: shared by every tracker of its encoder

    def __reduce__(self) -> tuple[Any, ...]:
        # Made again for the encoder (they hold the NumPy module, which does not pickle).
        return (_cramps_tables_again, (self.encoder,))


def _cramps_tables_again(encoder: CrampsEncoder) -> CrampsTables:
    """Unpickle :class:`CrampsTables`: the encoder's own."""
    return cramps_tables(encoder, require_numpy())


def _values(np: Any, zeros: int, ones: int) -> Any:
    """``zeros`` 0.0 then ``ones`` 1.0, as ``float32``."""
    return np.array([0.0] * zeros + [1.0] * ones, dtype=np.float32)


class CrampsRows:
    """Every seat's observation of one Cramps game as one row of a ``float32`` array
    (``data``), and the part of the position the rows were written from: the trick's
    leader and plays, whose turn it is, the trick and round numbers, the round's
    points (seats absolute)."""

    remade_on_error = True
    """Whether a step :meth:`update` refuses has still moved the rows on (made again
    from its state)."""

    __slots__ = (
        "_encoder",
        "data",
        "flat",
        "leader",
        "number",
        "round_number",
        "round_scores",
        "t",
        "to_move",
        "trick",
    )

    def __init__(self, tables: CrampsTables, encoder: CrampsEncoder, state: Any) -> None:
        self.t = tables
        self._encoder = encoder
        self.data: Any = tables.np.empty((_PLAYERS, tables.size), dtype=tables.np.float32)
        self.flat: Any = self.data.reshape(-1)  # a view of the same memory
        self.leader = 0
        self.trick: list[tuple[int, int]] = []
        self.to_move: int | None = None
        self.number = 1
        self.round_number = 1
        self.round_scores = [0, 0, 0, 0]
        self.start(state)

    def observation(self, seat: int) -> Any:
        """A copy of ``seat``'s row."""
        return self.data[seat].copy()

    def __getstate__(self) -> dict[str, Any]:
        # Without ``flat``, a view of ``data`` that a copy must make again of its own.
        return {name: getattr(self, name) for name in self.__slots__ if name != "flat"}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name, value in data.items():
            setattr(self, name, value)
        self.flat = self.data.reshape(-1)

    def start(self, state: Any) -> None:
        """Write every row for ``state``: at the start of a round from its dealt hands,
        otherwise from each seat's view (as the encoder writes them)."""
        if state._tricks or state._cards or state._deal._winners:
            self._from_views(state)
        else:
            self._deal(state)
        self.leader = state._leader
        self.trick = [(int(card), (state._leader + i) % 4) for i, card in enumerate(state._cards)]
        self.to_move = state.to_move
        self.number = len(state._tricks) + 1
        self.round_number = state._deal._number
        self.round_scores = list(state._round_scores)

    def _deal(self, state: Any) -> None:
        """The rows at the start of a round (no card played yet): the template, the
        hands, who leads (and is to move) and deals, the points and the round number."""
        t, np, data = self.t, self.t.np, self.data
        deal = state._deal
        data[:] = t.template
        masks = [dealt & state._left for dealt in deal._dealt]
        bits = np.unpackbits(np.array(masks, dtype="<u8").view(np.uint8), bitorder="little")
        data[:, :52] = bits.reshape(_PLAYERS, 64)[:, :52]
        self.flat[t.opening[state._leader][deal._dealer]] = t.opening_values
        self._write_points(state)
        data[:, t.round_number] = clipped(deal._number) / 10

    def _write_points(self, state: Any) -> None:
        """Write the round's points and the game totals (every seat, every row)."""
        t, np = self.t, self.t.np
        target = t.target
        scores = np.array([clipped(points) / target for points in state._deal._scores])
        self.data[:, t.scores_slice] = scores[t.rotation]
        round_scores = np.array([points / target for points in state._round_scores])
        self.data[:, t.round_scores_slice] = round_scores[t.rotation]

    def _from_views(self, state: Any) -> None:
        """Every row made again from its seat's view, as the encoder makes it."""
        encoder = self._encoder
        # One view for the public part; each seat's own part is its hand, the same
        # mask as its view's hand (its dealt cards still held), as the encoder reads.
        public = encoder._start_public(encoder.game.observe(state, 0))
        deal, left = state._deal, state._left
        for seat in _SEATS:
            snapshot = encoder._snapshot(public, deal._dealt[seat] & left)
            self.data[seat] = to_float32(encoder._observe(snapshot, seat))

    def update(self, state: Any, events: Sequence[Event]) -> None:
        """Apply a step's events (its state is ``state``); raises
        :class:`~cardrules.StateError`, after writing every row from ``state``, if
        the step does not follow the rows' position."""
        over = False
        for event in events:
            kind = type(event)
            if kind is CardPlayed:
                if not self._play(event.seat, event.card):  # type: ignore[attr-defined]
                    self.number = -1  # not a step of this position: see below
                    break
            elif kind is TrickWon:
                self._won(event.seat, event.points, event.number)  # type: ignore[attr-defined]
            elif kind is GameOver:
                over = True
            elif kind is not MovePlayed and kind is not HandScored:  # a new deal: rare
                self._check_round(state)
                self.start(state)  # (the plays above are written again with the rest)
                return
        if (
            len(state._tricks) + 1 != self.number
            or len(state._cards) != len(self.trick)
            or state._deal._number != self.round_number
        ):
            self.start(state)
            raise StateError(
                "this step does not follow the arrays' position: they were made again "
                "from its state (give each step once, in order)"
            )
        if over:
            self._finish(state)

    def _play(self, seat: int, card: int) -> bool:
        """A card played by ``seat``; ``False`` (nothing changed) if it was not that
        seat's turn, or not a card it held, as the rows show."""
        t, flat = self.t, self.flat
        if seat != self.to_move or flat[t.hand[seat] + card] != 1.0:
            return False
        flat[t.play[seat][card]] = t.play_values
        trick = self.trick
        if trick:
            led = _SUIT[trick[0][0]]
            if _SUIT[card] != led:
                flat[t.void[seat][led]] = t.void_values
        trick.append((card, seat))
        self.to_move = (seat + 1) % 4
        return True

    def _won(self, winner: int, points: int, number: int) -> None:
        """Trick ``number`` won by ``winner``, for ``points`` (after its 4th card, whose
        player's left, the leader, is to move as far as :meth:`_play` knows)."""
        t, flat = self.t, self.flat
        collect, values = t.collect[winner], t.collect_values
        for card, seat in self.trick:
            flat[collect[seat][card]] = values
        self.trick = []
        if winner != self.leader:
            flat[t.new_turn[self.leader][winner]] = t.new_turn_values
        self.leader = self.to_move = winner
        if points:
            self.round_scores[winner] += points
            flat[t.round_scores[winner]] = self.round_scores[winner] / t.target
        self.number = number + 1
        self.data[:, t.number_slice] = t.number_rows[number]

    def _finish(self, state: Any) -> None:
        """The end of the game, after the last trick: nobody to move, the round's
        points as counted, the totals and the winners."""
        t, flat = self.t, self.flat
        flat[t.to_move[self.leader]] = 0.0
        self.to_move = None
        self._write_points(state)
        self.round_scores = list(state._round_scores)
        for winner in state._deal._winners:
            flat[t.winners[winner]] = 1.0

    def _check_round(self, state: Any) -> None:
        was, number = self.round_number, state._deal._number
        if number != was and number != was + 1:
            self.start(state)
            raise StateError(
                f"this step does not follow the arrays' position: they were at round "
                f"{was}, the step's state is at round {number} (the arrays were made "
                "again from it)"
            )


_CRAMPS: KeptByIdentity[CrampsTables] = KeptByIdentity()


def cramps_tables(encoder: CrampsEncoder, np: Any) -> CrampsTables:
    """The tables of ``encoder`` (made once per encoder and shared by its trackers)."""
    tables = _CRAMPS.get(encoder)
    return _CRAMPS.keep(encoder, CrampsTables(encoder, np)) if tables is None else tables
