"""Moves of a shedding game from text (:meth:`SheddingGame.read_move
<cardrules.shedding.engine.SheddingGame.read_move>`): what Craits and Crazy Eights read.

A card (``9h``, ``q♠``), a wild card with the suit it names (``8h c``, ``8h clubs``,
``8♥→♣``), ``d``/``draw``, ``p``/``pass``, a suit on its own (naming one for a turned-up
wild card), and with "one card" calls (Craits): ``!`` or ``one`` after a card (``QS!``),
``one``/``pass`` on the one-card deal, and a call on a missed "one card" by the game's
word for it (the game's ``call_word`` and a seat, ``call 2``; also out of turn); in a
game with ``jump_in``, the card just played, out of turn (``5h``, ``jump in with 5h``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cardrules._movetext import (
    card_named,
    digit_count,
    held_card,
    read_card,
    short_number,
    suit_named,
)
from cardrules._text import shown
from cardrules.cards import Suit
from cardrules.decks import Deck
from cardrules.errors import CardParseError, IllegalMoveError, MoveParseError
from cardrules.moves import NameSuit, Pass, Play
from cardrules.shedding.moves import Announce, CallOut, Draw, JumpIn
from cardrules.shedding.state import Phase

__all__ = [
    "call_refusal",
    "jump_in_of",
    "read_name_suit",
    "read_shedding_move",
    "split_move",
    "typed_refusal",
]

_SEPARATORS = str.maketrans({"→": " ", ",": " ", "=": " ", ":": " ", '"': " ", "'": " "})
"""What a player may put between a card and the suit it names, read as spaces (and
quotes, as in ``say "one card"``)."""
_NAME_WORDS = frozenset({"name", "names", "naming", "play", "plays"})
_SUITS_HINT = "c, d, h, s (or ♣ ♦ ♥ ♠, or clubs, diamonds, hearts, spades)"
_DRAW_WORDS = frozenset({"d", "draw"})
_PASS_WORDS = frozenset({"p", "pass"})
_CALL_FILLERS = frozenset({"on", "seat", "calls", "call", "out"})
_ANNOUNCE_WORDS = frozenset({"one", "card", "onecard", "one-card", "say", "saying", "announce"})
_SAY_WORDS = frozenset({"y", "yes", "one", "onecard", "one-card", "say", "announce"})
_SILENT_WORDS = frozenset({"p", "pass", "n", "no", "silent", "nothing", "stay"})
_JUMP_WORDS = frozenset({"jump", "jumps", "in", "with"})
_SEAT_DIGITS = 6
"""Seat numbers longer than this are refused unread: no table has that many seats."""


def split_move(text: str) -> list[str]:
    """``text`` as lower-case words, with what may stand between a card and the suit
    it names (``→``, ``->``, ``,``, ``=``, ``:``) and quotes read as spaces.

    >>> split_move("8H->Clubs"), split_move(' 8h, c '), split_move('say "one card"')
    (['8h', 'clubs'], ['8h', 'c'], ['say', 'one', 'card'])
    """
    return text.replace("->", " ").translate(_SEPARATORS).lower().split()


def read_shedding_move(
    text: str, view: Any, *, calls: bool, call_word: str = "call", deck: Deck | None = None
) -> Any:
    """The move ``text`` names for the seat of ``view`` (a shedding game's view), legal
    or not; ``calls``: whether the game has "one card" calls, made with ``call_word``
    (in any case, or its first letter, or ``call``) and a seat. Raises
    :class:`~cardrules.MoveParseError` for text that names no move and
    :class:`~cardrules.IllegalMoveError` for a card the seat does not hold. A game on a
    declared deck (``deck``, :mod:`cardrules.decks`) reads the deck's cards and suits
    (``R5``, ``w red``, ``red`` to name one; see :func:`read_deck_play`).

    >>> import cardrules as cr
    >>> game = cr.CrazyEights(players=2)
    >>> view = game.observe(game.position(["8C 9H", "3C"], "9D", "5S", to_move=0), 0)
    >>> read_shedding_move("8c->h", view, calls=False)
    Play(card=Card.parse('8♣'), suit=<Suit.HEARTS: 2>, announce=False)

    A play out of turn is a jump-in (``JumpIn``), typed as the card alone or ``jump in
    with`` it, when the seat may jump in (see :func:`jump_in_of`).
    """
    legal = view.legal_moves
    announce = calls and "!" in text
    words = split_move(text.replace("!", " ") if calls else text)
    if not words:
        if announce and Announce() in legal:
            return Announce()
        raise MoveParseError(f"{shown(text.strip())} names no move")
    jumping = words[0] in ("jump", "jumps") or (words[0] == "seat" and words[2:3] == ["jumps"])
    if jumping:
        return jump_in_of(_read_jump(words, text, view, calls=calls, deck=deck), view, True)
    move = _read_move(words, text, view, calls=calls, call_word=call_word, deck=deck)
    return jump_in_of(move, view, False) if type(move) is Play else move


def _read_jump(
    words: list[str], text: str, view: Any, *, calls: bool, deck: Deck | None
) -> Play | NameSuit:
    """The play a jump-in's ``words`` name: ``jump in with 5h`` or its own text
    (``seat 2 jumps in with 5♥``, the seat the view's own)."""
    if words[0] == "seat":
        said = words[1]
        if not (said.isascii() and said.isdigit() and digit_count(said) <= _SEAT_DIGITS):
            raise MoveParseError(f"there is no seat {short_number(said)}")
        if int(said) != view.seat:
            raise IllegalMoveError("not_your_move", "you can jump in only for yourself")
        words = words[2:]
    while words and words[0] in _JUMP_WORDS:
        words = words[1:]
    if not words:
        raise MoveParseError(
            f"{shown(text.strip())}: jump in with which card? e.g. jump in with 5h"
        )
    announce = calls and "!" in text
    if deck is not None:
        return read_deck_play(words, text, view, deck, calls=calls, announce=announce)
    return _read_play(words, text, view, calls=calls, announce=announce, hint="")


def jump_in_of(move: Play | NameSuit, view: Any, typed: bool) -> Any:
    """The move a play read for the seat of ``view`` makes: the play itself when it is
    legal (the seat to move); else, when the seat may jump in (``view.legal_moves``
    holds its ``JumpIn``) or ``typed`` says so (``jump in with``), the jump-in with it,
    for the rules to refuse if it is not one.

    >>> import types
    >>> import cardrules as cr
    >>> view = types.SimpleNamespace(seat=2, legal_moves=(cr.JumpIn(2, "5H"),))
    >>> [str(jump_in_of(cr.Play(card), view, False)) for card in ("5H", "9C")]
    ['seat 2 jumps in with 5♥', 'seat 2 jumps in with 9♣']
    """
    if type(move) is not Play:
        raise MoveParseError("a jump-in plays the card just played, e.g. jump in with 5h")
    legal = view.legal_moves
    if not typed and move in legal:
        return move
    jumps = [other for other in legal if type(other) is JumpIn and other.seat == view.seat]
    for jump in jumps:
        if jump.play == move:
            return jump
    return JumpIn(view.seat, move) if jumps or typed else move


def _read_move(
    words: list[str], text: str, view: Any, *, calls: bool, call_word: str, deck: Deck | None
) -> Any:
    """The move ``words`` name (see :func:`read_shedding_move`), a jump-in as its play."""
    announce = calls and "!" in text
    first = words[0]
    word = " ".join(split_move(call_word))  # (the game's word may be two: "last card")
    if calls and (
        first in (word[:1], "call")
        or f" {word} " in f" {' '.join(words)} "
        or (first == "seat" and words[2:3] == ["calls"])  # the move's own text
    ):
        return _read_call(words, view, word)
    if view.phase is Phase.NAME_SUIT:
        return read_name_suit(words, text, deck)
    if calls and view.phase is Phase.ANNOUNCE:
        if announce or all(word in _SAY_WORDS | _ANNOUNCE_WORDS for word in words):
            return Announce()
        if all(word in _SILENT_WORDS for word in words):
            return Pass()
        raise MoveParseError(
            f'{shown(text.strip())}: answer one (say "one card") or pass (stay silent)'
        )
    if len(words) == 1 and first in _DRAW_WORDS:
        return Draw()
    if len(words) == 1 and first in _PASS_WORDS:
        return Pass()
    if deck is not None:
        hint = f", {call_word} to call" if calls else ", p to pass"
        return read_deck_play(words, text, view, deck, calls=calls, announce=announce, hint=hint)
    named = [word for word in words if word not in _NAME_WORDS]
    if len(named) == 1 and card_named(named[0]) is None and suit_named(named[0]) is not None:
        return NameSuit(Suit.parse(named[0]))  # (only a turned-up wild card's dealer names one)
    how = f", {call_word} to call" if calls else ", p to pass"
    return _read_play(words, text, view, calls=calls, announce=announce, hint=how)


def read_name_suit(words: Sequence[str], text: str, deck: Deck | None = None) -> NameSuit:
    """The suit named by ``words`` (from ``text``, :func:`split_move`), ``name`` before
    it allowed (a suit of ``deck``, if given); raises :class:`~cardrules.MoveParseError`
    if they name no suit.

    >>> read_name_suit(["name", "hearts"], "name hearts")
    NameSuit(suit=<Suit.HEARTS: 2>)
    """
    named = [word for word in words if word not in _NAME_WORDS]
    if deck is not None:
        suit = _deck_suit(named[0], deck) if len(named) == 1 else None
        if suit is None:
            raise MoveParseError(
                f"{shown(text.strip())} is not a suit: name one of {_deck_suits(deck)}"
            )
        return NameSuit(suit)
    suit = suit_named(named[0]) if len(named) == 1 else None
    if suit is None:
        raise MoveParseError(f"{shown(text.strip())} is not a suit: name one of {_SUITS_HINT}")
    return NameSuit(suit)


def read_deck_play(
    words: Sequence[str],
    text: str,
    view: Any,
    deck: Deck,
    *,
    calls: bool,
    announce: bool,
    hint: str = "",
) -> Play | NameSuit:
    """The play ``words`` (from ``text``, :func:`split_move`) name for the seat of
    ``view`` in a game on the declared deck ``deck``: a card of the deck by its text or
    an alias (the longest run of words that names one: ``wild draw four``), then the
    suit a wild card names (its name or letter) and, with ``calls``, "one card" words;
    or a suit alone (naming one for a turned-up wild card). Raises
    :class:`~cardrules.MoveParseError` listing the deck's cards or suits for text that
    names neither, and :class:`~cardrules.IllegalMoveError` for a card the seat does not
    hold.

    >>> from cardrules.decks import UNO_108
    >>> class View:
    ...     hand, legal_moves = UNO_108.parse_cards("R5 W"), ()
    >>> read_deck_play(["w", "blue"], "w blue", View(), UNO_108, calls=False, announce=False)
    Play(card=UnoCard.parse('W'), suit=UnoSuit.parse('blue'), announce=False)
    """
    words = [word for word in words if word not in _NAME_WORDS] or list(words)
    card = None
    failed = CardParseError(f"{shown(text.strip())} names no card")
    for end in range(len(words), 0, -1):
        try:
            card = deck.parse(" ".join(words[:end]))
        except CardParseError as error:
            failed = error
            continue
        break
    if card is None:
        alone = _deck_suit(words[0], deck) if len(words) == 1 else None
        if alone is not None:
            return NameSuit(alone)  # (a turned-up wild card's dealer names one)
        more = f"; or d to draw{hint}" if hint else ""
        raise MoveParseError(f"{failed}{more}") from None
    suit = None
    for word in words[end:]:
        named = _deck_suit(word, deck)
        if calls and word in _ANNOUNCE_WORDS:
            announce = True
        elif named is not None and suit is None:
            suit = named
        else:
            after = "the suit a wild card names" + (
                ' and ! or one to say "one card"' if calls else ""
            )
            raise MoveParseError(
                f"{shown(text.strip())}: after the card, type only {after} ({_deck_suits(deck)})"
            )
    if card not in view.hand:
        raise IllegalMoveError(
            "not_in_hand",
            f"you do not hold {card}; your hand is {deck.format(view.hand) or 'empty'}",
        )
    wild = any(move.card is card and move.suit for move in _plays(view.legal_moves))
    if wild and suit is None:
        raise MoveParseError(
            f"{card} is wild: name the suit to follow too, e.g. {card} {deck.suits[0]} "
            f"({_deck_suits(deck)})"
        )
    return Play(card, suit=suit, announce=announce)


def _plays(legal: Sequence[Any]) -> list[Any]:
    """The plays among ``legal``, a jump-in's play too."""
    return [
        move.play if type(move) is JumpIn else move
        for move in legal
        if isinstance(move, (Play, JumpIn))
    ]


def _deck_suit(word: str, deck: Deck) -> Any:
    """The suit of ``deck`` that ``word`` names, or ``None``."""
    try:
        return deck.parse_suit(word)
    except CardParseError:
        return None


def _deck_suits(deck: Deck) -> str:
    """The suits of ``deck`` as a player types them: ``"red (r), yellow (y)"``."""
    return ", ".join(
        f"{name} ({suit.letter.lower()})" if suit.letter != name else name
        for name, suit in zip(deck.suits, deck.suit_objects, strict=True)
    )


def _read_play(
    words: Sequence[str], text: str, view: Any, *, calls: bool, announce: bool, hint: str
) -> Play:
    """The play of the card ``words`` start with, which the seat must hold, then the
    suit it names (a wild card must name one when the legal moves make it name one)
    and, with ``calls``, "one card" words."""
    words = [word for word in words if word not in _NAME_WORDS] or list(words)
    card = read_card(words[0], "or d to draw" + hint)
    suit: Suit | None = None
    for word in words[1:]:
        named = suit_named(word)
        if calls and word in _ANNOUNCE_WORDS:
            announce = True
        elif named is not None and suit is None:
            suit = named
        elif word not in _NAME_WORDS:
            after = (
                'the suit it names (for an 8) and ! or one to say "one card"'
                if calls
                else "the suit an eight names, e.g. 8h c"
            )
            raise MoveParseError(f"{shown(text.strip())}: after the card, type only {after}")
    held_card(card, view.hand)
    wild = any(move.card == card and move.suit for move in _plays(view.legal_moves))
    if wild and suit is None:
        typed = f"{card.rank.label}{card.suit.letter.lower()}"
        raise MoveParseError(
            f"{card} is wild: name the suit to follow too, e.g. {typed} h or {typed} hearts"
        )
    return Play(card, suit=suit, announce=announce)


def _read_call(words: Sequence[str], view: Any, word: str) -> CallOut:
    """A call on a missed "one card" by the seat of ``view``, with the game's ``word``
    for it: ``word``, ``word 2``, ``word on seat 2``, or the move's own text (``seat 0
    calls seat 2 out``, ``seat 0 calls "word" on seat 2``)."""
    caller = view.seat
    if len(words) > 1 and words[0] == "seat" and words[2:3] == ["calls"]:
        said = words[1]
        if not (said.isascii() and said.isdigit() and digit_count(said) <= _SEAT_DIGITS):
            raise MoveParseError(f"there is no seat {short_number(said)}")
        if int(said) != caller:
            raise IllegalMoveError("not_your_move", "you can make calls only for yourself")
        words = words[3:]
    fillers = _CALL_FILLERS | {*word.split(), word[:1]}
    rest = [said for said in words if said not in fillers]
    if not rest:
        mine = [
            move for move in view.legal_moves if isinstance(move, CallOut) and move.caller == caller
        ]
        return mine[0] if len(mine) == 1 else CallOut(caller)  # (the one seat open to it)
    if len(rest) == 1 and rest[0].isascii() and rest[0].isdigit():
        seat = rest[0]
        # No table has a seat of that many digits: refused unread (Python refuses to
        # read thousands of digits).
        if digit_count(seat) > _SEAT_DIGITS:
            raise MoveParseError(
                f"there is no seat {short_number(seat)}; give the seat to call on (e.g. {word} 2)"
            )
        return CallOut(caller, int(seat))
    if card_named(rest[0]) is not None:
        raise MoveParseError(f"a call names a seat, not a card: {word} 2")
    raise MoveParseError(f"after {word}, give the seat to call on (e.g. {word} 2), not {rest}")


def call_refusal(
    error: IllegalMoveError, move: Any, exposed: Sequence[int], seat: int, call_word: str = "call"
) -> IllegalMoveError:
    """``error``, the rules' refusal of ``move`` sent by ``seat``, saying whom ``seat``
    can call on, and how (with the game's ``call_word``), when ``move`` is a call the
    rules refused for its target (``exposed``: the seats open to a call, public).

    >>> error = IllegalMoveError("not_callable", "seat 1 cannot be called on now")
    >>> print(call_refusal(error, CallOut(0, 1), (2,), 0))
    seat 1 cannot be called on now; you can call on seat 2: call 2
    """
    if not isinstance(move, CallOut) or error.reason not in ("not_callable", "target_needed"):
        return error
    open_on = [other for other in exposed if other != seat]
    if not open_on:
        return error
    names = " and ".join(f"seat {other}" for other in open_on)
    how = " or ".join(f"{call_word} {other}" for other in open_on)
    if error.reason == "target_needed":
        text = f"several players can be called on ({names}): type {how}"
    elif move.target == seat:
        said = "" if call_word == "call" else f' "{call_word}"'
        text = f"you cannot call{said} on yourself; you can call on {names}: {how}"
    else:
        text = f"seat {move.target} cannot be called on now; you can call on {names}: {how}"
    return IllegalMoveError(error.reason, text)


_TYPED = (
    (
        re.compile(r"Announce\(\) and Pass\(\) are only for the one-card deal.*"),
        'one and pass answer only the one-card deal; say "one card" with your play, e.g. QS!',
    ),
    (
        re.compile(r"a suit is named with a wild card: .*"),
        "a suit is named with a wild card, e.g. 8h hearts",
    ),
    (re.compile(r"Play\(([^),]+)\) without suit="), r"\1 without naming a suit"),
    (re.compile(r"e\.g\. Play\(([^),]+), suit='H'\)"), r"e.g. \1 hearts"),
    (re.compile(r"e\.g\. Play\(([^),]+), suit='([^']+)'\)"), r"e.g. \1 \2"),
    (re.compile(r" \(NameSuit\(suit\)\)"), " (a suit, e.g. hearts)"),
    (re.compile(r" \(Announce\(\)\)"), " (one)"),
    (re.compile(r" \(Pass\(\)\)"), " (pass)"),
)
"""The rules' refusals that name moves as Python writes them, as a player types them."""


def typed_refusal(error: IllegalMoveError) -> IllegalMoveError:
    """``error``, the rules' refusal, with moves named as a player types them rather
    than as Python writes them.

    >>> error = IllegalMoveError("no_suit_to_name", "5♥ ends the hand: play Play(5♥) without suit=")
    >>> print(typed_refusal(error))
    5♥ ends the hand: play 5♥ without naming a suit
    """
    text = str(error)
    for pattern, typed in _TYPED:
        text = pattern.sub(typed, text)
    return error if text == str(error) else IllegalMoveError(error.reason, text)
