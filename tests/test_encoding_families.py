"""The family encoders (cardrules.encoding.tricks, cardrules.encoding.shedding) encode
any game on the engines with no code of the game's: the Hearts, Oh Hell, Spades and
Crazy Eights examples, a game with bids (the build-your-own tutorial's), and Cramps and
Craits through the family encoders too.

Checked at every step of seeded random games, for every seat: the information state's
observation is the view's; its vector, the arrays (new and into buffers) and the
in-place tracker agree exactly; every entry lies within the encoder's bounds; the
observation is made from the view alone (a determinized state that agrees with the
view gives the same one); pickled information states come back equal. Then the
fields a game declares (GameField) and the errors for bad declarations, and how
encoder_for finds encoders (open to a new family; refusing a game of none).

CARDRULES_FAMILY_GAMES sets the games per rules (default 1).
"""

from __future__ import annotations

import os
import pickle
import random
from typing import Any, ClassVar, cast

import attrs
import numpy as np
import pytest

import cardrules as cr
from cardrules.encoding import (
    GameField,
    SheddingEncoder,
    TrickEncoder,
    encoder_for,
    register_encoder,
)
from cardrules.encoding.arrays import ObservationArrays
from cardrules.game import Game
from cardrules.games.crazy_eights import rules as crazy_eights
from cardrules.games.hearts import rules as hearts
from cardrules.games.oh_hell import rules as oh_hell
from cardrules.games.spades import rules as spades
from cardrules.moves import register_move
from cardrules.tricks.engine import TrickGame, TrickState, TrickView


@register_move("test_family_bid")
@attrs.frozen
class Bid:
    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks}"


@attrs.frozen
class Bidding(TrickGame[TrickState, TrickView]):
    """Three players, five cards each, the next card turned up for trumps, a phase of
    bids before the play (the tutorial game of build-your-own.md): what the trick
    engine opened up (phases, a payload, trumps of the deal, short hands)."""

    name: ClassVar[str] = "test_family_bidding"
    players: ClassVar[int] = 3
    turns_up = True

    def hand_size(self, number: int, rng: int) -> tuple[int, int]:
        return 5, rng

    def trump_of(self, state: Any) -> int | None:
        return int(state.turned_up.suit)

    def start_of_deal(self, state: Any, events: Any) -> Any:
        bids = (None,) * self.players
        return self.enter_phase(state, "bid", to_move=(state.dealer + 1) % 3, payload=bids)

    def phase_moves(self, state: Any) -> tuple[Bid, ...]:
        return tuple(Bid(n) for n in range(state.hand_size + 1))

    def phase_apply(self, state: Any, move: Any, events: Any) -> Any:
        bids = list(state.payload)
        bids[state.to_move] = move.tricks
        if None not in bids:
            return self.begin_play(state, payload=tuple(bids))
        return self.enter_phase(state, "bid", to_move=(state.to_move + 1) % 3, payload=tuple(bids))

    def trick_points(self, number: int, cards: Any) -> int:
        return 1

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(seat for seat, score in enumerate(scores) if score == max(scores))

    def all_moves(self) -> tuple[Any, ...]:
        return (*super().all_moves(), *(Bid(n) for n in range(6)))


GAMES = int(os.environ.get("CARDRULES_FAMILY_GAMES", "1"))
MOVES = 110  # more than a whole deal of the trick games

CASES = [
    ("hearts", lambda: encoder_for(hearts.Hearts())),
    ("bidding", lambda: encoder_for(Bidding())),
    ("oh-hell", lambda: encoder_for(oh_hell.OhHell())),
    ("spades", lambda: encoder_for(spades.Spades())),
    ("crazy-eights-2", lambda: encoder_for(crazy_eights.CrazyEights(players=2))),
    ("crazy-eights-5", lambda: encoder_for(crazy_eights.CrazyEights(players=5))),
    ("tricks-cramps", lambda: TrickEncoder(cr.Cramps())),
    ("shedding-craits-4", lambda: SheddingEncoder(cr.Craits(players=4, short_game=True))),
    ("shedding-craits-7", lambda: SheddingEncoder(cr.Craits(players=7, short_game=True))),
]


