"""States and views of shedding games (the engine is :mod:`cardrules.shedding.engine`).

A :class:`ShedState` is the table (what a :class:`~cardrules.shedding.core.ShedTable`
holds: hands, stock, discard pile, suit to follow, direction, generator; the hands as
hand masks of :mod:`cardrules.handmasks`) with whose turn it is and what is pending:
the count, forfeited turns, players open to a call on a missed "one card", idle turns and
the reshuffle penalties paid so far. What stays the same during a hand (its number,
the dealer, the cards dealt, the rules) is kept once per hand.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from cardrules._convert import fields_data
from cardrules._text import int_text, ints_repr
from cardrules.cards import (
    ALL_CARDS,
    CARD_BIT,
    RANK_OF_INDEX,
    SUIT_MEMBER_OF_INDEX,
    Card,
    Suit,
    format_cards,
    parse_cards,
)
from cardrules.decks import Deck, DeckSuit
from cardrules.errors import RulesError
from cardrules.events import Event
from cardrules.handmasks import hand_cards, hand_mask
from cardrules.moves import Move, NameSuit, Play
from cardrules.shedding.core import (
    Action,
    CardRule,
    CardTable,
    ShedTable,
    faces_of,
    matching_table,
)
from cardrules.values import Immutable, Value

__all__ = [
    "PLAYS",
    "PLAYS_NAMING",
    "PLAYS_NAMING_SAYING",
    "PLAYS_SAYING",
    "CardLookup",
    "Phase",
    "ShedState",
    "ShedView",
    "lay_out",
    "overrides",
    "tables_for",
]


class Phase(enum.IntEnum):
    """What the player to move is deciding."""

    PLAY = 0
    """Play a card or draw (or call on a missed "one card")."""
    NAME_SUIT = 1
    """The dealer names the suit after turning up a wild card."""
    ANNOUNCE = 2
    """Say "one card" or stay silent on receiving the one card."""
    OVER = 3
    """The game is over."""


PLAYS = tuple(Play(card) for card in ALL_CARDS)
"""``Play(card)`` for each card index (made once: every legal-move list shares them)."""
PLAYS_SAYING = tuple(Play(card, announce=True) for card in ALL_CARDS)
"""``Play(card, announce=True)`` for each card index."""
PLAYS_NAMING = tuple(tuple(Play(card, suit=suit) for suit in Suit) for card in ALL_CARDS)
"""``Play(card, suit=suit)`` for each card index and suit."""
PLAYS_NAMING_SAYING = tuple(
    tuple(Play(card, suit=suit, announce=True) for suit in Suit) for card in ALL_CARDS
)
"""``Play(card, suit=suit, announce=True)`` for each card index and suit."""


def _plays_of(card: Any, naming: bool, say: bool, suits: Sequence[Any]) -> tuple[Play, ...]:
    """The plays of ``card`` in the order legal moves list them: naming each suit if it
    names one, each followed by the same play saying "one card" when ``say``."""
    if suits is _FRENCH_SUITS:  # (the French cards' plays, made once for every table)
        plain = PLAYS_NAMING[card] if naming else (PLAYS[card],)
        with_say = PLAYS_NAMING_SAYING[card] if naming else (PLAYS_SAYING[card],)
    else:
        plain = tuple(Play(card, suit=suit) for suit in suits) if naming else (Play(card),)
        with_say = (
            tuple(Play(card, suit=suit, announce=True) for suit in suits)
            if naming
            else (Play(card, announce=True),)
        )
    return (*plain, *with_say) if say else plain


_FRENCH_SUITS: tuple[Suit, ...] = tuple(Suit)

_MAX_KINDS = 512
"""The most kinds of card a deck of a shedding game may have (the mechanics of
:mod:`cardrules.shedding.flow` read a card's first bit from a table of as many)."""


class CardLookup(Value):
    """The card model of a shedding game, from its card table (:func:`tables_for`
    makes it): what the engine looks up per card, by card index (a French card's index
    0 … 51, a declared deck's card number), and the operations on the hands of its
    deck.

    Per card: its row, action and count (``rule_of``, ``action_of``, ``count_of``); the
    bit of its first copy (``bit_of``); the suit it makes the one to follow
    (``suit_of``: a :class:`~cardrules.Suit` or a deck's suit object, ``None`` for a
    wild card of no suit) and the number of its face (``face_of``: a French card's
    rank, a declared deck's face from :func:`~cardrules.shedding.core.faces_of`); the
    cards that match each suit to follow and face (``matching[suit][face]``) and those
    that add to a count (``count_mask``), as masks of first copies; and
    ``plays[i][card]``, the plays of a card as legal moves list them, for ``i`` = 2 ×
    (a wild card names a suit now) + (the play leaves one card, to be announced).
    ``rank_points`` are the French ranks' points by rank value (2 … 14); ``deck`` the
    declared deck of a table made by ``CardTable.for_deck`` (``None``: the French cards);
    ``suits`` the suits a wild card may name, ``name_suits`` their ``NameSuit`` moves;
    ``single`` the mask of every card's first copy.

    Hands are masks of the deck's layout: copy ``c`` of card ``k`` is bit ``k + c ×
    kinds`` (``kinds``: 52 for the French cards, whose masks are the hand masks of
    :mod:`cardrules.handmasks`; a declared deck's number of kinds), a copy set only
    when the earlier ones are, so ``held & single`` is the set of different cards held.

    >>> from cardrules.decks import UNO_108
    >>> from cardrules.shedding.core import CardRule, CardTable
    >>> table = CardTable.for_deck(UNO_108, {"wild": CardRule("wild", 50),
    ...                                      "wild_draw_four": CardRule("wild", 50)})
    >>> lookup = tables_for(table)
    >>> held = lookup.mask(UNO_108.parse_cards("R5 R5 W"))
    >>> less = lookup.without_card(held, UNO_108.parse("R5"))
    >>> UNO_108.format(lookup.cards(held)), UNO_108.format(lookup.cards(less))
    ('R5 R5 W', 'R5 W')
    >>> red, five = lookup.suit_of[UNO_108.parse("R5")], lookup.face_of[UNO_108.parse("R5")]
    >>> UNO_108.format(lookup.cards(lookup.matching[red][five] & held))
    'R5 W'
    """

    __slots__ = (
        "action_of",
        "bit_of",
        "count_mask",
        "count_of",
        "deck",
        "face_of",
        "kinds",
        "matching",
        "name_suits",
        "plays",
        "rank_points",
        "rule_of",
        "single",
        "suit_of",
        "suits",
    )

    def __init__(self, table: CardTable) -> None:
        deck = table.deck
        self.deck: Deck | None = deck  # (None: the French cards of a table by rank)
        self.rule_of: tuple[CardRule, ...] = table.by_card()
        self.action_of: tuple[Action, ...] = tuple(rule.action for rule in self.rule_of)
        self.count_of: tuple[int, ...] = tuple(rule.count for rule in self.rule_of)
        self.matching: tuple[tuple[int, ...], ...] = tuple(
            tuple(sum(1 << card for card in cards) for cards in by_face)
            for by_face in matching_table(table)
        )
        count_cards = [card for card in range(len(self.rule_of)) if self.count_of[card] > 0]
        self.count_mask: int = sum(1 << card for card in count_cards)
        wild = [action is Action.WILD for action in self.action_of]
        if deck is None:
            cards: Sequence[Any] = ALL_CARDS
            self.kinds: int = 52
            self.bit_of: tuple[int, ...] = CARD_BIT
            self.suit_of: tuple[Any, ...] = SUIT_MEMBER_OF_INDEX
            self.face_of: tuple[int, ...] = RANK_OF_INDEX
            self.suits: tuple[Any, ...] = _FRENCH_SUITS
            # Cards 0 to 12 are the clubs 2 to A: one of each rank.
            self.rank_points: tuple[int, ...] = (
                0,
                0,
                *(rule.points for rule in self.rule_of[:13]),
            )
        else:
            if len(deck.kinds) > _MAX_KINDS:
                raise RulesError(
                    f"the shedding engine plays decks of at most {_MAX_KINDS} kinds of card; "
                    f"the {deck.name} deck has {len(deck.kinds)}"
                )
            cards = tuple(deck.card(kind) for kind in range(len(deck.kinds)))
            self.kinds = len(deck.kinds)
            self.bit_of = tuple(1 << kind for kind in range(self.kinds))
            self.suit_of = tuple(
                None if kind.suit is None else deck.suit(kind.suit) for kind in deck.kinds
            )
            self.face_of = faces_of(deck)[1]
            self.suits = deck.suit_objects
            self.rank_points = ()
        self.single: int = (1 << self.kinds) - 1  # (a hand at most this holds no copies)
        self.name_suits: tuple[NameSuit, ...] = tuple(NameSuit(suit) for suit in self.suits)
        self.plays: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
            tuple(_plays_of(card, naming and wild[card], say, self.suits) for card in cards)
            for naming in (False, True)
            for say in (False, True)
        )

    # -- hands ------------------------------------------------------------------------

    def with_card(self, mask: int, card: int) -> int:
        """The hand mask with one more copy of ``card``."""
        bit = self.bit_of[card]
        while mask & bit:
            bit <<= self.kinds
        return mask | bit

    def without_card(self, mask: int, card: int) -> int:
        """The hand mask with one copy of ``card`` less (the hand must hold it): its
        last copy there."""
        bit = self.bit_of[card]
        while mask & (bit << self.kinds):
            bit <<= self.kinds
        return mask ^ bit

    def mask(self, cards: Iterable[int]) -> int:
        """The hand mask of some cards (copies allowed)."""
        if self.deck is None:
            return hand_mask(cards)
        mask = 0
        for card in cards:
            mask = self.with_card(mask, card)
        return mask

    def cards(self, mask: int) -> tuple[Any, ...]:
        """The cards of a hand mask, sorted by card index (copies together)."""
        if self.deck is None:
            return hand_cards(mask)
        return self.deck.cards_of_mask(mask)

    def is_card(self, card: object) -> bool:
        """Whether ``card`` is a card of the deck (the deck's own object: the cards of
        two decks are equal ints)."""
        return (
            isinstance(card, int) and 0 <= card < self.kinds and self.plays[0][card][0].card is card
        )

    def is_suit(self, suit: object) -> bool:
        """Whether ``suit`` is a suit of the deck (its own object)."""
        return any(suit is own for own in self.suits)

    # -- text -------------------------------------------------------------------------

    def parse_cards(self, text: str | Iterable[Any]) -> tuple[Any, ...]:
        """Cards of the deck from text (``"R5 W"``) or from cards and card texts; a
        :class:`~cardrules.CardParseError` naming the deck's cards for anything else."""
        if self.deck is None:
            return parse_cards(text)
        return self.deck.parse_cards(text)

    def format(self, cards: Iterable[Any]) -> str:
        """Cards of the deck as text, separated by spaces."""
        if self.deck is None:
            return format_cards(cards)
        return self.deck.format(cards)

    def parse_suit(self, text: Any) -> Any:
        """A suit of the deck from its text (a :class:`~cardrules.Suit` for the French
        cards); a :class:`~cardrules.CardParseError` listing the suits otherwise."""
        if self.deck is None:
            return Suit.parse(text)
        return self.deck.parse_suit(text)


