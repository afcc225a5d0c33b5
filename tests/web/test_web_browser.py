"""Whole games of every game in headless Chromium (Debian's package, driven by Playwright), in each of
the three languages: two people in separate browser contexts and a bot, playing with buttons, keys,
taps and pieces of the board, one of them reloading mid-game, through to the results, the record
download, the rematch (back in one's old seat) and the replay; the pages speak the browser's language
and the log on the page is the server's narration in it, line for line."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import pytest
from lobby_pages import create_in_lobby
from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow  # whole games in Chromium


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The browser games run on SQLite; the server tests cover both backends."""
    return str(tmp_path / "tables.sqlite3")


LANGUAGES = {"en": "en-GB", "fr": "fr-FR", "de": "de-DE"}


class Words:
    """The pages' words in one language, from the server's /i18n/LANG.json (English is the key)."""

    def __init__(self, base: str, lang: str) -> None:
        self.lang = lang
        self.words: dict[str, str | list[str]] = httpx2.get(f"{base}/i18n/{lang}.json", timeout=10).json()

    def __call__(self, english: str, **values: object) -> str:
        found = self.words.get(english, english)
        text = found[0] if isinstance(found, list) else found
        for key, value in values.items():
            text = text.replace("{" + key + "}", str(value))
        return text

    def before(self, english: str) -> str:
        """The words of a message up to its first placeholder (to find it whatever fills it)."""
        return self(english).split("{")[0].rstrip(" :\u00a0")


def join_by_link(page: Page, url: str, name: str, words: Words) -> None:
    page.goto(url)
    page.wait_for_selector("#join:not([hidden])")
    page.fill("#join-name", name)
    page.click("#join button[type=submit]")
    you, watching = words.before("You are {name} (seat {n})."), words("You are watching.")
    page.wait_for_function(
        f"() => document.querySelector('#status').textContent.includes({you!r})"
        f" && !document.querySelector('#status').textContent.includes({watching!r})"
    )


def version(page: Page) -> int:
    return int(page.get_attribute("#board", "data-version") or -1)


def play_until_over(
    pages: list[Page], rng: random.Random, reload_after: int, words: Words, seconds: float = 300
) -> None:
    moves = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if all(page.locator("#result:not([hidden])").count() for page in pages):
            return
        acted = False
        for page in pages:
            buttons = page.locator("#actions button.action:not([disabled])")
            count = buttons.count()
            if not count:
                continue
            before = version(page)
            pieces = page.locator("#board .playable")
            choice = (
                pieces.nth(rng.randrange(pieces.count()))
                if moves % 3 == 2 and pieces.count()
                else buttons.nth(rng.randrange(count))
            )
            if moves % 3 == 0:
                choice.focus()
                page.keyboard.press("Enter")
            elif moves % 3 == 1 and page.evaluate("navigator.maxTouchPoints") > 0:
                choice.tap()
            else:
                choice.click()
            page.wait_for_function(f"() => Number(document.querySelector('#board').dataset.version) > {before}")
            moves += 1
            acted = True
            if moves == reload_after:
                page.reload()
                page.wait_for_selector("#board[data-version]")
                status = page.inner_text("#status")
                assert words.before("You are {name} (seat {n}).") in status and words("You are watching.") not in status
        if not acted:
            pages[0].wait_for_timeout(50)
    raise AssertionError("the game did not end in the browser")


