"""Starting a shedding game: the first hand from a seed, a stacked deck or a chosen
position of hands and stock (behind ``new_game`` and ``start``, with the draw for the
first dealer), and positions in the middle of a hand for analysis, puzzles and tests
(:func:`position`), and the full states that agree with what one player sees, for
search (:func:`determinized`).

These are functions of the game's rules (a
:class:`~cardrules.shedding.engine.SheddingGame`, whose ``setup_state``, ``position``
and ``determinize`` call them); the options and hooks they read (``players``,
``deck``, ``hands_in_game``, ``cards_each``, ``draws_for_first_dealer``,
``random_first_dealer``, ``state_class``) are the engine's, and the deal itself is
:mod:`cardrules.shedding.flow`'s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules._checks import check_direction, check_int
from cardrules._text import shown
from cardrules.cards import Card, Suit, format_cards
from cardrules.errors import SetupError, StateError
from cardrules.events import Event
from cardrules.game import check_scores
from cardrules.rng import check_seed, randbelow, resolve_seed, seed_state, shuffled
from cardrules.seats import CLOCKWISE, is_seat
from cardrules.shedding.core import ShedTable
from cardrules.shedding.flow import begin_hand, deal_hand, finished, lowest_rank_deals
from cardrules.shedding.state import HandInfo, Phase, ShedView, lay_out, tables_for

if TYPE_CHECKING:
    from cardrules.shedding.engine import SheddingGame

__all__ = ["determinized", "new_state", "position"]


def new_state(
    rules: SheddingGame[Any, Any],
    seed: int | None,
    events: list[Event] | None,
    *,
    dealer: int | None = None,
    deck: Sequence[Card | str] | None = None,
    hands: Sequence[Sequence[Card | str]] | None = None,
    stock: Sequence[Card | str] | None = None,
    hand_number: int = 1,
    scores: Sequence[int] | None = None,
    penalties: Sequence[int] | None = None,
    direction: int = CLOCKWISE,
) -> Any:
    """:meth:`SheddingGame.setup_state <cardrules.shedding.engine.SheddingGame.setup_state>`."""
    rng = seed_state(resolve_seed(seed))
    players = rules.players
    hand_number = _check_hand_number(rules, hand_number)
    direction = _check_start_direction(rules, direction, hand_number)
    work = object.__new__(rules.state_class)
    work._events = events
    work._legal = None
    work._scores = check_scores(scores, players)
    work._penalties = _check_penalties(rules, penalties)
    work._phase = Phase.PLAY
    work._to_move = None
    draws: tuple[tuple[int, Card], ...] = ()
    tables = tables_for(rules.card_table)
    in_play = rules.deck if tables.deck is None else tables.deck
    if dealer is None:
        if rules.draws_for_first_dealer:
            dealer, draws, rng = lowest_rank_deals(rng, players, in_play)
        elif rules.random_first_dealer:
            dealer, rng = randbelow(rng, players)
        else:
            dealer = 0
    elif not is_seat(dealer, players):
        raise SetupError(f"dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}")
    if hands is not None or stock is not None:
        if deck is not None:
            raise SetupError("give a stacked deck or explicit hands and stock, not both")
        table = _check_position(rules, hands, stock, rng, direction)
        hand = HandInfo(rules, hand_number, rules.cards_each(hand_number), dealer, draws)
        lay_out(work, table, tables)
        begin_hand(rules, work, hand)
    else:
        order = None if deck is None else in_play.check_order(deck)
        deal_hand(rules, work, hand_number, dealer, direction, order, rng, draws)
    return finished(work)


def _check_hand_number(rules: SheddingGame[Any, Any], hand_number: object) -> int:
    return check_int(hand_number, "hand_number", 1, rules.hands_in_game)


def _check_start_direction(
    rules: SheddingGame[Any, Any], direction: object, hand_number: int
) -> int:
    """The direction of play a hand starts in, refused if no hand of these rules
    can start in it."""
    direction = check_direction(direction)
    if direction == CLOCKWISE:
        return direction
    if -1 not in (rules.next_direction(CLOCKWISE), rules.next_direction(-1)):
        raise SetupError(
            f"under these {type(rules).__name__} rules every hand starts clockwise, so "
            "direction must be 1 (a hand starts counter-clockwise only under rules whose "
            "next_direction keeps the direction a hand ended in)"
        )
    if hand_number == 1:
        raise SetupError(
            "the first hand starts clockwise: direction=-1 is for a later hand "
            "(hand_number 2 or more), after one that ended counter-clockwise"
        )
    return direction


def _check_penalties(
    rules: SheddingGame[Any, Any], penalties: Sequence[int] | None
) -> tuple[int, ...]:
    """Each seat's last reshuffle penalty, checked: 0, or one of the penalties
    :meth:`reshuffle_penalty` charges in turn from 0 (e.g. 5, 10, 20, …)."""
    players: int = rules.players
    if penalties is None:
        return (0,) * players
    try:
        paid = check_scores(penalties, players)
    except SetupError:
        raise SetupError(
            f"penalties must be {players} ints, one per seat, not {shown(penalties)}"
        ) from None
    charged = _penalties_charged(rules, max(paid))
    for seat, penalty in enumerate(paid):
        if penalty and penalty not in charged:
            first = ", ".join(map(str, sorted(charged)[:4]))
            allowed = (
                f"0 or one of the penalties these rules charge in turn ({first}, …)"
                if charged
                else "0 (these rules charge no reshuffle penalty)"
            )
            raise SetupError(
                f"penalties are each seat's last reshuffle penalty: {allowed}; "
                f"seat {seat} has {shown(penalty)}"
            )
    return paid


def _penalties_charged(rules: SheddingGame[Any, Any], largest: int) -> set[int]:
    """The penalties :meth:`reshuffle_penalty` charges one after another from 0, up
    to ``largest`` (and at least the first four), while they keep growing."""
    charged: set[int] = set()
    last = 0
    for _ in range(100_000):
        penalty = rules.reshuffle_penalty(last)
        if penalty <= last:
            break
        charged.add(penalty)
        last = penalty
        if last >= largest and len(charged) >= 4:
            break
    return charged


def position(
    rules: SheddingGame[Any, Any],
    hands: Sequence[Sequence[Card | str] | str],
    discard: Sequence[Card | str] | str,
    stock: Sequence[Card | str] | str = (),
    *,
    to_move: int,
    suit: Suit | str | None = None,
    direction: int = CLOCKWISE,
    dealer: int = 0,
    hand_number: int = 1,
    count: int = 0,
    idle_turns: int = 0,
    scores: Sequence[int] | None = None,
    penalties: Sequence[int] | None = None,
    seed: int | None = None,
    draws_this_turn: int = 0,
    cards_played: int = 0,
    phase: Phase | str = Phase.PLAY,
    payload: Any = None,
) -> Any:
    """:meth:`SheddingGame.position <cardrules.shedding.engine.SheddingGame.position>`."""
    players = rules.players
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != players:
        raise SetupError(f"hands must be {players} sequences of cards, one per seat")
    tables = tables_for(rules.card_table)
    held = tuple(tuple(sorted(tables.parse_cards(hand))) for hand in hands)
    pile = tables.parse_cards(discard)
    if not pile:
        raise SetupError("the discard pile needs at least its top card")
    drawn = tables.parse_cards(stock)
    for seat, what in ((to_move, "to_move"), (dealer, "dealer")):
        if not is_seat(seat, players):
            raise SetupError(f"{what} must be a seat from 0 to {players - 1}, not {shown(seat)}")
    direction = check_direction(direction)
    hand_number = _check_hand_number(rules, hand_number)
    count = check_int(count, "count", 0)
    blocked_at = rules.blocked_after or players
    idle_turns = check_int(
        idle_turns,
        "idle_turns",
        0,
        blocked_at - 1,
        note=f" (after {blocked_at} turns in a row with nothing played or drawn the "
        "hand is blocked)",
    )
    limit = rules.draw_limit
    draws = check_int(draws_this_turn, "draws_this_turn", 0, None if limit is None else limit)
    cap = rules.max_plays
    played = check_int(cards_played, "cards_played", 0, None if cap is None else cap - 1)
    in_play = Counter(_cards_in_play(rules))
    used = Counter([*(c for hand in held for c in hand), *pile, *drawn])
    extra = used - in_play
    if extra:
        raise SetupError(f"more copies than the deck holds: {format_cards(sorted(extra))}")
    follow = tables.suit_of[pile[-1]] if suit is None else tables.parse_suit(suit)
    if follow is None:
        raise SetupError(
            f"the top card {pile[-1]} has no suit: give the suit to follow (suit=...; "
            f"one of {', '.join(str(one) for one in tables.suits)})"
        )
    rng = seed_state(resolve_seed(seed))
    table = ShedTable(held, drawn, pile, follow, direction, rng)
    hand = HandInfo(rules, hand_number, rules.cards_each(hand_number), dealer)
    zeros = (0,) * players
    return rules.state_class(
        hand,
        table,
        to_move,
        phase,
        count,
        False,
        (),
        zeros,
        idle_turns,
        _check_penalties(rules, penalties),
        check_scores(scores, players),
        draws,
        played,
        payload,
    )


def determinized(rules: SheddingGame[Any, Any], view: ShedView, seed: int) -> Any:
    """:meth:`SheddingGame.determinize <cardrules.shedding.engine.SheddingGame.determinize>`:
    the other hands and the stock dealt uniformly from the cards ``view.seat`` has
    not seen (every draw is face down)."""
    if type(view) is not rules.view_class:
        raise StateError(
            f"determinize needs a {rules.view_class.__name__}, not a {type(view).__name__}"
        )
    players = rules.players
    if len(view.hand_sizes) != players or not is_seat(view.seat, players):
        raise StateError(
            f"this view is not of a {players}-player game (seat {shown(view.seat)}, "
            f"{len(view.hand_sizes)} hand sizes)"
        )
    unseen = list(_cards_in_play(rules))
    try:
        for card in view.hand + view.discard:
            unseen.remove(card)
    except ValueError:
        raise StateError("the view shows cards that are not in the deck in use") from None
    # More unseen cards than places for them: a position with cards out of play (which
    # ones, the seat cannot know), dealt from them all.
    if len(unseen) < view.stock_size + sum(view.hand_sizes) - len(view.hand):
        raise StateError("the view's hand and pile sizes do not add up to the deck in use")
    rng = seed_state(check_seed(seed))
    order, rng = shuffled(unseen, rng)
    hands = []
    position = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(view.hand)
        else:
            hands.append(tuple(sorted(order[position : position + size])))
            position += size
    stock = order[position : position + view.stock_size]
    table = ShedTable(tuple(hands), stock, view.discard, view.suit, view.direction, rng)
    hand = HandInfo(
        rules,
        view.hand_number,
        view.cards_dealt,
        view.dealer,
        view.dealer_draws,
        view.winners,
    )
    return rules.state_class(
        hand,
        table,
        view.to_move,
        view.phase,
        view.count,
        view.count_out,
        view.exposed,
        view.forfeits,
        view.idle_turns,
        view.penalties,
        view.scores,
        view.draws_this_turn,
        view.cards_played,
        rules.determinize_payload(view, tuple(hands), rng),
        view.face,
    )


def _check_position(
    rules: SheddingGame[Any, Any],
    hands: Sequence[Sequence[Card | str]] | None,
    stock: Sequence[Card | str] | None,
    rng: int,
    direction: int,
) -> ShedTable:
    if hands is None or stock is None:
        raise SetupError("an explicit position needs both hands and stock")
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != rules.players:
        raise SetupError(f"hands must be {rules.players} sequences of cards, one per seat")
    tables = tables_for(rules.card_table)
    parsed = []
    for seat, hand in enumerate(hands):
        if isinstance(hand, str) or not isinstance(hand, Sequence) or not hand:
            raise SetupError(f"the hand of seat {seat} must be a non-empty sequence of cards")
        parsed.append(tuple(sorted(tables.parse_cards(hand))))
    if isinstance(stock, str) or not isinstance(stock, Sequence) or not stock:
        raise SetupError("stock must be a non-empty sequence of cards, top first")
    pile = tables.parse_cards(stock)
    in_play = rules.deck if tables.deck is None else tables.deck
    in_play.check_order([card for hand in parsed for card in hand] + list(pile))
    turned = pile[0]
    return ShedTable(tuple(parsed), pile[1:], (turned,), tables.suit_of[turned], direction, rng)


def _cards_in_play(rules: SheddingGame[Any, Any]) -> tuple[Any, ...]:
    """Every card in play, a card as often as its copies: of the game's French
    ``deck``, or of the declared deck of its card table."""
    deck = tables_for(rules.card_table).deck
    return rules.deck.cards() if deck is None else deck.cards
