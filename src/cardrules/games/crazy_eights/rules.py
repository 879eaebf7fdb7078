"""OpenSpiel's Crazy Eights (``crazy_eights``, every one of its parameters) built on
cardrules' shedding engine.

What it shows: a shedding game is a frozen attrs rules class on
:class:`cardrules.shedding.engine.SheddingGame` with a table of :class:`cardrules.CardRule`
rows (what each rank does and scores: rules as data) and the engine's policies, here
worked out from the game's own options. The engine deals, matches cards, carries out
the special cards, draws and reshuffles, keeps the state, tells the events, makes views,
and deals the unseen cards for search bots (``determinize``). The rules, as OpenSpiel
plays them (its code, probed through ``pyspiel``):

* ``players`` 2 to 15 (default 5); one deck, two for more than five players. The dealer
  is picked at random (or given: ``new_game(dealer=...)``); 5 cards each (7 with two
  players) are dealt one at a time from the dealer's left, the dealer last. The next
  card is turned up to start the pile; an 8 goes back into the stock (shuffled in) and
  another is turned up. The dealer's left plays first.
* Play a card matching the top card's suit (or the suit named for an 8) or its rank.
  Eights are wild: ``Play(card, suit=...)`` names the suit to follow (OpenSpiel asks
  for the suit in a second decision; the choices are the same). An 8 that ends the
  game (the last card, or the ``max_turns``-th card played) names none: ``Play(card)``,
  one move, as OpenSpiel offers it, asking no suit.
* A player may draw instead of playing, by choice, and keeps the turn: up to
  ``max_draw_cards`` cards a turn (default 5). A player who cannot draw (the limit is
  reached or the stock is empty) may pass with ``Pass()``, even holding a playable card.
* ``reshuffle`` (default off): the moment the stock is empty, the discard pile but its
  top card becomes the new stock. Without it an empty stock stays empty.
* ``use_special_cards`` (default off): a queen skips the next player, an ace reverses
  the direction, a 2 makes the next player draw two unless they add a 2 of their own
  (the draws add up; drawing them ends the turn; a 2 played when the stock is empty is
  a plain card). A turned-up queen, ace or 2 acts as the dealer's play.
* The game (one hand) ends when a player goes out, after ``max_turns`` cards have been
  played in all (default 100; draws, passes and named suits do not count), or after
  ``players`` + 1 passes in a row with the stock empty (drawing the last card of the
  stock for a 2 counts as such a pass too).
* Each player scores minus the points of the cards left in hand (OpenSpiel's returns):
  50 per 8, 10 per J, Q, K and A, and for a 2 to a 10 its OpenSpiel action id + 2
  (rank index x 4 + suit index + 2, suits ordered clubs, diamonds, hearts, spades: the
  2 of clubs scores 2, the 10 of spades 37). That is what OpenSpiel's code does; its
  documentation says face value (and an ace 1): ``face_values=True`` scores that way.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from cardrules.cards import ALL_CARDS, Card, Rank
from cardrules.deck import DeckSpec
from cardrules.errors import RulesError
from cardrules.shedding import Action, CardRule, CardTable
from cardrules.shedding.engine import SheddingGame
from cardrules.shedding.state import ShedState, ShedView

SPECIAL = {Rank.QUEEN: Action.SKIP, Rank.ACE: Action.REVERSE}


def card_points(card: Card, face_values: bool = False) -> int:
    """What ``card`` costs left in hand: OpenSpiel's code, or face values."""
    if card.rank == Rank.EIGHT:
        return 50
    if card.rank >= Rank.JACK:
        return 1 if face_values and card.rank == Rank.ACE else 10
    # OpenSpiel's action id of a card is rank index x 4 + suit (clubs 0 ... spades 3).
    return int(card.rank) if face_values else (card.rank - 2) * 4 + int(card.suit) + 2


def card_table(special: bool) -> CardTable:
    """What each rank does (its points are scored by :func:`card_points`)."""
    rows = {
        rank: CardRule(SPECIAL[rank] if special and rank in SPECIAL else Action.NONE, 0)
        for rank in Rank
    }
    rows[Rank.EIGHT] = CardRule(Action.WILD, 50)
    if special:
        rows[Rank.TWO] = CardRule(Action.NONE, 0, count=2, starts_count=True)
    return CardTable(rows)


