"""States and views of trick-taking games (the engine is :mod:`cardrules.tricks.engine`).

Inside, hands are card masks (bit ``i`` is the card of index ``i``): each deal keeps the
dealt masks once, and a state keeps the mask of the cards still unplayed, so a card
played changes one int. Completed tricks are kept as plain ``(leader, cards, winner)``
tuples. The public properties (``hands`` as tuples of :class:`~cardrules.Card`,
``trick`` and ``tricks`` as :class:`~cardrules.tricks.core.Trick` values) are built from
them when asked for.

What stays the same during a deal is kept once, in a :class:`DealInfo` that the states
of the deal share. ``DealInfo``, its ``copied()`` and ``TrickRecord``,
``tricks_as_records``, ``play_orders`` and ``out_of`` are the family's internal API:
the engine's other modules (:mod:`~cardrules.tricks.engine`,
:mod:`~cardrules.tricks.setup`, :mod:`~cardrules.tricks.determinize`,
:mod:`~cardrules.tricks.decked`) make and copy deals with them, so they are public
names of this module rather than private ones shared between modules, though not in
``__all__``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardrules._convert import fields_data
from cardrules._text import int_text, ints_repr
from cardrules.cards import Card, Suit, cards_of_mask, format_cards, mask_of
from cardrules.errors import SetupError
from cardrules.tricks.core import CardOrder, Trick, TrickRound, seats_from
from cardrules.values import Immutable, Value

__all__ = ["TrickState", "TrickView"]

TrickRecord = tuple[int, tuple[Card, ...], int]
"""A completed trick as the engine keeps it: leader, cards in play order, winner."""


def tricks_as_records(tricks: Sequence[Trick], players: int) -> tuple[TrickRecord, ...]:
    """Completed tricks as the engine keeps them; each must be complete (a card from
    every seat that does not sit out), with its winner."""
    records = []
    for number, done in enumerate(tricks, start=1):
        size = players - done.out.bit_count()
        if len(done.cards) != size or done.winner is None:
            raise SetupError(
                f"trick {number} ({done}) must be complete ({size} cards) and have its winner"
            )
        records.append((done.leader, done.cards, done.winner))
    return tuple(records)


class DealInfo(Value):
    """What stays the same during one deal: the rules, the number of players, the
    deal's number and dealer, the dealt hands (masks), the game totals before the deal,
    the generator that deals the next one, the winners once the game is over, the
    card turned up after the deal (if the game turns one up), and the game's phase and
    payload: they change only in the game's phases, before or between the play, so a
    card played copies none of them. A seat dealt no cards (its hand set aside by the
    game: the partner of a player going alone) sits the deal out: ``_out`` is the mask
    of those seats, ``_order`` the seats in play order from each leader (the others)
    and ``_size`` the cards of a complete trick. ``_table`` is the deal's
    :class:`~cardrules.tricks.core.SuitTable` once the play has needed it (``None``
    until then): the trump is the deal's, so it is worked out once."""

    __slots__ = (
        "_dealer",
        "_dealt",
        "_number",
        "_order",
        "_out",
        "_payload",
        "_phase",
        "_players",
        "_rng",
        "_rules",
        "_scores",
        "_size",
        "_table",
        "_turned",
        "_winners",
    )

    def __init__(
        self,
        rules: Any,
        number: int,
        dealer: int,
        dealt: tuple[int, ...],
        scores: tuple[int, ...],
        rng: int,
        winners: tuple[int, ...] = (),
        turned: Card | None = None,
        phase: str | None = None,
        payload: Any = None,
    ) -> None:
        self._rules = rules
        self._players = len(dealt)
        self._number = number
        self._dealer = dealer
        self._dealt = dealt
        self._out = out = 0 if all(dealt) else out_of(dealt)
        self._order = play_orders(len(dealt), out)
        self._size = len(dealt) - out.bit_count()
        self._scores = scores
        self._rng = rng
        self._winners = winners
        self._turned = turned
        self._phase = phase
        self._payload = payload
        self._table: Any = None

    @classmethod
    def _hidden(cls) -> frozenset[str]:
        # These follow from _dealt, and the table from the rules and the payload.
        return frozenset({"_rules", "_order", "_out", "_size", "_table"})

    def _fresh_caches(self) -> dict[str, Any]:
        return _NO_TABLE

    def copied(self) -> DealInfo:
        """A copy of this deal, for the engine to change a few slots of before the copy
        is seen (a phase's move, the end of the game): written out, several times
        quicker than ``__init__``, which works out the seats' orders again."""
        deal = _new(DealInfo)
        deal._rules = self._rules
        deal._players = self._players
        deal._number = self._number
        deal._dealer = self._dealer
        deal._dealt = self._dealt
        deal._out = self._out
        deal._order = self._order
        deal._size = self._size
        deal._scores = self._scores
        deal._rng = self._rng
        deal._winners = self._winners
        deal._turned = self._turned
        deal._phase = self._phase
        deal._payload = self._payload
        deal._table = self._table
        return deal


