"""``Uno.rlcard()`` against RLCard's ``uno`` (rlcard 1.2.0), move for move.

Each game is dealt by the library; RLCard's ``UnoGame`` is then made to hold the same
deal: its generator (``np_random``) is replaced by :class:`Stacked`, whose ``shuffle``
puts the cards in the order the library's game dealt or reshuffled them, and whose
``choice`` gives the colour the library's game drew for a wild. At every step the two
games must offer the same moves (the library's moves as RLCard's action strings,
compared as sets), agree on the whole table after the move (each hand, the stock in
order, the pile, the card and colour to match, whose turn it is and the direction), and
at the end give the same returns. The moves are chosen at random among the legal ones.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from cardrules.decks import UNO_108
from cardrules.games.uno import Uno
from cardrules.moves import Play
from cardrules.shedding.events import CardsDrawn, PileReshuffled
from cardrules.shedding.moves import Draw

pytest.importorskip("rlcard")
from rlcard.games.uno.game import UnoGame  # type: ignore[import-untyped]
from rlcard.games.uno.utils import ACTION_LIST, init_deck  # type: ignore[import-untyped]

# The colours of UNO_108 (red, yellow, blue, green) as RLCard writes them.
LETTER = ("r", "y", "b", "g")
TRAIT = {
    "skip": "skip",
    "reverse": "reverse",
    "draw_two": "draw_2",
    "wild": "wild",
    "wild_draw_four": "wild_draw_4",
}
Key = tuple[str, str]  # RLCard's (colour, trait); a wild's colour is "" (it has none)
MAX_STEPS = 3_000  # RLCard has no cap; a game this long stops being compared


def key_of(card: Any) -> Key:
    """A card of UNO_108 as RLCard's (colour, trait)."""
    kind = card.kind
    if kind == "number":
        return (LETTER[card.suit], str(card.rank))
    if kind in ("wild", "wild_draw_four"):
        return ("", TRAIT[kind])
    return (LETTER[card.suit], TRAIT[kind])


CARD_OF = {key_of(card): card for card in UNO_108.kind_cards}


def rl_key(card: Any) -> Key:
    """An RLCard card as (colour, trait); a wild's colour (set when it was played) is
    left out."""
    return ("", card.trait) if card.type == "wild" else (card.color, card.trait)


def action_of(move: Any) -> str:
    """The library's move as RLCard's action string."""
    if isinstance(move, Draw):
        return "draw"
    assert isinstance(move, Play), move
    colour, trait = key_of(move.card)
    if move.suit is not None:
        colour = LETTER[int(move.suit)]
    return f"{colour}-{trait}"


class Stacked:
    """Stands in for RLCard's ``np_random``: each shuffle puts the deck in the next of
    :attr:`orders` (top first: the first card is the next popped), a choice gives
    :attr:`colour`."""

    def __init__(self) -> None:
        self.orders: list[list[Key]] = []
        self.colour: str | None = None
        self.shuffles = 0
        self.choices = 0

    def shuffle(self, deck: list[Any]) -> None:
        assert self.orders, "RLCard shuffled where the library did not"
        order = self.orders.pop(0)
        pool: dict[Key, list[Any]] = {}
        for card in deck:
            pool.setdefault(rl_key(card), []).append(card)
        assert sorted(order) == sorted(rl_key(card) for card in deck), (
            "RLCard shuffles other cards than the library"
        )
        deck[:] = [pool[key].pop() for key in order][::-1]
        self.shuffles += 1

    def choice(self, options: Sequence[str]) -> str:
        assert list(options) == ["r", "g", "b", "y"], options
        assert self.colour is not None, "RLCard drew a colour where the library did not"
        colour, self.colour = self.colour, None
        self.choices += 1
        return colour


def keys(cards: Iterable[Any]) -> list[Key]:
    return [key_of(card) for card in cards]


def after_reshuffle(events: Sequence[Any], state: Any) -> list[Key] | None:
    """The stock as the last reshuffle of a step made it (top first): the cards drawn
    after it, then the stock left; ``None`` if the step made no new stock."""
    last = max(
        (i for i, event in enumerate(events) if isinstance(event, PileReshuffled)), default=None
    )
    if last is None:
        return None
    drawn = [
        card for event in events[last:] if isinstance(event, CardsDrawn) for card in event.cards
    ]
    return keys(drawn) + keys(state.table.stock)


