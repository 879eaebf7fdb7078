"""Bots that play any cardrules game from a player's view: random, rule-of-thumb and
information-set Monte Carlo tree search.

>>> from cardrules.bots import bot_from_name
>>> bot_from_name("ismcts:100")
ISMCTSBot(iterations=100, seconds=None, exploration=0.7, rollout=None, name='ismcts')
"""

from __future__ import annotations

from cardrules.bots.base import Bot, RandomBot
from cardrules.bots.heuristic import HeuristicBot, craits_heuristic, cramps_heuristic
from cardrules.bots.ismcts import ISMCTSBot

__all__ = [
    "Bot",
    "HeuristicBot",
    "ISMCTSBot",
    "RandomBot",
    "bot_from_name",
    "craits_heuristic",
    "cramps_heuristic",
]

_NAMES = "random, heuristic, ismcts or ismcts:ITERATIONS"


def bot_from_name(text: str) -> Bot:
    """A bot from its short name: ``random``, ``heuristic``, ``ismcts`` or
    ``ismcts:ITERATIONS``."""
    if not isinstance(text, str):
        raise TypeError(f"a bot name must be text ({_NAMES}), not {text!r}")
    name, _, budget = text.strip().lower().partition(":")
    if name == "random" and not budget:
        return RandomBot()
    if name == "heuristic" and not budget:
        return HeuristicBot()
    if name == "ismcts":
        if not budget:
            return ISMCTSBot()
        if budget.isdigit() and int(budget) > 0:
            return ISMCTSBot(iterations=int(budget))
    raise ValueError(f"unknown bot {text!r}; known bots: {_NAMES}")
