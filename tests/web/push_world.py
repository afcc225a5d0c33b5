"""The notifier's world in the push tests: a store with tables written straight into the database as
the turn code writes them (`hr_tables.waiting` and `hr_seats.profile_id`), profiles with devices of the
stand-in push service (`push_receiver`), and notifiers, one per pretended server process."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator
from dataclasses import replace

import pytest
from conftest import TEST_SETTINGS
from push_receiver import PushReceiver, b64url

from highroller.web.people.notifier import Notifier
from highroller.web.people.profiles import create_profile
from highroller.web.people.push_sending import Pusher
from highroller.web.people.push_subscriptions import Subscription, subscribe
from highroller.web.store.database import Store
from highroller.web.store.dialects import open_store
from highroller.web.tables.presence import Presence


def notices(store: Store) -> list[tuple[str, int, int, str]]:
    """The events noted: (table, version, seat, kind)."""
    with store.transaction() as cursor:
        return sorted(
            tuple(row) for row in store.run(cursor, "SELECT table_id, version, seat, kind FROM hr_notices").fetchall()
        )


def deliveries(store: Store) -> list[tuple[str, int, str, str, int, str | None]]:
    """The notifications recorded: (table, version, kind, state, attempts, reason)."""
    with store.transaction() as cursor:
        rows = store.run(cursor, "SELECT table_id, version, kind, state, attempts, reason FROM hr_outbox").fetchall()
    return sorted((row[0], int(row[1]), row[2], row[3], int(row[4]), row[5]) for row in rows)


class World:
    """A store with tables written as the turn code writes them, a profile's subscribed device, and
    notifiers (one per pretended server process) sending to the stand-in push service."""

    def __init__(self, database: str, receiver: PushReceiver) -> None:
        self.database = database
        self.receiver = receiver
        self.settings = replace(TEST_SETTINGS, push_hosts=receiver.url)
        self.store = open_store(database)
        self.stores = [self.store]

    def profile(self, name: str, languages: list[str], device: str | None = None) -> str:
        profile, _ = create_profile(self.store, name, languages)
        if device is not None:
            made = self.receiver.device(device)
            subscribe(self.store, profile.id, Subscription(made.endpoint, made.p256dh, b64url(made.auth)))
        return profile.id

    def table(
        self,
        seats: list[tuple[str | None, str | None, str | None]],
        *,
        since: float,
        due: float | None,
        waiting: int | None = 0,
        game: str = "lasvegas",
        finished: bool = False,
    ) -> str:
        """A started table whose seats are (name, bot, profile id), `waiting` on move since `since`."""
        table_id = secrets.token_urlsafe(9)
        with self.store.transaction(write=True) as cursor:
            self.store.run(
                cursor,
                "INSERT INTO hr_tables (id, game, options, seed, created, finished, started, version, timer, due, "
                "waiting, waiting_since)"
                " VALUES (?, ?, '{}', 1, ?, ?, 1, 3, ?, ?, ?, ?)",
                (
                    table_id,
                    game,
                    since,
                    int(finished),
                    None if due is None else 3600,
                    due,
                    waiting,
                    None if waiting is None else since,
                ),
            )
            for seat, (name, bot, profile) in enumerate(seats):
                self.store.run(
                    cursor,
                    "INSERT INTO hr_seats (table_id, seat, name, bot, token_hash, profile_id) VALUES (?, ?, ?, ?, ?, "
                    "?)",
                    (table_id, seat, name, bot, None if bot else f"hash{seat}", profile),
                )
        return table_id

    def move_on(self, table_id: str, *, since: float, due: float | None, waiting: int | None = 0) -> None:
        """A move was played: the next version, the move falling to `waiting`."""
        with self.store.transaction(write=True) as cursor:
            self.store.run(
                cursor,
                "UPDATE hr_tables SET version = version + 1, waiting = ?, waiting_since = ?, due = ? WHERE id = ?",
                (waiting, since, due, table_id),
            )

    def finish(self, table_id: str) -> None:
        with self.store.transaction(write=True) as cursor:
            self.store.run(
                cursor,
                "UPDATE hr_tables SET finished = 1, waiting = NULL, waiting_since = NULL, due = NULL WHERE id = ?",
                (table_id,),
            )

    def notifier(self, presence: Presence | None = None) -> Notifier:
        """Another process's notifier (its own store connections and presence, unless given)."""
        store = open_store(self.database)
        self.stores.append(store)
        return Notifier(
            store, self.settings, presence or Presence(store, lambda table_id: None), Pusher(store, self.settings)
        )

    def close(self) -> None:
        for store in self.stores:
            store.close()


@pytest.fixture
def world(database: str, receiver: PushReceiver) -> Iterator[World]:
    made = World(database, receiver)
    yield made
    made.close()


async def look(*notifiers: Notifier) -> int:
    """One look of each notifier, at once; the notifications sent (waited for)."""
    tasks = [
        task
        for started in await asyncio.gather(*(notifier.notify_once() for notifier in notifiers))
        for task in started
    ]
    return sum(await asyncio.gather(*tasks))
