"""CraitsBatch plays Craits exactly as the scalar engine does.

Every game of a batch is replayed move by move through :class:`cardrules.Craits` with
explicit chance: each shuffle the batch made (a deal's deck, a new stock) is fed to the
scalar engine's chance nodes card by card, so both play the same cards. The legal move
ids must be the same at every step, and the seat to move, the totals (shuffle-pressure
penalties included), the count, the top card and the suit; at the end of each hand the
hand's points, and at the end of a game its final scores and winners.

``CARDRULES_BATCH_GAMES=n`` replays ``n`` random option sets instead of a few (slow).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import cardrules as cr  # noqa: E402
from cardrules.batch import CraitsBatch  # noqa: E402
from cardrules.cards import Card  # noqa: E402
from cardrules.chance import ChanceState, ExplicitChance  # noqa: E402
from cardrules.encoding import encoder_for  # noqa: E402
from cardrules.events import HandScored  # noqa: E402
from cardrules.game import Step  # noqa: E402
from cardrules.games.craits.scoring import hand_points  # noqa: E402
from cardrules.shedding.core import Action, CardRule  # noqa: E402

_GAMES = int(os.environ.get("CARDRULES_BATCH_GAMES", "0"))


class _Replay:
    """The scalar games beside a batch, fed the batch's shuffles."""

    def __init__(self, game: cr.Craits, batch: CraitsBatch) -> None:
        self.game, self.batch = game, batch
        self.table = ExplicitChance(game)
        self.used = [0] * batch.n
        self.states = [self.new_game(i) for i in range(batch.n)]

    def fed(self, i: int, step: Step[ChanceState]) -> tuple[ChanceState, list[Any]]:
        """The state once the batch's next shuffles are placed, and the events."""
        shuffles = self.batch.shuffles(i)
        state, events = step.state, list(step.events)
        while state.is_chance:
            order = shuffles[self.used[i]]
            self.used[i] += 1
            for card in order:
                step = self.table.step_chance(state, Card.from_index(card))
                state = step.state
                events += step.events
        return state, events

    def new_game(self, i: int) -> ChanceState:
        return self.fed(i, self.table.start(dealer=int(self.batch.dealer[i])))[0]

    def compare(self, observe: bool = False) -> None:
        batch, game = self.batch, self.game
        mask = batch.legal_mask()
        if observe:
            encoder = encoder_for(game)
            others = (batch.to_move + 1) % game.players
            for seats in (batch.to_move, others):
                observations = batch.observations(seats)
                for i, chance in enumerate(self.states):
                    view = game.observe(chance.inner, int(seats[i]))
                    wanted = encoder.observation(view)
                    assert observations[i].tolist() == pytest.approx(wanted, abs=1e-6)
        for i, chance in enumerate(self.states):
            state = chance.inner
            wanted = np.frombuffer(game.legal_move_mask(state), dtype=np.uint8)
            assert np.flatnonzero(mask[i]).tolist() == np.flatnonzero(wanted).tolist()
            assert batch.to_move[i] == state.to_move
            assert tuple(batch.scores[i].tolist()) == state.scores
            assert batch.count[i] == state.count
            assert batch.top_card[i] == state.discard[-1] and batch.suit[i] == state.suit
            assert batch.hand_sizes()[i].tolist() == [len(hand) for hand in state.hands]

    def play(self, actions: Any, active: Any, result: Any) -> int:
        """Apply the batch's step to the scalar games; the number of games that ended."""
        batch, game = self.batch, self.game
        ended = 0
        for i in range(batch.n):
            if not active[i]:
                assert not result.hands_over[i]
                continue
            move = game.move_from_id(int(actions[i]))
            state, events = self.fed(i, self.table.step(self.states[i], move))
            inner = state.inner
            scored = [event.hand_scores for event in events if isinstance(event, HandScored)]
            assert bool(scored) == bool(result.hands_over[i])
            if scored:
                assert scored == [tuple(result.hand_points[i].tolist())]
            if result.games_over[i]:
                ended += 1
                assert inner.is_over
                assert inner.scores == tuple(result.final_scores[i].tolist())
                assert inner.winners == tuple(np.flatnonzero(result.winners[i]).tolist())
                state = self.new_game(i)
            else:
                assert not inner.is_over
                assert inner.hand_number == batch.hand_number[i]
                assert inner.dealer == batch.dealer[i]
                assert inner.direction == batch.direction[i]
                assert inner.penalties == tuple(batch.penalties[i].tolist())
            self.states[i] = state
        return ended


