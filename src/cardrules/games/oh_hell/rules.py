"""Oh Hell's rules and options: :class:`OhHell` and :meth:`OhHell.openspiel`, the preset
that plays OpenSpiel's ``oh_hell`` exactly. Its :class:`Bid` move is in
:mod:`~cardrules.games.oh_hell.moves` (and importable from here too).

A game is a run of deals whose hand sizes follow a pattern (by default Pagat's: from
the largest hand down to one card each, then back up). In each deal the card after the
hands is turned up for trumps; from the dealer's left each player bids how many
tricks they will take, and the dealer may not make the bids add up to the tricks (the
hook). The dealer's left leads; players follow suit if they can; the highest trump
wins, else the highest card of the suit led. Taking exactly the tricks bid scores 10
plus the bid, missing scores nothing; the highest total after the last deal wins.
Every one of these rules is an option (see ``docs/rules/oh_hell.md``).

The deck is the ``suits`` suits (clubs, diamonds, spades, hearts, in OpenSpiel's order)
of ``ranks`` ranks each, from the two up: the 52 cards by default. The move ids number
the cards ``rank * suits + suit`` in that suit order and the bids after the cards, as
OpenSpiel numbers its actions (``game.move_id(move)`` is OpenSpiel's action id under
the preset).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, cast

import attrs

from cardrules.cards import Card, Rank, Suit
from cardrules.errors import RulesError
from cardrules.events import Event
from cardrules.games._openspiel import openspiel_parameters
from cardrules.games.oh_hell.moves import BIDS, Bid
from cardrules.games.oh_hell.parsing import read_oh_hell_move
from cardrules.games.oh_hell.scoring import deal_scores
from cardrules.moves import Play
from cardrules.options import flag, integer, one_of
from cardrules.rng import randbelow
from cardrules.tricks.bids import check_bids
from cardrules.tricks.engine import TrickGame, TrickState, TrickView

__all__ = [
    "HAND_SIZES",
    "OPENSPIEL_SUITS",
    "PAGAT_LARGEST_HAND",
    "SCORING",
    "TRUMPS",
    "TRUMP_ROTATION",
    "Bid",
    "OhHell",
]

#: OpenSpiel's suits, in the order it numbers them (a deck of fewer suits takes the first).
OPENSPIEL_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)

#: The patterns of hand sizes a game may follow (see :attr:`OhHell.hand_sizes`).
HAND_SIZES = ("down_up", "up_down", "down", "up", "same", "random")

#: How each deal's trumps are chosen (see :attr:`OhHell.trumps`).
TRUMPS = ("turned_up", "none", "rotation")

#: How a deal is scored (see :attr:`OhHell.scoring` and :mod:`~cardrules.games.oh_hell.scoring`).
SCORING = ("exact", "tricks", "penalty")

#: The trumps of ``trumps="rotation"``, deal after deal (``None``: no trumps), then again.
TRUMP_ROTATION = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES, None)

#: Pagat's largest hand for 3 to 7 players: 10 cards each for 3 to 5, 8 for 6, 7 for 7.
PAGAT_LARGEST_HAND = MappingProxyType({3: 10, 4: 10, 5: 10, 6: 8, 7: 7})


#: The bids of 0 to ``n`` tricks, for each ``n``: a player's choices, made once.
_BIDS_UP_TO = tuple(BIDS[: n + 1] for n in range(52))


@functools.cache
def _bids_but(tricks: int, barred: int) -> tuple[Bid, ...]:
    """The bids of 0 to ``tricks`` but ``barred``: the hooked dealer's choices."""
    return tuple(bid for bid in _BIDS_UP_TO[tricks] if bid.tricks != barred)


@functools.cache
def _card_ids(suits: int, ranks: int) -> tuple[Card, ...]:
    return tuple(
        Card(Rank(rank + 2), suit) for rank in range(ranks) for suit in OPENSPIEL_SUITS[:suits]
    )


