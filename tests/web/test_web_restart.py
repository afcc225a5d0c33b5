"""Kill -9 a real `highroller serve` mid-game and start it again on the same database: every table
resumes exactly (same views, versions and log) and play goes on, on SQLite and on PostgreSQL."""

from __future__ import annotations

import contextlib
import json
import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from web_helpers import call, people_on_move, step

import highroller as hr

pytestmark = pytest.mark.slow  # killed and restarted server processes


def the_game(state: dict[str, Any]) -> dict[str, Any]:
    """A table's state without who is connected to it (a killed server's connections are gone)."""
    return {**state, "watchers": None, "seats": [{**seat, "presence": None} for seat in state["seats"]]}


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
        people_on_move(server.url, table, seats)  # no bot move left to land between the snapshot and the kill
        tables.append((table, seats))
    before = {
        (table, seat): the_game(call(server.url, "GET", f"/api/tables/{table}", token))
        for table, seats in tables
        for seat, token in seats.items()
    }
    server.kill()
    again = serve(0.0)
    for table, seats in tables:
        for seat, token in seats.items():
            assert the_game(call(again.url, "GET", f"/api/tables/{table}", token)) == before[table, seat]
    for table, seats in tables:
        for _ in range(2000):
            state = step(again.url, table, seats, rng)
            if state["finished"]:
                break
        assert state["finished"], json.dumps(state)[-3000:]
        record = call(again.url, "GET", f"/api/tables/{table}/record")
        assert hr.replay(record).returns() == state["result"]["returns"]


def parent_of(pid: int) -> int:
    return int((Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[1])


def descendants(pid: int) -> set[int]:
    """Every live process below `pid` (its children, their children, …)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                parents[int(entry.name)] = parent_of(int(entry.name))
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_bot_workers_end_with_a_killed_server(serve: Callable[..., Any]) -> None:
    server = serve(0.0)
    table = call(
        server.url,
        "POST",
        "/api/tables",
        json={"game": "lasvegas", "options": {"players": 2, "rounds": 1}, "bots": ["easy", "easy"]},
    )
    state = call(server.url, "GET", f"/api/tables/{table['id']}", params={"after": table["version"]})
    assert state["version"] > table["version"]  # the bots played, so their worker processes run
    assert server.process is not None
    family = descendants(server.process.pid)
    assert len(family) >= 2  # the fork server and at least one worker
    workers = family - {pid for pid in family if parent_of(pid) == server.process.pid}
    deadline = time.monotonic() + 10
    while not all(os.sched_getscheduler(pid) == os.SCHED_IDLE for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)  # a worker forked for the second move sets its class before it takes the move
    assert workers and all(os.sched_getscheduler(pid) == os.SCHED_IDLE for pid in workers)  # bots take only spare CPU
    server.kill()
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in family) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in family), "bot worker processes outlived their server"