def _replay(
    game: cr.Craits, n: int, seed: int, steps: int, *, partial: bool = False, observe: int = 0
) -> int:
    """Play ``steps`` random steps of a batch beside the scalar engine (with
    ``partial``, each step moves a random subset of the games); the number of games
    that ended. Every ``observe``-th step the observations are compared with the
    encoder's, for the seat to move and the next seat."""
    batch = CraitsBatch(n, game=game, seed=seed, record_shuffles=True)
    replay = _Replay(game, batch)
    chooser = np.random.default_rng(seed)
    ended = 0
    for number in range(steps):
        replay.compare(observe=observe > 0 and number % observe == 0)
        actions = batch.random_actions()
        active = chooser.random(n) < 0.6 if partial else np.ones(n, dtype=np.bool_)
        result = batch.step(actions, active if partial else None)
        ended += replay.play(actions, active, result)
    replay.compare()
    return ended


def test_default_rules_over_whole_games() -> None:
    """Default Craits (4 players, manual idiot calls made by the seat to move), four
    games to their end and on into the next."""
    assert _replay(cr.Craits(), 4, seed=3, steps=900, observe=60) >= 2


def test_games_moved_a_few_at_a_time() -> None:
    """Steps that move only some games (``active``) leave the others as they were."""
    _replay(cr.Craits(players=3, short_game=True), 4, seed=8, steps=300, partial=True, observe=7)


def test_many_players_three_decks_and_automatic_penalties() -> None:
    """Ten players on three decks (copies of cards in hands and piles), the one-card
    deal's answers, penalties applied at once and a hand going on after a count."""
    game = cr.Craits(
        players=10,
        decks=3,
        short_game=True,
        one_card_deal_announce=True,
        idiot_calls="automatic",
        continue_after_count_out=True,
        deal_follows_direction=True,
    )
    _replay(game, 3, seed=5, steps=250, observe=9)


def test_many_games_take_the_rare_branches_on_subsets() -> None:
    """A larger batch, so that in most steps some games reshuffle, end hands, draw
    with a count or pay penalties while the others do not (the engine's branches on
    subsets of the games, not all or none), with partial steps too."""
    _replay(cr.Craits(), 32, seed=21, steps=240, observe=80)
    _replay(cr.Craits(players=3, idiot_calls="automatic"), 24, seed=22, steps=150, partial=True)


_RANKS = st.sampled_from(range(2, 15))
_ROWS = st.builds(
    lambda action, points, count, starts: CardRule(action, points, count, starts and count > 0),
    st.sampled_from([action for action in Action if action is not Action.OWN]),  # Craits'
    st.integers(-5, 60),
    st.sampled_from([0, 0, 1, 2]),
    st.booleans(),
)


@st.composite
def _games(draw: Any) -> cr.Craits:
    players = draw(st.integers(2, 10))
    decks = draw(st.sampled_from([None, 2, 3] if players > 5 else [None, 1, 2, 3]))
    options: dict[str, Any] = {
        "players": players,
        "decks": decks,
        "short_game": True,
        "deal_follows_direction": draw(st.booleans()),
        "remove_kings_queens": players <= 3 and draw(st.booleans()),
        "one_card_deal_announce": draw(st.booleans()),
        "idiot_penalty": draw(st.sampled_from(["draw_two_skip", "draw_one"])),
        "continue_after_count_out": draw(st.booleans()),
        "threes_cancel_eights": draw(st.booleans()),
        "threes_rule": draw(st.sampled_from(["seed", "published"])),
        "idiot_calls": draw(st.sampled_from(["manual", "automatic"])),
        "card_table": draw(st.dictionaries(_RANKS, _ROWS, max_size=4)),
    }
    try:
        return cr.Craits(**options)
    except cr.RulesError:  # too few cards for the players: two decks then
        return cr.Craits(**{**options, "decks": 2, "remove_kings_queens": False})


