"""Explicit chance: a game whose shuffles wait for outcomes chosen outside it.

By default chance is inside the state: every deal and reshuffle comes from the
seeded generator a state carries. Some hosts (OpenSpiel's chance nodes, game-tree
algorithms, a table with a physical deck) need to choose chance themselves.
:class:`ExplicitChance` wraps any game of the library (or built on its engines) so
that each shuffle becomes a run of *chance nodes*: one per card of the shuffled pile,
top card first, each outcome a card with its probability (the cards not yet placed,
equally likely, so every order of the pile is equally likely, as with a real
shuffle). Between shuffles the game is played as usual.

>>> import cardrules as cr
>>> table = ExplicitChance(cr.Cramps())
>>> state = table.new_game(dealer=0)
>>> state.is_chance, len(table.chance_outcomes(state))
(True, 52)
>>> for card in cr.STANDARD_DECK.cards():     # a deck in order: 2♣ first
...     state = table.apply_chance(state, card)
>>> state.is_chance, state.to_move
(False, 1)
>>> table.observe(state, 1).hand[:3]
(Card.parse('2♣'), Card.parse('3♣'), Card.parse('4♣'))

How it works: a transition is run with a generator whose shuffles take decided
orders (:class:`cardrules.rng.DecidedShuffles`). When it meets a shuffle with no
order yet, the result is thrown away and the state waits for that shuffle's cards,
one chance node each; once the order is complete the transition runs again. A move
whose outcome depends on the cards drawn (a deal that follows a reshuffle, say)
therefore asks for each shuffle in turn, as it happens. The whole order of a pile is
chosen when it is shuffled (the stock of a Craits hand too, though its cards are
drawn later): the same probabilities as choosing each card when it is drawn, and the
order stays hidden from every player's view.

Library decision: a game with explicit chance is set up with a dealer given (0 unless
``dealer=`` says otherwise), since Craits' draw for the first dealer would otherwise
be a shuffle of its own; pass ``dealer=None`` to keep that draw, as chance nodes.
Records (:class:`~cardrules.GameRecord`) replay seeded games only; with explicit
chance the list of chance outcomes and moves is the record.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from cardrules._text import shown
from cardrules.cards import Card
from cardrules.errors import IllegalMoveError, MoveTypeError, RulesError, StateError
from cardrules.events import Event
from cardrules.game import Game, Step
from cardrules.moves import Move
from cardrules.rng import DecidedShuffles
from cardrules.values import Value

__all__ = ["ChanceState", "ExplicitChance"]

_CARDS = tuple(Card.from_index(index) for index in range(52))


_DERIVED = frozenset({"_unique"})


class _Waiting(Value):
    """A transition that waits for a shuffle: the move (or setup options) and who sent
    it (the state it starts from is the chance state's ``inner``), the orders decided
    so far, the pile of
    the shuffle being decided (as the game handed it over), its cards placed so far
    and the cards still to place (sorted); whether the pile holds one copy of each of
    its cards (worked out once per shuffle: chance nodes ask at every card)."""

    __slots__ = ("_decided", "_left", "_move", "_pile", "_placed", "_seat", "_setup", "_unique")

    def __init__(
        self,
        move: Move | None,
        seat: int | None,
        setup: tuple[tuple[str, Any], ...],
        decided: tuple[tuple[Card, ...], ...],
        pile: tuple[Card, ...],
        placed: tuple[Card, ...],
        left: tuple[Card, ...],
        unique: bool | None = None,
    ) -> None:
        self._move = move
        self._seat = seat
        self._setup = setup
        self._decided = decided
        self._pile = pile
        self._placed = placed
        self._left = left
        self._unique = unique if unique is not None else len(set(pile)) == len(pile)

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
        """At a chance node, how many cards of the shuffle being decided are still to
        come (this one included); 0 elsewhere."""
        waiting = self._waiting
        return 0 if waiting is None else len(waiting._left)


class ExplicitChance:
    """``game`` with its shuffles decided by chance outcomes; see the module's text.

    Args:
        game: the rules (any game whose shuffles go through :mod:`cardrules.rng`,
            as every game of the library and its engines does).
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
        """The start of a game, waiting for the cards of its first shuffle. ``setup``
        takes the game's setup options (``dealer``, ``scores``, …, but no ``seed``);
        a stacked ``deck`` or explicit ``hands`` make the first deal without chance
        nodes, and the shuffles after it are chance nodes as usual."""
        return self.start(**setup).state

    def start(self, **setup: Any) -> Step[ChanceState]:
        """Like :meth:`new_game`, with the events of the setup once it completes."""
        if "seed" in setup:
            raise RulesError("a game with explicit chance takes no seed: chance outcomes decide it")
        taken = self.game.setup_keywords()
        if taken is None or "dealer" in taken:  # a game without a dealer gets none
            setup.setdefault("dealer", 0)
        return self._run(
            None, None, None, tuple((name, _frozen(value)) for name, value in setup.items()), ()
        )

    def chance_outcomes(self, state: ChanceState) -> tuple[tuple[Card, Fraction], ...]:
        """The cards that may come next at a chance node, each with its probability
        (exact fractions that sum to 1), in card order."""
        total = len(self._waiting(state)._left)
        return tuple((card, Fraction(count, total)) for card, count in self.chance_counts(state))

    def chance_counts(self, state: ChanceState) -> tuple[tuple[Card, int], ...]:
        """What :meth:`chance_outcomes` says, as counts: each card that may come next
        with how many of its copies are left to place (the probability is that count
        over :attr:`ChanceState.cards_to_place`); quicker where floats will do."""
        waiting = self._waiting(state)
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

    def apply_chance(self, state: ChanceState, card: Card | str) -> ChanceState:
        """The state after chance placed ``card`` next in the shuffle being decided:
        one of the cards of :meth:`chance_outcomes` (a :class:`~cardrules.Card`, or
        card text such as ``"QS"``).

        Raises :class:`~cardrules.IllegalMoveError` for a card that is not among the
        cards left to place, :class:`~cardrules.CardParseError` for text that names no
        card and :class:`~cardrules.MoveTypeError` for anything else (an int is not a
        card here: ``0`` is not 2♣)."""
        return self.step_chance(state, card).state

    def step_chance(self, state: ChanceState, card: Card | str) -> Step[ChanceState]:
        """Like :meth:`apply_chance`, with the events of the transition if it completes."""
        waiting = self._waiting(state)
        left = waiting._left
        if not isinstance(card, Card):
            if not isinstance(card, str):  # a card is an int, but 0, True and 0.0 are no 2♣
                raise MoveTypeError(
                    f"a chance outcome is a Card (or card text like 'QS'), not {shown(card)}"
                )
            card = Card.parse(card)
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
        decided: tuple[tuple[Card, ...], ...],
    ) -> Step[ChanceState]:
        start = base
        if base is None:
            step = self.game.start(seed=DecidedShuffles(decided), **dict(setup))
        else:
            generator = self.game.generator_of(base)
            if not (decided or (isinstance(generator, DecidedShuffles) and generator.settled)):
                base = self.game.with_generator(base, DecidedShuffles())  # dealt elsewhere
            elif decided:
                base = self.game.with_generator(base, DecidedShuffles(decided))
            step = self.game.step(base, move, seat=seat)
        after = self.game.generator_of(step.state)
        undecided = after.undecided if isinstance(after, DecidedShuffles) else ()
        if undecided:  # a shuffle with no order: wait for its cards
            pool = undecided[0]  # cards, or (a trick deal) the cards' indexes
            pile: tuple[Card, ...] = tuple(
                item if isinstance(item, Card) else _CARDS[item] for item in pool
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


def _frozen(value: Any) -> Any:
    """A setup option as a hashable value (lists as tuples), so that a state waiting
    for its first deal hashes like every state."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(item) for item in value)
    return value
