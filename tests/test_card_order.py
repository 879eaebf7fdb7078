"""Card orders declared as data (cardrules.tricks.core.CardOrder) on the trick engine:
a small Skat-like game defined here (three players, the 32 cards from 7 to ace, ten
each, two left over) whose deals are, in turn, a hearts suit game (the four jacks,
then the hearts), a Grand (the jacks alone) and a Null (no trumps, the ten between
the nine and the jack); and a Doppelkopf-style trump list on a 24-card deck.

Checked by hand-made tricks: following suit by the declaration's suits (a jack led
is a trump lead), the tricks' winners, the refusals' words; then determinize (a seat
that did not follow a trump lead holds no trump), the encoder's trump entries, whole
random games with every encoding agreeing, and bad declarations refused.
"""

from __future__ import annotations

import pickle
import random
from typing import Any, ClassVar

import attrs
import pytest

import cardrules as cr
from cardrules.cards import ALL_CARDS, Card, mask_of, parse_cards
from cardrules.chance import ExplicitChance
from cardrules.encoding import TrickEncoder, encoder_for
from cardrules.errors import IllegalMoveError, RulesError
from cardrules.events import TrickWon, describe
from cardrules.tricks.core import TRUMPS, CardOrder, Trick, TrickRound
from cardrules.tricks.engine import TrickGame, TrickState, TrickView
from test_encoding_families import play

SKAT_PLAIN = "A 10 K Q 9 8 7"
JACKS = "JC JS JH JD"
HEARTS = CardOrder.suit_trumps("H", above=JACKS, plain=SKAT_PLAIN)
GRAND = CardOrder("Grand", JACKS, plain=SKAT_PLAIN)
NULL = CardOrder("Null", plain="A K Q J 10 9 8 7")
SKAT_DECK = tuple(card for card in ALL_CARDS if card % 13 >= 5)  # 7 to ace


@attrs.frozen
class MiniSkat(TrickGame[TrickState, TrickView]):
    """Three players, 32 cards, ten each; the deal's declaration is drawn before it
    (here: in turn, from ``orders``) and kept as its payload; a trick scores 1."""

    name: ClassVar[str] = ""  # (not registered)
    players: ClassVar[int] = 3
    card_orders: ClassVar[bool] = True
    orders: tuple[Any, ...] = (HEARTS, GRAND, NULL)

    def deck(self) -> tuple[Card, ...]:
        return SKAT_DECK

    def hand_size(self, number: int, rng: int) -> tuple[int, int]:
        return 10, rng

    def draw_before_deal(self, number: int, rng: int) -> tuple[Any, int]:
        return self.orders[(number - 1) % len(self.orders)], rng

    def check_payload(self, state: TrickState) -> None:
        if not isinstance(state.payload, CardOrder):
            raise cr.SetupError("the payload must be the deal's card order")

    def trump_of(self, state: Any) -> Any:
        return state.payload

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        return 1

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        best = max(scores)
        if best < 25:
            return ()
        return tuple(seat for seat, score in enumerate(scores) if score == best)


GAME = MiniSkat()


def at(order: CardOrder, hands: list[str], trick: str = "", leader: int = 0) -> TrickState:
    """A position of ``order``'s deal: the hands (the other cards played before or
    left over) and the trick in progress, led by ``leader``."""
    return GAME.position(hands, leader=leader, trick=trick, payload=order)


def legal(state: TrickState) -> str:
    return " ".join(str(move) for move in GAME.legal_moves(state))


def winner(order: CardOrder, cards: str) -> int:
    """The seat that wins ``cards`` led by seat 0 (played out from a position)."""
    played = parse_cards(cards)
    state = at(order, [str(card) for card in played], leader=0)
    events: list[cr.Event] = []
    for card in played:
        step = GAME.step(state, cr.Play(card))
        state, events = step.state, [*events, *step.events]
    (won,) = [event for event in events if isinstance(event, TrickWon)]
    assert won.cards == played
    assert describe(won, game=GAME).startswith(f"Seat {won.seat} wins trick 1")
    return won.seat


