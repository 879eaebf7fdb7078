"""The shedding engine's generic rules for games such as UNO, each built and tested on a
French test game of its own ("Draw-two Eights"): a card that makes the next player
draw (``CardRule(draws=N)``), a hook that forbids some allowed cards (``playable``), a
reverse that skips with two players (``reverse_with_two``), and a drawn card played at
once (``after_draw`` with :func:`~cardrules.shedding.flow.play_from_hand`).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs
import pytest

import cardrules as cr
import swap_worlds as sw
from cardrules.cards import ALL_CARDS, Card, Suit, mask_of
from cardrules.chance import ExplicitChance
from cardrules.deck import DeckSpec
from cardrules.decks import UNO_108
from cardrules.errors import IllegalMoveError, RulesError
from cardrules.events import describe, narrate
from cardrules.moves import register_move
from cardrules.shedding import CardRule, CardTable, Phase
from cardrules.shedding.engine import SheddingGame
from cardrules.shedding.events import (
    CardsDrawn,
    HandsPassed,
    HandsSwapped,
    PileReshuffled,
    SuitChosen,
    TurnSkipped,
)
from cardrules.shedding.flow import (
    finished,
    pass_hands,
    play_from_hand,
    random_below,
    resume_play,
    swap_hands,
    to_phase,
    work_on,
)
from cardrules.shedding.state import ShedState, ShedView

_ROWS = {rank: CardRule("none", min(int(rank), 10)) for rank in cr.Rank}
_ROWS[cr.Rank.EIGHT] = CardRule("wild", 50)
_ROWS[cr.Rank.TWO] = CardRule("none", 20, draws=2)
_ROWS[cr.Rank.JACK] = CardRule("wild", 50, draws=4)
_ROWS[cr.Rank.QUEEN] = CardRule("skip", 20)
_ROWS[cr.Rank.ACE] = CardRule("reverse", 20)
TABLE = CardTable(_ROWS)
JACKS = mask_of(card for card in ALL_CARDS if card.rank == cr.Rank.JACK)


@attrs.frozen
class DrawTwoEights(SheddingGame[ShedState, ShedView]):
    """Eights are wild, a two makes the next player draw two, a jack is wild and makes
    the next player draw four, a queen skips, an ace reverses; five cards each.
    Options: ``jacks_last`` (a jack only when nothing else can be played: the
    ``playable`` hook), ``eager`` (a drawn card of the suit to follow is played at once,
    a drawn wild card too, naming a suit at random and without its draws: the
    ``after_draw`` hook) and the engine's ``reverse_with_two``."""

    name: ClassVar[str] = "test_shed_features"
    card_table = TABLE
    players: int = 3
    jacks_last: bool = False
    eager: bool = False
    reverse_with_two: Any = "reverse"
    turned_up_names: Any = "dealer"
    turned_up_reverse: Any = "next"
    turned_up_draws_skip: bool = True

    def cards_each(self, hand_number: int) -> int:
        return 5

    def hand_scores(self, hands: tuple[tuple[Card, ...], ...], blocked: bool) -> tuple[int, ...]:
        return tuple(sum(TABLE[card.rank].points for card in hand) for hand in hands)

    def playable(self, state: ShedState, held: int, cards: int) -> int:
        if not self.jacks_last:
            return cards
        return cards & ~JACKS or cards

    def after_draw(self, state: ShedState, seat: int, card: Card) -> None:
        if not self.eager:
            return
        if TABLE[card.rank].is_wild:
            suit = Suit(random_below(state, 4))
            play_from_hand(self, state, seat, card, suit=suit, acts=False)
        elif card.suit == state.suit:
            play_from_hand(self, state, seat, card)


GAME = DrawTwoEights()
GAMES: dict[str, Any] = {
    "plain": GAME,
    "jacks_last": DrawTwoEights(jacks_last=True),
    "eager": DrawTwoEights(eager=True, jacks_last=True),
    "eager-two": DrawTwoEights(players=2, eager=True, reverse_with_two="skip"),
}


def _names(events: Any) -> list[str]:
    return [type(event).__name__ for event in events]


def play_out(game: Any, seed: int) -> tuple[Any, list[Any], list[Any]]:
    """A whole random game from ``seed``: the last state, the moves and the events; every
    move listed is applied, and in a game with ``jump_in`` a seat that may jump in does
    so half the time."""
    pick = random.Random(seed)
    step = game.start(seed=seed)
    state, moves, events = step.state, [], list(step.events)
    while not state.is_over:
        jumps = [
            move
            for seat in range(game.players)
            if seat != state.to_move
            for move in game.jump_ins(state, seat)
        ]
        if jumps and pick.random() < 0.5:
            move = pick.choice(jumps)
            step = game.step(state, move, seat=move.seat)
        else:
            move = pick.choice(game.legal_moves(state))
            step = game.step(state, move)
        state = step.state
        moves.append(move)
        events.extend(step.events)
    return state, moves, events


# -- draws: a card that makes the next player draw ------------------------------------


