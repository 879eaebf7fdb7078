"""A PettingZoo AEC environment for any cardrules game: every seat an agent.

Needs the ``pettingzoo`` extra (``pip install "cardrules[pettingzoo]"``, which brings
PettingZoo, Gymnasium and NumPy).

>>> import cardrules as cr
>>> from cardrules.hosts.pettingzoo import CardGameEnv
>>> env = CardGameEnv(cr.Craits(players=3))
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     observation, reward, termination, truncation, info = env.last()
...     if termination or truncation:
...         action = None
...     else:
...         action = int(observation["action_mask"].argmax())   # the first legal move
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
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as missing:  # pragma: no cover - depends on the environment
    raise ImportError(
        "cardrules.hosts.pettingzoo needs PettingZoo, Gymnasium and NumPy: "
        'pip install "cardrules[pettingzoo]"'
    ) from missing

from cardrules.encoding import encoder_for
from cardrules.game import Game
from cardrules.hosts.gymnasium import observation_box
from cardrules.hosts.table import HostTable, setup_of

__all__ = ["CardGameEnv", "env"]


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

    metadata: ClassVar[dict[str, Any]] = {
        "name": "cardrules_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Game[Any, Any, Any],
        *,
        reward: Literal["points", "outcome"] = "points",
        max_moves: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.encoder = encoder_for(game)
        self.table = HostTable(
            game, reward=reward, max_moves=max_moves, encoder=self.encoder, infos=False, arrays=True
        )
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.render_mode = render_mode
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

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)
        self._no_moves.flags.writeable = False  # (a copy's is its own, shared again)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s observations (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s actions: the game's move ids."""
        return self.action_spaces[agent]

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
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._last_rewards: tuple[float, ...] = (0.0,) * len(self.agents)
        self._select()

    def step(self, action: Any) -> None:
        """Play ``action`` (a move id) for the selected agent; ``None`` for an agent
        whose game has ended."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
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
        seat = self._seat_of[agent]
        table = self.table
        observation = table.arrays.observation(seat)
        if table.to_move == seat:
            mask = self._no_moves.copy()
            mask.put(table.legal_ids(), 1)
        else:
            mask = self._no_moves
        self.infos[agent]["action_mask"] = mask
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        """The whole table as text (every hand: for people watching, not for agents)."""
        return self.table.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""

    def _select(self) -> None:
        seat = self.table.to_move
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:  # the game has ended: every agent steps once more, with None
            self.agent_selection = self.agents[0]


def env(game: Game[Any, Any, Any], **options: Any) -> CardGameEnv:
    """The environment for ``game`` (PettingZoo's usual constructor name)."""
    return CardGameEnv(game, **options)
