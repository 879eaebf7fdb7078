"""What a user gets from the wheel alone (used by .ci/run, in a fresh virtual
environment where only the wheel and its runtime dependencies are installed):

    python .ci/wheel_check.py

Run it from outside the checkout, so that the installed package is imported and not
``src/``; it refuses to run on anything else. It checks that ``import cardrules as cr``
gives all ten games, that each plays 100 random games at its defaults to their end,
that a record of a whole game round-trips through JSON, and that ``cardrules play
spades`` works in a terminal: in a pseudo-terminal it types a legal move or two read
off the screen, then ``quit``, and checks the screen and the exit code. Prints what it
checked; exits 1 on the first failure, saying what went wrong. Standard library only
(besides cardrules); Linux and macOS.
"""

from __future__ import annotations

import os
import random
import re
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import cardrules as cr
from cardrules.games import shipped_games

CHECKOUT = Path(__file__).resolve().parent.parent
GAMES = {
    "craits": cr.Craits,
    "cramps": cr.Cramps,
    "crazy_eights": cr.CrazyEights,
    "euchre": cr.Euchre,
    "hearts": cr.Hearts,
    "oh_hell": cr.OhHell,
    "president": cr.President,
    "skat": cr.Skat,
    "spades": cr.Spades,
    "uno": cr.Uno,
}
RANDOM_GAMES = 100
PLAY_TIMEOUT = 60.0  # seconds for the whole terminal session (it takes about one)
QUIET = 0.4  # seconds without output after which the program is waiting for a line


class CheckFailed(Exception):
    """A check that failed; the message says what was wrong."""


def check(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)


def installed_package() -> None:
    """The package imported is the installed one, in this environment."""
    where = Path(cr.__file__).resolve()
    check(
        CHECKOUT / "src" not in where.parents,
        f"cardrules was imported from the checkout ({where}), not from the wheel",
    )
    check(
        Path(sys.prefix).resolve() in where.parents,
        f"cardrules was imported from {where}, outside this environment ({sys.prefix})",
    )
    print(f"cardrules {cr.__version__} imported from {where.parent}")


def shipped_ten() -> None:
    """``cr`` names the ten games, which are the registered and shipped ones."""
    check(
        cr.registered_games() == tuple(GAMES),
        f"registered games: {cr.registered_games()}, not {tuple(GAMES)}",
    )
    check(
        shipped_games() == GAMES,
        f"shipped games: {sorted(shipped_games())}, not {sorted(GAMES)}",
    )
    for name, rules_class in GAMES.items():
        check(cr.game_class(name) is rules_class, f"cr.game_class({name!r}) is not cr.{name}")
    print("import cardrules as cr gives", ", ".join(f"cr.{c.__name__}" for c in GAMES.values()))


def random_game(game: cr.Game[Any, Any, Any], seed: int) -> tuple[Any, list[Any]]:
    """A game of random legal moves from ``seed``: its last state and its moves."""
    chooser = random.Random(seed)
    state = game.new_game(seed=seed)
    moves: list[Any] = []
    cap = game.move_cap()
    while not state.is_over:
        check(len(moves) < cap, f"{game.name}: game {seed} not over after {cap} moves")
        move = chooser.choice(game.legal_moves(state))
        state = game.apply(state, move)
        moves.append(move)
    return state, moves


def random_games_and_records() -> None:
    """Each game plays ``RANDOM_GAMES`` random games to their end; the first game's
    record round-trips through JSON to the same last state."""
    for name, rules_class in GAMES.items():
        game = rules_class()
        began = time.perf_counter()
        total = 0
        for seed in range(RANDOM_GAMES):
            state, moves = random_game(game, seed)
            total += len(moves)
            if seed == 0:
                record = cr.GameRecord.start(game, seed=seed)
                for move in moves:
                    record = record.then(move)
                again = cr.GameRecord.from_json(record.to_json())
                check(again == record, f"{name}: the record read back is not the one written")
                check(
                    again.final_state() == state,
                    f"{name}: the record read back does not replay to the game's last state",
                )
        seconds = time.perf_counter() - began
        print(
            f"{name}: {RANDOM_GAMES} random games to their end ({total} moves, {seconds:.1f} s);"
            " a record round-trips"
        )


# -- cardrules play spades in a terminal ------------------------------------------------

