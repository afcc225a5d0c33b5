"""A turn-based game over "days", with two people in two Chromium contexts, as the players would have it.

Ann (a French browser) makes a 24-hour Las Vegas table in the lobby and turns notifications on; Bob
joins from the link. Both close their pages; Bob's move makes the server push "your turn" to Ann's
subscription: a push service stand-in on loopback (tests/web/push_receiver.py) decrypts it with the
subscription's keys (RFC 8291) and finds it in French. Ann's "your games" lists the table first and
counts it in the title. A second context signs in as Ann with a passkey (Chromium's virtual
authenticator, the credential copied as a synced passkey) and sees the same games. Then the days pass
on the test clock (conftest's `move_clock`, shared by the server processes and their bot workers): each
time Ann's move (and her time bank) runs out the stand-in makes it, the game finishes, and Ann's list
shows it finished. With PostgreSQL, Ann and Bob use two server processes on one database, and each
turn is pushed once, not once per process.

Browsers cannot reach a real push service here: Ann's context answers `pushManager.subscribe` with the
stand-in's subscription (its endpoint and keys), as Chromium would with Google's.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import httpx2
import pytest
from conftest import Server
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page
from push_receiver import Device, PushReceiver

pytestmark = pytest.mark.slow  # two browsers and a whole game

PHONE = {"width": 390, "height": 844}
AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
}
DAY = 86400.0


def fake_push_service(device: Device) -> str:
    """A script for a context: `pushManager.subscribe` answers the stand-in push service's subscription."""
    subscription = json.dumps(device.subscription())
    return f"""(() => {{
        const json = {subscription};
        let current = null;
        const made = (key) => ({{
            endpoint: json.endpoint,
            options: {{ applicationServerKey: key }},
            toJSON: () => json,
            unsubscribe: async () => {{ current = null; return true; }},
        }});
        PushManager.prototype.subscribe = async function (options) {{ current = made(options.applicationServerKey);
          return current; }};
        PushManager.prototype.getSubscription = async function () {{ return current; }};
    }})();"""


def authenticator(page: Page) -> tuple[CDPSession, str]:
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable", {"enableUI": False})
    return cdp, cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})["authenticatorId"]


