"""How a deal of Skat counts: the cards' points (:data:`CARD_POINTS`), the values a
player may bid (:data:`BID_VALUES`), the matadors (:func:`matadors`), what a game is
worth and whether the declarer won it (:func:`game_result`), and each seat's score
(:func:`seat_scores`).

>>> from cardrules.cards import mask_of, parse_cards
>>> from cardrules.games.skat.moves import Declare
>>> held = mask_of(parse_cards("JC JS AH 10H KH 7S 8S 9D 10D QC AC KC"))
>>> matadors(held, "hearts")                 # with 2 (the two black jacks)
2
>>> result = game_result(Declare("hearts"), bid=18, hand=False, held=held,
...                      points=75, declarer_tricks=6, tricks=10)
>>> result.won, result.value, result.multiplier   # with 2, game 3: 3 x 10
(True, 30, 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from cardrules.cards import ALL_CARDS, CARD_BIT, Card, Rank, parse_cards
from cardrules.games.skat.moves import SUIT_OF_KIND, Declare

__all__ = [
    "BASE_VALUES",
    "BID_VALUES",
    "CARD_POINTS",
    "DECK",
    "NULL_VALUES",
    "GameResult",
    "card_points",
    "game_result",
    "matadors",
    "seat_scores",
]

DECK: tuple[Card, ...] = tuple(card for card in ALL_CARDS if card.rank >= Rank.SEVEN)
"""The 32 cards, seven to ace of each suit."""

_POINTS_BY_RANK = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
CARD_POINTS: tuple[int, ...] = tuple(_POINTS_BY_RANK.get(card.rank, 0) for card in ALL_CARDS)
"""The points of each card, by card index: ace 11, ten 10, king 4, queen 3, jack 2, the
others nothing (120 in the deck)."""

BASE_VALUES: dict[str, int] = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12, "grand": 24}
"""The base value of each suit game and of Grand."""

NULL_VALUES: dict[tuple[bool, bool], int] = {
    (False, False): 23,
    (True, False): 35,
    (False, True): 46,
    (True, True): 59,
}
"""A Null game's value by (hand, ouvert): Null 23, Null hand 35, Null ouvert 46, Null
ouvert hand 59."""

_JACKS = parse_cards("JC JS JH JD")
_SUIT_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
_TRUMP_LADDERS: dict[str, tuple[Card, ...]] = {
    kind: (*_JACKS, *(Card(rank, suit) for rank in _SUIT_ORDER))
    for kind, suit in SUIT_OF_KIND.items()
}
_TRUMP_LADDERS["grand"] = _JACKS

_MOST_MATADORS = {"grand": 4, **{kind: 11 for kind in SUIT_OF_KIND}}
# game, hand, schneider, announced, schwarz, announced, ouvert
_MOST_EXTRAS = 7


def _game_values() -> tuple[int, ...]:
    values = set(NULL_VALUES.values())
    for kind, base in BASE_VALUES.items():
        for multiplier in range(2, _MOST_MATADORS[kind] + _MOST_EXTRAS + 1):
            values.add(base * multiplier)
    return tuple(sorted(values))


BID_VALUES: tuple[int, ...] = _game_values()
"""The values a player may bid: every value a game can have, from 18 (diamonds with
or without one, game 2) to 264 (Grand with 4 and every extra).

