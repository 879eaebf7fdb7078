"""The rules of Crazy Eights on the shedding engine
(:class:`~cardrules.shedding.engine.SheddingGame`): its options, the engine's policies
they set, the deal, the scoring hooks, and :meth:`CrazyEights.openspiel`, the preset
that plays OpenSpiel's ``crazy_eights`` exactly.

By default the game is played as people play it (``docs/rules/crazy_eights.md`` gives
each rule with its source): 2 to 7 players on one deck, 8 to 15 on two; 7 cards each
for two players, 5 for more; the next card turned up to start the pile (an eight is
shuffled back into the stock and another turned up); a card must match the top card's
suit or rank, and eights are wild, naming the suit to follow; a player may draw instead
of playing, as many cards as they like, and must draw until they can play; when the
stock runs out the discard pile but its top card is shuffled into a new one, and a
player who can neither play nor draw passes. The player who goes out collects the
points left in the others' hands (each eight 50, kings, queens, jacks and tens 10, aces
1, the other cards their pip value), and the first to 100 points wins.

>>> import cardrules as cr
>>> game = cr.CrazyEights(players=3)
>>> state = game.new_game(seed=4)
>>> [len(hand) for hand in state.hands], state.stock_size
([5, 5, 5], 36)
>>> cr.CrazyEights.openspiel(players=3).options()["scoring"]
'penalty'
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Literal

import attrs

from cardrules._checks import check_int
from cardrules.cards import Card, Rank
from cardrules.deck import DeckSpec
from cardrules.errors import RulesError
from cardrules.games._openspiel import openspiel_parameters
from cardrules.games.crazy_eights.heuristic import crazy_eights_heuristic
from cardrules.games.crazy_eights.scoring import (
    CARD_POINTS,
    SCORING,
    CardPoints,
    Scoring,
    hand_scores,
)
from cardrules.options import flag, integer, one_of
from cardrules.shedding import Action, CardRule, CardTable
from cardrules.shedding.engine import SheddingGame
from cardrules.shedding.state import ShedState, ShedView

__all__ = ["TURNED_UP_EIGHT", "CrazyEights", "CrazyEightsState", "CrazyEightsView"]

TurnedUpEight = Literal["shuffled_in", "under_stock", "dealer_names"]
TURNED_UP_EIGHT: tuple[TurnedUpEight, ...] = ("shuffled_in", "under_stock", "dealer_names")
"""What happens to an eight turned up to start the pile: the values of
``turned_up_eight``."""

_SPECIAL = {Rank.QUEEN: Action.SKIP, Rank.ACE: Action.REVERSE}


def _card_table(special_cards: bool) -> CardTable:
    """What each rank does: eights are wild; with ``special_cards`` a queen skips, an
    ace reverses and a 2 makes the next player draw two (the twos add up). The points
    are scored by :mod:`~cardrules.games.crazy_eights.scoring`, not by this table."""
    rows = {
        rank: CardRule(_SPECIAL[rank] if special_cards and rank in _SPECIAL else Action.NONE, 0)
        for rank in Rank
    }
    rows[Rank.EIGHT] = CardRule(Action.WILD, 50)
    if special_cards:
        rows[Rank.TWO] = CardRule(Action.NONE, 0, count=2, starts_count=True)
    return CardTable(rows)


_TABLES = {special: _card_table(special) for special in (False, True)}
_SPECIAL_RANKS = frozenset({Rank.QUEEN, Rank.ACE, Rank.TWO})


class CrazyEightsState(ShedState):
    """A game in progress; immutable. The other hands, the stock order and the
    generator are hidden from :meth:`CrazyEights.observe`."""

    __slots__ = ()


@attrs.frozen
class CrazyEightsView(ShedView):
    """What ``seat`` may know: its own hand, the other hands' sizes, the discard pile,
    the stock's size and the scores."""


