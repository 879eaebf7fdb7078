"""Craits in bulk: ``n`` games played together on NumPy arrays, one move per game a
step.

Each seat's hand is a ``uint64`` mask of the cards it holds (bit ``i`` for the card of
index ``i``, as in :mod:`cardrules.cards`): with one deck that is the hand, and with two
or three decks per-card counts, ``(n, players, 52)`` ``uint8``, say how many copies.
The stock is an array of card indexes with its top at the end, the discard pile below
its top card per-card counts (a reshuffle needs only which cards it holds). Moves are
Craits' move ids (``game.move_id``: a card played, with the suit an 8 names and the
"one card" call, a draw, a suit named for a turned-up 8, an answer in the one-card
deal, an idiot call), so masks and actions line up with the scalar engine and the
learning hosts, and :meth:`CraitsBatch.observations` are those of Craits' encoder
(:func:`cardrules.encoding.encoder_for`), float for float.

The rules are the scalar engine's under every option of :class:`~cardrules.Craits`:
2 to 10 players, 1 to 3 decks, any card table (it refuses rows that make the next
player draw, ``draws``), the count, draws, reshuffles and their shuffle pressure, idiot
calls (the seat to move makes them; a batch has no out-of-turn moves) or automatic
penalties, blocked hands, 15 hands (or 8) and their scoring. A game
that ends starts again in place; the step that ended it says who won. The first dealer
is drawn uniformly among the seats, which is what the draw for first dealer (K2) gives:
the seats are alike in it.

>>> import numpy as np
>>> import cardrules as cr
>>> from cardrules.batch import CraitsBatch
>>> batch = CraitsBatch(3, game=cr.Craits(players=3), seed=7)
>>> batch.legal_mask().shape, batch.hand_number.tolist()
((3, 533), [1, 1, 1])
>>> step = batch.step(batch.random_actions())
>>> bool(step.hands_over.any()), int(batch.hand_sizes().sum(axis=1).min()) >= 21
(False, True)
"""

from __future__ import annotations

from typing import Any, cast

import attrs
import numpy as np
import numpy.typing as npt

from cardrules._text import shown
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
from cardrules.encoding.vectors import POINTS_LIMIT
from cardrules.errors import RulesError, SetupError, StateError
from cardrules.games.craits.rules import Craits
from cardrules.games.craits.scoring import ALONE_THREE_POINTS, OUT_POINTS
from cardrules.games.craits.state import CraitsState
from cardrules.rng import check_seed, new_seed
from cardrules.shedding.core import Action

__all__ = ["CraitsBatch", "CraitsBatchStep", "bytes_per_game"]

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Counts = npt.NDArray[np.uint8]
Masks = npt.NDArray[np.uint64]

_CARDS = 52
# Move ids (Craits' all_moves): plays, plays naming a suit, the same saying "one card",
# then Draw, Pass, NameSuit x 4, Announce and the idiot calls (caller, target).
_NAMING, _SAYING, _DRAW, _PASS, _NAME, _ANNOUNCE, _CALLS = 52, 260, 520, 521, 522, 526, 527
# Phases, as the scalar engine's Phase.
_PLAY_PHASE, _NAME_PHASE, _ANNOUNCE_PHASE = 0, 1, 2
# The moves of the other phases (a suit, or answers) beyond the one counted as a draw,
# and the move ids of the play phase (a draw), the naming phase (a suit) and the answers.
_PHASE_MORE = np.array([0, 3, 1])
_PHASE_IDS = np.array([520, 520, 520, 520, 522, 523, 524, 525, 526, 521, 521, 521])
# Card functions as small ints.
_NONE, _SKIP, _OTHERS, _AGAIN, _TWO_ALONG, _WILD, _KEEP, _REVERSE = range(8)
_ACTION_CODE = {
    Action.NONE: _NONE,
    Action.SKIP: _SKIP,
    Action.OTHERS_DRAW: _OTHERS,
    Action.PLAY_AGAIN: _AGAIN,
    Action.TWO_ALONG_DRAWS: _TWO_ALONG,
    Action.WILD: _WILD,
    Action.WILD_KEEP_SUIT: _KEEP,
    Action.REVERSE: _REVERSE,
}
_KIND_PLAY, _KIND_DRAW, _KIND_ANSWER, _KIND_NAME, _KIND_CALL = range(5)
_COUNT_ROW = 52  # the row of the matching table used while the count runs
_NO_PLAY_ROW = 53  # (the plays' tables) outside the play phase
_BITS = np.left_shift(np.uint64(1), np.arange(_CARDS, dtype=np.uint64))
_ZERO = np.uint64(0)
# The most a card may score or add to the count, either way: a game's totals (15 hands of
# up to 156 cards left in hand) then stay far inside the batch's 64-bit ints.
_CARD_NUMBER_LIMIT = 2**50


def bytes_per_game(game: Craits, record_shuffles: bool = False) -> int:
    """About the memory a game of a :class:`CraitsBatch` under ``game`` takes at most:
    its arrays and the largest arrays a call makes (a deal's per-card counts, the
    legal mask, the observations, with their temporaries), which grow with the players
    and the cards in the deck. Measured with :mod:`tracemalloc`, from 1.8 KB a game
    (two players) to 8.2 KB (ten players, three decks); this is 13% to 31% above.
    ``record_shuffles`` adds the first deal's record (each later shuffle adds as much
    again, which no bound can foresee). A batch that would need more than
    :func:`~cardrules.batch.checks.memory_limit` is refused before anything is allocated.

    >>> bytes_per_game(Craits(players=4))
    4048
    """
    cards = 52 * (game.decks or 1)
    kept = 8 * cards + 64 if record_shuffles else 0
    return 512 + 832 * game.players + 4 * cards + kept


@attrs.frozen
class CraitsBatchStep:
    """What one :meth:`CraitsBatch.step` did, one row per game.

    Attributes:
        hands_over: whether the move ended a hand (the next one is dealt already).
        hand_points: each seat's points for a hand that ended (zeros elsewhere).
        games_over: whether the move ended the game; that game has started again.
        final_scores: the totals of a game that ended (zeros elsewhere).
        winners: the seats with the lowest total of a game that ended (ties share
            the win, K25), (n, players) booleans.
    """

    hands_over: Bools
    hand_points: Ints
    games_over: Bools
    final_scores: Ints
    winners: Bools


