"""Hearts' rules and options: :class:`Hearts` and the deal's passing (:class:`Passing`,
the game's payload). Its pass move, :class:`PassCard`, is in
:mod:`~cardrules.games.hearts.moves` (and importable from here too).

Hearts is a configuration of the trick-taking engine
(:class:`~cardrules.tricks.engine.TrickGame`): the engine deals, makes players follow
suit, decides tricks, keeps the state, tells the events, makes the views and deals
the unseen cards consistently for search bots. This module says what Hearts adds:

* **passing**: before the play each player passes three cards, one :class:`PassCard`
  move at a time, from the dealer's left round the table, to the player the deal's
  direction names (``passing``: left, right, across, then a deal kept, by default).
  The cards change hands once all have passed. A pass is a secret move
  (:meth:`Hearts.move_seen_by`): the others are told that the seat passed a card, not
  which; when the cards change hands a :class:`~cardrules.CardsPassed` event names
  them to their giver and receiver alone, and a seat's view shows the cards it passed
  and, once the passing is done, those it received (:meth:`Hearts.payload_view`);
* the holder of 2♣ leads it to the first trick (``first_lead``);
* on the first trick nobody may play a heart or Q♠ unless they hold nothing else
  (``points_on_first_trick``);
* hearts may not be led until broken (``hearts_must_be_broken``: a heart played, or
  Q♠ with ``queen_breaks_hearts``) unless the leader holds only hearts;
* the scoring of :mod:`~cardrules.games.hearts.scoring`: a heart 1, Q♠ 13, J♦ -10
  with ``jack_of_diamonds``, shooting the moon (``moon``), the bonus for taking no
  trick (``no_tricks_bonus``);
* the game ends at the end of the deal in which someone reaches ``target`` (100); the
  lowest total wins (``ties``).

:meth:`Hearts.openspiel` gives OpenSpiel's ``hearts``: one deal, its pass direction
drawn at random.

>>> import cardrules as cr
>>> game = cr.Hearts()
>>> state = game.new_game(seed=3)
>>> state.phase, state.to_move, game.pass_direction(state)
('pass', 1, 'left')
>>> str(game.legal_moves(state)[0])
'pass 2♣'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

import attrs

from cardrules._text import shown
from cardrules.cards import ALL_CARDS, CARD_BIT, SUIT_MASK, Card, Suit, cards_of_mask, mask_of
from cardrules.encoding.fields import GameField
from cardrules.errors import IllegalMoveError, RulesError, SetupError
from cardrules.events import CardsPassed, Event
from cardrules.games._openspiel import openspiel_parameters
from cardrules.games.hearts.heuristic import hearts_heuristic
from cardrules.games.hearts.moves import CARDS_PASSED, PassCard
from cardrules.games.hearts.parsing import read_hearts_move
from cardrules.games.hearts.scoring import (
    JACK_OF_DIAMONDS,
    MOON_RULES,
    POINT_CARDS,
    QUEEN_OF_SPADES,
    deal_scores,
    trick_points,
)
from cardrules.options import flag, integer, one_of
from cardrules.rng import randbelow, shuffled
from cardrules.tricks.engine import TrickGame, TrickState, TrickView, moves_of_mask

__all__ = [
    "CARDS_PASSED",
    "DIRECTIONS",
    "JACK_OF_DIAMONDS",
    "PASS_OFFSETS",
    "QUEEN_OF_SPADES",
    "TWO_OF_CLUBS",
    "Hearts",
    "PassCard",
    "Passing",
]

TWO_OF_CLUBS = Card.parse("2C")
PASS_OFFSETS: Mapping[str, int] = MappingProxyType({"keep": 0, "left": 1, "across": 2, "right": 3})
"""How many seats along (to the left) each direction passes; in this order, their
indices are OpenSpiel's pass-direction chance outcomes (0 "No Pass", 1 "Left", 2
"Across", 3 "Right")."""
DIRECTIONS: tuple[str, ...] = tuple(PASS_OFFSETS)
"""The directions, by offset: ``DIRECTIONS[offset]``."""
DEFAULT_PASSING = ("left", "right", "across", "keep")
"""The usual passing, deal after deal, repeated."""

_HEARTS = SUIT_MASK[Suit.HEARTS]
_CLUBS = SUIT_MASK[Suit.CLUBS]
_QUEEN = CARD_BIT[QUEEN_OF_SPADES]
_TWO = CARD_BIT[TWO_OF_CLUBS]


_PASS = tuple(map(PassCard, ALL_CARDS))  # made once: legal_moves hands out the same values


class Passing(NamedTuple):
    """The deal's passing (the game's payload): ``offset`` seats along (1 left, 2
    across, 3 right, 0 none: a deal kept) and the cards each seat has passed, sorted;
    in a view, ``None`` for each card the seat does not know. (A named tuple: quicker
    to make than a frozen attrs class, on every card passed.)"""

    offset: int
    passed: tuple[tuple[Card | None, ...], ...]

    @property
    def direction(self) -> str:
        """The direction in words: ``"left"``, ``"across"``, ``"right"`` or ``"keep"``."""
        return DIRECTIONS[self.offset]


_new_passing = tuple.__new__
_BIT = list(CARD_BIT)  # (a list indexes a little faster with a Card, an int subclass)
_NONE_PASSED: tuple[tuple[Card | None, ...], ...] = ((),) * 4
_KEPT = Passing(0, _NONE_PASSED)


def _as_passing(value: object) -> object:
    """Text is a direction, or directions between commas (as the command line's
    ``-o passing=left,right`` gives them); one direction alone is every deal's."""
    if isinstance(value, str):
        return tuple(way.strip() for way in value.split(","))
    if isinstance(value, Sequence):
        return tuple(value)
    return value


