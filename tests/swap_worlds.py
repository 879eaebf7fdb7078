"""Two worlds that one seat cannot tell apart, and everything that seat is shown in
each: the machinery of tests/test_swap_secrets.py.

World A is a game played under explicit chance (:class:`cardrules.chance.ExplicitChance`:
every card dealt, and any other draw, is a chance outcome chosen here) with random
outcomes and random legal moves. World B replays it with two cards ``X`` and ``Y``
swapped everywhere: in every chance outcome and in every move that names one (a pass of
``X`` by another seat is a pass of ``Y`` in world B). When seat ``s`` has never seen
``X`` or ``Y`` (never held them, never had them passed to it, never seen them played,
turned up or in the discard pile), nothing ``s`` is shown may differ between the
worlds, byte for byte:

* the library: ``game.observe`` (``repr`` and ``str``), the step's events as ``s`` may
  know them (:func:`cardrules.events_for`, where the library has it) in every form
  (``repr``, ``str``, ``describe``, :func:`cardrules.describe` and
  :func:`cardrules.narrate` with the seat), the information state (one seat's, and the
  encoder's all-seat path: text, digest, vector, observation, arrays), the encoded
  view, the legal-move mask and, on ``s``'s turns, its legal moves;
* the hosts, each driven to the same positions: OpenSpiel (its own explicit chance,
  fed the same chance actions: information-state and observation strings and tensors,
  legal actions), PettingZoo and Gymnasium (observations, masks, rewards, ends; their
  game is dealt by a generator whose shuffles and draws are the world's chance
  outcomes, a :class:`cardrules.rng.DecidedShuffles` given as the seed), and the
  command line's play screen (``play_game`` with ``s`` as the human, typed in by a
  script, and the other seats' moves and the chance outcomes of the world).

The calls Craits' manual rule lets any opponent make out of turn are made, in every
world and host, as the hosts make them (:func:`cardrules.hosts.table.open_call`).
"""

from __future__ import annotations

import difflib
import inspect
import io
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import attrs
import numpy as np

import cardrules as cr
from cardrules.chance import ChanceState, ExplicitChance
from cardrules.cli.console import Console
from cardrules.cli.play import play_game
from cardrules.cli.registry import game_entry
from cardrules.climbing import CardsPlayed
from cardrules.decks import DeckCard
from cardrules.encoding import encoder_for
from cardrules.encoding.arrays import ObservationArrays
from cardrules.hosts.table import open_call
from cardrules.rng import DecidedShuffles
from cardrules.terminal import GameAdapter

CARDS = (cr.Card, DeckCard)
"""What a card is: a French card, or a card of a declared deck (UNO's)."""
AnyCard = cr.Card | DeckCard

Outputs = dict[str, object]
"""What one seat is shown at one position, by name."""


class Unplayable(Exception):
    """World B cannot follow world A: a move or chance outcome, swapped, is not legal
    there (the swap changed what the other seats could do)."""


@dataclass(frozen=True)
class Act:
    """One action of a game: a chance outcome, a move of the seat to move, or a call
    made out of turn by ``seat``."""

    kind: str  # "chance", "move" or "call"
    value: Any
    seat: int | None = None


@dataclass(frozen=True)
class Transition:
    """A complete transition: its actions (the move or call that starts it, if any,
    then its chance outcomes), the state it ends in and its events."""

    acts: tuple[Act, ...]
    state: ChanceState
    events: tuple[cr.Event, ...]

    @property
    def kind(self) -> str:
        """``"start"`` for the setup, else the kind of the action that started it."""
        return "start" if not self.acts or self.acts[0].kind == "chance" else self.acts[0].kind

    @property
    def move(self) -> Act | None:
        """The move or call that started the transition (``None`` for the setup)."""
        return None if self.kind == "start" else self.acts[0]


