"""The bases of the library's immutable values: :class:`Value` for the hot ones (game
states and the cores' records), and :class:`Immutable`, which every immutable value of
the library (states, views, rules objects, moves, cards, events) has among its bases.

A :class:`Value` keeps its data in private slots, written once by its ``__init__``, and
shows it through read-only properties: a state cannot be changed through its public
attributes (``state.scores = …`` raises ``AttributeError``), and building one costs a
plain ``__init__``, a few times less than a frozen attrs class. Values compare and hash
by their data, print as ``Name(field=…, …)``, pickle, and return themselves from
:func:`copy.copy` and :func:`copy.deepcopy` (there is nothing to copy in an immutable
value).

>>> class Point(Value):
...     __slots__ = ("_x", "_y")
...     def __init__(self, x: int, y: int) -> None:
...         self._x = x
...         self._y = y
...     @property
...     def x(self) -> int:
...         return self._x
>>> Point(1, 2) == Point(1, 2), Point(1, 2) == Point(1, 3)
(True, False)
>>> Point(1, 2).x = 5
Traceback (most recent call last):
    ...
AttributeError: property 'x' of 'Point' object has no setter
"""

from __future__ import annotations

from typing import Any, TypeVar

from cardrules._text import int_text

__all__ = ["Immutable", "Value", "slots_of", "value_from_slots", "with_slots"]

_T = TypeVar("_T")


class Immutable:
    """A base class (a mixin with no data) of values that never change: :func:`copy.copy`
    and :func:`copy.deepcopy` return the value itself, since a copy could never differ
    from it. A deep copy of a container holding such values (a list of states, a dict
    of moves) makes new containers around the same values.

    States, views, rules objects, moves, cards, events and the cores' values (tricks,
    card tables, …) all have it among their bases. Caches a value keeps for itself (a
    state's remembered legal moves) are shared too, which is safe: they only remember
    what the value would work out again. (Pickles leave them out: see
    ``Value._fresh_caches``.)

    >>> import copy
    >>> import cardrules as cr
    >>> game = cr.Cramps()
    >>> state = game.new_game(seed=1)
    >>> copy.deepcopy(state) is state, copy.copy(game) is game
    (True, True)
    >>> history = [state, game.apply(state, cr.Play("AC"))]
    >>> again = copy.deepcopy(history)
    >>> again is history, again == history, all(a is b for a, b in zip(again, history))
    (False, True, True)
    """

    __slots__ = ()

    def __copy__(self: _T) -> _T:
        return self

    def __deepcopy__(self: _T, memo: object) -> _T:
        return self


_SLOTS: dict[type, tuple[str, ...]] = {}


def slots_of(cls: type) -> tuple[str, ...]:
    """Every slot of ``cls`` and its bases, base classes first (remembered per class).

    >>> class Point(Value):
    ...     __slots__ = ("_x", "_y")
    >>> slots_of(Point)
    ('_x', '_y')
    """
    known = _SLOTS.get(cls)
    if known is None:
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            slots = klass.__dict__.get("__slots__", ())
            names.extend((slots,) if isinstance(slots, str) else slots)
        known = _SLOTS[cls] = tuple(n for n in names if n not in ("__weakref__", "__dict__"))
    return known


def _shown(value: Any) -> str:
    if type(value) is int:
        return int_text(value)
    if type(value) is tuple and value and all(type(item) is int for item in value):
        items = [int_text(item) for item in value]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    return repr(value)


class Value(Immutable):
    """Base class of fast immutable values: see the module documentation.

    A subclass lists its data in ``__slots__`` (private names), sets each once in
    ``__init__`` and offers read-only properties. Slots named in :meth:`_hidden` (by
    default none) take no part in equality, hashing or ``repr`` (a state's rules
    object, say). Slots that a value fills in for itself when first asked (a state's
    legal moves) are named in :meth:`_fresh_caches`, and pickles and
    :func:`with_slots` copies leave them as a new value has them.
    """

    __slots__ = ()

    @classmethod
    def _hidden(cls) -> frozenset[str]:
        """Slots that equality, hashing and ``repr`` leave out."""
        return frozenset()

    def _fresh_caches(self) -> dict[str, Any]:
        """The slots that are caches (what this value works out for itself when first
        asked, and remembers), each with what a new value holds in it before anything
        is asked (by default there are none). A pickle holds these instead of what was
        remembered, so it is the same bytes whatever was asked of the value, and a copy
        made by :func:`with_slots` holds them too, since its other data may differ."""
        return _NO_CACHES

    def _data(self) -> tuple[Any, ...]:
        """The values of the slots that define this value."""
        hidden = self._hidden()
        return tuple(getattr(self, name) for name in slots_of(type(self)) if name not in hidden)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self is other or self._data() == other._data()

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((type(self).__qualname__, self._data()))

    def __repr__(self) -> str:
        hidden = self._hidden()
        fields = ", ".join(
            f"{name.lstrip('_')}={_shown(getattr(self, name))}"
            for name in slots_of(type(self))
            if name not in hidden
        )
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        fresh = self._fresh_caches()
        data = tuple(
            fresh[name] if name in fresh else getattr(self, name) for name in slots_of(type(self))
        )
        return (value_from_slots, (type(self), data))


_NO_CACHES: dict[str, Any] = {}


def value_from_slots(cls: type[Value], data: tuple[Any, ...]) -> Value:
    """A :class:`Value` of class ``cls`` whose slots (:func:`slots_of`, in that order)
    hold ``data``, made without calling ``__init__``: how values unpickle, and how a
    class that keeps derived slots pickles without them."""
    value = object.__new__(cls)
    for name, item in zip(slots_of(cls), data, strict=True):
        object.__setattr__(value, name, item)
    return value


def with_slots(value: Value, **changes: Any) -> Value:
    """A copy of ``value`` with the slots named in ``changes`` holding other data, made
    without calling ``__init__`` (``value`` is not changed): how an engine makes a state
    that differs in one part, its generator say. Slots left unset stay unset; the
    value's caches (:meth:`Value._fresh_caches`) are not copied but start afresh.

    >>> class Point(Value):
    ...     __slots__ = ("_x", "_y")
    ...     def __init__(self, x: int, y: int) -> None:
    ...         self._x, self._y = x, y
    >>> with_slots(Point(1, 2), _y=5)
    Point(x=1, y=5)
    """
    made = object.__new__(type(value))
    for name in slots_of(type(value)):
        if name in changes:
            object.__setattr__(made, name, changes[name])
        elif hasattr(value, name):
            object.__setattr__(made, name, getattr(value, name))
    unknown = set(changes) - set(slots_of(type(value)))
    if unknown:
        raise AttributeError(f"{type(value).__name__} has no slots {sorted(unknown)}")
    # Asked of the copy: what a new value holds may depend on its data (a state over).
    for name, fresh in made._fresh_caches().items():
        if name not in changes:
            object.__setattr__(made, name, fresh)
    return made
