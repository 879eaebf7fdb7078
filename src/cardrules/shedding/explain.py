"""Why a move of a shedding game is not allowed: the :class:`~cardrules.IllegalMoveError`
(with its reason code) for a move that is not among the legal moves.

The messages speak to the player to move and name no card but the move's own and the
top of the discard pile (see :meth:`Game.apply <cardrules.game.Game.apply>` on
``seat=``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from cardrules.errors import IllegalMoveError
from cardrules.moves import NameSuit, Pass, Play
from cardrules.shedding.core import Action
from cardrules.shedding.moves import SHEDDING_MOVES, Announce, Draw
from cardrules.shedding.state import Phase, ShedState

if TYPE_CHECKING:
    from cardrules.shedding.engine import SheddingGame

__all__ = ["explain"]


def _matches(state: ShedState, card: Any) -> bool:
    """Whether ``card`` may be played now by the matching rule alone (the count's cards
    while it runs), before a game's own ``playable``."""
    tables = state.card_lookup
    bit = tables.bit_of[card]
    if state.count:
        return bool(tables.count_mask & bit)
    return bool(tables.matching[state.suit][state.face] & bit)


def _words(game: SheddingGame[Any, Any]) -> tuple[str, str, str]:
    """The game's words for a suit, for what a card matches besides the suit, and for
    what is said with the next-to-last card (its ``suit_word``, ``face_word`` and
    ``one_card_word``)."""
    face = game.face_word
    if face is None:
        face = "rank" if game.card_table.deck is None else "face"
    return game.suit_word, face, game.one_card_word


