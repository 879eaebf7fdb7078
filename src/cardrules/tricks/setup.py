"""Starting a trick-taking game: the first deal from a seed, a stacked deck or chosen
hands (behind ``new_game`` and ``start``), and positions in the middle of a deal for
analysis, puzzles and tests (:meth:`TrickSetup.position`).

:class:`TrickSetup` is a part of :class:`~cardrules.tricks.engine.TrickGame`, which
inherits it; the options and hooks it reads (``players``, ``deal_packets``,
``trick_points``, ``state_class``) are the engine's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules._checks import check_int
from cardrules._text import shown
from cardrules.cards import (
    CARD_BIT,
    SUIT_MASK,
    SUIT_OF_INDEX,
    Card,
    Suit,
    cards_of_mask,
    format_cards,
    mask_of,
    parse_cards,
)
from cardrules.deck import STANDARD_DECK, deal_masks, positions_of
from cardrules.errors import SetupError
from cardrules.events import Event
from cardrules.game import check_scores
from cardrules.rng import resolve_seed, seed_state, shuffled_positions
from cardrules.seats import is_seat
from cardrules.tricks.core import Trick, trick_winner
from cardrules.tricks.state import _Deal, tricks_as_records

__all__ = ["TrickSetup"]


class TrickSetup:
    """How a trick-taking game starts (see the module documentation)."""

    __slots__ = ()

    def setup_state(
        self: Any,
        seed: int | None,
        events: list[Event] | None,
        *,
        dealer: int = 0,
        deck: Sequence[Card | str] | None = None,
        hands: Sequence[Sequence[Card | str]] | None = None,
        scores: Sequence[int] | None = None,
        round_number: int = 1,
    ) -> Any:
        rng = seed_state(resolve_seed(seed))
        players = self.players
        if not is_seat(dealer, players):
            raise SetupError(f"dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}")
        totals = check_scores(scores, players)
        round_number = _check_round_number(round_number)
        if deck is not None and hands is not None:
            raise SetupError("give a stacked deck or explicit hands, not both")
        if hands is not None:
            dealt = self._check_hands(hands)
        else:
            if deck is None:
                positions, rng = shuffled_positions(52, rng)
            else:
                positions = positions_of(STANDARD_DECK.check_order(deck))
            dealt = deal_masks(positions, dealer, players, self.deal_packets())
        return self._start_deal(round_number, dealer, dealt, totals, rng, events)

    def position(
        self: Any,
        hands: Sequence[Sequence[Card | str]],
        *,
        leader: int,
        trick: Sequence[Card | str] = (),
        tricks: Sequence[Trick] = (),
        dealer: int = 0,
        round_number: int = 1,
        round_scores: Sequence[int] | None = None,
        scores: Sequence[int] | None = None,
        seed: int | None = None,
    ) -> Any:
        """A position in the middle of a deal, for analysis, puzzles and tests: the cards
        each seat holds, the ``trick`` being played (its cards, led by ``leader``) and
        the completed ``tricks``, with the round's points so far (by default, what
        those tricks scored) and the totals before it. The hands need not hold the
        whole deck (an endgame with three cards each is fine): the deal ends when they
        are played out. ``seed`` deals the later rounds.

        The tricks must be ones these rules could have played: each complete, won by
        the seat the rules say, led by the winner of the trick before (and the trick in
        progress by the winner of the last), and no seat may have played another suit
        than the one led while it held a card of it (in its hand now, or played later).

        Raises :class:`~cardrules.SetupError` for a card held or played twice, hand
        sizes that do not fit the trick in progress, or tricks no play could give.

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> state = game.position(["AS 3H", "2D", "QS 2C", "2H 4H"], leader=1, trick="KS")
        >>> state.to_move, [str(move) for move in game.legal_moves(state)]
        (2, ['Q♠'])
        """
        players = self.players
        if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != players:
            raise SetupError(f"hands must be {players} sequences of cards, one per seat")
        held = [tuple(sorted(parse_cards(hand))) for hand in hands]
        if not is_seat(leader, players):
            raise SetupError(f"leader must be a seat from 0 to {players - 1}, not {shown(leader)}")
        if not is_seat(dealer, players):
            raise SetupError(f"dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}")
        round_number = _check_round_number(round_number)
        current = parse_cards(trick)
        if len(current) >= players:
            raise SetupError(f"a trick in progress has fewer than {players} cards")
        if isinstance(tricks, str) or not isinstance(tricks, Sequence):
            raise SetupError(f"tricks must be a sequence of Trick values, not {shown(tricks)}")
        if not all(isinstance(done, Trick) for done in tricks):
            raise SetupError("tricks must be Trick values (cardrules.tricks.core.Trick)")
        self._check_tricks(tricks, leader)
        played: list[list[Card]] = [[] for _ in range(players)]
        for done in (*tricks, Trick(leader, current)):
            for seat, card in done.plays(players):
                played[seat].append(card)
        every = [card for hand in held for card in hand] + [c for p in played for c in p]
        if len(set(every)) != len(every):
            twice = sorted({card for card in every if every.count(card) > 1})
            raise SetupError(f"cards held or played twice: {format_cards(twice)}")
        in_trick = {(leader + i) % players for i in range(len(current))}
        before = {len(hand) + (seat in in_trick) for seat, hand in enumerate(held)}
        if len(before) != 1:
            raise SetupError(
                "the hands must be of one size, less one card for each seat that has "
                f"played to the trick in progress; sizes {[len(hand) for hand in held]}"
            )
        dealt = tuple(
            sum(CARD_BIT[card] for card in (*held[seat], *played[seat])) for seat in range(players)
        )
        left = sum(CARD_BIT[card] for hand in held for card in hand)
        rng = seed_state(resolve_seed(seed))
        deal = _Deal(self, round_number, dealer, dealt, check_scores(scores, players), rng)
        _check_voids(held, (*tricks, Trick(leader, current)), players)
        records = tricks_as_records(tricks, players)
        if round_scores is None:  # what the tricks given have scored
            earned = [0] * players
            for number, (_, cards, winner) in enumerate(records, start=1):
                earned[winner] += self.trick_points(number, cards)
            points = tuple(earned)
        else:
            points = check_scores(round_scores, players)
        return self.state_class(deal, left, leader, current, records, points)

    def _check_tricks(self: Any, tricks: Sequence[Trick], leader: int) -> None:
        """Refuse completed tricks that these rules could not have played: each led by
        a seat, complete, won by the seat the rules say, and led by the winner of the
        one before; the trick in progress led by the winner of the last."""
        players: int = self.players
        winner = None
        for number, done in enumerate(tricks, start=1):
            if not is_seat(done.leader, players) or not all(
                isinstance(card, Card) for card in done.cards
            ):
                raise SetupError(
                    f"trick {number} must be led by a seat from 0 to {players - 1} and hold "
                    f"cards, not {shown(done)}"
                )
            if len(done.cards) != players:
                raise SetupError(f"trick {number} ({done}) must be complete ({players} cards)")
            if winner is not None and done.leader != winner:
                raise SetupError(
                    f"trick {number} ({done}) must be led by seat {winner}, who won trick "
                    f"{number - 1}, not by seat {shown(done.leader)}"
                )
            winner = trick_winner(done.cards, done.leader, players, self.trump)
            if done.winner != winner:
                rule = "the highest trump, or else " if self.trump is not None else ""
                raise SetupError(
                    f"trick {number} ({done}) is won by seat {winner} ({rule}the highest card "
                    f"of the suit led), not by {shown(done.winner)}"
                )
        if winner is not None and leader != winner:
            raise SetupError(
                f"the trick in progress must be led by seat {winner}, who won trick "
                f"{len(tricks)}, not by seat {leader}"
            )

    def _check_hands(self: Any, hands: Sequence[Sequence[Card | str]]) -> tuple[int, ...]:
        players = self.players
        each = 52 // players
        if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != players:
            raise SetupError(f"hands must be {players} sequences of {each} cards, one per seat")
        masks = []
        for seat, hand in enumerate(hands):
            if isinstance(hand, str) or not isinstance(hand, Sequence):
                raise SetupError(f"the hand of seat {seat} must be a sequence of cards")
            if len(hand) != each:
                raise SetupError(f"every hand must hold {each} cards; seat {seat} has {len(hand)}")
            masks.append(sum(CARD_BIT[card] for card in parse_cards(hand)))
        STANDARD_DECK.check_order([c for hand in hands for c in parse_cards(hand)])
        return tuple(masks)


def _check_round_number(round_number: object) -> int:
    """``round_number`` if it is an int from 1 up; else a :class:`~cardrules.SetupError`."""
    note = " (the round the game starts at; 1 by default)"
    return check_int(round_number, "round_number", 1, note=note)


def _check_voids(held: Sequence[tuple[Card, ...]], tricks: Sequence[Trick], players: int) -> None:
    """Refuse a seat that did not follow the suit led (in a completed trick or the trick
    in progress) while it held a card of that suit: in its hand now, or played later."""
    later = [mask_of(hand) for hand in held]  # each seat's cards after the trick looked at
    for number in range(len(tricks), 0, -1):
        done = tricks[number - 1]
        if not done.cards:
            continue
        led = SUIT_OF_INDEX[done.cards[0]]
        for seat, card in done.plays(players):
            if SUIT_OF_INDEX[card] != led and later[seat] & SUIT_MASK[led]:
                suit = Suit(led)
                kept = format_cards(cards_of_mask(later[seat] & SUIT_MASK[led]))
                where = f"trick {number}" if number < len(tricks) else "the trick in progress"
                raise SetupError(
                    f"seat {seat} played {card} to {where} ({done}) while it held {kept}: a "
                    f"seat must follow the suit led ({suit.symbol}) when it can"
                )
        for seat, card in done.plays(players):
            later[seat] |= CARD_BIT[card]