# -- following suit and winners, by hand-made tricks -------------------------------


def test_a_jack_led_in_grand_is_followed_by_a_jack_only() -> None:
    state = at(GRAND, ["AH", "JD AC", "KS 7S"], trick="JH")  # (seat 0 led)
    assert legal(state) == "J♦"
    state = at(GRAND, ["AH", "AC 10H", "KS 7S"], trick="JH")  # no jack: anything
    assert legal(state) == "A♣ 10♥"
    # A heart led: the jack of hearts is a trump and does not follow.
    state = at(GRAND, ["AH", "7C JH", "KS 7S"], trick="KH")
    assert legal(state) == "7♣ J♥"
    state = at(GRAND, ["AH", "7H JH", "KS 7S"], trick="KH")
    assert legal(state) == "7♥"


def test_grand_tricks_go_to_the_highest_jack_else_the_highest_card_of_the_suit() -> None:
    assert winner(GRAND, "AH JD 10H") == 1
    assert winner(GRAND, "JD JH JC") == 2
    assert winner(GRAND, "10H KH AH") == 2
    assert winner(GRAND, "10H KH QS") == 0  # (the ten above the king)


def test_in_a_suit_game_a_jack_or_a_trump_led_is_followed_by_jacks_or_the_suit() -> None:
    # A jack led is a trump lead: hearts or jacks follow it, not the jack's own suit.
    state = at(HEARTS, ["AH 9C", "KC 7H JS", "KS 7S 8S"], trick="JC")
    assert legal(state) == "7♥ J♠"
    state = at(HEARTS, ["AH", "KC AC", "KS 7S"], trick="JC")
    assert legal(state) == "K♣ A♣"
    # A heart led: the jacks are trumps, so they follow it.
    state = at(HEARTS, ["AH", "KC JD", "KS 7S"], trick="7H")
    assert legal(state) == "J♦"
    # A club led: the club jack does not follow (it is a trump).
    state = at(HEARTS, ["AH", "JC 8H", "KS 7S"], trick="7C")
    assert legal(state) == "J♣ 8♥"
    with pytest.raises(IllegalMoveError, match=r"trumps \(♥\) were led"):
        GAME.apply(at(HEARTS, ["AH", "KC JD", "KS 7S"], trick="7H"), cr.Play("KC"))


def test_suit_game_tricks_jacks_then_hearts_above_the_others() -> None:
    assert winner(HEARTS, "AH JD 10H") == 1
    assert winner(HEARTS, "AC 7H KC") == 1
    assert winner(HEARTS, "7H AH JD") == 2
    assert winner(HEARTS, "JS JC AH") == 1


def test_null_has_no_trumps_and_puts_the_ten_between_nine_and_jack() -> None:
    assert winner(NULL, "10S JS 9S") == 1
    assert winner(NULL, "10S 9S AH") == 0
    assert winner(NULL, "KS 7S JH") == 0  # (no trumps: the jack is a heart)
    state = at(NULL, ["AH", "7H JS", "KS 7S"], trick="8H")  # a jack follows its own suit
    assert legal(state) == "7♥"
    with pytest.raises(IllegalMoveError, match=r"hearts \(♥\) were led"):
        GAME.apply(state, cr.Play("JS"))


def test_the_trick_round_value_follows_the_declaration_too() -> None:
    hands = (parse_cards("JH AC"), parse_cards("JD 7C"), parse_cards("AH KS"))
    round_ = TrickRound.start(hands, leader=0, trump=GRAND)
    round_, _ = round_.play(Card.parse("JH"))
    assert round_.legal_cards() == parse_cards("JD")
    with pytest.raises(IllegalMoveError, match="Grand"):
        round_.check(Card.parse("7C"))
    round_, _ = round_.play(Card.parse("JD"))
    _, done = round_.play(Card.parse("AH"))
    assert done is not None and done.winner == 0
    state = at(GRAND, ["AH", "7C JD", "KS 7S"], trick="JH")
    assert state.play.trump is GRAND


# -- determinize ---------------------------------------------------------------------


