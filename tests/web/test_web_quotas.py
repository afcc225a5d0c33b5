"""Quotas and abuse, on SQLite and PostgreSQL: rate limits per client address on creating tables and
taking seats, caps on open tables per address, in all and with bots (429 with a reason), expiry of
unstarted and old finished tables (never of a game in progress), options that name files, booleans
sent as numbers, odd names and ids, and floods on the WebSocket."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from highroller.web.services import expire_once
from highroller.web.store.dialects import open_store

LAS_VEGAS = {"players": 2, "rounds": 1, "dice_per_player": 3}


def create(client: TestClient, address: str = "203.0.113.7", bots: list[str | None] | None = None, **extra: Any) -> Any:
    body = {"game": "lasvegas", "options": LAS_VEGAS, "bots": bots or [None, None], **extra}
    return client.post("/api/tables", json=body, headers={"X-Forwarded-For": address})


def join(client: TestClient, table: str, name: str, address: str = "203.0.113.7") -> Any:
    return client.post(f"/api/tables/{table}/join", json={"name": name}, headers={"X-Forwarded-For": address})


def refused(response: Any, code: str) -> str:
    assert response.status_code == 429, response.text
    assert response.json()["code"] == code
    return str(response.json()["error"])


def proxied(make_client: Callable[..., TestClient], **settings: Any) -> TestClient:
    """A server behind a trusted proxy (every test client is one address; the proxy tells them apart)."""
    return make_client(forwarded_allow_ips="*", **settings)


def test_creating_tables_is_rate_limited_per_address(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client, creates_per_minute=3)
    for _ in range(3):
        assert create(client).status_code == 201
    response = create(client)
    assert "in the last minute (at most 3)" in refused(response, "rate-limited")
    assert response.headers["Retry-After"] == "60"
    assert create(client, "203.0.113.8").status_code == 201
    assert create(client, "2001:db8::1").status_code == 201
    for host in range(2, 4):  # one IPv6 /64 is one address
        assert create(client, f"2001:db8::{host}").status_code == 201
    refused(create(client, "2001:db8::ffff"), "rate-limited")
    assert create(client, "2001:db8:0:1::1").status_code == 201


def test_taking_seats_is_rate_limited_per_address(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client, joins_per_minute=2)
    tables = [create(client, "198.51.100.1").json()["id"] for _ in range(2)]
    assert join(client, tables[0], "Ann").status_code == 200
    assert join(client, tables[0], "Bob").status_code == 200
    refused(join(client, tables[1], "Cat"), "rate-limited")
    assert join(client, tables[1], "Cat", "198.51.100.2").status_code == 200
    for _ in range(2):  # sitting down at creation counts too
        assert create(client, "198.51.100.3", name="Dan").status_code == 201
    refused(create(client, "198.51.100.3", name="Dan"), "rate-limited")
    refused(join(client, tables[1], "Eve", "198.51.100.3"), "rate-limited")


def test_open_tables_are_capped_per_address_in_all_and_with_bots(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client, tables_per_address=2, max_tables=4, max_bot_tables=1)
    for _ in range(2):
        assert create(client, "192.0.2.1").status_code == 201
    assert "unfinished tables (at most 2)" in refused(create(client, "192.0.2.1"), "too-many-tables")
    assert (
        create(client, "192.0.2.2", bots=[None, "easy"], name="Ann").status_code == 201
    )  # started: it holds the one place
    assert "play without bots" in refused(create(client, "192.0.2.3", bots=["easy", None]), "bots-full")
    assert create(client, "192.0.2.3").status_code == 201
    assert "this server is full" in refused(create(client, "192.0.2.4"), "server-full")
    assert len(client.get("/api/tables").json()) == 4


def test_a_finished_table_frees_its_place(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client, tables_per_address=1)
    table = create(client, bots=[None, "easy"], name="Ann").json()
    refused(create(client), "too-many-tables")
    token = table["token"]
    state = client.get(f"/api/tables/{table['id']}", headers={"Authorization": f"Bearer {token}"}).json()
    while not state["finished"]:
        if state["legal"]:
            answer = client.post(
                f"/api/tables/{table['id']}/actions",
                json={"version": state["version"], "action": state["legal"][0]["action"]},
                headers={"Authorization": f"Bearer {token}"},
            )
            assert answer.status_code == 200, answer.text
        state = client.get(
            f"/api/tables/{table['id']}",
            params={"after": state["version"]},
            headers={"Authorization": f"Bearer {token}"},
        ).json()
    assert create(client).status_code == 201


def test_unstarted_and_old_finished_tables_expire_and_games_in_progress_stay(
    make_client: Callable[..., TestClient], database: str
) -> None:
    client = make_client(unstarted_expiry=0.5, keep_finished=0.5)
    unstarted = create(client).json()["id"]
    in_progress = create(client, name="Ann").json()["id"]
    token = join(client, in_progress, "Bob").json()["token"]
    finished = create(client, bots=["easy", "easy"]).json()["id"]
    state = client.get(f"/api/tables/{finished}").json()
    while not state["finished"]:
        state = client.get(f"/api/tables/{finished}", params={"after": state["version"]}).json()
    with client.websocket_connect(f"/ws/tables/{unstarted}") as watcher:
        watcher.send_text(json.dumps({"type": "hello"}))
        assert watcher.receive_json()["type"] == "state"
        time.sleep(1.0)
        services = client.app.state.services  # type: ignore[attr-defined]
        gone = client.portal.call(expire_once, services.store, services.settings, services.tables)  # type: ignore[union-attr]
        assert sorted(gone) == sorted([unstarted, finished])
        assert watcher.receive_json()["code"] == "no-table"
    for table in (unstarted, finished):
        assert client.get(f"/api/tables/{table}").json()["code"] == "no-table"
    assert client.get(f"/api/tables/{in_progress}", headers={"Authorization": f"Bearer {token}"}).json()["started"]
    assert open_store(database).load_table(unstarted) is None


@pytest.mark.parametrize(
    ("game", "option", "seats"), [("lasvegas", "bills", 2), ("lastchance", "deck", 2), ("luckiest", "faces", 2)]
)
def test_options_naming_files_are_refused_and_nothing_is_read(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, option: str, seats: int
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rigged").write_text("[[bill]]\nvalue = 1\ncount = 99\nSECRET\n")
    for value in ("rigged", "./rigged", str(tmp_path / "rigged"), "/etc/passwd", "../rigged", "does-not-exist"):
        response = client.post("/api/tables", json={"game": game, "options": {option: value}, "bots": [None] * seats})
        assert response.status_code == 422 and response.json()["code"] == "bad-option", response.text
        assert "presets" in response.json()["error"] and "SECRET" not in response.text and "exist" not in response.text
    assert client.get("/api/tables").json() == []


def test_a_boolean_is_not_a_number(client: TestClient) -> None:
    table = create(client, name="Ann").json()
    token = join(client, table["id"], "Bob").json()["token"]
    tokens = {0: table["token"], 1: token}
    state = client.get(f"/api/tables/{table['id']}").json()
    mover = tokens[state["current_player"]]
    for action in ({"place": True}, {"place": False}, {"bandit": True}):
        response = client.post(
            f"/api/tables/{table['id']}/actions",
            json={"version": state["version"], "action": action},
            headers={"Authorization": f"Bearer {mover}"},
        )
        assert response.status_code == 422 and response.json()["code"] == "illegal", response.text
    response = client.post(
        f"/api/tables/{table['id']}/actions",
        json={"version": True, "action": {"place": 1}},
        headers={"Authorization": f"Bearer {mover}"},
    )
    assert response.status_code == 422 and response.json()["code"] == "malformed"
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == state["version"]


def test_odd_names_are_refused_and_leave_no_table_behind(client: TestClient) -> None:
    for name in ("   ", "Ann\u202eoj", "Hard bot 2", "Seat 1", "x" * 41, "\u200b"):
        response = create(client, name=name)
        assert response.status_code == 422 and response.json()["code"] == "bad-name", (name, response.text)
    assert client.get("/api/tables").json() == []
    table = create(client, name="Ann").json()
    assert table["seats"][0]["name"] == "Ann"
    for name in ("ann", " ANN ", "Ａｎｎ", "A.n.n", "Greedy bot 2"):
        response = join(client, table["id"], name)
        assert response.status_code == 422 and response.json()["code"] == "bad-name", (name, response.text)
    joined = join(client, table["id"], "  Bob\u3000 Smith ")
    assert joined.status_code == 200
    assert client.get(f"/api/tables/{table['id']}").json()["seats"][1]["name"] == "Bob Smith"


def test_odd_table_ids_are_refused_without_being_echoed(client: TestClient) -> None:
    for table_id in ("a" * 5000, "..%2F..%2Fetc", "x'; DROP TABLE hr_tables; --", "%00"):
        response = client.get(f"/api/tables/{table_id}")
        assert response.status_code == 404 and response.json()["code"] in ("no-table", "not-found"), response.text
        assert len(response.text) < 200
    assert client.get("/api/tables").status_code == 200


def test_websocket_floods_are_paced_and_connections_capped(make_client: Callable[..., TestClient]) -> None:
    client = make_client(sockets_per_address=2)
    table = create(client).json()["id"]
    with (
        client.websocket_connect(f"/ws/tables/{table}") as ws,
        client.websocket_connect(f"/ws/tables/{table}") as other,
    ):
        ws.send_text(json.dumps({"type": "hello"}))
        assert ws.receive_json()["type"] == "state"
        for _ in range(200):
            ws.send_text(json.dumps({"type": "ping"}))
        replies = [ws.receive_json()]
        while replies[-1].get("code") != "too-fast" and len(replies) < 100:
            replies.append(ws.receive_json())
        assert (
            replies[-1]["code"] == "too-fast" and 25 <= len(replies) <= 40
        )  # the burst was answered, the rest refused
        assert all(reply == {"type": "pong"} for reply in replies[:-1])
        with client.websocket_connect(f"/ws/tables/{table}") as third:
            assert third.receive_json()["code"] == "too-many-connections"
        other.send_text(json.dumps({"type": "hello"}))
        assert other.receive_json()["type"] == "state"
