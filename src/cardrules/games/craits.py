"""Craits: a Crazy Eights family shedding game with card functions, the count,
"one card" calls, threes, shuffle pressure and fifteen hands; the lowest total wins.

Craits is a configuration of the shedding core (:mod:`cardrules.shedding`): this module
adds the turn order, the card-function table, the count, announcements and idiot calls,
the hand schedule and scoring. Rule numbers (K1 …, V1 …) refer to the library's rules
reference.

>>> import cardrules as cr
>>> game = cr.Craits(players=3, short_game=True)
>>> state = game.new_game(seed=4, dealer=0)
>>> state.hand_number, state.cards_dealt, [len(hand) for hand in state.hands]
(1, 8, [8, 8, 8])
>>> while not state.is_over:
...     state = game.apply(state, game.legal_moves(state)[0])
>>> state.hand_number, state.winners
(8, (2,))
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Literal, cast

import attrs

from cardrules._text import int_text, ints_repr, shown
from cardrules.cards import (
    ALL_CARDS,
    RANK_OF_INDEX,
    SUIT_OF_INDEX,
    Card,
    Rank,
    Suit,
    format_cards,
)
from cardrules.deck import DeckSpec
from cardrules.errors import IllegalMoveError, RulesError, SeatError, SetupError, StateError
from cardrules.events import (
    CardPlayed,
    CardsDrawn,
    CardTurnedUp,
    CountEnded,
    CountRaised,
    CountStarted,
    DirectionChanged,
    Event,
    GameOver,
    HandBlocked,
    HandDealt,
    HandScored,
    IdiotCalled,
    MovePlayed,
    OneCardAnnounced,
    PlayAgain,
    Reshuffled,
    SuitNamed,
    TurnForfeited,
    TurnSkipped,
)
from cardrules.game import SHIPPED_MOVES, Game, Step
from cardrules.moves import Announce, CallIdiot, Draw, Move, NameSuit, Pass, Play
from cardrules.rng import check_seed, resolve_seed, seed_state, shuffled
from cardrules.shedding import Action, CardRule, CardTable, ShedTable
from cardrules.table import CLOCKWISE, is_seat

__all__ = [
    "DEFAULT_CARD_TABLE",
    "FULL_GAME",
    "Craits",
    "CraitsState",
    "CraitsView",
    "Phase",
    "hand_points",
]

FULL_GAME = (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
"""K3: cards dealt to each player in hands 1 … 15. The short game (V1) is the first 8."""

DEFAULT_CARD_TABLE = CardTable(
    {
        Rank.ACE: CardRule(Action.NONE, 1, count=1),
        Rank.TWO: CardRule(Action.NONE, 20, count=2, starts_count=True),
        Rank.THREE: CardRule(Action.NONE, 3),
        Rank.FOUR: CardRule(Action.SKIP, 20),
        Rank.FIVE: CardRule(Action.OTHERS_DRAW, 25),
        Rank.SIX: CardRule(Action.PLAY_AGAIN, 30),
        Rank.SEVEN: CardRule(Action.TWO_ALONG_DRAWS, 20),
        Rank.EIGHT: CardRule(Action.WILD, 50),
        Rank.NINE: CardRule(Action.NONE, 40),
        Rank.TEN: CardRule(Action.REVERSE, 30),
        Rank.JACK: CardRule(Action.NONE, 10),
        Rank.QUEEN: CardRule(Action.NONE, 10),
        Rank.KING: CardRule(Action.NONE, 10),
    }
)
"""The default card functions and points (library decision: the seed's table is
missing; see the rules page)."""

_IDIOT_PENALTIES = ("draw_two_skip", "draw_one")
_IDIOT_CALLS = ("manual", "automatic")
_THREES_RULES = ("seed", "published")
_ALONE_THREE = -50
_OUT_POINTS = -10


class Phase(enum.IntEnum):
    """What the player to move is deciding."""

    PLAY = 0
    """Play a card or draw (or call idiot)."""
    NAME_SUIT = 1
    """The dealer names the suit after turning up a wild card (K6)."""
    ANNOUNCE = 2
    """Say "one card" or stay silent on receiving the one card (V4)."""
    OVER = 3
    """The game is over."""


# -- option converters and validators ----------------------------------------------------


def _rank_key(key: Rank | int | str) -> Rank:
    if isinstance(key, str) and key.strip().isdigit():
        key = int(key)
    if isinstance(key, str):
        try:
            return Rank.parse(key)
        except ValueError:
            pass
    elif isinstance(key, int) and not isinstance(key, bool) and 2 <= key <= 14:
        return Rank(key)
    raise RulesError(f"card_table keys must be ranks (2 … 14 or 'A', 'K', …), not {shown(key)}")


def _card_rule(value: CardRule | Mapping[str, Any], rank: Rank) -> CardRule:
    if isinstance(value, CardRule):
        return value
    if isinstance(value, Mapping):
        try:
            return CardRule(**value)
        except (TypeError, ValueError) as exc:
            raise RulesError(f"bad card_table row for {rank.label}: {exc}") from None
    raise RulesError(
        f"a card_table row must be a CardRule or a mapping, not {shown(value)} (rank {rank.label})"
    )


def _to_card_table(
    value: Mapping[Any, Any] | Sequence[Any] | None,
) -> CardTable:
    if isinstance(value, CardTable):
        return value
    rows = dict(DEFAULT_CARD_TABLE)
    if value is None:
        pass
    elif isinstance(value, Mapping):
        for key, row in value.items():
            rank = _rank_key(key)
            rows[rank] = _card_rule(row, rank)
    elif isinstance(value, Sequence) and not isinstance(value, str) and len(value) == 13:
        for i, row in enumerate(value):
            rows[Rank(i + 2)] = _card_rule(row, Rank(i + 2))
    else:
        raise RulesError(
            "card_table must map ranks to CardRule rows (rows left out keep their default), "
            f"or list 13 rows from 2 to A; got {shown(value)}"
        )
    return CardTable(rows)


def _one_of(allowed: tuple[str, ...]) -> Any:
    def check(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
        if value not in allowed:
            raise RulesError(f"{attribute.name} must be one of {allowed}, not {shown(value)}")

    return check


def _check_bool(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise RulesError(f"{attribute.name} must be True or False, not {shown(value)}")


def _bool_option(default: bool = False) -> Any:
    return attrs.field(default=default, validator=_check_bool)


# -- scoring ----------------------------------------------------------------------------


def hand_points(
    hand: Iterable[Card],
    table: Mapping[Rank, CardRule] | None = None,
    *,
    threes_cancel_eights: bool = False,
    threes_rule: str = "seed",
) -> int:
    """The points a hand left at the end of a hand scores (K22-K24, V7).

    Each 3 cancels one other card, not a 3 (nor an 8 unless ``threes_cancel_eights``),
    highest-scoring first. With the seed's rule each 3 scores its own points and a hand
    of only threes scores -50 per three; with the published rule a 3 that cancels
    nothing scores -50.

    >>> from cardrules.cards import parse_cards
    >>> hand_points(parse_cards("AH 3C 3D 6S 7H 9C KD"))  # the seed's example
    37
    >>> hand_points(parse_cards("3C 3D")), hand_points(parse_cards("3C 8D"))
    (-100, 53)
    """
    if table is None:
        table = DEFAULT_CARD_TABLE
    cards = list(hand)
    threes = sum(1 for card in cards if RANK_OF_INDEX[card] == 3)
    others = [table[Rank(RANK_OF_INDEX[card])].points for card in cards if RANK_OF_INDEX[card] != 3]
    if threes and not others:
        return _ALONE_THREE * threes
    cancellable = sorted(
        (
            table[Rank(RANK_OF_INDEX[card])].points
            for card in cards
            if RANK_OF_INDEX[card] != 3 and (threes_cancel_eights or RANK_OF_INDEX[card] != 8)
        ),
        reverse=True,
    )
    cancelled = cancellable[:threes]
    total = sum(others) - sum(cancelled)
    three_points = table[Rank.THREE].points
    if threes_rule == "published":
        return total + three_points * len(cancelled) + _ALONE_THREE * (threes - len(cancelled))
    return total + three_points * threes


# -- states and views --------------------------------------------------------------------


@attrs.frozen
class CraitsState:
    """A Craits game in progress. Immutable; see :class:`Craits` for the transitions.

    The stock's order and the generator are part of the state but hidden from
    :meth:`Craits.observe`.
    """

    hand_number: int
    """The hand being played, from 1."""
    cards_dealt: int
    """Cards dealt to each player this hand."""
    dealer: int
    """The seat that dealt this hand."""
    table: ShedTable
    """Hands, stock, discard pile, suit to follow and direction."""
    to_move: int | None
    """The seat that must decide now; ``None`` once the game is over."""
    phase: Phase
    """What the player to move is deciding."""
    count: int
    """The value of the count while it runs, else 0."""
    count_out: bool
    """Whether a player went out during the running count (K14)."""
    exposed: tuple[int, ...]
    """Seats that left themselves one card without saying so and may be called on."""
    forfeits: tuple[int, ...]
    """Turns each seat still has to forfeit (idiot penalty)."""
    idle_turns: int
    """Turns in a row with no card played or drawn (K21)."""
    penalties: tuple[int, ...] = attrs.field(repr=ints_repr)
    """Each seat's last shuffle-pressure penalty (0: none yet); the next one doubles it."""
    scores: tuple[int, ...] = attrs.field(repr=ints_repr)
    """Game totals, including this hand's shuffle pressure."""
    winners: tuple[int, ...] = ()
    """The winning seat(s) once the game is over, else empty."""
    dealer_draws: tuple[tuple[int, Card], ...] = ()
    """The draw for first dealer (K2): ``(seat, card)`` in drawing order, if one was made."""
    _rules: Craits | None = attrs.field(default=None, eq=False, repr=False)
    """The rules that made this state (checked by every method that takes it)."""

    def __str__(self) -> str:
        """A short diagram of the whole state (every hand and the stock's size: for the
        table's owner, never for a player; a view prints only what its seat sees)."""
        return _diagram(self, self.table.hands, len(self.table.stock))

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted by suit then rank."""
        return self.table.hands

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.table.hands)

    @property
    def is_over(self) -> bool:
        """True once the last hand has been scored."""
        return self.to_move is None

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.table.discard[-1]

    @property
    def suit(self) -> Suit:
        """The suit to follow."""
        return self.table.suit

    @property
    def direction(self) -> int:
        """+1 clockwise, -1 counter-clockwise."""
        return self.table.direction

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self.table.stock)

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discard pile, bottom first."""
        return self.table.discard

    @property
    def deal_number(self) -> int:
        """The number of the current deal (the hand number), for game-independent code."""
        return self.hand_number


