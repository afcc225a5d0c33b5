"""Web Push, on both databases: the VAPID key browsers subscribe with (kept across restarts), hostile
subscriptions refused clearly with nothing stored (hosts read as a push service reads them), ten
devices a profile at most, an endpoint moving to another profile only with the device's keys,
unsubscribing only one's own; a test notification reaching the device through a stand-in push service
(`push_receiver`) that checks the VAPID signature and decrypts the payload, a gone subscription (410)
forgotten, a failing one kept, a test once a minute.

The notifier, on tables written straight into the database (`hr_tables.waiting` and `hr_seats.profile_id`
as the turn code sets them): "your turn" once per move, in the profile's language, saying nothing but
the game, the table, the other players and the time left, each push naming its event in a `Topic`;
never while a page holds the seat and only 30 s after the last one closed; a reminder once when a
tenth of a long move is left, not while a page shows the seat; several notifiers (processes) sending
one notification per event; a slow push service holding neither the next look nor the database; old
notes pruned. Then two `highroller serve` processes on one PostgreSQL database, and the service
worker, the manifest and the offline page in Chromium. (Retries, leases and failures:
test_web_push_outbox.py.)
"""

from __future__ import annotations

import asyncio
import base64
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import pytest
from conftest import Server
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from fastapi.testclient import TestClient
from playwright.sync_api import Browser
from push_receiver import Device, PushReceiver, b64url
from push_world import World, look, notices, world  # noqa: F401 (world: the fixture)

from highroller.web import clock
from highroller.web.http.catalog import web_words
from highroller.web.http.errors import Refused
from highroller.web.people.notifier import GRACE, KEEP, prune_notices, time_left
from highroller.web.people.outbox import event_topic
from highroller.web.people.push_subscriptions import MAX_SUBSCRIPTIONS, checked_endpoint
from highroller.web.store.dialects import open_store

HOUR = 3600.0


@pytest.fixture
def push_client(make_client: Callable[..., TestClient], receiver: PushReceiver) -> TestClient:
    return make_client(push_hosts=f"{receiver.url},fcm.googleapis.com,*.push.apple.com")


def new_profile(client: TestClient, languages: list[str] | None = None, name: str = "Ann") -> dict[str, str]:
    """A profile made through the API; the headers that act as it."""
    made = client.post("/api/profiles", json={"name": name, "languages": languages or ["en"]})
    assert made.status_code == 201, made.text
    return {"X-Profile": made.json()["key"]}


def stored(database: str) -> list[tuple[str, str]]:
    """(endpoint, profile id) of every stored subscription."""
    store = open_store(database)
    try:
        with store.transaction() as cursor:
            return sorted(
                tuple(row) for row in store.run(cursor, "SELECT endpoint, profile_id FROM hr_push").fetchall()
            )
    finally:
        store.close()


# ---------------------------------------------------------------------- the key and subscriptions
def test_the_key_is_a_point_on_the_curve_kept_across_restarts(make_client: Callable[..., TestClient]) -> None:
    key = make_client().get("/api/push/key").json()["key"]
    point = base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))
    assert len(point) == 65
    ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)  # raises off the curve
    assert make_client().get("/api/push/key").json() == {"key": key}


