"""The OpenSpiel games (cardrules.hosts.openspiel): OpenSpiel's random simulation test
with and without serialization, on Cramps and on Craits with 2 to 10 players, and a
game played by OpenSpiel's ISMCTS with a resampler built on determinize.

Skipped where OpenSpiel is not installed, unless CARDRULES_REQUIRE_HOSTS=1 (CI).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

import cardrules as cr
from cardrules.games import shipped_games
from conftest import engine_games

try:
    import numpy as np
    import pyspiel

    from cardrules.hosts import openspiel as hosted
except ImportError:
    if os.environ.get("CARDRULES_REQUIRE_HOSTS") == "1":
        raise
    pytest.skip("OpenSpiel is not installed", allow_module_level=True)

from cardrules.games.euchre import rules as euchre
from cardrules.games.oh_hell import rules as oh_hell

#: Every game on the engines: the two of the library and the five examples.
ENGINE_GAMES = list(engine_games().values())


def _name(game: Any) -> str:
    decks = getattr(game, "decks", None) or 1  # (None: the default for the players)
    return f"{game.name}-{game.players}p" + (f"-{decks}decks" if decks > 1 else "")


# Three players on two decks (two players on one deck play a whole game below): larger
# tables run the same code, and OpenSpiel's test costs most on them (8 s for six players
# on a slow machine), so they are left out of the suite's CPU budget.
@pytest.mark.parametrize(
    "rules",
    [cr.Cramps(), cr.Craits(players=3, decks=2, short_game=True)],
    ids=_name,
)
def test_random_sim_test_with_serialization(rules: Any) -> None:
    # One run with serialization makes every check of a run without it, on the same
    # game (the test's generator always starts from the same state), and adds the
    # serialization round trips: a second run without it would check nothing more.
    game = hosted.load_game(rules)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_full_craits_game_passes_the_simulation_test() -> None:
    game = hosted.load_game(cr.Craits(players=2))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_games_load_by_name_with_their_options() -> None:
    rules = cr.Craits(players=3, short_game=True, idiot_calls="automatic")
    game = hosted.load_game(rules)
    assert game.rules == rules
    assert str(game) == "python_cardrules_craits(idiot_calls=automatic,players=3,short_game=True)"
    again = pyspiel.load_game(str(game))
    assert again.rules == rules and again.num_distinct_actions() == rules.num_move_ids
    assert pyspiel.load_game("python_cardrules_cramps").rules == cr.Cramps()
    assert pyspiel.load_game("python_cardrules_cramps(target=5)").rules == cr.Cramps(target=5)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


RULES_WITH_EVERY_OPTION = [
    cr.Cramps(target=5, packets=(3, 3, 3, 2, 2), trick_values=tuple(range(-6, 7)), queen_points=0),
    cr.Craits(
        players=3,
        decks=2,
        short_game=True,
        deal_follows_direction=True,
        remove_kings_queens=True,
        one_card_deal_announce=True,
        idiot_penalty="draw_one",
        continue_after_count_out=True,
        threes_cancel_eights=True,
        card_table={
            "J": cr.CardRule("skip", 10),
            "A": cr.CardRule("none", 1, count=3, starts_count=True),
        },
        threes_rule="published",
        idiot_calls="automatic",
    ),
    cr.Craits.published_rules(players=10),
    cr.Craits(players=2, decks=3),
]


@pytest.mark.parametrize("rules", RULES_WITH_EVERY_OPTION, ids=_name)
def test_every_rules_option_is_a_named_parameter(rules: Any) -> None:
    """Each option that differs from the default is a parameter of the game string,
    and the string loads the same rules again; every option has its parameter."""
    game = hosted.load_game(rules)
    text = str(game)
    default = type(rules)(players=rules.players).options()
    changed = {name for name, value in rules.options().items() if value != default[name]}
    named = {part.split("=")[0] for part in text[text.index("(") + 1 : -1].split(",")}
    assert changed - {"players"} <= named and changed
    assert pyspiel.load_game(text).rules == rules
    spec = game.get_type().parameter_specification
    options = set(type(rules)().options()) - (
        {"players"} if isinstance(rules, cr.Cramps) else set()
    )
    assert options | {"max_game_length", "info_strings"} == set(spec)


@pytest.mark.parametrize(
    ("text", "error", "match"),
    [
        ("python_cardrules_cramps(target=-5)", cr.RulesError, "target must be"),
        ("python_cardrules_cramps(packets=3/x)", cr.RulesError, "joined by '/'"),
        ("python_cardrules_craits(card_table=J:fly:3)", cr.RulesError, "action is one of"),
        ("python_cardrules_craits(card_table=J:skip)", cr.RulesError, "rank:action:points"),
        ("python_cardrules_craits(decks=7)", cr.RulesError, "0 for the default"),
        ("python_cardrules_craits(players=11)", cr.RulesError, "players must be an int from 2"),
        ("python_cardrules_craits(info_strings=hash)", cr.RulesError, "info_strings must be"),
        ("python_cardrules_cramps(max_game_length=0)", cr.RulesError, "max_game_length must"),
        # the base64 options of development versions: OpenSpiel names the parameters
        ("python_cardrules_cramps(options=eyJ0YXJnZXQiOjV9)", pyspiel.SpielError, "target"),
    ],
)
def test_bad_parameters_are_refused_saying_what_is_allowed(
    text: str, error: type, match: str
) -> None:
    with pytest.raises(error, match=match):
        pyspiel.load_game(text)


def test_load_game_refuses_what_is_not_its_rules_or_its_parameters() -> None:
    with pytest.raises(cr.RulesError, match=r"made of rules objects \(a Game\), not"):
        hosted.load_game(object())  # type: ignore[arg-type]
    with pytest.raises(cr.RulesError, match="max_game_length must be an int"):
        hosted.load_game(cr.Cramps(), max_game_length="20")  # type: ignore[arg-type]
    with pytest.raises(cr.RulesError, match="info_strings must be one of"):
        hosted.load_game(cr.Cramps(), info_strings="short")


def test_information_state_strings_may_be_digests() -> None:
    """``info_strings=digest``: each information state string is the digest of the
    text (32 hex digits), so two states give the same string exactly when they give
    the same text; the game still passes the simulation test."""
    text_game = hosted.load_game(cr.Craits(players=2, short_game=True))
    game = hosted.load_game(cr.Craits(players=2, short_game=True), info_strings="digest")
    assert str(game).startswith("python_cardrules_craits(info_strings=digest,")
    chooser = np.random.RandomState(3)
    plain, hashed = text_game.new_initial_state(), game.new_initial_state()
    seen: dict[str, str] = {}
    while not plain.is_terminal() and len(seen) < 300:
        if plain.is_chance_node():
            action = plain.chance_outcomes()[chooser.randint(len(plain.chance_outcomes()))][0]
        else:
            for seat in range(2):
                digest, text = (
                    hashed.information_state_string(seat),
                    plain.information_state_string(seat),
                )
                assert len(digest) == 32 and seen.setdefault(digest, text) == text
            action = chooser.choice(plain.legal_actions())
        plain.apply_action(action)
        hashed.apply_action(action)
    assert len(seen) >= 300
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_deal_is_chance_nodes_and_play_follows_the_rules() -> None:
    game = hosted.load_game(cr.Cramps())
    state = game.new_initial_state()
    for card in range(52):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 52 - card
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(card)  # the deck in card order, top first
    assert state.current_player() == 1
    inner = state.position.inner
    legal = [cr.Cramps().move_id(move) for move in cr.Cramps().legal_moves(inner)]
    assert state.legal_actions() == sorted(legal)
    assert state.action_to_string(1, legal[0]) == str(cr.Cramps().move_from_id(legal[0]))
    info = state.information_state_tensor(1)
    assert len(info) == game.information_state_tensor_size()
    assert len(state.observation_tensor(1)) == game.observation_tensor_size()
    assert state.information_state_string(1) != state.information_state_string(2)


def test_bad_actions_are_refused_saying_what_is_allowed() -> None:
    game = hosted.load_game(cr.Cramps())
    state = game.new_initial_state()
    with pytest.raises(cr.CardParseError, match="int from 0 to 51, not 52"):
        state.apply_action(52)  # a chance action is a card's index
    state.apply_action(5)
    with pytest.raises(cr.IllegalMoveError, match="not among the cards left"):
        state.apply_action(5)  # placed already
    for card in [*range(5), *range(6, 52)]:
        state.apply_action(card)
    with pytest.raises(cr.IllegalMoveError, match="no move id 52; ids run from 0 to 51"):
        state.apply_action(52)
    seat = state.current_player()
    held = [cr.Cramps().move_id(cr.Play(card)) for card in state.position.inner.hands[seat]]
    illegal = next(i for i in range(52) if i not in held)
    with pytest.raises(cr.IllegalMoveError):
        state.apply_action(illegal)  # a card the seat does not hold
    assert state.current_player() == seat  # nothing changed


def test_a_game_cut_short_at_the_cap_returns_zeros() -> None:
    game = hosted.load_game(cr.Cramps(), max_game_length=10)
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == [0.0] * 4 and not state.position.is_over


def test_openspiel_ismcts_plays_a_game_with_the_resampler() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = hosted.load_game(cr.Cramps(), max_game_length=40)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(2))
    bot.set_resampler(hosted.resampler(seed=3))
    rng = np.random.RandomState(4)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert searched >= 9


def test_the_resampler_keeps_the_searchers_information_and_deals_the_rest() -> None:
    game = hosted.load_game(cr.Craits(players=3))
    state = game.new_initial_state()
    rng = np.random.RandomState(7)
    while state.is_chance_node() or state.current_player() != 1:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    resample = hosted.resampler(seed=1)
    samples = [resample(state, 1) for _ in range(5)]
    for sample in samples:
        assert sample.information_state_string(1) == state.information_state_string(1)
        assert sample.legal_actions() == state.legal_actions()
    others = {tuple(sample.position.inner.hands[0]) for sample in samples}
    assert len(others) > 1  # the other hands are dealt afresh


def _played(game: Any, seed: int, moves: int) -> Any:
    """A state of ``game`` after ``moves`` random moves (and the chance nodes after them),
    at a decision."""
    chooser = np.random.RandomState(seed)
    state = game.new_initial_state()
    made = 0
    while not state.is_terminal() and (state.is_chance_node() or made < moves):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[chooser.randint(len(outcomes))][0])
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
            made += 1
    assert not state.is_terminal()
    return state


@pytest.mark.parametrize(
    ("rules", "moves"),
    [
        (cr.Cramps(), 3),
        (cr.Cramps(), 30),
        (cr.Craits(players=3), 10),
        (cr.Craits(players=3), 200),
        (cr.Craits(players=6, short_game=True), 120),
        (cr.Craits(players=4, idiot_calls="automatic"), 400),
    ],
    ids=lambda value: _name(value) if not isinstance(value, int) else str(value),
)
def test_a_samples_history_is_its_own(rules: Any, moves: int) -> None:
    """A sample's history replays to the sample (not to the real position): the same
    position, and every seat's information state is the sample's own; the searching
    player's is the real one, and the other hands are dealt otherwise."""
    game = hosted.load_game(rules)
    state = _played(game, 11, moves)
    player = state.current_player()
    resample = hosted.resampler(seed=2)
    changed = 0
    for _ in range(6):
        sample = resample(state, player)
        replayed = game.new_initial_state()
        for action in sample.history():
            replayed.apply_action(action)
        assert str(replayed) == str(sample)
        for seat in range(rules.players):
            assert replayed.information_state_string(seat) == sample.information_state_string(seat)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.legal_actions() == state.legal_actions()
        hidden = [hand for seat, hand in enumerate(sample.position.inner.hands) if seat != player]
        real = [hand for seat, hand in enumerate(state.position.inner.hands) if seat != player]
        if hidden != real:
            changed += 1
            assert sample.history() != state.history()
    assert changed >= 3


