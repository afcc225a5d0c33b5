"""Who is at a table: each seat's person online, away or offline, and how many people watch.

A connection — an open WebSocket, or a long poll while it waits — holding seats counts for them; one
holding none is a watcher. A seat is online while a connection holds it with its page visible, away
while connections hold it but every one reports its page hidden, offline without any. Each server
process counts its own connections in memory. With other processes on the same database
(PostgreSQL) it also stores its counts for a table in `hr_presence` whenever they change (a
connection comes or goes, a page is shown or hidden: never per message), announces the change as
table changes are announced so every process tells its watchers, and refreshes its rows every
`HEARTBEAT` seconds: the rows of a process that died stop counting `EXPIRY` seconds after its last
heartbeat.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass

from highroller.web import clock
from highroller.web.store.database import Store
from highroller.web.store.rows import WATCHING, PresenceCount

log = logging.getLogger(__name__)

HEARTBEAT = 20.0
"""Seconds between two refreshes of a process's presence rows."""
EXPIRY = 60.0
"""Seconds after its last refresh that a process's presence rows stop counting (it is gone)."""
LINGER = 5.0
"""Seconds a long poll still counts after it returns, so a client that polls again is never seen leaving."""


@dataclass
class _Connection:
    """One connection of this process to a table (a long poll's: every poll of the same client)."""

    held: tuple[int, ...]
    visible: bool
    polls: int = 0


@dataclass(frozen=True)
class Seen:
    """A table's presence: per seat, how many connections hold it and how many of those show the page;
    `watchers`, the connections that hold no seat."""

    seats: dict[int, tuple[int, int]]
    watchers: int

    def status(self, seat: int) -> str:
        """ "online", "away" or "offline" (a bot's seat is the caller's to tell)."""
        visible, connections = self.seats.get(seat, (0, 0))
        return "online" if visible else "away" if connections else "offline"

    def summary(self) -> tuple[object, ...]:
        """What the page shows of it: the status of each held seat and the watchers."""
        return (tuple(sorted((seat, self.status(seat)) for seat in self.seats)), self.watchers)


def _seen(counts: Sequence[PresenceCount]) -> Seen:
    seats: dict[int, tuple[int, int]] = {}
    for count in counts:
        visible, connections = seats.get(count.seat, (0, 0))
        seats[count.seat] = (visible + count.visible, connections + count.connections)
    watchers = seats.pop(WATCHING, (0, 0))[1]
    return Seen({seat: value for seat, value in seats.items() if value[1]}, watchers)


