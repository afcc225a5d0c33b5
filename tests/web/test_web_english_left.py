"""No English left on the French and German pages: headless Chromium (Debian's package, driven by
Playwright) visits the lobby and a table of each game against a bot (created through the JSON API,
joined, a few moves played in the page, then played to the end), its Rules dialog and its replay,
then the profile's pages (its games, turn-based; the profile with a sign-in link; signing in; the
ratings), and reads every visible text and every title, aria-label and placeholder. A text is English when
it is an English text of a catalog whose translation differs (or is missing), or when it holds one
of a few English words that French and German pages never use.

The API's own documentation at /docs is the HTTP API's reference for programmers, in English like
the API's field names: it is not crawled."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Browser, Page
from web_helpers import create, seated_page, step

pytestmark = pytest.mark.slow  # browser pages of three games in two languages

ROOT = Path(__file__).parents[2] / "src" / "highroller"
LOCALES = {"fr": "fr-FR", "de": "de-DE"}
PEOPLE = {"Anna"}
"""People's names at the tables: not words of any language."""
ENGLISH_WORDS = re.compile(r"\b(?:the|you|your|round|seat|wins|and|choices|left|(?:easy|medium|hard) bot)\b", re.IGNORECASE)
"""English words that French and German pages never use."""
GAMES = [
    ("lasvegas", {"players": 2, "rounds": 1, "dice_per_player": 3, "first_player": 0}, "easy"),
    ("lastchance", {"players": 2, "cards": 1, "money": 500, "first_player": 0}, "easy"),
    ("luckiest", {"players": 2, "rounds": 1}, "easy"),
]
"""(game, options, the bot's level)"""

READ_PAGE = """() => {
  const shown = (element) => element.checkVisibility({ visibilityProperty: true });
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const holder = parent && parent.closest("option, title") ? parent.closest("select, svg") || parent : parent;
    if (holder && !["SCRIPT", "STYLE"].includes(parent.tagName) && shown(holder) && node.textContent.trim()) texts.push(node.textContent.trim());
  }
  for (const element of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
    if (!shown(element) && !element.closest("svg")) continue;
    for (const name of ["title", "aria-label", "placeholder"]) if (element.getAttribute(name)) texts.push(element.getAttribute(name));
  }
  return texts;
}"""
"""Every text a person sees on the page now, and the titles, aria-labels and placeholders of what is shown."""


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The pages run on SQLite; the server tests cover both backends."""
    return str(tmp_path / "tables.sqlite3")


@cache
def english_texts(lang: str) -> frozenset[str]:
    """The English texts of every catalog that `lang` translates differently, or not at all."""
    found: set[str] = set()
    for path in [ROOT / "web" / "locale" / f"{lang}.po", *sorted(ROOT.glob(f"games/*/locale/{lang}.po"))]:
        with path.open("rb") as handle:
            for message in read_po(handle, locale=lang):
                ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
                forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
                found.update(english for english in ids if english and "{" not in english and english not in forms)
    return frozenset(found)


def english_left(texts: list[str], lang: str) -> list[str]:
    """The texts that are English: a catalog's English text, or holding an English word (people's names aside)."""
    left = []
    for text in texts:
        bare = " ".join(word for word in text.split() if word not in PEOPLE)
        if text in english_texts(lang) or ENGLISH_WORDS.search(bare):
            left.append(text)
    return sorted(set(left))


class Crawl:
    """The English found on the pages visited, by where it was seen."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.found: dict[str, list[str]] = {}

    def read(self, page: Page, where: str) -> None:
        texts: list[str] = page.evaluate(READ_PAGE)
        assert texts, where
        left = english_left(texts, self.lang)
        if left:
            self.found.setdefault(where, []).extend(text for text in left if text not in self.found.get(where, []))


def test_the_detector_finds_english() -> None:
    assert english_left(["Hard bot 2", "(you)", "Round 1 of 3", "Bot difficile 2", "Anna", "Manche 1 sur 3", "Anna wins"], "fr") == ["(you)", "Anna wins", "Hard bot 2", "Round 1 of 3"]
    assert english_left(["Schwerer Bot 2", "Runde 1", "Platz 3", "Anna and Ben"], "de") == ["Anna and Ben"]


def _play_in_page(page: Page, moves: int, rng: random.Random, crawl: Crawl, where: str) -> None:
    """Play up to `moves` of the person's moves with the page's buttons, reading the page after each."""
    for _ in range(moves):
        buttons = page.locator("#actions button.action:not([disabled])")
        if page.locator("#result:not([hidden])").count() or not buttons.count():
            page.wait_for_function("() => document.querySelector('#actions button.action:not([disabled])') || !document.querySelector('#result').hidden")
            buttons = page.locator("#actions button.action:not([disabled])")
            if not buttons.count():
                return
        before = int(page.get_attribute("#board", "data-version") or -1)
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(f"() => Number(document.querySelector('#board').dataset.version) > {before}")
        crawl.read(page, where)


@pytest.mark.parametrize("lang", LOCALES)
def test_no_english_on_the_pages(browser: Browser, serve: Callable[..., Any], lang: str) -> None:
    server = serve(0.0)
    crawl = Crawl(lang)
    context = {"locale": LOCALES[lang], "viewport": {"width": 1100, "height": 900}}
    lobby = browser.new_context(**context).new_page()
    lobby.goto(server.url + "/")
    lobby.wait_for_selector("#game option", state="attached")
    crawl.read(lobby, "lobby")
    for game, options, bot in GAMES:
        lobby.select_option("#game", game)
        crawl.read(lobby, f"lobby ({game})")
        table = create(server.url, game, options, [None, bot], name="Anna")
        page = seated_page(browser, server.url, table, **context)
        assert page.get_attribute("html", "lang") == lang
        crawl.read(page, game)
        rng = random.Random(game)
        _play_in_page(page, 3, rng, crawl, game)
        page.click("#rules-button")
        page.wait_for_selector("#rules .guide .in-play")
        crawl.read(page, f"{game} rules")
        page.click("#rules-close")
        state = step(server.url, table["id"], {table["seat"]: table["token"]}, rng)
        while not state["finished"]:
            state = step(server.url, table["id"], {table["seat"]: table["token"]}, rng)
        page.wait_for_selector("#result:not([hidden])")
        crawl.read(page, f"{game} over")
        page.goto(f"{server.url}/replay/{table['id']}")
        page.wait_for_selector("#where")
        crawl.read(page, f"{game} replay")
        page.click("#last")
        crawl.read(page, f"{game} replay")
        page.context.close()
    key = lobby.evaluate("localStorage.getItem('highroller:profile')")
    assert key, "the lobby made a profile"
    create(server.url, "lasvegas", {"players": 2}, [None, None], key, name="Anna", timer=86400, bank=86400)
    create(server.url, "luckiest", {"players": 2, "rounds": 1}, [None, "easy"], key, name="Anna", timer=3600)
    for path, ready in (("/games", ".game-row"), ("/me", "#passkeys li"), ("/ratings", "#game option"), ("/signin", "#passkey-signin")):
        lobby.goto(server.url + path)
        lobby.wait_for_selector(ready, state="attached")
        lobby.wait_for_timeout(300)
        crawl.read(lobby, path)
    lobby.goto(server.url + "/me")
    lobby.click("#make-link")
    lobby.wait_for_selector("#link-box:not([hidden])")
    crawl.read(lobby, "/me, a sign-in link")
    assert crawl.found == {}, "English left:\n" + "\n".join(f"{where}: {texts}" for where, texts in crawl.found.items())
