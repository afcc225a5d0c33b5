"""The web in English, French and German: the log, the choices, the lobby's game words and the pages'
words in the language asked for (anything else refused clearly), and pages that follow the
browser's language and the switch."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser
from web_helpers import create


def _table(client: TestClient) -> dict[str, Any]:
    response = client.post(
        "/api/tables",
        json={"game": "lasvegas", "options": {"players": 2, "first_player": 0}, "bots": [None, "easy"], "name": "Ann"},
    )
    assert response.status_code == 201
    return response.json()


def test_the_log_and_choices_come_in_the_language_asked_for(client: TestClient) -> None:
    table = _table(client)
    headers = {"Authorization": f"Bearer {table['token']}"}
    english = client.get(f"/api/tables/{table['id']}", headers=headers).json()
    french = client.get(f"/api/tables/{table['id']}", params={"lang": "fr"}, headers=headers).json()
    german = client.get(f"/api/tables/{table['id']}", params={"lang": "de"}, headers=headers).json()
    assert len(english["log"]) == len(french["log"]) == len(german["log"]) > 0
    assert english["log"][0]["text"].startswith("Casino 1: $") and french["log"][0]["text"].startswith(
        "Casino 1\u202f: "
    )
    assert german["log"][-1]["text"].endswith(".") and "würfelte" in german["log"][-1]["text"]
    assert french["legal"][0]["label"].startswith("les ") and "sur le casino" in french["legal"][0]["label"]
    assert "a placé" in french["legal"][0]["help"] and "setzte" in german["legal"][0]["help"]
    assert [c["action"] for c in french["legal"]] == [c["action"] for c in english["legal"]]


def test_a_language_not_spoken_is_refused(client: TestClient) -> None:
    table = _table(client)
    for path in (f"/api/tables/{table['id']}", "/api/games", "/api/games/lasvegas/rules"):
        refused = client.get(path, params={"lang": "xx"})
        assert (
            refused.status_code == 422
            and refused.json()["code"] == "bad-lang"
            and "en, fr, de" in refused.json()["error"]
        ), path
    assert client.get("/i18n/xx.json").status_code == 404
    assert client.get("/i18n/..%2Fapi.json").status_code == 404


def test_the_pages_words_and_the_games_words(client: TestClient) -> None:
    french = client.get("/i18n/fr.json").json()
    assert french["Your turn!"] == "À vous de jouer\u202f!" and french["Rules"] == "Règles"
    assert (
        french["One-armed bandit"] == "Bandit manchot"
        and french["{n} dice"] == "{n} dés"
        and french["{n} die"] == ["{n} dé", "{n} dés"]
    )
    assert french["· {n} watching"] == ["· {n} spectateur", "· {n} spectateurs"]  # one English for both forms
    assert client.get("/i18n/en.json").json() == {}
    games = {game["name"]: game for game in client.get("/api/games", params={"lang": "de"}).json()}
    players = next(option for option in games["lasvegas"]["options"] if option["name"] == "players")
    assert players["label"] == "Spieler" and "Anzahl" in players["help"]
    assert games["luckiest"]["summary"].startswith("Wette auf eine Karte")


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    return str(tmp_path / "tables.sqlite3")


@pytest.mark.slow  # in Chromium
def test_the_pages_follow_the_browser_and_the_switch(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.2)
    page = browser.new_context(locale="fr-FR").new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")  # the games come once the page is translated
    assert page.inner_text("h1") == "Nouvelle table" and page.get_attribute("html", "lang") == "fr"
    page.fill("#name", "Anna")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => document.querySelector('#status').textContent.includes('Vous êtes')")
    page.wait_for_selector("#log li")
    assert "Ce qui s'est passé" in page.inner_text(".log-panel h2")
    page.click("#menu summary")  # the table's seldom-needed controls sit in its menu
    page.select_option("#language", "de")
    page.wait_for_function(
        "() => document.querySelector('#status') && document.querySelector('#status').textContent.includes('Du bist')"
    )
    assert page.inner_text(".log-panel h2") == "Was geschah"
    german = browser.new_context(locale="de-DE").new_page()
    table = create(server.url, "luckiest", {"players": 2}, [None, "easy"])
    german.goto(f"{server.url}/table/{table['id']}")
    german.wait_for_selector("#board .luckiest")
    assert "Runde 1 von" in german.inner_text("#board")
