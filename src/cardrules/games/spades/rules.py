"""Partnership Spades as OpenSpiel plays it (``spades``), built on cardrules' trick-taking
engine.

Four players, seats 0 and 2 against seats 1 and 3, thirteen cards each. From the
dealer's left each player bids the tricks they will take, 0 meaning Nil; partners' bids
may not add up to more than 13. Spades are trumps; players follow suit if they can; the
dealer's left leads. A partnership that takes at least its combined bid scores 10 per
trick bid and 1 per trick over (a "bag"), and loses 100 each time its bags reach
another ten; one that takes fewer loses 10 per trick bid. A Nil bid scores 100 for the
partnership if that player takes no trick, and loses 100 if they take any (their tricks
still count toward the partner's bid). Both partners have the partnership's score.

Where OpenSpiel's code departs from its description, the default here follows the code,
and an option gives the description:

* its code never counts spades as broken: a player may lead a spade only when holding
  nothing else, all deal long (``spades_break=True``: once a spade has been played);
* one deal is its game, scored as above from zero; a partnership whose deal score
  reaches ``win_threshold`` and beats the other's adds ``win_or_loss_bonus``, one at or
  below ``mercy_threshold`` (unless it is 0) and behind the other's loses it, whatever
  ``use_mercy_rule`` says (the second partnership is compared with the first's score
  after its bonus). ``full_game=True``: deals until a partnership's total reaches
  ``win_threshold`` or, with ``use_mercy_rule``, falls to ``mercy_threshold``; the
  partnership ahead then adds ``win_or_loss_bonus`` and the other loses it.

The first dealer is seat 3, so that seat 0 bids and leads first and card ``k`` of the
deck goes to seat ``k % 4``, as in OpenSpiel. Cards are OpenSpiel's card ids (suit *
13 + rank, clubs first) and bids follow them (``Bid(0)`` is action 52): the move ids
here are OpenSpiel's action ids.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar, cast

import attrs

from cardrules.cards import SUIT_MASK, Card, Suit
from cardrules.errors import IllegalMoveError, RulesError
from cardrules.events import Event
from cardrules.moves import register_move
from cardrules.tricks.bids import check_bids
from cardrules.tricks.engine import TrickGame, TrickState, TrickView

PLAYERS = 4
NIL_POINTS = 100
BAG_PENALTY = 100
_SPADES = SUIT_MASK[Suit.SPADES]


@register_move("spades_bid")
@attrs.frozen
class Bid:
    """A bid of ``tricks`` tricks (0 is Nil)."""

    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks or 'Nil'}"


#: Nil and the bids of 1 to 13, made once (legal_moves gives these very values).
BIDS = tuple(Bid(n) for n in range(14))


def _check_int(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{attribute.name} must be an int, not {value!r}")


def _check_bool(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise RulesError(f"{attribute.name} must be True or False, not {value!r}")


@attrs.frozen(kw_only=True)
class Spades(TrickGame[TrickState, TrickView]):
    """OpenSpiel's Spades, with its parameters and the two options for its description."""

    name: ClassVar[str] = "spades"
    players: ClassVar[int] = PLAYERS
    trump = Suit.SPADES
    restricted_follows = 0  # (restrict concerns the leads only)
    use_mercy_rule: bool = attrs.field(default=True, validator=_check_bool)
    mercy_threshold: int = attrs.field(default=-350, validator=_check_int)
    win_threshold: int = attrs.field(default=500, validator=_check_int)
    win_or_loss_bonus: int = attrs.field(default=200, validator=_check_int)
    spades_break: bool = attrs.field(default=False, validator=_check_bool)
    full_game: bool = attrs.field(default=False, validator=_check_bool)

    def __attrs_post_init__(self) -> None:
        if self.full_game and self.mercy_threshold >= 0 <= self.win_threshold:
            raise RulesError("a full game needs mercy_threshold < 0 or win_threshold > 0")

    def first_dealer(self, rng: int) -> tuple[int, int]:
        """Seat 3 deals first: seat 0 bids and leads, as in OpenSpiel."""
        return 3, rng

    def start_of_deal(self, state: TrickState, events: list[Event] | None) -> TrickState:
        """The bids come first, from the dealer's left."""
        return self.enter_phase(state, "bid", to_move=(state.dealer + 1) % 4, payload=(None,) * 4)

    def phase_moves(self, state: TrickState) -> tuple[Bid, ...]:
        """Nil or 1 to 13, the partners' bids adding up to 13 at most."""
        partner = state.payload[(cast(int, state.to_move) + 2) % 4]
        return BIDS[: 14 - (partner or 0)]

    def check_payload(self, state: TrickState) -> None:
        """A position's payload is the bids made so far (see :func:`check_bids`)."""
        check_bids(state, PLAYERS, "Spades")

    def phase_apply(self, state: TrickState, move: Bid, events: list[Event] | None) -> TrickState:
        """Record the bid; after the dealer's, the play begins."""
        seat = cast(int, state.to_move)
        bids = (*state.payload[:seat], move.tricks, *state.payload[seat + 1 :])
        if seat == state.dealer:
            return self.begin_play(state, payload=bids)
        return self.enter_phase(state, "bid", to_move=(seat + 1) % 4, payload=bids)

    def restrict(self, state: TrickState, seat: int, allowed: int) -> int:
        """A spade is led only by a player with nothing else (or once spades broke)."""
        if state.trick_cards or (self.spades_break and state.played_mask & _SPADES):
            return allowed
        return allowed & ~_SPADES or allowed

    def explain_restriction(self, state: TrickState, card: Card) -> IllegalMoveError:
        """Why :meth:`restrict` refused a spade lead."""
        when = "until spades are broken" if self.spades_break else "while you hold another suit"
        return IllegalMoveError("spades_not_broken", f"{card}: no spade may be led {when}")

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        """A trick counts one: a deal's trick points are the tricks each seat took."""
        return 1

    def score_deal(self, state: TrickState, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        """Each partnership's score for the deal, for both partners (see the module docs),
        with the bonus and the loss of a full game that it ends."""
        bids, sides = state.payload, []
        for seat in (0, 1):
            bid, won = bids[seat] + bids[seat + 2], round_scores[seat] + round_scores[seat + 2]
            nils = sum(
                NIL_POINTS * (-1 if round_scores[s] else 1) for s in (seat, seat + 2) if not bids[s]
            )
            if won < bid:
                sides.append(nils - 10 * bid)
                continue
            bags = int(math.fmod(state.scores[seat], 10)) + won - bid  # as OpenSpiel counts them
            sides.append(nils + 10 * bid + won - bid - BAG_PENALTY * int(bags / 10))
        bonus = self.win_or_loss_bonus
        if not self.full_game:  # OpenSpiel's code: the deal's scores against the thresholds
            for side in (0, 1):  # in this order, the second seeing the first's bonus
                if sides[side] >= self.win_threshold and sides[side] > sides[1 - side]:
                    sides[side] += bonus
                elif self.mercy_threshold and self.mercy_threshold >= sides[side] < sides[1 - side]:
                    sides[side] -= bonus
        elif len(self.game_winners(self._totals(state.scores, sides))) == 2:
            ahead = 0 if sides[0] + state.scores[0] > sides[1] + state.scores[1] else 1
            sides[ahead] += bonus
            sides[1 - ahead] -= bonus
        return self._totals((0,) * 4, sides)

    @staticmethod
    def _totals(scores: tuple[int, ...], sides: list[int]) -> tuple[int, ...]:
        return tuple(score + sides[seat % 2] for seat, score in enumerate(scores))

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """The partnership ahead, once the game is over (after one deal, or with
        ``full_game`` at a threshold); a tie shares the win, or plays on in a full game."""
        ours, theirs = scores[0], scores[1]
        if self.full_game:
            low = self.use_mercy_rule and min(ours, theirs) <= self.mercy_threshold
            if ours == theirs or (max(ours, theirs) < self.win_threshold and not low):
                return ()
        if ours == theirs:
            return (0, 1, 2, 3)
        return (0, 2) if ours > theirs else (1, 3)

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Seats 0 and 2 against seats 1 and 3."""
        return ((0, 2), (1, 3))

    def length_bound(self) -> int | None:
        """One deal: 4 bids and 52 cards; a full game has no bound."""
        return None if self.full_game else 56

    def all_moves(self) -> tuple[Any, ...]:
        """The 52 cards, then the bids Nil to 13: OpenSpiel's action ids."""
        return (*super().all_moves(), *BIDS)
