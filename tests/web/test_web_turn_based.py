"""Turn-based tables through the API, on both databases: hours or days a move, a time bank that late
moves spend, the stand-in making only the move whose time (and bank) ran out, a profile's seats on
every device, and "your games" with the tables waiting for you first. Days pass on the test clock
(conftest's `move_clock`), which the bot workers read too."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from highroller.web.people.profiles import Arrival, add_device
from highroller.web.store.dialects import open_store

DAY = 86400
HOUR = 3600


def profile(client: TestClient, name: str, lang: str = "en") -> dict[str, str]:
    made = client.post("/api/profiles", json={"name": name, "languages": [lang]})
    assert made.status_code == 201, made.text
    return {"X-Profile": made.json()["key"], "id": made.json()["id"]}


def key(who: dict[str, str]) -> dict[str, str]:
    return {"X-Profile": who["X-Profile"]}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def two_people(client: TestClient, ann: dict[str, str], bob: dict[str, str], **extra: Any) -> tuple[str, str, str]:
    """A two-player Las Vegas table of Ann (who made it) and Bob, both with their profiles: its id and their tokens."""
    made = client.post(
        "/api/tables",
        headers=key(ann),
        json={"game": "lasvegas", "options": {"players": 2}, "bots": [None, None], "name": "Ann", **extra},
    )
    assert made.status_code == 201, made.text
    joined = client.post(f"/api/tables/{made.json()['id']}/join", headers=key(bob), json={"name": "Bob"})
    assert joined.status_code == 200, joined.text
    return made.json()["id"], made.json()["token"], joined.json()["token"]


def look(client: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/tables/{table}", headers=bearer(token) if token else {}).json()
    return answer


def act(client: TestClient, table: str, token: str) -> dict[str, Any]:
    seen = look(client, table, token)
    moved = client.post(
        f"/api/tables/{table}/actions",
        headers=bearer(token),
        json={"version": seen["version"], "action": seen["legal"][0]["action"]},
    )
    assert moved.status_code == 200, moved.text
    answer: dict[str, Any] = moved.json()
    return answer


def changed(client: TestClient, table: str, version: int) -> dict[str, Any]:
    """The table once a bot worker moved it past `version`."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        state = look(client, table)
        if state["version"] > version:
            return state
        time.sleep(0.1)
    raise AssertionError("no automatic move came")


def test_a_turn_based_table_has_a_bank_and_is_listed_as_turn_based(client: TestClient) -> None:
    ann, bob = profile(client, "Ann"), profile(client, "Bob")
    table, _, _ = two_people(client, ann, bob, timer=DAY, bank=2 * DAY)
    state = look(client, table)
    assert state["timer"] == {"seconds": DAY, "stand_in": "medium", "bank": 2.0 * DAY, "turn_based": True}
    assert [seat["bank"] for seat in state["seats"]] == [2 * DAY, 2 * DAY]
    assert 2 * DAY < state["clock"] <= 3 * DAY, "a move's time and the bank"
    waiting = client.post(
        "/api/tables", json={"game": "luckiest", "options": {"players": 2}, "bots": [None, None], "timer": 30}
    ).json()
    listed = {entry["id"]: entry["timer"]["turn_based"] for entry in client.get("/api/tables").json() if entry["timer"]}
    assert listed[waiting["id"]] is False


def test_a_late_move_spends_the_bank_and_keeps_the_seat(
    move_clock: Callable[[float], None], client: TestClient
) -> None:
    ann, bob = profile(client, "Ann"), profile(client, "Bob")
    table, ann_token, bob_token = two_people(client, ann, bob, timer=DAY, bank=DAY)
    mover = look(client, table)["current_player"]
    token = (ann_token, bob_token)[mover]
    move_clock(DAY + HOUR)  # an hour past the move's own day
    after = act(client, table, token)
    left = after["seats"][mover]["bank"]
    assert DAY - HOUR - 60 <= left <= DAY - HOUR, "the hour past the timer came out of the bank"
    assert not after["seats"][mover]["away"]


def test_the_stand_in_makes_only_the_move_whose_time_and_bank_ran_out(
    move_clock: Callable[[float], None], client: TestClient
) -> None:
    ann, bob = profile(client, "Ann"), profile(client, "Bob")
    table, ann_token, bob_token = two_people(client, ann, bob, timer=DAY, bank=DAY)
    state = look(client, table)
    mover, version = state["current_player"], state["version"]
    name = ("Ann", "Bob")[mover]
    move_clock(2.1 * DAY)
    state = changed(client, table, version)
    assert state["seats"][mover]["bank"] == 0 and not state["seats"][mover]["away"], (
        "the seat stays its person's; the bank is spent"
    )
    assert any(
        line["text"] == f"{name}'s time ran out: the medium bot made this move for {name}." for line in state["log"]
    )
    while (
        state["current_player"] != mover and not state["finished"]
    ):  # the other person moves; then it is the late one's move again, theirs to make
        state = act(client, table, (ann_token, bob_token)[state["current_player"]])
    if not state["finished"]:
        assert act(client, table, (ann_token, bob_token)[mover])["version"] > state["version"]


def test_your_games_list_the_tables_waiting_for_you_first_with_your_seats(client: TestClient, database: str) -> None:
    ann, bob = profile(client, "Ann", "fr"), profile(client, "Bob")
    tables = [two_people(client, ann, bob, timer=DAY) for _ in range(4)]
    alone = client.post(
        "/api/tables",
        headers=key(ann),
        json={"game": "luckiest", "options": {"players": 2}, "bots": [None, None], "timer": HOUR, "name": "Ann"},
    )
    mine = client.get("/api/me/games", headers=key(ann), params={"lang": "fr"}).json()
    states = [game["state"] for game in mine["games"]]
    waiting = sum(look(client, table)["current_player"] == 0 for table, _, _ in tables)
    assert mine["waiting"] == waiting and states == ["your-move"] * waiting + ["their-move"] * (4 - waiting) + [
        "waiting-for-players"
    ]
    assert mine["games"][-1]["id"] == alone.json()["id"] and mine["games"][0]["title"] == "Las Vegas"
    for game in mine["games"][:4]:
        assert game["players"] == ["Ann", "Bob"] and game["turn_based"] and 0 < game["time_left"] <= DAY
        assert game["mover"] == ("Ann" if game["state"] == "your-move" else "Bob")

    store = open_store(database)
    try:
        other_device = {"X-Profile": add_device(store, ann["id"], Arrival())}
    finally:
        store.close()
    table, token, _ = tables[0]
    seats = client.get(f"/api/me/tables/{table}", headers=other_device).json()
    assert seats == [{"seat": 0, "token": token}], "every device of the profile is given its seat's token"
    assert client.get(f"/api/me/tables/{table}", headers=key(profile(client, "Cleo"))).json() == []
    assert client.get("/api/me/games").status_code == 401