def test_information_states_and_observers_refuse_bad_seats_and_states() -> None:
    from open_spiel.python.observation import make_observation

    game = hosted.load_game(cr.Cramps())
    state = _played(game, 3, 1)
    with pytest.raises(cr.SeatError, match="player must be a seat from 0 to 3, not 4"):
        state.info_state(4)
    with pytest.raises(cr.SeatError, match="not True"):
        state.info_state(True)
    observer = game.make_py_observer()
    with pytest.raises(cr.StateError, match="an observer needs a state of its cardrules"):
        observer.set_from("state", 0)
    other = hosted.load_game(cr.Craits(players=4)).new_initial_state()
    with pytest.raises(cr.StateError, match=r"\(Cramps\)"):
        observer.string_from(other, 0)
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    recall.set_from(state, 2)  # (a state of the game itself: no error)
    assert recall.tensor.any()


def test_the_resampler_refuses_what_it_cannot_sample() -> None:
    game = hosted.load_game(cr.Cramps())
    resample = hosted.resampler(seed=1)
    with pytest.raises(cr.StateError, match="needs a state of a cardrules OpenSpiel game"):
        resample("state", 0)  # type: ignore[arg-type]
    with pytest.raises(cr.StateError, match="not a chance node"):
        resample(game.new_initial_state(), 0)
    with pytest.raises(cr.SeatError, match="player must be a seat from 0 to 3"):
        resample(_played(game, 1, 2), 4)
    with pytest.raises(cr.SetupError, match="seed must be an int"):
        hosted.resampler(seed="1")  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", [cr.Cramps(), cr.Craits(players=3, short_game=True)], ids=_name)
