"""Take the screenshots of docs/web.md: each game's table in play at desktop and phone size (the phone
as its first screen shows it), the score sheet, the end of a game, a hint, a table in French and in
German, and a companion table (real dice typed on one phone).

    python scripts/screenshots.py            # writes docs/screenshots/*.png

Starts `highroller serve` on a throwaway SQLite database, sits "Ann" at a table of each game with
bots, plays her moves through the API with a seeded choice, and photographs her page in Chromium
(Debian's package, as the browser tests use it).
"""

from __future__ import annotations

import json
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
UNLIMITED = ["--max-tables", "0", "--max-bot-tables", "0", "--tables-per-address", "0", "--creates-per-minute", "0", "--joins-per-minute", "0"]


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
        httpx2.post(f"{url}/api/tables/{table['id']}/actions", json={"version": state["version"], "action": action}, headers=headers, timeout=30)
    time.sleep(1.0)


def companion(url: str) -> dict[str, Any]:
    """A Las Vegas companion table on one phone (Ann, Bob and Cy): the real bills and Ann's dice typed,
    her move made; Bob's real dice to type next."""
    options = {"players": 3, "edition": "classic", "first_player": 0}
    table = httpx2.post(f"{url}/api/tables", json={"game": "lasvegas", "options": options, "bots": [None, None, None], "real_dice": True,
                                                   "hot_seat": ["Ann", "Bob", "Cy"]}, timeout=30).json()
    headers = {"Authorization": f"Bearer {table['token']}"}
    for typed in ("60k", "70k", "80k", "90k", "50k", "60k", "1 2 3 3 4 5 6 6", {"place": 3}):
        state = httpx2.get(f"{url}/api/tables/{table['id']}", headers=headers, timeout=30).json()
        action = typed if isinstance(typed, dict) else {"typed": typed}
        httpx2.post(f"{url}/api/tables/{table['id']}/actions", json={"version": state["version"], "action": action}, headers=headers, timeout=30)
    return table


def photograph(browser: Any, url: str, table: dict[str, Any], size: str, path: Path, lang: str = "en", then: str | None = None) -> None:
    """The table's page as its creator's browser shows it, at one of `SIZES`, in `lang`; `then`: what
    to open first ("sheet": the score sheet, "hint": a hint)."""
    seat = json.dumps({"seat": table["seat"], "token": table["token"], "name": "Ann"})
    context = browser.new_context(viewport=SIZES[size], device_scale_factor=1, locale={"en": "en-GB", "fr": "fr-FR", "de": "de-DE"}[lang])
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
        url = f"http://127.0.0.1:{port}"
        command = [sys.executable, "-c", "from highroller.cli.main import main; main()", "serve", "--port", str(port), "--db", str(Path(folder) / "shots.sqlite3"), "--bot-delay", "0", *UNLIMITED]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_for(url)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
                tables = {}
                for game, options, moves, until in TABLES:
                    bots = [None] + ["medium"] * (options["players"] - 1)
                    table = tables[game] = httpx2.post(f"{url}/api/tables", json={"game": game, "options": options, "bots": bots, "name": "Ann"}, timeout=30).json()
                    play_some(url, table, moves, until, random.Random(game))
                    for size in SIZES:
                        photograph(browser, url, table, size, OUT / f"{game}-{size}.png")
                photograph(browser, url, tables["lasvegas"], "phone", OUT / "sheet-phone.png", then="sheet")
                photograph(browser, url, tables["lasvegas"], "phone", OUT / "lasvegas-phone-fr.png", lang="fr")
                photograph(browser, url, tables["luckiest"], "phone", OUT / "hint-phone-de.png", lang="de", then="hint")
                photograph(browser, url, tables["lastchance"], "desktop", OUT / "lastchance-desktop-fr.png", lang="fr")
                ended = httpx2.post(f"{url}/api/tables", json={"game": "lasvegas", "options": {"players": 3, "edition": "classic"}, "bots": [None, "hard", "hard"], "name": "Ann"}, timeout=30).json()
                play_some(url, ended, 200, None, random.Random("end"))
                for size in SIZES:
                    photograph(browser, url, ended, size, OUT / f"end-{size}.png")
                photograph(browser, url, companion(url), "phone", OUT / "companion-phone.png")
                browser.close()
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