_new = object.__new__
_NO_TABLE: dict[str, Any] = {"_table": None}  # the suit table is made again when needed


_ORDERS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def play_orders(players: int, out: int) -> tuple[tuple[int, ...], ...]:
    """For each leader, the seats in play order, leaving out the other seats of the
    mask ``out`` (worked out once for each table). The leader comes first even if it
    sits out: it is then the seat to make a phase's move, never a trick's lead."""
    orders = _ORDERS.get((players, out))
    if orders is None:
        orders = tuple(seats_from(seat, players, out & ~(1 << seat)) for seat in range(players))
        _ORDERS[players, out] = orders
    return orders


def out_of(dealt: tuple[int, ...]) -> int:
    """The mask of the seats dealt no cards, which sit the deal out."""
    out = 0
    for seat, hand in enumerate(dealt):
        if not hand:
            out |= 1 << seat
    return out


_NOT_ASKED: dict[str, Any] = {"_allowed": None}
_NONE_ALLOWED: dict[str, Any] = {"_allowed": 0}


class TrickState(Value):
    """A trick-taking game in progress. Immutable; its rules object makes the
    transitions. The generator that deals the next deals is part of the state but
    hidden from views.

    Besides the cards, a state holds the game's own :attr:`payload` (bids, a trump
    named, cards passed: any immutable value the game keeps, shown to each seat as the
    game's :meth:`~cardrules.tricks.engine.TrickGame.payload_view` says) and the
    :attr:`phase` of the deal: ``None`` while cards are played to tricks, else the name
    of the game's phase (``"bid"``), in which the game's own moves are made.
    """

    __slots__ = (
        "_allowed",
        "_cards",
        "_deal",
        "_leader",
        "_left",
        "_round_scores",
        "_tricks",
    )

    def __init__(
        self,
        deal: DealInfo,
        left: int,
        leader: int,
        cards: tuple[Card, ...],
        tricks: tuple[TrickRecord, ...],
        round_scores: tuple[int, ...],
    ) -> None:
        self._deal = deal
        self._left = left
        self._leader = leader
        self._cards = cards
        self._tricks = tricks
        self._round_scores = round_scores
        # The player to move's legal cards as a mask, once asked for (0 once the game
        # is over): legal_moves() and apply() of the same state both need it.
        self._allowed: int | None = 0 if deal._winners else None

    @classmethod
    def _hidden(cls) -> frozenset[str]:
        return frozenset({"_allowed"})

    def _fresh_caches(self) -> dict[str, Any]:
        # The legal cards, as __init__ leaves them: none once the game is over.
        return _NONE_ALLOWED if self._deal._winners else _NOT_ASKED

    @property
    def _rules(self) -> Any:
        return self._deal._rules

    @property
    def round_number(self) -> int:
        """The deal (round) being played, from 1."""
        return self._deal._number

    @property
    def phase(self) -> str | None:
        """The game's phase of the deal (``"bid"``, ``"pass"``: the game names them), or
        ``None`` while the cards are played to tricks (and once the game is over)."""
        return self._deal._phase

    @property
    def payload(self) -> Any:
        """The game's own immutable value (bids, cards passed, a trump named, …): what
        the game's phases and hooks keep; ``None`` for a game that keeps nothing."""
        return self._deal._payload

    @property
    def turned_up(self) -> Card | None:
        """The card turned up after the deal (it sets trumps in Oh Hell), if the game
        turns one up."""
        return self._deal._turned

    @property
    def hand_size(self) -> int:
        """The number of cards each seat was dealt this deal (the tricks of the deal)."""
        return max(hand.bit_count() for hand in self._deal._dealt)

    @property
    def deal_number(self) -> int:
        """The number of the current deal, for game-independent code."""
        return self._deal._number

    @property
    def dealer(self) -> int:
        """The seat that dealt this round."""
        return self._deal._dealer

    @property
    def players(self) -> int:
        """The number of players."""
        return self._deal._players

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted by suit then rank (on a declared deck, in its card
        order, a card as often as the seat holds it)."""
        left = self._left
        layout = self._deal._rules._decked
        if layout is not None:
            return tuple(layout.cards(dealt & left) for dealt in self._deal._dealt)
        return tuple(cards_of_mask(dealt & left) for dealt in self._deal._dealt)

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds, as a card mask (bit ``i`` set for the card of index
        ``i``): :attr:`hands` of one seat without building its cards.

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> state = game.position(["AS 3H", "2D 5D", "QS 2C", "2H 4H"], leader=1)
        >>> [str(card) for card in cr.cards.cards_of_mask(state.hand_mask(1))]
        ['2♦', '5♦']
        """
        return self._deal._dealt[seat] & self._left

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """Every seat's cards as card masks, one per seat (:meth:`hand_mask` of each):
        what :meth:`~cardrules.tricks.engine.TrickGame.with_hands` takes, changed.

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> state = game.position(["AS 3H", "2D 5D", "QS 2C", "2H 4H"], leader=1)
        >>> state.hand_masks[1] == state.hand_mask(1)
        True
        """
        if not self._tricks and not self._cards and self._left:  # (0 once thrown in)
            return self._deal._dealt  # nothing played yet: the hands are the dealt ones
        return tuple(map(self._left.__and__, self._deal._dealt))

    @property
    def played_mask(self) -> int:
        """The cards played so far this deal (in tricks or the trick in progress), as a
        card mask: bit ``i`` set for the card of index ``i``."""
        return sum(self._deal._dealt) & ~self._left  # (dealt masks share no card)

    @property
    def trick(self) -> Trick:
        """The trick being played (its leader and the cards so far)."""
        return Trick(self._leader, self._cards, None, self._deal._out)

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the trick being played, in play order (empty before the lead)."""
        return self._cards

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """This round's completed tricks, each with its winner."""
        out = self._deal._out
        return tuple(Trick(leader, cards, winner, out) for leader, cards, winner in self._tricks)

    @property
    def trick_records(self) -> tuple[TrickRecord, ...]:
        """This deal's completed tricks as the state keeps them, ``(leader, cards,
        winner)`` each: :attr:`tricks` without making a :class:`Trick` of each (a
        state's records are shared with the states that follow it in the deal).

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> state = game.position(["AS 3H", "2D 5D", "QS 2C", "2H 4H"], leader=1)
        >>> for _ in range(4):
        ...     state = game.apply(state, game.legal_moves(state)[0])
        >>> [(leader, len(cards), winner) for leader, cards, winner in state.trick_records]
        [(1, 4, 1)]
        """
        return self._tricks

    @property
    def trick_number(self) -> int:
        """The number of the trick being played, from 1 (one past the last trick once
        the game is over)."""
        return len(self._tricks) + 1

    @property
    def round_scores(self) -> tuple[int, ...]:
        """Points each seat has scored so far this round."""
        return self._round_scores

    @property
    def scores(self) -> tuple[int, ...]:
        """Game totals before this round, one per seat (this round is added when it
        ends)."""
        return self._deal._scores

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seat(s) once the game is over, else empty."""
        return self._deal._winners

    @property
    def is_over(self) -> bool:
        """True once somebody has won."""
        return bool(self._deal._winners)

    @property
    def to_move(self) -> int | None:
        """The seat that must play now; ``None`` once the game is over."""
        deal = self._deal
        if deal._winners:
            return None
        return deal._order[self._leader][len(self._cards)]

    @property
    def to_play(self) -> int | None:
        """The seat to play a card to the trick; ``None`` in a phase before or between
        the play, and once the game is over."""
        return None if self._deal._phase is not None else self.to_move

    @property
    def rng(self) -> int:
        """The hidden generator state that deals later rounds."""
        return self._deal._rng

    @property
    def taken(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat has captured this round."""
        won: list[list[Card]] = [[] for _ in self._deal._dealt]
        for _, cards, winner in self._tricks:
            won[winner].extend(cards)
        return tuple(tuple(cards) for cards in won)

    @property
    def taken_masks(self) -> tuple[int, ...]:
        """The cards each seat has captured this round, as card masks (cheaper than
        :attr:`taken` for a game that only tests them, such as a deal's scoring). On a
        declared deck with copies (:attr:`TrickGame.card_deck
        <cardrules.tricks.engine.TrickGame.card_deck>`), each seat's mask gives its
        cards the lowest copies: two seats' masks may share a bit."""
        won = [0] * len(self._deal._dealt)
        layout = self._deal._rules._decked
        if layout is not None:  # a declared deck's: copies given out lowest first
            cards_won = self.taken
            return tuple(layout.mask(cards) for cards in cards_won)
        for _, cards, winner in self._tricks:
            won[winner] |= mask_of(cards)
        return tuple(won)

    @property
    def play(self) -> TrickRound:
        """The round as a :class:`~cardrules.tricks.core.TrickRound` value (hands, trick,
        tricks)."""
        trump = self._deal._rules.trump_of(self)
        if trump is not None and type(trump) is not CardOrder and 0 <= trump <= 3:
            trump = Suit(trump)
        return TrickRound(self.hands, self.trick, self.tricks, trump)

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(round_number={self.round_number}, dealer={self.dealer}, "
            f"play={self.play!r}, round_scores={ints_repr(self._round_scores)}, "
            f"scores={ints_repr(self.scores)}, winners={self.winners!r})"
        )

    def __str__(self) -> str:
        """A short diagram of the whole state (every hand: for the table's owner, never
        for a player; a player's view prints only what that seat sees)."""
        return _diagram(
            type(self._deal._rules).__name__,
            self.round_number,
            self.dealer,
            self.trick,
            len(self._tricks),
            self.to_move,
            self.winners,
            self.hands,
            self._round_scores,
            self.scores,
            self.hand_size,
            self._deal._phase,
        )


