"""The engine of shedding games (the Crazy Eights family): deals, turns, matching, card
functions, the count, draws and reshuffles, "one card" calls, views and
determinization, configured by a card table and a few rules.

A game is a subclass that says what it deals (:meth:`SheddingGame.cards_each`,
:attr:`SheddingGame.deck`, :attr:`SheddingGame.hands_in_game`), how it scores
(:meth:`SheddingGame.hand_scores`, :meth:`SheddingGame.game_winners`) and, if a hand
may end otherwise than by a player going out or a block, when
(:meth:`SheddingGame.hand_over`), holds a
``card_table`` (:class:`~cardrules.shedding.core.CardTable`: what each rank does and
scores), and picks its policies with class attributes: whether the turned-up card acts
as the dealer's play, whether players must say "one card", when a player may draw and
whether drawing ends the turn. Craits is one such game
(:mod:`cardrules.games.craits`); the Crazy Eights example is another. The mechanics are
in :mod:`cardrules.shedding.flow`; the states and views in :mod:`cardrules.shedding.state`.

A shedding game on a declared deck (:mod:`cardrules.decks`: UNO's 108, a doubled French
deck with jokers, a deck of one's own) holds a card table made for it,
:meth:`CardTable.for_deck <cardrules.shedding.core.CardTable.for_deck>`, whose deck is
its :attr:`SheddingGame.card_deck`. A card then matches the suit (colour) to follow, or
the face to match (the same kind and rank of card: ``R5`` on ``G5``), or is wild, and a
wild card names one of the deck's suits (:meth:`Deck.suit <cardrules.decks.Deck.suit>`).
Everything else works as for the French cards, on the deck's cards: deals, views, events
and their text, records, move ids (one per kind of card, a wild card once per suit),
determinize, explicit chance, positions and typed moves. The card model of both is the
:class:`~cardrules.shedding.state.CardLookup` of the card table.

>>> from cardrules.decks import UNO_108
>>> from cardrules.shedding.core import CardRule
>>> table = CardTable.for_deck(UNO_108, {"wild": CardRule("wild", 50),
...                                      "wild_draw_four": CardRule("wild", 50, draws=4)})
>>> class Colours(SheddingGame):
...     name = ""  # (not registered)
...     players, card_table = 2, table
...     def cards_each(self, hand_number):
...         return 7
...     def hand_scores(self, hands, blocked):
...         return tuple(sum(card.value for card in hand) for hand in hands)
>>> game = Colours()
>>> state = game.position(["R5 W", "G5"], discard="R7", to_move=0)
>>> [str(move) for move in game.legal_moves(state)][:2], game.card_deck.name
(['R5', 'W naming red'], 'Uno')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar, cast

from cardrules._text import shown
from cardrules.cards import Card, Suit
from cardrules.deck import STANDARD_DECK, DeckSpec
from cardrules.decks import Deck
from cardrules.errors import IllegalMoveError, RulesError, SeatError, SetupError
from cardrules.events import Event, MovePlayed
from cardrules.game import Game
from cardrules.moves import Move, NameSuit, Pass, Play
from cardrules.rng import randbelow, seed_state
from cardrules.seats import CLOCKWISE, is_seat
from cardrules.shedding.core import Action, CardTable
from cardrules.shedding.events import CalledOut
from cardrules.shedding.flow import (
    advance,
    announce_move,
    draw_cards,
    draw_move,
    end_hand,
    finished,
    forfeit_turn,
    name_suit_move,
    pass_move,
    penalize,
    play_card,
    start_play,
    work_on,
)
from cardrules.shedding.moves import SHEDDING_MOVES, Announce, CallOut, Draw, JumpIn
from cardrules.shedding.parsing import call_refusal, read_shedding_move, typed_refusal
from cardrules.shedding.setup import determinized, new_state, position
from cardrules.shedding.state import (
    PLAYS,
    PLAYS_NAMING,
    PLAYS_NAMING_SAYING,
    PLAYS_SAYING,
    Phase,
    ShedState,
    ShedView,
    tables_for,
)
from cardrules.values import with_slots

__all__ = ["SheddingGame"]

_PLAYING = Phase.PLAY
_NAMING = Phase.NAME_SUIT
_WILD = Action.WILD
_DRAW = Draw()
_PASS = Pass()
_DRAW_ONLY: tuple[Move, ...] = (_DRAW,)
_PASS_ONLY: tuple[Move, ...] = (_PASS,)
_ANNOUNCE_OR_PASS: tuple[Move, ...] = (Announce(), _PASS)

S = TypeVar("S", bound=ShedState)
V = TypeVar("V", bound=ShedView)
F = TypeVar("F", bound=Callable[..., Any])


def _default_hook(method: F) -> F:
    """Mark ``method`` as the engine's default of a hook asked only of the games that
    override it (:func:`cardrules.shedding.state.overrides`)."""
    method.default_hook = True  # type: ignore[attr-defined]
    return method


class SheddingGame(Game[S, Any, V]):
    """Base class of shedding games: see the module documentation.

    Its policies are class attributes (documented where they are defined, below) that
    a game fixes or makes options. Those for games in the manner of UNO, each shown on
    a Crazy Eights of one's own (with ``special_cards`` a 2 starts a count of two, a
    queen skips, an ace reverses) or on Craits, and its hooks :meth:`playable` and
    :meth:`after_draw`, and a card that makes the next player draw
    (:class:`~cardrules.shedding.core.CardRule`'s ``draws``):

    >>> import cardrules as cr
    >>> class Eights(cr.CrazyEights):
    ...     name = ""  # (not registered)
    ...     reverse_with_two = "skip"  # with two players a reverse skips too
    ...     drawn_card_only = True  # after a draw only the drawn card, or pass
    ...     turned_up_reverse = "dealer"  # the dealer plays first after a turned-up reverse
    >>> game = Eights(players=2, special_cards=True)
    >>> state = game.position(["AH 3C", "4D"], discard="KH", stock="5S", to_move=0)
    >>> step = game.step(state, cr.Play("AH"))
    >>> [str(event) for event in step.events[2:]], step.state.to_move
    (['Play now goes counter-clockwise.', 'Seat 1 is skipped by seat 0.'], 0)
    >>> state = game.position(["9H 3C", "4D"], discard="KH", stock="5H 6S", to_move=0)
    >>> [str(move) for move in game.legal_moves(game.apply(state, cr.Draw()))]
    ['5♥', 'pass']
    >>> others = [card for card in cr.cards.ALL_CARDS if card.rank != 14]
    >>> aces = [card for card in cr.cards.ALL_CARDS if card.rank == 14]
    >>> state = game.new_game(seed=1, dealer=0, deck=others[:14] + aces + others[14:])
    >>> str(state.top), state.direction, state.to_move  # turned up: the dealer plays first
    ('A♣', -1, 0)

    ``turned_up_names`` (who names the suit of a turned-up wild card: the dealer, the
    first player, or nobody, at random) and ``turned_up_draws_skip`` (whether the
    first player made to draw by the turned-up card also loses the turn) are shown in
    tests/test_shedding_features.py; ``reshuffle_takes_top`` (a draw the stock cannot
    meet reshuffles the whole pile and the stock) on Craits:

    >>> class ShortStock(cr.Craits):
    ...     name = ""  # (not registered)
    ...     reshuffle_takes_top = True
    >>> game = ShortStock(players=2)
    >>> state = game.position(["4C 5C", "4D 5D"], discard="9S 6H", to_move=0)
    >>> state = game.apply(state, cr.Draw())  # (no stock: the pile and its top card)
    >>> state.discard, state.stock_size, str(state.suit)
    ((), 1, '♥')
    """

    __slots__ = ()

    state_class: ClassVar[type[ShedState]] = ShedState
    view_class: ClassVar[type] = ShedView

    # The engine's policies. Each is read as an attribute of the game, so a game either
    # fixes it (a class attribute, as Craits does) or makes it one of its constructor
    # options (an attrs field of the same name, as the Crazy Eights example does); these
    # are the defaults.

    turned_up_acts: bool | frozenset[int] | frozenset[str] = True
    """Whether the card turned up to start the pile acts as the dealer's play (its
    function happens, a wild card makes the dealer name the suit): ``True`` for
    every rank, ``False`` for none, or the ranks (2 … 14) that act (on a declared deck,
    the kinds of card that act: names of :attr:`CardKind.kind
    <cardrules.decks.CardKind.kind>`, such as ``"skip"``). A turned-up wild card that
    does not act goes back into the stock (see ``turned_up_wild``) and the next card is
    turned up; any other card that does not act just starts the pile."""
    turned_up_wild: Literal["under_stock", "shuffled_in"] = "under_stock"
    """Where a turned-up wild card that does not act goes: under the stock, or shuffled
    back into it (so the next card turned up may be any unseen card, that one too)."""
    one_card_calls: bool = False
    """Whether a play leaving one card must say "one card": a player who does not may
    be called out (``CallOut``) by the others until the next card is played or drawn,
    and pays :meth:`penalize_missed_call`."""
    call_word: str = "call"
    """With ``one_card_calls``: the game's word for a call on a missed "one card", which
    a player types to call (``call 2``; in any case) and the texts of the call and its
    penalty say ('Seat 1 calls "UNO" on seat 2!'); ``"call"``, the default, is no word
    of its own ("Seat 1 calls seat 2 out!")."""
    one_card_word: str = "one card"
    """What a player says with a play that leaves one card (``one_card_calls``), as
    the texts tell it: 'Seat 0 plays 5♥, says "one card".' (UNO: ``"UNO"``). Words
    only: the events' texts (given the game) and the refusals read it, the moves never."""
    suit_word: str = "suit"
    """What the texts call a suit: "names ♥ as the suit to follow" (UNO: ``"colour"``)."""
    face_word: str | None = None
    """What the texts call what a card matches besides the suit: ``None``, "rank" on
    the French cards and "face" on a declared deck (UNO: ``"number or symbol"``).

    >>> import cardrules as cr
    >>> game = cr.Uno(players=2)
    >>> state = game.position(["G5 B1", "Y2"], discard="R3", to_move=0)
    >>> print(game.why_illegal(state, cr.Play(game.card_deck.parse("G5"))))
    G5 matches neither the colour to follow (red) nor the number or symbol of R3, and is not wild
    """
    calls_penalized_at_once: bool = False
    """With ``one_card_calls``: whether a missed "one card" is penalized at once,
    without a call (for simulations)."""
    draw_only_when_stuck: bool = True
    """Whether a player may draw only when no card can be played."""
    draw_keeps_turn: bool = False
    """Whether the player who draws moves again (else the turn passes).
    Drawing the count always ends the turn."""
    draw_limit: int | None = None
    """With ``draw_keeps_turn``: how many cards a player may draw in one turn (``None``:
    no limit). At the limit the player may not draw again that turn."""
    pass_when_stuck: bool = False
    """Whether a player who can neither play nor draw passes with ``Pass()`` (else
    ``Draw()`` draws nothing)."""
    pass_by_choice: bool = False
    """Whether a player who cannot draw (nothing to draw, or ``draw_limit`` reached)
    may pass with ``Pass()`` even when a card could be played."""
    reshuffle_when: Literal["never", "drawing", "stock_empty"] = "drawing"
    """When the discard pile but its top card is shuffled into a new stock:
    ``"drawing"`` (when a player must draw from an empty stock),
    ``"stock_empty"`` (at once, as soon as the stock is empty and the pile has more than
    its top card: after the draw that empties it, or the next card played) or
    ``"never"`` (an empty stock stays empty: nothing more is drawn)."""
    reshuffle_takes_top: bool = False
    """With ``reshuffle_when="drawing"``: whether a draw that needs more cards than the
    stock holds shuffles the whole discard pile, its top card too, with the stock's
    cards into a new stock (told by ``PileReshuffled``), rather than the pile but its
    top card once the stock is spent. The pile is then empty: the suit and the face to
    match stay as they were."""
    count_needs_stock: bool = False
    """Whether a card that starts a count is played as a plain card when nothing can be
    drawn (else it starts the count anyway)."""
    count_after_going_out: bool = True
    """Whether a card that starts or raises the count still makes the next player draw
    when it is the player's last card; if not, going out ends the hand
    at once, whatever the last card."""
    continue_after_count_out: bool = False
    """Whether a hand goes on after a count ends if somebody went out during it but
    holds cards again."""
    max_plays: int | None = None
    """A cap on the cards played in a hand: the play that reaches it ends the hand as a
    blocked one (``None``: no cap). Draws, passes and named suits do not count."""
    blocked_after: int | None = None
    """How many idle turns in a row (nothing played or drawn) block the hand;
    ``None``: one for each player."""
    last_penalty_card_is_pass: bool = False
    """Whether drawing the count counts as an idle turn when its last card empties the
    stock (OpenSpiel's Crazy Eights does so)."""
    names_suit_at_end: bool = True
    """Whether a wild card whose play ends the hand (the player's last card, or the play
    that reaches ``max_plays``) names a suit all the same (its ``SuitNamed``
    is told); if not, it is played as ``Play(card)``, with no suit to name, as
    OpenSpiel's Crazy Eights plays it (it asks for no suit then)."""
    draws_for_first_dealer: bool = False
    """Whether a game started without a dealer makes the players draw for it (the lowest
    card deals); if not, see ``random_first_dealer``."""
    random_first_dealer: bool = False
    """Whether a game started without a dealer (and without a draw for it) has one
    picked uniformly at random from the seed; if not, seat 0 deals."""
    drawn_card_only: bool = False
    """With ``draw_keeps_turn``: whether a player who has drawn this turn may play only
    the card just drawn (if it can be played) or ``Pass()``, and draw no more.

    The engine's draw policies express the other common draw rules: drawing until a
    card can be played is ``draw_keeps_turn=True`` with ``draw_only_when_stuck=True``
    (a player draws while no card can be played and keeps the turn; the first card
    that can be played must then be played, since a stuck player's only playable card
    is the one just drawn) and ``pass_when_stuck=True`` for an empty stock; drawing
    one card and ending the turn is the default."""
    turned_up_names: Literal["dealer", "first", "random"] = "dealer"
    """Who names the suit of a wild card turned up that acts (see ``turned_up_acts``):
    ``"dealer"`` (a ``NameSuit`` move; then the first player, the dealer's next,
    plays), ``"first"`` (the first player names it and plays on) or ``"random"`` (no
    one: a suit drawn at random from the state's generator, told by ``SuitChosen``; a
    chance node under explicit chance; then the first player plays)."""
    turned_up_reverse: Literal["next", "dealer"] = "next"
    """Who plays first after a reverse card turned up that acts: the dealer's next
    player in the new direction (``"next"``, as if the dealer had played it) or the
    dealer (``"dealer"``)."""
    turned_up_draws_skip: bool = True
    """Whether the first player, made to draw by a card with ``draws`` turned up, also
    loses the turn (as after a play) or then plays."""
    jump_in: bool = False
    """Whether a seat holding a copy of the card on top of the pile, played by a player
    (not turned up), may play it out of turn while it is on top (``JumpIn``, offered in
    that seat's view like the calls on a missed "one card"; not the seat to move, which
    plays it as usual); play goes on from the seat that jumped in."""
    reverse_with_two: Literal["reverse", "skip"] = "reverse"
    """What a card whose function is ``"reverse"`` does with two players:
    ``"reverse"``, it reverses the direction, so the other player moves next (as with
    more players); ``"skip"``, it reverses it and acts as a skip card too, so the player
    who played it moves again (a common rule for two players)."""

    if TYPE_CHECKING:
        card_table: CardTable

    # -- what a game says ------------------------------------------------------------

    @property
    def deck(self) -> DeckSpec:
        """The French cards in play (one standard deck by default), for a game whose
        card table is by rank; a game on a declared deck says :attr:`card_deck`."""
        return STANDARD_DECK

    @property
    def card_deck(self) -> Deck:
        """The declared deck in play (:class:`~cardrules.decks.Deck`): the deck of a card
        table made by :meth:`CardTable.for_deck
        <cardrules.shedding.core.CardTable.for_deck>`, else :attr:`deck` as a declared
        deck. A game on a declared deck holds such a table; it may also name the deck
        here (a class attribute), which must then be the table's.

        >>> import cardrules as cr
        >>> cr.CrazyEights(players=2).card_deck.name
        'French'
        """
        deck = self.card_table.deck
        return self.deck.as_deck() if deck is None else deck

    @property
    def hands_in_game(self) -> int:
        """How many hands make a game (1 by default); for a game that ends on its
        scores (see :meth:`game_over`), the most hands it may have."""
        return 1

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A game with its own hand_over has it asked after each move, by its apply
        # wrapped once (the others' moves ask nothing).
        if cls.hand_over is not SheddingGame.hand_over and not hasattr(cls.apply, "_asks"):
            cls.apply = _asking_hand_over(cls.apply)  # type: ignore[method-assign]

    def hand_over(self, state: S) -> bool:
        """Whether the hand ends now, though nobody has gone out and it is not blocked:
        asked after each move that leaves the hand in its play (a card to play, draw
        or pass; not while a suit is to be named, nor before the turned-up card acts),
        with ``state`` the position after it. ``False`` by default; only a game that
        overrides it is asked. When it says so the hand ends as a blocked one does,
        without its ``HandBlocked``: :meth:`hand_scores` scores the cards each seat
        holds (with ``blocked`` true: nobody went out), then :meth:`game_over` says
        whether the next hand is dealt. It must decide from what every seat sees (the
        stock's size, the pile, the hands' sizes), so that a view and the states
        :meth:`determinize` gives for it agree that the hand goes on.

        >>> import cardrules as cr
        >>> class ShortEights(cr.CrazyEights):
        ...     name = ""  # (not registered)
        ...     def hand_over(self, state):  # the stock is spent: the hand ends
        ...         return state.stock_size == 0
        >>> game = ShortEights(players=2)
        >>> state = game.new_game(seed=1)
        >>> while not state.is_over:  # each draws while the stock lasts
        ...     step = game.step(state, game.legal_moves(state)[-1])
        ...     state = step.state
        >>> [type(event).__name__ for event in step.events[-2:]], state.stock_size
        (['HandScored', 'GameOver'], 0)
        """
        return False

    def ends_early(self, state: S) -> bool:
        """Whether :meth:`hand_over` ends the hand in ``state``: asked only of a game
        that has its own, and only in the play (a card to play, draw or pass). ``apply``
        and :meth:`position` both ask it."""
        return (
            type(self).hand_over is not SheddingGame.hand_over
            and state._phase is _PLAYING
            and self.hand_over(state)
        )

    def game_over(self, scores: tuple[int, ...], hand_number: int) -> bool:
        """Whether the game ends with these totals after hand ``hand_number``: after
        its last hand (``hands_in_game``) by default. A game played to a target score
        says so here (Crazy Eights: someone has reached the target)."""
        return hand_number >= self.hands_in_game

    def cards_each(self, hand_number: int) -> int:
        """Cards dealt to each player in hand ``hand_number``."""
        raise NotImplementedError

    def hand_scores(self, hands: tuple[tuple[Card, ...], ...], blocked: bool) -> tuple[int, ...]:
        """What each seat scores for the hand just ended, from the cards left in hand
        (``blocked``: nobody went out)."""
        raise NotImplementedError

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """Who wins with these totals after the last hand: the lowest by default."""
        best = min(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    reshuffle_penalty_name: str = "reshuffle"
    """What the texts call the penalty of :meth:`reshuffle_penalty` ("takes a reshuffle
    penalty of 10 points")."""

    def reshuffle_penalty(self, last: int) -> int:
        """What a player who must reshuffle the discard pile pays, given what they paid
        the last time (0 the first time): nothing by default."""
        return 0

    def next_direction(self, direction: int) -> int:
        """The direction of play of the next hand, given the one the last hand ended
        in: clockwise by default."""
        return CLOCKWISE

    def penalize_missed_call(self, state: S, seat: int) -> None:
        """Make ``seat`` pay for a missed "one card" (called, or at once): by default it
        draws two cards and forfeits its next turn. ``state`` is the state being made
        by the move that called it (its events list collects what happens): a game
        changes it through :func:`~cardrules.shedding.flow.draw_cards` and
        :func:`~cardrules.shedding.flow.forfeit_turn` only."""
        draw_cards(self, state, seat, 2, "missed_call")
        forfeit_turn(state, seat)

    @_default_hook
    def playable(self, state: S, held: int, cards: int) -> int:
        """The cards the player to move may play, of those the engine allows
        (``cards``, a card mask: see :meth:`allowed`), holding ``held`` (a hand mask):
        all of them by default. A game whose rules forbid a card the matching rule
        allows (a card that may be played only when no other can) returns fewer; the
        engine keeps only cards of ``cards`` (it never adds one), and a player left
        with none draws or passes as when stuck. Only a game that overrides it is asked,
        every time legality is (keep it cheap); it must decide from what the player
        sees (its hand and the table).

        >>> import cardrules as cr
        >>> EIGHTS = cr.cards.mask_of(card for card in cr.cards.ALL_CARDS if card.rank == 8)
        >>> class LastEights(cr.CrazyEights):  # an eight only when nothing else matches
        ...     name = ""  # (not registered)
        ...     def playable(self, state, held, cards):
        ...         return cards & ~EIGHTS or cards
        >>> game = LastEights(players=2, draw_by_choice=False)
        >>> state = game.position(["8S 3H 4C", "4D"], discard="KH", to_move=0)
        >>> [str(move) for move in game.legal_moves(state)]
        ['3♥']
        """
        return cards

    @_default_hook
    def after_draw(self, state: S, seat: int, card: Card) -> None:
        """Asked after ``seat`` draws one card, ``card``, with a ``Draw()`` (not a
        count, nor a draw a card's function or a penalty makes), with ``state`` the
        state being made (its events list collects what happens): a game whose rules
        play a drawn card at once does so here with
        :func:`~cardrules.shedding.flow.play_from_hand` (the card's function carried
        out or not, a suit named; :func:`~cardrules.shedding.flow.random_below` picks
        one at random), after which the turn goes on from the play. If it plays
        nothing the draw goes on as usual. Nothing by default; only a game that
        overrides it is asked.

        >>> import cardrules as cr
        >>> from cardrules.shedding.flow import play_from_hand
        >>> class EagerEights(cr.CrazyEights):  # a drawn card of the suit is played
        ...     name = ""  # (not registered)
        ...     def after_draw(self, state, seat, card):
        ...         if card.suit == state.suit:
        ...             play_from_hand(self, state, seat, card)
        >>> game = EagerEights(players=2, draw_by_choice=False)
        >>> state = game.position(["3C", "4D"], discard="KH", stock="9H 5S", to_move=0)
        >>> step = game.step(state, cr.Draw())
        >>> [str(event) for event in step.events[1:]], step.state.to_move
        (['Seat 0 cannot play and draws 1 card.', 'Seat 0 plays 9♥.'], 1)
        """

    def card_action(self, state: S, seat: int, card: Card) -> int | None:
        """What a card whose function is the game's own (``Action.OWN``) does when
        ``seat`` plays it (not as its last card: going out ends the hand; a turned-up
        one does nothing), with ``state`` the state being made (its events list
        collects what happens): the seat that moves next (the engine passes over
        forfeited turns), or ``None`` when the player must decide something first: the
        game then puts the state in a phase of its own
        (:func:`~cardrules.shedding.flow.to_phase`), whose move (:meth:`phase_apply`)
        carries the function out and returns to the play
        (:func:`~cardrules.shedding.flow.resume_play`). The flow helpers
        :func:`~cardrules.shedding.flow.swap_hands` and
        :func:`~cardrules.shedding.flow.pass_hands` move hands. Only asked of a game
        with such cards; by default a :class:`~cardrules.RulesError`.

        >>> import cardrules as cr
        >>> from cardrules.shedding import Action, CardRule
        >>> from cardrules.shedding.flow import pass_hands
        >>> class ZeroEights(cr.CrazyEights):  # a queen passes every hand along
        ...     name = ""  # (not registered)
        ...     def __attrs_post_init__(self):
        ...         super().__attrs_post_init__()
        ...         table = self.card_table.replace({cr.Rank.QUEEN: CardRule("own", 10)})
        ...         object.__setattr__(self, "card_table", table)
        ...     def card_action(self, state, seat, card):
        ...         pass_hands(self, state)
        ...         return (seat + state.direction) % self.players
        >>> game = ZeroEights(players=2)
        >>> state = game.position(["QH 3C 4C", "5D"], discard="KH", stock="6S", to_move=0)
        >>> step = game.step(state, cr.Play("QH"))
        >>> str(step.events[-1]), [str(card) for card in step.state.hands[1]]
        ('Every player passes their hand to the next, clockwise.', ['3♣', '4♣'])
        """
        raise RulesError(
            f'{type(self).__name__} has a card whose function is its own ("own"): it '
            "must say what the card does in card_action"
        )

    def announce_on_receiving(self, cards_dealt: int) -> bool:
        """Whether every player must answer "one card" or stay silent on receiving the
        cards of this hand; no by default."""
        return False

    # -- starting a game (made by cardrules.shedding.setup) -------------------------

    def setup_state(
        self,
        seed: int | None,
        events: list[Event] | None,
        *,
        dealer: int | None = None,
        deck: Sequence[Card | str] | None = None,
        hands: Sequence[Sequence[Card | str]] | None = None,
        stock: Sequence[Card | str] | None = None,
        hand_number: int = 1,
        scores: Sequence[int] | None = None,
        penalties: Sequence[int] | None = None,
        direction: int = CLOCKWISE,
    ) -> S:
        """The first hand from ``seed`` (the first dealer chosen as the game's policies
        say, unless given), a stacked ``deck``, or explicit ``hands`` and ``stock``;
        the turned-up card carried out (see :meth:`Game.setup_state
        <cardrules.game.Game.setup_state>`; Craits documents the keywords)."""
        state: S = new_state(
            self,
            seed,
            events,
            dealer=dealer,
            deck=deck,
            hands=hands,
            stock=stock,
            hand_number=hand_number,
            scores=scores,
            penalties=penalties,
            direction=direction,
        )
        return state

    def position(
        self,
        hands: Sequence[Sequence[Card | str] | str],
        discard: Sequence[Card | str] | str,
        stock: Sequence[Card | str] | str = (),
        *,
        to_move: int,
        suit: Suit | str | None = None,
        direction: int = CLOCKWISE,
        dealer: int = 0,
        hand_number: int = 1,
        count: int = 0,
        idle_turns: int = 0,
        scores: Sequence[int] | None = None,
        penalties: Sequence[int] | None = None,
        seed: int | None = None,
        draws_this_turn: int = 0,
        cards_played: int = 0,
        phase: str | None = None,
        payload: Any = None,
    ) -> S:
        """A position in the middle of a hand, for analysis, puzzles and tests: each
        seat's cards, the discard pile (bottom first: its last card is the top), the
        stock (top first), who is to move and the suit to follow (by default the top
        card's). The cards need not be the whole deck (an endgame is fine), but no card
        may appear more often than the deck holds it. ``penalties`` are each seat's last
        reshuffle penalty (zeros by default). ``idle_turns`` (turns in a row with
        nothing played or drawn) is below ``players`` (or the game's ``blocked_after``):
        a full cycle of them blocks the hand. ``seed`` drives reshuffles and the later
        deals. ``draws_this_turn`` (below the game's ``draw_limit``) and ``cards_played``
        (below its ``max_plays``) are for games with those limits. ``phase`` (one of the
        game's own, with a move to make: :meth:`start_of_hand`) and ``payload`` are for
        games with phases and a payload.

        Raises :class:`~cardrules.SetupError` for a bad seat, direction, hand number,
        card, count, number of idle turns, draws or plays, or penalty.

        >>> import cardrules as cr
        >>> game = cr.Craits(players=3)
        >>> state = game.position(["9H 2C 4C", "KD", "5S 6S"], discard="JH", to_move=0)
        >>> [str(move) for move in game.legal_moves(state)]
        ['9♥']
        """
        state: S = position(
            self,
            hands,
            discard,
            stock,
            to_move=to_move,
            suit=suit,
            direction=direction,
            dealer=dealer,
            hand_number=hand_number,
            count=count,
            idle_turns=idle_turns,
            scores=scores,
            penalties=penalties,
            seed=seed,
            draws_this_turn=draws_this_turn,
            cards_played=cards_played,
            phase=_PLAYING if phase is None else phase,
            payload=payload,
        )
        if phase is not None and (not isinstance(phase, str) or not self.phase_moves(state)):
            raise SetupError(
                f"phase must be None (the play) or one of {type(self).__name__}'s own phases "
                f"with a move to make, not {shown(phase)}"
            )
        if self.ends_early(state):
            raise SetupError(
                f"{type(self).__name__}.hand_over ends the hand in this position: the play "
                "never reaches it (give a position the hand goes on from)"
            )
        return state

    # -- moves -----------------------------------------------------------------------

    # -- what may be done now ------------------------------------------------------------
    #
    # One method answers it: legal_moves, apply, the refusals (cardrules.shedding.explain)
    # and absent_cards all ask allowed(), so they cannot disagree.

    def allowed(self, state: S, held: int) -> tuple[int, int, Any]:
        """What the player to move, holding ``held`` (a hand mask), may do now in the
        play: ``(cards, form, other)``. ``cards`` are the cards that may be played (a
        card mask, one bit per distinct card), ``form`` what a play is made with (2: a
        wild card names a suit; 1: a play leaving one card may also say "one card";
        both: 3), ``other`` the move besides playing a card: ``Draw()``, ``Pass()`` or
        ``None``.

        While the count runs, the cards that add to it (named plainly); otherwise a wild
        card, or a card of the suit to follow or of the top card's rank; a wild card
        names the suit unless its play ends the hand in a game whose
        ``names_suit_at_end`` is off. During the count a player may draw it; otherwise
        they may draw (only when they cannot play, in games with
        ``draw_only_when_stuck``) while the stock, or a reshuffle, has a card and they
        are below ``draw_limit``; where the game has ``Pass()``, they pass when they
        cannot draw (and cannot play, unless ``pass_by_choice``). In games without
        ``Pass()`` a stuck player always draws, even nothing.

        >>> import cardrules as cr
        >>> game = cr.Craits(players=2)
        >>> state = game.position(["2C 8S", "4D 5D"], discard="KC", to_move=0)
        >>> cards, form, other = game.allowed(state, state.hand_mask(0))
        >>> cr.cards.cards_of_mask(cards), form, other
        ((Card.parse('2♣'), Card.parse('8♠')), 3, None)
        >>> game = cr.CrazyEights(players=2)
        >>> state = game.position(["3C", "4D"], discard="KH", to_move=0)
        >>> game.allowed(state, state.hand_mask(0))  # nothing to play or draw
        (0, 0, Pass())
        """
        hand = state._hand
        tables = hand._tables
        count = state._count
        if count:
            form = 0  # no suit is named into the count
            cards = tables.count_mask & held
        else:
            cards = tables.matching[state._suit][state._face] & held
            form = 2
            if not hand._names_at_end and (
                held.bit_count() == 1 or state._played >= hand._last_play
            ):
                form = 0  # the play ends the hand: there is no suit to follow
        if hand._restricts:
            if state._drawn and self.drawn_card_only:  # the drawn card, or pass
                drawn = state._drawn_card
                cards &= 0 if drawn is None else tables.bit_of[drawn]
                if hand._calls and held.bit_count() == 2:  # (the drawn card may say it)
                    form += 1
                return self._restricted(state, held, cards) if cards else 0, form, _PASS
            if cards:
                cards = self._restricted(state, held, cards)
        # (The policies are read from the hand, where HandInfo keeps them as slots.)
        if hand._calls and held.bit_count() == 2:
            form += 1
        if cards and hand._stuck_only:
            return cards, form, None
        if count or not hand._passes:
            return cards, form, _DRAW
        if state._drawn < hand._draw_limit and (
            state._stock or len(state._discard) > hand._reshuffles
        ):
            return cards, form, _DRAW
        if hand._pass_by_choice or not cards:
            return cards, form, _PASS
        return cards, form, None

    def _restricted(self, state: S, held: int, cards: int) -> int:
        """``cards`` less those the game's :meth:`playable` forbids."""
        if not state._hand._playable:  # (the game has no playable of its own)
            return cards
        kept = self.playable(state, held, cards)
        if type(kept) is not int:
            raise RulesError(
                f"{type(self).__name__}.playable must return a card mask (an int), "
                f"not {shown(kept)}"
            )
        return kept & cards

    def legal_moves(self, state: S) -> tuple[Any, ...]:
        """The moves the player to move may make, in a fixed order; ``()`` once the
        game is over.

        Plays come in hand order (a wild once per suit it can name, a play leaving one
        card with and without saying "one card"); :class:`~cardrules.Draw` when the
        game lets the player draw (in Craits only when no card can be played: playing
        is compulsory); ``Pass()`` in games where a stuck player passes; then any
        calls on a missed "one card" the player may make.
        """
        try:
            if state._hand._rules is not self:  # a state these rules did not make
                raise AttributeError
        except AttributeError:
            self.check_state(state)
        moves = state._legal
        if moves is not None:
            return moves
        seat = state._to_move
        phase = state._phase
        if phase is _PLAYING:
            held = state._hands[seat]  # type: ignore[index]
            playable, form, other = self.allowed(state, held)
            plays_of = state._hand._tables.plays[form]
            moves = ()
            while playable:  # in hand order, each card once
                low = playable & -playable
                moves += plays_of[low.bit_length() - 1]
                playable ^= low
            if other is not None:
                moves += (other,)
        elif phase is _NAMING:
            moves = state._hand._tables.name_suits
        elif seat is None:
            moves = ()
        elif type(phase) is str:  # a phase of the game's own
            moves = tuple(self.phase_moves(state))
        else:
            moves = _ANNOUNCE_OR_PASS
        if state._exposed and seat is not None:
            moves += self.calls(state, seat)
        # Remembered in the state (a search asks again for the same state).
        state._legal = moves
        return moves

    def calls(self, state: S, seat: int) -> tuple[CallOut, ...]:
        """The calls on a missed "one card" ``seat`` may make now, in or out of turn."""
        self.check_state(state)
        if not is_seat(seat, self.players):
            raise SeatError(f"seat must be 0 to {self.players - 1}, not {shown(seat)}")
        if not self.one_card_calls or self.calls_penalized_at_once or state._to_move is None:
            return ()
        return tuple(CallOut(seat, target) for target in state._exposed if target != seat)

    def jump_ins(self, state: S, seat: int) -> tuple[JumpIn, ...]:
        """The plays ``seat`` may make out of turn now, in a game with ``jump_in``: the
        card on top of the pile, if a player played it and ``seat`` (not the seat to
        move) holds a copy, in the forms of a play (a wild card naming each suit).

        >>> import cardrules as cr
        >>> class JumpEights(cr.CrazyEights):
        ...     name = ""  # (not registered)
        ...     jump_in = True
        >>> game = JumpEights(players=3, decks=2)
        >>> state = game.position(["5H 3C", "4D", "5H 6S"], discard="KH", stock="7C", to_move=0)
        >>> state = game.apply(state, cr.Play("5H"))
        >>> [str(move) for move in game.jump_ins(state, 2)]
        ['seat 2 jumps in with 5♥']
        >>> game.observe(state, 2).legal_moves == game.jump_ins(state, 2)
        True
        >>> game.apply(state, cr.JumpIn(2, "5H"), seat=2).to_move  # play goes on from seat 2
        0
        """
        self.check_state(state)
        if not is_seat(seat, self.players):
            raise SeatError(f"seat must be 0 to {self.players - 1}, not {shown(seat)}")
        if (
            not self.jump_in
            or state._phase is not _PLAYING
            or seat == state._to_move
            or not state._played
            or not state._discard
        ):
            return ()
        top = state._discard[-1]
        tables = state._hand._tables
        held = state._hands[seat]
        if not held & tables.bit_of[top]:
            return ()
        form = 2 | (self.one_card_calls and held.bit_count() == 2)
        return tuple(JumpIn(seat, play) for play in tables.plays[form][top])

    def out_of_turn_sender(self, move: object) -> int | None:
        """A call on a missed "one card" may be made out of turn, by its caller, and a
        jump-in by its seat."""
        if isinstance(move, CallOut):
            return move.caller
        return move.seat if isinstance(move, JumpIn) else None

    def _jump(self, state: S, move: JumpIn, events: list[Event] | None) -> S:
        """``move.seat`` plays the card just played, out of turn (``jump_in``)."""
        if not self.jump_in:
            raise self.foreign_move(move, self.moves_are())
        seat = move.seat
        if not is_seat(seat, self.players):
            raise IllegalMoveError(
                "no_such_seat",
                f"the seat that jumps in must be a seat from 0 to {self.players - 1}",
            )
        if move not in self.jump_ins(state, seat):
            raise IllegalMoveError(
                "cannot_jump_in",
                f"seat {seat} cannot jump in with {self.play_text(move.play)} now: a seat jumps "
                "in, out of turn, with a copy of the card a player has just played, the top of "
                f"the pile (in the form of a play of it: a wild card names a {self.suit_word})",
            )
        if events is not None:
            events.append(MovePlayed(seat, move, seen_by=self.move_seen_by(state, seat, move)))
        tables = state._hand._tables
        return play_card(self, state, seat, move.play, tables, events)  # type: ignore[return-value]

    def transition(self, state: S, move: Any, events: list[Event] | None) -> S:
        return self.apply(state, move, _events=events)

    def apply(
        self, state: S, move: Any, *, seat: int | None = None, _events: list[Event] | None = None
    ) -> S:
        """The state after ``move`` (see :meth:`Game.apply <cardrules.game.Game.apply>`).

        The transition of every shedding game is written here once; ``step`` uses it
        too, through the private ``_events`` list.
        """
        try:
            if state._hand._rules is not self:  # a state these rules did not make
                raise AttributeError
        except AttributeError:
            self.check_state(state)
        if seat is not None:
            self.check_sender(state, move, seat)
        events = _events
        if type(move) is Play and state._phase is _PLAYING:
            # Playing a card, the most common move: the same test as "move in
            # legal_moves(state)", the list's own when the state has it (a playout asks
            # for it first), else allowed()'s, without building the list.
            player: int = state._to_move  # type: ignore[assignment]  # someone plays
            tables = state._hand._tables
            for listed in state._legal or ():
                if listed is move:
                    break
            else:
                card = move.card
                allowed, form, _ = self.allowed(state, state._hands[player])
                if not (
                    tables.is_card(card)
                    and allowed >> card & 1
                    and (move.suit is not None) is (form >= 2 and tables.action_of[card] is _WILD)
                    and (not move.announce or form & 1)
                ):
                    raise self.why_illegal(state, move)
            if events is not None:
                events.append(MovePlayed(player, move))
            return play_card(self, state, player, move, tables, events)  # type: ignore[return-value]
        mover: int = state._to_move  # type: ignore[assignment]  # (None: refused below)
        kind = type(move)
        phase = state._phase
        moves = state._legal
        # The same test as "move in legal_moves(state)": read off the list when the
        # state has built it (a playout asks for it first), else worked out without it.
        if phase is _PLAYING and moves is not None and not state._exposed:
            # A Draw or Pass allowed is the list's last move, after the plays (no call
            # follows it when nobody is exposed; never Play here: plays take the path
            # above; a call or a jump-in is never the last and goes on below).
            legal = kind is type(moves[-1])
        else:
            legal = False
        if legal:
            pass
        elif mover is None:
            if not isinstance(move, SHEDDING_MOVES):
                raise self.foreign_move(move, self.moves_are())
            raise IllegalMoveError("game_over", "the game is over; no more moves")
        # Out-of-turn moves first: a call is open in a phase of the game's own too.
        elif kind is CallOut:
            return self._call(state, move, events)
        elif kind is JumpIn:
            return self._jump(state, move, events)
        elif type(phase) is str:  # a phase of the game's own
            if move not in self.phase_moves(state):
                raise self.phase_refusal(state, move)
            if events is not None:
                seen_by = self.move_seen_by(state, mover, move)
                events.append(MovePlayed(mover, move, seen_by=seen_by))
            new: S = self.phase_apply(state, move, events)
            return new
        else:
            if phase is _PLAYING:
                other = self.allowed(state, state._hands[mover])[2]
                legal = other is not None and kind is type(other)
            elif phase is _NAMING:
                legal = kind is NameSuit and state._hand._tables.is_suit(move.suit)
            else:
                legal = kind is Announce or kind is Pass
            if not legal:
                raise self.why_illegal(state, move)
        work = work_on(state, events)
        if events is not None:
            events.append(MovePlayed(mover, move, seen_by=self.move_seen_by(state, mover, move)))
        if kind is Draw:
            draw_move(self, work, mover)
        elif phase is _PLAYING:  # Pass
            pass_move(self, work, mover)
        elif kind is NameSuit:
            name_suit_move(self, work, mover, cast(NameSuit, move).suit)
        else:
            announce_move(self, work, mover, kind is Announce)
        work._events = None  # the transition is done (flow.finished)
        return work  # type: ignore[return-value]

    def _call(self, state: S, move: CallOut, events: list[Event] | None) -> S:
        """Another player calls on a missed "one card", in or out of turn, while the
        window is open."""
        if not self.one_card_calls:
            raise self.foreign_move(move, self.moves_are())
        if self.calls_penalized_at_once:
            raise IllegalMoveError(
                "calls_are_automatic",
                'nobody calls in this game: a missed "one card" is penalized at once',
            )
        caller = move.caller
        if not is_seat(caller, self.players):
            raise IllegalMoveError(
                "no_such_seat", f"the caller must be a seat from 0 to {self.players - 1}"
            )
        open_on = tuple(cast(int, call.target) for call in self.calls(state, caller))
        if not open_on:
            raise IllegalMoveError(
                "no_window",
                "nobody can be called on now: a call is only possible after a player is left "
                'with one card without saying "one card", until the next card is played or '
                "drawn (and not on yourself)",
            )
        target = move.target
        if target is None:
            if len(open_on) > 1:
                raise IllegalMoveError(
                    "target_needed",
                    f"several players can be called on ({_seats(open_on)}); name the target: "
                    f"CallOut({caller}, target)",
                )
            target = open_on[0]
        elif target not in open_on:
            raise IllegalMoveError(
                "not_callable",
                f"seat {target} cannot be called on now; you can call on {_seats(open_on)}",
            )
        work = work_on(state, events)
        if events is not None:
            events.append(MovePlayed(caller, move, seen_by=self.move_seen_by(state, caller, move)))
            events.append(CalledOut(caller, target))
        work._exposed = tuple(seat for seat in state._exposed if seat != target)
        penalize(self, work, target)
        if work._phase is _PLAYING and work._to_move == target:
            advance(self, work, target)
        return finished(work)  # type: ignore[return-value]

    def read_move(self, text: str, view: V) -> Move:
        """The move ``text`` names (see :mod:`cardrules.shedding.parsing`): a card, a
        wild card with the suit it names (``8h spades``), ``draw``, ``pass``, a suit to
        name, with "one card" calls ``QS!``, ``one`` and a call on a seat, and with
        ``jump_in`` the card just played, out of turn (``5h``, ``jump in with 5h``)."""
        return read_shedding_move(  # type: ignore[no-any-return]
            text,
            view,
            calls=self.one_card_calls,
            call_word=self.call_word,
            deck=self.card_table.deck,
        )

    def move_phrase(self, move: Any) -> str | None:
        """A jump-in in the game's words (its ``one_card_word``): ``'jump in with R5
        saying "UNO"'``; the library's words for every other move (see
        :meth:`Game.move_phrase <cardrules.game.Game.move_phrase>`).

        >>> import cardrules as cr
        >>> uno = cr.Uno(jump_in=True)
        >>> uno.move_phrase(cr.JumpIn(2, cr.Play(uno.card_deck.parse("R5"), announce=True)))
        'jump in with R5 saying "UNO"'
        """
        if type(move) is not JumpIn:
            return None
        return f"jump in with {self.play_text(move.play)}"

    def play_text(self, play: Play) -> str:
        """``play`` in the game's words (its ``one_card_word``), for messages: the card,
        the suit it names and what is said with it.

        >>> import cardrules as cr
        >>> uno = cr.Uno()
        >>> uno.play_text(cr.Play(uno.card_deck.parse("W"), suit="red", announce=True))
        'W naming red saying "UNO"'
        """
        text = str(play.card)
        if play.suit is not None:
            text += f" naming {play.suit.symbol}"
        return text + (f' saying "{self.one_card_word}"' if play.announce else "")

    def refuse_move(self, move: Any, view: V) -> IllegalMoveError:
        """The rules' reason, with moves named as a player types them, and for an
        call on the wrong seat whom the seat can call on."""
        refusal = typed_refusal(super().refuse_move(move, view))
        return call_refusal(refusal, move, view.exposed, view.seat, self.call_word)

    def moves_are(self) -> str:
        """The kinds of move this game has, for messages: ``"Play, Draw or Pass"``."""
        kinds = ["Play", "Draw"]
        if self.one_card_calls:
            kinds.append("CallOut")
        acts = self.turned_up_acts
        deck = self.card_table.deck
        if any(  # a turned-up wild card that acts makes the dealer name the suit
            rule.is_wild
            and (
                acts
                if isinstance(acts, bool)
                else (key if deck is None else deck.kinds[key].kind) in acts
            )
            for key, rule in self.card_table.items()
        ):
            kinds.append("NameSuit")
        if self.one_card_calls:
            kinds.append("Announce")
        if self.jump_in:
            kinds.append("JumpIn")
        if self.pass_when_stuck or self.pass_by_choice or self.one_card_calls:
            kinds.append("Pass")
        return ", ".join(kinds[:-1]) + " or " + kinds[-1]

    def why_illegal(self, state: S, move: object) -> Exception:
        """The error for a move that is not in :meth:`legal_moves` (messages speak to
        the player to move and name no card but the move's own and the top card)."""
        from cardrules.shedding.explain import explain

        return explain(self, state, move)

    # -- scores and views --------------------------------------------------------------

    # -- the game's own phases and payload ---------------------------------------------
    #
    # A game with a phase before the play (passing cards, stakes, a bid) says so in
    # start_of_hand; in its phase, its own moves (phase_moves, phase_apply) change its
    # payload, an immutable value of its own that the state carries through the hand
    # and the hooks read (score_hand, hand_over, ...). enter_phase and begin_play make
    # the next state. A game with moves of its own lists them in all_moves too.

    def start_of_hand(self, state: S) -> tuple[str, int, Any] | None:
        """The game's own phase a hand starts in, once its cards are dealt (``state``:
        the hand dealt, before the turned-up card acts): ``None`` (the default), the
        play starts at once; or ``(phase, to_move, payload)``, the name of the phase,
        the seat that moves first in it, and the payload it starts with."""
        return None

    def phase_moves(self, state: S) -> Sequence[Any]:
        """The legal moves of the seat to move in the game's phase ``state.phase``."""
        raise NotImplementedError(f"{type(self).__name__} has no phase {state._phase!r}")

    def phase_apply(self, state: S, move: Any, events: list[Event] | None) -> S:
        """The state after ``move``, one of :meth:`phase_moves` (the engine has checked
        it and told its ``MovePlayed``): :meth:`enter_phase` (the same phase or
        another) or :meth:`begin_play`, with ``events`` to tell what happens."""
        raise NotImplementedError(f"{type(self).__name__} has no phase {state._phase!r}")

    def phase_refusal(self, state: S, move: object) -> Exception:
        """The error for a move :meth:`phase_moves` does not list."""
        allowed = ", ".join(str(legal) for legal in self.phase_moves(state))
        return IllegalMoveError(
            "not_allowed_now",
            f"{move} is not allowed in the {state._phase} phase; allowed: {allowed}",
        )

    def payload_view(self, state: S, seat: int) -> Any:
        """What ``seat`` may see of the payload (its view's ``payload``): all of it by
        default. A game whose payload holds a secret (a card passed) hides it here."""
        return state._payload

    def determinize_payload(self, view: V, hands: tuple[tuple[Card, ...], ...], rng: int) -> Any:
        """The whole payload of a sample that agrees with ``view``, given the hands
        sampled for it: the view's payload by default."""
        return view.payload

    def enter_phase(
        self,
        state: S,
        phase: str,
        *,
        to_move: int,
        payload: Any,
        hands: Sequence[Sequence[Card]] | None = None,
    ) -> S:
        """``state`` in the game's ``phase`` with ``to_move`` to move and ``payload``
        (and, if given, ``hands``: each seat's cards, for a phase that moves cards).
        For :meth:`phase_apply`."""
        if not isinstance(phase, str) or not phase:
            raise RulesError(f"a game's phase is a name, not {shown(phase)}")
        work = work_on(state, None)
        work._phase = phase
        work._to_move = to_move
        work._payload = payload
        if hands is not None:
            work._hands = tuple(map(state._hand._tables.mask, hands))
        return finished(work)  # type: ignore[return-value]

    def begin_play(
        self,
        state: S,
        events: list[Event] | None,
        *,
        payload: Any,
        hands: Sequence[Sequence[Card]] | None = None,
    ) -> S:
        """``state`` with the play begun, the game's phase over: the turned-up card
        acts (its events told in ``events``) with ``payload`` (and ``hands``, if given).
        For :meth:`phase_apply`."""
        work = work_on(state, events)
        work._payload = payload
        if hands is not None:
            work._hands = tuple(map(state._hand._tables.mask, hands))
        start_play(self, work)
        return finished(work)  # type: ignore[return-value]

    def score_hand(self, state: S, blocked: bool) -> tuple[int, ...]:
        """What each seat scores for the hand that ends in ``state`` (its cards still in
        hand, its payload): :meth:`hand_scores` of the hands by default (``blocked``:
        nobody went out)."""
        return self.hand_scores(state.hands, blocked)

    def generator_of(self, state: S) -> int:
        """The generator that shuffles the discard pile and deals the later hands."""
        self.check_state(state)
        return state._rng

    def with_generator(self, state: S, generator: int) -> S:
        """``state`` with another generator for its later shuffles."""
        self.check_state(state)
        return with_slots(state, _rng=generator)  # type: ignore[return-value]

    def absent_cards(self, state: S, move: Any) -> frozenset[Card]:
        """Drawing or passing because nothing can be played (where the rules make
        playing compulsory) shows the player holds none of the cards that could be
        played now.

        >>> import cardrules as cr
        >>> game = cr.Craits(players=2)
        >>> state = game.position(["2C 3C", "4D 5D"], discard="KH", to_move=0)
        >>> absent = game.absent_cards(state, cr.Draw())  # seat 0 holds no heart, K or 8
        >>> len(absent), cr.Card.parse("8S") in absent, cr.Card.parse("KC") in absent
        (19, True, True)
        """
        self.check_state(state)
        kind = type(move)
        stuck = (kind is Draw and self.draw_only_when_stuck) or (
            kind is Pass and self.pass_when_stuck and not self.pass_by_choice
        )
        if state._phase is not _PLAYING or not stuck:
            return frozenset()
        if state._drawn and self.drawn_card_only:  # (a pass after a draw is a choice)
            return frozenset()
        tables = state._hand._tables
        if state._hand._restricts:  # (playable: each card the player could play alone)
            alone = tables.bit_of
            return frozenset(tables.cards(sum(b for b in alone if self.allowed(state, b)[0] & b)))
        return frozenset(tables.cards(self.allowed(state, tables.single)[0]))

    def projected_scores(self, state: S) -> tuple[int, ...]:
        """The totals plus what each hand would score if the hand ended now."""
        self.check_state(state)
        if state._to_move is None:
            return state._scores
        hand_scores = self.hand_scores(state.hands, False)
        return tuple(a + b for a, b in zip(state._scores, hand_scores, strict=True))

    def observe(self, state: S, seat: int) -> V:
        """What ``seat`` may know: its hand, the public table and scores; not the other
        hands, the stock's order or the generator."""
        self.check_state(state)
        if not is_seat(seat, self.players):
            raise SeatError(f"seat must be 0 to {self.players - 1}, not {shown(seat)}")
        hand = state._hand
        view: V = self.view_class(
            seat,
            hand._tables.cards(state._hands[seat]),
            tuple(held.bit_count() for held in state._hands),
            state._discard[-1] if state._discard else None,
            state._discard,
            state._suit,
            state._count,
            state._direction,
            len(state._stock),
            hand._number,
            hand._cards_dealt,
            hand._dealer,
            state._phase,
            state._to_move,
            state._count_out,
            state._exposed,
            state._forfeits,
            state._idle,
            state._penalties,
            state._scores,
            hand._winners,
            self.legal_moves(state)
            if state._to_move == seat
            else self.calls(state, seat) + self.jump_ins(state, seat),
            hand._dealer_draws,
            state._drawn,
            state._played,
            self.payload_view(state, seat),
            state._face,
        )
        return view

    def determinize(self, view: V, seed: int) -> S:
        """A full state that agrees with ``view``: the other hands and the stock dealt
        uniformly from the cards ``view.seat`` has not seen (every draw is face down;
        made by :mod:`cardrules.shedding.setup`)."""
        state: S = determinized(self, view, seed)
        if self.drawn_card_only and view.draws_this_turn and view.to_move is not None:
            state._drawn_card = _drawn_in_sample(self, view, state, seed)
        return state

    # -- move ids --------------------------------------------------------------------

    def move_id(self, move: Any) -> int:
        """The move id of ``move`` (see :meth:`Game.move_id
        <cardrules.game.Game.move_id>`); a play of a card of another deck than the
        game's has none (the cards of two decks are equal ints).

        >>> import cardrules as cr
        >>> from cardrules.decks import UNO_108
        >>> cr.CrazyEights(players=2).move_id(cr.Play(UNO_108.parse("R5")))
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalMoveError: R5 is not a card of CrazyEights's deck (French)
        """
        if isinstance(move, Play) and not tables_for(self.card_table).is_card(move.card):
            raise IllegalMoveError(
                "no_move_id",
                f"{move.card} is not a card of {type(self).__name__}'s deck "
                f"({self.card_deck.name})",
            )
        return super().move_id(move)

    def all_moves(self) -> tuple[Any, ...]:
        """Every move of the game, in move-id order: plays (each card, then naming each
        suit, then saying "one card", then both), draw, pass, naming a suit, saying
        "one card", and each call on a missed "one card" (caller, target)."""
        tables = tables_for(self.card_table)
        if tables.deck is None:
            moves: list[Move] = [*PLAYS, *(m for row in PLAYS_NAMING for m in row)]
            if self.one_card_calls:
                moves += [*PLAYS_SAYING, *(m for row in PLAYS_NAMING_SAYING for m in row)]
        else:  # a declared deck's cards, a wild card once per suit it names
            kinds = tables.deck.kind_cards
            plays, saying = tables.plays[0], tables.plays[1]
            naming, naming_saying = tables.plays[2], tables.plays[3]
            wild = [card for card in kinds if tables.action_of[card] is _WILD]
            moves = [plays[card][0] for card in kinds]
            moves += [play for card in wild for play in naming[card]]
            if self.one_card_calls:
                moves += [saying[card][1] for card in kinds]
                moves += [
                    play for card in wild for play in naming_saying[card][len(tables.suits) :]
                ]
        moves += [_DRAW, _PASS, *tables.name_suits]
        if self.one_card_calls:
            moves.append(Announce())
            moves += [
                CallOut(caller, target)
                for caller in range(self.players)
                for target in range(self.players)
                if caller != target
            ]
        if self.jump_in:  # each seat's jump-ins: each play of a card
            own = [move for move in moves if type(move) is Play]
            return (*moves, *(JumpIn(seat, play) for seat in range(self.players) for play in own))
        return tuple(moves)


def _asking_hand_over(apply: Callable[..., Any]) -> Callable[..., Any]:
    """``apply`` that then asks the game's :meth:`SheddingGame.hand_over` of the state
    it made, and ends the hand there when it says so (as a blocked hand ends)."""

    @wraps(apply)
    def asking(
        self: Any, state: Any, move: Move, *, seat: int | None = None, _events: Any = None
    ) -> Any:
        new = apply(self, state, move, seat=seat, _events=_events)
        # Within the same hand (its record unchanged), in the play, with a seat to move.
        if new._hand is state._hand and self.ends_early(new):
            work = work_on(new, _events)
            end_hand(self, work, blocked=True)
            return finished(work)
        return new

    asking._asks = True  # type: ignore[attr-defined]
    return asking


def _drawn_in_sample(rules: Any, view: Any, state: Any, seed: int) -> Any:
    """The card the player to move drew this turn in a sample for ``view``: its own
    view shows it among its plays (else it cannot be played: none is needed); for
    another seat, one of the drawer's cards in the sample, at random."""
    if view.seat == view.to_move:
        return next((move.card for move in view.legal_moves if type(move) is Play), None)
    held = state.hands[view.to_move]
    return held[randbelow(seed_state(seed), len(held))[0]]


def _seats(seats: Sequence[int]) -> str:
    """``"seat 2"``, ``"seat 1 and seat 3"``: seats in words, for messages."""
    return " and ".join(f"seat {seat}" for seat in seats)
