"""Nothing on screen is a raw value, nor English on the French and German pages: headless Chromium
(Debian's package, driven by Playwright) visits, in English, French and German, the lobby with every
setting open (each game, turn-based tables, one device, the server out of reach), a table of each
game against a bot (created through the JSON API, joined, a few moves played in the page with every
confirmation read, its hint, score sheet and Rules dialogs, then played to the end banner), its
replay, a companion table of each game refusing what the people typed, the profile's pages (its
games, turn-based; the profile with a sign-in link; its history of finished games; signing in; the
ratings) and the answer to an address that is nowhere, and reads every visible text, the page's title
and every title, aria-label and placeholder.

A text is raw when it shows "null", "undefined", "NaN", "[object Object]" or a catalog text's
placeholder left unfilled ("{name}"). A text is English when it is an English text of a catalog whose
translation differs (or is missing), or when it holds one of a few English words that French and
German pages never use. French text is set with a narrow no-break space before : ; ! ? and inside « ».
An installed game of another package may speak English only: its table is read for raw values.

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
from friends_scene import as_profile, friends_scene, scene_pages
from playwright.sync_api import Browser, Dialog, Page
from web_helpers import create, seated_page, step

import highroller as hr
from highroller.registry import available_games, own_games

pytestmark = pytest.mark.slow  # browser pages of every game, played to their end, in three languages

ROOT = Path(__file__).parents[2] / "src" / "highroller"
LOCALES = {"en": "en-GB", "fr": "fr-FR", "de": "de-DE"}
PEOPLE = {"Anna", "Ann", "Bob"}
"""People's names at the tables: not words of any language."""
ENGLISH_WORDS = re.compile(
    r"\b(?:the|you|your|round|seat|wins|and|choices|left|there|(?:easy|medium|hard|random|greedy) bot)\b", re.IGNORECASE
)
"""English words that French and German pages never use."""
RAW = re.compile(r"\b(?:null|undefined|NaN)\b|\[object \w+\]|\{\w+\}")
"""A value shown as the program holds it, or a catalog text's placeholder left unfilled."""
FRENCH_SPACING = re.compile(r"[ \xa0][;:!?](?=\s|$)|«(?!\u202f)|(?<!\u202f)»")
"""French set with an ordinary space before ; : ! ? or inside « »."""
GAMES = [
    ("lasvegas", {"players": 2, "rounds": 1, "dice_per_player": 3, "first_player": 0}, "easy"),
    ("lastchance", {"players": 2, "cards": 1, "money": 500, "first_player": 0}, "easy"),
    ("luckiest", {"players": 2, "rounds": 1}, "easy"),
]
"""(game, options, the bot's level)"""
REFUSED = {"lasvegas": "15000", "lastchance": "carte 99", "luckiest": "7 7"}
"""What people type at a companion table that its game refuses at the first chance step."""

READ_PAGE = """() => {
  const shown = (element) => element.checkVisibility({ visibilityProperty: true });
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const holder = parent && parent.closest("option, title") ? parent.closest("select, svg") || parent : parent;
    if (holder && !["SCRIPT", "STYLE"].includes(parent.tagName) && shown(holder) &&
      node.textContent.trim()) texts.push(node.textContent.trim());
  }
  for (const element of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
    if (!shown(element) && !element.closest("svg")) continue;
    for (const name of ["title", "aria-label",
      "placeholder"]) if (element.getAttribute(name)) texts.push(element.getAttribute(name));
  }
  return texts;
}"""
"""Every text a person sees on the page now, and the titles, aria-labels and placeholders of what is shown."""
PLURALS = """async () => {
  const { tn } = await import("/static/i18n.js");
  return [1, 2].map((n) => tn(n, "· {n} watching", "· {n} watching"));
}"""
"""The page's plural forms of a message written alike in English."""


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


def watching(lang: str) -> tuple[str, ...]:
    """The forms of "· {n} watching" in `lang`, one and more than one."""
    if lang == "en":
        return ("· {n} watching", "· {n} watching")
    with (ROOT / "web" / "locale" / f"{lang}.po").open("rb") as handle:
        return tuple(
            next(
                message.string
                for message in read_po(handle, locale=lang)
                if message.id == ("· {n} watching", "· {n} watching")
            )
        )


