"""Lockstep play against OpenSpiel: a cardrules game and OpenSpiel's game of the same
name played side by side on the same deal, the same choices fed to both.

A *peer* describes the pair: how to load OpenSpiel's game with the same options, how to
feed OpenSpiel's chance nodes from a cardrules deal (the direction of the pass, the
dealer, the cards one by one, the card turned up), how a cardrules move maps to an
OpenSpiel action id, and what OpenSpiel's returns are for a finished cardrules state.

:func:`play_lockstep` then checks, at every decision, that both games agree on whether
the game is over, who is to move and the set of legal choices (through the move ->
action mapping, which must be one to one on the legal moves), applies the same choice
to both and, at the end, compares the returns. Any disagreement fails with the history
so far, so a failing deal can be replayed by hand.

Chance goes one way (cardrules deals, OpenSpiel is told the outcome) for random deals,
because a cardrules deal is reproducible from its seed; :func:`sampled_chance` goes
the other way (OpenSpiel's chance outcomes sampled, the cardrules game dealt the same hands
through its ``hands=`` setup), so that both directions of the mapping are exercised.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pyspiel

Policy = Callable[[Sequence[Any], random.Random], Any]
"""Chooses one of the legal moves (a tuple of cardrules moves) with a generator."""


def random_policy(moves: Sequence[Any], chooser: random.Random) -> Any:
    """Any legal move, uniformly."""
    return chooser.choice(moves)


@dataclass(frozen=True)
class Peer:
    """How a cardrules game and its OpenSpiel peer correspond (see the module docs).

    ``chance(state)`` lists OpenSpiel's chance outcomes, in order, for the deal of the
    cardrules start ``state``; ``action(move, state)`` is OpenSpiel's action id of a
    cardrules move in ``state``; ``returns(state)`` OpenSpiel's returns for a finished
    cardrules state.
    """

    game: Any
    spiel_name: str
    spiel_params: dict[str, Any]
    chance: Callable[[Any], list[int]]
    action: Callable[[Any, Any], int]
    returns: Callable[[Any], list[float]]
    spiel_game: Any = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "spiel_game", pyspiel.load_game(self.spiel_name, self.spiel_params)
        )

    def rest(self) -> tuple[Any, Any, Any]:
        """The chance, action and returns maps, to make a peer with other options."""
        return self.chance, self.action, self.returns

    def spiel_state(self, state: Any) -> Any:
        """OpenSpiel's state after the chance nodes of ``state``'s deal."""
        spiel = self.spiel_game.new_initial_state()
        for outcome in self.chance(state):
            assert spiel.is_chance_node(), (outcome, spiel.history())
            assert outcome in spiel.legal_actions(), (outcome, spiel.history())
            spiel.apply_action(outcome)
        assert not spiel.is_chance_node(), spiel.history()
        return spiel


@dataclass
class Lockstep:
    """What a lockstep game went through: the moves, OpenSpiel's history, the number of
    decisions compared, and the final states."""

    moves: list[Any]
    history: list[int]
    decisions: int
    state: Any
    spiel: Any


def play_lockstep(
    peer: Peer,
    state: Any,
    chooser: random.Random,
    policy: Policy = random_policy,
    *,
    check: Callable[[Any, Any], None] | None = None,
) -> Lockstep:
    """Play the cardrules ``state`` and OpenSpiel's peer side by side to the end (see the
    module docs); ``check(state, spiel_state)`` runs before each decision if given."""
    game = peer.game
    spiel = peer.spiel_state(state)
    moves: list[Any] = []
    decisions = 0

    def where() -> str:
        return f"after moves {[str(m) for m in moves]} (OpenSpiel history {spiel.history()})"

    while True:
        assert spiel.is_terminal() == state.is_over, where()
        if state.is_over:
            break
        assert not spiel.is_chance_node(), where()
        assert spiel.current_player() == state.to_move, where()
        legal = game.legal_moves(state)
        actions = [peer.action(move, state) for move in legal]
        assert len(set(actions)) == len(actions), (where(), legal, actions)
        if sorted(actions) != sorted(spiel.legal_actions()):
            raise AssertionError(
                f"{where()}: legal {[str(m) for m in legal]} "
                f"{[spiel.action_to_string(a) for a in sorted(actions)]}, OpenSpiel's "
                f"{[spiel.action_to_string(a) for a in spiel.legal_actions()]}"
            )
        if check is not None:
            check(state, spiel)
        move = policy(legal, chooser)
        spiel.apply_action(peer.action(move, state))
        state = game.apply(state, move)
        moves.append(move)
        decisions += 1
    assert peer.returns(state) == list(spiel.returns()), (
        f"after moves {[str(m) for m in moves]}: returns {peer.returns(state)} "
        f"and OpenSpiel's {spiel.returns()}"
    )
    return Lockstep(moves, list(spiel.history()), decisions, state, spiel)


def sampled_chance(peer: Peer, chooser: random.Random) -> list[int]:
    """OpenSpiel's chance outcomes sampled from its own distributions (uniform among the
    legal ones: OpenSpiel's hearts lists four pass directions at its first node even
    when only "no pass" is legal), until the first player decision."""
    spiel = peer.spiel_game.new_initial_state()
    outcomes: list[int] = []
    while spiel.is_chance_node():
        outcome = chooser.choice(spiel.legal_actions())
        spiel.apply_action(outcome)
        outcomes.append(outcome)
    return outcomes
