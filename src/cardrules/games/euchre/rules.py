"""Euchre built on cardrules' trick-taking engine: OpenSpiel's ``euchre``, one deal,
under both of its parameters.

What it shows: a game with bidding, a dealer who picks up a card, players going alone
and a trump suit whose jacks change suit, written as phases and hooks of
:class:`cardrules.tricks.engine.TrickGame`. The rules:

* four players, partners sitting opposite (seats 0 and 2, 1 and 3); 24 cards, 9 to A;
  five cards each, one at a time (the engine deals from the dealer's left; OpenSpiel
  deals the dealer first: the same deals, equally likely); the next card is turned up
  (the *upcard*), the other three stay face down;
* **bidding**, from the dealer's left: in the first round each player may pass or
  order the upcard's suit as trumps (:class:`~cardrules.moves.NameSuit`); then the
  dealer takes the upcard into their hand and discards any other card
  (:class:`Discard`, a secret move: the others are told that the dealer discarded, not
  what; the dealer's encoding keeps it, as the ``discard`` field). If all four pass, in
  a second round each may pass or name any other suit. With ``stick_the_dealer`` (the
  default) the dealer may not pass last; without it, four more passes throw the deal
  in: it scores nothing;
* the player who named trumps (the *maker*) may **go alone** (:class:`GoAlone`): their
  partner's cards are set aside at once (``with_hands`` leaves the partner no card) and
  the partner sits the deal out. With ``allow_lone_defender``, the defenders are then
  asked in turn, from the dealer's left (whether or not the maker went alone), and one
  may go alone against the makers (:class:`Contract`, the payload, lists who went alone);
* **the play**: the dealer's left (or the next seat that plays) leads; players must
  follow suit if able, and the jack of the trump suit (*right bower*) and the other
  jack of its colour (*left bower*) are the two highest trumps: the left bower counts
  as a trump, never as its printed suit (:meth:`Euchre.effective_suit`). The highest
  trump wins, else the highest card of the suit led;
* **scores**, the same for both partners (the defenders get the opposite): makers who
  take 3 or 4 tricks score 1, all 5 score 2 (4 alone); with fewer than 3 they are
  *euchred* and score -2 (-4 against a lone defender).

OpenSpiel's documentation speaks of "super-Euchres" (makers who take no trick lose 4)
but its code does not score them: the default follows the code, ``super_euchre=True``
the documentation. tests/test_peer_euchre.py plays this game and OpenSpiel's side by side
(OpenSpiel's first chance node names the dealer: ``new_game(dealer=...)``).

>>> game = Euchre()
>>> state = game.new_game(seed=2, dealer=3)
>>> state.phase, state.to_move, [str(move) for move in game.legal_moves(state)]
('bid', 0, ['pass', 'name ♥'])
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple, cast

import attrs

from cardrules.cards import ALL_CARDS, CARD_BIT, SUIT_OF_INDEX, Card, Rank, Suit
from cardrules.encoding.fields import GameField
from cardrules.events import HiddenMove
from cardrules.moves import NameSuit, Pass, as_card, register_move
from cardrules.tricks.engine import TrickGame, TrickState, TrickView, moves_of_mask
from cardrules.values import Immutable

DECK = tuple(card for card in ALL_CARDS if card.rank >= Rank.NINE)
#: By trump suit, the right bower (its jack) and the left bower (the jack of the other
#: suit of its colour: ♣ and ♠, ♦ and ♥).
BOWERS = tuple((Card(Rank.JACK, suit), Card(Rank.JACK, Suit(3 - suit))) for suit in Suit)
_FLAG = attrs.validators.instance_of(bool)


@register_move("euchre_discard")
@attrs.frozen
class Discard(Immutable):
    """The dealer, having picked up the upcard, lays ``card`` aside face down."""

    card: Card = attrs.field(converter=as_card)

    def __str__(self) -> str:
        return f"discard {self.card}"

    def hidden(self) -> HiddenMove:
        """What the other seats are told of the discard: not the card."""
        return _DISCARD_HIDDEN


@register_move("euchre_alone")
@attrs.frozen
class GoAlone(Immutable):
    """Go alone (``alone=True``: the partner sits the deal out) or play with the partner."""

    alone: bool

    def __str__(self) -> str:
        return "go alone" if self.alone else "play with partner"


_DISCARD, _ALONE = tuple(map(Discard, ALL_CARDS)), (GoAlone(True), GoAlone(False))
_DISCARD_HIDDEN = HiddenMove("discard a card")
_PASS, _NAME = Pass(), tuple(map(NameSuit, Suit))  # the moves made once, by card or suit
_OTHERS = [tuple(name for name in _NAME if name.suit != suit) for suit in Suit]
# By the upcard's suit, the bids of the first round, of the second, of the dealer stuck.
_BIDS = [((_PASS, _NAME[up]), (_PASS, *others), others) for up, others in enumerate(_OTHERS)]


class Contract(NamedTuple):
    """The bidding so far (the game's payload): passes made, the trump suit and its
    maker, the seats that went alone (the maker, a defender), the dealer's discard
    (``None`` in the views of the others). A named tuple: a new one on every move of
    the bidding costs less than a frozen attrs class."""

    passes: int = 0
    trump: int | None = None
    maker: int | None = None
    alone: tuple[int, ...] = ()
    discard: Card | None = None


_BID = tuple(map(Contract, range(8)))  # the bidding after 0 to 7 passes, made once


@attrs.frozen(kw_only=True)
class Euchre(TrickGame[TrickState, TrickView]):
    """The rules of Euchre (see the module docs): OpenSpiel's parameters and defaults,
    and ``super_euchre`` as its documentation has it."""

    name: ClassVar[str] = "euchre"
    players: ClassVar[int] = 4
    effective_suits: ClassVar[bool] = True
    turns_up = True
    allow_lone_defender: bool = attrs.field(default=False, validator=_FLAG)
    stick_the_dealer: bool = attrs.field(default=True, validator=_FLAG)
    super_euchre: bool = attrs.field(default=False, validator=_FLAG)

    def deck(self) -> tuple[Card, ...]:
        """Nine to ace of each suit."""
        return DECK

    def hand_size(self, number: int, rng: int) -> tuple[int, int]:
        """Five cards each."""
        return 5, rng

    # -- bidding, the discard, going alone -----------------------------------------

    def start_of_deal(self, state: TrickState, events: Any) -> TrickState:
        """The bidding starts at the dealer's left."""
        return self.enter_phase(state, "bid", to_move=(state.dealer + 1) % 4, payload=_BID[0])

    def phase_moves(self, state: TrickState) -> tuple[Any, ...]:
        """The moves of the bidding, the discard, and going alone (or not)."""
        passes, up = state.payload.passes, cast(Card, state.turned_up)
        if state.phase == "discard":
            return moves_of_mask(state.hand_mask(state.dealer) & ~CARD_BIT[up], _DISCARD)
        bids = _BIDS[up.suit][(passes > 3) + (passes == 7 and self.stick_the_dealer)]
        return bids if state.phase == "bid" else _ALONE

    def phase_apply(self, state: TrickState, move: Any, events: Any) -> TrickState:
        """One move of the bidding, the discard or going alone."""
        old, seat, dealer = state.payload, state.to_move or 0, state.dealer  # (a seat is to move)
        if type(move) is Pass:  # none named yet; with no stick, the eighth pass throws in
            if old.passes == 7:
                return self.throw_in(state, events)
            bid = _BID[old.passes + 1]
            return self.enter_phase(state, "bid", to_move=(seat + 1) % 4, payload=bid)
        hands, phase, alone = list(before := state.hand_masks), "alone", old.alone
        if type(move) is NameSuit and old.passes < 4:  # ordered up: the dealer takes it
            hands[dealer] |= CARD_BIT[state.turned_up or 0]  # (Euchre turns up a card)
            contract, seat, phase = Contract(old.passes, move.suit, seat), dealer, "discard"
        elif type(move) is NameSuit:
            contract = Contract(old.passes, move.suit, seat)
        elif type(move) is Discard:
            hands[dealer] &= ~CARD_BIT[move.card]
            contract, seat = Contract(old.passes, old.trump, old.maker, (), move.card), old.maker
        else:
            if state.phase == "alone":  # then, with lone defenders, ask the defenders in turn
                alone = (seat,) * move.alone
                phase = "defend" * self.allow_lone_defender
                seat = dealer + 2 - (dealer + 1 - seat) % 2
            elif move.alone or seat not in ((dealer + 1) % 4, (dealer + 2) % 4):
                alone, phase = (*alone, *(seat,) * move.alone), ""
            else:
                seat, phase = seat + 2, "defend"
            contract = Contract(old.passes, old.trump, old.maker, alone, old.discard)
        for lone in alone:
            hands[(lone + 2) % 4] = 0  # the partner's cards are set aside: it sits out
        moved = hands if tuple(hands) != before else None  # most moves of the bidding move none
        if phase:
            return self.enter_phase(state, phase, to_move=seat % 4, payload=contract, hands=moved)
        return self.begin_play(state, payload=contract, hands=moved)  # the dealer's left leads

    def payload_view(self, state: TrickState, seat: int) -> Contract:
        """The bidding, but for the dealer's discard, which only the dealer sees."""
        contract: Contract = state.payload
        return contract if seat == state.dealer else contract._replace(discard=None)

    def move_seen_by(self, state: TrickState, seat: int, move: Any) -> tuple[int, ...] | None:
        """The dealer's discard is seen by the dealer alone."""
        return (seat,) if type(move) is Discard else None

    def encoded_fields(self) -> tuple[GameField, ...]:
        """The card the seat discarded as the dealer, which it alone knows."""
        return (GameField("discard", 52, _discarded, "1 for the card the seat discarded"),)

    def known_cards(self, view: TrickView) -> tuple[int, ...]:
        """The upcard, picked up, is the dealer's until played (or set aside). (A search
        bot's sample keeps the payload of the view: for the others the discard stays
        ``None``, a card in nobody's hand, which nobody plays.)"""
        contract, known = view.payload, [0] * 4
        if contract.maker is not None and contract.passes < 4 and view.hand_sizes[view.dealer]:
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
        bowers = BOWERS[trump] if trump is not None else ()
        return 14 - bowers.index(card) if card in bowers else card % 13

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        """Each trick counts one for its winner."""
        return 1

    def score_deal(self, state: TrickState, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        """The makers' score for both makers, its opposite for both defenders."""
        maker, alone = state.payload.maker, state.payload.alone
        if maker is None:
            return (0, 0, 0, 0)  # thrown in
        taken = round_scores[maker] + round_scores[(maker + 2) % 4]
        lost = 4 if alone not in ((), (maker,)) or (self.super_euchre and not taken) else 2
        score = -lost if taken < 3 else 1 if taken < 5 else 2 + 2 * (maker in alone)
        score = -score if maker % 2 else score  # now the score of seats 0 and 2
        return (score, -score, score, -score)

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Partners sit across the table: 0 and 2, 1 and 3 (the arena counts a win for
        both)."""
        return ((0, 2), (1, 3))

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """One deal is the game: the partners who scored more win (all four share when
        the deal was thrown in)."""
        best = max(scores)
        return tuple([seat for seat, score in enumerate(scores) if score == best])

    def all_moves(self) -> tuple[Any, ...]:
        """The plays and discards of the 24 cards, a pass, the suits, going alone or not
        (move ids in this order)."""
        return (*super().all_moves(), *(_DISCARD[card] for card in DECK), _PASS, *_NAME, *_ALONE)


def _discarded(view: TrickView) -> list[float]:
    flags, discard = [0.0] * 52, getattr(view.payload, "discard", None)
    if discard is not None:
        flags[discard] = 1.0
    return flags
