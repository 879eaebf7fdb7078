"""President's surface: the climbing family's encoder (for President and for a small
climbing game of this file's own), the learning hosts on it, moves from text, the
terminal and the heuristic bot.

- Hosts: PettingZoo's API and seed tests, Gymnasium's environment checker and
  OpenSpiel's random simulation test with serialization, as tests/test_hosts_families.py
  runs them for the other families.
- Secrets: a seat cannot tell two worlds apart that differ only in cards it has not
  seen: in the first deal (tests/swap_worlds.py: the library, every host and the
  command line's screen), and in the exchange before the second deal, where the
  President's choice of cards for the Scum is known to the two of them alone (and to
  the Scum only once the cards change hands).
- Text: every legal move's texts read back as that move; a set by its size and rank;
  refusals in the seat's words.
- The terminal: a scripted game typed as text, through the exchange, to its end.
- The heuristic bot beats random players.

Skipped where a framework is not installed, unless CARDRULES_REQUIRE_HOSTS=1 (CI).
"""

from __future__ import annotations

import io
import os
import random
import warnings
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

import attrs
import numpy as np
import pytest

import cardrules as cr
from cardrules import cli
from cardrules.bots import HeuristicBot
from cardrules.cards import ALL_CARDS, Card, Rank
from cardrules.climbing import ClimbingGame, GiveCard, PlayCards
from cardrules.climbing.events import CardsPlayed
from cardrules.encoding import ClimbingEncoder, GameField, encoder_for
from cardrules.errors import MoveParseError
from cardrules.games.president.cli import PresidentAdapter
from cardrules.terminal import GameAdapter

AnyGame = cr.Game[Any, Any, Any]


@attrs.frozen
class LittleClimb(ClimbingGame):
    """A climbing game of this file's own: three players, the 24 cards from 2 to 7,
    pairs at most, and a field of its own in the encoding."""

    name: ClassVar[str] = "little_climb"
    players: ClassVar[int] = 3
    largest_set: ClassVar[int] = 2

    def deck(self) -> tuple[Card, ...]:
        return tuple(card for card in ALL_CARDS if card.rank <= Rank.SEVEN)

    def encoded_fields(self) -> tuple[GameField, ...]:
        return (GameField("leading", 1, lambda view: [0.0 if view.table else 1.0]),)


GAMES: list[AnyGame] = [cr.President(deals=1), cr.President(players=3, revolution=True, deals=2)]
ALL_GAMES: list[AnyGame] = [*GAMES, LittleClimb()]


def _name(game: Any) -> str:
    return f"{game.name}-{game.players}p"


def _need(module: str) -> Any:
    try:
        return __import__(module, fromlist=["_"])
    except ImportError:
        if os.environ.get("CARDRULES_REQUIRE_HOSTS") == "1":
            raise
        pytest.skip(f"{module} is not installed")


def random_states(game: AnyGame, seed: int, steps: int = 400) -> Iterator[Any]:
    """The states of a random game, from its start."""
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        yield state
        if state.is_over:
            return
        state = game.apply(state, rng.choice(game.legal_moves(state)))


# -- the encoder -------------------------------------------------------------------------


def test_every_climbing_game_gets_the_family_encoder_with_its_own_fields() -> None:
    president = encoder_for(cr.President())
    assert type(president) is ClimbingEncoder and president.layout == "climbing/1+president/1"
    names = [field.name for field in president.fields]
    assert names[-3:] == ["to_give", "given", "received"] and "reversed" not in names
    assert "reversed" in [f.name for f in encoder_for(cr.President(revolution=True)).fields]
    assert encoder_for(cr.President(exchange=False)).layout == "climbing/1"
    little = encoder_for(LittleClimb())
    assert type(little) is ClimbingEncoder and little.layout == "climbing/1+little_climb/1"
    assert little.fields[-1].name == "leading"
    assert little.observation_size == 159 + 9 * 3 + 1
    assert little.info_state_size == little.observation_size + 52 + 53 * 3


