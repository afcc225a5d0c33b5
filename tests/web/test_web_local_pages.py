"""A person on the server's own machine, with `highroller serve` and Chromium: six tables with bots on
the default quotas (an address through the proxy is still refused its fifth); a table whose seat the
browser lost closed from its menu, the stand-in playing it to the end, and no such item for anybody
else; the profile page saying when its sign-in QR code cannot be reached by a phone; a turn-based
table's clock telling the move's own time from the time bank after it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx2
import pytest
from conftest import Server
from playwright.sync_api import Browser, Page
from web_helpers import call, create, seated_page

from highroller.web.settings import Settings

pytestmark = pytest.mark.slow  # servers and Chromium

LAS_VEGAS = {"players": 2, "rounds": 1, "dice_per_player": 3}
LIMITS = (
    "max_tables",
    "max_bot_tables",
    "tables_per_address",
    "bot_tables_per_address",
    "creates_per_minute",
    "joins_per_minute",
    "sockets_per_address",
    "requests_per_second",
    "token_requests_per_second",
)
DEFAULTS = [part for name in LIMITS for part in ("--" + name.replace("_", "-"), str(getattr(Settings(), name)))]
"""The quotas and rates `UNLIMITED` turns off, as a server has them by default."""


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    return str(tmp_path / "tables.sqlite3")


def open_menu(page: Page) -> None:
    page.locator("#menu summary").click()
    page.wait_for_timeout(500)  # the server's answer on closing


def test_six_tables_with_bots_from_the_servers_own_machine_on_the_defaults(serve: Callable[..., Server]) -> None:
    server = serve(flags=DEFAULTS)
    body = {"game": "lasvegas", "options": LAS_VEGAS, "bots": [None, "easy"], "name": "Ann"}
    for _ in range(6):
        made = httpx2.post(server.url + "/api/tables", json=body, timeout=30)
        assert made.status_code == 201, made.text
    proxied = {"X-Forwarded-For": "203.0.113.7"}
    for _ in range(4):
        assert httpx2.post(server.url + "/api/tables", json=body, headers=proxied, timeout=30).status_code == 201
    refused = httpx2.post(server.url + "/api/tables", json=body, headers=proxied, timeout=30)
    assert (refused.status_code, refused.json()["code"]) == (429, "too-many-bot-tables")


def test_a_table_whose_seat_was_lost_is_closed_from_its_menu(browser: Browser, serve: Callable[..., Server]) -> None:
    server = serve(bot_delay=0.05)
    table = create(server.url, "lasvegas", LAS_VEGAS, [None, "easy"], name="Ann")  # made here; its token is then lost
    stranger = browser.new_context(
        extra_http_headers={"X-Forwarded-For": "203.0.113.7"}
    ).new_page()  # through the proxy: not this machine
    stranger.goto(f"{server.url}/table/{table['id']}")
    stranger.wait_for_selector("#board[data-version]")
    open_menu(stranger)
    assert stranger.locator("#close-table").count() == 0
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{server.url}/table/{table['id']}")
    page.wait_for_selector("#board[data-version]")
    open_menu(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#close-table").click()
    page.wait_for_selector("#result:not([hidden])", timeout=60_000)  # the stand-in played the game to its end
    state = call(server.url, "GET", f"/api/tables/{table['id']}")
    assert state["finished"] and state["seats"][0]["left"]
    assert httpx2.get(f"{server.url}/api/tables/{table['id']}/record", timeout=30).status_code == 200


def test_the_profile_page_says_when_its_qr_code_is_out_of_a_phones_reach(
    browser: Browser, serve: Callable[..., Server]
) -> None:
    local = serve()
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(local.url + "/me")
    page.click("#make-link")
    page.wait_for_selector("#qr-reach:not([hidden])")
    assert "--host 0.0.0.0" in page.inner_text("#qr-reach") and "localhost" in page.inner_text("#qr-reach")
    network = serve(flags=["--public-origin", "http://192.168.1.20:8000"])
    page = browser.new_context(locale="de-DE").new_page()
    page.goto(network.url + "/me")
    page.click("#make-link")
    page.wait_for_selector("#link-box:not([hidden])")
    assert page.locator("#qr-reach").is_hidden()


def test_a_turn_based_clock_tells_the_move_from_the_time_bank(browser: Browser, serve: Callable[..., Server]) -> None:
    server = serve()
    table = create(
        server.url, "lasvegas", {**LAS_VEGAS, "first_player": 0}, [None, None], name="Ann", timer=3600, bank=86400
    )
    call(server.url, "POST", f"/api/tables/{table['id']}/join", json={"name": "Bob"})
    page = seated_page(browser, server.url, table)
    page.wait_for_function("() => document.querySelector('#clock').textContent.length > 0")
    said = page.inner_text("#clock")
    assert said in (
        "1 hr left on your turn, then 1 day of time bank",
        "59:59 left on your turn, then 1 day of time bank",
    ), said
