"""Cramps: four players, thirteen tricks a round, every trick worth its own points and
every captured Queen -1; first to 31 wins.

Cramps is a configuration of the trick-taking core (:mod:`cardrules.tricks`): this
module adds the deal in packets, the trick values, the Queen penalty, and the scoring
over rounds. Rule numbers (C1 …) refer to the library's rules reference.

>>> import cardrules as cr
>>> game = cr.Cramps()
>>> state = game.new_game(seed=7)
>>> state.to_move, len(state.hands[1]), state.trick_number
(1, 13, 1)
>>> state = game.apply(state, game.legal_moves(state)[0])
>>> str(state.trick)
'2♣'
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any, ClassVar, cast

import attrs

from cardrules._text import int_text, ints_repr, shown
from cardrules.cards import ALL_CARDS, RANK_OF_INDEX, SUIT_OF_INDEX, Card, Rank, format_cards
from cardrules.deck import STANDARD_DECK
from cardrules.errors import IllegalMoveError, RulesError, SeatError, SetupError, StateError
from cardrules.events import (
    CardPlayed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    MovePlayed,
    TrickWon,
)
from cardrules.game import Game, Step
from cardrules.moves import Play
from cardrules.rng import check_seed, next_u64, resolve_seed, seed_state, shuffled
from cardrules.table import deal, is_seat, left_of
from cardrules.tricks import Trick, TrickRound

__all__ = ["DEFAULT_TRICK_VALUES", "Cramps", "CrampsState", "CrampsView"]

DEFAULT_TRICK_VALUES = (0, -1, 3, 3, -3, 0, 5, 5, -5, 0, 7, 7, -7)
"""The points for winning trick 1 … 13 (rule C8)."""

_PLAYERS = 4
_CARDS_EACH = 13
_PLAY_OF: tuple[Play, ...] = tuple(Play(card) for card in ALL_CARDS)


def _check_players(instance: Cramps, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value != _PLAYERS:
        raise RulesError(f"Cramps is played by exactly 4 players, not {shown(value)}")


def _to_packets(value: Sequence[int]) -> tuple[int, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise RulesError(
            f"packets must be a sequence of 3s and 2s summing to 13, not {shown(value)}"
        )
    packets = tuple(value)
    bad = [p for p in packets if isinstance(p, bool) or not isinstance(p, int) or p not in (2, 3)]
    if bad or sum(packets) != 13:
        raise RulesError(
            f"packets must be 3s and 2s that sum to 13 (e.g. (3, 2, 3, 2, 3)), not {shown(packets)}"
        )
    return packets


def _check_target(instance: Cramps, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RulesError(f"target must be a positive int (the default is 31), not {shown(value)}")


def _to_trick_values(value: Sequence[int]) -> tuple[int, ...]:
    values = tuple(value) if isinstance(value, Sequence) and not isinstance(value, str) else ()
    if len(values) != 13 or any(isinstance(v, bool) or not isinstance(v, int) for v in values):
        raise RulesError(f"trick_values must be 13 ints, one per trick, not {shown(value)}")
    return values


def _check_int(instance: Cramps, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{attribute.name} must be an int, not {shown(value)}")


@attrs.frozen
class CrampsState:
    """A Cramps game in progress. Immutable; see :class:`Cramps` for the transitions.

    The generator that deals the next rounds is part of the state but hidden from
    :meth:`Cramps.observe`.
    """

    round_number: int
    """The round being played, from 1."""
    dealer: int
    """The seat that dealt this round."""
    play: TrickRound
    """The hands, the current trick and this round's completed tricks."""
    round_scores: tuple[int, ...] = attrs.field(repr=ints_repr)
    """Points each seat has scored so far this round."""
    scores: tuple[int, ...] = attrs.field(repr=ints_repr)
    """Game totals before this round, one per seat (this round is added when it ends)."""
    winners: tuple[int, ...] = ()
    """The winning seat(s) once the game is over, else empty."""
    rng: int = attrs.field(default=0, repr=False)
    """The hidden generator state that deals later rounds."""
    _rules: Cramps | None = attrs.field(default=None, eq=False, repr=False)
    """The rules that made this state (checked by every method that takes it)."""

    def __str__(self) -> str:
        """A short diagram of the whole state (every hand: for the table's owner, never
        for a player; a player's view prints only what that seat sees).

        >>> print(Cramps().new_game(seed=7))  # doctest: +NORMALIZE_WHITESPACE
        Cramps round 1, trick 1 of 13; dealer seat 0; seat 1 to lead
          trick   (empty)
          seat 0  K♣ 2♦ 4♦ 6♦ 7♦ 9♦ 5♥ 8♥ K♥ 2♠ J♠ Q♠ K♠   round 0, total 0
          seat 1  2♣ 5♣ 6♣ 7♣ A♣ Q♦ 2♥ 3♥ 7♥ 9♥ Q♥ 4♠ 7♠   round 0, total 0
          seat 2  3♣ 4♣ 10♣ 8♦ 10♦ J♦ K♦ 4♥ 10♥ J♥ 5♠ 6♠ 9♠   round 0, total 0
          seat 3  8♣ 9♣ J♣ Q♣ 3♦ 5♦ A♦ 6♥ A♥ 3♠ 8♠ 10♠ A♠   round 0, total 0
        """
        return _diagram(
            self.round_number,
            self.dealer,
            self.play.trick,
            len(self.play.tricks),
            self.to_move,
            self.winners,
            self.play.hands,
            self.round_scores,
            self.scores,
        )

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted by suit then rank."""
        return self.play.hands

    @property
    def to_move(self) -> int | None:
        """The seat that must play now; ``None`` once the game is over."""
        if self.winners:
            return None
        trick = self.play.trick
        return (trick.leader + len(trick.cards)) % _PLAYERS

    @property
    def is_over(self) -> bool:
        """True once somebody has won."""
        return bool(self.winners)

    @property
    def players(self) -> int:
        """Always 4."""
        return _PLAYERS

    @property
    def trick(self) -> Trick:
        """The trick being played (its leader and the cards so far)."""
        return self.play.trick

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """This round's completed tricks, each with its winner."""
        return self.play.tricks

    @property
    def trick_number(self) -> int:
        """The number of the trick being played, 1 to 13 (14 once the game is over and
        the last round's tricks are all played)."""
        return len(self.play.tricks) + 1

    @property
    def deal_number(self) -> int:
        """The number of the current deal (the round number), for game-independent code."""
        return self.round_number

    @property
    def taken(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat has captured this round."""
        return tuple(self.play.taken(seat) for seat in range(_PLAYERS))


@attrs.frozen
class CrampsView:
    """What one seat may know: its own hand, everything played in public, the scores.

    Other hands appear only as their sizes; the generator is not included.
    """

    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick: Trick
    tricks: tuple[Trick, ...]
    round_number: int
    dealer: int
    round_scores: tuple[int, ...] = attrs.field(repr=ints_repr)
    scores: tuple[int, ...] = attrs.field(repr=ints_repr)
    to_move: int | None
    winners: tuple[int, ...]
    legal_moves: tuple[Play, ...]
    """The seat's legal moves if it is its turn, else empty."""

    @property
    def trick_number(self) -> int:
        """The number of the trick being played, 1 to 13."""
        return len(self.tricks) + 1

    def __str__(self) -> str:
        """A short diagram of what this seat sees: its own hand, the others' sizes."""
        hands = tuple(
            self.hand if seat == self.seat else size for seat, size in enumerate(self.hand_sizes)
        )
        return _diagram(
            self.round_number,
            self.dealer,
            self.trick,
            len(self.tricks),
            self.to_move,
            self.winners,
            hands,
            self.round_scores,
            self.scores,
            seen_by=self.seat,
        )


def _diagram(
    round_number: int,
    dealer: int,
    trick: Trick,
    done: int,
    to_move: int | None,
    winners: tuple[int, ...],
    hands: Sequence[tuple[Card, ...] | int],
    round_scores: Sequence[int],
    scores: Sequence[int],
    seen_by: int | None = None,
) -> str:
    """The text of a state or a view (a hand given as an int is shown as its size)."""
    if winners:
        whom = " and ".join(f"seat {seat}" for seat in winners)
        head = f"Cramps over after round {round_number}: {whom} won"
    else:
        verb = "lead" if not trick.cards else "play"
        head = (
            f"Cramps round {round_number}, trick {done + 1} of 13; dealer seat {dealer}; "
            f"seat {to_move} to {verb}"
        )
    if seen_by is not None:
        head += f" (as seen by seat {seen_by})"
    plays = ", ".join(f"seat {seat} {card}" for seat, card in trick.plays(_PLAYERS))
    lines = [head, f"  trick   {plays or '(empty)'}"]
    for seat, hand in enumerate(hands):
        held = f"({hand} cards)" if isinstance(hand, int) else format_cards(hand) or "-"
        lines.append(
            f"  seat {seat}  {held}   round {int_text(round_scores[seat])}, "
            f"total {int_text(scores[seat])}"
        )
    return "\n".join(lines)


@attrs.frozen(kw_only=True)
class Cramps(Game[CrampsState, Play, CrampsView]):
    """The rules of Cramps, with its options.

    Args:
        players: must be 4 (C1); accepted so that a wrong count gets a clear error.
        target: the score that wins (C11), 31 by default.
        packets: the deal's packet pattern, 3s and 2s summing to 13 (C2).
        trick_values: points for winning each trick 1 … 13 (C8).
        queen_points: points for each Queen captured (C9), -1 by default.

    Raises :class:`~cardrules.RulesError` for a bad option, and for trick values and
    Queen points under which nobody could ever score a point in a round (every trick
    worth 0 and Queens 0, say): such a game could never reach the target.

    >>> Cramps(target=21).target
    21
    >>> Cramps(packets=(3, 3, 3, 2, 2)).packets
    (3, 3, 3, 2, 2)
    """

    name: ClassVar[str] = "cramps"
    higher_scores_win: ClassVar[bool] = True
    state_class: ClassVar[type | None] = CrampsState

    players: int = attrs.field(default=_PLAYERS, validator=_check_players)
    target: int = attrs.field(default=31, validator=_check_target)
    packets: tuple[int, ...] = attrs.field(default=(3, 2, 3, 2, 3), converter=_to_packets)
    trick_values: tuple[int, ...] = attrs.field(
        default=DEFAULT_TRICK_VALUES, converter=_to_trick_values
    )
    queen_points: int = attrs.field(default=-1, validator=_check_int)

    def __attrs_post_init__(self) -> None:
        if self.best_round_gain() <= 0:
            raise RulesError(
                "with these trick_values and queen_points nobody can ever score a point in "
                f"a round (the best a player can do is {int_text(self.best_round_gain())}), "
                f"so nobody could reach the target of {int_text(self.target)}: make at least "
                "one trick worth more than 0, or Queens worth more than 0"
            )

    def best_round_gain(self) -> int:
        """The most one player can score in a round: every trick of positive value (or,
        if there is none, the best single trick) with all four Queens in it if Queens
        score more than 0. A game can end only if this is positive (C11).

        >>> Cramps().best_round_gain()
        30
        """
        positive = sum(value for value in self.trick_values if value > 0)
        tricks = positive if positive > 0 else max(self.trick_values)
        return max(0, tricks + max(0, 4 * self.queen_points))

    # -- starting a game -------------------------------------------------------------

    def new_game(
        self,
        seed: int | None = None,
        *,
        dealer: int = 0,
        deck: Sequence[Card | str] | None = None,
        hands: Sequence[Sequence[Card | str]] | None = None,
        scores: Sequence[int] | None = None,
    ) -> CrampsState:
        """The first round, dealt and ready for the dealer's left to lead (C3, C4).

        Args:
            seed: makes the game reproducible: the first deal (unless stacked) and every
                later deal come from it. ``None`` (the default) draws a fresh seed from
                the operating system (:func:`cardrules.rng.new_seed`): pass your own
                only to replay a game, and keep it secret while the game is on.
            dealer: the first dealer's seat (0 by default, C3).
            deck: a stacked deck for the first deal, 52 cards listed top first.
            hands: the four hands of the first round, 13 cards each (instead of a deal).
            scores: starting totals, e.g. to analyse a late position (zeros by default).

        Raises :class:`~cardrules.SetupError` for a bad seed, dealer, deck, hands or
        scores.

        >>> state = Cramps().new_game(seed=1, dealer=3)
        >>> state.dealer, state.to_move
        (3, 0)
        """
        rng = seed_state(resolve_seed(seed))
        if not is_seat(dealer, _PLAYERS):
            raise SetupError(f"dealer must be a seat from 0 to 3, not {shown(dealer)}")
        start_scores = self._check_scores(scores)
        if deck is not None and hands is not None:
            raise SetupError("give a stacked deck or explicit hands, not both")
        if hands is not None:
            dealt = self._check_hands(hands)
        else:
            if deck is None:
                order, rng = STANDARD_DECK.shuffled(rng)
            else:
                order = STANDARD_DECK.check_order(deck)
            dealt, _ = deal(order, dealer, _PLAYERS, self.packets)
        return CrampsState(
            1,
            dealer,
            TrickRound.start(dealt, left_of(dealer, _PLAYERS)),
            (0,) * _PLAYERS,
            start_scores,
            (),
            rng,
            self,
        )

    def start(self, seed: int | None = None, **setup: Any) -> Step[CrampsState]:
        """Like :meth:`new_game`, also returning the events of the setup (the deal).

        >>> Cramps().start(seed=1).events
        (HandDealt(number=1, dealer=0, cards_each=13),)
        """
        state = self.new_game(seed, **setup)
        return Step(state, (HandDealt(1, state.dealer, _CARDS_EACH),))

    @staticmethod
    def _check_scores(scores: Sequence[int] | None) -> tuple[int, ...]:
        if scores is None:
            return (0,) * _PLAYERS
        if (
            isinstance(scores, str)
            or not isinstance(scores, Sequence)
            or len(scores) != _PLAYERS
            or any(isinstance(s, bool) or not isinstance(s, int) for s in scores)
        ):
            raise SetupError(f"scores must be 4 ints, one per seat, not {shown(scores)}")
        return tuple(scores)

    @staticmethod
    def _check_hands(hands: Sequence[Sequence[Card | str]]) -> tuple[tuple[Card, ...], ...]:
        if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != _PLAYERS:
            raise SetupError("hands must be 4 sequences of 13 cards, one per seat")
        parsed = []
        for seat, hand in enumerate(hands):
            if isinstance(hand, str) or not isinstance(hand, Sequence):
                raise SetupError(f"the hand of seat {seat} must be a sequence of cards")
            if len(hand) != _CARDS_EACH:
                raise SetupError(f"every hand must hold 13 cards; seat {seat} has {len(hand)}")
            parsed.append(tuple(sorted(Card.parse(c) for c in hand)))  # type: ignore[arg-type]
        STANDARD_DECK.check_order([card for hand in parsed for card in hand])
        return tuple(parsed)

    # -- moves -----------------------------------------------------------------------

    def legal_moves(self, state: CrampsState) -> tuple[Play, ...]:
        """The cards the player to move may play (C4, C5), in hand order; ``()`` once
        the game is over.

        >>> game = Cramps()
        >>> len(game.legal_moves(game.new_game(seed=3)))
        13
        """
        if type(state) is not CrampsState or state._rules is not self:
            self.check_state(state)
        if state.winners:
            return ()
        trick = state.play.trick
        cards = trick.cards
        hand = state.play.hands[(trick.leader + len(cards)) % _PLAYERS]
        if cards:
            led = SUIT_OF_INDEX[cards[0]]
            following = tuple([_PLAY_OF[c] for c in hand if SUIT_OF_INDEX[c] == led])
            if following:
                return following
        return tuple([_PLAY_OF[c] for c in hand])

    def _check_move(self, state: CrampsState, move: Play) -> None:
        if type(move) is not Play:
            raise self.foreign_move(move, "a Play(card)")
        if state.winners:
            raise IllegalMoveError("game_over", "the game is over; no more moves")
        if move.suit is not None:
            raise IllegalMoveError(
                "no_suit_to_name", "Cramps has no wild cards: a play names no suit"
            )
        if move.announce:
            raise IllegalMoveError("no_announcement", 'Cramps has no "one card" announcement')
        state.play.check(move.card)

    def _transition(
        self, state: CrampsState, move: Play, events: list[Event] | None
    ) -> CrampsState:
        if type(state) is not CrampsState or state._rules is not self:
            self.check_state(state)
        before = state.play
        trick = before.trick
        seat = (trick.leader + len(trick.cards)) % _PLAYERS
        # The common case is checked inline; anything else goes through _check_move,
        # which raises the precise error.
        if type(move) is Play and not state.winners and move.suit is None and not move.announce:
            card = move.card
            hand = before.hands[seat]
            if card not in hand:
                self._check_move(state, move)
            elif trick.cards:
                led = SUIT_OF_INDEX[trick.cards[0]]
                if SUIT_OF_INDEX[card] != led and any(SUIT_OF_INDEX[c] == led for c in hand):
                    self._check_move(state, move)
        else:
            self._check_move(state, move)
        play, done = before.play(move.card)
        if events is not None:
            events.append(MovePlayed(seat, move))
            events.append(CardPlayed(seat, move.card))
        if done is None:
            return CrampsState(
                state.round_number,
                state.dealer,
                play,
                state.round_scores,
                state.scores,
                (),
                state.rng,
                self,
            )
        # C6-C9: the trick is scored for its winner.
        number = len(play.tricks)
        winner = cast(int, done.winner)
        queens = sum(1 for card in done.cards if RANK_OF_INDEX[card] == Rank.QUEEN)
        points = self.trick_values[number - 1] + queens * self.queen_points
        round_scores = list(state.round_scores)
        round_scores[winner] += points
        if events is not None:
            events.append(TrickWon(winner, number, done.cards, points))
        if number < _CARDS_EACH:
            return CrampsState(
                state.round_number,
                state.dealer,
                play,
                tuple(round_scores),
                state.scores,
                (),
                state.rng,
                self,
            )
        return self._end_round(state, play, tuple(round_scores), events)

    def _end_round(
        self,
        state: CrampsState,
        play: TrickRound,
        round_scores: tuple[int, ...],
        events: list[Event] | None,
    ) -> CrampsState:
        scores = tuple(a + b for a, b in zip(state.scores, round_scores, strict=True))
        if events is not None:
            events.append(HandScored(state.round_number, round_scores, scores))
        winners = self.winners_for(scores)
        if winners:
            if events is not None:
                events.append(GameOver(winners, scores))
            return CrampsState(
                state.round_number,
                state.dealer,
                play,
                round_scores,
                scores,
                winners,
                state.rng,
                self,
            )
        # C3: the deal passes to the left; the next round is dealt from the generator.
        dealer = left_of(state.dealer, _PLAYERS)
        order, rng = STANDARD_DECK.shuffled(state.rng)
        hands, _ = deal(order, dealer, _PLAYERS, self.packets)
        if events is not None:
            events.append(HandDealt(state.round_number + 1, dealer, _CARDS_EACH))
        return CrampsState(
            state.round_number + 1,
            dealer,
            TrickRound.start(hands, left_of(dealer, _PLAYERS)),
            (0,) * _PLAYERS,
            scores,
            (),
            rng,
            self,
        )

    def projected_scores(self, state: CrampsState) -> tuple[int, ...]:
        """The totals with this round's points so far added (nobody takes the rest).

        >>> game = Cramps()
        >>> game.projected_scores(game.new_game(seed=1, scores=(3, 0, 0, 0)))
        (3, 0, 0, 0)
        """
        self.check_state(state)
        if state.winners:
            return state.scores
        return tuple(a + b for a, b in zip(state.scores, state.round_scores, strict=True))

    def winners_for(self, scores: Sequence[int]) -> tuple[int, ...]:
        """Who has won with these totals at a round's end (C11): the one player alone on
        the highest total, if it is at least the target; else nobody (play on).

        >>> game = Cramps()
        >>> game.winners_for((33, 31, 0, -54)), game.winners_for((33, 33, 31, -87))
        ((0,), ())
        """
        best = max(scores)
        if best < self.target:
            return ()
        leaders = tuple(seat for seat, score in enumerate(scores) if score == best)
        return leaders if len(leaders) == 1 else ()

    # -- views -----------------------------------------------------------------------

    def observe(self, state: CrampsState, seat: int) -> CrampsView:
        """What ``seat`` may know: its hand, the public cards and scores, not the other
        hands and not the generator.

        >>> game = Cramps()
        >>> view = game.observe(game.new_game(seed=2), seat=1)
        >>> view.hand_sizes, len(view.legal_moves)
        ((13, 13, 13, 13), 13)
        """
        self.check_state(state)
        if not is_seat(seat, _PLAYERS):
            raise SeatError(f"seat must be 0 to 3, not {shown(seat)}")
        play = state.play
        return CrampsView(
            seat,
            play.hands[seat],
            tuple(len(hand) for hand in play.hands),
            play.trick,
            play.tricks,
            state.round_number,
            state.dealer,
            state.round_scores,
            state.scores,
            state.to_move,
            state.winners,
            self.legal_moves(state) if state.to_move == seat else (),
        )

    def determinize(self, view: CrampsView, seed: int) -> CrampsState:
        """A full state that agrees with ``view``: the cards ``view.seat`` has not seen
        dealt at random to the other seats, each getting as many as it holds and none of
        a suit it has shown out of.

        Every deal that agrees with the view is equally likely: deals are drawn by
        rejection, and when that keeps failing (many voids) by counting the deals that
        agree with each way of sharing out the suits.

        >>> game = Cramps()
        >>> state = game.new_game(seed=5)
        >>> for _ in range(9):
        ...     state = game.apply(state, game.legal_moves(state)[-1])
        >>> view = game.observe(state, seat=2)
        >>> game.observe(game.determinize(view, seed=1), seat=2) == view
        True
        """
        if type(view) is not CrampsView:
            raise StateError(f"determinize needs a CrampsView, not a {type(view).__name__}")
        if not is_seat(view.seat, _PLAYERS):
            raise SeatError(f"the view's seat must be 0 to 3, not {shown(view.seat)}")
        played = [card for trick in view.tricks for card in trick.cards]
        played += view.trick.cards
        seen = set(view.hand) | set(played)
        unseen = [card for card in ALL_CARDS if card not in seen]
        voids = _voids(view)
        sizes = list(view.hand_sizes)
        sizes[view.seat] = 0
        rng = seed_state(check_seed(seed))
        hands = _deal_respecting_voids(unseen, sizes, voids, rng)
        hands[view.seat] = view.hand
        play = TrickRound(tuple(hands), view.trick, view.tricks)
        return CrampsState(
            view.round_number,
            view.dealer,
            play,
            view.round_scores,
            view.scores,
            view.winners,
            next_u64(rng)[0],
            self,
        )


def _voids(view: CrampsView) -> list[set[int]]:
    """The suits each seat has shown out of this round."""
    voids: list[set[int]] = [set() for _ in range(_PLAYERS)]
    for trick in (*view.tricks, view.trick):
        if not trick.cards:
            continue
        led = SUIT_OF_INDEX[trick.cards[0]]
        for position, card in enumerate(trick.cards[1:], start=1):
            if SUIT_OF_INDEX[card] != led:
                voids[(trick.leader + position) % _PLAYERS].add(led)
    return voids


def _deal_respecting_voids(
    cards: list[Card], sizes: list[int], voids: list[set[int]], rng: int
) -> list[tuple[Card, ...]]:
    """Deal ``cards`` to the seats with room (``sizes``), no seat getting a suit it is
    void in, every such deal equally likely."""
    seats = [seat for seat, size in enumerate(sizes) if size]
    for _ in range(100):  # cheap and exact: shuffle and deal, reject deals that break a void
        order, rng = shuffled(cards, rng)
        hands: list[tuple[Card, ...]] = [()] * _PLAYERS
        position = 0
        for seat in seats:
            hands[seat] = tuple(sorted(order[position : position + sizes[seat]]))
            position += sizes[seat]
        if all(SUIT_OF_INDEX[card] not in voids[seat] for seat in seats for card in hands[seat]):
            return hands
    return _deal_by_counting(cards, sizes, voids, seats, rng)


def _deal_by_counting(
    cards: list[Card], sizes: list[int], voids: list[set[int]], seats: list[int], rng: int
) -> list[tuple[Card, ...]]:
    """The exact sampler behind :func:`_deal_respecting_voids` for tight voids: choose
    how many cards of each suit each seat gets, weighted by how many deals agree with
    that choice, then deal each suit's cards at random."""
    by_suit = [[card for card in cards if SUIT_OF_INDEX[card] == suit] for suit in range(4)]
    allowed = [[i for i, seat in enumerate(seats) if suit not in voids[seat]] for suit in range(4)]

    def splits(suit: int, room: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every way to share the suit's cards among the seats allowed it."""
        result: list[tuple[int, ...]] = []

        def share(k: int, left: int, taken: list[int]) -> None:
            if k == len(allowed[suit]):
                if not left:
                    split = [0] * len(seats)
                    for i, count in zip(allowed[suit], taken, strict=True):
                        split[i] = count
                    result.append(tuple(split))
                return
            for count in range(min(left, room[allowed[suit][k]]) + 1):
                share(k + 1, left - count, [*taken, count])

        share(0, len(by_suit[suit]), [])
        return result

    @functools.cache
    def ways(suit: int, room: tuple[int, ...]) -> int:
        """How many deals of suits ``suit`` … ♠ fit the room left."""
        if suit == 4:
            return 0 if any(room) else 1
        return sum(
            _multinomial(split)
            * ways(suit + 1, tuple(r - c for r, c in zip(room, split, strict=True)))
            for split in splits(suit, room)
        )

    room = tuple(sizes[seat] for seat in seats)
    if not ways(0, room):
        raise StateError(
            "no deal of the unseen cards agrees with the view's hand sizes and voids: "
            "this is not a view Cramps.observe() made"
        )
    dealt: list[list[Card]] = [[] for _ in range(_PLAYERS)]
    for suit in range(4):
        options = []
        for split in splits(suit, room):
            after = tuple(r - c for r, c in zip(room, split, strict=True))
            options.append((split, after, _multinomial(split) * ways(suit + 1, after)))
        pick, rng = _randbelow_big(rng, sum(weight for _, _, weight in options))
        chosen = options[-1]
        for option in options:
            if pick < option[2]:
                chosen = option
                break
            pick -= option[2]
        order, rng = shuffled(by_suit[suit], rng)
        position = 0
        for i, count in enumerate(chosen[0]):
            dealt[seats[i]].extend(order[position : position + count])
            position += count
        room = chosen[1]
    return [tuple(sorted(hand)) for hand in dealt]


def _multinomial(split: Sequence[int]) -> int:
    total = math.factorial(sum(split))
    for count in split:
        total //= math.factorial(count)
    return total


def _randbelow_big(rng: int, n: int) -> tuple[int, int]:
    """``randbelow`` for any positive int, however large (exact, by rejection)."""
    bits = n.bit_length()
    words = (bits + 63) // 64
    while True:
        value = 0
        for _ in range(words):
            word, rng = next_u64(rng)
            value = (value << 64) | word
        value >>= words * 64 - bits
        if value < n:
            return value, rng
