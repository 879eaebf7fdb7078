"""Hearts (standard rules, four players, no passing) built only from cardrules' primitives.

What it shows: a new game is a frozen attrs rules class on :class:`cardrules.Game` that
keeps a :class:`cardrules.TrickRound` in its frozen state. The trick core does follow
suit, trick winners and leads; this file adds Hearts' own restrictions and scoring:

* the deal is one card at a time from a seeded shuffle; the holder of 2♣ leads it;
* on the first trick nobody may play a heart or Q♠ unless they hold nothing else;
* hearts may not be led until broken (a heart or Q♠ has been played), unless the leader
  holds only hearts; Q♠ may be led at any time;
* each heart taken scores 1 and Q♠ 13; a player who takes all 26 points "shoots the moon"
  and scores 0 while each other player scores 26;
* when someone has reached ``target`` (100) at the end of a hand, the lowest total wins
  (tied players share the win).

Run it with ``python examples/hearts.py --seed 3 --games 2``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import ClassVar

import attrs

from cardrules.cards import Card, Rank, Suit
from cardrules.deck import STANDARD_DECK
from cardrules.errors import IllegalMoveError, MoveTypeError, RulesError, SetupError
from cardrules.events import Event, GameOver, HandDealt, HandScored, MovePlayed, TrickWon
from cardrules.game import Game
from cardrules.moves import Play
from cardrules.rng import resolve_seed, seed_state
from cardrules.table import deal, is_seat, left_of
from cardrules.tricks import Trick, TrickRound

PLAYERS = 4
TWO_OF_CLUBS = Card(Rank.TWO, Suit.CLUBS)
QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)
MOON = 26


def card_points(card: Card) -> int:
    """What a card scores for the player who takes it: 1 per heart, 13 for Q♠."""
    return 13 if card == QUEEN_OF_SPADES else int(card.suit == Suit.HEARTS)


def _start_hand(order: Sequence[Card], dealer: int) -> TrickRound:
    hands, _ = deal(order, dealer, PLAYERS, (1,) * 13)
    return TrickRound.start(hands, next(s for s, h in enumerate(hands) if TWO_OF_CLUBS in h))


@attrs.frozen
class HeartsState:
    """A Hearts game in progress (immutable); the generator that deals later hands is
    hidden from :meth:`Hearts.observe`."""

    hand_number: int
    dealer: int
    play: TrickRound
    scores: tuple[int, ...]
    """Game totals before the hand in progress."""
    hearts_broken: bool = False
    winners: tuple[int, ...] = ()
    rng: int = attrs.field(default=0, repr=False)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted."""
        return self.play.hands

    @property
    def to_move(self) -> int | None:
        """The seat to play; ``None`` once the game is over."""
        return None if self.winners else self.play.to_move

    @property
    def is_over(self) -> bool:
        """True once the game has been won."""
        return bool(self.winners)

    @property
    def deal_number(self) -> int:
        """The hand being played, for game-independent code (bots, the command line)."""
        return self.hand_number


@attrs.frozen
class HeartsView:
    """What ``seat`` may know: its own hand, the public cards and the scores."""

    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick: Trick
    tricks: tuple[Trick, ...]
    hearts_broken: bool
    hand_number: int
    scores: tuple[int, ...]
    to_move: int | None
    winners: tuple[int, ...]
    legal_moves: tuple[Play, ...]


