"""Kill -9 a real `highroller serve` mid-game and start it again on the same database: every table
resumes exactly (same views, versions and log) and play goes on, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from web_helpers import call, step

import highroller as hr


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
