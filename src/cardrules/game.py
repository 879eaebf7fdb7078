"""What every game in cardrules offers: the :class:`Game` base class of rules objects,
the :class:`GameState` protocol of their states, and :class:`Step`.

A rules object is a frozen, hashable value holding the game's options. It never
changes and holds no game in progress; states do, and every transition returns a new
state::

    game = Cramps()
    state = game.new_game(seed=7)
    while not state.is_over:
        state = game.apply(state, game.legal_moves(state)[0])
"""

from __future__ import annotations

import contextlib
import enum
import functools
import inspect
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

import attrs

from cardrules._movetext import MAX_TEXT, moves_text, squash
from cardrules._text import shown
from cardrules.cards import Card
from cardrules.decks import Deck, DeckCard
from cardrules.errors import (
    CardrulesError,
    IllegalMoveError,
    MoveParseError,
    MoveTypeError,
    RulesError,
    SeatError,
    SetupError,
    StateError,
)
from cardrules.events import Event
from cardrules.moveids import MoveIds, move_ids_of
from cardrules.moves import expected_forms, is_move, move_to_data
from cardrules.moves import move_from_data as read_move_data
from cardrules.seats import is_seat
from cardrules.values import Immutable

__all__ = [
    "DEFAULT_MOVE_CAP",
    "Game",
    "GameState",
    "Step",
    "check_scores",
    "game_class",
    "options_data",
    "registered_games",
]

DEFAULT_MOVE_CAP = 100_000
"""Where a host stops a game whose rules set no bound on its length (:meth:`Game.move_cap`),
far beyond the length of games played to an end. The arena's default cap too."""


