"""The rules of President on the climbing engine
(:class:`~cardrules.climbing.engine.ClimbingGame`): its options, the rank order, the
exchanges between the President and the Scum, the revolution, the places' points and
the game's length in deals.

By default (``docs/rules/president.md`` gives each rule): 4 players (3 to 7) on one
deck of 52, dealt out one card at a time; ranks from 3 low to 2 high; a play is one card
or two, three or four of one rank, and must beat the play on the table with as many
cards of a higher rank, or the player passes (and may play again on a later turn); when
everyone else has passed, the last to play leads anew. The first out is the President,
the last the Scum. From the second deal the Scum gives the President their two best
cards and gets two cards of the President's choice back (the Vice-Scum and the
Vice-President one, from four players); the Scum deals and leads. Places score 3, 2, 1
and 0 with four players; after five deals the best total wins.

>>> import cardrules as cr
>>> game = cr.President()
>>> state = game.new_game(seed=3)
>>> state.hand_sizes, game.num_move_ids
((13, 13, 13, 13), 248)
>>> [str(move) for move in game.legal_moves(state)][:3]
['play 3♣', 'play 4♦', 'play 5♣']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card, Rank
from cardrules.climbing.core import Combination
from cardrules.climbing.engine import ClimbingGame
from cardrules.climbing.moves import PlayCards
from cardrules.climbing.state import ClimbState, ClimbView, Swap
from cardrules.decks import FRENCH_54, Deck
from cardrules.encoding.climbing import ClimbingEncoder, exchange_fields, revolution_field
from cardrules.encoding.fields import GameField
from cardrules.errors import RulesError
from cardrules.games.president.heuristic import president_heuristic
from cardrules.games.president.scoring import deal_scores, place_points, titles
from cardrules.options import flag, integer

__all__ = ["JOKER", "JOKER_STRENGTH", "President", "PresidentState", "PresidentView"]

JOKER = "joker"
"""The kind of a joker's play (:class:`~cardrules.climbing.core.Combination`)."""
JOKER_STRENGTH = 16
"""A joker's strength: above every rank."""
_JOKER_CARD = FRENCH_54.parse("Jk")
_JOKER_BITS = FRENCH_54.copy_masks[_JOKER_CARD]


class PresidentState(ClimbState):
    """A game of President in progress; immutable. The other hands and the generator
    are hidden from :meth:`President.observe`."""

    __slots__ = ()


@attrs.frozen
class PresidentView(ClimbView):
    """What one seat may know of a game of President: its own hand, the other hands'
    sizes, the table, the cards played, the exchanges it took part in, the scores."""


