"""A seat cannot tell two worlds apart that differ only in cards it has not seen.

For every game on the engines (Cramps, Craits and the five example games), world A is
played under explicit chance with random chance outcomes and random legal moves, to a
position within the first deal; world B is the same game with two cards ``X`` and
``Y`` swapped in every chance outcome and every move, where the observed seat has
never seen either (never held them, never had them passed to it, never saw them
played, turned up or on the discard pile). Whatever that seat is shown, at every
position of the game, must then be byte for byte the same in both worlds: its views,
the events as it may know them in every form, its information state, its masks, the
OpenSpiel, PettingZoo and Gymnasium hosts and the command line's play screen
(tests/swap_worlds.py says how each is driven and read).

The positions include Hearts' passing (while it is under way and after it: a card
another seat passed is swapped) and Euchre's discard (the dealer's card laid aside is
swapped), which only the seats that made them may know.

Sizes, chosen for the suite's CPU budget: sixteen cases (two or three per game, other
seats and options), one world A each of 8 to 60 moves, three swaps each (the first a
card of another seat's hidden move where the case has one), every host at every
position: about 5 s of CPU in all, the hosts' imports included.

Where the swap test fails, each line says which host showed a difference, where, and
both worlds' outputs; test_the_swap_test_sees_... check that it does fail on a leak.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import attrs
import pytest

import cardrules as cr
import swap_worlds as sw
from cardrules.climbing import GiveCard
from cardrules.games import shipped_games, skat
from cardrules.games.crazy_eights import rules as crazy_eights
from cardrules.games.euchre import rules as euchre
from cardrules.games.hearts import rules as hearts
from cardrules.games.oh_hell import rules as oh_hell
from cardrules.games.spades import rules as spades

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")


def _phase(transition: sw.Transition) -> str | None:
    phase: str | None = getattr(transition.state.inner, "phase", None)
    return phase


def _moves_of(world: sw.World, kind: type) -> list[sw.Act]:
    """The moves of type ``kind`` made in ``world``, in order."""
    return [
        t.acts[0] for t in world.transitions if t.kind == "move" and type(t.acts[0].value) is kind
    ]


def _passes_made(count: int) -> Callable[[sw.World], bool]:
    """A stop: once ``count`` Hearts passes have been made."""
    return lambda world: len(_moves_of(world, hearts.PassCard)) >= count


def _hearts_passing(world: sw.World, seat: int) -> None:
    """Stopped while the passing is under way, after passes by other seats."""
    assert _phase(world.transitions[-1]) == "pass"
    assert any(act.seat != seat for act in _moves_of(world, hearts.PassCard))


def _hearts_passed(world: sw.World, seat: int) -> None:
    """Stopped after the passing (every seat passed three cards) and into the play."""
    assert len(_moves_of(world, hearts.PassCard)) == 12
    assert _phase(world.transitions[-1]) is None
    assert any(type(t.acts[0].value) is cr.Play for t in world.transitions if t.kind == "move")


def _euchre_discarded(world: sw.World, seat: int) -> None:
    """Stopped after the dealer's discard, the dealer not the observed seat."""
    discards = _moves_of(world, euchre.Discard)
    assert len(discards) == 1 and discards[0].seat != seat
    assert all(_phase(t) != "discard" for t in world.transitions[-1:])


def _skat_discarded(world: sw.World, seat: int) -> None:
    """Stopped after the declarer took the skat and laid two cards aside, the
    declarer not the observed seat."""
    discards = _moves_of(world, skat.SkatDiscard)
    assert len(discards) == 2 and discards[0].seat != seat


def _president_exchanged(world: sw.World, seat: int) -> None:
    """Stopped after the exchanges (the Scum's and the Vice-Scum's best cards, the
    President's and the Vice-President's choice), the observed seat in none of those
    it watches: the cards of the President's exchange with the Scum are swapped."""
    gives = _moves_of(world, GiveCard)
    assert len(gives) == 3 and all(act.seat not in (seat,) for act in gives[:2])
    assert _phase(world.transitions[-1]) == "play"


def _hands_traded(world: sw.World, seat: int) -> None:
    """UNO's seven-zero: a 7 swapped two hands and a 0 passed every hand along."""
    kinds = {type(event).__name__ for t in world.transitions for event in t.events}
    assert {"HandsSwapped", "HandsPassed"} <= kinds