def test_a_draw_two_makes_the_next_player_draw_and_lose_the_turn() -> None:
    state = GAME.position(
        ["2H 5C 6C", "7D 9D", "KS 4S"], discard="KH", stock="3C 3D 4D 5D", to_move=0
    )
    step = GAME.step(state, cr.Play("2H"))
    assert step.state.hand_sizes == (2, 4, 2)
    assert step.state.to_move == 2
    assert CardsDrawn(1, 2, "draws", 2, cards=cr.parse_cards("3C 3D")) in step.events
    assert TurnSkipped(1, by=0) in step.events
    texts = [text for _, text in narrate(step.events, 2)]
    assert "Seat 1 draws 2 cards (2♥ makes the next player draw)." in texts
    # The drawer alone is told the cards.
    assert "You draw 3♣ and 3♦" in " ".join(describe(e, 1) for e in step.events)
    assert "3♣" not in " ".join(describe(e, 2) for e in cr.events_for(step.events, 2))


def test_with_two_players_the_player_of_a_draw_two_moves_again() -> None:
    game = DrawTwoEights(players=2)
    state = game.position(["2H 5C", "7D"], discard="KH", stock="3C 3D 4D", to_move=0)
    step = game.step(state, cr.Play("2H"))
    assert step.state.to_move == 0 and step.state.hand_sizes == (1, 3)


def test_a_wild_card_with_draws_names_the_suit_then_the_next_player_draws() -> None:
    state = GAME.position(
        ["JH 5C 6C", "7D 9D", "KS 4S"], discard="KH", stock="3C 3D 4D 5D 6D", to_move=0
    )
    move = cr.Play("JH", suit=Suit.SPADES)
    assert move in GAME.legal_moves(state)
    step = GAME.step(state, move)
    assert _names(step.events)[2:] == ["SuitNamed", "CardsDrawn", "TurnSkipped"]
    assert step.state.suit is Suit.SPADES
    assert step.state.hand_sizes == (2, 6, 2) and step.state.to_move == 2


def test_going_out_on_a_draw_card_still_makes_the_next_player_draw() -> None:
    state = GAME.position(["2H", "7D", "KS"], discard="KH", stock="3C 3D 4D", to_move=0)
    step = GAME.step(state, cr.Play("2H"))
    scored = next(e for e in step.events if isinstance(e, cr.HandScored))
    assert scored.hand_scores == (0, 7 + 3 + 3, 10)  # the 3♣ and 3♦ drawn count
    assert step.state.is_over


@pytest.mark.parametrize(
    ("turned", "to_move", "sizes"), [("2D", 2, (5, 7, 5)), ("6D", 1, (5,) * 3)]
)
def test_a_turned_up_draw_card_makes_the_first_player_draw_and_lose_the_turn(
    turned: str, to_move: int, sizes: tuple[int, ...]
) -> None:
    deck = [card for card in ALL_CARDS if card != Card.parse(turned)]
    deck.insert(15, Card.parse(turned))  # after 3 hands of 5
    state = GAME.new_game(seed=1, dealer=0, deck=deck)
    assert state.top == Card.parse(turned)
    assert state.to_move == to_move and state.hand_sizes == sizes


def test_a_turned_up_wild_card_with_draws_is_named_by_the_dealer_then_draws() -> None:
    deck = [card for card in ALL_CARDS if card != Card.parse("JD")]
    deck.insert(15, Card.parse("JD"))
    state = GAME.new_game(seed=1, dealer=0, deck=deck)
    assert state.phase is Phase.NAME_SUIT and state.to_move == 0
    step = GAME.step(state, cr.NameSuit(Suit.CLUBS))
    assert _names(step.events)[1:] == ["SuitNamed", "CardsDrawn", "TurnSkipped"]
    assert step.state.to_move == 2 and step.state.hand_sizes == (5, 9, 5)


