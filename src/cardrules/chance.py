"""Explicit chance: a game whose random decisions wait for outcomes chosen outside it.

By default chance is inside the state: every deal, reshuffle and draw comes from the
seeded generator a state carries. Some hosts (OpenSpiel's chance nodes, game-tree
algorithms, a table with a physical deck) need to choose chance themselves.
:class:`ExplicitChance` wraps any game of the library (or built on its engines) so
that every random decision becomes *chance nodes*:

- a **shuffle** is a run of chance nodes, one per card of the shuffled pile, top card
  first, each outcome a card of the pile (the game's own cards: Euchre's 24 from 9 to
  ace) with its probability (the cards not yet placed, equally likely, so every order
  of the pile is equally likely, as with a real shuffle). The cards a deal turns up
  are the pile's next cards, so they are decided by its shuffle too;
- a **number drawn** (:func:`cardrules.rng.randbelow`: a dealer drawn, the number of
  tricks of an Oh Hell deal) is one chance node whose outcomes are the ints ``0`` to
  ``n - 1``, equally likely (:attr:`ChanceState.draw_below` is ``n``).

Between them the game is played as usual.

>>> import cardrules as cr
>>> table = ExplicitChance(cr.Cramps())
>>> state = table.new_game()
>>> state.is_chance, len(table.chance_outcomes(state))
(True, 52)
>>> for card in cr.STANDARD_DECK.cards():     # a deck in order: 2♣ first
...     state = table.apply_chance(state, card)
>>> state.is_chance, state.to_move
(False, 1)
>>> table.observe(state, 1).hand[:3]
(Card.parse('2♣'), Card.parse('3♣'), Card.parse('4♣'))

How it works: a transition is run with a generator whose shuffles take decided
orders and whose draws take decided numbers (:class:`cardrules.rng.DecidedShuffles`).
When it meets a shuffle or a draw not decided yet, the transition stops there
(:class:`cardrules.rng.UndecidedChance`) and the state waits for that shuffle's cards
(one chance node each) or that number; once it is decided the transition runs again.
A move whose outcome depends on the cards drawn (a deal that follows a reshuffle,
say) therefore asks for each decision in turn, as it happens. The whole order of a
pile is chosen when it is shuffled (the stock of a Craits hand too, though its cards
are drawn later): the same probabilities as choosing each card when it is drawn, and
the order stays hidden from every player's view.

Library decisions: a game starts as its rules say (a first dealer the rules draw is
drawn by chance nodes: Craits' draw of a card each is a shuffle of its own, Oh Hell's
and Crazy Eights' dealer a number drawn; one the rules name is theirs, Cramps' seat
0), and ``dealer=`` gives one instead, with no chance node. Numbers drawn are the
game's own draws, ``0`` to ``n - 1`` as :func:`~cardrules.rng.randbelow` returns
them (Oh Hell's outcome 4 is a deal of 5 tricks). Records
(:class:`~cardrules.GameRecord`) replay seeded games only; with explicit chance the
list of chance outcomes and moves is the record.
"""

from __future__ import annotations

from fractions import Fraction
from numbers import Integral
from typing import Any

from cardrules._text import shown
from cardrules.cards import Card
from cardrules.decks import DeckCard
from cardrules.errors import IllegalMoveError, MoveTypeError, RulesError, StateError
from cardrules.events import Event
from cardrules.game import Game, Step
from cardrules.moves import Move
from cardrules.rng import DecidedShuffles, UndecidedChance
from cardrules.values import Value

__all__ = ["ChanceState", "ExplicitChance"]

_CARDS = tuple(Card.from_index(index) for index in range(52))
_NUMBERS: dict[int, tuple[tuple[int, int], ...]] = {}  # by n: each number with count 1


_DERIVED = frozenset({"_unique"})


