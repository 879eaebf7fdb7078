"""The words of events' texts (:mod:`cardrules.events`): how seats are named for the
seat that reads a text, how a move is told as what a seat did (its phrase in the
reader's person), what the game says of its moves and tricks, and a few phrases
(numbers of cards, directions, signed points)."""

from __future__ import annotations

from collections.abc import Iterable

from cardrules._text import int_text, shown
from cardrules.errors import EventError, SeatError

__all__ = [
    "Wording",
    "cards_text",
    "direction_text",
    "signed",
    "third_person",
    "verb_phrase",
    "wording",
]

_IRREGULAR = {"be": "is", "have": "has", "do": "does", "go": "goes"}
_NOT_VERBS = frozenset({"a", "an", "the"})  # (a phrase such as "a hidden move")
_SIBILANT_ENDINGS = ("s", "sh", "ch", "x", "z")


def third_person(verb: str) -> str:
    """An English verb's third person singular (its regular forms and a few common
    irregular ones).

    >>> [third_person(verb) for verb in ("bid", "pass", "go", "stay", "carry", "have")]
    ['bids', 'passes', 'goes', 'stays', 'carries', 'has']
    """
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(_SIBILANT_ENDINGS):
        return verb + "es"
    if len(verb) > 1 and verb[-1] == "y" and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def verb_phrase(text: str) -> bool:
    """Whether ``text`` reads as what a player does, in the words the player would use
    to do it: a verb first, in lower case letters (``"bid 3"``, ``"pass a card"``, not
    ``"a hidden move"`` nor ``"Bid(tricks=3)"``).

    >>> verb_phrase("look at my cards"), verb_phrase("a hidden move"), verb_phrase("3 tricks")
    (True, False, False)
    """
    first = text.split(" ", 1)[0]
    return first.isascii() and first.isalpha() and first.islower() and first not in _NOT_VERBS


class Wording:
    """How an event's text names seats for the seat that reads it (``viewer``, or
    ``None`` for nobody in particular), what the game calls one deal, and what the game
    (``None`` if not known) says of its moves and tricks."""

    __slots__ = ("deal", "game", "viewer")

    def __init__(self, viewer: int | None, deal: str, game: object = None) -> None:
        self.viewer = viewer
        self.deal = deal
        self.game = game

    def who(self, seat: int) -> str:
        """``"you"`` for the viewer, ``"seat N"`` for any other seat."""
        return "you" if seat == self.viewer else f"seat {seat}"

    def first(self, seat: int) -> str:
        """:meth:`who` at the start of a sentence."""
        name = self.who(seat)
        return name[:1].upper() + name[1:]

    def verb(self, seat: int, base: str, third: str | None = None) -> str:
        """``base`` for the viewer ("you play"), else its third person ("seat 1
        plays"); ``third`` defaults to ``base + "s"``."""
        return base if seat == self.viewer else (third or base + "s")

    def does(self, seat: int, base: str, third: str | None = None) -> str:
        """The seat and its verb, to start a sentence: ``"You play"``, ``"Seat 1
        plays"``."""
        return f"{self.first(seat)} {self.verb(seat, base, third)}"

    def scores(self, scores: Iterable[int]) -> str:
        """``"you 3, seat 1 -1"``."""
        return ", ".join(f"{self.who(seat)} {int_text(score)}" for seat, score in enumerate(scores))

    def did(self, seat: int, phrase: str) -> str:
        """``phrase``, what ``seat`` did in the words the player would use to do it
        (:func:`verb_phrase`), as a sentence in the reader's person: ``"You look at
        your cards."``, ``"Seat 1 looks at their cards."`` (the verb in the third
        person, "my" as "your" or "their"). A phrase that does not start with a verb is
        told after a colon: ``"Seat 1: a hidden move."``.

        >>> words = Wording(0, "hand")
        >>> words.did(0, "look at my cards"), words.did(1, "look at my cards")
        ('You look at your cards.', 'Seat 1 looks at their cards.')
        >>> words.did(1, "a hidden move")
        'Seat 1: a hidden move.'
        """
        if not verb_phrase(phrase):
            return f"{self.first(seat)}: {phrase}."
        verb, _, rest = phrase.partition(" ")
        if rest:
            own = "your" if seat == self.viewer else "their"
            rest = " " + " ".join(own if word == "my" else word for word in rest.split(" "))
        return f"{self.does(seat, verb, third_person(verb))}{rest}."

    def move_phrase(self, move: object) -> str | None:
        """What the game says ``move`` does (its :meth:`~cardrules.game.Game.move_phrase`),
        or ``None``: no game, or the library's words."""
        said = getattr(self.game, "move_phrase", None)
        if said is None:
            return None
        phrase = said(move)
        if phrase is not None and (not isinstance(phrase, str) or not phrase.strip()):
            raise EventError(
                f"{type(self.game).__name__}.move_phrase() must return a phrase (a str) "
                f"or None, not {shown(phrase)}"
            )
        return phrase

    def term(self, name: str, default: str) -> str:
        """The game's own word ``name`` (a text policy, such as a shedding game's
        ``one_card_word``), or ``default``: no game, or no word of its own.

        >>> class Game:
        ...     suit_word = "colour"
        >>> Wording(0, "hand", Game()).term("suit_word", "suit"), Wording(0, "hand").term("x", "y")
        ('colour', 'y')
        """
        word = getattr(self.game, name, None)
        return word if isinstance(word, str) and word.strip() else default

    def is_side(self, seats: tuple[int, ...]) -> bool:
        """Whether ``seats`` are one of the game's sides of more than one seat (its
        :meth:`~cardrules.game.Game.teams`: Spades' partnerships)."""
        teams = getattr(self.game, "teams", None)
        return len(seats) > 1 and teams is not None and tuple(sorted(seats)) in teams()

    @property
    def trick_points_are_tricks(self) -> bool:
        """Whether the game's trick points only count the tricks won
        (:attr:`TrickGame.trick_points_are_tricks
        <cardrules.tricks.engine.TrickGame.trick_points_are_tricks>`)."""
        return getattr(self.game, "trick_points_are_tricks", False) is True

    @property
    def trick_points_word(self) -> str | None:
        """What the game calls a trick's points when they are counted, not scored
        (:attr:`TrickGame.trick_points_word
        <cardrules.tricks.engine.TrickGame.trick_points_word>`), or ``None``."""
        word = getattr(self.game, "trick_points_word", None)
        return word if isinstance(word, str) and word.strip() else None


def wording(seat: int | None, deal_word: str, game: object = None) -> Wording:
    """The words for ``seat``, ``deal_word`` and ``game`` (the rules object, or
    ``None``), checked."""
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or seat < 0):
        raise SeatError(f"seat must be an int from 0 up, or None for a log, not {shown(seat)}")
    if not isinstance(deal_word, str) or not deal_word.strip():
        raise EventError(
            f'deal_word must be a word such as "hand" or "round", not {shown(deal_word)}'
        )
    return Wording(seat, deal_word.strip(), game)


def cards_text(count: int) -> str:
    """A number of cards in words.

    >>> cards_text(1), cards_text(3)
    ('1 card', '3 cards')
    """
    return "1 card" if count == 1 else f"{int_text(count)} cards"


def direction_text(direction: int) -> str:
    """A direction of play in words.

    >>> direction_text(1), direction_text(-1)
    ('clockwise', 'counter-clockwise')
    """
    return "clockwise" if direction > 0 else "counter-clockwise"


def signed(value: int) -> str:
    """``"+3"``, ``"-1"``, ``"+0"``."""
    return int_text(value) if value < 0 else "+" + int_text(value)
