"""Cramps in bulk on JAX: the second backend of :class:`~cardrules.batch.CrampsBatch`.

Where :class:`~cardrules.batch.CrampsBatch` changes NumPy arrays in place,
:class:`CrampsJax` is written the way JAX code is: a batch of ``n`` games is a
:class:`CrampsJaxState` (a tuple of arrays, so a pytree), and pure functions compiled
with :func:`jax.jit` deal it (:meth:`CrampsJax.init`), give its legal moves
(:meth:`CrampsJax.legal_mask`), play one move in every game
(:meth:`CrampsJax.step_unchecked`, also usable inside your own ``jit``, ``scan`` or
``while_loop``) and encode what a seat sees (:meth:`CrampsJax.observations`, equal to
Cramps' encoder). A hand is a 13-bit mask per suit, so a batch's arrays are small and
following suit is one look-up. :meth:`CrampsJax.step` is the checked entry point: it rejects a bad
or illegal action with :class:`~cardrules.IllegalMoveError` before playing anything.

The rules are those of :class:`~cardrules.Cramps` with its options (the target, the
trick values, the Queen points); moves are the cards' indices, as Cramps' move ids. A
round that ends is dealt again from the state's own key; a game that ends starts again
in place (scores to zero, seat 0 dealing), and the step that ended it says who won.
Install it with ``pip install "cardrules[jax]"``; it runs wherever JAX runs (the CPU
here; an accelerator where JAX has one).

Its ints are 32-bit, as JAX's are by default, and every total stays exact: a round moves
a total by at most :func:`~cardrules.batch.cramps.round_swing` (30 under the standard
rules), rules whose target and swing add up to more than ``2**31 - 1`` are refused
(:class:`~cardrules.RulesError`; :class:`~cardrules.batch.CrampsBatch` keeps 64-bit
totals), and :meth:`CrampsJax.step` and :meth:`CrampsJax.play_random` refuse, before
playing, moves that could take a total or a round number past ``2**31 - 1`` either way
(:class:`~cardrules.IllegalMoveError`, reason ``"total_limit"``): under the standard
rules, after 70 million rounds of one game at the very least.
:meth:`CrampsJax.step_unchecked` checks nothing.

>>> import jax
>>> from cardrules.batch.cramps_jax import CrampsJax
>>> env = CrampsJax()
>>> state = env.init(jax.random.key(7), 3)
>>> env.legal_mask(state).sum(axis=1).tolist()
[13, 13, 13]
>>> state, step = env.step(state, env.random_actions(state, jax.random.key(1)))
>>> state.to_move.tolist(), step.rounds_over.tolist()
([2, 2, 2], [False, False, False])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt

from cardrules._text import shown
from cardrules.batch.checks import (
    batch_size,
    moving_games,
    per_game_ids,
    per_game_seats,
    refuse_illegal,
    refuse_unknown,
)
from cardrules.batch.cramps import refuse_wide_options
from cardrules.encoding.vectors import POINTS_LIMIT
from cardrules.errors import IllegalMoveError, SetupError, StateError
from cardrules.games.cramps.rules import Cramps

__all__ = ["BYTES_PER_GAME", "CrampsJax", "CrampsJaxState", "CrampsJaxStep"]

_PLAYERS = 4
_CARDS = 52
_TRICKS = 13
_QUEEN = 10  # rank index of a Queen (2 is 0, the ace 12)
# The encoder's bound on totals and round numbers, as a float: no int32 holds it (and no
# int32 total reaches it).
_LIMIT = float(POINTS_LIMIT)
_INT32_MAX = 2**31 - 1

BYTES_PER_GAME = 6144
"""About the memory a game of a batch takes at most: its state (0.2 KB, twice while a
step makes the next) and the largest arrays a call makes,
:meth:`CrampsJax.observations` with their parts (4.8 KB a game, measured as the
process's peak resident memory on the CPU). :meth:`CrampsJax.init` refuses a batch
that would need more than :func:`~cardrules.batch.checks.memory_limit` (the host's
memory: an accelerator's own, often smaller, is JAX's to check)."""


class CrampsJaxState(NamedTuple):
    """``n`` games of Cramps as arrays (a pytree: ``jax.tree`` functions, ``jit`` and
    ``scan`` take it as it is). Cards are indices 0 to 51 (:mod:`cardrules.cards`)."""

    hands: jax.Array
    """Every seat's hand, (n, 4, 4) ``int32``: per seat, a mask per suit, bit ``r`` for
    the card of rank ``r`` (index ``13 * suit + r``). The whole truth, for a trusted
    trainer (:meth:`CrampsJax.hands` gives it as cards)."""
    taken: jax.Array
    """The cards of this round's completed tricks by who won them, as ``hands``."""
    voids: jax.Array
    """Where a seat has shown out of a suit this round, (n, 4, 4) booleans."""
    trick: jax.Array
    """The current trick's cards in the order played, (n, 4) (the first ``played``)."""
    played: jax.Array
    """How many cards the current trick holds, (n,)."""
    trick_number: jax.Array
    """The number of the trick being played, 1 to 13, (n,)."""
    leader: jax.Array
    """Who led (or leads) the current trick, (n,)."""
    to_move: jax.Array
    """The seat to move, (n,)."""
    led: jax.Array
    """The suit led to the current trick (0 before a card is led), (n,)."""
    round_scores: jax.Array
    """The current round's points so far, (n, 4)."""
    scores: jax.Array
    """The totals before the current round, (n, 4)."""
    dealer: jax.Array
    """The dealer of the current round, (n,)."""
    round_number: jax.Array
    """The current round's number (1 for the first), (n,)."""
    key: jax.Array
    """The key the next deals come from: a secret while the games are on."""


class CrampsJaxStep(NamedTuple):
    """What one step did, one row per game (as :class:`~cardrules.batch.CrampsBatchStep`)."""

    tricks_won: jax.Array
    """The seat that won the trick a move completed, else -1."""
    trick_points: jax.Array
    """The points of that trick (0 where no trick was completed)."""
    rounds_over: jax.Array
    """Whether the move ended a round (the thirteenth trick)."""
    round_points: jax.Array
    """Each seat's points for a round that ended (zeros elsewhere), (n, 4)."""
    games_over: jax.Array
    """Whether the move ended the game; that game has started again."""
    final_scores: jax.Array
    """The totals of a game that ended (zeros elsewhere), (n, 4)."""
    winners: jax.Array
    """The winning seat of a game that ended, else -1."""


# NumPy constants, which the compiled functions take in as constants (and which leave
# the module importable where JAX is a stand-in, as for the docs).
_SEATS = np.arange(_PLAYERS)
_RANKS = np.arange(13)


class CrampsJax:
    """The rules of ``game`` (:class:`~cardrules.Cramps` by default) as compiled JAX
    functions over batches of games.

    >>> import jax
    >>> env = CrampsJax(Cramps(target=10))
    >>> state = env.init(jax.random.key(3), 2)
    >>> state, hands, games = env.play_random(state, jax.random.key(4), 52 * 3)
    >>> int(hands), state.trick_number.tolist()
    (6, [1, 1])
    """

    __slots__ = (
        "_checks",
        "_init",
        "_legal",
        "_observe",
        "_play",
        "_random",
        "_step",
        "_swing",
        "game",
    )

    def __init__(self, game: Cramps | None = None) -> None:
        if game is None:
            game = Cramps()
        elif not isinstance(game, Cramps):
            raise SetupError(f"game must be a Cramps (with its options), not {shown(game)}")
        self._swing = refuse_wide_options(
            game, 32, "CrampsJax", " (CrampsBatch keeps 64-bit totals)"
        )
        self.game = game
        values = jnp.array([*game.trick_values, 0], dtype=jnp.int32)
        scale = max(1, max(abs(value) for value in game.trick_values))
        rules = _Rules(values, game.queen_points, game.target, scale)
        self._init: Callable[..., CrampsJaxState] = jax.jit(rules.init, static_argnums=1)
        self._legal: Callable[[CrampsJaxState], jax.Array] = jax.jit(_legal_mask)
        self._checks: Callable[[CrampsJaxState], tuple[jax.Array, jax.Array]] = jax.jit(
            _legal_and_extremes
        )
        self._random: Callable[..., jax.Array] = jax.jit(_random_actions)
        self._step: Callable[..., tuple[CrampsJaxState, CrampsJaxStep]] = jax.jit(rules.step)
        self._observe: Callable[..., jax.Array] = jax.jit(rules.observations)
        self._play: Callable[..., tuple[CrampsJaxState, jax.Array, jax.Array]] = jax.jit(
            rules.play_random, static_argnums=2
        )

    def __repr__(self) -> str:
        return f"CrampsJax({self.game!r})"

    def init(self, key: jax.Array, n: int) -> CrampsJaxState:
        """``n`` new games (scores zero, seat 0 dealing the first round), dealt from
        ``key`` (a ``jax.random.key``); the same key gives the same games. ``n`` must
        be at least 1, and at most what the machine's memory holds at
        :data:`BYTES_PER_GAME` a game (:func:`~cardrules.batch.checks.batch_size`)."""
        return self._init(_checked_key(key), batch_size(n, BYTES_PER_GAME))

    def hands(self, state: CrampsJaxState) -> jax.Array:
        """Every seat's hand in each game as booleans over the 52 cards, (n, 4, 52)."""
        return _cards(_checked_state(state).hands)

    def legal_mask(self, state: CrampsJaxState) -> jax.Array:
        """The legal move ids of the seat to move in each game, (n, 52) booleans."""
        return self._legal(_checked_state(state))

    def random_actions(self, state: CrampsJaxState, key: jax.Array) -> jax.Array:
        """One legal move id per game, each uniformly among that game's legal moves."""
        return self._random(_checked_state(state), _checked_key(key))

    def step(
        self, state: CrampsJaxState, actions: Any, active: Any = None
    ) -> tuple[CrampsJaxState, CrampsJaxStep]:
        """Play ``actions[i]`` in game ``i`` (every game, or where ``active[i]`` is
        true): the new state and what the step did. Raises
        :class:`~cardrules.IllegalMoveError`, playing nothing, if an action is not a
        legal move id of its game (naming the first such game), or if a game moved has
        a total within a round's swing of the 32-bit limit, or a round number that the
        move's end of a round would take past it (reason ``"total_limit"``); the checks
        wait for the arrays, so inside compiled code use :meth:`step_unchecked`."""
        n = _checked_state(state).to_move.shape[0]
        moves = per_game_ids(actions, n, _CARDS)
        moving = moving_games(active, n)
        refuse_unknown(moves, _CARDS, None if moving is None else np.flatnonzero(moving), actions)
        if moving is None:
            moving = np.ones(n, dtype=np.bool_)
        legal_mask, extremes = self._checks(state)
        self._refuse_past_int32(state, 1, moving, np.asarray(extremes).tolist())
        legal = np.asarray(legal_mask)
        safe = np.where(moving, moves, 0)
        refuse_illegal(np.flatnonzero(moving & ~legal[np.arange(n), safe]), moves, state.to_move)
        return self._step(state, jnp.asarray(safe, dtype=jnp.int32), jnp.asarray(moving))

    def step_unchecked(
        self, state: CrampsJaxState, actions: jax.Array, active: jax.Array | None = None
    ) -> tuple[CrampsJaxState, CrampsJaxStep]:
        """:meth:`step` without the checks, for compiled loops: the actions must be
        legal (an illegal one plays a card the seat may not hold, and the games are no
        longer Cramps), and the totals are not watched (a total past ``2**31 - 1``
        either way wraps around: under the standard rules, after 70 million rounds of
        one game at the very least)."""
        if active is None:
            active = jnp.ones(state.to_move.shape, dtype=jnp.bool_)
        return self._step(state, actions, active)

    def observations(
        self, state: CrampsJaxState, seats: jax.Array | npt.ArrayLike | None = None
    ) -> jax.Array:
        """Each game's observation for ``seats[i]`` (the seat to move by default), as
        Cramps' encoder makes it from that seat's view, (n, 593) ``float32``. ``seats``
        must be ``n`` ints from 0 to 3 (a :class:`~cardrules.SetupError` otherwise;
        inside compiled code only their shape and type can be checked)."""
        n = _checked_state(state).to_move.shape[0]
        return self._observe(state, state.to_move if seats is None else _checked_seats(seats, n))

    def play_random(
        self, state: CrampsJaxState, key: jax.Array, moves: int
    ) -> tuple[CrampsJaxState, jax.Array, jax.Array]:
        """``moves`` uniformly random legal moves in every game, compiled into one loop:
        the state after them, and how many rounds and games ended on the way.

        Those counts are 32-bit ints, so ``moves`` may be at most ``52 * ((2**31 - 1)
        // n) - 1`` and ``2**31 - 1``: a :class:`~cardrules.SetupError` says so, and
        several calls play longer runs. Raises :class:`~cardrules.IllegalMoveError`
        (reason ``"total_limit"``), playing nothing, if the moves could take a total or a
        round number past 32 bits (see :meth:`step`)."""
        n = _checked_state(state).to_move.shape[0]
        most = min(_INT32_MAX, 52 * (_INT32_MAX // n) - 1)
        if isinstance(moves, bool) or not isinstance(moves, int) or not 0 <= moves <= most:
            raise SetupError(
                f"moves must be an int from 0 to {most:,} (the rounds and games a call "
                f"counts over its {n:,} games are 32-bit ints: play more in several "
                f"calls), not {shown(moves)}"
            )
        key = _checked_key(key)
        self._refuse_past_int32(state, moves)
        return self._play(state, key, moves)

    def _refuse_past_int32(
        self,
        state: CrampsJaxState,
        moves: int,
        games: Any = None,
        extremes: list[int] | None = None,
    ) -> None:
        """Raise for the first game (of ``games``, booleans; all by default) whose next
        ``moves`` moves could take a total or its round number past ``2**31 - 1``
        either way: each round they play in (the current one included) moves a total
        by at most the rules' swing. ``extremes`` are :func:`_extremes` of the state,
        if worked out already."""
        scores = np.asarray(state.scores)
        if extremes is None:
            latest = int(np.asarray(state.round_number).max())
            extremes = [int(scores.max()), int(scores.min()), latest]
        highest, lowest, latest = extremes
        furthest = max(highest, -lowest)
        # Every game as far from 0 as the furthest and 51 moves into its round: if that
        # fits, all do, without the per-game arithmetic below.
        if (
            furthest + (moves + 102) // 52 * self._swing <= _INT32_MAX
            and latest + (moves + 51) // 52 <= _INT32_MAX
        ):
            return
        each = np.full(scores.shape[0], moves, dtype=np.int64)
        if games is not None:
            each[~games] = 0
        into = 4 * (np.asarray(state.trick_number, np.int64) - 1) + np.asarray(state.played)
        rounds = np.where(each > 0, (into + each + 51) // 52, 0)  # the rounds played in
        away = np.abs(scores.astype(np.int64)).max(axis=1)
        reach = away + rounds * self._swing
        numbers = np.asarray(state.round_number, np.int64) + (into + each) // 52
        over = np.flatnonzero((reach > _INT32_MAX) | (numbers > _INT32_MAX))
        if not over.size:
            return
        game = int(over[0])
        if reach[game] > _INT32_MAX:
            what = (
                f"a total of {int(away[game]):,} (either way) could pass {_INT32_MAX:,} "
                f"in the {int(rounds[game]):,} round(s) these moves play in, each moving a "
                f"total by up to {self._swing:,}"
            )
        else:
            what = f"the round number could pass {_INT32_MAX:,}"
        raise IllegalMoveError(
            "total_limit",
            f"game {game}: {what}, beyond CrampsJax's 32-bit ints; nothing was played "
            "(CrampsBatch keeps 64-bit totals)",
        )


def _checked_state(state: Any) -> CrampsJaxState:
    if not isinstance(state, CrampsJaxState):
        raise StateError(
            f"state must be a CrampsJaxState (from CrampsJax.init or a step), not {shown(state)}"
        )
    return state


def _checked_seats(seats: Any, n: int) -> jax.Array:
    """``seats`` as ``n`` seats, one per game, each from 0 to 3; a traced array (inside
    ``jit``) has no values yet, so only its shape and type are checked."""
    if isinstance(seats, jax.core.Tracer):
        if seats.shape != (n,) or not jnp.issubdtype(seats.dtype, jnp.integer):
            raise SetupError(f"seats must be {n} ints, one per game, not {shown(seats)}")
        return seats
    return jnp.asarray(per_game_seats(seats, n, _PLAYERS), dtype=jnp.int32)


def _checked_key(key: Any) -> jax.Array:
    if not isinstance(key, jax.Array) or not jnp.issubdtype(key.dtype, jax.dtypes.prng_key):
        raise SetupError(f"key must be a jax.random.key(seed), not {shown(key)}")
    return key


def _legal_mask(state: CrampsJaxState) -> jax.Array:
    return _cards(_legal_suits(state))


def _extremes(state: CrampsJaxState) -> jax.Array:
    """The highest and the lowest total and the highest round number of a batch, as
    three ints (what :meth:`CrampsJax.step` looks at first, to keep totals in 32 bits)."""
    return jnp.stack([state.scores.max(), state.scores.min(), state.round_number.max()])


def _legal_and_extremes(state: CrampsJaxState) -> tuple[jax.Array, jax.Array]:
    """:func:`_legal_mask` and :func:`_extremes`, in one call for :meth:`CrampsJax.step`."""
    return _legal_mask(state), _extremes(state)


def _legal_suits(state: CrampsJaxState) -> jax.Array:
    """Rule C5: follow the suit led if the hand can, else any card (as suit masks)."""
    hand = jnp.take_along_axis(state.hands, state.to_move[:, None, None], axis=1)[:, 0]
    follow = jnp.take_along_axis(hand, state.led[:, None], axis=1)
    following = (state.played[:, None] > 0) & (follow != 0)
    return jnp.where(following, jnp.where(_hot(state.led, 4), hand, 0), hand)


def _before(counts: jax.Array) -> jax.Array:
    """The sums of the counts before each of the four, (n, 4) (a cumulative sum, written
    out: XLA's scan on the CPU costs more than these few additions)."""
    zero = jnp.zeros_like(counts[:, 0])
    first, second = counts[:, 0], counts[:, 0] + counts[:, 1]
    return jnp.stack([zero, first, second, second + counts[:, 2]], axis=1)


def _cards(masks: jax.Array) -> jax.Array:
    """Suit masks (..., 4) as booleans over the 52 cards (..., 52)."""
    bits = (masks[..., None] >> _RANKS) & 1
    return bits.reshape(*masks.shape[:-1], _CARDS).astype(jnp.bool_)


def _suit_masks(cards: jax.Array) -> jax.Array:
    """Card indices (..., k) as suit masks (..., 4): the cards' bits, suit by suit."""
    return (_hot(cards // 13, 4) * (1 << cards % 13)[..., None]).sum(axis=-2)


def _random_actions(state: CrampsJaxState, key: jax.Array) -> jax.Array:
    # The k-th legal card for a uniform k, found with bit counts: one random number a
    # game, and no scan over the 52 cards (on the CPU a cumulative sum costs more).
    legal = _legal_suits(state)
    counts = jax.lax.population_count(legal)
    before = _before(counts)  # the legal cards in the suits before
    total = before[:, -1] + counts[:, -1]
    pick = (jax.random.uniform(key, total.shape) * total).astype(jnp.int32)
    suit = (before <= pick[:, None]).sum(axis=1) - 1
    suit = jnp.where(total > 0, suit, 0)
    mask = jnp.take_along_axis(legal, suit[:, None], axis=1)[:, 0]
    rest = pick - jnp.take_along_axis(before, suit[:, None], axis=1)[:, 0]
    low, high = jnp.zeros_like(rest), jnp.full_like(rest, 12)
    for _ in range(4):  # the lowest rank with more than ``rest`` legal cards up to it
        middle = (low + high) // 2
        enough = jax.lax.population_count(mask & ((2 << middle) - 1)) > rest
        low, high = jnp.where(enough, low, middle + 1), jnp.where(enough, middle, high)
    return (13 * suit + low).astype(jnp.int32)


def _hot(values: jax.Array, size: int) -> jax.Array:
    return values[..., None] == jnp.arange(size)


class _Rules(NamedTuple):
    """The options the compiled functions close over."""

    values: jax.Array  # trick values by trick number - 1, and 0 past the thirteenth
    queen_points: int
    target: int
    scale: int  # the largest trick value in absolute value (the encoder's value_scale)

    def init(self, key: jax.Array, n: int) -> CrampsJaxState:
        zeros = jnp.zeros(n, dtype=jnp.int32)
        empty = jnp.zeros((n, _PLAYERS, 4), dtype=jnp.int32)
        state = CrampsJaxState(
            hands=empty,
            taken=empty,
            voids=jnp.zeros((n, _PLAYERS, 4), dtype=jnp.bool_),
            trick=jnp.zeros((n, _PLAYERS), dtype=jnp.int32),
            played=zeros,
            trick_number=zeros + 1,
            leader=zeros,
            to_move=zeros,
            led=zeros,
            round_scores=jnp.zeros((n, _PLAYERS), dtype=jnp.int32),
            scores=jnp.zeros((n, _PLAYERS), dtype=jnp.int32),
            dealer=zeros,
            round_number=zeros + 1,
            key=key,
        )
        return _deal(state, jnp.ones(n, dtype=jnp.bool_))

    def step(
        self, state: CrampsJaxState, actions: jax.Array, active: jax.Array
    ) -> tuple[CrampsJaxState, CrampsJaxStep]:
        seat, position, card = state.to_move, state.played, actions
        mover = _hot(seat, _PLAYERS) & active[:, None]
        removed = mover[:, :, None] & _hot(card // 13, 4)[:, None, :]
        hands = jnp.where(removed, state.hands ^ (1 << card % 13)[:, None, None], state.hands)
        trick = jnp.where(_hot(position, _PLAYERS) & active[:, None], card[:, None], state.trick)
        leading = position == 0
        led = jnp.where(leading & active, card // 13, state.led)
        leader = jnp.where(leading & active, seat, state.leader)
        off = ~leading & (card // 13 != led)
        voids = state.voids | (mover & off[:, None])[:, :, None] & _hot(led, 4)[:, None, :]
        played = jnp.where(active, position + 1, position)
        to_move = jnp.where(active, (seat + 1) % _PLAYERS, seat)
        # Rules C6, C8, C9 where the trick is complete; C7 and C11 after a thirteenth.
        done = played == _PLAYERS
        following = trick // 13 == led[:, None]
        winner = (leader + jnp.argmax(jnp.where(following, trick, -1), axis=1)) % _PLAYERS
        queens = (trick % 13 == _QUEEN).sum(axis=1)
        points = self.values[state.trick_number - 1] + queens * self.queen_points
        gets = _hot(winner, _PLAYERS) & done[:, None]
        round_scores = state.round_scores + jnp.where(gets, points[:, None], 0)
        taken = state.taken | jnp.where(gets[:, :, None], _suit_masks(trick)[:, None, :], 0)
        trick_number = state.trick_number + done
        ended = trick_number > _TRICKS
        totals = state.scores + round_scores
        best = totals.max(axis=1)
        won = ended & ((totals == best[:, None]).sum(axis=1) == 1) & (best >= self.target)
        next_dealer = jnp.where(won, 0, (state.dealer + 1) % _PLAYERS)
        next_round = jnp.where(won, 1, state.round_number + 1)
        report = CrampsJaxStep(
            tricks_won=jnp.where(done, winner, -1),
            trick_points=jnp.where(done, points, 0),
            rounds_over=ended,
            round_points=jnp.where(ended[:, None], round_scores, 0),
            games_over=won,
            final_scores=jnp.where(won[:, None], totals, 0),
            winners=jnp.where(won, jnp.argmax(totals, axis=1), -1),
        )
        state = CrampsJaxState(
            hands=hands,
            taken=taken,
            voids=voids,
            trick=trick,
            played=jnp.where(done, 0, played),
            trick_number=trick_number,
            leader=jnp.where(done, winner, leader),
            to_move=jnp.where(done, winner, to_move),
            led=led,
            round_scores=round_scores,
            scores=jnp.where(ended[:, None], jnp.where(won[:, None], 0, totals), state.scores),
            dealer=jnp.where(ended, next_dealer, state.dealer),
            round_number=jnp.where(ended, next_round, state.round_number),
            key=state.key,
        )
        state = jax.lax.cond(ended.any(), _deal, lambda s, _: s, state, ended)
        return state, report

    def observations(self, state: CrampsJaxState, seats: jax.Array) -> jax.Array:
        n = seats.shape[0]
        order = (seats[:, None] + _SEATS) % _PLAYERS  # block k: the seat k places on

        def relative(seat: jax.Array) -> jax.Array:
            return _hot((seat - seats) % _PLAYERS, _PLAYERS)

        def by_order(array: jax.Array) -> jax.Array:
            index = order.reshape(order.shape + (1,) * (array.ndim - 2))
            return jnp.take_along_axis(array, index, axis=1).reshape(n, -1)

        own = _cards(jnp.take_along_axis(state.hands, seats[:, None, None], axis=1)[:, 0])
        trick = jnp.zeros((n, _PLAYERS, _CARDS), dtype=jnp.bool_)
        for position in range(_PLAYERS - 1):  # a complete trick is never seen
            block = relative(state.leader + position) & (state.played > position)[:, None]
            trick = trick | block[:, :, None] & _hot(state.trick[:, position], _CARDS)[:, None]
        window = jnp.minimum(jnp.arange(_TRICKS) + state.trick_number[:, None] - 1, _TRICKS)
        parts = [
            own,
            trick.reshape(n, -1),
            relative(state.leader),
            by_order(_cards(state.taken)),
            by_order(state.voids),
            _hot(state.trick_number - 1, _TRICKS),
            jnp.ones((n, 1)),  # the hand size: 13 cards dealt / 13 tricks
            jnp.zeros((n, 4 + _CARDS + 1)),  # no trumps, no card turned up, no phase
            relative(state.to_move),
            relative(state.dealer),
            jnp.clip(by_order(state.round_scores), -_LIMIT, _LIMIT) / self.target,
            jnp.clip(by_order(state.scores), -_LIMIT, _LIMIT) / self.target,
            jnp.minimum(state.round_number, _LIMIT)[:, None] / 10,
            jnp.zeros((n, _PLAYERS)),  # the winners, once a game is over: never here
            self.values[window] / self.scale,  # Cramps' own field, after the family's
        ]  # fmt: skip
        return jnp.concatenate([part.astype(jnp.float32) for part in parts], axis=1)

    def play_random(
        self, state: CrampsJaxState, key: jax.Array, moves: int
    ) -> tuple[CrampsJaxState, jax.Array, jax.Array]:
        active = jnp.ones(state.to_move.shape, dtype=jnp.bool_)

        def one_move(
            index: int, carry: tuple[CrampsJaxState, jax.Array, jax.Array]
        ) -> tuple[CrampsJaxState, jax.Array, jax.Array]:
            state, rounds, games = carry
            actions = _random_actions(state, jax.random.fold_in(key, index))
            state, step = self.step(state, actions, active)
            return state, rounds + step.rounds_over.sum(), games + step.games_over.sum()

        zero = jnp.zeros((), dtype=jnp.int32)
        result: tuple[CrampsJaxState, jax.Array, jax.Array]
        result = jax.lax.fori_loop(0, moves, one_move, (state, zero, zero))
        return result


def _deal(state: CrampsJaxState, games: jax.Array) -> CrampsJaxState:
    """Rules C2 to C4 in ``games``: a fresh shuffle, 13 cards each, the dealer's left
    leads. (A uniform deal: the packet pattern only orders the cards of a deal.)"""
    key, shuffle = jax.random.split(state.key)
    n = games.shape[0]
    # Card by card, to a seat with a chance proportional to its places left: every deal
    # equally likely, without sorting a shuffle (slow on the CPU).
    draws = jax.random.uniform(shuffle, (_CARDS, n))

    def place(card: jax.Array, carry: tuple[jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array]:
        hands, left = carry
        before = _before(left)
        point = (draws[card] * (_CARDS - card)).astype(jnp.int32)
        seat = (before <= point[:, None]).sum(axis=1) - 1
        gets = _hot(seat, _PLAYERS)
        bit = jnp.where(_hot(card // 13, 4), 1 << card % 13, 0)
        return hands | jnp.where(gets[:, :, None], bit, 0), left - gets

    empty = jnp.zeros((n, _PLAYERS, 4), dtype=jnp.int32)
    places = jnp.full((n, _PLAYERS), _TRICKS, dtype=jnp.int32)
    dealt, _ = jax.lax.fori_loop(0, _CARDS, place, (empty, places))
    fresh = games[:, None, None]
    first = (state.dealer + 1) % _PLAYERS
    return CrampsJaxState(
        hands=jnp.where(fresh, dealt, state.hands),
        taken=jnp.where(fresh, 0, state.taken),
        voids=state.voids & ~fresh,
        trick=state.trick,
        played=jnp.where(games, 0, state.played),
        trick_number=jnp.where(games, 1, state.trick_number),
        leader=jnp.where(games, first, state.leader),
        to_move=jnp.where(games, first, state.to_move),
        led=state.led,
        round_scores=jnp.where(games[:, None], 0, state.round_scores),
        scores=state.scores,
        dealer=state.dealer,
        round_number=state.round_number,
        key=key,
    )
