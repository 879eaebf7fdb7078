"""Hearts moves from text (:meth:`Hearts.read_move
<cardrules.games.hearts.rules.Hearts.read_move>`): while passing, a card to pass
(``QS``, or ``pass QS``: each card is one of the three passed, one move each); in the
play, a card played.
"""

from __future__ import annotations

from typing import Any

from cardrules._movetext import held_card, read_card
from cardrules._text import shown
from cardrules.cards import Card
from cardrules.errors import IllegalMoveError, MoveParseError
from cardrules.games.hearts.moves import CARDS_PASSED, PassCard
from cardrules.tricks.parsing import read_play, typed_words

__all__ = ["read_hearts_move"]

_PASS_WORDS = frozenset({"pass", "p", "give"})


def read_hearts_move(text: str, view: Any) -> Any:
    """The move ``text`` names for the seat of ``view``: a :class:`PassCard` while
    passing, a play after. A card not held, or already chosen to pass, is refused with
    :class:`~cardrules.IllegalMoveError`.

    >>> import cardrules as cr
    >>> game = cr.Hearts()
    >>> view = game.observe(game.new_game(seed=1), 1)
    >>> card = view.hand[0]
    >>> game.parse_move(f"pass {card}", view) == PassCard(card)
    True
    """
    words = typed_words(text)
    passing = view.phase == "pass"
    if not (words and words[0] in _PASS_WORDS):
        if passing:
            return PassCard(_card_to_pass(words, text, view))
        return read_play(text, view)
    if not passing:
        card = read_card(words[1]) if len(words) == 2 else None
        raise IllegalMoveError(
            "not_passing_now",
            "cards are passed only before the play: type the card to play it"
            + (f" ({card})" if card is not None else ""),
        )
    return PassCard(_card_to_pass(words[1:], text, view))


def _card_to_pass(words: list[str], text: str, view: Any) -> Card:
    if len(words) > 1:
        raise MoveParseError(
            f"{shown(text.strip())}: pass one card at a time, e.g. pass QS "
            f"({CARDS_PASSED} moves for the {CARDS_PASSED} cards)"
        )
    if not words:
        raise MoveParseError(f"{shown(text.strip())}: type a card to pass, e.g. pass QS")
    card = held_card(read_card(words[0], "or pass QS"), view.hand)
    if view.payload is not None and card in view.payload.passed[view.seat]:
        raise IllegalMoveError("already_passing", f"you have already chosen to pass {card}")
    return card
