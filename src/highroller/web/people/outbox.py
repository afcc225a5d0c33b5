"""The notifications due to each device (`hr_outbox`): recorded with their event, leased by one process
at a time, tried again while that may help, and recorded delivered or failed.

An event's notification is recorded due to each device its profile has subscribed in the transaction
that records the event (`hr_notices`), so a process that dies after recording it loses nothing. A
process takes a due notification with a lease (`lease_owner`, and `lease_until` `LEASE` seconds on),
counting the attempt, and records it `sent` only once the push service took it (2xx); one whose process
died is taken again by any process when its lease is over (its reason then says `LOST`). A failure
that may pass (a timeout, no connection, 429, 5xx) is tried again `FIRST_WAIT` · 2^(n−1) seconds after
the n-th attempt, or after the push service's `Retry-After` if that is longer, at most `ATTEMPTS`
times and within `GIVE_UP` seconds of the event; then, or at once for any other answer (404 and 410
forget the subscription too), it is recorded `failed` with the reason (`reason`: the last failure's),
the attempts made and when (`done`). The caller records a notification failed without sending it when
its move was played, its table finished or its device unsubscribed meanwhile (`MOVE_OVER`,
`UNSUBSCRIBED`). Records are deleted `KEPT` seconds after they were settled, and those of a deleted
profile at the next pruning.

A device may be told of an event twice: when the push service took a push but its answer was lost,
or came too late. Every push of one event carries the same `topic` (a push service keeps only the
newest push of one topic waiting for a device) and the same `tag` and event (the service worker
replaces the notification shown without alerting again).
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from typing import Any

from highroller.web.people.push_sending import Outcome
from highroller.web.settings import DAY
from highroller.web.store.database import Store

LEASE = 60.0
"""Seconds a process holds a notification it is sending (a push takes at most 15 s to connect and answer)."""
FIRST_WAIT = 5.0
"""Seconds before the second attempt; each later wait is twice the one before."""
ATTEMPTS = 8
"""Attempts at most (the waits between them add up to 635 s)."""
GIVE_UP = 3600.0
"""Seconds after its event that a notification is no longer tried."""
KEPT = DAY
"""Seconds a notification's record is kept once it was sent or failed."""
DUE, SENT, FAILED = "due", "sent", "failed"
MOVE_OVER = "move over"
"""Why a notification was not sent: its move was played, or its table finished, meanwhile."""
UNSUBSCRIBED = "unsubscribed"
"""Why a notification was not sent: the device was unsubscribed, or its profile deleted, meanwhile."""
LOST = "sender stopped"
"""The reason of a notification taken again after the lease of a process that stopped."""
TOO_LATE = "too late"
"""The reason of a notification no process could try before `GIVE_UP` (none was running)."""

_KEY = "table_id = ? AND version = ? AND seat = ? AND kind = ? AND endpoint = ?"
_TAKEABLE = "state = 'due' AND next_try <= ? AND (lease_until IS NULL OR lease_until <= ?)"
"""Due now, and leased by no process that may still be sending it (found on the `hr_outbox_due` index)."""


@dataclass(frozen=True)
class Delivery:
    """A notification leased to this process: its event (the table, its version, the seat on move and
    the kind of event), the device's endpoint and its profile, which attempt this is, and when the
    event was recorded."""

    table_id: str
    version: int
    seat: int
    kind: str
    endpoint: str
    profile_id: str
    attempt: int
    created: float

    @property
    def key(self) -> tuple[str, int, int, str, str]:
        return (self.table_id, self.version, self.seat, self.kind, self.endpoint)

    @property
    def topic(self) -> str:
        """The event's `Topic`: 32 characters of base64url that say nothing of the table."""
        return event_topic(self.table_id, self.version, self.seat, self.kind)


def event_topic(table_id: str, version: int, seat: int, kind: str) -> str:
    """An event's topic: the same for every push of it, to every device (RFC 8030: at most 32 base64url characters)."""
    digest = hashlib.sha256(f"{table_id}\x00{version}\x00{seat}\x00{kind}".encode()).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def record_due(store: Store, cursor: Any, event: tuple[str, int, int, str], profile_id: str, now: float) -> None:
    """In the transaction that records the event (table, version, seat, kind), record its notification
    due now to each device of the profile."""
    store.run(
        cursor,
        "INSERT INTO hr_outbox (table_id, version, seat, kind, endpoint, profile_id, created, state, attempts, "
        "next_try)"
        " SELECT ?, ?, ?, ?, endpoint, profile_id, ?, 'due', 0, ? FROM hr_push WHERE profile_id = ?"
        " ON CONFLICT (table_id, version, seat, kind, endpoint) DO NOTHING",
        (*event, now, now, profile_id),
    )