def test_tensors_asked_late_and_in_any_order_are_the_seats_own(rules: Any) -> None:
    """Information states are folded only when asked for, and the seats that start
    together share their public parts: a tensor asked for late, in any order of seats,
    equals the one of a copy that asked every seat at every move, and both begin with
    the observation of the seat's view."""
    import random

    from cardrules.encoding import encoder_for

    game = hosted.load_game(rules)
    encoder = encoder_for(rules)
    chooser = random.Random(5)
    lazy = game.new_initial_state()
    eager = game.new_initial_state()
    players = rules.players
    decisions = 0
    while not lazy.is_terminal() and decisions < 250:
        if lazy.is_chance_node():
            action = chooser.choice([action for action, _ in lazy.chance_outcomes()])
        else:
            decisions += 1
            for seat in range(players):
                expected = np.asarray(eager.information_state_tensor(seat), dtype=np.float32)
                view = rules.observe(eager.position.inner, seat)
                size = encoder.observation_size
                seen = np.asarray(encoder.observation(view), dtype=np.float32)
                assert np.array_equal(expected[:size], seen)
            if chooser.random() < 0.3:  # now and then, a few seats in a random order
                for seat in chooser.sample(range(players), chooser.randint(1, players)):
                    asked = np.asarray(lazy.information_state_tensor(seat), dtype=np.float32)
                    wanted = np.asarray(eager.information_state_tensor(seat), dtype=np.float32)
                    assert np.array_equal(asked, wanted), (decisions, seat)
            action = chooser.choice(lazy.legal_actions())
        lazy.apply_action(action)
        eager.apply_action(action)
    assert decisions > 50


