"""Spades at the terminal: :class:`SpadesAdapter`, and a deal's scoring in words
(:func:`side_score_text`).

The human bids by typing the number of tricks (``4``, ``nil`` or ``0``), chooses Blind
Nil or looks at their cards (``blind``, ``look``) when the rules offer it, and plays a
card by typing it (``QS``, ``10h``) or its number in the Legal list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cardrules as cr
from cardrules._text import int_text
from cardrules.games.spades.moves import BLIND_NIL, Bid, Bidding
from cardrules.games.spades.scoring import SideScore
from cardrules.terminal import COMMAND_HELP, AnyGame, GameAdapter

__all__ = ["SpadesAdapter", "side_score_text"]

_NIL_WORDS = frozenset({"nil", "n", "0", "zero", "bid nil"})
_BLIND_WORDS = frozenset({"blind", "b", "blind nil", "bn", "bid blind nil"})
_LOOK_WORDS = frozenset({"look", "l", "see", "show", "look at my cards", "pick up"})


def side_score_text(side: SideScore, partners: str, seats: tuple[str, str]) -> str:
    """How a side made its deal's score, in words: ``partners`` names the side,
    ``seats`` its two seats (the first seat's, then its partner's).

    >>> import cardrules as cr
    >>> ours, theirs = cr.Spades().score_sides(Bidding((4, 0, 2, 5), bags=(9, 0)), (7, 0, 1, 5))
    >>> side_score_text(ours, "Seats 0 and 2", ("seat 0", "seat 2"))
    'Seats 0 and 2: bid 6, took 8: +60, 2 bags +2; bags reach the limit: -100; 1 bag carried: -38'
    >>> side_score_text(theirs, "You and seat 3", ("you", "seat 3"))
    'You and seat 3: bid 5, took 5: +50; Nil by you made: +100: +150'
    """
    parts = []
    if side.contract or side.tricks:
        verdict = "" if side.made else " (set)"
        parts.append(
            f"bid {side.contract}, took {side.tricks}{verdict}: {side.points_for_contract:+d}"
        )
    if side.new_bags:
        parts.append(f"{side.new_bags} bag{'s' if side.new_bags != 1 else ''} +{side.new_bags}")
    text = ", ".join(parts)
    for nil in side.nils:
        kind = "Blind Nil" if nil.blind else "Nil"
        how = "made" if nil.made else f"failed ({nil.tricks} trick{'s' if nil.tricks != 1 else ''})"
        text += f"; {kind} by {seats[nil.index]} {how}: {nil.points:+d}"
    if side.penalty:
        text += f"; bags reach the limit: {side.penalty:+d}"
        text += f"; {side.bags_after} bag{'s' if side.bags_after != 1 else ''} carried"
    if side.bonus:
        text += f"; bonus {side.bonus:+d}"
    return f"{partners}: {text.lstrip('; ') or 'nothing bid, nothing taken'}: {side.total:+d}"


class SpadesAdapter(GameAdapter):
    """Spades at the terminal: the scores and bags of both sides, the bids with the
    tricks taken, whether spades are broken, the trick so far and the hand by suit;
    bids typed as numbers (``nil`` or ``0``), Blind Nil as ``blind``, looking as
    ``look``, cards as text (``QS``, ``10h``) or their number in the Legal list."""

    round_word = "hand"
    input_hint = "a card like QS or its number"

    # -- moves as text ---------------------------------------------------------------

    def move_text(self, move: Any) -> str:
        """A card as the card, a bid as ``bid 4`` / ``bid Nil``, ``bid Blind Nil``,
        ``look at my cards``.

        >>> SpadesAdapter().move_text(cr.Play("QS")), SpadesAdapter().move_text(Bid(0))
        ('Q♠', 'bid Nil')
        """
        return str(move.card) if isinstance(move, cr.Play) else str(move)

    def legal_line(self, legal: Sequence[Any]) -> str:
        """The cards numbered; in the bidding, the range of bids allowed.

        >>> from cardrules.games.spades.moves import BIDS
        >>> SpadesAdapter().legal_line(BIDS[:9])
        'bid Nil (0) or 1 to 8: type the number of tricks'
        """
        if legal and type(legal[0]) is Bid:
            most = max(move.tricks for move in legal)
            upto = f" or 1 to {most}" if most > 1 else (" or 1" if most == 1 else "")
            return f"bid Nil (0){upto}: type the number of tricks"
        return super().legal_line(legal)

    def numbers_pick(self, view: Any) -> bool:
        """In the bidding a number typed is the bid, not a move of the Legal list."""
        return bool(view.phase != "bid")

    def prompt(self, legal: Sequence[Any]) -> str:
        """The prompt says what the bidding asks for."""
        if legal and type(legal[0]) is Bid:
            return "Your bid (a number of tricks, nil or 0; ? for help, q to quit): "
        if BLIND_NIL in legal:
            return "Bid Blind Nil or look at your cards? (blind or look; ? for help, q to quit): "
        return super().prompt(legal)

    # -- the table -------------------------------------------------------------------

    def describe_start(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The sides, the end of the game and the human's seat."""
        partner = (human + 2) % 4
        others = sorted({(human + 1) % 4, (human + 3) % 4})
        target = getattr(game, "target", 500)
        if target is None:
            goal = "one hand is the game"
        else:
            goal = f"first side to {target} wins"
            losing = getattr(game, "losing_score", None)
            if losing is not None:
                goal += f", a side at {losing} or below loses"
        return [
            f"Spades: you (seat {human}) and seat {partner} against seats {others[0]} and "
            f"{others[1]}; {goal}.",
            "Type ? for help.",
        ]

    def _side_name(self, side: int, human: int) -> str:
        if human % 2 == side:
            return f"you and seat {(human + 2) % 4}"
        return f"seats {side} and {side + 2}"

    def render_turn(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """Hand, dealer, both sides' scores and bags, the bids (and tricks taken), spades
        broken or not, the trick so far, the hand by suit, the legal moves."""
        bidding = view.payload if isinstance(view.payload, Bidding) else Bidding()
        taken = [0, 0, 0, 0]
        for trick in view.tricks:
            if trick.winner is not None:
                taken[trick.winner] += 1
        lines = ["", f"Hand {view.round_number}, dealer {self.seat(view.dealer, human)}."]
        for side in (human % 2, 1 - human % 2):
            name = self._side_name(side, human)
            score = int_text(view.scores[side])
            lines.append(f"  {name[:1].upper() + name[1:]}: {score} (bags {bidding.bags[side]})")
        bids = []
        for seat in range(4):
            bid = bidding.bids[seat]
            text = (
                "-"
                if bid is None
                else ("Blind Nil" if seat in bidding.blind else str(bid or "Nil"))
            )
            if view.phase is None:
                text += f" (took {taken[seat]})"
            bids.append(f"{self.seat(seat, human)} {text}")
        lines.append("Bids: " + " | ".join(bids))
        if view.phase is None:
            is_broken = getattr(game, "is_broken", None)
            if is_broken is not None:
                lines.append("Spades are broken." if is_broken(view) else "Spades are not broken.")
            plays = view.trick.plays(4)
            if plays:
                so_far = self.plays_text(plays, human)
                lines.append(f"Trick {view.trick_number} of {view.hand_size} so far: {so_far}")
            else:
                lines.append(f"You lead trick {view.trick_number} of {view.hand_size}.")
        if not view.hand and view.hand_sizes[human]:
            lines.append("Your hand: not looked at yet (you may bid Blind Nil without seeing it).")
        else:
            lines += self.hand_lines(view.hand, reversed(cr.Suit))
        lines.append("Legal: " + self.legal_line(view.legal_moves))
        return lines

    def help_lines(self, game: AnyGame) -> list[str]:
        """How to bid and play, and the rules in brief."""
        return [
            "Bidding: type the number of tricks you expect to take, 1 to 13, or nil (0):",
            "you then mean to take no trick at all. With Blind Nil on, a side far enough",
            "behind may bid Blind Nil before looking: type blind, or look to see your cards.",
            "Play: type a card (QS, q♠, 10h) or its number in the Legal list. Follow the",
            "suit led if you can; spades are trumps, and may not be led until broken unless",
            "you hold nothing else. Your side scores 10 a trick bid if it takes at least its",
            "bid, +1 a trick over (a bag: too many cost points); else it loses 10 a trick bid.",
            *COMMAND_HELP,
        ]

    # -- events ----------------------------------------------------------------------

    def event_lines(
        self, event: cr.Event, text: str, human: int, game: AnyGame | None
    ) -> list[str]:
        """A hand's scores and the end of the game told by side.

        >>> adapter = SpadesAdapter()
        >>> adapter.event_lines(cr.GameOver((1, 3), (-30, 510, -30, 510)), "", 0, None)
        ['', 'Game over. Final scores: you and seat 2 -30, seats 1 and 3 510. Seats 1 and 3 win.']
        """
        if isinstance(event, cr.HandScored) and len(event.scores) == 4:
            return [
                "",
                f"End of hand {event.number}: {self._by_side(event.hand_scores, human, True)}. "
                f"Totals: {self._by_side(event.scores, human)}.",
            ]
        if isinstance(event, cr.GameOver) and len(event.scores) == 4:
            winners = set(event.winners)
            if winners == {0, 1, 2, 3}:
                verdict = "The sides are level: a shared win."
            elif human in winners:
                verdict = f"You and seat {(human + 2) % 4} win!"
            elif winners:
                name = self._side_name(min(winners), human)
                verdict = f"{name[:1].upper() + name[1:]} win."
            else:
                verdict = "Nobody wins."
            return ["", f"Game over. Final scores: {self._by_side(event.scores, human)}. {verdict}"]
        return super().event_lines(event, text, human, game)

    def _by_side(self, scores: Sequence[int], human: int, signed: bool = False) -> str:
        parts = []
        for side in (human % 2, 1 - human % 2):
            score = f"{scores[side]:+d}" if signed else int_text(scores[side])
            parts.append(f"{self._side_name(side, human)} {score}")
        return ", ".join(parts)

    # -- the deal's scoring ----------------------------------------------------------

    def explain(
        self,
        event: cr.Event,
        events: Sequence[cr.Event],
        before: Any,
        human: int,
        game: AnyGame | None,
    ) -> list[str]:
        """At the end of a hand, how each side made its score (:func:`side_score_text`),
        from the bids in the human's view ``before`` the step and the tricks taken in
        the hand (those in the view and those the step completed)."""
        score_sides = getattr(game, "score_sides", None)
        if not isinstance(event, cr.HandScored) or score_sides is None:
            return []
        tricks = self.hand_tricks(event, events, before)
        if tricks is None or not isinstance(before.payload, Bidding):
            return []
        taken = [0, 0, 0, 0]
        for _, winner, _ in tricks:
            taken[winner] += 1
        sides = score_sides(before.payload, taken)
        lines = []
        for side in (human % 2, 1 - human % 2):
            name = self._side_name(side, human)
            seats = (self.seat(side, human), self.seat(side + 2, human))
            lines.append(f"  {side_score_text(sides[side], name[:1].upper() + name[1:], seats)}")
        return lines