def test_determinize_gives_no_jack_to_a_seat_that_did_not_follow_a_jack_lead() -> None:
    # Seat 1 played a heart to a jack led in Grand: it holds no jack.
    state = at(GRAND, ["JS 8C", "QH 9D", "JD 7S 8S"], trick="JC 7H", leader=0)
    view = GAME.observe(state, 2)
    jacks = mask_of(parse_cards(JACKS))
    for seed in range(12):
        sample = GAME.determinize(view, seed)
        assert GAME.observe(sample, 2) == view
        assert not sample.hand_mask(1) & jacks
    # In the suit game the same play shows seat 1 holds no trump: no jack, no heart.
    state = at(HEARTS, ["JS 9C", "9D 8D", "JD 7S 8S"], trick="JC 8C", leader=0)
    view = GAME.observe(state, 2)
    for seed in range(12):
        sample = GAME.determinize(view, seed)
        assert GAME.observe(sample, 2) == view
        assert not sample.hand_mask(1) & HEARTS.trump_mask


def test_absent_cards_name_the_declarations_trumps() -> None:
    state = at(GRAND, ["AH", "7C QH", "KS 7S"], trick="JH")
    assert GAME.absent_cards(state, cr.Play("QH")) == frozenset(parse_cards(JACKS))


# -- the encoder ---------------------------------------------------------------------


def test_the_encoders_trump_entries_say_the_declaration() -> None:
    encoder = encoder_for(GAME)
    assert isinstance(encoder, TrickEncoder)
    fields = {field.name: field for field in encoder.info_fields}
    assert fields["voids"].stop - fields["voids"].start == 3 * 5
    for order, suit in ((HEARTS, None), (GRAND, None), (NULL, None)):
        view = GAME.observe(at(order, ["AH", "7C JD", "KS 7S"], trick="JH"), 0)
        values = encoder.observation(view)
        trump = fields["trump"]
        assert values[trump.start : trump.stop] == [0.0] * 4, suit
        cards = fields["trump_cards"]
        shown = [card for card in range(52) if values[cards.start + card]]
        assert shown == sorted(order.trumps)
        plain = values[fields["plain_order"].start : fields["plain_order"].stop]
        assert (plain[8] > plain[11]) is (order is not NULL)  # a ten above the king
        assert (plain[9] > plain[8]) is (order is NULL)  # a jack above the ten in Null
    # Seat 1 showed out of trumps: the fifth void entry of its block.
    state = at(GRAND, ["AH", "7C QH", "KS 7S"], trick="JH")
    state = GAME.apply(state, cr.Play("QH"))
    values = encoder.observation(GAME.observe(state, 0))
    assert values[fields["voids"].start + 5 * 1 + TRUMPS] == 1.0


def test_every_encoding_agrees_through_whole_games_of_each_declaration() -> None:
    encoder = encoder_for(GAME)
    for seed in range(2):
        play(encoder, seed)


def test_random_games_play_every_declaration_through() -> None:
    chooser = random.Random(3)
    state = GAME.new_game(seed=5)
    orders = set()
    while not state.is_over:
        order = GAME.trump_of(state)
        orders.add(order)
        before = len(state.tricks)
        state = GAME.apply(state, chooser.choice(GAME.legal_moves(state)))
        if len(state.tricks) > before and GAME.trump_of(state) == order:
            done: Trick = state.tricks[-1]
            place = order.table.winning_index(done.cards)
            assert done.winner == (done.leader + place) % 3
    assert orders == {HEARTS, GRAND, NULL}


# -- a Doppelkopf-style trump list ---------------------------------------------------

DOPPELKOPF = CardOrder.suit_trumps(
    "D", above="10H QC QS QH QD JC JS JH JD", plain="A 10 K 9", name="Doppelkopf"
)


@attrs.frozen
class MiniDoppelkopf(TrickGame[TrickState, TrickView]):
    """Four players, one copy of 9 to ace (the engine's hands are card masks: no
    doubled deck), six cards each, the Doppelkopf trump list."""

    name: ClassVar[str] = ""
    players: ClassVar[int] = 4
    card_orders: ClassVar[bool] = True

    def deck(self) -> tuple[Card, ...]:
        return tuple(card for card in ALL_CARDS if card % 13 >= 7)

    def hand_size(self, number: int, rng: int) -> tuple[int, int]:
        return 6, rng

    def trump_of(self, state: Any) -> Any:
        return DOPPELKOPF

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        return 1

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        return (0,)


