"""A phone table where nothing a person needs is hidden, in Chromium at 390×844: whole games of every
game played through the page, checking at each of the person's decisions that what they decide on is
on the screen and covered by nothing (neither the header nor the bar of choices); the latest scoring
as a line per seat whose few words open on request; the board back in view after a dialog; and the
score sheet fitting the phone's width for 2 to 6 players, mid-game and at the end."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page
from web_helpers import create, seated_page, step

pytestmark = pytest.mark.slow  # whole games in Chromium

PHONE = {"width": 390, "height": 844}
SERIOUS = {"serious", "critical"}

CLEAR = """(selector) => {
  const header = document.querySelector('header.top').getBoundingClientRect().bottom;
  const panel = document.querySelector('#actions-panel');
  const bar = Math.min(window.innerHeight, panel.classList.contains('acting') ?
    panel.getBoundingClientRect().top : Infinity);
  return [...document.querySelectorAll(selector)].map((node) => {
    const box = node.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const inside = box.height > 0 && box.top >= header - 1 && box.bottom <= bar + 1 && box.left >= 0 &&
      box.right <= window.innerWidth + 1;
    return inside && node.contains(hit);
  });
}"""
"""For each node matching a selector, whether it is wholly on the screen between the header and the bar of
choices, and the point at its centre is its own (nothing is drawn over it)."""


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """The page is the same on either store: SQLite suffices."""
    return str(tmp_path / "tables.sqlite3")


def clear(page: Page, selector: str) -> list[bool]:
    """Whether each node `selector` matches is on the screen and covered by nothing."""
    shown: list[bool] = page.evaluate(CLEAR, selector)
    return shown


def settled(page: Page) -> None:
    """The page has drawn the state and brought the board into view (two frames later), and the dice have
    landed (a fresh roll tumbles, placed dice glide over the board to their place)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.evaluate(
        "() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null)))"
    )


def next_decision(page: Page) -> bool:
    """Wait until the page offers choices (True, once it has settled) or the game is over (False)."""
    page.wait_for_selector(
        "#actions button.action:not([disabled]), #actions .amount-go:not([disabled]), #result:not([hidden])",
        timeout=120_000,
    )
    settled(page)
    return page.locator("#result:not([hidden])").count() == 0


def choose(page: Page, rng: random.Random, keep: str = "") -> None:
    """Click one of the choices (a button, or the button of an amount field) and wait for the table to move on;
    `keep`: choices not to take while there are others (a selector)."""
    before = page.get_attribute("#board", "data-version")
    choices = page.locator(f"#actions button.action:not([disabled]){f':not({keep})' if keep else ''}")
    if not choices.count():
        choices = page.locator("#actions button.action:not([disabled])")
    choices.nth(rng.randrange(choices.count())).click()
    page.wait_for_function(
        f"() => document.querySelector('#board').dataset.version !== {before!r} || "
        f"!document.querySelector('#result').hidden"
    )


def bar_is_bounded(page: Page) -> bool:
    """The bar of choices takes at most two fifths of the screen (many choices scroll within it)."""
    box = page.locator("#actions-panel").bounding_box()
    return box is not None and box["height"] <= 0.4 * PHONE["height"]


def phone(browser: Browser, base: str, table: dict[str, Any], errors: list[str]) -> Page:
    page = seated_page(browser, base, table, viewport=PHONE, has_touch=True)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("dialog", lambda dialog: dialog.accept())  # "Call Last Chance! now?": yes
    return page


def test_a_whole_las_vegas_game_keeps_the_roll_and_the_casinos_in_view(
    browser: Browser, serve: Callable[..., Any]
) -> None:
    """At a Las Vegas decision a person needs their own roll and the casinos (their bills and the dice on
    them): the roll and at least two casinos are on the screen and uncovered at every decision, with the
    latest scoring card when a round was just scored, and after a Hint (in round 1, its answer in the bar
    of choices) or the score sheet (opened after scrolling to the foot of the page) the board is in view."""
    server = serve(0.0)
    options = {"players": 4, "edition": "classic", "bandit": True, "rounds": 2, "first_player": 0}
    table = create(server.url, "lasvegas", options, [None, "easy", "easy", "easy"], name="Ann")
    errors: list[str] = []
    page = phone(browser, server.url, table, errors)
    rng = random.Random(11)
    decisions = hinted = scored = 0
    while next_decision(page):
        decisions += 1
        assert all(clear(page, "#board .roll")), f"decision {decisions}: the roll is hidden"
        assert sum(clear(page, "#board .spot")) >= 2, f"decision {decisions}: the casinos are hidden"
        assert bar_is_bounded(page)
        if page.locator("#scoring .latest-scoring").count():
            scored += 1
            assert all(clear(page, "#scoring .latest-scoring")), "the round just scored is off the screen"
            assert page.locator("#board .round-summary, #board .last-result").count() == 0  # shown once, in the card
            lines = page.locator("#scoring .scoring-gains li")
            assert lines.count() == 4 and not page.locator("#scoring .sheet-detail").first.is_visible()
            page.click("#scoring .scoring-more")
            assert page.get_attribute("#scoring .scoring-more", "aria-expanded") == "true"
            assert page.locator("#scoring .sheet-detail").first.is_visible()
            page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
            page.click("#sheet-button")
            page.wait_for_selector("dialog#sheet table.sheet")
            page.keyboard.press("Escape")
            settled(page)
            assert all(clear(page, "#board .roll")) and sum(clear(page, "#board .spot")) >= 2, (
                "after the dialog, the board is not back"
            )
        if not hinted:
            hinted += 1
            scrolled = page.evaluate("() => window.scrollY")
            page.click("#hint-button")
            page.wait_for_selector("#hint .hint-move", timeout=60_000)
            assert page.evaluate(
                "() => document.querySelector('#actions-panel').contains(document.querySelector('#hint'))"
            )
            assert page.evaluate("() => window.scrollY") == scrolled
            assert all(clear(page, "#board .roll")) and sum(clear(page, "#board .spot")) >= 2, "the hint hid the board"
            assert bar_is_bounded(page) and page.locator("#actions .hinted").count() == 1
        choose(page, rng)
    assert decisions >= 8 and hinted and scored >= 1
    assert page.locator("#result h2").is_visible()
    assert errors == []


