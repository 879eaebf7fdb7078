"""Skat's rules and options (:class:`Skat`). Its moves and the deal it keeps
(:class:`~cardrules.games.skat.moves.SkatDeal`) are in
:mod:`~cardrules.games.skat.moves`; what a game is worth in
:mod:`~cardrules.games.skat.scoring`.

Skat is a configuration of the trick-taking engine
(:class:`~cardrules.tricks.engine.TrickGame`): the bidding, taking the skat or
playing hand, the two discards and the declaration are phases of the deal; the game
declared is the deal's :class:`~cardrules.tricks.core.CardOrder` (a suit game: the
four jacks then the suit; Grand: the jacks alone; Null: no trumps, the ten between
the nine and the jack); a lost Null game ends the deal at once (``deal_over``). The
rules as played, the options and the decisions taken where sources differ are on the
rules page (``docs/rules/skat.md``); :meth:`Skat.openspiel` plays OpenSpiel's
``skat``.

>>> game = Skat()
>>> state = game.new_game(seed=2, dealer=0)
>>> state.phase, state.to_move, [str(move) for move in game.legal_moves(state)][:4]
('bid', 2, ['pass', 'bid 18', 'bid 20', 'bid 22'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, cast

import attrs

from cardrules._text import shown
from cardrules.cards import ALL_CARDS, CARD_BIT, Card, cards_of_mask, mask_of
from cardrules.encoding.fields import GameField
from cardrules.errors import SetupError
from cardrules.events import Event
from cardrules.games._openspiel import openspiel_parameters
from cardrules.games.skat.moves import (
    GAME_KINDS,
    SUIT_OF_KIND,
    Declare,
    Hold,
    PlayHand,
    SkatBid,
    SkatDeal,
    SkatDiscard,
    TakeSkat,
)
from cardrules.games.skat.scoring import (
    BID_VALUES,
    CARD_POINTS,
    DECK,
    card_points,
    game_result,
    seat_scores,
)
from cardrules.moves import Pass
from cardrules.options import flag, integer, one_of
from cardrules.rng import randbelow
from cardrules.tricks.core import CardOrder
from cardrules.tricks.engine import TrickGame, TrickState, TrickView, moves_of_mask

__all__ = ["ORDERS", "Skat", "forehand", "middlehand", "rearhand"]

PLAYERS = 3
HAND_SIZE = 10
_DECK_MASK = mask_of(DECK)
_JACKS = "JC JS JH JD"
_PLAIN = "A 10 K Q 9 8 7"

ORDERS: Mapping[str, CardOrder] = MappingProxyType(
    {
        **{
            kind: CardOrder.suit_trumps(suit, above=_JACKS, plain=_PLAIN)
            for kind, suit in SUIT_OF_KIND.items()
        },
        "grand": CardOrder("Grand", _JACKS, plain=_PLAIN),
        "null": CardOrder("Null", plain="A K Q J 10 9 8 7"),
    }
)
"""The card order of each game: the trumps strongest first and the rank order of the
other cards (:class:`~cardrules.tricks.core.CardOrder`)."""

# The moves, made once: legal_moves hands out these very values.
_PASS = Pass()
_HOLD = Hold()
_BIDS = tuple(SkatBid(value) for value in BID_VALUES)
_BIDS_ABOVE = {
    value: (_PASS, *(bid for bid in _BIDS if bid.value > value)) for value in (0, *BID_VALUES)
}
_ANSWERS = (_HOLD, _PASS)
_PICKUP = (TakeSkat(), PlayHand())
_DISCARD = tuple(SkatDiscard(card) for card in ALL_CARDS)
_PLAIN_GAMES = tuple(Declare(kind) for kind in GAME_KINDS)
_NULL_OUVERT = Declare("null", ouvert=True)
_AFTER_PICKUP = (*_PLAIN_GAMES, _NULL_OUVERT)
_ANNOUNCED = tuple(
    Declare(kind, schneider=True, schwarz=schwarz, ouvert=ouvert)
    for kind in GAME_KINDS[:5]
    for schwarz, ouvert in ((False, False), (True, False), (True, True))
)
_HAND_GAMES = (*_AFTER_PICKUP, *_ANNOUNCED)
_OPENSPIEL_BIDS = (_PASS, *_PLAIN_GAMES)
_START = SkatDeal()


def forehand(dealer: int) -> int:
    """The seat at the dealer's left: asked first in the bidding, leads the first trick.

    >>> forehand(2), middlehand(2), rearhand(2)
    (0, 1, 2)
    """
    return (dealer + 1) % PLAYERS


def middlehand(dealer: int) -> int:
    """The seat after forehand: bids first, to forehand."""
    return (dealer + 2) % PLAYERS


def rearhand(dealer: int) -> int:
    """The dealer (three at the table): bids to the survivor of forehand and middlehand."""
    return dealer


@attrs.frozen(kw_only=True)
class Skat(TrickGame[TrickState, TrickView]):
    """The rules of Skat as the International Skat Order plays it: three players, 32
    cards, ten each and two in the skat; bidding (middlehand to forehand, then
    rearhand to the survivor), the skat taken or a hand game, two cards discarded, a
    suit game, Grand or Null declared (schneider, schwarz and ouvert announced in a
    hand game), and a number of deals.

    Args:
        deals: the deals of a game (3: each seat deals once); the dealer rotates, a
            deal everybody passed counts as one (scored 0).
        scoring: ``"plain"`` (the declarer scores the game's value, or loses it),
            ``"seeger_fabian"`` (50 more for a game won, 50 less for one lost, and 40
            to each opponent of a lost game) or ``"openspiel"`` (OpenSpiel's returns
            in card points, see :meth:`openspiel`).
        lost_double: a lost game counts double (the default, ISkO); ``False``: once.
        bidding: ``"standard"`` (bid values, hold or pass, the skat or a hand game,
            the game declared after) or ``"openspiel"`` (each seat in turn from seat
            0 names a game or passes; the first to name one declares it and always
            takes the skat).
        random_first_dealer: the first dealer is drawn at random (the default);
            ``False``: ``first_dealer_seat`` deals first.
        first_dealer_seat: the first dealer without ``random_first_dealer`` (0).

    Raises :class:`~cardrules.RulesError` for a bad option.

    >>> Skat(deals=6, scoring="seeger_fabian").deals
    6
    >>> Skat(scoring="fabian")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    cardrules.errors.RulesError: Skat: scoring must be one of 'plain', 'seeger_fabian', ...
    """

    name: ClassVar[str] = "skat"
    players: ClassVar[int] = PLAYERS
    card_orders: ClassVar[bool] = True
    trick_points_word: ClassVar[str | None] = "card points"

    OPENSPIEL_PARAMETERS: ClassVar[Mapping[str, Any]] = MappingProxyType({})
    """OpenSpiel's ``skat`` has no parameters (see :meth:`openspiel`)."""

    deals: int = attrs.field(default=3, validator=integer(1))
    scoring: str = attrs.field(
        default="plain", validator=one_of("plain", "seeger_fabian", "openspiel")
    )
    lost_double: bool = attrs.field(default=True, validator=flag)
    bidding: str = attrs.field(default="standard", validator=one_of("standard", "openspiel"))
    random_first_dealer: bool = attrs.field(default=True, validator=flag)
    first_dealer_seat: int = attrs.field(default=0, validator=integer(0, PLAYERS - 1))

    @classmethod
    def openspiel(cls, **params: Any) -> Skat:
        """OpenSpiel's ``skat`` as open-spiel 2.0.2 plays it: one deal dealt by seat 2
        (seat 0 is forehand); each seat in turn from seat 0 names a game (a suit,
        Grand, Null) or passes, the first to name one declares it at once, takes the
        skat and discards two cards (no bid values, no hand games, no announcements);
        seat 0 leads; a lost Null game ends at once; the scores are OpenSpiel's
        returns times 240 (``scoring="openspiel"``). Everybody passing ends the game
        with 0 each.

        Raises :class:`~cardrules.RulesError` for a parameter (OpenSpiel's game has
        none).

        >>> game = Skat.openspiel()
        >>> game.bidding, game.scoring, game.deals, game.random_first_dealer, game.first_dealer_seat
        ('openspiel', 'openspiel', 1, False, 2)
        """
        openspiel_parameters("skat", params, cls.OPENSPIEL_PARAMETERS)
        return cls(
            deals=1,
            scoring="openspiel",
            bidding="openspiel",
            random_first_dealer=False,
            first_dealer_seat=2,
        )

    # -- the deal ------------------------------------------------------------------

    def deck(self) -> tuple[Card, ...]:
        """Seven to ace of each suit."""
        return DECK

    def first_dealer(self, rng: int) -> tuple[int, int]:
        """The first dealer: drawn, every seat equally likely, or ``first_dealer_seat``."""
        if self.random_first_dealer:
            return randbelow(rng, PLAYERS)
        return self.first_dealer_seat, rng

    def hand_size(self, number: int, rng: int) -> tuple[int, int]:
        """Ten cards each (the two left over are the skat)."""
        return HAND_SIZE, rng

    def start_of_deal(self, state: TrickState, events: list[Event] | None) -> TrickState:
        """The bidding: middlehand bids to forehand (OpenSpiel's: seat 0 names first).
        The two cards dealt to nobody are the skat."""
        held = 0
        for hand in state.hand_masks:
            held |= hand
        skat = tuple(cards_of_mask(_DECK_MASK & ~held))
        if self.bidding == "openspiel":
            deal = _START._replace(bidder=0, skat=skat)
            return self.enter_phase(state, "bid", to_move=0, payload=deal)
        dealer = state.dealer
        deal = _START._replace(bidder=middlehand(dealer), listener=forehand(dealer), skat=skat)
        return self.enter_phase(state, "bid", to_move=deal.bidder, payload=deal)

    # -- the bidding, the skat, the discards, the declaration ----------------------

    def read_move(self, text: str, view: TrickView) -> Any:
        """The move ``text`` names (:mod:`cardrules.games.skat.parsing`)."""
        from cardrules.games.skat.parsing import read_skat_move

        return read_skat_move(text, view)

    def phase_moves(self, state: TrickState) -> tuple[Any, ...]:
        """The bidder passes or bids a higher value, the seat bid to holds or passes
        (OpenSpiel's bidding: pass or name a game); the declarer takes the skat or
        plays hand, discards any two cards, and declares a game (announcements only
        in a hand game)."""
        phase, deal = state.phase, cast(SkatDeal, state.payload)
        if phase == "bid":
            if self.bidding == "openspiel":
                return _OPENSPIEL_BIDS
            if state.to_move == deal.bidder:
                return _BIDS_ABOVE[deal.bid]
            return _ANSWERS
        if phase == "pickup":
            return _PICKUP
        if phase == "discard":
            held = state.hand_mask(cast(int, deal.declarer)) | mask_of(deal.skat)
            return moves_of_mask(held & ~mask_of(deal.discards), _DISCARD)
        return _HAND_GAMES if deal.hand else _AFTER_PICKUP

    def phase_apply(self, state: TrickState, move: Any, events: list[Event] | None) -> TrickState:
        """One move of the bidding, the pickup, the discards or the declaration."""
        deal = cast(SkatDeal, state.payload)
        seat = cast(int, state.to_move)
        kind = type(move)
        if kind is SkatBid:
            if deal.listener is None:  # forehand alone after two passes: it declares
                return self._won_bidding(state, deal._replace(bid=move.value), seat)
            deal = deal._replace(bid=move.value)
            return self.enter_phase(state, "bid", to_move=cast(int, deal.listener), payload=deal)
        if kind is Hold:
            return self.enter_phase(state, "bid", to_move=deal.bidder, payload=deal)
        if kind is Pass:
            return self._after_pass(state, deal._replace(passed=(*deal.passed, seat)), seat, events)
        if kind is TakeSkat:
            return self._take_skat(state, deal._replace(hand=False))
        if kind is PlayHand:
            deal = deal._replace(hand=True)
            return self.enter_phase(state, "declare", to_move=seat, payload=deal)
        if kind is SkatDiscard:
            return self._after_discard(state, deal, seat, move.card)
        # A game declared: in OpenSpiel's bidding, it wins the bidding too.
        if state.phase == "bid":
            deal = deal._replace(declarer=seat, game=move, hand=False)
            return self._take_skat(state, deal)
        return self.begin_play(state, payload=deal._replace(game=move))

    def _after_pass(
        self, state: TrickState, deal: SkatDeal, seat: int, events: list[Event] | None
    ) -> TrickState:
        passes = len(deal.passed)
        if self.bidding == "openspiel":
            if passes == PLAYERS:
                return self.throw_in(state, events)
            return self.enter_phase(state, "bid", to_move=seat + 1, payload=deal)
        if passes == PLAYERS:  # forehand passed too, alone: the deal is passed in
            return self.throw_in(state, events)
        dealer = state.dealer
        if passes == 1:  # middlehand and forehand have settled: rearhand bids next
            survivor = deal.listener if seat == deal.bidder else deal.bidder
            deal = deal._replace(bidder=rearhand(dealer), listener=survivor)
            return self.enter_phase(state, "bid", to_move=deal.bidder, payload=deal)
        survivor = deal.listener if seat == deal.bidder else deal.bidder
        survivor = cast(int, survivor)
        if deal.bid:
            return self._won_bidding(state, deal, survivor)
        # Nobody has bid: forehand may still open at 18 or more, or pass the deal in.
        deal = deal._replace(bidder=survivor, listener=None)
        return self.enter_phase(state, "bid", to_move=survivor, payload=deal)

    def _won_bidding(self, state: TrickState, deal: SkatDeal, declarer: int) -> TrickState:
        deal = deal._replace(declarer=declarer, listener=None)
        return self.enter_phase(state, "pickup", to_move=declarer, payload=deal)

    def _take_skat(self, state: TrickState, deal: SkatDeal) -> TrickState:
        # The skat joins the hand when both discards are made: until then the hands
        # stay ten cards each (what every seat sees of their sizes) and the skat is in
        # the declarer's payload.
        declarer = cast(int, deal.declarer)
        return self.enter_phase(state, "discard", to_move=declarer, payload=deal)

    def _after_discard(
        self, state: TrickState, deal: SkatDeal, declarer: int, card: Card
    ) -> TrickState:
        deal = deal._replace(discards=(*deal.discards, card), discarded=deal.discarded + 1)
        if deal.discarded < 2:
            return self.enter_phase(state, "discard", to_move=declarer, payload=deal)
        hands = list(state.hand_masks)
        hands[declarer] = (hands[declarer] | mask_of(deal.skat)) & ~mask_of(deal.discards)
        if self.bidding == "openspiel":
            return self.begin_play(state, payload=deal, hands=hands)
        return self.enter_phase(state, "declare", to_move=declarer, payload=deal, hands=hands)

    def check_payload(self, state: TrickState) -> None:
        """A position's payload is a :class:`~cardrules.games.skat.moves.SkatDeal`
        whose declarer (a seat) has declared a game, with the skat's two cards."""
        deal = state.payload
        if type(deal) is not SkatDeal:
            raise SetupError(f"Skat's payload is a SkatDeal, not {shown(deal)}")
        if deal.declarer not in range(PLAYERS) or type(deal.game) is not Declare:
            raise SetupError(
                "Skat's payload in the play names its declarer (a seat, 0 to 2) and the "
                f"game declared (a Declare), not {shown(deal)}"
            )
        if len(deal.skat) != 2 or deal.hand is None:
            raise SetupError(
                "Skat's payload in the play has the skat's two cards and says whether the "
                f"declarer plays hand (True or False), not {shown(deal)}"
            )

    # -- what each seat sees ---------------------------------------------------------

    def payload_view(self, state: TrickState, seat: int) -> SkatDeal:
        """The deal, but for the skat (seen by the declarer once picked up) and the
        discards (seen by the declarer alone); in an open game, the declarer's cards
        for all to see."""
        deal = cast(SkatDeal, state.payload)
        declarer = deal.declarer
        if declarer is not None and deal.game is not None and deal.game.ouvert:
            shown_cards = tuple(cards_of_mask(state.hand_mask(declarer)))
            deal = deal._replace(open_hand=shown_cards)
        if seat == declarer and deal.hand is False:
            return deal
        if seat == declarer:
            return deal._replace(skat=())
        return deal._replace(skat=(), discards=())

    def move_seen_by(self, state: TrickState, seat: int, move: Any) -> tuple[int, ...] | None:
        """A discard is seen by the declarer alone; every other move by all."""
        return (seat,) if type(move) is SkatDiscard else None

    def known_cards(self, view: TrickView) -> tuple[int, ...]:
        """In an open game, the declarer's cards are known to all."""
        deal = view.payload
        known = [0] * PLAYERS
        if type(deal) is SkatDeal and deal.open_hand and deal.declarer is not None:
            known[deal.declarer] = mask_of(deal.open_hand)
        return (known[0], known[1], known[2])

    def set_aside(self, view: TrickView) -> int:
        """The skat and the discards, which the declarer who took the skat knows are
        in no other hand."""
        deal = view.payload
        if type(deal) is SkatDeal and deal.hand is False and view.seat == deal.declarer:
            return mask_of(deal.skat) | mask_of(deal.discards)
        return 0

    def determinize_payload(self, view: TrickView, hands: tuple[int, ...], rng: int) -> Any:
        """The deal with what the view does not show drawn to agree with the sample:
        the two cards the sample leaves out of every hand are the skat (before the
        discards) or the discards (after them); a discard made but not seen is one of
        the declarer's sampled cards or the skat's. The open hand is left to the views
        (:meth:`payload_view`)."""
        deal = view.payload
        if type(deal) is not SkatDeal:
            return deal
        deal = deal._replace(open_hand=())
        if view.seat == deal.declarer and deal.hand is False:
            return deal  # (the declarer saw the skat and made the discards)
        held = view.played_mask
        for hand in hands:
            held |= hand
        out = tuple(cards_of_mask(_DECK_MASK & ~held))
        if deal.hand is not False:
            return deal._replace(skat=out)
        if deal.discarded == 2:
            return deal._replace(discards=out)
        if not deal.discarded:
            return deal._replace(skat=out)
        choices = cards_of_mask(hands[cast(int, deal.declarer)] | mask_of(out))
        return deal._replace(skat=out, discards=(choices[rng % len(choices)],))

    # -- the play --------------------------------------------------------------------

    def trump_of(self, state: Any) -> CardOrder | None:
        """The order of the game declared (``None`` until then)."""
        game = getattr(state.payload, "game", None)
        return None if game is None else ORDERS[game.game]

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        """The cards' points: ace 11, ten 10, king 4, queen 3, jack 2."""
        return CARD_POINTS[cards[0]] + CARD_POINTS[cards[1]] + CARD_POINTS[cards[2]]

    def deal_over(self, state: TrickState) -> bool:
        """A Null game ends as soon as the declarer takes a trick."""
        deal: SkatDeal = state.payload
        game = cast(Declare, deal.game)
        return game.game == "null" and state.trick_records[-1][2] == deal.declarer

    # -- scores and the end of the game --------------------------------------------

    def score_deal(self, state: TrickState, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        """The deal's scores (:mod:`~cardrules.games.skat.scoring`); nothing for a deal
        everybody passed."""
        deal = cast(SkatDeal, state.payload)
        declarer = deal.declarer
        if declarer is None or deal.game is None:
            return (0,) * PLAYERS
        aside = deal.skat if deal.hand else deal.discards
        points = round_scores[declarer] + card_points(aside)
        records = state.trick_records
        taken = sum(1 for record in records if record[2] == declarer)
        if self.scoring == "openspiel":
            return _openspiel_scores(deal, declarer, points, taken)
        held = state.hand_mask(declarer) | mask_of(aside)  # (cards left by a Null ended early)
        for leader, cards, _ in records:
            held |= CARD_BIT[cards[(declarer - leader) % PLAYERS]]
        result = game_result(
            deal.game,
            bid=deal.bid,
            hand=bool(deal.hand),
            held=held,
            points=points,
            declarer_tricks=taken,
            tricks=len(records),
        )
        return seat_scores(result, declarer, scoring=self.scoring, lost_double=self.lost_double)

    def winners_after_deal(self, number: int, scores: tuple[int, ...]) -> tuple[int, ...]:
        """After the last of the ``deals``, the seats with the highest total."""
        if number < self.deals:
            return ()
        return self.game_winners(scores)

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """The seats with the highest total (all of them if level).

        >>> Skat().game_winners((30, -60, 30))
        (0, 2)
        """
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    def length_bound(self) -> int | None:
        """The most moves a game can last: per deal, every bid value once with its
        hold, three passes, the pickup, two discards, the declaration and 30 cards.

        >>> Skat.openspiel().length_bound()
        35
        """
        if self.bidding == "openspiel":
            return self.deals * (PLAYERS + 2 + PLAYERS * HAND_SIZE)
        bidding = 2 * len(BID_VALUES) + PLAYERS
        return self.deals * (bidding + 4 + PLAYERS * HAND_SIZE)

    # -- bots and move ids -----------------------------------------------------------

    def heuristic(self, view: TrickView, moves: Sequence[Any]) -> Any:
        """The rule-of-thumb move (:func:`~cardrules.games.skat.heuristic.skat_heuristic`)."""
        from cardrules.games.skat.heuristic import skat_heuristic

        return skat_heuristic(self, view, moves)

    def all_moves(self) -> tuple[Any, ...]:
        """The plays and the discards of the 32 cards, a pass, hold, the bid values,
        taking the skat, playing hand and every declaration, in this order."""
        discards = tuple(_DISCARD[card] for card in DECK)
        return (*super().all_moves(), *discards, _PASS, _HOLD, *_BIDS, *_PICKUP, *_HAND_GAMES)

    def encoded_fields(self) -> tuple[GameField, ...]:
        """The bidding and the game, the cards set aside that the seat knows, and the
        open hand, for the learning hosts."""
        return (
            GameField(
                "contract",
                _CONTRACT_SIZE,
                _contract_field,
                "the bid / 264; bidder, listener, declarer and each seat passed (from the "
                "observer, 3 each); the game (6), hand, schneider, schwarz, ouvert",
            ),
            GameField("skat", 52, _aside_field, "1 for each card of the skat or discards seen"),
            GameField("open_hand", 52, _open_field, "1 for each card of an open declarer's hand"),
        )


_CONTRACT_SIZE = 1 + 4 * PLAYERS + len(GAME_KINDS) + 4


def _contract_field(view: TrickView) -> list[float]:
    values = [0.0] * _CONTRACT_SIZE
    deal = view.payload
    if type(deal) is not SkatDeal:
        return values
    values[0] = deal.bid / BID_VALUES[-1]
    seat = view.seat
    for block, who in enumerate((deal.bidder, deal.listener, deal.declarer)):
        if who is not None:
            values[1 + 3 * block + (who - seat) % PLAYERS] = 1.0
    for who in deal.passed:
        values[10 + (who - seat) % PLAYERS] = 1.0
    game = deal.game
    if game is not None:
        values[13 + GAME_KINDS.index(game.game)] = 1.0
        flags = (bool(deal.hand), game.schneider, game.schwarz, game.ouvert)
        values[19:23] = [float(on) for on in flags]
    elif deal.hand:
        values[19] = 1.0
    return values


def _aside_field(view: TrickView) -> list[float]:
    flags, deal = [0.0] * 52, view.payload
    if type(deal) is SkatDeal:
        for card in (*deal.skat, *deal.discards):
            flags[card] = 1.0
    return flags


def _open_field(view: TrickView) -> list[float]:
    flags, deal = [0.0] * 52, view.payload
    if type(deal) is SkatDeal:
        for card in deal.open_hand:
            flags[card] = 1.0
    return flags


def _openspiel_scores(deal: SkatDeal, declarer: int, points: int, taken: int) -> tuple[int, ...]:
    """OpenSpiel's returns times 240: a Null game is worth 60 to the declarer (30 to
    each opponent), won or lost; a suit game or Grand twice the declarer's points
    over 60, and each opponent the opponents' points over 60."""
    if cast(Declare, deal.game).game == "null":
        own = -60 if taken else 60
        others = -own // 2
    else:
        own, others = 2 * (points - 60), (120 - points) - 60
    scores = [others] * PLAYERS
    scores[declarer] = own
    return (scores[0], scores[1], scores[2])