def _check_target(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RulesError(f"target must be a positive int (the default is 100), not {value!r}")


@attrs.frozen(kw_only=True)
class Hearts(Game[HeartsState, Play, HeartsView]):
    """The rules of Hearts; ``target`` is the total that ends the game (100)."""

    name: ClassVar[str] = "hearts"
    higher_scores_win: ClassVar[bool] = False
    players: ClassVar[int] = PLAYERS
    target: int = attrs.field(default=100, validator=_check_target)

    def new_game(
        self,
        seed: int | None = None,
        *,
        dealer: int = 0,
        deck: Sequence[Card | str] | None = None,
    ) -> HeartsState:
        """The first hand, dealt by ``dealer`` from a shuffle (or a stacked ``deck``, top
        first); the generator in the state deals every later hand."""
        if not is_seat(dealer, PLAYERS):
            raise SetupError(f"dealer must be a seat from 0 to 3, not {dealer!r}")
        rng = seed_state(resolve_seed(seed))  # None: a fresh seed from the OS
        if deck is None:
            order, rng = STANDARD_DECK.shuffled(rng)
        else:
            order = STANDARD_DECK.check_order(deck)
        return HeartsState(1, dealer, _start_hand(order, dealer), (0,) * PLAYERS, rng=rng)

    def legal_cards(self, state: HeartsState) -> tuple[Card, ...]:
        """The cards the player to move may play, in hand order."""
        if state.winners:
            return ()
        play = state.play
        if not play.trick.cards:  # leading
            hand = play.hands[play.to_move]
            if not play.tricks:
                return (TWO_OF_CLUBS,)
            if state.hearts_broken:
                return hand
            return tuple(c for c in hand if c.suit != Suit.HEARTS) or hand
        cards = play.legal_cards()  # follow suit if able
        if not play.tricks:
            return tuple(c for c in cards if not card_points(c)) or cards
        return cards

    def legal_moves(self, state: HeartsState) -> tuple[Play, ...]:
        """One :class:`~cardrules.Play` per legal card; ``()`` once the game is over."""
        return tuple(Play(card) for card in self.legal_cards(state))

    def _check(self, state: HeartsState, move: Play) -> None:
        if not isinstance(move, Play):  # Draw() etc. are not moves of this game either
            raise MoveTypeError(f"a Hearts move is a Play(card), not {move!r}")
        if state.winners:
            raise IllegalMoveError("game_over", "the game is over; no more moves")
        if move.suit is not None:
            raise IllegalMoveError("no_suit_to_name", "Hearts has no wild cards: name no suit")
        if move.announce:
            raise IllegalMoveError("no_announcement", 'Hearts has no "one card" announcement')
        play, card = state.play, move.card
        play.check(card)  # not_in_hand (never saying who holds it), must_follow_suit
        if card in self.legal_cards(state):
            return
        if not play.tricks and not play.trick.cards:
            raise IllegalMoveError("must_lead_two_of_clubs", "the first trick is led with 2♣")
        if not play.tricks:
            msg = f"{card}: no heart or Q♠ on the first trick while holding other cards"
            raise IllegalMoveError("no_points_on_first_trick", msg)
        raise IllegalMoveError(
            "hearts_not_broken", f"{card}: hearts cannot be led until a heart or Q♠ is played"
        )

    def _transition(
        self, state: HeartsState, move: Play, events: list[Event] | None
    ) -> HeartsState:
        self._check(state, move)
        seat = state.play.to_move
        play, done = state.play.play(move.card)
        broken = state.hearts_broken or card_points(move.card) > 0
        if events is not None:
            events.append(MovePlayed(seat, move))
            if done is not None and done.winner is not None:
                points = sum(card_points(card) for card in done.cards)
                events.append(TrickWon(done.winner, len(play.tricks), done.cards, points))
        if not play.is_finished:
            return attrs.evolve(state, play=play, hearts_broken=broken)
        taken = [sum(card_points(card) for card in play.taken(s)) for s in range(PLAYERS)]
        if MOON in taken:  # shooting the moon: everyone else takes 26
            taken = [0 if points == MOON else MOON for points in taken]
        hand_scores = tuple(taken)
        scores = tuple(a + b for a, b in zip(state.scores, hand_scores, strict=True))
        if events is not None:
            events.append(HandScored(state.hand_number, hand_scores, scores))
        if max(scores) >= self.target:
            winners = tuple(s for s in range(PLAYERS) if scores[s] == min(scores))
            if events is not None:
                events.append(GameOver(winners, scores))
            return attrs.evolve(
                state, play=play, scores=scores, hearts_broken=broken, winners=winners
            )
        dealer = left_of(state.dealer, PLAYERS)
        order, rng = STANDARD_DECK.shuffled(state.rng)
        if events is not None:
            events.append(HandDealt(state.hand_number + 1, dealer, 13))
        return HeartsState(
            state.hand_number + 1, dealer, _start_hand(order, dealer), scores, rng=rng
        )

    def observe(self, state: HeartsState, seat: int) -> HeartsView:
        """``seat``'s view: no other hand, no generator."""
        if not is_seat(seat, PLAYERS):
            raise ValueError(f"seat must be 0 to 3, not {seat!r}")
        play = state.play
        return HeartsView(
            seat,
            play.hands[seat],
            tuple(len(h) for h in play.hands),
            play.trick,
            play.tricks,
            state.hearts_broken,
            state.hand_number,
            state.scores,
            state.to_move,
            state.winners,
            self.legal_moves(state) if state.to_move == seat else (),
        )


def main(argv: list[str] | None = None) -> None:
    """Play ``--games`` seeded random games from ``--seed``; print one line for each."""
    parser = argparse.ArgumentParser(description="Play seeded random games of Hearts.")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (1)")
    parser.add_argument("--games", type=int, default=2, help="how many games (2)")
    args = parser.parse_args(argv)
    game = Hearts()
    for seed in range(args.seed, args.seed + args.games):
        chooser, state, moons = random.Random(seed), game.new_game(seed=seed), 0
        while not state.is_over:
            step = game.step(state, chooser.choice(game.legal_moves(state)))
            state = step.state
            moons += sum(isinstance(e, HandScored) and MOON in e.hand_scores for e in step.events)
        won = " and ".join(f"seat {s}" for s in state.winners)
        print(f"seed {seed}: {state.hand_number} hands, {moons} moon(s), {state.scores}: {won} won")


if __name__ == "__main__":
    main()
