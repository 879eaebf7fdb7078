"""How a shedding game moves on: what each card does when played (skip, reverse, draws,
play again, the count), drawing with reshuffles and their penalty, turn advance past
forfeited turns, "one card" and its penalty, blocked hands and the end of a hand.

These mechanics are written once for every game on the shedding engine, as functions
of the game's rules (a :class:`~cardrules.shedding.engine.SheddingGame`, whose policies
and hooks they read) and of the state being made: a transition copies the state into a
new one that only it has seen (:func:`work_on`), applies the mechanics to it in place
and returns it (:func:`finished`). The functions in ``__all__`` are the ones the
engine's other modules call (:class:`~cardrules.shedding.engine.SheddingGame` is the
one engine class; these are its helpers, public within the family so that no module
reaches into another's private names).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from cardrules.cards import RANK_OF_INDEX, Card
from cardrules.errors import RulesError
from cardrules.events import CardPlayed, CardTurnedUp, Event, GameOver, HandDealt, HandScored
from cardrules.moves import Play
from cardrules.rng import randbelow, shuffled
from cardrules.shedding.core import Action, CardRule, dealt_cards, draw_from
from cardrules.shedding.events import (
    CardsDrawn,
    CountEnded,
    CountRaised,
    CountStarted,
    DirectionChanged,
    HandBlocked,
    HandsPassed,
    HandsSwapped,
    OneCardAnnounced,
    PileReshuffled,
    PlayAgain,
    Reshuffled,
    ReturnedToStock,
    SuitChosen,
    SuitNamed,
    TurnForfeited,
    TurnSkipped,
)
from cardrules.shedding.state import CardLookup, HandInfo, Phase, ShedState, tables_for
from cardrules.values import with_slots

if TYPE_CHECKING:
    from cardrules.shedding.engine import SheddingGame

__all__ = [
    "advance",
    "announce_move",
    "begin_hand",
    "deal_hand",
    "draw_cards",
    "draw_move",
    "end_hand",
    "finished",
    "forfeit_turn",
    "lowest_rank_deals",
    "name_suit_move",
    "pass_hands",
    "pass_move",
    "penalize",
    "play_card",
    "play_from_hand",
    "random_below",
    "resume_play",
    "start_play",
    "swap_hands",
    "to_phase",
    "work_on",
]


def _replace(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return values[:seat] + (value,) + values[seat + 1 :]


# Enum members as module constants: `Action.SKIP` goes through the enum class's
# attribute machinery (0.1 to 0.2 µs in CPython 3.11) at every use, and the mechanics
# below use several on every move.
_WILD = Action.WILD
_WILD_KEEP_SUIT = Action.WILD_KEEP_SUIT
_SKIP = Action.SKIP
_OTHERS_DRAW = Action.OTHERS_DRAW
_TWO_ALONG_DRAWS = Action.TWO_ALONG_DRAWS
_PLAY_AGAIN = Action.PLAY_AGAIN
_REVERSE = Action.REVERSE
_OWN = Action.OWN
_NONE = Action.NONE
_PLAIN = CardRule("none", 0)
_PLAYING = Phase.PLAY
_NAMING = Phase.NAME_SUIT
_ANNOUNCING = Phase.ANNOUNCE
_OVER = Phase.OVER

_new_state = object.__new__
_BIT = tuple(1 << card for card in range(512))
"""The first copy's bit of each card (``CardLookup.bit_of`` of any table: a card table
refuses a deck of more kinds), read on every play and draw as one module constant."""
_NO_RANK = 1 << 30


def work_on(state: ShedState, events: list[Event] | None) -> ShedState:
    """A new state to fill in during one transition: a copy of ``state`` that the
    mechanics below change in place (it is the transition's own until it is returned,
    and nobody else has seen it), with the transition's ``events`` list, if any."""
    work = _new_state(type(state))
    work._hand = state._hand
    work._hands = state._hands
    work._stock = state._stock
    work._discard = state._discard
    work._suit = state._suit
    work._face = state._face
    work._direction = state._direction
    work._rng = state._rng
    work._to_move = state._to_move
    work._phase = state._phase
    work._count = state._count
    work._count_out = state._count_out
    work._exposed = state._exposed
    work._forfeits = state._forfeits
    work._idle = state._idle
    work._penalties = state._penalties
    work._scores = state._scores
    work._drawn = state._drawn
    work._drawn_card = state._drawn_card
    work._played = state._played
    work._payload = state._payload
    work._legal = None
    work._events = events
    return work