@settings(max_examples=_GAMES or 4, deadline=None)
@given(game=_games(), seed=st.integers(0, 2**32))
def test_every_option(game: cr.Craits, seed: int) -> None:
    """Random options: players, decks, every variation, random card-table rows (any
    function, points, count and count starters)."""
    _replay(game, 3, seed=seed, steps=400 if _GAMES else 150, observe=13)


@settings(max_examples=40, deadline=None)
@given(
    hands=st.lists(st.lists(st.integers(0, 51), max_size=12), min_size=1, max_size=6),
    cancel_eights=st.booleans(),
    rule=st.sampled_from(["seed", "published"]),
    rows=st.dictionaries(_RANKS, _ROWS, max_size=5),
)
def test_hand_points_are_the_scalar_ones(
    hands: list[list[int]], cancel_eights: bool, rule: Any, rows: dict[int, CardRule]
) -> None:
    """K22-K24, V7 and the threes rule on hands of any cards, copies included."""
    game = cr.Craits(
        players=2, decks=3, threes_cancel_eights=cancel_eights, threes_rule=rule, card_table=rows
    )
    batch = CraitsBatch(1, game=game, seed=0)
    counts = np.zeros((len(hands), 52), dtype=np.uint8)
    for row, hand in zip(counts, hands, strict=True):
        for card in hand:
            row[card] += 1
    wanted = [
        hand_points(
            [Card.from_index(c) for c in hand],
            game.card_table,
            threes_cancel_eights=cancel_eights,
            threes_rule=rule,
        )
        for hand in hands
    ]
    assert batch._hand_points(counts).tolist() == wanted


def _same_position(batch: CraitsBatch, i: int, game: cr.Craits, state: Any, seats: Any) -> None:
    """Game ``i`` of the batch is ``state``: what ``seats`` see, the legal moves, the
    scores and the table."""
    encoder = encoder_for(game)
    for seat in seats:
        seen = batch.observations(np.full(batch.n, seat))[i]
        assert seen.tolist() == pytest.approx(encoder.observation(game.observe(state, seat)))
    wanted = np.frombuffer(game.legal_move_mask(state), dtype=np.uint8)
    assert np.flatnonzero(batch.legal_mask()[i]).tolist() == np.flatnonzero(wanted).tolist()
    assert batch.to_move[i] == state.to_move and tuple(batch.scores[i]) == state.scores
    assert tuple(batch.penalties[i]) == state.penalties and batch.count[i] == state.count
    assert batch.top_card[i] == state.discard[-1] and batch.suit[i] == state.suit
    assert batch.stock_size[i] == len(state.table.stock)
    assert batch.hand_sizes()[i].tolist() == [len(hand) for hand in state.hands]


_FEATURES: dict[str, Callable[[Any], bool]] = {  # what a position may hold, to copy
    "count": lambda state: state.count > 0,
    "count out": lambda state: state.count_out,
    "exposed": lambda state: bool(state.exposed),
    "forfeits": lambda state: any(state.forfeits),
    "idle turns": lambda state: state.idle_turns > 0,
    "naming a suit": lambda state: state.phase == cr.Phase.NAME_SUIT,
    "announcing": lambda state: state.phase == cr.Phase.ANNOUNCE,
}


def _positions(game: cr.Craits, seed: int, moves: int) -> dict[str, Any]:
    """A random game's first position holding each feature (and an early one, "any")."""
    chooser, found = random.Random(seed), {}
    state = game.new_game(seed=seed)
    for number in range(moves):
        if state.is_over:
            break
        if number == 7:
            found["any"] = state
        for name, holds in _FEATURES.items():
            if name not in found and holds(state):
                found[name] = state
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
    return found


