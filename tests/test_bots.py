"""Bots: :class:`RandomBot`, :class:`HeuristicBot` and :class:`ISMCTSBot` (with random
or rule-of-thumb rollouts) choose among the moves they are given, reproducibly from a
seed, from a view that holds nothing hidden; :func:`bot_from_name` and the bots'
options check their input.
"""

from __future__ import annotations

import itertools
import pickle
import random
import zlib
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest

import cardrules as cr
from cardrules.arena import play_match
from cardrules.bots import (
    Bot,
    HeuristicBot,
    ISMCTSBot,
    RandomBot,
    bot_from_name,
)
from cardrules.deck import STANDARD_DECK
from cardrules.games import shipped_games
from cardrules.games.craits import Phase
from cardrules.games.craits.heuristic import craits_heuristic
from cardrules.games.cramps.heuristic import cramps_heuristic
from cardrules.seats import deal
from conftest import with_cramps_hands
from craits_helpers import position, with_table
from test_cramps_views import reachable
from test_determinize import cramps_deal_count, hidden_part, random_walk

AnyGame = Any

BOTS: dict[str, Bot] = {
    "random": RandomBot(),
    "heuristic": HeuristicBot(),
    "ismcts": ISMCTSBot(iterations=10),
    "ismcts-heuristic": ISMCTSBot(iterations=10, rollout=HeuristicBot()),
    "ismcts-flat": ISMCTSBot(iterations=10, max_depth=1, rollout=HeuristicBot()),
    "ismcts-cut": ISMCTSBot(iterations=10, rollout_limit=3),
}
CHEAP = {"random", "heuristic"}

GAMES: dict[str, AnyGame] = {
    "cramps": cr.Cramps(),
    "cramps-short": cr.Cramps(target=5, queen_points=-3),
    "craits-2": cr.Craits(players=2, short_game=True),
    "craits-3-announce": cr.Craits(players=3, one_card_deal_announce=True),
    "craits-4-published": cr.Craits.published_rules(4, idiot_penalty="draw_one"),
    "craits-5-automatic": cr.Craits(players=5, idiot_calls="automatic"),
    "craits-6": cr.Craits(players=6, deal_follows_direction=True),
    "craits-10": cr.Craits(players=10, short_game=True),
}


