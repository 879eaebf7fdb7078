"""Rule-of-thumb bots: quick, deterministic players that follow a few sensible habits.

They are the baseline a search bot has to beat, and fast opponents for simulations.
:class:`HeuristicBot` picks the habits of the game it is given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.cards import RANK_OF_INDEX, SUIT_OF_INDEX, Card, Rank, Suit
from cardrules.game import Game
from cardrules.games.craits import Craits, CraitsView, Phase
from cardrules.games.cramps.rules import Cramps, CrampsView
from cardrules.moves import Announce, CallIdiot, Move, NameSuit, Play
from cardrules.shedding.core import Action

__all__ = ["HeuristicBot", "craits_heuristic", "cramps_heuristic"]


def cramps_heuristic(game: Cramps, view: CrampsView, moves: Sequence[Move]) -> Move:
    """Cramps habits:

    - Work out what the trick is worth to its winner: its trick value plus the Queens
      in it.
    - Following suit: on a trick worth having, try to win it (the lowest winning card
      when playing last, else the highest card); on a trick to avoid, play the highest
      card that still loses, or if every card wins, the highest when last (shed a
      high card) and the lowest otherwise.
    - Unable to follow: give away a Queen (the winner takes its penalty), else the
      highest card of the shortest suit.
    - Leading: on a trick worth having, the highest card; else the lowest, never a Queen
      if avoidable.
    """
    cards = [move.card for move in moves if isinstance(move, Play)]
    trick = view.trick.cards
    value = game.trick_values[view.trick_number - 1]
    value += game.queen_points * sum(1 for c in trick if RANK_OF_INDEX[c] == Rank.QUEEN)

    def worth_having(card: Card) -> bool:
        bonus = game.queen_points if RANK_OF_INDEX[card] == Rank.QUEEN else 0
        return value + bonus > 0

    if not trick:  # leading
        if value > 0:
            return Play(max(cards, key=lambda c: (RANK_OF_INDEX[c], -c)))
        safe = [c for c in cards if RANK_OF_INDEX[c] != Rank.QUEEN] or cards
        return Play(min(safe, key=lambda c: (RANK_OF_INDEX[c], c)))
    led = SUIT_OF_INDEX[trick[0]]
    best = max(RANK_OF_INDEX[c] for c in trick if SUIT_OF_INDEX[c] == led)
    last = len(trick) == 3
    if SUIT_OF_INDEX[cards[0]] == led:  # following suit: all legal cards are of the led suit
        winners = [c for c in cards if RANK_OF_INDEX[c] > best]
        losers = [c for c in cards if RANK_OF_INDEX[c] < best]
        wanted = [c for c in winners if worth_having(c)]
        if wanted:
            return Play(min(wanted) if last else max(wanted))
        if losers:
            return Play(max(losers))
        return Play(max(cards) if last else min(cards))
    queens = [c for c in cards if RANK_OF_INDEX[c] == Rank.QUEEN]
    if queens:
        return Play(queens[0])
    length = Counter(SUIT_OF_INDEX[c] for c in view.hand)
    return Play(max(cards, key=lambda c: (-length[SUIT_OF_INDEX[c]], RANK_OF_INDEX[c])))


def _longest_suit(hand: Sequence[Card], leaving: Card | None = None) -> Suit:
    counts = Counter(SUIT_OF_INDEX[c] for c in hand if c != leaving)
    if not counts:
        return Suit.SPADES
    return Suit(max(sorted(counts), key=lambda s: counts[s]))


def craits_heuristic(game: Craits, view: CraitsView, moves: Sequence[Move]) -> Move:
    """Craits habits:

    - Always call "idiot" when it is allowed, and always say "one card".
    - In the count, raise it as much as possible (a 2 before an A).
    - Otherwise shed the card worth the most points, preferring cards that hurt the
      others (skip, make them draw); keep wild cards for when nothing else plays,
      and name the suit held most.
    """
    for move in moves:
        if isinstance(move, CallIdiot):
            return move
    if view.phase is Phase.ANNOUNCE:
        return next((m for m in moves if isinstance(m, Announce)), moves[0])
    if view.phase is Phase.NAME_SUIT:
        wanted_suit = NameSuit(_longest_suit(view.hand))
        return wanted_suit if wanted_suit in moves else moves[0]
    plays = [m for m in moves if isinstance(m, Play)]
    if not plays:
        return moves[0]
    if any(m.announce for m in plays):
        plays = [m for m in plays if m.announce]
    table = game.card_table

    def rule(move: Play) -> Any:
        return table[RANK_OF_INDEX[move.card]]

    if view.count:
        return max(plays, key=lambda m: (rule(m).count, m.card))
    hurts = {Action.SKIP, Action.OTHERS_DRAW, Action.TWO_ALONG_DRAWS}

    def preference(move: Play) -> tuple[int, int, int]:
        r = rule(move)
        return (0 if r.is_wild else 1, r.points + (10 if r.action in hurts else 0), move.card)

    choice = max(plays, key=preference)
    if choice.suit is not None:
        wanted = _longest_suit(view.hand, leaving=choice.card)
        return next((m for m in plays if m.card == choice.card and m.suit == wanted), choice)
    return choice


@attrs.frozen
class HeuristicBot:
    """The rule-of-thumb bot of whichever game it plays (:func:`cramps_heuristic`,
    :func:`craits_heuristic`); a random legal move in other games."""

    name: str = "heuristic"

    def choose(
        self, game: Game[Any, Any, Any], view: Any, moves: Sequence[Move], seed: int
    ) -> Move:
        """The habitual move; deterministic (``seed`` is used only for unknown games)."""
        if isinstance(game, Cramps):
            return cramps_heuristic(game, view, moves)
        if isinstance(game, Craits):
            return craits_heuristic(game, view, moves)
        return moves[seed % len(moves)]

    def choose_in_state(
        self, game: Game[Any, Any, Any], state: Any, moves: Sequence[Move], seed: int
    ) -> Move:
        """The same choice made from a full state, for search rollouts on states the
        searcher sampled itself (it reads only what the player to move may see)."""
        seat = state.to_move
        seen = _Seen(
            state.hands[seat],
            getattr(state, "trick", None),
            getattr(state, "trick_number", 0),
            getattr(state, "phase", None),
            getattr(state, "count", 0),
        )
        return self.choose(game, seen, moves, seed)


@attrs.frozen
class _Seen:
    """The few fields of a view the habits read."""

    hand: tuple[Card, ...]
    trick: Any
    trick_number: int
    phase: Any
    count: int