TABLES = {special: card_table(special) for special in (False, True)}
POINTS = {face: tuple(card_points(card, face) for card in ALL_CARDS) for face in (False, True)}


class CrazyEightsState(ShedState):
    """A game (one hand) in progress; immutable. The stock order and the generator are
    hidden from :meth:`CrazyEights.observe`."""

    __slots__ = ()


@attrs.frozen
class CrazyEightsView(ShedView):
    """What ``seat`` may know: its own hand, the other hands' sizes, the discard pile."""


def _check(low: int, high: int | None = None) -> Any:
    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value < low
            or (high and value > high)
        ):
            allowed = f"{low} to {high}" if high else f"{low} or more"
            raise RulesError(f"{attribute.name} must be an int from {allowed}, not {value!r}")

    return check


def _check_bool(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise RulesError(f"{attribute.name} must be True or False, not {value!r}")


@attrs.frozen(kw_only=True)
class CrazyEights(SheddingGame[CrazyEightsState, CrazyEightsView]):
    """OpenSpiel's Crazy Eights under its parameters (see the module documentation)."""

    name: ClassVar[str] = "crazy_eights"
    higher_scores_win: ClassVar[bool] = True  # scores are minus the points left in hand
    state_class: ClassVar[type[ShedState]] = CrazyEightsState
    view_class: ClassVar[type] = CrazyEightsView
    players: int = attrs.field(default=5, validator=_check(2, 15))
    max_draw_cards: int = attrs.field(default=5, validator=_check(1))
    max_turns: int = attrs.field(default=100, validator=_check(1))
    use_special_cards: bool = attrs.field(default=False, validator=_check_bool)
    reshuffle: bool = attrs.field(default=False, validator=_check_bool)
    face_values: bool = attrs.field(default=False, validator=_check_bool)
    # The engine's policies: fixed ones, then those the options above decide.
    draw_only_when_stuck = False
    draw_keeps_turn = True
    pass_by_choice = True
    count_needs_stock = True
    count_after_going_out = False
    names_suit_at_end = False
    last_penalty_card_is_pass = True
    random_first_dealer = True
    turned_up_wild = "shuffled_in"
    card_table: CardTable = attrs.field(init=False, eq=False, repr=False)
    turned_up_acts: bool | frozenset[int] = attrs.field(init=False, eq=False, repr=False)
    draw_limit: int | None = attrs.field(init=False, eq=False, repr=False)
    max_plays: int | None = attrs.field(init=False, eq=False, repr=False)
    blocked_after: int | None = attrs.field(init=False, eq=False, repr=False)
    reshuffle_when: Any = attrs.field(init=False, eq=False, repr=False)
    _deck: DeckSpec = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        special = self.use_special_cards
        derived = {
            "card_table": TABLES[special],
            "turned_up_acts": frozenset({Rank.QUEEN, Rank.ACE, Rank.TWO} if special else ()),
            "draw_limit": self.max_draw_cards,
            "max_plays": self.max_turns,
            "blocked_after": self.players + 1,
            "reshuffle_when": "stock_empty" if self.reshuffle else "never",
            "_deck": DeckSpec(decks=2 if self.players > 5 else 1),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    @property
    def deck(self) -> DeckSpec:
        """One deck, two for more than five players."""
        return self._deck

    def cards_each(self, hand_number: int) -> int:
        """5 cards each, 7 with two players."""
        return 7 if self.players == 2 else 5

    def hand_scores(self, hands: tuple[tuple[Card, ...], ...], blocked: bool) -> tuple[int, ...]:
        """Minus the points of the cards each player holds."""
        points = POINTS[self.face_values]
        return tuple([-sum(map(points.__getitem__, hand)) for hand in hands])

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """The players with the fewest points left (those out, if any)."""
        best = max(scores)
        return tuple([seat for seat, score in enumerate(scores) if score == best])
