"""Telling people on their phones that it is their move: the loop every server process runs
(`keep_notifying`), pushing to the devices a profile subscribed (`highroller.web.people.push_sending`).

Two events are notified, each once for a table's current `version` and the seat whose move it is
(`hr_tables.waiting`, a person's seat held with a profile that has subscribed devices):

- "turn": the move is theirs and no page of theirs is open on the table (no connection of any
  process holds the seat). If a page held the seat during the move, they saw the move come; they are
  told only once no page has held it for `GRACE` seconds: closing the page without playing leaves the
  move theirs and easy to forget, while a reload, a dropped connection or a glance at another app sends
  nothing. A move that fell to them with no page open is told at the next look (within `EVERY` s).
- "reminder": at a table whose moves are long (at least `LONG_MOVE` from `waiting_since` to `due`),
  less than `REMINDER_PART` of the move's time is left before the stand-in plays it, and no page shows
  the seat (a hidden tab shows no clock, so its person is reminded too). When both fall due in one
  look, the reminder alone is sent: it says what "turn" would, and how little time is left.

Each process looks every `EVERY` seconds (two indexed queries when nothing is due) and records an
event by inserting its row in `hr_notices`, with its notification to each of the profile's devices in
the same transaction (`highroller.web.people.outbox`): however many processes run, one records each event.
An event held back because a page holds the seat is not recorded: it is looked at again. Then the
process leases as many notifications due as it has senders free (those it just recorded, or others:
tried again after a failure that may pass, or left by a process that stopped) and sends each in a
task of its own, so a slow push service never holds the next look. Each is recorded sent once the
push service took it, or failed with the reason; just before each attempt, one whose move was played
or whose table finished meanwhile is recorded failed, not sent. Every `PRUNE_EVERY` seconds the notes
older than `KEEP` seconds of finished or deleted tables, and of moves since played, are deleted, and
the notifications settled more than `outbox.KEPT` seconds ago.

An invitation to a table is notified too: recorded due to the invitee's devices when it is sent
(`highroller.web.people.invitations`), and sent here like the others.

A notification says only what every seat and watcher of the table sees: the game's title, the table's
id, the other players' names and the time left — in the profile's language.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import secrets
import socket
from collections.abc import Sequence
from dataclasses import dataclass

from highroller.core.words import Words
from highroller.registry import game_spec, words_of
from highroller.web import clock
from highroller.web.http.catalog import web_words
from highroller.web.metrics import registry as metrics
from highroller.web.people import outbox
from highroller.web.people.invitations import INVITE, prepared_invitation
from highroller.web.people.outbox import Delivery
from highroller.web.people.profiles import profile_by_id
from highroller.web.people.push_sending import SENDERS, Notice, Outcome, Pusher
from highroller.web.people.push_subscriptions import Subscription
from highroller.web.settings import DAY, Settings
from highroller.web.store.database import Store
from highroller.web.store.rows import SeatRow
from highroller.web.tables.presence import Presence
from highroller.web.tables.turns import seat_name

log = logging.getLogger(__name__)

EVERY = 2.0
"""Seconds between two looks for notifications due."""
GRACE = 30.0
"""Seconds no page may have held a seat during its move before its person is told it is theirs."""
LONG_MOVE = 3600.0
"""The shortest move time (from the move falling to a person to the stand-in playing it) that is reminded."""
REMINDER_PART = 0.1
"""The part of a long move's time left when its person is reminded."""
PRUNE_EVERY = 600.0
"""Seconds between two prunings of the notes of notifications sent."""
KEEP = 3600.0
"""Seconds a note of a notification is kept at least (the current move's are kept while it lasts)."""
HOUR = 3600.0
WEEK = 7 * DAY
TURN = "turn"
REMINDER = "reminder"


def _noted(kind: str) -> str:
    return (
        f"EXISTS (SELECT 1 FROM hr_notices n WHERE n.table_id = t.id AND n.version = t.version AND n.seat = t.waiting "
        f"AND n.kind = '{kind}')"
    )


_REMINDER_DUE = (
    f"(t.due IS NOT NULL AND t.due - t.waiting_since >= ? AND t.due > ? AND t.due - ? < (t.due - t.waiting_since) * ? "
    f"AND NOT {_noted(REMINDER)})"
)

_PENDING = (
    f"SELECT t.id, t.version, t.waiting, s.profile_id, {_noted(TURN)}, {_REMINDER_DUE}"
    " FROM hr_tables t JOIN hr_seats s ON s.table_id = t.id AND s.seat = t.waiting"
    " WHERE t.waiting >= 0 AND +t.finished = 0 AND t.waiting_since IS NOT NULL AND s.profile_id IS NOT NULL"
    " AND EXISTS (SELECT 1 FROM hr_push p WHERE p.profile_id = s.profile_id)"
    f" AND (NOT {_noted(TURN)} OR {_REMINDER_DUE})"
)
"""The moves with a notification to send, or held back while a page holds the seat: found on the
`waiting` index (the unary + keeps SQLite from choosing the index of unfinished tables instead)."""