@functools.cache
def _deck(suits: int, ranks: int) -> tuple[Card, ...]:
    return tuple(sorted(_card_ids(suits, ranks)))


def _pattern(hand_sizes: str, largest: int) -> tuple[int, ...]:
    """The hand sizes of one pass of the pattern ``hand_sizes`` (``same`` and
    ``random``: one deal, ``random``'s size drawn when it is dealt)."""
    down = tuple(range(largest, 0, -1))
    up = down[::-1]
    patterns = {
        "down_up": down + up[1:],
        "up_down": up + down[1:],
        "down": down,
        "up": up,
    }
    return patterns.get(hand_sizes, (largest,))


@attrs.frozen(kw_only=True)
class OhHell(TrickGame[TrickState, TrickView]):
    """Oh Hell as people play it (Pagat's rules), with the options of its variants.

    >>> import cardrules as cr
    >>> game = cr.OhHell()
    >>> game.players, game.deal_sizes()[:4], len(game.deal_sizes())
    (4, (10, 9, 8, 7), 19)
    >>> state = game.new_game(seed=1)
    >>> state.phase, state.hand_size, [str(move) for move in game.legal_moves(state)][:3]
    ('bid', 10, ['bid 0', 'bid 1', 'bid 2'])

    OpenSpiel's game is :meth:`openspiel`.
    """

    name: ClassVar[str] = "oh_hell"
    higher_scores_win: ClassVar[bool] = True
    trick_points_are_tricks: ClassVar[bool] = True  # (a trick counts 1 against the bids)

    OPENSPIEL_PARAMETERS: ClassVar[Mapping[str, Any]] = MappingProxyType(
        {
            "players": 3,
            "num_suits": 4,
            "num_cards_per_suit": 13,
            "num_tricks_fixed": -1,
            "off_bid_penalty": False,
            "points_per_trick": 1,
        }
    )
    """OpenSpiel's ``oh_hell`` parameters and their defaults (what :meth:`openspiel` takes)."""

    players: int = attrs.field(default=4, validator=integer(3, 7))
    """The players, 3 to 7."""
    suits: int = attrs.field(default=4, validator=integer(1, 4))
    """The suits of the deck: the first of clubs, diamonds, spades, hearts."""
    ranks: int = attrs.field(default=13, validator=integer(2, 13))
    """The ranks of each suit, from the two up (13: two to ace)."""
    hand_sizes: str = attrs.field(default="down_up", validator=one_of(*HAND_SIZES))
    """The cards each, deal after deal: ``"down_up"`` (from :attr:`largest_hand` down to
    one, then back up), ``"up_down"``, ``"down"``, ``"up"``, ``"same"``
    (:attr:`largest_hand` every deal) or ``"random"`` (drawn from 1 to
    :attr:`largest_hand` for each deal, every size equally likely); see
    :meth:`largest_deal`."""
    largest_hand: int | None = attrs.field(default=None, validator=integer(1, 52, or_none=True))
    """The cards each in the largest deal, at most the deck's cards shared out (one left
    to turn up for trumps if :attr:`trumps` turns one up); ``None`` for Pagat's: 10 for
    3 to 5 players, 8 for 6, 7 for 7, or as many as the deck allows if that is fewer
    (:meth:`largest_deal` says how many)."""
    deals: int | None = attrs.field(default=None, validator=integer(1, or_none=True))
    """The deals of a game: ``None`` for one pass of :attr:`hand_sizes`' pattern (one deal
    for ``"same"`` and ``"random"``), else that many, the pattern repeated or cut short."""
    trumps: str = attrs.field(default="turned_up", validator=one_of(*TRUMPS))
    """How each deal's trumps are chosen: ``"turned_up"`` (the suit of the card after the
    hands, shown to all), ``"none"`` (no trumps) or ``"rotation"`` (hearts, diamonds,
    clubs, spades, no trumps, deal after deal; suits the deck lacks are skipped)."""
    hook: bool = attrs.field(default=True, validator=flag)
    """The dealer, bidding last, may not make the bids add up to the tricks."""
    scoring: str = attrs.field(default="exact", validator=one_of(*SCORING))
    """How a deal scores (:func:`~cardrules.games.oh_hell.scoring.deal_scores`):
    ``"exact"`` (a bid made scores :attr:`bonus` plus :attr:`per_trick` a trick, a bid
    missed nothing), ``"tricks"`` (every trick scores :attr:`per_trick`, a bid made
    :attr:`bonus` more) or ``"penalty"`` (as ``"exact"``, but a bid missed loses
    :attr:`per_trick` for each trick over or under it)."""
    per_trick: int = attrs.field(default=1, validator=integer())
    """Points for each trick taken (see :attr:`scoring`)."""
    bonus: int = attrs.field(default=10, validator=integer())
    """Points for taking exactly the tricks bid (see :attr:`scoring`)."""

    turns_up: bool = attrs.field(init=False, repr=False)
    """Whether the card after the hands is turned up (``trumps="turned_up"``)."""
    _largest: int = attrs.field(init=False, repr=False, eq=False)
    _sizes: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    _deal_count: int = attrs.field(init=False, repr=False, eq=False)
    _rotation: tuple[int | None, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        turns_up = self.trumps == "turned_up"
        cards = self.suits * self.ranks
        if self.players > cards - turns_up:
            spare = " with one left to turn up" if turns_up else ""
            raise RulesError(
                f"OhHell: {cards} cards ({self.suits} suits of {self.ranks}) are too few to "
                f"deal {self.players} players a card each{spare}"
            )
        most = (cards - turns_up) // self.players
        largest = self.largest_hand
        if largest is None:
            largest = min(PAGAT_LARGEST_HAND[self.players], most)
        elif largest > most:
            spare = ", one left to turn up" if turns_up else ""
            raise RulesError(
                f"OhHell: largest_hand must be an int from 1 to {most} ({cards} cards shared "
                f"by {self.players} players{spare}), not {self.largest_hand}"
            )
        sizes = _pattern(self.hand_sizes, largest)
        in_deck = OPENSPIEL_SUITS[: self.suits]
        rotation = tuple(int(suit) if suit is not None else None for suit in TRUMP_ROTATION)
        rotation = tuple(suit for suit in rotation if suit is None or Suit(suit) in in_deck)
        object.__setattr__(self, "turns_up", turns_up)
        object.__setattr__(self, "_largest", largest)
        object.__setattr__(self, "_sizes", sizes)
        object.__setattr__(self, "_deal_count", self.deals or len(sizes))
        object.__setattr__(self, "_rotation", rotation)

    @classmethod
    def openspiel(cls, **params: Any) -> OhHell:
        """OpenSpiel's ``oh_hell`` with its parameters (names and defaults in
        :attr:`OPENSPIEL_PARAMETERS`): one deal, its dealer drawn and its number of
        tricks drawn from 1 to the most the deck allows (or ``num_tricks_fixed``), the
        next card turned up for trumps, the hook; ``points_per_trick`` a trick and 10
        for a bid made, or with ``off_bid_penalty`` ``-points_per_trick`` a trick over
        or under a bid missed. Its move ids are OpenSpiel's action ids.

        >>> import cardrules as cr
        >>> game = cr.OhHell.openspiel(players=4, num_tricks_fixed=5)
        >>> game.players, game.hand_sizes, game.largest_hand, game.deals, game.scoring
        (4, 'same', 5, None, 'tricks')
        >>> cr.OhHell.openspiel(num_tricks_fixed=18)
        Traceback (most recent call last):
            ...
        cardrules.errors.RulesError: OpenSpiel's oh_hell parameter num_tricks_fixed must be ...
        """
        values = openspiel_parameters("oh_hell", params, cls.OPENSPIEL_PARAMETERS)
        players, suits = values["players"], values["num_suits"]
        ranks, fixed = values["num_cards_per_suit"], values["num_tricks_fixed"]
        for parameter, value, low, high in (
            ("players", players, 3, 7),
            ("num_suits", suits, 1, 4),
            ("num_cards_per_suit", ranks, 2, 13),
        ):
            if not low <= value <= high:
                raise RulesError(
                    f"OpenSpiel's oh_hell parameter {parameter} must be {low} to {high}, "
                    f"not {value}"
                )
        most = (suits * ranks - 1) // players
        if most < 1:
            raise RulesError(
                f"OpenSpiel's oh_hell needs a card for each of its {players} players and one "
                f"to turn up: {suits} suits of {ranks} cards are too few"
            )
        if fixed != -1 and not 1 <= fixed <= most:
            raise RulesError(
                "OpenSpiel's oh_hell parameter num_tricks_fixed must be -1 (drawn) or 1 to "
                f"{most}, not {fixed}"
            )
        return cls(
            players=players,
            suits=suits,
            ranks=ranks,
            hand_sizes="random" if fixed == -1 else "same",
            largest_hand=most if fixed == -1 else fixed,
            deals=None,
            trumps="turned_up",
            hook=True,
            scoring="penalty" if values["off_bid_penalty"] else "tricks",
            per_trick=values["points_per_trick"],
            bonus=10,
        )

    # -- the deck and the deals --------------------------------------------------------

    def max_tricks(self) -> int:
        """The most tricks a deal of this deck could have: its cards shared out, one
        left to turn up if :attr:`trumps` turns one up (the highest bid a move id
        names)."""
        return (self.suits * self.ranks - self.turns_up) // self.players

    def card_ids(self) -> tuple[Card, ...]:
        """The deck's cards in OpenSpiel's numbering (card ``i`` is move id ``i``)."""
        return _card_ids(self.suits, self.ranks)

    def deck(self) -> tuple[Card, ...]:
        """The cards of :attr:`suits` suits, :attr:`ranks` ranks each from the two."""
        return _deck(self.suits, self.ranks)

    def largest_deal(self) -> int:
        """The cards each in the largest deal: :attr:`largest_hand`, or Pagat's for the
        players when that is ``None``.

        >>> import cardrules as cr
        >>> cr.OhHell().largest_deal(), cr.OhHell(players=6).largest_deal()
        (10, 8)
        >>> cr.OhHell(players=5, suits=2, ranks=6).largest_deal()  # 12 cards
        2
        """
        return self._largest

    def deal_sizes(self) -> tuple[int, ...]:
        """The cards each in every deal of a game, in order (``"random"``: each deal's
        largest possible size, as the size is drawn when it is dealt).

        >>> import cardrules as cr
        >>> cr.OhHell(players=7).deal_sizes()
        (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)
        >>> cr.OhHell(hand_sizes="up", largest_hand=3, deals=5).deal_sizes()
        (1, 2, 3, 1, 2)
        """
        sizes = self._sizes
        return tuple(sizes[number % len(sizes)] for number in range(self._deal_count))

    def hand_size(self, number: int, rng: int) -> tuple[int, int]:
        """The cards each in deal ``number``: its place in the pattern, or drawn from 1
        to :attr:`largest_hand` (``"random"``)."""
        if self.hand_sizes == "random":
            drawn, rng = randbelow(rng, self._largest)
            return drawn + 1, rng
        sizes = self._sizes
        return sizes[(number - 1) % len(sizes)], rng

    def first_dealer(self, rng: int) -> tuple[int, int]:
        """The first dealer is drawn, every seat equally likely (the deal then passes
        to the left)."""
        return randbelow(rng, self.players)

    def trump_of(self, state: Any) -> int | None:
        """The suit of the card turned up, none, or the rotation's suit for the deal."""
        if self.turns_up:
            return int(state.turned_up.suit)
        if self.trumps == "none":
            return None
        rotation = self._rotation
        number: int = state.round_number
        return rotation[(number - 1) % len(rotation)]

    # -- the bidding ------------------------------------------------------------------

    def start_of_deal(self, state: TrickState, events: list[Event] | None) -> TrickState:
        """The bids come first, from the dealer's left."""
        bids = (None,) * self.players
        return self.enter_phase(
            state, "bid", to_move=(state.dealer + 1) % self.players, payload=bids
        )

    def read_move(self, text: str, view: TrickView) -> Any:
        """The move ``text`` names: a bid (``2``, ``bid 2``) or a card
        (:mod:`cardrules.games.oh_hell.parsing`)."""
        return read_oh_hell_move(text, view)

    def phase_moves(self, state: TrickState) -> tuple[Bid, ...]:
        """Any bid of 0 to the tricks, but with the hook the dealer's may not make the
        total the tricks."""
        seat = cast(int, state.to_move)
        tricks = state.hand_mask(seat).bit_count()  # (no card is played in the bidding)
        if not self.hook or seat != state.dealer:
            return _BIDS_UP_TO[tricks]
        bids = state.payload
        barred = tricks - sum(bids[:seat]) - sum(bids[seat + 1 :])
        if barred < 0:  # the others have bid more than the tricks: any bid will do
            return _BIDS_UP_TO[tricks]
        return _bids_but(tricks, barred)

    def check_payload(self, state: TrickState) -> None:
        """A position's payload is the bids made so far (see :func:`check_bids`)."""
        check_bids(state, self.players, "Oh Hell")

    def phase_apply(self, state: TrickState, move: Bid, events: list[Event] | None) -> TrickState:
        """Record the bid; after the dealer's, the play begins."""
        seat = cast(int, state.to_move)  # a seat makes every phase move
        payload = state.payload
        bids = (*payload[:seat], move.tricks, *payload[seat + 1 :])
        if seat == state.dealer:
            return self.begin_play(state, payload=bids)
        return self.enter_phase(state, "bid", to_move=(seat + 1) % self.players, payload=bids)

    # -- scores and the end -------------------------------------------------------------

    def trick_points(self, number: int, cards: tuple[Card, ...]) -> int:
        """A trick counts one: a deal's trick points are the tricks each seat took."""
        return 1

    def score_deal(self, state: TrickState, round_scores: tuple[int, ...]) -> tuple[int, ...]:
        """The deal's scores from the bids and the tricks taken (:attr:`scoring`)."""
        return deal_scores(self.scoring, state.payload, round_scores, self.per_trick, self.bonus)

    def game_winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """The highest total wins; a tie shares the win."""
        best = max(scores)
        return tuple([seat for seat, score in enumerate(scores) if score == best])

    def winners_after_deal(self, number: int, scores: tuple[int, ...]) -> tuple[int, ...]:
        """Nobody until the last deal (:meth:`deal_sizes`); then :meth:`game_winners`."""
        if number < self._deal_count:
            return ()
        return self.game_winners(scores)

    def length_bound(self) -> int:
        """A bid and a card a trick for every player in every deal."""
        return self.players * sum(size + 1 for size in self.deal_sizes())

    def all_moves(self) -> tuple[Any, ...]:
        """The cards, then the bids 0 to :meth:`max_tricks`: OpenSpiel's action ids."""
        return (*(Play(card) for card in self.card_ids()), *BIDS[: self.max_tricks() + 1])

    def heuristic(self, view: TrickView, moves: Any) -> Any:
        """The rule-of-thumb move (:func:`~cardrules.games.oh_hell.heuristic.oh_hell_heuristic`)."""
        from cardrules.games.oh_hell.heuristic import oh_hell_heuristic

        return oh_hell_heuristic(self, view, moves)
