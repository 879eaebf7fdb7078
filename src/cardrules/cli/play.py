"""``cardrules play``: the turn loop of one game at the terminal, for any game.

The human's seat is typed in through a :class:`~cardrules.cli.console.Console`; every
other seat is a computer player. Before each computer move, any move the human's view
offers out of turn (in Craits, an "idiot" call) is offered once, as a yes/no question
whose default is no. A human with a single legal move has it made for them (unless
asked to confirm every move).

Input that is not a terminal (a pipe, a file) and is not understood
:data:`TRIES` times in a row at the same question makes the game give up, with exit
code :data:`~cardrules.cli.base.EXIT_ERROR`, instead of asking forever
(``yes 1 | cardrules play craits`` answers every yes/no question with ``1``). At a
terminal the human is asked until they answer.

Two seeds make a game: the game's seed deals the cards, the bot seed makes the computer
players' choices. They are independent (a computer player's seeds say nothing about the
deal), both are fresh from the operating system unless given, and the game's seed is
told only when the game is over or abandoned: while it is on, it would give away every
hand.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import cardrules as cr
from cardrules import rng as seeds
from cardrules.bots import Bot
from cardrules.cli.base import (
    EXIT_ERROR,
    EXIT_INTERRUPTED,
    EXIT_OK,
    AnyGame,
    InputFn,
    Player,
    UsageError,
)
from cardrules.cli.console import (
    Console,
    can_encode,
    enable_line_editing,
    isatty,
    stream_input,
    terminal_width,
)
from cardrules.cli.simulate import RandomPlayer
from cardrules.terminal import GameAdapter

__all__ = ["TRIES", "BotPlayer", "play_game", "run_play"]

TRIES = 3
"""How many answers in a row piped input may give that are not understood (or not
allowed) at one question before the game gives up."""

_HELP = frozenset({"?", "help", "h"})
_QUIT = frozenset({"q", "quit", "exit"})
_SHOW = frozenset({"show", "table"})


class _LeaveGame(Exception):
    """The human typed q."""


class _GiveUp(Exception):
    """Piped input gave :data:`TRIES` answers in a row that were not understood; the
    message says what was asked."""


class _Tries:
    """Counts the answers in a row that did not do at one question, for input that is
    not a terminal; at a terminal it never gives up."""

    def __init__(self, console: Console, question: str) -> None:
        self.left = TRIES if not console.interactive else None
        self.question = question

    def failed(self) -> None:
        """One more answer that did not do; raises :class:`_GiveUp` at the last."""
        if self.left is None:
            return
        self.left -= 1
        if self.left <= 0:
            raise _GiveUp(
                f"Giving up: {TRIES} answers in a row to {self.question} were not "
                "understood, and the input is not a terminal to ask again."
            )


class BotPlayer:
    """A computer player driven by a :class:`~cardrules.bots.Bot`: it gives the bot only
    the view of the seat to move, with a decision seed drawn from its own generator.

    ``seed`` is the bot seed (``cardrules play --bot-seed``), which reproduces the
    bot's choices; ``None`` draws a fresh one (:func:`cardrules.rng.new_seed`). Give it
    a seed of its own, never the game's: the bot is handed seeds derived from it, and
    could otherwise try small game seeds until one deals its hand.

    >>> from cardrules.bots import RandomBot
    >>> game = cr.Cramps()
    >>> state = game.new_game(seed=1)
    >>> BotPlayer(RandomBot(), seed=5)(game, state) in game.legal_moves(state)
    True
    """

    def __init__(self, bot: Bot, seed: int | None = None) -> None:
        self.bot = bot
        self.seed = seeds.resolve_seed(seed)
        """The bot seed its choices come from."""
        self._rng = random.Random(f"cardrules-bots:{self.seed}")

    def __call__(self, game: AnyGame, state: Any) -> Any:
        """The bot's move for the seat to move in ``state``."""
        view = game.observe(state, state.to_move)
        return self.bot.choose(game, view, view.legal_moves, self._rng.getrandbits(64))


def _play_rng(bot_seed: int) -> random.Random:
    return random.Random(f"cardrules-play:{bot_seed}")


