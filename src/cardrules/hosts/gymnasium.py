"""A Gymnasium environment: one seat of a cardrules game, the others played by bots.

Needs the ``gymnasium`` extra (``pip install "cardrules[gymnasium]"``, which brings
Gymnasium and NumPy).

>>> import cardrules as cr
>>> from cardrules.hosts.gymnasium import CardGameSoloEnv
>>> env = CardGameSoloEnv(cr.Cramps(), seat=0)
>>> observation, info = env.reset(seed=5)
>>> done = False
>>> while not done:
...     action = int(info["action_mask"].argmax())          # the first legal move
...     observation, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> terminated
True

The agent plays ``seat``; every other seat is played by a bot of
:mod:`cardrules.bots` (random players by default) from its own view, with decision
seeds derived one way from the environment's generator (a bot cannot rebuild the
deal from them). The observation is the agent's view encoded by
:func:`cardrules.encoding.encoder_for` (``float32``); ``info["action_mask"]`` (and
:meth:`CardGameSoloEnv.action_masks`, the name maskable learners look for) has a 1
for each legal move id. The reward is the agent's share of what
:class:`~cardrules.hosts.table.HostTable` pays, summed over the agent's move and the
bots' moves up to the agent's next turn.

Gymnasium's own checks step with any action of the space, so by default an action
that is not legal here leaves the game as it was, pays ``illegal_reward`` and sets
``info["illegal_action"]``; with ``illegal_action="raise"`` it raises
:class:`~cardrules.IllegalMoveError` instead. Either way the attempt counts towards
``max_moves``, so an episode always ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError as missing:  # pragma: no cover - depends on the environment
    raise ImportError(
        'cardrules.hosts.gymnasium needs Gymnasium and NumPy: pip install "cardrules[gymnasium]"'
    ) from missing

from cardrules._text import shown
from cardrules.bots.base import Bot, RandomBot
from cardrules.encoding import encoder_for
from cardrules.errors import IllegalMoveError, RulesError, SeatError
from cardrules.game import Game
from cardrules.hosts.table import HostTable, action_id, setup_of
from cardrules.rng import derive_seed

__all__ = ["CardGameSoloEnv", "observation_box"]

_ILLEGAL = ("penalize", "raise")


class CardGameSoloEnv(gymnasium.Env[Any, Any]):
    """One seat of ``game`` against bots; see the module's text.

    Args:
        game: the rules.
        seat: the agent's seat.
        opponents: one bot per other seat, in seat order (``None``: random players).
        reward: ``"points"`` or ``"outcome"`` (:data:`~cardrules.hosts.table.REWARDS`).
        max_moves: the moves (the agent's, its illegal attempts and the bots') after
            which an episode is truncated (``None``: the game's
            :meth:`~cardrules.game.Game.move_cap`).
        illegal_action: ``"penalize"`` or ``"raise"``.
        illegal_reward: the reward of an illegal action under ``"penalize"``.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012

    def __init__(
        self,
        game: Game[Any, Any, Any],
        *,
        seat: int = 0,
        opponents: Sequence[Bot] | None = None,
        reward: Literal["points", "outcome"] = "points",
        max_moves: int | None = None,
        illegal_action: Literal["penalize", "raise"] = "penalize",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        players = game.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise SeatError(f"seat must be 0 to {players - 1}, not {shown(seat)}")
        self.encoder = encoder_for(game)
        self.table = HostTable(
            game, reward=reward, max_moves=max_moves, encoder=self.encoder, infos=False, arrays=True
        )
        bots = [RandomBot()] * (players - 1) if opponents is None else list(opponents)
        if len(bots) != players - 1:
            raise RulesError(
                f"give one bot for each of the {players - 1} other seats, not {len(bots)}"
            )
        for bot in bots:
            if not isinstance(bot, Bot):
                raise RulesError(
                    f"opponents must be cardrules bots (with choose()), not {shown(bot)}"
                )
        if illegal_action not in _ILLEGAL:
            raise RulesError(
                f"illegal_action must be one of {_ILLEGAL}, not {shown(illegal_action)}"
            )
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.game = game
        self.seat = seat
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self._bots: dict[int, Bot] = {}
        others = [other for other in range(players) if other != seat]
        for other, bot in zip(others, bots, strict=True):
            self._bots[other] = bot
        self.observation_space = observation_box(self.encoder)
        self.action_space = spaces.Discrete(game.num_move_ids)
        self._bot_seed = 0
        self._decisions = 0
        self._attempts = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Start a new game and play the bots up to the agent's first turn;
        ``options["setup"]``, if given, holds setup options for ``game.start`` (such as
        ``{"setup": {"dealer": 2}}``); other keys of ``options`` are left to wrappers."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63))
        self._bot_seed = int(self.np_random.integers(2**63))
        self._decisions = 0
        self._attempts = 0
        self.table.reset(game_seed, **setup_of(options))
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play the agent's ``action`` (a move id), then the bots up to its next turn."""
        table = self.table
        if table.to_move is None:
            raise IllegalMoveError("game_over", "the episode has ended: call reset()")
        move_id = action_id(action, self.game)
        if not 0 <= move_id < self.game.num_move_ids or move_id not in table.legal_ids():
            if self.illegal_action == "raise":
                table.play(move_id)  # raises, saying why
            self._attempts += 1
            truncated = table.moves + self._attempts >= table.max_moves
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_reward, False, truncated, info
        reward = table.play(move_id)[self.seat] + self._play_bots()
        truncated = table.truncated or table.moves + self._attempts >= table.max_moves
        return (
            self._observation(),
            reward,
            table.is_over,
            truncated and not table.is_over,
            self._info(),
        )

    def action_masks(self) -> Any:
        """1 for each legal move id of the agent now (all 0 when it is not to move)."""
        mask = np.zeros(self.game.num_move_ids, dtype=np.int8)
        if self.table.to_move == self.seat:
            mask.put(self.table.legal_ids(), 1)
        return mask

    def render(self) -> str | None:
        """The whole table as text (every hand: for people watching)."""
        return self.table.render(self.render_mode)

    def _play_bots(self) -> float:
        """The bots' moves up to the agent's turn or the end; the agent's reward."""
        table = self.table
        game = self.game
        total = 0.0
        while (seat := table.to_move) is not None and seat != self.seat:
            view = game.observe(table.state, seat)
            decision_seed = derive_seed(self._bot_seed, self._decisions, b"gymbot")
            self._decisions += 1
            move = self._bots[seat].choose(game, view, view.legal_moves, decision_seed)
            total += table.play_move(move)[self.seat]
        return total

    def _observation(self) -> Any:
        return self.table.arrays.observation(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


def observation_box(encoder: Any) -> spaces.Box:
    """The space of an encoder's observations: a ``float32`` box with each entry's
    bounds from the encoder (infinite for scores, which have none)."""
    low = np.asarray(encoder.observation_low, dtype=np.float32)
    high = np.asarray(encoder.observation_high, dtype=np.float32)
    return spaces.Box(low, high, shape=(encoder.observation_size,), dtype=np.float32)
