"""A companion game in Chromium, made in the lobby and played on one page (hot seat): Las Vegas with the
bills and dice typed as the real table shows them, an undo, a refused impossible roll, through to the
result; and the other games' companion tables typed to their end (Last Chance with a card of the
players' own box, its odds shown at once)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from web_helpers import call, create, seated_page

pytestmark = pytest.mark.slow  # whole games in Chromium

STOCK = ["60k", "70k", "80k", "90k", "50k", "60k"]
"""Bills for casinos 1-6: each one at least $50,000, as the classic edition stocks them."""


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    return str(tmp_path / "tables.sqlite3")


def version(page: Page) -> int:
    return int(page.get_attribute("#board", "data-version") or -1)


def type_in(page: Page, text: str) -> None:
    before = version(page)
    page.fill("#typed", text)
    page.press("#typed", "Enter")
    page.wait_for_function(f"() => Number(document.querySelector('#board').dataset.version) > {before}")


def test_a_las_vegas_companion_game_typed_on_one_page(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.0)
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/")
    page.select_option("#game", "lasvegas")
    for details in ("#more", "#companion-box"):  # the rules and the real table's settings, folded away
        page.locator(details).evaluate("node => node.open = true")
    for name, value in {"players": 2, "rounds": 1, "dice_per_player": 2}.items():
        page.fill(f"#opt-{name}", str(value))
    page.dispatch_event("#opt-players", "input")
    page.select_option("#opt-first_player", "0")
    page.check("#real-dice")
    page.check("#hot-seat")
    page.fill("#name", "Ann, Bob")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#typed")
    assert "bills drawn for casino 1" in page.inner_text("#typing-help")
    type_in(page, "60k")
    assert page.inner_text("#undo-button") == "Undo the last step"
    page.click("#undo-button")
    page.wait_for_function("() => document.querySelector('#board').dataset.version === '0'")
    assert page.locator("#undo-button").count() == 0
    for bills in STOCK:
        type_in(page, bills)
    page.fill("#typed", "9 9")
    page.press("#typed", "Enter")
    page.wait_for_function("() => document.querySelector('#action-error').textContent.length > 0")
    assert version(page) == len(STOCK), "an impossible roll changes nothing"
    rng = random.Random(5)
    table_id = page.url.rstrip("/").split("/")[-1]
    for _ in range(40):
        if page.locator("#result:not([hidden])").count():
            break
        if page.locator("#typed").count():
            state = call(server.url, "GET", f"/api/tables/{table_id}")
            dice = state["view"]["players"][state["view"]["turn"]]["dice"]
            type_in(page, " ".join(str(rng.randint(1, 6)) for _ in range(dice)))
        else:
            before = version(page)
            page.locator("#actions button.action").first.click()
            page.wait_for_function(f"() => Number(document.querySelector('#board').dataset.version) > {before}")
    page.wait_for_selector("#result:not([hidden])")
    assert "You are" in page.inner_text("#status")
    names = {seat["name"] for seat in call(server.url, "GET", f"/api/tables/{table_id}")["seats"]}
    assert names == {"Ann", "Bob"}
    assert errors == []


@pytest.mark.parametrize("game", ["lastchance", "luckiest"])
def test_the_other_companion_games_are_typed_to_their_end(
    browser: Browser, serve: Callable[..., Any], game: str
) -> None:
    server = serve(0.0)
    options = {
        "lastchance": {"players": 2, "cards": 1, "money": 500, "first_player": 0},
        "luckiest": {"players": 2, "rounds": 1},
    }[game]
    table = create(server.url, game, options, [None, None], real_dice=True, hot_seat=["Ann", "Bob"])
    page = seated_page(browser, server.url, table)
    rng = random.Random(game)
    own_typed = False
    for _ in range(200):
        if page.locator("#result:not([hidden])").count():
            break
        if page.locator("#typed").count():
            help_text = page.inner_text("#typing-help")
            if "card" in help_text:
                if not own_typed:  # a card our deck does not have, from the players' own box
                    type_in(page, "6 6 6 6 J:3 $900")
                    own_typed = True
                    page.wait_for_selector("#table-note")
                    assert page.inner_text("#table-note").startswith("Card 37: "), "its exact odds at once"
                else:
                    deck = help_text.split("still in the deck: ")[1].split(")")[0].split(", ")
                    type_in(page, f"card {rng.choice(deck)}")
            else:
                found = re.search(r"the faces of the (\d+) di(?:c?e)", help_text)
                assert found, help_text
                type_in(page, " ".join(str(rng.randint(1, 6)) for _ in range(int(found.group(1)))))
        elif page.locator("#actions button.action").count():
            before = version(page)
            page.locator("#actions button.action").first.click()
            page.wait_for_function(f"() => Number(document.querySelector('#board').dataset.version) > {before}")
        else:
            page.wait_for_timeout(50)
    page.wait_for_selector("#result:not([hidden])")
    assert own_typed or game != "lastchance"
