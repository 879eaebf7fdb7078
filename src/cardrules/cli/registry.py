"""The games the command line knows: each with its rules factory, its terminal adapter
and a one-line description.

Every game class registered with the library (:func:`cardrules.registered_games`) is
known, with the adapter and summary its package registered in
:mod:`cardrules.terminal` (the plain :class:`~cardrules.terminal.GameAdapter` if none);
:func:`register_game` adds a game made by a factory of your own."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

import cardrules as cr
from cardrules.options import takes_none
from cardrules.terminal import AnyGame, GameAdapter, adapter_for, game_summary

__all__ = ["GameEntry", "game_entry", "known_games", "make_rules", "register_game"]


@attrs.frozen
class GameEntry:
    """A game the command line knows: its rules ``factory`` (called with the options as
    keywords), the ``adapter`` class for terminal play and a one-line ``description``."""

    name: str
    factory: Callable[..., AnyGame]
    adapter: Callable[[], GameAdapter] = GameAdapter
    description: str = ""


_GAMES: dict[str, GameEntry] = {}


def register_game(
    name: str,
    factory: Callable[..., AnyGame],
    adapter: Callable[[], GameAdapter] = GameAdapter,
    description: str = "",
) -> None:
    """Make ``name`` known to ``cardrules simulate``, ``play`` and ``arena``."""
    _GAMES[name] = GameEntry(name, factory, adapter, description)


def known_games() -> tuple[str, ...]:
    """The names of the games the command line knows: those registered here and every
    game class registered with the library."""
    return tuple(sorted(set(_GAMES) | set(cr.registered_games())))


def describe_games() -> str:
    """The known games with their descriptions, for the help."""
    parts = []
    for name in known_games():
        summary = _GAMES[name].description if name in _GAMES else game_summary(name)
        parts.append(name + (f" ({summary})" if summary else ""))
    return "; ".join(parts)


def game_entry(name: str) -> GameEntry:
    """The entry for ``name``, case-insensitive and with ``-`` for ``_`` if need be
    (``crazy-eights`` is ``crazy_eights``); raises ``KeyError`` with a message listing
    the known games.

    >>> game_entry("Oh-Hell").name
    'oh_hell'
    """
    lower = name.lower()
    for key in dict.fromkeys((lower, lower.replace("-", "_"))):
        if key in _GAMES:
            return _GAMES[key]
        if key in cr.registered_games():
            return GameEntry(key, cr.game_class(key), adapter_for(key), game_summary(key))
    raise KeyError(f"unknown game {name!r}; known games: {', '.join(known_games())}")


def make_rules(entry: GameEntry, options: Mapping[str, Any]) -> AnyGame:
    """The rules object of ``entry`` with ``options``; raises
    :class:`~cardrules.RulesError` for an option the game does not have or a bad value.
    The text ``"none"`` (any case: ``-o target=none``) is ``None`` for an option that
    takes ``None`` (:func:`cardrules.options.takes_none`) and stays text for the others
    (Oh Hell's ``trumps="none"``).

    >>> make_rules(game_entry("craits"), {"players": 3}).players
    3
    >>> make_rules(game_entry("spades"), {"target": "none"}).target is None
    True
    >>> make_rules(game_entry("oh_hell"), {"trumps": "none"}).trumps
    'none'
    """
    factory = entry.factory
    if isinstance(factory, type) and attrs.has(factory):
        allowed = [f.name for f in attrs.fields(factory) if f.init]
        unknown = sorted(set(options) - set(allowed))
        if unknown:
            raise cr.RulesError(
                f"{entry.name} has no option {unknown[0]!r}; its options are " + ", ".join(allowed)
            )
        options = {
            name: None if _is_none(value) and takes_none(factory, name) else value
            for name, value in options.items()
        }
    try:
        return factory(**options)
    except TypeError as exc:
        raise cr.RulesError(f"bad options for {entry.name}: {exc}") from None


def _is_none(value: object) -> bool:
    """Whether an option's value is the text that stands for ``None``."""
    return isinstance(value, str) and value.lower() == "none"
