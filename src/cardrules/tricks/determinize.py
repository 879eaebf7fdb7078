"""Determinization of trick-taking views: a full state that agrees with what one seat
knows, the cards it has not seen dealt at random (what
:meth:`TrickGame.determinize <cardrules.tricks.engine.TrickGame.determinize>` returns).

What a view fixes is worked out once for the view (the cards each seat has played,
the cards known to be elsewhere, the cards each seat may not hold since it has shown
out of their suit or since one of its plays would have been illegal with them, see
:func:`_restricted_plays`, the state's fields that a sample keeps) and remembered for
the last few views determinized, since a search determinizes one view again and again;
each sample then costs one draw of the exact sampler (:class:`cardrules.deck.DealSampler`)
and the new state's fields. (A game's ``restrict`` that barring cards cannot follow
also has each sample checked against the plays it leaves unsettled, and drawn again
until it agrees.) A view is immutable, so the same view object always gets the same
plan.

>>> import cardrules as cr
>>> game = cr.Cramps()
>>> state = game.new_game(seed=3)
>>> view = game.observe(state, 0)
>>> sample = game.determinize(view, 11)  # through determinized()
>>> game.observe(sample, 0) == view, sample == game.determinize(view, 11)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from operator import attrgetter, or_
from typing import Any, NamedTuple

from cardrules._text import shown
from cardrules.cards import (
    ALL_CARDS,
    CARD_BIT,
    FULL_MASK,
    SUIT_MASK,
    SUIT_OF_INDEX,
    Card,
    mask_of,
)
from cardrules.deck import DealSampler
from cardrules.errors import SeatError, StateError
from cardrules.rng import next_u64, seed_state
from cardrules.seats import is_seat
from cardrules.tricks.state import DealInfo, TrickRecord, play_orders, tricks_as_records

__all__ = ["determinized"]

# The last few (game, view, plan) triples, the latest first: one tuple, replaced whole,
# so that a thread never reads half of another thread's update.
_REMEMBERED = 4
_recent: list[tuple[tuple[Any, Any, _Plan], ...]] = [()]

# Mixed into the sample's generator for the streams a sample hands on (the later
# deals' generator, the game's payload), so that they are not the sampler's own.
_DEAL_STREAM = 0x6A09E667F3BCC909
_PAYLOAD_STREAM = 0xBB67AE8584CAA73B
_RETRY_STREAM = 0x3C6EF372FE94F82B  # a deal drawn again (see _Check)
_TRIES = 1000

_new = object.__new__


def determinized(
    game: Any, view: Any, seed: int, default_payload: Callable[..., Any] | None
) -> Any:
    """A state of ``game`` (a :class:`~cardrules.tricks.engine.TrickGame`) that agrees
    with ``view``, the cards ``view.seat`` has not seen dealt with ``seed``: see
    :meth:`TrickGame.determinize <cardrules.tricks.engine.TrickGame.determinize>`.
    ``default_payload`` is the engine's own ``determinize_payload``: a game that keeps
    it gets the view's payload without a call.

    Raises :class:`~cardrules.StateError` for a view of another game or one that no
    deal agrees with, :class:`~cardrules.SeatError` for a view of a seat the game does
    not have, and :class:`~cardrules.SetupError` for a seed that is not an int from 0
    to 2**64 - 1.
    """
    for entry in _recent[0]:
        if entry[1] is view and entry[0] is game:
            plan = entry[2]
            break
    else:
        plan = _Plan(game, view, default_payload)
        _recent[0] = ((game, view, plan), *_recent[0][: _REMEMBERED - 1])
    return plan.sample(seed_state(seed))


class _Plan:
    """What one view fixes of every sample, and the sampler of the rest."""

    __slots__ = (
        "_cards",
        "_checks",
        "_dealer",
        "_fixed",
        "_game",
        "_hook",
        "_leader",
        "_left",
        "_number",
        "_order",
        "_out",
        "_payload",
        "_phase",
        "_played",
        "_players",
        "_round_scores",
        "_sampler",
        "_scores",
        "_size",
        "_state_class",
        "_surplus",
        "_tricks",
        "_turned",
        "_view",
        "_winners",
    )

    def __init__(self, game: Any, view: Any, default_payload: Callable[..., Any] | None) -> None:
        if type(view) is not game.view_class:
            raise StateError(
                f"determinize needs a {game.view_class.__name__}, not a {type(view).__name__}"
            )
        players = game.players
        seat = view.seat
        if not is_seat(seat, players) or len(view.hand_sizes) != players:
            raise SeatError(f"the view's seat must be 0 to {players - 1}, not {shown(seat)}")
        orders = play_orders(players, view.trick._out)  # the same seats sit out all deal
        if game.effective_suits:
            played, barred = _shown_by_effective_suits(game, view, orders)
            records = tricks_as_records(view.tricks, players)
        else:
            played, barred, records = _shown(view, players, orders)
        known = game.known_cards(view)
        fixed = list(known)
        fixed[seat] |= _masks(bytes(view.hand), _LABELS[0:1] * len(view.hand), 1)[0]
        seen = 0
        for mask in (*fixed, *played):
            seen |= mask
        if view.turned_up is not None:
            seen |= CARD_BIT[view.turned_up]
        seen |= game.set_aside(view)
        deck = game.deck()
        unseen = (FULL_MASK if deck is ALL_CARDS else mask_of(deck)) & ~seen
        checks: tuple[_Check, ...] = ()
        if game.restricts:  # what each restricted play says its seat did not hold
            checks = _restricted_plays(game, view, orders, records, played, fixed, barred, unseen)
        sizes = [size - mask.bit_count() for size, mask in zip(view.hand_sizes, known, strict=True)]
        sizes[seat] = 0
        surplus = unseen.bit_count() - sum(sizes)
        if surplus < 0 or min(sizes) < 0:
            raise StateError("no deal agrees with this view: too few unseen cards")
        if surplus:  # the undealt cards: one more place, which may get anything
            sizes.append(surplus)
            barred.append(0)
        self._sampler = DealSampler(unseen, sizes, barred)
        self._checks = checks
        self._tricks = records
        self._game = game
        self._view = view
        self._hook = type(game).determinize_payload is not default_payload
        self._players = players
        self._fixed = tuple(fixed)
        self._played = tuple(played)
        held = 0
        for mask in fixed:
            held |= mask
        self._left = held | unseen  # less the undealt cards, if any
        self._surplus = bool(surplus)
        # The seats dealt nothing sit the deal out (a sample gives a seat cards only
        # where it has room for them).
        out = 0
        for who in range(players):
            if not (sizes[who] or fixed[who] or played[who]):
                out |= 1 << who
        self._out = out
        self._order = play_orders(players, out)
        self._size = players - out.bit_count()
        self._state_class = game.state_class
        self._number = view.round_number
        self._dealer = view.dealer
        self._scores = view.scores
        self._winners = view.winners
        self._turned = view.turned_up
        self._phase = view.phase
        self._payload = view.payload
        self._leader = view.trick.leader
        self._cards = view.trick.cards
        self._round_scores = view.round_scores

    def sample(self, rng: int) -> Any:
        """One state agreeing with the view, its unseen cards dealt with ``rng`` (dealt
        again, from a generator drawn from it, while a play the plan could not make
        sure of by barring cards would not have been legal: see :class:`_Check`)."""
        state = self._deal(rng)
        if self._checks:
            tries = _TRIES
            while not self._history_is_legal(state):
                tries -= 1
                if not tries:
                    raise StateError(
                        f"no deal of {_TRIES} drawn agrees with every play of this view: "
                        "the game's restrict allows a card from a hand but not from a "
                        "part of it that holds the card, and few deals fit"
                    )
                rng = next_u64(rng ^ _RETRY_STREAM)[0]
                state = self._deal(rng)
        return state

    def _history_is_legal(self, state: Any) -> bool:
        """Whether every play the plan checks was legal for the hand ``state`` gives
        its seat at the time, as the game's own :meth:`legal_moves` says."""
        game = self._game
        deal = state._deal
        if deal._winners:  # (a finished game lists no moves: its deal, not over)
            deal = deal.copied()
            deal._winners = ()
        for check in self._checks:
            left = state._left | check.later
            before = self._state_class(
                deal, left, check.leader, check.cards, check.tricks, check.round_scores
            )
            game.legal_moves(before)
            if not before._allowed >> check.card & 1:
                return False
        return True

    def _deal(self, rng: int) -> Any:
        """The state whose unseen cards are dealt with ``rng``."""
        hands = self._sampler.deal(rng)
        held = tuple(map(or_, hands, self._fixed))  # (not the undealt cards' place)
        dealt = tuple(map(or_, held, self._played))
        left = self._left & ~hands[-1] if self._surplus else self._left
        payload = self._payload
        if self._hook:
            payload = self._game.determinize_payload(
                self._view, held, next_u64(rng ^ _PAYLOAD_STREAM)[0]
            )
        # Filled in here rather than through DealInfo() and the state's __init__: the
        # seats out, their orders and the trick size are the plan's.
        deal = _new(DealInfo)
        deal._rules = self._game
        deal._players = self._players
        deal._number = self._number
        deal._dealer = self._dealer
        deal._dealt = dealt
        deal._out = self._out
        deal._order = self._order
        deal._size = self._size
        deal._scores = self._scores
        deal._rng = next_u64(rng ^ _DEAL_STREAM)[0]
        deal._winners = winners = self._winners
        deal._turned = self._turned
        deal._phase = self._phase
        deal._payload = payload
        deal._table = None  # the suit table, worked out when the play first needs it
        state = _new(self._state_class)
        state._deal = deal
        state._left = left
        state._leader = self._leader
        state._cards = self._cards
        state._tricks = self._tricks
        state._round_scores = self._round_scores
        state._allowed = 0 if winners else None
        return state


