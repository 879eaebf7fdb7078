"""Skat moves from text (:meth:`Skat.read_move
<cardrules.games.skat.rules.Skat.read_move>`), read from the seat's view alone.

- The bidding: a value (``18``, ``bid 20``) or ``pass``; the seat bid to answers
  ``hold`` (``yes``, or the value just bid) or ``pass``. In OpenSpiel's bidding a
  game is named (``grand``) or the seat passes.
- The skat: ``take`` (``take the skat``, ``pick up``) or ``hand`` (``play hand``).
- The discards, one card at a time: ``discard 10s``, or the card alone (``10s``).
- The declaration: a game (``clubs``, ``c``, ``♣``, ``grand``, ``null``), with
  ``hand`` (said, not chosen here: it is a hand game if the skat was left),
  ``schneider``, ``schwarz`` or ``ouvert`` announced (``hearts hand schneider``,
  ``null ouvert``).
- The play: a card (``js``, ``10h``, ``play 10h``).

A move of another phase, or an announcement the declaration cannot take, is refused
in Skat's words (:class:`~cardrules.IllegalMoveError`), saying what may be typed now.
"""

from __future__ import annotations

from typing import Any

from cardrules._movetext import card_named, digit_count, held_card, short_number, suit_named
from cardrules._text import shown
from cardrules.cards import Card, Suit
from cardrules.errors import IllegalMoveError, MoveParseError
from cardrules.games.skat.moves import (
    Declare,
    GameKind,
    Hold,
    PlayHand,
    SkatBid,
    SkatDeal,
    SkatDiscard,
    TakeSkat,
)
from cardrules.games.skat.scoring import BID_VALUES
from cardrules.moves import Pass, Play
from cardrules.tricks.parsing import read_play

__all__ = ["GAME_WORDS", "discard_choices", "read_skat_move"]

_PASS_WORDS = frozenset({"pass", "p", "no", "n", "weg", "passe"})
_HOLD_WORDS = frozenset({"hold", "h", "yes", "y", "ja", "holds"})
_TAKE_WORDS = frozenset(
    {"take", "t", "takeskat", "taketheskat", "pickup", "pick", "skat", "pickuptheskat"}
)
_HAND_WORDS = frozenset({"hand", "playhand", "handgame", "hand-game", "handspiel"})
_BID_PREFIX = frozenset({"bid", "bids", "b", "say", "sage"})
_DISCARD_PREFIX = frozenset({"discard", "discards", "d", "drop", "lay", "push", "druecke"})
_ASIDE = frozenset({"aside", "away"})
_PLAY_PREFIX = frozenset({"play", "plays"})
_DECLARE_FILLER = frozenset({"declare", "declares", "game", "announced", "announce", "angesagt"})
_DECLARE_FILLER |= frozenset({"with", "and", "a", "an", "play", "spiel"})

GAME_WORDS: dict[str, GameKind] = {
    "grand": "grand",
    "g": "grand",
    "null": "null",
    "nul": "null",
    "kreuz": "clubs",
    "pik": "spades",
    "herz": "hearts",
    "karo": "diamonds",
}
"""Words for a game besides the suits' own (``clubs``, ``c``, ``♣``): Grand, Null and
the German suit names."""
_KIND_OF_SUIT: dict[Suit, GameKind] = {
    Suit.CLUBS: "clubs",
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
}
_SCHNEIDER = frozenset({"schneider"})
_SCHWARZ = frozenset({"schwarz"})
_OUVERT = frozenset({"ouvert", "open", "offen"})
_BID_TEXT = ", ".join(str(value) for value in BID_VALUES[:6])
_GAMES_TEXT = "clubs, spades, hearts, diamonds, grand or null"


def read_skat_move(text: str, view: Any) -> Any:
    """The move ``text`` names for the seat of ``view``, legal or not.

    >>> import cardrules as cr
    >>> game = cr.Skat()
    >>> state = game.new_game(seed=2, dealer=0)
    >>> view = game.observe(state, state.to_move)
    >>> game.parse_move("18", view), game.parse_move("pass", view)
    (SkatBid(value=18), Pass())
    >>> read_skat_move("19", view)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    cardrules.errors.MoveParseError: '19' is not a value that may be bid: ... above 19: 20)
    """
    words = text.lower().replace(",", " ").split()
    if not words:
        raise MoveParseError(f"{shown(text.strip())} names no move")
    deal = view.payload if type(view.payload) is SkatDeal else SkatDeal()
    phase = view.phase
    if phase == "bid":
        return _read_bid(words, text, view, deal)
    if phase == "pickup":
        return _read_pickup(words, text, view)
    if phase == "discard":
        return _read_discard(words, text, view)
    if phase == "declare":
        return _read_declaration(words, text, view, deal)
    return _read_play(words, text, view)


# -- the bidding -------------------------------------------------------------------


