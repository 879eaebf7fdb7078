"""Fixed-size numeric encodings of cardrules games, for learning hosts (PettingZoo,
Gymnasium, OpenSpiel and the like).

:func:`encoder_for` gives the :class:`Encoder` of a rules object: the observation of a
view as a list of floats (and its layout, :attr:`Encoder.fields`), the mask of legal
move ids, and :class:`InfoState` values, which recall everything one seat has seen
(a vector of fixed size and a perfect-recall text) and move on with each step.
Everything is plain Python; the ``…_array`` methods give NumPy arrays if NumPy is
installed (cardrules does not need it).

>>> import cardrules as cr
>>> from cardrules.encoding import encoder_for
>>> game = cr.Craits(players=3)
>>> encoder = encoder_for(game)
>>> step = game.start(seed=1)
>>> view = game.observe(step.state, seat=0)
>>> len(encoder.observation(view)) == encoder.observation_size
True
>>> mask = encoder.legal_mask(step.state)
>>> len(mask) == game.num_move_ids, sum(mask) == len(game.legal_moves(step.state))
(True, True)
>>> info = encoder.info_state(step.state, seat=0)
>>> move = game.legal_moves(step.state)[0]
>>> after = info.after(game.step(step.state, move))
>>> len(after.vector) == encoder.info_state_size, after.steps, info.steps
(True, 1, 0)
"""

from __future__ import annotations

from typing import Any

from cardrules._text import shown
from cardrules.encoding.base import Encoder
from cardrules.encoding.craits import CraitsEncoder
from cardrules.encoding.cramps import CrampsEncoder
from cardrules.encoding.info import InfoState
from cardrules.encoding.vectors import Field
from cardrules.errors import RulesError
from cardrules.games.craits import Craits
from cardrules.games.cramps.rules import Cramps

__all__ = ["CraitsEncoder", "CrampsEncoder", "Encoder", "Field", "InfoState", "encoder_for"]

_ENCODERS: dict[Any, Encoder] = {}
_KEPT = 64  # rules objects are few; forget them all if a program makes many


def encoder_for(game: Any) -> Encoder:
    """The :class:`Encoder` of a rules object: Cramps (any options) or Craits (2 to 10
    players, any decks and options). Encoders are made once per rules (equal rules
    share one) and hold no game, so ask as often as you like.

    Raises :class:`~cardrules.RulesError` for a game it has no encoder for.

    >>> import cardrules as cr
    >>> encoder_for(cr.Cramps()) is encoder_for(cr.Cramps())
    True
    >>> encoder_for("hearts")
    Traceback (most recent call last):
        ...
    cardrules.errors.RulesError: encoder_for needs a Cramps or Craits rules object, not str 'hearts'
    """
    try:
        known = _ENCODERS.get(game)
    except TypeError:  # not hashable: not a rules object
        known = None
    if known is not None:
        return known
    encoder: Encoder
    if isinstance(game, Cramps):
        encoder = CrampsEncoder(game)
    elif isinstance(game, Craits):
        encoder = CraitsEncoder(game)
    else:
        raise RulesError(f"encoder_for needs a Cramps or Craits rules object, not {_what(game)}")
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