@pytest.mark.parametrize("game", ALL_GAMES, ids=_name)
def test_information_states_follow_the_views(game: AnyGame) -> None:
    encoder = encoder_for(game)
    start = game.start(seed=4)
    infos = encoder.info_states(start.state)
    state = start.state
    rng = random.Random(4)
    steps = 0
    while not state.is_over and steps < 150:
        step = game.step(state, rng.choice(game.legal_moves(state)))
        infos = encoder.after(infos, step)
        state = step.state
        steps += 1
        for seat, info in enumerate(infos):
            view = game.observe(state, seat)
            observation = encoder.observation(view)
            assert info.observation == observation
            vector = info.vector
            assert vector[: encoder.observation_size] == observation
            assert all(
                low <= value <= high
                for value, low, high in zip(
                    vector, encoder.info_low, encoder.info_high, strict=True
                )
            )
            hand = encoder.field("hand").of(observation)
            assert [card for card in range(52) if hand[card]] == sorted(view.hand)
            played_by = encoder.field("played_by").of(vector)
            played = encoder.field("played").of(observation)
            mine = [card for card in range(52) if played_by[card]]  # (block 0: the seat's own)
            assert set(mine) <= {card for card in range(52) if played[card]}
    assert steps > 20


def test_the_table_and_the_passes_are_where_the_layout_says() -> None:
    game = cr.President(players=3)
    state = game.position(
        ["9C 9H 4D", "5D 6S", "KC"], to_move=1, table="8C 8D", table_seat=2, passed=(0,)
    )
    encoder = encoder_for(game)
    seen = encoder.observation(game.observe(state, 1))
    assert [i for i, v in enumerate(encoder.field("table").of(seen)) if v] == [6, 19]
    assert encoder.field("table_size").of(seen) == [0.5]
    assert encoder.field("table_seat").of(seen) == [0.0, 1.0, 0.0]  # (seat 2: one after 1)
    assert encoder.field("passed").of(seen) == [0.0, 0.0, 1.0]  # (seat 0: two after 1)
    assert encoder.field("to_move").of(seen) == [1.0, 0.0, 0.0]