def finished(work: ShedState) -> ShedState:
    """The finished state of a transition (it no longer holds the events list)."""
    work._events = None
    return work


# -- dealing and the turned-up card ----------------------------------------------


def deal_hand(
    rules: SheddingGame[Any, Any],
    work: ShedState,
    number: int,
    dealer: int,
    direction: int,
    order: tuple[Card, ...] | None,
    rng: int,
    draws: tuple[tuple[int, Card], ...] = (),
) -> None:
    """Deal one at a time from the dealer's side, turn up the top of the
    stock (a stacked ``order``, or a shuffle from ``rng``)."""
    cards_each = rules.cards_each(number)
    hand = HandInfo(rules, number, cards_each, dealer, draws)
    tables = hand._tables
    if order is None:
        order, rng = (rules.deck if tables.deck is None else tables.deck).shuffled(rng)
    players = rules.players
    dealt = players * cards_each
    hands = dealt_cards(order, dealer, players, cards_each, direction)
    work._hands = tuple(map(tables.mask, hands))
    work._stock = order[dealt + 1 :]
    work._discard = order[dealt : dealt + 1]
    work._suit = tables.suit_of[order[dealt]]
    work._face = tables.face_of[order[dealt]]
    work._direction = direction
    work._rng = rng
    begin_hand(rules, work, hand)


def begin_hand(rules: SheddingGame[Any, Any], work: ShedState, hand: HandInfo) -> None:
    """Start a hand whose cards are on the table (in ``work``)."""
    work._hand = hand
    work._count = 0
    work._count_out = False
    work._exposed = ()
    work._forfeits = (0,) * rules.players
    work._idle = 0
    work._drawn = 0
    work._drawn_card = None
    work._played = 0
    work._payload = None
    if work._events is not None:
        work._events.append(HandDealt(hand._number, hand._dealer, hand._cards_dealt))
    phase = rules.start_of_hand(work)
    if phase is not None:  # the game's own phase before the play
        work._phase, work._to_move, work._payload = phase
        return
    start_play(rules, work)


def start_play(rules: SheddingGame[Any, Any], work: ShedState) -> None:
    """Start the play of a dealt hand: the answers on receiving the cards where the
    game has them, else the turned-up card."""
    hand = work._hand
    if rules.announce_on_receiving(hand._cards_dealt):
        # Everyone answers in dealing order before the turned-up card acts.
        work._phase = _ANNOUNCING
        work._to_move = (hand._dealer + work._direction) % rules.players
        return
    _turn_up(rules, work)


def _acts_when_turned_up(rules: SheddingGame[Any, Any], card: Card) -> bool:
    """Whether ``card``, turned up to start the pile, acts as the dealer's play
    (the game's ``turned_up_acts``: all ranks, none, or the ranks listed; on a
    declared deck, the kinds of card listed)."""
    acts = rules.turned_up_acts
    if isinstance(acts, bool):
        return acts
    deck = tables_for(rules.card_table).deck
    if deck is not None:
        return deck.kinds[card].kind in acts
    return RANK_OF_INDEX[card] in acts


def _turn_up(rules: SheddingGame[Any, Any], work: ShedState) -> None:
    """The turned-up card: it acts as the dealer's play; or, for the
    ranks that do not act, a wild card goes back into the stock (under it, or
    shuffled in: ``turned_up_wild``) and the next card is turned up, and play
    starts at the dealer's side."""
    dealer = work._hand._dealer
    rule_of = work._hand._tables.rule_of
    while (
        rule_of[work._discard[-1]].is_wild
        and not _acts_when_turned_up(rules, work._discard[-1])
        and work._stock
    ):
        stock = work._stock + work._discard[-1:]
        shuffle = rules.turned_up_wild == "shuffled_in"
        if work._events is not None:
            work._events.append(ReturnedToStock(dealer, work._discard[-1], shuffle))
        if shuffle:
            stock, work._rng = shuffled(stock, work._rng)
        work._stock = stock[1:]
        work._discard = stock[:1]
        work._suit = work._hand._tables.suit_of[stock[0]]
        work._face = work._hand._tables.face_of[stock[0]]
    card = work._discard[-1]
    if work._events is not None:
        work._events.append(CardTurnedUp(dealer, card))
    work._phase = _PLAYING
    first = (dealer + work._direction) % rules.players
    if not _acts_when_turned_up(rules, card):
        advance(rules, work, first)
        return
    rule = rule_of[card]
    if rule.starts_count:
        _start_count(rules, work, dealer, rule.count)
        advance(rules, work, first)
    elif rule.action is _WILD and rules.turned_up_names == "random":
        suits = work._hand._tables.suits
        work._suit = suits[random_below(work, len(suits))]
        if work._events is not None:
            work._events.append(SuitChosen(work._suit))
        _first_turn(rules, work, rule.draws)
    elif rule.action is _WILD:
        work._phase = _NAMING
        work._to_move = dealer if rules.turned_up_names == "dealer" else first
    else:
        if rule.action is _REVERSE and rules.turned_up_reverse == "dealer":
            work._direction = -work._direction
            if work._events is not None:
                work._events.append(DirectionChanged(work._direction))
            next_seat = dealer
        else:
            next_seat = _carry_out(rules, work, dealer, rule.action)
        if rule.draws:
            skip = rules.turned_up_draws_skip
            next_seat = _draws(rules, work, dealer, next_seat, rule.draws, skip)
        advance(rules, work, next_seat)


