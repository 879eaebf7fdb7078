"""How a climbing game starts, and the states made from outside play: the first deal
(from a seed, a stacked deck or chosen hands), the deal of each later deal, positions
in the middle of a deal's play, and the samples of a seat's view (determinize). The
engine (:mod:`cardrules.climbing.engine`) calls these; a game never needs to.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules._checks import check_int
from cardrules._text import shown
from cardrules.cards import Card, format_cards, parse_cards
from cardrules.errors import CardParseError, SetupError
from cardrules.events import Event
from cardrules.game import check_scores
from cardrules.rng import new_seed, seed_state, shuffled
from cardrules.seats import is_seat

__all__ = ["deal_hands", "determinized", "position_state", "setup_state"]


def deal_hands(
    rules: Any, dealer: int, deck: Sequence[Card] | None, rng: int
) -> tuple[tuple[int, ...], int]:
    """The hands (card masks) of a deal of ``deck`` (top first; shuffled from ``rng``
    when ``None``), one card at a time from the dealer's left, and the generator after."""
    players = rules.players
    if deck is None:
        deck, rng = shuffled(rules.deck(), rng)
    hands = [0] * players
    free = -1  # (every bit: a card takes its lowest copy not dealt yet)
    for index, card in enumerate(deck):
        bit = rules.bits_of((card,), free)
        free &= ~bit
        hands[(dealer + 1 + index) % players] |= bit
    return tuple(hands), rng


def setup_state(
    rules: Any,
    seed: int | None,
    events: list[Event] | None,
    dealer: int | None,
    deck: Sequence[Card | str] | None,
    hands: Sequence[Sequence[Card | str]] | None,
    scores: Sequence[int] | None,
    deal_number: int = 1,
    last_places: Sequence[int] = (),
) -> Any:
    """The first deal of a game (behind ``new_game`` and ``start``). Raises
    :class:`~cardrules.SetupError` for a bad seed, dealer, deck, hands, scores, deal
    number or finishing order."""
    rng = seed_state(new_seed() if seed is None else seed)  # (which checks the seed)
    players = rules.players
    number = check_int(deal_number, "deal_number", 1)
    places = _seats(last_places, players, "last_places")
    if places and len(places) != players:
        raise SetupError(f"last_places must be empty or every seat once, not {shown(last_places)}")
    if dealer is None:
        dealer, rng = rules.first_dealer(rng)
    if not is_seat(dealer, players):
        raise SetupError(f"dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}")
    totals = check_scores(scores, players)
    if deck is not None and hands is not None:
        raise SetupError("give a stacked deck or explicit hands, not both")
    if hands is not None:
        dealt = check_hands(rules, hands, whole=True)
    else:
        stacked = None if deck is None else _check_deck(rules, deck)
        dealt, rng = deal_hands(rules, dealer, stacked, rng)
    return rules.start_deal(number, dealer, dealt, totals, rng, places, events)


def _cards(rules: Any, value: object, what: str) -> tuple[Any, ...]:
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, Sequence):
        raise SetupError(
            f"{what} must be cards (a sequence of cards or card texts), not {shown(value)}"
        )
    declared = rules.card_deck()
    try:
        return parse_cards(value) if declared is None else declared.parse_cards(value)
    except CardParseError as error:
        raise SetupError(f"{what}: {error}") from None


def _bits(rules: Any, groups: Sequence[Sequence[Any]], what: str) -> list[int]:
    """The card masks of groups of cards dealt from one deck: each card its lowest copy
    not in an earlier one. Raises :class:`~cardrules.SetupError` for a card not of the
    game's deck, or given more often than the deck holds it."""
    free = _full(rules)
    masks = []
    for cards in groups:
        mask = rules.bits_of(tuple(cards), free)
        if mask is None:
            raise SetupError(
                f"{what} must hold cards of the game's deck, each as often as the deck "
                f"holds it ({len(rules.deck())} cards)"
            )
        free &= ~mask
        masks.append(mask)
    return masks


def _full(rules: Any) -> int:
    """Every bit of the game's deck."""
    return rules.bits_of(rules.deck(), -1)  # type: ignore[no-any-return]


