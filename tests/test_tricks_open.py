"""The trick engine's extension surface: effective suits (a Euchre-like game whose left
bower follows trumps), a hidden payload with known cards (a card passed to the left),
partial deals from a small deck, and samples from ``position`` endgames. Each game is
a few lines on :class:`~cardrules.tricks.engine.TrickGame`; the checks are that the
engine asks the hooks and that views and ``determinize`` respect them."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs
import pytest

import cardrules as cr
from cardrules.cards import SUIT_MASK, Card, Rank, Suit, mask_of
from cardrules.moves import register_move
from cardrules.rng import randbelow
from cardrules.tricks.core import winning_index
from cardrules.tricks.engine import TrickGame, TrickState, TrickView

EUCHRE_DECK = tuple(sorted(Card(Rank(r), s) for r in range(9, 15) for s in Suit))
PARTNER_SUIT = {Suit.CLUBS: Suit.SPADES, Suit.SPADES: Suit.CLUBS}
PARTNER_SUIT.update({Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS})


def left_bower(trump: int) -> Card:
    return Card(Rank.JACK, PARTNER_SUIT[Suit(trump)])


@attrs.frozen
class Bowers(TrickGame[TrickState, TrickView]):
    """Four players, Euchre's 24 cards, five each, the next card turned up for trumps; the
    jack of trumps then the jack of the same colour are the highest trumps."""

    name: ClassVar[str] = "test_open_bowers"
    players: ClassVar[int] = 4
    effective_suits = True
    turns_up = True

    def deck(self) -> tuple[Card, ...]:
        return EUCHRE_DECK

    def hand_size(self, number: int, rng: int) -> tuple[int, int]:
        return 5, rng

    def trump_of(self, state: Any) -> int | None:
        return int(state.turned_up.suit)

    def effective_suit(self, card: Card, trump: int | None) -> int:
        return int(trump) if trump is not None and card == left_bower(trump) else int(card.suit)

    def suit_cards(self, suit: int, trump: int | None) -> int:
        assert trump is not None
        bower = mask_of([left_bower(trump)])
        return (SUIT_MASK[suit] | bower) if suit == trump else (SUIT_MASK[suit] & ~bower)

    def winning_position(self, state: TrickState, cards: tuple[Card, ...]) -> int:
        trump = self.trump_of(state)
        assert trump is not None
        right = Card(Rank.JACK, Suit(trump))
        for bower in (right, left_bower(trump)):
            if bower in cards:
                return cards.index(bower)
        return winning_index(cards, trump)

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        return 1

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        return (scores.index(max(scores)),)


def test_the_left_bower_follows_trumps_and_not_its_own_suit() -> None:
    game = Bowers()
    # Spades are trumps: J♣ is a spade. Seat 1 holds no spade but J♣: it must play it.
    hands = [["9S", "10S"], ["JC", "AH"], ["QS", "KH"], ["AS", "9D"]]
    state = game.position(hands, leader=0, trick=(), turned_up="KS")
    state = game.apply(state, cr.Play("9S"))
    assert [str(move) for move in game.legal_moves(state)] == ["J♣"]
    with pytest.raises(cr.IllegalMoveError, match="spades") as caught:
        game.apply(state, cr.Play("AH"))
    assert caught.value.reason == "must_follow_suit"
    state = game.apply(state, cr.Play("JC"))
    state = game.apply(state, cr.Play("QS"))
    state = game.apply(state, cr.Play("AS"))
    assert state.tricks[0].winner == 1  # the left bower beats the ace of trumps
    # A club led: J♣ is no club, so a seat with only J♣ "in clubs" may play anything.
    hands2 = [["9C", "10D"], ["JC", "AH"], ["QC", "KH"], ["AC", "9D"]]
    state = game.position(hands2, leader=0, turned_up="KS")
    state = game.apply(state, cr.Play("9C"))
    assert {str(move) for move in game.legal_moves(state)} == {"J♣", "A♥"}


def test_samples_keep_voids_by_effective_suit() -> None:
    game = Bowers()
    # Hearts are trumps (Q♥ turned up), so J♦ is a heart. Seat 1 did not follow the
    # trump led: it holds no heart, and no J♦ either.
    hands = [["9C", "10D"], ["AS", "KD"], ["QS", "KC"], ["AC", "9D"]]
    trumps_led = cr.Trick(0, cr.parse_cards("10H 9S JH KH"), 2)
    state = game.position(hands, leader=2, tricks=[trumps_led], turned_up="QH")
    view = game.observe(state, 0)
    places: set[int] = set()
    for seed in range(60):
        guess = game.determinize(view, seed)
        assert game.observe(guess, 0) == view
        assert not any(game.effective_suit(c, Suit.HEARTS) == Suit.HEARTS for c in guess.hands[1])
        places.update(seat for seat in (2, 3) if Card.parse("JD") in guess.hands[seat])
    assert places == {2, 3}  # J♦ is unseen: the others may hold it


def test_every_deal_plays_out_with_cards_left_undealt() -> None:
    game = Bowers()
    for seed in range(20):
        state = game.new_game(seed=seed)
        dealt = sum(len(hand) for hand in state.hands)
        assert dealt == 20 and state.turned_up not in {c for h in state.hands for c in h}
        moves = 0
        while not state.round_number > 1 and not state.is_over:
            legal = game.legal_moves(state)
            assert legal  # never a dead end before the deal is over
            state = game.apply(state, random.Random(seed + moves).choice(legal))
            moves += 1
        assert moves == 20


@register_move("test_open_pass")
@attrs.frozen
class PassCard:
    card: Card = attrs.field(converter=cr.moves.as_card)

    def __str__(self) -> str:
        return f"pass {self.card}"


@attrs.frozen
class PassLeft(TrickGame[TrickState, TrickView]):
    """Four players, thirteen each; first every seat passes one card to its left, hidden
    from the others: the payload holds the cards passed, by seat."""

    name: ClassVar[str] = "test_open_pass_left"
    players: ClassVar[int] = 4

    def start_of_deal(self, state: TrickState, events: Any) -> TrickState:
        return self.enter_phase(state, "pass", to_move=0, payload=())

    def phase_moves(self, state: TrickState) -> tuple[PassCard, ...]:
        return tuple(PassCard(card) for card in state.hands[len(state.payload)])

    def phase_apply(self, state: TrickState, move: PassCard, events: Any) -> TrickState:
        passed = (*state.payload, move.card)
        if len(passed) < 4:
            return self.enter_phase(state, "pass", to_move=len(passed), payload=passed)
        hands = [mask_of(hand) for hand in state.hands]  # the hands after the pass
        for seat, card in enumerate(passed):
            hands[seat] &= ~mask_of([card])
            hands[(seat + 1) % 4] |= mask_of([card])
        return self.begin_play(self.with_hands(state, hands), payload=passed)

    def payload_view(self, state: TrickState, seat: int) -> Any:
        return tuple(card if who == seat else None for who, card in enumerate(state.payload))

    def determinize_payload(self, view: TrickView, hands: tuple[int, ...], rng: int) -> Any:
        return tuple(  # the others' passes: any card the receiver holds will do
            card
            if card is not None
            else min(cr.cards.cards_of_mask(hands[(who + 1) % 4]), default=None)
            for who, card in enumerate(view.payload)
        )

    def known_cards(self, view: TrickView) -> tuple[int, ...]:
        known = [0, 0, 0, 0]
        mine = view.payload[view.seat] if len(view.payload) > view.seat else None
        played = {card for trick in (*view.tricks, view.trick) for card in trick.cards}
        if mine is not None and view.phase is None and mine not in played:
            known[(view.seat + 1) % 4] = mask_of([mine])
        return tuple(known)

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        return 1

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        return (scores.index(max(scores)),)

    def all_moves(self) -> tuple[Any, ...]:
        return (*super().all_moves(), *(PassCard(card) for card in cr.cards.ALL_CARDS))


def test_a_hidden_payload_and_the_cards_a_seat_knows() -> None:
    game = PassLeft()
    state = game.new_game(seed=4)
    for seat in range(4):
        view = game.observe(state, seat)
        assert view.phase == "pass" and len(game.legal_moves(state)) == 13
        before = state.hands
        card = state.hands[seat][0]
        state = game.apply(state, PassCard(card))
        assert before != state.hands or seat < 3  # the hands change when all have passed
    assert state.phase is None and state.to_move == 1
    view = game.observe(state, 0)
    passed = view.payload[0]
    assert passed is not None and view.payload[1:] == (None, None, None)
    assert passed in state.hands[1]
    for seed in range(20):
        guess = game.determinize(view, seed)
        assert game.observe(guess, 0) == view
        assert passed in guess.hands[1]  # the card seat 0 passed is still with seat 1


def test_a_sample_of_an_endgame_position() -> None:
    game = cr.Cramps()
    state = game.position(["AS 3H 4C", "2D 5D 9S", "QS 2C 8H", "2H 4H KD"], leader=1)
    view = game.observe(state, 2)
    for seed in range(10):
        guess = game.determinize(view, seed)
        assert game.observe(guess, 2) == view
        assert sum(len(hand) for hand in guess.hands) == 12


@attrs.frozen(kw_only=True)
class TrumpsAsOption(TrickGame[TrickState, TrickView]):
    """A plain game whose trump suit is a constructor option, not a subclass."""

    name: ClassVar[str] = "test_open_trumps_option"
    players: ClassVar[int] = 4
    trump: Suit | None = attrs.field(default=None)

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        return 1

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        return (scores.index(max(scores)),)


def test_a_policy_is_a_constructor_option() -> None:
    hands = [["AC", "2D"], ["2H", "3D"], ["KC", "4D"], ["QC", "5D"]]
    for trump, winner in ((None, 0), (Suit.HEARTS, 1)):
        game = TrumpsAsOption(trump=trump)
        state = game.position(hands, leader=0)
        for card in ("AC", "2H", "KC", "QC"):
            state = game.apply(state, cr.Play(card))
        assert state.tricks[0].winner == winner and state.to_move == winner
    assert attrs.evolve(TrumpsAsOption(), trump=Suit.SPADES).trump == Suit.SPADES


def test_with_hands_refuses_hands_that_do_not_fit() -> None:
    game = PassLeft()
    state = game.new_game(seed=2)
    hands = [mask_of(hand) for hand in state.hands]
    with pytest.raises(cr.StateError, match="4 card masks, one per seat"):
        game.with_hands(state, hands[:3])
    with pytest.raises(cr.StateError, match="share no card"):
        game.with_hands(state, [hands[0], hands[0], hands[2], hands[3]])
    for bad in ("2C", 1.0, -1, None):  # not a card mask
        masks: list[Any] = [hands[0], hands[1], hands[2], bad]
        with pytest.raises(cr.StateError, match="card masks"):
            game.with_hands(state, masks)
    numpy = pytest.importorskip("numpy")
    with pytest.raises(cr.StateError, match="card masks"):  # (its ints are not Python's)
        game.with_hands(state, [hands[0], hands[1], hands[2], numpy.int64(0)])
    played = game.position(
        ["3C", "4D", "5H", "6S"],
        leader=0,
        tricks=[cr.Trick(0, cr.parse_cards("2C 2D 2H 2S"), 0)],
        payload=(None,) * 4,  # (the game's views read the cards passed)
    )
    with pytest.raises(cr.StateError, match="hold none played"):
        game.with_hands(played, [mask_of(cr.parse_cards("2C")), 0, 0, 0])
    moved = game.with_hands(played, [mask_of(cr.parse_cards("3C 4D")), 0, 0, 0])
    assert moved.hands[0] == tuple(cr.parse_cards("3C 4D")) and played.hands[1] == (
        Card.parse("4D"),
    )
    assert moved.tricks == played.tricks and moved.played_mask == played.played_mask


def test_a_phase_move_is_checked_and_told_as_an_event() -> None:
    game = PassLeft()
    state = game.new_game(seed=2)
    card = state.hands[0][0]
    assert game.is_legal(state, PassCard(card)) and not game.is_legal(state, cr.Play(card))
    assert not game.is_legal(state, PassCard(state.hands[1][0]))  # not seat 0's card
    step = game.step(state, PassCard(card))
    assert step.events == (cr.MovePlayed(0, PassCard(card)),)
    assert game.absent_cards(state, PassCard(card)) == frozenset()


@attrs.frozen
class TableBowers(TrickGame[TrickState, TrickView]):
    """Bowers with its tricks decided by the engine's suit table: the bowers ranked above
    the ace through ``trick_rank``, no ``winning_position`` or ``suit_cards`` of its own
    (the engine's table path, which asks no hook card by card)."""

    name: ClassVar[str] = "test_open_table_bowers"
    players: ClassVar[int] = 4
    effective_suits = True
    turns_up = True
    deck = Bowers.deck
    hand_size = Bowers.hand_size
    trump_of = Bowers.trump_of
    effective_suit = Bowers.effective_suit
    trick_points = Bowers.trick_points
    game_winners = Bowers.game_winners

    def trick_rank(self, card: Card, trump: int | None) -> int:
        assert trump is not None
        bowers = (Card(Rank.JACK, Suit(trump)), left_bower(trump))
        return 20 - bowers.index(card) if card in bowers else int(card.rank)


def test_tricks_by_the_suit_table_agree_with_a_winning_position_of_the_game() -> None:
    explicit, table = Bowers(), TableBowers()
    assert explicit._table_tricks is False and table._table_tricks is True
    for trump in Suit:
        for suit in Suit:  # the engine's suit_cards follows effective_suit
            assert table.suit_cards(suit, trump) == explicit.suit_cards(suit, trump)
    for seed in range(30):
        ours, theirs = explicit.new_game(seed=seed), table.new_game(seed=seed)
        pick = random.Random(seed)
        while not ours.is_over and ours.round_number == 1:
            legal = explicit.legal_moves(ours)
            assert table.legal_moves(theirs) == legal
            move = pick.choice(legal)
            ours, theirs = explicit.apply(ours, move), table.apply(theirs, move)
            assert [t.winner for t in theirs.tricks] == [t.winner for t in ours.tricks]
            assert theirs.round_scores == ours.round_scores


def test_a_suit_table_ranks_trumps_over_the_suit_led_and_ties_go_to_the_first() -> None:
    from cardrules.tricks.core import SuitTable

    table = TableBowers().suit_table(Suit.SPADES)
    assert table.suit_of[Card.parse("JC")] == Suit.SPADES  # the left bower is a trump
    assert table.follow[Card.parse("9S")] == SUIT_MASK[Suit.SPADES] | mask_of([Card.parse("JC")])
    cards = cr.parse_cards
    assert table.winning_index(cards("AS JC JS 9H")) == 2  # right bower over left over ace
    assert table.winning_index(cards("9H AH 9S")) == 2  # any trump over the suit led
    assert table.winning_index(cards("9H AD AC")) == 0  # off-suit cards never win
    plain = SuitTable(None, [c // 13 for c in range(52)], [0] * 52)  # every card equal
    assert plain.winning_index(cards("2C 3C 4C")) == 0
    import pickle

    again = pickle.loads(pickle.dumps(table))
    assert again == table and again.winning_index(cards("AS JC JS 9H")) == 2
    assert again != TableBowers().suit_table(Suit.HEARTS)
    with pytest.raises(cr.RulesError, match="0 to 3"):
        SuitTable(None, [5] * 52, [0] * 52)  # (4 is TRUMPS, a card order's trumps)
    with pytest.raises(cr.RulesError, match="52 cards"):
        SuitTable(None, [0] * 51, [0] * 51)


def test_phases_change_hands_in_the_same_step() -> None:
    game = Bowers()
    state = game.new_game(seed=4)
    hands = list(state.hand_masks)
    assert hands == [state.hand_mask(seat) for seat in range(4)]
    hands[0], hands[1] = hands[1], hands[0]
    bidding = game.enter_phase(state, "bid", to_move=1, payload="bids", hands=hands)
    assert bidding.phase == "bid" and bidding.hand_masks == tuple(hands)
    assert bidding == game.enter_phase(
        game.with_hands(state, hands), "bid", to_move=1, payload="bids"
    )
    hands[2] = 0  # seat 2 sits out: the play goes round the others
    played = game.begin_play(state, payload=None, leader=1, hands=hands)
    assert played.phase is None and played.trick.out == 0b100 and played.to_move == 1
    with pytest.raises(cr.StateError, match="share no card"):
        game.begin_play(state, payload=None, hands=[hands[0]] * 4)


@attrs.frozen
class DrawnLeader(TrickGame[TrickState, TrickView]):
    """Before each deal's shuffle a seat is drawn (``draw_before_deal``); it leads."""

    name: ClassVar[str] = "test_open_drawn_leader"
    players: ClassVar[int] = 4

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        return 1

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        return (0,) if sum(scores) >= 26 else ()

    def draw_before_deal(self, number: int, rng: int) -> tuple[Any, int]:
        return randbelow(rng, self.players)

    def start_of_deal(self, state: TrickState, events: Any) -> TrickState:
        return self.begin_play(state, payload=state.payload, leader=state.payload)

    def check_payload(self, state: TrickState) -> None:
        pass


def test_a_number_drawn_before_the_deal_is_the_payload_start_of_deal_reads() -> None:
    from cardrules.chance import ExplicitChance

    game = DrawnLeader()
    for seed in range(6):
        state = game.new_game(seed=seed)
        assert state.to_move == state.payload and state.payload in range(4)
        stacked = game.new_game(seed=seed, deck=cr.STANDARD_DECK.cards())
        assert stacked.payload == state.payload  # drawn before the shuffle, in every setup
        assert game.new_game(seed=seed, hands=state.hands).payload == state.payload
    while state.round_number == 1:
        state = game.apply(state, game.legal_moves(state)[0])
    assert state.to_move == state.payload  # the next deal draws again
    table = ExplicitChance(game)
    chance = table.new_game()
    assert chance.draw_below == 4  # the first chance node is the draw, then the cards
    chance = table.apply_chance(chance, 2)
    assert chance.draw_below == 0 and len(table.chance_outcomes(chance)) == 52
    for card in cr.STANDARD_DECK.cards():
        chance = table.apply_chance(chance, card)
    assert not chance.is_chance and chance.to_move == 2


@attrs.frozen
class ThreeDeals(TrickGame[TrickState, TrickView]):
    """Four players, two cards each, every trick a point; the game is three deals,
    however the totals stand (winners_after_deal knows the deal's number)."""

    name: ClassVar[str] = "test_open_three_deals"
    players: ClassVar[int] = 4

    def hand_size(self, number: int, rng: int) -> tuple[int, int]:
        return 2, rng

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        return 1

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        raise AssertionError("winners_after_deal is asked instead")

    def winners_after_deal(self, number: int, scores: tuple[int, ...]) -> tuple[int, ...]:
        if number < 3:
            return ()
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)


def test_a_game_of_a_fixed_number_of_deals_ends_after_the_last() -> None:
    game = ThreeDeals()
    state = game.new_game(seed=4)
    numbers = []
    while not state.is_over:
        numbers.append(state.round_number)
        state = game.apply(state, game.legal_moves(state)[0])
    assert sorted(set(numbers)) == [1, 2, 3] and state.round_number == 3
    assert sum(state.scores) == 6 and state.winners


@attrs.frozen
class CarriedLeads(TrickGame[TrickState, TrickView]):
    """Four players, two cards each, every trick a point; each deal keeps the number
    of tricks seat 0 has taken in all the deals before (``carry_over``), and a deal
    whose count is odd is led by seat 1. Under ``draws`` the game also draws a number
    before each deal: the later deals' payload is then the pair."""

    name: ClassVar[str] = "test_open_carried_leads"
    players: ClassVar[int] = 4
    draws: bool = False

    def hand_size(self, number: int, rng: int) -> tuple[int, int]:
        return 2, rng

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        return 1

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        return (0,) if sum(scores) >= 8 else ()

    def draw_before_deal(self, number: int, rng: int) -> tuple[Any, int]:
        return randbelow(rng, 3) if self.draws else (None, rng)

    def carry_over(self, state: TrickState) -> Any:
        return self.count(state.payload) + state.round_scores[0]

    def count(self, payload: Any) -> int:
        if not self.draws:
            return 0 if payload is None else int(payload)
        # The first deal has only what was drawn; the later ones (kept, drawn).
        return int(payload[0]) if type(payload) is tuple else 0

    def start_of_deal(self, state: TrickState, events: Any) -> TrickState:
        leader = 1 if self.count(state.payload) % 2 else 0
        return self.begin_play(state, payload=state.payload, leader=leader)

    def check_payload(self, state: TrickState) -> None:
        pass


def test_what_a_deal_keeps_is_the_payload_the_next_deal_starts_with() -> None:
    for draws in (False, True):
        game = CarriedLeads(draws=draws)
        state = game.new_game(seed=2)
        assert game.count(state.payload) == 0  # the first deal keeps nothing
        while not state.is_over:
            number = state.round_number
            state = game.apply(state, game.legal_moves(state)[0])
            if state.round_number != number and not state.is_over:
                assert game.count(state.payload) == state.scores[0]
                assert state.to_move == (1 if state.scores[0] % 2 else 0)
                if draws:
                    assert type(state.payload) is tuple and state.payload[1] in range(3)
        assert state.round_number == 4
