"""Friends and invitations in Chromium: Ann invites Bob from her table's page; Bob's phone is notified
(the stand-in push service) and his games show the invitation, whose Accept seats him at her table.
Ann blocks Bob from her profile page: the table she makes next refuses him a seat (he still sits at
others), and the shared link of a profile follows it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import Server
from friends_scene import GAME, as_profile, profile
from playwright.sync_api import Browser, Page
from push_receiver import PushReceiver
from web_helpers import call, create, request

pytestmark = pytest.mark.slow  # Chromium


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    return str(tmp_path / "tables.sqlite3")


def table_page(page: Page, base: str, table: str) -> Page:
    page.goto(f"{base}/table/{table}")
    page.wait_for_selector("#board[data-version]")
    return page


def test_an_invitation_is_notified_shown_and_accepted(
    browser: Browser, serve: Callable[..., Server], receiver: PushReceiver
) -> None:
    server = serve(flags=["--push-hosts", receiver.url])
    ann, _, _ = profile(server.url, "Ann")
    bob, _, bob_handle = profile(server.url, "Bob")
    call(server.url, "POST", "/api/me/push", profile=bob, json=receiver.device("bob").subscription())
    call(server.url, "PUT", f"/api/me/follows/{bob_handle}", profile=ann)
    table = create(server.url, "lasvegas", GAME, [None, None, None], ann, name="Ann")["id"]
    anns = table_page(as_profile(browser, ann).new_page(), server.url, table)
    anns.wait_for_selector(".people-panel .invite-form")
    anns.select_option("#invite-friend", label="Bob")
    anns.get_by_role("button", name="Invite", exact=True).click()
    anns.wait_for_function("() => document.querySelector('.people-status').textContent.includes('Bob')")
    assert anns.locator(".people-status").inner_text() == "Invitation sent to Bob."
    [pushed] = receiver.wait_for("bob", 1)
    assert pushed["body"] == f"Ann invites you to table {table}." and pushed["url"].endswith("/games")
    bobs = as_profile(browser, bob, viewport={"width": 390, "height": 844}).new_page()
    bobs.goto(server.url + "/games")
    bobs.wait_for_selector(".invitation button")
    assert bobs.locator(".invitation .game-words").inner_text().startswith("Ann invites you to a table of ")
    bobs.locator(".invitation button", has_text="Accept").click()
    bobs.wait_for_url(f"**/table/{table}")
    bobs.wait_for_selector("#board[data-version]")
    assert call(server.url, "GET", f"/api/me/tables/{table}", profile=bob)[0]["seat"] == 1
    seats = call(server.url, "GET", f"/api/tables/{table}")["seats"]
    assert [seat.get("name") for seat in seats][:2] == ["Ann", "Bob"], seats
    anns.reload()
    anns.wait_for_selector(".people-panel .people li")
    assert anns.locator(".people-panel .people li").inner_text().startswith("Bob")
    assert anns.get_by_role("button", name="Unfollow Bob").is_visible()  # she follows him already
    anns.context.close()
    bobs.context.close()


def test_a_blocked_profile_cannot_sit_at_the_blockers_new_table(browser: Browser, serve: Callable[..., Server]) -> None:
    server = serve()
    ann, _, _ = profile(server.url, "Ann")
    bob, _, bob_handle = profile(server.url, "Bob")
    anns = as_profile(browser, ann).new_page()
    anns.goto(f"{server.url}/people/{bob_handle}")  # the link Bob shared
    anns.get_by_role("button", name="Follow Bob").click()
    anns.wait_for_selector("#person-status:has-text('You follow Bob.')")
    anns.goto(server.url + "/me")
    anns.get_by_role("button", name="Block Bob").click()
    anns.wait_for_selector("#blocked-list li:has-text('Bob')")
    assert anns.locator("#friends-status").inner_text() == "You blocked Bob."
    table = create(server.url, "lasvegas", GAME, [None, None, None], ann, name="Ann")["id"]
    other = create(server.url, "lasvegas", GAME, [None, None, None], name="Dee")["id"]
    bobs = as_profile(browser, bob).new_page()
    bobs.goto(f"{server.url}/table/{table}")
    bobs.wait_for_selector("#join:not([hidden])")
    bobs.fill("#join-name", "Bob")
    bobs.click("#join-form button[type=submit]")
    bobs.wait_for_selector("#join-error:not(:empty)")
    assert bobs.locator("#join-error").inner_text() == "you cannot take a seat at this table"
    refused = request(server.url, "POST", f"/api/tables/{table}/join", profile=bob, json={"name": "Bob"})
    assert (refused.status_code, refused.json()["code"]) == (403, "blocked")
    assert (
        request(server.url, "POST", f"/api/tables/{other}/join", profile=bob, json={"name": "Bob"}).status_code == 200
    )
    anns.context.close()
    bobs.context.close()