_BUILT: dict[int, tuple[CardTable, CardLookup]] = {}

_CLEARED: dict[str, Any] = {"_events": None, "_legal": None}
"""The slots a pickled or copied state leaves empty (a transition's scratch, a cache)."""


def tables_for(table: CardTable) -> CardLookup:
    """The lookup tables of a card table (built once per table object: looked up by
    identity, as hashing a table on every move would cost more than the lookups save)."""
    built = _BUILT.get(id(table))
    if built is not None and built[0] is table:
        return built[1]
    if len(_BUILT) >= 64:
        _BUILT.clear()
    tables = CardLookup(table)
    _BUILT[id(table)] = (table, tables)
    return tables


_NO_LIMIT = sys.maxsize
_Limits = tuple[int, int, int, bool, bool, bool, bool, bool, bool, int, bool, bool, str, bool, bool]
_LIMITS: dict[int, tuple[Any, _Limits]] = {}
_RESHUFFLES = ("never", "drawing", "stock_empty")
_WILD_GOES = ("under_stock", "shuffled_in")
_REVERSES = ("reverse", "skip")
_NAMERS = ("dealer", "first", "random")
_FIRST_AFTER_REVERSE = ("next", "dealer")


def overrides(rules: Any, hook: str) -> bool:
    """Whether ``rules`` has its own ``hook`` (a method of the engine's marked as a
    default hook, asked only of the games that override it)."""
    method = getattr(type(rules), hook, None)
    return method is not None and not getattr(method, "default_hook", False)


