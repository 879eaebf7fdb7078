"""The terminal adapter protocol: how a game is shown and read in a terminal.

:class:`GameAdapter` is the game-specific text of terminal play (how a position is
shown to the human, how its numbered list of moves is read, how events are told), and
its plain version works for any game; what a typed move means is the rules' own
(:meth:`Game.parse_move <cardrules.game.Game.parse_move>`). A game that wants better
text subclasses it in its own package and registers it with :func:`register_adapter`;
the command line (:mod:`cardrules.cli`) finds it there. This module sits below the
games, so a game's package imports it and nothing here imports a game.
"""

from __future__ import annotations

import enum
import importlib
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from cardrules._movetext import digit_count, short_number, squash, suit_named
from cardrules._text import int_text
from cardrules.cards import Card, Suit, format_cards
from cardrules.errors import IllegalMoveError, MoveParseError
from cardrules.events import Event, GameOver, HandDealt, HandScored, TrickWon, narrate
from cardrules.game import Game, Step

__all__ = [
    "COMMAND_HELP",
    "AnyGame",
    "GameAdapter",
    "MoveInputError",
    "MoveRefusedError",
    "adapter_for",
    "digit_count",
    "game_summary",
    "plain",
    "register_adapter",
    "short_number",
    "squash",
    "suit_named",
]

AnyGame = Game[Any, Any, Any]
"""A rules object of any game."""

MoveInputError = MoveParseError
"""The old name of :class:`~cardrules.MoveParseError`: a line that names no move."""

MoveRefusedError = IllegalMoveError
"""The old name, for typed moves, of :class:`~cardrules.IllegalMoveError`: a move named
clearly that the rules do not allow now."""


COMMAND_HELP = (
    "Commands: ? or help shows this help; show shows the table again; q or quit leaves.",
    "Ctrl-D (end of input) also leaves; Ctrl-C interrupts.",
)
"""The help on the commands every game shares."""

_SHOWN_ELSEWHERE = frozenset({"seat", "hand", "scores", "legal_moves", "to_move", "winners"})
_LONG = 8
_YES = frozenset({"y", "yes"})
_NO = frozenset({"n", "no"})