@dataclass
class World:
    """One game played under explicit chance, transition by transition."""

    game: Any
    setup: dict[str, Any]
    transitions: list[Transition] = field(default_factory=list)
    started: dict[str, Any] = field(default_factory=dict)
    """The setup keywords the game was started with (a later deal, say), which world B
    starts with too."""

    @property
    def table(self) -> ExplicitChance:
        return ExplicitChance(self.game)

    def checkpoints(self) -> list[int]:
        """The transitions after which no call is left to make: where the hosts, which
        make the calls themselves, are at the world's position (the setup, then each
        move with the calls that follow it)."""
        ends = [i for i in range(len(self.transitions)) if self._settled(i)]
        assert ends and ends[-1] == len(self.transitions) - 1, "a world ends with a call open"
        return ends

    def _settled(self, i: int) -> bool:
        following = self.transitions[i + 1] if i + 1 < len(self.transitions) else None
        return following is None or following.kind != "call"

    def moves(self) -> list[Act]:
        """The moves (not the calls) in order: what a host is given."""
        return [t.acts[0] for t in self.transitions if t.kind == "move"]

    def orders(self) -> tuple[Any, ...]:
        """Every decided order of the game in turn (shuffles, and any other draw the
        library makes a chance node): a generator state that deals this whole game
        when a host is seeded with it."""
        orders: list[Any] = []
        for transition in self.transitions:
            if any(act.kind == "chance" for act in transition.acts):
                generator = self.game.generator_of(transition.state.inner)
                assert isinstance(generator, DecidedShuffles), generator
                assert generator.index == len(generator.orders), "an order left unused"
                orders.extend(generator.orders)
        return tuple(orders)

    def decided(self) -> DecidedShuffles:
        return DecidedShuffles(self.orders())


Chooser = Callable[[str, ChanceState, Sequence[Any]], Any]
"""Chooses a chance outcome (``"chance"``) or a legal move (``"move"``)."""


def random_chooser(seed: int) -> Chooser:
    """Random chance outcomes and random legal moves, from a generator seeded here."""
    chooser = random.Random(seed)

    def choose(kind: str, state: ChanceState, options: Sequence[Any]) -> Any:
        return chooser.choice(options)

    return choose


def _complete(table: ExplicitChance, step: cr.Step[Any], acts: list[Act], choose: Chooser) -> Any:
    """``step`` taken on through its chance nodes: the final step."""
    while step.state.is_chance:
        outcomes = [outcome for outcome, _ in table.chance_outcomes(step.state)]
        outcome = choose("chance", step.state, outcomes)
        acts.append(Act("chance", outcome))
        step = table.step_chance(step.state, outcome)
    return step


def _setup_of(state: ChanceState) -> dict[str, Any]:
    """The setup options explicit chance started the game with (a dealer it gave, in
    versions of the library that give one), for the hosts that deal from a seed."""
    waiting = getattr(state, "_waiting", None)
    return dict(getattr(waiting, "_setup", ()) or ())


def _ends_deal(events: Sequence[cr.Event]) -> bool:
    return any(isinstance(event, (cr.HandScored, cr.GameOver)) for event in events)


def play_world(
    game: Any,
    seed: int,
    moves: int,
    stop: Callable[[World], bool] | None = None,
    started: dict[str, Any] | None = None,
) -> World:
    """World A: ``game`` under explicit chance, random chance outcomes and random legal
    moves (seeded with ``seed``), the calls made as the hosts make them, for at most
    ``moves`` moves or until ``stop(world)`` says so, and never past the end of the
    first deal (the scores of a deal tell what was left in the hands: a card nobody saw
    may change them). ``started``: setup keywords to start the game with (a later deal
    with its exchanges), which the hosts are given too."""
    table = ExplicitChance(game)
    first = table.start(**(started or {}))  # (as OpenSpiel starts it)
    world = World(game, _setup_of(first.state), started=dict(started or {}))
    choose = random_chooser(seed)
    acts: list[Act] = []
    start = _complete(table, first, acts, choose)
    world.transitions.append(Transition(tuple(acts), start.state, start.events))
    made = 0
    while True:
        state = world.transitions[-1].state
        if state.is_over:
            break
        call = open_call(game, state.inner)
        if call is None and (made >= moves or (stop is not None and stop(world))):
            break
        if call is not None:
            acts = [Act("call", call, call.caller)]
            first = table.step(state, call, seat=call.caller)
        else:
            move = choose("move", state, table.legal_moves(state))
            acts = [Act("move", move, state.to_move)]
            first = table.step(state, move)
            made += 1
        step = _complete(table, first, acts, choose)
        if _ends_deal(step.events):
            break
        world.transitions.append(Transition(tuple(acts), step.state, step.events))
    while open_call(game, world.transitions[-1].state.inner) is not None:
        world.transitions.pop()  # (a move that left a call open, and its calls)
    return world


# -- the swap -------------------------------------------------------------------------


