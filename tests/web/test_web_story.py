"""The table tells the story, in Chromium at phone size (390×844) and at desktop size: on your turn the
choices are on the first screen without scrolling, a Las Vegas round's result stays in view until the
person's next act however fast the bots play on, and at the end the winner is on the first screen with
the final breakdown and the score sheet."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from web_helpers import call, create, seated_page

pytestmark = pytest.mark.slow  # whole games in Chromium


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """The page is the same on either store: SQLite suffices."""
    return str(tmp_path / "tables.sqlite3")


PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
LAS_VEGAS = {"players": 2, "edition": "classic", "first_player": 0}


def choices_in_view(page: Page, height: int) -> list[str]:
    """The choice buttons (and amount fields) that are not wholly on the first screen, as their text."""
    return page.evaluate(
        """(height) => [...document.querySelectorAll('#actions .action, #actions .amount')]
             .filter((node) => { const box = node.getBoundingClientRect(); return box.top < 0 || box.bottom > height ||
               box.height === 0; })
             .map((node) => node.textContent)""",
        height,
    )


def wait_my_turn_or_end(page: Page) -> bool:
    """Wait until this page offers choices (True) or the game is over (False)."""
    page.wait_for_selector(
        "#actions button.action:not([disabled]), #actions .amount, #result:not([hidden])", timeout=60_000
    )
    return page.locator("#result:not([hidden])").count() == 0


def scored_rows(page: Page) -> int:
    return int(page.evaluate("() => document.querySelectorAll('#scoring .scoring-card, #scoring [data-step]').length"))


@pytest.mark.parametrize(
    ("game", "options"),
    [("lasvegas", {"players": 4, "edition": "classic"}), ("lastchance", {"players": 3}), ("luckiest", {"players": 2})],
)
def test_on_a_phone_the_choices_are_on_the_first_screen_on_your_turn(
    browser: Browser, serve: Callable[..., Any], game: str, options: dict[str, Any]
) -> None:
    server = serve(0.0)
    bots = [None] + ["hard"] * (options["players"] - 1)
    table = create(server.url, game, options, bots, name="Ann")
    page = seated_page(browser, server.url, table, viewport=PHONE)
    rng = random.Random(game)
    for _ in range(4):
        if not wait_my_turn_or_end(page):
            break
        assert page.evaluate("() => window.scrollY") == 0
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        assert choices_in_view(page, PHONE["height"]) == []
        header = page.locator("header.top").bounding_box()
        assert header is not None and header["height"] <= 56  # one line
        buttons = page.locator("#actions button.action")
        heights = [box["height"] for box in (buttons.nth(n).bounding_box() for n in range(buttons.count())) if box]
        assert heights and min(heights) >= 44  # a thumb's worth
        buttons.nth(rng.randrange(buttons.count())).click() if buttons.count() else page.click("#actions .amount-go")
        page.wait_for_timeout(300)
    page.context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_round_result_stays_until_the_next_act_and_the_winner_is_on_the_first_screen(
    browser: Browser, serve: Callable[..., Any], viewport: dict[str, int]
) -> None:
    server = serve(0.0)
    table = create(server.url, "lasvegas", LAS_VEGAS, [None, "easy"], name="Ann")
    page = seated_page(browser, server.url, table, viewport=viewport)
    rng = random.Random(7)
    checked = 0
    while wait_my_turn_or_end(page):
        state = call(server.url, "GET", f"/api/tables/{table['id']}", token=table["token"])
        rows = state["sheet"]["rows"]
        if rows and page.locator("#scoring").inner_text().strip():
            # A round was scored and Ann has not acted since: the bots moved on, its result stays.
            page.wait_for_timeout(1500)
            text = page.locator("#scoring").inner_text()
            assert rows[-1]["label"] in text
            box = page.locator("#scoring").bounding_box()
            assert box is not None and box["height"] > 0
            checked += 1
            buttons = page.locator("#actions button.action")
            buttons.nth(rng.randrange(buttons.count())).click()
            page.wait_for_function("() => !document.querySelector('#scoring').textContent.trim()")
            continue
        buttons = page.locator("#actions button.action")
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_timeout(100)
    assert checked >= 3  # rounds 1 to 3 scored before Ann's next placement
    page.wait_for_timeout(500)
    winner = page.locator("#result h2").bounding_box()
    assert winner is not None and winner["y"] >= 0 and winner["y"] + winner["height"] <= viewport["height"]
    assert page.evaluate(
        "() => document.documentElement.scrollWidth <= window.innerWidth"
    )  # nothing wider than the screen
    assert page.locator("#result .ranking li").count() == 2
    assert page.locator("#result table").count() == 1  # the score sheet, open under the banner
    assert page.locator("#actions-panel").is_hidden()
    page.context.close()


def test_last_chance_asks_before_it_is_called(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.0)
    table = create(server.url, "lastchance", {"players": 2, "first_player": 0}, [None, "easy"], name="Ann")
    page = seated_page(browser, server.url, table, viewport=PHONE, locale="fr-FR")
    call_it = page.locator("#actions button.needs-confirm")
    call_it.wait_for(timeout=60_000)
    before = page.get_attribute("#board", "data-version")
    questions: list[str] = []
    page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.dismiss()))
    call_it.click()
    page.wait_for_timeout(500)
    assert questions and "Dernière chance" in questions[0] and "partie" in questions[0]  # asked, in French
    assert page.get_attribute("#board", "data-version") == before  # said no: nothing played
    page.once("dialog", lambda dialog: dialog.accept())
    call_it.click()
    page.wait_for_function(f"() => document.querySelector('#board').dataset.version !== {before!r}")
    page.context.close()


def test_a_choice_keeps_its_key_through_the_turn(browser: Browser, serve: Callable[..., Any]) -> None:
    """Luckiest Dice: the bets before the roll and "bank" after it never share a key within a turn."""
    server = serve(0.0)
    table = create(server.url, "luckiest", {"players": 2}, [None, "easy"], name="Ann")
    page = seated_page(browser, server.url, table, viewport=DESKTOP)
    keys_of = """() => Object.fromEntries([...document.querySelectorAll('#actions button.action')]
                    .map((button) => [button.dataset.action, button.querySelector('kbd')?.textContent]))"""
    page.wait_for_selector("#actions button.action")
    first = page.evaluate(keys_of)
    assert list(first.values())[:2] == ["1", "2"]  # in the order offered
    seen = dict(first)
    for _ in range(3):
        before = page.get_attribute("#board", "data-version")
        bet = next(action for action in first if "bank" not in action)
        page.keyboard.press(first[bet])
        page.wait_for_function(f"() => document.querySelector('#board').dataset.version !== {before!r}")
        page.wait_for_timeout(200)
        now = page.evaluate(keys_of)
        if not now:
            break  # the turn ended (a bust): the keys start again next turn
        for action, key in now.items():
            assert seen.setdefault(action, key) == key  # the same choice, the same key
        assert len(set(seen.values())) == len(seen)  # a key never changes meaning
        first = now
    page.context.close()


def test_each_seat_says_who_is_online(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.0)
    table = create(server.url, "lasvegas", LAS_VEGAS, [None, None], name="Ann")
    ann = seated_page(browser, server.url, table, viewport=DESKTOP)
    bob = browser.new_context(viewport=PHONE).new_page()
    bob.goto(f"{server.url}/table/{table['id']}")
    bob.wait_for_selector("#join:not([hidden])")
    bob.fill("#join-name", "Bob")
    bob.click("#join button[type=submit]")
    bob_seat = "#seats li:nth-child(2) .presence"
    ann.wait_for_function(f"() => document.querySelector({bob_seat!r})?.classList.contains('online')")
    watcher = browser.new_context().new_page()
    watcher.goto(f"{server.url}/table/{table['id']}")
    ann.wait_for_function("() => /1/.test(document.querySelector('#watchers').textContent)")
    bob.context.close()
    ann.wait_for_function(f"() => document.querySelector({bob_seat!r})?.classList.contains('offline')", timeout=30_000)
    watcher.context.close()
    ann.wait_for_function("() => !document.querySelector('#watchers').textContent.trim()", timeout=30_000)
    ann.context.close()