def _check_deck(rules: Any, deck: Sequence[Card | str]) -> tuple[Any, ...]:
    cards = _cards(rules, deck, "deck")
    if sorted(map(int, cards)) != sorted(map(int, rules.deck())):
        raise SetupError(
            f"a stacked deck must hold the game's {len(rules.deck())} cards once each, in "
            f"the order dealt; got {len(cards)} cards"
        )
    return cards


def check_hands(rules: Any, hands: object, *, whole: bool) -> tuple[int, ...]:
    """The masks of chosen hands: one per seat, cards of the game's deck once each (all
    of it when ``whole``). Raises :class:`~cardrules.SetupError`."""
    players = rules.players
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != players:
        raise SetupError(
            f"hands must be {players} hands of cards, one per seat, not {shown(hands)}"
        )
    found = [_cards(rules, hand, f"the hand of seat {seat}") for seat, hand in enumerate(hands)]
    every = sum(len(hand) for hand in found)
    masks = _bits(rules, found, "the hands")
    if whole and every != len(rules.deck()):
        raise SetupError(
            f"the hands must hold the whole deck ({len(rules.deck())} cards), not {every} cards"
        )
    return tuple(masks)


def position_state(
    rules: Any,
    hands: Sequence[Sequence[Card | str] | str],
    *,
    to_move: int,
    table: Sequence[Card | str] | str,
    table_seat: int | None,
    passed: Sequence[int],
    finished: Sequence[int],
    reversed_order: bool,
    played: Sequence[Card | str] | str,
    dealer: int,
    deal_number: int,
    scores: Sequence[int] | None,
    last_places: Sequence[int],
    seed: int | None,
) -> Any:
    """A position in the middle of a deal's play (see ``ClimbingGame.position``)."""
    players = rules.players
    masks = check_hands(rules, hands, whole=False)
    on_table = _cards(rules, table, "table")
    before = _cards(rules, played, "played")
    if not isinstance(reversed_order, bool):
        raise SetupError(f"reversed_order must be True or False, not {shown(reversed_order)}")
    seats = {
        "to_move": to_move,
        "dealer": dealer,
        **({} if table_seat is None else {"table_seat": table_seat}),
    }
    for what, seat in seats.items():
        if not is_seat(seat, players):
            raise SetupError(f"{what} must be a seat from 0 to {players - 1}, not {shown(seat)}")
    number = check_int(deal_number, "deal_number", 1)
    out = _seats(finished, players, "finished")
    gone = _seats(passed, players, "passed")
    last = _seats(last_places, players, "last_places")
    if last and len(last) != players:
        raise SetupError(f"last_places must be empty or every seat once, not {shown(last_places)}")
    held = 0
    for mask in masks:
        held |= mask
    used = rules.bits_of((*on_table, *before), _full(rules) & ~held)
    if used is None:
        raise SetupError(
            "the cards played (on the table or before) must be cards of the game's deck "
            "that no hand holds, each played once"
        )
    for seat in range(players):
        if (seat in out) != (not masks[seat]):
            raise SetupError(
                f"the seats out of cards (finished, in order) must be those with empty hands; "
                f"seat {seat} holds {masks[seat].bit_count()} cards"
            )
    if len(out) >= players - 1:
        raise SetupError("a position has at least two seats with cards (else the deal is over)")
    if to_move in out or (rules.pass_sits_out and to_move in gone):
        raise SetupError(f"seat {to_move} cannot be to move: it is out of cards or has passed")
    if on_table:
        if table_seat is None:
            raise SetupError("a table with cards needs the table_seat that played them")
        if rules.combination(on_table) is None:
            raise SetupError(f"the table {format_cards(on_table)} is not a play of this game")
        if table_seat in gone or to_move == table_seat or any(s in out for s in gone):
            raise SetupError(
                "passed names the seats still in that passed on the table's play (not its "
                "player); the table's player is not to move"
            )
    elif table_seat is not None or gone:
        raise SetupError("an empty table has no table_seat and no passes: the player to move leads")
    totals = check_scores(scores, players)
    rng = seed_state(new_seed() if seed is None else seed)
    return rules.state_class(
        rules,
        masks,
        to_move,
        on_table,
        table_seat,
        gone,
        out,
        reversed_order,
        used,
        (),
        last,
        number,
        dealer,
        totals,
        (),
        rng,
    )