def swapper(x: AnyCard, y: AnyCard) -> Callable[[Any], Any]:
    """The permutation of cards that swaps ``x`` and ``y``, applied to a chance outcome
    or a move (every card a move names)."""

    def card(value: Any) -> Any:
        if isinstance(value, CARDS):
            return y if value == x else x if value == y else value
        if isinstance(value, tuple):
            return tuple(card(item) for item in value)
        return value

    def apply(value: Any) -> Any:
        if isinstance(value, CARDS):
            return card(value)
        if attrs.has(type(value)):
            changes = {}
            for item in attrs.fields(type(value)):
                old = getattr(value, item.name)
                new = card(old)
                if new != old:
                    changes[item.name] = new
            return attrs.evolve(value, **changes) if changes else value
        return value  # (an outcome that is no card: a number drawn)

    return apply


def replay_world(world: World, sigma: Callable[[Any], Any]) -> World:
    """World B: ``world``'s actions, each mapped by ``sigma``, checked to be legal.

    Raises :class:`Unplayable` when one is not."""
    game = world.game
    table = ExplicitChance(game)
    other = World(game, dict(world.setup), started=dict(world.started))
    state: Any = None
    for transition in world.transitions:
        acts = [sigma(act.value) for act in transition.acts]
        kinds = [act.kind for act in transition.acts]
        at = 0
        if transition.kind == "start":
            step = table.start(**world.started)
        elif transition.kind == "call":
            if open_call(game, state.inner) != acts[0]:
                raise Unplayable(f"the call {acts[0]} is not the one made here")
            step = table.step(state, acts[0], seat=transition.acts[0].seat)
            at = 1
        else:
            if acts[0] not in table.legal_moves(state):
                raise Unplayable(f"{acts[0]} is not legal in world B")
            step = table.step(state, acts[0])
            at = 1
        for kind, outcome in zip(kinds[at:], acts[at:], strict=True):
            assert kind == "chance"
            if not step.state.is_chance:
                raise Unplayable("world B needs fewer chance outcomes")
            if outcome not in [o for o, _ in table.chance_outcomes(step.state)]:
                raise Unplayable(f"{outcome} is not a chance outcome in world B")
            step = table.step_chance(step.state, outcome)
        if step.state.is_chance:
            raise Unplayable("world B needs more chance outcomes")
        other.transitions.append(
            Transition(
                tuple(Act(a.kind, v, a.seat) for a, v in zip(transition.acts, acts, strict=True)),
                step.state,
                step.events,
            )
        )
        state = step.state
    return other


# -- what a seat has seen --------------------------------------------------------------


def deck_of(world: World) -> list[AnyCard]:
    """The cards of the first deal's shuffle (the deck), in order: its chance outcomes,
    which are the cards dealt."""
    start = world.transitions[0]
    deck = sorted({act.value for act in start.acts if isinstance(act.value, CARDS)})
    dealt = {card for hand in start.state.inner.hands for card in hand}
    assert dealt <= set(deck), f"the chance outcomes of the deal are not its cards: {deck}"
    return deck


def seen_by(world: World, seat: int) -> set[AnyCard]:
    """The cards ``seat`` has seen, from the states themselves (not from what the seat
    is shown): every card it held at any point (dealt, passed to it, drawn, picked up;
    so also those it passed, played or discarded), every card played (alone, or in a
    climbing game's play of several), turned up, laid on the discard pile or drawn for
    the first dealer."""
    seen: set[AnyCard] = set()
    for transition in world.transitions:
        state = transition.state.inner
        seen.update(state.hands[seat])
        turned = getattr(state, "turned_up", None)
        if isinstance(turned, CARDS):
            seen.add(turned)
        seen.update(getattr(state, "discard", ()) or ())
        for _, drawn in getattr(state, "dealer_draws", ()) or ():
            seen.add(drawn)
        for event in transition.events:
            if isinstance(event, (cr.CardPlayed, cr.CardTurnedUp)):
                seen.add(event.card)
            if isinstance(event, (cr.TrickWon, CardsPlayed)):
                seen.update(event.cards)
    return seen


def cards_in(value: Any, found: set[AnyCard] | None = None) -> set[AnyCard]:
    """Every card inside ``value`` (a view, an event, a move; tuples, named tuples and
    attrs classes looked into)."""
    found = set() if found is None else found
    if isinstance(value, CARDS):
        found.add(value)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            cards_in(item, found)
    elif attrs.has(type(value)):
        for item in attrs.fields(type(value)):
            cards_in(getattr(value, item.name), found)
    return found


