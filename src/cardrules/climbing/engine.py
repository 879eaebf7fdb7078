"""The engine of climbing games: games in which a move plays a set of cards that must
beat the play on the table, or passes, and the players who empty their hands leave the
deal in finishing order (President and its relatives).

A game is a subclass that sets its options, and where it differs from the defaults:

- the deck (:meth:`ClimbingGame.deck`, or a declared deck with jokers:
  :meth:`ClimbingGame.card_deck`), how strong each card is
  (:meth:`ClimbingGame.card_strength`: its rank by default, 2 low and ace high);
- what a play is and what beats what (:meth:`ClimbingGame.combination`,
  :meth:`ClimbingGame.beats`; sets of one rank of up to ``largest_set`` cards by
  default, beaten by a set of as many cards of a stronger rank), plays of the game's
  own (:meth:`ClimbingGame.extra_plays`, :meth:`ClimbingGame.extra_moves`: runs,
  bombs), and the plays that reverse the rank order for the rest of the deal
  (:meth:`ClimbingGame.reverses`: a revolution);
- whether a seat that passes sits out until the lead returns (``pass_sits_out``);
- the exchanges before a deal's play (:meth:`ClimbingGame.exchanges`, from the
  finishing order of the deal before), the first dealer and leader, who deals next;
- when a deal ends (:meth:`ClimbingGame.deal_over`: when one player is left, by
  default), what each finishing place scores (:meth:`ClimbingGame.deal_scores`) and
  when the game is over (:meth:`ClimbingGame.game_winners`).

The flow is the engine's: the player to move leads any play, or beats the table or
passes; when every other player still in has passed on the last play, its player leads
anew (:class:`~cardrules.climbing.events.LeadReturned`; the next player still in, if
that one is out of cards); a player out of cards leaves the deal
(:class:`~cardrules.climbing.events.PlayerFinished`). Views, determinization, move ids,
records and explicit chance come with it.

>>> import attrs
>>> from typing import ClassVar
>>> @attrs.frozen
... class Climb(ClimbingGame):
...     name: ClassVar[str] = ""   # (not registered)
...     players: ClassVar[int] = 3
>>> game = Climb()
>>> state = game.position(["3C 3H 9S", "4D 4S", "KC"], to_move=0, table="2C 2D", table_seat=2)
>>> [str(move) for move in game.legal_moves(state)]
['pass', 'play 3♣ 3♥']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from cardrules._text import shown
from cardrules.cards import ALL_CARDS, Card, format_cards
from cardrules.climbing.core import SET, Combination, bits_of, cards_in, rank_cards, suit_subsets
from cardrules.climbing.events import CardsPlayed, LeadReturned, PlayerFinished, RanksReversed
from cardrules.climbing.moves import GiveCard, PlayCards
from cardrules.climbing.parsing import read_climbing_move
from cardrules.climbing.setup import deal_hands, determinized, position_state, setup_state
from cardrules.climbing.state import ClimbState, ClimbView, Swap
from cardrules.decks import Deck
from cardrules.errors import IllegalMoveError, RulesError, SeatError, SetupError
from cardrules.events import CardsPassed, Event, GameOver, HandDealt, HandScored, MovePlayed
from cardrules.game import Game
from cardrules.moves import Pass
from cardrules.seats import is_seat
from cardrules.values import with_slots

__all__ = ["ClimbingGame"]

_PASS = Pass()


class ClimbingGame(Game[ClimbState, Any, ClimbView]):
    """Base class of climbing games: see the module documentation. A subclass is a
    frozen attrs class whose fields are its options, and sets :attr:`name` and
    ``players``."""

    __slots__ = ()

    state_class: ClassVar[type[ClimbState]] = ClimbState
    view_class: ClassVar[type[ClimbView]] = ClimbView
    deal_word: ClassVar[str] = "deal"

    largest_set: ClassVar[int] = 4
    """The most cards of one rank a play of the default kind holds."""

    pass_sits_out: bool = False
    """Whether a seat that passes may not play again until the lead returns (else it
    may play on its next turn if the others go on playing). A game may make it an
    option (a field of the same name)."""

    # -- the game's hooks --------------------------------------------------------------

    def card_deck(self) -> Deck | None:
        """The declared deck the game is dealt from (:mod:`cardrules.decks`), when it is
        not the French 52 (``None``, the default): the French deck with jokers, say.
        Its copies of a card are the same card in everything a seat sees or sends; a
        card that is no :class:`~cardrules.cards.Card` (a joker) is in no set of one
        rank, and plays only as the game's own plays (:meth:`extra_plays`)."""
        return None

    def deck(self) -> tuple[Any, ...]:
        """The cards dealt: the 52 by default, or every card of :meth:`card_deck`."""
        declared = self.card_deck()
        return ALL_CARDS if declared is None else declared.cards

    def cards_of_mask(self, mask: int) -> tuple[Any, ...]:
        """The cards of a card mask of this game's states (a bit a card of the 52, or a
        bit a copy of a card of :meth:`card_deck`), sorted by card number."""
        return cards_in(_tables(self).deck, mask)

    def bits_of(self, cards: Sequence[Any], among: int) -> int | None:
        """The bits of ``cards`` in the card mask ``among`` (for each card the lowest
        copy of it there), or ``None`` if ``among`` does not hold them all."""
        return bits_of(_tables(self).deck, cards, among)

    def card_strength(self, card: Card) -> int:
        """How strong ``card`` is in the normal rank order (higher beats lower): its
        rank by default (2 low, ace high)."""
        return int(card.rank)

    def combination(self, cards: tuple[Card, ...]) -> Combination | None:
        """What the play of ``cards`` is, or ``None`` if it is none this game allows:
        by default a set of one rank of up to :attr:`largest_set` cards, as strong as
        its strongest card (:meth:`card_strength`)."""
        rank = cards[0].rank
        if len(cards) > self.largest_set or any(card.rank != rank for card in cards):
            return None
        return Combination(SET, len(cards), max(map(self.card_strength, cards)))

    def beats(self, new: Combination, old: Combination, state: ClimbState) -> bool:
        """Whether a play ``new`` beats ``old``, the play on the table in ``state``: by
        default one of the same kind and size that is stronger (weaker while the rank
        order is reversed, :attr:`ClimbState.reversed`)."""
        if new.kind != old.kind or new.size != old.size:
            return False
        if state.reversed:
            return new.strength < old.strength
        return new.strength > old.strength

    def beat_rule(self) -> str:
        """What beats a play, in words, for the refusals of a play that does not."""
        return "a play beats the table with as many cards of a stronger rank"

    def extra_plays(self, hand: int) -> Iterable[tuple[Card, ...]]:
        """The plays of the game's own kinds the hand ``hand`` (a card mask) can make,
        beside the sets of one rank (runs, bombs); each must be one of
        :meth:`extra_moves`' cards. None by default."""
        return ()

    def extra_moves(self) -> tuple[PlayCards, ...]:
        """Every play of the game's own kinds (:meth:`extra_plays`), for move ids: they
        follow the sets' ids. None by default."""
        return ()

    def reverses(self, combination: Combination) -> bool:
        """Whether playing ``combination`` reverses the rank order for the rest of the
        deal (a revolution; a second one turns it back). Never, by default."""
        return False

    def exchanges(self, places: tuple[int, ...]) -> tuple[Swap, ...]:
        """The exchanges before a deal's play, from the finishing order of the deal
        before (``places``, first out first): each a :class:`~cardrules.climbing.state.Swap`
        without cards. Those with ``best`` are made as the deal is dealt (the giver's
        strongest cards); the others are chosen by their givers, in the order given.
        None by default."""
        return ()

    def first_dealer(self, rng: int) -> tuple[int, int]:
        """The first deal's dealer when the game is started without one, and the
        generator after: seat 0 by default."""
        return 0, rng

    def next_dealer(self, dealer: int, places: tuple[int, ...]) -> int:
        """Who deals after ``dealer``, given the deal's finishing order: the next seat."""
        return (dealer + 1) % self.players

    def first_leader(
        self, dealer: int, hands: tuple[int, ...], last_places: tuple[int, ...]
    ) -> int:
        """Who leads a deal's first play, from the hands (card masks, after any
        exchange) and the finishing order of the deal before (empty in the first): the
        seat after the dealer by default."""
        return (dealer + 1) % self.players

    def deal_over(self, state: ClimbState) -> bool:
        """Whether the deal ends in ``state``, asked after each play: when at most one
        player is left with cards, by default."""
        return len(state.in_play) <= 1

    def deal_scores(self, places: tuple[int, ...]) -> tuple[int, ...]:
        """Each seat's score for a deal with the finishing order ``places`` (every
        seat, first out first; those left with cards by how many they hold): by default
        ``players - 1`` for the first out, one less for each place after."""
        scores = [0] * self.players
        for place, seat in enumerate(places):
            scores[seat] = self.players - 1 - place
        return tuple(scores)

    def game_winners(self, scores: tuple[int, ...], deal_number: int) -> tuple[int, ...]:
        """The winners once deal ``deal_number`` is scored (``scores``: the totals), or
        ``()`` to deal again: by default the game is one deal, won by the best score."""
        best = max(scores) if self.higher_scores_win else min(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    # -- starting a game -------------------------------------------------------------

    if TYPE_CHECKING:
        setup_state: Callable[..., ClimbState]
    else:

        def setup_state(
            self,
            seed: int | None,
            events: list[Event] | None,
            *,
            dealer: int | None = None,
            deck: Sequence[Card | str] | None = None,
            hands: Sequence[Sequence[Card | str]] | None = None,
            scores: Sequence[int] | None = None,
            deal_number: int = 1,
            last_places: Sequence[int] = (),
        ) -> ClimbState:
            """The first deal: from the seed, a stacked ``deck`` (top first, dealt one
            card at a time from the dealer's left) or chosen ``hands``; ``scores``,
            ``deal_number`` and the finishing order of the deal before (``last_places``,
            every seat once: the deal starts with its exchanges) start the game later
            on."""
            state: ClimbState = setup_state(
                self, seed, events, dealer, deck, hands, scores, deal_number, last_places
            )
            return state

    def position(
        self,
        hands: Sequence[Sequence[Card | str] | str],
        *,
        to_move: int,
        table: Sequence[Card | str] | str = (),
        table_seat: int | None = None,
        passed: Sequence[int] = (),
        finished: Sequence[int] = (),
        reversed_order: bool = False,
        played: Sequence[Card | str] | str = (),
        dealer: int = 0,
        deal_number: int = 1,
        scores: Sequence[int] | None = None,
        last_places: Sequence[int] = (),
        seed: int | None = None,
    ) -> ClimbState:
        """A position in the middle of a deal's play (no exchange pending): the
        ``hands``, the seat ``to_move``, the play on the ``table`` and who made it, the
        seats that ``passed`` on it, those out of cards in ``finished`` order (with
        empty hands), whether the rank order is reversed, the cards ``played`` before
        (the table's are added). Raises :class:`~cardrules.SetupError` for a position
        these rules could not reach."""
        state: ClimbState = position_state(
            self,
            hands,
            to_move=to_move,
            table=table,
            table_seat=table_seat,
            passed=passed,
            finished=finished,
            reversed_order=reversed_order,
            played=played,
            dealer=dealer,
            deal_number=deal_number,
            scores=scores,
            last_places=last_places,
            seed=seed,
        )
        return state

    def start_deal(
        self,
        number: int,
        dealer: int,
        hands: tuple[int, ...],
        scores: tuple[int, ...],
        rng: int,
        last_places: tuple[int, ...],
        events: list[Event] | None,
    ) -> ClimbState:
        """The state at the start of deal ``number`` with these ``hands`` (card masks),
        after the exchanges made as it is dealt; the player to move is the first giver
        of a card, or the first leader. (The engine deals through it; setups and tests
        may call it with hands of their own.) Raises :class:`~cardrules.SetupError` for
        hands that are not one card mask per seat, disjoint, of the game's deck, or a
        finishing order that is not every seat once."""
        _check_deal(self, hands, last_places)
        if events is not None:
            events.append(HandDealt(number, dealer, min(h.bit_count() for h in hands)))
        swaps = self.exchanges(last_places) if last_places else ()
        held = list(hands)
        made = []
        for swap in swaps:
            if swap.best:
                mine = sorted(self.cards_of_mask(held[swap.giver]), key=self._strength_key)
                given = tuple(sorted(mine[len(mine) - swap.count :]))
                bits = self.bits_of(given, held[swap.giver]) or 0
                held[swap.giver] &= ~bits
                held[swap.receiver] |= bits
                swap = Swap(swap.giver, swap.receiver, swap.count, True, given)
                if events is not None:
                    events.append(CardsPassed(swap.giver, swap.receiver, given))
            made.append(swap)
        state = self.state_class(
            self,
            tuple(held),
            None,
            (),
            None,
            (),
            (),
            False,
            0,
            tuple(made),
            last_places,
            number,
            dealer,
            scores,
            (),
            rng,
        )
        return with_slots(state, _to_move=self._after_exchange(state))  # type: ignore[return-value]

    def _strength_key(self, card: Card) -> tuple[int, int]:
        return self.card_strength(card), int(card)

    def _after_exchange(self, state: ClimbState) -> int:
        """The seat to move once the exchanges made so far: the next giver, or the
        first leader."""
        for swap in state._swaps:
            if not swap.done:
                return swap.giver
        return self.first_leader(state._dealer, state._hands, state._last_places)

    # -- moves -----------------------------------------------------------------------

    def all_moves(self) -> tuple[Any, ...]:
        """Every move of the game, in move-id order: ``Pass()``, then each set of one
        rank (by rank strength, then by suits: the 15 suit subsets of each rank, as the
        deck and :attr:`largest_set` allow), then ``GiveCard(card)`` for each card of the
        deck if the game has exchanges, then the game's own plays (:meth:`extra_moves`)."""
        return _tables(self).all_moves

    def legal_moves(self, state: ClimbState) -> tuple[Any, ...]:
        """The moves of the player to move: a card to give while exchanging; else any
        play to lead, or a pass and every play that beats the table."""
        self.check_state(state)
        legal = state._legal
        if legal is None:
            legal = state._legal = self._legal(state)
        return legal  # type: ignore[no-any-return]

    def _legal(self, state: ClimbState) -> tuple[Any, ...]:
        seat = state._to_move
        if seat is None:
            return ()
        hand = state._hands[seat]
        tables = _tables(self)
        if state.phase == "exchange":
            return tuple(dict.fromkeys(tables.give[card] for card in self.cards_of_mask(hand)))
        table = state._table
        old = self.combination(table) if table else None
        found: list[Any] = [_PASS] if old is not None else []
        for rank_mask, sets in tables.by_rank:
            if hand & rank_mask:  # (most ranks are gone late in a deal: skip their sets)
                for mask, play, combination in sets:
                    if mask & hand == mask and (old is None or self.beats(combination, old, state)):
                        found.append(play)
        for cards in self.extra_plays(hand):
            own = self.combination(cards)
            if own is not None and (old is None or self.beats(own, old, state)):
                found.append(PlayCards(cards))
        return tuple(found)

    def read_move(self, text: str, view: ClimbView) -> Any:
        """The move ``text`` names (see :mod:`cardrules.climbing.parsing`): the cards
        of a play (``7h 7s``), a set by its size and rank (``three 9s``), ``pass``, and
        in an exchange a card to give (``give ks``)."""
        return read_climbing_move(text, view)

    def move_seen_by(self, state: ClimbState, seat: int, move: Any) -> tuple[int, ...] | None:
        """A card given in an exchange is seen by its giver alone until the cards change
        hands."""
        return (seat,) if type(move) is GiveCard else None

    def transition(self, state: ClimbState, move: Any, events: list[Event] | None) -> ClimbState:
        """One move (see :meth:`~cardrules.game.Game.transition`)."""
        self.check_state(state)
        seat = state._to_move
        if seat is None:
            raise IllegalMoveError("game_over", "the game is over; no more moves")
        kind = type(move)
        if kind is not PlayCards and kind is not Pass and kind is not GiveCard:
            raise self.foreign_move(move, "PlayCards(cards), Pass() or GiveCard(card)")
        if move not in self.legal_moves(state):
            raise self._refusal(state, seat, move)
        if kind is GiveCard:
            return self._give(state, seat, move, events)
        if events is not None:
            events.append(MovePlayed(seat, move, seen_by=self.move_seen_by(state, seat, move)))
        if kind is Pass:
            after = state.copied()
            after._passed = (*state._passed, seat)
            return self._next_turn(after, seat, events)
        return self._play(state, seat, move, events)

    def _refusal(self, state: ClimbState, seat: int, move: Any) -> IllegalMoveError:
        """Why ``move`` of ``seat``, not among the legal moves, is refused (speaking of
        that seat's own hand and the table only)."""
        hand = state._hands[seat]
        if state.phase == "exchange":
            swap = next(swap for swap in state._swaps if not swap.done)
            left = swap.count - len(swap.cards)
            if type(move) is not GiveCard:
                return IllegalMoveError(
                    "must_give",
                    f"seat {seat} must first give {left} more card{'s' * (left > 1)} to seat "
                    f"{swap.receiver} (GiveCard(card)) before the play (see legal_moves)",
                )
            return IllegalMoveError("not_in_hand", f"seat {seat} does not hold {move.card}")
        if type(move) is GiveCard:
            return IllegalMoveError(
                "not_exchanging",
                "cards are given only in the exchange before a deal's play; now play "
                "cards or pass (see legal_moves)",
            )
        if type(move) is Pass:
            return IllegalMoveError(
                "must_lead",
                f"the table is empty: seat {seat} must lead a play (a pass answers a "
                "play on the table)",
            )
        missing = [card for card in move.cards if not hand >> card & 1]
        if missing:
            return IllegalMoveError(
                "not_in_hand", f"seat {seat} does not hold {format_cards(missing)}"
            )
        played = format_cards(move.cards)
        combination = self.combination(move.cards)
        if combination is None or move not in _tables(self).playable:
            return IllegalMoveError(
                "not_a_combination",
                f"{played} is not a play of {type(self).__name__} (a play is "
                f"{self.plays_allowed()})",
            )
        return IllegalMoveError(
            "does_not_beat",
            f"{played} does not beat {format_cards(state._table)}: {self.beat_rule()}"
            + (" (the rank order is reversed)" if state._reversed else "")
            + " (see legal_moves)",
        )

    def plays_allowed(self) -> str:
        """The plays the game allows, in words, for the refusal of one it does not."""
        largest = self.largest_set
        return f"one card or up to {largest} cards of one rank" if largest > 1 else "one card"

    def _give(
        self, state: ClimbState, seat: int, move: GiveCard, events: list[Event] | None
    ) -> ClimbState:
        if events is not None:
            events.append(MovePlayed(seat, move, seen_by=self.move_seen_by(state, seat, move)))
        index = next(i for i, swap in enumerate(state._swaps) if not swap.done)
        swap = state._swaps[index]
        swap = Swap(swap.giver, swap.receiver, swap.count, swap.best, (*swap.cards, move.card))
        hands = list(state._hands)
        hands[seat] &= ~(self.bits_of((move.card,), hands[seat]) or 0)
        if swap.done:
            given = tuple(sorted(card for card in swap.cards if card is not None))
            swap = Swap(swap.giver, swap.receiver, swap.count, swap.best, given)
            held = state._played
            for hand in hands:
                held |= hand
            hands[swap.receiver] |= self.bits_of(given, _tables(self).full & ~held) or 0
            if events is not None:
                events.append(CardsPassed(swap.giver, swap.receiver, swap.cards))
        swaps = (*state._swaps[:index], swap, *state._swaps[index + 1 :])
        after: ClimbState = with_slots(state, _hands=tuple(hands), _swaps=swaps)  # type: ignore[assignment]
        return with_slots(after, _to_move=self._after_exchange(after))  # type: ignore[return-value]

    def _play(
        self, state: ClimbState, seat: int, move: PlayCards, events: list[Event] | None
    ) -> ClimbState:
        cards = move.cards
        mask = self.bits_of(cards, state._hands[seat]) or 0
        hands = list(state._hands)
        hands[seat] &= ~mask
        reversed_order = state._reversed
        finished = state._finished
        combination = self.combination(cards)
        if events is not None:
            events.append(CardsPlayed(seat, cards))
        if combination is not None and self.reverses(combination):
            reversed_order = not reversed_order
            if events is not None:
                events.append(RanksReversed(seat, reversed_order))
        if not hands[seat]:
            finished = (*finished, seat)
            if events is not None:
                events.append(PlayerFinished(seat, len(finished)))
        after = state.copied()
        after._hands = tuple(hands)
        after._table = cards
        after._table_seat = seat
        if not self.pass_sits_out:
            after._passed = ()
        after._finished = finished
        after._reversed = reversed_order
        after._played = state._played | mask
        if self.deal_over(after):
            return self._end_deal(after, events)
        return self._next_turn(after, seat, events)

    def _next_turn(self, state: ClimbState, seat: int, events: list[Event] | None) -> ClimbState:
        """The turn after ``seat``'s move, given to ``state`` (a copy the move is making,
        so changed in place): the lead returns if every other player still in has
        passed on the table's play; else the next seat still in (and, if passes sit
        out, that has not passed)."""
        players = self.players
        finished, passed, last = state._finished, state._passed, state._table_seat
        waiting = [s for s in range(players) if s not in finished and s != last and s not in passed]
        if not waiting:
            leader = last if last is not None else seat
            while leader in finished:
                leader = (leader + 1) % players
            if events is not None:
                events.append(LeadReturned(leader))
            state._table = ()
            state._table_seat = None
            state._passed = ()
            state._to_move = leader
            return state
        sits_out = self.pass_sits_out
        turn = seat
        while True:
            turn = (turn + 1) % players
            if turn not in finished and not (sits_out and turn in passed):
                state._to_move = turn
                return state

    def _end_deal(self, state: ClimbState, events: list[Event] | None) -> ClimbState:
        hands, finished = state._hands, state._finished
        left = sorted(
            (s for s in range(self.players) if s not in finished),
            key=lambda s: (hands[s].bit_count(), s),
        )
        places = (*finished, *left)
        deal = self.deal_scores(places)
        scores = tuple(a + b for a, b in zip(state._scores, deal, strict=True))
        number = state._deal_number
        if events is not None:
            events.append(HandScored(number, deal, scores))
        winners = self.game_winners(scores, number)
        if winners:
            if events is not None:
                events.append(GameOver(winners, scores))
            return with_slots(  # type: ignore[return-value]
                state,
                _to_move=None,
                _scores=scores,
                _winners=winners,
                _finished=places,
                _table=(),
                _table_seat=None,
                _passed=(),
            )
        dealer = self.next_dealer(state._dealer, places)
        dealt, rng = deal_hands(self, dealer, None, state._rng)
        return self.start_deal(number + 1, dealer, dealt, scores, rng, places, events)

    # -- what a seat sees --------------------------------------------------------------

    def observe(self, state: ClimbState, seat: int) -> ClimbView:
        """What ``seat`` may know: its hand, the others' hand sizes, the table, the
        cards played, the exchanges it took part in (others' as counts), the scores;
        not the other hands and not the generator."""
        self.check_state(state)
        players = self.players
        if not is_seat(seat, players):
            raise SeatError(f"seat must be 0 to {players - 1}, not {shown(seat)}")
        to_move = state._to_move
        return self.view_class(
            seat=seat,
            hand=self.cards_of_mask(state._hands[seat]),
            hand_sizes=state.hand_sizes,
            table=state._table,
            table_seat=state._table_seat,
            passed=state._passed,
            finished=state._finished,
            reversed=state._reversed,
            played=self.cards_of_mask(state._played),
            swaps=tuple(swap.hidden_for(seat) for swap in state._swaps),
            last_places=state._last_places,
            deal_number=state._deal_number,
            dealer=state._dealer,
            phase=state.phase,
            scores=state._scores,
            to_move=to_move,
            winners=state._winners,
            legal_moves=self.legal_moves(state) if to_move == seat else (),
        )

    def determinize(self, view: ClimbView, seed: int) -> ClimbState:
        """A full state that agrees with ``view``: the cards ``view.seat`` has not seen
        (not in its hand, not played, not given by it to a seat that still holds them)
        dealt at random to the other seats, each getting as many as it holds and a seat
        that gave it its best cards only weaker ones, every such deal equally likely;
        the cards of exchanges it did not see drawn from where they may be.
        ``observe(determinize(view, seed), view.seat) == view``."""
        state: ClimbState = determinized(self, view, seed)
        return state

    def generator_of(self, state: ClimbState) -> int:
        """The generator the later deals are shuffled from."""
        self.check_state(state)
        return state._rng

    def with_generator(self, state: ClimbState, generator: int) -> ClimbState:
        """``state`` with another generator for the later deals."""
        self.check_state(state)
        return with_slots(state, _rng=generator)  # type: ignore[return-value]


def _check_deal(game: ClimbingGame, hands: object, last_places: object) -> None:
    players = game.players
    full, held = _tables(game).full, 0
    masks = hands if isinstance(hands, tuple) and len(hands) == players else ()
    for mask in masks:
        if type(mask) is not int or mask < 0 or mask & held or mask & ~full:
            break
        held |= mask
    else:
        places = last_places if isinstance(last_places, tuple) else None
        if masks and places is not None and sorted(places) in ([], list(range(players))):
            return
    raise SetupError(
        f"a deal starts from {players} disjoint card masks of the game's deck, one per "
        "seat, and the finishing order of the deal before (every seat once, or () for "
        f"none), not {shown(hands)} and {shown(last_places)}"
    )


@attrs.frozen
class _Tables:
    """A game's moves worked out once: every move in id order, the sets of one rank
    grouped by rank (each set with its card mask and combination, in id order; each
    group with the mask of its rank's cards), the plays the game allows at all, and the
    move giving each card."""

    all_moves: tuple[Any, ...]
    by_rank: tuple[tuple[int, tuple[tuple[int, PlayCards, Combination], ...]], ...]
    playable: frozenset[PlayCards]
    give: dict[Any, GiveCard]
    deck: Deck | None
    full: int


_TABLES: dict[ClimbingGame, _Tables] = {}


def _tables(game: ClimbingGame) -> _Tables:
    found = _TABLES.get(game)
    if found is not None:
        return found
    declared = game.card_deck()
    cards = game.deck()
    deck = set(cards)
    french = [card for card in cards if type(card) is Card]
    if len(set(french)) != len(french):
        raise RulesError(
            f"{type(game).__name__}: the climbing engine plays the French cards once each "
            "(with jokers, or cards of the game's own, beside them), not a doubled deck"
        )
    ranks = sorted(
        {card.rank for card in deck if type(card) is Card},
        key=lambda rank: max(game.card_strength(c) for c in rank_cards(rank) if c in deck),
    )
    sets: list[tuple[int, PlayCards, Combination]] = []
    by_rank = []
    for rank in ranks:
        first = len(sets)
        cards = rank_cards(rank)
        for subset in suit_subsets():
            chosen = tuple(cards[suit] for suit in subset)
            if len(chosen) > game.largest_set or not all(card in deck for card in chosen):
                continue
            combination = game.combination(chosen)
            if combination is not None:
                mask = 0
                for card in chosen:
                    mask |= 1 << card
                sets.append((mask, PlayCards(chosen), combination))
        group = tuple(sets[first:])
        if group:
            by_rank.append((_union(mask for mask, _, _ in group), group))
    gives = {card: GiveCard(card) for card in sorted(deck)}
    has_exchanges = bool(game.exchanges(tuple(range(game.players))))
    extra = game.extra_moves()
    moves = (
        _PASS,
        *(play for _, play, _ in sets),
        *(gives.values() if has_exchanges else ()),
        *extra,
    )
    playable = frozenset((*(play for _, play, _ in sets), *extra))
    full = sum(1 << card for card in deck) if declared is None else declared.full_mask
    found = _TABLES[game] = _Tables(moves, tuple(by_rank), playable, gives, declared, full)
    return found


def _union(masks: Iterable[int]) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union