def _check_deck(rules: Any) -> Deck | None:
    """The declared deck of the rules' card table (``None``: the French cards by rank),
    checked against the game's ``card_deck``."""
    table = rules.card_table
    if not isinstance(table, CardTable):
        raise RulesError(f"card_table must be a CardTable, not {table!r}")
    deck = table.deck
    declared = rules.card_deck
    if deck is None:
        if declared is not rules.deck.as_deck():
            raise RulesError(
                f"{type(rules).__name__}'s card table is by rank (the French cards of its "
                f"deck, {rules.deck!r}), but its card_deck is the {declared.name} deck: a game "
                "on a declared deck holds a table for it, CardTable.for_deck(card_deck, rows)"
            )
    elif declared is not deck:
        raise RulesError(
            f"{type(rules).__name__}'s card table is of the {deck.name} deck, but its "
            f"card_deck is the {declared.name} deck: they must be the same"
        )
    return deck


def _limits_of(rules: Any) -> _Limits:
    """The rules' limits as plain ints (no limit: a huge one): draws a turn, cards
    played in a hand before the last one allowed, idle turns that block it; and whether
    a play may do more than Craits' plays do (the engine's ``after_play``). The policies
    are checked here, once per rules object, since a game may set them as it likes. Raises
    :class:`~cardrules.RulesError` for a policy out of range."""
    known = _LIMITS.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    limit, cap, blocked = rules.draw_limit, rules.max_plays, rules.blocked_after
    for name, value in (("draw_limit", limit), ("max_plays", cap), ("blocked_after", blocked)):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or value < 1
        ):
            raise RulesError(
                f"{name} must be None (no limit) or an int of 1 or more, not {value!r}"
            )
    if rules.reshuffle_when not in _RESHUFFLES:
        raise RulesError(
            f"reshuffle_when must be one of {_RESHUFFLES}, not {rules.reshuffle_when!r}"
        )
    if rules.turned_up_wild not in _WILD_GOES:
        raise RulesError(
            f"turned_up_wild must be one of {_WILD_GOES}, not {rules.turned_up_wild!r}"
        )
    if rules.reshuffle_takes_top and rules.reshuffle_when != "drawing":
        raise RulesError(
            "reshuffle_takes_top is a reshuffle when drawing: it needs "
            f"reshuffle_when='drawing', not {rules.reshuffle_when!r}"
        )
    for name, allowed in (
        ("reverse_with_two", _REVERSES),
        ("turned_up_names", _NAMERS),
        ("turned_up_reverse", _FIRST_AFTER_REVERSE),
    ):
        if getattr(rules, name) not in allowed:
            raise RulesError(f"{name} must be one of {allowed}, not {getattr(rules, name)!r}")
    deck = _check_deck(rules)
    acts = rules.turned_up_acts
    if deck is not None:
        kinds = sorted({kind.kind for kind in deck.kinds})
        if not isinstance(acts, bool) and not (
            isinstance(acts, frozenset) and all(kind in kinds for kind in acts)
        ):
            raise RulesError(
                f"turned_up_acts must be True, False or a frozenset of kinds of card of the "
                f"{deck.name} deck ({', '.join(kinds)}), not {acts!r}"
            )
    elif not isinstance(acts, bool) and not (
        isinstance(acts, frozenset) and all(rank in range(2, 15) for rank in acts)
    ):
        raise RulesError(
            f"turned_up_acts must be True, False or a frozenset of ranks 2 to 14, not {acts!r}"
        )
    limits = (
        _NO_LIMIT if limit is None else limit,
        _NO_LIMIT if cap is None else cap - 1,
        blocked or rules.players,
        cap is not None or rules.reshuffle_when == "stock_empty" or not rules.count_after_going_out,
        # The policies SheddingGame.allowed reads on every move, as slots of the hand.
        bool(rules.names_suit_at_end),
        bool(rules.one_card_calls),
        bool(rules.draw_only_when_stuck),
        bool(rules.pass_when_stuck or rules.pass_by_choice),
        bool(rules.pass_by_choice),
        # The most cards the pile may hold with none to reshuffle into a stock.
        _NO_LIMIT if rules.reshuffle_when == "never" else 0 if rules.reshuffle_takes_top else 1,
        # The hooks asked only of the games that have them (and drawn_card_only).
        overrides(rules, "playable") or bool(rules.drawn_card_only),
        overrides(rules, "after_draw"),
        # What a draw reads (flow.draw_move): its reason, and whether the turn stays.
        "cannot_play" if rules.draw_only_when_stuck else "draw",
        bool(rules.draw_keeps_turn),
        overrides(rules, "playable"),
    )
    if len(_LIMITS) >= 64:
        _LIMITS.clear()
    _LIMITS[id(rules)] = (rules, limits)
    return limits