@attrs.frozen
class CraitsView:
    """What one seat may know: its own hand, the public table, the scores. Other hands
    appear only as sizes; the stock only as its size; the generator not at all."""

    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top: Card
    discard: tuple[Card, ...]
    suit: Suit
    count: int
    direction: int
    stock_size: int
    hand_number: int
    cards_dealt: int
    dealer: int
    phase: Phase
    to_move: int | None
    count_out: bool
    exposed: tuple[int, ...]
    forfeits: tuple[int, ...]
    idle_turns: int
    penalties: tuple[int, ...] = attrs.field(repr=ints_repr)
    scores: tuple[int, ...] = attrs.field(repr=ints_repr)
    winners: tuple[int, ...]
    legal_moves: tuple[Move, ...]
    """The seat's moves now: all its legal moves on its turn, else the calls it may make."""
    dealer_draws: tuple[tuple[int, Card], ...] = ()
    """The public draw for first dealer (K2), if one was made."""

    def __str__(self) -> str:
        """A short diagram of what this seat sees: its own hand, the others' sizes."""
        hands = tuple(
            self.hand if seat == self.seat else size for seat, size in enumerate(self.hand_sizes)
        )
        return _diagram(self, hands, self.stock_size, seen_by=self.seat)


def _diagram(
    position: CraitsState | CraitsView,
    hands: Sequence[tuple[Card, ...] | int],
    stock_size: int,
    seen_by: int | None = None,
) -> str:
    """The text of a state or a view (a hand given as an int is shown as its size)."""
    way = "clockwise" if position.direction > 0 else "counter-clockwise"
    if position.winners:
        whom = " and ".join(f"seat {seat}" for seat in position.winners)
        head = f"Craits over after hand {position.hand_number}: {whom} won"
    else:
        doing = {
            Phase.PLAY: "play",
            Phase.NAME_SUIT: "name the suit",
            Phase.ANNOUNCE: 'say "one card" or pass',
        }.get(position.phase, "play")
        head = (
            f"Craits hand {position.hand_number} ({position.cards_dealt} dealt), dealer seat "
            f"{position.dealer}, play goes {way}; seat {position.to_move} to {doing}"
        )
    if seen_by is not None:
        head += f" (as seen by seat {seen_by})"
    pile = f"  top {position.top}, suit to follow {position.suit.symbol}, stock {stock_size}"
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


