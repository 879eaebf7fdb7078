"""UNO's moves from text (:meth:`Uno.read_move <cardrules.games.uno.rules.Uno.read_move>`):
what ``cardrules play uno``, a chat bot or a web page reads.

A card as it prints or in words (``r5``, ``R5``, ``red 5``, ``rs``, ``red skip``,
``r+2``, ``red draw two``, ``gr``, ``green reverse``); a wild or a wild draw four with
the colour it names (``wild blue``, ``w b``, ``w+4 g``, ``wild draw four green``,
``W naming red``); ``uno`` (or ``!``) after a card to say "UNO" with it (``r5 uno``);
``d`` or ``draw``; ``p`` or ``pass``; a colour alone (``blue``) where one is named on its
own; ``uno 2`` or ``catch 2`` to catch a player who did not say "UNO" (``uno`` alone
when one player can be caught); and the house rules' moves: a seat to swap hands with
after a 7 (``swap 2``, ``2``), the card just played to jump in with (``r5``, out of
turn).

Text that names no move raises :class:`~cardrules.MoveParseError` listing what may be
typed and the seat's legal moves now; a card the seat does not hold raises
:class:`~cardrules.IllegalMoveError` naming the seat's own hand only. Everything is
read from the seat's view: nothing here knows another hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules._movetext import digit_count, moves_text, short_number
from cardrules._text import shown
from cardrules.decks import UNO_108
from cardrules.errors import CardParseError, IllegalMoveError, MoveParseError
from cardrules.games.uno.moves import SwapHands
from cardrules.moves import NameSuit, Pass, Play
from cardrules.shedding.moves import CallOut, Draw, JumpIn
from cardrules.shedding.parsing import split_move

__all__ = ["UNO_WORDS", "read_uno_card", "read_uno_colour", "read_uno_move"]

UNO_WORDS = (
    "a card: r5, red 5, rs (skip), rr (reverse), r+2 (draw two); a wild with its colour: "
    "wild blue, w+4 g; uno after a card to say it (r5 uno); d or draw; p or pass; "
    "uno 2 or catch 2 to catch a player who did not say UNO"
)
"""What may be typed, for messages."""

_FACES: dict[str, tuple[str, ...]] = {
    "skip": ("s", "skip", "sk"),
    "reverse": ("r", "rev", "reverse", "rv"),
    "draw_two": ("+2", "d2", "draw2", "drawtwo", "dt", "plus2", "plustwo"),
}
_WILDS: dict[str, tuple[str, ...]] = {
    "W": ("w", "wild"),
    "W+4": (
        "w+4",
        "+4",
        "w4",
        "wd4",
        "wild+4",
        "wild4",
        "wilddraw4",
        "wilddrawfour",
        "drawfour",
        "draw4",
        "wildplus4",
        "plus4",
    ),
}
_LONGEST = 4
"""The most words a card is typed in (``wild draw four``, ``red draw two``)."""
_FILLERS = frozenset(
    {"play", "plays", "naming", "name", "names", "colour", "color", "a", "the", "say", "saying"}
)
_SAY = frozenset({"uno", "!", "one", "card"})
"""Words after a card that say "UNO" with it (``one card`` as a move's own text has it)."""
_CALL_WORDS = frozenset({"uno", "catch", "call", "calls", "caught"})
_SEAT_WORDS = frozenset({"on", "seat", "player", "out"})
_SWAP_WORDS = frozenset(
    {"swap", "swaps", "trade", "with", "exchange", "seat", "player", "hands", "hand"}
)
_JUMP_WORDS = frozenset({"jump", "jumps", "in", "with"})
_DRAW = frozenset({"d", "draw", "take"})
_PASS = frozenset({"p", "pass", "keep"})
_SEAT_DIGITS = 6
"""Seat numbers longer than this are refused unread: no table has that many seats."""


def _card_texts() -> dict[str, Any]:
    """Every text read as an UNO card, squashed (no spaces, lower case), to its card."""
    texts: dict[str, Any] = {}
    for card in UNO_108.kind_cards:
        kind = UNO_108.kinds[card]
        for text in (kind.text, *kind.aliases):
            texts["".join(text.lower().split())] = card
        if kind.suit is None:
            for said in _WILDS.get(kind.text, ()):
                texts[said] = card
            continue
        colour = UNO_108.suits[kind.suit]
        faces = (str(kind.rank),) if kind.kind == "number" else _FACES.get(kind.kind, ())
        for face in faces:
            texts[colour[0] + face] = card
            texts[colour + face] = card
    return texts


_CARDS = _card_texts()


def read_uno_card(words: Sequence[str]) -> tuple[Any, int] | None:
    """The UNO card the first of ``words`` (lower case, :func:`split_move`) name, and
    how many words it took (the longest reading: ``red draw two`` is one card), or
    ``None``.

    >>> read_uno_card(["red", "5", "uno"]), read_uno_card(["w+4", "g"])
    ((UnoCard.parse('R5'), 2), (UnoCard.parse('W+4'), 1))
    >>> read_uno_card(["wild", "draw", "four", "blue"]), read_uno_card(["blue"])
    ((UnoCard.parse('W+4'), 3), None)
    """
    for length in range(min(_LONGEST, len(words)), 0, -1):
        card = _CARDS.get("".join(words[:length]))
        if card is not None:
            return card, length
    return None


def read_uno_colour(word: str) -> Any | None:
    """The colour ``word`` names (``r``, ``red``, any case), as UNO's deck's suit
    object, or ``None``.

    >>> read_uno_colour("Blue"), read_uno_colour("g"), read_uno_colour("draw")
    (UnoSuit.parse('blue'), UnoSuit.parse('green'), None)
    """
    try:
        return UNO_108.parse_suit(word)
    except CardParseError:
        return None


def read_uno_move(text: str, view: Any) -> Any:
    """The move ``text`` names for the seat of ``view`` (a view of an UNO game), legal
    now or not: one of ``view.legal_moves`` when it names one, else the move it names
    for the rules to refuse. Raises :class:`~cardrules.MoveParseError` for text that
    names no move (saying what may be typed, and the legal moves now) and
    :class:`~cardrules.IllegalMoveError` for a card the seat does not hold.

    >>> import types
    >>> from cardrules.decks import UNO_108
    >>> view = types.SimpleNamespace(seat=0, hand=UNO_108.parse_cards("R5 W"), legal_moves=())
    >>> read_uno_move("red 5 uno", view)
    Play(card=UnoCard.parse('R5'), suit=None, announce=True)
    >>> read_uno_move("wild blue", view)
    Play(card=UnoCard.parse('W'), suit=UnoSuit.parse('blue'), announce=False)
    >>> read_uno_move("g7", view)
    Traceback (most recent call last):
    cardrules.errors.IllegalMoveError: you do not hold G7; your hand is R5 W
    """
    legal = tuple(view.legal_moves)
    said = "!" in text
    words = [word for word in split_move(text.replace("!", " ")) if word not in _FILLERS]
    if not words:
        if said:
            raise _unread(text, legal, "say UNO with the card you play: r5 uno (or r5!)")
        raise _unread(text, legal)
    if words[0] == "seat" and words[2:3] == ["jumps"]:  # (a jump-in's own text)
        if _seat_number(words[1], text, legal) != view.seat:
            raise IllegalMoveError("not_your_move", "you can jump in only for yourself")
        words = words[2:]
    while words and words[0] in _JUMP_WORDS and len(words) > 1:
        words = words[1:]  # (jump in with r5: the card is what is read)
    if words[0] in _SAY and len(words) > 1 and read_uno_card(words[1:]) is not None:
        said, words = True, words[1:]  # (uno r5: said before the card)
    first = words[0]
    if len(words) == 1 and first in _DRAW:
        return Draw()
    if len(words) == 1 and first in _PASS:
        return Pass()
    if first in _CALL_WORDS or (first == "seat" and words[2:3] == ["calls"]):
        call = _read_call(words, text, view, legal)
        if call is not None:
            return call
    if first in _SWAP_WORDS or first.isdigit():
        return _read_swap(words, text, view, legal)
    found = read_uno_card(words)
    if found is None:
        named = read_uno_colour(first) if len(words) == 1 else None
        if named is None:
            raise _unread(text, legal)
        if not any(isinstance(move, NameSuit) for move in legal):
            raise _unread(
                text,
                legal,
                f"a colour alone is named only for a wild turned up; a wild: wild {first}",
            )
        return NameSuit(named)
    card, used = found
    colour = None
    for word in words[used:]:
        named = read_uno_colour(word)
        if word in _SAY:
            said = True
        elif named is not None and colour is None:
            colour = named
        else:
            raise _unread(text, legal, "after the card, type only the colour a wild names and uno")
    return _play(card, colour, said, text, view, legal)


def _play(card: Any, colour: Any, said: bool, text: str, view: Any, legal: Sequence[Any]) -> Any:
    """The play of ``card`` (naming ``colour``; saying "UNO" if ``said``), which the
    seat must hold: the legal move that plays it (a jump-in out of turn included), else
    the play for the rules to refuse."""
    hand = view.hand
    if card not in hand:
        raise IllegalMoveError(
            "not_in_hand",
            f"you do not hold {card}; your hand is {UNO_108.format(sorted(hand)) or 'empty'}",
        )
    wild = UNO_108.kinds[card].suit is None
    if wild and colour is None:
        typed = "w+4" if UNO_108.kinds[card].kind == "wild_draw_four" else "wild"
        raise MoveParseError(
            f"{card} is wild: name the colour too, e.g. {typed} red or {typed} r "
            "(red, yellow, blue, green)"
        )
    if not wild and colour is not None:
        raise MoveParseError(
            f"{card} is not wild: it names no colour; type {str(card).lower()} alone"
        )
    play = Play(card, suit=colour, announce=said)
    if play in legal:
        return play
    if not said:
        with_word = Play(card, suit=colour, announce=True)
        if with_word in legal and Play(card, suit=colour) not in legal:
            return with_word
    jumps = [move for move in legal if isinstance(move, JumpIn) and move.seat == view.seat]
    if jumps:  # the card just played, out of turn (the same play, or the one saying UNO)
        for jump in jumps:
            if jump.play == play:
                return jump
        return JumpIn(view.seat, play)
    return play


def _seat_number(word: str, text: str, legal: Sequence[Any]) -> int:
    if not (word.isascii() and word.isdigit()):
        raise _unread(text, legal, f"a seat is a number, not {shown(word)}")
    if digit_count(word) > _SEAT_DIGITS:
        raise MoveParseError(f"there is no seat {short_number(word)}")
    return int(word)


def _read_call(words: Sequence[str], text: str, view: Any, legal: Sequence[Any]) -> Any | None:
    """A catch of a player who did not say "UNO" (``uno 2``, ``catch 2``, ``uno``), or
    ``None`` for ``uno`` alone when the seat can catch nobody (then it names no move)."""
    if words[0] == "seat" and words[2:3] == ["calls"]:  # (the move's own text)
        if _seat_number(words[1], text, legal) != view.seat:
            raise IllegalMoveError("not_your_move", "you can make calls only for yourself")
        words = words[3:]
    rest = [word for word in words if word not in _CALL_WORDS | _SEAT_WORDS]
    calls = [move for move in legal if isinstance(move, CallOut) and move.caller == view.seat]
    if not rest:
        if len(calls) == 1:
            return calls[0]
        if calls:
            seats = " or ".join(f"uno {move.target}" for move in calls)
            raise MoveParseError(f"several players can be caught: type {seats}")
        if words[:1] == ["uno"]:
            raise MoveParseError(
                "nobody can be caught now; say UNO with the card you play: r5 uno (or r5!)"
            )
        raise MoveParseError("nobody can be caught now; a catch names the seat: catch 2")
    if len(rest) != 1:
        raise _unread(text, legal, "a catch names one seat: catch 2 or uno 2")
    target = _seat_number(rest[0], text, legal)
    for move in calls:
        if move.target == target:
            return move
    return CallOut(view.seat, target)


def _read_swap(words: Sequence[str], text: str, view: Any, legal: Sequence[Any]) -> Any:
    """The seat to swap hands with after a 7 (``swap 2``, ``2``, ``with seat 2``)."""
    rest = [word for word in words if word not in _SWAP_WORDS]
    if len(rest) != 1:
        raise _unread(text, legal, "a swap names one seat: swap 2")
    swaps = [move for move in legal if _swap_seat(move) is not None]
    if not swaps and len(words) == 1:
        raise _unread(text, legal, "a number alone is the seat to swap hands with after a 7")
    target = _seat_number(rest[0], text, legal)
    for move in swaps:
        if _swap_seat(move) == target:
            return move
    if swaps:
        seats = ", ".join(str(_swap_seat(move)) for move in swaps)
        raise IllegalMoveError(
            "not_allowed_now", f"you cannot swap hands with seat {target}; you can with {seats}"
        )
    raise IllegalMoveError(
        "not_allowed_now", f"there is no hand to swap now; legal now: {moves_text(legal)}"
    )


def _swap_seat(move: Any) -> int | None:
    """The seat a seven-zero swap names, or ``None``: ``move`` is no swap."""
    return move.with_seat if isinstance(move, SwapHands) else None


def _unread(text: str, legal: Sequence[Any], why: str = "") -> MoveParseError:
    """The refusal of ``text`` that names no move: why (if said), what may be typed,
    and the legal moves now."""
    head = f"{shown(text.strip())}: {why}" if why else f"cannot read {shown(text.strip())}"
    return MoveParseError(f"{head}; type {UNO_WORDS}; legal now: {moves_text(legal)}")
