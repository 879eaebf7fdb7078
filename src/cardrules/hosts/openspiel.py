"""OpenSpiel games for cardrules: explicit chance, information states and observations.

Needs OpenSpiel (``pip install "cardrules[openspiel]"``). Importing this module
registers a Python game with ``pyspiel`` for each game the library ships, so
``pyspiel.load_game`` (and OpenSpiel's serialization, which loads games by name) finds
them: ``python_cardrules_cramps``, ``python_cardrules_craits``,
``python_cardrules_hearts``, ``python_cardrules_spades``, ``python_cardrules_oh_hell``,
``python_cardrules_euchre`` and ``python_cardrules_crazy_eights`` (``python_cardrules_``
and the game's registered name); :func:`register_game` registers any other game on the
engines (:func:`load_game` does it for the rules it is given). Every rules option is a
named parameter, so a game string says which rules are played:

>>> import cardrules as cr
>>> import pyspiel
>>> from cardrules.hosts import openspiel
>>> game = pyspiel.load_game("python_cardrules_craits(players=2,short_game=true)")
>>> game.rules == cr.Craits(players=2, short_game=True)
True
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)
>>> pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)

Ints, bools and strings are themselves; the other options are written as text, since
a game string may not hold commas or brackets: a list of ints or of words as its items
joined by ``/`` (Cramps' ``packets=3/3/3/2/2``), Craits' ``card_table`` as the rows
that differ from the default table, each ``rank:action:points[:count[:starts_count]]``,
joined by ``/`` (``card_table=J:skip:10/9:wild_keep_suit:40``). In an int option that
is ``None`` by default, ``0`` stands for ``None`` (Craits' ``decks=0``, the default for
the number of players; Crazy Eights' ``draw_limit=0``, no limit); an int option that is
an int by default and takes ``None`` too has a bool parameter for ``None``, ``no_`` and
its name (``no_target=true``: Euchre's OpenSpiel preset, a single hand, is
``python_cardrules_euchre(no_target=True,zero_sum=True)``; Spades'
``losing_score=0`` is a score of 0). :func:`load_game` writes them for a rules object.
Two parameters are the host's own: ``max_game_length`` (below) and ``info_strings``:
``text`` (the default) or ``digest`` (``information_state_string`` gives a digest of
the text, 32 hex digits: a short key for tabular algorithms such as CFR, which keep
one entry per information state).

How the game maps onto OpenSpiel:

- **Chance.** Every random decision is chance nodes
  (:class:`cardrules.chance.ExplicitChance`). A shuffle is a run of them, one per card
  of the shuffled pile (the game's own cards), top first: a chance action is a card's
  index (0 to 51: ``Card.from_index``; on a declared deck, its card number there, such
  as 52 for the jokers of the French 54), its probability the share of that card among
  the cards not yet placed. A number drawn (a dealer, Oh Hell's number of tricks) is
  one chance node whose actions are the numbers, ``0`` to ``n - 1``, equally likely
  (at most 52 of them: ``max_chance_outcomes``). Games start as their rules say: a
  first dealer the rules draw is drawn by chance nodes.
- **Actions** are the game's move ids (:meth:`Game.move_id
  <cardrules.game.Game.move_id>`). Craits' idiot calls, which the manual rule lets any
  opponent make out of turn, are made at once for the first opponent who may call
  (as :class:`~cardrules.hosts.table.HostTable` does), since OpenSpiel lets one
  player act at a time.
- **Information states** (perfect recall) and **observations** are the encodings of
  :mod:`cardrules.encoding`, as tensors and strings; they are kept up to date move by
  move, not rebuilt from the history.
- **Returns**: 1 for each winner and -1 for every other seat at the end (general-sum);
  0 for all when a game reaches ``max_game_length`` moves first, which ends it there
  (:meth:`Game.move_cap <cardrules.game.Game.move_cap>`: neither game has a finite
  bound, see the rules pages).
"""