def _first_turn(rules: SheddingGame[Any, Any], work: ShedState, draws: int) -> None:
    """The play starts after a turned-up wild card's suit is named: at the dealer's
    side, that player drawing ``draws`` first (and losing the turn, if the game's
    ``turned_up_draws_skip`` says so)."""
    dealer = work._hand._dealer
    next_seat = (dealer + work._direction) % rules.players
    if draws:
        next_seat = _draws(rules, work, dealer, next_seat, draws, rules.turned_up_draws_skip)
    advance(rules, work, next_seat)


# -- moves ---------------------------------------------------------------------------


def play_card(
    rules: SheddingGame[Any, Any],
    state: ShedState,
    seat: int,
    move: Play,
    tables: CardLookup,
    events: list[Event] | None,
) -> ShedState:
    """The state after a card played: its function, the count,
    going out, "one card". The most common transition: the new state is filled in
    here directly rather than copied by :func:`work_on` and then changed."""
    card = move.card
    rule = tables.rule_of[card]
    action = rule.action
    hands = state._hands
    held = hands[seat]
    # No copies held: the card's bit; else its last copy (CardLookup.without_card).
    held = held ^ _BIT[card] if held <= tables.single else tables.without_card(held, card)
    left = held.bit_count()
    work = _new_state(type(state))
    work._hand = hand = state._hand
    changed = list(hands)
    changed[seat] = held
    work._hands = tuple(changed)
    work._stock = state._stock
    work._discard = state._discard + (card,)
    suit = move.suit
    if suit is not None:  # a wild card naming a suit
        work._suit = suit
    elif action is _WILD_KEEP_SUIT:
        work._suit = state._suit
    else:
        work._suit = tables.suit_of[card]
    work._face = tables.face_of[card]
    work._direction = state._direction
    work._rng = state._rng
    work._to_move = seat
    work._phase = _PLAYING
    work._count = state._count
    work._count_out = state._count_out
    work._exposed = ()
    work._forfeits = state._forfeits
    work._idle = 0
    work._penalties = state._penalties
    work._scores = state._scores
    work._drawn = 0
    work._drawn_card = None
    work._played = played = state._played + 1
    work._payload = state._payload
    work._legal = None
    work._events = events
    if events is not None:
        events.append(CardPlayed(seat, card))
        if move.announce:
            events.append(OneCardAnnounced(seat))
        if suit is not None:
            events.append(SuitNamed(seat, suit))
    if (
        hand._watch_plays
        and (not left or played > hand._last_play or not work._stock)  # (else: nothing)
        and _after_play(rules, work, seat, left, played)
    ):
        work._events = None
        return work
    if work._count:
        # A card played into the count only raises it.
        work._count += rule.count
        if events is not None:
            events.append(CountRaised(seat, work._count))
        if not left:
            work._count_out = True
        next_seat = (seat + work._direction) % rules.players
    elif rule.starts_count and (not rules.count_needs_stock or _can_refill(rules, work)):
        # A card that starts the count does so, even as the player's last card.
        _start_count(rules, work, seat, rule.count)
        if not left:
            work._count_out = True
        next_seat = (seat + work._direction) % rules.players
    elif not left:
        # Going out; a last card that makes others draw still does so.
        if action is _OTHERS_DRAW or action is _TWO_ALONG_DRAWS:
            _carry_out(rules, work, seat, action)
        if rule.draws:
            victim = (seat + work._direction) % rules.players
            draw_cards(rules, work, victim, rule.draws, "draws")
        end_hand(rules, work, blocked=False)
        work._events = None
        return work
    elif action is _NONE:
        next_seat = (seat + work._direction) % rules.players
    elif action is _OWN:
        own = rules.card_action(work, seat, card)
        if own is None:  # the game has said what comes next (a phase of its own)
            if left == 1 and not move.announce and rules.one_card_calls:
                _expose(rules, work, seat)
            work._events = None
            return work
        if type(own) is not int or not 0 <= own < rules.players:
            raise RulesError(
                f"{type(rules).__name__}.card_action must return the seat that moves next "
                f"(0 to {rules.players - 1}) or None, not {own!r}"
            )
        next_seat = own
    else:
        next_seat = _carry_out(rules, work, seat, action)
    if rule.draws and work._count == 0:  # (not a card played into the count)
        next_seat = _draws(rules, work, seat, next_seat, rule.draws)
    if left == 1 and not move.announce and hand._calls:  # (rules.one_card_calls)
        _expose(rules, work, seat)
    if work._forfeits[next_seat]:
        advance(rules, work, next_seat)
    else:  # what advance does when nobody forfeits a turn, without the call
        work._to_move = next_seat
    work._events = None
    return work


