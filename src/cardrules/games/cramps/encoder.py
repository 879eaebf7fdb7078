"""The encoder of Cramps (:class:`~cardrules.Cramps`, any options).

Seat-indexed fields are relative to the observer: block or slot ``k`` is the seat ``k``
places after it (``k = 0`` the observer, ``1`` the player on its left, who plays after
it). Cards are indexed as :class:`~cardrules.Card` is (0 = 2♣ … 12 = A♣, 13 = 2♦ …
51 = A♠), and a field of 52 floats per seat is ``4 × 52`` floats, seat block after
seat block. Scores are divided by the rules' ``target``, trick values by the largest
trick value in absolute value (``value_scale``).

The observation (535 floats):

* ``hand`` (52): 1.0 for each card the seat holds;
* ``trick`` (4 × 52): the cards of the trick being played, by who played them;
* ``leader`` (4): who leads the trick being played (one-hot);
* ``taken`` (4 × 52): the cards of this round's completed tricks, by who won them;
* ``voids`` (4 × 4): 1.0 at ``4k + suit`` where seat ``k`` has shown out of a suit
  (♣ ♦ ♥ ♠) this round;
* ``trick_number`` (13): the trick being played (one-hot; all 0 once the game is over);
* ``trick_values`` (13): the value of this trick and of each one after it (0 past the
  13th) / ``value_scale``;
* ``to_move`` (4): whose turn it is (one-hot; all 0 once the game is over);
* ``dealer`` (4): who dealt this round (one-hot);
* ``round_scores`` (4): each seat's points so far this round / target;
* ``scores`` (4): each seat's game total before this round / target (held within
  ±10**12 points, as the round number is: :func:`~cardrules.encoding.vectors.clipped`,
  so that every entry of the observation has finite bounds);
* ``round_number`` (1): the round's number / 10;
* ``winners`` (4): 1.0 for each winner once the game is over.

The information state's vector (1471 floats) is the observation, then:

* ``dealt`` (52): the seat's hand as it was dealt this round;
* ``played_by`` (4 × 52): each card played this round, by who played it;
* ``played_in`` (13 × 52): each card played this round, by the trick it was played in
  (block ``t - 1`` for trick ``t``).

With the dealt hand, who played each card and in which trick, the whole round's play
is there in order (each trick is led by the winner of the one before, the first by the
dealer's left), so the vector recalls the round perfectly; earlier rounds leave their
scores (the text recalls them whole).

>>> import cardrules as cr
>>> from cardrules.encoding import encoder_for
>>> encoder = encoder_for(cr.Cramps())
>>> encoder.observation_size, encoder.info_state_size
(535, 1471)
>>> game = encoder.game
>>> observation = encoder.observation(game.observe(game.new_game(seed=7), seat=1))
>>> sum(encoder.field("hand").of(observation)), encoder.field("to_move").of(observation)
(13.0, [1.0, 0.0, 0.0, 0.0])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules.cards import CARD_BIT, SUIT_OF_INDEX, mask_of
from cardrules.encoding.base import Encoder
from cardrules.encoding.info import Note, Public
from cardrules.encoding.text import cards_text, ints_text
from cardrules.encoding.vectors import (
    ONE,
    POINTS_LIMIT,
    ZERO,
    Layout,
    bits13,
    clipped,
    mask_floats,
    one_hot,
)
from cardrules.errors import StateError
from cardrules.events import CardPlayed, GameOver, HandDealt, HandScored, TrickWon
from cardrules.game import Step
from cardrules.games.cramps.arrays import CrampsRows, cramps_tables
from cardrules.games.cramps.buffers import CrampsWriter

if TYPE_CHECKING:
    from cardrules.games.cramps.rules import Cramps

__all__ = ["CrampsEncoder"]

_PLAYERS = 4
_TRICKS = 13
_EVERYBODY = frozenset(range(_PLAYERS))
_NOBODY: frozenset[int] = frozenset()
_ZEROS = (0,) * _PLAYERS
_Z4 = (ZERO,) * 4
_Z52 = (ZERO,) * 52
_ONE_HOT4 = one_hot(4)
_ONE_HOT52 = one_hot(52)
_BITS4 = tuple(tuple(ONE if v >> s & 1 else ZERO for s in range(4)) for v in range(16))
_SUIT = list(SUIT_OF_INDEX)
_BIT = list(CARD_BIT)


_new = object.__new__


def _put(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return (*values[:seat], value, *values[seat + 1 :])


class _Public(Public):
    """The public part of a Cramps information state (seats are absolute): the cards
    played this round (``played``, a mask; ``plays``, ``(card, seat)`` in play order),
    the cards each seat has taken (as masks and as floats), the suits each seat has
    shown out of (4 bits each), and the table."""

    __slots__ = (
        "dealer",
        "leader",
        "played",
        "plays",
        "round_number",
        "round_scores",
        "scores",
        "taken",
        "taken_floats",
        "to_move",
        "trick",
        "trick_number",
        "voids",
        "winners",
    )

    played: int
    plays: tuple[tuple[int, int], ...]
    taken: tuple[int, ...]
    taken_floats: tuple[tuple[float, ...], ...]
    voids: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    trick_number: int
    to_move: int | None
    dealer: int
    round_number: int
    round_scores: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]


def _layouts(players: int, low: float, high: float, target: int) -> tuple[Layout, Layout]:
    observation = Layout()
    per_seat = f"{players} × 52: seat block k (k places after the observer)"
    observation.add("hand", 52, "1.0 for each card the seat holds")
    observation.add("trick", players * 52, f"the trick being played, {per_seat}")
    observation.add("leader", players, "who leads the trick being played (one-hot)")
    observation.add("taken", players * 52, f"cards of completed tricks by winner, {per_seat}")
    observation.add("voids", players * 4, "1.0 at 4k + suit where seat k has shown out of it")
    observation.add("trick_number", _TRICKS, "the trick being played (one-hot)")
    observation.add(
        "trick_values", _TRICKS, "value of this trick and the next / value_scale", -1, 1
    )
    observation.add("to_move", players, "whose turn it is (one-hot)")
    observation.add("dealer", players, "who dealt this round (one-hot)")
    observation.add("round_scores", players, "points so far this round / target", low, high)
    totals = "game totals before this round / target"
    observation.add("scores", players, totals, -POINTS_LIMIT / target, POINTS_LIMIT / target)
    observation.add("round_number", 1, "the round's number / 10", 0, POINTS_LIMIT / 10)
    observation.add("winners", players, "1.0 for each winner once the game is over")
    info = Layout(observation.fields)
    info.add("dealt", 52, "the seat's hand as dealt this round")
    info.add("played_by", players * 52, f"cards played this round by who played them, {per_seat}")
    info.add("played_in", _TRICKS * 52, "cards played this round: block t-1 for trick t")
    return observation, info


class CrampsEncoder(Encoder):
    """Observations and information states of Cramps (see the module documentation
    for the layout); get one with :func:`cardrules.encoding.encoder_for`."""

    __slots__ = ("_bits", "_numbers", "_order", "_rel", "_target", "_windows", "value_scale")

    layout_name = "cramps"
    layout_version = 1

    def __init__(self, game: Cramps) -> None:
        values = game.trick_values
        queens = 4 * game.queen_points
        worst = sum(v for v in values if v < 0) + min(0, queens)
        observation, info = _layouts(
            _PLAYERS, worst / game.target, game.best_round_gain() / game.target, game.target
        )
        super().__init__(game, observation.fields, info.fields)
        self.value_scale: int = max(1, *map(abs, values))
        """What trick values are divided by: the largest in absolute value (at least 1)."""
        scale = self.value_scale
        # By trick number - 1 (the 14th: the game is over).
        self._windows = tuple(
            tuple(values[n + j] / scale if n + j < _TRICKS else ZERO for j in range(13))
            for n in range(_TRICKS + 1)
        )
        self._numbers = (*one_hot(_TRICKS), (ZERO,) * _TRICKS)
        self._target = float(game.target)
        self._rel = tuple(
            tuple((other - seat) % _PLAYERS for other in range(_PLAYERS))
            for seat in range(_PLAYERS)
        )
        self._order = tuple(
            tuple((seat + k) % _PLAYERS for k in range(_PLAYERS)) for seat in range(_PLAYERS)
        )
        self._bits = bits13()

    # -- quicker ways to NumPy ------------------------------------------------------

    def _buffer_writer(self, np: Any) -> CrampsWriter:
        return CrampsWriter(self, np)

    def _array_rows(self, np: Any, state: Any) -> CrampsRows:
        return CrampsRows(cramps_tables(self, np), self, state)

    # -- observations -------------------------------------------------------------

    def _view_snapshot(self, view: Any) -> tuple[Any, ...]:
        taken = [0] * _PLAYERS
        voids = [0] * _PLAYERS
        suit, bit = _SUIT, _BIT
        for done in view.tricks:
            a, b, c, d = done.cards
            taken[done.winner] |= bit[a] | bit[b] | bit[c] | bit[d]
            led = suit[a]
            if suit[b] != led or suit[c] != led or suit[d] != led:
                leader = done.leader
                for i, card in ((1, b), (2, c), (3, d)):
                    if suit[card] != led:
                        voids[(leader + i) % _PLAYERS] |= 1 << led
        trick = view.trick
        cards = trick.cards
        for i, card in enumerate(cards[1:], start=1):
            if suit[card] != suit[cards[0]]:
                voids[(trick.leader + i) % _PLAYERS] |= 1 << suit[cards[0]]
        return (
            mask_of(view.hand),
            trick.leader,
            trick.cards,
            tuple(mask_floats(mask) if mask else _Z52 for mask in taken),
            tuple(voids),
            view.trick_number,
            view.to_move,
            view.dealer,
            view.round_scores,
            view.scores,
            view.round_number,
            view.winners,
        )

    def _snapshot(self, public: Public, private: Any) -> tuple[Any, ...]:
        p: _Public = public  # type: ignore[assignment]
        return (
            private & ~p.played,
            p.leader,
            p.trick,
            p.taken_floats,
            p.voids,
            p.trick_number,
            p.to_move,
            p.dealer,
            p.round_scores,
            p.scores,
            p.round_number,
            p.winners,
        )

    def _observe(self, snapshot: Any, seat: int) -> list[float]:
        (
            hand,
            leader,
            trick,
            taken,
            voids,
            number,
            to_move,
            dealer,
            round_scores,
            scores,
            round_number,
            winners,
        ) = snapshot
        rel = self._rel[seat]
        s0, s1, s2, s3 = self._order[seat]
        blocks = [_Z52, _Z52, _Z52, _Z52]
        for i, card in enumerate(trick):
            blocks[rel[(leader + i) % _PLAYERS]] = _ONE_HOT52[card]
        if winners:
            won = [ZERO] * 4
            for winner in winners:
                won[rel[winner]] = ONE
        else:
            won = _Z4  # type: ignore[assignment]
        bits = self._bits
        # In the order of the layout (see _layouts).
        return [
            *bits[hand & 8191],
            *bits[hand >> 13 & 8191],
            *bits[hand >> 26 & 8191],
            *bits[hand >> 39],
            *blocks[0],
            *blocks[1],
            *blocks[2],
            *blocks[3],
            *_ONE_HOT4[rel[leader]],
            *taken[s0],
            *taken[s1],
            *taken[s2],
            *taken[s3],
            *_BITS4[voids[s0]],
            *_BITS4[voids[s1]],
            *_BITS4[voids[s2]],
            *_BITS4[voids[s3]],
            *self._numbers[number - 1],
            *self._windows[number - 1],
            *(_Z4 if to_move is None else _ONE_HOT4[rel[to_move]]),
            *_ONE_HOT4[rel[dealer]],
            *self._points(round_scores, scores, round_number, seat),
            *won,
        ]

    def _points(
        self, round_scores: Sequence[int], scores: Sequence[int], round_number: int, seat: int
    ) -> list[float]:
        """The observation's real-valued run, seen from ``seat``: the round's points and
        the totals (both over the target) and the round number (over 10)."""
        target = self._target
        s0, s1, s2, s3 = self._order[seat]
        return [
            round_scores[s0] / target,
            round_scores[s1] / target,
            round_scores[s2] / target,
            round_scores[s3] / target,
            clipped(scores[s0]) / target,
            clipped(scores[s1]) / target,
            clipped(scores[s2]) / target,
            clipped(scores[s3]) / target,
            clipped(round_number) / 10,
        ]

    # -- information states --------------------------------------------------------

    def _start_public(self, view: Any) -> _Public:
        p = _Public()
        played = 0
        plays = []
        taken = [0] * _PLAYERS
        voids = [0] * _PLAYERS
        for done in (*view.tricks, view.trick):
            cards = done.cards
            if not cards:
                continue
            leader = done.leader
            led = _SUIT[cards[0]]
            mask = 0
            for i, card in enumerate(cards):
                seat = (leader + i) % _PLAYERS
                plays.append((int(card), seat))
                mask |= _BIT[card]
                if _SUIT[card] != led:
                    voids[seat] |= 1 << led
            played |= mask
            if done.winner is not None:
                taken[done.winner] |= mask
        p.played = played
        p.plays = tuple(plays)
        p.taken = tuple(taken)
        p.taken_floats = tuple(mask_floats(mask) if mask else _Z52 for mask in taken)
        p.voids = tuple(voids)
        trick = view.trick
        p.leader = trick.leader
        p.trick = trick.cards
        p.trick_number = view.trick_number
        p.to_move = view.to_move
        p.dealer = view.dealer
        p.round_number = view.round_number
        p.round_scores = view.round_scores
        p.scores = view.scores
        p.winners = view.winners
        return p

    def _start_private(self, view: Any) -> int:
        dealt = mask_of(view.hand)
        for done in (*view.tricks, view.trick):
            for seat, card in done.plays(_PLAYERS):
                if seat == view.seat:
                    dealt |= CARD_BIT[card]
        return dealt

    def _header(self, view: Any) -> str:
        text = (
            f"Cramps seat {view.seat}, round {view.round_number} dealt by {view.dealer}, "
            f"totals {ints_text(view.scores)}, round points {ints_text(view.round_scores)}"
        )
        plays = [
            f"{seat}:{card}"
            for done in (*view.tricks, view.trick)
            for seat, card in done.plays(_PLAYERS)
        ]
        if plays:
            text += ", played " + " ".join(plays)
        if view.winners:
            text += f", game over won by {ints_text(view.winners)}"
        return text + f" [hand {cards_text(view.hand)}]"

    def _next_public(self, public: Public, step: Step[Any]) -> _Public:
        state = step.state
        game = self.game
        if type(state) is not game.state_class or state._deal._rules is not game:
            game.check_state(state)
        p: _Public = public  # type: ignore[assignment]
        played, plays = p.played, p.plays
        taken, taken_floats, voids = p.taken, p.taken_floats, p.voids
        leader, trick, number = p.leader, p.trick, p.trick_number
        round_scores, scores, winners = p.round_scores, p.scores, p.winners
        dealer, round_number = p.dealer, p.round_number
        touched = _NOBODY
        bits, suits = _BIT, _SUIT
        for event in step.events:
            kind = type(event)
            if kind is CardPlayed:
                seat, card = event.seat, event.card  # type: ignore[attr-defined]
                played |= bits[card]
                plays += ((card, seat),)
                if trick:
                    led = suits[trick[0]]
                    if suits[card] != led and not voids[seat] >> led & 1:
                        voids = (*voids[:seat], voids[seat] | 1 << led, *voids[seat + 1 :])
                trick += (card,)
            elif kind is TrickWon:
                winner, points = event.seat, event.points  # type: ignore[attr-defined]
                won = taken[winner]
                for card in trick:
                    won |= bits[card]
                taken = _put(taken, winner, won)
                taken_floats = _put(taken_floats, winner, mask_floats(won))
                if points:
                    round_scores = _put(round_scores, winner, round_scores[winner] + points)
                leader, trick, number = winner, (), event.number + 1  # type: ignore[attr-defined]
            elif kind is HandScored:
                round_scores = event.hand_scores  # type: ignore[attr-defined]
                scores = event.scores  # type: ignore[attr-defined]
            elif kind is HandDealt:
                round_number, dealer = event.number, event.dealer  # type: ignore[attr-defined]
                played, plays, taken, voids = 0, (), _ZEROS, _ZEROS
                taken_floats = (_Z52,) * _PLAYERS
                trick, number, round_scores = (), 1, _ZEROS
                leader = state.to_move  # the first leader of the new round
                touched = _EVERYBODY
            elif kind is GameOver:
                winners = event.winners  # type: ignore[attr-defined]
        if (  # the state's trick number, cards of the trick and round number
            len(state._tricks) + 1 != number
            or len(state._cards) != len(trick)
            or state._deal._number != round_number
        ):
            raise StateError(
                "this step does not follow this information state: it is at trick "
                f"{p.trick_number} of round {p.round_number}, the step's state at trick "
                f"{state.trick_number} of round {state.round_number} (give each step once, "
                "in order)"
            )
        new = _new(_Public)
        new.next = None
        new.touched = touched
        new.played = played
        new.plays = plays
        new.taken = taken
        new.taken_floats = taken_floats
        new.voids = voids
        new.leader = leader
        new.trick = trick
        new.trick_number = number
        new.to_move = None if winners else (leader + len(trick)) % _PLAYERS
        new.dealer = dealer
        new.round_number = round_number
        new.round_scores = round_scores
        new.scores = scores
        new.winners = winners
        return new

    def _next_private(
        self, private: Any, public: Public, state: Any, seat: int
    ) -> tuple[int, Note | None]:
        hand = self.game.observe(state, seat).hand  # a deal: the seat's new hand
        return mask_of(hand), ("hand", hand)

    def _info_vector(
        self, public: Public, private: Any, seat: int, observation: list[float]
    ) -> list[float]:
        p: _Public = public  # type: ignore[assignment]
        bits = self._bits
        by_seat = [0] * _PLAYERS
        by_trick = [0] * _TRICKS
        for i, (card, who) in enumerate(p.plays):
            bit = _BIT[card]
            by_seat[who] |= bit
            by_trick[i >> 2] |= bit
        s0, s1, s2, s3 = self._order[seat]
        dealt = private
        vector = [
            *observation,
            *bits[dealt & 8191],
            *bits[dealt >> 13 & 8191],
            *bits[dealt >> 26 & 8191],
            *bits[dealt >> 39],
        ]
        for mask in (by_seat[s0], by_seat[s1], by_seat[s2], by_seat[s3], *by_trick):
            if mask:
                vector += bits[mask & 8191]
                vector += bits[mask >> 13 & 8191]
                vector += bits[mask >> 26 & 8191]
                vector += bits[mask >> 39]
            else:
                vector += _Z52
        return vector