from __future__ import annotations

import functools
from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as missing:  # pragma: no cover - depends on the environment
    raise ImportError(
        'cardrules.hosts.openspiel needs OpenSpiel: pip install "cardrules[openspiel]"'
    ) from missing

from cardrules._text import shown
from cardrules.cards import ALL_CARDS, Card
from cardrules.chance import ChanceState, ExplicitChance
from cardrules.decks import Deck
from cardrules.encoding import encoder_for
from cardrules.errors import RulesError, SeatError, StateError
from cardrules.game import Game, Step
from cardrules.games import shipped_games
from cardrules.hosts._params import game_parameters, parameter_specification, rules_from_parameters
from cardrules.hosts._resample import Resampler
from cardrules.hosts._seen import Seen
from cardrules.hosts.table import open_call
from cardrules.moveids import move_ids_of
from cardrules.seats import is_seat

__all__ = [
    "MOST_PLAYERS",
    "CardrulesGame",
    "CardrulesState",
    "Resampler",
    "load_game",
    "player_range",
    "register_game",
    "resampler",
]

_DEFAULT_CAP = 20_000
"""Moves (chance nodes not counted) after which an OpenSpiel game is cut short: far
above a random game of either (about 300 moves for Cramps, 1,100 for Craits)."""

_INFO_STRINGS = ("text", "digest")
_MAX_CHANCE_OUTCOMES = 52
"""Chance actions: a card's index, or a number drawn (at most 52 numbers); a game on a
declared deck of more card numbers has as many (:func:`_chance_outcomes`)."""


def load_game(
    rules: Game[Any, Any, Any],
    *,
    max_game_length: int = _DEFAULT_CAP,
    info_strings: str = "text",
) -> Any:
    """The OpenSpiel game for ``rules`` (Cramps, Craits or any game on the engines;
    its class is registered first if it is not yet: :func:`register_game`), loaded
    through ``pyspiel.load_game`` with its options as named parameters (see the
    module's text).
    ``info_strings="digest"`` makes ``information_state_string`` a 32-hex-digit
    digest of the text instead of the text (:attr:`InfoState.digest
    <cardrules.encoding.info.InfoState.digest>`)."""
    params = game_parameters(rules)  # (raises for rules of other games)
    params.update(
        _own_parameters({"max_game_length": max_game_length, "info_strings": info_strings})
    )
    return pyspiel.load_game(register_game(type(rules)), params)


def _own_parameters(params: dict[str, Any]) -> dict[str, Any]:
    """The host's own parameters among ``params``, checked, those that differ from
    their defaults."""
    cap = params.get("max_game_length", _DEFAULT_CAP)
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
        raise RulesError(f"max_game_length must be an int of at least 1, not {shown(cap)}")
    strings = params.get("info_strings", "text")
    if strings not in _INFO_STRINGS:
        raise RulesError(f"info_strings must be one of {_INFO_STRINGS}, not {shown(strings)}")
    own: dict[str, Any] = {}
    if cap != _DEFAULT_CAP:
        own["max_game_length"] = cap
    if strings != "text":
        own["info_strings"] = strings
    return own


class CardrulesGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game playing a cardrules rules object (see the module's text)."""

    def __init__(
        self,
        params: dict[str, Any] | None,
        game_type: Any,
        rules_class: type[Game[Any, Any, Any]],
    ) -> None:
        params = dict(params or {})
        rules: Game[Any, Any, Any] = rules_from_parameters(rules_class, params)
        own = _own_parameters(params)
        cap = own.get("max_game_length", _DEFAULT_CAP)
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.num_move_ids,
            max_chance_outcomes=_chance_outcomes(rules),
            num_players=rules.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=cap,
        )
        # The game string shows what differs from the defaults (and Craits' players).
        super().__init__(game_type, info, {**game_parameters(rules), **own})
        self.setup = _Setup(rules, cap, own.get("info_strings", "text") == "digest")
        self.rules = rules

    def new_initial_state(self) -> CardrulesState:
        """The start of a game: chance nodes for the first deal."""
        return CardrulesState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """Information states (perfect recall) or observations, as tensors and text."""
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self, perfect_recall)

    def __reduce_ex__(self, protocol: object) -> tuple[Any, ...]:
        # Pickled as its game string, with any protocol (OpenSpiel's own pickling needs
        # protocol 2 or more: 0 and 1 abort the process).
        return (pyspiel.load_game, (str(self),))


