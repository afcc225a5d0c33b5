"""The lobby's data: each game's named presets (checked when read, served in the page's language, and
recognised in the list of tables), the bot speed a table is created with, and which tables the list
leaves out (finished games, and games nobody has played for half an hour)."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

import highroller as hr
from highroller.core.errors import DataFileError
from highroller.core.presets import load_presets, parse_presets
from highroller.web import clock
from highroller.web.store.dialects import open_store
from highroller.web.store.table_queries import ABANDONED_AFTER


def created(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def listed(client: TestClient) -> dict[str, dict[str, Any]]:
    response = client.get("/api/tables")
    assert response.status_code == 200, response.text
    return {table["id"]: table for table in response.json()}


def test_every_game_serves_its_presets_in_the_asked_language(client: TestClient) -> None:
    french = {game["name"]: game for game in client.get("/api/games", params={"lang": "fr"}).json()}
    english = {game["name"]: game for game in client.get("/api/games").json()}
    for name, game in english.items():
        assert [p["id"] for p in game["presets"]] == [p.id for p in load_presets(hr.game_spec(name))]
    las_vegas = {p["id"]: p for p in english["lasvegas"]["presets"]}
    assert list(las_vegas) == ["classic", "biggie", "neutral", "bandit"]
    assert las_vegas["neutral"] == {
        "id": "neutral",
        "name": "With neutral dice",
        "players": [2, 3, 4],
        "options": {"edition": "classic", "neutral": True},
        "description": "The 2012 rules with white dice that belong to nobody but still compete for the bills.",
    }
    assert [p["name"] for p in french["lasvegas"]["presets"]][2:] == ["Avec dés neutres", "Bandit manchot"]
    assert french["lastchance"]["presets"][1]["name"] == "Partie longue (10 cartes)"
    assert english["lastchance"]["presets"][1]["options"] == {"cards": 10}


def test_a_table_made_from_a_preset_is_listed_under_it(client: TestClient) -> None:
    games = {game["name"]: game for game in client.get("/api/games").json()}
    made = {}
    for name, game in games.items():
        for preset in game["presets"]:
            players = preset["players"][-1]
            body = {"game": name, "options": {**preset["options"], "players": players}, "bots": [None] * players}
            made[created(client, body)["id"]] = preset["id"]
    own = created(client, {"game": "lastchance", "options": {"players": 3, "cards": 9}, "bots": [None] * 3})["id"]
    first_player = created(
        client, {"game": "lastchance", "options": {"players": 2, "first_player": 1}, "bots": [None] * 2}
    )["id"]
    tables = listed(client)
    expected = {**made, own: None, first_player: "standard"}  # who starts is not a rule
    luckiest_duel = next(table for table, preset in made.items() if preset == "two-players")
    expected[luckiest_duel] = "standard"  # the first preset with the same rules names them
    assert {table: tables[table]["preset"] for table in expected} == expected


def test_a_bad_presets_file_is_refused_naming_the_file_and_the_entry() -> None:
    spec = hr.game_spec("lasvegas")
    good = {"id": "x", "name": "X", "description": "An x.", "players": [2, 3], "options": {"edition": "biggie"}}

    def refusal(presets: Any) -> str:
        with pytest.raises(DataFileError) as refused:
            parse_presets(json.dumps(presets), "my/presets.json", spec)
        return str(refused.value)

    assert parse_presets(json.dumps([good]), "my/presets.json", spec)[0].options == {"edition": "biggie"}
    with pytest.raises(DataFileError, match=r"^my/presets\.json: not valid JSON"):
        parse_presets("[{", "my/presets.json", spec)
    assert refusal([]).startswith("my/presets.json: expected a non-empty list")
    assert "unknown option 'edtion'" in refusal([{**good, "options": {"edtion": "biggie"}}])
    bad_value = refusal([good, {**good, "id": "y", "options": {"edition": "bigie"}}])
    assert (
        bad_value.startswith("my/presets.json: preset 2 (y): option 'edition' cannot be 'bigie'")
        and "classic, biggie" in bad_value
    )
    assert "option 'rounds' cannot be 99" in refusal([{**good, "options": {"rounds": 99}}])
    assert "option 'neutral' cannot be 1: true or false" in refusal([{**good, "options": {"neutral": 1}}])
    assert "'players' are from 2 to 6" in refusal([{**good, "players": [1, 2]}])
    assert "in increasing order" in refusal([{**good, "players": [3, 2]}])
    assert "list the counts" in refusal([{**good, "options": {"players": 3}}])
    assert "refuses these options for 5 players" in refusal([{**good, "players": [4, 5], "options": {"neutral": True}}])
    assert "exactly id, name, description, players, options (given: id, name)" in refusal([{"id": "x", "name": "X"}])
    assert "is used twice" in refusal([good, good])
    assert "'description' is a non-empty text" in refusal([{**good, "description": " "}])


def test_the_bot_speed_is_bounded_and_stored(client: TestClient, database: str) -> None:
    body = {"game": "luckiest", "options": {"players": 2}, "bots": [None, "easy"]}
    relaxed = created(client, {**body, "bot_delay": 1.5})
    default = created(client, body)
    for bad in (5.5, -0.1, True, "fast"):
        refused = client.post("/api/tables", json={**body, "bot_delay": bad})
        assert refused.status_code == 422 and "bot_delay" in refused.json()["error"], bad
    store = open_store(database)
    try:
        relaxed_row, default_row = store.load_table(relaxed["id"]), store.load_table(default["id"])
        assert relaxed_row is not None and relaxed_row.bot_delay == 1.5
        assert default_row is not None and default_row.bot_delay == 0.0, "the server's own pace (the tests' host: 0)"
    finally:
        store.close()


class Later:
    """The store's clock, moved `seconds` ahead: what it writes and what it compares is that late."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def now(self) -> float:
        return time.time() + self.seconds


