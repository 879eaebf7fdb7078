"""What each seat of an OpenSpiel game has seen (:class:`Seen`): the game's complete
transitions in a persistent list that copies of a state share (:class:`Chain`), and
each seat's information state folded up to some transition, only when it is asked
for, so that play that never asks (a search's rollouts) does not pay for them."""

from __future__ import annotations

from typing import Any

from cardrules.game import Step

__all__ = ["Chain", "Seen", "chain_of"]


class Chain:
    """The complete transitions of a game, newest first, each as a :class:`Step`: a
    persistent list that copies of a state share."""

    __slots__ = ("before", "length", "step")

    def __init__(self, step: Step[Any] | None, before: Chain | None) -> None:
        self.step = step
        self.before = before
        self.length: int = 0 if before is None else before.length + 1

    def since(self, count: int) -> list[Step[Any]]:
        """The steps after the first ``count``, oldest first."""
        steps = []
        link: Chain | None = self
        while link is not None and link.length > count:
            steps.append(link.step)
            link = link.before
        return steps[::-1]  # type: ignore[return-value]

    def __deepcopy__(self, memo: dict[int, Any]) -> Chain:
        return self

    def __reduce__(self) -> Any:  # flat, so that a long game pickles without recursion
        return (chain_of, (self.since(0),))


def chain_of(steps: list[Step[Any]]) -> Chain:
    """The :class:`Chain` of ``steps`` (oldest first): how a pickled chain is made again."""
    chain = Chain(None, None)
    for step in steps:
        chain = Chain(step, chain)
    return chain


class Seen:
    """What each seat saw: the game's transitions, and per seat its information state
    folded up to some transition (or the position it starts from). Immutable."""

    __slots__ = ("chain", "seats")

    def __init__(self, chain: Chain, seats: tuple[tuple[Any, Any, int], ...]) -> None:
        self.chain = chain
        self.seats = seats  # per seat: (InfoState or None, start position, steps folded)

    @classmethod
    def start(cls, inner: Any, players: int) -> Seen:
        """Nothing seen yet: every seat starts from ``inner`` (the first dealt position)."""
        chain = Chain(None, None)
        return cls(chain, tuple((None, inner, 0) for _ in range(players)))

    def then(self, step: Step[Any]) -> Seen:
        """This record after the complete transition ``step`` (folded in when asked for)."""
        return Seen(Chain(step, self.chain), self.seats)

    def restarted(self, inner: Any, keep: int) -> Seen:
        """Every seat but ``keep`` starts afresh from ``inner`` (a resampled position)."""
        now = self.chain.length
        seats = tuple(
            entry if seat == keep else (None, inner, now) for seat, entry in enumerate(self.seats)
        )
        return Seen(self.chain, seats)

    def info(self, encoder: Any, seat: int) -> tuple[Any, Seen]:
        """``seat``'s information state now, and the record with it folded in."""
        info, start, folded = self.seats[seat]
        if info is not None and folded == self.chain.length:
            return info, self
        seats = list(self.seats)
        if info is None:
            # Every seat waiting to start from the same position starts now, together,
            # so that they share the public part of each step they fold (worked out
            # once for all of them: see encoding.info).
            fresh = encoder.info_states(start)
            for other, (known, begins, at) in enumerate(self.seats):
                if known is None and begins is start and at == folded:
                    seats[other] = (fresh[other], None, folded)
            info = fresh[seat]
        for step in self.chain.since(folded):
            info = info.after(step)
        seats[seat] = (info, None, self.chain.length)
        return info, Seen(self.chain, tuple(seats))

    def __deepcopy__(self, memo: dict[int, Any]) -> Seen:
        return self