class CardrulesState(pyspiel.State):  # type: ignore[misc]
    """A position of a :class:`CardrulesGame` (see the module's text)."""

    def __init__(self, game: CardrulesGame) -> None:
        super().__init__(game)
        self._game: _Setup = game.setup  # not the pyspiel game: states are deep-copied
        self._position: ChanceState = game.setup.initial
        self._seen: Seen | None = None  # what each seat saw (None before the first deal)
        self._carried: tuple[Any, ...] = ()  # events of a move whose calls wait for chance
        self._moves = 0
        # OpenSpiel asks whose turn it is several times a move: worked out once per
        # position (see _moved), with the legal actions when first asked for.
        self._player = _CHANCE
        self._legal: list[int] | None = None
        self._moved()

    @property
    def position(self) -> ChanceState:
        """The cardrules position (its ``inner`` state is the game's state)."""
        return self._position

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player."""
        return self._player

    def _moved(self) -> None:
        """After ``_position`` (or the move count) changed: whose turn it is."""
        position = self._position
        if position._waiting is not None:
            self._player = _CHANCE
        elif position._inner.is_over or self._moves >= self._game.cap:
            self._player = _TERMINAL
        else:
            self._player = position._inner.to_move
        self._legal = None

    def _legal_actions(self, player: int) -> list[int]:
        if player != self._player or player < 0:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = sorted(self._game.rules.legal_move_ids(self._position.inner))
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may come next, by index, with their probabilities (or, for a
        number drawn, the numbers)."""
        waiting = self._position._waiting
        if waiting is not None and waiting._unique:  # one copy of each card: all as likely
            if waiting._below:
                return list(_numbers(waiting._below))
            total = len(waiting._left)
            pairs = _uniform(total)
            return [pairs[card] if card < 52 else (int(card), 1 / total) for card in waiting._left]
        total = self._position.cards_to_place
        counts = self._game.table.chance_counts(self._position)  # (raises off chance nodes)
        return [(int(card), count / total) for card, count in counts]

    def _apply_action(self, action: int) -> None:
        setup = self._game
        waiting = self._position._waiting
        if waiting is not None:
            if waiting._below:  # a number drawn: the action is the number
                _numbers(waiting._below)  # (raises for more than OpenSpiel's outcomes)
                step = setup.table.step_chance(self._position, action)
            else:
                step = setup.table.step_chance(self._position, _card(action, waiting._left))
        else:
            moves = setup.moves
            # (OpenSpiel passes ints; any other id is left to move_from_id to refuse)
            move = moves[action] if 0 <= action < len(moves) else setup.rules.move_from_id(action)
            step = setup.table.step(self._position, move)
            self._moves += 1
        self._position = step.state
        if step.state._waiting is None:
            if self._carried:
                events, self._carried = (*self._carried, *step.events), ()
            else:
                events = step.events
            self._settle(events)
        self._moved()

    def _settle(self, events: tuple[Any, ...]) -> None:
        """After a complete transition: idiot calls for the seats, then the seats'
        information states."""
        rules = self._game.rules
        table = self._game.table
        position = self._position
        while self._game.calls and (call := open_call(rules, position.inner)) is not None:
            made = table.step(position, call, seat=call.caller)
            events = (*events, *made.events)
            position = made.state
            if position.is_chance:  # a call that makes a seat draw from a reshuffle
                self._position, self._carried = position, events
                return
        self._position = position
        if self._seen is None:
            self._seen = Seen.start(position.inner, rules.players)
        else:
            self._seen = self._seen.then(Step(position.inner, events))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            below = self._position.draw_below
            if below:
                return f"number {action} (of 0 to {below - 1})"
            waiting = self._position._waiting
            return f"card {_card(action, () if waiting is None else waiting._left)}"
        return str(self._game.rules.move_from_id(action))

    def is_terminal(self) -> bool:
        """Whether the game has ended, or reached ``max_game_length`` moves."""
        return self._player == _TERMINAL

    def returns(self) -> list[float]:
        """1 for each winner and -1 for the others at the end; 0 before (or when the
        game was cut short)."""
        players = self._game.rules.players
        if not self._position.is_over:
            return [0.0] * players
        winners = self._position.inner.winners
        return [1.0 if seat in winners else -1.0 for seat in range(players)]

    def __str__(self) -> str:
        if self._position.inner is None:
            if self._position.draw_below:
                return f"the start, waiting for a number from 0 to {self._position.draw_below - 1}"
            return "the first deal, waiting for its cards"
        text = str(self._position.inner)
        below = self._position.draw_below
        if below:
            text += f"\n(waiting for chance: a number from 0 to {below - 1})"
        elif self._position.is_chance:
            text += f"\n(waiting for chance: {self._position.cards_to_place} cards to place)"
        return text

    def __reduce_ex__(self, protocol: object) -> tuple[Any, ...]:
        # Pickled as OpenSpiel serializes it, with any protocol (OpenSpiel's own
        # pickling needs protocol 2 or more: 0 and 1 abort the process).
        return (_state_again, (str(self.get_game()), self.serialize()))

    def info_state(self, player: int) -> Any:
        """``player``'s :class:`~cardrules.encoding.InfoState` (``None`` before the
        first deal is complete). Information states are brought up to date when asked
        for, so play that never asks (a search's rollouts) does not pay for them.
        Raises :class:`~cardrules.SeatError` for a player not at the table."""
        players = self._game.rules.players
        if not is_seat(player, players):
            raise SeatError(f"player must be a seat from 0 to {players - 1}, not {shown(player)}")
        if self._seen is None:
            return None
        info, self._seen = self._seen.info(self._game.encoder, player)
        return info


