"""The trick engine on declared decks (cardrules.decks, cardrules.tricks.decked): a
Doppelkopf-like game on the 48-card doubled deck (two of each card, the trump list of
Doppelkopf, the first of two equal cards wins) and a Tarot-like game on the 78 cards
(the 21 trumps a suit of their own, the Excuse a card of no suit), played to the end
by random and ISMCTS bots; views hide hands and copies, determinize keeps the counts,
records replay, explicit chance deals the deck's cards, move ids and texts name cards;
and the games on the French decks are unchanged."""

from __future__ import annotations

import io
import random
from collections import Counter
from typing import Any, ClassVar

import attrs
import pytest
from typing_extensions import assert_type

import cardrules as cr
from cardrules.bots import bot_from_name
from cardrules.cards import Card
from cardrules.chance import ExplicitChance
from cardrules.cli.console import Console
from cardrules.cli.play import play_game
from cardrules.decks import DOPPELKOPF_48, SKAT_32, TAROT_78, Deck, DeckCard
from cardrules.encoding import encoder_for
from cardrules.errors import IllegalMoveError, MoveParseError, SetupError
from cardrules.events import TrickWon, describe
from cardrules.snapshot import state_from_json, state_to_json
from cardrules.terminal import GameAdapter
from cardrules.tricks.core import CardOrder, Trick
from cardrules.tricks.engine import TrickGame, TrickState, TrickView
from cardrules.values import with_slots

# Doppelkopf's trumps, strongest first: the ♥10, the queens, the jacks, the diamonds.
DOKO_TRUMPS = CardOrder("Doppelkopf", "10H QC QS QH QD JC JS JH JD AD 10D KD 9D", plain="A 10 K 9")
DOKO_POINTS = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2, 9: 0}


@attrs.frozen
class Doko(TrickGame[TrickState, TrickView]):
    """Four players, twelve cards each of the doubled 48, Doppelkopf's trump list."""

    name: ClassVar[str] = "test_decks_doko"
    players: ClassVar[int] = 4
    card_deck: ClassVar[Deck] = DOPPELKOPF_48
    card_orders: ClassVar[bool] = True

    def trump_of(self, state: Any) -> CardOrder:
        return DOKO_TRUMPS

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        return sum(DOKO_POINTS[card.rank] for card in cards)

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        top = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == top)


@attrs.frozen
class MiniTarot(TrickGame[TrickState, TrickView]):
    """Four players, eighteen cards each of the 78 (six left over); the trumps (suit
    4) beat the suits, and a player who cannot follow must trump if able; the Excuse
    is a suit of its own; cards score their values."""

    name: ClassVar[str] = "test_decks_tarot"
    players: ClassVar[int] = 4
    card_deck: ClassVar[Deck] = TAROT_78

    def hand_size(self, number: int, rng: int) -> tuple[int, int]:
        return 18, rng

    def trump_of(self, state: Any) -> int:
        return 4

    def restrict(self, state: TrickState, seat: int, allowed: int) -> int:
        cards = state.trick_cards
        if not cards:
            return allowed
        suits = TAROT_78.suit_masks  # (the Excuse, of no suit, is in none of them)
        led = TAROT_78.kinds[cards[0]].suit
        if led is None or allowed & suits[led]:
            return allowed
        return allowed & suits[4] or allowed  # void in the suit led: a trump if any

    def trick_points(self, number: int, cards: tuple[Any, ...]) -> int:
        return sum(card.value for card in cards)

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        return (scores.index(max(scores)),) if max(scores) >= 200 else ()


DOKO = Doko()
TAROT = MiniTarot()