_CLAIM = (
    "INSERT INTO hr_notices (table_id, version, seat, kind, at) SELECT id, version, waiting, ?, ? FROM hr_tables"
    " WHERE id = ? AND version = ? AND waiting = ? AND finished = 0 ON CONFLICT (table_id, version, seat, kind) DO "
    "NOTHING RETURNING kind"
)
"""Note an event, if the move is still on and no process noted it first."""


@dataclass(frozen=True)
class Move:
    """A person's move with a notification to send: the table, its version, the seat, the profile, and
    which events are still to send."""

    table_id: str
    version: int
    seat: int
    profile_id: str
    turn: bool
    reminder: bool

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.table_id, self.version, self.seat)


def pending_moves(store: Store, now: float) -> list[Move]:
    """The moves with an event to send now (one query, on the `waiting` index)."""
    due = (LONG_MOVE, now, now, REMINDER_PART)
    with store.transaction() as cursor:
        rows = store.run(cursor, _PENDING, (*due, *due)).fetchall()
    return [Move(row[0], int(row[1]), int(row[2]), row[3], turn=not row[4], reminder=bool(row[5])) for row in rows]


def claim(store: Store, events: Sequence[tuple[Move, str]], now: float) -> list[tuple[Move, str]]:
    """Note the events, each with its notification due to the profile's devices (but a turn noted with
    a reminder, which says it); those this call noted (another process may have noted some first)."""
    won = []
    with store.transaction(write=True) as cursor:
        for move, kind in sorted(
            events, key=lambda event: (*event[0].key, event[1])
        ):  # one order in every process: no deadlock
            if store.run(cursor, _CLAIM, (kind, now, move.table_id, move.version, move.seat)).fetchone() is not None:
                won.append((move, kind))
        reminded = {move.key for move, kind in won if kind == REMINDER}
        for move, kind in won:
            if kind == REMINDER or move.key not in reminded:
                outbox.record_due(store, cursor, (*move.key, kind), move.profile_id, now)
    return won


def prune_notices(store: Store, before: float) -> None:
    """Delete the notes made before `before` of tables deleted or finished, and of moves since played."""
    with store.transaction(write=True) as cursor:
        store.run(
            cursor,
            "DELETE FROM hr_notices WHERE at < ? AND NOT EXISTS"
            " (SELECT 1 FROM hr_tables t WHERE t.id = hr_notices.table_id AND t.finished = 0 AND t.version = "
            "hr_notices.version)",
            (before,),
        )