@pytest.mark.parametrize("rules", [cr.Cramps(), cr.Craits(players=4, short_game=True)], ids=_name)
def test_openspiels_observation_api_fills_the_same_tensors_and_strings(rules: Any) -> None:
    """``make_observation`` hands out the game's own observer (no round trip through
    C++): with perfect recall it writes what ``information_state_tensor`` gives, without
    it what ``observation_tensor`` gives, into one array reused from call to call."""
    import random

    from open_spiel.python.observation import make_observation

    game = hosted.load_game(rules)
    recall = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=True,
            public_info=True,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    )
    present = make_observation(game)
    state = game.new_initial_state()
    recall.set_from(state, 0)  # before the first deal: nothing seen yet
    assert not recall.tensor.any()
    chooser = random.Random(2)
    decisions = 0
    while not state.is_terminal() and decisions < 120:
        if state.is_chance_node():
            state.apply_action(chooser.choice([action for action, _ in state.chance_outcomes()]))
            continue
        decisions += 1
        seat = chooser.randrange(rules.players)
        recall.set_from(state, seat)
        present.set_from(state, seat)
        assert recall.tensor.tolist() == state.information_state_tensor(seat)
        assert present.tensor.tolist() == state.observation_tensor(seat)
        assert recall.string_from(state, seat) == state.information_state_string(seat)
        assert present.string_from(state, seat) == state.observation_string(seat)
        state.apply_action(chooser.choice(state.legal_actions()))
    assert decisions == 120


# -- every random decision is a chance node; resamples keep what the seat knows ---------------


