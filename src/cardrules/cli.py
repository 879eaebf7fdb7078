"""The ``cardrules`` command: simulate games between random players, or play one in the
terminal against them.

::

    cardrules simulate cramps --games 1000 --seed 1
    cardrules play cramps --seat 0 --seed 7 --target 11
    python -m cardrules --help

The generic parts (random players, the simulation and its summary, the turn loop with
its input handling) work on any :class:`~cardrules.Game` through ``new_game``,
``legal_moves``, ``step`` and ``observe``. What is specific to a game (how a position
is shown to the human, how a typed line becomes a move, how events are told) lives in a
small :class:`GameAdapter` subclass, registered with :func:`register_game`. A game that
is known to :func:`cardrules.registered_games` but has no adapter of its own can still
be simulated, and played with the plain :class:`GameAdapter` (moves picked by number).

Exit codes: 0 success (also when the player quits or input ends), 1 an error from the
library, 2 bad command-line usage (unknown game, bad option), 130 interrupted by Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import enum
import importlib
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

import cardrules as cr

__all__ = [
    "EXIT_ERROR",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "Console",
    "CrampsAdapter",
    "GameAdapter",
    "GameEntry",
    "MoveInputError",
    "RandomPlayer",
    "SimulationSummary",
    "game_entry",
    "known_games",
    "main",
    "parse_option",
    "play_game",
    "register_game",
    "simulate",
]

EXIT_OK = 0
"""Success; also used when the player quits or the input ends."""
EXIT_ERROR = 1
"""The library refused something (e.g. a bad setup)."""
EXIT_USAGE = 2
"""Bad command line: unknown game, bad option or value."""
EXIT_INTERRUPTED = 130
"""Stopped by Ctrl-C (the shell convention 128 + SIGINT)."""

AnyGame = cr.Game[Any, Any, Any]
"""A rules object of any game."""
InputFn = Callable[[str], str]
"""Reads one line after showing a prompt, like :func:`input`; raises ``EOFError`` at the
end of the input."""
Player = Callable[[AnyGame, Any], Any]
"""A computer player: given the rules and the state, returns the move to make."""

_SEED_MAX = 2**64 - 1
_SUIT_LETTER = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S"})


class _UsageError(Exception):
    """A command-line value the game cannot use (reported with exit code 2)."""


class MoveInputError(ValueError):
    """A line typed by the player that does not name a move (the message says why)."""


# -- players ---------------------------------------------------------------------------


class RandomPlayer:
    """A computer player that picks uniformly among ``game.legal_moves(state)``, using its
    own seeded :class:`random.Random` (so a seed reproduces its choices)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __call__(self, game: AnyGame, state: Any) -> Any:
        """The move to make in ``state``."""
        return self.rng.choice(game.legal_moves(state))


def _simulation_rng(seed: int, index: int) -> random.Random:
    # A string seed is hashed with SHA-512 by random.Random: stable across Python
    # versions and machines, and different (seed, index) pairs never collide.
    return random.Random(f"cardrules-simulate:{seed}:{index}")


def _play_rng(seed: int) -> random.Random:
    return random.Random(f"cardrules-play:{seed}")


# -- simulation ------------------------------------------------------------------------


