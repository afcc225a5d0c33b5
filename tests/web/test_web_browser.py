"""Whole games of every game in headless Chromium (Debian's package, driven by Playwright): two
people in separate browser contexts and a bot, playing with buttons, keys, taps and pieces of the
board, one of them reloading mid-game, through to the results, the record download, the rematch
(back in one's old seat) and the replay."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow  # whole games in Chromium


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The browser games run on SQLite; the server tests cover both backends."""
    return str(tmp_path / "tables.sqlite3")


def create_in_lobby(page: Page, base: str, game: str, options: dict[str, Any], seats: list[str]) -> str:
    page.goto(base + "/")
    page.select_option("#game", game)
    for name, value in options.items():
        page.fill(f"#opt-{name}", str(value))
    page.dispatch_event("#opt-players", "input")
    for seat, choice in enumerate(seats):
        page.select_option(f"select[name=seat-{seat}]", choice)
    page.fill("#name", "Anna")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#board[data-version]")
    return page.url


def join_by_link(page: Page, url: str, name: str) -> None:
    page.goto(url)
    page.wait_for_selector("#join:not([hidden])")
    page.fill("#join-name", name)
    page.click("#join button[type=submit]")
    page.wait_for_function("() => document.querySelector('#status').textContent.includes('You are')"
                           " && !document.querySelector('#status').textContent.includes('watching')")


def version(page: Page) -> int:
    return int(page.get_attribute("#board", "data-version") or -1)


def play_until_over(pages: list[Page], rng: random.Random, reload_after: int, seconds: float = 300) -> None:
    moves = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if all(page.locator("#result:not([hidden])").count() for page in pages):
            return
        acted = False
        for page in pages:
            buttons = page.locator("#actions button.action:not([disabled])")
            count = buttons.count()
            if not count:
                continue
            before = version(page)
            pieces = page.locator("#board .playable")
            choice = pieces.nth(rng.randrange(pieces.count())) if moves % 3 == 2 and pieces.count() else buttons.nth(rng.randrange(count))
            if moves % 3 == 0:
                choice.focus()
                page.keyboard.press("Enter")
            elif moves % 3 == 1 and page.evaluate("navigator.maxTouchPoints") > 0:
                choice.tap()
            else:
                choice.click()
            page.wait_for_function(f"() => Number(document.querySelector('#board').dataset.version) > {before}")
            moves += 1
            acted = True
            if moves == reload_after:
                page.reload()
                page.wait_for_selector("#board[data-version]")
                assert "You are" in page.inner_text("#status") and "watching" not in page.inner_text("#status")
        if not acted:
            pages[0].wait_for_timeout(50)
    raise AssertionError("the game did not end in the browser")


GAMES = [
    ("lasvegas", {"players": 3, "rounds": 1, "dice_per_player": 4}, "greedy", ("svg.die", ".spot .bill")),
    ("lastchance", {"players": 3, "cards": 1, "money": 500}, "odds", ("svg.die", ".lastchance-card")),
    ("luckiest", {"players": 3, "rounds": 1}, "hard", (".luckiest .card", ".luckiest .player")),
]


@pytest.mark.parametrize(("game", "options", "bot", "drawn"), GAMES, ids=[g[0] for g in GAMES])
def test_two_people_and_a_bot_play_a_whole_game(
    browser: Browser, serve: Callable[..., Any], game: str, options: dict[str, Any], bot: str, drawn: tuple[str, ...]
) -> None:
    server = serve(0.05)
    anna = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True).new_page()
    ben = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    errors: list[str] = []
    for page in (anna, ben):
        page.on("pageerror", lambda error: errors.append(str(error)))
    url = create_in_lobby(anna, server.url, game, options, ["", "", bot])
    assert "Waiting for players" in anna.inner_text("#status")
    join_by_link(ben, url, "Ben")
    anna.wait_for_function("() => !document.querySelector('#status').textContent.includes('Waiting for players')")
    for selector in drawn:
        assert anna.locator(f"#board {selector}").count() > 0, selector
    assert errors == []
    play_until_over([anna, ben], random.Random(game), reload_after=4)
    for page in (anna, ben):
        result = page.inner_text("#result")
        assert "win" in result
        assert page.locator("#log li").count() > 3
    with anna.expect_download() as download:
        anna.click("text=Download the record")
    assert Path(download.value.path()).read_text().startswith("{")
    spectator = browser.new_context().new_page()
    spectator.goto(url)
    spectator.wait_for_selector("#board[data-version]")
    assert "watching" in spectator.inner_text("#status") and spectator.locator("#actions button").count() == 0
    anna.click("#result button:has-text('Rematch')")
    for page in (anna, ben):
        page.wait_for_selector("#result a:has-text('Go to the rematch')")
    ben.click("#result a:has-text('Go to the rematch')")
    ben.wait_for_url(lambda address: address != url and "/table/" in address)
    ben.wait_for_function("() => document.querySelector('#status').textContent.includes('You are Ben (seat 2)')")
    anna.click("text=Replay step by step")
    anna.wait_for_selector("#where")
    anna.wait_for_function("() => document.querySelector('#where').textContent.startsWith('step 0')")
    anna.keyboard.press("ArrowRight")
    anna.wait_for_function("() => document.querySelector('#where').textContent.startsWith('step 1')")
    anna.click("#last")
    assert anna.locator("#log li").count() > 3
    assert errors == []