class GameAdapter:
    """The game-specific text of the command line: how a position is shown to the human,
    how a typed line becomes a move, how events are told.

    This base class works for any game, plainly: it shows the scores, the hand (if the
    view has one) and the legal moves numbered, and accepts a number, a move as the list
    shows it, or whatever the rules read (:meth:`parse_move`). A game subclasses it to
    do better (see :class:`~cardrules.games.cramps.cli.CrampsAdapter`).
    """

    round_word = "hand"
    """What the game calls one deal ("round" in Cramps)."""
    input_hint = "a number"
    """What the prompt says the player may type."""

    def seat(self, seat: int, human: int) -> str:
        """How a seat is named: "you" for the human, else "seat N"."""
        return "you" if seat == human else f"seat {seat}"

    def seat_title(self, seat: int, human: int) -> str:
        """:meth:`seat` capitalised, to start a sentence."""
        name = self.seat(seat, human)
        return name[:1].upper() + name[1:]

    def move_text(self, move: Any) -> str:
        """A move as the player reads it."""
        return str(move)

    def score_line(self, scores: Sequence[int], human: int) -> str:
        """Scores per seat, the human's marked (exact, however many digits a score has).

        >>> GameAdapter().score_line((3, -1), human=1)
        'seat 0 3 | you -1'
        """
        return " | ".join(
            f"{self.seat(s, human)} {int_text(score)}" for s, score in enumerate(scores)
        )

    def listed_moves(self, legal: Sequence[Any]) -> list[Any]:
        """The legal moves in the order the Legal list shows and numbers them (by default
        the rules' own order). :meth:`legal_line` and the numbers the player types both
        use it; it must give the same list when applied to its own result."""
        return list(legal)

    def legal_line(self, legal: Sequence[Any]) -> str:
        """The legal moves in :meth:`listed_moves` order, numbered from 1."""
        listed = self.listed_moves(legal)
        return "  ".join(f"[{i}] {self.move_text(m)}" for i, m in enumerate(listed, 1))

    def describe_start(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """What is said when the game starts. (Not the game's seed: it is a secret while
        the game is on, since it deals every hand; :meth:`seed_lines` tell it at the
        end.)"""
        name = type(game).name or type(game).__name__
        return [f"{name.capitalize()}: you are seat {human}.", "Type ? for help."]

    def seed_lines(self, seed: int, bot_seed: int | None = None) -> list[str]:
        """How to replay the game, said once it is over or abandoned (never before: the
        seed deals every hand). ``bot_seed`` is the computer players' seed, if known.

        >>> GameAdapter().seed_lines(7, 9)  # doctest: +NORMALIZE_WHITESPACE
        ['Game seed 7: replay this deal with --seed 7',
         "(The computer players' seed was 9: add --bot-seed 9 for the same choices.)"]
        """
        lines = [f"Game seed {seed}: replay this deal with --seed {seed}"]
        if bot_seed is not None:
            lines.append(
                f"(The computer players' seed was {bot_seed}: add --bot-seed {bot_seed} "
                "for the same choices.)"
            )
        return lines

    def only_move_line(self, move: Any) -> str:
        """What is said when the human's only legal move is made for them.

        >>> import cardrules as cr
        >>> GameAdapter().only_move_line(cr.Draw())
        'Your only move: draw.'
        """
        return f"Your only move: {self.move_text(move)}."

    def render_turn(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The position shown before the human decides, from the human's view only."""
        lines = [""]
        if attrs.has(type(view)):  # every other public field of the view, plainly
            details = [
                f"{field.name.replace('_', ' ')} {plain(getattr(view, field.name))}"
                for field in attrs.fields(type(view))
                if field.name not in _SHOWN_ELSEWHERE
            ]
            lines.append("Table: " + " | ".join(details))
        lines.append(f"Scores: {self.score_line(view.scores, human)}")
        hand = getattr(view, "hand", None)
        if hand is not None:
            lines.append("Your hand: " + (format_cards(hand) or "(empty)"))
        lines.append("Legal: " + self.legal_line(view.legal_moves))
        return lines

    def hand_lines(
        self,
        hand: Iterable[Card],
        suits: Iterable[Suit] = tuple(Suit),
        *,
        title: str = "Your hand:",
        trumps: Suit | None = None,
        suit_of: Callable[[Card], Suit] | None = None,
    ) -> list[str]:
        """The human's ``hand`` shown one line per suit: ``title``, then for each of
        ``suits``, in that order, its symbol and its cards in the order of ``hand`` (``-``
        for none), the ``trumps`` marked. A card is of the suit ``suit_of`` says (its own
        by default; in Euchre the left bower is a trump).

        >>> hand = Card.parse("2C"), Card.parse("QS"), Card.parse("10S")
        >>> GameAdapter().hand_lines(hand, reversed(Suit), trumps=Suit.SPADES)
        ['Your hand:', '  ♠  Q♠ 10♠  (trumps)', '  ♥  -', '  ♦  -', '  ♣  2♣']
        """
        cards = list(hand)
        suit_of = suit_of or _own_suit
        lines = [title]
        for suit in suits:
            held = [card for card in cards if suit_of(card) == suit]
            mark = "  (trumps)" if suit == trumps else ""
            lines.append(f"  {suit.symbol}  {format_cards(held) or '-'}{mark}")
        return lines

    def plays_text(self, plays: Iterable[tuple[int, Card]], human: int) -> str:
        """The cards of a trick so far, each after the seat that played it.

        >>> GameAdapter().plays_text([(3, Card.parse("QS")), (0, Card.parse("2S"))], human=0)
        'seat 3 Q♠, you 2♠'
        """
        return ", ".join(f"{self.seat(seat, human)} {card}" for seat, card in plays)

    def prompt(self, legal: Sequence[Any]) -> str:
        """The input prompt."""
        return f"Your move ({self.input_hint}, ? for help, q to quit): "

    def help_lines(self, game: AnyGame) -> list[str]:
        """The help shown for ``?``."""
        return [
            "Type the number of a move from the Legal list, or the move as it is shown.",
            *COMMAND_HELP,
        ]

    def numbers_pick(self, view: Any) -> bool:
        """Whether a number typed picks a move of the Legal list (by default always; not
        in a bidding where the number typed is the bid)."""
        return True

    def parse_move(self, line: str, view: Any, legal: Sequence[Any], game: AnyGame) -> Any:
        """The move the player means by ``line`` (already stripped and not a command):
        the move numbered ``line`` in the Legal list ``legal`` (:meth:`pick_number`,
        when :meth:`numbers_pick`), a move as the Legal list shows it
        (:meth:`move_text`), else what the rules read in it
        (:meth:`Game.parse_move <cardrules.game.Game.parse_move>`, from the human's
        ``view``). Returns a legal move.

        Raises :class:`~cardrules.MoveParseError` for a line that names no move and
        :class:`~cardrules.IllegalMoveError` for a move the rules do not allow now, each
        with a message for the player.

        >>> import cardrules as cr
        >>> game = cr.Cramps()
        >>> state = game.new_game(seed=1)
        >>> view = game.observe(state, state.to_move)
        >>> GameAdapter().parse_move("1", view, view.legal_moves, game) == view.legal_moves[0]
        True
        """
        if self.numbers_pick(view):
            move = self.pick_number(line, legal)
            if move is not None:
                return move
        wanted = squash(line)
        for candidate in legal:
            if squash(self.move_text(candidate)) == wanted:
                return candidate
        return game.parse_move(line, view)

    @staticmethod
    def pick_number(line: str, legal: Sequence[Any]) -> Any | None:
        """The move numbered ``line`` in ``legal`` (from 1), ``None`` if ``line`` is not a
        number; raises :class:`~cardrules.MoveParseError` for a number out of range."""
        if not (line.isascii() and line.isdigit()):
            return None
        # A number with more digits than the list's length is out of range: it is not
        # read (Python refuses to read thousands of digits).
        number = int(line) if digit_count(line) <= len(str(len(legal))) else None
        if number is None or not 1 <= number <= len(legal):
            raise MoveParseError(
                f"there is no move number {short_number(line)}; pick 1 to {len(legal)}"
            )
        return legal[number - 1]

    # -- moves out of turn -----------------------------------------------------------

    def offer_prompt(self, move: Any, human: int) -> str:
        """The yes/no question offering the human ``move`` out of turn (a move their view
        lists while another seat is to move, e.g. an idiot call in Craits)."""
        return f"You may {self.move_text(move)} now. Do it? [y/N] "

    def accepts_offer(self, answer: str) -> bool:
        """Whether ``answer`` (stripped, lower case, not empty) says yes to an offer."""
        return answer in _YES

    def declines_offer(self, answer: str) -> bool:
        """Whether ``answer`` (stripped, lower case) says no to an offer: ``n``, ``no``,
        or nothing (Enter). Any other answer that does not say yes is asked again."""
        return not answer or answer in _NO

    def offer_retry_line(self) -> str:
        """What is said when an answer to an offer is neither yes nor no."""
        return "Please answer y (yes) or n (no); Enter means no."

    # -- refusals --------------------------------------------------------------------

    def refusal(self, error: IllegalMoveError, move: Any, view: Any, human: int) -> str:
        """The rules' refusal of the human's ``move``, worded for the human: "you", never
        "seat N" for them, and the Legal list rather than the library's names.

        >>> adapter = GameAdapter()
        >>> error = IllegalMoveError("not_your_turn", "seat 0 cannot move now")
        >>> adapter.refusal(error, None, None, human=0)
        'it is not your turn'
        """
        reason = error.reason
        if reason == "not_your_turn":
            to_move = getattr(view, "to_move", None)
            if to_move is None or to_move == human:
                return "it is not your turn"
            return f"it is not your turn: {self.seat(to_move, human)} is to move"
        if reason == "not_your_move":
            return "you can make calls only for yourself"
        text = str(error).replace("(see legal_moves)", "(see the Legal list)")
        # Any other message naming the human's seat (the rules speak to the mover, but
        # may name seats): "you" instead.
        text = re.sub(rf"\bseat {human}'s\b", "your", text)
        return re.sub(rf"\bseat {human}\b", "you", text)

    # -- events ----------------------------------------------------------------------

    def describe_events(
        self, events: Sequence[Event], human: int, game: AnyGame | None = None
    ) -> list[str]:
        """What is said about the events of one step, in order: the library's text of
        each event worth telling (:func:`cardrules.narrate`), laid out by
        :meth:`event_lines`; ``game`` is the rules, if a text depends on them."""
        return self.tell(events, human, game)

    def describe_change(self, before: Any, after: Any, human: int) -> list[str]:
        """What the human learns privately from a step, from their views ``before`` and
        ``after`` it (e.g. the cards they drew); nothing by default."""
        return []

    def describe_step(
        self,
        events: Sequence[Event],
        before: Any,
        after: Any,
        human: int,
        game: AnyGame | None = None,
    ) -> list[str]:
        """Everything said about one step: its events (with what explains the scores
        they tell, from the human's view ``before`` the step), and what the human
        learns privately from their views ``before`` and ``after`` it
        (:meth:`describe_change`), after the event :meth:`private_news_after` names,
        else at the end."""
        private = self.describe_change(before, after, human)
        return self.tell(events, human, game, before=before, private=private)

    def step_lines(
        self, game: AnyGame, state: Any, step: Step[Any], before: Any, after: Any, human: int
    ) -> list[str]:
        """Everything said about ``step``, made from the full ``state``, as ``cardrules
        play`` asks for it: by default :meth:`describe_step` from the human's views
        ``before`` and ``after`` it (``state`` is not looked at).

        An adapter may read ``state`` for what the human knows but neither their views
        nor the events as they know them show, and must show nothing else from it: it
        holds every hand and the stock."""
        return self.describe_step(step.events, before, after, human, game)

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
        """The lines of ``events`` for ``human``: each told event's lines
        (:meth:`event_lines`) and their explanation (:meth:`explain`, from the human's
        view ``before`` the step, if known), with the ``private`` lines after the event
        ``private_after`` (one of ``events``), else after the last event
        :meth:`private_news_after` accepts (at the end if none does)."""

        def news_after(event: Event) -> bool:
            if private_after is not None:
                return event is private_after  # (narrate tells an event with no secret as is)
            return self.private_news_after(event, human)

        lines: list[str] = []
        at: int | None = None
        for event, text in narrate(events, human, deal_word=self.round_word, game=game):
            lines.extend(self.event_lines(event, text, human, game))
            lines.extend(self.explain(event, events, before, human, game))
            if news_after(event):
                at = len(lines)
        at = len(lines) if at is None else at
        return [*lines[:at], *private, *lines[at:]]

    def event_lines(self, event: Event, text: str, human: int, game: AnyGame | None) -> list[str]:
        """How the library's ``text`` of ``event`` is shown: a deal, its end and the end
        of the game after a blank line, every other event indented.

        >>> import cardrules as cr
        >>> GameAdapter().event_lines(cr.PlayAgain(1), "Seat 1 plays again.", 0, None)
        ['  Seat 1 plays again.']
        """
        if isinstance(event, (HandDealt, HandScored, GameOver)):
            return ["", text]
        return [f"  {text}"]

    def explain(
        self,
        event: Event,
        events: Sequence[Event],
        before: Any,
        human: int,
        game: AnyGame | None,
    ) -> list[str]:
        """Lines that explain a score ``event`` tells (how a trick or a hand made its
        points), from the step's ``events`` and the human's view ``before`` the step
        (``None`` if unknown); nothing by default."""
        return []

    @staticmethod
    def hand_tricks(
        scored: HandScored, events: Sequence[Event], before: Any
    ) -> list[tuple[int, int, tuple[Card, ...]]] | None:
        """The tricks of the hand ``scored`` ends (in a trick game), as ``(number,
        winner, cards)``: those completed in the human's view ``before`` the step, then
        those the step's ``events`` won before the score. ``None`` if ``before`` is
        unknown or of another hand (its ``round_number`` is not the hand's number).

        >>> import types
        >>> done = types.SimpleNamespace(winner=1, cards=(Card.parse("QS"), Card.parse("2S")))
        >>> before = types.SimpleNamespace(round_number=3, tricks=(done,))
        >>> scored = HandScored(3, (1, 1), (9, 4))
        >>> events = [TrickWon(0, 2, (Card.parse("AH"), Card.parse("3H")), 1), scored]
        >>> [(number, winner, format_cards(cards))
        ...  for number, winner, cards in GameAdapter.hand_tricks(scored, events, before)]
        [(1, 1, 'Q♠ 2♠'), (2, 0, 'A♥ 3♥')]
        """
        if before is None or getattr(before, "round_number", None) != scored.number:
            return None
        tricks = [
            (number, trick.winner, tuple(trick.cards))
            for number, trick in enumerate(before.tricks, 1)
        ]
        for event in events:
            if event is scored:
                break
            if isinstance(event, TrickWon):
                tricks.append((event.number, event.seat, event.cards))
        return tricks

    def private_news_after(self, event: Event, human: int) -> bool:
        """Whether the human's private news of the step (:meth:`describe_change`) is
        told right after ``event`` (the last such event of the step); never, by
        default: it comes at the end."""
        return False


def _own_suit(card: Card) -> Suit:
    return card.suit


def plain(value: object) -> str:
    """A view field as short text: cards as cards, suits as symbols, long sequences cut
    to their last few items.

    >>> plain((Card.parse("QS"), Card.parse("10h"))), plain(Suit.HEARTS)
    ('Q♠ 10♥', '♥')
    """
    if isinstance(value, (Card, Suit)):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if value is None:
        return "-"
    if isinstance(value, (tuple, list)):
        items = [plain(item) for item in value]
        if len(items) > _LONG:
            items = ["…", *items[-_LONG:]]
        return " ".join(items) or "(none)"
    return str(value)


@attrs.frozen
class _Registered:
    adapter: type[GameAdapter] | str
    summary: str


_ADAPTERS: dict[str, _Registered] = {}


def register_adapter(game: str, adapter: type[GameAdapter] | str, summary: str = "") -> None:
    """Make ``adapter`` the terminal text of the game registered as ``game``, with a
    one-line ``summary`` for the command line's help.

    ``adapter`` is a :class:`GameAdapter` subclass, or its import path as
    ``"package.module:ClassName"`` so that the module is imported only when a game is
    played in the terminal (how the library's own games register theirs).

    >>> register_adapter("my-game", GameAdapter, "2 players, a test game")
    >>> adapter_for("my-game"), game_summary("my-game")
    (<class 'cardrules.terminal.GameAdapter'>, '2 players, a test game')
    >>> _ADAPTERS.pop("my-game") and None
    """
    if not isinstance(game, str) or not game:
        raise TypeError(f"register_adapter needs a game's name, not {game!r}")
    if not (isinstance(adapter, str) and ":" in adapter) and not (
        isinstance(adapter, type) and issubclass(adapter, GameAdapter)
    ):
        raise TypeError(
            "register_adapter needs a GameAdapter subclass or its path as "
            f"'package.module:ClassName', not {adapter!r}"
        )
    _ADAPTERS[game] = _Registered(adapter, summary)


def adapter_for(game: str) -> type[GameAdapter]:
    """The adapter class registered for ``game``, or the plain :class:`GameAdapter`
    when it has none."""
    known = _ADAPTERS.get(game)
    if known is None:
        return GameAdapter
    if isinstance(known.adapter, str):
        module, _, name = known.adapter.partition(":")
        adapter = getattr(importlib.import_module(module), name)
        _ADAPTERS[game] = _Registered(adapter, known.summary)
        return adapter  # type: ignore[no-any-return]
    return known.adapter


def game_summary(game: str) -> str:
    """The one-line summary registered for ``game`` ("" when it has none)."""
    known = _ADAPTERS.get(game)
    return "" if known is None else known.summary
