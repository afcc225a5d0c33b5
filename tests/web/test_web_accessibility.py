"""Accessibility in Chromium: axe-core (axe-playwright-python) finds no serious or critical violation
on the lobby, a table of each game in play, its Rules panel, its chat and a replay, a profile's history and
the friends pages; and a whole game can be played with the keyboard alone (Tab to a choice, Enter)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from axe_checks import serious_violations
from friends_scene import as_profile, friends_scene, scene_pages
from playwright.sync_api import Browser
from web_helpers import call, create, seated_page, step

from highroller.web.ratings.results import record
from highroller.web.store.dialects import open_store

pytestmark = pytest.mark.slow  # axe-core and keyboard play in Chromium

GAMES = [
    ("lasvegas", {"players": 2, "rounds": 1, "first_player": 0}),
    ("lastchance", {"players": 2, "cards": 1, "first_player": 0}),
    ("luckiest", {"players": 2, "rounds": 1}),
]


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    return str(tmp_path / "tables.sqlite3")


def test_the_lobby_has_no_serious_violation(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.3)
    page = browser.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#opt-players", state="attached")
    assert serious_violations(page) == []
    page.locator("#more").evaluate("node => node.open = true")  # every rule and setting, folded away
    assert serious_violations(page) == []


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_a_table_its_rules_and_its_replay_have_no_serious_violation(
    browser: Browser, serve: Callable[..., Any], game: str, options: dict[str, Any]
) -> None:
    server = serve(0.0)
    table = create(server.url, game, options, [None, "easy"], name="Ann")
    page = seated_page(browser, server.url, table)
    page.wait_for_selector("#actions button.action, #actions .amount")
    assert serious_violations(page) == []
    page.click("#rules-button")
    page.wait_for_selector("dialog#rules .in-play")
    assert serious_violations(page) == []
    page.keyboard.press("Escape")
    page.click("#sheet-button")
    page.wait_for_selector("dialog#sheet table")
    assert serious_violations(page) == []
    page.keyboard.press("Escape")
    page.click("#menu summary")
    assert serious_violations(page) == []
    page.click("#menu summary")  # closed again
    call(server.url, "POST", f"/api/tables/{table['id']}/chat", table["token"], json={"text": "<b>hello</b>"})
    page.click("#chat-button")
    page.wait_for_selector("#chat-log .chat-message")
    page.locator("#chat-panel .chat-settings").evaluate("node => node.open = true")
    assert serious_violations(page) == []
    page.click("#chat-close")
    finished = create(server.url, game, options, ["easy", "easy"])
    for _ in range(600):
        if call(server.url, "GET", f"/api/tables/{finished['id']}")["finished"]:
            break
        page.wait_for_timeout(100)
    page.goto(f"{server.url}/table/{finished['id']}")
    page.wait_for_selector("#result:not([hidden]) table")  # the winner banner and the final score sheet
    assert serious_violations(page) == []
    page.goto(f"{server.url}/replay/{finished['id']}")
    page.wait_for_selector("#where")
    page.keyboard.press("End")
    assert serious_violations(page) == []


def test_a_whole_game_with_the_keyboard_alone(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.0)
    table = create(server.url, "luckiest", {"players": 2, "rounds": 1}, [None, "easy"], name="Ann")
    page = seated_page(browser, server.url, table)
    for _ in range(400):
        if page.locator("#result:not([hidden])").count():
            break
        if not page.locator("#actions button.action:not([disabled])").count():
            page.wait_for_timeout(50)
            continue
        before = int(page.get_attribute("#board", "data-version") or 0)
        for _ in range(80):  # Tab to the first choice: every control on the way must take the focus
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.matches('#actions button.action')"):
                break
        else:
            raise AssertionError("Tab never reached a choice")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => Number(document.querySelector('#board').dataset.version) > {before}")
    assert "win" in page.inner_text("#result")


def test_the_history_page_has_no_serious_violation(browser: Browser, serve: Callable[..., Any], database: str) -> None:
    server = serve(0.0)
    profile = call(server.url, "POST", "/api/profiles", json={"name": "Ann", "languages": ["en"]})
    table = create(server.url, "luckiest", {"players": 2, "rounds": 1}, [None, "easy"], profile["key"], name="Ann")
    rng = random.Random(3)
    while not step(server.url, table["id"], {table["seat"]: table["token"]}, rng)["finished"]:
        pass
    store = open_store(database)
    try:
        for n in range(3):
            record(store, f"rated-{n}", "lasvegas", 2, [[f"profile:{profile['id']}"], ["bot:easy"]], float(n))
    finally:
        store.close()
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.add_init_script(f"localStorage.setItem('highroller:profile', {profile['key']!r})")
    page.goto(server.url + "/me/history")
    page.wait_for_selector("#history li.finished-game")
    page.wait_for_selector(".rating-chart")
    assert page.locator(".rating-figure figcaption").inner_text().startswith("Las Vegas, 2 players: from ")
    assert serious_violations(page) == []


@pytest.mark.parametrize(
    "viewport", [{"width": 390, "height": 844}, {"width": 1280, "height": 900}], ids=["phone", "desk"]
)
def test_the_friends_pages_have_no_serious_violation(
    browser: Browser, serve: Callable[..., Any], database: str, viewport: dict[str, int]
) -> None:
    """The profile's Friends section, an invitation in Your games, a profile's public page, the table's
    people panel and the leaderboard's Follow buttons."""
    server = serve(0.0)
    scene = friends_scene(server.url, database)
    page = as_profile(browser, scene.ann, viewport=viewport).new_page()
    for path, ready in scene_pages(scene):
        page.goto(server.url + path)
        page.wait_for_selector(ready)
        assert serious_violations(page) == [], path
    page.context.close()