def lease(store: Store, owner: str, limit: int, now: float) -> list[Delivery]:
    """Lease to `owner` up to `limit` notifications due now, the longest waiting first (those whose
    bound is over are recorded failed instead). Nothing is written when nothing is due."""
    with store.transaction() as cursor:
        if store.run(cursor, f"SELECT 1 FROM hr_outbox WHERE {_TAKEABLE} LIMIT 1", (now, now)).fetchone() is None:
            return []
    leased = []
    with store.transaction(write=True) as cursor:
        rows = store.run(
            cursor,
            "SELECT table_id, version, seat, kind, endpoint, profile_id, attempts, created FROM hr_outbox"
            f" WHERE {_TAKEABLE} ORDER BY next_try LIMIT ?{store.skip_locked}",
            (now, now, limit),
        ).fetchall()
        for row in rows:
            delivery = Delivery(
                row[0], int(row[1]), int(row[2]), row[3], row[4], row[5], int(row[6]) + 1, float(row[7])
            )
            if (
                delivery.attempt > ATTEMPTS or now - delivery.created >= GIVE_UP
            ):  # a process stopped during the last attempt, or none ran
                store.run(
                    cursor,
                    f"UPDATE hr_outbox SET state = 'failed', done = ?, reason = CASE WHEN lease_owner IS NULL THEN ? "
                    f"ELSE ? END WHERE {_KEY}",
                    (now, TOO_LATE, LOST, *delivery.key),
                )
                continue
            store.run(
                cursor,
                "UPDATE hr_outbox SET attempts = attempts + 1, reason = CASE WHEN lease_owner IS NULL THEN reason ELSE "
                "? END,"
                f" lease_owner = ?, lease_until = ? WHERE {_KEY}",
                (LOST, owner, now + LEASE, *delivery.key),
            )
            leased.append(delivery)
    return leased


def retry_at(attempt: int, created: float, now: float, retry_after: float | None) -> float | None:
    """When to try again after attempt number `attempt` failed at `now` for a reason that may pass,
    waiting as long as the push service asked if it did (`retry_after`); None once the bound is reached."""
    at = now + max(FIRST_WAIT * 2 ** (attempt - 1), retry_after or 0.0)
    return at if attempt < ATTEMPTS and at - created < GIVE_UP else None


def settle(store: Store, delivery: Delivery, owner: str, outcome: Outcome, now: float) -> str:
    """Record what became of the attempt: `SENT` (whoever holds the lease now: the push service took
    it), else, unless another process took the notification meanwhile, `DUE` again at `retry_at`, or
    `FAILED`; the state recorded."""
    with store.transaction(write=True) as cursor:
        if outcome.delivered:
            store.run(
                cursor,
                f"UPDATE hr_outbox SET state = 'sent', done = ?, lease_owner = NULL, lease_until = NULL WHERE {_KEY} "
                f"AND state = 'due'",
                (now, *delivery.key),
            )
            return SENT
        at = retry_at(delivery.attempt, delivery.created, now, outcome.retry_after) if outcome.retry else None
        state, done = (DUE, None) if at is not None else (FAILED, now)
        store.run(
            cursor,
            "UPDATE hr_outbox SET state = ?, done = ?, next_try = COALESCE(?, next_try), reason = ?, lease_owner = "
            "NULL, lease_until = NULL"
            f" WHERE {_KEY} AND state = 'due' AND lease_owner = ?",
            (state, done, at, outcome.reason, *delivery.key, owner),
        )
    return state


def prune(store: Store, before: float) -> None:
    """Delete the records settled before `before`, and those of deleted profiles."""
    with store.transaction(write=True) as cursor:
        store.run(
            cursor,
            "DELETE FROM hr_outbox WHERE (state <> 'due' AND done < ?) OR profile_id IN (SELECT id FROM hr_profiles "
            "WHERE deleted = 1)",
            (before,),
        )