@pytest.mark.parametrize(
    ("row", "words"),
    [
        (lambda: CardRule("skip", 0, draws=2), "already skips"),
        (lambda: CardRule("play_again", 0, draws=1), "already skips"),
        (lambda: CardRule("none", 0, count=2, starts_count=True, draws=2), "not both"),
        (lambda: CardRule("none", 0, draws=-1), "0 or more"),
        (lambda: CardRule("none", 0, draws="2"), "must be an int"),  # type: ignore[arg-type]
    ],
)
def test_a_bad_draws_is_refused_in_words(row: Any, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        row()


def test_a_card_rule_shows_its_draws() -> None:
    assert repr(CardRule("none", 20, draws=2)).endswith("starts_count=False, draws=2)")
    assert "draws" not in repr(CardRule("none", 20))


# -- playable: a hook that forbids allowed cards --------------------------------------


def test_playable_keeps_a_jack_until_nothing_else_can_be_played() -> None:
    game = GAMES["jacks_last"]
    state = game.position(["JH 5H 9C", "7D", "KS"], discard="KH", stock="3C", to_move=0)
    assert [str(move) for move in game.legal_moves(state)] == ["5♥"]
    with pytest.raises(IllegalMoveError, match="rules do not let you play J♥ now") as info:
        game.apply(state, cr.Play("JH", suit=Suit.CLUBS))
    assert info.value.reason == "not_playable_now"
    alone = game.position(["JH 9C", "7D", "KS"], discard="KH", stock="3C", to_move=0)
    plays = [move for move in game.legal_moves(alone) if isinstance(move, cr.Play)]
    assert {move.card for move in plays} == {Card.parse("JH")} and len(plays) == 4
    # Without the hook's rule the jack is offered beside the five.
    plain = GAME.position(["JH 5H 9C", "7D", "KS"], discard="KH", stock="3C", to_move=0)
    assert cr.Play("JH", suit=Suit.CLUBS) in GAME.legal_moves(plain)


def test_a_player_whose_cards_playable_forbids_all_draws() -> None:
    class NoHearts(DrawTwoEights):
        name: ClassVar[str] = ""  # (not registered)

        def playable(self, state: ShedState, held: int, cards: int) -> int:
            return cards & ~mask_of(c for c in ALL_CARDS if c.suit == Suit.HEARTS)

    game = NoHearts()
    state = game.position(["5H 9C", "7D", "KS"], discard="KH", stock="3C", to_move=0)
    assert game.legal_moves(state) == (cr.Draw(),)
    absent = game.absent_cards(state, cr.Draw())  # (hearts are never played here)
    assert Card.parse("KS") in absent and Card.parse("5H") not in absent


def test_a_stuck_player_holds_no_card_it_could_play_were_it_alone() -> None:
    game = GAMES["jacks_last"]
    state = game.position(["5C 9C", "7D", "KS"], discard="KH", stock="3C", to_move=0)
    absent = game.absent_cards(state, cr.Draw())
    assert {Card.parse("JC"), Card.parse("8C"), Card.parse("2H")} <= absent
    assert Card.parse("5C") not in absent and len(absent) == 13 + 3 + 3 + 3  # (hearts, K, 8, J)


def test_playable_must_return_a_card_mask() -> None:
    class Broken(DrawTwoEights):
        name: ClassVar[str] = ""  # (not registered)

        def playable(self, state: ShedState, held: int, cards: int) -> Any:
            return "all"

    state = Broken().position(["5H 9C", "7D", "KS"], discard="KH", stock="3C", to_move=0)
    with pytest.raises(RulesError, match="playable must return a card mask"):
        Broken().legal_moves(state)


# -- reverse_with_two -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "policy", "to_move"),
    [(2, "skip", 0), (2, "reverse", 1), (3, "skip", 2), (3, "reverse", 2)],
)
def test_a_reverse_with_two_players_skips_when_the_game_says_so(
    players: int, policy: str, to_move: int
) -> None:
    game = DrawTwoEights(players=players, reverse_with_two=policy)
    hands = ["AH 5C", "7D", "KS"][:players]
    step = game.step(game.position(hands, discard="KH", stock="3C", to_move=0), cr.Play("AH"))
    assert step.state.to_move == to_move and step.state.direction == -1
    assert (TurnSkipped(1, by=0) in step.events) is (players == 2 and policy == "skip")


def test_a_bad_reverse_with_two_is_refused_in_words() -> None:
    with pytest.raises(RulesError, match="reverse_with_two must be one of"):
        DrawTwoEights(reverse_with_two="sideways").new_game(seed=1)


# -- after_draw: a drawn card played at once -------------------------------------------


def _drawn(stock: str, players: int = 3) -> cr.Step[Any]:
    game = DrawTwoEights(players=players, eager=True)
    hands = ["3C 4C", "7D 9D", "KS 4S"][:players]
    state = game.position(hands, discard="KH", stock=stock, to_move=0, seed=3)
    return game.step(state, cr.Draw())


def test_a_drawn_card_of_the_suit_is_played_at_once_and_told_to_all() -> None:
    step = _drawn("9H 5S")
    assert step.state.top == Card.parse("9H") and step.state.to_move == 1
    assert step.state.hand_sizes == (2, 2, 2)
    for seat in (1, 2):
        told = [describe(e, seat) for e in cr.events_for(step.events, seat)]
        assert told[1:] == ["Seat 0 cannot play and draws 1 card.", "Seat 0 plays 9♥."]


def test_a_drawn_card_that_does_not_match_is_kept_and_the_turn_passes() -> None:
    step = _drawn("5S 9H")
    assert step.state.top == Card.parse("KH") and step.state.to_move == 1
    assert step.state.hand_sizes == (3, 2, 2)
    assert not any(isinstance(e, cr.CardPlayed) for e in step.events)


def test_a_drawn_card_played_at_once_carries_out_its_function() -> None:
    step = _drawn("2H 5S 6S")  # the next player draws two and is skipped
    assert step.state.hand_sizes == (2, 4, 2) and step.state.to_move == 2


def test_a_drawn_wild_card_names_a_suit_at_random_without_its_draws() -> None:
    suits = set()
    for seed in range(12):
        game = DrawTwoEights(eager=True)
        hands = ["3C 4C", "7D 9D", "KS 4S"]
        state = game.position(hands, discard="KH", stock="JD 5S 6S 7S", to_move=0, seed=seed)
        step = game.step(state, cr.Draw())
        assert step.state.top == Card.parse("JD") and step.state.hand_sizes == (2, 2, 2)
        assert step.state.to_move == 1
        suits.add(step.state.suit)
    assert len(suits) > 2  # (12 seeds: all four but a 1 in 600 chance)


