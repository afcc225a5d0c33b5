"""A game made with `highroller new-game` is played in Chromium as a person gets there: the package
installed (`pip install -e`) into a virtual environment of its own, `highroller serve` started from
that environment, a table made in the lobby against a bot, and the game played to the end on the
game's own board (its dice clicked to keep a roll, its buttons), with its log in the game's words
and its guide in the Rules panel."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import sysconfig
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import pytest
from lobby_pages import create_in_lobby
from playwright.sync_api import Browser

NAME = "dice_duel"


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return str(tmp_path / "tables.sqlite3")


def installed_new_game(where: Path) -> Path:
    """A new game written by `highroller new-game` and installed, editable, into a virtual environment
    that installs into itself and imports this interpreter's packages too (highroller and what it needs,
    through a .pth file), so the tests' own environment is left as it is. Its python."""
    venv = where / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site_packages = venv / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages"
    (site_packages / "outer.pth").write_text(f"import site; site.addsitedir({sysconfig.get_paths()['purelib']!r})\n")
    python = str(venv / "bin" / "python")
    env = {
        **{key: value for key, value in os.environ.items() if key not in ("HIGHROLLER_GAMES", "PYTHONPATH")},
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    subprocess.run(
        [python, "-c", "from highroller.cli.main import main; main()", "new-game", NAME, "--dir", str(where / NAME)],
        check=True,
        env=env,
        capture_output=True,
    )
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "-e", str(where / NAME)],
        check=True,
        env=env,
        capture_output=True,
    )
    return venv / "bin" / "python"


@pytest.mark.slow  # an install, a server process and a whole game in Chromium
def test_a_new_game_is_played_to_the_end_at_a_table(
    browser: Browser, serve: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    python = installed_new_game(tmp_path)
    monkeypatch.delenv("HIGHROLLER_GAMES", raising=False)
    with monkeypatch.context() as started_from:
        started_from.setattr(sys, "executable", str(python))  # `serve` starts the server with this interpreter
        server = serve(0.0)
    assert NAME in [game["name"] for game in httpx2.get(server.url + "/api/games").json()]
    assert "export function render(view, ctx)" in httpx2.get(server.url + f"/boards/{NAME}.js").text
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, server.url, NAME, {"rounds": 2}, {1: "medium"})
    page.wait_for_selector(f"#board[data-version] .{NAME}")
    assert "round 1 of 2" in page.inner_text("#board")
    rng = random.Random(1)
    clicked_dice = False
    deadline = time.monotonic() + 120
    while not page.locator("#result:not([hidden])").count():
        assert time.monotonic() < deadline, "the game did not end"
        dice = page.locator("#board .roll.playable")
        buttons = page.locator("#actions button.action:not([disabled])")
        if not buttons.count():
            page.wait_for_timeout(50)
            continue
        before = int(page.get_attribute("#board", "data-version") or -1)
        if not clicked_dice and dice.count():  # the first roll kept on the board itself, the rest with the buttons
            dice.click()
            clicked_dice = True
        else:
            buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(f"() => Number(document.querySelector('#board').dataset.version) > {before}")
    log = page.inner_text("#log")
    assert clicked_dice and "Anna keeps" in log
    assert "Round 2 goes to" in log and "the game!" in log
    assert "win" in page.inner_text("#result") and "null" not in page.inner_text(
        "#result"
    )  # a game without a score sheet
    page.click("#rules-button")
    page.wait_for_selector("#rules >> text=the highest roll wins the round")
    assert errors == []