@attrs.frozen
class SimulationSummary:
    """The totals of a run of :func:`simulate`.

    ``wins`` counts a shared win as ``1/k`` for each of the ``k`` winners, so the win
    shares add up to 1.
    """

    game_name: str
    seed: int
    games: int
    """Games played to the end."""
    requested: int
    """Games asked for (more than ``games`` if the run was interrupted)."""
    rounds: int
    """Rounds (hands) played in all, counted by :class:`~cardrules.HandScored` events."""
    wins: tuple[float, ...]
    score_totals: tuple[int, ...]
    elapsed: float
    """Seconds of wall-clock time."""

    @property
    def interrupted(self) -> bool:
        """True if the run stopped before all requested games were played."""
        return self.games < self.requested

    @property
    def mean_rounds(self) -> float:
        """Mean number of rounds per game."""
        return self.rounds / self.games if self.games else 0.0

    @property
    def win_shares(self) -> tuple[float, ...]:
        """Each seat's share of the wins, from 0 to 1."""
        return tuple(w / self.games if self.games else 0.0 for w in self.wins)

    @property
    def mean_scores(self) -> tuple[float, ...]:
        """Each seat's mean final score."""
        return tuple(t / self.games if self.games else 0.0 for t in self.score_totals)

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall-clock time."""
        return self.games / self.elapsed if self.elapsed > 0 else float("inf")

    def lines(self) -> list[str]:
        """The summary as printed by ``cardrules simulate``."""
        out = [
            f"Simulated {self.game_name} with random players, seed {self.seed}",
            f"Games played: {self.games}"
            + (f" of {self.requested} (interrupted)" if self.interrupted else ""),
            f"Mean rounds per game: {self.mean_rounds:.2f}",
            f"{'Seat':>4}  {'Win share':>9}  {'Mean final score':>16}",
        ]
        for seat, (share, mean) in enumerate(zip(self.win_shares, self.mean_scores, strict=True)):
            out.append(f"{seat:>4}  {share:>9.1%}  {mean:>16.2f}")
        out.append("(A win shared by k players counts 1/k for each of them.)")
        out.append(f"Elapsed: {self.elapsed:.2f} s ({self.games_per_second:.1f} games/s)")
        return out


def play_random_game(game: AnyGame, rng: random.Random) -> tuple[Any, int]:
    """Play one game with every seat a :class:`RandomPlayer` sharing ``rng``; the game's
    own seed is drawn from ``rng`` too. Returns the final state and the number of rounds
    (hands) played.

    >>> state, rounds = play_random_game(cr.Cramps(target=5), random.Random(3))
    >>> state.is_over, rounds >= 1
    (True, True)
    """
    player = RandomPlayer(rng)
    state = game.new_game(seed=rng.getrandbits(64))
    rounds = 0
    while not state.is_over:
        step = game.step(state, player(game, state))
        rounds += sum(1 for event in step.events if isinstance(event, cr.HandScored))
        state = step.state
    return state, rounds


def simulate(
    game: AnyGame,
    games: int,
    seed: int = 0,
    *,
    name: str | None = None,
    on_game: Callable[[], object] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> SimulationSummary:
    """Play ``games`` games between random players and total the results.

    Game ``i`` uses its own :class:`random.Random` derived from ``(seed, i)``, so the same
    seed gives the same games. ``on_game`` is called after each game (for a progress
    bar). Ctrl-C stops the run early; the summary then covers the games finished.

    >>> summary = simulate(cr.Cramps(target=5), games=4, seed=1)
    >>> summary.games, round(sum(summary.win_shares), 6)
    (4, 1.0)
    """
    start = clock()
    wins: list[float] = []
    totals: list[int] = []
    played = rounds = 0
    try:
        for index in range(games):
            state, game_rounds = play_random_game(game, _simulation_rng(seed, index))
            if not wins:
                wins = [0.0] * len(state.scores)
                totals = [0] * len(state.scores)
            for seat in state.winners:
                wins[seat] += 1 / len(state.winners)
            for seat, score in enumerate(state.scores):
                totals[seat] += score
            rounds += game_rounds
            played += 1
            if on_game is not None:
                on_game()
    except KeyboardInterrupt:
        pass
    return SimulationSummary(
        name or type(game).name or type(game).__name__,
        seed,
        played,
        games,
        rounds,
        tuple(wins),
        tuple(totals),
        clock() - start,
    )


def _progress_bar(total: int, stream: TextIO, label: str) -> Any:
    """A tqdm bar on ``stream``, or ``None`` if tqdm is not installed. tqdm's
    ``disable=None`` turns the bar off when ``stream`` is not a terminal; ``delay`` keeps
    short runs free of a bar."""
    try:
        tqdm_module = importlib.import_module("tqdm")
    except ImportError:
        return None
    return tqdm_module.tqdm(
        total=total, file=stream, disable=None, delay=0.5, leave=False, unit="game", desc=label
    )


# -- terminal play ---------------------------------------------------------------------


@attrs.define
class Console:
    """Where the game talks to the human: ``out`` for text, ``input_fn`` for lines.

    With ``ascii_only`` the suit symbols are written as letters (``Q♠`` as ``QS``), for
    terminals that cannot show them.
    """

    out: TextIO
    input_fn: InputFn
    ascii_only: bool = False

    def text(self, text: str) -> str:
        """``text`` as it will be shown (suit symbols replaced in ASCII mode)."""
        return text.translate(_SUIT_LETTER) if self.ascii_only else text

    def say(self, *lines: str) -> None:
        """Write each line."""
        for line in lines:
            self.out.write(self.text(line) + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str:
        """Read one line; raises ``EOFError`` (end of input) or ``KeyboardInterrupt``."""
        return self.input_fn(self.text(prompt))


def stream_input(stdin: TextIO, stdout: TextIO, *, echo: bool = False) -> InputFn:
    """An :data:`InputFn` that writes the prompt to ``stdout`` and reads a line from
    ``stdin``. With ``echo`` the line read is written back after the prompt, so that a
    transcript of scripted (piped) input reads like an interactive session."""

    def read(prompt: str) -> str:
        stdout.write(prompt)
        stdout.flush()
        line = stdin.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        if echo:
            stdout.write(line + "\n")
        return line

    return read


class GameAdapter:
    """The game-specific text of the command line: how a position is shown to the human,
    how a typed line becomes a move, how events are told.

    This base class works for any game, plainly: it shows the scores, the hand (if the
    view has one) and the legal moves numbered, and accepts a number or the text of a
    move. A game subclasses it to do better (see :class:`CrampsAdapter`).
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
        """Scores per seat, the human's marked."""
        return " | ".join(f"{self.seat(s, human)} {score}" for s, score in enumerate(scores))

    def legal_line(self, legal: Sequence[Any]) -> str:
        """The legal moves, numbered from 1."""
        return "  ".join(f"[{i}] {self.move_text(m)}" for i, m in enumerate(legal, 1))

    def describe_start(self, game: AnyGame, view: Any, human: int, seed: int) -> list[str]:
        """What is said when the game starts."""
        name = type(game).name or type(game).__name__
        return [
            f"{name.capitalize()}: you are seat {human}. Game seed {seed} "
            f"(play the same game again with --seed {seed}).",
            "Type ? for help.",
        ]

    def render_turn(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """The position shown before the human decides, from the human's view only."""
        lines = [""]
        if attrs.has(type(view)):  # every other public field of the view, plainly
            details = [
                f"{field.name.replace('_', ' ')} {_plain(getattr(view, field.name))}"
                for field in attrs.fields(type(view))
                if field.name not in _SHOWN_ELSEWHERE
            ]
            lines.append("Table: " + " | ".join(details))
        lines.append(f"Scores: {self.score_line(view.scores, human)}")
        hand = getattr(view, "hand", None)
        if hand is not None:
            lines.append("Your hand: " + (cr.format_cards(hand) or "(empty)"))
        lines.append("Legal: " + self.legal_line(view.legal_moves))
        return lines

    def prompt(self, legal: Sequence[Any]) -> str:
        """The input prompt."""
        return f"Your move ({self.input_hint}, ? for help, q to quit): "

    def help_lines(self, game: AnyGame) -> list[str]:
        """The help shown for ``?``."""
        return [
            "Type the number of a move from the Legal list, or the move as it is shown.",
            *_COMMAND_HELP,
        ]

    def parse_move(self, line: str, view: Any, legal: Sequence[Any]) -> Any:
        """The move the player means by ``line`` (already stripped and not a command).

        Raises :class:`MoveInputError` or :class:`~cardrules.CardrulesError` (e.g.
        :class:`~cardrules.CardParseError`) with a message for the player. The move need
        not be legal: the rules check it when it is applied.
        """
        move = self.pick_number(line, legal)
        if move is not None:
            return move
        wanted = _squash(line)
        for candidate in legal:
            if _squash(self.move_text(candidate)) == wanted:
                return candidate
        raise MoveInputError(f"{line!r} is not one of the legal moves")

    @staticmethod
    def pick_number(line: str, legal: Sequence[Any]) -> Any | None:
        """The move numbered ``line`` in ``legal`` (from 1), ``None`` if ``line`` is not a
        number; raises :class:`MoveInputError` for a number out of range."""
        if not (line.isascii() and line.isdigit()):
            return None
        number = int(line)
        if not 1 <= number <= len(legal):
            raise MoveInputError(f"there is no move number {number}; pick 1 to {len(legal)}")
        return legal[number - 1]

    def describe_event(self, event: cr.Event, human: int) -> list[str]:
        """What is said about one event of a step (the events every game shares)."""
        if isinstance(event, cr.MovePlayed):
            who = self.seat_title(event.seat, human)
            if isinstance(event.move, cr.Draw):
                return [f"  {who} {'draw' if event.seat == human else 'draws'}"]
            verb = "play" if event.seat == human else "plays"
            return [f"  {who} {verb} {self.move_text(event.move)}"]
        if isinstance(event, cr.TrickWon):
            verb = "win" if event.seat == human else "wins"
            cards = cr.format_cards(event.cards)
            return [
                f"  {self.seat_title(event.seat, human)} {verb} trick {event.number} "
                f"({cards}): {event.points:+d}"
            ]
        if isinstance(event, cr.HandScored):
            return [
                "",
                f"End of {self.round_word} {event.number}. "
                f"This {self.round_word}: {self.score_line(event.hand_scores, human)}",
                f"Totals: {self.score_line(event.scores, human)}",
            ]
        if isinstance(event, cr.HandDealt):
            return [
                "",
                f"{self.round_word.capitalize()} {event.number}: "
                f"{self.seat(event.dealer, human)} dealt {event.cards_each} cards each.",
            ]
        if isinstance(event, cr.GameOver):
            return self.describe_game_over(event, human)
        return []

    def describe_game_over(self, event: cr.GameOver, human: int) -> list[str]:
        """The final result."""
        names = " and ".join(self.seat(s, human) for s in event.winners)
        if event.winners == (human,):
            verdict = "You win!"
        elif len(event.winners) > 1:
            verdict = f"Shared win: {names}."
        else:
            verdict = f"{names[:1].upper() + names[1:]} wins."
        return [
            "",
            f"Game over. Final scores: {self.score_line(event.scores, human)}",
            verdict,
        ]


_COMMAND_HELP = (
    "Commands: ? or help shows this help; show shows the table again; q or quit leaves.",
    "Ctrl-D (end of input) also leaves; Ctrl-C interrupts.",
)


_SHOWN_ELSEWHERE = frozenset({"seat", "hand", "scores", "legal_moves", "to_move", "winners"})
_LONG = 8


def _plain(value: object) -> str:
    """A view field as short text: cards as cards, suits as symbols, long sequences cut
    to their last few items.

    >>> _plain((cr.Card.parse("QS"), cr.Card.parse("10h"))), _plain(cr.Suit.HEARTS)
    ('Q♠ 10♥', '♥')
    """
    if isinstance(value, (cr.Card, cr.Suit)):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if value is None:
        return "-"
    if isinstance(value, (tuple, list)):
        items = [_plain(item) for item in value]
        if len(items) > _LONG:
            items = ["…", *items[-_LONG:]]
        return " ".join(items) or "(none)"
    return str(value)


def _squash(text: str) -> str:
    return "".join(text.split()).upper().translate(_SUIT_LETTER)


class CrampsAdapter(GameAdapter):
    """Cramps at the terminal: trick and round, trick values, the hand by suit; cards
    typed as text (``QS``, ``q♠``, ``10h``, ``TH``) or picked by number."""

    round_word = "round"
    input_hint = "a card like QS or its number"

    def move_text(self, move: Any) -> str:
        """A card play is shown as the card."""
        return str(move.card) if isinstance(move, cr.Play) else str(move)

    def describe_start(self, game: AnyGame, view: Any, human: int, seed: int) -> list[str]:
        """Rules reminder, seat, seed and the first dealer."""
        target = getattr(game, "target", 31)
        return [
            f"Cramps: 4 players, 13 tricks a round, first to {target} points wins. "
            f"You are seat {human}.",
            f"Game seed {seed} (play the same deal again with --seed {seed}). Type ? for help.",
            "",
            f"Round {view.round_number}: {self.seat(view.dealer, human)} dealt.",
        ]

    def render_turn(self, game: AnyGame, view: Any, human: int) -> list[str]:
        """Round, trick and its value, scores, the trick so far, the hand by suit, the
        legal cards numbered."""
        number = view.trick_number
        values = getattr(game, "trick_values", None)
        worth = f", worth {values[number - 1]:+d}" if values is not None else ""
        trick = view.trick
        if trick.cards:
            so_far = ", ".join(f"{self.seat(seat, human)} {card}" for seat, card in trick.plays(4))
            trick_line = f"Trick so far: {so_far}"
        else:
            trick_line = "You lead this trick."
        lines = [
            "",
            f"Round {view.round_number}, trick {number} of 13{worth}.",
            f"Scores:      {self.score_line(view.scores, human)}",
            f"This round:  {self.score_line(view.round_scores, human)}",
            trick_line,
            "Your hand:",
        ]
        for suit in cr.Suit:
            cards = [card for card in view.hand if card.suit == suit]
            lines.append(f"  {suit.symbol}  " + (cr.format_cards(cards) or "-"))
        lines.append("Legal: " + self.legal_line(view.legal_moves))
        return lines

    def help_lines(self, game: AnyGame) -> list[str]:
        """How to play a card and the rules in brief."""
        return [
            "Play a card by typing it, rank then suit, in any case: QS, q♠, 10h, TH.",
            "Or type its number in the Legal list.",
            "Follow the suit led if you can; otherwise play any card. The highest card",
            "of the suit led wins the trick and leads the next. Trick k is worth the",
            "value shown; each Queen you take costs 1 point.",
            *_COMMAND_HELP,
        ]

    def parse_move(self, line: str, view: Any, legal: Sequence[Any]) -> Any:
        """A number from the Legal list, or a card the player holds."""
        move = self.pick_number(line, legal)
        if move is not None:
            return move
        card = cr.Card.parse(line)
        if card not in view.hand:
            # Checked here, not by the rules, whose message would say who holds it.
            raise MoveInputError(
                f"you do not hold {card}; your hand is {cr.format_cards(view.hand)}"
            )
        return cr.Play(card)


# -- the game registry -----------------------------------------------------------------


@attrs.frozen
class GameEntry:
    """A game the command line knows: its rules ``factory`` (called with the options as
    keywords), the ``adapter`` class for terminal play and a one-line ``description``."""

    name: str
    factory: Callable[..., AnyGame]
    adapter: Callable[[], GameAdapter] = GameAdapter
    description: str = ""


_GAMES: dict[str, GameEntry] = {}


def register_game(
    name: str,
    factory: Callable[..., AnyGame],
    adapter: Callable[[], GameAdapter] = GameAdapter,
    description: str = "",
) -> None:
    """Make ``name`` known to ``cardrules simulate`` and ``cardrules play``."""
    _GAMES[name] = GameEntry(name, factory, adapter, description)


def known_games() -> tuple[str, ...]:
    """The names of the games the command line knows: those registered here and every
    game class registered with the library."""
    return tuple(sorted(set(_GAMES) | set(cr.registered_games())))


def game_entry(name: str) -> GameEntry:
    """The entry for ``name`` (case-insensitive); raises ``KeyError`` with a message
    listing the known games."""
    key = name.lower()
    if key in _GAMES:
        return _GAMES[key]
    if key in cr.registered_games():
        return GameEntry(key, cr.game_class(key))
    raise KeyError(f"unknown game {name!r}; known games: {', '.join(known_games())}")


register_game("cramps", cr.Cramps, CrampsAdapter, "4 players, 13 tricks a round, first to 31 wins")


# -- playing one game ------------------------------------------------------------------


def _ask_move(
    game: AnyGame, state: Any, adapter: GameAdapter, console: Console, human: int
) -> cr.Step[Any] | None:
    """Ask the human until they make a legal move; the step it made, or ``None`` if they
    quit. ``EOFError`` and ``KeyboardInterrupt`` propagate."""
    view = game.observe(state, human)
    legal = game.legal_moves(state)
    console.say(*adapter.render_turn(game, view, human))
    while True:
        line = console.ask(adapter.prompt(legal)).strip()
        command = line.lower()
        if not line:
            continue
        if command in ("?", "help", "h"):
            console.say(*adapter.help_lines(game))
            continue
        if command in ("q", "quit", "exit"):
            return None
        if command in ("show", "table"):
            console.say(*adapter.render_turn(game, view, human))
            continue
        try:
            move = adapter.parse_move(line, view, legal)
            return game.step(state, move)
        except cr.IllegalMoveError as exc:
            console.say(f"Not allowed: {exc}. Try again (? for help).")
        except (ValueError, cr.MoveTypeError) as exc:  # includes MoveInputError
            console.say(f"Not understood: {exc}. Try again (? for help).")


def play_game(
    game: AnyGame,
    adapter: GameAdapter,
    console: Console,
    *,
    human: int = 0,
    seed: int = 0,
    computer: Player | None = None,
) -> int:
    """Play one game at the terminal: ``human`` is typed in through ``console``, every
    other seat is ``computer`` (by default a :class:`RandomPlayer` seeded from ``seed``).

    Returns an exit code: :data:`EXIT_OK` when the game ends, the player quits or the
    input ends, :data:`EXIT_INTERRUPTED` on Ctrl-C. Never raises for bad input.
    """
    if computer is None:
        computer = RandomPlayer(_play_rng(seed))
    state = game.new_game(seed=seed)
    seats = len(state.scores)
    if not 0 <= human < seats:
        raise cr.SetupError(f"the human must sit at a seat from 0 to {seats - 1}, not {human}")
    try:
        console.say(*adapter.describe_start(game, game.observe(state, human), human, seed))
        while not state.is_over:
            if state.to_move == human:
                step = _ask_move(game, state, adapter, console, human)
                if step is None:
                    console.say("You left the game.")
                    return EXIT_OK
            else:
                step = game.step(state, computer(game, state))
            for event in step.events:
                lines = adapter.describe_event(event, human)
                if lines:
                    console.say(*lines)
            state = step.state
    except EOFError:
        console.say("", "End of input: leaving the game.")
        return EXIT_OK
    except KeyboardInterrupt:
        console.say("", "Interrupted: leaving the game.")
        return EXIT_INTERRUPTED
    return EXIT_OK


# -- command line ----------------------------------------------------------------------


def parse_option(text: str) -> tuple[str, Any]:
    """Read a ``NAME=VALUE`` rules option: ints, ``true``/``false``, comma-separated int
    lists (as tuples), else text.

    >>> parse_option("target=21"), parse_option("packets=3,3,3,2,2")
    (('target', 21), ('packets', (3, 3, 3, 2, 2)))
    >>> parse_option("short_game=true")
    ('short_game', True)
    """
    name, sep, raw = text.partition("=")
    name = name.strip().replace("-", "_")
    if not sep or not name.isidentifier():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, e.g. target=21, not {text!r}")
    raw = raw.strip()
    value: Any = raw
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    elif _is_int(raw):
        value = int(raw)
    elif "," in raw and all(_is_int(part.strip()) for part in raw.split(",")):
        value = tuple(int(part) for part in raw.split(","))
    return name, value


def _is_int(text: str) -> bool:
    digits = text[1:] if text[:1] in ("+", "-") else text
    return digits.isascii() and digits.isdigit()


def _int_in(low: int, high: int | None, what: str) -> Callable[[str], int]:
    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be an integer, not {text!r}") from None
        if value < low or (high is not None and value > high):
            limit = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{what} must be {limit}, not {value}")
        return value

    return convert


def _build_parser() -> argparse.ArgumentParser:
    games_help = "; ".join(
        f"{name}" + (f" ({_GAMES[name].description})" if name in _GAMES else "")
        for name in known_games()
    )
    parser = argparse.ArgumentParser(
        prog="cardrules",
        description="Card-game rules on the command line: simulate games between random "
        "players, or play one against them. Games: " + games_help + ".",
        epilog="Exit codes: 0 success (also when you quit or input ends), 1 error, "
        "2 bad usage, 130 interrupted (Ctrl-C).",
    )
    parser.add_argument("--version", action="version", version=f"cardrules {cr.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    rules = argparse.ArgumentParser(add_help=False)
    rules.add_argument("game", help="the game to use: " + ", ".join(known_games()))
    rules.add_argument(
        "--target", type=_int_in(1, None, "--target"), help="the winning score (rules option)"
    )
    rules.add_argument(
        "--players", type=_int_in(1, None, "--players"), help="number of players (rules option)"
    )
    rules.add_argument(
        "-o",
        "--option",
        dest="options",
        action="append",
        default=[],
        type=parse_option,
        metavar="NAME=VALUE",
        help="any other rules option, e.g. -o packets=3,3,3,2,2 (repeatable)",
    )

    simulate_parser = sub.add_parser(
        "simulate",
        parents=[rules],
        help="play many games between random players and summarise them",
        description="Play games between uniformly random players and print the number of "
        "games, mean rounds per game, each seat's win share and mean final score, and "
        "the speed. The same --seed gives the same games.",
    )
    simulate_parser.add_argument(
        "--games", type=_int_in(1, None, "--games"), default=100, help="games to play (100)"
    )
    simulate_parser.add_argument(
        "--seed", type=_int_in(0, None, "--seed"), default=0, help="seed of the run (0)"
    )
    simulate_parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar")

    play_parser = sub.add_parser(
        "play",
        parents=[rules],
        help="play one game in the terminal against random players",
        description="Play one seat yourself; the other seats play random legal moves. "
        "Type ? during the game for help, q to quit. Ctrl-D leaves (exit code 0), "
        "Ctrl-C interrupts (exit code 130).",
    )
    play_parser.add_argument(
        "--seat", type=_int_in(0, None, "--seat"), default=0, help="your seat (0)"
    )
    play_parser.add_argument(
        "--seed",
        type=_int_in(0, _SEED_MAX, "--seed"),
        default=None,
        help="seed of the deal and of the computer players (random if not given)",
    )
    play_parser.add_argument(
        "--ascii",
        action="store_true",
        help="write suits as letters (QS, not Q♠); automatic if the terminal cannot "
        "show the symbols",
    )
    return parser


def _rules(entry: GameEntry, args: argparse.Namespace) -> AnyGame:
    options: dict[str, Any] = dict(args.options)
    if args.target is not None:
        options["target"] = args.target
    if args.players is not None:
        options["players"] = args.players
    factory = entry.factory
    if isinstance(factory, type) and attrs.has(factory):
        allowed = [f.name for f in attrs.fields(factory) if f.init]
        unknown = sorted(set(options) - set(allowed))
        if unknown:
            raise cr.RulesError(
                f"{entry.name} has no option {unknown[0]!r}; its options are " + ", ".join(allowed)
            )
    try:
        return factory(**options)
    except TypeError as exc:
        raise cr.RulesError(f"bad options for {entry.name}: {exc}") from None


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def _can_encode(stream: TextIO, text: str) -> bool:
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    input_fn: InputFn | None = None,
) -> int:
    """Run the ``cardrules`` command with ``argv`` (default ``sys.argv[1:]``) and return
    the exit code. The streams and ``input_fn`` default to the process's own; tests pass
    their own."""
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    parser = _build_parser()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    if args.command is None:
        parser.print_help(out)
        return EXIT_USAGE
    prog = f"cardrules {args.command}"
    try:
        entry = game_entry(args.game)
    except KeyError as exc:
        err.write(f"{prog}: error: {exc.args[0]}\n")
        return EXIT_USAGE
    try:
        game = _rules(entry, args)
    except cr.RulesError as exc:
        err.write(f"{prog}: error: {exc}\n")
        return EXIT_USAGE
    try:
        if args.command == "simulate":
            return _run_simulate(game, entry, args, out, err)
        return _run_play(game, entry, args, out, stdin, input_fn)
    except _UsageError as exc:
        err.write(f"{prog}: error: {exc}\n")
        return EXIT_USAGE
    except cr.CardrulesError as exc:
        err.write(f"{prog}: error: {exc}\n")
        return EXIT_ERROR


def _run_simulate(
    game: AnyGame, entry: GameEntry, args: argparse.Namespace, out: TextIO, err: TextIO
) -> int:
    bar = None if args.quiet else _progress_bar(args.games, err, entry.name)
    try:
        summary = simulate(
            game,
            args.games,
            args.seed,
            name=entry.name,
            on_game=None if bar is None else bar.update,
        )
    finally:
        if bar is not None:
            bar.close()
    for line in summary.lines():
        out.write(line + "\n")
    out.flush()
    return EXIT_INTERRUPTED if summary.interrupted else EXIT_OK


def _run_play(
    game: AnyGame,
    entry: GameEntry,
    args: argparse.Namespace,
    out: TextIO,
    stdin: TextIO | None,
    input_fn: InputFn | None,
) -> int:
    if input_fn is None:
        source = stdin if stdin is not None else sys.stdin
        interactive = _isatty(source)
        if source is sys.stdin and out is sys.stdout and interactive:
            input_fn = input  # line editing at a terminal
        else:
            input_fn = stream_input(source, out, echo=not interactive)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    seats = len(game.new_game(seed=seed).scores)
    if args.seat >= seats:
        raise _UsageError(f"--seat must be a seat from 0 to {seats - 1}, not {args.seat}")
    ascii_only = args.ascii or not _can_encode(out, "♣♦♥♠")
    console = Console(out, input_fn, ascii_only)
    return play_game(game, entry.adapter(), console, human=args.seat, seed=seed)
