"""Skat's own moves and the deal as the game keeps it: the bidding (:class:`SkatBid`,
:class:`Hold`, and the library's :class:`~cardrules.moves.Pass`), the skat taken or
not (:class:`TakeSkat`, :class:`PlayHand`), the declarer's two discards
(:class:`SkatDiscard`, a secret move), the game declared (:class:`Declare`), and the
deal's payload (:class:`SkatDeal`): what the rules, the parser of typed moves and the
terminal adapter share.

>>> from cardrules.moves import move_from_data, move_to_data
>>> move_to_data(SkatBid(18)), str(Hold()), str(Declare("grand", schneider=True))
({'move': 'skat_bid', 'value': 18}, 'hold', 'declare Grand, schneider announced')
>>> move_from_data({"move": "skat_discard", "card": "JC"})
SkatDiscard(card=Card.parse('J♣'))
>>> str(Declare("hearts")), str(Declare("null", ouvert=True))
('declare ♥', 'declare Null ouvert')
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

import attrs

from cardrules.cards import Card, Suit
from cardrules.errors import MoveTypeError
from cardrules.events import HiddenMove
from cardrules.moves import as_card, move_to_data, register_move
from cardrules.values import Immutable

__all__ = [
    "GAME_KINDS",
    "SUIT_OF_KIND",
    "Declare",
    "GameKind",
    "Hold",
    "PlayHand",
    "SkatBid",
    "SkatDeal",
    "SkatDiscard",
    "TakeSkat",
]

GameKind = Literal["diamonds", "hearts", "spades", "clubs", "grand", "null"]
"""The games a declarer may declare: a suit game (the jacks and that suit trumps),
Grand (the jacks alone) or Null (no trumps, the declarer must take no trick)."""

GAME_KINDS: tuple[GameKind, ...] = ("diamonds", "hearts", "spades", "clubs", "grand", "null")
"""The games, from the lowest base value up (diamonds 9 to Grand 24; Null has fixed values)."""

SUIT_OF_KIND: dict[str, Suit] = {
    "diamonds": Suit.DIAMONDS,
    "hearts": Suit.HEARTS,
    "spades": Suit.SPADES,
    "clubs": Suit.CLUBS,
}
"""The trump suit of each suit game."""

_DISCARD_HIDDEN = HiddenMove("discard a card")


@register_move("skat_bid")
@attrs.frozen
class SkatBid(Immutable):
    """Say ``value`` in the bidding (a game value: 18, 20, 22, 23, 24, 27, ...): the
    declarer promises a game worth at least that much."""

    value: int

    def __str__(self) -> str:
        return f"bid {self.value}"


@register_move("skat_hold")
@attrs.frozen
class Hold(Immutable):
    """Hold the value just bid (say "yes"): the player asked keeps the bid for
    themselves, and the bidder must go higher or pass."""

    def __str__(self) -> str:
        return "hold"


@register_move("skat_take")
@attrs.frozen
class TakeSkat(Immutable):
    """The declarer picks up the skat (then discards two cards)."""

    def __str__(self) -> str:
        return "take the skat"


@register_move("skat_hand")
@attrs.frozen
class PlayHand(Immutable):
    """The declarer leaves the skat face down and plays a hand game (worth one more
    multiplier, and may announce schneider, schwarz or ouvert)."""

    def __str__(self) -> str:
        return "play hand"


@register_move("skat_discard")
@attrs.frozen
class SkatDiscard(Immutable):
    """The declarer, having picked up the skat, lays ``card`` aside face down (twice: a
    secret move, only the declarer sees which cards; they count for the declarer)."""

    card: Card = attrs.field(converter=as_card)

    def __str__(self) -> str:
        return f"discard {self.card}"

    def hidden(self) -> HiddenMove:
        """What the other seats are told of the discard: not the card."""
        return _DISCARD_HIDDEN


_SUIT_SYMBOL = {kind: suit.symbol for kind, suit in SUIT_OF_KIND.items()}


@register_move("skat_declare")
@attrs.frozen
class Declare(Immutable):
    """Declare the game: ``game`` is one of :data:`GAME_KINDS`; a hand game (suit or
    Grand) may announce ``schneider``, ``schwarz`` (schneider with it) or ``ouvert``
    (all three: the declarer's cards laid open); a Null game may be ``ouvert``.

    Raises :class:`~cardrules.MoveTypeError` for an announcement that does not go with
    the others (schwarz without schneider, an open suit game not announced schwarz,
    schneider in a Null game).

    >>> Declare("clubs", schwarz=True)
    Traceback (most recent call last):
        ...
    cardrules.errors.MoveTypeError: Declare: schwarz announced needs schneider=True too
    """

    game: GameKind
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False

    def __attrs_post_init__(self) -> None:
        if self.game == "null":
            if self.schneider or self.schwarz:
                raise MoveTypeError(
                    "Declare: a Null game announces no schneider or schwarz (only ouvert)"
                )
            return
        if self.schwarz and not self.schneider:
            raise MoveTypeError("Declare: schwarz announced needs schneider=True too")
        if self.ouvert and not self.schwarz:
            raise MoveTypeError(
                "Declare: an open suit or Grand game is announced schwarz: "
                "give schneider=True and schwarz=True with ouvert=True"
            )

    @property
    def name(self) -> str:
        """The game's name as players say it: ``"♥"``, ``"Grand"``, ``"Null"``.

        >>> Declare("spades").name, Declare("grand").name
        ('♠', 'Grand')
        """
        return _SUIT_SYMBOL.get(self.game) or self.game.capitalize()

    def __str__(self) -> str:
        text = f"declare {self.name}"
        if self.ouvert:
            return f"{text} ouvert"
        if self.schwarz:
            return f"{text}, schwarz announced"
        if self.schneider:
            return f"{text}, schneider announced"
        return text


class SkatDeal(NamedTuple):
    """The deal so far, Skat's payload: its bidding, its declarer and game, and the
    cards set aside.

    A named tuple: a new one on every move of the bidding costs little.
    """

    #: The highest value bid (and held) so far; 0 before the first bid.
    bid: int = 0
    #: The seat that says values now (middlehand, then rearhand; forehand alone when
    #: both passed without a bid).
    bidder: int = 0
    #: The seat the bidder bids to (it holds or passes); ``None`` when the bidder bids
    #: alone.
    listener: int | None = None
    #: The seats that passed, in the order they passed.
    passed: tuple[int, ...] = ()
    #: The seat that won the bidding (``None`` until then, and in a deal everybody
    #: passed).
    declarer: int | None = None
    #: Whether the declarer plays hand (``None`` until they choose).
    hand: bool | None = None
    #: The game declared (``None`` until declared).
    game: Declare | None = None
    #: The two cards dealt to the skat; empty in the views of the seats that may not see
    #: them (all but a declarer who picked them up). A declarer who takes the skat holds
    #: its cards once both discards are made (until then the hand is the ten dealt, and
    #: the discards are made from the twelve).
    skat: tuple[Card, ...] = ()
    #: The cards the declarer laid aside; empty in the others' views.
    discards: tuple[Card, ...] = ()
    #: In an open game (ouvert), the declarer's cards still held, in every seat's view;
    #: empty otherwise.
    open_hand: tuple[Card, ...] = ()
    #: How many cards the declarer has laid aside (0 to 2), seen by all.
    discarded: int = 0

    def to_data(self) -> dict[str, Any]:
        """The deal so far as data (:mod:`cardrules.data`), cards as text.

        >>> SkatDeal(bid=18, bidder=2, listener=1).to_data()["bid"]
        18
        """
        return {
            "bid": self.bid,
            "bidder": self.bidder,
            "listener": self.listener,
            "passed": list(self.passed),
            "declarer": self.declarer,
            "hand": self.hand,
            "game": None if self.game is None else move_to_data(self.game),
            "skat": [str(card) for card in self.skat],
            "discards": [str(card) for card in self.discards],
            "open_hand": [str(card) for card in self.open_hand],
            "discarded": self.discarded,
        }