def hidden_move_cards(world: World, seat: int) -> list[AnyCard]:
    """The cards named by the other seats' moves that ``seat`` has not seen (a pass or a
    discard it was not shown): the first of each seat's, in seat order, then the second
    of each, and so on, so that a few of them come from several seats."""
    seen = seen_by(world, seat)
    named: dict[int, list[AnyCard]] = {}
    for transition in world.transitions:
        move = transition.move
        if move is not None and move.seat != seat and move.seat is not None:
            mine = named.setdefault(move.seat, [])
            mine.extend(card for card in sorted(cards_in(move.value)) if card not in seen)
    cards: list[AnyCard] = []
    for rank in range(max(map(len, named.values()), default=0)):
        for mover in sorted(named):
            if rank < len(named[mover]) and named[mover][rank] not in cards:
                cards.append(named[mover][rank])
    return cards


def holders(world: World) -> dict[AnyCard, int | None]:
    """Where each card of the deck lies after the first deal: the seat holding it, or
    ``None`` (the stock, the cards left undealt)."""
    state = world.transitions[0].state.inner
    where: dict[AnyCard, int | None] = dict.fromkeys(deck_of(world))
    for seat, hand in enumerate(state.hands):
        for card in hand:
            where[card] = seat
    return where


def changed(a: World, b: World) -> bool:
    """Whether two worlds' states differ somewhere (their generators aside: world B's
    decided orders always differ)."""
    game = a.game
    return any(
        game.with_generator(one.state.inner, 0) != game.with_generator(other.state.inner, 0)
        for one, other in zip(a.transitions, b.transitions, strict=True)
    )


def swaps(
    world: World, seat: int, seed: int, wanted: int, *, hidden_first: bool = True
) -> Iterator[tuple[AnyCard, AnyCard, World]]:
    """Up to ``wanted`` swaps of two cards ``seat`` has not seen, each with its world
    B: first the cards of the other seats' hidden moves (with ``hidden_first``), then
    cards at random, each with a card at random, one in another place after the deal
    (another hand, or a hand and the stock) if there is one. Swaps world B cannot
    follow, or that change no state (two cards left undealt), are left out."""
    unseen = sorted(set(deck_of(world)) - seen_by(world, seat))
    where = holders(world)
    chooser = random.Random(seed)
    firsts = hidden_move_cards(world, seat) if hidden_first else []
    rest = [card for card in unseen if card not in firsts]
    chooser.shuffle(rest)
    found = 0
    tried: set[frozenset[AnyCard]] = set()
    for x in [*firsts, *rest]:
        partners = [y for y in unseen if y != x]
        chooser.shuffle(partners)
        partners.sort(key=lambda y: where[y] == where[x])  # (another place first)
        for y in partners[:8]:
            if frozenset((x, y)) in tried:
                continue
            tried.add(frozenset((x, y)))
            try:
                other = replay_world(world, swapper(x, y))
            except Unplayable:
                continue
            if not changed(world, other):
                continue
            yield x, y, other
            found += 1
            break
        if found >= wanted:
            return


# -- what the seat is shown: the library ----------------------------------------------


def _wording(game: Any) -> dict[str, Any]:
    """The keywords that give :func:`cardrules.describe` and :func:`cardrules.narrate`
    the game's word for a deal (``game=`` where they take it)."""
    if "game" in inspect.signature(cr.narrate).parameters:
        return {"game": game}
    return {"deal_word": getattr(type(game), "deal_word", None) or "hand"}


def _bytes(values: Any) -> bytes:
    return bytes(np.asarray(values, dtype=np.float64).tobytes())