def _to_points(value: Any) -> Any:
    """A sequence of points as a tuple (anything else is left for the check to refuse)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        return value
    return tuple(value)


@attrs.frozen(kw_only=True)
class President(ClimbingGame):
    """President, with its options (each is a row of the rules page's table).

    Args:
        players: 3 to 7.
        two_high: 2 is the highest rank (3 lowest); if not, the ace is highest (2
            lowest).
        exchange: from the second deal, the Scum gives the President their two best
            cards and the President gives back two of their choice (from four players
            the Vice-Scum and the Vice-President one card the same way).
        revolution: four of a kind reverses the rank order until the deal ends (another
            four of a kind turns it back).
        jokers: two jokers join the deck (54 cards); a joker, played alone, beats any
            play and nothing beats it.
        pass_sits_out: a player who passes may not play again until the lead returns.
        deals: the deals a game lasts; the best total wins (a tie is a shared win).
        points: what each finishing place scores, first out first (``players`` ints);
            ``None``: ``players - 1`` for the President, one less for each place after.
    """

    name: ClassVar[str] = "president"
    state_class: ClassVar[type[ClimbState]] = PresidentState
    view_class: ClassVar[type[ClimbView]] = PresidentView

    players: int = attrs.field(default=4, validator=integer(3, 7))
    two_high: bool = attrs.field(default=True, validator=flag)
    exchange: bool = attrs.field(default=True, validator=flag)
    revolution: bool = attrs.field(default=False, validator=flag)
    pass_sits_out: bool = attrs.field(default=False, validator=flag)
    jokers: bool = attrs.field(default=False, validator=flag)
    deals: int = attrs.field(default=5, validator=integer(1, 1000))
    points: tuple[int, ...] | None = attrs.field(default=None, converter=_to_points)

    def __attrs_post_init__(self) -> None:
        points = self.points
        if points is not None and (
            type(points) is not tuple
            or len(points) != self.players
            or any(isinstance(p, bool) or not isinstance(p, int) for p in points)
        ):
            raise RulesError(
                f"President: points must be None or {self.players} ints, one per finishing "
                f"place (first out first), not {points!r}"
            )

    # -- the cards -------------------------------------------------------------------

    def card_deck(self) -> Deck | None:
        """With ``jokers``, the French deck with two jokers."""
        return FRENCH_54 if self.jokers else None

    def card_strength(self, card: Any) -> int:
        """The rank, a 2 above the ace when ``two_high``; a joker above all."""
        if type(card) is not Card:
            return JOKER_STRENGTH
        rank = int(card.rank)
        return 15 if self.two_high and rank == Rank.TWO else rank

    def combination(self, cards: tuple[Any, ...]) -> Combination | None:
        """A set of one rank, or a joker alone."""
        if type(cards[0]) is not Card:
            return Combination(JOKER, 1, JOKER_STRENGTH) if len(cards) == 1 else None
        if any(type(card) is not Card for card in cards):
            return None
        return super().combination(cards)

    def beats(self, new: Combination, old: Combination, state: ClimbState) -> bool:
        """A joker beats any play, and nothing beats it; else as the engine says (as
        many cards of a higher rank, or of a lower one after a revolution)."""
        if old.kind == JOKER or new.kind == JOKER:
            return new.kind == JOKER and old.kind != JOKER
        return super().beats(new, old, state)

    def extra_plays(self, hand: int) -> tuple[tuple[Any, ...], ...]:
        """A joker alone, if the hand holds one."""
        if not self.jokers or not hand & _JOKER_BITS:
            return ()
        return ((_JOKER_CARD,),)

    def extra_moves(self) -> tuple[PlayCards, ...]:
        """With ``jokers``, the play of a joker."""
        return (PlayCards((_JOKER_CARD,)),) if self.jokers else ()

    def plays_allowed(self) -> str:
        """The plays President allows, in words."""
        joker = ", or a joker alone" if self.jokers else ""
        return f"one card or two, three or four cards of one rank{joker}"

    def reverses(self, combination: Combination) -> bool:
        """With ``revolution``, four of a kind."""
        return self.revolution and combination.size == 4

    def beat_rule(self) -> str:
        """What beats a play, in President's words."""
        order = "3 low to 2 high" if self.two_high else "2 low to ace high"
        return f"a play beats the table with as many cards of a higher rank ({order})"

    # -- the encoders ----------------------------------------------------------------

    def encoder(self) -> ClimbingEncoder:
        """The climbing family's encoder (:func:`~cardrules.encoding.encoder_for` asks
        this): its card fields hold 54 cards with ``jokers``."""
        return ClimbingEncoder(self)

    encoded_fields_version: ClassVar[int] = 1
    """The version of President's own encoded fields (:meth:`encoded_fields`)."""

    def encoded_fields(self) -> tuple[GameField, ...]:
        """President's fields of the climbing encoder
        (:mod:`cardrules.encoding.climbing`): with ``revolution``, whether the rank
        order is reversed; with ``exchange``, the cards the seat still has to give, gave
        and received this deal."""
        fields = (revolution_field(),) if self.revolution else ()
        return fields + exchange_fields(self.card_deck()) if self.exchange else fields

    # -- the rule-of-thumb player ------------------------------------------------------

    def heuristic(self, view: ClimbView, moves: Sequence[Any]) -> Any:
        """President's habits, which :class:`~cardrules.bots.HeuristicBot` plays
        (:func:`~cardrules.games.president.heuristic.president_heuristic`)."""
        return president_heuristic(self, view, moves)

    # -- the deals -------------------------------------------------------------------

    def exchanges(self, places: tuple[int, ...]) -> tuple[Swap, ...]:
        """With ``exchange``: the Scum's two best cards to the President, the
        Vice-Scum's best to the Vice-President (from four players), then the
        President's two cards of choice to the Scum and the Vice-President's one to the
        Vice-Scum."""
        if not self.exchange:
            return ()
        president, scum = places[0], places[-1]
        best = [Swap(scum, president, 2, True)]
        chosen = [Swap(president, scum, 2, False)]
        if self.players >= 4:
            vice, vice_scum = places[1], places[-2]
            best.append(Swap(vice_scum, vice, 1, True))
            chosen.append(Swap(vice, vice_scum, 1, False))
        return (*best, *chosen)

    def next_dealer(self, dealer: int, places: tuple[int, ...]) -> int:
        """The Scum deals the next deal."""
        return places[-1]

    def first_leader(
        self, dealer: int, hands: tuple[int, ...], last_places: tuple[int, ...]
    ) -> int:
        """The Scum of the deal before leads; in the first deal, the holder of the
        lowest club (3♣, or 2♣ when the ace is high)."""
        if last_places:
            return last_places[-1]
        lowest = Card(3 if self.two_high else 2, 0)
        return next(seat for seat, hand in enumerate(hands) if hand >> lowest & 1)

    def deal_scores(self, places: tuple[int, ...]) -> tuple[int, ...]:
        """Each place's points (:attr:`points`)."""
        return deal_scores(places, self.place_points())

    def place_points(self) -> tuple[int, ...]:
        """What each finishing place scores, first out first."""
        return self.points if self.points is not None else place_points(self.players)

    def titles(self) -> tuple[str, ...]:
        """The title of each finishing place, first out first (President ... Scum)."""
        return titles(self.players)

    def game_winners(self, scores: tuple[int, ...], deal_number: int) -> tuple[int, ...]:
        """After the last deal, the best total (a tie is a shared win)."""
        if deal_number < self.deals:
            return ()
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    def length_bound(self) -> int:
        """Each deal is at most one play a card (52, or 54 with jokers), each followed
        by at most ``players - 1`` passes, and 3 cards given: ``deals * (cards *
        players + 3)``."""
        return self.deals * (len(self.deck()) * self.players + 3)