class CraitsBatch:
    """``n`` games of Craits played together: every :meth:`step` plays one move in each
    (or in the games it is told to move).

    Args:
        n: how many games (at least 1, and at most what the machine's memory holds at
            :func:`bytes_per_game` a game: :func:`~cardrules.batch.checks.batch_size`).
        game: the rules and options, :class:`~cardrules.Craits` (4 players) by default.
        seed: seeds the generator behind every deal and reshuffle, so the same seed
            and actions replay the same games; ``None`` draws a fresh one (keep it
            secret while the games are on: it gives the cards away).
        record_shuffles: keep every shuffle's order, top card first (each deal's deck,
            each new stock), per game: :meth:`shuffles` gives them, for replaying the
            games through :class:`~cardrules.ExplicitChance`.

    The arrays that describe the games are copies: changing them does not change the
    games.

    >>> batch = CraitsBatch(2, game=Craits(players=2, short_game=True), seed=1)
    >>> hands = 0
    >>> while not batch.step(batch.random_actions()).games_over[0]:
    ...     pass
    >>> batch.hand_number[0].item(), batch.scores[0].tolist()
    (1, [0, 0])
    """

    def __init__(
        self,
        n: int,
        *,
        game: Craits | None = None,
        seed: int | None = None,
        record_shuffles: bool = False,
    ) -> None:
        if game is None:
            game = Craits()
        elif type(game) is not Craits:
            raise SetupError(
                f"game must be a Craits (with its options; a subclass may change the "
                f"engine's policies, which the batch does not follow), not {shown(game)}"
            )
        if not isinstance(record_shuffles, bool):
            raise SetupError(f"record_shuffles must be True or False, not {shown(record_shuffles)}")
        _refuse_card_table(game)
        n = batch_size(n, bytes_per_game(game, record_shuffles))
        self.game = game
        self.n = n
        players = self.players = game.players
        self._rng = np.random.default_rng(new_seed() if seed is None else check_seed(seed))
        self._tables(game)
        self._schedule = np.array(game.schedule, dtype=np.int64)
        self._deck_cards = np.array([int(card) for card in game.deck.cards()], dtype=np.int16)
        self._copies = game.decks or 1
        self._rows = np.arange(n)
        size = self._deck_cards.size
        # With one deck the mask of the cards held is the hand; with more, the counts
        # say how many copies (kept only then).
        self._counted = (game.decks or 1) > 1
        self._hands: Counts = np.zeros((n if self._counted else 0, players, _CARDS), np.uint8)
        self._sizes: Ints = np.zeros((n, players), dtype=np.int64)
        self._held: Masks = np.zeros((n, players), dtype=np.uint64)  # the cards held, once
        self._stock = np.zeros((n, size), dtype=np.int16)  # top card last
        self._stock_len: Ints = np.zeros(n, dtype=np.int64)
        self._pile: Counts = np.zeros((n, _CARDS), dtype=np.uint8)  # below the top card
        self._pile_len: Ints = np.zeros(n, dtype=np.int64)
        self._top: Ints = np.zeros(n, dtype=np.int64)
        self._suit: Ints = np.zeros(n, dtype=np.int64)
        self._direction: Ints = np.ones(n, dtype=np.int64)
        self._to_move: Ints = np.zeros(n, dtype=np.int64)
        self._phase: Ints = np.zeros(n, dtype=np.int64)
        self._count: Ints = np.zeros(n, dtype=np.int64)
        self._count_out: Bools = np.zeros(n, dtype=np.bool_)
        # The seats exposed with one card unannounced (K16), bit s for seat s: one
        # number a game, cleared by every play and draw.
        self._exposed: Ints = np.zeros(n, dtype=np.int64)
        self._forfeits: Ints = np.zeros((n, players), dtype=np.int64)
        self._idle: Ints = np.zeros(n, dtype=np.int64)
        self._penalties: Ints = np.zeros((n, players), dtype=np.int64)
        self._scores: Ints = np.zeros((n, players), dtype=np.int64)
        self._hand_no: Ints = np.ones(n, dtype=np.int64)
        self._dealer: Ints = np.zeros(n, dtype=np.int64)
        # Flat views: indexing one axis by (game * players + seat) is several times
        # quicker in NumPy than indexing two or three axes by arrays.
        self._hands_f = self._hands.reshape(-1)
        self._held_f = self._held.reshape(-1)
        self._sizes_f = self._sizes.reshape(-1)
        self._forfeits_f = self._forfeits.reshape(-1)
        self._stock_f = self._stock.reshape(-1)
        self._pile_f = self._pile.reshape(-1)
        self._seat_rows = self._rows * players  # where each game's seats start
        self._record = record_shuffles
        self._shuffles: list[list[tuple[int, ...]]] = [[] for _ in range(n)]
        self._playable: tuple[Masks, Masks] | None = None  # until the next step
        self._picked: Ints | None = None  # random_actions' last, legal until the next step
        self._report: dict[str, Any] | None = None
        # The hands that ended during a step, (games, blocked), scored together at its end.
        self._ended: list[tuple[Ints, bool]] = []
        self._quiet = _quiet_step(n, players)
        self._new_games(self._rows)

    @classmethod
    def from_state(
        cls,
        state: CraitsState,
        n: int,
        *,
        game: Craits | None = None,
        seed: int | None = None,
        record_shuffles: bool = False,
    ) -> CraitsBatch:
        """``n`` copies of one position of a game in progress (a state of ``game``, by
        default Craits' standard rules), to play on from there in ``n`` ways: batched
        rollouts for a search from one determinized state, say. The copies draw from
        the state's stock in its order; a reshuffle and the later hands' deals come
        from ``seed``, not from the state's generator.

        >>> import cardrules as cr
        >>> game = cr.Craits(players=3)
        >>> state = game.new_game(seed=3)
        >>> state = game.apply(state, game.legal_moves(state)[0])
        >>> batch = CraitsBatch.from_state(state, 4, game=game, seed=1)
        >>> batch.to_move.tolist() == [state.to_move] * 4
        True
        >>> batch.hand_sizes()[0].tolist() == [len(hand) for hand in state.hands]
        True
        """
        if game is None:
            game = Craits()
        batch = cls(n, game=game, seed=seed, record_shuffles=record_shuffles)
        game = batch.game
        game.check_state(state)
        if state.is_over:
            raise StateError("the game is over: there is nothing to play on from it")
        players, table = batch.players, state.table
        counts = np.zeros((players, _CARDS), dtype=np.uint8)
        for seat, hand in enumerate(table.hands):
            np.add.at(counts[seat], np.array(hand, dtype=np.int64), 1)
        if batch._counted:
            batch._hands[:] = counts
        batch._held[:] = _masks_of(counts > 0)
        batch._sizes[:] = [len(hand) for hand in table.hands]
        stock = [int(card) for card in reversed(table.stock)]  # the batch's top card last
        batch._stock[:, : len(stock)] = stock
        batch._stock_len[:] = len(stock)
        pile = np.zeros(_CARDS, dtype=np.uint8)
        np.add.at(pile, np.array(table.discard[:-1], dtype=np.int64), 1)
        batch._pile[:] = pile
        batch._pile_len[:] = len(table.discard) - 1
        batch._top[:] = int(table.discard[-1])
        batch._suit[:] = int(table.suit)
        batch._direction[:] = table.direction
        batch._to_move[:] = cast(int, state.to_move)
        batch._phase[:] = int(state.phase)
        batch._count[:] = state.count
        batch._count_out[:] = state.count_out
        batch._exposed[:] = sum(1 << seat for seat in set(state.exposed))
        batch._forfeits[:] = state.forfeits
        batch._idle[:] = state.idle_turns
        batch._penalties[:] = state.penalties
        batch._scores[:] = state.scores
        batch._hand_no[:] = state.hand_number
        batch._dealer[:] = state.dealer
        if record_shuffles:
            batch._shuffles = [[] for _ in range(batch.n)]  # the first deal was not this one
        return batch

    def _tables(self, game: Craits) -> None:
        """The card table looked up by card index, and the matching rule (K7, K8, K12)
        for every suit to follow and top rank, as boolean rows over the 52 cards."""
        rules = game.card_table.by_card()
        self._action = np.array([_ACTION_CODE[rule.action] for rule in rules], dtype=np.int64)
        self._adds = np.array([rule.count for rule in rules], dtype=np.int64)
        self._starts = np.array([rule.starts_count for rule in rules], dtype=np.bool_)
        self._names = self._action == _WILD  # a wild card that names a suit
        self._acts = ~np.isin(self._action, (_NONE, _WILD, _KEEP))  # does something
        wild = self._names | (self._action == _KEEP)
        cards = np.arange(_CARDS)
        allowed = np.zeros((53, _CARDS), dtype=np.bool_)
        for suit in range(4):
            for rank in range(13):
                allowed[13 * suit + rank] = (cards // 13 == suit) | (cards % 13 == rank) | wild
        allowed[_COUNT_ROW] = self._adds > 0
        self._allowed = (allowed * _BITS).sum(axis=1, dtype=np.uint64)
        self._names_bits = np.uint64((self._names * _BITS).sum(dtype=np.uint64))
        # The same split in the plays that name a suit (wild cards, outside the count)
        # and the others, with a row of no plays (outside the play phase) at the end.
        naming = np.zeros(_NO_PLAY_ROW + 1, dtype=np.uint64)
        naming[:_COUNT_ROW] = self._allowed[:_COUNT_ROW] & self._names_bits
        self._allowed_naming = naming
        self._allowed_plain = np.append(self._allowed, _ZERO) ^ naming
        self._rank_of = np.arange(_CARDS, dtype=np.int64) % 13
        points = np.array([rule.points for rule in rules[:13]], dtype=np.int64)
        self._points = points  # by rank index, 2 first
        cancels = [r for r in range(13) if r != 1 and (game.threes_cancel_eights or r != 6)]
        # Threes cancel the highest-scoring cards first (ties: any order, same sum).
        self._cancel_order = np.array(sorted(cancels, key=lambda r: -points[r]), dtype=np.int64)
        # Each move id's kind, and for plays the card, the suit to follow after it (-1:
        # the suit in force stays, a wild card that keeps it) and whether it says "one
        # card".
        ids = np.arange(_CALLS + game.players * (game.players - 1))
        plain = np.where(ids >= _SAYING, ids - _SAYING, ids)
        names = plain >= _NAMING
        card = np.where(names, (plain - _NAMING) // 4, plain) % _CARDS
        own = np.where(self._action[card] == _KEEP, -1, card // 13)
        self._id_card = card
        self._id_suit = np.where(names, (plain - _NAMING) % 4, own)
        self._id_say = ids >= _SAYING
        kind = np.full(ids.size, _KIND_CALL, dtype=np.int64)
        kind[:_DRAW] = _KIND_PLAY
        kind[_DRAW] = _KIND_DRAW
        kind[_PASS] = kind[_ANNOUNCE] = _KIND_ANSWER
        kind[_NAME:_ANNOUNCE] = _KIND_NAME
        self._id_kind = kind

    def __repr__(self) -> str:
        return f"CraitsBatch(n={self.n}, game={self.game!r})"

    # -- what the games look like --------------------------------------------------

    @property
    def to_move(self) -> Ints:
        """The seat to move in each game."""
        return cast(Ints, self._to_move.copy())

    @property
    def scores(self) -> Ints:
        """The totals so far, shuffle-pressure penalties included, (n, players)."""
        return cast(Ints, self._scores.copy())

    @property
    def penalties(self) -> Ints:
        """Each seat's last shuffle-pressure penalty (K19), (n, players)."""
        return cast(Ints, self._penalties.copy())

    @property
    def dealer(self) -> Ints:
        """The dealer of each game's current hand."""
        return cast(Ints, self._dealer.copy())

    @property
    def hand_number(self) -> Ints:
        """The number of each game's current hand (1 … 15)."""
        return cast(Ints, self._hand_no.copy())

    @property
    def direction(self) -> Ints:
        """The direction of play: 1 clockwise, -1 counter-clockwise."""
        return cast(Ints, self._direction.copy())

    @property
    def count(self) -> Ints:
        """The running count's value (0 when no count runs)."""
        return cast(Ints, self._count.copy())

    @property
    def top_card(self) -> Ints:
        """The top card of each discard pile (its index)."""
        return cast(Ints, self._top.copy())

    @property
    def suit(self) -> Ints:
        """The suit to follow (0 clubs … 3 spades)."""
        return cast(Ints, self._suit.copy())

    @property
    def stock_size(self) -> Ints:
        """How many cards each stock holds."""
        return cast(Ints, self._stock_len.copy())

    def hands(self) -> Counts:
        """Every seat's cards as counts per card index, (n, players, 52) ``uint8``: the
        whole truth, for tests and a trusted trainer."""
        return self._counts(slice(None))

    def _counts(self, g: Any) -> Counts:
        """The hands of games ``g`` as counts, (len(g), players, 52)."""
        if self._counted:
            return cast(Counts, self._hands[g].copy())
        held = self._held[g]
        return masks_to_bools(held.reshape(-1)).reshape(*held.shape, _CARDS).astype(np.uint8)

    def hand_sizes(self) -> Ints:
        """How many cards each seat holds, (n, players)."""
        return cast(Ints, self._sizes.copy())

    def shuffles(self, game: int) -> list[tuple[int, ...]]:
        """With ``record_shuffles``: game ``game``'s shuffles so far, in order, each a
        card order top first (a deal's whole deck, or a new stock), what
        :class:`~cardrules.ExplicitChance` asks for at its chance nodes."""
        if not self._record:
            raise SetupError("shuffles are kept only with CraitsBatch(..., record_shuffles=True)")
        if isinstance(game, bool) or not isinstance(game, int) or not 0 <= game < self.n:
            raise SetupError(f"game must be an int from 0 to {self.n - 1}, not {shown(game)}")
        return list(self._shuffles[game])

    def observations(self, seats: npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
        """Each game's observation for ``seats[i]`` (the seat to move by default), as
        Craits' encoder makes it from that seat's view (the shedding family's layout,
        ``shedding/1`` of :mod:`cardrules.encoding.shedding`, ``172 + 8 P`` floats a
        game), (n, that) ``float32``."""
        n, players = self.n, self.players
        seat = self._to_move if seats is None else per_game_seats(seats, self.n, self.players)
        rows = self._rows
        order = (seat[:, None] + np.arange(players)) % players  # slot k: k places on
        flat = self._seat_rows[:, None] + order
        hands_in_game = self.game.hands_in_game
        out = np.zeros((n, 172 + 8 * players), dtype=np.float32)
        at = self._seat_rows + seat
        if self._counted:
            out[:, 0:52] = self._hands.reshape(-1, _CARDS)[at]
        else:
            out[:, 0:52] = masks_to_bools(self._held_f[at])
        out[:, 52:104] = self._pile
        out[rows, 52 + self._top] += 1.0
        out[rows, 104 + self._top] = 1.0
        out[rows, 156 + self._suit] = 1.0
        out[:, 160] = np.clip(self._count, -POINTS_LIMIT, POINTS_LIMIT) / 10
        out[:, 161] = self._count > 0
        out[:, 162] = self._count_out
        out[:, 163] = np.where(self._direction > 0, 1.0, -1.0)
        out[:, 164] = self._stock_len / self._deck_cards.size
        block = 165
        for values in (
            self._sizes_f[flat] / 10,
            (self._exposed[:, None] >> order) & 1,
            np.clip(self._forfeits_f[flat], 0, POINTS_LIMIT),
            np.clip(self._penalties.reshape(-1)[flat], 0, POINTS_LIMIT) / 100,
            np.clip(self._scores.reshape(-1)[flat], -POINTS_LIMIT, POINTS_LIMIT) / 100,
        ):
            out[:, block : block + players] = values
            block += players
        out[rows, block + (self._to_move - seat) % players] = 1.0
        out[rows, block + players + (self._dealer - seat) % players] = 1.0
        block += 2 * players
        out[rows, block + self._phase] = 1.0
        out[:, block + 4] = np.minimum(1.0, self._hand_no / hands_in_game)
        out[:, block + 5] = self._schedule[self._hand_no - 1] / 10
        out[:, block + 6] = self._idle / players
        return out  # (the winners' slots stay 0: a game that ends starts again)

    # -- legal moves -----------------------------------------------------------------

    def _work_out_playable(self) -> tuple[Masks, Masks]:
        """The cards the seat to move may play, as card masks: those that do not name a
        suit and those that do (wild cards outside the count); none outside the play
        phase."""
        if self._playable is None:
            row = 13 * self._suit + self._rank_of.take(self._top)
            counting = np.flatnonzero(self._count > 0)
            row[counting] = _COUNT_ROW
            row[np.flatnonzero(self._phase != _PLAY_PHASE)] = _NO_PLAY_ROW
            held = self._held_f.take(self._seat_rows + self._to_move)
            plain = self._allowed_plain.take(row) & held
            self._playable = plain, self._allowed_naming.take(row) & held
        return self._playable

    def num_move_ids(self) -> int:
        """The number of Craits move ids under these rules (the masks' width)."""
        return _CALLS + self.players * (self.players - 1)

    def legal_mask(self) -> Bools:
        """The legal moves of the seat to move in each game, as booleans over Craits'
        move ids, (n, :meth:`num_move_ids`): the ids of ``game.legal_moves``."""
        n, players = self.n, self.players
        plain_plays, named = self._work_out_playable()
        playable = plain_plays | named
        naming = masks_to_bools(named)
        plain = masks_to_bools(plain_plays)
        say = (self._sizes[self._rows, self._to_move] == 2)[:, None]
        mask = np.zeros((n, self.num_move_ids()), dtype=np.bool_)
        mask[:, :_NAMING] = plain
        mask[:, _NAMING:_SAYING] = np.repeat(naming, 4, axis=1)
        mask[:, _SAYING : _SAYING + _NAMING] = plain & say
        mask[:, _SAYING + _NAMING : _DRAW] = np.repeat(naming & say, 4, axis=1)
        mask[:, _DRAW] = (self._phase == _PLAY_PHASE) & (playable == 0)
        mask[:, _PASS] = mask[:, _ANNOUNCE] = self._phase == _ANNOUNCE_PHASE
        mask[:, _NAME:_ANNOUNCE] = (self._phase == _NAME_PHASE)[:, None]
        if self.game.idiot_calls == "manual":
            seat_bits = self._callable()[:, None] >> np.arange(players)
            games, targets = np.nonzero(seat_bits & 1)
            callers = self._to_move[games]
            ids = _CALLS + callers * (players - 1) + targets - (targets > callers)
            mask[games, ids] = True
        return mask

    def _callable(self) -> Ints:
        """The seats the seat to move may call "idiot" on (K17), as seat bits."""
        return cast(Ints, self._exposed & ~(1 << self._to_move))

    def random_actions(self, rng: np.random.Generator | None = None) -> Ints:
        """One legal move id per game, each uniformly among that game's legal moves,
        from ``rng`` (a :class:`numpy.random.Generator`; the batch's own generator by
        default)."""
        return self._random_actions(generator(rng, self._rng))

    def _random_actions(self, rng: np.random.Generator) -> Ints:
        # Where selections (np.where) are arithmetic here, and the % and // of the
        # obvious code shifts and tables: on random conditions those are several times
        # slower in NumPy than a multiply.
        plain, named = self._work_out_playable()
        singles = popcount(plain)
        plays = singles + 4 * popcount(named)
        say = 1 + (self._sizes_f.take(self._seat_rows + self._to_move) == 2)  # say it or not
        offered = plays * say
        phase = self._phase
        other_phases = bool(phase.any())  # (the play phase is 0)
        fixed = plays == 0  # a draw (or the other phases' moves, where plays is 0)
        if other_phases:
            fixed = fixed + _PHASE_MORE.take(phase)
        manual = self.game.idiot_calls == "manual"
        callable_ = self._callable() if manual and self._exposed.any() else None
        total = offered + fixed
        if callable_ is not None:
            total += popcount(callable_.view(np.uint64))
        pick = (rng.random(self.n) * total).astype(np.int64)
        in_plays = pick < offered
        saying = pick >= plays  # the second half of the plays says "one card"
        within = (pick - plays * saying) * in_plays  # (0 elsewhere: a card exists)
        single = within < singles
        beyond = within - singles  # among the plays naming a suit: card and suit
        card = nth_card(
            named + (plain - named) * single.astype(np.uint64),
            (beyond >> 2) + single * (within - (beyond >> 2)),
        )
        play_ids = card + ~single * (_NAMING + 3 * card + (beyond & 3)) + _SAYING * saying
        rest = pick - offered
        if other_phases:
            fixed_ids = _PHASE_IDS.take(4 * phase + np.clip(rest, 0, 3))
            actions = fixed_ids + in_plays * (play_ids - fixed_ids)
        else:
            actions = _DRAW + in_plays * (play_ids - _DRAW)
        if callable_ is not None:
            calling = ~in_plays & (rest >= fixed)
            if calling.any():
                games = np.flatnonzero(calling)
                seat_bits = (callable_[games, None] >> np.arange(self.players)) & 1
                order = np.cumsum(seat_bits, axis=1)
                target = (order <= (rest - fixed)[games, None]).sum(axis=1)
                caller = self._to_move[games]
                actions[games] = _CALLS + caller * (self.players - 1) + target - (target > caller)
        self._picked = actions.copy()
        return cast(Ints, actions)

    # -- playing ---------------------------------------------------------------------

    def step(self, actions: npt.ArrayLike, active: npt.ArrayLike | None = None) -> CraitsBatchStep:
        """Play ``actions[i]`` (a move id) in game ``i``, for every game, or only where
        ``active[i]`` is true (the other games' actions are not looked at and those
        games do not move). Raises :class:`~cardrules.IllegalMoveError` (and plays
        nothing) if any action played is not legal in its game, naming the first such
        game.

        A step that ends no hand returns the same read-only arrays each time (nothing
        scored): copy them to change them."""
        moving = moving_games(active, self.n)
        games = self._rows if moving is None else np.flatnonzero(moving)
        moves = self._checked(actions, games)
        self._playable = self._picked = None
        self._report = None
        kind = self._id_kind[moves]
        playing = kind == _KIND_PLAY
        if playing.all():
            self._plays(games, moves)
        else:
            self._plays(games[playing], moves[playing])
            draws = kind == _KIND_DRAW
            if draws.any():
                self._draws(games[draws])
            if (kind > _KIND_DRAW).any():
                for code, run in (
                    (_KIND_ANSWER, self._answers),
                    (_KIND_NAME, self._named),
                    (_KIND_CALL, self._calls),
                ):
                    selected = kind == code
                    if selected.any():
                        run(games[selected], moves[selected])
        if self._ended:
            ended, self._ended = self._ended, []
            self._end_hands(
                np.concatenate([g for g, _ in ended]),
                np.concatenate([np.full(g.size, blocked) for g, blocked in ended]),
            )
        report, self._report = self._report, None
        if report is None:
            return self._quiet
        return CraitsBatchStep(
            report["hands_over"],
            report["hand_points"],
            report["games_over"],
            report["final_scores"],
            report["winners"],
        )

    def _checked(self, actions: npt.ArrayLike, games: Ints) -> Ints:
        """The actions of ``games``, each checked legal."""
        ids = self.num_move_ids()
        array = per_game_ids(actions, self.n, ids)
        picked = self._picked
        if picked is not None and np.array_equal(array, picked):
            return picked[games]  # random_actions' own, legal in this position
        refuse_unknown(array, ids, games, actions)
        moves = array[games]
        refuse_illegal(games[np.flatnonzero(~self._legal_of(games, moves))], array, self._to_move)
        return moves

    def _legal_of(self, games: Ints, moves: Ints) -> Bools:
        """Whether each move is legal in its game (what legal_mask says, for one id)."""
        plain, named = self._work_out_playable()
        playable = plain | named
        phase = self._phase[games]
        say = moves >= _SAYING
        plain = np.where(say, moves - _SAYING, moves)
        naming = plain >= _NAMING
        card = np.where(naming, (plain - _NAMING) // 4, plain) % _CARDS
        names = self._names[card] & (self._count[games] == 0)
        legal = (
            (moves < _DRAW)
            & ((playable[games] >> card.astype(np.uint64)) & np.uint64(1)).astype(np.bool_)
            & (naming == names)
            & (~say | (self._sizes_f.take(self._seat_rows[games] + self._to_move[games]) == 2))
        )
        legal |= (moves == _DRAW) & (phase == _PLAY_PHASE) & (playable[games] == 0)
        legal |= ((moves == _PASS) | (moves == _ANNOUNCE)) & (phase == _ANNOUNCE_PHASE)
        legal |= (moves >= _NAME) & (moves < _ANNOUNCE) & (phase == _NAME_PHASE)
        calling = moves >= _CALLS
        if calling.any() and self.game.idiot_calls == "manual":
            caller, target = self._call_of(moves[calling])
            chosen = games[calling]
            exposed = (self._exposed[chosen] >> target) & 1 == 1
            legal[calling] = (caller == self._to_move[chosen]) & exposed
        return cast(Bools, legal)

    def _call_of(self, moves: Ints) -> tuple[Ints, Ints]:
        """The caller and the target of idiot-call move ids."""
        caller, index = np.divmod(moves - _CALLS, self.players - 1)
        return caller, index + (index >= caller)

    # -- the moves -------------------------------------------------------------------

    def _plays(self, g: Ints, moves: Ints) -> None:
        """K7-K15: cards played (``moves`` are play ids)."""
        if not g.size:
            return
        players = self.players
        say = self._id_say[moves]
        card = self._id_card[moves]
        seat = self._to_move[g]
        at = self._seat_rows[g] + seat
        if self._counted:
            cell = at * _CARDS + card
            copies = self._hands_f.take(cell) - 1
            self._hands_f[cell] = copies
            self._held_f[at] ^= np.where(copies == 0, _BITS[card], _ZERO)
        else:
            self._held_f[at] ^= _BITS[card]
        left = self._sizes_f.take(at) - 1
        self._sizes_f[at] = left
        self._pile_f[g * _CARDS + self._top[g]] += 1
        self._pile_len[g] += 1
        self._top[g] = card
        action = self._action[card]
        suit = self._id_suit[moves]
        self._suit[g] = np.where(suit >= 0, suit, self._suit[g])
        self._exposed[g] = 0
        self._idle[g] = 0
        direction = self._direction[g]
        after = (seat + direction) % players
        count = self._count[g]
        counting = count > 0
        starting = ~counting & self._starts[card]
        in_count = counting | starting
        if in_count.any():
            self._count[g] = np.where(in_count, count + self._adds[card], 0)
        self._count_out[g] |= in_count & (left == 0)
        out = ~in_count & (left == 0)
        if out.any():  # K15: the hand ends, a last 5 or 7 making others draw first
            gone = g[out]
            draws = (action[out] == _OTHERS) | (action[out] == _TWO_ALONG)
            if draws.any():
                self._carry_out(gone[draws], seat[out][draws], action[out][draws])
            self._ended.append((gone, False))
            keep = ~out
            g, seat, card, action, after, in_count, left, say = (
                g[keep], seat[keep], card[keep], action[keep], after[keep], in_count[keep],
                left[keep], say[keep],
            )  # fmt: skip
        acting = ~in_count & self._acts[card]
        if acting.any():
            after[acting] = self._carry_out(g[acting], seat[acting], action[acting])
        silent = (left == 1) & ~say
        if silent.any():
            self._expose(g[silent], seat[silent])
        self._advance(g, after)

    def _draws(self, g: Ints) -> None:
        """K9, K13, K14, K20, K21: a draw by a player who cannot play."""
        seat = self._to_move[g]
        self._exposed[g] = 0
        value = self._count[g]
        counting = value > 0
        drawn = self._draw(g, seat, np.where(counting, value, 1))
        self._idle[g] = np.where(drawn > 0, 0, self._idle[g] + 1)
        self._count[g] = 0
        ending = counting & self._count_out[g]
        if ending.any():  # K14, V6: somebody went out during the count
            ended = g[ending]
            if self.game.continue_after_count_out:
                ending[ending] = ~(self._sizes[ended] > 0).all(axis=1)
                self._count_out[ended] = False
                ended = g[ending]
            if ended.size:
                self._ended.append((ended, False))
            g, seat = g[~ending], seat[~ending]
        blocked = self._idle[g] >= self.players
        if blocked.any():  # K21
            self._ended.append((g[blocked], True))
            g, seat = g[~blocked], seat[~blocked]
        self._advance(g, (seat + self._direction[g]) % self.players)

    def _answers(self, g: Ints, moves: Ints) -> None:
        """V4: "one card" said (Announce) or not (Pass) on receiving the card."""
        seat = self._to_move[g]
        silent = moves == _PASS
        if silent.any():
            self._expose(g[silent], seat[silent])
        last = seat == self._dealer[g]
        if last.any():
            self._turn_up(g[last])
        others = ~last
        self._to_move[g[others]] = (seat[others] + self._direction[g[others]]) % self.players

    def _named(self, g: Ints, moves: Ints) -> None:
        """K6, K8: the dealer names the suit for a turned-up 8."""
        self._suit[g] = moves - _NAME
        self._phase[g] = _PLAY_PHASE
        self._advance(g, (self._to_move[g] + self._direction[g]) % self.players)

    def _calls(self, g: Ints, moves: Ints) -> None:
        """K17: the seat to move calls "idiot"; it keeps the turn."""
        _, target = self._call_of(moves)
        self._exposed[g] &= ~(1 << target)
        self._penalize(g, target)

    # -- the mechanics ---------------------------------------------------------------

    def _carry_out(self, g: Ints, seat: Ints, action: Ints) -> Ints:
        """A card function for ``seat`` (the table's); the seat that moves next."""
        players = self.players
        direction = self._direction[g]
        after = (seat + direction) % players
        skip = action == _SKIP
        after[skip] = (seat[skip] + 2 * direction[skip]) % players
        again = action == _AGAIN
        after[again] = seat[again]
        turn = action == _REVERSE
        if turn.any():
            self._direction[g[turn]] = -direction[turn]
            after[turn] = (seat[turn] - direction[turn]) % players
        others = action == _OTHERS
        along = action == _TWO_ALONG
        drawing = others | along
        if drawing.any():
            self._draws_in_turn(g[drawing], seat[drawing], direction[drawing], others[drawing])
        return after

    def _draws_in_turn(self, g: Ints, seat: Ints, direction: Ints, others: Ints) -> None:
        """K10, K11: for a 5 (``others``) every other player draws a card in playing
        order from the next player, else (a 7) the player two along draws one (the
        other player of two); all the draws as one :meth:`_draw`."""
        players = self.players
        each = players - 1  # a 5's draws
        if players == 2 or not others.any():  # one draw a game, one seat along
            along = 1 if players == 2 else np.where(others, 1, 2)
            self._draw(g, (seat + along * direction) % players, np.ones(g.size, dtype=np.int64))
            return
        count = np.where(others, each, 1)
        games = np.repeat(g, count)
        # Each draw's place in its game's turn: 0, 1, ... for a 5, 0 for a 7.
        turn = np.arange(games.size) - np.repeat(np.cumsum(count) - count, count)
        steps = np.where(np.repeat(others, count), turn + 1, 2)
        seats = (np.repeat(seat, count) + steps * np.repeat(direction, count)) % players
        self._draw(games, seats, np.ones(games.size, dtype=np.int64), in_turn=True)

    def _draw(self, g: Ints, seat: Ints, wanted: Ints, *, in_turn: bool = False) -> Ints:
        """K19, K20: each ``seat[i]`` draws ``wanted[i]`` cards in game ``g[i]``; returns
        how many each got. With ``in_turn`` a game may come more than once, its draws
        next to each other in ``g`` and made in that order (a seat at most once a game).

        A stock that runs out is shuffled anew from the pile (K19, the penalty for the
        seat whose draw found it empty), and with no pile the draws stop short (K20).
        After a reshuffle the pile is empty, so one draw needs at most one."""
        if in_turn:
            before, last = _in_turn(g, wanted)
        else:
            before, last = np.zeros_like(wanted), None
        stock = self._stock_len[g]
        top = stock - before  # the stock's height when each draw comes
        if (wanted <= top).all():
            self._take(g, seat, wanted, top, last)
            return wanted
        got: Ints = np.clip(top, 0, wanted)
        self._take(g, seat, got, top, last)
        # The draws that found the stock short, one a game, and those after them.
        short = np.flatnonzero((top >= 0) & (top < wanted))
        short = short[self._pile_len[g[short]] > 0]
        self._reshuffle(g[short], seat[short])
        rest = np.flatnonzero(got < wanted)
        games, wanted_rest = g[rest], wanted[rest] - got[rest]
        if in_turn:
            before, last = _in_turn(games, wanted_rest)
        else:
            before, last = np.zeros_like(wanted_rest), None
        top = self._stock_len[games] - before
        more = np.clip(top, 0, wanted_rest)
        self._take(games, seat[rest], more, top, last)
        got[rest] += more
        return got

    def _take(self, g: Ints, seat: Ints, wanted: Ints, top: Ints, last: Ints | None) -> None:
        """``seat[i]`` takes ``wanted[i]`` cards from the stock of game ``g[i]`` when
        it is ``top[i]`` high (it holds them); ``last`` (None: all) are the indexes of
        each game's last draw, which set the stock's new height."""
        if not g.size:
            return
        left = np.maximum(top - wanted, 0)
        if last is None:
            self._stock_len[g] = left
        else:
            self._stock_len[g[last]] = left[last]
        most = int(wanted.max())
        if most == 0:
            return
        if most == 1:  # the usual draws, a card each
            if not wanted.all():
                some = np.flatnonzero(wanted)
                g, seat, top = g[some], seat[some], top[some]
            card = self._stock_f.take(g * self._stock.shape[1] + top - 1)
            at = self._seat_rows[g] + seat
            if self._counted:
                self._hands_f[at * _CARDS + card] += 1
            self._held_f[at] |= _BITS[card]
            self._sizes_f[at] += 1
            self._idle[g] = 0
            return
        games, seats = np.repeat(g, wanted), np.repeat(seat, wanted)
        starts = np.cumsum(wanted) - wanted
        taken = np.arange(games.size) - np.repeat(starts, wanted)
        card = self._stock[games, np.repeat(top, wanted) - 1 - taken]
        if self._counted:
            np.add.at(self._hands, (games, seats, card), 1)  # copies may repeat
        drew = wanted > 0
        bits = np.bitwise_or.reduceat(_BITS[card], starts[drew])
        self._held_f[self._seat_rows[g[drew]] + seat[drew]] |= bits
        self._sizes_f[self._seat_rows[g] + seat] += wanted
        self._idle[g[drew]] = 0

    def _reshuffle(self, g: Ints, seat: Ints) -> None:
        """K19: the pile but its top card becomes the stock, shuffled; the penalty."""
        if not g.size:
            return
        copies = self._copies
        slots = np.tile(np.arange(_CARDS), copies)
        present = self._pile[g][:, slots] > (np.arange(copies * _CARDS) // _CARDS)
        keys = np.where(present, self._rng.random(present.shape), 2.0)
        order = slots[np.argsort(keys, axis=1)]
        sizes = self._pile_len[g]
        width = int(sizes.max())
        self._stock[g, :width] = order[:, :width]
        self._stock_len[g] = sizes
        self._pile[g] = 0
        self._pile_len[g] = 0
        last = self._penalties[g, seat]
        penalty = np.where(last > 0, 2 * last, 5)
        self._penalties[g, seat] = penalty
        self._scores[g, seat] += penalty
        if self._record:
            for i, game in enumerate(g.tolist()):
                self._shuffles[game].append(tuple(order[i, : sizes[i]][::-1].tolist()))

    def _expose(self, g: Ints, seat: Ints) -> None:
        """K16, K17: a player left with one card unannounced."""
        if self.game.idiot_calls == "automatic":
            self._penalize(g, seat)
        else:
            self._exposed[g] |= 1 << seat

    def _penalize(self, g: Ints, seat: Ints) -> None:
        """K17, V5: draw two and forfeit a turn, or draw one."""
        if self.game.idiot_penalty == "draw_one":
            self._draw(g, seat, np.ones(g.size, dtype=np.int64))
        else:
            self._draw(g, seat, np.full(g.size, 2, dtype=np.int64))
            self._forfeits_f[self._seat_rows[g] + seat] += 1

    def _advance(self, g: Ints, seat: Ints) -> None:
        """The turn to ``seat``, passing over seats that forfeit a turn (K17)."""
        forfeits = self._forfeits_f
        owing = forfeits.take(self._seat_rows[g] + seat) > 0
        while owing.any():
            games, seats = g[owing], seat[owing]
            self._forfeits[games, seats] -= 1
            seat[owing] = (seats + self._direction[games]) % self.players
            owing[owing] = self._forfeits[games, seat[owing]] > 0
        self._to_move[g] = seat

    def _turn_up(self, g: Ints) -> None:
        """K6: the turned-up card acts as the dealer's play."""
        dealer = self._dealer[g]
        card = self._top[g]
        self._phase[g] = _PLAY_PHASE
        starting = self._starts[card]
        self._count[g[starting]] = self._adds[card[starting]]
        wild = ~starting & (self._action[card] == _WILD)
        self._phase[g[wild]] = _NAME_PHASE
        self._to_move[g[wild]] = dealer[wild]
        rest = ~wild
        g, dealer, card, starting = g[rest], dealer[rest], card[rest], starting[rest]
        after = (dealer + self._direction[g]) % self.players
        acting = ~starting & (self._action[card] != _NONE) & (self._action[card] != _KEEP)
        if acting.any():
            after[acting] = self._carry_out(g[acting], dealer[acting], self._action[card[acting]])
        self._advance(g, after)

    def _deal(self, g: Ints) -> None:
        """K5: each game of ``g`` dealt its hand from a fresh shuffle (dealer, hand
        number and direction set), then V4's answers or the turned-up card (K6)."""
        players, m = self.players, g.size
        each = self._schedule[self._hand_no[g] - 1]
        deck = self._rng.permuted(
            np.broadcast_to(self._deck_cards, (m, self._deck_cards.size)), axis=1
        )
        if self._record:
            for i, game in enumerate(g.tolist()):
                self._shuffles[game].append(tuple(deck[i].tolist()))
        dealt = players * each
        width = int(dealt.max())
        position = np.arange(width)
        seat = (
            self._dealer[g, None] + self._direction[g, None] * (position % players + 1)
        ) % players
        cell = (np.arange(m)[:, None] * players + seat) * _CARDS + deck[:, :width]
        real = position[None, :] < dealt[:, None]
        counts = np.bincount(cell[real], minlength=m * players * _CARDS)
        hands = counts.reshape(m, players, _CARDS)
        if self._counted:
            self._hands[g] = hands
        self._held[g] = _masks_of(hands > 0)
        self._sizes[g] = each[:, None]
        rows = np.arange(m)
        self._top[g] = deck[rows, dealt]
        self._suit[g] = self._top[g] // 13
        size = self._deck_cards.size
        # The stock keeps its top card last: the deck after the turn-up, reversed.
        self._stock[g] = deck[:, ::-1]
        self._stock_len[g] = size - dealt - 1
        self._pile[g] = 0
        self._pile_len[g] = 0
        self._count[g] = 0
        self._count_out[g] = False
        self._exposed[g] = 0
        self._forfeits[g] = 0
        self._idle[g] = 0
        answering = self._game_answers(each)
        self._phase[g] = np.where(answering, _ANNOUNCE_PHASE, _PLAY_PHASE)
        if answering.any():
            asked = g[answering]
            self._to_move[asked] = (self._dealer[asked] + self._direction[asked]) % players
        if (~answering).any():
            self._turn_up(g[~answering])

    def _game_answers(self, each: Ints) -> Bools:
        """V4: the one-card hand starts with everyone's answer."""
        if not self.game.one_card_deal_announce:
            return np.zeros(each.size, dtype=np.bool_)
        return cast(Bools, each == 1)

    def _new_games(self, g: Ints) -> None:
        """New games in ``g``, dealt."""
        self._reset(g)
        self._deal(g)

    def _reset(self, g: Ints) -> None:
        """Games ``g`` set for a new game: no scores or penalties, hand 1, a first
        dealer drawn (the deal still to come)."""
        self._scores[g] = 0
        self._penalties[g] = 0
        self._hand_no[g] = 1
        self._direction[g] = 1
        self._dealer[g] = self._rng.integers(0, self.players, g.size)

    def _hand_points(self, hands: Counts) -> Ints:
        """K22-K24, V7, the threes rule: the points of the cards left in each hand."""
        by_rank = hands.reshape(-1, 4, 13).sum(axis=1, dtype=np.int64)
        points = self._points
        threes = by_rank[:, 1]
        total = by_rank @ points - threes * points[1]
        in_order = by_rank[:, self._cancel_order]
        before = np.cumsum(in_order, axis=1) - in_order
        cancelled = np.clip(threes[:, None] - before, 0, in_order)
        total -= cancelled @ points[self._cancel_order]
        if self.game.threes_rule == "published":
            alone = threes - cancelled.sum(axis=1)
        else:
            alone = np.zeros_like(threes)
        total += points[1] * (threes - alone) + ALONE_THREE_POINTS * alone
        only_threes = (threes > 0) & (by_rank.sum(axis=1) == threes)
        return cast(Ints, np.where(only_threes, ALONE_THREE_POINTS * threes, total))

    def _end_hands(self, g: Ints, blocked: Bools) -> None:
        """K22-K25: score the hands of ``g``, then deal the next hand or end the game
        (and start a new one in its place), all the deals in one."""
        players = self.players
        points = self._hand_points(self._counts(g).reshape(-1, _CARDS)).reshape(-1, players)
        out = (self._sizes[g] == 0) & ~blocked[:, None]
        points = np.where(out, OUT_POINTS, points)
        self._scores[g] += points
        report = self._report_arrays()
        report["hands_over"][g] = True
        report["hand_points"][g] = points
        self._count[g] = 0
        self._count_out[g] = False
        self._exposed[g] = 0
        last = self._hand_no[g] == self.game.hands_in_game
        if last.any():
            over = g[last]
            totals = self._scores[over]
            report["games_over"][over] = True
            report["final_scores"][over] = totals
            report["winners"][over] = totals == totals.min(axis=1)[:, None]
            self._reset(over)
        going = g[~last]
        if going.size:
            if not self.game.deal_follows_direction:
                self._direction[going] = 1
            self._dealer[going] = (self._dealer[going] + self._direction[going]) % players
            self._hand_no[going] += 1
        self._deal(g)

    def _report_arrays(self) -> dict[str, Any]:
        if self._report is None:
            n, players = self.n, self.players
            self._report = {
                "hands_over": np.zeros(n, dtype=np.bool_),
                "hand_points": np.zeros((n, players), dtype=np.int64),
                "games_over": np.zeros(n, dtype=np.bool_),
                "final_scores": np.zeros((n, players), dtype=np.int64),
                "winners": np.zeros((n, players), dtype=np.bool_),
            }
        return self._report

    def play_out_hands(self, rng: np.random.Generator | None = None) -> Ints:
        """Random legal moves in every game until each has finished its current hand;
        each game's points for that hand, (n, players). Batched rollouts: from
        :meth:`from_state` of one determinized position, ``n`` random endings of its
        hand at once. The games go on to their next hands afterwards.

        >>> import cardrules as cr
        >>> game = cr.Craits(players=3)
        >>> batch = CraitsBatch.from_state(game.new_game(seed=2), 5, game=game, seed=5)
        >>> points = batch.play_out_hands()
        >>> points.shape, batch.hand_number.tolist()
        ((5, 3), [2, 2, 2, 2, 2])
        """
        chooser = generator(rng, self._rng)
        result = np.zeros((self.n, self.players), dtype=np.int64)
        pending = np.ones(self.n, dtype=np.bool_)
        while pending.any():
            step = self.step(self._random_actions(chooser), None if pending.all() else pending)
            finished = step.hands_over & pending
            result[finished] = step.hand_points[finished]
            pending &= ~finished
        return result

    def restart(self, games: npt.ArrayLike) -> None:
        """Start new games in place of the games where ``games`` (n booleans) is true
        (a host stopping games at a cap does this).

        >>> batch = CraitsBatch(2, seed=4)
        >>> batch.restart([False, True])
        >>> batch.hand_number.tolist()
        [1, 1]
        """
        array = per_game_bools(games, self.n, "games")
        self._playable = self._picked = None
        self._new_games(np.flatnonzero(array))


def _refuse_card_table(game: Craits) -> None:
    """A :class:`~cardrules.RulesError` for a card table the batch does not play: a
    card function it does not know (one of a game's own) or one that makes the next
    player draw (``draws``), or points or counts its 64-bit ints could not add up over
    a game."""
    for rank, rule in game.card_table.items():
        if rule.action not in _ACTION_CODE:
            allowed = ", ".join(action.value for action in _ACTION_CODE)
            raise RulesError(
                f"CraitsBatch plays the card functions {allowed}; the "
                f"{rank.name.lower()}'s is {rule.action.value!r}"
            )
        if rule.draws:
            raise RulesError(
                f"CraitsBatch does not play cards that make the next player draw: the "
                f"{rank.name.lower()}'s row must have draws=0, not {rule.draws} (the "
                f"scalar game plays it)"
            )
        for name, number in (("points", rule.points), ("count", rule.count)):
            if abs(number) > _CARD_NUMBER_LIMIT:
                raise RulesError(
                    f"CraitsBatch keeps scores and the count in 64-bit ints: the "
                    f"{rank.name.lower()}'s {name} must be within 2**50 "
                    f"({_CARD_NUMBER_LIMIT:,}) either way, so that a game's totals fit, "
                    f"not {shown(number)}"
                )


def _in_turn(g: Ints, wanted: Ints) -> tuple[Ints, Ints]:
    """For draws made in turn (each game's next to each other in ``g``): how many
    cards its game's earlier draws want, and the index of each game's last draw."""
    new = np.ones(g.size, dtype=np.bool_)
    new[1:] = g[1:] != g[:-1]
    starts = np.flatnonzero(new)
    sizes = np.diff(starts, append=g.size)
    ahead = np.cumsum(wanted) - wanted
    return cast(Ints, ahead - np.repeat(ahead[starts], sizes)), starts + sizes - 1


def _masks_of(cards: Bools) -> Masks:
    """Boolean rows of 52 cards as card masks (the last axis packed into a ``uint64``)."""
    packed = np.packbits(cards, axis=-1, bitorder="little")  # 7 bytes a row
    wide = np.zeros((*cards.shape[:-1], 8), dtype=np.uint8)
    wide[..., :7] = packed
    return cast(Masks, wide.view("<u8")[..., 0].astype(np.uint64))


def _quiet_step(n: int, players: int) -> CraitsBatchStep:
    """What a step that ends no hand returns: read-only arrays, made once."""
    arrays: tuple[Any, ...] = (
        np.zeros(n, dtype=np.bool_),
        np.zeros((n, players), dtype=np.int64),
        np.zeros(n, dtype=np.bool_),
        np.zeros((n, players), dtype=np.int64),
        np.zeros((n, players), dtype=np.bool_),
    )
    for array in arrays:
        array.flags.writeable = False
    return CraitsBatchStep(*arrays)
