"""Spades' rules and options: :class:`Spades`, its moves (:class:`Bid`,
:class:`BlindNil`, :class:`LookAtHand`) and the deal's bidding (:class:`Bidding`, the
game's payload).

Spades is a configuration of the trick-taking engine
(:class:`~cardrules.tricks.engine.TrickGame`): the engine deals, makes players follow
suit, decides tricks (spades are trumps), keeps the state, tells the events, makes the
views and deals the unseen cards consistently for search bots. This module says what
Spades adds:

* four players, seats 0 and 2 against seats 1 and 3; the first dealer is drawn, then
  the deal passes to the left;
* **bidding**: from the dealer's left each player bids the tricks they expect to take,
  0 (Nil) to 13 (:class:`Bid`); with ``blind_nil`` a player whose side is far enough
  behind may first bid Blind Nil (:class:`BlindNil`), before looking at their cards,
  or look at them (:class:`LookAtHand`) and bid as usual;
* spades may not be led until they are broken (``spades_broken_by``), unless the
  leader holds nothing else;
* the scoring of :mod:`~cardrules.games.spades.scoring`: contracts, Nil and Blind Nil,
  bags carried from deal to deal and their penalty;
* the game ends at the end of the deal in which a side reaches ``target`` (500) or
  falls to ``losing_score`` (-200), the side ahead winning; a tie plays on.

:meth:`Spades.openspiel` gives OpenSpiel's ``spades``: one deal, spades never broken,
the partners' bids at most 13, a Nil bidder's tricks counted for the partner, and its
bonus arithmetic on the deal's scores.

>>> import cardrules as cr
>>> game = cr.Spades()
>>> state = game.new_game(seed=3)
>>> state.phase, state.to_move == (state.dealer + 1) % 4
('bid', True)
>>> [str(move) for move in game.legal_moves(state)[:3]]
['bid Nil', 'bid 1', 'bid 2']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, cast

import attrs

from cardrules._text import shown
from cardrules.cards import ALL_CARDS, SUIT_MASK, SUIT_OF_INDEX, Card, Suit
from cardrules.encoding.fields import GameField
from cardrules.errors import IllegalMoveError, RulesError, SetupError
from cardrules.events import Event
from cardrules.games._openspiel import openspiel_parameters
from cardrules.games.spades.heuristic import spades_heuristic
from cardrules.games.spades.moves import (
    BIDS,
    BLIND_CHOICES,
    BLIND_NIL,
    LOOK_AT_HAND,
    PLAYERS,
    Bid,
    Bidding,
    BlindNil,
    LookAtHand,
)
from cardrules.games.spades.parsing import read_spades_move
from cardrules.games.spades.scoring import SideScore, deal_bonuses, score_side
from cardrules.options import flag, integer, one_of
from cardrules.rng import randbelow, seed_state, shuffled_order
from cardrules.tricks.engine import TrickGame, TrickState, TrickView

__all__ = [
    "BIDS",
    "BLIND_NIL",
    "LOOK_AT_HAND",
    "Bid",
    "Bidding",
    "BlindNil",
    "LookAtHand",
    "Spades",
    "spades_broken",
]

_SPADES = SUIT_MASK[Suit.SPADES]
_SPADE = int(Suit.SPADES)
_BIDDING_PHASES = ("blind", "bid")


def spades_broken(tricks: Sequence[Sequence[Card]], rule: str) -> bool:
    """Whether spades are broken after these ``tricks`` (each its cards in play order,
    the trick in progress too) under the rule ``rule`` (see ``Spades.spades_broken_by``):
    ``"trumping"``, a spade played to a trick led in another suit; ``"any_spade"``, any
    spade played; ``"never"``, never.

    >>> import cardrules as cr
    >>> spades_broken([cr.parse_cards("2S 3S AS 9S")], "trumping")
    False
    >>> spades_broken([cr.parse_cards("2S 3S AS 9S")], "any_spade")
    True
    >>> spades_broken([cr.parse_cards("KD 3S AD 9D")], "trumping")
    True
    """
    if rule == "never":
        return False
    for cards in tricks:
        if not cards:
            continue
        spades_in = any(SUIT_OF_INDEX[card] == _SPADE for card in cards)
        if spades_in and (rule == "any_spade" or SUIT_OF_INDEX[cards[0]] != _SPADE):
            return True
    return False


@attrs.frozen(kw_only=True)
class Spades(TrickGame[TrickState, TrickView]):
    """The rules of partnership Spades, with its options (see
    ``docs/rules/spades.md``, which gives each rule's source).

    Args:
        target: the total that wins the game, checked at the end of each deal (the
            side ahead wins; a tie plays on); ``None`` makes the game a single deal.
        losing_score: a side whose total is at or below it at the end of a deal loses
            (the side ahead wins); ``None`` switches it off.
        random_first_dealer: whether the first dealer is drawn at random.
        first_dealer_seat: the seat that deals first when ``random_first_dealer`` is
            off.
        spades_broken_by: what lets a spade be led by a player holding another suit:
            ``"trumping"`` (a spade played to a trick led in another suit),
            ``"any_spade"`` (any spade played, even led by a hand of only spades), or
            ``"never"`` (a spade is led only from a hand of nothing but spades).
        team_bid_limit: the most the two partners' bids may add up to (1 to 26);
            ``None``, no limit beyond each bid's 13.
        nil_points: what a Nil scores when made, and loses when failed.
        nil_tricks: what a Nil bidder's tricks do besides failing the Nil, never
            counting toward the partner's bid: ``"as_bags"`` (each is a bag of the side:
            a point, and one toward ``bag_limit``), ``"ignored"`` (nothing); or
            ``"count"`` (they do count toward the partner's contract, and as bags
            beyond it: OpenSpiel's code).
        blind_nil: whether a player may bid Blind Nil, before looking at their cards.
        blind_nil_points: what a Blind Nil scores when made, and loses when failed.
        blind_nil_behind: how far a side must be behind for its players to bid Blind
            Nil (at the start of the deal); ``None``, at any time.
        bag_limit: the bags that cost ``bag_penalty`` each time a side's count
            reaches them (that many are then taken off the count); ``None``, bags
            cost nothing.
        bag_penalty: what reaching ``bag_limit`` costs.
        deal_bonus: OpenSpiel's bonus on a deal's score (0: none), gained by a side
            whose deal score reaches ``deal_bonus_at`` and beats the other's, lost by
            one whose deal score is at or below ``deal_forfeit_at`` and behind (the
            second side compared with the first's score after its bonus).
        deal_bonus_at: see ``deal_bonus``.
        deal_forfeit_at: see ``deal_bonus``; 0: no side loses it (OpenSpiel's
            ``mercy_threshold`` 0).

    Raises :class:`~cardrules.RulesError` for a bad option.

    >>> Spades(target=300).target
    300
    >>> Spades(bag_limit=0)
    Traceback (most recent call last):
        ...
    cardrules.errors.RulesError: Spades: bag_limit must be an int from 1 up or None, not 0
    """

    name: ClassVar[str] = "spades"
    players: ClassVar[int] = PLAYERS
    trick_points_are_tricks: ClassVar[bool] = True  # (a trick counts 1 against the bids)
    trump = Suit.SPADES
    restricted_follows = 0  # (only leads are restricted)

    OPENSPIEL_PARAMETERS: ClassVar[Mapping[str, Any]] = MappingProxyType(
        {
            "use_mercy_rule": True,
            "mercy_threshold": -350,
            "win_threshold": 500,
            "win_or_loss_bonus": 200,
            "num_tricks": 2,
        }
    )
    """OpenSpiel's ``spades`` parameters and their defaults (:meth:`openspiel`)."""

    target: int | None = attrs.field(default=500, validator=integer(1, or_none=True))
    losing_score: int | None = attrs.field(default=-200, validator=integer(or_none=True))
    random_first_dealer: bool = attrs.field(default=True, validator=flag)
    first_dealer_seat: int = attrs.field(default=0, validator=integer(0, PLAYERS - 1))
    spades_broken_by: str = attrs.field(
        default="trumping", validator=one_of("trumping", "any_spade", "never")
    )
    team_bid_limit: int | None = attrs.field(default=None, validator=integer(1, 26, or_none=True))
    nil_points: int = attrs.field(default=100, validator=integer(0))
    nil_tricks: str = attrs.field(
        default="as_bags", validator=one_of("as_bags", "ignored", "count")
    )
    blind_nil: bool = attrs.field(default=False, validator=flag)
    blind_nil_points: int = attrs.field(default=200, validator=integer(0))
    blind_nil_behind: int | None = attrs.field(default=100, validator=integer(0, or_none=True))
    bag_limit: int | None = attrs.field(default=10, validator=integer(1, or_none=True))
    bag_penalty: int = attrs.field(default=100, validator=integer(0))
    deal_bonus: int = attrs.field(default=0, validator=integer())
    deal_bonus_at: int = attrs.field(default=500, validator=integer())
    deal_forfeit_at: int = attrs.field(default=0, validator=integer())

    def __attrs_post_init__(self) -> None:
        if (
            self.target is not None
            and self.losing_score is not None
            and self.losing_score >= self.target
        ):
            raise RulesError(
                f"Spades: losing_score must be below target ({self.target}), "
                f"not {shown(self.losing_score)}"
            )

    @classmethod
    def openspiel(cls, **params: Any) -> Spades:
        """OpenSpiel's ``spades`` with its parameters (:attr:`OPENSPIEL_PARAMETERS`),
        as its code plays it: one deal dealt by seat 3 (so that seat 0 bids and leads
        first, and card ``k`` of the deck goes to seat ``k % 4``); a spade led only from
        a hand of nothing but spades; the partners' bids at most 13; a Nil bidder's
        tricks counted toward the partner's contract; no Blind Nil; and
        ``win_or_loss_bonus`` added to (or taken from) the deal's score of a side whose
        deal reaches ``win_threshold`` (or falls to ``mercy_threshold``, unless it is
        0), whatever ``use_mercy_rule`` says. ``num_tricks`` shapes OpenSpiel's
        observation tensor only. Move ids are OpenSpiel's action ids.

        Raises :class:`~cardrules.RulesError` for a parameter OpenSpiel's game does not
        have or a value of the wrong type.

        >>> game = Spades.openspiel(win_or_loss_bonus=50)
        >>> game.target is None, game.deal_bonus, game.deal_bonus_at, game.deal_forfeit_at
        (True, 50, 500, -350)
        >>> game.num_move_ids
        66
        """
        values = openspiel_parameters("spades", params, cls.OPENSPIEL_PARAMETERS)
        if values["num_tricks"] < 0:
            raise RulesError(
                "OpenSpiel's spades parameter num_tricks (the past tricks its observation "
                f"tensor shows) must be from 0 up, not {shown(values['num_tricks'])}"
            )
        return cls(
            target=None,
            losing_score=None,
            random_first_dealer=False,
            first_dealer_seat=3,
            spades_broken_by="never",
            team_bid_limit=13,
            nil_tricks="count",
            deal_bonus=values["win_or_loss_bonus"],
            deal_bonus_at=values["win_threshold"],
            deal_forfeit_at=values["mercy_threshold"],
        )

    # -- the deal and the bidding ----------------------------------------------------

    def first_dealer(self, rng: int) -> tuple[int, int]:
        """A seat drawn at random, or ``first_dealer_seat``."""
        if self.random_first_dealer:
            return randbelow(rng, PLAYERS)
        return self.first_dealer_seat, rng

    def start_of_deal(self, state: TrickState, events: list[Event] | None) -> TrickState:
        """The bidding comes first, from the dealer's left, with the bags the sides
        carried in (what :meth:`carry_over` kept of the deal before)."""
        bags = state.payload if state.payload is not None else (0, 0)
        first = (state.dealer + 1) % PLAYERS
        return self.enter_phase(
            state, self._bidding_phase(state, first), to_move=first, payload=Bidding(bags=bags)
        )

    def may_bid_blind_nil(self, scores: Sequence[int], seat: int) -> bool:
        """Whether ``seat`` may bid Blind Nil in a deal that starts with these totals:
        ``blind_nil`` is on and its side is at least ``blind_nil_behind`` behind."""
        if not self.blind_nil:
            return False
        behind = self.blind_nil_behind
        return behind is None or scores[1 - seat % 2] - scores[seat % 2] >= behind

    def _bidding_phase(self, state: TrickState, seat: int) -> str:
        """``"blind"`` when ``seat`` must first choose Blind Nil or look, else ``"bid"``."""
        return "blind" if self.may_bid_blind_nil(state.scores, seat) else "bid"

    def read_move(self, text: str, view: TrickView) -> Any:
        """The move ``text`` names: a bid (``4``, ``nil``), ``blind`` or ``look``, a card
        (:mod:`cardrules.games.spades.parsing`)."""
        return read_spades_move(text, view)

    def phase_moves(self, state: TrickState) -> tuple[Any, ...]:
        """Blind Nil or looking at the hand (phase ``"blind"``); else Nil or 1 to 13,
        the partners' bids adding up to ``team_bid_limit`` at most."""
        if state.phase == "blind":
            return BLIND_CHOICES
        limit = self.team_bid_limit
        if limit is None:
            return BIDS
        partner = state.payload.bids[(cast(int, state.to_move) + 2) % PLAYERS] or 0
        return BIDS[: min(14, limit - partner + 1)]

    def phase_apply(self, state: TrickState, move: Any, events: list[Event] | None) -> TrickState:
        """Record the bid (or look at the hand first); after the dealer's, the play
        begins."""
        seat = cast(int, state.to_move)
        bidding: Bidding = state.payload
        if type(move) is LookAtHand:
            return self.enter_phase(state, "bid", to_move=seat, payload=bidding)
        blind = type(move) is BlindNil
        bids = list(bidding.bids)
        bids[seat] = 0 if blind else move.tricks
        bidding = Bidding(
            tuple(bids), (*bidding.blind, seat) if blind else bidding.blind, bidding.bags
        )
        if seat == state.dealer:
            return self.begin_play(state, payload=bidding)
        after = (seat + 1) % PLAYERS
        return self.enter_phase(
            state, self._bidding_phase(state, after), to_move=after, payload=bidding
        )

    def phase_refusal(self, state: TrickState, move: object) -> Exception:
        """A bid above what the partners may bid together says so, with the partner's
        bid; any other move the engine's way.

        >>> import cardrules as cr
        >>> game = cr.Spades(team_bid_limit=13)
        >>> state = game.apply(game.new_game(seed=1, dealer=3), Bid(9))
        >>> try:
        ...     game.apply(game.apply(state, Bid(1)), Bid(6))
        ... except cr.IllegalMoveError as refused:
        ...     print(refused)
        bid 6: partners may bid at most 13 together, and your partner bid 9: bid Nil to 4
        """
        limit = self.team_bid_limit
        if type(move) is Bid and state.phase == "bid" and limit is not None and move in BIDS:
            partner = state.payload.bids[(cast(int, state.to_move) + 2) % PLAYERS] or 0
            most = min(13, limit - partner)
            allowed = f"bid Nil to {most}" if most else "bid Nil only"
            return IllegalMoveError(
                "bid_too_high",
                f"{move}: partners may bid at most {limit} together, and your partner bid "
                f"{partner or 'Nil'}: {allowed}",
            )
        return super().phase_refusal(state, move)

    def check_payload(self, state: TrickState) -> None:
        """A position's payload is a :class:`Bidding` its deal could have reached: in
        the play every seat has bid; in the bidding (phase ``"bid"`` or ``"blind"``),
        the seats from the dealer's left up to the seat to move; bids of 0 to 13 within
        ``team_bid_limit``, Blind Nil only where the rules allow it, bags from 0 (below
        ``bag_limit``)."""
        bidding = state.payload
        if type(bidding) is not Bidding:
            raise SetupError(
                f"Spades' payload is a Bidding (the bids and bags), not {shown(bidding)}"
            )
        phase = state.phase
        if phase in _BIDDING_PHASES:
            first = (state.dealer + 1) % PLAYERS
            done = (cast(int, state.to_move) - first) % PLAYERS
            made = {(first + k) % PLAYERS for k in range(done)}
            which = "in the bidding, the seats from the dealer's left up to the seat to move"
        else:
            made = set(range(PLAYERS))
            which = "in the play, every seat"
        bids = bidding.bids
        if (
            type(bids) is not tuple
            or len(bids) != PLAYERS
            or not all(
                (type(bid) is int and 0 <= bid <= 13) if seat in made else bid is None
                for seat, bid in enumerate(bids)
            )
        ):
            raise SetupError(
                "Spades' payload is the bids, one per seat in seat order: 0 (Nil) to 13 for "
                f"each seat that has bid ({which}), None for any other; not {shown(bids)}"
            )
        limit = self.team_bid_limit
        if limit is not None and any(bidding.side_bid(side) > limit for side in (0, 1)):
            raise SetupError(
                f"Spades' payload has partners bidding more than team_bid_limit ({limit}) "
                f"together: {shown(bids)}"
            )
        blind = bidding.blind
        if not all(
            type(seat) is int
            and seat in made
            and bids[seat] == 0
            and self.may_bid_blind_nil(state.scores, seat)
            for seat in blind
        ) or len(set(blind)) != len(blind):
            raise SetupError(
                "Spades' payload names as Blind Nil bidders only seats that bid 0 and may "
                f"bid Blind Nil (blind_nil on, their side behind enough), not {shown(blind)}"
            )
        bags, most = bidding.bags, self.bag_limit
        if not (
            type(bags) is tuple
            and len(bags) == 2
            and all(type(n) is int and n >= 0 and (most is None or n < most) for n in bags)
        ):
            limit_text = "" if most is None else f" below bag_limit ({most})"
            raise SetupError(
                f"Spades' payload has each side's bags as a pair of ints from 0{limit_text}, "
                f"not {shown(bags)}"
            )
        if phase == "blind" and not self.may_bid_blind_nil(state.scores, cast(int, state.to_move)):
            raise SetupError("Spades' blind phase is for a seat that may bid Blind Nil")

    # -- what each seat sees -----------------------------------------------------------

    def hand_hidden(self, state: Any, seat: int) -> bool:
        """Whether ``seat`` has not looked at its cards yet (``state`` a state or a
        view): in the bidding, a seat that may bid Blind Nil sees no card of its hand
        until it chooses to look or bids (Blind Nil: its cards are shown to it once the
        bid is made)."""
        if not self.blind_nil or state.phase not in _BIDDING_PHASES:
            return False
        if state.payload.bids[seat] is not None:
            return False
        if state.phase == "bid" and state.to_move == seat:
            return False  # it has just looked
        return self.may_bid_blind_nil(state.scores, seat)

    def observe(self, state: TrickState, seat: int) -> TrickView:
        """The engine's view, without the seat's own cards while it has not looked at
        them (:meth:`hand_hidden`)."""
        view: TrickView = super().observe(state, seat)
        if self.blind_nil and view.hand and self.hand_hidden(state, seat):
            view = attrs.evolve(view, hand=())
        return view

    def determinize(self, view: TrickView, seed: int) -> TrickState:
        """The engine's samples (:meth:`TrickGame.determinize
        <cardrules.tricks.engine.TrickGame.determinize>`); a seat that has not looked at
        its cards gets a hand drawn at random too (nothing is played yet in the
        bidding, so any 13 cards agree with the view)."""
        if view.hand or not view.hand_sizes[view.seat] or not self.hand_hidden(view, view.seat):
            return super().determinize(view, seed)
        order, _ = shuffled_order(52, seed_state(seed ^ 0x5BADE5))
        hand = tuple(sorted(ALL_CARDS[card] for card in order[: view.hand_sizes[view.seat]]))
        return super().determinize(attrs.evolve(view, hand=hand), seed)

    # -- the play ----------------------------------------------------------------------

    def restrict(self, state: TrickState, seat: int, allowed: int) -> int:
        """A spade is led only from a hand of nothing but spades, or once spades are
        broken (``spades_broken_by``)."""
        others = allowed & ~_SPADES
        if state.trick_cards or not others or others == allowed:
            return allowed
        if self.spades_broken_by != "never" and self.is_broken(state):
            return allowed
        return others

    def is_broken(self, state: Any) -> bool:
        """Whether spades are broken in ``state``'s deal (a state or a view), under
        ``spades_broken_by``."""
        rule = self.spades_broken_by
        if rule == "never" or not state.played_mask & _SPADES:
            return False
        if rule == "any_spade":
            return True
        if isinstance(state, TrickState):
            tricks = [cards for _, cards, _ in state.trick_records]
            return spades_broken((*tricks, state.trick_cards), rule)
        return spades_broken([trick.cards for trick in (*state.tricks, state.trick)], rule)

    def explain_restriction(self, state: TrickState, card: Card) -> IllegalMoveError:
        """Why :meth:`restrict` refused a spade lead."""
        if self.spades_broken_by == "never":
            when = "while you hold another suit"
        else:
            when = "until spades are broken, unless you hold nothing else"
        return IllegalMoveError("spades_not_broken", f"{card}: no spade may be led {when}")

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        """A trick counts one: a deal's trick points are the tricks each seat took."""
        return 1

    # -- scoring and the end of the game -----------------------------------------------

    def score_sides(self, bidding: Bidding, tricks: Sequence[int]) -> tuple[SideScore, SideScore]:
        """Both sides' deals scored (see :mod:`~cardrules.games.spades.scoring`), from
        the deal's ``bidding`` and the ``tricks`` each seat took, with OpenSpiel's
        ``deal_bonus`` if set.

        >>> import cardrules as cr
        >>> sides = cr.Spades().score_sides(Bidding((4, 0, 2, 5)), (7, 0, 1, 5))
        >>> [side.total for side in sides]
        [62, 150]
        """
        sides = []
        bids = cast(tuple[int, ...], bidding.bids)
        for side in (0, 1):
            sides.append(
                score_side(
                    bids=(bids[side], bids[side + 2]),
                    blind=(side in bidding.blind, side + 2 in bidding.blind),
                    tricks=(tricks[side], tricks[side + 2]),
                    bags_before=bidding.bags[side],
                    nil_tricks=self.nil_tricks,
                    nil_points=self.nil_points,
                    blind_nil_points=self.blind_nil_points,
                    bag_limit=self.bag_limit,
                    bag_penalty=self.bag_penalty,
                )
            )
        if self.deal_bonus:
            bonuses = deal_bonuses(
                (sides[0].total, sides[1].total),
                self.deal_bonus,
                self.deal_bonus_at,
                self.deal_forfeit_at,
            )
            sides = [
                attrs.evolve(side, bonus=bonus) for side, bonus in zip(sides, bonuses, strict=True)
            ]
        return sides[0], sides[1]

    def score_deal(self, state: TrickState, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        """Each side's score for the deal, for both partners (:meth:`score_sides`)."""
        ours, theirs = self.score_sides(state.payload, round_scores)
        return (ours.total, theirs.total, ours.total, theirs.total)

    def carry_over(self, state: TrickState) -> tuple[int, int]:
        """Each side's bags after the deal, for the next one."""
        ours, theirs = self.score_sides(state.payload, state.round_scores)
        return (ours.bags_after, theirs.bags_after)

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """The side ahead once a side has reached ``target`` or fallen to
        ``losing_score`` (a tie plays on); after the one deal if ``target`` is ``None``
        (a tie then shares the win)."""
        ours, theirs = scores[0], scores[1]
        if self.target is None:
            if ours == theirs:
                return (0, 1, 2, 3)
        else:
            low = self.losing_score
            over = max(ours, theirs) >= self.target or (
                low is not None and min(ours, theirs) <= low
            )
            if not over or ours == theirs:
                return ()
        return (0, 2) if ours > theirs else (1, 3)

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Seats 0 and 2 against seats 1 and 3."""
        return ((0, 2), (1, 3))

    def length_bound(self) -> int | None:
        """One deal (``target`` ``None``): its bids (and looks, with Blind Nil) and 52
        cards; a game to a target has no bound."""
        if self.target is not None:
            return None
        return 56 + (PLAYERS if self.blind_nil else 0)

    def all_moves(self) -> tuple[Any, ...]:
        """The 52 cards, the bids Nil to 13 (OpenSpiel's action ids), then Blind Nil and
        looking at the hand if ``blind_nil`` is on."""
        extra = BLIND_CHOICES if self.blind_nil else ()
        return (*super().all_moves(), *BIDS, *extra)

    # -- bots and learning -------------------------------------------------------------

    def heuristic(self, view: TrickView, moves: Sequence[Any]) -> Any:
        """The rule-of-thumb move (:func:`~cardrules.games.spades.heuristic.spades_heuristic`)."""
        return spades_heuristic(self, view, moves)

    def encoded_fields(self) -> tuple[GameField, ...]:
        """The bids, the bags and whether spades are broken, for the learning hosts."""
        scale = float(self.bag_limit or 10)
        return (
            GameField(
                "bids",
                4 * 16,
                _bids_field,
                "per seat from the observer: one-hot of not bid yet, Nil, 1 … 13, Blind Nil",
            ),
            GameField(
                "bags",
                2,
                lambda view: _bags_field(view, scale),
                "the bags carried in by the observer's side, then the other's / bag_limit",
                high=1e6,
            ),
            GameField(
                "spades_broken",
                1,
                lambda view: [1.0 if self.is_broken(view) else 0.0],
                "1.0 once spades are broken",
            ),
        )


def _bids_field(view: TrickView) -> list[float]:
    values = [0.0] * 64
    bidding = view.payload
    if type(bidding) is not Bidding:
        return values
    for place in range(PLAYERS):
        seat = (view.seat + place) % PLAYERS
        bid = bidding.bids[seat]
        slot = 0 if bid is None else (15 if seat in bidding.blind else bid + 1)
        values[16 * place + slot] = 1.0
    return values


def _bags_field(view: TrickView, scale: float) -> list[float]:
    bidding = view.payload
    if type(bidding) is not Bidding:
        return [0.0, 0.0]
    side = view.seat % 2
    return [bidding.bags[side] / scale, bidding.bags[1 - side] / scale]