def decisions(game: AnyGame, seed: int, count: int) -> Iterator[tuple[Any, int]]:
    """``count`` decisions ``(state, seat)`` at random points of random games: mostly the
    seat to move, sometimes (Craits) a seat that may call idiot out of turn. Craits
    games start at a random hand, so the one-card hand and its announcements come up."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        if isinstance(game, cr.Craits):
            hand = rng.randrange(1, len(game.schedule) + 1)
            if game.one_card_deal_announce and rng.random() < 0.5:
                hand = game.schedule.index(1) + 1  # the one-card deal
            state = game.new_game(rng.getrandbits(64), hand_number=hand)
        else:
            state = game.new_game(rng.getrandbits(64), dealer=rng.randrange(4))
        for point in random_walk(game, state, rng, rng.randrange(0, 120)):
            if point.is_over or rng.random() > 0.15:
                continue
            callers = [s for s in range(game.players) if s != point.to_move]
            if isinstance(game, cr.Craits):
                callers = [s for s in callers if game.calls(point, s)]
            else:
                callers = []
            seat = rng.choice(callers) if callers and rng.random() < 0.5 else point.to_move
            yield point, seat
            found += 1
            if found == count:
                return


def special_decisions() -> list[tuple[AnyGame, Any, int]]:
    """Craits decisions random play reaches rarely: naming the suit of a turned-up wild
    card, saying "one card" on the one-card deal, and calling idiot (in and out of turn)."""
    game = cr.Craits(players=3)
    wild = position(game, ["2C 3C 4H", "4D 5D 6S", "6H 7H 9C"], "8S 9S")
    assert wild.phase is Phase.NAME_SUIT
    announce_rules = cr.Craits(players=4, one_card_deal_announce=True)
    one_card = announce_rules.new_game(3, dealer=1, hand_number=8)
    assert one_card.phase is Phase.ANNOUNCE
    silent = announce_rules.apply(one_card, cr.Pass())  # seat 2 stays silent: exposed
    assert silent.exposed == (2,) and silent.phase is Phase.ANNOUNCE
    left_one = position(game, ["3C JD QH", "9C KS", "JH 9H 3D"], "KC 9S", dealer=2)
    left_one = game.apply(left_one, cr.Play("3C"))
    left_one = game.apply(left_one, cr.Play("9C"))  # seat 1 keeps one card, silently
    assert left_one.exposed == (1,)
    return [
        (game, wild, 0),
        (announce_rules, one_card, 2),
        (announce_rules, silent, 3),  # to move: may answer or call idiot on seat 2
        (announce_rules, silent, 0),  # out of turn: may only call
        (game, left_one, 2),
        (game, left_one, 0),
    ]


def check_choice(bot: Bot, game: AnyGame, state: Any, seat: int, seed: int) -> Any:
    """The bot's move for ``seat``, which must be one of the moves it was given, and
    the same again for the same seed."""
    view = game.observe(state, seat)
    moves = view.legal_moves
    assert moves, "decisions are only asked of seats with moves"
    move = bot.choose(game, view, moves, seed)
    assert move in moves, f"{bot.name} chose {move!r}, not one of {moves}"
    assert bot.choose(game, view, moves, seed) == move, "same seed, same move"
    assert attrs.evolve(bot).choose(game, view, moves, seed) == move  # type: ignore[misc]
    game.apply(state, move, seat=seat)  # and the move really is legal
    return move


@pytest.mark.parametrize("game_name", list(GAMES))
@pytest.mark.parametrize("bot_name", list(BOTS))
def test_bots_choose_a_given_move(bot_name: str, game_name: str) -> None:
    bot, game = BOTS[bot_name], GAMES[game_name]
    count = 80 if bot_name in CHEAP else 3 if game_name == "craits-10" else 4
    for index, (state, seat) in enumerate(decisions(game, zlib.crc32(game_name.encode()), count)):
        check_choice(bot, game, state, seat, index)


@pytest.mark.parametrize("bot_name", list(BOTS))
def test_bots_in_the_special_craits_phases(bot_name: str) -> None:
    bot = BOTS[bot_name]
    kinds = set()
    for game, state, seat in special_decisions():
        move = check_choice(bot, game, state, seat, 7)
        kinds.add(type(move))
    if bot_name == "heuristic":  # its habits: name a suit, say "one card", call idiot
        assert {cr.NameSuit, cr.Announce, cr.CallIdiot} <= kinds


def test_random_positions_cover_every_kind_of_decision() -> None:
    """The random decisions above (80 for the cheap bots) include out-of-turn idiot
    calls, the one-card deal's announcements and turned-up wild cards (so the bots are
    asked all of them)."""
    phases: set[Phase] = set()
    out_of_turn = calls = 0
    for name, game in GAMES.items():
        if not isinstance(game, cr.Craits):
            continue
        for state, seat in decisions(game, zlib.crc32(name.encode()), 80):
            phases.add(state.phase)
            out_of_turn += seat != state.to_move
            calls += any(isinstance(m, cr.CallIdiot) for m in game.observe(state, seat).legal_moves)
    assert {Phase.PLAY, Phase.ANNOUNCE} <= phases
    assert out_of_turn and calls


@pytest.mark.parametrize("bot_name", list(BOTS))
def test_bots_play_whole_games(bot_name: str) -> None:
    """Every bot finishes a game of each kind against random opponents."""
    bot = BOTS[bot_name]
    for game in (cr.Cramps(target=1), cr.Craits(players=2, short_game=True)):
        bots = [bot] + [RandomBot()] * (game.players - 1)
        if bot_name not in CHEAP and isinstance(game, cr.Craits):
            bots[0] = attrs.evolve(bot, iterations=4)  # type: ignore[misc]
        state, moves = play_match(game, bots, seed=3)
        assert state.is_over and moves > 0


@pytest.mark.parametrize("bot_name", list(BOTS))
def test_bots_choose_from_a_narrowed_list(bot_name: str) -> None:
    """Given fewer moves than are legal, a bot still picks one of those given."""
    bot = BOTS[bot_name]
    for name, game in GAMES.items():
        if name == "craits-10":
            continue
        if bot_name == "heuristic" and isinstance(game, cr.Craits):
            continue  # see test_craits_heuristic_chooses_from_a_narrowed_list
        for index, (state, seat) in enumerate(decisions(game, 5, 8)):
            view = game.observe(state, seat)
            if len(view.legal_moves) < 3:
                continue
            given = view.legal_moves[1::2]
            assert bot.choose(game, view, given, index) in given


def narrowed_craits_decisions() -> dict[str, tuple[cr.Craits, Any, int, tuple[Any, ...]]]:
    """Craits decisions with some legal moves left out of those given."""
    game = cr.Craits(players=3)
    wild = position(game, ["2C 3C 4H", "4D 5D 6S", "6H 7H 9C"], "8S 9S")
    announce_rules = cr.Craits(players=4, one_card_deal_announce=True)
    one_card = announce_rules.new_game(3, dealer=1, hand_number=8)
    only_wild = position(game, ["2C 3C 4H", "8D 5D 6S", "6H 7H 9C"], "KH 9S")  # seat 1: 8♦
    return {
        "name_suit": (game, wild, 0, (cr.NameSuit("H"), cr.NameSuit("S"))),
        "announce": (announce_rules, one_card, 2, (cr.Pass(),)),
        "wild_play": (
            game,
            only_wild,
            1,
            tuple(
                m
                for m in game.legal_moves(only_wild)
                if not (isinstance(m, cr.Play) and m.suit == cr.Suit.DIAMONDS)
            ),
        ),
    }


@pytest.mark.parametrize("case", ["name_suit", "announce", "wild_play"])
def test_craits_heuristic_chooses_from_a_narrowed_list(case: str) -> None:
    game, state, seat, given = narrowed_craits_decisions()[case]
    view = game.observe(state, seat)
    assert set(given) < set(view.legal_moves)
    assert HeuristicBot().choose(game, view, given, 0) in given


@pytest.mark.parametrize("game_name", list(GAMES))
def test_heuristic_choice_in_a_state_is_the_choice_from_the_view(game_name: str) -> None:
    """HeuristicBot.choose_in_state (the shortcut search playouts use) decides exactly
    as choose does from the view of the seat to move."""
    game, bot = GAMES[game_name], HeuristicBot()
    for index, (state, _) in enumerate(decisions(game, 17, 40)):
        moves = game.legal_moves(state)
        view = game.observe(state, state.to_move)
        assert bot.choose_in_state(game, state, moves, index) == bot.choose(
            game, view, moves, index
        )


SHIPPED = shipped_games()


def positions_of_random_games(game: AnyGame, seed: int, count: int) -> Iterator[Any]:
    """``count`` states with a choice to make (two legal moves or more), taken from the
    first 200 moves of random games at random points: in the bidding and the passing as
    in the play."""
    rng = random.Random(seed)
    found = 0
    while True:
        state = game.new_game(rng.getrandbits(64))
        for _ in range(200):
            if state.is_over:
                break
            moves = game.legal_moves(state)
            if len(moves) > 1 and rng.random() < 0.3:
                yield state
                found += 1
                if found == count:
                    return
            state = game.apply(state, rng.choice(moves))


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_heuristic_in_a_state_chooses_as_from_the_real_view(name: str) -> None:
    """In every shipped game, the rule-of-thumb move a search rollout gets from a state
    (choose_in_state) is the one the bot chooses from the view of the seat to move: the
    habits read the whole view (its bidding, passing, dealer, upcard), not a reduced one."""
    game, bot = SHIPPED[name](), HeuristicBot()
    for index, state in enumerate(positions_of_random_games(game, 30, 400)):
        moves = game.legal_moves(state)
        view = game.observe(state, state.to_move)
        assert bot.choose_in_state(game, state, moves, index) == bot.choose(
            game, view, moves, index
        ), f"{name}: {view}"


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_search_rollouts_show_the_heuristic_real_views(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ISMCTS with heuristic rollouts plays in every shipped game, and each view its
    rollouts hand the game's habits is a real view of the seat to move."""
    game = SHIPPED[name]()
    seen: list[Any] = []
    habits = type(game).heuristic

    def spy(self: AnyGame, view: Any, moves: Sequence[cr.Move]) -> cr.Move | None:
        seen.append(view)
        return habits(self, view, moves)

    monkeypatch.setattr(type(game), "heuristic", spy)
    search = ISMCTSBot(iterations=3, rollout=HeuristicBot())
    view_type = None
    for index, state in enumerate(positions_of_random_games(game, 31, 3)):
        view = game.observe(state, state.to_move)
        view_type = type(view)
        assert search.choose(game, view, game.legal_moves(state), index) in view.legal_moves
    assert seen
    assert all(type(view) is view_type and view.seat == view.to_move for view in seen)


