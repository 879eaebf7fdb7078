"""The rules of UNO on the shedding engine
(:class:`~cardrules.shedding.engine.SheddingGame`) and its declared 108-card deck
(:data:`~cardrules.decks.UNO_108`): the options, the engine's policies they set, the
scoring hooks, and :meth:`Uno.rlcard`, the preset that plays RLCard's ``uno`` exactly.

By default the game is played by Mattel's rules (``docs/rules/uno.md`` gives each rule
and marks the library's decisions): 2 to 10 players, 7 cards each; a card must match
the colour, number or symbol of the top card, or be a wild (its player names the
colour; a wild draw four only by a player holding no card of the colour to match);
a player may draw one card instead of playing, and play it at once if it can be
played; skip, reverse (a skip with two players), draw two and wild draw four act on
the next player; "UNO" is said with the next-to-last card (caught: draw two); the
player who goes out scores the cards left in the other hands, and the first to 500
wins. House rules are options (stacking draw twos, draw until playable, seven-zero,
jump-in).

>>> import cardrules as cr
>>> game = cr.Uno(players=3)
>>> state = game.new_game(seed=4)
>>> [len(hand) for hand in state.hands], state.stock_size + len(state.discard)
([7, 7, 7], 87)
>>> cr.Uno.rlcard().options()["scoring"]
'rlcard'
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence
from typing import Any, ClassVar, Literal

import attrs

from cardrules._checks import check_int
from cardrules.decks import UNO_108, Deck
from cardrules.errors import RulesError
from cardrules.events import Event
from cardrules.games.uno.heuristic import uno_heuristic
from cardrules.games.uno.moves import SwapHands
from cardrules.games.uno.scoring import SCORING, Scoring, hand_scores
from cardrules.options import flag, integer, one_of
from cardrules.shedding import CardRule, CardTable
from cardrules.shedding.engine import SheddingGame
from cardrules.shedding.flow import (
    draw_cards,
    finished,
    pass_hands,
    play_from_hand,
    random_below,
    resume_play,
    swap_hands,
    to_phase,
    work_on,
)
from cardrules.shedding.state import ShedState, ShedView

__all__ = [
    "DRAWING",
    "FIRST_DEALER",
    "RESHUFFLE",
    "STACKING",
    "SWAP_PHASE",
    "TURNED_UP",
    "UNO_CALLS",
    "WILD_DRAW_FOUR",
    "Uno",
    "UnoState",
    "UnoView",
]

UnoCalls = Literal["manual", "automatic", "off"]
UNO_CALLS: tuple[UnoCalls, ...] = ("manual", "automatic", "off")
"""The values of ``uno_calls``: who makes a player pay for a missed "UNO"."""
Stacking = Literal["off", "draw_two"]
STACKING: tuple[Stacking, ...] = ("off", "draw_two")
"""The values of ``stacking``: which draw cards may be played on a draw card."""
Drawing = Literal["one", "until_playable", "rlcard"]
DRAWING: tuple[Drawing, ...] = ("one", "until_playable", "rlcard")
"""The values of ``drawing``: when a player draws, how many cards, and what then."""
WildDrawFour = Literal["no_colour", "last_resort"]
WILD_DRAW_FOUR: tuple[WildDrawFour, ...] = ("no_colour", "last_resort")
"""The values of ``wild_draw_four``: when a wild draw four may be played."""
TurnedUp = Literal["official", "rlcard"]
TURNED_UP: tuple[TurnedUp, ...] = ("official", "rlcard")
"""The values of ``turned_up``: what the card turned up to start the pile does."""
FirstDealer = Literal["random", "last_seat"]
FIRST_DEALER: tuple[FirstDealer, ...] = ("random", "last_seat")
"""The values of ``first_dealer``: who deals the first hand."""
Reshuffle = Literal["pile", "all"]
RESHUFFLE: tuple[Reshuffle, ...] = ("pile", "all")
"""The values of ``reshuffle``: what makes a new stock when it runs out."""


_WILD_DRAW_FOUR = 1 << int(UNO_108.parse("W+4"))
"""The wild draw four's bit in a mask of playable cards (one bit a kind)."""
_HELD_OF_COLOUR: tuple[int, ...] = tuple(
    UNO_108.mask_of([card for card in UNO_108.cards if card.suit == colour])
    for colour in range(len(UNO_108.suits))
)
"""Each colour's cards, every copy, as a hand mask."""
_WILDS = frozenset({"wild", "wild_draw_four"})
_IS_WILD: tuple[bool, ...] = tuple(card.kind in _WILDS for card in UNO_108.kind_cards)
_COLOUR_OF: tuple[int | None, ...] = tuple(card.suit for card in UNO_108.kind_cards)
"""Each kind of card's wildness and colour number (``None``: a wild), by card number:
what ``Uno.after_draw`` reads of every card drawn (a card's properties look it up in
its deck)."""
_COLOURS = UNO_108.suit_objects


