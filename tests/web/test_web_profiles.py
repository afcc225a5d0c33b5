"""A profile's devices, on both databases: each listed with how it signed in (made here, a link, a
passkey and which), when, its browser from its User-Agent and when it was last seen (noted at most every
five minutes); signing one out, this one or another, makes its key refused and drops its push
subscriptions; deleting a passkey signs out the devices it signed in; thirty devices at most. And what
deleting a profile leaves: on SQLite its name is gone from the database file and its write-ahead log,
bytes and all."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from push_receiver import PushReceiver
from test_web_signin import Authenticator, new_link, refused, register, rows, sign_in

from highroller.web import clock
from highroller.web.people.profiles import MAX_DEVICES

ANDROID = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile "
    "Safari/537.36"
)
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 "
    "Mobile/15E148 Safari/604.1"
)
WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"

NAME = "Quokkaxylophone"
"""A name no other byte of the database spells."""


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_deleted_profiles_name_is_nowhere_on_disk(client: TestClient, database: str) -> None:
    key = client.post("/api/profiles", json={"name": NAME + " One", "languages": ["en"]}).json()["key"]
    assert client.patch("/api/me", json={"name": NAME}, headers={"X-Profile": key}).status_code == 200
    body = {"game": "lasvegas", "options": {"players": 2, "rounds": 1}, "bots": [None, "easy"], "name": NAME}
    assert client.post("/api/tables", json=body, headers={"X-Profile": key}).status_code == 201
    files = [Path(database), Path(database + "-wal")]
    assert any(NAME.encode() in path.read_bytes() for path in files)
    assert client.delete("/api/me", headers={"X-Profile": key}).status_code == 200
    for path in files:
        assert not path.exists() or NAME.encode() not in path.read_bytes(), path


def devices(client: TestClient, key: str, lang: str = "en") -> list[dict[str, Any]]:
    answer = client.get("/api/me/devices", headers={"X-Profile": key, "Accept-Language": lang})
    assert answer.status_code == 200, answer.text
    result: list[dict[str, Any]] = answer.json()
    return result


def link_in(client: TestClient, key: str, agent: str) -> str:
    """A second device (its User-Agent `agent`) signed in with a link: its key."""
    signed_in = client.post("/api/signin/link", json={"code": new_link(client, key)}, headers={"User-Agent": agent})
    assert signed_in.status_code == 200, signed_in.text
    second: str = signed_in.json()["key"]
    return second


def passkey_in(client: TestClient, authenticator: Authenticator, agent: str) -> str:
    """A device signed in with the authenticator's passkey, once it said yes: its key."""
    code = sign_in(client, authenticator).json()["code"]
    key: str = client.post("/api/signin/link", json={"code": code}, headers={"User-Agent": agent}).json()["key"]
    return key


