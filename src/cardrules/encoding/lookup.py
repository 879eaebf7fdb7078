"""How the encoder of a rules object is found: :func:`encoder_for`, through the game.

A game with an encoding of its own says so with an ``encoder()`` method that makes it
(no shipped game has one: each adds its fields to its family's,
:class:`~cardrules.encoding.fields.GameField`). Any other game gets the encoder of its family,
the first base class of its rules class with one registered
(:func:`register_encoder`): every game built on the trick-taking engine gets
:class:`~cardrules.encoding.tricks.TrickEncoder`, every game on the shedding engine
:class:`~cardrules.encoding.shedding.SheddingEncoder`, with the fields the game declares
(:class:`~cardrules.encoding.fields.GameField`) added. So a new game gets learning hosts
without any code of the encoding's, and a new family is one ``register_encoder`` call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardrules._text import shown
from cardrules.errors import RulesError
from cardrules.game import Game

if TYPE_CHECKING:
    from cardrules.encoding.base import Encoder

__all__ = ["encoder_for", "register_encoder"]

_FAMILIES: dict[type, Callable[[Any], Encoder]] = {}
_ENCODERS: dict[Any, Encoder] = {}
_KEPT = 64  # rules objects are few; forget them all if a program makes many


def register_encoder(rules_base: type, make: Callable[[Any], Encoder]) -> None:
    """Make ``make(game)`` the encoder of every game whose rules class is (or derives
    from) ``rules_base`` and has no ``encoder()`` method of its own: how a family of
    games (the trick-taking and shedding engines) gives all its games one encoder.
    The nearest registered base class wins. Raises :class:`~cardrules.RulesError`
    for a ``rules_base`` that is not a subclass of :class:`~cardrules.game.Game`."""
    if not (isinstance(rules_base, type) and issubclass(rules_base, Game)):
        raise RulesError(f"register_encoder needs a rules class (a Game), not {_what(rules_base)}")
    _FAMILIES[rules_base] = make
    _ENCODERS.clear()


def encoder_for(game: Any) -> Encoder:
    """The :class:`~cardrules.encoding.Encoder` of a rules object: its own (its
    ``encoder()`` method) or its family's (any game on the
    trick-taking or shedding engine). Encoders are made once per rules (equal rules
    share one) and hold no game, so ask as often as you like.

    Raises :class:`~cardrules.RulesError` for something that is not a rules object,
    or a game of no family with an encoder.

    >>> import cardrules as cr
    >>> encoder_for(cr.Cramps()) is encoder_for(cr.Cramps())
    True
    >>> encoder_for("hearts")
    Traceback (most recent call last):
        ...
    cardrules.errors.RulesError: encoder_for needs a rules object (a Game), not str 'hearts'
    """
    try:
        known = _ENCODERS.get(game)
    except TypeError:  # not hashable: not a rules object
        known = None
    if known is not None:
        return known
    if not isinstance(game, Game):
        raise RulesError(f"encoder_for needs a rules object (a Game), not {_what(game)}")
    own = getattr(game, "encoder", None)
    encoder: Encoder
    if callable(own):
        encoder = own()
    else:
        make = next((_FAMILIES[kind] for kind in type(game).__mro__ if kind in _FAMILIES), None)
        if make is None:
            raise RulesError(
                f"{type(game).__name__} has no encoder: it is built on no engine with an "
                "encoder (the trick-taking and shedding engines have one) and has no "
                "encoder() method of its own"
            )
        encoder = make(game)
    if len(_ENCODERS) >= _KEPT:
        _ENCODERS.clear()
    _ENCODERS[game] = encoder
    return encoder


def _what(thing: object) -> str:
    """What ``thing`` is, for a message (no repr of a state: it would show every hand)."""
    if isinstance(thing, type):
        return f"the class {thing.__name__} (make the rules object: {thing.__name__}())"
    if thing is None or isinstance(thing, (str, int, float)):
        return f"{type(thing).__name__} {shown(thing)}"
    return f"a {type(thing).__name__}"
