"""The engine of trick-taking games: deals, legal moves, transitions, views and
determinization, for any game in which every player plays one card to each trick from
one 52-card deck dealt out in full.

A game is a subclass that sets its options and scores: :meth:`TrickGame.trick_points`
(what a trick is worth to its winner) and :meth:`TrickGame.game_winners` (who has won
at the end of a deal), and, where it differs from the defaults, the deal's packets, the
first leader, a trump suit, extra restrictions on what may be played
(:meth:`TrickGame.restrict`), and a last adjustment of a deal's scores. Everything else
(follow suit, trick winners, dealing, events, views, records, and a ``determinize``
that lets the library's search bots play the game) comes from here. Cramps is one such
game (:mod:`cardrules.games.cramps.rules`); the Hearts example is another.

The states and views are in :mod:`cardrules.tricks.state`; the rules of play (following
suit, who wins a trick, what play reveals) in the core, :mod:`cardrules.tricks.core`.
"""

from __future__ import annotations

import operator
from typing import ClassVar, TypeVar, cast

from cardrules._text import shown
from cardrules.cards import (
    ALL_CARDS,
    CARD_BIT,
    FULL_MASK,
    SUIT_MASK,
    SUIT_OF_INDEX,
    Card,
    Suit,
    cards_of_mask,
    suit_cards,
)
from cardrules.deck import deal_masks, deal_unseen
from cardrules.errors import IllegalMoveError, SeatError, StateError
from cardrules.events import (
    CardPlayed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    MovePlayed,
    TrickWon,
)
from cardrules.game import Game
from cardrules.moves import Play
from cardrules.rng import check_seed, next_u64, seed_state, shuffled_positions
from cardrules.seats import is_seat
from cardrules.tricks.core import follow_mask, refuse_play, voids_of, winning_index
from cardrules.tricks.setup import TrickSetup
from cardrules.tricks.state import TrickRecord, TrickState, TrickView, _Deal, tricks_as_records
from cardrules.values import with_slots

__all__ = ["TrickGame", "TrickState", "TrickView", "plays_of_mask"]

_PLAY_OF: tuple[Play, ...] = tuple(Play(card) for card in ALL_CARDS)
_PLAYS: list[list[tuple[Play, ...] | None]] = [[None] * 8192 for _ in range(4)]


def _suit_plays(suit: int, pattern: int) -> tuple[Play, ...]:
    """The plays of the cards of ``suit`` whose ranks are the bits of ``pattern``."""
    row = _PLAYS[suit]
    plays = row[pattern]
    if plays is None:
        plays = row[pattern] = tuple(_PLAY_OF[card] for card in suit_cards(suit, pattern))
    return plays


_P0, _P1, _P2, _P3 = _PLAYS
_OTHER_SUITS = tuple(FULL_MASK & ~SUIT_MASK[suit] for suit in range(4))
# Lists index a little faster than tuples with a Card (an int subclass).
_SUIT_OF = list(SUIT_OF_INDEX)
_BIT = list(CARD_BIT)


def plays_of_mask(mask: int) -> tuple[Play, ...]:
    """``Play(card)`` for every card of a card mask, in hand order (suit, then rank).

    >>> from cardrules.cards import mask_of, parse_cards
    >>> [str(play) for play in plays_of_mask(mask_of(parse_cards("AS 2C 3C")))]
    ['2♣', '3♣', 'A♠']
    """
    plays: tuple[Play, ...] = ()
    pattern = mask & 0x1FFF
    if pattern:
        plays = _P0[pattern] or _suit_plays(0, pattern)
    pattern = (mask >> 13) & 0x1FFF
    if pattern:
        plays += _P1[pattern] or _suit_plays(1, pattern)
    pattern = (mask >> 26) & 0x1FFF
    if pattern:
        plays += _P2[pattern] or _suit_plays(2, pattern)
    pattern = mask >> 39
    if pattern:
        plays += _P3[pattern] or _suit_plays(3, pattern)
    return plays


S = TypeVar("S", bound=TrickState)
V = TypeVar("V", bound=TrickView)