def test_the_random_suit_of_a_drawn_wild_is_a_chance_node_under_explicit_chance() -> None:
    game = GAMES["eager"]
    table = ExplicitChance(game)
    pick = random.Random(0)
    fours = 0
    for _ in range(6):
        state = table.start().state
        while not state.is_over and fours == 0:
            if state.is_chance:
                outcomes = [outcome for outcome, _ in table.chance_outcomes(state)]
                fours += outcomes == [0, 1, 2, 3]
                state = table.step_chance(state, pick.choice(outcomes)).state
            else:
                state = table.step(state, pick.choice(table.legal_moves(state))).state
    assert fours


def test_play_from_hand_refuses_a_card_the_seat_does_not_hold() -> None:
    class Cheat(DrawTwoEights):
        name: ClassVar[str] = ""  # (not registered)

        def after_draw(self, state: ShedState, seat: int, card: Card) -> None:
            play_from_hand(self, state, seat, Card.parse("AS"))

    state = Cheat().position(["3C 4C", "7D", "KS"], discard="KH", stock="5S", to_move=0)
    with pytest.raises(RulesError, match="does not hold it"):
        Cheat().apply(state, cr.Draw())


def test_a_game_without_the_hooks_draws_as_before() -> None:
    game = DrawTwoEights(eager=False)
    state = game.position(["3C 4C", "7D", "KS"], discard="KH", stock="9H", to_move=0)
    step = game.step(state, cr.Draw())
    assert step.state.hand_sizes == (3, 1, 1) and step.state.to_move == 1
    assert not type(cr.CrazyEights(players=2)).__dict__.get("after_draw")
    hand = cr.CrazyEights(players=2).new_game(seed=1)._hand
    assert not hand._after_draw and not hand._restricts


# -- what the turned-up card does --------------------------------------------------------


def _turned(game: Any, text: str, seed: int = 1) -> Any:
    """The start of a hand dealt by seat 0 whose turned-up card is ``text``."""
    deck = [card for card in ALL_CARDS if card != Card.parse(text)]
    deck.insert(game.players * 5, Card.parse(text))
    return game.start(seed=seed, dealer=0, deck=deck)


def test_the_first_player_may_name_the_suit_of_a_turned_up_wild_card() -> None:
    game = DrawTwoEights(turned_up_names="first")
    state = _turned(game, "8D").state
    assert state.phase is Phase.NAME_SUIT and state.to_move == 1
    named = game.step(state, cr.NameSuit(Suit.SPADES))
    assert named.state.to_move == 1 and named.state.suit is Suit.SPADES
    state = _turned(game, "JD").state  # then draws four and loses the turn
    after = game.apply(state, cr.NameSuit(Suit.SPADES))
    assert after.to_move == 2 and after.hand_sizes == (5, 9, 5)


def test_a_turned_up_wild_card_may_get_a_suit_at_random() -> None:
    game = DrawTwoEights(turned_up_names="random")
    suits = set()
    for seed in range(10):
        step = _turned(game, "8D", seed)
        assert step.state.phase is Phase.PLAY and step.state.to_move == 1
        chosen = [e for e in step.events if isinstance(e, SuitChosen)]
        assert len(chosen) == 1 and chosen[0].suit == step.state.suit
        suits.add(step.state.suit)
    assert len(suits) > 2
    assert str(chosen[0]).startswith("The suit to follow is ")
    table = ExplicitChance(game)
    pick = random.Random(1)
    for _ in range(60):  # starts until the card turned up is a wild one
        state = table.start().state
        while state.is_chance:
            outcomes = [outcome for outcome, _ in table.chance_outcomes(state)]
            if outcomes == [0, 1, 2, 3]:
                return  # the suit, as a chance node of its own
            state = table.step_chance(state, pick.choice(outcomes)).state
    raise AssertionError("no turned-up wild card's suit was a chance node")


@pytest.mark.parametrize(("policy", "to_move"), [("next", 2), ("dealer", 0)])
def test_the_dealer_may_play_first_after_a_turned_up_reverse(policy: str, to_move: int) -> None:
    state = _turned(DrawTwoEights(turned_up_reverse=policy), "AD").state
    assert state.direction == -1 and state.to_move == to_move


@pytest.mark.parametrize(("skip", "to_move"), [(True, 2), (False, 1)])
def test_the_first_player_made_to_draw_by_the_turned_up_card_may_play(
    skip: bool, to_move: int
) -> None:
    state = _turned(DrawTwoEights(turned_up_draws_skip=skip), "2D").state
    assert state.hand_sizes == (5, 7, 5) and state.to_move == to_move


@pytest.mark.parametrize(
    "options",
    [{"turned_up_names": "nobody"}, {"turned_up_reverse": "left"}, {"reverse_with_two": 2}],
)
def test_bad_turned_up_policies_are_refused_in_words(options: dict[str, Any]) -> None:
    with pytest.raises(RulesError, match=f"{next(iter(options))} must be one of"):
        DrawTwoEights(**options).new_game(seed=1)


# -- reshuffle_takes_top --------------------------------------------------------------