@attrs.frozen
class TrickView(Immutable):
    """What one seat may know: its own hand, everything played in public, the scores.

    Other hands appear only as their sizes; the generator is not included.
    """

    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick: Trick
    tricks: tuple[Trick, ...]
    round_number: int
    dealer: int
    round_scores: tuple[int, ...] = attrs.field(repr=ints_repr)
    scores: tuple[int, ...] = attrs.field(repr=ints_repr)
    to_move: int | None
    winners: tuple[int, ...]
    legal_moves: tuple[Any, ...]
    """The seat's legal moves if it is its turn, else empty."""
    turned_up: Card | None = None
    """The card turned up after the deal, if the game turns one up."""
    phase: str | None = None
    """The game's phase of the deal, ``None`` while cards are played to tricks."""
    payload: Any = None
    """The game's own value as this seat may see it (:meth:`TrickGame.payload_view
    <cardrules.tricks.engine.TrickGame.payload_view>`)."""
    hand_size: int = 13
    """The number of cards each seat was dealt this deal."""

    def to_data(self) -> dict[str, Any]:
        """This view as JSON-ready data (:mod:`cardrules.data`; its schema is
        ``SCHEMAS["view"]``): ``"family": "tricks"``, then each field as data (cards as
        text, the legal moves in their data form, the game's payload as data), each
        trick with the seat of each card. Only what the view holds.

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> data = game.observe(game.new_game(seed=7), 2).to_data()
        >>> data["family"], data["hand_sizes"], data["legal_moves"]
        ('tricks', [13, 13, 13, 13], [])
        >>> data["trick"]
        {'leader': 1, 'cards': [], 'winner': None, 'out': [], 'seats': []}
        """
        players = len(self.hand_sizes)
        data = {"family": "tricks", **fields_data(self)}
        data["trick"] = self.trick.to_data(players)
        data["tricks"] = [trick.to_data(players) for trick in self.tricks]
        return data

    @property
    def played_mask(self) -> int:
        """The cards played so far this deal (in tricks or the trick in progress), as a
        card mask, as :attr:`TrickState.played_mask` has it. On a declared deck with
        copies (:mod:`cardrules.decks`: copy ``c`` of card ``k`` is bit ``k + c * K``)
        a card played twice has two bits, its first two copies' (which copy went is in
        no view).

        >>> from cardrules.decks import DOPPELKOPF_48 as deck
        >>> from cardrules.tricks.core import Trick
        >>> view = TrickView(0, (), (0, 0), Trick(1, deck.parse_cards("AC AC")), (), 1, 0,
        ...     (0, 0), (0, 0), None, (), ())
        >>> view.played_mask == deck.mask_of(deck.parse_cards("AC AC"))
        True
        """
        played = 0
        again = []
        for trick in (*self.tricks, self.trick):
            for card in trick.cards:
                bit = 1 << card
                if played & bit:
                    again.append(card)
                played |= bit
        if again:  # (a card played twice: its next copies, a block of the deck's kinds on)
            kinds = self._kinds()
            for card in again:
                bit = 1 << card
                while played & bit:
                    bit <<= kinds
                played |= bit
        return played

    def _kinds(self) -> int:
        """The kinds of the view's deck: its cards' class knows its deck (a deck of
        cards of its own; the French decks' jokers), else the French 52 (a French deck
        with jokers and copies, no joker in sight, is taken for one without)."""
        for trick in (*self.tricks, self.trick, Trick(0, self.hand)):
            for card in trick.cards:
                deck = getattr(card, "deck", None)
                if deck is not None:
                    return len(deck.kinds)
        return 52

    @property
    def trick_number(self) -> int:
        """The number of the trick being played, from 1."""
        return len(self.tricks) + 1

    def __str__(self) -> str:
        """A short diagram of what this seat sees: its own hand, the others' sizes."""
        hands = tuple(
            self.hand if seat == self.seat else size for seat, size in enumerate(self.hand_sizes)
        )
        return _diagram(
            type(self).__name__.removesuffix("View") or "Trick game",
            self.round_number,
            self.dealer,
            self.trick,
            len(self.tricks),
            self.to_move,
            self.winners,
            hands,
            self.round_scores,
            self.scores,
            self.hand_size,
            self.phase,
            seen_by=self.seat,
        )


