"""The score sheet in a table's state: every scoring so far in the language asked, held to the documented
shape, the same for seats and spectators, and showing no more than a spectator's view does."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from highroller.games.luckiest import sheet as luckiest_sheet
from highroller.web.api.answers import TableState
from highroller.web.tables import snapshots


def _table(client: TestClient, game: str, options: dict[str, Any]) -> dict[str, Any]:
    response = client.post(
        "/api/tables", json={"game": game, "options": options, "bots": [None, "easy"], "name": "Ann"}
    )
    assert response.status_code == 201, response.text
    return response.json()


def _get(client: TestClient, table: dict[str, Any], token: str | None = None, **params: Any) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = client.get(f"/api/tables/{table['id']}", headers=headers, params=params)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def _play_until(client: TestClient, table: dict[str, Any], rows: int) -> dict[str, Any]:
    """Random moves for the seat (the bot plays the other) until the sheet has `rows` rows or the game
    is over; the table then, as the seat sees it."""
    rng = random.Random(7)
    token = table["token"]
    for _ in range(2000):
        state = _get(client, table, token)
        if state["finished"] or len(state["sheet"]["rows"]) >= rows:
            return state
        if state["legal"]:
            action = rng.choice(state["legal"])["action"]
            response = client.post(
                f"/api/tables/{table['id']}/actions",
                headers={"Authorization": f"Bearer {token}"},
                json={"version": state["version"], "action": action},
            )
            assert response.status_code == 200, response.text
        else:
            _get(client, table, after=state["version"])
    raise AssertionError("the game never got there")


def test_the_state_carries_the_sheet_in_the_language_asked(client: TestClient) -> None:
    table = _table(client, "lasvegas", {"players": 2, "first_player": 0, "dice_per_player": 2, "rounds": 2})
    fresh = _get(client, table, table["token"])
    assert fresh["sheet"] == {"unit": "money", "start": [0, 0], "rows": [], "totals": [0, 0]}
    state = _play_until(client, table, rows=1)
    TableState.model_validate(state)
    (row, *_) = state["sheet"]["rows"]
    assert row["label"] == "Round 1" and 0 <= row["step"] < state["version"] and len(row["scores"]) == 2
    french = _get(client, table, table["token"], lang="fr")["sheet"]
    assert french["rows"][0]["label"] == "Manche 1" and french["rows"][0]["scores"] == row["scores"]
    assert _get(client, table, table["token"], lang="de")["sheet"]["rows"][0]["label"] == "Runde 1"


@pytest.mark.parametrize(
    ("game", "options", "money"),
    [
        ("lasvegas", {"players": 2, "first_player": 0, "dice_per_player": 2, "rounds": 2}, True),
        ("lastchance", {"players": 2, "first_player": 0, "cards": 2}, True),
        ("luckiest", {"players": 2, "rounds": 2}, False),
    ],
)
def test_a_spectator_gets_the_seats_sheet_and_nothing_its_view_hides(
    client: TestClient, game: str, options: dict[str, Any], money: bool
) -> None:
    """A finished game: the spectator's sheet is the seat's, its totals are the final result, and each
    seat's total is the money (or points) the spectator's view shows that seat."""
    table = _table(client, game, options)
    seated = _play_until(client, table, rows=10_000)
    watching = _get(client, table)
    assert watching["seat"] is None and watching["sheet"] == seated["sheet"]
    TableState.model_validate(watching)
    sheet = watching["sheet"]
    assert (
        sheet["rows"]
        and sheet["unit"] == watching["result"]["unit"]
        and sheet["totals"] == watching["result"]["returns"]
    )
    view = watching["view"]
    shown = [player["money"] for player in view["players"]] if money else view["totals"]
    assert sheet["totals"] == shown


def test_no_sheet_for_a_game_without_one_and_a_failing_sheet_stops_nothing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = snapshots.game_spec("luckiest")
    monkeypatch.setattr(
        snapshots, "game_spec", lambda name: replace(spec, score_sheet="") if name == "luckiest" else spec
    )
    table = _table(client, "luckiest", {"players": 2})
    state = _get(client, table, table["token"])
    assert state["sheet"] is None
    TableState.model_validate(state)
    monkeypatch.undo()

    def broken(state: Any, words: Any) -> Any:
        raise RuntimeError("a bug in a sheet")

    monkeypatch.setattr(luckiest_sheet, "score_sheet", broken)
    state = _get(client, table, table["token"], lang="de")
    assert state["sheet"] is None and state["legal"]
    response = client.post(
        f"/api/tables/{table['id']}/actions",
        headers={"Authorization": f"Bearer {table['token']}"},
        json={"version": state["version"], "action": state["legal"][0]["action"]},
    )
    assert response.status_code == 200 and response.json()["sheet"] is None
