"""Crazy Eights (the common rules, 2-5 players) built only from cardrules' primitives.

What it shows: a shedding game is a frozen attrs rules class on :class:`cardrules.Game`
that keeps a :class:`cardrules.ShedTable` (hands, stock, discard pile, suit to follow,
reshuffles) in its frozen state, checks plays with :func:`cardrules.shedding.can_play`,
and describes its cards with a table of :class:`cardrules.CardRule` rows (rules as data).

The rules, with the choices this example makes:

* 5 cards each (7 with two players), dealt one at a time from the dealer's left; the next
  card is turned up to start the discard pile. If it is an 8 it is buried at the bottom
  of the stock and the next card is turned up instead. The dealer's left plays first.
* Play a card matching the top card's suit (or the suit named for an 8) or its rank.
  Eights are wild: ``Play(card, suit=...)`` names the suit to follow (any suit).
* Instead of playing (when unable, or by choice) a player draws: ``Draw()`` takes one
  card and the player keeps the turn, to play or draw again. An empty stock is refilled
  by shuffling the discard pile but its top card. With nothing left to draw, a player who
  cannot play passes with ``Pass()``; when every player passes in a row the hand is
  blocked.
* One hand is the game. The first player out wins and scores the cards left in the others'
  hands: 50 per 8; 10 per K, Q, J and 10; 1 per ace; pip value for 2-7 and 9. In a blocked
  hand the lowest count wins (ties share) and each winner scores the others' counts less
  their own.

Run it with ``python examples/crazy_eights.py --seed 3 --games 2 --players 3``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterable, Sequence
from typing import ClassVar

import attrs

from cardrules.cards import ALL_CARDS, Card, Rank, Suit
from cardrules.deck import STANDARD_DECK
from cardrules.errors import IllegalMoveError, MoveTypeError, RulesError, SetupError
from cardrules.events import (
    CardsDrawn,
    Event,
    GameOver,
    HandBlocked,
    HandScored,
    MovePlayed,
    Reshuffled,
    SuitNamed,
)
from cardrules.game import Game
from cardrules.moves import Draw, Move, Pass, Play
from cardrules.rng import resolve_seed, seed_state
from cardrules.shedding import Action, CardRule, CardTable, ShedTable, can_play
from cardrules.table import is_seat

CARD_TABLE = CardTable(
    {
        rank: CardRule(Action.WILD, 50) if rank == Rank.EIGHT else CardRule(Action.NONE, points)
        for rank, points in zip(Rank, (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1), strict=True)
    }
)
"""What each rank does and scores left in hand: eights are wild and score 50."""
WILD_RANKS = frozenset(int(rank) for rank, rule in CARD_TABLE.items() if rule.is_wild)
_PLAYS: dict[Card, tuple[Play, ...]] = {
    card: (Play(card),) for card in ALL_CARDS if card.rank not in WILD_RANKS
}
_PLAYS |= {c: tuple(Play(c, suit=s) for s in Suit) for c in ALL_CARDS if c.rank in WILD_RANKS}
_DRAW, _PASS = Draw(), Pass()


def penalty(hand: Iterable[Card]) -> int:
    """The penalty points of cards left in a hand."""
    return sum(CARD_TABLE[card.rank].points for card in hand)


@attrs.frozen
class CrazyEightsState:
    """A game (one hand) in progress; immutable. The stock order and the generator
    inside ``table`` are hidden from :meth:`CrazyEights.observe`."""

    dealer: int
    table: ShedTable
    to_move: int | None
    """The seat to move; ``None`` once the game is over."""
    scores: tuple[int, ...]
    passes: int = 0
    """Passes in a row; one per player blocks the hand."""
    winners: tuple[int, ...] = ()

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted."""
        return self.table.hands

    @property
    def is_over(self) -> bool:
        """True once the hand has been scored."""
        return self.to_move is None

    @property
    def deal_number(self) -> int:
        """Always 1: the game is one hand."""
        return 1


