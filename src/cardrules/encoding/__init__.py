"""Fixed-size numeric encodings of cardrules games, for learning hosts (PettingZoo,
Gymnasium, OpenSpiel and the like).

:func:`encoder_for` gives the :class:`Encoder` of a rules object: the observation of a
view as a list of floats (and its layout, :attr:`Encoder.fields`), the mask of legal
move ids, and :class:`InfoState` values, which recall everything one seat has seen
(a vector of fixed size and a perfect-recall text) and move on with each step.
Everything is plain Python; the ``…_array`` methods give NumPy arrays if NumPy is
installed (cardrules does not need it).

The encoder is found through the game (:mod:`cardrules.encoding.lookup`): its family's,
for any game built on the trick-taking engine (:class:`TrickEncoder`) or the shedding
engine (:class:`SheddingEncoder`), with the fields the game declares
(:class:`GameField`) added; every shipped game has its family's.

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

from cardrules.climbing.engine import ClimbingGame
from cardrules.encoding.base import Encoder
from cardrules.encoding.climbing import ClimbingEncoder
from cardrules.encoding.fields import GameField
from cardrules.encoding.info import InfoState
from cardrules.encoding.lookup import encoder_for, register_encoder
from cardrules.encoding.shedding import SheddingEncoder
from cardrules.encoding.tricks import TrickEncoder
from cardrules.encoding.vectors import Field
from cardrules.shedding.engine import SheddingGame
from cardrules.tricks.engine import TrickGame

__all__ = [
    "ClimbingEncoder",
    "Encoder",
    "Field",
    "GameField",
    "InfoState",
    "SheddingEncoder",
    "TrickEncoder",
    "encoder_for",
    "register_encoder",
]

register_encoder(TrickGame, TrickEncoder)
register_encoder(SheddingGame, SheddingEncoder)
register_encoder(ClimbingGame, ClimbingEncoder)