def _within(encoder: Any, vector: Any) -> bool:
    low = np.asarray(encoder.info_low, np.float32)
    high = np.asarray(encoder.info_high, np.float32)
    return bool(((vector >= low) & (vector <= high)).all())


def play(encoder: Any, seed: int) -> None:
    """A seeded random game, every encoding of every seat checked at every step."""
    game = encoder.game
    state = game.new_game(seed=seed)
    infos = encoder.info_states(state)
    arrays = ObservationArrays(encoder, state)
    own = type(encoder) is type(encoder_for(game))  # (a pickle comes back with that one)
    buffer = np.empty(encoder.info_state_size, np.float32)
    chooser = random.Random(seed)
    for moves in range(MOVES):
        for seat, info in enumerate(infos):
            view = game.observe(state, seat)
            observation = encoder.observation(view)
            assert info.observation == observation, (seed, moves, seat)
            vector = np.array(info.vector, np.float32)
            assert len(vector) == encoder.info_state_size
            assert np.array_equal(info.array(out=buffer), vector)
            assert np.array_equal(encoder.observation_array(view), vector[: len(observation)])
            assert np.array_equal(arrays.observation(seat), vector[: len(observation)])
            assert _within(encoder, vector), [
                field.name
                for field in encoder.info_fields
                if not _within_field(field, vector[field.start : field.stop])
            ]
            if moves % 23 == 0:  # made from the view alone
                other = game.determinize(view, seed=moves)
                assert encoder.observation(game.observe(other, seat)) == observation
                if own:
                    again = pickle.loads(pickle.dumps(info))
                    assert again.vector == info.vector and again.text == info.text
        if state.is_over:
            break
        step = game.step(state, chooser.choice(game.legal_moves(state)))
        infos = encoder.after(infos, step)
        arrays.update(step)
        state = step.state


def _within_field(field: Any, values: Any) -> bool:
    return bool(((values >= np.float32(field.low)) & (values <= np.float32(field.high))).all())


@pytest.mark.parametrize("make", [make for _, make in CASES], ids=[name for name, _ in CASES])
def test_every_encoding_of_every_seat_agrees_at_every_step(make: Any) -> None:
    encoder = make()
    for seed in range(GAMES):
        play(encoder, seed)


def test_the_examples_get_their_familys_encoder() -> None:
    assert type(encoder_for(hearts.Hearts(passing="keep"))) is TrickEncoder
    assert type(encoder_for(crazy_eights.CrazyEights(players=3))) is SheddingEncoder
    assert type(encoder_for(cr.Cramps())) is TrickEncoder  # with its trick values
    assert type(encoder_for(cr.Craits())) is SheddingEncoder
    encoder = encoder_for(hearts.Hearts())
    assert isinstance(encoder, TrickEncoder)
    # the family's 580, then Hearts' cards passed and received
    assert encoder.observation_size == 111 + 114 * 4 + 13 + 2 * 52 == 684
    assert [field.name for field in encoder.fields[-2:]] == ["passed", "received"]
    assert encoder.field("played_in").size == 13 * 52
    assert encoder.scale == 100  # the target
    eights = encoder_for(crazy_eights.CrazyEights(players=3))
    assert eights.observation_size == 172 + 8 * 3
    assert eights.info_state_size == eights.observation_size + 104 + 53 * 3


def test_an_information_state_text_recalls_the_cards_the_seat_received() -> None:
    game = crazy_eights.CrazyEights(players=3)
    encoder = encoder_for(game)
    state = game.new_game(seed=5)
    seat = cast(int, state.to_move)
    info = encoder.info_state(state, seat)
    step = game.step(state, cr.Draw())  # the seat draws a card: only it sees which
    drawn = [card for card in game.observe(step.state, seat).hand if card not in state.hands[seat]]
    later = info.after(step)
    assert f"[drew {drawn[0]}]" in later.text
    assert encoder.field("drawn").of(later.vector)[drawn[0]] == 1.0
    others = encoder.info_state(state, (seat + 1) % 3).after(step)
    assert f"[drew {drawn[0]}]" not in others.text