def _read_bid(words: list[str], text: str, view: Any, deal: SkatDeal) -> Any:
    joined = "".join(words)
    if joined in _PASS_WORDS:
        return Pass()
    declared = _declaration_words(words)
    my_turn = view.to_move == view.seat
    openspiel = any(type(move) is Declare for move in view.legal_moves)
    if openspiel:
        if declared is None:
            raise MoveParseError(f"{shown(text.strip())}: name a game ({_GAMES_TEXT}) or pass")
        kind, extras = declared
        if extras:
            raise IllegalMoveError(
                "no_announcements",
                "this bidding names a game alone (no hand games or announcements): "
                f"name {_GAMES_TEXT}, or pass",
            )
        return Declare(kind)
    if declared is not None and not my_turn:
        return Declare(declared[0])  # (refused: it is not this seat's turn)
    asked = view.seat == deal.listener and view.seat != deal.bidder
    if joined in _HOLD_WORDS or (
        len(words) == 2 and words[0] in _HOLD_WORDS and words[1] == str(deal.bid)
    ):
        if my_turn and not asked:
            raise IllegalMoveError(
                "not_asked", f"no bid was made to you to hold: {_bid_hint(view, deal)}"
            )
        return Hold()
    if words[0] in _BID_PREFIX and len(words) > 1:
        words = words[1:]
    if len(words) == 1 and words[0].isascii() and words[0].isdigit():
        value = _bid_value(words[0], text)
        if asked and my_turn:
            if value == deal.bid:
                return Hold()  # (the value just bid, said back: "yes")
            raise IllegalMoveError(
                "answer_the_bid",
                f"seat {deal.bidder} bid {deal.bid} to you: answer hold (yes) or pass; "
                "you bid only once they pass",
            )
        if my_turn and value <= deal.bid:
            raise IllegalMoveError("bid_too_low", _bid_more(deal.bid))
        return SkatBid(value)
    if declared is not None:
        raise IllegalMoveError(
            "declare_after_bidding",
            "the game is declared once the bidding is won: now " + _bid_hint(view, deal),
        )
    if len(words) == 1 and card_named(words[0]) is not None:
        raise IllegalMoveError(
            "no_play_now", "no card is played in the bidding: " + _bid_hint(view, deal)
        )
    raise MoveParseError(f"{shown(text.strip())} is not a bid: {_bid_hint(view, deal)}")


def _bid_value(word: str, text: str) -> int:
    """The value ``word`` (ASCII digits) says, which must be one a player may bid."""
    if digit_count(word) <= len(str(BID_VALUES[-1])):
        value = int(word)
        if value in BID_VALUES:
            return value
        above = next((bid for bid in BID_VALUES if bid > value), None)
        nearest = f" (the next above {value}: {above})" if above is not None else ""
    else:
        nearest = ""
    raise MoveParseError(
        f"{shown(short_number(text))} is not a value that may be bid: the values are "
        f"{_BID_TEXT}, ... up to {BID_VALUES[-1]}{nearest}"
    )


def _bid_more(bid: int) -> str:
    higher = [value for value in BID_VALUES if value > bid]
    if not higher:
        return f"the bid is {bid}, the highest there is: pass"
    return f"the bid is {bid}: bid more ({higher[0]} or above) or pass"


def _bid_hint(view: Any, deal: SkatDeal) -> str:
    """What the seat may type in the bidding."""
    if view.seat == deal.listener and view.seat != deal.bidder:
        return "answer hold (yes) or pass"
    higher = next((value for value in BID_VALUES if value > deal.bid), None)
    if higher is None:
        return "pass"
    return f"bid a value ({higher} or above, e.g. {higher} or bid {higher}) or pass"


# -- the skat and the discards -----------------------------------------------------


def _read_pickup(words: list[str], text: str, view: Any) -> Any:
    joined = "".join(words)
    if joined in _TAKE_WORDS:
        return TakeSkat()
    if joined in _HAND_WORDS:
        return PlayHand()
    hint = "type take (pick up the skat) or hand (play without it)"
    if _declaration_words(words) is not None:
        raise IllegalMoveError("pickup_first", f"the game is declared next: first {hint}")
    raise MoveParseError(f"{shown(text.strip())}: {hint}")


def _read_discard(words: list[str], text: str, view: Any) -> SkatDiscard:
    hint = "type a card to lay aside, e.g. discard 10s"
    if words[0] in _DISCARD_PREFIX and len(words) > 1:
        words = [word for word in words[1:] if word not in _ASIDE]
    cards = [card_named(word) for word in words]
    if len(words) > 1 and all(card is not None for card in cards):
        raise MoveParseError(
            f"{shown(text.strip())}: discard one card at a time (discard {cards[0]}, then "
            f"discard {cards[1]})"
        )
    card = cards[0] if len(words) == 1 else None
    if card is None:
        if _declaration_words(words) is not None:
            raise IllegalMoveError(
                "discard_first", f"the game is declared once two cards are laid aside: {hint}"
            )
        raise MoveParseError(f"{shown(text.strip())} names no card: {hint}")
    deal = view.payload if type(view.payload) is SkatDeal else SkatDeal()
    if view.to_move == view.seat:
        if card in deal.discards:
            raise IllegalMoveError(
                "already_laid_aside", f"you have already laid {card} aside: {hint}"
            )
        held_card(card, discard_choices(view))
    return SkatDiscard(card)


