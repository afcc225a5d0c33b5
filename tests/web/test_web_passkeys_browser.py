"""Signing a second device in, through the pages, in Chromium on a phone's screen: a passkey added on
/me with Chromium's virtual authenticator, copied to a second browser's authenticator as a synced
passkey would be, signs that browser in on /signin; a one-time link shown on /me (with its QR code)
signs a third browser in once, after its yes, and opening it again shows the server's refusal. A link
or a passkey opened on a device that holds another profile shows whose it is and changes nothing,
on the device or the server, until the person says yes; the device then keeps its old profile too
and switches back without a link. The profile page lists the devices (sign out another, or this one),
also renames, orders languages and deletes the profile, and the pages pass axe-core and fit the screen.
Opened at 127.0.0.1, the pages say where passkeys work instead of offering them.

The server is opened at http://localhost:PORT, its site: passkeys need a secure context and a host name
for their relying party (an IP address cannot be one)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, ViewportSize, expect

pytestmark = pytest.mark.slow  # in Chromium

PHONE: ViewportSize = {"width": 390, "height": 844}
AXE = Axe()
AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
}
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
        "async () => (await fetch('/api/me', { headers: { 'X-Profile': localStorage.getItem('highroller:profile') || "
        "'' } })).json()"
    )
    return result


def serious_violations(page: Page) -> list[str]:
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} — "
        f"{[node['target'] for node in violation['nodes'][:3]]}"
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
    synced.send(
        "WebAuthn.addCredential",
        {
            "authenticatorId": second_authenticator,
            "credential": {**credentials[0], "backupEligibility": True, "backupState": True},
        },
    )
    assert serious_violations(second) == [] and fits_the_screen(second)
    second.click("#passkey-signin")
    second.wait_for_url("**/games")
    assert profile_of(second)["id"] == profile_of(first)["id"]
    assert second.evaluate("localStorage.getItem('highroller:profile')") != first.evaluate(
        "localStorage.getItem('highroller:profile')"
    )


def test_a_one_time_link_signs_another_device_in_once(browser: Browser, serve: Callable[..., Any]) -> None:
    base = serve().url.replace("127.0.0.1", "localhost")
    first = open_me(phone(browser), base)
    first.click("#make-link")
    first.wait_for_selector("#link-box:not([hidden])")
    link = first.input_value("#link")
    assert link.startswith(base + "/signin#")
    assert first.eval_on_selector(
        "#qr", "img => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().width >= 200"
    )
    assert first.locator("#link-expiry").inner_text().startswith("It works once, until ")
    assert serious_violations(first) == [] and fits_the_screen(first)

    second = phone(browser).new_page()
    second.goto(link)
    second.wait_for_selector("#ask:not([hidden])")
    assert second.locator("#ask-words").inner_text() == f"Sign this device in to {profile_of(first)['name']}'s profile?"
    assert second.evaluate("localStorage.getItem('highroller:profile')") is None
    assert serious_violations(second) == [] and fits_the_screen(second)
    second.click("#ask-yes")
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


def key_of(page: Page) -> str | None:
    key: str | None = page.evaluate("localStorage.getItem('highroller:profile')")
    return key


def held_names(page: Page) -> list[str]:
    names: list[str] = page.evaluate(
        "JSON.parse(localStorage.getItem('highroller:profiles') || '[]').map((held) => held.name)"
    )
    return names


def named(context: BrowserContext, base: str, name: str) -> Page:
    """/me of a new profile renamed `name`."""
    page = open_me(context, base)
    page.fill("#name", name)
    page.click("#name-form button")
    page.wait_for_selector("#name-status:not(:empty)")
    return page


def count_devices(page: Page) -> int:
    count: int = page.evaluate(
        "async () => (await (await fetch('/api/me/devices', { headers: { 'X-Profile': "
        "localStorage.getItem('highroller:profile') } })).json()).length"
    )
    return count


def test_a_link_on_a_device_with_a_profile_changes_nothing_until_its_yes(
    browser: Browser, serve: Callable[..., Any]
) -> None:
    base = serve().url.replace("127.0.0.1", "localhost")
    mallory = named(phone(browser), base, "Mallory")
    mallory.click("#make-link")
    mallory.wait_for_selector("#link-box:not([hidden])")
    link = mallory.input_value("#link")
    ann = named(phone(browser), base, "Ann")
    key, storage = key_of(ann), ann.evaluate("JSON.stringify(localStorage)")

    asked = ann.context.new_page()
    asked.goto(link)
    asked.wait_for_selector("#ask:not([hidden])")
    assert asked.locator("#ask-words").inner_text() == "Switch this device from Ann to Mallory's profile?"
    assert "Only use a link you made yourself" in asked.locator("#ask-note").inner_text()
    assert (
        asked.locator("#ask-yes").inner_text() == "Switch to Mallory"
        and asked.locator("#ask-no").inner_text() == "Keep Ann"
    )
    assert asked.evaluate("JSON.stringify(localStorage)") == storage and count_devices(mallory) == 1
    assert serious_violations(asked) == [] and fits_the_screen(asked)
    asked.click("#ask-no")
    assert asked.locator("#signin-status").inner_text() == "Nothing changed: this device is still signed in as Ann."
    assert asked.evaluate("JSON.stringify(localStorage)") == storage and profile_of(asked)["name"] == "Ann"
    assert count_devices(mallory) == 1  # no key made for the device that said no

    again = ann.context.new_page()
    again.goto(link)  # the link still works
    again.wait_for_selector("#ask:not([hidden])")
    again.click("#ask-yes")
    again.wait_for_url("**/games")
    assert profile_of(again)["name"] == "Mallory" and key_of(again) != key and count_devices(mallory) == 2

    me = open_me(ann.context, base)
    expect(me.locator("#held li")).to_have_count(2)
    assert (
        me.locator("#held li").first.inner_text().startswith("Mallory")
        and "in use" in me.locator("#held li").first.inner_text()
    )
    assert serious_violations(me) == [] and fits_the_screen(me)
    me.click("#held button[aria-label='Switch to Ann']")  # back without a link
    expect(me.locator("#name")).to_have_value("Ann")
    assert key_of(me) == key and profile_of(me)["name"] == "Ann" and held_names(me) == ["Ann", "Mallory"]


def test_a_device_holding_the_links_profile_is_told_so(browser: Browser, serve: Callable[..., Any]) -> None:
    base = serve().url.replace("127.0.0.1", "localhost")
    ann = named(phone(browser), base, "Ann")
    ann.click("#make-link")
    ann.wait_for_selector("#link-box:not([hidden])")
    link, key = ann.input_value("#link"), key_of(ann)
    same = ann.context.new_page()
    same.goto(link)
    expect(same.locator("#signin-status")).to_have_text(
        "This device is signed in as Ann already: nothing changed. Your games"
    )
    assert same.locator("#ask").is_hidden() and key_of(same) == key
    other = phone(browser).new_page()
    other.goto(link)  # unused still
    other.wait_for_selector("#ask:not([hidden])")
    other.click("#ask-yes")
    other.wait_for_url("**/games")


def test_a_passkey_for_another_profile_asks_and_a_no_leaves_no_device(
    browser: Browser, serve: Callable[..., Any]
) -> None:
    base = serve().url.replace("127.0.0.1", "localhost")
    ann = named(phone(browser), base, "Ann")
    cdp, made_on = authenticator(ann)
    ann.click("#add-passkey")
    ann.wait_for_selector("#passkeys li button")
    credential = cdp.send("WebAuthn.getCredentials", {"authenticatorId": made_on})["credentials"][0]
    bob = named(phone(browser), base, "Bob")
    synced, there = authenticator(bob)
    synced.send(
        "WebAuthn.addCredential",
        {"authenticatorId": there, "credential": {**credential, "backupEligibility": True, "backupState": True}},
    )
    signin = bob.context.new_page()
    signin.goto(base + "/signin")
    signin.wait_for_selector("#passkey-signin")
    storage = signin.evaluate("JSON.stringify(localStorage)")
    cdp_signin, signin_authenticator = authenticator(signin)
    cdp_signin.send(
        "WebAuthn.addCredential",
        {
            "authenticatorId": signin_authenticator,
            "credential": {**credential, "backupEligibility": True, "backupState": True},
        },
    )
    for answer in ("no", "yes"):
        signin.click("#passkey-signin")
        signin.wait_for_selector("#ask:not([hidden])")
        assert signin.locator("#ask-words").inner_text() == "Switch this device from Bob to Ann's profile?"
        assert signin.evaluate("JSON.stringify(localStorage)") == storage and count_devices(ann) == 1
        signin.click(f"#ask-{answer}")
    signin.wait_for_url("**/games")
    assert profile_of(signin)["name"] == "Ann" and count_devices(ann) == 2 and held_names(signin) == ["Ann", "Bob"]


def test_the_profile_page_signs_devices_out(browser: Browser, serve: Callable[..., Any]) -> None:
    base = serve().url.replace("127.0.0.1", "localhost")
    first = named(phone(browser), base, "Ann")
    first.click("#make-link")
    first.wait_for_selector("#link-box:not([hidden])")
    second = phone(browser).new_page()
    second.goto(first.input_value("#link"))
    second.wait_for_selector("#ask:not([hidden])")
    second.click("#ask-yes")
    second.wait_for_url("**/games")
    gone_key = key_of(second)
    first.reload()
    first.wait_for_selector("#devices li:nth-child(2)")
    here, there = (
        first.locator("#devices li", has_text="this device"),
        first.locator("#devices li", has_text="with a one-time link"),
    )
    assert here.inner_text().startswith("Chrome on Linux") and "Made this profile" in here.inner_text()
    assert there.inner_text().startswith("Chrome on Linux") and "Last seen" in there.inner_text()
    assert serious_violations(first) == [] and fits_the_screen(first)
    there.locator("button").click()
    expect(first.locator("#devices li")).to_have_count(1)
    assert first.locator("#devices-status").inner_text() == "Signed out: Chrome on Linux no longer holds your profile."
    gone = second.evaluate(
        f"async () => (await fetch('/api/me', {{ headers: {{ 'X-Profile': '{gone_key}' }} }})).status"
    )
    assert gone == 401
    second.goto(base + "/me")  # the page forgets the key that stopped working
    second.wait_for_selector("#passkeys li")
    assert key_of(second) != gone_key and profile_of(second)["name"] != "Ann"

    first.locator("#devices li button").click()
    first.wait_for_selector("#confirm-signout:not([hidden])")
    first.click("#confirm-signout-no")
    assert first.locator("#confirm-signout").is_hidden() and profile_of(first)["name"] == "Ann"
    key = key_of(first)
    first.locator("#devices li button").click()
    first.click("#confirm-signout-yes")
    first.wait_for_selector("text=This device is signed out")
    assert key_of(first) is None and held_names(first) == []
    refused = first.evaluate(f"async () => (await fetch('/api/me', {{ headers: {{ 'X-Profile': '{key}' }} }})).json()")
    assert refused["code"] == "bad-profile"


def test_pages_at_another_address_say_where_passkeys_work(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve()
    site = server.url.replace("127.0.0.1", "localhost")
    for path in ("/signin", "/me"):
        page = phone(browser).new_page()
        page.goto(server.url + path)
        page.wait_for_selector("#passkeys-elsewhere:not([hidden])")
        assert (
            page.locator("#passkeys-elsewhere").inner_text()
            == f"Passkeys work at this site's own address: {site}{path}"
        )
        assert page.locator("#passkeys-elsewhere a").get_attribute("href") == site + path
        assert page.locator("#passkey-signin, #add-passkey").first.is_hidden()
        assert serious_violations(page) == []