def resampler(seed: int = 0) -> Resampler:
    """A resampler for OpenSpiel's ISMCTS (``bot.set_resampler(resampler(seed))``): a
    :class:`Resampler`, whose samples are states that
    ``player`` cannot tell from the given one, each with a history of its own that
    replays to it: the current deal's cards that the player has not seen dealt
    otherwise, as far as the other seats' moves allow (a player who drew because it
    could not play held no card it could have played; one who did not follow suit held
    none of that suit), and the rest of the game as it was: whatever ``player`` knows
    (a card turned up, the numbers drawn, what it sees of the payload) is kept, and a
    sample shows it the very view of the given state.

    >>> import cardrules as cr
    >>> from open_spiel.python.algorithms import ismcts, mcts
    >>> game = load_game(cr.Craits(players=2, short_game=True))
    >>> bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1), 2.0, 20)
    >>> bot.set_resampler(resampler(seed=3))
    """
    return Resampler(seed)


class _Setup:
    """What a game's states share: the rules, their explicit-chance table, the encoder
    and the cap. Immutable, so copies of a state share it."""

    def __init__(self, rules: Game[Any, Any, Any], cap: int, digests: bool = False) -> None:
        self.rules = rules
        self.digests = digests  # information state strings as digests of the text
        self.moves = move_ids_of(rules).moves  # by id
        self.calls = getattr(rules, "calls", None) is not None  # out-of-turn calls to make
        self.table = ExplicitChance(rules)
        self.encoder = encoder_for(rules)
        self.cap = cap
        self.initial = self.table.new_game()  # a value: every new game starts from it

    def __copy__(self) -> _Setup:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as what makes it: the table, the encoder and the first position are
        # made again (the encoder keeps tables that are not for pickling).
        return (_Setup, (self.rules, self.cap, self.digests))