def rlcard_game(game: Any, step: Any, stacked: Stacked, first_turned: Any = None) -> Any:
    """RLCard's game holding the deal of the library's first ``step`` (its state and
    the events of its setup); ``first_turned``, the card the library turned up first
    from a stacked deck, if it was a wild draw four that went back into the stock."""
    state = step.state
    drawn = {
        event.seat: list(event.cards) for event in step.events if isinstance(event, CardsDrawn)
    }
    hands = []
    for seat, hand in enumerate(state.hands):
        held = keys(hand)
        for card in keys(drawn.get(seat, ())):
            held.remove(card)
        hands.append(held)
    assert [len(hand) for hand in hands] == [7] * game.players
    # The deal pops from the end of RLCard's deck: seat 0's seven cards first, then
    # the card turned up, then what seat 0 draws for a draw two turned up.
    dealt = [card for hand in hands for card in hand]
    rest = (
        keys(state.discard[:1])
        + keys(card for cards in drawn.values() for card in cards)
        + keys(state.table.stock)
    )
    if first_turned is None:
        stacked.orders = [dealt + rest]
    else:  # RLCard puts it back and shuffles: the library's stock after its shuffle
        first = key_of(first_turned)
        assert first == ("", "wild_draw_4")
        others = list(rest)
        others.remove(first)
        stacked.orders = [dealt + [first] + others, rest]
    if state.top.kind == "wild":
        stacked.colour = LETTER[int(state.suit)]
    rl = UnoGame(num_players=game.players)
    rl.np_random = stacked
    rl.init_game()
    assert not stacked.orders, "RLCard did not shuffle the wild draw four back"
    return rl


def check_same(state: Any, rl: Any) -> None:
    """The two games hold the same table."""
    players = rl.players
    for seat, hand in enumerate(state.hands):
        assert sorted(keys(hand)) == sorted(rl_key(card) for card in players[seat].hand), seat
    assert keys(state.table.stock) == [rl_key(card) for card in reversed(rl.dealer.deck)]
    assert keys(state.discard) == [rl_key(card) for card in rl.round.played_cards]
    # The card to match (the pile may be empty after RLCard's reshuffle: the state
    # remembers the face and colour to match) and its colour.
    target = rl.round.target
    face_of = state.card_lookup.face_of
    assert state.face == face_of[CARD_OF[rl_key(target)]]
    assert LETTER[int(state.suit)] == target.color
    if not state.is_over:
        assert state.to_move == rl.round.current_player
        assert state.direction == rl.round.direction


def play_both(seed: int, players: int = 2, turned: str | None = None) -> int:
    """One game in lockstep, with the card ``turned`` turned up first if given;
    returns its number of moves."""
    game = Uno.rlcard(players=players)
    stacked = Stacked()
    if turned is None:
        step = game.start(seed=seed)
        first = None
    else:  # a shuffled deck with that card where the deal turns one up
        order = list(random.Random(seed).sample(UNO_108.cards, UNO_108.size))
        order.remove(UNO_108.parse(turned))
        order.insert(7 * players, UNO_108.parse(turned))
        step = game.start(seed=seed, deck=order)
        first = order[7 * players] if turned == "W+4" else None
    rl = rlcard_game(game, step, stacked, first)
    state = step.state
    check_same(state, rl)
    choose = random.Random(seed)
    moves = 0
    while not state.is_over and moves < MAX_STEPS:
        legal = game.legal_moves(state)
        assert {action_of(move) for move in legal} == set(rl.get_legal_actions())
        move = legal[choose.randrange(len(legal))]
        step = game.step(state, move)
        state = step.state
        remade = after_reshuffle(step.events, state)
        stacked.orders = [] if remade is None else [remade]
        stacked.colour = LETTER[int(state.suit)] if state.suit is not None else None
        rl.step(action_of(move))
        assert not stacked.orders, "the library reshuffled where RLCard did not"
        check_same(state, rl)
        moves += 1
    if state.is_over:
        assert rl.is_over()
        assert tuple(rl.get_payoffs()) == state.scores
    return moves


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rlcard_agrees_move_for_move(players: int) -> None:
    seeds = range(100) if players == 2 else range(20)
    total = sum(play_both(seed, players) for seed in seeds)
    assert total > len(seeds)


@pytest.mark.parametrize("turned", ["W+4", "W", "G+2", "YS", "BR", "R7"])
def test_rlcard_agrees_after_each_kind_of_card_turned_up(turned: str) -> None:
    for players in (2, 3):
        for seed in range(3):
            play_both(seed, players, turned)


def test_action_strings_cover_rlcards_sixty_one() -> None:
    """RLCard's 61 actions are the library's draw and plays of a card, a wild naming
    each colour (a wild naming none, which the preset never offers, left out)."""
    plays = [
        move
        for move in Uno.rlcard().all_moves()
        if isinstance(move, Draw)
        or (isinstance(move, Play) and (move.suit is not None or move.card.suit is not None))
    ]
    assert sorted(map(action_of, plays)) == sorted(ACTION_LIST)


def test_keys_of_the_deck_are_rlcards_deck() -> None:
    assert sorted(keys(UNO_108.cards)) == sorted(rl_key(card) for card in init_deck())