@attrs.frozen
class ShortStock(DrawTwoEights):
    """Draw-two Eights whose draws the stock cannot meet reshuffle the whole pile."""

    name: ClassVar[str] = "test_shed_features_short"
    reshuffle_takes_top = True


def test_a_draw_the_stock_cannot_meet_reshuffles_the_whole_pile_and_the_stock() -> None:
    game = ShortStock()
    state = game.position(["2H 5C", "7D 9D", "2S 9S"], discard="9C KH", stock="3C", to_move=0)
    step = game.step(state, cr.Play("2H"))
    assert PileReshuffled(1, 4) in step.events
    assert not any(isinstance(event, cr.Reshuffled) for event in step.events)
    after = step.state
    assert after.discard == () and after.stock_size == 2 and after.hand_sizes == (1, 4, 2)
    assert after.suit is Suit.HEARTS and after.top is None and after.to_move == 2
    # The face to match stays the 2's: the 2♠ may follow, the 9♠ may not.
    plays = {move.card for move in game.legal_moves(after) if isinstance(move, cr.Play)}
    assert plays == {Card.parse("2S")}


def test_a_plain_draw_from_an_empty_stock_takes_the_whole_pile() -> None:
    game = ShortStock()
    state = game.position(["3C 4C", "7D", "5S"], discard="9S 6H", to_move=0)
    step = game.step(state, cr.Draw())
    assert PileReshuffled(0, 2) in step.events
    assert step.state.discard == () and step.state.stock_size == 1


def test_reshuffle_takes_top_needs_reshuffles_when_drawing() -> None:
    class Never(ShortStock):
        name: ClassVar[str] = ""  # (not registered)
        reshuffle_when = "never"

    with pytest.raises(RulesError, match="reshuffle_takes_top is a reshuffle when drawing"):
        Never().new_game(seed=1)


# -- drawn_card_only, and drawing until a card can be played -------------------------


@attrs.frozen
class DrawnOnly(DrawTwoEights):
    """Draw-two Eights where a draw keeps the turn: then only the drawn card may be
    played, else the player passes."""

    name: ClassVar[str] = "test_shed_features_drawn"
    draw_keeps_turn = True
    drawn_card_only = True
    draw_only_when_stuck = False
    pass_when_stuck = True


def test_after_a_draw_only_the_drawn_card_may_be_played_else_pass() -> None:
    game = DrawnOnly()
    state = game.position(["9H 3C", "4D", "5S"], discard="KH", stock="5H 6S", to_move=0)
    assert cr.Play("9H") in game.legal_moves(state) and cr.Draw() in game.legal_moves(state)
    state = game.apply(state, cr.Draw())
    assert game.legal_moves(state) == (cr.Play("5H"), cr.Pass())
    with pytest.raises(IllegalMoveError, match="only the card just drawn may be played now"):
        game.apply(state, cr.Play("9H"))
    with pytest.raises(IllegalMoveError, match="only the card just drawn") as info:
        game.apply(state, cr.Draw())
    assert info.value.reason == "drawn_card_only" and "5♥" not in str(info.value)
    after = game.apply(state, cr.Pass())
    assert after.to_move == 1 and after.hand_sizes == (3, 1, 1)
    assert game.legal_moves(game.apply(after, cr.Draw())) == (cr.Pass(),)  # 6♠ on K♥


def test_a_pass_after_a_draw_shows_no_card_absent() -> None:
    game = DrawnOnly()
    state = game.position(["9H 3C", "4D", "5S"], discard="KH", stock="5H 6S", to_move=0)
    state = game.apply(state, cr.Draw())  # the 5♥, which may be kept
    assert game.absent_cards(state, cr.Pass()) == frozenset()
    stuck = game.position(["3C 4C", "4D", "5S"], discard="KH", to_move=0)  # nothing to draw
    assert game.legal_moves(stuck) == (cr.Pass(),)
    assert Card.parse("9H") in game.absent_cards(stuck, cr.Pass())


def test_a_drawn_card_only_sample_keeps_the_drawers_card() -> None:
    game = DrawnOnly()
    state = game.position(["9H 3C", "4D", "5S 7S"], discard="KH", stock="5H 6S 7C", to_move=0)
    state = game.apply(state, cr.Draw())
    for seed in range(5):
        mine = game.determinize(game.observe(state, 0), seed)
        assert game.legal_moves(mine) == (cr.Play("5H"), cr.Pass())
        theirs = game.determinize(game.observe(state, 1), seed)
        plays = [m for m in game.legal_moves(theirs) if isinstance(m, cr.Play)]
        assert game.legal_moves(theirs)[-1] == cr.Pass() and len({m.card for m in plays}) <= 1


@attrs.frozen
class DrawUntilPlayable(DrawTwoEights):
    """Drawing until a card can be played, with the engine's draw policies alone."""

    name: ClassVar[str] = "test_shed_features_until"
    draw_keeps_turn = True
    draw_only_when_stuck = True
    pass_when_stuck = True


GAMES["drawn_only"] = DrawnOnly(jacks_last=True)
GAMES["short"] = ShortStock(
    players=2, eager=True, turned_up_names="random", turned_up_draws_skip=False
)
GAMES["until"] = DrawUntilPlayable(eager=True)


