"""Euchre's rules and options (:class:`Euchre`). Its own moves (:class:`Discard`,
:class:`GoAlone`) and the bidding it keeps (:class:`Contract`) are in
:mod:`~cardrules.games.euchre.moves` (and importable from here too).

Euchre is a configuration of the trick-taking engine
(:class:`~cardrules.tricks.engine.TrickGame`): the bidding, the dealer's discard and
going alone are phases of the deal, the bowers are the engine's effective suits, and
the deal's score comes from :mod:`~cardrules.games.euchre.scoring`. The rules as
played, with their sources and the decisions taken where they are silent, are on the
rules page (``docs/rules/euchre.md``); :meth:`Euchre.openspiel` gives OpenSpiel's
``euchre`` exactly.

>>> game = Euchre()
>>> state = game.new_game(seed=2, dealer=3)
>>> str(state.turned_up), state.to_move, [str(move) for move in game.legal_moves(state)]
('K♥', 0, ['pass', 'name ♥'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, cast

import attrs

from cardrules._text import shown
from cardrules.cards import ALL_CARDS, CARD_BIT, SUIT_OF_INDEX, Card, Rank, Suit
from cardrules.encoding.fields import GameField
from cardrules.errors import RulesError, SetupError
from cardrules.events import Event
from cardrules.games._openspiel import openspiel_parameters
from cardrules.games.euchre.heuristic import euchre_heuristic
from cardrules.games.euchre.moves import FIRST_ROUND, Contract, Discard, GoAlone
from cardrules.games.euchre.parsing import read_euchre_move
from cardrules.games.euchre.scoring import makers_points, seat_points
from cardrules.moves import NameSuit, Pass
from cardrules.options import flag, integer
from cardrules.rng import randbelow
from cardrules.tricks.engine import TrickGame, TrickState, TrickView, moves_of_mask

__all__ = ["BOWERS", "DECK", "Contract", "Discard", "Euchre", "GoAlone", "first_defender"]

PLAYERS = 4
HAND_SIZE = 5
DECK = tuple(card for card in ALL_CARDS if card.rank >= Rank.NINE)
"""The 24 cards, nine to ace of each suit."""
BOWERS = tuple((Card(Rank.JACK, suit), Card(Rank.JACK, Suit(3 - suit))) for suit in Suit)
"""By trump suit, the right bower (its jack) and the left bower (the jack of the other
suit of its colour: ♣ and ♠, ♦ and ♥)."""

ALL_PASSED = 2 * FIRST_ROUND
"""Passes after which, without ``stick_the_dealer``, the deal is thrown in."""

# The moves, made once: legal_moves hands out these very values.
_DISCARD = tuple(Discard(card) for card in ALL_CARDS)
_ALONE = (GoAlone(True), GoAlone(False))
_PASS = Pass()
_NAME = tuple(NameSuit(suit) for suit in Suit)
_OTHER_SUITS = tuple(tuple(name for name in _NAME if name.suit != up) for up in Suit)
# By the upcard's suit: the bids of the first round, of the second, of a stuck dealer.
_FIRST_ROUND_BIDS = tuple((_PASS, _NAME[up]) for up in Suit)
_SECOND_ROUND_BIDS = tuple((_PASS, *others) for others in _OTHER_SUITS)
_STUCK_BIDS = _OTHER_SUITS
_BIDDING = tuple(Contract(passes) for passes in range(ALL_PASSED))  # after 0 to 7 passes


def first_defender(dealer: int, maker: int) -> int:
    """The defender asked first whether they go alone: the first of the maker's
    opponents from the dealer's left.

    >>> first_defender(dealer=0, maker=2), first_defender(dealer=0, maker=1)
    (1, 2)
    """
    left = (dealer + 1) % PLAYERS
    return left if (left - maker) % 2 else (left + 1) % PLAYERS


@attrs.frozen(kw_only=True)
class Euchre(TrickGame[TrickState, TrickView]):
    """The rules of Euchre, as people play it by default: four players in partnerships
    (seats 0 and 2 against 1 and 3), five cards each from 24, the upcard ordered up or
    another suit named, the bowers, going alone, and deals until a side has 10 points.

    Args:
        target: the points that win the game, over as many deals as it takes (10);
            ``None``: one deal is the game, the side that scored more wins.
        stick_the_dealer: when all four pass twice, the dealer must name a suit (the
            default; ``False``: the deal is thrown in and the next dealer deals).
        lone_defender: when the maker goes alone, a defender may defend alone too; a
            lone defender who euchres the makers scores 4.
        lone_defender_against_partners: with ``lone_defender``, the defenders may go
            alone even when the maker plays with a partner (OpenSpiel's code).
        super_euchre: makers who take no trick at all lose 4 points to the defenders
            instead of 2.
        zero_sum: each deal's points go to the makers and their opposite to the
            defenders (OpenSpiel's returns), instead of only to the side that earned
            them.

    Raises :class:`~cardrules.RulesError` for a bad option.

    >>> Euchre(target=5, stick_the_dealer=False).target
    5
    >>> Euchre(lone_defender_against_partners=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    cardrules.errors.RulesError: Euchre: lone_defender_against_partners=True needs ...
    """

    name: ClassVar[str] = "euchre"
    players: ClassVar[int] = PLAYERS
    effective_suits: ClassVar[bool] = True
    trick_points_are_tricks: ClassVar[bool] = True  # (the makers' tricks score the deal)
    turns_up = True

    OPENSPIEL_PARAMETERS: ClassVar[Mapping[str, Any]] = MappingProxyType(
        {"allow_lone_defender": False, "stick_the_dealer": True}
    )
    """OpenSpiel's parameters of ``euchre`` and their defaults (see :meth:`openspiel`)."""

    target: int | None = attrs.field(default=10, validator=integer(1, or_none=True))
    stick_the_dealer: bool = attrs.field(default=True, validator=flag)
    lone_defender: bool = attrs.field(default=False, validator=flag)
    lone_defender_against_partners: bool = attrs.field(default=False, validator=flag)
    super_euchre: bool = attrs.field(default=False, validator=flag)
    zero_sum: bool = attrs.field(default=False, validator=flag)

    def __attrs_post_init__(self) -> None:
        if self.lone_defender_against_partners and not self.lone_defender:
            raise RulesError(
                "Euchre: lone_defender_against_partners=True needs lone_defender=True "
                "(the defenders are asked only when lone defenders are allowed)"
            )

    @classmethod
    def openspiel(cls, **params: Any) -> Euchre:
        """OpenSpiel's ``euchre`` with its parameters (``allow_lone_defender``,
        ``stick_the_dealer``, defaults in :attr:`OPENSPIEL_PARAMETERS`), as its code
        plays it: one deal, zero-sum returns, and with ``allow_lone_defender`` the
        defenders asked whether or not the maker went alone.

        Raises :class:`~cardrules.RulesError` for a parameter OpenSpiel's game does not
        have, or a value of another type.

        >>> Euchre.openspiel(allow_lone_defender=True)  # doctest: +NORMALIZE_WHITESPACE
        Euchre(target=None, stick_the_dealer=True, lone_defender=True,
               lone_defender_against_partners=True, super_euchre=False, zero_sum=True)
        """
        values = openspiel_parameters("euchre", params, cls.OPENSPIEL_PARAMETERS)
        lone_defender = values["allow_lone_defender"]
        return cls(
            target=None,
            stick_the_dealer=values["stick_the_dealer"],
            lone_defender=lone_defender,
            lone_defender_against_partners=lone_defender,
            super_euchre=False,
            zero_sum=True,
        )

    # -- the deal ------------------------------------------------------------------

    def deck(self) -> tuple[Card, ...]:
        """Nine to ace of each suit."""
        return DECK

    def first_dealer(self, rng: int) -> tuple[int, int]:
        """The first dealer is drawn, every seat equally likely."""
        return randbelow(rng, PLAYERS)

    def hand_size(self, number: int, rng: int) -> tuple[int, int]:
        """Five cards each."""
        return HAND_SIZE, rng

    # -- the bidding, the discard, going alone -------------------------------------

    def start_of_deal(self, state: TrickState, events: list[Event] | None) -> TrickState:
        """The bidding starts at the dealer's left."""
        return self.enter_phase(
            state, "bid", to_move=(state.dealer + 1) % PLAYERS, payload=_BIDDING[0]
        )

    def read_move(self, text: str, view: TrickView) -> Any:
        """The move ``text`` names: ``pass``, ``order up``, a suit, ``alone``,
        ``partner``, a card to discard or play (:mod:`cardrules.games.euchre.parsing`)."""
        return read_euchre_move(text, view)

    def phase_moves(self, state: TrickState) -> tuple[Any, ...]:
        """In the bidding, pass or the upcard's suit (first round), pass or another suit
        (second round; a stuck dealer may not pass); the dealer's discards (any card
        but the upcard just taken); going alone or not."""
        phase, up = state.phase, cast(Card, state.turned_up)
        if phase == "bid":
            passes = state.payload.passes
            if passes < FIRST_ROUND:
                return _FIRST_ROUND_BIDS[SUIT_OF_INDEX[up]]
            if passes == ALL_PASSED - 1 and self.stick_the_dealer:
                return _STUCK_BIDS[SUIT_OF_INDEX[up]]
            return _SECOND_ROUND_BIDS[SUIT_OF_INDEX[up]]
        if phase == "discard":
            return moves_of_mask(state.hand_mask(state.dealer) & ~CARD_BIT[up], _DISCARD)
        return _ALONE  # "alone" (the maker) or "defend"

    def phase_apply(self, state: TrickState, move: Any, events: list[Event] | None) -> TrickState:
        """One move of the bidding, the discard or going alone."""
        contract: Contract = state.payload
        seat = cast(int, state.to_move)  # (a seat is to move in every phase)
        kind = type(move)
        if kind is Pass:
            return self._after_pass(state, contract, seat, events)
        if kind is NameSuit:
            return self._after_naming(state, contract, seat, move.suit)
        if kind is Discard:
            return self._after_discard(state, contract, move.card)
        if state.phase == "alone":
            return self._after_maker_chose(state, contract, seat, move.alone)
        return self._after_defender_chose(state, contract, seat, move.alone)

    def _after_pass(
        self, state: TrickState, contract: Contract, seat: int, events: list[Event] | None
    ) -> TrickState:
        passes = contract.passes + 1
        if passes == ALL_PASSED:  # everyone passed twice and the dealer was not stuck
            return self.throw_in(state, events)
        return self.enter_phase(
            state, "bid", to_move=(seat + 1) % PLAYERS, payload=_BIDDING[passes]
        )

    def _after_naming(
        self, state: TrickState, contract: Contract, maker: int, trump: int
    ) -> TrickState:
        named = Contract(contract.passes, trump, maker)
        if contract.passes >= FIRST_ROUND:  # named in the second round: no card changes hands
            return self.enter_phase(state, "alone", to_move=maker, payload=named)
        # Ordered up in the first round: the dealer takes the upcard, then discards.
        dealer = state.dealer
        hands = list(state.hand_masks)
        hands[dealer] |= CARD_BIT[cast(Card, state.turned_up)]
        return self.enter_phase(state, "discard", to_move=dealer, payload=named, hands=hands)

    def _after_discard(self, state: TrickState, contract: Contract, card: Card) -> TrickState:
        hands = list(state.hand_masks)
        hands[state.dealer] &= ~CARD_BIT[card]
        discarded = contract._replace(discard=card)
        maker = cast(int, contract.maker)
        return self.enter_phase(state, "alone", to_move=maker, payload=discarded, hands=hands)

    def _after_maker_chose(
        self, state: TrickState, contract: Contract, maker: int, alone: bool
    ) -> TrickState:
        hands = None
        if alone:
            contract = contract._replace(alone=(maker,))
            hands = _partner_set_aside(state, maker)
        if self.lone_defender and (alone or self.lone_defender_against_partners):
            asked = first_defender(state.dealer, maker)
            return self.enter_phase(state, "defend", to_move=asked, payload=contract, hands=hands)
        return self.begin_play(state, payload=contract, hands=hands)

    def _after_defender_chose(
        self, state: TrickState, contract: Contract, defender: int, alone: bool
    ) -> TrickState:
        if alone:
            contract = contract._replace(alone=(*contract.alone, defender))
            return self.begin_play(
                state, payload=contract, hands=_partner_set_aside(state, defender)
            )
        if defender == first_defender(state.dealer, cast(int, contract.maker)):
            partner = (defender + 2) % PLAYERS  # the other defender is asked next
            return self.enter_phase(state, "defend", to_move=partner, payload=contract)
        return self.begin_play(state, payload=contract)

    def check_payload(self, state: TrickState) -> None:
        """A position's payload is a :class:`Contract` whose trump and maker are named
        (the play has begun)."""
        contract = state.payload
        if type(contract) is not Contract:
            raise SetupError(
                f"Euchre's payload is a Contract(passes, trump, maker, alone, discard), "
                f"not {shown(contract)}"
            )
        if contract.trump not in range(4) or contract.maker not in range(PLAYERS):
            raise SetupError(
                "Euchre's payload in the play names the trump (a suit, 0 to 3) and its "
                f"maker (a seat), not {shown(contract)}"
            )

    def payload_view(self, state: TrickState, seat: int) -> Contract:
        """The bidding, but for the dealer's discard, which only the dealer sees."""
        contract: Contract = state.payload
        return contract if seat == state.dealer else contract._replace(discard=None)

    def move_seen_by(self, state: TrickState, seat: int, move: Any) -> tuple[int, ...] | None:
        """The dealer's discard is seen by the dealer alone; every other move by all."""
        return (seat,) if type(move) is Discard else None

    def move_phrase(self, move: Any) -> str | None:
        """A suit named makes it trumps, in either round (ordering the upcard up makes
        its suit trumps); going alone or not as the texts of events tell it.

        >>> import cardrules as cr
        >>> game = Euchre()
        >>> cr.describe(cr.MovePlayed(1, cr.NameSuit("H")), game=game)
        'Seat 1 makes ♥ trumps.'
        >>> cr.describe(cr.MovePlayed(1, GoAlone(False)), 1, game=game)
        'You play with your partner.'
        """
        if type(move) is NameSuit:
            return f"make {move.suit.symbol} trumps"
        if type(move) is GoAlone and not move.alone:
            return "play with my partner"
        return None

    def encoded_fields(self) -> tuple[GameField, ...]:
        """The card the seat discarded as the dealer, which it alone knows."""
        return (GameField("discard", 52, _discarded, "1 for the card the seat discarded"),)

    def known_cards(self, view: TrickView) -> tuple[int, ...]:
        """The upcard, picked up, is the dealer's until played (or set aside). (A search
        bot's sample keeps the payload of the view: for the others the discard stays
        ``None``, a card in nobody's hand, which nobody plays.)"""
        contract, known = view.payload, [0] * PLAYERS
        picked_up = contract.maker is not None and contract.passes < FIRST_ROUND
        if picked_up and view.hand_sizes[view.dealer]:
            known[view.dealer] = CARD_BIT[cast(Card, view.turned_up)] & ~view.played_mask
        return tuple(known)

    # -- the play ------------------------------------------------------------------

    def trump_of(self, state: Any) -> int | None:
        """The suit named in the bidding (``None`` until then)."""
        return getattr(state.payload, "trump", None)  # (no payload: a position() given none)

    def effective_suit(self, card: Card, trump: int | None) -> int:
        """The left bower counts as a trump; every other card as its own suit."""
        return trump if trump is not None and card == BOWERS[trump][1] else SUIT_OF_INDEX[card]

    def trick_rank(self, card: Card, trump: int | None) -> int:
        """The right bower, then the left bower, rank above the ace of trumps (the engine
        asks once per trump and decides tricks from a table: highest trump, else the
        highest card of the suit led)."""
        if trump is not None and card in BOWERS[trump]:
            return 14 - BOWERS[trump].index(card)
        return card % 13

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        """Each trick counts one for its winner (the deal's score counts the makers'
        tricks)."""
        return 1

    # -- scores and the end of the game --------------------------------------------

    def score_deal(self, state: TrickState, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        """The deal's points for each seat (:mod:`~cardrules.games.euchre.scoring`):
        nothing for a deal thrown in."""
        contract: Contract = state.payload
        maker = contract.maker
        if maker is None:
            return (0,) * PLAYERS
        taken = round_scores[maker] + round_scores[(maker + 2) % PLAYERS]
        points = makers_points(
            taken,
            maker_alone=maker in contract.alone,
            defender_alone=any(seat != maker for seat in contract.alone),
            super_euchre=self.super_euchre,
        )
        return seat_points(points, maker=maker, zero_sum=self.zero_sum)

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """The side with the most points once it has the target (both partners win;
        sides level at or past it play on); with no target, after the one deal, the side
        that scored more (all four share a deal thrown in).

        >>> Euchre().game_winners((10, 7, 10, 7)), Euchre().game_winners((9, 7, 9, 7))
        ((0, 2), ())
        """
        best = max(scores)
        leaders = tuple(seat for seat, score in enumerate(scores) if score == best)
        if self.target is None:
            return leaders
        if best < self.target or len({seat % 2 for seat in leaders}) > 1:
            return ()
        return leaders

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Partners sit across the table: 0 and 2, 1 and 3 (the arena counts a win for
        both)."""
        return ((0, 2), (1, 3))

    def length_bound(self) -> int | None:
        """The most moves a game can last: a deal is at most 8 bids, the maker's and
        the defenders' answers and 20 cards; one deal is the game without a target.
        With a target, a bound only when every deal scores and scores only gain: with
        ``stick_the_dealer`` and without ``zero_sum``, a side gains at least a point a
        deal, so the game is over after ``2 * target - 1`` deals. Otherwise ``None``:
        deals thrown in (or zero-sum scores that swing back) can go on for ever.

        >>> Euchre().length_bound(), Euchre(stick_the_dealer=False).length_bound() is None
        (551, True)
        >>> one_deal = Euchre(target=None)
        >>> one_deal.length_bound(), attrs.evolve(one_deal, lone_defender=True).length_bound()
        (29, 31)
        """
        deal = ALL_PASSED + 1 + 2 * self.lone_defender + PLAYERS * HAND_SIZE
        if self.target is None:
            return deal
        if self.stick_the_dealer and not self.zero_sum:
            return (2 * self.target - 1) * deal
        return None

    # -- bots and move ids -----------------------------------------------------------

    def heuristic(self, view: TrickView, moves: Sequence[Any]) -> Any:
        """The rule-of-thumb move (:func:`~cardrules.games.euchre.heuristic.euchre_heuristic`)."""
        return euchre_heuristic(self, view, moves)

    def all_moves(self) -> tuple[Any, ...]:
        """The plays and the discards of the 24 cards, a pass, the four suits, going
        alone or not, in this order: 55 move ids. (OpenSpiel numbers its actions
        otherwise: a card's play and discard share its id, rank * 4 + suit.)"""
        discards = tuple(_DISCARD[card] for card in DECK)
        return (*super().all_moves(), *discards, _PASS, *_NAME, *_ALONE)


def _partner_set_aside(state: TrickState, lone: int) -> list[int]:
    """The hands once the partner of ``lone``, who goes alone, lays their cards aside
    (a seat left no card sits the deal out)."""
    hands = list(state.hand_masks)
    hands[(lone + 2) % PLAYERS] = 0
    return hands


def _discarded(view: TrickView) -> list[float]:
    flags, discard = [0.0] * 52, getattr(view.payload, "discard", None)
    if discard is not None:
        flags[discard] = 1.0
    return flags
