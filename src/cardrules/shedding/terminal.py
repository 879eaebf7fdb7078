"""Shedding games at the terminal: :class:`SheddingAdapter`, the text Craits and Crazy
Eights share, and :func:`hand_at_end`.

What they share: a card typed with the suit a wild card names (``8h c``, ``8h clubs``,
``8♥→♣``), a suit named on its own, the prompt that asks for one. The cards the human
draws are in the text of their draw (:class:`~cardrules.CardsDrawn` names them to the
drawer alone).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardrules.cards import Card, Suit
from cardrules.events import CardPlayed, CardsDrawn, Event, HandScored
from cardrules.moves import NameSuit, Play
from cardrules.terminal import GameAdapter, MoveInputError, suit_named

__all__ = ["SheddingAdapter", "hand_at_end"]

_SEPARATORS = str.maketrans({"→": " ", ",": " ", "=": " ", ":": " "})
"""What a player may put between a card and the suit it names, read as spaces."""
_NAME_WORDS = frozenset({"name", "names", "naming"})
_SUITS_HINT = "c, d, h, s (or ♣ ♦ ♥ ♠, or clubs, diamonds, hearts, spades)"


class SheddingAdapter(GameAdapter):
    """The terminal text shedding games share (see the module documentation). A game
    subclasses it, as :class:`~cardrules.games.crazy_eights.cli.CrazyEightsAdapter`
    does, and says what may follow a card typed (:attr:`after_card`,
    :attr:`announce_words`)."""

    after_card = "the suit an eight names, e.g. 8h c"
    """What may follow a card typed, as the refusal of anything else says it."""
    announce_words: frozenset[str] = frozenset()
    """Words after a card that say "one card" with it (none: the game has no such call)."""

    def prompt(self, legal: Sequence[Any]) -> str:
        """The prompt asks for a suit when one is to be named.

        >>> print(SheddingAdapter().prompt([NameSuit("H"), NameSuit("S")]))
        ... # doctest: +NORMALIZE_WHITESPACE
        Name the suit to follow (c, d, h, s, a name like hearts, or a number, ? for help,
        q to quit):
        """
        if any(isinstance(move, NameSuit) for move in legal):
            return (
                "Name the suit to follow (c, d, h, s, a name like hearts, or a number, "
                "? for help, q to quit): "
            )
        return super().prompt(legal)

    @staticmethod
    def split_move(line: str) -> list[str]:
        """``line`` as lower-case words, with what may stand between a card and the suit
        it names (``→``, ``->``, ``,``, ``=``, ``:``) read as spaces.

        >>> SheddingAdapter.split_move("8H->Clubs"), SheddingAdapter.split_move(" 8h, c ")
        (['8h', 'clubs'], ['8h', 'c'])
        """
        return line.replace("->", " ").translate(_SEPARATORS).lower().split()

    @staticmethod
    def parse_name_suit(words: Sequence[str], line: str) -> NameSuit:
        """The suit named by ``words`` (from ``line``, :meth:`split_move`), ``name``
        before it allowed; raises :class:`~cardrules.terminal.MoveInputError` if they
        name no suit.

        >>> SheddingAdapter.parse_name_suit(["name", "hearts"], "name hearts")
        NameSuit(suit=<Suit.HEARTS: 2>)
        """
        named = [word for word in words if word not in _NAME_WORDS]
        suit = suit_named(named[0]) if len(named) == 1 else None
        if suit is None:
            raise MoveInputError(f"{line!r} is not a suit: name one of {_SUITS_HINT}")
        return NameSuit(suit)

    def parse_play(
        self,
        words: Sequence[str],
        line: str,
        view: Any,
        legal: Sequence[Any],
        *,
        announce: bool = False,
    ) -> Play:
        """The play of the card ``words`` start with (from ``line``,
        :meth:`split_move`), which the player must hold (:meth:`held_card`), then the
        suit it names (a wild card in ``legal`` must name one) and any of the
        :attr:`announce_words` (``announce`` says "one card" already).

        >>> import cardrules as cr
        >>> game = cr.CrazyEights(players=2)
        >>> view = game.observe(game.position(["8C 9H", "3C"], "9D", "5S", to_move=0), 0)
        >>> SheddingAdapter().parse_play(["8c", "h"], "8c h", view, view.legal_moves)
        Play(card=Card.parse('8♣'), suit=<Suit.HEARTS: 2>, announce=False)
        >>> SheddingAdapter().parse_play(["8c"], "8c", view, view.legal_moves)
        ... # doctest: +ELLIPSIS
        Traceback (most recent call last):
        cardrules.terminal.MoveInputError: 8♣ is wild: name the suit to follow too, e.g. 8c h ...
        """
        card = Card.parse(words[0])
        suit: Suit | None = None
        for word in words[1:]:
            named = suit_named(word)
            if word in self.announce_words:
                announce = True
            elif named is not None and suit is None:
                suit = named
            elif word not in _NAME_WORDS:
                raise MoveInputError(f"{line!r}: after the card, type only {self.after_card}")
        self.held_card(card, view.hand)
        wild = any(isinstance(move, Play) and move.card == card and move.suit for move in legal)
        if wild and suit is None:
            text = f"{card.rank.label}{card.suit.letter.lower()}"
            raise MoveInputError(
                f"{card} is wild: name the suit to follow too, e.g. {text} h or {text} hearts"
            )
        return Play(card, suit=suit, announce=announce)


def hand_at_end(
    events: Sequence[Event],
    scored: HandScored,
    before: Any,
    human: int,
) -> tuple[Card, ...] | None:
    """The human's cards when the hand ``scored`` ended during the step of ``events``:
    their hand in their view ``before`` the step, less the cards they played in it
    before the score, with the cards they drew in it before the score (their view after
    the step cannot show them: the next hand is dealt by then; their draws' events
    name them, :class:`~cardrules.CardsDrawn`). ``None`` if a draw of theirs does not
    name its cards (events as another seat knows them), or if ``before`` is from
    another hand.

    >>> import types
    >>> import cardrules as cr
    >>> before = types.SimpleNamespace(hand_number=2, hand=cr.parse_cards("3C 9H 8D"))
    >>> scored = cr.HandScored(2, (43, -10), (60, 0))
    >>> hand_at_end([cr.CardPlayed(0, cr.Card.parse("8D")), scored], scored, before, 0)
    (Card.parse('3♣'), Card.parse('9♥'))
    >>> drawn = cr.CardsDrawn(0, 1, "others_draw", 1, cards=cr.parse_cards("KS"))
    >>> hand_at_end([drawn, scored], scored, before, 0)
    (Card.parse('3♣'), Card.parse('9♥'), Card.parse('8♦'), Card.parse('K♠'))
    >>> hand_at_end([drawn.for_seat(1), scored], scored, before, 0) is None
    True
    """
    if getattr(before, "hand_number", None) != scored.number:
        return None
    played: Counter[Card] = Counter()
    drawn: list[Card] = []
    for event in events:
        if event is scored:
            break
        if isinstance(event, CardPlayed) and event.seat == human:
            played[event.card] += 1
        elif isinstance(event, CardsDrawn) and event.seat == human and event.count:
            if not event.cards:
                return None  # cards drawn that the events do not name
            drawn += event.cards
    else:
        return None
    kept = []
    for card in (*before.hand, *drawn):
        if played[card]:
            played[card] -= 1
        else:
            kept.append(card)
    return tuple(kept)