_SUIT = list(SUIT_OF_INDEX)
_BIT = list(CARD_BIT)
_CARDS = attrgetter("_cards")
_LEADER = attrgetter("_leader")
_WINNER = attrgetter("_winner")
_SUIT_OF_BYTE = bytes(SUIT_OF_INDEX) + bytes(204)  # a card's index to its suit
# The label of seat s in _masks is the byte 0xC0 + s, above every card index; its
# table turns that label into b"1" and every other byte into b"0".
_LABELS = bytes(range(0xC0, 0x100))
_SELECT = tuple(b"0" * (0xC0 + seat) + b"1" + b"0" * (63 - seat) for seat in range(64))


def _masks(cards: bytes, labels: bytes, count: int) -> list[int]:
    """The cards (indices) of ``cards`` whose ``labels`` (seat labels, one a card) are
    each of the first ``count`` seats', as masks: every card's label where the card's
    index is, read from card 51 down, is each seat's mask in binary once its labels are
    b"1"s and the rest b"0"s."""
    table = bytes.maketrans(cards, labels)[51::-1]
    return [int(table.translate(select), 2) for select in _SELECT[:count]]


def _shown(
    view: Any, players: int, orders: tuple[tuple[int, ...], ...]
) -> tuple[list[int], list[int], tuple[TrickRecord, ...]]:
    """The cards each seat has played this deal, the cards of the suits each has shown
    out of (as masks), and the completed tricks as the engine keeps them, worked out on
    the bytes of all the cards played at once."""
    done, current = view.tricks, view.trick
    cards_of = list(map(_CARDS, done))
    leaders = list(map(_LEADER, done))
    winners = list(map(_WINNER, done))
    size = players - current._out.bit_count()  # the cards of a complete trick
    if (cards_of and set(map(len, cards_of)) != {size}) or None in winners:
        tricks_as_records(done, players)  # raises, saying which trick is not complete
    labels_of = [bytes([0xC0 + seat for seat in order]) for order in orders]
    now = current._cards
    cards = b"".join(map(bytes, cards_of)) + bytes(now)
    seats = b"".join(map(labels_of.__getitem__, leaders)) + labels_of[current._leader][: len(now)]
    played = _masks(cards, seats, players)
    barred = [0] * players
    # The suits, trick by trick (each complete trick is size cards): a card whose suit
    # differs from the lead's shows its seat out of the suit led.
    suits = cards.translate(_SUIT_OF_BYTE)
    end = size * len(done)
    leads = suits[0:end:size]
    for position in range(1, size):
        follows = suits[position:end:size]
        if follows == leads:
            continue
        differ = int.from_bytes(follows, "little") ^ int.from_bytes(leads, "little")
        while differ:
            number = ((differ & -differ).bit_length() - 1) >> 3
            differ &= ~(0xFF << 8 * number)
            barred[seats[number * size + position] - 0xC0] |= SUIT_MASK[leads[number]]
    for position in range(end + 1, len(suits)):
        if suits[position] != suits[end]:
            barred[seats[position] - 0xC0] |= SUIT_MASK[suits[end]]
    return played, barred, tuple(zip(leaders, cards_of, winners, strict=True))