>>> BID_VALUES[:8], BID_VALUES[-1]
((18, 20, 22, 23, 24, 27, 30, 33), 264)
"""


def card_points(cards: Iterable[Card]) -> int:
    """The points of ``cards``.

    >>> card_points(parse_cards("AS 10S KS 7S"))
    25
    """
    return sum(CARD_POINTS[card] for card in cards)


def matadors(held: int, game: str) -> int:
    """The matadors of a declarer whose cards (a mask: the ten dealt and the skat) are
    ``held`` in the suit game or Grand ``game``: "with" as many trumps from the top as
    held in a row, or "without" as many as missing in a row above the highest held.

    >>> from cardrules.cards import mask_of
    >>> matadors(mask_of(parse_cards("JS JH AD")), "grand")     # without 1 (J♣)
    1
    >>> matadors(mask_of(parse_cards("JC JS JH JD")), "grand")  # with 4
    4
    """
    ladder = _TRUMP_LADDERS[game]
    with_top = bool(held & CARD_BIT[ladder[0]])
    count = 0
    for card in ladder:
        if bool(held & CARD_BIT[card]) is not with_top:
            break
        count += 1
    return count


class GameResult(NamedTuple):
    """What a deal's game came to: ``won`` or lost, the game ``value`` it scores (for
    an overbid game, the smallest multiple of its base that reaches the bid), its
    ``multiplier`` (0 for Null), and whether the bid was ``overbid``."""

    won: bool
    value: int
    multiplier: int
    overbid: bool


def game_result(
    game: Declare,
    *,
    bid: int,
    hand: bool,
    held: int,
    points: int,
    declarer_tricks: int,
    tricks: int,
) -> GameResult:
    """The result of ``game`` declared after bidding ``bid``: ``held`` the declarer's
    cards for the matadors (the ten dealt and the skat), ``points`` the card points
    the declarer took (with the skat or the cards discarded), ``declarer_tricks`` the
    tricks the declarer took of the ``tricks`` played.

    A suit game or Grand is won with 61 points or more (90 with schneider announced,
    every trick with schwarz announced or ouvert); its multiplier is the matadors plus
    one for the game, one each for hand, schneider (a side with 30 points or fewer, or
    announced), schneider announced, schwarz (a side without a trick, or announced),
    schwarz announced and ouvert. A Null game is won when the declarer takes no
    trick. A game whose value falls short of the bid is lost (overbid), with the
    smallest multiple of its base (a Null game: of its value) that reaches the bid.

    >>> game_result(Declare("grand"), bid=48, hand=True, held=0, points=60,
    ...             declarer_tricks=4, tricks=10)   # without 4, game 5, hand 6: 144, lost
    GameResult(won=False, value=144, multiplier=6, overbid=False)
    >>> game_result(Declare("null"), bid=24, hand=False, held=0, points=0,
    ...             declarer_tricks=0, tricks=10)   # Null is 23 < 24: lost with 46
    GameResult(won=False, value=46, multiplier=0, overbid=True)
    """
    if game.game == "null":
        base = NULL_VALUES[hand, game.ouvert]
        won = declarer_tricks == 0
        return _overbid(won, base, 1, 0, bid)
    base = BASE_VALUES[game.game]
    # An announcement counts its level whether the declarer reaches it or not.
    schneider = points >= 90 or points <= 30 or game.schneider
    schwarz = declarer_tricks in (0, tricks) or game.schwarz
    if game.schwarz:
        won = declarer_tricks == tricks
    elif game.schneider:
        won = points >= 90
    else:
        won = points >= 61
    multiplier = (
        matadors(held, game.game)
        + 1
        + hand
        + schneider
        + game.schneider
        + schwarz
        + game.schwarz
        + game.ouvert
    )
    return _overbid(won, base, multiplier, multiplier, bid)


def _overbid(won: bool, base: int, multiplier: int, shown: int, bid: int) -> GameResult:
    value = base * multiplier
    if value >= bid:
        return GameResult(won, value, shown, False)
    reached = -(-bid // base) * base
    return GameResult(False, reached, shown, True)


def seat_scores(
    result: GameResult, declarer: int, *, scoring: str, lost_double: bool
) -> tuple[int, int, int]:
    """Each seat's score for the deal: the declarer scores the game's value if won, its
    negative (doubled with ``lost_double``) if lost; with ``scoring="seeger_fabian"``
    the declarer also scores 50 for a game won and loses 50 for one lost, and each
    opponent scores 40 when the declarer loses.

    >>> result = GameResult(won=False, value=30, multiplier=3, overbid=False)
    >>> seat_scores(result, 1, scoring="plain", lost_double=True)
    (0, -60, 0)
    >>> seat_scores(result, 1, scoring="seeger_fabian", lost_double=True)
    (40, -110, 40)
    """
    fabian = scoring == "seeger_fabian"
    if result.won:
        own, others = result.value + 50 * fabian, 0
    else:
        own = -result.value * (2 if lost_double else 1) - 50 * fabian
        others = 40 * fabian
    scores = [others, others, others]
    scores[declarer] = own
    return (scores[0], scores[1], scores[2])