def test_heuristics_directly() -> None:
    """The habit functions take the same (game, view, moves) and follow their rules on
    a clear-cut case each."""
    game = cr.Cramps()
    state = game.new_game(7)
    assert state.to_move is not None
    view = game.observe(state, state.to_move)
    lead = cramps_heuristic(game, view, view.legal_moves)
    assert isinstance(lead, cr.Play)
    # Trick 1 is worth 0 to its winner: lead low, never a Queen if avoidable.
    assert lead.card.rank == min(c.rank for c in view.hand if c.rank != cr.Rank.QUEEN)
    craits = cr.Craits(players=3)
    wild = position(craits, ["2C 3C 4H", "4D 5D 6S", "6H 7H 9C"], "8S 9S")
    named = craits_heuristic(craits, craits.observe(wild, 0), craits.legal_moves(wild))
    assert named == cr.NameSuit(cr.Suit.CLUBS)  # the suit the dealer holds most


# -- no hidden information ---------------------------------------------------------------


def hide_differently(game: AnyGame, state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` with everything ``seat`` cannot see changed: the other hands (and the
    stock) dealt anew from the same cards, and another generator state."""
    others = [s for s in range(game.players) if s != seat]
    hidden = [c for s in others for c in state.hands[s]]
    if isinstance(game, cr.Craits):
        hidden += state.table.stock
    rng.shuffle(hidden)
    hands = list(state.hands)
    for s in others:
        hands[s], hidden = tuple(sorted(hidden[: len(hands[s])])), hidden[len(hands[s]) :]
    new_rng = rng.getrandbits(64)
    if isinstance(game, cr.Cramps):
        return with_cramps_hands(state, hands, new_rng)
    t = state.table
    table = cr.ShedTable(tuple(hands), tuple(hidden), t.discard, t.suit, t.direction, new_rng)
    return with_table(state, table)


def visible_cards(game: AnyGame, state: Any, seat: int) -> set[cr.Card]:
    if isinstance(game, cr.Cramps):
        return set(state.hands[seat]) | {c for t in (*state.tricks, state.trick) for c in t.cards}
    return set(state.hands[seat]) | set(state.discard) | {c for _, c in state.dealer_draws}


def generator_of(game: AnyGame, state: Any) -> int:
    return int(state.rng if isinstance(game, cr.Cramps) else state.table.rng)


@pytest.mark.parametrize("game_name", ["cramps", "craits-3-announce", "craits-6"])
def test_what_a_bot_is_given_holds_nothing_hidden(game_name: str) -> None:
    """The view a bot gets reaches no card it may not see and not the generator; its
    pickle is the same byte for byte whatever the hidden cards and generator are; so
    every bot decides the same whatever is hidden."""
    game = GAMES[game_name]
    rng = random.Random(4)
    for index, (state, seat) in enumerate(decisions(game, 11, 12)):
        view = game.observe(state, seat)
        reached = list(reachable(view))
        allowed = visible_cards(game, state, seat)
        assert {c for c in reached if isinstance(c, cr.Card)} <= allowed
        secret = generator_of(game, state)
        assert not any(type(v) is int and v == secret for v in reached)
        assert not any(isinstance(v, (cr.CrampsState, cr.CraitsState)) for v in reached)
        other = hide_differently(game, state, seat, rng)
        assert other != state and other.hands[seat] == state.hands[seat]
        other_view = game.observe(other, seat)
        assert other_view == view
        assert pickle.dumps(other_view) == pickle.dumps(view)
        assert secret.to_bytes(8, "little") not in pickle.dumps(view)
        for name, bot in BOTS.items():
            if name in CHEAP or index < 3:
                moves = view.legal_moves
                assert bot.choose(game, other_view, moves, index) == bot.choose(
                    game, view, moves, index
                )


def test_the_arena_gives_bots_only_their_view() -> None:
    """play_match hands each bot the rules object, the view of the seat to move and
    that view's legal moves; never the state."""

    @attrs.frozen
    class Inspector:
        name: str = "inspector"

        def choose(self, game: AnyGame, view: Any, moves: Sequence[Any], seed: int) -> Any:
            assert isinstance(view, (cr.CrampsView, cr.CraitsView))
            assert moves == view.legal_moves and moves
            assert view.to_move == view.seat
            assert not any(isinstance(v, (cr.CrampsState, cr.CraitsState)) for v in reachable(game))
            return moves[seed % len(moves)]

    for game in (cr.Cramps(target=1), cr.Craits(players=3, short_game=True)):
        state, _ = play_match(game, [Inspector()] * game.players, seed=2)
        assert state.is_over


def test_a_bots_seed_does_not_reveal_the_deal() -> None:
    """A bot that tries to rebuild the deal from the seed it was given fails."""

    def unmix(z: int) -> int:  # the inverse of cardrules.rng._mix
        mask = (1 << 64) - 1
        z ^= (z >> 31) ^ (z >> 62)
        z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
        z ^= (z >> 27) ^ (z >> 54)
        z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
        return z ^ (z >> 30) ^ (z >> 60)

    guesses: list[tuple[tuple[cr.Card, ...], ...]] = []

    @attrs.frozen
    class Peeker:
        name: str = "peeker"

        def choose(self, game: AnyGame, view: Any, moves: Sequence[Any], seed: int) -> Any:
            played = sum(len(t.cards) for t in view.tricks) + len(view.trick.cards)
            state = (unmix(seed) - 0x9E3779B97F4A7C15) % (1 << 64)
            state ^= played * 0x9E3779B97F4A7C15 % (1 << 64)
            order, _ = STANDARD_DECK.shuffled(state)
            guesses.append(deal(order, 0, 4, game.packets)[0])
            return moves[0]

    game = cr.Cramps(target=1)
    rebuilt = 0
    for seed in range(5):
        guesses.clear()
        state = game.new_game(seed)
        play_match(game, [Peeker()] * 4, seed)
        rebuilt += guesses[0] == state.hands
    assert rebuilt == 0, f"the deal was rebuilt from the bot's seed in {rebuilt} of 5 games"


def test_sampled_hands_are_right_only_by_chance() -> None:
    """What a search bot samples for the others (determinize) is right about as often
    as a uniform guess among the deals that agree with its view: late in a round, with
    few deals left, the true one comes up about once in that many."""
    game = cr.Cramps()
    for seed in range(50):
        state = game.new_game(seed)
        walker = random.Random(seed)
        while state.trick_number < 11:
            state = game.apply(state, walker.choice(game.legal_moves(state)))
        assert state.to_move is not None
        view = game.observe(state, state.to_move)
        count = cramps_deal_count(view)
        if 5 <= count <= 60:
            break
    else:
        pytest.fail("no late position with 5 to 60 consistent deals")
    truth = hidden_part(game, state, view.seat)
    runs = 40 * count
    hits = sum(
        hidden_part(game, game.determinize(view, s), view.seat) == truth for s in range(runs)
    )
    expected = runs / count
    assert abs(hits - expected) < 5 * expected**0.5, (hits, expected, count)


# -- names and options -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("random", RandomBot()),
        ("heuristic", HeuristicBot()),
        ("ismcts", ISMCTSBot()),
        ("ismcts:50", ISMCTSBot(iterations=50)),
        ("  ISMCTS:7 ", ISMCTSBot(iterations=7)),
        ("ismcts:50:heuristic", ISMCTSBot(iterations=50, rollout=HeuristicBot())),
        ("ismcts:50:random", ISMCTSBot(iterations=50)),
        ("ismcts:40:flat", ISMCTSBot(iterations=40, rollout=HeuristicBot(), max_depth=1)),
        ("Random", RandomBot()),
    ],
)
def test_bot_from_name(text: str, expected: Bot) -> None:
    bot = bot_from_name(text)
    assert bot == expected
    assert isinstance(bot, Bot)


@pytest.mark.parametrize(
    "text",
    ["", "alphazero", "ismcts:ten", "random:3",
     "heuristic:1", "ismcts:1.5", "ismcts:+3", "ismcts 10", "ismcts:50:greedy",
     "ismcts::heuristic", "ismcts:5:heuristic:2", "random:heuristic",
     "ismcts:flat", "flat:5", "ismcts:0:greedy"],
)  # fmt: skip
def test_bot_from_name_rejects_unknown_names(text: str) -> None:
    with pytest.raises(cr.BotError, match=r"unknown bot .*known bots: random, heuristic, ismcts"):
        bot_from_name(text)


@pytest.mark.parametrize("text", ["ismcts:0", "ismcts:-5", "ismcts:0:heuristic", "ismcts:0:flat"])
def test_bot_from_name_says_the_search_needs_an_iteration(text: str) -> None:
    budget = text.split(":")[1]
    with pytest.raises(cr.BotError, match=f"ismcts iterations must be at least 1, not {budget} in"):
        bot_from_name(text)


@pytest.mark.parametrize("value", [None, 3, b"random", ["random"]])
def test_bot_from_name_needs_text(value: object) -> None:
    with pytest.raises(cr.BotError, match="a bot name must be text"):
        bot_from_name(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"iterations": 0}, "iterations"),
        ({"iterations": -3}, "iterations"),
        ({"seconds": 0}, "seconds"),
        ({"seconds": -0.5}, "seconds"),
        ({"exploration": 0}, "exploration"),
        ({"exploration": -1.0}, "exploration"),
        ({"rollout_limit": 0}, "rollout_limit"),
        ({"max_depth": 0}, "max_depth"),
        ({"max_depth": -2}, "max_depth"),
        ({"caution": 0}, "caution"),
        ({"caution": -1.5}, "caution"),
        ({"caution": float("nan")}, "caution"),
        ({"seconds": float("nan")}, "seconds"),
        ({"exploration": float("nan")}, "exploration"),
    ],
)
def test_ismcts_rejects_bad_budgets(options: dict[str, Any], field: str) -> None:
    with pytest.raises(cr.BotError, match=f"^{field} must be positive, not "):
        ISMCTSBot(**options)


@pytest.mark.parametrize("value", ["10", 2.5, True])
def test_ismcts_iterations_must_be_an_int(value: object) -> None:
    with pytest.raises(cr.BotError, match=r"^iterations must be an int, not "):
        ISMCTSBot(iterations=value)  # type: ignore[arg-type]


def test_ismcts_with_one_move_answers_at_once() -> None:
    game = cr.Craits(players=3)
    wild = position(game, ["2C 3C 4H", "4D 5D 6S", "6H 7H 9C"], "8S 9S")
    view = game.observe(wild, 0)
    only = (cr.NameSuit("H"),)
    assert ISMCTSBot(iterations=10**9).choose(game, view, only, 0) == only[0]


@attrs.frozen
class ForgetfulBot:
    """Plays like the rule-of-thumb bot in rollouts, but its own choice for a view is
    to keep quiet about its last card (an automatic idiot call then costs two cards)."""

    name: str = "forgetful"

    def choose(self, game: AnyGame, view: Any, moves: Sequence[cr.Move], seed: int) -> cr.Move:
        quiet = [m for m in moves if isinstance(m, cr.Play) and not m.announce]
        return quiet[0] if quiet else moves[0]

    def choose_in_state(
        self, game: AnyGame, state: Any, moves: Sequence[cr.Move], seed: int
    ) -> cr.Move:
        return HeuristicBot().choose_in_state(game, state, moves, seed)


def test_flat_search_keeps_the_rollout_bots_move_unless_clearly_beaten() -> None:
    """With ``max_depth=1`` and a rollout bot, the bot's own move stands unless another
    move beats it by ``caution`` standard errors over the same sampled deals."""
    game = cr.Craits(players=2, short_game=True, idiot_calls="automatic")
    state = position(game, ["4D 5D 6S 9C 10C", "KH 5C"], "9H")
    view = game.observe(state, 1)
    quiet, announced = cr.Play(cr.Card.parse("KH")), cr.Play(cr.Card.parse("KH"), announce=True)
    assert view.legal_moves == (quiet, announced)
    assert ForgetfulBot().choose(game, view, view.legal_moves, 0) == quiet

    def flat(**options: Any) -> cr.Move:
        bot = ISMCTSBot(max_depth=1, rollout=ForgetfulBot(), **options)
        move: cr.Move = bot.choose(game, view, view.legal_moves, 7)
        return move

    assert flat(iterations=1000) == announced  # two cards drawn: clearly worse
    assert flat(iterations=300, caution=1e9) == quiet  # no evidence is enough
    assert flat(iterations=2) == quiet  # one deal: no standard error, no change


@pytest.mark.parametrize("game_name", ["cramps", "craits-3-announce"])
def test_flat_search_with_boundless_caution_plays_like_its_rollout_bot(game_name: str) -> None:
    game = GAMES[game_name]
    cautious = ISMCTSBot(iterations=12, max_depth=1, rollout=HeuristicBot(), caution=1e9)
    start = game.new_game(5)
    for state in random_walk(game, start, random.Random(5), 40):
        if state.to_move is None:
            continue
        view = game.observe(state, state.to_move)
        if not view.legal_moves:
            continue
        expected = HeuristicBot().choose(game, view, view.legal_moves, 0)
        assert cautious.choose(game, view, view.legal_moves, 3) == expected


class FakeClock:
    """Stands in for the time module: every reading is one second later."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def test_ismcts_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``seconds``, the search runs until the clock passes the budget (whatever
    ``iterations`` says), and at least once even if the budget is already spent."""
    game = cr.Cramps()
    state = game.new_game(3)
    assert state.to_move is not None
    view = game.observe(state, state.to_move)
    calls = []
    real = cr.Cramps.determinize

    def counting(self: cr.Cramps, view: cr.CrampsView, seed: int) -> cr.CrampsState:
        calls.append(seed)
        return real(self, view, seed)

    monkeypatch.setattr(cr.Cramps, "determinize", counting)
    monkeypatch.setattr("cardrules.bots.ismcts.time", FakeClock())
    move = ISMCTSBot(iterations=3, seconds=10).choose(game, view, view.legal_moves, 1)
    assert move in view.legal_moves
    assert len(calls) == 9  # readings 2 … 10 are before the deadline (1 + 10), 11 is not
    calls.clear()
    ISMCTSBot(seconds=0.5).choose(game, view, view.legal_moves, 1)
    assert len(calls) == 1
    calls.clear()
    ISMCTSBot(iterations=3).choose(game, view, view.legal_moves, 1)
    assert len(calls) == 3


def test_ismcts_real_time_budget_gives_a_legal_move() -> None:
    game = cr.Craits(players=2, short_game=True)
    state = game.new_game(5)
    assert state.to_move is not None
    view = game.observe(state, state.to_move)
    move = ISMCTSBot(seconds=0.02).choose(game, view, view.legal_moves, 0)
    assert move in view.legal_moves


def test_search_needs_a_game_that_can_determinize() -> None:
    """A game without determinize gets a clear NotImplementedError from the search bot."""

    class Opaque(cr.Cramps):
        name = ""  # not registered

        def determinize(self, view: cr.CrampsView, seed: int) -> cr.CrampsState:
            return cr.game.Game.determinize(self, view, seed)

    game = Opaque()
    state = game.new_game(1)
    assert state.to_move is not None
    view = game.observe(state, state.to_move)
    with pytest.raises(NotImplementedError, match="does not support determinize"):
        ISMCTSBot(iterations=5).choose(game, view, view.legal_moves, 0)


def test_bot_protocol() -> None:
    for bot in BOTS.values():
        assert isinstance(bot, Bot) and isinstance(bot.name, str) and bot.name
        assert pickle.loads(pickle.dumps(bot)) == bot  # the arena sends bots to processes
        assert hash(bot) == hash(attrs.evolve(bot))  # type: ignore[misc]
    assert not isinstance(object(), Bot)
    assert not isinstance("random", Bot)


def test_random_bot_picks_uniformly_even_from_seeds_in_a_row() -> None:
    """RandomBot scrambles its seed: seeds 0, 1, 2, ... (and 64-bit ones) give each
    of seven moves about a seventh of the picks, and no fixed pattern."""
    game = cr.Cramps()
    moves: list[cr.Move] = [cr.Play(card) for card in ("2C", "3C", "4C", "5C", "6C", "7C", "8C")]
    bot = RandomBot()
    for seeds in (range(14_000), range(2**63, 2**63 + 14_000)):
        picks = [moves.index(bot.choose(game, None, moves, seed)) for seed in seeds]
        counts = [picks.count(index) for index in range(7)]
        assert all(1_800 <= count <= 2_200 for count in counts), counts  # 2,000 expected
        steps = {(b - a) % 7 for a, b in itertools.pairwise(picks)}
        assert len(steps) == 7  # consecutive seeds: every difference occurs