def _shown_by_effective_suits(
    game: Any, view: Any, orders: tuple[tuple[int, ...], ...]
) -> tuple[list[int], list[int]]:
    """:func:`_shown`'s played cards and barred cards (of the effective suits each seat
    has shown out of: by the deal's suit table, from the game's hooks or its declared
    card order), card by card."""
    players = game.players
    played = [0] * players
    barred = [0] * players
    follow = game.suit_table(game.trump_of(view))._follow
    for trick in (*view.tricks, view.trick):
        cards = trick._cards
        if not cards:
            continue
        led = follow[cards[0]]
        for seat, card in zip(orders[trick._leader], cards, strict=False):
            bit = CARD_BIT[card]
            played[seat] |= bit
            if not bit & led:
                barred[seat] |= led
    return played, barred


class _Check(NamedTuple):
    """A play that each sample is checked against (see :func:`_restricted_plays`):
    ``card``, played after ``cards`` in a trick led by ``leader``, ``tricks`` the deal's
    tricks before it and ``round_scores`` their points; ``later`` the cards played from
    it on (held then: with the cards a sample's hands hold, the hands of that time)."""

    card: int
    leader: int
    cards: tuple[Card, ...]
    tricks: tuple[TrickRecord, ...]
    round_scores: tuple[int, ...]
    later: int