def test_from_state_plays_on_from_the_position() -> None:
    """Copies of positions reached in the scalar engine, each holding one of the
    features a position may have (a count, an exposed seat, forfeits, idle turns, a
    phase), play on as it does (the same stock, drawn in the same order) until a hand
    ends or the stock is reshuffled, after which the batch's own shuffles take over."""
    rng = np.random.default_rng(7)
    games = [  # (a seed, rules)
        (0, cr.Craits(players=3, short_game=True)),
        (2, cr.Craits(players=10, short_game=True)),  # two decks; idle turns in this game
        (2, cr.Craits(players=4, one_card_deal_announce=True, idiot_calls="automatic")),
        (3, cr.Craits.published_rules(4)),
    ]
    features, compared = set(), 0
    for number, game in games:
        found = _positions(game, number, 1500)
        features |= set(found)
        for state in found.values():
            batch = CraitsBatch.from_state(state, 3, game=game, seed=number, record_shuffles=True)
            states, live = [state] * 3, [True] * 3
            for step in range(20):
                for i in range(3):
                    if live[i]:
                        seats = range(game.players) if step == 0 else (int(batch.to_move[i]),)
                        _same_position(batch, i, game, states[i], seats)
                        compared += 1
                actions = batch.random_actions(rng)
                result = batch.step(actions)
                for i in range(3):
                    if live[i]:
                        states[i] = game.step(states[i], game.move_from_id(int(actions[i]))).state
                        live[i] = not result.hands_over[i] and not batch.shuffles(i)
    assert features == {"any", *_FEATURES}
    assert compared > 300  # positions compared (after a hand's end the deals differ)


def test_play_out_hands_plays_each_hand_to_its_end_and_no_further() -> None:
    """Batched rollouts: every copy of a mid-hand position plays to the end of that
    hand (each game one hand on, the next one dealt), and its points are the ones the
    step that ended the hand reported, whatever the other games were doing."""
    game = cr.Craits(players=4, short_game=True)
    state = game.new_game(seed=5)
    chooser = random.Random(5)
    for _ in range(30):
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
    played = CraitsBatch.from_state(state, 16, game=game, seed=9)
    points = played.play_out_hands(np.random.default_rng(2))
    assert (played.hand_number == state.hand_number + 1).all()
    stepped = CraitsBatch.from_state(state, 16, game=game, seed=9)
    rng, wanted, pending = np.random.default_rng(2), np.zeros_like(points), np.ones(16, bool)
    while pending.any():
        result = stepped.step(stepped.random_actions(rng), None if pending.all() else pending)
        wanted[result.hands_over] = result.hand_points[result.hands_over]
        pending &= ~result.hands_over
    assert np.array_equal(points, wanted) and len({tuple(row) for row in points}) > 1
    assert np.array_equal(played.scores, stepped.scores)
    # The scores: the hand's points and every K19 penalty charged (5, then doubling; the
    # penalties kept are each seat's last one).
    before, after = np.asarray(state.penalties), played.penalties
    charged = np.where(after > 0, 2 * after - np.where(before > 0, 2 * before, 5), 0)
    assert np.array_equal(played.scores, np.asarray(state.scores) + points + charged)
    assert (charged > 5).any()  # (some seat paid twice: 5, then 10)


def test_from_state_refuses_what_it_cannot_copy() -> None:
    game = cr.Craits(players=3, short_game=True)
    with pytest.raises(cr.StateError, match="not"):
        CraitsBatch.from_state(cr.Cramps().new_game(seed=1), 2, game=game)  # type: ignore[arg-type]
    with pytest.raises(cr.StateError, match="other Craits rules"):
        CraitsBatch.from_state(cr.Craits(players=4).new_game(seed=1), 2, game=game)
    over = game.new_game(seed=1)
    chooser = random.Random(1)
    while not over.is_over:
        over = game.apply(over, chooser.choice(game.legal_moves(over)))
    with pytest.raises(cr.StateError, match="the game is over"):
        CraitsBatch.from_state(over, 2, game=game)
    with pytest.raises(cr.SetupError):
        CraitsBatch.from_state(game.new_game(seed=1), 0, game=game)