def test_a_key_file_signs_instead(make_client: Callable[..., TestClient], tmp_path: Path) -> None:
    private = ec.generate_private_key(ec.SECP256R1())
    path = tmp_path / "vapid.pem"
    path.write_bytes(
        private.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    expected = b64url(
        private.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    assert make_client(vapid_private_key=str(path)).get("/api/push/key").json() == {"key": expected}


GOOD_KEYS = Device("https://fcm.googleapis.com/fcm/send/x").subscription()["keys"]
OFF_CURVE = b64url(b"\x04" + bytes(63) + b"\x01")
HOSTILE = [
    ("https://evil.example/push/1", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("http://fcm.googleapis.com/fcm/send/1", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://127.0.0.1/push/1", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://10.0.0.7/push/1", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://[::1]/push/1", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://localhost/push/1", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://169.254.169.254/latest/meta-data", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://fcm.googleapis.com.evil.example/x", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://fcm.googleapis.com:8443/fcm/send/1", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://evilpush.apple.com/x", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://push.apple.com/x", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("file:///etc/passwd", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://user:secret@fcm.googleapis.com/fcm/send/1", GOOD_KEYS, "bad-endpoint", "no user name or password"),
    ("https://fcm.googleapis.com@evil.example/x", GOOD_KEYS, "bad-endpoint", "no user name or password"),
    (
        "https://evil.example\\@fcm.googleapis.com/x",
        GOOD_KEYS,
        "bad-endpoint",
        "without spaces, backslashes or a fragment",
    ),
    (
        "https://fcm.googleapis.com/x#@evil.example",
        GOOD_KEYS,
        "bad-endpoint",
        "without spaces, backslashes or a fragment",
    ),
    ("https://fcm.googleapis.com/fcm send", GOOD_KEYS, "bad-endpoint", "without spaces, backslashes or a fragment"),
    # the host as a URL reader takes it: escapes decoded, IDNA applied (full-width dots), one host name
    ("https://127.0.0.1%2f.push.apple.com/", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://fcm%2egoogleapis%2ecom/fcm/send/1", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://%66cm.googleapis.com/fcm/send/1", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    (
        "https://fcm%E3%80%82googleapis%E3%80%82com/fcm/send/1",
        GOOD_KEYS,
        "bad-endpoint",
        "https:// address of a push service",
    ),
    ("https://fcm.googleapis.com%00.evil.example/x", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://fcm.googleapis.com%40evil.example/x", GOOD_KEYS, "bad-endpoint", "no user name or password"),
    ("https://web.push.apple.com./x", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://fcm.googleapis.com:0443/fcm/send/1", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://fcm.googleapis.com:/fcm/send/1", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://fcm.googleapis.com:443:443/fcm/send/1", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://[fcm.googleapis.com/x", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://[::ffff:7f00:1]/x", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://-x.push.apple.com/x", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://a..push.apple.com/x", GOOD_KEYS, "bad-endpoint", "https:// address of a push service"),
    ("https://fcm.googleapis.com/ok", {**GOOD_KEYS, "p256dh": "not base64!"}, "bad-key", "keys.p256dh"),
    ("https://fcm.googleapis.com/ok", {**GOOD_KEYS, "p256dh": b64url(bytes(33))}, "bad-key", "keys.p256dh"),
    ("https://fcm.googleapis.com/ok", {**GOOD_KEYS, "p256dh": OFF_CURVE}, "bad-key", "on the curve"),
    ("https://fcm.googleapis.com/ok", {**GOOD_KEYS, "auth": b64url(bytes(15))}, "bad-key", "keys.auth"),
    ("https://fcm.googleapis.com/ok", {**GOOD_KEYS, "auth": ""}, "bad-key", "keys.auth"),
]


@pytest.mark.parametrize(
    ("endpoint", "keys", "code", "words"), HOSTILE, ids=[f"{n}-{h[2]}" for n, h in enumerate(HOSTILE)]
)
def test_a_hostile_subscription_is_refused_and_nothing_stored(
    push_client: TestClient, database: str, endpoint: str, keys: dict[str, str], code: str, words: str
) -> None:
    answer = push_client.post(
        "/api/me/push", json={"endpoint": endpoint, "keys": keys}, headers=new_profile(push_client)
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == code
    assert words in answer.json()["error"]
    assert stored(database) == []


def test_malformed_and_anonymous_subscriptions_are_refused(push_client: TestClient, database: str) -> None:
    headers = new_profile(push_client)
    too_long = {"endpoint": "https://fcm.googleapis.com/" + "a" * 1000, "keys": GOOD_KEYS}
    assert push_client.post("/api/me/push", json=too_long, headers=headers).json()["code"] == "malformed"
    extra = {"endpoint": "https://fcm.googleapis.com/x", "keys": GOOD_KEYS, "expirationTime": None}
    assert push_client.post("/api/me/push", json=extra, headers=headers).status_code == 422
    anonymous = push_client.post("/api/me/push", json={"endpoint": "https://fcm.googleapis.com/x", "keys": GOOD_KEYS})
    assert (anonymous.status_code, anonymous.json()["code"]) == (401, "no-profile")
    unknown = push_client.post(
        "/api/me/push",
        json={"endpoint": "https://fcm.googleapis.com/x", "keys": GOOD_KEYS},
        headers={"X-Profile": "nobody"},
    )
    assert (unknown.status_code, unknown.json()["code"]) == (401, "bad-profile")
    assert stored(database) == []


def test_push_services_are_taken_as_listed(push_client: TestClient, database: str, receiver: PushReceiver) -> None:
    headers = new_profile(push_client)
    listed = (
        "https://fcm.googleapis.com/fcm/send/abc:def",
        "https://web.push.apple.com/QJxB?x=1",
        "HTTPS://FCM.GoogleAPIs.com:443/fcm/send/a%2Fb",
        "https://1.2.3.4.push.apple.com/x",
        receiver.device("t").endpoint,
    )
    for endpoint in listed:
        answer = push_client.post("/api/me/push", json={"endpoint": endpoint, "keys": GOOD_KEYS}, headers=headers)
        assert answer.status_code == 200, answer.text
    assert len(stored(database)) == 5


@pytest.mark.parametrize(
    "endpoint",
    ["https://10.0.0.7/x", "https://127.1/x", "https://0x7f.0.0.1/x", "https://2130706433/x", "https://a.b.0x7f/x"],
)
def test_an_ip_address_is_refused_even_if_listed(endpoint: str) -> None:
    hosts = "10.0.0.7,127.1,0x7f.0.0.1,2130706433,*.b.0x7f"
    with pytest.raises(Refused) as refused:
        checked_endpoint(endpoint, hosts)
    assert refused.value.code == "bad-endpoint"


def test_ten_devices_at_most_and_an_endpoint_moves_to_its_last_profile_with_its_keys(
    push_client: TestClient, database: str
) -> None:
    ann, bob = new_profile(push_client), new_profile(push_client, name="Bob")
    endpoints = [f"https://fcm.googleapis.com/fcm/send/{n}" for n in range(MAX_SUBSCRIPTIONS + 2)]
    for n, endpoint in enumerate(endpoints):
        answer = push_client.post("/api/me/push", json={"endpoint": endpoint, "keys": GOOD_KEYS}, headers=ann).json()
        assert answer == {"subscribed": True, "devices": min(n + 1, MAX_SUBSCRIPTIONS)}
    kept = {endpoint for endpoint, _ in stored(database)}
    assert kept == set(endpoints[2:])  # the oldest went
    moved = push_client.post("/api/me/push", json={"endpoint": endpoints[5], "keys": GOOD_KEYS}, headers=bob).json()
    assert moved == {"subscribed": True, "devices": 1}  # the same keys: the device itself, now Bob's
    owners = dict(stored(database))
    assert len({owners[endpoints[5]], owners[endpoints[6]]}) == 2
    gone = push_client.request("DELETE", "/api/me/push", json={"endpoint": endpoints[5]}, headers=ann)
    assert (gone.status_code, gone.json()["code"]) == (404, "no-subscription")


TAKEN = "another profile holds this endpoint: only the device itself, with its own keys, can move it to yours"


def test_an_endpoint_another_profile_holds_is_not_taken_without_the_devices_keys(
    push_client: TestClient, database: str
) -> None:
    ann, eve = new_profile(push_client), new_profile(push_client, name="Eve")
    device = Device("https://fcm.googleapis.com/fcm/send/ann-phone")
    assert push_client.post("/api/me/push", json=device.subscription(), headers=ann).status_code == 200
    owner = dict(stored(database))[device.endpoint]
    for keys in (
        Device(device.endpoint).subscription()["keys"],
        {**device.subscription()["keys"], "auth": b64url(bytes(16))},
    ):
        taken = push_client.post(
            "/api/me/push", json={"endpoint": device.endpoint, "keys": keys}, headers={**eve, "Accept-Language": "de"}
        )
        assert (taken.status_code, taken.json()["code"]) == (409, "endpoint-taken")
        assert taken.json()["error"] == web_words("de")(TAKEN)
        assert stored(database) == [(device.endpoint, owner)]
    again = push_client.post(
        "/api/me/push",
        json={"endpoint": device.endpoint, "keys": Device(device.endpoint).subscription()["keys"]},
        headers=ann,
    )
    assert again.json() == {
        "subscribed": True,
        "devices": 1,
    }  # new keys for one's own endpoint: the profile's device subscribed again


def test_only_your_own_subscription_is_deleted(push_client: TestClient, database: str) -> None:
    ann, bob = new_profile(push_client), new_profile(push_client, name="Bob")
    endpoint = "https://fcm.googleapis.com/fcm/send/ann"
    push_client.post("/api/me/push", json={"endpoint": endpoint, "keys": GOOD_KEYS}, headers=ann)
    refused = push_client.request("DELETE", "/api/me/push", json={"endpoint": endpoint}, headers=bob)
    assert (refused.status_code, refused.json()["code"]) == (404, "no-subscription")
    assert "none of your devices" in refused.json()["error"]
    assert len(stored(database)) == 1
    deleted = push_client.request("DELETE", "/api/me/push", json={"endpoint": endpoint}, headers=ann)
    assert deleted.json() == {"subscribed": False, "devices": 0}
    assert stored(database) == []


def test_a_test_notification_reaches_the_device_once_a_minute(
    push_client: TestClient, receiver: PushReceiver, move_clock: Callable[[float], None]
) -> None:
    headers = new_profile(push_client, ["de"])
    assert push_client.post("/api/me/push/test", headers=headers).json()["code"] == "no-subscription"
    device = receiver.device("ann")
    push_client.post("/api/me/push", json=device.subscription(), headers=headers)
    assert push_client.post("/api/me/push/test", headers=headers).json() == {"sent": 1, "devices": 1}
    w = web_words("de")
    body = w("Notifications are on: this device tells you when it is your move.")
    assert receiver.payloads("ann") == [
        {"title": "highroller", "body": body, "url": "http://localhost:8000/", "tag": "test"}
    ]  # the site, as configured
    again = push_client.post("/api/me/push/test", headers=headers)
    assert (again.status_code, again.json()["code"]) == (429, "rate-limited")
    assert 1 <= int(again.headers["Retry-After"]) <= 60
    move_clock(61)
    assert push_client.post("/api/me/push/test", headers=headers).json() == {"sent": 1, "devices": 1}
    assert len(receiver.payloads("ann")) == 2
    assert receiver.problems == []
    assert receiver.vapid_keys == {push_client.get("/api/push/key").json()["key"]}


def test_a_gone_subscription_is_forgotten_a_failing_one_kept(
    push_client: TestClient, database: str, receiver: PushReceiver
) -> None:
    headers = new_profile(push_client)
    gone, failing = receiver.device("gone"), receiver.device("failing")
    receiver.gone.add("gone")
    receiver.failing.add("failing")
    for device in (gone, failing):
        push_client.post("/api/me/push", json=device.subscription(), headers=headers)
    assert push_client.post("/api/me/push/test", headers=headers).json() == {"sent": 0, "devices": 1}
    assert [endpoint for endpoint, _ in stored(database)] == [failing.endpoint]


# ---------------------------------------------------------------------- the notifier
def test_your_turn_once_per_move_in_the_profiles_language_with_nothing_else(world: World) -> None:
    now = clock.now()
    ann = world.profile("Ann", ["fr", "en"], device="ann")
    table = world.table(
        [("Ann", None, ann), (None, "easy", None), ("Bob", None, None)], since=now - 100, due=now + 86_400
    )

    async def scenario() -> None:
        notifier = world.notifier()
        assert [await look(notifier) for _ in range(3)] == [1, 0, 0]
        world.move_on(table, since=clock.now(), due=None)
        assert [await look(notifier) for _ in range(2)] == [1, 0]

    asyncio.run(scenario())
    first, second = world.receiver.payloads("ann")
    w = web_words("fr")
    where = w("Table {table} with {players}", table=table, players="Bot facile 2 et Bob")
    assert first == {
        "title": w("{game}: your move", game="Las Vegas"),
        "body": w("{where}: {left} left for your move.", where=where, left=time_left(86_399, w)),
        "url": f"/table/{table}",
        "tag": f"table-{table}",
        "event": event_topic(table, 3, 0, "turn"),
    }
    assert second["body"] == w("{where} waits for your move.", where=where)
    assert second["event"] == event_topic(table, 4, 0, "turn")
    assert world.receiver.topics("ann") == [first["event"], second["event"]]  # each push names its event in a Topic
    assert notices(world.store) == [(table, 3, 0, "turn"), (table, 4, 0, "turn")]
    assert world.receiver.problems == []


def test_nobody_is_told_of_what_is_not_their_subscribed_move(world: World) -> None:
    now = clock.now()
    ann, quiet = world.profile("Ann", ["en"], device="ann"), world.profile("Quiet", ["en"])
    world.table([("Ann", None, ann), (None, "easy", None)], since=now - 100, due=None, waiting=1)  # a bot's move
    world.table([("Ann", None, ann), ("Bob", None, None)], since=now - 100, due=None, waiting=None)  # nobody's
    world.table([("Ann", None, ann), ("Bob", None, None)], since=now - 100, due=None, waiting=1)  # Bob has no profile
    world.table([("Quiet", None, quiet), ("Ann", None, ann)], since=now - 100, due=None)  # no device subscribed
    world.table([("Ann", None, ann), ("Bob", None, None)], since=now - 100, due=None, finished=True)

    assert asyncio.run(look(world.notifier())) == 0
    assert notices(world.store) == []


def test_not_while_a_page_holds_the_seat_and_only_a_grace_after_it_closed(
    world: World, move_clock: Callable[[float], None]
) -> None:
    now = clock.now()
    ann = world.profile("Ann", ["en"], device="ann")
    table = world.table([("Ann", None, ann), ("Bob", None, None)], since=now - 100, due=None)

    async def scenario() -> None:
        notifier = world.notifier()
        holder = (
            world.notifier().presence if world.store.shared else notifier.presence
        )  # with PostgreSQL, another process's page
        holder.enter(table, "page", (0,), visible=False)
        await until(lambda: notifier.presence.seat_status(table, 0), "away")
        assert await look(notifier) == 0
        holder.leave(table, "page")
        await until(lambda: notifier.presence.seat_status(table, 0), "offline")
        assert await look(notifier) == 0
        assert notices(world.store) == []  # held back, not claimed
        move_clock(GRACE - 5)
        assert await look(notifier) == 0
        move_clock(6)
        assert await look(notifier) == 1

    asyncio.run(scenario())
    assert len(world.receiver.payloads("ann")) == 1


async def until(status: Callable[[], Any], wanted: str) -> None:
    """Wait until the seat's presence is `wanted` (another process's counts are written in the background)."""
    deadline = time.monotonic() + 10
    while await status() != wanted:
        assert time.monotonic() < deadline, f"the seat never became {wanted}"
        await asyncio.sleep(0.05)


def test_a_reminder_once_when_a_tenth_of_a_long_move_is_left_and_no_page_shows_it(
    world: World, move_clock: Callable[[float], None]
) -> None:
    now = clock.now()
    ann = world.profile("Ann", ["de"], device="ann")
    table = world.table([("Ann", None, ann), ("Bob", None, None)], since=now - 60, due=now - 60 + 10 * HOUR)

    async def scenario() -> None:
        notifier = world.notifier()
        assert await look(notifier) == 1  # your move
        notifier.presence.enter(table, "page", (0,), visible=True)
        move_clock(9 * HOUR)  # 58 minutes left: less than a tenth of ten hours
        assert await look(notifier) == 0  # the page shows the clock
        notifier.presence.show(table, "page", False)
        assert [await look(notifier) for _ in range(2)] == [1, 0]  # a hidden tab shows nothing
        notifier.presence.leave(table, "page")
        move_clock(1800)
        assert await look(notifier) == 0

    asyncio.run(scenario())
    turn, reminder = world.receiver.payloads("ann")
    w = web_words("de")
    assert reminder["title"] == w("{game}: {left} left", game="Las Vegas", left=time_left(3539, w))
    where = w("Table {table} with {players}", table=table, players="Bob")
    assert reminder["body"] == w(
        "{where}: {left} left before a stand-in plays your move.", where=where, left=time_left(3539, w)
    )
    assert turn["tag"] == reminder["tag"]  # the reminder takes the place of the first notification
    assert turn["event"] != reminder["event"]  # and alerts again
    assert notices(world.store) == [(table, 3, 0, "reminder"), (table, 3, 0, "turn")]


def test_a_short_move_is_not_reminded_and_a_late_subscriber_gets_the_reminder_alone(
    world: World, move_clock: Callable[[float], None]
) -> None:
    now = clock.now()
    ann = world.profile("Ann", ["en"], device="ann")
    short = world.table([("Ann", None, ann), ("Bob", None, None)], since=now - 60, due=now + 630)
    late = world.table([("Ann", None, ann), ("Bob", None, None)], since=now - 9 * HOUR, due=now + 1830)

    async def scenario() -> None:
        notifier = world.notifier()
        assert await look(notifier) == 2
        move_clock(540)
        assert await look(notifier) == 0

    asyncio.run(scenario())
    bodies = sorted(payload["body"] for payload in world.receiver.payloads("ann"))
    assert bodies == sorted(
        [
            f"Table {short} with Bob: 10 minutes left for your move.",
            f"Table {late} with Bob: 30 minutes left before a stand-in plays your move.",
        ]
    )
    assert notices(world.store) == sorted([(short, 3, 0, "turn"), (late, 3, 0, "reminder"), (late, 3, 0, "turn")])


def test_several_processes_send_one_notification_per_event(world: World, move_clock: Callable[[float], None]) -> None:
    now = clock.now()
    ann = world.profile("Ann", ["en"], device="ann")
    bob = world.profile("Bob", ["en"], device="bob")
    tables = [
        world.table([("Ann", None, ann), ("Bob", None, bob)], since=now - 60, due=now - 60 + 2 * HOUR, waiting=n % 2)
        for n in range(6)
    ]

    async def scenario() -> None:
        notifiers = [world.notifier() for _ in range(4)]
        assert await look(*notifiers) == 6
        assert await look(*notifiers) == 0
        move_clock(1.95 * HOUR)
        assert await look(*notifiers) == 6
        for table in tables[:2]:
            world.move_on(table, since=clock.now(), due=None, waiting=1)
        assert await look(*notifiers) == 2

    asyncio.run(scenario())
    assert len(world.receiver.payloads("ann")) == 6
    assert len(world.receiver.payloads("bob")) == 8
    assert len(notices(world.store)) == 14


def test_a_slow_push_service_holds_neither_the_next_look_nor_the_database(world: World) -> None:
    now = clock.now()
    ann = world.profile("Ann", ["en"], device="ann")
    world.table([("Ann", None, ann), ("Bob", None, None)], since=now - 60, due=None)
    world.receiver.slow.add("ann")

    async def scenario() -> None:
        notifier = world.notifier()
        started = time.monotonic()
        sending = await notifier.notify_once()
        assert await notifier.notify_once() == []
        await asyncio.gather(*(asyncio.to_thread(world.store.ping) for _ in range(40)))
        assert time.monotonic() - started < 2.0
        assert not any(task.done() for task in sending)
        assert await asyncio.gather(*sending) == [1]

    asyncio.run(scenario())
    assert len(world.receiver.payloads("ann")) == 1


def test_old_notes_of_finished_and_played_moves_are_pruned(world: World) -> None:
    now = clock.now()
    ann = world.profile("Ann", ["en"], device="ann")
    finished, played, current = (
        world.table([("Ann", None, ann), ("Bob", None, None)], since=now - 60, due=None) for _ in range(3)
    )
    assert asyncio.run(look(world.notifier())) == 3
    world.finish(finished)
    world.move_on(played, since=now, due=None, waiting=1)
    prune_notices(world.store, now - KEEP)
    assert len(notices(world.store)) == 3  # too recent
    prune_notices(world.store, clock.now() + 1)
    assert notices(world.store) == [(current, 3, 0, "turn")]


# ---------------------------------------------------------------------- processes and the browser
@pytest.mark.slow
@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
def test_two_server_processes_send_one_notification_per_turn(
    serve: Callable[..., Server], database: str, receiver: PushReceiver
) -> None:
    flags = ["--push-hosts", receiver.url, "--bot-processes", "0"]
    first, second = serve(flags=flags), serve(flags=flags)
    key = httpx2.get(first.url + "/api/push/key").json()["key"]
    assert httpx2.get(second.url + "/api/push/key").json()["key"] == key
    made = httpx2.post(first.url + "/api/profiles", json={"name": "Ann", "languages": ["en"]}).json()
    subscribed = httpx2.post(
        second.url + "/api/me/push", json=receiver.device("ann").subscription(), headers={"X-Profile": made["key"]}
    )
    assert subscribed.status_code == 200, subscribed.text
    world = World(database, receiver)
    try:
        table = world.table([("Ann", None, made["id"]), ("Bob", None, None)], since=clock.now() - 60, due=None)
        assert len(receiver.wait_for("ann", 1)) == 1
        time.sleep(5)  # both processes looked twice more
        world.move_on(table, since=clock.now(), due=None)
        assert len(receiver.wait_for("ann", 2)) == 2
        time.sleep(5)
        assert len(receiver.payloads("ann")) == 2
        assert notices(world.store) == [(table, 3, 0, "turn"), (table, 4, 0, "turn")]
    finally:
        world.close()
    assert receiver.problems == []
    assert receiver.vapid_keys == {key}


@pytest.mark.slow
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_the_installable_app_works_offline_and_offers_the_switch(
    serve: Callable[..., Server], browser: Browser
) -> None:
    server = serve()
    manifest = httpx2.get(server.url + "/manifest.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    assert manifest.json()["start_url"] == "/games"
    for icon in manifest.json()["icons"]:
        assert httpx2.get(server.url + icon["src"]).headers["content-type"] == "image/png"
    context = browser.new_context(viewport={"width": 390, "height": 844}, permissions=["notifications"])
    page = context.new_page()
    page.goto(server.url + "/")
    assert page.locator("link[rel=manifest]").get_attribute("href") == "/manifest.webmanifest"
    scope = page.evaluate("""async () => {
        const push = await import('/static/push.js');
        await push.registerServiceWorker();
        const registration = await navigator.serviceWorker.ready;
        document.body.append(push.pushControl());
        return registration.scope;
    }""")
    assert scope == server.url + "/"
    switch = page.get_by_role("switch", name="Notify me on this device when it is my turn")
    assert switch.bounding_box()["height"] >= 44
    assert page.evaluate("async () => (await import('/static/push.js')).pushState()") == "off"
    page.wait_for_function("() => caches.has('highroller-offline-1')")
    server.kill()
    page.goto(server.url + "/games")
    assert page.locator("h1").inner_text() == "You are offline"
    assert (
        page.evaluate("() => getComputedStyle(document.body).backgroundColor") == "rgb(10, 63, 41)"
    )  # style.css, from the cache
    context.close()
