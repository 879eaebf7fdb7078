"""Hearts built on cardrules' trick-taking engine: OpenSpiel's ``hearts`` under every one
of its parameters (card passing included), and, beyond one deal, the game to 100.

What it shows: a trick-taking game is a frozen attrs rules class on
:class:`cardrules.tricks.engine.TrickGame`. The engine deals, makes players follow suit,
decides tricks, keeps the state, tells the events, makes views, and deals the unseen
cards consistently for search bots (``determinize``), so the library's bots play Hearts
too. This file only says what Hearts adds:

* **passing** (``pass_cards``): before the play each player passes three cards, one
  :class:`PassCard` move at a time, from the dealer's left round the table, to the
  player ``passes`` names for the deal (``"left"``, ``"across"``, ``"right"``, or
  ``"none"``: no passing), in turn by deal (left, right, across, none by default). The
  cards change hands once all have passed. A player sees the cards it passed and, once
  the passing is done, the cards it received; of the others' only how many
  (:class:`Passing`, the game's payload, shown as :meth:`Hearts.payload_view` says).
  A pass is a secret move (:meth:`Hearts.move_seen_by`): the others are told that the
  seat passed a card, not which; when the cards change hands, a
  :class:`~cardrules.CardsPassed` event names them to their giver and receiver alone.
  The encoding adds the cards the seat passed and received (``passed``, ``received``);
* the holder of 2♣ leads it to the first trick (with ``can_lead_any_club``, any club);
* on the first trick nobody may play a heart or Q♠ unless they hold nothing else
  (``no_pts_on_first_trick``; J♦ may be played);
* hearts may not be led until broken (a heart played, or Q♠ with ``qs_breaks_hearts``;
  from the start without ``must_break_hearts``) unless the leader holds only hearts
  (or, with ``can_lead_hearts_instead_of_qs``, only hearts and Q♠);
* each heart taken scores 1, Q♠ 13, J♦ -10 with ``jd_bonus``; a player who takes
  every heart and Q♠ "shoots the moon": 26 off its points and 26 onto each other
  player's; with ``avoid_all_tricks_bonus`` a player who takes no trick scores -5
  (not when the moon is shot);
* with ``target=0`` the game is one deal (OpenSpiel's); otherwise it ends when
  someone has reached ``target`` (100) at the end of a deal, and the lowest total wins
  (tied players share the win).

OpenSpiel's ``hearts`` is one deal, with its parameters named as here and the same
defaults: ``Hearts(target=0, passes=direction)`` with ``dealer=3`` is the game
OpenSpiel plays after its first chance node picks ``direction`` (it deals seat 0
first, and seat 0 passes first); its returns are ``26 - points``. OpenSpiel's first
chance node lists four directions even with ``pass_cards=false``, where only "No
Pass" is legal (applying another is accepted): its documentation and legal actions say
no passing, and so does ``pass_cards=False`` here; a program that samples that node from
``chance_outcomes()`` gets OpenSpiel passing cards all the same, which is
``pass_cards=True`` here. tests/test_peer_hearts.py plays both games side by side.

>>> game = Hearts(target=0, passes="across")
>>> state = game.new_game(seed=3, dealer=3)
>>> state.phase, state.to_move, str(game.legal_moves(state)[0])
('pass', 0, 'pass 2♣')
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

import attrs

from cardrules.cards import ALL_CARDS, CARD_BIT, SUIT_MASK, Card, Suit, cards_of_mask, mask_of
from cardrules.encoding.fields import GameField
from cardrules.errors import IllegalMoveError, RulesError
from cardrules.events import CardsPassed, HiddenMove
from cardrules.moves import as_card, register_move
from cardrules.rng import shuffled
from cardrules.tricks.engine import TrickGame, TrickState, TrickView, moves_of_mask
from cardrules.values import Immutable

TWO_OF_CLUBS, QUEEN_OF_SPADES, JACK_OF_DIAMONDS = map(Card.parse, ("2C", "QS", "JD"))
#: How many seats along each direction passes (also OpenSpiel's chance outcome ids).
PASS_OFFSETS = {"none": 0, "left": 1, "across": 2, "right": 3}
_HEARTS, _CLUBS, _QS = SUIT_MASK[Suit.HEARTS], SUIT_MASK[Suit.CLUBS], CARD_BIT[QUEEN_OF_SPADES]
_POINTS = _HEARTS | _QS  # the cards a moon needs
_FLAG = attrs.validators.instance_of(bool)
_REASONS = ("hearts_not_broken", "no_points_on_first_trick", "must_lead_two_of_clubs")


@register_move("hearts_pass")
@attrs.frozen
class PassCard(Immutable):
    """Pass ``card`` (one of three) to the player the deal's direction names."""

    card: Card = attrs.field(converter=as_card)

    def __str__(self) -> str:
        return f"pass {self.card}"

    def hidden(self) -> HiddenMove:
        """What the other seats are told of a pass: not the card."""
        return _PASS_HIDDEN