def test_same_seed_same_games() -> None:
    runs = []
    for _ in range(2):
        batch = CraitsBatch(8, seed=11)
        for _ in range(80):
            batch.step(batch.random_actions())
        runs.append((batch.hands().tolist(), batch.scores.tolist(), batch.to_move.tolist()))
    assert runs[0] == runs[1]


def test_illegal_actions_are_refused_and_play_nothing() -> None:
    batch = CraitsBatch(3, seed=5)
    before = batch.hands()
    legal = batch.legal_mask()
    actions = batch.random_actions()
    actions[1] = int(np.flatnonzero(~legal[1])[0])
    with pytest.raises(cr.IllegalMoveError, match=r"game 1: move \d+ is not legal") as info:
        batch.step(actions)
    assert info.value.reason == "not_legal"
    assert (batch.hands() == before).all()
    with pytest.raises(cr.IllegalMoveError, match=r"not a move id \(0 to 538\)"):
        batch.step(np.array([0, 539, 1]))
    with pytest.raises(cr.IllegalMoveError, match="3 integer move ids"):
        batch.step([1, 2])
    with pytest.raises(cr.IllegalMoveError, match="3 booleans"):
        batch.step(actions, active=[1, 0, 1])


@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "4"])
def test_bad_batch_sizes(bad: Any) -> None:
    with pytest.raises(cr.SetupError, match="at least 1"):
        CraitsBatch(bad)


def test_bad_game_seed_and_shuffles() -> None:
    with pytest.raises(cr.SetupError, match="must be a Craits"):
        CraitsBatch(2, game=cr.Cramps())  # type: ignore[arg-type]
    with pytest.raises(cr.SetupError):
        CraitsBatch(2, seed=-1)
    with pytest.raises(cr.SetupError, match="record_shuffles=True"):
        CraitsBatch(2, seed=1).shuffles(0)
    with pytest.raises(cr.SetupError, match="from 0 to 1"):
        CraitsBatch(2, seed=1, record_shuffles=True).shuffles(2)


def test_arrays_given_out_are_copies_and_restart() -> None:
    batch = CraitsBatch(2, seed=1)
    legal, sizes = batch.legal_mask().sum(), batch.hand_sizes()
    batch.hands()[:] = 0
    batch.scores[:] = 99
    batch.hand_sizes()[:] = 0
    assert batch.legal_mask().sum() == legal and (batch.hand_sizes() == sizes).all()
    assert (batch.scores == 0).all()
    while not batch.step(batch.random_actions()).hands_over.any():
        pass
    assert (batch.hand_number == 2).any()
    picked = batch.random_actions()
    batch.restart(np.ones(2, dtype=np.bool_))
    assert (batch.hand_number == 1).all()
    with pytest.raises(cr.IllegalMoveError, match="not legal"):
        batch.step(picked)  # picked before the restart: checked again, and refused
    with pytest.raises(cr.SetupError, match="2 booleans"):
        batch.restart([1, 0])


def test_random_actions_are_uniform_among_the_legal_moves() -> None:
    """Each legal move id comes up, and about equally often (a chi-square statistic
    per degree of freedom near 1), in first positions (a turned-up 8 lets the dealer
    name any of four suits) and later ones (wild plays, "one card", idiot calls)."""
    batch = CraitsBatch(300, game=cr.Craits(players=3), seed=2)
    rng = np.random.default_rng(0)
    for steps in (0, 7, 9):
        for _ in range(steps):
            batch.step(batch.random_actions())
        legal = batch.legal_mask()
        counts = np.zeros(legal.shape, dtype=np.int64)
        draws = 120
        for _ in range(draws):
            np.add.at(counts, (np.arange(batch.n), batch.random_actions(rng)), 1)
        assert ((counts > 0) == legal).all()
        expected = draws / legal.sum(axis=1, keepdims=True)
        statistic = (np.where(legal, (counts - expected) ** 2, 0) / expected).sum()
        assert statistic / (legal.sum() - batch.n) < 1.25


