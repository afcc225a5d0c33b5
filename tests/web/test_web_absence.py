"""Absent players, on SQLite and PostgreSQL: a turn timer that runs out has the table's stand-in bot
play that move and marks the person away until they come back; a person may leave (before the game
starts the seat opens again, during it the stand-in plays the seat to the end); all of it is in the
log and the record, and the record still replays."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

import highroller as hr

LUCKIEST = {"players": 2, "rounds": 1}
LONGER = {"players": 2, "rounds": 3}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def seated_table(
    client: TestClient, timer: int | None = None, stand_in: str | None = "easy", options: dict[str, int] = LUCKIEST
) -> tuple[str, dict[int, str]]:
    made = client.post(
        "/api/tables",
        json={
            "game": "luckiest",
            "options": options,
            "bots": [None, None],
            "timer": timer,
            "stand_in": stand_in,
            "name": "Ann",
        },
    )
    assert made.status_code == 201, made.text
    table = made.json()
    joined = client.post(f"/api/tables/{table['id']}/join", json={"name": "Bob"}).json()
    return table["id"], {table["seat"]: table["token"], joined["seat"]: joined["token"]}


def look(client: TestClient, table: str, token: str | None = None, **params: Any) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table}", headers=auth(token) if token else {}, params=params)
    assert response.status_code == 200, response.text
    return dict(response.json())


def wait_for(
    client: TestClient, table: str, done: Callable[[dict[str, Any]], bool], seconds: float = 30
) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    state = look(client, table)
    while not done(state):
        assert time.monotonic() < deadline, state
        state = look(client, table, after=state["version"])
    return state


def play(client: TestClient, table: str, token: str) -> dict[str, Any]:
    mine = look(client, table, token)
    response = client.post(
        f"/api/tables/{table}/actions",
        json={"version": mine["version"], "action": mine["legal"][0]["action"]},
        headers=auth(token),
    )
    assert response.status_code == 200, response.text
    return dict(response.json())


@pytest.mark.slow  # waits for real turn timers to run out
def test_a_timer_that_runs_out_lets_the_stand_in_play_and_marks_the_person_away(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(bot_delay=0.5)
    table, tokens = seated_table(client, timer=1, options=LONGER)
    start = look(client, table)
    assert start["timer"] == {"seconds": 1, "stand_in": "easy", "bank": None, "turn_based": False}
    mover = start["current_player"]
    mine = look(client, table, tokens[mover])
    assert mine["legal"] and 0 < mine["clock"] <= 1
    away = wait_for(client, table, lambda s: s["seats"][mover]["away"])
    assert away["version"] > start["version"] and not away["seats"][mover]["left"]
    assert any("time ran out: the easy bot plays for" in line["text"] for line in away["log"])
    now = look(client, table, tokens[mover])
    assert now["legal"] == []
    refused = client.post(
        f"/api/tables/{table}/actions", json={"version": now["version"], "action": "bank"}, headers=auth(tokens[mover])
    )
    assert refused.status_code == 409 and refused.json()["code"] == "away"
    back = client.post(f"/api/tables/{table}/back", headers=auth(tokens[mover]))
    assert back.status_code == 200, back.text
    assert not back.json()["seats"][mover]["away"] and back.json()["log"][-1]["text"].endswith("is back.")
    assert client.post(f"/api/tables/{table}/back", headers=auth(tokens[mover])).json()["code"] == "not-away"
    final = wait_for(client, table, lambda s: s["finished"], seconds=120)  # nobody plays: the timers run the game out
    record = client.get(f"/api/tables/{table}/record").json()
    assert hr.replay(record).returns() == final["result"]["returns"]
    changes = record["table"]["changes"]
    assert [c["change"] for c in changes if c["seat"] == mover][:2] == ["away", "back"]
    assert record["table"]["timer"] == 1 and record["table"]["stand_in"] == "easy"


def test_without_a_timer_nobody_is_played_for(client: TestClient) -> None:
    table, tokens = seated_table(client)
    start = look(client, table)
    assert start["timer"] is None and look(client, table, tokens[start["current_player"]])["clock"] is None
    time.sleep(1.5)
    assert look(client, table)["version"] == start["version"]


def test_a_person_may_leave_before_the_start_and_the_seat_opens_again(client: TestClient) -> None:
    made = client.post(
        "/api/tables", json={"game": "luckiest", "options": LUCKIEST, "bots": [None, None], "name": "Ann"}
    ).json()
    left = client.post(f"/api/tables/{made['id']}/leave", headers=auth(made["token"]))
    assert left.status_code == 200 and left.json()["seat"] is None
    assert look(client, made["id"])["open_seats"] == [0, 1]
    assert client.get(f"/api/tables/{made['id']}", headers=auth(made["token"])).json()["code"] == "bad-token"
    joined = client.post(f"/api/tables/{made['id']}/join", json={"name": "Ann"})
    assert joined.status_code == 200 and joined.json()["seat"] == 0


def test_a_person_who_leaves_mid_game_is_played_to_the_end_by_the_stand_in(client: TestClient) -> None:
    table, tokens = seated_table(client, stand_in="hard")
    leaver, stayer = 0, 1
    left = client.post(f"/api/tables/{table}/leave", headers=auth(tokens[leaver]))
    assert left.status_code == 200 and left.json()["seats"][leaver]["left"] and left.json()["seats"][leaver]["away"]
    assert any(line["text"].endswith("plays that seat to the end.") for line in left.json()["log"])
    assert client.post(f"/api/tables/{table}/back", headers=auth(tokens[leaver])).json()["code"] == "not-away"
    assert client.post(f"/api/tables/{table}/leave", headers=auth(tokens[leaver])).json()["code"] == "left"
    state = look(client, table, tokens[stayer])
    while not state["finished"]:
        state = (
            play(client, table, tokens[stayer])
            if state["legal"]
            else look(client, table, tokens[stayer], after=state["version"])
        )
    record = client.get(f"/api/tables/{table}/record").json()
    assert record["table"]["changes"] == [{"step": left.json()["version"], "seat": leaver, "change": "left"}]
    assert hr.replay(record).returns() == state["result"]["returns"]
    assert client.post(f"/api/tables/{table}/leave", headers=auth(tokens[stayer])).json()["code"] == "game-over"


def test_a_rematch_keeps_the_timer_and_the_stand_in(client: TestClient) -> None:
    made = client.post(
        "/api/tables",
        json={
            "game": "luckiest",
            "options": LUCKIEST,
            "bots": [None, "easy"],
            "timer": 30,
            "stand_in": "hard",
            "name": "Ann",
        },
    ).json()
    state = look(client, made["id"], made["token"])
    while not state["finished"]:
        state = (
            play(client, made["id"], made["token"])
            if state["legal"]
            else look(client, made["id"], made["token"], after=state["version"])
        )
    rematch = client.post(f"/api/tables/{made['id']}/rematch", headers=auth(made["token"])).json()
    assert rematch["timer"] == {"seconds": 30, "stand_in": "hard", "bank": None, "turn_based": False}


def test_timers_and_stand_ins_are_checked(make_client: Callable[..., TestClient]) -> None:
    client = make_client(min_timer=10)
    body = {"game": "luckiest", "options": LUCKIEST, "bots": [None, None]}
    for extra, code in (
        ({"timer": 5}, "bad-timer"),
        ({"timer": 10**6}, "bad-timer"),
        ({"bank": 3600}, "bad-bank"),
        ({"timer": 60, "bank": 3600}, "bad-bank"),
        ({"timer": 3600, "bank": 10**6}, "bad-bank"),
        ({"timer": 3600, "bank": -5}, "bad-bank"),
        ({"timer": True}, "malformed"),
        ({"stand_in": "genius"}, "bad-seats"),
        ({"stand_in": "os.path:join"}, "bad-seats"),
    ):
        response = client.post("/api/tables", json={**body, **extra})
        assert response.status_code == 422 and response.json()["code"] == code, (extra, response.text)
    assert client.post("/api/tables", json={**body, "timer": 10}).status_code == 201
