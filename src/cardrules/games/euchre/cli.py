"""Euchre at the terminal: :class:`EuchreAdapter`.

The human bids in Euchre's words (``pass``, ``order up`` or ``pick up`` in the first
round, a suit such as ``spades`` or ``s`` in the second), answers ``alone`` or
``partner``, discards and plays cards typed as text (``JH``, ``10♦``), or picks any
move by its number in the Legal list. Events are told in Euchre's words too: who
passed, ordered up or named trumps, went alone; the dealer's discard only to the
dealer; and at the end of a hand who made trumps, the tricks they took and what that
scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import cardrules as cr
from cardrules._text import int_text
from cardrules._wording import Wording, wording
from cardrules.events import Event, GameOver, HandScored, MovePlayed
from cardrules.games.euchre.moves import FIRST_ROUND, Contract, Discard, GoAlone
from cardrules.games.euchre.scoring import MADE, MARCH
from cardrules.terminal import COMMAND_HELP, AnyGame, GameAdapter

__all__ = ["EuchreAdapter", "deal_result", "side_name", "sides_text"]


def side_name(seat: int, human: int) -> str:
    """A partnership named for the human: ``"you and seat 2"`` or ``"seats 1 and 3"``.

    >>> side_name(0, human=0), side_name(3, human=0), side_name(3, human=1)
    ('you and seat 2', 'seats 1 and 3', 'you and seat 3')
    """
    first, second = seat % 2, seat % 2 + 2
    if human in (first, second):
        return f"you and seat {second if human == first else first}"
    return f"seats {first} and {second}"


def move_words(move: Any, words: Wording, seat: int, contract: Contract | None) -> str | None:
    """A suit named or going alone, told as ``words``' reader reads it, with what the
    bidding before the move (``contract``) tells: an order in the first round from a
    suit named in the second, a defender going alone from the maker. ``None`` for any
    other move, or when the bidding is not known: the library's text
    (:meth:`Euchre.move_phrase <cardrules.games.euchre.rules.Euchre.move_phrase>`)
    tells it.

    >>> from cardrules.games.euchre.moves import Contract
    >>> move_words(cr.NameSuit("H"), wording(0, "hand"), 1, Contract(passes=0))
    'Seat 1 orders up ♥.'
    >>> move_words(cr.NameSuit("S"), wording(0, "hand"), 0, Contract(passes=5))
    'You name ♠ trumps.'
    >>> move_words(GoAlone(True), wording(0, "hand"), 3, Contract(passes=4, maker=0))
    'Seat 3 defends alone.'
    >>> move_words(cr.Pass(), wording(0, "hand"), 3, Contract(passes=4)) is None
    True
    """
    if contract is None:
        return None
    if isinstance(move, cr.NameSuit):
        if contract.passes < FIRST_ROUND:
            return f"{words.does(seat, 'order')} up {move.suit.symbol}."
        return f"{words.does(seat, 'name')} {move.suit.symbol} trumps."
    maker = contract.maker
    if isinstance(move, GoAlone) and move.alone and maker is not None and (seat - maker) % 2:
        return f"{words.does(seat, 'defend')} alone."
    return None


def deal_result(contract: Contract, taken: int, scores: Sequence[int], human: int) -> str:
    """How a hand scored, for the human: who made trumps, the tricks the makers took,
    and which side scored what.

    >>> from cardrules.games.euchre.moves import Contract
    >>> deal_result(Contract(0, 2, 1), 4, (0, 1, 0, 1), human=0)
    'seat 1 made ♥ trumps; seats 1 and 3 took 4 tricks: 1 point to seats 1 and 3.'
    >>> deal_result(Contract(0, 2, 1, alone=(1,)), 2, (2, 0, 2, 0), human=0)
    'seat 1 went alone at ♥ and took 2 tricks: euchred, 2 points to you and seat 2.'
    """
    maker = contract.maker
    if maker is None:
        return "everybody passed twice: the hand is thrown in and scores nothing."
    trump = cr.Suit(contract.trump or 0).symbol
    who = "you" if maker == human else f"seat {maker}"
    tricks = f"took {taken} trick{'s' if taken != 1 else ''}"
    if maker in contract.alone:
        made = f"{who} went alone at {trump} and {tricks}"
    else:
        made = f"{who} made {trump} trumps; {side_name(maker, human)} {tricks}"
    what = "march, " if taken == MARCH else "euchred, " if taken < MADE else ""
    scored = [
        f"{points} point{'s' if points != 1 else ''} to {side_name(seat, human)}"
        for seat, points in enumerate(scores[:2])
        if points > 0
    ]
    if min(scores) < 0:  # zero-sum scores: the makers' points, and their opposite
        scored = [f"{scores[maker]:+d} to {side_name(maker, human)}"]
    return f"{made}: {what}{', '.join(scored)}."


def sides_text(scores: Sequence[int], human: int) -> str:
    """The scores of the two sides, the human's first.

    >>> sides_text((3, 7, 3, 7), human=1)
    'you and seat 3 7, seats 0 and 2 3'
    """
    mine, theirs = human % 2, (human + 1) % 2
    return (
        f"{side_name(mine, human)} {int_text(scores[mine])}, "
        f"{side_name(theirs, human)} {int_text(scores[theirs])}"
    )


class EuchreAdapter(GameAdapter):
    """Euchre at the terminal: the upcard and the bidding so far, the trumps and their
    maker, who went alone, the scores of the two sides, the tricks of the hand, the hand
    by suit; bids, answers and cards typed in Euchre's words or picked by number."""

    round_word = "hand"
    input_hint = "pass, order up, a suit, alone, partner, a card like JH, or a number"

    # -- moves as text -----------------------------------------------------------------

    def move_text(self, move: Any) -> str:
        """``J♥`` for a card played, ``discard 9♣``, ``pass``, ``♥`` for a suit named
        (``order up ♥`` in the Legal list of the first round), ``alone``, ``partner``.

        >>> adapter = EuchreAdapter()
        >>> adapter.move_text(cr.NameSuit("H")), adapter.move_text(GoAlone(False))
        ('♥', 'partner')
        """
        if isinstance(move, cr.Play):
            return str(move.card)
        if isinstance(move, cr.NameSuit):
            return move.suit.symbol
        if isinstance(move, GoAlone):
            return "alone" if move.alone else "partner"
        return str(move)

    def legal_text(self, move: Any, view: Any) -> str:
        """A legal move as the Legal list shows it in ``view``'s phase."""
        if isinstance(move, cr.NameSuit) and view.payload.passes < FIRST_ROUND:
            picked_up = "pick up" if view.seat == view.dealer else "order up"
            return f"{picked_up} {move.suit.symbol}"
        if isinstance(move, cr.NameSuit):
            return f"name {move.suit.symbol}"
        if isinstance(move, GoAlone) and view.phase == "defend":
            return "defend alone" if move.alone else "with partner"
        if isinstance(move, GoAlone):
            return "go alone" if move.alone else "with partner"
        return self.move_text(move)

    # -- the table ---------------------------------------------------------------------

    def describe_start(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The partnerships, the target and the human's seat."""
        target = getattr(game, "target", 10)
        points = f"{target} point{'s' if target != 1 else ''}"
        goal = (
            "one hand, the side that scores wins"
            if target is None
            else f"first side to {points} wins"
        )
        return [
            f"Euchre: {side_name(human, human)} against {side_name(human + 1, human)}; "
            f"{goal}. You are seat {human}.",
            "Type ? for help.",
        ]

    def render_turn(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The hand's number and dealer, the upcard and the bidding (or the trumps and
        who went alone), the scores of the sides, the trick so far, the hand by suit and
        the legal moves numbered."""
        contract: Contract = view.payload
        lines = ["", f"Hand {view.round_number}, dealer {self.seat(view.dealer, human)}."]
        if contract.trump is None:
            rounds = "first" if contract.passes < FIRST_ROUND else "second"
            upcard = "" if contract.passes < FIRST_ROUND else " (turned down)"
            passes = contract.passes % FIRST_ROUND
            lines.append(
                f"Upcard: {view.turned_up}{upcard}. Bidding, {rounds} round: "
                f"{passes} pass{'es' if passes != 1 else ''} so far."
            )
        else:
            trump = cr.Suit(contract.trump).symbol
            maker = self.seat(cast(int, contract.maker), human)
            alone = [self.seat(seat, human) for seat in contract.alone]
            lines.append(
                f"Trumps: {trump}, made by {maker}"
                + (f"; alone: {' and '.join(alone)}" if alone else "")
                + "."
            )
            if contract.discard is not None:
                lines.append(f"You discarded {contract.discard}.")
        scores, taken = view.scores, [0, 0]
        for trick in view.tricks:
            taken[trick.winner % 2] += 1
        lines.append(
            f"Scores:  {side_name(human, human)} {scores[human]} | "
            f"{side_name(human + 1, human)} {scores[(human + 1) % 4]}"
        )
        if view.phase is None:
            lines.append(
                f"Tricks:  {side_name(human, human)} {taken[human % 2]} | "
                f"{side_name(human + 1, human)} {taken[(human + 1) % 2]}"
            )
            plays = view.trick.plays(4)
            if plays:
                lines.append(f"Trick so far: {self.plays_text(plays, human)}")
            else:
                lines.append("You lead this trick.")
        lines += self._hand_lines(game, view.hand, contract.trump)
        legal = self.listed_moves(view.legal_moves)
        listed = "  ".join(
            f"[{number}] {self.legal_text(move, view)}" for number, move in enumerate(legal, 1)
        )
        lines.append("Legal: " + listed)
        return lines

    def _hand_lines(self, game: Any, hand: Sequence[cr.Card], trump: int | None) -> list[str]:
        """The hand by suit, highest card first; once trumps are made, the trumps
        first, marked, with the left bower among them.

        >>> hand = cr.parse_cards("9H JD AH 10C JH")
        >>> EuchreAdapter()._hand_lines(cr.Euchre(), hand, None)[1:]
        ['  ♣  10♣', '  ♦  J♦', '  ♥  A♥ J♥ 9♥', '  ♠  -']
        >>> EuchreAdapter()._hand_lines(cr.Euchre(), hand, cr.Suit.HEARTS)[1:]
        ['  ♥  J♥ J♦ A♥ 9♥  (trumps)', '  ♣  10♣', '  ♦  -', '  ♠  -']
        """
        trumps = None if trump is None else cr.Suit(trump)
        return self.hand_lines(
            sorted(hand, key=lambda card: game.trick_rank(card, trump), reverse=True),
            sorted(cr.Suit, key=lambda suit: suit != trumps),  # (a stable sort)
            trumps=trumps,
            suit_of=lambda card: game.effective_suit(card, trump),
        )

    def help_lines(self, game: AnyGame) -> list[str]:
        """How to bid, answer and play, and the rules in brief."""
        return [
            "Bidding: type pass, or in the first round order up (pick up, as the dealer)",
            "to make the upcard's suit trumps; in the second round type a suit",
            "(clubs, c, ♣ ...) other than the upcard's. Then: alone or partner.",
            "The dealer who picks up the upcard discards a card: type it (9c).",
            "Play a card by typing it, rank then suit: JH, j♥, 10d, TD.",
            "Or type the number of any move in the Legal list.",
            "Follow the suit led if you can. The jack of trumps (right bower) and the",
            "other jack of its colour (left bower, a trump) are the two highest trumps.",
            "Makers score 1 for 3 or 4 tricks, 2 for all 5 (4 alone); makers with",
            "fewer than 3 are euchred and the defenders score 2.",
            *COMMAND_HELP,
        ]

    def prompt(self, legal: Sequence[Any]) -> str:
        """The prompt says what the phase asks for."""
        if any(isinstance(move, GoAlone) for move in legal):
            return "Alone or with your partner? (alone, partner, or a number, ? for help): "
        if any(isinstance(move, Discard) for move in legal):
            return "Discard a card (like 9C, or a number, ? for help, q to quit): "
        if any(isinstance(move, (cr.Pass, cr.NameSuit)) for move in legal):
            return "Your bid (pass, order up or a suit, or a number, ? for help): "
        return super().prompt(legal)

    # -- events ------------------------------------------------------------------------

    def tell(
        self,
        events: Sequence[Event],
        human: int,
        game: AnyGame | None = None,
        *,
        before: Any = None,
        private: Sequence[str] = (),
        private_after: Event | None = None,
    ) -> list[str]:
        """The library's texts of the events (:meth:`GameAdapter.tell`: passes, the
        discard, its card to the dealer alone, in Euchre's words), with a suit named and
        a defender going alone told as the bidding before the step makes them
        (:func:`move_words`: an order up in the first round)."""
        words = wording(human, self.round_word)
        payload = getattr(before, "payload", None)
        contract = payload if isinstance(payload, Contract) else None
        lines: list[str] = []
        rest: list[Event] = []
        for event in events:
            told = event.for_seat(human)
            said = None
            if isinstance(told, MovePlayed):
                said = move_words(told.move, words, told.seat, contract)
            if said is not None:
                lines.extend(super().tell(rest, human, game, before=before))
                rest = []
                lines.append("  " + said)
            else:
                rest.append(event)
        lines.extend(super().tell(rest, human, game, before=before))
        return [*lines, *private]

    def event_lines(self, event: Event, text: str, human: int, game: AnyGame | None) -> list[str]:
        """The scores of a hand and of the game by side."""
        if isinstance(event, HandScored):
            text = (
                f"End of hand {event.number}: {sides_text(event.hand_scores, human)}. "
                f"Totals: {sides_text(event.scores, human)}."
            )
        elif isinstance(event, GameOver):
            if len(event.winners) == 4:
                verdict = "Nobody wins."
            elif human in event.winners:
                verdict = "You win!"
            else:
                verdict = f"{side_name(event.winners[0], human).capitalize()} win."
            text = f"Game over. Final scores: {sides_text(event.scores, human)}. {verdict}"
        return super().event_lines(event, text, human, game)

    def explain(
        self,
        event: Event,
        events: Sequence[Event],
        before: Any,
        human: int,
        game: AnyGame | None,
    ) -> list[str]:
        """At the end of a hand, who made trumps, the tricks they took and what that
        scored (from the human's view ``before`` the step and the tricks the step
        completed)."""
        if not isinstance(event, HandScored):
            return []
        tricks = self.hand_tricks(event, events, before)
        contract = getattr(before, "payload", None)
        if tricks is None or not isinstance(contract, Contract):
            return []
        winners = [winner for _, winner, _ in tricks]
        maker = contract.maker
        taken = 0 if maker is None else sum(1 for seat in winners if (seat - maker) % 2 == 0)
        return [f"  ({deal_result(contract, taken, event.hand_scores, human)})"]
