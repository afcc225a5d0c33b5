"""Games of other packages cannot take the server down. Each kind of broken package is installed beside
a sound one and a real `highroller serve` starts with them on its path: the broken game is left out
with a warning naming its package and entry point, and the server lists and plays the others. A game
whose spec is a single module (no package, no catalogs) is listed, played to the end through the API
and in the terminal, in English words."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import pytest
from plugin_packages import BROKEN, install_for_servers
from web_helpers import call, create, join, step

from highroller.registry import available_games

Install = Callable[..., None]


@pytest.fixture
def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Install:
    """Install packages (High or Low's always among them) on the path of the processes the test starts."""
    return lambda *packages: install_for_servers(tmp_path / "site", packages, monkeypatch)


def listed(base: str, lang: str = "en") -> list[dict[str, Any]]:
    response = httpx2.get(base + "/api/games", params={"lang": lang}, timeout=30)
    assert response.status_code == 200, response.text
    games: list[dict[str, Any]] = response.json()
    return games


@pytest.mark.slow  # a server process per kind of broken package
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_a_broken_game_is_left_out_and_the_server_serves_the_others(
    broken: str, install: Install, serve: Callable[..., Any]
) -> None:
    install(BROKEN[broken])
    server = serve()
    for lang in ("en", "fr", "de"):
        assert [game["name"] for game in listed(server.url, lang)] == [*available_games(), "solo"]
    name, path = next(iter(BROKEN[broken].games.items()))
    said = server.errors.read_text()
    assert f"the game {name!r} (package {broken}, {name} = {path})" in said and "(the game is left out" in said, said
    table = create(server.url, "solo", {"players": 2}, ["random", "random"])
    assert call(server.url, "GET", f"/api/tables/{table['id']}")["game"] == "solo"


def test_a_game_of_a_single_module_is_listed_and_played_to_the_end_in_english_words(
    install: Install, serve: Callable[..., Any]
) -> None:
    install()
    server = serve()
    solo = next(game for game in listed(server.url, "fr") if game["name"] == "solo")
    assert solo["title"] == "High or Low" and solo["options"][0]["help"] == "number of players"
    assert (
        httpx2.get(server.url + "/i18n/de.json", timeout=30).json()["Rules"] == "Regeln"
    )  # the pages' words, from the others' catalogs
    table = create(server.url, "solo", {"players": 2}, [None, "random"])
    seats = dict([join(server.url, table["id"], "Ann")])
    rng = random.Random(1)
    state = step(server.url, table["id"], seats, rng)
    while not state["finished"]:
        state = step(server.url, table["id"], seats, rng)
    lines = [
        entry["text"] for entry in call(server.url, "GET", f"/api/tables/{table['id']}", params={"lang": "fr"})["log"]
    ]
    assert "Ann calls" in lines[0] and lines[-1].endswith("called it right.")
    record = call(server.url, "GET", f"/api/tables/{table['id']}/record")
    assert record["game"] == "solo" and len(record["steps"]) == 3


def test_a_game_of_a_single_module_plays_in_the_terminal(install: Install, tmp_path: Path) -> None:
    install()
    saved = tmp_path / "game.json"
    play = [
        sys.executable,
        "-c",
        "from highroller.cli.main import main; main()",
        "play",
        "solo",
        "--bots",
        "2",
        "--seed",
        "7",
    ]
    played = subprocess.run([*play, "--save", str(saved)], capture_output=True, text=True, timeout=120, check=False)
    assert played.returncode == 0, played.stderr
    assert "Bot 1 (random) calls" in played.stdout and "The die shows" in played.stdout and saved.is_file()