def _dealt(game: Any, seed: int) -> Any:
    """The cardrules state after the first deal, every chance action drawn from ``seed``."""
    chooser = np.random.RandomState(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert state.legal_actions() == [action for action, _ in outcomes]
        state.apply_action(outcomes[chooser.randint(len(outcomes))][0])
    return state.position.inner


def test_the_engine_games_are_every_shipped_game() -> None:
    """The deal-variety, resampler, pickle and move-field tests run on every game the
    library ships (conftest.engine_games)."""
    assert sorted(rules.name for rules in ENGINE_GAMES) == sorted(shipped_games())


@pytest.mark.parametrize("rules", ENGINE_GAMES, ids=_name)
def test_different_chance_actions_deal_different_games(rules: Any) -> None:
    """Every random decision of every game is chance nodes: different chance actions
    deal different hands (and Oh Hell different numbers of tricks and dealers)."""
    game = hosted.load_game(rules)
    deals = [_dealt(game, seed) for seed in range(8)]
    assert len({state.hands for state in deals}) == 8
    if isinstance(rules, oh_hell.OhHell):
        assert len({state.dealer for state in deals}) > 1
        if rules.hand_sizes == "random":
            assert len({state.hand_size for state in deals}) > 2


def test_oh_hells_dealer_and_number_of_tricks_are_chance_nodes() -> None:
    game = hosted.load_game(oh_hell.OhHell.openspiel())
    state = game.new_initial_state()
    chance = int(pyspiel.PlayerId.CHANCE)
    assert state.is_chance_node() and state.legal_actions() == [0, 1, 2]  # the dealer
    assert state.chance_outcomes() == [(seat, pytest.approx(1 / 3)) for seat in range(3)]
    assert state.action_to_string(chance, 2) == "number 2 (of 0 to 2)"
    assert "a number from 0 to 2" in str(state)
    with pytest.raises(cr.IllegalMoveError, match="a number from 0 to 2, not 3"):
        state.apply_action(3)
    state.apply_action(2)
    assert state.legal_actions() == list(range(17))  # the tricks: 1 to 17, as 0 to 16
    state.apply_action(4)
    assert len(state.chance_outcomes()) == 52
    assert state.action_to_string(chance, 51) == "card A♠"
    for card in range(52):
        state.apply_action(card)
    inner = state.position.inner
    assert (inner.dealer, inner.hand_size, state.current_player()) == (2, 5, 0)
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and again.position == state.position
    with pytest.raises(cr.RulesError, match="at most 52 outcomes"):
        hosted._numbers(53)  # a game that draws from more numbers than OpenSpiel is told


def test_euchres_chance_actions_are_its_own_cards() -> None:
    game = hosted.load_game(euchre.Euchre())
    state = game.new_initial_state()
    assert [action for action, _ in state.chance_outcomes()] == [0, 1, 2, 3]  # the dealer
    state.apply_action(0)
    deck = sorted(int(card) for card in euchre.DECK)
    assert [action for action, _ in state.chance_outcomes()] == deck
    with pytest.raises(cr.IllegalMoveError, match="not among the cards left"):
        state.apply_action(0)  # 2♣: not a Euchre card
    for action in reversed(deck):
        state.apply_action(action)
    inner = state.position.inner
    stacked = euchre.Euchre().new_game(dealer=0, deck=[cr.Card.from_index(i) for i in deck[::-1]])
    assert inner.hands == stacked.hands and inner.turned_up == stacked.turned_up


@pytest.mark.parametrize(
    "rules", [*ENGINE_GAMES, oh_hell.OhHell.openspiel(num_tricks_fixed=5, players=4)], ids=_name
)
def test_resampled_states_agree_with_everything_the_seat_knows(rules: Any) -> None:
    """A sample shows the seat what the real position shows it: its view (hand, the
    card turned up, what it sees of the payload), its observation and its information
    state; the hidden hands are dealt otherwise."""
    game = hosted.load_game(rules)
    chooser = np.random.RandomState(3)
    resample = hosted.resampler(seed=4)
    state = game.new_initial_state()
    decisions = changed = 0
    while not state.is_terminal() and decisions < 12:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[chooser.randint(len(outcomes))][0])
            continue
        player = state.current_player()
        decisions += 1
        for _ in range(2):
            sample = resample(state, player)
            real, drawn = state.position.inner, sample.position.inner
            assert rules.observe(drawn, player) == rules.observe(real, player)
            assert getattr(drawn, "turned_up", None) == getattr(real, "turned_up", None)
            assert sample.observation_tensor(player) == state.observation_tensor(player)
            assert sample.observation_string(player) == state.observation_string(player)
            assert sample.information_state_tensor(player) == state.information_state_tensor(player)
            changed += drawn.hands != real.hands
        state.apply_action(chooser.choice(state.legal_actions()))
    assert changed > decisions // 2  # (the hidden hands are drawn afresh, not kept)