def play_out(game: Any, seed: int, bots: Any = None) -> tuple[Any, list[Any], list[Any]]:
    """A whole game from ``seed``, random moves (or ``bots`` by seat); the last state,
    the moves and the events."""
    pick = random.Random(seed)
    step = game.start(seed=seed)
    state, moves, events = step.state, [], list(step.events)
    while not state.is_over:
        legal = game.legal_moves(state)
        if bots is None:
            move = pick.choice(legal)
        else:
            view = game.observe(state, state.to_move)
            move = bots[state.to_move].choice(game, view, legal, pick.randrange(2**32))
        step = game.step(state, move)
        state = step.state
        moves.append(move)
        events.extend(step.events)
    return state, moves, events


def test_doppelkopf_hands_hold_two_equal_cards_and_offer_one_play() -> None:
    state = DOKO.new_game(seed=3)
    counts = Counter(card for hand in state.hands for card in hand)
    assert counts == Counter(DOPPELKOPF_48.cards)  # every card twice, 12 a hand
    assert all(len(hand) == 12 for hand in state.hands)
    for seed in range(40):
        state = DOKO.new_game(seed=seed)
        seat = state.to_play
        assert seat is not None
        hand = state.hands[seat]
        twice = [card for card, n in Counter(hand).items() if n == 2]
        if twice:
            break
    assert twice and seat is not None
    plays = DOKO.legal_moves(state)
    assert len(plays) == len(set(hand)) and cr.Play(twice[0]) in plays  # one play a card
    after = DOKO.apply(state, cr.Play(twice[0]))
    assert Counter(after.hands[seat])[twice[0]] == 1  # one copy left


