"""The engine of trick-taking games: deals, phases, legal moves, transitions, views and
determinization, for any game in which every player plays one card to each trick.

A game is a subclass that sets its options and scores: what a trick is worth to its
winner (:meth:`TrickGame.trick_points`, or :meth:`TrickGame.score_trick`, which sees
the state) and who has won at the end of a deal (:meth:`TrickGame.game_winners`, or
:meth:`TrickGame.winners_after_deal`, which knows the deal's number), and, where it
differs from the defaults:

- the deck (:attr:`TrickGame.card_deck`, a declared deck of :mod:`cardrules.decks`,
  the French 52 by default: Doppelkopf's 48 with two of each card, Tarot's 78; and
  :meth:`TrickGame.deck`, its cards in play, e.g. Euchre's 24 of the 52), the cards
  each seat is dealt (:meth:`TrickGame.hand_size`: all of the deck by default, or fewer,
  the rest undealt), the packets, a card turned up after the deal (``turns_up``);
- the first dealer, the first leader, who deals next, what is drawn at random before
  each deal (:meth:`TrickGame.draw_before_deal`: OpenSpiel's Hearts' pass direction),
  what a deal hands on to the next (:meth:`TrickGame.carry_over`: Spades' bags), and
  when a deal ends before its last trick (:meth:`TrickGame.deal_over`: a lost Null
  game, every point taken);
- trumps (:meth:`TrickGame.trump_of`, from the state: a suit named, the turned-up card,
  or a declared :class:`~cardrules.tricks.core.CardOrder`: Skat's Grand, Null),
  and, with ``effective_suits``, the suit a card counts as (:meth:`TrickGame.effective_suit`,
  Euchre's bowers) and who wins a trick (:meth:`TrickGame.winning_position`);
- extra restrictions on what may be played (:meth:`TrickGame.restrict`);
- phases before and between the play (bids, passing cards, naming trumps): the deal
  starts through :meth:`TrickGame.start_of_deal`, which may enter a phase; in a phase
  the game's own moves (:meth:`TrickGame.phase_moves`, :meth:`TrickGame.phase_apply`)
  change the game's own immutable :attr:`~cardrules.tricks.state.TrickState.payload`;
  :meth:`TrickGame.enter_phase` and :meth:`TrickGame.begin_play` make the next state,
  and :meth:`TrickGame.with_hands` moves cards between hands (passing, a discard);
- what each seat sees of the payload and what a sample of the unseen cards must keep
  (:meth:`TrickGame.payload_view`, :meth:`TrickGame.determinize_payload`,
  :meth:`TrickGame.known_cards`);
- a deal's scores from its tricks (:meth:`TrickGame.score_deal`, e.g. bids made).

Everything else (follow suit, trick winners, dealing, events, views, records, and a
``determinize`` that lets the library's search bots play the game) comes from here.
Cramps is one such game (:mod:`cardrules.games.cramps.rules`); the examples' Hearts,
Oh Hell and Spades are others.

The states and views are in :mod:`cardrules.tricks.state`; the rules of play (following
suit, who wins a trick, what play reveals) in the core, :mod:`cardrules.tricks.core`;
the legal moves of a card mask as tuples (:func:`plays_of_mask`, :func:`moves_of_mask`,
which a game's phases use too) in :mod:`cardrules.tricks.mask_moves`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from functools import reduce, wraps
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

from cardrules._movetext import moves_text
from cardrules._text import shown
from cardrules.cards import (
    ALL_CARDS,
    CARD_BIT,
    FULL_MASK,
    SUIT_MASK,
    SUIT_OF_INDEX,
    Card,
    Suit,
    cards_of_mask,
    mask_of,
    suit_cards,
)
from cardrules.decks import FRENCH_52, Deck
from cardrules.errors import IllegalMoveError, SeatError, SetupError, StateError
from cardrules.events import (
    CardPlayed,
    Event,
    GameOver,
    HandScored,
    MovePlayed,
    TrickWon,
)
from cardrules.game import Game
from cardrules.moves import Play
from cardrules.seats import is_seat
from cardrules.tricks import decked, setup
from cardrules.tricks.core import (
    SuitTable,
    Trick,
    follow_mask,
    refuse_play,
    winning_index,
)
from cardrules.tricks.determinize import determinized
from cardrules.tricks.mask_moves import (
    PLAY_OF,
    PLAYS,
    moves_of_mask,
    plays_of_mask,
    suit_plays,
)
from cardrules.tricks.parsing import read_play
from cardrules.tricks.playout import plain_playout, plays_plainly
from cardrules.tricks.state import (
    DealInfo,
    TrickRecord,
    TrickState,
    TrickView,
    out_of,
    play_orders,
)
from cardrules.values import with_slots

if TYPE_CHECKING:
    from cardrules.tricks.core import CardOrder

__all__ = ["TrickGame", "TrickState", "TrickView", "moves_of_mask", "plays_of_mask"]

_OTHER_SUITS = tuple(FULL_MASK & ~SUIT_MASK[suit] for suit in range(4))
# Lists index a little faster than tuples with a Card (an int subclass).
_SUIT_OF = list(SUIT_OF_INDEX)
_BIT = list(CARD_BIT)


S = TypeVar("S", bound=TrickState)
V = TypeVar("V", bound=TrickView)


class TrickGame(Game[S, Any, V]):
    """Base class of trick-taking games: see the module documentation.

    Subclasses are frozen attrs classes holding their options (with a ``players``
    field or constant). They implement :meth:`trick_points` (or :meth:`score_trick`)
    and :meth:`game_winners`, and may override the other hooks below. ``trump``,
    ``turns_up`` and ``restricts`` may be attrs fields of the subclass (a variant is
    then a constructor call) or class constants.
    """

    __slots__ = ("_suit_tables",)  # suit_table's cache, by trump (set when first asked)

    state_class: ClassVar[type[TrickState]] = TrickState
    view_class: ClassVar[type] = TrickView
    trump: Suit | None = None
    """The trump suit, if the game has one fixed suit (:meth:`trump_of` reads it)."""
    turns_up: bool = False
    """Whether the card after the deal is turned up for all to see (``turned_up``)."""
    restricts: bool = False
    """Whether :meth:`restrict` narrows what may be played (off: the engine skips it).
    A game that overrides :meth:`restrict` has it on without saying so (detected for
    each class, as the other hooks are); a game that sets it itself (a class constant
    or an attrs field: a variant without the restriction) is obeyed."""
    restricted_follows: int | None = None
    """With :attr:`restricts`: in how many tricks of a deal, from the first, the cards
    that follow a lead are restricted too (:meth:`restrict` is asked); ``None``, the
    default, in all of them. Leads are always asked. A game restricting only its leads
    (spades not led until broken) sets 0; Hearts sets 1 (no points on the first trick):
    the engine then asks no hook for most cards."""
    effective_suits: ClassVar[bool] = False
    """Whether cards count as another suit than their own (:meth:`effective_suit`); off,
    the engine follows suit by the printed suit, on its fast path."""
    card_deck: ClassVar[Deck] = FRENCH_52
    """The deck the game is played with (:mod:`cardrules.decks`): the French 52 by
    default. :meth:`deck` gives its cards (a game may play fewer of them). A game on
    a French deck without copies (Euchre's 24, Skat's 32) plays on the engine's
    52-bit masks; on any other (Doppelkopf's 48, two of each card; Tarot's 78) the
    hands are masks of the deck's layout, two copies of a card are the same card in
    everything a seat sees and sends, and :mod:`cardrules.tricks.decked` plays it.
    Such a game overrides neither :meth:`legal_moves` nor :meth:`apply`; its encoder is
    the trick family's on the deck's cards (layout ``tricks/2``, docs/encoding.md)."""
    _decked: ClassVar[decked.Layout | None] = None
    """The layout of a :attr:`card_deck` played on :mod:`cardrules.tricks.decked`
    (``None``: the engine's own 52-bit paths); set for each class."""
    card_orders: ClassVar[bool] = False
    """Whether :meth:`trump_of` may return a declared
    :class:`~cardrules.tricks.core.CardOrder` (Skat's Grand and Null); on, it turns
    ``effective_suits`` on, and the trick family's encoder has the entries that say
    such a declaration (its trump cards, its plain order, a void in its trumps)."""
    trick_points_are_tricks: ClassVar[bool] = False
    """Whether a trick's points only count the tricks won (1 each: Spades, Oh Hell and
    Euchre score a deal from the tricks taken against the bids), not points the cards
    are worth (Hearts, Cramps). The texts of events, given the game, then tell a trick
    won without its points: "Seat 1 wins trick 3 (9♣ J♣ 6♣ Q♣)." rather than "… and
    scores +1."."""
    trick_points_word: ClassVar[str | None] = None
    """What a trick's points are called when they are what the cards are worth, counted
    at the end of the deal, not a score (Skat's ``"card points"``): the texts of events
    then tell "Seat 2 wins trick 1 (K♥ A♥ 10♥) and takes 25 card points." rather than
    "… and scores +25."; ``None``: the points are scored."""

    _plain_tricks: ClassVar[bool] = True
    """Whether the game keeps the engine's own :meth:`winning_position`,
    :meth:`trump_of`, :meth:`trick_rank` and :meth:`score_trick` and the printed suits
    (set for each class): the play's fast path then decides a trick without asking them."""

    _scores_tricks: ClassVar[bool] = False
    """Whether the game has its own :meth:`score_trick` (set for each class)."""

    _table_tricks: ClassVar[bool] = True
    """Whether the game keeps the engine's own :meth:`winning_position` (set for each
    class): its tricks are then decided by the deal's :meth:`suit_table`."""

    _full_deals: ClassVar[bool] = True
    """Whether the game keeps the engine's :meth:`hand_size` (the whole deck dealt, so
    chosen hands must be of that size)."""

    _ends_early: ClassVar[bool] = False
    """Whether the game has its own :meth:`deal_over` (set for each class): only then
    is it asked, after each trick (by the game's :meth:`apply`, wrapped once for it:
    the play of the other games asks nothing)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _declare_deck(cls)
        cls._full_deals = cls.hand_size is TrickGame.hand_size
        cls._ends_early = cls.deal_over is not TrickGame.deal_over
        if cls._ends_early and not hasattr(cls.apply, "_asks"):
            cls.apply = _asking_deal_over(cls.apply)  # type: ignore[method-assign]
        if cls.card_orders:
            cls.effective_suits = True  # (a declaration's trumps count as their own suit)
        if _restricts_by_hook(cls):
            cls.restricts = True  # the hook takes effect: no flag to forget
        cls._table_tricks = cls.winning_position is TrickGame.winning_position
        cls._scores_tricks = cls.score_trick is not TrickGame.score_trick
        cls._plain_tricks = (
            cls._table_tricks
            and not cls.effective_suits
            and cls.trump_of is TrickGame.trump_of
            and cls.trick_rank is TrickGame.trick_rank
            and cls.score_trick is TrickGame.score_trick
        )

    # -- what a game says: scores ----------------------------------------------------

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        """What winning trick ``number`` (1-based), made of ``cards``, scores (what
        :meth:`score_trick` asks by default)."""
        raise NotImplementedError

    def score_trick(self, state: S, number: int, cards: tuple[Card, ...], winner: int) -> int:
        """What trick ``number``, made of ``cards``, scores for ``winner``; ``state`` is
        the state in which its last card is played (its payload, its deal). By default
        :meth:`trick_points`."""
        return self.trick_points(number, cards)

    def deal_points(self, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        """The deal's scores as they count, from the points of its tricks (unchanged
        by default; what :meth:`score_deal` asks by default)."""
        return round_scores

    def score_deal(self, state: S, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        """The deal's scores as they count, from the points of its tricks; ``state`` is
        the deal's last position, every trick of it in ``state.tricks`` (bids and the
        like are in its payload). By default :meth:`deal_points`."""
        return self.deal_points(round_scores)

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """Who has won with these totals at the end of a deal; empty to play on."""
        raise NotImplementedError

    def winners_after_deal(self, number: int, scores: tuple[int, ...]) -> tuple[int, ...]:
        """Who has won with these totals at the end of deal ``number``; empty to play
        on. By default :meth:`game_winners`, which looks at the totals only; a game of
        a fixed number of deals (Oh Hell) says here that the last one ends it."""
        return self.game_winners(scores)

    def carry_over(self, state: S) -> Any:
        """What the next deal keeps of the deal just scored (``state`` is its last
        position, every trick in it, with its payload): ``None``, nothing, by default.
        It is the payload of the state :meth:`start_of_deal` is given for the next deal
        (paired as ``(kept, drawn)`` with what :meth:`draw_before_deal` drew, if the
        game draws something too); the first deal keeps nothing (its payload is only
        what was drawn). Spades carries each side's bags (overtricks) from deal to deal
        so."""
        return None

    def deal_over(self, state: S) -> bool:
        """Whether the deal ends now, before its last trick: asked after each trick
        but the last (the deal ends then anyway), with ``state`` the position after
        it (the trick in :attr:`~cardrules.tricks.state.TrickState.trick_records`, its
        winner to lead the next, the points so far in ``round_scores``). ``False``,
        every trick played, by default; only a game that overrides it is asked.

        When it says so, the deal is scored as after its last trick (:meth:`score_deal`
        sees the tricks played; the events are those of a deal's end, ``HandScored``,
        then ``GameOver`` or the next deal) and the cards not played stay unplayed in
        their holders' hands: the position :meth:`score_deal` and :meth:`carry_over`
        see holds them, and so does the last state when the game ends with the deal
        (each seat's view shows its own; ``played_mask`` does not count them). It must
        decide from what every seat knows (the tricks, the points, the public
        payload), not from the cards still held, so that a view and every state
        :meth:`determinize` gives for it agree that the deal goes on. A Null game
        ends as soon as its declarer takes a trick; Hearts could stop once every
        point is taken:

        >>> import cardrules as cr
        >>> class QuickHearts(cr.Hearts):
        ...     name = ""  # (not registered)
        ...     def deal_over(self, state):  # no points left to take
        ...         return sum(state.round_scores) == 26
        >>> game = QuickHearts()
        >>> state, tricks = game.new_game(seed=1), 0
        >>> while state.round_number == 1:
        ...     step = game.step(state, game.legal_moves(state)[-1])
        ...     tricks += sum(isinstance(event, cr.TrickWon) for event in step.events)
        ...     state = step.state
        >>> tricks, state.scores  # 8 tricks of 13
        (8, (18, 0, 8, 0))
        """
        return False

    # -- what a game says: the deal --------------------------------------------------

    def deck(self) -> tuple[Card, ...]:
        """The cards of the deck, in the order a shuffle numbers them: those of the
        :attr:`card_deck` (all 52 by default), a card as often as its copies. A smaller
        deck (Euchre's 24) is any of them."""
        cards: tuple[Card, ...] = self.card_deck.cards
        return cards

    def first_dealer(self, rng: int) -> tuple[int, int]:
        """The first dealer when the setup names none, and the generator after any
        draw: seat 0 (no draw) by default."""
        return 0, rng

    def hand_size(self, number: int, rng: int) -> tuple[int, int]:
        """The cards each seat is dealt in deal ``number``, and the generator after any
        draw: all of the deck by default (the cards left over stay undealt, one of them
        turned up if ``turns_up``)."""
        return len(self.deck()) // self.players, rng

    def draw_before_deal(self, number: int, rng: int) -> tuple[Any, int]:
        """What the game draws at random before deal ``number`` is shuffled, and the
        generator after the draw: nothing (``None``, the generator unchanged) by
        default. What it draws is the payload of the state :meth:`start_of_deal` is
        given (so under explicit chance its chance node comes before the deal's
        cards): OpenSpiel's Hearts draws its pass direction so."""
        return None, rng

    def deal_packets(self, hand_size: int = 13) -> tuple[int, ...]:
        """The packet sizes of a deal of ``hand_size`` cards each: one at a time by
        default."""
        return (1,) * hand_size

    def first_leader(self, dealer: int, dealt: tuple[int, ...]) -> int:
        """Who leads the first trick of a deal: the dealer's left by default."""
        return (dealer + 1) % self.players

    def next_dealer(self, dealer: int) -> int:
        """Who deals next: the player to the left by default."""
        return (dealer + 1) % self.players

    # -- what a game says: trumps and suits ------------------------------------------

    def trump_of(self, state: Any) -> int | CardOrder | None:
        """The trump suit of the deal in ``state`` (a state or a view: both have
        ``payload``, ``turned_up``, ``dealer`` and ``phase``), or ``None``. By default
        the game's :attr:`trump`. It must depend on the deal only (its payload, its
        turned-up card, ...), not on the cards played: the engine asks it once per deal
        of play.

        A game with :attr:`card_orders` on may return a
        :class:`~cardrules.tricks.core.CardOrder` instead, its trump cards and the order
        of the others declared (Skat's Grand: the jacks alone; Null: no trumps, the ten
        below the jack): the declaration then decides, and :meth:`effective_suit` and
        :meth:`trick_rank` are not asked for that deal (its trump cards count as the
        suit :data:`~cardrules.tricks.core.TRUMPS`, 4)."""
        return self.trump

    def effective_suit(self, card: Card, trump: Any) -> int:
        """The suit ``card`` counts as when trumps are ``trump`` (asked only with
        ``effective_suits``, once per trump suit, for :meth:`suit_table`): its own by
        default (or as a :class:`~cardrules.tricks.core.CardOrder` ``trump`` says);
        Euchre's left bower counts as a trump."""
        if trump.__class__ is _card_order():
            return int(trump.suit_of(card))
        return _SUIT_OF[card]

    def trick_rank(self, card: Card, trump: Any) -> int:
        """How high ``card`` ranks among the cards of the suit it counts as when trumps
        are ``trump`` (higher beats lower; asked once per trump suit, for
        :meth:`suit_table`): its printed rank by default (2 lowest, ace highest; or as
        a :class:`~cardrules.tricks.core.CardOrder` ``trump`` says). Euchre's bowers
        rank above the ace of trumps."""
        if trump.__class__ is _card_order():
            return int(trump.table._strength[card])
        return card % 13

    def suit_cards(self, suit: int, trump: Any) -> int:
        """The cards (a mask) that count as ``suit`` when trumps are ``trump``: by
        default those :meth:`effective_suit` says (from :meth:`suit_table`); a game
        that overrides it must agree with :meth:`effective_suit`."""
        if not self.effective_suits:
            return SUIT_MASK[suit]
        return self.suit_table(trump)._cards_of[suit]

    def winning_position(self, state: S, cards: tuple[Card, ...]) -> int:
        """Where in ``cards`` (a complete trick, in play order) the winning card is: by
        default the strongest trump, else the strongest card of the suit led, by the
        suits cards count as (:meth:`effective_suit`) and :meth:`trick_rank`. A game
        that keeps this one has its tricks decided by a table made once per trump."""
        return self.suit_table(self.trump_of(state)).winning_index(cards)

    def suit_table(self, trump: int | CardOrder | None) -> SuitTable:
        """The :class:`~cardrules.tricks.core.SuitTable` of the game when trumps are
        ``trump``: which cards follow each lead and who wins a trick, from
        :meth:`effective_suit` (with ``effective_suits``; else the printed suits) and
        :meth:`trick_rank`, asked for every card once per trump and kept; for a
        :class:`~cardrules.tricks.core.CardOrder`, its own table, once checked against
        the game's deck (:meth:`~cardrules.tricks.core.CardOrder.check_deck`; a
        :class:`~cardrules.RulesError` for one that does not fit it, or for a game
        without ``card_orders``).

        >>> import cardrules as cr
        >>> table = cr.Cramps().suit_table(None)
        >>> table.winning_index(cr.parse_cards("3C AH KC"))  # clubs led, no trumps: K♣
        2
        """
        try:
            tables: dict[Any, SuitTable] = self._suit_tables  # type: ignore[attr-defined]
        except AttributeError:
            tables = {}
            object.__setattr__(self, "_suit_tables", tables)
        table = tables.get(trump)
        if table is None:
            layout = self._decked
            if layout is not None:
                kind = type(self)
                own_suits = kind.effective_suit is TrickGame.effective_suit
                own_ranks = kind.trick_rank is TrickGame.trick_rank
                table = tables[trump] = layout.table(self, trump, own_suits, own_ranks)
                return table
            if isinstance(trump, _card_order()):
                return self._order_table(trump, tables)
            if self.effective_suits:
                suits = [self.effective_suit(card, trump) for card in ALL_CARDS]
            else:
                suits = _SUIT_OF
            strength = [self.trick_rank(card, trump) for card in ALL_CARDS]
            table = tables[trump] = SuitTable(cast("int | None", trump), suits, strength)
        return table

    def _order_table(self, order: CardOrder, tables: dict[Any, SuitTable]) -> SuitTable:
        """A declared order's table, kept for the game once it fits the game's deck."""
        if not self.card_orders:
            from cardrules.errors import RulesError

            raise RulesError(
                f"{type(self).__name__}.trump_of returned a card order ({order.name}): a game "
                "that declares its card orders sets card_orders = True"
            )
        order.check_deck(self.deck())
        table = tables[order] = order.table
        return table

    def _deal_table(self, state: S) -> SuitTable:
        """The suit table of the deal in ``state``, kept with the deal."""
        table = state._deal._table = self.suit_table(self.trump_of(state))
        return table

    def restrict(self, state: S, seat: int, allowed: int) -> int:
        """Narrow the cards ``seat`` may play (a mask that already follows suit); asked
        when the game overrides it (unless it sets :attr:`restricts` off; for a card
        that follows a lead, only in the first :attr:`restricted_follows` tricks, if
        that is set). Refusals of cards taken out here get their message from
        :meth:`explain_restriction`.

        A restriction forbids a card because of other cards the seat holds (Spades: a
        spade led while holding another suit), so a card it allows from a hand it allows
        from any part of the hand that holds the card: :meth:`determinize` reads from
        each play, once for a view, the cards that seat cannot have held then (and checks
        each sample against the plays a hook that does otherwise leaves unsettled)."""
        return allowed

    def explain_restriction(self, state: S, card: Card) -> IllegalMoveError:
        """The error for ``card`` when :meth:`restrict` does not allow it."""
        return IllegalMoveError("not_allowed_now", f"{card} may not be played now")

    # -- what a game says: phases and its payload ------------------------------------

    def start_of_deal(self, state: S, events: list[Event] | None) -> S:
        """The state a deal starts in, just dealt (``state`` has the hands, the
        turned-up card, the first leader, and as its payload what
        :meth:`draw_before_deal` drew and what the deal before kept
        (:meth:`carry_over`), ``None`` by default): by default the play begins.
        A game with bids returns ``self.enter_phase(state, "bid", to_move=…,
        payload=…)``."""
        return state

    def phase_moves(self, state: S) -> tuple[Any, ...]:
        """The legal moves of the seat to move in ``state.phase`` (the game's own move
        classes, registered with :func:`cardrules.moves.register_move`)."""
        raise NotImplementedError(f"{type(self).__name__} has no phase {state.phase!r}")

    def phase_apply(self, state: S, move: Any, events: list[Event] | None) -> S:
        """The state after ``move``, one of :meth:`phase_moves` (the engine has checked
        it and told the ``MovePlayed`` event): the game's :meth:`enter_phase` or
        :meth:`begin_play`."""
        raise NotImplementedError(f"{type(self).__name__} has no phase {state.phase!r}")

    def phase_refusal(self, state: S, move: object) -> Exception:
        """The error for a move :meth:`phase_moves` does not list."""
        if type(move) is Play:
            return IllegalMoveError(
                "not_card_play_now", f"no card is played now: it is the {state.phase} phase"
            )
        moves = moves_text(self.phase_moves(state))
        return IllegalMoveError(
            "not_allowed_now", f"{move} is not allowed in the {state.phase} phase; allowed: {moves}"
        )

    def check_payload(self, state: S) -> None:
        """Raise :class:`~cardrules.SetupError` unless ``state.payload`` is one the
        game's phases could leave for the play of ``state``'s deal: what
        :meth:`position` asks of the payload it is given (before it makes sure that
        the views, the deal's scoring and the legal moves work with it). By default a
        game that keeps the engine's :meth:`start_of_deal` and :meth:`phase_apply` has
        no phases, so no payload but ``None``; a game with a payload says here what it
        takes (how many bids, of which values), so that a position with another is
        refused in its own words."""
        payload = state.payload
        kind = type(self)
        if (
            payload is not None
            and kind.start_of_deal is TrickGame.start_of_deal
            and kind.phase_apply is TrickGame.phase_apply
        ):
            raise SetupError(
                f"{kind.__name__} keeps no payload (it has no phases): leave payload out "
                f"(None), not {shown(payload)}"
            )

    def payload_view(self, state: S, seat: int) -> Any:
        """What ``seat`` may see of the game's payload: all of it by default (bids are
        public); a game with secrets (cards passed) returns a version without them."""
        return state.payload

    def determinize_payload(self, view: V, hands: tuple[int, ...], rng: int) -> Any:
        """The full payload of a sample that agrees with ``view``, given the sampled
        hands (card masks, cards still held): the view's payload by default."""
        return view.payload

    def known_cards(self, view: V) -> tuple[int, ...]:
        """Cards (masks, one per seat) that ``view.seat`` knows another seat still holds,
        which a sample must leave there (cards it passed, say): none by default. On a
        declared deck with copies, masks of its layout (:meth:`Deck.mask_of
        <cardrules.decks.Deck.mask_of>`): which copies they name does not matter."""
        return (0,) * self.players

    def set_aside(self, view: V) -> int:
        """Cards (a mask) that ``view.seat`` knows are in no hand and not played (cards
        it discarded face down: Skat's declarer), which a sample deals to nobody: none
        by default (on a declared deck, a mask of its layout, as :meth:`known_cards`)."""
        return 0

    # -- phases: helpers for games ---------------------------------------------------

    def enter_phase(
        self,
        state: S,
        phase: str,
        *,
        to_move: int,
        payload: Any,
        hands: Sequence[int] | None = None,
    ) -> S:
        """``state`` in the game's ``phase``, ``to_move`` to make the next phase move;
        with ``hands``, the cards each seat holds changed too, as :meth:`with_hands` does
        (one new state instead of two)."""
        return _rephased(state, phase, to_move, payload, (), hands)

    def begin_play(
        self,
        state: S,
        *,
        payload: Any,
        leader: int | None = None,
        hands: Sequence[int] | None = None,
    ) -> S:
        """``state`` with the play of cards to tricks (re)starting: ``leader`` (by default
        :meth:`first_leader`, or the next seat that plays if that one sits the deal out)
        to lead; with ``hands``, the cards each seat holds changed too, as
        :meth:`with_hands` does."""
        new = _rephased(state, None, -1 if leader is None else leader, payload, (), hands)
        if leader is None:
            deal = new._deal
            leader = self.first_leader(deal._dealer, deal._dealt)
            # A first leader who sits the deal out hands the lead to the next seat.
            new._leader = deal._order[leader][1] if deal._out >> leader & 1 else leader
        return new

    def throw_in(self, state: S, events: list[Event] | None) -> S:
        """End the deal in a phase, without play (every player passed the bidding, say):
        :meth:`score_deal` scores it with no tricks, then the next deal is dealt or the
        game is over. For a game's :meth:`phase_apply`."""
        if state._tricks or state._cards or state._deal._phase is None:
            raise StateError("a deal is thrown in only in a phase before its first card")
        return self._end_deal(state, (), (0,) * self.players, events)

    def with_hands(self, state: S, hands: Sequence[int]) -> S:
        """``state`` with the cards each seat holds changed to ``hands`` (card masks, one
        per seat): what passing cards, picking up the turned-up card or a discard does.
        The cards already played stay as they were; a card left out of every hand is
        out of the deal (a discard). A seat left no card, played or held, sits the
        deal out: the turn and the tricks go round the others (the partner of a player
        going alone in Euchre).

        Raises :class:`~cardrules.StateError` for masks that are not one per seat, not
        Python ints that are not negative, that share a card, that hold a card already
        played or a card not of the game's :meth:`deck` (or a bit beyond the 52 cards),
        and for fewer than two seats left to play."""
        deal = state._deal
        return _rephased(state, deal._phase, state._leader, deal._payload, state._cards, hands)

    # -- starting a game -------------------------------------------------------------

    if TYPE_CHECKING:
        # Typed loosely (as Game does), so that a game declares its own setup keywords.
        setup_state: Callable[..., S]
    else:

        def setup_state(
            self,
            seed: int | None,
            events: list[Event] | None,
            *,
            dealer: int | None = None,
            deck: Sequence[Card | str] | None = None,
            hands: Sequence[Sequence[Card | str]] | None = None,
            turned_up: Card | str | None = None,
            hand_size: int | None = None,
            scores: Sequence[int] | None = None,
            round_number: int = 1,
        ) -> S:
            """The first deal (see :func:`cardrules.tricks.setup.setup_state`): from the
            seed, a stacked ``deck`` (top first) or chosen ``hands`` (with the
            ``turned_up`` card if the game turns one up); ``hand_size`` overrides
            :meth:`hand_size` for this deal."""
            state = setup.setup_state(
                self,
                seed,
                events,
                dealer=dealer,
                deck=deck,
                hands=hands,
                turned_up=turned_up,
                hand_size=hand_size,
                scores=scores,
                round_number=round_number,
            )
            return state

    def position(
        self,
        hands: Sequence[Sequence[Card | str]],
        *,
        leader: int,
        trick: Sequence[Card | str] = (),
        tricks: Sequence[Trick] = (),
        dealer: int = 0,
        round_number: int = 1,
        round_scores: Sequence[int] | None = None,
        scores: Sequence[int] | None = None,
        seed: int | None = None,
        turned_up: Card | str | None = None,
        payload: Any = None,
    ) -> S:
        """A position in the middle of a deal's play (see
        :func:`cardrules.tricks.setup.position`).

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> state = game.position(["AS 3H", "2D", "QS 2C", "2H 4H"], leader=1, trick="KS")
        >>> state.to_move, [str(move) for move in game.legal_moves(state)]
        (2, ['Q♠'])
        """
        state: S = setup.position(
            self,
            hands,
            leader=leader,
            trick=trick,
            tricks=tricks,
            dealer=dealer,
            round_number=round_number,
            round_scores=round_scores,
            scores=scores,
            seed=seed,
            turned_up=turned_up,
            payload=payload,
        )
        return state

    # -- moves -----------------------------------------------------------------------

    def read_move(self, text: str, view: V) -> Any:
        """The move ``text`` names: a card played (``QS``, ``q♠``, ``10h``), which the
        seat must hold (:func:`~cardrules.tricks.parsing.read_play`). A game with phases
        reads their words too."""
        if self._decked is not None:
            return decked.read_play(self, text, view)
        return read_play(text, view)

    def legal_moves(self, state: S) -> tuple[Any, ...]:
        """The moves of the seat to move: in a phase, the game's :meth:`phase_moves`;
        in the play, the cards it may play, in hand order (follow suit if able, and
        whatever else the game restricts); ``()`` once the game is over."""
        try:
            if state._deal._rules is not self:
                raise AttributeError
        except AttributeError:
            self.check_state(state)
        allowed = state._allowed
        cards = state._cards
        led = _SUIT_OF[cards[0]] if cards else -1
        if allowed is None:
            # The one legality test, remembered in the state (apply needs it again):
            # follow suit if able (tricks.follow_mask, written out here because this is
            # the hottest line of a playout), then the game's own restrictions.
            deal = state._deal
            if deal._phase is not None:
                moves = self.phase_moves(state)
                _listed[0] = (self, state, moves)
                return moves
            seat = deal._order[state._leader][len(cards)]
            allowed = deal._dealt[seat] & state._left
            if cards:
                if self.effective_suits:
                    table = deal._table or self._deal_table(state)
                    allowed = allowed & table._follow[cards[0]] or allowed
                else:
                    allowed = allowed & SUIT_MASK[led] or allowed
            if self.restricts and (
                not cards
                or self.restricted_follows is None
                or len(state._tricks) < self.restricted_follows
            ):
                allowed = self.restrict(state, seat, allowed)
            state._allowed = allowed
        # Within the printed suit led, the plays of the suit's pattern are the allowed
        # cards (whatever suit they count as).
        if cards and not allowed & _OTHER_SUITS[led]:  # the usual case when following
            pattern = allowed >> 13 * led
            return PLAYS[led][pattern] or suit_plays(led, pattern)
        return plays_of_mask(allowed)

    def _refuse(self, state: S, move: object) -> Exception:
        """The error for a move :meth:`legal_moves` does not allow."""
        if type(move) is not Play:
            return self.foreign_move(move, "a Play(card)")
        if state._deal._winners:
            return IllegalMoveError("game_over", "the game is over; no more moves")
        if self._decked is not None and move.suit is None and not move.announce:
            return decked.refusal(self, state, move.card)
        if move.suit is not None:
            title = type(self).__name__
            return IllegalMoveError(
                "no_suit_to_name", f"{title} has no wild cards: a play names no suit"
            )
        if move.announce:
            title = type(self).__name__
            return IllegalMoveError("no_announcement", f'{title} has no "one card" announcement')
        deal, cards = state._deal, state._cards
        seat = cast(int, state.to_move)
        hand = deal._dealt[seat] & state._left
        if not self.effective_suits:
            led = SUIT_OF_INDEX[cards[0]] if cards else None
            following = follow_mask(hand, led)
        elif cards:
            trump = self.trump_of(state)
            table = self.suit_table(trump)
            led = table._suit_of[cards[0]]
            following = hand & table._cards_of[led] or hand
        else:
            led, following = None, hand
        if following >> move.card & 1:
            return self.explain_restriction(state, move.card)
        if self.effective_suits and hand >> move.card & 1 and led is not None:
            from cardrules.tricks.core import refuse_follow

            return refuse_follow(move.card, led, str(trump))
        return refuse_play(hand, move.card, led)

    def transition(self, state: S, move: Any, events: list[Event] | None) -> S:
        return self.apply(state, move, _events=events)

    def apply(
        self, state: S, move: Any, *, seat: int | None = None, _events: list[Event] | None = None
    ) -> S:
        """The state after ``move`` (see :meth:`Game.apply <cardrules.game.Game.apply>`).

        The transition of every trick-taking game is written here once; ``step`` uses
        it too, through the private ``_events`` list.
        """
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
            self.legal_moves(state)  # works out the allowed cards and keeps them
            allowed = cast(int, state._allowed)
        if type(move) is not Play or move.suit is not None or move.announce:
            raise self._refuse(state, move)
        card = move.card
        if not allowed >> card & 1:
            raise self._refuse(state, move)
        cards = state._cards + (card,)
        leader = state._leader
        players = deal._players
        # The new state is filled in here rather than through __init__ (a third
        # cheaper): it is this function's own object until it is returned. (Its class
        # is the state's: these rules made it, of their state_class.)
        new = _new_state(type(state))
        new._deal = deal
        new._left = state._left ^ _BIT[card]
        new._allowed = None
        if _events is not None:
            seat = deal._order[leader][len(cards) - 1]
            _events.append(MovePlayed(seat, move))
            _events.append(CardPlayed(seat, card))
        if len(cards) < deal._size:
            new._leader = leader
            new._cards = cards
            new._tricks = state._tricks
            new._round_scores = state._round_scores
            return new
        # C6: the trick is complete; its winner scores it and leads the next.
        if self._plain_tricks and not deal._out:  # (without seats out: the quick way)
            winner = (leader + winning_index(cards, self.trump)) % players
            tricks = (*state._tricks, (leader, cards, winner))
            number = len(tricks)
            points = self.trick_points(number, cards)
        elif self._table_tricks:  # decided by the deal's suit table, asking no hook
            table = deal._table or self._deal_table(state)
            row = table._ranks[table._suit_of[cards[0]]]  # (the first of equals wins)
            winner = deal._order[leader][cards.index(max(cards, key=row.__getitem__))]
            tricks = (*state._tricks, (leader, cards, winner))
            number = len(tricks)
            if self._scores_tricks:
                points = self.score_trick(state, number, cards, winner)
            else:
                points = self.trick_points(number, cards)
        else:
            winner = deal._order[leader][self.winning_position(state, cards)]
            tricks = (*state._tricks, (leader, cards, winner))
            number = len(tricks)
            points = self.score_trick(state, number, cards, winner)
        return self._trick_taken(state, new, tricks, winner, points, _events)

    def _trick_taken(
        self,
        state: S,
        new: S,
        tricks: tuple[Any, ...],
        winner: int,
        points: int,
        events: list[Event] | None,
    ) -> S:
        """The end of a move that completes a trick (on any deck): ``winner`` scores
        its ``points`` and leads the next, or the deal ends with the last trick.
        ``new`` is the state being made, its cards left already set."""
        round_scores = state._round_scores
        if points:
            scored = list(round_scores)
            scored[winner] += points
            round_scores = tuple(scored)
        if events is not None:
            events.append(TrickWon(winner, len(tricks), tricks[-1][1], points))
        if not new._left:
            return self._end_deal(state, tricks, round_scores, events)
        new._leader = winner
        new._cards = ()
        new._tricks = tricks
        new._round_scores = round_scores
        return new

    def _apply_phase(self, state: S, move: Any, events: list[Event] | None) -> S:
        """A move in one of the game's phases: checked against :meth:`phase_moves`."""
        rules, listed, moves = _listed[0]
        if rules is not self or listed is not state:
            moves = self.phase_moves(state)
        # A move picked from the listed moves is one of them: found by identity without
        # calling the moves' __eq__ (a game's attrs classes, in Python) on the others.
        for legal in moves:
            if legal is move:
                break
        else:
            if move not in moves:
                raise self.phase_refusal(state, move)
        if events is not None:
            seat = state._leader
            seen_by = self.move_seen_by(state, seat, move)
            events.append(MovePlayed(seat, move, seen_by=seen_by))
        return self.phase_apply(state, move, events)

    def _end_deal(
        self,
        state: S,
        tricks: tuple[TrickRecord, ...],
        round_scores: tuple[int, ...],
        events: list[Event] | None,
        left: int = 0,
    ) -> S:
        """Score the deal; then either the game is over or the next deal is dealt.
        ``left``: the cards still held when :meth:`deal_over` ends it early (they stay
        in the last positions' hands)."""
        deal = state._deal
        last = tricks[-1][2] if tricks else state._leader  # no tricks: thrown in
        # The deal's last position, every trick in it, is what score_deal sees.
        final: S = self.state_class(deal, left, last, (), tricks, round_scores)  # type: ignore[assignment]
        counted = self.score_deal(final, round_scores)
        scores = tuple(map(operator.add, deal._scores, counted))
        if events is not None:
            events.append(HandScored(deal._number, counted, scores))
        winners = self.winners_after_deal(deal._number, scores)
        if winners:
            if events is not None:
                events.append(GameOver(winners, scores))
            over = deal.copied()
            over._scores = scores
            over._winners = winners
            over._phase = None
            over._table = None
            state = self.state_class(over, left, last, (), tricks, counted)  # type: ignore[assignment]
            return state
        dealer = self.next_dealer(deal._dealer)
        kept = self.carry_over(final)
        later: S = setup.deal_next(self, deal._number + 1, dealer, scores, deal._rng, events, kept)
        return later

    def projected_scores(self, state: S) -> tuple[int, ...]:
        """The totals with this deal's points so far added (nobody takes the rest)."""
        self.check_state(state)
        if state.is_over:
            return state.scores
        return tuple(a + b for a, b in zip(state.scores, state._round_scores, strict=True))

    def random_playout(self, state: S, random: Callable[[], float], limit: int) -> tuple[int, ...]:
        """See :meth:`Game.random_playout <cardrules.game.Game.random_playout>`: in a
        game whose play needs no hook but the trick's points (Cramps), played on card
        masks (:mod:`cardrules.tricks.playout`), the same cards from the same numbers."""
        self.check_state(state)
        if plays_plainly(self, state, limit):
            return plain_playout(self, state, random)
        return super().random_playout(state, random, limit)

    # -- views -----------------------------------------------------------------------

    def observe(self, state: S, seat: int) -> V:
        """What ``seat`` may know: its hand, the public cards and scores, the game's
        payload as :meth:`payload_view` shows it; not the other hands, not the
        undealt cards and not the generator."""
        self.check_state(state)
        players = self.players
        if not is_seat(seat, players):
            raise SeatError(f"seat must be 0 to {players - 1}, not {shown(seat)}")
        deal, left = state._deal, state._left
        to_move = state.to_move
        layout = self._decked
        hand = deal._dealt[seat] & left
        view: V = self.view_class(
            seat,
            cards_of_mask(hand) if layout is None else layout.cards(hand),
            tuple((dealt & left).bit_count() for dealt in deal._dealt),
            state.trick,
            state.tricks,
            deal._number,
            deal._dealer,
            state._round_scores,
            deal._scores,
            to_move,
            deal._winners,
            self.legal_moves(state) if to_move == seat else (),
            deal._turned,
            deal._phase,
            self.payload_view(state, seat),
            state.hand_size,
        )
        return view

    def determinize(self, view: V, seed: int) -> S:
        """A full state that agrees with ``view``: the cards of the deck ``view.seat``
        has not seen (not in its hand, not played, not turned up) dealt at random to the
        other seats, each getting as many as it holds and none of a suit it has shown
        out of (by effective suit), nor a card whose presence would have made one of its
        plays this deal illegal under :meth:`restrict` (a Spades seat that led a spade
        unbroken gets only spades), the rest left undealt; the cards the seat knows
        another holds (:meth:`known_cards`) stay there; every such deal equally likely
        (:class:`cardrules.deck.DealSampler`; what the view fixes is worked out once
        for the view, see :mod:`cardrules.tricks.determinize`). Every play of the deal
        is legal for the hands the sample gives.
        ``observe(determinize(view, seed), view.seat) == view``."""
        if self._decked is not None:
            sample: S = decked.determinized(self, view, seed, TrickGame.determinize_payload)
            return sample
        state: S = determinized(self, view, seed, TrickGame.determinize_payload)
        return state

    def generator_of(self, state: S) -> int:
        """The generator that deals the later deals (kept with the deal)."""
        self.check_state(state)
        return state._deal._rng

    def with_generator(self, state: S, generator: int) -> S:
        """``state`` with another generator for the later deals."""
        self.check_state(state)
        return with_slots(state, _deal=with_slots(state._deal, _rng=generator))  # type: ignore[return-value]

    def absent_cards(self, state: S, move: Any) -> frozenset[Card]:
        """A card that does not follow suit shows the player holds none of the suit led
        (by effective suit).

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> state = game.position(["AS 3H", "2D 5D", "QS", "2H 4H"], leader=2, trick="3C")
        >>> len(game.absent_cards(state, cr.Play("4H")))  # seat 3 shows out of clubs
        13
        """
        self.check_state(state)
        cards = state._cards
        if not cards or type(move) is not Play or state._deal._phase is not None:
            return frozenset()
        if not self.effective_suits:
            if _SUIT_OF[move.card] == _SUIT_OF[cards[0]]:
                return frozenset()
            return frozenset(suit_cards(_SUIT_OF[cards[0]], 0x1FFF))
        table = self.suit_table(self.trump_of(state))
        led = table._suit_of[cards[0]]
        if table._suit_of[move.card] == led:
            return frozenset()
        if self._decked is not None:
            return frozenset(self._decked.cards(table._cards_of[led]))
        return frozenset(cards_of_mask(table._cards_of[led]))

    # -- move ids --------------------------------------------------------------------

    def all_moves(self) -> tuple[Any, ...]:
        """Every move of the game, in move-id order: ``Play(card)`` for each card of the
        deck (a
        game with phases adds its own moves after them)."""
        deck = self.deck()
        layout = self._decked
        if layout is not None:
            return layout.plays_of(layout.mask(deck))
        return PLAY_OF if deck is ALL_CARDS else tuple(PLAY_OF[card] for card in deck)


def _asking_deal_over(apply: Callable[..., Any]) -> Callable[..., Any]:
    """``apply`` that then asks the game's :meth:`TrickGame.deal_over` of the state it
    made when the move completed a trick but the deal's last, and ends the deal there
    when it says so."""

    @wraps(apply)
    def asking(
        self: Any, state: Any, move: Any, *, seat: int | None = None, _events: Any = None
    ) -> Any:
        new = apply(self, state, move, seat=seat, _events=_events)
        tricks = new._tricks
        # The same deal (its record unchanged) with a trick more: a card completed it.
        if new._deal is state._deal and len(tricks) > len(state._tricks) and self.deal_over(new):
            return self._end_deal(new, tricks, new._round_scores, _events, new._left)
        return new

    asking._asks = True  # type: ignore[attr-defined]
    return asking


def _card_order() -> type[CardOrder]:
    """:class:`~cardrules.tricks.core.CardOrder`, for the cold paths that meet one. (The
    names of the declarations are kept out of this module's globals: with them there,
    the hot paths' lookups measured a few tenths of a percent slower in instructions.)"""
    from cardrules.tricks.core import CardOrder

    return CardOrder


def _declare_deck(cls: Any) -> None:
    """Set up a class that declares a :attr:`TrickGame.card_deck` other than a French
    deck without copies: its layout, its suit tables from it (``effective_suits``),
    and :mod:`cardrules.tricks.decked`'s ``legal_moves`` and ``apply``."""
    deck = cls.card_deck
    if not isinstance(deck, Deck):
        raise TypeError(f"{cls.__name__}.card_deck must be a cardrules.decks.Deck, not {deck!r}")
    if deck.card_class is Card and not deck.has_copies and not len(deck.kinds) > 52:
        cls._decked = None
        return
    cls._decked = decked.Layout(deck)
    cls.effective_suits = True
    for name in ("legal_moves", "apply"):
        own = cls.__dict__.get(name)
        if own is not None and not getattr(own, "_decked", False) and not hasattr(own, "_asks"):
            raise TypeError(
                f"{cls.__name__} plays the {deck.name} deck: it overrides neither legal_moves "
                "nor apply (restrict, the phases and the other hooks say what it needs)"
            )
    if not getattr(cls.__dict__.get("apply"), "_asks", False):
        cls.apply = decked.apply
    cls.legal_moves = decked.legal_moves


def _restricts_by_hook(cls: type) -> bool:
    """Whether ``cls`` overrides :meth:`TrickGame.restrict` and sets no ``restricts``
    of its own (a class constant, or an attrs field: a slot of that name) in the class
    that overrides it or one below: the nearest class, from ``cls`` up, that names
    either decides (a flag set above the hook, before the game had one, does not)."""
    for klass in cls.__mro__:
        names = vars(klass)
        if "restricts" in names:
            return False
        if "restrict" in names:
            return True
    return False


_new_state = object.__new__

# The phase moves legal_moves last listed, with the game and the state: apply of that
# state (the usual next call) checks its move against them, not asking the game again
# (states are immutable, so the moves of the same state are the same). One tuple,
# replaced whole, so a thread never reads one state's moves with another's state.
_listed: list[tuple[Any, Any, tuple[Any, ...]]] = [(None, None, ())]


def _rephased(
    state: S,
    phase: str | None,
    leader: int,
    payload: Any,
    cards: tuple[Card, ...],
    hands: Sequence[int] | None = None,
) -> S:
    """``state`` in ``phase`` (``None``: the play) with ``leader`` to move, the game's
    ``payload`` and ``cards`` in the trick (none when a phase begins or ends): the
    deal's phase and payload change, and, with ``hands`` (see
    :meth:`TrickGame.with_hands`), the cards each seat holds."""
    deal = state._deal
    # Without new hands the seats out, their orders and the trick size stay the same.
    moved = deal.copied()
    moved._phase = phase
    moved._payload = payload
    moved._table = None
    left = state._left
    if hands is not None:
        dealt, left = _checked_hands(deal, left, hands)
        moved._dealt = dealt
        # A seat left no card at all sits the deal out (a partner of a player alone).
        out = 0 if all(dealt) else out_of(dealt)
        if out != deal._out:
            players = deal._players
            moved._out = out
            moved._order = play_orders(players, out)
            moved._size = size = players - out.bit_count()
            if size < 2:
                raise StateError("at least two seats must hold cards to play tricks")
    new = _new_state(type(state))
    new._deal = moved
    new._left = left
    new._leader = leader
    new._cards = cards
    new._tricks = state._tricks
    new._round_scores = state._round_scores
    new._allowed = None
    return new


def _checked_hands(deal: DealInfo, left: int, hands: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """The dealt masks of a deal whose seats now hold ``hands`` (the cards played stay
    theirs), and the cards left in play; a :class:`~cardrules.StateError` for masks
    that are not one per seat, that share a card, that hold a card already played or
    one not of the deck."""
    if len(hands) != deal._players:
        raise StateError(f"hands must be {deal._players} card masks, one per seat")
    cards = sum(deal._dealt)  # (the dealt masks share no card: their sum is all)
    played = cards & ~left
    try:
        held = reduce(operator.or_, hands, 0)
    except TypeError:  # (not ints)
        held = -1
    # Masks (ints, none negative: so is the union) share no card when they add up to
    # their union; numbers of other types (NumPy's) do not make an int union.
    if held.__class__ is not int or held < 0 or sum(hands) != held or held & played:
        raise StateError(
            "hands must be card masks (ints, none negative) that share no card and hold none played"
        )
    # Cards the deal had are of the deck, and so is its turned-up card (picked up):
    # only others are looked up in the deck (a bit beyond the 52 cards is in none).
    if held | cards != cards:
        added, turned = held & ~cards, deal._turned
        if turned is None or added != _BIT[turned]:
            _check_in_deck(deal, added)
    if not played:  # before the first card (passing, a discard): the hands are the deal
        return tuple(hands), held
    return tuple((old & ~left) | new for old, new in zip(deal._dealt, hands, strict=True)), held


def _check_in_deck(deal: DealInfo, added: int) -> None:
    """Refuse hands that add to a deal's cards ``added``, any not of the game's deck
    (only bad hands do, or a game picking up a card it never dealt: not a hot path)."""
    rules = deal._rules
    deck = rules.deck()
    outside = added & ~(mask_of(deck) if rules._decked is None else rules._decked.mask(deck))
    if outside:
        raise StateError(
            f"hands hold cards not of the game's deck ({_shown_outside(outside)}); masks "
            "must hold cards of its deck() only"
        )


def _shown_outside(outside: int) -> str:
    """The bits of ``outside`` (cards not of the deck, or bits beyond the 52), in words."""
    if outside >> 52:
        return f"bit {outside.bit_length() - 1}, beyond the 52 cards"
    return " ".join(map(str, cards_of_mask(outside)))