def _after_play(
    rules: SheddingGame[Any, Any], work: ShedState, seat: int, left: int, played: int
) -> bool:
    """What a play does in games with a cap on plays, a reshuffle as soon as the
    stock is empty, or going out that ends the hand at once, before the card's own
    function; returns whether the hand ended."""
    if not left:
        if rules.count_after_going_out:
            return False
        end_hand(rules, work, blocked=False)  # going out ends the hand at once
        return True
    if played > work._hand._last_play:  # the cap on cards played
        end_hand(rules, work, blocked=True)
        return True
    if not work._stock and rules.reshuffle_when == "stock_empty":
        _refill(rules, work, seat)
    return False


def play_from_hand(
    rules: SheddingGame[Any, Any],
    work: ShedState,
    seat: int,
    card: Card,
    *,
    suit: Any = None,
    acts: bool = True,
    announce: bool = False,
) -> None:
    """``seat`` plays ``card`` from its hand onto the pile now, in the transition that
    makes ``work`` (a hook's state, such as
    :meth:`~cardrules.shedding.engine.SheddingGame.after_draw`'s), as a move would:
    its ``CardPlayed`` told to every seat, ``suit`` named (a wild card's: else the card's
    own suit is the one to follow), ``announce`` saying "one card". With ``acts`` the
    card's function is carried out (the count, its action, its draws); without it the
    card is played as a plain one. Either way the turn then goes on from ``seat``, and
    going out ends the hand. The card need not be one the rules allow now: that is the
    caller's rule.

    Raises :class:`~cardrules.RulesError` if ``seat`` does not hold ``card``.
    """
    if not work._hands[seat] & work._hand._tables.bit_of[card]:  # (a copy: the first's bit)
        raise RulesError(f"seat {seat} cannot play {card}: it does not hold it")
    events = work._events
    tables = work._hand._tables
    for move in tables.plays[(suit is not None) * 2 | bool(announce)][card]:
        if move.suit is suit and move.announce is announce:  # (the legal moves' own)
            break
    else:
        move = Play(card, suit=suit, announce=announce)
    played = play_card(rules, work, seat, move, tables if acts else _plainly(tables), events)
    _take_over(work, played)
    work._events = events  # (play_card closes the transition it makes; this one goes on)


def _take_over(work: ShedState, played: ShedState) -> None:
    """``work`` holds what ``played`` holds, but for the transition's events (every
    other slot, written out as in :func:`work_on`)."""
    work._hand = played._hand
    work._hands = played._hands
    work._stock = played._stock
    work._discard = played._discard
    work._suit = played._suit
    work._face = played._face
    work._direction = played._direction
    work._rng = played._rng
    work._to_move = played._to_move
    work._phase = played._phase
    work._count = played._count
    work._count_out = played._count_out
    work._exposed = played._exposed
    work._forfeits = played._forfeits
    work._idle = played._idle
    work._penalties = played._penalties
    work._scores = played._scores
    work._drawn = played._drawn
    work._drawn_card = played._drawn_card
    work._played = played._played
    work._payload = played._payload
    work._legal = played._legal