def test_a_step_that_does_not_follow_is_refused() -> None:
    game = hearts.Hearts(passing="keep")
    encoder = encoder_for(game)
    state = game.new_game(seed=3)
    info = encoder.info_state(state, 0)
    one = game.step(state, game.legal_moves(state)[0])
    two = game.step(one.state, game.legal_moves(one.state)[0])
    with pytest.raises(cr.StateError, match="does not follow"):
        info.after(one).after(one)  # the same step twice
    assert info.after(one).after(two).steps == 2
    with pytest.raises(cr.StateError):
        info.after(game.step(*_other_game()))


def _other_game() -> tuple[Any, Any]:
    other = cr.Cramps()
    state = other.new_game(seed=1)
    return state, other.legal_moves(state)[0]


def test_the_deals_trumps_turned_up_card_hand_size_and_phase_are_shown() -> None:
    game = Bidding()
    encoder = encoder_for(game)
    assert isinstance(encoder, TrickEncoder)
    assert encoder.tricks == 17 and encoder.field("played_in").size == 17 * 52
    state = game.new_game(seed=4)
    observation = encoder.observation(game.observe(state, 0))
    assert encoder.field("phase").of(observation) == [1.0]
    assert encoder.field("hand_size").of(observation) == [5 / 17]
    trump = encoder.field("trump").of(observation)
    assert state.turned_up is not None
    assert trump.index(1.0) == state.turned_up.suit and sum(trump) == 1.0
    assert encoder.field("turned_up").of(observation).index(1.0) == state.turned_up
    info = encoder.info_state(state, 0)
    for tricks in (2, 1, 0):
        step = game.step(state, Bid(tricks))
        info, state = info.after(step), step.state
    assert state.phase is None
    assert encoder.field("phase").of(info.observation) == [0.0]
    assert info.observation == encoder.observation(game.observe(state, 0))
    play = game.step(state, game.legal_moves(state)[0])
    with pytest.raises(cr.StateError, match="does not follow"):
        info.after(play).after(play)  # a card played twice


# -- fields a game declares -------------------------------------------------------------


def _broken(view: Any) -> list[float]:
    return [1.0 if hearts.Hearts().hearts_broken(view) else 0.0]


def _led_suit(view: Any) -> list[float]:
    led = view.trick.led_suit
    return [1.0 if led == suit else 0.0 for suit in range(4)]


@attrs.frozen
class FlaggedHearts(hearts.Hearts):
    """Hearts that shows whether hearts are broken and the suit led."""

    name: ClassVar[str] = "test_flagged_hearts"

    def encoded_fields(self) -> tuple[GameField, ...]:
        return (
            *super().encoded_fields(),  # (Hearts' own: the cards passed and received)
            GameField("broken", 1, _broken, "1.0 once hearts are broken"),
            GameField("led", 4, _led_suit, "the suit led (one-hot)"),
        )


def test_a_games_fields_come_after_the_familys_in_every_encoding() -> None:
    game = FlaggedHearts(passing="keep")
    encoder = encoder_for(game)
    plain = encoder_for(hearts.Hearts(passing="keep"))
    assert encoder.observation_size == plain.observation_size + 5
    assert [f.name for f in encoder.fields[-2:]] == ["broken", "led"]
    assert encoder.field("broken").start == plain.observation_size
    assert encoder.info_state_size == plain.info_state_size + 5
    state = game.new_game(seed=2)
    chooser = random.Random(2)
    seen_broken = False
    while not state.is_over and state.round_number == 1:
        info = encoder.info_state(state, 1)
        observation = encoder.observation(game.observe(state, 1))
        assert info.observation == observation
        broken = encoder.field("broken").of(observation) == [1.0]
        assert broken == game.hearts_broken(game.observe(state, 1))
        seen_broken |= broken
        led = encoder.field("led").of(observation)
        assert sum(led) == (1.0 if state.trick_cards else 0.0)
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
    assert seen_broken
    play(encoder, 0)