ESCAPES = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|[@-Z\\-_])")
FIRST_LEGAL = re.compile(r"\[1\] (.+?)(?:  |$)")
FIRST_NUMBER = re.compile(r"\b(\d+)\b")


class Terminal:
    """A program running in a pseudo-terminal: what it writes is the screen, and lines
    can be typed into it."""

    def __init__(self, argv: list[str]) -> None:
        master, slave = os.openpty()
        env = {**os.environ, "COLUMNS": "200", "LINES": "50", "TERM": "dumb"}
        env["PYTHONIOENCODING"] = "utf-8"
        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
        )
        os.close(slave)
        self.master = master
        self.screen = ""
        self.deadline = time.monotonic() + PLAY_TIMEOUT

    def read(self) -> str:
        """What the program writes until it waits for a line (a line begun but not
        ended, a prompt, and no output for ``QUIET`` seconds) or ends: the new part of
        the screen, escapes removed."""
        chunks: list[bytes] = []
        while True:
            left = self.deadline - time.monotonic()
            check(left > 0, f"the session took over {PLAY_TIMEOUT:.0f} s:\n{self.screen}")
            ready, _, _ = select.select([self.master], [], [], min(QUIET, left))
            if not ready:
                prompted = bool(chunks) and not chunks[-1].endswith(b"\n")
                if prompted or self.process.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # (Linux: the program ended and closed the terminal)
                break
            if not chunk:
                break
            chunks.append(chunk)
        text = ESCAPES.sub("", b"".join(chunks).decode("utf-8", "replace")).replace("\r", "")
        self.screen += text
        return text

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\n")

    def close(self) -> int:
        """The program's exit code, once it has ended (killed after a few seconds)."""
        try:
            code = self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise CheckFailed(f"the program did not end after quit:\n{self.screen}") from None
        finally:
            os.close(self.master)
        return code


def legal_move_shown(screen: str) -> str:
    """A legal move as the last Legal line on ``screen`` shows it: the first move of a
    numbered list (``[1] 4♣``: ``4♣``), or, in a line that says what to type rather
    than listing the moves (Spades' bids: ``bid Nil (0) or 1 to 13``), its first
    number."""
    lines = [line for line in screen.splitlines() if line.lstrip().startswith("Legal:")]
    check(bool(lines), f"no Legal line on the screen:\n{screen}")
    found = FIRST_LEGAL.search(lines[-1]) or FIRST_NUMBER.search(lines[-1])
    check(found is not None, f"the Legal line shows no move to type: {lines[-1]!r}")
    assert found is not None
    return found.group(1).strip()


def play_spades_in_a_terminal() -> None:
    """``cardrules play spades --seed 1``: two legal moves typed as the screen shows
    them (a bid, a card), then ``quit``."""
    script = Path(sys.executable).with_name("cardrules")
    check(script.is_file(), f"the wheel installed no cardrules command ({script})")
    terminal = Terminal([str(script), "play", "spades", "--seed", "1", "--bot-seed", "2"])
    try:
        screen = terminal.read()
        check("Spades" in screen or "spades" in screen, f"no game of Spades shown:\n{screen}")
        for _ in range(2):
            move = legal_move_shown(screen)
            terminal.type(move)
            screen = terminal.read()
            check(
                "Not understood" not in screen and "Not allowed" not in screen,
                f"the move {move!r}, typed as the screen shows it, was refused:\n{screen}",
            )
            check("Legal:" in screen, f"no next turn after {move!r}:\n{screen}")
            print(f"cardrules play spades: typed {move!r}, as the screen shows it")
        terminal.type("quit")
        screen = terminal.read()
    finally:
        code = terminal.close()
    check(code == 0, f"cardrules play exited with {code}, not 0:\n{terminal.screen}")
    check("You left the game." in screen, f"quit did not leave the game:\n{screen}")
    check("--seed 1" in screen, f"the seed was not told on leaving:\n{screen}")
    print("cardrules play spades: quit, exit code 0, the seed told on leaving")


def main() -> int:
    began = time.perf_counter()
    try:
        installed_package()
        shipped_ten()
        random_games_and_records()
        play_spades_in_a_terminal()
    except CheckFailed as failure:
        print(f"wheel check FAILED: {failure}")
        return 1
    print(f"the wheel passes its checks ({time.perf_counter() - began:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
