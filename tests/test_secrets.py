"""Seeds and hidden cards are secrets: default seeds come from the operating system, a
bot's seed says nothing about the deal, and no error message names a hidden card.

The seed-recovery attack of the red team is here as a bot: given only its view and its
seed, it tries (1) to link its decision seed to the deal by enumerating small arena
seeds, as bot seeds used to be derived from the deal's seed, and (2) to find a small
game seed that deals its own hand. Under the default settings neither may succeed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest

import cardrules as cr
from cardrules.arena import play_match, run_arena
from cardrules.bots import HeuristicBot, RandomBot
from cardrules.rng import derive_seed
from craits_helpers import position

GUESSES = 64  # small seeds tried by the attacker (the red team went to thousands)
MOVES_TRIED = 120  # decision numbers tried when linking a bot seed to a deal

FOUND: list[tuple[str, int]] = []
"""What the attacker rebuilt: (method, seed). Filled in this process (workers=1)."""


def _own_hand_at_start(view: cr.CrampsView) -> tuple[cr.Card, ...] | None:
    """The seat's whole dealt hand, if it has not played a card of this round yet."""
    if (
        view.round_number != 1
        or view.tricks
        or view.seat in (seat for seat, _ in view.trick.plays(4))
    ):
        return None
    return view.hand


@attrs.frozen
class SeedGuesser:
    """A cheating bot: it plays randomly but first tries to rebuild the deal."""

    name: str = "guesser"

    def choose(self, game: Any, view: Any, moves: Sequence[cr.Move], seed: int) -> cr.Move:
        hand = _own_hand_at_start(view)
        if hand is not None:
            for arena_seed in range(GUESSES):
                for deal_number in range(2):
                    deal_seed = derive_seed(arena_seed, deal_number, b"deal")
                    # (1) the old scheme: decision seed = hash(deal seed, move number)
                    if any(
                        derive_seed(deal_seed, move, b"bot") == seed for move in range(MOVES_TRIED)
                    ):
                        FOUND.append(("bot seed linked to the deal", arena_seed))
                    # (2) a small arena seed deals the bot's own hand
                    if game.new_game(deal_seed).hands[view.seat] == hand:
                        FOUND.append(("arena seed guessed from the hand", arena_seed))
                # (3) a small game seed deals the bot's own hand
                if game.new_game(arena_seed).hands[view.seat] == hand:
                    FOUND.append(("game seed guessed from the hand", arena_seed))
        return moves[random.Random(seed).randrange(len(moves))]


@pytest.fixture(autouse=True)
def _clear_found() -> Iterator[None]:
    FOUND.clear()
    yield
    FOUND.clear()


BOTS = (SeedGuesser(), RandomBot(), HeuristicBot(), RandomBot())


def test_the_attacker_cannot_rebuild_the_deal_under_default_arena_seeds() -> None:
    result = run_arena(cr.Cramps(target=5), BOTS, games=8, workers=1, progress=False)
    assert not FOUND
    assert result.seed >= 0 and result.bot_seed is not None


def test_the_attacker_cannot_link_its_seed_to_a_small_user_seed() -> None:
    """A small arena seed chosen for reproducibility can be guessed from the bot's own
    hand (the docs say so), but the bot's decision seeds never link to the deal."""
    run_arena(cr.Cramps(target=5), BOTS, games=8, seed=3, workers=1, progress=False)
    methods = {method for method, _ in FOUND}
    assert "bot seed linked to the deal" not in methods
    assert methods == {"arena seed guessed from the hand"}  # the attack itself works
    assert {seed for _, seed in FOUND} == {3}


def test_the_attacker_cannot_rebuild_a_game_started_without_a_seed() -> None:
    play_match(cr.Cramps(target=5), list(BOTS), bot_seed=None)
    assert not FOUND
    play_match(cr.Cramps(target=5), list(BOTS), seed=5)  # a small seed is guessable
    assert ("game seed guessed from the hand", 5) in FOUND


def test_default_seeds_are_fresh_and_large() -> None:
    seeds = {cr.new_seed() for _ in range(200)}
    assert len(seeds) == 200
    assert max(seeds) > 2**60  # 64 random bits, not 32
    game = cr.Cramps()
    assert len({game.new_game().hands for _ in range(20)}) == 20
    craits = cr.Craits(players=3)
    assert len({craits.new_game().hands for _ in range(20)}) == 20
    assert len({cr.GameRecord.start(game).seed for _ in range(20)}) == 20


def test_a_given_seed_still_reproduces_the_game() -> None:
    game = cr.Craits(players=3)
    assert game.new_game(7) == game.new_game(7)
    assert game.start(seed=7).state == game.new_game(seed=7)
    assert cr.Cramps().start(seed=7).state == cr.Cramps().new_game(7)