def test_drawing_until_a_card_can_be_played_needs_only_the_draw_policies() -> None:
    game = DrawUntilPlayable()
    state = game.position(["3C 4C", "7D", "5D"], discard="KH", stock="5S 6D 9H 7C", to_move=0)
    for _ in range(2):
        assert game.legal_moves(state) == (cr.Draw(),)
        state = game.apply(state, cr.Draw())
        assert state.to_move == 0
    state = game.apply(state, cr.Draw())  # the 9♥: it must be played now
    assert game.legal_moves(state) == (cr.Play("9H"),)
    empty = game.position(["3C", "7D", "5S"], discard="KH", stock="6S", to_move=0)
    assert game.legal_moves(game.apply(empty, cr.Draw())) == (cr.Pass(),)


# -- a card function of the game's own: seven-zero ------------------------------------


@register_move("test_swap_with")
@attrs.frozen
class SwapWith:
    """Swap hands with ``seat`` (the move after a 7 in Seven-ten Eights)."""

    seat: int

    def __str__(self) -> str:
        return f"swap with seat {self.seat}"


_SEVEN_TEN = TABLE.replace({cr.Rank.SEVEN: CardRule("own", 7), cr.Rank.TEN: CardRule("own", 10)})


@attrs.frozen
class SevenTen(DrawTwoEights):
    """Draw-two Eights where a 7 swaps hands with a player of one's choice and a 10
    passes every hand along (seven-zero, on a French deck)."""

    name: ClassVar[str] = "test_shed_features_seven"
    card_table = _SEVEN_TEN

    def card_action(self, state: ShedState, seat: int, card: Card) -> int | None:
        if card.rank == cr.Rank.TEN:
            pass_hands(self, state)
            return (seat + state.direction) % self.players
        to_phase(state, "swap", to_move=seat, payload=None)
        return None

    def phase_moves(self, state: ShedState) -> tuple[SwapWith, ...]:
        return tuple(SwapWith(seat) for seat in range(self.players) if seat != state.to_move)

    def phase_apply(self, state: ShedState, move: Any, events: list[cr.Event] | None) -> Any:
        seat = state.to_move
        assert seat is not None
        work = work_on(state, events)
        swap_hands(self, work, seat, move.seat)
        resume_play(self, work, (seat + state.direction) % self.players)
        return finished(work)

    def all_moves(self) -> tuple[Any, ...]:
        return (*super().all_moves(), *(SwapWith(seat) for seat in range(self.players)))


def test_a_ten_passes_every_hand_to_the_next_player() -> None:
    game = SevenTen()
    state = game.position(["10H 3C", "7D 9D", "KS 4S 5S"], discard="KH", stock="6C", to_move=0)
    step = game.step(state, cr.Play("10H"))
    assert step.state.hands == tuple(
        tuple(cr.parse_cards(hand)) for hand in ("4S 5S KS", "3C", "7D 9D")
    )
    assert step.events[-1] == HandsPassed(1) and step.state.to_move == 1
    assert "3C" not in str(step.events[-1]) and "3♣" not in describe(step.events[-1], 2)


def test_a_seven_lets_its_player_choose_whom_to_swap_hands_with() -> None:
    game = SevenTen()
    state = game.position(["7H 3C", "8D 9D", "KS 4S 5S"], discard="KH", stock="6C", to_move=0)
    state = game.apply(state, cr.Play("7H"))
    assert state.phase == "swap" and state.to_move == 0
    assert game.legal_moves(state) == (SwapWith(1), SwapWith(2))
    step = game.step(state, SwapWith(2))
    assert step.state.hands[0] == tuple(cr.parse_cards("4S 5S KS"))
    assert step.state.hands[2] == (Card.parse("3C"),)
    assert HandsSwapped(0, 2) in step.events
    assert step.state.phase is Phase.PLAY and step.state.to_move == 1
    assert [str(e) for e in cr.events_for(step.events, 1)][-1] == "Seat 0 swaps hands with seat 2."


def test_a_seven_as_the_last_card_ends_the_hand_without_a_swap() -> None:
    game = SevenTen()
    state = game.position(["7H", "8D 9D", "KS"], discard="KH", stock="6C", to_move=0)
    assert game.apply(state, cr.Play("7H")).is_over


def test_a_card_of_the_games_own_needs_its_card_action() -> None:
    class Silent(DrawTwoEights):
        name: ClassVar[str] = ""  # (not registered)
        card_table = _SEVEN_TEN

    state = Silent().position(["7H 3C", "8D", "KS"], discard="KH", stock="6C", to_move=0)
    with pytest.raises(RulesError, match="card_action"):
        Silent().apply(state, cr.Play("7H"))


def test_card_action_must_return_a_seat_or_none() -> None:
    class Lost(SevenTen):
        name: ClassVar[str] = ""  # (not registered)

        def card_action(self, state: ShedState, seat: int, card: Card) -> Any:
            return 7

    state = Lost().position(["7H 3C", "8D", "KS"], discard="KH", stock="6C", to_move=0)
    with pytest.raises(RulesError, match="must return the seat that moves next"):
        Lost().apply(state, cr.Play("7H"))