def _diagram(
    name: str,
    round_number: int,
    dealer: int,
    trick: Trick,
    done: int,
    to_move: int | None,
    winners: tuple[int, ...],
    hands: Sequence[tuple[Card, ...] | int],
    round_scores: Sequence[int],
    scores: Sequence[int],
    hand_size: int,
    phase: str | None,
    seen_by: int | None = None,
) -> str:
    """The text of a state or a view (a hand given as an int is shown as its size)."""
    players = len(hands)
    if winners:
        whom = " and ".join(f"seat {seat}" for seat in winners)
        head = f"{name} over after round {round_number}: {whom} won"
    else:
        verb = "lead" if not trick.cards else "play"
        if phase is not None:
            verb = f"move ({phase})"
        head = (
            f"{name} round {round_number}, trick {done + 1} of {hand_size}; dealer seat "
            f"{dealer}; seat {to_move} to {verb}"
        )
    if seen_by is not None:
        head += f" (as seen by seat {seen_by})"
    plays = ", ".join(f"seat {seat} {card}" for seat, card in trick.plays(players))
    lines = [head, f"  trick   {plays or '(empty)'}"]
    for seat, hand in enumerate(hands):
        held = f"({hand} cards)" if isinstance(hand, int) else format_cards(hand) or "-"
        lines.append(
            f"  seat {seat}  {held}   round {int_text(round_scores[seat])}, "
            f"total {int_text(scores[seat])}"
        )
    return "\n".join(lines)