_PLAINLY: dict[int, tuple[CardLookup, CardLookup]] = {}


def _plainly(tables: CardLookup) -> CardLookup:
    """A card lookup under which every card is played as a plain one, its function not
    carried out (:func:`play_from_hand` without ``acts``); the rest is ``tables``'
    (made once per lookup)."""
    made = _PLAINLY.get(id(tables))
    if made is not None and made[0] is tables:
        return made[1]
    plain = cast(CardLookup, with_slots(tables, rule_of=(_PLAIN,) * len(tables.rule_of)))
    if len(_PLAINLY) >= 64:
        _PLAINLY.clear()
    _PLAINLY[id(tables)] = (tables, plain)
    return plain


def swap_hands(rules: SheddingGame[Any, Any], work: ShedState, seat: int, other: int) -> None:
    """``seat`` and ``other`` swap hands, in the transition that makes ``work`` (told to
    all by ``HandsSwapped``, which names no card: each learns its new hand from its
    view).

    Raises :class:`~cardrules.RulesError` unless they are two seats of the game."""
    players = rules.players
    if not (0 <= seat < players and 0 <= other < players) or seat == other:
        raise RulesError(
            f"two different seats from 0 to {players - 1} swap hands, not {seat}, {other}"
        )
    hands = list(work._hands)
    hands[seat], hands[other] = hands[other], hands[seat]
    work._hands = tuple(hands)
    if work._events is not None:
        work._events.append(HandsSwapped(seat, other))


def pass_hands(rules: SheddingGame[Any, Any], work: ShedState) -> None:
    """Every player passes their hand to the next player in the direction of play, in
    the transition that makes ``work`` (told to all by ``HandsPassed``, no card)."""
    hands = work._hands
    players = rules.players
    direction = work._direction
    work._hands = tuple(hands[(seat - direction) % players] for seat in range(players))
    if work._events is not None:
        work._events.append(HandsPassed(direction))


def to_phase(work: ShedState, phase: str, *, to_move: int, payload: Any) -> None:
    """The state a transition makes (``work``: a hook's state) goes into the game's own
    ``phase`` with ``to_move`` to move and ``payload``: what
    :meth:`~cardrules.shedding.engine.SheddingGame.enter_phase` does, in place (for
    :meth:`~cardrules.shedding.engine.SheddingGame.card_action`, a card that asks its
    player to decide something)."""
    if not isinstance(phase, str) or not phase:
        raise RulesError(f"a game's phase is a name, not {phase!r}")
    work._phase = phase
    work._to_move = to_move
    work._payload = payload


def resume_play(rules: SheddingGame[Any, Any], work: ShedState, seat: int) -> None:
    """Back to the play from the game's own phase, ``seat`` to move (passing over
    forfeited turns), in the transition that makes ``work``."""
    work._phase = _PLAYING
    advance(rules, work, seat)


def random_below(work: ShedState, n: int) -> int:
    """A number from 0 to ``n`` - 1, uniform, from the generator of the state a
    transition makes (a hook's ``state``): a secret of the table until it shows, and
    a chance node under explicit chance (:func:`~cardrules.rng.randbelow`)."""
    value, work._rng = randbelow(work._rng, n)
    return value


def _draws(
    rules: SheddingGame[Any, Any],
    work: ShedState,
    seat: int,
    victim: int,
    count: int,
    skip: bool = True,
) -> int:
    """A card of ``seat``'s with ``draws``: ``victim``, the next player, draws ``count``
    cards and loses the turn (unless not ``skip``); returns the seat that moves next."""
    draw_cards(rules, work, victim, count, "draws")
    if not skip:
        return victim
    if work._events is not None:
        work._events.append(TurnSkipped(victim, seat))
    return (victim + work._direction) % rules.players


