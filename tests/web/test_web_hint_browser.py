"""The Hint in Chromium on a phone, in French: a 2-player Luckiest Dice table against a bot, where the
hint draws each choice's chance of winning as a bar with its figure beside it, marks the suggested
choice there and among the choices, and shows no box-drawing text."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser
from web_helpers import create, seated_page

pytestmark = pytest.mark.slow  # Chromium

BOX_DRAWING = {chr(code) for code in range(0x2500, 0x2580)}


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    return str(tmp_path / "tables.sqlite3")


def test_a_hint_is_drawn_as_bars_in_the_pages_language(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.0)
    table = create(server.url, "luckiest", {"players": 2}, [None, "easy"], name="Ann")
    page = seated_page(
        browser, server.url, table, viewport={"width": 390, "height": 844}, has_touch=True, locale="fr-FR"
    )
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.click("#hint-button")
    page.wait_for_selector("#hint .hint-move", timeout=60_000)  # the page asks again while the advice helper is busy
    hint = page.locator("#hint")
    text = hint.inner_text()
    assert not BOX_DRAWING & set(text) and page.locator("#hint pre").count() == 0
    assert "Conseillé" in text and "Vos chances de gagner" in text and "parier sur" in text
    rows = page.locator("#hint .hint-move")
    assert rows.count() >= 2 and page.locator("#hint meter.hint-bar").count() == rows.count()
    assert all(page.locator("#hint meter.hint-bar").nth(i).get_attribute("aria-label") for i in range(rows.count()))
    figures = [rows.nth(i).locator(".hint-figure").inner_text() for i in range(rows.count())]
    assert all(re.fullmatch(r"\d+(,\d)?\s%", figure) for figure in figures), figures  # as French writes a percent
    suggested = page.locator("#hint .hint-move.suggested")
    assert suggested.count() == 1 and "✓" in suggested.inner_text()
    assert page.locator("#actions .hinted").count() == 1
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), (
        "the bars fit the phone's width"
    )
    assert errors == []