def _ask_move(
    game: AnyGame,
    state: Any,
    adapter: GameAdapter,
    console: Console,
    human: int,
    *,
    confirm: bool = False,
) -> cr.Step[Any]:
    """Ask the human until they make a legal move; the step it made. A single legal
    move is made at once, saying so, unless ``confirm``. Raises :class:`_LeaveGame` if
    they quit; ``EOFError`` and ``KeyboardInterrupt`` propagate."""
    view = game.observe(state, human)
    legal = adapter.listed_moves(game.legal_moves(state))
    console.say(*adapter.render_turn(game, view, human))
    if len(legal) == 1 and not confirm:
        console.say(adapter.only_move_line(legal[0]))
        return game.step(state, legal[0], seat=human)
    tries = _Tries(console, "the move prompt")
    while True:
        line = console.ask(adapter.prompt(legal)).strip()
        command = line.lower()
        if not line:
            tries.failed()
            continue
        if command in _HELP:
            console.say(*adapter.help_lines(game))
            continue
        if command in _QUIT:
            raise _LeaveGame
        if command in _SHOW:
            console.say(*adapter.render_turn(game, view, human))
            continue
        try:
            move = adapter.parse_move(line, view, legal, game)
        except cr.IllegalMoveError as exc:
            console.say(f"Not allowed: {exc}. Try again (? for help).")
        except (ValueError, cr.MoveTypeError) as exc:  # a MoveParseError above all
            console.say(f"Not understood: {exc}. Try again (? for help).")
        else:
            try:
                return game.step(state, move, seat=human)
            except cr.IllegalMoveError as exc:  # (parse_move gives legal moves only)
                refusal = adapter.refusal(exc, move, view, human)
                console.say(f"Not allowed: {refusal}. Try again (? for help).")
        tries.failed()


def _offer(
    game: AnyGame,
    state: Any,
    adapter: GameAdapter,
    console: Console,
    human: int,
    declined: list[Any],
) -> cr.Step[Any] | None:
    """Offer the human each move their view lists out of turn that they have not yet
    declined; the step of the one they accept, or ``None``. ``declined`` keeps the
    moves refused while they stay available, so the human is asked once per chance.
    An answer that is neither yes nor no (nor a command) is asked again; Enter is no."""
    offers: Sequence[Any] = getattr(game.observe(state, human), "legal_moves", ())
    declined[:] = [move for move in declined if move in offers]
    for move in offers:
        if move in declined:
            continue
        tries = _Tries(console, "a yes/no question")
        while True:
            answer = console.ask(adapter.offer_prompt(move, human)).strip().lower()
            if answer in _QUIT:
                raise _LeaveGame
            if answer in _HELP:
                console.say(*adapter.help_lines(game))
            elif adapter.accepts_offer(answer) and answer:
                return game.step(state, move, seat=human)
            elif adapter.declines_offer(answer):
                break
            else:
                tries.failed()
                console.say(adapter.offer_retry_line())
        declined.append(move)
    return None


