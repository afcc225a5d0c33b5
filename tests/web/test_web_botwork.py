"""The bot dispatcher on its own: at most as many moves thinking at once as it has worker processes,
the longest-waiting table first, a freed slot filled at once, and a move that finishes after the
server stopped left to its lease (with a store and a pool stood in)."""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from typing import Any

import pytest

from highroller.web.bots import botwork
from highroller.web.bots.botwork import Dispatcher
from highroller.web.bots.thinking import Job
from highroller.web.store.rows import Claim


class DueTables:
    """A store stand-in: tables fall due in order; a claimed table is not due again."""

    def __init__(self, count: int) -> None:
        self.waiting = [f"t{n}" for n in range(count)]
        self.limits: list[int] = []

    def claim_due(self, owner: str, limit: int, lease: float) -> list[Claim]:
        self.limits.append(limit)
        taken, self.waiting = self.waiting[:limit], self.waiting[limit:]
        return [Claim(table_id, 0) for table_id in taken]

    def next_due(self) -> float | None:
        return None


class HeldPool:
    """A pool stand-in whose moves finish when the test says so."""

    def __init__(self) -> None:
        self.running: list[tuple[str, Future[tuple[str, str]]]] = []
        self.most = 0

    def submit(self, function: Any, job: Job) -> Future[tuple[str, str]]:
        future: Future[tuple[str, str]] = Future()
        self.running.append((job.claim.table_id, future))
        self.most = max(self.most, sum(not f.done() for _, f in self.running))
        return future


def test_moves_are_bounded_by_the_processes_and_taken_longest_waiting_first(monkeypatch: pytest.MonkeyPatch) -> None:
    store, pool = DueTables(7), HeldPool()
    monkeypatch.setattr(botwork, "worker_pool", lambda *args: pool)
    played: list[str] = []

    async def scenario() -> None:
        dispatcher = Dispatcher(store, "unused", 2, on_played=played.append)  # type: ignore[arg-type]
        task = asyncio.create_task(dispatcher.run())
        for _ in range(7):
            await asyncio.sleep(0.05)
            assert sum(not future.done() for _, future in pool.running) <= 2
            _table_id, future = next((t, f) for t, f in pool.running if not f.done())
            future.set_result(("played", "easy"))
        await asyncio.sleep(0.05)
        task.cancel()

    asyncio.run(scenario())
    assert pool.most == 2
    assert [table_id for table_id, _ in pool.running] == [f"t{n}" for n in range(7)]
    assert played == [f"t{n}" for n in range(7)]
    assert max(store.limits) == 2


def test_a_move_finishing_after_the_server_stopped_is_left_to_its_lease(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    store, pool = DueTables(1), HeldPool()
    monkeypatch.setattr(botwork, "worker_pool", lambda *args: pool)
    played: list[str] = []

    async def scenario() -> None:
        dispatcher = Dispatcher(store, "unused", 1, on_played=played.append)  # type: ignore[arg-type]
        task = asyncio.create_task(dispatcher.run())
        await asyncio.sleep(0.05)
        task.cancel()

    asyncio.run(scenario())  # the loop is closed now, with the move still thinking
    [(table_id, future)] = pool.running
    future.set_result(("played", "easy"))  # from the pool's side: a callback that raised would be logged here
    assert table_id == "t0" and played == []
    assert not [record for record in caplog.records if record.name == "concurrent.futures"]
