"""The shedding family's quick paths (:class:`SheddingParts`): the entries of a
:class:`~cardrules.encoding.shedding.SheddingEncoder` observation as the bits of an int
(a card's first copy; its further copies as bytes), and the real-valued runs, from
the engine's hand masks (:mod:`cardrules.handmasks`), for :mod:`cardrules.encoding.fast`
to write into buffers and tracker rows. The information state's history (counts of
cards drawn and played, which may be any size) is written as one run of the values
the encoder's list has.

The public part of a position (:meth:`SheddingParts.public`) holds what every seat
sees the same way: the discard pile as a hand mask (kept for the next position, whose
pile usually has one card more), the top card, the suit (and on a declared deck the
face), the count and the phase as bits, and the values each seat sees from its place.

On a declared deck (layout ``shedding/2``) a hand mask has a block of the deck's
kinds per copy (:class:`~cardrules.shedding.state.CardLookup`) where the French cards'
has 52 bits; the parts read either by the encoder's :attr:`kinds
<cardrules.encoding.shedding.SheddingEncoder.kinds>`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.encoding.vectors import clipped
from cardrules.encoding.writers import PerSeat, Run, hot_bits, row_bits
from cardrules.errors import StateError
from cardrules.handmasks import hand_mask
from cardrules.shedding.engine import SheddingGame

if TYPE_CHECKING:
    from cardrules.encoding.fast import Parts
    from cardrules.encoding.info import Public
    from cardrules.encoding.shedding import SheddingEncoder

__all__ = ["SheddingParts", "has_own_phases", "phase_entry"]

_NO_CARDS: tuple[Any, ...] = ()
_ENGINE_HOOKS = ("start_of_hand", "phase_moves", "phase_apply")
"""The hooks a game with phases of its own overrides."""


def has_own_phases(game: Any) -> bool:
    """Whether ``game`` (on the shedding engine) has phases of its own: it overrides
    the engine's hooks that start and play them.

    >>> import cardrules as cr
    >>> has_own_phases(cr.Craits())
    False
    """
    kind = type(game)
    return any(getattr(kind, hook) is not getattr(SheddingGame, hook) for hook in _ENGINE_HOOKS)


def phase_entry(phase: Any, phase_at: int, own_at: int | None) -> int:
    """The entry set for ``phase`` (the engine's :class:`~cardrules.shedding.Phase` or
    a game's own, a name) in a layout whose ``phase`` field starts at ``phase_at`` and
    whose ``own_phase`` entry is ``own_at``."""
    if type(phase) is str:
        if own_at is None:
            raise StateError(
                f"the phase {phase!r} is none of the shedding engine's, and the game does "
                "not say it has phases of its own (start_of_hand, phase_moves, phase_apply)"
            )
        return own_at
    return phase_at + int(phase)


class SheddingParts:
    """A :class:`~cardrules.encoding.fast.FastParts` of a
    :class:`~cardrules.encoding.shedding.SheddingEncoder` (made once per encoder; its
    kept answer depends only on what it is asked, so any caller may use it).

    >>> import cardrules as cr
    >>> from cardrules.encoding import SheddingEncoder
    >>> game = cr.Craits(players=3, decks=2)
    >>> parts = SheddingParts(SheddingEncoder(game))
    >>> state = game.new_game(seed=1)
    >>> hand = parts.hand_of_state(state, 0)
    >>> bits, copies, runs = parts.observation(state, parts.public(state), hand, 0)
    >>> bits & (1 << 52) - 1 == hand & (1 << 52) - 1   # the hand's first copies
    True
    """

    def __init__(self, encoder: SheddingEncoder) -> None:
        self.encoder = encoder
        self.game = encoder.game
        self.players = players = encoder.players
        self.cards = encoder.cards
        self.kinds = kinds = encoder.kinds
        self.full = (1 << kinds) - 1
        """The mask of every card's first copy."""
        self.byte_of_copies = (1 << kinds * 255) - 1
        """The largest mask whose copies of a card the writer counts in a byte (255: the
        first copy's bit and the further copies' byte add up in a byte)."""
        # (masks of blocks of 52 bits are the hand masks of handmasks: made at once)
        self.mask = hand_mask if kinds == 52 else encoder._mask
        self.with_card = encoder._with_card
        self.size = encoder.observation_size
        start = {field.name: field.start for field in encoder.info_fields}
        self.order = tuple(
            tuple((seat + k) % players for k in range(players)) for seat in range(players)
        )
        self.hand_at = start["hand"]
        self.discard_at = start["discard"]
        self.top_at = start["top"]
        self.suit = row_bits(start["suit"], encoder.field("suit").size)
        face_at = start.get("face")
        self.face: tuple[int, ...] | None = (
            None if face_at is None else row_bits(face_at, encoder.field("face").size)
        )
        self.count_on = 1 << start["count_on"]
        self.count_out = 1 << start["count_out"]
        self.phase_at = start["phase"]
        self.own_phase_at: int | None = start.get("own_phase")
        self.exposed = hot_bits(start["exposed"], players)
        self.to_move = hot_bits(start["to_move"], players)
        self.dealer = hot_bits(start["dealer"], players)
        self.winners = hot_bits(start["winners"], players)
        self.count = Run(start["count"], 1)
        # direction, stock and hand_sizes lie one after the other; so do forfeits,
        # penalties and scores, and hand_number, cards_dealt and idle_turns.
        self.table = Run(start["direction"], 2 + players)
        assert start["hand_sizes"] == start["direction"] + 2
        self.totals = Run(start["forfeits"], 3 * players)
        assert start["scores"] == start["forfeits"] + 2 * players
        self.hand = Run(start["hand_number"], 3)
        assert start["idle_turns"] == start["hand_number"] + 2
        self.history_run = Run(self.size, encoder.info_state_size - self.size)
        self.draws_run = Run(start["draws"], players)
        self.seen_totals = PerSeat(players, self._totals)
        self.known: tuple[tuple[Any, ...], int] = (_NO_CARDS, 0)

    # -- the protocol ---------------------------------------------------------------

    def hand_of_state(self, state: Any, seat: int) -> int:
        hand: int = state.hand_mask(seat)
        return hand

    def hand_of_view(self, view: Any) -> int:
        return self.mask(view.hand)

    def public(self, source: Any) -> tuple[Any, ...]:
        """``(pile, bits, sizes, totals, to_move, dealer, exposed, winners, count,
        hand)``: the discard pile as a hand mask, the entries no seat sees otherwise
        as bits, each seat's hand size, forfeits, penalties and scores (absolute
        seats), and the values every seat sees alike."""
        pile = self._pile(source.discard)
        count = source.count
        top, suit = source.top, source.suit
        bits = 0 if top is None else 1 << (self.top_at + top)
        if suit is not None:
            bits |= self.suit[suit]
        if self.face is not None:
            bits |= self.face[source.face]
        if count:
            bits |= self.count_on
        if source.count_out:
            bits |= self.count_out
        bits |= 1 << phase_entry(source.phase, self.phase_at, self.own_phase_at)
        players = self.players
        direction = 1.0 if source.direction > 0 else -1.0
        stock = source.stock_size / self.cards
        sizes = source.hand_sizes
        totals = (source.forfeits, source.penalties, source.scores)
        hand = (
            min(1.0, source.hand_number / self.game.hands_in_game),
            source.cards_dealt / 10,
            clipped(source.idle_turns) / players,
        )
        return (
            pile,
            bits,
            (direction, stock, sizes),
            totals,
            source.to_move,
            source.dealer,
            source.exposed,
            source.winners,
            (clipped(count) / 10,),
            hand,
        )

    def observation(self, source: Any, public: Any, hand: int, seat: int) -> Parts:
        pile, bits, table, totals, to_move, dealer, exposed, winners, count, numbers = public
        full = self.full
        bits |= ((hand & full) << self.hand_at) | ((pile & full) << self.discard_at)
        copies = None
        if hand > full or pile > full:
            kinds = self.kinds
            copies = bytearray(self.size)
            _copies(copies, self.hand_at, hand >> kinds, kinds)
            _copies(copies, self.discard_at, pile >> kinds, kinds)
        if to_move is not None:
            bits |= self.to_move[seat][to_move]
        bits |= self.dealer[seat][dealer]
        for other in exposed:
            bits |= self.exposed[seat][other]
        for winner in winners:
            bits |= self.winners[seat][winner]
        order = self.order[seat]
        direction, stock, sizes = table
        seen = [direction, stock]
        seen += [sizes[other] / 10 for other in order]
        points = self.seen_totals.get(totals, seat)
        runs = (
            (self.count, count),
            (self.table, seen),
            (self.totals, points),
            (self.hand, numbers),
        )
        return bits, copies, runs

    def history(self, public: Public, own: Any, seat: int, parts: Parts) -> Parts:
        p: Any = public
        bits, copies, runs = parts
        more = bytearray(self.encoder.info_state_size)
        if copies is not None:
            more[: len(copies)] = copies
        dealt, drawn = own
        at, kinds, full = self.size, self.kinds, self.full
        blocks = [(at, dealt), (at + kinds, drawn)]
        blocks += [
            (at + (2 + k) * kinds, p.played[other]) for k, other in enumerate(self.order[seat])
        ]
        for start, mask in blocks:
            if mask > self.byte_of_copies:  # (counts past a byte: the list's values, a run)
                values = self.encoder._history(public, own, seat)
                return bits, copies, (*runs, (self.history_run, values))
            bits |= (mask & full) << start
            if mask > full:
                _copies(more, start, mask >> kinds, kinds)
        draws = p.draws
        counted = [clipped(draws[other]) / 10 for other in self.order[seat]]
        return bits, more, (*runs, (self.draws_run, counted))

    # -- kept answers -----------------------------------------------------------------

    def _totals(self, totals: tuple[Any, Any, Any], seat: int) -> list[float]:
        """The forfeits, penalties and scores as ``seat`` sees them (by relative seat),
        as the encoder's list has them."""
        forfeits, penalties, scores = totals
        order = self.order[seat]
        points = [float(clipped(forfeits[other])) for other in order]
        points += [clipped(penalties[other]) / 100 for other in order]
        points += [clipped(scores[other]) / 100 for other in order]
        return points

    def _pile(self, discard: tuple[Any, ...]) -> int:
        """The discard pile as a hand mask; the last pile asked for is kept, and a pile
        that is it with one more card on top is worked out from it."""
        known, mask = self.known
        if discard is known:
            return mask
        if len(discard) == len(known) + 1 and discard[:-1] == known:
            mask = self.with_card(mask, discard[-1])
        else:
            mask = self.mask(discard)
        self.known = (discard, mask)
        return mask


def _copies(copies: bytearray, at: int, rest: int, kinds: int) -> None:
    """Add the further copies of a hand mask's cards (``rest``: its blocks of ``kinds``
    bits after the first) to ``copies`` at the entries from ``at``."""
    full = (1 << kinds) - 1
    while rest:
        block = rest & full
        while block:
            low = block & -block
            copies[at + low.bit_length() - 1] += 1
            block ^= low
        rest >>= kinds
