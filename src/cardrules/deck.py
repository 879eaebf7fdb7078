"""Deck specifications: one or more standard decks, with ranks removed.

A deck spec says which cards are in play; a *deck order* is a tuple of cards listed top
first (the first card is the first dealt).

>>> spec = DeckSpec(decks=2, removed_ranks=(Rank.KING, Rank.QUEEN))
>>> spec.size
88
>>> len(STANDARD_DECK.cards())
52
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from cardrules._text import shown
from cardrules.cards import ALL_CARDS, Card, Rank, format_cards
from cardrules.errors import RulesError, SetupError
from cardrules.rng import shuffled

__all__ = ["STANDARD_DECK", "DeckSpec"]


def _to_ranks(value: Iterable[Rank | int]) -> frozenset[Rank]:
    ranks = set()
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int) or not 2 <= item <= 14:
            raise RulesError(f"removed ranks must be Ranks (2 to 14), not {shown(item)}")
        ranks.add(Rank(item))
    return frozenset(ranks)


def _check_decks(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 3:
        raise RulesError(f"decks must be 1, 2 or 3, not {shown(value)}")


@attrs.frozen
class DeckSpec:
    """Which cards are in play: ``decks`` standard 52-card decks less ``removed_ranks``."""

    decks: int = attrs.field(default=1, validator=_check_decks)
    removed_ranks: frozenset[Rank] = attrs.field(default=frozenset(), converter=_to_ranks)

    def cards(self) -> tuple[Card, ...]:
        """Every card in play in index order, each copy listed (a fresh, unshuffled deck)."""
        return _cards_in_play(self.decks, self.removed_ranks)

    @property
    def size(self) -> int:
        """The number of cards in play."""
        return (52 - 4 * len(self.removed_ranks)) * self.decks

    def shuffled(self, rng_state: int) -> tuple[tuple[Card, ...], int]:
        """A shuffled deck order and the advanced generator state."""
        return shuffled(self.cards(), rng_state)

    def check_order(self, deck: Sequence[Card | str]) -> tuple[Card, ...]:
        """Validate a stacked deck order (cards or card text, top first) against the spec.

        Returns it as a tuple of cards; raises :class:`~cardrules.SetupError` saying which
        cards are missing or extra if it is not exactly the cards in play.
        """
        if isinstance(deck, str):
            raise SetupError("a deck order must be a sequence of cards, not one string")
        if not isinstance(deck, Sequence):
            # A set or a generator has no reliable order: the deal would not be the
            # one the caller meant (or would differ from run to run).
            raise SetupError(
                "a deck order must be a sequence of cards listed top first (a list or a "
                f"tuple), not {type(deck).__name__}"
            )
        order = tuple(Card.parse(card) for card in deck)  # type: ignore[arg-type]
        expected = Counter(self.cards())
        given = Counter(order)
        if given != expected:
            missing = sorted((expected - given).elements())
            extra = sorted((given - expected).elements())
            parts = [f"the deck must hold exactly the {self.size} cards in play"]
            if missing:
                parts.append(f"missing: {format_cards(missing)}")
            if extra:
                parts.append(f"not allowed or too many: {format_cards(extra)}")
            raise SetupError("; ".join(parts))
        return order


@functools.lru_cache(maxsize=64)
def _cards_in_play(decks: int, removed: frozenset[Rank]) -> tuple[Card, ...]:
    one = tuple(card for card in ALL_CARDS if card.rank not in removed)
    return one * decks


STANDARD_DECK = DeckSpec()
"""One standard 52-card deck."""