def _restricted_plays(
    game: Any,
    view: Any,
    orders: tuple[tuple[int, ...], ...],
    records: tuple[TrickRecord, ...],
    played: list[int],
    fixed: list[int],
    barred: list[int],
    unseen: int,
) -> tuple[_Check, ...]:
    """What the game's :meth:`~cardrules.tricks.engine.TrickGame.restrict` says of the
    hands. For each play of the deal the hook was asked about (a lead; a card that
    follows one in the first ``restricted_follows`` tricks) by a seat other than
    ``view.seat``, the unseen cards whose presence in that seat's hand, beside the cards
    it is known to have held then (those it played from then on, those
    :meth:`~cardrules.tricks.engine.TrickGame.known_cards` keeps there), would have
    made the play illegal are added to its ``barred`` mask: a spade led in Spades while
    spades are unbroken bars every other suit. The hook is asked with the state of that
    time as far as the seat knows it (the view's payload, hands of the known cards) and
    the cards the hand would allow (following suit).

    That is exact for a restriction that forbids a card because of other cards held,
    which is what restrictions are (a card allowed from a hand is then allowed from any
    part of the hand that holds it). The plays that barring cannot account for (a hook
    that needs two cards together to forbid a card, or a card held to allow one) are
    returned, to check every sample against."""
    seat = view.seat
    follows = game.restricted_follows
    table = game.suit_table(game.trump_of(view)) if game.effective_suits else None
    restrict = game.restrict
    new_state = game.state_class
    bit = _BIT
    everything = reduce(or_, played, 0)
    still = reduce(or_, fixed, 0)  # (the known cards not played: held all along)
    deal = _probe_deal(
        game, view, orders, [mine | held for mine, held in zip(played, fixed, strict=True)]
    )
    scores = [0] * len(played)
    unknown = [size - mine.bit_count() for size, mine in zip(view.hand_sizes, fixed, strict=True)]
    checks: list[_Check] = []
    gone = 0  # the cards played before the play looked at
    current = (view.trick.leader, view.trick.cards, None)
    for number, (leader, cards, winner) in enumerate((*records, current)):
        order = orders[leader]
        asked = len(cards) if follows is None or number < follows else min(len(cards), 1)
        before = gone
        for position in range(asked):
            who = order[position]
            card = cards[position]
            if who != seat and unknown[who]:  # (a seat whose cards are all known: none)
                left = still | (everything & ~before)
                past = records[:number]
                state = new_state(deal, left, leader, cards[:position], past, tuple(scores))
                follow = 0  # the cards that follow the lead (0 for a lead: any)
                if position:
                    lead = cards[0]
                    follow = table._follow[lead] if table is not None else SUIT_MASK[_SUIT[lead]]
                base = (played[who] & ~before) | fixed[who]
                maybe = unseen & ~barred[who]
                most = base | maybe
                if restrict(state, who, most & follow or most) >> card & 1:
                    # (The usual case: allowed with every card the seat may hold.)
                    unsure = not restrict(state, who, base & follow or base) >> card & 1
                elif restrict(state, who, base & follow or base) >> card & 1:
                    held = _allowing(restrict, state, who, card, follow, base, maybe)
                    barred[who] |= maybe & ~held
                    most = base | held
                    unsure = not restrict(state, who, most & follow or most) >> card & 1
                else:  # (allowed only with some card the seat may hold)
                    unsure = True
                if unsure:  # no barring accounts for it: each sample is checked
                    later = everything & ~before
                    checks.append(
                        _Check(card, leader, cards[:position], past, tuple(scores), later)
                    )
            before |= bit[card]
        for card in cards[asked:]:
            before |= bit[card]
        gone = before
        if winner is not None:  # the trick's points, as the engine scores them
            if game._scores_tricks:  # (asked in the state its last card is played in)
                left = still | (everything & ~gone) | CARD_BIT[cards[-1]]
                past = records[:number]
                state = new_state(deal, left, leader, cards[:-1], past, tuple(scores))
                scores[winner] += game.score_trick(state, number + 1, cards, winner)
            else:
                scores[winner] += game.trick_points(number + 1, cards)
    return tuple(checks)


