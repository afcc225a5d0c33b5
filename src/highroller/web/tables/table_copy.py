"""A copy of one table kept true to the store: the stored header and seats, the engine state, the last
lines of its log, and the connections watching it.

The store is the only truth. A `TableCopy` is made from what `highroller.web.tables.table_load` reads (the
table's checkpoint and the steps after it, the last log lines as stored) and catches up with the steps
other processes (or bot workers) store, from the notification that carries them or by reading the
store in a thread, and tells the connections watching it. It checkpoints its state now and then
(`highroller.web.tables.checkpoints`). What the people at it see of it is
`highroller.web.tables.seated_copy`; the changes they make to it, `highroller.web.tables.live_table.Table`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from highroller.core.state import State
from highroller.web.http.errors import Refused
from highroller.web.store.changes import Change
from highroller.web.store.database import Store
from highroller.web.store.rows import UNDO, SeatChange, StepLines, TableRow
from highroller.web.tables.checkpoints import EVERY, due
from highroller.web.tables.table_load import Loaded, keep_checkpoint, load_copy
from highroller.web.tables.table_log import apply_steps, step_narrator
from highroller.web.tables.table_summary import open_seats
from highroller.web.tables.turns import seat_name

log = logging.getLogger(__name__)

OUTBOX = 64
"""Direct replies a connection may have waiting to be sent."""

WEIGHT_BASE = 20_000
WEIGHT_STEP = 250
WEIGHT_LINE = 800
"""Bytes of memory a table copy holds, about: for itself, for each step played, for each log line
kept (measured by `benchmarks/table_load.py`)."""

_writing: set[asyncio.Task[None]] = set()
"""Checkpoints being stored (kept here until done, so none is dropped half-way)."""

Ahead = tuple[TableRow, State, list[StepLines], list[SeatChange]]
"""What the store holds beyond a table copy: the table now, the copy's state with the new steps
applied, the new steps' log lines and the new seat changes."""


Expect = Callable[[float | None], None]


class Subscriber:
    """One open connection watching a table: the seats its token holds (none: a spectator; several: a
    hot-seat table's one device) and what it still has to hear."""

    def __init__(self, held: tuple[int, ...], lang: str = "en") -> None:
        self.held = held
        self.lang = lang
        self.log_seen = 0
        self.log_epoch = -1
        self.dirty = True
        self.outbox: list[dict[str, Any]] = []
        self.wake = asyncio.Event()
        self.wake.set()

    def changed(self) -> None:
        self.dirty = True
        self.wake.set()

    def say(self, message: dict[str, Any]) -> None:
        """Queue a direct reply (dropped if the client has not read the last `OUTBOX` ones)."""
        if len(self.outbox) < OUTBOX:
            self.outbox.append(message)
        self.wake.set()