class _Waiting(Value):
    """A transition that waits for chance: the move (or setup options) and who sent
    it (the state it starts from is the chance state's ``inner``), the decisions made
    so far (orders and numbers), the pile of the shuffle being decided (as the game
    handed it over), its cards placed so far and the cards still to place (sorted);
    whether the pile holds one copy of each of its cards (worked out once per shuffle:
    chance nodes ask at every card). For a number drawn, ``below`` is how many numbers
    it is drawn from, and the pile is empty."""

    __slots__ = (
        "_below",
        "_decided",
        "_left",
        "_move",
        "_pile",
        "_placed",
        "_seat",
        "_setup",
        "_unique",
    )

    def __init__(
        self,
        move: Move | None,
        seat: int | None,
        setup: tuple[tuple[str, Any], ...],
        decided: tuple[tuple[Card, ...] | int, ...],
        pile: tuple[Card, ...],
        placed: tuple[Card, ...],
        left: tuple[Card, ...],
        unique: bool | None = None,
        below: int = 0,
    ) -> None:
        self._move = move
        self._seat = seat
        self._setup = setup
        self._decided = decided
        self._pile = pile
        self._placed = placed
        self._left = left
        self._unique = unique if unique is not None else len(set(pile)) == len(pile)
        self._below = below

    @classmethod
    def _hidden(cls) -> frozenset[str]:
        return _DERIVED  # (worked out from the pile)


class ChanceState(Value):
    """A position of a game with explicit chance: the game's own state, or a
    transition waiting for chance outcomes. Immutable, like every state."""

    __slots__ = ("_inner", "_rules", "_waiting")

    def __init__(self, rules: Game[Any, Any, Any], inner: Any, waiting: _Waiting | None) -> None:
        self._rules = rules
        self._inner = inner
        self._waiting = waiting

    @classmethod
    def _hidden(cls) -> frozenset[str]:
        return frozenset({"_rules"})  # the inner state and the setup say which game

    @property
    def inner(self) -> Any:
        """The game's state after the last complete transition (``None`` while the
        first deal waits for its cards)."""
        return self._inner

    @property
    def is_chance(self) -> bool:
        """Whether the state waits for a chance outcome."""
        return self._waiting is not None

    @property
    def pending_move(self) -> Move | None:
        """The move whose transition waits for chance (``None`` for the setup, or when
        nothing waits)."""
        return None if self._waiting is None else self._waiting._move

    @property
    def to_move(self) -> int | None:
        """The seat to move; ``None`` at a chance node or once the game is over."""
        if self._waiting is not None:
            return None
        seat: int | None = self._inner.to_move
        return seat

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._waiting is None and bool(self._inner.is_over)

    @property
    def cards_to_place(self) -> int:
        """At a chance node of a shuffle, how many cards of the shuffle being decided
        are still to come (this one included); 0 elsewhere."""
        waiting = self._waiting
        return 0 if waiting is None else len(waiting._left)

    @property
    def draw_below(self) -> int:
        """At a chance node that draws a number, how many numbers it draws from (its
        outcomes are ``0`` to ``draw_below - 1``); 0 elsewhere."""
        waiting = self._waiting
        return 0 if waiting is None else waiting._below


