"""Hearts (standard rules, four players, no passing) built on cardrules' trick-taking
engine.

What it shows: a trick-taking game is a frozen attrs rules class on
:class:`cardrules.tricks.engine.TrickGame`. The engine deals, makes players follow suit,
decides tricks, keeps the state, tells the events, makes views, and deals the unseen
cards consistently for search bots (``determinize``), so the library's bots play Hearts
too. This file only says what Hearts adds:

* the holder of 2♣ leads it to the first trick (:meth:`Hearts.first_leader`,
  :meth:`Hearts.restrict`);
* on the first trick nobody may play a heart or Q♠ unless they hold nothing else;
* hearts may not be led until broken (a heart or Q♠ has been played), unless the leader
  holds only hearts; Q♠ may be led at any time;
* each heart taken scores 1 and Q♠ 13 (:meth:`Hearts.trick_points`); a player who takes
  all 26 points "shoots the moon" and scores 0 while each other player scores 26
  (:meth:`Hearts.deal_points`);
* when someone has reached ``target`` (100) at the end of a hand, the lowest total wins
  (tied players share the win: :meth:`Hearts.game_winners`), so a game has at most
  sixteen hands (:meth:`Hearts.length_bound`).

The deal is one card at a time from the dealer's left (the engine's default).

Run it with ``python examples/hearts.py --seed 3 --games 2``.
"""

from __future__ import annotations

import argparse
import random
from typing import ClassVar

import attrs

from cardrules.cards import CARD_BIT, SUIT_MASK, Card, Rank, Suit
from cardrules.errors import IllegalMoveError, RulesError
from cardrules.events import HandScored
from cardrules.tricks.engine import TrickGame, TrickState, TrickView

PLAYERS = 4
TWO_OF_CLUBS = Card(Rank.TWO, Suit.CLUBS)
QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)
MOON = 26
_HEARTS = SUIT_MASK[Suit.HEARTS]
_POINTS = _HEARTS | CARD_BIT[QUEEN_OF_SPADES]  # the cards that score


def card_points(card: Card) -> int:
    """What a card scores for the player who takes it: 1 per heart, 13 for Q♠."""
    return 13 if card == QUEEN_OF_SPADES else int(card.suit == Suit.HEARTS)


class HeartsState(TrickState):
    """A Hearts game in progress (immutable): hands, tricks, scores; the generator that
    deals later hands is hidden from :meth:`Hearts.observe`."""

    __slots__ = ()

    @property
    def hand_number(self) -> int:
        """The hand being played, from 1."""
        return self.round_number

    @property
    def hearts_broken(self) -> bool:
        """Whether a heart or Q♠ has been played this hand."""
        return bool(self.played_mask & _POINTS)


@attrs.frozen
class HeartsView(TrickView):
    """What ``seat`` may know: its own hand, the public cards and the scores."""

    @property
    def hearts_broken(self) -> bool:
        """Whether a heart or Q♠ has been played this hand."""
        return any(
            CARD_BIT[card] & _POINTS for trick in (*self.tricks, self.trick) for card in trick.cards
        )


def _check_target(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RulesError(f"target must be a positive int (the default is 100), not {value!r}")


@attrs.frozen(kw_only=True)
class Hearts(TrickGame[HeartsState, HeartsView]):
    """The rules of Hearts; ``target`` is the total that ends the game (100)."""

    name: ClassVar[str] = "hearts"
    higher_scores_win: ClassVar[bool] = False
    players: ClassVar[int] = PLAYERS
    state_class: ClassVar[type[TrickState]] = HeartsState
    view_class: ClassVar[type] = HeartsView
    restricts = True  # a constant of the game, not an option
    target: int = attrs.field(default=100, validator=_check_target)

    def first_leader(self, dealer: int, dealt: tuple[int, ...]) -> int:
        """The holder of 2♣ leads the first trick."""
        return next(seat for seat, hand in enumerate(dealt) if hand & CARD_BIT[TWO_OF_CLUBS])

    def restrict(self, state: HeartsState, seat: int, allowed: int) -> int:
        """Hearts' own limits on the cards that follow suit (see the module docs)."""
        if state.trick_number == 1:
            if not state.trick_cards and allowed & CARD_BIT[TWO_OF_CLUBS]:
                return CARD_BIT[TWO_OF_CLUBS]
            return allowed & ~_POINTS or allowed  # no points on the first trick
        if not state.trick_cards and not state.hearts_broken:
            return allowed & ~_HEARTS or allowed  # no heart led before hearts break
        return allowed

    def explain_restriction(self, state: HeartsState, card: Card) -> IllegalMoveError:
        """Why :meth:`restrict` refused ``card``."""
        if state.trick_number == 1 and not state.trick_cards:
            return IllegalMoveError("must_lead_two_of_clubs", "the first trick is led with 2♣")
        if state.trick_number == 1:
            msg = f"{card}: no heart or Q♠ on the first trick while holding other cards"
            return IllegalMoveError("no_points_on_first_trick", msg)
        return IllegalMoveError(
            "hearts_not_broken", f"{card}: hearts cannot be led until a heart or Q♠ is played"
        )

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        """The points in the trick: 1 per heart, 13 for Q♠."""
        return sum(card_points(card) for card in cards)

    def deal_points(self, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        """Shooting the moon: a player who took all 26 scores 0, the others 26."""
        if MOON in round_scores:
            return tuple(0 if points == MOON else MOON for points in round_scores)
        return round_scores

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """Once someone has reached the target, the lowest total wins (ties share)."""
        if max(scores) < self.target:
            return ()
        return tuple(seat for seat, score in enumerate(scores) if score == min(scores))

    def length_bound(self) -> int:
        """The most moves a game can last (832 for the target of 100): every hand is 52
        plays and adds at least 26 to the sum of the totals (78 when someone shoots the
        moon), so after ``h`` hands someone has at least ``13h / 2``, and the game ends
        at the first hand after which someone has reached the target."""
        return 52 * (2 * (self.target - 1) // 13 + 1)


def main(argv: list[str] | None = None) -> None:
    """Play ``--games`` seeded random games from ``--seed``; print one line for each."""
    parser = argparse.ArgumentParser(description="Play seeded random games of Hearts.")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (1)")
    parser.add_argument("--games", type=int, default=2, help="how many games (2)")
    args = parser.parse_args(argv)
    game = Hearts()
    for seed in range(args.seed, args.seed + args.games):
        chooser, state, moons = random.Random(seed), game.new_game(seed=seed), 0
        while not state.is_over:
            step = game.step(state, chooser.choice(game.legal_moves(state)))
            state = step.state
            moons += sum(isinstance(e, HandScored) and MOON in e.hand_scores for e in step.events)
        won = " and ".join(f"seat {s}" for s in state.winners)
        print(f"seed {seed}: {state.hand_number} hands, {moons} moon(s), {state.scores}: {won} won")


if __name__ == "__main__":
    main()
