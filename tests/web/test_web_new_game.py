"""A game the web has never heard of gets a table: Pig (`tests/pig/`), named only in the server's
environment (`HIGHROLLER_GAMES`), is offered in the lobby, played in Chromium on the generic board
(its raw view, the actions as buttons) by a person against a bot that a bot worker process plays,
and its log is told in the game's own words."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import pytest
from playwright.sync_api import Browser

TESTS = Path(__file__).parents[1]


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return str(tmp_path / "tables.sqlite3")


@pytest.mark.slow  # in Chromium
def test_a_registered_game_gets_the_generic_table(browser: Browser, serve: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIGHROLLER_GAMES", "pig=pig.spec:SPEC")
    monkeypatch.setenv("PYTHONPATH", str(TESTS))
    server = serve(0.0)
    assert "pig" in [game["name"] for game in httpx2.get(server.url + "/api/games").json()]
    assert httpx2.get(server.url + "/boards/pig.js").status_code == 404
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/")
    page.select_option("#game", "pig")
    page.locator("#more").evaluate("node => node.open = true")  # every rule but the players, folded away
    page.fill("#opt-target", "20")
    page.select_option("select[name=seat-1]", "medium")
    page.fill("#name", "Anna")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#board[data-version] pre.raw-view")
    assert '"target": 20' in page.inner_text("#board")
    rng = random.Random(1)
    deadline = time.monotonic() + 120
    while not page.locator("#result:not([hidden])").count():
        assert time.monotonic() < deadline, "the game did not end"
        buttons = page.locator("#actions button.action:not([disabled])")
        if not buttons.count():
            page.wait_for_timeout(50)
            continue
        before = int(page.get_attribute("#board", "data-version") or -1)
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(f"() => Number(document.querySelector('#board').dataset.version) > {before}")
    log = page.inner_text("#log")
    assert "holds" in log and "wins!" in log
    assert "win" in page.inner_text("#result")
    assert errors == []