# -- cached move objects -----------------------------------------------------------------

_PLAY = tuple(Play(card) for card in ALL_CARDS)
_PLAY_SAY = tuple(Play(card, announce=True) for card in ALL_CARDS)
_PLAY_NAMING = tuple(tuple(Play(card, suit=suit) for suit in Suit) for card in ALL_CARDS)
_PLAY_NAMING_SAY = tuple(
    tuple(Play(card, suit=suit, announce=True) for suit in Suit) for card in ALL_CARDS
)
_DRAW_ONLY: tuple[Move, ...] = (Draw(),)
_NAME_SUIT: tuple[Move, ...] = tuple(NameSuit(suit) for suit in Suit)
_ANNOUNCE_OR_PASS: tuple[Move, ...] = (Announce(), Pass())
_MOVES_ARE = "Play, Draw, CallIdiot, NameSuit, Announce or Pass"


class _Work:
    """The mutable scratch copy of a state used inside one transition."""

    __slots__ = (
        "cards_dealt",
        "count",
        "count_out",
        "dealer",
        "dealer_draws",
        "events",
        "exposed",
        "forfeits",
        "hand_number",
        "idle_turns",
        "penalties",
        "phase",
        "scores",
        "table",
        "to_move",
        "winners",
    )

    def __init__(self, state: CraitsState, events: list[Event] | None) -> None:
        self.hand_number = state.hand_number
        self.cards_dealt = state.cards_dealt
        self.dealer = state.dealer
        self.table = state.table
        self.to_move = state.to_move
        self.phase = state.phase
        self.count = state.count
        self.count_out = state.count_out
        self.exposed = state.exposed
        self.forfeits = state.forfeits
        self.idle_turns = state.idle_turns
        self.penalties = state.penalties
        self.scores = state.scores
        self.winners = state.winners
        self.dealer_draws = state.dealer_draws
        self.events = events

    def freeze(self, rules: Craits) -> CraitsState:
        return CraitsState(
            self.hand_number,
            self.cards_dealt,
            self.dealer,
            self.table,
            self.to_move,
            self.phase,
            self.count,
            self.count_out,
            self.exposed,
            self.forfeits,
            self.idle_turns,
            self.penalties,
            self.scores,
            self.winners,
            self.dealer_draws,
            rules,
        )


def _rebuild_craits(options: dict[str, Any]) -> Craits:
    """Unpickle a :class:`Craits` rules object."""
    return Craits(**options)


def _matching_table(rule_of: Sequence[CardRule]) -> tuple[tuple[frozenset[Card], ...], ...]:
    """For each suit to follow and top rank (indexed by suit, then rank 0 … 14), the
    cards that match outside the count: wild cards, that suit, that rank (K7, K8)."""
    wild = frozenset(c for c in ALL_CARDS if rule_of[c].is_wild)
    of_suit = [frozenset(c for c in ALL_CARDS if SUIT_OF_INDEX[c] == s) for s in range(4)]
    of_rank = [frozenset(c for c in ALL_CARDS if RANK_OF_INDEX[c] == r) for r in range(15)]
    return tuple(tuple(wild | of_suit[s] | of_rank[r] for r in range(15)) for s in range(4))


def _seats(seats: Sequence[int]) -> str:
    """``"seat 2"``, ``"seat 1 and seat 3"``: seats in words, for messages."""
    return " and ".join(f"seat {seat}" for seat in seats)


