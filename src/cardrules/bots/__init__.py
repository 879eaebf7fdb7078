"""Bots that play any cardrules game from a player's view: random, rule-of-thumb and
information-set Monte Carlo tree search.

>>> from cardrules.bots import bot_from_name
>>> bot = bot_from_name("ismcts:100")
>>> bot.name, bot.iterations
('ismcts', 100)
"""

from __future__ import annotations

from cardrules._text import shown
from cardrules.bots.base import Bot, RandomBot
from cardrules.bots.heuristic import HeuristicBot
from cardrules.bots.ismcts import ISMCTSBot
from cardrules.errors import BotError

__all__ = [
    "Bot",
    "HeuristicBot",
    "ISMCTSBot",
    "RandomBot",
    "bot_from_name",
]

_NAMES = (
    "random, heuristic, ismcts, ismcts:ITERATIONS, ismcts:ITERATIONS:heuristic "
    "or ismcts:ITERATIONS:flat"
)


def bot_from_name(text: str) -> Bot:
    """A bot from its short name: ``random``, ``heuristic``, ``ismcts``,
    ``ismcts:ITERATIONS``, ``ismcts:ITERATIONS:heuristic`` (search whose rollouts are
    played by the rule-of-thumb bot) or ``ismcts:ITERATIONS:flat`` (flat search that
    improves on the rule-of-thumb bot: ``max_depth=1``, the better choice for Craits).

    >>> bot_from_name("ismcts:50:heuristic").rollout
    HeuristicBot(name='heuristic')
    >>> bot_from_name("ismcts:1000:flat").max_depth
    1

    Raises :class:`~cardrules.BotError` for a name it does not know, and for a search
    budget below one iteration (``ismcts:0``).
    """
    if not isinstance(text, str):
        raise BotError(f"a bot name must be text ({_NAMES}), not {shown(text)}")
    name, _, rest = text.strip().lower().partition(":")
    budget, _, rollout = rest.partition(":")
    if name == "random" and not rest:
        return RandomBot()
    if name == "heuristic" and not rest:
        return HeuristicBot()
    if name == "ismcts" and rollout in ("", "random", "heuristic", "flat"):
        if not rest:
            return ISMCTSBot()
        digits = budget.removeprefix("-")
        if digits.isascii() and digits.isdigit():
            if int(budget) < 1:
                raise BotError(
                    f"ismcts iterations must be at least 1, not {budget} in {shown(text)} "
                    "(e.g. ismcts:300)"
                )
            playout = HeuristicBot() if rollout in ("heuristic", "flat") else None
            depth = 1 if rollout == "flat" else None
            return ISMCTSBot(iterations=int(budget), rollout=playout, max_depth=depth)
    raise BotError(f"unknown bot {shown(text)}; known bots: {_NAMES}")
