"""Secret moves (a card passed in Hearts, Euchre's discard) are told to the seats that
may see them and to nobody else: in events and their texts, information states (text
and tensors), the OpenSpiel strings and the command line. The seats that made them
still remember them (the passer what it passed, the receiver what it got, the dealer
its discard). The swap test over every game is tests/test_swap_secrets.py."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any, ClassVar

import attrs
import pytest

import cardrules as cr
from cardrules import cli
from cardrules.encoding import encoder_for
from cardrules.games.euchre import rules as euchre
from cardrules.games.hearts import rules as hearts

HEARTS = hearts.Hearts(target=None, passing="left")  # one hand, its cards passed to the left


def _passing(seed: int) -> Iterator[tuple[Any, cr.Step[Any]]]:
    """The twelve passes of a Hearts deal (random cards): each state and its step."""
    game, chooser = HEARTS, random.Random(seed)
    state = game.new_game(seed=seed, dealer=3)
    while state.phase == "pass":
        step = game.step(state, chooser.choice(game.legal_moves(state)))
        yield state, step
        state = step.state


def _names(text: str, card: cr.Card) -> bool:
    return str(card) in text


def test_a_card_passed_is_told_to_its_passer_alone() -> None:
    steps = list(_passing(1))
    assert len(steps) == 12
    for before, step in steps:
        passer, card = before.to_move, step.events[0].move.card  # type: ignore[attr-defined]
        assert step.events[0] == cr.MovePlayed(passer, hearts.PassCard(card), seen_by=(passer,))
        for seat in range(4):
            told = cr.events_for(step.events, seat)
            texts = [text for _, text in cr.narrate(step.events, seat)]
            if seat == passer:
                assert told[0] is step.events[0]
                assert texts[0] == f"You pass {card}."
            else:
                assert told[0] == cr.MovePlayed(passer, cr.HiddenMove("pass a card"))
                assert texts[0] == f"Seat {passer} passes a card."
                assert not _names(cr.describe(step.events[0], seat), card)
        # A log (no seat) reads what every seat may know.
        assert cr.describe(step.events[0]) == f"Seat {passer} passes a card."
        assert str(step.events[0]) == f"Seat {passer} passes a card."


def test_the_cards_change_hands_told_to_giver_and_receiver_alone() -> None:
    *_, (before, last) = _passing(2)
    passed = [
        event for event in last.events if isinstance(event, cr.CardsPassed)
    ]  # the exchange, from the dealer's left
    assert [(event.seat, event.to) for event in passed] == [(0, 1), (1, 2), (2, 3), (3, 0)]
    for event in passed:
        assert set(event.cards) <= set(before.hands[event.seat]) and len(event.cards) == 3
        assert set(event.cards) <= set(last.state.hands[event.to])
        for seat in range(4):
            text = cr.describe(event, seat)
            named = any(str(card) in text for card in event.cards)
            assert named == (seat in (event.seat, event.to)), (seat, text)
        assert event.for_seat(None).cards == (None, None, None)  # type: ignore[attr-defined]


def test_information_states_hide_others_passes_and_remember_ones_own() -> None:
    encoder = encoder_for(HEARTS)
    start = HEARTS.start(seed=3, dealer=3)
    infos = encoder.info_states(start.state)
    passes: list[tuple[int, cr.Card]] = []
    for state, step in _passing(3):
        passes.append((state.to_move, step.events[0].move.card))  # type: ignore[attr-defined]
        infos = tuple(info.after(step) for info in infos)
    for seat, info in enumerate(infos):
        giver = (seat - 1) % 4  # passing to the left
        text = info.text.split(" [received")[0]  # (the cards received, in brackets)
        for passer, card in passes:
            told = f"{passer}:pass {card}" in text
            assert told == (passer == seat), (seat, passer, card)
        mine = {card for passer, card in passes if passer == seat}
        got = {card for passer, card in passes if passer == giver}
        vector = info.vector
        passed_field, received_field = encoder.field("passed"), encoder.field("received")
        flags = passed_field.of(vector)
        assert {cr.Card.from_index(i) for i, x in enumerate(flags) if x} == mine
        flags = received_field.of(vector)
        assert {cr.Card.from_index(i) for i, x in enumerate(flags) if x} == got


def test_openspiel_strings_hide_others_passes() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from cardrules.hosts.openspiel import load_game

    del pyspiel
    game = load_game(HEARTS)
    state = game.new_initial_state()
    chooser = random.Random(4)
    while state.is_chance_node():
        state.apply_action(chooser.choice([a for a, _ in state.chance_outcomes()]))
    passer = state.current_player()
    action = chooser.choice(state.legal_actions())
    card = HEARTS.move_from_id(action).card
    state.apply_action(action)
    for seat in range(4):
        text = state.information_state_string(seat)
        assert (f"{passer}:pass {card}" in text) == (seat == passer)
        assert (f"{passer}:pass a card" in text) == (seat != passer)


def test_the_command_line_shows_the_human_only_its_own_passes() -> None:
    out = io.StringIO()
    answers = iter(["1", "1", "1"])  # the human (seat 0) passes its first card thrice

    def read(prompt: str) -> str:
        for answer in answers:
            return answer
        raise EOFError  # then leaves the game

    console = cli.Console(out, read)
    passes: list[tuple[int, cr.Card]] = []

    def computer(game: Any, state: Any) -> Any:
        move = game.legal_moves(state)[-1]
        if state.phase == "pass":
            passes.append((state.to_move, move.card))
        return move

    cli.play_game(HEARTS, cli.GameAdapter(), console, seed=5, computer=computer)
    screen = out.getvalue().split("passes 3 cards to")[0]  # up to the exchange
    others = [card for seat, card in passes if seat != 0]
    assert len(others) == 9
    assert screen.count("passes a card.") == 9
    assert not any(f"pass {card}" in screen or f"passes {card}" in screen for card in others)


EUCHRE = euchre.Euchre()


def _discard(seed: int) -> tuple[Any, cr.Step[Any]]:
    """A Euchre deal up to the dealer's discard: the state and the discard's step."""
    game, state = EUCHRE, EUCHRE.new_game(seed=seed, dealer=3)
    while state.phase != "discard":
        moves = game.legal_moves(state)
        state = game.apply(state, moves[-1] if state.phase == "bid" else moves[0])
    return state, game.step(state, game.legal_moves(state)[0])


def test_the_dealers_discard_is_told_to_the_dealer_alone_and_remembered() -> None:
    state, step = _discard(6)
    card = step.events[0].move.card  # type: ignore[attr-defined]
    assert step.events[0].seen_by == (3,)  # type: ignore[attr-defined]
    for seat in range(4):
        told = " ".join(text for _, text in cr.narrate(step.events, seat))
        assert (str(card) in told) == (seat == 3), (seat, told)
    encoder = encoder_for(EUCHRE)
    for seat in range(4):
        info = encoder.info_state(state, seat).after(step)
        assert (f"3:discard {card}" in info.text) == (seat == 3)
        flags = encoder.field("discard").of(info.vector)
        assert [cr.Card.from_index(i) for i, x in enumerate(flags) if x] == (
            [card] if seat == 3 else []
        )


def test_seen_by_is_checked() -> None:
    with pytest.raises(cr.EventError, match="seen_by must be None"):
        cr.MovePlayed(0, cr.Draw(), seen_by=(0, 0))
    with pytest.raises(cr.EventError, match="seen_by must be None"):
        cr.MovePlayed(0, cr.Draw(), seen_by=3)
    with pytest.raises(cr.EventError, match="sequence of events"):
        cr.events_for(cr.PlayAgain(1), 0)  # type: ignore[arg-type]
    with pytest.raises(cr.SeatError):
        cr.events_for((), -1)
    assert cr.MovePlayed(0, cr.Draw(), seen_by={2, 0}).seen_by == (0, 2)


def test_a_game_without_secret_moves_tells_every_seat_the_same_events() -> None:
    game = cr.Craits(players=3)
    step = game.start(seed=1)
    for seat in (0, 1, 2, None):
        assert cr.events_for(step.events, seat) is step.events


def test_narrate_takes_the_deal_word_from_the_game() -> None:
    """Item 16: Cramps calls a deal a round, without being told."""
    game = cr.Cramps()
    ended = cr.HandScored(1, (1, 2, 3, 4), (1, 2, 3, 4))
    assert cr.narrate([ended], 0, game=game)[0][1].startswith("End of round 1")
    assert cr.describe(ended, game=game).startswith("End of round 1")
    assert cr.describe(ended, game=cr.Craits()).startswith("End of hand 1")
    with pytest.raises(cr.EventError, match="game must be a rules object"):
        cr.describe(ended, game="cramps")


def test_the_shedding_engine_honours_a_games_secret_moves() -> None:
    """A shedding game of one's own that hides its draws (a variant, say, where a seat
    may draw or pass unseen) gets them hidden: the engine asks the hook for every move
    but a card played."""

    @attrs.frozen
    class QuietDraws(cr.Craits):
        name: ClassVar[str] = "test_quiet_draws"

        def move_seen_by(self, state: Any, seat: int, move: Any) -> tuple[int, ...] | None:
            return (seat,) if type(move) is cr.Draw else None

    game = QuietDraws(players=3)
    state, chooser = game.new_game(seed=4), random.Random(4)
    draws = 0
    for _ in range(200):
        moves = game.legal_moves(state)
        step = game.step(state, chooser.choice(moves))
        first = step.events[0]
        assert isinstance(first, cr.MovePlayed)
        if type(first.move) is cr.Draw:
            draws += 1
            assert first.seen_by == (first.seat,)
            other = (first.seat + 1) % 3
            assert cr.events_for(step.events, other)[0] == cr.MovePlayed(
                first.seat, cr.HiddenMove("a hidden move")
            )
        else:
            assert first.seen_by is None
        state = step.state
        if state.is_over:
            break
    assert draws > 0
