"""Moves of a climbing game from text (:meth:`ClimbingGame.read_move
<cardrules.climbing.engine.ClimbingGame.read_move>`): what President reads.

The cards of a play (``7h 7s``, ``play 7h 7s``, in any order), a set named by its size
and rank (``three 9s``, ``pair of kings``, ``a single 4``), ``p``/``pass``, and in an
exchange before the play a card to give (``give ks`` or ``ks``).

>>> import cardrules as cr
>>> game = cr.President(players=3)
>>> state = game.position(["9C 9H 9S 4D", "5D", "KC"], to_move=0, table="8C 8D", table_seat=2)
>>> view = game.observe(state, 0)
>>> game.parse_move("9s 9c", view), game.parse_move("p", view)
(PlayCards(cards=(Card.parse('9♣'), Card.parse('9♠'))), Pass())
>>> game.parse_move("two 9s", view)  # doctest: +ELLIPSIS
Traceback (most recent call last):
cardrules.errors.MoveParseError: two 9s: you hold 9♣ 9♥ 9♠; name the cards ... e.g. 9c 9h
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from cardrules._movetext import card_named, held_card, read_card
from cardrules._text import shown
from cardrules.cards import Card, Rank, format_cards
from cardrules.climbing.moves import GiveCard, PlayCards
from cardrules.errors import IllegalMoveError, MoveParseError, MoveTypeError
from cardrules.moves import Pass

__all__ = ["read_climbing_move", "read_set"]

_PASS_WORDS = frozenset({"p", "pass"})
_PLAY_WORDS = frozenset({"play", "plays"})
_GIVE_WORDS = frozenset({"give", "gives"})
_FILLERS = frozenset({"of", "a", "an"})
_COUNTS = {
    "single": 1,
    "one": 1,
    "pair": 2,
    "two": 2,
    "double": 2,
    "three": 3,
    "triple": 3,
    "trips": 3,
    "four": 4,
    "quad": 4,
    "quads": 4,
}
"""The words that give a set's size (``a`` alone is one card: ``a single 4``, ``a
pair``)."""
_RANK_NAMES = {
    "two": Rank.TWO,
    "deuce": Rank.TWO,
    "three": Rank.THREE,
    "trey": Rank.THREE,
    "four": Rank.FOUR,
    "five": Rank.FIVE,
    "six": Rank.SIX,
    "seven": Rank.SEVEN,
    "eight": Rank.EIGHT,
    "nine": Rank.NINE,
    "ten": Rank.TEN,
    "jack": Rank.JACK,
    "queen": Rank.QUEEN,
    "king": Rank.KING,
    "ace": Rank.ACE,
}
_HINT = "type the cards to play (7h 7s), a set by its size and rank (three 9s) or pass"


def read_climbing_move(text: str, view: Any) -> Any:
    """The move ``text`` names for the seat of ``view`` (a climbing game's view), legal
    or not: a :class:`~cardrules.climbing.moves.GiveCard` while the seat gives cards
    before the play, else a :class:`~cardrules.climbing.moves.PlayCards` or a
    :class:`~cardrules.moves.Pass`. Raises :class:`~cardrules.MoveParseError` for text
    that names no move (saying what is typed) and :class:`~cardrules.IllegalMoveError`
    for a card the seat does not hold (naming its own hand only)."""
    words = text.replace(",", " ").lower().split()
    if not words:
        raise MoveParseError(f"no move typed: {_HINT}")
    if len(words) == 1 and words[0] in _PASS_WORDS:
        return Pass()
    if view.phase == "exchange" or words[0] in _GIVE_WORDS:
        return _read_give(words, text, view)
    if words[0] in _PLAY_WORDS:
        words = words[1:]
    if not words:
        raise MoveParseError(f"{shown(text.strip())}: play what? {_HINT}")
    if words[0] in _COUNTS or words[0] in _FILLERS:
        return read_set(words, text, view.hand, view.legal_moves)
    try:
        play = PlayCards([read_card(word, _HINT) for word in words])
    except MoveTypeError as error:
        raise MoveParseError(f"{shown(text.strip())}: {error}") from None
    for card in play.cards:
        held_card(card, view.hand)
    return play


def read_set(
    words: Sequence[str], text: str, hand: Sequence[Card], legal: Sequence[Any] = ()
) -> PlayCards:
    """The play of a set named by its size and rank (``three 9s``, ``pair of kings``,
    ``a 4``) from ``hand``: the seat's cards of that rank if it holds just as many, else
    the one such play among ``legal`` if there is one. Raises
    :class:`~cardrules.MoveParseError` when the words name no set or the set is not
    clear (the cards to name are then listed), and :class:`~cardrules.IllegalMoveError`
    for a set the hand cannot make.

    >>> from cardrules.cards import parse_cards
    >>> read_set(["pair", "of", "kings"], "pair of kings", parse_cards("KC KS 4D"))
    PlayCards(cards=(Card.parse('K♣'), Card.parse('K♠')))
    """
    rest = [word for word in words if word not in _FILLERS]
    size = _COUNTS.get(rest[0], 0) if rest else 0
    if size:
        rest = rest[1:]
    elif words and words[0] in ("a", "an"):
        size = 1
    rank = _rank_named(rest[0]) if len(rest) == 1 else None
    if not size or rank is None:
        raise MoveParseError(
            f"{shown(text.strip())}: name a set by its size and rank, e.g. three 9s, "
            "pair of kings, a 4; or type the cards (9c 9h)"
        )
    held = [card for card in hand if card.rank == rank]
    name = f"{rank.label}{'s' if size > 1 else ''}"
    if len(held) < size:
        have = format_cards(held) if held else "none"
        raise IllegalMoveError(
            "not_in_hand", f"you do not hold {size} {name}: of that rank you hold {have}"
        )
    if len(held) == size:
        return PlayCards(held)
    playable = [
        move
        for move in legal
        if type(move) is PlayCards and len(move.cards) == size and move.cards[0].rank == rank
    ]
    if len(playable) == 1:
        return playable[0]
    example = " ".join(_typed(card) for card in next(combinations(held, size)))
    raise MoveParseError(
        f"{' '.join(words).strip() or text.strip()}: you hold {format_cards(held)}; name "
        f"the cards to play, e.g. {example}"
    )


def _rank_named(word: str) -> Rank | None:
    """The rank a word names, singular or plural (``9``, ``9s``, ``9's``, ``nines``,
    ``k``, ``kings``, ``sixes``), or ``None``."""
    for stem in (word, word.removesuffix("'s"), word.removesuffix("s"), word.removesuffix("es")):
        if stem in _RANK_NAMES:
            return _RANK_NAMES[stem]
        if stem and card_named(stem) is None:
            try:
                return Rank.parse(stem)
            except ValueError:
                continue
    return None


def _typed(card: Card) -> str:
    """A card as a player types it (``9c``)."""
    return f"{card.rank.label}{'cdhs'[card.suit]}"


def _read_give(words: list[str], text: str, view: Any) -> GiveCard:
    """A card to give in an exchange: ``give ks``, or the card alone while giving."""
    if words[0] in _GIVE_WORDS:
        words = words[1:]
    hint = "give one card at a time, e.g. give ks (or ks)"
    if len(words) != 1:
        raise MoveParseError(f"{shown(text.strip())}: {hint}")
    card = read_card(words[0], hint)
    return GiveCard(held_card(card, view.hand))
