"""Cramps in lockstep: ``n`` games played together on NumPy arrays, one move per game a
step.

Each game's hands are one ``uint64`` card mask per seat (bit ``i`` for the card of index
``i``, as in :mod:`cardrules.cards`), so following suit, removing a card and deciding a
trick are a few array operations for all the games at once. A move is the card's index,
which is also its move id in :class:`~cardrules.Cramps` (``game.move_id(Play(card))``),
so masks and actions line up with the scalar engine and the learning hosts.

A game that ends starts again in place (scores to zero, seat 0 dealing), and the step
that ended it says who won; rounds that end are dealt again from the batch's own
generator. The rules are the scalar engine's, with every option of
:class:`~cardrules.Cramps` (the target, the trick values, the Queen points); the packet
pattern only orders the cards of a deal, which the batch shuffles as a whole, so it
does not change which deals come up or how often.

>>> import numpy as np
>>> from cardrules.batch import CrampsBatch
>>> batch = CrampsBatch(3, seed=7)
>>> batch.to_move.tolist(), batch.legal_mask().sum(axis=1).tolist()
([1, 1, 1], [13, 13, 13])
>>> step = batch.step(batch.random_actions())
>>> batch.to_move.tolist(), bool(step.rounds_over.any())
([2, 2, 2], False)
"""

from __future__ import annotations

from typing import cast

import attrs
import numpy as np
import numpy.typing as npt

from cardrules._text import shown
from cardrules.batch.bits import masks_to_bools, nth_set_bit, popcount
from cardrules.errors import IllegalMoveError, SetupError
from cardrules.games.cramps.rules import Cramps
from cardrules.rng import check_seed, new_seed

__all__ = ["CrampsBatch", "CrampsBatchStep"]

_PLAYERS = 4
_CARDS = 52
_QUEEN = 10  # rank index of a Queen (2 is 0, the ace 12)
_BITS = np.left_shift(np.uint64(1), np.arange(_CARDS, dtype=np.uint64))
_SUIT_MASKS = np.array([0x1FFF << (13 * suit) for suit in range(4)], dtype=np.uint64)
_CARD_IDS = np.arange(_CARDS, dtype=np.int64)

Ints = npt.NDArray[np.int64]
Masks = npt.NDArray[np.uint64]


@attrs.frozen
class CrampsBatchStep:
    """What one :meth:`CrampsBatch.step` did, one row per game.

    Attributes:
        tricks_won: the seat that won the trick a move completed, else -1.
        trick_points: the points of that trick (0 where no trick was completed).
        rounds_over: whether the move ended a round (the thirteenth trick).
        round_points: each seat's points for a round that ended (zeros elsewhere).
        games_over: whether the move ended the game; that game has started again.
        final_scores: the totals of a game that ended (zeros elsewhere).
        winners: the winning seat of a game that ended, else -1.
    """

    tricks_won: Ints
    trick_points: Ints
    rounds_over: npt.NDArray[np.bool_]
    round_points: Ints
    games_over: npt.NDArray[np.bool_]
    final_scores: Ints
    winners: Ints


