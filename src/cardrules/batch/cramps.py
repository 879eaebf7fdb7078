"""Cramps in bulk: ``n`` games played together on NumPy arrays, one move per game a
step.

Each game's hands are one ``uint64`` card mask per seat (bit ``i`` for the card of index
``i``, as in :mod:`cardrules.cards`), so following suit, removing a card and deciding a
trick are a few array operations for all the games at once. A move is the card's index,
which is also its move id in :class:`~cardrules.Cramps` (``game.move_id(Play(card))``),
so masks and actions line up with the scalar engine and the learning hosts, and
:meth:`CrampsBatch.observations` are those of Cramps' encoder
(:func:`cardrules.encoding.encoder_for`), float for float.

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

from typing import Any, cast

import attrs
import numpy as np
import numpy.typing as npt

from cardrules._text import int_text, shown
from cardrules.batch.bits import masks_to_bools, nth_card, popcount
from cardrules.batch.checks import (
    batch_size,
    generator,
    moving_games,
    per_game_bools,
    per_game_ids,
    per_game_seats,
    refuse_illegal,
    refuse_unknown,
)
from cardrules.cards import CARD_BIT, SUIT_OF_INDEX
from cardrules.encoding.vectors import POINTS_LIMIT
from cardrules.errors import RulesError, SetupError, StateError
from cardrules.games.cramps.rules import Cramps, CrampsState
from cardrules.rng import check_seed, new_seed

__all__ = ["BYTES_PER_GAME", "CrampsBatch", "CrampsBatchStep", "refuse_wide_options", "round_swing"]

_PLAYERS = 4
_CARDS = 52
_TRICKS = 13
_QUEEN = 10  # rank index of a Queen (2 is 0, the ace 12)
_BITS = np.left_shift(np.uint64(1), np.arange(_CARDS, dtype=np.uint64))
_SUIT_MASKS = np.array([0x1FFF << (13 * suit) for suit in range(4)], dtype=np.uint64)
_CARD_IDS = np.arange(_CARDS, dtype=np.int64)
# Looked up by card rather than worked out with // and % (several times slower in
# NumPy); and as four is a power of two, the next seat is (seat + 1) & _SEAT_BITS.
_SUIT_OF = _CARD_IDS // 13
_QUEEN_OF = (_CARD_IDS % 13 == _QUEEN).astype(np.int64)
_SEAT_BITS = _PLAYERS - 1
_NOBODY = -1
# Where each field of the observation starts: the trick-taking family's layout for four
# players and 52 cards, then Cramps' trick values (tests compare it with the encoder's).
_AT = {
    "trick": 52,
    "leader": 260,
    "taken": 264,
    "voids": 472,
    "trick_number": 488,
    "hand_size": 501,
    "to_move": 559,
    "dealer": 563,
    "round_scores": 567,
    "scores": 571,
    "round_number": 575,
    "trick_values": 580,
}
_SIZE = 593
BYTES_PER_GAME = 4096
"""About the memory a game of a batch takes at most: its arrays (0.4 KB) and the
largest arrays a call makes, :meth:`CrampsBatch.observations` with their temporaries
(3.2 KB a game, measured with :mod:`tracemalloc`). A batch that would need more than
:func:`~cardrules.batch.checks.memory_limit` is refused before anything is allocated."""

Ints = npt.NDArray[np.int64]
Masks = npt.NDArray[np.uint64]
Bools = npt.NDArray[np.bool_]


def round_swing(game: Cramps) -> int:
    """The most one round can move a player's total, either way, under ``game``'s
    options: up, every trick of positive value with the four Queens if they score more
    than 0; down, every trick of negative value with the four Queens if they score less
    than 0. A round's points so far, and any one trick's, stay within it too.

    >>> round_swing(Cramps())  # up 3 + 3 + 5 + 5 + 7 + 7; down 1 + 3 + 5 + 7 + 4 Queens
    30
    """
    up = sum(value for value in game.trick_values if value > 0) + 4 * max(0, game.queen_points)
    down = sum(value for value in game.trick_values if value < 0) + 4 * min(0, game.queen_points)
    return max(up, -down)


def refuse_wide_options(game: Cramps, bits: int, engine: str, advice: str = "") -> int:
    """:func:`round_swing` of ``game``, if the target and one round's swing add up to no
    more than the largest ``bits``-bit int, in which ``engine`` keeps totals; else a
    :class:`~cardrules.RulesError` saying so, and ``advice``.

    >>> refuse_wide_options(Cramps(target=2**31), 32, "CrampsJax")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cardrules.errors.RulesError: CrampsJax keeps totals in 32-bit ints, up to 2,147,483,647: ...
    """
    swing = round_swing(game)
    limit = 2 ** (bits - 1) - 1
    if game.target + swing > limit:
        raise RulesError(
            f"{engine} keeps totals in {bits}-bit ints, up to {limit:,}: the target "
            f"({int_text(game.target)}) and the most a round can move a total "
            f"({int_text(swing)}) must add up to no more than that{advice}"
        )
    return swing


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
    rounds_over: Bools
    round_points: Ints
    games_over: Bools
    final_scores: Ints
    winners: Ints


class CrampsBatch:
    """``n`` games of Cramps played together: every :meth:`step` plays one move in each
    (or in the games it is told to move).

    Args:
        n: how many games (at least 1, and at most what the machine's memory holds at
            :data:`BYTES_PER_GAME` a game: :func:`~cardrules.batch.checks.batch_size`).
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
        n = batch_size(n, BYTES_PER_GAME)
        if game is None:
            game = Cramps()
        elif not isinstance(game, Cramps):
            raise SetupError(f"game must be a Cramps (with its options), not {shown(game)}")
        refuse_wide_options(game, 64, "CrampsBatch")
        self.game = game
        self.n = n
        self._rng = np.random.default_rng(new_seed() if seed is None else check_seed(seed))
        self._values = np.array([*game.trick_values, 0], dtype=np.int64)
        self._rows = np.arange(n)
        self._hands: Masks = np.zeros((n, _PLAYERS), dtype=np.uint64)
        self._taken: Masks = np.zeros((n, _PLAYERS), dtype=np.uint64)  # by the winner
        self._voids: Ints = np.zeros((n, _PLAYERS), dtype=np.int64)  # a bit per suit
        self._trick: Ints = np.zeros((n, _PLAYERS), dtype=np.int64)  # in the order played
        self._played: Ints = np.zeros(n, dtype=np.int64)  # cards in the current trick
        self._trick_no: Ints = np.ones(n, dtype=np.int64)
        self._leader: Ints = np.zeros(n, dtype=np.int64)
        self._to_move: Ints = np.zeros(n, dtype=np.int64)
        self._led: Ints = np.zeros(n, dtype=np.int64)
        self._round_scores: Ints = np.zeros((n, _PLAYERS), dtype=np.int64)
        self._scores: Ints = np.zeros((n, _PLAYERS), dtype=np.int64)
        self._dealer: Ints = np.zeros(n, dtype=np.int64)
        self._round: Ints = np.ones(n, dtype=np.int64)
        self._legal: Masks | None = None  # legal_bits, until the next step
        # Flat views: indexing one axis by (game * 4 + seat) is several times quicker in
        # NumPy than indexing two axes by arrays.
        self._hands_f = self._hands.reshape(-1)
        self._trick_f = self._trick.reshape(-1)
        self._voids_f = self._voids.reshape(-1)
        self._seat_rows = self._rows * _PLAYERS  # where each game's seats start
        self._quiet = _quiet_step(n)
        self._deal(self._rows)

    @classmethod
    def from_state(
        cls, state: CrampsState, n: int, *, game: Cramps | None = None, seed: int | None = None
    ) -> CrampsBatch:
        """``n`` copies of one position of a game in progress (a state of ``game``, by
        default Cramps' standard rules), to play on from there in ``n`` ways: batched
        rollouts for a search from one determinized state, say. The copies deal their
        later rounds from ``seed``, not from the state's generator.

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> state = game.new_game(seed=3)
        >>> state = game.apply(state, game.legal_moves(state)[0])
        >>> batch = CrampsBatch.from_state(state, 4, seed=1)
        >>> batch.to_move.tolist(), batch.trick_cards()[0].tolist(), str(state.trick)
        ([2, 2, 2, 2], [-1, 4, -1, -1], '6♣')
        """
        if game is None:
            game = Cramps()
        elif not isinstance(game, Cramps):
            raise SetupError(f"game must be a Cramps (with its options), not {shown(game)}")
        game.check_state(state)
        if state.is_over:
            raise StateError("the game is over: there is nothing to play on from it")
        batch = cls(n, game=game, seed=seed)
        trick = state.trick
        hands = [sum(CARD_BIT[card] for card in hand) for hand in state.hands]
        batch._hands[:] = np.array(hands, dtype=np.uint64)
        for done in state.tricks:
            led = SUIT_OF_INDEX[done.cards[0]]
            for seat, card in done.plays(_PLAYERS):
                if SUIT_OF_INDEX[card] != led:
                    batch._voids[:, seat] |= 1 << led
            batch._taken[:, done.winner] |= np.uint64(sum(CARD_BIT[card] for card in done.cards))
        batch._trick[:] = 0
        for position, card in enumerate(trick.cards):
            batch._trick[:, position] = card
            seat = (trick.leader + position) % _PLAYERS
            if position and SUIT_OF_INDEX[card] != SUIT_OF_INDEX[trick.cards[0]]:
                batch._voids[:, seat] |= 1 << SUIT_OF_INDEX[trick.cards[0]]
        batch._played[:] = len(trick.cards)
        batch._trick_no[:] = state.trick_number
        batch._leader[:] = trick.leader
        batch._to_move[:] = cast(int, state.to_move)
        batch._led[:] = SUIT_OF_INDEX[trick.cards[0]] if trick.cards else 0
        batch._round_scores[:] = state.round_scores
        batch._scores[:] = state.scores
        batch._dealer[:] = state.dealer
        batch._round[:] = state.round_number
        return batch

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
    def trick_number(self) -> Ints:
        """The number of the trick being played in each game (1 … 13)."""
        return cast(Ints, self._trick_no.copy())

    def hands(self) -> Masks:
        """Every seat's hand as a card mask, (n, 4) ``uint64``: the whole truth, for
        tests and for a trusted trainer; a seat's own observation is its row only."""
        return cast(Masks, self._hands.copy())

    def trick_cards(self) -> Ints:
        """The card each seat has played to the current trick, else -1, (n, 4)."""
        by_seat = np.full((self.n, _PLAYERS), -1, dtype=np.int64)
        for position in range(_PLAYERS - 1):
            games = np.flatnonzero(self._played > position)
            seats = (self._leader[games] + position) % _PLAYERS
            by_seat[games, seats] = self._trick[games, position]
        return by_seat

    def legal_bits(self) -> Masks:
        """The cards the player to move may play in each game, as card masks."""
        if self._legal is None:
            self._legal = self._work_out_legal()
        return cast(Masks, self._legal.copy())

    def _work_out_legal(self) -> Masks:
        hand = self._hands_f.take(self._seat_rows + self._to_move)
        follow = np.where(self._played > 0, hand & _SUIT_MASKS[self._led], np.uint64(0))
        return cast(Masks, np.where(follow != 0, follow, hand))

    def legal_mask(self) -> Bools:
        """:meth:`legal_bits` as booleans over the 52 move ids, (n, 52)."""
        return masks_to_bools(self.legal_bits())

    def random_actions(self, rng: np.random.Generator | None = None) -> Ints:
        """One legal move id per game, each uniformly among that game's legal moves,
        from ``rng`` (a :class:`numpy.random.Generator`; the batch's own generator by
        default)."""
        return self._random_actions(generator(rng, self._rng))

    def _random_actions(self, rng: np.random.Generator) -> Ints:
        if self._legal is None:
            self._legal = self._work_out_legal()
        legal = self._legal
        picks = (rng.random(self.n) * popcount(legal)).astype(np.int64)
        return nth_card(legal, picks)

    def observations(self, seats: npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
        """Each game's observation for ``seats[i]`` (the seat to move by default), as
        Cramps' encoder makes it from that seat's view (593 floats a game: the layout
        ``tricks/1+cramps/2`` of :mod:`cardrules.encoding.tricks`, Cramps' trick values
        last), (n, 593) ``float32``."""
        n = self.n
        seat = self._to_move if seats is None else per_game_seats(seats, self.n, _PLAYERS)
        order = (seat[:, None] + np.arange(_PLAYERS)) % _PLAYERS  # block k: k places on
        rows = self._rows[:, None]
        at = _AT
        out = np.zeros((n, _SIZE), dtype=np.float32)
        out[:, 0:52] = masks_to_bools(self._hands[self._rows, seat])
        for position in range(_PLAYERS - 1):
            games = np.flatnonzero(self._played > position)
            block = (self._leader[games] + position - seat[games]) % _PLAYERS
            out[games, at["trick"] + 52 * block + self._trick[games, position]] = 1.0
        out[self._rows, at["leader"] + (self._leader - seat) % _PLAYERS] = 1.0
        taken = masks_to_bools(self._taken[rows, order].reshape(-1), _CARDS)
        out[:, at["taken"] : at["taken"] + 208] = taken.reshape(n, _PLAYERS * _CARDS)
        voids = (self._voids[rows, order][:, :, None] >> np.arange(4)) & 1
        out[:, at["voids"] : at["voids"] + 16] = voids.reshape(n, 16)
        out[self._rows, at["trick_number"] + self._trick_no - 1] = 1.0
        out[:, at["hand_size"]] = 1.0  # (13 cards dealt / 13 tricks)
        out[self._rows, at["to_move"] + (self._to_move - seat) % _PLAYERS] = 1.0
        out[self._rows, at["dealer"] + (self._dealer - seat) % _PLAYERS] = 1.0
        target = self.game.target
        points = np.clip(self._round_scores[rows, order], -POINTS_LIMIT, POINTS_LIMIT) / target
        out[:, at["round_scores"] : at["round_scores"] + 4] = points
        totals = np.clip(self._scores[rows, order], -POINTS_LIMIT, POINTS_LIMIT) / target
        out[:, at["scores"] : at["scores"] + 4] = totals
        out[:, at["round_number"]] = np.minimum(self._round, POINTS_LIMIT) / 10
        window = np.arange(_TRICKS)[None, :] + self._trick_no[:, None] - 1
        scale = max(1, max(abs(value) for value in self.game.trick_values))
        values = at["trick_values"]
        out[:, values : values + 13] = self._values[np.minimum(window, _TRICKS)] / scale
        return out

    # -- playing ---------------------------------------------------------------------

    def step(self, actions: npt.ArrayLike, active: npt.ArrayLike | None = None) -> CrampsBatchStep:
        """Play ``actions[i]`` (a move id, the card's index) in game ``i``, for every
        game, or only where ``active[i]`` is true (the other games' actions are not
        looked at and those games do not move). Raises
        :class:`~cardrules.IllegalMoveError` (and plays nothing) if any action played
        is not legal in its game, naming the first such game.

        A step that completes no trick returns the same read-only arrays each time
        (nothing won, nothing scored): copy them to change them."""
        moving = moving_games(active, self.n)
        moves = self._checked(actions, moving)
        self._legal = None
        # Every game moves (the usual case): whole arrays, no gathering by game.
        games: Any = slice(None) if moving is None else np.flatnonzero(moving)
        rows = self._rows if moving is None else games
        played = moves[games]
        seats = self._to_move[games]
        position = self._played[games]
        starts = self._seat_rows[games]
        places = starts + seats
        self._hands_f[places] ^= _BITS.take(played)
        self._trick_f[starts + position] = played
        suit = _SUIT_OF.take(played)
        leading = position == 0
        led = self._led[games] = np.where(leading, suit, self._led[games])
        self._leader[games] = np.where(leading, seats, self._leader[games])
        off = ~leading & (suit != led)
        self._voids_f[places[off]] |= 1 << led[off]
        # (position and seats may be views of the arrays changed last.)
        done = rows[position == _PLAYERS - 1]
        self._played[games] = position + 1
        self._to_move[games] = (seats + 1) & _SEAT_BITS
        if not done.size:
            return self._quiet
        return self._complete_tricks(done)

    def _checked(self, actions: npt.ArrayLike, moving: Bools | None) -> Ints:
        moves = per_game_ids(actions, self.n, _CARDS)
        games = None if moving is None else np.flatnonzero(moving)
        refuse_unknown(moves, _CARDS, games, actions)
        if self._legal is None:
            self._legal = self._work_out_legal()
        if moving is None:
            illegal = np.flatnonzero((self._legal & _BITS[moves]) == 0)
        else:
            safe = np.where(moving, moves, 0)
            illegal = np.flatnonzero(moving & ((self._legal & _BITS[safe]) == 0))
        refuse_illegal(illegal, moves, self._to_move)
        return moves

    def _complete_tricks(self, done: Ints) -> CrampsBatchStep:
        """Rules C6, C8, C9 in the games whose trick is complete; C7, C11 and the next
        deal after a thirteenth."""
        n = self.n
        every = done.size == n  # games that started together finish tricks together
        games: Any = slice(None) if every else done
        cards = self._trick[games]
        following = _SUIT_OF.take(cards) == self._led[games][:, None]
        index = np.argmax(np.where(following, cards, -1), axis=1)
        winner = (self._leader[games] + index) & _SEAT_BITS
        queens = _QUEEN_OF.take(cards).sum(axis=1)
        points = self._values[self._trick_no[games] - 1] + queens * self.game.queen_points
        self._round_scores[done, winner] += points
        self._taken[done, winner] |= _BITS[cards].sum(axis=1, dtype=np.uint64)
        self._to_move[games] = winner
        self._leader[games] = winner
        self._played[games] = 0
        self._trick_no[games] += 1
        q = self._quiet
        if every:
            tricks_won, trick_points = winner, points
        else:
            tricks_won = np.full(n, _NOBODY, dtype=np.int64)
            tricks_won[done] = winner
            trick_points = np.zeros(n, dtype=np.int64)
            trick_points[done] = points
        ended = done[self._trick_no[done] > _TRICKS]
        if not ended.size:
            return CrampsBatchStep(
                tricks_won, trick_points, q.rounds_over, q.round_points, q.games_over,
                q.final_scores, q.winners,
            )  # fmt: skip
        rounds_over = np.zeros(n, dtype=np.bool_)
        rounds_over[ended] = True
        round_points = np.zeros((n, _PLAYERS), dtype=np.int64)
        round_points[ended] = self._round_scores[ended]
        totals = self._scores[ended] + round_points[ended]
        best = totals.max(axis=1)
        won = ((totals == best[:, None]).sum(axis=1) == 1) & (best >= self.game.target)
        over = ended[won]
        games_over = np.zeros(n, dtype=np.bool_)
        games_over[over] = True
        final_scores = np.zeros((n, _PLAYERS), dtype=np.int64)
        final_scores[over] = totals[won]
        winners = np.full(n, _NOBODY, dtype=np.int64)
        winners[over] = np.argmax(totals[won], axis=1)
        self._scores[ended] = np.where(won[:, None], 0, totals)
        self._dealer[ended] = np.where(won, 0, (self._dealer[ended] + 1) % _PLAYERS)
        self._round[ended] = np.where(won, 1, self._round[ended] + 1)
        self._deal(ended)
        return CrampsBatchStep(
            tricks_won, trick_points, rounds_over, round_points, games_over, final_scores, winners
        )

    def _deal(self, games: Ints) -> None:
        """Deal 13 cards each in ``games`` from a fresh shuffle; the dealer's left leads."""
        deck = self._rng.permuted(np.broadcast_to(_CARD_IDS, (games.size, _CARDS)), axis=1)
        for seat in range(_PLAYERS):  # seat s gets the deck's cards 13 s to 13 s + 12
            dealt = _BITS[deck[:, 13 * seat : 13 * seat + 13]]
            self._hands[games, seat] = dealt.sum(axis=1, dtype=np.uint64)
        self._taken[games] = 0
        self._voids[games] = 0
        self._round_scores[games] = 0
        self._played[games] = 0
        self._trick_no[games] = 1
        self._to_move[games] = self._leader[games] = (self._dealer[games] + 1) % _PLAYERS

    def restart(self, games: npt.ArrayLike) -> None:
        """Start new games in place of the games where ``games`` (n booleans) is true:
        scores to zero, seat 0 dealing the first round (a host stopping games at a cap
        does this).

        >>> batch = CrampsBatch(2, seed=4)
        >>> _ = batch.step(batch.random_actions())
        >>> batch.restart([False, True])
        >>> batch.trick_cards()[:, 1] >= 0  # game 0 goes on, game 1 is dealt again
        array([ True, False])
        """
        rows = np.flatnonzero(per_game_bools(games, self.n, "games"))
        self._scores[rows] = 0
        self._dealer[rows] = 0
        self._round[rows] = 1
        self._legal = None
        self._deal(rows)

    def play_out_rounds(self, rng: np.random.Generator | None = None) -> Ints:
        """Random legal moves in every game until each has finished its current round;
        each game's points for that round, (n, 4). Batched rollouts: from
        :meth:`from_state` of one determinized position, ``n`` random endings of its
        round at once. The games go on to their next rounds afterwards.

        >>> import cardrules as cr
        >>> batch = CrampsBatch.from_state(cr.Cramps().new_game(seed=2), 3, seed=5)
        >>> points = batch.play_out_rounds()
        >>> points.shape, points.sum(axis=1).tolist()
        ((3, 4), [10, 10, 10])
        """
        chooser = generator(rng, self._rng)
        result = np.zeros((self.n, _PLAYERS), dtype=np.int64)
        pending = np.ones(self.n, dtype=np.bool_)
        while pending.any():
            step = self.step(self._random_actions(chooser), None if pending.all() else pending)
            finished = step.rounds_over & pending
            result[finished] = step.round_points[finished]
            pending &= ~finished
        return result


def _quiet_step(n: int) -> CrampsBatchStep:
    """What a step that completes no trick returns: read-only arrays, made once."""
    arrays: tuple[Any, ...] = (
        np.full(n, _NOBODY, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.bool_),
        np.zeros((n, _PLAYERS), dtype=np.int64),
        np.zeros(n, dtype=np.bool_),
        np.zeros((n, _PLAYERS), dtype=np.int64),
        np.full(n, _NOBODY, dtype=np.int64),
    )
    for array in arrays:
        array.flags.writeable = False
    return CrampsBatchStep(*arrays)