def library_outputs(world: World, seat: int) -> list[Outputs]:
    """What ``seat`` is shown after each transition of ``world``, by the library."""
    game = world.game
    table = world.table
    encoder = encoder_for(game)
    events_for = getattr(cr, "events_for", None)
    wording = _wording(game)
    shown: list[Outputs] = []
    info: Any = None
    infos: Any = None
    for transition in world.transitions:
        state = transition.state
        inner = state.inner
        raw = transition.events
        told = tuple(events_for(raw, seat)) if events_for is not None else raw
        if info is None:
            info = encoder.info_state(inner, seat)
            infos = encoder.info_states(inner)
        else:
            step = cr.Step(inner, raw)
            info = info.after(step)
            infos = encoder.after(infos, step)
        view = table.observe(state, seat)
        out: Outputs = {
            "view repr": repr(view),
            "view str": str(view),
            "events repr": repr(told) if events_for is not None else None,
            "events str": [str(e) for e in told] if events_for is not None else None,
            "events describe": [e.describe(seat) for e in told],
            "describe(event, seat)": [cr.describe(e, seat, **wording) for e in raw],
            "narrate(events, seat)": [
                (repr(e) if events_for is not None else type(e).__name__, text)
                for e, text in cr.narrate(raw, seat, **wording)
            ],
            "narrate(told, seat)": [text for _, text in cr.narrate(told, seat, **wording)],
            "info text": info.text,
            "info digest": info.digest,
            "info vector": _bytes(info.vector),
            "info observation": _bytes(info.observation),
            "info array": info.array().tobytes(),
            "info observation array": info.observation_array().tobytes(),
            "info repr": repr(info),
            "infos text": infos[seat].text,
            "infos array": infos[seat].array().tobytes(),
            "encoded view": _bytes(encoder.observation(view)),
            "encoded view array": encoder.observation_array(view).tobytes(),
            "legal mask": encoder.legal_mask(inner, seat=seat),
            "to move": inner.to_move,
        }
        if inner.to_move == seat:
            out["legal moves"] = repr(table.legal_moves(state))
            out["legal ids"] = tuple(game.legal_move_ids(inner))
        shown.append(out)
    return shown


# -- the hosts -------------------------------------------------------------------------


def all_views(game: Any, state: Any) -> list[Any]:
    """Every seat's view of ``state``: whether a host is at a world's position."""
    return [game.observe(state, seat) for seat in range(game.players)]


def openspiel_outputs(world: World, seat: int) -> list[Outputs]:
    """What ``seat`` is shown by the OpenSpiel adapter at each checkpoint of ``world``,
    its chance nodes fed the world's outcomes (a card by its index; any other outcome by
    its place in the list, which OpenSpiel lists in the same order)."""
    from cardrules.hosts.openspiel import load_game

    if world.started:
        return []  # (an OpenSpiel game starts from its parameters alone, not a later deal)
    game = world.game
    spiel = load_game(game).new_initial_state()
    table = world.table
    shown: list[Outputs] = []
    checkpoints = set(world.checkpoints())
    for i, transition in enumerate(world.transitions):
        for act in transition.acts:
            if act.kind == "call":
                continue  # (OpenSpiel makes the calls itself)
            if act.kind == "move":
                spiel.apply_action(game.move_id(act.value))
                continue
            outcomes = [o for o, _ in spiel.chance_outcomes()]
            if isinstance(act.value, CARDS):
                action = int(act.value)
            else:
                ours = [o for o, _ in table.chance_outcomes(spiel.position)]
                assert len(ours) == len(outcomes)
                action = outcomes[ours.index(act.value)]
            assert action in outcomes, (act, outcomes)
            spiel.apply_action(action)
        position = transition.state
        if i not in checkpoints:
            continue
        assert not spiel.is_chance_node()
        assert all_views(game, spiel.position.inner) == all_views(game, position.inner)
        shown.append(
            {
                "information_state_string": spiel.information_state_string(seat),
                "observation_string": spiel.observation_string(seat),
                "information_state_tensor": _bytes(spiel.information_state_tensor(seat)),
                "observation_tensor": _bytes(spiel.observation_tensor(seat)),
                "legal_actions": spiel.legal_actions(seat),
                "current_player": spiel.current_player(),
            }
        )
    return shown


def pettingzoo_outputs(world: World, seat: int) -> list[Outputs]:
    """What agent ``seat`` is shown by the PettingZoo environment at each checkpoint,
    the environment dealt by the world's decided orders."""
    from cardrules.hosts.pettingzoo import CardGameEnv

    game = world.game
    env = CardGameEnv(game)
    env.reset(seed=world.decided(), options={"setup": world.setup})
    agent = env.possible_agents[seat]
    shown: list[Outputs] = []
    checkpoints = world.checkpoints()
    for n, i in enumerate(checkpoints):
        if n:
            move = world.transitions[checkpoints[n - 1] + 1].acts[0]
            assert move.kind == "move" and env.agent_selection == f"player_{move.seat}"
            env.step(game.move_id(move.value))
        position = world.transitions[i].state.inner
        assert all_views(game, env.table.state) == all_views(game, position)
        observed = env.observe(agent)
        shown.append(
            {
                "observation": observed["observation"].tobytes(),
                "action_mask": observed["action_mask"].tobytes(),
                "info mask": env.infos[agent]["action_mask"].tobytes(),
                "selected": env.agent_selection == agent,
                "reward": env.rewards[agent],
                "ended": (env.terminations[agent], env.truncations[agent]),
            }
        )
    return shown