def state_of(base: str, table: str, token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer: dict[str, Any] = httpx2.get(f"{base}/api/tables/{table}", headers=headers, timeout=30).json()
    return answer


def wait_until(check: Callable[[], Any], timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError("waited in vain")


def seat_token(page: Page, table: str) -> str:
    saved: dict[str, Any] = page.evaluate(f"JSON.parse(localStorage.getItem('highroller:seat:{table}'))")
    return str(saved["token"])


def create_in_lobby(page: Page, base: str) -> str:
    """Ann makes a two-player, one-round Las Vegas table with 24 hours a move in the lobby; its id."""
    page.goto(base + "/")
    page.wait_for_selector("#game option[value=lasvegas]", state="attached")
    page.select_option("#game", "lasvegas")
    page.fill("#opt-players", "2")
    page.select_option("#timer", str(int(DAY)))
    page.click("#more summary")
    page.fill("#opt-rounds", "1")
    page.fill("#name", "Ann")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    return page.url.rsplit("/", 1)[-1]


def play_first_choice(page: Page) -> None:
    page.wait_for_selector("#actions button.action:not([disabled])", timeout=60_000)
    page.locator("#actions button.action:not([disabled])").first.click()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
def test_a_turn_based_game_over_days_with_a_push_and_a_passkey(
    browser: Browser,
    serve: Callable[..., Server],
    database: str,
    receiver: PushReceiver,
    move_clock: Callable[[float], None],
) -> None:
    flags = ["--push-hosts", receiver.url]
    first = serve(flags=flags)
    second = serve(flags=[*flags, "--bot-processes", "0"]) if database.startswith("postgres") else first
    ann_base, bob_base = (server.url.replace("127.0.0.1", "localhost") for server in (first, second))
    device = receiver.device("ann-phone")

    ann: BrowserContext = browser.new_context(
        viewport=PHONE, has_touch=True, locale="fr-FR", permissions=["notifications"]
    )
    ann.add_init_script(fake_push_service(device))
    ann_page = ann.new_page()
    table = create_in_lobby(ann_page, ann_base)
    ann_page.goto(ann_base + "/games")
    ann_page.get_by_role("switch").click()  # the switch stays off until the server confirms, then shows on
    wait_until(lambda: ann_page.get_by_role("switch").is_checked() and not ann_page.get_by_role("switch").is_disabled())

    bob: BrowserContext = browser.new_context(viewport=PHONE, has_touch=True, locale="en-GB")
    bob_page = bob.new_page()
    bob_page.goto(f"{bob_base}/table/{table}")
    bob_page.fill("#join-name", "Bob")
    bob_page.click("#join-form button[type=submit]")
    wait_until(lambda: state_of(bob_base, table)["started"])
    bob_token = seat_token(bob_page, table)
    ann_page.goto(f"{ann_base}/table/{table}")
    if state_of(ann_base, table)["current_player"] == 0:  # Ann begins: she plays her move before she closes her page
        play_first_choice(ann_page)
        wait_until(lambda: state_of(ann_base, table)["current_player"] == 1)
    ann_page.close()
    bob_page.close()

    before = len(receiver.payloads("ann-phone"))
    bob_page = bob.new_page()
    bob_page.goto(f"{bob_base}/table/{table}")
    play_first_choice(bob_page)
    bob_page.close()
    pushed = receiver.wait_for("ann-phone", before + 1)
    assert len(pushed) == before + 1, "Bob's move told Ann it is her turn"
    payload = pushed[-1]
    assert payload["title"] == "Las Vegas\u202f: à vous de jouer", payload
    assert "Bob" in payload["body"] and set(payload) == {"title", "body", "url", "tag", "event"}
    assert payload["url"].endswith(f"/table/{table}")
    time.sleep(5)  # every server process looked again
    assert len(receiver.payloads("ann-phone")) == before + 1, "one notification per turn, however many processes"
    assert receiver.problems == []

    games = ann.new_page()
    games.goto(ann_base + "/games")
    games.wait_for_selector(".game-row")
    assert games.locator(".game-row").first.get_attribute("class") == "game-row your-move"
    assert table in (games.locator(".game-row a").first.get_attribute("href") or "")
    assert games.title().startswith("(1) ")

    cdp, first_authenticator = authenticator(games)
    games.goto(ann_base + "/me")
    games.wait_for_selector("#add-passkey")
    games.click("#add-passkey")
    games.wait_for_selector("#passkeys li button")
    credential = cdp.send("WebAuthn.getCredentials", {"authenticatorId": first_authenticator})["credentials"][0]
    tablet = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR").new_page()
    tablet.goto(ann_base + "/signin")  # the site the passkey was made for: a site's processes share its one origin
    synced, tablet_authenticator = authenticator(tablet)
    synced.send(
        "WebAuthn.addCredential",
        {
            "authenticatorId": tablet_authenticator,
            "credential": {**credential, "backupEligibility": True, "backupState": True},
        },
    )
    tablet.wait_for_selector("#passkey-signin")
    tablet.click("#passkey-signin")
    tablet.wait_for_url("**/games")
    tablet.wait_for_selector(".game-row")
    assert tablet.locator(".game-row").first.get_attribute("class") == "game-row your-move"
    assert table in (tablet.locator(".game-row a").first.get_attribute("href") or "")

    version = state_of(ann_base, table)["version"]
    move_clock(3 * DAY)  # past Ann's day and her day of time bank: the stand-in makes her move
    state = wait_until(lambda: (found := state_of(ann_base, table))["version"] > version and found)
    assert any("Ann" in line["text"] and "bot" in line["text"] for line in state["log"]), (
        "the log says the stand-in made Ann's move"
    )
    while not state["finished"]:
        version = state["version"]
        if state["current_player"] == 1:
            bob_view = state_of(bob_base, table, bob_token)
            httpx2.post(
                f"{bob_base}/api/tables/{table}/actions",
                json={"version": bob_view["version"], "action": bob_view["legal"][0]["action"]},
                headers={"Authorization": f"Bearer {bob_token}"},
                timeout=30,
            ).raise_for_status()
        elif state["current_player"] == 0:
            move_clock(1.1 * DAY)
        state = wait_until(lambda: (found := state_of(ann_base, table))["version"] > version and found, timeout=60)
    assert state["seats"][0]["name"] == "Ann" and not state["seats"][0]["away"], "a turn-based seat stays its person's"
    tablet.reload()
    tablet.wait_for_selector(".game-row.finished")
