"""A PettingZoo AEC environment for any cardrules game: every seat an agent.

Needs the ``pettingzoo`` extra (``pip install "cardrules[pettingzoo]"``, which brings
PettingZoo, Gymnasium and NumPy).

>>> from cardrules.hosts import pettingzoo
>>> env = pettingzoo.env("craits", players=3, short_game=True)  # or CardGameEnv(cr.Craits(...))
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     observation, reward, termination, truncation, info = env.last()
...     if termination or truncation:
...         action = None
...     else:
...         action = env.action_space(agent).sample(observation["action_mask"])
...     env.step(action)
>>> env.agents
[]

The agents are ``"player_0"`` … (seat numbers). What each agent sees:

- ``observation["observation"]``: the seat's view encoded by
  :func:`cardrules.encoding.encoder_for` (its fields are documented there), as a
  ``float32`` vector;
- ``observation["action_mask"]``: 1 for each legal move id of the seat
  (:meth:`Game.move_id <cardrules.game.Game.move_id>`), all 0 when the seat is not
  the one to move; the same mask is in ``info["action_mask"]``.

Rewards come from the game, as :class:`~cardrules.hosts.table.HostTable` computes
them (``reward="points"`` by default: each change of a seat's score, turned so that
more is better). A game ends by its rules (every agent *terminated*) or at
``max_moves`` (every agent *truncated*). Craits' idiot calls, which its manual rule
lets any opponent make out of turn, are made by the environment for the first
opponent who may call (see :class:`~cardrules.hosts.table.HostTable`); with
``Craits(idiot_calls="automatic")`` the rules apply the penalty themselves. An action
that is not legal raises :class:`~cardrules.IllegalMoveError` (agents should follow
the mask).

:func:`env` makes an environment in PettingZoo's style, from keyword options: the
game by name with its rules options (``env("craits", players=5)``) or a rules object,
and the environment's own options. PettingZoo's own environments come wrapped in its
``OrderEnforcingWrapper``, which raises ``AssertionError`` for a call made before
``reset()``; this one checks the order of calls itself, with the library's errors
(like every bad argument here: a :class:`~cardrules.CardrulesError` saying what is
allowed), so :func:`env` returns it as it is (:func:`raw_env` is the same).
"""

from __future__ import annotations

from typing import Any, Literal

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as missing:  # pragma: no cover - depends on the environment
    raise ImportError(
        "cardrules.hosts.pettingzoo needs PettingZoo, Gymnasium and NumPy: "
        'pip install "cardrules[pettingzoo]"'
    ) from missing

from cardrules._text import shown
from cardrules.encoding import encoder_for
from cardrules.errors import IllegalMoveError, MoveTypeError, SeatError, StateError
from cardrules.game import Game
from cardrules.hosts.gymnasium import observation_box
from cardrules.hosts.table import (
    RENDER_MODES,
    HostTable,
    check_game,
    check_render_mode,
    rules_for,
    setup_of,
)

__all__ = ["CardGameEnv", "env", "raw_env"]


class CardGameEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment playing ``game``; see the module's text.

    Args:
        game: the rules (``cr.Cramps()``, ``cr.Craits(players=5)``, …).
        reward: ``"points"`` or ``"outcome"`` (:data:`~cardrules.hosts.table.REWARDS`).
        max_moves: the moves after which a game is truncated (``None``: the game's
            :meth:`~cardrules.game.Game.move_cap`).
        render_mode: ``None``, ``"ansi"`` (:meth:`render` returns the table as text)
            or ``"human"`` (prints it).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": "cardrules_v0",
        "render_modes": list(RENDER_MODES),
        "render_fps": 4,
        "is_parallelizable": False,
    }
    """PettingZoo's metadata; an environment's own adds ``"layout"``, the
    observation's layout and version (:attr:`Encoder.layout
    <cardrules.encoding.Encoder.layout>`), such as ``"tricks/1+hearts/1"``."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        *,
        reward: Literal["points", "outcome"] = "points",
        max_moves: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_game(game)
        self.encoder = encoder_for(game)
        self.metadata = {**type(self).metadata, "layout": self.encoder.layout}
        self.table = HostTable(
            game, reward=reward, max_moves=max_moves, encoder=self.encoder, infos=False, arrays=True
        )
        self.render_mode = check_render_mode(render_mode)
        self.game = game
        self.possible_agents = [f"player_{seat}" for seat in range(game.players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        space = spaces.Dict(
            {
                "observation": observation_box(self.encoder),
                "action_mask": spaces.Box(0, 1, shape=(game.num_move_ids,), dtype=np.int8),
            }
        )
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {
            agent: spaces.Discrete(game.num_move_ids) for agent in self.possible_agents
        }
        self._no_moves = np.zeros(game.num_move_ids, dtype=np.int8)
        self._no_moves.flags.writeable = False  # (shared by the seats not to move)
        # Before the first reset(): no agents, and nothing to step or observe.
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)
        self._no_moves.flags.writeable = False  # (a copy's is its own, shared again)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s observations (the same object on every call)."""
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s actions: the game's move ids."""
        return self.action_spaces[self._agent(agent)]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` makes it reproducible (``None``: a fresh secret
        seed); ``options["setup"]``, if given, holds setup options for ``game.start``
        (such as ``{"setup": {"dealer": 2}}``); other keys of ``options`` are left to
        wrappers."""
        self.table.reset(seed, **setup_of(options))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._last_rewards: tuple[float, ...] = (0.0,) * len(self.agents)
        self._select()

    def step(self, action: Any) -> None:
        """Play ``action`` (a move id) for the selected agent; ``None`` for an agent
        whose game has ended."""
        if self.table.state is None:
            raise IllegalMoveError("no_game", "no game has started: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise MoveTypeError(
                    f"the game has ended for {agent}: step with None, not {shown(action)}"
                )
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        table = self.table
        rewards = table.play(action)
        if rewards != self._last_rewards:  # (most moves pay nothing to anyone)
            for name, value in zip(self.possible_agents, rewards, strict=True):
                self.rewards[name] = value
            self._last_rewards = rewards
        if table.to_move is None:
            done = self.terminations if table.is_over else self.truncations
            for name in self.agents:
                done[name] = True
        self._select()
        if any(rewards):
            self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation: its encoded view and its action mask."""
        seat = self._seat_of[self._agent(agent)]
        table = self.table
        if table.state is None:
            raise StateError("no game has started: call reset() first")
        observation = table.arrays.observation(seat)
        if table.to_move == seat:
            mask = self._no_moves.copy()
            mask.put(table.legal_ids(), 1)
        else:
            mask = self._no_moves
        self.infos[agent]["action_mask"] = mask
        return {"observation": observation, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """What the selected agent sees now: its observation (with ``observe``), its
        reward, whether it is terminated or truncated, and its info."""
        if self.table.state is None:
            raise StateError("no game has started: call reset() first")
        result: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return result

    def render(self) -> str | None:
        """The whole table as text (every hand: for people watching, not for agents)."""
        return self.table.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""

    def _agent(self, agent: object) -> str:
        """``agent`` itself if it is one of the agents' names."""
        if not isinstance(agent, str) or agent not in self._seat_of:
            names = self.possible_agents
            raise SeatError(
                f"agent must be one of {names[0]!r} … {names[-1]!r}, not {shown(agent)}"
            )
        return agent

    def _select(self) -> None:
        seat = self.table.to_move
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:  # the game has ended: every agent steps once more, with None
            self.agent_selection = self.agents[0]


_ENV_OPTIONS = ("reward", "max_moves", "render_mode")


def env(game: str | Game[Any, Any, Any] = "cramps", **options: Any) -> CardGameEnv:
    """The environment for ``game`` in PettingZoo's style: ``game`` by its registered
    name (``"cramps"``, ``"hearts"``, ``"crazy_eights"``, any of
    :func:`cardrules.registered_games`) with its rules options as keywords, or a rules
    object; the environment's options (``reward``, ``max_moves``, ``render_mode``) as
    keywords too (see the module's text).

    >>> import cardrules as cr
    >>> env("craits", players=5, render_mode="ansi").game == cr.Craits(players=5)
    True
    >>> env("euchre").possible_agents
    ['player_0', 'player_1', 'player_2', 'player_3']
    """
    own = {name: options.pop(name) for name in _ENV_OPTIONS if name in options}
    return CardGameEnv(rules_for(game, options), **own)


raw_env = env
"""The same as :func:`env` (PettingZoo's name for an environment without wrappers)."""