def test_doppelkopf_trumps_and_the_first_of_two_equal_cards_wins() -> None:
    deck = DOPPELKOPF_48
    hands = ["10H 9C 9C", "10H AC AC", "AS KS KS", "JD 9S 9S"]
    # A stacked deck deals one card at a time from the dealer's left (seat 1).
    order = [hands[(i + 1) % 4].split()[i // 4] for i in range(12)]
    rest = Counter(deck.cards) - Counter(deck.parse_cards(" ".join(hands)))
    game = DokoThree()
    state = game.new_game(seed=1, deck=[*order, *rest.elements()], dealer=0)
    assert state.hands == tuple(tuple(sorted(deck.parse_cards(hand))) for hand in hands)
    state = game.apply(state, cr.Play(deck.parse("10H")))  # seat 1 leads a trump
    assert len(game.legal_moves(state)) == 2  # seat 2 holds none: A♠ or K♠
    state = game.apply(state, cr.Play(deck.parse("KS")))
    assert [str(move) for move in game.legal_moves(state)] == ["J♦"]  # seat 3's trump
    state = game.apply(state, cr.Play(deck.parse("JD")))
    assert [str(move) for move in game.legal_moves(state)] == ["10♥"]  # seat 0's
    with pytest.raises(IllegalMoveError, match="does not follow suit"):
        game.apply(state, cr.Play(deck.parse("9C")))
    step = game.step(state, cr.Play(deck.parse("10H")))
    won = [event for event in step.events if isinstance(event, TrickWon)]
    assert won[0].seat == 1  # the first ♥10 played beats the second
    assert won[0].points == 10 + 4 + 2 + 10
    assert "(10♥ K♠ J♦ 10♥)" in describe(won[0])
    assert step.state.to_move == 1


@attrs.frozen
class DokoThree(Doko):
    """The Doppelkopf-like game with three cards each, for hand-made deals."""

    name: ClassVar[str] = ""  # (not registered)

    def hand_size(self, number: int, rng: int) -> tuple[int, int]:
        return 3, rng


@pytest.mark.parametrize("game", [DOKO, TAROT], ids=["doppelkopf", "tarot"])
def test_random_games_end_and_records_replay(game: Any) -> None:
    state, moves, events = play_out(game, seed=5)
    assert state.is_over and state.winners
    record = cr.GameRecord.start(game, seed=5)
    for move in moves:
        record = record.then(move)
    again = cr.GameRecord.from_json(record.to_json())
    assert again.final_state() == state
    for move in moves[:20]:
        assert game.move_from_id(game.move_id(move)) == move
        assert game.move_from_data(move.to_data()) == move
    assert game.num_move_ids == len(set(game.deck()))
    text = " ".join(describe(event) for event in events[:30])
    assert "trick 1" in text


def test_tarot_trumps_win_and_the_excuse_is_a_suit_of_its_own() -> None:
    deck = TAROT_78
    for seed in range(60):
        _, _, events = play_out(TAROT, seed=seed)
        for event in events:
            if not isinstance(event, TrickWon):
                continue
            cards = event.cards
            trumps = [card for card in cards if TAROT_78.kinds[card].kind == "trump"]
            if trumps:
                best = max(trumps, key=lambda card: TAROT_78.kinds[card].rank or 0)
                assert best in cards and event.seat is not None
                assert str(best) in describe(event)
        if any(isinstance(e, TrickWon) and deck.parse("Ex") in e.cards for e in events):
            break
    assert TAROT.suit_table(4).suit_of[deck.parse("Ex")] == 5
    assert Trick(0, deck.parse_cards("21T Ex")).led_suit == 4  # the deck's suit number


@pytest.mark.parametrize("game", [DOKO, TAROT], ids=["doppelkopf", "tarot"])
def test_views_hide_the_hands_and_determinize_keeps_the_counts(game: Any) -> None:
    pick = random.Random(2)
    state = game.new_game(seed=8)
    for _ in range(23):
        state = game.apply(state, pick.choice(game.legal_moves(state)))
    seat = (state.to_move + 1) % game.players
    view = game.observe(state, seat)
    assert view.hand == state.hands[seat]
    assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
    played = Counter(card for trick in (*view.tricks, view.trick) for card in trick.cards)
    in_play = Counter(game.deck())
    others = set()
    for seed in range(6):
        sample = game.determinize(view, seed)
        assert game.observe(sample, seat) == view
        held = Counter(card for hand in sample.hands for card in hand)
        assert all(held[card] + played[card] <= in_play[card] for card in held)
        assert [len(hand) for hand in sample.hands] == [len(hand) for hand in state.hands]
        others.add(sample.hands)
        while not sample.is_over and sample.round_number == state.round_number:
            sample = game.apply(sample, game.legal_moves(sample)[0])  # every play legal
    assert len(others) > 1  # the other hands are not in the view: samples differ


def test_determinize_keeps_what_a_restricted_play_showed() -> None:
    # A seat that neither followed a plain suit nor trumped held no trump then, nor
    # since: no sample gives it one (though it never showed out of a trump lead).
    def suit(card: Any) -> int | None:
        number: int | None = TAROT_78.kinds[card].suit
        return number

    found = None
    for seed in range(60):
        pick = random.Random(seed)
        state = TAROT.new_game(seed=seed)
        shown_out_of_trumps: set[int] = set()
        while found is None and len(state.trick_records) < 12:
            seat = state.to_play
            assert seat is not None
            led = suit(state.trick_cards[0]) if state.trick_cards else None
            move = pick.choice(TAROT.legal_moves(state))
            state = TAROT.apply(state, move)
            played = suit(move.card)
            if led == 4 and played != 4:
                shown_out_of_trumps.add(seat)
            elif (
                led not in (None, 4, 5)
                and played not in (led, 4, None)
                and seat not in shown_out_of_trumps
                and state.to_play != seat
            ):
                found = seat
        if found is not None:
            break
    assert found is not None
    view = TAROT.observe(state, (found + 1) % 4)
    for sample_seed in range(8):
        sample = TAROT.determinize(view, sample_seed)
        assert TAROT.observe(sample, view.seat) == view
        assert not [card for card in sample.hands[found] if suit(card) == 4]


@pytest.mark.parametrize("game", [DOKO, TAROT], ids=["doppelkopf", "tarot"])
def test_a_seat_cannot_tell_apart_two_deals_of_cards_it_has_not_seen(game: Any) -> None:
    # World B is world A's deal with two cards of two other seats swapped: seat 0 is
    # shown the same (views, events, their texts, its legal moves) until one is played.
    deck = game.card_deck
    order = list(game.deck())
    start = game.new_game(seed=6, deck=order)
    hands = start.hands
    suit_of = game.suit_table(game.trump_of(start)).suit_of  # (alike: the same follows)
    x, y = next(
        (x, y)
        for x in hands[1]
        for y in hands[2]
        if suit_of[x] == suit_of[y]
        and x != y
        and {x, y}.isdisjoint(hands[0])
        and x not in hands[2]
        and y not in hands[1]
    )
    i, j = order.index(x), order.index(y)
    order[i], order[j] = y, x
    one, two = start, game.new_game(seed=6, deck=order)
    assert one.hands[1] != two.hands[1] and one.hands[0] == two.hands[0]
    pick = random.Random(1)
    moves = 0
    while True:
        assert str(game.observe(one, 0)) == str(game.observe(two, 0))
        assert game.observe(one, 0) == game.observe(two, 0)
        legal = game.legal_moves(one)
        move = pick.choice([m for m in legal if m.card not in (x, y)] or legal)
        if move.card in (x, y):  # (seat 0 sees it now)
            break
        assert move in game.legal_moves(two)
        a, b = game.step(one, move), game.step(two, move)
        assert cr.events_for(a.events, 0) == cr.events_for(b.events, 0)
        assert [describe(e) for e in cr.events_for(a.events, 0)] == [
            describe(e) for e in cr.events_for(b.events, 0)
        ]
        one, two, moves = a.state, b.state, moves + 1
    assert moves > 12 and deck.size == len(game.deck())


def test_copies_are_not_told_apart_in_what_a_seat_gets() -> None:
    # Two deals whose hands hold the same cards but other copies of them give each
    # seat the same views and events.
    game = DokoThree()
    one = game.new_game(seed=1)

    def swap(mask: int) -> int:  # every card's first copy for its second, and back
        return (mask & (1 << 52) - 1) << 52 | mask >> 52

    deal = with_slots(one._deal, _dealt=tuple(map(swap, one._deal._dealt)))
    two: TrickState = with_slots(one, _deal=deal, _left=swap(one._left))  # type: ignore[assignment]
    assert one.hands == two.hands and one != two  # the same cards, other copies
    for _ in range(6):
        move = game.legal_moves(one)[-1]
        a, b = game.step(one, move), game.step(two, move)
        for seat in range(4):
            assert game.observe(a.state, seat) == game.observe(b.state, seat)
            assert [e.for_seat(seat) for e in a.events] == [e.for_seat(seat) for e in b.events]
        one, two = a.state, b.state


@pytest.mark.parametrize("game", [DOKO, TAROT], ids=["doppelkopf", "tarot"])
def test_ismcts_and_random_bots_play_a_deal(game: Any) -> None:
    bots = [bot_from_name("ismcts:12"), bot_from_name("random")] * 2
    pick = random.Random(1)
    state = game.new_game(seed=4)
    while state.round_number == 1 and not state.is_over:
        view = game.observe(state, state.to_move)
        legal = game.legal_moves(state)
        move = bots[state.to_move].choose(game, view, legal, pick.randrange(2**32))
        assert move in legal
        state = game.apply(state, move)
    assert state.round_number == 2 or state.is_over


@pytest.mark.parametrize("game", [DOKO, TAROT], ids=["doppelkopf", "tarot"])
def test_explicit_chance_deals_the_decks_cards(game: Any) -> None:
    table = ExplicitChance(game)
    state = table.new_game()
    assert dict(table.chance_counts(state)) == Counter(game.deck())  # copies counted
    pick = random.Random(3)
    while state.is_chance:
        outcomes = [outcome for outcome, _ in table.chance_outcomes(state)]
        state = table.apply_chance(state, pick.choice(outcomes))
    dealt = Counter(card for hand in state.inner.hands for card in hand)
    assert sum(dealt.values()) == 4 * len(state.inner.hands[0])
    assert all(dealt[card] <= game.deck().count(card) for card in dealt)
    for _ in range(8):
        state = table.apply(state, pick.choice(table.legal_moves(state)))
    assert len(state.inner.trick_records) == 2


def test_text_moves_and_refusals_name_the_decks_cards() -> None:
    state = TAROT.new_game(seed=2)
    view = TAROT.observe(state, 1)  # (the dealer's left leads)
    card = view.hand[0]
    assert TAROT.parse_move(str(card).lower(), view) == cr.Play(card)
    with pytest.raises(MoveParseError, match="Tarot deck"):
        TAROT.parse_move("XX", view)
    other = next(c for c in TAROT_78.cards if c not in view.hand)
    with pytest.raises(IllegalMoveError, match=f"you do not hold {other}"):
        TAROT.apply(state, cr.Play(other))
    assert cr.Play(card).to_data() == {"play": str(card), "deck": "Tarot"}


def test_data_forms_and_tables_name_the_decks_cards() -> None:
    table = cr.Table(TAROT, seed=1)
    state = table.state
    seat = state.to_play
    assert seat is not None
    data = TAROT.observe(state, seat).to_data()
    assert data["hand"] == [str(card) for card in state.hands[seat]]
    move = TAROT.legal_moves(state)[0]
    sent = table.play(seat, move.to_data())
    assert sent[seat]["view"]["trick"]["cards"] == [str(move.card)]
    again = cr.Table.from_json(table.to_json())
    assert again.state == table.state
    key = b"a key of the test's own"
    for game in (TAROT, DOKO):
        state = game.apply(game.new_game(seed=3), game.legal_moves(game.new_game(seed=3))[0])
        loaded = state_from_json(state_to_json(state, key=key), key=key)
        assert loaded == state and game.legal_moves(loaded) == game.legal_moves(state)
        assert type(loaded.trick_cards[0]) is game.card_deck.card_class


@pytest.mark.parametrize("game", [DOKO, TAROT], ids=["doppelkopf", "tarot"])
def test_the_command_line_plays_a_game_on_a_declared_deck(game: Any) -> None:
    def first_legal(prompt: str = "") -> str:
        return "1"

    out = io.StringIO()
    console = Console(out, first_legal, interactive=False)
    assert play_game(game, GameAdapter(), console, human=0, seed=3, bot_seed=1) == 0
    text = out.getvalue()
    assert "Your hand: " in text and "Not " not in text and "Game over." in text


def test_positions_on_a_declared_deck() -> None:
    deck = DOPPELKOPF_48
    done = Trick(1, deck.parse_cards("AC AC 9C KC"), winner=1)
    state = DOKO.position(["10H 9C", "KS", "AS KS", "JD 9S"], leader=1, trick="10H", tricks=[done])
    assert state.hands[1] == deck.parse_cards("KS") and state.round_scores == (0, 26, 0, 0)
    assert [str(move) for move in DOKO.legal_moves(state)] == ["K♠", "A♠"]  # (card order)
    for move in ("KS", "JD", "10H"):
        state = DOKO.apply(state, cr.Play(deck.parse(move)))
    assert state.trick_records[-1][2] == 1  # the first ♥10 wins
    with pytest.raises(SetupError, match="more often than the game's deck has them: A♣"):
        DOKO.position(["AC", "AC", "AC", "9C"], leader=0)
    with pytest.raises(SetupError, match="must follow the suit led"):  # seat 2 holds K♠
        DOKO.position(["9C 9D", "KS", "KS", "9S 9D"], leader=1, trick="AS 9H")
    tarot = TAROT.position(["1T Ex", "2T 3♣", "5♣", "K♠ 6♣"], leader=2, trick="4♣")
    assert [str(move) for move in TAROT.legal_moves(tarot)] == ["6♣"]


def test_a_class_on_a_declared_deck_that_overrides_legal_moves_is_refused() -> None:
    assert encoder_for(TAROT).layout == "tricks/2"  # (tests/test_encoding_decks.py)
    with pytest.raises(TypeError, match="overrides neither"):

        class Bad(TrickGame[TrickState, TrickView]):  # (a class that could not work)
            card_deck: ClassVar[Deck] = TAROT_78

            def legal_moves(self, state: Any) -> tuple[Any, ...]:
                return ()


@attrs.frozen
class Piquet(TrickGame[TrickState, TrickView]):
    """Two players on Skat's 32 (a French deck without copies: the 52-bit paths)."""

    name: ClassVar[str] = ""  # (not registered)
    players: ClassVar[int] = 2
    card_deck: ClassVar[Deck] = SKAT_32

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        return 1

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        return (scores.index(max(scores)),) if max(scores) >= 20 else ()


def test_the_french_decks_without_copies_keep_the_52_bit_paths() -> None:
    assert cr.Cramps._decked is None and cr.Euchre._decked is None and Piquet._decked is None
    assert cr.Cramps().deck() is cr.cards.ALL_CARDS
    assert Piquet().deck() == SKAT_32.cards and Piquet().num_move_ids == 32
    state = Piquet().new_game(seed=3)
    assert all(len(hand) == 16 for hand in state.hands)
    assert state.hand_masks[0] == cr.cards.mask_of(state.hands[0])  # one bit a card
    assert Trick(0, cr.parse_cards("QS")).to_data()["cards"] == ["Q♠"]


# -- known cards, cards set aside, a turned-up card, played_mask on declared decks ------


@attrs.frozen
class ShownTarot(MiniTarot):
    """MiniTarot where seat 1 shows its highest card to all and the six cards left
    over lie face up: every seat knows where they are."""

    name: ClassVar[str] = ""  # (not registered)

    def start_of_deal(self, state: TrickState, events: Any) -> TrickState:
        held = state.hands
        dog = tuple(card for card in TAROT_78.cards if not any(card in h for h in held))
        return self.begin_play(state, payload=(held[1][-1], dog))

    def known_cards(self, view: TrickView) -> tuple[int, ...]:
        shown, _ = view.payload
        played = [card for trick in (*view.tricks, view.trick) for card in trick.cards]
        known = [0] * self.players
        if shown not in played:
            known[1] = TAROT_78.mask_of([shown])
        return tuple(known)

    def set_aside(self, view: TrickView) -> int:
        mask: int = TAROT_78.mask_of(view.payload[1])
        return mask


@attrs.frozen
class ShownDoko(DokoThree):
    """DokoThree where seat 1 shows its first card to all (a card of two copies)."""

    name: ClassVar[str] = ""  # (not registered)

    def start_of_deal(self, state: TrickState, events: Any) -> TrickState:
        return self.begin_play(state, payload=state.hands[1][0])

    def known_cards(self, view: TrickView) -> tuple[int, ...]:
        played = [card for trick in (*view.tricks, view.trick) for card in trick.cards]
        known = [0] * self.players
        if view.payload not in played:  # (a copy may be with another seat too)
            known[1] = DOPPELKOPF_48.mask_of([view.payload])
        return tuple(known)


def test_determinize_keeps_known_cards_and_deals_no_card_set_aside() -> None:
    game = ShownTarot()
    pick = random.Random(4)
    state = game.new_game(seed=4)
    for _ in range(9):
        state = game.apply(state, pick.choice(game.legal_moves(state)))
    shown, dog = state.payload
    assert shown in state.hands[1] and len(dog) == 6
    for seat in (0, 2):
        view = game.observe(state, seat)
        others = set()
        for seed in range(6):
            sample = game.determinize(view, seed)
            assert game.observe(sample, seat) == view
            assert shown in sample.hands[1]
            assert not {card for hand in sample.hands for card in hand} & set(dog)
            others.add(sample.hands[3])
        assert len(others) > 1
    doko = ShownDoko()
    for seed in range(12):
        state = doko.new_game(seed=seed)
        card = state.payload
        if card in state.hands[0] or card in state.hands[2]:  # (the other copy in sight)
            break
    view = doko.observe(state, 0)
    for seed in range(6):
        sample = doko.determinize(view, seed)
        assert doko.observe(sample, 0) == view and card in sample.hands[1]
        assert Counter(c for hand in sample.hands for c in hand)[card] <= 2


@attrs.frozen
class TurningTarot(MiniTarot):
    """MiniTarot that turns up the card after the deal."""

    name: ClassVar[str] = ""  # (not registered)
    turns_up: bool = True


def test_a_turned_up_card_with_chosen_hands_on_declared_decks() -> None:
    deck = TAROT_78
    cards = list(deck.cards)
    hands = [cards[k * 18 : (k + 1) * 18] for k in range(4)]
    state = TurningTarot().new_game(seed=1, hands=hands, turned_up="21T")
    assert state.turned_up == deck.parse("21T") and state.hands[0] == tuple(hands[0])
    with pytest.raises(SetupError, match="with a copy in no hand"):
        TurningTarot().new_game(seed=1, hands=hands, turned_up=hands[2][0])
    with pytest.raises(SetupError, match="Tarot deck"):
        TurningTarot().new_game(seed=1, hands=hands, turned_up="XX")
    doko = TurningDoko()
    ace = DOPPELKOPF_48.parse("AC")
    hands = [["AC", "9C", "9C"], ["KC", "KC", "QC"], ["QC", "JC", "JC"], ["10C", "10C", "9S"]]
    assert doko.new_game(seed=1, hands=hands, turned_up="AC").turned_up == ace  # (a copy left)
    hands[1][0] = "AC"
    with pytest.raises(SetupError, match="the turned-up card A♣ must be a card of the deck"):
        doko.new_game(seed=1, hands=hands, turned_up="AC")  # (both copies held)


@attrs.frozen
class TurningDoko(DokoThree):
    """DokoThree that turns up the card after the deal."""

    name: ClassVar[str] = ""  # (not registered)
    turns_up: bool = True


def test_a_views_played_mask_counts_the_copies_played() -> None:
    game = DokoThree()
    deck = DOPPELKOPF_48
    state = game.position(["AC 9C 9D", "AC KS 9S", "AS KS 9H", "JD 9S 10D"], leader=0)
    for card in ("AC", "AC"):
        state = game.apply(state, cr.Play(deck.parse(card)))
    view = game.observe(state, 2)
    assert view.played_mask == deck.mask_of(deck.parse_cards("AC AC")) == state.played_mask
    assert view.played_mask.bit_count() == 2
    tarot = TAROT.position(["1T Ex", "2T 3♣", "5♣ 4♣", "K♠ 6♣"], leader=0)
    tarot = TAROT.apply(tarot, cr.Play(TAROT_78.parse("Ex")))
    assert TAROT.observe(tarot, 1).played_mask == TAROT_78.mask_of([TAROT_78.parse("Ex")])


def test_a_play_is_generic_in_its_cards_class() -> None:
    # (mypy --strict reads these lines: a Play's card is a Card unless said)
    french: cr.Play = cr.Play(cr.Card.parse("QS"))
    assert_type(french.card, Card)
    tarot: cr.Play[DeckCard] = cr.Play(TAROT_78.parse("21T"))
    assert_type(tarot.card.suit, int | None)
    assert french.card.suit == cr.Suit.SPADES and tarot.card.suit == 4
    assert type(tarot) is cr.Play and cr.Play[DeckCard](tarot.card) == tarot
