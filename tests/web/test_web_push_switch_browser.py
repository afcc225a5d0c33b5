"""The notification switch in Chromium tells the truth: it shows on only once the server holds this
device's subscription, a reload shows what the server holds, and every way switching on can fail says
why in the page's language — a push service out of reach (Chromium here reaches none), a private
window's refusal, permission refused, a browser without Web Push. With the stand-in push service
(tests/web/push_receiver.py) the switch goes on, stays on after a reload, and goes off once the server
forgets the subscription."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx2
import pytest
from conftest import Server
from playwright.sync_api import Browser, BrowserContext, Page
from push_receiver import PushReceiver

pytestmark = pytest.mark.slow  # Chromium

SWITCH = "Notify me on this device when it is my turn"


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    return str(tmp_path / "tables.sqlite3")


def games_page(context: BrowserContext, server: Server) -> Page:
    """Your games, its switch ready to use."""
    page = context.new_page()
    page.goto(server.url + "/games")
    page.wait_for_function(
        "() => { const box = document.querySelector('#notify input'); return box && !box.disabled; }"
    )
    return page


def switch_on(page: Page) -> str:
    """Turn the switch on and wait until it settles; what its line says then."""
    page.locator("#notify input").click()
    page.wait_for_function("() => !document.querySelector('#notify input').disabled", timeout=30_000)
    return page.locator("#notify .hint").inner_text()


def is_on(page: Page) -> bool:
    return bool(page.locator("#notify input").is_checked())


def reloaded(page: Page) -> Page:
    page.reload()
    page.wait_for_function(
        "() => { const box = document.querySelector('#notify input'); return box && !box.disabled; }"
    )
    page.wait_for_timeout(500)  # the server's answer on the subscription
    return page


def failing_subscribe(name: str) -> str:
    """A script for a context: `pushManager.subscribe` fails as a browser does (an error of this name)."""
    return (
        f"PushManager.prototype.subscribe = async function () "
        f"{{ throw new DOMException('refused', {json.dumps(name)}); }};"
    )


def test_no_reachable_push_service_leaves_the_switch_off_and_says_why(
    browser: Browser, serve: Callable[..., Server]
) -> None:
    server = serve()
    context = browser.new_context(permissions=["notifications"])
    page = games_page(context, server)
    said = switch_on(page)
    assert "push service cannot be reached" in said, said
    assert not is_on(page)
    assert not is_on(reloaded(page))
    context.close()


@pytest.mark.parametrize(
    ("locale", "error", "words"),
    [
        ("fr-FR", "NotAllowedError", "fenêtre privée"),
        ("de-DE", "AbortError", "Push-Dienst"),
        ("en-US", "NotSupportedError", "This browser cannot show notifications"),
    ],
)
def test_a_refusal_is_said_in_the_pages_language(
    browser: Browser, serve: Callable[..., Server], locale: str, error: str, words: str
) -> None:
    server = serve()
    context = browser.new_context(permissions=["notifications"], locale=locale)
    context.add_init_script(failing_subscribe(error))
    page = games_page(context, server)
    said = switch_on(page)
    assert words in said, said
    assert not is_on(page)
    context.close()


def test_permission_refused_and_no_web_push_are_said(browser: Browser, serve: Callable[..., Server]) -> None:
    server = serve()
    context = browser.new_context()
    context.add_init_script(
        "Object.defineProperty(Notification, 'permission', { get: () => 'denied' });"
    )  # a private window, or the settings
    page = context.new_page()
    page.goto(server.url + "/games")
    page.wait_for_selector("#notify .hint:not(:empty)")
    assert "private window" in page.locator("#notify .hint").inner_text()
    assert page.locator("#notify input").is_disabled() and not is_on(page)
    context.close()
    bare = browser.new_context()
    bare.add_init_script("delete window.PushManager;")
    page = bare.new_page()
    page.goto(server.url + "/games")
    page.wait_for_selector("#notify .hint:not(:empty)")
    assert page.locator("#notify .hint").inner_text() == "This browser cannot show notifications from this site."
    assert page.locator("#notify input").is_disabled()
    bare.close()


def test_the_switch_shows_what_the_server_holds(
    browser: Browser, serve: Callable[..., Server], receiver: PushReceiver
) -> None:
    server = serve(flags=["--push-hosts", receiver.url])
    subscription = json.dumps(receiver.device("phone").subscription())
    context = browser.new_context(permissions=["notifications"])
    context.add_init_script(f"""(() => {{
        const json = {subscription};
        let current = null;
        const made = (key) => ({{ endpoint: json.endpoint, options: {{ applicationServerKey: key }}, toJSON: () => json,
                                 unsubscribe: async () => {{ current = null; return true; }} }});
        PushManager.prototype.subscribe = async function (options) {{ current = made(options.applicationServerKey);
          return current; }};
        PushManager.prototype.getSubscription = async function () {{ return current || (sessionStorage.held ?
          made(null) : null); }};
        addEventListener('pagehide', () => {{ if (current) sessionStorage.held = '1'; }});
    }})();""")
    page = games_page(context, server)
    assert switch_on(page) == ""
    assert is_on(page) and page.get_by_role("switch", name=SWITCH).is_checked()
    assert is_on(reloaded(page)), "the server holds the subscription: on after a reload"
    key = page.evaluate("() => localStorage.getItem('highroller:profile')")
    forgotten = httpx2.request(
        "DELETE",
        server.url + "/api/me/push",
        json={"endpoint": json.loads(subscription)["endpoint"]},
        headers={"X-Profile": key},
    )
    assert forgotten.status_code == 200, forgotten.text
    assert not is_on(reloaded(page)), "the browser still holds a subscription the server no longer sends to: off"
    context.close()