def draw_move(rules: SheddingGame[Any, Any], work: ShedState, seat: int) -> None:
    """``Draw()``: the count's value during the count, which ends the turn;
    else one card, after which the player moves again in games where drawing
    keeps the turn. Its ``CardsDrawn`` gives the reason everybody knows: ``"cannot_play"``
    where a player draws only when stuck (Craits), ``"draw"`` where drawing is allowed
    with a card to play (Crazy Eights: whether the player could have played is theirs
    to know)."""
    hand = work._hand  # (the policies a draw reads are kept there, see HandInfo)
    reason = hand._draw_reason
    work._exposed = ()
    stock = work._stock
    keeps_turn = hand._keeps_turn
    if stock and not work._count:
        # The usual draw (what _draw does), written out: the top card of the stock.
        card = stock[0]
        work._stock = stock[1:]
        hands = work._hands
        held = hands[seat]
        bit = _BIT[card]
        changed = list(hands)
        changed[seat] = hand._tables.with_card(held, card) if held & bit else held | bit
        work._hands = tuple(changed)
        work._idle = 0
        if keeps_turn:
            work._drawn += 1
            if hand._restricts:  # (for drawn_card_only)
                work._drawn_card = card
        if work._events is not None:
            work._events.append(CardsDrawn(seat, 1, reason, 1, cards=(card,)))
        if len(stock) == 1 and rules.reshuffle_when == "stock_empty":
            _refill(rules, work, seat)
        if hand._after_draw and _asked_after_draw(rules, work, seat, card):
            return
    elif work._count:
        # The player who cannot follow draws the count's value; the count ends.
        value = work._count
        work._count = 0
        if work._events is not None:
            work._events.append(CountEnded(seat, value))
        drawn = draw_cards(rules, work, seat, value, "count")
        work._idle = 0 if drawn else work._idle + 1
        if drawn == value and not work._stock and rules.last_penalty_card_is_pass:
            work._idle = 1  # OpenSpiel's Crazy Eights counts this as a pass
        keeps_turn = False  # drawing the count ends the turn
        if work._count_out:
            nobody_out = all(work._hands)
            if not (rules.continue_after_count_out and nobody_out):
                end_hand(rules, work, blocked=False)
                return
            work._count_out = False
    else:
        before = work._hands[seat]
        drawn = draw_cards(rules, work, seat, 1, reason)
        work._idle = 0 if drawn else work._idle + 1
        if keeps_turn:
            work._drawn += 1
        if drawn and (work._hand._after_draw or (keeps_turn and work._hand._restricts)):
            (card,) = _cards_added(work, before, work._hands[seat])
            if keeps_turn:
                work._drawn_card = card
            if work._hand._after_draw and _asked_after_draw(rules, work, seat, card):
                return
    if work._idle >= work._hand._blocked_at and _blocked(rules, work):
        return
    # (Draws this turn are counted only while the player keeps the turn.)
    next_seat = seat if keeps_turn else (seat + work._direction) % rules.players
    if work._forfeits[next_seat]:
        advance(rules, work, next_seat)
    else:  # see play_card
        work._to_move = next_seat


def _asked_after_draw(
    rules: SheddingGame[Any, Any], work: ShedState, seat: int, card: Card
) -> bool:
    """The game's ``after_draw`` asked of ``seat``'s drawn ``card``; returns whether it
    played a card (the turn has then gone on from the play)."""
    hand, played = work._hand, work._played
    rules.after_draw(work, seat, card)
    return work._hand is not hand or work._played != played


def _cards_added(work: ShedState, before: int, after: int) -> list[Card]:
    """The cards a hand mask ``after`` holds beyond ``before`` (copies counted)."""
    cards = work._hand._tables.cards
    added = list(cards(after))
    for card in cards(before):
        added.remove(card)
    return added


def pass_move(rules: SheddingGame[Any, Any], work: ShedState, seat: int) -> None:
    """``Pass()``: nothing to play and nothing left to draw; the turn goes on."""
    work._idle += 1
    work._drawn = 0
    work._drawn_card = None
    if work._idle >= work._hand._blocked_at and _blocked(rules, work):
        return
    next_seat = (seat + work._direction) % rules.players
    if work._forfeits[next_seat]:
        advance(rules, work, next_seat)
    else:  # see play_card
        work._to_move = next_seat


def _blocked(rules: SheddingGame[Any, Any], work: ShedState) -> bool:
    """After a full cycle of turns with nothing played or
    drawn (or the game's ``blocked_after`` such turns), the hand is blocked and
    ends. Returns whether it did."""
    if work._idle < work._hand._blocked_at:
        return False
    if work._events is not None:
        work._events.append(HandBlocked(work._hand._number))
    end_hand(rules, work, blocked=True)
    return True


