"""The base of the family encoders (:class:`FamilyEncoder`): what the trick-taking and
shedding encoders share (:mod:`cardrules.encoding.tricks`,
:mod:`cardrules.encoding.shedding`).

A family encoder writes an observation from the seat's view alone: the family's
fields, then the fields the game declares (:class:`~cardrules.encoding.fields.GameField`).
An information state keeps, for its seat, the seat's latest view (so the observation
is the view's, whatever the game adds) and the seat's own history (its dealt hand,
what it drew); the public part shared by the seats holds what every seat saw (the
cards played, by whom). Its text is the first view in words, then every step's
events (:func:`~cardrules.encoding.text.step_text`) and the cards the seat received.

A family gives its quick NumPy paths by its :meth:`FamilyEncoder._make_parts` (buffers,
:mod:`cardrules.encoding.fast`) and :meth:`FamilyEncoder._tracker_steps` (the
trackers that write only what a step changed, :mod:`cardrules.encoding.tracker`).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any

from cardrules.encoding.base import Encoder
from cardrules.encoding.fast import FamilyWriter, FastParts
from cardrules.encoding.fields import GameField, fields_layout, game_fields
from cardrules.encoding.info import Note, Public
from cardrules.encoding.rows import ViewRows
from cardrules.encoding.tracker import Steps, Tracker
from cardrules.encoding.vectors import Layout
from cardrules.encoding.writers import Writer
from cardrules.game import Step

__all__ = ["FamilyEncoder", "History"]

History = Sequence[tuple[str, int, str, float, float]]
"""The history fields of an information state: ``(name, size, description, low,
high)`` each, after the observation."""


class FamilyEncoder(Encoder):
    """The base of a family's encoder: the observation is the family's fields
    (:meth:`_family_observation`) and then the game's (``game_fields``); the
    information state's vector adds the family's history fields (:meth:`_history`).
    Its :attr:`~cardrules.encoding.Encoder.layout` is the family's, followed by the
    game's (``"tricks/1+hearts/1"``) when the game declares fields."""

    __slots__ = ("_everybody", "_parts", "game_fields")

    game_fields: tuple[GameField, ...]
    """The fields the game declares (its ``encoded_fields()``), at the end of the
    observation."""

    def __init__(self, game: Any, observation: Layout, history: History) -> None:
        taken = [field.name for field in observation.fields] + [name for name, *_ in history]
        self.game_fields = game_fields(game, taken)
        for field in self.game_fields:
            observation.add(field.name, field.size, field.description, field.low, field.high)
        info = Layout(observation.fields)
        for name, size, description, low, high in history:
            info.add(name, size, description, low, high)
        super().__init__(game, observation.fields, info.fields)
        if self.game_fields:
            self.layout = f"{self.layout}+{fields_layout(game)}"
        self._everybody = frozenset(range(game.players))
        self._parts: FastParts | None = None

    # -- what a family says ------------------------------------------------------------

    @abstractmethod
    def _family_observation(self, view: Any) -> list[float]:
        """The family's fields of the observation of ``view``, as ``view.seat`` sees it."""

    @abstractmethod
    def _public_at(self, view: Any) -> Public:
        """The public part of an information state started at ``view``."""

    @abstractmethod
    def _public_after(self, public: Public, step: Step[Any]) -> Public:
        """The public part after ``step`` (a step of these rules)."""

    @abstractmethod
    def _own_at(self, view: Any) -> Any:
        """The seat's own history, started at ``view``."""

    @abstractmethod
    def _own_after(
        self, own: Any, before: Any, view: Any, public: Public
    ) -> tuple[Any, Note | None]:
        """The seat's own history after a step (``before`` and ``view``: its views
        before and after; ``public``: the public part after), with the cards it
        received, if any."""

    @abstractmethod
    def _history(self, public: Public, own: Any, seat: int) -> list[float]:
        """The history fields of the information state's vector."""

    def _make_parts(self) -> FastParts | None:
        """The family's :class:`~cardrules.encoding.fast.FastParts` (made once, on first
        use), or ``None`` for none: the buffers and trackers are then written by way of
        the lists."""
        return None

    def _tracker_steps(self) -> Steps:
        """A new :class:`~cardrules.encoding.tracker.Steps` for one tracker (what it
        keeps of the position is its own)."""
        raise NotImplementedError

    # -- the encoder's protocol -----------------------------------------------------------

    def _fast_parts(self) -> FastParts | None:
        """The family's quick parts, shared by the encoder's writer and trackers."""
        parts = self._parts
        if parts is None:
            parts = self._parts = self._make_parts()
        return parts

    def _buffer_writer(self, np: Any) -> Writer:
        parts = self._fast_parts()
        return Writer(self, np) if parts is None else FamilyWriter(self, np, parts)

    def _array_rows(self, np: Any, state: Any) -> Any:
        parts = self._fast_parts()
        if parts is None:
            return ViewRows(self, np, state)
        return Tracker(self, np, state, parts)

    def _view_snapshot(self, view: Any) -> Any:
        return view

    def _snapshot(self, public: Public, private: Any) -> Any:
        return private[0]

    def _observe(self, snapshot: Any, seat: int) -> list[float]:
        values = self._family_observation(snapshot)
        for field in self.game_fields:
            values.extend(map(float, field.values(snapshot)))
        return values

    def _start_public(self, view: Any) -> Public:
        public = self._public_at(view)
        public.touched = self._everybody
        return public

    def _start_private(self, view: Any) -> tuple[Any, Any]:
        return (view, self._own_at(view))

    def _header(self, view: Any) -> str:
        return " / ".join(line.strip() for line in str(view).splitlines())

    def _next_public(self, public: Public, step: Step[Any]) -> Public:
        self.game.check_state(step.state)
        after = self._public_after(public, step)
        after.touched = self._everybody  # every seat's view moves on
        return after

    def _next_private(
        self, private: Any, public: Public, state: Any, seat: int
    ) -> tuple[Any, Note | None]:
        before, own = private
        view = self.game.observe(state, seat)
        own, note = self._own_after(own, before, view, public)
        return (view, own), note

    def _info_vector(
        self, public: Public, private: Any, seat: int, observation: list[float]
    ) -> list[float]:
        return observation + self._history(public, private[1], seat)
