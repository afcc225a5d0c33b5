"""A backup taken while a real `highroller serve` plays restores into a fresh database, where a fresh
server finishes every game (people through the API, bots by the server) from exactly the steps each
table had when the backup was taken, on SQLite and on PostgreSQL; profiles and the server's keys move
with it. And a backup of a SQLite file another process keeps writing is whole and consistent."""

from __future__ import annotations

import itertools
import random
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import Server
from web_helpers import call, create, people_on_move, step

import highroller as hr
from highroller.web.store.backups import backup
from highroller.web.store.dialects import is_postgres, open_store

pytestmark = pytest.mark.slow  # server processes, backups and restores as processes

HIGHROLLER = [sys.executable, "-c", "from highroller.cli.main import main; main()"]
DAY = 86400

GAMES: list[tuple[str, dict[str, Any], list[str | None], dict[str, Any]]] = [
    ("lasvegas", {"players": 3, "rounds": 1, "dice_per_player": 4}, [None, None, "greedy"], {}),
    ("lastchance", {"players": 2, "cards": 1, "money": 500}, [None, "odds"], {}),
    ("luckiest", {"players": 2, "rounds": 1}, [None, None], {}),
    ("lasvegas", {"players": 2}, [None, None], {"timer": DAY}),  # turn-based, stopped mid-round
]
"""The tables that stand still while the backup is taken (a person on move each)."""

BUSY = ("luckiest", {"players": 2}, [None, None], {})
"""The table whose people keep moving while the backup is taken."""


def highroller(*args: str) -> str:
    done = subprocess.run([*HIGHROLLER, *args], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def stored_steps(database: str, table: str) -> list[str]:
    store = open_store(database)
    try:
        with store.transaction() as cursor:
            rows = store.run(cursor, "SELECT step FROM hr_steps WHERE table_id = ? ORDER BY n", (table,)).fetchall()
        return [row[0] for row in rows]
    finally:
        store.close()


@pytest.fixture
def fresh(database: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of the test's kind, to restore into."""
    if is_postgres(database):
        return str(request.getfixturevalue("postgres").new_database())
    return str(tmp_path / "restored" / "tables.sqlite3")


def seated(base: str, profiles: list[str], game: tuple[str, dict[str, Any], list[str | None], dict[str, Any]]) -> Any:
    """A new table of `game` whose people's seats are taken with `profiles`: its id and the seats' tokens."""
    name, options, bots, extra = game
    table = create(base, name, options, bots, **extra)["id"]
    seats = {}
    for number, profile in enumerate(profiles[: bots.count(None)]):
        joined = call(base, "POST", f"/api/tables/{table}/join", profile=profile, json={"name": f"Player {number}"})
        seats[joined["seat"]] = joined["token"]
    return table, seats


def test_a_backup_taken_during_play_restores_and_every_game_finishes(
    serve: Callable[..., Server], database: str, fresh: str, tmp_path: Path
) -> None:
    server = serve(0.0)
    rng = random.Random(11)
    profiles = [
        call(server.url, "POST", "/api/profiles", json={"name": name, "languages": ["en"]})["key"]
        for name in ("Ann", "Bob")
    ]
    tables = [seated(server.url, profiles, game) for game in GAMES]
    for table, seats in tables:
        for _ in range(3):
            step(server.url, table, seats, rng)
        people_on_move(server.url, table, seats)
    busy, busy_seats = seated(server.url, profiles, BUSY)
    step(server.url, busy, busy_seats, rng)
    before = {table: stored_steps(database, table) for table, _ in tables}
    busy_before = len(stored_steps(database, busy))
    push_key = call(server.url, "GET", "/api/push/key")["key"]

    stop = threading.Event()

    def keep_moving() -> None:
        mover = random.Random(12)
        while not stop.is_set() and not step(server.url, busy, busy_seats, mover)["finished"]:
            pass

    moving = threading.Thread(target=keep_moving)
    moving.start()
    try:
        said = highroller("backup", "--db", database, str(tmp_path / "tables.backup"))
    finally:
        stop.set()
        moving.join()
    assert "5 tables" in said and "integrity ok" in said
    busy_after = stored_steps(database, busy)
    server.kill()

    said = highroller("restore", "--db", fresh, str(tmp_path / "tables.backup"))
    assert "5 tables" in said and "2 profiles" in said
    for table, _ in tables:
        assert stored_steps(fresh, table) == before[table]
    restored_busy = stored_steps(fresh, busy)
    assert busy_before <= len(restored_busy) <= len(busy_after)
    assert restored_busy == busy_after[: len(restored_busy)]
    original, restored = open_store(database), open_store(fresh)
    assert restored.address_key == original.address_key
    original.close()
    restored.close()

    again = Server(fresh, 0.0, (), tmp_path)
    again.start()
    try:
        assert call(again.url, "GET", "/api/push/key")["key"] == push_key
        assert call(again.url, "GET", "/api/me", profile=profiles[0])["name"] == "Ann"
        for table, seats in [*tables, (busy, busy_seats)]:
            state = people_on_move(again.url, table, seats)
            for _ in range(3000):
                if state["finished"]:
                    break
                state = step(again.url, table, seats, rng)
            assert state["finished"], state
            record = call(again.url, "GET", f"/api/tables/{table}/record")
            assert hr.replay(record).returns() == state["result"]["returns"]
    finally:
        again.kill()
        again.print_errors()


WRITER = """
import itertools, sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
for n in itertools.count(int(sys.argv[2])):
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO pairs VALUES (?, 0, randomblob(3000))", (n,))
    db.execute("INSERT INTO pairs VALUES (?, 1, randomblob(3000))", (n,))
    db.execute("COMMIT")
"""
"""Another process writing to the database without a pause: two rows per transaction."""


def count(path: Path) -> int:
    with sqlite3.connect(path, timeout=30) as db:
        return int(db.execute("SELECT COUNT(*) FROM pairs").fetchone()[0])


def test_a_backup_of_a_sqlite_file_another_process_writes_is_whole(tmp_path: Path) -> None:
    live = tmp_path / "tables.sqlite3"
    open_store(live).close()
    prefilled = 1000
    with sqlite3.connect(live) as db:
        db.execute("CREATE TABLE pairs (n INTEGER NOT NULL, half INTEGER NOT NULL, filler BLOB)")
        db.executemany(
            "INSERT INTO pairs VALUES (?, ?, randomblob(3000))", itertools.product(range(prefilled), (0, 1))
        )  # some thousand pages: the copy takes several steps, and writes start it again
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(live), str(prefilled)])
    try:
        while count(live) == 2 * prefilled:
            assert writer.poll() is None, "the writer stopped"
        started = count(live)
        summary = backup(str(live), tmp_path / "copy.backup")
    finally:
        writer.kill()
        writer.wait()
    assert summary.tables == 0 and summary.size == (tmp_path / "copy.backup").stat().st_size
    with sqlite3.connect(tmp_path / "copy.backup") as copy:
        assert copy.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        halves = copy.execute("SELECT n, COUNT(*) FROM pairs GROUP BY n HAVING COUNT(*) != 2").fetchall()
        copied = copy.execute("SELECT COUNT(*), MAX(n) FROM pairs").fetchone()
    assert halves == []  # no transaction half copied
    assert copied[0] >= started and copied[0] == 2 * (copied[1] + 1)  # every pair up to the last one copied
