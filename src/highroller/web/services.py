"""The background work of a server process, started and stopped with the app: hearing other
processes' changes (PostgreSQL), claiming and playing bot moves, deleting expired tables, and the
games' warm-up (`warmup`: its bot processes play bots and work out advice)."""

from __future__ import annotations

import asyncio
import logging
import math
from multiprocessing.process import BaseProcess

from highroller.web import clock
from highroller.web.bots.botwork import Dispatcher
from highroller.web.bots.hints import Hints
from highroller.web.bots.replays import Replays
from highroller.web.bots.warmup import start_warm_up
from highroller.web.chat.chat_notices import keep_telling_chat
from highroller.web.history.backfill import backfill
from highroller.web.http.loopwatch import LoopWatch
from highroller.web.learn.service import Lessons
from highroller.web.metrics.registry import warm_up_off
from highroller.web.moderation.standing import Standing
from highroller.web.people.notifier import keep_notifying
from highroller.web.ratings.rating_keeper import keep_ratings
from highroller.web.settings import Settings
from highroller.web.store.changes import GONE, Change
from highroller.web.store.database import Store
from highroller.web.store.dialects import PostgresStore
from highroller.web.store.listen import listen
from highroller.web.tables.held_tables import Tables

log = logging.getLogger(__name__)

STOP_WAIT = 10.0
"""Seconds a stopping server waits for its own tasks to end once cancelled."""


RESYNC_EVERY = 5.0
"""Seconds between two checks that the watched tables are current (with other processes about)."""

JOINS_KEPT = 3600.0
"""Seconds the count of seats taken is kept (the join quota looks back a minute)."""


async def keep_watched_current(tables: Tables) -> None:
    """Every `RESYNC_EVERY` seconds, catch up any watched table a lost notification left behind."""
    while True:
        await asyncio.sleep(RESYNC_EVERY)
        try:
            await tables.resync_watched()
        except Exception:
            log.exception("checking the watched tables failed")


async def housekeeping(store: Store, settings: Settings, tables: Tables) -> None:
    """Every `housekeeping_every` seconds, delete tables nobody started in time and finished games
    past their keeping time (a game in progress is never deleted: one without a turn timer that nobody
    played at for `untimed_expiry` is played to its end by the stand-in)."""
    while True:
        await asyncio.sleep(settings.housekeeping_every)
        await expire_once(store, settings, tables)


async def expire_once(store: Store, settings: Settings, tables: Tables) -> list[str]:
    """One housekeeping pass; the ids of the tables deleted (the count of seats taken is pruned too)."""
    now = clock.now()
    unstarted = now - settings.unstarted_expiry if settings.unstarted_expiry else -math.inf
    finished = now - settings.keep_finished if settings.keep_finished else -math.inf
    try:
        gone = await asyncio.to_thread(store.expire, unstarted, finished, now - JOINS_KEPT)
    except Exception:
        log.exception("deleting expired tables failed")
        return []
    for table_id in gone:
        tables.changed(Change(table_id, GONE))
    if settings.untimed_expiry:
        try:
            await tables.play_out_idle(now - settings.untimed_expiry)
        except Exception:
            log.exception("handing idle games to the stand-in failed")
    return gone


class Services:
    """The tables of one server process and the tasks that keep them moving."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.dispatcher = (
            Dispatcher(
                store,
                store.location,
                settings.bot_processes,
                nice=settings.bot_nice,
                idle=settings.bot_idle,
                defer=settings.warm_up,
                lease=settings.lease,
                on_played=self._played,
            )
            if settings.bot_processes
            else None
        )
        self.tables = Tables(
            store, settings, self.dispatcher.expect if self.dispatcher else lambda due: None, warming=self.warming_up
        )
        self.standing = Standing(store, self.tables)
        """The host's bans and read-only mode, as this process knows them."""
        self.tables.opening = self.standing.check_open
        self.hints = Hints(store.location, settings)
        self.replays = Replays(store.location, self.hints.workers)
        self.lessons = Lessons(self.hints.workers)
        self._tasks: list[asyncio.Task[None]] = []
        self.warming: BaseProcess | None = None
        self.loop_watch = LoopWatch(settings.loop_warning)

    def warming_up(self) -> bool:
        """Whether this process's warm-up (compiling what bots and advice run) still runs."""
        return self.warming is not None and self.warming.is_alive()

    def _played(self, table_id: str) -> None:
        if not self.store.shared:  # PostgreSQL tells every process itself
            self.tables.look(table_id)

    def start(self) -> None:
        spawn = asyncio.get_running_loop().create_task
        if isinstance(self.store, PostgresStore):
            self._tasks.append(spawn(listen(self.store.url, self.tables.changed, self.tables.resync)))
            self._tasks.append(spawn(keep_watched_current(self.tables)))
            self._tasks.append(spawn(self.tables.presence.keep_alive()))
        if self.dispatcher is not None:
            self._tasks.append(spawn(self.dispatcher.run()))
        self._tasks.append(spawn(housekeeping(self.store, self.settings, self.tables)))
        self._tasks.append(spawn(self.standing.keep_current()))
        self._tasks.append(spawn(keep_notifying(self.store, self.settings, self.tables.presence)))
        if self.settings.chat:
            self._tasks.append(spawn(keep_telling_chat(self.store, self.settings, self.tables.presence)))
        self._tasks.append(spawn(keep_ratings(self.store, self.tables)))
        self._tasks.append(spawn(backfill(self.store)))
        if self.settings.warm_up:
            self.warming = start_warm_up(self.settings.bot_nice, self.settings.bot_idle)
        else:
            warm_up_off()

    async def stop(self) -> None:
        """Cancel the server's own tasks and wait for them, at most `STOP_WAIT` seconds: a task that
        does not end by then (one stuck on its database) is named in the log and left behind, so a
        server always stops."""
        self.loop_watch.stop()
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            done, stuck = await asyncio.wait(self._tasks, timeout=STOP_WAIT)
            for task in done:
                if not task.cancelled():
                    task.exception()  # read, so that an error it ended with is not reported as never retrieved
            for task in stuck:
                log.warning(
                    "the task %s did not stop within %.0f s of being cancelled; stopping without it",
                    task.get_coro(),
                    STOP_WAIT,
                )
        self._tasks.clear()
        if self.warming is not None and self.warming.is_alive():
            self.warming.terminate()
