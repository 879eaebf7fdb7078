"""Stable integer move ids (Game.num_move_ids, move_id, move_from_id, legal_move_ids,
legal_move_mask) for every game: the shipped ones and the examples built on the
engines. Each legal move has exactly one id, ids round-trip, and the numbering depends
only on the rules."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules as cr
from cardrules.games.crazy_eights import rules as crazy_eights
from cardrules.games.hearts import rules as hearts
from cardrules.moveids import MoveIds, move_ids_of

GAMES: list[Any] = [
    cr.Cramps(),
    cr.Cramps(target=10),
    cr.Craits(players=2),
    cr.Craits(players=4),
    cr.Craits(players=7, short_game=True),
    cr.Craits(players=3, idiot_calls="manual"),
    hearts.Hearts(),
    crazy_eights.CrazyEights(players=3),
]


def _name(game: Any) -> str:
    return f"{type(game).__name__}:{game.players}"


@pytest.mark.parametrize("game", GAMES, ids=_name)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), chooser=st.randoms(use_true_random=False))
def test_every_legal_move_has_exactly_one_id_and_ids_round_trip(
    game: Any, seed: int, chooser: random.Random
) -> None:
    table = game.all_moves()
    assert game.num_move_ids == len(table) == len(set(table))
    state = game.new_game(seed=seed)
    for _ in range(400):
        legal = game.legal_moves(state)
        ids = game.legal_move_ids(state)
        assert len(set(ids)) == len(ids) == len(legal)
        assert [game.move_from_id(i) for i in ids] == list(legal)
        assert [game.move_id(move) for move in legal] == list(ids)
        mask = game.legal_move_mask(state)
        assert len(mask) == game.num_move_ids
        assert {i for i, bit in enumerate(mask) if bit} == set(ids)
        assert set(mask) <= {0, 1}
        if state.is_over:
            assert not any(mask)
            break
        for seat in range(game.players):  # out-of-turn calls have ids too
            for call in getattr(game, "calls", lambda s, p: ())(state, seat):
                assert game.move_from_id(game.move_id(call)) == call
        state = game.apply(state, chooser.choice(legal))


def test_cramps_ids_are_the_cards_in_deck_order() -> None:
    game = cr.Cramps()
    assert [game.move_id(cr.Play(card)) for card in cr.STANDARD_DECK.cards()] == list(range(52))
    assert game.move_from_id(0) == cr.Play("2C") and game.move_from_id(51) == cr.Play("AS")


def test_craits_ids_do_not_depend_on_the_state_and_keep_their_order() -> None:
    """The layout is documented in SheddingGame.all_moves: plays, plays naming each
    suit, the same saying "one card", then draw, pass, the four NameSuits, Announce and
    the idiot calls."""
    game = cr.Craits(players=3)
    assert game.num_move_ids == 52 + 208 + 52 + 208 + 1 + 1 + 4 + 1 + 6
    assert game.move_id(cr.Play("2C")) == 0
    assert game.move_id(cr.Play("8S", suit="hearts")) == 52 + 4 * game.move_id(cr.Play("8S")) + 2
    assert game.move_id(cr.Play("2C", announce=True)) == 260
    assert game.move_id(cr.Draw()) == 520
    assert game.move_id(cr.CallIdiot(2, 1)) == game.num_move_ids - 1
    assert cr.Craits(players=3).all_moves() == game.all_moves()  # equal rules, same ids
    assert cr.Craits(players=4).num_move_ids == game.num_move_ids + 6
    again = pickle.loads(pickle.dumps(game))
    assert again.all_moves() == game.all_moves()


def test_games_without_one_card_calls_have_no_ids_for_them() -> None:
    game = crazy_eights.CrazyEights(players=2)
    assert not any(isinstance(move, (cr.Announce, cr.CallIdiot)) for move in game.all_moves())
    with pytest.raises(cr.IllegalMoveError, match="has no move id") as info:
        game.move_id(cr.Announce())
    assert info.value.reason == "no_move_id"


@pytest.mark.parametrize("bad", [-1, 52, 10**20])
def test_an_id_out_of_range_is_refused(bad: int) -> None:
    with pytest.raises(cr.IllegalMoveError, match=r"Cramps has no move id .*ids run from 0 to 51"):
        cr.Cramps().move_from_id(bad)


@pytest.mark.parametrize("bad", [True, 1.0, "3", None])
def test_an_id_that_is_not_an_int_is_refused(bad: object) -> None:
    with pytest.raises(cr.MoveTypeError, match="move id is an int from 0 to 51"):
        cr.Cramps().move_from_id(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("move", "error", "text"),
    [
        (cr.Draw(), cr.IllegalMoveError, "draw is not a Cramps move"),
        (cr.Play("8S", suit="H"), cr.IllegalMoveError, "has no move id"),
        ([1, 2], cr.MoveTypeError, "asked of a move, not list"),
        ("QS", cr.IllegalMoveError, "QS is not a Cramps move"),
    ],
)
def test_move_id_of_something_that_is_not_a_move_of_the_game(
    move: object, error: type[Exception], text: str
) -> None:
    with pytest.raises(error, match=text):
        cr.Cramps().move_id(move)


def test_a_call_without_its_target_is_told_to_name_it() -> None:
    with pytest.raises(cr.IllegalMoveError, match="name the target"):
        cr.Craits(players=3).move_id(cr.CallIdiot(0))


def test_a_game_listing_a_move_twice_or_offering_an_unlisted_move_is_its_own_mistake() -> None:
    with pytest.raises(cr.RulesError, match="lists draw twice"):
        MoveIds([cr.Draw(), cr.Draw()], "Mine")
    table = MoveIds([cr.Draw()], "Mine")
    with pytest.raises(cr.RulesError, match="Mine offered pass, which all_moves"):
        table.mask_of([cr.Pass()])


def test_a_game_that_does_not_number_its_moves_says_so() -> None:
    class Bare(cr.Cramps):
        name = ""  # not registered: the test makes no records

        def all_moves(self) -> tuple[cr.Play, ...]:
            return cr.Game.all_moves(self)

    with pytest.raises(NotImplementedError, match="define all_moves"):
        _ = Bare().num_move_ids


def test_tables_are_kept_by_identity_and_forgotten_past_the_limit() -> None:
    from cardrules._kept import KeptByIdentity

    kept: KeptByIdentity[int] = KeptByIdentity(limit=3)
    owners = [cr.Cramps(target=21 + n) for n in range(5)]
    equal_twin = cr.Cramps(target=21)
    assert equal_twin == owners[0] and equal_twin is not owners[0]
    for number, owner in enumerate(owners[:3]):
        assert kept.keep(owner, number) == number
    assert [kept.get(owner) for owner in owners[:3]] == [0, 1, 2]
    assert kept.get(equal_twin) is None  # found by identity, not by equality
    kept.keep(owners[3], 3)  # the fourth: all the others are forgotten
    assert [kept.get(owner) for owner in owners[:4]] == [None, None, None, 3]
    assert move_ids_of(owners[4]) is move_ids_of(owners[4])