class GameState(Protocol):
    """What every state offers, whatever the game."""

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now; ``None`` once the game is over."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted by suit then rank."""

    @property
    def dealer(self) -> int:
        """The seat of the current dealer."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative game scores, one per seat."""

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats; empty until the game is over."""

    @property
    def deal_number(self) -> int:
        """The number of the current deal (Cramps' round, Craits' hand), from 1."""


S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")


@attrs.frozen
class Step(Immutable, Generic[S]):
    """The result of :meth:`Game.step`: the new ``state`` and the ``events`` of the move."""

    state: S
    events: tuple[Event, ...]


_REGISTRY: dict[str, type[Game[Any, Any, Any]]] = {}


def _register(cls: type[Game[Any, Any, Any]]) -> None:
    known = _REGISTRY.get(cls.name)
    if known is not None and (known.__module__, known.__qualname__) != (
        cls.__module__,
        cls.__qualname__,
    ):
        raise RulesError(
            f"the game name {cls.name!r} is taken by {known.__module__}.{known.__qualname__}"
        )
    _REGISTRY[cls.name] = cls


def game_class(name: str) -> type[Game[Any, Any, Any]]:
    """The rules class registered under ``name`` (``"cramps"``, ``"craits"``)."""
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_REGISTRY))
        raise RulesError(f"unknown game {shown(name)}; known games: {known}") from None


def registered_games() -> tuple[str, ...]:
    """The names of the games that records and the command line know."""
    return tuple(sorted(_REGISTRY))


def options_data(value: Any) -> Any:
    """``value`` (an option of a rules object: a card, an enum, an attrs value, a mapping,
    a set or a sequence of them) as JSON-friendly data: cards as text, enums as their
    values, attrs values as dicts of their fields, sets as sorted lists. What
    :meth:`Game.options` and records write.

    >>> import cardrules as cr
    >>> options_data([cr.Card.parse("QS"), frozenset({3, 1}), {cr.Suit.HEARTS: 2}])
    ['Q♠', [1, 3], {'2': 2}]
    """
    if isinstance(value, (Card, DeckCard)):  # (a declared deck's card: its text too)
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if attrs.has(type(value)):
        return {f.name: options_data(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, Mapping):
        return {str(options_data(k)): options_data(v) for k, v in value.items()}
    if isinstance(value, (frozenset, set)):
        return sorted(options_data(v) for v in value)
    if isinstance(value, Sequence) and not isinstance(value, str):
        return [options_data(v) for v in value]
    return value


def _options_differ(made_by: Any, given: Any) -> str:
    """The options in which two rules objects of one game differ, as text."""
    theirs, ours = made_by.options(), given.options()
    differ = [
        f"{name}={shown(theirs.get(name))} (here {shown(ours.get(name))})"
        for name in sorted(set(theirs) | set(ours))
        if theirs.get(name) != ours.get(name)
    ]
    return ", ".join(differ) or "options that compare unequal"


@functools.cache
def _setup_names(kind: type[Game[Any, Any, Any]]) -> tuple[str, ...] | None:
    """The keywords a rules class's ``setup_state`` takes after the seed and the events, in
    order (``None`` if it takes any keyword at all)."""
    parameters = list(inspect.signature(kind.setup_state).parameters.values())[3:]
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return None
    return tuple(p.name for p in parameters if p.kind is not inspect.Parameter.VAR_POSITIONAL)


def check_scores(scores: Sequence[int] | None, players: int) -> tuple[int, ...]:
    """Starting totals for a game: ``players`` ints (zeros for ``None``); raises
    :class:`~cardrules.SetupError` for anything else.

    >>> check_scores(None, 3), check_scores([5, 0], 2)
    ((0, 0, 0), (5, 0))
    """
    if scores is None:
        return (0,) * players
    if (
        isinstance(scores, str)
        or not isinstance(scores, Sequence)
        or len(scores) != players
        or any(isinstance(s, bool) or not isinstance(s, int) for s in scores)
    ):
        raise SetupError(f"scores must be {players} ints, one per seat, not {shown(scores)}")
    return tuple(scores)


class Game(Immutable, ABC, Generic[S, M, V]):
    """Base class of rules objects; ``S`` is the game's state type, ``M`` its move type
    and ``V`` its view type.

    Subclasses are frozen attrs classes whose fields are the game's options; they set
    :attr:`name` and :attr:`players` and implement the hooks :meth:`setup_state` (the
    first state, behind :meth:`new_game` and :meth:`start`) and :meth:`transition`
    (one move, behind :meth:`apply`, :meth:`step` and :meth:`is_legal`), and
    :meth:`legal_moves` and :meth:`observe`. A game built on an engine
    (:class:`~cardrules.tricks.TrickGame`, :class:`~cardrules.shedding.SheddingGame`)
    gets all of them from it.
    """

    __slots__ = ()

    name: ClassVar[str] = ""
    """The game's registered name, used in records and on the command line."""

    state_class: ClassVar[type | None] = None
    """The class of this game's states, if it checks them (see :meth:`check_state`)."""

    higher_scores_win: ClassVar[bool] = True
    """Whether a higher score is better (Cramps) or worse (Craits)."""

    deal_word: ClassVar[str] = "hand"
    """What the game calls one deal, in the texts of its events (``"round"`` for
    Cramps): :func:`~cardrules.narrate` and :func:`~cardrules.describe` take it from
    the game they are given (``game=``)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.name:
            _register(cls)

    if TYPE_CHECKING:
        # Read-only here, so a game may make it a field (Craits) or a constant (Hearts).
        @property
        def players(self) -> int:
            """The number of seats at the table (every game has it: the arena, the
            hosts and the seat checks read it)."""

    def new_game(self, seed: int | None = None, **setup: Any) -> S:
        """The state at the start of a game: deterministic from ``seed``, or from a fresh
        random seed (:func:`cardrules.rng.new_seed`) when it is ``None``. ``setup`` is
        the game's own keyword arguments (a first dealer, a stacked deck, explicit hands,
        starting scores, …: the keywords of its :meth:`setup_state`). :meth:`start`
        gives the same state with the events of the setup.

        Raises :class:`~cardrules.SetupError` for a setup keyword the game does not take.

        >>> import cardrules as cr
        >>> cr.Cramps().start(seed=1, colour="red")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        cardrules.errors.SetupError: Cramps.new_game takes no setup option 'colour'; it takes ...
        """
        if setup:
            self._check_setup_names(setup)
        return self.setup_state(seed, None, **setup)

    def setup_keywords(self) -> tuple[str, ...] | None:
        """The setup keywords :meth:`new_game` and :meth:`start` take (those of the
        game's :meth:`setup_state`), in order; ``None`` for a game whose setup takes any
        keyword and checks them itself.

        >>> import cardrules as cr
        >>> cr.Cramps().setup_keywords()
        ('dealer', 'deck', 'hands', 'scores', 'round_number')
        """
        return _setup_names(type(self))

    def _check_setup_names(self, setup: Mapping[str, Any]) -> None:
        """Raise :class:`~cardrules.SetupError` for a keyword :meth:`setup_state` does not
        take."""
        taken = self.setup_keywords()
        if taken is None:
            return
        unknown = sorted(name for name in setup if name not in taken)
        if unknown:
            listed = ", ".join(taken) or "none"
            names = ", ".join(repr(name) for name in unknown)
            option = "option" if len(unknown) == 1 else "options"
            raise SetupError(
                f"{type(self).__name__}.new_game takes no setup {option} {names}; it takes {listed}"
            )

    if TYPE_CHECKING:
        # Typed loosely, so that a game declares its own setup keywords (a narrower
        # signature than this one's) without an override error.
        setup_state: Callable[..., S]
    else:

        def setup_state(self, seed: int | None, events: list[Event] | None, **setup: Any) -> S:
            """The hook behind :meth:`new_game` and :meth:`start`, which a game implements
            (the engines do it for the games built on them): the first state from ``seed``
            (an int, or ``None`` for a fresh one: :func:`cardrules.rng.resolve_seed`) and the
            game's own setup keywords, appending the setup's events to ``events`` when it is
            a list. Call :meth:`new_game` or :meth:`start` rather than this.

            The keywords it declares are the ones :meth:`new_game` takes: any other is
            refused with a :class:`~cardrules.SetupError` before this is called. Records,
            explicit chance and the learning hosts start games through it too, so a game's
            setup keywords are theirs as well.
            """
            raise NotImplementedError(f"{type(self).__name__} does not implement setup_state")

    @abstractmethod
    def legal_moves(self, state: S) -> tuple[M, ...]:
        """The moves the player to move may make, in a fixed order; empty only once the
        game is over."""

    @abstractmethod
    def transition(self, state: S, move: M, events: list[Event] | None) -> S:
        """The hook behind :meth:`apply`, :meth:`step` and :meth:`is_legal`, which a game
        implements (the engines do it for the games built on them): the state after
        ``move``, appending what happened to ``events`` if it is a list. Call
        :meth:`apply` or :meth:`step` rather than this (they check the sender).

        Raises :class:`~cardrules.IllegalMoveError` or :class:`~cardrules.MoveTypeError`.
        """

    @abstractmethod
    def observe(self, state: S, seat: int) -> V:
        """What ``seat`` may know of ``state``, and nothing more."""

    def move_seen_by(self, state: S, seat: int, move: M) -> tuple[int, ...] | None:
        """Who may see ``move``, made by ``seat`` in ``state``: ``None`` (the default)
        when every seat sees it (a card played, a bid), else the seats that do. A game
        with secret moves overrides it: Hearts shows a card passed to its passer alone
        (the receiver learns it when the cards change hands), Euchre the dealer's
        discard to the dealer.

        The engines put the answer in the step's :class:`~cardrules.MovePlayed`
        (``seen_by``), and every output a seat gets honours it: the events and their
        text for that seat (:func:`~cardrules.events_for`, :func:`~cardrules.narrate`,
        :func:`~cardrules.describe`), information states and the hosts built on them,
        the command line. The others are told the move's ``hidden()`` text (a
        :class:`~cardrules.HiddenMove`) in its place. What the move changes must be
        hidden in the views too (the game's ``observe``, or ``payload_view`` on the
        trick engine). The engines ask it for every move but a card played (a card
        played to a trick or to the pile is seen by everyone): the trick engine for the
        moves of a game's phases, the shedding engine for draws, passes, suits named,
        "one card" said and calls.

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> game.move_seen_by(game.new_game(seed=1), 1, cr.Play("2C")) is None
        True
        """
        return None

    def move_phrase(self, move: M) -> str | None:
        """What ``move`` does in this game, in the texts of its events
        (:func:`~cardrules.describe`, :func:`~cardrules.narrate` given ``game=``, and
        the command line): a phrase in the words the player would use to make the move,
        its verb first (``"pass"``, ``"make ♥ trumps"``, ``"look at my cards"``), which
        the texts tell in the reader's person ("You pass.", "Seat 1 passes."; "my"
        becomes "your" or "their"). ``None``, the default, leaves the move to the
        library's words: its own for the library's moves (a :class:`~cardrules.Pass`
        "passes"), the move's text, ``str(move)``, for any other (``"bid 3"``: "Seat 1
        bids 3.").

        A game overrides it for a library move that means something else in it: Craits'
        ``Pass()`` is staying silent on receiving the one card, Euchre's ``NameSuit``
        makes trumps. A draw, a call, a suit named or "one card" said that the game
        words is told even where its events would tell it. A secret move is never
        asked for: the seats that may not see it read its ``hidden()`` text.

        >>> import cardrules as cr
        >>> cr.describe(cr.MovePlayed(2, cr.Pass()), game=cr.Craits())
        'Seat 2 stays silent.'
        >>> cr.describe(cr.MovePlayed(2, cr.Pass()), game=cr.CrazyEights())
        'Seat 2 passes.'
        """
        return None

    def apply(self, state: S, move: M, *, seat: int | None = None) -> S:
        """The state after ``move``. ``state`` itself is never changed.

        ``seat``, if given, is who sends the move (a server passes the player it came
        from): a move from a seat whose turn it is not is refused with reason
        ``"not_your_turn"`` (except a call made out of turn by its caller), before
        anything about the hand to move is looked at. **A server must pass** ``seat``:
        the reason a move is refused says something about the hand of the player to
        move (that they hold a card of the suit led, say), so without it a refusal sent
        back to a player who moved out of turn would tell them about another hand.
        With ``seat``, every message is about the sender's own hand and the public
        table; messages never name a card other than the move's own card and cards on
        the table.

        Raises :class:`~cardrules.IllegalMoveError` (a ``ValueError``) saying why if the
        move is not allowed, :class:`~cardrules.MoveTypeError` if it is not a move,
        :class:`~cardrules.SeatError` for a ``seat`` that is not at the table and
        :class:`~cardrules.StateError` for a state these rules did not make.
        """
        if seat is not None:
            self.check_sender(state, move, seat)
        return self.transition(state, move, None)

    def step(self, state: S, move: M, *, seat: int | None = None) -> Step[S]:
        """Like :meth:`apply`, also returning the events of the move in order."""
        if seat is not None:
            self.check_sender(state, move, seat)
        events: list[Event] = []
        new_state = self.transition(state, move, events)
        return Step(new_state, tuple(events))

    def check_sender(self, state: S, move: object, seat: int) -> None:
        """Refuse ``move`` sent by ``seat`` if ``seat`` may not move now: raises
        :class:`~cardrules.SeatError` for a seat not at the table and
        :class:`~cardrules.IllegalMoveError` with reason ``"not_your_turn"`` otherwise
        (a move made out of turn, see :meth:`out_of_turn_sender`, only needs to be sent
        by its seat: reason ``"not_your_move"`` otherwise)."""
        players = self.players
        if not is_seat(seat, players):
            raise SeatError(f"seat= must be a seat from 0 to {players - 1}, not {shown(seat)}")
        owner = self.out_of_turn_sender(move)
        if owner is not None:
            if owner != seat:
                raise IllegalMoveError(
                    "not_your_move",
                    f"seat {seat} cannot send a move of seat {owner} ({move}): only seat "
                    f"{owner} may make it",
                )
            return
        self.check_state(state)
        to_move = state.to_move  # type: ignore[attr-defined]
        if seat != to_move:
            whose = "the game is over" if to_move is None else f"it is seat {to_move}'s turn"
            raise IllegalMoveError("not_your_turn", f"seat {seat} cannot move now: {whose}")

    def out_of_turn_sender(self, move: object) -> int | None:
        """The seat that may send ``move`` whatever the turn, or ``None`` for a move that
        only the player to move may make. By default every move waits for its turn; a
        game with calls made out of turn (Craits' "idiot", sent by its caller) says so
        here, and :meth:`check_sender` follows it."""
        return None

    def start(self, seed: int | None = None, **setup: Any) -> Step[S]:
        """Like ``new_game``, also returning the events of the setup (the deal, and in
        Craits the turned-up card and what it did). A table UI should start games with
        this: in Craits the first turned-up card acts before anyone moves (it may skip
        a player or start the count), and only these events tell what it did."""
        self._check_setup_names(setup)
        events: list[Event] = []
        state = self.setup_state(seed, events, **setup)
        return Step(state, tuple(events))

    def is_legal(self, state: S, move: object) -> bool:
        """Whether the player to move may make ``move`` now (what :meth:`apply` accepts,
        without building the next state's events). Never raises for a bad move; raises
        :class:`~cardrules.StateError` for a state these rules did not make.

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> state = game.new_game(seed=7)
        >>> game.is_legal(state, cr.Play("QS")), game.is_legal(state, cr.Play("8S"))
        (True, False)
        """
        self.check_state(state)
        try:
            self.transition(state, move, None)  # type: ignore[arg-type]
        except (IllegalMoveError, MoveTypeError):
            return False
        return True

    # -- moves from text ------------------------------------------------------------

    def parse_move(self, text: str, view: V) -> M:
        """The move ``text`` names, read from the seat's ``view`` alone (what
        ``cardrules play`` accepts, what a chat bot or a web page gets typed): one of
        ``view.legal_moves``, out-of-turn moves such as Craits' "idiot" included.

        Any move's own text (``str(move)``) names it, in any case and spacing, with
        suits as letters or symbols; each game reads its own words too (a card such as
        ``8h`` or ``q♠``, ``8h spades`` for a wild eight, ``draw``, a bid ``3``,
        ``order up``: see :doc:`parsing`). A number is not a place in the list of legal
        moves (that numbering is a user interface's): in a bidding it is the bid.

        Raises :class:`~cardrules.MoveParseError` for text that names no move (the
        message says what is accepted) and :class:`~cardrules.IllegalMoveError` for a
        move understood but not allowed now, saying why in the seat's own words, from
        its view only: never a card of another hand, nor who holds it.

        >>> import cardrules as cr
        >>> game = cr.CrazyEights(players=2)
        >>> view = game.observe(game.position(["8C 9H", "3C"], "9D", "5S", to_move=0), 0)
        >>> game.parse_move("8c hearts", view)
        Play(card=Card.parse('8♣'), suit=<Suit.HEARTS: 2>, announce=False)
        >>> game.parse_move("Q♠", view)
        Traceback (most recent call last):
        cardrules.errors.IllegalMoveError: you do not hold Q♠; your hand is 8♣ 9♥
        """
        legal = self._view_moves(view)
        if not isinstance(text, str):
            raise MoveParseError(f"a move is typed as text (a str), not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise MoveParseError(
                f"{shown(text)} is too long to be a move (at most {MAX_TEXT} characters)"
            )
        wanted = squash(text)
        if not wanted:
            raise MoveParseError(f"no move typed; legal now: {moves_text(legal)}")
        for move in legal:
            if squash(str(move)) == wanted:
                return move
        if not legal and getattr(view, "to_move", 0) is None:  # (the game is over)
            with contextlib.suppress(IllegalMoveError):
                self.read_move(text, view)  # (text that names no move is still said so)
            raise IllegalMoveError("game_over", "the game is over; no more moves")
        move = self.read_move(text, view)
        for candidate in legal:
            if candidate == move:
                return candidate
        raise self.refuse_move(move, view)

    def read_move(self, text: str, view: V) -> M:
        """The move ``text`` names in this game's words, legal now or not (the grammar
        :meth:`parse_move` uses once ``text`` is no legal move's own text). Raises
        :class:`~cardrules.MoveParseError` if it names none, or
        :class:`~cardrules.IllegalMoveError` for a move it can already tell is not
        allowed (a card not in the seat's hand), in words better than the rules'.

        By default only a legal move's own text is read, so this refuses everything: a
        game with words of its own overrides it."""
        legal = self._view_moves(view)
        if not legal:
            raise MoveParseError(f"{shown(text.strip())} names no move, and you have none now")
        raise MoveParseError(f"{shown(text.strip())} names no move; legal now: {moves_text(legal)}")

    def refuse_move(self, move: M, view: V) -> IllegalMoveError:
        """The error for ``move``, read from text but not one of ``view.legal_moves``:
        the rules' own reason, found by applying it as ``view.seat`` to a state
        consistent with the view (:meth:`determinize`: the refusal of a move sent by its
        seat speaks only of that seat's hand and the table), worded for the seat
        ("you"). A game that cannot determinize says only that the move is not allowed
        now."""
        seat = view.seat  # type: ignore[attr-defined]
        try:
            self.apply(self.determinize(view, 0), move, seat=seat)
        except IllegalMoveError as error:
            return _worded(error, view)
        except (CardrulesError, NotImplementedError):
            pass  # (a game without determinize, or a move it cannot take at all)
        return IllegalMoveError(
            "not_allowed_now",
            f"{move} is not allowed now; legal now: {moves_text(self._view_moves(view))}",
        )

    def _view_moves(self, view: object) -> tuple[M, ...]:
        legal = getattr(view, "legal_moves", None)
        if not isinstance(legal, tuple) or not isinstance(getattr(view, "seat", None), int):
            raise StateError(
                f"parse_move reads a seat's view (game.observe(state, seat)), not "
                f"{type(view).__name__} {shown(view)}"
            )
        return legal

    def foreign_move(self, move: object, expected: str) -> CardrulesError:
        """The error for ``move`` when it is not one of this game's moves: an
        :class:`~cardrules.IllegalMoveError` with reason ``"not_a_<name>_move"`` for a
        move of another game (a :class:`~cardrules.Draw` in Cramps, any registered move:
        :func:`cardrules.moves.register_move`), a :class:`~cardrules.MoveTypeError` for
        something that is no move at all.
        ``expected`` says what this game's moves are (``"a Play(card)"``)."""
        title = type(self).__name__
        if is_move(move):
            return IllegalMoveError(
                f"not_a_{self.name}_move",
                f"{title} has no {type(move).__name__} move ({move}); a {title} move is {expected}",
            )
        return MoveTypeError(
            f"a {title} move is {expected}, not {type(move).__name__} {shown(move)}"
        )

    def check_state(self, state: object) -> None:
        """Raise :class:`~cardrules.StateError` unless ``state`` is a state of this game
        made by these rules (or equal ones): not a view, not another game's state, not a
        state made by rules with other options. Games that declare
        :attr:`state_class` get this check in every method that takes a state."""
        expected = self.state_class
        if expected is None:
            return
        if type(state) is not expected:
            hint = (
                " (a view is what one seat sees; pass the state)"
                if hasattr(state, "legal_moves") and hasattr(state, "seat")
                else ""
            )
            raise StateError(
                f"{type(self).__name__} needs a {expected.__name__}, not a "
                f"{type(state).__name__}{hint}"
            )
        made_by = getattr(state, "_rules", None)
        if made_by is not None and made_by is not self and made_by != self:
            raise StateError(
                f"this state was made by other {type(self).__name__} rules, which differ in "
                f"{_options_differ(made_by, self)}; use the rules that made it"
            )

    # -- move ids --------------------------------------------------------------------

    def all_moves(self) -> tuple[M, ...]:
        """Every move these rules can ever offer, in move-id order: the move with id
        ``i`` is ``all_moves()[i]``. The list depends only on the options, never on a
        state. A game of your own overrides this to get move ids."""
        raise NotImplementedError(
            f"{type(self).__name__} does not number its moves: define all_moves()"
        )

    @property
    def num_move_ids(self) -> int:
        """How many move ids these rules have (ids run from 0 to ``num_move_ids - 1``),
        the size of a learning agent's action space.

        >>> import cardrules as cr
        >>> cr.Cramps().num_move_ids, cr.Craits(players=3).num_move_ids
        (52, 533)
        """
        return len(move_ids_of(self))

    def move_id(self, move: M) -> int:
        """The stable integer id of ``move``: the same for equal rules in every state,
        so a policy's output ``i`` always means ``move_from_id(i)``. Raises
        :class:`~cardrules.MoveTypeError` for something that is not a move and
        :class:`~cardrules.IllegalMoveError` (reason ``"no_move_id"``) for a move these
        rules never offer.

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> game.move_id(cr.Play("QS")), game.move_from_id(game.move_id(cr.Play("QS")))
        (49, Play(card=Card.parse('Q♠'), suit=None, announce=False))
        """
        return move_ids_of(self).id_of(move)

    def move_from_id(self, move_id: int) -> M:
        """The move whose id is ``move_id`` (see :meth:`move_id`). Raises
        :class:`~cardrules.MoveTypeError` for a non-int and
        :class:`~cardrules.IllegalMoveError` (reason ``"no_move_id"``) for an id out of
        range."""
        table: MoveIds[M] = move_ids_of(self)
        return table.move_of(move_id)

    def move_from_data(self, data: object) -> M:
        """The move written ``data``, its data form (``move.to_data()``, the form of
        records: ``{"play": "Q♠"}``, ``{"move": "spades_bid", "tricks": 3}``; its schema
        is ``cardrules.data.SCHEMAS["move"]``), as a web page or a store sends it back.
        Card text may be in any form :meth:`Card.parse <cardrules.Card.parse>` reads
        (``"QS"``); in a game on a declared deck of its own cards (UNO's) a card or suit
        is read on that deck when the data names no ``"deck"``. It reads the move;
        whether it is allowed now is for :meth:`apply` to say
        (:class:`~cardrules.IllegalMoveError`).

        Raises :class:`~cardrules.MoveParseError` for data that is no move's form and for
        a move of a kind these rules never offer (a ``Draw`` in Cramps, another game's
        bid), saying how this game's moves are written.

        >>> import cardrules as cr
        >>> game = cr.Spades()
        >>> game.move_from_data({"move": "spades_bid", "tricks": 3})
        Bid(tricks=3)
        >>> game.move_from_data(cr.Play("QS").to_data()) == cr.Play("QS")
        True
        >>> cr.Cramps().move_from_data({"draw": True})
        Traceback (most recent call last):
            ...
        cardrules.errors.MoveParseError: Cramps has no Draw move ({'draw': True}); Cramps ...
        """
        title = type(self).__name__
        data = self._on_own_deck(data)
        try:
            move = read_move_data(data)  # type: ignore[arg-type]
        except CardrulesError as error:
            raise MoveParseError(
                f"cannot read {shown(data)} as a {title} move{_data_reason(error, data)}. "
                f"{self._move_forms()}"
            ) from None
        kinds = self._move_kinds()
        if kinds is not None and type(move) not in kinds:
            raise MoveParseError(
                f"{title} has no {type(move).__name__} move ({shown(data)}); {self._move_forms()}"
            )
        return move  # type: ignore[no-any-return]

    def _on_own_deck(self, data: object) -> object:
        """``data`` of a card played or a suit named that does not say its deck
        (``{"play": "W", "suit": "R"}``, as a page may send it) read on this game's own
        declared deck when its cards are not French ones (UNO's, Tarot's); the deck a
        move's data names, and any other data, as they are."""
        deck = getattr(self, "card_deck", None)
        if (
            not isinstance(data, Mapping)
            or "deck" in data
            or not ("play" in data or "name_suit" in data)
            or not isinstance(deck, Deck)
            or all(type(card) is Card for card in deck.kind_cards)
        ):
            return data
        return {**data, "deck": deck.name}

    def _move_kinds(self) -> frozenset[type] | None:
        """The classes of the moves these rules offer (``None``: they do not list them)."""
        try:
            moves = move_ids_of(self).moves
        except NotImplementedError:
            return None
        return frozenset(map(type, moves))

    def _move_forms(self) -> str:
        """How this game's moves are written as data, for messages: one example of each
        shape (the first move of each class and set of keys in :meth:`all_moves`)."""
        title = type(self).__name__
        try:
            moves = move_ids_of(self).moves
        except NotImplementedError:
            return f"A move is written {expected_forms()}"
        shapes: dict[tuple[type, tuple[str, ...]], str] = {}
        for move in moves:
            data = move_to_data(move)
            shapes.setdefault((type(move), tuple(data)), repr(data))
        return f"{title} moves are written like {', '.join(shapes.values())}"

    def legal_move_ids(self, state: S) -> tuple[int, ...]:
        """The ids of :meth:`legal_moves`, in the same order.

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> state = game.new_game(seed=7)
        >>> [game.move_from_id(i) for i in game.legal_move_ids(state)] == list(
        ...     game.legal_moves(state))
        True
        """
        return move_ids_of(self).ids_of(self.legal_moves(state))

    def legal_move_mask(self, state: S) -> bytes:
        """One byte per move id, 1 where the move is legal for the player to move and 0
        elsewhere (all 0 once the game is over). Indexing gives an int;
        ``numpy.frombuffer(mask, numpy.uint8)`` reads it without a copy. Out-of-turn
        moves (Craits' idiot calls) are not in it: see the game's ``calls``.

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> mask = game.legal_move_mask(game.new_game(seed=7))
        >>> len(mask), sum(mask)
        (52, 13)
        """
        return move_ids_of(self).mask_of(self.legal_moves(state))

    # -- sides -----------------------------------------------------------------------

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides of the game, each the seats that play and win together: every seat
        alone by default; a partnership game (Spades: seats 0 and 2 against 1 and 3)
        says so, and the arena then counts a side's win as one win for each of its
        seats, not a win shared among them.

        >>> import cardrules as cr
        >>> cr.Cramps().teams()
        ((0,), (1,), (2,), (3,))
        """
        return tuple((seat,) for seat in range(self.players))

    # -- game length ---------------------------------------------------------------

    def length_bound(self) -> int | None:
        """The most moves a game under these rules can last, counted from a
        :meth:`new_game` with zero starting scores (whatever the seed, dealer or cards),
        every move :meth:`apply` accepts counting as one; ``None`` when the rules set no
        finite bound (the default). Each game's rules page says which it is and why:
        Cramps and Craits have no bound (a shared top total in Cramps, and in Craits
        hands that draws and "idiot" calls keep going, can last for ever).

        >>> import cardrules as cr
        >>> cr.Cramps().length_bound() is None, cr.Craits().length_bound() is None
        (True, True)
        """
        return None

    def move_cap(self) -> int:
        """How many moves a host (a learning environment's truncation, OpenSpiel's
        ``max_game_length``) should allow a game: :meth:`length_bound` when the rules
        have one (no game is cut short), else :data:`DEFAULT_MOVE_CAP`. A game stopped
        there is unfinished, not over: report it as truncated.

        >>> import cardrules as cr
        >>> cr.Cramps().move_cap() == cr.DEFAULT_MOVE_CAP == 100_000
        True
        """
        bound = self.length_bound()
        return DEFAULT_MOVE_CAP if bound is None else bound

    def projected_scores(self, state: S) -> tuple[int, ...]:
        """Each seat's game score if the current deal ended now, as the rules would score
        it (for a table UI, or to evaluate a position in a search)."""
        return tuple(state.scores)  # type: ignore[attr-defined]

    def random_playout(self, state: S, random: Callable[[], float], limit: int) -> tuple[int, ...]:
        """The game scores at the end of ``state``'s deal after uniformly random moves:
        each one ``legal[int(random() * len(legal))]`` of ``legal = legal_moves(s)``,
        ``random`` called once a move (``random.Random.random``). After ``limit`` moves
        the deal is scored as it stands (:meth:`projected_scores`). The search bot's
        random rollouts; an engine may play them on a quicker path of its own, which
        must give the same scores from the same random numbers.

        >>> import random
        >>> import cardrules as cr
        >>> game = cr.Cramps(target=5)
        >>> def playout(seed: int) -> tuple[int, ...]:
        ...     return game.random_playout(game.new_game(seed=1), random.Random(seed).random, 200)
        >>> len(playout(2)), playout(2) == playout(2)
        (4, True)
        """
        self.check_state(state)
        legal_moves, apply = self.legal_moves, self.apply
        deal = state.deal_number  # type: ignore[attr-defined]
        for _ in range(limit):
            legal = legal_moves(state)
            if not legal:  # the game is over
                break
            state = apply(state, legal[int(random() * len(legal))])
            if state.deal_number != deal:  # type: ignore[attr-defined]
                break
        else:
            if not state.is_over:  # type: ignore[attr-defined]
                return self.projected_scores(state)
        return tuple(state.scores)  # type: ignore[attr-defined]

    def determinize(self, view: V, seed: int) -> S:
        """A complete state consistent with ``view``: the cards ``view.seat`` cannot see
        dealt at random (uniformly among the deals that agree with what is known), from
        ``seed``. ``observe(determinize(view, seed), view.seat) == view``.

        This is what information-set search and perfect-information Monte Carlo use.
        """
        raise NotImplementedError(f"{type(self).__name__} does not support determinize")

    def heuristic(self, view: V, moves: Sequence[M]) -> M | None:
        """The game's rule-of-thumb move among ``moves`` (the legal moves of the seat
        ``view`` belongs to), which :class:`~cardrules.bots.HeuristicBot` plays; ``None``
        (the default) for a game without habits of its own, for which the bot picks a
        legal move by its seed. It reads only the view, so it cannot cheat.
        """
        return None

    def generator_of(self, state: S) -> int:
        """The hidden generator state that ``state`` deals its later shuffles from
        (:mod:`cardrules.rng`). Explicit chance (:mod:`cardrules.chance`) reads it, and
        :meth:`with_generator` replaces it; the engines implement both, and a game kept
        outside them implements both to be played with explicit chance.
        """
        raise RulesError(
            f"{type(self).__name__} does not say where its states keep their generator: "
            "implement generator_of and with_generator to play it with explicit chance"
        )

    def with_generator(self, state: S, generator: int) -> S:
        """A copy of ``state`` whose later shuffles come from ``generator`` (see
        :meth:`generator_of`); ``state`` is not changed."""
        raise RulesError(
            f"{type(self).__name__} does not say where its states keep their generator: "
            "implement generator_of and with_generator to play it with explicit chance"
        )

    def absent_cards(self, state: S, move: M) -> frozenset[Card]:
        """The cards the player to move shows they do not hold by making ``move`` in
        ``state``, as every other player sees: in a trick game, a card that does not
        follow suit shows that the player holds none of the suit led; in a shedding
        game, drawing or passing because nothing can be played shows that the player
        holds none of the playable cards. Empty by default (a game whose moves show
        nothing of the hand). Samplers that deal the hidden cards anew read it.
        """
        return frozenset()

    def options(self) -> dict[str, Any]:
        """The rules options as a JSON-friendly dict; ``type(game)(**options)`` rebuilds
        an equal rules object. (Fields the constructor does not take, worked out from
        the options, are left out.)"""
        return {
            f.name: options_data(getattr(self, f.name))
            for f in attrs.fields(type(self))  # type: ignore[arg-type]
            if f.init
        }

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Game[S, M, V]:
        """Rebuild a rules object from :meth:`options`; raises :class:`~cardrules.RulesError`."""
        if not isinstance(options, Mapping):
            raise RulesError(f"rules options must be a mapping, not {type(options).__name__}")
        try:
            return cls(**options)
        except TypeError as exc:
            raise RulesError(f"bad options for {cls.name}: {exc}") from None


def _worded(error: IllegalMoveError, view: Any) -> IllegalMoveError:
    """``error``, the rules' refusal of a move sent by ``view.seat``, worded for that
    seat: "you" for it, and whose turn it is."""
    seat, to_move = view.seat, view.to_move
    if error.reason == "not_your_turn":
        if to_move is None:
            return IllegalMoveError("game_over", "the game is over; no more moves")
        return IllegalMoveError("not_your_turn", f"it is not your turn: seat {to_move} is to move")
    if error.reason == "not_your_move":
        return IllegalMoveError("not_your_move", "you can make calls only for yourself")
    text = str(error).replace("(see legal_moves)", "(see the legal moves)")
    text = re.sub(rf"\bseat {seat}'s\b", "your", text)
    return IllegalMoveError(error.reason, re.sub(rf"\bseat {seat}\b", "you", text))


def _data_reason(error: CardrulesError, data: object) -> str:
    """Why the record reader refused ``data`` as a move (``": ..."``), without the list of
    every game's forms it ends with (the game says its own)."""
    text = str(error).removesuffix(expected_forms()).rstrip("; :")
    text = text.split(" (games' own kinds registered:")[0]  # (a record reader's advice)
    if isinstance(data, Mapping):
        text = text.removeprefix(f"bad move {shown(dict(data))}").lstrip(": ")
    return f": {text}" if text else ""