@pytest.mark.parametrize("n", [2**40, 2**70])
def test_batch_sizes_beyond_the_machines_memory_are_refused_before_allocating(n: int) -> None:
    with pytest.raises(cr.SetupError, match=r"more than the .* of memory .* at most [\d,]+ games"):
        CraitsBatch(n, game=cr.Craits(players=10, decks=3))


def test_the_memory_bound_follows_the_options(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardrules.batch import checks
    from cardrules.batch.craits import bytes_per_game

    small, large = cr.Craits(players=2), cr.Craits(players=10, decks=3)
    assert bytes_per_game(small) < bytes_per_game(large) < bytes_per_game(large, True)
    monkeypatch.setattr(checks, "memory_limit", lambda: 10 * bytes_per_game(large))
    assert CraitsBatch(10, game=large, seed=1).n == 10
    assert CraitsBatch(20, game=small, seed=1).n == 20
    with pytest.raises(cr.SetupError, match="at most 10 games fit"):
        CraitsBatch(11, game=large, seed=1)
    with pytest.raises(cr.SetupError, match="at most 8 games fit"):
        CraitsBatch(10, game=large, seed=1, record_shuffles=True)


@pytest.mark.parametrize("bad", [5, "seed", random.Random(1), np.random.RandomState(1)])
def test_random_generators_that_are_not_numpy_generators(bad: Any) -> None:
    batch = CraitsBatch(2, seed=1)
    with pytest.raises(cr.SetupError, match=r"rng must be a numpy.random.Generator"):
        batch.random_actions(bad)
    with pytest.raises(cr.SetupError, match=r"rng must be a numpy.random.Generator"):
        batch.play_out_hands(bad)
    assert batch.random_actions(np.random.default_rng(3)).shape == (2,)


def test_arguments_numpy_cannot_read_get_the_librarys_errors() -> None:
    batch = CraitsBatch(2, seed=1)
    ragged: Any = [[0], [1, 2]]
    with pytest.raises(cr.SetupError, match="seats must be 2 ints"):
        batch.observations(ragged)
    with pytest.raises(cr.IllegalMoveError, match="active must be 2 booleans"):
        batch.step(batch.random_actions(), ragged)
    with pytest.raises(cr.IllegalMoveError, match="actions must be 2 integer move ids"):
        batch.step(ragged)
    with pytest.raises(cr.SetupError, match="games must be 2 booleans"):
        batch.restart(ragged)
    huge = np.array([0, 2**64 - 1], dtype=np.uint64)  # not -1 as an int64
    with pytest.raises(cr.IllegalMoveError, match=r"game \d: \d+ is not a move id"):
        batch.step(huge)
    huge[0] = int(np.flatnonzero(batch.legal_mask()[0])[0])
    with pytest.raises(cr.IllegalMoveError, match=r"game 1: 18446744073709551615 is not a move"):
        batch.step(huge)


def test_card_tables_with_draws_are_refused() -> None:
    game = cr.Craits(card_table={"Q": CardRule("wild", 50, draws=4)})
    with pytest.raises(cr.RulesError, match="the queen's row must have draws=0, not 4"):
        CraitsBatch(2, game=game)


@pytest.mark.parametrize("row", [CardRule("skip", 2**70), CardRule("none", 0, count=2**51)])
def test_card_tables_beyond_64_bit_totals_are_refused(row: CardRule) -> None:
    with pytest.raises(cr.RulesError, match=r"the jack's (points|count) must be within 2\*\*50"):
        CraitsBatch(2, game=cr.Craits(card_table={"J": row}))
    edge = cr.Craits(card_table={"J": CardRule("skip", -(2**50))})
    assert CraitsBatch(2, game=edge, seed=1).n == 2
