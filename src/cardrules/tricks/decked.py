"""The trick engine on a declared deck (:mod:`cardrules.decks`) other than the plain
French one: a deck with copies of its cards (Doppelkopf's 48, two of each) or of other
cards (Tarot's 78, a deck of one's own). A game declares it as its ``card_deck``; the
French decks without copies (the 52, Euchre's 24, Skat's 32) keep the engine's own
paths, on their 52-bit masks.

Inside, a deal's hands are masks of the deck's layout (:class:`~cardrules.decks.Deck`:
copy ``c`` of card ``k`` is bit ``k + c * K``), so a seat may hold two equal cards.
Everything a seat sees or sends names cards, never copies: the cards of the tricks,
views, events, moves and records are the deck's card objects (two copies of a card are
the same card), so nothing a seat gets tells which copy another seat holds. A card
played leaves the hand as its lowest copy there. Following suit, trick winners (the
first of two equal cards wins) and voids come from the game's suit table, made for
every bit of the layout; a card of no suit (the Excuse, a joker) counts as a suit of
its own, after the deck's suits.

The functions here are the engine's (:class:`~cardrules.tricks.engine.TrickGame`)
for such games: its class, once it declares a deck, gets :func:`legal_moves` and
:func:`apply` from here, and its cold paths (setup, views, determinize, move ids,
parsing) ask the game's ``Layout``.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import or_
from typing import Any

from cardrules._text import shown
from cardrules.cards import Card
from cardrules.deck import DealSampler, deal_masks
from cardrules.decks import Deck
from cardrules.errors import (
    CardParseError,
    IllegalMoveError,
    MoveParseError,
    RulesError,
    SeatError,
    SetupError,
    StateError,
)
from cardrules.events import CardPlayed, Event, MovePlayed
from cardrules.moves import Play
from cardrules.rng import next_u64, seed_state, shuffled_positions
from cardrules.seats import is_seat
from cardrules.tricks.core import TRUMPS, CardOrder, SuitTable
from cardrules.tricks.state import DealInfo, tricks_as_records

__all__ = ["apply", "check_hands", "determinized", "legal_moves", "read_play", "refusal", "stacked"]

_DEAL_STREAM = 0x6A09E667F3BCC909
_RETRY_STREAM = 0x3C6EF372FE94F82B  # a deal drawn again (its plays not all legal)
_TRIES = 1000


class Layout:
    """What the engine works out once for a game's declared deck: its cards' bits, the
    suit and rank of each bit, the play of each card."""

    __slots__ = ("copy_masks", "deck", "kinds", "plays", "rank_of", "span", "suit_of")

    def __init__(self, deck: Deck) -> None:
        if deck.width > 192:
            raise RulesError(
                f"the trick engine plays decks whose masks have at most 192 bits; the "
                f"{deck.name} deck's have {deck.width}"
            )
        self.deck = deck
        self.kinds = kinds = len(deck.kinds)
        self.span = deck.width
        own = len(deck.suits)  # a card of no suit: a suit of its own, after the deck's
        suits = [deck.kinds[bit % kinds].suit for bit in range(deck.width)]
        self.suit_of: list[int] = [own if suit is None else suit for suit in suits]
        self.rank_of = [deck.kinds[bit % kinds].rank or 0 for bit in range(deck.width)]
        self.copy_masks = list(deck.copy_masks)
        self.plays = [Play(deck.card(kind)) for kind in range(kinds)]

    def cards(self, mask: int) -> tuple[Any, ...]:
        """The cards of a mask, in card order (a card as often as its copies there)."""
        return self.deck.cards_of_mask(mask)

    def mask(self, cards: Sequence[Any], taken: int = 0) -> int:
        """A mask of ``cards`` (cards of the deck), each card the lowest copy not in
        ``taken`` nor given before; a :class:`~cardrules.CardParseError` when no copy
        is left."""
        mask = 0
        for card in cards:
            bits = self.copy_masks[card] & ~(mask | taken)
            if not bits:
                raise CardParseError(f"{card} is given more often than the deck has it")
            mask |= bits & -bits
        return mask

    def plays_of(self, allowed: int) -> tuple[Play, ...]:
        """One play of each card of ``allowed`` (a mask), in card order."""
        kinds, plays = self.kinds, self.plays
        folded = 0
        while allowed:
            folded |= allowed
            allowed >>= kinds
        folded &= (1 << kinds) - 1
        found = []
        while folded:
            low = folded & -folded
            found.append(plays[low.bit_length() - 1])
            folded ^= low
        return tuple(found)

    def table(self, game: Any, trump: Any, own_suits: bool, own_ranks: bool) -> SuitTable:
        """The game's suit table for ``trump`` over the layout's bits: from a card
        order's own table (of the French cards), else from the deck's suits and ranks
        (``own_suits``, ``own_ranks``: the game keeps the engine's hooks) or the game's
        ``effective_suit`` and ``trick_rank`` (asked once per card)."""
        span, kinds, card = self.span, self.kinds, self.deck.card
        if isinstance(trump, CardOrder):
            if self.deck.card_class is not Card:
                raise RulesError(
                    f"a card order names French cards; the {self.deck.name} deck's are not"
                )
            own = trump.table
            suits = [own._suit_of[bit % kinds] for bit in range(span)]
            strength = [own._strength[bit % kinds] for bit in range(span)]
            return SuitTable(TRUMPS if trump.trumps else None, suits, strength)
        if own_suits:
            suits = list(self.suit_of)
        else:
            suits = [int(game.effective_suit(card(bit % kinds), trump)) for bit in range(span)]
        if own_ranks:
            strength = list(self.rank_of)
        else:
            strength = [game.trick_rank(card(bit % kinds), trump) for bit in range(span)]
        if span < 52:  # (a table has 52 entries at least: the bits past the deck's, a suit apart)
            suits += [max(suits) + 1] * (52 - span)
            strength += [0] * (52 - span)
        return SuitTable(trump, suits, strength)

    def shuffled(self, cards: Sequence[Any], rng: Any) -> tuple[bytes, Any]:
        """Where each bit's card lies in a shuffle of ``cards`` (255: not in them)."""
        if rng.__class__ is not int:  # explicit chance: the cards themselves shuffled
            order, rng = rng.shuffle(tuple(cards))
            return self.positions(order), rng
        count = len(cards)
        places, rng = shuffled_positions(count, rng)
        items = bytearray([count] * self.span)
        taken = 0
        for item, card in enumerate(cards):
            bits = self.copy_masks[card] & ~taken
            bit = bits & -bits
            taken |= bit
            items[bit.bit_length() - 1] = item
        return bytes(items).translate(places + b"\xff" * (256 - count)), rng

    def positions(self, order: Sequence[Any]) -> bytes:
        """Where each bit's card lies in ``order`` (a deck order, top first; 255: not
        in it), copies of a card in order."""
        positions = bytearray(b"\xff" * self.span)
        taken = 0
        for position, card in enumerate(order):
            bits = self.copy_masks[card] & ~taken
            bit = bits & -bits
            taken |= bit
            positions[bit.bit_length() - 1] = position
        return bytes(positions)

    def deal(
        self, positions: bytes, dealer: int, players: int, packets: Sequence[int]
    ) -> tuple[int, ...]:
        """Each seat's mask of a deal from a deck laid out by ``positions``."""
        return deal_masks(positions, dealer, players, packets)


def legal_moves(self: Any, state: Any) -> tuple[Any, ...]:
    """:meth:`TrickGame.legal_moves <cardrules.tricks.engine.TrickGame.legal_moves>` of
    a game on a declared deck: one play of each card it may play (of two copies held,
    one play), in card order."""
    try:
        if state._deal._rules is not self:
            raise AttributeError
    except AttributeError:
        self.check_state(state)
    deal = state._deal
    if deal._phase is not None and not deal._winners:
        return tuple(self.phase_moves(state))
    allowed = state._allowed
    if allowed is None:
        cards = state._cards
        seat = deal._order[state._leader][len(cards)]
        allowed = deal._dealt[seat] & state._left
        if cards:
            table = deal._table or self._deal_table(state)
            allowed = allowed & table._follow[cards[0]] or allowed
        if self.restricts and (
            not cards
            or self.restricted_follows is None
            or len(state._tricks) < self.restricted_follows
        ):
            allowed = self.restrict(state, seat, allowed)
        state._allowed = allowed
    return self._decked.plays_of(allowed)  # type: ignore[no-any-return]


legal_moves._decked = True  # type: ignore[attr-defined]


def apply(
    self: Any, state: Any, move: Any, *, seat: int | None = None, _events: list[Event] | None = None
) -> Any:
    """:meth:`TrickGame.apply <cardrules.tricks.engine.TrickGame.apply>` of a game on a
    declared deck: the card played leaves the hand as its lowest allowed copy there."""
    try:
        deal = state._deal
        if deal._rules is not self:
            raise AttributeError
    except AttributeError:
        self.check_state(state)
        deal = state._deal
    if seat is not None:
        self.check_sender(state, move, seat)
    allowed = state._allowed
    if allowed is None:
        if deal._phase is not None:
            return self._apply_phase(state, move, _events)
        legal_moves(self, state)
        allowed = state._allowed
    if type(move) is not Play or move.suit is not None or move.announce:
        raise self._refuse(state, move)
    card: Any = move.card
    layout = self._decked
    known = isinstance(card, int) and 0 <= card < layout.kinds and layout.deck.card(card) is card
    if not known:
        raise refusal(self, state, card)
    bits = allowed & layout.copy_masks[card]
    if not bits:
        raise refusal(self, state, card)
    cards = state._cards + (card,)
    leader = state._leader
    new = object.__new__(type(state))
    new._deal = deal
    new._left = state._left ^ (bits & -bits)
    new._allowed = None
    if _events is not None:
        who = deal._order[leader][len(cards) - 1]
        _events.append(MovePlayed(who, move))
        _events.append(CardPlayed(who, card))
    if len(cards) < deal._size:
        new._leader = leader
        new._cards = cards
        new._tricks = state._tricks
        new._round_scores = state._round_scores
        return new
    if self._table_tricks:
        table = deal._table or self._deal_table(state)
        row = table._ranks[table._suit_of[cards[0]]]  # (the first of equals wins)
        winner = deal._order[leader][cards.index(max(cards, key=row.__getitem__))]
    else:
        winner = deal._order[leader][self.winning_position(state, cards)]
    tricks = (*state._tricks, (leader, cards, winner))
    number = len(tricks)
    points = self.score_trick(state, number, cards, winner)
    return self._trick_taken(state, new, tricks, winner, points, _events)


apply._decked = True  # type: ignore[attr-defined]


def refusal(game: Any, state: Any, card: Any) -> IllegalMoveError:
    """The error for playing ``card`` when the seat may not: it names only the card and
    what was led."""
    layout = game._decked
    deck = layout.deck
    if not (isinstance(card, int) and card in deck):
        return IllegalMoveError(
            "not_in_hand", f"{shown(card)} is not a card of the {deck.name} deck"
        )
    deal = state._deal
    hand = deal._dealt[state.to_move] & state._left
    if not hand & layout.copy_masks[card]:
        return IllegalMoveError("not_in_hand", f"you do not hold {card}")
    cards = state._cards
    if cards:
        table = deal._table or game._deal_table(state)
        led = table._suit_of[cards[0]]
        if not table._follow[card] & table._cards_of[led] or table._suit_of[card] != led:
            names = (*deck.suits, "cards of no suit")
            what = (
                "trumps"
                if led == TRUMPS and led >= len(deck.suits)
                else names[led]
                if led < len(names)
                else f"suit {led}"
            )
            return IllegalMoveError(
                "must_follow_suit",
                f"{card} does not follow suit: {what} were led and you hold one, so you "
                "must play one",
            )
    return game.explain_restriction(state, card)  # type: ignore[no-any-return]


def read_play(game: Any, text: str, view: Any) -> Play:
    """The play of the card ``text`` names, which the seat of ``view`` must hold."""
    words = [word for word in text.split() if word.lower() not in ("play", "plays")]
    deck = game._decked.deck
    if len(words) != 1:
        raise MoveParseError(
            f"{shown(text.strip())} names no move: type one card, e.g. {deck.cards[0]}"
        )
    try:
        card = deck.parse(words[0])
    except CardParseError as error:
        raise MoveParseError(str(error)) from None
    if card not in view.hand:
        raise IllegalMoveError(
            "not_in_hand", f"you do not hold {card}; your hand: {deck.format(view.hand)}"
        )
    return Play(card)


def determinized(game: Any, view: Any, seed: int, default_payload: Any) -> Any:
    """A state of ``game`` agreeing with ``view``: the cards the seat has not seen dealt
    at random to the others (as many as each holds, none of a suit it has shown out
    of), the rest undealt; every such deal equally likely. The game's ``known_cards``
    stay with their seats and its ``set_aside`` cards go to nobody. Which copy of a card is
    where is not in a view: copies are given out lowest first. A game that restricts
    its plays (:meth:`~cardrules.tricks.engine.TrickGame.restrict`: Tarot's trumping
    when void) has each sample's plays of the deal checked against it, and the deal
    drawn again until they are all legal."""
    if type(view) is not game.view_class:
        raise StateError(
            f"determinize needs a {game.view_class.__name__}, not a {type(view).__name__}"
        )
    players = game.players
    seat = view.seat
    if not is_seat(seat, players) or len(view.hand_sizes) != players:
        raise SeatError(f"the view's seat must be 0 to {players - 1}, not {shown(seat)}")
    layout = game._decked
    records = tricks_as_records(view.tricks, players)
    taken = 0
    played = [0] * players
    barred = [0] * players
    history: list[tuple[int, int, int, Any]] = []  # (trick, position, bit, card)
    table = game.suit_table(game.trump_of(view))
    try:
        for number, trick in enumerate((*view.tricks, view.trick)):
            cards = trick.cards
            for position, (who, card) in enumerate(trick.plays(players)):
                bit = layout.mask([card], taken)
                taken |= bit
                played[who] |= bit
                history.append((number, position, bit, card))
                led = table._suit_of[cards[0]]
                if position and table._suit_of[card] != led:
                    barred[who] |= table._cards_of[led]
        own = layout.mask(view.hand, taken)
        taken |= own
        if view.turned_up is not None:
            taken |= layout.mask([view.turned_up], taken)
        # Cards known to be with another seat stay there; cards set aside go to nobody
        # (masks of the deck's layout: their cards, whichever copies, are what counts).
        known = [0] * players
        for other, mask in enumerate(game.known_cards(view)):
            if mask and other != seat:
                known[other] = layout.mask(layout.cards(mask), taken)
                taken |= known[other]
        aside = game.set_aside(view)
        if aside:
            taken |= layout.mask(layout.cards(aside), taken)
        unseen = _in_play(layout, game.deck()) & ~taken
    except CardParseError as error:
        raise StateError(f"no deal agrees with this view: {error}") from None
    sizes = [size - mask.bit_count() for size, mask in zip(view.hand_sizes, known, strict=True)]
    if min(sizes) < 0:
        raise StateError("no deal agrees with this view: a seat holds fewer cards than known")
    sizes[seat] = 0
    surplus = unseen.bit_count() - sum(sizes)
    if surplus < 0:
        raise StateError("no deal agrees with this view: too few unseen cards")
    if surplus:
        sizes.append(surplus)
        barred.append(0)
    barred[seat] = 0
    sampler = DealSampler(unseen, sizes, barred)
    rng = seed_state(seed)
    checks = history if game.restricts and view.phase is None else []
    for _ in range(_TRIES):
        hands = tuple(map(or_, sampler.deal(rng)[:players], known))
        state = _sample(game, view, hands, own, played, records, rng, default_payload)
        if _legal_history(game, view, state, checks):
            return state
        rng = next_u64(rng ^ _RETRY_STREAM)[0]
    raise StateError(
        f"no deal of {_TRIES} drawn agrees with every play of this view under the game's restrict"
    )


def _sample(
    game: Any,
    view: Any,
    hands: tuple[int, ...],
    own: int,
    played: list[int],
    records: tuple[Any, ...],
    rng: int,
    default_payload: Any,
) -> Any:
    """The state of a sample: ``hands`` dealt to the seats but the view's, which holds
    ``own``; the cards ``played`` by each seat."""
    players = game.players
    seat = view.seat
    held = list(hands[:players])
    held[seat] = own
    dealt = tuple(map(or_, held, played))
    left = 0
    for mask in held:
        left |= mask
    payload = view.payload
    if type(game).determinize_payload is not default_payload:
        payload = game.determinize_payload(view, tuple(held), next_u64(rng ^ 0xBB67AE8584CAA73B)[0])
    deal = DealInfo(
        game,
        view.round_number,
        view.dealer,
        dealt,
        view.scores,
        next_u64(rng ^ _DEAL_STREAM)[0],
        view.winners,
        view.turned_up,
        view.phase,
        payload,
    )
    state = game.state_class(
        deal, left, view.trick.leader, view.trick.cards, records, view.round_scores
    )
    return state


def _legal_history(
    game: Any, view: Any, state: Any, checks: list[tuple[int, int, int, Any]]
) -> bool:
    """Whether each play of ``checks`` (the deal's plays, with the bit each took in the
    sample) was legal for the hands ``state`` gives, as the game's legal moves say."""
    if not checks:
        return True
    deal = state._deal
    if deal._winners:  # (a finished game lists no moves: its deal, not over)
        deal = deal.copied()
        deal._winners = ()
    tricks = (*view.tricks, view.trick)
    records = state._tricks
    copy_masks = game._decked.copy_masks
    later = 0
    before_each = []
    for number, position, bit, card in reversed(checks):
        later |= bit
        before_each.append((number, position, later, card))
    for number, position, later_bits, card in reversed(before_each):
        trick = tricks[number]
        before = game.state_class(
            deal,
            state._left | later_bits,
            trick.leader,
            trick.cards[:position],
            records[:number],
            state._round_scores,
        )
        game.legal_moves(before)
        if not before._allowed & copy_masks[card]:
            return False
    return True
    return state


def _in_play(layout: Layout, cards: Sequence[Any]) -> int:
    """The bits of every card of ``cards`` (copies given out lowest first)."""
    return layout.mask(cards)


def check_hands(game: Any, hands: Sequence[Sequence[Any]]) -> tuple[int, ...]:
    """The masks of chosen hands on a declared deck: one per seat, of one size, cards
    of the game's deck no more often than it has them."""
    layout = game._decked
    players = game.players
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != players:
        raise SetupError(f"hands must be {players} sequences of cards, one per seat")
    masks = []
    taken = 0
    deck_mask = _in_play(layout, game.deck())
    try:
        for hand in hands:
            if isinstance(hand, str) or not isinstance(hand, Sequence):
                raise SetupError("each hand must be a sequence of cards")
            mask = layout.mask(layout.deck.parse_cards(hand), taken)
            taken |= mask
            masks.append(mask)
    except CardParseError as error:
        raise SetupError(f"the hands must hold cards of the game's deck: {error}") from None
    if taken & ~deck_mask:
        raise SetupError("the hands hold cards not of the game's deck")
    if len({mask.bit_count() for mask in masks}) != 1 or not masks[0]:
        raise SetupError(f"the hands must be of one size; sizes {[m.bit_count() for m in masks]}")
    if game._full_deals and taken != deck_mask:
        raise SetupError(f"the hands must hold the game's whole deck ({len(game.deck())} cards)")
    return tuple(masks)


def stacked(game: Any, order: Sequence[Any]) -> bytes:
    """The positions of a stacked deck order: exactly the game's deck, top first."""
    if isinstance(order, str) or not isinstance(order, Sequence):
        raise SetupError(f"a stacked deck is a sequence of cards, not {shown(order)}")
    layout = game._decked
    try:
        cards = layout.deck.parse_cards(order)
    except CardParseError as error:
        raise SetupError(f"a stacked deck holds cards of the game's deck: {error}") from None
    if sorted(cards) != sorted(game.deck()):
        raise SetupError(
            f"a stacked deck must hold the game's {len(game.deck())} cards, each as often "
            "as the deck has it"
        )
    positions: bytes = layout.positions(cards)
    return positions