def discard_choices(view: Any) -> tuple[Card, ...]:
    """The cards the declarer may still lay aside, from their ``view``: the hand and
    the skat picked up, less the cards already laid aside (the hand stays the ten
    dealt until both are laid aside).

    >>> import cardrules as cr
    >>> from cardrules.games.skat import TakeSkat
    >>> game = cr.Skat()
    >>> state = game.new_game(seed=2, dealer=0)
    >>> for move in (SkatBid(18), Hold(), Pass(), Pass(), TakeSkat()):
    ...     state = game.apply(state, move)
    >>> len(discard_choices(game.observe(state, state.to_move)))
    12
    """
    deal = view.payload if type(view.payload) is SkatDeal else SkatDeal()
    if view.phase != "discard":
        return tuple(view.hand)
    cards = [*view.hand, *(card for card in deal.skat if card not in view.hand)]
    return tuple(card for card in cards if card not in deal.discards)


# -- the declaration ---------------------------------------------------------------


def _declaration_words(words: list[str]) -> tuple[GameKind, frozenset[str]] | None:
    """The game ``words`` name and the extras said with it (``"hand"``, ``"schneider"``,
    ``"schwarz"``, ``"ouvert"``), or ``None`` if they name no game (or more than one).

    >>> kind, extras = _declaration_words(["hearts", "hand", "schneider"])
    >>> kind, sorted(extras)
    ('hearts', ['hand', 'schneider'])
    >>> _declaration_words(["declare", "null", "open"])
    ('null', frozenset({'ouvert'}))
    >>> _declaration_words(["18"]) is None
    True
    """
    kind: GameKind | None = None
    extras: set[str] = set()
    for word in words:
        if word in _DECLARE_FILLER:
            continue
        if word in _HAND_WORDS:
            extras.add("hand")
        elif word in _SCHNEIDER:
            extras.add("schneider")
        elif word in _SCHWARZ:
            extras.add("schwarz")
        elif word in _OUVERT:
            extras.add("ouvert")
        else:
            named = _game_named(word)
            if named is None or kind is not None:
                return None
            kind = named
    return None if kind is None else (kind, frozenset(extras))


def _game_named(word: str) -> GameKind | None:
    if word in GAME_WORDS:
        return GAME_WORDS[word]
    suit = suit_named(word)
    return None if suit is None else _KIND_OF_SUIT[suit]


def _read_declaration(words: list[str], text: str, view: Any, deal: SkatDeal) -> Declare:
    hint = f"declare a game: {_GAMES_TEXT}"
    if deal.hand:
        hint += " (a hand game may announce schneider, schwarz or ouvert)"
    else:
        hint += " (or null ouvert)"
    declared = _declaration_words(words)
    if declared is None:
        if len(words) == 1 and card_named(words[0]) is not None:
            raise IllegalMoveError(
                "declare_first", f"no card is played before the game is declared: {hint}"
            )
        raise MoveParseError(f"{shown(text.strip())} names no game: {hint}")
    kind, extras = declared
    ouvert = "ouvert" in extras
    if kind == "null":
        if extras & {"schneider", "schwarz"}:
            raise IllegalMoveError(
                "null_announces_ouvert_only",
                "a Null game announces no schneider or schwarz: declare null, or null ouvert",
            )
        move = Declare("null", ouvert=ouvert)
    else:
        schwarz = ouvert or "schwarz" in extras
        move = Declare(
            kind, schneider=schwarz or "schneider" in extras, schwarz=schwarz, ouvert=ouvert
        )
    if view.to_move == view.seat and deal.hand is False:
        if "hand" in extras:
            raise IllegalMoveError(
                "not_a_hand_game", f"you took the skat, so this is no hand game: {hint}"
            )
        if move.schneider:
            raise IllegalMoveError(
                "announced_in_hand_games_only",
                "you took the skat: schneider, schwarz and an open game are announced in a "
                f"hand game only; {hint}",
            )
    return move


# -- the play ----------------------------------------------------------------------


def _read_play(words: list[str], text: str, view: Any) -> Play:
    if view.to_move is not None and len(words) <= 3:
        joined = "".join(words)
        if joined in _PASS_WORDS | _HOLD_WORDS or words[0] in _BID_PREFIX:
            raise IllegalMoveError("play_a_card", "the bidding is over: play a card, e.g. 10h")
        if joined in _TAKE_WORDS | _HAND_WORDS or (len(words) > 1 and words[0] in _DISCARD_PREFIX):
            raise IllegalMoveError(
                "play_a_card", "the skat and the discards are settled: play a card, e.g. 10h"
            )
        if _declaration_words(words) is not None and card_named(joined) is None:
            raise IllegalMoveError("play_a_card", "the game is declared: play a card, e.g. 10h")
    if words[0] in _PLAY_PREFIX:
        words = words[1:]
    return read_play(" ".join(words) or text, view)