def test_a_doppelkopf_trump_list_puts_the_ten_of_hearts_on_top() -> None:
    assert str(DOPPELKOPF.trumps[0]) == "10♥" and len(DOPPELKOPF.trumps) == 13
    game = MiniDoppelkopf()
    state = game.position(["AD 9S", "KH QS", "AH KS", "9C KC"], leader=0)
    state = game.apply(state, cr.Play("AD"))
    assert [str(move) for move in game.legal_moves(state)] == ["Q♠"]  # a trump follows
    state = game.position(["AH 9S", "10H KH", "9H KS", "9C KC"], leader=0)
    state = game.apply(state, cr.Play("AH"))
    assert [str(move) for move in game.legal_moves(state)] == ["K♥"]  # 10♥ is a trump
    table = DOPPELKOPF.table
    assert table.winning_index(parse_cards("QC 10H JD AD")) == 1
    assert table.winning_index(parse_cards("AH KH 9H 9D")) == 3


# -- bad declarations ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "match"),
    [
        (lambda: CardOrder("Grand", "JC JS JC"), "J♣ is named twice"),
        (lambda: CardOrder("Grand", "JC XX"), "the trump cards must be cards"),
        (lambda: CardOrder("", "JC"), "name must be some text"),
        (lambda: CardOrder("Null", plain="A K A"), "A is named twice"),
        (lambda: CardOrder("Null", plain="A K 1"), "the plain order must be ranks"),
        (lambda: CardOrder.suit_trumps("X"), "the trump suit must be a suit"),
        (lambda: CardOrder.suit_trumps("H", above="JC ZZ"), "the cards above must be cards"),
    ],
)
def test_bad_declarations_are_refused_saying_what_was_wrong(make: Any, match: str) -> None:
    with pytest.raises(RulesError, match=match):
        make()


def test_a_declaration_that_does_not_fit_the_deck_or_the_game_is_refused() -> None:
    with pytest.raises(RulesError, match="trump cards must be of the deck; 2♣ are not"):
        GAME.suit_table(CardOrder("Low", "2C JC"))
    with pytest.raises(RulesError, match="leaves out 10"):
        GAME.suit_table(CardOrder("Short", plain="A K Q J 9 8 7"))

    @attrs.frozen
    class Undeclared(MiniSkat):
        card_orders: ClassVar[bool] = False
        effective_suits: ClassVar[bool] = True

    with pytest.raises(RulesError, match="sets card_orders = True"):
        Undeclared().suit_table(GRAND)


def test_declarations_are_values_kept_once_per_game() -> None:
    again = CardOrder("Grand", JACKS, plain=SKAT_PLAIN)
    assert again == GRAND and hash(again) == hash(GRAND) and again != NULL
    assert pickle.loads(pickle.dumps(GRAND)) == GRAND
    assert GAME.suit_table(GRAND) is GAME.suit_table(again) is GRAND.table
    assert repr(NULL) == "CardOrder('Null', '', plain='A K Q J 10 9 8 7')"
    assert str(HEARTS) == "♥" and HEARTS.trumps[:4] == parse_cards(JACKS)


def test_explicit_chance_deals_and_plays_the_declared_deals() -> None:
    table = ExplicitChance(GAME)
    state = table.new_game()
    pick = random.Random(4)
    orders = set()
    for _ in range(200):  # (a deal: 30 cards placed, 30 played)
        if state.is_over:
            break
        if state.is_chance:
            outcomes = [outcome for outcome, _ in table.chance_outcomes(state)]
            state = table.apply_chance(state, pick.choice(outcomes))
            continue
        orders.add(GAME.trump_of(state.inner))
        state = table.apply(state, pick.choice(table.legal_moves(state)))
    assert HEARTS in orders and GRAND in orders