class TrickGame(TrickSetup, Game[S, Play, V]):
    """Base class of trick-taking games: see the module documentation.

    Subclasses are frozen attrs classes holding their options (with a ``players``
    field or constant). They implement :meth:`trick_points` and :meth:`game_winners`,
    and may override :meth:`deal_packets`, :meth:`first_leader`, :meth:`restrict` (set
    ``restricts = True`` too), :meth:`deal_points` and :attr:`trump`.
    """

    __slots__ = ()

    state_class: ClassVar[type[TrickState]] = TrickState
    view_class: ClassVar[type] = TrickView
    trump: ClassVar[Suit | None] = None
    """The trump suit, if the game has one."""
    restricts: ClassVar[bool] = False
    """Whether :meth:`restrict` narrows what may be played (off: the engine skips it)."""

    # -- what a game says ------------------------------------------------------------

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        """What winning trick ``number`` (1-based), made of ``cards``, scores."""
        raise NotImplementedError

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """Who has won with these totals at the end of a deal; empty to play on."""
        raise NotImplementedError

    def deal_packets(self) -> tuple[int, ...]:
        """The packet sizes of a deal: one card at a time by default."""
        return (1,) * (52 // self.players)

    def first_leader(self, dealer: int, dealt: tuple[int, ...]) -> int:
        """Who leads the first trick of a deal: the dealer's left by default."""
        return (dealer + 1) % self.players

    def restrict(self, state: S, seat: int, allowed: int) -> int:
        """Narrow the cards ``seat`` may play (a mask that already follows suit); only
        called when :attr:`restricts` is set. Refusals of cards taken out here get
        their message from :meth:`explain_restriction`."""
        return allowed

    def explain_restriction(self, state: S, card: Card) -> IllegalMoveError:
        """The error for ``card`` when :meth:`restrict` does not allow it."""
        return IllegalMoveError("not_allowed_now", f"{card} may not be played now")

    def deal_points(self, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        """The deal's scores as they count, from the points of its tricks (unchanged
        by default)."""
        return round_scores

    def next_dealer(self, dealer: int) -> int:
        """Who deals next: the player to the left by default."""
        return (dealer + 1) % self.players

    # -- starting a game -------------------------------------------------------------

    def _start_deal(
        self,
        number: int,
        dealer: int,
        dealt: tuple[int, ...],
        scores: tuple[int, ...],
        rng: int,
        events: list[Event] | None,
    ) -> S:
        if events is not None:
            events.append(HandDealt(number, dealer, 52 // len(dealt)))
        deal = _Deal(self, number, dealer, dealt, scores, rng)
        leader = self.first_leader(dealer, dealt)
        state: S = self.state_class(deal, FULL_MASK, leader, (), (), (0,) * len(dealt))  # type: ignore[assignment]
        return state

    # -- moves -----------------------------------------------------------------------

    def legal_moves(self, state: S) -> tuple[Play, ...]:
        """The cards the player to move may play, in hand order (follow suit if able,
        and whatever else the game restricts); ``()`` once the game is over."""
        try:
            if state._deal._rules is not self:
                raise AttributeError
        except AttributeError:
            self.check_state(state)
        allowed = state._allowed
        cards = state._cards
        led = _SUIT_OF[cards[0]] if cards else -1
        if allowed is None:
            # The one legality test, remembered in the state (apply needs it again):
            # follow suit if able (tricks.follow_mask, written out here because this is
            # the hottest line of a playout), then the game's own restrictions.
            deal = state._deal
            seat = (state._leader + len(cards)) % deal._players
            allowed = deal._dealt[seat] & state._left
            if cards:
                allowed = allowed & SUIT_MASK[led] or allowed
            if self.restricts:
                allowed = self.restrict(state, seat, allowed)
            state._allowed = allowed
        if cards and not allowed & _OTHER_SUITS[led]:  # the usual case when following
            pattern = allowed >> 13 * led
            return _PLAYS[led][pattern] or _suit_plays(led, pattern)
        return plays_of_mask(allowed)

    def _refuse(self, state: S, move: object) -> Exception:
        """The error for a move :meth:`legal_moves` does not allow."""
        if type(move) is not Play:
            return self.foreign_move(move, "a Play(card)")
        if state._deal._winners:
            return IllegalMoveError("game_over", "the game is over; no more moves")
        if move.suit is not None:
            title = type(self).__name__
            return IllegalMoveError(
                "no_suit_to_name", f"{title} has no wild cards: a play names no suit"
            )
        if move.announce:
            title = type(self).__name__
            return IllegalMoveError("no_announcement", f'{title} has no "one card" announcement')
        deal, cards = state._deal, state._cards
        seat = (state._leader + len(cards)) % deal._players
        hand = deal._dealt[seat] & state._left
        led = SUIT_OF_INDEX[cards[0]] if cards else None
        if follow_mask(hand, led) >> move.card & 1:
            return self.explain_restriction(state, move.card)
        return refuse_play(hand, move.card, led)

    def transition(self, state: S, move: Play, events: list[Event] | None) -> S:
        return self.apply(state, move, _events=events)

    def apply(
        self, state: S, move: Play, *, seat: int | None = None, _events: list[Event] | None = None
    ) -> S:
        """The state after ``move`` (see :meth:`Game.apply <cardrules.game.Game.apply>`).

        The transition of every trick-taking game is written here once; ``step`` uses
        it too, through the private ``_events`` list.
        """
        try:
            deal = state._deal
            if deal._rules is not self:
                raise AttributeError
        except AttributeError:
            self.check_state(state)
            deal = state._deal
        if seat is not None:
            self.check_sender(state, move, seat)
        allowed = state._allowed
        if allowed is None:
            self.legal_moves(state)  # works out the allowed cards and keeps them
            allowed = cast(int, state._allowed)
        if type(move) is not Play or move.suit is not None or move.announce:
            raise self._refuse(state, move)
        card = move.card
        if not allowed >> card & 1:
            raise self._refuse(state, move)
        cards = state._cards + (card,)
        leader = state._leader
        players = deal._players
        # The new state is filled in here rather than through __init__ (a third
        # cheaper): it is this function's own object until it is returned.
        new = _new_state(self.state_class)
        new._deal = deal
        new._left = left = state._left ^ _BIT[card]
        new._allowed = None
        if _events is not None:
            seat = (leader + len(cards) - 1) % players
            _events.append(MovePlayed(seat, move))
            _events.append(CardPlayed(seat, card))
        if len(cards) < players:
            new._leader = leader
            new._cards = cards
            new._tricks = state._tricks
            new._round_scores = state._round_scores
            return new  # type: ignore[return-value]
        # C6: the trick is complete; its winner scores it and leads the next.
        winner = (leader + winning_index(cards, self.trump)) % players
        tricks = (*state._tricks, (leader, cards, winner))
        number = len(tricks)
        points = self.trick_points(number, cards)
        round_scores = state._round_scores
        if points:
            round_scores = (
                *round_scores[:winner],
                round_scores[winner] + points,
                *round_scores[winner + 1 :],
            )
        if _events is not None:
            _events.append(TrickWon(winner, number, cards, points))
        if not left:
            return self._end_deal(deal, tricks, round_scores, _events)
        new._leader = winner
        new._cards = ()
        new._tricks = tricks
        new._round_scores = round_scores
        return new  # type: ignore[return-value]

    def _end_deal(
        self,
        deal: _Deal,
        tricks: tuple[TrickRecord, ...],
        round_scores: tuple[int, ...],
        events: list[Event] | None,
    ) -> S:
        """Score the deal; then either the game is over or the next deal is dealt."""
        counted = self.deal_points(round_scores)
        scores = tuple(map(operator.add, deal._scores, counted))
        if events is not None:
            events.append(HandScored(deal._number, counted, scores))
        winners = self.game_winners(scores)
        if winners:
            if events is not None:
                events.append(GameOver(winners, scores))
            over = _Deal(self, deal._number, deal._dealer, deal._dealt, scores, deal._rng, winners)
            state: S = self.state_class(over, 0, tricks[-1][2], (), tricks, counted)  # type: ignore[assignment]
            return state
        dealer = self.next_dealer(deal._dealer)
        positions, rng = shuffled_positions(52, deal._rng)
        dealt = deal_masks(positions, dealer, self.players, self.deal_packets())
        return self._start_deal(deal._number + 1, dealer, dealt, scores, rng, events)

    def projected_scores(self, state: S) -> tuple[int, ...]:
        """The totals with this deal's points so far added (nobody takes the rest)."""
        self.check_state(state)
        if state.is_over:
            return state.scores
        return tuple(a + b for a, b in zip(state.scores, state._round_scores, strict=True))

    # -- views -----------------------------------------------------------------------

    def observe(self, state: S, seat: int) -> V:
        """What ``seat`` may know: its hand, the public cards and scores, not the other
        hands and not the generator."""
        self.check_state(state)
        players = self.players
        if not is_seat(seat, players):
            raise SeatError(f"seat must be 0 to {players - 1}, not {shown(seat)}")
        deal, left = state._deal, state._left
        to_move = state.to_move
        view: V = self.view_class(
            seat,
            cards_of_mask(deal._dealt[seat] & left),
            tuple((dealt & left).bit_count() for dealt in deal._dealt),
            state.trick,
            state.tricks,
            deal._number,
            deal._dealer,
            state._round_scores,
            deal._scores,
            to_move,
            deal._winners,
            self.legal_moves(state) if to_move == seat else (),
        )
        return view

    def determinize(self, view: V, seed: int) -> S:
        """A full state that agrees with ``view``: the cards ``view.seat`` has not seen
        dealt at random to the other seats, each getting as many as it holds and none of
        a suit it has shown out of; every such deal equally likely
        (:func:`cardrules.deck.deal_unseen`). ``observe(determinize(view, seed),
        view.seat) == view``."""
        if type(view) is not self.view_class:
            raise StateError(
                f"determinize needs a {self.view_class.__name__}, not a {type(view).__name__}"
            )
        players = self.players
        if not is_seat(view.seat, players) or len(view.hand_sizes) != players:
            raise SeatError(f"the view's seat must be 0 to {players - 1}, not {shown(view.seat)}")
        played: list[list[Card]] = [[] for _ in range(players)]
        for trick in (*view.tricks, view.trick):
            for seat, card in trick.plays(players):
                played[seat].append(card)
        seen = set(view.hand).union(*played)
        unseen = [card for card in ALL_CARDS if card not in seen]
        sizes = list(view.hand_sizes)
        sizes[view.seat] = 0
        rng = seed_state(check_seed(seed))
        hands = deal_unseen(unseen, sizes, voids_of(view.tricks, view.trick, players), rng)
        hands[view.seat] = view.hand
        dealt = tuple(
            sum(CARD_BIT[card] for card in (*hands[seat], *played[seat])) for seat in range(players)
        )
        left = sum(CARD_BIT[card] for hand in hands for card in hand)
        deal = _Deal(
            self,
            view.round_number,
            view.dealer,
            dealt,
            view.scores,
            next_u64(rng)[0],
            view.winners,
        )
        trick = view.trick
        state: S = self.state_class(  # type: ignore[assignment]
            deal,
            left,
            trick.leader,
            trick.cards,
            tricks_as_records(view.tricks, players),
            view.round_scores,
        )
        return state

    def generator_of(self, state: S) -> int:
        """The generator that deals the later deals (kept with the deal)."""
        self.check_state(state)
        return state._deal._rng

    def with_generator(self, state: S, generator: int) -> S:
        """``state`` with another generator for the later deals."""
        self.check_state(state)
        return with_slots(state, _deal=with_slots(state._deal, _rng=generator))  # type: ignore[return-value]

    def absent_cards(self, state: S, move: Play) -> frozenset[Card]:
        """A card that does not follow suit shows the player holds none of the suit led.

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> state = game.position(["AS 3H", "2D 5D", "QS", "2H 4H"], leader=2, trick="3C")
        >>> len(game.absent_cards(state, cr.Play("4H")))  # seat 3 shows out of clubs
        13
        """
        self.check_state(state)
        cards = state._cards
        if not cards or type(move) is not Play or _SUIT_OF[move.card] == _SUIT_OF[cards[0]]:
            return frozenset()
        return frozenset(suit_cards(_SUIT_OF[cards[0]], 0x1FFF))

    # -- move ids --------------------------------------------------------------------

    def all_moves(self) -> tuple[Play, ...]:
        """Every move of the game, in move-id order: ``Play(card)`` for each card."""
        return _PLAY_OF


_new_state = object.__new__
