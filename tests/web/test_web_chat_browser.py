"""The chat in Chromium: Ann reads French and Bob German, and each sees the other's quick phrase in
their own language; a message of HTML and script is shown as its literal text and makes no element; a
report sent from the page reaches the host's queue (`highroller admin reports`); a spectator chats where the
table lets spectators chat and is told why not where it does not; a muted
person's messages vanish for the one who muted them only; the unread count shows on the chat's button."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import Server
from playwright.sync_api import Browser, Page
from web_helpers import call, create, join

from highroller.cli.main import cli

pytestmark = pytest.mark.slow  # Chromium

PHONE = {"width": 390, "height": 844}
HOSTILE = '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>'


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    return str(tmp_path / "tables.sqlite3")


def _page(browser: Browser, server: Server, table: str, lang: str, seat: dict[str, Any] | None) -> Page:
    """The table's page in `lang`, holding `seat` (None: a spectator), its chat ready."""
    page = browser.new_context(viewport=PHONE, locale=lang).new_page()
    setup = f"localStorage.setItem('highroller:lang', {json.dumps(lang)});"
    if seat is not None:
        setup += f"localStorage.setItem('highroller:seat:{table}', {json.dumps(json.dumps(seat))});"
    page.add_init_script(setup)
    page.goto(f"{server.url}/table/{table}")
    page.wait_for_selector("#board[data-version]")
    page.wait_for_selector("#chat-button")
    return page


def _open_chat(page: Page) -> None:
    page.click("#chat-button")
    page.wait_for_selector("#chat-panel:not([hidden])")


def _lines(page: Page) -> list[str]:
    return [text.strip() for text in page.locator("#chat-log .chat-words").all_inner_texts()]


def _wait_for_line(page: Page, text: str) -> None:
    page.wait_for_function(
        "(text) => [...document.querySelectorAll('#chat-log .chat-words')].some((n) => n.textContent.includes(text))",
        arg=text,
    )


def test_two_readers_each_see_phrases_in_their_language_and_mute_is_theirs(
    browser: Browser, serve: Callable[..., Server]
) -> None:
    server = serve()
    made = create(server.url, "lasvegas", {"players": 2}, [None, None], name="Ann", chat="players")
    table = made["id"]
    seat, bob_token = join(server.url, table, "Bob")
    ann = _page(browser, server, table, "fr", {"seat": made["seat"], "token": made["token"], "name": "Ann"})
    bob = _page(browser, server, table, "de", {"seat": seat, "token": bob_token, "name": "Bob"})
    _open_chat(ann)
    ann.click("#chat-panel [data-phrase='good-luck']")
    _wait_for_line(ann, "Bonne chance")
    bob.wait_for_function("() => document.querySelector('#chat-button .chat-badge').textContent === '1'")
    _open_chat(bob)
    _wait_for_line(bob, "Viel Glück")
    assert not bob.locator("#chat-button .chat-badge").is_visible(), "opening the chat reads it"
    bob.click("#chat-panel [data-phrase='well-played']")
    _wait_for_line(ann, "Bien joué")
    _wait_for_line(bob, "Gut gespielt")

    bob.fill("#chat-text", HOSTILE)
    bob.click("#chat-send")
    _wait_for_line(ann, "window.hacked=2")
    assert HOSTILE in _lines(ann)[-1], "the text shows as typed"
    assert ann.evaluate("() => window.hacked") is None, "no script ran"
    assert ann.locator("#chat-log img, #chat-log script").count() == 0, "no element was made of it"
    hostile = ann.locator("#chat-log .chat-message", has_text="window.hacked=2")
    hostile.locator(".chat-report-button").click()
    hostile.locator(".chat-report select").select_option("abuse")
    hostile.locator(".chat-report button").click()
    hostile.locator(".chat-report .hint").wait_for()
    queue = CliRunner().invoke(cli, ["admin", "--db", server.database, "reports"])
    assert queue.exit_code == 0 and "abuse" in queue.output and "Bob" in queue.output, queue.output

    carl = _page(browser, server, table, "en", None)
    _open_chat(carl)
    assert "Only the players may chat" in carl.locator("#chat-note").inner_text()
    assert carl.locator("#chat-text").is_disabled()
    _wait_for_line(carl, "Good luck")

    ann.locator("#chat-log .chat-message", has_text="Bien joué").locator(".chat-mute").click()
    ann.wait_for_function(
        "() => ![...document.querySelectorAll('#chat-log .chat-words')].some((n) => n.textContent.includes('Bob'))"
    )
    assert ann.locator("#chat-log .chat-muted").count() == 1, "the muter is told some messages are hidden"
    assert any("Bob" in line for line in _lines(carl)), "the others still see Bob"
    assert any("Bob" in line for line in _lines(bob))
    ann.reload()
    ann.wait_for_selector("#chat-button")
    _open_chat(ann)
    ann.wait_for_selector("#chat-log .chat-muted")
    assert not any(line.startswith("Bob") for line in _lines(ann)), "the mute is kept in the browser"


def test_a_spectator_chats_where_the_table_lets_everyone(browser: Browser, serve: Callable[..., Server]) -> None:
    server = serve()
    made = create(server.url, "lasvegas", {"players": 2}, [None, "easy"], name="Ann", chat="everyone")
    table = made["id"]
    zoe = _page(browser, server, table, "en", None)
    _open_chat(zoe)
    assert zoe.locator("#chat-note").inner_text() == ""
    zoe.fill("#chat-name", "Zoe")
    zoe.fill("#chat-text", "go Ann")
    zoe.click("#chat-send")
    _wait_for_line(zoe, "go Ann")
    assert "(watching)" in _lines(zoe)[-1]
    said = call(server.url, "GET", f"/api/tables/{table}/chat")["messages"]
    assert [(m["author"], m["watching"]) for m in said] == [("Zoe", True)]