class _Observer:
    """OpenSpiel's observer protocol over :mod:`cardrules.encoding`."""

    def __init__(self, game: CardrulesGame, perfect_recall: bool) -> None:
        self._game = game.setup
        self._perfect_recall = perfect_recall
        encoder = game.setup.encoder
        size = encoder.info_state_size if perfect_recall else encoder.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def _checked(self, state: object) -> CardrulesState:
        if isinstance(state, CardrulesState) and state._game is self._game:
            return state  # (the usual case, asked at every decision: no comparison)
        return _checked_state(state, self._game, "an observer")

    def set_from(self, state: CardrulesState, player: int) -> None:
        """Fill :attr:`tensor` for ``player`` at ``state`` (in place)."""
        info = self._checked(state).info_state(player)
        if info is None:
            self.tensor.fill(0.0)
        elif self._perfect_recall:
            info.array(out=self.tensor)
        else:
            info.observation_array(out=self.tensor)

    def string_from(self, state: CardrulesState, player: int) -> str:
        """The information state's or the observation's text for ``player``."""
        info = self._checked(state).info_state(player)
        if info is None:
            return "the first deal, waiting for its cards"
        if self._perfect_recall:
            text: str = info.digest if self._game.digests else info.text
            return text
        return str(self._game.rules.observe(state.position.inner, player))


def _checked_state(state: object, setup: _Setup, what: str) -> CardrulesState:
    """``state`` itself if it is a state of the game of ``setup``."""
    if not isinstance(state, CardrulesState) or state._game.rules != setup.rules:
        raise StateError(
            f"{what} needs a state of its cardrules OpenSpiel game "
            f"({type(setup.rules).__name__}), not {shown(state)}"
        )
    return state


def _state_again(game: str, serialized: str) -> CardrulesState:
    """Unpickle a :class:`CardrulesState`: the game loaded by its string, and the state
    it serialized."""
    state: CardrulesState = pyspiel.load_game(game).deserialize_state(serialized)
    return state


def _card(action: int, left: tuple[Any, ...]) -> Any:
    """The card of a chance action (its index; beyond the 52, or on a deck of cards of
    its own such as Tarot's, the card of that number among those ``left`` to place), or
    the error that says what is allowed."""
    if 0 <= action < 52 and (not left or left[0].__class__ is Card):
        return ALL_CARDS[action]
    for card in left:
        if card == action:
            return card
    return Card.from_index(action)


def _chance_outcomes(rules: Any) -> int:
    """The chance actions of ``rules``: 52, or the card numbers of a declared deck
    (:mod:`cardrules.decks`) that has more (the French 54's 53: its jokers are 52)."""
    declared = getattr(rules, "card_deck", None)
    if callable(declared):
        declared = declared()
    numbers = len(declared.kinds) if isinstance(declared, Deck) else 0
    return max(_MAX_CHANCE_OUTCOMES, numbers)


@functools.cache
def _uniform(total: int) -> tuple[tuple[int, float], ...]:
    """Each card's chance outcome when ``total`` different cards are left, by card
    index (made once per count: chance nodes ask at every card of a shuffle)."""
    return tuple((index, 1 / total) for index in range(52))


