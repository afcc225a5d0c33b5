"""Kill -9 a real `highroller serve` mid-game and start it again on the same database: every table
resumes exactly (same views, versions and log) and play goes on, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import httpx

import highroller as hr


def call(base: str, method: str, path: str, token: str | None = None, **kwargs: Any) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = httpx.request(method, base + path, headers=headers, timeout=30, **kwargs)
    assert response.status_code in (200, 201), response.text
    return response.json()


def step(base: str, table: str, seats: dict[int, str], rng: random.Random) -> dict[str, Any]:
    """One random move by the person on move (waiting for bots first); the table afterwards.

    Random, not a fixed pick: a player who always declines Last Chance's joker lock never finishes a
    card with jokers, and free rolls nobody bid on keep such a game going for ever."""
    any_token = next(iter(seats.values()))
    state = call(base, "GET", f"/api/tables/{table}", any_token)
    while not state["finished"] and state["current_player"] not in seats:
        state = call(base, "GET", f"/api/tables/{table}", any_token, params={"after": state["version"]})
    if state["finished"]:
        return state
    token = seats[state["current_player"]]
    mine = call(base, "GET", f"/api/tables/{table}", token)
    return call(base, "POST", f"/api/tables/{table}/actions", token, json={"version": mine["version"], "action": rng.choice(mine["legal"])["action"]})


def test_killed_server_resumes_every_table_exactly(serve: Callable[..., Any]) -> None:
    server = serve(0.0)
    rng = random.Random(5)
    games = [
        ("lasvegas", {"players": 3, "rounds": 1, "dice_per_player": 4}, [None, None, "greedy"]),
        ("lastchance", {"players": 2, "cards": 1, "money": 500}, [None, "odds"]),
        ("luckiest", {"players": 2, "rounds": 1}, [None, None]),
    ]
    tables = []
    for game, options, bots in games:
        table = call(server.url, "POST", "/api/tables", json={"game": game, "options": options, "bots": bots})["id"]
        seats = {}
        for name in ("Ann", "Bob")[: bots.count(None)]:
            joined = call(server.url, "POST", f"/api/tables/{table}/join", json={"name": name})
            seats[joined["seat"]] = joined["token"]
        for _ in range(3):
            step(server.url, table, seats, rng)
        tables.append((table, seats))
    before = {
        (table, seat): call(server.url, "GET", f"/api/tables/{table}", token) for table, seats in tables for seat, token in seats.items()
    }
    server.kill()
    again = serve(0.0)
    for table, seats in tables:
        for seat, token in seats.items():
            assert call(again.url, "GET", f"/api/tables/{table}", token) == before[table, seat]
    for table, seats in tables:
        for _ in range(2000):
            state = step(again.url, table, seats, rng)
            if state["finished"]:
                break
        assert state["finished"], json.dumps(state)[-3000:]
        record = call(again.url, "GET", f"/api/tables/{table}/record")
        assert hr.replay(record).returns() == state["result"]["returns"]
