"""Tables load without replaying their games: from their checkpoint, the steps after it and the last
log lines as stored, in a thread; the log's lines keep their places in every process, the earlier
ones are read on request, and a table stored by an earlier highroller (no lines, no checkpoint) loads
once the slow way and like any other after that. A checkpoint that is not this engine's, or not a
game's state at all, is never used."""

from __future__ import annotations

import asyncio
import json
import pickle
import threading
import zlib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import TEST_SETTINGS

import highroller as hr
from highroller.web.store.database import Store
from highroller.web.store.dialects import open_store
from highroller.web.store.rows import Checkpoint
from highroller.web.tables import held_tables as tables_module
from highroller.web.tables import table_copy, table_load
from highroller.web.tables.checkpoints import EVERY, engine_key
from highroller.web.tables.held_tables import Tables
from highroller.web.tables.live_table import Table
from highroller.web.tables.log_words import in_language
from highroller.web.tables.table_log import LOG_KEPT
from highroller.web.tables.turns import seat_names

LONG = {"players": 2, "cards": 36}
"""A Last Chance game of hundreds of steps."""


async def long_table(tables: Tables, steps: int) -> Table:
    """A 2-person Last Chance table played (always the first legal action) to `steps` steps or its end,
    its checkpoints stored."""
    table, _ = await tables.open(hr.make("lastchance", **LONG), [None, None], None, "greedy", None, "Ann")
    await table.join("Bob", None, None)
    while table.version < steps and not table.finished:
        await table.act(table.state.current_player, table.version, table.state.legal_actions()[0].to_json())
    await asyncio.gather(*table_copy._writing)
    return table


def with_store(database: str, scenario: Callable[[Store], Awaitable[None]]) -> None:
    async def run() -> None:
        store = open_store(database)
        try:
            await scenario(store)
        finally:
            store.close()

    asyncio.run(run())


def whole(store: Store, table_id: str, lang: str = "en") -> list[dict[str, Any]]:
    """The table's whole log, in `lang`."""
    found = table_load.whole_log(store, table_id)
    assert found is not None
    row, lines = found
    return in_language(lines, lang, seat_names(row.seats))


