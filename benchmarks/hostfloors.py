"""The frameworks' own cost per move: a PettingZoo environment and an OpenSpiel game
that have the shapes of a real game but no game behind them.

``benchmarks/hosts.py`` times them beside the adapters. A "floor" plays a game of a
fixed length whose moves do nothing: every decision offers the same legal ids, an
observation is a copy of one array, the action mask a fresh array, and (OpenSpiel) the
chance nodes come in runs like deals. What is left is what the framework's loop costs
its users, whatever game it runs; no adapter can cost less than its floor.
"""

from __future__ import annotations

from typing import Any

import numpy as np


class Shape:
    """What a floor copies from a real game: seats, move ids and observation size,
    moves per game, legal moves per decision and (OpenSpiel) chance nodes per move."""

    def __init__(
        self,
        *,
        players: int,
        move_ids: int,
        observation_size: int,
        moves: int,
        legal: int,
        info_size: int = 1,
        deal: int = 52,
        chance_per_move: float = 1.0,
    ) -> None:
        self.players = players
        self.move_ids = move_ids
        self.observation_size = observation_size
        self.moves = moves
        self.legal = tuple(range(0, move_ids, max(1, move_ids // max(1, legal))))[:legal]
        self.info_size = info_size
        self.deal = deal
        self.chance_per_move = chance_per_move


def pettingzoo_floor(shape: Shape) -> Any:
    """An AEC environment of ``shape`` whose moves do nothing."""
    from gymnasium import spaces
    from pettingzoo import AECEnv

    class FloorEnv(AECEnv):  # type: ignore[misc]
        metadata = {"name": "floor_v0", "is_parallelizable": False}  # noqa: RUF012

        def __init__(self) -> None:
            super().__init__()
            self.possible_agents = [f"player_{seat}" for seat in range(shape.players)]
            self._observation = np.zeros(shape.observation_size, dtype=np.float32)
            self._no_moves = np.zeros(shape.move_ids, dtype=np.int8)
            self.action_spaces = {
                agent: spaces.Discrete(shape.move_ids) for agent in self.possible_agents
            }

        def reset(self, seed: int | None = None, options: Any = None) -> None:
            self.agents = list(self.possible_agents)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
            self._moves = 0
            self.agent_selection = self.agents[0]

        def observe(self, agent: str) -> dict[str, Any]:
            mask = self._no_moves.copy()
            mask.put(shape.legal, 1)
            self.infos[agent]["action_mask"] = mask
            return {"observation": self._observation.copy(), "action_mask": mask}

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            self._moves += 1
            if self._moves >= shape.moves:
                for name in self.agents:
                    self.terminations[name] = True
            self.agent_selection = self.possible_agents[self._moves % shape.players]

    return FloorEnv()


_REGISTERED: dict[tuple[Any, ...], Any] = {}


def openspiel_floor(shape: Shape) -> Any:
    """An OpenSpiel Python game of ``shape`` whose moves do nothing (registered with
    pyspiel once per shape, as ``python_cardrules_floor_N``)."""
    import pyspiel

    key = (shape.players, shape.move_ids, shape.moves, shape.legal, shape.deal, shape.info_size)
    if key in _REGISTERED:
        return _REGISTERED[key]
    name = f"python_cardrules_floor_{len(_REGISTERED)}"
    game_type = pyspiel.GameType(
        short_name=name,
        long_name="a floor: the shape of a card game, no game",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=shape.players,
        min_num_players=shape.players,
        provides_information_state_string=False,
        provides_information_state_tensor=True,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=shape.move_ids,
        max_chance_outcomes=shape.deal,
        num_players=shape.players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=None,
        max_game_length=shape.moves,
    )
    legal = list(shape.legal)
    # As in a shuffle of `deal` cards: `deal` outcomes at its first node, one at its last.
    outcomes = [[(card, 1.0 / left) for card in range(left)] for left in range(shape.deal + 1)]
    # One run of `deal` chance nodes every `every` moves: chance_per_move on average.
    every = max(1, round(shape.deal / max(shape.chance_per_move, 1e-9)))

    class FloorState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self._moves = 0
            self._dealt = 0  # chance nodes of the current run

        def current_player(self) -> int:
            if self._moves >= shape.moves:
                return int(pyspiel.PlayerId.TERMINAL)
            if self._moves % every == 0 and self._dealt < shape.deal:
                return int(pyspiel.PlayerId.CHANCE)
            return self._moves % shape.players

        def _legal_actions(self, player: int) -> list[int]:
            return legal

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return outcomes[shape.deal - self._dealt]

        def _apply_action(self, action: int) -> None:
            if self._moves % every == 0 and self._dealt < shape.deal:
                self._dealt += 1
            else:
                self._moves += 1
                self._dealt = 0

        def is_terminal(self) -> bool:
            return self._moves >= shape.moves

        def returns(self) -> list[float]:
            return [0.0] * shape.players

        def __str__(self) -> str:
            return f"move {self._moves}"

    class FloorObserver:
        """An information-state tensor of the game's size, never written."""

        def __init__(self) -> None:
            self.tensor = np.zeros(shape.info_size, dtype=np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state: Any, player: int) -> None:
            pass

        def string_from(self, state: Any, player: int) -> str:
            return ""

    class FloorGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> FloorState:
            return FloorState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            return FloorObserver()

    pyspiel.register_game(game_type, FloorGame)
    game = _REGISTERED[key] = pyspiel.load_game(name)
    return game