def gymnasium_outputs(world: World, seat: int) -> list[Outputs]:
    """What the Gymnasium environment shows its agent, ``seat``, at each of its turns
    in ``world``: the other seats played by policies that make the world's moves, the
    game dealt by the world's decided orders (the environment deals from a seed of its
    own, so its table's ``reset`` is handed the decided orders instead)."""
    from cardrules.hosts.gymnasium import CardGameSoloEnv

    game = world.game
    moves = world.moves()
    checkpoints = world.checkpoints()
    states = [world.transitions[i].state.inner for i in checkpoints]
    turns = [n for n, state in enumerate(states) if state.to_move == seat]
    if not turns:
        return []
    script = iter(moves[: turns[-1]])  # (the n-th move leads to checkpoint n + 1)

    env: Any = None

    def policy(observation: Any, mask: Any) -> int:
        act = next(script)
        assert act.seat == env.table.to_move != seat
        number: int = game.move_id(act.value)
        assert mask[number] == 1
        return number

    others = [policy] * (game.players - 1)
    env = CardGameSoloEnv(game, seat=seat, opponents=others, bot_seed=0)
    reset = env.table.reset
    decided = world.decided()
    setattr(env.table, "reset", lambda seed=None, **setup: reset(decided, **setup))  # noqa: B010
    observation, info = env.reset(seed=0, options={"setup": world.setup})
    shown: list[Outputs] = []
    reward, ended = 0.0, (False, False)
    for turn in turns:
        assert all_views(game, env.table.state) == all_views(game, states[turn])
        shown.append(
            {
                "observation": observation.tobytes(),
                "action_mask": info["action_mask"].tobytes(),
                "action_masks()": env.action_masks().tobytes(),
                "reward": reward,
                "ended": ended,
            }
        )
        if turn == turns[-1]:
            break
        act = next(script)
        assert act.seat == seat
        observation, reward, *flags, info = env.step(game.move_id(act.value))
        ended = (flags[0], flags[1])
    assert next(script, None) is None
    return shown


class _ScriptedGame:
    """``game`` for ``play_game``: its own methods, but ``start`` and ``step`` give the
    world's transitions (a move with the calls that follow it, as one step), so the
    command line plays the world's deal and chance outcomes."""

    def __init__(self, world: World) -> None:
        self._world = world
        self._game = world.game
        points = world.checkpoints()
        self._steps: list[tuple[Act | None, cr.Step[Any]]] = []
        last = -1
        for i in points:
            group = world.transitions[last + 1 : i + 1]
            events = tuple(event for t in group for event in t.events)
            self._steps.append((group[0].move, cr.Step(group[-1].state.inner, events)))
            last = i
        self.at = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    @property
    def state(self) -> Any:
        return self._steps[self.at][1].state

    def next_move(self) -> Act:
        """The world's next move, or ``EOFError`` (the end of the script)."""
        if self.at + 1 >= len(self._steps):
            raise EOFError
        move = self._steps[self.at + 1][0]
        assert move is not None
        return move

    def start(self, seed: Any = None, **setup: Any) -> cr.Step[Any]:
        self.at = 0
        return self._steps[0][1]

    def step(self, state: Any, move: Any, *, seat: int | None = None) -> cr.Step[Any]:
        expected = self.next_move()
        assert state is self.state and move == expected.value, (move, expected)
        self.at += 1
        return self._steps[self.at][1]