def test_devices_say_how_and_when_they_signed_in_their_browser_and_when_last_seen(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = clock.now()
    monkeypatch.setattr(clock, "now", lambda: start)
    first = client.post(
        "/api/profiles", json={"name": "Ann", "languages": ["en"]}, headers={"User-Agent": ANDROID}
    ).json()["key"]
    authenticator = Authenticator.new()
    passkey = register(client, first, authenticator).json()["id"]
    monkeypatch.setattr(clock, "now", lambda: start + 60)
    second = link_in(client, first, WINDOWS)
    monkeypatch.setattr(clock, "now", lambda: start + 120)
    third = passkey_in(client, authenticator, IPHONE + "x" * 5000)
    listed = devices(client, second)
    assert [(d["how"], d["passkey"], d["created"], d["seen"], d["label"], d["this"]) for d in listed] == [
        ("passkey", passkey, start + 120, start + 120, "Safari on iOS", False),
        ("link", None, start + 60, start + 60, "Firefox on Windows", True),
        ("made", None, start, start, "Chrome on Android", False),
    ]
    assert all(len(d["id"]) == 16 for d in listed) and len({d["id"] for d in listed}) == 3
    assert [d["this"] for d in devices(client, third)] == [True, False, False]
    assert [d["label"] for d in devices(client, second, "fr")] == [
        "Safari sur iOS",
        "Firefox sur Windows",
        "Chrome sur Android",
    ]
    monkeypatch.setattr(clock, "now", lambda: start + 299)
    assert devices(client, first)[-1]["seen"] == start  # seen, but not noted again so soon
    monkeypatch.setattr(clock, "now", lambda: start + 301)
    client.get("/api/me", headers={"X-Profile": first})
    assert [(d["label"], d["seen"]) for d in devices(client, third)][:2] == [
        ("Chrome on Android", start + 301),
        ("Safari on iOS", start + 120),
    ]
    unknown = client.post(
        "/api/profiles", json={"name": "Bob", "languages": ["de"]}, headers={"User-Agent": "curl/8.5.0"}
    ).json()["key"]
    assert devices(client, unknown, "de")[0]["label"] == "ein unbekannter Browser"


def test_signing_a_device_out_refuses_its_key_and_drops_its_subscription(
    make_client: Callable[..., TestClient], receiver: PushReceiver, database: str
) -> None:
    client = make_client(push_hosts=receiver.url)
    first = client.post("/api/profiles", json={"name": "Ann", "languages": ["en"]}).json()["key"]
    second, third = link_in(client, first, ANDROID), link_in(client, first, WINDOWS)
    phones = {name: receiver.device(name) for name in ("one", "two", "three")}
    for key, name in ((first, "one"), (second, "two"), (third, "three")):
        assert (
            client.post("/api/me/push", json=phones[name].subscription(), headers={"X-Profile": key}).status_code == 200
        )
    other = client.post("/api/profiles", json={"name": "Bob", "languages": ["en"]}).json()["key"]
    ids = {d["label"]: d["id"] for d in devices(client, first)}
    refused(
        client.delete(f"/api/me/devices/{ids['Chrome on Android']}", headers={"X-Profile": other}), 404, "no-device"
    )
    for wrong in ("0" * 16, "not-an-id", ids["Chrome on Android"][:15]):
        refused(client.delete(f"/api/me/devices/{wrong}", headers={"X-Profile": first}), 404, "no-device")
    assert client.delete(f"/api/me/devices/{ids['Chrome on Android']}", headers={"X-Profile": first}).json() == {
        "signed_out": True
    }
    refused(client.get("/api/me", headers={"X-Profile": second}), 401, "bad-profile")
    this = next(d["id"] for d in devices(client, third) if d["this"])
    assert client.delete(f"/api/me/devices/{this}", headers={"X-Profile": third}).status_code == 200  # this device
    refused(client.get("/api/me", headers={"X-Profile": third}), 401, "bad-profile")
    assert [d["this"] for d in devices(client, first)] == [True]
    assert rows(database, "SELECT endpoint FROM hr_push") == [(phones["one"].endpoint,)]
    assert client.post("/api/me/push/test", headers={"X-Profile": first}).json() == {"sent": 1, "devices": 1}
    assert receiver.payloads("two") == [] and receiver.payloads("three") == [] and len(receiver.payloads("one")) == 1


def test_deleting_a_passkey_signs_out_the_devices_it_signed_in(client: TestClient, database: str) -> None:
    first = client.post("/api/profiles", json={"name": "Ann", "languages": ["en"]}).json()["key"]
    used, kept = Authenticator.new(), Authenticator.new()
    passkey = register(client, first, used).json()["id"]
    assert register(client, first, kept).status_code == 201
    signed_in = [passkey_in(client, used, ANDROID), passkey_in(client, used, IPHONE)]
    by_other, by_link = passkey_in(client, kept, WINDOWS), link_in(client, first, WINDOWS)
    waiting = sign_in(client, used).json()["code"]  # verified, not yet confirmed
    assert client.delete(f"/api/me/passkeys/{passkey}", headers={"X-Profile": first}).status_code == 200
    for key in signed_in:
        refused(client.get("/api/me", headers={"X-Profile": key}), 401, "bad-profile")
    refused(client.post("/api/signin/link", json={"code": waiting}), 401, "bad-link")
    for key in (first, by_other, by_link):
        assert client.get("/api/me", headers={"X-Profile": key}).status_code == 200
    assert sorted(d["how"] for d in devices(client, first)) == ["link", "made", "passkey"]


def test_a_profile_keeps_its_thirty_devices_seen_last(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    start = clock.now()
    monkeypatch.setattr(clock, "now", lambda: start)
    first = client.post("/api/profiles", json={"name": "Ann", "languages": ["en"]}).json()["key"]
    keys = []
    for n in range(1, MAX_DEVICES + 1):
        monkeypatch.setattr(clock, "now", lambda n=n: start + n)
        keys.append(link_in(client, first, ANDROID))
    assert len(devices(client, keys[-1])) == MAX_DEVICES
    refused(client.get("/api/me", headers={"X-Profile": first}), 401, "bad-profile")  # seen longest ago
    assert client.get("/api/me", headers={"X-Profile": keys[0]}).status_code == 200
