"""Cramps' information states and observations written straight into NumPy buffers
(:meth:`InfoState.array(out=...) <cardrules.encoding.info.InfoState.array>`): the 0/1
entries as the bits of one int, unpacked at once, then the real-valued runs (the
trick values, the points); see :mod:`cardrules.encoding.writers` for how a writer
works and why the buffer holds exactly the list's ``float32`` values."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.encoding.writers import Run, Writer, hot_bits, row_bits, seat_blocks

if TYPE_CHECKING:
    from cardrules.encoding.info import Public
    from cardrules.games.cramps.encoder import CrampsEncoder

__all__ = ["CrampsWriter"]

_NO_PLAYS: tuple[tuple[int, int], ...] = ()


class CrampsWriter(Writer):
    """Writes Cramps' vectors into buffers (see :mod:`cardrules.games.cramps.encoder` for
    the layout)."""

    def __init__(self, encoder: CrampsEncoder, np: Any) -> None:
        super().__init__(encoder, np)
        start = self.starts
        self.cramps = encoder
        self.trick_at = seat_blocks(start["trick"], 4)
        self.leader = hot_bits(start["leader"], 4)
        self.to_move = hot_bits(start["to_move"], 4)
        self.dealer = hot_bits(start["dealer"], 4)
        self.winners = hot_bits(start["winners"], 4)
        # By trick number - 1, as the encoder's tables (the 14th: the game is over).
        self.number = (*row_bits(start["trick_number"], 13), 0)
        self.windows = encoder._windows
        self.values = Run(start["trick_values"], 13)
        # round_scores, scores and round_number lie one after the other.
        first = start["round_scores"]
        self.reals = Run(first, start["round_number"] + 1 - first)
        self.known: tuple[tuple[tuple[int, int], ...], int, tuple[int, ...]]
        self.known = (_NO_PLAYS, 0, (0,) * 4)

    def write(
        self, out: Any, public: Public, private: Any, seat: int, history: bool, contiguous: bool
    ) -> None:
        p: Any = public
        bits = self._bits(p, private & ~p.played, seat)
        if history:
            bits |= self._history_bits(p, private, seat)
        self.unpack(out, bits)
        self.values.put(out, contiguous, self.windows[p.trick_number - 1])
        points = self.cramps._points(p.round_scores, p.scores, p.round_number, seat)
        self.reals.put(out, contiguous, points)

    def _bits(self, p: Any, hand: int, seat: int) -> int:
        """The observation's 0/1 entries, as bits."""
        start = self.starts
        bits: int = hand << start["hand"]
        leader = p.leader
        trick_at = self.trick_at[seat]
        for i, card in enumerate(p.trick):
            bits |= 1 << (trick_at[(leader + i) % 4] + card)
        bits |= self.leader[seat][leader]
        taken, voids = p.taken, p.voids
        at, void_at = start["taken"], start["voids"]
        for other in self.cramps._order[seat]:
            bits |= (taken[other] << at) | (voids[other] << void_at)
            at += 52
            void_at += 4
        bits |= self.number[p.trick_number - 1]
        if p.to_move is not None:
            bits |= self.to_move[seat][p.to_move]
        bits |= self.dealer[seat][p.dealer]
        for winner in p.winners:
            bits |= self.winners[seat][winner]
        return bits

    def _history_bits(self, p: Any, dealt: int, seat: int) -> int:
        """The dealt hand and the cards played, by who played them and by trick."""
        start = self.starts
        tricks, by_seat = self._plays(p.plays)
        bits = (dealt << start["dealt"]) | (tricks << start["played_in"])
        at = start["played_by"]
        for other in self.cramps._order[seat]:
            bits |= by_seat[other] << at
            at += 52
        return bits

    def _plays(self, plays: tuple[tuple[int, int], ...]) -> tuple[int, tuple[int, ...]]:
        """The cards of ``plays`` (``(card, seat)`` in play order) by trick (bit ``52
        * (trick - 1) + card``) and by seat (absolute: a card mask each). The answer
        for the last plays asked for is kept, and plays that go on from them are
        worked out from it: a host asks at every step, and the round's plays only
        grow (the answer depends on nothing else, so any caller may use it)."""
        known, tricks, by_seat = self.known
        if plays is known:
            return tricks, by_seat
        done = len(known)
        if len(plays) < done or plays[:done] != known:
            done, tricks, by_seat = 0, 0, (0,) * 4
        seats = list(by_seat)
        for i in range(done, len(plays)):
            card, who = plays[i]
            tricks |= 1 << (52 * (i >> 2) + card)
            seats[who] |= 1 << card
        by_seat = tuple(seats)
        self.known = (plays, tricks, by_seat)
        return tricks, by_seat