# -- the hosts ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", ALL_GAMES, ids=_name)
def test_pettingzoo_api_and_seed_tests(game: AnyGame) -> None:
    _need("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from cardrules.hosts.pettingzoo import CardGameEnv

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about observation styles, not failures
        api_test(CardGameEnv(game), num_cycles=300)
    seed_test(lambda: CardGameEnv(game), num_cycles=300)
    env = CardGameEnv(game)
    env.reset(seed=3)
    assert env.metadata["layout"] == encoder_for(game).layout
    agent = env.agent_selection
    seat = env.agents.index(agent)
    wanted = encoder_for(game).observation(game.observe(env.table.state, seat))
    assert np.array_equal(env.observe(agent)["observation"], np.array(wanted, np.float32))


@pytest.mark.parametrize("game", ALL_GAMES, ids=_name)
@pytest.mark.filterwarnings("error")
def test_gymnasium_check_env(game: AnyGame) -> None:
    _need("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from cardrules.hosts.gymnasium import CardGameSoloEnv

    check_env(CardGameSoloEnv(game, seat=1), skip_render_check=True)


@pytest.mark.parametrize("game", ALL_GAMES, ids=_name)
def test_openspiel_random_sim_test_with_serialization(game: AnyGame) -> None:
    pyspiel = _need("pyspiel")
    from cardrules.hosts import openspiel as hosted

    loaded = hosted.load_game(game)
    assert str(loaded).startswith(f"python_cardrules_{game.name}")
    assert pyspiel.load_game(str(loaded)).rules == game
    assert loaded.information_state_tensor_shape() == [encoder_for(game).info_state_size]
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


# -- secrets -----------------------------------------------------------------------------


def test_a_swap_of_unseen_cards_in_the_first_deal_changes_nothing_the_seat_is_shown() -> None:
    _need("pyspiel")
    _need("pettingzoo")
    import swap_worlds as sw

    game = cr.President(deals=1)
    seat = 1
    world = sw.play_world(game, 3, 24)
    seen = sw.seen_by(world, seat)
    for transition in world.transitions:  # (the climbing family's plays are seen by all)
        for event in transition.events:
            if isinstance(event, CardsPlayed):
                seen.update(event.cards)
    for number, transition in enumerate(world.transitions):  # (names only cards it saw)
        view = world.table.observe(transition.state, seat)
        told = cr.events_for(transition.events, seat)
        assert sw.cards_in((view, told)) <= seen, f"position {number} names a card unseen"
    unseen = sorted(set(sw.deck_of(world)) - seen)
    rng = random.Random(5)
    rng.shuffle(unseen)
    tried = 0
    for x, y in zip(unseen[0::2], unseen[1::2], strict=False):
        try:
            other = sw.replay_world(world, sw.swapper(x, y))
        except sw.Unplayable:
            continue
        if not sw.changed(world, other):
            continue
        assert sw.compare(world, other, seat) == [], f"seat {seat} told {x} from {y}"
        tried += 1
        if tried == 2:
            return
    pytest.fail("no swap world B could follow")


def _exchange_worlds(
    x: Card, y: Card, other: Card, seed: int
) -> tuple[list[cr.Step[Any]], list[cr.Step[Any]]]:
    """Two second deals of President (places of the first: seat 0 President … seat 3
    Scum) from the same hands, in which the President gives ``x`` and ``other`` to the
    Scum (world A) or ``y`` and ``other`` (world B), then the same random play (from
    ``seed``, with ``x`` and ``y`` swapped in world B), up to the play of ``x`` or ``y``:
    each world's steps, the first one the deal's start."""
    game = cr.President()
    hands = game.new_game(seed=11).hand_masks
    swap = sw_swapper(x, y)
    worlds: list[list[cr.Step[Any]]] = []
    moves: list[Any] = []
    for world in range(2):
        events: list[cr.Event] = []
        state = game.start_deal(2, 3, hands, (3, 2, 1, 0), 7, (0, 1, 2, 3), events)
        steps = [cr.Step(state, tuple(events))]
        rng = random.Random(seed)
        for number in range(60):
            if world == 1:
                if number == len(moves):
                    break
                move = swap(moves[number])
            elif state.phase == "exchange" and state.to_move == 0:
                move = GiveCard((x, other)[sum(len(s.cards) for s in state.swaps if s.giver == 0)])
            else:
                move = rng.choice(game.legal_moves(state))
            if world == 0 and type(move) is PlayCards and {x, y} & set(move.cards):
                break
            moves.append(move) if world == 0 else None
            step = game.step(state, move)
            steps.append(step)
            state = step.state
        worlds.append(steps)
    return worlds[0], worlds[1]


def sw_swapper(x: Card, y: Card) -> Any:
    """Moves with ``x`` and ``y`` swapped."""

    def card(value: Card) -> Card:
        return y if value == x else x if value == y else value

    def apply(move: Any) -> Any:
        if type(move) is GiveCard:
            return GiveCard(card(move.card))
        if type(move) is PlayCards:
            return PlayCards([card(c) for c in move.cards])
        return move

    return apply


def _shown(game: AnyGame, steps: list[cr.Step[Any]], seat: int) -> list[Any]:
    """What ``seat`` is shown after each step."""
    encoder = encoder_for(game)
    start = steps[0]
    info = encoder.info_state(start.state, seat)
    shown = []
    for step in steps:
        if step is not start:
            info = info.after(step)
        told = cr.events_for(step.events, seat)
        view = game.observe(step.state, seat)
        shown.append(
            (
                repr(view),
                str(view),
                [repr(event) for event in told],
                [event.describe(seat) for event in told],
                encoder.observation(view),
                info.vector,
                info.text,
                encoder.legal_mask(step.state, seat=seat),
            )
        )
    return shown


def test_the_presidents_choice_in_the_exchange_is_known_to_the_president_and_the_scum_alone() -> (
    None
):
    game = cr.President()
    kept = game.new_game(seed=11).hands[0]
    x, y, other = kept[0], kept[1], kept[2]
    world_a, world_b = _exchange_worlds(x, y, other, seed=2)
    assert len(world_a) == len(world_b) > 12  # (the exchange, and plays after it)
    exchanged = next(  # (the President's cards with the Scum)
        i
        for i, step in enumerate(world_a)
        if any(s.giver == 0 and s.done for s in step.state.swaps)
    )
    for seat, upto in ((1, len(world_a)), (2, len(world_a)), (3, exchanged)):
        a, b = _shown(game, world_a[:upto], seat), _shown(game, world_b[:upto], seat)
        assert a == b, f"seat {seat} tells the President's choice apart"
    # The President and (once the cards changed hands) the Scum do tell them apart.
    assert _shown(game, world_a, 0) != _shown(game, world_b, 0)
    assert _shown(game, world_a, 3) != _shown(game, world_b, 3)
    scum = encoder_for(game).observation(game.observe(world_a[exchanged].state, 3))
    received = encoder_for(game).field("received").of(scum)
    assert [card for card in range(52) if received[card]] == sorted((x, other))


# -- moves from text ---------------------------------------------------------------------


def test_every_legal_moves_texts_read_back_as_that_move() -> None:
    game = cr.President(deals=2)
    adapter = PresidentAdapter()
    seen = 0
    for state in random_states(game, 6, steps=300):
        if state.is_over:
            break
        view = game.observe(state, state.to_move)
        for move in view.legal_moves:
            texts = {str(move), adapter.move_text(move), str(move).upper()}
            if type(move) is PlayCards:
                texts.add(
                    " ".join(f"{c.rank.label}{c.suit.letter}".lower() for c in move.cards[::-1])
                )
            if type(move) is GiveCard:
                texts.add(f"{move.card.rank.label}{move.card.suit.letter}")
            for text in texts:
                assert game.parse_move(text, view) == move, text
                seen += 1
    assert seen > 500


def test_a_set_named_by_its_size_and_rank() -> None:
    game = cr.President(players=3)
    state = game.position(["9C 9H 9S KD KS 4D", "5D", "KC"], to_move=0, table="8C 8D", table_seat=2)
    view = game.observe(state, 0)
    assert game.parse_move("a pair of kings", view) == PlayCards("KD KS")
    assert game.parse_move("two Ks", view) == PlayCards("KD KS")
    with pytest.raises(MoveParseError, match="you hold 9♣ 9♥ 9♠; name the cards to play"):
        game.parse_move("two nines", view)
    with pytest.raises(cr.IllegalMoveError, match="you do not hold 2 4s: of that rank you hold 4♦"):
        game.parse_move("pair of 4s", view)
    with pytest.raises(cr.IllegalMoveError, match="does not beat 8♣ 8♦") as caught:
        game.parse_move("three 9s", view)
    assert caught.value.reason == "does_not_beat"


def test_refusals_say_what_is_allowed_in_the_seats_own_words() -> None:
    game = cr.President(players=3)
    state = game.position(["9C 9H 4D", "5D", "KC"], to_move=0, table="8C 8D", table_seat=2)
    view = game.observe(state, 0)
    for text in ("zz", "hello there", "9c 9c", "play", "three", "give 9c 9h"):
        with pytest.raises(MoveParseError) as parse_error:
            game.parse_move(text, view)
        assert len(str(parse_error.value)) < 400
    with pytest.raises(MoveParseError, match=r"three 9s\) or pass"):
        game.parse_move("zz", view)
    with pytest.raises(cr.IllegalMoveError, match="you do not hold K♣; your hand is") as caught:
        game.parse_move("kc", view)
    assert "K♣" not in str(caught.value).split("your hand is")[1]  # (nor who holds it)
    with pytest.raises(cr.IllegalMoveError, match="cards are given only in the exchange"):
        game.parse_move("give 4d", view)
    leader = game.observe(game.position(["9C 4D", "5D", "KC"], to_move=0), 0)
    with pytest.raises(cr.IllegalMoveError, match="the table is empty: you must lead a play"):
        game.parse_move("pass", leader)


def test_in_the_exchange_a_card_is_given_and_a_play_is_refused() -> None:
    game = cr.President()
    hands = game.new_game(seed=11).hand_masks
    state = game.start_deal(2, 3, hands, (3, 2, 1, 0), 7, (0, 1, 2, 3), None)
    assert state.phase == "exchange" and state.to_move == 0
    view = game.observe(state, 0)
    card = view.hand[3]
    typed = f"{card.rank.label}{card.suit.letter}".lower()
    assert game.parse_move(typed, view) == game.parse_move(f"give {typed}", view) == GiveCard(card)
    with pytest.raises(cr.IllegalMoveError, match="must first give 2 more cards to seat 3"):
        game.parse_move("pass", view)
    with pytest.raises(MoveParseError, match="give one card at a time"):
        game.parse_move(f"{typed} {typed}", view)


# -- the terminal ------------------------------------------------------------------------


class Typist:
    """The human at the terminal: types the heuristic bot's move as text (a play's cards
    in lower case and in reverse order, a card to give without ``give``, ``p`` to
    pass), after a line that names no move and a set not held once each; ends the
    input after 2,000 answers."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.answers: list[str] = ["zz", "four 7s"]
        self.prompts = 0
        self.move = ""
        self.view: Any = None
        render, shown = PresidentAdapter.render_turn, PresidentAdapter.prompt

        def render_turn(adapter: PresidentAdapter, game: AnyGame, view: Any, human: int) -> Any:
            self.view = (game, view)
            return render(adapter, game, view, human)

        def prompt(adapter: GameAdapter, legal: Sequence[Any]) -> str:
            game, view = self.view
            move = game.heuristic(view, legal)
            if type(move) is PlayCards:
                self.move = " ".join(_typed(card) for card in move.cards[::-1])
            elif type(move) is GiveCard:
                self.move = _typed(move.card)
            else:
                self.move = "p"
            return shown(adapter, legal)

        monkeypatch.setattr(PresidentAdapter, "render_turn", render_turn)
        monkeypatch.setattr(PresidentAdapter, "prompt", prompt)

    def __call__(self, prompt: str) -> str:
        self.prompts += 1
        if self.prompts > 2_000:
            raise EOFError
        if self.answers:
            return self.answers.pop(0)
        return self.move


def _typed(card: Card) -> str:
    return f"{card.rank.label}{card.suit.letter}".lower()


def test_a_game_typed_at_the_terminal_through_an_exchange_to_its_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    human = Typist(monkeypatch)
    out, err = io.StringIO(), io.StringIO()
    argv = ["play", "president", "--seed", "6", "--bot-seed", "5", "-o", "deals=2"]
    code = cli.main(argv, stdout=out, stderr=err, input_fn=human)
    text = out.getvalue()
    assert (code, err.getvalue()) == (0, ""), text[-2000:]
    assert "President: 4 players" in text and "You are seat 0." in text
    assert text.count("Not understood") == 1 and "three 9s" in text
    assert text.count("Not allowed") == 1 and "Not allowed: you do not hold 4 7s" in text
    assert "Table: " in text and "Table empty: " in text and "; passed: " in text
    assert "Places: 1. you (President), " in text and "(Scum)." in text
    assert "Deal 2, dealer" in text and "Exchange: give 2 cards to " in text
    assert "(chosen so far: " in text and "You gave " in text and "You got " in text
    assert "End of input" not in text and "--seed 6" in text


def test_simulate_plays_president() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["simulate", "president", "--games", "2", "--seed", "1", "-o", "deals=2", "-q"]
    assert cli.main(argv, stdout=out, stderr=err) == 0 and err.getvalue() == ""
    assert "Games played: 2" in out.getvalue()


# -- the heuristic -----------------------------------------------------------------------


def test_the_heuristic_beats_random_players() -> None:
    game = cr.President(deals=1)
    bot = HeuristicBot()
    points = 0
    games = 24
    for seed in range(games):
        seat = seed % game.players
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        while not state.is_over:
            moves = game.legal_moves(state)
            if state.to_move == seat:
                move = bot.choose(game, game.observe(state, seat), moves, seed)
            else:
                move = rng.choice(moves)
            state = game.apply(state, move)
        points += state.scores[seat]
    # Places score 3, 2, 1, 0: a random player averages 1.5 a deal.
    assert points / games > 2.0, points / games


def test_the_heuristic_keeps_pairs_and_high_cards_early() -> None:
    game = cr.President(players=3)
    state = game.position(
        ["3C 5D 5S 8H 8S 9C JD 2S", "4D 4S 6H", "KC"], to_move=0, table="4C", table_seat=1
    )
    view = game.observe(state, 0)
    assert game.heuristic(view, view.legal_moves) == PlayCards("9C")  # (not a 5 or an 8)
    state = game.position(["5D 5S 8H 8S JD 2S 2C", "4D", "KC"], to_move=0, table="AC", table_seat=1)
    view = game.observe(state, 0)
    assert game.heuristic(view, view.legal_moves) == cr.Pass()  # (the pair of 2s kept early)
    state = game.position(["5D 5S 8H 8S JD QD 2S", "4D", "KC"], to_move=0, table="AC", table_seat=1)
    view = game.observe(state, 0)
    assert game.heuristic(view, view.legal_moves) == PlayCards("2S")  # (a single 2 is played)
    state = game.position(["2S 5D", "4D", "KC"], to_move=0, table="AC", table_seat=1)
    view = game.observe(state, 0)
    assert game.heuristic(view, view.legal_moves) == PlayCards("2S")  # (late: played)
    hands = cr.President().new_game(seed=11).hand_masks
    state = cr.President().start_deal(2, 3, hands, (3, 2, 1, 0), 7, (0, 1, 2, 3), None)
    view = cr.President().observe(state, 0)
    given = cr.President().heuristic(view, view.legal_moves)
    assert isinstance(given, GiveCard)
    weakest = min(view.hand, key=cr.President().card_strength)
    assert cr.President().card_strength(given.card) <= cr.President().card_strength(weakest) + 2
