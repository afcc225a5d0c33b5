"""Signing a second device in, through the pages, in Chromium on a phone's screen: a passkey added on
/me with Chromium's virtual authenticator, copied to a second browser's authenticator as a synced
passkey would be, signs that browser in on /signin; a one-time link shown on /me (with its QR code)
signs a third browser in once, and opening it again shows the server's refusal. The profile page also
renames, orders languages and deletes the profile, and both pages pass axe-core and fit the screen.

The server is opened at http://localhost:PORT: passkeys need a secure context and a host name for
their relying party (an IP address cannot be one)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import (
    Browser,
    BrowserContext,
    CDPSession,
    Page,
    ViewportSize,
    expect,
)

pytestmark = pytest.mark.slow  # in Chromium

PHONE: ViewportSize = {"width": 390, "height": 844}
AXE = Axe()
AUTHENTICATOR = {"protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True, "isUserVerified": True}
USED_LINK = "this sign-in link was used already or has expired: make a new one on a device that is signed in"


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return str(tmp_path / "tables.sqlite3")


def phone(browser: Browser) -> BrowserContext:
    return browser.new_context(viewport=PHONE, has_touch=True, locale="en-GB")


def authenticator(page: Page) -> tuple[CDPSession, str]:
    """A virtual platform authenticator for the page's tab: the CDP session and the authenticator's id."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable", {"enableUI": False})
    added = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    return cdp, added["authenticatorId"]


def profile_of(page: Page) -> dict[str, Any]:
    """/api/me as the page's browser sees it, with the key it keeps."""
    result: dict[str, Any] = page.evaluate(
        "async () => (await fetch('/api/me', { headers: { 'X-Profile': localStorage.getItem('highroller:profile') || '' } })).json()"
    )
    return result


def serious_violations(page: Page) -> list[str]:
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} — {[node['target'] for node in violation['nodes'][:3]]}"
        for violation in AXE.run(page).response["violations"]
        if violation["impact"] in {"serious", "critical"}
    ]


def fits_the_screen(page: Page) -> bool:
    return bool(page.evaluate(f"document.documentElement.scrollWidth <= {PHONE['width']}"))


def open_me(context: BrowserContext, base: str) -> Page:
    page = context.new_page()
    page.goto(base + "/me")
    page.wait_for_selector("#passkeys li")
    return page


def test_a_passkey_added_on_one_device_signs_another_in(browser: Browser, serve: Callable[..., Any]) -> None:
    base = serve().url.replace("127.0.0.1", "localhost")
    first = open_me(phone(browser), base)
    cdp, first_authenticator = authenticator(first)
    assert first.locator("#passkeys li").inner_text() == "No passkey yet."
    first.click("#add-passkey")
    first.wait_for_selector("#passkeys li button")
    assert first.locator("#passkeys li").count() == 1 and "Passkey added" in first.locator("#passkeys li").inner_text()
    assert first.locator("#passkey-error").inner_text() == ""
    assert serious_violations(first) == [] and fits_the_screen(first)
    credentials = cdp.send("WebAuthn.getCredentials", {"authenticatorId": first_authenticator})["credentials"]
    assert len(credentials) == 1 and credentials[0]["isResidentCredential"] and credentials[0]["rpId"] == "localhost"

    second = phone(browser).new_page()
    second.goto(base + "/signin")
    second.wait_for_selector("#passkey-signin")
    synced, second_authenticator = authenticator(second)
    synced.send("WebAuthn.addCredential", {"authenticatorId": second_authenticator, "credential": {**credentials[0], "backupEligibility": True, "backupState": True}})
    assert serious_violations(second) == [] and fits_the_screen(second)
    second.click("#passkey-signin")
    second.wait_for_url("**/games")
    assert profile_of(second)["id"] == profile_of(first)["id"]
    assert second.evaluate("localStorage.getItem('highroller:profile')") != first.evaluate("localStorage.getItem('highroller:profile')")


def test_a_one_time_link_signs_another_device_in_once(browser: Browser, serve: Callable[..., Any]) -> None:
    base = serve().url.replace("127.0.0.1", "localhost")
    first = open_me(phone(browser), base)
    first.click("#make-link")
    first.wait_for_selector("#link-box:not([hidden])")
    link = first.input_value("#link")
    assert link.startswith(base + "/signin#")
    assert first.eval_on_selector("#qr", "img => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().width >= 200")
    assert first.locator("#link-expiry").inner_text().startswith("It works once, until ")
    assert serious_violations(first) == [] and fits_the_screen(first)

    second = phone(browser).new_page()
    second.goto(link)
    second.wait_for_url("**/games")
    assert profile_of(second)["id"] == profile_of(first)["id"]

    third = phone(browser).new_page()
    third.goto(link)
    third.wait_for_selector("#signin-error:not(:empty)")
    assert third.locator("#signin-error").inner_text() == USED_LINK
    assert third.url == base + "/signin"  # the code left the address bar
    assert third.evaluate("localStorage.getItem('highroller:profile')") is None


def test_the_profile_page_renames_orders_languages_and_deletes(browser: Browser, serve: Callable[..., Any]) -> None:
    base = serve().url.replace("127.0.0.1", "localhost")
    page = open_me(phone(browser), base)
    page.fill("#name", "Ann")
    page.click("#name-form button")
    page.wait_for_selector("#name-status:not(:empty)")
    page.select_option("#add-language", "fr")
    page.click("#add-language-form button")
    page.wait_for_selector("#languages li:nth-child(2)")
    page.click("#languages li:nth-child(2) button[aria-label='Move Français up']")
    expect(page.locator("#languages .language-name")).to_have_text(["Français", "English"])
    profile = profile_of(page)
    assert (profile["name"], profile["languages"]) == ("Ann", ["fr", "en"])
    assert serious_violations(page) == [] and fits_the_screen(page)
    key = page.evaluate("localStorage.getItem('highroller:profile')")
    page.click("#delete-profile")
    assert page.locator("#confirm-delete").is_visible()
    page.click("#confirm-delete-no")
    assert profile_of(page)["id"] == profile["id"]
    page.click("#delete-profile")
    page.click("#confirm-delete-yes")
    page.wait_for_selector("text=Your profile is deleted")
    assert page.evaluate("localStorage.getItem('highroller:profile')") is None
    gone = page.evaluate(f"async () => (await fetch('/api/me', {{ headers: {{ 'X-Profile': '{key}' }} }})).status")
    assert gone == 401