def test_finished_and_abandoned_tables_leave_the_list(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    duel = {"game": "luckiest", "options": {"players": 2}, "bots": [None, None]}
    waiting = created(client, {**duel, "name": "Ann"})
    playing = created(client, {**duel, "hot_seat": ["Ann", "Bob"]})
    stale = created(client, {**duel, "hot_seat": ["Cy", "Di"]})
    finished = created(client, {"game": "luckiest", "options": {"players": 2, "rounds": 1}, "bots": ["easy", "easy"]})
    state = client.get(f"/api/tables/{finished['id']}").json()
    while not state["finished"]:
        state = client.get(f"/api/tables/{finished['id']}", params={"after": state["version"]}).json()
    assert set(listed(client)) == {waiting["id"], playing["id"], stale["id"]}

    monkeypatch.setattr(clock, "now", Later(ABANDONED_AFTER + 60).now)
    token = {"Authorization": f"Bearer {playing['token']}"}
    seen = client.get(f"/api/tables/{playing['id']}", headers=token).json()
    moved = client.post(
        f"/api/tables/{playing['id']}/actions",
        json={"version": seen["version"], "action": seen["legal"][0]["action"]},
        headers=token,
    )
    assert moved.status_code == 200, moved.text
    tables = listed(client)
    assert set(tables) == {waiting["id"], playing["id"]}, (
        "a game nobody played for half an hour is not listed; one waiting for players is"
    )
    assert tables[playing["id"]]["started"] and not tables[waiting["id"]]["started"]
    assert client.get(f"/api/tables/{stale['id']}").status_code == 200, "an abandoned game is still there by its link"


def test_the_lobby_words_fit_the_list(client: TestClient) -> None:
    table = created(
        client, {"game": "lasvegas", "options": {"players": 3}, "bots": [None, "hard", None], "name": "Ann"}
    )
    row = listed(client)[table["id"]]
    assert row["preset"] == "classic" and row["open_seats"] == [2]
    assert [(seat["bot"], seat["taken"]) for seat in row["seats"]] == [(None, True), ("hard", True), (None, False)]


def test_a_presets_file_read_from_a_package_is_named_in_its_error() -> None:
    spec = replace(hr.game_spec("luckiest"), presets="highroller.games.luckiest:guide/en.md")
    with pytest.raises(DataFileError, match=r"guide/en\.md: not valid JSON"):
        load_presets(spec)