@dataclass(frozen=True)
class Case:
    """One world A and the seat observed: ``game`` played from ``seed`` for at most
    ``moves`` moves (or until ``stop``); ``reached`` checks that the position wanted was
    reached; with ``hidden``, a swap must take a card of another seat's hidden move."""

    name: str
    game: Any
    seed: int
    seat: int
    moves: int
    stop: Callable[[sw.World], bool] | None = None
    reached: Callable[[sw.World, int], None] | None = None
    hidden: bool = False
    started: tuple[tuple[str, Any], ...] = ()


CASES = [
    Case("cramps", cr.Cramps(), 1, 1, 40),
    Case("cramps-early", cr.Cramps(), 2, 3, 14),
    Case("craits-3", cr.Craits(players=3), 3, 0, 60),
    Case("craits-5", cr.Craits(players=5), 2, 2, 60),
    Case("craits-6-two-decks", cr.Craits(players=6), 3, 5, 40),
    Case(
        "hearts-passing",
        hearts.Hearts(),
        2,
        3,
        40,
        stop=_passes_made(8),
        reached=_hearts_passing,
        hidden=True,
    ),
    Case("hearts-passed", hearts.Hearts(), 4, 2, 30, reached=_hearts_passed, hidden=True),
    Case(
        "hearts-passed-across",
        hearts.Hearts(passing="across"),
        5,
        1,
        24,
        reached=_hearts_passed,
        hidden=True,
    ),
    Case("euchre-discarded", euchre.Euchre(), 0, 1, 16, reached=_euchre_discarded, hidden=True),
    Case(
        "euchre-discarded-partner",
        euchre.Euchre(lone_defender=True),
        10,
        2,
        12,
        reached=_euchre_discarded,
        hidden=True,
    ),
    Case("skat-discarded", skat.Skat(), 0, 0, 30, reached=_skat_discarded, hidden=True),
    Case(
        "skat-openspiel",
        skat.Skat.openspiel(),
        1,
        2,
        20,
        reached=_skat_discarded,
        hidden=True,
    ),
    Case("spades", spades.Spades(), 5, 3, 30),
    Case("spades-bids", spades.Spades(), 6, 0, 8),
    Case("oh-hell", oh_hell.OhHell(), 6, 0, 30),
    Case("oh-hell-openspiel", oh_hell.OhHell.openspiel(), 9, 2, 14),
    Case("crazy-eights", crazy_eights.CrazyEights(), 0, 2, 50),
    Case("crazy-eights-short", crazy_eights.CrazyEights(), 3, 0, 30),
    Case("president", cr.President(), 4, 1, 40),
    Case("president-5-sitting-out", cr.President(players=5, pass_sits_out=True), 7, 3, 40),
    Case(
        "president-exchanged",
        cr.President(),
        2,
        1,
        30,
        reached=_president_exchanged,
        hidden=True,
        started=(("deal_number", 2), ("last_places", (2, 0, 1, 3)), ("dealer", 3)),
    ),
    Case("uno", cr.Uno(), 2, 1, 50),
    Case("uno-rlcard", cr.Uno.rlcard(), 3, 0, 40),
    Case(
        "uno-seven-zero",
        cr.Uno(players=3, seven_zero=True, jump_in=True),
        17,
        2,
        50,
        reached=_hands_traded,
    ),
    Case(
        "crazy-eights-draw-one",
        crazy_eights.CrazyEights(players=3, draw_by_choice=False, draw_limit=1),
        1,
        1,
        30,
    ),
]

SWAPS = 3
"""Swaps tested per case."""


def test_the_cases_cover_every_shipped_game() -> None:
    assert {case.game.name for case in CASES} == set(shipped_games())


SEEDS = 40
"""Seeds tried from the case's own for a world that reaches the position wanted
(Euchre's dealer discards only when the first round of bidding orders the card up)."""


def _world(case: Case) -> sw.World:
    """World A of ``case``: the first seed from the case's own whose game reaches the
    position the case wants."""
    for seed in range(case.seed, case.seed + SEEDS):
        world = sw.play_world(case.game, seed, case.moves, case.stop, dict(case.started))
        if case.reached is None:
            return world
        try:
            case.reached(world, case.seat)
        except AssertionError:
            continue
        return world
    raise AssertionError(f"no seed from {case.seed} reaches the position {case.name} wants")