class HandInfo(Value):
    """The engine's record of what stays the same during one hand: the rules and the
    tables they make, the hand's number, the cards dealt to each player, the dealer,
    the draw for first dealer, and the winners once the game is over; and the rules'
    limits as plain ints (draws a turn, cards played, idle turns that block the hand)
    and the policies that decide what is allowed, read on every move."""

    __slots__ = (
        "_after_draw",
        "_blocked_at",
        "_calls",
        "_cards_dealt",
        "_dealer",
        "_dealer_draws",
        "_draw_limit",
        "_draw_reason",
        "_keeps_turn",
        "_last_play",
        "_names_at_end",
        "_number",
        "_pass_by_choice",
        "_passes",
        "_playable",
        "_reshuffles",
        "_restricts",
        "_rules",
        "_stuck_only",
        "_tables",
        "_watch_plays",
        "_winners",
    )

    def __init__(
        self,
        rules: Any,
        number: int,
        cards_dealt: int,
        dealer: int,
        dealer_draws: tuple[tuple[int, Card], ...] = (),
        winners: tuple[int, ...] = (),
    ) -> None:
        self._rules = rules
        self._tables: CardLookup = tables_for(rules.card_table)
        (
            self._draw_limit,
            self._last_play,
            self._blocked_at,
            self._watch_plays,
            self._names_at_end,
            self._calls,
            self._stuck_only,
            self._passes,
            self._pass_by_choice,
            self._reshuffles,
            self._restricts,
            self._after_draw,
            self._draw_reason,
            self._keeps_turn,
            self._playable,
        ) = _limits_of(rules)
        self._number = number
        self._cards_dealt = cards_dealt
        self._dealer = dealer
        self._dealer_draws = dealer_draws
        self._winners = winners

    @classmethod
    def _hidden(cls) -> frozenset[str]:
        return frozenset(cls.__slots__) - {
            "_cards_dealt",
            "_dealer",
            "_dealer_draws",
            "_number",
            "_winners",
        }

    def __reduce__(self) -> tuple[Any, ...]:
        # The lookup tables are rebuilt from the rules, not pickled with every state.
        return (
            HandInfo,
            (
                self._rules,
                self._number,
                self._cards_dealt,
                self._dealer,
                self._dealer_draws,
                self._winners,
            ),
        )


