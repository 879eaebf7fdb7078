"""Random playouts of a trick-taking deal on card masks: the search bot's rollouts
(:meth:`TrickGame.random_playout <cardrules.tricks.engine.TrickGame.random_playout>`)
without a state, a move object or an event per card.

It covers the games whose play needs no hook but the trick's points and
:meth:`~cardrules.tricks.engine.TrickGame.restrict`: the printed suits, the engine's
own trick winner and trump (:attr:`TrickGame.trump`). A game that restricts its plays
(Hearts) is shown the state the engine would be in, built for that question only. It
plays exactly the cards the engine's ``legal_moves`` and ``apply`` would from the same
random numbers (the ``k``-th legal card in hand order), scores the deal with the game's
own :meth:`~cardrules.tricks.engine.TrickGame.score_deal`, and stops there: the next
deal is never dealt, since only the scores are wanted. A game whose deal may end early
(:meth:`~cardrules.tricks.engine.TrickGame.deal_over`) is asked after each trick, as
the engine asks it.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from cardrules.cards import ALL_CARDS, SUIT_MASK
from cardrules.errors import StateError
from cardrules.tricks.core import winning_index

__all__ = ["plain_playout", "plays_plainly"]


def plays_plainly(rules: Any, state: Any, limit: int) -> bool:
    """Whether :func:`plain_playout` plays the rest of ``state``'s deal for ``rules``:
    a game whose play has no hook but the trick's points and what it restricts, in the
    play (no phase), not over, with at most ``limit`` cards left to play."""
    deal = state._deal
    return (
        rules._plain_tricks
        and not rules.effective_suits
        and deal._phase is None
        and not deal._winners
        and state._left.bit_count() <= limit
    )


def plain_playout(rules: Any, state: Any, random: Callable[[], float]) -> tuple[int, ...]:
    """The game scores at the end of ``state``'s deal after uniformly random cards, for
    a game and state :func:`plays_plainly` accepts: the ``int(random() * n)``-th of the
    ``n`` legal cards, in hand order, at each turn."""
    deal = state._deal
    order, dealt, size, trump = deal._order, deal._dealt, deal._size, rules.trump
    trick_points, new_state = rules.trick_points, rules.state_class
    restrict = rules.restrict if rules.restricts else None
    restricted = rules.restricted_follows  # (None: in every trick)
    deal_over = rules.deal_over if rules._ends_early else None
    left, leader, tricks = state._left, state._leader, state._tricks
    cards: tuple[Any, ...] = state._cards
    round_scores: tuple[int, ...] = state._round_scores
    seats, follow = order[leader], SUIT_MASK[cards[0] // 13] if cards else 0
    while left:
        seat = seats[len(cards)]
        allowed = dealt[seat] & left
        if follow:
            allowed = allowed & follow or allowed
        if restrict is not None and (not cards or restricted is None or len(tricks) < restricted):
            allowed = restrict(
                new_state(deal, left, leader, cards, tricks, round_scores), seat, allowed
            )
            if not allowed:
                name = type(rules).__name__
                raise StateError(f"{name}.restrict left seat {seat} no card to play")
        skip = int(random() * allowed.bit_count())
        while skip:  # drop the lowest cards up to the chosen one
            allowed &= allowed - 1
            skip -= 1
        bit = allowed & -allowed
        left ^= bit
        card = ALL_CARDS[bit.bit_length() - 1]
        if not cards:
            follow = SUIT_MASK[card // 13]
        cards = (*cards, card)
        if len(cards) == size:
            winner = seats[winning_index(cards, trump)]
            tricks = (*tricks, (leader, cards, winner))
            points = trick_points(len(tricks), cards)
            if points:
                round_scores = (
                    *round_scores[:winner],
                    round_scores[winner] + points,
                    *round_scores[winner + 1 :],
                )
            leader, cards, follow, seats = winner, (), 0, order[winner]
            if (
                deal_over is not None
                and left
                and deal_over(new_state(deal, left, leader, (), tricks, round_scores))
            ):
                break  # (the cards left stay unplayed)
    # The deal's last position, every trick in it, as the engine shows it to score_deal.
    final = new_state(deal, left, tricks[-1][2] if tricks else leader, (), tricks, round_scores)
    return tuple(map(operator.add, deal._scores, rules.score_deal(final, round_scores)))