@attrs.frozen
class CrazyEightsView:
    """What ``seat`` may know: its own hand, the other hands' sizes, the discard pile."""

    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    discard: tuple[Card, ...]
    suit: Suit
    stock_size: int
    to_move: int | None
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    legal_moves: tuple[Move, ...]


def _check_players(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 5:
        raise RulesError(f"Crazy Eights is for 2 to 5 players, not {value!r}")


def _can_draw(table: ShedTable) -> bool:
    return bool(table.stock) or len(table.discard) > 1


@attrs.frozen(kw_only=True)
class CrazyEights(Game[CrazyEightsState, Move, CrazyEightsView]):
    """The rules of Crazy Eights for ``players`` (2 to 5, default 4)."""

    name: ClassVar[str] = "crazy_eights"
    higher_scores_win: ClassVar[bool] = True  # the winner scores the others' cards
    players: int = attrs.field(default=4, validator=_check_players)

    def new_game(
        self,
        seed: int | None = None,
        *,
        dealer: int = 0,
        deck: Sequence[Card | str] | None = None,
    ) -> CrazyEightsState:
        """The hand dealt by ``dealer`` from a shuffle (or a stacked ``deck``, top first);
        the seed also drives reshuffles of the discard pile."""
        if not is_seat(dealer, self.players):
            raise SetupError(f"dealer must be a seat from 0 to {self.players - 1}, not {dealer!r}")
        rng = seed_state(resolve_seed(seed))  # None: a fresh seed from the OS
        if deck is None:
            order, rng = STANDARD_DECK.shuffled(rng)
        else:
            order = STANDARD_DECK.check_order(deck)
        each = 7 if self.players == 2 else 5
        t = ShedTable.deal(order, dealer, self.players, each, rng=rng)
        while t.top.rank in WILD_RANKS:  # bury a turned-up 8, turn up the next card
            stock = t.stock[1:] + (t.top,)
            t = ShedTable(t.hands, stock, t.stock[:1], t.stock[0].suit, t.direction, t.rng)
        return CrazyEightsState(dealer, t, t.seat_after(dealer), (0,) * self.players)

    def legal_moves(self, state: CrazyEightsState) -> tuple[Move, ...]:
        """Playable cards (an 8 once per suit it may name), then ``Draw()`` if there is
        anything to draw, else ``Pass()`` if no card can be played."""
        if state.to_move is None:
            return ()
        t = state.table
        moves: list[Move] = []
        for card in t.hands[state.to_move]:
            if can_play(card, t.top, t.suit, WILD_RANKS):
                moves.extend(_PLAYS[card])
        if _can_draw(t):
            moves.append(_DRAW)
        elif not moves:
            moves.append(_PASS)
        return tuple(moves)

    def _transition(
        self, state: CrazyEightsState, move: Move, events: list[Event] | None
    ) -> CrazyEightsState:
        if not isinstance(move, (Play, Draw, Pass)):
            raise MoveTypeError(f"a Crazy Eights move is Play, Draw or Pass, not {move!r}")
        seat, t = state.to_move, state.table
        if seat is None:
            raise IllegalMoveError("game_over", "the game is over; no more moves")
        log = events if events is not None else []
        if isinstance(move, Draw):
            if not _can_draw(t):
                raise IllegalMoveError("cannot_draw", "the stock and discard are used up")
            stuck = not any(can_play(c, t.top, t.suit, WILD_RANKS) for c in t.hands[seat])
            drawn = t.draw(seat, 1)
            log.append(MovePlayed(seat, move))
            if drawn.reshuffled:
                log.append(Reshuffled(seat, len(t.discard) - 1, 0))
            log.append(CardsDrawn(seat, 1, "cannot_play" if stuck else "chose_to_draw", 1))
            return attrs.evolve(state, table=drawn.table, passes=0)
        if isinstance(move, Pass):
            if Pass() not in self.legal_moves(state):
                raise IllegalMoveError("cannot_pass", "pass only when unable to play or draw")
            log.append(MovePlayed(seat, move))
            if state.passes + 1 < self.players:
                return attrs.evolve(state, to_move=t.seat_after(seat), passes=state.passes + 1)
            log.append(HandBlocked(1))
            return self._end(state, t, log, state.passes + 1)
        card = move.card
        if move.announce:
            raise IllegalMoveError("no_announcement", 'Crazy Eights has no "one card" call')
        if card not in t.hands[seat]:
            raise IllegalMoveError("not_in_hand", f"seat {seat} does not hold {card}")
        if card.rank in WILD_RANKS and move.suit is None:
            raise IllegalMoveError("wild_needs_suit", f"{card} is wild: name a suit, suit='H'")
        if card.rank not in WILD_RANKS and move.suit is not None:
            raise IllegalMoveError("no_suit_to_name", f"only an 8 names a suit, not {card}")
        if not can_play(card, t.top, t.suit, WILD_RANKS):
            msg = f"{card} matches neither the suit {t.suit} nor the rank of {t.top}"
            raise IllegalMoveError("does_not_match", msg)
        t = t.play(seat, card, move.suit)
        log.append(MovePlayed(seat, move))
        if move.suit is not None:
            log.append(SuitNamed(seat, move.suit))
        if t.hands[seat]:
            return attrs.evolve(state, table=t, to_move=t.seat_after(seat), passes=0)
        return self._end(state, t, log, 0)

    def _end(
        self, state: CrazyEightsState, t: ShedTable, log: list[Event], passes: int
    ) -> CrazyEightsState:
        """Score the hand: the lowest count (0 for the player out) wins the others' counts
        less its own."""
        counts = [penalty(hand) for hand in t.hands]
        winners = tuple(s for s, count in enumerate(counts) if count == min(counts))
        won = sum(counts) - min(counts) * len(counts)
        hand_scores = tuple(won if s in winners else 0 for s in range(len(counts)))
        scores = tuple(a + b for a, b in zip(state.scores, hand_scores, strict=True))
        log += [HandScored(1, hand_scores, scores), GameOver(winners, scores)]
        return CrazyEightsState(state.dealer, t, None, scores, passes, winners)

    def observe(self, state: CrazyEightsState, seat: int) -> CrazyEightsView:
        """``seat``'s view: no other hand, no stock order, no generator."""
        if not is_seat(seat, self.players):
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {seat!r}")
        t = state.table
        return CrazyEightsView(
            seat,
            t.hands[seat],
            tuple(len(hand) for hand in t.hands),
            t.discard,
            t.suit,
            len(t.stock),
            state.to_move,
            state.scores,
            state.winners,
            self.legal_moves(state) if state.to_move == seat else (),
        )


def main(argv: list[str] | None = None) -> None:
    """Play ``--games`` seeded random games from ``--seed``; print one line for each."""
    parser = argparse.ArgumentParser(description="Play seeded random games of Crazy Eights.")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (1)")
    parser.add_argument("--games", type=int, default=3, help="how many games (3)")
    parser.add_argument("--players", type=int, default=4, help="2 to 5 players (4)")
    args = parser.parse_args(argv)
    game = CrazyEights(players=args.players)
    for seed in range(args.seed, args.seed + args.games):
        chooser, state, turns, draws = random.Random(seed), game.new_game(seed=seed), 0, 0
        while not state.is_over:
            moves = game.legal_moves(state)  # a random card if any can be played
            move = chooser.choice([m for m in moves if isinstance(m, Play)] or moves)
            turns, draws = turns + isinstance(move, Play), draws + isinstance(move, Draw)
            state = game.apply(state, move)
        won = " and ".join(f"seat {s}" for s in state.winners)
        print(f"seed {seed}: {turns} cards played, {draws} drawn; {won} won {max(state.scores)}")


if __name__ == "__main__":
    main()
