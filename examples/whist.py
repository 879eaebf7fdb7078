"""Whist, written in a program of your own on the library's trick-taking engine.

The tutorial (docs/build-your-own.md) builds this file step by step. What it shows:

* a game is a frozen attrs class on ``cardrules.tricks.engine.TrickGame``: its options
  are attrs fields (here ``target``), its rules the engine's hooks it fills in:
  ``trick_points``, ``score_deal`` and ``game_winners`` score it, ``teams`` names the
  partnerships, ``draw_before_deal`` and ``start_of_deal`` turn up the dealer's last
  card, ``trump_of`` makes its suit trumps, and ``known_cards`` tells the search bot
  that the dealer holds that card;
* everything else comes with the engine: following suit, tricks, deals, events,
  views, records, move ids and ``determinize``, so the library's bots play it;
* its ``name`` registers it (a name of its own, not one of the library's games), so
  records name it and read it back.

Here the library's search bot (ISMCTS) partners seats 0 and 2 against two random
players, and the game is told from its events. Run it with, for example::

    python examples/whist.py --seed 3
    python examples/whist.py --seed 3 --target 7 --iterations 200
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

import cardrules as cr
from cardrules.bots import Bot, ISMCTSBot, RandomBot
from cardrules.cards import CARD_BIT
from cardrules.events import CardTurnedUp, Event
from cardrules.options import integer
from cardrules.rng import randbelow
from cardrules.tricks.engine import TrickGame, TrickState, TrickView

SIDES = ((0, 2), (1, 3))


@attrs.frozen(kw_only=True)
class Whist(TrickGame[TrickState, TrickView]):
    """Whist for four, seats 0 and 2 against seats 1 and 3: the dealer's last card is
    turned up for trumps, a side scores a point for each trick it takes over six, and
    the first side to ``target`` points wins."""

    name: ClassVar[str] = "tutorial_whist"
    players: ClassVar[int] = 4
    target: int = attrs.field(default=5, validator=integer(1))

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The two partnerships."""
        return SIDES

    def trick_points(self, number: int, cards: tuple[cr.Card, ...]) -> int:
        """Each trick counts one for the seat that wins it."""
        return 1

    def score_deal(self, state: TrickState, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        """From the tricks each seat took: a point per trick over six for both partners
        of the side that took them."""
        points = [0] * self.players
        for side in SIDES:
            over = sum(round_scores[seat] for seat in side) - 6
            for seat in side:
                points[seat] = max(over, 0)
        return tuple(points)

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """The side that has reached the target (one side at most scores in a deal)."""
        for side in SIDES:
            if scores[side[0]] >= self.target:
                return side
        return ()

    def draw_before_deal(self, number: int, rng: int) -> tuple[int, int]:
        """Which of the dealer's 13 cards is dealt last: any of them, equally likely."""
        return randbelow(rng, 13)

    def start_of_deal(self, state: TrickState, events: list[Event] | None) -> TrickState:
        """Turn the dealer's last card face up; it is the deal's payload, seen by all."""
        card = state.hands[state.dealer][state.payload]
        if events is not None:
            events.append(CardTurnedUp(state.dealer, card))
        return self.begin_play(state, payload=card)

    def trump_of(self, state: Any) -> int | None:
        """The suit of the turned-up card (``state`` is a state or a view)."""
        return int(state.payload.suit)

    def known_cards(self, view: TrickView) -> tuple[int, ...]:
        """Everyone knows the dealer holds the turned-up card until it is played."""
        known = [0] * self.players
        card = CARD_BIT[view.payload]
        if not view.played_mask & card:
            known[view.dealer] = card
        return tuple(known)

    def check_payload(self, state: TrickState) -> None:
        """A position in the play (``position(..., payload=card)``) names the turned-up
        card, one of the dealer's."""
        card = state.payload
        if not isinstance(card, cr.Card):
            raise cr.SetupError(f"the payload is the turned-up card, not {card!r}")
        dealt = state.hand_mask(state.dealer) | state.played_mask
        if not dealt & CARD_BIT[card]:
            raise cr.SetupError(f"the turned-up card {card} is not one of the dealer's")


def play(seed: int, target: int, iterations: int) -> TrickState:
    """Play one game, the search bot for seats 0 and 2, printing what happens."""
    game = Whist(target=target)
    search, rand = ISMCTSBot(iterations=iterations), RandomBot()
    bots: list[Bot] = [search, rand, search, rand]
    decisions = random.Random(seed)
    print(f"Whist to {target}: the search bot ({iterations} iterations) for seats 0 and 2")
    start = game.start(seed=seed)
    state, events = start.state, list(start.events)
    while True:
        for event, text in cr.narrate(events, game=game):
            if isinstance(event, CardTurnedUp | cr.HandScored | cr.GameOver):
                print(text)
        seat = state.to_move
        if seat is None:  # the game is over
            return state
        moves = game.legal_moves(state)
        move = bots[seat].choose(game, game.observe(state, seat), moves, decisions.getrandbits(32))
        step = game.step(state, move)
        state, events = step.state, list(step.events)


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and play one game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")
    parser.add_argument("--target", type=int, default=5, help="points that win (default 5)")
    parser.add_argument(
        "--iterations", type=int, default=30, help="the search bot's iterations a move"
    )
    args = parser.parse_args(argv)
    try:
        play(args.seed, args.target, args.iterations)
    except (cr.RulesError, cr.BotError) as error:  # an option out of range: say which
        parser.error(str(error))


if __name__ == "__main__":
    main()
