"""Values worked out once per object and kept: :class:`KeptByIdentity`."""

from __future__ import annotations

from typing import Generic, TypeVar

__all__ = ["KeptByIdentity"]

V = TypeVar("V")


class KeptByIdentity(Generic[V]):
    """Values worked out once per object (a rules object, an encoder) and found again
    by the object's identity, which is quicker than hashing it. Each value keeps its
    object alive, so an identity is never reused while its value is kept; past
    ``limit`` objects all are forgotten (programs make few such objects, and a
    forgotten value is only worked out again).

    >>> kept: KeptByIdentity[str] = KeptByIdentity()
    >>> owner = object()
    >>> kept.get(owner) is None
    True
    >>> kept.keep(owner, "tables"), kept.get(owner)
    ('tables', 'tables')
    """

    __slots__ = ("_kept", "_limit")

    def __init__(self, limit: int = 64) -> None:
        self._kept: dict[int, tuple[object, V]] = {}
        self._limit = limit

    def get(self, owner: object) -> V | None:
        """The value kept for ``owner``, or ``None``."""
        kept = self._kept.get(id(owner))
        if kept is not None and kept[0] is owner:
            return kept[1]
        return None

    def keep(self, owner: object, value: V) -> V:
        """Keep ``value`` for ``owner``, and return it."""
        if len(self._kept) >= self._limit:
            self._kept.clear()
        self._kept[id(owner)] = (owner, value)
        return value
