"""The rules of Craits: its options (every variation of the seed is one), its deal
schedule, its scoring and shuffle pressure, on the shedding engine
(:class:`~cardrules.shedding.engine.SheddingGame`). Rule numbers (K1 …, V1 …) refer to the
library's rules reference."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

import attrs

from cardrules.cards import Card, Rank
from cardrules.deck import DeckSpec
from cardrules.errors import RulesError, SetupError
from cardrules.events import Event
from cardrules.games.craits.heuristic import craits_heuristic
from cardrules.games.craits.scoring import OUT_POINTS, hand_points
from cardrules.games.craits.state import CraitsState, CraitsView
from cardrules.games.craits.tables import DEFAULT_CARD_TABLE, FULL_GAME, to_card_table
from cardrules.moves import Pass
from cardrules.options import flag, integer, one_of
from cardrules.seats import CLOCKWISE
from cardrules.shedding.core import Action, CardRule, CardTable
from cardrules.shedding.engine import SheddingGame
from cardrules.shedding.events import register_draw_reason
from cardrules.shedding.flow import draw_cards, forfeit_turn
from cardrules.shedding.state import ShedState

__all__ = ["Craits"]

register_draw_reason("idiot", 'the "idiot" penalty')

_IDIOT_PENALTIES = ("draw_two_skip", "draw_one")
_IDIOT_CALLS = ("manual", "automatic")
_THREES_RULES = ("seed", "published")


def _bool_option(default: bool = False) -> Any:
    return attrs.field(default=default, validator=flag)


@attrs.frozen(kw_only=True)
class Craits(SheddingGame[CraitsState, CraitsView]):
    """The rules of Craits, with its options. Every variation is off by default.

    Args:
        players: 2 to 10 (K1).
        decks: standard decks in use; ``None`` means 1 for 2-5 players, 2 for 6-10 (K1).
        short_game: V1, play only the first eight hands (8 … 1 cards).
        deal_follows_direction: V2, if play ended a hand counter-clockwise, the next deal
            passes to the right and play starts counter-clockwise.
        remove_kings_queens: V3, two or three players only: no kings or queens.
        one_card_deal_announce: V4, in the one-card hand everyone must say "one card" on
            receiving their card.
        idiot_penalty: ``"draw_two_skip"`` (K17: draw two, forfeit the next turn) or
            ``"draw_one"`` (V5: draw one at once, lose no turn).
        continue_after_count_out: V6, if nobody holds zero cards when a count ends, the
            hand goes on even though somebody went out during it.
        threes_cancel_eights: V7, threes may cancel eights too.
        card_table: V8, replace rows of the card table: a mapping from rank to
            :class:`~cardrules.shedding.core.CardRule` (rows left out keep their default;
            any function but ``"own"``, which needs a game's own ``card_action``).
        threes_rule: ``"seed"`` (K23-K24) or ``"published"`` (a 3 that cancels nothing
            scores -50).
        idiot_calls: ``"manual"`` (opponents call, K17) or ``"automatic"`` (the penalty
            applies at once to an unannounced one card; for simulations).

    >>> Craits(players=7).decks
    2
    >>> Craits(card_table={"J": CardRule("skip", 10)}).card_table[Rank.JACK]
    CardRule(action=<Action.SKIP: 'skip'>, points=10, count=0, starts_count=False)
    """

    name: ClassVar[str] = "craits"
    higher_scores_win: ClassVar[bool] = False
    state_class: ClassVar[type[ShedState]] = CraitsState
    view_class: ClassVar[type] = CraitsView
    # The engine's policies Craits fixes (its options are the fields below).
    turned_up_acts = True
    one_card_calls = True
    call_word = "idiot"
    reshuffle_penalty_name = "shuffle-pressure"
    draw_only_when_stuck = True
    draws_for_first_dealer = True

    players: int = attrs.field(default=4, validator=integer(2, 10))
    decks: int | None = attrs.field(default=None, validator=integer(1, 3, or_none=True))
    short_game: bool = _bool_option()
    deal_follows_direction: bool = _bool_option()
    remove_kings_queens: bool = _bool_option()
    one_card_deal_announce: bool = _bool_option()
    idiot_penalty: Literal["draw_two_skip", "draw_one"] = attrs.field(
        default="draw_two_skip", validator=one_of(*_IDIOT_PENALTIES)
    )
    continue_after_count_out: bool = _bool_option()
    threes_cancel_eights: bool = _bool_option()
    card_table: CardTable = attrs.field(default=None, converter=to_card_table)
    threes_rule: Literal["seed", "published"] = attrs.field(
        default="seed", validator=one_of(*_THREES_RULES)
    )
    idiot_calls: Literal["manual", "automatic"] = attrs.field(
        default="manual", validator=one_of(*_IDIOT_CALLS)
    )

    # Worked out from the options (not options themselves: Game.options leaves them out).
    calls_penalized_at_once: bool = attrs.field(init=False, eq=False, repr=False)
    _deck: DeckSpec = attrs.field(init=False, eq=False, repr=False)
    _schedule: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        players = self.players
        decks = self.decks
        if decks is None:
            decks = 1 if players <= 5 else 2
            object.__setattr__(self, "decks", decks)
        if self.remove_kings_queens and players > 3:
            raise RulesError(f"remove_kings_queens (V3) is for two or three players, not {players}")
        removed = (Rank.KING, Rank.QUEEN) if self.remove_kings_queens else ()
        deck = DeckSpec(decks=decks, removed_ranks=removed)
        schedule = FULL_GAME[:8] if self.short_game else FULL_GAME
        needed = players * max(schedule) + 1
        if needed > deck.size:
            raise RulesError(
                f"{players} players need at least {needed} cards (8 each and a turn-up) but "
                f"{decks} deck(s){' without kings and queens' if removed else ''} hold "
                f"{deck.size}; use more decks (6-10 players use two)"
            )
        if type(self).card_action is SheddingGame.card_action:
            own = [r.label for r, rule in self.card_table.items() if rule.action is Action.OWN]
            if own:
                allowed = ", ".join(a.value for a in Action if a is not Action.OWN)
                rows = "the row" if len(own) == 1 else "the rows"
                raise RulesError(
                    f'card_table: Craits has no card function of its own ("own" is what '
                    f"a game's card_action says), but {rows} of {', '.join(own)} "
                    f"{'has' if len(own) == 1 else 'have'} it; "
                    f"allowed: {allowed}"
                )
        object.__setattr__(self, "_deck", deck)
        object.__setattr__(self, "_schedule", schedule)
        object.__setattr__(self, "calls_penalized_at_once", self.idiot_calls == "automatic")

    @classmethod
    def published_rules(cls, players: int = 4, **options: Any) -> Craits:
        """The second published rule set as a preset: 9 is also wild but keeps the suit
        in force, 7 scores 25, and a 3 that cancels nothing scores -50.

        >>> Craits.published_rules().card_table[Rank.NINE].action
        <Action.WILD_KEEP_SUIT: 'wild_keep_suit'>
        """
        table: dict[Rank | int | str, CardRule] = {
            Rank.NINE: CardRule(Action.WILD_KEEP_SUIT, DEFAULT_CARD_TABLE[Rank.NINE].points),
            Rank.SEVEN: CardRule(Action.TWO_ALONG_DRAWS, 25),
        }
        table.update(options.pop("card_table", None) or {})
        options.setdefault("threes_rule", "published")
        return cls(players=players, card_table=table, **options)

    @property
    def deck(self) -> DeckSpec:
        """The cards in play (K1, V3)."""
        return self._deck

    @property
    def schedule(self) -> tuple[int, ...]:
        """Cards dealt to each player in each hand (K3, V1)."""
        return self._schedule

    @property
    def hands_in_game(self) -> int:
        """15 hands, or 8 in the short game (K3, V1)."""
        return len(self._schedule)

    def options(self) -> dict[str, Any]:
        """The rules options as JSON-friendly data."""
        data = super().options()
        data.pop("_deck", None)
        data.pop("_schedule", None)
        return data

    def length_bound(self) -> None:
        """``None``: under any options, Craits sets no bound on the number of moves. A
        game is 15 hands (8 in the short game), but a hand ends only when a player goes
        out or play is blocked (K21), and players can keep a hand going for ever: a
        player who never says "one card" is called "idiot" (or penalized at once) and
        draws each time they get down to one card (K17), the stock is refilled from the
        discard pile as often as needed (K19), and a blocked hand needs a whole cycle of
        turns with nothing played or drawn. Hosts cap a game with
        :meth:`~cardrules.Game.move_cap`; see the rules page.

        >>> Craits().length_bound() is None, Craits().move_cap()
        (True, 100000)
        """
        return None

    # -- what the engine asks ------------------------------------------------------------

    def cards_each(self, hand_number: int) -> int:
        """K3: 8, 7, … 1, 2, … 8 cards each."""
        return self._schedule[hand_number - 1]

    def hand_scores(self, hands: tuple[tuple[Card, ...], ...], blocked: bool) -> tuple[int, ...]:
        """K22-K24: -10 for a player with no cards (not in a blocked hand, K21), else the
        points of the cards left, threes cancelling (V7, the threes rule)."""
        return tuple(
            OUT_POINTS
            if not hand and not blocked
            else hand_points(
                hand,
                self.card_table,
                threes_cancel_eights=self.threes_cancel_eights,
                threes_rule=self.threes_rule,
            )
            for hand in hands
        )

    def reshuffle_penalty(self, last: int) -> int:
        """K19, shuffle pressure: 5 points the first time, then double the last one."""
        return last * 2 or 5

    def penalize_missed_call(self, state: CraitsState, seat: int) -> None:
        """K17 (draw two, forfeit the next turn), or V5 (``idiot_penalty="draw_one"``:
        draw one at once, lose no turn): the "idiot" penalty."""
        if self.idiot_penalty == "draw_one":
            draw_cards(self, state, seat, 1, "idiot")
        else:
            draw_cards(self, state, seat, 2, "idiot")
            forfeit_turn(state, seat)

    def next_direction(self, direction: int) -> int:
        """K4 (clockwise again), or V2: the direction the last hand ended in."""
        return direction if self.deal_follows_direction else CLOCKWISE

    def announce_on_receiving(self, cards_dealt: int) -> bool:
        """V4: in the one-card hand everyone answers on receiving their card."""
        return self.one_card_deal_announce and cards_dealt == 1

    def move_phrase(self, move: Any) -> str | None:
        """V4: a ``Pass()`` is staying silent on receiving the one card (the texts of
        events say "Seat 1 stays silent.")."""
        return "stay silent" if type(move) is Pass else None

    def heuristic(self, view: CraitsView, moves: Sequence[Any]) -> Any:
        """The rule-of-thumb move (:func:`~cardrules.games.craits.heuristic.craits_heuristic`)."""
        return craits_heuristic(self, view, moves)

    # -- starting a game (documented here; the engine does it) ------------------------

    def setup_state(
        self,
        seed: int | None,
        events: list[Event] | None,
        *,
        dealer: int | None = None,
        deck: Sequence[Card | str] | None = None,
        hands: Sequence[Sequence[Card | str]] | None = None,
        stock: Sequence[Card | str] | None = None,
        hand_number: int = 1,
        scores: Sequence[int] | None = None,
        penalties: Sequence[int] | None = None,
        direction: int = CLOCKWISE,
    ) -> CraitsState:
        """The setup behind :meth:`new_game` and :meth:`start` (their keywords are these):
        the first hand, dealt, its top card turned up and its function carried out.

        The turned-up card may already have done something (skipped a player, started
        the count, made others draw): :meth:`start` returns the same state with the
        events that tell what, which a table UI should show.

        Args:
            seed: makes the game reproducible (the draw for dealer, every deal and
                every reshuffle come from it). ``None`` (the default) draws a fresh
                seed from the operating system (:func:`cardrules.rng.new_seed`): pass
                your own only to replay a game, and keep it secret while the game is on.
            dealer: the dealer of the first hand played (of hand ``hand_number``);
                ``None`` (default) makes the players draw for it (K2, the lowest card
                deals), whichever hand the game starts at.
            deck: a stacked deck for the first deal, every card in play, top first.
            hands: explicit hands, one per seat (with ``stock``), instead of a deal.
            stock: with ``hands``: the stock, top first; its top card is turned up.
            hand_number: the hand to start at (1 … 15), to analyse a later position.
            scores: starting totals (zeros by default).
            penalties: each seat's last shuffle-pressure penalty (K19), which its next
                one doubles: 0 (none yet, the default) or 5, 10, 20, …
            direction: the direction the hand starts in: 1 (clockwise, the default), or
                -1 for a later hand under ``deal_follows_direction`` (V2) after one that
                ended counter-clockwise (it is then dealt to the dealer's right).

        With ``hand_number``, ``dealer``, ``scores``, ``penalties``, ``direction`` and
        the cards, this sets up the start of any hand a game can reach (what a host with
        explicit chance needs): nothing else carries over from one hand to the next.

        Raises :class:`~cardrules.SetupError` for a bad seed, dealer, deck, position,
        scores, penalties or direction.

        >>> game = Craits(players=3, deal_follows_direction=True)
        >>> state = game.new_game(
        ...     seed=2, dealer=1, hand_number=4, scores=(12, 40, 5), penalties=(0, 10, 5),
        ...     direction=-1)
        >>> state.hand_number, state.cards_dealt, state.penalties, state.direction
        (4, 5, (0, 10, 5), -1)
        >>> step = Craits(players=3).start(seed=4, dealer=0)  # the same, with the events
        >>> [type(event).__name__ for event in step.events][:2]
        ['HandDealt', 'CardTurnedUp']
        """
        if direction == -1 and not self.deal_follows_direction:
            raise SetupError(
                "under these Craits rules every hand starts clockwise, so direction must "
                "be 1 (a hand starts counter-clockwise only when the deal follows the "
                "direction: Craits' deal_follows_direction=True, V2)"
            )
        state: CraitsState = super().setup_state(
            seed,
            events,
            dealer=dealer,
            deck=deck,
            hands=hands,
            stock=stock,
            hand_number=hand_number,
            scores=scores,
            penalties=penalties,
            direction=direction,
        )
        return state