class ShedState(Value):
    """A shedding game in progress. Immutable; its rules object makes the transitions.
    The stock's order and the generator are part of the state but hidden from views.

    The table (:attr:`table`) is kept in the state's own fields rather than as a
    :class:`~cardrules.shedding.core.ShedTable`, so a move builds one object, not two."""

    __slots__ = (
        "_count",
        "_count_out",
        "_direction",
        "_discard",
        "_drawn",
        "_drawn_card",
        "_events",
        "_exposed",
        "_face",
        "_forfeits",
        "_hand",
        "_hands",
        "_idle",
        "_legal",
        "_payload",
        "_penalties",
        "_phase",
        "_played",
        "_rng",
        "_scores",
        "_stock",
        "_suit",
        "_to_move",
    )

    # The table's slots, which lay_out fills in.
    _hands: tuple[int, ...]
    _stock: tuple[Card, ...]
    _discard: tuple[Card, ...]
    _suit: Suit | DeckSuit
    _face: int
    _direction: int
    _rng: int
    _phase: Phase | str
    _payload: Any

    def __init__(
        self,
        hand: HandInfo,
        table: ShedTable,
        to_move: int | None,
        phase: Phase | str,
        count: int,
        count_out: bool,
        exposed: tuple[int, ...],
        forfeits: tuple[int, ...],
        idle: int,
        penalties: tuple[int, ...],
        scores: tuple[int, ...],
        drawn: int = 0,
        played: int = 0,
        payload: Any = None,
        face: int | None = None,
    ) -> None:
        self._hand = hand
        lay_out(self, table, hand._tables, face)
        self._to_move = to_move
        self._phase = phase
        self._count = count
        self._count_out = count_out
        self._exposed = exposed
        self._forfeits = forfeits
        self._idle = idle
        self._penalties = penalties
        self._scores = scores
        self._drawn = drawn
        # The card the player to move drew this turn, under drawn_card_only.
        self._drawn_card: Any = None
        self._played = played
        self._payload = payload
        # Only set while a transition fills in a new state (cardrules.shedding.flow).
        self._events: list[Event] | None = None
        # The legal moves, once asked for (SheddingGame.legal_moves).
        self._legal: tuple[Move, ...] | None = None

    @classmethod
    def _hidden(cls) -> frozenset[str]:
        return frozenset({"_events", "_legal"})

    def _fresh_caches(self) -> dict[str, Any]:
        # The remembered legal moves are worked out again after loading or copying.
        return _CLEARED

    @property
    def _rules(self) -> Any:
        return self._hand._rules

    @property
    def hand_number(self) -> int:
        """The hand being played, from 1."""
        return self._hand._number

    @property
    def deal_number(self) -> int:
        """The number of the current deal (the hand number), for game-independent code."""
        return self._hand._number

    @property
    def cards_dealt(self) -> int:
        """Cards dealt to each player this hand."""
        return self._hand._cards_dealt

    @property
    def dealer(self) -> int:
        """The seat that dealt this hand."""
        return self._hand._dealer

    @property
    def dealer_draws(self) -> tuple[tuple[int, Card], ...]:
        """The draw for first dealer: ``(seat, card)`` in drawing order, if
        one was made."""
        return self._hand._dealer_draws

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seat(s) once the game is over, else empty."""
        return self._hand._winners

    @property
    def card_lookup(self) -> CardLookup:
        """The card model of the hand's rules (:class:`CardLookup`: the deck's cards
        and their masks, suits and faces)."""
        lookup: CardLookup = self._hand._tables
        return lookup

    @property
    def table(self) -> ShedTable:
        """Hands, stock, discard pile, suit to follow and direction (built on each
        call: the state keeps these in its own fields)."""
        return ShedTable(
            self.hands, self._stock, self._discard, self._suit, self._direction, self._rng
        )

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now; ``None`` once the game is over."""
        return self._to_move

    @property
    def phase(self) -> Phase | str:
        """What the player to move is deciding: a :class:`Phase`, or the name of a
        phase of the game's own (:meth:`~cardrules.shedding.engine.SheddingGame.enter_phase`)."""
        return self._phase

    @property
    def payload(self) -> Any:
        """The game's own immutable data (what its phases decided), ``None`` in games
        without one."""
        return self._payload

    @property
    def count(self) -> int:
        """The value of the count while it runs, else 0."""
        return self._count

    @property
    def count_out(self) -> bool:
        """Whether a player went out during the running count."""
        return self._count_out

    @property
    def exposed(self) -> tuple[int, ...]:
        """Seats that left themselves one card without saying so and may be called on."""
        return self._exposed

    @property
    def forfeits(self) -> tuple[int, ...]:
        """Turns each seat still has to forfeit (a penalty for a missed "one card")."""
        return self._forfeits

    @property
    def idle_turns(self) -> int:
        """Turns in a row with no card played or drawn (a full cycle blocks the hand)."""
        return self._idle

    @property
    def penalties(self) -> tuple[int, ...]:
        """Each seat's last reshuffle penalty (0: none yet), from which the game's
        ``reshuffle_penalty`` works out the next."""
        return self._penalties

    @property
    def draws_this_turn(self) -> int:
        """Cards the player to move has drawn so far this turn (games with a
        ``draw_limit`` stop them drawing at the limit)."""
        return self._drawn

    @property
    def cards_played(self) -> int:
        """Cards played so far this hand (games with ``max_plays`` end the hand there)."""
        return self._played

    @property
    def scores(self) -> tuple[int, ...]:
        """Game totals, including this hand's reshuffle penalties."""
        return self._scores

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted by suit then rank."""
        return tuple(map(self._hand._tables.cards, self._hands))

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds as a hand mask (:mod:`cardrules.handmasks`: one
        52-bit block per copy of a card; on a declared deck, one block of its kinds per
        copy, :class:`CardLookup`): :attr:`hands` of one seat without building its
        cards.

        >>> import cardrules as cr
        >>> state = cr.Craits(players=3).new_game(seed=1)
        >>> cr.handmasks.hand_cards(state.hand_mask(2)) == state.hands[2]
        True
        """
        mask: int = self._hands[seat]
        return mask

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """The number of cards each seat holds (what every view shows)."""
        return tuple(held.bit_count() for held in self._hands)

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self._hands)

    @property
    def is_over(self) -> bool:
        """True once the last hand has been scored."""
        return self._to_move is None

    @property
    def top(self) -> Card | None:
        """The top card of the discard pile (``None`` if the pile is empty)."""
        return self._discard[-1] if self._discard else None

    @property
    def suit(self) -> Suit | DeckSuit:
        """The suit to follow (a :class:`~cardrules.Suit`, or a suit object of the
        game's declared deck)."""
        return self._suit

    @property
    def face(self) -> int:
        """The face to match, which the state remembers with the suit (so the pile may
        be empty): the rank of the last card played (or turned up) for the French
        cards, the number of its face (:func:`~cardrules.shedding.core.faces_of`) on a
        declared deck. A card of that face matches whatever its suit."""
        return self._face

    @property
    def direction(self) -> int:
        """+1 clockwise, -1 counter-clockwise."""
        return self._direction

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._stock)

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discard pile, bottom first."""
        return self._discard

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(hand_number={self.hand_number}, "
            f"cards_dealt={self.cards_dealt}, dealer={self.dealer}, table={self.table!r}, "
            f"to_move={self._to_move}, phase={self._phase!r}, count={self._count}, "
            f"count_out={self._count_out}, exposed={self._exposed}, "
            f"forfeits={self._forfeits}, idle_turns={self._idle}, "
            f"penalties={ints_repr(self._penalties)}, scores={ints_repr(self._scores)}, "
            f"winners={self.winners}, dealer_draws={self.dealer_draws!r})"
        )

    def __str__(self) -> str:
        """A short diagram of the whole state (every hand and the stock's size: for the
        table's owner, never for a player; a view prints only what its seat sees)."""
        return _diagram(self, self.hands, self.stock_size)


def lay_out(
    state: ShedState, table: ShedTable, tables: CardLookup, face: int | None = None
) -> None:
    """Give ``state`` the cards, the suit to follow, the direction and the generator of
    ``table``, its hands as masks of the card model ``tables`` (only while the engine
    makes ``state``: states are immutable). The face to match is ``face``, else the
    top card's."""
    state._hands = tuple(map(tables.mask, table._hands))
    state._stock = table._stock
    state._discard = table._discard
    state._suit = table._suit
    state._face = tables.face_of[table._discard[-1]] if face is None else face
    state._direction = table._direction
    state._rng = table._rng


@attrs.frozen
class ShedView(Immutable):
    """What one seat may know: its own hand, the public table, the scores. Other hands
    appear only as sizes; the stock only as its size; the generator not at all."""

    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top: Card | None
    """The top card of the discard pile (``None`` if the pile is empty)."""
    discard: tuple[Card, ...]
    suit: Suit | DeckSuit
    """The suit to follow: a :class:`~cardrules.Suit`, or a suit object of the game's
    declared deck (:meth:`Deck.suit <cardrules.decks.Deck.suit>`)."""
    count: int
    direction: int
    stock_size: int
    hand_number: int
    cards_dealt: int
    dealer: int
    phase: Phase | str
    to_move: int | None
    count_out: bool
    exposed: tuple[int, ...]
    forfeits: tuple[int, ...]
    idle_turns: int
    penalties: tuple[int, ...] = attrs.field(repr=ints_repr)
    scores: tuple[int, ...] = attrs.field(repr=ints_repr)
    winners: tuple[int, ...]
    legal_moves: tuple[Any, ...]
    """The seat's moves now: all its legal moves on its turn, else the calls it may make."""
    dealer_draws: tuple[tuple[int, Card], ...] = ()
    """The public draw for first dealer, if one was made."""
    draws_this_turn: int = 0
    """Cards the player to move has drawn so far this turn."""
    cards_played: int = 0
    """Cards played so far this hand."""
    payload: Any = attrs.field(default=None, repr=False)
    """What the seat may see of the game's own payload
    (:meth:`~cardrules.shedding.engine.SheddingGame.payload_view`); ``None`` in games
    without one."""
    face: int = 0
    """The face to match (:attr:`ShedState.face`): a card of it matches whatever its
    suit."""

    def to_data(self) -> dict[str, Any]:
        """This view as JSON-ready data (:mod:`cardrules.data`; its schema is
        ``SCHEMAS["view"]``): ``"family": "shedding"``, then each field as data (cards
        as text, the suit to follow as its letter, the phase as its name in lower case,
        the legal moves in their data form). Only what the view holds.

        >>> import cardrules as cr
        >>> game = cr.Craits(players=3)
        >>> data = game.observe(game.new_game(seed=1), 0).to_data()
        >>> data["family"], data["top"], data["suit"], data["phase"], data["stock_size"]
        ('shedding', '2♦', 'D', 'play', 27)
        """
        data = fields_data(self)
        if self.payload is None:  # (games without a payload: their views as they were)
            del data["payload"]
        return {"family": "shedding", **data}

    def __str__(self) -> str:
        """A short diagram of what this seat sees: its own hand, the others' sizes."""
        hands = tuple(
            self.hand if seat == self.seat else size for seat, size in enumerate(self.hand_sizes)
        )
        return _diagram(self, hands, self.stock_size, seen_by=self.seat)


def _diagram(
    position: ShedState | ShedView,
    hands: Sequence[tuple[Card, ...] | int],
    stock_size: int,
    seen_by: int | None = None,
) -> str:
    """The text of a state or a view (a hand given as an int is shown as its size)."""
    if isinstance(position, ShedState):
        name = type(position._hand._rules).__name__
    else:
        name = type(position).__name__.removesuffix("View") or "Shedding game"
    way = "clockwise" if position.direction > 0 else "counter-clockwise"
    if position.winners:
        whom = " and ".join(f"seat {seat}" for seat in position.winners)
        head = f"{name} over after hand {position.hand_number}: {whom} won"
    else:
        doings: dict[Phase | str, str] = {
            Phase.PLAY: "play",
            Phase.NAME_SUIT: "name the suit",
            Phase.ANNOUNCE: 'say "one card" or pass',
        }
        doing = doings.get(position.phase, str(position.phase))  # (a game's: its name)
        head = (
            f"{name} hand {position.hand_number} ({position.cards_dealt} dealt), dealer seat "
            f"{position.dealer}, play goes {way}; seat {position.to_move} to {doing}"
        )
    if seen_by is not None:
        head += f" (as seen by seat {seen_by})"
    top = "no card on the pile" if position.top is None else f"top {position.top}"
    follow = "none" if position.suit is None else position.suit.symbol
    pile = f"  {top}, suit to follow {follow}, stock {stock_size}"
    if position.count:
        pile += f"; the count is at {position.count}"
    lines = [head, pile]
    for seat, hand in enumerate(hands):
        held = f"({hand} cards)" if isinstance(hand, int) else format_cards(hand) or "-"
        notes = [f"total {int_text(position.scores[seat])}"]
        if position.penalties[seat]:
            notes.append(f"last penalty {int_text(position.penalties[seat])}")
        if position.forfeits[seat]:
            notes.append("forfeits a turn")
        if seat in position.exposed:
            notes.append('did not say "one card"')
        lines.append(f"  seat {seat}  {held}   " + ", ".join(notes))
    return "\n".join(lines)