@functools.cache
def _card_table(stacking: Stacking, seven_zero: bool) -> CardTable:
    """What each kind of card does, and its points (the cards' values, as
    :mod:`~cardrules.games.uno.scoring` counts them); a number card does nothing."""
    rows: dict[str, CardRule] = {
        "skip": CardRule("skip", 20),
        "reverse": CardRule("reverse", 20),
        "draw_two": CardRule("none", 20, draws=2),
        "wild": CardRule("wild", 50),
        "wild_draw_four": CardRule("wild", 50, draws=4),
    }
    if stacking == "draw_two":
        rows["draw_two"] = CardRule("none", 20, count=2, starts_count=True)
    if seven_zero:
        for card in UNO_108.kind_cards:
            if card.kind == "number" and card.rank in (0, 7):
                rows[str(card)] = CardRule("own", card.rank)
    return CardTable.for_deck(UNO_108, rows)


SWAP_PHASE = "swap_hands"
"""The phase (seven-zero) in which the player who played a 7 chooses whom to swap
hands with (:class:`~cardrules.games.uno.moves.SwapHands`)."""


def _rules_from_options(cls: type[Uno], options: dict[str, Any]) -> Uno:
    return cls(**options)


class UnoState(ShedState):
    """A game of UNO in progress; immutable. The other hands, the stock order and the
    generator are hidden from :meth:`Uno.observe`."""

    __slots__ = ()


@attrs.frozen
class UnoView(ShedView):
    """What ``seat`` may know: its own hand, the other hands' sizes, the discard pile,
    the colour to match, the stock's size and the scores."""