GAMES = [
    (
        "lasvegas",
        {"players": 3, "rounds": 2, "dice_per_player": 3},
        "easy",
        ("svg.die", ".spot .bill"),
        (".lasvegas .player",),
        (".round-summary", ".spot .last-result"),
    ),
    (
        "lastchance",
        {"players": 3, "cards": 1, "money": 500},
        "medium",
        ("svg.die", ".lastchance-card"),
        (".lastchance .players",),
        (".lastchance .players",),
    ),
    (
        "luckiest",
        {"players": 3, "rounds": 1},
        "hard",
        (".luckiest .card", ".luckiest .player"),
        (".luckiest .player",),
        (".luckiest .player",),
    ),
]
"""(game, options, the bot's level, pieces drawn at the start, pieces drawn at the end, pieces drawn at the replay's
last step: a Las Vegas round's result on the felt, which the table page leaves to its latest-scoring card)"""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("game", "options", "bot", "drawn", "drawn_at_end", "replayed_at_end"), GAMES, ids=[g[0] for g in GAMES]
)
def test_two_people_and_a_bot_play_a_whole_game(
    browser: Browser,
    serve: Callable[..., Any],
    game: str,
    options: dict[str, Any],
    bot: str,
    drawn: tuple[str, ...],
    drawn_at_end: tuple[str, ...],
    replayed_at_end: tuple[str, ...],
    lang: str,
) -> None:
    server = serve(0.05)
    words = Words(server.url, lang)
    anna = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, locale=LANGUAGES[lang]
    ).new_page()
    ben = browser.new_context(viewport={"width": 1100, "height": 900}, locale=LANGUAGES[lang]).new_page()
    errors: list[str] = []
    for page in (anna, ben):
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("dialog", lambda dialog: dialog.accept())  # "Call Last Chance! now?": yes
    url = create_in_lobby(anna, server.url, game, options, {0: "", 1: "", 2: bot})
    assert anna.get_attribute("html", "lang") == lang
    assert words.before("Waiting for players: {n} seats open. Share the link!") in anna.inner_text("#status")
    join_by_link(ben, url, "Ben", words)
    waiting = words.before("Waiting for players: {n} seats open. Share the link!")
    anna.wait_for_function(f"() => !document.querySelector('#status').textContent.includes({waiting!r})")
    for selector in drawn:
        assert anna.locator(f"#board {selector}").count() > 0, selector
    assert errors == []
    play_until_over([anna, ben], random.Random(game), reload_after=4, words=words)
    table_id = url.rstrip("/").split("/")[-1]
    narrated = [
        line["text"]
        for line in httpx2.get(f"{server.url}/api/tables/{table_id}", params={"lang": lang}, timeout=10).json()["log"]
    ]
    for page in (anna, ben):
        assert page.locator("#result h2").inner_text().strip() != ""
        assert page.locator("#log li").all_text_contents() == narrated
    assert len(narrated) > 3
    for selector in drawn_at_end:
        assert anna.locator(f"#board {selector}").count() > 0, selector
    with anna.expect_download() as download:
        anna.click("#result a[download]")
    assert Path(download.value.path()).read_text().startswith("{")
    spectator = browser.new_context(locale=LANGUAGES[lang]).new_page()
    spectator.goto(url)
    spectator.wait_for_selector("#board[data-version]")
    assert (
        words("You are watching.") in spectator.inner_text("#status")
        and spectator.locator("#actions button").count() == 0
    )
    anna.click(f"#result button:has-text({words('Rematch')!r})")
    for page in (anna, ben):
        page.wait_for_selector(f"#result a:has-text({words('Go to the rematch')!r})")
    ben.click(f"#result a:has-text({words('Go to the rematch')!r})")
    ben.wait_for_url(lambda address: address != url and "/table/" in address)
    you = words("You are {name} (seat {n}).", name="Ben", n=2)
    ben.wait_for_function(f"() => document.querySelector('#status').textContent.includes({you!r})")
    anna.click(f"text={words('Replay step by step')}")
    anna.wait_for_selector("#where")
    for step in (0, 1):
        where = words("step {at} of {count}", at=step).split("{")[0]
        if step == 1:
            anna.keyboard.press("ArrowRight")
        anna.wait_for_function(f"() => document.querySelector('#where').textContent.startsWith({where!r})")
    anna.click("#last")
    assert anna.locator("#log li").count() > 3
    for selector in replayed_at_end:
        assert anna.locator(f"#board {selector}").count() > 0, selector
    assert errors == []
