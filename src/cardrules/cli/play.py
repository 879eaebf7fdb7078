"""``cardrules play``: the turn loop of one game at the terminal, for any game.

The human's seat is typed in through a :class:`~cardrules.cli.console.Console`; every
other seat is a computer player. Before each computer move, any move the human's view
offers out of turn (in Craits, an "idiot" call) is offered once, as a yes/no question
whose default is no.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import cardrules as cr
from cardrules.bots import Bot
from cardrules.cli.adapter import GameAdapter
from cardrules.cli.base import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    AnyGame,
    InputFn,
    Player,
    UsageError,
)
from cardrules.cli.console import Console, can_encode, isatty, stream_input
from cardrules.cli.simulate import RandomPlayer

__all__ = ["BotPlayer", "play_game", "run_play"]

_HELP = frozenset({"?", "help", "h"})
_QUIT = frozenset({"q", "quit", "exit"})
_SHOW = frozenset({"show", "table"})
_NO = frozenset({"n", "no"})


class _LeaveGame(Exception):
    """The human typed q."""


class BotPlayer:
    """A computer player driven by a :class:`~cardrules.bots.Bot`: it gives the bot only
    the view of the seat to move, with a seed drawn from its own generator (so a seed
    reproduces its choices).

    >>> from cardrules.bots import RandomBot
    >>> game = cr.Cramps()
    >>> state = game.new_game(seed=1)
    >>> BotPlayer(RandomBot(), seed=5)(game, state) in game.legal_moves(state)
    True
    """

    def __init__(self, bot: Bot, seed: int) -> None:
        self.bot = bot
        self._rng = random.Random(f"cardrules-bots:{seed}")

    def __call__(self, game: AnyGame, state: Any) -> Any:
        """The bot's move for the seat to move in ``state``."""
        view = game.observe(state, state.to_move)
        return self.bot.choose(game, view, view.legal_moves, self._rng.getrandbits(64))


def _play_rng(seed: int) -> random.Random:
    return random.Random(f"cardrules-play:{seed}")


def _ask_move(
    game: AnyGame, state: Any, adapter: GameAdapter, console: Console, human: int
) -> cr.Step[Any]:
    """Ask the human until they make a legal move; the step it made. Raises
    :class:`_LeaveGame` if they quit; ``EOFError`` and ``KeyboardInterrupt`` propagate."""
    view = game.observe(state, human)
    legal = game.legal_moves(state)
    console.say(*adapter.render_turn(game, view, human))
    while True:
        line = console.ask(adapter.prompt(legal)).strip()
        command = line.lower()
        if not line:
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
            move = adapter.parse_move(line, view, legal)
            return game.step(state, move, seat=human)
        except cr.IllegalMoveError as exc:
            console.say(f"Not allowed: {exc}. Try again (? for help).")
        except (ValueError, cr.MoveTypeError) as exc:  # includes MoveInputError
            console.say(f"Not understood: {exc}. Try again (? for help).")


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
    moves refused while they stay available, so the human is asked once per chance."""
    offers: Sequence[Any] = getattr(game.observe(state, human), "legal_moves", ())
    declined[:] = [move for move in declined if move in offers]
    for move in offers:
        if move in declined:
            continue
        while True:
            answer = console.ask(adapter.offer_prompt(move, human)).strip().lower()
            if answer in _QUIT:
                raise _LeaveGame
            if answer in _HELP:
                console.say(*adapter.help_lines(game))
                continue
            break
        if answer and adapter.accepts_offer(answer):
            return game.step(state, move, seat=human)
        if answer and answer not in _NO:
            console.say("(Taken as no.)")
        declined.append(move)
    return None


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
    other seat is ``computer`` (by default a
    :class:`~cardrules.cli.simulate.RandomPlayer` seeded from ``seed``).

    Before each computer move the human is offered, once, any move their view allows
    out of turn (an "idiot" call in Craits).

    Returns an exit code: :data:`~cardrules.cli.base.EXIT_OK` when the game ends, the
    player quits or the input ends, :data:`~cardrules.cli.base.EXIT_INTERRUPTED` on
    Ctrl-C. Never raises for bad input.
    """
    if computer is None:
        computer = RandomPlayer(_play_rng(seed))
    started = game.start(seed=seed)
    state = started.state
    seats = len(state.scores)
    if not 0 <= human < seats:
        raise cr.SetupError(f"the human must sit at a seat from 0 to {seats - 1}, not {human}")
    declined: list[Any] = []
    try:
        console.say(
            *adapter.describe_start(game, game.observe(state, human), human, seed),
            # The deal, and in Craits the turned-up card and whatever it did.
            *adapter.describe_events(started.events, human, game),
        )
        while not state.is_over:
            seen = game.observe(state, human)
            if state.to_move == human:
                step = _ask_move(game, state, adapter, console, human)
            else:
                offered = _offer(game, state, adapter, console, human, declined)
                if offered is None:
                    mover = state.to_move
                    step = game.step(state, computer(game, state), seat=mover)
                else:
                    step = offered
            lines = adapter.describe_events(step.events, human, game)
            lines += adapter.describe_change(seen, game.observe(step.state, human), human)
            if lines:
                console.say(*lines)
            state = step.state
    except _LeaveGame:
        console.say("You left the game.")
        return EXIT_OK
    except EOFError:
        console.say("", "End of input: leaving the game.")
        return EXIT_OK
    except KeyboardInterrupt:
        console.say("", "Interrupted: leaving the game.")
        return EXIT_INTERRUPTED
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
) -> int:
    """Run ``cardrules play``: choose the input (line editing at a terminal, echoed
    lines from a pipe), check the seat, and play. ``opponents`` is the bot of every
    computer seat (``None``: random moves). Raises
    :class:`~cardrules.cli.base.UsageError` for a seat outside the table."""
    if input_fn is None:
        source = stdin if stdin is not None else sys.stdin
        interactive = isatty(source)
        if source is sys.stdin and out is sys.stdout and interactive:
            input_fn = input  # line editing at a terminal
        else:
            input_fn = stream_input(source, out, echo=not interactive)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    seats = len(game.new_game(seed=seed).scores)
    if seat >= seats:
        raise UsageError(f"--seat must be a seat from 0 to {seats - 1}, not {seat}")
    console = Console(out, input_fn, ascii_only or not can_encode(out, "♣♦♥♠→"))
    computer = None if opponents is None else BotPlayer(opponents, seed)
    return play_game(game, adapter, console, human=seat, seed=seed, computer=computer)