_PASS = tuple(map(PassCard, ALL_CARDS))  # made once: legal_moves hands out the same values
_PASS_HIDDEN = HiddenMove("pass a card")


class Passing(NamedTuple):
    """The deal's passing (the game's payload): ``offset`` seats along (1 left, 2
    across, 3 right) and the cards each seat has passed, sorted; in a view, ``None``
    for each card the seat does not know. (A named tuple: quicker to make than a frozen
    attrs class, on every card passed.)"""

    offset: int
    passed: tuple[tuple[Card | None, ...], ...]


@attrs.frozen(kw_only=True)
class Hearts(TrickGame[TrickState, TrickView]):
    """The rules of Hearts (see the module docs); the options after ``passes`` are
    OpenSpiel's parameters, with its defaults."""

    name: ClassVar[str] = "hearts"
    higher_scores_win: ClassVar[bool] = False
    players: ClassVar[int] = 4
    restricted_follows = 1  # (only the first trick restricts the cards that follow)
    target: int = 100
    passes: str = "left/right/across/none"
    pass_cards: bool = attrs.field(default=True, validator=_FLAG)
    no_pts_on_first_trick: bool = attrs.field(default=True, validator=_FLAG)
    can_lead_any_club: bool = attrs.field(default=False, validator=_FLAG)
    jd_bonus: bool = attrs.field(default=False, validator=_FLAG)
    avoid_all_tricks_bonus: bool = attrs.field(default=False, validator=_FLAG)
    qs_breaks_hearts: bool = attrs.field(default=True, validator=_FLAG)
    must_break_hearts: bool = attrs.field(default=True, validator=_FLAG)
    can_lead_hearts_instead_of_qs: bool = attrs.field(default=False, validator=_FLAG)

    def __attrs_post_init__(self) -> None:
        ways = self.passes.split("/") if isinstance(self.passes, str) else [None]
        if type(self.target) is not int or self.target < 0 or not set(ways) <= set(PASS_OFFSETS):
            allowed, was = "/".join(PASS_OFFSETS), f"{self.target!r}, {self.passes!r}"
            raise RulesError(f"target: an int, 0 for one deal; passes: of {allowed}; not {was}")

    def hearts_broken(self, state: TrickState | TrickView) -> bool:
        """Whether hearts may be led in ``state`` (a state or a view)."""
        breakers = _POINTS if self.qs_breaks_hearts else _HEARTS
        return not self.must_break_hearts or bool(state.played_mask & breakers)

    # -- passing -------------------------------------------------------------------

    def start_of_deal(self, state: TrickState, events: Any) -> TrickState:
        """A deal with passing starts with the dealer's left passing."""
        way = (ways := self.passes.split("/"))[(state.round_number - 1) % len(ways)]
        payload = Passing(self.pass_cards * PASS_OFFSETS[way], ((),) * 4)
        if not payload.offset:
            return self.begin_play(state, payload=payload)
        return self.enter_phase(state, "pass", to_move=(state.dealer + 1) % 4, payload=payload)

    def phase_moves(self, state: TrickState) -> tuple[PassCard, ...]:
        """Any card the seat holds and has not passed yet."""
        seat: int = state.to_move  # type: ignore[assignment]
        return moves_of_mask(state.hand_mask(seat) & ~mask_of(state.payload.passed[seat]), _PASS)

    def phase_apply(self, state: TrickState, move: PassCard, events: Any) -> TrickState:
        """The card is passed; after the twelfth the cards change hands and play begins."""
        seat: int = state.to_move  # type: ignore[assignment]
        offset, passed = state.payload.offset, list(state.payload.passed)
        passed[seat] = tuple(sorted((*passed[seat], move.card)))
        payload = Passing(offset, tuple(passed))
        if len(passed[seat]) < 3 or seat != state.dealer:  # the dealer passes last
            following = (seat + (len(passed[seat]) == 3)) % 4
            return self.enter_phase(state, "pass", to_move=following, payload=payload)
        gets = [mask_of(passed[(s - offset) % 4]) for s in range(4)]
        hands = [state.hand_mask(s) ^ mask_of(passed[s]) | gets[s] for s in range(4)]
        if events is not None:  # (each seat, from the dealer's left, gives its three)
            givers = [(state.dealer + 1 + k) % 4 for k in range(4)]
            events.extend(CardsPassed(s, (s + offset) % 4, passed[s]) for s in givers)
        return self.begin_play(state, payload=payload, hands=hands)

    def move_seen_by(self, state: TrickState, seat: int, move: Any) -> tuple[int, ...] | None:
        """A card passed is seen by its passer alone until the cards change hands."""
        return (seat,) if type(move) is PassCard else None

    def payload_view(self, state: TrickState, seat: int) -> Passing:
        """The cards ``seat`` passed and, once all have passed, those it received."""
        passing = state.payload or Passing(0, ((),) * 4)  # a position() given none: no passing
        offset, passed = passing.offset, enumerate(passing.passed)
        giver = (seat - offset) % 4 if state.phase is None else seat
        shown = tuple(c if s in (seat, giver) else (None,) * len(c) for s, c in passed)
        return Passing(offset, shown)

    def encoded_fields(self) -> tuple[GameField, ...]:
        """The cards the seat passed this deal, and those it received (once received)."""
        return (
            GameField("passed", 52, _passed_by, "1 for each card the seat passed this deal"),
            GameField("received", 52, _received_by, "1 for each card passed to the seat"),
        )

    def known_cards(self, view: TrickView) -> tuple[int, ...]:
        """The cards ``view.seat`` passed are its receiver's, until played; 2♣ is the
        first leader's until played."""
        known, played, passing = [0] * 4, view.played_mask, view.payload
        if view.phase is None:
            known[(*view.tricks, view.trick)[0].leader] = CARD_BIT[TWO_OF_CLUBS] & ~played
            known[(view.seat + passing.offset) % 4] |= mask_of(passing.passed[view.seat]) & ~played
        return tuple(known)

    def determinize_payload(self, view: TrickView, hands: tuple[int, ...], rng: int) -> Any:
        """Each unknown card passed drawn from where it may be: the passer's hand while
        passing, after that the receiver's cards (held or played)."""
        offset, passed = view.payload.offset, list(view.payload.passed)
        for seat, cards in enumerate(passed):
            if None in cards:
                holder = seat if view.phase else (seat + offset) % 4
                mine = [c for trick in view.tricks for s, c in trick.plays(4) if s == holder]
                drawn, rng = shuffled(cards_of_mask(hands[holder] | mask_of(mine)), rng)
                passed[seat] = tuple(sorted(drawn[: len(cards)]))
        return Passing(offset, tuple(passed))

    # -- the play ------------------------------------------------------------------

    def first_leader(self, dealer: int, dealt: tuple[int, ...]) -> int:
        """The holder of 2♣ leads the first trick."""
        return next(seat for seat, hand in enumerate(dealt) if hand & CARD_BIT[TWO_OF_CLUBS])

    def restrict(self, state: TrickState, seat: int, allowed: int) -> int:
        """Hearts' own limits on the cards that follow suit (see the module docs)."""
        cards, first = state.trick_cards, state.trick_number == 1
        if first and not cards:
            return allowed & (_CLUBS if self.can_lead_any_club else CARD_BIT[TWO_OF_CLUBS])
        if first and self.no_pts_on_first_trick and not allowed & SUIT_MASK[cards[0].suit]:
            return allowed & ~_POINTS or allowed
        if cards or self.hearts_broken(state):
            return allowed
        safe = allowed & ~_HEARTS  # no heart led before hearts break, if the leader can
        return allowed if self.can_lead_hearts_instead_of_qs and safe == _QS else safe or allowed

    def explain_restriction(self, state: TrickState, card: Card) -> IllegalMoveError:
        """Why :meth:`restrict` refused ``card``: the reason says it in words."""
        reason = _REASONS[(state.trick_number == 1) * (1 + (not state.trick_cards))]
        return IllegalMoveError(reason, f"{card}: {reason.replace('_', ' ')}")

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        """The points in the trick: 1 a heart, 13 Q♠, -10 J♦ with ``jd_bonus`` (not a
        ``score_trick`` hook: this one keeps the engine's quick way to decide tricks)."""
        jack = -10 * self.jd_bonus * (JACK_OF_DIAMONDS in cards)
        return jack + 13 * (QUEEN_OF_SPADES in cards) + (mask_of(cards) & _HEARTS).bit_count()

    def score_deal(self, state: TrickState, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        """Shooting the moon, and the bonus for taking no trick (see the module docs)."""
        taken, scores = state.taken_masks, enumerate(round_scores)  # the cards each seat took
        takers = {seat for seat, cards in enumerate(taken) if cards & _POINTS}
        if len(takers) == 1:
            return tuple(p + (26 if s not in takers else -26) for s, p in scores)
        return tuple(p - 5 * self.avoid_all_tricks_bonus * (not taken[s]) for s, p in scores)

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """After one deal (``target=0``) or once someone has reached the target, the
        lowest total wins (ties share)."""
        low = min(scores) if not self.target or max(scores) >= self.target else None
        return tuple([seat for seat, score in enumerate(scores) if score == low])

    def all_moves(self) -> tuple[Any, ...]:
        """The plays of the 52 cards, then the passes of them (move ids in this order)."""
        return (*super().all_moves(), *_PASS)


def _card_flags(cards: tuple[Card | None, ...]) -> list[float]:
    flags = [0.0] * 52
    for card in cards:
        if card is not None:
            flags[card] = 1.0
    return flags


def _passed_by(view: TrickView) -> list[float]:
    return _card_flags(view.payload.passed[view.seat] if view.payload else ())


def _received_by(view: TrickView) -> list[float]:
    passing = view.payload
    return _card_flags(passing.passed[(view.seat - passing.offset) % 4] if passing else ())