def name_suit_move(rules: SheddingGame[Any, Any], work: ShedState, seat: int, suit: Any) -> None:
    """``NameSuit(suit)``: the dealer (or the first player: the game's
    ``turned_up_names``) names the suit for the wild card turned up; the card's draws,
    if it has any, follow, and the play starts at the dealer's side."""
    work._suit = suit
    if work._events is not None:
        work._events.append(SuitNamed(seat, suit))
    work._phase = _PLAYING
    _first_turn(rules, work, work._hand._tables.rule_of[work._discard[-1]].draws)


def announce_move(rules: SheddingGame[Any, Any], work: ShedState, seat: int, said: bool) -> None:
    """A player answers on receiving the one card; then the next in dealing order."""
    if said:
        if work._events is not None:
            work._events.append(OneCardAnnounced(seat))
    else:
        _expose(rules, work, seat)
    if seat == work._hand._dealer:
        _turn_up(rules, work)
    else:
        work._to_move = (seat + work._direction) % rules.players


# -- effects -----------------------------------------------------------------------


def _carry_out(rules: SheddingGame[Any, Any], work: ShedState, seat: int, action: Action) -> int:
    """Carry out a card function for ``seat``; return the seat that moves next."""
    players: int = rules.players
    direction = work._direction
    if action is _SKIP:
        if work._events is not None:
            work._events.append(TurnSkipped((seat + direction) % players, seat))
        return (seat + 2 * direction) % players
    if action is _OTHERS_DRAW:
        for step in range(1, players):
            draw_cards(rules, work, (seat + step * direction) % players, 1, "others_draw")
    elif action is _TWO_ALONG_DRAWS:
        target = (seat + 2 * direction) % players if players > 2 else (seat + 1) % 2
        draw_cards(rules, work, target, 1, "two_along_draws")
    elif action is _PLAY_AGAIN:
        if work._events is not None:
            work._events.append(PlayAgain(seat))
        return seat
    elif action is _REVERSE:
        direction = work._direction = -direction
        if work._events is not None:
            work._events.append(DirectionChanged(direction))
        if players == 2 and rules.reverse_with_two == "skip":
            if work._events is not None:  # (it acts as a skip card)
                work._events.append(TurnSkipped((seat + direction) % players, seat))
            return seat
    return (seat + direction) % players


def _start_count(rules: SheddingGame[Any, Any], work: ShedState, seat: int, value: int) -> None:
    work._count = value
    if work._events is not None:
        work._events.append(CountStarted(seat, value))


def draw_cards(
    rules: SheddingGame[Any, Any], work: ShedState, seat: int, count: int, reason: str
) -> int:
    """``seat`` draws ``count`` cards, a reshuffle costing the game's penalty; returns
    how many it got."""
    stock = work._stock
    reshuffles: tuple[int, ...] = ()
    if count <= len(stock):  # the usual case (draw_from's first lines, written out)
        drawn = stock[:count]
        work._stock = stock[count:]
    elif rules.reshuffle_when == "never":
        drawn = stock
        work._stock = ()
    elif rules.reshuffle_takes_top:
        # The whole pile, its top card too, and the stock make a new stock.
        remade = stock + work._discard
        remade, work._rng = shuffled(remade, work._rng)
        drawn, work._stock, work._discard = remade[:count], remade[count:], ()
        _reshuffled(rules, work, seat, len(remade), whole=True)
    else:
        drawn, work._stock, work._discard, work._rng, reshuffles = draw_from(
            stock, work._discard, work._rng, count
        )
    if drawn:
        held = work._hands[seat]
        for card in drawn:
            bit = _BIT[card]
            held = work._hand._tables.with_card(held, card) if held & bit else held | bit
        changed = list(work._hands)
        changed[seat] = held
        work._hands = tuple(changed)
    events = work._events
    for cards in reshuffles:
        _reshuffled(rules, work, seat, cards)
    if events is not None:
        events.append(CardsDrawn(seat, len(drawn), reason, count, cards=drawn))
    if drawn:
        work._idle = 0
    if not work._stock and rules.reshuffle_when == "stock_empty":
        _refill(rules, work, seat)
    return len(drawn)


def _reshuffled(
    rules: SheddingGame[Any, Any], work: ShedState, seat: int, cards: int, whole: bool = False
) -> None:
    """``seat`` made a new stock of ``cards`` cards (``whole``: of the stock and the
    whole pile): the game's penalty, the event."""
    penalty = rules.reshuffle_penalty(work._penalties[seat])
    if penalty:
        work._penalties = _replace(work._penalties, seat, penalty)
        work._scores = _replace(work._scores, seat, work._scores[seat] + penalty)
    if work._events is not None:
        made = PileReshuffled if whole else Reshuffled
        work._events.append(made(seat, cards, penalty))