def test_a_whole_last_chance_game_keeps_the_card_and_the_bets_in_view(
    browser: Browser, serve: Callable[..., Any]
) -> None:
    """At a Last Chance decision (an auction bid, a side bet, a joker lock, Last Chance!) a person needs
    the card with its dice, the attempt with its last roll, and the bidding bin with the side bets: each
    of them that is drawn is on the screen and uncovered at every decision."""
    server = serve(0.0)
    table = create(
        server.url,
        "lastchance",
        {"players": 4, "cards": 2, "first_player": 0},
        [None, "easy", "easy", "easy"],
        name="Ann",
    )
    errors: list[str] = []
    page = phone(browser, server.url, table, errors)
    rng = random.Random(5)
    decisions = with_bets = 0
    while next_decision(page):
        decisions += 1
        assert all(clear(page, "#board .lastchance-card")), f"decision {decisions}: the card is hidden"
        assert all(clear(page, "#board .lc-attempt")), f"decision {decisions}: the attempt is hidden"
        assert all(clear(page, "#board .lc-felt:not(:empty)")), f"decision {decisions}: the bin and the bets are hidden"
        with_bets += page.locator("#board .lc-felt .lc-bet").count() > 0
        assert bar_is_bounded(page)
        choose(page, rng, keep=".needs-confirm")  # Last Chance! kept: a failed call would end Ann's game at once
    assert decisions >= 4 and with_bets >= 1
    assert errors == []


def test_a_whole_luckiest_dice_game_keeps_the_dice_the_cards_and_the_meters_in_view(
    browser: Browser, serve: Callable[..., Any]
) -> None:
    """At a Luckiest Dice decision (a bet, or banking) a person needs the dice rolled, the points at risk,
    the 14 bet cards with the dice laid on them, and at 2 or 3 players each seat's chance of winning:
    all of them on the screen and uncovered at every decision, the meters in the seats' strip at the top
    of the page."""
    server = serve(0.0)
    table = create(server.url, "luckiest", {"players": 3, "rounds": 3}, [None, "easy", "easy"], name="Ann")
    errors: list[str] = []
    page = phone(browser, server.url, table, errors)
    page.wait_for_selector("#seats meter", timeout=120_000)  # the first 3-player chances may wait for the solve
    rng = random.Random(2)
    decisions = 0
    while next_decision(page):
        decisions += 1
        assert all(clear(page, "#board .luckiest .roll")), f"decision {decisions}: the dice are hidden"
        assert all(clear(page, "#board .luckiest .at-risk")), f"decision {decisions}: the points at risk are hidden"
        cards = clear(page, "#board .luckiest .card")
        assert len(cards) == 14 and all(cards), f"decision {decisions}: bet cards are hidden"
        meters = clear(page, "#seats meter")
        assert len(meters) == 3 and all(meters), f"decision {decisions}: the win-chance meters are hidden"
        assert bar_is_bounded(page)
        choose(page, rng)
    assert decisions >= 3
    assert errors == []


def no_sideways_scrolling(page: Page, selector: str) -> bool:
    """Neither the page nor the sheet's box scrolls sideways."""
    wide: bool = page.evaluate(
        """(selector) => { const box = document.querySelector(selector);
             return box.scrollWidth <= box.clientWidth && document.documentElement.scrollWidth <= window.innerWidth;
               }""",
        selector,
    )
    return wide


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_score_sheet_fits_a_phone(browser: Browser, serve: Callable[..., Any], players: int) -> None:
    """Last Chance's sheet (its longest labels and words) in the dialog mid-game and under the winner
    banner at the end: a seat per line in each scoring, nothing scrolling sideways."""
    server = serve(0.0)
    table = create(
        server.url,
        "lastchance",
        {"players": players, "cards": 1, "first_player": 0},
        [None] + ["easy"] * (players - 1),
        name="Ann",
    )
    seats = {table["seat"]: table["token"]}
    rng = random.Random(players)
    state = step(server.url, table["id"], seats, rng)
    while len(state["sheet"]["rows"]) < 2 and not state["finished"]:
        state = step(server.url, table["id"], seats, rng)
    page = seated_page(browser, server.url, table, viewport=PHONE, has_touch=True)
    page.click("#sheet-button")
    page.wait_for_selector("dialog#sheet table.sheet")
    assert no_sideways_scrolling(page, "dialog#sheet .sheet-scroll")
    assert (
        page.locator("dialog#sheet tbody tr").first.locator(".sheet-seat:visible").count() == players
    )  # a seat per line
    if players == 6:
        violations = [v["id"] for v in Axe().run(page).response["violations"] if v["impact"] in SERIOUS]
        assert violations == []
    page.keyboard.press("Escape")
    while not state["finished"]:
        state = step(server.url, table["id"], seats, rng)
    page.reload()
    page.wait_for_selector("#result:not([hidden]) .final-sheet table.sheet")
    assert no_sideways_scrolling(page, "#result .final-sheet")
    page.context.close()
