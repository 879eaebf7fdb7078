"""Oh Hell as OpenSpiel plays it (``oh_hell``), built on cardrules' trick-taking engine.

One deal is the game. The number of tricks (unless ``num_tricks_fixed``) and the dealer
are drawn, the hands dealt, and the next card turned up: its suit is trumps. From the
dealer's left each player bids how many tricks they will take, 0 to all of them; the
dealer bids last and may not make the bids add up to the number of tricks. The dealer's
left leads; players follow suit if they can; the highest trump wins, else the highest
card of the suit led. Each player scores ``points_per_trick`` per trick taken, and 10
more for taking exactly the bid; with ``off_bid_penalty``, a player who misses the bid
scores instead ``-points_per_trick`` per trick over or under it.

The deck: ``num_suits`` suits (clubs, diamonds, spades, hearts, in OpenSpiel's order)
of ``num_cards_per_suit`` ranks each, from the two up. OpenSpiel numbers its cards
``rank * num_suits + suit`` in that suit order and its bids after the cards; the move
ids here are the same numbers (``game.move_id(move)`` is OpenSpiel's action id).

What the engine gives: the deck and a partial deal (the rest undealt), the card turned
up, a phase of bids before the play (the moves are this file's :class:`Bid`), scores
from the state's bids, views, records, and ``determinize`` for search bots. Where
OpenSpiel's code departs from its own description: it always deals the first card to
seat 0, whatever the dealer; the deal here goes from the dealer's left, as its players
sit, which deals the same hands to the same seats when seat 0 is the dealer's left and
otherwise different but equally likely ones (the peer test feeds OpenSpiel the hands
dealt here).
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar, cast

import attrs

from cardrules.cards import Card, Rank, Suit
from cardrules.errors import RulesError
from cardrules.events import Event
from cardrules.moves import Play, register_move
from cardrules.rng import randbelow
from cardrules.tricks.bids import check_bids
from cardrules.tricks.engine import TrickGame, TrickState, TrickView

#: OpenSpiel's suits, in the order it numbers them.
SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)
MADE_BID_BONUS = 10


@register_move("oh_hell_bid")
@attrs.frozen
class Bid:
    """A bid of ``tricks`` tricks."""

    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks}"


#: The bids of 0 to 51 tricks, made once (legal_moves gives these very values).
BIDS = tuple(Bid(n) for n in range(52))


def _in_range(low: int, high: int) -> Any:
    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RulesError(f"{attribute.name} must be an int from {low} to {high}, not {value!r}")

    return check


@functools.cache
def _card_ids(suits: int, ranks: int) -> tuple[Card, ...]:
    return tuple(Card(Rank(rank + 2), suit) for rank in range(ranks) for suit in SUIT_ORDER[:suits])


@functools.cache
def _deck(suits: int, ranks: int) -> tuple[Card, ...]:
    return tuple(sorted(_card_ids(suits, ranks)))


@attrs.frozen(kw_only=True)
class OhHell(TrickGame[TrickState, TrickView]):
    """OpenSpiel's Oh Hell, with its parameters (``num_tricks_fixed=-1``: drawn)."""

    name: ClassVar[str] = "oh_hell"
    higher_scores_win: ClassVar[bool] = True
    turns_up = True
    players: int = attrs.field(default=3, validator=_in_range(3, 7))
    num_suits: int = attrs.field(default=4, validator=_in_range(1, 4))
    num_cards_per_suit: int = attrs.field(default=13, validator=_in_range(2, 13))
    num_tricks_fixed: int = attrs.field(default=-1, validator=_in_range(-1, 17))
    off_bid_penalty: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))
    points_per_trick: int = attrs.field(default=1, validator=_in_range(-1000, 1000))

    def __attrs_post_init__(self) -> None:
        if self.players > len(self.deck()) - 1:
            raise RulesError(f"{len(self.deck())} cards are too few for {self.players} players")
        if self.num_tricks_fixed not in (-1, *range(1, self.max_tricks() + 1)):
            raise RulesError(f"num_tricks_fixed must be -1 or 1 to {self.max_tricks()}")

    def max_tricks(self) -> int:
        """The most tricks a deal can have: one card must be left to turn up."""
        return (len(self.deck()) - 1) // self.players

    def card_ids(self) -> tuple[Card, ...]:
        """The deck's cards in OpenSpiel's numbering (card ``i`` is its action ``i``)."""
        return _card_ids(self.num_suits, self.num_cards_per_suit)

    def deck(self) -> tuple[Card, ...]:
        """The cards of ``num_suits`` suits, ``num_cards_per_suit`` ranks from the two."""
        return _deck(self.num_suits, self.num_cards_per_suit)

    def hand_size(self, number: int, rng: int) -> tuple[int, int]:
        """``num_tricks_fixed``, or drawn from 1 to :meth:`max_tricks`, all equally likely."""
        if self.num_tricks_fixed > 0:
            return self.num_tricks_fixed, rng
        drawn, rng = randbelow(rng, self.max_tricks())
        return drawn + 1, rng

    def first_dealer(self, rng: int) -> tuple[int, int]:
        """The dealer is drawn, every seat equally likely."""
        return randbelow(rng, self.players)

    def trump_of(self, state: Any) -> int | None:
        """The suit of the card turned up."""
        return int(state.turned_up.suit)

    def start_of_deal(self, state: TrickState, events: list[Event] | None) -> TrickState:
        """The bids come first, from the dealer's left."""
        bids = (None,) * self.players
        return self.enter_phase(
            state, "bid", to_move=(state.dealer + 1) % self.players, payload=bids
        )

    def phase_moves(self, state: TrickState) -> tuple[Bid, ...]:
        """Any bid of 0 to the tricks, but the dealer's may not make the total the tricks."""
        bids, tricks = state.payload, state.hand_size
        if state.to_move != state.dealer:
            return BIDS[: tricks + 1]
        barred = tricks - sum(bid for bid in bids if bid is not None)
        if barred < 0:  # the others have bid more than the tricks: any bid will do
            return BIDS[: tricks + 1]
        return BIDS[:barred] + BIDS[barred + 1 : tricks + 1]

    def check_payload(self, state: TrickState) -> None:
        """A position's payload is the bids made so far (see :func:`check_bids`)."""
        check_bids(state, self.players, "Oh Hell")

    def phase_apply(self, state: TrickState, move: Bid, events: list[Event] | None) -> TrickState:
        """Record the bid; after the dealer's, the play begins."""
        seat = cast(int, state.to_move)  # a seat makes every phase move
        bids = (*state.payload[:seat], move.tricks, *state.payload[seat + 1 :])
        if seat == state.dealer:
            return self.begin_play(state, payload=bids)
        return self.enter_phase(state, "bid", to_move=(seat + 1) % self.players, payload=bids)

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        """A trick counts one: a deal's trick points are the tricks each seat took."""
        return 1

    def score_deal(self, state: TrickState, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        """Points per trick and the bonus for a bid made (or the off-bid penalty)."""
        per, bids = self.points_per_trick, state.payload
        if self.off_bid_penalty:
            return tuple(
                per * won + MADE_BID_BONUS if won == bid else -per * abs(won - bid)
                for won, bid in zip(round_scores, bids, strict=True)
            )
        made = (MADE_BID_BONUS * (won == bid) for won, bid in zip(round_scores, bids, strict=True))
        return tuple(per * won + bonus for won, bonus in zip(round_scores, made, strict=True))

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """One deal is the game: the highest score wins (ties share)."""
        best = max(scores)
        return tuple([seat for seat, score in enumerate(scores) if score == best])

    def length_bound(self) -> int:
        """A bid and the cards of the largest deal for every player."""
        return self.players * (self.max_tricks() + 1)

    def all_moves(self) -> tuple[Any, ...]:
        """The cards, then the bids 0 to :meth:`max_tricks`: OpenSpiel's action ids."""
        return (*(Play(card) for card in self.card_ids()), *BIDS[: self.max_tricks() + 1])