@attrs.frozen(kw_only=True)
class Uno(SheddingGame[UnoState, UnoView]):
    """UNO, with its options (each is a row of the rules page's table).

    Args:
        players: 2 to 10.
        target: the game ends after the hand in which someone's total reaches it;
            ``None``: one hand is the game.
        uno_calls: ``"manual"`` (a player left with one card who did not say "UNO"
            may be called out by the others until the next card is played or drawn,
            and draws two), ``"automatic"`` (the two cards are drawn at once, for
            simulations) or ``"off"`` (no "UNO").
        stacking: ``"off"`` (Mattel: a draw two is drawn, never passed on) or
            ``"draw_two"`` (a draw two may be played on a draw two; the next player
            who cannot add one draws them all).
        drawing: ``"one"`` (Mattel: a player may draw one card instead of playing, and
            may play it at once if it can be played, else passes),
            ``"until_playable"`` (a player who cannot play draws until they draw a
            card that can be played, and plays it) or ``"rlcard"`` (RLCard's code: a
            player draws only when nothing can be played; a drawn card of the colour to
            match is played at once, its function too, a drawn wild at once with a
            random colour and no draws).
        wild_draw_four: ``"no_colour"`` (Mattel: only by a player holding no card of
            the colour to match) or ``"last_resort"`` (RLCard's code: only when no other
            card can be played).
        turned_up: ``"official"`` (Mattel: a wild draw four turned up goes back and
            another card is turned up; a wild: the first player names the colour; a draw
            two: the first player draws two and is skipped; a skip: the first player is
            skipped; a reverse: the dealer plays first, to the right) or ``"rlcard"``
            (a wild gets a random colour; a draw two: the first player draws two and
            plays all the same).
        reverse_with_two: ``"skip"`` (Mattel: with two players a reverse acts as a
            skip) or ``"reverse"`` (RLCard's code: it only reverses, the other player
            moves next).
        reshuffle: ``"pile"`` (Mattel: the discard pile but its top card becomes the
            new stock when a player must draw from an empty one) or ``"all"``
            (RLCard's code: when a draw needs more cards than the stock holds, the
            whole pile, its top card too, and the stock are shuffled into a new stock).
        scoring: ``"points"`` (the player out scores the cards left in the others'
            hands) or ``"rlcard"`` (RLCard's returns, see
            :func:`~cardrules.games.uno.scoring.hand_scores`).
        first_dealer: ``"random"`` (a seat picked at random deals the first hand) or
            ``"last_seat"`` (the last seat deals, so seat 0 plays first: RLCard).
        seven_zero: house rule: a player who plays a 7 swaps hands with a player of
            their choice; a 0 passes every hand along in the direction of play.
        jump_in: house rule: a player holding the very card just played (the same
            colour and number or symbol; a wild on a wild) may play it out of turn
            (``JumpIn``), and play goes on from them.

    >>> Uno(players=6).cards_each(1), Uno().card_deck.size
    (7, 108)
    >>> Uno(players=11)
    Traceback (most recent call last):
        ...
    cardrules.errors.RulesError: Uno: players must be an int from 2 to 10, not 11
    """

    name: ClassVar[str] = "uno"
    higher_scores_win: ClassVar[bool] = True
    state_class: ClassVar[type[ShedState]] = UnoState
    view_class: ClassVar[type] = UnoView

    # The engine's policies UNO fixes; those its options decide follow.
    call_word = "UNO"  # (typed in any case: "uno 2")
    one_card_word = "UNO"
    suit_word = "colour"
    face_word = "number or symbol"
    turned_up_acts = frozenset({"skip", "reverse", "draw_two", "wild"})
    turned_up_wild = "shuffled_in"

    players: int = attrs.field(default=4, validator=integer(2, 10))
    target: int | None = attrs.field(default=500, validator=integer(1, or_none=True))
    uno_calls: UnoCalls = attrs.field(default="manual", validator=one_of(*UNO_CALLS))
    stacking: Stacking = attrs.field(default="off", validator=one_of(*STACKING))
    drawing: Drawing = attrs.field(default="one", validator=one_of(*DRAWING))
    wild_draw_four: WildDrawFour = attrs.field(
        default="no_colour", validator=one_of(*WILD_DRAW_FOUR)
    )
    turned_up: TurnedUp = attrs.field(default="official", validator=one_of(*TURNED_UP))
    reverse_with_two: Literal["skip", "reverse"] = attrs.field(
        default="skip", validator=one_of("skip", "reverse")
    )
    reshuffle: Reshuffle = attrs.field(default="pile", validator=one_of(*RESHUFFLE))
    scoring: Scoring = attrs.field(default="points", validator=one_of(*SCORING))
    first_dealer: FirstDealer = attrs.field(default="random", validator=one_of(*FIRST_DEALER))
    seven_zero: bool = attrs.field(default=False, validator=flag)
    jump_in: bool = attrs.field(default=False, validator=flag)

    # Worked out from the options (not options themselves: Game.options leaves them out).
    card_table: CardTable = attrs.field(init=False, eq=False, repr=False)
    one_card_calls: bool = attrs.field(init=False, eq=False, repr=False)
    calls_penalized_at_once: bool = attrs.field(init=False, eq=False, repr=False)
    draw_only_when_stuck: bool = attrs.field(init=False, eq=False, repr=False)
    draw_keeps_turn: bool = attrs.field(init=False, eq=False, repr=False)
    draw_limit: int | None = attrs.field(init=False, eq=False, repr=False)
    pass_by_choice: bool = attrs.field(init=False, eq=False, repr=False)
    pass_when_stuck: bool = attrs.field(init=False, eq=False, repr=False)
    drawn_card_only: bool = attrs.field(init=False, eq=False, repr=False)
    turned_up_names: Literal["dealer", "first", "random"] = attrs.field(
        init=False, eq=False, repr=False
    )
    turned_up_reverse: Literal["next", "dealer"] = attrs.field(init=False, eq=False, repr=False)
    turned_up_draws_skip: bool = attrs.field(init=False, eq=False, repr=False)
    reshuffle_takes_top: bool = attrs.field(init=False, eq=False, repr=False)
    random_first_dealer: bool = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # The option texts as the interned strings the code and the deck use, so that a
        # state pickles to the same bytes before and after a round trip (pickle shares
        # equal strings only when they are one object).
        for field in attrs.fields(type(self)):
            value = getattr(self, field.name) if field.init else None
            if type(value) is str:
                object.__setattr__(self, field.name, sys.intern(value))
        drawing = self.drawing
        derived: dict[str, Any] = {
            "card_table": _card_table(self.stacking, self.seven_zero),
            "one_card_calls": self.uno_calls != "off",
            "calls_penalized_at_once": self.uno_calls == "automatic",
            "draw_only_when_stuck": drawing != "one",
            "draw_keeps_turn": drawing != "rlcard",
            "draw_limit": 1 if drawing == "one" else None,
            "pass_by_choice": drawing == "one",
            "pass_when_stuck": drawing != "rlcard",
            "drawn_card_only": drawing == "one",
            "turned_up_names": "first" if self.turned_up == "official" else "random",
            "turned_up_reverse": "dealer",
            "turned_up_draws_skip": self.turned_up == "official",
            "reshuffle_takes_top": self.reshuffle == "all",
            "random_first_dealer": self.first_dealer == "random",
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its options, from which the rest is worked out again: the card
        # table holds the deck's own objects, so pickling it with texts of the options
        # equal to some of the deck's would not give the same bytes after a round trip.
        return (_rules_from_options, (type(self), self.options()))

    @classmethod
    def rlcard(cls, players: int = 2) -> Uno:
        """RLCard's ``uno`` (rlcard 1.2.0) as its code plays it, for ``players`` (2 by
        default, as its environment): one hand; seat 0 plays first; a player draws only
        when nothing can be played, and a drawn card of the colour to match is played at
        once (its function too), a drawn wild at once with a random colour and without
        a wild draw four's draws; a wild draw four only when nothing else can be played;
        a reverse does not skip with two players; a turned-up wild gets a random colour
        and a turned-up draw two makes seat 0 draw two and still play; a reshuffle takes
        the whole pile, its top card too, with the stock; no "UNO"; the winner scores
        +1 and seat ``(1 - winner) % players`` -1 (RLCard's ``get_payoffs``). The hand
        has no cap on its length (RLCard has none either).

        Raises :class:`~cardrules.RulesError` for a number of players outside 2 to 10.

        >>> game = Uno.rlcard()
        >>> game.players, game.target, game.drawing, game.first_dealer
        (2, None, 'rlcard', 'last_seat')
        """
        players = check_int(players, "Uno.rlcard: players", 2, 10, error=RulesError)
        return cls(
            players=players,
            target=None,
            uno_calls="off",
            stacking="off",
            drawing="rlcard",
            wild_draw_four="last_resort",
            turned_up="rlcard",
            reverse_with_two="reverse",
            reshuffle="all",
            scoring="rlcard",
            first_dealer="last_seat",
        )

    # -- what the engine asks ------------------------------------------------------------

    @property
    def card_deck(self) -> Deck:
        """UNO's 108 cards (:data:`~cardrules.decks.UNO_108`)."""
        return UNO_108

    @property
    def hands_in_game(self) -> int:
        """One hand without a ``target``; with one, hands are dealt until someone
        reaches it, with no bound: ``sys.maxsize``."""
        return 1 if self.target is None else sys.maxsize

    def cards_each(self, hand_number: int) -> int:
        """Seven cards each (Mattel's rules, and RLCard's)."""
        return 7

    def hand_scores(self, hands: tuple[tuple[Any, ...], ...], blocked: bool) -> tuple[int, ...]:
        """What each player scores for the hand (see
        :func:`~cardrules.games.uno.scoring.hand_scores`)."""
        return hand_scores(hands, blocked, scoring=self.scoring)

    def game_over(self, scores: tuple[int, ...], hand_number: int) -> bool:
        """After one hand without a ``target``; else once someone's total has reached
        the target."""
        target = self.target
        return target is None or max(scores) >= target

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """The players with the highest total (all of them if it is shared)."""
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    def penalize_missed_call(self, state: Any, seat: int) -> None:
        """A player caught without saying "UNO" draws two cards (Mattel's rules: no
        turn is lost)."""
        draw_cards(self, state, seat, 2, "missed_call")

    def playable(self, state: Any, held: int, cards: int) -> int:
        """A wild draw four only by a player holding no card of the colour to match
        (``wild_draw_four="no_colour"``), or only when no other card can be played
        (``"last_resort"``)."""
        if not cards & _WILD_DRAW_FOUR:
            return cards
        if self.wild_draw_four == "last_resort":
            others = cards & ~_WILD_DRAW_FOUR
            return others or cards
        if held & _HELD_OF_COLOUR[int(state.suit)]:
            return cards & ~_WILD_DRAW_FOUR
        return cards

    def after_draw(self, state: Any, seat: int, card: Any) -> None:
        """With ``drawing="rlcard"``: a drawn wild is played at once, naming a colour at
        random, without a wild draw four's draws; a drawn card of the colour to match is
        played at once, its function too (RLCard's code)."""
        if self.drawing != "rlcard":
            return
        if _IS_WILD[card]:
            colour = _COLOURS[random_below(state, len(_COLOURS))]
            play_from_hand(self, state, seat, card, suit=colour, acts=False)
        elif _COLOUR_OF[card] == state.suit:
            play_from_hand(self, state, seat, card)

    def card_action(self, state: Any, seat: int, card: Any) -> int | None:
        """Seven-zero: a 0 passes every hand to the next player in the direction of
        play; a 7 puts the game in :data:`SWAP_PHASE`, where its player chooses whom to
        swap hands with."""
        if card.rank == 0:
            pass_hands(self, state)
            return (seat + int(state.direction)) % self.players
        to_phase(state, SWAP_PHASE, to_move=seat, payload=None)
        return None

    def phase_moves(self, state: Any) -> tuple[SwapHands, ...]:
        """After a 7 (seven-zero): a swap with each other seat."""
        mover = state.to_move
        return tuple(SwapHands(seat) for seat in range(self.players) if seat != mover)

    def phase_apply(self, state: Any, move: Any, events: list[Event] | None) -> Any:
        """The two hands change places; the player after the one who played the 7
        moves next."""
        seat = state.to_move
        work = work_on(state, events)
        swap_hands(self, work, seat, move.with_seat)
        resume_play(self, work, (seat + state.direction) % self.players)
        return finished(work)

    def all_moves(self) -> tuple[Any, ...]:
        """The engine's moves, and with ``seven_zero`` a swap with each seat."""
        moves = super().all_moves()
        if self.seven_zero:
            moves += tuple(SwapHands(seat) for seat in range(self.players))
        return moves

    def setup_state(self, seed: int | None, events: Any, **setup: Any) -> Any:
        """The first hand, dealt by the last seat with ``first_dealer="last_seat"``
        unless a ``dealer`` is given (see :meth:`SheddingGame.setup_state
        <cardrules.shedding.engine.SheddingGame.setup_state>`)."""
        if setup.get("dealer") is None and self.first_dealer == "last_seat":
            setup["dealer"] = self.players - 1
        return super().setup_state(seed, events, **setup)

    def heuristic(self, view: UnoView, moves: Sequence[Any]) -> Any:
        """The rule-of-thumb move
        (:func:`~cardrules.games.uno.heuristic.uno_heuristic`)."""
        return uno_heuristic(self, view, moves)

    def read_move(self, text: str, view: UnoView) -> Any:
        """The move ``text`` names (:func:`~cardrules.games.uno.parsing.read_uno_move`:
        ``r5``, ``red 5 uno``, ``wild blue``, ``w+4 g``, ``draw``, ``pass``, ``uno 2``,
        ``swap 2``)."""
        from cardrules.games.uno.parsing import read_uno_move

        return read_uno_move(text, view)
