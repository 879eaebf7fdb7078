"""Cramps: four players, thirteen tricks a round, every trick worth its own points and
every captured Queen -1; first to 31 wins.

Cramps is a configuration of the trick-taking engine
(:class:`~cardrules.tricks.engine.TrickGame`): this module holds its options, the deal in
packets, the trick values, the Queen penalty and who wins (C11). Following suit, trick
winners, dealing, events, views and determinization come from the engine. Rule numbers
(C1 …) refer to the library's rules reference.

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

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from cardrules._text import int_text, shown
from cardrules.cards import ALL_CARDS, Card, Rank
from cardrules.encoding.fields import GameField
from cardrules.errors import RulesError, SetupError
from cardrules.events import Event
from cardrules.games.cramps.heuristic import cramps_heuristic
from cardrules.options import integer
from cardrules.tricks.engine import TrickGame, TrickState, TrickView

__all__ = ["DEFAULT_TRICK_VALUES", "Cramps", "CrampsState", "CrampsView"]

DEFAULT_TRICK_VALUES = (0, -1, 3, 3, -3, 0, 5, 5, -5, 0, 7, 7, -7)
"""The points for winning trick 1 … 13 (rule C8)."""

_PLAYERS = 4
_IS_QUEEN = [int(card.rank == Rank.QUEEN) for card in ALL_CARDS]


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


def _to_trick_values(value: Sequence[int]) -> tuple[int, ...]:
    values = tuple(value) if isinstance(value, Sequence) and not isinstance(value, str) else ()
    if len(values) != 13 or any(isinstance(v, bool) or not isinstance(v, int) for v in values):
        raise RulesError(f"trick_values must be 13 ints, one per trick, not {shown(value)}")
    return values


class CrampsState(TrickState):
    """A Cramps game in progress. Immutable; see :class:`Cramps` for the transitions.

    It offers the round number, the dealer, the hands, the trick being played and this
    round's tricks, the round's points so far (``round_scores``) and the game totals
    before the round (``scores``). The generator that deals the next rounds is part of
    the state but hidden from :meth:`Cramps.observe`.
    """

    __slots__ = ()


@attrs.frozen
class CrampsView(TrickView):
    """What one seat may know: its own hand, everything played in public, the scores.

    Other hands appear only as their sizes; the generator is not included.
    """


@attrs.frozen(kw_only=True)
class Cramps(TrickGame[CrampsState, CrampsView]):
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
    deal_word: ClassVar[str] = "round"
    state_class: ClassVar[type[TrickState]] = CrampsState
    view_class: ClassVar[type] = CrampsView

    players: int = attrs.field(default=_PLAYERS, validator=integer(_PLAYERS, _PLAYERS))
    target: int = attrs.field(default=31, validator=integer(1))
    packets: tuple[int, ...] = attrs.field(default=(3, 2, 3, 2, 3), converter=_to_packets)
    trick_values: tuple[int, ...] = attrs.field(
        default=DEFAULT_TRICK_VALUES, converter=_to_trick_values
    )
    queen_points: int = attrs.field(default=-1, validator=integer())

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

    def length_bound(self) -> None:
        """``None``: under any options, Cramps sets no bound on the number of moves.
        Every round is 52 plays, but a round ends the game only when one player is
        alone on the highest total, at or above the target (C11): while the highest
        total is shared another round is played, and nothing in the rules stops it
        being shared at the end of every round. (And with trick values and Queen points
        that add up to 0 or less in a round, nobody need ever reach the target.) Hosts
        cap a game with :meth:`~cardrules.Game.move_cap`; see the rules page.

        >>> Cramps().length_bound() is None, Cramps().move_cap()
        (True, 100000)
        """
        return None

    # -- what the engine asks --------------------------------------------------------

    def deal_packets(self, hand_size: int = 13) -> tuple[int, ...]:
        """C2: 13 cards each, dealt in packets (3, 2, 3, 2, 3 by default)."""
        return self.packets

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        """C8, C9: trick ``number``'s value, plus ``queen_points`` for each Queen in it.

        >>> from cardrules.cards import parse_cards
        >>> Cramps().trick_points(3, parse_cards("QS 2S 5S QH"))
        1
        """
        queen = _IS_QUEEN
        queens = 0
        for card in cards:
            queens += queen[card]
        return self.trick_values[number - 1] + queens * self.queen_points

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """C11, see :meth:`winners_for`."""
        return self.winners_for(scores)

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

    def heuristic(self, view: CrampsView, moves: Sequence[Any]) -> Any:
        """The rule-of-thumb move (:func:`~cardrules.games.cramps.heuristic.cramps_heuristic`)."""
        return cramps_heuristic(self, view, moves)

    encoded_fields_version: ClassVar[int] = 2
    """The version of Cramps' own field of the encoding (its trick values, after the
    trick-taking family's fields); Cramps' layout 1 was an encoder of its own."""

    def encoded_fields(self) -> tuple[GameField, ...]:
        """Cramps' own field of the encoding (:mod:`cardrules.encoding.tricks`), after
        the family's: ``trick_values`` (13), the value of the trick being played and of
        each one after it (0 past the 13th; all 0 once the game is over) divided by the
        largest trick value in absolute value (at least 1).

        >>> game = Cramps()
        >>> [field.name for field in game.encoded_fields()]
        ['trick_values']
        >>> list(game.encoded_fields()[0].fill(game.observe(game.new_game(seed=1), 0)))[:3]
        [0.0, -0.14285714285714285, 0.42857142857142855]
        """
        windows = self._value_windows()
        return (
            GameField(
                "trick_values",
                13,
                lambda view: windows[view.trick_number - 1],
                "value of this trick and the next ones / the largest value",
                -1,
                1,
                of_state=lambda state, seat: windows[state.trick_number - 1],
                same_for_every_seat=True,
            ),
        )

    def _value_windows(self) -> tuple[tuple[float, ...], ...]:
        """The ``trick_values`` field by trick number - 1 (the 14th: the game is over)."""
        values = self.trick_values
        scale = max(1, *map(abs, values))
        return tuple(
            tuple(values[n + j] / scale if n + j < 13 else 0.0 for j in range(13))
            for n in range(14)
        )

    # -- starting a game (documented here; the engine does it) ------------------------

    def setup_state(
        self,
        seed: int | None,
        events: list[Event] | None,
        *,
        dealer: int = 0,
        deck: Sequence[Card | str] | None = None,
        hands: Sequence[Sequence[Card | str]] | None = None,
        scores: Sequence[int] | None = None,
        round_number: int = 1,
    ) -> CrampsState:
        """The setup behind :meth:`new_game` and :meth:`start` (their keywords are these):
        the first round, dealt and ready for the dealer's left to lead (C3, C4).

        Args:
            seed: makes the game reproducible: the first deal (unless stacked) and every
                later deal come from it. ``None`` (the default) draws a fresh seed from
                the operating system (:func:`cardrules.rng.new_seed`): pass your own
                only to replay a game, and keep it secret while the game is on.
            dealer: the first dealer's seat (0 by default, C3).
            deck: a stacked deck for the first deal, 52 cards listed top first.
            hands: the four hands of the first round, 13 cards each (instead of a deal).
            scores: starting totals, e.g. to analyse a late position (zeros by default).
            round_number: the number of the round dealt (1 by default). With ``dealer``,
                ``scores`` and the cards (``deck`` or ``hands``) it sets up the start of
                any round a game can reach, as a host with explicit chance needs:
                nothing else carries over from one round to the next (the later rounds
                are dealt from ``seed``).

        Raises :class:`~cardrules.SetupError` for a bad seed, dealer, deck, hands,
        scores or round number.

        >>> state = Cramps().new_game(seed=1, dealer=3)
        >>> state.dealer, state.to_move
        (3, 0)
        >>> later = Cramps().new_game(seed=1, dealer=1, scores=(25, 3, 12, 0), round_number=5)
        >>> later.round_number, later.to_move, later.scores
        (5, 2, (25, 3, 12, 0))
        >>> Cramps().start(seed=1).events  # the same state, and the events of the deal
        (HandDealt(number=1, dealer=0, cards_each=13),)
        """
        if dealer is None:  # the engine's "the game's first dealer": always given here (C3)
            raise SetupError("dealer must be a seat from 0 to 3, not None")
        state: CrampsState = super().setup_state(
            seed,
            events,
            dealer=dealer,
            deck=deck,
            hands=hands,
            scores=scores,
            round_number=round_number,
        )
        return state