def time_left(seconds: float, w: Words) -> str:
    """A time left in words, rounded down: "3 days", "5 hours", "12 minutes"."""
    if seconds >= 2 * DAY:
        return w.plural(int(seconds // DAY), "{n} day", "{n} days")
    if seconds >= 2 * HOUR:
        return w.plural(int(seconds // HOUR), "{n} hour", "{n} hours")
    return w.plural(max(1, int(seconds // 60)), "{n} minute", "{n} minutes")


def move_notice(
    kind: str, game: str, table_id: str, others: Sequence[str], left: float | None, lang: str, origin: str, event: str
) -> Notice:
    """The notification of a move's event in `lang`: `others` are the other seats' names, `left` the
    seconds before the stand-in plays the move (None: no turn timer), `event` the event's topic."""
    w = web_words(lang)
    title = words_of(game, lang)(game_spec(game).title)
    where = (
        w("Table {table} with {players}", table=table_id, players=w.joined(list(others)))
        if others
        else w("Table {table}", table=table_id)
    )
    url, tag = f"{origin}/table/{table_id}", f"table-{table_id}"
    if left is None:
        return Notice(
            w("{game}: your move", game=title),
            w("{where} waits for your move.", where=where),
            url,
            tag,
            int(WEEK),
            event,
        )
    remaining = time_left(max(0.0, left), w)
    if kind == REMINDER:
        heading = w("{game}: {left} left", game=title, left=remaining)
        body = w("{where}: {left} left before a stand-in plays your move.", where=where, left=remaining)
    else:
        heading, body = (
            w("{game}: your move", game=title),
            w("{where}: {left} left for your move.", where=where, left=remaining),
        )
    return Notice(heading, body, url, tag, int(max(60.0, min(WEEK, left))), event)


class Notifier:
    """The notifications of one server process: `presence` knows its connections (and, on a shared
    store, reads the other processes'), `pusher` sends."""

    def __init__(self, store: Store, settings: Settings, presence: Presence, pusher: Pusher) -> None:
        self.store = store
        self.presence = presence
        self.pusher = pusher
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        """This notifier's name on the notifications it leases."""
        self._origin = (settings.public_origin or "").rstrip("/")
        self._held: dict[tuple[str, int, int], float] = {}
        """When a page last held the seat of each move not yet told, as this process saw it."""
        self._sending: set[asyncio.Task[int]] = set()

    async def notify_once(self) -> list[asyncio.Task[int]]:
        """One look: note the events due, lease notifications due for the senders free and start
        sending them; the sending tasks (each gives 1 if its device was reached, else 0)."""
        now = clock.now()
        moves = await asyncio.to_thread(pending_moves, self.store, now)
        ready: list[tuple[Move, str]] = []
        for move in moves:
            status = await self.presence.seat_status(move.table_id, move.seat)
            reminds = move.reminder and status != "online"
            if reminds:
                ready.append((move, REMINDER))
            if move.turn and status != "offline" and not reminds:
                self._held[move.key] = now
            elif move.turn and (reminds or now - self._held.get(move.key, -math.inf) >= GRACE):
                ready.append((move, TURN))  # with a reminder: noted, not sent (the reminder says it)
        looked = {move.key for move in moves}
        self._held = {key: at for key, at in self._held.items() if key in looked}
        if ready:
            await asyncio.to_thread(claim, self.store, ready, now)
        free = SENDERS - len(self._sending)
        leased = await asyncio.to_thread(outbox.lease, self.store, self.owner, free, now) if free > 0 else []
        tasks = []
        for delivery in leased:
            task = asyncio.get_running_loop().create_task(self._send(delivery))
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)
            tasks.append(task)
        return tasks

    def _prepared(self, delivery: Delivery) -> tuple[Subscription, Notice] | str:
        """The device and what to tell it now; or why it is not told (`outbox.MOVE_OVER`, `outbox.UNSUBSCRIBED`)."""
        if delivery.kind == INVITE:
            return prepared_invitation(self.store, delivery, self._origin)
        with self.store.transaction() as cursor:
            table = self.store.run(
                cursor,
                "SELECT game, due FROM hr_tables WHERE id = ? AND version = ? AND waiting = ? AND finished = 0",
                (delivery.table_id, delivery.version, delivery.seat),
            ).fetchone()
            keys = self.store.run(
                cursor,
                "SELECT p256dh, auth FROM hr_push WHERE endpoint = ? AND profile_id = ?",
                (delivery.endpoint, delivery.profile_id),
            ).fetchone()
            rows = self.store.run(
                cursor, "SELECT seat, name, bot FROM hr_seats WHERE table_id = ? ORDER BY seat", (delivery.table_id,)
            ).fetchall()
        if table is None:
            return outbox.MOVE_OVER
        profile = profile_by_id(self.store, delivery.profile_id)
        if keys is None or profile is None:
            return outbox.UNSUBSCRIBED
        others = [
            seat_name(SeatRow(seat=row[0], name=row[1], bot=row[2]), profile.language)
            for row in rows
            if row[0] != delivery.seat
        ]
        left = None if table[1] is None else float(table[1]) - clock.now()
        notice = move_notice(
            delivery.kind, table[0], delivery.table_id, others, left, profile.language, self._origin, delivery.topic
        )
        return Subscription(delivery.endpoint, keys[0], keys[1]), notice

    async def _send(self, delivery: Delivery) -> int:
        try:
            prepared = await asyncio.to_thread(self._prepared, delivery)
            outcome = Outcome(False, prepared) if isinstance(prepared, str) else await self.pusher.push(*prepared)
            state = await asyncio.to_thread(outbox.settle, self.store, delivery, self.owner, outcome, clock.now())
            settled = {outbox.SENT: "sent", outbox.DUE: "retried"}.get(state, "failed")
            metrics.notified("skipped" if isinstance(prepared, str) else settled)
            if state == outbox.FAILED and not isinstance(prepared, str):
                log.warning(
                    "the %s notification of table %s to a device failed after %d attempts: %s",
                    delivery.kind,
                    delivery.table_id,
                    delivery.attempt,
                    outcome.reason,
                )
            return int(outcome.delivered)
        except Exception:  # the lease runs out: another look tries it again
            log.exception("sending the %s notification of table %s failed", delivery.kind, delivery.table_id)
            return 0

    async def run(self) -> None:
        """Look every `EVERY` seconds, and prune every `PRUNE_EVERY`, until cancelled."""
        pruned = -math.inf
        try:
            while True:
                try:
                    await self.notify_once()
                    if clock.now() - pruned >= PRUNE_EVERY:
                        pruned = clock.now()
                        await asyncio.to_thread(prune_notices, self.store, pruned - KEEP)
                        await asyncio.to_thread(outbox.prune, self.store, pruned - outbox.KEPT)
                except Exception:
                    log.exception("looking for notifications to send failed")
                await asyncio.sleep(EVERY)
        finally:
            for task in self._sending:
                task.cancel()


async def keep_notifying(store: Store, settings: Settings, presence: Presence) -> None:
    """The server process's notifications of turns, until cancelled."""
    pusher = await asyncio.to_thread(Pusher, store, settings)
    await Notifier(store, settings, presence, pusher).run()