def _seats(value: object, players: int, what: str) -> tuple[int, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise SetupError(f"{what} must be a sequence of seats, not {shown(value)}")
    seats = tuple(value)
    if len(set(seats)) != len(seats) or not all(is_seat(seat, players) for seat in seats):
        raise SetupError(
            f"{what} must be seats from 0 to {players - 1}, each once, not {shown(value)}"
        )
    return seats


def _weaker_than_given(rules: Any, view: Any) -> dict[int, tuple[int, int]]:
    """The seats whose every unseen card ``view.seat`` knows to be weaker than a bound:
    those that gave it their best cards in an exchange (each card it holds now was
    weaker than the weakest of those, by strength then card number), unless another
    seat gave them cards it has not seen since."""
    found: dict[int, tuple[int, int]] = {}
    seat = view.seat
    for swap in view.swaps:
        if swap.best and swap.done and swap.receiver == seat and swap.giver != seat:
            keys = [(rules.card_strength(card), int(card)) for card in swap.cards]
            found[swap.giver] = min(keys)
    for swap in view.swaps:
        if swap.receiver in found and swap.giver != seat:
            del found[swap.receiver]
    return found


def _bits_in(mask: int) -> list[int]:
    """The bits of ``mask``, lowest first, each as a mask of its own."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low)
        mask ^= low
    return found


def determinized(rules: Any, view: Any, seed: int) -> Any:
    """A state that agrees with ``view`` (see ``ClimbingGame.determinize``)."""
    players = rules.players
    seat = view.seat
    rng = seed_state(seed)
    hands = [0] * players
    kept = [view.hand, view.played]
    known: list[list[Any]] = [[] for _ in range(players)]  # given by this seat, still held
    in_transit: list[Any] = []  # given by this seat, not passed yet
    passed_on = {s.giver for s in view.swaps if s.receiver != seat and None in s.cards}
    back = [*view.played, *view.hand]  # (a card given is played, or given back, or held)
    for swap in view.swaps:
        if swap.giver == seat and swap.done and swap.receiver not in passed_on:
            for card in swap.cards:
                if card in back:
                    back.remove(card)
                else:
                    known[swap.receiver].append(card)
        elif swap.giver == seat and not swap.done:
            in_transit += swap.cards
    bits = _bits(rules, [*kept, *known, in_transit], "the view's cards")
    hands[seat], played = bits[0], bits[1]
    unseen = _full(rules)
    for mask in bits:
        unseen &= ~mask
    card_of = rules.cards_of_mask
    weaker = _weaker_than_given(rules, view)
    for other, below in weaker.items():  # (dealt first: their cards are the fewest)
        want = view.hand_sizes[other] - len(known[other])
        strength = rules.card_strength
        allowed = [
            bit for bit in _bits_in(unseen) if (strength(card_of(bit)[0]), card_of(bit)[0]) < below
        ]
        drawn, rng = shuffled(allowed, rng)
        hands[other] = bits[2 + other] | sum(drawn[:want])
        unseen &= ~hands[other]
    pool, rng = shuffled(_bits_in(unseen), rng)
    at = 0
    for other in range(players):
        if other == seat or other in weaker:
            continue
        want = view.hand_sizes[other] - len(known[other])
        hands[other] = bits[2 + other] | sum(pool[at : at + want])
        at += want
    swaps = []
    for swap in view.swaps:
        if None in swap.cards:
            # Given but unseen: still on their way (the giver's cards, taken from the
            # pool), or in the receiver's hand or among the cards played.
            if swap.done:
                where = card_of(hands[swap.receiver] | played)
                cards = tuple(sorted(where[: swap.count]))
            else:
                cards = tuple(sorted(card_of(sum(pool[at : at + len(swap.cards)]))))
                at += len(swap.cards)
            swap = type(swap)(swap.giver, swap.receiver, swap.count, swap.best, cards)
        swaps.append(swap)
    return rules.state_class(
        rules,
        tuple(hands),
        view.to_move,
        view.table,
        view.table_seat,
        view.passed,
        view.finished,
        view.reversed,
        played,
        tuple(swaps),
        view.last_places,
        view.deal_number,
        view.dealer,
        view.scores,
        view.winners,
        rng,
    )
