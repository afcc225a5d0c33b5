"""The tutorials in Chromium: every chapter of every game's tutorial completed with the keyboard alone
(Enter on what the page focuses: "Next", or the script's move among the choices) in English, French
and German, at phone size and at desktop size, with no serious axe-core violation, nothing on screen
reading "null" or "undefined", the board's targets lit, and each chapter ticked as done on this device;
a lesson taken up again after a reload; "Learn to play" in the lobby and in a table's Rules panel; and
the closing button sitting the learner at a real table against easy bots."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from axe_checks import serious_violations
from playwright.sync_api import Browser, Page
from web_helpers import call, create, seated_page

pytestmark = pytest.mark.slow  # whole tutorials in Chromium

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
RESTART = {"en": "Start this chapter again", "fr": "Recommencer ce chapitre", "de": "Dieses Kapitel neu beginnen"}
NEXT = {"en": "Next", "fr": "Suivant", "de": "Weiter"}
FOCUSED = "#next, button.suggested, .suggested button.amount-go, #real-game"
"""What the page focuses for the learner: "Next", the script's move, or (at the end) the real game."""


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    return str(tmp_path / "tables.sqlite3")


def learner_page(browser: Browser, lang: str, size: str) -> Page:
    context = browser.new_context(viewport=SIZES[size], reduced_motion="reduce")
    context.add_init_script(f"localStorage.setItem('highroller:lang', {json.dumps(lang)})")
    return context.new_page()


def press_on(page: Page) -> str:
    """Wait for the page to focus what the learner answers next, and press Enter on it unless it is the
    real game's button; the id or classes of what was focused, after "lit " if the board had a target lit."""
    ready = f"e && !e.disabled && !e.dataset.pressed && e.matches({json.dumps(FOCUSED)})"
    page.wait_for_function(f"() => {{ const e = document.activeElement; return {ready}; }}", timeout=30_000)
    focused: str = page.evaluate(
        "() => { const e = document.activeElement; e.dataset.pressed = '1';"
        " return (document.querySelector('#board .pointed') ? 'lit ' : '') + (e.id || e.className); }"
    )
    if not focused.endswith("real-game"):
        page.keyboard.press("Enter")
    return focused


def complete(page: Page, base: str, game: str, chapter: str, lang: str, check_axe: bool) -> int:
    """Complete a chapter with Enter alone; how many times Enter was pressed."""
    page.goto(f"{base}/learn/{game}?chapter={chapter}")
    if check_axe:
        page.wait_for_function(f"() => document.activeElement && document.activeElement.matches({json.dumps(FOCUSED)})")
        assert serious_violations(page) == []
    pressed = 0
    lit = False
    while not (focused := press_on(page)).endswith("real-game"):
        pressed += 1
        lit = lit or focused.startswith("lit ")
        assert pressed < 120, "the chapter did not end"
    text = page.locator("body").inner_text()
    assert "null" not in text and "undefined" not in text, text
    assert RESTART[lang] in text and page.locator("html").get_attribute("lang") == lang
    assert lit, "an explanation lit what it points at"
    assert page.locator('#chapters a[aria-current="step"] .chapter-number').inner_text() == "✓"
    if check_axe:
        assert serious_violations(page) == []
    return pressed


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_every_tutorial_is_completed_with_the_keyboard(
    browser: Browser, serve: Callable[..., Any], lang: str, size: str
) -> None:
    server = serve(0.0)
    page = learner_page(browser, lang, size)
    for tutorial in call(server.url, "GET", f"/api/tutorials?lang={lang}"):
        for number, chapter in enumerate(tutorial["chapters"]):
            complete(page, server.url, tutorial["game"], chapter["id"], lang, check_axe=number == 0)
            assert tutorial["title"] in page.locator("#title").inner_text()
            assert chapter["title"] in page.locator("#chapters").inner_text()
    page.context.close()


def test_a_lesson_is_taken_up_again_after_a_reload(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.0)
    page = learner_page(browser, "en", "phone")
    page.goto(f"{server.url}/learn/lasvegas?chapter=classic")
    while not press_on(page).endswith("action suggested"):
        pass
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('highroller:lesson:lasvegas:classic') || '[]').length === 1"
    )
    sent: list[Any] = []
    page.on(
        "request", lambda request: sent.append(request.post_data_json) if "/api/tutorials/" in request.url else None
    )
    page.reload()
    while not press_on(page).endswith("real-game"):
        pass
    assert sent[0] == {"moves": [{"place": 4}], "action": None}, "the lesson is asked from the moves kept"
    assert len(page.evaluate("() => JSON.parse(localStorage.getItem('highroller:lesson:lasvegas:classic'))")) == 3
    page.context.close()


def test_learn_to_play_is_in_the_lobby_and_in_the_rules_panel(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.0)
    page = learner_page(browser, "fr", "phone")
    page.goto(server.url + "/")
    link = page.locator("#learn")
    link.wait_for()
    assert link.get_attribute("href") == "/learn/lasvegas" and "Apprendre à jouer" in link.inner_text()
    page.select_option("#game", "luckiest")
    assert link.get_attribute("href") == "/learn/luckiest"
    link.click()
    page.wait_for_url("**/learn/luckiest")
    page.wait_for_selector("#next")
    table = create(server.url, "lastchance", {"players": 2, "cards": 1}, [None, "easy"], name="Ann")
    seated = seated_page(browser, server.url, table)
    seated.click("#rules-button")
    learn = seated.locator("dialog#rules .learn-link a")
    learn.wait_for()
    assert learn.get_attribute("href") == "/learn/lastchance"
    page.context.close()
    seated.context.close()


def test_the_closing_button_seats_the_learner_at_a_real_table(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.0)
    page = learner_page(browser, "en", "desktop")
    complete(page, server.url, "lasvegas", "biggie", "en", check_axe=False)
    page.fill("#real-name", "Zoe")
    page.click("#real-game")
    page.wait_for_url("**/table/*")
    table_id = page.url.rsplit("/", 1)[1]
    table = next(listed for listed in call(server.url, "GET", "/api/tables") if listed["id"] == table_id)
    assert table["seats"][0]["name"] == "Zoe"
    assert all(seat["bot"] for seat in table["seats"][1:]) and table["options"]["edition"] == "biggie"
    page.context.close()