def _replace(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return values[:seat] + (value,) + values[seat + 1 :]


@attrs.frozen(kw_only=True)
class Craits(Game[CraitsState, Move, CraitsView]):
    """The rules of Craits, with its options. Every variation is off by default.

    Args:
        players: 2 to 10 (K1).
        decks: standard decks in use; ``None`` means 1 for 2-5 players, 2 for 6-10 (K1).
        short_game: V1, play only the first eight hands (8 … 1 cards).
        deal_follows_direction: V2, if play ended a hand counter-clockwise, the next deal
            passes to the right and play starts counter-clockwise.
        remove_kings_queens: V3, two or three players only: no kings or queens.
        one_card_deal_announce: V4, in the one-card hand everyone must say "one card" on
            receiving their card.
        idiot_penalty: ``"draw_two_skip"`` (K17: draw two, forfeit the next turn) or
            ``"draw_one"`` (V5: draw one at once, lose no turn).
        continue_after_count_out: V6, if nobody holds zero cards when a count ends, the
            hand goes on even though somebody went out during it.
        threes_cancel_eights: V7, threes may cancel eights too.
        card_table: V8, replace rows of the card table: a mapping from rank to
            :class:`~cardrules.shedding.CardRule` (rows left out keep their default).
        threes_rule: ``"seed"`` (K23-K24) or ``"published"`` (a 3 that cancels nothing
            scores -50).
        idiot_calls: ``"manual"`` (opponents call, K17) or ``"automatic"`` (the penalty
            applies at once to an unannounced one card; for simulations).

    >>> Craits(players=7).decks
    2
    >>> Craits(card_table={"J": CardRule("skip", 10)}).card_table[Rank.JACK]
    CardRule(action=<Action.SKIP: 'skip'>, points=10, count=0, starts_count=False)
    """

    name: ClassVar[str] = "craits"
    higher_scores_win: ClassVar[bool] = False
    state_class: ClassVar[type | None] = CraitsState

    players: int = 4
    decks: int | None = None
    short_game: bool = _bool_option()
    deal_follows_direction: bool = _bool_option()
    remove_kings_queens: bool = _bool_option()
    one_card_deal_announce: bool = _bool_option()
    idiot_penalty: Literal["draw_two_skip", "draw_one"] = attrs.field(
        default="draw_two_skip", validator=_one_of(_IDIOT_PENALTIES)
    )
    continue_after_count_out: bool = _bool_option()
    threes_cancel_eights: bool = _bool_option()
    card_table: CardTable = attrs.field(default=None, converter=_to_card_table)
    threes_rule: Literal["seed", "published"] = attrs.field(
        default="seed", validator=_one_of(_THREES_RULES)
    )
    idiot_calls: Literal["manual", "automatic"] = attrs.field(
        default="manual", validator=_one_of(_IDIOT_CALLS)
    )

    _deck: DeckSpec = attrs.field(init=False, eq=False, repr=False)
    _schedule: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _rule_of: tuple[CardRule, ...] = attrs.field(init=False, eq=False, repr=False)
    _action_of: tuple[Action, ...] = attrs.field(init=False, eq=False, repr=False)
    _count_of: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _matching: tuple[tuple[frozenset[Card], ...], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    _count_cards: frozenset[Card] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        players = self.players
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
            raise RulesError(f"Craits is played by 2 to 10 players, not {shown(players)}")
        decks = self.decks
        if decks is None:
            decks = 1 if players <= 5 else 2
            object.__setattr__(self, "decks", decks)
        if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= 3:
            raise RulesError(
                f"decks must be 1, 2 or 3 (or None for the default), not {shown(decks)}"
            )
        if self.remove_kings_queens and players > 3:
            raise RulesError(f"remove_kings_queens (V3) is for two or three players, not {players}")
        removed = (Rank.KING, Rank.QUEEN) if self.remove_kings_queens else ()
        deck = DeckSpec(decks=decks, removed_ranks=removed)
        schedule = FULL_GAME[:8] if self.short_game else FULL_GAME
        needed = players * max(schedule) + 1
        if needed > deck.size:
            raise RulesError(
                f"{players} players need at least {needed} cards (8 each and a turn-up) but "
                f"{decks} deck(s){' without kings and queens' if removed else ''} hold "
                f"{deck.size}; use more decks (6-10 players use two)"
            )
        rule_of = self.card_table.by_card()
        object.__setattr__(self, "_deck", deck)
        object.__setattr__(self, "_schedule", schedule)
        object.__setattr__(self, "_rule_of", rule_of)
        object.__setattr__(self, "_action_of", tuple(rule.action for rule in rule_of))
        object.__setattr__(self, "_count_of", tuple(rule.count for rule in rule_of))
        object.__setattr__(self, "_matching", _matching_table(rule_of))
        object.__setattr__(
            self, "_count_cards", frozenset(c for c in ALL_CARDS if rule_of[c].count > 0)
        )

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        # Pickle the options only; the lookup tables are rebuilt from them.
        options = {f.name: getattr(self, f.name) for f in attrs.fields(type(self)) if f.init}
        return (_rebuild_craits, (options,))

    @classmethod
    def published_rules(cls, players: int = 4, **options: Any) -> Craits:
        """The second published rule set as a preset: 9 is also wild but keeps the suit
        in force, 7 scores 25, and a 3 that cancels nothing scores -50.

        >>> Craits.published_rules().card_table[Rank.NINE].action
        <Action.WILD_KEEP_SUIT: 'wild_keep_suit'>
        """
        table: dict[Rank | int | str, CardRule] = {
            Rank.NINE: CardRule(Action.WILD_KEEP_SUIT, DEFAULT_CARD_TABLE[Rank.NINE].points),
            Rank.SEVEN: CardRule(Action.TWO_ALONG_DRAWS, 25),
        }
        table.update(options.pop("card_table", None) or {})
        options.setdefault("threes_rule", "published")
        return cls(players=players, card_table=table, **options)

    @property
    def deck(self) -> DeckSpec:
        """The cards in play."""
        return self._deck

    @property
    def schedule(self) -> tuple[int, ...]:
        """Cards dealt to each player in each hand (K3, V1)."""
        return self._schedule

    def options(self) -> dict[str, Any]:
        """The rules options as JSON-friendly data."""
        data = super().options()
        for private in (
            "_deck",
            "_schedule",
            "_rule_of",
            "_action_of",
            "_count_of",
            "_matching",
            "_count_cards",
        ):
            data.pop(private, None)
        return data

    # -- starting a game -------------------------------------------------------------

    def new_game(
        self,
        seed: int | None = None,
        *,
        dealer: int | None = None,
        deck: Sequence[Card | str] | None = None,
        hands: Sequence[Sequence[Card | str]] | None = None,
        stock: Sequence[Card | str] | None = None,
        hand_number: int = 1,
        scores: Sequence[int] | None = None,
    ) -> CraitsState:
        """The first hand, dealt, its top card turned up and its function carried out.

        The turned-up card may already have done something (skipped a player, started
        the count, made others draw): :meth:`start` returns the same state with the
        events that tell what, which a table UI should show.

        Args:
            seed: makes the game reproducible (the draw for dealer, every deal and
                every reshuffle come from it). ``None`` (the default) draws a fresh
                seed from the operating system (:func:`cardrules.rng.new_seed`): pass
                your own only to replay a game, and keep it secret while the game is on.
            dealer: the first dealer; ``None`` (default) makes the players draw for it
                (K2, the lowest card deals).
            deck: a stacked deck for the first deal, every card in play, top first.
            hands: explicit hands, one per seat (with ``stock``), instead of a deal.
            stock: with ``hands``: the stock, top first; its top card is turned up.
            hand_number: the hand to start at (1 … 15), to analyse a later position.
            scores: starting totals (zeros by default).

        Raises :class:`~cardrules.SetupError` for a bad seed, dealer, deck, position or
        scores.
        """
        return self._setup(seed, dealer, deck, hands, stock, hand_number, scores, None)

    def start(self, seed: int | None = None, **setup: Any) -> Step[CraitsState]:
        """Like :meth:`new_game`, also returning the events of the deal: the hand dealt,
        the turned-up card and whatever it did.

        >>> step = Craits(players=3).start(seed=4, dealer=0)
        >>> [type(event).__name__ for event in step.events][:2]
        ['HandDealt', 'CardTurnedUp']
        """
        events: list[Event] = []
        state = self._setup(
            seed,
            setup.pop("dealer", None),
            setup.pop("deck", None),
            setup.pop("hands", None),
            setup.pop("stock", None),
            setup.pop("hand_number", 1),
            setup.pop("scores", None),
            events,
        )
        if setup:
            raise TypeError(f"unknown setup arguments: {sorted(setup)}")
        return Step(state, tuple(events))

    def _setup(
        self,
        seed: int | None,
        dealer: int | None,
        deck: Sequence[Card | str] | None,
        hands: Sequence[Sequence[Card | str]] | None,
        stock: Sequence[Card | str] | None,
        hand_number: int,
        scores: Sequence[int] | None,
        events: list[Event] | None,
    ) -> CraitsState:
        rng = seed_state(resolve_seed(seed))
        players = self.players
        if (
            isinstance(hand_number, bool)
            or not isinstance(hand_number, int)
            or not 1 <= hand_number <= len(self._schedule)
        ):
            raise SetupError(
                f"hand_number must be 1 to {len(self._schedule)}, not {shown(hand_number)}"
            )
        start_scores = self._check_scores(scores)
        draws: tuple[tuple[int, Card], ...] = ()
        if dealer is None:
            dealer, draws, rng = self._draw_for_dealer(rng)
        elif not is_seat(dealer, players):
            raise SetupError(f"dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}")
        work = _Work.__new__(_Work)
        work.events = events
        work.dealer_draws = draws
        work.scores = start_scores
        work.penalties = (0,) * players
        work.winners = ()
        if hands is not None or stock is not None:
            if deck is not None:
                raise SetupError("give a stacked deck or explicit hands and stock, not both")
            table = self._check_position(hands, stock, rng)
            self._begin_hand(work, hand_number, dealer, table, CLOCKWISE)
            return work.freeze(self)
        order = None if deck is None else self._deck.check_order(deck)
        self._deal(work, hand_number, dealer, CLOCKWISE, order, rng)
        return work.freeze(self)

    def _check_scores(self, scores: Sequence[int] | None) -> tuple[int, ...]:
        if scores is None:
            return (0,) * self.players
        if (
            isinstance(scores, str)
            or not isinstance(scores, Sequence)
            or len(scores) != self.players
            or any(isinstance(s, bool) or not isinstance(s, int) for s in scores)
        ):
            raise SetupError(
                f"scores must be {self.players} ints, one per seat, not {shown(scores)}"
            )
        return tuple(scores)

    def _check_position(
        self,
        hands: Sequence[Sequence[Card | str]] | None,
        stock: Sequence[Card | str] | None,
        rng: int,
    ) -> ShedTable:
        if hands is None or stock is None:
            raise SetupError("an explicit position needs both hands and stock")
        if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != self.players:
            raise SetupError(f"hands must be {self.players} sequences of cards, one per seat")
        parsed = []
        for seat, hand in enumerate(hands):
            if isinstance(hand, str) or not isinstance(hand, Sequence) or not hand:
                raise SetupError(f"the hand of seat {seat} must be a non-empty sequence of cards")
            parsed.append(tuple(sorted(Card.parse(card) for card in hand)))  # type: ignore[arg-type]
        if isinstance(stock, str) or not isinstance(stock, Sequence) or not stock:
            raise SetupError("stock must be a non-empty sequence of cards, top first")
        pile = tuple(Card.parse(card) for card in stock)  # type: ignore[arg-type]
        self._deck.check_order([card for hand in parsed for card in hand] + list(pile))
        turned = pile[0]
        return ShedTable(tuple(parsed), pile[1:], (turned,), Suit(SUIT_OF_INDEX[turned]), 1, rng)

    def _draw_for_dealer(self, rng: int) -> tuple[int, tuple[tuple[int, Card], ...], int]:
        """K2: everyone draws; the lowest rank deals; tied lowest players draw again."""
        contenders = list(range(self.players))
        draws: list[tuple[int, Card]] = []
        while True:
            order, rng = shuffled(self._deck.cards(), rng)
            drawn = list(zip(contenders, order, strict=False))
            draws.extend(drawn)
            low = min(RANK_OF_INDEX[card] for _, card in drawn)
            contenders = [seat for seat, card in drawn if RANK_OF_INDEX[card] == low]
            if len(contenders) == 1:
                return contenders[0], tuple(draws), rng

    def _deal(
        self,
        work: _Work,
        hand_number: int,
        dealer: int,
        direction: int,
        order: tuple[Card, ...] | None,
        rng: int,
    ) -> None:
        """K5: deal one at a time from the dealer's side, turn up the top of the stock."""
        cards_each = self._schedule[hand_number - 1]
        if order is None:
            order, rng = self._deck.shuffled(rng)
        table = ShedTable.deal(order, dealer, self.players, cards_each, direction, rng)
        self._begin_hand(work, hand_number, dealer, table, direction)

    def _begin_hand(
        self, work: _Work, hand_number: int, dealer: int, table: ShedTable, direction: int
    ) -> None:
        players = self.players
        cards_each = self._schedule[hand_number - 1]
        work.hand_number = hand_number
        work.cards_dealt = cards_each
        work.dealer = dealer
        work.table = table
        work.count = 0
        work.count_out = False
        work.exposed = ()
        work.forfeits = (0,) * players
        work.idle_turns = 0
        if work.events is not None:
            work.events.append(HandDealt(hand_number, dealer, cards_each))
        if self.one_card_deal_announce and cards_each == 1:
            # V4: everyone answers in dealing order before the turned-up card acts.
            work.phase = Phase.ANNOUNCE
            work.to_move = (dealer + direction) % players
            return
        self._turn_up(work)

    def _turn_up(self, work: _Work) -> None:
        """K6: the turned-up card acts as the dealer's play."""
        dealer = work.dealer
        card = work.table.discard[-1]
        if work.events is not None:
            work.events.append(CardTurnedUp(dealer, card))
        rule = self._rule_of[card]
        work.phase = Phase.PLAY
        if rule.starts_count:
            self._start_count(work, dealer, rule.count)
            self._advance(work, work.table.seat_after(dealer))
        elif rule.action is Action.WILD:
            work.phase = Phase.NAME_SUIT
            work.to_move = dealer
        else:
            self._advance(work, self._carry_out(work, dealer, rule.action))

    # -- moves -------------------------------------------------------------------------

    def legal_moves(self, state: CraitsState) -> tuple[Move, ...]:
        """The moves the player to move may make, in a fixed order; ``()`` once the
        game is over.

        Plays come in hand order (a wild once per suit it can name, a play leaving one
        card with and without saying "one card"); :class:`~cardrules.Draw` only when no
        card can be played (playing is compulsory, K7); then any idiot calls the player
        may make.
        """
        if type(state) is not CraitsState or state._rules is not self:
            self.check_state(state)
        seat = state.to_move
        if seat is None:
            return ()
        phase = state.phase
        if phase is Phase.PLAY:
            moves = self._plays(state, seat)
        elif phase is Phase.NAME_SUIT:
            moves = _NAME_SUIT
        else:
            moves = _ANNOUNCE_OR_PASS
        if state.exposed:
            return moves + self.calls(state, seat)
        return moves

    def _playable_now(self, state: CraitsState) -> frozenset[Card]:
        """The one matcher (K7, K8, K12): the cards that may be played now. While the
        count runs, a card that adds to it; otherwise a wild card, or a card of the suit
        to follow or of the top card's rank (looked up in a table the rules build once).
        Legal moves, ``apply`` and the check that drawing is allowed all ask this."""
        if state.count:
            return self._count_cards
        table = state.table
        return self._matching[table.suit][RANK_OF_INDEX[table.discard[-1]]]

    def _playable(self, state: CraitsState, hand: tuple[Card, ...]) -> list[Card]:
        """The distinct cards of ``hand`` (sorted, so copies are neighbours) that may be
        played now."""
        allowed = self._playable_now(state)
        playable: list[Card] = []
        previous = -1
        for card in hand:
            if card != previous and card in allowed:
                playable.append(card)
            previous = card
        return playable

    def _plays(self, state: CraitsState, seat: int) -> tuple[Move, ...]:
        hand = state.table.hands[seat]
        playable = self._playable(state, hand)
        if not playable:
            return _DRAW_ONLY
        say = len(hand) == 2
        moves: list[Move] = []
        naming = not state.count  # a wild names a suit, except played into the count
        action_of = self._action_of
        for card in playable:
            if naming and action_of[card] is Action.WILD:
                moves.extend(_PLAY_NAMING[card])
                if say:
                    moves.extend(_PLAY_NAMING_SAY[card])
            else:
                moves.append(_PLAY[card])
                if say:
                    moves.append(_PLAY_SAY[card])
        return tuple(moves)

    def _is_legal_play(self, state: CraitsState, seat: int, move: Play) -> bool:
        hand = state.table.hands[seat]
        card = move.card
        if card not in hand or (move.announce and len(hand) != 2):
            return False
        if card not in self._playable_now(state):
            return False
        names_suit = not state.count and self._action_of[card] is Action.WILD
        return (move.suit is not None) == names_suit

    def _can_play(self, state: CraitsState, seat: int) -> bool:
        return not self._playable_now(state).isdisjoint(state.table.hands[seat])

    def projected_scores(self, state: CraitsState) -> tuple[int, ...]:
        """The totals plus what each hand would score if the hand ended now (K22-K24).

        >>> game = Craits(players=2)
        >>> state = game.new_game(seed=1, dealer=0)
        >>> [p > s for p, s in zip(game.projected_scores(state), state.scores)]
        [True, True]
        """
        self.check_state(state)
        if state.to_move is None:
            return state.scores
        return tuple(
            score
            + (
                _OUT_POINTS
                if not hand
                else hand_points(
                    hand,
                    self.card_table,
                    threes_cancel_eights=self.threes_cancel_eights,
                    threes_rule=self.threes_rule,
                )
            )
            for score, hand in zip(state.scores, state.table.hands, strict=True)
        )

    def calls(self, state: CraitsState, seat: int) -> tuple[CallIdiot, ...]:
        """The idiot calls ``seat`` may make now, in or out of turn (K17).

        >>> game = Craits()
        >>> game.calls(game.new_game(seed=1), seat=2)
        ()
        """
        self.check_state(state)
        if not is_seat(seat, self.players):
            raise SeatError(f"seat must be 0 to {self.players - 1}, not {shown(seat)}")
        if self.idiot_calls != "manual" or state.to_move is None:
            return ()
        return tuple(CallIdiot(seat, target) for target in state.exposed if target != seat)

    def _transition(
        self, state: CraitsState, move: Move, events: list[Event] | None
    ) -> CraitsState:
        if type(state) is not CraitsState or state._rules is not self:
            self.check_state(state)
        if state.to_move is None:
            if not isinstance(move, SHIPPED_MOVES):
                raise self.foreign_move(move, _MOVES_ARE)
            raise IllegalMoveError("game_over", "the game is over; no more moves")
        kind = type(move)
        if kind is CallIdiot:
            return self._call(state, move, events)  # type: ignore[arg-type]
        seat = state.to_move
        phase = state.phase
        # The same test as "move in legal_moves(state)", without building the list.
        if phase is Phase.PLAY:
            if kind is Play:
                legal = self._is_legal_play(state, seat, move)  # type: ignore[arg-type]
            else:
                legal = kind is Draw and not self._can_play(state, seat)
        elif phase is Phase.NAME_SUIT:
            legal = kind is NameSuit
        else:
            legal = kind is Announce or kind is Pass
        if not legal:
            raise self._why_illegal(state, move)
        work = _Work(state, events)
        if events is not None:
            events.append(MovePlayed(seat, move))
        if type(move) is Play:
            self._play(work, seat, move)
        elif type(move) is Draw:
            self._draw_move(work, seat)
        elif type(move) is NameSuit:
            work.table = work.table.with_suit(move.suit)
            if events is not None:
                events.append(SuitNamed(seat, move.suit))
            work.phase = Phase.PLAY
            self._advance(work, work.table.seat_after(seat))
        else:
            self._announce_move(work, seat, type(move) is Announce)
        return work.freeze(self)

    def _play(self, work: _Work, seat: int, move: Play) -> None:
        card = move.card
        rule = self._rule_of[card]
        work.exposed = ()
        work.idle_turns = 0
        before = work.table
        if rule.action is Action.WILD:
            work.table = before.play(seat, card, move.suit)
        elif rule.action is Action.WILD_KEEP_SUIT:
            work.table = before.play(seat, card, before.suit)
        else:
            work.table = before.play(seat, card)
        events = work.events
        left = len(work.table.hands[seat])
        if events is not None:
            events.append(CardPlayed(seat, card))
            if move.announce:
                events.append(OneCardAnnounced(seat))
            if move.suit is not None:  # a wild card naming the suit to follow (K8)
                events.append(SuitNamed(seat, move.suit))
        if work.count:
            # K12, K14: a card played into the count only raises it.
            work.count += rule.count
            if events is not None:
                events.append(CountRaised(seat, work.count))
            if not left:
                work.count_out = True
            next_seat = work.table.seat_after(seat)
        elif rule.starts_count:
            # K11, K14: a 2 starts the count, even as the player's last card.
            self._start_count(work, seat, rule.count)
            if not left:
                work.count_out = True
            next_seat = work.table.seat_after(seat)
        elif not left:
            # K15: going out; a last card that makes others draw still does so.
            if rule.action in (Action.OTHERS_DRAW, Action.TWO_ALONG_DRAWS):
                self._carry_out(work, seat, rule.action)
            self._end_hand(work, blocked=False)
            return
        else:
            next_seat = self._carry_out(work, seat, rule.action)
        if left == 1 and not move.announce:
            self._expose(work, seat)
        self._advance(work, next_seat)

    def _draw_move(self, work: _Work, seat: int) -> None:
        work.exposed = ()
        if work.count:
            # K13: the player who cannot follow draws the count's value; the count ends.
            value = work.count
            work.count = 0
            if work.events is not None:
                work.events.append(CountEnded(seat, value))
            drawn = self._draw(work, seat, value, "count")
            work.idle_turns = 0 if drawn else work.idle_turns + 1
            if work.count_out:
                nobody_out = all(work.table.hands)
                if not (self.continue_after_count_out and nobody_out):
                    self._end_hand(work, blocked=False)
                    return
                work.count_out = False
        else:
            drawn = self._draw(work, seat, 1, "cannot_play")
            work.idle_turns = 0 if drawn else work.idle_turns + 1
        if work.idle_turns >= self.players:
            # K21 (library decision): a full cycle of turns with nothing played or drawn.
            if work.events is not None:
                work.events.append(HandBlocked(work.hand_number))
            self._end_hand(work, blocked=True)
            return
        self._advance(work, work.table.seat_after(seat))

    def _announce_move(self, work: _Work, seat: int, said: bool) -> None:
        """V4: a player answers on receiving the one card; then the next in dealing order."""
        if said:
            if work.events is not None:
                work.events.append(OneCardAnnounced(seat))
        else:
            self._expose(work, seat)
        if seat == work.dealer:
            self._turn_up(work)
        else:
            work.to_move = work.table.seat_after(seat)

    def _call(self, state: CraitsState, move: CallIdiot, events: list[Event] | None) -> CraitsState:
        """K17: an opponent calls idiot, in or out of turn, while the window is open."""
        if self.idiot_calls != "manual":
            raise IllegalMoveError(
                "calls_are_automatic",
                "idiot penalties are applied automatically in this game (idiot_calls='automatic')",
            )
        caller = move.caller
        if not is_seat(caller, self.players):
            raise IllegalMoveError(
                "no_such_seat", f"the caller must be a seat from 0 to {self.players - 1}"
            )
        open_on = tuple(seat for seat in state.exposed if seat != caller)
        if not open_on:
            raise IllegalMoveError(
                "no_window",
                "nobody can be called on now: a call is only possible after a player is left "
                'with one card without saying "one card", until the next card is played or '
                "drawn (and not on yourself)",
            )
        target = move.target
        if target is None:
            if len(open_on) > 1:
                raise IllegalMoveError(
                    "target_needed",
                    f"several players can be called on ({_seats(open_on)}); name the target: "
                    f"CallIdiot({caller}, target)",
                )
            target = open_on[0]
        elif target not in open_on:
            raise IllegalMoveError(
                "not_callable",
                f"seat {target} cannot be called on now; you can call on {_seats(open_on)}",
            )
        work = _Work(state, events)
        if events is not None:
            events.append(MovePlayed(caller, move))
            events.append(IdiotCalled(caller, target))
        work.exposed = tuple(seat for seat in state.exposed if seat != target)
        self._penalize(work, target)
        if work.phase is Phase.PLAY and work.to_move == target:
            self._advance(work, target)
        return work.freeze(self)

    # -- effects -----------------------------------------------------------------------

    def _carry_out(self, work: _Work, seat: int, action: Action) -> int:
        """Carry out a card function for ``seat``; return the seat that moves next."""
        table = work.table
        players = self.players
        if action is Action.SKIP:
            skipped = table.seat_after(seat)
            if work.events is not None:
                work.events.append(TurnSkipped(skipped, seat))
            return table.seat_after(seat, 2)
        if action is Action.OTHERS_DRAW:
            for step in range(1, players):
                self._draw(work, table.seat_after(seat, step), 1, "others_draw")
        elif action is Action.TWO_ALONG_DRAWS:
            target = table.seat_after(seat, 2) if players > 2 else (seat + 1) % 2
            self._draw(work, target, 1, "two_along_draws")
        elif action is Action.PLAY_AGAIN:
            if work.events is not None:
                work.events.append(PlayAgain(seat))
            return seat
        elif action is Action.REVERSE:
            work.table = table.reversed()
            if work.events is not None:
                work.events.append(DirectionChanged(work.table.direction))
        return work.table.seat_after(seat)

    def _start_count(self, work: _Work, seat: int, value: int) -> None:
        work.count = value
        if work.events is not None:
            work.events.append(CountStarted(seat, value))

    def _draw(self, work: _Work, seat: int, count: int, reason: str) -> int:
        """``seat`` draws ``count`` cards with shuffle pressure (K19, K20); returns how many
        it got."""
        result = work.table.draw(seat, count)
        work.table = result.table
        events = work.events
        for cards in result.reshuffles:
            penalty = work.penalties[seat] * 2 or 5
            work.penalties = _replace(work.penalties, seat, penalty)
            work.scores = _replace(work.scores, seat, work.scores[seat] + penalty)
            if events is not None:
                events.append(Reshuffled(seat, cards, penalty))
        if events is not None:
            events.append(CardsDrawn(seat, len(result.cards), reason, count))
        if result.cards:
            work.idle_turns = 0
        return len(result.cards)

    def _expose(self, work: _Work, seat: int) -> None:
        """A player is left with one card unannounced (K17, V4)."""
        if self.idiot_calls == "automatic":
            self._penalize(work, seat)
        else:
            work.exposed = (*work.exposed, seat)

    def _penalize(self, work: _Work, seat: int) -> None:
        if self.idiot_penalty == "draw_one":
            self._draw(work, seat, 1, "idiot")
        else:
            self._draw(work, seat, 2, "idiot")
            work.forfeits = _replace(work.forfeits, seat, work.forfeits[seat] + 1)

    def _advance(self, work: _Work, seat: int) -> None:
        """Give the turn to ``seat``, passing over seats that must forfeit a turn."""
        forfeits = work.forfeits
        while forfeits[seat]:
            forfeits = _replace(forfeits, seat, forfeits[seat] - 1)
            if work.events is not None:
                work.events.append(TurnForfeited(seat))
            seat = work.table.seat_after(seat)
        work.forfeits = forfeits
        work.to_move = seat

    def _end_hand(self, work: _Work, *, blocked: bool) -> None:
        """K22-K25: score the hand, then deal the next one or end the game."""
        hand_scores = tuple(
            _OUT_POINTS
            if not hand and not blocked
            else hand_points(
                hand,
                self.card_table,
                threes_cancel_eights=self.threes_cancel_eights,
                threes_rule=self.threes_rule,
            )
            for hand in work.table.hands
        )
        work.scores = tuple(a + b for a, b in zip(work.scores, hand_scores, strict=True))
        events = work.events
        if events is not None:
            events.append(HandScored(work.hand_number, hand_scores, work.scores))
        work.count = 0
        work.count_out = False
        work.exposed = ()
        if work.hand_number == len(self._schedule):
            best = min(work.scores)
            work.winners = tuple(s for s, score in enumerate(work.scores) if score == best)
            work.to_move = None
            work.phase = Phase.OVER
            if events is not None:
                events.append(GameOver(work.winners, work.scores))
            return
        direction = CLOCKWISE
        if self.deal_follows_direction:
            direction = work.table.direction  # V2
        dealer = (work.dealer + direction) % self.players
        self._deal(work, work.hand_number + 1, dealer, direction, None, work.table.rng)

    # -- errors ------------------------------------------------------------------------

    def _why_illegal(self, state: CraitsState, move: object) -> Exception:
        """The error for a move that is not in :meth:`legal_moves`.

        The messages speak to the player to move and name no card but the move's own
        and the top of the discard pile (see :meth:`Game.apply` on ``seat=``)."""
        if not isinstance(move, SHIPPED_MOVES):
            return self.foreign_move(move, _MOVES_ARE)
        seat = state.to_move
        phase = state.phase
        if phase is Phase.NAME_SUIT and not isinstance(move, NameSuit):
            return IllegalMoveError(
                "must_name_suit",
                "you turned up a wild card as dealer and must first name the suit to follow "
                "(NameSuit(suit))",
            )
        if phase is Phase.ANNOUNCE and not isinstance(move, (Announce, Pass)):
            return IllegalMoveError(
                "must_announce_or_pass",
                'you must first say "one card" (Announce()) or stay silent (Pass()) on '
                "receiving your one card",
            )
        if isinstance(move, NameSuit):
            return IllegalMoveError(
                "no_suit_to_name", "a suit is named with a wild card: Play(card, suit=...)"
            )
        if isinstance(move, (Announce, Pass)):
            return IllegalMoveError(
                "not_announcement_time",
                "Announce() and Pass() are only for the one-card deal (one_card_deal_announce); "
                'say "one card" with Play(card, announce=True)',
            )
        hand = state.table.hands[seat]  # type: ignore[index]
        playable = self._playable(state, hand)
        if isinstance(move, Draw):
            if state.count:
                return IllegalMoveError(
                    "must_play",
                    f"the count is running ({state.count}) and you hold a card that adds to "
                    "it: playing is compulsory when possible (see legal_moves)",
                )
            return IllegalMoveError(
                "must_play",
                "playing is compulsory when possible, and you hold a card you can play "
                "(see legal_moves)",
            )
        move = cast(Play, move)  # a CallIdiot never gets here
        card = move.card
        if card not in hand:
            return IllegalMoveError("not_in_hand", f"you do not hold {card}")
        if card not in playable:
            if state.count:
                return IllegalMoveError(
                    "must_follow_count",
                    f"the count is running ({state.count}): only a card that adds to it "
                    "(an A or a 2 by default) may be played, or draw the count",
                )
            return IllegalMoveError(
                "does_not_match",
                f"{card} matches neither the suit to follow ({state.table.suit.symbol}) nor "
                f"the rank of {state.table.discard[-1]}, and is not wild",
            )
        if state.count and move.suit is not None:
            return IllegalMoveError(
                "no_suit_to_name",
                f"{card} may be played into the count, but no suit is named there: "
                f"play Play({card!s}) without suit=",
            )
        wild = self._action_of[card] is Action.WILD
        if wild and not state.count and move.suit is None:
            return IllegalMoveError(
                "wild_needs_suit", f"{card} is wild: name a suit, e.g. Play({card!s}, suit='H')"
            )
        if move.suit is not None and not wild:
            return IllegalMoveError(
                "no_suit_to_name", f"only a wild card that names a suit may name one, not {card}"
            )
        return IllegalMoveError(
            "announcement_not_applicable",
            '"one card" is said only with a play that leaves exactly one card; you hold '
            f"{len(hand)}",
        )

    # -- views -------------------------------------------------------------------------

    def observe(self, state: CraitsState, seat: int) -> CraitsView:
        """What ``seat`` may know: its hand, the public table and scores; not the other
        hands, the stock's order or the generator.

        >>> game = Craits(players=3)
        >>> view = game.observe(game.new_game(seed=5, dealer=0), seat=1)
        >>> view.hand_sizes, view.stock_size
        ((8, 8, 8), 27)
        """
        self.check_state(state)
        if not is_seat(seat, self.players):
            raise SeatError(f"seat must be 0 to {self.players - 1}, not {shown(seat)}")
        table = state.table
        return CraitsView(
            seat,
            table.hands[seat],
            tuple(len(hand) for hand in table.hands),
            table.discard[-1],
            table.discard,
            table.suit,
            state.count,
            table.direction,
            len(table.stock),
            state.hand_number,
            state.cards_dealt,
            state.dealer,
            state.phase,
            state.to_move,
            state.count_out,
            state.exposed,
            state.forfeits,
            state.idle_turns,
            state.penalties,
            state.scores,
            state.winners,
            self.legal_moves(state) if state.to_move == seat else self.calls(state, seat),
            state.dealer_draws,
        )

    def determinize(self, view: CraitsView, seed: int) -> CraitsState:
        """A full state that agrees with ``view``: the other hands and the stock dealt
        uniformly from the cards ``view.seat`` has not seen (every draw is face down).

        >>> game = Craits(players=3)
        >>> view = game.observe(game.new_game(seed=5, dealer=0), seat=1)
        >>> game.observe(game.determinize(view, seed=9), seat=1) == view
        True
        """
        if type(view) is not CraitsView:
            raise StateError(f"determinize needs a CraitsView, not a {type(view).__name__}")
        if len(view.hand_sizes) != self.players or not is_seat(view.seat, self.players):
            raise StateError(
                f"this view is not of a {self.players}-player game (seat {shown(view.seat)}, "
                f"{len(view.hand_sizes)} hand sizes)"
            )
        unseen = list(self._deck.cards())
        try:
            for card in view.hand + view.discard:
                unseen.remove(card)
        except ValueError:
            raise StateError("the view shows cards that are not in the deck in use") from None
        if len(unseen) != view.stock_size + sum(view.hand_sizes) - len(view.hand):
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
        table = ShedTable(
            tuple(hands), order[position:], view.discard, view.suit, view.direction, rng
        )
        return CraitsState(
            view.hand_number,
            view.cards_dealt,
            view.dealer,
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
            view.winners,
            view.dealer_draws,
            self,
        )
