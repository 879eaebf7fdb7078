"""What the learning-host adapters cost: a random game through PettingZoo, Gymnasium
and OpenSpiel against the same random game driven through the library directly, and
against the frameworks' own floors.

Run from the repository root, with the adapters' frameworks installed (the ``test``
extra has them):

    python benchmarks/hosts.py               # Cramps and Craits (4 players), 20 games each
    python benchmarks/hosts.py --games 5 --quick

Each line is the cost per move of whole random games (moves chosen uniformly among
the legal ones). Its ratios are to the library's own loop (``legal_moves``, a random
choice, ``apply``) and to a baseline that also does the encoding a host hands out:

- "library + encoding" drives the library through ``step`` and move ids and keeps the
  observations the way the PettingZoo and Gymnasium adapters do
  (:class:`~cardrules.encoding.arrays.ObservationArrays`): the observation of the seat
  to move as a NumPy array and its action mask, at every move;
- "library + explicit chance" plays the game through
  :class:`~cardrules.chance.ExplicitChance`, sampling every card of every shuffle in
  Python: the chance work OpenSpiel's loop asks for (its baseline without
  observations);
- "library + info states" keeps every seat's information state
  (:class:`~cardrules.encoding.InfoState`) and writes the information-state tensor of
  the seat to move at every move;
- "library + chance + info states" does both: explicit chance, and the information
  states and tensors: what OpenSpiel's "+ info" lines ask for (their baseline).

A "floor" is the framework's loop around a game that does nothing, of the same shape
(seats, move ids, observation size, moves per game, legal moves per decision, chance
nodes per move: ``benchmarks/hostfloors.py``). It is what the framework itself costs;
no adapter can cost less. Through a host the loop is the host's usual one:
PettingZoo's ``agent_iter``/``last``/``step`` with the action mask, Gymnasium's
``reset``/``step`` (one seat, the others random bots: every move of the game counts),
OpenSpiel's ``legal_actions``/``apply_action`` with every chance outcome sampled from
Python (explicit chance: one chance node per card of each shuffle). OpenSpiel is timed
without asking for observations, then asking for the information-state tensor of the
player to move at every decision, twice: by ``state.information_state_tensor`` (for a
Python game, OpenSpiel makes a new initial state to learn the tensor's size and copies
the tensor into a list of floats at every call: most of that line's floor) and through
OpenSpiel's observation API (``make_observation``, then ``set_from`` into one array).

Every loop makes the idiot calls of Craits' manual rule for the seats the way the hosts
make them (:func:`cardrules.hosts.table.open_call`), so that all play the same kind of
game: the calls make the exposed players draw, and games with them run about 1.6 times
as many moves. The calls are not counted as moves. The loops choose their moves in
different orders, so their games differ: the ratios are of the cost per move. The
adapters' target is at most 2x.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import cardrules as cr
from cardrules.hosts.table import open_call

TARGET = 2.0


def library_game(game: Any, seed: int) -> int:
    """One random game through the library; returns the number of moves (the idiot
    calls made for the seats not counted)."""
    chooser = random.Random(seed)
    state = game.new_game(seed=seed)
    calls = _has_calls(game)
    moves = 0
    while not state.is_over:
        if calls and (call := open_call(game, state)) is not None:
            state = game.apply(state, call, seat=call.caller)
            continue
        state = game.apply(state, chooser.choice(game.legal_moves(state)))
        moves += 1
    return moves


def _has_calls(game: Any) -> bool:
    """Whether ``game`` has out-of-turn idiot calls (Craits' manual rule), which every
    loop here makes for the seats as the hosts do (:func:`open_call`)."""
    return getattr(game, "calls", None) is not None


def encoded_game(game: Any, seed: int) -> int:
    """The same random game through ``step`` and move ids, also doing the encoding the
    PettingZoo and Gymnasium adapters hand out: the observation of the seat to move
    (kept in place by ``ObservationArrays``) and its action mask, both NumPy arrays."""
    import numpy as np

    from cardrules.encoding import encoder_for
    from cardrules.encoding.arrays import ObservationArrays

    chooser = random.Random(seed)
    step = game.start(seed=seed)
    arrays = ObservationArrays(encoder_for(game), step.state)
    no_moves = np.zeros(game.num_move_ids, dtype=np.int8)
    calls = _has_calls(game)
    moves = 0
    while not step.state.is_over:
        state = step.state
        if calls and (call := open_call(game, state)) is not None:
            step = game.step(state, call, seat=call.caller)
            arrays.update(step)
            continue
        arrays.observation(state.to_move)
        legal = game.legal_move_ids(state)
        mask = no_moves.copy()
        mask.put(legal, 1)
        step = game.step(state, game.move_from_id(chooser.choice(legal)))
        arrays.update(step)
        moves += 1
    return moves


def informed_game(game: Any, seed: int) -> int:
    """The same random game, keeping every seat's information state and writing the
    information-state tensor of the seat to move into one NumPy array at each move."""
    import numpy as np

    from cardrules.encoding import encoder_for

    encoder = encoder_for(game)
    tensor = np.zeros(encoder.info_state_size, dtype=np.float32)
    chooser = random.Random(seed)
    step = game.start(seed=seed)
    infos = encoder.info_states(step.state)
    calls = _has_calls(game)
    moves = 0
    while not step.state.is_over:
        state = step.state
        if calls and (call := open_call(game, state)) is not None:
            step = game.step(state, call, seat=call.caller)
            infos = encoder.after(infos, step)
            continue
        infos[state.to_move].array(out=tensor)
        legal = game.legal_move_ids(state)
        step = game.step(state, game.move_from_id(chooser.choice(legal)))
        infos = encoder.after(infos, step)
        moves += 1
    return moves


def chance_game(game: Any, seed: int, *, informed: bool = False) -> int:
    """The same random game with explicit chance (:class:`cardrules.chance.ExplicitChance`),
    driven directly: every card of every shuffle a chance outcome sampled in Python, as
    OpenSpiel's loop samples them. ``informed=True`` also keeps every seat's information
    state (from the first complete deal on) and writes the information-state tensor of
    the seat to move into one NumPy array at each move: the work OpenSpiel's tensor
    lines ask for, done directly."""
    from cardrules.chance import ExplicitChance
    from cardrules.game import Step

    table = _TABLES.get(game) or _TABLES.setdefault(game, ExplicitChance(game))
    if informed:
        import numpy as np

        from cardrules.encoding import encoder_for

        encoder = encoder_for(game)
        tensor = np.zeros(encoder.info_state_size, dtype=np.float32)
    chooser = random.Random(seed)
    position = table.new_game()
    calls = _has_calls(game)
    infos: Any = None
    moves = 0
    while not position.is_over:
        if position.is_chance:
            step = table.step_chance(position, _chance_card(table, position, chooser))
        elif calls and (call := open_call(game, position.inner)) is not None:
            step = table.step(position, call, seat=call.caller)
        else:
            if informed:
                infos[position.to_move].array(out=tensor)
            step = table.step(position, chooser.choice(table.legal_moves(position)))
            moves += 1
        position = step.state
        if informed and not position.is_chance:  # a complete transition
            if infos is None:
                infos = encoder.info_states(position.inner)
            else:
                infos = encoder.after(infos, Step(position.inner, step.events))
    return moves


def _chance_card(table: Any, position: Any, chooser: random.Random) -> Any:
    """A card for the chance node ``position``, sampled by ``chooser`` in proportion to
    the copies of each card left, as OpenSpiel's loop samples chance outcomes."""
    outcomes = table.chance_counts(position)
    cards = [card for card, _ in outcomes]
    weights = [count for _, count in outcomes]
    return chooser.choices(cards, weights)[0]


_TABLES: dict[Any, Any] = {}


def pettingzoo_game(env: Any, seed: int) -> int:
    """One random game through the PettingZoo environment (masks sampled in Python)."""
    chooser = random.Random(seed)
    env.reset(seed=seed)
    moves = 0
    for _ in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        env.step(chooser.choice(observation["action_mask"].nonzero()[0].tolist()))
        moves += 1
    return moves


def gymnasium_game(env: Any, seed: int) -> int:
    """One random game through the Gymnasium environment (the agent and bots random)."""
    chooser = random.Random(seed)
    _, info = env.reset(seed=seed)
    done = False
    while not done:
        action = chooser.choice(info["action_mask"].nonzero()[0].tolist())
        _, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    moves: int = env.table.moves  # the agent's and the bots'
    return moves


def openspiel_game(game: Any, seed: int, *, tensors: str = "") -> int:
    """One random game through the OpenSpiel game, chance sampled from Python.

    ``tensors`` says how the information-state tensor of the player to move is read at
    every decision: ``""``, not at all; ``"list"``, by ``state.information_state_tensor``
    (a list of floats); ``"observer"``, through OpenSpiel's observation API
    (``make_observation``, then ``set_from``), as OpenSpiel's Python algorithms read
    tensors: for a Python game it is the game's own observer, filling one NumPy array
    in place, with no round trip through C++."""
    observer = None
    if tensors == "observer":
        from open_spiel.python.observation import make_observation

        observer = make_observation(game, pyspiel_type(perfect_recall=True))
    chooser = random.Random(seed)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions = [action for action, _ in outcomes]
            weights = [chance for _, chance in outcomes]
            state.apply_action(chooser.choices(actions, weights)[0])
        else:
            if observer is not None:
                observer.set_from(state, state.current_player())
            elif tensors:
                state.information_state_tensor(state.current_player())
            state.apply_action(chooser.choice(state.legal_actions()))
            moves += 1
    return moves


def pyspiel_type(*, perfect_recall: bool) -> Any:
    """OpenSpiel's observation type: a seat's private and the public information, with
    or without perfect recall."""
    import pyspiel

    return pyspiel.IIGObservationType(
        perfect_recall=perfect_recall,
        public_info=True,
        private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
    )


def timed(plays: list[Callable[[int], int]], games: int, rounds: int) -> list[tuple[float, float]]:
    """For each loop of ``plays``: seconds per move (the best of ``rounds`` passes over
    ``games`` seeded games) and the mean number of moves per game. The passes go round
    the loops in turn, so that a change in the machine's load falls on all of them
    alike rather than on the loops measured while it lasted."""
    best = [float("inf")] * len(plays)
    moves = [0] * len(plays)
    for _ in range(rounds):
        for number, play in enumerate(plays):
            start = time.perf_counter()
            moves[number] = sum(play(seed) for seed in range(games))
            best[number] = min(best[number], time.perf_counter() - start)
    return [(seconds / made, made / games) for seconds, made in zip(best, moves, strict=True)]


def shape_of(rules: Any, games: int) -> Any:
    """The shape of ``rules``' random games, for the floors: moves per game and legal
    moves per decision (from the library's loop), chance nodes per move (the cards of
    every shuffle, from explicit chance), the idiot calls made as the hosts make them."""
    from hostfloors import Shape

    from cardrules.chance import ExplicitChance
    from cardrules.encoding import encoder_for

    calls = _has_calls(rules)
    decisions = legal = 0
    for seed in range(games):
        chooser = random.Random(seed)
        state = rules.new_game(seed=seed)
        while not state.is_over:
            if calls and (call := open_call(rules, state)) is not None:
                state = rules.apply(state, call, seat=call.caller)
                continue
            moves = rules.legal_moves(state)
            decisions += 1
            legal += len(moves)
            state = rules.apply(state, chooser.choice(moves))
    table = ExplicitChance(rules)
    chance = moves_made = shuffles = 0
    for seed in range(games):
        chooser = random.Random(seed)
        position = table.new_game()
        left = 0  # cards left to place at the last chance node
        while not position.is_over:
            if position.is_chance:
                outcomes = table.chance_outcomes(position)
                shuffles += position.cards_to_place >= left  # the first card of a shuffle
                left = position.cards_to_place
                position = table.apply_chance(position, chooser.choice(outcomes)[0])
                chance += 1
                continue
            left = 0
            if calls and (call := open_call(rules, position.inner)) is not None:
                position = table.apply(position, call, seat=call.caller)
            else:
                position = table.apply(position, chooser.choice(table.legal_moves(position)))
                moves_made += 1
    return Shape(
        players=rules.players,
        move_ids=rules.num_move_ids,
        observation_size=encoder_for(rules).observation_size,
        info_size=encoder_for(rules).info_state_size,
        moves=round(decisions / games),
        legal=max(1, round(legal / decisions)),
        deal=max(1, round(chance / max(1, shuffles))),
        chance_per_move=chance / max(1, moves_made),
    )


Row = tuple[str, str, tuple[float, float], str]
Loop = tuple[str, str, Callable[[int], int], str]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="passes over each loop")
    parser.add_argument("--quick", action="store_true", help="2 games, 1 pass: does it run?")
    args = parser.parse_args(argv)
    games, rounds = (2, 1) if args.quick else (args.games, args.rounds)
    loops: list[Loop] = []
    for rules in (cr.Cramps(), cr.Craits(players=4)):
        loops.extend(_loops_of(rules, games))
    costs = timed([play for _, _, play, _ in loops], games, rounds)
    rows = [
        (label, through, cost, baseline)
        for (label, through, _, baseline), cost in zip(loops, costs, strict=True)
    ]
    _report(rows)
    return 0