def _can_refill(rules: SheddingGame[Any, Any], work: ShedState) -> bool:
    """Whether a card can be drawn: the stock has one, or the game reshuffles and
    the discard pile has more than its top card (any card, if the game's reshuffle
    takes the top card too)."""
    return bool(work._stock) or len(work._discard) > work._hand._reshuffles


def _refill(rules: SheddingGame[Any, Any], work: ShedState, seat: int) -> None:
    """``reshuffle_when="stock_empty"``: the empty stock is made again at once from the
    discard pile but its top card (after ``seat``'s move emptied it)."""
    if len(work._discard) > 1:
        work._stock, work._rng = shuffled(work._discard[:-1], work._rng)
        work._discard = work._discard[-1:]
        _reshuffled(rules, work, seat, len(work._stock))


def _expose(rules: SheddingGame[Any, Any], work: ShedState, seat: int) -> None:
    """A player is left with one card unannounced: open to a call, or penalized at
    once where nobody calls."""
    if rules.calls_penalized_at_once:
        penalize(rules, work, seat)
    else:
        work._exposed = (*work._exposed, seat)


def penalize(rules: SheddingGame[Any, Any], work: ShedState, seat: int) -> None:
    """``seat`` pays for a missed "one card" (the game's
    :meth:`~cardrules.shedding.engine.SheddingGame.penalize_missed_call`)."""
    rules.penalize_missed_call(work, seat)


def forfeit_turn(work: ShedState, seat: int) -> None:
    """``seat`` will forfeit its next turn (one more, if it already forfeits one)."""
    work._forfeits = _replace(work._forfeits, seat, work._forfeits[seat] + 1)


def advance(rules: SheddingGame[Any, Any], work: ShedState, seat: int) -> None:
    """Give the turn to ``seat``, passing over seats that must forfeit a turn."""
    forfeits = work._forfeits
    while forfeits[seat]:
        forfeits = _replace(forfeits, seat, forfeits[seat] - 1)
        if work._events is not None:
            work._events.append(TurnForfeited(seat))
        seat = (seat + work._direction) % rules.players
    work._forfeits = forfeits
    work._to_move = seat


def end_hand(rules: SheddingGame[Any, Any], work: ShedState, *, blocked: bool) -> None:
    """Score the hand (the game's :meth:`hand_scores`), then deal the next one or end
    the game (when the game's :meth:`game_over` says so)."""
    hand = work._hand
    hand_scores = rules.score_hand(work, blocked)
    work._scores = tuple(a + b for a, b in zip(work._scores, hand_scores, strict=True))
    events = work._events
    if events is not None:
        events.append(HandScored(hand._number, hand_scores, work._scores))
    work._count = 0
    work._count_out = False
    work._exposed = ()
    if rules.game_over(work._scores, hand._number):
        winners = rules.game_winners(work._scores)
        work._hand = HandInfo(
            rules, hand._number, hand._cards_dealt, hand._dealer, hand._dealer_draws, winners
        )
        work._to_move = None
        work._phase = _OVER
        if events is not None:
            events.append(GameOver(winners, work._scores))
        return
    direction = rules.next_direction(work._direction)
    dealer = (hand._dealer + direction) % rules.players
    deal_hand(rules, work, hand._number + 1, dealer, direction, None, work._rng)


def lowest_rank_deals(
    rng: int, players: int, deck: Any
) -> tuple[int, tuple[tuple[int, Card], ...], int]:
    """Everyone draws a card from a shuffled deck; the lowest rank deals; tied
    lowest players draw again among themselves. Returns the dealer, the draws in order
    and the generator."""
    contenders = list(range(players))
    draws: list[tuple[int, Card]] = []
    while True:
        order, rng = deck.shuffled(rng)
        drawn = list(zip(contenders, order, strict=False))
        draws.extend(drawn)
        # (A card of no rank, on a declared deck, never deals.)
        low = min(_NO_RANK if card.rank is None else card.rank for _, card in drawn)
        contenders = [seat for seat, card in drawn if card.rank == low]
        if len(contenders) == 1:
            return contenders[0], tuple(draws), rng
