"""Helpers shared by the Craits and shedding-core tests: stacking decks, setting up
explicit positions, playing scripted moves and random games.

Test modules import them with ``from craits_helpers import ...`` (pytest puts the
``tests`` directory on ``sys.path``). Nothing here uses the library's own dealing code:
:func:`manual_deal` is written straight from rule K5 so that tests can check the deal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import cardrules as cr
from conftest import card, cards, events_of, iter_random_game

__all__ = [
    "as_move",
    "card",
    "cards",
    "events_of",
    "finish_hand",
    "iter_random_game",
    "manual_deal",
    "play",
    "plays_listed",
    "position",
    "rest_of_deck",
    "scored",
    "short",
    "table_cards",
    "with_fields",
    "with_table",
]


def rest_of_deck(game: cr.Craits, used: Iterable[cr.Card]) -> list[cr.Card]:
    """The cards of ``game``'s deck not in ``used`` (as a multiset), in index order.

    Raises ``AssertionError`` if ``used`` holds a card the deck does not have (or too
    many copies of one)."""
    left = Counter(game.deck.cards())
    for c in used:
        assert left[c] > 0, f"{c} is not (or no longer) in the deck"
        left[c] -= 1
    return sorted(left.elements())


def position(
    game: cr.Craits,
    hands: Sequence[str],
    stock: str,
    below: str = "",
    *,
    dealer: int = 0,
    rest_to: int | None = None,
    seed: int = 0,
    **setup: Any,
) -> cr.CraitsState:
    """An explicit position: ``hands`` (card text per seat) and ``stock`` (card text,
    top first; its first card is turned up), followed by the cards ``below`` it.

    The cards of the deck not named anywhere go to the bottom of the stock (in index
    order), or, with ``rest_to=seat``, into that seat's hand (to leave a tiny stock).
    """
    held = [list(cards(text)) for text in hands]
    pile = list(cards(stock)) + list(cards(below))
    rest = rest_of_deck(game, [c for hand in held for c in hand] + pile)
    if rest_to is None:
        pile.extend(rest)
    else:
        held[rest_to].extend(rest)
    return game.new_game(seed, dealer=dealer, hands=held, stock=pile, **setup)


def with_fields(
    state: cr.CraitsState,
    *,
    table: cr.ShedTable | None = None,
    penalties: tuple[int, ...] | None = None,
    scores: tuple[int, ...] | None = None,
) -> cr.CraitsState:
    """``state`` with another table (hands, stock, discard, suit, direction, generator),
    penalties or scores: for positions no deal can give. Built from the engine's private
    parts: states have no public way to change their cards, on purpose."""
    return type(state)(
        state._hand,
        state.table if table is None else table,
        state.to_move,
        state.phase,
        state.count,
        state.count_out,
        state.exposed,
        state.forfeits,
        state.idle_turns,
        state.penalties if penalties is None else penalties,
        state.scores if scores is None else scores,
        state.draws_this_turn,
        state.cards_played,
    )


def with_table(state: cr.CraitsState, table: cr.ShedTable) -> cr.CraitsState:
    """``state`` with another table (see :func:`with_fields`)."""
    return with_fields(state, table=table)


def as_move(move: cr.Move | str) -> cr.Move:
    """A move from a short text: ``"9H"`` plays, ``"8C:H"`` plays a wild naming ♥,
    ``"JH!"`` plays saying "one card", ``"draw"`` draws; moves pass through."""
    if not isinstance(move, str):
        return move
    if move == "draw":
        return cr.Draw()
    announce = move.endswith("!")
    text = move.rstrip("!")
    suit = None
    if ":" in text:
        text, suit = text.split(":")
    return cr.Play(card(text), suit=suit, announce=announce)


def play(
    game: cr.Craits, state: cr.CraitsState, *moves: cr.Move | str
) -> tuple[cr.CraitsState, list[cr.Event]]:
    """Make the moves in order (each by whoever is to move) and collect the events."""
    events: list[cr.Event] = []
    for move in moves:
        step = game.step(state, as_move(move))
        state = step.state
        events.extend(step.events)
    return state, events


def plays_listed(game: cr.Craits, state: cr.CraitsState) -> set[cr.Card]:
    """The cards the player to move may play now."""
    return {m.card for m in game.legal_moves(state) if isinstance(m, cr.Play)}


def manual_deal(
    deck: Sequence[cr.Card], dealer: int, players: int, cards_each: int, direction: int = 1
) -> tuple[list[list[cr.Card]], cr.Card, list[cr.Card]]:
    """Deal by hand from rule K5: one card at a time from the top, starting next to the
    dealer in ``direction``, until everyone has ``cards_each``; then the next card is
    turned up. Returns (hands in the order received, turned-up card, stock top first)."""
    hands: list[list[cr.Card]] = [[] for _ in range(players)]
    position_ = 0
    for _ in range(cards_each):
        for offset in range(1, players + 1):
            hands[(dealer + direction * offset) % players].append(deck[position_])
            position_ += 1
    return hands, deck[position_], list(deck[position_ + 1 :])


def table_cards(state: cr.CraitsState) -> Counter[cr.Card]:
    """Every card on the table: hands, stock and discard pile."""
    counter: Counter[cr.Card] = Counter(state.table.stock)
    counter.update(state.table.discard)
    for hand in state.hands:
        counter.update(hand)
    return counter


def finish_hand(
    game: cr.Craits, state: cr.CraitsState, *, pick: int = 0
) -> tuple[cr.CraitsState, list[cr.Event]]:
    """Make legal moves (the ``pick``-th, wrapped) until the hand in progress has been
    scored; return the state and the events."""
    number = state.hand_number
    events: list[cr.Event] = []
    for _ in range(100_000):
        moves = game.legal_moves(state)
        step = game.step(state, moves[pick % len(moves)])
        state = step.state
        events.extend(step.events)
        if any(isinstance(e, cr.HandScored) and e.number == number for e in step.events):
            return state, events
    raise AssertionError("the hand did not end")


LAST_SHORT: dict[str, Any] = {"hand_number": 8}
"""Start at the last hand of a short game: the game ends with the hand."""


def short(players: int = 3, **options: object) -> cr.Craits:
    """A short game (V1) of Craits for ``players`` with other ``options``."""
    return cr.Craits(players=players, short_game=True, **options)  # type: ignore[arg-type]


def scored(events: list[cr.Event]) -> cr.HandScored:
    """The one HandScored event among ``events``."""
    (event,) = events_of(events, cr.HandScored)
    return event