def _loops_of(rules: Any, games: int) -> list[Loop]:
    """Every loop to time for ``rules``: (game, through, the loop, its baseline)."""
    label = f"{rules.name} {rules.players}p"
    loops: list[Loop] = [(label, "library", partial(library_game, rules), "")]

    def add(through: str, play: Callable[[int], int], baseline: str) -> None:
        loops.append((label, through, play, baseline))

    try:
        import numpy  # noqa: F401
    except ImportError as missing:
        print(f"numpy: not installed ({missing})")
        return loops
    add("library + encoding", partial(encoded_game, rules), "")
    add("library + info states", partial(informed_game, rules), "")
    add("library + explicit chance", partial(chance_game, rules), "")
    add("library + chance + info states", partial(chance_game, rules, informed=True), "")
    shape = shape_of(rules, games)
    try:
        from hostfloors import pettingzoo_floor

        from cardrules.bots import RandomBot
        from cardrules.hosts.gymnasium import CardGameSoloEnv
        from cardrules.hosts.pettingzoo import CardGameEnv

        add("pettingzoo floor", partial(pettingzoo_game, pettingzoo_floor(shape)), "")
        add("pettingzoo", partial(pettingzoo_game, CardGameEnv(rules)), "library + encoding")
        solo = CardGameSoloEnv(rules, opponents=[RandomBot()] * (rules.players - 1))
        add("gymnasium", partial(gymnasium_game, solo), "library + encoding")
    except ImportError as missing:
        print(f"pettingzoo or gymnasium: not installed ({missing})")
    try:
        from hostfloors import openspiel_floor

        from cardrules.hosts.openspiel import load_game

        floor = openspiel_floor(shape)
        spiel = load_game(rules)
        for game, suffix in ((floor, " floor"), (spiel, "")):
            hosted = game is spiel
            for how, tensors, baseline in (
                ("", "", "library + explicit chance"),
                (" + info tensor", "list", "library + chance + info states"),
                (" + info observer", "observer", "library + chance + info states"),
            ):
                play = partial(openspiel_game, game, tensors=tensors)
                add("openspiel" + how + suffix, play, baseline if hosted else "")
    except ImportError as missing:
        print(f"openspiel: not installed ({missing})")
    return loops