@attrs.frozen(kw_only=True)
class CrazyEights(SheddingGame[CrazyEightsState, CrazyEightsView]):
    """Crazy Eights, with its options (each is a row of the rules page's table).

    Args:
        players: 2 to 15.
        decks: standard decks in use; ``None``: one for 2 to 7 players, two for 8 or
            more.
        hand_size: cards dealt to each player; ``None``: 7 for two players, 5 for more.
        draw_limit: cards a player may draw in one turn; ``None``: no limit, draw until
            you can play (1: draw one, then play or pass).
        draw_by_choice: a player may draw (and, when nothing can be drawn, pass) even
            holding a card they could play; if not, only a player who cannot play draws
            or passes.
        reshuffle: when the stock runs out, the discard pile but its top card is
            shuffled into a new stock; if not, an empty stock stays empty.
        turned_up_eight: an eight turned up to start the pile is ``"shuffled_in"`` to
            the stock (and another card turned up), put ``"under_stock"``, or stays, and
            the dealer names the suit to follow (``"dealer_names"``).
        special_cards: OpenSpiel's special cards: a queen skips the next player, an ace
            reverses the direction, a 2 makes the next player draw two unless they add
            a 2 of their own.
        card_points: ``"face"`` (an ace 1, 2 to 10 their pip value) or ``"openspiel"``
            (an ace 10, 2 to 10 their OpenSpiel action id + 2); eights 50 and kings,
            queens and jacks 10 either way.
        scoring: ``"winner_collects"`` (the player out scores the others' cards) or
            ``"penalty"`` (each player scores minus their own cards).
        target: the game ends after the hand in which someone's total reaches it (or,
            under ``"penalty"``, falls to minus it); ``None``: one hand is the game.
        max_plays: a cap on the cards played in a hand (the hand then ends as a blocked
            one); ``None``: no cap.
        blocked_after: turns in a row with nothing played or drawn that block a hand;
            ``None``: one round of them (one per player).
        last_penalty_card_is_pass: drawing the twos down to the stock's last card counts
            as such a turn (OpenSpiel's code).

    >>> CrazyEights(players=8).deck.decks, CrazyEights(players=2).cards_each(1)
    (2, 7)
    >>> CrazyEights(players=11, decks=1)
    Traceback (most recent call last):
        ...
    cardrules.errors.RulesError: CrazyEights: 11 players with 5 cards each ... need 56 cards, ...
    """

    name: ClassVar[str] = "crazy_eights"
    higher_scores_win: ClassVar[bool] = True
    state_class: ClassVar[type[ShedState]] = CrazyEightsState
    view_class: ClassVar[type] = CrazyEightsView
    OPENSPIEL_PARAMETERS: ClassVar[Mapping[str, Any]] = MappingProxyType(
        {
            "players": 5,
            "max_draw_cards": 5,
            "max_turns": 100,
            "use_special_cards": False,
            "reshuffle": False,
        }
    )
    """OpenSpiel's parameters of ``crazy_eights`` with its defaults (see
    :meth:`openspiel`)."""

    # The engine's policies Crazy Eights fixes; those its options decide follow.
    draw_keeps_turn = True
    pass_when_stuck = True
    count_needs_stock = True
    count_after_going_out = False
    names_suit_at_end = False
    random_first_dealer = True

    players: int = attrs.field(default=4, validator=integer(2, 15))
    decks: int | None = attrs.field(default=None, validator=integer(1, 2, or_none=True))
    hand_size: int | None = attrs.field(default=None, validator=integer(1, or_none=True))
    draw_limit: int | None = attrs.field(default=None, validator=integer(1, or_none=True))
    draw_by_choice: bool = attrs.field(default=True, validator=flag)
    reshuffle: bool = attrs.field(default=True, validator=flag)
    turned_up_eight: TurnedUpEight = attrs.field(
        default="shuffled_in", validator=one_of(*TURNED_UP_EIGHT)
    )
    special_cards: bool = attrs.field(default=False, validator=flag)
    card_points: CardPoints = attrs.field(default="face", validator=one_of(*CARD_POINTS))
    scoring: Scoring = attrs.field(default="winner_collects", validator=one_of(*SCORING))
    target: int | None = attrs.field(default=100, validator=integer(1, or_none=True))
    max_plays: int | None = attrs.field(default=None, validator=integer(1, or_none=True))
    blocked_after: int | None = attrs.field(default=None, validator=integer(1, or_none=True))
    last_penalty_card_is_pass: bool = attrs.field(default=False, validator=flag)

    # Worked out from the options (not options themselves: Game.options leaves them out).
    card_table: CardTable = attrs.field(init=False, eq=False, repr=False)
    turned_up_acts: bool | frozenset[int] = attrs.field(init=False, eq=False, repr=False)
    turned_up_wild: Any = attrs.field(init=False, eq=False, repr=False)
    draw_only_when_stuck: bool = attrs.field(init=False, eq=False, repr=False)
    pass_by_choice: bool = attrs.field(init=False, eq=False, repr=False)
    reshuffle_when: Any = attrs.field(init=False, eq=False, repr=False)
    _deck: DeckSpec = attrs.field(init=False, eq=False, repr=False)
    _cards_each: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        players = self.players
        decks = self.decks if self.decks is not None else (1 if players <= 7 else 2)
        each = self.hand_size if self.hand_size is not None else (7 if players == 2 else 5)
        deck = DeckSpec(decks=decks)
        needed = players * each + 1  # the hands and the card turned up
        if needed > deck.size:
            held = "one deck holds" if decks == 1 else f"{decks} decks hold"
            remedy = "deal fewer cards (hand_size)" + (
                " or use two decks (decks=2)" if decks == 1 else ""
            )
            raise RulesError(
                f"CrazyEights: {players} players with {each} cards each and a card turned "
                f"up need {needed} cards, but {held} {deck.size}: {remedy}"
            )
        acts = set(_SPECIAL_RANKS) if self.special_cards else set()
        if self.turned_up_eight == "dealer_names":
            acts.add(Rank.EIGHT)
        derived = {
            "card_table": _TABLES[self.special_cards],
            "turned_up_acts": frozenset(acts),
            "turned_up_wild": "under_stock"
            if self.turned_up_eight == "under_stock"
            else "shuffled_in",
            "draw_only_when_stuck": not self.draw_by_choice,
            "pass_by_choice": self.draw_by_choice,
            "reshuffle_when": "stock_empty" if self.reshuffle else "never",
            "_deck": deck,
            "_cards_each": each,
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    @classmethod
    def openspiel(cls, **params: Any) -> CrazyEights:
        """OpenSpiel's ``crazy_eights`` under its parameters (``players``,
        ``max_draw_cards``, ``max_turns``, ``use_special_cards``, ``reshuffle``, with
        OpenSpiel's defaults), as its code plays it: one hand; two decks for more than
        five players; a player may draw up to ``max_draw_cards`` cards a turn by choice
        and then pass; the stock reshuffled at once when it runs out (or never); the
        hand ends after ``max_turns`` cards played or ``players`` + 1 idle turns in a
        row; each player scores minus OpenSpiel's points of their own cards. (Its move
        ids are the shedding engine's, as for every Crazy Eights rules object: an
        eight is one move per suit named, where OpenSpiel asks the suit in a decision
        of its own.)

        Raises :class:`~cardrules.RulesError` for a parameter OpenSpiel's game does not
        have or a value it does not take.

        >>> game = CrazyEights.openspiel(players=3, use_special_cards=True)
        >>> game.players, game.target, game.draw_limit, game.max_plays, game.blocked_after
        (3, None, 5, 100, 4)
        >>> CrazyEights.openspiel(max_draw_cards=0)
        Traceback (most recent call last):
            ...
        cardrules.errors.RulesError: OpenSpiel's crazy_eights parameter max_draw_cards must be ...
        """
        values = openspiel_parameters("crazy_eights", params, cls.OPENSPIEL_PARAMETERS)
        prefix = "OpenSpiel's crazy_eights parameter "
        players = check_int(values["players"], prefix + "players", 2, 15, error=RulesError)
        for name in ("max_draw_cards", "max_turns"):
            check_int(values[name], prefix + name, 1, error=RulesError)
        return cls(
            players=players,
            decks=2 if players > 5 else 1,
            hand_size=None,
            draw_limit=values["max_draw_cards"],
            draw_by_choice=True,
            reshuffle=values["reshuffle"],
            turned_up_eight="shuffled_in",
            special_cards=values["use_special_cards"],
            card_points="openspiel",
            scoring="penalty",
            target=None,
            max_plays=values["max_turns"],
            blocked_after=players + 1,
            last_penalty_card_is_pass=True,
        )

    # -- what the engine asks ------------------------------------------------------------

    @property
    def deck(self) -> DeckSpec:
        """One deck for 2 to 7 players, two for 8 or more (or the ``decks`` given)."""
        return self._deck

    @property
    def hands_in_game(self) -> int:
        """One hand without a ``target``; with one, hands are dealt until someone reaches
        it, with no bound (a blocked hand may score nothing): ``sys.maxsize``."""
        return 1 if self.target is None else sys.maxsize

    def cards_each(self, hand_number: int) -> int:
        """``hand_size``: by default 7 each for two players, 5 for more."""
        return self._cards_each

    def hand_scores(self, hands: tuple[tuple[Card, ...], ...], blocked: bool) -> tuple[int, ...]:
        """What each player scores for the hand (see
        :func:`~cardrules.games.crazy_eights.scoring.hand_scores`)."""
        return hand_scores(hands, blocked, card_values=self.card_points, scoring=self.scoring)

    def game_over(self, scores: tuple[int, ...], hand_number: int) -> bool:
        """After one hand without a ``target``; else once someone's total has reached
        the target (under ``"penalty"`` scoring, fallen to minus the target)."""
        target = self.target
        if target is None:
            return True
        if self.scoring == "penalty":
            return min(scores) <= -target
        return max(scores) >= target

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """The players with the highest total (all of them if it is shared)."""
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    def heuristic(self, view: CrazyEightsView, moves: Sequence[Any]) -> Any:
        """The rule-of-thumb move
        (:func:`~cardrules.games.crazy_eights.heuristic.crazy_eights_heuristic`)."""
        return crazy_eights_heuristic(self, view, moves)
