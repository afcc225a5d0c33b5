"""Notifications exactly once, on both databases: each device's notification recorded due with its
event, leased by one process, recorded sent only once the push service took it; a lease left by a
process that stopped taken again when it runs out; a failure that may pass (a timeout, 429, 5xx) tried
again after growing waits or the push service's `Retry-After`, up to the bound, then recorded failed
with the reason, as is any other refusal at once; a move played or a table finished meanwhile not
notified late; the notes of a database from before the outbox still kept; old records pruned. A retry
pushes the same `Topic`, so a push service keeps one push of an event for a device that is offline,
and the service worker (in Chromium) replaces the notification shown without alerting again for a
repeat of its event, and alerts for a new one.

Then the attack: 40 notifications due at once, two `highroller serve` processes on one PostgreSQL
database, a slow push service that keeps nothing of a push whose sender hung up and answers some too
late, and one process killed (`kill -9`) while it sends: every device shows its notification, none twice.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from email.utils import formatdate

import push_receiver
import pytest
from conftest import Server
from playwright.sync_api import Browser
from push_receiver import PushReceiver
from push_world import World, deliveries, look, notices, world  # noqa: F401 (world: the fixture)

from highroller.web import clock
from highroller.web.people import outbox, push_sending, push_subscriptions
from highroller.web.people.notifier import claim, pending_moves
from highroller.web.people.outbox import ATTEMPTS, FIRST_WAIT, GIVE_UP, LEASE, LOST, MOVE_OVER, event_topic, retry_at
from highroller.web.people.profiles import forget_profile
from highroller.web.people.push_sending import MAX_RETRY_AFTER, retry_after_seconds

HOUR = 3600.0


def next_try(world: World, table: str) -> float:
    with world.store.transaction() as cursor:
        return float(
            world.store.run(cursor, "SELECT next_try FROM hr_outbox WHERE table_id = ?", (table,)).fetchone()[0]
        )


def ann_to_play(world: World, device: str = "ann", due: float | None = None) -> str:
    """A table where it is Ann's move (her device subscribed), Bob's next."""
    ann = world.profile("Ann", ["en"], device=device)
    return world.table([("Ann", None, ann), ("Bob", None, None)], since=clock.now() - 60, due=due)


# ---------------------------------------------------------------------- the schedule
def test_the_waits_double_a_retry_after_that_is_longer_wins_and_the_bound_ends_it() -> None:
    created = 1000.0
    assert [retry_at(n, created, created, None) for n in (1, 2, 3)] == [
        created + FIRST_WAIT,
        created + 2 * FIRST_WAIT,
        created + 4 * FIRST_WAIT,
    ]
    assert retry_at(2, created, created + 30, 120.0) == created + 150  # the push service's wait, longer
    assert retry_at(2, created, created + 30, 1.0) == created + 30 + 2 * FIRST_WAIT  # shorter: the schedule's
    assert retry_at(ATTEMPTS, created, created, None) is None  # the last attempt
    assert retry_at(1, created, created + GIVE_UP - 10, None) == created + GIVE_UP - 5
    assert retry_at(1, created, created + GIVE_UP - 3, None) is None  # past the age bound
    assert retry_at(1, created, created, GIVE_UP) is None  # a wait past it
    waits = [retry_at(n, 0.0, 0.0, None) for n in range(1, ATTEMPTS)]
    assert sum(wait or 0.0 for wait in waits) == 635.0  # as outbox.ATTEMPTS says


def test_retry_after_is_read_in_seconds_or_as_a_date_within_bounds() -> None:
    assert retry_after_seconds("120") == 120.0
    assert 85 <= (retry_after_seconds(formatdate(time.time() + 90, usegmt=True)) or 0) <= 90
    assert retry_after_seconds(formatdate(time.time() - 90, usegmt=True)) == 0.0
    assert retry_after_seconds("9" * 400) == MAX_RETRY_AFTER
    for meaningless in (None, "", "soon", "-5", "1.5", "١٢٠"):
        assert retry_after_seconds(meaningless) is None


# ---------------------------------------------------------------------- retries and failures
@pytest.mark.parametrize(("status", "wait"), [(503, "120"), (429, "date")])
def test_a_push_service_asking_to_wait_is_tried_again_after_its_retry_after(
    world: World, move_clock: Callable[[float], None], status: int, wait: str
) -> None:
    table = ann_to_play(world)
    world.receiver.refuse(
        "ann", status, retry_after="120" if wait == "120" else formatdate(time.time() + 120, usegmt=True)
    )

    async def scenario() -> None:
        notifier = world.notifier()
        assert await look(notifier) == 0
        assert deliveries(world.store) == [(table, 3, "turn", "due", 1, f"HTTP {status}")]
        assert 115 <= next_try(world, table) - clock.now() <= 120
        move_clock(60)
        assert await look(notifier) == 0
        move_clock(61)
        assert [await look(notifier) for _ in range(2)] == [1, 0]

    asyncio.run(scenario())
    assert len(world.receiver.payloads("ann")) == 1
    assert deliveries(world.store) == [
        (table, 3, "turn", "sent", 2, f"HTTP {status}")
    ]  # the reason of the last failure stays
    assert notices(world.store) == [(table, 3, 0, "turn")]


def test_a_failure_that_may_pass_is_tried_with_doubling_waits_then_recorded_failed(
    world: World, move_clock: Callable[[float], None]
) -> None:
    table = ann_to_play(world)
    world.receiver.failing.add("ann")

    async def scenario() -> list[float]:
        notifier = world.notifier()
        waits = []
        for _ in range(ATTEMPTS):
            assert await look(notifier) == 0
            if deliveries(world.store)[0][3] == "due":
                waits.append(next_try(world, table) - clock.now())
                move_clock(waits[-1] - 1)
                assert await look(notifier) == 0  # not yet
                move_clock(1)
        return waits

    waits = asyncio.run(scenario())
    assert [round(wait) for wait in waits] == [FIRST_WAIT * 2**n for n in range(ATTEMPTS - 1)]
    assert deliveries(world.store) == [(table, 3, "turn", "failed", ATTEMPTS, "HTTP 500")]
    move_clock(HOUR)
    assert asyncio.run(look(world.notifier())) == 0
    assert world.receiver.payloads("ann") == []


REFUSALS = [(400, "HTTP 400"), (403, "HTTP 403"), (413, "HTTP 413"), (410, "gone (HTTP 410)"), (404, "gone (HTTP 404)")]


@pytest.mark.parametrize(("status", "reason"), REFUSALS)
def test_a_refusal_that_will_not_pass_is_recorded_failed_at_once(
    world: World, move_clock: Callable[[float], None], status: int, reason: str
) -> None:
    table = ann_to_play(world)
    world.receiver.refuse("ann", status)
    assert asyncio.run(look(world.notifier())) == 0
    assert deliveries(world.store) == [(table, 3, "turn", "failed", 1, reason)]
    with world.store.transaction() as cursor:
        subscribed = world.store.run(cursor, "SELECT COUNT(*) FROM hr_push").fetchone()[0]
    assert subscribed == (0 if status in (404, 410) else 1)  # a gone subscription is forgotten
    move_clock(HOUR)
    assert asyncio.run(look(world.notifier())) == 0


def test_a_timeout_is_tried_again_and_an_offline_device_keeps_one_push_of_the_event(
    world: World, move_clock: Callable[[float], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(push_sending, "SEND_TIMEOUT", (2.0, 0.5))
    monkeypatch.setattr(push_receiver, "LATE", 1.5)
    table = ann_to_play(world)
    world.receiver.asleep.add("ann")
    world.receiver.late = 1  # taken, but answered after the server stopped waiting

    async def scenario() -> None:
        notifier = world.notifier()
        assert await look(notifier) == 0
        assert deliveries(world.store) == [(table, 3, "turn", "due", 1, "timeout")]
        move_clock(FIRST_WAIT)
        assert await look(notifier) == 1

    asyncio.run(scenario())
    topic = event_topic(table, 3, 0, "turn")
    assert world.receiver.topics("ann") == [topic, topic]
    assert world.receiver.replaced == 1
    world.receiver.wake("ann")
    assert [payload["event"] for payload in world.receiver.payloads("ann")] == [topic]
    assert deliveries(world.store) == [(table, 3, "turn", "sent", 2, "timeout")]


@pytest.mark.parametrize("meanwhile", ["played", "finished"])
def test_a_move_played_or_a_table_finished_meanwhile_is_not_notified_late(
    world: World, move_clock: Callable[[float], None], meanwhile: str
) -> None:
    table = ann_to_play(world)
    world.receiver.refuse("ann", 503)

    async def scenario() -> None:
        notifier = world.notifier()
        assert await look(notifier) == 0
        if meanwhile == "played":
            world.move_on(table, since=clock.now(), due=None, waiting=1)
        else:
            world.finish(table)
        move_clock(FIRST_WAIT)
        assert await look(notifier) == 0

    asyncio.run(scenario())
    assert world.receiver.topics("ann") == []
    assert deliveries(world.store) == [(table, 3, "turn", "failed", 2, MOVE_OVER)]


def test_a_device_unsubscribed_meanwhile_is_not_sent_to(world: World, move_clock: Callable[[float], None]) -> None:
    table = ann_to_play(world)
    world.receiver.refuse("ann", 503)

    async def scenario() -> None:
        notifier = world.notifier()
        assert await look(notifier) == 0
        with world.store.transaction(write=True) as cursor:
            world.store.run(cursor, "DELETE FROM hr_push")
        move_clock(FIRST_WAIT)
        assert await look(notifier) == 0

    asyncio.run(scenario())
    assert deliveries(world.store) == [(table, 3, "turn", "failed", 2, outbox.UNSUBSCRIBED)]


# ---------------------------------------------------------------------- leases
def test_a_lease_holds_other_processes_off_until_it_runs_out_then_any_takes_it(
    world: World, move_clock: Callable[[float], None]
) -> None:
    table = ann_to_play(world)
    now = clock.now()
    claim(
        world.store, [(move, "turn") for move in pending_moves(world.store, now)], now
    )  # a process that noted the event...
    assert [delivery.table_id for delivery in outbox.lease(world.store, "stopped", 8, now)] == [
        table
    ]  # ...leased it, and stopped

    async def scenario() -> None:
        others = [world.notifier(), world.notifier()]
        assert await look(*others) == 0
        move_clock(LEASE - 1)
        assert await look(*others) == 0
        move_clock(1)
        assert await look(*others) == 1
        assert await look(*others) == 0

    asyncio.run(scenario())
    assert len(world.receiver.payloads("ann")) == 1
    assert deliveries(world.store) == [(table, 3, "turn", "sent", 2, LOST)]


def test_a_lease_lost_on_the_last_attempt_is_recorded_failed(world: World, move_clock: Callable[[float], None]) -> None:
    table = ann_to_play(world)
    now = clock.now()
    claim(world.store, [(move, "turn") for move in pending_moves(world.store, now)], now)
    with world.store.transaction(write=True) as cursor:
        world.store.run(cursor, "UPDATE hr_outbox SET attempts = ?, reason = 'HTTP 503'", (ATTEMPTS - 1,))
    assert len(outbox.lease(world.store, "stopped", 8, now)) == 1
    move_clock(LEASE)
    assert asyncio.run(look(world.notifier())) == 0
    assert deliveries(world.store) == [(table, 3, "turn", "failed", ATTEMPTS, LOST)]
    assert world.receiver.topics("ann") == []


def test_each_device_of_a_profile_gets_its_own_notification(world: World) -> None:
    ann = world.profile("Ann", ["en"], device="phone")
    laptop = world.receiver.device("laptop")
    push_subscriptions.subscribe(
        world.store,
        ann,
        push_subscriptions.Subscription(laptop.endpoint, laptop.p256dh, push_receiver.b64url(laptop.auth)),
    )
    world.receiver.refuse("laptop", 503)
    table = world.table([("Ann", None, ann), ("Bob", None, None)], since=clock.now() - 60, due=None)
    assert asyncio.run(look(world.notifier())) == 1
    assert deliveries(world.store) == sorted(
        [(table, 3, "turn", "sent", 1, None), (table, 3, "turn", "due", 1, "HTTP 503")]
    )
    assert len(world.receiver.payloads("phone")) == 1


# ---------------------------------------------------------------------- the database
def test_notes_of_a_database_from_before_the_outbox_keep_working(world: World) -> None:
    noted = ann_to_play(world)
    with world.store.transaction(
        write=True
    ) as cursor:  # as the previous version left it: the outbox missing, the event noted as sent
        world.store.run(cursor, "DROP TABLE hr_outbox")
        world.store.run(
            cursor,
            "INSERT INTO hr_notices (table_id, version, seat, kind, at) VALUES (?, 3, 0, 'turn', ?)",
            (noted, clock.now()),
        )
    ann = world.profile("Ann", ["en"], device="ann2")
    fresh = world.table([("Ann", None, ann), ("Bob", None, None)], since=clock.now() - 60, due=None)
    assert asyncio.run(look(world.notifier())) == 1  # a store opened on it makes the outbox
    assert [payload["url"] for payload in world.receiver.payloads("ann2")] == [f"/table/{fresh}"]
    assert world.receiver.payloads("ann") == []
    assert notices(world.store) == sorted([(noted, 3, 0, "turn"), (fresh, 3, 0, "turn")])
    assert deliveries(world.store) == [(fresh, 3, "turn", "sent", 1, None)]


def test_settled_records_are_pruned_after_a_day_and_at_once_with_their_profile(
    world: World, move_clock: Callable[[float], None]
) -> None:
    sent = ann_to_play(world)
    retried = ann_to_play(world, device="retried")
    gone = ann_to_play(world, device="gone")
    world.receiver.refuse("retried", 503)
    world.receiver.failing.add("gone")
    assert asyncio.run(look(world.notifier())) == 1
    with world.store.transaction() as cursor:
        profile = world.store.run(cursor, "SELECT profile_id FROM hr_outbox WHERE table_id = ?", (gone,)).fetchone()[0]
    forget_profile(world.store, profile)
    outbox.prune(world.store, clock.now() - outbox.KEPT)
    assert {row[0] for row in deliveries(world.store)} == {sent, retried}
    move_clock(outbox.KEPT + 1)
    outbox.prune(world.store, clock.now() - outbox.KEPT)
    assert [row[0] for row in deliveries(world.store)] == [retried]  # still due: kept


# ---------------------------------------------------------------------- the device
@pytest.mark.slow
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_the_service_worker_replaces_a_tables_notification_and_alerts_for_new_events_only(
    serve: Callable[..., Server], browser: Browser
) -> None:
    server = serve()
    context = browser.new_context(permissions=["notifications"])
    page = context.new_page()
    page.goto(server.url + "/")
    devtools = context.new_cdp_session(page)
    registrations: list[dict[str, str]] = []
    devtools.on("ServiceWorker.workerRegistrationUpdated", lambda update: registrations.extend(update["registrations"]))
    devtools.send("ServiceWorker.enable")
    page.evaluate(
        "async () => { await (await import('/static/push.js')).registerServiceWorker(); await "
        "navigator.serviceWorker.ready; }"
    )
    deadline = time.monotonic() + 30
    while not registrations and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    registration = registrations[-1]["registrationId"]

    def pushed(payload: dict[str, str]) -> list[dict[str, object]]:
        """Push the payload as a push service would; the notifications shown then."""
        devtools.send(
            "ServiceWorker.deliverPushMessage",
            {"origin": server.url, "registrationId": registration, "data": json.dumps(payload)},
        )
        return page.evaluate(
            """async (body) => {
            const registration = await navigator.serviceWorker.ready;
            for (let tries = 0; tries < 600; tries++) {
                const shown = await registration.getNotifications();
                if (shown.some((notification) => notification.body === body)) {
                    return shown.map((n) => ({tag: n.tag, body: n.body, renotify: n.renotify, silent: n.silent}));
                }
                await new Promise((done) => setTimeout(done, 50));
            }
            return [];
        }""",
            payload["body"],
        )

    turn = {
        "title": "Las Vegas: your move",
        "url": "/table/t1",
        "tag": "table-t1",
        "event": event_topic("t1", 3, 0, "turn"),
    }
    assert pushed({**turn, "body": "59 minutes left"}) == [
        {"tag": "table-t1", "body": "59 minutes left", "renotify": True, "silent": False}
    ]
    assert pushed({**turn, "body": "58 minutes left"}) == [
        {"tag": "table-t1", "body": "58 minutes left", "renotify": False, "silent": True}
    ]
    reminder = {**turn, "event": event_topic("t1", 3, 0, "reminder"), "body": "5 minutes left before a stand-in plays"}
    assert pushed(reminder) == [{"tag": "table-t1", "body": reminder["body"], "renotify": True, "silent": False}]
    test = pushed(
        {"title": "highroller", "body": "Notifications are on", "url": "/", "tag": "test"}
    )  # no event: always alerts
    assert sorted(test, key=lambda shown: str(shown["tag"])) == [
        {"tag": "table-t1", "body": reminder["body"], "renotify": True, "silent": False},
        {"tag": "test", "body": "Notifications are on", "renotify": True, "silent": False},
    ]
    context.close()


# ---------------------------------------------------------------------- the attack
@pytest.mark.slow
@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
def test_forty_due_at_once_a_late_push_service_and_a_killed_process_every_device_shows_one(
    serve: Callable[..., Server], database: str, receiver: PushReceiver, move_clock: Callable[[float], None]
) -> None:
    flags = ["--push-hosts", receiver.url, "--bot-processes", "0", "--public-origin", "https://dice.example.org"]
    first, second = serve(flags=flags), serve(flags=flags)
    world = World(database, receiver)
    try:
        devices = [f"d{n}" for n in range(40)]
        receiver.asleep.update(devices)  # phones in pockets: what a push service takes waits for them
        receiver.stalled = 16  # the first pushes are taken after 6 s, if their sender still waits
        receiver.late = 8  # the first pushes taken are answered after the sender stopped waiting
        for device in devices[:4]:
            receiver.refuse(device, 503, retry_after="1")
        profiles = [world.profile("Ann", ["en"], device=device) for device in devices]
        tables = [
            world.table([("Ann", None, profile), ("Bob", None, None)], since=clock.now(), due=None, waiting=None)
            for profile in profiles
        ]
        with world.store.transaction(write=True) as cursor:  # all due at once
            for table in tables:
                world.store.run(
                    cursor, "UPDATE hr_tables SET waiting = 0, waiting_since = ? WHERE id = ?", (clock.now(), table)
                )
        wait_until(
            lambda: receiver.stalled == 0 and receiver.in_flight >= 16,
            "both processes sending, each with every sender held",
        )
        first.kill()
        wait_until(lambda: all_but(world, 8), "the other process delivering all but the killed one's", timeout=60)
        wait_until(lambda: receiver.in_flight == 0, "the push service answering")
        move_clock(LEASE)
        wait_until(lambda: all_but(world, 0), "the killed process's notifications taken over", timeout=30)
        for device in devices:
            receiver.wake(device)
        shown = {device: [payload["url"] for payload in receiver.payloads(device)] for device in devices}
        assert shown == {
            device: [f"https://dice.example.org/table/{table}"] for device, table in zip(devices, tables, strict=True)
        }
        assert receiver.replaced == 8  # the late pushes, sent again with the same topic
        assert len(notices(world.store)) == 40
        assert second.process is not None and second.process.poll() is None
    finally:
        world.close()
    assert receiver.problems == []


def all_but(world: World, left: int) -> bool:
    """Whether every notification recorded is sent, but `left` of them."""
    rows = deliveries(world.store)
    return len(rows) == 40 and sum(row[3] != "sent" for row in rows) == left


def wait_until(done: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"waited in vain for {what}"
        time.sleep(0.1)