class TableCopy:
    """One table as this process holds it: the stored header and seats, the engine state, the log in
    words, and who watches."""

    def __init__(self, loaded: Loaded, store: Store, expect: Expect) -> None:
        """`loaded`: what the table is made of (`highroller.web.tables.table_load`); `expect(due)` is told
        when an automatic move falls due."""
        row = loaded.row
        self.id = row.id
        self.game = loaded.game
        self.seed = row.seed
        self.created = row.created
        self._store = store
        self._expect = expect
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self._changed = asyncio.Event()
        self._waiters = 0
        self._refreshing = False
        self._asked = 0
        self.behind = False
        """Another process changed the table while nobody watched it here: catch up before use."""
        self.log_epoch = 0
        """Bumped whenever lines already told may read differently (steps taken back, a seat renamed):
        the connections are sent the kept lines again."""
        self.gone = False
        self._rebuild(loaded)

    # ------------------------------------------------------------------ following the store
    def _header(self, row: TableRow) -> None:
        self.seats = row.seats
        self.rematch = row.rematch
        self.revision = row.revision
        self.timer = row.timer
        self.stand_in = row.stand_in
        self.hints = row.hints
        self.real_dice = row.real_dice
        self.bot_delay = row.bot_delay
        self.due = row.due
        self.waiting_since = row.waiting_since
        self.bank = row.bank
        self.rated = row.rated

    def _rebuild(self, loaded: Loaded) -> None:
        """Everything from what was loaded."""
        self._header(loaded.row)
        self.changes: list[SeatChange] = list(loaded.row.changes)
        self.state = loaded.state
        self.window = loaded.window
        self.checkpointed = loaded.checkpointed
        self.log_epoch += 1
        self._keep_checkpoint()

    def _follow(self, first: int, state: State, made: list[StepLines], changes: list[SeatChange]) -> None:
        """Take a state that went on from step `first` with the new steps' log lines and seat changes."""
        self.state = state
        self.changes.extend(changes)
        self.window.extend(first, made, changes, self.seats, self.stand_in)
        self._keep_checkpoint()

    def _keep_checkpoint(self) -> None:
        """Store a checkpoint of the state in a thread when one is due (`highroller.web.tables.checkpoints.due`)."""
        if not due(self.version, self.checkpointed, self.finished) or self.gone:
            return
        self.checkpointed = self.version
        copy, revision = self.state.clone(), self.revision
        task = asyncio.get_running_loop().create_task(
            asyncio.to_thread(keep_checkpoint, self._store, self.id, copy, revision)
        )
        _writing.add(task)
        task.add_done_callback(_written)

    async def catch_up(self) -> None:
        """Take in what other processes stored since this copy was made (call with the lock held), and
        tell the watchers if there was any: whatever made this copy look (a refused action, a long poll
        past it, a request from another process's client), the notification that follows finds nothing
        new and tells nobody. The store is read, and the steps applied, in a thread."""
        names, before, first = self.names(), self.revision, self.version
        known = {(c.revision, c.seat) for c in self.changes}
        ahead = await asyncio.to_thread(self._ahead, self.state.clone(), known)
        if ahead is None:
            self.gone = True
            raise Refused("this table no longer exists", 404, "no-table")
        if isinstance(ahead, Loaded):
            self._rebuild(ahead)
        else:
            row, state, made, changes = ahead
            self._header(row)
            self._follow(first, state, made, changes)
        if self.names() != names:
            self.log_epoch += 1  # the lines told so far name a seat otherwise now
        if self.revision != before:
            self._announce()

    def _ahead(self, state: State, known: set[tuple[int, int]]) -> Ahead | Loaded | None:
        """(In a thread.) What the store holds beyond this copy, applied to `state` (a copy of this
        copy's); the table loaded afresh when steps were taken back or many were played; None if the
        table is gone."""
        first = len(state.history)
        row = self._store.load_table(self.id, first)
        if row is None:
            return None
        undone = any(c.change == UNDO and (c.revision, c.seat) not in known for c in row.changes)
        if row.version < first or undone or row.version - first > EVERY:
            return load_copy(self._store, self.id)
        made = apply_steps(state, row.steps, row.lines, step_narrator(self.game.name, len(row.seats)))
        return row, state, made, [c for c in row.changes if (c.revision, c.seat) not in known]

    async def refresh(self, change: Change | None = None) -> None:
        """Catch up if the store is ahead of this copy (past `change`, or look), then tell the
        watchers. Calls made while one runs make it look once more rather than run beside it."""
        self._asked += 1
        if self._refreshing:
            return
        self._refreshing = True
        try:
            while True:
                asked = self._asked
                async with self.lock:
                    if (
                        change is not None
                        and change.steps
                        and change.revision == self.revision + 1
                        and change.first == self.version
                    ):
                        # the notification carried the steps (and, as a rule, their lines): no need to read them
                        narrator = step_narrator(self.game.name, len(self.seats))
                        made = apply_steps(self.state, change.steps, change.lines, narrator)
                        self.revision, self.due = change.revision, change.due
                        self._follow(change.first, self.state, made, [])
                        self._announce()
                    elif change is None or change.revision > self.revision:
                        await self.catch_up()
                if self._asked == asked:
                    return
                change = None
        except Refused:
            self._announce()
        except Exception:
            log.exception("catching up table %s failed", self.id)
        finally:
            self._refreshing = False

    async def follow_if_behind(self) -> None:
        """Catch up if the store changed while nobody here watched this copy (see `Tables.changed`)."""
        if self.behind:
            self.behind = False
            await self.refresh()

    async def watch(self, subscriber: Subscriber) -> None:
        """Let a connection watch this table: from now on it hears every change. A change told while
        the connection was still greeting found the table unwatched and only marked it behind: catch
        up with it now, or the connection would be sent a state the table has left."""
        self.subscribers.add(subscriber)
        try:
            await self.follow_if_behind()
        except BaseException:
            self.subscribers.discard(subscriber)
            raise

    async def fresh(self) -> None:
        """Make sure this copy is current when another process may have changed the table (a cheap
        revision check; used before answering a request, as clients need no sticky sessions)."""
        if self._store.shared and await asyncio.to_thread(self._store.revision, self.id) != self.revision:
            async with self.lock:
                await self.catch_up()

    # ------------------------------------------------------------------ reading
    def names(self) -> list[str]:
        return [seat_name(row) for row in self.seats]

    @property
    def version(self) -> int:
        """The number of steps played: a client's action must name the version it saw."""
        return len(self.state.history)

    @property
    def started(self) -> bool:
        """Play starts once every seat has a person or a bot."""
        return not open_seats(self.seats)

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    @property
    def has_bots(self) -> bool:
        """Whether a bot plays one of the seats (what the bot quotas count)."""
        return any(row.bot is not None for row in self.seats)

    def open_seats(self) -> list[int]:
        return open_seats(self.seats)

    async def wait_change(self, version: int, timeout: float) -> None:
        """Return when the version differs from `version`, or after `timeout` seconds."""
        if version > self.version:
            async with self.lock:
                await self.catch_up()
        if self.version != version:
            return
        self._waiters += 1
        try:
            await self.follow_if_behind()  # a change told before this wait counted as watching
            if self.version == version:
                await asyncio.wait_for(self._changed.wait(), timeout)
        except TimeoutError:
            pass
        finally:
            self._waiters -= 1

    # ------------------------------------------------------------------ telling the watchers
    def presence_changed(self) -> None:
        """Who is at the table changed: tell the connections watching it (a long poll waits for moves only)."""
        for subscriber in self.subscribers:
            subscriber.changed()

    def _announce(self) -> None:
        for subscriber in self.subscribers:
            if self.gone:
                subscriber.say({"type": "error", "error": "this table no longer exists", "code": "no-table"})
            else:
                subscriber.changed()
        self._changed.set()
        self._changed = asyncio.Event()

    @property
    def weight(self) -> int:
        """About how many bytes of memory this copy holds (`WEIGHT_*`): what the table cache counts."""
        return WEIGHT_BASE + WEIGHT_STEP * self.version + WEIGHT_LINE * len(self.window.lines)

    @property
    def idle(self) -> bool:
        """Nobody is watching and nothing is under way: safe to drop from memory."""
        return not self.subscribers and not self._waiters and not self.lock.locked() and not self._refreshing


def _written(task: asyncio.Task[None]) -> None:
    """A checkpoint stored, or failed to be (logged: the table is replayed from its steps until the next)."""
    _writing.discard(task)
    if not task.cancelled() and task.exception() is not None:
        log.error("storing a checkpoint failed", exc_info=task.exception())
