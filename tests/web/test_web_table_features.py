"""The table's helps in Chromium: the tab tells a person it is their turn, the Rules panel, a run of
bids as one amount field with the card's exact odds beside it, the win-chance meter (for each of
two or three seats), Copy link where the clipboard is unavailable, and a page that opens while the
game moves on showing its latest state."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Route
from web_helpers import call, create, join, people_on_move, seated_page, step

pytestmark = pytest.mark.slow  # the table in Chromium


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    return str(tmp_path / "tables.sqlite3")


def test_the_tab_says_it_is_your_turn_and_the_rules_panel_opens(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.3)
    table = create(server.url, "lasvegas", {"players": 2, "first_player": 0, "rounds": 1}, [None, "easy"], name="Ann")
    page = seated_page(browser, server.url, table)
    page.wait_for_function("() => document.title.startsWith('● Your turn')")
    assert page.get_attribute("link[rel~='icon']", "href").startswith("data:image/svg+xml")
    page.locator("#actions button.action").first.click()
    page.wait_for_function("() => !document.title.startsWith('●')")
    page.click("#rules-button")
    dialog = page.locator("dialog#rules")
    dialog.wait_for(state="visible")
    page.wait_for_selector("dialog#rules .in-play")
    text = dialog.inner_text()
    assert "casino" in text and "cancel" in text and "At this table" in text and "edition" in text
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")


def test_bids_are_one_amount_field(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.3)
    table = create(
        server.url, "lastchance", {"players": 2, "first_player": 0, "money": 5000}, [None, "random"], name="Ann"
    )
    page = seated_page(browser, server.url, table)
    page.wait_for_selector(".amount input")
    assert page.locator("#actions button.action").count() < 8, "the bids are not one field"
    page.wait_for_selector("#advice-area #table-note")
    note = page.inner_text("#table-note")
    assert "to be completed in" in note and "Expected payout" in note and "Break-even bid" in note
    page.fill(".amount input", "740")
    assert page.inner_text(".amount-go").strip() == "bid $700"
    page.click(".amount .step[aria-label='more']")
    assert page.inner_text(".amount-go").strip() == "bid $800"
    before = int(page.get_attribute("#board", "data-version") or 0)
    page.click(".amount-go")
    page.wait_for_function(f"() => Number(document.querySelector('#board').dataset.version) > {before}")
    state = call(server.url, "GET", f"/api/tables/{table['id']}")
    assert any("800" in line["text"] for line in state["log"]), state["log"]


def test_copy_link_falls_back_to_a_selected_field(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.3)
    table = create(server.url, "luckiest", {"players": 2}, [None, "easy"], name="Ann")
    context = browser.new_context()
    context.add_init_script("Object.defineProperty(navigator, 'clipboard', { value: undefined })")
    page = context.new_page()
    page.goto(f"{server.url}/table/{table['id']}")
    page.wait_for_selector("#board[data-version]")
    page.click("#menu summary")
    page.click("#share")
    field = page.locator("#share-link")
    assert field.input_value() == page.url
    assert page.evaluate("document.activeElement.id") == "share-link"


def test_a_hint_marks_a_choice_and_shows_the_advice(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.3)
    table = create(server.url, "luckiest", {"players": 2}, [None, "easy"], name="Ann")
    page = seated_page(browser, server.url, table)
    page.click("#hint-button")
    page.wait_for_selector("#hint .hint-move", timeout=60_000)  # asked again while the one advice helper is busy
    assert "Suggested:" in page.inner_text("#hint") and "Your chance of winning after each choice" in page.inner_text(
        "#hint figcaption"
    )
    assert page.locator("#actions .hinted").count() == 1
    strict = create(server.url, "luckiest", {"players": 2}, [None, "easy"], name="Ann", hints=False)
    other = seated_page(browser, server.url, strict)
    other.wait_for_selector("#actions button.action")
    assert other.locator("#hint-button").count() == 0


def test_a_win_chance_meter_per_seat_where_the_game_has_an_estimate(
    browser: Browser, serve: Callable[..., Any]
) -> None:
    server = serve(0.3)
    table = create(server.url, "luckiest", {"players": 2, "rounds": 1}, [None, "easy"], name="Ann")
    page = seated_page(browser, server.url, table)
    page.wait_for_selector("#seats meter")
    meters = page.locator("#seats meter")
    assert meters.count() == 2
    values = [float(meters.nth(i).get_attribute("value") or -1) for i in range(2)]
    assert abs(sum(values) - 1) < 1e-3
    assert "chance to win" in (meters.first.get_attribute("aria-label") or "")
    strict = create(server.url, "luckiest", {"players": 2, "rounds": 1}, [None, "easy"], name="Ann", hints=False)
    plain = seated_page(browser, server.url, strict)
    plain.wait_for_selector("#seats li")
    plain.wait_for_timeout(500)
    assert plain.locator("#seats meter").count() == 0


def test_three_seats_each_show_their_chance_where_the_game_is_solved_for_three(
    browser: Browser, serve: Callable[..., Any]
) -> None:
    server = serve(0.3)
    table = create(server.url, "luckiest", {"players": 3, "rounds": 1}, [None, "hard", "hard"], name="Ann")
    page = seated_page(browser, server.url, table)
    meters = page.locator("#seats meter")
    deadline = time.monotonic() + 60
    while meters.count() < 3 and time.monotonic() < deadline:  # the first 3-player chances may wait for the solve
        page.wait_for_timeout(200)
    values = [float(meters.nth(i).get_attribute("value") or -1) for i in range(3)]
    assert abs(sum(values) - 1) < 2e-3 and all(0 <= value <= 1 for value in values)


def test_a_page_opened_while_the_game_moves_on_shows_its_latest_state(
    browser: Browser, serve: Callable[..., Any]
) -> None:
    """The page's first state message makes it load the game's board; a move made while the board
    loads sends a second. Chromium may finish two loads of one module in either order, so a page that
    handled each message as its load finished could draw the older state last, and a person whose
    turn it then was would see no choices."""
    server = serve(0.3)
    table = create(server.url, "lasvegas", {"players": 2, "first_player": 0}, [None, None], name="Ann")
    ben_seat, ben = join(server.url, table["id"], "Ben")
    seats = {table["seat"]: table["token"], ben_seat: ben}
    rng = random.Random(3)
    for _ in range(16):  # Chromium finishes the loads out of order in about one page load of five
        moved: list[int] = []

        def move_while_the_board_loads(route: Route) -> None:
            moved.append(step(server.url, table["id"], seats, rng)["version"])
            time.sleep(0.3)  # the move's state message reaches the page meanwhile
            route.continue_()

        page = seated_page(browser, server.url, table, routes={"**/static/dice.js": move_while_the_board_loads})
        assert moved, "the board's dice module was not loaded"
        latest = people_on_move(server.url, table["id"], seats)["version"]  # a round's paced draws all landed
        page.wait_for_function(
            f"() => Number(document.querySelector('#board').dataset.version) === {latest}", timeout=10_000
        )
        page.wait_for_timeout(300)
        assert page.get_attribute("#board", "data-version") == str(latest)
        page.context.close()