def _swaps(case: Case, world: sw.World) -> Iterator[tuple[sw.AnyCard, sw.AnyCard, sw.World]]:
    found = list(sw.swaps(world, case.seat, case.seed, SWAPS, hidden_first=case.hidden))
    assert found, f"{case.name}: no swap world B can follow"
    if case.hidden:
        x = found[0][0]
        assert x in sw.hidden_move_cards(world, case.seat), "no hidden move's card swapped"
    yield from found


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_a_swap_of_cards_the_seat_has_not_seen_changes_nothing_it_is_shown(case: Case) -> None:
    world = _world(case)
    seat = case.seat
    shown = {host: read(world, seat) for host, read in sw.HOSTS.items()}
    assert len(shown["library"]) == len(world.transitions) > 8
    assert len(shown["gymnasium"]) > 1  # the agent moved, and saw the others move
    for x, y, other in _swaps(case, world):
        assert sw.changed(world, other), "the swap changed nothing"
        differences = []
        for host, read in sw.HOSTS.items():
            mine, theirs = shown[host], read(other, seat)
            if host == "cli":
                difference = None if mine == theirs else sw.screen_difference(mine, theirs)
            else:
                difference = sw.first_difference(mine, theirs)
            if difference is not None:
                differences.append(f"{host}: {difference}")
        where = f"{case.name}: seat {seat} told {x} from {y}"
        assert not differences, where + "\n" + "\n".join(differences)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_what_a_seat_is_shown_names_only_cards_it_has_seen(case: Case) -> None:
    """The other half of the swap test, with no swap: every card in the seat's views
    and in the events as it may know them is one it has seen (held, or seen played,
    turned up or on the discard pile)."""
    world = _world(case)
    seat = case.seat
    seen = sw.seen_by(world, seat)
    events_for = getattr(cr, "events_for", None)
    for number, transition in enumerate(world.transitions):
        view = world.table.observe(transition.state, seat)
        told = events_for(transition.events, seat) if events_for is not None else ()
        for what, value in (("view", view), ("events", told)):
            extra = sw.cards_in(value) - seen
            assert not extra, f"{case.name}, position {number}: the {what} names {extra}"


# -- the swap test catches leaks -------------------------------------------------------

CRAMPS = CASES[0]
PASSING = CASES[5]


def _differences(case: Case) -> list[str]:
    world = _world(case)
    *_, other = next(iter(_swaps(case, world)))
    return sw.compare(world, other, case.seat)


def test_the_swap_test_sees_a_view_that_shows_a_hidden_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A view that shows the other seats' cards after the seat's own (a leak) is
    caught, by every output made from the view."""
    assert _differences(CRAMPS) == []
    observe = cr.Cramps.observe

    def leaky(self: Any, state: Any, seat: int) -> Any:
        view = observe(self, state, seat)
        others = (card for other in range(4) if other != seat for card in state.hands[other])
        return attrs.evolve(view, hand=(*view.hand, *others))

    monkeypatch.setattr(cr.Cramps, "observe", leaky)
    found = _differences(CRAMPS)
    assert {line.split(":")[0] for line in found} >= {"library", "openspiel", "cli"}
    assert any("view repr differs" in line for line in found)


def test_the_swap_test_sees_a_pass_told_to_every_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hearts' passes told to every seat (events that hide nothing) are caught, in the
    events, their texts and the information state."""
    kinds = [cr.Event]
    for kind in kinds:
        kinds.extend(kind.__subclasses__())
        if "for_seat" in vars(kind):
            monkeypatch.setattr(kind, "for_seat", lambda self, seat: self)
    found = _differences(PASSING)
    assert found and found[0].startswith("library: ")
    assert any(host in " ".join(found) for host in ("openspiel", "cli"))


def test_a_spades_seat_that_has_not_looked_cannot_tell_its_own_cards() -> None:
    """Blind Nil: seat 2 may bid it, so it sees no card of its hand until it looks or
    bids. Stopped at its turn, before it has looked: a card of its hand swapped with one
    of seat 3's changes nothing it is shown, in the library, the hosts or the terminal."""
    game = spades.Spades(
        blind_nil=True, blind_nil_behind=0, random_first_dealer=False, first_dealer_seat=3
    )

    def at_its_turn(world: sw.World) -> bool:
        inner = world.transitions[-1].state.inner
        return bool(inner.phase == "blind" and inner.to_move == 2)

    world = sw.play_world(game, 5, 8, stop=at_its_turn)
    assert at_its_turn(world)
    hands = world.transitions[-1].state.inner.hands
    for x, y in zip(hands[2][:3], hands[3][-3:], strict=True):
        other = sw.replay_world(world, sw.swapper(x, y))
        assert sw.changed(world, other)
        assert sw.compare(world, other, 2) == [], f"seat 2 told its {x} from seat 3's {y}"