def cli_screen(world: World, seat: int) -> str:
    """The command line's play screen for the human at ``seat``, the world's moves typed
    in (by their number in the Legal list) and made by the computer players, ended by
    the end of the input."""
    game = world.game
    name = type(game).name
    scripted: Any = type(
        f"Scripted{type(game).__name__}",
        (_ScriptedGame,),
        {"name": name, "deal_word": getattr(type(game), "deal_word", None)},
    )(world)
    try:
        adapter = game_entry(name).adapter()
    except KeyError:
        adapter = GameAdapter()
    out = io.StringIO()

    def typed(prompt: str) -> str:
        out.write(prompt)
        if "[y/N]" in prompt:
            answer = "n"
        else:
            move = scripted.next_move()
            assert move.seat == seat
            listed = adapter.listed_moves(game.legal_moves(scripted.state))
            answer = str(listed.index(move.value) + 1)
            # An adapter that reads a number as the move itself (a bid of that many
            # tricks) is typed the move's text instead.
            view = game.observe(scripted.state, seat)
            try:
                understood = adapter.parse_move(answer, view, listed, game)
            except (ValueError, cr.CardrulesError):
                understood = None
            if understood != move.value:
                answer = adapter.move_text(move.value)
        out.write(answer + "\n")
        return answer

    def computer(_: Any, state: Any) -> Any:
        move = scripted.next_move()
        assert move.seat == state.to_move != seat
        return move.value

    console = Console(out, typed, interactive=False)
    code = play_game(
        scripted, adapter, console, human=seat, seed=1, computer=computer, confirm=True
    )
    assert code == 0 and scripted.at == len(scripted._steps) - 1
    return out.getvalue()


# -- the comparison --------------------------------------------------------------------


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) < 600 else text[:300] + " ... " + text[-300:]


def first_difference(a: Sequence[Outputs], b: Sequence[Outputs]) -> str | None:
    """Where two worlds' outputs first differ (position and name, with both values), or
    ``None`` when they are the same."""
    if len(a) != len(b):
        return f"{len(a)} positions against {len(b)}"
    for position, (one, other) in enumerate(zip(a, b, strict=True)):
        for name in [*one, *(name for name in other if name not in one)]:
            if one.get(name) != other.get(name):
                return (
                    f"position {position}: {name} differs\n  A: {_short(one.get(name))}\n"
                    f"  B: {_short(other.get(name))}"
                )
    return None


HOSTS: dict[str, Callable[[World, int], Any]] = {
    "library": library_outputs,
    "openspiel": openspiel_outputs,
    "pettingzoo": pettingzoo_outputs,
    "gymnasium": gymnasium_outputs,
    "cli": cli_screen,
}


def compare(a: World, b: World, seat: int, hosts: Sequence[str] = tuple(HOSTS)) -> list[str]:
    """The differences between what ``seat`` is shown in the two worlds, one line per
    host that shows a difference (an empty list: the seat cannot tell them apart)."""
    found = []
    for host in hosts:
        shown_a, shown_b = HOSTS[host](a, seat), HOSTS[host](b, seat)
        if host == "cli":
            if shown_a != shown_b:
                found.append(f"cli: {screen_difference(shown_a, shown_b)}")
            continue
        difference = first_difference(shown_a, shown_b)
        if difference is not None:
            found.append(f"{host}: {difference}")
    return found


def screen_difference(a: str, b: str) -> str:
    """Where two screens differ, as a short unified diff."""
    lines = difflib.unified_diff(a.splitlines(), b.splitlines(), "A", "B", lineterm="", n=2)
    return "the screens differ\n" + "\n".join(list(lines)[:24])


def steps_from(game: Any, state: Any, moves: Sequence[Any]) -> list[cr.Step[Any]]:
    """The steps of ``moves`` played from ``state`` in turn, ``state`` first (as a step
    with no events)."""
    steps: list[cr.Step[Any]] = [cr.Step(state, ())]
    for move in moves:
        steps.append(game.step(steps[-1].state, move))
    return steps


def encodings_shown(game: Any, steps: Sequence[cr.Step[Any]], seat: int) -> list[Any]:
    """What ``seat``'s encodings are after each of ``steps``: its observation, its
    information state (vector and text), its legal mask and the tracker's row (the
    encoders' swap tests compare these between two worlds)."""
    encoder = encoder_for(game)
    info = encoder.info_state(steps[0].state, seat)
    arrays = ObservationArrays(encoder, steps[0].state)
    shown = []
    for number, step in enumerate(steps):
        if number:
            info = info.after(step)
            arrays.update(step)
        shown.append(
            (
                encoder.observation(game.observe(step.state, seat)),
                info.vector,
                info.text,
                encoder.legal_mask(step.state, seat=seat),
                arrays.observation(seat).tolist(),
            )
        )
    return shown