def _check_passing(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if (
        not isinstance(value, tuple)
        or not value
        or not all(isinstance(way, str) and way in PASS_OFFSETS for way in value)
    ):
        allowed = ", ".join(map(repr, DEFAULT_PASSING))
        raise RulesError(
            f"{type(instance).__name__}: passing must be a direction or a sequence of "
            f"them, repeated deal after deal, each one of {allowed}, not {shown(value)}"
        )


@attrs.frozen(kw_only=True)
class Hearts(TrickGame[TrickState, TrickView]):
    """The rules of Hearts, with its options (the rules page, ``docs/rules/hearts.md``,
    gives their sources).

    Args:
        target: the game ends at the end of the deal in which someone has reached it
            (100); ``None``: the game is one deal.
        passing: the direction of each deal's pass, in turn and repeated: ``"left"``,
            ``"right"``, ``"across"`` or ``"keep"`` (no passing); one direction alone
            is every deal's; text may list them between commas (``"left,right"``).
        random_passing: each deal's direction drawn at random from ``passing`` (every
            entry equally likely) instead of in turn.
        first_dealer_seat: who deals the first deal when ``new_game`` names no
            dealer (seat 0).
        first_lead: ``"two_of_clubs"`` (the holder of 2♣ leads it) or ``"any_club"``
            (the holder of 2♣ leads any club).
        points_on_first_trick: a player who cannot follow the first trick may play a
            heart or Q♠ even holding another card (off).
        hearts_must_be_broken: hearts may not be led until broken unless the leader
            holds only hearts (on).
        queen_breaks_hearts: Q♠ played breaks hearts, as a heart does (on).
        lead_hearts_instead_of_queen: a leader whose only card but hearts is Q♠ may lead
            a heart before hearts are broken (off).
        jack_of_diamonds: J♦ counts -10 to the player who takes it (off).
        moon: shooting the moon, ``"add_to_others"`` (26 to each other player) or
            ``"subtract_from_shooter"`` (26 off the shooter).
        no_tricks_bonus: a player who takes no trick scores -5, unless the moon was
            shot (off).
        ties: when the lowest total is shared at the end, ``"shared"`` (they share the
            win) or ``"play_on"`` (another deal, until one player alone is lowest).

    Raises :class:`~cardrules.RulesError` for a bad option, naming it and what is
    allowed.

    >>> Hearts(target=50, passing=("left", "right")).passing
    ('left', 'right')
    >>> Hearts(moon="double")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    cardrules.errors.RulesError: Hearts: moon must be one of 'add_to_others', ... not 'double'
    """

    name: ClassVar[str] = "hearts"
    higher_scores_win: ClassVar[bool] = False
    players: ClassVar[int] = 4
    restricted_follows = 1  # (only the first trick restricts the cards that follow)
    OPENSPIEL_PARAMETERS: ClassVar[Mapping[str, Any]] = MappingProxyType(
        {
            "pass_cards": True,
            "no_pts_on_first_trick": True,
            "can_lead_any_club": False,
            "jd_bonus": False,
            "avoid_all_tricks_bonus": False,
            "must_break_hearts": True,
            "qs_breaks_hearts": True,
            "can_lead_hearts_instead_of_qs": False,
        }
    )
    """OpenSpiel's ``hearts`` parameters and their defaults (:meth:`openspiel`)."""

    target: int | None = attrs.field(default=100, validator=integer(1, or_none=True))
    passing: tuple[str, ...] = attrs.field(
        default=DEFAULT_PASSING, converter=_as_passing, validator=_check_passing
    )
    random_passing: bool = attrs.field(default=False, validator=flag)
    first_dealer_seat: int = attrs.field(default=0, validator=integer(0, 3))
    first_lead: str = attrs.field(
        default="two_of_clubs", validator=one_of("two_of_clubs", "any_club")
    )
    points_on_first_trick: bool = attrs.field(default=False, validator=flag)
    hearts_must_be_broken: bool = attrs.field(default=True, validator=flag)
    queen_breaks_hearts: bool = attrs.field(default=True, validator=flag)
    lead_hearts_instead_of_queen: bool = attrs.field(default=False, validator=flag)
    jack_of_diamonds: bool = attrs.field(default=False, validator=flag)
    moon: str = attrs.field(default="add_to_others", validator=one_of(*MOON_RULES))
    no_tricks_bonus: bool = attrs.field(default=False, validator=flag)
    ties: str = attrs.field(default="shared", validator=one_of("shared", "play_on"))

    def __attrs_post_init__(self) -> None:
        if self.ties == "play_on" and self.target is None:
            raise RulesError(
                "Hearts: ties='play_on' needs a target (a game of one deal ends after it); "
                "give a target or leave ties 'shared'"
            )

    @classmethod
    def openspiel(cls, **params: Any) -> Hearts:
        """OpenSpiel's ``hearts``, with its parameters (see
        :attr:`OPENSPIEL_PARAMETERS`): one deal, seat 3 dealing (seat 0 is dealt the
        first card and passes first), the pass direction drawn at random before the
        deal, every direction equally likely (with ``pass_cards=False``, "no pass"
        alone: OpenSpiel's legal outcomes, not the four its ``chance_outcomes`` lists).
        The move ids are OpenSpiel's action ids of the same cards' plays and passes
        only through a mapping (OpenSpiel numbers cards rank by rank); OpenSpiel's
        returns are ``26 - points``.

        >>> game = Hearts.openspiel(jd_bonus=True)
        >>> game.target, game.passing, game.random_passing, game.jack_of_diamonds
        (None, ('keep', 'left', 'across', 'right'), True, True)
        >>> Hearts.openspiel(pass_cards=1)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        cardrules.errors.RulesError: OpenSpiel's hearts parameter pass_cards must be a bool ...
        """
        values = openspiel_parameters("hearts", params, cls.OPENSPIEL_PARAMETERS)
        return cls(
            target=None,
            passing=DIRECTIONS if values["pass_cards"] else ("keep",),
            random_passing=True,
            first_dealer_seat=3,
            first_lead="any_club" if values["can_lead_any_club"] else "two_of_clubs",
            points_on_first_trick=not values["no_pts_on_first_trick"],
            hearts_must_be_broken=values["must_break_hearts"],
            queen_breaks_hearts=values["qs_breaks_hearts"],
            lead_hearts_instead_of_queen=values["can_lead_hearts_instead_of_qs"],
            jack_of_diamonds=values["jd_bonus"],
            moon="add_to_others",
            no_tricks_bonus=values["avoid_all_tricks_bonus"],
        )

    def hearts_broken(self, state: TrickState | TrickView) -> bool:
        """Whether hearts may be led in ``state`` (a state or a view)."""
        breakers = POINT_CARDS if self.queen_breaks_hearts else _HEARTS
        return not self.hearts_must_be_broken or bool(state.played_mask & breakers)

    def pass_direction(self, state: TrickState | TrickView) -> str:
        """The direction of the deal's pass in ``state`` (a state or a view):
        ``"left"``, ``"right"``, ``"across"`` or ``"keep"``."""
        return (state.payload or _KEPT).direction

    def heuristic(self, view: TrickView, moves: Sequence[Any]) -> Any:
        """The rule-of-thumb move
        (:func:`~cardrules.games.hearts.heuristic.hearts_heuristic`)."""
        return hearts_heuristic(self, view, moves)

    # -- passing -------------------------------------------------------------------

    def first_dealer(self, rng: int) -> tuple[int, int]:
        """The first dealer when the setup names none: ``first_dealer_seat`` (no draw)."""
        return self.first_dealer_seat, rng

    def draw_before_deal(self, number: int, rng: int) -> tuple[Any, int]:
        """With ``random_passing``, the deal's direction: an index of ``passing``,
        drawn before the cards are shuffled (OpenSpiel's first chance node)."""
        if not self.random_passing:
            return None, rng
        return randbelow(rng, len(self.passing))

    def start_of_deal(self, state: TrickState, events: list[Event] | None) -> TrickState:
        """A deal with passing starts with the dealer's left passing; a deal kept
        starts with the play."""
        drawn = state.payload
        if drawn is None:
            drawn = (state.round_number - 1) % len(self.passing)
        offset = PASS_OFFSETS[self.passing[drawn]]
        payload = Passing(offset, _NONE_PASSED)
        if not offset:
            return self.begin_play(state, payload=payload)
        return self.enter_phase(state, "pass", to_move=(state.dealer + 1) % 4, payload=payload)

    def read_move(self, text: str, view: TrickView) -> Any:
        """The move ``text`` names: while passing, a card to pass (``QS`` or ``pass
        QS``), else a card played (:mod:`cardrules.games.hearts.parsing`)."""
        return read_hearts_move(text, view)

    def phase_moves(self, state: TrickState) -> tuple[PassCard, ...]:
        """Any card the seat holds and has not passed yet."""
        seat: int = state.to_move  # type: ignore[assignment]
        held = state.hand_mask(seat)
        for card in state.payload.passed[seat]:
            held ^= _BIT[card]
        return moves_of_mask(held, _PASS)

    def phase_apply(
        self, state: TrickState, move: PassCard, events: list[Event] | None
    ) -> TrickState:
        """The card is passed; after the twelfth the cards change hands and play begins."""
        seat: int = state.to_move  # type: ignore[assignment]
        offset, passed = state.payload
        mine = tuple(sorted((*passed[seat], move.card)))
        passed = (*passed[:seat], mine, *passed[seat + 1 :])
        payload = _new_passing(Passing, (offset, passed))  # (a named tuple, made quickly)
        if len(mine) < CARDS_PASSED:
            return self.enter_phase(state, "pass", to_move=seat, payload=payload)
        if seat != state.dealer:  # the dealer passes last
            return self.enter_phase(state, "pass", to_move=(seat + 1) % 4, payload=payload)
        gets = [mask_of(passed[(s - offset) % 4]) for s in range(4)]
        hands = [state.hand_mask(s) ^ mask_of(passed[s]) | gets[s] for s in range(4)]
        if events is not None:  # (each seat, from the dealer's left, gives its three)
            givers = [(state.dealer + 1 + k) % 4 for k in range(4)]
            events.extend(CardsPassed(s, (s + offset) % 4, passed[s]) for s in givers)
        return self.begin_play(state, payload=payload, hands=hands)

    def move_seen_by(self, state: TrickState, seat: int, move: Any) -> tuple[int, ...] | None:
        """A card passed is seen by its passer alone until the cards change hands."""
        return (seat,) if type(move) is PassCard else None

    def check_payload(self, state: TrickState) -> None:
        """A position's payload is ``None`` (no passing) or a :class:`Passing` whose
        seats have each passed three cards, or none in a deal kept."""
        passing = state.payload
        if passing is None:
            return
        sizes = (
            {len(cards) for cards in passing.passed}
            if type(passing) is Passing and len(passing.passed) == 4
            else None
        )
        good = sizes == {0} if type(passing) is Passing and not passing.offset else False
        if sizes == {CARDS_PASSED} and passing.offset in (1, 2, 3):
            good = all(type(card) is Card for cards in passing.passed for card in cards)
        if not good:
            raise SetupError(
                "Hearts' payload is the deal's passing: None, or a Passing(offset, passed) "
                "with offset 1 to 3 and three cards passed by each seat (or offset 0 and "
                f"none), not {shown(passing)}"
            )

    def payload_view(self, state: TrickState, seat: int) -> Passing:
        """The cards ``seat`` passed and, once all have passed, those it received."""
        passing = state.payload or _KEPT  # a position() given none: no passing
        offset, passed = passing.offset, enumerate(passing.passed)
        giver = (seat - offset) % 4 if state.phase is None else seat
        shown_cards = tuple(c if s in (seat, giver) else (None,) * len(c) for s, c in passed)
        return Passing(offset, shown_cards)

    def encoded_fields(self) -> tuple[GameField, ...]:
        """The cards the seat passed this deal, and those it received (once received)."""
        return (
            GameField("passed", 52, _passed_by, "1 for each card the seat passed this deal"),
            GameField("received", 52, _received_by, "1 for each card passed to the seat"),
        )

    def known_cards(self, view: TrickView) -> tuple[int, ...]:
        """The cards ``view.seat`` passed are its receiver's, until played; 2♣ is the
        first leader's until played."""
        known, played = [0] * 4, view.played_mask
        passing: Passing = view.payload or _KEPT
        if view.phase is None:
            mine = mask_of(card for card in passing.passed[view.seat] if card is not None)
            known[(*view.tricks, view.trick)[0].leader] = _TWO & ~played
            known[(view.seat + passing.offset) % 4] |= mine & ~played
        return tuple(known)

    def determinize_payload(self, view: TrickView, hands: tuple[int, ...], rng: int) -> Any:
        """Each unknown card passed drawn from where it may be: the passer's hand while
        passing, after that the receiver's cards (held or played)."""
        if view.payload is None:
            return None
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
        return next(seat for seat, hand in enumerate(dealt) if hand & _TWO)

    def restrict(self, state: TrickState, seat: int, allowed: int) -> int:
        """Hearts' own limits on the cards that follow suit (see the module docs)."""
        cards, first = state.trick_cards, state.trick_number == 1
        if first and not cards:
            return allowed & (_CLUBS if self.first_lead == "any_club" else _TWO)
        if first and not self.points_on_first_trick and not allowed & SUIT_MASK[cards[0].suit]:
            return allowed & ~POINT_CARDS or allowed
        if cards or self.hearts_broken(state):
            return allowed
        safe = allowed & ~_HEARTS  # no heart led before hearts break, if the leader can
        return allowed if self.lead_hearts_instead_of_queen and safe == _QUEEN else safe or allowed

    def explain_restriction(self, state: TrickState, card: Card) -> IllegalMoveError:
        """Why :meth:`restrict` refused ``card``, in words."""
        if state.trick_number == 1 and not state.trick_cards:
            if self.first_lead == "any_club":
                return IllegalMoveError(
                    "must_lead_a_club", f"{card}: the first trick must be led with a club"
                )
            return IllegalMoveError(
                "must_lead_two_of_clubs",
                f"{card}: the first trick must be led with the two of clubs (2♣)",
            )
        if state.trick_number == 1:
            return IllegalMoveError(
                "no_points_on_first_trick",
                f"{card}: no points on the first trick (no heart, no Q♠) while you hold "
                "another card",
            )
        return IllegalMoveError(
            "hearts_not_broken",
            f"{card}: hearts not broken: a heart may be led only once hearts are broken "
            "or when you hold nothing else",
        )

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        """The points in the trick (:func:`~cardrules.games.hearts.scoring.trick_points`;
        not a ``score_trick`` hook: this one keeps the engine's quick way to decide
        tricks)."""
        return trick_points(cards, jack_of_diamonds=self.jack_of_diamonds)

    def score_deal(self, state: TrickState, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        """Shooting the moon, and the bonus for taking no trick
        (:func:`~cardrules.games.hearts.scoring.deal_scores`)."""
        return deal_scores(
            round_scores, state.taken_masks, moon=self.moon, no_tricks_bonus=self.no_tricks_bonus
        )

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """After one deal (no ``target``) or once someone has reached the target, the
        lowest total wins: tied players share the win, or with ``ties="play_on"``
        another deal is played."""
        if self.target is not None and max(scores) < self.target:
            return ()
        low = min(scores)
        winners = tuple(seat for seat, score in enumerate(scores) if score == low)
        return () if len(winners) > 1 and self.ties == "play_on" else winners

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
