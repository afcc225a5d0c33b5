"""Take the screenshots of docs/web.md: each game's table in play at desktop and phone size (the phone
as its first screen shows it), the score sheet, the end of a game, a hint, a table in French and in
German, a companion table (real dice typed on one phone), and a profile's pages on a phone: its games
(turn-based tables), the profile with a one-time sign-in link, signing in, and a leaderboard.

    python scripts/screenshots.py            # writes docs/screenshots/*.png

Starts `highroller serve` on a throwaway SQLite database, sits "Ann" at a table of each game with
bots, plays her moves through the API with a seeded choice, and photographs her page in Chromium
(Debian's package, as the browser tests use it). The profiles of the leaderboard play their first
games and then age a week on the server's test clock (`highroller.web.clock`), as rated tables seat
established profiles only.
"""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2
from playwright.sync_api import sync_playwright

from highroller.web.clock import TEST_CLOCK
from highroller.web.ratings.rated_seats import ESTABLISHED_GAMES

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
TABLES = [
    ("lasvegas", {"players": 4, "edition": "classic", "bandit": True, "first_player": 3}, 30, "last_round"),
    ("lastchance", {"players": 3, "first_player": 0}, 12, "bets"),
    ("luckiest", {"players": 2}, 2, None),
]
"""(game, options, Ann's most moves before the picture, a view key that stops her earlier once it is set:
Las Vegas is photographed as round 2 begins with her to place, round 1's result still on the felt)."""
UNLIMITED = [
    "--max-tables",
    "0",
    "--max-bot-tables",
    "0",
    "--tables-per-address",
    "0",
    "--bot-tables-per-address",
    "0",
    "--creates-per-minute",
    "0",
    "--joins-per-minute",
    "0",
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(url: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx2.get(url + "/api/games", timeout=1).raise_for_status()
            return
        except httpx2.HTTPError:
            time.sleep(0.2)
    raise SystemExit("the server did not start")


def play_some(url: str, table: dict[str, Any], moves: int, until: str | None, rng: random.Random) -> None:
    """Ann's first `moves` moves (random among her choices), waiting for the bots between them, or
    fewer: she stops when it is her move and her view's key `until` is set."""
    headers = {"Authorization": f"Bearer {table['token']}"}
    for _ in range(moves):
        for _ in range(200):
            state = httpx2.get(f"{url}/api/tables/{table['id']}", headers=headers, timeout=30).json()
            if state["legal"] or state["finished"]:
                break
            time.sleep(0.1)
        if state["finished"] or not state["legal"] or (until and state["view"].get(until)):
            return
        action = rng.choice(state["legal"])["action"]
        httpx2.post(
            f"{url}/api/tables/{table['id']}/actions",
            json={"version": state["version"], "action": action},
            headers=headers,
            timeout=30,
        )
    time.sleep(1.0)


def companion(url: str) -> dict[str, Any]:
    """A Las Vegas companion table on one phone (Ann, Bob and Cy): the real bills and Ann's dice typed,
    her move made; Bob's real dice to type next."""
    options = {"players": 3, "edition": "classic", "first_player": 0}
    table = httpx2.post(
        f"{url}/api/tables",
        json={
            "game": "lasvegas",
            "options": options,
            "bots": [None, None, None],
            "real_dice": True,
            "hot_seat": ["Ann", "Bob", "Cy"],
        },
        timeout=30,
    ).json()
    headers = {"Authorization": f"Bearer {table['token']}"}
    for typed in ("60k", "70k", "80k", "90k", "50k", "60k", "1 2 3 3 4 5 6 6", {"place": 3}):
        state = httpx2.get(f"{url}/api/tables/{table['id']}", headers=headers, timeout=30).json()
        action = typed if isinstance(typed, dict) else {"typed": typed}
        httpx2.post(
            f"{url}/api/tables/{table['id']}/actions",
            json={"version": state["version"], "action": action},
            headers=headers,
            timeout=30,
        )
    return table


def profile(url: str, name: str, lang: str = "en") -> dict[str, Any]:
    """A profile made through the API: its id and key."""
    made: dict[str, Any] = httpx2.post(
        f"{url}/api/profiles", json={"name": name, "languages": [lang]}, timeout=30
    ).json()
    return made


def as_profile(who: dict[str, Any]) -> dict[str, str]:
    return {"X-Profile": who["key"]}


def establish(url: str, people: list[dict[str, Any]], clock: Path) -> None:
    """The profiles play the games an established profile has played (Luckiest Dice against a bot),
    then the server's clock moves on a week: they may sit at rated tables, and those games are no
    longer among "your games"."""
    for n, who in enumerate(people):
        for game in range(ESTABLISHED_GAMES):
            body = {
                "game": "luckiest",
                "options": {"players": 2, "rounds": 1},
                "bots": [None, "easy"],
                "name": who["name"],
            }
            table = httpx2.post(f"{url}/api/tables", json=body, headers=as_profile(who), timeout=30).json()
            play_some(url, table, 200, None, random.Random(f"{n} {game}"))
    clock.write_text(str(8 * 86400))


def turn_based_tables(url: str, ann: dict[str, Any], bob: dict[str, Any]) -> None:
    """Ann's games: a Las Vegas table waiting for her move, a Luckiest Dice one waiting for Bob's, one
    waiting for players, and rated Luckiest Dice games against bots, finished (the leaderboard's)."""
    day = 86400
    for game, options, timer in (
        ("lasvegas", {"players": 2, "first_player": 1}, day),
        ("luckiest", {"players": 2}, 12 * 3600),
    ):
        table = httpx2.post(
            f"{url}/api/tables",
            json={"game": game, "options": options, "bots": [None, None], "timer": timer, "bank": day, "name": "Ann"},
            headers=as_profile(ann),
            timeout=30,
        ).json()
        joined = httpx2.post(
            f"{url}/api/tables/{table['id']}/join", json={"name": "Bob"}, headers=as_profile(bob), timeout=30
        ).json()
        if game == "lasvegas":  # Bob moves: Ann's turn
            play_some(url, {"id": table["id"], "token": joined["token"]}, 1, None, random.Random(1))
    httpx2.post(
        f"{url}/api/tables",
        json={
            "game": "lastchance",
            "options": {"players": 3},
            "bots": [None, None, "medium"],
            "timer": 3 * day,
            "name": "Ann",
        },
        headers=as_profile(ann),
        timeout=30,
    )
    for n, (who, level) in enumerate(
        [(ann, "hard"), (bob, "medium"), (ann, "medium"), (bob, "hard")] * 2 + [(ann, "hard"), (bob, "medium")]
    ):
        rated = httpx2.post(
            f"{url}/api/tables",
            json={
                "game": "luckiest",
                "options": {"players": 2, "rounds": 1},
                "bots": [None, level],
                "rated": "all",
                "name": who["name"],
            },
            headers=as_profile(who),
            timeout=30,
        ).json()
        play_some(url, rated, 200, None, random.Random(n))
    time.sleep(6)  # the ratings are updated every few seconds


def photograph_page(
    browser: Any, url: str, path: str, who: dict[str, Any], shot: Path, then: str | None = None
) -> None:
    """A page of the site as `who`'s phone shows it; `then`: a button to press first (and what it shows)."""
    context = browser.new_context(viewport=SIZES["phone"], device_scale_factor=1, locale="en-GB")
    context.add_init_script(
        f"localStorage.setItem('highroller:profile', {json.dumps(who['key'])}); "
        f"localStorage.setItem('highroller:name', {json.dumps(who['name'])})"
    )
    page = context.new_page()
    page.goto(url + path)
    page.wait_for_load_state("networkidle")
    if then:
        button, shown = then.split(" ")
        page.click(button)
        page.wait_for_selector(shown)
    page.wait_for_timeout(600)
    page.screenshot(path=str(shot))
    print(shot.relative_to(ROOT))
    context.close()


def photograph(
    browser: Any, url: str, table: dict[str, Any], size: str, path: Path, lang: str = "en", then: str | None = None
) -> None:
    """The table's page as its creator's browser shows it, at one of `SIZES`, in `lang`; `then`: what
    to open first ("sheet": the score sheet, "hint": a hint)."""
    seat = json.dumps({"seat": table["seat"], "token": table["token"], "name": "Ann"})
    context = browser.new_context(
        viewport=SIZES[size], device_scale_factor=1, locale={"en": "en-GB", "fr": "fr-FR", "de": "de-DE"}[lang]
    )
    context.add_init_script(f"localStorage.setItem({json.dumps('highroller:seat:' + table['id'])}, {json.dumps(seat)})")
    page = context.new_page()
    page.goto(f"{url}/table/{table['id']}")
    page.wait_for_selector("#board[data-version]")
    page.wait_for_timeout(800)
    if then == "sheet":
        page.click("#sheet-button")
        page.wait_for_timeout(300)
    elif then == "hint":
        page.click("#hint-button")
        page.wait_for_selector("#hint .hint-move", timeout=30_000)
        page.wait_for_timeout(500)
    page.screenshot(path=str(path))
    print(path.relative_to(ROOT))
    context.close()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        url = f"http://localhost:{port}"
        command = [
            sys.executable,
            "-c",
            "from highroller.cli.main import main; main()",
            "serve",
            "--port",
            str(port),
            "--db",
            str(Path(folder) / "shots.sqlite3"),
            "--bot-delay",
            "0",
            *UNLIMITED,
        ]
        clock = Path(folder) / "clock"
        clock.write_text("0")
        server = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, TEST_CLOCK: str(clock)}
        )
        try:
            wait_for(url)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
                )
                tables = {}
                for game, options, moves, until in TABLES:
                    bots = [None] + ["medium"] * (options["players"] - 1)
                    table = tables[game] = httpx2.post(
                        f"{url}/api/tables",
                        json={"game": game, "options": options, "bots": bots, "name": "Ann"},
                        timeout=30,
                    ).json()
                    play_some(url, table, moves, until, random.Random(game))
                    for size in SIZES:
                        photograph(browser, url, table, size, OUT / f"{game}-{size}.png")
                photograph(browser, url, tables["lasvegas"], "phone", OUT / "sheet-phone.png", then="sheet")
                photograph(browser, url, tables["lasvegas"], "phone", OUT / "lasvegas-phone-fr.png", lang="fr")
                photograph(browser, url, tables["luckiest"], "phone", OUT / "hint-phone-de.png", lang="de", then="hint")
                photograph(browser, url, tables["lastchance"], "desktop", OUT / "lastchance-desktop-fr.png", lang="fr")
                ended = httpx2.post(
                    f"{url}/api/tables",
                    json={
                        "game": "lasvegas",
                        "options": {"players": 3, "edition": "classic"},
                        "bots": [None, "hard", "hard"],
                        "name": "Ann",
                    },
                    timeout=30,
                ).json()
                play_some(url, ended, 200, None, random.Random("end"))
                for size in SIZES:
                    photograph(browser, url, ended, size, OUT / f"end-{size}.png")
                photograph(browser, url, companion(url), "phone", OUT / "companion-phone.png")
                ann, bob = profile(url, "Ann"), profile(url, "Bob")
                establish(url, [ann, bob], clock)
                turn_based_tables(url, ann, bob)
                photograph_page(browser, url, "/games", ann, OUT / "games-phone.png")
                photograph_page(
                    browser, url, "/me", ann, OUT / "profile-phone.png", then="#make-link #link-box:not([hidden])"
                )
                photograph_page(browser, url, "/signin", bob, OUT / "signin-phone.png")
                photograph_page(browser, url, "/ratings/luckiest", ann, OUT / "ratings-phone.png")
                browser.close()
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
