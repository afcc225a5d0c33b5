"""The lobby in Chromium: on a phone its first screen (game, rules, players, seats, name, Create) fits
without scrolling, in English and in French; a named preset with hard bots makes a table of those
rules and bots; a companion table for three people on one device takes their three names."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from web_helpers import call

from highroller.web.store.dialects import open_store

pytestmark = pytest.mark.slow  # in Chromium

PHONE = {"width": 390, "height": 844}


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return str(tmp_path / "tables.sqlite3")


def lobby(browser: Browser, base: str, locale: str = "en-GB") -> Page:
    page = browser.new_context(viewport=PHONE, has_touch=True, locale=locale).new_page()
    page.goto(base + "/")
    page.wait_for_selector("select[name=seat-0]")
    return page


def create_bottom(page: Page) -> float:
    box = page.locator("#create-button").bounding_box()
    assert box is not None
    return box["y"] + box["height"]


def table_of(page: Page, base: str) -> dict[str, Any]:
    page.wait_for_url("**/table/**")
    result: dict[str, Any] = call(base, "GET", "/api/tables/" + page.url.rstrip("/").split("/")[-1])
    return result


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_the_first_screen_fits_a_phone(browser: Browser, serve: Callable[..., Any], locale: str) -> None:
    server = serve(0.0)
    page = lobby(browser, server.url, locale)
    for game in ("lasvegas", "lastchance", "luckiest"):
        page.select_option("#game", game)
        top = page.locator("#opt-players").get_attribute("max")
        page.fill("#opt-players", str(top))
        page.dispatch_event("#opt-players", "input")
        assert page.locator("#seats select").count() == int(top or 0)
        for selector in ("#game", "#preset", "#opt-players", "#fill", "select[name=seat-0]", "#name"):
            box = page.locator(selector).bounding_box()
            assert box is not None and box["y"] + box["height"] <= PHONE["height"], (game, selector)
        assert create_bottom(page) <= PHONE["height"], (
            f"{game} with {top} players: Create ends at {create_bottom(page)} px"
        )
        assert page.evaluate("window.scrollY") == 0
    assert not page.locator("#opt-rounds").is_visible(), "the other rules are folded away"
    if locale == "fr-FR":
        assert page.inner_text("#create-button") == "Créer la table et s'asseoir"
        assert page.inner_text("#more summary") == "Plus de règles et de réglages"


def test_a_preset_and_hard_bots_make_that_table(browser: Browser, serve: Callable[..., Any], database: str) -> None:
    server = serve(0.0)
    page = lobby(browser, server.url)
    page.select_option("#game", "lasvegas")
    assert page.locator("select[name=seat-1]").input_value() == "", "seats are people until asked"
    page.select_option("#preset", "bandit")
    assert page.input_value("#opt-players") == "5", "the count nearest the table's that the preset suits"
    assert "For 5 to 6 players." in page.inner_text("#preset-line")
    page.select_option("#fill", "hard")
    page.locator("#more").evaluate("node => node.open = true")
    assert page.input_value("#opt-edition") == "biggie" and page.input_value("#opt-bandit") == "true"
    assert page.input_value("#bot-speed") == "", "the server's own pace unless asked"
    page.select_option("#bot-speed", "0.3")
    page.fill("#name", "Anna")
    page.click("#create-button")
    table = table_of(page, server.url)
    assert [seat["bot"] for seat in table["seats"]] == [None, "hard", "hard", "hard", "hard"]
    assert table["seats"][0]["name"] == "Anna"
    store = open_store(database)
    try:
        stored = store.load_table(table["id"])
        assert stored is not None and stored.bot_delay == 0.3, "the fast bots chosen"
    finally:
        store.close()
    listed = next(row for row in call(server.url, "GET", "/api/tables") if row["id"] == table["id"])
    assert (
        listed["options"]["edition"] == "biggie"
        and listed["options"]["bandit"] is True
        and listed["preset"] == "bandit"
    )
    page.goto(server.url + "/")
    row = page.locator(".table-row", has_text="Anna")
    row.wait_for()
    assert "One-armed bandit" in row.inner_text() and "1 person, 4 bots" in row.inner_text()
    assert row.locator("a").inner_text() == "Watch"


def test_a_companion_table_for_three_people_on_one_device(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.0)
    page = lobby(browser, server.url)
    page.select_option("#game", "lasvegas")
    page.fill("#opt-players", "3")
    page.dispatch_event("#opt-players", "input")
    page.locator("#companion-box summary").click()
    assert "pass from person to person" in page.inner_text("#companion-box")
    page.check("#real-dice")
    page.check("#hot-seat")
    assert page.inner_text("#name-words") == "Everyone's names, in seat order"
    page.fill("#name", "Ann, Bob, Cleo")
    page.click("#create-button")
    table = table_of(page, server.url)
    assert [seat["name"] for seat in table["seats"]] == ["Ann", "Bob", "Cleo"]
    assert [seat["bot"] for seat in table["seats"]] == [None, None, None] and table["real_dice"]
    page.wait_for_selector("#typed")
