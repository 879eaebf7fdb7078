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
    "MAX_NAMED_ITERATIONS",
    "Bot",
    "HeuristicBot",
    "ISMCTSBot",
    "RandomBot",
    "bot_from_name",
]

MAX_NAMED_ITERATIONS = 100_000
"""The largest search budget a bot name may give (``ismcts:100000``). A decision of
that many iterations takes from seconds to about a minute (in Craits with ``:flat``
playouts), so a game takes hours; a larger budget is refused as a typing mistake. Make
an :class:`ISMCTSBot` yourself for more."""

_SHOWN_DIGITS = 20
"""A budget longer than this is named by its length in messages, not written out."""

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
    budget below one iteration (``ismcts:0``) or above :data:`MAX_NAMED_ITERATIONS`.
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
            iterations = _budget(budget, text)
            playout = HeuristicBot() if rollout in ("heuristic", "flat") else None
            depth = 1 if rollout == "flat" else None
            return ISMCTSBot(iterations=iterations, rollout=playout, max_depth=depth)
    raise BotError(f"unknown bot {shown(text)}; known bots: {_NAMES}")


def _budget(budget: str, text: str) -> int:
    """The iterations of ``ismcts:BUDGET`` (``budget``: an optional ``-`` and ASCII
    digits), from 1 to :data:`MAX_NAMED_ITERATIONS`. Too many digits are refused
    before the text is read as a number (Python refuses to read very long ones)."""
    digits = budget.removeprefix("-").lstrip("0") or "0"
    sign = "negative " if budget.startswith("-") else ""
    given = budget if len(budget) <= _SHOWN_DIGITS else f"a {sign}number of {len(digits)} digits"
    if budget.startswith("-") or digits == "0":
        raise BotError(
            f"ismcts iterations must be at least 1, not {given} in {shown(text)} (e.g. ismcts:300)"
        )
    if len(digits) > len(str(MAX_NAMED_ITERATIONS)) or int(digits) > MAX_NAMED_ITERATIONS:
        raise BotError(
            f"ismcts iterations must be at most {MAX_NAMED_ITERATIONS:,}, not {given} in "
            f"{shown(text)}: a decision of {MAX_NAMED_ITERATIONS:,} iterations already takes "
            "up to about a minute (e.g. ismcts:300)"
        )
    return int(digits)
