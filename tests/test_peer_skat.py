"""Skat's OpenSpiel preset (``cr.Skat.openspiel()``) against OpenSpiel's ``skat`` as
the installed open-spiel package plays it, in lockstep (tests/peer_lockstep.py): the
same deal stacked through OpenSpiel's chance actions, the same choices, the legal sets
compared at every step and the returns at the end. The game people play,
``cr.Skat()``, is tested in tests/test_skat.py.

What OpenSpiel's ``skat`` does (probed on pyspiel 2.0.2; the rules the preset must
match):

- No parameters; one deal. Chance: the 32 cards one at a time, the k-th dealt as at a
  table: 3 to seat 0, 3 to seat 1, 3 to seat 2, 2 to the skat, 4 each, 3 each. Card
  ids are ``suit * 8 + rank``, suits D H S C, ranks 7 8 9 Q K T A J; 32 is a pass and
  33 to 38 name diamonds, hearts, spades, clubs, Grand, Null.
- Bidding: seat 0, 1, 2 in turn pass or name a game; the first to name one declares
  it, takes the skat and discards two of its twelve cards (any two); three passes end
  the game with returns 0.
- Play: seat 0 leads. A jack led is a trump lead in a suit game and in Grand (the
  package does so; the source on GitHub follows the jack's own suit there). A Null
  game ends as soon as the declarer takes a trick.
- Returns: in a suit game or Grand, (declarer's points, the discards counted, - 60) /
  120 to the declarer and (opponents' points - 60) / 240 to each opponent; a Null game
  +-0.25 to the declarer and -+0.125 to each opponent.

Cheap by default; ``CARDRULES_PEER_DEALS=5000 pytest tests/test_peer_skat.py`` plays more.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import cardrules as cr
from cardrules.cards import Card, Rank
from cardrules.games.skat import Skat
from cardrules.games.skat.moves import GAME_KINDS, Declare, SkatDiscard
from peer_lockstep import Peer, play_lockstep, sampled_chance

DEALS = int(os.environ.get("CARDRULES_PEER_DEALS", "240"))
_SUITS = (cr.Suit.DIAMONDS, cr.Suit.HEARTS, cr.Suit.SPADES, cr.Suit.CLUBS)
_RANKS = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE, Rank.JACK)
_SPIEL_ID = {
    Card(rank, suit): 8 * s + r for s, suit in enumerate(_SUITS) for r, rank in enumerate(_RANKS)
}
_CARD_OF = {number: card for card, number in _SPIEL_ID.items()}
# Where each of the 32 cards dealt goes: a seat, or 3 for the skat.
_DEALT_TO = [0] * 3 + [1] * 3 + [2] * 3 + [3] * 2 + [0] * 4 + [1] * 4 + [2] * 4
_DEALT_TO += [0] * 3 + [1] * 3 + [2] * 3


def spiel_action(move: Any, state: Any) -> int:
    if isinstance(move, (cr.Play, SkatDiscard)):
        return _SPIEL_ID[move.card]
    if isinstance(move, cr.Pass):
        return 32
    assert isinstance(move, Declare)
    return 33 + GAME_KINDS.index(move.game)


def dealt_chance(state: Any) -> list[int]:
    """The cards of ``state``'s deal in OpenSpiel's order of dealing."""
    piles = [list(hand) for hand in state.hands] + [list(state.payload.skat)]
    return [_SPIEL_ID[piles[pile].pop()] for pile in _DEALT_TO]


def spiel_returns(state: Any) -> list[float]:
    return [score / 240 for score in state.scores]


GAME = Skat.openspiel()
PEER = Peer(GAME, "skat", {}, dealt_chance, spiel_action, spiel_returns)


def from_spiel(outcomes: Sequence[int]) -> Any:
    """The preset's start dealt the cards of OpenSpiel's chance ``outcomes``."""
    hands: list[list[Card]] = [[], [], []]
    for pile, outcome in zip(_DEALT_TO, outcomes, strict=True):
        if pile < 3:
            hands[pile].append(_CARD_OF[outcome])
    return GAME.new_game(seed=0, hands=hands)


def test_random_deals_play_as_openspiels() -> None:
    games: dict[str | None, int] = {}
    lost_nulls = 0
    for seed in range(DEALS):
        chooser = random.Random(seed)
        start = from_spiel(sampled_chance(PEER, chooser)) if seed % 2 else GAME.new_game(seed=seed)
        end = play_lockstep(PEER, start, chooser).state
        game = end.payload.game
        games[None if game is None else game.game] = (
            games.get(None if game is None else game.game, 0) + 1
        )
        if game is not None and game.game == "null" and len(end.tricks) < 10:
            lost_nulls += 1
    assert set(games) == {*GAME_KINDS, None}, games
    assert lost_nulls


def passing_first(moves: Sequence[Any], chooser: random.Random) -> Any:
    """Pass while allowed, then at random: everybody passes."""
    return cr.Pass() if cr.Pass() in moves else chooser.choice(moves)


def naming(game: str) -> Any:
    """Seat 0 names ``game`` at once; then at random."""

    def policy(moves: Sequence[Any], chooser: random.Random) -> Any:
        return Declare(game) if Declare(game) in moves else chooser.choice(moves)  # type: ignore[arg-type]

    return policy


def test_everybody_passing_ends_the_game_with_nothing_to_anyone() -> None:
    for seed in range(5):
        played = play_lockstep(PEER, GAME.new_game(seed=seed), random.Random(seed), passing_first)
        assert played.decisions == 3 and played.state.scores == (0, 0, 0)


@pytest.mark.parametrize("game", GAME_KINDS)
def test_each_game_declared_by_seat_0_plays_as_openspiels(game: str) -> None:
    for seed in range(20):
        end = play_lockstep(PEER, GAME.new_game(seed=seed), random.Random(seed), naming(game)).state
        assert end.payload.declarer == 0 and end.payload.game == Declare(game)  # type: ignore[arg-type]