def test_arena_runs_replay_from_their_two_seeds() -> None:
    game = cr.Cramps(target=5)
    bots = (RandomBot(), RandomBot(), HeuristicBot(), RandomBot())
    first = run_arena(game, bots, games=8, workers=1, progress=False)
    again = run_arena(
        game, bots, games=8, seed=first.seed, bot_seed=first.bot_seed, workers=1, progress=False
    )
    assert again == first
    other = run_arena(game, bots, games=8, seed=first.seed, workers=1, progress=False)
    assert [g.seed for g in other.games] == [g.seed for g in first.games]  # same deals
    assert other.bot_seed != first.bot_seed


# -- error messages name no hidden card ------------------------------------------------

CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


def _named_cards(message: str) -> set[cr.Card]:
    return {cr.Card.parse(text) for text in CARD_TEXT.findall(message)}


def _candidates(game: cr.Game[Any, Any, Any]) -> list[object]:
    every = [cr.Card.from_index(i) for i in range(52)]
    moves: list[object] = [cr.Play(c) for c in every]
    if isinstance(game, cr.Craits):
        moves += [cr.Play(c, suit=cr.Suit.HEARTS) for c in every]
        moves += [cr.Play(c, announce=True) for c in every]
        moves += [cr.Draw(), cr.NameSuit("C"), cr.Announce(), cr.Pass()]
        moves += [cr.CallIdiot(seat) for seat in range(game.players)]
    return moves


def _public(game: cr.Game[Any, Any, Any], state: Any) -> set[cr.Card]:
    if isinstance(state, cr.CrampsState):
        played = [c for trick in state.tricks for c in trick.cards]
        return set(played) | set(state.trick.cards)
    return set(state.discard) | {card for _, card in state.dealer_draws}


def _refusals(
    game: cr.Game[Any, Any, Any], state: Any, seat: int | None
) -> Iterator[tuple[object, str]]:
    for move in _candidates(game):
        try:
            game.apply(state, move, seat=seat)
        except cr.CardrulesError as exc:
            yield move, str(exc)


def _positions(game: cr.Game[Any, Any, Any], seed: int, every: int) -> Iterator[Any]:
    chooser = random.Random(seed)
    state = game.new_game(seed)
    number = 0
    while not state.is_over and number < 600:
        if number % every == 0:
            yield state
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
        number += 1


@pytest.mark.parametrize(
    ("game", "every"),
    [(cr.Cramps(target=8), 7), (cr.Craits(players=3, short_game=True), 10)],
    ids=["cramps", "craits"],
)
def test_no_message_names_a_card_hidden_from_its_sender(game: Any, every: int) -> None:
    """With ``seat=``, whatever any seat sends, the error names only cards that seat
    may see: its own hand, the public cards and the card it named itself."""
    checked = 0
    for seed in (1, 2):
        for state in _positions(game, seed, every):
            public = _public(game, state)
            for sender in range(game.players):
                visible = set(state.hands[sender]) | public
                for move, message in _refusals(game, state, sender):
                    own = {move.card} if isinstance(move, cr.Play) else set()
                    assert _named_cards(message) <= visible | own, (move, message)
                    checked += 1
    assert checked > 1000


@pytest.mark.parametrize(
    "game", [cr.Cramps(target=8), cr.Craits(players=3, short_game=True)], ids=["cramps", "craits"]
)
def test_messages_without_seat_name_only_the_moves_card_and_public_cards(game: Any) -> None:
    for state in _positions(game, 3, 6):
        public = _public(game, state)
        for move, message in _refusals(game, state, None):
            own = {move.card} if isinstance(move, cr.Play) else set()
            assert _named_cards(message) <= public | own, (move, message)


def test_the_craits_must_play_message_lists_no_card() -> None:
    """The red team's example: drawing while holding a playable card."""
    game = cr.Craits(players=3)
    state = position(game, ["4D 9C", "8S 9H JD", "2C 3C"], "5H")
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(state, cr.Draw())
    assert info.value.reason == "must_play"
    assert not _named_cards(str(info.value))


def test_the_cramps_follow_suit_message_names_only_the_card_and_the_suit() -> None:
    game = cr.Cramps()
    state = game.new_game(seed=7)
    state = game.apply(state, cr.Play("9S"))  # seat 2 must follow spades
    spades = [c for c in state.hands[2] if c.suit == cr.Suit.SPADES]
    other = next(c for c in state.hands[2] if c.suit != cr.Suit.SPADES)
    assert spades
    with pytest.raises(cr.IllegalMoveError) as info:
        game.apply(state, cr.Play(other), seat=2)
    assert info.value.reason == "must_follow_suit"
    assert _named_cards(str(info.value)) == {other}