def test_swap_hands_refuses_a_seat_that_is_not_another() -> None:
    game = SevenTen()
    state = game.position(["7H 3C", "8D", "KS"], discard="KH", stock="6C", to_move=0)
    with pytest.raises(RulesError, match="two different seats"):
        swap_hands(game, work_on(state, None), 0, 0)


GAMES["seven"] = SevenTen(eager=True)


# -- jump_in: the card just played, out of turn -----------------------------------------


@attrs.frozen
class JumpEights(DrawTwoEights):
    """Draw-two Eights with two decks, where a seat holding the card just played may
    jump in with it."""

    name: ClassVar[str] = "test_shed_features_jump"
    jump_in = True

    @property
    def deck(self) -> DeckSpec:
        return DeckSpec(decks=2)


def _jump_state() -> tuple[JumpEights, ShedState]:
    game = JumpEights()
    state = game.position(["5H 3C", "4D 6D", "5H 8S 9S"], discard="KH", stock="7C", to_move=0)
    return game, game.apply(state, cr.Play("5H"))


def test_a_seat_holding_the_card_just_played_may_jump_in_with_it() -> None:
    game, state = _jump_state()
    assert game.jump_ins(state, 1) == ()  # (it holds no 5♥)
    mover = game.apply(
        game.position(["5H 3C", "4D 5H", "8S 9S"], discard="KH", stock="7C", to_move=0),
        cr.Play("5H"),
    )
    assert game.jump_ins(mover, 1) == () and cr.Play("5H") in game.legal_moves(mover)
    assert game.observe(state, 2).legal_moves == (cr.JumpIn(2, cr.Play("5H")),)
    assert game.observe(state, 0).legal_moves == ()
    step = game.step(state, cr.JumpIn(2, "5H"), seat=2)
    assert step.state.to_move == 0 and step.state.hand_sizes == (1, 2, 2)
    assert _names(step.events) == ["MovePlayed", "CardPlayed"]
    assert [describe(e, 1) for e in step.events] == [
        "Seat 2 jumps in with 5♥.",
        "Seat 2 plays 5♥.",
    ]


def test_a_jump_in_is_refused_with_a_reason() -> None:
    game, state = _jump_state()
    with pytest.raises(IllegalMoveError, match="cannot jump in"):
        game.apply(state, cr.JumpIn(0, "3C"), seat=0)  # not the card played
    with pytest.raises(IllegalMoveError, match="cannot jump in"):
        game.apply(state, cr.JumpIn(1, "4D"), seat=1)  # the seat to move, another card
    with pytest.raises(cr.CardrulesError):
        game.apply(state, cr.JumpIn(2, "5H"), seat=0)  # sent by another seat
    turned = game.position(["4C 3C", "4D", "5H 8S"], discard="5H", stock="7C", to_move=0)
    assert game.jump_ins(turned, 2) == ()  # (a card turned up, not played)
    plain = DrawTwoEights().position(["5H 3C", "4D", "8S"], discard="KH", to_move=0)
    with pytest.raises(IllegalMoveError):
        DrawTwoEights().apply(plain, cr.JumpIn(2, "5H"), seat=2)


def test_a_seat_that_has_not_seen_two_cards_cannot_tell_a_jump_in_apart() -> None:
    # Two worlds that differ in two cards seat 1 has not seen (seat 0's 3♣ and the
    # stock's 6♣): what seat 1 is shown while seat 2 jumps in is the same.
    game = JumpEights()
    shown = []
    for hand, stock in (("5H 3C", "6C 7C"), ("5H 6C", "3C 7C")):
        state = game.position([hand, "4D 6D", "5H 8S 9S"], discard="KH", stock=stock, to_move=0)
        texts = []
        for move, seat in ((cr.Play("5H"), None), (cr.JumpIn(2, "5H"), 2), (cr.Draw(), None)):
            step = game.step(state, move, seat=seat)
            state = step.state
            told = cr.events_for(step.events, 1)
            texts.append((repr(told), [describe(e, 1) for e in told], repr(game.observe(state, 1))))
        shown.append(texts)
    assert shown[0] == shown[1]
    assert "jumps in with 5♥" in shown[0][1][1][0]


def test_a_wild_card_jumped_in_names_its_suit_and_jump_ins_have_move_ids() -> None:
    game = JumpEights()
    state = game.position(["8H 3C", "4D", "8H 9S"], discard="KH", stock="7C", to_move=0)
    state = game.apply(state, cr.Play("8H", suit=Suit.CLUBS))
    jumps = game.jump_ins(state, 2)
    assert [move.play.suit for move in jumps] == list(Suit)
    for move in jumps:
        assert game.move_from_id(game.move_id(move)) == move
        assert game.move_from_data(move.to_data()) == move
    after = game.apply(state, jumps[2], seat=2)
    assert after.suit is Suit.HEARTS and after.to_move == 0


