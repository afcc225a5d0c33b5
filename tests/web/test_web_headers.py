"""The security headers on every response, errors in the documented shape, /docs served from the
server itself with no inline script, and pages that break none of the Content Security Policy in
headless Chromium (Debian's package, driven by Playwright), with every request off this machine cut."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import httpx2
import pytest
from fastapi.responses import JSONResponse
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Page, Route

from highroller.web.api.messages import MAX_MESSAGE
from highroller.web.http.headers import CSP

SECURITY = {
    "content-security-policy": CSP,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
}

PATHS = [
    "/",
    "/table/x",
    "/static/style.css",
    "/api/games",
    "/openapi.json",
    "/docs",
    "/no/such/page",
    "/api/tables/no-such",
]


def assert_secured(response: httpx2.Response) -> None:
    for name, value in SECURITY.items():
        assert response.headers.get_list(name) == [value], (response.url, name)


@pytest.mark.parametrize("path", PATHS)
def test_every_response_carries_the_security_headers(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert_secured(response)
    expected = ["no-store"] if path.startswith("/api/") else []
    assert response.headers.get_list("cache-control") == expected


def test_the_policy_is_the_strict_one() -> None:
    directives = dict(part.strip().split(" ", 1) for part in CSP.split(";"))
    assert directives["script-src"] == directives["style-src"] == "'self'"
    assert directives["object-src"] == directives["base-uri"] == directives["frame-ancestors"] == "'none'"


def test_refusals_of_the_guards_and_handlers_carry_them_too(client: TestClient) -> None:
    too_large = client.post(
        "/api/tables", content=b"x" * (MAX_MESSAGE + 1), headers={"Content-Type": "application/json"}
    )
    malformed = client.post("/api/tables", json={})
    for response, status in ((too_large, 413), (malformed, 422)):
        assert response.status_code == status
        assert_secured(response)
        assert response.headers["cache-control"] == "no-store"


def test_a_header_the_route_set_is_kept_and_not_doubled(client: TestClient) -> None:
    app: Any = client.app

    @app.get("/api/test-own-headers")
    async def own() -> JSONResponse:
        return JSONResponse({}, headers={"X-Frame-Options": "SAMEORIGIN", "Cache-Control": "max-age=5"})

    response = client.get("/api/test-own-headers")
    assert response.headers.get_list("x-frame-options") == ["SAMEORIGIN"]
    assert response.headers.get_list("cache-control") == ["max-age=5"]
    assert response.headers.get_list("content-security-policy") == [CSP]


def test_unknown_paths_and_wrong_methods_answer_in_the_documented_shape(client: TestClient) -> None:
    for path in ("/no/such/page", "/static/no-such.css", "/redoc", "/api/no-such"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.headers["content-type"] == "application/json"
        assert response.json() == {"error": f"there is nothing at {path}", "code": "not-found"}
    french = client.get("/no/such/page", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert french.status_code == 404 and french.json() == {
        "error": "il n'y a rien à /no/such/page",
        "code": "not-found",
    }
    german = client.delete("/api/games", params={"lang": "de"})
    assert german.status_code == 405 and german.json()["error"] == "/api/games nimmt kein DELETE an"
    response = client.delete("/api/games")
    assert response.status_code == 405
    assert response.json() == {"error": "/api/games does not accept DELETE", "code": "method-not-allowed"}
    assert response.headers["allow"] == "GET, HEAD, OPTIONS"
    assert_secured(response)


def test_a_crash_answers_500_in_the_documented_shape_with_the_headers(client: TestClient) -> None:
    app: Any = client.app

    @app.get("/api/test-crash")
    async def crash() -> None:
        raise RuntimeError("a bug")

    response = TestClient(app, raise_server_exceptions=False).get("/api/test-crash")
    assert response.status_code == 500
    assert response.json() == {"error": "the server failed to answer this request", "code": "internal-error"}
    assert_secured(response)
    assert response.headers["cache-control"] == "no-store"


def test_docs_are_served_from_here_with_no_inline_script(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    scripts = re.findall(r"<script\b[^>]*>", page.text)
    assert scripts and all(" src=" in tag for tag in scripts)
    assert "<style" not in page.text and " style=" not in page.text
    assert not re.search(r"(?:src|href)=\"(?:https?:)?//", page.text)
    for source in re.findall(r"(?:src|href)=\"(/[^\"]*)\"", page.text):
        assert client.get(source).status_code == 200, source
    assert client.post("/docs-assets/swagger-ui.css").status_code == 405


class Watched:
    """A page whose requests off this machine are aborted (and noted), and whose CSP violations are kept."""

    def __init__(self, browser: Browser) -> None:
        self.page: Page = browser.new_context().new_page()
        self.outside: list[str] = []
        self.violations: list[str] = []
        self.errors: list[str] = []
        self.page.route("**/*", self._only_local)
        self.page.on("console", lambda message: self._console(message.text))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.add_init_script(
            "document.addEventListener('securitypolicyviolation', (e) =>"
            " console.error(`Content Security Policy: ${e.violatedDirective} blocked ${e.blockedURI}`));"
        )

    def _only_local(self, route: Route) -> None:
        address = urlsplit(route.request.url)
        if address.scheme in ("http", "https", "ws", "wss") and address.hostname != "127.0.0.1":
            self.outside.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    def _console(self, text: str) -> None:
        if "Content Security Policy" in text:
            self.violations.append(text)

    def assert_clean(self) -> None:
        assert self.violations == []
        assert self.outside == []
        assert self.errors == []


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
@pytest.mark.slow  # in Chromium
def test_docs_render_and_call_the_api_with_no_internet(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve()
    watched = Watched(browser)
    page = watched.page
    page.goto(server.url + "/docs")
    page.wait_for_selector(".opblock")
    summaries = [text.replace("\u200b", "") for text in page.locator(".opblock").all_inner_texts()]
    assert any("/api/tables" in text for text in summaries)
    page.locator(".opblock-summary").first.click()
    page.click("button.try-out__btn")
    page.click("button.execute")
    page.wait_for_selector(".live-responses-table .response-col_status:has-text('200')")
    assert "lastchance" in page.inner_text(".live-responses-table")
    watched.assert_clean()


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
@pytest.mark.slow  # in Chromium
def test_the_pages_break_none_of_the_policy(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve()
    watched = Watched(browser)
    page = watched.page
    page.goto(server.url + "/")
    # A function, not an expression: Playwright polls an expression with eval, which the CSP forbids.
    page.wait_for_function("() => document.querySelectorAll('#game option').length > 0")
    page.wait_for_selector("#seats select")
    created = httpx2.post(
        server.url + "/api/tables", json={"game": "lasvegas", "options": {"players": 2}, "bots": [None, "greedy"]}
    )
    assert created.status_code == 201, created.text
    page.goto(f"{server.url}/table/{created.json()['id']}")
    page.wait_for_selector("#board[data-version]")
    page.wait_for_selector("#seats .swatch")
    watched.assert_clean()
    colour = page.eval_on_selector("#seats .swatch", "node => getComputedStyle(node).backgroundColor")
    assert colour == "rgb(215, 38, 61)"  # the first seat's colour: the style was applied