def test_a_long_table_loads_from_its_checkpoint_with_its_last_lines_in_their_places(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario(store: Store) -> None:
        here = Tables(store, TEST_SETTINGS)
        table = await long_table(here, 3 * EVERY + 30)
        applied: list[int] = []
        loaded_in: list[threading.Thread] = []
        real_apply, real_load = table_load.apply_steps, tables_module.load_copy

        def counting(state: Any, entries: Any, lines: Any, narrator: Any) -> Any:
            applied.append(len(entries))
            return real_apply(state, entries, lines, narrator)

        def noting(*args: Any) -> Any:
            loaded_in.append(threading.current_thread())
            return real_load(*args)

        monkeypatch.setattr(table_load, "apply_steps", counting)
        monkeypatch.setattr(tables_module, "load_copy", noting)
        there = await Tables(store, TEST_SETTINGS).get(table.id)  # another server process's copy
        assert loaded_in and loaded_in[0] is not threading.main_thread()
        assert (
            table.checkpointed > 2 * EVERY and applied == [table.version - table.checkpointed] and applied[0] < EVERY
        )  # the steps after the last checkpoint
        assert there.state == table.state and there.window.end == table.window.end
        assert len(there.window.lines) == LOG_KEPT
        lines = whole(store, table.id)
        for copy in (table, there):
            state = copy.snapshot(0, there.window.base)
            assert state["log_from"] == there.window.base
            assert state["log"] == lines[there.window.base :]  # each line in its place in the whole log

    with_store(database, scenario)


def test_a_table_stored_without_lines_or_checkpoint_loads_once_by_replaying_it(tmp_path: Path) -> None:
    async def scenario(store: Store) -> None:
        table = await long_table(Tables(store, TEST_SETTINGS), 2 * EVERY + 5)
        with store.transaction(write=True) as cursor:  # as an earlier highroller left it
            store.run(cursor, "UPDATE hr_steps SET lines = NULL, log_end = NULL WHERE table_id = ?", (table.id,))
            store.run(cursor, "DELETE FROM hr_checkpoints WHERE table_id = ?", (table.id,))
            store.run(cursor, "UPDATE hr_tables SET mover = NULL, last_line = NULL WHERE id = ?", (table.id,))
        old = await Tables(store, TEST_SETTINGS).get(table.id)
        await asyncio.gather(*table_copy._writing)
        assert old.state == table.state and old.snapshot(1, old.window.base) == table.snapshot(1, old.window.base)
        with store.transaction() as cursor:
            missing = store.run(
                cursor,
                "SELECT COUNT(*) FROM hr_steps WHERE table_id = ? AND (lines IS NULL OR log_end IS NULL)",
                (table.id,),
            )
            assert missing.fetchone()[0] == 0
            assert (
                store.run(cursor, "SELECT version FROM hr_checkpoints WHERE table_id = ?", (table.id,)).fetchone()[0]
                == table.version
            )
        again = await Tables(store, TEST_SETTINGS).get(table.id)
        assert again.snapshot(1, 0) == old.snapshot(1, 0)

    with_store(str(tmp_path / "tables.sqlite3"), scenario)


class Planted:
    """What a hostile checkpoint would make: it must never be made."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (Path.touch, (Path("planted"),))


def test_a_checkpoint_of_another_engine_or_holding_anything_else_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)

    async def scenario(store: Store) -> None:
        table = await long_table(Tables(store, TEST_SETTINGS), EVERY + 10)
        key = engine_key(type(table.state))
        for engine, data in (
            (key, pickle.dumps(Planted())),
            ("another", pickle.dumps(table.state)),
            (key, b"not a pickle"),
        ):
            with store.transaction(write=True) as cursor:
                store.run(cursor, "DELETE FROM hr_checkpoints WHERE table_id = ?", (table.id,))
            store.put_checkpoint(
                table.id, Checkpoint(version=table.version, engine=engine, state=zlib.compress(data)), table.revision
            )
            loaded = await Tables(store, TEST_SETTINGS).get(table.id)
            assert loaded.state == table.state and loaded.snapshot(0, loaded.window.base) == table.snapshot(
                0, loaded.window.base
            )
        assert not (tmp_path / "planted").exists()

    with_store(str(tmp_path / "tables.sqlite3"), scenario)


def test_earlier_lines_are_read_from_the_store_a_page_at_a_time(make_client: Callable[..., Any]) -> None:
    client = make_client()
    made = client.post(
        "/api/tables", json={"game": "lastchance", "options": LONG, "bots": [None, None], "hot_seat": ["Ann", "Bob"]}
    ).json()
    me = {"Authorization": f"Bearer {made['token']}"}
    state = client.get(f"/api/tables/{made['id']}", headers=me).json()
    while state["version"] < 2 * EVERY + 50:
        state = client.post(
            f"/api/tables/{made['id']}/actions",
            headers=me,
            json={"version": state["version"], "action": state["legal"][0]["action"]},
        ).json()
    client = make_client()  # another server process, which loads the table
    fresh = client.get(f"/api/tables/{made['id']}?lang=fr").json()
    assert fresh["log_from"] > 0 and len(fresh["log"]) == LOG_KEPT
    before, told = fresh["log_from"], fresh["log"]
    while before > 0:
        page = client.get(f"/api/tables/{made['id']}/log", params={"before": before, "lang": "fr"}).json()
        assert page["log_from"] == max(0, before - LOG_KEPT) and len(page["log"]) == before - page["log_from"]
        before, told = page["log_from"], page["log"] + told
    assert told[0]["text"].startswith("— Carte 1\u202f:")
    assert [line["n"] for line in told] == sorted(line["n"] for line in told)
    refused = client.get(f"/api/tables/{made['id']}/log", params={"before": -1})
    assert refused.status_code == 422 and refused.json()["code"] == "malformed"


def test_your_games_are_listed_from_the_stored_tables_without_loading_one(
    make_client: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = make_client()
    key = client.post("/api/profiles", json={"name": "Ann", "languages": ["en"]}).json()["key"]
    me = {"X-Profile": key}
    tables = []
    for bots in ([None, "greedy"], [None, None]):
        made = client.post(
            "/api/tables", headers=me, json={"game": "lasvegas", "options": {"players": 2}, "bots": bots, "name": "Ann"}
        ).json()
        tables.append(made)
    listed = client.get("/api/me/games", headers=me).json()

    async def no_loads(*args: Any) -> None:
        raise AssertionError("a table was loaded")

    monkeypatch.setattr(Tables, "get", no_loads)
    again = client.get("/api/me/games", headers=me).json()
    assert again == listed and {game["id"] for game in again["games"]} == {made["id"] for made in tables}
    waiting = next(game for game in again["games"] if game["id"] == tables[1]["id"])
    assert waiting["state"] == "waiting-for-players" and waiting["last"]
    playing = next(game for game in again["games"] if game["id"] == tables[0]["id"])
    assert playing["state"] in ("your-move", "their-move") and "Ann" in json.dumps(playing["players"])
