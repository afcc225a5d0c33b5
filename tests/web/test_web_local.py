"""The server's own machine and closing tables, on SQLite and PostgreSQL: a request from loopback that
no proxy forwarded is held to none of an address's quotas (six tables with bots on the defaults),
while every forwarded or remote address still is; a table is closed by its maker — a lost seat token
found again through the profile or from the server's own machine — and never by anybody else; an
untimed game nobody played at for too long is handed to the stand-in and played to its end."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from highroller.web.services import expire_once
from highroller.web.settings import Settings

LAS_VEGAS = {"players": 2, "rounds": 1, "dice_per_player": 3}
QUOTAS = (
    "max_tables",
    "max_bot_tables",
    "tables_per_address",
    "bot_tables_per_address",
    "creates_per_minute",
    "joins_per_minute",
)
DEFAULT_QUOTAS = {name: getattr(Settings(), name) for name in QUOTAS}
REMOTE = "203.0.113.7"


@pytest.fixture
def machine(make_client: Callable[..., TestClient]) -> Callable[..., TestClient]:
    """Clients of in-process apps whose requests come from 127.0.0.1 (the server's own machine, unless a
    request carries `X-Forwarded-For`: then it came through the loopback proxy), with the default
    quotas; keyword arguments change the host's settings."""
    return lambda **changes: make_client(address="127.0.0.1", **{**DEFAULT_QUOTAS, **changes})


def create(
    client: TestClient,
    via: str | None = None,
    bots: list[str | None] | None = None,
    profile: str | None = None,
    **extra: Any,
) -> Any:
    """A table made from the machine itself, or (`via`) from that address through the loopback proxy."""
    body = {"game": "lasvegas", "options": LAS_VEGAS, "bots": bots or [None, "easy"], "name": "Ann", **extra}
    return client.post("/api/tables", json=body, headers=headers(via, profile=profile))


def headers(via: str | None = None, token: str | None = None, profile: str | None = None) -> dict[str, str]:
    said = {"X-Forwarded-For": via} if via else {}
    if token:
        said["Authorization"] = f"Bearer {token}"
    if profile:
        said["X-Profile"] = profile
    return said


def code(response: Any) -> str:
    return str(response.json().get("code"))


def played_out(client: TestClient, table: str) -> dict[str, Any]:
    """The table once its game is over (long polls)."""
    state = client.get(f"/api/tables/{table}").json()
    for _ in range(200):
        if state["finished"]:
            return state
        state = client.get(f"/api/tables/{table}", params={"after": state["version"]}).json()
    raise AssertionError("the game did not end")


def test_the_servers_own_machine_is_held_to_no_address_quota(machine: Callable[..., TestClient]) -> None:
    client = machine()
    for _ in range(12):  # past the bot tables, and the tables a minute, of one address
        assert create(client).status_code == 201
    for via in (REMOTE, "127.0.0.1"):  # a forwarded address is another person's, even one that says loopback
        for _ in range(4):
            assert create(client, via).status_code == 201
        refused = create(client, via)
        assert (refused.status_code, code(refused)) == (429, "too-many-bot-tables"), refused.text
    remote = TestClient(client.app, client=("192.0.2.1", 50000))  # no proxy in between, another machine
    for _ in range(4):
        assert (
            create(remote, via="127.0.0.1").status_code == 201
        )  # an untrusted peer's forwarded address is not believed
    assert code(create(remote)) == "too-many-bot-tables"


def test_the_servers_caps_in_all_hold_for_its_own_machine(machine: Callable[..., TestClient]) -> None:
    client = machine(max_tables=3)
    for _ in range(3):
        assert create(client).status_code == 201
    assert code(create(client)) == "server-full"


def test_a_lost_seat_is_closed_from_the_servers_own_machine(machine: Callable[..., TestClient]) -> None:
    client = machine()
    table = create(client).json()["id"]  # Ann and a bot: in play; her token is then lost
    assert client.get(f"/api/tables/{table}/closable", headers=headers(REMOTE)).json() == {
        "closable": False,
        "started": True,
    }
    refused = client.post(f"/api/tables/{table}/close", headers=headers(REMOTE))
    assert (refused.status_code, code(refused)) == (403, "not-yours")
    assert client.get(f"/api/tables/{table}/closable").json() == {"closable": True, "started": True}
    assert client.post(f"/api/tables/{table}/close").json() == {"table": table, "deleted": False}
    state = played_out(client, table)
    assert state["seats"][0]["left"] and any("left the table" in line["text"] for line in state["log"])
    assert client.get(f"/api/tables/{table}/record").status_code == 200
    assert code(client.post(f"/api/tables/{table}/close")) == "game-over"

    waiting = create(client, bots=[None, None]).json()["id"]  # not started: deleted
    assert client.post(f"/api/tables/{waiting}/close").json() == {"table": waiting, "deleted": True}
    assert code(client.get(f"/api/tables/{waiting}")) == "no-table"