def play_game(
    game: AnyGame,
    adapter: GameAdapter,
    console: Console,
    *,
    human: int = 0,
    seed: int | None = None,
    computer: Player | None = None,
    bot_seed: int | None = None,
    confirm: bool = False,
) -> int:
    """Play one game at the terminal: ``human`` is typed in through ``console``, every
    other seat is ``computer`` (by default a
    :class:`~cardrules.cli.simulate.RandomPlayer` seeded from ``bot_seed``, never from
    the game's seed).

    ``seed`` deals the game; ``None`` draws a fresh one
    (:func:`cardrules.rng.new_seed`), as does ``bot_seed``. The game's seed is told
    only when the game is over or the human leaves it (with ``bot_seed``, if given or
    used here), so that it can be replayed.

    Before each computer move the human is offered, once, any move their view allows
    out of turn (an "idiot" call in Craits). When the human has a single legal move it
    is made for them, saying so, unless ``confirm``.

    Returns an exit code: :data:`~cardrules.cli.base.EXIT_OK` when the game ends, the
    player quits or the input ends, :data:`~cardrules.cli.base.EXIT_INTERRUPTED` on
    Ctrl-C, :data:`~cardrules.cli.base.EXIT_ERROR` when input that is not a terminal
    (``console.interactive`` false) gives :data:`TRIES` answers in a row that do not do.
    Never raises for bad input.
    """
    seed = seeds.resolve_seed(seed)
    if computer is None:
        bot_seed = seeds.resolve_seed(bot_seed)
        computer = RandomPlayer(_play_rng(bot_seed))
    started = game.start(seed=seed)
    state = started.state
    seats = len(state.scores)
    if not 0 <= human < seats:
        raise cr.SetupError(f"the human must sit at a seat from 0 to {seats - 1}, not {human}")
    replay = adapter.seed_lines(seed, bot_seed)
    declined: list[Any] = []
    try:
        console.say(
            *adapter.describe_start(game, game.observe(state, human), human),
            # The deal, and in Craits the turned-up card and whatever it did.
            *adapter.describe_events(started.events, human, game),
        )
        while not state.is_over:
            seen = game.observe(state, human)
            if state.to_move == human:
                step = _ask_move(game, state, adapter, console, human, confirm=confirm)
            else:
                offered = _offer(game, state, adapter, console, human, declined)
                if offered is None:
                    mover = state.to_move
                    step = game.step(state, computer(game, state), seat=mover)
                else:
                    step = offered
            after = game.observe(step.state, human)
            lines = adapter.step_lines(game, state, step, seen, after, human)
            if lines:
                console.say(*lines)
            state = step.state
    except _LeaveGame:
        console.say("You left the game.", *replay)
        return EXIT_OK
    except _GiveUp as exc:
        console.say("", str(exc), *replay)
        return EXIT_ERROR
    except EOFError:
        console.say("", "End of input: leaving the game.", *replay)
        return EXIT_OK
    except KeyboardInterrupt:
        console.say("", "Interrupted: leaving the game.", *replay)
        return EXIT_INTERRUPTED
    console.say("", *replay)
    return EXIT_OK


def run_play(
    game: AnyGame,
    adapter: GameAdapter,
    *,
    seat: int,
    seed: int | None,
    opponents: Bot | None,
    ascii_only: bool,
    out: TextIO,
    stdin: TextIO | None = None,
    input_fn: InputFn | None = None,
    bot_seed: int | None = None,
    confirm: bool = False,
) -> int:
    """Run ``cardrules play``: choose the input (line editing at a terminal, echoed
    lines from a pipe, giving up on lines not understood :data:`TRIES` times in a row),
    wrap the output to the terminal's width if it is one, check the seat, and play.
    ``opponents`` is the bot of every computer seat (``None``: random moves). ``seed``
    deals the game and ``bot_seed`` seeds the computer players, independently;
    ``None`` draws a fresh one (:func:`cardrules.rng.new_seed`). ``confirm`` asks for a
    single legal move too.
    Raises :class:`~cardrules.cli.base.UsageError` for a seat outside the table."""
    interactive = True  # an input function of the caller's: asked until it answers
    if input_fn is None:
        source = stdin if stdin is not None else sys.stdin
        interactive = isatty(source)
        if source is sys.stdin and out is sys.stdout and interactive:
            enable_line_editing()
            input_fn = input  # line editing at a terminal (with readline)
        else:
            input_fn = stream_input(source, out, echo=not interactive)
    seed = seeds.resolve_seed(seed)
    bot_seed = seeds.resolve_seed(bot_seed)
    seats = len(game.new_game(seed=seed).scores)
    if seat >= seats:
        raise UsageError(f"--seat must be a seat from 0 to {seats - 1}, not {seat}")
    console = Console(
        out,
        input_fn,
        ascii_only or not can_encode(out, "♣♦♥♠→"),
        width=terminal_width if isatty(out) else None,
        interactive=interactive,
    )
    computer = None if opponents is None else BotPlayer(opponents, bot_seed)
    return play_game(
        game,
        adapter,
        console,
        human=seat,
        seed=seed,
        computer=computer,
        bot_seed=bot_seed,
        confirm=confirm,
    )
