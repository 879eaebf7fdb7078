"""Events: every card played is told, a 6's extra turn is told, an 8 played as the last
card still names its suit, and the first turned-up card's doings come with ``start()``.
The events page of the docs lists every event class the library exports."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

import cardrules as cr
from cardrules.climbing import CardsPlayed, LeadReturned, PlayerFinished, RanksReversed
from cardrules.encoding import encoder_for
from cardrules.shedding.events import ReturnedToStock
from craits_helpers import events_of, iter_random_game, play, position
from test_tricks_open import Bowers

DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.mark.parametrize(
    "game", [cr.Cramps(target=10), cr.Craits(players=3, short_game=True)], ids=["cramps", "craits"]
)
def test_every_card_played_is_told_right_after_its_move(game: Any) -> None:
    chooser = random.Random(3)
    state = game.new_game(seed=3)
    plays = 0
    while not state.is_over:
        move = chooser.choice(game.legal_moves(state))
        step = game.step(state, move)
        told = events_of(step.events, cr.CardPlayed)
        if isinstance(move, cr.Play):
            plays += 1
            assert step.events[0] == cr.MovePlayed(state.to_move, move)
            assert step.events[1] == cr.CardPlayed(state.to_move, move.card)
            assert told == [step.events[1]]
        else:
            assert not told
        state = step.state
    assert plays > 50


def test_a_six_tells_that_its_player_plays_again() -> None:
    game = cr.Craits(players=3)
    state = position(game, ["3C 4C", "6H 9C 2D", "5D 7D"], "JH")  # seat 1 to move
    state, events = play(game, state, "6H")
    assert events_of(events, cr.PlayAgain) == [cr.PlayAgain(1)]
    assert state.to_move == 1


def test_a_turned_up_six_tells_that_the_dealer_plays_again() -> None:
    game = cr.Craits(players=3)
    hands = [["9C", "2D"], ["3C", "4C"], ["5D", "7D"]]
    pile = ["6C", *[str(c) for c in _rest(game, hands, ["6C"])]]
    step = game.start(seed=1, dealer=0, hands=hands, stock=pile)
    assert events_of(step.events, cr.PlayAgain) == [cr.PlayAgain(0)]
    assert step.state.to_move == 0


def _rest(game: cr.Craits, hands: list[list[str]], pile: list[str]) -> list[cr.Card]:
    used = [cr.Card.parse(c) for hand in hands for c in hand] + [cr.Card.parse(c) for c in pile]
    rest = list(game.deck.cards())
    for c in used:
        rest.remove(c)
    return rest


def test_a_six_played_as_the_last_card_ends_the_hand_without_playing_again() -> None:
    game = cr.Craits(players=3, short_game=True)
    state = position(game, ["3C 4C", "6H", "5D 7D"], "JH", hand_number=8)
    _, events = play(game, state, "6H")
    assert not events_of(events, cr.PlayAgain)
    assert events_of(events, cr.GameOver)


def test_an_eight_played_as_the_last_card_names_its_suit() -> None:
    game = cr.Craits(players=3, short_game=True)
    state = position(game, ["3C 4C", "8S", "5D 7D"], "JH", hand_number=7)
    _, events = play(game, state, cr.Play("8S", suit="D"))
    assert events_of(events, cr.SuitNamed) == [cr.SuitNamed(1, cr.Suit.DIAMONDS)]
    kinds = [type(e) for e in events]
    assert kinds.index(cr.SuitNamed) < kinds.index(cr.HandScored)


def test_an_eight_named_mid_hand_is_told_once() -> None:
    game = cr.Craits(players=3)
    state = position(game, ["3C 4C", "8S 9C", "5D 7D"], "JH")
    _, events = play(game, state, cr.Play("8S", suit="D", announce=True))
    assert events_of(events, cr.SuitNamed) == [cr.SuitNamed(1, cr.Suit.DIAMONDS)]
    assert events_of(events, cr.OneCardAnnounced) == [cr.OneCardAnnounced(1)]


def test_start_tells_what_the_first_turned_up_card_did() -> None:
    """The red team's seed: a 2 turned up starts the count inside ``new_game``; the same
    state from ``start()`` comes with the events that say so."""
    game = cr.Craits()
    seed = next(s for s in range(200) if game.new_game(seed=s).count)
    state = game.new_game(seed=seed)
    step = game.start(seed=seed)
    assert step.state == state
    kinds = [type(e) for e in step.events]
    assert kinds[:2] == [cr.HandDealt, cr.CardTurnedUp]
    started = events_of(step.events, cr.CountStarted)
    assert started == [cr.CountStarted(state.dealer, state.count)]


def test_the_events_page_lists_every_event() -> None:
    page = (DOCS / "events.md").read_text(encoding="utf-8")
    exported = {
        name
        for name in cr.__all__
        if isinstance(getattr(cr, name), type) and issubclass(getattr(cr, name), cr.Event)
    } - {"Event"}
    listed = set(re.findall(r"\{class\}`~cardrules\.(\w+)`", page))
    assert exported <= listed, sorted(exported - listed)


# -- the text of events ------------------------------------------------------------------

# One example of every event class the library defines, with its text for seat 0 and for
# a log (seat None).
EXAMPLES: list[tuple[cr.Event, str, str]] = [
    (
        cr.MovePlayed(0, cr.Play("8C", suit="H", announce=True)),
        'You play 8♣, name ♥ and say "one card".',
        'Seat 0 plays 8♣, names ♥ and says "one card".',
    ),
    (cr.MovePlayed(1, cr.Draw()), "Seat 1 draws.", "Seat 1 draws."),
    (cr.MovePlayed(0, cr.CallOut(0, 2)), "You call seat 2 out.", "Seat 0 calls seat 2 out."),
    (
        cr.MovePlayed(2, cr.NameSuit("s")),
        "Seat 2 names ♠ as the suit to follow.",
        "Seat 2 names ♠ as the suit to follow.",
    ),
    (cr.MovePlayed(0, cr.Announce()), 'You say "one card".', 'Seat 0 says "one card".'),
    (cr.MovePlayed(0, cr.Pass()), "You pass.", "Seat 0 passes."),
    (cr.CardPlayed(0, cr.Card.parse("QS")), "You play Q♠.", "Seat 0 plays Q♠."),
    (
        cr.TrickWon(0, 3, tuple(cr.parse_cards("QS 2S 5S QH")), 1),
        "You win trick 3 (Q♠ 2♠ 5♠ Q♥) and score +1.",
        "Seat 0 wins trick 3 (Q♠ 2♠ 5♠ Q♥) and scores +1.",
    ),
    (
        cr.HandScored(3, (-10, 25), (30, 80)),
        "End of hand 3: you -10, seat 1 25. Totals: you 30, seat 1 80.",
        "End of hand 3: seat 0 -10, seat 1 25. Totals: seat 0 30, seat 1 80.",
    ),
    (cr.HandDealt(2, 0, 1), "Hand 2: you dealt 1 card each.", "Hand 2: seat 0 dealt 1 card each."),
    (
        cr.GameOver((0,), (5, 9)),
        "Game over. Final scores: you 5, seat 1 9. You win!",
        "Game over. Final scores: seat 0 5, seat 1 9. Seat 0 wins.",
    ),
    (cr.CardTurnedUp(2, cr.Card.parse("9S")), "Seat 2 turns up 9♠.", "Seat 2 turns up 9♠."),
    (
        cr.CardsDrawn(1, 2, "count", 4),
        "Seat 1 draws 2 cards (for the count; 4 were due but the cards ran out).",
        "Seat 1 draws 2 cards (for the count; 4 were due but the cards ran out).",
    ),
    (
        cr.Reshuffled(0, 30, 10),
        "The stock is empty: you shuffle the discard pile (30 cards) into a new stock and take "
        "a reshuffle penalty of 10 points.",
        "The stock is empty: seat 0 shuffles the discard pile (30 cards) into a new stock and "
        "takes a reshuffle penalty of 10 points.",
    ),
    (
        cr.SuitNamed(0, cr.Suit.CLUBS),
        "You name ♣ as the suit to follow.",
        "Seat 0 names ♣ as the suit to follow.",
    ),
    (cr.TurnSkipped(0, 2), "You are skipped by seat 2.", "Seat 0 is skipped by seat 2."),
    (
        cr.SuitChosen(cr.Suit.SPADES),
        "The suit to follow is ♠, chosen at random.",
        "The suit to follow is ♠, chosen at random.",
    ),
    (
        cr.HandsSwapped(2, 0),
        "Seat 2 swaps hands with you.",
        "Seat 2 swaps hands with seat 0.",
    ),
    (
        cr.HandsPassed(1),
        "Every player passes their hand to the next, clockwise.",
        "Every player passes their hand to the next, clockwise.",
    ),
    (
        cr.PileReshuffled(0, 30),
        "The stock runs short: you shuffle it with the whole discard pile (30 cards) into a "
        "new stock.",
        "The stock runs short: seat 0 shuffles it with the whole discard pile (30 cards) into a "
        "new stock.",
    ),
    (
        ReturnedToStock(0, cr.Card.parse("8S"), shuffled=False),
        "You turn up 8♠, which goes back under the stock.",
        "Seat 0 turns up 8♠, which goes back under the stock.",
    ),
    (cr.PlayAgain(0), "You play again.", "Seat 0 plays again."),
    (
        cr.TurnForfeited(0),
        "You miss this turn (a penalty).",
        "Seat 0 misses this turn (a penalty).",
    ),
    (
        cr.DirectionChanged(-1),
        "Play now goes counter-clockwise.",
        "Play now goes counter-clockwise.",
    ),
    (cr.CountStarted(0, 2), "You start the count at 2.", "Seat 0 starts the count at 2."),
    (cr.CountRaised(1, 5), "Seat 1 raises the count to 5.", "Seat 1 raises the count to 5."),
    (
        cr.CountEnded(0, 5),
        "You cannot follow the count: it ends at 5.",
        "Seat 0 cannot follow the count: it ends at 5.",
    ),
    (cr.OneCardAnnounced(1), 'Seat 1 says "one card".', 'Seat 1 says "one card".'),
    (cr.CalledOut(2, 0), "Seat 2 calls you out!", "Seat 2 calls seat 0 out!"),
    (
        cr.CardsPassed(0, 1, cr.parse_cards("2C 9D")),
        "You pass 2♣ 9♦ to seat 1.",
        "Seat 0 passes 2 cards to seat 1.",
    ),
    (
        cr.HandBlocked(4),
        "Hand 4 is blocked: a full cycle of turns passed with no card played or drawn.",
        "Hand 4 is blocked: a full cycle of turns passed with no card played or drawn.",
    ),
    (CardsPlayed(0, cr.parse_cards("3C 3H")), "You play 3♣ 3♥.", "Seat 0 plays 3♣ 3♥."),
    (
        LeadReturned(0),
        "Everyone else passed: you lead.",
        "Everyone else passed: seat 0 leads.",
    ),
    (
        PlayerFinished(0, 1),
        "You are out of cards, in place 1.",
        "Seat 0 is out of cards, in place 1.",
    ),
    (
        RanksReversed(0, True),
        "Revolution by you! The rank order is reversed: low ranks beat high ones.",
        "Revolution by seat 0! The rank order is reversed: low ranks beat high ones.",
    ),
]


def _event_classes() -> set[type[cr.Event]]:
    """Every event class of the library (subclasses of Event defined in cardrules)."""
    found: set[type[cr.Event]] = set()
    todo = [cr.Event]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("cardrules."):
                found.add(sub)
    return found


def test_every_event_class_has_its_own_text() -> None:
    """None is forgotten: each event class defines its text (not the base class's
    fallback, its repr), and has an example here."""
    classes = _event_classes()
    assert len(classes) == 30
    assert {type(event) for event, _, _ in EXAMPLES} == classes
    for cls in classes:
        assert "_text" in vars(cls), f"{cls.__name__} has no text of its own"
    for event, _, _ in EXAMPLES:
        assert cr.describe(event) != repr(event)


@pytest.mark.parametrize(("event", "for_seat", "for_log"), EXAMPLES)
def test_event_texts(event: cr.Event, for_seat: str, for_log: str) -> None:
    assert cr.describe(event, seat=0) == event.describe(0) == for_seat
    assert cr.describe(event) == str(event) == for_log
    # Another seat than those named reads the log's text.
    assert cr.describe(event, seat=7) == for_log


class _LastCard(cr.CrazyEights):
    """A game whose call on a missed "one card" is "last card", and whose reshuffles cost
    a "stock" penalty (a name of the game's own)."""

    name = ""  # (not registered)
    call_word = "last card"
    reshuffle_penalty_name = "stock"


@pytest.mark.parametrize(
    ("game", "texts"),
    [
        (
            cr.Craits(),
            [
                'Seat 2 calls "idiot" on you!',
                'You miss this turn ("idiot" penalty).',
                "The stock is empty: you shuffle the discard pile (30 cards) into a new stock "
                "and take a shuffle-pressure penalty of 10 points.",
            ],
        ),
        (
            _LastCard(),
            [
                'Seat 2 calls "last card" on you!',
                'You miss this turn ("last card" penalty).',
                "The stock is empty: you shuffle the discard pile (30 cards) into a new stock "
                "and take a stock penalty of 10 points.",
            ],
        ),
        (
            cr.CrazyEights(),
            [
                "Seat 2 calls you out!",
                "You miss this turn (a penalty).",
                "The stock is empty: you shuffle the discard pile (30 cards) into a new stock "
                "and take a reshuffle penalty of 10 points.",
            ],
        ),
    ],
)
def test_the_call_and_its_penalties_are_told_in_the_games_words(
    game: cr.Game[Any, Any, Any], texts: list[str]
) -> None:
    """A call on a missed "one card", the turn it costs and a reshuffle penalty are told
    with the game's word for the call (its call_word) and its name for the penalty, and
    in the library's words where the game has none of its own (or is not given)."""
    events = [cr.CalledOut(2, 0), cr.TurnForfeited(0), cr.Reshuffled(0, 30, 10)]
    assert [cr.describe(event, 0, game=game) for event in events] == texts
    told = [text for _, text in cr.narrate(events, 0, game=game)]
    assert told == texts


def test_shared_wins_and_the_deal_word() -> None:
    over = cr.GameOver((0, 2), (5, 1, 5))
    assert cr.describe(over, 2) == (
        "Game over. Final scores: seat 0 5, seat 1 1, you 5. Shared win: seat 0 and you."
    )
    assert cr.describe(cr.GameOver((1,), (5, 9)), 0).endswith(" Seat 1 wins.")
    assert cr.describe(cr.HandDealt(2, 3, 13), 0, deal_word="round") == (
        "Round 2: seat 3 dealt 13 cards each."
    )
    assert cr.describe(cr.HandScored(1, (3,), (3,)), deal_word="round").startswith(
        "End of round 1:"
    )
    assert cr.describe(cr.Reshuffled(1, 5)) == (
        "The stock is empty: seat 1 shuffles the discard pile (5 cards) into a new stock."
    )


def test_a_draw_names_the_card_that_caused_it_in_a_step() -> None:
    five = cr.Card.parse("5H")
    events = [
        cr.MovePlayed(1, cr.Play(five)),
        cr.CardPlayed(1, five),
        cr.CardsDrawn(2, 1, "others_draw", 1),
        cr.CardsDrawn(0, 0, "others_draw", 1),
    ]
    assert [text for _, text in cr.narrate(events, 0)] == [
        "Seat 1 plays 5♥.",
        "Seat 2 draws 1 card (5♥ makes every other player draw).",
        "You cannot draw (5♥ makes every other player draw): the stock is empty and there is "
        "nothing to reshuffle.",
    ]
    # Alone, the draw cannot know the card.
    assert cr.describe(events[2]) == "Seat 2 draws 1 card (a card makes every other player draw)."


def test_narrate_leaves_out_what_another_event_tells() -> None:
    eight = cr.Card.parse("8C")
    play = cr.Play(eight, suit="H", announce=True)
    events = [
        cr.MovePlayed(1, play),
        cr.CardPlayed(1, eight),
        cr.OneCardAnnounced(1),
        cr.SuitNamed(1, cr.Suit.HEARTS),
        cr.HandScored(2, (0, -10), (9, 1)),
    ]
    told = cr.narrate(events, 1)
    assert [event for event, _ in told] == [events[0], events[4]]
    assert told[0][1] == 'You play 8♣, name ♥ and say "one card".'
    for move in (cr.Draw(), cr.CallIdiot(1, 0), cr.NameSuit("h"), cr.Announce()):
        assert cr.narrate([cr.MovePlayed(1, move)]) == []
    assert [text for _, text in cr.narrate([cr.MovePlayed(1, cr.Pass())])] == ["Seat 1 passes."]


def test_bad_input_to_the_texts_is_refused_clearly() -> None:
    event = cr.PlayAgain(1)
    for bad in (-1, True, "1", 1.0):
        with pytest.raises(cr.SeatError, match="seat must be an int from 0 up, or None"):
            cr.describe(event, seat=bad)  # type: ignore[arg-type]
    with pytest.raises(cr.EventError, match="describe tells one event"):
        cr.describe("PlayAgain(1)")  # type: ignore[arg-type]
    step = cr.Cramps().start(seed=1)
    with pytest.raises(cr.EventError, match=r"a sequence of events \(a step's \.events\)"):
        cr.narrate(step)  # type: ignore[arg-type]
    with pytest.raises(cr.EventError, match="narrate tells events"):
        cr.narrate([event, "x"])  # type: ignore[list-item]
    with pytest.raises(cr.EventError, match="deal_word must be a word"):
        cr.describe(event, deal_word="")
    assert isinstance(cr.EventError("x"), TypeError)


_CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


def _hidden_from(state: Any, seat: int) -> set[cr.Card]:
    """The cards ``seat`` cannot see in ``state``: the other hands, and the stock of a
    shedding game."""
    hidden = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
    if isinstance(state, cr.CraitsState):
        hidden |= set(state.table.stock)
    return hidden - set(state.hands[seat])


@pytest.mark.parametrize(
    "game",
    [
        cr.Cramps(target=10),
        cr.Craits(players=3, short_game=True),
        cr.Craits(players=6, short_game=True),  # two decks: copies of every card
        cr.Craits(players=3, short_game=True, idiot_calls="automatic"),
    ],
    ids=["cramps", "craits", "craits-two-decks", "craits-automatic-idiot"],
)
def test_no_text_names_a_card_its_seat_cannot_see(game: Any) -> None:
    """Play whole games; for every step and every seat, the step's text (and each
    event's, alone) names no card held by another seat or lying in the stock, before or
    after the step, unless the seat has seen it played or turned up, or drew it (the
    cards its own draws name: tests/test_private_draws.py checks they are the cards it
    drew)."""
    players = len(game.new_game(seed=1).scores)
    checked = 0
    for seed in (1,):
        seen: set[cr.Card] = set()  # cards every seat has seen face up
        for before, _, step in iter_random_game(game, seed, seed):
            for event in step.events:
                if isinstance(event, (cr.CardPlayed, cr.CardTurnedUp)):
                    seen.add(event.card)
            for seat in range(players):
                hidden = (_hidden_from(before, seat) | _hidden_from(step.state, seat)) - seen
                hidden -= {
                    card
                    for event in step.events
                    if isinstance(event, cr.CardsDrawn) and event.seat == seat
                    for card in event.cards
                }
                texts = [text for _, text in cr.narrate(step.events, seat)]
                texts += [cr.describe(event, seat) for event in step.events]
                named = {cr.Card.parse(card) for text in texts for card in _CARD_TEXT.findall(text)}
                assert not named & hidden, (seat, step.events)
                checked += len(named)
    assert checked > 300  # the texts name cards: the check is not empty


def test_a_card_turned_up_for_trumps_is_told_at_every_deal() -> None:
    """The trick engine tells the card it turns up (Oh Hell's trumps) right after the
    deal, so information states of later deals know their trumps too."""

    @attrs.frozen
    class TwoDeals(Bowers):
        name: ClassVar[str] = "test_events_two_deals"

        def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
            return (scores.index(max(scores)),) if sum(scores) >= 10 else ()

    game = TwoDeals()
    started = game.start(seed=3)
    turned = started.state.turned_up
    assert turned is not None
    assert started.events[1] == cr.CardTurnedUp(started.state.dealer, turned)
    info = encoder_for(game).info_state(started.state, 0)
    state, chooser = started.state, random.Random(3)
    while state.round_number == 1:
        step = game.step(state, chooser.choice(game.legal_moves(state)))
        info, state = info.after(step), step.state
    dealt = [type(event) for event in step.events][-2:]
    assert dealt == [cr.HandDealt, cr.CardTurnedUp]
    hand = " ".join(map(str, game.observe(state, 0).hand))
    assert info.text.endswith(f"{state.dealer} turned up {state.turned_up} [hand {hand}]")