@pytest.mark.parametrize(
    ("arguments", "match"),
    [
        (("2x", 1, _broken), "a field's name must be a name"),
        (("x", 0, _broken), "size must be an int of at least 1, not 0"),
        (("x", True, _broken), "size must be an int"),
        (("x", 1, "broken"), "fill must be a function of the view"),
        (("x", 1, _broken, "", 2.0, 1.0), "bounds must be finite with low <= high"),
        (("x", 1, _broken, "", 0.0, float("inf")), "bounds must be finite"),
    ],
)
def test_bad_fields_are_refused_saying_what_is_allowed(arguments: Any, match: str) -> None:
    with pytest.raises(cr.RulesError, match=match):
        GameField(*arguments)


def _declaring(fields: Any) -> Any:
    @attrs.frozen
    class Declaring(hearts.Hearts):
        name: ClassVar[str] = "test_declaring_hearts"

        def encoded_fields(self) -> Any:
            return fields

    return Declaring()


def test_bad_declarations_are_refused_saying_what_was_wrong() -> None:
    with pytest.raises(
        cr.RulesError, match=r"encoded_fields\(\) must give GameField values, not 'hand'"
    ):
        TrickEncoder(_declaring(("hand",)))
    with pytest.raises(cr.RulesError, match="declares the field 'hand', a name the encoding has"):
        TrickEncoder(_declaring((GameField("hand", 1, _broken),)))
    twice = (GameField("broken", 1, _broken), GameField("broken", 1, _broken))
    with pytest.raises(cr.RulesError, match="declares the field 'broken'"):
        TrickEncoder(_declaring(twice))
    wrong = TrickEncoder(_declaring((GameField("led", 3, _led_suit),)))
    game = wrong.game
    with pytest.raises(cr.RulesError, match="the field led must give 3 values, not 4"):
        wrong.observation(game.observe(game.new_game(seed=1), 0))


# -- finding encoders -------------------------------------------------------------------


def test_a_game_of_no_family_is_refused_and_a_family_may_be_registered() -> None:
    @attrs.frozen
    class Alone(Game):  # type: ignore[type-arg]
        name: ClassVar[str] = "test_alone"
        players: int = 2

        def legal_moves(self, state: Any) -> Any:
            raise NotImplementedError

        def observe(self, state: Any, seat: int) -> Any:
            raise NotImplementedError

        def transition(self, state: Any, move: Any, events: Any) -> Any:
            raise NotImplementedError

    with pytest.raises(cr.RulesError, match="Alone has no encoder: it is built on no engine"):
        encoder_for(Alone())
    with pytest.raises(cr.RulesError, match="register_encoder needs a rules class"):
        register_encoder(int, TrickEncoder)

    @attrs.frozen
    class Family(hearts.Hearts):
        name: ClassVar[str] = "test_family_hearts"

    made: list[Any] = []

    def make(game: Any) -> Any:
        made.append(game)
        return TrickEncoder(game)

    register_encoder(Family, make)
    assert type(encoder_for(Family())) is TrickEncoder and made == [Family()]
    assert encoder_for(Family()) is encoder_for(Family()) and len(made) == 1


# -- what the fields hold ---------------------------------------------------------------


def _relative(values: list[float], seat: int, players: int) -> list[float]:
    """Absolute per-seat values put in the observer's order (slot k: k places on)."""
    return [values[(seat + k) % players] for k in range(players)]