def explain(game: SheddingGame[Any, Any], state: ShedState, move: object) -> Exception:
    """The error for ``move`` when the player to move in ``state`` may not make it."""
    if not isinstance(move, SHEDDING_MOVES):
        return game.foreign_move(move, game.moves_are())
    suit_word, face_word, said = _words(game)
    phase = state.phase
    if phase is Phase.NAME_SUIT and not isinstance(move, NameSuit):
        turned = (
            "you turned up a wild card as dealer and"
            if game.turned_up_names == "dealer"
            else "a wild card was turned up: you"
        )
        return IllegalMoveError(
            "must_name_suit",
            f"{turned} must first name the {suit_word} to follow (NameSuit(suit))",
        )
    if phase is Phase.ANNOUNCE and not isinstance(move, (Announce, Pass)):
        return IllegalMoveError(
            "must_announce_or_pass",
            f'you must first say "{said}" (Announce()) or stay silent (Pass()) on '
            "receiving your one card",
        )
    tables = state.card_lookup
    deck = tables.deck
    if isinstance(move, NameSuit):
        if deck is not None:  # (typed: the deck's own wild card and suit)
            wilds = [card for card in deck.kind_cards if tables.rule_of[card].is_wild]
            example = f", e.g. {wilds[0]} {deck.suits[0]}" if wilds else ""
            return IllegalMoveError(
                "no_suit_to_name", f"a {suit_word} is named with a wild card{example}"
            )
        return IllegalMoveError(
            "no_suit_to_name", f"a {suit_word} is named with a wild card: Play(card, suit=...)"
        )
    if isinstance(move, Announce):
        return IllegalMoveError(
            "not_announcement_time",
            "Announce() and Pass() are only for the one-card deal (one_card_deal_announce); "
            f'say "{said}" with Play(card, announce=True)',
        )
    hand = state.hands[cast(int, state.to_move)]
    held = state.hand_mask(cast(int, state.to_move))
    allowed, form, _ = game.allowed(state, held)
    playable = tables.cards(allowed)
    if isinstance(move, Pass):
        if game.pass_by_choice and phase is Phase.PLAY:
            return IllegalMoveError(
                "cannot_pass",
                "pass only when you cannot draw: the stock is empty or you have drawn "
                "as many cards as a turn allows (see legal_moves)",
            )
        if game.pass_when_stuck and phase is Phase.PLAY:
            return IllegalMoveError(
                "cannot_pass",
                "pass only when you can neither play a card nor draw one (see legal_moves)",
            )
        return IllegalMoveError(
            "not_announcement_time",
            "Announce() and Pass() are only for the one-card deal (one_card_deal_announce); "
            f'say "{said}" with Play(card, announce=True)',
        )
    drawn_only = game.drawn_card_only and state.draws_this_turn and phase is Phase.PLAY
    if isinstance(move, Draw):
        if drawn_only:
            return IllegalMoveError(
                "drawn_card_only",
                "you have drawn this turn: now only the card just drawn may be played (if it "
                "can be), or pass (Pass())",
            )
        if state.count:
            return IllegalMoveError(
                "must_play",
                f"the count is running ({state.count}) and you hold a card that adds to "
                "it: playing is compulsory when possible (see legal_moves)",
            )
        if playable and game.draw_only_when_stuck:
            return IllegalMoveError(
                "must_play",
                "playing is compulsory when possible, and you hold a card you can play "
                "(see legal_moves)",
            )
        limit = game.draw_limit
        if limit is not None and state.draws_this_turn >= limit:
            return IllegalMoveError(
                "draw_limit", f"you have drawn {limit} cards this turn, as many as a turn allows"
            )
        if game.reshuffle_when == "never":
            return IllegalMoveError(
                "cannot_draw", "the stock is used up (the discard pile is not reshuffled)"
            )
        return IllegalMoveError("cannot_draw", "the stock and the discard pile are used up")
    play = cast(Play, move)  # a CallOut never gets here
    card = play.card
    if not tables.is_card(card):  # (the cards of two decks are equal ints)
        where = "French" if deck is None else f"the {deck.name} deck's"
        return IllegalMoveError(
            "not_in_hand", f"{card} is not a card of this game, which plays {where} cards"
        )
    if card not in hand:
        return IllegalMoveError("not_in_hand", f"you do not hold {card}")
    if card not in playable:
        if drawn_only:
            return IllegalMoveError(
                "drawn_card_only",
                f"you have drawn this turn: only the card just drawn may be played now (if it "
                f"can be), not {card}, or pass (Pass())",
            )
        if _matches(state, card):  # allowed by the matching rule, not by the game's own
            return IllegalMoveError(
                "not_playable_now",
                f"{type(game).__name__}'s rules do not let you play {card} now (see legal_moves)",
            )
        if state.count:
            return IllegalMoveError(
                "must_follow_count",
                f"the count is running ({state.count}): only a card that adds to it "
                f"{'(an A or a 2 by default) ' if deck is None else ''}may be played, or "
                "draw the count",
            )
        return IllegalMoveError(
            "does_not_match",
            f"{card} matches neither the {suit_word} to follow ({state.suit.symbol}) nor "
            f"the {face_word} of {state.top or 'the card to match'}, and is not wild",
        )
    if state.count and play.suit is not None:
        return IllegalMoveError(
            "no_suit_to_name",
            f"{card} may be played into the count, but no suit is named there: "
            f"play Play({card!s}) without suit=",
        )
    wild = tables.action_of[card] is Action.WILD
    if wild and not state.count and not form & 2:  # its play ends the hand
        if play.suit is not None:
            return IllegalMoveError(
                "no_suit_to_name",
                f"{card} ends the hand: there is no {suit_word} to follow, so none is named; "
                f"play Play({card!s}) without suit=",
            )
        wild = False  # (played plainly)
    if wild and not state.count and play.suit is None:
        return IllegalMoveError(
            "wild_needs_suit",
            f"{card} is wild: name a {suit_word}, e.g. "
            f"Play({card!s}, suit='{tables.suits[0].letter}')",
        )
    if play.suit is not None and not wild:
        return IllegalMoveError(
            "no_suit_to_name",
            f"only a wild card that names a {suit_word} may name one, not {card}",
        )
    if form & 1:  # (the play was allowed: apply asks only after a refusal)
        return IllegalMoveError(
            "not_allowed", f"{game.play_text(play)} is not allowed now (see legal_moves)"
        )
    if not game.one_card_calls:
        title = type(game).__name__
        return IllegalMoveError("no_announcement", f'{title} has no "{said}" announcement')
    return IllegalMoveError(
        "announcement_not_applicable",
        f'"{said}" is said only with a play that leaves exactly one card; you hold {len(hand)}',
    )
