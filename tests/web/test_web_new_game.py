"""A game the web has never heard of gets a table: the example game package of `packages/`, installed
with pip beside highroller and found through its entry point, is offered by `highroller serve` in the
lobby (its words in French too), its board and styles and its rules in short are served from its
package, and a whole game is played in Chromium on its own board — its die and its turn's points are
pieces a person clicks to play — against a bot that a bot worker process plays, the log told in the
game's own words. The test finds the game by the entry point of the package's pyproject.toml, so other
game packages installed beside it change nothing."""

from __future__ import annotations

import random
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import pytest
from lobby_pages import create_in_lobby
from playwright.sync_api import Browser

import highroller as hr
from highroller.registry import own_games


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return str(tmp_path / "tables.sqlite3")


def _added_game() -> str:
    """The game of the example package in packages/, which the README's test command installs."""
    pyprojects = sorted((Path(__file__).parents[2] / "packages").glob("*/pyproject.toml"))
    entry_points = tomllib.loads(pyprojects[0].read_text(encoding="utf-8"))["project"]["entry-points"]
    game = next(iter(entry_points["highroller.games"]))
    assert game in hr.available_games() and game not in own_games(), f"{pyprojects[0].parent} is not installed"
    return str(game)


@pytest.mark.slow  # in Chromium
def test_a_game_installed_with_pip_gets_the_lobby_a_board_its_rules_and_a_table(
    browser: Browser, serve: Callable[..., Any]
) -> None:
    game = _added_game()
    server = serve(0.0)
    assert game in [listed["name"] for listed in httpx2.get(server.url + "/api/games").json()]
    board = httpx2.get(f"{server.url}/boards/{game}.js")
    assert board.status_code == 200 and "export function render(view, ctx)" in board.text
    assert f".{game} " in httpx2.get(f"{server.url}/boards/{game}.css").text
    french = httpx2.get(f"{server.url}/api/games/{game}/rules", params={"lang": "fr"}).json()
    assert french["lang"] == "fr" and "<strong>Un 1 fait perdre le tour</strong>" in french["html"]
    assert httpx2.get(server.url + "/i18n/fr.json").json()["hold the turn's points"] == "garder les points du tour"

    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, server.url, game, {"target": 20}, {1: "medium"})
    page.wait_for_selector(f"#board[data-version] .{game}")
    assert not page.locator("#board pre.raw-view").count() and "20" in page.inner_text("#board")
    rng = random.Random(1)
    deadline = time.monotonic() + 120
    while not page.locator("#result:not([hidden])").count():
        assert time.monotonic() < deadline, "the game did not end"
        pieces = page.locator("#board .playable")
        if not pieces.count():
            page.wait_for_timeout(50)
            continue
        before = int(page.get_attribute("#board", "data-version") or -1)
        pieces.nth(rng.randrange(pieces.count())).click()
        page.wait_for_function(f"() => Number(document.querySelector('#board').dataset.version) > {before}")
    log = page.inner_text("#log")
    assert "holds" in log and "wins!" in log
    assert "win" in page.inner_text("#result")
    assert errors == []