def test_nobody_closes_a_table_somebody_else_plays_at(machine: Callable[..., TestClient]) -> None:
    client = machine()
    table = create(client, bots=[None, None]).json()["id"]
    bob = client.post(f"/api/tables/{table}/join", json={"name": "Bob"}, headers=headers(REMOTE)).json()["token"]
    assert client.get(f"/api/tables/{table}/closable").json() == {"closable": False, "started": True}
    refused = client.post(f"/api/tables/{table}/close")
    assert (refused.status_code, code(refused)) == (409, "others-playing") and "Bob" in refused.json()["error"]
    refused = client.post(f"/api/tables/{table}/close", headers=headers(REMOTE, token=bob))
    assert (refused.status_code, code(refused)) == (409, "others-playing") and "Ann" in refused.json()["error"]
    assert client.post(f"/api/tables/{table}/leave", headers=headers(REMOTE, token=bob)).status_code == 200
    assert client.post(f"/api/tables/{table}/close").json() == {
        "table": table,
        "deleted": False,
    }  # Bob left: Ann's alone
    assert played_out(client, table)["finished"]


def test_a_profile_closes_its_table_from_anywhere_and_nobody_else_does(machine: Callable[..., TestClient]) -> None:
    client = machine()
    key = client.post("/api/profiles", json={"name": "Ann", "languages": ["en"]}, headers=headers(REMOTE)).json()["key"]
    other = client.post(
        "/api/profiles", json={"name": "Mallory", "languages": ["en"]}, headers=headers("198.51.100.9")
    ).json()["key"]
    table = create(client, REMOTE, profile=key).json()["id"]
    waiting = create(client, REMOTE, bots=[None, None], profile=key).json()["id"]
    for id_ in (table, waiting):  # another address, another profile, or a remote address alone
        for asker in (headers("198.51.100.9", profile=other), headers(REMOTE)):
            assert client.get(f"/api/tables/{id_}/closable", headers=asker).json()["closable"] is False
            assert code(client.post(f"/api/tables/{id_}/close", headers=asker)) == "not-yours"
    assert (
        client.post(f"/api/tables/{waiting}/close", headers=headers("198.51.100.20", profile=key)).json()["deleted"]
        is True
    )
    assert (
        client.post(f"/api/tables/{table}/close", headers=headers("198.51.100.20", profile=key)).json()["deleted"]
        is False
    )
    assert played_out(client, table)["seats"][0]["left"]

    stranger = create(client, "192.0.2.50", bots=[None, None, None], options={**LAS_VEGAS, "players": 3}).json()
    client.post(f"/api/tables/{stranger['id']}/leave", headers=headers("192.0.2.50", token=stranger["token"]))
    client.post(
        f"/api/tables/{stranger['id']}/join", json={"name": "Mallory"}, headers=headers("198.51.100.9", profile=other)
    )
    refused = client.post(f"/api/tables/{stranger['id']}/close", headers=headers("198.51.100.9", profile=other))
    assert (refused.status_code, code(refused)) == (403, "not-maker"), (
        "a table somebody else made is not deleted under them"
    )
    assert client.get(f"/api/tables/{stranger['id']}").status_code == 200


def test_an_untimed_game_nobody_played_at_is_played_to_its_end(machine: Callable[..., TestClient]) -> None:
    client = machine(untimed_expiry=0.5)
    untimed = create(client, bots=[None, None]).json()["id"]
    client.post(f"/api/tables/{untimed}/join", json={"name": "Bob"}, headers=headers(REMOTE))
    timed = create(client, bots=[None, None], timer=3600).json()["id"]
    client.post(f"/api/tables/{timed}/join", json={"name": "Bob"}, headers=headers(REMOTE))
    companion = create(client, bots=[None, None], real_dice=True, name=None, hot_seat=["Ann", "Bob"]).json()["id"]
    time.sleep(1.0)
    services = client.app.state.services  # type: ignore[attr-defined]
    client.portal.call(expire_once, services.store, services.settings, services.tables)  # type: ignore[union-attr]
    for table in (
        untimed,
        companion,
    ):  # the companion table's dice are drawn by the server once nobody is left to roll them
        state = played_out(client, table)
        assert all(seat["left"] for seat in state["seats"])
        assert any("Nobody played at this table for too long" in line["text"] for line in state["log"])
        assert client.get(f"/api/tables/{table}/record").status_code == 200
    state = client.get(f"/api/tables/{timed}").json()
    assert not state["finished"] and not any(seat["left"] for seat in state["seats"]), "a timed game has its own clock"