def test_a_jump_in_is_typed_as_the_card_alone_or_jump_in_with_it() -> None:
    game, state = _jump_state()
    view = game.observe(state, 2)
    for text in ("5h", "5♥", "jump in with 5h", "JUMP IN WITH 5H", str(cr.JumpIn(2, "5H"))):
        assert game.parse_move(text, view) == cr.JumpIn(2, cr.Play("5H")), text
    with pytest.raises(cr.CardrulesError):  # sent as another seat's
        game.parse_move("seat 1 jumps in with 5h", view)
    # The seat to move plays as usual; typing "jump in" makes a jump-in the rules refuse.
    mover = game.observe(state, 1)
    assert game.read_move("4d", mover) == cr.Play("4D")
    typed: Any = game.read_move("jump in with 4d", mover)
    assert typed == cr.JumpIn(1, "4D")
    with pytest.raises(IllegalMoveError, match="you cannot jump in with 4♦ now"):
        game.parse_move("jump in with 4d", mover)
    with pytest.raises(IllegalMoveError, match="not your turn"):  # not the card played
        game.parse_move("3c", game.observe(state, 0))
    # A wild card jumped in names its suit; without one it is refused as a play would be.
    eight = game.position(["8H 3C", "4D", "8H 9S"], discard="KH", stock="7C", to_move=0)
    wild = game.observe(game.apply(eight, cr.Play("8H", suit=Suit.CLUBS)), 2)
    assert game.parse_move("8h hearts", wild) == cr.JumpIn(2, cr.Play("8H", suit=Suit.HEARTS))
    with pytest.raises(cr.MoveParseError, match="wild"):
        game.parse_move("jump in with 8h", wild)


@attrs.frozen
class JumpColours(SheddingGame[ShedState, ShedView]):
    """A game on UNO's cards with jump-ins and the engine's own parser."""

    name: ClassVar[str] = "test_shed_features_jump_colours"
    card_table = CardTable.for_deck(
        UNO_108, {"wild": CardRule("wild", 50), "wild_draw_four": CardRule("wild", 50, draws=4)}
    )
    players: int = 3
    jump_in = True

    def cards_each(self, hand_number: int) -> int:
        return 5

    def hand_scores(self, hands: tuple[tuple[Card, ...], ...], blocked: bool) -> tuple[int, ...]:
        return tuple(len(hand) for hand in hands)


def test_a_jump_in_is_typed_on_a_declared_deck() -> None:
    game = JumpColours()
    state = game.position(["R5 G1", "B1 B3", "R5 Y3"], discard="R7", stock="G9", to_move=0)
    view = game.observe(game.apply(state, cr.Play(UNO_108.parse("R5"))), 2)
    jump = cr.JumpIn(2, cr.Play(UNO_108.parse("R5")))
    for text in ("r5", "jump in with R5", str(jump)):
        assert game.parse_move(text, view) == jump, text


GAMES["jump"] = JumpEights(eager=True)


# -- every feature together: random games, records, data, secrets ----------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_games_end_and_records_replay(name: str) -> None:
    game = GAMES[name]
    state, moves, events = play_out(game, seed=4)
    assert state.is_over
    record = cr.GameRecord.start(game, seed=4)
    for move in moves:
        record = record.then(move)
    assert cr.GameRecord.from_json(record.to_json()).final_state() == state
    for event in events:
        for seat in (None, 0, 1):
            data = event.to_data(seat)
            assert data["event"] and data["text"] == describe(event.for_seat(seat), seat)
    for move in moves[:40]:
        assert game.move_from_id(game.move_id(move)) == move


def test_the_features_happen_in_random_games() -> None:
    seen: set[str] = set()
    for seed in range(16):
        for name in ("eager", "eager-two", "seven", "jump", "short"):
            if seed >= 4 and name != "short":
                continue  # (a turned-up wild card and a spent stock are rarer)
            _, moves, events = play_out(GAMES[name], seed)
            seen.update(type(move).__name__ for move in moves if type(move) is not cr.Play)
            seen.update(
                type(event).__name__
                for event in events
                if isinstance(event, (HandsSwapped, HandsPassed, SuitChosen, PileReshuffled))
            )
            for event in events:
                if isinstance(event, CardsDrawn) and event.reason == "draws":
                    seen.add("draws")
                if isinstance(event, TurnSkipped):
                    seen.add("skipped")
            played = sum(isinstance(e, cr.CardPlayed) for e in events)
            moved = sum(isinstance(e, cr.MovePlayed) and type(e.move) is cr.Play for e in events)
            if played > moved:
                seen.add("drawn card played")
    assert seen >= {"draws", "skipped", "drawn card played", "JumpIn", "SwapWith"}
    assert seen >= {"HandsSwapped", "HandsPassed", "SuitChosen", "PileReshuffled"}


@pytest.mark.parametrize("name", ["eager", "eager-two", "drawn_only", "seven", "short"])
def test_a_seat_cannot_tell_apart_worlds_that_differ_in_cards_it_has_not_seen(
    name: str,
) -> None:
    game = GAMES[name]
    world = sw.play_world(game, seed=2, moves=30)
    assert len(world.transitions) > 8
    found = 0
    for _x, _y, other in sw.swaps(world, 0, seed=2, wanted=3):
        assert sw.compare(world, other, 0, hosts=("library",)) == []
        found += 1
    assert found
