"""Mau-Mau, written in a program of your own on the library's shedding engine.

The tutorial (docs/build-your-own.md) builds this file step by step. What it shows:

* the deck as data (``DeckSpec``: 32 cards, seven to ace) and what each card does and
  scores as a table (``CardTable`` of ``CardRule`` rows: a 7 makes the next player
  draw two unless they add a 7 of their own, an 8 skips the next player, a jack is
  wild and names the suit to follow);
* a game is a frozen attrs class on ``cardrules.shedding.engine.SheddingGame``: its
  options are attrs fields (here ``players``), the engine's policies class
  attributes (a player who cannot play draws one card, plays it if it fits, else
  passes), and a few hooks say what is dealt and how a hand is scored;
* everything else comes with the engine: matching, the special cards, drawing and
  reshuffling, turns, events, views, records, move ids and ``determinize``;
* its ``name`` registers it (a name of its own, not one of the library's games).

Here the library's search bot (ISMCTS) sits in seat 0 against random players, and the
game is told from its events. Run it with, for example::

    python examples/mau_mau.py --seed 3
    python examples/mau_mau.py --seed 3 --players 2 --iterations 200
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import ClassVar

import attrs

import cardrules as cr
from cardrules.bots import Bot, ISMCTSBot, RandomBot
from cardrules.deck import DeckSpec
from cardrules.options import integer
from cardrules.shedding import CardRule, CardTable
from cardrules.shedding.engine import SheddingGame
from cardrules.shedding.state import ShedState, ShedView

DECK = DeckSpec(removed_ranks=(2, 3, 4, 5, 6))

CARD_TABLE = CardTable(
    {
        **{rank: CardRule("none", min(int(rank), 10)) for rank in cr.Rank},
        cr.Rank.SEVEN: CardRule("none", 7, count=2, starts_count=True),
        cr.Rank.EIGHT: CardRule("skip", 8),
        cr.Rank.JACK: CardRule("wild", 20),
    }
)


@attrs.frozen(kw_only=True)
class MauMau(SheddingGame[ShedState, ShedView]):
    """Mau-Mau for 2 to 5 players: five cards each, as many hands as players (each
    deals once), and the fewest points left in hand over the hands wins."""

    name: ClassVar[str] = "tutorial_mau_mau"
    higher_scores_win: ClassVar[bool] = False
    card_table = CARD_TABLE
    # Stuck, a player draws one card and plays it if it fits, else passes.
    draw_keeps_turn = True
    draw_limit = 1
    pass_when_stuck = True

    players: int = attrs.field(default=4, validator=integer(2, 5))

    @property
    def deck(self) -> DeckSpec:
        """Seven to ace in each suit."""
        return DECK

    @property
    def hands_in_game(self) -> int:
        """One hand dealt by each player."""
        return self.players

    def cards_each(self, hand_number: int) -> int:
        """Five cards each, every hand."""
        return 5

    def hand_scores(self, hands: tuple[tuple[cr.Card, ...], ...], blocked: bool) -> tuple[int, ...]:
        """The points of the cards each player still holds."""
        return tuple(sum(CARD_TABLE[card.rank].points for card in hand) for hand in hands)


def play(seed: int, players: int, iterations: int) -> ShedState:
    """Play one game, the search bot in seat 0, printing what happens."""
    game = MauMau(players=players)
    bots: list[Bot] = [ISMCTSBot(iterations=iterations), *[RandomBot()] * (players - 1)]
    decisions = random.Random(seed)
    print(f"Mau-Mau for {players}: the search bot ({iterations} iterations) in seat 0")
    start = game.start(seed=seed)
    state, events = start.state, list(start.events)
    while True:
        for event, text in cr.narrate(events, game=game):
            if isinstance(event, cr.HandScored | cr.GameOver):
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
    parser.add_argument("--players", type=int, default=4, help="2 to 5 (default 4)")
    parser.add_argument(
        "--iterations", type=int, default=30, help="the search bot's iterations a move"
    )
    args = parser.parse_args(argv)
    try:
        play(args.seed, args.players, args.iterations)
    except (cr.RulesError, cr.BotError) as error:  # an option out of range: say which
        parser.error(str(error))


if __name__ == "__main__":
    main()