class CrampsBatch:
    """``n`` games of Cramps in lockstep: every :meth:`step` plays one move in each.

    Args:
        n: how many games (at least 1).
        game: the rules and options, :class:`~cardrules.Cramps` by default.
        seed: seeds the generator behind every deal, so the same seed and actions
            replay the same games; ``None`` draws a fresh one (keep it secret while
            the games are on: it gives the deals away).

    The arrays that describe the games (``to_move``, ``scores``, ``round_scores``,
    ``dealer``, ``round_number``, ``trick_number``, :meth:`hands`) are copies: changing
    them does not change the games.

    >>> batch = CrampsBatch(2, game=Cramps(target=10), seed=1)
    >>> moves = 0
    >>> while not batch.step(batch.random_actions()).games_over[0]:
    ...     moves += 1
    >>> (moves + 1) % 52, batch.round_number[0].item()
    (0, 1)
    """

    def __init__(self, n: int, *, game: Cramps | None = None, seed: int | None = None) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise SetupError(
                f"n (the number of games) must be an int of at least 1, not {shown(n)}"
            )
        if game is None:
            game = Cramps()
        elif not isinstance(game, Cramps):
            raise SetupError(f"game must be a Cramps (with its options), not {shown(game)}")
        self.game = game
        self.n = n
        self._rng = np.random.default_rng(new_seed() if seed is None else check_seed(seed))
        self._values = np.array(game.trick_values, dtype=np.int64)
        self._rows = np.arange(n)
        # The games move in lockstep: every step plays one card in each, and every
        # round is 52 cards, so all of them are always at the same card of the same
        # trick (their rounds begin and end together; only their rounds' numbers,
        # dealers and scores differ).
        self._played = 0  # cards in the current trick
        self._trick_no = 1
        self._hands: Masks = np.zeros((n, _PLAYERS), dtype=np.uint64)
        self._trick: Ints = np.zeros((n, _PLAYERS), dtype=np.int64)  # in the order played
        self._leader: Ints = np.zeros(n, dtype=np.int64)
        self._to_move: Ints = np.zeros(n, dtype=np.int64)
        self._led: Ints = np.zeros(n, dtype=np.int64)
        self._round_scores: Ints = np.zeros((n, _PLAYERS), dtype=np.int64)
        self._scores: Ints = np.zeros((n, _PLAYERS), dtype=np.int64)
        self._dealer: Ints = np.zeros(n, dtype=np.int64)
        self._round: Ints = np.ones(n, dtype=np.int64)
        self._legal: Masks | None = None  # legal_bits, until the next step
        self._quiet = _quiet_step(n)
        self._deal()

    def __repr__(self) -> str:
        return f"CrampsBatch(n={self.n}, game={self.game!r})"

    # -- what the games look like --------------------------------------------------

    @property
    def to_move(self) -> Ints:
        """The seat to move in each game."""
        return cast(Ints, self._to_move.copy())

    @property
    def scores(self) -> Ints:
        """The totals before the current round, (n, 4)."""
        return cast(Ints, self._scores.copy())

    @property
    def round_scores(self) -> Ints:
        """The current round's points so far, (n, 4)."""
        return cast(Ints, self._round_scores.copy())

    @property
    def dealer(self) -> Ints:
        """The dealer of each game's current round."""
        return cast(Ints, self._dealer.copy())

    @property
    def round_number(self) -> Ints:
        """The number of each game's current round (1 for the first)."""
        return cast(Ints, self._round.copy())

    @property
    def trick_number(self) -> int:
        """The number of the trick being played (1 … 13), the same in every game."""
        return self._trick_no

    def hands(self) -> Masks:
        """Every seat's hand as a card mask, (n, 4) ``uint64``: the whole truth, for
        tests and for a trusted trainer; a seat's own observation is its row only."""
        return cast(Masks, self._hands.copy())

    def trick_cards(self) -> Ints:
        """The card each seat has played to the current trick, else -1, (n, 4)."""
        by_seat = np.full((self.n, _PLAYERS), -1, dtype=np.int64)
        for position in range(self._played):
            by_seat[self._rows, (self._leader + position) % _PLAYERS] = self._trick[:, position]
        return by_seat

    def legal_bits(self) -> Masks:
        """The cards the player to move may play in each game, as card masks."""
        if self._legal is None:
            self._legal = self._work_out_legal()
        return cast(Masks, self._legal.copy())

    def _work_out_legal(self) -> Masks:
        hand = self._hands[self._rows, self._to_move]
        if not self._played:
            return hand
        follow = hand & _SUIT_MASKS[self._led]
        return np.where(follow != 0, follow, hand)

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """:meth:`legal_bits` as booleans over the 52 move ids, (n, 52)."""
        return masks_to_bools(self.legal_bits())

    def random_actions(self, rng: np.random.Generator | None = None) -> Ints:
        """One legal move id per game, each uniformly among that game's legal moves,
        from ``rng`` (the batch's own generator by default)."""
        if self._legal is None:
            self._legal = self._work_out_legal()
        legal = self._legal
        picks = ((rng or self._rng).random(self.n) * popcount(legal)).astype(np.int64)
        return nth_set_bit(legal, picks)

    # -- playing ---------------------------------------------------------------------

    def step(self, actions: npt.ArrayLike) -> CrampsBatchStep:
        """Play ``actions[i]`` (a move id, the card's index) in game ``i``, for every
        game. Raises :class:`~cardrules.IllegalMoveError` (and plays nothing) if any
        action is not legal in its game, naming the first such game.

        A step that completes no trick returns the same read-only arrays each time
        (nothing won, nothing scored): copy them to change them."""
        moves = self._checked(actions)
        self._legal = None
        seats = self._to_move
        self._hands[self._rows, seats] ^= _BITS[moves]
        self._trick[:, self._played] = moves
        if not self._played:
            self._led = moves // 13
            self._leader = seats
        self._played += 1
        if self._played < _PLAYERS:
            self._to_move = (seats + 1) % _PLAYERS
            return self._quiet
        return self._complete_tricks()

    def _checked(self, actions: npt.ArrayLike) -> Ints:
        try:
            moves = np.asarray(actions)
        except (TypeError, ValueError):
            moves = np.asarray(None)
        if moves.shape != (self.n,) or moves.dtype.kind not in "iu":
            raise IllegalMoveError(
                "bad_actions",
                f"actions must be {self.n} integer move ids (0 to 51), one per game, "
                f"not {shown(actions)}",
            )
        moves = moves.astype(np.int64)
        outside = np.flatnonzero((moves < 0) | (moves >= _CARDS))
        if outside.size:
            game = int(outside[0])
            raise IllegalMoveError(
                "no_such_move", f"game {game}: {int(moves[game])} is not a move id (0 to 51)"
            )
        if self._legal is None:
            self._legal = self._work_out_legal()
        illegal = np.flatnonzero((self._legal & _BITS[moves]) == 0)
        if illegal.size:
            game = int(illegal[0])
            raise IllegalMoveError(
                "not_legal",
                f"game {game}: move {int(moves[game])} is not legal for the seat to move "
                f"(seat {int(self._to_move[game])}); legal_mask() gives the legal move ids",
            )
        return moves

    def _complete_tricks(self) -> CrampsBatchStep:
        """Rules C6, C8, C9 as every game's trick is complete; C7, C11 and the next deal
        after the thirteenth."""
        n, cards = self.n, self._trick
        following = (cards // 13) == self._led[:, None]
        winner = (self._leader + np.argmax(np.where(following, cards, -1), axis=1)) % _PLAYERS
        queens = ((cards % 13) == _QUEEN).sum(axis=1)
        points = self._values[self._trick_no - 1] + queens * self.game.queen_points
        self._round_scores[self._rows, winner] += points
        self._to_move = winner
        self._played = 0
        self._trick_no += 1
        if self._trick_no <= 13:
            q = self._quiet
            return CrampsBatchStep(
                winner,
                points,
                q.rounds_over,
                q.round_points,
                q.games_over,
                q.final_scores,
                q.winners,
            )
        round_points = self._round_scores.copy()
        totals = self._scores + round_points
        best = totals.max(axis=1)
        alone = (totals == best[:, None]).sum(axis=1) == 1
        over = alone & (best >= self.game.target)
        final_scores = np.where(over[:, None], totals, 0)
        winners = np.where(over, np.argmax(totals, axis=1), -1)
        self._scores = np.where(over[:, None], 0, totals)
        self._dealer = np.where(over, 0, (self._dealer + 1) % _PLAYERS)
        self._round = np.where(over, 1, self._round + 1)
        self._deal()
        everywhere = np.ones(n, dtype=np.bool_)
        return CrampsBatchStep(
            winner, points, everywhere, round_points, over, final_scores, winners
        )

    def _deal(self) -> None:
        """Deal 13 cards each in every game from a fresh shuffle; the dealer's left leads."""
        n = self.n
        deck = self._rng.permuted(np.broadcast_to(_CARD_IDS, (n, _CARDS)), axis=1)
        for seat in range(_PLAYERS):  # seat s gets the deck's cards 13 s to 13 s + 12
            dealt = _BITS[deck[:, 13 * seat : 13 * seat + 13]]
            self._hands[:, seat] = dealt.sum(axis=1, dtype=np.uint64)
        self._round_scores = np.zeros((n, _PLAYERS), dtype=np.int64)
        self._played = 0
        self._trick_no = 1
        self._to_move = (self._dealer + 1) % _PLAYERS


def _quiet_step(n: int) -> CrampsBatchStep:
    """What a step that completes no trick returns: read-only arrays, made once."""
    arrays = (
        np.full(n, -1, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.bool_),
        np.zeros((n, _PLAYERS), dtype=np.int64),
        np.zeros(n, dtype=np.bool_),
        np.zeros((n, _PLAYERS), dtype=np.int64),
        np.full(n, -1, dtype=np.int64),
    )
    for array in arrays:
        array.flags.writeable = False
    return CrampsBatchStep(*arrays)
