"""The store on SQLite and PostgreSQL: racing writers on separate connections store exactly one step,
leases and claims, and a database of the first schema migrated in place with nothing lost."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import psycopg
import pytest
from conftest import TEST_SETTINGS
from fastapi.testclient import TestClient
from postgres_server import PostgresServer

import highroller as hr
from highroller.core.record_format import apply_recorded_step
from highroller.core.state import State
from highroller.web.app import create_app
from highroller.web.services import RESYNC_EVERY
from highroller.web.store.database import Store
from highroller.web.store.dialects import is_postgres, open_store
from highroller.web.store.rows import Claim, Conflict, Origin, SeatRow, TableRow, Turn
from highroller.web.tables.turns import advance, record_step


def new_table(store: Store, table_id: str = "t1", due: float | None = None) -> State:
    game = hr.make("lasvegas", players=2, rounds=1)
    state = game.new_game(11)
    while state.current_player == hr.CHANCE:
        state.apply(state.sample_chance())
    row = TableRow(
        id=table_id,
        game="lasvegas",
        options=game.options,
        seed=11,
        created=time.time(),
        finished=False,
        rematch=None,
        seats=[SeatRow(seat=0, bot="easy"), SeatRow(seat=1, bot="easy")],
        started=True,
        steps=[record_step(p, s) for p, s in state.history],
        stand_in="medium",
        due=due,
    )
    store.create_table(row, Origin("creator", "network"), True)
    return state


def test_racing_writers_store_exactly_one_step(database: str) -> None:
    stores = [open_store(database), open_store(database)]
    state = new_table(stores[0])
    for _ in range(30):
        if state.is_terminal():
            break
        first = len(state.history)
        candidates = []
        for action in state.legal_actions()[:2] * 2:
            copy = state.clone()
            candidates.append((copy, advance(copy, action)))
        barrier = threading.Barrier(2)
        outcomes: list[Any] = []

        def write(store: Store, steps: list[Any]) -> None:
            barrier.wait()
            try:
                outcomes.append(store.commit_steps("t1", first, steps, finished=False, turn=Turn()))
            except Conflict:
                outcomes.append("conflict")

        threads = [
            threading.Thread(target=write, args=(store, candidate[1]))
            for store, candidate in zip(stores, candidates[:2])
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert sorted(outcomes, key=str).count("conflict") == 1, outcomes
        stored = stores[1].load_table("t1")
        assert stored is not None
        winner = next(copy for copy, steps in candidates if stored.steps[first:] == steps)
        state = winner
        assert stored.version == len(stored.steps) == len(state.history)


def test_claims_lease_each_due_table_once_longest_waiting_first(database: str) -> None:
    store = open_store(database)
    now = time.time()
    for number, due in enumerate((now - 1, now - 3, now - 2, now + 60)):
        new_table(store, f"t{number}", due)
    claims = store.claim_due("worker-a", 10, lease=30)
    assert [c.table_id for c in claims] == ["t1", "t2", "t0"]
    assert store.claim_due("worker-b", 10, lease=30) == []
    assert store.next_due() == pytest.approx(now + 30, abs=2)
    store.release(claims[0], "worker-b", None)  # not the owner: nothing changes
    assert store.claim_due("worker-b", 10, lease=30) == []
    store.release(claims[0], "worker-a", now - 5)
    assert store.claim_due("worker-b", 10, lease=30) == [Claim("t1", claims[0].revision)]
    expired = store.claim_due("worker-c", 10, lease=-1)  # nothing left unleased
    assert expired == []


def test_a_stale_claim_stores_nothing(database: str) -> None:
    store = open_store(database)
    state = new_table(store, due=time.time() - 1)
    (claim,) = store.claim_due("worker", 1, lease=30)
    first = len(state.history)
    person = state.clone()
    store.commit_steps("t1", first, advance(person, person.legal_actions()[0]), finished=False, turn=Turn())
    late = state.clone()
    with pytest.raises(Conflict):
        store.commit_steps(
            "t1", first, advance(late, late.legal_actions()[-1]), finished=False, turn=Turn(), revision=claim.revision
        )


SCHEMA_1 = (
    "CREATE TABLE hr_tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed BIGINT NOT NULL,"
    " created DOUBLE PRECISION NOT NULL, finished INTEGER NOT NULL DEFAULT 0, rematch TEXT)",
    "CREATE TABLE hr_seats (table_id TEXT NOT NULL REFERENCES hr_tables(id), seat INTEGER NOT NULL, name TEXT, bot "
    "TEXT,"
    " token_hash TEXT, PRIMARY KEY (table_id, seat))",
    "CREATE TABLE hr_steps (table_id TEXT NOT NULL REFERENCES hr_tables(id), n INTEGER NOT NULL, step TEXT NOT NULL, "
    "PRIMARY KEY (table_id, n))",
    "CREATE INDEX hr_tables_open ON hr_tables (finished, created)",
)


def old_database(database: str, rows: list[tuple[str, list[Any]]]) -> None:
    """A database as the first schema wrote it, with a table per (sql, args) of `rows`."""
    if is_postgres(database):
        with psycopg.connect(database, autocommit=True) as db:
            for statement in SCHEMA_1:
                db.execute(statement)
            for sql, args in rows:
                db.execute(sql.replace("?", "%s"), args)
    else:
        db = sqlite3.connect(database)
        for statement in SCHEMA_1:
            db.execute(statement)
        for sql, args in rows:
            db.execute(sql, args)
        db.commit()
        db.close()


def test_a_first_schema_database_is_migrated_with_nothing_lost(
    database: str, make_client: Callable[..., TestClient]
) -> None:
    game = hr.make("lasvegas", players=2, rounds=1)
    played = hr.play(game, ["greedy", "greedy"], seed=5)
    halfway = hr.replay(played.record(), upto=len(played.history) // 2)
    while halfway.current_player == hr.CHANCE:
        halfway.apply(halfway.sample_chance())
    token = "a-seat-token"
    rows: list[tuple[str, list[Any]]] = [
        (
            "INSERT INTO hr_tables (id, game, options, seed, created, finished) VALUES (?, ?, ?, ?, ?, 0)",
            ["old", "lasvegas", json.dumps(game.options), 5, time.time()],
        ),
        (
            "INSERT INTO hr_seats (table_id, seat, name, bot, token_hash) VALUES (?, ?, ?, ?, ?)",
            ["old", 0, "Ann", None, hashlib.sha256(token.encode()).hexdigest()],
        ),
        (
            "INSERT INTO hr_seats (table_id, seat, name, bot, token_hash) VALUES (?, ?, ?, ?, ?)",
            ["old", 1, None, "greedy", None],
        ),
    ]
    rows += [
        ("INSERT INTO hr_steps (table_id, n, step) VALUES (?, ?, ?)", ["old", n, json.dumps(record_step(p, s))])
        for n, (p, s) in enumerate(halfway.history)
    ]
    old_database(database, rows)
    client = make_client()
    headers = {"Authorization": f"Bearer {token}"}
    state = client.get("/api/tables/old", headers=headers).json()
    assert state["version"] == len(halfway.history) and state["view"] == halfway.view(0)
    while not state["finished"]:
        if state["legal"]:
            state = client.post(
                "/api/tables/old/actions",
                json={"version": state["version"], "action": state["legal"][0]["action"]},
                headers=headers,
            ).json()
        else:
            state = client.get("/api/tables/old", params={"after": state["version"]}, headers=headers).json()
    assert hr.replay(client.get("/api/tables/old/record").json()).is_terminal()
    again = open_store(database)  # opening a migrated database again changes nothing
    assert again.load_table("old") is not None


@pytest.mark.slow  # waits out the resync interval
def test_a_change_whose_notification_was_lost_reaches_the_watchers(
    postgres: PostgresServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = postgres.new_database()
    with TestClient(create_app(open_store(database), replace(TEST_SETTINGS, bot_processes=0))) as client:
        made = client.post(
            "/api/tables",
            json={"game": "lasvegas", "options": {"players": 2, "rounds": 1}, "bots": [None, None], "name": "Ann"},
        ).json()
        client.post(f"/api/tables/{made['id']}/join", json={"name": "Bob"})
        with client.websocket_connect(f"/ws/tables/{made['id']}") as watcher:
            watcher.send_text(json.dumps({"type": "hello"}))
            seen = watcher.receive_json()
            writer = open_store(database)
            monkeypatch.setattr(writer, "_announce", lambda db, payloads: None)  # stored, never announced
            row = writer.load_table(made["id"])
            assert row is not None
            state = hr.make(row.game, **row.options).new_game(row.seed)
            for index, entry in enumerate(row.steps):
                apply_recorded_step(state, entry, index)
            first = len(state.history)
            writer.commit_steps(
                made["id"], first, advance(state, state.legal_actions()[0]), finished=False, turn=Turn()
            )
            live = client.app.state.tables._live[made["id"]]  # type: ignore[attr-defined]
            deadline = time.monotonic() + RESYNC_EVERY + 3
            while live.version == first and time.monotonic() < deadline:
                time.sleep(0.1)
            assert live.version > first, "the watched table never caught up"
            assert watcher.receive_json()["version"] > seen["version"] == first