def _allowing(
    restrict: Callable[[Any, int, int], int],
    state: Any,
    who: int,
    card: int,
    follow: int,
    base: int,
    maybe: int,
) -> int:
    """The cards of ``maybe`` that ``who`` may have held beside ``base`` when it played
    ``card`` in ``state`` (``follow``: the cards that follow the lead, 0 for a lead):
    all but those that alone, with ``base``, would have made ``restrict`` refuse it."""
    rest = held = maybe
    while rest:
        low = rest & -rest
        rest ^= low
        hand = base | low
        if not restrict(state, who, hand & follow or hand) >> card & 1:
            held ^= low
    return held


def _probe_deal(
    game: Any, view: Any, orders: tuple[tuple[int, ...], ...], dealt: list[int]
) -> DealInfo:
    """The view's deal with ``dealt`` hands (the cards known of each seat), in its play:
    for the states of its past that the game's hooks are asked about."""
    deal = _new(DealInfo)
    deal._rules = game
    deal._players = len(dealt)
    deal._number = view.round_number
    deal._dealer = view.dealer
    deal._dealt = tuple(dealt)
    deal._out = out = view.trick._out
    deal._order = orders
    deal._size = len(dealt) - out.bit_count()
    deal._scores = view.scores
    deal._rng = 0
    deal._winners = ()
    deal._turned = view.turned_up
    deal._phase = None
    deal._payload = view.payload
    deal._table = None
    return deal
