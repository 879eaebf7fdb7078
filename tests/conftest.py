"""Shared test configuration and helpers.

Hypothesis profiles:

* ``ci`` (the default): no deadline, enough examples to catch regressions while the
  whole suite stays fast, the same ones on every run (derandomized).
* ``thorough``: many more examples, new ones on every run; select it with
  ``HYPOTHESIS_PROFILE=thorough``.

The helpers below are plain functions; test modules import them with
``from conftest import ...`` (pytest puts this directory on ``sys.path``).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from hypothesis import HealthCheck, settings

import cardrules as cr

# "ci" is sized to keep the whole suite within its CPU budget on a slow 2-core machine;
# "thorough" (HYPOTHESIS_PROFILE=thorough) runs a hundred times as many examples.
settings.register_profile(
    "ci",
    deadline=None,
    max_examples=40,
    # The same examples on every run: a game's cost varies twentyfold with the players
    # and the seed, so random draws made the suite's time, and its budget, a lottery.
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    deadline=None,
    max_examples=4000,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def engine_games() -> dict[str, Any]:
    """Every game on the engines, by name: Cramps, Craits (three players), the five
    peer games, Skat, President and UNO, each at its defaults, but shorter where a game would
    be long (Oh Hell, Euchre, Spades) and with every phase a game has reached (Euchre's
    lone defenders, Spades' Blind Nil, offered at every deal)."""
    return {
        "cramps": cr.Cramps(),
        "craits": cr.Craits(players=3),
        "oh-hell": cr.OhHell(largest_hand=2),  # deals of 2, 1, 2 cards
        "euchre": cr.Euchre(lone_defender=True, target=2),  # two or three deals
        "spades": cr.Spades(target=100, blind_nil=True, blind_nil_behind=None),
        "hearts": cr.Hearts(),
        "crazy-eights": cr.CrazyEights(),
        "skat": cr.Skat(deals=2),  # (a lost Null game ends its deal early)
        "president": cr.President(deals=2),  # (the exchange before the second deal)
        "uno": cr.Uno(target=100),  # (a game of a few hands)
    }


ALL_52: tuple[cr.Card, ...] = tuple(cr.Card.from_index(i) for i in range(52))
"""The 52 cards in index order (2♣ … A♠)."""

SEED_MAX = 2**64 - 1


def cards(text: str) -> tuple[cr.Card, ...]:
    """Cards from text like ``"QS 10h 2♣"``."""
    return cr.parse_cards(text)


def card(text: str) -> cr.Card:
    """One card from text."""
    return cr.Card.parse(text)


def fill_hands(fixed: Mapping[int, str] | None = None) -> tuple[tuple[cr.Card, ...], ...]:
    """Four 13-card hands: each seat's ``fixed`` cards, then the unused cards in index
    order to make up 13 (seat 0 filled first)."""
    fixed = fixed or {}
    hands = [list(cards(fixed.get(seat, ""))) for seat in range(4)]
    used = {c for hand in hands for c in hand}
    assert len(used) == sum(len(hand) for hand in hands), "fixed cards overlap"
    rest = [c for c in ALL_52 if c not in used]
    for hand in hands:
        while len(hand) < 13:
            hand.append(rest.pop(0))
    assert not rest
    return tuple(tuple(hand) for hand in hands)


def suit_hands() -> tuple[tuple[cr.Card, ...], ...]:
    """Seat 0 holds every club, seat 1 every diamond, seat 2 every heart, seat 3 every
    spade: whoever leads first wins all thirteen tricks."""
    return tuple(tuple(cr.Card(rank, suit) for rank in cr.Rank) for suit in cr.Suit)


def stack_deck(
    hands: Sequence[Sequence[cr.Card]],
    dealer: int = 0,
    packets: Sequence[int] = (3, 2, 3, 2, 3),
) -> list[cr.Card]:
    """A 52-card deck order (top first) that, dealt by ``dealer`` in ``packets``,
    gives each seat the cards of ``hands``.

    Written out by hand from rule C2 (not with the library's deal code): for each packet
    size, each player from the dealer's left round to the dealer takes that many cards.
    """
    remaining = [list(hand) for hand in hands]
    deck: list[cr.Card] = []
    for size in packets:
        for offset in (1, 2, 3, 4):
            seat = (dealer + offset) % 4
            deck.extend(remaining[seat][:size])
            del remaining[seat][:size]
    assert not any(remaining)
    return deck


def play_cards(
    game: cr.Cramps, state: cr.CrampsState, texts: Iterable[str]
) -> tuple[cr.CrampsState, list[cr.Event]]:
    """Play the given cards in order (each by the seat to move) and collect the events."""
    events: list[cr.Event] = []
    for text in texts:
        step = game.step(state, cr.Play(card(text)))
        state = step.state
        events.extend(step.events)
    return state, events


def play_first_moves(
    game: cr.Cramps, state: cr.CrampsState, count: int
) -> tuple[cr.CrampsState, list[cr.Event]]:
    """Play ``count`` moves, each time the first legal move, collecting the events."""
    events: list[cr.Event] = []
    for _ in range(count):
        step = game.step(state, game.legal_moves(state)[0])
        state = step.state
        events.extend(step.events)
    return state, events


def finish_round(game: cr.Cramps, state: cr.CrampsState) -> tuple[cr.CrampsState, list[cr.Event]]:
    """Play first legal moves until the round in progress has been scored."""
    events: list[cr.Event] = []
    number = state.round_number
    while True:
        step = game.step(state, game.legal_moves(state)[0])
        state = step.state
        events.extend(step.events)
        if any(isinstance(e, cr.HandScored) and e.number == number for e in step.events):
            return state, events


def with_cramps_hands(
    state: cr.CrampsState, hands: Sequence[Sequence[cr.Card]], rng: int | None = None
) -> cr.CrampsState:
    """The same Cramps position with other hands (each seat keeping its number of
    cards; the cards already played stay as they were) and, if given, another hidden
    generator state. Built from the engine's private parts: states have no public way
    to change hidden information, on purpose."""
    from cardrules.tricks.state import DealInfo

    deal = state._deal
    played: list[list[cr.Card]] = [[] for _ in range(4)]
    for trick in (*state.tricks, state.trick):
        for seat, card in trick.plays(4):
            played[seat].append(card)
    dealt = tuple(cr.cards.mask_of([*hands[s], *played[s]]) for s in range(4))
    left = cr.cards.mask_of([c for hand in hands for c in hand])
    new_deal = DealInfo(
        deal._rules,
        deal._number,
        deal._dealer,
        dealt,
        deal._scores,
        deal._rng if rng is None else rng,
        deal._winners,
    )
    return type(state)(
        new_deal, left, state._leader, state._cards, state._tricks, state._round_scores
    )


E = TypeVar("E", bound=cr.Event)


def events_of(events: Iterable[cr.Event], kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


class _Finishes(Protocol):
    @property
    def is_over(self) -> bool: ...


S = TypeVar("S", bound=_Finishes)
M = TypeVar("M")


def iter_random_game(
    game: cr.Game[S, M, Any],
    seed: int,
    move_seed: int,
    *,
    dealer: int | None = None,
    max_moves: int = 100_000,
) -> Iterator[tuple[S, M, cr.Step[S]]]:
    """Play a game with random legal moves (a ``random.Random`` seeded with
    ``move_seed`` picks them); yield ``(state_before, move, step)`` for every move.
    ``dealer=None`` leaves the first dealer to the game's default (Cramps: seat 0;
    Craits draws for it).

    Fails if the game has not ended after ``max_moves`` moves.
    """
    chooser = random.Random(move_seed)
    state = game.new_game(seed, dealer=dealer) if dealer is not None else game.new_game(seed)
    for _ in range(max_moves):
        if state.is_over:
            return
        move = chooser.choice(game.legal_moves(state))
        step = game.step(state, move)
        yield state, move, step
        state = step.state
    raise AssertionError(f"{game!r} seed={seed} move_seed={move_seed} did not end")