class Presence:
    """The connections of this process to each table, and (on a shared store) those of the other
    processes; `on_change(table_id)` is told when what the page shows of a table's presence changed."""

    def __init__(self, store: Store, on_change: Callable[[str], None]) -> None:
        self.store = store
        self.process = secrets.token_hex(8)
        """This process's name in `hr_presence` (new at every start: a restarted process is another)."""
        self._on_change = on_change
        self._local: dict[str, dict[Hashable, _Connection]] = {}
        self._remote: dict[str, list[PresenceCount]] = {}
        self._unwritten: set[str] = set()
        self._writer: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ reading
    def counts(self, table_id: str) -> list[PresenceCount]:
        """This process's connections to the table, per seat held (`WATCHING`: holding none)."""
        totals: dict[int, list[int]] = {}
        for connection in self._local.get(table_id, {}).values():
            for seat in connection.held or (WATCHING,):
                total = totals.setdefault(seat, [0, 0])
                total[0] += int(connection.visible)
                total[1] += 1
        return [PresenceCount(seat, visible, connections) for seat, (visible, connections) in sorted(totals.items())]

    def seen(self, table_id: str) -> Seen:
        """The table's presence in every process."""
        return _seen([*self.counts(table_id), *self._remote.get(table_id, ())])

    async def seat_status(self, table_id: str, seat: int) -> str:
        """The seat's "online", "away" or "offline" in every process, the others' connections read from
        the store now (for a table this process need not hold)."""
        remote = (
            await asyncio.to_thread(self.store.presence_of, table_id, self.process, clock.now() - EXPIRY)
            if self.store.shared
            else []
        )
        return _seen([*self.counts(table_id), *remote]).status(seat)

    # ------------------------------------------------------------------ this process's connections
    def enter(self, table_id: str, key: Hashable, held: tuple[int, ...], visible: bool = True) -> None:
        """A connection (`key`) holding `held` seats (none: a watcher) opened."""
        with self._changing(table_id) as connections:
            connections[key] = _Connection(held, visible)

    def show(self, table_id: str, key: Hashable, visible: bool) -> None:
        """A connection's page was shown or hidden."""
        with self._changing(table_id) as connections:
            if key in connections:
                connections[key].visible = visible

    def leave(self, table_id: str, key: Hashable) -> None:
        """A connection closed."""
        with self._changing(table_id) as connections:
            connections.pop(key, None)

    @contextlib.contextmanager
    def polling(self, table_id: str, key: Hashable, held: tuple[int, ...]) -> Iterator[None]:
        """A long poll of the client `key` waits: it counts as one connection while any of its polls
        waits and for `LINGER` seconds after."""
        connection = self._local.get(table_id, {}).get(key)
        if connection is None:
            self.enter(table_id, key, held)
            connection = self._local[table_id][key]
        connection.polls += 1
        try:
            yield
        finally:
            asyncio.get_running_loop().call_later(LINGER, self._poll_over, table_id, key, connection)

    def _poll_over(self, table_id: str, key: Hashable, connection: _Connection) -> None:
        connection.polls -= 1
        if not connection.polls and self._local.get(table_id, {}).get(key) is connection:
            self.leave(table_id, key)

    @contextlib.contextmanager
    def _changing(self, table_id: str) -> Iterator[dict[Hashable, _Connection]]:
        """Change this process's connections to the table; then store the counts if they changed (on
        a shared store) and tell `on_change` if what the page shows changed."""
        before, counts = self.seen(table_id).summary(), self.counts(table_id)
        connections = self._local.setdefault(table_id, {})
        yield connections
        if not connections:
            del self._local[table_id]
        if self.store.shared and self.counts(table_id) != counts:
            self._unwritten.add(table_id)
            if self._writer is None or self._writer.done():
                self._writer = asyncio.get_running_loop().create_task(self._write())
        if self.seen(table_id).summary() != before:
            self._on_change(table_id)

    async def _write(self) -> None:
        """Store this process's counts of every table whose counts changed, one table at a time (so
        the last write of a table is its latest counts)."""
        while self._unwritten:
            table_id = self._unwritten.pop()
            try:
                await asyncio.to_thread(
                    self.store.put_presence, table_id, self.process, self.counts(table_id), clock.now()
                )
            except Exception:
                log.exception("storing who is at table %s failed", table_id)

    # ------------------------------------------------------------------ other processes
    async def load(self, table_id: str) -> None:
        """Read the other processes' connections to the table (when it is loaded here, or they changed)."""
        if not self.store.shared:
            return
        before = self.seen(table_id).summary()
        counts = await asyncio.to_thread(self.store.presence_of, table_id, self.process, clock.now() - EXPIRY)
        if counts:
            self._remote[table_id] = counts
        else:
            self._remote.pop(table_id, None)
        if self.seen(table_id).summary() != before:
            self._on_change(table_id)

    def forget(self, table_id: str) -> None:
        """The table is no longer held here: drop what is known of the other processes' connections."""
        self._remote.pop(table_id, None)

    async def keep_alive(self) -> None:
        """Every `HEARTBEAT` seconds, refresh this process's rows and delete those of processes gone
        (which announces the tables they were at)."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            try:
                now = clock.now()
                await asyncio.to_thread(self.store.keep_presence, self.process, now, now - EXPIRY)
            except Exception:
                log.exception("refreshing who is at the tables failed")