def _report(rows: list[Row]) -> None:
    """The table: each line's cost, its ratio to the library and to its baseline, and
    (for the adapters) what they cost above their framework's floor."""
    costs = {(label, through): per_move for label, through, (per_move, _), _ in rows}
    print(
        f"{'game':<10} {'through':<30} {'us/move':>8} {'moves/game':>11} {'x library':>10} "
        f"{'x baseline':>11} {'above floor':>12}"
    )
    verdicts = []
    for label, through, (per_move, moves), baseline in rows:
        library = costs[(label, "library")]
        ratio = per_move / library
        over_baseline = over_floor = ""
        if baseline:
            over_baseline = f"{per_move / costs[(label, baseline)]:.2f}x"
            floor = costs.get((label, through + " floor"))
            if floor is not None:
                over_floor = f"{(per_move - floor) * 1e6:+.1f} us"
            verdicts.append((label, through, ratio, per_move / costs[(label, baseline)]))
        print(
            f"{label:<10} {through:<30} {per_move * 1e6:>8.2f} {moves:>11.1f} {ratio:>9.2f}x "
            f"{over_baseline:>11} {over_floor:>12}"
        )
    print()
    print(f"Target: an adapter at most {TARGET}x the library (encoding included).")
    for label, through, ratio, to_baseline in verdicts:
        strict = "met" if ratio <= TARGET else "NOT met"
        encoded = "met" if to_baseline <= TARGET else "NOT met"
        print(
            f"  {label:<10} {through:<30} {ratio:6.2f}x the library: {strict:<8} "
            f"{to_baseline:5.2f}x its baseline: {encoded}"
        )
    for label, through, (per_move, _), _ in rows:
        if through.endswith("floor"):
            ratio = per_move / costs[(label, "library")]
            print(f"  {label:<10} {through:<30} {ratio:6.2f}x the library with no game behind it")


if __name__ == "__main__":
    raise SystemExit(main())