def test_the_trick_fields_hold_what_happened() -> None:
    """Against a record kept by the test from the events: the hand, the trick and the
    cards taken by seat, voids, whose turn, and the history of plays."""
    game = hearts.Hearts(passing="keep")
    encoder = encoder_for(game)
    state = game.new_game(seed=4)
    infos = encoder.info_states(state)
    chooser = random.Random(4)
    plays: list[tuple[int, int]] = []  # (card, seat) this deal
    for _ in range(30):
        step = game.step(state, chooser.choice(game.legal_moves(state)))
        plays += [(e.card, e.seat) for e in step.events if type(e) is cr.CardPlayed]
        infos, state = encoder.after(infos, step), step.state
    done = len(state.tricks) * 4
    for seat, info in enumerate(infos):
        vector = info.vector
        blocks = [encoder.field(name).of(vector) for name in ("trick", "taken", "played_by")]
        trick, taken, played_by = ([b[52 * k : 52 * k + 52] for k in range(4)] for b in blocks)
        assert [i for i, x in enumerate(encoder.field("hand").of(vector)) if x] == sorted(
            state.hands[seat]
        )
        for k in range(4):
            other = (seat + k) % 4
            assert [i for i, x in enumerate(trick[k]) if x] == sorted(
                c for c, s in plays[done:] if s == other
            )
            assert [i for i, x in enumerate(taken[k]) if x] == sorted(state.taken[other])
            assert [i for i, x in enumerate(played_by[k]) if x] == sorted(
                c for c, s in plays if s == other
            )
        by_trick = encoder.field("played_in").of(vector)
        for t in range(13):
            assert [i for i, x in enumerate(by_trick[52 * t : 52 * t + 52]) if x] == sorted(
                c for c, _ in plays[4 * t : 4 * t + 4]
            )
        to_move = [1.0 if s == state.to_move else 0.0 for s in range(4)]
        assert encoder.field("to_move").of(vector) == _relative(to_move, seat, 4)
        dealt = sorted({*state.hands[seat], *(c for c, s in plays if s == seat)})
        assert [i for i, x in enumerate(encoder.field("dealt").of(vector)) if x] == dealt
        voids = encoder.field("voids").of(vector)
        for k in range(4):
            other = (seat + k) % 4
            for suit in range(4):
                shown = any(
                    s == other and c // 13 != plays[i - i % 4][0] // 13 == suit
                    for i, (c, s) in enumerate(plays)
                )
                assert voids[4 * k + suit] == (1.0 if shown else 0.0)


def test_the_shedding_fields_hold_what_happened() -> None:
    game = crazy_eights.CrazyEights(players=3)
    encoder = encoder_for(game)
    state = game.new_game(seed=6)
    infos = encoder.info_states(state)
    chooser = random.Random(6)
    played: list[list[int]] = [[], [], []]
    draws = [0, 0, 0]
    for _ in range(25):
        step = game.step(state, chooser.choice(game.legal_moves(state)))
        for event in step.events:
            if type(event) is cr.CardPlayed:
                played[event.seat].append(event.card)
            elif type(event) is cr.CardsDrawn:
                draws[event.seat] += event.count
        infos, state = encoder.after(infos, step), step.state
        if state.is_over:
            break
    assert sum(draws) > 0 and all(played)  # (the seed's game has both)
    for seat, info in enumerate(infos):
        vector = info.vector
        view = game.observe(state, seat)
        hand = encoder.field("hand").of(vector)
        assert [i for i, x in enumerate(hand) if x] == sorted(view.hand)
        assert encoder.field("top").of(vector).index(1.0) == view.top
        assert sum(encoder.field("discard").of(vector)) == len(view.discard)
        sizes = [len(h) / 10 for h in state.hands]
        assert encoder.field("hand_sizes").of(vector) == _relative(sizes, seat, 3)
        block = encoder.field("played").of(vector)
        for k in range(3):
            other = (seat + k) % 3
            got = sorted(i for i, x in enumerate(block[52 * k : 52 * k + 52]) if x)
            assert got == sorted(set(played[other]))
        assert encoder.field("draws").of(vector) == _relative([d / 10 for d in draws], seat, 3)
        drawn = encoder.field("drawn").of(vector)
        assert sum(drawn) == draws[seat]
        dealt = encoder.field("dealt").of(vector)
        assert sum(dealt) == 5 and sum(hand) == 5 - len(played[seat]) + draws[seat]
