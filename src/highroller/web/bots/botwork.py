"""Bot workers: claim due automatic moves from the database and play them in worker processes.

A move is due when a bot (or a stand-in for an absent person) is on move, `bot_delay` seconds after
the table changed, or when a person's turn timer runs out. A dispatcher leases due tables from the
database, longest waiting first and one move per table at a time (so one busy table cannot starve
the others), and hands each to a process pool of at most `processes` workers running at a lower
priority (on Linux, the idle scheduling class): bots never share the web server's interpreter and
never take its CPU first. Leases expire,
so a move claimed by a worker that died is claimed again by another. The same dispatcher runs inside
`highroller serve` and alone in `highroller bots` (another machine, PostgreSQL only).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import logging
import multiprocessing
import os
import secrets
import socket
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from highroller.web import clock
from highroller.web.bots.thinking import Job, play_move, start_worker
from highroller.web.http.logs import configured
from highroller.web.metrics.registry import bot_moved
from highroller.web.store.database import Store
from highroller.web.store.rows import Claim

log = logging.getLogger(__name__)

IDLE_POLL = 2.0
"""Longest sleep without news: the database is asked what is due at least this often."""


@dataclass(frozen=True)
class Workers:
    """A pool of worker processes: what it is for ("bots" play moves, "advice" works out hints, each
    in its own pool so neither holds up the other), how many, their priority, and whether they leave
    first-time work (compiling) to the warm-up process (`highroller.core.firsttime`)."""

    purpose: str
    processes: int
    nice: int
    idle: bool
    defer: bool


_pools: dict[Workers, ProcessPoolExecutor] = {}


def worker_pool(workers: Workers) -> ProcessPoolExecutor:
    """The pool of these worker processes, shared by everything of this process that asks for the same.
    Workers start from a clean interpreter (forkserver), not from a copy of the server."""
    pool = _pools.get(workers)
    if pool is None:
        context = multiprocessing.get_context("forkserver")
        pool = _pools[workers] = ProcessPoolExecutor(
            workers.processes,
            mp_context=context,
            initializer=start_worker,
            initargs=(workers.nice, workers.idle, os.getpid(), workers.defer, configured()),
        )
    return pool


def _discard_pool(pool: ProcessPoolExecutor) -> None:
    """Forget a broken pool (the next move starts a new one)."""
    for key, known in list(_pools.items()):
        if known is pool:
            del _pools[key]
    pool.shutdown(wait=False, cancel_futures=True)


@atexit.register
def _shutdown_pools() -> None:
    for pool in _pools.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _pools.clear()


class Dispatcher:
    """Keeps up to `processes` automatic moves thinking at once, claimed from the store."""

    def __init__(
        self,
        store: Store,
        database: str,
        processes: int,
        *,
        nice: int = 10,
        idle: bool = True,
        defer: bool = False,
        lease: float = 30.0,
        on_played: Callable[[str], None] | None = None,
    ) -> None:
        self.store = store
        self.database = database
        self.processes = processes
        self.workers = Workers("bots", processes, nice, idle, defer)
        self.lease = lease
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self._on_played = on_played
        self._thinking: dict[str, Future[tuple[str, str]]] = {}
        self._wake = asyncio.Event()
        self._next = 0.0

    def expect(self, due: float | None) -> None:
        """A change says a move falls due at `due`: look then (or now) rather than at the next poll."""
        if due is not None and due < self._next:
            self._next = due
            self._wake.set()

    async def run(self) -> None:
        """Claim and play due moves until cancelled."""
        loop = asyncio.get_running_loop()
        while True:
            self._wake.clear()  # from here on, a finished move or a new due time wakes the next sleep
            free = self.processes - len(self._thinking)
            claims: list[Claim] = []
            if free > 0:
                try:
                    claims = await asyncio.to_thread(self.store.claim_due, self.owner, free, self.lease)
                except Exception:
                    log.exception("claiming bot moves failed")
            for claim in claims:
                self._start(claim, loop)
            if len(claims) == free > 0:
                continue  # every slot is busy now, or there may be more due: claim again after a yield
            await self._sleep(free - len(claims) > 0)

    async def _sleep(self, has_room: bool) -> None:
        """Until a move finishes, a change announces something due, or the next known due time."""
        now = clock.now()
        until = now + IDLE_POLL
        if has_room:
            try:
                known = await asyncio.to_thread(self.store.next_due)
            except Exception:
                known = None
            if known is not None:
                until = min(until, max(known, now + 0.02))
        self._next = until
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), max(0.0, until - clock.now()))

    def _start(self, claim: Claim, loop: asyncio.AbstractEventLoop) -> None:
        job = Job(database=self.database, claim=claim, owner=self.owner)
        started = time.perf_counter()
        pool = worker_pool(self.workers)
        try:
            future = pool.submit(play_move, job)
        except (BrokenProcessPool, RuntimeError):
            _discard_pool(pool)
            pool = worker_pool(self.workers)
            future = pool.submit(play_move, job)
        self._thinking[claim.table_id] = future
        future.add_done_callback(lambda done: self._report(loop, claim, pool, done, started))

    def _report(
        self,
        loop: asyncio.AbstractEventLoop,
        claim: Claim,
        pool: ProcessPoolExecutor,
        future: Future[tuple[str, str]],
        started: float,
    ) -> None:
        """Hand a finished move back to the dispatcher's loop (from the pool's thread)."""
        # A closed loop (the server stopped while the bot thought) refuses: the move is stored, or its lease
        # ends and another worker plays it.
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self._finished, claim, pool, future, started)

    def _finished(
        self, claim: Claim, pool: ProcessPoolExecutor, future: Future[tuple[str, str]], started: float
    ) -> None:
        self._thinking.pop(claim.table_id, None)
        self._wake.set()
        try:
            outcome, level = future.result()
        except BrokenProcessPool:
            log.error("a bot worker process died; table %s will be claimed again when its lease ends", claim.table_id)
            _discard_pool(pool)
            return
        except Exception:
            log.exception("a bot move failed at table %s", claim.table_id)
            return
        if outcome == "played":
            bot_moved(level, time.perf_counter() - started)
            if self._on_played is not None:
                self._on_played(claim.table_id)
