"""Who is at a table: each seat shows its person online (a connection holds the seat with its page
visible), away (every page holding it hidden) or offline (none), a bot's seat shows "bot", and the
table counts the connections that hold no seat (`watchers`); across server processes on one
PostgreSQL database too."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Server
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from web_helpers import call, create, join
from websockets.sync.client import ClientConnection, connect

from highroller.web.store.dialects import open_store
from highroller.web.store.rows import PresenceCount

SHORT = {"players": 3, "rounds": 1, "dice_per_player": 4}


def _table(client: TestClient) -> tuple[str, str]:
    made = client.post(
        "/api/tables", json={"game": "lasvegas", "options": SHORT, "bots": [None, None, "easy"], "name": "Ann"}
    ).json()
    return made["id"], made["token"]


def _hello(socket: WebSocketTestSession, token: str | None) -> dict[str, Any]:
    socket.send_text(json.dumps({"type": "hello", "token": token}))
    state: dict[str, Any] = socket.receive_json()
    return state


def _until(socket: WebSocketTestSession, holds: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first state the connection is sent that `holds` (a few at most: one per change)."""
    for _ in range(20):
        state: dict[str, Any] = socket.receive_json()
        if state.get("type") == "state" and holds(state):
            return state
    raise AssertionError("no such state was sent")


def _presence(state: dict[str, Any]) -> list[str]:
    return [seat["presence"] for seat in state["seats"]]


def test_a_seat_is_offline_online_away_and_offline_again(client: TestClient) -> None:
    table, token = _table(client)
    before = client.get(f"/api/tables/{table}").json()
    assert _presence(before) == ["offline", "offline", "bot"] and before["watchers"] == 0
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        assert _hello(watcher, None)["watchers"] == 1, "a connection holding no seat watches"
        with client.websocket_connect(f"/ws/tables/{table}") as ann:
            mine = _hello(ann, token)
            assert _presence(mine) == ["online", "offline", "bot"] and mine["watchers"] == 1
            assert _presence(_until(watcher, lambda s: s["seats"][0]["presence"] != "offline"))[0] == "online"
            ann.send_text(json.dumps({"type": "presence", "visible": False}))
            _until(ann, lambda s: s["seats"][0]["presence"] == "away")  # her only page is hidden
            assert _presence(_until(watcher, lambda s: s["seats"][0]["presence"] != "online")) == [
                "away",
                "offline",
                "bot",
            ]
            ann.send_text(json.dumps({"type": "presence", "visible": "yes"}))
            assert next(m for m in iter(ann.receive_json, None) if m["type"] == "error")["code"] == "malformed"
            ann.send_text(json.dumps({"type": "presence", "visible": True}))
            assert _presence(_until(watcher, lambda s: s["seats"][0]["presence"] != "away"))[0] == "online"
        assert _presence(_until(watcher, lambda s: s["seats"][0]["presence"] != "online"))[0] == "offline", (
            "her socket closed"
        )
        assert client.get(f"/api/tables/{table}").json()["watchers"] == 1
    assert client.get(f"/api/tables/{table}").json()["watchers"] == 0


def test_spectators_raise_the_watchers_each_connection_once(client: TestClient) -> None:
    table, _ = _table(client)
    with (
        client.websocket_connect(f"/ws/tables/{table}") as first,
        client.websocket_connect(f"/ws/tables/{table}") as second,
    ):
        _hello(first, None)
        assert _hello(second, None)["watchers"] == 2
        _until(first, lambda s: s["watchers"] == 2)
    bob = client.post(f"/api/tables/{table}/join", json={"name": "Bob"}).json()
    with client.websocket_connect(f"/ws/tables/{table}") as seated:
        state = _hello(seated, bob["token"])
        assert state["watchers"] == 0 and _presence(state) == ["offline", "online", "bot"], (
            "a seated connection is no watcher"
        )


def test_presence_rows_of_a_process_gone_stop_counting(database: str) -> None:
    store = open_store(database)
    try:
        now = time.time()
        store.put_presence("t1", "alive", [PresenceCount(0, 1, 1), PresenceCount(-1, 0, 2)], now)
        store.put_presence("t1", "dead", [PresenceCount(1, 0, 1)], now - 100)
        assert store.presence_of("t1", "me", now - 60) == [PresenceCount(-1, 0, 2), PresenceCount(0, 1, 1)]
        assert store.presence_of("t1", "alive", now - 200) == [PresenceCount(1, 0, 1)]
        assert store.keep_presence("alive", now + 30, now - 60) == ["t1"]
        assert store.presence_of("t1", "me", 0) == [PresenceCount(-1, 0, 2), PresenceCount(0, 1, 1)]
        store.put_presence("t1", "alive", [], now)
        assert store.presence_of("t1", "me", 0) == []
    finally:
        store.close()


@pytest.mark.slow
def test_presence_is_seen_across_two_processes(postgres: Any, tmp_path: Path) -> None:
    shared = postgres.new_database()
    first, second = Server(shared, 0.0, (), tmp_path), Server(shared, 0.0, (), tmp_path)
    try:
        first.start()
        second.start()
        table = create(first.url, "lasvegas", SHORT, [None, None, "easy"])["id"]
        _, ann = join(first.url, table, "Ann")
        assert _presence(call(second.url, "GET", f"/api/tables/{table}")) == ["offline", "offline", "bot"]
        with _socket(second, table, None) as watcher:
            with _socket(first, table, ann) as seat:
                _next(seat)
                assert _wait(watcher, lambda s: s["seats"][0]["presence"] == "online")
                assert call(second.url, "GET", f"/api/tables/{table}")["seats"][0]["presence"] == "online"
                assert call(first.url, "GET", f"/api/tables/{table}")["watchers"] == 1, "the other process's watcher"
                seat.send(json.dumps({"type": "presence", "visible": False}))
                assert _wait(watcher, lambda s: s["seats"][0]["presence"] == "away")
            assert _wait(watcher, lambda s: s["seats"][0]["presence"] == "offline")
    finally:
        for server in (first, second):
            server.kill()
            server.print_errors()


@contextlib.contextmanager
def _socket(server: Server, table: str, token: str | None) -> Iterator[ClientConnection]:
    """A WebSocket to the table through `server`, greeted with `token` (None: a watcher)."""
    with connect(server.url.replace("http", "ws") + f"/ws/tables/{table}") as socket:
        socket.send(json.dumps({"type": "hello", "token": token}))
        yield socket


def _next(socket: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(socket.recv(timeout=30))
    return message


def _wait(socket: ClientConnection, holds: Callable[[dict[str, Any]], bool]) -> bool:
    """Whether the connection is sent a state that `holds` within 30 seconds (a few states at most)."""
    for _ in range(20):
        state = _next(socket)
        if state.get("type") == "state" and holds(state):
            return True
    return False