class ExplicitChance:
    """``game`` with its shuffles and numbers drawn decided by chance outcomes; see
    the module's text.

    Args:
        game: the rules (any game whose shuffles and draws go through
            :mod:`cardrules.rng`, as every game of the library and its engines does).
    """

    __slots__ = ("game",)

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        if not isinstance(game, Game):
            raise RulesError(f"game must be a cardrules game (such as Cramps()), not {shown(game)}")
        self.game = game

    def __repr__(self) -> str:
        return f"ExplicitChance({self.game!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ExplicitChance) and other.game == self.game

    def __hash__(self) -> int:
        return hash((ExplicitChance, self.game))

    def __reduce__(self) -> tuple[Any, ...]:
        # Slots and no __dict__: pickle's protocols 0 and 1 need to be told how.
        return (ExplicitChance, (self.game,))

    # -- chance ------------------------------------------------------------------------

    def new_game(self, **setup: Any) -> ChanceState:
        """The start of a game, waiting for its first random decision (the first
        dealer, if the rules draw one; else the first deal's shuffle). ``setup`` takes
        the game's setup options (``dealer``, ``scores``, …, but no ``seed``); a
        ``dealer`` given is not drawn, and a stacked ``deck`` or explicit ``hands`` make
        the first deal without chance nodes; the decisions after it are chance nodes as
        usual."""
        return self.start(**setup).state

    def start(self, **setup: Any) -> Step[ChanceState]:
        """Like :meth:`new_game`, with the events of the setup once it completes."""
        if "seed" in setup:
            raise RulesError("a game with explicit chance takes no seed: chance outcomes decide it")
        return self._run(
            None, None, None, tuple((name, _frozen(value)) for name, value in setup.items()), ()
        )

    def chance_outcomes(self, state: ChanceState) -> tuple[tuple[Card | int, Fraction], ...]:
        """The outcomes that may come next at a chance node, each with its probability
        (exact fractions that sum to 1): in a shuffle the cards, in card order; for a
        number drawn the ints ``0`` to ``state.draw_below - 1``."""
        waiting = self._waiting(state)
        total = waiting._below or len(waiting._left)
        return tuple((item, Fraction(count, total)) for item, count in self.chance_counts(state))

    def chance_counts(self, state: ChanceState) -> tuple[tuple[Card | int, int], ...]:
        """What :meth:`chance_outcomes` says, as counts: each card that may come next
        with how many of its copies are left to place (the probability is that count
        over :attr:`ChanceState.cards_to_place`), or each number with a count of 1 (over
        :attr:`ChanceState.draw_below`); quicker where floats will do."""
        waiting = self._waiting(state)
        if waiting._below:
            return _numbers(waiting._below)
        left = waiting._left
        if waiting._unique:  # one copy of each card: the usual case
            return tuple(zip(left, (1,) * len(left), strict=True))
        counts = []
        start = 0
        for end in range(1, len(left) + 1):  # runs of copies of one card
            if end == len(left) or left[end] != left[start]:
                counts.append((left[start], end - start))
                start = end
        return tuple(counts)

    def apply_chance(self, state: ChanceState, outcome: Card | str | int) -> ChanceState:
        """The state after chance decided ``outcome``, one of :meth:`chance_outcomes`:
        in a shuffle, the card placed next (a :class:`~cardrules.Card`, or card text
        such as ``"QS"``); for a number drawn, the number (an int from 0 to
        ``state.draw_below - 1``).

        Raises :class:`~cardrules.IllegalMoveError` for a card that is not among the
        cards left to place or a number out of range, :class:`~cardrules.CardParseError`
        for text that names no card and :class:`~cardrules.MoveTypeError` for anything
        else (in a shuffle an int is not a card: ``0`` is not 2♣; for a number drawn a
        card is not a number)."""
        return self.step_chance(state, outcome).state

    def step_chance(self, state: ChanceState, outcome: Card | str | int) -> Step[ChanceState]:
        """Like :meth:`apply_chance`, with the events of the transition if it completes."""
        waiting = self._waiting(state)
        if waiting._below:
            number = _number(outcome, waiting._below)
            decided = (*waiting._decided, number)
            return self._run(state._inner, waiting._move, waiting._seat, waiting._setup, decided)
        left = waiting._left
        card = outcome
        if not isinstance(card, (Card, DeckCard)):
            if not isinstance(card, str):  # a card is an int, but 0, True and 0.0 are no 2♣
                raise MoveTypeError(
                    f"a chance outcome is a card of the pile (or its text, like "
                    f"{str(left[0])!r}), not {shown(card)}"
                )
            # The cards of a declared deck (cardrules.decks) are read as that deck's (the
            # French deck's jokers beside its Cards).
            pile: tuple[Any, ...] = left
            decked = [item for item in pile if isinstance(item, DeckCard)]
            card = decked[0].deck.parse(card) if decked else Card.parse(card)
        try:
            at = left.index(card)
        except ValueError:
            raise IllegalMoveError(
                "not_a_chance_outcome",
                f"{shown(card)} is not among the cards left to place; "
                "chance_outcomes(state) lists them",
            ) from None
        placed = (*waiting._placed, left[at])
        if len(left) > 1:
            rest = left[:at] + left[at + 1 :]
            return Step(
                ChanceState(
                    self.game,
                    state._inner,
                    _Waiting(
                        waiting._move,
                        waiting._seat,
                        waiting._setup,
                        waiting._decided,
                        waiting._pile,
                        placed,
                        rest,
                        waiting._unique,
                    ),
                ),
                (),
            )
        decided = (*waiting._decided, placed)
        return self._run(state._inner, waiting._move, waiting._seat, waiting._setup, decided)

    # -- play ----------------------------------------------------------------------------

    def legal_moves(self, state: ChanceState) -> tuple[Move, ...]:
        """The legal moves of the seat to move (``()`` at a chance node)."""
        self._check(state)
        if state._waiting is not None:
            return ()
        moves: tuple[Move, ...] = self.game.legal_moves(state._inner)
        return moves

    def apply(self, state: ChanceState, move: Move, *, seat: int | None = None) -> ChanceState:
        """The state after ``move`` (see :meth:`Game.apply <cardrules.game.Game.apply>`):
        a chance node if the move shuffles."""
        return self.step(state, move, seat=seat).state

    def step(self, state: ChanceState, move: Move, *, seat: int | None = None) -> Step[ChanceState]:
        """Like :meth:`apply`, with the move's events once its transition completes."""
        self._check(state)
        if state._waiting is not None:
            raise IllegalMoveError(
                "chance_node", "the game waits for a chance outcome: use apply_chance"
            )
        return self._run(state._inner, move, seat, (), ())

    def observe(self, state: ChanceState, seat: int) -> Any:
        """What ``seat`` may know: the view of the game's state after the last complete
        transition (a move waiting for chance has not happened yet)."""
        self._check(state)
        if state._inner is None:
            raise StateError("the first deal waits for its cards: there is nothing to observe yet")
        return self.game.observe(state._inner, seat)

    # -- inside ---------------------------------------------------------------------------

    def _run(
        self,
        base: Any,
        move: Move | None,
        seat: int | None,
        setup: tuple[tuple[str, Any], ...],
        decided: tuple[tuple[Card, ...] | int, ...],
    ) -> Step[ChanceState]:
        start = base
        try:
            if base is None:
                step = self.game.start(seed=DecidedShuffles(decided), **dict(setup))
            else:
                generator = self.game.generator_of(base)
                if decided:
                    base = self.game.with_generator(base, DecidedShuffles(decided))
                elif not (isinstance(generator, DecidedShuffles) and generator.settled):
                    base = self.game.with_generator(base, DecidedShuffles())  # dealt elsewhere
                step = self.game.step(base, move, seat=seat)
        except UndecidedChance as undecided:  # a decision to make: wait for chance
            pool = undecided.pool
            if isinstance(pool, range):  # a number drawn
                waiting = _Waiting(move, seat, setup, decided, (), (), (), True, len(pool))
            else:  # a shuffle: its cards, or (a deal of 52) the cards' indexes
                pile: tuple[Any, ...] = tuple(
                    item if isinstance(item, (Card, DeckCard)) else _CARDS[item] for item in pool
                )
                waiting = _Waiting(move, seat, setup, decided, pile, (), tuple(sorted(pile)))
            return Step(ChanceState(self.game, start, waiting), ())
        events: tuple[Event, ...] = step.events
        return Step(ChanceState(self.game, step.state, None), events)

    def _waiting(self, state: ChanceState) -> _Waiting:
        self._check(state)
        if state._waiting is None:
            who = "the game is over" if state.is_over else "a player is to move"
            raise IllegalMoveError("not_a_chance_node", f"no chance outcome is awaited here: {who}")
        return state._waiting

    def _check(self, state: object) -> None:
        if not isinstance(state, ChanceState):
            raise StateError(
                f"expected a ChanceState made by ExplicitChance.new_game, not {shown(state)}"
            )
        if state._rules is not self.game and state._rules != self.game:
            raise StateError(
                f"this ChanceState was made by ExplicitChance({state._rules!r}), not by "
                f"ExplicitChance({self.game!r}): use the table that made it"
            )


def _numbers(below: int) -> tuple[tuple[int, int], ...]:
    """The counts of a number drawn below ``below``: each number once (made once per
    ``below``)."""
    counts = _NUMBERS.get(below)
    if counts is None:
        counts = _NUMBERS[below] = tuple((number, 1) for number in range(below))
    return counts


def _number(outcome: object, below: int) -> int:
    """``outcome`` as the number drawn at a chance node that draws below ``below``, or
    the error that says what is allowed."""
    if outcome.__class__ is not int:  # a card is an int, but no number drawn; nor is True
        if not isinstance(outcome, Integral) or isinstance(outcome, (bool, Card, DeckCard)):
            raise MoveTypeError(
                f"this chance node draws a number: an int from 0 to {below - 1}, "
                f"not {shown(outcome)}"
            )
        outcome = int(outcome)  # an int of another kind (NumPy's)
    if not 0 <= outcome < below:
        raise IllegalMoveError(
            "not_a_chance_outcome",
            f"this chance node draws a number from 0 to {below - 1}, not {shown(outcome)}",
        )
    return outcome


def _frozen(value: Any) -> Any:
    """A setup option as a hashable value (lists as tuples), so that a state waiting
    for its first deal hashes like every state."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(item) for item in value)
    return value
