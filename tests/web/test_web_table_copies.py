"""Two server processes' copies of one table (two `Tables` on one SQLite store, told nothing of each
other): however a copy learns that the store moved on — an action refused because the other copy
stored a step first, a long poll naming a version it has not seen, a change told while nobody watched
it here — the connections and long polls watching it are told, so no page is left showing a state the
table has left."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import TEST_SETTINGS

import highroller as hr
from highroller.web.http.errors import Refused
from highroller.web.store.dialects import open_store
from highroller.web.tables.held_tables import Tables
from highroller.web.tables.live_table import Table
from highroller.web.tables.table_copy import Subscriber

Scenario = Callable[[Tables, Table, Table, Subscriber], Awaitable[None]]


def with_two_copies(tmp_path: Path, scenario: Scenario) -> None:
    """A 2-person Las Vegas table, a copy of it in each of two `Tables` (`here` and another), and a
    connection watching the first copy that has been sent everything so far; then
    `scenario(here, first, second, watcher)`."""

    async def run() -> None:
        store = open_store(tmp_path / "tables.sqlite3")
        try:
            here, there = Tables(store, TEST_SETTINGS), Tables(store, TEST_SETTINGS)
            first, _ = await here.open(
                hr.make("lasvegas", players=2, first_player=0), [None, None], None, "greedy", None, "Ann"
            )
            await first.join("Ben", None, None)
            second = await there.get(first.id)
            watcher = Subscriber((0,))
            first.subscribers.add(watcher)
            watcher.dirty = False
            watcher.wake.clear()
            await scenario(here, first, second, watcher)
        finally:
            store.close()

    asyncio.run(run())


def test_an_action_refused_because_the_other_copy_moved_first_tells_the_watchers(tmp_path: Path) -> None:
    async def scenario(here: Tables, first: Table, second: Table, watcher: Subscriber) -> None:
        seen, action = first.version, first.state.legal_actions()[0]
        await second.act(0, seen, action.to_json())
        with pytest.raises(Refused) as refused:
            await first.act(0, seen, action.to_json())
        assert refused.value.code in ("stale", "not-your-turn")
        assert first.version == second.version
        assert watcher.dirty and watcher.wake.is_set()

    with_two_copies(tmp_path, scenario)


def test_a_long_poll_past_the_copy_tells_the_watchers(tmp_path: Path) -> None:
    async def scenario(here: Tables, first: Table, second: Table, watcher: Subscriber) -> None:
        await second.act(0, second.version, second.state.legal_actions()[0].to_json())
        await first.wait_change(second.version, timeout=0.01)
        assert first.version == second.version
        assert watcher.dirty and watcher.wake.is_set()

    with_two_copies(tmp_path, scenario)


def test_a_copy_that_knew_it_all_tells_nobody(tmp_path: Path) -> None:
    async def scenario(here: Tables, first: Table, second: Table, watcher: Subscriber) -> None:
        async with first.lock:
            await first.catch_up()
        assert not watcher.dirty and not watcher.wake.is_set()

    with_two_copies(tmp_path, scenario)


def test_a_connection_that_starts_watching_an_unwatched_table_marked_behind_catches_up(tmp_path: Path) -> None:
    """A change told while nobody watched the table (a connection still greeting) only marks it behind."""

    async def scenario(here: Tables, first: Table, second: Table, watcher: Subscriber) -> None:
        first.subscribers.discard(watcher)
        await second.act(0, second.version, second.state.legal_actions()[0].to_json())
        here.look(first.id)
        assert first.behind and first.version < second.version
        await first.watch(watcher)
        assert first.version == second.version and not first.behind
        assert watcher.dirty and watcher.wake.is_set()

    with_two_copies(tmp_path, scenario)


def test_a_long_poll_on_an_unwatched_table_marked_behind_answers_at_once(tmp_path: Path) -> None:
    async def scenario(here: Tables, first: Table, second: Table, watcher: Subscriber) -> None:
        first.subscribers.discard(watcher)
        seen = first.version
        await second.act(0, seen, second.state.legal_actions()[0].to_json())
        here.look(first.id)
        await asyncio.wait_for(first.wait_change(seen, timeout=30), 5)
        assert first.version == second.version

    with_two_copies(tmp_path, scenario)


def test_a_connection_watches_the_live_copy_even_if_its_table_was_dropped_from_memory_meanwhile(tmp_path: Path) -> None:
    async def scenario(here: Tables, first: Table, second: Table, watcher: Subscriber) -> None:
        first.subscribers.discard(watcher)
        here.settings = replace(here.settings, table_memory=1)  # no idle table but the last used stays
        _other, _ = await here.open(hr.make("luckiest", players=2), [None, None], None, "greedy", None, "Cy")
        assert first.id not in here._live  # idle, so dropped for the newer table
        watched = await here.watch(first.id, watcher)
        assert watched is not first and here._live[first.id] is watched and watcher in watched.subscribers
        watcher.dirty = False
        watcher.wake.clear()
        await second.act(0, second.version, second.state.legal_actions()[0].to_json())
        here.look(first.id)
        await asyncio.wait_for(watcher.wake.wait(), 10)
        assert watched.version == second.version and watcher.dirty

    with_two_copies(tmp_path, scenario)