def english_left(texts: list[str], lang: str) -> list[str]:
    """The texts that are English: a catalog's English text, or holding an English word (people's names aside)."""
    left = []
    for text in texts:
        bare = " ".join(word for word in text.split() if word not in PEOPLE)
        if text in english_texts(lang) or ENGLISH_WORDS.search(bare):
            left.append(text)
    return sorted(set(left))


def wrong_on_screen(texts: list[str], lang: str, english: bool = True) -> list[str]:
    """The texts that show a raw value, or English on a page in another language (with `english`), or
    French set without its narrow spaces."""
    found = [text for text in texts if RAW.search(text)]
    if lang != "en" and english:
        found += english_left(texts, lang)
    if lang == "fr":
        found += [text for text in texts if FRENCH_SPACING.search(text)]
    return sorted(set(found))


class Crawl:
    """What is wrong on the pages visited, by where it was seen; the confirmations the pages asked."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.found: dict[str, list[str]] = {}
        self.asked: list[str] = []
        self.seen: set[str] = set()

    def read(self, page: Page, where: str, english: bool = True) -> None:
        texts: list[str] = page.evaluate(READ_PAGE)
        assert texts, where
        self.seen.add(where)
        self.note(wrong_on_screen(texts, self.lang, english), where)

    def note(self, wrong: list[str], where: str) -> None:
        if wrong:
            self.found.setdefault(where, []).extend(text for text in wrong if text not in self.found.get(where, []))

    def answer(self, dialog: Dialog) -> None:
        """A confirmation the page asks: read, and said yes to."""
        self.asked.append(dialog.message)
        self.note(wrong_on_screen([dialog.message], self.lang), "a confirmation")
        dialog.accept()

    def page(self, page: Page) -> Page:
        page.on("dialog", self.answer)
        return page


def test_the_detectors_find_english_and_raw_values() -> None:
    assert english_left(
        ["Hard bot 2", "(you)", "Round 1 of 3", "Bot difficile 2", "Anna", "Manche 1 sur 3", "Anna wins"], "fr"
    ) == ["(you)", "Anna wins", "Hard bot 2", "Round 1 of 3"]
    assert english_left(["Schwerer Bot 2", "Runde 1", "Platz 3", "Anna and Ben"], "de") == ["Anna and Ben"]
    shown = [
        "Absent players",
        "null",
        "a null b",
        "NaN points",
        "undefined",
        "[object Object]",
        "{n} points",
        "Nullspiel",
        "Annulé",
    ]
    assert wrong_on_screen(shown, "en") == [
        "NaN points",
        "[object Object]",
        "a null b",
        "null",
        "undefined",
        "{n} points",
    ]
    assert wrong_on_screen(
        ["Casino 1 : 80 000 $", "Casino 1\u202f: 80\u202f000\xa0$", "« x »", "«\u202fx\u202f»", "2:05"], "fr"
    ) == ["Casino 1 : 80 000 $", "« x »"]


def _play_in_page(page: Page, moves: int, rng: random.Random, crawl: Crawl, where: str) -> None:
    """Play up to `moves` of the person's moves with the page's buttons, reading the page after each."""
    for _ in range(moves):
        buttons = page.locator("#actions button.action:not([disabled])")
        if page.locator("#result:not([hidden])").count() or not buttons.count():
            page.wait_for_function(
                "() => document.querySelector('#actions button.action:not([disabled])') || "
                "!document.querySelector('#result').hidden"
            )
            buttons = page.locator("#actions button.action:not([disabled])")
            if not buttons.count():
                return
        before = int(page.get_attribute("#board", "data-version") or -1)
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(f"() => Number(document.querySelector('#board').dataset.version) > {before}")
        crawl.read(page, where)


def _read_dialogs(page: Page, crawl: Crawl, game: str) -> None:
    """The table's hint (on the person's turn), score sheet, Rules and chat (a quick phrase said), each read open."""
    page.wait_for_function(
        "() => document.querySelector('#actions button.action:not([disabled])') || "
        "document.body.classList.contains('finished')"
    )
    if (
        page.locator("#hint-button:not([disabled])").count()
        and page.locator("#actions button.action:not([disabled])").count()
    ):
        page.click("#hint-button")
        page.wait_for_selector("#hint .hint-move, #hint .error", timeout=60_000)
        crawl.read(page, f"{game} hint")
    if page.locator("#sheet-button").count():
        page.click("#sheet-button")
        page.wait_for_selector("#sheet-close", state="visible")
        crawl.read(page, f"{game} sheet")
        page.click("#sheet-close")
    page.click("#rules-button")
    page.wait_for_selector("#rules .guide .in-play")
    crawl.read(page, f"{game} rules")
    page.click("#rules-close")
    page.click("#chat-button")
    page.click("#chat-panel [data-phrase='good-luck']")
    page.wait_for_selector("#chat-log .chat-phrase-said")
    page.locator("#chat-panel .chat-settings").evaluate("node => node.open = true")
    crawl.read(page, f"{game} chat")
    page.click("#chat-close")


def _read_lobby(browser: Browser, base: str, crawl: Crawl, context: dict[str, Any]) -> Page:
    """The lobby with every setting open, for each game, a turn-based table and one device."""
    lobby = crawl.page(browser.new_context(**context).new_page())
    lobby.goto(base + "/")
    lobby.wait_for_selector("#game option", state="attached")
    for details in ("#more", "#companion-box"):
        lobby.locator(details).evaluate("node => node.open = true")
    crawl.read(lobby, "lobby")
    for game, _, _ in GAMES:
        lobby.select_option("#game", game)
        lobby.select_option("#preset", "")
        crawl.read(lobby, f"lobby ({game})")
    lobby.select_option("#timer", "3600")
    lobby.dispatch_event("#timer", "change")
    lobby.check("#hot-seat")
    lobby.wait_for_selector("#bank")
    crawl.read(lobby, "lobby (turn-based, one device)")
    return lobby


def _read_companion(browser: Browser, base: str, crawl: Crawl, context: dict[str, Any]) -> None:
    """A companion table of each game refusing what its people typed at the first chance step."""
    for game, options, _ in GAMES:
        table = create(base, game, options, [None, None], real_dice=True, hot_seat=["Ann", "Bob"])
        page = crawl.page(seated_page(browser, base, table, **context))
        while not page.locator("#typed").count():
            before = int(page.get_attribute("#board", "data-version") or -1)
            page.locator("#actions button.action").first.click()
            page.wait_for_function(f"() => Number(document.querySelector('#board').dataset.version) > {before}")
        for typed in (REFUSED[game], "§ nonsense"):
            page.fill("#typed", typed)
            page.press("#typed", "Enter")
            page.wait_for_function("() => document.querySelector('#action-error').textContent")
            crawl.read(page, f"{game}, real dice refused")
            page.evaluate("document.querySelector('#action-error').textContent = ''")
        page.context.close()


@pytest.mark.parametrize("lang", LOCALES)
def test_no_raw_value_and_no_english_on_the_pages(browser: Browser, serve: Callable[..., Any], lang: str) -> None:
    server = serve(0.0)
    crawl = Crawl(lang)
    context = {"locale": LOCALES[lang], "viewport": {"width": 1100, "height": 900}}
    lobby = _read_lobby(browser, server.url, crawl, context)
    others = [name for name in available_games() if name not in own_games()] if lang == "en" else []
    for game, options, bot in GAMES + [(name, {}, "easy") for name in others]:
        table = create(
            server.url, game, options, [None] + [bot] * (hr.make(game, **options).num_players - 1), name="Anna"
        )
        page = crawl.page(seated_page(browser, server.url, table, **context))
        english = game not in others
        assert page.get_attribute("html", "lang") == lang
        crawl.read(page, game, english)
        rng = random.Random(game)
        if english:
            _read_dialogs(page, crawl, game)
        _play_in_page(page, 3, rng, crawl, game)
        state = step(server.url, table["id"], {table["seat"]: table["token"]}, rng)
        while not state["finished"]:
            state = step(server.url, table["id"], {table["seat"]: table["token"]}, rng)
        page.wait_for_selector("#result:not([hidden])")
        crawl.read(page, f"{game} over", english)
        if english:
            assert page.evaluate(PLURALS) == [
                form.replace("{n}", str(n)) for n, form in zip((1, 2), watching(lang), strict=True)
            ]
        page.goto(f"{server.url}/replay/{table['id']}")
        page.wait_for_selector("#where")
        crawl.read(page, f"{game} replay", english)
        page.click("#last")
        crawl.read(page, f"{game} replay", english)
        page.context.close()
    _read_companion(browser, server.url, crawl, context)
    key = lobby.evaluate("localStorage.getItem('highroller:profile')")
    assert key, "the lobby made a profile"
    create(server.url, "lasvegas", {"players": 2}, [None, None], key, name="Anna", timer=86400, bank=86400)
    create(server.url, "luckiest", {"players": 2, "rounds": 1}, [None, "easy"], key, name="Anna", timer=3600)
    over = create(server.url, "luckiest", {"players": 2, "rounds": 1}, [None, "easy"], key, name="Anna")
    while not step(server.url, over["id"], {over["seat"]: over["token"]}, random.Random(lang))["finished"]:
        pass
    for path, ready in (
        ("/games", ".game-row"),
        ("/me", "#passkeys li"),
        ("/me/history", "#history li.finished-game"),
        ("/ratings", "#game option"),
        ("/signin", "#passkey-signin"),
        ("/no/such/page", "body"),
    ):
        lobby.goto(server.url + path)
        lobby.wait_for_selector(ready, state="attached")
        lobby.wait_for_timeout(300)
        crawl.read(lobby, path)
    lobby.goto(server.url + "/me")
    lobby.click("#make-link")
    lobby.wait_for_selector("#link-box:not([hidden])")
    crawl.read(lobby, "/me, a sign-in link")
    lobby.route("**/api/tables?**", lambda route: route.abort())
    lobby.goto(server.url + "/")
    lobby.wait_for_selector("#tables .error")
    crawl.read(lobby, "lobby, the server out of reach")
    dialogs = {f"{game} {dialog}" for game, _, _ in GAMES for dialog in ("hint", "rules")} | {
        "lasvegas sheet",
        "luckiest sheet",
    }
    assert dialogs | {f"{game}, real dice refused" for game, _, _ in GAMES} <= crawl.seen, (
        "every dialog and refusal was read"
    )
    assert crawl.found == {}, "Wrong on the pages:\n" + "\n".join(
        f"{where}: {texts}" for where, texts in crawl.found.items()
    )


@pytest.mark.parametrize("lang", LOCALES)
def test_no_english_on_the_friends_pages(browser: Browser, serve: Callable[..., Any], database: str, lang: str) -> None:
    """The Friends section, an invitation, a profile's public page, the table's people panel, the
    leaderboard's Follow buttons and the words of a follow, in each language."""
    server = serve(0.0)
    scene = friends_scene(server.url, database)
    crawl = Crawl(lang)
    page = as_profile(browser, scene.ann, locale=LOCALES[lang], viewport={"width": 390, "height": 844}).new_page()
    for path, ready in scene_pages(scene):
        page.goto(server.url + path)
        page.wait_for_selector(ready)
        page.wait_for_timeout(300)
        crawl.read(page, path)
    page.locator("#lines .follow").click()  # unfollow Bob: the words said
    page.wait_for_selector("#follow-status:not(:empty)")
    crawl.read(page, "an unfollow")
    page.goto(f"{server.url}/people/{'A' * 22}")
    page.wait_for_selector("#person-status:not(:empty)")
    crawl.read(page, "a profile that is not")
    assert crawl.found == {}, "Wrong on the pages:\n" + "\n".join(
        f"{where}: {texts}" for where, texts in crawl.found.items()
    )
    page.context.close()
