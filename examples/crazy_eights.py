"""Crazy Eights (the common rules, 2-5 players) built on cardrules' shedding engine.

What it shows: a shedding game is a frozen attrs rules class on
:class:`cardrules.shedding.engine.SheddingGame` with a table of :class:`cardrules.CardRule`
rows (what each rank does and scores: rules as data) and a few policies. The engine
deals, matches cards, carries out wild cards, draws and reshuffles, keeps the state,
tells the events, makes views, and deals the unseen cards for search bots
(``determinize``), so the library's bots play Crazy Eights too. This file only says
what Crazy Eights chooses:

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
from collections.abc import Iterable
from typing import ClassVar

import attrs

from cardrules.cards import Card, Rank
from cardrules.errors import RulesError
from cardrules.moves import Draw, Play
from cardrules.shedding import Action, CardRule, CardTable
from cardrules.shedding.engine import SheddingGame
from cardrules.shedding.state import ShedState, ShedView

CARD_TABLE = CardTable(
    {
        rank: CardRule(Action.WILD, 50) if rank == Rank.EIGHT else CardRule(Action.NONE, points)
        for rank, points in zip(Rank, (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1), strict=True)
    }
)
"""What each rank does and scores left in hand: eights are wild and score 50."""


def penalty(hand: Iterable[Card]) -> int:
    """The penalty points of cards left in a hand."""
    return sum(CARD_TABLE[card.rank].points for card in hand)


class CrazyEightsState(ShedState):
    """A game (one hand) in progress; immutable. The stock order and the generator are
    hidden from :meth:`CrazyEights.observe`."""

    __slots__ = ()


@attrs.frozen
class CrazyEightsView(ShedView):
    """What ``seat`` may know: its own hand, the other hands' sizes, the discard pile."""


def _check_players(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 5:
        raise RulesError(f"Crazy Eights is for 2 to 5 players, not {value!r}")


@attrs.frozen(kw_only=True)
class CrazyEights(SheddingGame[CrazyEightsState, CrazyEightsView]):
    """The rules of Crazy Eights for ``players`` (2 to 5, default 4)."""

    name: ClassVar[str] = "crazy_eights"
    higher_scores_win: ClassVar[bool] = True  # the winner scores the others' cards
    state_class: ClassVar[type[ShedState]] = CrazyEightsState
    view_class: ClassVar[type] = CrazyEightsView
    card_table: ClassVar[CardTable] = CARD_TABLE  # type: ignore[misc]
    turned_up_acts = False  # a turned-up 8 is buried instead
    draw_only_when_stuck = False  # drawing is always allowed
    draw_keeps_turn = True
    pass_when_stuck = True
    players: int = attrs.field(default=4, validator=_check_players)

    def cards_each(self, hand_number: int) -> int:
        """5 cards each, 7 with two players."""
        return 7 if self.players == 2 else 5

    def hand_scores(self, hands: tuple[tuple[Card, ...], ...], blocked: bool) -> tuple[int, ...]:
        """The lowest count (0 for the player out) wins the others' counts less its own."""
        counts = [penalty(hand) for hand in hands]
        low = min(counts)
        won = sum(counts) - low * len(counts)
        return tuple(won if count == low else 0 for count in counts)

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """Whoever scored the hand (everybody, if the counts were all equal)."""
        return tuple(seat for seat, score in enumerate(scores) if score == max(scores))


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
