"""`cardrules serve` in a real browser: Debian's Chromium driven by Playwright through a
whole hand of Craits with three human tabs (one of them calling "idiot" out of turn on
a player who forgot to say "one card"), and a whole deal of Hearts (passing
included) with one human tab against three bots. At every step each page's text is
checked against what its seat may know: a card the page shows must have been in the
seat's own view at some point of the game (its hand, the tricks, the discard pile...)
or in the game's public events, as the server's true states say.

Skips when Playwright or /usr/bin/chromium is missing, unless CARDRULES_REQUIRE_BROWSER=1
(as .ci/run sets it), which turns the skip into a failure. Screenshots go to the folder
CARDRULES_SCREENSHOTS names, else to the test's tmp_path (printed).
"""

from __future__ import annotations

import io
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardrules as cr
from cardrules.bots import bot_from_name
from cardrules.cards import Card
from cardrules.cli import main
from cardrules.events import events_for

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CARD_TEXT = re.compile(r"(?:10|[2-9TJQKA])[♠♥♦♣]")
MAX_STEPS = 400


def _missing(why: str) -> None:
    if os.environ.get("CARDRULES_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{why} (CARDRULES_REQUIRE_BROWSER=1: the browser test must run)")
    pytest.skip(why)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright is not installed (pip install playwright; it is in the test extra)")
    if not Path(CHROMIUM).exists():
        _missing(f"{CHROMIUM} is missing (Debian: apt-get install chromium)")
    pytest.importorskip("uvicorn")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("CARDRULES_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    print(f"screenshots in {folder}")
    return folder


@attrs.define
class Served:
    """`cardrules serve` running in a thread: its server (and so its table)."""

    server: Any
    out: io.StringIO

    @property
    def table(self) -> Any:
        return self.server.table


@pytest.fixture
def serve(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Run `cardrules serve ARGS --port 0` as the command does, in a thread; the
    TableServer it makes is caught on the way, for its table and to stop it."""
    import cardrules.web.server as web_server

    made: list[Any] = []
    threads: list[threading.Thread] = []

    class Caught(web_server.TableServer):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(web_server, "TableServer", Caught)

    def start(*argv: str) -> Served:
        out = io.StringIO()
        codes: list[int] = []
        thread = threading.Thread(
            target=lambda: codes.append(main(["serve", *argv, "--port", "0"], stdout=out)),
            daemon=True,
        )
        thread.start()
        threads.append(thread)
        while not (made and made[-1].started):
            assert thread.is_alive(), f"cardrules serve ended: {codes} {out.getvalue()}"
            thread.join(0.01)
        return Served(made[-1], out)

    yield start
    for server in made:
        server.stop()
    for thread in threads:
        thread.join(10)


def cards_in(value: Any, found: set[str]) -> set[str]:
    """Every card inside ``value`` (a view, an event: tuples, attrs classes and the
    library's slotted values walked through), as text."""
    if isinstance(value, Card):
        found.add(str(value))
    elif value is None or isinstance(value, (str, bytes, int, float)):
        pass
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            cards_in(item, found)
    elif isinstance(value, dict):
        for item in value.items():
            cards_in(item, found)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            cards_in(getattr(value, field.name), found)
    else:
        for kind in type(value).__mro__:
            for name in getattr(kind, "__slots__", ()):
                cards_in(getattr(value, name, None), found)
    return found


def knowledge(table: Any, seat: int) -> set[str]:
    """The cards ``seat`` may know, from the server's true game: those of its views of
    every state the game went through, and those of the public events."""
    game, record = table.game, table.record
    step = game.start(record.seed, **record.setup)
    known: set[str] = set()
    state = step.state
    for move in (None, *record.moves):
        if move is not None:
            step = game.step(state, move)
            state = step.state
        cards_in(game.observe(state, seat), known)
        cards_in(events_for(step.events, None), known)
    return known


def page_cards(page: Any) -> set[str]:
    """The cards a page shows: its card tiles and any card written in its text."""
    text = page.evaluate(
        "() => document.body.textContent + ' ' + "
        "[...document.querySelectorAll('[data-card]')].map(e => e.dataset.card).join(' ')"
    )
    return set(CARD_TEXT.findall(text))


def check_pages(table: Any, pages: dict[int, Any]) -> None:
    """Every page is at the table's version and shows no card its seat may not know."""
    version = str(table.version)
    for seat, page in pages.items():
        page.wait_for_function("v => document.body.dataset.version === v", arg=version)
        shown = page_cards(page)
        own = {str(card) for card in table.game.observe(table.state, seat).hand}
        assert own <= shown, f"seat {seat}'s page does not show its hand {own - shown}"
        unknown = shown - knowledge(table, seat)
        assert not unknown, f"seat {seat}'s page shows {sorted(unknown)}, which it may not know"


def act(page: Any, how: str, move_id: int) -> None:
    """Make the move ``move_id`` on ``page``: by a click, by typing its text, or by its
    number key; and wait for the table's answer."""
    before = page.evaluate("() => [document.body.dataset.version, document.body.dataset.errors]")
    button = page.locator(f'#moves button[data-move-id="{move_id}"]')
    if how == "type":
        text = (button.locator(".move-text").text_content() or "").strip()
        page.fill("#move-text", text)
        page.press("#move-text", "Enter")
    elif how == "key":
        index = page.locator("#moves button").evaluate_all(
            "(buttons, id) => buttons.findIndex(b => b.dataset.moveId === id)", str(move_id)
        )
        if not 0 <= index < 9:
            button.click()
        else:
            page.locator("#moves button").first.focus()
            page.keyboard.press(str(index + 1))
    else:
        button.click()
    page.wait_for_function(
        "([v, e]) => document.body.dataset.version !== v || document.body.dataset.errors !== e",
        arg=before,
    )
    error = page.inner_text("#error")
    assert not error, f"the table refused the move ({how}): {error}"


def open_page(browser: Any, url: str) -> Any:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.wait_for_selector("body[data-version]")
    assert not errors, errors
    return page


def ways(step: int) -> str:
    return ("click", "click", "type", "click", "key")[step % 5]


def test_craits_three_human_tabs_through_a_hand(browser: Any, serve: Any, shots: Path) -> None:
    served = serve("craits", "--players", "3", "--seed", "3")
    table = served.table
    assert table.human_seats == (0, 1, 2)
    for seat in range(3):
        assert f"seat {seat}: {served.server.url}?seat={seat}" in served.out.getvalue()
    pages = {seat: open_page(browser, f"{served.server.url}?seat={seat}") for seat in range(3)}
    for seat, page in pages.items():
        page.screenshot(path=shots / f"craits-seat{seat}-start.png", full_page=True)
    game = table.game
    bot = bot_from_name("heuristic")
    first_hand = game.observe(table.state, 0).hand_number
    called_out_of_turn = False
    steps = 0
    while not table.over and game.observe(table.state, 0).hand_number == first_hand:
        check_pages(table, pages)
        steps += 1
        assert steps < MAX_STEPS, "the hand did not end"
        mover = table.state.to_move
        if not called_out_of_turn:  # once: a call out of turn, if one is offered
            for seat, page in pages.items():
                offered = page.locator("#moves button")
                if seat != mover and offered.count():
                    act(page, "click", int(offered.first.get_attribute("data-move-id")))
                    called_out_of_turn = True
                    break
            if called_out_of_turn:
                continue
        view = game.observe(table.state, mover)
        move = bot.choose(game, view, view.legal_moves, steps)
        if not called_out_of_turn and len(view.hand) == 2:  # forget "one card": "idiot!"
            move = next((m for m in view.legal_moves if quiet_play(m)), move)
        act(pages[mover], ways(steps), game.move_id(move))
        if steps == 12:
            pages[mover].screenshot(path=shots / f"craits-seat{mover}-play.png", full_page=True)
    check_pages(table, pages)
    for seat, page in pages.items():
        page.screenshot(path=shots / f"craits-seat{seat}-end.png", full_page=True)
        page.close()
    assert steps > 10 and called_out_of_turn


def quiet_play(move: Any) -> bool:
    """Whether ``move`` plays a card without saying "one card"."""
    return isinstance(move, cr.Play) and not move.announce


def test_hearts_passing_against_bots_through_a_deal(browser: Any, serve: Any, shots: Path) -> None:
    served = serve("hearts", "--bots", "heuristic,heuristic,heuristic", "--seed", "4")
    table = served.table
    assert table.human_seats == (0,) and table.bots == {s: "heuristic" for s in (1, 2, 3)}
    page = open_page(browser, served.server.url)  # the first free seat: 0
    pages = {0: page}
    game = table.game
    view = game.observe(table.state, 0)
    assert view.phase == "pass"
    page.screenshot(path=shots / "hearts-pass.png", full_page=True)
    first_round = view.round_number
    steps = 0
    while not table.over and game.observe(table.state, 0).round_number == first_round:
        check_pages(table, pages)
        steps += 1
        assert steps < MAX_STEPS, "the deal did not end"
        view = game.observe(table.state, 0)
        move = bot_from_name("heuristic").choose(game, view, view.legal_moves, steps)
        act(page, ways(steps), game.move_id(move))
        if steps == 6:
            page.screenshot(path=shots / "hearts-play.png", full_page=True)
    check_pages(table, pages)
    page.screenshot(path=shots / "hearts-end.png", full_page=True)
    assert steps >= 3 + 13  # three cards passed, thirteen played
    text = page.inner_text("#log")
    assert "You pass" in text or "you pass" in text