@functools.cache
def _numbers(below: int) -> tuple[tuple[int, float], ...]:
    """The chance outcomes of a number drawn below ``below``: each number, as likely
    (made once per ``below``). Raises :class:`~cardrules.RulesError` for more numbers
    than a game's ``max_chance_outcomes`` (52)."""
    if below > _MAX_CHANCE_OUTCOMES:
        raise RulesError(
            f"this game draws a number from 0 to {below - 1}, but OpenSpiel's chance nodes "
            f"here have at most {_MAX_CHANCE_OUTCOMES} outcomes (0 to "
            f"{_MAX_CHANCE_OUTCOMES - 1}: a card's index, or a number drawn)"
        )
    return tuple((number, 1 / below) for number in range(below))


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def _game_type(short_name: str, long_name: str, low: int, high: int, params: dict[str, Any]) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


_OWN_PARAMETERS = {"max_game_length": _DEFAULT_CAP, "info_strings": "text"}
_NAMES: dict[type, str] = {}


def register_game(
    rules_class: type[Game[Any, Any, Any]],
    *,
    min_players: int | None = None,
    max_players: int | None = None,
) -> str:
    """Register the rules class ``rules_class`` with ``pyspiel`` as a Python game named
    ``python_cardrules_<name>`` (its :attr:`Game.name <cardrules.game.Game.name>`), so
    ``pyspiel.load_game`` finds it (and OpenSpiel's serialization, which loads games by
    name: register in each process that loads one), and return that name. The library's
    own games are registered when this module is imported; :func:`load_game` registers the
    class of the rules it is given. Registering a class again does nothing.

    Any game on the trick-taking or shedding engine can be registered: its encodings
    are its family's (:func:`~cardrules.encoding.encoder_for`) and its options, which
    must be ints, bools, strings or lists of ints or of strings, are the game's
    parameters. ``min_players`` and ``max_players`` (what OpenSpiel's game type says)
    default to the numbers of players the class takes (:func:`player_range`).

    Raises :class:`~cardrules.RulesError` for something that is not a rules class, a
    class whose default rules have no encoder, or an option of another kind.

    >>> import cardrules as cr
    >>> from cardrules.hosts.openspiel import register_game
    >>> register_game(cr.Cramps)
    'python_cardrules_cramps'
    """
    known = _NAMES.get(rules_class)
    if known is not None:
        return known
    if not (isinstance(rules_class, type) and issubclass(rules_class, Game)):
        raise RulesError(f"register_game needs a rules class (a Game), not {shown(rules_class)}")
    default = rules_class()
    encoder_for(default)  # (raises for a game with no encoder)
    spec = {**parameter_specification(rules_class), **_OWN_PARAMETERS}
    low, high = player_range(rules_class) if "players" in spec else (default.players,) * 2
    low = low if min_players is None else min_players
    high = high if max_players is None else max_players
    short_name = f"python_cardrules_{rules_class.name}"
    game_type = _game_type(short_name, f"cardrules {rules_class.__name__}", low, high, spec)

    class _Hosted(CardrulesGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(params, game_type, rules_class)

    _Hosted.__name__ = _Hosted.__qualname__ = f"_{rules_class.__name__}Game"
    pyspiel.register_game(game_type, _Hosted)
    _NAMES[rules_class] = short_name
    return short_name


def player_range(rules_class: type[Game[Any, Any, Any]]) -> tuple[int, int]:
    """The fewest and the most players ``rules_class`` takes with its other options at
    their defaults: from its default number of players, each number down and up that
    it accepts (asked of the class itself, so its own checks decide; at most
    :data:`MOST_PLAYERS`).

    >>> import cardrules as cr
    >>> player_range(cr.Craits), player_range(cr.Cramps)
    ((2, 10), (4, 4))
    """

    def takes(players: int) -> bool:
        try:
            rules_class.from_options({"players": players})
        except RulesError:
            return False
        return True

    low = high = rules_class().players
    while low > 1 and takes(low - 1):
        low -= 1
    while high < MOST_PLAYERS and takes(high + 1):
        high += 1
    return low, high


MOST_PLAYERS = 52
"""The most players :func:`player_range` asks a game about (one card each)."""


for _rules_class in shipped_games().values():
    register_game(_rules_class)
